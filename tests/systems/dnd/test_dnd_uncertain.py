"""Uncertain opponents: a runner's AC or an enemy's attack bonus given as a list, a range or dice is one
run, the mixture of its values; exact against a hand enumeration, Monte Carlo against exact."""

from __future__ import annotations

from fractions import Fraction

import pytest

import fleeodds
from fleeodds.errors import FleeoddsError

from .dnd_helpers import assert_agree, exact_by_outcome, scenario


def p_hit_5e(bonus: int, ac: int) -> Fraction:
    """A 5e attack by hand: a natural 20 hits, a natural 1 misses, otherwise d20 + bonus >= AC."""
    return Fraction(sum(1 for f in range(1, 21) if f == 20 or (f != 1 and f + bonus >= ac)), 20)


def orc_vs(ac, bonus=5):
    return scenario(edition="5e2014", mode="move", metric="hits", runner={"hp": 100, "ac": ac},
                    enemies=[{"attack_bonus": bonus, "damage": "1d12+3"}])


@pytest.mark.parametrize("ac, values", [
    ("14-20", {a: Fraction(1, 7) for a in range(14, 21)}),
    ([14, 14, 18], {14: Fraction(2, 3), 18: Fraction(1, 3)}),
    ("1d4+14", {a: Fraction(1, 4) for a in range(15, 19)}),
])
def test_uncertain_ac_is_the_mixture(ac, values):
    sc = orc_vs(ac)
    want = sum((w * p_hit_5e(5, a) for a, w in values.items()), Fraction(0))
    assert sc.summary()["hits"][1] == want
    # the exact distribution is the weighted sum of the plain scenarios'
    mix: dict = {}
    for a, w in values.items():
        for k, p in orc_vs(a).exact_distribution("fraction").items():
            mix[k] = mix.get(k, 0) + w * p
    assert sc.exact_distribution("fraction") == mix


@pytest.mark.statistical
def test_uncertain_attack_bonus_and_ac_together():
    sc = orc_vs("14-15", bonus=[4, 6])
    want = sum((Fraction(1, 4) * p_hit_5e(b, a) for a in (14, 15) for b in (4, 6)), Fraction(0))
    assert sc.summary()["hits"][1] == want
    assert_agree(sc, trials=200_000)


@pytest.mark.statistical
def test_monte_carlo_agrees_with_the_mixture():
    assert_agree(orc_vs("12-20"), trials=200_000)
    sc = scenario(edition="3.5", mode="move", runner={"hp": 12, "ac": [12, 17]},
                  enemies=[{"preset": "srd35_orc_falchion"}, {"preset": "srd35_ogre", "attack_bonus": "1d4+6"}])
    assert_agree(sc, trials=200_000)


def test_the_example_is_one_run():
    from fleeodds.api import list_examples

    p = next(x for x in list_examples() if x.name == "orc_attack_unknown_ac_5e.toml")
    sc = fleeodds.load_scenario(p)
    per = exact_by_outcome(sc)
    assert sum(per.values()) == 1
    assert sc.describe()["uncertain"][0]["field"] == "runner.ac"


@pytest.mark.parametrize("runner, enemy, field", [
    ({"hp": 5, "ac": []}, {}, "runner.ac"),
    ({"hp": 5, "ac": "20-14"}, {}, "runner.ac"),
    ({"hp": 5, "ac": "55-70"}, {}, "runner.ac"),
    ({"hp": 5, "ac": "tough"}, {}, "runner.ac"),
    ({"hp": 5, "ac": [12, 1.5]}, {}, "runner.ac"),
    ({"hp": 5, "ac": 12}, {"attack_bonus": "3-99"}, "enemies.0.attack_bonus"),
])
def test_bad_uncertain_values_are_named(runner, enemy, field):
    with pytest.raises(FleeoddsError) as err:
        fleeodds.load_scenario({"system": "dnd", "edition": "5e2014", "runner": runner,
                                "enemies": [{"preset": "srd51_orc", **enemy}]})
    assert str(err.value).startswith(field + ":"), str(err.value)
