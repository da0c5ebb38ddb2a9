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

from dataclasses import dataclass

from ....outcomes import Metric, Outcome
from ..model.chase import ChaseSpec
from .rules import DamageRule, is_5e

ESCAPED = Outcome("escaped", "reaches safety", "atteint l'abri")
STILL_CHASED = Outcome("still_chased", "still chased after the last round", "toujours poursuivi après le dernier round")
CHASE_DOWN = Outcome("down", "down (0 HP, unconscious)", "hors de combat (0 pv, inconscient)")
CHASE_DEAD = Outcome("dead", "dead (instant death)", "mort (mort instantanée)")
#: The chase's outcomes, from best to worst (indices used by both evaluators).
CHASE_OUTCOMES = (ESCAPED, STILL_CHASED, CHASE_DOWN, CHASE_DEAD)
O_ESCAPED, O_STILL, O_DOWN, O_DEAD = range(4)
#: With chase.after_exchange or chase.death_saves the outcomes are these (a zero row where unused).
STOPPED = Outcome("move_cancelled", "stopped in the exchange (never got away)",
                  "arrêté pendant l'échange (ne s'est jamais échappé)")
CHASE_BACK_UP = Outcome("back_up", "down, then back up at 1 HP (natural 20 on a death save)",
                        "à terre, puis relevé à 1 pv (20 naturel à un jet contre la mort)")
CHASE_STABLE = Outcome("stable", "down, then stable (three successes; unconscious)",
                       "à terre, puis stabilisé (trois réussites ; inconscient)")
CHASE_DYING = Outcome("down", "down, still dying after the last round", "à terre, toujours mourant après le dernier round")
CHASE_DIES = Outcome("dead", "dead (instant death, or three failed death saves)",
                     "mort (mort instantanée, ou trois échecs aux jets contre la mort)")
CHASE_OUTCOMES_FULL = (ESCAPED, STILL_CHASED, CHASE_DOWN, CHASE_DEAD, STOPPED, CHASE_BACK_UP, CHASE_STABLE)
CHASE_OUTCOMES_SAVES = (ESCAPED, STILL_CHASED, CHASE_DYING, CHASE_DIES, STOPPED, CHASE_BACK_UP, CHASE_STABLE)
O_STOPPED, O_BACK_UP, O_STABLE = 4, 5, 6
#: How many times its speed each choice moves the runner, and whether it provokes.
MOVES = {"move": (1, True), "dash": (2, True), "disengage": (1, False), "dash+disengage": (2, False),
         "dash+dash": (3, True)}
#: Triggers of a chase attack.
ON_TURN, OPPORTUNITY = 0, 1


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
        ``ON_TURN`` (its Attack action) or ``OPPORTUNITY`` (the runner leaves its reach).
    attack_bonus, ac, threat_low : int
    advantage : int
        -1 disadvantage (long range, or shooting within 5 ft), 0 otherwise.
    damage : str
    multiplier : int
        3.5/PF critical multiplier (5e: 2, unused).
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
    """

    spec: ChaseSpec
    attacks: tuple[ChaseAttack, ...]
    escape_round: int
    positions: tuple[tuple, ...]
    damage_rule: DamageRule
    prone: bool = False
    after_drop: tuple = ()
    start_down: tuple = ()

    @property
    def outcomes(self) -> tuple:
        """The four outcomes of a plain chase, or the seven with the exchange first or the death saves."""
        s = self.spec
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
    return Metric("round", "round of the outcome", "round de l'issue", rounds + 1, 0, "rounds")


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


def compile_chase_35(spec: ChaseSpec) -> ChasePlan:
    """The 3.5 / Pathfinder 1e chase: the attacks of each round and the round of safety.

    Each round, every pursuer in turn (one straight line of 5-ft squares):

    * within reach at the start of its turn: a full attack (its ``attacks``; 3.5 SRD "Full Attack");
    * else, if one move (its speed) brings it within reach: it moves (as close as 5 ft) and makes one
      attack (a move action and a standard action);
    * else, if twice its speed does: a charge (at least 10 ft, straight line) to the closest square from
      which it can attack, one attack at +2 (3.5 SRD / PF1 CRB "Charge");
    * else it runs, four times its speed, and does not attack ("Run").

    Then the runner: each pursuer that threatens a square it leaves makes one attack of opportunity (one
    per round; 3.5 SRD "Attacks of Opportunity"), except that a withdraw's start square is not threatened
    (a reach-10 foe whose second square the runner crosses still gets its attack; "Withdraw"); then it
    moves its speed (move: with a standard action left), twice (double move, withdraw) or four times
    (run). A running runner loses its Dexterity bonus to AC against the attacks of opportunity of its run
    ("Run"; the loss is read as lasting for its own turn). Reaching safety ends the chase.

    At 0 HP or below the runner is down (disabled at exactly 0, dying below: the chase ends there), dead
    at ``spec.dead_at`` or below (3.5 -10, PF -Con; 3.5 SRD *Injury and Death*, PF1 CRB ch. 8).

    Parameters
    ----------
    spec : ChaseSpec
        A 3.5 or pf1 chase.

    Returns
    -------
    ChasePlan

    References
    ----------
    D&D 3.5 SRD *Combat*: "Actions in Combat" (Move, Full Attack, Charge, Run, Withdraw), "Attacks of
    Opportunity", "Critical Hits"; *Injury and Death*; Pathfinder RPG CRB ch. 8 (the same actions).
    """
    gaps = [p.gap for p in spec.pursuers]
    to_safety = spec.distance
    attacks: list[ChaseAttack] = []
    positions = []
    escape = 0

    def attack(r, i, trigger, bonus=0, ac=spec.ac):
        p = spec.pursuers[i]
        attacks.append(ChaseAttack(round=r, pursuer=i, trigger=trigger, attack_bonus=p.attack_bonus + bonus,
                                   ac=ac, threat_low=p.threat_low, advantage=0, damage=p.damage,
                                   multiplier=p.crit_multiplier))

    for r in range(1, spec.rounds + 1):
        for i, p in enumerate(spec.pursuers):
            g = gaps[i]
            if g <= p.reach:  # full attack
                for _ in range(p.attacks):
                    attack(r, i, ON_TURN)
            elif g - p.speed <= p.reach:  # move, then a standard attack
                gaps[i] = max(5, g - p.speed)
                attack(r, i, ON_TURN)
            elif g - 2 * p.speed <= p.reach:  # charge: to the closest square it can attack from, +2
                gaps[i] = p.reach // 5 * 5
                attack(r, i, ON_TURN, bonus=2)
            else:  # run
                gaps[i] = max(5, g - 4 * p.speed)
        act = spec.actions[r - 1]
        ac = spec.ac - (max(0, spec.dex_bonus) if act == "run" else 0)
        for i, p in enumerate(spec.pursuers):
            g = gaps[i]
            if g <= p.reach and not (act == "withdraw" and g + 5 > p.reach):
                attack(r, i, OPPORTUNITY, ac=ac)
        moved = spec.speed * MOVES_35[act]
        to_safety -= moved
        gaps = [g + moved for g in gaps]
        positions.append((("round", r), ("to_safety", max(0, to_safety)), ("gaps", tuple(gaps))))
        if to_safety <= 0:
            escape = r
            break
    rule = DamageRule(edition=spec.edition, min_damage_1=True)
    return ChasePlan(spec=spec, attacks=tuple(attacks), escape_round=escape, positions=tuple(positions),
                     damage_rule=rule)
