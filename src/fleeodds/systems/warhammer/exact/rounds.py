"""Exact law of a fight over several rounds: a chain over (state, round), the state being the models left on
each side and the wounds each side's wounded model carries (docs/warhammer_combat.md §17).

Each round is a black box (:func:`..exact.combat.round_law` on the round's rules): from the state at the
start of round ``k`` it gives the ways the round ends. An ending either
decides the fight (a side destroyed, a loser that breaks: a terminal outcome) or leads to round
``k + 1`` with the state it left (a draw, a loser that held its Break test). Rounds only go forward, so
the chain is acyclic and a forward propagation of the mass, round by round, is exact (in Fractions or
floats alike). After ``max_rounds`` rounds the mass still fighting ends in the terminal outcome of the
way its last round ended (a draw, a held Break test).
"""

from __future__ import annotations

from typing import Callable, Hashable, Mapping

#: ``step(k, state)`` -> ``{next: P}``: ``next`` is ``("go", state, why)`` for another round from ``state``
#: (``why``: the terminal outcome if no round follows), or ``("end", outcome)`` for a terminal outcome.
Step = Callable[[int, Hashable], Mapping[tuple, object]]


def several_rounds(start: Hashable, step: Step, max_rounds: int, zero=0) -> dict[tuple[Hashable, int], object]:
    """``{(outcome, round decided): P}`` of a fight started in ``start``.

    Parameters
    ----------
    start : hashable
        The state at the start of round 1 (models on each side, no wound carried).
    step : callable
        ``step(k, state)``: the round's endings from ``state`` in round ``k`` (see :data:`Step`),
        probabilities summing to 1; the caller caches it (a state's later rounds are alike).
    max_rounds : int
        Rounds fought at most (at least 1).
    zero : Fraction or float
        The additive zero of the probabilities.

    Returns
    -------
    dict[(hashable, int), Fraction or float]
        Terminal outcome and the round it was decided in (``max_rounds`` for a fight still going on).

    References
    ----------
    docs/warhammer_combat.md §17 (several rounds: a draw or a held Break test leads to another round).
    """
    out: dict[tuple[Hashable, int], object] = {}
    mass: dict[Hashable, object] = {start: 1}
    for k in range(1, max_rounds + 1):
        nxt: dict[Hashable, object] = {}
        last = k == max_rounds
        for state, m in mass.items():
            for what, p in step(k, state).items():
                if what[0] == "end" or last:
                    key = (what[1] if what[0] == "end" else what[2], k)
                    out[key] = out.get(key, zero) + m * p
                else:
                    nxt[what[1]] = nxt.get(what[1], zero) + m * p
        mass = nxt
        if not mass:
            break
    return out
