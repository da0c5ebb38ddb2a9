"""What comes after the flee (issue 31, item 4): the Charge's pass of the next activation against a fleeing fighter
charged again (``fuite.charge_pass``), and the intercepted fighter's pass against its interceptor in an Attraction
(``attraction.then_pass``), with the Charge's dice modifier (``options.charge_dice_modifier``).

Every probability here is counted by hand in the test: the dice of a pass are enumerated face by face (6**n
equally likely rolls, a die hits on a face >= DEF), never taken from the solver. The geometry is the straight
chase of tests/systems/hell_dorado/test_hd_flee_paths.py (F flees 8 toises north; A's centre must cover 8 toises
to touch F's base again).

Rules digest §2 (weapon pass), §5 (Charge = up to 2 x MOU, then a pass; Cipher gives it a penalty of unconfirmed
size); Rules Tips "Fuite" (the flee move "comme en action de Course"); Attraction x (errata August 2007: "il cesse
alors immédiatement son déplacement et engage le combat").
"""

import itertools
import math
from fractions import Fraction

import pytest

from fleeodds import FleeoddsError, engine, load_scenario

from ...conftest import assert_mc_agrees
from .conftest import noted
from fleeodds.language import use_lang
from tests.lang_helpers import notes_in  # noqa: E402


R = 75 / 127  # a 30 mm base's radius in toises
W = [{"name": "w", "damage": [2, 3, 4, 5, 6]}]


def table(fuite=None, fleeing=None, adversary=None, **sections):
    """F (30 mm, MOU 4: Course 8, DEF 4, PRO 1, PV 3) at (0, 0), engaged by A (CBT 3, weapon 2/3/4/5/6, MOU 4) on
    its -y side; F flees north (90 degrees) with the Charge's pass."""
    d = {"system": "hell_dorado",
         "fleeing": {"name": "F", "def": 4, "pro": 1, "pv": 3, "mou": 4, "base": "petit", "x": 0.0, "y": 0.0,
                     **(fleeing or {})},
         "adversaries": [{"name": "A", "cbt": 3, "weapons": W, "base": "petit", "mou": 4, "x": 0.0, "y": -2 * R,
                          **(adversary or {})}],
         "fuite": {"direction": 90.0, "charge_pass": True, **(fuite or {})}}
    d.update(sections)
    return d


def counted_damage(n_dice: int, defence: int, table_: list[int], pro: int) -> dict[int, Fraction]:
    """Damage of ``n_dice`` dice (at most 5, no re-rolls) against DEF ``defence`` and PRO ``pro``, by counting the
    6**n rolls: hits = faces >= DEF; damage = table[hits - 1] - PRO, floor 0 (0 without a hit)."""
    out: dict[int, Fraction] = {}
    rolls = list(itertools.product(range(1, 7), repeat=n_dice))
    for roll in rolls:
        hits = sum(1 for face in roll if face >= defence)
        dmg = max(table_[hits - 1] - pro, 0) if hits else 0
        out[dmg] = out.get(dmg, Fraction(0)) + Fraction(1, len(rolls))
    return out


def codes(sc) -> dict:
    out: dict = {}
    for (o, _), p in sc.exact_distribution("fraction").items():
        out[sc.outcomes[o].code] = out.get(sc.outcomes[o].code, Fraction(0)) + p
    return {k: v for k, v in out.items() if v}


def by_hand_follow_up(pv: int = 3, charge_dice: int = 3) -> dict[tuple[str, int], Fraction]:
    """The whole answer by counting: the attaque sans riposte (3 dice on 4+, 2/3/4 - PRO 1 = 1/2/3 damage) kills
    on 3 damage; a survivor with ``d`` damage is charged by A (``charge_dice`` dice on 4+) and killed when that
    pass deals ``pv - d`` or more. Keys (outcome code, total damage taken)."""
    out: dict[tuple[str, int], Fraction] = {}
    for d, p in counted_damage(3, 4, [2, 3, 4, 5, 6], 1).items():
        if d >= pv:
            out[("killed", d)] = out.get(("killed", d), Fraction(0)) + p
            continue
        for d2, q in counted_damage(charge_dice, 4, [2, 3, 4, 5, 6], 1).items():
            k = ("charged_again_killed" if d2 >= pv - d else "charged_again_survives", d + d2)
            out[k] = out.get(k, Fraction(0)) + p * q
    return out


def test_the_charge_pass_by_hand():
    """F ends at (0, 8); A's Charge (2 x MOU 4 = 8) covers exactly the 8 toises to touch it again (hand geometry of
    test_hd_flee_paths). F survives the Fuite with 0, 1 or 2 damage (1/8, 3/8, 3/8) and is then killed by A's
    3 dice with 3, 2 or 1 PV left: 1/8, 1/2, 7/8. Killed in the Charge: 1/64 + 3/16 + 21/64 = 17/32."""
    sc = load_scenario(table())
    assert sc.flee_end == pytest.approx((0.0, 8.0), abs=1e-9)
    assert [c[0] for c in sc.chargers] == ["A"] and sc.chargers[0][1] == pytest.approx(8.0, abs=1e-6)
    want = by_hand_follow_up()
    got = {(sc.outcomes[o].code, d): p for (o, d), p in sc.exact_distribution("fraction").items() if p}
    assert got == want
    assert codes(sc) == {"killed": Fraction(1, 8), "charged_again_killed": Fraction(17, 32),
                         "charged_again_survives": Fraction(11, 32)}
    s = sc.charge_pass_summary()
    assert s["killed_if_charged"] == Fraction(17, 32) / Fraction(7, 8)
    assert [(r["damage_taken"], r["charger"], r["dice"], r["pv_left"]) for r in s["chargers"]] == [
        (0, "A", 3, 3), (1, "A", 3, 2), (2, "A", 3, 1)]
    assert any("Charged again, it is killed in that pass 60.7%" in n for n in notes_in(sc, "en"))
    assert any("Rechargé, il y est tué dans 60,7\u00a0%" in n for n in notes_in(sc, "fr"))
    assert sc.describe()["charge_pass"]["chargers"][0]["charger"] == "A"
    order = sc.outcome_order
    assert order.index("charged_again_survives") < order.index("charged_again_killed") < order.index("killed")


def test_out_of_reach_it_gets_away_and_stays_away():
    """A with MOU 3 (Charge 6) cannot reach (0, 8): no pass, the outcome stays fled."""
    sc = load_scenario(table(adversary={"mou": 3}))
    assert sc.chargers == [] and codes(sc) == {"killed": Fraction(1, 8), "fled": Fraction(7, 8)}
    assert any("No adversary can charge it again" in n for n in notes_in(sc, "en"))


def test_without_charge_pass_the_old_outcome_stays():
    sc = load_scenario(table(fuite={"charge_pass": False}))
    assert codes(sc) == {"killed": Fraction(1, 8), "charged_again": Fraction(7, 8)}


def test_charge_modifier_and_the_cipher_penalty():
    """``charge_dice_modifier = -1``: A charges with 2 dice, which cannot deal 3 damage (2 hits: 2), so with 3 PV
    left F survives it; with 2 left it dies on 2 hits (1/4), with 1 left on 1 hit or more (3/4):
    3/8 x 1/4 + 3/8 x 3/4 = 3/8. Under Cipher the penalty's size is unknown: refused unless written."""
    sc = load_scenario(table(options={"charge_dice_modifier": -1}))
    assert codes(sc)["charged_again_killed"] == Fraction(3, 8)
    assert {(sc.outcomes[o].code, d): p for (o, d), p in sc.exact_distribution("fraction").items() if p} == \
        by_hand_follow_up(charge_dice=2)
    with pytest.raises(FleeoddsError) as e:
        load_scenario(table(options={"hd_edition": "cipher"}))
    assert e.value.field == "options.charge_dice_modifier" and "Cipher" in str(e.value)
    sc = load_scenario(table(options={"hd_edition": "cipher", "charge_dice_modifier": -1}))
    assert codes(sc)["charged_again_killed"] == Fraction(3, 8)


def test_the_opposing_player_sends_the_charger_most_likely_to_kill():
    """Two chargers: A (3 dice, 2/3/4/5/6) and B, another enemy on the table 3 toises west of F's end point, at
    (-3, 8) (MOU 4: 3 - 2R toises to go, off every other path), with 1 die and a 10-damage weapon: with 3 PV left A kills on 3 hits
    (1/8) but B on 1 hit (1/2): B is sent; with 1 PV left A kills on 1 hit or more (7/8) and B only 1/2: A is sent.
    F survives the Fuite with 0 damage 1/8, 1 damage 3/8 (A: 1/2, B: 1/2, tie -> A, listed first), 2 damage 3/8."""
    big = [{"name": "big", "damage": [10, 10, 10, 10, 10]}]
    sc = load_scenario(table(others=[{"name": "B", "cbt": 1, "weapons": big, "base": "petit", "mou": 4,
                                      "def": 4, "pv": 3, "x": -3.0, "y": 8.0}]))
    assert [c[0] for c in sc.chargers] == ["A", "B"]
    assert sc.charges[0][0] == "B" and sc.charges[1][0] == "A" and sc.charges[2][0] == "A"
    want = Fraction(1, 8) * Fraction(1, 2) + Fraction(3, 8) * Fraction(1, 2) + Fraction(3, 8) * Fraction(7, 8)
    assert codes(sc)["charged_again_killed"] == want


def test_a_repli_move_charged_again():
    """Under an Ordre Repli (no attack, MOU 4 not doubled) F ends at (0, 4), 4 toises from A's reach of 8: A
    charges it with 3 PV left and kills on 3 hits, 1/8."""
    sc = load_scenario(table(fuite={"repli": True}))
    assert codes(sc) == {"charged_again_killed": Fraction(1, 8), "charged_again_survives": Fraction(7, 8)}


def test_an_attraction_pull_back_comes_first():
    """S (Attraction 6) stands 3 toises east of F's end point (0, 8): F ends in its zone (1.82 toises edge to edge)
    and its own Charge reaches S, so it is pulled back at its next activation (attracted_back): no Charge's pass
    is rolled, even though A and S could charge it."""
    sc = load_scenario(table(others=[{"name": "S", "capacities": ["Attraction 6"], "base": "petit", "mou": 4,
                                      "x": 3.0, "y": 8.0}]))
    assert sc.pull_back is not None and sc.charges == {}
    assert codes(sc) == {"killed": Fraction(1, 8), "attracted_back": Fraction(7, 8)}


def test_inputs_that_change_nothing_or_are_not_modelled():
    d = table()
    del d["fuite"]["direction"]
    noted(d, "fuite.charge_pass", field="fuite.charge_pass")
    noted(table(adversary={"mou": 3}, options={"charge_dice_modifier": 2}), field="options.charge_dice_modifier")
    with pytest.raises(FleeoddsError, match="not modelled"):
        load_scenario(table(fleeing={"capacities": ["Esquive 3"]}))


@pytest.mark.slow
@pytest.mark.statistical
def test_the_charge_pass_kernel_agrees():
    sc = load_scenario(table(others=[{"name": "B", "cbt": 1, "weapons": [{"name": "big", "damage": [10] * 5}],
                                      "base": "petit", "mou": 4, "def": 4, "pv": 3, "x": -3.0, "y": 8.0}]))
    n = 200_000
    sim = engine.simulate(sc.kernel(), trials=n, seed=11, progress=False)
    for code, p in codes(sc).items():
        assert_mc_agrees(int(sim.outcome_counts[sc.outcome_index(code)]), n, float(p), code)
    counts = sc.kernel()(11, 0, 50_000)
    exact = sc.exact_distribution("float")
    for (o, d), p in exact.items():  # every (outcome, total damage) cell
        assert_mc_agrees(int(counts[o, d]), 50_000, p, f"{sc.outcomes[o].code}, {d} damage")
    rec = sc.trial_kernel()(11, 0, 50_000)
    assert [int((rec == o).sum()) for o in range(len(sc.outcomes))] == list(counts.sum(axis=1))


# -- Attraction: the intercepted fighter's pass against its interceptor ----------------------------------------
F3 = {"cbt": 3, "def": 4, "pro": 0, "pv": 2, "weapons": [{"name": "w", "damage": [1, 2, 3, 4, 5]}]}


def attraction(movement="charge", mou=4, **options):
    """B (30 mm, MOU 4) at (6, 0) is pulled toward H (Attraction 8) at (0, 0); the guard G (30 mm) at (3, 0) stands
    on the straight line, so B's base touches G's first (after 6 - 3 - 2R toises, within its reach): intercepted,
    and with then_pass it fights G."""
    return {"system": "hell_dorado", "type": "attraction", "attraction": {"then_pass": True, "movement": movement},
            "options": options,
            "attractors": [{"name": "H", "capacities": ["Attraction 8"], "x": 0.0, "y": 0.0, "base": "petit", **F3}],
            "others": [{"name": "G", "x": 3.0, "y": 0.0, "base": "petit", "cbt": 2, "def": 5, "pro": 0, "pv": 3,
                        "weapons": [{"name": "g", "damage": [2, 3, 4, 5, 6]}]}],
            "adversaries": [{"name": "B", "x": 6.0, "y": 0.0, "base": "petit", "mou": mou, **F3}]}


def interceptor_by_hand(b_dice: int) -> dict[str, Fraction]:
    """B's ``b_dice`` on G's DEF 5 (damage 1..5, G has 3 PV: 3 hits kill) and G's 2 dice on B's DEF 4 (damage 2
    from one hit: B, 2 PV, dies on any hit), counted die by die; both damages apply together."""
    g_killed = sum((p for dmg, p in counted_damage(b_dice, 5, [1, 2, 3, 4, 5], 0).items() if dmg >= 3), Fraction(0))
    b_killed = sum((p for dmg, p in counted_damage(2, 4, [2, 3, 4, 5, 6], 0).items() if dmg >= 2), Fraction(0))
    return {k: v for k, v in {
        "intercepted_none_killed": (1 - g_killed) * (1 - b_killed),
        "intercepted_mover_killed": (1 - g_killed) * b_killed,
        "intercepted_interceptor_killed": g_killed * (1 - b_killed),
        "intercepted_both_killed": g_killed * b_killed}.items() if v}


def test_the_interceptor_pass_by_hand():
    """3 dice on 5+ kill G on 3 hits: 1/27; G's 2 dice on 4+ kill B on 1 hit or more: 3/4."""
    sc = load_scenario(attraction())
    assert sc.geometry() == [(1, 1)]
    want = interceptor_by_hand(3)
    assert want["intercepted_mover_killed"] == Fraction(26, 27) * Fraction(3, 4)
    assert codes(sc) == want
    assert "intercepted" not in [o.code for o in sc.outcomes]


def test_the_charge_modifier_in_the_interceptor_pass():
    """``charge_dice_modifier = 1`` after a Charge: B rolls 4 dice, 3+ hits on 5+ = 4 x 2/81 + 1/81 = 1/9; after
    an Assaut (MOU 5, enough to reach H: 6 - 2R = 4.82) the modifier does not apply (3 dice again). Cipher without the modifier is refused."""
    sc = load_scenario(attraction(charge_dice_modifier=1))
    assert codes(sc) == interceptor_by_hand(4)
    assert codes(sc)["intercepted_interceptor_killed"] == Fraction(1, 9) * Fraction(1, 4)
    sc = load_scenario(attraction("assaut", mou=5, charge_dice_modifier=1))
    assert sc.reach.tolist() == [5.0] and codes(sc) == interceptor_by_hand(3)
    with pytest.raises(FleeoddsError) as e:
        load_scenario(attraction(hd_edition="cipher"))
    assert e.value.field == "options.charge_dice_modifier"


def test_a_single_holder_keeps_the_former_outcomes():
    d = attraction()
    del d["others"]
    sc = load_scenario(d)
    assert [o.code for o in sc.outcomes][4:] == ["intercepted", "unaffected"]


@pytest.mark.slow
@pytest.mark.statistical
def test_the_interceptor_pass_kernel_agrees():
    sc = load_scenario(attraction())
    n = 100_000
    sim = engine.simulate(sc.kernel(), trials=n, seed=5, progress=False)
    for code, p in codes(sc).items():
        assert_mc_agrees(int(sim.outcome_counts[sc.outcome_index(code)]), n, float(p), code)
    assert math.isclose(sum(codes(sc).values()), 1)
