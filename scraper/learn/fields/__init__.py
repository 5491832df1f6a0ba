"""The fields inside a post block, one field to a module: time, author, body, id, edit marker,
quotes and spoilers, the chrome inside a body, struck-out text.

Each finder looks at every block and keeps the selector whose first match (what the
extractor takes) is the same kind of thing in nearly every block: a time that parses,
a short name that differs between posts, the longest text that holds neither, a
number that differs in every post. A finder that finds nothing returns None, and
the learner says which field is missing.

`guess` holds `FieldGuess` (what a field's profile mapping says) and the element helpers the
finders share; `time`, `author`, `body`, `ident` (the post's id), `edited`, `quotes`,
`chrome` (buttons, signatures, notices, code headers) and `strike` one finder each.
"""
from scraper.learn.fields.author import PROFILE_LINK, find_author, name_like, names_a_profile
from scraper.learn.fields.body import find_body
from scraper.learn.fields.chrome import find_code_headers, find_drops, find_notices
from scraper.learn.fields.edited import EDIT_MARK, find_edited, find_notice_lines
from scraper.learn.fields.guess import FieldGuess, element_of, first, step_of, union
from scraper.learn.fields.ident import find_id
from scraper.learn.fields.quotes import BodyParts, find_body_parts, find_quote_lines
from scraper.learn.fields.strike import StrikeGuess, find_strike
from scraper.learn.fields.time import RELATIVE_ONLY, find_time, own_time_elements, relative_only, times_read

__all__ = ["BodyParts", "EDIT_MARK", "FieldGuess", "PROFILE_LINK", "RELATIVE_ONLY", "StrikeGuess", "element_of",
           "find_author", "find_body", "find_body_parts", "find_code_headers", "find_drops", "find_edited", "find_id",
           "find_notice_lines", "find_notices", "find_quote_lines", "find_strike", "find_time", "first", "name_like", "names_a_profile", "own_time_elements",
           "relative_only", "step_of", "times_read", "union"]
