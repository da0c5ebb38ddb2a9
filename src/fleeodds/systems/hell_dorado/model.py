"""Validated Hell Dorado data: fighter profiles, weapons, options and scenario sections.

Everything a player types goes through the pydantic models below
(:class:`fleeodds.validation.StrictModel`: a misspelt option is an error, ``"2"``
or ``true`` is not a number, NaN and infinities are refused) and comes out as plain
frozen dataclasses that the exact solver and the numba kernels read. Errors are
:class:`fleeodds.errors.InputError` / :class:`fleeodds.errors.FleeoddsError`
naming the dotted field, the value and what is allowed.

Units: distances in toises (1 toise = 1 inch by default, option ``toise``),
base sizes in millimetres, damage and PV in life points.

References
----------
Hell Dorado rules digest (docs/hell_dorado.md): §1 glossary, §2
weapon pass, §3 Fuite, §6 Attraction, §7 modelling options. Sapience rules
wiki, "Combat au contact / Résolution des passes d'armes"; Rules Tips "Fuite".
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
    field_validator,
)

from ...errors import InputError, short_repr
from ...files import read_toml
from ...validation import StrictModel, merge_profile, not_modelled, validate, validation_error


DATA_DIR = Path(__file__).resolve().parent / "data"

# --------------------------------------------------------------------------- names
#: Canonical capacity -> accepted spellings (accents and case ignored). ``takes_value``
#: capacities are written with a number, e.g. ``"Attraction 6"``, ``"Esquive 2"``.
CAPACITIES: dict[str, tuple[tuple[str, ...], bool]] = {
    "Intangible": (("intangible",), False),
    "Blocage": (("blocage", "blocking"), False),
    "Insaisissable": (("insaisissable", "elusive"), False),
    "Arpenteur": (("arpenteur", "strider"), False),
    "Attraction": (("attraction",), True),
    "Frappe rapide": (("frappe rapide", "fast strike"), False),
    "Inoffensif": (("inoffensif", "harmless"), False),
    "Lémure": (("lemure", "lemures", "lemur"), False),
    "Esquive": (("esquive", "dodge"), True),
}
CAPACITY_ALLOWED = ("one of Intangible, Blocage (Blocking), Insaisissable (Elusive), Arpenteur (Strider), "
                    "Attraction x, Frappe rapide (Fast strike), Inoffensif (Harmless), Lémure (Lemure), "
                    "Esquive X (Dodge X); x/X a whole number, e.g. 'Attraction 6'")

#: Canonical state -> (kind, accepted spellings); kind 1 = negative, 2 = positive (digest §8.5).
STATES: dict[str, tuple[int, tuple[str, ...]]] = {
    "Mis au sol": (1, ("mis au sol", "knocked down")),
    "Sonné": (1, ("sonne", "stunned")),
    "Immobilisé": (1, ("immobilise", "immobilised", "immobilized")),
    "Blessé": (1, ("blesse", "wounded")),
    "Empoisonné": (1, ("empoisonne", "poisoned")),
    "Rapide": (2, ("rapide", "fast")),
    "Accéléré": (2, ("accelere", "accelerated")),
}
STATE_ALLOWED = ("one of Mis au sol (Knocked down), Sonné (Stunned), Immobilisé (Immobilised), Blessé (Wounded), "
                 "Empoisonné (Poisoned) [negative]; Rapide (Fast), Accéléré (Accelerated) [positive]")

#: Base names -> diameter in mm. Illustrative defaults: give ``base = <mm>`` for your cards.
BASES_MM = {"petit": 30.0, "small": 30.0, "moyen": 40.0, "medium": 40.0, "grand": 50.0, "large": 50.0,
            "tres_grand": 60.0, "very_large": 60.0}
_ZONE_ALLOWED = "{shape = 'disc', cx, cy, r} or {shape = 'rect', x0, y0, x1, y1} (toises, r > 0, x0 < x1, y0 < y1)"
BASE_ALLOWED = ("a base name (petit/small = 30 mm, moyen/medium = 40 mm, grand/large = 50 mm, "
                "tres_grand/very_large = 60 mm) or a diameter in mm from 10 to 200")


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return " ".join(text.casefold().replace("_", " ").replace("-", " ").split())


def parse_capacity(text: Any, fieldname: str) -> tuple[str, int | None]:
    """``"Attraction 6"`` -> ``("Attraction", 6)``; ``"Intangible"`` -> ``("Intangible", None)``.

    Raises
    ------
    InputError
        Unknown capacity, or a missing/extra number.
    """
    if not isinstance(text, str):
        raise InputError(fieldname, text, CAPACITY_ALLOWED)
    if "-" in text.replace("CBT –", "").replace("CBT -", "") and any(c.isdigit() for c in text):
        raise InputError(fieldname, text, "a capacity with a whole number from 1 to 50, e.g. 'Attraction 6'")
    words = _norm(text).split()
    value = None
    if words and words[-1].lstrip("+").isdigit():
        value = int(words[-1].lstrip("+"))
        words = words[:-1]
    name = " ".join(words)
    for canon, (aliases, takes_value) in CAPACITIES.items():
        if name in aliases:
            if takes_value and (value is None or not 1 <= value <= 50):
                raise InputError(fieldname, text, f"'{canon} x' with a whole number x from 1 to 50, e.g. '{canon} 6'")
            if not takes_value and value is not None:
                raise InputError(fieldname, text, f"'{canon}' without a number")
            return canon, value
    raise InputError(fieldname, text, CAPACITY_ALLOWED)


def parse_state(text: Any, fieldname: str) -> tuple[str, int]:
    """State name -> ``(canonical name, kind)`` with kind 1 negative, 2 positive."""
    n = _norm(text) if isinstance(text, str) else None
    for canon, (kind, aliases) in STATES.items():
        if n in aliases:
            return canon, kind
    raise InputError(fieldname, text, STATE_ALLOWED)


@dataclass(frozen=True)
class Options:
    """Resolved options (edition defaults applied). See :class:`OptionsModel`."""

    hd_edition: str = "sapience"
    dice_cap: int | None = 10
    overflow_auto_damage: bool = True
    reroll_policy: str = "always_reroll_misses"
    pro_application: str = "once_per_pass_floor_0"
    kill_rule: str = "damage >= PV"
    support_bonus_per_supporter: int = 1
    support_mode: str = "per_supporter"
    support_cap: int | None = None
    support_requires_effective: bool = False
    cbt_dash_can_support: bool = False
    attacker_choice: str = "max_kill_or_state"
    state_cancels_flee_move: bool = True
    wounded_state_cancels_flee: bool = False
    course_multiplier: float = 2.0
    repli_move_multiplier: float = 1.0
    blocage_scope: str = "any_blocker_prevents_flee"
    intangible_vs_blocage: str = "blocage_prevents"
    def_out_of_range: str = "natural"
    simultaneous_kill: str = "both_apply"
    no_room_move: int | str = 0
    attraction_version: str = "x_2007"
    toise: str = "inch"

    @property
    def toise_mm(self) -> float:
        return 25.4 if self.toise == "inch" else 25.0



# --------------------------------------------------------------------------- pydantic
def F(default: Any = ..., title: str = "", title_fr: str = "", description: str = "", description_fr: str = "",
      unit: str | None = None, alias: str | None = None, default_factory: Any = None, **schema: Any) -> Any:
    """A model field with its English and French title and description, its unit and schema extras.

    ``ge`` / ``le`` are validated bounds (pydantic ``Field``), shown in the JSON Schema as
    ``minimum`` / ``maximum``; every number a player types has one, so that no huge or
    negative value reaches the solvers.
    """
    extra: dict[str, Any] = {"title_fr": title_fr or title, "description_fr": description_fr or description}
    if unit:
        extra["unit"] = unit
    bounds = {k: schema.pop(k) for k in ("ge", "le") if k in schema}
    extra.update(schema)
    kw: dict[str, Any] = {"title": title, "description": description, "json_schema_extra": extra, **bounds}
    if alias:
        kw["alias"] = alias
    if default_factory is not None:
        return Field(default_factory=default_factory, **kw)
    return Field(default, **kw)


class HDModel(StrictModel):
    """Hell Dorado models: strict (``"2"`` or ``true`` is not a number) and no NaN or infinite numbers."""

    model_config = ConfigDict(allow_inf_nan=False)


#: Most melee dice on a card: dice past the 10th are automatic damage (Sapience, option overflow_auto_damage).
CBT_MAX = 20
CBT_SCHEMA = {"anyOf": [{"type": "integer", "minimum": 0, "maximum": CBT_MAX},
                        {"type": "string", "enum": ["-", "–", "—", "none"]}]}
BASE_SCHEMA = {"anyOf": [{"type": "number", "minimum": 10, "maximum": 200},
                         {"type": "string", "enum": sorted(BASES_MM)}]}
_ZONE_NUM = {"type": "number"}
ZONE_SCHEMA = {"oneOf": [
    {"type": "object", "additionalProperties": False, "required": ["shape", "cx", "cy", "r"],
     "properties": {"shape": {"const": "disc"}, "cx": _ZONE_NUM, "cy": _ZONE_NUM,
                    "r": {"type": "number", "exclusiveMinimum": 0}}},
    {"type": "object", "additionalProperties": False, "required": ["shape", "x0", "y0", "x1", "y1"],
     "properties": {"shape": {"const": "rect"}, "x0": _ZONE_NUM, "y0": _ZONE_NUM, "x1": _ZONE_NUM, "y1": _ZONE_NUM}},
]}


class StateTriggerModel(HDModel):
    """A state a weapon inflicts on ``min_hits`` hits or more (card-specific, digest §7 ``state_triggers``)."""

    model_config = ConfigDict(title='State trigger', json_schema_extra={"title_fr": "Déclencheur d'état", "description_fr": "Un état que l'arme inflige à partir de min_hits touches."})

    state: str = F(..., "State", "État",
                   "State inflicted, e.g. 'Mis au sol' (Knocked down): " + STATE_ALLOWED,
                   "État infligé, p. ex. « Mis au sol » : Mis au sol, Sonné, Immobilisé, Blessé, Empoisonné "
                   "[négatifs] ; Rapide, Accéléré [positifs]",
)
    min_hits: int = F(1, "Hits needed", "Touches requises",
                      "The state is inflicted on this many hits or more (1 to 5).",
                      "L'état est infligé à partir de ce nombre de touches (1 à 5).", unit="hits", ge=1, le=5)


class WeaponModel(HDModel):
    """A weapon card: damage for 1, 2, 3, 4 and 5 hits (life points) and the states it inflicts."""

    model_config = ConfigDict(title='Weapon', json_schema_extra={"title_fr": 'Arme', "description_fr": "Une carte d'arme : dégâts pour 1 à 5 touches et états infligés."})

    name: str = F("arme", "Weapon name", "Nom de l'arme", "Name of the weapon (to pick it with 'weapon').",
                  "Nom de l'arme (pour la choisir avec « weapon »).")
    damage: list[int] = F(..., "Damage table", "Table de dégâts",
                          "Damage (PV) for 1, 2, 3, 4 and 5 hits: exactly 5 whole numbers from 0 to 30.",
                          "Dégâts (PV) pour 1, 2, 3, 4 et 5 touches : exactement 5 nombres entiers de 0 à 30.",
                          unit="PV", minItems=5, maxItems=5, items={"type": "integer", "minimum": 0, "maximum": 30})
    states: list[StateTriggerModel] = F(None, "States inflicted", "États infligés",
                                        "States the weapon inflicts on a number of hits, e.g. "
                                        "[{state = 'Mis au sol', min_hits = 3}] (at most 4).",
                                        "États infligés à partir d'un nombre de touches, p. ex. "
                                        "[{state = 'Mis au sol', min_hits = 3}] (4 au plus).",
                                        default_factory=list)

    @field_validator("damage")
    @classmethod
    def _five(cls, v):
        if len(v) != 5 or any(not 0 <= x <= 30 for x in v):
            raise ValueError("expected exactly 5 whole numbers from 0 to 30 (damage for 1, 2, 3, 4 and 5 hits)")
        return v


class FighterModel(HDModel):
    """A fighter profile (card values entered by the player) and its place in the scenario.

    ``cbt`` is a whole number of melee dice or ``"-"`` / ``"–"`` (cannot fight).
    ``def`` is the target number to hit (1 to 6), ``pro`` the protection,
    ``pv`` the life points (current life points when wounded), ``mou`` the
    movement in toises, ``base`` a base name or diameter in mm.
    """

    model_config = ConfigDict(title='Fighter', json_schema_extra={"title_fr": 'Combattant', "description_fr": 'Un combattant : un profil et/ou les valeurs de sa carte (MOU, CBT, DEF, PRO, PV, socle, capacités, armes) et sa place dans le scénario.'})

    name: str = F("combattant", "Name", "Nom", "The fighter's name (names differ within a list).",
                  "Nom du combattant (différent des autres de la liste).")
    profile: str | None = F(None, "Profile", "Profil",
                            "Key of a profile ([profiles.<key>], shipped or from profiles_file); the fields written "
                            "here replace the profile's.",
                            "Clé d'un profil ([profiles.<clé>], fourni ou du profiles_file) ; les champs écrits ici "
                            "remplacent ceux du profil.")
    mou: float = F(4.0, "MOU (movement)", "MOU (mouvement)", "Movement in toises (Marche; Course = 2 × MOU).",
                   "Mouvement en toises (Marche ; Course = 2 × MOU).", unit="toises", ge=0, le=30)
    cbt: Annotated[Any, WithJsonSchema(CBT_SCHEMA)] = F(
        3, "CBT (melee dice)", "CBT (dés de combat)",
        "Melee dice, 0 to 20, or '-' for CBT – (cannot fight). At most 5 are rolled and 5 re-rolled; with "
        "the Sapience overflow rule each die past the 10th is 1 automatic damage. Required for an attacking "
        "fighter without a profile.",
        "Dés de combat au contact, 0 à 20, ou « - » pour CBT – (ne peut pas combattre). 5 dés au plus sont "
        "lancés et 5 relancés ; avec la règle Sapience chaque dé au-delà du 10e inflige 1 dégât automatique. "
        "Obligatoire pour un attaquant sans profil.", unit="dice")
    def_: int = F(4, "DEF", "DEF",
                  "Defence: a die hits this fighter on a d6 >= DEF (1 to 6). Required for a target without a profile.",
                  "Défense : un dé touche ce combattant sur 1d6 >= DEF (1 à 6). Obligatoire pour une cible sans "
                  "profil.", alias="def", ge=1, le=6)
    pro: int = F(0, "PRO (protection)", "PRO (protection)", "Protection, subtracted from the damage of a pass.",
                 "Protection, retranchée des dégâts d'une passe.", unit="PV", ge=0, le=20)
    pv: int = F(3, "PV (life points)", "PV (points de vie)",
                "Current life points, 1 to 100. Required for a target without a profile.",
                "Points de vie restants, 1 à 100. Obligatoire pour une cible sans profil.", unit="PV",
                ge=1, le=100)
    base: Annotated[Any, WithJsonSchema(BASE_SCHEMA)] = F(
        "moyen", "Base", "Socle", BASE_ALLOWED,
        "Nom du socle (petit = 30 mm, moyen = 40 mm, grand = 50 mm, tres_grand = 60 mm) ou diamètre en mm "
        "de 10 à 200.", unit="mm")
    capacities: list[str] = F(None, "Capacities", "Capacités", "Capacities: " + CAPACITY_ALLOWED
                              + ". Esquive X (X from 1 to 6) is used when the fighter is charged in a passe "
                              "(passe.charge = true). Insaisissable and Arpenteur are refused: their rules text "
                              "could not be found.",
                              "Capacités : Intangible, Blocage, Attraction x, Frappe rapide, Inoffensif, Lémure, "
                              "Esquive X (x, X des nombres entiers, p. ex. « Attraction 6 », « Esquive 2 »). Esquive X "
                              "(X de 1 à 6) sert quand le combattant est chargé dans une passe (passe.charge = true). "
                              "Insaisissable et Arpenteur sont refusées : leur texte de règle est introuvable.",
                              default_factory=list)
    weapons: list[WeaponModel] = F(None, "Weapons", "Armes", "Weapon cards (damage for 1 to 5 hits, states).",
                                   "Cartes d'armes (dégâts pour 1 à 5 touches, états).", default_factory=list)
    # per-scenario extras
    weapon: str | None = F(None, "Weapon used", "Arme utilisée", "Name of the weapon used (default: the first).",
                           "Nom de l'arme utilisée (par défaut : la première).")
    bonus_dice: int = F(0, "Bonus dice", "Dés bonus",
                        "Extra attack dice from orders or capacities (Vae Victis X, CMD dice), 0 to 20.",
                        "Dés d'attaque en plus venant d'ordres ou de capacités (Vae Victis X, dés de CMD), 0 à 20.",
                        unit="dice", ge=0, le=20)
    support: int = F(0, "Soutien", "Soutien",
                     "Passe only: number of fighters giving soutien to this one (0 to 10). In a Fuite the soutien "
                     "comes from the other adversaries listed.",
                     "Passe seulement : nombre de combattants qui apportent leur soutien (0 à 10). En Fuite, le "
                     "soutien vient des autres adversaires listés.", ge=0, le=10)
    x: float | None = F(None, "x", "x", "Attraction, or a placed Fuite: position of the base centre (toises, "
                        "-1000000 to 1000000).",
                        "Attraction, ou une Fuite placée : position du centre du socle (toises, de -1000000 à "
                        "1000000).", unit="toises", ge=-1e6, le=1e6)
    y: float | None = F(None, "y", "y", "Attraction, or a placed Fuite: position of the base centre (toises, "
                        "-1000000 to 1000000).",
                        "Attraction, ou une Fuite placée : position du centre du socle (toises, de -1000000 à "
                        "1000000).", unit="toises", ge=-1e6, le=1e6)
    zone: Annotated[dict[str, Any] | None, WithJsonSchema(ZONE_SCHEMA)] = F(
        None, "Deployment zone", "Zone de déploiement",
        "Attraction adversaries: drawn uniformly at random in " + _ZONE_ALLOWED,
        "Adversaires d'Attraction : tirés au hasard uniformément dans {shape = 'disc', cx, cy, r} ou "
        "{shape = 'rect', x0, y0, x1, y1} (toises).", unit="toises")
    engaged: bool = F(False, "Engaged", "Engagé",
                      "Attraction: already engaged (in contact with an enemy) at the start. Passe with charge = "
                      "true: a defender already engaged cannot use Esquive X. A Fuite's fighters are engaged by "
                      "definition (false is refused there).",
                      "Attraction : déjà engagé (au contact d'un ennemi) au départ. Passe avec charge = true : un "
                      "défenseur déjà engagé ne peut pas utiliser l'Esquive X. En Fuite, les combattants sont "
                      "engagés par définition (false y est refusé).")
    state: Literal["", "Mis au sol", "Immobilisé"] = F(
        "", "Current state", "État actuel",
        "A state the fighter already has that forbids Esquive X: 'Mis au sol' (Knocked down) or 'Immobilisé' "
        "(Immobilised); default '' (none). Used for the defender of a passe with charge = true.",
        "Un état que le combattant a déjà et qui interdit l'Esquive X : « Mis au sol » ou « Immobilisé » ; défaut "
        "« » (aucun). Sert au défenseur d'une passe avec charge = true.")
    illustrative: bool = F(False, "Illustrative", "Illustratif", "Marks values that are not official card values.",
                           "Indique des valeurs qui ne sont pas celles des cartes officielles.")
    notes: str = F("", "Notes", "Notes", "Free text.", "Texte libre.")

    @field_validator("def_")
    @classmethod
    def _def(cls, v):
        if not 1 <= v <= 6:
            raise ValueError("expected DEF as a whole number from 1 to 6 (a die hits on a d6 >= DEF)")
        return v

    @field_validator("pv")
    @classmethod
    def _pv(cls, v):
        if not 1 <= v <= 100:
            raise ValueError("expected life points (PV) as a whole number from 1 to 100")
        return v

    @field_validator("cbt")
    @classmethod
    def _cbt(cls, v):
        msg = f"expected a whole number of dice from 0 to {CBT_MAX}, or '-' (CBT –)"
        if isinstance(v, str):
            if v.strip() in ("-", "–", "—", "none"):
                return "-"
            raise ValueError(msg)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= CBT_MAX:
            raise ValueError(msg)
        return v

    @field_validator("base")
    @classmethod
    def _base(cls, v):
        if isinstance(v, str):
            if _norm(v).replace(" ", "_") in BASES_MM:
                return _norm(v).replace(" ", "_")
            raise ValueError("expected " + BASE_ALLOWED)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 10 <= v <= 200:
            raise ValueError("expected " + BASE_ALLOWED)
        return float(v)


Edition = Literal["sapience", "asmodee", "cipher"]


def O(default: Any, title: str, title_fr: str, description: str, description_fr: str, **kw: Any) -> Any:
    return F(default, title, title_fr, description, description_fr, **kw)


class OptionsModel(HDModel):
    """Modelling options (rules digest §7). ``None`` means "the edition's default".

    See the field descriptions (``fleeodds schema hell_dorado``) for each option, its
    default (the rulebook's reading) and its alternatives.
    """

    model_config = ConfigDict(title='Options', json_schema_extra={"title_fr": 'Options', "description_fr": 'Options de modélisation : chaque ambiguïté des règles, avec la lecture du livre de règles par défaut.'})

    hd_edition: Edition = O("sapience", "Edition", "Édition",
                            "Rules edition: 'sapience' (community edition, default), 'asmodee' (2007) or 'cipher' "
                            "(2010); selects the defaults of dice_cap and overflow_auto_damage.",
                            "Édition des règles : « sapience » (édition communautaire, défaut), « asmodee » (2007) "
                            "ou « cipher » (2010) ; fixe les défauts de dice_cap et overflow_auto_damage.")
    dice_cap: Literal[10, "none"] | None = O(None, "Dice cap", "Plafond de dés",
                                            "10 (5 rolled + 5 re-rolls; Sapience default) or 'none' (Asmodée, Cipher).",
                                            "10 (5 dés lancés + 5 relances ; défaut Sapience) ou « none » "
                                            "(Asmodée, Cipher).", unit="dice")
    overflow_auto_damage: bool | None = O(None, "Dice past the 10th: automatic damage",
                                          "Dés au-delà du 10e : dégâts automatiques",
                                          "1 damage per die past the 10th, ignoring PRO, even with 0 hits (default "
                                          "true for Sapience, false otherwise).",
                                          "1 dégât par dé au-delà du 10e, sans PRO, même sans touche (vrai par "
                                          "défaut en Sapience, faux sinon).")
    reroll_policy: Literal["always_reroll_misses", "optional"] = O(
        "always_reroll_misses", "Re-rolls", "Relances",
        "'always_reroll_misses' (default): every extra die re-rolls a missed die once. 'optional': the attacker "
        "re-rolls its missed dice one at a time and stops when that is better for it (kill or stop the target; in "
        "a Fuite, the goal of attacker_choice), computed exactly; the same numbers when every damage table only "
        "grows with the hits.",
        "« always_reroll_misses » (défaut) : chaque dé en plus relance une fois un dé raté. « optional » : "
        "l'attaquant relance ses dés ratés un par un et s'arrête quand c'est mieux pour lui (tuer ou arrêter la "
        "cible ; en Fuite, le but de attacker_choice), calculé exactement ; mêmes chiffres quand chaque table de "
        "dégâts croît avec les touches.")
    pro_application: Literal["once_per_pass_floor_0", "per_hit"] = O(
        "once_per_pass_floor_0", "PRO application", "Application de la PRO",
        "PRO subtracted once from the pass's damage, floor 0 (default), or from each hit.",
        "PRO retranchée une fois des dégâts de la passe, plancher 0 (défaut), ou à chaque touche.")
    kill_rule: Literal["damage >= PV", "damage > PV"] = O(
        "damage >= PV", "Kill rule", "Règle de mort", "Killed when damage >= remaining PV (default) or > PV.",
        "Tué quand les dégâts >= PV restants (défaut) ou > PV.")
    support_bonus_per_supporter: int = O(1, "Soutien bonus", "Bonus de soutien",
                                         "Attack dice per supporter (0 to 5, default 1).",
                                         "Dés d'attaque par combattant en soutien (0 à 5, défaut 1).", unit="dice",
                                         ge=0, le=5)
    support_mode: Literal["per_supporter", "flat"] = O(
        "per_supporter", "Soutien mode", "Mode de soutien",
        "The bonus for each supporter (default) or once in total ('flat').",
        "Le bonus pour chaque combattant en soutien (défaut) ou une seule fois (« flat »).")
    support_cap: int | None = O(None, "Soutien cap", "Plafond de soutien",
                                "Most soutien dice in total (0 to 10; default none).",
                                "Nombre maximal de dés de soutien (0 à 10 ; défaut aucun).", unit="dice", ge=0, le=10)
    support_requires_effective: bool = O(False, "Inoffensif fighters give no soutien",
                                         "Les combattants Inoffensifs n'apportent pas de soutien",
                                         "Default false: Inoffensif (Harmless) fighters support.",
                                         "Défaut faux : les combattants Inoffensifs apportent leur soutien.")
    cbt_dash_can_support: bool = O(False, "CBT – fighters give soutien", "Les combattants CBT – apportent du soutien",
                                   "Default false.", "Défaut faux.")
    attacker_choice: Literal["max_kill_or_state", "max_kill", "max_expected_damage", "most_dice", "user"] = O(
        "max_kill_or_state", "Choice of the attacker (Fuite)", "Choix de l'attaquant (Fuite)",
        "How the opposing player picks the adversary making the attaque sans riposte: most likely to kill or "
        "inflict a state (default, computed exactly; ties: first listed), to kill, most expected damage, most dice, "
        "or 'user' (fuite.attacker).",
        "Comment le joueur adverse choisit l'adversaire qui porte l'attaque sans riposte : le plus susceptible de "
        "tuer ou d'infliger un état (défaut, calcul exact ; égalité : le premier listé), de tuer, le plus de dégâts "
        "moyens, le plus de dés, ou « user » (fuite.attacker).")
    state_cancels_flee_move: bool = O(True, "A new state cancels the flee move",
                                      "Un nouvel état annule le mouvement de Fuite",
                                      "Default true: any new state (negative or positive) stops the move.",
                                      "Défaut vrai : tout nouvel état (négatif ou positif) empêche le mouvement.")
    wounded_state_cancels_flee: bool = O(False, "Blessé cancels the flee move", "Blessé annule la Fuite",
                                         "True: any non-lethal damage counts as the state Blessé (default false).",
                                         "Vrai : tout dégât non mortel compte comme l'état Blessé (défaut faux).")
    course_multiplier: float = O(2.0, "Course multiplier", "Multiplicateur de Course",
                                 "Flee move (Course) and Charge = this × MOU (default 2).",
                                 "Mouvement de Fuite (Course) et Charge = ce nombre × MOU (défaut 2).", ge=0, le=5)
    repli_move_multiplier: float = O(1.0, "Repli move multiplier", "Multiplicateur du mouvement de Repli",
                                     "Move under an Ordre Repli = this × MOU (default 1: not doubled).",
                                     "Mouvement sous un Ordre Repli = ce nombre × MOU (défaut 1 : non doublé).",
                                     ge=0, le=5)
    blocage_scope: Literal["any_blocker_prevents_flee", "only_from_blocker"] = O(
        "any_blocker_prevents_flee", "Blocage scope", "Portée du Blocage",
        "Default: one adversary with Blocage prevents the Fuite; 'only_from_blocker': only if every adversary in "
        "contact has Blocage.",
        "Défaut : un seul adversaire avec Blocage empêche la Fuite ; « only_from_blocker » : seulement si tous les "
        "adversaires au contact ont Blocage.")
    intangible_vs_blocage: Literal["blocage_prevents", "intangible_ignores"] = O(
        "blocage_prevents", "Intangible against Blocage", "Intangible contre Blocage",
        "Default: Blocage prevents the Fuite even of an Intangible fighter.",
        "Défaut : Blocage empêche la Fuite même d'un combattant Intangible.")
    def_out_of_range: Literal["natural", "6_always_hits"] = O(
        "natural", "DEF out of range", "DEF hors limites",
        "Effective DEF >= 7 never hit and <= 1 always hit (default), or a 6 always hits.",
        "DEF effective >= 7 jamais touchée et <= 1 toujours touchée (défaut), ou un 6 touche toujours.")
    simultaneous_kill: Literal["both_apply", "frappe_rapide_first"] = O(
        "both_apply", "Simultaneous kills", "Morts simultanées",
        "Normal pass: both damages apply (default), or Frappe rapide strikes first.",
        "Passe normale : les deux dégâts s'appliquent (défaut), ou Frappe rapide frappe d'abord.")
    no_room_move: Literal[0, "partial"] = O(0, "Move without room", "Mouvement sans place",
                                            "Surrounded fighter: no move (0, default) or fuite.partial_room_toises "
                                            "('partial').",
                                            "Combattant cerné : pas de mouvement (0, défaut) ou "
                                            "fuite.partial_room_toises (« partial »).")
    attraction_version: Literal["x_2007", "D_original"] = O(
        "x_2007", "Attraction wording", "Version d'Attraction",
        "Attraction x (errata August 2007, lémures immune; default) or Attraction D (original, not immune).",
        "Attraction x (errata d'août 2007, lémures immunisés ; défaut) ou Attraction D (originale, non immunisés).")
    toise: Literal["inch", "2.5cm"] = O("inch", "Toise", "Toise",
                                        "Length of a toise, to turn base diameters into toises: 1 inch (default) "
                                        "or 2.5 cm.",
                                        "Longueur d'une toise, pour convertir les socles en toises : 1 pouce "
                                        "(défaut) ou 2,5 cm.")


    @field_validator("no_room_move", mode="before")
    @classmethod
    def _no_room(cls, v):
        if isinstance(v, bool):  # False == 0 would pass the literal
            raise ValueError("expected one of 0 or 'partial'")
        return v


#: Options that matter in each scenario type; "attack" options matter wherever a weapon pass is rolled.
ATTACK_OPTIONS = ("hd_edition", "dice_cap", "overflow_auto_damage", "reroll_policy", "pro_application",
                  "kill_rule", "def_out_of_range")
SUPPORT_OPTIONS = ("support_bonus_per_supporter", "support_mode", "support_cap", "support_requires_effective",
                   "cbt_dash_can_support")
OPTION_SCOPE = {
    "fuite": set(ATTACK_OPTIONS + SUPPORT_OPTIONS) | {
        "attacker_choice", "state_cancels_flee_move", "wounded_state_cancels_flee", "course_multiplier",
        "repli_move_multiplier", "blocage_scope", "intangible_vs_blocage", "no_room_move", "attraction_version"},
    "passe": set(ATTACK_OPTIONS + SUPPORT_OPTIONS) | {"simultaneous_kill"},
    "attraction": {"course_multiplier", "attraction_version", "toise"},
    "attraction_then_pass": {"course_multiplier", "attraction_version", "toise", "simultaneous_kill",
                             *ATTACK_OPTIONS},
}


# --------------------------------------------------------------------------- scenario sections
FUITE_COMPARE_KEYS = ("base", "intangible", "no_intangible", "ordre_repli", "no_soutien", "blocage", "no_room")


class FuiteModel(HDModel):
    """``[fuite]``: the flee itself (rules digest §3)."""

    model_config = ConfigDict(title='Fuite', json_schema_extra={"title_fr": 'Fuite', "description_fr": "L'action de Fuite et son attaque sans riposte."})

    repli: bool = F(False, "Ordre Repli", "Ordre Repli",
                    "Under an Ordre Repli: no attaque sans riposte, move not doubled.",
                    "Sous un Ordre Repli : pas d'attaque sans riposte, mouvement non doublé.")
    attacker: str | None = F(None, "Attacker", "Attaquant",
                             "Name of the adversary making the attaque sans riposte (default: the opposing player's "
                             "best choice, option attacker_choice).",
                             "Nom de l'adversaire qui porte l'attaque sans riposte (défaut : le meilleur choix du "
                             "joueur adverse, option attacker_choice).")
    room: bool = F(True, "Room to move", "Place pour fuir",
                   "False: the fleeing fighter is surrounded, its base cannot get out (it still takes the attack).",
                   "Faux : le fuyard est cerné, son socle ne peut pas sortir (il subit quand même l'attaque).")
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
        "nearest", "Several Attraction zones", "Plusieurs zones d'Attraction",
        "With fuite.direction, when the flee move ends inside several Attraction zones: 'nearest' (default, as "
        "the Attraction scenario), 'first_listed', or 'player_choice' (the fleeing fighter's player picks a "
        "holder it cannot reach when there is one, and is then not pulled back).",
        "Avec fuite.direction, quand la Fuite s'achève dans plusieurs zones d'Attraction : « nearest » (le plus "
        "proche, défaut, comme le scénario Attraction), « first_listed » (le premier listé), ou « player_choice » "
        "(le joueur du fuyard choisit un porteur qu'il ne peut pas atteindre s'il y en a un, et n'est alors pas "
        "ramené).")
    compare: list[Literal[FUITE_COMPARE_KEYS]] | None = F(  # type: ignore[valid-type]
        None, "Comparison shorthand", "Raccourci de comparaison",
        "The same Fuite side by side with a change: 'base' (as given), 'intangible', 'no_intangible', "
        "'ordre_repli', 'no_soutien', 'blocage' (first adversary), 'no_room'. Shorthand for [compare].",
        "La même Fuite côte à côte avec un changement : « base » (tel quel), « intangible », « no_intangible », "
        "« ordre_repli », « no_soutien » (sans soutien), « blocage » (premier adversaire), « no_room » (cerné). "
        "Raccourci de [compare].")

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
        "nearest", "Several attractors", "Plusieurs attracteurs",
        "Inside several Attraction zones, the fighter goes to the nearest holder (default), the first listed, or "
        "'player_choice': its player picks the best for it — a holder it cannot reach if there is one (it is then "
        "unaffected), else, with then_pass, the one against which the focus adversary is least likely to be "
        "killed (then most likely to kill), else the nearest.",
        "Dans plusieurs zones d'Attraction, le combattant va vers le plus proche (défaut), le premier listé, ou "
        "« player_choice » : son joueur choisit le meilleur pour lui — un attracteur qu'il ne peut pas atteindre "
        "s'il y en a un (il n'est alors pas affecté), sinon, avec then_pass, celui contre lequel l'adversaire suivi "
        "risque le moins d'être tué (puis a le plus de chances de tuer), sinon le plus proche.")
    measure: Literal["edge", "centre"] = F("edge", "Measure", "Mesure",
                                           "Distances base edge to base edge (default) or centre to centre.",
                                           "Distances de bord de socle à bord de socle (défaut) ou de centre à "
                                           "centre.")
    movement: Literal["charge", "assaut"] = F("charge", "Movement", "Mouvement",
                                              "Charge (course_multiplier × MOU, default) or Assaut (MOU).",
                                              "Charge (course_multiplier × MOU, défaut) ou Assaut (MOU).")
    then_pass: bool = F(False, "Then a pass", "Puis une passe",
                        "True: a pulled focus adversary then fights a normal pass with the attractor.",
                        "Vrai : l'adversaire suivi, attiré, livre ensuite une passe normale contre l'attracteur.")


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
                                  unit="toises", minItems=3,
                                  items={"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "number"}})

    @field_validator("points")
    @classmethod
    def _points(cls, v):
        if len(v) < 3 or any(len(p) != 2 or any(abs(c) > 1e6 for c in p) for p in v):
            raise ValueError("expected at least 3 corners [x, y] (toises, from -1000000 to 1000000)")
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
                                               **_when("fuite", "attraction"))
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
                                              **_when("attraction"))
    others: list[FighterModel] | None = F(None, "Other side-A fighters", "Autres combattants du camp A",
                                          "Attraction: allies of the attractors, who can intercept. Fuite (with "
                                          "fleeing.x, y): the adversaries' allies on the table, not in contact "
                                          "(positions x, y): the flee move may not touch them, and one with "
                                          "Attraction x can pull the fighter back.",
                                          "Attraction : alliés des attracteurs, qui peuvent intercepter. Fuite "
                                          "(avec fleeing.x, y) : les alliés des adversaires sur la table, pas au "
                                          "contact (positions x, y) : la Fuite ne peut pas les toucher, et celui "
                                          "qui a Attraction x peut ramener le fuyard.",
                                          **_when("fuite", "attraction"))
    terrain: list[TerrainModel] | None = F(
        None, "Impassable terrain", "Terrain impraticable",
        "Attraction with fixed positions: impassable terrain polygons; the shortest path goes round them "
        "and round the mover's allies (shapely).",
        "Attraction aux positions fixes : polygones de terrain impraticable ; le chemin le plus court les "
        "contourne, ainsi que les alliés du combattant attiré.", **_when("attraction"))
    attraction: AttractionModel | None = F(None, "Attraction", "Attraction", "Attraction settings.",
                                           "Réglages de l'Attraction.", **_when("attraction"))
    compare: dict[str, dict[str, Any]] | None = F(
        None, "Comparison setups", "Configurations comparées",
        "label = { \"field.path\" = value, label_fr = \"…\" }: the same scenario with fields changed, side by side.",
        "libellé = { \"champ.chemin\" = valeur, label_fr = \"…\" } : le même scénario avec des champs changés, "
        "côte à côte.")


#: Sections of each scenario type (the others are refused).
SECTIONS = {"fuite": ("fleeing", "adversaries", "others", "fuite"), "passe": ("attacker", "defender", "passe"),
            "attraction": ("attractors", "others", "adversaries", "attraction", "terrain")}


# --------------------------------------------------------------------------- errors
def pydantic_error(exc: ValidationError, model: type[BaseModel], prefix: str = "") -> InputError:
    """The first problem of a pydantic ``ValidationError`` as one :class:`InputError`
    (:func:`fleeodds.validation.validation_error`)."""
    return validation_error(exc, model, prefix)


def parse_options(data: Any, prefix: str = "options.") -> Options:
    """Validate the ``[options]`` table and apply the edition defaults.

    Raises
    ------
    InputError
        Naming the option (``options.dice_cap``), the value and what is allowed.
    """
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError(prefix.rstrip("."), short_repr(data), "a table of options")
    m = validate(OptionsModel, data, prefix)
    d = m.model_dump()
    sap = d["hd_edition"] == "sapience"
    if d["dice_cap"] is None:
        d["dice_cap"] = 10 if sap else "none"
    d["dice_cap"] = None if d["dice_cap"] == "none" else 10
    if d["overflow_auto_damage"] is None:
        d["overflow_auto_damage"] = sap
    return Options(**d)


# --------------------------------------------------------------------------- resolved fighters
@dataclass(frozen=True)
class Weapon:
    """A resolved weapon: ``damage[h - 1]`` life points for ``h`` hits; ``states``: (name, kind, min_hits)."""

    name: str
    damage: tuple[int, int, int, int, int]
    states: tuple[tuple[str, int, int], ...] = ()


@dataclass(frozen=True)
class Fighter:
    """A resolved fighter. ``cbt`` is ``None`` for CBT –; ``base_mm`` the base diameter in mm."""

    name: str
    mou: float
    cbt: int | None
    def_: int
    pro: int
    pv: int
    base_mm: float
    capacities: dict[str, int | None]
    weapon: Weapon | None
    bonus_dice: int = 0
    support: int = 0
    x: float | None = None
    y: float | None = None
    zone: tuple | None = None
    engaged: bool = False
    state: str = ""
    illustrative: bool = False
    profile: str | None = None
    #: Fields set in the scenario or its profile (the rest are defaults), to refuse inputs with no effect.
    given: frozenset = field(default=frozenset(), compare=False, repr=False)

    def has(self, capacity: str) -> bool:
        return capacity in self.capacities

    def describe(self) -> dict[str, Any]:
        d = {"name": self.name, "MOU": self.mou, "CBT": "-" if self.cbt is None else self.cbt, "DEF": self.def_,
             "PRO": self.pro, "PV": self.pv, "base_mm": self.base_mm,
             "capacities": [k if v is None else f"{k} {v}" for k, v in self.capacities.items()]}
        if self.weapon:
            d["weapon"] = {"name": self.weapon.name, "damage": list(self.weapon.damage),
                           "states": [{"state": s, "min_hits": h} for s, _, h in self.weapon.states]}
        if self.bonus_dice:
            d["bonus_dice"] = self.bonus_dice
        if self.profile:
            d["profile"] = self.profile
        if self.illustrative:
            d["illustrative"] = True
        return d


def load_profiles(path: Path | None = None, field: str = "profiles_file") -> dict[str, dict]:
    """Profiles of a TOML file ``[profiles.<key>]`` (default: the shipped illustrative ones).

    Parameters
    ----------
    path : pathlib.Path, optional
        The file, read with :func:`fleeodds.files.read_toml` (a folder, a device, a
        pipe, a non-UTF-8 or an over-large file is a one-line error).
    field : str
        Field named in error messages.

    Returns
    -------
    dict[str, dict]
        Raw profile tables by key (validated when used).

    Raises
    ------
    FleeoddsError
        If the file cannot be read, is not valid TOML, or ``profiles`` / a profile is not a table.
    """
    path = path or DATA_DIR / "illustrative_profiles.toml"
    data = read_toml(path, field)
    profiles = data.get("profiles", {})
    if not isinstance(profiles, dict):
        raise InputError(f"{path}: profiles", short_repr(profiles), "a table [profiles.<name>]")
    for key, prof in profiles.items():
        if not isinstance(prof, dict):
            raise InputError(f"{path}: profiles.{key}", short_repr(prof), "a table of fighter fields")
    return profiles


_ZONE_KEYS = {"disc": ("shape", "cx", "cy", "r"), "rect": ("shape", "x0", "y0", "x1", "y1")}


def _zone(z: Any, fieldname: str) -> tuple:
    """A zone table as ``(kind, a, b, c, d)``: disc ``(0, cx, cy, r, 0)``, rect ``(1, x0, y0, x1, y1)``.

    Raises
    ------
    InputError
        For another shape, missing or extra keys, a number that is not a finite
        number (NaN, infinite, a boolean, a text), ``r <= 0``, ``x0 >= x1`` or ``y0 >= y1``.
    """
    shape = z.get("shape") if isinstance(z, dict) else None
    keys = _ZONE_KEYS.get(shape) if isinstance(shape, str) else None
    if keys is None or set(z) != set(keys):
        raise InputError(fieldname, short_repr(z), _ZONE_ALLOWED)
    nums = []
    for k in keys[1:]:
        v = z[k]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) > 1e6:
            raise InputError(f"{fieldname}.{k}", short_repr(v), "a finite number of toises (no nan, inf or true)")
        nums.append(float(v))
    if shape == "disc" and nums[2] > 0:
        return (0, nums[0], nums[1], nums[2], 0.0)
    if shape == "rect" and nums[0] < nums[2] and nums[1] < nums[3]:
        return (1, *nums)
    raise InputError(fieldname, short_repr(z), _ZONE_ALLOWED)


#: Capacities fleeodds knows but does not model (refused by name): the Attraction texts grant them
#: without defining them, and their rules text could not be found (see docs/hell_dorado.md).
NOT_MODELLED_CAPACITIES = {
    "Insaisissable": "Insaisissable (Elusive): its rules text could not be found (the Attraction texts grant it "
                     "without defining it), so fleeodds does not guess its effect",
    "Arpenteur": "Arpenteur (Strider): its rules text could not be found (the Attraction texts grant it without "
                 "defining it), so fleeodds does not guess its effect",
}
#: Esquive X: a 1d6 <= X, so X from 1 to 6 (6: always).
ESQUIVE_MAX = 6
#: Fighter fields that select or describe, not card values.
_META = {"name", "notes", "illustrative"}


def build_fighter(data: Any, fieldname: str, profiles: dict[str, dict], need_weapon: bool = False,
                  required: tuple[str, ...] = ()) -> Fighter:
    """Validate one fighter table, merged over ``profiles[data["profile"]]`` when given.

    Parameters
    ----------
    data : dict
        Fighter fields (see :class:`FighterModel`), optionally ``profile = "<key>"``.
    fieldname : str
        Dotted name used in error messages, e.g. ``"adversaries.0"``.
    profiles : dict
        Available profiles (shipped illustrative + the scenario's ``profiles_file``).
    need_weapon : bool
        Require a weapon when the fighter has attack dice.
    required : tuple of str
        Fields the scenario needs when no profile is given (e.g. ``("def", "pv")``).

    Raises
    ------
    InputError
        Any invalid field (one line, never a ``TypeError``): a table of the wrong
        shape, an empty table, an unknown profile, capacity, state or weapon name,
        a capacity not modelled (Insaisissable, Arpenteur), Esquive X above 6, a capacity
        given twice (``["Esquive 2", "Esquive 4"]``: which X applies would be a guess).
    """
    if not isinstance(data, dict):
        raise InputError(fieldname, short_repr(data), "a table of fighter fields (or profile = '<name>')")
    if not profiles or not isinstance(profiles, dict):
        profiles = {}
    if "profile" in data:
        key = data["profile"]
        names = ", ".join(sorted(map(str, profiles))) or "(no profiles)"
        if not isinstance(key, str) or key not in profiles:
            raise InputError(f"{fieldname}.profile", short_repr(key), "one of " + names)
        prof = profiles[key]
        if not isinstance(prof, dict):
            raise InputError(f"{fieldname}.profile", key, f"a profile that is a table of fighter fields "
                                                          f"(profiles.{key} is {short_repr(prof)!r})")
        merged = merge_profile({"name": key, **prof}, data, drop=())
    else:
        if not set(data) - _META:
            raise InputError(fieldname, short_repr(data), "a profile = '<name>' or the fighter's fields "
                                                          "(def, pv, cbt, weapons…): an empty fighter is not "
                                                          "a default one")
        missing = [k for k in required if k not in data]
        if missing:
            err = InputError(f"{fieldname}.{missing[0]}", None,
                             f"a value: without a profile the scenario needs {', '.join(required)}")
            err.args = (f"{fieldname}.{missing[0]}: missing; without a profile = '<name>' this scenario needs "
                        + ", ".join(required),)
            raise err
        merged = dict(data)
    m = validate(FighterModel, merged, fieldname + ".")
    caps: dict[str, int | None] = {}
    for i, c in enumerate(m.capacities):
        name, value = parse_capacity(c, f"{fieldname}.capacities.{i}")
        if name in NOT_MODELLED_CAPACITIES:
            raise not_modelled(f"{fieldname}.capacities.{i}", c, NOT_MODELLED_CAPACITIES[name])
        if name == "Esquive" and value > ESQUIVE_MAX:
            raise InputError(f"{fieldname}.capacities.{i}", c,
                             "'Esquive X' with X from 1 to 6 (the dodge succeeds on 1d6 <= X)")
        if name in caps:
            first = [parse_capacity(d, "")[0] for d in m.capacities].index(name)
            raise InputError(f"{fieldname}.capacities.{i}", c,
                             f"each capacity once ({name} is already {fieldname}.capacities.{first}: a fighter has "
                             "one value of it, e.g. one Esquive X)")
        caps[name] = value
    weapons = []
    for wi, w in enumerate(m.weapons):
        states = tuple((*parse_state(s.state, f"{fieldname}.weapons.{wi}.states.{si}.state"), s.min_hits)
                       for si, s in enumerate(w.states))
        weapons.append(Weapon(w.name, tuple(w.damage), states))
    weapon = None
    if m.weapon is not None:
        found = [w for w in weapons if w.name == m.weapon]
        if not found:
            raise InputError(f"{fieldname}.weapon", m.weapon,
                             "one of " + (", ".join(repr(w.name) for w in weapons) or "(no weapons defined)"))
        weapon = found[0]
    elif weapons:
        weapon = weapons[0]
    cbt = None if m.cbt == "-" else int(m.cbt)
    if need_weapon and cbt is not None and weapon is None:
        raise InputError(f"{fieldname}.weapons", [], "at least one weapon {name, damage = [5 values]} "
                                                     "for a fighter with attack dice")
    base_mm = BASES_MM[m.base] if isinstance(m.base, str) else float(m.base)
    zone = _zone(m.zone, f"{fieldname}.zone") if m.zone is not None else None
    return Fighter(name=m.name, mou=float(m.mou), cbt=cbt, def_=m.def_, pro=m.pro, pv=m.pv, base_mm=base_mm,
                   capacities=caps, weapon=weapon, bonus_dice=m.bonus_dice, support=m.support, x=m.x, y=m.y,
                   zone=zone, engaged=m.engaged, state=m.state, illustrative=m.illustrative, profile=m.profile,
                   given=frozenset(m.model_fields_set))
