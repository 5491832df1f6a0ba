"""How `gorod forum learn` does on forums nobody tuned it on: the held-out set.

    python benchmarks/learn_heldout.py [--pages] [DIR...]

Each folder of tests/scraper/pages/heldout (or DIR) holds the pages of one Russian game thread
of a forum engine gorod ships no profile for, written through that forum's own forms and saved
as a guest saw them, and `oracle.json`: what the forum's database holds for each page (see
tests/scraper/pages/heldout/README.md). The learner reads pages 1-2 (it is told the forum's
time zone, as the GM would tell it), its profile reads every page, and each page is compared
with the database (`scraper.learn.compare_oracle`: count, authors, times to the page's precision,
own text; and apart, the page's number and next link). A thread the learner refuses counts its
pages as not read, and the refusal is shown.

The folders are named h1, h2, ...: which engine each is stays out of the learner's code (the
README of the folder names them, for whoever rebuilds the set).
"""
from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scraper.learn import LearnError, learn_pages  # noqa: E402
from scraper.learn.compare_oracle import compare_oracle, ids_differ  # noqa: E402

HELDOUT = ROOT / "tests/scraper/pages/heldout"
LEARN_FROM = 2


def run_set(folder: Path):
    """(pages exact, pages, refusal or None, comparisons, ids differ)."""
    oracle = json.loads((folder / "oracle.json").read_text(encoding="utf-8"))
    now = datetime.fromisoformat(oracle["saved_at"])
    pages = [(folder / p["file"]).read_bytes() for p in oracle["pages"]]
    sources = [str(folder / p["file"]) for p in oracle["pages"]]
    try:
        learned = learn_pages(list(zip(pages, sources))[:LEARN_FROM], timezone=oracle["timezone"], now=now)
    except LearnError as exc:
        return 0, len(pages), str(exc), [], False
    profile = learned.profile()
    cmp = [compare_oracle(c, s, profile, p, now=now, pages=oracle["pages"])
           for c, s, p in zip(pages, sources, oracle["pages"])]
    ids = any(ids_differ(c, s, profile, p, now=now) for c, s, p in zip(pages, sources, oracle["pages"]))
    return sum(c.posts_exact for c in cmp), len(pages), None, cmp, ids


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", action="store_true", help="each page's differences")
    ap.add_argument("dirs", nargs="*", type=Path)
    args = ap.parse_args(argv)
    folders = args.dirs or sorted(p for p in HELDOUT.iterdir() if (p / "oracle.json").is_file())
    total = exact = paged_total = 0
    for folder in folders:
        ok, n, refused, cmp, ids = run_set(folder)
        total, exact, paged_total = total + n, exact + ok, paged_total + sum(c.exact for c in cmp)
        paged = sum(c.exact for c in cmp)
        line = f"{folder.name:6} {ok}/{n} pages exact, {paged}/{n} with page number and next link"
        if refused:
            line += f"; refused: {refused}"
        elif ids:
            line += "; ids differ from the database's"
        print(line)
        if args.pages:
            for c in cmp:
                print(f"  {'ok ' if c.exact else 'BAD'} {Path(c.source).name}")
                for d in c.differences:
                    print(f"      {d}")
    print(f"heldout_exact_pages: {exact}/{total} ({100 * exact / max(1, total):.0f} %)")
    print(f"heldout_exact_with_paging: {paged_total}/{total} ({100 * paged_total / max(1, total):.0f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
