"""D&D 3.5, Pathfinder 1e, D&D 5e (2014 and 2024): leaving melee under attacks of opportunity.

"My wizard has 4 HP and walks away from two orcs: what are the odds of
escaping unharmed, dropping, dying — and is a withdraw or a Tumble better than
staying?" A runner leaves the reach of one or more threatening enemies, listed
in the order it leaves them (a 1-D path: no grid). Each enemy may make an
attack of opportunity (5e: an opportunity attack) depending on the movement
mode; the outcome is the runner's state once it is away (or stopped).

A scenario file looks like::

    system = "dnd"
    title = "3.5 wizard withdraws past two orcs"
    edition = "3.5"                 # 3.5 | pf1 | 5e2014 | 5e2024
    mode = "withdraw"               # move | withdraw | run | five_foot_step | tumble | tumble_full | stay
                                    # 5e: move | dash | disengage | stay
    compare_modes = ["move", "withdraw", "five_foot_step", "stay"]   # optional decision table
    metric = "damage"               # or "attacks" (attacks of opportunity suffered)
    distracting_action = false      # 3.5/PF: e.g. stands up or casts first, in the start square

    [runner]
    preset = "srd35_wizard_1"       # or hp, ac, dex_bonus, con, fort, tumble, cmd, feats …
    feats = ["mobility"]

    [[enemies]]                     # in the order the runner leaves them
    preset = "srd35_orc_falchion"   # or attack_bonus, damage, threat_range, crit_multiplier, reach …

    [[enemies]]
    preset = "srd35_orc_falchion"
    threatens_start = false         # the runner passes through its threatened area later

    [options]                       # every open rules question (digest §7), with defaults
    stop_when_down = true

Outcomes: ``unharmed``, ``wounded``, ``move_cancelled``, ``disabled`` (3.5/PF),
``slowed`` (5e), ``down``, ``dead``; metric: damage taken (or attacks suffered).

Public sub-results (exact Fractions), each tested against the oracle file:
:func:`crit_confirm_probability`, :func:`attack_outcome`, :func:`tumble_all_succeed`,
:func:`skill_check_probability`, :func:`death_save_survival`, :func:`death_save_outcomes`,
:func:`dying_survival_35`, :func:`dying_survival_pf`, :func:`damage_pmf`.

References
----------
shared/rules/dnd.md (the project's digest); D&D 3.5 SRD (*Combat*, *Injury and
Death*, *Skills: Tumble*, *Feats*); Pathfinder RPG PRD (*Combat*, *Acrobatics*,
*Feats*); SRD 5.1 and SRD 5.2 (*Combat*, *Damage and Healing*, monsters).
"""

from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...errors import InputError
from ...system import Scenario
from .exact import solve, summary
from .kernel import make_kernel, make_trial_kernel
from .labels import mode_label
from .model import Spec, check_mode, parse_spec, preset_names, presets
from .plan import Plan, compile_plan, describe_events
from .rules import (AttackOdds, DamageRule, attack_outcome, combat_maneuver_probability, crit_confirm_probability,
                    damage_pmf, death_save_outcomes, death_save_survival, dying_survival_35, dying_survival_pf,
                    hit_probability, save_probability, skill_check_probability, tumble_all_succeed, tumble_dcs)

__all__ = ["DndScenario", "load_scenario", "benchmark_case", "presets", "preset_names",
           "crit_confirm_probability", "attack_outcome", "AttackOdds", "hit_probability",
           "skill_check_probability", "tumble_all_succeed", "tumble_dcs", "combat_maneuver_probability",
           "save_probability", "death_save_survival", "death_save_outcomes", "dying_survival_35",
           "dying_survival_pf", "damage_pmf", "DamageRule"]


class DndScenario(Scenario):
    """A validated D&D scenario (see the module docstring for the file format).

    Attributes
    ----------
    spec : Spec
        The validated fields.
    plan : Plan
        The ordered opportunities both evaluators read.
    data : dict
        The scenario as given (for :meth:`variants`).
    """

    system = "dnd"

    def __init__(self, spec: Spec, data: dict, base_dir: Path | None = None):
        self.spec = spec
        self.data = data
        self.base_dir = base_dir
        self.plan: Plan = compile_plan(spec)
        self.title = spec.title or f"{spec.runner.name}: {mode_label(spec.mode, spec.edition)}"
        self.outcomes = self.plan.outcomes
        self.metric = self.plan.metric

    # -- Scenario API ----------------------------------------------------------
    @property
    def has_exact(self) -> bool:
        """Always true: every option combination has an exact solution (death saves and
        dying are small absorbing chains)."""
        return True

    @property
    def exact_fraction_ok(self) -> bool:
        """Use exact fractions unless the state space is large (then floats, still exact to ~1e-15)."""
        return len(self.plan.events) <= 12 and self.metric.n_bins <= 1000

    def exact_distribution(self, mode: str = "float") -> dict[tuple[int, int], float | Fraction]:
        if mode not in ("float", "fraction"):
            raise InputError("mode", mode, "'float' or 'fraction'")
        return solve(self.plan, mode)

    def kernel(self):
        return make_kernel(self.plan)

    def trial_kernel(self):
        """Per-trial outcome indices ``(seed, start, n) -> int64 (n,)``, same trials as :meth:`kernel`."""
        return make_trial_kernel(self.plan)

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """Exact side results (digest §9): ``p_no_attack`` (no attack of opportunity made
        against the runner: none provoked, all avoided by Tumble/withdraw, or none left),
        ``attacks`` (distribution of the number of attacks suffered), ``mean_attacks``,
        ``mean_damage`` (hit points)."""
        return summary(self.plan, mode)

    def describe(self) -> dict[str, Any]:
        s = self.spec
        return {
            "system": "dnd",
            "edition": s.edition,
            "mode": s.mode,
            "runner": dict(vars(s.runner)),
            "enemies": [dict(vars(e)) for e in s.enemies],
            "options": vars(s.options),
            "distracting_action": s.distracting_action,
            "metric": s.metric,
            "opportunities": describe_events(self.plan),
            "always_stuck": self.plan.always_stuck,
            "exact_summary": {k: (float(v) if not isinstance(v, dict) else {a: float(p) for a, p in v.items()})
                              for k, v in summary(self.plan, "float").items()},
            "presets": s.meta,
        }

    # -- decision table ----------------------------------------------------------
    def with_mode(self, mode: str) -> "DndScenario":
        """The same situation with another movement mode (no comparison of its own)."""
        data = copy.deepcopy(self.data)
        data["mode"] = mode
        data.pop("compare_modes", None)
        data["title"] = f"{self.title} [{mode_label(self.spec.mode if mode is None else mode, self.spec.edition)}]"
        return load_scenario(data, self.base_dir)

    def variants(self) -> list[tuple[str, str, "DndScenario"]]:
        """The decision table: one setup per mode of ``compare_modes``.

        Returns
        -------
        list of (English label, French label, DndScenario)
            Empty when the scenario has no ``compare_modes``. Labels name the mode
            ("withdraw" / "retraite", "5-foot step" / "pas de placement (1,50 m)",
            "Tumble, half speed" / "Acrobaties, demi-vitesse" …).
        """
        out = []
        for m in self.spec.compare_modes:
            check_mode(self.spec, m, "compare_modes")
            out.append((mode_label(m, self.spec.edition, "en"), mode_label(m, self.spec.edition, "fr"),
                        self.with_mode(m)))
        return out


def load_scenario(data: dict, base_dir: Path | None = None) -> DndScenario:
    """Validate a D&D scenario dict (the parsed TOML file).

    Raises
    ------
    InputError
        Naming the invalid field (``runner.hp``, ``enemies[0].threat_range`` …), its
        value and what is allowed.
    """
    if not isinstance(data, dict):
        raise InputError("scenario", data, "a table of fields")
    spec = parse_spec(data)
    return DndScenario(spec, copy.deepcopy(data), base_dir)


def benchmark_case() -> DndScenario:
    """"Withdraw past three enemies": a 3.5 level-1 fighter withdraws from an ogre (its
    start square is exempt, but the ogre's 10-ft reach still threatens the second square),
    then passes through the threatened areas of an orc and a gnoll. Three attacks of
    opportunity, for throughput benchmarks."""
    return load_scenario({
        "system": "dnd",
        "title": "3.5 fighter withdraws past three enemies (ogre, orc, gnoll)",
        "edition": "3.5",
        "mode": "withdraw",
        "runner": {"preset": "srd35_fighter_1"},
        "enemies": [
            {"preset": "srd35_ogre"},
            {"preset": "srd35_orc_falchion", "threatens_start": False},
            {"preset": "srd35_gnoll", "threatens_start": False},
        ],
    })
