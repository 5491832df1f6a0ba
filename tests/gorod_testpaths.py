"""Where the checkout and the read-only `shared/` folder are (a module of its own: test
files import it by this unique name, never `conftest`, which is ambiguous when several
conftest.py files are loaded)."""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def shared_dir() -> Path | None:
    """`../shared` beside the checkout (as on CI), or $GOROD_SHARED."""
    for candidate in (os.environ.get("GOROD_SHARED"), ROOT.parent / "shared", ROOT / "shared"):
        if candidate and Path(candidate, "rules").is_dir():
            return Path(candidate)
    return None
