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
    split: dict[int, tuple] = {}  # a step's endings split once (by the identity of the mapping the caller caches)
    for k in range(1, max_rounds + 1):
        nxt: dict[Hashable, object] = {}
        last = k == max_rounds
        for state, m in mass.items():
            law = step(k, state)
            parts = split.get(id(law))
            if parts is None or parts[0] is not law:
                parts = split[id(law)] = (law, *_split(law, zero))
            _, ends, goes, stops = parts
            for code, p in (stops if last else ends):
                key = (code, k)
                out[key] = out.get(key, zero) + m * p
            if not last:
                for after, p in goes:
                    nxt[after] = nxt.get(after, zero) + m * p
        mass = nxt
        if not mass:
            break
    return out


def _split(law: Mapping[tuple, object], zero) -> tuple[list, list, list]:
    """A round's endings as ``(ends, goes, stops)``: terminal outcomes ``[(code, P)]``, the next states
    ``[(state, P)]`` (summed over why they go on), and every ending as a terminal outcome ``[(code, P)]``
    (the last round: a fight going on ends in why it goes on)."""
    ends: dict = {}
    goes: dict = {}
    stops: dict = {}
    for what, p in law.items():
        if what[0] == "end":
            ends[what[1]] = ends.get(what[1], zero) + p
            stops[what[1]] = stops.get(what[1], zero) + p
        else:
            goes[what[1]] = goes.get(what[1], zero) + p
            stops[what[2]] = stops.get(what[2], zero) + p
    return list(ends.items()), list(goes.items()), list(stops.items())
