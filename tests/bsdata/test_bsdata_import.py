"""BattleScribe importer: hand-written fixture catalogues (always) and the real
community catalogues in ../shared/data/bsdata-whfb (when present).

Expected values below are read off the fixture XML written by hand in
tests/bsdata/data/, or are published army-book characteristics.
"""

from __future__ import annotations

import os
import tomllib
import zipfile
from pathlib import Path

import pytest

from fleeodds.errors import InputError
from fleeodds.importers import write_profiles
from fleeodds.systems.warhammer.list_building import import_catalogue, rule_code

DATA = Path(__file__).resolve().parent / "data"
ARMY = DATA / "fixture_army.cat"
LEGACY = DATA / "fixture_legacy.cat"
GST = DATA / "fixture_system.gst"
REAL = Path(os.environ.get("FLEEODDS_SHARED", Path(__file__).resolve().parents[2].parent / "shared")) / "data" / "bsdata-whfb"


@pytest.fixture(scope="module")
def army():
    return import_catalogue(ARMY, GST)


def test_short_names_single_profile(army):
    assert army.profile("Spear Goblins") == {
        "name": "Spear Goblins", "movement": 4, "leadership": 6, "troop_type": "infantry",
        "rules": ["stubborn", "cold_blooded"], "weapon_skill": 2, "ballistic_skill": 3, "strength": 3,
        "toughness": 3, "wounds": 1, "initiative": 2, "attacks": 1, "source": "Test Army (BattleScribe)"}


def test_long_names_rider_and_mandatory_mount(army):
    p = army.profile("Wolf Riders")
    # M from the Giant Wolf (shared entry, min 1, linked profile); Ld from the rider; the optional
    # Boss (Ld 9) and the Dragon offered in a choice group (M 6, Ld 10) are not part of the unit
    assert (p["movement"], p["leadership"], p["troop_type"]) == (9, 6, "cavalry")
    assert p["rules"] == ["swiftstride", "fast_cavalry", "hatred"]  # Hatred: a rule of the close-combat round
    assert p["weapon_skill"] == 3 and p["toughness"] == 3  # the rider's profile


def test_non_numeric_and_missing_characteristics_are_reported_not_fatal(army):
    names = [p["name"] for p in army.profiles]
    assert names == ["Spear Goblins", "Wolf Riders", "Mangler Beasts", "Warchief"]
    by_unit = {p.unit: p for p in army.skipped}
    # dice movement is Random Movement (issue 26 item 3): imported with a note, M written as its highest roll
    # for display, the dice kept; a ranking refuses the unit by name (tests/bsdata/test_bsdata_tow.py)
    assert "Mangler Beasts" not in by_unit
    m = next(n for n in army.notes if n.unit == "Mangler Beasts" and n.field == "M")
    assert (m.value, m.skipped) == ("2D6", False) and "Random Movement" in m.message
    mangler = army.with_extras()[names.index("Mangler Beasts")]
    assert (mangler["movement"], mangler["movement_dice"]) == (12, "2D6")
    ld = by_unit["Clay Golem"]
    assert (ld.field, ld.value) == ("Ld", "") and "missing" in ld.message and "0 to 10" in ld.message
    assert by_unit["Ghost Unit"].field == "profile"


def test_optional_star_characteristic_left_out_with_a_note(army):
    p = army.profile("Warchief")
    assert "attacks" not in p and p["weapon_skill"] == 5
    assert p["troop_type"] == "character"
    assert p["rules"] == ["terror", "frenzy"]
    note = next(n for n in army.notes if n.unit == "Warchief")
    assert (note.field, note.value, note.skipped) == ("A", "*", False)


def test_unmapped_rules_counted(army):
    # Hatred comes from the game system (resolved through --system): a rule of the close-combat round, read
    # into the unit (docs/warhammer_combat.md §15)
    assert army.unmapped_rules == {"Animosity": 1, "Blood Frenzy": 1}
    assert army.not_modelled_rules == {} and army.read_rules["Hatred"] == 1
    assert army.unresolved_links == 0
    assert army.game_system == "Test Game System"


def test_rule_names():
    assert rule_code("Cold-Blooded") == "cold_blooded"
    assert rule_code("Frenzy (1)") == "frenzy"
    assert rule_code("Immune to Psychology") == "immune_to_psychology"
    assert rule_code("Causes Terror") == "terror"
    assert rule_code("Blood Frenzy") is None
    assert rule_code("Fear Elves") is None


def test_legacy_schema_and_system_links():
    alone = import_catalogue(LEGACY)
    assert alone.unresolved_links == 1  # the rule defined in the game system
    p = alone.profile("Lizard Knights")
    assert (p["movement"], p["leadership"], p["troop_type"], p["rules"]) == (7, 8, "cavalry", ["fear"])
    crew = next(s for s in alone.skipped if s.unit == "Skink Crew")
    assert (crew.field, crew.value) == ("Ld", "-")
    with_gst = import_catalogue(LEGACY, GST)
    assert with_gst.unresolved_links == 0
    assert with_gst.profile("Lizard Knights")["rules"] == ["fear"]  # Fear and Causes Fear merge


def test_not_xml(tmp_path):
    with pytest.raises(InputError) as exc:
        import_catalogue(DATA / "not_xml.cat")
    assert exc.value.field == "catalogue" and "XML" in str(exc.value)


def test_catalogue_without_profiles():
    with pytest.raises(InputError) as exc:
        import_catalogue(DATA / "no_profiles.cat")
    assert exc.value.field == "catalogue" and "M, Ld" in str(exc.value)


def test_missing_file_and_wrong_root(tmp_path):
    with pytest.raises(InputError) as exc:
        import_catalogue(tmp_path / "nope.cat")
    assert exc.value.field == "catalogue" and "existing" in str(exc.value)
    with pytest.raises(InputError) as exc:
        import_catalogue(ARMY, system=ARMY)  # a catalogue given as the game system
    assert "<gameSystem>" in str(exc.value) and "<catalogue>" in str(exc.value)


def test_zipped_catalogue(tmp_path):
    catz = tmp_path / "army.catz"
    with zipfile.ZipFile(catz, "w") as z:
        z.write(ARMY, "army.cat")
    assert import_catalogue(catz, GST).profiles == import_catalogue(ARMY, GST).profiles


def test_written_profiles_load_in_the_warhammer_pack(tmp_path, army):
    out = write_profiles(army.profiles, tmp_path / "profiles.toml")
    assert tomllib.loads(out.read_text(encoding="utf-8"))["profile"] == army.profiles
    import fleeodds

    sc = fleeodds.load_scenario({"system": "warhammer", "edition": "8th", "profiles_file": str(out),
                                 "fleeing": {"profile": "Wolf Riders"}, "pursuer": {"profile": "Warchief"}})
    assert (sc.fleeing.movement, sc.fleeing.leadership, sc.fleeing.rules) == (9, 6, ("swiftstride", "fast_cavalry", "hatred"))
    assert sc.pursuer.has("frenzy")


# ------------------------------------------------------- whole armies: project-made, then real
#
# Each check runs on the project-made catalogues of tests/data/bsdata/ (always) and, as a
# cross-check, on the real community catalogues when they are present (those cases are then
# generated; without them they do not exist, and nothing is skipped).

MADE = Path(__file__).resolve().parents[1] / "data" / "bsdata"
MADE_8TH, MADE_7TH = MADE / "made_up_8th.gst", MADE / "made_up_7th.gst"

CATALOGUES = {  # catalogue -> its game system
    MADE / "greenskin_warband_8th.cat": MADE_8TH,
    MADE / "scaled_host_8th.cat": MADE_8TH,
    MADE / "shadow_elves_7th.cat": MADE_7TH,
}
REAL_FILES = {
    "Dark_Elves - 7thBRB_7thAB.cat": "Warhammer Fantasy 7th ed.gst",
    "High Elves - 8thBRB_8thAB.cat": "Warhammer Fantasy 8th ed.gst",
    "Lizardmen - 8thBRB_8thAB.cat": "Warhammer Fantasy 8th ed.gst",
    "Orcs and Goblins - 8thBRB_8thAB.cat": "Warhammer Fantasy 8th ed.gst",
}
CATALOGUES.update({REAL / cat: REAL / gst for cat, gst in REAL_FILES.items() if (REAL / cat).is_file()})


def cases(made: dict, real: dict | None = None) -> list:
    """The project-made case, plus the real one when its catalogue is present."""
    out = [pytest.param(made, id="made-up")]
    if real is not None and (REAL / real["cat"]).is_file() and (REAL / real["gst"]).is_file():
        out.append(pytest.param({**real, "cat": REAL / real["cat"], "gst": REAL / real["gst"]}, id="real"))
    return out


@pytest.mark.parametrize("cat", sorted(CATALOGUES), ids=lambda p: p.name)
def test_catalogue_imports_and_validates(cat):
    from fleeodds.systems.warhammer.model import UnitProfile

    res = import_catalogue(cat, CATALOGUES[cat])
    assert res.profiles, res.problems
    assert res.unresolved_links == 0
    for p in res.profiles:
        UnitProfile(**p)  # every written profile is accepted by the pack
    assert len({p["name"] for p in res.profiles}) == len(res.profiles)
    for prob in res.problems:
        assert prob.unit and prob.field and prob.message
    # without the game system the catalogue still imports (links to it are only counted)
    assert import_catalogue(cat).profiles


ARMY_8TH = cases(
    {"cat": MADE / "greenskin_warband_8th.cat", "gst": MADE_8TH,
     "infantry": ("Cave Goblins", 4, 5), "cavalry": ("Tusker Riders", 7, 7), "frenzy": "Wild Orcs",
     "unbreakable": "Gnasher Swarm", "dice_m": ("Bouncing Squigs", "2D6"), "unmapped": "Animosity"},
    {"cat": "Orcs and Goblins - 8thBRB_8thAB.cat", "gst": "Warhammer Fantasy 8th ed.gst",
     # army book: Night Goblins M4 Ld5; an Orc M4 Ld7 on a War Boar M7
     "infantry": ("Night Goblins", 4, 5), "cavalry": ("Orc Boar Boyz", 7, 7), "frenzy": "Savage Orcs",
     "unbreakable": "Snotlings", "dice_m": ("Mangler Squigs", "3D6"), "unmapped": "Animosity"})


@pytest.mark.parametrize("case", ARMY_8TH)
def test_eighth_edition_army(case):
    res = import_catalogue(case["cat"], case["gst"])
    name, m, ld = case["infantry"]
    inf = res.profile(name)
    assert (inf["movement"], inf["leadership"], inf["troop_type"]) == (m, ld, "infantry")
    name, m, ld = case["cavalry"]
    cav = res.profile(name)  # rider's Ld, mount's M
    assert (cav["movement"], cav["leadership"], cav["troop_type"]) == (m, ld, "cavalry")
    assert "swiftstride" in cav["rules"]
    assert "frenzy" in res.profile(case["frenzy"])["rules"]
    assert "unbreakable" in res.profile(case["unbreakable"])["rules"]
    # dice movement is Random Movement (issue 26 item 3): imported with a note, never skipped
    assert case["dice_m"][0] not in {p.unit for p in res.skipped}
    name, value = case["dice_m"]
    note = next(n for n in res.notes if n.unit == name and n.field == "M")
    assert note.value.upper() == value and "Random Movement" in note.message
    assert res.unmapped_rules.get(case["unmapped"], 0) > 0


def test_made_up_chariot_crew_and_character():
    res = import_catalogue(MADE / "greenskin_warband_8th.cat", MADE_8TH)
    chariot = res.profile("Boar Chariot")  # M of the steeds, Ld of the crew, T and W of the chariot
    assert (chariot["movement"], chariot["leadership"], chariot["troop_type"]) == (7, 7, "chariot")
    assert (chariot["toughness"], chariot["wounds"]) == (5, 4) and "weapon_skill" not in chariot  # WS "-"
    boss = res.profile("Warboss Grakk")
    assert boss["troop_type"] == "character" and boss["rules"] == ["immune_to_psychology"] and "attacks" not in boss
    assert any((n.unit, n.field, n.value) == ("Warboss Grakk", "A", "*") for n in res.notes)
    assert res.skipped[-1].unit == "Totem Pole" and res.skipped[-1].field == "profile"
    # Cave Goblins name their characteristics by type id only: without the game system they have none
    alone = import_catalogue(MADE / "greenskin_warband_8th.cat")
    assert any(p.unit == "Cave Goblins" and p.field == "profile" for p in alone.skipped)
    assert alone.unresolved_links == 4  # Swiftstride (twice: rider's mount, chariot's), Unbreakable, ITP


def test_points_are_read():
    from fleeodds.importers.bsdata import read_catalogue

    units = {u.name: u for u in read_catalogue(MADE / "greenskin_warband_8th.cat", MADE_8TH).units}
    # 2.x <cost>: the unit's 30 points, its 10 Cave Goblins (min 10) carry no cost of their own
    assert units["Cave Goblins"].points == 30.0 and units["Wild Orcs"].points is None
    # a free part of 10 models is the rank-and-file the entry's 30 points buy: 3 points a model, so
    # 20 Cave Goblins cost 60 (it was priced as one model: 30 x 20 = 600)
    cave = units["Cave Goblins"]
    assert (cave.min_models, cave.model_points) == (10, 3.0)
    from fleeodds.systems.warhammer.list_building import points_for
    assert points_for({"points": cave.points, "min_models": 10, "model_points": 3.0}, 20) == 60.0
    # 1.x points attribute: the unit entry costs 0, its Scale Guard Warrior (11 pts) has minSelections 10
    guard = read_catalogue(MADE / "scaled_host_8th.cat").units[0]
    assert (guard.own_points, guard.points, guard.min_models, guard.model_points) == (0.0, 110.0, 10, 11.0)


ARMY_7TH = cases(
    {"cat": MADE / "shadow_elves_7th.cat", "gst": MADE_7TH, "other_gst": MADE_8TH,
     "riders": ("Shadow Riders", 9, 8), "warriors": ("Shadow Warriors", 8), "no_profile": 3},
    {"cat": "Dark_Elves - 7thBRB_7thAB.cat", "gst": "Warhammer Fantasy 7th ed.gst",
     "other_gst": REAL / "Warhammer Fantasy 8th ed.gst",
     # Dark Rider M5 Ld8 on a Dark Steed M9; most entries of this catalogue carry no profile
     "riders": ("Dark Riders", 9, 8), "warriors": ("Dark Elf Warriors", 8), "no_profile": 10})


@pytest.mark.parametrize("case", ARMY_7TH)
def test_seventh_edition_long_names_and_mismatched_system(case):
    res = import_catalogue(case["cat"], case["gst"])
    name, m, ld = case["riders"]
    riders = res.profile(name)
    assert (riders["movement"], riders["leadership"], riders["troop_type"]) == (m, ld, "cavalry")
    name, ld = case["warriors"]
    assert res.profile(name)["leadership"] == ld
    assert sum(p.field == "profile" for p in res.skipped) >= case["no_profile"]  # reported one by one
    wrong = import_catalogue(case["cat"], case["other_gst"])
    assert any(p.field == "gameSystemId" for p in wrong.problems)


ARMY_COLD = cases(
    {"cat": MADE / "scaled_host_8th.cat", "gst": MADE_8TH, "cold": ("Scale Guard", 4, 8), "swarm": "Jungle Gnats"},
    {"cat": "Lizardmen - 8thBRB_8thAB.cat", "gst": "Warhammer Fantasy 8th ed.gst",
     "cold": ("Saurus Warriors", 4, 8), "swarm": "Jungle Swarms"})  # Saurus M4 Ld8, Cold-blooded


@pytest.mark.parametrize("case", ARMY_COLD)
def test_cold_blooded_and_swarms(case):
    res = import_catalogue(case["cat"], case["gst"])
    name, m, ld = case["cold"]
    unit = res.profile(name)
    assert (unit["movement"], unit["leadership"]) == (m, ld)
    assert "cold_blooded" in unit["rules"]
    assert res.profile(case["swarm"])["troop_type"] == "swarm"


def test_made_up_legacy_mount_through_an_entry_link():
    res = import_catalogue(MADE / "scaled_host_8th.cat", MADE_8TH)
    knights = res.profile("Scale Knights")  # an infantry rider on a Monstrous Beast: monstrous cavalry
    assert (knights["movement"], knights["leadership"], knights["troop_type"], knights["rules"]) == \
        (7, 8, "monstrous_cavalry", ["fear"])
    assert [(p.unit, p.field, p.value) for p in res.skipped] == [("Skink Crew", "Ld", "-")]
