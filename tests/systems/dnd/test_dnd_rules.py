"""The public sub-results: exact values, and an independent numpy Monte Carlo where sensible."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from fleeodds.errors import InputError
from fleeodds.systems.dnd.plan.rules import (DamageRule, attack_outcome, combat_maneuver_probability, damage_pmf,
                                             death_save_outcomes, dying_survival_35, dying_survival_pf, face_weights,
                                             hit_probability, parse_threat_range, save_probability,
                                             skill_check_probability, tumble_all_succeed, tumble_dcs)

from .dnd_helpers import Z999

RNG = np.random.default_rng(20240601)


def within(p: Fraction | float, k: int, n: int):
    p = float(p)
    se = math.sqrt(p * (1 - p) / n)
    assert abs(k / n - p) < Z999 * se + 1e-12, f"MC {k / n} vs exact {p}"


def test_face_weights():
    for adv in (-1, 0, 1):
        w = face_weights(adv)
        assert sum(w.values()) == 1
    assert face_weights(1)[20] == Fraction(39, 400)
    assert face_weights(-1)[1] == Fraction(39, 400)


def test_natural_1_and_20_per_face():
    assert hit_probability(30, 10) == Fraction(19, 20)     # natural 1 still misses
    assert hit_probability(-10, 40) == Fraction(1, 20)     # natural 20 still hits


@pytest.mark.statistical
@pytest.mark.parametrize("adv", [-1, 1])
def test_5e_attack_with_advantage_mc(adv):
    odds = attack_outcome("5e2014", 5, 15, "19-20", advantage=adv)
    n = 1_000_000
    a, b = RNG.integers(1, 21, n), RNG.integers(1, 21, n)
    f = np.maximum(a, b) if adv > 0 else np.minimum(a, b)
    crit = f >= 19
    hit = ~crit & (f != 1) & ((f == 20) | (f + 5 >= 15))
    within(odds.crit, int(crit.sum()), n)
    within(odds.hit, int(hit.sum()), n)


def test_5e_auto_crit_against_unconscious():
    odds = attack_outcome("5e2014", 4, 15, advantage=1, auto_crit=True)
    assert odds.hit == 0 and odds.crit == hit_probability(4, 15, advantage=1)


@pytest.mark.statistical
def test_35_attack_outcome_with_concealment_mc():
    odds = attack_outcome("3.5", 4, 12, "18-20", concealment=20)
    n = 1_000_000
    a, b = RNG.integers(1, 21, n), RNG.integers(1, 21, n)
    h = lambda f: (f != 1) & ((f == 20) | (f + 4 >= 12))  # noqa: E731
    conceal = RNG.integers(0, 100, n) < 20
    crit = h(a) & (a >= 18) & h(b) & ~conceal
    hit = h(a) & ~crit & ~conceal
    within(odds.crit, int(crit.sum()), n)
    within(odds.hit, int(hit.sum()), n)


def test_skill_checks_have_no_automatic_results():
    assert skill_check_probability(0, 25) == 0
    assert skill_check_probability(0, 25, natural_20_auto=True) == Fraction(1, 20)
    assert skill_check_probability(30, 10) == 1


def test_tumble_dcs():
    assert tumble_dcs([15, 15, 15]) == [15, 17, 19]
    assert tumble_dcs([14, 14], full_speed=True) == [24, 26]


@pytest.mark.statistical
def test_acrobatics_mc():
    n = 1_000_000
    d1, d2 = RNG.integers(1, 21, n), RNG.integers(1, 21, n)
    ok = (d1 + 7 >= 14) & (d2 + 7 >= 16)
    within(tumble_all_succeed(7, [14, 16]), int(ok.sum()), n)


def test_combat_maneuver_and_saves():
    assert combat_maneuver_probability(0, 40) == Fraction(1, 20)
    assert combat_maneuver_probability(40, 10) == Fraction(19, 20)
    assert save_probability(0, 15, True) == Fraction(6, 20)
    assert save_probability(-5, 30, True) == Fraction(1, 20)
    assert save_probability(-5, 30, False) == 0


def test_death_save_outcomes():
    r = death_save_outcomes(0, 0)
    assert sum(r.values()) == 1
    assert r["stable"] + r["revived"] == Fraction(4761, 8000)
    r = death_save_outcomes(2, 2)
    assert r == {"stable": Fraction(10, 20), "revived": Fraction(1, 20), "dead": Fraction(9, 20)}
    with pytest.raises(InputError):
        death_save_outcomes(0, 3)


@pytest.mark.statistical
def test_dying_35_closed_form_and_mc():
    for hp in (-1, -5, -9):
        assert dying_survival_35(hp) == 1 - Fraction(9, 10) ** (hp + 10)
    n = 400_000
    h = np.full(n, -3)
    open_ = np.ones(n, bool)
    stable = np.zeros(n, bool)
    while open_.any():
        s = open_ & (RNG.integers(0, 100, n) < 10)
        stable |= s
        open_ &= ~s
        h = h - open_
        open_ &= h > -10
    within(dying_survival_35(-3), int(stable.sum()), n)


@pytest.mark.statistical
def test_dying_pf_mc():
    exact = dying_survival_pf(-2, 12)
    n = 400_000
    h = np.full(n, -2)
    open_ = np.ones(n, bool)
    stable = np.zeros(n, bool)
    while open_.any():
        d = RNG.integers(1, 21, n)
        s = open_ & ((d == 20) | (d + 1 + h >= 10))
        stable |= s
        open_ &= ~s
        h = h - open_
        open_ &= h > -12
    within(exact, int(stable.sum()), n)


def test_damage_crit_modes_same_mean_different_spread():
    rule = DamageRule("3.5")
    reroll = damage_pmf("1d12+4", rule, crit=True, multiplier=3)
    mult = damage_pmf("1d12+4", DamageRule("3.5", crit_mode="multiply_one_roll"), crit=True, multiplier=3)
    mean = lambda d: sum(v * p for v, p in d.items())  # noqa: E731
    assert mean(reroll) == mean(mult) == Fraction(63, 2)
    assert min(reroll) == 15 and min(mult) == 15 and max(mult) == 48 and 16 in reroll and 16 not in mult


def test_damage_minimum_and_5e_crit():
    d = damage_pmf("1d4-2", DamageRule("3.5"))
    assert d == {1: Fraction(3, 4), 2: Fraction(1, 4)}
    d = damage_pmf("1d4-2", DamageRule("3.5", min_damage_1=False))
    assert d == {0: Fraction(1, 2), 1: Fraction(1, 4), 2: Fraction(1, 4)}
    crit = damage_pmf("1d12+3", DamageRule("5e2014"), crit=True)
    assert min(crit) == 5 and max(crit) == 27          # 2d12 + 3, modifier once
    sneak = damage_pmf("1d6", DamageRule("3.5"), crit=True, multiplier=2, extra="1d6")
    assert max(sneak) == 18                               # 2 x 1d6 + 1d6 not multiplied


def test_threat_range_parsing():
    assert parse_threat_range("19-20") == 19 == parse_threat_range(19)
    assert parse_threat_range("20") == 20 == parse_threat_range(20)
    for bad in ("21-20", "20-19", "1-20", "19", 21, True, "x"):
        with pytest.raises(InputError):
            parse_threat_range(bad)
