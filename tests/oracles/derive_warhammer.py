"""Derive the Warhammer oracle cases (tests/oracles/warhammer.json) from the rules, by hand.

Standard library only: every probability is an exact ``Fraction`` obtained by enumerating the
faces of the dice with ``itertools.product``, or (the multi-turn flee chain) by a memoised
recursion over the unit's cumulative flee distance.  Nothing here imports fleeodds, so these
numbers are an independent check of its solvers.

Rules used (WFB 6th/7th edition rulebooks; *Bataille au Col du Crâne* starter booklet):

* Break test: the loser rolls 2D6 and adds the combat-result margin; it holds if the total is
  at most its Leadership.  In 7th edition a natural double 1 always holds (Insane Courage);
  6th edition has no such rule.
* Flee and pursuit: 2D6 each (3D6 for a unit with Move above 6 in 6th/7th); the pursuer catches
  the fleeing unit, which is destroyed, if its roll is at least the flee roll.
* Rally test: 2D6 at most Leadership.
* Charging a fleeing unit: it flees again first; the charger (reach 2 x Move) catches it if the
  reach is at least the gap plus the flee roll.

Run ``python tests/oracles/derive_warhammer.py`` to rewrite the JSON file.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

from _common import case, d6_sums, distribution, mean, write

ONE = Fraction(1)
D6 = range(1, 7)


def roll(name: str) -> dict[int, Fraction]:
    """Exact distribution of a named roll, by enumeration of its dice."""
    if name == "2D6":
        return d6_sums(2)
    if name == "3D6":
        return d6_sums(3)
    if name == "max2D6":
        return d6_sums(2, keep=lambda f: f[-1])
    if name == "3D6 drop lowest":
        return d6_sums(3, keep=lambda f: f[1] + f[2])
    raise ValueError(name)


def p_caught(flee: str, pursuit: str, tie: str) -> Fraction:
    """P(pursuit roll beats the flee roll): ``>=`` (ties to the pursuer) or ``>``."""
    fd, pd = roll(flee), roll(pursuit)
    return sum((pf * pp for f, pf in fd.items() for p, pp in pd.items() if (p >= f if tie == ">=" else p > f)),
               Fraction(0))


def p_break_test_holds(ld: int, margin: int, insane_courage: bool) -> Fraction:
    """Enumerate the two dice of a Break test."""
    hold = Fraction(0)
    for a, b in itertools.product(D6, D6):
        if a + b + margin <= ld or (insane_courage and a == b == 1):
            hold += Fraction(1, 36)
    return hold


def p_breaks_then_caught(ld: int, margin: int) -> Fraction:
    """7th edition: enumerate the Break-test dice, the flee dice and the pursuit dice (6**6 faces)."""
    total = Fraction(0)
    w = Fraction(1, 6 ** 6)
    for b1, b2, f1, f2, p1, p2 in itertools.product(D6, repeat=6):
        holds = b1 + b2 + margin <= ld or b1 == b2 == 1
        if not holds and p1 + p2 >= f1 + f2:
            total += w
    return total


def p_rally(ld: int) -> Fraction:
    return sum((p for t, p in roll("2D6").items() if t <= ld), Fraction(0))


def p_charge_catches(move: int, gap: int) -> Fraction:
    reach = 2 * move
    return sum((p for f, p in roll("2D6").items() if reach >= gap + f), Fraction(0))


def p_flee_reaction_run_down(move: int, gap: int, edge: int) -> Fraction:
    """8th edition flee reaction: the charged unit flees 2D6 first and is off the table when that move
    reaches the edge (removed before the charge is rolled); otherwise the charge M + 2D6 runs it down
    when it reaches gap + flee.  Enumerates the four dice."""
    total = Fraction(0)
    for f1, f2, c1, c2 in itertools.product(D6, repeat=4):
        flee = f1 + f2
        if flee < edge and move + c1 + c2 >= gap + flee:
            total += Fraction(1, 6 ** 4)
    return total


def panic_chain(ld: int, edge: int, max_attempts: int) -> dict[str, Fraction]:
    """7th-edition Panic test and what follows on one line: the unit passes on 2D6 <= Ld; a failure flees
    2D6 (no pursuit roll), is removed when its cumulative flee distance reaches ``edge``, and in each of
    its later turns (``max_attempts`` at most) rallies on 2D6 <= Ld or flees another 2D6."""
    two = roll("2D6")
    rally = p_rally(ld)

    @lru_cache(maxsize=None)
    def later(dist: int, attempts: int) -> tuple[Fraction, Fraction]:
        """(rallied, off table) from a unit that has fled ``dist`` so far."""
        if attempts == max_attempts:
            return Fraction(0), Fraction(0)
        r, o = rally, Fraction(0)
        for f, pf in two.items():
            w = (1 - rally) * pf
            if dist + f >= edge:
                o += w
            else:
                r2, o2 = later(dist + f, attempts + 1)
                r, o = r + w * r2, o + w * o2
        return r, o

    fail = 1 - rally
    out = {"passed": rally, "rallied": Fraction(0), "off_table": Fraction(0)}
    for f, pf in two.items():
        if f >= edge:
            out["off_table"] += fail * pf
        else:
            r, o = later(f, 0)
            out["rallied"] += fail * pf * r
            out["off_table"] += fail * pf * o
    out["still_fleeing"] = 1 - sum(out.values())
    return out


def flee_chain(ld: int, edge: int, gap: int, max_attempts: int) -> dict[str, Fraction]:
    """7th-edition flee chain along one line, catch check before the edge check.

    Step 0: flee 2D6 against pursuit 2D6 from ``gap`` (caught if pursuit >= gap + flee; here
    gap = 0).  A survivor that has fled ``edge`` inches or more is off the table.  Then, each
    later turn, a Rally test (2D6 <= Ld) ends the chain; a failure flees 2D6 more, and the unit
    is off the table as soon as its cumulative flee distance reaches ``edge``.
    """
    two = roll("2D6")
    rally = p_rally(ld)

    @lru_cache(maxsize=None)
    def later(dist: int, attempts: int) -> tuple[Fraction, Fraction, Fraction]:
        """(rallied, off table, still fleeing) from a unit that has fled ``dist`` so far."""
        if attempts == max_attempts:
            return Fraction(0), Fraction(0), ONE
        r, o, s = rally, Fraction(0), Fraction(0)
        for f, pf in two.items():
            w = (1 - rally) * pf
            if dist + f >= edge:
                o += w
            else:
                r2, o2, s2 = later(dist + f, attempts + 1)
                r, o, s = r + w * r2, o + w * o2, s + w * s2
        return r, o, s

    out = {"caught": Fraction(0), "rallied": Fraction(0), "off_table": Fraction(0), "still_fleeing": Fraction(0)}
    for f, pf in two.items():
        for p, pp in two.items():
            w = pf * pp
            if p >= gap + f:
                out["caught"] += w
            elif f >= edge:
                out["off_table"] += w
            else:
                r, o, s = later(f, 0)
                out["rallied"] += w * r
                out["off_table"] += w * o
                out["still_fleeing"] += w * s
    assert sum(out.values()) == ONE
    return out


def cases() -> list[dict]:
    out = []
    dists = [
        ("wfb_2d6_distribution", "2D6", "all", "P(2D6 == 7)", 7,
         "Plain 2D6 (two six-sided dice added): the roll behind every flee, pursuit, rally and Leadership "
         "test. Checked outcome: a total of exactly 7; 'distribution' lists every total."),
        ("wfb_highest_of_2d6_distribution", "max2D6", "TOW", "P(max(2D6) == 6)", 6,
         "Highest of two D6 (the Old World Charge roll, Fall Back in Good Order and Fire & Flee). Checked "
         "outcome: the kept die shows 6; 'distribution' lists every value."),
        ("wfb_3d6_drop_lowest_distribution", "3D6 drop lowest", "8th", "P(3D6dl == 9)", 9,
         "Three D6 keeping the two highest (8th-edition Swiftstride flee, pursuit and charge). Checked "
         "outcome: the two kept dice total exactly 9; 'distribution' lists every total."),
    ]
    for cid, name, ed, outcome, v, text in dists:
        d = roll(name)
        out.append(case(cid, text, ed, {"roll": name}, outcome, d[v], distribution=distribution(d), mean=mean(d)))

    pursuits = [
        ("wfb_pursuit_2d6_vs_flee_2d6", "2D6", "2D6", ">=", "6th/7th/8th/Skull Pass",
         "Broken unit flees 2D6 inches, the winner pursues 2D6 inches (both Move 6 or less, no special rules). "
         "A pursuit roll equal to or above the flee roll catches and destroys the unit."),
        ("wfb_pursuit_3d6_vs_flee_2d6", "2D6", "3D6", ">=", "6th/7th",
         "6th/7th edition: fast pursuers (Move above 6, 3D6) chase slow fleers (Move 6 or less, 2D6). "
         "Caught and destroyed when pursuit >= flee."),
        ("wfb_pursuit_2d6_vs_flee_3d6", "3D6", "2D6", ">=", "6th/7th",
         "6th/7th edition: slow pursuers (2D6) chase a broken fast unit (Move above 6, flees 3D6). "
         "Caught and destroyed when pursuit >= flee."),
        ("wfb_pursuit_2d6_vs_flee_2d6_strict", "2D6", "2D6", ">", "variant",
         "Variant (4th-edition style or house rule): 2D6 flee against 2D6 pursuit, but a tie lets the unit "
         "escape; only a strictly higher pursuit roll catches it."),
    ]
    for cid, flee, pursuit, tie, ed, text in pursuits:
        out.append(case(cid, text, ed, {"flee_roll": flee, "pursuit_roll": pursuit, "tie_rule": tie},
                        "P(caught)", p_caught(flee, pursuit, tie)))

    breaks = [
        ("wfb7_break_ld7_lost_by_2_hold", 7, 2, True, "7th",
         "7th-edition Break test of a Leadership 7 unit that lost its combat by 2, with no special rules, "
         "General or Battle Standard: 2D6 + 2 must be 7 or less, and a natural double 1 always holds."),
        ("wfb7_break_ld5_lost_by_4_insane_courage_hold", 5, 4, True, "7th",
         "7th-edition Break test, Leadership 5, combat lost by 4: 2D6 + 4 can never be 5 or less, so only "
         "Insane Courage (a natural double 1) keeps the unit in the fight."),
        ("wfb6_break_ld5_lost_by_4_no_insane_courage_hold", 5, 4, False, "6th",
         "6th-edition Break test (the edition has no Insane Courage), Leadership 5, combat lost by 4: "
         "2D6 + 4 <= 5 cannot happen, so the unit never holds."),
    ]
    for cid, ld, margin, ic, ed, text in breaks:
        out.append(case(cid, text, ed, {"leadership": ld, "margin": margin, "insane_courage": ic,
                                        "bsb_reroll": False}, "P(holds)", p_break_test_holds(ld, margin, ic)))

    out.append(case("wfb_rally_ld7",
                    "Rally test of a fleeing Leadership 7 unit (25 % or more of its models left; no General, "
                    "musician or re-roll): it rallies when 2D6 is 7 or less.",
                    "6th/7th/Skull Pass", {"leadership": 7, "rally_rule": "2D6 <= Ld"}, "P(rallies)", p_rally(7)))
    out.append(case("wfb7_charge_fleeing_unit_m4_gap3",
                    "7th edition / Skull Pass: a Move 4 unit (charge reach 2 x 4 = 8 inches) charges an already "
                    "fleeing enemy 3 inches away in a straight line. The target first flees 2D6 straight away; "
                    "it is destroyed if 8 >= 3 + flee roll (reaching it exactly counts), otherwise the charger "
                    "only moves its normal 4 inches.",
                    "7th/Skull Pass",
                    {"charger_move": 4, "charge_range": "2*M", "gap_inches": 3, "flee_roll": "2D6",
                     "reach_tie": ">="},
                    "P(fleeing unit caught and destroyed)", p_charge_catches(4, 3)))
    out.append(case("wfb7_ld7_lost_by_2_destroyed_in_pursuit",
                    "7th edition: Leadership 7 infantry loses its combat by 2 (no special rules, no General or "
                    "BSB). It breaks when 2D6 + 2 exceeds 7 (a natural double 1 holds), then flees 2D6; the "
                    "winning infantry (Move 6 or less) always pursues 2D6 and destroys it when pursuit >= flee.",
                    "7th",
                    {"leadership": 7, "margin": 2, "flee_roll": "2D6", "pursuit_roll": "2D6", "tie_rule": ">=",
                     "pursuer_restrains": False},
                    "P(unit breaks and is destroyed in the pursuit)", p_breaks_then_caught(7, 2)))

    out.append(case("wfb8_flee_reaction_gap4_edge5_run_down",
                    "8th edition: a unit 4 inches from an M 4 charger flees as its charge reaction, toward a "
                    "table edge 5 inches behind it. It flees 2D6 before the charge is rolled: a flee of 5 or "
                    "more takes it off the table. Otherwise the charge (M + 2D6) runs it down when "
                    "4 + 2D6 >= 4 + flee roll.",
                    "8th",
                    {"charger_move": 4, "charge_range": "M+2D6", "gap_inches": 4, "edge_distance_inches": 5,
                     "flee_roll": "2D6", "reach_tie": ">=", "order": "flee move and edge before the charge"},
                    "P(run down by the charge)", p_flee_reaction_run_down(4, 4, 5)))
    out.append(case("wfb7_draw_winner_musician_destroyed_in_pursuit",
                    "7th edition: a drawn combat (equal scores) where only the winning side has a musician: the "
                    "musician wins the draw by 1. The Leadership 7 loser tests 2D6 + 1 <= 7 (a natural double 1 "
                    "holds), then flees 2D6 and is destroyed when the 2D6 pursuit >= the flee roll.",
                    "7th",
                    {"leadership": 7, "margin_before_musicians": 0, "musician": "winner only", "flee_roll": "2D6",
                     "pursuit_roll": "2D6", "tie_rule": ">="},
                    "P(unit breaks and is destroyed in the pursuit)", p_breaks_then_caught(7, 1)))

    panic = panic_chain(7, 12, 10)
    out.append(case("wfb7_panic_ld7_edge12_rallied",
                    "7th edition: a Leadership 7 unit takes a Panic test (a friend within 6 inches broke). It "
                    "passes on 2D6 <= 7; a failure flees 2D6 straight away from the enemy (no pursuit roll) "
                    "toward a table edge 12 inches behind it, removed when its total flight reaches 12 inches. "
                    "In each later turn (10 at most) it rallies on 2D6 <= 7 or flees another 2D6.",
                    "7th",
                    {"leadership": 7, "edge_distance_inches": 12, "flee_roll": "2D6", "rally_rule": "2D6 <= Ld",
                     "max_rally_attempts": 10, "edge_rule": "cumulative flee distance >= edge distance"},
                    "P(fails the Panic test, then rallies before leaving the table)", panic["rallied"]))

    chain_params = {"leadership": 6, "edge_distance_inches": 12, "initial_gap_inches": 0, "flee_roll": "2D6",
                    "pursuit_roll": "2D6", "tie_rule": ">=", "rally_rule": "2D6 <= Ld", "max_rally_attempts": 10,
                    "edge_rule": "cumulative flee distance >= edge distance removes the unit",
                    "order": "catch check before edge check"}
    chain_text = ("7th edition / Skull Pass flee chain on one line. A Leadership 6 unit (25 % or more of its "
                  "models left, no General, BSB or musician) breaks in base contact with the winner; the table "
                  "edge lies 12 inches behind it along its flee line. In the combat phase it flees 2D6 and the "
                  "winner pursues 2D6: pursuit >= flee destroys it (checked before the edge). A survivor that "
                  "has fled 12 inches or more in total touches the edge and is removed. In each of its later "
                  "turns (10 rally attempts at most) it rallies on 2D6 <= 6 and stops there; a failed test "
                  "flees another 2D6 along the same line, with the same 12-inch edge rule. The pursuer does "
                  "nothing more. A unit that failed all 10 attempts would still be fleeing, which cannot happen "
                  "here because the edge is always reached first.")
    chain = flee_chain(6, 12, 0, 10)
    assert chain["still_fleeing"] == 0
    for suffix, key, outcome in [("destroyed_in_pursuit", "caught", "P(destroyed in the initial pursuit)"),
                                 ("rallied", "rallied", "P(rallies before leaving the table)"),
                                 ("off_table", "off_table", "P(flees off the table edge)")]:
        out.append(case(f"wfb7_chain_ld6_edge12_{suffix}", chain_text, "7th/Skull Pass", dict(chain_params),
                        outcome, chain[key]))
    return out


if __name__ == "__main__":
    write("warhammer", "Warhammer Fantasy Battle 6th/7th/8th edition and Warhammer: The Old World", cases())
