"""The start of a game (SPEC §1.2 "start of game"): players, the abilities' `setup:` choices
(each in its ability's module: the masks, the hand) and what the rules tell anyone at the
start (Мистическая связь, Знакомства по ту сторону)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine import events as ev
from engine.abilities import registry
from engine.abilities.registry import SetupError
from engine.names import canon_open_role, canon_secret_role
from engine.rulings import Rulings
from engine.state import GameState, PlayerState
from engine.support import check_supported
from engine.validate import max_lives

__all__ = ["Seat", "SetupError", "new_game"]


@dataclass(frozen=True)
class Seat:
    nick: str
    open_role: str
    secret_role: str


def new_game(seats: list[Seat], setup: Mapping[str, Mapping[str, Any]] | None, rulings: Rulings,
             *, seed: int = 0) -> tuple[GameState, list[ev.Event]]:
    """A new game before night 1, and the events of the `start` phase."""
    check_supported(rulings)
    players: dict[str, PlayerState] = {}
    taken: dict[str, str] = {}
    for seat in seats:
        if seat.nick in players:
            raise SetupError(f"игрок «{seat.nick}» указан дважды")
        open_role = canon_open_role(seat.open_role)
        if open_role is None:
            raise SetupError(f"игрок «{seat.nick}»: неизвестная явная роль «{seat.open_role}»")
        secret = canon_secret_role(seat.secret_role)
        if secret is None:
            raise SetupError(f"игрок «{seat.nick}»: неизвестная тайная роль «{seat.secret_role}»")
        if open_role in taken:
            # «каждой явной роли может быть только один представитель»
            raise SetupError(f"явная роль «{open_role}» у двоих: «{taken[open_role]}» "
                             f"и «{seat.nick}»")
        taken[open_role] = seat.nick
        player = PlayerState(seat.nick, open_role, secret, lives=2,
                             held_roles={open_role, secret})
        cap = max_lives(player, rulings)
        player.lives = cap if rulings["extra_life_starts_full"] else 2
        player.start_lives = player.lives
        players[seat.nick] = player
    state = GameState(players=players, rulings=rulings, seed=seed)
    for nick, choices in (setup or {}).items():
        _apply_setup(state, nick, choices)
    for check in registry.SETUP_CHECK.fns():
        check(state)
    return state, _start_information(state)


def _apply_setup(state: GameState, nick: str, choices: Mapping[str, Any]) -> None:
    """`setup.<nick>`: each choice goes to the ability module that registered its key for
    the player's secret role (`registry.setup_choice`); a null value is no choice."""
    keys = registry.setup_keys()
    if nick not in state.players:
        raise SetupError(f"setup: неизвестный игрок «{nick}»")
    if not isinstance(choices, Mapping):
        raise SetupError(f"setup.{nick}: нужен словарь с ключом " + " и/или ".join(f"«{k}»" for k in keys))
    player = state.players[nick]
    for key, value in choices.items():
        hooks = registry.SETUP.at(key)
        if not hooks:
            raise SetupError(f"setup.{nick}: неизвестный ключ «{key}» (нужен "
                             + " или ".join(f"«{k}»" for k in keys) + ")")
        if value is None:
            continue
        mine = [h for h in hooks if h.label == player.secret_role]
        if not mine:
            raise SetupError(f"setup.{nick}.{key}: «{key}» выбирает только "
                             + " или ".join(h.label for h in hooks))
        for hook in mine:
            hook.fn(state, player, value)


def _start_information(state: GameState) -> list[ev.Event]:
    """What the rules tell anyone at the start: the abilities' `start` hooks (Мистическая
    связь, Знакомства по ту сторону)."""
    events: list[ev.Event] = []
    for start in registry.START.fns():
        events += start(state)
    return events

