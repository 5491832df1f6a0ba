"""The ability registry: one module per ability or role (SPEC.md §6), each holding its
spec rows, how its orders are written (`WORDS`: what the order parser and the memo read),
its own rulings (`RULINGS`, gathered by engine/rulings.py) and the hooks it joins
(engine/abilities/registry.py).

`ABILITIES` (every spec, in the order of SPEC §6), `find_ability`, `ability` and
`abilities_of_role` are what the parser, the memo and the engine read; the hooks are
what the engine's step tables call. A newcomer finds an ability's whole rule in its
module: `engine/abilities/thief.py` is the Вор's Кража from its row to its last effect.
"""
from __future__ import annotations

from engine.abilities.spec import AbilitySpec, Cooldown, Field, Freq, RoleKind, TargetRule, When
from engine.abilities.spec import Channel, Keyword, Reach, Shape, Words

# The modules in the order of SPEC §6 (that order is the registry's: lists of ability names
# are sorted by it); each registers its hooks as it loads.
from engine.abilities import (  # noqa: E402
    voting, pigeon,                                                       # communal
    mayor, astrologer, oracle, gypsy, priest, noble, detective, bandit,  # open roles
    rebel, witch, smith, thief, werewolf, surgeon, gossip, rich,
    lich, zombie, ghost, necromancer, demonologist, imp, succubus,      # secret roles
    hellhound, guards, inquisitor, interrogator, beast, card_master,
)
from engine.abilities import cards  # noqa: E402  (the deck: a module per card; Король Пик's row)
from engine.abilities import registry  # noqa: E402

MODULES = (
    voting, pigeon,
    mayor, astrologer, oracle, gypsy, priest, noble, detective, bandit,
    rebel, witch, smith, thief, werewolf, surgeon, gossip, rich,
    lich, zombie, ghost, necromancer, demonologist, imp, succubus,
    hellhound, guards, inquisitor, interrogator, beast, card_master, cards,
)

ABILITIES: tuple[AbilitySpec, ...] = tuple(spec for module in MODULES for spec in module.SPECS)

registry.install(ABILITIES)
find_ability = registry.find_ability
ability = registry.ability
registry_index = registry.registry_index


def abilities_of_role(role: str) -> tuple[AbilitySpec, ...]:
    return tuple(s for s in ABILITIES if role in s.roles)


# «В любую ночь может применить одну из следующих способностей» and the other
# "one of" groups (SPEC A23): per role, the abilities of which one per night, as each
# role's module declares them (`ONE_ACTION_PER_NIGHT` there).
ONE_ACTION_PER_NIGHT: dict[str, frozenset[str]] = {
    role: group for module in MODULES
    for role, group in getattr(module, "ONE_ACTION_PER_NIGHT", {}).items()
}

# How each ability's orders are written (`WORDS` in its module): what the order parser and
# the players' memo read, keyed by the canonical name.
WORDS: dict[str, Words] = {w.ability: w for module in MODULES for w in getattr(module, "WORDS", ())}


def words_of(ability: str) -> Words | None:
    return WORDS.get(ability)


__all__ = [
    "ABILITIES", "AbilitySpec", "Cooldown", "Field", "Freq", "MODULES", "ONE_ACTION_PER_NIGHT",
    "RoleKind", "TargetRule", "When", "abilities_of_role", "ability", "find_ability", "registry",
    "registry_index", "Channel", "Keyword", "Reach", "Shape", "WORDS", "Words", "words_of",
]
