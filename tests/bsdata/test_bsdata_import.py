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
    assert p["rules"] == ["swiftstride", "fast_cavalry"]
    assert p["weapon_skill"] == 3 and p["toughness"] == 3  # the rider's profile


def test_non_numeric_and_missing_characteristics_are_reported_not_fatal(army):
    names = [p["name"] for p in army.profiles]
    assert names == ["Spear Goblins", "Wolf Riders", "Warchief"]
    by_unit = {p.unit: p for p in army.skipped}
    m = by_unit["Mangler Beasts"]
    assert (m.field, m.value, m.skipped) == ("M", "2D6", True)
    assert "Mangler Beasts" in str(m) and "'2D6'" in str(m) and "integer from 0 to 20" in str(m)
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
    # Hatred comes from the game system (resolved through --system)
    assert army.unmapped_rules == {"Animosity": 1, "Blood Frenzy": 1, "Hatred": 1}
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
    assert (sc.fleeing.movement, sc.fleeing.leadership, sc.fleeing.rules) == (9, 6, ("swiftstride", "fast_cavalry"))
    assert sc.pursuer.has("frenzy")


# ------------------------------------------------------------------ real catalogues

REAL_FILES = {
    "Dark_Elves - 7thBRB_7thAB.cat": "Warhammer Fantasy 7th ed.gst",
    "High Elves - 8thBRB_8thAB.cat": "Warhammer Fantasy 8th ed.gst",
    "Lizardmen - 8thBRB_8thAB.cat": "Warhammer Fantasy 8th ed.gst",
    "Orcs and Goblins - 8thBRB_8thAB.cat": "Warhammer Fantasy 8th ed.gst",
}
needs_real = pytest.mark.skipif(not REAL.is_dir(), reason=f"real BattleScribe data not found at {REAL}")


@needs_real
@pytest.mark.parametrize("cat", sorted(REAL_FILES))
def test_real_catalogue_imports_and_validates(cat):
    from fleeodds.systems.warhammer.model import UnitProfile

    res = import_catalogue(REAL / cat, REAL / REAL_FILES[cat])
    assert res.profiles, res.problems
    assert res.unresolved_links == 0
    for p in res.profiles:
        UnitProfile(**p)  # every written profile is accepted by the pack
    assert len({p["name"] for p in res.profiles}) == len(res.profiles)
    for prob in res.problems:
        assert prob.unit and prob.field and prob.message
    # without the game system the catalogue still imports (links to it are only counted)
    assert import_catalogue(REAL / cat).profiles


@needs_real
def test_real_orcs_and_goblins():
    res = import_catalogue(REAL / "Orcs and Goblins - 8thBRB_8thAB.cat", REAL / "Warhammer Fantasy 8th ed.gst")
    ng = res.profile("Night Goblins")  # army book: M4 WS2 BS3 S3 T3 W1 I2 A1 Ld5
    assert (ng["movement"], ng["leadership"], ng["troop_type"]) == (4, 5, "infantry")
    boar = res.profile("Orc Boar Boyz")  # Orc M4 Ld7 on a War Boar M7
    assert (boar["movement"], boar["leadership"], boar["troop_type"]) == (7, 7, "cavalry")
    assert "swiftstride" in boar["rules"]
    assert "frenzy" in res.profile("Savage Orcs")["rules"]
    assert "unbreakable" in res.profile("Snotlings")["rules"]
    skipped = {p.unit: p for p in res.skipped}
    assert (skipped["Mangler Squigs"].field, skipped["Mangler Squigs"].value) == ("M", "3D6")
    assert res.unmapped_rules.get("Animosity", 0) > 0


@needs_real
def test_real_seventh_edition_long_names_and_mismatched_system():
    res = import_catalogue(REAL / "Dark_Elves - 7thBRB_7thAB.cat", REAL / "Warhammer Fantasy 7th ed.gst")
    riders = res.profile("Dark Riders")  # Dark Rider M5 Ld8 on a Dark Steed M9
    assert (riders["movement"], riders["leadership"], riders["troop_type"]) == (9, 8, "cavalry")
    assert res.profile("Dark Elf Warriors")["leadership"] == 8
    # most entries of this catalogue carry no profile: reported one by one
    assert sum(p.field == "profile" for p in res.skipped) >= 10
    wrong = import_catalogue(REAL / "Dark_Elves - 7thBRB_7thAB.cat", REAL / "Warhammer Fantasy 8th ed.gst")
    assert any(p.field == "gameSystemId" for p in wrong.problems)


@needs_real
def test_real_lizardmen_cold_blooded():
    res = import_catalogue(REAL / "Lizardmen - 8thBRB_8thAB.cat", REAL / "Warhammer Fantasy 8th ed.gst")
    saurus = res.profile("Saurus Warriors")  # M4 Ld8, Cold-blooded
    assert (saurus["movement"], saurus["leadership"]) == (4, 8)
    assert "cold_blooded" in saurus["rules"]
    assert res.profile("Jungle Swarms")["troop_type"] == "swarm"
