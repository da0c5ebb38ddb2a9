"""The rules-system contract as reusable tests: what every system, shipped or third-party, must honour.

A system's test module subclasses :class:`SystemContract` with its scenarios (as numpy's random tests
subclass one base class per bit generator)::

    from fleeodds.testing import SystemContract

    class TestCoinChaseContract(SystemContract):
        system = "coin_chase"
        sources = ({"system": "coin_chase", "lead": 1, "catch": 2}, "my_examples/long_lead.toml")

pytest collects the subclass (its name starts with ``Test``) and runs each check on each source and
on each of its comparison setups, one test per check and source (the class's
``pytest_generate_tests`` parametrizes the ``case`` argument). The checks are plain functions as
well (``check_*``), usable from any test runner: each raises :class:`AssertionError` naming the
scenario and what failed.

Statistical thresholds: Monte Carlo agrees with the exact distribution when every outcome's count is
within :data:`Z_999` standard errors and the joint chi-square is below its 99.9 % quantile, so a
correct kernel fails one given check about 1 time in 1000 seeds (the seed is fixed: a run that passes
passes again). The bound is tight enough to fail: an exact distribution off by 1 % on a probability
near 1/2 fails it at 100,000 trials (about 6 standard errors).

Neither pytest nor jsonschema is imported when this module is: the checks import what they need
(numba and scipy, dependencies of fleeodds; jsonschema, of its ``test`` extra, for the schema check).
"""

from __future__ import annotations

import dataclasses
import json
import weakref
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from .errors import FleeoddsError
from .language import available_langs, use_lang
from .system import MAX_SETUPS, RulesSystem, Scenario, get_system, scenario_from_dict

#: |z| bound of a two-sided 99.9 % interval.
Z_999 = 3.2905
#: Quantile of the joint chi-square bound.
CHI2_QUANTILE = 0.999

_EXACT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _fail(scenario: Any, message: str) -> None:
    title = scenario.title if isinstance(scenario, Scenario) else str(scenario)
    raise AssertionError(f"{title}: {message}" if title else message)


def _check(condition: Any, scenario: Any, message: str) -> None:
    """An assertion that ``python -O`` keeps."""
    if not condition:
        _fail(scenario, message)


def cases(scenario: Scenario) -> list[Scenario]:
    """The scenario and each of its comparison setups, built: every one honours the contract."""
    return [scenario] + [v.scenario for v in scenario.variants()]


def exact(scenario: Scenario, mode: str = "float") -> dict[tuple[int, int], float | Fraction]:
    """``scenario.exact_distribution(mode)``, solved once per scenario object."""
    per = _EXACT.setdefault(scenario, {})
    if mode not in per:
        per[mode] = scenario.exact_distribution(mode)
    return per[mode]


def outcome_probabilities(scenario: Scenario) -> np.ndarray:
    """float64 ``(n_outcomes,)``: the exact probability of each outcome, summed over the metric."""
    p = np.zeros(len(scenario.outcomes))
    for (o, _), q in exact(scenario, "float").items():
        p[o] += float(q)
    return p


# ----------------------------------------------------------------------------- the checks
def check_declaration(system: RulesSystem | str) -> None:
    """The system is a :class:`RulesSystem` found by its key, with a schema in both languages and
    well-formed declarations."""
    declared = get_system(system) if isinstance(system, str) else system
    _check(isinstance(declared, RulesSystem), system, "not a RulesSystem")
    _check(get_system(declared.key) is declared, declared.key, "get_system(key) does not return the declaration")
    _check(callable(declared.loader), declared.key, "the loader is not callable")
    for lang in ("en", "fr"):
        with use_lang(lang):
            schema = declared.schema()
        _check(isinstance(schema, dict) and schema, declared.key, f"schema() in {lang!r} is not a JSON Schema")
        json.dumps(schema, allow_nan=False)
    _check(isinstance(declared.roles, tuple) and all(isinstance(r, str) and r for r in declared.roles),
           declared.key, "roles must be a tuple of role names")
    _check(len(set(declared.roles)) == len(declared.roles), declared.key, "roles must be distinct")
    _check(all(isinstance(p, str) for p in declared.compare_paths), declared.key, "compare_paths must be dotted names")


def check_structure(scenario: Scenario) -> None:
    """Outcomes, metric, title, ``outcome_order``, ``has_exact``/``exact_refusal`` and ``describe``
    are well formed."""
    sc = scenario
    _check(sc.system and get_system(sc.system).key == sc.system, sc, f"unregistered system {sc.system!r}")
    codes = [o.code for o in sc.outcomes]
    _check(codes and len(set(codes)) == len(codes), sc, f"outcome codes must be distinct and not empty: {codes}")
    _check(all(o.label() and all(o.label().render(lg) for lg in available_langs()) for o in sc.outcomes), sc,
           "every outcome has a label in every language")
    _check(sc.metric.n_bins >= 1, sc, "the metric has at least one bin")
    _check(isinstance(sc.title, str) and all(isinstance(sc.title_label().render(lg), str) for lg in available_langs()), sc, "the title is text")
    order = sc.outcome_order
    _check(order is None or len(set(order)) == len(order), sc, f"outcome_order {order} repeats an outcome")
    _check(sc.has_exact or sc.exact_refusal, sc, "a scenario without an exact solver says why (exact_refusal)")
    described = sc.describe()
    _check(isinstance(described, dict), sc, "describe() returns a dict")
    json.dumps(described, allow_nan=False)  # JSON-able, strictly
    for lang in ("en", "fr"):
        with use_lang(lang):
            _check(all(isinstance(n, str) for n in sc.notes()), sc, "notes are sentences")
    check_rule_sources(sc)
    check_table_shapes(sc)


def check_table_shapes(scenario: Scenario) -> None:
    """``table_shapes()`` is ``None`` or JSON-able shapes whose ``bases`` are ``{x, y, r, side, name}``
    with a positive radius, and whose ``labels`` (if any) give English and French words."""
    sc = scenario
    shapes = sc.table_shapes()
    if shapes is None:
        return
    _check(isinstance(shapes, dict) and isinstance(shapes.get("bases"), list), sc,
           "table_shapes() returns None or a dict with a list of bases")
    for b in shapes["bases"]:
        _check(isinstance(b, dict) and {"x", "y", "r", "side", "name"} <= set(b) and b["r"] > 0, sc,
               f"a base is {{x, y, r, side, name}} with r > 0: {b!r}")
    for kind, words in (shapes.get("labels") or {}).items():
        _check(isinstance(words, dict) and all(isinstance(words.get(k), str) and words[k] for k in ("en", "fr")),
               sc, f"the label of {kind!r} has English and French words: {words!r}")
    json.dumps(shapes, allow_nan=False)


def check_rule_sources(scenario: Scenario) -> None:
    """``rule_sources()`` is a list of ``{"rule", "edition", "source"}`` records of non-empty text (an
    empty list is allowed: a system that cites nothing yet), JSON-able."""
    sc = scenario
    sources = sc.rule_sources()
    _check(isinstance(sources, list), sc, "rule_sources() returns a list")
    for item in sources:
        _check(isinstance(item, dict) and set(item) == {"rule", "edition", "source"}, sc,
               f"a rule source is a dict with the keys rule, edition, source: {item!r}")
        _check(all(isinstance(v, str) and v.strip() for v in item.values()), sc,
               f"a rule source's rule, edition and source are non-empty text: {item!r}")
    json.dumps(sources, allow_nan=False)


def check_schema(scenario: Scenario) -> None:
    """The scenario's source validates against its system's JSON Schema, in both languages."""
    import jsonschema

    for lang in ("en", "fr"):
        with use_lang(lang):
            schema = get_system(scenario.system).schema()
        jsonschema.validate(scenario.source, schema)


def check_exact_distribution(scenario: Scenario) -> None:
    """The exact distribution sums to 1 (exactly, as Fractions, when the solver runs in rationals),
    has no negative probability and only keys ``(outcome index, metric value)`` in range; another
    mode is refused."""
    sc = scenario
    if not sc.has_exact:
        return
    mode = "fraction" if sc.exact_fraction_ok else "float"
    dist = exact(sc, mode)
    total = sum(dist.values())
    if mode == "fraction":
        _check(all(isinstance(p, Fraction) for p in dist.values()), sc, "fraction mode returns Fractions")
        _check(total == 1, sc, f"the exact distribution sums to {total}, not 1")
    else:
        _check(abs(total - 1) < 1e-9, sc, f"the exact distribution sums to {total}, not 1")
    _check(all(p >= 0 for p in dist.values()), sc, "a negative probability")
    lo, n = sc.metric.offset, sc.metric.n_bins
    _check(all(0 <= o < len(sc.outcomes) and 0 <= m - lo < n for o, m in dist),
           sc, "a key (outcome, metric value) out of range")
    try:
        sc.exact_distribution("double")
    except FleeoddsError:
        pass
    else:
        _fail(sc, "exact_distribution('double') is not refused")


def agreement(counts: Iterable[int], p: Iterable[float]) -> tuple[np.ndarray, float, float]:
    """How Monte Carlo counts agree with exact probabilities.

    Parameters
    ----------
    counts : int array (n_outcomes,)
        Monte Carlo count of each outcome.
    p : float array (n_outcomes,)
        Exact probability of each outcome.

    Returns
    -------
    z : float64 array
        The z-score of each outcome of positive probability (0 where it is 1).
    stat, bound : float
        The chi-square statistic over those outcomes, and its :data:`CHI2_QUANTILE` quantile
        (``inf`` with fewer than two of them: no test).
    """
    from scipy.stats import chi2

    counts = np.asarray(counts, dtype=np.float64)
    p = np.asarray(p, dtype=np.float64)
    n = counts.sum()
    live = p > 0
    se = np.sqrt(n * p[live] * (1 - p[live]))
    z = np.where(se > 0, (counts[live] - n * p[live]) / np.where(se > 0, se, 1), 0.0)
    if live.sum() < 2:
        return z, 0.0, float("inf")
    stat = float(((counts[live] - n * p[live]) ** 2 / (n * p[live])).sum())
    return z, stat, float(chi2.ppf(CHI2_QUANTILE, live.sum() - 1))


def check_monte_carlo_agrees(scenario: Scenario, trials: int = 100_000, seed: int = 11) -> None:
    """The counting kernel agrees with the exact distribution: no count where the exact
    probability is 0, every outcome within :data:`Z_999`, and the joint chi-square below its
    99.9 % quantile."""
    sc = scenario
    if not sc.has_exact:
        return
    p = outcome_probabilities(sc)
    counts = np.asarray(sc.kernel()(seed, 0, trials)).sum(axis=1)
    _check(counts.sum() == trials, sc, f"the kernel counted {counts.sum()} trials of {trials}")
    _check(counts[p <= 0].sum() == 0, sc, "Monte Carlo reached an outcome of exact probability 0")
    z, stat, bound = agreement(counts, p)
    _check(np.all(np.abs(z) < Z_999), sc, f"Monte Carlo disagrees with exact: z = {np.round(z, 2)}")
    _check(stat < bound, sc, f"Monte Carlo disagrees with exact: chi-square {stat:.1f} >= {bound:.1f}")


def check_reproducible(scenario: Scenario, seed: int = 5, trials: int = 30_000) -> None:
    """Same seed, same counts of shape ``(n_outcomes, n_bins)`` and dtype int64: on 1 thread or more,
    and whatever the chunking of the trials."""
    import numba

    sc = scenario
    kernel = sc.kernel()
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = np.asarray(kernel(seed, 0, trials))
    finally:
        numba.set_num_threads(before)
    again = np.asarray(kernel(seed, 0, trials))
    a, b = trials // 4 + 1, trials // 2 + 7
    chunked = sum(np.asarray(kernel(seed, lo, hi - lo)) for lo, hi in ((0, a), (a, b), (b, trials)))
    _check(one.shape == (len(sc.outcomes), sc.metric.n_bins), sc, f"counts of shape {one.shape}")
    _check(one.dtype == np.int64, sc, f"counts of dtype {one.dtype}, not int64")
    _check(np.array_equal(one, again), sc, "counts depend on the number of threads")
    _check(np.array_equal(one, chunked), sc, "counts depend on how the trials are chunked")


def check_trial_kernel(scenario: Scenario, seed: int = 3, trials: int = 20_000) -> None:
    """The per-trial kernel (when there is one) replays the counting kernel, trial for trial."""
    sc = scenario
    if sc.has_trial_kernel:
        per_trial = np.asarray(sc.trial_kernel()(seed, 1000, trials))
        counted = np.asarray(sc.kernel()(seed, 1000, trials)).sum(axis=1)
        _check(np.array_equal(np.bincount(per_trial, minlength=len(sc.outcomes)), counted),
               sc, "the per-trial kernel does not replay the counting kernel")


def _frozen(value: Any) -> bool:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return value.__dataclass_params__.frozen and all(_frozen(getattr(value, f.name))
                                                         for f in dataclasses.fields(value))
    if isinstance(value, (tuple, frozenset)):
        return all(_frozen(v) for v in value)
    return not isinstance(value, (list, dict, set, bytearray, np.ndarray))


def check_plan(scenario: Scenario) -> None:
    """:attr:`~fleeodds.system.Scenario.plan` is None or frozen and hashable; the exact cache key is
    None or hashable; the scenario rebuilt from its source has an equal plan and key, and then the
    same outcomes and the same exact distribution."""
    sc = scenario
    plan = sc.plan
    _check(plan is None or _frozen(plan), sc, f"the plan is not frozen: {type(plan).__name__}")
    if plan is not None:
        hash(plan)
    key = sc.exact_cache_key()
    if key is not None:
        hash(key)
    again = rebuilt_from_source(sc)
    _check(again.plan == plan, sc, "the plan of the scenario rebuilt from its source differs")
    _check(again.exact_cache_key() == key, sc, "the exact cache key of the rebuilt scenario differs")
    if key is not None and sc.has_exact:
        _check(again.outcomes == sc.outcomes, sc, "equal cache keys, different outcomes")
        _check(exact(again, "float") == exact(sc, "float"), sc, "equal cache keys, different exact distributions")


def rebuilt_from_source(scenario: Scenario) -> Scenario:
    """The scenario loaded again from its own source, with the check scope it was loaded with
    (:attr:`~fleeodds.system.Scenario.check_only`: a setup's untouched fields were checked with its base)."""
    return get_system(scenario.system).load(scenario.source, scenario.base_dir, check_only=scenario.check_only)


def check_rebuild(scenario: Scenario) -> None:
    """Rebuilding from the source gives the same scenario; ``with_changes({})`` gives the base
    (without setups); each setup rebuilt from its own source is itself and has no setups."""
    sc = scenario
    again = rebuilt_from_source(sc)
    _check(again.describe() == sc.describe(), sc, "rebuilt from its source, describe() differs")
    _check(again.title == sc.title and again.outcomes == sc.outcomes, sc, "rebuilt, title or outcomes differ")
    same = sc.with_changes({})
    base = get_system(sc.system).load(sc.base_source(), sc.base_dir, check_only=frozenset())
    _check(same.describe() == base.describe(),
           sc, "with_changes({}) is not the base scenario")
    _check(not same.compare_setups(), sc, "with_changes keeps comparison setups")


def check_variants(scenario: Scenario) -> None:
    """Comparison setups: at most :data:`~fleeodds.system.MAX_SETUPS`, distinct labels in both
    languages, each of the same system and without setups of its own, and rebuilt from its own
    source it is itself."""
    sc = scenario
    variants = sc.variants()
    _check(len(variants) <= MAX_SETUPS, sc, f"{len(variants)} setups")
    labels = [str(v.name) for v in variants]
    _check(len(set(labels)) == len(labels), sc, f"setup labels repeat: {labels}")
    for v in variants:
        _check(all(v.label().render(lg) for lg in available_langs()), sc, "a setup without its labels")
        _check(v.scenario.system == sc.system, sc, f"setup {str(v.name)!r} of another system")
        _check(not v.scenario.variants(), sc, f"setup {str(v.name)!r} has setups of its own")
        rebuilt = rebuilt_from_source(v.scenario)
        _check(rebuilt.describe() == v.scenario.describe(), sc, f"setup {str(v.name)!r} rebuilt from its source differs")


# ----------------------------------------------------------------------------- the base class
_LOADED: dict[tuple[type, int], list[Scenario]] = {}


def _source_id(source: Any, k: int) -> str:
    if isinstance(source, dict):
        title = source.get("title")
        return str(title) if isinstance(title, str) and title else f"{source.get('system', 'scenario')}-{k}"
    path = Path(source)
    return path.as_posix() if not path.is_absolute() else f"{path.parent.name}/{path.name}"


class SystemContract:
    """Base class of a rules system's contract tests; subclass it with the system's scenarios.

    Attributes
    ----------
    system : str
        The system's key (registered, shipped, or installed through an entry point before the tests
        run: a ``setup_class`` may register it).
    sources : tuple
        Scenarios to check: dicts (a scenario file's content), paths of TOML files, or shipped
        example names (``"warhammer/goblins_broken_by_dwarfs.toml"``). Each is checked with its
        comparison setups.
    trials : int
        Monte Carlo trials of the agreement check.
    seed : int
        Seed of the agreement check.
    check_schemas : bool
        Whether to validate each source against the system's JSON Schema (needs jsonschema).
    """

    system: str = ""
    sources: tuple = ()
    trials: int = 100_000
    seed: int = 11
    check_schemas: bool = True

    def pytest_generate_tests(self, metafunc) -> None:
        """pytest's hook (a method of the class): one test per check and source."""
        if "case" in metafunc.fixturenames:
            import pytest  # only under pytest: this module is importable without it

            sources = list(self.sources)
            marks = [getattr(pytest.mark, m) for m in self.MARKS.get(metafunc.function.__name__, ())]
            metafunc.parametrize("case", [pytest.param(k, marks=marks) for k in range(len(sources))],
                                 ids=[_source_id(s, k) for k, s in enumerate(sources)])

    #: pytest markers of the heavy checks (the project's fast lane leaves ``slow`` out; ``statistical``
    #: marks a Monte Carlo against exact check)
    MARKS: dict[str, tuple[str, ...]] = {
        "test_monte_carlo_agrees_with_exact": ("slow", "statistical"), "test_reproducible": ("slow",),
        "test_trial_kernel": ("slow",), "test_exact_distribution": ("slow",), "test_schema": ("slow",),
        "test_rebuild_and_with_changes": ("slow",), "test_plan": ("slow",), "test_variants": ("slow",)}

    def cases(self, case: int) -> list[Scenario]:
        """The scenario of ``sources[case]`` and each of its setups, built once per class."""
        key = (type(self), case)
        if key not in _LOADED:
            from .loading import load_scenario

            _LOADED[key] = cases(load_scenario(self.sources[case]))
        return _LOADED[key]

    def scenario(self, case: int) -> Scenario:
        """The scenario of ``sources[case]``."""
        return self.cases(case)[0]

    # -- the tests -----------------------------------------------------------------------------
    def test_system_is_declared(self):
        check_declaration(self.system)
        if not self.sources:
            raise AssertionError(f"{type(self).__name__} gives no sources to check")

    def test_scenario_is_of_the_system(self, case):
        sc = self.scenario(case)
        _check(sc.system == self.system, sc, f"a scenario of {sc.system!r}, not {self.system!r}")

    def test_structure(self, case):
        for sc in self.cases(case):
            check_structure(sc)

    def test_schema(self, case):
        if self.check_schemas:
            check_schema(self.scenario(case))

    def test_exact_distribution(self, case):
        for sc in self.cases(case):
            check_exact_distribution(sc)

    def test_monte_carlo_agrees_with_exact(self, case):
        for sc in self.cases(case):
            check_monte_carlo_agrees(sc, self.trials, self.seed)

    def test_reproducible(self, case):
        check_reproducible(self.scenario(case))

    def test_trial_kernel(self, case):
        for sc in self.cases(case):
            check_trial_kernel(sc)

    def test_plan(self, case):
        for sc in self.cases(case):
            check_plan(sc)

    def test_rebuild_and_with_changes(self, case):
        check_rebuild(self.scenario(case))

    def test_variants(self, case):
        check_variants(self.scenario(case))
