"""Derive the Warhammer "things in the way" oracle cases (tests/oracles/warhammer_obstacles.json).

Standard library only, nothing from fleeodds: each case is its own hand-written enumeration
of the dice (``itertools.product`` over the faces, each model's test die included) with the
movement rule of its edition written out for that one layout of objects. Distances are
inches along the flee line from where the fleeing unit stands; an object is ``[near, far]``.

Rules used (rules digest §3.6):

* 6th (Close Combat, "Move fleeing troops"): a fleeing unit with no room to go round friends
  moves straight through them and is placed beyond them.
* 7th (Close Combat, "Move surviving fleeing troops"; "Subsequent actions of fleeing troops"):
  friends are passed through and the unit is placed beyond them; contact with a non-fleeing
  enemy of Unit Strength 5 or more destroys it; friends fled through take a Panic test.
* 8th (Movement, "Move fleeing units"): a move ending on top of or within 1" of an enemy unit
  carries on until past it (1" beyond); each model takes a Dangerous Terrain test (a 1 on a
  D6 = one model lost); the rally casualty limit (at most 25 % left: only a double 1) is read
  with the models left.
* TOW (Movement in detail, "Fleeing through enemy units"): the same carry-on, 1" beyond; a
  Peril test per model (1-3 on a D6 = one model lost).
* Starter booklet (*Bataille au Col du Crâne*): contact with any unit or terrain piece removes
  the fleeing unit; the flee move is made before the pursuit roll is compared.

Every case's ``parameters`` hold the whole scenario (tests/systems/warhammer/test_warhammer_obstacles.py loads
it as written). Run ``python tests/oracles/derive_warhammer_obstacles.py`` to rewrite the file.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

from _common import case, d6_sums, write

TWO_D6 = d6_sums(2)
D6 = range(1, 7)


def p_2d6_at_most(ld: int) -> Fraction:
    return sum((p for t, p in TWO_D6.items() if t <= ld), Fraction(0))


def unit(name: str, **kw) -> dict:
    return dict({"name": name, "movement": 4, "leadership": 7}, **kw)


def cases_6th() -> list[dict]:
    """A friend at [5, 7] with no room to go round; table edge at 7"; pursued by 2D6.

    6th edition: "If any models from a fleeing unit leave the table edge then the entire unit is [...]
    removed from play" (6th.whfb.app, Subsequent Actions of Fleeing Troops): a unit placed beyond the
    friends exactly at the edge (7") has not left the table; it must go past it (the 6th default,
    ``edge_contact = "leave"``). The same case with ``edge_contact = "touch"`` (removed on reaching the
    edge, the default before the 6th text was read) keeps its former value.
    """
    out = []
    for contact in ("touch", "leave"):
        p_off = Fraction(0)
        for f, pf in TWO_D6.items():
            for p, pp in TWO_D6.items():
                if p >= f:
                    continue  # caught before it moves
                end = f
                if end >= 5:  # reaches the friends: through them, placed beyond (7")
                    end = max(end, 7)
                if (end >= 7) if contact == "touch" else (end > 7):
                    p_off += pf * pp
        params = {"edition": "6th", "situation": "fleeing", "fleeing": unit("F"), "pursuer": unit("P"),
                  "table": {"edge_distance": 7.0, "max_turns": 0},
                  "obstacles": [{"kind": "friend", "distance": 5.0, "depth": 2.0, "room_to_go_around": False}]}
        if contact == "touch":
            params["options"] = {"edge_contact": "touch"}
            out.append(case("wfb6_obstacle_friend_no_room_pushed_off_table",
                            "6th, edge_contact = touch: a unit fleeing 2D6 from a 2D6 pursuer meets friends 5\" "
                            "away with no room to go round: through them, placed beyond at 7\", the table edge",
                            "6th", params, "escaped_off_table", p_off))
        else:
            out.append(case("wfb6_obstacle_friend_no_room_placed_at_the_edge_stays",
                            "6th (a unit is removed when a model leaves the table): a unit fleeing 2D6 from a 2D6 "
                            "pursuer meets friends 5\" away with no room to go round: placed beyond at 7\", on "
                            "the table edge, it stays; only a flee roll above 7 takes it off",
                            "6th", params, "escaped_off_table", p_off))
    return out


def _move_7th(pos: Fraction, f: int):
    """7th: friends at [4, 6.5] passed through (placed beyond); a US 10 enemy at [9, 12] destroys."""
    end = pos + f
    fled_through = False
    if pos < 4 <= end:
        end = max(end, Fraction(13, 2))
        fled_through = True
    if pos < 9 <= end:
        return None, fled_through
    return end, fled_through


def _chain_7th():
    """(P(destroyed by the enemy), P(the friends are fled through)) over a 2-turn chain, Ld 7."""
    rally = p_2d6_at_most(7)

    @lru_cache(maxsize=None)
    def later(pos: Fraction, turn: int, through: bool) -> tuple[Fraction, Fraction]:
        if turn > 2:
            return Fraction(0), Fraction(int(through))
        destroyed, fled = Fraction(0), rally * int(through)
        for f, pf in TWO_D6.items():
            end, now = _move_7th(pos, f)
            passed = through or now
            if end is None:
                destroyed += (1 - rally) * pf
                fled += (1 - rally) * pf * int(passed)
            else:
                d, t = later(end, turn + 1, passed)
                destroyed += (1 - rally) * pf * d
                fled += (1 - rally) * pf * t
        return destroyed, fled

    destroyed, fled = Fraction(0), Fraction(0)
    for f, pf in TWO_D6.items():
        for p, pp in TWO_D6.items():
            if p >= f:
                continue  # caught: destroyed in the pursuit before it moves
            end, now = _move_7th(Fraction(0), f)
            if end is None:
                destroyed += pf * pp
                fled += pf * pp * int(now)
            else:
                d, t = later(end, 1, now)
                destroyed += pf * pp * d
                fled += pf * pp * t
    return destroyed, fled


def cases_7th() -> list[dict]:
    destroyed, fled = _chain_7th()
    params = {"edition": "7th", "situation": "fleeing", "fleeing": unit("F"), "pursuer": unit("P"),
              "table": {"max_turns": 2},
              "obstacles": [{"kind": "friend", "name": "friends", "distance": 4.0, "depth": 2.5, "leadership": 7},
                            {"kind": "enemy", "name": "enemy", "distance": 9.0, "depth": 3.0, "unit_strength": 10}]}
    panic_fail = 1 - p_2d6_at_most(7)
    return [
        case("wfb7_obstacle_friends_then_enemy_us10_chain2_destroyed",
             "7th: fleeing 2D6 from a 2D6 pursuer, Ld 7, two turns of rally tests; friends at [4, 6.5] are "
             "passed through (placed beyond), a non-fleeing US 10 enemy at 9\" destroys on contact, also in "
             "the later flee moves", "7th", params, "destroyed_contact", destroyed),
        case("wfb7_obstacle_friends_fled_through_fail_panic",
             "7th, the same chain: the friends (Ld 7) are fled through and fail their Panic test "
             "(P(fled through) x P(2D6 > 7))", "7th", params, "friend_fails_panic.friends",
             fled * panic_fail),
    ]


def case_8th() -> dict:
    """8th: an enemy at [6, 8], 1" clearance: a move ending at 5" or more goes on to 9"; each of
    3 models (of 4) takes a Dangerous Terrain test; then one rally test with the models left."""
    total = Fraction(0)
    rally_normal = p_2d6_at_most(7)
    rally_double1 = Fraction(1, 36)
    for f, pf in TWO_D6.items():
        models = 3
        if f >= 5:
            for dice in itertools.product(D6, repeat=3):
                left = sum(1 for d in dice if d != 1)
                if left == 0:
                    continue  # destroyed by the tests
                q = pf * Fraction(1, 6 ** 3)
                total += q * (rally_double1 if left / 4 <= 0.25 else rally_normal)
        else:
            total += pf * (rally_double1 if models / 4 <= 0.25 else rally_normal)
    params = {"edition": "8th", "situation": "fleeing",
              "fleeing": unit("F", models_start=4, models_left=3), "pursuer": unit("P"),
              "table": {"max_turns": 1}, "options": {"pursuer_restrains": "always"},
              "obstacles": [{"kind": "enemy", "distance": 6.0, "depth": 2.0}]}
    return case("wfb8_obstacle_enemy_dangerous_terrain_rally_after_losses",
                "8th: an unpursued unit of 3 models (of 4), Ld 7, flees 2D6 toward an enemy unit at [6, 8]: "
                "ending within 1\" it flees through to 9\", each model tests Dangerous Terrain (a 1 = lost); "
                "rallies on the next turn (only a double 1 with 25 % or fewer left)", "8th", params, "rallied",
                total)


def case_tow() -> dict:
    """TOW: an enemy at [5, 7], 1" clearance, table edge at 9"; 2 models take Peril tests (1-3)."""
    total = Fraction(0)
    for f, pf in TWO_D6.items():
        for p, pp in TWO_D6.items():
            if p >= f:
                continue  # caught first
            end = f
            if end >= 4:  # within 1" of the enemy: through it, 1" beyond
                end = max(end, 8)
            else:
                continue
            if end >= 9:
                continue  # off the table: removed, no tests
            for dice in itertools.product(D6, repeat=2):
                if all(d <= 3 for d in dice):
                    total += pf * pp * Fraction(1, 36)
    params = {"edition": "tow", "situation": "fleeing",
              "fleeing": unit("F", models_start=10, models_left=2), "pursuer": unit("P"),
              "table": {"edge_distance": 9.0, "max_turns": 0},
              "obstacles": [{"kind": "enemy", "distance": 5.0, "depth": 2.0}]}
    return case("tow_obstacle_enemy_peril_tests_destroy_last_two",
                "TOW: the last 2 models flee 2D6 from a 2D6 pursuer toward an enemy unit at [5, 7] with the "
                "table edge at 9\": ending within 1\" they flee through to 8\" and each takes a Peril test "
                "(1-3 = lost); both lost = destroyed", "tow", params, "destroyed_contact", total)


def case_starter() -> dict:
    """Starter: impassable terrain at [6, 8]; the flee move (contact = removed) comes before the catch."""
    caught = Fraction(0)
    for f, pf in TWO_D6.items():
        if f >= 6:
            continue  # contact with the terrain removes the unit first
        for p, pp in TWO_D6.items():
            if p >= f:
                caught += pf * pp
    params = {"edition": "starter", "situation": "fleeing", "fleeing": unit("F"), "pursuer": unit("P"),
              "table": {"max_turns": 0}, "obstacles": [{"kind": "impassable", "distance": 6.0, "depth": 2.0}]}
    return case("starter_obstacle_terrain_contact_before_catch",
                "Starter booklet: fleeing 2D6 from a 2D6 pursuer with a terrain piece 6\" away: a flee roll "
                "of 6 or more touches it and removes the unit before the pursuit; otherwise caught when the "
                "pursuit roll is at least the flee roll", "starter", params, "caught", caught)


def main(argv=None):
    cases = [*cases_6th(), *cases_7th(), case_8th(), case_tow(), case_starter()]
    write("warhammer_obstacles", "Warhammer: things in the way of a flee move", cases, argv)


if __name__ == "__main__":
    main()
