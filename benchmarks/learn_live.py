"""How `gorod forum learn` does on the live forums of `make test`: per engine, what the learned
profile (the engine's profile hidden) read of the conformance thread, the GM's inbox and its
conversations, and whether it posted through `gorod forum check --write --pm-to`.

    python benchmarks/learn_live.py [FILE]

FILE: the records the live test writes (tests/forums/learnlive.py; default
.realforum/learn-live.jsonl, or $GOROD_LEARN_REPORT), one JSON line per engine and test; the
newest record of each engine counts. Run the live tests first, e.g. `make test`, or on a running
set of forums: `pytest tests/forums/test_conformance.py -k "learned or inbox_and_each"`.
Prints one line per engine and `exact_pages: N/M (P %)` over all engines.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    path = Path(argv[0]) if argv else Path(os.environ.get("GOROD_LEARN_REPORT") or ROOT / ".realforum" / "learn-live.jsonl")
    if not path.is_file():
        print(f"{path}: no records: run the live tests first (make test)", file=sys.stderr)
        return 2
    newest: dict[tuple[str, str], dict] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            r = json.loads(line)
            newest[(r["engine"], r["kind"])] = r
    total = exact = 0
    for engine in sorted({e for e, _ in newest}):
        read, write = newest.get((engine, "read")), newest.get((engine, "write"))
        parts = []
        if read:
            total += read["pages"]
            exact += read["exact_pages"]
            parts.append(f"{read['exact_pages']}/{read['pages']} pages exact")
            if read.get("inbox") is None:
                parts.append(f"PMs not learned ({read.get('pm_note') or 'no inbox'})")
            else:
                parts.append("inbox " + ("same" if not read["inbox"] else f"differs: {read['inbox'][:2]}"))
                parts.append(f"{read['exact_conversations']}/{read['conversations']} conversations exact")
                parts.append("login learned" if read.get("login") else f"login not learned ({read.get('pm_note')})")
            for d in read.get("page_differences", [])[:2]:
                parts.append(f"page: {d}")
        if write:
            parts.append({True: "reply+PM posted once, write confirmed", False: f"write failed: {write['lines'][:2]}",
                          None: "write not tried: " + "; ".join(write["lines"])}[write["ok"]])
        print(f"{engine:8} " + "; ".join(parts))
    print(f"exact_pages: {exact}/{total} ({100 * exact / max(1, total):.0f} %)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
