"""Warhammer rules beyond the oracle file, each probability derived by hand in the test,
plus bad inputs."""

from fractions import Fraction

import pytest

import fleeodds
from fleeodds.engine import simulate
from fleeodds.errors import FleeoddsError

from ...conftest import assert_mc_agrees
from ._policy import assert_noted, assert_strict_refused

P2D6 = {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


def _p_2d6_le(x):
    return sum((p for s, p in P2D6.items() if s <= x), Fraction(0))


def base(**kw):
    d = {"system": "warhammer", "edition": "7th", "situation": "break",
         "fleeing": {"name": "F", "movement": 4, "leadership": 7},
         "pursuer": {"name": "P", "movement": 4, "leadership": 7}, "combat": {"margin": 2}}
    if kw.get("situation", "break") != "break" or "combat" in kw:
        del d["combat"]  # no Break test: a margin would change nothing (refused)
    for k, v in kw.items():
        if isinstance(v, dict):
            d.setdefault(k, {}).update(v)
        else:
            d[k] = v
    return d


def exact_and_mc(data, code, expected: Fraction, trials=200_000):
    sc = fleeodds.load_scenario(data)
    i = sc.outcome_index(code)
    got = sum(p for (o, _), p in sc.exact_distribution("fraction").items() if o == i)
    assert got == expected, (code, got, expected)
    sim = simulate(sc.kernel(), trials=trials, seed=99, progress=False)
    assert_mc_agrees(int(sim.outcome_counts[i]), trials, float(expected), code)


@pytest.mark.statistical
def test_bsb_reroll_7th():
    # Ld7, margin 2: pass on 2D6 <= 5 or double 1 (same set) -> p = 10/36; one re-roll: p + (1-p) p
    p = _p_2d6_le(5)
    exact_and_mc(base(fleeing={"battle_standard": True}), "held", p + (1 - p) * p)


@pytest.mark.statistical
def test_cold_blooded_break_test():
    # 3D6 drop highest + 2 <= 7: kept pair total <= 5 -> count by hand over 216 rolls
    n = sum(1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7) if sum(sorted((a, b, c))[:2]) <= 5)
    exact_and_mc(base(fleeing={"rules": ["cold_blooded"]}), "held", Fraction(n, 216))


@pytest.mark.statistical
def test_stubborn_7th_ignores_margin():
    exact_and_mc(base(fleeing={"rules": ["stubborn"]}, combat={}), "held", _p_2d6_le(7))
    noted = base(fleeing={"rules": ["stubborn"]}, combat={"margin": 2})
    assert_noted(noted, "combat.margin: 2 has no effect", "Stubborn")
    assert_strict_refused(noted, "combat.margin: 2 has no effect", "Stubborn")
    exact_and_mc(noted, "held", _p_2d6_le(7))  # the margin is noted and indeed ignored


@pytest.mark.statistical
def test_steadfast_8th_ignores_margin():
    exact_and_mc(base(edition="8th", combat={"steadfast": True}), "held", _p_2d6_le(7))
    noted = base(edition="8th", combat={"steadfast": True, "margin": 5})
    assert_noted(noted, "combat.margin: 5 has no effect", "Steadfast (8th) unit tests on its unmodified Leadership")
    assert_strict_refused(noted, "combat.margin: 5 has no effect")
    exact_and_mc(noted, "held", _p_2d6_le(7))


@pytest.mark.statistical
def test_unbreakable_always_holds():
    exact_and_mc(base(fleeing={"rules": ["unbreakable"]}, combat={}), "held", Fraction(1))


@pytest.mark.statistical
def test_fear_auto_break_7th_only_double_one_holds_6th_never():
    exact_and_mc(base(combat={"fear_outnumbered": True}), "held", Fraction(1, 36))
    exact_and_mc(base(edition="6th", combat={"fear_outnumbered": True}), "held", Fraction(0))


@pytest.mark.statistical
def test_general_leadership_used_when_higher():
    exact_and_mc(base(fleeing={"general_leadership": 9}), "held", _p_2d6_le(7))


@pytest.mark.statistical
def test_tow_break_outcomes_and_pbreak_independent_of_margin():
    # Ld 7, margin 2: give ground on nat == 2 or nat <= 5; break on nat > 7; fall back on 6, 7
    for margin in (1, 3):
        sc = fleeodds.load_scenario(base(edition="tow", combat={"margin": margin}))
        d = sc.exact_distribution("fraction")
        per = {sc.outcomes[o].code: Fraction(0) for o in range(len(sc.outcomes))}
        for (o, _), p in d.items():
            per[sc.outcomes[o].code] += p
        # a broken unit is caught, or followed through its rally turns (table.max_turns default 10)
        broke = sum(per[c] for c in ("caught", "escaped", "rallied", "still_fleeing") if c in per)
        assert broke == 1 - _p_2d6_le(7)  # P(Break) = P(2D6 > Ld) whatever the margin (digest §3.2)
    exact_and_mc(base(edition="tow"), "gave_ground", _p_2d6_le(5))


@pytest.mark.statistical
def test_restraint_test():
    # pursuer Ld 7 restrains on 2D6 <= 7: caught = P(not restrained) * P(2D6 >= 2D6)
    caught = (1 - _p_2d6_le(7)) * Fraction(721, 1296)
    data = base(situation="fleeing", options={"pursuer_restrains": "ld_test"})
    exact_and_mc(data, "caught", caught)


@pytest.mark.statistical
def test_6th_7th_3d6_for_fast_units():
    # flee 2D6 vs pursuit 3D6 (M > 6): the oracle value of 6th/7th, derived here from the PMFs by hand
    p3 = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                p3[a + b + c] = p3.get(a + b + c, 0) + Fraction(1, 216)
    caught = sum(pf * pp for f, pf in P2D6.items() for s, pp in p3.items() if s >= f)
    exact_and_mc(base(situation="fleeing", pursuer={"movement": 8}), "caught", caught)


@pytest.mark.statistical
def test_rally_casualty_limits():
    # 4 of 20 models (< 25%) cannot rally in 7th; in 8th (<= 25%) only a double 1 rallies
    chain = {"situation": "fleeing", "table": {"max_turns": 1}, "options": {"pursuer_restrains": "always"}}
    exact_and_mc(base(**chain, fleeing={"models_left": 4, "models_start": 20}), "rallied", Fraction(0))
    exact_and_mc(base(**chain, edition="8th", fleeing={"models_left": 5, "models_start": 20}), "rallied",
                 Fraction(1, 36))
    # 5 of 20 is exactly 25%: rallies normally in 7th
    exact_and_mc(base(**chain, fleeing={"models_left": 5, "models_start": 20}), "rallied", _p_2d6_le(7))


@pytest.mark.statistical
def test_charge_fleeing_8th_reach_m_plus_2d6():
    # 8th: reach M + 2D6 >= gap + flee 2D6, M 4, gap 3: P(2D6_c + 1 >= 2D6_f)
    caught = sum(pc * pf for c, pc in P2D6.items() for f, pf in P2D6.items() if 4 + c >= 3 + f)
    data = base(edition="8th", situation="charge_fleeing", table={"gap": 3})
    exact_and_mc(data, "run_down", caught)


@pytest.mark.parametrize("change,field,allowed", [
    ({"fleeing": {"name": "F", "movement": 4, "leadership": 13}}, "fleeing.leadership", "10"),
    ({"table": {"gap": -1}}, "table.gap", "a number from 0"),
    ({"edition": "5th"}, "edition", "6th, 7th, 8th, tow, starter"),
    ({"options": {"flee_roll": "2x6"}}, "options.flee_roll", "2d6"),
    ({"options": {"rerolls_everything": True}}, "options.rerolls_everything", "unknown option"),
    ({"combat": {"margin": -1}}, "combat.margin", "a number from 0"),
    ({"fleeing": {"profile": "Space Marines"}}, "fleeing.profile", "Night Goblins"),
    ({"fleeing": {"name": "F", "movement": 4, "leadership": 7, "rules": ["flying_carpet"]}}, "fleeing", "swiftstride"),
    ({"fleeing": {"name": "F", "leadership": 7}}, "fleeing.movement", "integer"),
    ({"situation": "ambush"}, "situation", "break"),
])
def test_bad_input_names_field_value_and_allowed(change, field, allowed):
    data = base()
    data.update(change)
    with pytest.raises(FleeoddsError) as exc:
        fleeodds.load_scenario(data)
    msg = str(exc.value)
    assert field in msg and allowed in msg, msg


@pytest.mark.slow
def test_shipped_examples_all_load_and_agree():
    for path in fleeodds.list_examples():
        if "warhammer" not in path.parts:
            continue
        sc = fleeodds.load_scenario(path)
        for v in [x.scenario for x in sc.variants()] or [sc]:
            t = fleeodds.evaluate(v, "both", trials=100_000, seed=3, progress=False)
            mc = t.frame[t.frame.method == "monte_carlo"]
            ex = t.frame[t.frame.method == "exact"]
            assert abs(ex.probability.sum() - 1) < 1e-12
            assert (mc.z.abs() < 4).all(), (path.name, mc)
