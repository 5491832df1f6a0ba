"""The Russian texts of drafts: jinja2 templates the GM can override, in one of two styles.

The bundled templates are in `publisher/templates/`: the news lines of each style
(`terse/events.j2`, the GM's short mechanical comment; `full/events.j2`, fuller
sentences), the private lines shared by both (`facts.j2`: one macro per kind of learned
fact), and one template per document (`news.j2`, `private.j2`, `start.j2`, `receipt.j2`,
`late.j2`, `resolve.j2`; the public vote count, `count.j2`, is one per style), each with a
`title()` macro. A game's `templates:` folder is
searched first, then the chosen style's folder, then the common one, so a GM overrides a
text by copying one file there and editing it.

    texts = Texts("my-templates", style="full", genders={"Зоя": Gender.FEMALE})
    texts.player_line(news)                # 'По итогам Дневного Вече казнена Зоя (Суккуб).'
    texts.line("private", event)           # a line of a PM, or None
    texts.document("news", markup, phase_title="Ночь 1", lines=[...])  # -> Document(title, body)

In templates `nick(name)` is a player's nickname to decline and agree with (`.datv`
«Ане», `.gent`, `.accs`, `.ablt`, `.loct`; `.gendered`, `.v('казнён', 'казнена')`, see
`publisher.russian.Nick`). Filters: `case` declines a word ('Мэр'|case('datv') -> 'Мэру'),
`join_ru` lists names («Аня, Боря и Вера»), `plural` picks a form (n|plural('жизнь',
'жизни', 'жизней')). Templates are sandboxed (a GM's folder is trusted no further than
text) and undefined variables are errors, naming the template.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import jinja2
from jinja2.sandbox import SandboxedEnvironment

from config.yamlfile import NotUtf8, utf8_text
from engine import events as ev
from engine.morph import Gender
from engine.names import Faction
from publisher.markup import Formatted, Markup
from publisher.morning import PlayerNews
from publisher.russian import GenderUnknown, Nick, join, player_gender, plural

BUNDLED = Path(__file__).resolve().parent / "templates"
DOCUMENTS = ("news", "private", "start", "receipt", "late", "resolve", "count")
# The bundled styles of the news lines (a game's `style:`), each a folder of BUNDLED.
STYLES = {"terse": "краткий игромеханический комментарий", "full": "подробный текст мастера"}
DEFAULT_STYLE = "terse"

FACTION_NAMES = {
    Faction.UNDEAD.value: "Нежить", Faction.DEMONS.value: "Демоны",
    Faction.LAW.value: "Закон", Faction.NEUTRAL.value: "Нейтралы",
}



class TemplateError(ValueError):
    """A template that cannot be read or rendered; the message names the template."""


@dataclass(frozen=True)
class Document:
    title: str
    body: str


class _Utf8Loader(jinja2.FileSystemLoader):
    """The GM's folder: a template not in UTF-8 is a `TemplateError` naming the file and line."""

    def get_source(self, environment, template):
        try:
            return super().get_source(environment, template)
        except UnicodeDecodeError:
            for folder in self.searchpath:
                path = Path(folder) / template
                if path.is_file():
                    try:
                        utf8_text(path.read_bytes())
                    except NotUtf8 as exc:
                        raise TemplateError(f"{path}: {exc}") from None
            raise


@lru_cache(maxsize=4096)
def _inflect(word: str, case: str) -> str:
    from engine.morph import analyses

    out = []
    for part in word.split(" "):
        parses = analyses(part)
        noun = next((p for p in parses if p.tag.POS in ("NOUN", "ADJF")), None)
        form = noun.inflect({case}) if noun is not None else None
        if form is None:
            out.append(part)
            continue
        text = form.word
        out.append(text[:1].upper() + text[1:] if part[:1].isupper() else text)
    return " ".join(out)


class Texts:
    def __init__(self, folder: str | Path | None = None, *, style: str = DEFAULT_STYLE,
                 genders: Mapping[str, Gender] | None = None) -> None:
        self.folder = str(folder) if folder else None
        if style not in STYLES:
            raise TemplateError(f"unknown style {style!r} (known: {', '.join(STYLES)})")
        self.style = style
        self.genders = dict(genders or {})
        loaders: list[jinja2.BaseLoader] = []
        if folder:
            path = Path(folder)
            if not path.is_dir():
                raise TemplateError(f"templates: {folder}: not a folder")
            loaders.append(_Utf8Loader(str(path)))
        ours = [jinja2.FileSystemLoader(str(BUNDLED / style)), jinja2.FileSystemLoader(str(BUNDLED))]
        loaders.extend(ours)
        # «bundled/events.j2»: the bundled file even where the GM's folder has its own, so
        # that a macro his copy lacks (an older copy) comes from ours, not from nowhere
        loaders.append(jinja2.PrefixLoader({"bundled": jinja2.ChoiceLoader(ours)}))
        loader = jinja2.ChoiceLoader(loaders)
        self.env = self._environment(loader)
        # Documents: every `{{ value }}` escaped for the forum's markup unless it is markup
        # already (`Formatted`), so no nickname or quoted text can change a post's structure.
        self.documents = self._environment(loader, finalize=_escaped)
        self._modules: list | None = None

    def _environment(self, loader: jinja2.BaseLoader, **options: Any) -> SandboxedEnvironment:
        env = SandboxedEnvironment(loader=loader, undefined=jinja2.StrictUndefined,
                                   trim_blocks=True, keep_trailing_newline=False, autoescape=False, **options)
        env.filters["case"] = _inflect
        env.filters["join_ru"] = join
        env.filters["plural"] = lambda n, one, few, many: plural(int(n), one, few, many)
        env.globals["factions"] = FACTION_NAMES
        env.globals["nick"] = self.nick
        return env

    def nick(self, name: str) -> Nick:
        """A player's nickname with his gender (the game file's, else the dictionary's)."""
        return Nick(str(name), player_gender(str(name), self.genders))

    def _template(self, name: str, env: SandboxedEnvironment | None = None) -> jinja2.Template:
        try:
            return (env or self.env).get_template(name)
        except jinja2.TemplateSyntaxError as exc:
            raise TemplateError(f"{exc.filename or name}:{exc.lineno}: {exc.message}") from None
        except jinja2.TemplateNotFound:
            raise TemplateError(f"template {name} not found") from None

    def _macros(self):
        """The modules of line macros, each macro looked up in this order: the news lines
        and the private facts as the GM's folder has them, then the bundled ones."""
        if self._modules is None:
            names = ("events.j2", "facts.j2", "bundled/events.j2", "bundled/facts.j2")
            self._modules = [(name, self._template(name).module) for name in names]
        return self._modules

    def _call(self, name: str, *values: Any) -> str | None:
        for file, module in self._macros():
            macro = getattr(module, name, None)
            if macro is None:
                continue
            try:
                text = str(macro(*values)).strip()
            except (jinja2.TemplateError, GenderUnknown) as exc:
                raise TemplateError(f"{file}: {name}: {exc}") from None
            return text or None
        return None

    # -- lines ------------------------------------------------------------------------
    def player_line(self, news: PlayerNews) -> str | None:
        """The news post's one line about a player (`publisher.morning`)."""
        return self._call("public_player", self.nick(news.player), news)

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
            return self._call(f"learned_{ev.fact_kind(event)}", fact)
        if event.scope is ev.Scope.PRIVATE:
            return self._call(f"private_{type(event).__name__}", event)
        return None

    # -- documents --------------------------------------------------------------------
    def document(self, kind: str, markup: Markup, **values: Any) -> Document:
        """A whole draft (title and body) in the forum's markup."""
        if kind not in DOCUMENTS:
            raise TemplateError(f"unknown document {kind!r} (known: {', '.join(DOCUMENTS)})")
        values = {"m": markup, "game_title": "Город N", **values}
        try:
            body = self._template(f"{kind}.j2", self.documents).render(**values)
            # a title is plain text on every forum (a topic's or a PM's subject): not escaped
            title = str(self._template(f"{kind}.j2").make_module(values).title()).strip()
        except jinja2.TemplateError as exc:
            raise TemplateError(f"{kind}.j2: {exc}") from None
        return Document(title, _tidy(body))


@jinja2.pass_context
def _escaped(context: jinja2.runtime.Context, value: Any) -> Any:
    markup = context.get("m")
    if isinstance(value, (Formatted, jinja2.Undefined)) or not isinstance(markup, Markup):
        return value
    return markup.text(value) if isinstance(value, str) else value


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
def bundled(style: str = DEFAULT_STYLE) -> Texts:
    return Texts(style=style)
