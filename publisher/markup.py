"""The forum's markup for drafts: BBCode, Markdown or plain text, chosen by the forum engine.

The rules: «игромеханическую силу имеет текст комментария (рыжий цвет текста)» — the
game-mechanical lines of the GM's post are orange. BBCode forums (phpBB, MyBB, rusff
/mybbru, vBulletin, SMF, IPB, XenForo) get `[color=orange]…[/color]`; Markdown forums
(Discourse, Spirit, NodeBB) have no colour, so the block is set apart under a bold
«Комментарий мастера:» heading instead, each line escaped so that a nickname with `*`
or `_` stays a nickname.

    m = markup_for("phpbb3")
    m.mechanical(["Игрок Аня попадает в Лазарет."])  # '[color=orange]Игрок …[/color]'

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
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")


@dataclass(frozen=True)
class Markup:
    name: str   # "bbcode", "markdown" or "plain"

    # -- pieces a template calls ------------------------------------------------------
    def text(self, value: object) -> str:
        """A value put into the markup as plain text."""
        text = str(value)
        if self.name == "markdown":
            return _MD_SPECIAL.sub(r"\\\1", text)
        return text

    def bold(self, value: object) -> str:
        text = self.text(value)
        if self.name == "bbcode":
            return f"[b]{text}[/b]"
        if self.name == "markdown":
            return f"**{text}**"
        return text

    def mechanical(self, lines: Iterable[object]) -> str:
        """The game-mechanical lines, in orange where the forum has colours."""
        lines = [self.text(line) for line in lines]
        if self.name == "bbcode":
            return f"[color={MECHANICAL_COLOR}]" + "\n".join(lines) + "[/color]"
        if self.name == "markdown":
            # two spaces: a hard line break inside one paragraph
            return f"**{MARKDOWN_HEADING}**  \n" + "  \n".join(lines)
        return "\n".join(lines)

    def quote(self, value: object) -> str:
        text = self.text(value)
        if self.name == "bbcode":
            return f"[quote]{text}[/quote]"
        if self.name == "markdown":
            return "\n".join("> " + line for line in text.splitlines() or [""])
        return "\n".join("  " + line for line in text.splitlines())

    # -- back to plain text -------------------------------------------------------------
    def strip(self, text: str) -> str:
        """The text without markup (roughly what the forum shows)."""
        if self.name == "bbcode":
            return _BB_TAG.sub("", text)
        if self.name == "markdown":
            text = re.sub(r"\\(.)", r"\1", text.replace("**", "").replace(MARKDOWN_HEADING, "", 0))
            return re.sub(r"^> ?", "", text, flags=re.MULTILINE).replace("  \n", "\n")
        return text


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
