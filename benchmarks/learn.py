"""How well `gorod forum learn` learns a forum: learned profiles against the shipped ones.

    python benchmarks/learn.py [--shared DIR] [--pages] [--yaml]

For every thread of the saved pages (../shared/corpus/forums and games, the demo game's
Spirit pages in gorod/data/demo/thread, tests/scraper/pages, and the live engines' page states
in tests/scraper/pages/states and states-more, one thread per engine and viewer), the learner reads the
thread's first one or two pages with no profile: leave-one-out, nothing of any shipped profile
is in the learner (no date formats, classes or ids: dates by their own shape), and
its profile then reads every page of the thread; each page is compared with what the
shipped profile of its engine (detected as `--profile auto` would) reads there: the same
posts (ids, authors, exact times, own text, quotes apart) and the same page number, last
page and next link (`scraper.learn.compare`). The forum's time zone is the one thing the
learner is told (a board setting no page shows, the GM knows it): the shipped profile's.

Prints one line per engine: the pages whose posts are exact (count, ids, authors, times, own
text, quotes: issue 25's measure), and of those the pages also exact in their page number and
next link; then `posts_exact_pages: N/M (P %)` and `exact_pages: N/M (P %)`; with
`--pages` each page's differences; the learning time per thread, against the time the
shipped profile takes to read the same pages (a ratio measured in the same run).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scraper.detect import detect_profile  # noqa: E402
from scraper.errors import ScraperError  # noqa: E402
from scraper.extract import extract_posts  # noqa: E402
from scraper.learn import LearnError, learn_pages  # noqa: E402
from scraper.learn.compare import PageComparison, compare_page  # noqa: E402

# relative dates («Сегодня», "Yesterday") of the 4PDA pages are read against this instant
NOW = datetime(2021, 12, 16, 14, 0, tzinfo=timezone(timedelta(hours=3)))
LEARN_FROM = 2          # pages of a thread the learner reads


@dataclass(frozen=True)
class Thread:
    name: str
    pages: tuple[Path, ...]


def default_shared() -> Path:
    return Path(os.environ.get("GOROD_SHARED", ROOT.parent / "shared"))


def threads(shared: Path | None = None) -> list[Thread]:
    """The saved threads: a file is a thread, but the pages of one topic (named alike:
    the SMF topic's three pages, the demo game's five) are one thread."""
    shared = shared or default_shared()
    out: list[Thread] = []
    corpus = shared / "corpus"
    if corpus.is_dir():
        for folder in sorted(p for p in (corpus / "forums").iterdir() if p.is_dir()):
            out += _group(folder, f"corpus/forums/{folder.name}")
        out += _group(corpus / "games", "corpus/games")
    out.append(Thread("gorod/data/demo/thread", tuple(sorted((ROOT / "gorod/data/demo/thread").glob("*.html")))))
    out += _group(ROOT / "tests/scraper/pages", "tests/scraper/pages")
    out += _group(ROOT / "tests/scraper/pages/live", "tests/scraper/pages/live")
    # the live engines' page states (h/livepages): each viewer's pages of an engine's thread are one
    # thread (guest, player, GM, another date format or zone: what one GM would learn from)
    for states in (ROOT / "tests/scraper/pages/states", ROOT / "tests/scraper/pages/states-more"):
        if states.is_dir():
            for folder in sorted(p for p in states.iterdir() if p.is_dir()):
                out += _group(folder, f"tests/scraper/pages/{states.name}/{folder.name}")
    return [t for t in out if t.pages]


def _group(folder: Path, label: str) -> list[Thread]:
    by_topic: dict[str, list[Path]] = {}
    for path in sorted(folder.glob("*.htm*"), key=_page_order):
        by_topic.setdefault(_topic(path.name), []).append(path)
    return [Thread(f"{label}/{key}", tuple(paths)) for key, paths in sorted(by_topic.items())]


def _page_order(path: Path) -> tuple:
    """Pages in their thread's order: `-p6` before `-p26` (numbers as numbers)."""
    import re
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path.name))


def _topic(name: str) -> str:
    """A page's topic key: its name without the page part (`-p2`, `_03`, `-page-01`, `page-01`)."""
    import re
    stem = name.rsplit(".", 1)[0]
    stem = re.sub(r"(?:[-_]p\d+|(?:^|[-_])page[-_]?\d+|_\d\d(?:_\d\d)?|[-_]\d{4}_\d\d_\d\d(?:_\d\d)?)(?=[-_.]|$)", "", stem)
    return re.sub(r"[-_]cp1251$", "", stem)


@dataclass
class ThreadResult:
    thread: Thread
    engine: str
    pages: list[PageComparison]
    error: str = ""
    learn_seconds: float = 0.0
    read_seconds: float = 0.0
    missing: tuple[str, ...] = ()


def run_thread(thread: Thread) -> ThreadResult | None:
    contents = [(p.read_bytes(), str(p)) for p in thread.pages]
    shipped = None
    readable = []
    for content, source in contents:
        try:
            profile = detect_profile(content, source=source)
            if profile.format != "html":
                continue
            extract_posts(content, profile, source, now=NOW)
        except ScraperError:
            continue
        from config.select import select
        from scraper.decode import parse_html
        if profile.post is None or not select(parse_html(content, profile.encoding), profile.post.container):
            continue    # a PM page the shipped profile reads through its pm_message rules: no thread page
        shipped = shipped or profile
        readable.append((content, source))
    if shipped is None:
        return None     # no thread page here (a board index, a PM list)
    t0 = time.process_time()
    try:
        learned = learn_pages(readable[:LEARN_FROM], timezone=shipped.timezone)
    except LearnError as exc:
        return ThreadResult(thread, shipped.name, [PageComparison(s, 0, (f"not learned: {exc}",)) for _, s in readable],
                            error=str(exc))
    learn_seconds = time.process_time() - t0
    profile = learned.profile()
    t0 = time.process_time()
    for content, source in readable:
        extract_posts(content, shipped, source, now=NOW)
    read_seconds = time.process_time() - t0
    pages = [compare_page(c, s, shipped, profile, now=NOW) for c, s in readable]
    return ThreadResult(thread, shipped.name, [p for p in pages if p is not None], learn_seconds=learn_seconds,
                        read_seconds=read_seconds, missing=learned.missing)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", type=Path, default=None, help="the shared folder holding corpus/ (default ../shared)")
    ap.add_argument("--pages", action="store_true", help="each page's differences")
    ap.add_argument("--yaml", action="store_true", help="print each learned profile's YAML")
    ap.add_argument("--extra", type=Path, action="append", default=[],
                    help="a folder of subfolders of saved pages, the pages of one topic named alike in each "
                         "(e.g. tests/scraper/pages/states: `mybb/mybb-guest-p1..p3` is one thread, or the live "
                         "forums' pages kept by GOROD_LEARN_KEEP_PAGES in tests/forums)")
    args = ap.parse_args(argv)
    # (a subfolder's pages of one topic, named alike, are one thread: `mybb-guest-p1..p3`)
    extra = [t for d in args.extra for sub in sorted(p for p in d.iterdir() if p.is_dir())
             for t in _group(sub, f"{d.name}/{sub.name}")]
    results = [r for r in (run_thread(t) for t in threads(args.shared) + extra) if r is not None]
    by_engine: dict[str, list[PageComparison]] = {}
    for r in results:
        by_engine.setdefault(r.engine, []).extend(r.pages)
        if args.pages:
            print(f"{r.thread.name} [{r.engine}] learned in {r.learn_seconds:.2f} s, missing {list(r.missing)}")
            for p in r.pages:
                print(f"  {'ok ' if p.exact else 'BAD'} {Path(p.source).name} ({p.posts} posts)")
                for d in p.differences:
                    print(f"      {d}")
        if args.yaml and not r.error:
            print(learn_pages([(p.read_bytes(), str(p)) for p in r.thread.pages[:LEARN_FROM]]).yaml())
    total = exact = posts = 0
    for engine, pages in sorted(by_engine.items()):
        ok = sum(p.exact for p in pages)
        good = sum(p.posts_exact for p in pages)
        total += len(pages)
        exact += ok
        posts += good
        print(f"{engine:16} {good}/{len(pages)} pages' posts exact ({100 * good / len(pages):.0f} %), "
              f"{ok}/{len(pages)} with page number and next link")
    learn = sum(r.learn_seconds for r in results)
    read = sum(r.read_seconds for r in results)
    slowest = max(results, key=lambda r: r.learn_seconds)
    print(f"learning: {learn:.2f} s CPU for {len(results)} threads (slowest {slowest.learn_seconds:.2f} s, "
          f"{slowest.thread.name}); learn_vs_read: {learn / read if read else 0:.1f}x the shipped profile's reading")
    print(f"posts_exact_pages: {posts}/{total} ({100 * posts / max(1, total):.0f} %)")
    print(f"exact_pages: {exact}/{total} ({100 * exact / max(1, total):.0f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
