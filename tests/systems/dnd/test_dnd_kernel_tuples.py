"""The D&D kernel's counting by raw-roll classes gives the counts of resolving every trial.

A counting run of a 3.5 or PF1 plan made of attacks only classifies each trial by the classes of
its lanes (a miss, or a plain hit of each damage) and resolves each tuple of classes once
(``fleeodds.systems.dnd.kernels.exchange._simulate_block``); ``make_kernel(tuples=False)`` resolves every
trial one by one. Both read the same dice, so the counts must be equal, cell for cell, on every
agreement case (those the shortcut does not apply to check that nothing else changed), and the
per-trial outcomes of the paired kernel must add up to the same outcome counts.
"""

from __future__ import annotations

import numpy as np
import pytest

from fleeodds.systems.dnd.kernels import exchange as K
from fleeodds.systems.dnd.scenarios import load_scenario
from fleeodds.systems.dnd.scenarios.exchange import benchmark_case

from .dnd_helpers import scenario
from .test_dnd_agreement import CASES

BENCH_VARIANTS = {
    "base": {},
    "multiply_one_roll": {"crit_damage_mode_35": "multiply_one_roll"},
    "no_confirmation": {"crit_confirmation": "none"},
    "massive_damage_20": {"massive_damage": True, "massive_damage_threshold": 20},
    "keep_attacking": {"stop_when_down": False},
}


def _n_tuples(sc) -> int:
    ev, specs, aoo, prm, outmap, mix = K._mixture(sc.first_plan, sc.components)
    return int(K._tables(ev, specs, aoo, prm, mix, False)[-1])


def _same(sc, trials=60_000, seed=5, start=3):
    a = K.make_kernel(sc.first_plan, sc.components)(seed, start, trials)
    b = K.make_kernel(sc.first_plan, sc.components, tuples=False)(seed, start, trials)
    assert a.sum() == trials
    np.testing.assert_array_equal(a, b)
    rec = K.make_trial_kernel(sc.first_plan, sc.components)(seed, start, trials)
    np.testing.assert_array_equal(np.bincount(rec, minlength=a.shape[0]), a.sum(axis=1))


@pytest.mark.parametrize("name", sorted(CASES))
def test_counting_by_classes_changes_no_count(name):
    _same(scenario(**CASES[name]))


@pytest.mark.parametrize("name", sorted(BENCH_VARIANTS))
def test_benchmark_variants_counted_by_classes(name):
    base = benchmark_case()
    src = dict(base.source)
    src["options"] = {**src.get("options", {}), **BENCH_VARIANTS[name]}
    sc = load_scenario(src)
    assert _n_tuples(sc) > 0  # the shortcut applies
    _same(sc, trials=200_000)


def test_the_shortcut_applies_where_it_should():
    counted = {name for name in CASES if _n_tuples(scenario(**CASES[name])) > 0}
    assert counted  # some 3.5/PF1 cases are counted by classes ...
    assert not any(CASES[n].get("edition", "3.5").startswith("5e")
                   for n in counted)  # ... and no 5e one (advantage on a downed runner)
