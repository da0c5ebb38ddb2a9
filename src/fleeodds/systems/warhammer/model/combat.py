"""The ``[fight]`` section of a Warhammer scenario (situation ``fight``): the two units, who
charged, where, and the close-combat rules options, as written.

The rules that turn it into numbers are in :mod:`..plan.combat` (docs/warhammer_combat.md).
Units: models, files (models per rank), wounds; characteristics as on the profile.
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import ConfigDict, field_validator, model_validator

from .base import RULES, RULES_SCHEMA, TROOP_TYPES, F, _Strict

WEAPONS = ("hand_weapon", "great_weapon", "spear", "halberd", "lance", "additional_hand_weapon", "flail")
#: Weapons that need both hands in close combat: a shield is of no use with them.
TWO_HANDED = ("great_weapon", "halberd", "additional_hand_weapon", "flail")
#: Mounted troop types (lance, cavalry spear; no hand-weapon-and-shield bonus).
MOUNTED = ("cavalry", "monstrous_cavalry", "chariot", "light_cavalry", "heavy_cavalry", "light_chariot",
           "heavy_chariot")
#: Fields a player may write that fleeodds does not model yet (refused by name).
NOT_MODELLED = {"character": "a single 'character' table (write characters = [{...}])",
                "challenge": "a unit's challenge (write fight.challenge)",
                "magic_items": "magic items", "magic_weapon": "magic weapons", "magic_banner": "magic banners"}
SIDES = ("unit", "enemy")


def _d(en: str, fr: str) -> dict:
    return {"d": en, "d_fr": fr}


class FightMount(_Strict):
    """A cavalry unit's mounts: each fighting model's mount strikes with its own profile; barding."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Monture", "description_fr": (
        "Les montures d'une unité de cavalerie : la monture de chaque figurine au combat frappe avec son "
        "propre profil ; caparaçon.")})

    name: Optional[str] = F(None, t="Mount", t_fr="Monture", d="The mount's name (default: the profile's).",
                            d_fr="Nom de la monture (par défaut : celui du profil).")
    weapon_skill: Optional[int] = F(None, ge=1, le=10, t="Mount's Weapon Skill (WS)",
                                    t_fr="Capacité de Combat de la monture (CC)",
                                    d="The mount's WS, 1 to 10 (default: the profile's mount).",
                                    d_fr="CC de la monture, de 1 à 10 (par défaut : la monture du profil).")
    strength: Optional[int] = F(None, ge=1, le=10, t="Mount's Strength (S)", t_fr="Force de la monture (F)",
                                d="The mount's S, 1 to 10; the rider's weapon does not change it.",
                                d_fr="F de la monture, de 1 à 10 ; l'arme du cavalier ne la modifie pas.")
    initiative: Optional[int] = F(None, ge=1, le=10, t="Mount's Initiative (I)",
                                  t_fr="Initiative de la monture (I)",
                                  d="The mount's I, 1 to 10: it strikes at its own Initiative.",
                                  d_fr="I de la monture, de 1 à 10 : elle frappe à sa propre Initiative.")
    attacks: Optional[int] = F(None, ge=0, le=10, t="Mount's Attacks (A)", t_fr="Attaques de la monture (A)",
                               d="The mount's A, 0 to 10 (0: a mount that does not attack).",
                               d_fr="A de la monture, de 0 à 10 (0 : une monture qui n'attaque pas).")
    barding: bool = F(False, t="Barding", t_fr="Caparaçon",
                      d="The mount wears barding: +1 to the rider's armour save (6th, 7th, 8th, TOW).",
                      d_fr="La monture porte un caparaçon : +1 à la sauvegarde d'armure du cavalier (6e, 7e, "
                           "8e, TOW).")
    armour_piercing: int = F(0, ge=0, le=6, t="Mount's armour piercing (TOW)", t_fr="Perforant de la monture "
                                                                                    "(TOW)",
                             d="TOW: the mount's own AP (e.g. 1 for AP -1).",
                             d_fr="TOW : PA propre de la monture (p. ex. 1 pour PA -1).")


class FightChampion(_Strict):
    """The unit's champion: one of its models, in the front rank, striking with its own profile."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Champion", "description_fr": (
        "Le champion de l'unité : l'une de ses figurines, au premier rang, qui frappe avec son propre "
        "profil.")})

    name: Optional[str] = F(None, t="Champion's name", t_fr="Nom du champion",
                            d="The champion's name (default: champion).",
                            d_fr="Nom du champion (par défaut : champion).")
    weapon_skill: Optional[int] = F(None, ge=1, le=10, t="Champion's Weapon Skill (WS)",
                                    t_fr="Capacité de Combat du champion (CC)",
                                    d="Default: the unit's.", d_fr="Par défaut : celle de l'unité.")
    strength: Optional[int] = F(None, ge=1, le=10, t="Champion's Strength (S)", t_fr="Force du champion (F)",
                                d="Before the unit's weapon bonus (default: the unit's).",
                                d_fr="Avant le bonus d'arme de l'unité (par défaut : celle de l'unité).")
    initiative: Optional[int] = F(None, ge=1, le=10, t="Champion's Initiative (I)",
                                  t_fr="Initiative du champion (I)", d="Default: the unit's.",
                                  d_fr="Par défaut : celle de l'unité.")
    attacks: Optional[int] = F(None, ge=1, le=10, t="Champion's Attacks (A)", t_fr="Attaques du champion (A)",
                               d="Default: the unit's plus one (the army books' champions).",
                               d_fr="Par défaut : celles de l'unité plus une (les champions des livres "
                                    "d'armée).")


class FightCharacter(_Strict):
    """A character on foot who has joined the unit: in its front rank, with his own profile and
    equipment (docs/warhammer_combat.md §12)."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Personnage", "description_fr": (
        "Un personnage à pied qui a rejoint l'unité : à son premier rang, avec son propre profil et son "
        "équipement (docs/warhammer_combat.md §12).")})

    name: str = F("character", min_length=1, t="Character's name", t_fr="Nom du personnage",
                  d="For display.", d_fr="Pour l'affichage.")
    weapon_skill: int = F(ge=1, le=10, t="Weapon Skill (WS)", t_fr="Capacité de Combat (CC)",
                          d="The character's WS, 1 to 10.", d_fr="CC du personnage, de 1 à 10.")
    strength: int = F(ge=1, le=10, t="Strength (S)", t_fr="Force (F)",
                      d="The character's S, 1 to 10, before his weapon's bonus.",
                      d_fr="F du personnage, de 1 à 10, avant le bonus de son arme.")
    toughness: int = F(ge=1, le=10, t="Toughness (T)", t_fr="Endurance (E)",
                       d="The character's T, 1 to 10 (in a challenge).",
                       d_fr="E du personnage, de 1 à 10 (en défi).")
    wounds: int = F(ge=1, le=10, t="Wounds (W)", t_fr="Points de vie (PV)",
                    d="The character's W, 1 to 10 (in a challenge).", d_fr="PV du personnage, de 1 à 10 (en défi).")
    initiative: int = F(ge=1, le=10, t="Initiative (I)", t_fr="Initiative (I)",
                        d="The character's I, 1 to 10: he strikes at his own.",
                        d_fr="I du personnage, de 1 à 10 : il frappe à la sienne.")
    attacks: int = F(ge=1, le=10, t="Attacks (A)", t_fr="Attaques (A)", d="The character's A, 1 to 10.",
                     d_fr="A du personnage, de 1 à 10.")
    leadership: Optional[int] = F(None, ge=0, le=10, unit="Ld", t="Leadership (Ld)", t_fr="Commandement (Cd)",
                                  d="The unit tests on the highest Leadership among its models.",
                                  d_fr="L'unité teste sur le Commandement le plus élevé parmi ses figurines.")
    weapon: Literal[WEAPONS] = F(  # type: ignore[valid-type]
        "hand_weapon", t="Close combat weapon", t_fr="Arme de corps à corps",
        d="As the unit's weapon (on foot: no lance).", d_fr="Comme l'arme de l'unité (à pied : pas de lance).")
    shield: bool = F(False, t="Shield", t_fr="Bouclier", d="As the unit's shield (in a challenge).",
                     d_fr="Comme le bouclier de l'unité (en défi).")
    armour_save: Optional[int] = F(None, ge=1, le=6, t="Armour save", t_fr="Sauvegarde d'armure",
                                   d="Without the shield (in a challenge); omit for none.",
                                   d_fr="Sans le bouclier (en défi) ; à omettre s'il n'y en a pas.")
    ward_save: Optional[int] = F(None, ge=2, le=6, t="Ward save", t_fr="Sauvegarde invulnérable",
                                 d="In a challenge; omit for none.", d_fr="En défi ; à omettre s'il n'y en a pas.")
    look_out_sir: bool = F(
        False, t="Look Out Sir", t_fr="Attention, messire\u202f!",
        d="Accepted with a note in a fight: Look Out Sir saves a character from shooting and template hits, not "
          "from close-combat blows (6th, 7th, 8th, TOW; docs/warhammer_combat.md §12).",
        d_fr="Accepté avec une note dans un combat : « Attention, messire ! » protège un personnage des tirs et "
             "des gabarits, pas des coups au corps à corps (6e, 7e, 8e, TOW ; docs/warhammer_combat.md §12).")


class FightBeasts(_Strict):
    """The beasts that draw a chariot: how many, and their close-combat profile."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Bêtes de trait", "description_fr": (
        "Les bêtes qui tirent un char : leur nombre et leur profil de corps à corps.")})

    count: int = F(2, ge=0, le=6, t="Beasts per chariot", t_fr="Bêtes par char", d="0 to 6.", d_fr="De 0 à 6.")
    weapon_skill: int = F(3, ge=1, le=10, t="Beasts' Weapon Skill (WS)", t_fr="Capacité de Combat des bêtes (CC)",
                          d="1 to 10.", d_fr="De 1 à 10.")
    strength: int = F(3, ge=1, le=10, t="Beasts' Strength (S)", t_fr="Force des bêtes (F)", d="1 to 10.",
                      d_fr="De 1 à 10.")
    initiative: int = F(3, ge=1, le=10, t="Beasts' Initiative (I)", t_fr="Initiative des bêtes (I)",
                        d="1 to 10.", d_fr="De 1 à 10.")
    attacks: int = F(1, ge=0, le=10, t="Beasts' Attacks (A)", t_fr="Attaques des bêtes (A)", d="0 to 10.",
                     d_fr="De 0 à 10.")


class FightChariot(_Strict):
    """A chariot unit's parts: crew (the unit's profile), beasts and impact hits (docs/warhammer_combat.md §14)."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Char", "description_fr": (
        "Les éléments d'une unité de chars : l'équipage (le profil de l'unité), les bêtes et les touches "
        "d'impact (docs/warhammer_combat.md §14).")})

    crew: int = F(2, ge=1, le=6, t="Crew per chariot", t_fr="Équipage par char",
                  d="Crewmen per chariot, each striking with the unit's WS, S, I, A and weapon.",
                  d_fr="Membres d'équipage par char, chacun frappant avec la CC, la F, l'I, les A et l'arme de "
                       "l'unité.")
    beasts: FightBeasts = F(FightBeasts(), t="Chariot beasts", t_fr="Bêtes du char",
                            d="The beasts drawing each chariot.", d_fr="Les bêtes qui tirent chaque char.")
    impact_hits: Literal["D6", "D3", "none"] = F(
        "D6", t="Impact hits", t_fr="Touches d'impact",
        d="Hits each chariot in contact inflicts when it charged (default D6).",
        d_fr="Touches infligées par chaque char au contact quand il a chargé (par défaut D6).")
    strength: int = F(5, ge=1, le=10, t="Chariot's Strength (S)", t_fr="Force du char (F)",
                      d="Strength of the impact hits (the chariot's own, default 5).",
                      d_fr="Force des touches d'impact (celle du char, 5 par défaut).")


class FightUnit(_Strict):
    """One of the two units in the fight: its profile, size, formation, equipment and command."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Unité au corps à corps", "description_fr": (
        "L'une des deux unités du corps à corps : son profil, son effectif, sa formation, son "
        "équipement et son état-major.")})

    profile: Optional[str] = F(None, t="Profile", t_fr="Profil",
                               d="Name of a shipped profile or of one in profiles_file (case-insensitive).",
                               d_fr="Nom d'un profil fourni ou d'un profil de profiles_file (casse indifférente).")
    name: Optional[str] = F(None, t="Name", t_fr="Nom", d="The unit's name, for display.",
                            d_fr="Nom de l'unité, pour l'affichage.")
    movement: Optional[int] = F(None, ge=0, le=20, unit="in", t="Movement (M)", t_fr="Mouvement (M)",
                                d="Movement, 0 to 20 inches (flee and pursuit after the fight).",
                                d_fr="Mouvement, de 0 à 20 pas (fuite et poursuite après le combat).")
    leadership: Optional[int] = F(None, ge=0, le=10, unit="Ld", t="Leadership (Ld)", t_fr="Commandement (Cd)",
                                  d="Leadership, 0 to 10 (the Break test of the loser).",
                                  d_fr="Commandement, de 0 à 10 (test de moral du perdant).")
    weapon_skill: Optional[int] = F(None, ge=1, le=10, t="Weapon Skill (WS)", t_fr="Capacité de Combat (CC)",
                                    d="Weapon Skill, 1 to 10: to hit by the WS table (3+ above the foe's, "
                                      "5+ when the foe's is more than double, else 4+).",
                                    d_fr="Capacité de Combat, de 1 à 10 : pour toucher selon la table de CC "
                                         "(3+ si supérieure, 5+ si celle de l'ennemi est plus du double, "
                                         "sinon 4+).")
    strength: Optional[int] = F(None, ge=1, le=10, t="Strength (S)", t_fr="Force (F)",
                                d="Strength, 1 to 10, before weapon bonuses (to wound against Toughness; "
                                  "6th-8th armour modifier).",
                                d_fr="Force, de 1 à 10, avant les bonus d'arme (pour blesser contre "
                                     "l'Endurance ; modificateur d'armure en 6e-8e).")
    toughness: Optional[int] = F(None, ge=1, le=10, t="Toughness (T)", t_fr="Endurance (E)",
                                 d="Toughness, 1 to 10.", d_fr="Endurance, de 1 à 10.")
    wounds: Optional[int] = F(None, ge=1, le=10, t="Wounds (W)", t_fr="Points de vie (PV)",
                              d="Wounds of one model, 1 to 10: a model is removed when it has taken that "
                                "many.",
                              d_fr="Points de vie d'une figurine, de 1 à 10 : elle est retirée quand elle en a "
                                   "perdu autant.")
    initiative: Optional[int] = F(None, ge=1, le=10, t="Initiative (I)", t_fr="Initiative (I)",
                                  d="Initiative, 1 to 10 (strike order).", d_fr="Initiative, de 1 à 10 (ordre "
                                                                               "de frappe).")
    attacks: Optional[int] = F(None, ge=1, le=10, t="Attacks (A)", t_fr="Attaques (A)",
                               d="Attacks of one model, 1 to 10.", d_fr="Attaques d'une figurine, de 1 à 10.")
    troop_type: Optional[Literal[TROOP_TYPES]] = F(  # type: ignore[valid-type]
        None, t="Troop type", t_fr="Type de troupe",
        d="Troop type (default: the profile's, else infantry): mounted units use lances and cavalry spears "
          "and get no hand-weapon-and-shield bonus; Unit Strength by type.",
        d_fr="Type de troupe (par défaut : celui du profil, sinon infanterie) : les unités montées utilisent "
             "lances et lances de cavalerie et n'ont pas le bonus arme de base et bouclier ; Puissance "
             "d'unité selon le type.")
    rules: Optional[tuple[str, ...]] = F(None, strict=False, json_schema_extra=RULES_SCHEMA,
                                         t="Special rules", t_fr="Règles spéciales",
                                         d="The unit's special rules (replace the profile's); frenzy adds "
                                           "an Attack, fear/terror matter to the Break test, fast_cavalry "
                                           "claims no rank bonus; hatred, always_strikes_first/last, "
                                           "poisoned_attacks, killing_blow, regeneration act in the round "
                                           "(docs/warhammer_combat.md §15).",
                                         d_fr="Règles spéciales de l'unité (remplacent celles du profil) ; "
                                              "frénésie ajoute une Attaque, peur/terreur comptent au test de "
                                              "moral, cavalerie légère n'a pas de bonus de rang ; haine, "
                                              "frappe toujours en premier/en dernier, attaques empoisonnées, "
                                              "coup fatal, régénération agissent dans le round "
                                              "(docs/warhammer_combat.md §15).")
    extra_rules: tuple[str, ...] = F((), strict=False, json_schema_extra=RULES_SCHEMA,
                                     t="Extra special rules", t_fr="Règles spéciales ajoutées",
                                     d="Special rules added to the profile's.",
                                     d_fr="Règles spéciales ajoutées à celles du profil.")
    models: int = F(20, ge=1, le=200, unit="models", t="Models", t_fr="Figurines",
                    d="Models in the unit when the fight starts.",
                    d_fr="Figurines de l'unité au début du combat.")
    models_start: Optional[int] = F(None, ge=1, le=1000, unit="models", t="Models at the start of the battle",
                                    t_fr="Figurines en début de bataille",
                                    d="For the rally casualty limits after a flight (default: models).",
                                    d_fr="Pour les limites de pertes au ralliement après une fuite (par "
                                         "défaut : figurines).")
    files: int = F(5, ge=1, le=50, unit="models", t="Files (models per rank)", t_fr="Colonnes (figurines par "
                                                                                  "rang)",
                   d="Models in each rank: the front rank's width; casualties come from the rear.",
                   d_fr="Figurines par rang : largeur du premier rang ; les pertes sont retirées à l'arrière.")
    fighting_files: Optional[int] = F(
        None, ge=1, le=50, unit="models", t="Models in base contact", t_fr="Figurines au contact",
        d="Models of the front (or the charged side) in base contact with the enemy (default: see "
          "docs/warhammer_combat.md, same-size bases).",
        d_fr="Figurines du premier rang (ou du côté chargé) au contact socle à socle de l'ennemi (par défaut : "
             "voir docs/warhammer_combat.md, socles de même taille).")
    weapon: Literal[WEAPONS] = F(  # type: ignore[valid-type]
        "hand_weapon", t="Close combat weapon", t_fr="Arme de corps à corps",
        d="hand_weapon, great_weapon (+2 S, strikes last), spear, halberd (+1 S), lance (+2 S on the "
          "charge, mounted), additional_hand_weapon (+1 A), flail (+2 S in the first round).",
        d_fr="hand_weapon (arme de base), great_weapon (arme lourde : +2 F, frappe en dernier), spear "
             "(lance), halberd (hallebarde : +1 F), lance (lance de cavalerie : +2 F en charge), "
             "additional_hand_weapon (arme de base additionnelle : +1 A), flail (fléau : +2 F au premier "
             "round).")
    shield: bool = F(False, t="Shield", t_fr="Bouclier",
                     d="+1 armour save; with a hand weapon on foot, the edition's close-combat bonus (6th/7th "
                       "+1 more, 8th 6+ parry ward save).",
                     d_fr="+1 à la sauvegarde d'armure ; avec une arme de base à pied, le bonus de l'édition au "
                          "corps à corps (6e/7e +1 de plus, 8e parade : sauvegarde invulnérable de 6+).")
    armour_save: Optional[int] = F(None, ge=1, le=6, t="Armour save", t_fr="Sauvegarde d'armure",
                                   d="Armour save from armour, without the shield (e.g. 5 for 5+); omit for "
                                     "none. A unit with a mount (its own or its profile's): the rider's "
                                     "armour only, fleeodds adds the mount's and the barding's bonus; "
                                     "without one: the whole save, mount included.",
                                   d_fr="Sauvegarde d'armure due à l'armure, sans le bouclier (p. ex. 5 pour "
                                        "5+) ; à omettre s'il n'y en a pas. Une unité avec une monture (la "
                                        "sienne ou celle du profil) : l'armure du cavalier seule, fleeodds "
                                        "ajoute le bonus de la monture et du caparaçon ; sans monture : la "
                                        "sauvegarde entière, monture comprise.")
    ward_save: Optional[int] = F(None, ge=2, le=6, t="Ward save", t_fr="Sauvegarde invulnérable",
                                 d="Ward save (e.g. 5 for 5+), never modified; omit for none.",
                                 d_fr="Sauvegarde invulnérable (p. ex. 5 pour 5+), jamais modifiée ; à omettre "
                                      "s'il n'y en a pas.")
    armour_piercing: int = F(0, ge=0, le=6, t="Armour piercing (TOW, 8th)", t_fr="Perforant (TOW, 8e)",
                             d="TOW: the model's own AP added to its weapon's (e.g. 1 for AP -1); 8th: Armour "
                               "Piercing, -1 more to the enemy's armour save per point.",
                             d_fr="TOW : PA propre de la figurine, ajoutée à celle de son arme (p. ex. 1 pour "
                                  "PA -1) ; 8e : Perforant, -1 de plus à la sauvegarde d'armure ennemie par "
                                  "point.")
    unit_strength: Optional[int] = F(None, ge=1, le=20, t="Unit Strength per model",
                                     t_fr="Puissance d'unité par figurine",
                                     d="Unit Strength of one model (default by troop type: infantry 1, "
                                       "cavalry 2, monstrous 3, chariot 4, monster its Wounds).",
                                     d_fr="Puissance d'unité d'une figurine (par défaut selon le type : "
                                          "infanterie 1, cavalerie 2, monstrueux 3, char 4, monstre ses PV).")
    mount: Optional[FightMount] = F(None, t="Mount", t_fr="Monture",
                                    d="Cavalry: the mounts' profile (default: the profile's mount, if any); "
                                      "each mount of a fighting model strikes with its own WS, S, I and A.",
                                    d_fr="Cavalerie : le profil des montures (par défaut : la monture du "
                                         "profil, s'il en a une) ; la monture de chaque figurine au combat "
                                         "frappe avec ses propres CC, F, I et A.")
    champion: Optional[FightChampion] = F(
        None, t="Unit champion", t_fr="Champion de l'unité",
        d="A champion among the models, in the front rank (an empty table: the unit's profile with +1 "
          "Attack); enemy attacks fall on the rank and file, the champion being removed last.",
        d_fr="Un champion parmi les figurines, au premier rang (une table vide : le profil de l'unité avec "
             "+1 Attaque) ; les attaques ennemies tombent sur les figurines du rang, le champion étant "
             "retiré en dernier.")
    characters: tuple[FightCharacter, ...] = F(
        (), strict=False, max_length=2, t="Characters in the unit", t_fr="Personnages dans l'unité",
        d="Up to two characters on foot in the front rank, each in place of a rank-and-file fighter; enemy "
          "attacks fall on the rank and file (docs/warhammer_combat.md §12).",
        d_fr="Jusqu'à deux personnages à pied au premier rang, chacun à la place d'un combattant du rang ; "
             "les attaques ennemies tombent sur les figurines du rang (docs/warhammer_combat.md §12).")
    chariot: Optional[FightChariot] = F(
        None, t="Chariot", t_fr="Char",
        d="troop_type chariot: crew, beasts and impact hits (the unit's WS, S, I, A are the crew's; T, W and "
          "armour the chariot's).",
        d_fr="troop_type chariot : équipage, bêtes et touches d'impact (CC, F, I et A de l'unité sont ceux de "
             "l'équipage ; E, PV et armure ceux du char).")
    standard: bool = F(False, t="Standard bearer", t_fr="Porte-étendard",
                       d="+1 combat result.", d_fr="+1 au résultat de combat.")
    musician: bool = F(False, t="Musician", t_fr="Musicien",
                       d="Wins a drawn combat by 1 if the enemy has none (TOW: option tow_musician).",
                       d_fr="Remporte un combat nul de 1 si l'ennemi n'en a pas (TOW : option tow_musician).")
    battle_standard: bool = F(False, t="Battle Standard Bearer in the unit",
                              t_fr="Porteur de la Grande Bannière dans l'unité",
                              d="+1 combat result (6th/7th: not added to a unit standard's +1) and the "
                                "edition's Break test re-roll (its own attacks are not counted).",
                              d_fr="+1 au résultat de combat (6e/7e : pas en plus du +1 d'un étendard "
                                   "d'unité) et la relance du test de moral de l'édition (ses propres "
                                   "attaques ne sont pas comptées).")
    general_leadership: Optional[int] = F(None, ge=0, le=10, unit="Ld", t="General's Leadership",
                                          t_fr="Commandement du Général",
                                          d="Ld of the General in range, used when higher for the Break and "
                                            "rally tests.",
                                          d_fr="Cd du Général à portée, utilisé s'il est plus élevé pour les "
                                               "tests de moral et de ralliement.")

    @model_validator(mode="before")
    @classmethod
    def _refused(cls, data):
        if isinstance(data, dict):
            for key, what in NOT_MODELLED.items():
                if key in data:
                    raise ValueError(f"{key} is not modelled yet ({what}); remove it")
        return data

    @field_validator("rules", "extra_rules")
    @classmethod
    def _known_rules(cls, v):
        for r in v or ():
            if r not in RULES:
                raise ValueError(f"unknown special rule {r!r}; expected any of {', '.join(RULES)}")
        return v


class FightOptions(_Strict):
    """Close-combat rules questions; ``None`` means the edition's default (docs/warhammer_combat.md)."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Questions de règles du corps à corps",
                                                 "description_fr": (
        "Questions de règles du corps à corps ; ``None`` signifie la valeur par défaut de l'édition "
        "(docs/warhammer_combat.md).")})

    charge_strikes_first: Optional[bool] = F(
        None, t="Chargers strike first", t_fr="Les charges frappent en premier",
        d="In the first round the charging unit strikes first whatever its Initiative or weapon (default: "
          "6th and 7th yes, 8th and TOW no: TOW chargers gain Initiative instead, fight.charge_distance).",
        d_fr="Au premier round l'unité qui charge frappe en premier, quelles que soient son Initiative et son "
             "arme (par défaut : 6e et 7e oui, 8e et TOW non : en TOW la charge donne de l'Initiative, "
             "fight.charge_distance).")
    equal_initiative: Optional[Literal["roll_off", "simultaneous", "unit_first", "enemy_first"]] = F(
        None, t="Equal Initiative", t_fr="Initiative égale",
        d="Two units striking at the same Initiative: a dice roll-off decides who strikes first (6th/7th "
          "default), they strike simultaneously (8th/TOW default), or the side that won the previous round "
          "strikes first (6th/7th: unit_first, enemy_first).",
        d_fr="Deux unités qui frappent à la même Initiative : un jet de dé décide qui frappe en premier "
             "(défaut 6e/7e), elles frappent simultanément (défaut 8e/TOW), ou le camp qui a gagné le round "
             "précédent frappe en premier (6e/7e : unit_first, enemy_first).")
    spear_ranks_on_charge: Optional[bool] = F(
        None, t="Spears fight in ranks on the charge", t_fr="Les lances combattent en rangs en charge",
        d="Whether infantry spears fight in an extra rank in the turn the unit charged (default: no in every "
          "edition; TOW's thrusting spear cannot make supporting attacks in a turn it charged).",
        d_fr="Si les lances d'infanterie combattent sur un rang de plus au tour où l'unité a chargé (par "
             "défaut : non dans toutes les éditions ; en TOW la lance d'infanterie ne fait pas d'attaque de "
             "soutien au tour où elle a chargé).")
    rank_width: Optional[int] = F(None, ge=1, le=10, unit="models", t="Models for a rank", t_fr="Figurines par "
                                                                                             "rang",
                                  d="Models a rank needs to count for the rank bonus (default: 6th 4, 7th and "
                                    "8th 5, TOW by troop type: 5, heavy infantry and cavalry 4, monstrous 3).",
                                  d_fr="Figurines qu'un rang doit compter pour le bonus de rang (par défaut : "
                                       "6e 4, 7e et 8e 5, TOW selon le type de troupe : 5, infanterie et "
                                       "cavalerie lourdes 4, monstres 3).")
    max_rank_bonus: Optional[int] = F(None, ge=0, le=10, t="Most rank bonus", t_fr="Bonus de rang maximal",
                                      d="Highest rank bonus (default: 3; TOW by troop type: infantry 2, "
                                        "cavalry and light chariots 1, others 0).",
                                      d_fr="Bonus de rang maximal (par défaut : 3 ; TOW selon le type de troupe : "
                                           "infanterie 2, cavalerie et chars légers 1, autres 0).")
    ranks_counted: Optional[Literal["start", "end"]] = F(
        None, t="Ranks counted", t_fr="Rangs comptés",
        d="Ranks for the bonus counted at the start of the round (6th/7th default) or after the casualties "
          "(8th/TOW default).",
        d_fr="Rangs du bonus comptés au début du round (défaut 6e/7e) ou après les pertes (défaut 8e/TOW).")
    outnumber_bonus: Optional[bool] = F(
        None, t="Outnumber bonus", t_fr="Bonus de supériorité numérique",
        d="+1 to the side with the higher Unit Strength after the casualties (default: 6th/7th yes, 8th and "
          "TOW no).",
        d_fr="+1 au camp dont la Puissance d'unité est la plus élevée après les pertes (par défaut : 6e/7e "
             "oui, 8e et TOW non).")
    tow_combat_order_bonus: bool = F(
        True, t="TOW Combat Order bonus", t_fr="Bonus d'ordre de combat (TOW)",
        d="TOW: +1 to a unit at least as wide as deep with Unit Strength 10 or more (5 with tow_rules_version "
          "= rulebook_2024).",
        d_fr="TOW : +1 à une unité au moins aussi large que profonde, de Puissance d'unité 10 ou plus (5 avec "
             "tow_rules_version = rulebook_2024).")
    tow_musician: Literal["draw_only", "always"] = F(
        "draw_only", t="TOW musician", t_fr="Musicien (TOW)",
        d="TOW: a musician (the enemy having none) adds +1 in a drawn combat only, or to every result.",
        d_fr="TOW : un musicien (l'ennemi n'en ayant pas) ajoute +1 seulement en cas d'égalité, ou à tout "
             "résultat.")
    tow_rules_version: Literal["faq_1_5_2", "rulebook_2024"] = F(
        "faq_1_5_2", t="TOW rules text", t_fr="Texte des règles (TOW)",
        d="TOW: where the 2024 rulebook and FAQ & Errata 1.5.2 (June 2025) differ, which one counts: supporting "
          "attacks by weapon and Press of Battle, Parry, Massed Infantry, Combat Order at Unit Strength 10 "
          "(faq_1_5_2, default), or infantry supporting attacks by troop type and Combat Order at Unit "
          "Strength 5 (rulebook_2024).",
        d_fr="TOW : là où le livre de règles de 2024 et la FAQ & Errata 1.5.2 (juin 2025) diffèrent, lequel "
             "compte : attaques de soutien selon l'arme et combat sur deux rangs (pression de la bataille), "
             "parade, infanterie en masse, ordre de combat à Puissance d'unité 10 (faq_1_5_2, par défaut), ou "
             "attaques de soutien de l'infanterie selon le type de troupe et ordre de combat à Puissance d'unité "
             "5 (rulebook_2024).")
    overkill_cap: Optional[int] = F(
        None, ge=0, le=10, t="Overkill cap", t_fr="Plafond de l'excès de blessures",
        d="Most excess wounds a challenge adds to the combat result (default: 6th, 7th, 8th 5; TOW 3).",
        d_fr="Nombre maximal de blessures en excès qu'un défi ajoute au résultat de combat (par défaut : 6e, "
             "7e, 8e 5 ; TOW 3).")
    flank_loses_ranks: bool = F(
        True, t="Flank or rear charge cancels ranks", t_fr="Charge de flanc ou de dos annule les rangs",
        d="A unit fought in the flank or rear by a unit of Unit Strength 5+ (8th: two ranks of five) loses "
          "its rank bonus (8th: and Steadfast).",
        d_fr="Une unité combattue de flanc ou de dos par une unité de Puissance d'unité 5+ (8e : deux rangs de "
             "cinq) perd son bonus de rang (8e : et Indémoralisable).")


class StandAndShoot(_Strict):
    """The charged unit's Stand & Shoot charge reaction (The Old World): its shots at the charger before the
    charge lands, casualties removed from the charger before the fight (docs/decisions.md, "Stand & Shoot")."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Tenir et tirer", "description_fr": (
        "La réaction à la charge Tenir et tirer de l'unité chargée (The Old World) : ses tirs sur l'unité qui "
        "charge avant le contact, les pertes étant retirées de celle-ci avant le corps à corps.")})

    shots: int = F(t="Shots", t_fr="Tirs", ge=1, le=100,
                   d="Shots fired at the charger (the models that may shoot, times their weapon's shots).",
                   d_fr="Tirs sur l'unité qui charge (les figurines qui peuvent tirer, fois les tirs de leur arme).")
    ballistic_skill: Optional[int] = F(None, ge=1, le=10, t="Ballistic Skill (BS)", t_fr="Capacité de Tir (CT)",
                                       d="The shooters' Ballistic Skill (default: fight.unit's profile).",
                                       d_fr="La Capacité de Tir des tireurs (par défaut : celle du profil de "
                                            "fight.unit).")
    strength: int = F(t="Strength (S)", t_fr="Force (F)", ge=1, le=10, d="The missile weapon's Strength.",
                      d_fr="La Force de l'arme de tir.")
    armour_piercing: int = F(0, ge=0, le=6, t="Armour Piercing", t_fr="Perforant",
                             d="The weapon's Armour Piercing: worsens the charger's armour save.",
                             d_fr="La valeur Perforant de l'arme : dégrade la sauvegarde d'armure de l'unité qui "
                                  "charge.")
    long_range: bool = F(False, t="Long range", t_fr="Longue portée",
                         d="The charger is beyond half the weapon's range when the shots are taken (-1 to hit).",
                         d_fr="L'unité qui charge est au-delà de la moitié de la portée de l'arme lors des tirs "
                              "(-1 pour toucher).")


class Fight(_Strict):
    """The fight (situation ``fight``): two units, who charged, where, and the rules options."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Corps à corps", "description_fr": (
        "Le corps à corps (situation ``fight``) : deux unités, qui a chargé, où, et les options de "
        "règles.")})

    unit: FightUnit = F(t="Your unit", t_fr="Votre unité", d="The unit whose odds are asked.",
                        d_fr="L'unité dont on demande les chances.")
    enemy: FightUnit = F(t="The enemy unit", t_fr="L'unité ennemie", d="The unit it fights.",
                         d_fr="L'unité qu'elle combat.")
    charger: Literal["unit", "enemy", "none"] = F(
        "unit", t="Who charged", t_fr="Qui a chargé",
        d="unit, enemy, or none (a later round: no charge bonuses, no first-round weapons).",
        d_fr="unit (votre unité), enemy (l'ennemi) ou none (un round suivant : pas de bonus de charge ni "
             "d'arme de premier round).")
    contact: Literal["front", "flank", "rear"] = F(
        "front", t="Charged side", t_fr="Côté chargé",
        d="Where the charger hit the charged unit: front, flank (+1) or rear (+2 combat result).",
        d_fr="Où la charge a frappé l'unité chargée : front, flank (flanc, +1) ou rear (dos, +2 au résultat "
             "de combat).")
    charge_distance: Optional[float] = F(
        None, ge=0, le=30, unit="in", t="Charge distance (TOW)", t_fr="Distance de charge (TOW)",
        d="TOW: inches the charger moved before contact; +1 Initiative per full inch, at most +3 into the front "
          "and +4 into the flank or rear (default: far enough for the full bonus).",
        d_fr="TOW : pas parcourus par l'unité qui charge avant le contact ; +1 en Initiative par pas entier, au "
             "plus +3 de front et +4 de flanc ou de dos (par défaut : assez loin pour le bonus complet).")
    high_ground: Literal["none", "unit", "enemy"] = F(
        "none", t="High ground", t_fr="Position surélevée",
        d="Which side fights from higher ground (+1 combat result).",
        d_fr="Quel camp combat depuis une position surélevée (+1 au résultat de combat).")
    max_rounds: Optional[int] = F(
        None, ge=1, le=50, t="Most rounds", t_fr="Nombre maximal de rounds",
        d="Rounds fought at most: a draw or a held Break test leads to another round in the other player's "
          "turn (default: until one side breaks or is destroyed, stopped after 10 rounds and said so; 1: the "
          "first round alone).",
        d_fr="Nombre maximal de rounds : une égalité ou un test de moral réussi mène à un autre round au tour "
             "de l'autre joueur (par défaut : jusqu'à ce qu'un camp fuie ou soit détruit, arrêté après 10 "
             "rounds, ce qui est dit ; 1 : le premier round seul).")
    challenge: Literal["none", "unit", "enemy"] = F(
        "none", t="Challenge", t_fr="Défi",
        d="none, or the side whose character (else champion) issues a challenge; the other side accepts with "
          "its character, else its champion (docs/warhammer_combat.md §13).",
        d_fr="none (aucun), ou le camp dont le personnage (sinon le champion) lance un défi ; l'autre camp "
             "l'accepte avec son personnage, sinon son champion (docs/warhammer_combat.md §13).")
    stand_and_shoot: Optional[StandAndShoot] = F(
        None, t="Stand & Shoot (TOW)", t_fr="Tenir et tirer (TOW)",
        d="TOW: the unit's shots at the charger before the charge lands (fight.charger = enemy); casualties are "
          "removed from the charger before the fight.",
        d_fr="TOW : les tirs de l'unité sur celle qui charge avant le contact (fight.charger = enemy) ; les pertes "
             "sont retirées de l'unité qui charge avant le corps à corps.")
    options: FightOptions = F(FightOptions(), t="Close combat options", t_fr="Options du corps à corps",
                              d="Close-combat rules questions with a documented default by edition.",
                              d_fr="Questions de règles du corps à corps, avec une valeur par défaut "
                                   "documentée selon l'édition.")

    @model_validator(mode="after")
    def _contact(self):
        if self.charger == "none" and self.contact != "front":
            raise ValueError("contact must be 'front' when charger = 'none' (the side charged needs a charger)")
        return self
