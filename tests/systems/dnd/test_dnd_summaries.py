"""Exact direct answers as summaries: no attack of opportunity, P(critical), the hits distribution;
every summary value a Fraction in fraction mode; the hits metric agrees with Monte Carlo."""

from __future__ import annotations

from fractions import Fraction

import pytest

from .dnd_helpers import assert_agree, metric_exact, scenario


def two_orcs(**extra):
    # 3.5, AC 10, attack +0, damage 1, threat 20 x2: faces 10-20 hit (11/20); a natural 20 threatens and
    # the confirmation hits with 11/20. 100 HP: nobody drops.
    e = {"attack_bonus": 0, "damage": "1"}
    return scenario(edition="3.5", mode="move", runner={"hp": 100, "ac": 10}, enemies=[e, dict(e)], **extra)


def test_hits_and_criticals_by_hand():
    s = two_orcs().summary("fraction")
    hit = Fraction(11, 20)
    crit = Fraction(1, 20) * Fraction(11, 20)
    assert s["hits"] == {0: (1 - hit) ** 2, 1: 2 * hit * (1 - hit), 2: hit ** 2}
    assert s["mean_hits"] == 2 * hit
    assert s["p_critical"] == 1 - (1 - crit) ** 2
    assert s["p_no_attack"] == 0 and s["attacks"] == {2: 1}
    assert all(isinstance(v, Fraction) for k, v in s.items() if not isinstance(v, dict))
    assert all(isinstance(p, Fraction) for k in ("hits", "attacks") for p in s[k].values())


def test_no_attack_provoked_is_exact():
    # withdraw from one visible adjacent orc: its square is exempt, no attack at all
    sc = scenario(edition="3.5", mode="withdraw", runner={"hp": 5, "ac": 12},
                  enemies=[{"preset": "srd35_orc_falchion"}])
    s = sc.summary("fraction")
    assert s["p_no_attack"] == Fraction(1) and s["hits"] == {0: 1} and s["p_critical"] == 0


def test_5e_critical_is_the_natural_20():
    sc = scenario(edition="5e2014", mode="move", runner={"hp": 100, "ac": 30},
                  enemies=[{"attack_bonus": 0, "damage": "1d4"}])
    s = sc.summary("fraction")
    assert s["p_critical"] == Fraction(1, 20) and s["hits"] == {0: Fraction(19, 20), 1: Fraction(1, 20)}


@pytest.mark.statistical
@pytest.mark.parametrize("edition, enemies", [
    ("3.5", [{"preset": "srd35_orc_falchion"}, {"preset": "srd35_orc_falchion", "threatens_start": False}]),
    ("5e2014", [{"preset": "srd51_orc"}, {"preset": "srd51_wolf"}]),
])
def test_hits_metric_agrees_with_monte_carlo(edition, enemies):
    runner = {"preset": "srd35_fighter_1"} if edition == "3.5" else {"preset": "srd5_fighter_1"}
    sc = scenario(edition=edition, mode="move", runner=runner, enemies=enemies, metric="hits")
    assert sc.metric.code == "hits"
    assert metric_exact(sc) == sc.summary("fraction")["hits"]
    assert_agree(sc, trials=200_000)
