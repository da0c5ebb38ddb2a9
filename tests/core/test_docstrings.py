"""The rules' code documents itself (issue 23): every public function and class of a system's ``plan/``
and ``exact/`` packages has a numpy-style docstring with its ``Parameters`` (when it takes any),
``Returns`` (a function that returns something) and ``References`` (the rule's source) sections."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SYSTEMS = Path(__file__).resolve().parents[2] / "src" / "fleeodds" / "systems"
MODULES = sorted(p for part in ("plan", "exact") for p in SYSTEMS.glob(f"*/{part}/*.py"))


def _public_functions(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("_"):
            yield node


def _takes_arguments(fn: ast.FunctionDef) -> bool:
    a = fn.args
    names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs] + [x.arg for x in (a.vararg, a.kwarg) if x]
    return any(n not in ("self", "cls") for n in names)


def _returns_something(fn: ast.FunctionDef) -> bool:
    if fn.returns is not None:
        return not (isinstance(fn.returns, ast.Constant) and fn.returns.value is None)
    return any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(fn))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SYSTEMS)))
def test_plan_and_exact_functions_document_their_sections(path):
    missing = []
    for fn in _public_functions(path):
        doc = ast.get_docstring(fn) or ""
        needed = ["References"]
        if _takes_arguments(fn):
            needed.append("Parameters")
        if _returns_something(fn):
            needed.append("Returns")
        lacking = [s for s in needed if f"{s}\n{'-' * len(s)}" not in doc]
        if lacking:
            missing.append(f"{fn.name} (line {fn.lineno}): {', '.join(lacking)}")
    assert not missing, "numpy-style sections missing:\n" + "\n".join(missing)


def test_every_system_has_plan_and_exact_modules():
    assert MODULES and {p.parents[1].name for p in MODULES} >= {"warhammer", "dnd", "hell_dorado"}
