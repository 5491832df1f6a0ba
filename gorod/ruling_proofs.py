"""For every reading of every ruling (SPEC §11), the scenario of ours that proves the
engine applies it: under that reading its whole outcome differs from the default's, and it
passes under its own reading (tests/engine/test_ruling_proofs.py runs each). `gorod rulings
--json` lists them. Paths are from the checkout's root.

The two rulings the engine documents as computing nothing have no proof: `NO_EFFECT` says
why, and the test reports them as such instead of hiding the gap.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

NO_EFFECT: dict[str, str] = {
    "turn_starts_with": "SPEC A6: ходы нумеруются по ночам, а «каждый ход» (Влияние) движок и так "
                        "считает по дням; нумерация ходов ничего не меняет в том, что он вычисляет",
    "bandit_not_attack": "SPEC A57: Поймать в подворотне — дневная способность, а всё, что зависит "
                         "от атаки (Порча, стражи, защиты), действует только ночью",
}

# key -> {reading as the GM writes it: scenario}
PROOFS: dict[str, dict[str, str]] = {
    "hound_bite_phase": {
        "new_moon": "tests/scenarios/rulings/hound-bite-new-moon.yaml",
        "half_moon": "tests/scenarios/rulings/hound-bite-half-moon.yaml",
        "full_moon": "tests/scenarios/night/170-ukus-full-moon-ruling.yaml",
    },
    "gospital_is_lazaret": {
        "false": "tests/scenarios/cards/130-ruling-gospital-not-lazaret.yaml",
    },
    "paranoia_tvar_clause": {
        "master_benefits": "tests/scenarios/rulings/paranoia-master-benefits-masked-tvar.yaml",
    },
    "shuler_bonus_both": {
        "false": "tests/scenarios/cards/129-ruling-shuler-bonus-only-bubny.yaml",
    },
    "sacrifice_count_scope": {
        "d_on_graveyard_or_prison": "tests/scenarios/night/110-sacrifice-prison-counted-ruling.yaml",
        "end_of_night": "tests/scenarios/night/166-sacrifice-count-end-of-night-ruling.yaml",
    },
    "extra_life_starts_full": {
        "false": "tests/scenarios/day/152-extra-life-starts-ruling.yaml",
    },
    "max_lives_stack": {
        "false": "tests/scenarios/day/150-max-lives-stack-ruling.yaml",
    },
    "heal_cap": {
        "starting_lives": "tests/scenarios/day/166-heal-cap-starting-lives-ruling.yaml",
    },
    "status_timing": {
        "immediate": "tests/scenarios/day/058-status-timing-immediate-ruling.yaml",
    },
    "prison_loses_common": {
        "false": "tests/scenarios/day/106-prison-keeps-vote-ruling.yaml",
    },
    "status_precedence": {
        "[Кладбище, Лазарет, Тюрьма]": "tests/scenarios/rulings/status-precedence-graveyard-lazaret-prison.yaml",
        "[Тюрьма, Кладбище, Лазарет]": "tests/scenarios/rulings/status-precedence-prison-graveyard-lazaret.yaml",
        "[Тюрьма, Лазарет, Кладбище]": "tests/scenarios/rulings/status-precedence-prison-lazaret-graveyard.yaml",
        "[Лазарет, Кладбище, Тюрьма]": "tests/scenarios/rulings/status-precedence-lazaret-graveyard-prison.yaml",
        "[Лазарет, Тюрьма, Кладбище]": "tests/scenarios/day/172-status-precedence-ruling.yaml",
    },
    "prison_targetable": {
        "false": "tests/scenarios/day/153-prison-untargetable-ruling.yaml",
    },
    "dead_targetable": {
        "investigation_and_information": "tests/scenarios/day/062-prorochestvo-dead-ruling.yaml",
    },
    "cycle_mode": {
        "rolling": "tests/scenarios/day/124-cycle-rolling-ruling.yaml",
    },
    "cooldown_nights": {
        "2": "tests/scenarios/night/048-ukus-cooldown-2-ruling.yaml",
    },
    "shuffle_recharge": {
        "night_after_full_moon": "tests/scenarios/cards/131-ruling-shuffle-night-after-full-moon.yaml",
        "once_per_cycle": "tests/scenarios/cards/132-ruling-shuffle-once-per-cycle.yaml",
    },
    "circle_recharge_nights": {
        "4": "tests/scenarios/night/036-circle-recharge-4-ruling.yaml",
        "next_cycle": "tests/scenarios/night/133-circle-recharge-next-cycle-ruling.yaml",
    },
    "use_spent_on_failure": {
        "false": "tests/scenarios/day/168-use-spent-ruling.yaml",
    },
    "unstated_publicity": {
        "public": "tests/scenarios/day/169-unstated-publicity-ruling.yaml",
    },
    "unstated_phase": {
        "any": "tests/scenarios/rulings/unstated-phase-any-by-day.yaml",
    },
    "investigation_phase": {
        "day": "tests/scenarios/day/125-investigation-day-only-ruling.yaml",
        "night": "tests/scenarios/rulings/investigation-night-only.yaml",
    },
    "influence_phase": {
        "any": "tests/scenarios/influence-at-night-ruling.yaml",
    },
    "one_action_per_night": {
        "false": "tests/scenarios/night/165-one-action-off-ruling.yaml",
    },
    "anytime_at_night": {
        "queued_with_night": "tests/scenarios/rulings/prorochestvo-queued-sees-mask-drop.yaml",
    },
    "vote_void_on_loss": {
        "false": "tests/scenarios/day/015-vote-void-on-loss-ruling.yaml",
    },
    "execution_min_votes": {
        "2": "tests/scenarios/rulings/execution-min-votes-2.yaml",
        "3": "tests/scenarios/day/126-execution-min-votes-ruling.yaml",
        "4": "tests/scenarios/rulings/execution-min-votes-4.yaml",
        "5": "tests/scenarios/rulings/execution-min-votes-5.yaml",
        "6": "tests/scenarios/rulings/execution-min-votes-6.yaml",
        "7": "tests/scenarios/rulings/execution-min-votes-7.yaml",
        "8": "tests/scenarios/rulings/execution-min-votes-8.yaml",
        "9": "tests/scenarios/rulings/execution-min-votes-9.yaml",
        "10": "tests/scenarios/rulings/execution-min-votes-10.yaml",
    },
    "vote_targets": {
        "any_living": "tests/scenarios/day/063-vote-any-living-ruling.yaml",
        "other_living_free": "tests/scenarios/day/171-vote-targets-free-ruling.yaml",
    },
    "influence_weight": {
        "added_to_own": "tests/scenarios/rulings/influence-added-to-own-voteless-noble.yaml",
        "single_vote": "tests/scenarios/day/024-vliyanie-single-vote-ruling.yaml",
    },
    "influence_repeat": {
        "consecutive_uses": "tests/scenarios/day/018-vliyanie-consecutive-uses-ruling.yaml",
    },
    "accusation_vote_fixed_three": {
        "false": "tests/scenarios/day/036-obvinenie-plus-two-ruling.yaml",
    },
    "gossip_spend": {
        "any_number": "tests/scenarios/rulings/gossip-spend-any-number.yaml",
    },
    "gossip_saved_follow_regular": {
        "true": "tests/scenarios/day/139-kompromat-follow-regular-ruling.yaml",
    },
    "gossip_refund_if_void": {
        "false": "tests/scenarios/day/047-kompromat-no-refund-ruling.yaml",
    },
    "inquisitor_mask_roles": {
        "any_role": "tests/scenarios/rulings/inquisitor-mask-any-role.yaml",
    },
    "inquisitor_mask_drop": {
        "next_phase": "tests/scenarios/night/115-mask-drop-next-phase-ruling.yaml",
    },
    "inquiry_uses_mask": {
        "false": "tests/scenarios/night/179-inquiry-real-side-ruling.yaml",
    },
    "irritate_blocks": {
        "factions_and_master": "tests/scenarios/day/173-irritate-blocks-master-ruling.yaml",
    },
    "devour_heal_saves_tvar": {
        "false": "tests/scenarios/day/101-win-nobody-left-ruling.yaml",
    },
    "devour_mask_swap_default": {
        "true": "tests/scenarios/night/181-devour-swap-default-ruling.yaml",
    },
    "tvar_mask_optional": {
        "false": "tests/scenarios/rulings/tvar-mask-required.yaml",
    },
    "cards_per_day": {
        "2": "tests/scenarios/cards/100-ruling-cards-per-day-gryznya-rok.yaml",
        "3": "tests/scenarios/rulings/cards-per-day-3.yaml",
        "4": "tests/scenarios/rulings/cards-per-day-4.yaml",
    },
    "thrown_card_survives_master": {
        "false": "tests/scenarios/cards/102-ruling-thrown-card-dies-with-master.yaml",
    },
    "double_guard": {
        "both_take_all": "tests/scenarios/night/058-double-guard-both-ruling.yaml",
        "split_alternately": "tests/scenarios/night/256-double-guard-split-ruling.yaml",
        "guard_takes_all": "tests/scenarios/night/059-double-guard-guard-ruling.yaml",
    },
    "guard_chain": {
        "follow_chain": "tests/scenarios/night/061-guard-chain-follow-ruling.yaml",
    },
    "guard_self": {
        "rejected": "tests/scenarios/night/184-guard-self-rejected-ruling.yaml",
    },
    "strongest_by": {
        "damage": "tests/scenarios/night/022-bestelesnost-strongest-by-damage-ruling.yaml",
    },
    "soul_shield_blocks": {
        "attacks_only": "tests/scenarios/night/149-shchit-attacks-only-ruling.yaml",
    },
    "soul_shield_reflects_cancelled": {
        "true": "tests/scenarios/night/010-shchit-dush-reflects-cancelled-ruling.yaml",
    },
    "curse_fires_on_faction_cancel": {
        "false": "tests/scenarios/night/013-bez-dushi-porcha-ruling.yaml",
    },
    "curse_kill_shuler_saves": {
        "false": "tests/scenarios/cards/123-ruling-curse-not-saved-by-shuler.yaml",
    },
    "touch_lazaret_check": {
        "after_damage": "tests/scenarios/night/019-kasanie-after-damage-ruling.yaml",
    },
    "touch_restriction": {
        "earlier_orders_only": "tests/scenarios/night/187-touch-earlier-orders-ruling.yaml",
    },
    "army_timing": {
        "morning_after": "tests/scenarios/night/172-army-morning-after-ruling.yaml",
    },
    "army_heals_living": {
        "true": "tests/scenarios/night/005-armiya-tmy-heals-living-ruling.yaml",
    },
    "rebirth_requires_order": {
        "false": "tests/scenarios/night/182-rebirth-automatic-ruling.yaml",
    },
    "rebirth_inherits_uses": {
        "false": "tests/scenarios/rulings/rebirth-starts-fresh.yaml",
    },
    "resummon_scope": {
        "any_demon": "tests/scenarios/night/219-resummon-self-any-demon-ruling.yaml",
    },
    "resummon_acts_next_night": {
        "false": "tests/scenarios/night/243-resummon-skips-night-ruling.yaml",
    },
    "hunt_victim_alive": {
        "not_on_graveyard_or_prison": "tests/scenarios/night/173-gon-prison-victim-ruling.yaml",
    },
    "hunt_unlock_check": {
        "bite_night": "tests/scenarios/night/092-gon-unlock-bite-night-ruling.yaml",
    },
    "hunt_blockable": {
        "false": "tests/scenarios/night/174-gon-unblockable-ruling.yaml",
    },
    "jealousy_moon": {
        "any_night": "tests/scenarios/night/171-revnost-any-night-ruling.yaml",
    },
    "redirect_replaces": {
        "all_targets": "tests/scenarios/night/247-redirect-all-targets-ruling.yaml",
    },
    "redirect_precedence": {
        "charm_then_cards": "tests/scenarios/cards/135-ruling-redirect-card-wins.yaml",
    },
    "redirect_ignores_restrictions": {
        "false": "tests/scenarios/rulings/ispoved-charmed-onto-herself-restrictions.yaml",
    },
    "chary_blocks_passives": {
        "true": "tests/scenarios/night/088-chary-passives-ruling.yaml",
    },
    "chary_beats_charm": {
        "false": "tests/scenarios/night/175-chary-loses-to-charm-ruling.yaml",
    },
    "horoscope_counts": {
        "effective_only": "tests/scenarios/rulings/horoscope-effective-cancelled-attacks.yaml",
        "including_passives": "tests/scenarios/night/248-horoscope-passives-ruling.yaml",
    },
    "watch_counts_pigeon": {
        "false": "tests/scenarios/cards/133-ruling-watch-pigeon-and-cards.yaml",
    },
    "watch_counts_cards": {
        "true": "tests/scenarios/cards/133-ruling-watch-pigeon-and-cards.yaml",
    },
    "inquiry_neutrals_same_side": {
        "true": "tests/scenarios/night/177-neutrals-same-side-ruling.yaml",
    },
    "torture_fail_reports_civilian": {
        "false": "tests/scenarios/night/178-torture-void-nothing-ruling.yaml",
    },
    "confession_fail_target_learns": {
        "priest_role": "tests/scenarios/rulings/confession-fail-target-learns-priest-role.yaml",
    },
    "blessing_auto": {
        "false": "tests/scenarios/day/127-blessing-on-order-ruling.yaml",
    },
    "miting_votes_persist": {
        "false": "tests/scenarios/day/029-miting-votes-persist-ruling.yaml",
    },
    "miting_needs_vote": {
        "true": "tests/scenarios/day/162-miting-needs-vote-ruling.yaml",
    },
    "succession_heir": {
        "living": "tests/scenarios/day/118-preemstvennost-prisoner-heir-ruling.yaml",
    },
    "bribe_spent_only_if_used": {
        "false": "tests/scenarios/day/052-vzyatka-spent-ruling.yaml",
    },
    "operation_kill_immediate": {
        "false": "tests/scenarios/day/163-operation-kill-end-of-phase-ruling.yaml",
    },
    "sex_change_per_day": {
        "unlimited": "tests/scenarios/day/013-smena-pola-unlimited-ruling.yaml",
    },
    "open_block_despotiya": {
        "false": "tests/scenarios/day/033-despotiya-block-ruling.yaml",
    },
    "theft_blocks": {
        "open_incl_passives_and_vote": "tests/scenarios/day/165-theft-blocks-passives-ruling.yaml",
    },
    "investigation_lists": {
        "all_applied": "tests/scenarios/day/143-rassledovanie-all-applied-ruling.yaml",
        "fatal_only": "tests/scenarios/rulings/investigation-fatal-only.yaml",
    },
    "win_needs_active_member": {
        "false": "tests/scenarios/rulings/win-without-active-member.yaml",
    },
    "absent_faction_destroyed": {
        "false": "tests/scenarios/day/140-absent-faction-ruling.yaml",
    },
    "reveal_list_scope": {
        "all_players": "tests/scenarios/cards/104-ruling-reveal-all-players.yaml",
        "living_others": "tests/scenarios/cards/103-ruling-reveal-list-scope.yaml",
    },
    "reveal_real_roles": {
        "false": "tests/scenarios/cards/105-ruling-reveal-apparent-roles.yaml",
    },
    "reveal_from_prison_wins": {
        "false": "tests/scenarios/cards/106-ruling-reveal-from-prison-no-win.yaml",
    },
    "failed_reveal_is_death": {
        "false": "tests/scenarios/rulings/failed-reveal-not-death-keeps-puppet.yaml",
    },
    "shuffle_from_deck": {
        "full_deck": "tests/scenarios/cards/108-ruling-shuffle-full-deck.yaml",
    },
    "minus_first_day_throw": {
        "setup": "tests/scenarios/rulings/minus-first-day-throw-in-setup.yaml",
    },
    "zombie_command_scope": {
        "public_open_role_or_vote": "tests/scenarios/cards/109-ruling-zombie-public-only.yaml",
        "any_open_role": "tests/scenarios/rulings/zombie-any-open-role-miting.yaml",
    },
    "zombie_target_by_open_role_at_execution": {
        "false": "tests/scenarios/cards/110-ruling-zombie-target-at-implant.yaml",
    },
    "zombie_signal_needs_usable": {
        "false": "tests/scenarios/cards/111-ruling-zombie-signal-from-lazaret.yaml",
    },
    "pigeon_phase": {
        "any": "tests/scenarios/cards/112-ruling-pigeon-any-phase.yaml",
    },
    "pigeon_in_lazaret": {
        "false": "tests/scenarios/cards/113-ruling-pigeon-not-in-lazaret.yaml",
    },
    "joker_any_card": {
        "false": "tests/scenarios/cards/114-ruling-joker-not-in-hand.yaml",
    },
    "joker_carries_bonus": {
        "false": "tests/scenarios/cards/115-ruling-joker-no-bonus.yaml",
    },
    "shift_semantics": {
        "add_changes": "tests/scenarios/cards/116-ruling-shift-add-changes.yaml",
    },
    "shift_undoes_death": {
        "true": "tests/scenarios/cards/117-ruling-shift-undoes-death.yaml",
    },
    "shift_window_death_final": {
        "false": "tests/scenarios/cards/118-ruling-shift-window-death-not-final.yaml",
    },
    "night_victims_act": {
        "false": "tests/scenarios/exam/030-ruling-burnt-lich-signal-void.yaml",
    },
    "prison_starts": {
        "immediate": "tests/scenarios/night/186-prison-immediate-ruling.yaml",
    },
    "dungeon_release": {
        "start_of_next_night": "tests/scenarios/night/066-temnitsa-release-ruling.yaml",
    },
    "protection_order": {
        "cards_before_guards": "tests/scenarios/rulings/protection-cards-before-guards.yaml",
        "own_defences_first": "tests/scenarios/night/168-own-defences-first-ruling.yaml",
    },
    "heal_after_damage": {
        "false": "tests/scenarios/night/026-heal-before-damage-ruling.yaml",
    },
    "swap_before_death": {
        "false": "tests/scenarios/cards/119-ruling-swap-after-death.yaml",
    },
    "gryznya_rok": {
        "sequential_deck_order": "tests/scenarios/cards/101-ruling-gryznya-rok-sequential.yaml",
    },
    "shuler_window": {
        "throw_day_and_night": "tests/scenarios/cards/120-ruling-shuler-throw-day.yaml",
    },
    "shuler_saves_execution": {
        "false": "tests/scenarios/cards/122-ruling-shuler-not-execution.yaml",
    },
    "face_of_crowd_names_user": {
        "true": "tests/scenarios/night/185-face-of-crowd-names-ruling.yaml",
    },
    "executed_lives": {
        "unchanged": "tests/scenarios/day/141-executed-lives-ruling.yaml",
    },
    "vote_control_precedence": {
        "first_applied": "tests/scenarios/cards/124-ruling-vote-control-first.yaml",
    },
    "silence_starts": {
        "immediate": "tests/scenarios/cards/125-ruling-silence-immediate.yaml",
    },
    "card_bonus_uses_mask": {
        "false": "tests/scenarios/cards/126-ruling-bonus-real-role.yaml",
    },
    "card_bonus_timing": {
        "at_throw": "tests/scenarios/cards/127-ruling-bonus-at-throw.yaml",
    },
    "shield_self": {
        "protects": "tests/scenarios/cards/128-ruling-shield-self-protects.yaml",
    },
    "revived_act_next_night": {
        "false": "tests/scenarios/night/244-revived-act-same-night-ruling.yaml",
    },
    "transfusion_self": {
        "rejected": "tests/scenarios/night/183-transfusion-self-rejected-ruling.yaml",
    },
    "stop_after_winner": {
        "false": "tests/scenarios/day/154-stop-after-winner-ruling.yaml",
    },
}
