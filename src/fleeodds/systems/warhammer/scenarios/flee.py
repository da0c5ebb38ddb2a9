"""Warhammer Fantasy Battle (6th, 7th, 8th), The Old World and the Skull Pass starter rules:
break test, flee and pursuit, rally tests and flight toward the table edge, charges
against fleeing units.

A scenario file looks like::

    system = "warhammer"
    title = "Night Goblins broken by Dwarf Warriors"
    edition = "7th"                 # 6th | 7th | 8th | tow | starter
    situation = "break"             # break | fleeing | charge_fleeing | flee_reaction | leadership_test | panic
    [fleeing]
    profile = "Night Goblins"
    [pursuer]
    profile = "Dwarf Warriors"
    [combat]
    margin = 2
    [table]
    edge_distance = 12              # inches; omit for no table edge
    max_turns = 10                  # turns the unit is followed after the pursuit (default 10; 0 stops there)
    [compare]                       # optional: setups side by side
    "Ld 7" = { "fleeing.leadership" = 7, label_fr = "Cd 7" }

A field written in the file that cannot change the numbers in its situation and
edition is refused by name (:mod:`..checks.flee`); ``schema(lang)`` (:mod:`.loader`) is the file's
JSON Schema; the exact solver refuses work above :data:`..exact.flee.MAX_EXACT_WORK`
(:attr:`WarhammerScenario.exact_refusal`).

References
----------
docs/warhammer.md (the project's digest, with its sources: the 6th/7th/8th
rulebooks' close-combat and movement sections, the TOW rules index, and the
*Bataille au Col du Crâne* starter booklet).
"""


from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from ....errors import FleeoddsError, InputError, short_repr
from ....language import Message, N_
from ....outcomes import Metric
from ....system import Scenario
from ....validation import check_exact_mode, effect_checks_on, not_modelled, validate
from .. import outcomes as oc
from ..labels import generated_title
from ..checks.flee import check_inputs, check_tow_rules, rules_without_effect, unused_inputs
from ..checks.obstacles import validate as check_obstacles
from ..checks.pursuers import (check_charge_metric, check_several, rules_without_effect_several, unused_several,
                               without_charge_metric)
from ..exact.flee import MAX_EXACT_WORK, estimate_work, side_results, solve
from ..exact.obstacles import work_factor
from ..exact.pursuers import estimate_work as estimate_several
from ..exact.pursuers import solve_several
from ..model.base import UnitProfile
from ..model.flee import TEST_SITUATIONS, PursuerRef, ScenarioModel
from ..model.profiles import resolve_unit
from ..plan.flee import NO_PURSUER, PURSUE_LD_TEST, PURSUE_NEVER, Rules, resolve
from ..plan.obstacles import codes as obstacle_codes
from ..plan.obstacles import describe as describe_obstacles
from ..plan.pursuers import longest_failed_move, resolve_several, split_code, split_outcome
from ....i18n import Grouped


CHARGE_SITUATIONS = ("charge_fleeing", "flee_reaction")

#: with_unit roles and the scenario table each replaces.
ROLE_KEYS = {"fleeing": "fleeing", "pursuing": "pursuer"}
#: Profile fields with_unit copies into the unit table (the profiles.toml format).
UNIT_FIELDS = ("name", "movement", "leadership", "rules")


class WarhammerScenario(Scenario):
    """A validated Warhammer scenario (see the module docstring for the file format).

    Parameters
    ----------
    data : dict
        The scenario table as given (the parsed TOML file).
    base_dir : pathlib.Path, optional
        Folder ``profiles_file`` is read from.
    check : bool
        Refuse fields that change nothing (:mod:`..checks.flee`); only :meth:`with_unit`
        turns it off (the scenario was checked when loaded).

    Attributes
    ----------
    model : ScenarioModel
        The validated fields.
    fleeing, pursuer : UnitProfile
        The resolved units (the pursuer is the charger in the charge situations).
    rules : Rules
        The numbers both evaluators use (dice, Leadership, re-rolls, reach).
    dropped_rules : dict
        ``{role: [rule, ...]}``: special rules of a unit given to :meth:`with_unit`
        that have no effect in this scenario and were left out.

    Raises
    ------
    FleeoddsError
        Naming every invalid field, its value and what is allowed, or a field
        written in the file that changes nothing here.
    """

    outcome_order = oc.ORDER

    def __init__(self, data: dict, base_dir: Path | None = None, *, check: bool = True):
        super().__init__(data, base_dir)
        self.source.setdefault("system", "warhammer")  # a dict given to this module's loader directly
        if any(not isinstance(k, str) for k in data):
            raise InputError("scenario", short_repr(data), Message(N_("a table of fields (names are text)")))
        model = validate(ScenarioModel, data)
        self.model = model
        pf = (self.base_dir / model.profiles_file) if model.profiles_file else None
        self.fleeing: UnitProfile = resolve_unit(model.fleeing, "fleeing", pf)
        if model.pursuers is not None:  # several pursuers or chargers (..plan.pursuers)
            self._init_several(data, model, pf, check)
            return
        if model.pursuer is None and model.situation not in TEST_SITUATIONS:
            raise InputError("pursuer", None, Message(N_("a [pursuer] unit table (the winner or the charger) in "
                                                         "the '{situation}' situation"), situation=model.situation))
        if model.pursuer is not None and model.situation == "leadership_test":
            raise InputError("pursuer", short_repr(data.get("pursuer")),
                             Message(N_("no [pursuer] in the 'leadership_test' situation (no other unit takes "
                                        "part)")))
        self.pursuer: UnitProfile = resolve_unit(model.pursuer or NO_PURSUER, "pursuer", pf)
        self.rules: Rules = resolve(model, self.fleeing, self.pursuer)
        if model.options.charge_metric == "failed_charge_move" and model.situation in CHARGE_SITUATIONS:
            if model.obstacles:  # that metric is recorded on the several-pursuers path, which has no obstacles
                raise not_modelled("options.charge_metric", "failed_charge_move", Message(N_("with [[obstacles]]")))
            # the failed charger's move is recorded on the several-pursuers path (one charger)
            self.rules = resolve_several(model.model_copy(update={"pursuers": (PursuerRef(
                **model.pursuer.model_dump(exclude_unset=True)),), "pursuer": None}), self.fleeing,
                (PursuerRef(**model.pursuer.model_dump(exclude_unset=True)),), pf)[0]
        r = self.rules
        check_tow_rules(model, self.fleeing, [] if model.pursuer is None else [self.pursuer], several=False)
        if r.edition == "tow" and r.situation in ("charge_fleeing", "flee_reaction") and r.gap > r.declare_range:
            # §3.4: a TOW charge is declared within M + 6 (+3 with Swiftstride); farther, there is no charge
            raise InputError("table.gap", (data.get("table") or {}).get("gap", r.gap),
                             Message(N_("at most the charger's declarable range in The Old World, M + 6 (+3 with "
                                        "Swiftstride) = {declare_range:g}\""), declare_range=r.declare_range))
        if model.obstacles:
            check_obstacles(model, self.fleeing, r)
        if check and effect_checks_on():
            check_charge_metric(data, model)
            check_inputs(without_charge_metric(data), model, self.fleeing, self.pursuer, pf)
        self.dropped_rules: dict[str, list[str]] = {}
        self.title = model.title or generated_title(self.fleeing.name, [self.pursuer.name], model.edition)
        self._finish()

    def _finish(self) -> None:
        """Outcomes, metric and the exact solver's work, from :attr:`rules`."""
        r = self.rules
        self._codes = obstacle_codes(r, self._applicable())  # with the things in the way's outcomes
        names = [c.name for c in r.chasers]
        self.outcomes = tuple(oc.TEST_LABELS.get((self.model.situation, c), oc.ALL[c]) if c < oc.N_OUTCOMES
                              else split_outcome(c, names) for c in self._codes)
        if r.situation in CHARGE_SITUATIONS and r.failed_move_metric:
            self.metric = Metric("failed_charge_move", N_("failed charger's move"),
                                 longest_failed_move(r) + 1, 0, "in")
        elif r.situation in ("charge_fleeing", "flee_reaction"):
            self.metric = Metric("flee_distance", N_("flee roll"), r.flee.max_value + 1, 0, "in")
        else:
            self.metric = Metric("turn", N_("turn of resolution"), r.max_turns + 1, 0, "")
        self._work = estimate_several(r) if r.chasers else estimate_work(r) * work_factor(r)

    def _init_several(self, data: dict, model: ScenarioModel, pf, check: bool) -> None:
        """``[[pursuers]]``: each unit pursues or charges with its own dice (:mod:`..plan.pursuers`).

        Raises
        ------
        InputError
            ``pursuers`` with a ``[pursuer]`` table too, or in a situation without pursuers;
            ``pursuers.<i>.gap`` beyond a TOW charger's declarable range; a field that changes
            nothing (:mod:`..checks.pursuers`).
        """
        if model.pursuer is not None:
            raise InputError("pursuers", short_repr(data.get("pursuers")),
                             Message(N_("either one [pursuer] table or [[pursuers]] tables, not both")))
        if model.situation == "leadership_test":
            raise InputError("pursuers", short_repr(data.get("pursuers")),
                             Message(N_("no [[pursuers]] in the 'leadership_test' situation (no other unit takes "
                                        "part)")))
        if model.obstacles:  # the several-pursuers chain (..exact.pursuers) has no things in the way yet
            raise not_modelled("obstacles", short_repr(data.get("obstacles")), Message(N_("with [[pursuers]]; "
                                                                                          "give one [pursuer] "
                                                                                          "table, or leave the "
                                                                                          "things in the way out")))
        self.rules, self.pursuers = resolve_several(model, self.fleeing, model.pursuers, pf)
        self.pursuer = self.pursuers[0]
        r = self.rules
        check_tow_rules(model, self.fleeing, list(self.pursuers), several=True)
        if r.edition == "tow" and r.situation in CHARGE_SITUATIONS:
            for i, c in enumerate(r.chasers):
                if c.gap > c.declare_range:  # §3.4: no charge declared beyond M + 6 (+3 with Swiftstride)
                    raise InputError(f"pursuers.{i}.gap", c.gap,
                                     Message(N_("at most the charger's declarable range in The Old World, M + 6 "
                                                "(+3 with Swiftstride) = {declare_range:g}\""),
                                             declare_range=c.declare_range))
        if check and effect_checks_on():
            check_charge_metric(data, model)
            check_several(data, model, self.fleeing, self.pursuers, pf)
        self.dropped_rules = {}
        self.title = model.title or generated_title(self.fleeing.name, [p.name for p in self.pursuers],
                                                    model.edition)
        self._finish()

    def _applicable(self) -> list[int]:
        r = self.rules
        if len(r.chasers) > 1:  # a catch or a run down split by the unit that made it
            out = []
            for c in self._applicable_one():
                if c in (oc.CAUGHT, oc.CAUGHT_REENGAGED):
                    out += [split_code(c, i) for i, ch in enumerate(r.chasers) if ch.pursue_mode != PURSUE_NEVER]
                elif c == oc.RUN_DOWN:
                    out += [split_code(c, i) for i, ch in enumerate(r.chasers)
                            if r.situation in CHARGE_SITUATIONS or (ch.keeps_charging and r.chaser_charges)]
                else:
                    out.append(c)
            return out
        return self._applicable_one()

    def _applicable_one(self) -> list[int]:
        r = self.rules
        edge = r.edge != float("inf")
        if r.situation in ("charge_fleeing", "flee_reaction"):
            codes = [oc.RUN_DOWN, oc.ESCAPED]
            return codes + [oc.OFF_TABLE] if edge else codes
        if r.no_break_test:  # a drawn combat: no Break test
            return [oc.HELD]
        if r.situation == "leadership_test":
            return [oc.HELD, oc.ESCAPED]
        if r.situation == "panic":  # the test, then a flee move with no pursuit roll, then the chain
            codes = [oc.GAVE_GROUND, oc.FELL_BACK] if r.edition == "tow" else [oc.HELD]
            codes.append(oc.ESCAPED if r.max_turns == 0 else oc.RALLIED)
            if r.max_turns > 0:
                codes.append(oc.STILL_FLEEING)
                if r.chaser_charges or r.chaser_impetuous:
                    codes.append(oc.RUN_DOWN)
            if edge:
                codes.append(oc.OFF_TABLE)
            return sorted(codes)
        codes = []
        if r.situation == "break":
            codes += [oc.GAVE_GROUND, oc.FELL_BACK, oc.CAUGHT_REENGAGED] if r.edition == "tow" else [oc.HELD]
        codes.append(oc.CAUGHT)
        if r.max_turns == 0:
            codes.append(oc.ESCAPED)
        if edge:
            codes.append(oc.OFF_TABLE)
        if r.max_turns > 0:
            if r.chaser_charges or r.chaser_impetuous:
                codes.append(oc.RUN_DOWN)
            codes += [oc.RALLIED, oc.STILL_FLEEING]
        return sorted(codes)

    # -- evaluation -----------------------------------------------------------------
    @property
    def exact_refusal(self) -> Message | str:
        """Why the exact solver will not run (``""`` when it will).

        The solver's work is estimated before solving (:func:`..exact.flee.estimate_work`:
        turns x distances x gaps x dice outcomes); above
        :data:`..exact.flee.MAX_EXACT_WORK` (about ten seconds) it is refused, e.g. a
        50-turn chain with a ``1d1000`` flee roll or a 200" table edge.
        """
        if self._work <= MAX_EXACT_WORK:
            return ""
        size = Message(N_("about {n}"), n=Grouped(self._work)) if self._work < 10**15 else \
            Message(N_("more than 10^15"))
        return Message(N_("the exact solver would take {size} steps (the limit is {limit}: dice with many faces, a "
                          "far table edge or many turns); use Monte Carlo (--mc)"), size=size,
                       limit=Grouped(MAX_EXACT_WORK))

    @property
    def exact_seconds(self) -> float:
        """Estimated exact-solve time on a 2-core machine, from :func:`..exact.flee.estimate_work`: about a
        microsecond per step when the enemy keeps charging (the knights example, 4.2 million steps,
        4 to 5 s; the bound counts many gaps never reached), about 15 microseconds per step of a
        chain without a charger (every step is reached and costs rational arithmetic: a 10-turn
        chain of 15,000 steps, 0.2 to 0.4 s)."""
        if self._work > MAX_EXACT_WORK:
            return 0.0
        per_step = 1e-6 if (self.rules.chaser_charges or self.rules.chasers) else 1.5e-5
        return self._work * per_step

    @property
    def has_exact(self) -> bool:
        """Whether the exact solver takes this scenario on (see :attr:`exact_refusal`)."""
        return not self.exact_refusal

    def exact_distribution(self, mode: str = "float") -> dict[tuple[int, int], float | Fraction]:
        """Exact ``{(outcome index, metric): probability}`` (see :mod:`..exact.flee`).

        Raises
        ------
        InputError
            For a mode other than ``"fraction"`` or ``"float"``.
        FleeoddsError
            When the work is too large (:attr:`exact_refusal`).
        """
        mode = check_exact_mode(mode)
        if self.exact_refusal:
            raise FleeoddsError(Message(N_("{title}: {why}"), title=self.title, why=self.exact_refusal))
        raw = solve_several(self.rules, mode) if self.rules.chasers else solve(self.rules, mode)
        index = {c: i for i, c in enumerate(self._codes)}
        out: dict[tuple[int, int], Any] = {}
        for (code, metric), p in raw.items():
            if code not in index:
                raise AssertionError(f"outcome {oc.ALL[code].code} not expected for this scenario")
            out[(index[code], metric)] = p
        return out

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """Exact side results: with things in the way, the chance the unit meets each of them and
        that a friend it flees through fails its Panic test (:func:`..exact.flee.side_results`)."""
        mode = check_exact_mode(mode)
        if not self.rules.obstacles or self.exact_refusal:
            return {}
        return side_results(self.rules, mode)

    @property
    def plan(self) -> Rules:
        """The resolved numbers (:attr:`rules`, frozen and hashable; dice by their terms, not their
        spelling): the exact solver reads nothing else, and the outcomes and their order follow from them."""
        return self.rules


    def kernel(self):
        """Monte Carlo kernel ``(seed, start, n) -> int64 (n_outcomes, n_bins)`` (see :mod:`..kernels.flee`)."""
        from ..kernels.flee import pack, run

        rows = np.array(self._codes, dtype=np.int64)
        if self.rules.chasers:
            from ..kernels.pursuers import kernel_for

            several = kernel_for(self.rules, self.metric.n_bins)
            return lambda seed, start, n: several(seed, start, n)[rows]
        arrays = pack(self.rules, self.metric.n_bins)

        def kernel(seed: int, start: int, n: int) -> np.ndarray:
            counts = run(*arrays, seed, start, n)
            return counts[rows]

        return kernel

    def trial_kernel(self):
        """Per-trial kernel ``(seed, start, n) -> int64 (n,)`` of outcome indices (order of
        :attr:`outcomes`), on the same trials as :meth:`kernel` (see :func:`..kernels.flee.run_trials`)."""
        from ..kernels.flee import pack, run_trials

        if self.rules.chasers:
            raise NotImplementedError("several pursuers: no per-trial kernel (counts only)")
        arrays = pack(self.rules, self.metric.n_bins)
        lut = np.full(oc.N_OUTCOMES, -1, dtype=np.int64)
        lut[np.array(self._codes, dtype=np.int64)] = np.arange(len(self._codes))

        def kernel(seed: int, start: int, n: int) -> np.ndarray:
            return lut[run_trials(*arrays, seed, start, n)]

        return kernel

    @property
    def has_trial_kernel(self) -> bool:
        """No per-trial kernel on the several-pursuers path (:mod:`..kernels.pursuers` counts only)."""
        return not self.rules.chasers

    def rule_sources(self) -> list[dict[str, str]]:
        """The rules of this situation's chain, with their sources (:func:`..sources.chain_sources`)."""
        from ..sources import chain_sources

        return chain_sources(self.model.edition, self.model.situation)

    def describe(self) -> dict[str, Any]:
        if self.rules.chasers:
            return self._describe_several()
        d = self.model.model_dump(mode="json", exclude_none=True)
        d["resolved_units"] = {"fleeing": self.fleeing.model_dump(mode="json", exclude_none=True),
                               "pursuer": self.pursuer.model_dump(mode="json", exclude_none=True)}
        if self.model.pursuer is None:
            del d["resolved_units"]["pursuer"]
        r = self.rules
        d["resolved_dice"] = {"flee": str(r.flee), "pursuit": str(r.pursuit),
                              "break_test_ld": r.break_test.ld, "rally_ld": r.rally_test.ld}
        if r.edition == "tow" and r.situation in ("break", "panic"):
            d["resolved_dice"]["fall_back"] = str(r.fall_back)  # Fall Back in Good Order (max2D6, +D6)
        if r.situation in ("charge_fleeing", "flee_reaction") or (r.chaser_charges and r.max_turns > 0):
            fixed = f"{r.charge_fixed:g}"
            d["resolved_dice"]["charge_reach"] = fixed if r.charge_dice.max_value == 0 else \
                f"{fixed} + {r.charge_dice}"
            d["resolved_dice"]["charge_declare_range"] = r.declare_range
        if r.obstacles:  # what each thing in the way does in this edition (.obstacles)
            d["resolved_obstacles"] = describe_obstacles(r)
        units = (self.model, self.fleeing, self.pursuer)
        quiet = {role: rules_without_effect(role, units) for role in ("fleeing", "pursuer")}
        for role, rules in self.dropped_rules.items():
            quiet.setdefault(ROLE_KEYS[role], [])
            quiet[ROLE_KEYS[role]] += [x for x in rules if x not in quiet[ROLE_KEYS[role]]]
        quiet = {k: v for k, v in quiet.items() if v}
        if quiet:
            d["rules_without_effect"] = quiet
        return self._with_unused_and_refusal(d)

    def _with_unused_and_refusal(self, d: dict[str, Any]) -> dict[str, Any]:
        """``d`` with ``unused_inputs`` and ``exact_refusal`` when there are any (both describes)."""
        unused = self.unused_inputs()
        if unused:
            d["unused_inputs"] = unused
        if self.exact_refusal:
            d["exact_refusal"] = self.exact_refusal
        return d

    def _describe_several(self) -> dict[str, Any]:
        """:meth:`describe` with ``[[pursuers]]`` (or the failed-charge metric): every unit's dice."""
        d = self.model.model_dump(mode="json", exclude_none=True)
        r = self.rules
        profiles = getattr(self, "pursuers", [self.pursuer])
        d["resolved_units"] = {"fleeing": self.fleeing.model_dump(mode="json", exclude_none=True),
                               "pursuers": [p.model_dump(mode="json", exclude_none=True) for p in profiles]}
        d["resolved_dice"] = {"flee": str(r.flee), "break_test_ld": r.break_test.ld, "rally_ld": r.rally_test.ld,
                              "pursuers": []}
        if r.edition == "tow" and r.situation == "break":
            d["resolved_dice"]["fall_back"] = str(r.fall_back)
        for c in r.chasers:
            one: dict[str, Any] = {"name": c.name, "gap": c.gap}
            if r.situation in CHARGE_SITUATIONS or (c.keeps_charging and r.chaser_charges):
                fixed = f"{c.charge_fixed:g}"
                one["charge_reach"] = fixed if c.charge_dice.max_value == 0 else f"{fixed} + {c.charge_dice}"
                one["charge_declare_range"] = c.declare_range
                one["keeps_charging"] = c.keeps_charging and r.chaser_charges
            if r.situation not in CHARGE_SITUATIONS and c.pursue_mode != PURSUE_NEVER:
                one["pursuit"] = str(c.pursuit)
            if r.situation not in CHARGE_SITUATIONS and c.pursue_mode == PURSUE_LD_TEST:
                one["restraint_ld"] = c.restraint_test.ld
            d["resolved_dice"]["pursuers"].append(one)
        if self.model.pursuers is not None:
            quiet = rules_without_effect_several(self.model, self.fleeing, profiles)
            if quiet:
                d["rules_without_effect"] = quiet
        return self._with_unused_and_refusal(d)

    def unused_inputs(self) -> list[str]:
        """Dotted paths of the unit characteristics written in the file (``fleeing.movement``,
        ``pursuer.leadership``) that change nothing in this scenario.

        A unit's M and Ld are accepted whatever the situation (players copy whole
        profiles), unlike the other fields (:mod:`..checks.flee`); they are listed here and in
        ``describe()["unused_inputs"]`` so that nothing is silent.
        """
        if self.model.pursuers is not None:
            return unused_several(self.source, self.model, self.fleeing, self.pursuers)
        return unused_inputs(self.source, (self.model, self.fleeing, self.pursuer))

    # -- derived scenarios ------------------------------------------------------------
    def unit_name(self, role: str) -> str:
        """The name of the ``"fleeing"`` or ``"pursuing"`` unit (``""`` for another role)."""
        key = ROLE_KEYS.get(role)
        units = self.describe().get("resolved_units") or {}
        return str((units.get(key) or {}).get("name", "")) if key else ""

    def with_unit(self, role: str, profile: dict[str, Any]) -> "WarhammerScenario":
        """A copy with the ``"fleeing"`` or ``"pursuing"`` unit replaced by an imported profile.

        ``profile`` is a profiles.toml entry (``name, movement, leadership,
        troop_type, rules``; other characteristics are ignored). The unit's
        situation fields (models, musician, General, Battle Standard) are kept.
        The profile's special rules that change nothing in this scenario (e.g.
        ``fast_cavalry``, ``swiftstride`` in 7th) are left out and listed in
        :attr:`dropped_rules` and in ``describe()["rules_without_effect"]``.
        Starts from :meth:`base_source` (no comparison setups). The scenario's own
        fields are not checked again for effect: they were when it was loaded, and a
        unit's rules may make one moot (a Stubborn unit ignores ``combat.margin``).

        Raises
        ------
        InputError
            For another role, a profile that is not a table, or invalid profile values.
        """
        key = ROLE_KEYS.get(role)
        if key is None:
            raise InputError("role", short_repr(role), Message(N_("'fleeing' or 'pursuing'")))
        if key == "pursuer" and self.model.pursuers is not None:
            raise InputError("role", short_repr(role), Message(N_("'fleeing': this scenario has several pursuers "
                                                                  "([[pursuers]]), which one would be replaced "
                                                                  "is not said")))
        if not isinstance(profile, dict):
            raise InputError(role, short_repr(profile), Message(N_("a unit profile table (name, movement, "
                                                                   "leadership, rules)")))
        data = self.base_source()
        keep = {k: v for k, v in dict(data.get(key) or {}).items() if k not in
                ("profile", "name", "movement", "leadership", "troop_type", "rules", "extra_rules")}
        keep.update({k: copy.deepcopy(profile[k]) for k in UNIT_FIELDS if k in profile})
        data[key] = keep
        data["title"] = f"{self.model.title or self.title} [{profile.get('name', role)}]"
        rules = keep.get("rules")
        if isinstance(rules, tuple):
            rules = keep["rules"] = list(rules)
        dropped: list[str] = []
        if isinstance(rules, list) and rules:
            trial = WarhammerScenario(data, self.base_dir, check=False)
            dropped = rules_without_effect(key, (trial.model, trial.fleeing, trial.pursuer))
            keep["rules"] = [x for x in rules if x not in dropped]
        # The scenario's own fields were checked when it was loaded; the unit's rules may make one of them
        # moot (a Stubborn unit ignores combat.margin), which is no reason to refuse this unit.
        sc = WarhammerScenario(data, self.base_dir, check=False)
        if dropped:
            sc.dropped_rules = {role: dropped}
        return sc
