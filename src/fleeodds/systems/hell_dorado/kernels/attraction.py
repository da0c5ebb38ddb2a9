"""Numba Monte Carlo kernel of Attraction x: adversaries placed or drawn in a zone, pulled, intercepted
or unaffected, and the pass that may follow.

References
----------
Rules digest §2 (dice engine), §3 (Fuite), §6 (Attraction x, errata August 2007).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ....kernel_tools import BLOCK, block_range, run_blocks
from ....rng import bounded, trial_key, uniform01
from .passe import duel_pass


@njit(cache=True)
def _ally_in_way(px, py, br, ax, ay, ar, arange, i):
    """Whether another fighter of adversary ``i``'s side stands on the straight line from ``i`` to a holder of
    Attraction whose zone may hold it (its base within the two bases' radii of that line, before contact): the
    shortest path would then go round it, which the straight-line kernel does not draw."""
    for h in range(ax.shape[0]):
        if arange[h] < 0:
            continue
        dx = ax[h] - px[i]
        dy = ay[h] - py[i]
        d = math.hypot(dx, dy)
        if d > arange[h] + ar[h] + br[i] + 1e-9 or d <= 0.0:
            continue  # out of this zone however it is measured
        reach = (d - ar[h] - br[i]) / d  # the share of the line walked before contact with the holder
        for j in range(px.shape[0]):
            if j == i:
                continue
            t = ((px[j] - px[i]) * dx + (py[j] - py[i]) * dy) / (d * d)
            t = min(max(t, 0.0), reach)
            if math.hypot(px[i] + t * dx - px[j], py[i] + t * dy - py[j]) < br[i] + br[j] - 1e-9:
                return True
    return False


@njit(cache=True)
def _place(bx, by, br, bzone, ax, ay, ar, arange, px, py, key, c):
    """Draw the random adversary positions: rejection on overlapping bases, and on a fighter standing on the
    straight line from one of its side to an Attraction holder (the path would go round it, rules digest §6);
    returns (ok, counter)."""
    nbv = bx.shape[0]
    na = ax.shape[0]
    drawn = False
    for i in range(nbv):
        if bzone[i, 0] >= 0:
            drawn = True
    for _attempt in range(1000):
        for i in range(nbv):
            kind = bzone[i, 0]
            if kind < 0:
                px[i] = bx[i]
                py[i] = by[i]
            elif kind == 0:
                u, c = uniform01(key, c)
                v, c = uniform01(key, c)
                rad = bzone[i, 3] * math.sqrt(u)
                ang = 2.0 * math.pi * v
                px[i] = bzone[i, 1] + rad * math.cos(ang)
                py[i] = bzone[i, 2] + rad * math.sin(ang)
            else:
                u, c = uniform01(key, c)
                v, c = uniform01(key, c)
                px[i] = bzone[i, 1] + u * (bzone[i, 3] - bzone[i, 1])
                py[i] = bzone[i, 2] + v * (bzone[i, 4] - bzone[i, 2])
        ok = True
        for i in range(nbv):
            for j in range(na):
                if math.hypot(px[i] - ax[j], py[i] - ay[j]) < br[i] + ar[j] - 1e-9:
                    ok = False
            for j in range(i + 1, nbv):
                if math.hypot(px[i] - px[j], py[i] - py[j]) < br[i] + br[j] - 1e-9:
                    ok = False
        if ok and drawn:
            for i in range(nbv):
                if _ally_in_way(px, py, br, ax, ay, ar, arange, i):
                    ok = False
                    break
        if ok:
            return True, c
    return False, c


def run_attraction(ax, ay, ar, arange, aeng0, bx, by, br, breach, bimmune, beng0, bzone,
                   order_mode, multi_nearest, centre_measure, then_pass, focus, mover_vs, attr_vs,
                   mover_first, attr_first, use_pre, pre_status, pre_target, pref, seed, start, n):
    """Attraction kernel.

    Returns int64 counts of shape ``(n_adv + 1, 11, n_adv + 1)``: for adversary ``i < n_adv``,
    status (0 pulled, 1 intercepted, 2 unaffected; with ``then_pass >= 1`` the focus adversary's
    pulled trials go instead to 3 none killed, 4 mover killed, 5 attractor killed, 6 both
    killed, and with ``then_pass == 2`` its intercepted trials to 7 none killed, 8 mover killed,
    9 interceptor killed, 10 both killed: its pass against the side-A fighter whose base stopped it)
    by the number of adversaries pulled in that trial. ``[n_adv, 0, 0]`` counts
    trials whose random placement failed 1000 times (overlapping bases every time).
    ``order_mode``: 0 listed, 1 random, 2 independent (each as if it activated first).
    ``multi_nearest``: several zones: 0 first listed, 1 nearest, 2 the fighter's player chooses —
    a holder it cannot reach if there is one (it is then unaffected), else the lowest ``pref[h]``
    for the focus adversary (its pass against holder ``h``), then the nearest.
    ``use_pre == 1``: fixed positions whose shortest paths leave the straight line (terrain,
    allies in the way, :mod:`..plan.paths`): every trial takes the statuses and targets ``pre_status``,
    ``pre_target`` worked out once in Python, and only the pass dice are rolled.
    """
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    nbv = bx.shape[0]
    out = np.zeros((nb, nbv + 1, 11, nbv + 1), np.int64)
    ints = [int(v) for v in (order_mode, multi_nearest, centre_measure, then_pass, focus)]
    run_blocks(_attraction_blocks, nb, ax, ay, ar, arange, aeng0, bx, by, br, breach, bimmune, beng0, bzone,
               *ints, mover_vs, attr_vs, mover_first, attr_first, int(use_pre), pre_status, pre_target, pref,
               seed, start, n, out)
    return out.sum(axis=0)


@njit(nogil=True, cache=True)
def _attraction_blocks(ax, ay, ar, arange, aeng0, bx, by, br, breach, bimmune, beng0, bzone,
                       order_mode, multi_nearest, centre_measure, then_pass, focus, mover_vs, attr_vs,
                       mover_first, attr_first, use_pre, pre_status, pre_target, pref, seed, start, n, out, b0, b1):
    """Compiled entry point of :func:`run_attraction`: blocks ``b0 .. b1 - 1``, block ``b`` counted into
    ``out[b]``; serial and without the GIL, for :func:`fleeodds.kernel_tools.run_blocks`."""
    na = ax.shape[0]
    nbv = bx.shape[0]
    for b in range(b0, b1):
        px = np.empty(nbv)
        py = np.empty(nbv)
        aeng = np.empty(na, np.int64)
        aeng_start = np.empty(na, np.int64)
        beng = np.empty(nbv, np.int64)
        order = np.empty(nbv, np.int64)
        status = np.empty(nbv, np.int64)
        target = np.empty(nbv, np.int64)
        lo, hi = block_range(b, start, n)
        for t in range(lo, hi):
            key = trial_key(seed, t)
            ok, c = _place(bx, by, br, bzone, ax, ay, ar, arange, px, py, key, 0)
            if not ok:
                out[b, nbv, 0, 0] += 1
                continue
            for j in range(na):
                aeng[j] = aeng0[j]
            for i in range(nbv):
                beng[i] = beng0[i]
                order[i] = i
                status[i] = 2
                target[i] = -1
            # contact at start engages both
            for i in range(nbv):
                for j in range(na):
                    if math.hypot(px[i] - ax[j], py[i] - ay[j]) <= br[i] + ar[j] + 1e-9:
                        beng[i] = 1
                        aeng[j] = 1
            if order_mode == 1:  # random activation order (Fisher-Yates)
                for i in range(nbv - 1, 0, -1):
                    k, c = bounded(key, c, i + 1)
                    tmp = order[i]
                    order[i] = order[k]
                    order[k] = tmp
            for j in range(na):
                aeng_start[j] = aeng[j]
            for i in range(nbv):
                if use_pre == 1:
                    status[i] = pre_status[i]
                    target[i] = pre_target[i]
            for oi in range(nbv if use_pre == 0 else 0):
                i = order[oi]
                if order_mode == 2:
                    for j in range(na):
                        aeng[j] = aeng_start[j]
                if beng[i] == 1 or bimmune[i] == 1:
                    continue
                best = -1
                best_gap = 0.0
                best_d = 0.0
                best_rank = 0
                escape = False
                for h in range(na):
                    if arange[h] < 0 or aeng[h] == 1:
                        continue
                    d = math.hypot(ax[h] - px[i], ay[h] - py[i])
                    gap = d - ar[h] - br[i]
                    meas = d if centre_measure == 1 else gap
                    if meas > arange[h] + 1e-9:
                        continue
                    if gap > breach[i] + 1e-9:
                        escape = True  # in this zone but cannot reach its holder
                        continue
                    rank = pref[h] if i == focus else 0
                    if best < 0:
                        better = True
                    elif multi_nearest == 2:
                        better = rank < best_rank or (rank == best_rank and gap < best_gap - 1e-12)
                    else:
                        better = multi_nearest == 1 and gap < best_gap - 1e-12
                    if better:
                        best = h
                        best_gap = gap
                        best_d = d
                        best_rank = rank
                if best < 0 or (multi_nearest == 2 and escape):
                    continue
                ux = (ax[best] - px[i]) / best_d
                uy = (ay[best] - py[i]) / best_d
                hit = -1
                hit_t = 0.0
                for j in range(na):
                    if j == best:
                        continue
                    wx = ax[j] - px[i]
                    wy = ay[j] - py[i]
                    proj = wx * ux + wy * uy
                    perp2 = wx * wx + wy * wy - proj * proj
                    rr = ar[j] + br[i]
                    if perp2 > rr * rr:
                        continue
                    tt = proj - math.sqrt(max(rr * rr - perp2, 0.0))
                    if tt < -1e-9 or tt >= best_gap - 1e-9:
                        continue
                    if hit < 0 or tt < hit_t:
                        hit = j
                        hit_t = tt
                if hit < 0:
                    status[i] = 0
                    target[i] = best
                    aeng[best] = 1
                else:
                    status[i] = 1
                    target[i] = hit
                    aeng[hit] = 1
                beng[i] = 1
            pulled = 0
            for i in range(nbv):
                if status[i] == 0:
                    pulled += 1
            for i in range(nbv):
                s = status[i]
                if then_pass >= 1 and i == focus and (s == 0 or (s == 1 and then_pass == 2)):
                    h = target[i]
                    _ha, _hb, ka, kb, c = duel_pass(mover_vs[h], attr_vs[h], mover_first, attr_first[h], key, c)
                    s = (3 if s == 0 else 7) + (1 if kb else 0) + (2 if ka else 0)
                out[b, i, s, pulled] += 1
