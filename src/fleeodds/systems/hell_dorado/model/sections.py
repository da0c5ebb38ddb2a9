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

    model_config = ConfigDict(title='Fuite', json_schema_extra={"title_fr": 'Fuite', "description_fr": "L'action de Fuite et son attaque sans riposte."})

    repli: bool = F(False, "Ordre Repli", "Ordre Repli",
                    "Under an Ordre Repli: no attaque sans riposte, move not doubled.",
                    "Sous un Ordre Repli : pas d'attaque sans riposte, mouvement non doublé.")
    stay: bool = F(False, "Stay engaged", "Rester au contact",
                   "The fighter does not flee: it stays engaged and each adversary attacks it in its own "
                   "activation, in the order listed (docs/decisions.md, \"Hell Dorado: flee or stay\").",
                   "Le combattant ne fuit pas : il reste au contact et chaque adversaire l'attaque à sa propre "
                   "activation, dans l'ordre de la liste (docs/decisions.md).")
    attacker: str | None = F(None, "Attacker", "Attaquant",
                             "Name of the adversary making the attaque sans riposte (default: the opposing player's "
                             "best choice, option attacker_choice).",
                             "Nom de l'adversaire qui porte l'attaque sans riposte (défaut : le meilleur choix du "
                             "joueur adverse, option attacker_choice).")
    room: bool | None = F(None, "Room to move", "Place pour fuir",
                          "False: the fleeing fighter is surrounded, its base cannot get out (it still takes the "
                          "attack). Left out: true, or with positions (fleeing.x, y) computed from them; written "
                          "with positions it must agree with them.",
                          "Faux : le fuyard est cerné, son socle ne peut pas sortir (il subit quand même l'attaque). "
                          "Non écrit : vrai, ou avec les positions (fleeing.x, y) calculé d'après elles ; écrit avec "
                          "les positions, il doit être d'accord avec elles.")
    partial_room_toises: float = F(0.0, "Room left", "Place restante",
                                   "With room = false and no_room_move = 'partial': the distance it can still move.",
                                   "Avec room = false et no_room_move = « partial » : la distance qu'il peut encore "
                                   "parcourir.", unit="toises", ge=0, le=100)
    def_modifier: int = F(0, "DEF modifier", "Modificateur de DEF",
                          "Added to the fleeing fighter's DEF for the attack (cover, capacities), -6 to 6.",
                          "Ajouté à la DEF du fuyard pour l'attaque (couvert, capacités), de -6 à 6.",
                          ge=-6, le=6)
    direction: float | None = F(
        None, "Flee direction", "Direction de la Fuite",
        "With positions (fleeing.x, y): the direction of the flee move in degrees, counter-clockwise from the "
        "+x axis (0 = +x, 90 = +y), -360 to 360. The move goes straight that way for the whole Course and stops "
        "short of any enemy base (photo 2: no contact in a Fuite); where it ends says whether an Attraction "
        "pulls the fighter back at its next activation (attracted_back).",
        "Avec les positions (fleeing.x, y) : la direction du mouvement de Fuite en degrés, dans le sens "
        "trigonométrique depuis l'axe +x (0 = +x, 90 = +y), de -360 à 360. Le mouvement va tout droit sur toute "
        "la Course et s'arrête avant tout socle ennemi (photo 2 : pas de contact pendant une Fuite) ; là où il "
        "s'achève dit si une Attraction ramène le combattant à sa prochaine activation (attracted_back).",
        unit="degrees", ge=-360, le=360)
    destination: list[float] | None = F(
        None, "Flee destination", "Destination de la Fuite",
        "With positions (fleeing.x, y): the point [x, y] (toises) the fighter flees toward, instead of a "
        "direction. Its centre follows the shortest path there round enemy bases (no contact in a Fuite, photo "
        "2), its allies' bases ([[allies]]) and impassable terrain ([[terrain]]), for the whole Course or until it "
        "gets there; with no such path it does not move.",
        "Avec les positions (fleeing.x, y) : le point [x, y] (toises) vers lequel le combattant fuit, au lieu "
        "d'une direction. Son centre suit le plus court chemin en contournant les socles ennemis (pas de contact "
        "pendant une Fuite, photo 2), ceux de ses alliés ([[allies]]) et le terrain impraticable ([[terrain]]), "
        "sur toute la Course ou jusqu'à ce qu'il y arrive ; sans chemin possible, il ne bouge pas.",
        unit="toises", minItems=2, maxItems=2)
    next_activation: bool = F(
        True, "Charged again next activation", "Rechargé à l'activation suivante",
        "With a placed flee move: whether to check, where the move ends, if an adversary's Charge "
        "(course_multiplier x MOU) reaches the fighter again by the shortest path at its next activation "
        "(outcome charged_again instead of fled).",
        "Avec une Fuite placée : vérifier, là où le mouvement s'achève, si la Charge d'un adversaire "
        "(course_multiplier × MOU) atteint de nouveau le combattant par le plus court chemin à sa prochaine "
        "activation (résultat charged_again au lieu de fled).")
    charge_pass: bool = F(
        False, "The Charge's pass", "La passe de la Charge",
        "With fuite.next_activation and an adversary whose Charge reaches the fighter again: true rolls that "
        "Charge's pass against the fighter with the PV it has left after the attaque sans riposte (the opposing "
        "player sends the charger most likely to kill it): outcomes charged_again_survives and "
        "charged_again_killed instead of charged_again. Default false (the answer stops at the Charge's reach).",
        "Avec fuite.next_activation et un adversaire dont la Charge atteint de nouveau le combattant : vrai lance "
        "la passe de cette Charge contre lui, avec les PV qui lui restent après l'attaque sans riposte (le joueur "
        "adverse envoie le chargeur le plus susceptible de le tuer) : résultats charged_again_survives et "
        "charged_again_killed au lieu de charged_again. Défaut faux (la réponse s'arrête à la portée de la "
        "Charge).")
    attraction_measure: Literal["edge", "centre"] = F(
        "edge", "Attraction measure", "Mesure de l'Attraction",
        "With fuite.direction: whether the flee move ends within x toises of an Attraction x holder is measured "
        "base edge to base edge ('edge', default, as distances in Hell Dorado) or centre to centre ('centre').",
        "Avec fuite.direction : si la Fuite s'achève à x toises ou moins d'un porteur d'Attraction x se mesure de "
        "bord de socle à bord de socle (« edge », défaut, comme les distances de Hell Dorado) ou de centre à "
        "centre (« centre »).")
    attraction_movement: Literal["charge", "assaut"] = F(
        "charge", "Pull-back movement", "Mouvement du retour",
        "With fuite.direction: the move that must bring the fighter back at its next activation: a Charge "
        "(course_multiplier x MOU, default: the text allows an Assaut or a Charge, so it can engage when a Charge "
        "reaches) or an Assaut (MOU).",
        "Avec fuite.direction : le mouvement qui doit ramener le combattant à sa prochaine activation : une "
        "Charge (course_multiplier × MOU, défaut : le texte permet un Assaut ou une Charge, il peut donc engager "
        "dès qu'une Charge atteint) ou un Assaut (MOU).")
    multiple_attractors: Literal["nearest", "first_listed", "player_choice"] = F(
        "player_choice", "Several Attraction zones", "Plusieurs zones d'Attraction",
        "With a placed flee move ending inside several Attraction zones: 'player_choice' (default: the text "
        "says the affected fighter 'pourra choisir' its holder; its player picks one it cannot reach when there "
        "is one, and it is then not pulled back), 'nearest' or 'first_listed'.",
        "Avec une Fuite placée qui s'achève dans plusieurs zones d'Attraction : « player_choice » (défaut : le "
        "texte dit que le combattant affecté « pourra choisir » ; son joueur choisit un porteur qu'il ne peut pas "
        "atteindre s'il y en a un, et n'est alors pas ramené), « nearest » (le plus proche) ou « first_listed » "
        "(le premier listé).")
    compare: list[Literal[FUITE_COMPARE_KEYS]] | None = F(  # type: ignore[valid-type]
        None, "Comparison shorthand", "Raccourci de comparaison",
        "The same Fuite side by side with a change: 'base' (as given), 'intangible', 'no_intangible', "
        "'ordre_repli', 'no_soutien', 'blocage' (first adversary), 'no_room'. Shorthand for [compare].",
        "La même Fuite côte à côte avec un changement : « base » (tel quel), « intangible », « no_intangible », "
        "« ordre_repli », « no_soutien » (sans soutien), « blocage » (premier adversaire), « no_room » (cerné). "
        "Raccourci de [compare].")

    @field_validator("destination")
    @classmethod
    def _destination(cls, v):
        if v is not None and (len(v) != 2 or any(abs(c) > 1e6 for c in v)):
            raise ValueError("expected a point [x, y] (toises, from -1000000 to 1000000)")
        return v

    @field_validator("partial_room_toises")
    @classmethod
    def _room(cls, v):
        if not 0 <= v <= 100:
            raise ValueError("expected a number from 0 to 100")
        return v

    @field_validator("def_modifier")
    @classmethod
    def _defmod(cls, v):
        if not -6 <= v <= 6:
            raise ValueError("expected a number from -6 to 6")
        return v


class PasseModel(HDModel):
    """``[passe]``: one weapon pass (rules digest §2)."""

    model_config = ConfigDict(title="Passe d'armes", json_schema_extra={"title_fr": "Passe d'armes", "description_fr": "Une passe d'armes, simultanée ou sans riposte."})

    riposte: bool = F(True, "Riposte", "Riposte",
                      "True: a normal, simultaneous pass; false: an attaque sans riposte (one-sided).",
                      "Vrai : passe normale, simultanée ; faux : attaque sans riposte (à sens unique).")
    report: Literal["kills", "hits"] = F("kills", "Report", "Résultats",
                                         "Outcome categories: 'kills' (killed / state / wounded / unharmed) or "
                                         "'hits'.",
                                         "Catégories de résultats : « kills » (tué / état / blessé / indemne) ou "
                                         "« hits » (touches).")
    charge: bool = F(False, "Charge", "Charge",
                     "True: the attacker engages the defender by a Charge (or an Assaut) this activation, so a "
                     "defender with Esquive X rolls 1d6 first: on X or less it moves away (up to 3 toises) and the "
                     "charger stops at contact, no pass. Default false (already in contact).",
                     "Vrai : l'attaquant engage le défenseur par une Charge (ou un Assaut) à cette activation ; un "
                     "défenseur avec Esquive X lance d'abord 1d6 : sur X ou moins il s'écarte (jusqu'à 3 toises) et "
                     "le chargeur s'arrête au contact, pas de passe. Défaut faux (déjà au contact).")
    esquive_used: bool = F(False, "Esquive already used", "Esquive déjà utilisée",
                           "True: the defender has already used its Esquive X in this action phase (once per "
                           "phase). Default false.",
                           "Vrai : le défenseur a déjà utilisé son Esquive X pendant cette phase d'action (une fois "
                           "par phase). Défaut faux.")
    def_modifier: int = F(0, "DEF modifier", "Modificateur de DEF",
                          "Added to the defender's DEF for the attacker's dice, -6 to 6.",
                          "Ajouté à la DEF du défenseur pour les dés de l'attaquant, de -6 à 6.",
                          ge=-6, le=6)

    @field_validator("def_modifier")
    @classmethod
    def _defmod(cls, v):
        if not -6 <= v <= 6:
            raise ValueError("expected a number from -6 to 6")
        return v


class AttractionModel(HDModel):
    """``[attraction]``: Attraction x on the table (rules digest §6)."""

    model_config = ConfigDict(title='Attraction', json_schema_extra={"title_fr": 'Attraction', "description_fr": 'Attraction x sur la table (positions en toises).'})

    focus: str | None = F(None, "Focus", "Adversaire suivi",
                          "Name of the adversary whose outcome is reported (default: the first).",
                          "Nom de l'adversaire dont on donne le résultat (défaut : le premier).")
    activation_order: Literal["listed", "random", "independent"] = F(
        "listed", "Activation order", "Ordre d'activation",
        "Adversaries activate in the listed order (default), in a random order, or each as if first.",
        "Les adversaires s'activent dans l'ordre de la liste (défaut), dans un ordre aléatoire, ou chacun comme "
        "s'il était le premier.")
    multiple_attractors: Literal["nearest", "first_listed", "player_choice"] = F(
        "player_choice", "Several attractors", "Plusieurs attracteurs",
        "Inside several Attraction zones: 'player_choice' (default: the text says the affected fighter 'pourra "
        "choisir' the holder it goes to; its player picks the best for it — a holder it cannot reach if there is "
        "one (it is then unaffected), else, with then_pass, the one against which the focus adversary is least "
        "likely to be killed (then most likely to kill), else the nearest), 'nearest' or 'first_listed'.",
        "Dans plusieurs zones d'Attraction : « player_choice » (défaut : le texte dit que le combattant affecté "
        "« pourra choisir » vers quel porteur il se dirige ; son joueur choisit le meilleur pour lui — un "
        "attracteur qu'il ne peut pas atteindre s'il y en a un (il n'est alors pas affecté), sinon, avec then_pass, "
        "celui contre lequel l'adversaire suivi risque le moins d'être tué (puis a le plus de chances de tuer), "
        "sinon le plus proche), « nearest » (le plus proche) ou « first_listed » (le premier listé).")
    measure: Literal["edge", "centre"] = F("edge", "Measure", "Mesure",
                                           "Distances base edge to base edge (default) or centre to centre.",
                                           "Distances de bord de socle à bord de socle (défaut) ou de centre à "
                                           "centre.")
    movement: Literal["charge", "assaut"] = F("charge", "Movement", "Mouvement",
                                              "Charge (course_multiplier × MOU, default) or Assaut (MOU).",
                                              "Charge (course_multiplier × MOU, défaut) ou Assaut (MOU).")
    then_pass: bool = F(False, "Then a pass", "Puis une passe",
                        "True: the focus adversary then fights a normal pass with the fighter it engages: the "
                        "attractor when pulled, the side-A fighter whose base stops it when intercepted (with "
                        "options.charge_dice_modifier on its dice when the move is a Charge).",
                        "Vrai : l'adversaire suivi livre ensuite une passe normale contre le combattant qu'il "
                        "engage : l'attracteur s'il est attiré, le combattant du camp A dont le socle l'arrête s'il "
                        "est intercepté (avec options.charge_dice_modifier sur ses dés quand le mouvement est une "
                        "Charge).")


class TerrainModel(HDModel):
    """``[[terrain]]``: an impassable terrain element, a polygon on the table (toises)."""

    model_config = ConfigDict(title="Impassable terrain", json_schema_extra={
        "title_fr": "Terrain impraticable",
        "description_fr": "Un élément de décor impraticable : un polygone sur la table (toises)."})

    name: str = F("terrain", "Name", "Nom", "Name of the terrain element.", "Nom de l'élément de décor.")
    points: list[list[float]] = F(..., "Corners", "Sommets",
                                  "The polygon's corners in order, [[x, y], ...] (toises, at least 3, not "
                                  "crossing itself). Bases go round it by the shortest path.",
                                  "Les sommets du polygone dans l'ordre, [[x, y], ...] (toises, 3 au moins, sans "
                                  "se croiser). Les socles le contournent par le chemin le plus court.",
                                  unit="toises", minItems=3, maxItems=MAX_CORNERS,
                                  items={"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "number"}})

    @field_validator("points")
    @classmethod
    def _points(cls, v):
        if not 3 <= len(v) <= MAX_CORNERS or any(len(p) != 2 or any(abs(c) > 1e6 for c in p) for p in v):
            raise ValueError("expected from 3 to 64 corners [x, y] (toises, from -1000000 to 1000000)")
        return v


def _when(*types: str) -> dict[str, Any]:
    """JSON Schema annotation ``x-when``: the section applies only to these scenario types (a
    form shows it only then; validation is unchanged, the loader refuses the others by name)."""
    return {"x-when": {"type": list(types)}}


def _fighter_field(title: str, title_fr: str, description: str, description_fr: str, *types: str) -> Any:
    return F(None, title, title_fr, description, description_fr, **_when(*types))


class ScenarioModel(HDModel):
    """A whole Hell Dorado scenario file (the sections of its ``type``)."""

    model_config = ConfigDict(title='Hell Dorado scenario', json_schema_extra={"title_fr": 'Scénario Hell Dorado', "description_fr": 'Un fichier de scénario : type fuite, passe ou attraction et ses sections.'})

    system: Literal["hell_dorado"] = F(..., "Rules system", "Système de règles", "Always 'hell_dorado'.",
                                       "Toujours « hell_dorado ».")
    title: str = F("", "Title", "Titre", "Title of the scenario.", "Titre du scénario.")
    description: str = F("", "Description", "Description", "Free text.", "Texte libre.")
    type: Literal["fuite", "passe", "attraction"] = F(
        "fuite", "Scenario type", "Type de scénario",
        "'fuite' (flee with its attaque sans riposte, default), 'passe' (one weapon pass) or 'attraction'.",
        "« fuite » (Fuite et son attaque sans riposte, défaut), « passe » (une passe d'armes) ou « attraction ».")
    profiles_file: str | None = F(None, "Profiles file", "Fichier de profils",
                                  "A TOML file of [profiles.<key>] tables (your cards), relative to the scenario.",
                                  "Un fichier TOML de tables [profiles.<clé>] (vos cartes), relatif au scénario.")
    options: OptionsModel | None = F(None, "Options", "Options", "Modelling options (rules ambiguities).",
                                     "Options de modélisation (ambiguïtés des règles).")
    fleeing: FighterModel | None = _fighter_field("Fleeing fighter", "Fuyard",
                                                  "Fuite: the engaged fighter that flees.",
                                                  "Fuite : le combattant engagé qui fuit.", "fuite")
    adversaries: list[FighterModel] | None = F(None, "Adversaries", "Adversaires",
                                               "Fuite: every adversary in base contact with the fleeing fighter "
                                               "(one attacks, the others give soutien). Attraction: side B.",
                                               "Fuite : chaque adversaire au contact du fuyard (l'un attaque, les "
                                               "autres apportent leur soutien). Attraction : camp B.",
                                               max_length=MAX_FIGHTERS, **_when("fuite", "attraction"))
    fuite: FuiteModel | None = F(None, "Fuite", "Fuite", "Fuite settings.", "Réglages de la Fuite.",
                                 **_when("fuite"))
    attacker: FighterModel | None = _fighter_field("Attacker", "Attaquant", "Passe: the attacking fighter.",
                                                   "Passe : le combattant qui attaque.", "passe")
    defender: FighterModel | None = _fighter_field("Defender", "Défenseur", "Passe: the defending fighter.",
                                                   "Passe : le combattant qui se défend.", "passe")
    passe: PasseModel | None = F(None, "Passe d'armes", "Passe d'armes", "Weapon pass settings.",
                                 "Réglages de la passe d'armes.", **_when("passe"))
    attractors: list[FighterModel] | None = F(None, "Attractors", "Attracteurs",
                                              "Attraction: side-A fighters with Attraction x (positions x, y).",
                                              "Attraction : combattants du camp A avec Attraction x (positions x, y).",
                                              max_length=MAX_FIGHTERS, **_when("attraction"))
    others: list[FighterModel] | None = F(None, "Other side-A fighters", "Autres combattants du camp A",
                                          "Attraction: allies of the attractors, who can intercept. Fuite (with "
                                          "fleeing.x, y): the adversaries' allies on the table, not in contact "
                                          "(positions x, y): the flee move may not touch them, and one with "
                                          "Attraction x can pull the fighter back.",
                                          "Attraction : alliés des attracteurs, qui peuvent intercepter. Fuite "
                                          "(avec fleeing.x, y) : les alliés des adversaires sur la table, pas au "
                                          "contact (positions x, y) : la Fuite ne peut pas les toucher, et celui "
                                          "qui a Attraction x peut ramener le fuyard.",
                                          max_length=MAX_FIGHTERS, **_when("fuite", "attraction"))
    allies: list[FighterModel] | None = F(
        None, "The fleeing fighter's allies", "Alliés du fuyard",
        "Fuite (with fleeing.x, y): the fleeing fighter's allies on the table (positions x, y, base): its flee "
        "move goes round their bases, and so does an adversary charging it again.",
        "Fuite (avec fleeing.x, y) : les alliés du fuyard sur la table (positions x, y, socle) : sa Fuite "
        "contourne leurs socles, comme un adversaire qui le charge de nouveau.", max_length=MAX_FIGHTERS,
        **_when("fuite"))
    terrain: list[TerrainModel] | None = F(
        None, "Impassable terrain", "Terrain impraticable",
        "Attraction with fixed positions, or a placed Fuite: impassable terrain polygons; the shortest path goes "
        "round them and round the mover's allies (shapely).",
        "Attraction aux positions fixes, ou Fuite placée : polygones de terrain impraticable ; le chemin le plus "
        "court les contourne, ainsi que les alliés du combattant qui se déplace.", max_length=MAX_TERRAIN,
        **_when("attraction", "fuite"))
    @field_validator("terrain")
    @classmethod
    def _corners_in_all(cls, v):
        if v and sum(len(t.points) for t in v) > MAX_CORNERS_IN_ALL:
            raise ValueError("expected at most 256 corners in all the terrain pieces (the shortest paths are "
                             "searched over every corner)")
        return v

    attraction: AttractionModel | None = F(None, "Attraction", "Attraction", "Attraction settings.",
                                           "Réglages de l'Attraction.", **_when("attraction"))
    compare: dict[str, dict[str, Any]] | None = F(
        None, "Comparison setups", "Configurations comparées",
        "label = { \"field.path\" = value, label_fr = \"…\" }: the same scenario with fields changed, side by side.",
        "libellé = { \"champ.chemin\" = valeur, label_fr = \"…\" } : le même scénario avec des champs changés, "
        "côte à côte.")


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
