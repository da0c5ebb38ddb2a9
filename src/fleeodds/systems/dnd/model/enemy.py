"""An enemy's table (``[[enemies]]``): its pydantic model, then the validated :class:`Enemy`."""


from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, Literal, Optional, Union

from pydantic import ConfigDict, Field

from ....dice import parse
from ....errors import InputError
from ....language import Message, N_
from ....validation import StrictModel
from ..plan.rules import is_5e, parse_threat_range
from .fields import INT_LIMIT, MAX_DICE_TEXT, F, Flag, Int, _validate, check_dice
from .presets import _merge_preset


class EnemyModel(StrictModel):
    """One threatening creature (``[[enemies]]``), in the order the runner leaves it."""

    model_config = ConfigDict(json_schema_extra={"title": N_("Enemy"), "description": N_(
        "One threatening creature (``[[enemies]]``), in the order the runner leaves it.")})

    preset: Optional[str] = F(None, N_("preset"),
                              N_("Shipped stat line whose fields this table overrides (e.g. srd35_orc_falchion)."))
    name: Optional[str] = F(None, N_("name"), N_("Name shown in reports."))
    attack_bonus: Optional[Union[Annotated[int, Field(ge=-20, le=60)], str,
                                 list[Annotated[int, Field(ge=-20, le=60)]]]] = F(
        None, N_("attack bonus"),
        N_("Bonus of the attack of opportunity (required unless the preset gives it). When it is uncertain: a "
           "list of equally likely values, a range '3-6' or dice '1d4+2': one run, the mixture (-20 to 60)."))
    damage: Optional[str] = F(None, N_("damage"),
                              N_("Damage dice, e.g. 2d4+4 (required unless the preset gives them)."), "hp",
                              max_length=MAX_DICE_TEXT)
    extra_damage: str = F("", N_("extra damage"),
                                    N_("Extra dice (sneak attack …): not multiplied on a 3.5/PF critical, doubled "
                                       "on a 5e critical (default '': none)."), "hp",
                          max_length=MAX_DICE_TEXT)
    threat_range: Union[int, str] = F(20, N_("threat range"),
                                                N_("'20', '19-20', '18-20' … or the lowest face (default 20). "
                                                   "5e: critical range, no confirmation."))
    crit_multiplier: int = F(2, N_("critical multiplier"),
                             N_("3.5/PF critical multiplier (default 2); not "
                                "in 5e (criticals double the dice)."), None, ge=2, le=6)
    reach: int = F(5, N_("reach"), N_("Reach in feet, a multiple of 5 (default 5)."), "ft",
                   ge=5, le=100, multiple_of=5)
    aoo_left: Int = F(None, N_("attacks of opportunity left"),
                      N_("Attacks of opportunity (5e: reactions) it can still make this round (default 1, "
                         "1 + Dex with Combat Reflexes)."), None, ge=0, le=20)
    combat_reflexes: Flag = F(False, N_("Combat Reflexes"),
                                        N_("3.5/PF: 1 + Dex bonus attacks of opportunity per round, even flat-footed."))
    dex_bonus: int = F(0, N_("Dexterity bonus"),
                       N_("3.5/PF: the Dex bonus that Combat Reflexes "
                          "adds to its attacks of opportunity (default 0)."), None, ge=-5, le=20)
    sentinel: Flag = F(False, N_("Sentinel"),
                                 N_("5e Sentinel (effect only): a hit stops the move; Disengage does not prevent "
                                    "its opportunity attack."))
    stand_still: Flag = F(False, N_("Stand Still"),
                                    N_("Pathfinder Stand Still: its attack of opportunity is a combat maneuver "
                                       "(cmb against the runner's CMD) that stops the move, when the runner moves "
                                       "through or out of a square adjacent to it (otherwise a normal attack); "
                                       "needs Combat Reflexes."))
    cmb: Int = F(None, N_("Combat Maneuver Bonus"),
                 N_("Pathfinder: required by stand_still."),
                 None, ge=-20, le=100)
    cmd: Int = F(None, N_("Combat Maneuver Defence"),
                 N_("Pathfinder: the Acrobatics DC to move through its threatened area."), None, ge=1, le=100)
    tumble_dc: Int = F(None, N_("Tumble / Acrobatics DC"),
                       N_("3.5/PF: the DC of the check against this foe, as the table sets it; it replaces the "
                          "computed DC (15 / 25 through its space, PF CMD / CMD + 5, +2 per foe after the first, +10 "
                          "at full speed). Default: computed."), None, ge=1, le=100)
    squares_left: Int = F(None, N_("threatened squares left"),
                          N_("3.5/PF: threatened squares of this enemy the runner leaves (default reach / 5, or 1); "
                             "still one attack of opportunity."), "squares", ge=1, le=20)
    threatens_start: Flag = F(True, N_("threatens the start square"),
                                        N_("It threatens the runner's starting square (default true); false: the "
                                           "runner passes through its threatened area later."))
    through_space: Flag = F(False, N_("through its space"),
                                      N_("3.5/PF: the runner tumbles through its space (DC 25 / CMD + 5; a failure "
                                         "stops the move)."))
    visible: Flag = F(True, N_("visible"),
                                N_("3.5/PF: the runner sees it (a retraite / withdraw protects the start square from "
                                   "visible foes only; default true)."))
    flat_footed: Flag = F(False, N_("flat-footed"),
                                    N_("3.5/PF: no attack of opportunity unless Combat Reflexes. 5e 2014: surprised, "
                                       "no reaction before its first turn ends (SRD 5.1 Combat, Surprise). 5e 2024: "
                                       "surprise only gives Disadvantage on Initiative, the foe keeps its reaction "
                                       "(SRD 5.2 Rules Glossary, Surprise): noted, no effect."))
    advantage: Flag = F(False, N_("advantage"), N_("5e: advantage on its attack roll."))
    disadvantage: Flag = F(False, N_("disadvantage"), N_("5e: disadvantage on its attack roll."))
    attacked_by_runner: Flag = F(False, N_("attacked by the runner"),
                                           N_("5e 2014: the runner attacked it this turn (Mobile then prevents its "
                                              "opportunity attack)."))
    simultaneous: Flag = F(False, N_("simultaneous"),
                                     N_("Leaving its reach happens in the same step as leaving the previous enemy's."))
    trip: Flag = F(False, N_("trips"),
                   N_("3.5/PF: its attack of opportunity is a trip attempt (3.5 SRD Combat, Trip: a melee touch "
                      "attack, then its trip_check opposed by the runner's trip_defence; PF1 CRB Combat, Trip: "
                      "trip_check against the runner's CMD). A tripped runner is prone and its move ends. Default "
                      "false."))
    trip_check: Int = F(None, N_("trip check"),
                        N_("3.5: its Strength check modifier for tripping (size and Improved Trip's +4 included); PF1: "
                           "its CMB for a trip (Improved Trip's +2 included). Required by trip."), None, ge=-20, le=100)
    improved_trip: Flag = F(False, N_("Improved Trip"),
                            N_("3.5 (SRD Feats, Improved Trip): after tripping the runner it makes a melee attack at "
                               "once, against the prone runner (-4 AC against melee). Default false."))
    polearm_master: Flag = F(False, N_("Polearm Master"),
                             N_("5e 2024 (PHB 2024, Polearm Master, Reactive Strike; effect only): it attacks, with "
                                "its reaction, a creature that enters its reach. With threatens_start = false the "
                                "runner enters it: the attack comes then, and it is no opportunity attack, so "
                                "Disengage does not prevent it (nor does Speedy give it disadvantage, nor does "
                                "Sentinel stop the move on its hit). Default false."))
    flanking: Flag = F(False, N_("flanking"),
                       N_("It flanks the runner with an ally on the opposite side when it attacks. 3.5/PF: +2 on its "
                          "attack roll (3.5 SRD Combat Modifiers / PF1 CRB Combat, Flanking). 5e: advantage with "
                          "options.flanking_5e = true only (an optional rule; default false)."))
    spring_attack_target: Flag = F(False, N_("Spring Attack target"),
                                   N_("3.5/PF: the runner (with the spring_attack feat) attacks this foe during its "
                                      "move: it makes no attack of opportunity for that movement (3.5 SRD Feats, "
                                      "Spring Attack; PF1 CRB Feats: not a foe adjacent at the start of the turn)."))
    attacks_on_turn: int = F(1, N_("attacks on its turn"),
                             N_("Attacks it makes on its own turn "
                                "if the runner stays (mode stay; default 1)."), "attacks", ge=0, le=10)
    on_hit: Literal["none", "prone", "grapple", "slow"] = F(
        "none", N_("rider on a hit"),
        N_("5e: prone (escapes slowed), grapple (stops the move), slow (-10 ft) (default none)."))
    on_hit_save_dc: Int = F(None, N_("save DC against the rider"),
                            N_("5e: saving throw DC against a prone rider (omit: no save)."),
                            None, ge=1, le=40)
    on_hit_save: Literal["str", "dex", "con"] = F(
        "str", N_("save ability"),
        N_("5e: ability of that save (default str)."))
    mastery: Literal["none", "push", "sap", "vex", "topple", "slow", "graze", "cleave", "nick"] = F(
        "none", N_("weapon mastery (2024)"),
        N_("5e 2024: the mastery property of the weapon of its opportunity attack (PHB 2024 ch. 6, Mastery "
           "Properties). push: a hit pushes the runner 10 ft away, out of other foes' reach (options.push_2024); "
           "vex: a hit that deals damage gives it advantage on its next attack roll against the runner (a second "
           "attack when the runner stays, attacks_on_turn >= 2). sap, cleave, nick act on nothing in this "
           "exchange (a note); graze: a miss still deals graze_damage; topple and slow are written with on_hit "
           "(refused, with the fields to use). Default none."))
    graze_damage: Int = F(None, N_("Graze damage"),
                          N_("5e 2024, mastery = 'graze': the damage a miss deals, the ability modifier of the attack "
                             "(PHB 2024 ch. 6, Graze). Default: the damage's flat modifier (3 in 1d12+3)."), "hp",
                          ge=0, le=100)
    count: int = F(1, N_("count"),
                   N_("Identical enemies passed one after the other (default 1)."), None, ge=1, le=20)
    ac: Int = F(None, N_("its Armour Class"),
                N_("Shown in presets only: the enemy's own AC plays no part in the exchange (noted if written)."),
                "AC", ge=0, le=INT_LIMIT)
    hp: Int = F(None, N_("its hit points"),
                N_("Shown in presets only: the enemy's own hit points play no part (noted if written)."),
                "hp", ge=0, le=INT_LIMIT)


# --------------------------------------------------------------------------- enemies


@dataclass(frozen=True)
class Enemy:
    """One threatening creature along the path, in the order the runner leaves it.

    Attributes
    ----------
    attack_bonus : int
        Bonus of the attack used for the AoO / OA (full bonus, no iterative penalty).
    damage : str
        Dice notation, e.g. ``"2d4+4"``.
    extra_damage : str
        Extra dice not multiplied on a 3.5/PF critical (sneak attack), ``""`` for none.
    threat_low : int
        Lowest face of the threat range (3.5/PF) or critical range (5e), 2-20.
    crit_multiplier : int
        3.5/PF critical multiplier, 2 to 6 (5e: always 2, the dice are doubled).
    reach : int
        Reach in feet (5, 10, 15 …).
    aoo_left : int
        Attacks of opportunity (5e: reactions) it can still make this round.
    combat_reflexes : bool
    dex_bonus : int
        3.5/PF: Combat Reflexes allows 1 + Dex bonus AoOs per round.
    sentinel : bool
        5e Sentinel (feat outside the SRD; effect only): a hit stops the move,
        and Disengage does not prevent its OA.
    stand_still : bool
        Pathfinder Stand Still: its AoO for movement is a combat maneuver
        (``cmb`` against the runner's CMD) that stops the move.
    cmb, cmd : int or None
        Pathfinder combat maneuver bonus and defence (Acrobatics DC = CMD).
    squares_left : int
        Threatened squares of this enemy the runner leaves (one opportunity however many).
    threatens_start : bool
        It threatens the runner's starting square (withdraw, 5-foot step, distracting actions, stay).
    through_space : bool
        The runner tumbles through its space (DC 25 / CMD + 5; a failure stops the move).
    visible : bool
        The runner can see it (withdraw only protects the start square from visible foes).
    flat_footed : bool
        3.5/PF: no AoO unless Combat Reflexes. 5e 2014: surprised, no reaction (SRD 5.1 *Combat*,
        "Surprise"). Noted in 5e 2024, where surprise only gives Disadvantage on Initiative (SRD 5.2
        *Rules Glossary*, "Surprise").
    advantage, disadvantage : bool
        5e attack roll modifiers (Pack Tactics, Faerie Fire, …).
    attacked_by_runner : bool
        5e 2014: the runner attacked it this turn (Mobile then prevents its OA).
    simultaneous : bool
        Leaving its reach happens in the same step as leaving the previous enemy's (5e).
    attacks_on_turn : int
        Attacks it makes on its own turn if the runner stays (mode ``stay``).
    on_hit : {"none", "prone", "grapple", "slow"}
        5e rider on a hit: prone (slows), grapple (stops), slow (-10 ft).
    on_hit_save_dc : int or None
        Saving throw DC against the rider (``None``: no save).
    on_hit_save : {"str", "dex", "con"}
    flanking : bool
        It flanks the runner: 3.5/PF +2 on its attack; 5e advantage with ``options.flanking_5e``.
    polearm_master : bool
        5e 2024 Polearm Master: a reaction attack when the runner enters its reach (not an OA).
    trip, trip_check, improved_trip
        3.5/PF: its AoO is a trip attempt (3.5: touch attack, then the opposed check; PF1: CMB vs CMD);
        3.5 Improved Trip: a melee attack on the tripped runner at once.
    mastery : str
        5e 2024 weapon mastery (PHB 2024 ch. 6).
    graze : int
        5e 2024 Graze: hit points a miss deals (0 without the mastery).
    """

    name: str = "enemy"
    attack_bonus: int = 0
    damage: str = "1d6"
    extra_damage: str = ""
    threat_low: int = 20
    crit_multiplier: int = 2
    reach: int = 5
    aoo_left: int = 1
    combat_reflexes: bool = False
    dex_bonus: int = 0
    sentinel: bool = False
    stand_still: bool = False
    cmb: int | None = None
    cmd: int | None = None
    tumble_dc: int | None = None
    squares_left: int = 1
    threatens_start: bool = True
    through_space: bool = False
    visible: bool = True
    flat_footed: bool = False
    advantage: bool = False
    disadvantage: bool = False
    attacked_by_runner: bool = False
    simultaneous: bool = False
    attacks_on_turn: int = 1
    spring_attack_target: bool = False
    flanking: bool = False
    polearm_master: bool = False
    trip: bool = False
    trip_check: int = 0
    improved_trip: bool = False
    mastery: str = "none"
    graze: int = 0
    on_hit: str = "none"
    on_hit_save_dc: int | None = None
    on_hit_save: str = "str"
    preset: str = ""


def parse_enemy(own: dict, edition: str, index: int, aoo_per_round: int | None) -> tuple[list[Enemy], dict]:
    """One ``[[enemies]]`` table (and its preset) -> ``count`` identical enemies.

    Raises
    ------
    InputError
        Naming ``enemies.<index>.<field>``: missing attack bonus or damage, dice that
        are not notation or never deal damage, a threat range other than ``N-20``,
        Stand Still without Combat Reflexes or CMB.
    """
    f = f"enemies.{index}."
    merged, meta = _merge_preset(own, "enemy", edition, f"enemies.{index}")
    m = _validate(EnemyModel, merged, f)
    if m.attack_bonus is None:
        raise InputError(f + "attack_bonus", None,
                         Message(N_("an integer attack bonus (required unless a preset gives it)")))
    if m.damage is None:
        raise InputError(f + "damage", None,
                         Message(N_("dice notation such as 2d4+4 (required unless a preset gives it)")))
    damage = check_dice(m.damage, f + "damage")
    # '' (the documented default) is "no extra damage", also over a preset's; blank text is a slip, refused
    if m.extra_damage and not m.extra_damage.strip():
        raise InputError(f + "extra_damage", m.extra_damage,
                         Message(N_("dice notation such as 1d6 ('' or no field for no extra damage)")))
    extra = check_dice(m.extra_damage, f + "extra_damage", "extra damage") if m.extra_damage else ""
    threat_low = parse_threat_range(m.threat_range, f + "threat_range")
    cr = m.combat_reflexes
    if is_5e(edition):
        default_aoo = 1
    else:
        default_aoo = 1 + max(0, m.dex_bonus) if cr else 1
    if aoo_per_round is not None:
        default_aoo = aoo_per_round
    aoo_left = default_aoo if m.aoo_left is None else m.aoo_left
    squares = (m.reach // 5 if m.threatens_start else 1) if m.squares_left is None else m.squares_left
    if m.stand_still and edition == "pf1":
        if not cr:
            raise InputError(f + "stand_still", True,
                             Message(N_("false unless combat_reflexes = true (Stand Still requires Combat "
                                        "Reflexes)")))
        if m.cmb is None:
            raise InputError(f + "cmb", None,
                             Message(N_("an integer combat maneuver bonus (required by stand_still)")))
    if m.trip and not is_5e(edition) and m.trip_check is None:
        raise InputError(f + "trip_check", None, Message(N_("an integer trip modifier (required by trip = true)")))
    name = m.name if m.name is not None else meta.get("name", f"enemy {index + 1}")
    enemy = Enemy(
        name=name, attack_bonus=m.attack_bonus, damage=damage, extra_damage=extra, threat_low=threat_low,
        crit_multiplier=m.crit_multiplier, reach=m.reach, aoo_left=aoo_left, combat_reflexes=cr,
        dex_bonus=m.dex_bonus, sentinel=m.sentinel, stand_still=m.stand_still, cmb=m.cmb, cmd=m.cmd,
        tumble_dc=m.tumble_dc,
        squares_left=squares, threatens_start=m.threatens_start, through_space=m.through_space,
        visible=m.visible, flat_footed=m.flat_footed, advantage=m.advantage, disadvantage=m.disadvantage,
        attacked_by_runner=m.attacked_by_runner, simultaneous=m.simultaneous, attacks_on_turn=m.attacks_on_turn,
        spring_attack_target=m.spring_attack_target, flanking=m.flanking, polearm_master=m.polearm_master,
        trip=m.trip, trip_check=m.trip_check or 0, improved_trip=m.improved_trip,
        mastery=m.mastery,
        graze=(0 if m.mastery != "graze" else (m.graze_damage if m.graze_damage is not None
                                               else max(0, parse(damage).constant))),
        on_hit=m.on_hit, on_hit_save_dc=m.on_hit_save_dc, on_hit_save=m.on_hit_save, preset=meta.get("preset", ""),
    )
    for key in ("ac", "hp"):
        if getattr(m, key) is not None:
            meta[key] = getattr(m, key)
    if m.count == 1:
        return [enemy], meta
    return [replace(enemy, name=f"{name} #{k + 1}") for k in range(m.count)], meta
