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
                                    # (shorthand of [compare] "withdraw" = { mode = "withdraw" } …)
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
docs/dnd.md (the project's digest); D&D 3.5 SRD (*Combat*, *Injury and
Death*, *Skills: Tumble*, *Feats*); Pathfinder RPG PRD (*Combat*, *Acrobatics*,
*Feats*); SRD 5.1 and SRD 5.2 (*Combat*, *Damage and Healing*, monsters).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from ...errors import FleeoddsError, InputError
from ...system import RulesSystem, Scenario, Setup
from ...validation import check_exact_mode
from .exact import exact_work, solve, summary
from .kernel import make_kernel, make_trial_kernel
from .labels import OUTCOME_ORDER, mode_label
from .labels import value_labels as labels_for_values
from .model import Spec, parse_spec, preset_names, presets, schema
from .plan import Plan, compile_plan, describe_events
from .rules import (AttackOdds, DamageRule, attack_outcome, combat_maneuver_probability, crit_confirm_probability,
                    damage_pmf, death_save_outcomes, death_save_survival, dying_survival_35, dying_survival_pf,
                    hit_probability, save_probability, skill_check_probability, tumble_all_succeed, tumble_dcs)

__all__ = ["SYSTEM", "DndScenario", "load_scenario", "benchmark_case", "schema", "presets", "preset_names",
           "crit_confirm_probability", "attack_outcome", "AttackOdds", "hit_probability",
           "skill_check_probability", "tumble_all_succeed", "tumble_dcs", "combat_maneuver_probability",
           "save_probability", "death_save_survival", "death_save_outcomes", "dying_survival_35",
           "dying_survival_pf", "damage_pmf", "DamageRule", "MAX_EXACT_WORK", "MAX_FRACTION_WORK"]

#: Largest estimated work (elementary steps, see :func:`.exact.exact_work`) the exact solver
#: is run for, in float arithmetic (about ten seconds); beyond it, Monte Carlo only.
MAX_EXACT_WORK = 100_000_000
#: Largest estimated work run in exact fractions (slower); beyond it, float64.
MAX_FRACTION_WORK = 1_000_000


class DndScenario(Scenario):
    """A validated D&D scenario (see the module docstring for the file format).

    Parameters
    ----------
    spec : Spec
        The validated fields.
    data : dict
        The scenario as given (kept as :attr:`source`).
    base_dir : pathlib.Path, optional

    Attributes
    ----------
    spec : Spec
    plan : Plan
        The ordered opportunities both evaluators read.
    """

    outcome_order = OUTCOME_ORDER

    def __init__(self, spec: Spec, data: dict, base_dir: Path | None = None):
        super().__init__(data, base_dir)
        self.spec = spec
        self.plan: Plan = compile_plan(spec)
        self.title = spec.title or f"{spec.runner.name}: {mode_label(spec.mode, spec.edition)}"
        self.outcomes = self.plan.outcomes
        self.metric = self.plan.metric
        self._work = exact_work(self.plan)

    # -- Scenario API ----------------------------------------------------------
    @property
    def exact_work(self) -> int:
        """Estimated work of the exact solver (elementary steps; see :func:`.exact.exact_work`)."""
        return self._work

    @property
    def exact_refusal(self) -> str:
        """Why the exact solver is not run (``""`` when it is): the estimated work of
        the convolutions (opportunities x damage values x hit-point states) exceeds
        :data:`MAX_EXACT_WORK`, e.g. with very heavy damage dice; Monte Carlo still runs."""
        if self._work <= MAX_EXACT_WORK:
            return ""
        return (f"the exact solver would take too long: about {self._work:,} steps "
                f"({len(self.plan.events)} opportunities, up to {self.metric.n_bins - 1:,} hp of damage) "
                f"for a limit of {MAX_EXACT_WORK:,}; use Monte Carlo")

    @property
    def has_exact(self) -> bool:
        """True unless :attr:`exact_refusal` says why not (every option combination has an
        exact solution: death saves and dying are small absorbing chains)."""
        return not self.exact_refusal

    @property
    def exact_seconds(self) -> float:
        """Estimated exact-solve time: about 8 million steps of :func:`.exact.exact_work` per second
        in float64 (67 million steps took 8 s on a 2-core machine)."""
        return self._work / 8e6 if self._work <= MAX_EXACT_WORK else 0.0

    @property
    def exact_fraction_ok(self) -> bool:
        """Exact fractions for small state spaces, else float64 (still exact to ~1e-15)."""
        return (len(self.plan.events) <= 12 and self.metric.n_bins <= 1000
                and self._work <= MAX_FRACTION_WORK)

    def _check_exact(self) -> None:
        if self.exact_refusal:
            raise FleeoddsError(f"{self.title}: {self.exact_refusal}")

    def exact_distribution(self, mode: str = "float") -> dict[tuple[int, int], float | Fraction]:
        """Exact probability of each ``(outcome index, metric value)``.

        Raises
        ------
        InputError
            For a mode other than ``"fraction"`` or ``"float"``.
        FleeoddsError
            When the solver would take too long (:attr:`exact_refusal`).
        """
        mode = check_exact_mode(mode)
        self._check_exact()
        return solve(self.plan, mode)

    def kernel(self):
        return make_kernel(self.plan)

    def trial_kernel(self):
        """Per-trial outcome indices ``(seed, start, n) -> int64 (n,)``, same trials as :meth:`kernel`."""
        return make_trial_kernel(self.plan)

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """Exact side results (digest §9).

        Returns
        -------
        dict
            ``p_no_attack`` (no attack of opportunity made against the runner: none
            provoked, all avoided by Tumble/withdraw, or none left), ``attacks``
            (``{number of attacks suffered: probability}``), ``mean_attacks``,
            ``mean_damage`` (hit points). In ``"fraction"`` mode every value is a
            :class:`fractions.Fraction`.

        Raises
        ------
        InputError
            For an unknown mode.
        FleeoddsError
            When the solver would take too long (:attr:`exact_refusal`).
        """
        mode = check_exact_mode(mode)
        self._check_exact()
        return summary(self.plan, mode)

    def describe(self) -> dict[str, Any]:
        """The validated scenario as JSON-able data (floats; no NaN), for the manifest."""
        s = self.spec
        out: dict[str, Any] = {
            "system": "dnd",
            "edition": s.edition,
            "mode": s.mode,
            "runner": {k: (list(v) if isinstance(v, tuple) else v) for k, v in vars(s.runner).items()},
            "enemies": [dict(vars(e)) for e in s.enemies],
            "options": dict(vars(s.options)),
            "distracting_action": s.distracting_action,
            "metric": s.metric,
            "opportunities": describe_events(self.plan),
            "always_stuck": self.plan.always_stuck,
            "presets": s.meta,
        }
        if self.has_exact:
            out["exact_summary"] = {k: (float(v) if not isinstance(v, dict) else {a: float(p) for a, p in v.items()})
                                    for k, v in summary(self.plan, "float").items()}
        else:
            out["exact_refusal"] = self.exact_refusal
        return out

    # -- decision table ----------------------------------------------------------
    def compare_setups(self) -> list[Setup]:
        """The ``[compare]`` setups, then one per mode of the ``compare_modes`` shorthand.

        ``compare_modes = ["move", "withdraw"]`` is ``[compare]`` with
        ``"move away (provokes)" = { mode = "move" }`` and ``withdraw = { mode = "withdraw" }``
        (French labels "déplacement (provoque)", "retraite" …).

        Raises
        ------
        InputError
            For an invalid ``[compare]`` table, or a ``compare_modes`` entry that is not a
            mode of the edition (``compare_modes.<i>``).
        """
        out = super().compare_setups()
        ed = self.spec.edition
        for m in self.spec.compare_modes:  # validated and de-duplicated by parse_spec
            out.append(Setup(mode_label(m, ed, "en"), mode_label(m, ed, "fr"), {"mode": m}))
        return out


def load_scenario(data: dict, base_dir: Path | None = None) -> DndScenario:
    """Validate a D&D scenario dict (the parsed TOML file).

    Raises
    ------
    InputError
        Naming the invalid field (``runner.hp``, ``enemies.0.threat_range`` …), its
        value and what is allowed.
    """
    if not isinstance(data, dict):
        raise InputError("scenario", data, "a table of fields")
    spec = parse_spec(data)
    return DndScenario(spec, data, base_dir)


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


SYSTEM = RulesSystem(key="dnd", title="D&D 3.5, Pathfinder 1e, D&D 5e", title_fr="D&D 3.5, Pathfinder 1e, D&D 5e",
                     loader=load_scenario, schema=schema, compare_paths=("compare", "compare_modes"),
                     benchmark=benchmark_case, value_labels=labels_for_values())
