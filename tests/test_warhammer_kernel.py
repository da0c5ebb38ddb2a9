"""Warhammer kernel: the one-exchange fast path (raw-roll pairs counted, folded into outcomes once)
gives the very counts of resolving every trial, for every shipped example and the charge situations."""

from __future__ import annotations

import numpy as np
import pytest

import fleeodds
from fleeodds.systems.warhammer import kernel as K
from fleeodds.systems.warhammer.fight import FightScenario

EXCHANGES = [  # a fleeing unit with no later turn (max_turns = 0) is one exchange
    {"system": "warhammer", "situation": "fleeing", "fleeing": {"profile": "Night Goblins"},
     "pursuer": {"profile": "Dwarf Warriors"}, "table": {"max_turns": 0}},
    {"system": "warhammer", "situation": "fleeing", "fleeing": {"profile": "Night Goblins"},
     "pursuer": {"profile": "Dwarf Warriors"}, "table": {"edge_distance": 7, "max_turns": 0}},
    {"system": "warhammer", "situation": "charge_fleeing", "edition": "8th",
     "fleeing": {"profile": "Night Goblins"}, "pursuer": {"profile": "Dwarf Warriors"}, "table": {"gap": 3}},
    {"system": "warhammer", "situation": "flee_reaction", "fleeing": {"profile": "Night Goblins"},
     "pursuer": {"profile": "Dwarf Warriors"}, "table": {"gap": 4, "edge_distance": 9}},
]


def _scenarios():
    out = [fleeodds.load_scenario(d) for d in EXCHANGES]
    for path in fleeodds.list_examples():
        if "warhammer" in str(path):
            sc = fleeodds.load_scenario(path)
            if isinstance(sc, FightScenario):  # a round of combat: its chains run this kernel (checked above)
                continue
            out += [sc] + [v.scenario for v in sc.variants()]
    return out


def test_the_fast_path_is_taken_for_a_single_exchange():
    for d in EXCHANGES:
        sc = fleeodds.load_scenario(d)
        ints = K.pack(sc.rules, sc.metric.n_bins)[0]
        assert ints[K.I_PAIR_KIND] != K.PAIR_NONE, d


@pytest.mark.parametrize("start,n", [(0, 70_000), (123_457, 150_001)])
def test_fast_path_counts_equal_trial_by_trial_counts(start, n):
    for sc in _scenarios():
        fast = K.run(*K.pack(sc.rules, sc.metric.n_bins), 11, start, n)
        slow = K.run(*K.pack(sc.rules, sc.metric.n_bins, pairs=False), 11, start, n)
        assert np.array_equal(fast, slow), sc.title
        assert fast.sum() == n
        rec = K.run_trials(*K.pack(sc.rules, sc.metric.n_bins), 11, start, n)
        assert np.array_equal(np.bincount(rec, minlength=fast.shape[0]), fast.sum(axis=1)), sc.title


def test_a_trial_whose_lane_may_be_rejected_is_resolved_one_by_one():
    # seed 0, trial 0 has key 0: both lanes are 0, below the rejection threshold of 36 (4), so the
    # trial reads lanes 2 and 3; the fast path must send it to the trial-by-trial resolution
    sc = fleeodds.load_scenario(EXCHANGES[0])
    fast = K.run(*K.pack(sc.rules, sc.metric.n_bins), 0, 0, 1)
    slow = K.run(*K.pack(sc.rules, sc.metric.n_bins, pairs=False), 0, 0, 1)
    assert np.array_equal(fast, slow) and fast.sum() == 1
