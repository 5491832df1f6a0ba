"""A target given as «X или Y» is a choice not made: the GM is asked, never one of the two
stored, also when only one of the two names is recognised (the other a spelling the parser
does not know)."""
from __future__ import annotations

import pytest

from scraper.orders import Roster, parse_text

ROSTER = Roster.from_mapping({n: {"open": o} for n, o in [
    ("alice", "Мэр"), ("bob", "Лекарь"), ("carol", "Оракул"), ("dave", "Вор"), ("erin", "Сыщик"),
    ("frank", "Бандит"), ("grace", "Цыганка"), ("heidi", "Богач")]})


@pytest.mark.parametrize("text", ["Кража — хейди или грейс", "Краду у Хейди или Грейс", "Кража: grace или хейди",
                                  "Краду у grace или у кого-то ещё"])
def test_an_alternative_of_targets_is_asked_never_stored(text):
    result = parse_text(text, ROSTER, author="dave", private=True)
    assert not result.orders, [str(o) for o in result.orders]
    assert result.unresolved, text


def test_a_plain_target_is_still_read():
    result = parse_text("Краду у Грейс", ROSTER, author="dave", private=True)
    assert [str(o) for o in result.orders] == ["{by: dave, ability: Кража, target: grace}"]
