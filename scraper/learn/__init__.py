"""Learning a site profile from a forum's own pages (`gorod forum learn`).

Given one or two pages of a thread (and optionally the GM's PM inbox), find the
repeated post blocks and, inside them, the author, the time, the body, quotes and
spoilers, the post id and the pagination; write them as a commented profile YAML
that `gorod scrape --profile FILE` uses at once.

The learner never guesses silently: every field it could not find is named in
`LearnedProfile.missing`, and the Russian report says so.

Modules: `learner` (the orchestration: `learn_pages`), `tree` (element helpers and
relative selectors), `times` (times in attributes and texts, by the date
grammar `scraper.dategrammar`), `blocks` (the post container), `fields` (the fields inside
a post, one field to a module: time, author, body, id, edit notice, quotes and spoilers,
chrome to drop, struck-out text), `checks` (the self-checks of a learned reading), `paging` (pagination), `forms` (the reply
and PM forms), `profile_yaml` (the commented YAML it writes), `report` (the Russian
report), `names` (the fields' Russian names), `compare` (learned against shipped
profiles, for benchmarks/learn.py and the tests).

No shipped profile is read: dates by their own shape (`scraper.dategrammar`), and
everything else is found on the pages by general rules.
"""
from scraper.learn.learner import LearnError, LearnedProfile, learn_pages

__all__ = ["LearnError", "LearnedProfile", "learn_pages"]
