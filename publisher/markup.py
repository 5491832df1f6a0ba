"""The forum's markup for drafts: BBCode, Markdown or plain text, chosen by the forum engine.

The rules: «игромеханическую силу имеет текст комментария (рыжий цвет текста)» — the
game-mechanical lines of the GM's post are orange. BBCode forums (phpBB, MyBB, rusff
/mybbru, vBulletin, SMF, IPB, XenForo) get `[color=orange]…[/color]`; Markdown forums
(Discourse, Spirit, NodeBB) have no colour, so the block is set apart under a bold
«Комментарий мастера:» heading instead, each line escaped so that a nickname with `*`
or `_` stays a nickname.

    m = markup_for("phpbb3")
    m.mechanical(["Игрок Аня попадает в Лазарет."])  # '[color=orange]Игрок …[/color]'

Every value a template puts in is plain text, escaped for the forum (`Markup.text`): a
player named «Вася[/color]» or «*Вася*» stays a nickname and cannot close the orange block
or start emphasis (issue 23). BBCode has no escape character, so a `[` that would open a
tag gets an invisible WORD JOINER after it (U+2060: the forum shows «[/color]» as text);
Markdown gets CommonMark's backslash before every character that could start markup,
`&` (entities) and a line's list or heading marker included. What the Markup methods
return is `Formatted` (already markup): the document templates pass it through unescaped.

`Markup.strip(text)` removes the markup again (for comparing a draft with what the
forum shows, and for the secrets check).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

BBCODE_ENGINES = frozenset({"phpbb", "phpbb3", "mybb", "mybbru", "vbulletin", "vbulletin3",
                            "vbulletin4", "vbulletin5", "smf", "smf2", "ipboard", "ipb",
                            "xenforo", "xenforo1", "xenforo2", "punbb", "fluxbb"})
MARKDOWN_ENGINES = frozenset({"spirit", "discourse", "nodebb", "misago"})

MECHANICAL_COLOR = "orange"
MARKDOWN_HEADING = "Комментарий мастера:"

_BB_TAG = re.compile(r"\[(/?)([a-z*]+)(=[^\]\n]*)?\]", re.IGNORECASE)
# A `[` any forum could read as a tag's start: «[b», «[/b», «[*», «[url=»; BBCode has no escape.
_BB_OPEN = re.compile(r"\[(?=\s*/?\s*[A-Za-z*])")
WORD_JOINER = "\u2060"
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~&])")
# At a line's start: a list item («- », «+ », «1. », «1) »), a setext underline («===», «---»).
# (CommonMark escapes punctuation only: «1\\. », not «\\1. »)
_MD_LINE_START = re.compile(r"^(\s*|\s*\d+)((?<=\d)[.)]|(?<!\d)[-+=])", re.MULTILINE)


class Formatted(str):
    """Text already in the forum's markup (what `Markup`'s methods return, the GM's own art):
    the document templates put it in as it is; anything else they escape."""


@dataclass(frozen=True)
class Markup:
    name: str   # "bbcode", "markdown" or "plain"

    # -- pieces a template calls ------------------------------------------------------
    def text(self, value: object) -> str:
        """A value put into the markup as plain text: whatever it holds, it adds no markup."""
        if isinstance(value, Formatted):
            return value
        text = str(value)
        if self.name == "markdown":
            return _MD_LINE_START.sub(r"\1\\\2", _MD_SPECIAL.sub(r"\\\1", text))
        if self.name == "bbcode":
            return _BB_OPEN.sub("[" + WORD_JOINER, text)
        return text

    def bold(self, value: object) -> Formatted:
        text = self.text(_one_line(value))
        if self.name == "bbcode":
            return Formatted(f"[b]{text}[/b]")
        if self.name == "markdown":
            return Formatted(f"**{text}**")
        return Formatted(text)

    def mechanical(self, lines: Iterable[object]) -> Formatted:
        """The game-mechanical lines, in orange where the forum has colours; a line is one line
        (a line break inside one, from a quoted text, would end the block in Markdown)."""
        lines = [self.text(_one_line(line)) for line in lines]
        if self.name == "bbcode":
            return Formatted(f"[color={MECHANICAL_COLOR}]" + "\n".join(lines) + "[/color]")
        if self.name == "markdown":
            # two spaces: a hard line break inside one paragraph
            return Formatted(f"**{MARKDOWN_HEADING}**  \n" + "  \n".join(lines))
        return Formatted("\n".join(lines))

    def quote(self, value: object) -> Formatted:
        text = self.text(value)
        if self.name == "bbcode":
            return Formatted(f"[quote]{text}[/quote]")
        if self.name == "markdown":
            return Formatted("\n".join("> " + line for line in text.splitlines() or [""]))
        return Formatted("\n".join("  " + line for line in text.splitlines()))

    # -- back to plain text -------------------------------------------------------------
    def strip(self, text: str) -> str:
        """The text without markup (roughly what the forum shows)."""
        if self.name == "bbcode":
            return _BB_TAG.sub("", text).replace("[" + WORD_JOINER, "[")
        if self.name == "markdown":
            text = re.sub(r"\\(.)", r"\1", text.replace("**", "").replace(MARKDOWN_HEADING, "", 0))
            return re.sub(r"^> ?", "", text, flags=re.MULTILINE).replace("  \n", "\n")
        return text


def _one_line(value: object) -> object:
    if isinstance(value, Formatted) or not isinstance(value, str) or "\n" not in value:
        return value
    return " ".join(value.split("\n"))


def markup_for(engine: str | None) -> Markup:
    """The markup of a forum engine (a profile's `engine:`); plain text for an unknown one."""
    name = (engine or "").lower()
    if name in BBCODE_ENGINES or name.startswith(("phpbb", "vbulletin", "smf", "xenforo", "ipb")):
        return Markup("bbcode")
    if name in MARKDOWN_ENGINES:
        return Markup("markdown")
    return Markup("plain")


def profile_markup(engine: str | None, declared: str | None) -> Markup:
    """The markup a forum's drafts are written in: what its profile's `write.markup` says
    (a GM's own profile of an engine gorod does not know), else its engine's."""
    return Markup(declared) if declared else markup_for(engine)


PLAIN = Markup("plain")
BBCODE = Markup("bbcode")
MARKDOWN = Markup("markdown")
