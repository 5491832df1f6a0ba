"""The extractor's full output on every page we have, pinned to golden files.

For each HTML/JSON page of ../shared/corpus and of tests/scraper/pages, and for
every shipped profile (the detected one and all the others), the golden file
holds what `extract_posts` returns: every field of every post, the page
numbers and next link, or the error it raises (a board index, a wrong
engine). The goldens were generated before the extractor was optimised
(issue 4, «Speed»): any change of how selectors are compiled or bodies read
must leave them byte for byte identical.

Regenerate (only for an intended change of output, and review the diff):

    .venv/bin/python -m pytest -q tests/scraper/test_golden_extract.py --update-golden
"""
from __future__ import annotations

import json
import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from config.profiles import engine_profiles
from scraper.detect import detect_profile
from scraper.errors import ScraperError
from scraper.extract import extract_posts

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
SHARED = Path(os.environ.get("GOROD_SHARED", Path(__file__).resolve().parents[3] / "shared"))
CORPUS = SHARED / "corpus"
SUFFIXES = (".html", ".htm", ".json")
# relative dates («Сегодня», "Yesterday") are read against this instant
NOW = datetime(2021, 12, 16, 14, 0, tzinfo=timezone(timedelta(hours=3)))


def _pages() -> list[tuple[str, Path]]:
    """(name in the goldens, file): the corpus pages (when present) and ours."""
    found = [(f"pages/{p.name}", p) for p in sorted((HERE / "pages").iterdir()) if p.suffix in SUFFIXES]
    if CORPUS.is_dir():
        found += [(f"corpus/{p.relative_to(CORPUS).as_posix()}", p)
                  for p in sorted(CORPUS.rglob("*")) if p.suffix in SUFFIXES]
    return found


def _outcome(content: bytes, profile, name: str) -> dict:
    try:
        page = extract_posts(content, profile, name, now=NOW)
    except ScraperError as exc:
        return {"error": type(exc).__name__, "message": str(exc)}
    return {
        "profile": page.profile, "page": page.page, "last_page": page.last_page,
        "next_url": page.next_url, "posts": [p.to_json() for p in page.posts],
    }


def snapshot(name: str, path: Path) -> dict:
    """Everything the extractor says about one page: detected profile first, then each profile."""
    content = path.read_bytes()
    try:
        detected = detect_profile(content, source=name).name
    except ScraperError as exc:
        detected = f"{type(exc).__name__}: {exc}"
    by_profile = {}
    for profile in engine_profiles():
        if (profile.format == "json") != (path.suffix == ".json"):
            continue  # a JSON profile on HTML bytes (and back) says nothing worth pinning
        by_profile[profile.name] = _outcome(content, profile, name)
    return {"page": name, "detected": detected, "by_profile": by_profile}


def _golden_path(name: str) -> Path:
    return GOLDEN / (name.replace("/", "__") + ".json")


def _dump(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


PAGES = _pages()


@pytest.mark.parametrize("name,path", PAGES, ids=[n for n, _ in PAGES])
def test_extractor_output_is_golden(name: str, path: Path, request) -> None:
    actual = snapshot(name, path)
    golden = _golden_path(name)
    if request.config.getoption("--update-golden"):
        GOLDEN.mkdir(exist_ok=True)
        golden.write_text(_dump(actual), encoding="utf-8")
        return
    if not golden.exists():
        pytest.fail(f"no golden file {golden.name}: generate it with --update-golden")
    expected = json.loads(golden.read_text(encoding="utf-8"))
    assert actual["detected"] == expected["detected"], f"{name}: detected profile"
    # a profile added since the goldens were made is not compared (regenerate to pin it)
    for profile, outcome in expected["by_profile"].items():
        assert profile in actual["by_profile"], f"{name}: profile {profile} is gone"
        assert _dump(actual["by_profile"][profile]) == _dump(outcome), (
            f"{name}: extractor output with profile {profile} differs from {golden.name}")


def test_every_corpus_page_has_a_golden() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus of real pages is absent ({CORPUS}); set GOROD_SHARED")
    corpus_pages = [n for n, _ in PAGES if n.startswith("corpus/")]
    assert corpus_pages, "no corpus pages found"
    missing = [n for n in corpus_pages if not _golden_path(n).exists()]
    assert not missing, f"pages without a golden file: {missing}"


def test_blanks_beyond_xml_are_the_unprintable_ones() -> None:
    """scraper.text collapses blanks with XPath's normalize-space() and re-splits in Python
    only a text holding a blank that str.split() knows and XPath does not: exactly the
    set `_OTHER_BLANKS` matches, all of them unprintable (the str.isprintable() shortcut)."""
    import sys

    from scraper.text import _OTHER_BLANKS

    others = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace() and chr(c) not in " \t\r\n"]
    assert others and all(_OTHER_BLANKS.fullmatch(c) for c in others)
    assert not any(c.isprintable() for c in others)
    assert not _OTHER_BLANKS.search("".join(chr(c) for c in range(0x3100) if chr(c) not in others))
