"""Warhammer kernel: the fast paths give the very counts of resolving every trial, for every shipped
example, the charge situations and the chains of a unit already fleeing: the one-exchange path
(raw-roll pairs counted, folded into outcomes once) and the chain path (first exchanges counted by
pairs, later turns read from a table of raw rolls)."""

from __future__ import annotations

import numpy as np
import pytest

import fleeodds
from fleeodds.systems.warhammer.kernels import flee as K
from fleeodds.systems.warhammer import outcomes as oc
from fleeodds.systems.warhammer.scenarios.fight import FightScenario

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


_CHAIN = {"system": "warhammer", "situation": "fleeing",
          "fleeing": {"name": "Ld6 unit", "movement": 4, "leadership": 6},
          "pursuer": {"profile": "Dwarf Warriors"}, "table": {"edge_distance": 12, "max_turns": 10}}
CHAINS = [  # a unit already fleeing, pursued, then rallying or fleeing again for up to max_turns turns
    _CHAIN,  # the benchmark's chain
    {**_CHAIN, "edition": "8th", "fleeing": {**_CHAIN["fleeing"], "battle_standard": True}},  # rally re-roll
    {**_CHAIN, "fleeing": {**_CHAIN["fleeing"], "rules": ["cold_blooded"]}},  # 3D6, two lowest kept
    {**_CHAIN, "edition": "8th", "fleeing": {**_CHAIN["fleeing"], "models_left": 2, "models_start": 20}},  # 1-1 only
    {**_CHAIN, "edition": "6th", "fleeing": {**_CHAIN["fleeing"], "models_left": 2, "models_start": 20}},  # no rally
    {**_CHAIN, "edition": "8th", "fleeing": {"name": "Riders", "movement": 8, "leadership": 7,
                                             "rules": ["swiftstride"]}},  # 3D6 flee, highest two
    {**_CHAIN, "edition": "tow"},
    {**_CHAIN, "options": {"edge_contact": "leave"}},
    {**_CHAIN, "table": {"edge_distance": 9.5, "max_turns": 10, "gap": 2}},
    {**_CHAIN, "table": {"max_turns": 3}},  # no table edge
    {**_CHAIN, "table": {"edge_distance": 40, "max_turns": 1}},
    {**_CHAIN, "table": {"edge_distance": 30, "max_turns": 5, "chaser_keeps_charging": True}},  # a charger
]


def _scenarios():
    out = [fleeodds.load_scenario(d) for d in EXCHANGES + CHAINS]
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
    for d in CHAINS:
        sc = fleeodds.load_scenario(d)
        assert K.pack(sc.rules, sc.metric.n_bins)[0][K.I_PAIR_KIND] == K.PAIR_CHAIN, d


def test_the_turn_table_is_a_hand_written_turn():
    """The benchmark chain's turn table: Ld 6 on 2D6 rallies on 15 of 36 rolls; a failed roll flees 2D6
    toward the 12" edge. Checked against a hand enumeration of the two dice of each lane."""
    sc = fleeodds.load_scenario(_CHAIN)
    ints, tests, floats, flee = K.pack(sc.rules, sc.metric.n_bins)[:4]
    rally = K._rally_table(tests, ints[K.I_RALLY_MODE])
    turns = K._turn_table(rally, flee, floats[K.F_EDGE], ints[K.I_EDGE_STRICT])
    assert rally.sum() == 15 and turns.shape == (13, 36 * 36)
    for c in range(13):
        for vr in range(36):
            for vf in range(36):
                a, b = vr % 6 + 1, vr // 6 + 1  # the two dice of the rally lane, in the order lanes read them
                f = vf % 6 + 1 + vf // 6 + 1
                want = -1 - oc.RALLIED if a + b <= 6 else (-1 - oc.OFF_TABLE if c + f >= 12 else c + f)
                assert turns[c, vr * 36 + vf] == want


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
