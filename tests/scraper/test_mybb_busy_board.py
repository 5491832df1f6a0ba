"""MyBB on a board of more than one page of threads: every thread page then carries the
board's own page list in the breadcrumb's popup (`div.pagination.pagination_breadcrumb`,
`forumdisplay.php?fid=2&page=2`), before the thread's. Saved from the live MyBB 1.8.37 of
`make test` with 35 threads in its forum: the thread's pages are read, never the board's."""
from pathlib import Path

from config.profiles import load_profile
from scraper.extract import extract_file

PAGE = Path(__file__).parent / "pages" / "mybb18-busy-board-thread.html"


def test_the_thread_pagination_is_read_not_the_boards_in_the_breadcrumb():
    html = PAGE.read_text(encoding="utf-8")
    assert "forumdisplay.php?fid=2&amp;page=2" in html and "pagination_breadcrumb" in html
    page = extract_file(PAGE, load_profile("mybb"))
    assert (page.page, page.last_page) == (1, 3)
    assert page.next_url is not None and "showthread.php?tid=1" in page.next_url and "page=2" in page.next_url
    assert page.posts
