"""The ``[fight]`` section of a Warhammer scenario (situation ``fight``): the two units, who
charged, where, and the close-combat rules options, as written.

The rules that turn it into numbers are in :mod:`..plan.combat` (docs/warhammer_combat.md).
Units: models, files (models per rank), wounds; characteristics as on the profile.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import ConfigDict, field_validator, model_validator

from ....errors import InputError
from ....language import Message, N_
from ....validation import not_modelled

from .base import RULES, RULES_SCHEMA, TROOP_TYPES, F, _Strict

WEAPONS = ("hand_weapon", "great_weapon", "spear", "halberd", "lance", "additional_hand_weapon", "flail")
#: Weapons that need both hands in close combat: a shield is of no use with them.
TWO_HANDED = ("great_weapon", "halberd", "additional_hand_weapon", "flail")
#: Mounted troop types (lance, cavalry spear; no hand-weapon-and-shield bonus).
MOUNTED = ("cavalry", "monstrous_cavalry", "chariot", "light_cavalry", "heavy_cavalry", "light_chariot",
           "heavy_chariot")
#: Fields a player may write that fleeodds does not model yet (refused by name).
NOT_MODELLED = {"character": N_("a single 'character' table (write characters = [{...}])"),
                "challenge": N_("a unit's challenge (write fight.challenge)"),
                "magic_items": N_("magic items"), "magic_weapon": N_("magic weapons"),
                "magic_banner": N_("magic banners")}
SIDES = ("unit", "enemy")


class FightMount(_Strict):
    """A cavalry unit's mounts: each fighting model's mount strikes with its own profile; barding."""

    model_config = ConfigDict(json_schema_extra={"title": N_("FightMount"), "description": N_(
        "A cavalry unit's mounts: each fighting model's mount strikes with its own profile; barding.")})

    name: Optional[str] = F(None, t=N_("Mount"), d=N_("The mount's name (default: the profile's)."))
    weapon_skill: Optional[int] = F(None, ge=1, le=10, t=N_("Mount's Weapon Skill (WS)"),
                                    d=N_("The mount's WS, 1 to 10 (default: the profile's mount)."))
    strength: Optional[int] = F(None, ge=1, le=10, t=N_("Mount's Strength (S)"),
                                d=N_("The mount's S, 1 to 10; the rider's weapon does not change it."))
    initiative: Optional[int] = F(None, ge=1, le=10, t=N_("Mount's Initiative (I)"),
                                  d=N_("The mount's I, 1 to 10: it strikes at its own Initiative."))
    attacks: Optional[int] = F(None, ge=0, le=10, t=N_("Mount's Attacks (A)"),
                               d=N_("The mount's A, 0 to 10 (0: a mount that does not attack)."))
    barding: bool = F(False, t=N_("Barding"),
                      d=N_("The mount wears barding: +1 to the rider's armour save (6th, 7th, 8th, TOW)."))
    armour_piercing: int = F(0, ge=0, le=6, t=N_("Mount's armour piercing (TOW)"),
                             d=N_("TOW: the mount's own AP (e.g. 1 for AP -1)."))


class FightChampion(_Strict):
    """The unit's champion: one of its models, in the front rank, striking with its own profile."""

    model_config = ConfigDict(json_schema_extra={"title": N_("FightChampion"), "description": N_(
        "The unit's champion: one of its models, in the front rank, striking with its own profile.")})

    name: Optional[str] = F(None, t=N_("Champion's name"),
                            d=N_("The champion's name (default: champion)."))
    weapon_skill: Optional[int] = F(None, ge=1, le=10, t=N_("Champion's Weapon Skill (WS)"),
                                    d=N_("Default: the unit's."))
    strength: Optional[int] = F(None, ge=1, le=10, t=N_("Champion's Strength (S)"),
                                d=N_("Before the unit's weapon bonus (default: the unit's)."))
    initiative: Optional[int] = F(None, ge=1, le=10, t=N_("Champion's Initiative (I)"), d=N_("Default: the unit's."))
    attacks: Optional[int] = F(None, ge=1, le=10, t=N_("Champion's Attacks (A)"),
                               d=N_("Default: the unit's plus one (the army books' champions)."))


class FightCharacter(_Strict):
    """A character on foot who has joined the unit: in its front rank, with his own profile and
    equipment (docs/warhammer_combat.md §12)."""

    model_config = ConfigDict(json_schema_extra={"title": N_("FightCharacter"), "description": N_(
        "A character on foot who has joined the unit: in its front rank, with his own profile and\nequipment "
        "(docs/warhammer_combat.md §12).")})

    name: str = F("character", min_length=1, t=N_("Character's name"),
                  d=N_("For display."))
    weapon_skill: int = F(ge=1, le=10, t=N_("Weapon Skill (WS)"),
                          d=N_("The character's WS, 1 to 10."))
    strength: int = F(ge=1, le=10, t=N_("Strength (S)"),
                      d=N_("The character's S, 1 to 10, before his weapon's bonus."))
    toughness: int = F(ge=1, le=10, t=N_("Toughness (T)"),
                       d=N_("The character's T, 1 to 10 (in a challenge)."))
    wounds: int = F(ge=1, le=10, t=N_("Wounds (W)"),
                    d=N_("The character's W, 1 to 10 (in a challenge)."))
    initiative: int = F(ge=1, le=10, t=N_("Initiative (I)"),
                        d=N_("The character's I, 1 to 10: he strikes at his own."))
    attacks: int = F(ge=1, le=10, t=N_("Attacks (A)"), d=N_("The character's A, 1 to 10."))
    leadership: Optional[int] = F(None, ge=0, le=10, unit="Ld", t=N_("Leadership (Ld)"),
                                  d=N_("The unit tests on the highest Leadership among its models."))
    weapon: Literal[WEAPONS] = F(  # type: ignore[valid-type]
        "hand_weapon", t=N_("Close combat weapon"),
        d=N_("As the unit's weapon (on foot: no lance)."))
    shield: bool = F(False, t=N_("Shield"), d=N_("As the unit's shield (in a challenge)."))
    armour_save: Optional[int] = F(None, ge=1, le=6, t=N_("Armour save"),
                                   d=N_("Without the shield (in a challenge); omit for none."))
    ward_save: Optional[int] = F(None, ge=2, le=6, t=N_("Ward save"),
                                 d=N_("In a challenge; omit for none."))
    look_out_sir: bool = F(
        False, t=N_("Look Out Sir"),
        d=N_("Accepted with a note in a fight: Look Out Sir saves a character from shooting and template hits, not "
             "from close-combat blows (6th, 7th, 8th, TOW; docs/warhammer_combat.md §12)."))


class FightBeasts(_Strict):
    """The beasts that draw a chariot: how many, and their close-combat profile."""

    model_config = ConfigDict(json_schema_extra={"title": N_("FightBeasts"), "description": N_(
        "The beasts that draw a chariot: how many, and their close-combat profile.")})

    count: int = F(2, ge=0, le=6, t=N_("Beasts per chariot"), d=N_("0 to 6."))
    weapon_skill: int = F(3, ge=1, le=10, t=N_("Beasts' Weapon Skill (WS)"),
                          d=N_("1 to 10."))
    strength: int = F(3, ge=1, le=10, t=N_("Beasts' Strength (S)"), d=N_("1 to 10."))
    initiative: int = F(3, ge=1, le=10, t=N_("Beasts' Initiative (I)"),
                        d=N_("1 to 10."))
    attacks: int = F(1, ge=0, le=10, t=N_("Beasts' Attacks (A)"), d=N_("0 to 10."))


class FightChariot(_Strict):
    """A chariot unit's parts: crew (the unit's profile), beasts and impact hits (docs/warhammer_combat.md §14)."""

    model_config = ConfigDict(json_schema_extra={"title": N_("FightChariot"), "description": N_(
        "A chariot unit's parts: crew (the unit's profile), beasts and impact hits (docs/warhammer_combat.md "
        "§14).")})

    crew: int = F(2, ge=1, le=6, t=N_("Crew per chariot"),
                  d=N_("Crewmen per chariot, each striking with the unit's WS, S, I, A and weapon."))
    beasts: FightBeasts = F(FightBeasts(), t=N_("Chariot beasts"),
                            d=N_("The beasts drawing each chariot."))
    impact_hits: Literal["D6", "D3", "none"] = F(
        "D6", t=N_("Impact hits"),
        d=N_("Hits each chariot in contact inflicts when it charged (default D6)."))
    strength: int = F(5, ge=1, le=10, t=N_("Chariot's Strength (S)"),
                      d=N_("Strength of the impact hits (the chariot's own, default 5)."))


class FightUnit(_Strict):
    """One of the two units in the fight: its profile, size, formation, equipment and command."""

    model_config = ConfigDict(json_schema_extra={"title": N_("FightUnit"), "description": N_(
        "One of the two units in the fight: its profile, size, formation, equipment and command.")})

    profile: Optional[str] = F(None, t=N_("Profile"),
                               d=N_("Name of a shipped profile or of one in profiles_file (case-insensitive)."))
    name: Optional[str] = F(None, t=N_("Name"), d=N_("The unit's name, for display."))
    movement: Optional[int] = F(None, ge=0, le=20, unit="in", t=N_("Movement (M)"),
                                d=N_("Movement, 0 to 20 inches (flee and pursuit after the fight)."))
    leadership: Optional[int] = F(None, ge=0, le=10, unit="Ld", t=N_("Leadership (Ld)"),
                                  d=N_("Leadership, 0 to 10 (the Break test of the loser)."))
    weapon_skill: Optional[int] = F(None, ge=1, le=10, t=N_("Weapon Skill (WS)"),
                                    d=N_("Weapon Skill, 1 to 10: to hit by the WS table (3+ above the foe's, "
                                         "5+ when the foe's is more than double, else 4+)."))
    strength: Optional[int] = F(None, ge=1, le=10, t=N_("Strength (S)"),
                                d=N_("Strength, 1 to 10, before weapon bonuses (to wound against Toughness; "
                                     "6th-8th armour modifier)."))
    toughness: Optional[int] = F(None, ge=1, le=10, t=N_("Toughness (T)"),
                                 d=N_("Toughness, 1 to 10."))
    wounds: Optional[int] = F(None, ge=1, le=10, t=N_("Wounds (W)"),
                              d=N_("Wounds of one model, 1 to 10: a model is removed when it has taken that "
                                   "many."))
    initiative: Optional[int] = F(None, ge=1, le=10, t=N_("Initiative (I)"),
                                  d=N_("Initiative, 1 to 10 (strike order)."))
    attacks: Optional[int] = F(None, ge=1, le=10, t=N_("Attacks (A)"),
                               d=N_("Attacks of one model, 1 to 10."))
    troop_type: Optional[Literal[TROOP_TYPES]] = F(  # type: ignore[valid-type]
        None, t=N_("Troop type"),
        d=N_("Troop type (default: the profile's, else infantry): mounted units use lances and cavalry spears "
             "and get no hand-weapon-and-shield bonus; Unit Strength by type."))
    rules: Optional[tuple[str, ...]] = F(None, strict=False, json_schema_extra=RULES_SCHEMA,
                                         t=N_("Special rules"),
                                         d=N_("The unit's special rules (replace the profile's); frenzy adds "
                                              "an Attack, fear/terror matter to the Break test, fast_cavalry "
                                              "claims no rank bonus; hatred, always_strikes_first/last, "
                                              "poisoned_attacks, killing_blow, regeneration act in the round "
                                              "(docs/warhammer_combat.md §15)."))
    extra_rules: tuple[str, ...] = F((), strict=False, json_schema_extra=RULES_SCHEMA,
                                     t=N_("Extra special rules"),
                                     d=N_("Special rules added to the profile's."))
    models: int = F(20, ge=1, le=200, unit="models", t=N_("Models"),
                    d=N_("Models in the unit when the fight starts."))
    models_start: Optional[int] = F(None, ge=1, le=1000, unit="models", t=N_("Models at the start of the battle"),
                                    d=N_("For the rally casualty limits after a flight (default: models)."))
    files: int = F(5, ge=1, le=50, unit="models", t=N_("Files (models per rank)"),
                   d=N_("Models in each rank: the front rank's width; casualties come from the rear."))
    fighting_files: Optional[int] = F(
        None, ge=1, le=50, unit="models", t=N_("Models in base contact"),
        d=N_("Models of the front (or the charged side) in base contact with the enemy (default: see "
             "docs/warhammer_combat.md, same-size bases)."))
    weapon: Literal[WEAPONS] = F(  # type: ignore[valid-type]
        "hand_weapon", t=N_("Close combat weapon"),
        d=N_("hand_weapon, great_weapon (+2 S, strikes last), spear, halberd (+1 S), lance (+2 S on the "
             "charge, mounted), additional_hand_weapon (+1 A), flail (+2 S in the first round)."))
    shield: bool = F(False, t=N_("Shield"),
                     d=N_("+1 armour save; with a hand weapon on foot, the edition's close-combat bonus (6th/7th "
                          "+1 more, 8th 6+ parry ward save)."))
    armour_save: Optional[int] = F(None, ge=1, le=6, t=N_("Armour save"),
                                   d=N_("Armour save from armour, without the shield (e.g. 5 for 5+); omit for "
                                        "none. A unit with a mount (its own or its profile's): the rider's "
                                        "armour only, fleeodds adds the mount's and the barding's bonus; "
                                        "without one: the whole save, mount included."))
    ward_save: Optional[int] = F(None, ge=2, le=6, t=N_("Ward save"),
                                 d=N_("Ward save (e.g. 5 for 5+), never modified; omit for none."))
    armour_piercing: int = F(0, ge=0, le=6, t=N_("Armour piercing (TOW, 8th)"),
                             d=N_("TOW: the model's own AP added to its weapon's (e.g. 1 for AP -1); 8th: Armour "
                                  "Piercing, -1 more to the enemy's armour save per point."))
    unit_strength: Optional[int] = F(None, ge=1, le=20, t=N_("Unit Strength per model"),
                                     d=N_("Unit Strength of one model (default by troop type: infantry 1, "
                                          "cavalry 2, monstrous 3, chariot 4, monster its Wounds)."))
    mount: Optional[FightMount] = F(None, t=N_("Mount"),
                                    d=N_("Cavalry: the mounts' profile (default: the profile's mount, if any); "
                                         "each mount of a fighting model strikes with its own WS, S, I and A."))
    champion: Optional[FightChampion] = F(
        None, t=N_("Unit champion"),
        d=N_("A champion among the models, in the front rank (an empty table: the unit's profile with +1 "
             "Attack); enemy attacks fall on the rank and file, the champion being removed last."))
    characters: tuple[FightCharacter, ...] = F(
        (), strict=False, max_length=2, t=N_("Characters in the unit"),
        d=N_("Up to two characters on foot in the front rank, each in place of a rank-and-file fighter; enemy "
             "attacks fall on the rank and file (docs/warhammer_combat.md §12)."))
    chariot: Optional[FightChariot] = F(
        None, t=N_("Chariot"),
        d=N_("troop_type chariot: crew, beasts and impact hits (the unit's WS, S, I, A are the crew's; T, W and "
             "armour the chariot's)."))
    standard: bool = F(False, t=N_("Standard bearer"),
                       d=N_("+1 combat result."))
    musician: bool = F(False, t=N_("Musician"),
                       d=N_("Wins a drawn combat by 1 if the enemy has none (TOW: option tow_musician)."))
    battle_standard: bool = F(False, t=N_("Battle Standard Bearer in the unit"),
                              d=N_("+1 combat result (6th/7th: not added to a unit standard's +1) and the "
                                   "edition's Break test re-roll (its own attacks are not counted)."))
    general_leadership: Optional[int] = F(None, ge=0, le=10, unit="Ld", t=N_("General's Leadership"),
                                          d=N_("Ld of the General in range, used when higher for the Break and "
                                               "rally tests."))

    @model_validator(mode="before")
    @classmethod
    def _refused(cls, data):
        if isinstance(data, dict):
            for key, what in NOT_MODELLED.items():
                if key in data:
                    raise not_modelled(key, data[key], Message(what))
        return data

    @field_validator("rules", "extra_rules")
    @classmethod
    def _known_rules(cls, v):
        for i, r in enumerate(v or ()):
            if r not in RULES:  # named by its place in the list: fight.unit.rules.0
                raise InputError(str(i), r, Message(N_("one of {choices}"), choices=", ".join(RULES)))
        return v


class FightOptions(_Strict):
    """Close-combat rules questions; ``None`` means the edition's default (docs/warhammer_combat.md)."""

    model_config = ConfigDict(json_schema_extra={"title": N_("FightOptions"), "description": N_(
        "Close-combat rules questions; ``None`` means the edition's default (docs/warhammer_combat.md).")})

    charge_strikes_first: Optional[bool] = F(
        None, t=N_("Chargers strike first"),
        d=N_("In the first round the charging unit strikes first whatever its Initiative or weapon (default: "
             "6th and 7th yes, 8th and TOW no: TOW chargers gain Initiative instead, fight.charge_distance)."))
    equal_initiative: Optional[Literal["roll_off", "simultaneous", "unit_first", "enemy_first"]] = F(
        None, t=N_("Equal Initiative"),
        d=N_("Two units striking at the same Initiative: a dice roll-off decides who strikes first (6th/7th "
             "default), they strike simultaneously (8th/TOW default), or the side that won the previous round "
             "strikes first (6th/7th: unit_first, enemy_first)."))
    spear_ranks_on_charge: Optional[bool] = F(
        None, t=N_("Spears fight in ranks on the charge"),
        d=N_("Whether infantry spears fight in an extra rank in the turn the unit charged (default: no in every "
             "edition; TOW's thrusting spear cannot make supporting attacks in a turn it charged)."))
    rank_width: Optional[int] = F(None, ge=1, le=10, unit="models", t=N_("Models for a rank"),
                                  d=N_("Models a rank needs to count for the rank bonus (default: 6th 4, 7th and "
                                       "8th 5, TOW by troop type: 5, heavy infantry and cavalry 4, monstrous 3)."))
    max_rank_bonus: Optional[int] = F(None, ge=0, le=10, t=N_("Most rank bonus"),
                                      d=N_("Highest rank bonus (default: 3; TOW by troop type: infantry 2, "
                                           "cavalry and light chariots 1, others 0)."))
    ranks_counted: Optional[Literal["start", "end"]] = F(
        None, t=N_("Ranks counted"),
        d=N_("Ranks for the bonus counted at the start of the round (6th/7th default) or after the casualties "
             "(8th/TOW default)."))
    outnumber_bonus: Optional[bool] = F(
        None, t=N_("Outnumber bonus"),
        d=N_("+1 to the side with the higher Unit Strength after the casualties (default: 6th/7th yes, 8th and "
             "TOW no)."))
    tow_combat_order_bonus: bool = F(
        True, t=N_("TOW Combat Order bonus"),
        d=N_("TOW: +1 to a unit at least as wide as deep with Unit Strength 10 or more (5 with tow_rules_version "
             "= rulebook_2024)."))
    tow_musician: Literal["draw_only", "always"] = F(
        "draw_only", t=N_("TOW musician"),
        d=N_("TOW: a musician (the enemy having none) adds +1 in a drawn combat only, or to every result."))
    tow_rules_version: Literal["faq_1_5_2", "rulebook_2024"] = F(
        "faq_1_5_2", t=N_("TOW rules text"),
        d=N_("TOW: where the 2024 rulebook and FAQ & Errata 1.5.2 (June 2025) differ, which one counts: supporting "
             "attacks by weapon and Press of Battle, Parry, Massed Infantry, Combat Order at Unit Strength 10 "
             "(faq_1_5_2, default), or infantry supporting attacks by troop type and Combat Order at Unit "
             "Strength 5 (rulebook_2024)."))
    overkill_cap: Optional[int] = F(
        None, ge=0, le=10, t=N_("Overkill cap"),
        d=N_("Most excess wounds a challenge adds to the combat result (default: 6th, 7th, 8th 5; TOW 3)."))
    flank_loses_ranks: bool = F(
        True, t=N_("Flank or rear charge cancels ranks"),
        d=N_("A unit fought in the flank or rear by a unit of Unit Strength 5+ (8th: two ranks of five) loses "
             "its rank bonus (8th: and Steadfast)."))


class StandAndShoot(_Strict):
    """The charged unit's Stand & Shoot charge reaction (The Old World): its shots at the charger before the
    charge lands, casualties removed from the charger before the fight (docs/decisions.md, "Stand & Shoot")."""

    model_config = ConfigDict(json_schema_extra={"title": N_("StandAndShoot"), "description": N_(
        "The charged unit's Stand & Shoot charge reaction (The Old World): its shots at the charger before "
        "the\ncharge lands, casualties removed from the charger before the fight (docs/decisions.md, \"Stand & "
        "Shoot\").")})

    shots: int = F(t=N_("Shots"), ge=1, le=100,
                   d=N_("Shots fired at the charger (the models that may shoot, times their weapon's shots)."))
    ballistic_skill: Optional[int] = F(None, ge=1, le=10, t=N_("Ballistic Skill (BS)"),
                                       d=N_("The shooters' Ballistic Skill (default: fight.unit's profile)."))
    strength: int = F(t=N_("Strength (S)"), ge=1, le=10, d=N_("The missile weapon's Strength."))
    armour_piercing: int = F(0, ge=0, le=6, t=N_("Armour Piercing"),
                             d=N_("The weapon's Armour Piercing: worsens the charger's armour save."))
    long_range: bool = F(False, t=N_("Long range"),
                         d=N_("The charger is beyond half the weapon's range when the shots are taken (-1 to hit)."))


class Fight(_Strict):
    """The fight (situation ``fight``): two units, who charged, where, and the rules options."""

    model_config = ConfigDict(json_schema_extra={"title": N_("Fight"), "description": N_(
        "The fight (situation ``fight``): two units, who charged, where, and the rules options.")})

    unit: FightUnit = F(t=N_("Your unit"), d=N_("The unit whose odds are asked."))
    enemy: FightUnit = F(t=N_("The enemy unit"), d=N_("The unit it fights."))
    charger: Literal["unit", "enemy", "none"] = F(
        "unit", t=N_("Who charged"),
        d=N_("unit, enemy, or none (a later round: no charge bonuses, no first-round weapons)."))
    contact: Literal["front", "flank", "rear"] = F(
        "front", t=N_("Charged side"),
        d=N_("Where the charger hit the charged unit: front, flank (+1) or rear (+2 combat result)."))
    charge_distance: Optional[float] = F(
        None, ge=0, le=30, unit="in", t=N_("Charge distance (TOW)"),
        d=N_("TOW: inches the charger moved before contact; +1 Initiative per full inch, at most +3 into the front "
             "and +4 into the flank or rear (default: far enough for the full bonus)."))
    high_ground: Literal["none", "unit", "enemy"] = F(
        "none", t=N_("High ground"),
        d=N_("Which side fights from higher ground (+1 combat result)."))
    max_rounds: Optional[int] = F(
        None, ge=1, le=50, t=N_("Most rounds"),
        d=N_("Rounds fought at most: a draw or a held Break test leads to another round in the other player's "
             "turn (default: until one side breaks or is destroyed, stopped after 10 rounds and said so; 1: the "
             "first round alone)."))
    challenge: Literal["none", "unit", "enemy"] = F(
        "none", t=N_("Challenge"),
        d=N_("none, or the side whose character (else champion) issues a challenge; the other side accepts with "
             "its character, else its champion (docs/warhammer_combat.md §13)."))
    stand_and_shoot: Optional[StandAndShoot] = F(
        None, t=N_("Stand & Shoot (TOW)"),
        d=N_("TOW: the unit's shots at the charger before the charge lands (fight.charger = enemy); casualties are "
             "removed from the charger before the fight."))
    options: FightOptions = F(FightOptions(), t=N_("Close combat options"),
                              d=N_("Close-combat rules questions with a documented default by edition."))

    @model_validator(mode="after")
    def _contact(self):
        if self.charger == "none" and self.contact != "front":
            raise ValueError(Message(N_("contact must be 'front' when charger = 'none' (the side charged needs a "
                                           "charger)")))
        return self
