"""Drafts from events: Russian plurals, the news post carries no secret, the demo runs."""
from __future__ import annotations

import io

import pytest

from engine import events as ev
from engine.orders import Order
from engine.reasons import Reason
from gorod.demo import run_demo
from gorod.commands.demo import DEMO
from simulate import play
from publisher.render import private_line, public_line, render_phase
from publisher.russian import lives, plural, votes


@pytest.mark.parametrize("n, word", [(0, "жизней"), (1, "жизнь"), (2, "жизни"), (4, "жизни"),
                                     (5, "жизней"), (11, "жизней"), (12, "жизней"), (21, "жизнь"),
                                     (22, "жизни"), (111, "жизней"), (101, "жизнь")])
def test_plural_forms(n, word):
    assert lives(n) == f"{n} {word}"


def test_votes_plural():
    assert votes(3) == "3 голоса" and votes(5) == "5 голосов" and plural(1, "a", "b", "c") == "a"


def _secret_words(event: ev.Event) -> list[str]:
    if isinstance(event, ev.Learned):
        return [str(v) for k, v in event.as_dict().items() if k in ("secret", "message", "open")]
    return []


def test_news_post_never_carries_private_facts():
    """Over many random games, no public line is built from a private event, and every
    private event becomes a line only in its recipient's message."""
    for seed in range(15):
        _state, results = play(seed, phases=12)
        for result in results:
            drafts = render_phase("p", result.events)
            for event in result.events:
                if event.scope is not ev.Scope.PUBLIC:
                    assert public_line(event) is None
            private_nicks = {n for e in result.events for n in e.recipients()}
            assert set(drafts.private) <= private_nicks


def test_rejection_reaches_only_its_author():
    order = Order("Боря", "Укус", target="Аня")
    event = ev.Rejected("night 2", ev.Cause("x", (order,)), order, Reason.COOLDOWN, "Заявка отклонена")
    drafts = render_phase("night 2", [event])
    assert drafts.private == {"Боря": ["Заявка отклонена"]}
    assert drafts.news == ["Ничего примечательного не произошло."]


def test_private_lines_for_each_fact_kind():
    def learned(**fact):
        return ev.Learned("night 1", ev.Cause("x"), "Аня", ev.fact(**fact))
    assert private_line(learned(about="Боря", secret="Бес")) == "Тайная роль игрока Бори: Бес."
    assert "на разных сторонах" in private_line(learned(about=["А", "Б"], same_side=False))
    assert private_line(learned(about="Боря", visitors=[])) == "Этой ночью игрока Борю никто не посещал."
    assert "Вера и Гена" in private_line(learned(about="Боря", visitors=["Вера", "Гена"]))
    assert "Нападение" in private_line(learned(about="Боря", killed_by=["Нападение"]))
    assert "да." in private_line(learned(about="Боря", answer=True))
    assert "Protective circle" in private_line(learned(notice="circle_gone"))


def test_demo_prints_a_readable_game():
    out = io.StringIO()
    assert run_demo(str(DEMO), out=out) == 0
    text = out.getvalue()
    assert "=== Ночь 1 (Новолуние) ===" in text and "=== День 4 ===" in text
    assert "По итогам Дневного Вече казнён Боря (Бес)." in text
    assert "Аня (Инквизитор) отправляется на Кладбище, явная роль теперь: Мэр (бывший)." in text
    assert "Этой ночью игрока Аню посетили: Вера и Гена." in text
    # «О том, что Священник попадал в Лазарет, наутро пишется»; the demo's GM told only the
    # blessing, which the replay takes as saying it (no difference)
    assert ("Ева попадает в Лазарет. Благодаря способности «Божественное благословление» Ева тут же "
            "покидает Лазарет.") in text
    assert "казнена Зоя (Суккуб)" in text and "казнена Ева (Мирный житель)" in text
    assert "Заявка «Укус» отклонена: способность перезаряжается." in text
    assert "Итог (видит только мастер):" in text
    assert "{" not in text   # not JSON
    # The start has no public part (no news post before night 1): the Лич's team is told
    # only in his start PM.
    start = text.split("=== Ночь 1")[0]
    assert "Сводка новостей" not in start
    assert "  → Дима:\n      Ваши союзники: Вера — Зомби, Катя — Призрак." in start
