"""The start of a game (SPEC §1.2 "start of game"): players, masks, the hand, and
what the rules tell anyone at the start (Мистическая связь, Знакомства по ту сторону)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine import events as ev
from engine.names import (
    canon_card, canon_open_role, canon_secret_role,
)
from engine.state import GameState, PlayerState
from engine.support import check_supported
from engine.validate import max_lives


class SetupError(ValueError):
    """A game that cannot start (unknown role, duplicate open role, bad setup)."""


@dataclass(frozen=True)
class Seat:
    nick: str
    open_role: str
    secret_role: str


def new_game(seats: list[Seat], setup: Mapping[str, Mapping[str, Any]] | None, rulings,
             *, seed: int = 0) -> tuple[GameState, list[ev.Event]]:
    """A new game before night 1, and the events of the `start` phase."""
    check_supported(rulings)
    players: dict[str, PlayerState] = {}
    taken: dict[str, str] = {}
    for seat in seats:
        if seat.nick in players:
            raise SetupError(f"player '{seat.nick}' is listed twice")
        open_role = canon_open_role(seat.open_role)
        if open_role is None:
            raise SetupError(f"player '{seat.nick}': unknown open role '{seat.open_role}'")
        secret = canon_secret_role(seat.secret_role)
        if secret is None:
            raise SetupError(f"player '{seat.nick}': unknown secret role '{seat.secret_role}'")
        if open_role in taken:
            # «каждой явной роли может быть только один представитель»
            raise SetupError(f"open role '{open_role}' is held by both '{taken[open_role]}' "
                             f"and '{seat.nick}'")
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
    if not rulings["tvar_mask_optional"]:
        for player in players.values():
            if player.secret_role == "Тварь" and not player.mask:
                raise SetupError(f"setup.{player.nick}.mask: the Тварь must choose a mask "
                                 "(tvar_mask_optional: false)")
    return state, _start_information(state)


def _apply_setup(state: GameState, nick: str, choices: Mapping[str, Any]) -> None:
    if nick not in state.players:
        raise SetupError(f"setup: unknown player '{nick}'")
    if not isinstance(choices, Mapping):
        raise SetupError(f"setup.{nick}: expected a mapping with 'mask' and/or 'hand'")
    player = state.players[nick]
    for key, value in choices.items():
        if key == "mask":
            _set_mask(state, player, value)
        elif key == "hand":
            _set_hand(player, value)
        else:
            raise SetupError(f"setup.{nick}: unknown key '{key}' (expected 'mask' or 'hand')")


def _set_mask(state: GameState, player: PlayerState, value: Any) -> None:
    if value is None:
        return
    if player.secret_role not in ("Тварь", "Инквизитор"):
        raise SetupError(f"setup.{player.nick}.mask: only the Тварь and the Инквизитор choose a mask")
    mask = canon_secret_role(str(value))
    if mask is None:
        if canon_open_role(str(value)) and player.secret_role == "Инквизитор" \
                and state.rulings["inquisitor_mask_roles"] == "any_role":
            player.mask = canon_open_role(str(value))
            return
        raise SetupError(f"setup.{player.nick}.mask: unknown secret role '{value}'")
    if player.secret_role == "Инквизитор" and mask == "Инквизитор":
        # «в начале игры может выбрать любую другую роль»
        raise SetupError(f"setup.{player.nick}.mask: the Инквизитор chooses another role")
    player.mask = mask


def _set_hand(player: PlayerState, value: Any) -> None:
    if player.secret_role != "Мастер карт":
        raise SetupError(f"setup.{player.nick}.hand: only the Мастер карт holds cards")
    if not isinstance(value, list):
        raise SetupError(f"setup.{player.nick}.hand: expected a list of four cards")
    hand = []
    for name in value:
        card = canon_card(str(name))
        if card is None:
            raise SetupError(f"setup.{player.nick}.hand: unknown card '{name}'")
        hand.append(card)
    if len(hand) != 4 or len(set(hand)) != 4:
        # «выбирает четыре карты из колоды»
        raise SetupError(f"setup.{player.nick}.hand: four different cards are needed, got {len(hand)}")
    player.hand = hand


def _start_information(state: GameState) -> list[ev.Event]:
    """What the rules tell anyone at the start: the abilities' `start` hooks (Мистическая
    связь, Знакомства по ту сторону)."""
    from engine.abilities import registry

    events: list[ev.Event] = []
    for hook in registry.hooks_of("start"):
        events += hook.fn(state)
    return events

