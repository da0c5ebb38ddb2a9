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
 S_STRIKES, S_US, S_WIDTH, S_MAX_RANKS, S_BONUS, S_MUSICIAN, S_ORDER, S_STEPS_UP, S_N_PARTS, S_TAKEN,
 S_IN_DUEL, S_REROLL, S_POISON, S_KB, S_REGEN,
 # The Old World (plan.tow_combat): Armour Bane's save, Combat Order's Unit Strength, Massed Infantry, and the
 # FAQ 1.5.2 casualties taken rank by rank
 S_SAVE_BANE, S_ORDER_US, S_MASSED, S_BY_RANK,
 # wounds the wounded rank-and-file model carries into the round (a later round of multi-Wound models)
 S_CARRIED) = range(31)
N_BASE = 31
# each part (a mount...) after the base fields: attacks per model in base contact, its D6 scores, strike rank
P_ATT, P_HIT, P_WOUND, P_SAVE, P_WARD, P_STRIKES, P_KIND, P_DIE, P_REROLL, P_POISON, P_KB, P_REGEN = range(12)
N_PART = 12
KIND_MOUNT, KIND_CHAMPION, KIND_CHARACTER, KIND_IMPACT = 0, 1, 2, 3
KINDS = {"mount": KIND_MOUNT, "champion": KIND_CHAMPION, "character": KIND_CHARACTER, "impact": KIND_IMPACT}
MAX_PARTS = 4
# the side's duelist in a challenge, after the parts: on/off, attacks, D6 scores against the other duelist,
# strike rank, his Wounds, the most wounds the foe may count against him (W + overkill cap)
D_ON, D_ATT, D_HIT, D_WOUND, D_SAVE, D_WARD, D_STRIKES, D_W, D_COUNT = range(9)
DUEL = N_BASE + MAX_PARTS * N_PART
N_SIDE = DUEL + 9
ROW = 7  # columns of a trial's record (see run_round)
G_ROLL_OFF, G_AT_START, G_OUTNUMBER, G_MUSICIAN_ALWAYS, G_FEAR_SIDE, G_FEAR_LD = range(6)


def pack(r: FightRules):
    """``(sides int64[2 or 4, N_SIDE], flags int64[6])`` for :func:`run_round`: each side's base fields, then
    its parts (mounts...), strike ranks replaced by their order (0 the lowest: the kernel only compares them);
    with an 8th-edition Fear test, rows 2 and 3 are the round when the test fails (flags: the side that tests
    and its Leadership)."""
    sides, flags = _pack_one(r)
    if r.fear is not None:
        failed, _ = _pack_one(r.fear[3])
        sides = np.concatenate([sides, failed])
        flags[G_FEAR_SIDE], flags[G_FEAR_LD] = r.fear[0], r.fear[1]
    return sides, flags


def _pack_one(r: FightRules):
    sides = np.zeros((2, N_SIDE), np.int64)
    values = sorted({s.strikes for s in (r.unit, r.enemy)} | {g.strikes for s in (r.unit, r.enemy) for g in s.parts}
                    | {s.duelist.strikes for s in (r.unit, r.enemy) if s.duelist is not None})
    order = {v: i for i, v in enumerate(values)}
    for i, s in enumerate((r.unit, r.enemy)):
        s: SideRules
        if len(s.parts) > MAX_PARTS:
            raise ValueError(f"at most {MAX_PARTS} parts per side in the kernel")
        sides[i, :N_BASE] = [s.models, s.files, s.fighting, s.wounds, s.attacks_front, s.support_ranks,
                             s.support_attacks, s.hit, s.wound, s.save, s.ward, order[s.strikes], s.unit_strength,
                             s.rank_width, s.max_rank_bonus, s.static_bonus, s.musician, s.combat_order,
                             s.steps_up, len(s.parts), s.front_taken, s.in_duel, s.reroll_hit, s.poisoned,
                             s.killing_blow, s.regen, s.save if s.save_bane is None else s.save_bane,
                             s.combat_order_us, s.massed_infantry, s.casualties_by_rank, s.carried]
        for k, g in enumerate(s.parts):
            o = N_BASE + k * N_PART
            sides[i, o:o + N_PART] = [g.attacks, g.hit, g.wound, g.save, g.ward, order[g.strikes], KINDS[g.kind],
                                      g.die, g.reroll_hit, g.poisoned, g.killing_blow, g.regen]
        if s.duelist is not None:
            d = s.duelist
            sides[i, DUEL:DUEL + 9] = [1, d.attacks, d.hit, d.wound, d.save, d.ward, order[d.strikes], d.wounds,
                                       d.countable]
    flags = np.array([r.equal_roll_off, r.ranks_at_start, r.outnumber, r.musician_always, -1, 0], np.int64)
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
        total = _front(p, alive) * p[S_ATT_FRONT]
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
        total = _front(p, alive) * p[S_ATT_FRONT]
        places = p[S_FIGHTING] - p[S_TAKEN]
        if places < 0:
            places = 0
        rank_and_file = p[S_MODELS] - p[S_IN_DUEL]
        left = lost - (places if places < rank_and_file else rank_and_file)  # beyond the first rank
        behind = p[S_MODELS] - p[S_FILES]
        rank = 1
        while rank <= p[S_SUP_RANKS] and behind > 0:
            row = behind if behind < p[S_FILES] else p[S_FILES]
            if row > p[S_FIGHTING]:
                row = p[S_FIGHTING]
            gone = 0 if left <= 0 else (left if left < row else row)
            left -= gone
            total += (row - gone) * p[S_SUP_ATT]
            behind -= p[S_FILES]
            rank += 1
        return total
    # count the ranks as they stood before the casualties, then take the slain files out of each
    total = _front(p, alive) * p[S_ATT_FRONT]
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
def _roll(n, hit, wound, save, ward, key, counter, reroll=0, poison=0, kb=0, regen=7, bane=-1):
    """Roll ``n`` attacks die by die: to hit (a miss rolled again with ``reroll``), to wound (skipped after a
    6 to hit with ``poison``), armour save (none after a 6 to wound with ``kb``; ``bane`` instead after a 6 to
    wound, TOW Armour Bane), ward save, regeneration roll (none after a 6 to wound with ``kb`` 2, TOW); returns
    (unsaved wounds, counter)."""
    wounds = 0
    for _ in range(n):
        d, counter = bounded(key, counter, 6)
        if d + 1 < hit:
            if not reroll:
                continue
            d, counter = bounded(key, counter, 6)
            if d + 1 < hit:
                continue
        ignore_armour = False
        ignore_regen = False
        this_save = save
        if not (poison and d == 5):
            d, counter = bounded(key, counter, 6)
            if d + 1 < wound:
                continue
            ignore_armour = kb > 0 and d == 5
            ignore_regen = kb == 2 and d == 5  # TOW Killing Blow: no Regeneration save either
            if bane >= 0 and d == 5:  # Armour Bane: a natural 6 to wound faces the worse save
                this_save = bane
        if this_save <= 6 and not ignore_armour:
            d, counter = bounded(key, counter, 6)
            if d + 1 >= this_save:
                continue
        if ward <= 6:
            d, counter = bounded(key, counter, 6)
            if d + 1 >= ward:
                continue
        if regen <= 6 and not ignore_regen:
            d, counter = bounded(key, counter, 6)
            if d + 1 >= regen:
                continue
        wounds += 1
    return wounds, counter


@njit(cache=True)
def _front(p, alive):
    """The unit's own models in base contact that strike (the places the characters take are not theirs):
    8th, every place filled while models are left (the rear steps up); 6th, 7th, TOW, the fighting rank as it
    stood less the models slain (those stepping forward do not attack)."""
    if alive <= 0:
        return 0
    places = p[S_FIGHTING] - p[S_TAKEN]
    if places < 0:
        places = 0
    if p[S_STEPS_UP]:
        return places if places < alive else alive
    rank_and_file = p[S_MODELS] - p[S_IN_DUEL]  # a champion in a challenge is not in the main fight
    first = places if places < rank_and_file else rank_and_file
    lost = rank_and_file - alive
    return first - lost if first > lost else 0


@njit(cache=True)
def _roll_hits(n, wound, save, ward, key, counter, regen=7):
    """``n`` automatic hits: roll to wound, armour save, ward save, regeneration; (unsaved wounds, counter)."""
    wounds = 0
    for _ in range(n):
        d, counter = bounded(key, counter, 6)
        if d + 1 < wound:
            continue
        if save <= 6:
            d, counter = bounded(key, counter, 6)
            if d + 1 >= save:
                continue
        if ward <= 6:
            d, counter = bounded(key, counter, 6)
            if d + 1 >= ward:
                continue
        if regen <= 6:
            d, counter = bounded(key, counter, 6)
            if d + 1 >= regen:
                continue
        wounds += 1
    return wounds, counter


@njit(cache=True)
def _mounts_fighting(p, alive):
    """Fighting models whose mounts attack (a slain model's mount goes with it)."""
    return _front(p, alive)


@njit(cache=True)
def _has_champion(p):
    for k in range(p[S_N_PARTS]):
        if p[N_BASE + k * N_PART + P_KIND] == KIND_CHAMPION:
            return True
    return False


@njit(cache=True)
def _champion_standing(p, alive):
    """The champion is the last model removed: 8th, he fights while the unit stands; 6th, 7th, TOW, while
    one model of the fighting rank as it stood is left (the slain are taken from the others first)."""
    return _front(p, alive) >= 1


@njit(cache=True)
def _strike(p, level, alive, key, counter):
    """Every group of side ``p`` whose strike rank is ``level`` strikes with ``alive`` models left (the rank
    and file first, then each part in order); returns (unsaved wounds, counter)."""
    wounds = 0
    if p[S_STRIKES] == level:
        n = _n_attacks(p, alive, p[S_MODELS] - p[S_IN_DUEL] - alive)
        if _has_champion(p) and _champion_standing(p, alive):
            n -= p[S_ATT_FRONT]  # one model of the fighting rank is the champion: his own attacks below
        w, counter = _roll(n, p[S_HIT], p[S_WOUND], p[S_SAVE], p[S_WARD], key, counter, p[S_REROLL], p[S_POISON],
                           p[S_KB], p[S_REGEN], p[S_SAVE_BANE])
        wounds += w
    for k in range(p[S_N_PARTS]):
        o = N_BASE + k * N_PART
        if p[o + P_STRIKES] == level:
            if p[o + P_KIND] == KIND_CHAMPION:
                n = p[o + P_ATT] if _champion_standing(p, alive) else 0
            elif p[o + P_KIND] == KIND_CHARACTER:
                n = p[o + P_ATT] if alive > 0 else 0
            elif p[o + P_KIND] == KIND_IMPACT:
                # each chariot in contact rolls its dice of hits, which hit automatically: no to-hit roll
                hits = 0
                for _ in range(_mounts_fighting(p, alive) * p[o + P_ATT]):
                    d, counter = bounded(key, counter, p[o + P_DIE])
                    hits += d + 1
                w, counter = _roll_hits(hits, p[o + P_WOUND], p[o + P_SAVE], p[o + P_WARD], key, counter,
                                        p[o + P_REGEN])
                wounds += w
                continue
            else:
                n = _mounts_fighting(p, alive) * p[o + P_ATT]
            w, counter = _roll(n, p[o + P_HIT], p[o + P_WOUND], p[o + P_SAVE], p[o + P_WARD], key, counter,
                               p[o + P_REROLL], p[o + P_POISON], p[o + P_KB], p[o + P_REGEN])
            wounds += w
    return wounds, counter


@njit(cache=True)
def _duel_strike(p, level, taken, key, counter):
    """The duelist of side ``p`` strikes at the other if his rank is ``level`` and he has Wounds left after
    ``taken``; returns (unsaved wounds, counter)."""
    if p[DUEL + D_ON] == 0 or p[DUEL + D_STRIKES] != level or taken >= p[DUEL + D_W]:
        return 0, counter
    return _roll(p[DUEL + D_ATT], p[DUEL + D_HIT], p[DUEL + D_WOUND], p[DUEL + D_SAVE], p[DUEL + D_WARD], key,
                 counter)


@njit(cache=True)
def _at_level(p, level):
    if p[S_STRIKES] == level:
        return True
    if p[DUEL + D_ON] and p[DUEL + D_STRIKES] == level:
        return True
    for k in range(p[S_N_PARTS]):
        if p[N_BASE + k * N_PART + P_STRIKES] == level:
            return True
    return False


@njit(cache=True)
def _top_level(p):
    top = p[S_STRIKES]
    if p[DUEL + D_ON] and p[DUEL + D_STRIKES] > top:
        top = p[DUEL + D_STRIKES]
    for k in range(p[S_N_PARTS]):
        v = p[N_BASE + k * N_PART + P_STRIKES]
        if v > top:
            top = v
    return top


@njit(cache=True)
def _alive(p, wounds_taken):
    left = p[S_MODELS] - p[S_IN_DUEL] - wounds_taken // p[S_WOUNDS]
    return left if left > 0 else 0


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
    total = wounds + me[S_BONUS]  # already counted up to the foe's countable total
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
    counter = 0
    row = 0
    if flags[G_FEAR_SIDE] >= 0:  # 8th Fear: a Leadership test on 2D6; failed, the round of rows 2 and 3
        a, counter = bounded(key, counter, 6)
        b, counter = bounded(key, counter, 6)
        if a + b + 2 > flags[G_FEAR_LD]:
            row = 2
    u = sides[row]
    e = sides[row + 1]
    top = max(_top_level(u), _top_level(e))
    # 6th/7th roll-off when the two sides share a strike rank: one roll for the round, its winner strikes
    # first at every shared rank (-1: no roll-off, the sides strike together at a shared rank)
    first = -1
    if flags[G_ROLL_OFF]:
        for level in range(top + 1):
            if _at_level(u, level) and _at_level(e, level):
                d, counter = bounded(key, counter, 2)
                first = 0 if d == 0 else 1
                break
    # unsaved wounds on the enemy's rank and file so far, counted from those its wounded model carried into the
    # round (whole models are removed, the wounds left over stay on one model: docs/warhammer_combat.md §17)
    wu = e[S_CARRIED]
    we = u[S_CARRIED]
    du = 0  # wounds the unit's duelist caused on the enemy's, in a challenge
    de = 0
    for level in range(top, -1, -1):
        here_u = _at_level(u, level)
        here_e = _at_level(e, level)
        if here_u and here_e and first == 0:
            w, counter = _strike(u, level, _alive(u, we), key, counter)
            wu += w
            w, counter = _duel_strike(u, level, de, key, counter)
            du += w
            w, counter = _strike(e, level, _alive(e, wu), key, counter)
            we += w
            w, counter = _duel_strike(e, level, du, key, counter)
            de += w
        elif here_u and here_e and first == 1:
            w, counter = _strike(e, level, _alive(e, wu), key, counter)
            we += w
            w, counter = _duel_strike(e, level, du, key, counter)
            de += w
            w, counter = _strike(u, level, _alive(u, we), key, counter)
            wu += w
            w, counter = _duel_strike(u, level, de, key, counter)
            du += w
        else:
            au = _alive(u, we)
            ae = _alive(e, wu)
            du0 = du
            de0 = de
            xu = 0
            xe = 0
            if here_u:
                xu, counter = _strike(u, level, au, key, counter)
                w, counter = _duel_strike(u, level, de0, key, counter)
                du += w
            if here_e:
                xe, counter = _strike(e, level, ae, key, counter)
                w, counter = _duel_strike(e, level, du0, key, counter)
                de += w
            wu += xu
            we += xe
    alive_u = _alive(u, we)
    alive_e = _alive(e, wu)
    rec[5] = we % u[S_WOUNDS] if alive_u > 0 else 0  # wounds the unit's wounded model carries out of the round
    rec[6] = wu % e[S_WOUNDS] if alive_e > 0 else 0
    if u[S_IN_DUEL] and de < u[DUEL + D_W]:
        alive_u += 1  # the champion came out of his challenge alive
    if e[S_IN_DUEL] and du < e[DUEL + D_W]:
        alive_e += 1
    # wounds counted: the rank and file's up to their total, the duelist's up to his W + the overkill cap
    cap_e = (e[S_MODELS] - e[S_IN_DUEL]) * e[S_WOUNDS]
    cap_u = (u[S_MODELS] - u[S_IN_DUEL]) * u[S_WOUNDS]
    wu = (wu if wu < cap_e else cap_e) - e[S_CARRIED] + (du if du < e[DUEL + D_COUNT] else e[DUEL + D_COUNT])
    we = (we if we < cap_u else cap_u) - u[S_CARRIED] + (de if de < u[DUEL + D_COUNT] else u[DUEL + D_COUNT])
    su = _score(u, e, flags, wu, alive_u, alive_e)
    se = _score(e, u, flags, we, alive_e, alive_u)
    m = su - se
    if m == 0 and not flags[G_MUSICIAN_ALWAYS]:
        if u[S_MUSICIAN] and not e[S_MUSICIAN]:
            m = 1
        elif e[S_MUSICIAN] and not u[S_MUSICIAN]:
            m = -1
    rec[0] = wu
    rec[1] = we
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
    """Trials ``start .. start + n - 1``: int64 (n, 7) rows of (w_unit, w_enemy, alive_unit, alive_enemy,
    margin, carried_unit, carried_enemy): the last two are the wounds each side's wounded rank-and-file model
    has lost at the round's end (multi-Wound models; 0 when none is wounded or none is left)."""
    start, n = int(start), int(n)
    out = np.empty((n, ROW), np.int64)
    run_blocks(_round_blocks, (n + BLOCK - 1) // BLOCK, sides, flags, int(seed), start, n, out)
    return out
