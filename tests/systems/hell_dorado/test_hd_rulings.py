"""Capacities copied from a card that change nothing here (Inoffensif), and the designer rulings on Attraction:
it cancels Discrétion inside its zone, and forbids orders that would take an affected fighter out of it (rules
digest §6, docs/hell_dorado.md)."""

import copy
import tomllib
from pathlib import Path

import pytest

from fleeodds import FleeoddsError, load_scenario
from fleeodds.api import example_dir
from fleeodds.system import get_system

W = [{"name": "w", "damage": [2, 3, 4, 5, 6]}]


def fuite(options=None, caps=("Inoffensif",)):
    return {"system": "hell_dorado", "fleeing": {"name": "F", "def": 4, "pro": 1, "pv": 3, "mou": 4},
            "adversaries": [{"name": "A", "cbt": 3, "weapons": W},
                            {"name": "B", "cbt": 2, "weapons": W, "capacities": list(caps)}],
            **({"options": options} if options else {})}


def test_inoffensif_is_listed_when_it_changes_nothing():
    assert "adversaries.1.capacities.0" in load_scenario(fuite()).unused_inputs()
    # with options.support_requires_effective an Inoffensif fighter gives no soutien: it matters
    sc = load_scenario(fuite({"support_requires_effective": True}))
    assert "adversaries.1.capacities.0" not in sc.unused_inputs()


def _attraction():
    path = example_dir() / "hell_dorado" / "attraction_ligne.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data.pop("compare", None)
    return data, path.parent


def test_discretion_is_cancelled_inside_an_attraction_zone():
    data, folder = _attraction()
    data["adversaries"][0].setdefault("capacities", []).append("Discrétion")
    system = get_system("hell_dorado")
    sc = system.load(data, folder)
    (note,) = [n for n in sc.input_notes() if n.field == "adversaries.0.capacities"]
    assert "cancels it (designer ruling" in note.context
    plain, _ = _attraction()
    assert sc.exact_distribution("fraction") == system.load(plain, folder).exact_distribution("fraction")


def test_discretion_elsewhere_and_the_rulings_turned_off_are_refused_by_name():
    with pytest.raises(FleeoddsError, match=r"adversaries\.1\.capacities: 'Discrétion' is not modelled.*outside"):
        load_scenario(fuite(caps=("Discretion",)))
    data, folder = _attraction()
    for option in ("attraction_cancels_discretion", "attraction_blocks_leaving_orders"):
        bad = copy.deepcopy(data)
        bad.setdefault("options", {})[option] = False
        with pytest.raises(FleeoddsError, match=rf"options\.{option}: false is not modelled"):
            get_system("hell_dorado").load(bad, folder)


def test_the_rulings_at_their_default_are_accepted_silently():
    data, folder = _attraction()
    data.setdefault("options", {}).update(attraction_cancels_discretion=True, attraction_blocks_leaving_orders=True)
    sc = get_system("hell_dorado").load(data, Path(folder))
    assert not [n for n in sc.input_notes() if n.field.startswith("options.attraction_")]
