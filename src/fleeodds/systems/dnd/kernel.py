"""Monte Carlo kernel: one trial = the runner walks the path and every opportunity is rolled.

Independent of the exact solver: it rolls the d20 faces (two for advantage),
the confirmation roll, each damage die (:func:`fleeodds.kernel_tools.roll`), skill
checks, saves, concealment percentiles and, when asked, the death saves or
dying checks round by round; the AoO/reaction budget of each enemy is tracked
per trial. The only shared input is the :class:`~.plan.Plan` (the ordered
opportunities with their numbers).

Reproducible: every draw is a function of ``(seed, trial index, draw index)``
(:mod:`fleeodds.rng`), so counts do not depend on the thread count.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ...kernel_tools import BLOCK, block_range, roll_stacked, run_blocks
from ...rng import bounded, trial_key
from .plan import EFFECT_GRAPPLE, EFFECT_PRONE, EFFECT_SLOW, MASTERY_PUSH, MASTERY_VEX, Plan
from .encoding import (  # the event and parameter columns the kernel reads
    E_AB, E_AC, E_ADV, E_CANCELS, E_CMB, E_CONSUMES, E_DC, E_DIS, E_DMG, E_EFFECT, E_ENEMY, E_EXTRA,
    E_GROUP, E_HALT, E_HAS_CHECK, E_HAS_SAVE, E_LOW, E_MASTERY, E_MULT, E_PUSH_CLEARS, E_SAVE_BONUS, E_SAVE_DC,
    E_SHARED, E_STAND_STILL, E_WITHIN5, MAX_MIX_TABLE, O_BACK_UP, O_CANCELLED, O_DEAD, O_DISABLED, O_DOWN,
    O_SLOWED, O_STABLE, O_STRAINED, O_UNHARMED, O_WOUNDED, P_ALL_RESOLVE, P_ALWAYS_STUCK, P_CMD, P_CON, P_CONCEAL, P_CONFIRM,
    P_CONFIRM20, P_CRIT_FAILS, P_DEAD_AT, P_DIS_CONT, P_DR, P_DSAVES, P_DS_ADV, P_DS_BONUS, P_FIVE, P_FORT,
    P_HP0, P_HPMAX, P_MASSIVE, P_MASSIVE_THR, P_METRIC_ATTACKS, P_MIN1, P_MONSTER_DIES, P_MULTIPLY, P_NBINS,
    P_NEV, P_PF, P_PRONE_STAYS, P_RESIST, P_SKILL20, P_STOP_DOWN, P_STRAIN_AT, P_THREAT_HIT, P_TUMBLE, encode)


@njit(inline="always", cache=True)
def _d20(key, c):
    v, c = bounded(key, c, 20)
    return v + 1, c


@njit(cache=True)
def _simulate_block(seed, lo, hi, ev, specs, aoo0, prm, outmap, mix, out, rec):
    """Trials ``lo .. hi - 1`` added into ``out`` (n_outcomes, n_bins), or, when ``rec`` is not
    empty, each trial's outcome index written to ``rec[t - lo]`` (paired comparisons).

    ``ev`` is ``(components, events, columns)``: with uncertain values (a mixture) each trial
    first draws its component from ``mix`` (component indices, each repeated in proportion to
    its probability); with one component nothing is drawn (the counts are those of a plain plan).

    The trial logic is written inside the loop and dice are rolled from the
    stacked specs by index: handing arrays (or views of them) to a function
    numba does not inline costs atomic reference counting on every call.
    """
    # the parameters, read once per block
    k_all_resolve = prm[P_ALL_RESOLVE]
    k_always_stuck = prm[P_ALWAYS_STUCK]
    k_cmd = prm[P_CMD]
    k_con = prm[P_CON]
    k_conceal = prm[P_CONCEAL]
    k_confirm = prm[P_CONFIRM]
    k_confirm20 = prm[P_CONFIRM20]
    k_crit_fails = prm[P_CRIT_FAILS]
    k_dead_at = prm[P_DEAD_AT]
    k_dis_cont = prm[P_DIS_CONT]
    k_dr = prm[P_DR]
    k_dsaves = prm[P_DSAVES]
    k_ds_adv = prm[P_DS_ADV]
    k_ds_bonus = prm[P_DS_BONUS]
    k_five = prm[P_FIVE]
    k_fort = prm[P_FORT]
    k_hp0 = prm[P_HP0]
    k_hpmax = prm[P_HPMAX]
    k_massive = prm[P_MASSIVE]
    k_massive_thr = prm[P_MASSIVE_THR]
    k_metric_attacks = prm[P_METRIC_ATTACKS]
    k_min1 = prm[P_MIN1]
    k_monster_dies = prm[P_MONSTER_DIES]
    k_multiply = prm[P_MULTIPLY]
    k_nbins = prm[P_NBINS]
    k_nev = prm[P_NEV]
    k_pf = prm[P_PF]
    k_prone_stays = prm[P_PRONE_STAYS]
    k_resist = prm[P_RESIST]
    k_skill20 = prm[P_SKILL20]
    k_stop_down = prm[P_STOP_DOWN]
    k_strain_at = prm[P_STRAIN_AT]
    k_threat_hit = prm[P_THREAT_HIT]
    k_tumble = prm[P_TUMBLE]
    five = k_five == 1
    hp0 = k_hp0
    hpmax = k_hpmax
    dead_at = k_dead_at
    floor1 = 1 if k_min1 == 1 else 0
    aoo = np.zeros(aoo0.size + 1, dtype=np.int64)
    vex = np.zeros(aoo0.size + 1, dtype=np.int64)  # 2024 Vex: enemy e has advantage on its next attack
    # the rules a plan does not use cost nothing per event: flags read once per block
    any_vex = False
    any_push = False
    for mm in range(ev.shape[0]):
        for jj in range(k_nev):
            any_vex = any_vex or ev[mm, jj, E_MASTERY] == MASTERY_VEX
            any_push = any_push or ev[mm, jj, E_MASTERY] == MASTERY_PUSH
    for t in range(lo, hi):
        key = trial_key(seed, t)
        c = 0
        m = 0
        if mix.size > 1:
            r, c = bounded(key, c, mix.size)
            m = mix[r]
        for e in range(aoo0.size):
            aoo[e] = aoo0[e]
        if any_vex:
            for e in range(aoo0.size):
                vex[e] = 0
        prone = False
        push_step = False  # 2024 Push: out of the reach of the rest of this step's foes
        push_far = False  # ... and of the later foes marked push_clears
        strained = False
        strain_at = k_strain_at
        dmg = 0
        fails = 0
        att = 0
        nhits = 0
        dead = False
        halt = False
        slow = False
        tum = 0  # the single Tumble check of the move: 0 not rolled yet, 1 passed, 2 failed
        for j in range(k_nev):
            if dead:
                break
            if j == strain_at:
                strained = True
                if not five and hp0 - dmg == 0:
                    dmg += 1
                    if hp0 - dmg <= dead_at:
                        dead = True
                        break
                else:
                    strained = False
                strain_at = -2  # done
            boundary = j == 0 or ev[m, j, E_GROUP] != ev[m, j - 1, E_GROUP]
            if boundary:
                push_step = False
                if k_prone_stays == 0:
                    prone = False
            if boundary or k_all_resolve == 0:
                if halt:
                    break
                if k_stop_down == 1:
                    if five:
                        down = dmg >= hp0
                    else:
                        hp = hp0 - dmg
                        down = hp < 0 or (hp == 0 and k_dis_cont == 0)
                    if down:
                        break
            if any_push and (push_step or (push_far and ev[m, j, E_PUSH_CLEARS] == 1)):
                continue
            e = ev[m, j, E_ENEMY]
            avail = ev[m, j, E_CONSUMES] == 0 or aoo[e] > 0
            halt_after = False
            if ev[m, j, E_HAS_CHECK] == 1:
                if ev[m, j, E_CANCELS] == 1 or avail:
                    if ev[m, j, E_SHARED] == 1 and tum != 0:
                        passed = tum == 1
                    else:
                        f, c = _d20(key, c)
                        passed = f + k_tumble >= ev[m, j, E_DC] or (k_skill20 == 1 and f == 20)
                        if ev[m, j, E_SHARED] == 1:
                            tum = 1 if passed else 2
                    if passed:
                        continue
                    if ev[m, j, E_CANCELS] == 1:
                        halt_after = True
                        if not avail:
                            halt = True
                            continue
                else:
                    continue
            elif not avail:
                continue
            if ev[m, j, E_CONSUMES] == 1:
                aoo[e] -= 1
            att += 1
            if ev[m, j, E_STAND_STILL] == 1:
                f, c = _d20(key, c)
                if f == 20 or (f != 1 and f + ev[m, j, E_CMB] >= k_cmd):
                    halt = True
                if halt_after:
                    halt = True
                continue
            down5 = five and dmg >= hp0
            adv = ev[m, j, E_ADV] == 1 or down5
            dis = ev[m, j, E_DIS] == 1
            if down5 or (five and prone):  # 5e Prone (an unconscious runner is prone too)
                if ev[m, j, E_WITHIN5] == 1:
                    adv = True
                else:
                    dis = True
            if any_vex:
                if vex[e] == 1:
                    adv = True
                vex[e] = 0
            f, c = _d20(key, c)
            if adv and not dis:
                f2, c = _d20(key, c)
                if f2 > f:
                    f = f2
            elif dis and not adv:
                f2, c = _d20(key, c)
                if f2 < f:
                    f = f2
            ab = ev[m, j, E_AB]
            ac = ev[m, j, E_AC]
            hit = f != 1 and (f == 20 or f + ab >= ac)
            crit = False
            if five:
                if f >= ev[m, j, E_LOW]:
                    crit = True
                    hit = True
                elif hit and down5 and ev[m, j, E_WITHIN5] == 1:
                    crit = True
            elif f >= ev[m, j, E_LOW] and (hit or k_threat_hit == 0):
                if k_confirm == 0:  # options.crit_confirmation = "none": every threat is a critical
                    crit = True
                    hit = True
                else:
                    g, c = _d20(key, c)
                    if g != 1 and ((g == 20 and k_confirm20 == 1) or g + ab >= ac):
                        crit = True
                        hit = True
            if hit and k_conceal > 0:
                u, c = bounded(key, c, 100)
                if u < k_conceal:
                    hit = False
                    crit = False
            if not hit:
                if halt_after:
                    halt = True
                continue
            # damage of this hit
            nhits += 1
            sp = ev[m, j, E_DMG]
            xi = ev[m, j, E_EXTRA]
            if five:
                total, c = roll_stacked(specs, sp, key, c)
                if crit:
                    t2, c = roll_stacked(specs, sp, key, c)
                    total += t2 - specs[sp, 0, 1]
                if xi >= 0:
                    xs = xi
                    x, c = roll_stacked(specs, xs, key, c)
                    if crit:
                        x2, c = roll_stacked(specs, xs, key, c)
                        x += x2 - specs[xs, 0, 1]
                    total += x
                if total < 0:
                    total = 0
                if k_resist == 1:
                    total = total // 2
            else:
                rolled, c = roll_stacked(specs, sp, key, c)
                if rolled < floor1:
                    rolled = floor1
                if crit:
                    if k_multiply == 1:
                        rolled = rolled * ev[m, j, E_MULT]
                    else:
                        for _ in range(ev[m, j, E_MULT] - 1):
                            t2, c = roll_stacked(specs, sp, key, c)
                            if t2 < floor1:
                                t2 = floor1
                            rolled += t2
                total = rolled
                if xi >= 0:
                    x, c = roll_stacked(specs, xi, key, c)
                    if x > 0:
                        total += x
            if k_dr > 0:
                total -= k_dr
                if total < 0:
                    total = 0
            if k_massive == 1 and not five and total >= k_massive_thr:
                g, c = _d20(key, c)
                if not (g == 20 or (g != 1 and g + k_fort >= 15)):
                    dead = True
            was_down = five and dmg >= hp0
            dmg += total
            if five:
                if was_down:
                    if total > 0:
                        if total >= hpmax:
                            dead = True
                        else:
                            fails += k_crit_fails if crit else 1
                            if fails >= 3:
                                dead = True
                elif dmg >= hp0:
                    if k_monster_dies == 1 or dmg - hp0 >= hpmax:
                        dead = True
            elif hp0 - dmg <= dead_at:
                dead = True
            eff = ev[m, j, E_EFFECT]
            if ev[m, j, E_HALT] == 1 or eff == EFFECT_GRAPPLE:
                halt = True
            if any_push or any_vex:
                if ev[m, j, E_MASTERY] == MASTERY_PUSH:
                    push_step = True
                    push_far = True
                elif ev[m, j, E_MASTERY] == MASTERY_VEX and total > 0:
                    vex[e] = 1
            if eff == EFFECT_SLOW:
                slow = True
            elif eff == EFFECT_PRONE:
                if ev[m, j, E_HAS_SAVE] == 1:
                    s, c = _d20(key, c)
                    if s + ev[m, j, E_SAVE_BONUS] < ev[m, j, E_SAVE_DC]:
                        slow = True
                        prone = True
                else:
                    slow = True
                    prone = True
            if halt_after:
                halt = True

        if strain_at >= 0 and not dead and not five and hp0 - dmg == 0:  # the act completes after the move
            dmg += 1
            strained = True
        if k_always_stuck == 1:
            halt = True
        hp = hp0 - dmg
        if dead or (not five and hp <= dead_at):
            code = O_DEAD
        else:
            down = (dmg >= hp0) if five else (hp < 0)
            if down:
                code = O_STRAINED if strained else O_DOWN
                if k_dsaves == 1:
                    code = O_STABLE
                    if five:
                        succ = 0
                        fl = fails
                        dsa = k_ds_adv
                        while True:
                            g, c = _d20(key, c)
                            if dsa != 0:
                                g2, c = _d20(key, c)
                                if (dsa > 0 and g2 > g) or (dsa < 0 and g2 < g):
                                    g = g2
                            if g == 20:
                                code = O_BACK_UP
                                break
                            if g != 1 and g + k_ds_bonus >= 10:
                                succ += 1
                                if succ >= 3:
                                    break
                            else:
                                fl += 2 if g == 1 else 1
                                if fl >= 3:
                                    code = O_DEAD
                                    break
                    elif k_pf == 1:
                        h = hp
                        mod = (k_con - 10) // 2
                        while True:
                            g, c = _d20(key, c)
                            if g == 20 or g + mod + h >= 10:
                                break
                            h -= 1
                            if h <= dead_at:
                                code = O_DEAD
                                break
                    else:
                        h = hp
                        while True:
                            u, c = bounded(key, c, 100)
                            if u < 10:
                                break
                            h -= 1
                            if h <= dead_at:
                                code = O_DEAD
                                break
            elif not five and hp == 0:
                code = O_DISABLED
            elif halt:
                code = O_CANCELLED
            elif slow:
                code = O_SLOWED
            elif dmg > 0:
                code = O_WOUNDED
            else:
                code = O_UNHARMED
        if k_metric_attacks == 1:
            value = att
        elif k_metric_attacks == 2:
            value = nhits
        else:
            value = dmg
        if value > k_nbins - 1:
            value = k_nbins - 1
        if rec is not None:  # None in counting runs: numba compiles this branch away
            rec[t - lo] = outmap[code]
        else:
            out[outmap[code], value] += 1


@njit(nogil=True, cache=True)
def _count_blocks(seed, start, n, ev, specs, aoo0, prm, outmap, mix, per, b0, b1):
    """Compiled entry point of :func:`run`: blocks ``b0 .. b1 - 1``, block ``b`` counted into ``per[b]``;
    serial and without the GIL, for :func:`fleeodds.kernel_tools.run_blocks`."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _simulate_block(seed, lo, hi, ev, specs, aoo0, prm, outmap, mix, per[b], None)


@njit(nogil=True, cache=True)
def _record_blocks(seed, start, n, ev, specs, aoo0, prm, outmap, mix, dummy, rec, b0, b1):
    """Compiled entry point of :func:`run_trials`: blocks ``b0 .. b1 - 1``, each trial's outcome into ``rec``."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _simulate_block(seed, lo, hi, ev, specs, aoo0, prm, outmap, mix, dummy[b], rec[lo - start:hi - start])


def run(seed, start, n, ev, specs, aoo0, prm, outmap, mix, n_out):
    """Simulate trials ``start .. start + n - 1``; int64 counts ``(n_out, n_bins)``."""
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    per = np.zeros((nb, int(n_out), int(prm[P_NBINS])), dtype=np.int64)
    run_blocks(_count_blocks, nb, seed, start, n, ev, specs, aoo0, prm, outmap, mix, per)
    return per.sum(axis=0)


def run_trials(seed, start, n, ev, specs, aoo0, prm, outmap, mix):
    """Outcome index of each trial ``start .. start + n - 1``: int64 array of shape (n,).

    The same trials as :func:`run` (the same block function), recorded one by one
    for paired comparisons on common random numbers.
    """
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    rec = np.empty(n, dtype=np.int64)
    dummy = np.zeros((nb, 1, 1), dtype=np.int64)
    run_blocks(_record_blocks, nb, seed, start, n, ev, specs, aoo0, prm, outmap, mix, dummy, rec)
    return rec


def _mixture(plan: Plan, components):
    ev, specs, aoo, prm, outmap = encode(plan)
    if not components or len(components) == 1:
        return ev[None], specs, aoo, prm, outmap, np.zeros(1, dtype=np.int64)
    evs = np.stack([encode(p)[0] for _w, p in components])
    den = 1
    for w, _p in components:
        den = den * w.denominator // math.gcd(den, w.denominator)
    if den > MAX_MIX_TABLE:
        from ...errors import InputError

        raise InputError("uncertain values", f"a common denominator of {den:,}",
                         f"probabilities with a common denominator of at most {MAX_MIX_TABLE:,}")
    mix = np.concatenate([np.full(int(w * den), k, dtype=np.int64) for k, (w, _p) in enumerate(components)])
    return evs, specs, aoo, prm, outmap, mix


def make_kernel(plan: Plan, components=None):
    """``kernel(seed, start, n) -> int64 counts (n_outcomes, n_bins)`` for :func:`fleeodds.engine.simulate`.

    ``components`` (``[(probability, Plan)]``, optional) is a mixture of plans that differ in AC,
    attack bonus and Tumble DC only (:func:`check_mixture`); each trial draws its component."""
    ev, specs, aoo, prm, outmap, mix = _mixture(plan, components)
    n_out = len(plan.outcomes)

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        return run(np.int64(seed), np.int64(start), np.int64(n), ev, specs, aoo, prm, outmap, mix, n_out)

    return kernel


def make_trial_kernel(plan: Plan, components=None):
    """``kernel(seed, start, n) -> int64 outcome indices (n,)`` for :func:`fleeodds.engine.simulate_paired`."""
    ev, specs, aoo, prm, outmap, mix = _mixture(plan, components)

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        return run_trials(np.int64(seed), np.int64(start), np.int64(n), ev, specs, aoo, prm, outmap, mix)

    return kernel


# --------------------------------------------------------------------------- death saves on their own
@njit(cache=True)
def _death_save_block(seed, lo, hi, s0, f0, bonus, adv, out, rec):
    """Trials ``lo .. hi - 1`` of the death-save chain: counts ``out[outcome, saves rolled]``
    (outcomes back up, stable, dead), or each trial's outcome in ``rec`` when it is not None."""
    for t in range(lo, hi):
        key = trial_key(seed, t)
        c = 0
        s = s0
        f = f0
        r = 0
        code = 0
        while True:
            r += 1
            g, c = _d20(key, c)
            if adv != 0:
                g2, c = _d20(key, c)
                if (adv > 0 and g2 > g) or (adv < 0 and g2 < g):
                    g = g2
            if g == 20:
                code = 0
                break
            if g == 1:
                f += 2
            elif g + bonus >= 10:
                s += 1
            else:
                f += 1
            if s >= 3:
                code = 1
                break
            if f >= 3:
                code = 2
                break
        if rec is not None:
            rec[t - lo] = code
        else:
            out[code, r] += 1


@njit(nogil=True, cache=True)
def _death_save_count_blocks(seed, start, n, s0, f0, bonus, adv, per, b0, b1):
    """Compiled entry point of :func:`run_death_saves`: blocks ``b0 .. b1 - 1`` into ``per[b]``."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _death_save_block(seed, lo, hi, s0, f0, bonus, adv, per[b], None)


@njit(nogil=True, cache=True)
def _death_save_record_blocks(seed, start, n, s0, f0, bonus, adv, dummy, rec, b0, b1):
    """Compiled entry point of :func:`run_death_save_trials`: blocks ``b0 .. b1 - 1`` into ``rec``."""
    for b in range(b0, b1):
        lo, hi = block_range(b, start, n)
        _death_save_block(seed, lo, hi, s0, f0, bonus, adv, dummy[b], rec[lo - start:hi - start])


def run_death_saves(seed, start, n, s0, f0, bonus, adv, n_bins):
    """Counts ``(3, n_bins)`` of trials ``start .. start + n - 1`` of the death-save chain."""
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    per = np.zeros((nb, 3, int(n_bins)), dtype=np.int64)
    run_blocks(_death_save_count_blocks, nb, seed, start, n, int(s0), int(f0), int(bonus), int(adv), per)
    return per.sum(axis=0)


def run_death_save_trials(seed, start, n, s0, f0, bonus, adv):
    """Outcome index of each trial of the death-save chain: int64 (n,)."""
    seed, start, n = int(seed), int(start), int(n)
    nb = (n + BLOCK - 1) // BLOCK
    rec = np.empty(n, dtype=np.int64)
    dummy = np.zeros((nb, 1, 1), dtype=np.int64)
    run_blocks(_death_save_record_blocks, nb, seed, start, n, int(s0), int(f0), int(bonus), int(adv), dummy, rec)
    return rec


def make_death_save_kernel(successes: int, failures: int, bonus: int, advantage: int):
    """``kernel(seed, start, n) -> int64 counts (3, 6)`` of the death-save situation."""
    from .deathsaves import N_BINS

    args = (np.int64(successes), np.int64(failures), np.int64(bonus), np.int64(advantage))

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        return run_death_saves(np.int64(seed), np.int64(start), np.int64(n), *args, np.int64(N_BINS))

    return kernel


def make_death_save_trial_kernel(successes: int, failures: int, bonus: int, advantage: int):
    """``kernel(seed, start, n) -> int64 outcome indices (n,)`` of the death-save situation."""
    args = (np.int64(successes), np.int64(failures), np.int64(bonus), np.int64(advantage))

    def kernel(seed: int, start: int, n: int) -> np.ndarray:
        return run_death_save_trials(np.int64(seed), np.int64(start), np.int64(n), *args)

    return kernel
