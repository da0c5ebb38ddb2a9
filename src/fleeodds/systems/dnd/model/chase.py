"""The ``[chase]`` table (5e, 3.5, Pathfinder 1e): the race to safety after leaving melee, its pydantic models and the
validated :class:`ChaseSpec`.

One straight line: the runner is ``distance`` feet from safety; each pursuer is ``gap`` feet behind it.
Movements are multiples of 5 ft (squares). See :mod:`..plan.chase` for the round structure.
"""


from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional, Union

from pydantic import ConfigDict

from ....language import Message, N_
from ....errors import InputError
from ....validation import StrictModel, inert, not_modelled
from ..plan.rules import parse_threat_range
from .fields import F, Flag, Int, _validate, check_dice
from .presets import _merge_preset

#: Runner choices each round (SRD 5.1 / 5.2 Actions: Dash, Disengage; a rogue's Cunning Action takes
#: Dash or Disengage as a bonus action: "dash+dash", "dash+disengage").
CHASE_ACTIONS = ("move", "dash", "disengage", "dash+disengage", "dash+dash")
#: 3.5 / Pathfinder 1e choices (3.5 SRD *Combat*, "Actions in Combat"; PF1 CRB ch. 8): a move action and a
#: standard action (move), a double move, a withdraw (full-round, twice the speed, the start square not
#: threatened), a run (full-round, four times the speed, Dex bonus to AC lost while running).
CHASE_ACTIONS_35 = ("move", "double_move", "withdraw", "run")
#: [chase] fields that are 5e only.
FIVE_E_ONLY = ("cunning_action", "after_exchange")
MAX_CHASE_ROUNDS = 20


class PursuerModel(StrictModel):
    """A pursuer of the chase (``[[chase.pursuers]]``)."""

    model_config = ConfigDict(json_schema_extra={"title": N_("Pursuer"), "description": N_(
        "A pursuer of the chase (``[[chase.pursuers]]``).")})

    preset: Optional[str] = F(None, N_("preset"),
                              N_("A 5e enemy preset (srd51_orc …) for its melee attack; fields override it."))
    name: Optional[str] = F(None, N_("name"), N_("Its name."))
    attack_bonus: Int = F(None, N_("attack bonus"), N_("Its attack bonus (melee, or ranged when "
                             "ranged = true)."),
                          None, ge=-20, le=60)
    damage: Optional[str] = F(None, N_("damage"), N_("Damage dice of a hit (e.g. 1d12+3)."))
    threat_range: Union[int, str] = F(20, N_("critical range"),
                                      N_("Faces that score a critical (20 or N-20)."))
    reach: int = F(5, N_("reach"), N_("Melee reach in feet (default 5)."),
                   "ft", ge=5, le=100, multiple_of=5)
    speed: int = F(30, N_("speed"), N_("Walking speed in feet (default 30)."), "ft", ge=5, le=300, multiple_of=5)
    gap: int = F(5, N_("gap"), N_("Feet between it and the runner when the chase starts (default 5: "
                    "adjacent)."), "ft", ge=5, le=5000, multiple_of=5)
    attacks: int = F(1, N_("attacks per turn"),
                     N_("Attacks of its Attack action (default 1)."),
                     "attacks", ge=1, le=6)
    aggressive: Flag = F(False, N_("Aggressive"),
                         N_("SRD 5.1 orc, Aggressive: as a bonus action it moves up to its speed toward a hostile "
                            "creature it can see (default false)."))
    ranged: Flag = F(False, N_("shoots"),
                     N_("It shoots instead of running after the runner: it stays put and attacks with "
                        "attack_bonus and damage while the runner is within long range (disadvantage beyond normal "
                        "range or within 5 ft); it makes no opportunity attack. Default false."))
    crit_multiplier: int = F(2, N_("critical multiplier"),
                             N_("3.5/PF: the weapon's critical multiplier (x2, x3, x4; default 2). 5e: a critical "
                                "doubles the dice."), None, ge=2, le=4)
    range_normal: int = F(80, N_("normal range"), N_("Ranged: normal range in feet (default 80)."), "ft", ge=5, le=2000)
    range_long: int = F(320, N_("long range"), N_("Ranged: long range in feet (default 320)."), "ft", ge=5, le=5000)
    range_increment: Int = F(None, N_("range increment"),
                             N_("3.5/PF, ranged = true: the weapon's range increment in feet (required there): -2 per "
                                "full increment beyond the first, "
                                "at most 10 increments (5 thrown)."), "ft", ge=5, le=1000, multiple_of=5)
    thrown: Flag = F(False, N_("thrown weapon"),
                     N_("3.5/PF, ranged = true: a thrown weapon (maximum range 5 increments instead of 10; default "
                        "false)."))
    precise_shot: Flag = F(False, N_("Precise Shot"),
                           N_("3.5/PF, ranged = true: no -4 for shooting at a runner engaged in melee (a melee "
                              "pursuer threatens it) (default false)."))
    trip: Flag = F(False, N_("trips"),
                   N_("3.5/PF: its attack of opportunity on the runner's move is a trip attempt (3.5 SRD Combat, "
                      "Trip: a melee touch attack against runner.touch_ac, then trip_check opposed by "
                      "runner.trip_defence; PF1 CRB Combat, Trip: trip_check against runner.cmd). A tripped runner "
                      "is prone where it stands and must stand up (a move action that provokes) before it moves "
                      "on. Default false."))
    trip_check: Int = F(None, N_("trip check"),
                        N_("3.5: its Strength check modifier for tripping (size and Improved Trip's +4 included); "
                           "PF1: its CMB for a trip "
                           "(Improved Trip's +2 included). Required by trip."), None, ge=-20, le=100)
    improved_trip: Flag = F(False, N_("Improved Trip"),
                            N_("3.5 (SRD Feats, Improved Trip): after tripping the runner it makes a melee attack "
                               "at once against the prone runner (-4 AC against melee). Default false."))
    combat_reflexes: Flag = F(False, N_("Combat Reflexes"),
                              N_("3.5/PF: 1 + dex_bonus attacks of opportunity per round instead of 1, at most one "
                                 "per opportunity (leaving its reach, standing up) (default false)."))
    dex_bonus: int = F(0, N_("Dexterity bonus"),
                       N_("3.5/PF: the Dex bonus Combat Reflexes adds "
                          "to its attacks of opportunity (default 0)."), None, ge=-5, le=20)


class ChaseModel(StrictModel):
    """The ``[chase]`` table: the race to safety, round by round (5e, 3.5, Pathfinder 1e)."""

    model_config = ConfigDict(json_schema_extra={"title": N_("Chase"), "description": N_(
        "The ``[chase]`` table: the race to safety, round by round (5e, 3.5, Pathfinder 1e).")})

    rounds: int = F(3, N_("rounds"), N_("Rounds followed (default 3); not safe after them: still chased."), "rounds",
                    ge=1, le=MAX_CHASE_ROUNDS)
    distance: int = F(60, N_("distance to safety"),
                      N_("Feet from the runner to safety when the chase starts (default 60)."), "ft",
                      ge=5, le=5000, multiple_of=5)
    speed: int = F(30, N_("runner's "
                          "speed"), N_("The runner's speed "
                                                "in feet (default 30)."), "ft", ge=5, le=300, multiple_of=5)
    actions: Union[str, list[str]] = F(
        "dash", N_("runner's choice each round"),
        N_("One choice for every round, or a list, one per round. 5e: move, dash (twice the speed), disengage (no "
           "opportunity attack), and with cunning_action dash+disengage or dash+dash (three times the speed); "
           "default dash. 3.5/PF: move, double_move, withdraw (twice the speed, the start square not "
           "threatened), run (four times the speed, Dex bonus to AC lost); default double_move."))
    cunning_action: Flag = F(False, N_("Cunning Action"),
                             N_("Rogue (SRD 5.1 / 5.2): Dash or Disengage as a bonus action (default false)."))
    difficult_terrain: Flag = F(False, N_("difficult terrain"),
                                N_("The whole way is difficult terrain: every foot costs 2 (SRD 5.1 / 5.2 Difficult "
                                   "Terrain), for everyone; 3.5/PF: nobody runs or charges across it (3.5 SRD Combat, "
                                   "Movement, Hampered Movement) (default false)."))
    after_exchange: Flag = F(False, N_("the exchange first"),
                             N_("5e: the chase starts with the exchange of leaving melee described by the scenario's "
                                "mode, [[enemies]] and [options] (as situation leave_melee, metric damage): the "
                                "runner's hit points after it start the chase; down, dead or stopped in it: the "
                                "chase's outcome in round 0; prone after it (a Topple or prone rider): it stands up "
                                "in round 1, half its speed (default false: the chase starts from runner.hp)."))
    death_saves: Flag = F(False, N_("death saves"),
                          N_("5e: a runner dropped to 0 HP is followed to the last round: it lies where it fell and "
                             "rolls a death saving throw at the start of each of its turns (natural 20: back up at "
                             "1 HP; three successes: stable; three failures: dead); see attack_downed. 3.5/PF: a "
                             "dying runner (negative HP) is followed the same way: each of its turns it stabilises "
                             "on a 10% roll (3.5) or a DC 10 Constitution check with its negative HP as a penalty "
                             "(PF1; natural 20 succeeds), else it loses 1 HP; dead at -10 (3.5) or -Con (PF1); "
                             "at exactly 0 HP: disabled "
                             "(default false: the chase ends at the drop, down)."))
    attack_downed: Optional[bool] = F(None, N_("attacks on the downed runner"),
                            N_("With death_saves: the pursuers keep coming for the downed runner and attack it "
                               "(Advantage, a hit from within 5 ft is a critical; a hit marks one failure, a "
                               "critical two, damage at least the hit point maximum kills; a stable runner hit "
                               "starts its saves again) (default true in 5e; false: they leave it alone). 3.5/PF: "
                               "false, the default there (the pursuers' coup de grace is not modelled)."))
    pursuers: Optional[list[PursuerModel]] = F(None, N_("pursuers"),
                                               N_("The creatures running after the runner, in the order they act "
                                                  "(required, 1 to 10)."), None, min_length=1, max_length=10)


@dataclass(frozen=True)
class Pursuer:
    """A validated pursuer (see :class:`PursuerModel`; distances in feet)."""

    name: str
    attack_bonus: int
    damage: str
    threat_low: int
    reach: int
    speed: int
    gap: int
    attacks: int
    aggressive: bool
    ranged: bool
    range_normal: int
    range_long: int
    crit_multiplier: int = 2
    trip: bool = False
    trip_check: int = 0
    improved_trip: bool = False
    aoo_per_round: int = 1
    range_increment: int = 0
    thrown: bool = False
    precise_shot: bool = False


@dataclass(frozen=True)
class ChaseSpec:
    """A validated chase: the runner's state, the way, the pursuers.

    Attributes
    ----------
    edition : str
        ``"5e2014"``, ``"5e2024"``, ``"3.5"`` or ``"pf1"``.
    hp, hp_max, ac : int
        The runner's hit points (at the start of the chase), maximum, Armour Class.
    resistance : bool
        Resistance to the pursuers' damage (halved, rounded down).
    rounds, distance, speed : int
    actions : tuple of str
        The runner's choice each round (one per round).
    difficult_terrain : bool
    pursuers : tuple of Pursuer
    death_saves : bool
        Follow a downed runner's death saves to the last round (SRD 5.1 "Death Saving Throws").
    dead_at : int or None
        3.5/PF: hit points at or below which the runner is dead (3.5 -10, PF -Con); ``None`` in 5e.
    dex_bonus : int
        3.5/PF: the runner's Dexterity bonus to AC (lost while running).
    attack_downed : bool
        With ``death_saves``: the pursuers attack the downed runner (:func:`..plan.chase.downed_steps`).
    after_exchange : bool
        The chase starts with the scenario's exchange of leaving melee (:mod:`..scenarios.chase`).
    touch_ac, trip_defence : int
        3.5/PF, against a pursuer's trip: 3.5 the touch AC and the opposed check's modifier; PF1 the CMD
        in ``trip_defence``.
    con : int
        Pathfinder: the Constitution score (its modifier in the dying runner's DC 10 check).

    References
    ----------
    SRD 5.1 *Combat* / SRD 5.2 *Playing the Game*: "Movement and Position", "Dash", "Disengage",
    "Opportunity Attacks", "Difficult Terrain"; SRD 5.1 Orc, "Aggressive".
    """

    edition: str
    hp: int
    hp_max: int
    ac: int
    resistance: bool
    rounds: int
    distance: int
    speed: int
    actions: tuple[str, ...]
    difficult_terrain: bool
    pursuers: tuple[Pursuer, ...]
    death_saves: bool = False
    after_exchange: bool = False
    attack_downed: bool = True
    dead_at: int | None = None
    dex_bonus: int = 0
    touch_ac: int = 10
    trip_defence: int = 0
    con: int = 10


def parse_chase(raw: dict, edition: str, hp: int, hp_max: int, ac: int, resistance: bool,
                dead_at: int | None = None, dex_bonus: int = 0, touch_ac: int | None = None,
                trip_defence: int | None = None, con: int = 10) -> ChaseSpec:
    """Validate the ``[chase]`` table.

    Raises
    ------
    InputError
        Naming ``chase.<field>``: a choice that is not allowed (or a Cunning Action one without
        ``cunning_action``), more choices than rounds, a pursuer without attack bonus or damage,
        a long range shorter than the normal one.
    """
    m = _validate(ChaseModel, raw, "chase.")
    five = edition.startswith("5e")
    if not five:
        for key in FIVE_E_ONLY:
            if raw.get(key) is True:
                raise InputError(f"chase.{key}", True, Message(N_("false in 3.5/PF (5e only in the chase: the rogue's "
                                                                  "Cunning Action; the exchange before the chase)")))
        if raw.get("attack_downed") is True and m.death_saves:
            raise not_modelled("chase.attack_downed", True, Message(N_("3.5/PF: the pursuers finishing off the dying "
                                                                       "runner; false, the default there, leaves it "
                                                                       "where it fell")))
        if raw.get("attack_downed") is True:
            inert("chase.attack_downed", True, Message(N_("unless chase.death_saves = true (the chase ends at the "
                                                          "drop)")))
        m = m.model_copy(update={"attack_downed": False})
        if "actions" not in raw:
            m = m.model_copy(update={"actions": "double_move"})
    elif m.attack_downed is None:
        m = m.model_copy(update={"attack_downed": True})
    allowed = CHASE_ACTIONS if five else CHASE_ACTIONS_35
    acts = [m.actions] * m.rounds if isinstance(m.actions, str) else list(m.actions)
    field_ = "chase.actions"
    if not isinstance(m.actions, str) and len(acts) != m.rounds:
        raise InputError(field_, acts, Message(N_("one choice or a list of {n} (one per round: chase.rounds)"),
                                               n=m.rounds))
    for i, a in enumerate(acts):
        where = field_ if isinstance(m.actions, str) else f"{field_}.{i}"
        if a not in allowed:
            raise InputError(where, a, Message(N_("one of {choices}"), choices=", ".join(repr(x) for x in allowed)))
        if a == "run" and m.difficult_terrain:
            raise InputError(where, a, Message(N_("'move', 'double_move' or 'withdraw' with chase.difficult_terrain = "
                                                  "true (no run across difficult terrain)")))
        if "+" in a and not m.cunning_action:
            raise InputError(where, a, Message(N_("'move', 'dash' or 'disengage' unless chase.cunning_action = true "
                                                  "(a bonus action Dash or Disengage is the rogue's Cunning Action)")))
    if m.pursuers is None:
        raise InputError("chase.pursuers", None, Message(N_("a list of [[chase.pursuers]] tables (at least one; "
                                                            "required)")))
    pursuers = []
    for i, own in enumerate(raw.get("pursuers") or []):
        f = f"chase.pursuers.{i}."
        merged, meta = _merge_preset(own, "enemy", edition, f"chase.pursuers.{i}")
        keep = {k: v for k, v in merged.items() if k in PursuerModel.model_fields}
        p = _validate(PursuerModel, keep, f)
        if p.attack_bonus is None:
            raise InputError(f + "attack_bonus", None, Message(N_("an integer attack bonus (required unless a preset "
                                                                  "gives it)")))
        if p.damage is None:
            raise InputError(f + "damage", None, Message(N_("dice notation such as 1d12+3 (required unless a preset "
                                                            "gives it)")))
        if not five and p.aggressive:
            raise InputError(f + "aggressive", True, Message(N_("false in 3.5/PF (the 5e orc's Aggressive)")))
        if not five and p.ranged and p.range_increment is None:
            raise InputError(f + "range_increment", None, Message(N_("the weapon's range increment in feet (required "
                                                                     "by ranged = true in 3.5/PF)")))
        for key in ("thrown", "precise_shot"):
            if getattr(p, key) and (five or not p.ranged):
                raise InputError(f + key, True, Message(N_("false unless ranged = true in 3.5/PF (5e: range_normal and "
                                                           "range_long)")))
        if p.range_increment is not None and (five or not p.ranged):
            inert(f + "range_increment", p.range_increment, Message(N_("unless ranged = true in 3.5/PF (5e: "
                                                                       "range_normal and range_long)")))
        for key, default in (("range_normal", 80), ("range_long", 320)):
            if not five and getattr(p, key) != default:
                inert(f + key, getattr(p, key), Message(N_("in 3.5/PF (range_increment gives the range)")))
        for key in ("trip", "improved_trip", "combat_reflexes"):
            if five and getattr(p, key):
                raise InputError(f + key, True, Message(N_("false in 5e (3.5/PF only: a 5e trip is a prone rider of "
                                                           "the exchange, on_hit = 'prone')")))
        if p.improved_trip and edition == "pf1":
            raise InputError(f + "improved_trip", True, Message(N_("false in Pathfinder 1e (its Improved Trip gives "
                                                                   "no free attack; put its +2 in trip_check)")))
        if p.dex_bonus and not p.combat_reflexes:
            inert(f + "dex_bonus", p.dex_bonus, Message(N_("unless combat_reflexes = true (the chase reads a "
                                                           "pursuer's Dex bonus for its extra attacks of opportunity "
                                                           "only)")))
        if p.improved_trip and not p.trip:
            raise InputError(f + "improved_trip", True, Message(N_("false unless trip = true")))
        if p.trip and p.trip_check is None:
            raise InputError(f + "trip_check", None, Message(N_("an integer trip modifier (required by trip = true)")))
        if p.trip and edition == "pf1" and trip_defence is None:
            raise InputError("runner.cmd", None, Message(N_("an integer CMD (required when "
                                                            "a pursuer has trip = true)")))
        if five and p.crit_multiplier != 2:
            inert(f + "crit_multiplier", p.crit_multiplier, Message(N_("in 5e (a critical doubles the dice)")))
        if p.range_long < p.range_normal:
            raise InputError(f + "range_long", p.range_long, Message(N_("an integer >= range_normal ({normal})"),
                                                                     normal=p.range_normal))
        pursuers.append(Pursuer(
            name=p.name or meta.get("name", f"pursuer {i + 1}"), attack_bonus=p.attack_bonus,
            damage=check_dice(p.damage, f + "damage"), threat_low=parse_threat_range(p.threat_range, f + "threat_range"),
            reach=p.reach, speed=p.speed, gap=p.gap, attacks=p.attacks, aggressive=p.aggressive, ranged=p.ranged,
            range_normal=p.range_normal, range_long=p.range_long, crit_multiplier=p.crit_multiplier,
            trip=p.trip, trip_check=p.trip_check or 0, improved_trip=p.improved_trip,
            aoo_per_round=1 + max(0, p.dex_bonus) if p.combat_reflexes else 1,
            range_increment=p.range_increment or 0, thrown=p.thrown, precise_shot=p.precise_shot))
    if raw.get("attack_downed") is False and not m.death_saves:
        inert("chase.attack_downed", False, Message(N_("unless chase.death_saves = true (the chase ends at the drop)")))
    return ChaseSpec(edition=edition, hp=hp, hp_max=hp_max, ac=ac, resistance=resistance, rounds=m.rounds,
                     distance=m.distance, speed=m.speed, actions=tuple(acts), difficult_terrain=m.difficult_terrain,
                     pursuers=tuple(pursuers), death_saves=m.death_saves, after_exchange=m.after_exchange,
                     attack_downed=m.attack_downed, dead_at=dead_at, dex_bonus=dex_bonus,
                     touch_ac=touch_ac if touch_ac is not None else 10 + dex_bonus,
                     trip_defence=trip_defence if trip_defence is not None else dex_bonus, con=con)
