"""Derive the 5e death-save oracle cases (tests/oracles/dnd_death_saves.json) by enumerating save sequences.

Standard library only, no fleeodds, and no Markov chain: one save has four results (natural 20,
success, failure, natural 1), whose probabilities come from enumerating the d20 (or the 400 pairs
of d20 with advantage or disadvantage). Every sequence of five results (4**5 = 1024 of them) is
then walked from the starting marks until it ends; a sequence's weight is the product of its
results' probabilities, and the saves after the end do not matter (their weights sum to 1).
Five saves always suffice (every save adds a mark or ends the chain, and from 0 successes and
0 failures the fifth mark ends it).

Rule (SRD 5.1, "Death Saving Throws"; the same in SRD 5.2): roll a d20 at the start of each turn;
10 or more is a success, less a failure; a natural 1 counts two failures; a natural 20 brings the
character back with 1 HP; three successes: stable; three failures: dead. A flat bonus is added to
the die, not to the natural 1 or 20, which are read on the kept die.

Run ``python tests/oracles/derive_dnd_death_saves.py`` to rewrite the JSON file.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from _common import case, distribution, mean, write

RESULTS = ("nat20", "success", "failure", "nat1")


def one_save(bonus: int, keep: str) -> dict[str, Fraction]:
    """The four results of one save, from the d20 faces (keep = "one", "higher" or "lower")."""
    rolls = [(f,) for f in range(1, 21)] if keep == "one" else list(itertools.product(range(1, 21), repeat=2))
    out = {r: Fraction(0) for r in RESULTS}
    for roll in rolls:
        face = roll[0] if keep == "one" else (max(roll) if keep == "higher" else min(roll))
        if face == 20:
            r = "nat20"
        elif face == 1:
            r = "nat1"
        elif face + bonus >= 10:
            r = "success"
        else:
            r = "failure"
        out[r] += Fraction(1, len(rolls))
    return out


def walk(seq, successes: int, failures: int) -> tuple[str, int]:
    """Outcome and the number of saves rolled, following one sequence of results."""
    s, f = successes, failures
    for k, r in enumerate(seq, start=1):
        if r == "nat20":
            return "back_up", k
        if r == "success":
            s += 1
        else:
            f += 2 if r == "nat1" else 1
        if s >= 3:
            return "stable", k
        if f >= 3:
            return "dead", k
    raise AssertionError("five saves always end the chain")


def enumerate_saves(successes: int, failures: int, bonus: int, keep: str):
    per = one_save(bonus, keep)
    outcome = {"back_up": Fraction(0), "stable": Fraction(0), "dead": Fraction(0)}
    rounds: dict[int, Fraction] = {}
    for seq in itertools.product(RESULTS, repeat=5):
        w = Fraction(1)
        for r in seq:
            w *= per[r]
        if not w:
            continue
        o, k = walk(seq, successes, failures)
        outcome[o] += w
        rounds[k] = rounds.get(k, Fraction(0)) + w
    return outcome, rounds


SETUPS = [
    ("flat", "from 0 successes and 0 failures, a plain d20", 0, 0, 0, "one"),
    ("one_failure", "from 1 failure (a hit taken at 0 HP), a plain d20", 0, 1, 0, "one"),
    ("two_failures", "from 2 failures (a critical taken at 0 HP), a plain d20", 0, 2, 0, "one"),
    ("two_and_two", "from 2 successes and 2 failures: the next save decides", 2, 2, 0, "one"),
    ("bonus_2", "from 0 and 0 with a +2 bonus", 0, 0, 2, "one"),
    ("advantage", "from 0 and 0 with advantage", 0, 0, 0, "higher"),
    ("disadvantage_one_success", "from 1 success with disadvantage", 1, 0, 0, "lower"),
    ("penalty_1_two_failures", "from 2 failures with a -1 penalty", 0, 2, -1, "one"),
]


def main(argv=None):
    cases = []
    for cid, text, s, f, bonus, keep in SETUPS:
        outcome, rounds = enumerate_saves(s, f, bonus, keep)
        params = {"successes": s, "failures": f, "bonus": bonus,
                  "advantage": {"one": 0, "higher": 1, "lower": -1}[keep]}
        for o in ("back_up", "stable", "dead"):
            extra = {"distribution": distribution(rounds), "mean": mean(rounds)} if o == "dead" else {}
            cases.append(case(f"death_saves_{cid}_{o}", f"5e death saves {text}: P({o}); the distribution is the "
                              f"number of saves rolled", "5e2014", params, o, outcome[o], **extra))
    write("dnd_death_saves", "D&D 5e death saving throws (enumerated save sequences)", cases, argv)


if __name__ == "__main__":
    main()
