"""Dice notation: exact PMFs against the Warhammer oracle distributions and hand counts,
Monte Carlo sampling against the exact PMFs, and malformed notation."""

from fractions import Fraction

import numpy as np
import pytest
from numba import njit, prange
from scipy import stats

from fleeodds import dice
from fleeodds.engine import simulate
from fleeodds.kernel_tools import block_range, n_blocks, roll
from fleeodds.errors import InputError
from fleeodds.rng import trial_key

from tests.conftest import oracle_cases

ORACLE_ROLLS = {"2D6": "2d6", "max2D6": "max(2d6)", "3D6 drop lowest": "3D6dl"}


@pytest.mark.parametrize("case", [c for c in oracle_cases("warhammer") if "distribution" in c], ids=lambda c: c["id"])
def test_oracle_distributions(case):
    pmf = dice.pmf(ORACLE_ROLLS[case["parameters"]["roll"]])
    expected = {int(k): Fraction(v) for k, v in case["distribution"].items()}
    assert pmf == expected
    assert sum(v * p for v, p in pmf.items()) == Fraction(case["mean"])


def test_hand_counted_pmfs():
    # 3d6 has 27 ways of making 10 out of 216 (classic table); 1d12+4 is uniform on 5..16
    assert dice.pmf("3d6")[10] == Fraction(27, 216)
    assert dice.pmf("1d12+4") == {v: Fraction(1, 12) for v in range(5, 17)}
    # keep the two lowest of 3d6 is the mirror image of keep the two highest: P(kl2 = k) = P(kh2 = 14 - k)
    kh, kl = dice.pmf("3d6kh2"), dice.pmf("3d6kl2")
    assert all(kl[k] == kh[14 - k] for k in kl)
    # max2D6+D6: P(total = 2) needs both max dice 1 (1/36) and the d6 = 1 (1/6)
    assert dice.pmf("max2D6+D6")[2] == Fraction(1, 216)
    assert dice.pmf("2d6-1") == {v - 1: p for v, p in dice.pmf("2d6").items()}


@pytest.mark.parametrize("text,expected", [("3D6dl", "3d6kh2"), ("3d6dh", "3d6kl2"), ("max2D6", "2d6kh1"),
                                           ("max(2d6)", "2d6kh1"), ("min(2d6)", "2d6kl1"), ("D6", "1d6"),
                                           ("2d6+1d6+2", "2d6+1d6+2")])
def test_aliases(text, expected):
    assert str(dice.parse(text)) == expected


@pytest.mark.parametrize("bad", ["2d", "d", "2x6", "3d6kh4", "max(2d6", "2d6+", "", "0d6", "2d0", "65d6",
                                 "3d6kh", "2d6 3", "kh2", "max(3)", "1.5d6", "10d6kh3"])
def test_malformed_notation_names_field_and_allowed(bad):
    with pytest.raises(InputError) as exc:
        dice.parse(bad, field="options.flee_roll")
    msg = str(exc.value)
    assert "options.flee_roll" in msg and repr(bad) in msg


@njit(parallel=True, cache=True)
def _sample_totals(spec, offset, n_values, seed, start, n):
    nb = n_blocks(n)
    out = np.zeros((nb, n_values, 1), np.int64)
    for b in prange(nb):
        lo, hi = block_range(b, start, n)
        for t in range(lo, hi):
            v, _ = roll(spec, trial_key(seed, t), 0)
            v = min(max(v - offset, 0), n_values - 1) + offset  # out of range lands in an end bin: caught below
            out[b, v - offset, 0] += 1
    return out.sum(axis=0)


@pytest.mark.statistical
@pytest.mark.parametrize("text", ["2d6", "3d6kh2", "3d6kl2", "max(2d6)+1d6", "1d12+4", "4d6kh3", "10d6",
                                  "3d20-2d4", "1d1000"])
def test_sampling_matches_exact_pmf(text):
    expr = dice.parse(text)
    pmf = expr.pmf()
    lo, hi = expr.min_value, expr.max_value
    n = 300_000
    sim = simulate(lambda s, a, k: _sample_totals(expr.encode(), lo, hi - lo + 1, s, a, k), trials=n, seed=11,
                   progress=False)
    observed = sim.outcome_counts
    expected = np.array([float(pmf.get(v, 0)) for v in range(lo, hi + 1)]) * n
    keep = expected > 5  # chi-square needs populated cells; rare tails are checked by their sum below
    assert observed[expected == 0].sum() == 0
    observed = np.append(observed[keep], observed[~keep].sum())
    expected = np.append(expected[keep], expected[~keep].sum())
    if expected[-1] == 0:
        observed, expected = observed[:-1], expected[:-1]
    # chi-square goodness of fit; fails 1 time in 1000 if the sampler is right
    chi2 = stats.chisquare(observed, expected)
    assert chi2.pvalue > 1e-3, (text, chi2)
