"""CBT above 10 (Sapience): at most 5 dice rolled and 5 re-rolled, and each die past the 10th is
1 automatic damage that ignores PRO and applies even with 0 hits (rules digest §2, §7
overflow_auto_damage). Probabilities derived by hand here."""

from fractions import Fraction

import pytest

from fleeodds import FleeoddsError, engine, load_scenario

from ...conftest import assert_mc_agrees


def flee(cbt, pv, def_modifier=0, options=None):
    d = {"system": "hell_dorado",
         "fleeing": {"name": "F", "def": 6, "pro": 3, "pv": pv},
         "adversaries": [{"name": "A", "cbt": cbt, "weapons": [{"name": "w", "damage": [1, 2, 3, 4, 5]}]}],
         "fuite": {"def_modifier": def_modifier}}
    if options:
        d["options"] = options
    return load_scenario(d)


def probs(sc):
    out = {}
    for (o, dmg), p in sc.exact_distribution("fraction").items():
        out[(sc.outcomes[o].code, dmg)] = out.get((sc.outcomes[o].code, dmg), Fraction(0)) + p
    return out


def test_cbt_12_never_hitting_still_deals_2():
    # DEF 6 + 1 = 7: no die can hit; PRO 3 would cancel any table damage anyway (<= 5 - 3 only at 5 hits).
    # CBT 12: 2 dice past the 10th -> exactly 2 damage: PV 3 survives and flees, PV 2 is killed.
    assert probs(flee(12, pv=3, def_modifier=1)) == {("fled", 2): 1}
    assert probs(flee(12, pv=2, def_modifier=1)) == {("killed", 2): 1}
    # without the overflow rule (Asmodée edition, no dice cap) nothing hurts
    assert probs(flee(12, pv=2, def_modifier=1, options={"hd_edition": "asmodee"})) == {("fled", 0): 1}


@pytest.mark.statistical
def test_cbt_12_on_sixes():
    # DEF 6: a die hits on a 6 (1/6). 5 rolled, 5 re-rolls of misses: each die hits with 1 - (5/6)^2 = 11/36,
    # hits ~ Binomial(5, 11/36). Table after PRO 3: 0 for 1-3 hits, 1 for 4 hits, 2 for 5 hits; + 2 automatic.
    # PV 4: killed at 4 damage, i.e. 5 hits: (11/36)^5.
    q = Fraction(11, 36)
    p5 = q ** 5
    p4 = 5 * q ** 4 * (1 - q)
    sc = flee(12, pv=4)
    p = probs(sc)
    assert p[("killed", 4)] == p5
    assert p[("fled", 3)] == p4
    assert p[("fled", 2)] == 1 - p4 - p5
    n = 200_000
    sim = engine.simulate(sc.kernel(), trials=n, seed=5, progress=False)
    assert_mc_agrees(int(sim.outcome_counts[sc.outcome_index("fled")]), n, float(1 - p5), "fled")


def test_cbt_21_is_refused():
    with pytest.raises(FleeoddsError, match=r"adversaries\.0\.cbt.*0 to 20"):
        flee(21, pv=3)
