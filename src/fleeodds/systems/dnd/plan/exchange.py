"""From a validated scenario to the ordered list of opportunities (digest §6).

:func:`compile_plan` applies everything that does not depend on the dice: which
enemies may attack at all (flat-footed, total concealment, Mobile), which
squares provoke under each movement mode (withdraw's first square, reach that
defeats withdraw, 5-foot step, Disengage, Sentinel), the runner's AC against
each attack (Mobility, Dodge, Dex lost when running), Tumble/Acrobatics DCs
(+2 per extra foe, +10 at full speed, DC 25 / CMD + 5 through a space), and
the 5e advantage/disadvantage flags. Both evaluators (the exact solver and the
Monte Carlo kernel) read the same :class:`Plan` and roll or convolve the dice
themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ....dice import parse
from ....outcomes import Metric, Outcome
from ..model.spec import Spec
from ..outcomes import metric_for, outcomes_for
from .rules import DamageRule, attack_outcome, damage_pmf, is_5e

# triggers
DISTRACT, MOVE, GUARDIAN, TURN, ENTER = 0, 1, 2, 3, 4
TRIGGER_NAMES = {DISTRACT: "distracting action", MOVE: "leaves threatened area", GUARDIAN: "Sentinel after Disengage",
                 TURN: "attack on its turn", ENTER: "enters its reach (Polearm Master)"}
# on-hit effects
EFFECT_NONE, EFFECT_PRONE, EFFECT_GRAPPLE, EFFECT_SLOW = 0, 1, 2, 3
EFFECTS = {"none": EFFECT_NONE, "prone": EFFECT_PRONE, "grapple": EFFECT_GRAPPLE, "slow": EFFECT_SLOW}
# 2024 weapon masteries that act in this exchange (PHB 2024 ch. 6 "Mastery Properties")
MASTERY_NONE, MASTERY_PUSH, MASTERY_VEX = 0, 1, 2
MASTERIES = {"none": MASTERY_NONE, "push": MASTERY_PUSH, "vex": MASTERY_VEX}

#: Internal outcome codes shared by both evaluators; each edition maps them to its outcome list.
UNHARMED, WOUNDED, SLOWED, CANCELLED, DISABLED, DOWN, DEAD, STABLE, BACK_UP, STRAINED = range(10)
INTERNAL_CODES = ("unharmed", "wounded", "slowed", "move_cancelled", "disabled", "down", "dead", "stable", "back_up",
                  "strained")
MAX_DAMAGE_BINS = 2000


@dataclass(frozen=True)
class Event:
    """One possible attack (or Stand Still maneuver) against the runner, in order.

    Attributes
    ----------
    enemy : int
        Index of the enemy (for its AoO/reaction budget).
    trigger : int
        ``DISTRACT``, ``MOVE``, ``GUARDIAN`` or ``TURN``.
    consumes : bool
        Uses one of the enemy's AoOs (5e: its reaction). Attacks on its own turn do not.
    group : int
        Events of one group are triggered by the same step (5e ``simultaneous``).
    check_dc : int or None
        Tumble/Acrobatics DC that avoids this attack; ``None``: no check.
    check_cancels : bool
        A failed check stops the move (through the enemy's space).
    ac : int
        Runner's AC against this attack (Mobility, Dodge, Dex lost applied).
    advantage, disadvantage : bool
        5e, before the unconscious-target advantage added when the runner is down.
    halt_on_hit : bool
        Sentinel: a hit stops the move.
    effect, save_dc, save_bonus
        5e rider on a hit (prone, grapple, slow) and the runner's save against it.
    within_5ft : bool
        5e: a hit on an unconscious runner is a critical.
    stand_still : bool
        Pathfinder Stand Still: the AoO is a combat maneuver (``cmb`` vs the runner's CMD).
    shared_check : bool
        ``options.tumble_checks = "single"``: one check for the whole move, rolled at the first
        such event; its result holds for the others.
    mastery : int
        5e 2024 weapon mastery of the attack: ``MASTERY_NONE``, ``MASTERY_PUSH`` (a hit pushes the
        runner 10 ft away: the foes it was leaving in the same step, and with
        ``options.push_2024 = "threatening"`` the later foes marked ``push_clears``, make no
        opportunity attack: forced movement provokes none) or ``MASTERY_VEX`` (a hit that deals
        damage gives this enemy advantage on its next attack roll against the runner).
    push_clears : bool
        ``options.push_2024 = "threatening"``: an earlier foe's push carries the runner out of this
        foe's reach (it threatens the start square) before the runner leaves it.
    graze : int
        5e 2024 Graze mastery: hit points a miss deals (resistance applies; no rider; not a hit).
    trip : int
        The AoO is a trip attempt: 0 no, 1 3.5 (a touch attack against ``touch_ac``, then ``trip_check``
        opposed by ``trip_defence``: ties to the higher modifier, equal modifiers roll again), 2 Pathfinder
        (``trip_check`` against the CMD in ``trip_defence``; natural 20 succeeds, natural 1 fails). A trip
        that succeeds stops the move (prone); with ``trip_free`` (3.5 Improved Trip) the next event, marked
        ``needs_trip``, is the free melee attack on the prone runner, made only after a successful trip.

    References
    ----------
    D&D 3.5 SRD, *Combat*, "Attacks of Opportunity"; Pathfinder RPG PRD, *Combat*; SRD 5.1 / 5.2,
    *Combat*, "Opportunity Attacks"; PHB 2024 ch. 6, "Mastery Properties"; digest §3, §4, §5.
    """

    enemy: int
    trigger: int
    consumes: bool
    group: int
    check_dc: int | None
    check_cancels: bool
    attack_bonus: int
    ac: int
    threat_low: int
    crit_multiplier: int
    advantage: bool
    disadvantage: bool
    damage: str
    extra_damage: str
    halt_on_hit: bool
    effect: int
    save_dc: int | None
    save_bonus: int
    within_5ft: bool
    stand_still: bool
    cmb: int
    shared_check: bool = False
    mastery: int = MASTERY_NONE
    push_clears: bool = False
    graze: int = 0
    trip: int = 0
    trip_check: int = 0
    trip_defence: int = 0
    touch_ac: int = 0
    trip_free: bool = False
    needs_trip: bool = False


@dataclass(frozen=True)
class Plan:
    """Everything both evaluators need, as plain numbers.

    Attributes
    ----------
    events : tuple of Event
    aoo : tuple of int
        Attacks of opportunity each enemy may still make (0 when it cannot make
        any: flat-footed without Combat Reflexes, runner unseen, Mobile).
    always_stuck : bool
        The mode cannot get the runner out of reach (a 5-foot step past a reach
        foe or beyond the first square): the move is cancelled.
    outcomes : tuple of Outcome
    outcome_map : tuple of int
        Internal outcome code (``UNHARMED`` …) -> index in ``outcomes``.
    metric : Metric
    strain_at : int
        3.5/PF ``options.disabled_strenuous``: the strenuous action (a full-round withdraw or run, the
        distracting standard action) is complete once this many events are resolved; a runner then at
        exactly 0 HP (disabled) loses 1 HP and is dying. ``-1``: no strenuous action.

    References
    ----------
    Digest §6 (exchange algorithm); D&D 3.5 SRD, *Injury and Death*, "Disabled (0 Hit Points)".
    """

    spec: Spec
    mode: str
    events: tuple[Event, ...]
    aoo: tuple[int, ...]
    always_stuck: bool
    outcomes: tuple[Outcome, ...]
    outcome_map: tuple[int, ...]
    metric: Metric
    damage_rule: DamageRule
    strain_at: int = -1

    @property
    def edition(self) -> str:
        return self.spec.edition

    def allowed_statically(self) -> list[bool]:
        """Whether each event still has an AoO available when reached, assuming every
        earlier consuming event of the same enemy happened (true whenever the runner is
        still moving: only an enemy's last event can be avoided by a skill check)."""
        used = [0] * len(self.aoo)
        out = []
        for ev in self.events:
            if ev.consumes:
                ok = used[ev.enemy] < self.aoo[ev.enemy]
                if ok:
                    used[ev.enemy] += 1
                out.append(ok)
            else:
                out.append(True)
        return out


def _expected_damage(spec: Spec, enemy, ac: int, rule: DamageRule) -> float:
    odds = attack_outcome(spec.edition, enemy.attack_bonus, ac, enemy.threat_low)
    def mean(d):
        return sum(v * p for v, p in d.items())
    n = mean(damage_pmf(enemy.damage, rule, extra=enemy.extra_damage or None))
    c = mean(damage_pmf(enemy.damage, rule, crit=True, multiplier=enemy.crit_multiplier,
                        extra=enemy.extra_damage or None))
    return float(odds.hit * n + odds.crit * c)


def max_damage(ev: Event, edition: str, rule: DamageRule) -> int:
    """Upper bound of one attack's damage (used to size the damage metric).

    Parameters
    ----------
    ev : Event
        The attack.
    edition : str
        ``"3.5"``, ``"pf1"``, ``"5e2014"`` or ``"5e2024"``.
    rule : DamageRule
        How the hit's damage is computed.

    Returns
    -------
    int
        Hit points: a 5e critical doubles the dice; a 3.5/PF critical multiplies the roll (extra
        dice not multiplied); 0 for a Stand Still maneuver (no damage).

    References
    ----------
    D&D 3.5 SRD, *Combat*, "Critical Hits"; SRD 5.1 / 5.2, *Combat*, "Critical Hits"; digest §3.3, §5.1.
    """
    if ev.stand_still or ev.trip:
        return 0
    return max(ev.graze, _max_hit_damage(ev, edition))


def _max_hit_damage(ev: Event, edition: str) -> int:
    e = parse(ev.damage)
    x = parse(ev.extra_damage) if ev.extra_damage else None
    if is_5e(edition):
        top = e.max_value + (e.max_value - e.constant)
        if x is not None:
            top += x.max_value + (x.max_value - x.constant)
    else:
        top = ev.crit_multiplier * max(1, e.max_value)
        if x is not None:
            top += max(0, x.max_value)
    return max(0, top)


def compile_plan(spec: Spec, mode: str | None = None) -> Plan:
    """Turn a validated :class:`Spec` into the ordered :class:`Plan` of opportunities.

    Parameters
    ----------
    spec : Spec
    mode : str, optional
        Movement mode (default ``spec.mode``); used by the decision table.

    Returns
    -------
    Plan

    References
    ----------
    Digest §3.1-§3.2 (what provokes; withdraw, 5-foot step, Tumble, Mobility, Run),
    §4 (Acrobatics, Stand Still, Run feat), §5 (OAs, Disengage, Sentinel, Mobile,
    Speedy), §6 (exchange algorithm).
    """
    mode = mode or spec.mode
    ed = spec.edition
    five = is_5e(ed)
    r = spec.runner
    o = spec.options
    enemies = spec.enemies
    feats = set(r.feats)
    rule = DamageRule(edition=ed, min_damage_1=o.min_damage_1, crit_mode=o.crit_damage_mode_35,
                      damage_reduction=r.damage_reduction, resistance=r.resistance)

    # 3.5 SRD / PF1 CRB Run: Dex to AC is lost without the Run feat. 3.5 SRD / PF1 CRB Conditions, "Blinded":
    # -2 AC and the Dex bonus to AC lost (with it every dodge bonus: Mobility, Dodge).
    blind = r.blinded and not five
    dex_lost = ((mode == "run") and not five and "run" not in feats) or blind

    def ac_for(i: int, trigger: int) -> int:
        ac = r.ac
        if five:
            return ac
        if blind:
            ac -= 2
        if dex_lost:
            return ac - max(0, r.dex_bonus)
        if "dodge" in feats and (ed == "pf1" or i == r.dodge_target):
            ac += 1
        if "mobility" in feats and trigger == MOVE:
            ac += 4
        return ac

    aoo = []
    for e in enemies:
        can = not r.total_concealment
        if "spring_attack" in feats and e.spring_attack_target and mode in ("move", "run", "tumble", "tumble_full"):
            can = False  # 3.5/PF Spring Attack: the foe attacked makes no AoO for this movement
        # 3.5 SRD / PF1 CRB "Flat-Footed": no AoO without Combat Reflexes; SRD 5.1 Combat, "Surprise": a
        # surprised creature takes no reaction until its first turn ends. SRD 5.2 (Rules Glossary,
        # "Surprise") only gives Disadvantage on Initiative: the 2024 foe keeps its reaction (the field is
        # noted there and never reaches the plan).
        if e.flat_footed and (ed == "5e2014" or (not five and not e.combat_reflexes)):
            can = False
        if five and "mobile" in feats and e.attacked_by_runner:
            can = False
        aoo.append(e.aoo_left if can else 0)

    events: list[Event] = []
    group = -1
    # options.simultaneous_oa = "all_resolve" with no enemy marked simultaneous: every reach is left in
    # the same step (one flag is enough; marking some enemies groups only those with the previous one)
    # (the first enemy's mark is moot: it has no previous step to share)
    all_at_once = o.simultaneous_oa == "all_resolve" and not any(e.simultaneous for e in enemies[1:])

    def together(e) -> bool:
        return e.simultaneous or all_at_once

    def add(i: int, trigger: int, *, consumes: bool = True, same_group: bool = False, check_dc=None,
            check_cancels: bool = False, halt: bool = False, disadvantage: bool = False,
            effects: bool = True, adjacent: bool = True) -> None:
        nonlocal group
        if not (same_group and events):
            group += 1
        e = enemies[i]
        save_bonus = {"str": r.str_save, "dex": r.dex_save, "con": r.con_save}[e.on_hit_save]
        events.append(Event(
            enemy=i, trigger=trigger, consumes=consumes, group=group, check_dc=check_dc,
            # 3.5 SRD Combat Modifiers / PF1 CRB Combat, "Flanking": +2 on the melee attack roll
            check_cancels=check_cancels, attack_bonus=e.attack_bonus + (2 if e.flanking and not five else 0),
            ac=ac_for(i, trigger),
            threat_low=e.threat_low, crit_multiplier=e.crit_multiplier,
            # SRD 5.1 Appendix A / SRD 5.2 Rules Glossary, "Blinded": attack rolls against the creature have
            # Advantage
            # DMG optional rule "Flanking" (5e, off by default): advantage
            advantage=e.advantage or (five and r.blinded) or (five and e.flanking and o.flanking_5e),
            disadvantage=e.disadvantage or disadvantage,
            damage=e.damage, extra_damage=e.extra_damage, halt_on_hit=halt,
            effect=EFFECTS[e.on_hit] if effects else EFFECT_NONE,
            save_dc=e.on_hit_save_dc, save_bonus=save_bonus,
            within_5ft=(trigger == GUARDIAN) or e.reach <= 5,
            # PF1 CRB Feats, "Stand Still": only a foe moving through or out of a square adjacent to it
            stand_still=e.stand_still and trigger == MOVE and adjacent, cmb=e.cmb or 0,
            mastery=_mastery(e.mastery, o.push_2024, trigger),
            push_clears=o.push_2024 == "threatening" and e.threatens_start,
            graze=e.graze if ed == "5e2024" else 0,
            trip=(0 if five or not e.trip or trigger not in (MOVE, DISTRACT) else (2 if ed == "pf1" else 1)),
            trip_check=e.trip_check,
            trip_defence=(r.cmd or 0) if ed == "pf1" else (r.trip_defence if r.trip_defence is not None
                                                           else r.dex_bonus),
            touch_ac=r.touch_ac if r.touch_ac is not None else 10 + r.dex_bonus,
            trip_free=e.improved_trip and ed == "3.5"))
        if events[-1].trip and events[-1].trip_free:
            # 3.5 SRD Feats, "Improved Trip": a melee attack at once on the tripped foe, prone: -4 AC against
            # melee (3.5 SRD Combat Modifiers); not an AoO (no Mobility), made only after a successful trip
            events.append(replace(events[-1], consumes=False, trip=0, trip_free=False, needs_trip=True,
                                  ac=ac_for(i, TURN) - 4, check_dc=None, check_cancels=False))

    if spec.distracting_action:
        for i, e in enumerate(enemies):
            if e.threatens_start:
                add(i, DISTRACT)

    always_stuck = False
    if mode == "stay":
        for i, e in enumerate(enemies):
            if e.threatens_start:
                for _ in range(e.attacks_on_turn):
                    add(i, TURN, consumes=False, effects=False)
    elif mode == "five_foot_step":
        always_stuck = any((not e.threatens_start) or e.squares_left >= 2 for e in enemies)
    elif five and mode in ("teleport", "forced"):
        pass  # SRD 5.1/5.2 Opportunity Attacks: teleporting, or being moved without using one's own
        # movement, action or reaction, provokes no opportunity attack (Sentinel included)
    elif five:
        speedy = "speedy" in feats

        def reactive_strike(e) -> bool:
            # PHB 2024 Polearm Master, Reactive Strike: a reaction attack on a creature entering the reach. It is
            # no opportunity attack: Disengage does not stop it, Speedy gives no disadvantage, Sentinel's Halt
            # does not apply; the reaction spent, no opportunity attack when the runner leaves
            return ed == "5e2024" and e.polearm_master and not e.threatens_start

        if mode == "disengage":
            guardian = ed == "5e2024" and o.sentinel_timing_2024 == "after_disengage"
            for i, e in enumerate(enemies):
                if reactive_strike(e):
                    add(i, ENTER)
                    continue
                if not e.sentinel:
                    continue
                if guardian:
                    if e.threatens_start:
                        add(i, GUARDIAN, halt=True, disadvantage=speedy)
                elif e.reach <= 5:
                    # Sentinel (PHB 2014): only creatures within 5 feet provoke despite Disengage; the attack
                    # comes as the runner leaves the reach, so a 10-ft-reach sentinel attacks from 10 ft: none
                    add(i, MOVE, halt=True, disadvantage=speedy, same_group=together(e))
        else:  # move / dash
            for i, e in enumerate(enemies):
                if reactive_strike(e):
                    add(i, ENTER)
                else:
                    add(i, MOVE, halt=e.sentinel, disadvantage=speedy, same_group=together(e))
    else:
        if mode in ("move", "run"):
            for i, e in enumerate(enemies):
                add(i, MOVE, same_group=together(e), adjacent=_adjacent_square(e, exempt_start=False))
        elif mode == "withdraw":
            for i, e in enumerate(enemies):
                exempt_start = e.threatens_start and e.visible
                provoking = e.squares_left - (1 if exempt_start else 0)
                if exempt_start and e.reach >= 10 and o.reach_monster_withdraw == "none":
                    provoking = 0
                if provoking >= 1:
                    add(i, MOVE, same_group=together(e), adjacent=_adjacent_square(e, exempt_start=exempt_start))
        elif mode in ("tumble", "tumble_full"):
            cands = [i for i, e in enumerate(enemies) if aoo[i] > 0 or e.through_space]
            order = list(cands)
            if o.tumble_order == "through_space_first":
                order = [i for i in cands if enemies[i].through_space] + [i for i in cands
                                                                         if not enemies[i].through_space]
            if o.tumble_order == "best_first":
                exp = {i: _expected_damage(spec, enemies[i], ac_for(i, MOVE), rule) for i in cands}
                order = sorted(cands, key=lambda i: -exp[i])
            rank = {i: k for k, i in enumerate(order)}
            for i, e in enumerate(enemies):
                if i not in rank:
                    continue
                if ed == "pf1":
                    base = e.cmd + (5 if e.through_space else 0)
                else:
                    base = 25 if e.through_space else 15
                dc = base + 2 * rank[i] + (10 if mode == "tumble_full" else 0)
                if e.tumble_dc is not None:
                    dc = e.tumble_dc
                if r.blinded:  # 3.5 SRD / PF1 CRB "Blinded": -4 on Dex-based skill checks, i.e. the DC + 4
                    dc += 4
                add(i, MOVE, check_dc=dc, check_cancels=e.through_space, same_group=together(e),
                    adjacent=_adjacent_square(e, exempt_start=False))
            if o.tumble_checks == "single":
                checked = [k for k, ev in enumerate(events) if ev.check_dc is not None]
                top = max((events[k].check_dc for k in checked), default=0)
                for k in checked:
                    events[k] = replace(events[k], check_dc=top, shared_check=True)
        else:  # pragma: no cover - validated earlier
            raise AssertionError(mode)

    # Structural guarantee behind Plan.allowed_statically(): a skill check may only
    # guard an enemy's last consuming event.
    last: dict[int, int] = {}
    for k, ev in enumerate(events):
        if ev.consumes:
            last[ev.enemy] = k
    for k, ev in enumerate(events):
        assert ev.check_dc is None or last.get(ev.enemy) == k

    strain_at = -1
    if not five and o.disabled_strenuous:
        # 3.5 PHB / SRD "Disabled", PF1 CRB "Disabled": a disabled character that takes a standard action
        # (or another strenuous action) loses 1 HP once the act is complete. Here: the distracting action
        # (a standard action, complete after the attacks it provokes) and the full-round withdraw and run
        # (more than the single move action a disabled character may take), complete after the move.
        if mode in ("withdraw", "run"):
            strain_at = len(events)
        elif spec.distracting_action:
            strain_at = sum(1 for ev in events if ev.trigger == DISTRACT)
    outcomes = outcomes_for(five, mode, o.death_saves_in_exchange, strained=strain_at >= 0)
    codes = [oc.code for oc in outcomes]
    omap = tuple(codes.index(c) if c in codes else -1 for c in INTERNAL_CODES)
    if spec.metric in ("attacks", "hits"):
        n_bins = len(events) + 1
    else:
        n_bins = min(MAX_DAMAGE_BINS, 1 + sum(max_damage(ev, ed, rule) for ev in events) + int(strain_at >= 0))
    return Plan(spec=spec, mode=mode, events=tuple(events), aoo=tuple(aoo), always_stuck=always_stuck,
                outcomes=outcomes, outcome_map=omap, metric=metric_for(spec.metric, n_bins), damage_rule=rule,
                strain_at=strain_at)


def _adjacent_square(e, *, exempt_start: bool) -> bool:
    """Whether the square whose leaving provokes this foe's AoO is adjacent to it (PF1 CRB Feats, "Stand
    Still": the maneuver replaces the AoO only against a foe moving through or out of a square adjacent to
    it). On the 1-D path: every square a 5-ft-reach foe threatens is adjacent; a reach foe's start square is
    taken as adjacent (``threatens_start``, as the 5e "within 5 ft" readings), and so are the squares around
    it when the runner crosses its space; a withdraw's exempt start square provokes nothing, so against a
    reach foe the square left is the second one, 10 ft away; a reach foe whose area is entered later
    (``threatens_start = false``) is passed at reach."""
    if e.reach <= 5 or e.through_space:
        return True
    return e.threatens_start and not exempt_start


def _mastery(name: str, push_reading: str, trigger: int) -> int:
    """The mastery code of an enemy's attack. Push acts on nothing with ``options.push_2024 = "none"``,
    nor on an attack on the foe's own turn (mode ``stay``: the exchange ends with the runner in melee)."""
    if name == "push" and (push_reading == "none" or trigger == TURN):
        return MASTERY_NONE
    return MASTERIES.get(name, MASTERY_NONE)


def describe_events(plan: Plan) -> list[dict]:
    """The opportunities as plain data, for the manifest.

    Parameters
    ----------
    plan : Plan

    Returns
    -------
    list of dict
        One per event, in order: the enemy's name, the trigger, the runner's AC, the attack (bonus and
        damage dice), and when they apply the Tumble/Acrobatics DC, the Stand Still CMB, ``stops_on_hit``,
        the 2024 mastery, or why it is ``skipped`` (no attack of opportunity left).

    References
    ----------
    Digest §6 (the exchange's opportunities).
    """
    out = []
    allowed = plan.allowed_statically()
    for ev, ok in zip(plan.events, allowed):
        e = plan.spec.enemies[ev.enemy]
        d = {"enemy": e.name, "trigger": TRIGGER_NAMES[ev.trigger], "ac": ev.ac,
             "attack": f"{ev.attack_bonus:+d}, {ev.damage}" + (f"+{ev.extra_damage}" if ev.extra_damage else "")}
        if not ok:
            d["skipped"] = "no attack of opportunity left" if plan.aoo[ev.enemy] else "cannot make an AoO"
        if ev.check_dc is not None:
            d["check_dc"] = ev.check_dc
        if ev.stand_still:
            d["stand_still_cmb"] = ev.cmb
        if ev.trip:
            d["trip"] = {"check": ev.trip_check, "against": ev.trip_defence}
        if ev.needs_trip:
            d["after_a_trip_only"] = True
        if ev.halt_on_hit:
            d["stops_on_hit"] = True
        if ev.mastery != MASTERY_NONE:
            d["mastery"] = {MASTERY_PUSH: "push", MASTERY_VEX: "vex"}[ev.mastery]
        out.append(d)
    return out


def fraction(x) -> Fraction:
    """``x`` as a :class:`fractions.Fraction` (unchanged when it is one).

    Parameters
    ----------
    x : int, Fraction or str
        A number :class:`fractions.Fraction` accepts.

    Returns
    -------
    Fraction

    References
    ----------
    None (arithmetic helper).
    """
    return x if isinstance(x, Fraction) else Fraction(x)
