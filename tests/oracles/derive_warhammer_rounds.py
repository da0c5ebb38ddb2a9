"""Derive oracle cases of a Warhammer fight over several rounds (situation ``fight``, ``fight.max_rounds``).

Standard library only, written from the digest (docs/warhammer_combat.md §3, §5 and §10) without
fleeodds. Two units of two one-Wound models in one rank fight round after round: each model has one
attack that causes an unsaved wound with p = 1/4 (WS3 v WS3: 4+; S3 v T3: 4+; no saves). A round's
casualties come off before the next round; a drawn round, or a loser that passes its Break test
(Leadership 7 on 2D6, minus the margin; a double 1 always passes), leads to another round. A unit that
fails breaks (its flight and the pursuit are summed here: "broke"); a unit wiped out loses. After the
last round the fight still going on is counted apart.

- 8th: equal Initiative strikes simultaneously; the combat result is the wounds caused (no rank bonus
  with two files, no outnumbering).
- 7th: the charger strikes first in round 1; later rounds at equal Initiative roll off (half and half);
  the side striking second has lost the attacks of its slain models; +1 for outnumbering the foe after
  the casualties.

Run ``python tests/oracles/derive_warhammer_rounds.py`` to rewrite ``warhammer_rounds.json``.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from _common import case, distribution, write

P = Fraction(1, 4)
LD = 7
ROUNDS = 10


def binom(n: int, k: int) -> Fraction:
    return comb(n, k) * P ** k * (1 - P) ** (n - k)


def passes(margin: int) -> Fraction:
    """P(2D6 <= Ld - margin, or a double 1)."""
    ok = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= LD - margin or (a == 1 and b == 1))
    return Fraction(ok, 36)


def round_law(edition: str, k: int, a: int, b: int):
    """[(alive unit, alive enemy, margin unit - enemy, P)] of round k from a and b models."""
    out = []
    if edition == "8th":
        orders = [("both", Fraction(1))]
    elif k == 1:
        orders = [("unit", Fraction(1))]  # the unit charged
    else:
        orders = [("unit", Fraction(1, 2)), ("enemy", Fraction(1, 2))]
    for order, q in orders:
        if order == "both":
            for wu in range(a + 1):
                for we in range(b + 1):
                    out.append((a - min(we, a), b - min(wu, b), wu, we, q * binom(a, wu) * binom(b, we)))
        elif order == "unit":
            for wu in range(a + 1):
                b2 = b - min(wu, b)
                for we in range(b2 + 1):  # the slain do not strike back
                    out.append((a - min(we, a), b2, wu, we, q * binom(a, wu) * binom(b2, we)))
        else:
            for we in range(b + 1):
                a2 = a - min(we, a)
                for wu in range(a2 + 1):
                    out.append((a2, b - min(wu, b), wu, we, q * binom(a2, wu) * binom(b, we)))
    law = []
    for au, ae, wu, we, q in out:
        su, se = min(wu, b), min(we, a)
        if edition == "7th":
            su += 1 if au > ae else 0
            se += 1 if ae > au else 0
        law.append((au, ae, su - se, q))
    return law


def fight(edition: str):
    ends: dict[str, Fraction] = {}
    by_round: dict[int, Fraction] = {}
    mass = {(2, 2): Fraction(1)}
    for k in range(1, ROUNDS + 1):
        nxt: dict[tuple[int, int], Fraction] = {}
        for (a, b), m in mass.items():
            for au, ae, d, q in round_law(edition, k, a, b):
                w = m * q
                end = None
                if au == 0 and ae == 0:
                    end = "both_destroyed"
                elif ae == 0:
                    end = "enemy_destroyed"
                elif au == 0:
                    end = "unit_destroyed"
                if end is None and d != 0:
                    loser = "enemy" if d > 0 else "unit"
                    held = passes(abs(d))
                    ends[f"{loser}_broke"] = ends.get(f"{loser}_broke", Fraction(0)) + w * (1 - held)
                    by_round[k] = by_round.get(k, Fraction(0)) + w * (1 - held)
                    w = w * held
                    end = None
                if end is not None:
                    ends[end] = ends.get(end, Fraction(0)) + w
                    by_round[k] = by_round.get(k, Fraction(0)) + w
                else:
                    nxt[(au, ae)] = nxt.get((au, ae), Fraction(0)) + w
        mass = nxt
    still = sum(mass.values(), Fraction(0))
    ends["still_fighting"] = still
    by_round[ROUNDS] = by_round.get(ROUNDS, Fraction(0)) + still
    return ends, by_round


def main(argv=None) -> None:
    unit = {"name": "A", "movement": 4, "leadership": LD, "weapon_skill": 3, "strength": 3, "toughness": 3,
            "wounds": 1, "initiative": 3, "attacks": 1, "models": 2, "files": 2}
    cases = []
    for edition, charger in (("8th", "none"), ("7th", "unit")):
        ends, by_round = fight(edition)
        params = {"system": "warhammer", "edition": edition, "situation": "fight", "table": {"max_turns": 0},
                  "fight": {"charger": charger, "unit": dict(unit), "enemy": dict(unit, name="B")}}
        cases.append(case(f"rounds_{edition}_two_against_two", f"{edition}: two models against two, fought until "
                          f"resolved ({ROUNDS} rounds at most); P(the enemy breaks)", edition, params,
                          "enemy_broke", ends["enemy_broke"],
                          ends={k: f"{v.numerator}/{v.denominator}" for k, v in sorted(ends.items())},
                          decided_in_round=distribution(by_round)))
    write("warhammer_rounds", "Warhammer close combat over several rounds", cases, argv)


if __name__ == "__main__":
    main()
