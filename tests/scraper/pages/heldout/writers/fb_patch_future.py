"""FlaskBB 2.2.0 annotates with names imported only under TYPE_CHECKING (deferred annotations,
Python 3.14): on 3.12 each module gets `from __future__ import annotations`."""
import ast, pathlib, sys
root = pathlib.Path(sys.argv[1])
n = 0
for p in root.rglob("*.py"):
    src = p.read_text(encoding="utf-8")
    if "from __future__ import annotations" in src:
        continue
    tree = ast.parse(src)
    lines = src.splitlines(keepends=True)
    at = 0
    if tree.body and isinstance(tree.body[0], ast.Expr) and isinstance(getattr(tree.body[0], "value", None), ast.Constant) and isinstance(tree.body[0].value.value, str):
        at = tree.body[0].end_lineno
    # after any other __future__ imports
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            at = max(at, node.end_lineno)
    lines.insert(at, "from __future__ import annotations\n")
    p.write_text("".join(lines), encoding="utf-8")
    n += 1
print("patched", n)
