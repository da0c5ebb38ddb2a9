"""Numba Monte Carlo kernel of a Fuite: the attaque sans riposte and the outcome it leaves.

References
----------
Rules digest §2 (dice engine), §3 (Fuite), §6 (Attraction x, errata August 2007).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ....kernel_tools import BLOCK, block_range, run_blocks
from ....rng import trial_key
from .pack import PACK_LEN
from .dice import _N, _POW6, _THR, attack, bounded_key, hit_tables, resolve


@njit(cache=True)
def _fuite_tables(pk, move_outcome, state_cancels, n_bins):
    """What the Fuite kernels look up: ``(first, outcome, damage_bin, base, span)``.

    Damage, kill and state depend on the hits only, so the outcome and the damage bin
    are worked out once for each cell of :func:`hit_tables` (``outcome[h1, v2]``,
    ``damage_bin[h1, v2]``); ``span = 6**(rolled + re-rolls)`` is the range of the
    trial's one draw.
    """
    o_of = np.empty(6, np.int64)
    d_of = np.empty(6, np.int64)
    for h in range(6):
        dmg, killed, state = resolve(pk, h)
        if killed:
            o_of[h] = 3
        elif state != 0 and state_cancels == 1:
            o_of[h] = 4 if state == 1 else 5
        else:
            o_of[h] = move_outcome
        d_of[h] = min(dmg, n_bins - 1)
    n = pk[_N]
    first, total, base = hit_tables(n, pk[_THR], pk)
    outcome = np.empty_like(total)
    dbin = np.empty_like(total)
    for h1 in range(total.shape[0]):
        for v in range(total.shape[1]):
            outcome[h1, v] = o_of[total[h1, v]]
            dbin[h1, v] = d_of[total[h1, v]]
    span = _POW6[min(n, 5) + min(max(n - 5, 0), 5)]
    return first, outcome, dbin, base, span


@njit(cache=True)
def _fuite_block(fixed, first, outcome, dbin, base, span, charged, cpk, chas, seed, lo, hi, out, rec):
    """Fuite trials ``lo .. hi - 1``: counted into ``out`` (n_out, n_bins), or, when ``rec``
    is not empty, each trial's outcome index written to ``rec[t - lo]``.

    A trial makes one draw (:func:`bounded_key`) and reads its outcome and damage from
    :func:`_fuite_tables` (the hits :func:`_hits` would count from the same draw). With
    ``charged >= 0`` (``fuite.charge_pass``) a trial ending in ``charged`` with damage bin ``d`` then
    rolls the Charge's attack ``cpk[d]`` (when ``chas[d] == 1``) from the next draws of its key: a kill
    moves it to ``charged + 1``, and the pass's damage is added.
    """
    n_bins = out.shape[1]
    for t in range(lo, hi):
        key = trial_key(seed, t)
        c = 0
        if fixed >= 0:
            o = fixed
            d = 0
        else:
            v, c = bounded_key(key, span)
            h1 = first[v % base]
            v2 = v // base
            o = outcome[h1, v2]
            d = dbin[h1, v2]
        if o == charged and chas[d] == 1:
            _h, dmg2, killed, _st, c = attack(cpk[d], key, c)
            if killed:
                o = charged + 1
            d = min(d + dmg2, n_bins - 1)
        if rec is not None:  # None in counting runs: numba compiles this branch away
            rec[t - lo] = o
        else:
            out[o, d] += 1


@njit(nogil=True, cache=True)
def _fuite_count_blocks(fixed, first, outcome, dbin, base, span, charged, cpk, chas, seed, start, n, out, b0, b1):
    """Compiled entry point of :func:`run_fuite`: blocks ``b0 .. b1 - 1``, block ``b`` counted into
    ``out[b]``; serial and without the GIL, for :func:`fleeodds.kernel_tools.run_blocks`."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _fuite_block(fixed, first, outcome, dbin, base, span, charged, cpk, chas, seed, lo, hi, out[b], None)


@njit(nogil=True, cache=True)
def _fuite_record_blocks(fixed, first, outcome, dbin, base, span, charged, cpk, chas, seed, start, n, dummy, rec,
                         b0, b1):
    """Compiled entry point of :func:`run_fuite_trials`: blocks ``b0 .. b1 - 1`` recorded into ``rec``."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _fuite_block(fixed, first, outcome, dbin, base, span, charged, cpk, chas, seed, lo, hi, dummy[b],
                     rec[lo - start:hi - start])


def _charge_args(charged, cpk, chas, n_bins):
    """The Charge's pass arguments (``charged = -1``: none; then placeholder arrays)."""
    if cpk is None:
        return -1, np.zeros((n_bins, PACK_LEN), np.int64), np.zeros(n_bins, np.int64)
    return int(charged), np.ascontiguousarray(cpk, np.int64), np.ascontiguousarray(chas, np.int64)


def run_fuite(fixed, pk, move_outcome, state_cancels, n_out, n_bins, seed, start, n, charged=-1, cpk=None,
              chas=None):
    """Fuite kernel: counts ``(n_out, n_bins)`` of (outcome, damage taken).

    ``fixed >= 0``: no dice are rolled (cannot flee, free disengage, Repli);
    otherwise the attaque sans riposte ``pk`` is rolled and a survivor without a
    cancelling state ends in ``move_outcome`` (fled / fled without room). With ``charged >= 0``
    (``fuite.charge_pass``): ``cpk`` (n_bins, PACK_LEN) is the Charge's attack for each damage bin of the Fuite
    and ``chas`` (n_bins,) 1 where one is rolled; outcome ``charged`` is split into ``charged`` (survives) and
    ``charged + 1`` (killed).
    """
    tables = _fuite_tables(pk, int(move_outcome), int(state_cancels), int(n_bins))
    charge = _charge_args(charged, cpk, chas, int(n_bins))
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    out = np.zeros((nb, int(n_out), int(n_bins)), np.int64)
    run_blocks(_fuite_count_blocks, nb, int(fixed), *tables, *charge, seed, start, n, out)
    return out.sum(axis=0)


def run_fuite_trials(fixed, pk, move_outcome, state_cancels, seed, start, n, charged=-1, cpk=None, chas=None,
                     n_bins=41):
    """Outcome index of each Fuite trial ``start .. start + n - 1``: int64 array (n,)."""
    tables = _fuite_tables(pk, int(move_outcome), int(state_cancels), int(n_bins))
    charge = _charge_args(charged, cpk, chas, int(n_bins))
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    rec = np.empty(n, np.int64)
    run_blocks(_fuite_record_blocks, nb, int(fixed), *tables, *charge, seed, start, n,
               np.zeros((nb, 1, int(n_bins)), np.int64), rec)
    return rec
