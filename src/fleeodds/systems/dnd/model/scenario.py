"""Validation of a D&D scenario: runner, enemies along the path, movement mode, options.

The file is checked in two passes, before anything reaches a kernel:

1. :class:`ScenarioModel` (pydantic, :class:`fleeodds.validation.StrictModel`)
   checks every field's type and range and refuses unknown fields; it is also the
   JSON Schema of a scenario file (:func:`schema`, ``fleeodds schema dnd``).
2. :func:`parse_spec` merges the stat-line presets (``preset = "srd35_orc_falchion"``,
   read from ``data/*.toml``; the scenario's own fields win, through
   :func:`fleeodds.validation.merge_profile`), then checks what depends on the
   edition, the mode or other fields: dice notation, modes allowed in the
   edition, Tumble trained, and **inputs that would change nothing** (``min_damage_1``
   in 5e, ``simultaneous_oa = "all_resolve"`` with no simultaneous enemy …), which
   are refused by name (:func:`fleeodds.validation.no_effect`).

Every problem raises :class:`fleeodds.errors.InputError` naming the field as a
dotted path (``runner.hp``, ``enemies.1.threat_range``, ``options.simultaneous_oa``),
the value and what is allowed.
"""

from __future__ import annotations

import re
import tomllib
import types
import typing
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from fractions import Fraction
from itertools import product
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

from ...dice import parse
from ...errors import InputError, short_repr
from ...validation import CheckedSource, StrictModel, json_schema, merge_profile, no_effect, validate
from .rules import is_5e, parse_threat_range

EDITION_ALIASES = {"3.5": "3.5", "35": "3.5", "3.5e": "3.5", "dnd3.5": "3.5", "pf1": "pf1", "pf": "pf1",
                   "pathfinder": "pf1", "pf1e": "pf1", "5e2014": "5e2014", "5e-2014": "5e2014",
                   "5e": "5e2014", "2014": "5e2014", "5e2024": "5e2024", "5e-2024": "5e2024", "2024": "5e2024"}
EDITION_ALLOWED = "one of '3.5', 'pf1', '5e2014', '5e2024'"

#: Movement modes per edition (aliases are mapped by :data:`MODE_ALIASES`).
MODES = {
    "3.5": ("move", "withdraw", "run", "five_foot_step", "tumble", "tumble_full", "stay"),
    "pf1": ("move", "withdraw", "run", "five_foot_step", "tumble", "tumble_full", "stay"),
    "5e2014": ("move", "dash", "disengage", "stay", "teleport", "forced"),
    "5e2024": ("move", "dash", "disengage", "stay", "teleport", "forced"),
}
MODE_ALIASES = {"acrobatics": "tumble", "acrobatics_half": "tumble", "tumble_half": "tumble",
                "acrobatics_full": "tumble_full", "5_foot_step": "five_foot_step", "5ft_step": "five_foot_step",
                "step": "five_foot_step"}
#: Default modes of a decision table when ``compare_modes = "auto"``.
AUTO_COMPARE = {
    "3.5": ("move", "withdraw", "tumble", "five_foot_step", "stay"),
    "pf1": ("move", "withdraw", "tumble", "five_foot_step", "stay"),
    "5e2014": ("move", "disengage", "stay"),
    "5e2024": ("move", "disengage", "stay"),
}

FEATS = {
    "3.5": ("mobility", "dodge", "run", "spring_attack"),
    "pf1": ("mobility", "dodge", "run", "spring_attack"),
    "5e2014": ("mobile",),
    "5e2024": ("speedy",),
}
ON_HIT = ("none", "prone", "grapple", "slow")
SAVE_ABILITIES = ("str", "dex", "con")
ARMOR = ("none", "light", "medium", "heavy")
METRICS = ("damage", "attacks", "hits")
DEFAULT_ATTACKER = {"3.5": "srd35_orc_falchion", "pf1": "pf1_orc", "5e2014": "srd51_orc", "5e2024": "srd51_orc"}

#: Largest magnitude of any integer field (no game number is this large; numba's int64 stays safe).
INT_LIMIT = 1_000_000
#: Longest dice notation accepted (characters), and longest run of digits in it.
MAX_DICE_TEXT = 100
MAX_DICE_DIGITS = 7


# --------------------------------------------------------------------------- the file's schema


def F(default: Any, title: str, title_fr: str, description: str, description_fr: str,
      unit: str | None = None, **constraints: Any) -> Any:
    """A documented field: English and French title and description, unit, constraints."""
    extra: dict[str, Any] = {"title_fr": title_fr, "description_fr": description_fr}
    if unit:
        extra["unit"] = unit
    return Field(default, title=title, description=description, json_schema_extra=extra, **constraints)


Int = Optional[int]
Flag = bool
Feats = Union[list[str], str]


class RunnerModel(StrictModel):
    """The character leaving melee (``[runner]``); every field may come from a preset."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Fuyard", "description_fr": (
        "Le personnage qui quitte la mêlée (``[runner]``) ; chaque champ peut venir d'un profil "
        "prédéfini.")})

    preset: Optional[str] = F(None, "preset", "profil prédéfini",
                              "Shipped stat line whose fields this table overrides (e.g. srd35_wizard_1).",
                              "Profil livré dont cette table remplace les champs (p. ex. srd35_wizard_1).")
    name: Optional[str] = F(None, "name", "nom", "Name shown in reports.", "Nom affiché dans les rapports.")
    hp: Int = F(None, "hit points", "points de vie",
                "Current hit points (required unless the preset gives them).",
                "Points de vie actuels (obligatoire sauf si le profil les donne).", "hp", ge=1, le=INT_LIMIT)
    hp_max: Int = F(None, "maximum hit points", "points de vie maximum",
                    "Maximum hit points (default: hp). 5e instant death, Pathfinder massive-damage threshold; "
                    "no effect in 3.5.",
                    "Points de vie maximum (par défaut : hp). Mort instantanée en 5e, seuil des dégâts massifs "
                    "de Pathfinder ; sans effet en 3.5.", "hp", ge=1, le=INT_LIMIT)
    ac: Optional[Union[Annotated[int, Field(ge=1, le=60)], str, list[Annotated[int, Field(ge=1, le=60)]]]] = F(
        None, "Armour Class", "classe d'armure",
        "Armour Class against these attacks, Dexterity and armour included (required unless the preset gives "
        "it). When it is uncertain: a list of equally likely values [14, 16, 18], a range '14-20' (equally "
        "likely) or dice '1d6+13': one run, the mixture of the values (1 to 60).",
        "Classe d'armure contre ces attaques, Dextérité et armure comprises (obligatoire sauf si le profil la "
        "donne). Si elle est incertaine : une liste de valeurs équiprobables [14, 16, 18], un intervalle "
        "'14-20' (équiprobable) ou des dés '1d6+13' : un seul calcul, le mélange des valeurs (1 à 60).", "AC")
    dex_bonus: int = F(0, "Dexterity bonus in AC", "bonus de Dextérité à la CA",
                       "3.5/PF: Dexterity bonus included in ac, lost when running without the Run feat "
                       "(default 0).",
                       "3.5/PF : bonus de Dextérité compris dans la CA, perdu en course sans le don Course "
                       "(0 par défaut).", None, ge=-5, le=20)
    con: int = F(10, "Constitution score", "valeur de Constitution",
                 "Pathfinder: dead at -Con hit points, Constitution checks to stabilise (default 10).",
                 "Pathfinder : mort à -Con points de vie, tests de Constitution pour se stabiliser "
                 "(10 par défaut).", None, ge=1, le=60)
    fort: int = F(0, "Fortitude save", "jet de Vigueur",
                  "3.5/PF: Fortitude save bonus against massive damage (DC 15; default 0).",
                  "3.5/PF : bonus de jet de Vigueur contre les dégâts massifs (DD 15 ; 0 par défaut).",
                  None, ge=-10, le=60)
    tumble: Int = F(None, "Tumble / Acrobatics", "Acrobaties",
                    "3.5 Tumble or Pathfinder Acrobatics modifier; omit when untrained (3.5 Tumble is "
                    "trained only). Needed by the tumble modes.",
                    "Modificateur d'Acrobaties (3.5 et Pathfinder) ; à omettre sans rang (en 3.5 la "
                    "compétence exige une formation). Requis par les modes Acrobaties.", None, ge=-30, le=60)
    acrobatics: Int = F(None, "Acrobatics", "Acrobaties",
                        "Same as tumble (Pathfinder name); give one of the two.",
                        "Comme tumble (nom Pathfinder) ; donner l'un des deux.", None, ge=-30, le=60)
    cmd: Int = F(None, "Combat Maneuver Defence", "degré de manœuvre défensive (DMD)",
                 "Pathfinder: the runner's CMD against Stand Still.",
                 "Pathfinder : DMD du fuyard contre le don Stand Still.", None, ge=1, le=100)
    feats: Feats = F([], "feats", "dons",
                               "3.5/PF: mobility, dodge, run; 5e 2014: mobile; 5e 2024: speedy.",
                               "3.5/PF : mobility (Souplesse du serpent), dodge (Esquive), run (Course) ; "
                               "5e 2014 : mobile (Mobile) ; 5e 2024 : speedy.")
    dodge_target: int = F(0, "Dodge target", "cible d'Esquive",
                          "3.5 Dodge: index (from 0) of the enemy designated for the +1 AC (default 0).",
                          "Esquive en 3.5 : rang (à partir de 0) de l'ennemi désigné pour le +1 à la CA "
                          "(0 par défaut).", None, ge=0, le=100)
    monster: Flag = F(False, "monster", "monstre",
                                "5e: the runner is a monster and dies at 0 hit points (with "
                                "options.monster_dies_at_0).",
                                "5e : le fuyard est un monstre et meurt à 0 point de vie (avec "
                                "options.monster_dies_at_0).")
    str_save: int = F(0, "Strength save", "jet de sauvegarde de Force",
                      "5e Strength saving throw bonus (against a wolf's Prone; default 0).",
                      "5e : bonus de jet de sauvegarde de Force (contre le « à terre » du loup ; 0 par défaut).",
                      None, ge=-10, le=30)
    dex_save: int = F(0, "Dexterity save", "jet de sauvegarde de Dextérité",
                      "5e Dexterity saving throw bonus (default 0).",
                      "5e : bonus de jet de sauvegarde de Dextérité (0 par défaut).", None, ge=-10, le=30)
    con_save: int = F(0, "Constitution save", "jet de sauvegarde de Constitution",
                      "5e Constitution saving throw bonus (default 0).",
                      "5e : bonus de jet de sauvegarde de Constitution (0 par défaut).", None, ge=-10, le=30)
    armor: Literal["none", "light", "medium", "heavy"] = F(
        "light", "armour", "armure",
        "Pathfinder: Acrobatics cannot be used in medium or heavy armour (default light).",
        "Pathfinder : pas d'Acrobaties en armure intermédiaire ou lourde (légère par défaut).")
    damage_reduction: int = F(0, "damage reduction", "réduction des dégâts",
                              "DR x/—, subtracted from every hit (default 0).",
                              "RD x/—, retranchée de chaque coup (0 par défaut).", "hp", ge=0, le=100)
    resistance: Flag = F(False, "resistance", "résistance",
                                   "5e: resistance to the attacks' damage (halved, rounded down).",
                                   "5e : résistance aux dégâts des attaques (divisés par deux, arrondi "
                                   "inférieur).")
    concealment: int = F(0, "concealment", "camouflage",
                         "Miss chance in percent rolled after each hit: 20 concealment, 50 total (default 0).",
                         "Chance de rater en pourcentage, tirée après chaque coup : 20 camouflage, 50 total "
                         "(0 par défaut).", "%", ge=0, le=100)
    total_concealment: Flag = F(False, "total concealment", "camouflage total",
                                          "No attack of opportunity at all (3.5/PF total concealment; 5e unseen).",
                                          "Aucune attaque d'opportunité (camouflage total en 3.5/PF ; invisible "
                                          "en 5e).")


class EnemyModel(StrictModel):
    """One threatening creature (``[[enemies]]``), in the order the runner leaves it."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Ennemi", "description_fr": (
        "Une créature menaçante (``[[enemies]]``), dans l'ordre où le fuyard la quitte.")})

    preset: Optional[str] = F(None, "preset", "profil prédéfini",
                              "Shipped stat line whose fields this table overrides (e.g. srd35_orc_falchion).",
                              "Profil livré dont cette table remplace les champs (p. ex. srd35_orc_falchion).")
    name: Optional[str] = F(None, "name", "nom", "Name shown in reports.", "Nom affiché dans les rapports.")
    attack_bonus: Optional[Union[Annotated[int, Field(ge=-20, le=60)], str,
                                 list[Annotated[int, Field(ge=-20, le=60)]]]] = F(
        None, "attack bonus", "bonus d'attaque",
        "Bonus of the attack of opportunity (required unless the preset gives it). When it is uncertain: a "
        "list of equally likely values, a range '3-6' or dice '1d4+2': one run, the mixture (-20 to 60).",
        "Bonus de l'attaque d'opportunité (obligatoire sauf si le profil le donne). S'il est incertain : une "
        "liste de valeurs équiprobables, un intervalle '3-6' ou des dés '1d4+2' : un seul calcul, le mélange "
        "(-20 à 60).")
    damage: Optional[str] = F(None, "damage", "dégâts",
                              "Damage dice, e.g. 2d4+4 (required unless the preset gives them).",
                              "Dés de dégâts, p. ex. 2d4+4 (obligatoire sauf si le profil les donne).", "hp",
                              max_length=MAX_DICE_TEXT)
    extra_damage: str = F("", "extra damage", "dégâts supplémentaires",
                                    "Extra dice (sneak attack …): not multiplied on a 3.5/PF critical, doubled "
                                    "on a 5e critical.",
                                    "Dés supplémentaires (attaque sournoise …) : non multipliés sur un critique "
                                    "3.5/PF, doublés sur un critique 5e.", "hp", max_length=MAX_DICE_TEXT)
    threat_range: Union[int, str] = F(20, "threat range", "zone de critique possible",
                                                "'20', '19-20', '18-20' … or the lowest face (default 20). "
                                                "5e: critical range, no confirmation.",
                                                "'20', '19-20', '18-20' … ou la plus petite face (20 par défaut). "
                                                "5e : zone de coup critique, sans confirmation.")
    crit_multiplier: int = F(2, "critical multiplier", "multiplicateur de critique",
                             "3.5/PF critical multiplier (default 2); not in 5e (criticals double the dice).",
                             "Multiplicateur de critique 3.5/PF (2 par défaut) ; pas en 5e (le critique double "
                             "les dés).", None, ge=2, le=6)
    reach: int = F(5, "reach", "allonge", "Reach in feet, a multiple of 5 (default 5).",
                   "Allonge en pieds, multiple de 5 (5 par défaut ; 1,50 m par tranche de 5).", "ft",
                   ge=5, le=100, multiple_of=5)
    aoo_left: Int = F(None, "attacks of opportunity left", "attaques d'opportunité restantes",
                      "Attacks of opportunity (5e: reactions) it can still make this round (default 1, "
                      "1 + Dex with Combat Reflexes).",
                      "Attaques d'opportunité (5e : réactions) encore possibles ce round (1 par défaut, "
                      "1 + Dex avec Attaques réflexes).", None, ge=0, le=20)
    combat_reflexes: Flag = F(False, "Combat Reflexes", "Attaques réflexes",
                                        "3.5/PF: 1 + Dex bonus attacks of opportunity per round, even flat-footed.",
                                        "3.5/PF : 1 + bonus de Dex attaques d'opportunité par round, même pris "
                                        "au dépourvu.")
    dex_bonus: int = F(0, "Dexterity bonus", "bonus de Dextérité",
                       "3.5/PF: the Dex bonus that Combat Reflexes adds to its attacks of opportunity (default 0).",
                       "3.5/PF : bonus de Dex qu'Attaques réflexes ajoute aux attaques d'opportunité "
                       "(0 par défaut).", None, ge=-5, le=20)
    sentinel: Flag = F(False, "Sentinel", "Sentinelle",
                                 "5e Sentinel (effect only): a hit stops the move; Disengage does not prevent "
                                 "its opportunity attack.",
                                 "5e, Sentinelle (effet seulement) : un coup arrête le déplacement ; se "
                                 "désengager n'empêche pas son attaque d'opportunité.")
    stand_still: Flag = F(False, "Stand Still", "Stand Still (arrêt net)",
                                    "Pathfinder Stand Still: its attack of opportunity is a combat maneuver "
                                    "(cmb against the runner's CMD) that stops the move; needs Combat Reflexes.",
                                    "Pathfinder, Stand Still : son attaque d'opportunité est une manœuvre "
                                    "(BMO contre le DMD du fuyard) qui arrête le déplacement ; exige "
                                    "Attaques réflexes.")
    cmb: Int = F(None, "Combat Maneuver Bonus", "bonus de manœuvre offensive (BMO)",
                 "Pathfinder: required by stand_still.", "Pathfinder : requis par stand_still.",
                 None, ge=-20, le=100)
    cmd: Int = F(None, "Combat Maneuver Defence", "degré de manœuvre défensive (DMD)",
                 "Pathfinder: the Acrobatics DC to move through its threatened area.",
                 "Pathfinder : DD d'Acrobaties pour traverser sa zone contrôlée.", None, ge=1, le=100)
    tumble_dc: Int = F(None, "Tumble / Acrobatics DC", "DD d'Acrobaties",
                       "3.5/PF: the DC of the check against this foe, as the table sets it; it replaces the "
                       "computed DC (15 / 25 through its space, PF CMD / CMD + 5, +2 per foe after the first, +10 "
                       "at full speed). Default: computed.",
                       "3.5/PF : DD du test contre cet ennemi, tel que la table le fixe ; il remplace le DD "
                       "calculé (15 / 25 à travers sa case, PF DMD / DMD + 5, +2 par ennemi après le premier, "
                       "+10 à pleine vitesse). Par défaut : calculé.", None, ge=1, le=100)
    squares_left: Int = F(None, "threatened squares left", "cases contrôlées quittées",
                          "3.5/PF: threatened squares of this enemy the runner leaves (default reach / 5, or 1); "
                          "still one attack of opportunity.",
                          "3.5/PF : cases contrôlées par cet ennemi que le fuyard quitte (par défaut allonge / 5, "
                          "ou 1) ; toujours une seule attaque d'opportunité.", "squares", ge=1, le=20)
    threatens_start: Flag = F(True, "threatens the start square", "contrôle la case de départ",
                                        "It threatens the runner's starting square (default true); false: the "
                                        "runner passes through its threatened area later.",
                                        "Il contrôle la case de départ du fuyard (vrai par défaut) ; faux : le "
                                        "fuyard traverse sa zone contrôlée plus loin.")
    through_space: Flag = F(False, "through its space", "à travers sa case",
                                      "3.5/PF: the runner tumbles through its space (DC 25 / CMD + 5; a failure "
                                      "stops the move).",
                                      "3.5/PF : le fuyard traverse sa case en Acrobaties (DD 25 / DMD + 5 ; un "
                                      "échec arrête le déplacement).")
    visible: Flag = F(True, "visible", "visible",
                                "3.5/PF: the runner sees it (a retraite / withdraw protects the start square from "
                                "visible foes only; default true).",
                                "3.5/PF : le fuyard le voit (la retraite ne protège la case de départ que des "
                                "ennemis visibles ; vrai par défaut).")
    flat_footed: Flag = F(False, "flat-footed", "pris au dépourvu",
                                    "3.5/PF: no attack of opportunity unless Combat Reflexes. 5e: surprised, no "
                                    "reaction.",
                                    "3.5/PF : pas d'attaque d'opportunité sans Attaques réflexes. 5e : surpris, "
                                    "pas de réaction.")
    advantage: Flag = F(False, "advantage", "avantage", "5e: advantage on its attack roll.",
                                  "5e : avantage au jet d'attaque.")
    disadvantage: Flag = F(False, "disadvantage", "désavantage", "5e: disadvantage on its attack roll.",
                                     "5e : désavantage au jet d'attaque.")
    attacked_by_runner: Flag = F(False, "attacked by the runner", "attaqué par le fuyard",
                                           "5e 2014: the runner attacked it this turn (Mobile then prevents its "
                                           "opportunity attack).",
                                           "5e 2014 : le fuyard l'a attaqué ce tour (Mobile empêche alors son "
                                           "attaque d'opportunité).")
    simultaneous: Flag = F(False, "simultaneous", "simultané",
                                     "Leaving its reach happens in the same step as leaving the previous enemy's.",
                                     "Le fuyard sort de son allonge au même pas que de celle de l'ennemi "
                                     "précédent.")
    spring_attack_target: Flag = F(False, "Spring Attack target", "cible d'Attaque éclair",
                                   "3.5/PF: the runner (with the spring_attack feat) attacks this foe during its "
                                   "move: it makes no attack of opportunity for that movement (3.5 SRD Feats, "
                                   "Spring Attack; PF1 CRB Feats: not a foe adjacent at the start of the turn).",
                                   "3.5/PF : le fuyard (avec le don spring_attack, Attaque éclair) attaque cet "
                                   "ennemi pendant son déplacement : celui-ci ne fait pas d'attaque d'opportunité "
                                   "pour ce déplacement (DRS Dons, Attaque éclair ; PF1 : pas un ennemi adjacent "
                                   "au début du tour).")
    attacks_on_turn: int = F(1, "attacks on its turn", "attaques à son tour",
                             "Attacks it makes on its own turn if the runner stays (mode stay; default 1).",
                             "Attaques qu'il porte à son tour si le fuyard reste au contact (mode stay ; "
                             "1 par défaut).", "attacks", ge=0, le=10)
    on_hit: Literal["none", "prone", "grapple", "slow"] = F(
        "none", "rider on a hit", "effet d'un coup",
        "5e: prone (escapes slowed), grapple (stops the move), slow (-10 ft) (default none).",
        "5e : prone (à terre, s'échappe ralenti), grapple (agrippé, arrêté), slow (ralenti de 3 m) "
        "(none par défaut).")
    on_hit_save_dc: Int = F(None, "save DC against the rider", "DD du jet de sauvegarde contre l'effet",
                            "5e: saving throw DC against a prone rider (omit: no save).",
                            "5e : DD du jet de sauvegarde contre « à terre » (omis : pas de jet).",
                            None, ge=1, le=40)
    on_hit_save: Literal["str", "dex", "con"] = F(
        "str", "save ability", "caractéristique du jet de sauvegarde",
        "5e: ability of that save (default str).", "5e : caractéristique de ce jet (str par défaut).")
    mastery: Literal["none", "push", "sap", "vex", "topple", "slow", "graze", "cleave", "nick"] = F(
        "none", "weapon mastery (2024)", "botte d'arme (2024)",
        "5e 2024: the mastery property of the weapon of its opportunity attack (PHB 2024 ch. 6, Mastery "
        "Properties). push: a hit pushes the runner 10 ft away, out of other foes' reach (options.push_2024); "
        "vex: a hit that deals damage gives it advantage on its next attack roll against the runner (a second "
        "attack when the runner stays, attacks_on_turn >= 2). sap, cleave, nick act on nothing in this "
        "exchange and are refused; topple, slow, graze are written with on_hit (refused, with the fields to "
        "use). Default none.",
        "5e 2024 : botte (propriété de maîtrise) de l'arme de son attaque d'opportunité (Manuel des joueurs "
        "2024, chap. 6). push (repousser) : un coup repousse le fuyard de 3 m, hors de l'allonge d'autres "
        "ennemis (options.push_2024) ; vex (harceler) : un coup qui inflige des dégâts lui donne l'avantage à "
        "sa prochaine attaque contre le fuyard (une seconde attaque quand le fuyard reste, attacks_on_turn >= "
        "2). sap, cleave, nick n'agissent sur rien ici et sont refusées ; topple, slow, graze s'écrivent avec "
        "on_hit (refusées, avec les champs à utiliser). none par défaut.")
    count: int = F(1, "count", "nombre",
                   "Identical enemies passed one after the other (default 1).",
                   "Ennemis identiques dépassés l'un après l'autre (1 par défaut).", None, ge=1, le=20)
    ac: Int = F(None, "its Armour Class", "sa classe d'armure",
                "Shown in presets only: the enemy's own AC plays no part in the exchange (refused if written).",
                "Dans les profils seulement : la CA de l'ennemi ne joue aucun rôle (refusée si écrite).",
                "AC", ge=0, le=INT_LIMIT)
    hp: Int = F(None, "its hit points", "ses points de vie",
                "Shown in presets only: the enemy's own hit points play no part (refused if written).",
                "Dans les profils seulement : ses points de vie ne jouent aucun rôle (refusés si écrits).",
                "hp", ge=0, le=INT_LIMIT)


class OptionsModel(StrictModel):
    """Every open rules question of the digest (§7), with its rulebook default (``[options]``)."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Options", "description_fr": (
        "Chaque question de règles ouverte de la synthèse (§7), avec la valeur par défaut du livre de "
        "règles (``[options]``).")})

    stop_when_down: Flag = F(True, "stop when down", "arrêt à terre",
                             "A dying or unconscious runner stops: later attacks of opportunity never happen.",
                             "Un fuyard mourant ou inconscient s'arrête : les attaques d'opportunité suivantes "
                             "n'ont pas lieu.")
    simultaneous_oa: Literal["stop_after_drop", "all_resolve"] = F(
        "stop_after_drop", "simultaneous attacks", "attaques simultanées",
        "all_resolve: opportunity attacks triggered by the same step all resolve even after the runner drops "
        "(the enemies marked simultaneous with the previous one; with none marked, every reach is left in the "
        "same step). Default stop_after_drop.",
        "all_resolve : les attaques d'opportunité des ennemis marqués simultaneous sont toutes résolues même "
        "après la chute du fuyard (exige un ennemi simultané).")
    disabled_runner_continues: Flag = F(True, "disabled runner continues", "le fuyard hors de combat continue",
                                        "3.5/PF: at exactly 0 hit points the runner is conscious and keeps moving.",
                                        "3.5/PF : à exactement 0 point de vie le fuyard reste conscient et "
                                        "continue.")
    aoo_per_round: Int = F(None, "attacks of opportunity per round", "attaques d'opportunité par round",
                           "Default aoo_left of every enemy (default 1, 1 + Dex with Combat Reflexes; 5e 1).",
                           "Valeur par défaut de aoo_left de chaque ennemi (1, ou 1 + Dex avec Attaques "
                           "réflexes ; 5e : 1).", None, ge=0, le=20)
    threat_must_hit: Flag = F(True, "a threat must hit", "une menace doit toucher",
                              "3.5/PF: only a hitting roll threatens a critical; false reproduces a common "
                              "calculator error.",
                              "3.5/PF : seul un jet qui touche est une menace de critique ; faux reproduit une "
                              "erreur de calcul courante.")
    crit_confirmation: Literal["roll", "none"] = F(
        "roll", "critical confirmation (3.5/PF)", "confirmation du critique (3.5/PF)",
        "3.5/PF: roll (default, SRD Combat 'Critical Hits': a second attack roll against the same AC confirms "
        "the threat) or none (a common table rule: every threat is a critical).",
        "3.5/PF : roll (par défaut, DRS Combat « Coups critiques » : un second jet d'attaque contre la même CA "
        "confirme la menace) ou none (règle maison courante : toute menace est un critique).")
    confirm_natural_20: Flag = F(
        True, "natural 20 confirms", "le 20 naturel confirme",
        "3.5/PF: a natural 20 on the confirmation roll confirms even if its total misses the AC (default true: "
        "the confirmation is an attack roll, and a natural 20 always hits); false: the total must hit.",
        "3.5/PF : un 20 naturel au jet de confirmation confirme même si le total n'atteint pas la CA (vrai par "
        "défaut : la confirmation est un jet d'attaque, et un 20 naturel touche toujours) ; faux : le total doit "
        "toucher.")
    crit_damage_mode_35: Literal["reroll_per_multiplier", "multiply_one_roll"] = F(
        "reroll_per_multiplier", "critical damage (3.5/PF)", "dégâts du critique (3.5/PF)",
        "reroll_per_multiplier (the rule: roll the damage once per multiplier) or multiply_one_roll.",
        "reroll_per_multiplier (la règle : relancer les dégâts autant de fois que le multiplicateur) ou "
        "multiply_one_roll.")
    min_damage_1: Optional[Flag] = F(None, "minimum 1 damage", "1 point de dégâts minimum",
                                     "3.5/PF: a hit deals at least 1 before DR (default true); not in 5e.",
                                     "3.5/PF : un coup inflige au moins 1 avant la RD (vrai par défaut) ; pas en "
                                     "5e.")
    skill_natural_20_auto: Flag = F(False, "natural 20 on Tumble", "20 naturel en Acrobaties",
                                    "3.5/PF: a natural 20 on Tumble/Acrobatics succeeds.",
                                    "3.5/PF : un 20 naturel en Acrobaties réussit.")
    tumble_order: Literal["order_passed", "best_first", "through_space_first"] = F(
        "order_passed", "order of the Tumble checks", "ordre des tests d'Acrobaties",
        "3.5/PF: order_passed (default, SRD Tumble: in the order the foes are passed), best_first (the foe "
        "with the highest expected damage gets the lowest DC) or through_space_first (the checks to move "
        "through a foe's space first, then the others in the order passed).",
        "3.5/PF : order_passed (par défaut, DRS Acrobaties : dans l'ordre de passage), best_first (l'ennemi "
        "le plus dangereux reçoit le DD le plus bas) ou through_space_first (d'abord les tests pour traverser "
        "la case d'un ennemi, puis les autres dans l'ordre de passage).")
    tumble_checks: Literal["per_foe", "single"] = F(
        "per_foe", "Tumble checks", "tests d'Acrobaties",
        "3.5/PF: per_foe (default, SRD Tumble / PRD Acrobatics: one check per foe, +2 DC per foe after the "
        "first) or single (one check for the whole move against the highest of those DCs: a failure lets "
        "every foe attack, and stops the move at the first foe whose space is crossed).",
        "3.5/PF : per_foe (par défaut, DRS Acrobaties / PRD Acrobaties : un test par ennemi, +2 au DD par "
        "ennemi après le premier) ou single (un seul test pour tout le déplacement contre le plus haut de "
        "ces DD : un échec laisse attaquer chaque ennemi, et arrête le déplacement au premier ennemi dont la "
        "case est traversée).")
    dead_threshold: Int = F(None, "dead threshold", "seuil de mort",
                            "3.5/PF: hit points at or below which the runner is dead (3.5 -10, PF -Con).",
                            "3.5/PF : points de vie auxquels le fuyard meurt (3.5 : -10, PF : -Con).",
                            "hp", ge=-1000, le=-1)
    massive_damage: Optional[Flag] = F(None, "massive damage", "dégâts massifs",
                                       "3.5/PF: one hit of massive damage forces a DC 15 Fortitude save or die "
                                       "(3.5 default true, PF false). Not in 5e (its instant death always applies).",
                                       "3.5/PF : un coup de dégâts massifs impose un jet de Vigueur DD 15 sous "
                                       "peine de mort (vrai par défaut en 3.5, faux en PF). Pas en 5e.")
    massive_damage_threshold: Int = F(None, "massive damage threshold", "seuil des dégâts massifs",
                                      "3.5: 50; PF: max(50, half the maximum hit points).",
                                      "3.5 : 50 ; PF : max(50, moitié des points de vie maximum).",
                                      "hp", ge=1, le=INT_LIMIT)
    death_saves_in_exchange: Flag = F(False, "resolve the fall", "résoudre la chute",
                                      "Resolve the downed runner's fate: 5e death saving throws, 3.5 10 % per "
                                      "round, PF Constitution checks.",
                                      "Résoudre le sort du fuyard à terre : jets de sauvegarde contre la mort "
                                      "(5e), 10 % par round (3.5), tests de Constitution (PF).")
    failures_from_critical_at_0: Literal[2, 1] = F(
        2, "failures from a critical at 0 HP", "échecs d'un critique à 0 pv",
        "5e: death-save failures a critical hit adds to a character at 0 HP (default 2, SRD 5.1 and 5.2 "
        "'Damage at 0 Hit Points'; a hit from within 5 ft on an unconscious creature is a critical). 1: the "
        "reading some adventures print. Matters only when the runner can be hit at 0 HP (stop_when_down = "
        "false, or simultaneous_oa = 'all_resolve').",
        "5e : échecs aux jets contre la mort qu'un coup critique ajoute à un personnage à 0 pv (2 par défaut, "
        "DRS 5.1 et 5.2 « Dégâts à 0 point de vie » ; un coup porté à 1,50 m ou moins contre une créature "
        "inconsciente est critique). 1 : la lecture imprimée dans certaines aventures. Ne compte que si le "
        "fuyard peut être touché à 0 pv (stop_when_down = false, ou simultaneous_oa = 'all_resolve').")
    monster_dies_at_0: Flag = F(True, "monster dies at 0", "un monstre meurt à 0",
                                          "5e: a runner with monster = true dies at 0 hit points (default true).",
                                          "5e : un fuyard avec monster = true meurt à 0 point de vie (vrai par "
                                          "défaut).")
    sentinel_timing_2024: Literal["after_disengage", "on_leave"] = F(
        "after_disengage", "Sentinel timing (2024)", "moment de Sentinelle (2024)",
        "5e 2024 with a sentinel: after_disengage (default: Guardian attack right after Disengage) or on_leave.",
        "5e 2024 avec une Sentinelle : after_disengage (par défaut : attaque juste après se désengager) ou "
        "on_leave.")
    reach_monster_withdraw: Literal["second_square_provokes", "none"] = F(
        "second_square_provokes", "withdraw and reach", "retraite et allonge",
        "3.5/PF: second_square_provokes (a reach foe still threatens the second square) or none.",
        "3.5/PF : second_square_provokes (un ennemi à allonge contrôle encore la deuxième case) ou none.")
    push_2024: Literal["same_step", "threatening", "none"] = F(
        "same_step", "reach of the other foes after a Push (2024)", "allonge des autres ennemis après la "
        "botte Push (2024)",
        "5e 2024, a foe with mastery = 'push' hits: the runner is pushed 10 ft straight away from it, which "
        "provokes nothing (forced movement, SRD 5.2 Opportunity Attacks). same_step (default): it leaves the "
        "reach of the foes it was leaving in the same step (marked simultaneous) without their opportunity "
        "attacks; the foes passed later still attack. threatening: also every later foe that threatens the "
        "start square (they stand on the pusher's side). none: the other foes stand across the path, the push "
        "takes the runner out of no one's reach (Push then changes nothing and is refused).",
        "5e 2024, un ennemi avec mastery = 'push' touche : le fuyard est repoussé de 3 m droit devant lui, ce "
        "qui ne provoque rien (déplacement forcé, DRS 5.2 Attaques d'opportunité). same_step (par défaut) : il "
        "sort de l'allonge des ennemis qu'il quittait au même pas (marqués simultaneous) sans leurs attaques "
        "d'opportunité ; les ennemis dépassés ensuite attaquent encore. threatening : aussi chaque ennemi "
        "suivant qui contrôle la case de départ (du côté de celui qui repousse). none : les autres ennemis sont "
        "de l'autre côté, la poussée ne fait sortir de l'allonge de personne (Push ne change alors rien "
        "et est refusée).")
    prone_runner: Literal["stays_prone", "stands_up"] = F(
        "stays_prone", "a prone runner", "fuyard à terre",
        "5e, after a prone rider lands (on_hit = 'prone'): attack rolls against a prone creature have "
        "advantage from within 5 ft and disadvantage from farther (SRD 5.1 / 5.2 Prone condition). "
        "stays_prone (default: the condition lasts, the runner crawls on; every later attack of the exchange "
        "sees it prone) or stands_up (it spends half its speed to stand at once: only the attacks triggered "
        "in the same step see it prone). An unconscious runner (0 HP) is always prone (Unconscious "
        "condition).",
        "5e, après un effet « à terre » (on_hit = 'prone') : les jets d'attaque contre une créature à terre "
        "ont l'avantage à 1,50 m ou moins et le désavantage au-delà (DRS 5.1 / 5.2, état À terre). "
        "stays_prone (par défaut : l'état dure, le fuyard rampe ; chaque attaque suivante le voit à terre) "
        "ou stands_up (il dépense la moitié de sa vitesse pour se relever aussitôt : seules les attaques "
        "déclenchées au même pas le voient à terre). Un fuyard inconscient (0 pv) est toujours à terre (état "
        "Inconscient).")
    disabled_strenuous: Optional[Flag] = F(
        None, "strenuous action while disabled", "action épuisante hors de combat",
        "3.5/PF: a runner left at exactly 0 HP (disabled) by the attacks of a strenuous action loses 1 HP once "
        "the act is complete and is dying at -1 (3.5 PHB ch. 8 / SRD 'Disabled'; PF1 CRB ch. 8 'Disabled'): "
        "the full-round withdraw and run, or the distracting action (a standard action, complete after the "
        "attacks it provokes). Outcome 'strained'. Default true; not in 5e.",
        "3.5/PF : un fuyard laissé à exactement 0 pv (hors de combat) par les attaques d'une action épuisante "
        "perd 1 pv une fois l'action accomplie et est mourant à -1 (Manuel des joueurs 3.5 chap. 8, « Hors de "
        "combat » ; PF1 chap. 8) : la retraite et la course (actions complexes), ou l'action qui provoque "
        "(action simple, accomplie après les attaques qu'elle provoque). Issue « strained ». Vrai par défaut ; "
        "pas en 5e.")
    attacker_preset: Optional[str] = F(None, "attacker preset", "profil de l'attaquant",
                                       "Stat line of the single enemy when the scenario has no enemies list.",
                                       "Profil de l'ennemi unique quand le scénario n'a pas de liste enemies.")


class DeathSavesModel(StrictModel):
    """The ``[death_saves]`` table: the marks already made and how each save is rolled."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Jets de sauvegarde contre la mort", "description_fr": (
        "La table ``[death_saves]`` : les cases déjà cochées et la façon de lancer chaque jet de "
        "sauvegarde contre la mort.")})

    successes: int = F(0, "successes already marked", "réussites déjà cochées",
                            "Death-save successes already marked (0 to 2; default 0). Only in situation "
                            "death_saves: after attacks of opportunity the runner starts with none.",
                            "Réussites aux jets de sauvegarde contre la mort déjà cochées (0 à 2 ; 0 par "
                            "défaut). Seulement dans la situation death_saves : après les attaques "
                            "d'opportunité le fuyard n'en a aucune.", None, ge=0, le=2)
    failures: int = F(0, "failures already marked", "échecs déjà cochés",
                           "Death-save failures already marked (0 to 2; default 0). Only in situation "
                           "death_saves: after attacks of opportunity they come from the damage taken at 0 HP.",
                           "Échecs aux jets de sauvegarde contre la mort déjà cochés (0 à 2 ; 0 par défaut). "
                           "Seulement dans la situation death_saves : après les attaques d'opportunité ils "
                           "viennent des dégâts subis à 0 pv.", None, ge=0, le=2)
    bonus: int = F(0, "bonus to the save", "bonus au jet",
                        "Flat bonus added to each d20 (a natural 1 is still two failures, a natural 20 still "
                        "brings the character back; default 0).",
                        "Bonus fixe ajouté à chaque d20 (un 1 naturel compte toujours deux échecs, un 20 "
                        "naturel relève toujours le personnage ; 0 par défaut).", None, ge=-20, le=20)
    advantage: bool = F(False, "advantage", "avantage",
                             "Roll two d20 and keep the higher (default false).",
                             "Lancer deux d20 et garder le plus haut (faux par défaut).")
    disadvantage: bool = F(False, "disadvantage", "désavantage",
                                "Roll two d20 and keep the lower (default false; with advantage too they cancel: "
                                "refused).",
                                "Lancer deux d20 et garder le plus bas (faux par défaut ; avec l'avantage ils "
                                "s'annulent : refusé).")



class ScenarioModel(StrictModel):
    """A D&D scenario file (``system = "dnd"``)."""

    model_config = ConfigDict(json_schema_extra={"description_fr": (
        'Un fichier de scénario D&D (``system = "dnd"``).')})

    system: Literal["dnd"] = F("dnd", "rules system", "système de règles", "Always dnd.", "Toujours dnd.")
    title: str = F("", "title", "titre", "Title of the scenario.", "Titre du scénario.")
    description: str = F("", "description", "description", "Free text.", "Texte libre.")
    situation: Literal["leave_melee", "death_saves"] = F(
        "leave_melee", "situation", "situation",
        "leave_melee (default: a runner leaves melee under attacks of opportunity) or death_saves (5e: a "
        "character at 0 HP rolls death saving throws; [death_saves] table, no runner nor enemies).",
        "leave_melee (par défaut : un fuyard quitte le corps à corps sous les attaques d'opportunité) ou "
        "death_saves (5e : un personnage à 0 pv lance ses jets de sauvegarde contre la mort ; table "
        "[death_saves], ni fuyard ni ennemis).")
    death_saves: Optional[DeathSavesModel] = F(
        None, "death saving throws", "jets de sauvegarde contre la mort",
        "5e: marks already made and how each death save is rolled (situation death_saves; in leave_melee, "
        "with options.death_saves_in_exchange, only bonus, advantage and disadvantage).",
        "5e : coches déjà faites et façon de lancer chaque jet de sauvegarde contre la mort (situation "
        "death_saves ; en leave_melee, avec options.death_saves_in_exchange, seulement bonus, advantage et "
        "disadvantage).")
    edition: Union[str, float] = F("3.5", "edition", "édition",
                                   "3.5, pf1 (Pathfinder 1e), 5e2014 (SRD 5.1) or 5e2024 (SRD 5.2).",
                                   "3.5, pf1 (Pathfinder 1e), 5e2014 (DRS 5.1) ou 5e2024 (DRS 5.2).")
    mode: str = F("move", "movement mode", "mode de déplacement",
                  "3.5/PF: move, withdraw (retraite), run, five_foot_step (pas de placement), tumble / acrobatics, "
                  "tumble_full, stay. 5e: move, dash, disengage, stay, teleport, forced (moved by something else: no "
                  "opportunity attack).",
                  "3.5/PF : move (déplacement), withdraw (retraite), run (course), five_foot_step (pas de "
                  "placement), tumble / acrobatics (Acrobaties), tumble_full, stay (rester au contact). 5e : "
                  "move, dash (foncer), disengage (se désengager), stay, teleport (téléportation), forced (déplacé par "
                  "autre chose : aucune attaque d'opportunité).")
    compare_modes: Optional[Union[list[str], Literal["auto"]]] = F(
        None, "modes compared", "modes comparés",
        "Decision table: a list of at least two modes, or auto.",
        "Tableau de décision : une liste d'au moins deux modes, ou auto.")
    compare: Optional[dict[str, dict[str, Any]]] = F(
        None, "comparison", "comparaison",
        'Setups compared side by side: label = { "field.path" = value, label_fr = "…" }.',
        'Situations comparées côte à côte : étiquette = { "champ.chemin" = valeur, label_fr = "…" }.')
    metric: Literal["damage", "attacks", "hits"] = F(
        "damage", "metric", "mesure",
        "Recorded with each outcome: damage taken (default), attacks suffered, or hits taken.",
        "Relevée avec chaque issue : dégâts subis (par défaut), attaques d'opportunité subies, ou coups "
        "reçus.")
    distracting_action: Flag = F(False, "distracting action", "action qui provoque",
                                 "3.5/PF: the runner first takes an action that provokes in its start square "
                                 "(casts, stands up).",
                                 "3.5/PF : le fuyard accomplit d'abord une action qui provoque une attaque "
                                 "d'opportunité dans sa case de départ (sort, se relever).")
    runner: Optional[RunnerModel] = F(None, "runner", "fuyard",
                                      "The character leaving melee (required in situation leave_melee).",
                                      "Le personnage qui quitte le corps à corps (obligatoire dans la situation "
                                      "leave_melee).")
    enemies: Optional[list[EnemyModel]] = F(None, "enemies", "ennemis",
                                            "Threatening enemies, in the order the runner leaves them.",
                                            "Ennemis qui contrôlent la zone, dans l'ordre où le fuyard les quitte.",
                                            min_length=1, max_length=20)
    options: OptionsModel = Field(default_factory=OptionsModel, title="options",
                                  description="Every open rules question, with its rulebook default.",
                                  json_schema_extra={"title_fr": "options", "description_fr":
                                                     "Chaque question de règles ouverte, avec sa valeur par "
                                                     "défaut."})


def schema(lang: str = "en") -> dict:
    """The JSON Schema of a D&D scenario file, titles and descriptions in ``lang`` ("en" or "fr").

    Every field has a title, a description, its default, its range or allowed values
    and, where it has one, its unit (``ft``, ``hp``, ``%`` …).
    """
    title = ("Scénario D&D 3.5, Pathfinder 1e, D&D 5e : quitter le corps à corps" if lang == "fr"
             else "D&D 3.5, Pathfinder 1e, D&D 5e scenario: leaving melee")
    return json_schema(ScenarioModel, lang, title)


# --------------------------------------------------------------------------- pydantic errors -> InputError

#: What is allowed, when a pydantic error's own message would say less ("Model.field": text).
ALLOWED = {
    "ScenarioModel.edition": EDITION_ALLOWED,
    "ScenarioModel.mode": "a movement mode such as 'move', 'withdraw', 'tumble', 'five_foot_step', 'stay' "
                          "(5e: 'move', 'dash', 'disengage', 'stay', 'teleport', 'forced')",
    "ScenarioModel.compare_modes": "a list of modes such as ['move', 'withdraw', 'tumble', 'five_foot_step', "
                                   "'stay'], or 'auto'",
    "ScenarioModel.compare": 'a table of setups, e.g. "withdraw" = { "mode" = "withdraw" }',
    "ScenarioModel.runner": "a [runner] table (hp, ac, … or preset = '…') (required)",
    "ScenarioModel.enemies": "a list of [[enemies]] tables, in the order the runner leaves them "
                             "(at least one threatening enemy, at most 20 tables)",
    "ScenarioModel.options": "an [options] table",
    "RunnerModel.preset": "the name of a runner preset such as 'srd35_wizard_1'",
    "EnemyModel.preset": "the name of an enemy preset such as 'srd35_orc_falchion'",
    "RunnerModel.hp": "an integer >= 1 (the runner's current hit points, up to 1000000)",
    "RunnerModel.ac": "an integer from 1 to 60 (Armour Class)",
    "RunnerModel.con": "an integer from 1 to 60 (Constitution score)",
    "RunnerModel.tumble": "an integer from -30 to 60 (skill modifier), or omit when untrained",
    "RunnerModel.acrobatics": "an integer from -30 to 60 (skill modifier), or omit when untrained",
    "RunnerModel.cmd": "an integer from 1 to 100 (CMD)",
    "RunnerModel.feats": "a list of feat names",
    "RunnerModel.dodge_target": "the index (from 0) of an enemy in the enemies list",
    "RunnerModel.concealment": "a miss chance in percent, 0 to 100 (20 concealment, 50 total)",
    "EnemyModel.damage": "dice notation such as 2d4+4 (at most 100 characters)",
    "EnemyModel.extra_damage": "dice notation such as 1d6 (at most 100 characters)",
    "EnemyModel.threat_range": "'20' or 'N-20' with N from 2 to 20 (e.g. '19-20', '18-20'), or the integer N",
    "EnemyModel.crit_multiplier": "an integer from 2 to 6 (x2, x3, x4 …)",
    "EnemyModel.reach": "a multiple of 5 feet from 5 to 100",
    "EnemyModel.aoo_left": "an integer from 0 to 20 (attacks of opportunity left this round)",
    "EnemyModel.squares_left": "an integer from 1 to 20 (threatened squares of this enemy the runner leaves)",
    "EnemyModel.count": "an integer from 1 to 20 (identical enemies passed one after the other)",
    "EnemyModel.cmd": "an integer from 1 to 100 (CMD)",
    "OptionsModel.dead_threshold": "a negative integer from -1000 to -1 (HP at or below which the runner is dead)",
}


def _kinds(annotation: Any) -> list[Any]:
    """The leaf types of an annotation (``Optional[Literal['a', 'b']]`` -> ``[Literal['a', 'b']]``)."""
    if typing.get_origin(annotation) is Literal:
        return [annotation]
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (Union, types.UnionType) and args:
        return [k for a in args if a is not type(None) for k in _kinds(a)]
    return [annotation]


def _auto_allowed(info: Any) -> str:
    lo = hi = None
    for m in info.metadata:
        lo = getattr(m, "ge", lo)
        hi = getattr(m, "le", hi)
    texts = []
    for k in _kinds(info.annotation):
        if typing.get_origin(k) is Literal:
            texts.append("one of " + ", ".join(repr(c) for c in typing.get_args(k)))
        elif k is bool:
            texts.append("true or false")
        elif k is int:
            texts.append(f"an integer from {lo} to {hi}" if lo is not None and hi is not None else "an integer")
        elif k is str:
            texts.append("a text string")
        else:
            texts.append("a value of the documented type")
    return " or ".join(texts)


def _allowed(owner: type[BaseModel], name: str, info: Any) -> str | None:
    """D&D's wording of what a field allows: the ALLOWED table, else read from the field."""
    return ALLOWED.get(f"{owner.__name__}.{name}") or _auto_allowed(info)


def _validate(model: type[StrictModel], data: Any, prefix: str = "") -> Any:
    return validate(model, data, prefix, allowed=_allowed)


# --------------------------------------------------------------------------- field helpers


def normalise_edition(value: Any, field_: str = "edition") -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or value.strip().lower() not in EDITION_ALIASES:
        raise InputError(field_, short_repr(value), EDITION_ALLOWED)
    return EDITION_ALIASES[value.strip().lower()]


def normalise_mode(value: Any, edition: str, field_: str = "mode") -> str:
    allowed = MODES[edition]
    text = f"one of {', '.join(repr(m) for m in allowed)} for edition {edition!r}"
    if not isinstance(value, str):
        raise InputError(field_, short_repr(value), text)
    m = MODE_ALIASES.get(value.strip().lower(), value.strip().lower())
    if m == "run" and is_5e(edition):
        m = "dash"
    if m not in allowed:
        raise InputError(field_, short_repr(value), text)
    return m


_DIGITS = re.compile(r"\d+")


def check_dice(text: Any, field_: str, what: str = "damage") -> str:
    """Dice notation of a damage roll that can deal damage.

    Raises
    ------
    InputError
        For text that is not dice notation, a number of more than
        :data:`MAX_DICE_DIGITS` digits (e.g. a 5,000-digit constant), or a roll whose
        highest result is below 1 (``1d4-10`` never deals damage).
    """
    if not isinstance(text, str):
        raise InputError(field_, short_repr(text), f"dice notation such as 2d4+4 ({what})")
    longest = max((len(m) for m in _DIGITS.findall(text)), default=0)
    if longest > MAX_DICE_DIGITS:
        raise InputError(field_, short_repr(text), f"dice notation whose numbers have at most {MAX_DICE_DIGITS} "
                                                   f"digits, such as 2d4+4")
    expr = parse(text, field_)
    if expr.max_value < 1:
        raise InputError(field_, text, f"a {what} roll that can deal at least 1 ({text} is at most "
                                       f"{expr.max_value}: it never deals damage)")
    return text


def _refuse_if(cond: bool, own: dict, key: str, field_: str, context: str) -> None:
    """Refuse ``own[key]`` (written in the scenario) when ``cond``: it would change nothing."""
    if cond and key in own:
        raise no_effect(field_, own[key], context)


# --------------------------------------------------------------------------- uncertain values

#: Most combinations of uncertain values (runner AC x enemies' attack bonuses) in one mixture.
MAX_MIXTURE = 64
_RANGE = re.compile(r"\s*(-?\d{1,3})\s*-\s*(-?\d{1,3})\s*")


def parse_uncertain(value: Any, field_: str, lo: int, hi: int) -> dict[int, Fraction] | None:
    """An uncertain integer as ``{value: probability}``, or ``None`` for a plain integer.

    Parameters
    ----------
    value : int, list of int or str
        A list of equally likely values (``[14, 16, 18]``; a value listed twice counts twice), a
        range ``"14-20"`` (every integer equally likely) or dice notation ``"1d6+13"``.
    field_ : str
        Dotted path for messages.
    lo, hi : int
        Allowed values (AC 1-60, attack bonus -20 to 60).

    Raises
    ------
    InputError
        For an empty list, a non-integer, a value out of range, a reversed range or text that is
        neither a range nor dice.
    """
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return None
    allowed = (f"an integer from {lo} to {hi}, a list of them ([14, 16, 18]), a range such as '14-20' or "
               f"dice such as '1d6+13' whose values are from {lo} to {hi}")
    dist: dict[int, Fraction] = {}
    if isinstance(value, list):
        if not value or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
            raise InputError(field_, short_repr(value), allowed)
        for v in value:
            dist[v] = dist.get(v, Fraction(0)) + Fraction(1, len(value))
    elif isinstance(value, str):
        m = _RANGE.fullmatch(value)
        if m:
            a, b = int(m.group(1)), int(m.group(2))
            if a > b:
                raise InputError(field_, value, allowed + " (the lower bound first)")
            dist = {v: Fraction(1, b - a + 1) for v in range(a, b + 1)}
        else:
            if len(value) > MAX_DICE_TEXT:
                raise InputError(field_, short_repr(value), allowed)
            expr = parse(value, field_)
            if expr.max_value - expr.min_value > hi - lo:
                raise InputError(field_, value, allowed)
            dist = dict(expr.pmf())
    else:
        raise InputError(field_, short_repr(value), allowed)
    bad = [v for v in dist if not lo <= v <= hi]
    if bad:
        raise InputError(field_, short_repr(value), allowed + f" ({min(bad)} is out of range)")
    return dict(sorted(dist.items()))


def split_uncertain(data: dict) -> tuple[dict, list[tuple[str, dict[int, Fraction]]]]:
    """The scenario with each uncertain ``runner.ac`` / ``enemies.<i>.attack_bonus`` replaced by its lowest
    value (checked as usual), and the list of ``(where, distribution)`` (``where``: ``"runner"`` or the
    enemy table's index as text)."""
    out: list[tuple[str, dict[int, Fraction]]] = []
    new = data
    runner = data.get("runner")
    plain = [("runner.ac", runner, "ac", 1, 60)] if isinstance(runner, dict) else []
    listed = data.get("enemies")
    plain += [(f"enemies.{i}.attack_bonus", e, "attack_bonus", -20, 60)  # a non-list is the model's error
              for i, e in enumerate(listed if isinstance(listed, list) else []) if isinstance(e, dict)]
    for path, own, key, lo, hi in plain:  # a plain value is checked here, so that its error names the field
        v = own.get(key)
        if key in own and v is not None and not isinstance(v, (list, str)) and (
                isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi):
            raise InputError(path, short_repr(v), f"an integer from {lo} to {hi}, a list of them, a range such as "
                                                  f"'14-20' or dice such as '1d6+13'")
    if isinstance(runner, dict) and isinstance(runner.get("ac"), (list, str)):
        dist = parse_uncertain(runner["ac"], "runner.ac", 1, 60)
        if dist is not None:
            new = dict(new)
            new["runner"] = {**runner, "ac": min(dist)}
            out.append(("runner", dist))
    enemies = data.get("enemies")
    if isinstance(enemies, list):
        tables = list(enemies)
        changed = False
        for i, e in enumerate(tables):
            if isinstance(e, dict) and isinstance(e.get("attack_bonus"), (list, str)):
                dist = parse_uncertain(e["attack_bonus"], f"enemies.{i}.attack_bonus", -20, 60)
                if dist is not None:
                    tables[i] = {**e, "attack_bonus": min(dist)}
                    changed = True
                    out.append((str(i), dist))
        if changed:
            new = dict(new)
            new["enemies"] = tables
    return new, out


def component_specs(spec: "Spec") -> list[tuple[Fraction, "Spec"]]:
    """The mixture of a spec with uncertain values: ``[(probability, spec with plain values)]``
    (one component of probability 1 without uncertain values)."""
    if not spec.mixture:
        return [(Fraction(1), spec)]
    out = []
    for combo in product(*[list(d.items()) for _w, _i, d in spec.mixture]):
        s = replace(spec, mixture=())
        w = Fraction(1)
        enemies = list(s.enemies)
        for (where, idx, _d), (v, p) in zip(spec.mixture, combo):
            w *= p
            if where == "runner":
                s = replace(s, runner=replace(s.runner, ac=v))
            else:
                for k in idx:
                    enemies[k] = replace(enemies[k], attack_bonus=v)
        out.append((w, replace(s, enemies=tuple(enemies))))
    return out


# --------------------------------------------------------------------------- presets


@lru_cache(maxsize=1)
def presets() -> dict[str, dict[str, Any]]:
    """Every shipped stat line, ``{preset name: fields}``, from ``data/*.toml``."""
    out: dict[str, dict[str, Any]] = {}
    folder = resources.files("fleeodds.systems.dnd") / "data"
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".toml"):
            continue
        data = tomllib.loads(entry.read_text(encoding="utf-8"))
        for name, tbl in data.items():
            if name in out:
                raise RuntimeError(f"duplicate D&D preset {name!r} in {entry.name}")
            out[name] = dict(tbl)
    return out


def preset_names(kind: str, edition: str | None = None) -> list[str]:
    """Names of the ``"enemy"`` or ``"runner"`` presets, optionally for one edition."""
    return sorted(n for n, p in presets().items()
                  if p.get("kind") == kind and (edition is None or edition in p.get("editions", ())))


PRESET_META = ("kind", "editions", "source", "notes")


def _merge_preset(own: dict, kind: str, edition: str, field_: str) -> tuple[dict, dict]:
    """The preset's fields with the table's own over them (:func:`merge_profile`); ``(fields, metadata)``."""
    if own.get("preset") is None:
        return merge_profile(None, own), {}
    name = own["preset"]
    choices = preset_names(kind, edition)
    if name not in presets() or presets()[name].get("kind") != kind:
        raise InputError(f"{field_}.preset", short_repr(name), "one of " + ", ".join(repr(c) for c in choices))
    p = presets()[name]
    if edition not in p.get("editions", ()):
        raise InputError(f"{field_}.preset", name,
                         f"a preset for edition {edition!r}: " + ", ".join(repr(c) for c in choices))
    meta = {k: p[k] for k in ("name", "source", "notes", "editions") if k in p}
    meta["preset"] = name
    profile = {k: v for k, v in p.items() if k not in PRESET_META}
    return merge_profile(profile, own), meta


# --------------------------------------------------------------------------- runner


@dataclass(frozen=True)
class Runner:
    """The character leaving melee.

    Attributes
    ----------
    hp : int
        Current hit points (>= 1).
    hp_max : int
        Maximum hit points (5e instant death, PF massive damage).
    ac : int
        Armour Class against these attacks (>= 1), including Dex and armour.
    dex_bonus : int
        Dexterity bonus included in ``ac`` (lost when running without the Run feat).
    con : int
        Constitution score (Pathfinder: dead at -Con; stabilisation checks).
    fort : int
        Fortitude save bonus (3.5/PF massive damage, DC 15).
    tumble : int or None
        Tumble (3.5) / Acrobatics (PF) modifier; ``None``: untrained (3.5 Tumble is trained only).
    cmd : int or None
        Combat Maneuver Defence (Pathfinder Stand Still).
    feats : tuple of str
        3.5/PF ``mobility``, ``dodge``, ``run``; 5e 2014 ``mobile``; 5e 2024 ``speedy``.
    dodge_target : int
        Index in ``enemies`` of the opponent designated for Dodge (3.5).
    monster : bool
        5e: the runner is a monster and dies at 0 HP (with ``monster_dies_at_0``).
    str_save, dex_save, con_save : int
        5e saving throw bonuses (wolf's DC 11 Strength save against Prone).
    armor : {"none", "light", "medium", "heavy"}
        Pathfinder: Acrobatics cannot be used in medium or heavy armour.
    damage_reduction : int
        DR x/— against every hit.
    resistance : bool
        5e resistance to the attacks' damage (halved).
    concealment : int
        Miss chance in percent rolled after each hit (20 concealment, 50 total).
    total_concealment : bool
        No attack of opportunity at all (3.5/PF: total concealment; 5e: unseen).
    """

    name: str = "runner"
    hp: int = 1
    hp_max: int = 1
    ac: int = 10
    dex_bonus: int = 0
    con: int = 10
    fort: int = 0
    tumble: int | None = None
    cmd: int | None = None
    feats: tuple[str, ...] = ()
    dodge_target: int = 0
    monster: bool = False
    str_save: int = 0
    dex_save: int = 0
    con_save: int = 0
    armor: str = "light"
    damage_reduction: int = 0
    resistance: bool = False
    concealment: int = 0
    total_concealment: bool = False
    preset: str = ""


def parse_runner(own: dict, edition: str) -> tuple[Runner, dict]:
    """The runner from its table and preset (types and ranges already checked by :class:`RunnerModel`).

    Raises
    ------
    InputError
        ``runner.hp`` / ``runner.ac`` missing, ``runner.hp_max`` below ``runner.hp``, an
        unknown feat (``runner.feats.1``), both ``tumble`` and ``acrobatics``.
    """
    merged, meta = _merge_preset(own, "runner", edition, "runner")
    m = _validate(RunnerModel, merged, "runner.")
    f = "runner."
    if m.hp is None:
        raise InputError(f + "hp", None, ALLOWED["RunnerModel.hp"] + " (this field is required)")
    if m.ac is None:
        raise InputError(f + "ac", None, ALLOWED["RunnerModel.ac"] + " (this field is required)")
    hp = m.hp
    hp_max = hp if m.hp_max is None else m.hp_max
    if hp_max < hp:
        raise InputError(f + "hp_max", m.hp_max, f"an integer >= runner.hp ({hp})")
    if m.tumble is not None and m.acrobatics is not None:
        raise InputError(f + "acrobatics", m.acrobatics, "either runner.tumble or runner.acrobatics, not both")
    feats_raw = [m.feats] if isinstance(m.feats, str) else list(m.feats)
    feats: list[str] = []
    for i, ft in enumerate(feats_raw):
        name = ft.strip().lower()
        if name not in FEATS[edition]:
            raise InputError(f"{f}feats.{i}", ft, f"one of {', '.join(repr(x) for x in FEATS[edition])} "
                                                  f"for edition {edition!r}")
        if name not in feats:
            feats.append(name)
    runner = Runner(
        name=m.name if m.name is not None else meta.get("name", "runner"),
        hp=hp, hp_max=hp_max, ac=m.ac, dex_bonus=m.dex_bonus, con=m.con, fort=m.fort,
        tumble=m.acrobatics if m.acrobatics is not None else m.tumble, cmd=m.cmd, feats=tuple(feats),
        dodge_target=m.dodge_target, monster=m.monster, str_save=m.str_save, dex_save=m.dex_save,
        con_save=m.con_save, armor=m.armor, damage_reduction=m.damage_reduction, resistance=m.resistance,
        concealment=m.concealment, total_concealment=m.total_concealment, preset=meta.get("preset", ""),
    )
    return runner, meta


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
        3.5/PF: no AoO unless Combat Reflexes. 5e: surprised, no reaction.
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
    mastery: str = "none"
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
        raise InputError(f + "attack_bonus", None, "an integer attack bonus (required unless a preset gives it)")
    if m.damage is None:
        raise InputError(f + "damage", None, "dice notation such as 2d4+4 (required unless a preset gives it)")
    damage = check_dice(m.damage, f + "damage")
    if "extra_damage" in own and not own["extra_damage"].strip():
        raise InputError(f + "extra_damage", own["extra_damage"],
                         "dice notation such as 1d6 (omit the field for no extra damage)")
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
                             "false unless combat_reflexes = true (Stand Still requires Combat Reflexes)")
        if m.cmb is None:
            raise InputError(f + "cmb", None, "an integer combat maneuver bonus (required by stand_still)")
    name = m.name if m.name is not None else meta.get("name", f"enemy {index + 1}")
    enemy = Enemy(
        name=name, attack_bonus=m.attack_bonus, damage=damage, extra_damage=extra, threat_low=threat_low,
        crit_multiplier=m.crit_multiplier, reach=m.reach, aoo_left=aoo_left, combat_reflexes=cr,
        dex_bonus=m.dex_bonus, sentinel=m.sentinel, stand_still=m.stand_still, cmb=m.cmb, cmd=m.cmd, tumble_dc=m.tumble_dc,
        squares_left=squares, threatens_start=m.threatens_start, through_space=m.through_space,
        visible=m.visible, flat_footed=m.flat_footed, advantage=m.advantage, disadvantage=m.disadvantage,
        attacked_by_runner=m.attacked_by_runner, simultaneous=m.simultaneous, attacks_on_turn=m.attacks_on_turn,
        spring_attack_target=m.spring_attack_target, mastery=m.mastery,
        on_hit=m.on_hit, on_hit_save_dc=m.on_hit_save_dc, on_hit_save=m.on_hit_save, preset=meta.get("preset", ""),
    )
    for key in ("ac", "hp"):
        if getattr(m, key) is not None:
            meta[key] = getattr(m, key)
    if m.count == 1:
        return [enemy], meta
    return [replace(enemy, name=f"{name} #{k + 1}") for k in range(m.count)], meta


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Options:
    """The modelling options of digest §7 (every open rules question), with their defaults.

    See :data:`OPTION_DOCS` for one line on each, and :class:`OptionsModel` for the
    file's fields (``None`` there means "the edition's default", resolved here).
    """

    stop_when_down: bool = True
    simultaneous_oa: str = "stop_after_drop"
    disabled_runner_continues: bool = True
    aoo_per_round: int | None = None
    threat_must_hit: bool = True
    crit_damage_mode_35: str = "reroll_per_multiplier"
    crit_confirmation: str = "roll"
    confirm_natural_20: bool = True
    tumble_checks: str = "per_foe"
    min_damage_1: bool = True
    skill_natural_20_auto: bool = False
    tumble_order: str = "order_passed"
    dead_threshold: int = -10
    massive_damage: bool = True
    massive_damage_threshold: int = 50
    death_saves_in_exchange: bool = False
    failures_from_critical_at_0: int = 2
    monster_dies_at_0: bool = True
    sentinel_timing_2024: str = "after_disengage"
    reach_monster_withdraw: str = "second_square_provokes"
    push_2024: str = "same_step"
    prone_runner: str = "stays_prone"
    disabled_strenuous: bool = True
    attacker_preset: str = ""


#: One line on each option (the schema's descriptions say the same, in English and French).
OPTION_DOCS = {name: info.description for name, info in OptionsModel.model_fields.items()}


def parse_options(m: OptionsModel, edition: str, runner: Runner) -> Options:
    """Resolve the edition's defaults of the options left out."""
    five = is_5e(edition)
    return Options(
        stop_when_down=m.stop_when_down, simultaneous_oa=m.simultaneous_oa,
        disabled_runner_continues=m.disabled_runner_continues, aoo_per_round=m.aoo_per_round,
        threat_must_hit=m.threat_must_hit, crit_damage_mode_35=m.crit_damage_mode_35,
        crit_confirmation=m.crit_confirmation, confirm_natural_20=m.confirm_natural_20,
        tumble_checks=m.tumble_checks,
        min_damage_1=(not five) if m.min_damage_1 is None else m.min_damage_1,
        skill_natural_20_auto=m.skill_natural_20_auto, tumble_order=m.tumble_order,
        dead_threshold=((-runner.con if edition == "pf1" else -10) if m.dead_threshold is None
                        else m.dead_threshold),
        massive_damage=(edition == "3.5") if m.massive_damage is None else m.massive_damage,
        massive_damage_threshold=((max(50, (runner.hp_max + 1) // 2) if edition == "pf1" else 50)
                                  if m.massive_damage_threshold is None else m.massive_damage_threshold),
        death_saves_in_exchange=m.death_saves_in_exchange,
        failures_from_critical_at_0=m.failures_from_critical_at_0, monster_dies_at_0=m.monster_dies_at_0,
        sentinel_timing_2024=m.sentinel_timing_2024, reach_monster_withdraw=m.reach_monster_withdraw,
        push_2024=m.push_2024, prone_runner=m.prone_runner,
        disabled_strenuous=(not five) if m.disabled_strenuous is None else m.disabled_strenuous,
        attacker_preset=DEFAULT_ATTACKER[edition] if m.attacker_preset is None else m.attacker_preset,
    )


# --------------------------------------------------------------------------- scenario


@dataclass(frozen=True)
class Spec:
    """A validated D&D scenario (plain data; :mod:`.plan` turns it into events)."""

    title: str
    edition: str
    mode: str
    runner: Runner
    enemies: tuple[Enemy, ...]
    options: Options
    distracting_action: bool = False
    metric: str = "damage"
    compare_modes: tuple[str, ...] = ()
    description: str = ""
    death_save_bonus: int = 0
    death_save_advantage: int = 0
    #: Uncertain values: ``(("runner", (), {ac: weight}), ("enemies", (enemy indices…), {bonus: weight}))``.
    mixture: tuple = ()
    meta: dict = field(default_factory=dict, compare=False)


def parse_spec(data: dict) -> Spec:
    """Validate a parsed scenario file (see the package docstring for the format).

    Raises
    ------
    InputError
        Naming the first invalid field as a dotted path, its value and what is allowed.
    """
    if not isinstance(data, dict):
        raise InputError("scenario", short_repr(data), "a table of fields")
    situation = data.get("situation", "leave_melee")
    if situation not in ("leave_melee", "death_saves"):  # a misspelt situation is named, not a missing [runner]
        raise InputError("situation", short_repr(situation), "one of 'leave_melee', 'death_saves'")
    if "runner" not in data:
        raise InputError("runner", None, ALLOWED["ScenarioModel.runner"])
    source = data
    data, uncertain = split_uncertain(data)
    top = _validate(ScenarioModel, data)
    edition = normalise_edition(top.edition)
    mode = normalise_mode(top.mode, edition)
    runner, rmeta = parse_runner(data["runner"], edition)
    opts = parse_options(top.options, edition, runner)
    if top.enemies is not None:
        raw = data["enemies"]
    else:
        raw = [{"preset": opts.attacker_preset}]
    enemies: list[Enemy] = []
    emeta = []
    first_of: list[int] = []  # index in ``enemies`` of each table's first enemy
    for i, e in enumerate(raw):
        es, m = parse_enemy(e, edition, i, opts.aoo_per_round)
        first_of.append(len(enemies))
        enemies.extend(es)
        emeta.append(m)
    if runner.dodge_target >= len(enemies):
        raise InputError("runner.dodge_target", runner.dodge_target,
                         f"an enemy index from 0 to {len(enemies) - 1}")
    if any(e.stand_still for e in enemies) and runner.cmd is None and edition == "pf1":
        raise InputError("runner.cmd", None, "an integer CMD (required when an enemy has stand_still)")
    cm = top.compare_modes if top.compare_modes is not None else []
    if cm == "auto":
        cm = list(AUTO_COMPARE[edition])
        if runner.tumble is None and edition == "3.5":
            cm = [m for m in cm if m != "tumble"]
    modes: list[str] = []
    for i, m in enumerate(cm):
        mm = normalise_mode(m, edition, f"compare_modes.{i}")
        if mm not in modes:
            modes.append(mm)
    if len(modes) == 1:
        raise InputError("compare_modes", short_repr(top.compare_modes),
                         "at least two different modes (or omit the field)")
    ds_bonus, ds_adv = 0, 0
    if top.death_saves is not None:
        own = data["death_saves"]
        for key in ("successes", "failures"):
            if key in own:
                raise no_effect(f"death_saves.{key}", own[key],
                                "in situation 'leave_melee' (the runner starts up: its failures come from the "
                                "damage taken at 0 HP; for a character already at 0 HP write situation = "
                                "'death_saves')")
        if not is_5e(edition):
            raise no_effect("death_saves", short_repr(own), "outside 5e (3.5/PF dying has no death saving throws)")
        if not opts.death_saves_in_exchange:
            raise no_effect("death_saves", short_repr(own), "unless options.death_saves_in_exchange = true (the "
                                                            "death saves are not rolled otherwise)")
        from .deathsaves import advantage_of

        ds_adv = advantage_of(top.death_saves)
        ds_bonus = top.death_saves.bonus
    spec = Spec(title=top.title, edition=edition, mode=mode, runner=runner, enemies=tuple(enemies), options=opts,
                distracting_action=top.distracting_action, metric=top.metric, compare_modes=tuple(modes),
                description=top.description, death_save_bonus=ds_bonus, death_save_advantage=ds_adv,
                meta={"runner": rmeta, "enemies": emeta})
    if uncertain:
        mix = []
        for where, dist in uncertain:
            if where == "runner":
                mix.append(("runner", (), dist))
            else:
                i = int(where)
                stop = first_of[i + 1] if i + 1 < len(first_of) else len(enemies)
                mix.append(("enemies", tuple(range(first_of[i], stop)), dist))
        n = 1
        for _w, _i, dist in mix:
            n *= len(dist)
        if n > MAX_MIXTURE:
            raise InputError(uncertain[0][0] if uncertain[0][0] == "runner" else "enemies", f"{n} combinations",
                             f"uncertain values with at most {MAX_MIXTURE} combinations in all")
        spec = replace(spec, mixture=tuple(mix))
    check_no_effect(data, spec, raw, first_of, checked=isinstance(source, CheckedSource))
    check_mode(spec, mode, "mode")
    for i, m in enumerate(modes):
        check_mode(spec, m, f"compare_modes.{i}")
    return spec


def check_no_effect(data: dict, spec: Spec, raw_enemies: list[dict], first_of: list[int],
                    checked: bool = False) -> None:
    """Refuse every input written in the scenario that would change nothing (project rule).

    Only fields written in the scenario are checked (a preset's fields and options
    left out are fine). Inputs that matter in some editions only are refused in the
    others; inputs that depend on another field (``cmb`` without ``stand_still``,
    ``simultaneous_oa`` without a simultaneous enemy …) are refused without it.
    Inputs that matter in some movement modes only (``through_space``, ``tumble_order``,
    ``attacks_on_turn`` …) are accepted in every mode, so that a decision table
    (``compare_modes``) or a sweep over ``mode`` can share one scenario.

    Raises
    ------
    InputError
        :func:`fleeodds.validation.no_effect`: ``field: value has no effect <where>; remove it``.
    """
    ed = spec.edition
    five = is_5e(ed)
    pf = ed == "pf1"
    r, o, enemies = spec.runner, spec.options, spec.enemies
    not5 = "in 5e"
    only5 = "outside 5e (it is a 5e rule)"
    # top level
    _refuse_if(five, data, "distracting_action", "distracting_action",
               "in 5e (5e has no provoking action besides leaving reach)")
    # options
    oo = data.get("options") or {}
    for key, why in (("disabled_runner_continues", " (5e has no disabled state at 0 HP)"),
                     ("threat_must_hit", " (5e criticals need no confirmation)"),
                     ("crit_confirmation", " (5e criticals need no confirmation)"),
                     ("confirm_natural_20", " (5e criticals need no confirmation)"),
                     ("tumble_checks", " (5e has no Tumble mode)"),
                     ("crit_damage_mode_35", " (5e criticals double the damage dice)"),
                     ("min_damage_1", " (5e has no minimum damage)"),
                     ("skill_natural_20_auto", " (5e has no Tumble mode)"),
                     ("tumble_order", " (5e has no Tumble mode)"),
                     ("dead_threshold", " (5e uses death saving throws and instant death)"),
                     ("massive_damage", " (5e instant death from massive damage always applies)"),
                     ("massive_damage_threshold", " (5e instant death from massive damage always applies)"),
                     ("reach_monster_withdraw", " (5e has no withdraw)"),
                     ("disabled_strenuous", " (5e has no disabled state at 0 HP)")):
        _refuse_if(five, oo, key, f"options.{key}", not5 + why)
    _refuse_if(not five, oo, "monster_dies_at_0", "options.monster_dies_at_0", only5)
    for key in ("push_2024", "prone_runner"):
        _refuse_if(not five, oo, key, f"options.{key}", only5)
    _refuse_if(ed != "5e2024", oo, "push_2024", "options.push_2024", "outside 5e 2024 (weapon masteries are "
                                                                    "2024 rules)")
    _refuse_if(not any(e.mastery == "push" for e in enemies), oo, "push_2024", "options.push_2024",
               "unless an enemy has mastery = 'push'")
    _refuse_if(not any(e.on_hit == "prone" for e in enemies), oo, "prone_runner", "options.prone_runner",
               "unless an enemy has on_hit = 'prone'")
    # 5e teleport / forced movement provoke nothing: the runner never drops, no death save is rolled
    modes = {spec.mode, *spec.compare_modes}
    for setup in (data.get("compare") or {}).values():
        if isinstance(setup, dict) and isinstance(setup.get("mode"), str):
            modes.add(setup["mode"])
    if five and modes <= {"teleport", "forced"} and not checked:  # a setup of a checked scenario: its
        # base was checked against every compared mode
        why = (f"with mode = {spec.mode!r} (teleporting or being moved provokes no opportunity attack: the "
               f"runner never drops in this exchange, so no death saving throw is rolled; for a character "
               f"already at 0 HP write situation = 'death_saves')")
        _refuse_if(True, oo, "death_saves_in_exchange", "options.death_saves_in_exchange", why)
        _refuse_if(True, data, "death_saves", "death_saves", why)
    _refuse_if(not five, oo, "failures_from_critical_at_0", "options.failures_from_critical_at_0",
               only5 + " (3.5/PF have no death saving throws)")
    _refuse_if(five and not r.monster, oo, "monster_dies_at_0", "options.monster_dies_at_0",
               "unless runner.monster = true")
    _refuse_if(ed != "5e2024", oo, "sentinel_timing_2024", "options.sentinel_timing_2024",
               "outside 5e 2024 (edition = '5e2024')")
    _refuse_if(not any(e.sentinel for e in enemies), oo, "sentinel_timing_2024", "options.sentinel_timing_2024",
               "unless an enemy has sentinel = true")
    _refuse_if(len(enemies) < 2, oo, "simultaneous_oa", "options.simultaneous_oa",
               "with a single enemy (nothing else is triggered by the same step)")
    _refuse_if(not five and not o.massive_damage, oo, "massive_damage_threshold",
               "options.massive_damage_threshold", "unless options.massive_damage = true")
    _refuse_if("enemies" in data, oo, "attacker_preset", "options.attacker_preset",
               "when the scenario lists its enemies (it names the single enemy when enemies is left out)")
    # runner
    rr = data["runner"]
    _refuse_if(ed == "3.5", rr, "hp_max", "runner.hp_max",
               "in 3.5 (only 5e instant death and the Pathfinder massive-damage threshold use it)")
    _refuse_if(five, rr, "dex_bonus", "runner.dex_bonus", not5 + " (only a 3.5/PF run loses Dexterity to AC)")
    _refuse_if(not pf, rr, "con", "runner.con", "outside Pathfinder (only its dying rules use the Constitution "
                                                "score; 5e: con_save)")
    _refuse_if(five, rr, "fort", "runner.fort", not5 + " (Fortitude saves against massive damage are 3.5/PF)")
    _refuse_if(not five and not o.massive_damage, rr, "fort", "runner.fort",
               "unless options.massive_damage = true (its only use is the DC 15 save against massive damage)")
    for key in ("tumble", "acrobatics"):
        _refuse_if(five, rr, key, f"runner.{key}", not5 + " (5e has no Tumble mode)")
    _refuse_if(not pf, rr, "cmd", "runner.cmd", "outside Pathfinder (its only use is against Stand Still)")
    _refuse_if(pf and not any(e.stand_still for e in enemies), rr, "cmd", "runner.cmd",
               "unless an enemy has stand_still = true")
    _refuse_if(ed != "3.5", rr, "dodge_target", "runner.dodge_target",
               "outside 3.5 (Pathfinder Dodge applies against every foe; 5e has no Dodge feat)")
    _refuse_if(ed == "3.5" and "dodge" not in r.feats, rr, "dodge_target", "runner.dodge_target",
               "without the dodge feat")
    own_feats = rr.get("feats")
    own_feats = [own_feats] if isinstance(own_feats, str) else list(own_feats or [])
    for k, ft in enumerate(own_feats):
        if (isinstance(ft, str) and ft.strip().lower() == "spring_attack"
                and not any(e.spring_attack_target for e in enemies)):
            raise no_effect(f"runner.feats.{k}" if isinstance(rr.get("feats"), list) else "runner.feats", ft,
                            "unless an enemy has spring_attack_target = true (Spring Attack only spares the one "
                            "foe the runner attacks during its move: 3.5 SRD / PF1 CRB Feats)")
    _refuse_if(not five, rr, "monster", "runner.monster", only5 + " (3.5/PF monsters use the same HP states)")
    _refuse_if(not five, rr, "resistance", "runner.resistance", only5 + " (3.5/PF: use damage_reduction)")
    saves = {e.on_hit_save for e in enemies if e.on_hit == "prone" and e.on_hit_save_dc is not None}
    for ab in SAVE_ABILITIES:
        key = f"{ab}_save"
        _refuse_if(not five, rr, key, f"runner.{key}", only5 + " (3.5/PF: fort)")
        _refuse_if(five and ab not in saves, rr, key, f"runner.{key}",
                   f"unless an enemy's prone rider calls for a {ab} save (on_hit = 'prone', "
                   f"on_hit_save = '{ab}', on_hit_save_dc)")
    _refuse_if(not pf, rr, "armor", "runner.armor", "outside Pathfinder (only Pathfinder Acrobatics depends on "
                                                    "armour)")
    # enemies
    for i, own in enumerate(raw_enemies):
        e = enemies[first_of[i]]
        f = f"enemies.{i}."
        _refuse_if(five, own, "crit_multiplier", f + "crit_multiplier",
                   not5 + " (5e criticals double the damage dice)")
        _refuse_if(five, own, "combat_reflexes", f + "combat_reflexes",
                   not5 + " (one reaction per round; set aoo_left)")
        _refuse_if(five, own, "dex_bonus", f + "dex_bonus", not5 + " (one reaction per round)")
        _refuse_if(not five and not e.combat_reflexes, own, "dex_bonus", f + "dex_bonus",
                   "without combat_reflexes = true (it only adds attacks of opportunity with Combat Reflexes)")
        _refuse_if(not five and ("aoo_left" in own or spec.options.aoo_per_round is not None), own, "dex_bonus",
                   f + "dex_bonus", "when aoo_left or options.aoo_per_round gives the attacks of opportunity")
        _refuse_if(not five, own, "sentinel", f + "sentinel", only5 + " (Pathfinder: use stand_still)")
        _refuse_if(five, own, "spring_attack_target", f + "spring_attack_target", not5 + " (5e: the Mobile feat, "
                                                                                         "attacked_by_runner)")
        _refuse_if(not five and "spring_attack" not in r.feats, own, "spring_attack_target",
                   f + "spring_attack_target", "unless the runner has the spring_attack feat")
        if e.spring_attack_target and any(enemies[first_of[j]].spring_attack_target for j in range(i)):
            raise InputError(f + "spring_attack_target", True, "one Spring Attack target: the feat attacks a single "
                                                               "foe during the move (3.5/PF1 Spring Attack)")
        if pf and e.spring_attack_target and e.threatens_start:
            raise InputError(f + "spring_attack_target", True, "false for a foe adjacent at the start of the turn "
                                                               "(PF1 Spring Attack), or threatens_start = false")
        _refuse_if(not pf, own, "stand_still", f + "stand_still",
                   "outside Pathfinder (5e: use sentinel)")
        _refuse_if(not pf, own, "cmb", f + "cmb", "outside Pathfinder (its only use is Stand Still)")
        _refuse_if(pf and not e.stand_still, own, "cmb", f + "cmb", "without stand_still = true")
        _refuse_if(not pf, own, "cmd", f + "cmd", "outside Pathfinder (its only use is the Acrobatics DC)")
        for key in ("squares_left", "through_space", "visible", "tumble_dc"):
            _refuse_if(five, own, key, f + key, not5 + " (5e has no withdraw, 5-foot step or Tumble)")
        for key in ("advantage", "disadvantage", "on_hit"):
            _refuse_if(not five, own, key, f + key, only5)
        _refuse_if(ed != "5e2014", own, "attacked_by_runner", f + "attacked_by_runner",
                   "outside 5e 2014 (its only use is the 2014 Mobile feat)")
        _refuse_if(ed == "5e2014" and "mobile" not in r.feats, own, "attacked_by_runner", f + "attacked_by_runner",
                   "unless the runner has the mobile feat")
        for key in ("on_hit_save_dc", "on_hit_save"):
            _refuse_if(not five, own, key, f + key, only5)
        _refuse_if(e.on_hit != "prone", own, "on_hit_save_dc", f + "on_hit_save_dc",
                   "unless on_hit = 'prone' (grapple and slow riders have no saving throw here)")
        _refuse_if(e.on_hit != "prone" or e.on_hit_save_dc is None, own, "on_hit_save", f + "on_hit_save",
                   "without on_hit = 'prone' and on_hit_save_dc")
        _refuse_if(ed != "5e2024", own, "mastery", f + "mastery",
                   "outside 5e 2024 (weapon masteries are 2024 rules: PHB 2024 ch. 6)")
        mastery = own.get("mastery")
        if ed == "5e2024" and mastery in ("sap", "cleave", "nick"):
            raise no_effect(f + "mastery", mastery, {
                "sap": "in this exchange (Sap gives the creature hit disadvantage on its next attack roll; the "
                       "runner makes no attack roll while it leaves)",
                "cleave": "in this exchange (Cleave's extra attack is against a second creature; the runner is "
                          "the only target here)",
                "nick": "on an opportunity attack (Nick adds the Light property's extra attack to the Attack "
                        "action)"}[mastery])
        if ed == "5e2024" and mastery in ("topple", "slow", "graze"):
            from ...validation import not_modelled

            raise not_modelled(f + "mastery", mastery, {
                "topple": "write on_hit = 'prone', on_hit_save = 'con', on_hit_save_dc = 8 + the ability "
                          "modifier + the proficiency bonus",
                "slow": "write on_hit = 'slow' (-10 ft on a hit)",
                "graze": "damage on a miss"}[mastery])
        if ed == "5e2024" and mastery == "vex" and e.attacks_on_turn < 2:
            raise no_effect(f + "mastery", mastery, "unless attacks_on_turn >= 2 (Vex gives advantage on this "
                                                    "foe's next attack against the runner: leaving, it attacks "
                                                    "once, with its one reaction; staying, it attacks "
                                                    "attacks_on_turn times)")
        if ed == "5e2024" and mastery == "push" and o.push_2024 == "none":
            raise no_effect(f + "mastery", mastery, "with options.push_2024 = 'none' (the push then takes the "
                                                    "runner out of no other foe's reach)")
        if ed == "5e2024" and mastery == "push" and e.on_hit == "grapple":
            from ...validation import not_modelled

            raise not_modelled(f + "mastery", mastery, "a push that ends this foe's own grapple (on_hit = "
                                                       "'grapple')")
        for key in ("ac", "hp"):
            _refuse_if(True, own, key, f + key,
                       "on an enemy (its own AC and hit points play no part in leaving melee)")


def check_mode(spec: Spec, mode: str, field_: str) -> None:
    """Mode-specific requirements (Tumble trained, PF armour and CMD, full-round actions)."""
    ed = spec.edition
    if mode in ("tumble", "tumble_full"):
        if spec.runner.tumble is None:
            skill = "Acrobatics" if ed == "pf1" else "Tumble"
            raise InputError("runner.tumble", None,
                             f"the runner's {skill} modifier (required by {field_} = {mode!r}; "
                             f"3.5 Tumble is trained only)")
        if ed == "pf1":
            if spec.runner.armor in ("medium", "heavy"):
                raise InputError("runner.armor", spec.runner.armor,
                                 f"'none' or 'light' for {field_} = {mode!r} "
                                 f"(Acrobatics cannot be used in medium or heavy armour)")
            for i, e in enumerate(spec.enemies):
                if e.cmd is None and e.tumble_dc is None:
                    raise InputError(f"enemies.{i}.cmd", None,
                                     f"an integer CMD (Pathfinder Acrobatics DC; required by {field_} = {mode!r})")
    if spec.distracting_action and mode in ("withdraw", "run"):
        raise InputError("distracting_action", True,
                         f"false with {field_} = {mode!r} (a full-round action leaves no action to provoke with)")
