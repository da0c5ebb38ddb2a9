"""Validated Warhammer scenario: units, combat, table and rules options.

Every open question of the rules digest (docs/warhammer.md §4) is a
field of :class:`Options`; ``None`` means "the edition's default", resolved in
:mod:`fleeodds.systems.warhammer.plan.flee`.

Units: distances in inches, Leadership and Movement as on the unit profile.
"""

from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import ConfigDict, field_validator, model_validator

from ....dice import parse as parse_dice
from ....errors import InputError
from ....language import Message, N_
from .base import RULES, RULES_SCHEMA, TROOP_TYPES, F, _dice_field, _Strict
from .combat import Fight
from .obstacles import Obstacle

EDITIONS = ("6th", "7th", "8th", "tow", "starter")
EDITION_ALIASES = {"6": "6th", "7": "7th", "8": "8th", "the_old_world": "tow", "old_world": "tow",
                   "skull_pass": "starter", "col_du_crane": "starter"}
SITUATIONS = ("break", "fleeing", "charge_fleeing", "flee_reaction", "leadership_test", "panic", "fight")
#: Situations whose unit takes a plain Leadership test and needs no pursuer.
TEST_SITUATIONS = ("leadership_test", "panic")
TEST_KINDS = ("leadership", "fear", "terror", "panic")
#: JSON Schema annotation (read by the web page's form): the section applies in these situations only.
WHEN_NOT_FIGHT = {"x-when": {"situation": [s for s in SITUATIONS if s != "fight"]}}


class UnitRef(_Strict):
    """A unit in the scenario: a shipped/loaded ``profile`` by name, inline fields, or both (fields override)."""

    model_config = ConfigDict(json_schema_extra={"title": N_("UnitRef"), "description": N_(
        "A unit in the scenario: a shipped/loaded ``profile`` by name, inline fields, or both (fields "
        "override).")})

    profile: Optional[str] = F(None, t=N_("Profile"),
                               d=N_("Name of a shipped profile or of one in profiles_file (case-insensitive)."))
    name: Optional[str] = F(None, t=N_("Name"), d=N_("The unit's name, for display."))
    movement: Optional[int] = F(None, ge=0, le=20, unit="in", t=N_("Movement (M)"),
                                d=N_("The unit's Movement characteristic, 0 to 20 inches (overrides the profile)."))
    leadership: Optional[int] = F(None, ge=0, le=10, unit="Ld", t=N_("Leadership (Ld)"),
                                  d=N_("The unit's Leadership characteristic, 0 to 10 (overrides the profile)."))
    troop_type: Optional[Literal[TROOP_TYPES]] = F(  # type: ignore[valid-type]
        None, t=N_("Troop type"),
        d=N_("Accepted with a note when written here: the troop type changes no flee, pursuit or rally "
             "number (Movement and special rules do)."))
    rules: Optional[tuple[str, ...]] = F(None, strict=False, json_schema_extra=RULES_SCHEMA,
                                         t=N_("Special rules"),
                                         d=N_("The unit's special rules (replace the profile's)."))
    extra_rules: tuple[str, ...] = F((), strict=False, json_schema_extra=RULES_SCHEMA,
                                     t=N_("Extra special rules"),
                                     d=N_("Special rules added to the profile's."))
    models_start: int = F(20, ge=1, le=1000, unit="models", t=N_("Models at the start"),
                          d=N_("Models in the unit at the start of the battle (rally casualty limits; "
                               "only with models_left)."))
    models_left: Optional[int] = F(None, ge=1, le=1000, unit="models", t=N_("Models left"),
                                   d=N_("Models left now (default: all); below 25 % (8th: at most 25 %) the unit "
                                        "cannot rally normally."))
    musician: bool = F(False, t=N_("Musician"),
                       d=N_("The unit has a musician: it wins a drawn combat (combat.margin = 0) when the other "
                            "unit has none; the fleeing unit's also adds +1 Ld to rally tests (6th, TOW; option "
                            "musician_rally_bonus)."))
    general_leadership: Optional[int] = F(
        None, ge=0, le=10, unit="Ld", t=N_("General's Leadership"),
        d=N_("Ld of the General in range, used when higher: the fleeing unit's Break and rally tests; the "
             "pursuer's restraint test (options.pursuer_restrains = 'ld_test')."))
    rank_bonus: int = F(0, ge=0, le=3, unit="ranks", t=N_("Rank bonus (TOW Warband)"),
                        d=N_("TOW: the unit's current Rank Bonus, 0 to 3; a Warband or Scurrying Masses unit adds it to "
                             "its Leadership (up to 10) unless it is fleeing: its Break test, not its rally tests "
                             "(tow.whfb.app/special-rules/warband)."))
    rallying_cry: bool = F(False, t=N_("Rallying Cry in range (TOW)"),
                           d=N_("TOW: a character with Rallying Cry has the fleeing unit within its Command range: one "
                                "extra Rally test in each of the unit's rally phases."))
    battle_standard: bool = F(False, t=N_("Battle Standard Bearer in range"),
                              d=N_("Re-roll of failed Leadership tests as options.bsb_reroll allows (by edition)."))

    @model_validator(mode="after")
    def _models(self):
        if self.models_left is not None and self.models_left > self.models_start:
            raise InputError("models_left", self.models_left,
                             Message(N_("a number of models of at most models_start ({models_start})"),
                                     models_start=self.models_start))
        for key in ("rules", "extra_rules"):
            for i, r in enumerate(getattr(self, key) or ()):
                if r not in RULES:
                    raise InputError(f"{key}.{i}", r, Message(N_("one of {choices}"), choices=", ".join(RULES)))
        return self


class PursuerRef(UnitRef):
    """One of several pursuers or chargers (``[[pursuers]]``): a unit as in ``[pursuer]``, with its own
    distance to the fleeing unit and its own choice to keep charging in the turns that follow.

    Source: 7th edition, close combat, "Multiple fleeing and pursuing" and "Move surviving fleeing
    troops" (a fleeing unit escapes only when its flee roll beats every pursuer's roll); 6th edition,
    close combat, "Pursuit move" (each victorious unit rolls its own pursuit).
    """

    model_config = ConfigDict(json_schema_extra={"title": N_("PursuerRef"), "description": N_(
        "One of several pursuers or chargers (``[[pursuers]]``): a unit as in ``[pursuer]``, with its "
        "own\ndistance to the fleeing unit and its own choice to keep charging in the turns that "
        "follow.\n\nSource: 7th edition, close combat, \"Multiple fleeing and pursuing\" and \"Move surviving "
        "fleeing\ntroops\" (a fleeing unit escapes only when its flee roll beats every pursuer's roll); 6th "
        "edition,\nclose combat, \"Pursuit move\" (each victorious unit rolls its own pursuit).")})

    gap: Optional[float] = F(None, ge=0, le=200, unit="in", t=N_("Gap"),
                             d=N_("This unit's distance to the fleeing unit before the flee move (default: "
                                  "table.gap)."))
    keeps_charging: Optional[bool] = F(None, t=N_("Keeps charging"),
                                       d=N_("This unit charges the fleeing unit in each enemy turn of the chain "
                                            "(default: table.chaser_keeps_charging)."))

    def unit_ref(self) -> UnitRef:
        """The unit alone, as a ``[pursuer]`` table (without gap and keeps_charging)."""
        return UnitRef(**self.model_dump(exclude={"gap", "keeps_charging"}, exclude_unset=True))


class Combat(_Strict):
    """The lost combat (situation ``break``)."""

    model_config = ConfigDict(json_schema_extra={"title": N_("Combat"), "description": N_(
        "The lost combat (situation ``break``).")})

    margin: int = F(1, ge=0, le=30, unit="combat result points", t=N_("Combat result margin"),
                    d=N_("The winner's combat score minus the loser's, 0 to 30, every bonus counted. 0 is a draw "
                         "(égalité): no Break test, unless only the pursuer has a musician, which wins the draw by 1 "
                         "(6th-8th; TOW: +1 to the only side with a musician)."))
    steadfast: bool = F(False, t=N_("Steadfast (8th)"),
                        d=N_("8th: the loser has more ranks and tests on its unmodified Leadership."))
    fear_outnumbered: bool = F(False, t=N_("Outnumbered by Fear-causing winners"),
                               d=N_("6th/7th: the loser breaks automatically (7th: unless a natural double 1)."))
    broken_from: Literal["front", "flank", "rear"] = F(
        "front", t=N_("Side the winner fights (TOW)"),
        d=N_("TOW: the side of the loser the pursuer is in contact with. The loser turns about its centre to flee "
             "directly away and is caught when the pursuer makes contact: from a flank its rear ends "
             "(frontage - depth) / 2 inches further (combat.loser_frontage, combat.loser_depth); front and rear add "
             "nothing."))
    loser_frontage: float = F(0.0, ge=0, le=100, unit="in", t=N_("Loser's frontage (TOW flank break)"),
                              d=N_("Width of the losing unit's front, inches (with broken_from = 'flank')."))
    loser_depth: float = F(0.0, ge=0, le=100, unit="in", t=N_("Loser's depth (TOW flank break)"),
                           d=N_("Depth of the losing unit, front to rear, inches (with broken_from = 'flank')."))
    outnumbered_two_to_one: bool = F(False, t=N_("Outnumbered two to one (TOW)"),
                                     d=N_("TOW: the winner's Unit Strength is more than twice the loser's."))


class LdTestSpec(_Strict):
    """A plain Leadership test (situations ``leadership_test`` and ``panic``)."""

    model_config = ConfigDict(json_schema_extra={"title": N_("LdTestSpec"), "description": N_(
        "A plain Leadership test (situations ``leadership_test`` and ``panic``).")})

    kind: Literal[TEST_KINDS] = F(  # type: ignore[valid-type]
        "leadership", t=N_("Kind of test"),
        d=N_("leadership, fear, terror or panic (situation panic: always panic). It decides the dice of a "
             "Cold-blooded unit in TOW (3D6 dropping the highest for Fear, Panic and Terror tests)."))
    ld_modifier: int = F(0, ge=-10, le=10, unit="Ld", t=N_("Leadership modifier"),
                         d=N_("Added to the Leadership tested (e.g. -1); the result is kept from 0 to 10."))


class Table(_Strict):
    """Geometry along the flee line (1-D, head-on), inches."""

    model_config = ConfigDict(json_schema_extra={"title": N_("Table"), "description": N_(
        "Geometry along the flee line (1-D, head-on), inches.")})

    gap: float = F(0.0, ge=0, le=200, unit="in", t=N_("Gap"),
                   d=N_("Distance between the units before the flee move (0 after a combat)."))
    edge_distance: Optional[float] = F(None, gt=0, le=200, unit="in", t=N_("Distance to the table edge"),
                                       d=N_("Along the flee line; omit for no table edge. A fleeing unit that "
                                            "reaches it is removed."))
    max_turns: int = F(10, ge=0, le=50, unit="turns", t=N_("Turns of rally tests"),
                       d=N_("Turns the fleeing unit is followed after the pursuit (rally test or further flight), "
                            "until it is resolved; a unit still fleeing after them is shown as still fleeing. "
                            "Default 10; 0 stops after the pursuit (escaped)."))
    chaser_keeps_charging: bool = F(False, t=N_("The pursuer keeps charging"),
                                    d=N_("The pursuer charges the fleeing unit in each enemy turn of the chain."))
    first_turn: Literal["fleeing_side", "enemy"] = F(
        "fleeing_side", t=N_("First turn after the break"),
        d=N_("Whose turn comes first after the break: the fleeing unit's side or the enemy."))


class Options(_Strict):
    """Rules options of the rules digest (§4). ``None`` = the edition's default."""

    model_config = ConfigDict(json_schema_extra={"title": N_("Options"), "description": N_(
        "Rules options of the rules digest (§4). ``None`` = the edition's default.")})

    tie_rule: Literal[">=", ">"] = F(">=", t=N_("Pursuit tie rule"),
                                     d=N_("'>=': a pursuit (or charge reach) equal to the flee roll catches; '>': "
                                          "it must exceed it (house rule)."))
    flee_roll: Optional[str] = F(None, unit="in", t=N_("Flee roll"),
                                 d=N_("Dice of a flee move, e.g. '2d6' (default by edition and unit)."))
    pursuit_roll: Optional[str] = F(None, unit="in", t=N_("Pursuit roll"),
                                    d=N_("Dice of the pursuit move (default by edition and unit)."))
    swiftstride_8th_roll: Literal["3D6dl", "2D6"] = F(
        "3D6dl", t=N_("8th Swiftstride roll"),
        d=N_("8th: a Swiftstride unit rolls 3D6 dropping the lowest, or plain 2D6."))
    insane_courage: Optional[bool] = F(None, t=N_("Insane Courage"),
                                       d=N_("A natural double 1 holds a Break test (default: 7th, 8th)."))
    ld_double1_passes: Optional[bool] = F(None, t=N_("Double 1 passes"),
                                          d=N_("A natural double 1 passes rally and restraint tests (default: 8th, TOW)."))
    ld_double6_fails: Optional[bool] = F(None, t=N_("Double 6 fails"),
                                         d=N_("A natural double 6 fails rally and restraint tests (default: TOW)."))
    bsb_reroll: Optional[Literal["none", "break_only", "any_failed_ld"]] = F(
        None, t=N_("Battle Standard re-roll"),
        d=N_("Which failed tests a Battle Standard Bearer re-rolls (default: 6th/7th/TOW break_only, 8th "
             "any_failed_ld, starter none)."))
    tow_bsb_break_reroll_policy: Literal["reroll_break_only", "reroll_break_or_fall_back", "never"] = F(
        "reroll_break_only", t=N_("TOW Battle Standard re-roll policy"),
        d=N_("TOW: which Break test results are re-rolled; the second result stands."))
    cold_blooded_scope: Optional[Literal["all_ld", "fear_panic_terror"]] = F(
        None, t=N_("Cold-blooded scope"),
        d=N_("Tests rolled on 3D6 dropping the highest (default: 6th-8th all_ld, TOW fear_panic_terror)."))
    cold_blooded_double1: Literal["kept_pair", "none"] = F(
        "kept_pair", t=N_("Cold-blooded double 1"),
        d=N_("kept_pair: a double 1 on the two kept dice counts as a natural double 1."))
    steadfast_uses_general_ld: bool = F(True, t=N_("Steadfast uses the General's Ld"),
                                        d=N_("8th: a Steadfast unit may use the General's Leadership."))
    musician_rally_bonus: Optional[int] = F(None, ge=0, le=1, unit="Ld", t=N_("Musician rally bonus"),
                                            d=N_("Ld added to rally tests by a musician (default: 6th/TOW 1, 7th/8th 0)."))
    pursuer_restrains: Literal[False, "ld_test", "always"] = F(
        False, t=N_("Pursuer restrains"),
        d=N_("false: the winner always pursues; 'ld_test': it tests Leadership to not pursue; 'always': it "
             "never pursues. Frenzy forces pursuit."))
    catch_vs_edge_order: Optional[Literal["catch_first", "edge_first"]] = F(
        None, t=N_("Catch or table edge first"),
        d=N_("Combat-phase pursuit: when a caught unit's flee move also reaches the table edge, caught "
             "(catch_first) or off the table (edge_first). Default: starter edge_first (the booklet's order), "
             "the other editions catch_first. A charged unit's flee move always resolves first."))
    edge_contact: Optional[Literal["touch", "leave"]] = F(
        None, t=N_("Table edge contact"),
        d=N_("touch: removed when the flight reaches the edge; leave: only when it goes past it (default: "
             "6th and starter leave, 'if any models from a fleeing unit leave the table edge' (6th.whfb.app/"
             "close-combat/subsequent-actions-of-fleeing-troops) and the booklet's 'a model leaving the table'; "
             "7th, 8th and TOW touch)."))
    rally_casualty_rule: Optional[Literal["6th", "7th", "8th", "tow", "none"]] = F(
        None, t=N_("Rally casualty rule"),
        d=N_("Whose casualty limits apply to rally tests (default: the edition's; starter: none, the booklet "
             "has no limit)."))
    tow_fall_back_outnumbered_breaks: bool = F(
        True, t=N_("TOW: Fall Back becomes Break when outnumbered"),
        d=N_("With combat.outnumbered_two_to_one, a Fall Back in Good Order result becomes a Break."))
    tow_swiftstride_use: Literal["always", "never", "not_near_edge"] = F(
        "always", t=N_("TOW Swiftstride use"),
        d=N_("TOW: whether a Swiftstride unit adds its D6 to a Charge, Flee or Pursuit roll, chosen before each "
             "roll: always, never, or not_near_edge (the fleeing unit leaves the D6 out of a flee roll made within "
             "options.tow_swiftstride_edge_margin inches of the table edge; pursuers and chargers always add it)."))
    tow_swiftstride_edge_margin: float = F(
        6.0, ge=0, le=200, unit="in", t=N_("TOW Swiftstride: edge distance"),
        d=N_("With tow_swiftstride_use = 'not_near_edge': a flee roll made this close to the table edge (or "
             "closer) is rolled without the Swiftstride D6."))
    tow_impetuous_test: Literal["d6", "ld_test"] = F(
        "d6", t=N_("TOW Impetuous test"),
        d=N_("TOW Impetuous, for a unit able to declare a charge: d6, it must charge on a D6 roll of 1-3 (the current "
             "rules index, tow.whfb.app/special-rules/impetuous); ld_test, it must charge if it fails a Leadership "
             "test (the 2024 rulebook, p. 172)."))
    charge_reaction: Literal["flee", "fire_and_flee", "hold", "stand_and_shoot"] = F(
        "flee", t=N_("Charge reaction (flee_reaction)"),
        d=N_("Situation flee_reaction: flee, or TOW fire_and_flee for a unit with Fire & Flee (it shoots, whose "
             "hits are not modelled, then flees max2D6, Swiftstride adding its D6); hold, or TOW stand_and_shoot, "
             "turn the scenario into the fight of its [fight] table, the charger's charge landing (docs/"
             "decisions.md, \"Charge reactions\")."))
    tow_stubborn_falls_back: bool = F(
        True, t=N_("TOW: Stubborn falls back"),
        d=N_("TOW: a Stubborn unit Falls Back in Good Order instead of breaking."))
    charge_reach: Optional[str] = F(None, unit="in", t=N_("Charge roll"),
                                    d=N_("Dice added to M for a charge, e.g. '2d6' (default by edition: 6th/7th/"
                                         "starter 2 x M, 8th M + 2D6, TOW M + max2D6)."))
    failed_charge_move_8th: Literal["highest_die", "movement"] = F(
        "highest_die", t=N_("8th failed charge move"),
        d=N_("8th: a failed charger moves its highest die, or its Movement."))
    chaser_move_out_of_range: Literal["march", "move", "none"] = F(
        "march", t=N_("Chaser move out of charge range"),
        d=N_("How far a chaser that cannot declare a charge moves: 2 x M (march), M, or not at all."))
    flee_clearance: Optional[float] = F(
        None, ge=0, le=12, unit="in", t=N_("Clearance beyond things in the way"),
        d=N_("A flee move that ends this close to (or on top of) a unit or terrain it passes through carries on and "
             "stops this far beyond it (default: 8th/TOW 1\", 'within 1\"'; 6th/7th 0, 'placed beyond them'). "
             "Only with [[obstacles]]."))
    charge_metric: Literal["flee_roll", "failed_charge_move"] = F(
        "flee_roll", t=N_("Metric of the charge situations"),
        d=N_("charge_fleeing and flee_reaction: record the flee roll, or the charger's move when its charge "
             "falls short (6th/7th/starter its Movement, 8th its highest die or options.failed_charge_move_8th, "
             "TOW its whole charge roll; 0 when the reach covers the distance)."))
    geometry: Literal["1d_head_on"] = F("1d_head_on", t=N_("Geometry"),
                                        d=N_("1-D head-on flee line (the only geometry modelled)."))

    @field_validator("flee_roll", "pursuit_roll", "charge_reach")
    @classmethod
    def _dice(cls, v, info):
        v = _dice_field(v, f"options.{info.field_name}")
        if v is not None and parse_dice(v).min_value < 0:  # a distance: "-2d6" or "2d6-20" is no roll
            raise ValueError(Message(N_("a roll that cannot be negative (distances in inches)")))
        return v


class ScenarioModel(_Strict):
    """A Warhammer scenario file (``system = "warhammer"``), as written."""

    model_config = ConfigDict(json_schema_extra={"description": N_(
        "A Warhammer scenario file (``system = \"warhammer\"``), as written.")})

    system: Literal["warhammer"] = F("warhammer", t=N_("Rules system"),
                                     d=N_("Always 'warhammer' here."))
    title: str = F("", t=N_("Title"), d=N_("The scenario's title (default: built from the units)."))
    description: str = F("", t=N_("Description"), d=N_("Free text, for display."))
    edition: str = F("7th", t=N_("Edition"),
                     d=N_("6th, 7th, 8th, tow (The Old World) or starter (Battle for Skull Pass); case and spaces "
                          "are ignored."),
                     json_schema_extra={"enum": [*EDITIONS, *EDITION_ALIASES]})
    situation: Literal[SITUATIONS] = F(  # type: ignore[valid-type]
        "break", t=N_("Situation"),
        d=N_("break: a lost combat and its Break test; fleeing: a unit that has just broken; charge_fleeing: a "
             "fleeing unit is charged; flee_reaction: a charged unit flees; leadership_test: a plain Leadership "
             "test, passed or failed; panic: a Panic test (a friend within 6\" broke or was destroyed, the unit "
             "was fled through, 25 % losses in a phase) whose failure makes the unit flee (TOW: Fall Back in Good "
             "Order with more than half its models, else Flee), then the rally chain; fight: a round of close "
             "combat between two units, then the loser's Break test ([fight], docs/warhammer_combat.md)."))
    profiles_file: Optional[str] = F(None, t=N_("Profiles file"),
                                     d=N_("A TOML file of [[profile]] tables (relative to the scenario file)."))
    fleeing: Optional[UnitRef] = F(None, t=N_("Fleeing unit"),
                                   d=N_("The unit that loses the combat or flees (required except in a fight)."),
                                   json_schema_extra=WHEN_NOT_FIGHT)
    pursuer: Optional[UnitRef] = F(None, t=N_("Pursuer"),
                                   d=N_("The winner that pursues, or the charger in the charge situations "
                                        "(required there); in the panic situation the enemy that may keep "
                                        "charging; none in leadership_test or in a fight (its units are in [fight])."),
                                   json_schema_extra=WHEN_NOT_FIGHT)
    pursuers: Optional[tuple[PursuerRef, ...]] = F(
        None, strict=False, min_length=1, max_length=6, t=N_("Pursuers"),
        d=N_("Several winners that pursue, or several chargers in the charge situations ([[pursuers]] tables, "
             "1 to 6, in the order their dice are rolled): each rolls its own dice and the unit is caught when "
             "any of them reaches it. Instead of [pursuer], not with it."),
        json_schema_extra=WHEN_NOT_FIGHT)
    test: LdTestSpec = F(LdTestSpec(), t=N_("Leadership test"),
                         d=N_("The test of the leadership_test and panic situations (the unit is 'fleeing')."),
                         json_schema_extra={"x-when": {"situation": list(TEST_SITUATIONS)}})
    combat: Combat = F(Combat(), t=N_("Combat"), d=N_("The lost combat (situation break)."),
                       json_schema_extra={"x-when": {"situation": ["break"]}})
    fight: Optional[Fight] = F(None, t=N_("Close combat"),
                                 d=N_("Situation fight: the two units, who charged and the round's options "
                                      "(docs/warhammer_combat.md); situation flee_reaction: the fight if the charged "
                                      "unit holds or stands and shoots (fight.unit: the charged unit, fight.enemy: the "
                                      "charger), read by options.charge_reaction = hold or stand_and_shoot."),
                                 json_schema_extra={"x-when": {"situation": ["fight", "flee_reaction"]}})
    obstacles: tuple[Obstacle, ...] = F(
        (), strict=False, t=N_("Things in the way"),
        d=N_("Friendly units, enemy units and impassable terrain along the flee line, each at a distance and with "
             "a depth (docs/warhammer.md, 'Things in the way')."),
        json_schema_extra=WHEN_NOT_FIGHT)
    table: Table = F(Table(), t=N_("Table"), d=N_("Distances along the flee line and the turn limit."))
    options: Options = F(Options(), t=N_("Rules options"),
                         d=N_("Rules questions with a documented default by edition."))
    compare: Optional[dict[str, dict[str, Any]]] = F(
        None, t=N_("Comparison"),
        d=N_("Setups compared side by side: label = { \"field.path\" = value, label_fr = \"...\" }."))

    @model_validator(mode="after")
    def _units_by_situation(self):
        if self.situation == "fight":
            if self.fight is None:
                raise ValueError(Message(N_("situation 'fight' needs a [fight] table with [fight.unit] and "
                                               "[fight.enemy]")))
            if self.obstacles:  # which unit flees is only known after the round
                raise ValueError(Message(N_("[[obstacles]] are not modelled in situation 'fight' (the loser and its "
                                               "flee line are decided by the round); give them in a 'break' scenario")))
            if self.pursuers is not None:
                raise ValueError(Message(N_("[[pursuers]] is not read in situation 'fight' (the round decides the "
                                               "winner)")))
        else:
            if self.fight is not None and self.situation != "flee_reaction":
                raise ValueError(Message(N_("[fight] is only read in situations 'fight' and 'flee_reaction' (the "
                                               "fight if the unit holds), not {situation!r}"),
                                         situation=self.situation))
            if self.fleeing is None:  # a missing [pursuer] is checked by the scenario (TEST_SITUATIONS need none)
                raise ValueError(Message(N_("situation {situation!r} needs a [fleeing] table"),
                                         situation=self.situation))
        return self

    @field_validator("edition", mode="before")
    @classmethod
    def _edition(cls, v):
        if not isinstance(v, str):
            raise ValueError(Message(N_("{allowed} (a string)"),
                                     allowed=Message(N_("one of {choices}"), choices=", ".join(EDITIONS))))
        key = v.strip().lower().replace(" ", "_")
        key = EDITION_ALIASES.get(key, key)
        if key not in EDITIONS:
            raise ValueError(Message(N_("one of {choices}"), choices=", ".join(EDITIONS)))
        return key
