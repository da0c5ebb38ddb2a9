"""Which choice is best, and by how much: the ``[decide]`` table of a scenario file (docs/decisions.md).

A scenario names the choices a player makes and what the player wants::

    [decide]
    goal = "not_destroyed"                          # or a list of goals
    choices = ["options.tow_swiftstride_use"]       # or { "mode" = ["withdraw", "stay"] }

Every combination of the choices' values is evaluated (exactly where every option has an exact solver,
else by Monte Carlo on common random numbers: every option reads the same draws), the best option is named
for each goal, with its gain over the choice as written (the default) and over the worst choice, as exact
fractions when exact; options whose values are equal are said to tie.

The choices a file may name are declared by its rules system (:attr:`fleeodds.system.RulesSystem.decision_points`,
with their allowed values), and so are named goals (:attr:`~fleeodds.system.RulesSystem.goals`); any outcome
code is a goal too, ``not_<code>`` its complement, and ``min:<metric>`` / ``max:<metric>`` the expected value
of the scenario's metric.

>>> from fleeodds.loading import example_path, load_scenario
>>> d = decide(load_scenario(example_path("warhammer/tow_swiftstride_near_edge.toml")), method="exact")
>>> d.best_labels("not_destroyed"), d.gain("not_destroyed", d.default())
(['Never'], Fraction(11459, 93312))
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import FleeoddsError, InputError, error_message, short_repr
from .language import Message, N_, SOURCE_LANG, Written, available_langs, get_lang, use_lang
from .outcomes import as_message
from .system import DECIDE_KEY, RollChoice, Scenario, _given, get_system, value_label
from .validation import equals_default, schema_default

#: Most options (combinations of the choices' values) one decision evaluates.
MAX_OPTIONS = 64
#: Prefixes of goals: the complement of an outcome set, the expected metric to minimise or maximise.
NOT, MIN, MAX = "not_", "min:", "max:"


@dataclass(frozen=True)
class Goal:
    """What a player wants: the probability of an outcome set (or its complement), or a metric's mean.

    Attributes
    ----------
    code : str
        As written in the file (``"not_destroyed"``, ``"held"``, ``"min:damage"``).
    name : str
        Its label for tables and charts (marked ``N_()``, or a :class:`~fleeodds.language.Message`).
    outcomes : tuple of str
        Outcome codes whose total probability is the goal's value (empty for a metric goal).
    complement : bool
        The value is one minus that total.
    metric : str or None
        The metric whose expected value is the goal's value (``min:``/``max:`` goals).
    sense : int
        ``+1`` to maximise, ``-1`` to minimise.
    """

    code: str
    name: str
    outcomes: tuple[str, ...] = ()
    complement: bool = False
    metric: str | None = None
    sense: int = 1

    def label(self) -> Message:
        """The label, rendered in the reader's language where it is shown (``.render()``)."""
        return as_message(self.name)


@dataclass(frozen=True)
class Choice:
    """A choice point: a dotted field of the scenario and the values compared."""

    field: str
    values: tuple[Any, ...]


@dataclass(frozen=True)
class DecisionSpec:
    """A ``[decide]`` table, read against its scenario: the goals, the choices fixed before any die, and the
    choices made after seeing a roll (``after_roll``: names of the rules system's :class:`RollChoice`)."""

    goals: tuple[Goal, ...]
    choices: tuple[Choice, ...]
    after_roll: tuple[tuple[str, RollChoice], ...] = ()


@dataclass
class PolicyResult:
    """One result class of the first roll in a :class:`Policy`."""

    code: str
    name: str                            # its label (marked N_() by the rules system's RollChoice)
    probability: Fraction
    values: dict[str, Fraction]          # goal code -> value when the result is kept
    reroll: dict[str, bool]              # goal code -> the best policy re-rolls it

    def label(self) -> Message:
        """The label, rendered in the reader's language where it is shown (``.render()``)."""
        return as_message(self.name)


@dataclass
class Policy:
    """The best policy for a choice made after a roll (keep, or roll again and keep the second), found by
    backward induction: a result is re-rolled when a fresh roll is worth more than keeping it.

    Attributes
    ----------
    name : str
    choice : RollChoice
    results : list of PolicyResult
    fresh : dict
        Goal code -> the value of a fresh roll (what a re-roll is worth; equal to never re-rolling).
    best : dict
        Goal code -> the value of the best policy.
    reroll_all_but_best : dict
        Goal code -> the value of the naive "re-roll every result but the best one".
    """

    name: str
    choice: RollChoice
    results: list[PolicyResult]
    fresh: dict[str, Fraction]
    best: dict[str, Fraction]
    reroll_all_but_best: dict[str, Fraction]


@dataclass
class Option:
    """One combination of the choices' values and its value for each goal.

    Attributes
    ----------
    name : str
        Its label (the values' names joined), a :class:`~fleeodds.language.Message`.
    changes : dict
        ``{dotted field: value}``.
    values : dict
        Goal code -> value (``Fraction`` when exact, ``float`` from Monte Carlo).
    intervals : dict
        Goal code -> 95 % interval ``(low, high)`` (equal to the value when exact).
    exact : bool
    is_default : bool
        The choices as the scenario itself states them (or their documented defaults).
    """

    name: str
    changes: dict[str, Any]
    values: dict[str, Fraction | float] = field(default_factory=dict)
    intervals: dict[str, tuple[float, float]] = field(default_factory=dict)
    exact: bool = True
    is_default: bool = False
    #: Monte Carlo: goal code -> the option is not told apart from the best estimate (the paired 95 % interval
    #: of their difference holds 0).
    close_to_best: dict[str, bool] = field(default_factory=dict)

    def label(self) -> Message:
        """The label, rendered in the reader's language where it is shown (``.render()``)."""
        return as_message(self.name)


@dataclass
class Decision:
    """The answer to a ``[decide]`` table (:func:`decide`).

    Attributes
    ----------
    title : str
    goals : tuple of Goal
    choices : tuple of Choice
    options : list of Option
        Every combination, in the order of the choices' values.
    method : str
        ``"exact"`` or ``"mc"``.
    manifest : dict
        Seed and trials of a Monte Carlo decision.
    lang : str
        The reader's language when it was decided (the context's, :func:`fleeodds.language.get_lang`): the
        language its report is written in.
    unit : str
        The metric's unit (``"hp"``; French ``"pv"``), a :class:`~fleeodds.language.Message`, for metric goals.
    policies : list of Policy
        The best policy of each choice made after a roll (``after_roll``).
    """

    title: str
    goals: tuple[Goal, ...]
    choices: tuple[Choice, ...]
    options: list[Option]
    method: str
    manifest: dict[str, Any]
    lang: str = "en"
    unit: str = ""
    policies: list[Policy] = field(default_factory=list)

    def _goal(self, code: str) -> Goal:
        for g in self.goals:
            if g.code == code:
                return g
        raise InputError("goal", short_repr(code), Message(N_("one of {choices}"), choices=", ".join(g.code for g in self.goals)))

    def best(self, goal: str) -> list[Option]:
        """The best options for ``goal`` (several when they tie exactly; Monte Carlo: the best estimate and
        every option whose interval overlaps it, as not told apart)."""
        g = self._goal(goal)
        key = [g.sense * o.values[g.code] for o in self.options]
        top = max(key)
        if self.method == "exact":
            return [o for o, k in zip(self.options, key) if k == top]
        lead = self.options[key.index(top)]
        if any(g.code in o.close_to_best for o in self.options):  # paired intervals of each difference
            return [lead] + [o for o in self.options if o is not lead and o.close_to_best.get(g.code)]
        lo, hi = lead.intervals[g.code]
        return [lead] + [o for o in self.options if o is not lead and not (
            o.intervals[g.code][1] < lo or o.intervals[g.code][0] > hi)]

    def best_labels(self, goal: str) -> list[str]:
        """The best options' labels for ``goal``, in :attr:`lang`."""
        return [o.label().render(self.lang) for o in self.best(goal)]

    def worst(self, goal: str) -> Option:
        g = self._goal(goal)
        return min(self.options, key=lambda o: g.sense * o.values[g.code])

    def default(self) -> Option | None:
        return next((o for o in self.options if o.is_default), None)

    def gain(self, goal: str, over: Option | None) -> Fraction | float | None:
        """The best value minus ``over``'s, in the goal's own sense (positive: the best is better)."""
        if over is None:
            return None
        g = self._goal(goal)
        return g.sense * (self.best(goal)[0].values[g.code] - over.values[g.code])

    def tied(self, goal: str) -> bool:
        """Every option is worth the same for ``goal`` (exactly): the choice does not matter."""
        return len(self.best(goal)) == len(self.options)

    def to_dict(self) -> dict[str, Any]:
        """Every option's value per goal and the best choices, JSON-ready (fractions as ``"n/d"``)."""
        def num(v):
            return float(v)

        def frac(v):
            return f"{v.numerator}/{v.denominator}" if isinstance(v, Fraction) else None

        out = {"title": self.title, "method": self.method, "lang": self.lang,
               "choices": [{"field": c.field, "values": list(c.values)} for c in self.choices],
               "goals": [], "options": []}
        for o in self.options:
            out["options"].append({
                "label": o.label().render(self.lang), "changes": o.changes, "default": o.is_default, "exact": o.exact,
                "values": {k: num(v) for k, v in o.values.items()},
                "fractions": {k: frac(v) for k, v in o.values.items() if frac(v)},
                "intervals": {k: list(v) for k, v in o.intervals.items()}})
        for g in self.goals if self.options else ():
            best = self.best(g.code)
            d, w = self.gain(g.code, self.default()), self.gain(g.code, self.worst(g.code))
            out["goals"].append({
                "goal": g.code, "label": g.label().render(self.lang), "sense": "max" if g.sense > 0 else "min",
                "best": [o.label().render(self.lang) for o in best], "tie": len(best) > 1 and self.method == "exact",
                "all_equal": self.tied(g.code),
                "gain_over_default": None if d is None else float(d),
                "gain_over_default_fraction": frac(d) if d is not None else None,
                "gain_over_worst": float(w), "gain_over_worst_fraction": frac(w)})
        out["policies"] = [{
            "name": p.name, "label": p.choice.label().render(self.lang),
            "results": [{"result": r.code, "label": r.label().render(self.lang), "probability": float(r.probability),
                         "probability_fraction": frac(r.probability),
                         "values": {k: float(v) for k, v in r.values.items()},
                         "fractions": {k: frac(v) for k, v in r.values.items()}, "reroll": dict(r.reroll)}
                        for r in p.results],
            "value": {k: float(v) for k, v in p.best.items()}, "value_fraction": {k: frac(v) for k, v in p.best.items()},
            "never": {k: float(v) for k, v in p.fresh.items()}, "never_fraction": {k: frac(v) for k, v in p.fresh.items()},
            "reroll_all_but_best": {k: float(v) for k, v in p.reroll_all_but_best.items()}}
            for p in self.policies]
        out["manifest"] = self.manifest
        return out


# -- reading the [decide] table -----------------------------------------------------------------
def read_decision(scenario: Scenario) -> DecisionSpec | None:
    """The scenario's ``[decide]`` table, checked against its rules system.

    Parameters
    ----------
    scenario : Scenario

    Returns
    -------
    DecisionSpec or None
        ``None`` when the file has no ``[decide]`` table.

    Raises
    ------
    InputError
        An unknown key, a goal that is no outcome, named goal or metric of this scenario, a choice that is
        no decision point of the rules system (the declared ones are listed), a value it does not allow,
        fewer than two values, or more than :data:`MAX_OPTIONS` combinations.
    """
    table = scenario.source.get(DECIDE_KEY)
    if table is None:
        return None
    for key in table:
        if key not in ("goal", "choices", "after_roll"):
            raise InputError(f"{DECIDE_KEY}.{key}", short_repr(table[key]), Message(N_("goal, choices and after_roll only")))
    system = get_system(scenario.system)
    points = system.decision_points(scenario) if system.decision_points else {}
    goals = _goals(scenario, system, table.get("goal"))
    after_roll = _after_roll(scenario, system, table.get("after_roll"))
    raw = table.get("choices")
    if raw is None and after_roll:
        return DecisionSpec(goals=goals, choices=(), after_roll=after_roll)
    if isinstance(raw, list):
        raw = {f: None for f in raw} if all(isinstance(f, str) for f in raw) else raw
    if not isinstance(raw, dict) or not raw:
        raise InputError(f"{DECIDE_KEY}.choices", short_repr(raw),
                         Message(N_('a list of the fields to choose, e.g. choices = ["{field}"]'),
                                 field=next(iter(points), "field")))
    choices = []
    if isinstance(table.get("choices"), list) and len(set(map(str, table["choices"]))) != len(table["choices"]):
        raise InputError(f"{DECIDE_KEY}.choices", short_repr(table["choices"]), Message(N_("each field once")))
    for name, given in raw.items():
        where = f"{DECIDE_KEY}.choices.{name}"
        if name not in points:
            allowed = ", ".join(points) if points else Message(N_("none in this situation"))
            raise InputError(where, short_repr(name), Message(N_("a decision point of this scenario ({points})"),
                                                              points=allowed))
        allowed_values = tuple(points[name])
        if given is None:
            values = allowed_values
        else:
            if not isinstance(given, list) or len(given) < 2:
                raise InputError(where, short_repr(given), Message(N_("a list of two or more of its values")))
            values = []
            for v in given:
                code = system.code_of(name, v)
                match = next((a for a in allowed_values if equals_default(code, a)), _MISSING)
                if match is _MISSING and isinstance(code, str):  # a label in another case: "disengage"
                    match = next((a for a in allowed_values if isinstance(a, str) and a.casefold() == code.casefold()),
                                 _MISSING)
                if match is _MISSING:
                    raise InputError(where, short_repr(v), Message(N_("one of {choices}"), choices=", ".join(map(str, allowed_values))))
                if any(equals_default(match, x) for x in values):
                    raise InputError(where, short_repr(v), Message(N_("each value once")))
                values.append(match)
            values = tuple(values)
        choices.append(Choice(name, values))
    n = 1
    for c in choices:
        n *= len(c.values)
    if n > MAX_OPTIONS:
        raise InputError(f"{DECIDE_KEY}.choices", f"{n} combinations", Message(N_("at most {n} combinations"), n=MAX_OPTIONS))
    return DecisionSpec(goals=goals, choices=tuple(choices), after_roll=after_roll)


_MISSING = object()

#: Said where a list of the scenario's choices would be, when it has none.
_NONE_HERE = Message(N_("none in this scenario"))


def _after_roll(scenario: Scenario, system, raw: Any) -> tuple[tuple[str, RollChoice], ...]:
    if raw is None:
        return ()
    where = f"{DECIDE_KEY}.after_roll"
    declared = system.roll_choices(scenario) if system.roll_choices else {}
    names = [raw] if isinstance(raw, str) else raw
    if not isinstance(names, list) or not names or not all(isinstance(x, str) for x in names):
        raise InputError(where, short_repr(raw), Message(N_("a list of the choices made after a roll ({choices})"),
                                                         choices=", ".join(declared) or _NONE_HERE))
    out = []
    for name in names:
        if name not in declared:
            raise InputError(where, short_repr(name), Message(N_("a choice made after a roll in this scenario "
                                                                 "({choices})"),
                                                              choices=", ".join(declared) or _NONE_HERE))
        out.append((name, declared[name]))
    return tuple(out)


def _goals(scenario: Scenario, system, raw: Any) -> tuple[Goal, ...]:
    where = f"{DECIDE_KEY}.goal"
    names = [raw] if isinstance(raw, str) else raw
    if not isinstance(names, list) or not names or not all(isinstance(x, str) and x.strip() for x in names):
        raise InputError(where, short_repr(raw), Message(N_('a goal such as "{goal}", or a list of goals'),
                                                         goal=next(iter(system.goals), "held")))
    by_code = {o.code: o for o in scenario.outcomes}
    out: list[Goal] = []
    for text in names:
        g = text.strip()
        low = g.lower()
        if low.startswith((MIN, MAX)):
            metric = low[4:].strip()
            if metric != scenario.metric.code or scenario.metric.code == "none":
                if scenario.metric.code != "none":
                    allowed = Message(N_("min:<metric> or max:<metric> with this scenario's metric ({metric})"),
                                      metric=scenario.metric.code)
                else:
                    allowed = Message(N_("min:<metric> or max:<metric> with this scenario's metric (none here)"))
                raise InputError(where, short_repr(g), allowed)
            sense = -1 if low.startswith(MIN) else 1
            label = (Message(N_("least {metric}"), metric=scenario.metric.label()) if sense < 0 else
                     Message(N_("most {metric}"), metric=scenario.metric.label()))
            out.append(Goal(g, label, metric=metric, sense=sense))
            continue
        complement = False
        name = g
        if name not in system.goals and name not in by_code and name.startswith(NOT):
            complement, name = True, name[len(NOT):]
        if name in system.goals:
            label, codes = system.goals[name]  # met by one of the options' outcomes: checked by decide()
            label = as_message(label)
            out.append(Goal(g, _not(label) if complement else label, codes, complement))
        elif name in by_code:
            label = by_code[name].label()
            out.append(Goal(g, _not(label) if complement else label, (name,), complement))
        else:
            known = list(system.goals) + list(by_code)
            raise InputError(where, short_repr(g), Message(N_("an outcome or named goal of this scenario ({goals}), "
                                                              "not_<one of them>, or min:/max:<metric>"),
                                                           goals=", ".join(known)))
    if len({x.code for x in out}) != len(out):
        raise InputError(where, short_repr(raw), Message(N_("each goal once")))
    return tuple(out)


# -- evaluating ---------------------------------------------------------------------------------
def _names(system, choice: Choice, value: Any) -> Message:
    """A value's name: the rules system's value label, else ``"<field title>: yes"`` for a switch, else the
    value as written."""
    names = (system.value_labels or {}).get(choice.field, {})
    key = value.lower() if isinstance(value, str) else value
    if isinstance(key, (str, int, float)) and not isinstance(key, bool) and key in names:
        return value_label(names[key])
    if isinstance(value, bool):
        from .report.fields import field_title

        title = Written(field_title(system.key, choice.field, SOURCE_LANG),
                        **{lg: field_title(system.key, choice.field, lg) for lg in available_langs()})
        return Message(N_("{field}: yes"), field=title) if value else Message(N_("{field}: no"), field=title)
    return Written(str(value))


def _joined(parts: list[Message], sep: str = " · ") -> Message:
    """Labels joined by ``sep``, in each language."""
    return Written(sep.join(str(p) for p in parts),
                   **{lg: sep.join(p.render(lg) for p in parts) for lg in available_langs()})


class _Not(Message):
    """The label of a goal's complement: "not on its feet"; in French « ni à terre ni mort » for « à terre ou
    mort », else « pas … » (a negation reads by its language's grammar: :data:`_NEGATIONS`)."""

    def __new__(cls, label: Message):
        self = Message.__new__(cls, N_("not {goal}"), goal=_LowerFirst(label))
        self.label = label
        return self

    def render(self, lang: str | None = None) -> str:
        lang = get_lang() if lang is None else lang
        negate = _NEGATIONS.get(lang)
        return negate(self.label.render(lang)) if negate else Message.render(self, lang)

    def __reduce__(self):
        return _Not, (self.label,)


class _LowerFirst(Message):
    """A label with its first letter lowered after a word ("not held"), an acronym kept ("HP")."""

    def __new__(cls, label: Message):
        self = str.__new__(cls, _lower_first(str(label)))
        self.msgid, self.plural, self.n, self.params = str(label), None, None, {}
        self.label = label
        return self

    def render(self, lang: str | None = None) -> str:
        return _lower_first(self.label.render(lang))

    def __reduce__(self):
        return _LowerFirst, (self.label,)


def _not(label: Message) -> Message:
    return _Not(label)


def _not_fr(label: str) -> str:
    """The French label of a goal's complement: « ni à terre ni mort » for « à terre ou mort », else « pas … »."""
    label = _lower_first(label)
    if " ou " in label and "(" not in label:
        return "ni " + label.replace(" ou ", " ni ")
    return f"pas {label}"


#: How a language negates a goal's label when ``"not {goal}"`` will not do (French: « ni … ni … » for « … ou … »).
_NEGATIONS = {"fr": _not_fr}


def _lower_first(text: str) -> str:
    """``"Tué"`` -> ``"tué"`` after "pas" (an acronym such as ``"HP"`` is kept)."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _written_value(scenario: Scenario, system, name: str) -> tuple[bool, Any]:
    given, value = _given(scenario.source, name)
    if given:
        return True, system.code_of(name, value)
    with use_lang("en"):
        schema = system.schema()
    return schema_default(schema, name)


def options_of(scenario: Scenario, spec: DecisionSpec) -> list[Option]:
    """Every combination of the choices' values as an :class:`Option` (not yet evaluated).

    Parameters
    ----------
    scenario : Scenario
    spec : DecisionSpec

    Returns
    -------
    list of Option
    """
    system = get_system(scenario.system)
    written = [_written_value(scenario, system, c.field) for c in spec.choices]
    out = []
    for combo in itertools.product(*(c.values for c in spec.choices)):
        parts = [_names(system, c, v) for c, v in zip(spec.choices, combo)]
        label = parts[0] if len(parts) == 1 else _joined(parts)
        is_default = all(known and equals_default(v, w) for (known, w), v in zip(written, combo))
        out.append(Option(label, {c.field: v for c, v in zip(spec.choices, combo)}, is_default=is_default))
    return out


def goal_indices(goal: Goal, scenario: Scenario) -> set[int]:
    """The indices of the goal's outcomes in ``scenario`` (an option's own scenario: a charge reaction that holds
    is a fight, with outcomes of its own); a code the scenario does not have has probability 0 there."""
    codes = {o.code: i for i, o in enumerate(scenario.outcomes)}
    return {codes[c] for c in goal.outcomes if c in codes}


def _goal_value_exact(goal: Goal, scenario: Scenario, dist: dict) -> Fraction:
    if goal.metric is not None:
        off = scenario.metric.offset
        return sum((p * (b + off) for (_, b), p in dist.items()), Fraction(0))
    idx = goal_indices(goal, scenario)
    total = sum((p for (o, _), p in dist.items() if o in idx), Fraction(0))
    return 1 - total if goal.complement else total


def decide(scenario: Scenario, method: str = "both", *, trials: int | None = None, seed: int = 0,
           progress: bool | None = None) -> Decision:
    """Evaluate every option of the scenario's ``[decide]`` table and name the best for each goal.

    Parameters
    ----------
    scenario : Scenario
        A scenario with a ``[decide]`` table.
    method : {"both", "exact", "mc"}
        ``"both"`` (default) is exact when every option has an exact solver, else Monte Carlo on common random
        numbers; ``"exact"`` refuses options without one.
    trials : int, optional
        Monte Carlo trials per option (default 1,000,000).
    seed : int
        Seed of the Monte Carlo stream (every option reads the same draws).
    progress : bool or None
        Progress bar of the Monte Carlo runs (``None``: only on a terminal).

    Returns
    -------
    Decision

    Raises
    ------
    InputError
        A scenario without ``[decide]``, an invalid table (:func:`read_decision`), ``method="exact"`` with an
        option that has no exact solver, or fewer than two options the rules system accepts here (the first refusal,
        named by its choices). An option refused while two or more remain is left out and said in
        ``manifest["unavailable"]`` (its label and the reason, in English and French).
    """
    from .evaluation import METHODS

    lang = get_lang()  # the language its report is written in (the edge chose it: use_lang)
    if not isinstance(scenario, Scenario):
        raise InputError("scenario", short_repr(scenario), Message(N_("a scenario from fleeodds.load_scenario")))
    if method not in METHODS:
        raise InputError("method", short_repr(method), Message(N_("one of 'exact', 'mc', 'both'")))
    spec = read_decision(scenario)
    if spec is None:
        raise InputError(DECIDE_KEY, None, Message(N_('a [decide] table in the scenario: goal = "…" and choices = ["field"]')))
    options = options_of(scenario, spec) if spec.choices else []
    built, kept, left_out = [], [], []
    for o in options:
        try:
            built.append(scenario.with_changes(o.changes))
            kept.append(o)
        except FleeoddsError as exc:  # not open here (e.g. Stand & Shoot against a charger too close)
            left_out.append((o, exc))
    if left_out and len(kept) < 2:  # nothing left to choose between: the first refusal is the answer
        o, exc = left_out[0]
        raise FleeoddsError(Message(N_("{key} ({option}): {error}"), key=DECIDE_KEY, option=o.name,
                                    error=error_message(exc))) from None
    options = kept
    for g in spec.goals:  # a named goal some option can meet (an option may be a scenario of another kind)
        if g.metric is None and not any(goal_indices(g, sc) for sc in (built or [scenario])):
            have = sorted({o.code for sc in (built or [scenario]) for o in sc.outcomes})
            raise InputError(f"{DECIDE_KEY}.goal", short_repr(g.code),
                             Message(N_("a goal that one of this scenario's outcomes meets (its outcomes: {outcomes})"),
                                     outcomes=", ".join(have)))
    for g in spec.goals:  # a mean is compared across options only when every option measures the same metric
        if g.metric is not None and any(sc.metric.code != g.metric for sc in built):
            raise InputError(f"{DECIDE_KEY}.goal", short_repr(g.code),
                             Message(N_("an outcome goal: an option of this decision measures another metric "
                                        "({metrics})"), metrics=", ".join(sorted({sc.metric.code for sc in built}))))
    exact = method != "mc" and all(sc.has_exact for sc in built)
    policies = [_policy(scenario, spec.goals, name, choice) for name, choice in spec.after_roll]
    if method == "exact" and not exact:
        raise InputError("method", "exact", Message(N_("'mc' or 'both': an option of this decision has no exact solver")))
    manifest: dict[str, Any] = {"options": len(options)}
    if left_out:  # said beside the answer, in both languages, never silently dropped
        manifest["unavailable"] = []
        for o, exc in left_out:
            with use_lang("en"):
                reason = exc.message()
            with use_lang("fr"):
                reason_fr = exc.message()
            manifest["unavailable"].append({"option": str(o.name), "option_fr": o.label().render("fr"),
                                            "reason": reason, "reason_fr": reason_fr})
    if exact:
        for o, sc in zip(options, built):
            dist = sc.exact_distribution(mode="fraction")
            for g in spec.goals:
                v = _goal_value_exact(g, sc, dist)
                o.values[g.code] = v
                o.intervals[g.code] = (float(v), float(v))
    else:
        _monte_carlo(spec, options, built, trials, seed, progress, manifest)
    return Decision(title=scenario.title_label().render(lang), goals=spec.goals, choices=spec.choices,
                    options=options, method="exact" if exact else "mc", manifest=manifest, lang=lang,
                    unit=scenario.metric.unit_label(), policies=policies)


def _policy(scenario: Scenario, goals: tuple[Goal, ...], name: str, choice: RollChoice) -> Policy:
    """The best keep-or-re-roll policy by backward induction over the exact distribution of the scenario with
    no re-roll: what follows a result depends on its class only, and a re-roll is a fresh roll whose result
    stands, worth what the roll is worth with no re-roll."""
    try:
        base = scenario.with_changes(dict(choice.base_changes))
    except FleeoddsError as exc:
        raise FleeoddsError(Message(N_("{key}.after_roll ({name}): {error}"), key=DECIDE_KEY, name=name,
                                    error=error_message(exc))) from None
    if not base.has_exact:
        raise InputError(f"{DECIDE_KEY}.after_roll", name, Message(N_("a scenario with an exact solver (a policy after a roll "
                                                          "is found on the exact distribution)")))
    dist = base.exact_distribution(mode="fraction")
    codes = [o.code for o in base.outcomes]
    named = {c for *_, members in choice.results if members for c in members}
    results: list[PolicyResult] = []
    for code, label, members in choice.results:
        idx = {i for i, c in enumerate(codes) if (c in members if members else c not in named)}
        mass = sum((p for (o, _), p in dist.items() if o in idx), Fraction(0))
        values = {}
        for g in goals:
            if not mass:
                values[g.code] = Fraction(0)
                continue
            if g.metric is not None:  # the metric's mean over the rolls of this result
                part = sum((p * (b + base.metric.offset) for (o, b), p in dist.items() if o in idx), Fraction(0))
            else:
                wanted = goal_indices(g, base)
                hit = sum((p for (o, _), p in dist.items() if o in idx and o in wanted), Fraction(0))
                part = mass - hit if g.complement else hit
            values[g.code] = part / mass
        results.append(PolicyResult(code, label, mass, values, {}))
    fresh, best, naive = {}, {}, {}
    for g in goals:
        v0 = sum((r.probability * r.values[g.code] for r in results), Fraction(0))
        fresh[g.code] = v0
        top = max((r for r in results if r.probability), key=lambda r: g.sense * r.values[g.code])
        total, total_naive = Fraction(0), Fraction(0)
        for r in results:
            r.reroll[g.code] = bool(r.probability) and g.sense * v0 > g.sense * r.values[g.code]
            total += r.probability * (v0 if r.reroll[g.code] else r.values[g.code])
            total_naive += r.probability * (r.values[g.code] if r is top else v0)
        best[g.code], naive[g.code] = total, total_naive
    return Policy(name, choice, results, fresh, best, naive)


#: Trials per chunk of a paired decision (every option's per-trial outcomes of a chunk are held at once).
PAIRED_CHUNK = 200_000


def _monte_carlo(spec, options, built, trials, seed, progress, manifest) -> None:
    """Every option's goal values by Monte Carlo on common random numbers (the same seed and trial indices).

    When every option has a per-trial kernel, the probability goals are counted on the same trials for all
    options at once, and each option's difference with the best estimate gets its paired 95 % interval
    (:func:`_paired_goals`); the metric goals are read from each option's own run."""
    from .evaluation import evaluate
    from .stats import wilson_interval

    paired = all(sc.has_trial_kernel for sc in built) and any(g.metric is None for g in spec.goals)
    if paired:
        _paired_goals(spec, options, built, trials, seed, progress, manifest)
    for o, sc in zip(options, built):
        if paired and all(g.metric is None for g in spec.goals):
            break
        o.exact = False
        table = evaluate(sc, "mc", trials=trials, seed=seed, progress=progress)
        rows = {r["outcome"]: r for r in table.rows if r["method"] == "monte_carlo"}
        n = int(table.manifest["trials"])
        manifest.update(seed=table.manifest.get("seed", seed), trials=n)
        for g in spec.goals:
            if paired and g.metric is None:
                continue
            if g.metric is not None:
                d = table.distribution
                d = d[d["method"] == "monte_carlo"]
                mean = float((d["value"] * d["probability"]).sum())
                o.values[g.code] = mean
                o.intervals[g.code] = (mean, mean)
                continue
            count = sum(int(rows[c]["count"]) for c in g.outcomes if c in rows)
            if g.complement:
                count = n - count
            o.values[g.code] = count / n
            o.intervals[g.code] = wilson_interval(count, n)


# -- where the best choice changes -------------------------------------------------------------
@dataclass
class DecisionSweep:
    """Decisions over the values of one field (:func:`decide_sweep`).

    Attributes
    ----------
    field : str
        The dotted field that varies.
    values : list
        Its values, in order.
    decisions : list of Decision
        One per value.
    lang : str
        The reader's language when it was decided (see :attr:`Decision.lang`).
    system : str
        The rules system's key (names the field and its values).
    """

    field: str
    values: list[Any]
    decisions: list[Decision]
    lang: str = "en"
    system: str = ""

    def switches(self, goal: str) -> list[tuple[Any, Any, list[str], list[str]]]:
        """Where the best choice for ``goal`` changes: ``[(value before, value after, best before, best
        after)]`` (labels in :attr:`lang`)."""
        out = []
        for (a, da), (b, db) in zip(zip(self.values, self.decisions), zip(self.values[1:], self.decisions[1:])):
            ba, bb = da.best_labels(goal), db.best_labels(goal)
            if da.tied(goal) or db.tied(goal):
                continue
            if ba != bb:
                out.append((a, b, ba, bb))
        return out

    def option_labels(self) -> list[str]:
        """Every option's label (in :attr:`lang`) met along the sweep, in the order first met: an option the rules
        close at some values (Stand & Shoot against a charger too close) is missing from those points only."""
        out: list[str] = []
        for d in self.decisions:
            out += [o.label().render(self.lang) for o in d.options if o.label().render(self.lang) not in out]
        return out

    def rows(self) -> list[dict[str, Any]]:
        """One row per (value, option): ``field value, option, goal values…, best (goals it is best for)``."""
        out = []
        for v, d in zip(self.values, self.decisions):
            for o in d.options:
                row = {self.field: v, "option": o.label().render(self.lang)}
                for g in d.goals:
                    row[g.code] = float(o.values[g.code])
                row["best_for"] = [g.code for g in d.goals
                                   if not d.tied(g.code) and any(b is o for b in d.best(g.code))]
                out.append(row)
        return out


def decide_sweep(scenario: Scenario, field_name: str, values: list[Any], method: str = "both", *,
                 trials: int | None = None, seed: int = 0,
                 progress: bool | None = None) -> DecisionSweep:
    """The scenario's decision at every value of one field, to see where the best choice changes.

    Parameters
    ----------
    scenario : Scenario
        A scenario with a ``[decide]`` table.
    field_name : str
        A dotted field of the scenario (``table.edge_distance``); not one of the choices.
    values : list
        Its values (two or more).
    method, trials, seed, progress
        As :func:`decide` (the reader's language is the context's: :func:`fleeodds.language.use_lang`).

    Returns
    -------
    DecisionSweep

    Raises
    ------
    InputError
        Fewer than two values, a field that is one of the choices, or a value the rules system refuses (its own
        message, named by the field).
    """
    from .validation import set_field

    spec = read_decision(scenario)
    if spec is None:
        raise InputError(DECIDE_KEY, None, Message(N_('a [decide] table in the scenario: goal = "…" and choices = ["field"]')))
    if not isinstance(values, list) or len(values) < 2:
        raise InputError(field_name, short_repr(values), Message(N_("two or more values to sweep")))
    if field_name in {c.field for c in spec.choices}:
        raise InputError(field_name, "a choice", Message(N_("a field that is not one of the [decide] choices (they are all "
                                                 "compared at every point already)")))
    system = get_system(scenario.system)
    decisions = []
    for v in values:
        data = set_field(scenario.source, field_name, v)
        try:
            cell = system.load(data, scenario.base_dir, check_only=frozenset({field_name}))
        except FleeoddsError as exc:
            raise FleeoddsError(Message(N_("{field} = {value}: {error}"), field=field_name, value=short_repr(v),
                                        error=error_message(exc))) from None
        decisions.append(decide(cell, method, trials=trials, seed=seed, progress=progress))
    return DecisionSweep(field_name, list(values), decisions, get_lang(), scenario.system)


def _paired_goals(spec, options, built, trials, seed, progress, manifest) -> None:
    """Probability goals of every option on the same trials (chunks of :data:`PAIRED_CHUNK`): each option's
    value and Wilson interval, and whether the paired 95 % interval of its difference with the best estimate
    holds 0 (McNemar's paired-proportions variance, as :func:`fleeodds.stats.paired_difference_from_joint`)."""
    import math

    import numpy as np
    from tqdm.auto import tqdm

    from .engine import DEFAULT_TRIALS
    from .stats import two_sided_z_quantile, wilson_interval

    n = DEFAULT_TRIALS if trials is None else int(trials)
    goals = [g for g in spec.goals if g.metric is None]
    kernels = [sc.trial_kernel() for sc in built]
    members = [[np.array(sorted(goal_indices(g, sc)), np.int64) for g in goals] for sc in built]
    k = len(options)
    hits = np.zeros((len(goals), k), np.int64)
    both = np.zeros((len(goals), k, k), np.int64)
    bar = tqdm(total=n, unit="trial", unit_scale=True, desc="deciding", disable=(progress is False) or None)
    start = 0
    while start < n:
        m = min(PAIRED_CHUNK, n - start)
        outs = [kern(seed, start, m) for kern in kernels]
        for gi, g in enumerate(goals):
            ind = np.stack([np.isin(outs[j], members[j][gi]) != g.complement for j in range(k)]).astype(np.int64)
            hits[gi] += ind.sum(axis=1)
            both[gi] += ind @ ind.T
        start += m
        bar.update(m)
    bar.close()
    z = two_sided_z_quantile(0.95)
    for gi, g in enumerate(goals):
        p = hits[gi] / n
        for j, o in enumerate(options):
            o.exact = False
            o.values[g.code] = float(p[j])
            o.intervals[g.code] = wilson_interval(int(hits[gi, j]), n)
        lead = max(range(k), key=lambda j: g.sense * p[j])
        for j, o in enumerate(options):
            if j == lead:
                continue
            pab = both[gi, lead, j] / n
            var = max(p[lead] + p[j] - 2 * pab - (p[lead] - p[j]) ** 2, 0.0)
            half = z * math.sqrt(var / n)
            o.close_to_best[g.code] = abs(p[lead] - p[j]) <= half
    manifest.update(seed=seed, trials=n, paired=True)
