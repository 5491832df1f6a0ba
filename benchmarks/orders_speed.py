"""Speed of the order parser (issue 13): texts per second on all-new texts, and the time
of one 100 KB post against a linear baseline measured in the same run.

    python benchmarks/orders_speed.py [--texts N] [--seed S]

- all-new texts: N posts and PMs of a game, each a new mixture of chatter, votes, night
  orders and words no earlier text had (so the morphology's and the name matcher's caches
  are cold for them), parsed once each; printed as texts/s, beside the texts/s of the same
  texts read a second time (warm caches) and the baseline: pymorphy3 alone analysing every
  word of the same texts once (`ratio_vs_morphology`: parser time / that time);
- a 100 KB post (sentences of the same kind, no line breaks) against ten 10 KB posts of
  the same text, each parsed once before timing: `ratio_100k_vs_10x10k` near 1.0 means
  linear in the length (a quadratic parser would show ~10).
Times are CPU time of this process (`time.process_time`).
"""
from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scraper.orders import Roster, parse_text  # noqa: E402

PLAYERS = {"Лис": {"open": "Мэр", "secret": "Бес"}, "Маша": {"open": "Вор", "secret": "Гончая Ада"},
           "Петя": {"open": "Лекарь", "secret": "Начальник стражи"}, "Kotik_7": {"open": "Сыщик", "secret": "Зомби"},
           "Dan Brown": {"open": "Оракул", "secret": "Инквизитор"}, "Тёмный Лорд": {"open": "Цыганка"},
           "Аня": {"open": "Ведьма", "secret": "Дознаватель"}, "Боря": {"open": "Богач", "secret": "Тварь"}}
SENTENCES = ["Голосую против {n}", "Мой голос уходит {n}", "Доброе утро, город, {n} опять молчит",
             "Вчера {n} голосовал против меня", "{n}, против кого голосуешь?", "Бью {n}", "Кусаю {n}",
             "Смотрю за {n}", "Голос против {n}. Нет, передумал — против {m}", "Думаю, {n} и {m} заодно",
             "Ставлю на то, что {n} — Тварь", "Пошёл спать, всем удачи", "[b]{n}[/b]", "Против {n} или {m}"]
SYLLABLES = "ка ло ми ра ту не зо вы бе ша до ри жу ко пе ля".split()


def _novel(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))


def _sentence(rng: random.Random, names: list[str]) -> str:
    n, m = rng.sample(names, 2)
    words = " ".join(_novel(rng) for _ in range(rng.randint(1, 4)))
    return rng.choice(SENTENCES).format(n=n, m=m) + " " + words + rng.choice([". ", "! ", "\n"])


def texts(rng: random.Random, count: int) -> list[tuple[str, str, bool]]:
    names = ["Лиса", "Машу", "Пете", "Котика", "Dan Brown", "Лорда", "Аню", "Борю", "Мэра", "Вора"]
    out = []
    for _ in range(count):
        author = rng.choice(list(PLAYERS))
        body = "".join(_sentence(rng, names) for _ in range(rng.randint(1, 5)))
        out.append((body, author, rng.random() < 0.3))
    return out


def big(rng: random.Random, size: int) -> str:
    names = ["Лиса", "Машу", "Пете", "Котика", "Лорда"]
    out: list[str] = []
    length = 0
    while length < size:
        piece = _sentence(rng, names).replace("\n", ". ")
        out.append(piece)
        length += len(piece)
    return "".join(out)[:size]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--texts", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    roster = Roster.from_mapping(PLAYERS)
    parse_text("Голосую против Лиса", roster, author="Маша")     # the dictionary loads once
    batch = texts(rng, args.texts)
    spent = {}
    for label in ("all-new", "again (warm caches)"):
        start = time.process_time()
        for body, author, private in batch:
            parse_text(body, roster, author=author, private=private)
        spent[label] = time.process_time() - start
        print(f"{label}: {len(batch)} texts in {spent[label]:.2f} s = {len(batch) / spent[label]:.0f} texts/s")
    from engine.morph import analyzer
    from scraper.orders.text import tokens

    words = [t.low for body, _, _ in batch for t in tokens(body)]
    start = time.process_time()
    for word in words:
        analyzer().parse(word)
    bare = time.process_time() - start
    print(f"baseline, pymorphy3 on every word ({len(words)}): {bare:.2f} s = {len(batch) / bare:.0f} texts/s")
    print(f"ratio_vs_morphology: {spent['all-new'] / bare:.2f}")
    post = big(random.Random(args.seed + 1), 100_000)
    pieces = [post[k * 10_000:(k + 1) * 10_000] for k in range(10)]
    start = time.process_time()
    parse_text(post, roster, author="Маша")
    print(f"100 KB post, first read: {time.process_time() - start:.2f} s")
    for piece in pieces:
        parse_text(piece, roster, author="Маша")
    gc.collect()     # both timings start from the same heap (a collection mid-way is the noise)
    start = time.process_time()
    parse_text(post, roster, author="Маша")
    t_big = time.process_time() - start
    gc.collect()
    start = time.process_time()
    for piece in pieces:
        parse_text(piece, roster, author="Маша")
    t_small = time.process_time() - start
    print(f"100 KB post: {t_big:.2f} s; the same text as ten 10 KB posts: {t_small:.2f} s")
    print(f"ratio_100k_vs_10x10k: {t_big / t_small:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
