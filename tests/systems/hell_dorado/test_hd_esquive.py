"""Esquive X against a charge (rules digest §4; Sapience wiki "Capacités spéciales / Esquive X"):
1d6 <= X moves the defender away and the charger stops at contact, so no pass is fought.

Every probability here is derived by hand in the test: P(dodge) = X/6, and otherwise the pass
as if there were no Esquive (one die hitting DEF 4 on 4+: 1/2)."""

from fractions import Fraction

import numpy as np
import pytest

from fleeodds import FleeoddsError, engine, load_scenario

from ...conftest import assert_mc_agrees
from .conftest import noted


def passe(x=2, charge=True, defender=None, passe_extra=None, riposte=False, report="kills"):
    return load_scenario(passe_data(x, charge, defender, passe_extra, riposte, report))


def passe_data(x=2, charge=True, defender=None, passe_extra=None, riposte=False, report="kills"):
    """The table of :func:`passe`: Chargeur (1 die, 3 damage) against Esquiveur (DEF 4, PV 3, Esquive x)."""
    d = {"system": "hell_dorado", "type": "passe",
         "attacker": {"name": "Chargeur", "cbt": 1, "weapons": [{"name": "w", "damage": [3, 3, 3, 3, 3]}]},
         "defender": {"name": "Esquiveur", "cbt": 1, "def": 4, "pro": 0, "pv": 3,
                      "capacities": [f"Esquive {x}"] if x else [],
                      "weapons": [{"name": "d", "damage": [1, 1, 1, 1, 1]}], **(defender or {})},
         "passe": {"riposte": riposte, "report": report, **({"charge": True} if charge else {}),
                   **(passe_extra or {})}}
    return d


def probs(sc):
    out = {}
    for (o, _), p in sc.exact_distribution("fraction").items():
        out[sc.outcomes[o].code] = out.get(sc.outcomes[o].code, Fraction(0)) + p
    return out


@pytest.mark.parametrize("x", [1, 2, 3, 4, 5, 6])
def test_esquive_x_over_6_then_the_pass(x):
    # dodge X/6; else one die on 4+ (1/2) deals 3 >= PV 3: killed
    q = Fraction(x, 6)
    p = probs(passe(x))
    assert p["dodged"] == q
    assert p.get("killed", 0) == (1 - q) * Fraction(1, 2)
    assert p.get("unharmed", 0) == (1 - q) * Fraction(1, 2)


@pytest.mark.statistical
def test_esquive_monte_carlo_agrees():
    sc = passe(2)
    n = 200_000
    sim = engine.simulate(sc.kernel(), trials=n, seed=11, progress=False)
    for code, p in {"dodged": 1 / 3, "killed": 1 / 3, "unharmed": 1 / 3}.items():
        assert_mc_agrees(int(sim.outcome_counts[sc.outcome_index(code)]), n, p, code)
    trials = sc.trial_kernel()(11, 0, 5000)
    counts = sc.kernel()(11, 0, 5000).sum(axis=1)
    assert np.array_equal(np.bincount(trials, minlength=len(sc.outcomes)), counts)


def test_esquive_with_a_riposte_the_dodge_cancels_both_sides():
    # duel: the defender's riposte (1 die, 4+ on DEF 4 attacker, 1 damage vs PV 3) kills nobody;
    # dodge 3/6; else the attacker kills on 1/2
    d = {"system": "hell_dorado", "type": "passe",
         "attacker": {"name": "A", "cbt": 1, "def": 4, "pv": 3, "weapons": [{"name": "w", "damage": [3, 3, 3, 3, 3]}]},
         "defender": {"name": "B", "cbt": 1, "def": 4, "pv": 3, "capacities": ["Esquive 3"],
                      "weapons": [{"name": "d", "damage": [1, 1, 1, 1, 1]}]},
         "passe": {"charge": True}}
    p = probs(load_scenario(d))
    assert p["dodged"] == Fraction(1, 2)
    assert p["defender_killed"] == Fraction(1, 4)
    assert p["none_killed"] == Fraction(1, 4)


@pytest.mark.parametrize("why", [{"defender": {"engaged": True}}, {"defender": {"state": "Mis au sol"}},
                                 {"defender": {"state": "Immobilisé"}}, {"passe_extra": {"esquive_used": True}}])
def test_no_esquive_when_engaged_down_immobilised_or_already_used(why):
    sc = passe(2, **why)
    assert "dodged" not in [o.code for o in sc.outcomes]
    assert probs(sc) == {"killed": Fraction(1, 2), "unharmed": Fraction(1, 2)}


def test_esquive_without_a_charge_is_noted_by_name():
    # no charge: the pass as if there were no Esquive, one die on 4+ (1/2) kills
    sc, _ = noted(passe_data(2, charge=False), "defender.capacities: 'Esquive 2' has no effect unless passe.charge "
                  "= true")
    assert probs(sc) == {"killed": Fraction(1, 2), "unharmed": Fraction(1, 2)}


def test_charge_without_esquive_is_noted_by_name():
    sc, _ = noted(passe_data(0), "passe.charge: true has no effect in this passe (the defender has no Esquive X")
    assert probs(sc) == {"killed": Fraction(1, 2), "unharmed": Fraction(1, 2)}


def test_esquive_above_6_is_refused_and_in_a_fuite_noted():
    with pytest.raises(FleeoddsError, match=r"defender\.capacities\.0.*1 to 6"):
        passe(7)
    d = {"system": "hell_dorado", "fleeing": {"name": "F", "def": 4, "pv": 3, "capacities": ["Esquive 2"]},
         "adversaries": [{"name": "A", "cbt": 3, "weapons": [{"name": "w", "damage": [1, 2, 3, 4, 5]}]}]}
    # Esquive X is modelled, and cannot be used by an engaged fighter: a note, the Fuite as without it
    sc, _ = noted(d, "fleeing.capacities.0: 'Esquive 2' has no effect in a Fuite (Esquive X is not allowed to an "
                  "engaged fighter")
    without = {**d, "fleeing": {"name": "F", "def": 4, "pv": 3}}
    assert sc.exact_distribution("fraction") == load_scenario(without).exact_distribution("fraction")


@pytest.mark.parametrize("cap", ["Insaisissable", "Arpenteur"])
def test_insaisissable_and_arpenteur_stay_refused_with_the_reason(cap):
    d = {"system": "hell_dorado", "fleeing": {"name": "F", "def": 4, "pv": 3, "capacities": [cap]},
         "adversaries": [{"name": "A", "cbt": 3, "weapons": [{"name": "w", "damage": [1, 2, 3, 4, 5]}]}]}
    with pytest.raises(FleeoddsError, match=r"fleeing\.capacities\.0.*could not be found"):
        load_scenario(d)


def test_passe_summary_reports_the_damage_distribution():
    s = passe(2).summary("fraction")
    assert s["esquive_probability"] == Fraction(1, 3)
    assert s["damage_dealt"] == {0: Fraction(1, 2), 3: Fraction(1, 2)}
