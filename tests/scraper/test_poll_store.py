"""The store under the poll state: WAL, a schema version, migrations appended in order."""
import sqlite3

import pytest

from gorod.store import MIGRATIONS, Migration, Store
from gorod.store_faults import StoreNewer


def test_a_new_store_is_at_the_latest_version_in_wal_mode(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    assert store.version == len(MIGRATIONS)
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert {"threads", "thread_pages", "posts", "post_versions"} <= {
        r[0] for r in store.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_migrations_run_once_and_later_ones_are_added_on_reopen(tmp_path):
    path = tmp_path / "g.sqlite3"
    Store(path).close()
    grown = [*MIGRATIONS, Migration("orders", "CREATE TABLE orders (id INTEGER PRIMARY KEY, text TEXT);")]
    store = Store(path, grown)
    assert store.version == len(grown)
    store.close()
    assert Store(path, grown).version == len(grown)  # nothing runs twice
    with pytest.raises(StoreNewer, match="новее, чем знает этот gorod"):
        Store(path)  # an older gorod on a newer database


def test_a_failed_transaction_leaves_nothing(tmp_path):
    store = Store(tmp_path / "g.sqlite3")
    with pytest.raises(sqlite3.IntegrityError):
        with store.transaction() as db:
            db.execute("INSERT INTO threads (key, kind, url) VALUES ('t', 'topic', 'u')")
            db.execute("INSERT INTO threads (key, kind, url) VALUES ('t', 'topic', 'u')")
    assert store.db.execute("SELECT count(*) FROM threads").fetchone()[0] == 0
