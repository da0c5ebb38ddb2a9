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
from ...validation import (CheckedSource, annotation_values, check_exact_mode, effect_checks_on, get_field,
                           no_effect, set_field)
from .deathsaves import DeathSaveScenario, death_save_chain, load_death_saves, save_results
from .exact import exact_work, solve, summary
from .labels import OUTCOME_ORDER, mode_label
from .labels import value_labels as labels_for_values
from .model import OptionsModel, Spec, component_specs, parse_spec, preset_names, presets, schema
from .plan import Plan, compile_plan, describe_events
from .rules import (AttackOdds, DamageRule, attack_outcome, combat_maneuver_probability, crit_confirm_probability,
                    damage_pmf, death_save_outcomes, death_save_survival, dying_survival_35, dying_survival_pf,
                    hit_probability, save_probability, skill_check_probability, tumble_all_succeed, tumble_dcs)

__all__ = ["SYSTEM", "DndScenario", "load_scenario", "benchmark_case", "schema", "presets", "preset_names",
           "crit_confirm_probability", "attack_outcome", "AttackOdds", "hit_probability",
           "skill_check_probability", "tumble_all_succeed", "tumble_dcs", "combat_maneuver_probability",
           "save_probability", "death_save_survival", "death_save_outcomes", "dying_survival_35",
           "dying_survival_pf", "damage_pmf", "DamageRule", "DeathSaveScenario", "death_save_chain", "save_results", "MAX_EXACT_WORK", "MAX_FRACTION_WORK"]

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
        #: ``[(probability, Plan)]``: one plan, or one per combination of uncertain values (a mixture)
        self.components: list[tuple[Fraction, Plan]] = [(w, compile_plan(s)) for w, s in component_specs(spec)]
        self.plan: Plan = self.components[0][1]
        self.title = spec.title or f"{spec.runner.name}: {mode_label(spec.mode, spec.edition)}"
        self.outcomes = self.plan.outcomes
        self.metric = self.plan.metric
        self._work = sum(exact_work(p) for _w, p in self.components)
        if len(self.components) > 1:
            from .encoding import check_mixture

            check_mixture([p for _w, p in self.components])

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
        if len(self.components) == 1:
            return solve(self.plan, mode)
        out: dict = {}
        for w, plan in self.components:
            q = w if mode == "fraction" else float(w)
            for k, p in solve(plan, mode).items():
                out[k] = out.get(k, 0) + q * p
        return out

    def kernel(self):
        from .kernel import make_kernel  # numba, only when Monte Carlo runs

        return make_kernel(self.plan, self.components)

    def trial_kernel(self):
        """Per-trial outcome indices ``(seed, start, n) -> int64 (n,)``, same trials as :meth:`kernel`."""
        from .kernel import make_trial_kernel

        return make_trial_kernel(self.plan, self.components)

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
            return summary(self.plan, mode)
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

    def notes(self, lang: str = "en") -> list[str]:
        """5e with ``options.death_saves_in_exchange``: the death saves after the attacks of opportunity,
        cumulative by round (over all trials), as sentences; ``[]`` otherwise."""
        if not self.has_exact or self.exact_seconds >= 1:
            return []
        rows = self._summary("fraction").get("death_saves_by_round")
        if not rows:
            return []
        from ...report.format import pct
        from .deathsaves import SHORT_NAMES

        fr = lang == "fr"
        out = []
        for r, row in rows.items():
            cells = [f"{SHORT_NAMES[c][1 if fr else 0]} {pct(float(row[c]), lang, 2)}" for c in ("back_up", "stable", "dead")]
            cells.append(("encore mourant " if fr else "still dying ") + pct(float(row["unresolved"]), lang, 2))
            head = (f"Jets contre la mort après les attaques d'opportunité, round {r} : " if fr
                    else f"Death saves after the opportunity attacks, by round {r}: ")
            out.append(head + ", ".join(cells) + ".")
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
            "opportunities": describe_events(self.plan),
            "always_stuck": self.plan.always_stuck,
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

    def unused_inputs(self) -> list[str]:
        """Dotted paths of the stat-line values written in the file (``runner.dex_bonus``,
        ``runner.tumble``, ``enemies.0.cmb``…) that change no result here, nor in any
        comparison setup.

        Values copied from a stat block are accepted whatever the situation, unlike
        options and situational fields (refused when they change nothing); they are
        listed here and in ``describe()["unused_inputs"]`` so that nothing is silent.
        """
        contexts = self._contexts if self._contexts is not None else [self.base_source()]
        return unused_inputs(self.source, contexts, lambda d: _build(d, self.base_dir))

    def with_changes(self, changes: dict[str, Any]) -> "DndScenario":
        """A copy with dotted fields changed (see :meth:`fleeodds.system.Scenario.with_changes`).

        The options and situational fields the changes set are checked in the copy (one
        that changes no result there is refused); the others were checked when this
        scenario was loaded, against it and each of its comparison setups.
        """
        if not isinstance(changes, dict):
            raise InputError("changes", changes, "a table of field.path = value")
        data = self.base_source()
        for k, v in changes.items():
            data = set_field(data, k, v)
        data.only = set(changes)
        return load_scenario(data, self.base_dir)

    def base_source(self) -> dict:
        """The source without its comparison setups, as a :class:`CheckedSource`: loaded again, its
        fields are not checked once more against this scenario alone (they were, against each
        compared mode and setup, when it was loaded)."""
        return CheckedSource(super().base_source())

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


def _floats(v: Any) -> Any:
    """Nested tables of probabilities as plain floats with text keys (JSON-able)."""
    if isinstance(v, dict):
        return {k: _floats(x) for k, x in v.items()}
    return float(v)


def _build(data: dict, base_dir: Path | None = None) -> DndScenario:
    """The scenario of ``data`` with the field-by-field checks of :func:`.model.parse_spec`, without
    the check on results (:func:`check_results`)."""
    if not isinstance(data, dict):
        raise InputError("scenario", data, "a table of fields")
    spec = parse_spec(data)
    return DndScenario(spec, data, base_dir)


def load_scenario(data: dict, base_dir: Path | None = None) -> DndScenario:
    """Validate a D&D scenario dict (the parsed TOML file).

    Raises
    ------
    InputError
        Naming the invalid field (``runner.hp``, ``enemies.0.threat_range`` …), its
        value and what is allowed; an option or a situational field that changes no
        result in the scenario nor in any of its comparison setups (:func:`check_results`).
    """
    if isinstance(data, dict) and data.get("situation") == "death_saves":
        return load_death_saves(data, base_dir)
    sc = _build(data, base_dir)
    build = lambda d: _build(d, base_dir)  # noqa: E731
    if not effect_checks_on():  # a sweep's cell (see fleeodds.validation.without_effect_checks)
        sc._contexts = [dict(data)]
        return sc
    if isinstance(data, CheckedSource):  # a base or a setup of a checked scenario
        check_results(data, [dict(data)], build, only=data.only)
        sc._contexts = [dict(data)]
        return sc
    contexts = _contexts(sc)
    check_results(data, contexts, build)
    sc._contexts = contexts
    return sc


# --------------------------------------------------------------------------- inputs that change nothing
#: Situational fields of an enemy, refused when no value changes the results.
ENEMY_VALUES: dict[str, list[Any]] = {
    "reach": [5, 10, 15, 100], "threatens_start": [False, True], "simultaneous": [False, True],
    "combat_reflexes": [False, True], "squares_left": [None, 1, 2, 3], "through_space": [False, True],
    "visible": [False, True], "flat_footed": [False, True],
    "attacks_on_turn": [0, 1, 2, 4], "tumble_dc": [None, 5, 15, 25, 40],
}
#: Numbers of the options (the others take their allowed values).
OPTION_NUMBERS: dict[str, list[Any]] = {
    "aoo_per_round": [None, 0, 1, 2, 5], "dead_threshold": [None, -1, -10, -30],
    "massive_damage_threshold": [None, 5, 20, 50, 100],
}
#: Stat-line values of the runner and of an enemy: accepted whatever the situation (copied from a stat
#: block), listed by :meth:`DndScenario.unused_inputs` when they change nothing.
RUNNER_CARD: dict[str, list[Any]] = {
    "hp": [1, 5, 20, 100], "hp_max": [], "ac": [5, 15, 25, 40], "dex_bonus": [0, 2, 5, 10],
    "con": [3, 10, 18, 30], "fort": [-2, 0, 5, 20], "tumble": [-5, 0, 10, 40], "acrobatics": [-5, 0, 10, 40],
    "cmd": [5, 15, 30, 60], "str_save": [-2, 0, 5, 15], "dex_save": [-2, 0, 5, 15], "con_save": [-2, 0, 5, 15],
    "armor": ["none", "light", "medium", "heavy"],
}
ENEMY_CARD: dict[str, list[Any]] = {
    "attack_bonus": [-5, 0, 5, 20], "damage": ["1", "1d4", "2d6+4", "10d10"], "dex_bonus": [0, 1, 3, 8],
    "cmb": [-5, 0, 10, 30], "cmd": [5, 15, 30, 60], "crit_multiplier": [2, 3, 4],
}
#: Options that name something rather than a rule (checked by :func:`.model.check_no_effect`).
SKIP_OPTIONS = ("attacker_preset",)


def _option_values(name: str) -> list[Any]:
    if name in OPTION_NUMBERS:
        return OPTION_NUMBERS[name]
    return annotation_values(OptionsModel.model_fields[name].annotation)


def _contexts(sc: DndScenario) -> list[dict]:
    base = dict(sc.base_source())
    out = [base]
    for s in sc.compare_setups():
        d = base
        for k, v in s.changes.items():
            d = set_field(d, k, v)
        out.append(d)
    return out


#: An input check solves the scenario once per value tried: beyond this estimated solve time
#: (seconds) the check is not made, so that loading stays quick (heavy damage dice).
CHECK_SECONDS = 0.05


def result_key(sc: DndScenario) -> Any:
    """What a scenario reports, comparably: the exact distribution and side results, or, when the
    exact solver is refused, the opportunities the Monte Carlo kernel is given."""
    plan = sc.plan
    codes = tuple(o.code for o in sc.outcomes)
    if sc.has_exact:
        mode = "fraction" if sc.exact_fraction_ok else "float"
        # by outcome code, zeros left out: an option that only adds a row no trial can reach (the
        # 3.5 "strained" row when nothing is provoked) changes no result
        dist = {(codes[o], m): p for (o, m), p in sc.exact_distribution(mode).items() if p}
        return (plan.always_stuck, sc.metric.code, dist, repr(sorted(sc.summary(mode).items(), key=str)))
    return (plan.always_stuck, codes, sc.metric.n_bins, plan.events, plan.aoo, plan.damage_rule)


def _differs(build, contexts: list[dict], path: str, values: list[Any]) -> bool:
    for data in contexts:
        seen = None
        for v in values:
            try:
                key = result_key(build(set_field(data, path, v)))
            except FleeoddsError as err:
                if getattr(err, "field", path) != path:
                    return True  # another written input needs this value (Stand Still needs Combat Reflexes)
                continue  # a value refused for itself here
            if seen is None:
                seen = key
            elif key != seen:
                return True
    return False


def _written(data: dict, table: dict[str, list[Any]], section: str) -> list[tuple[str, Any, list[Any]]]:
    out = []
    if section == "runner":
        tables = [("runner", data.get("runner"))]
    else:
        tables = [(f"enemies.{i}", e) for i, e in enumerate(data.get("enemies") or [])]
    for where, own in tables:
        if isinstance(own, dict):
            for name, values in table.items():
                if name in own:
                    out.append((f"{where}.{name}", own[name], values))
    return out


def check_results(data: dict, contexts: list[dict], build, only: set[str] | None = None) -> None:
    """Refuse, by name, an option or a situational enemy field written in ``data`` that changes no
    result (:func:`result_key`) in any of ``contexts`` (the scenario, then each comparison setup:
    a field used by one ``compare_modes`` mode is accepted in the others).

    Raises
    ------
    InputError
        :func:`fleeodds.validation.no_effect` naming the first such field.
    """
    fields = [(f"options.{k}", v, _option_values(k)) for k, v in (data.get("options") or {}).items()
              if k in OptionsModel.model_fields and k not in SKIP_OPTIONS]
    fields += _written(data, ENEMY_VALUES, "enemies") + _written(data, SAME_AS_LEFT_OUT, "enemies")
    if "distracting_action" in data:
        fields.append(("distracting_action", data["distracting_action"], [False, True]))
    if fields:
        try:
            probe = build(dict(contexts[0]))
        except FleeoddsError:
            probe = None
        if probe is not None and (not probe.has_exact or probe.exact_seconds >= CHECK_SECONDS):
            # each value tried would cost a long exact solve, or there is none to compare:
            # the inputs are accepted unchecked rather than judged on a partial view
            return
    for path, value, values in fields:
        if only is not None and path not in only:
            continue
        if path.rsplit(".", 1)[-1] in SAME_AS_LEFT_OUT_NAMES:
            if _same_as_left_out(build, contexts, path, value):
                raise no_effect(path, value, "in this scenario: it gives the same results as leaving it out (no "
                                             "result changes: exact distribution, attacks, damage)")
            continue
        current = [get_field(c, path, None) for c in contexts]
        tried = list(values) + [v for v in current if v not in values]
        if not _differs(build, contexts, path, tried):
            where = "in this scenario nor in its comparison setups" if len(contexts) > 1 else "in this scenario"
            raise no_effect(path, value, f"{where} (no result changes with it: exact distribution, attacks, "
                                         f"damage)")


#: Fields refused when the value written gives the same results as leaving the field out, whatever
#: other values would do (``aoo_left = 3`` for an enemy with one opportunity, ``count = 2`` past
#: enemies that cannot attack, ``on_hit = "prone"`` when staying in melee).
SAME_AS_LEFT_OUT: dict[str, list[Any]] = {"aoo_left": [], "count": [], "on_hit": [], "mastery": []}
SAME_AS_LEFT_OUT_NAMES = ("aoo_left", "count", "on_hit", "aoo_per_round", "mastery")


def _without(data: dict, path: str) -> dict:
    import copy

    out = copy.deepcopy(dict(data))
    node: Any = out
    parts = path.split(".")
    for p in parts[:-1]:
        node = node[int(p)] if isinstance(node, list) else node[p]
    node.pop(parts[-1], None)
    return out


def _same_as_left_out(build, contexts: list[dict], path: str, value: Any) -> bool:
    """Whether ``path = value`` gives the results of leaving ``path`` out, in every context."""
    if (path.endswith(".count") and value == 1) or (path.endswith(".mastery") and value == "none"):
        return False  # the documented default, written out (a setup "without the mastery")
    for data in contexts:
        try:
            if result_key(build(set_field(data, path, value))) != result_key(build(_without(data, path))):
                return False
        except (FleeoddsError, KeyError, IndexError, TypeError):
            return False
    return True


def unused_inputs(data: dict, contexts: list[dict], build) -> list[str]:
    """Stat-line values written in ``data`` (``runner.dex_bonus``, ``enemies.0.cmb``…) that change no
    result in the scenario nor in any comparison setup."""
    out = []
    for section, table in (("runner", RUNNER_CARD), ("enemies", ENEMY_CARD)):
        for path, value, values in _written(data, table, section):
            if path == "runner.hp_max":
                hp = get_field(data, "runner.hp", None)
                values = [hp, hp + 10, 2 * hp + 60, 1000] if isinstance(hp, int) else []
            if not _differs(build, contexts, path, list(values) + [value]):
                out.append(path)
    return out


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


from .messages_fr import PHRASES as MESSAGES_FR  # noqa: E402  (French wording of this system's reasons)
SYSTEM = RulesSystem(key="dnd", title="D&D 3.5, Pathfinder 1e, D&D 5e", title_fr="D&D 3.5, Pathfinder 1e, D&D 5e",
                     loader=load_scenario, schema=schema, compare_paths=("compare", "compare_modes"),
                     benchmark=benchmark_case, value_labels=labels_for_values(), messages_fr=MESSAGES_FR)
