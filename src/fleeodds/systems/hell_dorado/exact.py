"""Exact Hell Dorado probabilities: hits, damage, states, passes; Attraction geometry.

Hits are a binomial on the rolled dice followed by a binomial on the re-rolled
misses; everything is enumerated with :class:`fractions.Fraction`, so results
are exact rationals (``mode="float"`` just converts them).

References
----------
Rules digest §2 (dice engine pseudo-code), §3 (Fuite), §6 (Attraction).
"""

from __future__ import annotations

import math
from fractions import Fraction

from .rules import Attack

ONE = Fraction(1)


def _binom(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: math.comb(n, k) * p ** k * (ONE - p) ** (n - k) for k in range(n + 1)}


def hit_probability(threshold: int) -> Fraction:
    """P(one d6 >= threshold), threshold 1..7."""
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
        Optional re-rolls (:attr:`.rules.Attack.policy`): the next missed die is re-rolled only
        when ``policy[6 * hits + left]`` is 1.

    Returns
    -------
    dict[int, Fraction]
        ``{hits: probability}`` for hits 0..5.
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
    utility : callable
        ``utility(hits) -> Fraction``: what the attacker wants from that many hits (e.g. 1 if the
        target is killed or stopped by a state, else 0; or the damage).

    Returns
    -------
    tuple of 36 int
        ``policy[6 * h + k]``.
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
    """Damage of ``hits`` hits after PRO, plus overflow auto-damage."""
    dmg = 0
    if hits > 0:
        raw = atk.table[hits - 1]
        dmg = max(raw - atk.pro * (hits if atk.per_hit_pro else 1), 0)
    if atk.cap10 and atk.overflow and atk.n_dice > 10:
        dmg += atk.n_dice - 10
    return dmg


def killed_by(atk: Attack, dmg: int) -> bool:
    return dmg > atk.pv if atk.strict_kill else dmg >= atk.pv


def state_for(atk: Attack, hits: int) -> int:
    """0 none, 1 negative, 2 positive (negative wins when both trigger)."""
    kinds = {k for h, k in atk.triggers if hits >= h}
    return 1 if 1 in kinds else (2 if 2 in kinds else 0)


def attack_pmf(atk: Attack) -> dict[tuple[int, int, bool, int], Fraction]:
    """Joint distribution of ``(hits, damage, killed, state_kind)`` of a one-sided attack.

    ``state_kind`` is the state of a *surviving* target (0 if killed); with
    ``wounded_state`` any non-lethal damage counts as Blessé (negative).
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
    """Distribution of the damage one attack deals (life points after PRO, overflow included):
    ``{damage: probability}``, sorted by damage."""
    out: dict[int, Fraction] = {}
    for (_, dmg, _, _), p in attack_pmf(atk).items():
        out[dmg] = out.get(dmg, Fraction(0)) + p
    return dict(sorted(out.items()))


def kill_or_state(atk: Attack) -> Fraction:
    return sum((p for (_, _, dead, st), p in attack_pmf(atk).items() if dead or st), Fraction(0))


def kill_probability(atk: Attack) -> Fraction:
    return sum((p for (_, _, dead, _), p in attack_pmf(atk).items() if dead), Fraction(0))


def expected_damage(atk: Attack) -> Fraction:
    return sum((p * d for (_, d, _, _), p in attack_pmf(atk).items()), Fraction(0))


# Fuite outcome indices (must match scenario.FUITE_OUTCOMES)
F_CANNOT, F_FREE, F_REPLI, F_KILLED, F_STATE_NEG, F_STATE_POS, F_FLED, F_NO_ROOM = range(8)


def fuite_distribution(fixed: int, atk: Attack | None, move_outcome: int,
                       state_cancels: bool) -> dict[tuple[int, int], Fraction]:
    """``{(outcome, damage taken): probability}`` of a Fuite.

    Parameters
    ----------
    fixed : int
        -1 when the attaque sans riposte is rolled, else the deterministic outcome index.
    atk : Attack or None
    move_outcome : int
        ``F_FLED`` or ``F_NO_ROOM``: what a survivor without a new state does.
    state_cancels : bool
        Option ``state_cancels_flee_move``.
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


# Pass outcome indices (must match scenario.PASS_* outcome tuples)
def one_sided_pass_distribution(atk: Attack, report: str) -> dict[tuple[int, int], Fraction]:
    """``{(outcome, attacker hits)}``; outcomes killed/state/wounded/unharmed, or no_hit/hit."""
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
    Metric: hits scored by A. With Frappe rapide first (``a_first`` xor ``b_first``)
    the fast striker's damage lands first and a victim it kills deals nothing.
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


# --------------------------------------------------------------------------- Attraction geometry
def _better(multi: int, rank, gap: float, best) -> bool:
    """Whether holder (rank, gap) beats ``best = (h, gap, ..., rank)`` under ``multiple_attractors``."""
    if multi == 2:
        return rank < best[-1] or (rank == best[-1] and gap < best[1] - 1e-12)
    return multi == 1 and gap < best[1] - 1e-12


def attraction_geometry(attractors, others, adversaries, order, multi_nearest: int, centre_measure: bool,
                        lemure_immune: bool, independent: bool = False, pref=None, focus: int = -1,
                        holders=None):
    """Deterministic Attraction resolution on fixed positions (pure Python, float geometry).

    Parameters
    ----------
    attractors : list of dict
        ``x, y, r`` (toises), ``x_range`` (Attraction x; < 0 for none), ``engaged`` (bool).
    others : list of dict
        Further fighters of the attractor's side (same keys, ``x_range`` < 0).
    adversaries : list of dict
        ``x, y, r, reach`` (charge distance, toises), ``lemure``, ``engaged``.
    order : list of int
        Activation order of the adversaries.
    multi_nearest : int
        Inside several zones: 0 the first listed holder, 1 the nearest, 2 the fighter's player
        chooses: a holder it cannot reach when there is one (so it is unaffected), else the
        lowest ``pref[h]`` for adversary ``focus`` (0 for the others), then the nearest.

    holders : list, optional
        When given, filled with the holder each adversary set out for (index in attractors+others,
        -1 when unaffected): the target of status 0, the holder behind the interception of status 1.

    Returns
    -------
    status : list of (int, int)
        Per adversary ``(status, target)``: status 0 pulled into contact with attractor
        ``target``, 1 intercepted by side-A piece ``target`` (index in attractors+others), 2 unaffected.
    """
    side_a = [dict(p) for p in attractors] + [dict(p) for p in others]
    status = [(2, -1)] * len(adversaries)
    if holders is not None:
        holders[:] = [-1] * len(adversaries)
    start_engaged = [a["engaged"] for a in side_a]
    for i in order:
        if independent:
            for a, e in zip(side_a, start_engaged):
                a["engaged"] = e
        b = adversaries[i]
        if b["engaged"] or (lemure_immune and b["lemure"]):
            continue
        best = None
        escape = False
        for h in range(len(side_a)):
            a = side_a[h]
            if a["x_range"] < 0 or a["engaged"]:
                continue
            d = math.hypot(a["x"] - b["x"], a["y"] - b["y"])
            gap = d - a["r"] - b["r"]
            if (d if centre_measure else gap) > a["x_range"] + 1e-9:
                continue
            if gap > b["reach"] + 1e-9:
                escape = True
                continue  # cannot reach: unaffected by this holder
            rank = pref[h] if (pref is not None and i == focus) else 0
            if best is None or _better(multi_nearest, rank, gap, best):
                best = (h, gap, d, rank)
        if best is None or (multi_nearest == 2 and escape):
            continue
        h, gap, d, _rank = best
        if holders is not None:
            holders[i] = h
        ux, uy = (side_a[h]["x"] - b["x"]) / d, (side_a[h]["y"] - b["y"]) / d
        first = None
        for c, a in enumerate(side_a):
            if c == h:
                continue
            wx, wy = a["x"] - b["x"], a["y"] - b["y"]
            proj = wx * ux + wy * uy
            perp2 = wx * wx + wy * wy - proj * proj
            rr = a["r"] + b["r"]
            if perp2 > rr * rr:
                continue
            t = proj - math.sqrt(max(rr * rr - perp2, 0.0))
            if t < -1e-9 or t >= gap - 1e-9:
                continue
            if first is None or t < first[1]:
                first = (c, t)
        if first is None:
            status[i] = (0, h)
            side_a[h]["engaged"] = True
        else:
            status[i] = (1, first[0])
            side_a[first[0]]["engaged"] = True
    return status
