"""The absorbing Markov chain solver against closed forms derived by hand."""

from fractions import Fraction

import pytest

from fleeodds.errors import FleeoddsError
from fleeodds.exact import Absorb, AbsorbingChain


def _gamblers_ruin(p: Fraction, n: int):
    """Walk on 0..n from 1: up with p, down with 1-p; absorbed at 0 (outcome 0) or n (outcome 1)."""

    def step(k):
        for q, j in ((p, k + 1), (1 - p, k - 1)):
            yield q, Absorb(0) if j == 0 else Absorb(1) if j == n else j

    return AbsorbingChain(1, step)


@pytest.mark.parametrize("p,n", [(Fraction(1, 2), 5), (Fraction(1, 3), 4), (Fraction(3, 5), 6)])
def test_cyclic_chain_matches_gamblers_ruin_formula(p, n):
    # P(reach n from 1) = (1 - r) / (1 - r**n) with r = (1-p)/p, or 1/n when p = 1/2 (Feller, vol. I, XIV.2)
    r = (1 - p) / p
    expected = Fraction(1, n) if p == Fraction(1, 2) else (1 - r) / (1 - r**n)
    chain = _gamblers_ruin(p, n)
    exact = chain.absorption("fraction")
    assert exact[Absorb(1)] == expected
    assert exact[Absorb(0)] == 1 - expected
    assert chain.absorption("float")[Absorb(1)] == pytest.approx(float(expected), abs=1e-12)


def test_acyclic_chain_two_coin_flips():
    # state = flips done; outcome = number of heads after two fair flips: 1/4, 1/2, 1/4
    def step(s):
        k, heads = s
        for q, h in ((Fraction(1, 2), heads + 1), (Fraction(1, 2), heads)):
            yield q, Absorb(h) if k == 1 else (k + 1, h)

    res = AbsorbingChain((0, 0), step).absorption("fraction")
    assert res == {Absorb(2): Fraction(1, 4), Absorb(1): Fraction(1, 2), Absorb(0): Fraction(1, 4)}


def test_probabilities_must_sum_to_one():
    with pytest.raises(FleeoddsError, match="sum to"):
        AbsorbingChain(0, lambda s: [(Fraction(1, 2), Absorb(0))])
