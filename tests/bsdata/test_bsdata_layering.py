"""List building is game-neutral: the importer, the ranking and the two commands reach a rules
system only through ``get_system(key)`` (``SYSTEM.roles``, ``SYSTEM.list_building``) and the
scenario only through the declared ``Scenario`` hooks.

A made-up rules system ("coin chase": a runner and a chaser each roll a D6 and add their speed;
the runner is tagged when the chaser's total is at least the runner's) is registered here with
its own list-building module, and ranked by the same code and commands as Warhammer.
"""

from __future__ import annotations

import ast
import itertools
import sys
import types
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds import list_building as lb_api
from fleeodds import system as registry
from fleeodds.errors import InputError
from fleeodds.importers import bsdata
from fleeodds.language import Written
from fleeodds.outcomes import Outcome
from fleeodds.rank import format_ranking, list_building, rank_units
from tests.lang_helpers import _in  # noqa: E402

SRC = Path(fleeodds.__file__).resolve().parent
DATA = Path(__file__).resolve().parent / "data"
ARMY, GST = DATA / "fixture_army.cat", DATA / "fixture_system.gst"


@pytest.mark.parametrize("module", ["importers/bsdata.py", "rank.py", "cli_bsdata.py", "report/charts.py"])
def test_front_names_no_system(module):
    tree = ast.parse((SRC / module).read_text(encoding="utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                  and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    keys = set(registry.DEFAULT_SYSTEMS)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            assert node.value not in keys, f"{module} names the system {node.value!r}"
        if isinstance(node, ast.ImportFrom):
            assert "systems" not in (node.module or ""), f"{module} imports {node.module}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("hasattr", "getattr"), f"{module} probes with {node.func.id}()"


def test_warhammer_mapping_uses_the_rule_vocabulary():
    from fleeodds.systems.warhammer import list_building as lb
    from fleeodds.systems.warhammer.model import RULES, TROOP_TYPES

    assert set(lb.RULE_CODES.values()) <= set(RULES)
    assert lb.TROOP_TYPES is TROOP_TYPES and lb.RULES is RULES  # imported, not declared again
    assert list_building("warhammer") is lb.LIST_BUILDING


def test_system_without_list_building():
    sc = fleeodds.load_scenario("dnd/wizard_leaves_two_orcs_5e.toml")
    with pytest.raises(InputError) as exc:
        rank_units(sc, [{"name": "x"}])
    assert exc.value.field == "scenario" and "no list building" in str(exc.value)
    from fleeodds.cli import main

    res = CliRunner().invoke(main, ["rank", str(ARMY), "--scenario", "dnd/wizard_leaves_two_orcs_5e.toml"])
    assert res.exit_code == 2 and "no list building" in res.stderr and "Traceback" not in res.output


# ------------------------------------------------------------------ a made-up system

#: A plug-in outside the package gives its labels with their translations (:class:`fleeodds.language.Written`).
OUTCOMES = (Outcome("tagged", Written("tagged", fr="touché")), Outcome("away", Written("got away", fr="s'échappe")))


class CoinChase(registry.Scenario):
    outcomes = OUTCOMES

    def __init__(self, data: dict, base_dir: Path):
        super().__init__(data, base_dir)
        self.runner = dict(data["runner"])
        self.chaser = dict(data["chaser"])
        self.title = data.get("title", "chase")

    def exact_distribution(self, mode: str = "float"):
        tagged = sum(Fraction(1, 36) for a, b in itertools.product(range(1, 7), repeat=2)
                     if b + self.chaser["speed"] >= a + self.runner["speed"])
        return {(0, 0): tagged, (1, 0): 1 - tagged}

    def kernel(self):  # pragma: no cover - the ranking here is exact
        return lambda seed, start, n: np.zeros((2, 1), dtype=np.int64)

    def describe(self):
        return {"runner": self.runner, "chaser": self.chaser}

    def with_unit(self, role: str, profile: dict):
        key = {"runner": "runner", "chaser": "chaser"}.get(role)
        if key is None:
            raise InputError("role", role, "'runner' or 'chaser'")
        if not isinstance(profile.get("speed"), int):
            raise InputError(f"{key}.speed", profile.get("speed"), "an integer")
        data = self.base_source()
        data[key] = {"name": profile["name"], "speed": profile["speed"]}
        return registry.get_system(self.system).load(data, self.base_dir)


def _map_unit(unit: bsdata.Unit, source: str) -> bsdata.MappedUnit:
    """Speed = the first numeric M of the unit's profiles."""
    for p in unit.profiles:
        got = p.get(("m", "movement"))
        if got and got[1].isdigit():
            return bsdata.MappedUnit({"name": unit.name, "speed": int(got[1]), "tags": list(unit.rules)})
    return bsdata.MappedUnit(None, [bsdata.Problem(unit.name, bsdata.NO_PROFILE, "", "no speed", True)])


def _lb_module() -> types.ModuleType:
    m = types.ModuleType("coin_chase_list_building")
    mapping = bsdata.UnitMapping(_map_unit, "a speed")

    def role(key: str, ascending: bool) -> lb_api.Role:
        return lb_api.Role(key, Written(key), Written(f"chart:{key}:en", fr=f"chart:{key}:fr"),
                           Written(f"header:{key}:en", fr=f"header:{key}:fr"), ascending)

    m.LIST_BUILDING = lb_api.ListBuilding(
        map_catalogue=lambda catalogue: bsdata.map_catalogue(catalogue, mapping),
        known_profiles=lambda: {"hare": {"name": "Hare", "speed": 5}},
        roles=(role("runner", True), role("chaser", False)),
        unit_columns=(lb_api.UnitColumn("speed", "speed", Written("speed", fr="vitesse"), None),
                      lb_api.UnitColumn("tags", "tags", Written("tags", fr="étiquettes"), ())),
        total=lb_api.Total("tagged_total", Written("tagged (any)", fr="touché (total)"), ("tagged",)),
        short_labels={"tagged": Written("tag", fr="touché"), "away": Written("away", fr="parti")},
        chart_codes=("away", "tagged"), chart_colours={"tagged": "#D55E00", "away": "#009E73"},
        # a column of its own: the runner's lead in speed
        extra_columns=(lb_api.ExtraColumn("lead", Written("lead", fr="avance"), ".0f"),),
        unit_extras=lambda sc, role, prof, row: {"lead": sc.runner["speed"] - sc.chaser["speed"]})
    return m


@pytest.fixture
def coin_chase(monkeypatch):
    monkeypatch.setitem(sys.modules, "coin_chase_list_building", _lb_module())
    system = registry.RulesSystem("coin_chase", "Coin chase", CoinChase, lambda lang: {}, title_fr="Course à pile",
                                  roles=("runner", "chaser"), list_building="coin_chase_list_building")
    registry.register(system)
    yield {"system": "coin_chase", "title": "a chase", "runner": {"name": "R", "speed": 3},
           "chaser": {"name": "C", "speed": 3}}
    registry.unregister("coin_chase")


def test_made_up_system_ranked(coin_chase):
    sc = fleeodds.load_scenario(coin_chase)
    units = [{"name": "Slow", "speed": 3}, {"name": "Fast", "speed": 6}, {"name": "Mid", "speed": 4},
             {"name": "Broken", "speed": "x"}]
    r = rank_units(sc, units)  # default role: the system's first, "runner"
    assert r.role == "runner" and list(r.table.unit) == ["Fast", "Mid", "Slow"]  # least often tagged first
    # chaser speed 3 + D6 >= runner speed + D6: pairs (a, b) with b - a >= speed - 3, counted by hand
    t = r.table.set_index("unit")
    assert t.loc["Slow", "tagged"] == pytest.approx(21 / 36, abs=1e-12)
    assert t.loc["Mid", "tagged"] == pytest.approx(15 / 36, abs=1e-12)
    assert t.loc["Fast", "tagged"] == pytest.approx(6 / 36, abs=1e-12)
    assert r.failures == [("Broken", "runner.speed: 'x' is not allowed; expected an integer")]
    text = _in("fr", format_ranking, r)
    assert "vitesse" in text and "touché" in text and "touché (total)" not in text  # one summed column only
    assert list(r.table["lead"]) == [3, 1, 0] and "avance" in text  # the system's own column, in order
    bars = _in("fr", r.chart_data)
    assert bars.subtitle == "chart:runner:fr" and [s[0] for s in bars.series] == ["s'échappe", "touché"]
    chasers = rank_units(sc, [{"name": "Slow", "speed": 2}, {"name": "Fast", "speed": 5}], "chaser",
                         vs={"name": "Hare", "speed": 5})
    assert list(chasers.table.unit) == ["Fast", "Slow"]  # most often tagging first
    with pytest.raises(InputError) as exc:
        rank_units(sc, units, "fleeing")
    assert exc.value.field == "role" and "'runner' or 'chaser'" in str(exc.value)


def test_made_up_system_through_the_commands(coin_chase, tmp_path):
    from fleeodds.cli import main

    scenario = tmp_path / "chase.toml"
    scenario.write_text('system = "coin_chase"\ntitle = "a chase"\n[runner]\nname = "R"\nspeed = 3\n'
                        '[chaser]\nname = "C"\nspeed = 3\n', encoding="utf-8")
    chart = tmp_path / "chase.svg"
    res = CliRunner().invoke(main, ["rank", str(ARMY), "--system", str(GST), "--scenario", str(scenario),
                                    "--vs", "hare", "--role", "chaser", "--chart", str(chart)])
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[0] == "a chase — each unit of Test Army header:chaser:en"
    assert "speed" in res.stdout and chart.stat().st_size > 1000
    res = CliRunner().invoke(main, ["rank", str(ARMY), "--scenario", str(scenario), "--role", "fleeing"])
    assert res.exit_code == 2 and "'runner', 'chaser'" in res.stderr
    # two systems with list building: import-bsdata needs --rules-system
    res = CliRunner().invoke(main, ["import-bsdata", str(ARMY), "--system", str(GST)])
    assert res.exit_code == 2 and "rules-system" in res.stderr
    res = CliRunner().invoke(main, ["import-bsdata", str(ARMY), "--system", str(GST), "--rules-system", "coin_chase"])
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[0].split() == ["unit", "speed", "tags"]
    assert "Spear Goblins" in res.stdout and "Animosity, Stubborn, Cold-Blooded" in res.stdout
