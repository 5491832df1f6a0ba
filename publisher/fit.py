"""A PM draft's title fitted to what the forum takes (`config.profiles.WriteLimits`), before
the GM approves it, by rules he sees:

    fitted = fit_title("Город N: Ночь 1 (Новолуние)", "Аня", limits, parts=1)
    fitted.title   # what is sent
    fitted.notes   # Russian, one line per change: what was done and why

- where the forum drops a second PM of the same title from the same sender for a while
  (`same_title_minutes`: Spirit's double-post guard), the player's name is added
  («… — Аня»), so no two players' PMs share a title;
- a title longer than the forum takes (`title`) is cut at the last whole word that fits,
  with «…», keeping the player's name and the room a split PM's «(1/2)» needs.

`title_problem` says why a title (the GM's own, after `gorod edit --title`) cannot be sent
as it is; the approval refuses such a draft with it.
"""
from __future__ import annotations

from dataclasses import dataclass

from config.profiles import WriteLimits

ELLIPSIS = "…"


@dataclass(frozen=True)
class FittedTitle:
    title: str
    notes: tuple[str, ...] = ()


def part_suffix(part: int, parts: int) -> str:
    """What a part of a split PM adds to its title."""
    return f" ({part + 1}/{parts})" if parts > 1 else ""


def name_suffix(nick: str) -> str:
    return f" — {nick}"


def fit_title(title: str, nick: str, limits: WriteLimits, *, parts: int = 1) -> FittedTitle:
    """`title` as the forum takes it for a PM to `nick` split in `parts` (see the module)."""
    notes = []
    suffix = ""
    if limits.same_title_minutes and not _names(title, nick):
        suffix = name_suffix(nick)
        notes.append(f"к заголовку добавлено имя игрока: форум {limits.same_title_minutes} мин не пропускает "
                     "второе ЛС с тем же заголовком от того же отправителя")
    room = None if limits.title is None else limits.title - len(suffix) - len(part_suffix(parts - 1, parts))
    if room is not None and len(title) > room:
        short = shorten(title, room)
        notes.append(f"заголовок сокращён до {limits.title} знаков (больше форум не принимает): "
                     f"было «{title}»")
        title = short
    return FittedTitle(title + suffix, tuple(notes))


def shorten(title: str, room: int) -> str:
    """`title` cut at its last whole word within `room` characters, with «…»."""
    if len(title) <= room:
        return title
    head = title[:max(room - len(ELLIPSIS), 1)]
    cut = head.rstrip()
    if " " in cut and not title[len(head):len(head) + 1].isspace():
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,.:;—-(") + ELLIPSIS


def title_problem(title: str, limits: WriteLimits, *, parts: int = 1) -> str | None:
    """Why the forum would not take `title` for a PM in `parts` parts, in Russian; None: it would."""
    if limits.title is None:
        return None
    longest = len(title) + len(part_suffix(parts - 1, parts))
    if longest > limits.title:
        split = f" с «{part_suffix(parts - 1, parts).strip()}» частей" if parts > 1 else ""
        return (f"заголовок ЛС «{title}»{split} — {longest} знаков, а форум берёт не больше {limits.title}: "
                "сократите его")
    return None


def _names(title: str, nick: str) -> bool:
    return nick.casefold() in title.casefold()
