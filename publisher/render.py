"""Drafts of one phase, in Russian, from the engine's events.

The news post is built from public events only and each private message from the
events addressed to that player, so a secret cannot reach the public post by
construction (STYLE.md, boardgame.io's per-player view).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from engine import events as ev
from engine.names import Faction
from publisher.russian import join, lives

FACTION_NAMES = {
    Faction.UNDEAD.value: "Нежить", Faction.DEMONS.value: "Демоны",
    Faction.LAW.value: "Закон", Faction.NEUTRAL.value: "Нейтралы",
}
STATUS_ENTER = {"Лазарет": "попадает в Лазарет", "Тюрьма": "отправляется в Тюрьму",
                "Кладбище": "отправляется на Кладбище", "Выбыл": "покидает игру"}
STATUS_LEAVE = {"Лазарет": "покидает Лазарет", "Тюрьма": "выходит из Тюрьмы",
                "Кладбище": "возвращается с Кладбища"}
NOTICES = {
    "attack_cancelled_no_soul": "Ваша атака на игрока {about} отменена: у Лича нет души (Без души).",
    "attack_cancelled_aura": "Ваша атака на игрока {about} отменена: вы почувствовали зло в Демонологе (Aura of darkness).",
    "circle_gone": "Ваш Protective circle поглотил атаку и исчез.",
    "open_role_blocked": "Касание смерти: сегодня днём вы не можете применять способности явной роли.",
    "zombie_command_failed": "Приказ зомбированного не был выполнен.",
}


@dataclass
class PhaseDrafts:
    phase: str
    news: list[str] = field(default_factory=list)
    private: dict[str, list[str]] = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)


def phase_title(phase: str, moon: str | None = None) -> str:
    kind, _, number = phase.partition(" ")
    if kind == "night":
        return f"Ночь {number}" + (f" ({moon})" if moon else "")
    if kind == "day":
        return f"День {number}"
    return "Начало игры"


def render_phase(phase: str, events: Iterable[ev.Event]) -> PhaseDrafts:
    drafts = PhaseDrafts(phase)
    events = list(events)
    for event in events:
        line = public_line(event)
        if line:
            drafts.news.append(line)
        for nick in event.recipients():
            text = private_line(event)
            if text:
                drafts.private.setdefault(nick, []).append(text)
        drafts.trace.append(f"[{event.scope.value}] {type(event).__name__}: {event.cause.describe()}")
    if not drafts.news:
        drafts.news.append("Ничего примечательного не произошло.")
    return drafts


def public_line(event: ev.Event) -> str | None:
    """A line of the news post, or None for an event the public does not see."""
    if event.scope is not ev.Scope.PUBLIC:
        return None
    if isinstance(event, ev.Executed):
        return f"По итогам Дневного Вече казнён игрок {event.player}."
    if isinstance(event, ev.Died):
        return None   # told together with the reveal
    if isinstance(event, ev.Revealed):
        return f"Тайная роль игрока {event.about}: {event.secret}."
    if isinstance(event, ev.StatusChanged):
        if event.after in STATUS_ENTER:
            return f"Игрок {event.player} {STATUS_ENTER[event.after]}."
        if event.before in STATUS_LEAVE:
            return f"Игрок {event.player} {STATUS_LEAVE[event.before]}."
        return None
    if isinstance(event, ev.Announced):
        parts = [f"Применена способность «{event.ability}»"]
        if event.by:
            parts.append(f"игроком {event.by}")
        if event.target and event.target != event.by:
            parts.append(f"(цель: {event.target})")
        return " ".join(parts) + "."
    if isinstance(event, ev.OpenRoleChanged):
        return f"Явная роль игрока {event.player}: {event.after or 'нет'}."
    if isinstance(event, ev.Left):
        return f"Мастер карт {event.player} ошибся в раскладе и покидает игру навсегда."
    if isinstance(event, ev.GameOver):
        if event.winner is None:
            return "Игра окончена: победителей нет."
        name = FACTION_NAMES.get(event.winner)
        return f"Игра окончена. Победа: {name} ({event.winner})." if name else \
            f"Игра окончена. Единоличная победа игрока {event.winner}."
    return None


def private_line(event: ev.Event) -> str | None:
    if isinstance(event, ev.Rejected):
        return event.message
    if not isinstance(event, ev.Learned):
        return None
    fact = dict(event.as_dict())
    fact.pop("to")
    about = fact.get("about")
    if "notice" in fact:
        return NOTICES.get(fact["notice"], f"Уведомление: {fact['notice']}").format(about=about or "")
    if "team" in fact:
        team = fact["team"]
        listed = ", ".join(f"{nick} — {role}" for nick, role in team.items()) or "никого"
        return f"Ваши союзники: {listed}."
    if "secret" in fact:
        return f"Тайная роль игрока {about}: {fact['secret']}."
    if "same_side" in fact:
        a, b = about
        return f"Игроки {a} и {b} " + ("на одной стороне." if fact["same_side"] else "на разных сторонах.")
    if "visitors" in fact:
        visitors = fact["visitors"]
        return (f"Этой ночью к игроку {about} приходили: {join(visitors)}." if visitors
                else f"Этой ночью к игроку {about} никто не приходил.")
    if "killed_by" in fact:
        killers = fact["killed_by"]
        return (f"Игрока {about} отправили на Кладбище: {', '.join(killers)}." if killers
                else f"Расследование смерти игрока {about} ничего не дало.")
    if "answer" in fact:
        return f"Догадка о игроке {about}: " + ("да." if fact["answer"] else "нет.")
    if "open" in fact:
        return f"Явная роль игрока {about}: {fact['open']}."
    if "abilities" in fact:
        used = fact["abilities"]
        return (f"На игрока {about} этой ночью применили: {', '.join(used)}." if used
                else f"На игрока {about} этой ночью ничего не применяли.")
    if "message" in fact and "from" in fact:
        return f"Перехвачено письмо от {fact['from']} игроку {about}: «{fact['message']}»"
    if "message" in fact:
        return f"Голубиная почта принесла вам анонимное сообщение: «{fact['message']}»"
    return f"Сведения: {fact}"


def player_table(players: dict[str, dict]) -> list[str]:
    """A fixed-width summary of every player for the GM (open and secret roles)."""
    rows = [("Игрок", "Явная роль", "Тайная роль", "Жизни", "Статус")]
    for nick, p in players.items():
        status = "—" if p["status"] == "none" else p["status"]
        rows.append((nick, p["open"] or "—", p["secret"], lives(p["lives"]), status))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines
