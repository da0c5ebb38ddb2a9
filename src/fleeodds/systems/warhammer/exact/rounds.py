"""Exact law of a fight over several rounds: a chain over (models left on each side, round).

Each round is a black box (:func:`..exact.combat.round_distribution` on the round's rules): from the
models each side has at the start of round ``k`` it gives the ways the round ends. An ending either
decides the fight (a side destroyed, a loser that breaks: a terminal outcome) or leads to round
``k + 1`` with the models left (a draw, a loser that held its Break test). Rounds only go forward, so
the chain is acyclic and a forward propagation of the mass, round by round, is exact (in Fractions or
floats alike). After ``max_rounds`` rounds the mass still fighting ends in a terminal of its own.
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterable

#: ``endings(k, state)`` -> ``[(P, next)]``: ``next`` is ``("go", state)`` for another round from
#: ``state``, or ``("end", outcome)`` for a terminal outcome (hashable).
Endings = Callable[[int, Hashable], Iterable[tuple[object, tuple[str, Hashable]]]]


def several_rounds(start: Hashable, endings: Endings, max_rounds: int, unresolved: Callable[[Hashable], Hashable],
                   zero=0) -> dict[tuple[Hashable, int], object]:
    """``{(outcome, round decided): P}`` of a fight started in ``start``.

    Parameters
    ----------
    start : hashable
        The state at the start of round 1 (models left on each side).
    endings : callable
        ``endings(k, state)``: the round's endings from ``state`` in round ``k`` (see :data:`Endings`),
        probabilities summing to 1.
    max_rounds : int
        Rounds fought at most (at least 1).
    unresolved : callable
        ``unresolved(state)``: the terminal outcome of a fight still going on after ``max_rounds`` in
        ``state`` (the last round's draw or held Break test).
    zero : Fraction or float
        The additive zero of the probabilities.

    Returns
    -------
    dict[(hashable, int), Fraction or float]
        Terminal outcome and the round it was decided in (``max_rounds`` for the unresolved).

    References
    ----------
    docs/warhammer_combat.md §10 (several rounds: a draw or a held Break test leads to another round).
    """
    out: dict[tuple[Hashable, int], object] = {}
    mass: dict[Hashable, object] = {start: 1}
    for k in range(1, max_rounds + 1):
        nxt: dict[Hashable, object] = {}
        for state, m in mass.items():
            for p, (kind, what) in endings(k, state):
                if kind == "end":
                    out[(what, k)] = out.get((what, k), zero) + m * p
                else:
                    nxt[what] = nxt.get(what, zero) + m * p
        mass = nxt
        if not mass:
            break
    for state, m in mass.items():
        key = (unresolved(state), max_rounds)
        out[key] = out.get(key, zero) + m
    return out
