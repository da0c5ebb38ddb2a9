"""Names of scenario fields and of their values for people, from the rules system's JSON Schema.

Charts and tables name a varied field by its schema title ("Leadership" /
"Commandement") rather than its dotted path, and its values by their names
("6th edition" / "6e édition") where the rules system declares them
(:attr:`fleeodds.system.RulesSystem.value_labels`, or ``x-enum-labels`` next to
an ``enum`` in the schema). Nothing here names a game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..errors import FleeoddsError
from ..language import Message, N_, NP_, pmessage, use_lang


@lru_cache(maxsize=16)
def _schema(system: str, lang: str) -> dict:
    from ..system import get_system

    try:
        with use_lang(lang):
            return get_system(system).schema()
    except (FleeoddsError, TypeError, AttributeError):
        return {}


def _resolve(node: Any, root: dict, depth: int = 0) -> dict:
    """Follow ``$ref`` (``#/$defs/X``) and take the branch of ``anyOf``/``oneOf``/``allOf``
    that describes a table or a list (else the first), keeping the outer title."""
    if not isinstance(node, dict) or depth > 20:
        return {}
    title = {k: node[k] for k in ("title", "x-enum-labels") if k in node}
    if "$ref" in node and isinstance(node["$ref"], str) and node["$ref"].startswith("#/"):
        target: Any = root
        for part in node["$ref"][2:].split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        return {**_resolve(target, root, depth + 1), **title}
    for key in ("anyOf", "oneOf", "allOf"):
        branches = node.get(key)
        if isinstance(branches, list) and branches:
            resolved = [_resolve(b, root, depth + 1) for b in branches]
            pick = next((b for b in resolved if "properties" in b or "items" in b or "enum" in b), resolved[0])
            return {**pick, **title}
    return node


def field_schema(system: str, dotted: str, lang: str = "en") -> dict:
    """The schema node of the dotted field ``dotted`` (``enemies.0.damage``), ``{}`` if unknown."""
    root = _schema(system, lang)
    node = _resolve(root, root)
    for part in dotted.split("."):
        if part.isdigit() or part == "*":
            items = node.get("items") or (node.get("prefixItems") or [{}])[0]
            node = _resolve(items, root)
        else:
            props = node.get("properties") or {}
            if part not in props:
                extra = node.get("additionalProperties")
                if isinstance(extra, dict):
                    node = _resolve(extra, root)
                    continue
                return {}
            node = _resolve(props[part], root)
    return node


#: Columns the front adds beside the scenario's fields: their titles (context ``column``).
_FRONT_FIELDS = {"setup": NP_("column", "Setup")}


def field_title(system: str, dotted: str, lang: str = "en") -> str:
    """The field's title in ``lang`` ("Leadership" / "Commandement"), else its dotted path.

    Nested fields of a list or table are named with their parent: ``enemies.0.damage``
    reads "Damage (enemy 1)" when the list item has a title.
    """
    if dotted in _FRONT_FIELDS:  # a column the front adds (a sweep of a file's setups), not a scenario field
        return pmessage("column", _FRONT_FIELDS[dotted]).render(lang)
    node = field_schema(system, dotted, lang)
    title = node.get("title") if isinstance(node, dict) else None
    if not title:
        return dotted
    parts = dotted.split(".")
    for i, part in enumerate(parts[:-1]):
        if part.isdigit():  # which item of the list: the list field's own title and the number
            parent = field_schema(system, ".".join(parts[:i]), lang).get("title") if i else None
            if parent:
                return Message(N_("{title} ({parent} #{number})"), title=title, parent=parent,
                               number=int(part) + 1).render(lang)
    return str(title)


def value_label(system: str, dotted: str, value: Any, lang: str = "en") -> str:
    """A value of the field as people name it ("6th" -> "6th edition" / "6e édition"), else ``str(value)``."""
    from ..system import get_system

    text = str(value)
    try:
        table = getattr(get_system(system), "value_labels", None) or {}
    except (FleeoddsError, TypeError):
        table = {}
    generic = ".".join("*" if p.isdigit() else p for p in dotted.split("."))
    names = table.get(dotted) or table.get(generic) or {}
    key = value.lower() if isinstance(value, str) else value
    if key in names:
        from ..system import value_label as _named

        return _named(names[key]).render(lang)
    enum_labels = field_schema(system, dotted, lang).get("x-enum-labels")
    if isinstance(enum_labels, dict) and text in enum_labels:
        return str(enum_labels[text])
    if isinstance(value, float):  # the decimal sign of the reader's locale, every digit kept
        from babel.numbers import get_decimal_symbol

        from ..i18n import LOCALES

        return text.replace(".", get_decimal_symbol(LOCALES.get(lang, LOCALES["en"])), 1)
    return text
