"""Readings of SPEC §11 options that the engine does not implement yet.

A GM who picks one of these gets a clear error at the start of the game instead
of a silent default (the rulings table still lists them, so the choice is visible).
"""
from __future__ import annotations

UNSUPPORTED: dict[str, frozenset] = {
    "turn_starts_with": frozenset({"day"}),
    "sacrifice_count_scope": frozenset({"end_of_night"}),
    # the output always shows the gravest status in the default order (A13)
    "status_precedence": frozenset({
        ("Кладбище", "Лазарет", "Тюрьма"), ("Тюрьма", "Кладбище", "Лазарет"),
        ("Тюрьма", "Лазарет", "Кладбище"), ("Лазарет", "Кладбище", "Тюрьма"),
        ("Лазарет", "Тюрьма", "Кладбище")}),
    "use_spent_on_failure": frozenset({False}),
    "unstated_publicity": frozenset({"public"}),
    "unstated_phase": frozenset({"any"}),
    "influence_phase": frozenset({"any"}),
    "gossip_spend": frozenset({"any_number"}),
    "irritate_blocks": frozenset({"factions_and_master"}),
    "tvar_mask_optional": frozenset({False}),
    "thrown_card_survives_master": frozenset({False}),
    "touch_restriction": frozenset({"earlier_orders_only"}),
    "hunt_unlock_check": frozenset({"bite_night"}),
    "hunt_blockable": frozenset({False}),
    "redirect_ignores_restrictions": frozenset({False}),
    "standing_orders": frozenset({False}),
    "miting_needs_vote": frozenset({True}),
    "operation_kill_immediate": frozenset({False}),
    "bandit_not_attack": frozenset({False}),
    "theft_blocks": frozenset({"open_incl_passives_and_vote"}),
    "failed_reveal_is_death": frozenset({False}),
    "shift_semantics": frozenset({"add_changes"}),
    "night_victims_act": frozenset({False}),
    "prison_starts": frozenset({"immediate"}),
    "protection_order": frozenset({"cards_before_guards", "own_defences_first"}),
    "swap_before_death": frozenset({False}),
    "silence_starts": frozenset({"immediate"}),
    "card_bonus_timing": frozenset({"at_throw"}),
    "shield_self": frozenset({"protects"}),
    "minus_first_day_throw": frozenset({"setup"}),
    "heal_cap": frozenset({"starting_lives"}),
}


class UnsupportedRuling(ValueError):
    pass


def unsupported(rulings) -> list[tuple[str, object]]:
    return [(key, rulings[key]) for key, values in UNSUPPORTED.items() if rulings[key] in values]


def check_supported(rulings) -> None:
    bad = unsupported(rulings)
    if bad:
        listed = ", ".join(f"{k}: {v}" for k, v in bad)
        raise UnsupportedRuling(
            f"эти толкования правил пока не реализованы в движке (rulings not implemented yet): {listed}")
