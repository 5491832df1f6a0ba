"""The players' memo and the canonical Russian text of an order.

Both come from the registry (`engine.abilities`: each ability's row and its `Words`):
the memo lists, for every ability that can be ordered,
who has it, when, where the order goes, what to write and worked examples that
the parser reads (a test parses each one). `render(order)` writes an order the
way the memo teaches; `parse_text(render(order))` gives the order back.
"""
from __future__ import annotations

from engine.abilities import ABILITIES, AbilitySpec, RoleKind, Shape, When, Words, words_of
from engine.orders import Order, args_class
from engine.names import Moon
from scraper.orders.settings import Emphasis, ParseSettings, VoteForm
from scraper.orders.vocabulary import FIRST_PERSON, Channel, channel_of, lexicon, slang_of

_WHEN = {When.NIGHT: "ночью", When.DAY: "днём", When.ANY: "в любой момент",
         When.TRIGGER: "заранее, в фазе, когда это может понадобиться"}
_MOON = {Moon.FULL: "в Полнолуние", Moon.HALF: "в Полулуние", Moon.NEW: "в Новолуние"}
_KIND = {RoleKind.COMMON: "Способности всех ролей", RoleKind.OPEN: "Явные роли",
         RoleKind.SECRET: "Тайные роли", RoleKind.CARD: "Карты Мастера карт"}
_FORMS = {VoteForm.RU: "«Голосую против Мэра», «Голос: Вася», «Меняю голос на Аню», «Снимаю голос» (или «Воздерживаюсь»)",
          VoteForm.EN: "«VOTE: Вася», «Unvote» в начале строки",
          VoteForm.HASH: "«##vote Вася», «##unvote»",
          VoteForm.TAG: "«[vote]Вася[/vote]»",
          VoteForm.BOLD_NAME: "ник жирным шрифтом: «[b]Вася[/b]»"}
_EMPH = {Emphasis.BOLD: "жирным", Emphasis.COLOR: "цветом", Emphasis.BOLD_OR_COLOR: "жирным или цветом"}


def _where(spec: AbilitySpec, settings: ParseSettings) -> str:
    if channel_of(spec.name) == Channel.POST:
        if not settings.orders_outside_comment:
            return f"в посте, в графе «{settings.comment_label}»"
        return "в посте"
    return "в ЛС мастеру или приватным текстом в посте"


def _holders(spec: AbilitySpec) -> str:
    return "все" if not spec.roles else ", ".join(spec.roles)


def memo(settings: ParseSettings | None = None, roles: set[str] | None = None, *, asks: bool = False) -> str:
    """The memo in Russian; `roles` limits it to the abilities of these roles. `asks`: the
    game's `standing_orders: false` (A52 b) — the choices at a death are asked by the GM
    then, and the memo says how to answer him."""
    settings = settings or ParseSettings()
    out = ["Как писать заявки в игре «Город N»",
           "",
           "Цель — ник игрока (в любом падеже: «Петю», «у Пети») или его явная роль («Мэра»).",
           "«себя» — только там, где способность это позволяет. Несколько заявок в одном ЛС — "
           "каждая с новой строки. Что мастер не сможет прочитать однозначно, он уточнит у вас.",
           "Сленг («бью Лиса», «смотрю Петю») понимается как способность вашей роли, "
           "если у вас она одна такая.",
           ""]
    forms = [f for f in VoteForm if f in settings.vote_forms]
    vote_line = "Голос засчитывается в формах: " + "; ".join(_FORMS[f] for f in forms) + "."
    if settings.vote_emphasis != Emphasis.NONE:
        color = f" ({settings.vote_color})" if settings.vote_color and settings.vote_emphasis != Emphasis.BOLD else ""
        vote_line += f" Голос нужно выделить {_EMPH[settings.vote_emphasis]}{color}."
    if settings.orders_outside_comment:
        vote_line += (f" Если в посте есть графа «{settings.comment_label}», заявки читаются только из неё; "
                      "остальной текст поста — художественный.")
    else:
        vote_line += f" Публичные заявки и голоса — только в графе «{settings.comment_label}»."
    out += [vote_line, ""]
    for kind in RoleKind:
        specs = [s for s in ABILITIES if s.kind == kind and s.orderable
                 and (roles is None or not s.roles or set(s.roles) & roles)]
        if not specs:
            continue
        out.append(_KIND[kind])
        for spec in specs:
            lex = lexicon(spec.name)
            when = _WHEN.get(spec.when, "")
            if spec.moons:
                when += " " + " и ".join(_MOON[m] for m in spec.moons)
            head = f"• {spec.name} ({_holders(spec)}; {when}; {_where(spec, settings)})"
            out.append(head + (f": {lex.args}." if lex else "."))
            if lex and lex.examples:
                out.append("  Примеры: " + ", ".join(f"«{text}»" for text, _ in lex.examples) + ".")
            slang = slang_of(spec.name)
            if slang:
                out.append("  Сленг: " + ", ".join(first_person(w) for w in slang) + ".")
        out.append("")
    if asks:
        out += answer_lines(roles)
    out += shorthand_lines()
    return "\n".join(out).rstrip() + "\n"


def answer_lines(roles: set[str] | None = None) -> list[str]:
    """How to answer the GM's question at a death (`standing_orders: false`): each choosing
    ability's `Words.answer`, read by `scraper.orders.answer`."""
    rows = [(s, lexicon(s.name)) for s in ABILITIES if lexicon(s.name) is not None and lexicon(s.name).answer
            and (roles is None or set(s.roles) & roles)]
    if not rows:
        return []
    public = ", ".join(s.name for s, _ in rows if s.public)
    out = ["Вопрос мастера в момент смерти (в этой игре выбор не пишут заранее: мастер спросит в ЛС)",
           "Ответьте мастеру в ЛС" + (f" ({public} — можно и заявкой в теме)" if public else "")
           + ". Достаточно ника или «да» / «нет»; неясный ответ мастер уточнит."]
    for spec, lex in rows:
        out.append(f"• {spec.name} ({_holders(spec)}): {lex.answer}.")
    out.append("")
    return out


def shorthand_lines() -> list[str]:
    """Every short form the reader understands besides the names, verbs and slang above
    (`scraper.orders.shorthand`): the table the reader itself reads."""
    from scraper.orders.result import VOTE
    from scraper.orders.shorthand import MEMO, PHRASES

    out = ["Короткие формы (понимаются там же, где полные)"]
    for ability in sorted(PHRASES, key=lambda a: (a != VOTE, a)):
        line = f"• {ability}"
        if ability in MEMO:
            line += f": {MEMO[ability]}"
        out.append(line + ". Слова: " + ", ".join(f"«{w}»" for w in PHRASES[ability]) + ".")
    out.append("• Глагол, подходящий к двум вашим способностям («спасаю» — и лечение, и охрана), мастер уточнит.")
    out.append("• Цитаты ([quote], строки с «>», «Ник писал(а):») не читаются как заявки: это чужие слова.")
    out.append("")
    return out


def first_person(phrase: str) -> str:
    """«бить» → «бью», «принести в жертву» → «принесу в жертву»; a noun stays («кусь»)."""
    from engine.morph import analyses

    if phrase in FIRST_PERSON:
        return FIRST_PERSON[phrase]
    words = phrase.split()
    parse = next((p for p in analyses(words[0]) if p.tag.POS == "INFN"), None)
    if parse is None:
        return phrase
    tense = "futr" if "perf" in parse.tag.grammemes else "pres"
    form = parse.inflect({"VERB", "1per", "sing", tense}) or parse.inflect({"1per", "sing"})
    return " ".join([form.word if form else words[0], *words[1:]])


def render(order: Order) -> str:
    """The order as the memo teaches to write it (nominative names): as its ability's `Args`
    writes it (`Args.written`: a message, a mode, the cards), else by its argument shape
    (`Words.shape`)."""
    a = order.ability
    cls = args_class(a)
    args = order.args if order.args is not None else cls() if cls is not None else None
    own = args.written(order) if args is not None else None
    if own is not None:
        return own
    words = words_of(a)
    shape = words.shape if words is not None else Shape.PLAIN
    if shape is Shape.VOTE:
        return f"Голосую против {order.target}" if order.target else _written(words, "withdraw")
    if shape is Shape.SAVE:
        if order.arg('save'):
            return f"{a}: {_written(words, 'save')}"
        return f"{a}: {_votes(order.arg('votes'))} на {order.target}" if order.arg('votes') else f"{a}: {order.target}"
    if shape is Shape.SECOND:
        keyword = words.keywords[0]
        second = order.arg(keyword.value)
        return f"{a} {order.target}" + (f", {keyword.written} {second}" if second else "")
    if shape is Shape.FLAG:
        keyword = words.keywords[0]
        return f"{a}: {order.target}" + (f", {keyword.written}" if order.arg(keyword.value) else "")
    if shape is Shape.COMMAND:
        if order.arg('signal'):
            return f"{a}: {_written(words, 'signal')}"
        return f"{a}: {order.target}, {_written(words, 'command')}: {_command(order)}"
    if shape is Shape.PUPPET:
        return f"{a}: {_command(order)}" if order.arg('command') else a
    if order.targets:
        return f"{a}: " + ", ".join(order.targets)
    if order.target:
        return f"{a}: {order.target}"
    return a


def _votes(n: int) -> str:
    """«1 голос», «2 голоса», «5 голосов»."""
    tail = "" if n % 10 == 1 and n % 100 != 11 else "а" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "ов"
    return f"{n} голос{tail}"


def _written(words: Words, value: str) -> str:
    keyword = words.keyword(value)
    assert keyword is not None, (words.ability, value)
    return keyword.written


def _mode_written(ability: str, mode: str | None) -> str:
    """A mode as the memo writes it («вылечить»); an unknown one as the last mode."""
    words = words_of(ability)
    modes = words.keywords if words is not None else ()
    keyword = next((k for k in modes if k.value == mode), modes[-1] if modes else None)
    return keyword.written if keyword is not None else str(mode)


def _command(order: Order) -> str:
    cmd = order.arg('command')
    assert cmd is not None
    text = cmd.ability + (f" {cmd.target}" if cmd.target else "")
    if cmd.mode:
        text += ", " + _mode_written(cmd.ability, cmd.mode)
    return text
