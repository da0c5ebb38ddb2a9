"""Exact solver: a distribution over runner states pushed through the opportunities.

The state after each opportunity is ``(damage taken, 5e death-save failures,
flags, attacks suffered)``; hit points follow from the damage (3.5/PF track HP
below 0; 5e HP stop at 0 and further damage counts failures). Each attack
convolves the state distribution with the attack's exact outcome distribution
(miss / normal hit / critical, each hit with its damage PMF from
:mod:`..plan.rules`). Skill checks, Stand Still maneuvers, massive-damage saves and
5e riders are exact Bernoulli branches. The downed runner's fate (5e death
saves, 3.5/PF dying) is resolved, when asked, by the small absorbing chains of
:mod:`..plan.rules`. Everything is exact in :class:`fractions.Fraction` mode.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Callable

from ....dice import parse
from ..plan.exchange import (BACK_UP, CANCELLED, DEAD, DISABLED, DOWN, EFFECT_GRAPPLE, EFFECT_PRONE, EFFECT_SLOW,
                             MASTERY_PUSH, MASTERY_VEX, SLOWED, STABLE, STRAINED, UNHARMED, WOUNDED, Plan, max_damage)
from ..plan.rules import (attack_outcome, combat_maneuver_probability, damage_pmf, dying_survival_35, dying_survival_pf,
                          is_5e, save_probability, skill_check_probability)
from .death_saves import cumulative_by_round, death_save_chain

F_DEAD, F_HALT, F_SLOW, F_STOP, F_CRIT, F_PASS, F_FAIL = 1, 2, 4, 8, 16, 32, 64
#: 5e: the runner is prone (a prone rider landed); 2024 Push: pushed out of the reach of the rest of
#: this step's foes (F_PUSH_STEP) and of the later foes marked push_clears (F_PUSH_FAR); 3.5/PF: the
#: runner lost 1 HP to a strenuous action at 0 HP (F_STRAIN); 2024 Vex: enemy ``i`` has advantage on
#: its next attack roll against the runner (bit ``F_VEX << i``).
F_PRONE, F_PUSH_STEP, F_PUSH_FAR, F_STRAIN, F_VEX = 128, 256, 512, 1024, 2048
#: 5e: the runner spent its reaction (Shield or Uncanny Dodge: one reaction a round, so at most one in the
#: exchange); Shield is up (+5 AC until the start of its next turn, past the end of the exchange).
F_REACTED, F_SHIELD_UP = 1 << 40, 1 << 41
#: 3.5 Improved Trip: the trip just succeeded; the free attack that follows is due.
F_TRIPPED = 1 << 42
#: Marker of the branch of a hit that Shield turns into a miss (in the attack tables).
SHIELDED = -1


def solve(plan: Plan, mode: str = "float") -> dict[tuple[int, int], Fraction | float]:
    """Exact probability of each ``(outcome index, metric value)``.

    Parameters
    ----------
    plan : Plan
    mode : {"float", "fraction"}

    Returns
    -------
    dict
        ``{(outcome index in plan.outcomes, metric value): probability}``.
        The metric value is the damage taken (hit points), the attacks suffered or the hits taken,
        clipped to ``plan.metric.n_bins - 1``.

    References
    ----------
    Digest §6 (exchange algorithm), §3.4 (3.5/PF hit-point states), §5.1 (5e death saves).
    """
    num: Callable = (lambda x: Fraction(x)) if mode == "fraction" else float
    out: dict[tuple[int, int], object] = {}
    n_bins = plan.metric.n_bins
    hits = plan.metric.code == "hits"
    for (dmg, fails, flags, att), p in final_states(plan, mode, track_hits=hits).items():
        if plan.metric.code == "damage":
            metric = min(dmg, n_bins - 1)
        else:
            metric = min(att[1] if hits else att, n_bins - 1)
        for q, code in _classify(plan, dmg, fails, flags, num):
            key = (plan.outcome_map[code], metric)
            if q:
                out[key] = out.get(key, 0) + p * q
    return out


def summary(plan: Plan, mode: str = "fraction") -> dict[str, object]:
    """Exact side results of digest §9.

    Parameters
    ----------
    plan : Plan
    mode : {"fraction", "float"}

    Returns
    -------
    dict
        ``p_no_attack``: P(no attack of opportunity made against the runner: none provoked, all
        avoided, or none left; 0 when every path suffers one); ``attacks`` and ``mean_attacks``: the
        distribution and mean of the number of attacks suffered; ``hits`` and ``mean_hits``: of the
        hits taken; ``p_critical``: P(at least one critical hit taken); ``mean_damage`` (hit points);
        with 5e death saves in the exchange, ``death_saves_by_round`` (:func:`death_saves_by_round`).
        Every value is a :class:`fractions.Fraction` in ``"fraction"`` mode (a float otherwise).

    References
    ----------
    Digest §9 (side results); SRD 5.1, "Death Saving Throws".
    """
    num: Callable = Fraction if mode == "fraction" else float
    attacks: dict[int, object] = {}
    hits: dict[int, object] = {}
    mean_damage = num(0)
    p_crit = num(0)
    for (dmg, _f, fl, (att, hit)), p in final_states(plan, mode, track_hits=True).items():
        attacks[att] = attacks.get(att, num(0)) + p
        hits[hit] = hits.get(hit, num(0)) + p
        mean_damage += p * dmg
        if fl & F_CRIT:
            p_crit += p
    out = {"p_no_attack": num(attacks.get(0, 0)), "attacks": {k: num(p) for k, p in sorted(attacks.items())},
           "mean_attacks": num(sum((k * p for k, p in attacks.items()), num(0))),
           "hits": {k: num(p) for k, p in sorted(hits.items())},
           "mean_hits": num(sum((k * p for k, p in hits.items()), num(0))),
           "p_critical": num(p_crit), "mean_damage": num(mean_damage)}
    spec = plan.spec
    if is_5e(spec.edition) and spec.options.death_saves_in_exchange:
        out["death_saves_by_round"] = death_saves_by_round(plan, mode)
    return out


def death_saves_by_round(plan: Plan, mode: str = "fraction") -> dict[int, dict[str, object]]:
    """5e, after the exchange: the death-save chain of the runners left at 0 HP, round by round.

    Parameters
    ----------
    plan : Plan
    mode : {"fraction", "float"}

    Returns
    -------
    dict
        ``{round: {"back_up", "stable", "dead", "unresolved"}}``: probabilities over all trials,
        cumulative; ``dead`` counts the deaths from failed saves only (an instant death or a third
        failure during the exchange is not in it), ``unresolved`` the runners still dying after that
        round. Round 1 is the runner's first death save after the attacks of opportunity.

    References
    ----------
    SRD 5.1 (2014), *Combat*, "Death Saving Throws"; SRD 5.2 (2024), *Rules Glossary*, "Death Saving Throw".
    """
    num: Callable = Fraction if mode == "fraction" else float
    spec = plan.spec
    joint: dict[tuple[int, int], object] = {}
    for (dmg, fails, flags, _att), p in final_states(plan, mode).items():
        if flags & F_DEAD or dmg < spec.runner.hp:
            continue
        for (o, r), q in death_save_chain(0, fails, spec.death_save_bonus, spec.death_save_advantage,
                                          mode).items():
            joint[(o, r)] = joint.get((o, r), num(0)) + p * q
    if not joint:
        return {}
    total = sum(joint.values(), num(0))
    rows = cumulative_by_round(joint, zero=num(0))
    for row in rows.values():  # "unresolved" among all trials: the downed runners not yet resolved
        row["unresolved"] = total - (row["back_up"] + row["stable"] + row["dead"])
    return rows


def exact_work(plan: Plan) -> int:
    """Upper estimate of the exact solver's work, in elementary steps, before running it.

    For each opportunity ``j``: (hit-point states reached so far) x (damage values of
    one attack, normal and critical), plus the cost of building that attack's damage
    distribution (a critical rerolled ``x`` times convolves ``x`` damage rolls). The
    states are bounded by ``(damage so far + 1) x (attacks so far + 1) x 4`` (death-save
    failures and flags). Used to refuse the exact solver, with a reason, when it would
    take minutes (very heavy damage dice, many foes).

    Parameters
    ----------
    plan : Plan

    Returns
    -------
    int
        Elementary steps (about 8 million a second in float64).

    References
    ----------
    None (a cost model of :func:`final_states`, not a rule).
    """
    ed = plan.spec.edition
    five = is_5e(ed)
    total = 0
    dmg_so_far = 0
    for j, ev in enumerate(plan.events):
        top = max_damage(ev, ed, plan.damage_rule)
        if ev.stand_still or ev.trip:
            normal = crit = 1
        else:
            e = parse(ev.damage)
            x = parse(ev.extra_damage) if ev.extra_damage else None
            spread = e.max_value - e.min_value + 1 + (x.max_value - x.min_value if x is not None else 0)
            mult = 2 if five else ev.crit_multiplier
            normal, crit = spread, mult * spread
            # damage tables (normal and critical, twice: runner up or down), in Fractions: ~10x a state step,
            # and more with many dice, whose probabilities have denominators of (sides ** dice) digits
            dice = sum(t.count for t in e.terms) + (sum(t.count for t in x.terms) if x is not None else 0)
            total += 20 * mult * mult * spread * spread * (1 + dice // 8)
        states = (dmg_so_far + 1) * (j + 1) * 4
        total += states * (2 + normal + crit)
        dmg_so_far += top
    return total


def final_states(plan: Plan, mode: str = "float", track_hits: bool = False) -> dict[tuple, object]:
    """Distribution of ``(damage taken, 5e death-save failures, flags, attacks suffered)``
    once every opportunity has been resolved (before classification).

    Parameters
    ----------
    plan : Plan
    mode : {"float", "fraction"}
        ``"fraction"``: exact :class:`fractions.Fraction` probabilities.
    track_hits : bool
        The last element is then ``(attacks suffered, hits taken)`` and the flag ``F_CRIT`` marks the
        states where a critical hit was taken (the summary's side results).

    Returns
    -------
    dict
        ``{(damage taken in hit points, failures, flags, attacks): probability}``.

    References
    ----------
    Digest §6 (exchange algorithm); D&D 3.5 SRD, *Combat*, "Attacks of Opportunity"; Pathfinder RPG PRD,
    *Combat*; SRD 5.1 / 5.2, *Combat*, "Opportunity Attacks", "Damage and Healing".
    """
    num: Callable = (lambda x: Fraction(x)) if mode == "fraction" else float
    spec = plan.spec
    ed = spec.edition
    five = is_5e(ed)
    r = spec.runner
    o = spec.options
    hp0, hp_max = r.hp, r.hp_max
    dead_at = o.dead_threshold
    all_resolve = o.simultaneous_oa == "all_resolve"
    rule = plan.damage_rule
    monster_dies = five and r.monster and o.monster_dies_at_0

    def is_down(dmg: int) -> bool:
        if five:
            return dmg >= hp0
        hp = hp0 - dmg
        return hp < 0 or (hp == 0 and not o.disabled_runner_continues)

    shield = five and r.shield_slots > 0
    uncanny = five and r.uncanny_dodge and not r.blinded  # Uncanny Dodge: "an attacker that you can see"
    raw_rule = replace(rule, resistance=False, damage_reduction=0)

    def dodged(d: int) -> int:
        """Uncanny Dodge halves the hit's damage (rounded down), before resistance (SRD 5.2 Rules Glossary,
        "Damage": adjustments first, then resistance), then damage reduction as :func:`damage_pmf`."""
        d //= 2
        if rule.resistance:
            d //= 2
        return max(0, d - rule.damage_reduction)

    @lru_cache(maxsize=None)
    def table(j: int, down: bool, vexed: bool = False, prone: bool = False, shield_state: int = 0,
              halve: bool = False):
        """The attack's branches ``(probability, damage or None for a miss or SHIELDED, critical)``.
        ``shield_state``: 0 no Shield, 1 Shield ready (cast on a hit that misses AC + 5), 2 Shield up;
        ``halve``: Uncanny Dodge halves this hit."""
        ev = plan.events[j]
        # 5e Prone (an unconscious runner is prone too): advantage from within 5 ft, disadvantage from farther
        lying = five and (down or prone)
        adv = ev.advantage or (five and down) or vexed or (lying and ev.within_5ft)
        dis = ev.disadvantage or (lying and not ev.within_5ft)
        net = int(adv) - int(dis)

        def odds_at(ac):
            return attack_outcome(ed, ev.attack_bonus, ac, ev.threat_low, advantage=net,
                                  threat_must_hit=o.threat_must_hit, auto_crit=five and down and ev.within_5ft,
                                  concealment=r.concealment, confirmation=o.crit_confirmation,
                                  confirm_natural_20=o.confirm_natural_20)
        odds = odds_at(ev.ac + (5 if shield_state == 2 else 0))
        out = [(num(odds.miss), None, False)]
        if shield_state == 1:
            # SRD 5.1 / 5.2 Spells, "Shield": the reaction comes once the hit is known and the +5 counts against
            # that attack: a roll that hits AC but not AC + 5 becomes a miss (a critical still hits)
            up = odds_at(ev.ac + 5)
            out.append((num(odds.hit + odds.crit - up.hit - up.crit), SHIELDED, False))
            p_hit, p_crit = up.hit, up.crit
        else:
            p_hit, p_crit = odds.hit, odds.crit
        extra = ev.extra_damage or None
        cut = dodged if halve else (lambda d: d)
        use = raw_rule if halve else rule
        if p_hit:
            for d, p in damage_pmf(ev.damage, use, extra=extra).items():
                out.append((num(p_hit * p), cut(d), False))
        if p_crit:
            for d, p in damage_pmf(ev.damage, use, crit=True, multiplier=ev.crit_multiplier, extra=extra).items():
                out.append((num(p_crit * p), cut(d), True))
        return out

    massive_fail = num(1 - save_probability(r.fort, 15, True))

    def grazed(state, ev):
        """5e 2024 Graze (PHB 2024 ch. 6, "Mastery Properties"): a miss still deals the attack's ability
        modifier, of the weapon's type (resistance halves it); no rider, not a hit. At 0 HP any damage is a
        death-save failure (SRD 5.2 Rules Glossary, "Death Saving Throw")."""
        if ev.graze <= 0:
            return state
        g = ev.graze // 2 if rule.resistance else ev.graze
        g = max(0, g - rule.damage_reduction)
        if g <= 0:
            return state
        dmg, fails, flags, att = state
        new_dmg = dmg + g
        if dmg >= hp0:
            if g >= hp_max:
                flags |= F_DEAD
            else:
                fails += 1
                if fails >= 3:
                    flags |= F_DEAD
        elif new_dmg >= hp0 and (monster_dies or new_dmg - hp0 >= hp_max):
            flags |= F_DEAD
        return (new_dmg, fails, flags, att)

    def apply_hit(state, d: int, crit: bool, ev):
        """Branches ``(probability, new state)`` after a hit dealing ``d``."""
        dmg, fails, flags, att = state
        branches = []
        if o.massive_damage and not five and d >= o.massive_damage_threshold and massive_fail:
            branches.append((massive_fail, (dmg + d, fails, flags | F_DEAD, att)))
            p_live = 1 - massive_fail
        else:
            p_live = num(1)
        if p_live:
            new_dmg = dmg + d
            nf, nflags = fails, flags
            if five:
                if dmg >= hp0:  # already at 0 HP
                    if d > 0:
                        if d >= hp_max:
                            nflags |= F_DEAD
                        else:
                            nf = fails + (o.failures_from_critical_at_0 if crit else 1)
                            if nf >= 3:
                                nflags |= F_DEAD
                elif new_dmg >= hp0:
                    if monster_dies or new_dmg - hp0 >= hp_max:
                        nflags |= F_DEAD
            elif hp0 - new_dmg <= dead_at:
                nflags |= F_DEAD
            if ev.halt_on_hit or ev.effect == EFFECT_GRAPPLE:
                nflags |= F_HALT
            if ev.mastery == MASTERY_PUSH:
                nflags |= F_PUSH_STEP | F_PUSH_FAR
            elif ev.mastery == MASTERY_VEX and d > 0:
                nflags |= F_VEX << ev.enemy
            if ev.effect == EFFECT_SLOW:
                nflags |= F_SLOW
            if ev.effect == EFFECT_PRONE:
                fail = num(1) if ev.save_dc is None else num(1 - save_probability(ev.save_bonus, ev.save_dc, False))
                if fail:
                    branches.append((p_live * fail, (new_dmg, nf, nflags | F_SLOW | F_PRONE, att)))
                if 1 - fail:
                    branches.append((p_live * (1 - fail), (new_dmg, nf, nflags, att)))
            else:
                branches.append((p_live, (new_dmg, nf, nflags, att)))
        return branches

    dist: dict[tuple, object] = {(0, 0, 0, (0, 0) if track_hits else 0): num(1)}

    def more(att, hit: int = 0):
        """One more attack (and ``hit`` more hits) on the attack counter."""
        return (att[0] + 1 - int(bool(hit)), att[1] + hit) if track_hits else att + 1 - int(bool(hit))

    def put(target: dict, state, p):
        if p:
            target[state] = target.get(state, 0) + p

    def strain(dist: dict) -> dict:
        """3.5/PF ``options.disabled_strenuous``: the strenuous act is complete; a runner at exactly
        0 HP loses 1 HP (dying at -1, dead if that is the dead threshold)."""
        out: dict[tuple, object] = {}
        for state, p in dist.items():
            dmg, fails, flags, att = state
            if not five and not flags & F_DEAD and hp0 - dmg == 0:
                state = (dmg + 1, fails, flags | F_STRAIN | (F_DEAD if -1 <= dead_at else 0), att)
            put(out, state, p)
        return out

    def clear(dist: dict, mask: int) -> dict:
        out: dict[tuple, object] = {}
        for (dmg, fails, flags, att), p in dist.items():
            put(out, (dmg, fails, flags & ~mask, att), p)
        return out

    stands_up = o.prone_runner == "stands_up"
    allowed = plan.allowed_statically()
    for j, ev in enumerate(plan.events):
        if j == plan.strain_at:
            dist = strain(dist)
        boundary = j == 0 or ev.group != plan.events[j - 1].group
        if boundary and j:  # a new step: the push of the previous one is over; a runner who stands up is up
            dist = clear(dist, F_PUSH_STEP | (F_PRONE if stands_up else 0))
        nxt: dict[tuple, object] = {}
        check_p = None
        if ev.check_dc is not None:
            check_p = num(skill_check_probability(r.tumble, ev.check_dc, o.skill_natural_20_auto))
        for state, p in dist.items():
            dmg, fails, flags, att = state
            if flags & (F_DEAD | F_STOP):
                put(nxt, state, p)
                continue
            if boundary or not all_resolve:
                if flags & F_HALT:
                    put(nxt, state, p)
                    continue
                if o.stop_when_down and is_down(dmg):
                    put(nxt, (dmg, fails, flags | F_STOP, att), p)
                    continue
            if flags & F_PUSH_STEP or (flags & F_PUSH_FAR and ev.push_clears):
                put(nxt, state, p)  # pushed out of this foe's reach: forced movement provokes nothing
                continue

            def attack(q, halt_after: bool):
                vexed = bool(flags & (F_VEX << ev.enemy))
                base = (dmg, fails, (flags & ~(F_VEX << ev.enemy)) | (F_HALT if halt_after else 0), more(att))
                if ev.stand_still:
                    s = num(combat_maneuver_probability(ev.cmb, r.cmd))
                    put(nxt, (base[0], base[1], base[2] | F_HALT, base[3]), q * s)
                    put(nxt, base, q * (1 - s))
                    return
                if ev.trip:
                    s = num(trip_probability(ev))
                    put(nxt, (base[0], base[1], base[2] | (F_TRIPPED if ev.trip_free else F_HALT), base[3]), q * s)
                    put(nxt, base, q * (1 - s))
                    return
                down_now = five and dmg >= hp0
                # the runner's reaction: not while unconscious (Incapacitated), once a round
                ready = not down_now and not flags & F_REACTED
                shield_state = 2 if flags & F_SHIELD_UP else (1 if shield and ready else 0)
                halve = uncanny and ready
                for pp, d, crit in table(j, down_now, vexed, bool(flags & F_PRONE), shield_state, halve):
                    if d is None:
                        put(nxt, grazed(base, ev), q * pp)
                    elif d == SHIELDED:
                        put(nxt, grazed((base[0], base[1], base[2] | F_REACTED | F_SHIELD_UP, base[3]), ev), q * pp)
                    else:
                        if halve:
                            base_h = (base[0], base[1], base[2] | F_REACTED, base[3])
                        else:
                            base_h = base
                        for pb, st in apply_hit(base_h, d, crit, ev):
                            if track_hits:
                                st = (st[0], st[1], st[2] | (F_CRIT if crit else 0), more(st[3], 1))
                            put(nxt, st, q * pp * pb)

            if ev.needs_trip:  # 3.5 Improved Trip's attack: only right after a successful trip; the move ends
                if flags & F_TRIPPED:
                    flags &= ~F_TRIPPED
                    attack(p, True)
                else:
                    put(nxt, state, p)
            elif check_p is not None and ev.shared_check and (ev.check_cancels or allowed[j]):
                # one check for the whole move: rolled at the first checked foe, then kept
                if flags & F_PASS:
                    put(nxt, state, p)
                    continue
                if flags & F_FAIL:
                    ok, fail = 0, p
                else:
                    ok, fail = p * check_p, p * (1 - check_p)
                    put(nxt, (dmg, fails, flags | F_PASS, att), ok)
                    flags = flags | F_FAIL
                if ev.check_cancels:
                    if allowed[j]:
                        attack(fail, True)
                    else:
                        put(nxt, (dmg, fails, flags | F_HALT, att), fail)
                else:
                    attack(fail, False)
            elif check_p is not None:
                put(nxt, state, p * check_p)
                fail = p * (1 - check_p)
                if ev.check_cancels:
                    if allowed[j]:
                        attack(fail, True)
                    else:
                        put(nxt, (dmg, fails, flags | F_HALT, att), fail)
                elif allowed[j]:
                    attack(fail, False)
                else:
                    put(nxt, state, fail)
            elif allowed[j]:
                attack(p, False)
            else:
                put(nxt, state, p)
        dist = nxt
    if plan.strain_at == len(plan.events):
        dist = strain(dist)
    return dist


def trip_probability(ev) -> Fraction:
    """P(the trip attempt of an AoO succeeds).

    Parameters
    ----------
    ev : Event
        With ``trip`` 1 (3.5) or 2 (Pathfinder).

    Returns
    -------
    Fraction
        3.5: the melee touch attack hits (natural 1 misses, natural 20 hits) and ``d20 + trip_check`` beats
        ``d20 + trip_defence`` (a tie goes to the higher modifier; equal modifiers roll again, so the
        attacker wins half of the decided rolls by symmetry). Pathfinder: ``d20 + trip_check >= CMD``,
        natural 20 succeeds, natural 1 fails.

    References
    ----------
    D&D 3.5 SRD, *Combat*, "Trip", "Opposed Checks"; Pathfinder RPG PRD, *Combat*, "Combat Maneuvers", "Trip".
    """
    if ev.trip == 2:
        return combat_maneuver_probability(ev.trip_check, ev.trip_defence)
    touch = Fraction(sum(1 for f in range(1, 21) if f != 1 and (f == 20 or f + ev.attack_bonus >= ev.touch_ac)), 20)
    win = tie = 0
    for a in range(1, 21):
        for d in range(1, 21):
            x, y = a + ev.trip_check, d + ev.trip_defence
            if x > y:
                win += 1
            elif x == y:
                tie += 1
    if ev.trip_check > ev.trip_defence:
        p = Fraction(win + tie, 400)
    elif ev.trip_check < ev.trip_defence:
        p = Fraction(win, 400)
    else:
        p = Fraction(win, 400 - tie)
    return touch * p


def _classify(plan: Plan, dmg: int, fails: int, flags: int, num) -> list[tuple[object, int]]:
    """Final outcome(s) of a state: ``[(probability, internal code)]`` (two branches when the
    downed runner's fate is resolved by death saves or dying checks)."""
    spec = plan.spec
    five = is_5e(spec.edition)
    r, o = spec.runner, spec.options
    if plan.always_stuck:
        flags |= F_HALT
    hp = r.hp - dmg
    if flags & F_DEAD or (not five and hp <= o.dead_threshold):
        return [(num(1), DEAD)]
    down = dmg >= r.hp if five else hp < 0
    if down:
        if not o.death_saves_in_exchange:
            return [(num(1), STRAINED if flags & F_STRAIN else DOWN)]
        if five:
            per = [num(0)] * 3  # back up, stable, dead
            for (k, _rounds), q in death_save_chain(0, fails, spec.death_save_bonus, spec.death_save_advantage,
                                                    "fraction").items():
                per[k] += num(q)
            return [(per[2], DEAD), (per[1], STABLE), (per[0], BACK_UP)]
        elif spec.edition == "pf1":
            p_dead = num(1 - dying_survival_pf(hp, r.con, o.dead_threshold))
        else:
            p_dead = num(1 - dying_survival_35(hp, o.dead_threshold))
        return [(p_dead, DEAD), (1 - p_dead, STABLE)]
    if not five and hp == 0:
        return [(num(1), DISABLED)]
    if flags & F_HALT:
        return [(num(1), CANCELLED)]
    if flags & F_SLOW:
        return [(num(1), SLOWED)]
    return [(num(1), WOUNDED if dmg > 0 else UNHARMED)]
