"""Numba Monte Carlo kernel of a weapon pass: one-sided or simultaneous, with Esquive X against a charge.

References
----------
Rules digest §2 (dice engine), §3 (Fuite), §6 (Attraction x, errata August 2007).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ....kernel_tools import BLOCK, block_range, run_blocks
from ....rng import bounded, trial_key
from .dice import attack


@njit(cache=True)
def duel_pass(pa, pb, a_first, b_first, key, c):
    """Normal pass: ``(hits_a, hits_b, b_killed, a_killed, counter)``."""
    ha, _da, ka, _sa, c = attack(pa, key, c)
    hb, _db, kb, _sb, c = attack(pb, key, c)
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
            h, dmg, killed, state, c = attack(pa, key, c)
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
            h, hb, ka, kb, c = duel_pass(pa, pb, a_first, b_first, key, c)
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
