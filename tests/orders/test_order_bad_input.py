"""Any text gives orders and questions, never an exception (issue 13): control characters,
unknown scripts, letters outside the BMP, emoji, long posts, nicknames full of regex
metacharacters, with every parse setting that changes the reading path."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from scraper.orders import ParseSettings, Roster, Span, parse_text

NICKS = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12) \
    .map(str.strip).filter(bool)
# regex metacharacters and brackets, scripts the morphology does not know, astral letters
AWKWARD = ["a.*b(", "[Лис]", "Маша\\d+", "?+{2}", "((x)", "Kotik_7", "Dan Brown", "𗀀Тангут", "😀", "Ли\u0301с",
           "^$|", "\\", "Ё", "i̇"]
PIECES = st.sampled_from(["Голосую против ", "Кусаю ", "Бью ", "Комментарий: ", "[b]", "[/b]", "[color=red]",
                          "[/color]", "«", "»", "\n", ". ", "? ", "или ", "Нет, передумал — ", "##vote ",
                          "\x00", "\x1b[31m", "\u202e", "\ufeff", "𗀀𗀁", "🙂🔥", "ﷺ", "\u0301", "против "])
SETTINGS = st.sampled_from([ParseSettings(), ParseSettings(orders_outside_comment=False),
                            ParseSettings.from_mapping({"vote_emphasis": "bold",
                                                        "vote_forms": ["ru", "hash", "bold_name"]})])


@st.composite
def rosters(draw) -> Roster:
    nicks = draw(st.lists(st.one_of(st.sampled_from(AWKWARD), NICKS), min_size=1, max_size=6, unique=True))
    return Roster.from_mapping({n: {} for n in nicks})


@st.composite
def texts(draw, roster: Roster) -> str:
    nick = st.sampled_from(list(roster.nicks))
    parts = draw(st.lists(st.one_of(PIECES, nick, st.text(max_size=20)), max_size=20))
    return "".join(parts)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), SETTINGS, st.booleans())
def test_any_text_gives_orders_and_questions(data, parse_settings, private):
    roster = data.draw(rosters())
    text = data.draw(texts(roster))
    author = data.draw(st.one_of(st.none(), st.sampled_from(list(roster.nicks)), st.just("Незнакомец")))
    spans = [Span(s, bold=True) for s in data.draw(st.lists(st.text(max_size=10), max_size=3))]
    result = parse_text(text, roster, parse_settings, author=author, private=private, emphasis=spans)
    for order in result.orders:
        assert order.by in ("", author)
    for item in result.unresolved:
        assert item.reason and isinstance(item.text, str)
        assert all(isinstance(c, str) for c in item.candidates)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(), max_size=300), st.booleans())
def test_random_unicode_never_raises(text, private):
    roster = Roster.from_mapping({n: {} for n in AWKWARD})
    parse_text(text, roster, author="a.*b(", private=private)


def test_a_100_kb_post_of_noise_is_read():
    rng = random.Random(13)
    alphabet = "абвгд Лис Маша голосую против кусаю . ? ! \n « » [b] [/b] 𗀀 😀 \x00 \u0301 a.*b( ".split(" ")
    text = " ".join(rng.choice(alphabet) for _ in range(25_000))[:100_000]
    roster = Roster.from_mapping({"Лис": {"open": "Мэр"}, "Маша": {}, "a.*b(": {}})
    result = parse_text(text, roster, author="Маша")
    assert result.orders or result.unresolved
