"""Scenario.plan of the three Hell Dorado types, and the loader's check_only scope."""

import dataclasses
from pathlib import Path

import pytest

import fleeodds
from fleeodds import FleeoddsError
from fleeodds.api import list_examples
from fleeodds.system import scenario_from_dict
from fleeodds.systems.hell_dorado.scenarios import load_scenario
from fleeodds.validation import collecting_notes, strict_inputs

EXAMPLES = [p for p in list_examples() if p.parent.name == "hell_dorado"]
W = [{"name": "lame", "damage": [5, 5, 5, 5, 5]}]


def flee(**top):
    """A Fuite: F (DEF 4, PV 3) flees A (CBT 1, 5 damage for any hit)."""
    d = {"system": "hell_dorado", "fleeing": {"name": "F", "def": 4, "pv": 3},
         "adversaries": [{"name": "A", "cbt": 1, "weapons": W}]}
    d.update(top)
    return d


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_has_a_frozen_hashable_plan_equal_on_reload(path):
    a, b = fleeodds.load_scenario(path), fleeodds.load_scenario(path)
    assert a.plan is not None and hash(a.plan) == hash(b.plan) and a.plan == b.plan
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(a.plan, dataclasses.fields(a.plan)[0].name, None)


@pytest.mark.parametrize("name", ["fuite_samael_choix_adversaire", "passe_bran_carnoth_vs_bretteur",
                                  "attraction_ligne"])
def test_equal_plans_give_equal_outcomes_and_exact_distributions(name):
    """Renaming every fighter changes no number: the plans are equal, and so are the outcome codes,
    their order and the exact distribution (what the front's exact cache relies on)."""
    a = fleeodds.load_scenario(f"hell_dorado/{name}.toml")
    renamed, new = {}, {}

    def rename(f):
        if isinstance(f, dict) and "name" in f:
            new[f["name"]] = f["name"] + " bis"
            return dict(f, name=new[f["name"]])
        return f

    for k, v in a.source.items():
        renamed[k] = [rename(f) for f in v] if isinstance(v, list) else rename(v) if k != "compare" else v
    for sec, key in (("fuite", "attacker"), ("attraction", "focus")):
        if isinstance(renamed.get(sec), dict) and renamed[sec].get(key) in new:
            renamed[sec] = dict(renamed[sec], **{key: new[renamed[sec][key]]})
    b = scenario_from_dict(renamed, a.base_dir)
    assert a.plan == b.plan
    assert [o.code for o in a.outcomes] == [o.code for o in b.outcomes]
    assert a.exact_distribution("fraction") == b.exact_distribution("fraction")


def test_different_rules_give_different_plans():
    a, b = scenario_from_dict(flee()), scenario_from_dict(flee(fleeing={"name": "F", "def": 4, "pv": 6}))
    assert a.plan != b.plan and a.exact_distribution("fraction") != b.exact_distribution("fraction")


def test_check_only_checks_only_the_fields_named():
    """``dice_cap`` changes nothing with a single die: noted as written (refused under --strict), not
    checked when the loader is told the scenario derives from one already checked and only other fields are
    to be checked."""
    data = flee(options={"dice_cap": "none"})

    def notes(**kw):
        with collecting_notes() as out:
            load_scenario(data, Path.cwd(), **kw)
        return [n.field for n in out]

    assert notes() == ["options.dice_cap"]
    assert notes(check_only=frozenset()) == []
    assert notes(check_only=frozenset({"options.dice_cap"})) == ["options.dice_cap"]
    assert load_scenario(data, Path.cwd(), check_only=frozenset()).exact_distribution("fraction") == \
        load_scenario(flee(), Path.cwd()).exact_distribution("fraction")
    with strict_inputs():
        with pytest.raises(FleeoddsError, match="options.dice_cap"):
            load_scenario(data, Path.cwd())
        load_scenario(data, Path.cwd(), check_only=frozenset())
        with pytest.raises(FleeoddsError, match="options.dice_cap"):
            load_scenario(data, Path.cwd(), check_only=frozenset({"options.dice_cap"}))
