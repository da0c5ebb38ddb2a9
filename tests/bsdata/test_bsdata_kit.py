"""Points and equipment read from a BattleScribe catalogue, and a fight ranking that uses them.

Expected values are read off the hand-written fixture tests/bsdata/data/fixture_kit.cat (its
header comment gives each figure); the ranking's probabilities are checked against the same
fight written by hand with those fields (two paths that share only the solver), and the derived
columns against the ranking's own outcome columns.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pandas as pd
import pytest

import fleeodds
from fleeodds.importers import write_profiles
from fleeodds.importers.bsdata import read_catalogue
from fleeodds.rank import format_ranking, rank_units
from fleeodds.systems.warhammer.list_building import (extra_text, map_catalogue, points_for)
from tests.lang_helpers import _in  # noqa: E402

KIT = Path(__file__).resolve().parent / "data" / "fixture_kit.cat"
REAL = Path(os.environ.get("FLEEODDS_SHARED", Path(__file__).resolve().parents[2].parent / "shared")) / "data" / "bsdata-whfb"


@pytest.fixture(scope="module")
def kit():
    return read_catalogue(KIT)


@pytest.fixture(scope="module")
def mapped(kit):
    return map_catalogue(kit)


def _extras(mapped, name):
    return next(e for p, e in zip(mapped.profiles, mapped.extras) if p["name"] == name)


POINTS = [  # (catalogue, game system, unit, own cost, points at minimum size, minimum models, cost per model)
    (KIT, None, "Axe Guard", 0.0, 80.0, 10, 8.0),        # 10 x 8; the optional Shields and Standard not counted
    (KIT, None, "Scale Spears", 10.0, 94.0, 12, 7.0),    # 10 + 12 x (5 + 1 Light Armour + 1 default Spears and Shields)
    (KIT, None, "Boar Lancers", 0.0, 100.0, 5, 20.0),    # the rank-and-file is an upgrade entry; the War Boar is free
    (KIT, None, "Twin Blades", None, 45.0, 5, 9.0),      # the unit entry gives no cost at all: its models do
    (KIT, None, "Old Tusk", 150.0, 150.0, None, None),   # a single model: no rank-and-file
]
_OG = REAL / "Orcs and Goblins - 8thBRB_8thAB.cat"
if _OG.is_file():  # the real catalogue as a cross-check (figures read off its XML)
    _GST = REAL / "Warhammer Fantasy 8th ed.gst"
    POINTS += [(_OG, _GST, "Orc Boyz", 0.0, 60.0, 10, 6.0),       # model entry 6 pts, min 10
               (_OG, _GST, "Night Goblins", 0.0, 60.0, 20, 3.0),  # 3 pts, min 20
               (_OG, _GST, "Orc Boar Chariot", 85.0, 85.0, None, None)]  # crew and steeds free


@pytest.mark.parametrize("path, gst, name, own, points, least, per", POINTS,
                         ids=[f"{c[0].stem}:{c[2]}" for c in POINTS])
def test_points_at_minimum_size(path, gst, name, own, points, least, per):
    u = next(u for u in read_catalogue(path, gst).units if u.name == name)
    assert (u.own_points, u.points, u.min_models, u.model_points) == (own, points, least, per)


def test_default_choice_of_a_mandatory_group_is_a_selection(kit):
    u = next(u for u in kit.units if u.name == "Scale Spears")
    got = [(s.name, s.count, s.default) for s in u.selections]
    assert got == [("Scale Spear", 12.0, False), ("Light Armour", 12.0, False), ("Spears and Shields", 12.0, True)]
    assert "Great Weapons" not in [s.name for s in u.selections]  # the other choice of the group


@pytest.mark.parametrize("name, weapon, shield, armour, ward", [
    ("Axe Guard", "great_weapon", False, 5, None),   # heavy armour 5+; the optional shields not taken
    ("Scale Spears", "spear", True, 4, None),        # 5+ natural with light armour: 4+; shield apart
    ("Boar Lancers", "lance", False, 3, None),       # light 6+, boar -2, barding -1
    ("Twin Blades", "flail", False, None, 6),        # two weapons: the flail (a note says so)
])
def test_equipment_read(mapped, name, weapon, shield, armour, ward):
    e = _extras(mapped, name)["equipment"]
    assert (e["weapon"], e["shield"], e["armour_save"], e["ward_save"]) == (weapon, shield, armour, ward)


def test_what_the_data_does_not_say_is_not_guessed(mapped):
    assert "equipment" not in _extras(mapped, "Old Tusk")  # a magic weapon only, no save characteristic
    assert "equipment" not in _extras(mapped, "War Boar")  # "-2" is what it gives a rider
    note = [p for p in mapped.notes if p.unit == "Twin Blades" and p.field == "weapon"]
    assert len(note) == 1 and "flail" in note[0].message


def test_profiles_stay_a_profiles_file(mapped, tmp_path):
    # points and equipment are kept beside the profiles: the written file loads as a profiles_file
    path = write_profiles(mapped.profiles, tmp_path / "kit.toml")
    assert all("points" not in p and "equipment" not in p for p in mapped.profiles)
    sc = fleeodds.load_scenario({"system": "warhammer", "edition": "8th", "situation": "break",
                                 "profiles_file": str(path), "fleeing": {"profile": "Axe Guard"},
                                 "pursuer": {"profile": "Boar Lancers"}, "combat": {"margin": 1},
                                 "table": {"max_turns": 0}})
    assert sc.fleeing.name == "Axe Guard"
    merged = mapped.with_extras()
    assert merged[0]["points"] == 80.0 and merged[0]["name"] == "Axe Guard"


def test_points_for_the_scenario_size():
    assert points_for({"points": 94.0, "min_models": 12, "model_points": 7.0}, 10) == 80.0  # 94 - 2 x 7
    assert points_for({"points": 150.0}, 2) == 300.0
    assert points_for({}, 10) is None


FIGHT = {"system": "warhammer", "edition": "8th", "situation": "fight", "table": {"max_turns": 0},
         "fight": {"charger": "unit",
                   "unit": {"profile": "Night Goblins", "models": 10, "files": 5, "shield": True},
                   "enemy": {"name": "Dwarfs", "movement": 3, "leadership": 9, "weapon_skill": 4, "strength": 3,
                             "toughness": 4, "wounds": 1, "initiative": 2, "attacks": 1, "models": 10,
                             "files": 5, "armour_save": 5}}}


def test_fight_ranking_uses_points_and_equipment(mapped):
    sc = fleeodds.load_scenario(copy.deepcopy(FIGHT))
    army = [p for p in mapped.with_extras() if p["name"] in ("Axe Guard", "Scale Spears", "Old Tusk")]
    r = rank_units(sc, army, "fleeing", unit_size="scenario", types="all")
    t = r.table.set_index("unit")
    assert t.loc["Axe Guard", "points"] == 80.0 and t.loc["Scale Spears", "points"] == 80.0  # 10 models each
    assert t.loc["Old Tusk", "points"] == 150.0  # a single model is one model, whatever the size rule
    wins_codes = [c for c, _ in r.outcomes if c.startswith("enemy_")]
    beats_codes = ["enemy_caught", "enemy_run_down", "enemy_caught_reengaged", "enemy_destroyed"]
    for name in t.index:
        row = t.loc[name]
        assert row["wins"] == pytest.approx(sum(row[c] for c in wins_codes), abs=1e-12)
        assert row["beats"] == pytest.approx(sum(row[c] for c in beats_codes if c in t.columns), abs=1e-12)
        assert row["wins_per_100"] == pytest.approx(100 * row["wins"] / row["points"], abs=1e-12)
    assert t.loc["Axe Guard", "equipment"] == "great_weapon; armour:5"
    assert t.loc["Scale Spears", "equipment"] == "spear; shield; armour:4"
    assert pd.isna(t.loc["Old Tusk", "equipment"])  # nothing read: the scenario's shield stays
    # the same fight written by hand with the catalogue's fields gives the same probabilities
    prof = next(p for p in army if p["name"] == "Axe Guard")
    data = copy.deepcopy(FIGHT)
    data["fight"]["unit"] = {k: v for k, v in prof.items() if k in (
        "name", "movement", "leadership", "weapon_skill", "strength", "toughness", "wounds", "initiative",
        "attacks", "troop_type", "rules")}
    data["fight"]["unit"].update(models=10, files=5, weapon="great_weapon", armour_save=5)
    want = fleeodds.load_scenario(data).exact_distribution("fraction")
    assert sc.with_unit("fleeing", prof).exact_distribution("fraction") == want
    text = _in("fr", format_ranking, r, wide=True)  # the narrow table leaves the equipment to --wide and the CSV
    assert "arme lourde, armure 5+" in text and "gagne/100 pts" in text
    english = _in("en", format_ranking, r, wide=True)
    assert "great weapon, armour 5+" in english and "nan" not in english
    narrow = _in("en", format_ranking, r)
    assert "great weapon" not in narrow and "wins/100 pts" in narrow
    assert max(len(line) for line in narrow.splitlines()) <= 120


def test_equipment_that_cannot_count_is_left_out_and_said(mapped):
    data = copy.deepcopy(FIGHT)
    data["fight"]["charger"] = "enemy"
    sc = fleeodds.load_scenario(data)
    lancers = next(p for p in mapped.with_extras() if p["name"] == "Boar Lancers")
    got = sc.with_unit("fleeing", lancers)
    assert got.model.fight.unit.weapon == "hand_weapon" and "unused:lance" in got.equipment_read
    assert _in("en", extra_text, "equipment", "; ".join(got.equipment_read)).startswith(
        "hand weapon, lance not counted (did not charge)")
