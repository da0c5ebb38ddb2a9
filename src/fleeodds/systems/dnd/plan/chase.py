"""The chase after leaving melee (5e; 3.5 / Pathfinder 1e in :func:`compile_chase_35`): from the
validated :class:`..model.chase.ChaseSpec` to the
ordered attacks of each round (:func:`compile_chase`).

Round structure (one straight line; distances in feet, multiples of 5):

1. Each pursuer's turn, in the order listed (SRD 5.1 *Combat* / SRD 5.2 *Playing the Game*, "Your Turn":
   move and one action):

   * a pursuer that shoots (``ranged``) stays put and makes its attacks while the runner is within long
     range, with Disadvantage beyond normal range or within 5 ft ("Ranged Attacks", "Range", "Ranged
     Attacks in Close Combat");
   * a melee pursuer within reach attacks; otherwise it moves up to its speed (plus its speed again with
     the orc's Aggressive bonus action, SRD 5.1 Orc) toward the runner, as close as 5 ft, and attacks if it
     is then within reach; if that cannot bring it within reach it takes the Dash action instead (one more
     speed) and does not attack ("Dash").

2. The runner's turn: every melee pursuer within reach makes an opportunity attack as the runner leaves
   its reach, unless the runner took the Disengage action ("Opportunity Attacks", "Disengage"; a
   pursuer's reaction is back at the start of each of its turns); then the runner moves its speed, twice
   with Dash, three times with Dash and a Cunning Action Dash (SRD Rogue, "Cunning Action"). Reaching
   safety ends the chase: ``escaped`` in that round.

Difficult terrain (the whole way) costs 2 ft per foot for everyone ("Difficult Terrain"). The runner is
down at 0 HP and dead on an instant death ("Instant Death": the damage left over is at least its hit
point maximum); either ends the chase (what comes after the drop is not followed). Nothing random moves
anyone, so the positions of every round follow from the choices alone: the exact answer is an absorbing
Markov chain over (round, hit points), see :mod:`..exact.chase`.
"""


from __future__ import annotations

from dataclasses import dataclass, replace

from ....language import Message, N_
from ....outcomes import Metric, Outcome
from ..model.chase import ChaseSpec
from .rules import DamageRule, is_5e

ESCAPED = Outcome("escaped", N_("reaches safety"))
STILL_CHASED = Outcome("still_chased", N_("still chased after the last round"))
CHASE_DOWN = Outcome("down", N_("down (0 HP, unconscious)"))
CHASE_DEAD = Outcome("dead", N_("dead (instant death)"))
#: The chase's outcomes, from best to worst (indices used by both evaluators).
CHASE_OUTCOMES = (ESCAPED, STILL_CHASED, CHASE_DOWN, CHASE_DEAD)
O_ESCAPED, O_STILL, O_DOWN, O_DEAD = range(4)
#: With chase.after_exchange or chase.death_saves the outcomes are these (a zero row where unused).
STOPPED = Outcome("move_cancelled", N_("stopped in the exchange (never got away)"))
CHASE_BACK_UP = Outcome("back_up", N_("down, then back up at 1 HP (natural 20 on a death save)"))
CHASE_STABLE = Outcome("stable", N_("down, then stable (three successes; unconscious)"))
CHASE_DYING = Outcome("down", N_("down, still dying after the last round"))
CHASE_DIES = Outcome("dead", N_("dead (instant death, or three failed death saves)"))
CHASE_OUTCOMES_FULL = (ESCAPED, STILL_CHASED, CHASE_DOWN, CHASE_DEAD, STOPPED, CHASE_BACK_UP, CHASE_STABLE)
CHASE_OUTCOMES_SAVES = (ESCAPED, STILL_CHASED, CHASE_DYING, CHASE_DIES, STOPPED, CHASE_BACK_UP, CHASE_STABLE)
O_STOPPED, O_BACK_UP, O_STABLE = 4, 5, 6
#: 3.5/PF with chase.death_saves: the dying checks followed (3.5 SRD *Injury and Death*; PF1 CRB ch. 8, "Dying").
#: Index 5 is the runner left at exactly 0 HP (disabled; the chase is not followed for it), index 4 unused (as
#: without an exchange in 5e).
CHASE_DYING_35 = Outcome("down", N_("down, still dying after the last round (negative HP, not stable)"))
CHASE_DEAD_35 = Outcome("dead", N_("dead (-10 HP in 3.5, -Con in Pathfinder: from damage or from bleeding)"))
CHASE_DISABLED_35 = Outcome("disabled", N_("disabled at exactly 0 HP (conscious; not followed further)"))
CHASE_STABLE_35 = Outcome("stable", N_("down, then stable on its own (unconscious; unaided not safe)"))
CHASE_OUTCOMES_DYING_35 = (ESCAPED, STILL_CHASED, CHASE_DYING_35, CHASE_DEAD_35, STOPPED, CHASE_DISABLED_35,
                           CHASE_STABLE_35)
O_DISABLED = O_BACK_UP
#: How many times its speed each choice moves the runner, and whether it provokes.
MOVES = {"move": (1, True), "dash": (2, True), "disengage": (1, False), "dash+disengage": (2, False),
         "dash+dash": (3, True)}
#: Triggers of a chase attack (3.5 Improved Trip: the free attack after a trip, no attack of opportunity).
ON_TURN, OPPORTUNITY, IMPROVED_TRIP = 0, 1, 2


@dataclass(frozen=True)
class ChaseAttack:
    """One attack of the chase against the runner.

    Attributes
    ----------
    round : int
        1 .. rounds.
    pursuer : int
        Index in ``spec.pursuers``.
    trigger : int
        ``ON_TURN`` (its Attack action), ``OPPORTUNITY`` (the runner leaves its reach, or stands up) or
        ``IMPROVED_TRIP`` (3.5: the attack right after a successful trip).
    attack_bonus, ac, threat_low : int
    advantage : int
        -1 disadvantage (long range, or shooting within 5 ft), 0 otherwise.
    damage : str
    multiplier : int
        3.5/PF critical multiplier (5e: 2, unused).
    trip : int
        0: an attack; 1: a 3.5 trip attempt (a melee touch attack against ``touch_ac``, then
        ``d20 + trip_check`` opposed by ``d20 + trip_defence``), 2: a Pathfinder one (``d20 + trip_check``
        against the CMD in ``trip_defence``). A trip attempt deals no damage.
    trip_check, trip_defence, touch_ac : int
    on_trip : int
        For a trip attempt: the index, in ``(plan, *plan.variants)``, of the plan the runner follows when
        it succeeds (its attacks up to this one are the same; the next one follows this one).
    """

    round: int
    pursuer: int
    trigger: int
    attack_bonus: int
    ac: int
    threat_low: int
    advantage: int
    damage: str
    multiplier: int = 2
    trip: int = 0
    trip_check: int = 0
    trip_defence: int = 0
    touch_ac: int = 0
    on_trip: int = -1


@dataclass(frozen=True)
class ChasePlan:
    """What both evaluators read: the attacks in order, the round the runner reaches safety.

    Attributes
    ----------
    spec : ChaseSpec
    attacks : tuple of ChaseAttack
    escape_round : int
        The round at the end of whose runner's turn it is safe; 0 when it is not within the rounds.
    positions : tuple of tuple
        Per round, after the runner's turn: ``(("round", r), ("to_safety", feet), ("gaps", feet per
        pursuer))`` pairs (``dict()`` of one gives the manifest's row).
    damage_rule : DamageRule
    prone : bool
        The runner starts prone (after a Topple or prone rider in the exchange): in round 1 the pursuers'
        melee attacks within 5 ft have Advantage, ranged ones Disadvantage (SRD 5.1 Appendix A / SRD 5.2
        *Rules Glossary*, "Prone"), and standing up costs the runner half its speed (SRD 5.1 "Being
        Prone", SRD 5.2 "Prone": no opportunity attack for standing in 5e).
    after_drop : tuple of tuple of DownStep
        With ``spec.death_saves``: for each attack, what follows if it drops the runner
        (:func:`downed_steps`).
    start_down : tuple of DownStep
        With ``spec.death_saves``: what follows for a runner down when the chase starts (down in the
        exchange).
    variants : tuple of ChasePlan
        3.5/PF trips: the plans of a tripped runner (each one's attacks begin as those of the plan whose
        trip attempt sends there, see :attr:`ChaseAttack.on_trip`; their own ``variants`` are empty).
    """

    spec: ChaseSpec
    attacks: tuple[ChaseAttack, ...]
    escape_round: int
    positions: tuple[tuple, ...]
    damage_rule: DamageRule
    prone: bool = False
    after_drop: tuple = ()
    start_down: tuple = ()
    variants: tuple = ()

    @property
    def outcomes(self) -> tuple:
        """The four outcomes of a plain chase, or the seven with the exchange first or the death saves."""
        s = self.spec
        if s.death_saves and not is_5e(s.edition):
            return CHASE_OUTCOMES_DYING_35
        if s.death_saves:
            return CHASE_OUTCOMES_SAVES
        return CHASE_OUTCOMES_FULL if s.after_exchange else CHASE_OUTCOMES

    @property
    def metric(self) -> Metric:
        return chase_metric(self.spec.rounds)


@dataclass(frozen=True)
class DownStep:
    """One step of a downed runner's fate: its death save, or a pursuer's attack on it.

    Attributes
    ----------
    round : int
    save : bool
        Its death saving throw (start of its turn); otherwise an attack with the fields below.
    attack_bonus, ac, threat_low, advantage : int
    damage : str
    auto_crit : bool
        The attacker is within 5 ft: a hit is a critical (SRD 5.1 Appendix A "Unconscious").
    """

    round: int
    save: bool
    attack_bonus: int = 0
    ac: int = 0
    threat_low: int = 20
    advantage: int = 0
    damage: str = "0"
    auto_crit: bool = False


def downed_steps(spec: ChaseSpec, r: int, gaps: list[int], phase) -> tuple[DownStep, ...]:
    """The steps that follow a drop: the downed runner lies where it fell, rolls a death save at the start
    of each of its turns to the last round, and (``spec.attack_downed``) the pursuers keep coming for it.

    Parameters
    ----------
    spec : ChaseSpec
    r : int
        The round of the drop (0: down when the chase starts).
    gaps : list of int
        Each pursuer's distance to the runner at the drop (feet).
    phase : tuple of int or None
        ``(pursuer, attack number)`` when a pursuer's Attack action dropped it (its other attacks and the
        later pursuers' turns follow in that round, then the runner's save); ``None`` for an
        opportunity attack on the runner's turn (its first save is next round) or a drop before round 1.

    Returns
    -------
    tuple of DownStep

    References
    ----------
    SRD 5.1 *Combat*, "Death Saving Throws", "Damage at 0 Hit Points"; SRD 5.1 Appendix A, "Unconscious"
    (attacks have Advantage, a hit from within 5 ft is a critical), "Prone" (Disadvantage beyond 5 ft);
    SRD 5.2 *Rules Glossary*, "Death Saving Throw", "Unconscious", "Prone"; "Advantage and Disadvantage"
    (one of each: neither).
    """
    dt = spec.difficult_terrain
    gaps = list(gaps)
    steps: list[DownStep] = []

    def hit(rr, i):
        p, g = spec.pursuers[i], gaps[i]
        # unconscious: Advantage; prone: Advantage within 5 ft, Disadvantage beyond; a shot within 5 ft or
        # beyond normal range: Disadvantage. Any of each cancels.
        dis = g > 5 or (p.ranged and (g <= 5 or g > p.range_normal))
        steps.append(DownStep(rr, False, p.attack_bonus, spec.ac, p.threat_low, 0 if dis else 1, p.damage, g <= 5))

    def turn(rr, i, first=0):
        p, g = spec.pursuers[i], gaps[i]
        if p.ranged:
            if g <= p.range_long:
                for _ in range(first, p.attacks):
                    hit(rr, i)
            return
        if first:  # the rest of the Attack action that dropped it
            for _ in range(first, p.attacks):
                hit(rr, i)
            return
        if g > p.reach:
            step = _cost(p.speed, dt) * (2 if p.aggressive else 1)
            if g - step > p.reach:  # Dash toward it
                gaps[i] = max(5, g - step - _cost(p.speed, dt))
                return
            gaps[i] = max(5, g - step)
        for _ in range(p.attacks):
            hit(rr, i)

    first = r + 1
    if phase is not None:  # dropped on a pursuer's turn: the rest of that round, then its save
        i, k = phase
        if spec.attack_downed:
            turn(r, i, k + 1)
            for j in range(i + 1, len(spec.pursuers)):
                turn(r, j)
        steps.append(DownStep(r, True))
    for rr in range(first, spec.rounds + 1):
        if spec.attack_downed:
            for j in range(len(spec.pursuers)):
                turn(rr, j)
        steps.append(DownStep(rr, True))
    return tuple(steps)


def chase_metric(rounds: int) -> Metric:
    """The metric of the chase: the round each outcome happens in (still chased: the last round).

    Parameters
    ----------
    rounds : int
        Rounds followed.

    Returns
    -------
    Metric
        Bins 0 .. ``rounds``, unit rounds.

    References
    ----------
    None (a reading of the plan, not a rule).
    """
    return Metric("round", N_("round of the outcome"), rounds + 1, 0, "rounds")


def _cost(feet: int, difficult: bool) -> int:
    """Feet actually covered with ``feet`` of movement (difficult terrain: half, in whole squares)."""
    return (feet // 2) // 5 * 5 if difficult else feet


def compile_chase(spec: ChaseSpec, prone: bool = False) -> ChasePlan:
    """The attacks of each round and the round of safety (see the module docstring for the rules).

    Parameters
    ----------
    spec : ChaseSpec
    prone : bool
        The runner starts prone (see :class:`ChasePlan`).

    Returns
    -------
    ChasePlan

    References
    ----------
    SRD 5.1 *Combat* / SRD 5.2 *Playing the Game*: "Movement and Position", "Actions in Combat" (Dash,
    Disengage), "Opportunity Attacks", "Difficult Terrain", "Ranged Attacks"; SRD 5.1 Orc, "Aggressive";
    SRD 5.1 / 5.2 Rogue, "Cunning Action".
    """
    if not is_5e(spec.edition):
        return compile_chase_35(spec)
    dt = spec.difficult_terrain
    gaps = [p.gap for p in spec.pursuers]
    to_safety = spec.distance
    attacks: list[ChaseAttack] = []
    after: list[tuple] = []
    start_down = downed_steps(spec, 0, gaps, None) if spec.death_saves else ()
    positions = []
    escape = 0

    def attack(r, i, trigger, adv=0, k=0):
        p = spec.pursuers[i]
        if spec.death_saves:  # where everyone stands if this attack drops the runner
            after.append(downed_steps(spec, r, gaps, (i, k) if trigger == ON_TURN else None))
        if prone and r == 1 and trigger == ON_TURN:  # prone: Advantage within 5 ft, Disadvantage beyond
            lying = 1 if gaps[i] <= 5 else -1
            adv = lying if adv == 0 else (0 if adv != lying else adv)  # one of each cancels
        attacks.append(ChaseAttack(round=r, pursuer=i, trigger=trigger, attack_bonus=p.attack_bonus, ac=spec.ac,
                                   threat_low=p.threat_low, advantage=adv, damage=p.damage))

    for r in range(1, spec.rounds + 1):
        for i, p in enumerate(spec.pursuers):
            g = gaps[i]
            if p.ranged:
                if g <= p.range_long:
                    adv = -1 if (g > p.range_normal or g <= 5) else 0
                    for k in range(p.attacks):
                        attack(r, i, ON_TURN, adv, k)
                continue
            if g <= p.reach:
                for k in range(p.attacks):
                    attack(r, i, ON_TURN, 0, k)
                continue
            step = _cost(p.speed, dt) * (2 if p.aggressive else 1)
            if g - step <= p.reach:
                gaps[i] = max(5, g - step)
                for k in range(p.attacks):
                    attack(r, i, ON_TURN, 0, k)
            else:  # Dash: the action spent on moving
                gaps[i] = max(5, g - step - _cost(p.speed, dt))
        times, provokes = MOVES[spec.actions[r - 1]]
        if provokes:
            for i, p in enumerate(spec.pursuers):
                if not p.ranged and gaps[i] <= p.reach:
                    attack(r, i, OPPORTUNITY)
        budget = spec.speed * times - (spec.speed // 2 if prone and r == 1 else 0)  # standing: half the speed
        moved = _cost(budget, dt) // 5 * 5
        to_safety -= moved
        gaps = [g + moved for g in gaps]
        # (name, value) pairs, not a dict: the plan stays frozen and hashable (dict(x) reads it)
        positions.append((("round", r), ("to_safety", max(0, to_safety)), ("gaps", tuple(gaps))))
        if to_safety <= 0:
            escape = r
            break
    rule = DamageRule(edition=spec.edition, min_damage_1=False, resistance=spec.resistance)
    return ChasePlan(spec=spec, attacks=tuple(attacks), escape_round=escape, positions=tuple(positions),
                     damage_rule=rule, prone=prone, after_drop=tuple(after), start_down=start_down)


#: How many times its speed each 3.5/PF choice moves the runner.
MOVES_35 = {"move": 1, "double_move": 2, "withdraw": 2, "run": 4}
#: Choices that leave a move action after a trip in their first move: the move action's standard action
#: taken as a move action, the double move's second move action (3.5 SRD *Combat*, "Actions in Combat").
ACTION_LEFT_35 = ("move", "double_move")
#: More trip branches than this is refused (each is a plan the exact solver and the kernel follow).
MAX_TRIP_VARIANTS = 512


def compile_chase_35(spec: ChaseSpec) -> ChasePlan:
    """The 3.5 / Pathfinder 1e chase: the attacks of each round and the round of safety.

    Each round, every pursuer in turn (one straight line of 5-ft squares):

    * within reach at the start of its turn: a full attack (its ``attacks``; 3.5 SRD "Full Attack");
    * else, if one move (its speed) brings it within reach: it moves (as close as 5 ft) and makes one
      attack (a move action and a standard action);
    * else, if twice its speed does: a charge (at least 10 ft, straight line) to the closest square from
      which it can attack, one attack at +2 (3.5 SRD / PF1 CRB "Charge");
    * else it runs, four times its speed, and does not attack ("Run");
    * a shooter (``ranged``) stays put and makes its ``attacks`` while the runner is within 10 range
      increments (5 thrown), at -2 per full increment beyond the first ("Range Penalty"), -4 when a melee
      pursuer threatens the runner (engaged in melee) unless Precise Shot ("Shooting or Throwing into a
      Melee"); it threatens no square (no attack of opportunity).

    Difficult terrain (``spec.difficult_terrain``, the whole way): every square costs 2 for everyone,
    nobody runs or charges across it (3.5 SRD *Combat*, "Movement", "Hampered Movement"; PF1 CRB ch. 8,
    "Difficult Terrain"): a pursuer that a move does not bring within reach double-moves; ``run`` is
    refused for the runner.

    Then the runner: each pursuer that threatens a square it leaves makes one attack of opportunity (one
    per opportunity, one per round or ``1 + Dex`` with Combat Reflexes; 3.5 SRD "Attacks of
    Opportunity"), except that a withdraw's start square is not threatened (a reach-10 foe whose second
    square the runner crosses still gets its attack; "Withdraw"); then it moves its speed (move: with a
    standard action left), twice (double move, withdraw) or four times (run). A running runner loses its
    Dexterity bonus to AC (and touch AC) against the attacks of opportunity of its run ("Run"; the loss
    is read as lasting for its own turn). Reaching safety ends the chase.

    Trips (``pursuer.trip``): the attack of opportunity is a trip attempt ("Trip"); one that succeeds
    leaves the runner prone in the square it was leaving, and its move ends there (the later attacks of
    opportunity of that square do not come: it never left it). 3.5 Improved Trip: a melee attack at once,
    at AC - 4 (prone: -4 AC against melee, "Prone"). Standing up is a move action that provokes ("Actions
    in Combat", "Stand up"): with a move action left (``move``: its standard action taken as a move
    action; ``double_move``: the second move) the runner stands up at once, provoking from every pursuer
    that threatens it and still has an attack of opportunity this round, at AC - 4 (the attack comes
    before the action: still prone), and moves no farther; after a full-round action (``withdraw``,
    ``run``) it lies prone to its next turn: the pursuers' melee attacks are at AC - 4, then it stands
    up (provoking, a new round's attacks of opportunity) and has one move action left: it moves its
    speed once, whatever its choice for that round (leaving a threatened square provokes from a pursuer
    with an attack of opportunity left: Combat Reflexes; another trip is possible). A prone runner is
    not tripped again: a tripping pursuer's attack on a standing-up runner is an attack.

    At 0 HP or below the runner is down (disabled at exactly 0, dying below: the chase ends there), dead
    at ``spec.dead_at`` or below (3.5 -10, PF -Con; 3.5 SRD *Injury and Death*, PF1 CRB ch. 8). With
    ``spec.death_saves`` the dying runner is followed by the exact solver and the kernel (not here: no
    position changes): each of its turns, from the round of the drop when a pursuer's turn dropped it,
    else the next, it becomes stable on 1 in 10 (3.5 "Dying") or a DC 10 Constitution check with its
    negative hit points as a penalty, a natural 20 succeeding (PF1 "Dying"), otherwise it loses 1 HP;
    at exactly 0 HP it is ``disabled`` and not followed (it could still take one move action a round).

    Parameters
    ----------
    spec : ChaseSpec
        A 3.5 or pf1 chase.

    Returns
    -------
    ChasePlan
        With trips, :attr:`ChasePlan.variants` holds the plans of each sequence of successful trips.

    Raises
    ------
    InputError
        ``chase.rounds``: more than :data:`MAX_TRIP_VARIANTS` trip branches.

    References
    ----------
    D&D 3.5 SRD *Combat*: "Actions in Combat" (Move, Stand up, Full Attack, Charge, Run, Withdraw),
    "Attacks of Opportunity", "Attack Roll" (range penalty, shooting into a melee), "Movement"
    (hampered movement), "Critical Hits", "Trip"; *Condition Summary*, "Prone"; *Feats*, "Combat
    Reflexes", "Improved Trip", "Precise Shot"; *Equipment*, "Range Increment"; *Injury and Death*; Pathfinder RPG CRB ch. 8 (the same actions; "Combat
    Maneuvers", "Trip"; "Move Actions", "Stand Up").
    """
    from ....errors import InputError

    root = _trajectory_35(spec, ())
    found = [root]
    forced_of = [()]
    queue = [0]
    links: dict[tuple[int, int], int] = {}  # (variant, trip attack index) -> variant after the trip
    while queue:
        v = queue.pop(0)
        attacks, _pos, _esc, trips = found[v]
        forced = forced_of[v]
        for j in trips:
            if forced and j <= forced[-1]:
                continue  # before a forced trip: the parent branches there
            if len(found) >= MAX_TRIP_VARIANTS:
                raise InputError("chase.rounds", spec.rounds,
                                 Message(N_("fewer rounds or tripping pursuers (more than {n} ways the trips "
                                            "can fall)"), n=MAX_TRIP_VARIANTS))
            links[(v, j)] = len(found)
            forced_of.append(forced + (j,))
            found.append(_trajectory_35(spec, forced + (j,)))
            queue.append(len(found) - 1)
    rule = DamageRule(edition=spec.edition, min_damage_1=True)
    plans = []
    for v, (attacks, positions, escape, _trips) in enumerate(found):
        attacks = tuple(replace(a, on_trip=links[(v, j)]) if (v, j) in links else a for j, a in enumerate(attacks))
        plans.append(ChasePlan(spec=spec, attacks=attacks, escape_round=escape, positions=positions,
                               damage_rule=rule))
    return replace(plans[0], variants=tuple(plans[1:]))


def _trajectory_35(spec: ChaseSpec, forced: tuple[int, ...]):
    """One path of the 3.5/PF chase: the trip attempts at the attack indices in ``forced`` succeed, every
    other fails. Returns ``(attacks, positions, escape round, indices of the trip attempts)``."""
    gaps = [p.gap for p in spec.pursuers]
    to_safety = spec.distance
    attacks: list[ChaseAttack] = []
    trips: list[int] = []
    positions = []
    escape = 0
    prone = False  # prone at the start of the round (tripped during a full-round action)
    ed = spec.edition

    def attack(r, i, trigger, bonus=0, ac=spec.ac):
        p = spec.pursuers[i]
        attacks.append(ChaseAttack(round=r, pursuer=i, trigger=trigger, attack_bonus=p.attack_bonus + bonus,
                                   ac=ac, threat_low=p.threat_low, advantage=0, damage=p.damage,
                                   multiplier=p.crit_multiplier))

    def trip_attempt(r, i, touch_ac) -> bool:
        p = spec.pursuers[i]
        trips.append(len(attacks))
        ok = len(attacks) in forced
        attacks.append(ChaseAttack(round=r, pursuer=i, trigger=OPPORTUNITY, attack_bonus=p.attack_bonus,
                                   ac=spec.ac, threat_low=p.threat_low, advantage=0, damage="0",
                                   multiplier=p.crit_multiplier, trip=2 if ed == "pf1" else 1,
                                   trip_check=p.trip_check, trip_defence=spec.trip_defence, touch_ac=touch_ac))
        return ok

    def stand_up(r, left):  # a move action that provokes; the attacks come first, against the prone runner
        for i, p in enumerate(spec.pursuers):
            if threatens(i) and left[i] > 0:
                left[i] -= 1
                attack(r, i, OPPORTUNITY, ac=spec.ac - 4)

    dt = spec.difficult_terrain

    def threatens(i):  # a melee pursuer threatens the runner (a shooter threatens no square)
        return not spec.pursuers[i].ranged and gaps[i] <= spec.pursuers[i].reach

    for r in range(1, spec.rounds + 1):
        turn_ac = spec.ac - 4 if prone else spec.ac  # prone: -4 AC against melee ("Prone")
        for i, p in enumerate(spec.pursuers):
            g = gaps[i]
            step = _cost(p.speed, dt)  # difficult terrain: every square costs 2
            if p.ranged:  # it stays put and shoots: a full attack within its maximum range
                if g <= p.range_increment * (5 if p.thrown else 10):
                    # -2 per full range increment beyond the first; -4 into a melee unless Precise Shot;
                    # a prone runner: +4 AC against ranged attacks
                    bonus = -2 * ((g - 1) // p.range_increment)
                    if not p.precise_shot and any(threatens(k) for k in range(len(gaps))):
                        bonus -= 4
                    for _ in range(p.attacks):
                        attack(r, i, ON_TURN, bonus=bonus, ac=spec.ac + 4 if prone else spec.ac)
            elif g <= p.reach:  # full attack
                for _ in range(p.attacks):
                    attack(r, i, ON_TURN, ac=turn_ac)
            elif g - step <= p.reach:  # move, then a standard attack
                gaps[i] = max(5, g - step)
                attack(r, i, ON_TURN, ac=turn_ac)
            elif dt:  # no charge nor run across difficult terrain: a double move
                gaps[i] = max(5, g - 2 * step)
            elif g - 2 * p.speed <= p.reach:  # charge: to the closest square it can attack from, +2
                gaps[i] = p.reach // 5 * 5
                attack(r, i, ON_TURN, bonus=2, ac=turn_ac)
            else:  # run
                gaps[i] = max(5, g - 4 * p.speed)
        left = [p.aoo_per_round for p in spec.pursuers]  # attacks of opportunity left this round
        if prone:  # stand up, then one move action
            stand_up(r, left)
            prone = False
            act, times, stood = "move", 1, True
        else:
            act = spec.actions[r - 1]
            times, stood = MOVES_35[act], False
        running = act == "run"
        ac = spec.ac - (max(0, spec.dex_bonus) if running else 0)
        touch = spec.touch_ac - (max(0, spec.dex_bonus) if running else 0)
        tripped_at = None
        for i, p in enumerate(spec.pursuers):
            g = gaps[i]
            if not threatens(i) or left[i] <= 0:
                continue
            # withdraw: the start square is not threatened; a reach-10 foe provokes on the second square
            at = 5 if act == "withdraw" else 0
            if g + at > p.reach:
                continue
            left[i] -= 1
            if p.trip:
                if trip_attempt(r, i, touch):
                    tripped_at = at
                    if p.improved_trip and ed == "3.5":  # a melee attack at once on the prone runner
                        attack(r, i, IMPROVED_TRIP, ac=ac - 4)
                    break  # prone in that square: it leaves nothing more
            else:
                attack(r, i, OPPORTUNITY, ac=ac)
        if tripped_at is None:
            moved = _cost(spec.speed, dt) * times
        else:
            moved = tripped_at
            if act in ACTION_LEFT_35 and not stood:  # the action left: stand up at once, no farther
                gaps = [g + moved for g in gaps]
                stand_up(r, left)
                gaps = [g - moved for g in gaps]
            else:
                prone = True
        to_safety -= moved
        gaps = [g + moved for g in gaps]
        row = (("round", r), ("to_safety", max(0, to_safety)), ("gaps", tuple(gaps)))
        positions.append(row + ((("prone", prone),) if any(p.trip for p in spec.pursuers) else ()))
        if to_safety <= 0:
            escape = r
            break
    return tuple(attacks), tuple(positions), escape, tuple(trips)
