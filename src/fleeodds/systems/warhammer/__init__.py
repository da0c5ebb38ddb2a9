"""Warhammer Fantasy Battle (6th, 7th, 8th), The Old World and the Skull Pass starter rules:
break test, flee and pursuit, rally tests and flight toward the table edge, charges
against fleeing units.

A scenario file looks like::

    system = "warhammer"
    title = "Night Goblins broken by Dwarf Warriors"
    edition = "7th"                 # 6th | 7th | 8th | tow | starter
    situation = "break"             # break | fleeing | charge_fleeing | flee_reaction
    [fleeing]
    profile = "Night Goblins"
    [pursuer]
    profile = "Dwarf Warriors"
    [combat]
    margin = 2
    [table]
    edge_distance = 12              # inches; omit for no table edge
    max_turns = 10                  # rally turns after the pursuit

References
----------
shared/rules/warhammer.md (the project's digest, with its sources: the 6th/7th/8th
rulebooks' close-combat and movement sections, the TOW rules index, and the
*Bataille au Col du Crâne* starter booklet).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import ValidationError

from ...errors import FleeoddsError, InputError, from_pydantic
from ...outcomes import Metric
from ...system import Scenario
from . import outcomes as oc
from .exact import solve
from .model import ScenarioModel, UnitProfile, resolve_unit
from .resolve import Rules, resolve



class WarhammerScenario(Scenario):
    """A validated Warhammer scenario (see the module docstring for the file format).

    Attributes
    ----------
    model : ScenarioModel
        The validated fields.
    fleeing, pursuer : UnitProfile
        The resolved units (the pursuer is the charger in the charge situations).
    rules : Rules
        The numbers both evaluators use (dice, Leadership, re-rolls, reach).
    """

    system = "warhammer"

    def __init__(self, model: ScenarioModel, base_dir: Path | None = None):
        self.model = model
        self.base_dir = base_dir or Path.cwd()
        pf = (self.base_dir / model.profiles_file) if model.profiles_file else None
        self.fleeing: UnitProfile = resolve_unit(model.fleeing, "fleeing", pf)
        self.pursuer: UnitProfile = resolve_unit(model.pursuer, "pursuer", pf)
        self.rules: Rules = resolve(model, self.fleeing, self.pursuer)
        self.title = model.title or f"{self.fleeing.name} vs {self.pursuer.name} ({model.edition})"
        self._codes = self._applicable()
        self.outcomes = tuple(oc.ALL[c] for c in self._codes)
        r = self.rules
        if r.situation in ("charge_fleeing", "flee_reaction"):
            self.metric = Metric("flee_distance", "flee roll", "jet de fuite", r.flee.max_value + 1, 0, "in")
        else:
            self.metric = Metric("turn", "turn of resolution", "tour de résolution", r.max_turns + 1, 0, "")

    def _applicable(self) -> list[int]:
        r = self.rules
        edge = r.edge != float("inf")
        if r.situation in ("charge_fleeing", "flee_reaction"):
            codes = [oc.RUN_DOWN, oc.ESCAPED]
            return codes + [oc.OFF_TABLE] if edge else codes
        codes = []
        if r.situation == "break":
            codes += [oc.GAVE_GROUND, oc.FELL_BACK, oc.CAUGHT_REENGAGED] if r.edition == "tow" else [oc.HELD]
        codes.append(oc.CAUGHT)
        if r.max_turns == 0:
            codes.append(oc.ESCAPED)
        if edge:
            codes.append(oc.OFF_TABLE)
        if r.max_turns > 0:
            if r.chaser_charges:
                codes.append(oc.RUN_DOWN)
            codes += [oc.RALLIED, oc.STILL_FLEEING]
        return sorted(codes)

    # -- evaluation -----------------------------------------------------------------
    def exact_distribution(self, mode: str = "float") -> dict[tuple[int, int], float | Fraction]:
        """Exact ``{(outcome index, metric): probability}`` (see :mod:`.exact`)."""
        raw = solve(self.rules, "fraction" if mode == "fraction" else "float")
        index = {c: i for i, c in enumerate(self._codes)}
        out: dict[tuple[int, int], Any] = {}
        for (code, metric), p in raw.items():
            if code not in index:
                raise AssertionError(f"outcome {oc.ALL[code].code} not expected for this scenario")
            out[(index[code], metric)] = p
        return out

    def kernel(self):
        """Monte Carlo kernel ``(seed, start, n) -> int64 (n_outcomes, n_bins)`` (see :mod:`.kernel`)."""
        from .kernel import pack, run

        arrays = pack(self.rules, self.metric.n_bins)
        rows = np.array(self._codes, dtype=np.int64)

        def kernel(seed: int, start: int, n: int) -> np.ndarray:
            counts = run(*arrays, seed, start, n)
            return counts[rows]

        return kernel

    def trial_kernel(self):
        """Per-trial kernel ``(seed, start, n) -> int64 (n,)`` of outcome indices (order of
        :attr:`outcomes`), on the same trials as :meth:`kernel` (see :func:`.kernel.run_trials`)."""
        from .kernel import pack, run_trials

        arrays = pack(self.rules, self.metric.n_bins)
        lut = np.full(oc.N_OUTCOMES, -1, dtype=np.int64)
        lut[np.array(self._codes, dtype=np.int64)] = np.arange(len(self._codes))

        def kernel(seed: int, start: int, n: int) -> np.ndarray:
            return lut[run_trials(*arrays, seed, start, n)]

        return kernel

    def describe(self) -> dict[str, Any]:
        d = self.model.model_dump(mode="json", exclude_none=True)
        d["resolved_units"] = {"fleeing": self.fleeing.model_dump(mode="json", exclude_none=True),
                               "pursuer": self.pursuer.model_dump(mode="json", exclude_none=True)}
        r = self.rules
        d["resolved_dice"] = {"flee": str(r.flee), "pursuit": str(r.pursuit),
                              "break_test_ld": r.break_test.ld, "rally_ld": r.rally_test.ld}
        return d

    # -- derived scenarios ------------------------------------------------------------
    def with_changes(self, changes: dict[str, Any]) -> "WarhammerScenario":
        """A copy with dotted fields changed, e.g. ``{"fleeing.leadership": 8, "edition": "8th"}``.

        Raises
        ------
        InputError
            For an unknown field or an invalid value.
        """
        data = self.model.model_dump(mode="json", exclude_none=True)
        for dotted, value in changes.items():
            node = data
            parts = dotted.split(".")
            for p in parts[:-1]:
                if p not in ScenarioModel.model_fields and node is data:
                    raise InputError(dotted, value, "a scenario field such as fleeing.leadership or combat.margin")
                node = node.setdefault(p, {})
                if not isinstance(node, dict):
                    raise InputError(dotted, value, "a scenario field such as fleeing.leadership or combat.margin")
            node[parts[-1]] = value
        data.pop("compare", None)
        return load_scenario(data, self.base_dir)

    def with_unit(self, role: str, profile: dict[str, Any]) -> "WarhammerScenario":
        """A copy with the ``"fleeing"`` or ``"pursuing"`` unit replaced by a profile dict
        (``name, movement, leadership, troop_type, rules``: the profiles.toml format)."""
        key = {"fleeing": "fleeing", "pursuing": "pursuer", "pursuer": "pursuer"}.get(role)
        if key is None:
            raise InputError("role", role, "'fleeing' or 'pursuing'")
        data = self.model.model_dump(mode="json", exclude_none=True)
        keep = {k: v for k, v in data[key].items() if k not in
                ("profile", "name", "movement", "leadership", "troop_type", "rules", "extra_rules")}
        keep.update({k: profile[k] for k in ("name", "movement", "leadership", "troop_type", "rules") if k in profile})
        data[key] = keep
        data.pop("compare", None)
        data["title"] = f"{self.model.title} [{profile.get('name', role)}]"
        return load_scenario(data, self.base_dir)

    def variants(self) -> list[tuple[str, str, "WarhammerScenario"]]:
        """Setups to compare side by side, from the file's ``[compare]`` table:
        ``{label: {dotted.field: value}}``. Labels are used in both languages.

        Raises
        ------
        FleeoddsError
            For an empty ``[compare]`` table or an invalid setup, naming ``compare.<label>``.
        """
        if self.model.compare is None:
            return []
        if not self.model.compare:
            raise InputError("compare", {}, "at least one setup, e.g. \"Ld 8\" = { \"fleeing.leadership\" = 8 }")
        out = []
        for label, changes in self.model.compare.items():
            if not isinstance(changes, dict) or not changes:
                raise InputError(f"compare.{label}", changes, "a table of field = value changes")
            try:
                out.append((label, label, self.with_changes(changes)))
            except FleeoddsError as exc:
                raise FleeoddsError(f"compare.{label}: {exc}") from None
        return out


def load_scenario(data: dict, base_dir: Path | None = None) -> WarhammerScenario:
    """Validate a Warhammer scenario dict (the parsed TOML file).

    Raises
    ------
    FleeoddsError
        Naming every invalid field, its value and what is allowed.
    """
    try:
        model = ScenarioModel(**data)
    except ValidationError as exc:
        raise from_pydantic(exc) from None
    except TypeError as exc:
        raise InputError("scenario", data, f"a table of fields ({exc})") from None
    scenario = WarhammerScenario(model, base_dir)
    scenario.variants()  # an invalid [compare] setup is an error now, not when it is run
    return scenario
