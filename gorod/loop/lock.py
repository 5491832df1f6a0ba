"""The game's locks: `fcntl` locks on files beside the store.

- `worker_lock(store)`: one `gorod run` per game, held for the whole run. Two workers on
  one game (cron plus a hand-run one) would poll, resolve and post side by side.
- `WriterLock` (`game.writing(what)`): one writer at a time, held while a step resolves a
  phase or posts: a round of the worker, `gorod phase end`, `gorod publish`, `gorod deal`,
  `gorod count` (it reads the thread and drafts), the console's buttons. Issue 22: two publishers at once sent 19 PMs of 168 twice, and two phase ends
  at once resolved the next phase too, with no orders. Taken without waiting: the loser
  is refused at once, in Russian, naming what holds it and its PID (the worker's round
  that loses is skipped, the next one tries again). Reentrant within one `Game` (a round
  posts; a phase end resolves), not across two `Game`s of one process (the console's
  threads): those exclude each other as two processes do.

The locks are the kernel's: they go with the process, so a killed one (kill -9, a crash)
never leaves a stale lock behind. The file holds the holder's PID, what it is and since
when, only to name it to the other.
"""
from __future__ import annotations

import fcntl
import json
import os
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

from gorod.loop.errors import LoopError


class LockBusy(LoopError):
    """The lock is held by another process (or another `Game` of this one); `str()` is Russian."""


def lock_path(store_path: str) -> Path:
    return Path(store_path + ".run-lock")


def writer_lock_path(store_path: str) -> Path:
    return Path(store_path + ".write-lock")


def _try_lock(path: Path) -> int | None:
    """The locked descriptor, or None when another holds the lock."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def _holder(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace").strip()
    except OSError:
        return ""


def _write_holder(fd: int, text: str) -> None:
    os.ftruncate(fd, 0)
    os.pwrite(fd, (text + "\n").encode("utf-8"), 0)


@contextmanager
def worker_lock(store_path: str) -> Iterator[None]:
    """Held while the block runs; `LoopError` naming the other worker's PID if it is taken."""
    if store_path == ":memory:":
        yield
        return
    path = lock_path(store_path)
    fd = _try_lock(path)
    if fd is None:
        holder = _holder(path) or "?"
        raise LoopError(f"с этой игрой уже работает другой gorod run (PID {holder}; хранилище "
                        f"{store_path}): два работника одной игры мешают друг другу. Остановите его "
                        f"(kill {holder}) или дождитесь его конца; ничего не сделано")
    try:
        _write_holder(fd, str(os.getpid()))
        yield
    finally:
        os.close(fd)    # closing the descriptor releases the lock


def _alive(pid) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class WriterLock:
    """The writer lock of one store, as one `Game` holds it (see the module docstring)."""

    def __init__(self, store_path: str, zone=timezone.utc) -> None:
        self.path = None if store_path == ":memory:" else writer_lock_path(store_path)
        self.zone = zone
        self._fd: int | None = None
        self._depth = 0

    @property
    def held(self) -> bool:
        return self._depth > 0

    @contextmanager
    def hold(self, actor: str, what: str) -> Iterator[None]:
        """`actor`: who holds it («gorod publish»); `what`: doing what («отправка черновиков»)."""
        if self._depth or self.path is None:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        fd = _try_lock(self.path)
        if fd is None:
            raise LockBusy(self._refusal(what))
        self._fd, self._depth = fd, 1
        try:
            _write_holder(fd, json.dumps({"pid": os.getpid(), "actor": actor, "what": what,
                                          "since": datetime.now(timezone.utc).isoformat(timespec="seconds")},
                                         ensure_ascii=False))
            yield
        finally:
            self._depth = 0
            self._fd = None
            os.ftruncate(fd, 0)   # the next holder's refused ones never read this one's name
            os.close(fd)

    def _holder_now(self) -> dict:
        """Who holds the lock, as the file says. The holder writes it just after taking the
        lock: an empty file, or one naming a process that is gone (killed while holding
        it), is read again for a moment."""
        holder: dict = {}
        for _attempt in range(40):
            try:
                holder = json.loads(_holder(self.path) or "{}")
            except ValueError:
                holder = {}
            if isinstance(holder, dict) and _alive(holder.get("pid")):
                return holder
            time.sleep(0.025)
        return holder if isinstance(holder, dict) else {}

    def _refusal(self, mine: str) -> str:
        holder = self._holder_now()
        pid = holder.get("pid") or "?"
        since = holder.get("since")
        when = f", с {datetime.fromisoformat(since).astimezone(self.zone):%H:%M:%S}" if since else ""
        doing = f": {holder['what']}" if holder.get("what") else ""
        return (f"с игрой сейчас работает {holder.get('actor') or 'другой процесс gorod'} (PID {pid}{when}){doing}. "
                f"Разрешать фазы и отправлять на форум может только один процесс за раз: {mine} — не начато, "
                f"ничего не сделано; повторите, когда он закончит")
