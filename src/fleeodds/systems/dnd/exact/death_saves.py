"""5e death saving throws: one save's four results and the exact chain of saves to the outcome.

References
----------
SRD 5.1 (2014), *Combat*, "Damage and Healing", "Death Saving Throws"; SRD 5.2 (2024),
*Rules Glossary*, "Death Saving Throw" (the same rule); docs/dnd.md, "Death saving throws".
"""


from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from ....language import Message, N_
from ....errors import InputError
from ....validation import check_exact_mode

from ..outcomes import DEATH_SAVE_CODES, SAVE_RESULTS
from ..plan.rules import face_weights


def save_results(bonus: int = 0, advantage: int = 0) -> dict[str, Fraction]:
    """Probabilities of the four results of one death saving throw.

    Parameters
    ----------
    bonus : int
        Flat bonus added to the d20 (not to the natural 1 or 20).
    advantage : {-1, 0, 1}
        Disadvantage, a single d20, advantage (the kept die decides the natural 1 and 20).

    Returns
    -------
    dict
        ``{"back_up", "success", "failure", "two_failures"}`` -> Fraction (summing to 1).

    References
    ----------
    SRD 5.1, "Death Saving Throws"; SRD 5.2, "Death Saving Throw".
    """
    out = {k: Fraction(0) for k in SAVE_RESULTS}
    for face, w in face_weights(advantage).items():
        if face == 20:
            out["back_up"] += w
        elif face == 1:
            out["two_failures"] += w
        elif face + bonus >= 10:
            out["success"] += w
        else:
            out["failure"] += w
    return out


def death_save_chain(successes: int = 0, failures: int = 0, bonus: int = 0, advantage: int = 0,
                     mode: str = "fraction") -> dict[tuple[int, int], Fraction | float]:
    """Exact joint distribution of (outcome, saves rolled) of the death-save chain.

    Parameters
    ----------
    successes, failures : int
        Already marked, 0 to 2 each.
    bonus, advantage
        See :func:`save_results`.
    mode : {"fraction", "float"}

    Returns
    -------
    dict
        ``{(index in OUTCOMES, number of saves rolled): probability}``; the chain is pushed
        round by round over its transient states ``(successes, failures)`` until none is left.

    Raises
    ------
    InputError
        For counts outside 0-2 or an unknown mode.

    References
    ----------
    SRD 5.1, "Death Saving Throws"; SRD 5.2, "Death Saving Throw".
    """
    mode = check_exact_mode(mode)
    for name, v in (("death_saves.successes", successes), ("death_saves.failures", failures)):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 2:
            raise InputError(name, v, Message(N_("an integer from 0 to 2")))
    num: Callable = Fraction if mode == "fraction" else float
    res = {k: num(v) for k, v in save_results(bonus, advantage).items()}
    out: dict[tuple[int, int], Any] = {}
    states: dict[tuple[int, int], Any] = {(successes, failures): num(1)}
    r = 0
    while states:
        r += 1
        nxt: dict[tuple[int, int], Any] = {}
        for (s, f), p in states.items():
            for key, q in res.items():
                if not q:
                    continue
                if key == "back_up":
                    o, st = 0, None
                elif key == "success":
                    o, st = (1, None) if s + 1 >= 3 else (None, (s + 1, f))
                else:
                    nf = f + (2 if key == "two_failures" else 1)
                    o, st = (2, None) if nf >= 3 else (None, (s, nf))
                if st is None:
                    out[(o, r)] = out.get((o, r), 0) + p * q
                else:
                    nxt[st] = nxt.get(st, 0) + p * q
        states = nxt
    return out


def cumulative_by_round(dist: dict[tuple[int, int], Any], codes=DEATH_SAVE_CODES, zero: Any = Fraction(0)
                        ) -> dict[int, dict[str, Any]]:
    """The cumulative table by round of a death-save distribution.

    Parameters
    ----------
    dist : dict
        Joint ``{(outcome index, round): probability}`` (rounds from 1).
    codes : tuple of str
        Outcome code of each index (default: back up, stable, dead).
    zero : Fraction or float
        The zero of the probabilities' type.

    Returns
    -------
    dict
        ``{round: {outcome code: P(that outcome by the end of this round), "unresolved": P(not yet)}}``.

    References
    ----------
    SRD 5.1, "Death Saving Throws"; SRD 5.2, "Death Saving Throw" (one save per turn).
    """
    last = max((m for _o, m in dist), default=0)
    out: dict[int, dict[str, Any]] = {}
    run = {c: zero for c in codes}
    for r in range(1, last + 1):
        for (o, m), p in dist.items():
            if m == r:
                run[codes[o]] += p
        row = dict(run)
        row["unresolved"] = 1 - sum(run.values(), zero)
        out[r] = row
    return out
