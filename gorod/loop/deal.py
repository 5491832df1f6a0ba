"""`deal(game)`: assign the secret roles at random (a recorded seed), open night 1, and
draft each player's start PM.

Players whose secret role the config already names keep it; the others draw from the
pool `secret_roles:` (default: the fifteen secret roles, then Мирный житель for any
player beyond fifteen), shuffled with `random.Random(seed)`. The seed is the config's
`seed:` when it is not 0, else a fresh one; either way it is stored with the deal, so
the deal can be told again. The start PM says the open and the secret role, what the
rules tell the player at the start (Лич: Зомби, Призрак, Некромант; Демонолог: Бес,
Суккуб, Гончая Ада) and asks the Инквизитор and the Тварь for a mask and the Мастер
карт for his four cards (the GM writes the answers into `setup:` before night 1 ends).
"""
from __future__ import annotations

import random
import secrets as _secrets
from typing import Any

from engine.names import CIVILIAN, SECRET_ROLES
from engine.phase import FIRST_PHASE
from engine.rulings import Rulings
from engine.setup import Seat, SetupError, new_game
from gorod.loop import clock
from gorod.loop.drafting import save_drafts
from gorod.loop.game import Game, LoopError, PhaseClock
from publisher.drafts import start_drafts


def deal_roles(seats: list[tuple[str, str, str]], pool: list[str], seed: int) -> dict[str, tuple[str, str]]:
    """nick -> (open, secret): given secret roles kept, the rest drawn from `pool`."""
    rng = random.Random(seed)
    pool = list(pool)
    for _nick, _open, secret in seats:
        if secret and secret in pool:
            pool.remove(secret)
    missing = [nick for nick, _open, secret in seats if not secret]
    if not pool and missing:
        raise LoopError("secret_roles: список тайных ролей пуст")
    rng.shuffle(pool)
    if len(pool) < len(missing):
        raise LoopError(f"secret_roles: в списке {len(pool)} ролей на {len(missing)} игроков без тайной роли")
    drawn = dict(zip(missing, pool))
    return {nick: (open_role, secret or drawn[nick]) for nick, open_role, secret in seats}


def default_pool(players: int) -> list[str]:
    return list(SECRET_ROLES) + [CIVILIAN] * max(0, players - len(SECRET_ROLES))


def deal(game: Game, *, seed: int | None = None) -> list[int]:
    """Deal, open night 1 and draft the start PMs; returns the drafts' ids. Refused when the
    roles are dealt already (the deal is the game's first fact and is never redone)."""
    if game.deal() is not None:
        raise LoopError("роли уже розданы (их показывает gorod state)")
    config = game.config
    if len(config.seats) < 2:
        raise LoopError(f"{config.path}: players: для раздачи нужны хотя бы два игрока")
    if seed is None:
        seed = config.seed or _secrets.randbits(31)
    pool = list(config.secret_roles) or default_pool(len(config.seats))
    roles = deal_roles([(s.nick, s.open_role, s.secret_role) for s in config.seats], pool, seed)
    start_events = _start_events(roles, config.setup, config.rulings, seed)
    now = game.now()
    deal_record: dict[str, Any] = {"seats": {n: list(r) for n, r in roles.items()}, "seed": seed,
                                   "setup": dict(config.setup), "rulings": config.rulings.to_mapping(),
                                   "dealt_at": now.isoformat()}
    drafts = start_drafts(roles, start_events, game.markup, game.texts, game_title=game.title, setup=config.setup)
    schedule = config.schedule
    opened = PhaseClock(FIRST_PHASE, now, clock.deadline(FIRST_PHASE, now, schedule, now), now)
    with game.writing("раздача ролей"), game.store.transaction():
        if game.deal() is not None:     # dealt meanwhile by another process
            raise LoopError("роли уже розданы (их показывает gorod state)")
        game.records.put("deal", deal_record)
        game.set_clock(opened)
        ids = save_drafts(game, drafts)
    return ids


def _start_events(roles, setup, rulings: Rulings, seed: int):
    """What the rules tell anyone at the start. A mask or a hand not chosen yet does not
    change it, so the deal does not wait for them."""
    seats = [Seat(nick, open_role, secret) for nick, (open_role, secret) in roles.items()]
    try:
        return new_game(seats, setup, rulings, seed=seed)[1]
    except SetupError:
        relaxed = Rulings.from_mapping({**rulings.to_mapping(), "tvar_mask_optional": True})
        try:
            return new_game(seats, {}, relaxed, seed=seed)[1]
        except ValueError as exc:
            raise LoopError(f"игра не может начаться: {exc}") from None
    except ValueError as exc:
        raise LoopError(f"игра не может начаться: {exc}") from None
