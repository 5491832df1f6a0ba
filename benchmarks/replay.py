"""Speed of `gorod replay` on a synthetic 5,000-post archive in a real engine's markup.

    python benchmarks/replay.py [--posts 5000] [--keep DIR]

The archive is the bundled demo game (gorod/data/demo: Spirit pages, 98 posts) with each
phase's player posts repeated until the thread has the wanted number of posts, cut into
pages of 20 as Spirit serves them (each post a copy of a real post container, new ids). The
repeats change nothing the engine sees (a vote repeated is the same last vote; chatter is
chatter), so the replay must still match every announcement of the GM — the run checks it.

Printed, all measured in this run:
- posts/s of the whole replay (read pages, extract, parse orders, resolve, compare);
- parse+extract throughput against a bare `lxml.html.fromstring` of the same bytes
  (`ratio_vs_lxml` = extractor throughput / lxml throughput; 1.00 would be free extraction);
- the engine's share of the replay's CPU time;
- peak memory (max RSS, and Python's own peak by tracemalloc) replaying 1,000 and 5,000
  posts, each in a fresh process: pages are streamed, so it must not grow with the thread.
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import lxml.html  # noqa: E402
from lxml import etree  # noqa: E402

DEMO = ROOT / "gorod" / "data" / "demo"
PER_PAGE = 20
CONTAINER = "//div[contains(@class, 'comments_list__comment') and contains(@class, 'js-comment')]"


def build_archive(out: Path, posts: int) -> int:
    """Write the synthetic thread's pages into `out`; return the number of posts."""
    from config.game import load_game
    from gorod.replay.settings import replay_settings
    game = load_game(DEMO / "game.yaml", extra_keys=frozenset({"replay"}))
    settings = replay_settings(game)
    pages = sorted((DEMO / "thread").glob("*.html"))
    template = lxml.html.fromstring(pages[0].read_bytes())
    containers = []
    for page in pages:
        doc = lxml.html.fromstring(page.read_bytes())
        containers.extend(doc.xpath(CONTAINER))
    # group: the GM's posts stay single; the player posts of each phase repeat
    groups: list[tuple[bool, list]] = []
    for el in containers:
        author = el.xpath("string(.//*[contains(@class, 'comment__info__username__link')]/span)").strip()
        is_gm = author == settings.host
        if is_gm or not groups or groups[-1][0]:
            groups.append((is_gm, []))
        groups[-1][1].append(el)
    players = sum(len(g) for gm, g in groups if not gm)
    gm_posts = len(containers) - players
    repeat, extra = divmod(max(posts - gm_posts, players), players)
    sequence = []
    for is_gm, els in groups:
        if is_gm:
            sequence.extend(els)
            continue
        sequence.extend(els * repeat)
        take = min(extra, len(els))   # the remainder: more copies of the first phases' posts
        sequence.extend(els[:take])
        extra -= take
    host = template.xpath(CONTAINER)[0].getparent()
    for el in template.xpath(CONTAINER):
        host.remove(el)
    out.mkdir(parents=True, exist_ok=True)
    number = 0
    for start in range(0, len(sequence), PER_PAGE):
        page = copy.deepcopy(template)
        holder = _holder(page)
        for el in sequence[start:start + PER_PAGE]:
            number += 1
            clone = copy.deepcopy(el)
            clone.set("data-pk", str(number))
            clone.set("data-number", str(number))
            clone.set("id", f"c{number}")
            holder.append(clone)
        (out / f"page-{start // PER_PAGE + 1:04d}.html").write_bytes(etree.tostring(page, encoding="utf-8",
                                                                                    method="html"))
    return number


def _holder(page):
    """Where the template's post containers were (their parent element)."""
    pages = sorted((DEMO / "thread").glob("*.html"))
    original = lxml.html.fromstring(pages[0].read_bytes())
    parent = original.xpath(CONTAINER)[0].getparent()
    path = original.getroottree().getpath(parent)
    return page.getroottree().xpath(path)[0]


def measure_replay(folder: Path, *, memory: bool = False) -> dict:
    """Replay the archive in this process: wall and CPU time, the engine's CPU, peak memory
    (Python's own peak only with `memory`: tracemalloc slows the run, so speed is timed without)."""
    import tracemalloc
    from config.game import load_game
    from gorod.replay.replayer import replay
    game = load_game(DEMO / "game.yaml", extra_keys=frozenset({"replay"}))
    if memory:
        tracemalloc.start()
    wall, cpu = time.perf_counter(), time.process_time()
    report = replay(game, str(folder), str(DEMO / "pms"))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    py_peak = tracemalloc.get_traced_memory()[1] if memory else 0
    tracemalloc.stop()
    return {"posts": report.posts, "wall": wall, "cpu": cpu, "engine_cpu": report.engine_seconds,
            "differences": len(report.differences), "phases": len(report.phases),
            "py_peak_mb": py_peak / 2**20,
            "rss_peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def measure_extract(folder: Path, rounds: int = 3) -> tuple[float, float, int]:
    from config.profiles import load_profile
    from scraper.extract import extract_posts
    profile = load_profile("spirit")
    pages = [(p, p.read_bytes()) for p in sorted(folder.glob("*.html"))]
    best_x = best_l = float("inf")
    posts = 0
    for _ in range(rounds):
        t = time.perf_counter()
        posts = sum(len(extract_posts(content, profile, str(p)).posts) for p, content in pages)
        best_x = min(best_x, time.perf_counter() - t)
        t = time.perf_counter()
        for _p, content in pages:
            lxml.html.fromstring(content)
        best_l = min(best_l, time.perf_counter() - t)
    return best_x, best_l, posts


def child(folder: str) -> None:
    print(json.dumps(measure_replay(Path(folder), memory=True)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--posts", type=int, default=5000)
    parser.add_argument("--keep", metavar="DIR", help="build the archive here and keep it")
    parser.add_argument("--child", metavar="DIR", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(args.keep) if args.keep else Path(tmp)
        results = {}
        for size in (1000, args.posts):
            folder = base / f"archive-{size}"
            n = build_archive(folder, size)
            out = subprocess.run([sys.executable, __file__, "--child", str(folder)], check=True,
                                 capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
            results[size] = (n, json.loads(out.stdout.strip().splitlines()[-1]))
        n, _ = results[args.posts]
        measure_replay(base / "archive-1000")   # warm: imports, the morphology's caches
        big = measure_replay(base / f"archive-{args.posts}")
        t_extract, t_lxml, posts = measure_extract(base / f"archive-{args.posts}")
    print(f"archive: {n} posts in {-(-n // PER_PAGE)} Spirit pages (the demo game's posts repeated), "
          f"{big['phases']} phases, differences from the GM: {big['differences']}")
    print(f"replay_posts_per_second: {big['posts'] / big['wall']:.0f}   "
          f"({big['wall']:.2f} s wall, {big['cpu']:.2f} s CPU)")
    print(f"extract_posts_per_second: {posts / t_extract:.0f}   bare lxml.html.fromstring: "
          f"{posts / t_lxml:.0f} posts/s of the same bytes")
    print(f"ratio_vs_lxml: {t_lxml / t_extract:.2f}   (parse+extract throughput / bare lxml throughput)")
    print(f"engine_cpu_share: {100 * big['engine_cpu'] / big['cpu']:.1f}%   ({big['engine_cpu'] * 1000:.1f} ms)")
    for size, (count, r) in sorted(results.items()):
        print(f"peak_memory_{size}_posts: max RSS {r['rss_peak_mb']:.1f} MB, Python peak {r['py_peak_mb']:.1f} MB")
    return 0 if all(r["differences"] == 0 for _, r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
