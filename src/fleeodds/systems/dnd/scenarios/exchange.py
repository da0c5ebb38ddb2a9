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
``strained`` (3.5/PF: disabled, then dying after a strenuous action), ``slowed`` (5e), ``down``,
``dead``; metric: damage taken (or attacks suffered).

Public sub-results (exact Fractions) in :mod:`fleeodds.systems.dnd.plan.rules`, each tested against
the oracle file: :func:`~..plan.rules.crit_confirm_probability`, :func:`~..plan.rules.attack_outcome`,
:func:`~..plan.rules.tumble_all_succeed`, :func:`~..plan.rules.skill_check_probability`,
:func:`~..plan.rules.death_save_survival`, :func:`~..plan.rules.death_save_outcomes`,
:func:`~..plan.rules.dying_survival_35`, :func:`~..plan.rules.dying_survival_pf`,
:func:`~..plan.rules.damage_pmf`.

References
----------
docs/dnd.md (the project's digest); D&D 3.5 SRD (*Combat*, *Injury and
Death*, *Skills: Tumble*, *Feats*); Pathfinder RPG PRD (*Combat*, *Acrobatics*,
*Feats*); SRD 5.1 and SRD 5.2 (*Combat*, *Damage and Healing*, monsters).
"""


from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from ....language import Message, N_
from ....errors import FleeoddsError, InputError
from ....language import Message, N_
from ....system import Scenario, Setup, get_system
from ....validation import check_exact_mode, effect_checks_on, set_field
from ..checks.results import check_results, setup_contexts, unused_inputs
from ..exact.exchange import exact_work, solve, summary
from ..labels import mode_label
from ..model.scenario import parse_spec
from ..model.spec import Spec
from ..model.uncertain import component_specs
from ..outcomes import OUTCOME_ORDER, SHORT_NAMES
from ..kernels.encoding import check_mixture
from ..plan.exchange import Plan, compile_plan, describe_events
from ..plan.rules import Grouped


#: Largest estimated work (elementary steps, see :func:`..exact.exchange.exact_work`) the exact solver
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
    components : list of (Fraction, Plan)
        One plan of probability 1, or one per combination of uncertain values (a mixture).
    first_plan : Plan
        The plan of the first component: the outcomes, the metric and the opportunities every
        component shares (:func:`..kernels.encoding.check_mixture`).
    """

    outcome_order = OUTCOME_ORDER

    def __init__(self, spec: Spec, data: dict, base_dir: Path | None = None):
        super().__init__(data, base_dir)
        self.spec = spec
        #: ``[(probability, Plan)]``: one plan, or one per combination of uncertain values (a mixture)
        # the plans hold what the numbers depend on: the title, the description and the presets'
        # provenance (a mutable table) stay with ``spec``, out of the frozen, hashable plan
        plain = replace(spec, title="", description="", meta=None)
        self.components: list[tuple[Fraction, Plan]] = [(w, compile_plan(s)) for w, s in component_specs(plain)]
        self.first_plan: Plan = self.components[0][1]
        # the mode named in the reader's language ("retraite"); the runner's name stays as written
        self.title = spec.title or Message(N_("{runner}: {mode}"), runner=spec.runner.name,
                                           mode=mode_label(spec.mode, spec.edition))
        self.outcomes = self.first_plan.outcomes
        self.metric = self.first_plan.metric
        self._work = sum(exact_work(p) for _w, p in self.components)
        if len(self.components) > 1:
            check_mixture([p for _w, p in self.components])

    @property
    def plan(self) -> Plan | tuple[tuple[Fraction, Plan], ...]:
        """The frozen, hashable plan the exact distribution and the outcomes follow from: the
        :class:`~..plan.exchange.Plan`, or with uncertain values the mixture
        ``((probability, Plan), ...)``."""
        if len(self.components) == 1:
            return self.first_plan
        return tuple(self.components)

    # -- Scenario API ----------------------------------------------------------
    @property
    def exact_work(self) -> int:
        """Estimated work of the exact solver (elementary steps; see :func:`..exact.exchange.exact_work`)."""
        return self._work

    @property
    def exact_refusal(self) -> str:
        """Why the exact solver is not run (``""`` when it is): the estimated work of
        the convolutions (opportunities x damage values x hit-point states) exceeds
        :data:`MAX_EXACT_WORK`, e.g. with very heavy damage dice; Monte Carlo still runs."""
        if self._work <= MAX_EXACT_WORK:
            return ""
        return Message(N_("the exact solver would take too long: about {steps} steps ({n} opportunities, up to "
                          "{hp} hp of damage) for a limit of {limit}; use Monte Carlo"), steps=Grouped(self._work),
                       n=len(self.first_plan.events), hp=Grouped(self.metric.n_bins - 1),
                       limit=Grouped(MAX_EXACT_WORK))

    @property
    def has_exact(self) -> bool:
        """True unless :attr:`exact_refusal` says why not (every option combination has an
        exact solution: death saves and dying are small absorbing chains)."""
        return not self.exact_refusal

    @property
    def exact_seconds(self) -> float:
        """Estimated exact-solve time: about 8 million steps of :func:`..exact.exchange.exact_work` per second
        in float64 (67 million steps took 8 s on a 2-core machine)."""
        return self._work / 8e6 if self._work <= MAX_EXACT_WORK else 0.0

    @property
    def exact_fraction_ok(self) -> bool:
        """Exact fractions for small state spaces, else float64 (still exact to ~1e-15)."""
        return (len(self.first_plan.events) <= 12 and self.metric.n_bins <= 1000
                and self._work <= MAX_FRACTION_WORK)

    def _check_exact(self) -> None:
        if self.exact_refusal:
            raise FleeoddsError(Message(N_("{title}: {why}"), title=self.title, why=self.exact_refusal))

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
        if len(self.components) == 1:
            return solve(self.first_plan, mode)
        out: dict = {}
        for w, plan in self.components:
            q = w if mode == "fraction" else float(w)
            for k, p in solve(plan, mode).items():
                out[k] = out.get(k, 0) + q * p
        return out

    def kernel(self):
        from ..kernels.exchange import make_kernel  # numba, only when Monte Carlo runs

        return make_kernel(self.first_plan, self.components)

    def trial_kernel(self):
        """Per-trial outcome indices ``(seed, start, n) -> int64 (n,)``, same trials as :meth:`kernel`."""
        from ..kernels.exchange import make_trial_kernel

        return make_trial_kernel(self.first_plan, self.components)

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
        return self._summary(mode)

    def _summary(self, mode: str) -> dict[str, Any]:
        if len(self.components) == 1:
            return summary(self.first_plan, mode)
        def add(into: dict, part: dict, q) -> None:  # weighted sum of nested tables of probabilities
            for k, v in part.items():
                if isinstance(v, dict):
                    add(into.setdefault(k, {}), v, q)
                else:
                    into[k] = into.get(k, 0) + q * v

        out: dict[str, Any] = {}
        for w, plan in self.components:
            add(out, summary(plan, mode), w if mode == "fraction" else float(w))
        for k, v in out.items():
            if isinstance(v, dict):
                out[k] = dict(sorted(v.items()))
        return out

    def notes(self) -> list[str]:
        """5e with ``options.death_saves_in_exchange``: the death saves after the attacks of opportunity,
        cumulative by round (over all trials), as sentences in the reader's language; ``[]`` otherwise."""
        if not self.has_exact or self.exact_seconds >= 1:
            return []
        rows = self._summary("fraction").get("death_saves_by_round")
        if not rows:
            return []
        from ....i18n import pair_text, pct
        from ....language import _

        out = []
        for r, row in rows.items():
            cells = [f"{pair_text(SHORT_NAMES[c])} {pct(float(row[c]), 2)}" for c in ("back_up", "stable", "dead")]
            cells.append(_("still dying {percent}", percent=pct(float(row["unresolved"]), 2)))
            out.append(_("Death saves after the opportunity attacks, by round {round}: {cells}.", round=r,
                         cells=", ".join(cells)))
        return out

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
            "opportunities": describe_events(self.first_plan),
            "always_stuck": self.first_plan.always_stuck,
            "presets": s.meta,
        }
        if s.mixture:
            out["uncertain"] = [{"field": "runner.ac" if where == "runner" else f"enemies {list(idx)} attack_bonus",
                                 "values": {str(v): float(p) for v, p in d.items()}} for where, idx, d in s.mixture]
        unused = self.unused_inputs()
        if unused:
            out["unused_inputs"] = unused
        if self.has_exact:
            out["exact_summary"] = _floats(self._summary("float"))
        else:
            out["exact_refusal"] = self.exact_refusal
        return out

    _contexts: list[dict] | None = None
    #: The loader's ``check_only`` this scenario was built with (``None``: checked whole, as written).
    _check_only: frozenset[str] | None = None

    def unused_inputs(self) -> list[str]:
        """Dotted paths of the stat-line values written in the file (``runner.dex_bonus``,
        ``runner.tumble``, ``enemies.0.cmb``…) that change no result here, nor in any
        comparison setup.

        Values copied from a stat block are accepted whatever the situation, unlike
        options and situational fields (noted when they change nothing); they are
        listed here and in ``describe()["unused_inputs"]`` so that nothing is silent.
        """
        contexts = self._contexts if self._contexts is not None else [self.base_source()]
        return unused_inputs(self.source, contexts, lambda d: build_unchecked(d, self.base_dir))

    def with_changes(self, changes: dict[str, Any]) -> "DndScenario":
        """A copy with dotted fields changed (see :meth:`fleeodds.system.Scenario.with_changes`).

        The options and situational fields the changes set are checked in the copy (one
        that changes no result there is noted: ``check_only``); the others were checked when
        this scenario was loaded, against it and each of its comparison setups.
        """
        if not isinstance(changes, dict):
            raise InputError("changes", changes, Message(N_("a table of field.path = value")))
        data = self.base_source()
        for k, v in changes.items():
            data = set_field(data, k, v)
        return get_system(self.system).load(data, self.base_dir, check_only=frozenset(changes))

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
            out.append(Setup(mode_label(m, ed), {"mode": m}))
        return out


def _floats(v: Any) -> Any:
    """Nested tables of probabilities as plain floats with text keys (JSON-able)."""
    if isinstance(v, dict):
        return {k: _floats(x) for k, x in v.items()}
    return float(v)


def build_unchecked(data: dict, base_dir: Path | None = None, check_only: frozenset[str] | None = None
                    ) -> DndScenario:
    """The scenario of ``data`` with the field-by-field checks of :func:`..model.scenario.parse_spec`,
    without the check on results (:func:`..checks.results.check_results`)."""
    if not isinstance(data, dict):
        raise InputError("scenario", data, Message(N_("a table of fields")))
    spec = parse_spec(data, check_only=check_only)
    return DndScenario(spec, data, base_dir)


def load_exchange(data: dict, base_dir: Path | None = None, *, check_only: frozenset[str] | None = None
                  ) -> DndScenario:
    """Validate a leave-melee scenario dict (the parsed TOML file).

    Parameters
    ----------
    data : dict
        The parsed scenario file.
    base_dir : pathlib.Path, optional
        Folder relative file names are read from.
    check_only : frozenset of str, optional
        ``None``: every field written is checked against the scenario and each of its comparison
        setups. A set: ``data`` derives from a scenario already checked (its base, or one setup),
        and only these dotted fields, set by the derivation, are checked again.

    Raises
    ------
    InputError
        Naming the invalid field (``runner.hp``, ``enemies.0.threat_range`` …), its
        value and what is allowed; under ``--strict``, an option or a situational field that changes
        no result in the scenario nor in any of its comparison setups (:func:`..checks.results.check_results`;
        otherwise a note, :meth:`~fleeodds.system.Scenario.input_notes`).
    """
    sc = build_unchecked(data, base_dir, check_only)
    sc._check_only = check_only
    build = lambda d: build_unchecked(d, base_dir, check_only)  # noqa: E731
    if not effect_checks_on():  # a sweep's cell (see fleeodds.validation.without_effect_checks)
        sc._contexts = [dict(data)]
        return sc
    if check_only is not None:  # a base or a setup of a checked scenario
        check_results(data, [dict(data)], build, check_only=check_only)
        sc._contexts = [dict(data)]
        return sc
    contexts = setup_contexts(sc)
    check_results(data, contexts, build)
    sc._contexts = contexts
    return sc


def benchmark_case() -> DndScenario:
    """"Withdraw past three enemies": a 3.5 level-1 fighter withdraws from an ogre (its
    start square is exempt, but the ogre's 10-ft reach still threatens the second square),
    then passes through the threatened areas of an orc and a gnoll. Three attacks of
    opportunity, for throughput benchmarks."""
    return load_exchange({
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
