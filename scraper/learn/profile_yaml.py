"""The learned profile as a commented YAML file the GM can keep and edit.

Every learned key gets a comment saying what it is and why the learner chose it; the
fields it could not find are listed at the top (as comments: a profile has no such key),
`unconfirmed:` says what the pages could not show, and the `write:` section is marked
unconfirmed until `gorod forum check --write` has posted through it.
"""
from __future__ import annotations

import yaml

from scraper.learn.names import FIELD_NAMES

HEADER = """\
# A site profile learned by `gorod forum learn` from:
{sources}
# Use it at once: gorod scrape --profile THIS_FILE PAGE_OR_URL
# or put it in profiles/ beside the game file and name it in forum.profile.
# Every selector below was found on these pages; check the report's first posts.
"""


def _dump(value) -> str:
    if isinstance(value, str) and "\n" in value:
        import json
        return json.dumps(value, ensure_ascii=False)     # «"\n"» (a YAML double-quoted string), not a folded block
    text = yaml.safe_dump(value, allow_unicode=True, default_flow_style=None, sort_keys=False, width=1000).rstrip()
    return text[:-4].rstrip() if text.endswith("\n...") else text   # a lone scalar's document end


def profile_yaml(learned) -> str:
    lines = [HEADER.format(sources="\n".join(f"#   {s}" for s in learned.sources)).rstrip()]
    if learned.missing:
        lines.append("# NOT FOUND on these pages (the profile reads without them):")
        lines += [f"#   {m}: {FIELD_NAMES.get(m, m)}" for m in learned.missing]
    lines.append("# (no extends: every selector is here)")
    _emit(lines, learned.data, learned.notes, "", 0)
    return "\n".join(lines) + "\n"


def _emit(lines: list[str], data: dict, notes: dict, path: str, indent: int) -> None:
    pad = "  " * indent
    for key, value in data.items():
        here = f"{path}.{key}" if path else key
        note = notes.get(here)
        if note:
            lines.append(f"{pad}# {note}")
        if isinstance(value, dict) and value and not _leaf(here):
            lines.append(f"{pad}{key}:")
            _emit(lines, value, notes, here, indent + 1)
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value) and len(value) > 1:
            lines.append(f"{pad}{key}:")
            lines += [f"{pad}  - {_dump(v)}" for v in value]
        else:
            lines.append(f"{pad}{key}: {_dump(value)}")


def _leaf(path: str) -> bool:
    """A field mapping ({selector, attr, regex}) is written on one line."""
    return path.count(".") >= 2 and path.split(".")[0] == "selectors" or path.endswith((".fields", ".created"))
