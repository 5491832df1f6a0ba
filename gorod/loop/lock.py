"""One `gorod run` per game: an exclusive `fcntl` lock on a file beside the store.

Two workers on one game (cron plus a hand-run one) would poll, resolve and post side by
side; exactly-once would then rest on luck. The lock is the kernel's: it goes with the
process, so a killed worker (kill -9, a crash) never leaves a stale lock behind. The
file holds the holder's PID, only to name it to the GM.
"""
from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from gorod.loop.game import LoopError


def lock_path(store_path: str) -> Path:
    return Path(store_path + ".run-lock")


@contextmanager
def worker_lock(store_path: str) -> Iterator[None]:
    """Held while the block runs; `LoopError` naming the other worker's PID if it is taken."""
    if store_path == ":memory:":
        yield
        return
    path = lock_path(store_path)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "?"
            raise LoopError(f"с этой игрой уже работает другой gorod run (PID {holder}; хранилище "
                            f"{store_path}): два работника одной игры мешают друг другу. Остановите его "
                            f"(kill {holder}) или дождитесь его конца; ничего не сделано") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(fd)    # closing the descriptor releases the lock
