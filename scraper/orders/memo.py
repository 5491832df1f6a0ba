"""The players' memo and the canonical Russian text of an order.

Both come from the registry (`engine.abilities`) and the parser's vocabulary
(`vocabulary.LEXICON`): the memo lists, for every ability that can be ordered,
who has it, when, where the order goes, what to write and worked examples that
the parser reads (a test parses each one). `render(order)` writes an order the
way the memo teaches; `parse_text(render(order))` gives the order back.
"""
from __future__ import annotations

from engine.abilities import ABILITIES, AbilitySpec, RoleKind, When
from engine.orders import Order
from engine.names import Moon
from scraper.orders.settings import Emphasis, ParseSettings, VoteForm
from scraper.orders.vocabulary import FIRST_PERSON, Channel, channel_of, lexicon, slang_of

_WHEN = {When.NIGHT: "ночью", When.DAY: "днём", When.ANY: "в любой момент",
         When.TRIGGER: "заранее, в фазе, когда это может понадобиться"}
_MOON = {Moon.FULL: "в Полнолуние", Moon.HALF: "в Полулуние", Moon.NEW: "в Новолуние"}
_KIND = {RoleKind.COMMON: "Способности всех ролей", RoleKind.OPEN: "Явные роли",
         RoleKind.SECRET: "Тайные роли", RoleKind.CARD: "Карты Мастера карт"}
_FORMS = {VoteForm.RU: "«Голосую против Мэра», «Голос: Вася», «Меняю голос на Аню», «Снимаю голос»",
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


def memo(settings: ParseSettings | None = None, roles: set[str] | None = None) -> str:
    """The memo in Russian; `roles` limits it to the abilities of these roles."""
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
    return "\n".join(out).rstrip() + "\n"


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
    """The order as the memo teaches to write it (nominative names)."""
    a = order.ability
    if a == "Голосование":
        return f"Голосую против {order.target}" if order.target else "Снимаю голос"
    if a == "Голубиная почта":
        return f"Голубиная почта {order.to}: «{order.text}»"
    if a == "Операция":
        return f"Операция: {order.target}, {'вылечить' if order.mode == 'heal' else 'убить'}"
    if a == "Компромат":
        return "Компромат: в копилку" if order.save else f"Компромат: {order.target}"
    if a == "Sacrifice!":
        text = f"Sacrifice! {order.target}"
        return text + (f", перепризвать {order.resummon}" if order.resummon else "")
    if a == "Пожирай":
        return f"Пожирай: {order.target}" + (", сменить маску" if order.swap_mask else "")
    if a == "Зомбирование":
        if order.signal:
            return "Зомбирование: сигнал"
        return f"Зомбирование: {order.target}, команда: {_command(order)}"
    if a == "Король Пик":
        return f"Король Пик: {_command(order)}" if order.command else "Король Пик"
    if a == "Кинуть карты":
        text = f"Кинуть карты: {order.card}"
        if order.as_card:
            text += f" как {order.as_card}"
        text += " на " + (" и ".join(order.targets) if order.targets else str(order.target))
        if order.roles:
            text += ": " + ", ".join(order.roles)
        return text
    if a == "Тасовать карты":
        return "Тасовать карты: " + ", ".join(order.cards)
    if a == "Раскрыть карты":
        return "Раскрыть карты: " + ", ".join(f"{n} — {r}" for n, r in order.reveal_list)
    if order.targets:
        return f"{a}: " + ", ".join(order.targets)
    if order.target:
        return f"{a}: {order.target}"
    return a


def _command(order: Order) -> str:
    cmd = order.command
    assert cmd is not None
    text = cmd.ability + (f" {cmd.target}" if cmd.target else "")
    if cmd.mode:
        text += ", вылечить" if cmd.mode == "heal" else ", убить"
    return text
