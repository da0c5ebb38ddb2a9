"""The defaults that follow the rulebooks (issue 12), each probability derived by hand here
(2D6/3D6 enumerations with fractions.Fraction), never with the solver's code:

* a charged unit's flee move and the table edge resolve before the charge is rolled (§3.4),
  in the charge situations and in the chain's charges, whatever ``catch_vs_edge_order`` says;
* ``table.max_turns`` defaults to 10: the unit is followed until it rallies, leaves the table or is
  run down, the rest shown as still fleeing;
* ``edition = "starter"`` follows its booklet (§3.7): edge before catch, "a model leaving the table",
  no casualty limit on rallies;
* the option side effects: TOW Terror only on the Break test, ``steadfast_uses_general_ld = false``
  only on the Break test, an explicit ``bsb_reroll`` taken at its word in TOW, ``cold_blooded_scope
  = "all_ld"`` in TOW, ``tow_swiftstride_use = "never"`` and the TOW declarable range.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import fleeodds
from fleeodds.engine import simulate
from fleeodds.errors import InputError

from ...conftest import assert_mc_agrees
from ._policy import assert_noted, assert_strict_refused

D6 = range(1, 7)
P2 = {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}


def le(x: int) -> Fraction:
    return sum((p for s, p in P2.items() if s <= x), Fraction(0))


#: P(a 2D6 pursuit >= a 2D6 flee): 721/1296
CATCH = sum((pf * pp for f, pf in P2.items() for p, pp in P2.items() if p >= f), Fraction(0))


def unit(name, movement=4, leadership=7, **kw):
    return {"name": name, "movement": movement, "leadership": leadership, **kw}


def scenario(edition="7th", situation="fleeing", fleeing=None, pursuer=None, **groups):
    d = {"system": "warhammer", "edition": edition, "situation": situation,
         "fleeing": fleeing or unit("F"), "pursuer": pursuer or unit("P")}
    d.update(groups)
    return d


def per_outcome(sc) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for (o, _), p in sc.exact_distribution("fraction").items():
        out[sc.outcomes[o].code] = out.get(sc.outcomes[o].code, Fraction(0)) + p
    return out


def check(data, expected: dict[str, Fraction], trials=200_000, seed=12):
    """Exact equal to the hand values; Monte Carlo within the bound for each of them."""
    sc = fleeodds.load_scenario(data)
    got = per_outcome(sc)
    for code, p in expected.items():
        assert got.get(code, Fraction(0)) == p, (code, got.get(code), p)
    sim = simulate(sc.kernel(), trials=trials, seed=seed, progress=False)
    for code, p in expected.items():
        assert_mc_agrees(int(sim.outcome_counts[sc.outcome_index(code)]), trials, float(p), code)
    return sc


# -- (a) the flee move of a charged unit resolves first --------------------------------------
@pytest.mark.statistical
def test_flee_reaction_toward_the_edge_8th_issue_example():
    # 8th: unit 4" from an M 4 charger (reach 4 + 2D6), edge 5" behind it. It flees F first: F >= 5 takes it
    # off the table (30/36). Otherwise it is run down when 4 + C >= 4 + F, i.e. C >= F, for F = 2, 3, 4:
    # 1/36 * 1 + 2/36 * 35/36 + 3/36 * 33/36 = (36 + 70 + 99) / 1296 = 205/1296 (not 721/1296).
    run_down = sum((P2[f] * sum((P2[c] for c in P2 if c >= f), Fraction(0)) for f in (2, 3, 4)), Fraction(0))
    assert run_down == Fraction(205, 1296)
    data = scenario("8th", "flee_reaction", table={"gap": 4, "edge_distance": 5})
    check(data, {"run_down": run_down, "escaped_off_table": Fraction(5, 6),
                 "escaped": 1 - run_down - Fraction(5, 6)})


@pytest.mark.statistical
def test_charge_fleeing_toward_the_edge_7th_and_the_order_option_is_noted():
    # 7th: reach 2 x 4 = 8, gap 3, edge 6: F >= 6 off the table (26/36); F <= 5 caught (8 >= 3 + F): 10/36
    data = scenario("7th", "charge_fleeing", table={"gap": 3, "edge_distance": 6})
    check(data, {"escaped_off_table": Fraction(26, 36), "run_down": Fraction(10, 36)})
    # catch_vs_edge_order orders the combat-phase pursuit only: written here it changes nothing ('catch_first',
    # 7th's own default, is simply accepted; 'edge_first' is noted)
    default = dict(data, options={"catch_vs_edge_order": "catch_first"})
    assert fleeodds.load_scenario(default).input_notes() == []
    check(default, {"escaped_off_table": Fraction(26, 36), "run_down": Fraction(10, 36)})
    for order in ("edge_first",):
        written = dict(data, options={"catch_vs_edge_order": order})
        start = f"options.catch_vs_edge_order: '{order}' has no effect"
        assert_noted(written, start, "in the 'charge_fleeing' situation", "it orders the combat-phase pursuit only")
        assert_strict_refused(written, start, "a charged unit's flee move always resolves before the charge")
        check(written, {"escaped_off_table": Fraction(26, 36), "run_down": Fraction(10, 36)})


@pytest.mark.statistical
def test_chain_charge_flee_move_resolves_before_the_charge():
    # 7th, no pursuit, edge 5: the first flee F0 >= 5 leaves the table (30/36). Otherwise (F0 = 2..4) the
    # enemy charges first in turn 1 (gap F0 <= 8 = 2 x M): the unit flees F1 at once and leaves the table when
    # F0 + F1 >= 5, i.e. always but F0 = F1 = 2 (1/1296), which the 8" charge then reaches: run down.
    data = scenario(table={"edge_distance": 5, "max_turns": 1, "chaser_keeps_charging": True, "first_turn": "enemy"},
                    options={"pursuer_restrains": "always"})
    check(data, {"run_down": Fraction(1, 1296), "escaped_off_table": Fraction(1295, 1296)})


# -- (b) max_turns follows the unit -----------------------------------------------------------
@pytest.mark.statistical
def test_max_turns_default_follows_the_unit_ten_turns():
    # 7th, Ld 7, no edge: caught 721/1296; a survivor tests to rally each turn (21/36) for 10 turns
    sc = fleeodds.load_scenario(scenario())
    assert sc.rules.max_turns == 10
    fail = Fraction(15, 36)
    check(scenario(), {"caught": CATCH, "rallied": (1 - CATCH) * (1 - fail ** 10),
                       "still_fleeing": (1 - CATCH) * fail ** 10})
    # the rally turn is the metric: turn 1 = the first rally test
    turn1 = sum(p for (o, m), p in sc.exact_distribution("fraction").items()
                if o == sc.outcome_index("rallied") and m == 1)
    assert turn1 == (1 - CATCH) * Fraction(21, 36)
    # max_turns = 0 still stops after the pursuit
    zero = per_outcome(fleeodds.load_scenario(scenario(table={"max_turns": 0})))
    assert zero == {"caught": CATCH, "escaped": 1 - CATCH}


# -- (c) the starter booklet ------------------------------------------------------------------
@pytest.mark.statistical
def test_starter_resolves_the_edge_first_and_a_model_must_leave_the_table():
    # edge 7, no rally turns: the unit flees F first; F > 7 leaves the table (15/36) whatever the pursuit;
    # F = 7 only touches the edge (booklet: a model leaving the table), so a pursuit >= 7 still catches it
    off = sum((P2[f] for f in P2 if f > 7), Fraction(0))
    caught = sum((P2[f] * P2[p] for f in P2 for p in P2 if f <= 7 and p >= f), Fraction(0))
    data = scenario("starter", table={"edge_distance": 7, "max_turns": 0})
    check(data, {"escaped_off_table": off, "caught": caught, "escaped": 1 - off - caught})
    sc = fleeodds.load_scenario(data)
    assert sc.rules.edge_strict and not sc.rules.catch_first


@pytest.mark.statistical
def test_starter_rally_has_no_casualty_limit():
    # 2D6 <= Cd whatever the losses: one rally test of an unpursued Cd 7 unit rallies 21/36
    data = scenario("starter", table={"max_turns": 1}, options={"pursuer_restrains": "always"})
    check(data, {"rallied": le(7)})
    # models_left changes nothing in the booklet's rally (noted by name); rally_casualty_rule = "7th" restores it
    low = dict(data, fleeing=unit("F", models_left=4, models_start=20))
    assert_noted(low, "fleeing.models_left: 4 has no effect", "in the starter rules")
    assert_strict_refused(low, "fleeing.models_left: 4 has no effect")
    check(low, {"rallied": le(7)})
    seventh = dict(low, options={"pursuer_restrains": "always", "rally_casualty_rule": "7th"})
    assert per_outcome(fleeodds.load_scenario(seventh)).get("rallied", 0) == 0


# -- option side effects ------------------------------------------------------------------------
@pytest.mark.statistical
def test_tow_terror_lowers_the_break_test_only():
    # TOW, Ld 7, margin 1, Terror-causing pursuer: Break test on Ld 6: break on 2D6 > 6 (21/36); the pursuit
    # catches 721/1296; the rally test of turn 1 is on Ld 7 (2D6 <= 7, double 1 passes, double 6 fails: 21/36)
    data = scenario("tow", "break", pursuer=unit("P", rules=["terror"]), combat={"margin": 1},
                    table={"max_turns": 1})
    sc = check(data, {"gave_ground": le(5), "rallied": Fraction(21, 36) * (1 - CATCH) * Fraction(21, 36)})
    got = per_outcome(sc)
    assert got["fell_back"] + got["caught_reengaged"] == P2[6]  # nat 6 (> 6 - 1 = 5, not above Ld 6)


@pytest.mark.statistical
def test_steadfast_without_the_general_keeps_the_general_for_rally_tests():
    # 8th Steadfast, Ld 6, General Ld 9, steadfast_uses_general_ld = false: Break test on plain Ld 6
    # (2D6 <= 6, the double 1 included: 15/36); rally on Ld 9 (30/36)
    data = scenario("8th", "break", fleeing=unit("F", leadership=6, general_leadership=9),
                    combat={"steadfast": True}, table={"max_turns": 1},
                    options={"steadfast_uses_general_ld": False})
    check(data, {"held": le(6), "rallied": (1 - le(6)) * (1 - CATCH) * le(9)})


@pytest.mark.statistical
def test_tow_bsb_reroll_option_is_taken_at_its_word():
    # TOW, Ld 7, margin 1, BSB: Break (2D6 > 7) re-rolled once: (15/36)^2 breaks; caught 721/1296.
    # Default: the BSB also re-rolls the rally test: p + (1 - p) p with p = 21/36; break_only: p alone.
    broke = Fraction(15, 36) ** 2
    p = Fraction(21, 36)
    data = scenario("tow", "break", fleeing=unit("F", battle_standard=True), combat={"margin": 1},
                    table={"max_turns": 1})
    check(data, {"rallied": broke * (1 - CATCH) * (p + (1 - p) * p)})
    check(dict(data, options={"bsb_reroll": "break_only"}), {"rallied": broke * (1 - CATCH) * p})
    # bsb_reroll = "none": the Battle Standard re-rolls nothing, so it is noted by name (and the numbers are
    # those without it: Break 15/36 (2D6 > 7), rally p)
    none = dict(data, options={"bsb_reroll": "none"})
    assert_noted(none, "fleeing.battle_standard: true has no effect", "see options.bsb_reroll")
    assert_strict_refused(none, "fleeing.battle_standard: true has no effect")
    check(none, {"rallied": Fraction(15, 36) * (1 - CATCH) * p})


@pytest.mark.statistical
def test_tow_cold_blooded_all_ld_rolls_the_break_and_rally_tests_on_3d6_drop_highest():
    # TOW, Ld 7, margin 1, Cold-blooded, scope all_ld: kept = the two lowest of 3D6.
    # Give ground when kept == 2 or kept + 1 <= 7; break when kept > 7; fall back otherwise.
    kept = [sum(sorted(f)[:2]) for f in itertools.product(D6, repeat=3)]
    gave = Fraction(sum(1 for k in kept if k == 2 or k + 1 <= 7), 216)
    broke = Fraction(sum(1 for k in kept if k > 7), 216)
    rally = Fraction(sum(1 for f in itertools.product(D6, repeat=3)
                         if (sum(sorted(f)[:2]) <= 7 or sorted(f)[:2] == [1, 1]) and sorted(f)[:2] != [6, 6]), 216)
    data = scenario("tow", "break", fleeing=unit("F", rules=["cold_blooded"]), combat={"margin": 1},
                    table={"max_turns": 1}, options={"cold_blooded_scope": "all_ld"})
    sc = check(data, {"gave_ground": gave, "rallied": broke * (1 - CATCH) * rally})
    got = per_outcome(sc)
    assert got["fell_back"] + got["caught_reengaged"] == 1 - gave - broke


def _tow_reach(move, swift, gap):
    """P(M + max2D6 (+ D6) >= gap + 2D6 flee): enumerated."""
    total = Fraction(0)
    extra = D6 if swift else (0,)
    n = 6 ** (2 + (1 if swift else 0) + 2)
    for a, b, *rest in itertools.product(D6, D6, extra, D6, D6):
        c, f1, f2 = rest
        if move + max(a, b) + c >= gap + f1 + f2:
            total += 1
    return Fraction(total, n)


@pytest.mark.statistical
def test_tow_declare_range_and_swiftstride_use():
    knights = unit("Knights", movement=8, rules=["swiftstride"])
    # M 8 Swiftstride: declarable within 8 + 6 + 3 = 17"; at 15" the charge reaches 8 + max2D6 + D6 >= 15 + F
    data = scenario("tow", "charge_fleeing", pursuer=knights, table={"gap": 15})
    check(data, {"run_down": _tow_reach(8, True, 15)})
    # without using Swiftstride: 8 + 6 = 14", so a unit 15" away cannot be charged (refused by name)
    with pytest.raises(InputError, match=r"table.gap: 15 is not allowed; expected at most .* = 14"):
        fleeodds.load_scenario(dict(data, options={"tow_swiftstride_use": "never"}))
    # 18" is beyond even 17": no charge, not 'run down'
    with pytest.raises(InputError, match=r"table.gap: 18 is not allowed; expected at most .* = 17"):
        fleeodds.load_scenario(dict(data, table={"gap": 18}))
    # M 8 without Swiftstride at 10" (within 14"): 8 + K >= 10 + F, K the higher of 2D6: F = 2, K >= 4 (27/36);
    # F = 3, K >= 5 (20/36); F = 4, K = 6 (11/36): (1 x 27 + 2 x 20 + 3 x 11) / 1296 = 100/1296
    plain = dict(data, pursuer=unit("Knights", movement=8), table={"gap": 10})
    assert _tow_reach(8, False, 10) == Fraction(100, 1296)
    check(plain, {"run_down": Fraction(100, 1296)})
    with pytest.raises(InputError, match=r"table.gap: 15 is not allowed; expected at most .* = 14"):
        fleeodds.load_scenario(dict(plain, table={"gap": 15}))


# -- drawn combats and musicians (§3.1) ---------------------------------------------------------
@pytest.mark.statistical
def test_draw_means_no_break_test():
    # margin 0, no musician on the pursuer's side only: no Break test, the unit holds
    data = scenario("7th", "break", combat={"margin": 0})
    sc = check(data, {"held": Fraction(1)})
    assert [o.code for o in sc.outcomes] == ["held"]
    # musicians on both sides: still a draw, so the pursuer's musician changes nothing (noted by name)
    both = dict(data, fleeing=unit("F", musician=True), pursuer=unit("P", musician=True))
    assert_noted(both, "pursuer.musician: true has no effect", "only wins a drawn combat")
    assert_strict_refused(both, "pursuer.musician: true has no effect")
    check(both, {"held": Fraction(1)})


@pytest.mark.statistical
@pytest.mark.parametrize("edition", ["6th", "7th", "8th"])
def test_pursuers_musician_wins_a_draw_by_1(edition):
    # only the winner has a musician: the unit loses by 1. Ld 7: holds on 2D6 + 1 <= 7 (15/36; the
    # double 1 is among those totals); broken units are caught 721/1296 (2D6 flee and pursuit)
    data = scenario(edition, "break", pursuer=unit("P", musician=True), combat={"margin": 0},
                    table={"max_turns": 0})
    check(data, {"held": le(6), "caught": (1 - le(6)) * CATCH})


@pytest.mark.statistical
def test_tow_musician_plus_1_in_a_draw():
    # TOW, Ld 7, a draw where only the winner has a musician: +1, a loss by 1. Give ground on nat == 2 or
    # nat + 1 <= 7 (15/36); Break on nat > 7 (15/36); Fall Back on nat 7 (6/36)
    data = scenario("tow", "break", pursuer=unit("P", musician=True), combat={"margin": 0},
                    table={"max_turns": 0})
    sc = check(data, {"gave_ground": le(6), "caught": Fraction(15, 36) * CATCH})
    got = per_outcome(sc)
    assert got["fell_back"] + got["caught_reengaged"] == P2[7]


def test_musician_that_wins_nothing_is_noted():
    # margin 2: the pursuer's musician changes nothing (it only wins a draw)
    data = scenario("7th", "break", pursuer=unit("P", musician=True), combat={"margin": 2})
    assert_noted(data, "pursuer.musician: true has no effect", "drawn combat")
    assert_strict_refused(data, "pursuer.musician: true has no effect", "drawn combat")


def test_manifest_lists_the_fall_back_roll_and_the_charge_reach():
    knights = unit("Knights", movement=8, rules=["swiftstride"])
    tow = fleeodds.load_scenario(scenario("tow", "break", pursuer=knights, combat={"margin": 1})).describe()
    assert tow["resolved_dice"]["fall_back"] == "2d6kh1"  # max2D6 (the fleeing unit has no Swiftstride)
    charge = fleeodds.load_scenario(scenario("tow", "charge_fleeing", pursuer=knights, table={"gap": 5})).describe()
    assert charge["resolved_dice"]["charge_reach"] == "8 + 2d6kh1+1d6"  # M + max2D6 + D6 Swiftstride
    assert charge["resolved_dice"]["charge_declare_range"] == 17  # M + 6 + 3
    seventh = fleeodds.load_scenario(scenario("7th", "charge_fleeing", table={"gap": 5})).describe()
    assert seventh["resolved_dice"]["charge_reach"] == "8"  # 2 x M
