"""The Warhammer system's entry points, declared on ``SYSTEM`` (:mod:`fleeodds.systems.warhammer`):
the loader (a situation ``fight`` to :class:`.fight.FightScenario`, any other to
:class:`.flee.WarhammerScenario`), the scenario file's JSON Schema and the benchmark case.
"""

from __future__ import annotations

import copy
from pathlib import Path

from ....errors import InputError, short_repr
from ....files import read_toml
from ....language import Message, N_, _
from ....validation import annotate_profiles, json_schema
from ..model.flee import ScenarioModel
from ..model.profiles import shipped_profiles
from .fight import FightScenario
from .flee import WarhammerScenario
from .reaction import fight_source, reaction_of


def load_scenario(data: dict, base_dir: Path | None = None, *,
                  check_only: frozenset[str] | None = None) -> WarhammerScenario:
    """Validate a Warhammer scenario dict (the parsed TOML file).

    Parameters
    ----------
    data : dict
        The scenario file's fields.
    base_dir : pathlib.Path, optional
        Folder its relative file names are read from.
    check_only : frozenset of str, optional
        The contract's check scope (:meth:`fleeodds.system.RulesSystem.load`). Warhammer's checks are
        cheap, so a derived scenario (a comparison setup, a sweep point) is checked whole: the scope is
        accepted and changes nothing.

    Raises
    ------
    FleeoddsError
        Naming every invalid field, its value and what is allowed.
    """
    if not isinstance(data, dict):
        raise InputError("scenario", short_repr(data), Message(N_("a table of fields")))
    if data.get("situation") == "fight":  # one round of close combat, then the loser's chain (.fight)
        return FightScenario(data, base_dir)
    if reaction_of(data):  # a charged unit that holds (or stands and shoots) fights its charger (.reaction)
        _check_as_flee(data, base_dir)  # the file's own fields checked as a flee reaction
        scenario = FightScenario(fight_source(data, base_dir), base_dir)
        scenario.source = copy.deepcopy(data)  # rebuilt from the file as written (with_changes, other reactions)
        scenario.source.setdefault("system", "warhammer")
        return scenario
    return WarhammerScenario(data, base_dir)


def _check_as_flee(data: dict, base_dir: Path | None) -> None:
    """Check the file's [fleeing], [pursuer] and [table] as written, as its other charge reactions read them: Fire
    & Flee for a unit with the rule (its fire_and_flee rule is then used), else Flee."""
    out = copy.deepcopy(data)
    try:
        out["options"] = dict(out.get("options") or {}, charge_reaction="fire_and_flee")
        WarhammerScenario(out, base_dir)
    except InputError:
        out["options"] = dict(out.get("options") or {}, charge_reaction="flee")
        WarhammerScenario(out, base_dir)


def schema() -> dict:
    """JSON Schema of a Warhammer scenario file, titles and descriptions in the reader's language."""
    out = json_schema(ScenarioModel, _("Warhammer Fantasy Battle / The Old World — scenario"))
    # the shipped profiles as suggestions (a form offers them in a list; any profiles_file name is allowed too)
    names = sorted(p["name"] for p in shipped_profiles().values())
    for d in out.get("$defs", {}).values():
        prop = d.get("properties", {}).get("profile")
        if prop is not None and d.get("title") != "UnitProfile":
            prop["examples"] = names
    # each profile's Movement, Leadership, rules…: the form fills the unit's boxes with them
    profiles = {p["name"]: p for p in shipped_profiles().values()}
    defs = tuple(k for k, d in out.get("$defs", {}).items() if d.get("title") != "UnitProfile")
    return annotate_profiles(out, "profile", profiles, defs)


def benchmark_case() -> WarhammerScenario:
    """The shipped 8th-edition chain with a chaser (knights_keep_charging.toml), for throughput benchmarks."""
    path = Path(__file__).resolve().parents[3] / "examples" / "warhammer" / "knights_keep_charging.toml"
    return load_scenario(read_toml(path, "scenario"), path.parent)
