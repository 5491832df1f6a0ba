"""Nicknames in the drafts: declined where the dictionary knows the word, kept as written
where it cannot be declined safely, verbs agreeing with the player's gender (the game
file's, else the dictionary's), a neutral wording otherwise; the secrets check finds a
player however his nickname is declined; the GM's replay still reads gorod's own drafts.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from config.game import GameConfigError, game_from_mapping
from engine import events as ev
from engine.morph import CASES, Gender, analyzer
from gorod.replay.gm import engine_facts, gm_facts, implied_facts
from publisher.drafts import phase_drafts, start_drafts
from publisher.markup import BBCODE, MARKDOWN, PLAIN
from publisher.morning import PlayerNews
from publisher.russian import Nick, declinable, inflect_nick, nick_forms, player_gender
from publisher.secrets import PUBLIC, Knowledge, check_text
from publisher.texts import STYLES, TemplateError, Texts
from scraper.orders.names import Player, Roster

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_drafts import NEUTRAL, SEATS, sample_phases  # noqa: E402

# ---------------------------------------------------------------- the declension table

# nickname, kind, then gent, datv, accs, ablt, loct
TABLE = [
    ("Аня", "female name", "Ани", "Ане", "Аню", "Аней", "Ане"),
    ("Зоя", "female name", "Зои", "Зое", "Зою", "Зоей", "Зое"),
    ("Ева", "female name", "Евы", "Еве", "Еву", "Евой", "Еве"),
    ("Петя", "male name", "Пети", "Пете", "Петю", "Петей", "Пете"),
    ("Игорь", "male name", "Игоря", "Игорю", "Игоря", "Игорем", "Игоре"),
    ("Лев", "male name, fleeting vowel", "Льва", "Льву", "Льва", "Львом", "Льве"),
    ("Гена", "male name, also a noun's form", "Гены", "Гене", "Гену", "Геной", "Гене"),
    ("Лис", "noun", "Лиса", "Лису", "Лиса", "Лисом", "Лисе"),
    ("Шарик", "inanimate noun: a player is animate", "Шарика", "Шарику", "Шарика", "Шариком", "Шарике"),
    ("Тень", "feminine noun", "Тени", "Тени", "Тень", "Тенью", "Тени"),
    ("Алёна", "ё kept", "Алёны", "Алёне", "Алёну", "Алёной", "Алёне"),
    ("Ёжик", "ё at the start", "Ёжика", "Ёжику", "Ёжика", "Ёжиком", "Ёжике"),
    ("Артем", "written without ё: stays so", "Артема", "Артему", "Артема", "Артемом", "Артеме"),
    ("ЛИС", "capitals kept", "ЛИСА", "ЛИСУ", "ЛИСА", "ЛИСОМ", "ЛИСЕ"),
    ("Kot_99", "Latin and digits", *["Kot_99"] * 5),
    ("007", "digits", *["007"] * 5),
    ("Старый Лис", "two words", *["Старый Лис"] * 5),
    ("Анна-Мария", "hyphen", *["Анна-Мария"] * 5),
    ("Мурка", "a word pymorphy3 only guesses", *["Мурка"] * 5),
    ("Крокозябра", "a word pymorphy3 only guesses", *["Крокозябра"] * 5),
]


@pytest.mark.parametrize("nick, kind, forms", [(r[0], r[1], list(r[2:])) for r in TABLE],
                         ids=[f"{row[0]} ({row[1]})" for row in TABLE])
def test_declension_table(nick, kind, forms):
    assert [inflect_nick(nick, case) for case in CASES[1:]] == forms
    assert inflect_nick(nick, "nomn") == nick
    assert declinable(nick) == (forms[0] != nick)


@pytest.mark.parametrize("nick, given, gender", [
    ("Зоя", None, Gender.FEMALE), ("Аня", None, Gender.FEMALE), ("Алёна", None, Gender.FEMALE),
    ("Петя", None, Gender.MALE), ("Лев", None, Gender.MALE), ("Гена", None, Gender.MALE),
    ("Саша", None, None),            # a name for both
    ("Лис", None, None),             # a noun is no first name: its grammatical gender says nothing
    ("Kot_99", None, None), ("Старый Лис", None, None), ("Мурка", None, None),
    ("Лис", Gender.FEMALE, Gender.FEMALE), ("Kot_99", Gender.MALE, Gender.MALE),
    ("Зоя", Gender.MALE, Gender.MALE),   # the game file wins over the dictionary
])
def test_gender_from_the_game_file_else_the_dictionary(nick, given, gender):
    assert player_gender(nick, {nick: given} if given else {}) == gender


def _executed(nick: str) -> list[ev.Event]:
    cause = ev.Cause("§4.3")
    return [ev.Executed("day 1", cause, nick), ev.Revealed("day 1", cause, nick, "Бес"),
            ev.StatusChanged("day 1", cause, nick, "none", "Кладбище")]


def _news(events, style: str, genders=None) -> str:
    [news] = [d for d in phase_drafts(events[0].phase, events, PLAIN, Texts(style=style, genders=genders))
              if d.kind == "news"]
    return news.body.splitlines()[1]


@pytest.mark.parametrize("nick, genders, terse, full", [
    ("Зоя", None, "По итогам Дневного Вече казнена Зоя (Бес).",
     "По итогам Дневного Вече казнена Зоя, её тайная роль — Бес."),
    ("Петя", None, "По итогам Дневного Вече казнён Петя (Бес).",
     "По итогам Дневного Вече казнён Петя, его тайная роль — Бес."),
    ("Лис", {"Лис": Gender.FEMALE}, "По итогам Дневного Вече казнена Лис (Бес).",
     "По итогам Дневного Вече казнена Лис, её тайная роль — Бес."),
    ("Лис", None, "Лис (Бес) — казнь по итогам Дневного Вече.",
     "Лис — казнь по итогам Дневного Вече, тайная роль — Бес."),
    ("Kot_99", None, "Kot_99 (Бес) — казнь по итогам Дневного Вече.",
     "Kot_99 — казнь по итогам Дневного Вече, тайная роль — Бес."),
    ("Kot_99", {"Kot_99": Gender.MALE}, "По итогам Дневного Вече казнён Kot_99 (Бес).",
     "По итогам Дневного Вече казнён Kot_99, его тайная роль — Бес."),
])
def test_an_execution_agrees_with_the_gender_or_needs_none(nick, genders, terse, full):
    assert _news(_executed(nick), "terse", genders) == terse
    assert _news(_executed(nick), "full", genders) == full


@pytest.mark.parametrize("nick, genders, full", [
    ("Вера", None, "Вера отправилась в Тюрьму."),
    ("Петя", None, "Петя отправился в Тюрьму."),
    ("Лис", {"Лис": Gender.FEMALE}, "Лис отправилась в Тюрьму."),
    ("Лис", None, "Лис отправляется в Тюрьму."),
])
def test_a_status_in_the_full_style_agrees_in_the_past_tense(nick, genders, full):
    event = ev.StatusChanged("night 1", ev.Cause("N9"), nick, "none", "Тюрьма")
    assert _news([event], "full", genders) == full
    assert _news([event], "terse", genders) == f"{nick} отправляется в Тюрьму."


@pytest.mark.parametrize("nick, line", [
    ("Ева", "Применена способность «Божественное благословление» игроком Евой."),
    ("Лис", "Применена способность «Божественное благословление» игроком Лисом."),
    ("Kot_99", "Применена способность «Божественное благословление» игроком Kot_99."),
])
def test_an_announcement_declines_its_author(nick, line):
    assert _news([ev.Announced("night 1", ev.Cause("x"), "Божественное благословление", by=nick)], "terse") == line


def test_private_lines_keep_the_word_igrok_before_a_declined_nickname():
    texts = Texts()
    line = lambda about: texts.line("private", ev.Learned("night 1", ev.Cause("x"), "Гена",
                                                          ev.fact(about=about, visitors=["Вера"])))
    assert line("Аня") == "Этой ночью игрока Аню посетили: Вера."
    assert line("Kot_99") == "Этой ночью игрока Kot_99 посетили: Вера."
    assert Nick("Ева").called("ablt") == "Евой" and Nick("Kot_99").called("ablt") == "игроком Kot_99"


def test_a_template_asking_a_gender_nobody_knows_is_an_error_naming_it(tmp_path):
    (tmp_path / "events.j2").write_text("{% macro public_player(x, f) %}{{ x }} {{ x.v('ушёл', 'ушла') }}{% endmacro %}",
                                        encoding="utf-8")
    events = [ev.Died("night 1", ev.Cause("x"), "Kot_99")]
    with pytest.raises(TemplateError, match="events.j2: public_player: .*Kot_99"):
        phase_drafts("night 1", events, PLAIN, Texts(tmp_path))
    [news] = phase_drafts("night 1", [ev.Died("night 1", ev.Cause("x"), "Зоя")], PLAIN, Texts(tmp_path))
    assert "Зоя ушла" in news.body


def test_a_template_the_gm_edits_while_gorod_runs_is_read_afresh(tmp_path):
    """Compiled templates are kept for the whole process (publisher.texts): an edit of the
    GM's file in place is seen by the next `Texts`, not the compiled old text."""
    events = [ev.Died("night 1", ev.Cause("x"), "Зоя")]
    template = tmp_path / "events.j2"
    template.write_text("{% macro public_player(x, f) %}{{ x }} ушла{% endmacro %}", encoding="utf-8")
    [news] = phase_drafts("night 1", events, PLAIN, Texts(tmp_path))
    assert "Зоя ушла" in news.body
    template.write_text("{% macro public_player(x, f) %}{{ x }} покинула город{% endmacro %}", encoding="utf-8")
    [news] = phase_drafts("night 1", events, PLAIN, Texts(tmp_path))
    assert "Зоя покинула город" in news.body and "Зоя ушла" not in news.body


def test_a_macro_the_gms_copy_lacks_comes_from_the_bundled_file(tmp_path):
    """An older copy of events.j2 (public_Executed, no public_player) loses no line."""
    (tmp_path / "events.j2").write_text("{% macro public_Executed(e) %}старое{% endmacro %}"
                                        "{% macro public_Announced(e) %}Своё: {{ e.ability }}{% endmacro %}",
                                        encoding="utf-8")
    events = _executed("Зоя") + [ev.Announced("day 1", ev.Cause("x"), "Деспотия", by="Аня")]
    [news] = phase_drafts("day 1", events, PLAIN, Texts(tmp_path))
    assert news.body.splitlines()[1:] == ["По итогам Дневного Вече казнена Зоя (Бес).", "Своё: Деспотия"]


# ---------------------------------------------------------------- the property


class _Marking(Texts):
    """Texts whose nicknames write, for every case asked, a marker «⟨nick|case⟩»."""

    def nick(self, name: str) -> Nick:
        return _MarkedNick(str(name), player_gender(str(name), self.genders))


class _MarkedNick(Nick):
    def case(self, case: str) -> str:
        return self.name if case == "nomn" else f"⟨{self.name}|{case}⟩"

    @property
    def declinable(self) -> bool:
        return declinable(self.name)


_MARK = re.compile(r"⟨([^|⟩]+)\|(\w+)⟩")
POOL = ["Аня", "Зоя", "Ева", "Петя", "Гена", "Лев", "Алёна", "Артём", "Илья", "Любовь", "Лис", "Кот", "Шарик",
        "Ёжик", "Тень", "Саша", "Kot_99", "007", "Старый Лис", "Анна-Мария", "Мурка", "ЛИС", "Зоркий"]


@given(st.permutations(POOL), st.sampled_from(sorted(STYLES)), st.sampled_from([PLAIN, BBCODE, MARKDOWN]),
       st.dictionaries(st.sampled_from(POOL), st.sampled_from(list(Gender)), max_size=4))
@settings(max_examples=40, deadline=None)
def test_property_a_case_asked_of_a_declinable_nickname_is_never_left_undeclined(pool, style, markup, genders):
    """Whatever the nicknames and genders, every place a template asks a case of a nickname
    (found by rendering with markers) holds, in the real draft, the form of that case: for a
    declinable nickname one the dictionary reads in that case, for any other the nickname."""
    cast = dict(zip(SEATS, pool))
    asked = 0
    for name, events in sample_phases(cast):
        if name == "start":
            continue
        real = phase_drafts(name, events, markup, Texts(style=style, genders=genders))
        marked = phase_drafts(name, events, markup, _Marking(style=style, genders=genders))
        assert [d.key for d in real] == [d.key for d in marked]
        for r, m in zip(real, marked):
            # the marked text with each marker replaced by the real form is the real text
            rebuilt = _MARK.sub(lambda g: inflect_nick(g[1], g[2]), _unescape(m.body, markup))
            assert rebuilt == _unescape(r.body, markup), (r.key, m.body, r.body)
            for nick, case in _MARK.findall(_unescape(m.body, markup)):
                asked += 1
                form = inflect_nick(nick, case)
                if not declinable(nick):
                    assert form == nick
                    continue
                cases = {p.tag.case for p in analyzer().parse(form.lower())
                         if p.tag.POS == "NOUN" and "plur" not in p.tag.grammemes}
                # «Шарика»: the animate accusative of a player is the genitive
                assert case in cases or (case == "accs" and "gent" in cases), (nick, case, form)
                assert case == "accs" or form != nick or nick in ("Тень",), (nick, case)
    assert asked > 0


def _unescape(text: str, markup) -> str:
    """Markdown escapes `_` and `|` inside nicknames and markers alike: undo it to compare."""
    return re.sub(r"\\(.)", r"\1", text) if markup is MARKDOWN else text



# ---------------------------------------------------------------- the secrets check


@pytest.mark.parametrize("nick", [row[0] for row in TABLE])
@pytest.mark.parametrize("case", CASES)
def test_the_secrets_check_finds_a_player_however_his_nickname_is_declined(nick, case):
    know = Knowledge.from_game({nick: "Бес", "Боря": "Лич"}, [])
    line = f"Мы знаем про {inflect_nick(nick, case)}: он Бес."
    [leak] = check_text(line, PUBLIC, know)
    assert (leak.player, leak.role) == (nick, "Бес")
    assert check_text(line.replace("Бес", "Лич"), PUBLIC, know) == []   # not his role


def test_the_secrets_check_finds_forms_the_gm_writes_by_hand():
    know = Knowledge.from_game({"Зоя": "Суккуб", "Лев": "Бес"}, [])
    assert check_text("Беседовали с зоей: Суккуб.", PUBLIC, know)        # lower case
    assert check_text("С ЗОЕЙ всё ясно: СУККУБ.", PUBLIC, know)          # capitals
    assert check_text("Льва проверили — Бес.", PUBLIC, know)
    assert check_text("Лена — Бес.", PUBLIC, know) == []                 # another name
    assert {"зоей", "зою", "зои"} <= nick_forms("Зоя")


def test_every_draft_of_both_styles_passes_the_secrets_check_and_names_declined_players():
    cast = {"Аня": "Лис"}
    secrets = {cast.get(n, n): roles[1] for n, roles in SEATS.items()}
    for style in STYLES:
        texts = Texts(style=style)
        seen: list[ev.Event] = []
        for name, events in sample_phases(cast):
            seen.extend(events)
            know = Knowledge.from_game(secrets, seen)
            drafts = (start_drafts({cast.get(n, n): r for n, r in SEATS.items()}, events, BBCODE, texts)
                      if name == "start" else phase_drafts(name, events, BBCODE, texts))
            for d in drafts:
                assert check_text(d.body, d.audience, know) == [], (style, d.key)
    # the check sees the declined names: a Вера's PM told Бори's role, pasted into the news
    [news] = [d for d in phase_drafts("night 1", sample_phases()[1][1], BBCODE) if d.kind == "news"]
    know = Knowledge.from_game({n: r[1] for n, r in SEATS.items()}, sample_phases()[1][1])
    assert check_text(news.body + "\nТайная роль игрока Бори: Зомби.", PUBLIC, know)


# ---------------------------------------------------------------- the replay reads gorod's drafts


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("cast", [None, {"Зоя": "Лис", "Гена": "Kot_99"}], ids=["names", "others"])
def test_the_replay_reads_the_same_facts_from_the_drafts_as_from_the_events(style, cast):
    """`gorod replay` compares the engine's facts with the GM's announcements: gorod's own
    news post, in either style, states exactly the engine's facts and the ones an announced
    ability implies (the blessing's Лазарет visit, which gorod tells)."""
    roster = Roster(tuple(Player((cast or {}).get(n, n)) for n in SEATS))
    texts = Texts(style=style)
    for name, events in sample_phases(cast):
        if name == "start":
            continue
        [news] = [d for d in phase_drafts(name, events, PLAIN, texts) if d.kind == "news"]
        said = {fact for fact, _ in gm_facts(news.body, roster)}
        assert said == set(engine_facts(events)) | set(implied_facts(events)), (style, name, news.body)


# ---------------------------------------------------------------- the game file


@pytest.mark.parametrize("value, gender", [("ж", Gender.FEMALE), ("Женский", Gender.FEMALE), ("f", Gender.FEMALE),
                                           ("м", Gender.MALE), ("мужской", Gender.MALE), ("муж.", Gender.MALE)])
def test_the_game_file_gives_a_gender_in_russian(value, gender):
    game = game_from_mapping({"players": {"Лис": {"open": "Мэр", "gender": value}}}, "game.yaml")
    assert game.genders == {"Лис": gender}


def test_a_wrong_gender_or_style_is_a_russian_error_naming_the_key():
    with pytest.raises(GameConfigError, match=r"game.yaml: players.Лис.gender: непонятный пол 'оно'"):
        game_from_mapping({"players": {"Лис": {"open": "Мэр", "gender": "оно"}}}, "game.yaml")
    with pytest.raises(GameConfigError, match=r"game.yaml: style: неизвестный стиль черновиков 'пышный'"):
        game_from_mapping({"style": "пышный"}, "game.yaml")
    assert game_from_mapping({}, "g").style == "terse"
    assert game_from_mapping({"style": "подробный"}, "g").style == "full"


def test_the_config_and_the_publisher_know_the_same_styles():
    from config.game import DRAFT_STYLES
    assert set(DRAFT_STYLES) == set(STYLES)
    with pytest.raises(TemplateError, match="unknown style"):
        Texts(style="пышный")


def test_player_news_groups_every_fact_of_one_player():
    cause = ev.Cause("x")
    [ana] = [n for n in __import__("publisher.morning", fromlist=["x"]).player_news(
        [ev.Revealed("night 3", cause, "Аня", "Инквизитор"), ev.OpenRoleChanged("night 3", cause, "Аня", "Мэр", "Мэр (бывший)"),
         ev.StatusChanged("night 3", cause, "Аня", "none", "Кладбище")], night=True)]
    assert isinstance(ana, PlayerNews) and ana.died and ana.revealed == "Инквизитор" and ana.statuses == []
    assert ana.open_role == ("Мэр", "Мэр (бывший)")


def test_a_tied_day_resolved_by_the_engine_says_who_tied():
    """The engine's NoExecution event (§4.3: «Если таких персонажей более одного, не умирает
    никто») becomes the day's first line in both styles."""
    from engine.orders import Order
    from engine.phase import PhaseId
    from engine.resolve import resolve
    from engine.rulings import Rulings
    from engine.setup import Seat, new_game

    seats = [Seat(nick, open_role, secret) for nick, (open_role, secret) in SEATS.items()]
    state, _ = new_game(seats, {"Жора": {"mask": "Мирный житель"},
                                "Ева": {"hand": ["Валет Крестей", "Шестерка Бубен", "Тройка Бубен", "Джокер"]}},
                        Rulings.defaults(), seed=1)
    state = resolve(state, PhaseId.parse("night 1"), []).state
    votes = [
        Order(by, "Голосование", target=target) for by, target in
        (("Вера", "Боря"), ("Зоя", "Боря"), ("Боря", "Гена"), ("Дима", "Гена"))]
    result = resolve(state, PhaseId.parse("day 1"), votes)
    [tie] = [e for e in result.events if isinstance(e, ev.NoExecution)]
    assert tie.tied and set(tie.leaders) == {("Боря", 2), ("Гена", 2)}
    assert not any(isinstance(e, ev.Executed) for e in result.events)
    for style, line in (("terse", "Голоса разделились: Боря — 2, Гена — 2. Казни нет."),
                        ("full", "Голоса на Дневном Вече разделились поровну: Боря — 2 голоса, Гена — 2 голоса.")):
        [news] = [d for d in phase_drafts("day 1", result.events, PLAIN, Texts(style=style)) if d.kind == "news"]
        assert news.body.splitlines()[1].startswith(line), news.body
