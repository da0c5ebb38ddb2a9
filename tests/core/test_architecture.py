"""The layering of ``src/fleeodds``, read from the source with :mod:`ast` (nothing is imported).

- no import circle anywhere (imports inside functions count: they run too, only later);
- a system's ``kernels/`` never imports an ``exact/`` and the reverse (two independent evaluators);
- the front (everything outside ``systems/``) never names a shipped system;
- a system never imports ``fleeodds.report`` (report renders, systems compute).

An import is an edge to the module it names: ``from a.b import c`` points at ``a.b.c`` when that is a
module, else at ``a.b``. The package ``__init__`` files Python runs on the way (``a``, ``a.b``) are not
edges: every submodule would otherwise sit in a circle with its package. Imports under
``if TYPE_CHECKING:`` never run and are left out; ``importlib.import_module("literal")`` and
``__import__("literal")`` are imports and count.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = "fleeodds"
#: the systems shipped in ``src/fleeodds/systems/`` (each folder with an ``__init__.py``)
SHIPPED = tuple(sorted(p.parent.name for p in (SRC / PACKAGE / "systems").glob("*/__init__.py")))

#: the rules fail until the issue-23 branches (which remove the circles and build the parts) merge


class Module:
    """One module of the package: its dotted name, file, syntax tree and whether it is a package."""

    def __init__(self, path: Path):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        self.is_package = parts[-1] == "__init__"
        self.name = ".".join(parts[:-1] if self.is_package else parts)
        self.path = path
        self.tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))

    @property
    def where(self) -> str:
        return str(self.path.relative_to(SRC.parent))


@lru_cache(maxsize=None)
def modules() -> dict[str, Module]:
    return {m.name: m for m in map(Module, sorted((SRC / PACKAGE).rglob("*.py")))}


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:`` (never run)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


def _known(name: str) -> str | None:
    """The longest prefix of ``name`` that is a module of the package (None for outside modules)."""
    mods = modules()
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def imported_names(module: Module) -> list[tuple[str, int]]:
    """Every module ``module`` imports (dotted names, relative ones resolved) with its line."""
    skip = _type_checking_nodes(module.tree)
    out = []
    for node in ast.walk(module.tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.name.split(".")[: None if module.is_package else -1]
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            for alias in node.names:
                candidate = f"{prefix}.{alias.name}"
                out.append((candidate if candidate in modules() else prefix, node.lineno))
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str) and not node.args[0].value.startswith(".")
              and ast.unparse(node.func) in ("importlib.import_module", "import_module", "__import__")):
            out.append((node.args[0].value, node.lineno))
    return out


def imports(module: Module) -> list[tuple[str, int]]:
    """The package's own modules that ``module`` imports, with the line of each import."""
    out = []
    for name, line in imported_names(module):
        target = _known(name)
        if target is not None and target != module.name:
            out.append((target, line))
    return out


@lru_cache(maxsize=None)
def graph() -> dict[str, frozenset[str]]:
    return {name: frozenset(t for t, _ in imports(m)) for name, m in modules().items()}


def strongly_connected(graph: dict[str, frozenset[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components (iterative: no recursion limit), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    components.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return components


def _system_part(name: str) -> tuple[str, str] | None:
    """``(key, part)`` of a module under ``fleeodds.systems.<key>.<part>``, else None."""
    parts = name.split(".")
    if len(parts) >= 4 and parts[:2] == [PACKAGE, "systems"]:
        return parts[2], parts[3]
    return None


def is_front(module: Module) -> bool:
    return not module.name.startswith(f"{PACKAGE}.systems.") and module.name != f"{PACKAGE}.systems"


# ---------------------------------------------------------------------------------------------------------------------

def test_the_graph_sees_the_package():
    # guards the checks below against passing on an empty or half-read graph
    assert len(modules()) > 50 and {"warhammer", "dnd", "hell_dorado"} <= set(SHIPPED)
    assert f"{PACKAGE}.system" in graph()[f"{PACKAGE}.api"]  # a plain relative import resolved
    # imports inside functions are read (the package has some: lazy imports of heavy modules)
    assert any(isinstance(n, ast.ImportFrom) for m in modules().values() for f in ast.walk(m.tree)
               if isinstance(f, ast.FunctionDef) for n in ast.walk(f))


def test_no_import_circle():
    circles = [c for c in strongly_connected(graph()) if len(c) > 1]
    assert not circles, "import circles (strongly connected components):\n" + "\n".join(
        f"  {len(c)} modules: {', '.join(c)}" for c in circles)


def test_kernels_and_exact_never_import_each_other():
    bad = []
    for name, module in modules().items():
        here = _system_part(name)
        if here is None or here[1] not in ("kernels", "exact"):
            continue
        other = "exact" if here[1] == "kernels" else "kernels"
        bad += [f"{module.where}:{line} imports {target}" for target, line in imports(module)
                if (_system_part(target) or ("", ""))[1] == other]
    assert not bad, "\n".join(sorted(set(bad)))


def test_every_system_has_the_six_parts():
    # without them the kernels/exact check above would pass on nothing
    parts = ("model", "checks", "plan", "exact", "kernels", "scenarios")
    missing = [f"systems/{key}/{part}/__init__.py" for key in SHIPPED for part in parts
               if not (SRC / PACKAGE / "systems" / key / part / "__init__.py").is_file()]
    assert not missing, "missing: " + ", ".join(missing)


def _names_a_system(text: str) -> bool:
    """A string that names a shipped system: a key alone (``"dnd"``) or as a segment of a module name or a
    path without spaces (``"fleeodds.systems.dnd"``, ``"warhammer/rally.toml"``). Prose (help texts and
    messages that give a Warhammer example to a reader) has spaces and is fine."""
    return not re.search(r"\s", text) and any(seg in SHIPPED for seg in re.split(r"[./:\\]", text))


def _registry_nodes(module: Module) -> set[int]:
    """The nodes of ``system.py``'s ``DEFAULT_SYSTEMS`` table: the one place the front lists the shipped
    systems (key -> module)."""
    if module.name != f"{PACKAGE}.system":
        return set()
    out: set[int] = set()
    for node in module.tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "DEFAULT_SYSTEMS" for t in targets):
            out.update(id(n) for n in ast.walk(node))
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    """String expressions standing alone: docstrings (of a module, class, function) and comments-as-strings."""
    return {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}


def test_the_front_never_names_a_system():
    bad = []
    for name, module in modules().items():
        if not is_front(module):
            continue
        for target, line in imports(module):
            if target.split(".")[:2] == [PACKAGE, "systems"] and target.count(".") >= 2:  # systems.<key>[...]
                bad.append(f"{module.where}:{line} imports {target}")
        skip = _registry_nodes(module) | _docstrings(module.tree)
        for node in ast.walk(module.tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                    and _names_a_system(node.value)):
                bad.append(f"{module.where}:{node.lineno} names the system {node.value!r}")
    assert not bad, "\n".join(sorted(set(bad)))


def test_systems_never_import_report():
    bad = [f"{module.where}:{line} imports {target}"
           for name, module in modules().items() if not is_front(module)
           for target, line in imports(module)
           if target == f"{PACKAGE}.report" or target.startswith(f"{PACKAGE}.report.")]
    assert not bad, "\n".join(sorted(set(bad)))


def test_the_checks_catch_what_they_are_for():
    # the rules on small made-up graphs and strings, so that a silent pass above means something
    assert strongly_connected({"a": frozenset("b"), "b": frozenset("a"), "c": frozenset("a")}) == [["a", "b"], ["c"]]
    assert [c for c in strongly_connected({"a": frozenset("b"), "b": frozenset()}) if len(c) > 1] == []
    assert _names_a_system("warhammer") and _names_a_system("fleeodds.systems.dnd")
    assert _names_a_system("hell_dorado/duel.toml")
    assert not _names_a_system("a shipped example such as warhammer/rally.toml")
    assert not _names_a_system("dndx") and not _names_a_system("system")
    assert _system_part("fleeodds.systems.dnd.kernels.roll") == ("dnd", "kernels")
