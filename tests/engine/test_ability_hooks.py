"""One ability, one module: every spec row lives in one module of engine/abilities/, cites
its sentence of rules-ru.txt, and joins the hooks its timing needs; every hook names a
known ability and a step the engine runs."""
from __future__ import annotations

import re

import pytest

from engine import abilities
from engine.abilities import ABILITIES, MODULES, When, registry
from engine.abilities.registry import Kind
from engine.day import Day
from engine.night import NIGHT_STEPS, SKELETON
from gorod_testpaths import shared_dir

NIGHT_KINDS = {Kind.NIGHT_STEP, Kind.INFO, Kind.ANYTIME, Kind.ATTACK, Kind.ACCEPTED, Kind.INTAKE}
DAY_KINDS = {Kind.DAY_EFFECT, Kind.ANYTIME}
CARD_KINDS = {Kind.ON_THROW, Kind.CARD_REFUSAL, Kind.AS_THROWN, Kind.CARD_INFO}   # serve a card of the deck

# Passive or start-of-game rows whose effect is not a hook, and where it is instead.
NOT_HOOKS = {
    "Загнанный в угол": "imp.cornered, read by Нападение's attack hook",
}


def _may_act(spec, phase: When) -> bool:
    if spec.when_ruling:
        return True   # the ruling may put it in either phase
    return spec.when in (phase, When.ANY)


def test_every_spec_is_in_exactly_one_module():
    seen: dict[str, str] = {}
    for module in MODULES:
        for spec in module.SPECS:
            assert spec.name not in seen, f"{spec.name} in {seen[spec.name]} and {module.__name__}"
            seen[spec.name] = module.__name__
    assert set(seen) == {s.name for s in ABILITIES}
    assert len(seen) == 63


@pytest.mark.parametrize("spec", [s for s in ABILITIES if s.orderable], ids=lambda s: s.name)
def test_every_orderable_spec_has_its_hooks(spec):
    joins = registry.JOINS.get(spec.name, set())
    if spec.when is When.TRIGGER:
        assert joins & {Kind.TRIGGER, Kind.LAZARET}, f"{spec.name}: a trigger with no trigger hook"
        return
    if _may_act(spec, When.NIGHT):
        assert joins & NIGHT_KINDS, f"{spec.name} may be ordered at night but joins no night hook"
    if _may_act(spec, When.DAY):
        assert joins & DAY_KINDS, f"{spec.name} may be ordered by day but has no day effect"
    if spec.is_attack:
        assert Kind.ATTACK in joins, f"{spec.name}: an attack without its rank and damage hook"


@pytest.mark.parametrize("spec", [s for s in ABILITIES if not s.orderable], ids=lambda s: s.name)
def test_every_passive_spec_acts_through_a_hook_or_says_where(spec):
    if spec.name not in NOT_HOOKS:
        assert registry.JOINS.get(spec.name), f"{spec.name}: passive, but no hook carries it"


def test_the_list_of_rows_without_hooks_names_real_passive_rows():
    by_name = {s.name: s for s in ABILITIES}
    for name in NOT_HOOKS:
        assert name in by_name and not by_name[name].orderable, name


def test_every_hook_names_a_known_ability_and_a_step_that_runs():
    names = {s.name for s in ABILITIES}
    steps = {code for code, _ in NIGHT_STEPS}
    for hook in registry.HOOKS:
        known = registry.DECK if hook.kind in CARD_KINDS else names
        assert hook.ability in known, f"{hook.fn.__module__}.{hook.fn.__name__}: {hook.ability!r}"
        if hook.kind is Kind.NIGHT_STEP:
            assert hook.step in steps, f"{hook.fn.__name__}: step {hook.step} is not in NIGHT_STEPS"
        if hook.kind is Kind.DAY_STEP:
            assert hook.step in Day.STEPS, f"{hook.fn.__name__}: day step {hook.step} never runs"
    assert set(SKELETON) <= steps


def test_hooks_live_in_the_module_of_their_ability():
    """A hook for ability X is registered by X's module (a package's: by one of its
    modules); a card's hooks serve Кинуть карты, the order that throws it, from the card's
    own module; only a refusal may be registered by the module whose rule refuses X («не
    может … быть оправдан Богачом» refuses a Взятка from engine/abilities/inquisitor.py)."""
    home = {spec.name: module.__name__ for module in MODULES for spec in module.SPECS}
    for hook in registry.HOOKS:
        module = hook.fn.__module__
        refusals = {Kind.REFUSAL, Kind.NIGHT_REFUSAL, Kind.DAY_REFUSAL, Kind.DAY_FIRST_REFUSAL}
        if hook.kind in refusals and module.startswith("engine.abilities."):
            continue
        if module.startswith("engine.abilities.cards.") and (hook.ability == "Кинуть карты"
                                                             or hook.kind in CARD_KINDS):
            continue   # the card's own module: test_every_card_has_one_row_in_one_module…
        assert module == home[hook.ability] or module.startswith(home[hook.ability] + "."), \
            f"{module}.{hook.fn.__name__} serves {hook.ability}"


def test_every_card_has_one_row_in_one_module_citing_its_sentence():
    """One card, one module (a family where the rules tie two cards): its row and hooks."""
    from engine.abilities.cards import CARD_MODULES
    from engine.abilities.registry import DECK
    from engine.abilities.spec import CardSpec
    from engine.names import CARDS

    rows = [value for module in CARD_MODULES for value in vars(module).values()
            if isinstance(value, CardSpec)]
    assert sorted(r.name for r in rows) == sorted(CARDS) == sorted(DECK)
    card_kinds = (registry.ON_THROW, registry.CARD_REFUSAL, registry.AS_THROWN, registry.CARD_INFO)
    for kind in card_kinds:
        for hook in kind.hooks():
            name = hook.ability
            owner = next(m for m in CARD_MODULES if any(v is DECK[name] for v in vars(m).values()))
            assert hook.fn.__module__ == owner.__name__, f"{hook.fn.__name__} for {name} in {hook.fn.__module__}"
    if shared_dir() is not None:
        rules = _squash((shared_dir() / "rules" / "rules-ru.txt").read_text(encoding="utf-8"))
        for row in rows:
            assert row.rule.startswith(row.name) and _squash(row.rule) in rules, row.name


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.skipif(shared_dir() is None, reason="../shared is not beside this checkout")
@pytest.mark.parametrize("spec", ABILITIES, ids=lambda s: s.name)
def test_every_spec_cites_its_sentence_of_the_rules(spec):
    rules = _squash((shared_dir() / "rules" / "rules-ru.txt").read_text(encoding="utf-8"))
    assert _squash(spec.rule) in rules, f"{spec.name}: its rule is not a sentence of rules-ru.txt"


def test_the_package_reexports_the_registry():
    assert abilities.find_ability("кража").name == "Кража"
    assert abilities.ability("Braaains").name == "Bra-a-a-ains"
    assert abilities.registry_index("Голосование") == 0


def test_every_sub_step_of_a_reordered_step_is_in_its_orders():
    """N4's order changes with `redirect_precedence`; a hook whose sub-step letter is
    missing from SUBSTEP_ORDERS would run at an arbitrary place."""
    from engine.night import SUBSTEP_ORDERS

    for (code, _reading), order in SUBSTEP_ORDERS.items():
        subs = {h.sub for h in registry.NIGHT_STEP.at(code)} | {sub for sub, _ in SKELETON.get(code, ())}
        assert subs <= set(order), (code, sorted(subs - set(order)))


@pytest.mark.skipif(shared_dir() is None, reason="../shared is not beside this checkout")
def test_every_hook_cites_a_sentence_of_the_rules_in_its_docstring():
    """Each hook's docstring quotes («…») a piece of the rules-ru.txt sentence it follows (a
    quote may elide with «…»; the other text may add the ruling it reads)."""
    rules = _squash((shared_dir() / "rules" / "rules-ru.txt").read_text(encoding="utf-8"))

    def cites(fn) -> bool:
        quotes = re.findall(r"«([^»]*)»", fn.__doc__ or "")
        return any(_squash(part).strip(" .") and _squash(part).strip(" .") in rules
                   for q in quotes for part in re.split(r"…|\.\.\.", q))

    uncited = sorted({f"{h.fn.__module__}.{h.fn.__name__}" for h in registry.HOOKS if not cites(h.fn)})
    assert uncited == [], f"hooks whose docstring quotes no sentence of rules-ru.txt: {uncited}"
