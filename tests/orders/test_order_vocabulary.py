"""The parser's vocabulary and the memo come from the ability registry: one place."""
from __future__ import annotations

import pytest

from engine.abilities import ABILITIES, RoleKind, find_ability
from scraper.orders import Roster, parse_text
from scraper.orders.memo import memo
from scraper.orders.settings import ParseSettings
from scraper.orders.vocabulary import LEXICON, SAMPLE_PLAYERS, Channel, channel_of, lexicon


def test_every_orderable_ability_has_an_entry():
    missing = [s.name for s in ABILITIES if s.orderable and lexicon(s.name) is None]
    assert missing == []


def test_no_entry_for_an_unknown_or_passive_ability():
    for lex in LEXICON:
        spec = find_ability(lex.ability)
        assert spec is not None and spec.name == lex.ability, lex.ability
        assert spec.orderable, lex.ability


def test_every_entry_has_an_example():
    assert [lex.ability for lex in LEXICON if not lex.examples] == []


def test_public_open_and_common_abilities_go_to_the_post():
    """«Заявки на публичные действия должны быть даны в посте в графе "комментарий"»."""
    for spec in ABILITIES:
        if spec.orderable and spec.public and spec.kind in (RoleKind.COMMON, RoleKind.OPEN):
            assert channel_of(spec.name) == Channel.POST, spec.name
        if spec.orderable and not spec.public:
            assert channel_of(spec.name) == Channel.PM, spec.name


def _author(spec):
    players = {k: dict(v) for k, v in SAMPLE_PLAYERS.items()}
    for nick, roles in players.items():
        if roles["open"] in spec.roles or roles["secret"] in spec.roles:
            return nick, players
    role = spec.roles[0] if spec.roles else None
    players["Дима"] = ({"open": role} if spec.kind == RoleKind.OPEN else {"secret": role}) if role else {}
    return "Дима", players


@pytest.mark.parametrize("ability,text,expected", [
    (lex.ability, text, exp) for lex in LEXICON for text, exp in lex.examples])
def test_memo_example_parses(ability, text, expected):
    spec = find_ability(ability)
    author, players = _author(spec)
    result = parse_text(text, Roster.from_mapping(players), author=author,
                        private=channel_of(ability) == Channel.PM)
    assert result.unresolved == ()
    assert [o.to_mapping() for o in result.orders] == [{"by": author, "ability": ability, **expected}]


def test_memo_lists_every_orderable_ability_with_its_examples():
    text = memo()
    for lex in LEXICON:
        assert f"• {lex.ability} (" in text
        for example, _ in lex.examples:
            assert f"«{example}»" in text
    for spec in ABILITIES:
        if not spec.orderable:
            assert f"• {spec.name} (" not in text


def test_memo_follows_the_game_settings():
    text = memo(ParseSettings.from_mapping({"vote_forms": ["hash"], "vote_emphasis": "bold",
                                            "orders_outside_comment": False}))
    assert "##vote" in text and "Голосую против Мэра" not in text
    assert "жирным" in text and "в графе «комментарий»" in text


def test_memo_for_one_role():
    text = memo(roles={"Вор"})
    assert "• Кража (" in text and "• Укус (" not in text and "• Голосование (" in text


def test_memo_lists_the_slang_the_parser_understands():
    from scraper.orders.memo import first_person
    from scraper.orders.vocabulary import slang_table, vocabulary

    text = memo()
    vocab = vocabulary()
    rows = text.splitlines()
    assert len(slang_table()) >= 20                     # the rows of engine/abilities/ carry it
    for ability, words in slang_table().items():
        head = next(n for n, row in enumerate(rows) if row.startswith(f"• {ability} ("))
        line = next(row for row in rows[head + 1:] if row.startswith("  Сленг:"))
        for word in words:
            assert first_person(word) in line, (ability, word)
    # and the parser reads a slang verb as the sender's ability
    assert vocab.slang_verbs["бить"] == frozenset({"Нападение"})


def test_every_slang_word_the_memo_lists_orders_its_ability():
    """«Бью Машу» from a holder of the ability (and only it) is that ability's order."""
    from engine.abilities import find_ability
    from engine.names import OPEN_ROLES
    from scraper.orders import Roster, parse_text
    from scraper.orders.memo import first_person
    from scraper.orders.vocabulary import slang_table

    for ability, words in slang_table().items():
        spec = find_ability(ability)
        role = spec.roles[0] if spec.roles else None
        me = {} if role is None else ({"open": role} if role in OPEN_ROLES else {"secret": role})
        roster = Roster.from_mapping({"Я": me, "Маша": {}, "Петя": {}})
        for word in words:
            targets = "Машу и Петю" if ability in ("Дознание", "Очарование") else "Машу"
            text = f"{first_person(word)} {targets}"
            result = parse_text(text, roster, author="Я", private=ability != "Голосование")
            assert [o.ability for o in result.orders] == [ability], (text, result)
