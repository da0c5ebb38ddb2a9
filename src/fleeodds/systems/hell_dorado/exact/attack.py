"""Exact Hell Dorado attacks: hits, damage, states and the optional re-roll policy of one attack.

Hits are a binomial on the rolled dice followed by a binomial on the re-rolled
misses; everything is enumerated with :class:`fractions.Fraction`, so results
are exact rationals.

References
----------
Rules digest §2 (dice engine pseudo-code); Sapience rules wiki, "Résolution des passes d'armes".
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..plan.attack import Attack

ONE = Fraction(1)


def _binom(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: math.comb(n, k) * p ** k * (ONE - p) ** (n - k) for k in range(n + 1)}


def hit_probability(threshold: int) -> Fraction:
    """P(one d6 >= ``threshold``).

    Parameters
    ----------
    threshold : int
        The face needed, 1..7 (7: never).

    Returns
    -------
    Fraction

    References
    ----------
    Rules digest §2 (dice engine); Sapience rules wiki, "Résolution des passes d'armes".
    """
    return Fraction(max(0, min(6, 7 - threshold)), 6)


def hits_pmf(n_dice: int, threshold: int, policy: tuple[int, ...] = ()) -> dict[int, Fraction]:
    """Distribution of hits for ``n_dice`` dice (<= 5 rolled, then re-rolls of misses).

    Parameters
    ----------
    n_dice : int
        Total dice (>= 0). Rolled ``min(n, 5)``; ``min(n - 5, 5)`` re-rolls, each
        of a distinct missed die.
    threshold : int
        d6 face needed to hit, 1..7.
    policy : tuple of 36 int, optional
        Optional re-rolls (:attr:`..plan.attack.Attack.policy`): the next missed die is re-rolled only
        when ``policy[6 * hits + left]`` is 1.

    Returns
    -------
    dict[int, Fraction]
        ``{hits: probability}`` for hits 0..5 (zeros left out).

    References
    ----------
    Rules digest §2 (dice engine); Sapience rules wiki, "Résolution des passes d'armes".
    """
    p = hit_probability(threshold)
    rolled = min(n_dice, 5)
    rerolls = min(max(n_dice - 5, 0), 5)
    out: dict[int, Fraction] = {}
    for h1, p1 in _binom(rolled, p).items():
        r = min(rolled - h1, rerolls)
        if policy:
            for h, p2 in _sequential(min(h1, 5), r, p, policy).items():
                out[h] = out.get(h, Fraction(0)) + p1 * p2
            continue
        for h2, p2 in _binom(r, p).items():
            h = min(h1 + h2, 5)
            out[h] = out.get(h, Fraction(0)) + p1 * p2
    return {h: q for h, q in sorted(out.items()) if q}


def _sequential(h: int, left: int, p: Fraction, policy: tuple[int, ...]) -> dict[int, Fraction]:
    """Hits after re-rolling missed dice one at a time while ``policy`` says so."""
    if left == 0 or not policy[6 * h + left]:
        return {h: ONE}
    out: dict[int, Fraction] = {}
    for hh, q in ((min(h + 1, 5), p), (h, ONE - p)):
        for k, r in _sequential(hh, left - 1, p, policy).items():
            out[k] = out.get(k, Fraction(0)) + q * r
    return out


def optimal_policy(atk: Attack, utility) -> tuple[int, ...]:
    """The attacker's best optional re-rolls (``reroll_policy = "optional"``), by backward induction.

    ``V(h, 0) = u(h)``; ``V(h, k) = max(u(h), p V(h + 1, k - 1) + (1 - p) V(h, k - 1))``: with ``h``
    hits so far (capped at 5) and ``k`` re-rolls of missed dice left, the attacker re-rolls the next
    missed die when that is not worse than stopping (so a non-decreasing table gives the
    always-re-roll play).

    Parameters
    ----------
    atk : Attack
        The attack (its hit threshold).
    utility : callable
        ``utility(hits) -> Fraction``: what the attacker wants from that many hits (e.g. 1 if the
        target is killed or stopped by a state, else 0; or the damage in PV).

    Returns
    -------
    tuple of 36 int
        ``policy[6 * h + k]``: 1 to re-roll the next missed die.

    References
    ----------
    Rules digest §2 and §7 (option ``reroll_policy``); Sapience rules wiki, "Résolution des passes
    d'armes" (extra dice re-roll missed dice).
    """
    p = hit_probability(atk.threshold)
    u = [Fraction(utility(h)) for h in range(6)]
    value = {(h, 0): u[h] for h in range(6)}
    policy = [0] * 36
    for k in range(1, 6):
        for h in range(6):
            go = p * value[(min(h + 1, 5), k - 1)] + (ONE - p) * value[(h, k - 1)]
            policy[6 * h + k] = int(go >= u[h])
            value[(h, k)] = max(go, u[h])
    return tuple(policy)


def damage_for(atk: Attack, hits: int) -> int:
    """Damage of ``hits`` hits after PRO, plus the automatic damage of dice past the 10th.

    Parameters
    ----------
    atk : Attack
    hits : int
        0..5.

    Returns
    -------
    int
        Life points (PV): the table's value for ``hits`` minus PRO (once, or per hit with
        ``pro_application = "per_hit"``), floored at 0, plus ``n_dice - 10`` with ``dice_cap = 10``
        and ``overflow_auto_damage``.

    References
    ----------
    Rules digest §2 (dice engine); Sapience rules wiki, "Résolution des passes d'armes".
    """
    dmg = 0
    if hits > 0:
        raw = atk.table[hits - 1]
        dmg = max(raw - atk.pro * (hits if atk.per_hit_pro else 1), 0)
    if atk.cap10 and atk.overflow and atk.n_dice > 10:
        dmg += atk.n_dice - 10
    return dmg


def killed_by(atk: Attack, dmg: int) -> bool:
    """Whether ``dmg`` kills the target of ``atk``.

    Parameters
    ----------
    atk : Attack
    dmg : int
        Damage (PV).

    Returns
    -------
    bool
        ``dmg >= PV`` (``kill_rule = "damage >= PV"``) or ``dmg > PV``.

    References
    ----------
    Rules digest §2 (dice engine); Sapience rules wiki, "Résolution des passes d'armes".
    """
    return dmg > atk.pv if atk.strict_kill else dmg >= atk.pv


def state_for(atk: Attack, hits: int) -> int:
    """The state ``hits`` hits inflict.

    Parameters
    ----------
    atk : Attack
    hits : int
        0..5.

    Returns
    -------
    int
        0 none, 1 negative, 2 positive (negative wins when both trigger).

    References
    ----------
    Rules digest §2 and §8 (states); the weapon card's state triggers ``{state, min_hits}``.
    """
    kinds = {k for h, k in atk.triggers if hits >= h}
    return 1 if 1 in kinds else (2 if 2 in kinds else 0)


def attack_pmf(atk: Attack) -> dict[tuple[int, int, bool, int], Fraction]:
    """Joint distribution of ``(hits, damage, killed, state_kind)`` of a one-sided attack.

    Parameters
    ----------
    atk : Attack

    Returns
    -------
    dict[tuple[int, int, bool, int], Fraction]
        ``state_kind`` is the state of a *surviving* target (0 if killed); with
        ``wounded_state`` any non-lethal damage counts as Blessé (negative). Damage in PV.

    References
    ----------
    Rules digest §2 (dice engine); Sapience rules wiki, "Résolution des passes d'armes".
    """
    out: dict[tuple[int, int, bool, int], Fraction] = {}
    for h, p in hits_pmf(atk.n_dice, atk.threshold, atk.policy).items():
        dmg = damage_for(atk, h)
        dead = killed_by(atk, dmg)
        st = 0 if dead else state_for(atk, h)
        if not dead and st == 0 and atk.wounded_state and dmg > 0:
            st = 1
        key = (h, dmg, dead, st)
        out[key] = out.get(key, Fraction(0)) + p
    return out


def damage_pmf(atk: Attack) -> dict[int, Fraction]:
    """Distribution of the damage one attack deals (PV after PRO, overflow included).

    Parameters
    ----------
    atk : Attack

    Returns
    -------
    dict[int, Fraction]
        ``{damage: probability}``, sorted by damage.

    References
    ----------
    Rules digest §2 (dice engine); Sapience rules wiki, "Résolution des passes d'armes".
    """
    out: dict[int, Fraction] = {}
    for (_, dmg, _, _), p in attack_pmf(atk).items():
        out[dmg] = out.get(dmg, Fraction(0)) + p
    return dict(sorted(out.items()))


def kill_or_state(atk: Attack) -> Fraction:
    """P(the attack kills its target or leaves it with a state).

    Parameters
    ----------
    atk : Attack

    Returns
    -------
    Fraction

    References
    ----------
    Rules digest §3 (option ``attacker_choice = "max_kill_or_state"``: the opposing player's choice).
    """
    return sum((p for (_, _, dead, st), p in attack_pmf(atk).items() if dead or st), Fraction(0))


def kill_probability(atk: Attack) -> Fraction:
    """P(the attack kills its target).

    Parameters
    ----------
    atk : Attack

    Returns
    -------
    Fraction

    References
    ----------
    Rules digest §3 (option ``attacker_choice = "max_kill"``).
    """
    return sum((p for (_, _, dead, _), p in attack_pmf(atk).items() if dead), Fraction(0))


def expected_damage(atk: Attack) -> Fraction:
    """The attack's mean damage.

    Parameters
    ----------
    atk : Attack

    Returns
    -------
    Fraction
        PV.

    References
    ----------
    Rules digest §3 (option ``attacker_choice = "max_expected_damage"``).
    """
    return sum((p * d for (_, d, _, _), p in attack_pmf(atk).items()), Fraction(0))
