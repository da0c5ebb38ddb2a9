"""Monte Carlo kernel of one round of close combat (numba), written from the digest
(docs/warhammer_combat.md) independently of :mod:`..exact.combat`: every die of
every attack is rolled (to hit, to wound, armour save, ward save), casualties are
removed before the side striking second attacks (8th: its rear steps up; 6th, 7th, TOW: its
slain fighters and the models stepping forward do not attack), and the combat result is added up
here again from the formation numbers.

Per trial it records the unsaved wounds each side caused (counted up to the foe's
total), the models each side has left and the signed margin (unit minus enemy).
The rest of the chain (Break test, flee, pursuit, rally) is run by the existing
chain kernel (:mod:`.flee`) in :mod:`..scenarios.fight`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ....kernel_tools import BLOCK, block_range, run_blocks
from ....rng import bounded, trial_key
from ..plan.combat import FightRules, SideRules

(S_MODELS, S_FILES, S_FIGHTING, S_WOUNDS, S_ATT_FRONT, S_SUP_RANKS, S_SUP_ATT, S_HIT, S_WOUND, S_SAVE, S_WARD,
 S_STRIKES, S_US, S_WIDTH, S_MAX_RANKS, S_BONUS, S_MUSICIAN, S_ORDER, S_STEPS_UP,
 S_SAVE_BANE, S_ORDER_US, S_MASSED, S_BY_RANK) = range(23)
N_SIDE = 23
G_ROLL_OFF, G_AT_START, G_OUTNUMBER, G_MUSICIAN_ALWAYS = range(4)


def pack(r: FightRules):
    """``(sides int64[2, 23], flags int64[4])`` for :func:`run_round`."""
    sides = np.zeros((2, N_SIDE), np.int64)
    # strike ranks as 0/1 (the higher strikes first): the kernel only compares them
    order = {r.unit.strikes: 0, r.enemy.strikes: 0}
    for i, v in enumerate(sorted(order)):
        order[v] = i
    for i, s in enumerate((r.unit, r.enemy)):
        s: SideRules
        sides[i] = [s.models, s.files, s.fighting, s.wounds, s.attacks_front, s.support_ranks, s.support_attacks,
                    s.hit, s.wound, s.save, s.ward, order[s.strikes], s.unit_strength, s.rank_width,
                    s.max_rank_bonus, s.static_bonus, s.musician, s.combat_order, s.steps_up,
                    s.save if s.save_bane is None else s.save_bane, s.combat_order_us, s.massed_infantry,
                    s.casualties_by_rank]
    flags = np.array([r.equal_roll_off, r.ranks_at_start, r.outnumber, r.musician_always], np.int64)
    return sides, flags


@njit(cache=True)
def _n_attacks(p, alive, lost):
    """Attacks of a side with ``alive`` models after ``lost`` were slain before it struck. 8th (S_STEPS_UP):
    the ranks behind step up and fight. 6th, 7th, TOW: each slain model is a fighting model whose file
    does not attack this turn (the model stepping forward cannot), so every rank that attacks loses one
    attacker per slain model (docs/warhammer_combat.md §3)."""
    if alive <= 0:
        return 0
    if p[S_STEPS_UP]:
        fighting = p[S_FIGHTING] if p[S_FIGHTING] < alive else alive
        total = fighting * p[S_ATT_FRONT]
        behind = alive - p[S_FILES]
        rank = 1
        while rank <= p[S_SUP_RANKS] and behind > 0:
            row = behind if behind < p[S_FILES] else p[S_FILES]
            if row > p[S_FIGHTING]:
                row = p[S_FIGHTING]
            total += row * p[S_SUP_ATT]
            behind -= p[S_FILES]
            rank += 1
        return total
    if p[S_BY_RANK]:  # TOW FAQ 1.5.2: the slain come off the first fighting rank, then the next ranks
        left = lost
        total = 0
        row = p[S_FIGHTING] if p[S_FIGHTING] < p[S_MODELS] else p[S_MODELS]
        behind = p[S_MODELS] - p[S_FILES]
        for rank in range(p[S_SUP_RANKS] + 1):
            if rank > 0:
                row = behind if behind < p[S_FILES] else p[S_FILES]
                if row > p[S_FIGHTING]:
                    row = p[S_FIGHTING]
                if row < 0:
                    row = 0
                behind -= p[S_FILES]
            gone = left if left < row else row
            left -= gone
            total += (row - gone) * (p[S_ATT_FRONT] if rank == 0 else p[S_SUP_ATT])
        return total
    # count the ranks as they stood before the casualties, then take the slain files out of each
    first = p[S_FIGHTING] if p[S_FIGHTING] < p[S_MODELS] else p[S_MODELS]
    total = max(first - lost, 0) * p[S_ATT_FRONT]
    behind = p[S_MODELS] - p[S_FILES]
    rank = 1
    while rank <= p[S_SUP_RANKS] and behind > 0:
        row = behind if behind < p[S_FILES] else p[S_FILES]
        if row > p[S_FIGHTING]:
            row = p[S_FIGHTING]
        total += max(row - lost, 0) * p[S_SUP_ATT]
        behind -= p[S_FILES]
        rank += 1
    return total


@njit(cache=True)
def _strike(p, alive, key, counter):
    """Roll every attack of a side with ``alive`` models; returns (unsaved wounds, counter)."""
    n = _n_attacks(p, alive, p[S_MODELS] - alive)
    wounds = 0
    for _ in range(n):
        d, counter = bounded(key, counter, 6)
        if d + 1 < p[S_HIT]:
            continue
        d, counter = bounded(key, counter, 6)
        if d + 1 < p[S_WOUND]:
            continue
        save = p[S_SAVE_BANE] if d == 5 else p[S_SAVE]  # Armour Bane: a natural 6 to wound
        if save <= 6:
            d, counter = bounded(key, counter, 6)
            if d + 1 >= save:
                continue
        if p[S_WARD] <= 6:
            d, counter = bounded(key, counter, 6)
            if d + 1 >= p[S_WARD]:
                continue
        wounds += 1
    return wounds, counter


@njit(cache=True)
def _extra_ranks(count, files, width):
    if files < width:
        return 0
    n = 0
    rest = count - files
    while rest >= width:
        n += 1
        rest -= files
    return n


@njit(cache=True)
def _score(me, foe, flags, wounds, alive_me, alive_foe):
    cap = foe[S_MODELS] * foe[S_WOUNDS]
    total = (wounds if wounds < cap else cap) + me[S_BONUS]
    counted = me[S_MODELS] if flags[G_AT_START] else alive_me
    ranks = _extra_ranks(counted, me[S_FILES], me[S_WIDTH])
    total += ranks if ranks < me[S_MAX_RANKS] else me[S_MAX_RANKS]
    if (flags[G_OUTNUMBER] or me[S_MASSED]) and alive_me * me[S_US] > alive_foe * foe[S_US]:
        total += 1
    if (me[S_ORDER] and alive_me * me[S_US] >= me[S_ORDER_US]
            and me[S_FILES] >= (alive_me + me[S_FILES] - 1) // me[S_FILES]):
        total += 1
    if flags[G_MUSICIAN_ALWAYS] and me[S_MUSICIAN] and not foe[S_MUSICIAN]:
        total += 1
    return total


@njit(cache=True)
def _trial(sides, flags, key, rec):
    u = sides[0]
    e = sides[1]
    counter = 0
    first = 0  # 1: unit strikes first, 2: enemy first, 0: simultaneous
    if u[S_STRIKES] > e[S_STRIKES]:
        first = 1
    elif e[S_STRIKES] > u[S_STRIKES]:
        first = 2
    elif flags[G_ROLL_OFF]:
        d, counter = bounded(key, counter, 2)
        first = 1 if d == 0 else 2
    alive_u = u[S_MODELS]
    alive_e = e[S_MODELS]
    if first == 1:
        wu, counter = _strike(u, alive_u, key, counter)
        alive_e = max(alive_e - wu // e[S_WOUNDS], 0)
        we, counter = _strike(e, alive_e, key, counter)
        alive_u = max(alive_u - we // u[S_WOUNDS], 0)
    elif first == 2:
        we, counter = _strike(e, alive_e, key, counter)
        alive_u = max(alive_u - we // u[S_WOUNDS], 0)
        wu, counter = _strike(u, alive_u, key, counter)
        alive_e = max(alive_e - wu // e[S_WOUNDS], 0)
    else:
        wu, counter = _strike(u, alive_u, key, counter)
        we, counter = _strike(e, alive_e, key, counter)
        alive_e = max(alive_e - wu // e[S_WOUNDS], 0)
        alive_u = max(alive_u - we // u[S_WOUNDS], 0)
    su = _score(u, e, flags, wu, alive_u, alive_e)
    se = _score(e, u, flags, we, alive_e, alive_u)
    m = su - se
    if m == 0 and not flags[G_MUSICIAN_ALWAYS]:
        if u[S_MUSICIAN] and not e[S_MUSICIAN]:
            m = 1
        elif e[S_MUSICIAN] and not u[S_MUSICIAN]:
            m = -1
    rec[0] = min(wu, e[S_MODELS] * e[S_WOUNDS])
    rec[1] = min(we, u[S_MODELS] * u[S_WOUNDS])
    rec[2] = alive_u
    rec[3] = alive_e
    rec[4] = m


@njit(nogil=True, cache=True)
def _round_blocks(sides, flags, seed, start, n, out, b0, b1):
    """The compiled entry point: blocks ``b0 .. b1 - 1`` of trials ``start .. start + n - 1``, trial ``t``
    into ``out[t - start]``; serial and without the GIL, for :func:`fleeodds.kernel_tools.run_blocks`."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        for t in range(lo, hi):
            _trial(sides, flags, trial_key(seed, t), out[t - start])


def run_round(sides, flags, seed, start, n):
    """Trials ``start .. start + n - 1``: int64 (n, 5) rows of (w_unit, w_enemy, alive_unit, alive_enemy,
    margin)."""
    start, n = int(start), int(n)
    out = np.empty((n, 5), np.int64)
    run_blocks(_round_blocks, (n + BLOCK - 1) // BLOCK, sides, flags, int(seed), start, n, out)
    return out
