"""Exact distribution of one round of close combat, by convolution.

Each attack is an independent trial (hit, wound, armour save failed, ward save
failed), so a side's unsaved wounds are binomial in its number of attacks. The
side that strikes first rolls with its full strength; the solver conditions on the
casualties it causes, and the other side strikes back with what is left of its fighting
models: in 8th the rear ranks step up, in 6th, 7th and TOW the slain and the models stepping
forward do not attack (docs/warhammer_combat.md §3, :func:`..plan.combat.attacks_of`).
Simultaneous strikes are two independent binomials; a roll-off for equal Initiative mixes both orders half and half.

Returns ``{(wounds by the unit, wounds by the enemy, unit alive, enemy alive): P}``
with wounds counted up to the foe's total (wounds beyond a destroyed unit are lost).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..plan.combat import FightRules, SideRules, attacks_of, casualties, strike_order


def success(score: int) -> Fraction:
    """P(a D6 scores ``score`` or more); ``score`` 7 never succeeds.

    Parameters
    ----------
    score : int

    Returns
    -------
    Fraction

    References
    ----------
    docs/warhammer_combat.md §2.
    """
    return Fraction(max(7 - score, 0), 6)


def kill_probability(s: SideRules) -> Fraction:
    """P(one attack of side ``s`` causes an unsaved wound): hit, wound, armour save and ward save failed.

    With Armour Bane (``s.save_bane``, TOW) a wound rolled as a natural 6 faces the worse save.

    Parameters
    ----------
    s : SideRules

    Returns
    -------
    Fraction

    References
    ----------
    docs/warhammer_combat.md §2 (striking blows); TOW "Armour Bane (X)"
    (tow.whfb.app/special-rules/armour-bane, last updated 2024-01-31).
    """
    unsaved = success(s.wound) * (1 - success(s.save))
    if s.save_bane is not None and s.wound <= 6:  # the six among the wounding faces meets the bane save
        six = Fraction(1, 6)
        unsaved = (success(s.wound) - six) * (1 - success(s.save)) + six * (1 - success(s.save_bane))
    return success(s.hit) * unsaved * (1 - success(s.ward))


@lru_cache(maxsize=4096)
def binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    """P(k successes in n trials), k = 0..n, by repeated convolution (exact).

    Parameters
    ----------
    n : int
    p : Fraction

    Returns
    -------
    tuple of Fraction
        ``n + 1`` probabilities.

    References
    ----------
    docs/warhammer_combat.md §7 (a side's unsaved wounds are binomial in its attacks).
    """
    dist = [Fraction(1)]
    q = 1 - p
    for _ in range(n):
        nxt = [Fraction(0)] * (len(dist) + 1)
        for k, v in enumerate(dist):
            if v:
                nxt[k] += v * q
                nxt[k + 1] += v * p
        dist = nxt
    return tuple(dist)


def _strike(s: SideRules, foe: SideRules, slain: int, p: Fraction):
    """``[(wounds counted, foe casualties, P)]`` of side ``s`` striking after losing ``slain`` models (6th,
    7th, TOW: the slain fighters' attacks are lost; 8th: the rear steps up, :func:`..plan.combat.attacks_of`)."""
    out: dict[tuple[int, int], Fraction] = {}
    cap = foe.models * foe.wounds
    for w, q in enumerate(binomial(attacks_of(s, s.models - slain, slain), p)):
        if q:
            key = (min(w, cap), casualties(w, foe))
            out[key] = out.get(key, Fraction(0)) + q
    return out.items()


def round_distribution(r: FightRules) -> dict[tuple[int, int, int, int], Fraction]:
    """Exact joint law of the round.

    Parameters
    ----------
    r : FightRules

    Returns
    -------
    dict[(int, int, int, int), Fraction]
        ``{(w_unit, w_enemy, alive_unit, alive_enemy): P}``, wounds counted up to the foe's total.

    References
    ----------
    docs/warhammer_combat.md §2-§3 and §7.
    """
    u, e = r.unit, r.enemy
    pu, pe = kill_probability(u), kill_probability(e)
    out: dict[tuple[int, int, int, int], Fraction] = {}

    def add(key, q):
        out[key] = out.get(key, Fraction(0)) + q

    for order, q0 in strike_order(r):
        if order == "both":
            for (wu, ce), qa in _strike(u, e, 0, pu):
                for (we, cu), qb in _strike(e, u, 0, pe):
                    add((wu, we, u.models - cu, e.models - ce), q0 * qa * qb)
        elif order == "unit":
            for (wu, ce), qa in _strike(u, e, 0, pu):
                for (we, cu), qb in _strike(e, u, ce, pe):
                    add((wu, we, u.models - cu, e.models - ce), q0 * qa * qb)
        else:
            for (we, cu), qa in _strike(e, u, 0, pe):
                for (wu, ce), qb in _strike(u, e, cu, pu):
                    add((wu, we, u.models - cu, e.models - ce), q0 * qa * qb)
    return out
