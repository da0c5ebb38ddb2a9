"""Exact solver of the chase: an absorbing Markov chain over (round, hit points).

The positions of every round are fixed by the choices (:mod:`..plan.chase`), so the only random state is
the runner's hit points; each attack convolves that distribution with its exact miss / hit / critical
damage distribution (:func:`..plan.rules.attack_outcome`, :func:`..plan.rules.damage_pmf`), and the mass
that reaches 0 HP is absorbed as ``down`` (or ``dead`` on an instant death) in that round. At the end of
the round the runner reaches safety, the rest is absorbed as ``escaped``; after the last round, as
``still_chased``. Exact in :class:`fractions.Fraction`.
"""


from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ..plan.chase import O_DEAD, O_DOWN, O_ESCAPED, O_STILL, ChasePlan
from ..plan.rules import attack_outcome, damage_pmf


def solve_chase(plan: ChasePlan, mode: str = "float") -> dict[tuple[int, int], object]:
    """Exact ``{(outcome index, round): probability}`` of the chase.

    Parameters
    ----------
    plan : ChasePlan
    mode : {"float", "fraction"}

    Returns
    -------
    dict
        Outcomes in the order of :data:`..plan.chase.CHASE_OUTCOMES`; the round is the one the outcome
        happens in (``still_chased``: the last round).

    References
    ----------
    SRD 5.1 *Combat* / SRD 5.2 *Playing the Game* (see :mod:`..plan.chase`); SRD 5.1 "Instant Death",
    SRD 5.2 *Rules Glossary*, "Hit Points".
    """
    num: Callable = Fraction if mode == "fraction" else float
    spec = plan.spec
    hp_max = spec.hp_max
    tables = {}

    def table(a):
        key = (a.attack_bonus, a.ac, a.threat_low, a.advantage, a.damage)
        if key not in tables:
            odds = attack_outcome(spec.edition, a.attack_bonus, a.ac, a.threat_low, advantage=a.advantage)
            rows = [(num(odds.miss), 0)]
            for d, p in damage_pmf(a.damage, plan.damage_rule).items():
                rows.append((num(odds.hit * p), d))
            for d, p in damage_pmf(a.damage, plan.damage_rule, crit=True).items():
                rows.append((num(odds.crit * p), d))
            tables[key] = [(p, d) for p, d in rows if p]
        return tables[key]

    out: dict[tuple[int, int], object] = {}

    def absorb(code, r, p):
        if p:
            out[(code, r)] = out.get((code, r), num(0)) + p

    dist: dict[int, object] = {spec.hp: num(1)}
    by_round: dict[int, list] = {}
    for a in plan.attacks:
        by_round.setdefault(a.round, []).append(a)
    last = plan.escape_round or spec.rounds
    for r in range(1, last + 1):
        for a in by_round.get(r, []):
            nxt: dict[int, object] = {}
            for hp, p in dist.items():
                for q, d in table(a):
                    left = hp - d
                    if left > 0:
                        nxt[left] = nxt.get(left, num(0)) + p * q
                    elif d - hp >= hp_max:  # the damage left over at 0 HP reaches the maximum: dead
                        absorb(O_DEAD, r, p * q)
                    else:
                        absorb(O_DOWN, r, p * q)
            dist = nxt
    alive = sum(dist.values(), num(0))
    absorb(O_ESCAPED if plan.escape_round else O_STILL, last, alive)
    return out


def chase_summary(plan: ChasePlan, mode: str = "fraction") -> dict[str, object]:
    """P(escapes), P(down), P(dead) by round (cumulative), and the expected rounds to safety.

    Parameters
    ----------
    plan : ChasePlan
    mode : {"fraction", "float"}

    Returns
    -------
    dict
        ``by_round``: ``{round: {"escaped", "down", "dead", "still_chased"}}`` (cumulative; still chased:
        neither safe nor down yet after that round); ``p_escapes``; ``mean_rounds_to_safety``: the mean
        round of safety among the runners who reach it (``None`` when none does); ``mean_rounds``: the
        mean round the chase ends in, over every outcome.

    References
    ----------
    As :func:`solve_chase`.
    """
    num: Callable = Fraction if mode == "fraction" else float
    dist = solve_chase(plan, mode)
    rounds = plan.spec.rounds
    by_round = {}
    run = {"escaped": num(0), "down": num(0), "dead": num(0)}
    names = {O_ESCAPED: "escaped", O_DOWN: "down", O_DEAD: "dead"}
    for r in range(1, rounds + 1):
        for (o, rr), p in dist.items():
            if rr == r and o in names:
                run[names[o]] += p
        row = dict(run)
        still = 1 - (row["escaped"] + row["down"] + row["dead"])
        row["still_chased"] = still if mode == "fraction" else max(0.0, still)  # no -4e-16 from float sums
        by_round[r] = row
    esc = sum((p for (o, _r), p in dist.items() if o == O_ESCAPED), num(0))
    mean_safe = (sum((r * p for (o, r), p in dist.items() if o == O_ESCAPED), num(0)) / esc) if esc else None
    return {"by_round": by_round, "p_escapes": esc, "mean_rounds_to_safety": mean_safe,
            "mean_rounds": sum((r * p for (_o, r), p in dist.items()), num(0))}
