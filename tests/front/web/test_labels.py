"""Every choice of every system's form has a name for people in English and in French.

The page's dropdowns show the schema's ``x-enum-labels`` (written by the server from each
system's ``RulesSystem.value_labels``) and submit the codes. A value without a name would be
shown as its raw code (``same_step``, ``nearest``) in both languages.
"""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra is part of the test extra")

from fleeodds.system import get_system, system_keys  # noqa: E402
from fleeodds.web import service  # noqa: E402


def enum_nodes(root: dict):
    """``(dotted path, enum node)`` of every ``enum`` in a JSON Schema (list items written ``*``)."""
    defs = root.get("$defs") or {}
    out = []

    def walk(node, path, depth=0):
        while isinstance(node, dict) and "$ref" in node:
            node = defs[node["$ref"].split("/")[-1]]
        if not isinstance(node, dict) or depth > 16:
            return
        if "enum" in node:
            out.append((path, node))
        for k in ("anyOf", "oneOf", "allOf"):
            for b in node.get(k) or []:
                walk(b, path, depth + 1)
        for name, sub in (node.get("properties") or {}).items():
            walk(sub, f"{path}.{name}" if path else name, depth + 1)
        if isinstance(node.get("items"), dict):
            walk(node["items"], path + ".*", depth + 1)

    walk(root, "")
    return out


@pytest.mark.parametrize("key", system_keys())
def test_every_enum_value_has_a_name_in_both_languages(key):
    en, fr = service.schema(key, "en"), service.schema(key, "fr")
    nodes_en, nodes_fr = enum_nodes(en), enum_nodes(fr)
    assert nodes_en, key
    assert [p for p, _ in nodes_en] == [p for p, _ in nodes_fr]
    missing = []
    for (path, ne), (_, nf) in zip(nodes_en, nodes_fr):
        for v in ne["enum"]:
            name_en = (ne.get("x-enum-labels") or {}).get(str(v))
            name_fr = (nf.get("x-enum-labels") or {}).get(str(v))
            if not name_en or not name_fr:
                missing.append(f"{path}={v!r}")
                continue
            # a name for people, not the code again (a code with "_" shown as it is)
            if isinstance(v, str) and "_" in v:
                assert name_en != v and name_fr != v, (path, v)
    assert not missing, f"{key}: values without a name: {', '.join(missing)}"


@pytest.mark.parametrize("key", system_keys())
def test_french_names_are_french(key):
    """The French name differs from the English one wherever the English name is plain English
    words (a game term or a number may read the same in both)."""
    en, fr = service.schema(key, "en"), service.schema(key, "fr")
    english = {"the", "and", "with", "without", "first", "each", "every", "never", "always", "only", "none",
               "after", "before", "once", "stays", "stands", "roll", "enemy", "unit", "your", "most", "all"}
    for (path, ne), (_, nf) in zip(enum_nodes(en), enum_nodes(fr)):
        for v, name in (nf.get("x-enum-labels") or {}).items():
            # a game's own name reads the same in French ("The Old World" is sold as such in France)
            words = {w.strip("(),:").lower() for w in str(name).replace("The Old World", "").split()}
            assert not words & english, (key, path, v, name)


def test_labels_are_declared_by_the_systems_not_the_web_code():
    """The web code names no system: the names come from each system's ``value_labels``."""
    from pathlib import Path

    import fleeodds.web as web

    text = "".join(p.read_text(encoding="utf-8") for p in Path(web.__file__).parent.rglob("*")
                   if p.suffix in (".py", ".js", ".html"))
    for key in system_keys():
        assert get_system(key).value_labels, key
        for word in ("same_step", "stays_prone", "nearest", "first_listed", "great_weapon"):
            assert word not in text
