"""The resolvers are skeletons: the steps, the attack pipeline, the common refusals. No
ability, card or role is named in their code (docstrings and comments may cite rules);
what an ability does is a hook in its module (engine/abilities/)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.abilities import ABILITIES
from engine.names import CARDS, OPEN_ROLES, SECRET_ROLES

ROOT = Path(__file__).resolve().parents[2]
SKELETONS = ("engine/night.py", "engine/day.py", "engine/context.py", "engine/validate.py",
             "engine/setup.py", "engine/resolve.py", "engine/state.py", "engine/api.py",
             "engine/actions.py", "engine/abilities/registry.py")
ALLOWED = {
    ("engine/api.py", "Голосование"),    # VOTE: the commands that make one vote name it (§4.3)
    ("engine/api.py", "Кинуть карты"),   # THROW: the order every card's hooks serve
}

NAMES = ({s.name for s in ABILITIES} | {a for s in ABILITIES for a in s.aliases} | set(CARDS)
         | {n for n in CARDS.values() if n} | set(SECRET_ROLES) | set(OPEN_ROLES))


def _literals(tree: ast.AST):
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and ast.get_docstring(node, clean=False) is not None:
            docstrings.add(id(node.body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node


@pytest.mark.parametrize("path", SKELETONS)
def test_a_skeleton_names_no_ability_card_or_role(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    named = [(node.lineno, name) for node in _literals(tree) for name in NAMES
             if (path, name) not in ALLOWED and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", node.value)]
    assert named == [], f"{path} names abilities in its code: {named}"


@pytest.mark.parametrize("path", SKELETONS)
def test_a_skeleton_has_no_branch_on_an_ability_name(path):
    """No `spec.name == …` / `.ability in (…)`: a refusal or an effect of one ability is a
    hook of its module."""
    source = (ROOT / path).read_text(encoding="utf-8")
    pattern = r"\.(?:name|ability|secret_role|open_role|card|acts_as)\s*(?:==|!=|in\s*[(\[{])\s*[\"']"
    assert re.findall(pattern, source) == []
