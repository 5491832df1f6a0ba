"""The pollers' post store protocol: gorod's SQLite store and the one-shot memory store
answer alike, and a failed transaction leaves no trace in either."""
from __future__ import annotations

import inspect

import pytest

from gorod.store import Store
from scraper.poststore import KnownPost, MemoryPostStore, PageState, PostStore


@pytest.fixture(params=["memory", "sqlite"])
def posts(request, tmp_path):
    if request.param == "memory":
        yield MemoryPostStore()
        return
    store = Store(tmp_path / "game.sqlite")
    yield store
    store.close()


def _protocol_methods() -> set[str]:
    return {name for name, _ in inspect.getmembers(PostStore, inspect.isfunction) if not name.startswith("_")}


@pytest.mark.parametrize("impl", [MemoryPostStore, Store])
def test_both_stores_have_every_method_of_the_protocol(impl):
    for name in _protocol_methods():
        ours = inspect.signature(getattr(impl, name))
        theirs = inspect.signature(getattr(PostStore, name))
        assert list(ours.parameters) == list(theirs.parameters), (impl.__name__, name)


def _record(posts, post_id, text, *, change="new", page=1, sort_key=1):
    return posts.record("topic:t", post_id, sort_key=sort_key, page=page, change=change,
                        hash=f"h-{text}", data={"id": post_id, "text": text}, seen_at="2026-12-01T10:00:00")


def test_threads_pages_and_posts(posts):
    posts.ensure_thread("topic:t", "topic", "http://f/t/1")
    assert posts.known_count("topic:t") is None and posts.known_count("topic:other") is None
    posts.set_known_count("topic:t", 7)
    assert posts.known_count("topic:t") == 7
    posts.save_page("topic:t", PageState(1, "http://f/t/1", etag="e1"))
    posts.save_page("topic:t", PageState(2, "http://f/t/2"))
    posts.save_page("topic:t", PageState(3, "http://f/t/3"))
    posts.drop_pages_from("topic:t", 3)
    assert posts.pages("topic:t") == {1: PageState(1, "http://f/t/1", etag="e1"), 2: PageState(2, "http://f/t/2")}

    assert _record(posts, "1", "раз") == 1
    assert _record(posts, "1", "два", change="edited") == 2
    assert _record(posts, "2", "три", sort_key=2) == 1
    posts.move("topic:t", "2", 2)
    assert posts.known_posts("topic:t") == {
        "1": KnownPost("1", 1, 1, 2, "h-два", False),
        "2": KnownPost("2", 2, 2, 1, "h-три", False),
    }
    assert posts.last_data("topic:t", "1") == {"id": "1", "text": "два"}
    assert posts.last_data("topic:t", "9") is None
    assert _record(posts, "2", "", change="deleted") == 2
    assert posts.known_posts("topic:t")["2"].deleted


def test_a_failed_transaction_leaves_no_trace(posts):
    posts.ensure_thread("topic:t", "topic", "http://f/t/1")
    _record(posts, "1", "раз")
    posts.save_page("topic:t", PageState(1, "http://f/t/1"))
    before = (posts.known_posts("topic:t"), posts.pages("topic:t"), posts.last_data("topic:t", "1"))
    with pytest.raises(RuntimeError):
        with posts.transaction():
            _record(posts, "1", "два", change="edited")
            _record(posts, "2", "новый", sort_key=2)
            posts.drop_pages_from("topic:t", 1)
            posts.save_page("topic:t", PageState(2, "http://f/t/2"))
            posts.set_known_count("topic:t", 3)
            raise RuntimeError("the pass dies half-way")
    assert (posts.known_posts("topic:t"), posts.pages("topic:t"), posts.last_data("topic:t", "1")) == before
    assert posts.known_count("topic:t") is None
