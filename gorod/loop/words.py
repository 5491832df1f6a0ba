"""What the GM reads, in Russian, in one place: phase names and moments in the game's zone.

    phase_name("night 1")                 # «Ночь 1»;  phase_name("day 2", lower=True) -> «день 2»
    opened("day 1")                       # «открыт день 1» (agreeing with the phase's gender)
    moment(deadline, schedule)            # «03.12 11:44 (Москва)», to the minute, in the game's zone

The store and the engine keep phases as `night 1` (FORMAT.md); these are only the words.
"""
from __future__ import annotations

from datetime import datetime
from urllib.parse import unquote

from engine.phase import PhaseId

# The zone names a GM knows; any other is shown as its tz name.
ZONE_NAMES = {"Europe/Moscow": "Москва", "Europe/Kiev": "Киев", "Europe/Kyiv": "Киев",
              "Europe/Minsk": "Минск", "Asia/Yekaterinburg": "Екатеринбург", "Asia/Novosibirsk": "Новосибирск",
              "Europe/Samara": "Самара", "Asia/Vladivostok": "Владивосток", "UTC": "UTC"}


def phase_name(phase: str | PhaseId | None, *, lower: bool = False) -> str:
    if phase is None or str(phase) == "start":
        return "начало игры"
    pid = phase if isinstance(phase, PhaseId) else PhaseId.parse(str(phase))
    name = f"{'Ночь' if pid.is_night else 'День'} {pid.number}"
    return name.lower() if lower else name


def agreed(text: str, nick: str, genders) -> str:
    """«исправил(а)», «передумал(а)» agreeing with `nick` when his gender is known (the game's
    `players:` or the nickname itself, `publisher.russian.player_gender`)."""
    if "(а)" not in text:
        return text
    from engine.morph import Gender
    from publisher.russian import player_gender

    gender = player_gender(nick, genders)
    if gender is None:
        return text
    return text.replace("(а)", "а" if gender is Gender.FEMALE else "")


def opened(phase: str | PhaseId) -> str:
    pid = phase if isinstance(phase, PhaseId) else PhaseId.parse(str(phase))
    return f"{'открыта' if pid.is_night else 'открыт'} {phase_name(pid, lower=True)}"


def resolved(phase: str | PhaseId) -> str:
    """«Ночь 1 разрешена» / «День 1 разрешён»."""
    pid = phase if isinstance(phase, PhaseId) else PhaseId.parse(str(phase))
    return f"{phase_name(pid)} {'разрешена' if pid.is_night else 'разрешён'}"


def winner_name(winner: str | None) -> str:
    """The engine's winner («З», «Н», a player's nick) as the GM reads it («Закон»)."""
    from publisher.texts import FACTION_NAMES

    return FACTION_NAMES.get(winner, winner) if winner else "без победителя"


def zone_name(schedule) -> str:
    return ZONE_NAMES.get(schedule.timezone, schedule.timezone)


def moment(at: datetime | str, schedule) -> str:
    """A moment as the GM reads it: day, month, hours and minutes in the game's zone."""
    if isinstance(at, str):
        at = datetime.fromisoformat(at)
    return f"{at.astimezone(schedule.zone):%d.%m %H:%M} ({zone_name(schedule)})"


def forum_trouble(exc: Exception, hint: str) -> str:
    """A forum error (`scraper.errors`) as one sentence for the GM with what to do: `hint`
    is the way on without the forum («gorod phase end --no-read»). The URL is shown readable."""
    from scraper.errors import AuthRequired, ForumError, ForumUnavailable, RateLimited

    url = unquote(getattr(exc, "url", "") or "")
    reason = getattr(exc, "reason", None) or str(exc)
    if isinstance(exc, ForumUnavailable):
        from scraper.errors import unavailable_in_russian
        return f"{unavailable_in_russian(exc)}; {hint}."

    if isinstance(exc, AuthRequired):
        reason = getattr(exc, "ru", "") or reason
        return (f"форум не пускает мастера ({url}: {reason}). Проверьте forum.gm_user и пароль "
                "(переменная из forum.password_env).")
    if isinstance(exc, RateLimited):
        return f"форум просит подождать ({url}: {reason}); {hint}."
    if isinstance(exc, ForumError):
        return f"форум ответил не так, как ожидалось ({url}); {hint}."
    return f"не удалось прочитать форум ({type(exc).__name__}); {hint}."


# The drafts' kinds (publisher.drafts.Draft.kind) as the GM reads them in lists and on cards.
DRAFT_KIND_RU = {"news": "новости", "pm": "итоги", "start": "роль", "receipt": "приём",
                 "late": "опоздание", "resolve": "резолв"}


def draft_kind(kind: str) -> str:
    return DRAFT_KIND_RU.get(kind, kind)
