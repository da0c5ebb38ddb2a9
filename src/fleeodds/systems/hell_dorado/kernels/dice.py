"""Numba dice of one Hell Dorado attack: hits, damage, kill and state from the counter-based stream.

Every die is rolled from the counter-based stream (:func:`fleeodds.rng.bounded`:
the dice of one attack are the base-6 digits of one exact uniform draw, see
:func:`_hits`), independently of the exact solver's binomial formulas. Attack parameters arrive as
the int64 pack of :func:`..kernels.pack.pack_attack`.

References
----------
Rules digest §2 (dice engine), §3 (Fuite), §6 (Attraction x, errata August 2007).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ....rng import bounded

_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)

# pack offsets (duplicated from pack.py on purpose: plain ints for numba)
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
def bounded_key(key, n):
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
def hit_tables(n, thr, pk):
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
def resolve(pk, hits):
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
def attack(pk, key, c):
    """One attaque: returns ``(hits, damage, killed, state_kind, counter)``."""
    hits, c = _hits_pk(pk, key, c)
    dmg, killed, state = resolve(pk, hits)
    return hits, dmg, killed, state, c
