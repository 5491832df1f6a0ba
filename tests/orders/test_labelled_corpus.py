"""The labelled order texts of tests/orders/labelled/ (issue 13): the parser's figures on
them are a regression floor. Goals: every real order reaches the GM (read or asked), the
confident orders are ≥ 99 % right, ≤ 5 % of chatter is asked about."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from orders_quality import LABELLED, labelled_report  # noqa: E402

from scraper.orders.quality import describe, load_texts  # noqa: E402


@pytest.fixture(scope="module")
def report():
    return labelled_report()


def test_corpus_is_big_enough_and_mostly_chatter_that_names_things(report):
    assert report.texts >= 300
    # the share holds for posts.yaml + pms.yaml; moved3/4/6.yaml (held-out failures fixed) are
    # mostly orders, since most failures were orders
    pms = load_texts(LABELLED / "pms.yaml", pm=True)
    posts = load_texts(LABELLED / "posts.yaml")
    assert sum(t.chatter for t in pms + posts) / len(pms + posts) >= 0.40
    assert len(pms) >= 100 and len(posts) >= 150


def test_every_real_order_reaches_the_gm(report):
    missed = [describe(m) for m in report.misses if m.what.startswith("MISSED")]
    assert not missed, "\n".join(missed)
    assert report.reach == 1.0


def test_confident_orders_are_precise(report):
    wrong = [describe(m) for m in report.misses if m.what.startswith("wrong")]
    assert report.precision >= 0.99, "\n".join(wrong)


def test_chatter_is_rarely_asked_about(report):
    asked = [describe(m) for m in report.misses if m.what == "chatter asked"]
    assert report.chatter_rate <= 0.05, "\n".join(asked)


def test_confident_recall_does_not_fall(report):
    # the floor measured in the first tuned run (issue 13): 160/174 read outright, the rest
    # asked about (a bare name, a nickname shortened or in the other alphabet)
    assert report.recall >= 0.91, "\n".join(describe(m) for m in report.misses)


# --- issue 24: the accounting reader's floors, on the tuned corpus and on holdout3 ------------

@pytest.fixture(scope="module")
def held_out():
    from orders_quality import holdout_report
    return holdout_report("holdout3.yaml")


def test_tuned_corpus_has_no_silent_miss_no_chatter_stored_no_wrong_reading(report):
    bad = [describe(m) for m in report.misses if not m.what.startswith("asked") and m.what != "chatter asked"]
    assert (report.silent, report.chatter_orders, report.wrong) == (0, 0, 0), "\n".join(bad)


def test_held_out_set_is_big_and_frozen_in_its_own_game(held_out):
    assert held_out.texts >= 150
    assert held_out.chatter >= 50 and held_out.labelled >= 100


def test_held_out_set_has_no_silent_miss_no_chatter_stored_no_wrong_reading(held_out):
    bad = [describe(m) for m in held_out.misses if not m.what.startswith("asked") and m.what != "chatter asked"]
    assert (held_out.silent, held_out.chatter_orders, held_out.wrong) == (0, 0, 0), "\n".join(bad)


def test_held_out_floors(held_out):
    # measured when holdout3's last fresh cases were added (README prints the same figures)
    assert held_out.precision == 1.0
    assert held_out.recall >= 0.90, "\n".join(describe(m) for m in held_out.misses)
    assert held_out.reach == 1.0
    assert held_out.chatter_rate <= 0.09     # 5/61 asked (sarcasm, a threat, «Как Мэр …»)


# --- holdout4 (the examiner's set, written without reading the parser) and holdout5 (fresh cases) ----
# holdout4's first measurement (commit ff9b8c6's texts on main's parser at 75e7ee7): 228 texts, 11
# silent misses, 5 chatter texts stored as orders, 4 wrong readings. Its 45 failing cases were
# fixed and moved to moved4.yaml (tuned); fresh cases of the same kinds took their places in
# holdout5.yaml, frozen before they were measured. These floors are what both reach now: tighten
# them as failures are fixed, never loosen them.

@pytest.fixture(scope="module")
def examiner_set():
    from orders_quality import holdout_report
    return holdout_report("holdout4.yaml")


@pytest.fixture(scope="module")
def fresh_set():
    from orders_quality import holdout_report
    return holdout_report("holdout5.yaml")


def test_examiner_set_is_big_and_in_its_own_game(examiner_set, fresh_set):
    assert examiner_set.texts >= 150
    assert examiner_set.chatter >= 50
    # the held-out set of this game is holdout4 with the fresh cases of holdout5
    assert examiner_set.labelled + fresh_set.labelled >= 100


def test_examiner_set_does_not_regress(examiner_set):
    misses = "\n".join(describe(m) for m in examiner_set.misses)
    assert (examiner_set.silent, examiner_set.chatter_orders, examiner_set.wrong) == (0, 0, 0), misses
    assert examiner_set.precision == 1.0, misses
    # 97/98: the one left asked is a public «Взятка!» (by the rules a hidden order: asked in a post)
    assert examiner_set.recall >= 97 / 98 - 1e-9, misses
    assert examiner_set.reach == 1.0, misses
    assert examiner_set.chatter_rate == 0.0, misses


def test_fresh_set_does_not_regress(fresh_set):
    misses = "\n".join(describe(m) for m in fresh_set.misses)
    assert (fresh_set.silent, fresh_set.chatter_orders, fresh_set.wrong) == (0, 0, 0), misses
    assert fresh_set.precision == 1.0, misses
    assert fresh_set.recall >= FRESH_RECALL - 1e-9, misses
    assert fresh_set.reach == 1.0, misses
    assert fresh_set.chatter_rate <= FRESH_CHATTER + 1e-9, misses


# holdout5's figures as measured after its last round of fresh cases (README prints them)
FRESH_RECALL = 1.0
FRESH_CHATTER = 0.0


# --- holdout6 (a second examiner's set, in a game of its own) ------------------------------------
# Its first measurement (b4d5d1c's texts on main's parser): 142 texts, 6 silent misses, no chatter
# stored, 1 wrong reading. The 20 cases fixed after that run moved to moved6.yaml (tuned); the 122
# left are held here where they ended (README prints the same figures): tighten, never loosen.

@pytest.fixture(scope="module")
def second_examiner_set():
    from orders_quality import holdout_report
    return holdout_report("holdout6.yaml")


def test_second_examiner_set_does_not_regress(second_examiner_set):
    s = second_examiner_set
    misses = "\n".join(describe(m) for m in s.misses)
    assert s.texts >= 100 and s.chatter >= 40
    assert (s.silent, s.chatter_orders, s.wrong) == (0, 0, 0), misses
    assert s.precision == 1.0, misses
    # 68/70: asked, not read: «Отдаю голос за казнь Фонарика» (a pet form of Фонарь, offered) and
    # «охраняю мельнека» (a typo of Старый Мельник, offered)
    assert s.recall >= 68 / 70 - 1e-9, misses
    assert s.reach == 1.0, misses
    assert s.chatter_rate == 0.0, misses


# --- holdout7 (fresh cases for holdout6's moved ones, holdout6's game) -----------------------------
# Its first run (beaec8c's texts on main's parser at 68edf3e): 68 texts, 13 silent misses, 1 chatter
# stored, 3 wrong readings. The 16 cases fixed after that run moved to moved7.yaml (tuned); the 52
# left are held here where they ended (README prints the same figures): tighten, never loosen.

@pytest.fixture(scope="module")
def fresh_for_holdout6():
    from orders_quality import holdout_report
    return holdout_report("holdout7.yaml")


def test_fresh_cases_for_holdout6_do_not_regress(fresh_for_holdout6):
    s = fresh_for_holdout6
    misses = "\n".join(describe(m) for m in s.misses)
    assert s.texts >= 50 and s.chatter >= 12
    # one silent miss left: «Если Сову казнят или посадят — сразу забираю её роль» (Перерождение
    # named by «забираю её роль», the Лич by his nickname in the condition)
    assert (s.silent, s.chatter_orders, s.wrong) == (1, 0, 0), misses
    assert s.precision == 1.0, misses
    assert s.recall >= 25 / 34 - 1e-9, misses
    assert s.reach >= 39 / 40 - 1e-9, misses
    assert s.chatter_rate <= 1 / 13 + 1e-9, misses


# --- holdout8 (fresh cases for holdout7's moved ones, a game of its own) ---------------------------
# Its first run (on main before h/ofix7): 99 texts, 22 silent misses, 1 chatter stored, 9 wrong
# readings. Held here where it stands after h/ofix8's first fix (nothing moved yet): tighten, never
# loosen; its wrong readings are the next fixes (README).

@pytest.fixture(scope="module")
def fresh_for_holdout7():
    from orders_quality import holdout_report
    return holdout_report("holdout8.yaml")


def test_fresh_cases_for_holdout7_do_not_regress(fresh_for_holdout7):
    s = fresh_for_holdout7
    misses = "\n".join(describe(m) for m in s.misses)
    assert s.texts >= 99 and s.chatter >= 22
    assert s.silent <= 20 and s.chatter_orders <= 1 and s.wrong <= 7, misses
    assert s.precision >= 37 / 45 - 1e-9, misses
    assert s.recall >= 37 / 65 - 1e-9, misses
    assert s.reach >= 58 / 78 - 1e-9, misses


# --- holdout9 (a fourth examiner's, a game of its own, 2026-12-02) ---------------------------------
# Measured once when written (06:57 UTC, main after h/ofix8): 30 texts, 9 silent misses, no chatter
# stored, 9 wrong readings (a vote taken back in a later sentence stored; Sacrifice! stored without
# the re-summon said in other words). Never tuned on; held where it stands: tighten, never loosen.

@pytest.fixture(scope="module")
def fourth_examiner():
    from orders_quality import holdout_report
    return holdout_report("holdout9.yaml")


def test_the_fourth_examiners_cases_do_not_regress(fourth_examiner):
    s = fourth_examiner
    misses = "\n".join(describe(m) for m in s.misses)
    assert s.texts >= 30
    assert s.silent <= 9 and s.chatter_orders <= 0 and s.wrong <= 9, misses
    assert s.precision >= 9 / 18 - 1e-9, misses
    assert s.reach >= 20 / 29 - 1e-9, misses
