"""Learning a site profile from a forum's own pages (`gorod forum learn`).

Given one or two pages of a thread (and optionally the GM's PM inbox), find the
repeated post blocks and, inside them, the author, the time, the body, quotes and
spoilers, the post id and the pagination; write them as a commented profile YAML
that `gorod scrape --profile FILE` uses at once.

The learner never guesses silently: every field it could not find is named in
`LearnedProfile.missing`, and the Russian report says so.

Modules: `tree` (element helpers and relative selectors), `blocks` (the post
container), `fields` (the fields inside a post), `paging` (pagination), `forms`
(the reply form), `profile` (the YAML it writes), `report` (the Russian report),
`compare` (learned against shipped profiles, for the benchmark and tests).
"""
from scraper.learn.learner import LearnError, LearnedProfile, learn_pages

__all__ = ["LearnError", "LearnedProfile", "learn_pages"]
