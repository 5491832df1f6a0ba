"""The Russian texts of drafts: jinja2 templates the GM can override.

The bundled templates are in `publisher/templates/`: `events.j2` (one macro per event
type: a line of the news post or of a private message) and one template per document
(`news.j2`, `private.j2`, `start.j2`, `receipt.j2`, `late.j2`, `resolve.j2`), each with
a `title()` macro. A game's `templates:` folder is searched first, so a GM overrides a
text by copying one file there and editing it.

    texts = Texts("my-templates")          # or Texts() for the bundled ones
    texts.line("public", event)            # 'По итогам Дневного Вече казнён игрок Боря.' or None
    texts.document("news", markup, phase_title="Ночь 1", lines=[...])  # -> Document(title, body)

Filters for templates: `case` declines a word with pymorphy3 ('Мэр'|case('datv') ->
'Мэру'), `join_ru` lists names («Аня, Боря и Вера»), `plural` picks a form
(n|plural('жизнь', 'жизни', 'жизней')). Templates are sandboxed (a GM's folder is
trusted no further than text) and undefined variables are errors, naming the template.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from engine import events as ev
from engine.names import Faction
from publisher.markup import Markup
from publisher.russian import join, plural

BUNDLED = Path(__file__).resolve().parent / "templates"
DOCUMENTS = ("news", "private", "start", "receipt", "late", "resolve")

FACTION_NAMES = {
    Faction.UNDEAD.value: "Нежить", Faction.DEMONS.value: "Демоны",
    Faction.LAW.value: "Закон", Faction.NEUTRAL.value: "Нейтралы",
}

# The key of a Learned fact that names its kind, in the order they are tried.
FACT_KINDS = ("notice", "team", "secret", "same_side", "visitors", "killed_by", "answer",
              "open", "abilities", "message")


class TemplateError(ValueError):
    """A template that cannot be read or rendered; the message names the template."""


@dataclass(frozen=True)
class Document:
    title: str
    body: str


@lru_cache(maxsize=4096)
def _inflect(word: str, case: str) -> str:
    from engine.morph import analyzer

    out = []
    for part in word.split(" "):
        parses = analyzer().parse(part)
        noun = next((p for p in parses if p.tag.POS in ("NOUN", "ADJF")), None)
        form = noun.inflect({case}) if noun is not None else None
        if form is None:
            out.append(part)
            continue
        text = form.word
        out.append(text[:1].upper() + text[1:] if part[:1].isupper() else text)
    return " ".join(out)


class Texts:
    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = str(folder) if folder else None
        loaders: list[jinja2.BaseLoader] = []
        if folder:
            path = Path(folder)
            if not path.is_dir():
                raise TemplateError(f"templates: {folder}: not a folder")
            loaders.append(jinja2.FileSystemLoader(str(path)))
        loaders.append(jinja2.FileSystemLoader(str(BUNDLED)))
        self.env = SandboxedEnvironment(loader=jinja2.ChoiceLoader(loaders), undefined=jinja2.StrictUndefined,
                                        trim_blocks=True, keep_trailing_newline=False, autoescape=False)
        self.env.filters["case"] = _inflect
        self.env.filters["join_ru"] = join
        self.env.filters["plural"] = lambda n, one, few, many: plural(int(n), one, few, many)
        self.env.globals["factions"] = FACTION_NAMES
        self._events = None

    def _template(self, name: str) -> jinja2.Template:
        try:
            return self.env.get_template(name)
        except jinja2.TemplateSyntaxError as exc:
            raise TemplateError(f"{exc.filename or name}:{exc.lineno}: {exc.message}") from None
        except jinja2.TemplateNotFound:
            raise TemplateError(f"template {name} not found") from None

    def _macros(self):
        if self._events is None:
            self._events = self._template("events.j2").module
        return self._events

    def _call(self, name: str, value: Any) -> str | None:
        macro = getattr(self._macros(), name, None)
        if macro is None:
            return None
        try:
            text = str(macro(value)).strip()
        except jinja2.TemplateError as exc:
            raise TemplateError(f"events.j2: {name}: {exc}") from None
        return text or None

    # -- lines ------------------------------------------------------------------------
    def line(self, audience: str, event: ev.Event) -> str | None:
        """The line an event gives the public news post (`audience="public"`) or its
        recipients' private messages (`"private"`); None when it gives none."""
        if audience == "public":
            if event.scope is not ev.Scope.PUBLIC:
                return None
            return self._call(f"public_{type(event).__name__}", event)
        if isinstance(event, ev.Learned):
            fact = event.as_dict()
            fact.pop("to")
            fact.setdefault("about", "")
            kind = next((k for k in FACT_KINDS if k in fact), "other")
            return self._call(f"learned_{kind}", fact)
        if event.scope is ev.Scope.PRIVATE:
            return self._call(f"private_{type(event).__name__}", event)
        return None

    # -- documents --------------------------------------------------------------------
    def document(self, kind: str, markup: Markup, **values: Any) -> Document:
        """A whole draft (title and body) in the forum's markup."""
        if kind not in DOCUMENTS:
            raise TemplateError(f"unknown document {kind!r} (known: {', '.join(DOCUMENTS)})")
        template = self._template(f"{kind}.j2")
        values = {"m": markup, "game_title": "Город N", **values}
        try:
            body = template.render(**values)
            title = str(template.make_module(values).title()).strip()
        except jinja2.TemplateError as exc:
            raise TemplateError(f"{kind}.j2: {exc}") from None
        return Document(title, _tidy(body))


def _tidy(text: str) -> str:
    """No trailing spaces except Markdown's hard breaks, at most one blank line in a row."""
    lines = [line if line.endswith("  ") and line.strip() else line.rstrip() for line in text.splitlines()]
    out: list[str] = []
    for line in lines:
        if not line.strip() and out and not out[-1].strip():
            continue
        out.append(line)
    return "\n".join(out).strip("\n") + "\n"


@lru_cache(maxsize=8)
def bundled() -> Texts:
    return Texts()
