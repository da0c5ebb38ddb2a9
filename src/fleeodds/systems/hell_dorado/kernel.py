"""Numba Monte Carlo kernels for Hell Dorado: attaque sans riposte / Fuite, normal pass, Attraction.

Every die is rolled from the counter-based stream (:func:`fleeodds.rng.bounded`:
the dice of one attack are the base-6 digits of one exact uniform draw, see
:func:`_hits`), independently of the exact solver's binomial formulas. Attack parameters arrive as the int64 pack of
:meth:`fleeodds.systems.hell_dorado.rules.Attack.pack`.

References
----------
Rules digest §2 (dice engine), §3 (Fuite), §6 (Attraction x, errata August 2007).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ...kernel_tools import BLOCK, block_range, run_blocks
from ...rng import bounded, trial_key, uniform01

_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)

# pack offsets (duplicated from rules.py on purpose: plain ints for numba)
_N, _THR, _TAB, _PRO, _PV, _PERHIT, _STRICT, _CAP10, _OVER, _WOUND, _NTRIG, _TRIG, _OPT, _POL = \
    0, 1, 2, 7, 8, 9, 10, 11, 12, 13, 14, 16, 24, 25


#: 6**k for k = 0..10: one bounded draw below 6**k gives k independent d6 as its base-6 digits.
_POW6 = np.array([6 ** k for k in range(11)], np.int64)


@njit(inline="always", cache=True)
def _rerolled(h, left, v, need, opt, pk):
    """Hits after re-rolling up to ``left`` missed dice with the digits of ``v`` in order; with
    ``opt == 1`` only while the attacker's policy (``pk[_POL + 6 * h + left]``) says so."""
    while left > 0:
        if opt == 1 and pk[_POL + 6 * min(h, 5) + left] == 0:
            break
        if v % 6 >= need:
            h += 1
        v //= 6
        left -= 1
    return min(h, 5)


@njit(inline="always", cache=True)
def _hits(n, thr, key, c):
    """Hits of an attack with ``n`` dice hitting on a d6 >= ``thr``: ``(hits, counter)``.

    At most 5 dice are rolled and ``min(n - 5, 5)`` missed dice re-rolled once each
    (rules digest §2). All the dice of the pass come from *one* draw: a uniform
    integer below 6**(rolled + re-rolls) (:func:`fleeodds.rng.bounded`, exact), whose
    base-6 digits are independent uniform faces 0..5 — the first ``rolled`` digits are
    the rolled dice, the next ones the re-rolls, taken in order for the missed dice.
    """
    rolled = n if n < 5 else 5
    rerolls = n - 5
    if rerolls < 0:
        rerolls = 0
    if rerolls > 5:
        rerolls = 5
    v, c = bounded(key, c, _POW6[rolled + rerolls])
    need = thr - 1  # a face 0..5 hits when face >= thr - 1
    hits = 0
    for _ in range(rolled):
        if v % 6 >= need:
            hits += 1
        v //= 6
    misses = rolled - hits
    for _ in range(min(misses, rerolls)):
        if v % 6 >= need:
            hits += 1
        v //= 6
    if hits > 5:
        hits = 5
    return hits, c


@njit(inline="always", cache=True)
def _hits_pk(pk, key, c):
    """:func:`_hits` for the attack ``pk``, following its optional re-roll policy when it has one."""
    n = pk[_N]
    if pk[_OPT] == 0:
        return _hits(n, pk[_THR], key, c)
    rolled = n if n < 5 else 5
    rerolls = min(max(n - 5, 0), 5)
    v, c = bounded(key, c, _POW6[rolled + rerolls])
    need = pk[_THR] - 1
    h = 0
    for _ in range(rolled):
        if v % 6 >= need:
            h += 1
        v //= 6
    return _rerolled(h, min(rolled - h, rerolls), v, need, 1, pk), c


@njit(inline="always", cache=True)
def _bounded_key(key, n):
    """Uniform integer in ``[0, n)`` taken from the trial key itself: ``(value, counter)``.

    The key (:func:`fleeodds.rng.trial_key`) is already a SplitMix64 output; its high 32
    bits give the value by Lemire's multiply-shift, as :func:`fleeodds.rng.bounded` does
    with a draw. In the rare case (probability below n / 2**32) where that word must be
    rejected, the value is drawn with :func:`~fleeodds.rng.bounded` from draw 0 on, so it
    stays exactly uniform. Saves the hash of one draw per Fuite trial.
    """
    nn = np.uint64(n)
    m = (key >> _S32) * nn
    low = m & _LOW32
    if low < nn and low < ((np.uint64(1) << _S32) - nn) % nn:
        return bounded(key, 0, n)
    return np.int64(m >> _S32), 0


@njit(cache=True)
def _hit_tables(n, thr, pk):
    """Lookup tables giving the same hits as :func:`_hits` from the same draw.

    Returns ``(first, total, base)``: with the draw ``v`` split as ``v = v1 + base * v2``
    (``base = 6**rolled``), ``first[v1]`` is the hits of the rolled dice and
    ``total[h1, v2]`` the hits of the pass (capped at 5) when the rolled dice hit
    ``h1`` times and the re-rolls are the digits of ``v2``.
    """
    rolled = n if n < 5 else 5
    rerolls = min(max(n - 5, 0), 5)
    need = thr - 1
    first = np.zeros(_POW6[rolled], np.int64)
    for v in range(_POW6[rolled]):
        w = v
        for _ in range(rolled):
            if w % 6 >= need:
                first[v] += 1
            w //= 6
    total = np.zeros((6, _POW6[rerolls]), np.int64)
    for h1 in range(6):
        for v in range(_POW6[rerolls]):
            total[h1, v] = _rerolled(h1, min(max(rolled - h1, 0), rerolls), v, need, pk[_OPT], pk)
    return first, total, _POW6[rolled]


@njit(inline="always", cache=True)
def _resolve(pk, hits):
    """Damage, kill and state of ``hits`` hits of the attack ``pk``: ``(damage, killed, state_kind)``."""
    n = pk[_N]
    dmg = 0
    if hits > 0:
        red = pk[_PRO] * hits if pk[_PERHIT] == 1 else pk[_PRO]
        dmg = pk[_TAB + hits - 1] - red
        if dmg < 0:
            dmg = 0
    if pk[_CAP10] == 1 and pk[_OVER] == 1 and n > 10:
        dmg += n - 10
    if pk[_STRICT] == 1:
        killed = dmg > pk[_PV]
    else:
        killed = dmg >= pk[_PV]
    state = 0
    if not killed:
        for i in range(pk[_NTRIG]):
            if hits >= pk[_TRIG + 2 * i]:
                kind = pk[_TRIG + 2 * i + 1]
                if kind == 1 or state == 0:
                    state = kind
        if state == 0 and pk[_WOUND] == 1 and dmg > 0:
            state = 1
    return dmg, killed, state


@njit(cache=True)
def _attack(pk, key, c):
    """One attaque: returns ``(hits, damage, killed, state_kind, counter)``."""
    hits, c = _hits_pk(pk, key, c)
    dmg, killed, state = _resolve(pk, hits)
    return hits, dmg, killed, state, c


@njit(cache=True)
def _fuite_tables(pk, move_outcome, state_cancels, n_bins):
    """What the Fuite kernels look up: ``(first, outcome, damage_bin, base, span)``.

    Damage, kill and state depend on the hits only, so the outcome and the damage bin
    are worked out once for each cell of :func:`_hit_tables` (``outcome[h1, v2]``,
    ``damage_bin[h1, v2]``); ``span = 6**(rolled + re-rolls)`` is the range of the
    trial's one draw.
    """
    o_of = np.empty(6, np.int64)
    d_of = np.empty(6, np.int64)
    for h in range(6):
        dmg, killed, state = _resolve(pk, h)
        if killed:
            o_of[h] = 3
        elif state != 0 and state_cancels == 1:
            o_of[h] = 4 if state == 1 else 5
        else:
            o_of[h] = move_outcome
        d_of[h] = min(dmg, n_bins - 1)
    n = pk[_N]
    first, total, base = _hit_tables(n, pk[_THR], pk)
    outcome = np.empty_like(total)
    dbin = np.empty_like(total)
    for h1 in range(total.shape[0]):
        for v in range(total.shape[1]):
            outcome[h1, v] = o_of[total[h1, v]]
            dbin[h1, v] = d_of[total[h1, v]]
    span = _POW6[min(n, 5) + min(max(n - 5, 0), 5)]
    return first, outcome, dbin, base, span


@njit(cache=True)
def _fuite_block(fixed, first, outcome, dbin, base, span, seed, lo, hi, out, rec):
    """Fuite trials ``lo .. hi - 1``: counted into ``out`` (n_out, n_bins), or, when ``rec``
    is not empty, each trial's outcome index written to ``rec[t - lo]``.

    A trial makes one draw (:func:`_bounded_key`) and reads its outcome and damage from
    :func:`_fuite_tables` (the hits :func:`_hits` would count from the same draw).
    """
    for t in range(lo, hi):
        if fixed >= 0:
            o = fixed
            d = 0
        else:
            v, _c = _bounded_key(trial_key(seed, t), span)
            h1 = first[v % base]
            v2 = v // base
            o = outcome[h1, v2]
            d = dbin[h1, v2]
        if rec is not None:  # None in counting runs: numba compiles this branch away
            rec[t - lo] = o
        else:
            out[o, d] += 1


@njit(nogil=True, cache=True)
def _fuite_count_blocks(fixed, first, outcome, dbin, base, span, seed, start, n, out, b0, b1):
    """Compiled entry point of :func:`run_fuite`: blocks ``b0 .. b1 - 1``, block ``b`` counted into
    ``out[b]``; serial and without the GIL, for :func:`fleeodds.kernel_tools.run_blocks`."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _fuite_block(fixed, first, outcome, dbin, base, span, seed, lo, hi, out[b], None)


@njit(nogil=True, cache=True)
def _fuite_record_blocks(fixed, first, outcome, dbin, base, span, seed, start, n, dummy, rec, b0, b1):
    """Compiled entry point of :func:`run_fuite_trials`: blocks ``b0 .. b1 - 1`` recorded into ``rec``."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _fuite_block(fixed, first, outcome, dbin, base, span, seed, lo, hi, dummy[b], rec[lo - start:hi - start])


def run_fuite(fixed, pk, move_outcome, state_cancels, n_out, n_bins, seed, start, n):
    """Fuite kernel: counts ``(n_out, n_bins)`` of (outcome, damage taken).

    ``fixed >= 0``: no dice are rolled (cannot flee, free disengage, Repli);
    otherwise the attaque sans riposte ``pk`` is rolled and a survivor without a
    cancelling state ends in ``move_outcome`` (fled / fled without room).
    """
    tables = _fuite_tables(pk, int(move_outcome), int(state_cancels), int(n_bins))
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    out = np.zeros((nb, int(n_out), int(n_bins)), np.int64)
    run_blocks(_fuite_count_blocks, nb, int(fixed), *tables, seed, start, n, out)
    return out.sum(axis=0)


def run_fuite_trials(fixed, pk, move_outcome, state_cancels, seed, start, n):
    """Outcome index of each Fuite trial ``start .. start + n - 1``: int64 array (n,)."""
    tables = _fuite_tables(pk, int(move_outcome), int(state_cancels), 1)
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    rec = np.empty(n, np.int64)
    run_blocks(_fuite_record_blocks, nb, int(fixed), *tables, seed, start, n, np.zeros((nb, 1, 1), np.int64), rec)
    return rec


@njit(cache=True)
def _duel(pa, pb, a_first, b_first, key, c):
    """Normal pass: ``(hits_a, hits_b, b_killed, a_killed, counter)``."""
    ha, _da, ka, _sa, c = _attack(pa, key, c)
    hb, _db, kb, _sb, c = _attack(pb, key, c)
    if a_first == 1 and b_first == 0 and ka:
        kb = False
    if b_first == 1 and a_first == 0 and kb:
        ka = False
    return ha, hb, ka, kb, c


@njit(cache=True)
def _pass_block(duel, pa, pb, a_first, b_first, report_hits, esquive, dodge_o, seed, lo, hi, out, rec):
    """Weapon-pass trials ``lo .. hi - 1``: counted into ``out`` (5, 6), or, when ``rec`` is
    not empty, each trial's outcome index written to ``rec[t - lo]``.

    ``esquive > 0``: the defender first rolls 1d6 and dodges the charge on ``esquive`` or
    less (outcome ``dodge_o``, no pass, 0 hits).
    """
    for t in range(lo, hi):
        key = trial_key(seed, t)
        c = 0
        dodged = False
        if esquive > 0:
            face, c = bounded(key, c, 6)
            dodged = face + 1 <= esquive
        if dodged:
            o = dodge_o
            h = 0
        elif duel == 0:
            h, dmg, killed, state, c = _attack(pa, key, c)
            if report_hits == 1:
                o = 1 if h > 0 else 0
            elif killed:
                o = 0
            elif state != 0:
                o = 1
            elif dmg > 0:
                o = 2
            else:
                o = 3
        else:
            h, hb, ka, kb, c = _duel(pa, pb, a_first, b_first, key, c)
            if report_hits == 1:
                o = (1 if h > 0 else 0) + (2 if hb > 0 else 0)
            else:
                o = (1 if ka else 0) + (2 if kb else 0)
        if rec is not None:  # None in counting runs: numba compiles this branch away
            rec[t - lo] = o
        else:
            out[o, h] += 1


@njit(nogil=True, cache=True)
def _pass_count_blocks(duel, pa, pb, a_first, b_first, report_hits, esquive, dodge_o, seed, start, n, out, b0, b1):
    """Compiled entry point of :func:`run_pass`: blocks ``b0 .. b1 - 1``, block ``b`` counted into
    ``out[b]``; serial and without the GIL, for :func:`fleeodds.kernel_tools.run_blocks`."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _pass_block(duel, pa, pb, a_first, b_first, report_hits, esquive, dodge_o, seed, lo, hi, out[b], None)


@njit(nogil=True, cache=True)
def _pass_record_blocks(duel, pa, pb, a_first, b_first, report_hits, esquive, dodge_o, seed, start, n, dummy, rec,
                        b0, b1):
    """Compiled entry point of :func:`run_pass_trials`: blocks ``b0 .. b1 - 1`` recorded into ``rec``."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _pass_block(duel, pa, pb, a_first, b_first, report_hits, esquive, dodge_o, seed, lo, hi, dummy[b],
                    rec[lo - start:hi - start])


def _pass_args(duel, pa, pb, a_first, b_first, report_hits, esquive, dodge_o):
    return (int(duel), pa, pb, int(a_first), int(b_first), int(report_hits), int(esquive), int(dodge_o))


def run_pass(duel, pa, pb, a_first, b_first, report_hits, esquive, dodge_o, seed, start, n):
    """Weapon pass kernel: counts ``(5, 6)`` of (outcome, hits scored by A).

    One-sided (``duel == 0``): outcomes killed / state / wounded / unharmed, or
    (``report_hits``) no hit / hit. Normal pass: none / B killed / A killed / both,
    or no hits / only A hits / only B hits / both hit. With ``esquive = X > 0`` the
    defender's Esquive X (1d6 <= X) is rolled first; a dodge is outcome ``dodge_o``.
    """
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    out = np.zeros((nb, 5, 6), np.int64)
    run_blocks(_pass_count_blocks, nb, *_pass_args(duel, pa, pb, a_first, b_first, report_hits, esquive, dodge_o),
               seed, start, n, out)
    return out.sum(axis=0)


def run_pass_trials(duel, pa, pb, a_first, b_first, report_hits, esquive, dodge_o, seed, start, n):
    """Outcome index of each weapon-pass trial ``start .. start + n - 1``: int64 array (n,)."""
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    rec = np.empty(n, np.int64)
    run_blocks(_pass_record_blocks, nb, *_pass_args(duel, pa, pb, a_first, b_first, report_hits, esquive, dodge_o),
               seed, start, n, np.zeros((nb, 1, 1), np.int64), rec)
    return rec


# --------------------------------------------------------------------------- Attraction
@njit(cache=True)
def _place(bx, by, br, bzone, ax, ay, ar, px, py, key, c):
    """Draw the random adversary positions (rejection on overlapping bases); returns (ok, counter)."""
    nbv = bx.shape[0]
    na = ax.shape[0]
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
        if ok:
            return True, c
    return False, c


def run_attraction(ax, ay, ar, arange, aeng0, bx, by, br, breach, bimmune, beng0, bzone,
                   order_mode, multi_nearest, centre_measure, then_pass, focus, mover_vs, attr_vs,
                   mover_first, attr_first, use_pre, pre_status, pre_target, pref, seed, start, n):
    """Attraction kernel.

    Returns int64 counts of shape ``(n_adv + 1, 7, n_adv + 1)``: for adversary ``i < n_adv``,
    status (0 pulled, 1 intercepted, 2 unaffected; with ``then_pass`` the focus adversary's
    pulled trials go instead to 3 none killed, 4 mover killed, 5 attractor killed, 6 both
    killed) by the number of adversaries pulled in that trial. ``[n_adv, 0, 0]`` counts
    trials whose random placement failed 1000 times (overlapping bases every time).
    ``order_mode``: 0 listed, 1 random, 2 independent (each as if it activated first).
    ``multi_nearest``: several zones: 0 first listed, 1 nearest, 2 the fighter's player chooses —
    a holder it cannot reach if there is one (it is then unaffected), else the lowest ``pref[h]``
    for the focus adversary (its pass against holder ``h``), then the nearest.
    ``use_pre == 1``: fixed positions whose shortest paths leave the straight line (terrain,
    allies in the way, :mod:`.paths`): every trial takes the statuses and targets ``pre_status``,
    ``pre_target`` worked out once in Python, and only the pass dice are rolled.
    """
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    nbv = bx.shape[0]
    out = np.zeros((nb, nbv + 1, 7, nbv + 1), np.int64)
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
            ok, c = _place(bx, by, br, bzone, ax, ay, ar, px, py, key, 0)
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
                if then_pass == 1 and i == focus and s == 0:
                    h = target[i]
                    _ha, _hb, ka, kb, c = _duel(mover_vs[h], attr_vs[h], mover_first, attr_first[h], key, c)
                    s = 3 + (1 if kb else 0) + (2 if ka else 0)
                out[b, i, s, pulled] += 1
