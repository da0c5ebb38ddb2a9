"""The scenario file: its sections (``[fuite]``, ``[passe]``, ``[attraction]``, ``[[terrain]]``) and
the whole-file model with its JSON Schema.

References
----------
Hell Dorado rules digest (docs/hell_dorado.md): §1 glossary, §2 weapon pass, §3 Fuite, §6 Attraction,
§7 modelling options. Sapience rules wiki, "Combat au contact / Résolution des passes d'armes"; Rules Tips "Fuite".
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from ....errors import InputError
from ....language import Message, N_
from ....validation import annotate_profiles, json_schema, validation_error
from .fields import F, HDModel
from .fighter import FighterModel, load_profiles
from .options import OptionsModel

#: Bounds of a table (a skirmish: a few fighters a side, a few terrain pieces), so that no file makes the path
#: search (a visibility graph over every corner) run for minutes.
MAX_FIGHTERS = 20
MAX_TERRAIN = 30
MAX_CORNERS = 64
MAX_CORNERS_IN_ALL = 256


# --------------------------------------------------------------------------- scenario sections
FUITE_COMPARE_KEYS = ("base", "intangible", "no_intangible", "ordre_repli", "no_soutien", "blocage", "no_room")


class FuiteModel(HDModel):
    """``[fuite]``: the flee itself (rules digest §3)."""

    model_config = ConfigDict(title=N_("Fuite"), json_schema_extra={"description": N_(
        "``[fuite]``: the flee itself (rules digest §3).")})

    repli: bool = F(False, N_("Ordre Repli"), N_("Under an Ordre Repli: no attaque sans riposte, move not doubled."))
    stay: bool = F(False, N_("Stay engaged"),
                   N_("The fighter does not flee: it stays engaged and each adversary attacks it in its own "
                      "activation, in the order listed (docs/decisions.md, \"Hell Dorado: flee or stay\")."))
    attacker: str | None = F(None, N_("Attacker"),
                             N_("Name of the adversary making the attaque sans riposte (default: the opposing "
                                "player's best choice, option attacker_choice)."))
    room: bool | None = F(None, N_("Room to move"),
                          N_("False: the fleeing fighter is surrounded, its base cannot get out (it still takes the "
                             "attack). Left out: true, or with positions (fleeing.x, y) computed from them; written "
                             "with positions it must agree with them."))
    partial_room_toises: float = F(0.0, N_("Room left"),
                                   N_("With room = false and no_room_move = 'partial': the distance it can still "
                                      "move."), unit="toises", ge=0, le=100)
    def_modifier: int = F(0, N_("DEF modifier"),
                          N_("Added to the fleeing fighter's DEF for the attack (cover, capacities), -6 to 6."),
                          ge=-6, le=6)
    direction: float | None = F(
        None, N_("Flee direction"),
        N_("With positions (fleeing.x, y): the direction of the flee move in degrees, counter-clockwise from the +x "
           "axis (0 = +x, 90 = +y), -360 to 360. The move goes straight that way for the whole Course and stops "
           "short of any enemy base (photo 2: no contact in a Fuite); where it ends says whether an Attraction pulls "
           "the fighter back at its next activation (attracted_back)."),
        unit="degrees", ge=-360, le=360)
    destination: list[float] | None = F(
        None, N_("Flee destination"),
        N_("With positions (fleeing.x, y): the point [x, y] (toises) the fighter flees toward, instead of a "
           "direction. Its centre follows the shortest path there round enemy bases (no contact in a Fuite, photo "
           "2), its allies' bases ([[allies]]) and impassable terrain ([[terrain]]), for the whole Course or until "
           "it gets there; with no such path it does not move."),
        unit="toises", minItems=2, maxItems=2)
    next_activation: bool = F(
        True, N_("Charged again next activation"),
        N_("With a placed flee move: whether to check, where the move ends, if an adversary's Charge "
           "(course_multiplier x MOU) reaches the fighter again by the shortest path at its next activation (outcome "
           "charged_again instead of fled)."))
    charge_pass: bool = F(
        False, N_("The Charge's pass"),
        N_("With fuite.next_activation and an adversary whose Charge reaches the fighter again: true rolls that "
           "Charge's pass against the fighter with the PV it has left after the attaque sans riposte (the opposing "
           "player sends the charger most likely to kill it): outcomes charged_again_survives and "
           "charged_again_killed instead of charged_again. Default false (the answer stops at the Charge's reach)."))
    attraction_measure: Literal["edge", "centre"] = F(
        "edge", N_("Attraction measure"),
        N_("With fuite.direction: whether the flee move ends within x toises of an Attraction x holder is measured "
           "base edge to base edge ('edge', default, as distances in Hell Dorado) or centre to centre ('centre')."))
    attraction_movement: Literal["charge", "assaut"] = F(
        "charge", N_("Pull-back movement"),
        N_("With fuite.direction: the move that must bring the fighter back at its next activation: a Charge "
           "(course_multiplier x MOU, default: the text allows an Assaut or a Charge, so it can engage when a Charge "
           "reaches) or an Assaut (MOU)."))
    multiple_attractors: Literal["nearest", "first_listed", "player_choice"] = F(
        "player_choice", N_("Several Attraction zones"),
        N_("With a placed flee move ending inside several Attraction zones: 'player_choice' (default: the text says "
           "the affected fighter 'pourra choisir' its holder; its player picks one it cannot reach when there is "
           "one, and it is then not pulled back), 'nearest' or 'first_listed'."))
    compare: list[Literal[FUITE_COMPARE_KEYS]] | None = F(  # type: ignore[valid-type]
        None, N_("Comparison shorthand"),
        N_("The same Fuite side by side with a change: 'base' (as given), 'intangible', 'no_intangible', "
           "'ordre_repli', 'no_soutien', 'blocage' (first adversary), 'no_room'. Shorthand for [compare]."))

    @field_validator("destination")
    @classmethod
    def _destination(cls, v):
        if v is not None and (len(v) != 2 or any(abs(c) > 1e6 for c in v)):
            raise ValueError(Message(N_("a point [x, y] (toises, from -1000000 to 1000000)")))
        return v

    @field_validator("partial_room_toises")
    @classmethod
    def _room(cls, v):
        if not 0 <= v <= 100:
            raise ValueError(Message(N_("a number from {lo} to {hi}"), lo=0, hi=100))
        return v

    @field_validator("def_modifier")
    @classmethod
    def _defmod(cls, v):
        if not -6 <= v <= 6:
            raise ValueError(Message(N_("a number from {lo} to {hi}"), lo=-6, hi=6))
        return v


class PasseModel(HDModel):
    """``[passe]``: one weapon pass (rules digest §2)."""

    model_config = ConfigDict(title=N_("Passe d'armes"), json_schema_extra={"description": N_(
        "``[passe]``: one weapon pass (rules digest §2).")})

    riposte: bool = F(True, N_("Riposte"),
                      N_("True: a normal, simultaneous pass; false: an attaque sans riposte (one-sided)."))
    report: Literal["kills", "hits"] = F("kills", N_("Report"),
                                         N_("Outcome categories: 'kills' (killed / state / wounded / unharmed) or "
                                            "'hits'."))
    charge: bool = F(False, N_("Charge"),
                     N_("True: the attacker engages the defender by a Charge (or an Assaut) this activation, so a "
                        "defender with Esquive X rolls 1d6 first: on X or less it moves away (up to 3 toises) and "
                        "the charger stops at contact, no pass. Default false (already in contact)."))
    esquive_used: bool = F(False, N_("Esquive already used"),
                           N_("True: the defender has already used its Esquive X in this action phase (once per "
                              "phase). Default false."))
    def_modifier: int = F(0, N_("DEF modifier"), N_("Added to the defender's DEF for the attacker's dice, -6 to 6."),
                          ge=-6, le=6)

    @field_validator("def_modifier")
    @classmethod
    def _defmod(cls, v):
        if not -6 <= v <= 6:
            raise ValueError(Message(N_("a number from {lo} to {hi}"), lo=-6, hi=6))
        return v


class AttractionModel(HDModel):
    """``[attraction]``: Attraction x on the table (rules digest §6)."""

    model_config = ConfigDict(title=N_("Attraction"), json_schema_extra={"description": N_(
        "``[attraction]``: Attraction x on the table (rules digest §6).")})

    focus: str | None = F(None, N_("Focus"),
                          N_("Name of the adversary whose outcome is reported (default: the first)."))
    activation_order: Literal["listed", "random", "independent"] = F(
        "listed", N_("Activation order"),
        N_("Adversaries activate in the listed order (default), in a random order, or each as if first."))
    multiple_attractors: Literal["nearest", "first_listed", "player_choice"] = F(
        "player_choice", N_("Several attractors"),
        N_("Inside several Attraction zones: 'player_choice' (default: the text says the affected fighter 'pourra "
           "choisir' the holder it goes to; its player picks the best for it — a holder it cannot reach if there is "
           "one (it is then unaffected), else, with then_pass, the one against which the focus adversary is least "
           "likely to be killed (then most likely to kill), else the nearest), 'nearest' or 'first_listed'."))
    measure: Literal["edge", "centre"] = F("edge", N_("Measure"),
                                           N_("Distances base edge to base edge (default) or centre to centre."))
    movement: Literal["charge", "assaut"] = F("charge", N_("Movement"),
                                              N_("Charge (course_multiplier × MOU, default) or Assaut (MOU)."))
    then_pass: bool = F(False, N_("Then a pass"),
                        N_("True: the focus adversary then fights a normal pass with the fighter it engages: the "
                           "attractor when pulled, the side-A fighter whose base stops it when intercepted (with "
                           "options.charge_dice_modifier on its dice when the move is a Charge)."))


class TerrainModel(HDModel):
    """``[[terrain]]``: an impassable terrain element, a polygon on the table (toises)."""

    model_config = ConfigDict(title=N_("Impassable terrain"), json_schema_extra={"description": N_(
        "``[[terrain]]``: an impassable terrain element, a polygon on the table (toises).")})

    name: str = F("terrain", N_("Name"), N_("Name of the terrain element."))
    points: list[list[float]] = F(..., N_("Corners"),
                                  N_("The polygon's corners in order, [[x, y], ...] (toises, at least 3, not "
                                     "crossing itself). Bases go round it by the shortest path."),
                                  unit="toises", minItems=3, maxItems=MAX_CORNERS,
                                  items={"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "number"}})

    @field_validator("points")
    @classmethod
    def _points(cls, v):
        if not 3 <= len(v) <= MAX_CORNERS or any(len(p) != 2 or any(abs(c) > 1e6 for c in p) for p in v):
            raise ValueError(Message(N_("from 3 to {most} corners [x, y] (toises, from -1000000 to 1000000)"),
                                     most=MAX_CORNERS))
        return v


def _when(*types: str) -> dict[str, Any]:
    """JSON Schema annotation ``x-when``: the section applies only to these scenario types (a
    form shows it only then; validation is unchanged, the loader refuses the others by name)."""
    return {"x-when": {"type": list(types)}}


def _fighter_field(title: str, description: str, *types: str) -> Any:
    return F(None, title, description, **_when(*types))


class ScenarioModel(HDModel):
    """A whole Hell Dorado scenario file (the sections of its ``type``)."""

    model_config = ConfigDict(title=N_("Hell Dorado scenario"), json_schema_extra={"description": N_(
        "A whole Hell Dorado scenario file (the sections of its ``type``).")})

    system: Literal["hell_dorado"] = F(..., N_("Rules system"), N_("Always 'hell_dorado'."))
    title: str = F("", N_("Title"), N_("Title of the scenario."))
    description: str = F("", N_("Description"), N_("Free text."))
    type: Literal["fuite", "passe", "attraction"] = F(
        "fuite", N_("Scenario type"),
        N_("'fuite' (flee with its attaque sans riposte, default), 'passe' (one weapon pass) or 'attraction'."))
    profiles_file: str | None = F(None, N_("Profiles file"),
                                  N_("A TOML file of [profiles.<key>] tables (your cards), relative to the scenario."))
    options: OptionsModel | None = F(None, N_("Options"), N_("Modelling options (rules ambiguities)."))
    fleeing: FighterModel | None = _fighter_field(N_("Fleeing fighter"), N_("Fuite: the engaged fighter that flees."),
                                                  "fuite")
    adversaries: list[FighterModel] | None = F(None, N_("Adversaries"),
                                               N_("Fuite: every adversary in base contact with the fleeing fighter "
                                                  "(one attacks, the others give soutien). Attraction: side B."),
                                               max_length=MAX_FIGHTERS, **_when("fuite", "attraction"))
    fuite: FuiteModel | None = F(None, N_("Fuite"), N_("Fuite settings."),
                                 **_when("fuite"))
    attacker: FighterModel | None = _fighter_field(N_("Attacker"), N_("Passe: the attacking fighter."), "passe")
    defender: FighterModel | None = _fighter_field(N_("Defender"), N_("Passe: the defending fighter."), "passe")
    passe: PasseModel | None = F(None, N_("Passe d'armes"), N_("Weapon pass settings."), **_when("passe"))
    attractors: list[FighterModel] | None = F(None, N_("Attractors"),
                                              N_("Attraction: side-A fighters with Attraction x (positions x, y)."),
                                              max_length=MAX_FIGHTERS, **_when("attraction"))
    others: list[FighterModel] | None = F(None, N_("Other side-A fighters"),
                                          N_("Attraction: allies of the attractors, who can intercept. Fuite (with "
                                             "fleeing.x, y): the adversaries' allies on the table, not in contact "
                                             "(positions x, y): the flee move may not touch them, and one with "
                                             "Attraction x can pull the fighter back."),
                                          max_length=MAX_FIGHTERS, **_when("fuite", "attraction"))
    allies: list[FighterModel] | None = F(
        None, N_("The fleeing fighter's allies"),
        N_("Fuite (with fleeing.x, y): the fleeing fighter's allies on the table (positions x, y, base): its flee "
           "move goes round their bases, and so does an adversary charging it again."), max_length=MAX_FIGHTERS,
        **_when("fuite"))
    terrain: list[TerrainModel] | None = F(
        None, N_("Impassable terrain"),
        N_("Attraction with fixed positions, or a placed Fuite: impassable terrain polygons; the shortest path goes "
           "round them and round the mover's allies (shapely)."), max_length=MAX_TERRAIN,
        **_when("attraction", "fuite"))
    @field_validator("terrain")
    @classmethod
    def _corners_in_all(cls, v):
        if v and sum(len(t.points) for t in v) > MAX_CORNERS_IN_ALL:
            raise ValueError(Message(N_("at most {most} corners in all the terrain pieces (the shortest paths are "
                                        "searched over every corner)"), most=MAX_CORNERS_IN_ALL))
        return v

    attraction: AttractionModel | None = F(None, N_("Attraction"), N_("Attraction settings."), **_when("attraction"))
    compare: dict[str, dict[str, Any]] | None = F(
        None, N_("Comparison setups"),
        N_("label = { \"field.path\" = value, label_fr = \"…\" }: the same scenario with fields changed, side by "
           "side."))


#: Sections of each scenario type (the others are refused).
SECTIONS = {"fuite": ("fleeing", "adversaries", "others", "allies", "terrain", "fuite"),
            "passe": ("attacker", "defender", "passe"),
            "attraction": ("attractors", "others", "adversaries", "attraction", "terrain")}


# --------------------------------------------------------------------------- errors
def pydantic_error(exc: ValidationError, model: type[BaseModel], prefix: str = "") -> InputError:
    """The first problem of a pydantic ``ValidationError`` as one :class:`InputError`
    (:func:`fleeodds.validation.validation_error`)."""
    return validation_error(exc, model, prefix)


def schema() -> dict:
    """The JSON Schema of a Hell Dorado scenario file (all three types), in the reader's language.

    Returns
    -------
    dict
        Every field with its title, description, unit (toises, dés, PV…), default and
        allowed values.
    """
    from ....language import _

    # each shipped profile's card (MOU, CBT, DEF…): the form fills a fighter's boxes with it
    return annotate_profiles(json_schema(ScenarioModel, _("Hell Dorado scenario (Fuite, weapon pass, Attraction)")),
                             "profile", load_profiles())
