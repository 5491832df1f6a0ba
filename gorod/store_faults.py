"""The store's faults as the GM reads them: SQLite's errors turned into one Russian sentence
naming the file and what to do (issue 23: a locked, read-only, full or corrupt store gave a
Python traceback; a zero-length file silently became a new game).

- `refuse_foreign(path)`: a file that is there but is no gorod store (zero bytes, not SQLite,
  a SQLite database of something else) is refused, never taken for a new game;
- `told(path)`: a block whose `sqlite3` errors of the file itself (busy, read-only, disk full,
  corrupt, unreadable) become a `StoreError`; the rest (a constraint, a bug) pass unchanged;
- `holder_pid(path)`: which process holds the write lock, to name it (`PID …`);
- `check_whole(db, path)`: `PRAGMA quick_check` at open: a damaged file is told before
  anything is read from it or written to it.
"""
from __future__ import annotations

import fcntl
import os
import sqlite3
import struct
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

SQLITE_HEADER = b"SQLite format 3\x00"
# WAL mode: the writer holds an fcntl lock on byte 120 of the -shm file (WAL_WRITE_LOCK);
# rollback mode: on the main file's RESERVED byte (0x40000001). sqlite3's os_unix.c.
_LOCKS = (("-shm", 120), ("-shm", 121), ("-shm", 122), ("", 0x40000001), ("", 0x40000000))


class StoreError(Exception):
    """The store cannot be used as it is; `str()` is the Russian message naming the file."""

    def __init__(self, path: str, text: str) -> None:
        super().__init__(f"хранилище игры {path}: {text}")
        self.path = path


class StoreMissing(StoreError):
    """A command that reads or changes a game met no store file: the game was never begun on
    this file, or its store is elsewhere (a moved game file, a mistyped `store:`). Only
    `gorod deal` and `gorod run` begin one, so a wrong path never shows an empty game as if
    everything stored were lost, nor lets a second deal begin beside the real one."""

    def __init__(self, path: str) -> None:
        super().__init__(path, "файла нет: игра на этом файле ещё не начата (её начинают gorod deal, "
                               "gorod run и консоль gorod web). Если игра уже шла, её база лежит в другом месте: укажите её "
                               "путь в store: файла игры")


class StoreBusy(StoreError):
    """Another process holds the write lock longer than the busy timeout."""


class StoreReadOnly(StoreError):
    pass


class StoreFull(StoreError):
    pass


class StoreCorrupt(StoreError):
    pass


class StoreForeign(StoreError):
    """A file that is no gorod store: never migrated into one (it may be something else's)."""


class StoreNewer(StoreError):
    pass


NEW_GAME = ("Если это новая игра, уберите этот файл (переименуйте или удалите) или укажите другой "
            "store: в конфиге игры; gorod создаст хранилище сам")


def refuse_foreign(path: str) -> None:
    """A file already at `path` that cannot be a gorod store: refused before SQLite opens it."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return
    except IsADirectoryError:
        raise StoreForeign(path, "это папка, а не файл хранилища (store: в конфиге игры — путь к файлу)") from None
    except OSError as exc:
        raise StoreError(path, f"файл не читается ({exc.strerror or exc}): проверьте права на него") from None
    if not head:
        raise StoreForeign(path, f"файл пуст (0 байт): это не сохранённая игра, и новой игрой он не "
                                 f"считается — вдруг игру затёрли при копировании. {NEW_GAME}")
    if head != SQLITE_HEADER:
        raise StoreForeign(path, f"это не база SQLite (файл начинается с {head[:8]!r}), а не хранилище gorod. "
                                 f"{NEW_GAME}")


def foreign_tables(path: str, tables: list[str]) -> StoreForeign:
    shown = ", ".join(tables[:5]) + (" …" if len(tables) > 5 else "")
    return StoreForeign(path, f"база SQLite другой программы (таблицы: {shown}; нет schema_version "
                              f"хранилища gorod): в неё ничего не записано. {NEW_GAME}")


def newer(path: str, version: int, known: int) -> StoreNewer:
    return StoreNewer(path, f"его схема версии {version} новее, чем знает этот gorod ({known}): игру вёл "
                            "более новый gorod. Обновите gorod; хранилище не тронуто")


def holder_pid(path: str) -> int | None:
    """The PID of the process holding `path`'s SQLite write lock (Linux's F_GETLK), or None."""
    for suffix, offset in _LOCKS:
        try:
            fd = os.open(path + suffix, os.O_RDONLY)
        except OSError:
            continue
        try:
            # struct flock: l_type, l_whence, l_start, l_len, l_pid (+ padding on 64-bit Linux)
            asked = struct.pack("hhqqi", fcntl.F_WRLCK, os.SEEK_SET, offset, 1, 0) + bytes(4)
            kind, _whence, _start, _len, pid = struct.unpack("hhqqi", fcntl.fcntl(fd, fcntl.F_GETLK, asked)[:28])
        except OSError:
            continue
        finally:
            os.close(fd)
        if kind != fcntl.F_UNLCK and pid > 0:
            return pid
    return None


def busy(path: str) -> StoreBusy:
    pid = holder_pid(path) if path != ":memory:" else None
    who = f"PID {pid}" if pid else "PID не узнать"
    stop = f" (kill {pid}, если он завис)" if pid else ""
    return StoreBusy(path, f"игра занята другим процессом ({who}): он держит запись в хранилище дольше, чем "
                           f"gorod ждёт. Дождитесь его конца или остановите его{stop} и повторите; "
                           "ничего не сделано")


def fault_of(path: str, exc: sqlite3.Error) -> StoreError | None:
    """The `StoreError` an error of SQLite on `path` is, or None (a constraint, a bug)."""
    if isinstance(exc, (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError)):
        return None
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in text:
        return busy(path)
    if name.startswith("SQLITE_READONLY") or "readonly database" in text:
        return StoreReadOnly(path, "только для чтения: gorod не может записать в него ни заявки, ни черновики "
                                   f"({text}). Дайте права на запись файлу и его папке (ls -l; chmod u+w; "
                                   "владелец — тот, кто запускает gorod) или проверьте, не смонтирован ли диск "
                                   "только для чтения; ничего не записано")
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return StoreFull(path, "диск заполнен: запись не удалась и отменена целиком, сохранённое цело. "
                               "Освободите место на диске (df -h) и повторите")
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or "not a database" in text:
        return corrupt(path, text)
    if name.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN")):
        return StoreError(path, f"ошибка ввода-вывода ({text}): проверьте диск, права и место на нём и повторите")
    return None


def corrupt(path: str, detail: str) -> StoreCorrupt:
    return StoreCorrupt(path, f"файл повреждён (проверка SQLite: {detail[:200]}). Не пишите в него; "
                              f"восстановите из копии или спасите, что можно: sqlite3 {path} .recover > "
                              "спасено.sql; gorod в него ничего не записал")


def check_whole(db: sqlite3.Connection, path: str) -> None:
    """`PRAGMA quick_check` (the file's pages and indexes, without the slower content checks)."""
    rows = [row[0] for row in db.execute("PRAGMA quick_check(3)").fetchall()]
    if rows != ["ok"]:
        raise corrupt(path, "; ".join(str(r) for r in rows))


@contextmanager
def told(path: str) -> Iterator[None]:
    """SQLite's errors of the file itself, as a `StoreError`; others unchanged."""
    try:
        yield
    except sqlite3.Error as exc:
        fault = fault_of(path, exc)
        if fault is None:
            raise
        raise fault from exc


def existing(path: str) -> bool:
    return path != ":memory:" and Path(path).exists()
