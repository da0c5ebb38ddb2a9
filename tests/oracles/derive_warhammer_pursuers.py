"""Derive oracle cases of several Warhammer pursuers and chargers on one fleeing unit.

Standard library only, written from the rules without fleeodds:

- 7th edition, close combat, "Multiple fleeing and pursuing" / "Move surviving fleeing troops":
  every pursuer rolls its own pursuit after the flee roll; the unit is destroyed when any
  pursuer's roll reaches it (head on: pursuit >= gap + flee), and escapes only when it beats
  them all. The rulebook's diagram: two foot units (M 4, 2D6) and a unit of wolves (M 9, 3D6).
- A unit charged by several units flees once, then each charger's reach is compared with its
  own gap plus the flee roll (6th/7th reach 2 x M; 8th M + 2D6; TOW M + the higher of 2D6).
- "Caught by X" credits the first unit in the list (the order the dice are rolled) whose
  roll reaches the fleeing unit.

Each probability comes from enumerating every die face with ``fractions.Fraction``.
Run ``python tests/oracles/derive_warhammer_pursuers.py`` to rewrite
``warhammer_pursuers.json`` (``--out DIR`` writes elsewhere).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from _common import case, d6_sums, distribution, mean, write

ONE = Fraction(1)
TWO_D6 = d6_sums(2)
THREE_D6 = d6_sums(3)


def two_d6_with_highest() -> dict[tuple[int, int], Fraction]:
    """(total, highest die) of 2D6, every face pair enumerated."""
    out: dict[tuple[int, int], Fraction] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        k = (a + b, max(a, b))
        out[k] = out.get(k, Fraction(0)) + Fraction(1, 36)
    return out


def higher_of_2d6() -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        out[max(a, b)] = out.get(max(a, b), Fraction(0)) + Fraction(1, 36)
    return out


def p_ld_pass(ld: int) -> Fraction:
    """2D6 <= Ld (7th restraint test: no natural-double rule)."""
    return sum((p for t, p in TWO_D6.items() if t <= ld), Fraction(0))


def p_broken_7th(ld: int, margin: int) -> Fraction:
    """7th Break test: broken if 2D6 + margin > Ld, unless a natural double 1 (Insane Courage)."""
    broken = Fraction(0)
    for a, b in itertools.product(range(1, 7), repeat=2):
        if a == b == 1:
            continue
        if a + b + margin > ld:
            broken += Fraction(1, 36)
    return broken


def pursuit(flee: dict, pursuers: list[tuple[dict, int, Fraction]]) -> dict:
    """P(caught by pursuer i) for i in order (first that reaches), and P(escaped).

    ``pursuers``: (pursuit roll distribution, gap, probability it pursues) each; a
    restrained pursuer rolls nothing. Enumerates the flee roll and every pursuer's roll.
    """
    out: dict = {}
    for f, pf in flee.items():
        rolls = []
        for dist, gap, chase in pursuers:
            opts = [(p, pp * chase) for p, pp in dist.items()]
            if chase != 1:
                opts.append((None, 1 - chase))  # restrained
            rolls.append((opts, gap))
        for combo in itertools.product(*[opts for opts, _ in rolls]):
            prob = pf
            by = None
            for i, ((p, pp), (_, gap)) in enumerate(zip(combo, rolls)):
                prob *= pp
                if by is None and p is not None and p >= gap + f:
                    by = i
            out[by] = out.get(by, Fraction(0)) + prob
    return out


def charges(flee: dict, chargers: list[tuple[dict, int]]) -> dict:
    """P(run down by charger i) (first whose reach covers its gap + the flee roll), P(escaped) at None.

    ``chargers``: (reach distribution, gap) each, every reach enumerated.
    """
    out: dict = {}
    for f, pf in flee.items():
        for combo in itertools.product(*[list(d.items()) for d, _ in chargers]):
            prob = pf
            by = None
            for i, ((reach, pr), (_, gap)) in enumerate(zip(combo, chargers)):
                prob *= pr
                if by is None and reach >= gap + f:
                    by = i
            out[by] = out.get(by, Fraction(0)) + prob
    return out


def shifted(dist: dict, k: int) -> dict:
    return {v + k: p for v, p in dist.items()}


def chain_two_chasers_one_turn(m: tuple[int, int], rolls: tuple[dict, dict], ld: int) -> dict:
    """7th: a fleeing unit (2D6) pursued by two units (``rolls``, gap 0), both charging it again.

    Turn 1, the fleeing side first: a rally test (2D6 <= Ld) or a flee move of 2D6; then the
    enemy turn: each chaser that can declare (gap <= 2 x M) charges; the unit flees 2D6 once and
    is run down when a reach of 2 x M covers the chaser's gap; a chaser out of range marches 2 x M.
    Returns {outcome: probability} over caught (by 0/1), rallied, run down (by 0/1), still fleeing.
    """
    out: dict = {}

    def add(k, p):
        out[k] = out.get(k, Fraction(0)) + p

    p_rally = p_ld_pass(ld)
    for f0, p0 in TWO_D6.items():
        for (r1, q1), (r2, q2) in itertools.product(rolls[0].items(), rolls[1].items()):
            w = p0 * q1 * q2
            if r1 >= f0:
                add(("caught", 0), w)
                continue
            if r2 >= f0:
                add(("caught", 1), w)
                continue
            add(("rallied",), w * p_rally)
            for f1, p1 in TWO_D6.items():
                gaps = [f0 - r1 + f1, f0 - r2 + f1]
                w1 = w * (1 - p_rally) * p1
                in_range = [g <= 2 * mi for g, mi in zip(gaps, m)]
                if not any(in_range):
                    add(("still_fleeing",), w1)
                    continue
                for f2, p2 in TWO_D6.items():
                    by = None
                    for i in range(2):
                        if in_range[i] and by is None and 2 * m[i] >= gaps[i] + f2:
                            by = i
                    add(("run_down", by) if by is not None else ("still_fleeing",), w1 * p2)
    return out


def main(argv=None):
    cases = []
    feet = [("Orc Boyz", 4), ("Orc Arrer Boyz", 4)]
    wolves = ("Wolf Riders", 9)
    diagram = {"fleeing": {"name": "Empire Swordsmen", "movement": 4, "leadership": 7, "flee_roll": "2D6"},
               "pursuers": [{"name": n, "movement": mv, "pursuit_roll": "3D6" if mv > 6 else "2D6", "gap": 0}
                            for n, mv in feet + [wolves]]}

    three = [(TWO_D6, 0, ONE), (TWO_D6, 0, ONE), (THREE_D6, 0, ONE)]
    res = pursuit(TWO_D6, three)
    caught = 1 - res[None]
    cases.append(case("wfb7_diagram_three_pursuers_caught",
                      "7th: a unit fleeing 2D6 from two foot units (2D6) and Wolf Riders (3D6), all in contact: "
                      "caught when any pursuit roll reaches the flee roll", "7th", diagram, "caught", caught))
    cases.append(case("wfb7_diagram_caught_by_wolf_riders",
                      "7th diagram: the foot units both miss and the Wolf Riders (listed third) catch it",
                      "7th", diagram, "caught_by_3", res[2]))
    cases.append(case("wfb7_diagram_caught_by_first_foot_unit",
                      "7th diagram: the first listed foot unit's roll reaches it (credited first)",
                      "7th", diagram, "caught_by_1", res[0]))

    brk = p_broken_7th(7, 2)
    params = dict(diagram, fleeing=dict(diagram["fleeing"]), combat_margin=2)
    cases.append(case("wfb7_diagram_break_ld7_lost_by_2_caught",
                      "7th diagram after the combat: Ld 7 lost by 2 (Insane Courage on a double 1), then the "
                      "three pursuits", "7th", params, "caught", brk * caught))

    at = [(TWO_D6, 0, ONE), (TWO_D6, 2, ONE), (THREE_D6, 4, ONE)]
    params = {"fleeing": diagram["fleeing"],
              "pursuers": [dict(p, gap=g) for p, g in zip(diagram["pursuers"], (0, 2, 4))]}
    cases.append(case("wfb7_three_pursuers_at_0_2_4_caught",
                      "7th: the diagram's pursuers 0\", 2\" and 4\" from the fleeing unit: each needs its gap "
                      "plus the flee roll", "7th", params, "caught", 1 - pursuit(TWO_D6, at)[None]))

    lds = (8, 7, 6)
    restrained = [(d, 0, 1 - p_ld_pass(ld)) for (d, _, _), ld in zip(three, lds)]
    params = {"fleeing": diagram["fleeing"], "pursuer_restrains": "ld_test",
              "pursuers": [dict(p, leadership=ld) for p, ld in zip(diagram["pursuers"], lds)]}
    cases.append(case("wfb7_diagram_each_tests_to_restrain_caught",
                      "7th diagram, each pursuer tests its own Leadership (8, 7, 6) to restrain and pursues "
                      "when it fails", "7th", params, "caught", 1 - pursuit(TWO_D6, restrained)[None]))

    two = [(shifted({0: ONE}, 8), 3), (shifted({0: ONE}, 18), 10)]
    params = {"fleeing": {"name": "Empire Swordsmen", "movement": 4, "flee_roll": "2D6"},
              "chargers": [{"name": "Orc Boyz", "movement": 4, "reach": "8", "gap": 3},
                           {"name": "Wolf Riders", "movement": 9, "reach": "18", "gap": 10}]}
    res = charges(TWO_D6, two)
    cases.append(case("wfb7_two_chargers_gap3_gap10_run_down",
                      "7th: a fleeing unit charged by Orc Boyz (8\") 3\" away and Wolf Riders (18\") 10\" away "
                      "flees 2D6 once; run down when either reach covers its gap plus the flee roll",
                      "7th", params, "run_down", 1 - res[None]))

    reach8 = [(shifted(TWO_D6, 4), 6), (shifted(TWO_D6, 5), 7)]
    params = {"fleeing": {"name": "Empire Swordsmen", "movement": 4, "flee_roll": "2D6"},
              "chargers": [{"name": "Orc Boyz", "movement": 4, "reach": "4+2D6", "gap": 6},
                           {"name": "Boar Boyz", "movement": 5, "reach": "5+2D6", "gap": 7}]}
    res = charges(TWO_D6, reach8)
    cases.append(case("wfb8_two_chargers_run_down_by_second",
                      "8th flee reaction: two chargers (M + 2D6) 6\" and 7\" away; the first misses and the "
                      "second reaches the unit", "8th", params, "run_down_by_2", res[1]))
    cases.append(case("wfb8_two_chargers_run_down",
                      "8th flee reaction: two chargers (M + 2D6) 6\" and 7\" away; run down by either",
                      "8th", params, "run_down", 1 - res[None]))

    tow = [(shifted(higher_of_2d6(), 4), 5), (shifted(higher_of_2d6(), 8), 9)]
    params = {"fleeing": {"name": "Empire Swordsmen", "movement": 4, "flee_roll": "2D6"},
              "chargers": [{"name": "Orc Mob", "movement": 4, "reach": "4+max2D6", "gap": 5},
                           {"name": "Wolf Riders", "movement": 8, "reach": "8+max2D6", "gap": 9}]}
    cases.append(case("tow_two_chargers_run_down",
                      "TOW flee reaction: chargers M + the higher of 2D6, 5\" and 9\" away (within M + 6); run "
                      "down by either", "tow", params, "run_down", 1 - charges(TWO_D6, tow)[None]))

    # a failed charger's move (8th: the highest die of its charge roll; 0 when its reach covers the distance)
    metric: dict[int, Fraction] = {}
    for f, pf in TWO_D6.items():
        for (total, high), pc in two_d6_with_highest().items():
            move = 0 if 4 + total >= 6 + f else high
            metric[move] = metric.get(move, Fraction(0)) + pf * pc
    params = {"fleeing": {"name": "Empire Swordsmen", "movement": 4, "flee_roll": "2D6"},
              "charger": {"name": "Orc Boyz", "movement": 4, "reach": "4+2D6", "gap": 6}}
    cases.append(case("wfb8_failed_charge_moves_highest_die",
                      "8th flee reaction 6\" from an M 4 charger: the charge fails when 4 + 2D6 < 6 + flee, and "
                      "the charger then moves its highest die (metric 0 when the charge reaches)", "8th", params,
                      "failed_charge", 1 - metric[0], distribution=distribution(metric), mean=mean(metric)))

    chain = chain_two_chasers_one_turn((4, 9), (TWO_D6, THREE_D6), 7)
    params = {"fleeing": {"name": "Empire Swordsmen", "movement": 4, "leadership": 7, "flee_roll": "2D6"},
              "pursuers": [{"name": "Orc Boyz", "movement": 4, "pursuit_roll": "2D6", "gap": 0,
                            "keeps_charging": True},
                           {"name": "Wolf Riders", "movement": 9, "pursuit_roll": "3D6", "gap": 0,
                            "keeps_charging": True}],
              "max_turns": 1, "first_turn": "fleeing_side"}
    run_down = sum((p for k, p in chain.items() if k[0] == "run_down"), Fraction(0))
    cases.append(case("wfb7_two_chasers_keep_charging_one_turn_run_down",
                      "7th: pursued by Orc Boyz (2D6) and Wolf Riders (3D6), the unit fails its rally test (Ld 7) "
                      "and flees 2D6; in the enemy turn each chaser within 2 x M charges, the unit flees 2D6 "
                      "once and is run down when a reach of 2 x M covers that chaser's gap",
                      "7th", params, "run_down", run_down))
    cases.append(case("wfb7_two_chasers_keep_charging_one_turn_run_down_by_2",
                      "the same chain: run down by the Wolf Riders (the Orc Boyz' charge, rolled first, misses "
                      "or is not declared)", "7th", params, "run_down_by_2", chain[("run_down", 1)]))
    cases.append(case("wfb7_two_chasers_keep_charging_one_turn_still_fleeing",
                      "the same chain: neither caught, rallied nor run down after one turn", "7th", params,
                      "still_fleeing", chain[("still_fleeing",)]))
    write("warhammer_pursuers", "Warhammer: several pursuers and chargers", cases, argv)


if __name__ == "__main__":
    main()
