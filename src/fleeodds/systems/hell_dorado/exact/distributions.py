"""Exact distributions of a Fuite's attaque sans riposte and of a weapon pass.

References
----------
Rules digest §2 (weapon pass), §3 (Fuite), §8 (outcome taxonomy); Rules Tips "Fuite".
"""

from __future__ import annotations

from fractions import Fraction

from ..outcomes import F_KILLED, F_STATE_NEG, F_STATE_POS
from ..plan.attack import Attack
from .attack import ONE, attack_pmf


def fuite_distribution(fixed: int, atk: Attack | None, move_outcome: int,
                       state_cancels: bool) -> dict[tuple[int, int], Fraction]:
    """``{(outcome, damage taken): probability}`` of a Fuite.

    Parameters
    ----------
    fixed : int
        -1 when the attaque sans riposte is rolled, else the deterministic outcome index.
    atk : Attack or None
        The attaque sans riposte (``None`` when ``fixed >= 0``).
    move_outcome : int
        ``F_FLED``, ``F_ATTRACTED`` or ``F_NO_ROOM`` (:mod:`..outcomes`): what a survivor without a
        new state does.
    state_cancels : bool
        Option ``state_cancels_flee_move``.

    Returns
    -------
    dict[tuple[int, int], Fraction]
        Keys ``(index in the Fuite's outcomes, damage taken in PV)``.

    References
    ----------
    Rules digest §3 and §8; Rules Tips "Fuite".
    """
    if fixed >= 0:
        return {(fixed, 0): ONE}
    out: dict[tuple[int, int], Fraction] = {}
    for (_, dmg, dead, st), p in attack_pmf(atk).items():
        if dead:
            o = F_KILLED
        elif st and state_cancels:
            o = F_STATE_NEG if st == 1 else F_STATE_POS
        else:
            o = move_outcome
        out[(o, dmg)] = out.get((o, dmg), Fraction(0)) + p
    return out


def charge_pass_after(dist: dict[tuple[int, int], Fraction], charged: int,
                      charges: dict[int, Attack | None]) -> dict[tuple[int, int], Fraction]:
    """A Fuite's distribution with the Charge's pass of the next activation composed in (``fuite.charge_pass``).

    Parameters
    ----------
    dist : dict[tuple[int, int], Fraction]
        ``{(outcome, damage taken): probability}`` of the Fuite (:func:`fuite_distribution`), in which
        ``charged`` is ``charged_again_survives``.
    charged : int
        Index of ``charged_again_survives``; ``charged + 1`` is ``charged_again_killed``.
    charges : dict[int, Attack or None]
        For each damage taken in the Fuite, the Charge's attack the opposing player sends against the fighter
        (target PV = the PV it has left), or ``None`` when no charger has an attack die.

    Returns
    -------
    dict[tuple[int, int], Fraction]
        Keys ``(outcome, damage taken in the Fuite and the Charge's pass together)``: each ``(charged, d)``
        is split by the pass into ``charged`` (survives) and ``charged + 1`` (killed).

    References
    ----------
    Rules digest §2 (weapon pass) and §5 (Charge = up to 2 x MOU, then a pass); Rules Tips "Fuite" (the move
    "comme en action de Course", after which the fighter is free).
    """
    out: dict[tuple[int, int], Fraction] = {}
    for (o, d), p in dist.items():
        atk = charges.get(d) if o == charged else None
        if atk is None:
            out[(o, d)] = out.get((o, d), Fraction(0)) + p
            continue
        for (_, dmg, dead, _), q in attack_pmf(atk).items():
            k = (charged + 1 if dead else charged, d + dmg)
            out[k] = out.get(k, Fraction(0)) + p * q
    return out


# Pass outcome indices: the order of outcomes.PASS_ONE_SIDED(_HITS) and PASS_DUEL(_HITS)
def one_sided_pass_distribution(atk: Attack, report: str) -> dict[tuple[int, int], Fraction]:
    """``{(outcome, attacker hits): probability}`` of an attaque sans riposte.

    Parameters
    ----------
    atk : Attack
    report : {"kills", "hits"}
        Outcomes killed / state / wounded / unharmed, or no_hit / hit.

    Returns
    -------
    dict[tuple[int, int], Fraction]

    References
    ----------
    Rules digest §2; Sapience rules wiki, "Résolution des passes d'armes".
    """
    out: dict[tuple[int, int], Fraction] = {}
    for (h, dmg, dead, st), p in attack_pmf(atk).items():
        if report == "hits":
            o = 1 if h > 0 else 0
        else:
            o = 0 if dead else (1 if st else (2 if dmg > 0 else 3))
        out[(o, h)] = out.get((o, h), Fraction(0)) + p
    return out


def duel_distribution(a: Attack, b: Attack, a_first: bool, b_first: bool,
                      report: str) -> dict[tuple[int, int], Fraction]:
    """Normal (simultaneous) pass: ``a`` is A hitting B, ``b`` is B hitting A.

    Outcomes (kills): 0 none killed, 1 B (defender) killed, 2 A (attacker) killed,
    3 both killed; (hits): 0 no hits, 1 only A hits, 2 only B hits, 3 both hit.
    With Frappe rapide first (``a_first`` xor ``b_first``) the fast striker's damage lands
    first and a victim it kills deals nothing.

    Parameters
    ----------
    a, b : Attack
    a_first, b_first : bool
        Frappe rapide (option ``simultaneous_kill = "frappe_rapide_first"``).
    report : {"kills", "hits"}

    Returns
    -------
    dict[tuple[int, int], Fraction]
        Keys ``(outcome, hits scored by A)``.

    References
    ----------
    Rules digest §2; Sapience rules wiki, "Résolution des passes d'armes".
    """
    pa, pb = attack_pmf(a), attack_pmf(b)
    out: dict[tuple[int, int], Fraction] = {}
    for (ha, _, a_kills, _), qa in pa.items():
        for (hb, _, b_kills, _), qb in pb.items():
            ka, kb = a_kills, b_kills
            if a_first and not b_first and ka:
                kb = False
            if b_first and not a_first and kb:
                ka = False
            if report == "hits":
                o = (1 if ha > 0 else 0) + (2 if hb > 0 else 0)
                o = {0: 0, 1: 1, 2: 2, 3: 3}[o]
            else:
                o = (1 if ka else 0) + (2 if kb else 0)
            out[(o, ha)] = out.get((o, ha), Fraction(0)) + qa * qb
    return out
