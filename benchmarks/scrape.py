"""Throughput of the scraper on the real pages of the corpus, against bare lxml.

    python benchmarks/scrape.py [CORPUS_DIR] [--rounds N] [--pages]

Parses every HTML page of ../shared/corpus (forums/ and games/) with its profile
(detected once, before timing) and measures, in the same run and on the same
bytes, (a) `scraper.extract.extract_posts` (decode, parse, select, body walk,
dates) and (b) a bare `lxml.html.fromstring`. Prints pages/s, posts/s and MB/s
of both; the last line is `ratio_vs_lxml: X.XX` (extractor throughput / bare
lxml throughput; higher is better, 1.00 would mean free extraction). The two are
timed in alternating rounds, best of N each, in CPU time of this process
(`time.process_time`: what other processes of a shared machine run meanwhile is not
counted against either side). `--pages` adds a per-page table.
Discourse JSON is left out: there is no HTML for lxml to parse.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import lxml.html  # noqa: E402

from scraper.detect import detect_profile  # noqa: E402
from scraper.errors import ScraperError  # noqa: E402
from scraper.extract import extract_posts  # noqa: E402


def load(corpus: Path):
    pages = []
    for path in sorted(corpus.rglob("*.htm*")):
        content = path.read_bytes()
        try:
            profile = detect_profile(content, source=str(path))
            posts = len(extract_posts(content, profile, str(path)).posts)
        except ScraperError:
            continue  # not a thread page (a board index, a PM list)
        pages.append((path, content, profile, posts))
    return pages


def best_of(rounds: int, fn) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def best_of_both(rounds: int, a, b) -> tuple[float, float]:
    """Best times of `a` and `b` over rounds that alternate them, so that both meet the
    same load on a shared machine (timing all of one, then all of the other, let a
    burst of other work land on one side only and swing the ratio by 30%)."""
    best_a = best_b = float("inf")
    for _ in range(rounds):
        best_a = min(best_a, best_of(1, a))
        best_b = min(best_b, best_of(1, b))
    return best_a, best_b


def per_page(pages, rounds: int) -> None:
    """One line per page: bare lxml, gorod, their ratio (where the time goes)."""
    print(f"{'page':46} {'profile':14} {'posts':>5} {'lxml ms':>8} {'gorod ms':>8} {'ratio':>6}")
    for path, content, profile, posts in pages:
        t_bare, t_ours = best_of_both(rounds, lambda c=content: lxml.html.fromstring(c),
                                      lambda c=content, p=profile, s=str(path): extract_posts(c, p, s))
        print(f"{path.name[:46]:46} {profile.name:14} {posts:5} {t_bare * 1000:8.2f} {t_ours * 1000:8.2f} "
              f"{t_bare / t_ours:6.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", default=str(ROOT.parent / "shared" / "corpus"))
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--pages", action="store_true", help="also a table of per-page figures")
    args = parser.parse_args()
    corpus = Path(args.corpus)
    if not corpus.is_dir():
        print(f"no corpus at {corpus}", file=sys.stderr)
        return 2
    pages = load(corpus)
    total_bytes = sum(len(c) for _, c, _, _ in pages)
    total_posts = sum(n for *_, n in pages)

    def bare():
        for _, content, _, _ in pages:
            lxml.html.fromstring(content)

    def ours():
        for path, content, profile, _ in pages:
            extract_posts(content, profile, str(path))

    bare(), ours()  # warm caches (compiled selectors, parsers)
    if args.pages:
        per_page(pages, args.rounds)
    t_bare, t_ours = best_of_both(args.rounds, bare, ours)
    mb = total_bytes / 1e6
    print(f"pages: {len(pages)}  posts: {total_posts}  bytes: {total_bytes}  rounds: {args.rounds} (best of)")
    print(f"lxml.html.fromstring: {t_bare * 1000:8.1f} ms  {len(pages) / t_bare:8.1f} pages/s  "
          f"{mb / t_bare:6.1f} MB/s")
    print(f"gorod extract_posts:  {t_ours * 1000:8.1f} ms  {len(pages) / t_ours:8.1f} pages/s  "
          f"{mb / t_ours:6.1f} MB/s  {total_posts / t_ours:8.0f} posts/s")
    print(f"ratio_vs_lxml: {t_bare / t_ours:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
