"""The input policy (issue 24, docs/inputs.md): what players write at its default is accepted.

Every shipped example is rewritten with **every** field its JSON Schema documents a default for
written out at that default (inside the tables the example has, and an ``[options]`` table), the way a
player states defaults for clarity. The rewritten file must load without an error, say nothing about
those fields (a value at its default is not even a note), and give the very exact fractions of the
example. A field of a unit or fighter that names a ``profile`` (D&D: a ``preset``) takes its default from the profile's
card, not from the schema, so such fields are left as the example has them.

A Hypothesis test then writes random subsets of those defaults into random examples: none is refused.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import fleeodds
from fleeodds.language import use_lang
from fleeodds.system import get_system, scenario_from_dict

EXAMPLES = fleeodds.list_examples()
BASE = fleeodds.api.example_dir()
#: Keys that are not fields at a default: the comparison setups, the French title.
NOT_FIELDS = ("compare", "title_fr")


def _deref(schema: dict, node, depth: int = 0) -> list[dict]:
    if not isinstance(node, dict) or depth > 16:
        return []
    out = [node]
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        out += _deref(schema, schema.get("$defs", {}).get(ref.rsplit("/", 1)[1]), depth + 1)
    for key in ("anyOf", "oneOf", "allOf"):
        for member in node.get(key) or ():
            out += _deref(schema, member, depth + 1)
    return out


def _properties(schema: dict, node) -> dict:
    props: dict = {}
    for n in _deref(schema, node):
        for k, v in (n.get("properties") or {}).items():
            props.setdefault(k, v)
    return props


def _items(schema: dict, node):
    for n in _deref(schema, node):
        if isinstance(n.get("items"), dict):
            return n["items"]
    return None


def _writable(value) -> bool:
    """A value a TOML file can hold (TOML has no null)."""
    if value is None:
        return False
    if isinstance(value, (list, tuple)):
        return all(_writable(v) for v in value)
    if isinstance(value, dict):
        return all(_writable(v) for v in value.values())
    return True


def defaults_to_write(schema: dict, node, data: dict, path: str = "") -> dict[str, object]:
    """``{dotted field: documented default}`` of the fields ``data`` leaves out, in the tables it has
    (and its ``options`` table, created when absent)."""
    out: dict[str, object] = {}
    props = _properties(schema, node)
    if "profile" in data or "preset" in data:  # a named profile's (D&D: preset's) card gives these defaults
        props = {k: v for k, v in props.items() if isinstance(data.get(k), (dict, list))}
    for key, sub in props.items():
        dotted = f"{path}{key}"
        if key in NOT_FIELDS:
            continue
        if key in data:
            value = data[key]
            if isinstance(value, dict):
                out.update(defaults_to_write(schema, sub, value, dotted + "."))
            elif isinstance(value, list):
                items = _items(schema, sub)
                for i, x in enumerate(value):
                    if isinstance(x, dict) and items is not None:
                        out.update(defaults_to_write(schema, items, x, f"{dotted}.{i}."))
            continue
        documented = [n["default"] for n in _deref(schema, sub) if "default" in n]
        if documented and _writable(documented[0]):
            out[dotted] = copy.deepcopy(documented[0])
        elif key == "options":
            out.update(defaults_to_write(schema, sub, {}, dotted + "."))
    return out


def _with(data: dict, fields: dict[str, object]) -> dict:
    full = copy.deepcopy(data)
    for dotted, value in fields.items():
        node = full
        parts = dotted.split(".")
        for p in parts[:-1]:
            node = node[int(p)] if isinstance(node, list) else node.setdefault(p, {})
        node[parts[-1]] = copy.deepcopy(value)
    return full


def _read(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _fractions(sc):
    return sc.exact_distribution("fraction") if sc.has_exact and sc.exact_fraction_ok else None


def _name(p: Path) -> str:
    return str(p.relative_to(BASE).with_suffix(""))


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=_name)
def test_every_field_written_at_its_default_changes_nothing(path):
    data = _read(path)
    with use_lang("en"):
        schema = get_system(data["system"]).schema()
    fields = defaults_to_write(schema, schema, data)
    assert fields, "the schema documents defaults for fields this example leaves out"
    given_example = scenario_from_dict(data, path.parent)
    written_out = scenario_from_dict(_with(data, fields), path.parent)
    noted = {n.field for n in written_out.input_notes()} - {n.field for n in given_example.input_notes()}
    assert not noted & set(fields), f"fields at their default were noted: {sorted(noted & set(fields))}"
    assert _fractions(written_out) == _fractions(given_example)
    assert [o.code for o in written_out.outcomes] == [o.code for o in given_example.outcomes]


def _case(path: Path) -> tuple[Path, dict[str, object]]:
    data = _read(path)
    with use_lang("en"):
        schema = get_system(data["system"]).schema()
    return path, defaults_to_write(schema, schema, data)


_CASES = [_case(p) for p in EXAMPLES]


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_input_is_refused_for_naming_a_modelled_field_at_its_default(data):
    path, fields = data.draw(st.sampled_from(_CASES), label="example")
    chosen = data.draw(st.lists(st.sampled_from(sorted(fields)), unique=True, max_size=8), label="fields")
    source = _with(_read(path), {f: fields[f] for f in chosen})
    scenario_from_dict(source, path.parent)  # no error
