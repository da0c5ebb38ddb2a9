"""Every system's schema says what each shipped profile puts in its table (``"x-profiles"`` beside the
field that names it), so that the web page fills the boxes with it (issue 28: Night Goblins' Ld 5 was
nowhere on the form). The expected values are read here from the shipped data files with tomllib,
not through the systems' own profile readers.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from fleeodds.system import get_system
from fleeodds.language import use_lang
from tests.lang_helpers import schema_in  # noqa: E402


SYSTEMS = Path(__file__).resolve().parents[2] / "src" / "fleeodds" / "systems"


def read(rel: str) -> dict:
    return tomllib.loads((SYSTEMS / rel).read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_warhammer_units_know_their_profiles_values(lang):
    defs = schema_in(lang, get_system("warhammer"))["$defs"]
    shipped = {p["name"]: p for p in read("warhammer/data/profiles.toml")["profile"]}
    for unit in ("UnitRef", "PursuerRef"):
        table = defs[unit]["properties"]["profile"]["x-profiles"]
        assert set(table) == set(shipped)
        assert table["Night Goblins"]["leadership"] == 5 and table["Night Goblins"]["movement"] == 4
        assert table["Dwarf Warriors"]["leadership"] == 9
        # only the table's own fields: a profile's Weapon Skill has no box in a unit's table
        assert all(set(v) <= set(defs[unit]["properties"]) for v in table.values())
        assert "weapon_skill" not in table["Night Goblins"]


def test_hell_dorado_fighters_know_their_cards():
    prop = schema_in("fr", get_system("hell_dorado"))["$defs"]["FighterModel"]["properties"]["profile"]
    shipped = read("hell_dorado/data/illustrative_profiles.toml")["profiles"]
    assert set(prop["x-profiles"]) == set(shipped)
    djinn = prop["x-profiles"]["djinn"]
    assert (djinn["mou"], djinn["def"], djinn["pv"], djinn["capacities"]) == (6, 5, 4, ["Intangible"])


def test_dnd_runners_and_enemies_know_their_stat_lines():
    defs = schema_in("en", get_system("dnd"))["$defs"]
    lines = {}
    for f in sorted((SYSTEMS / "dnd" / "data").glob("*.toml")):
        lines.update(tomllib.loads(f.read_text(encoding="utf-8")))
    runners = defs["RunnerModel"]["properties"]["preset"]["x-profiles"]
    enemies = defs["EnemyModel"]["properties"]["preset"]["x-profiles"]
    assert set(runners) == {k for k, v in lines.items() if v["kind"] == "runner"}
    assert set(enemies) == {k for k, v in lines.items() if v["kind"] == "enemy"}
    assert enemies["srd51_orc"]["attack_bonus"] == 5 and enemies["srd51_orc"]["damage"] == "1d12+3"
    assert "kind" not in enemies["srd51_orc"] and "editions" not in enemies["srd51_orc"]
