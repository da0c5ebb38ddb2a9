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

    model_config = ConfigDict(json_schema_extra={"title_fr": "Unité", "description_fr": (
        "Une unité du scénario : un ``profile`` fourni ou chargé, par son nom, des champs écrits sur "
        "place, ou les deux (les champs l'emportent).")})

    profile: Optional[str] = F(None, t="Profile", t_fr="Profil",
                               d="Name of a shipped profile or of one in profiles_file (case-insensitive).",
                               d_fr="Nom d'un profil fourni ou d'un profil de profiles_file (casse indifférente).")
    name: Optional[str] = F(None, t="Name", t_fr="Nom", d="The unit's name, for display.",
                            d_fr="Nom de l'unité, pour l'affichage.")
    movement: Optional[int] = F(None, ge=0, le=20, unit="in", t="Movement (M)", t_fr="Mouvement (M)",
                                d="The unit's Movement characteristic, 0 to 20 inches (overrides the profile).",
                                d_fr="Caractéristique de Mouvement de l'unité, de 0 à 20 pas (remplace le profil).")
    leadership: Optional[int] = F(None, ge=0, le=10, unit="Ld", t="Leadership (Ld)", t_fr="Commandement (Cd)",
                                  d="The unit's Leadership characteristic, 0 to 10 (overrides the profile).",
                                  d_fr="Caractéristique de Commandement de l'unité, de 0 à 10 (remplace le profil).")
    troop_type: Optional[Literal[TROOP_TYPES]] = F(  # type: ignore[valid-type]
        None, t="Troop type", t_fr="Type de troupe",
        d="Accepted with a note when written here: the troop type changes no flee, pursuit or rally "
          "number (Movement and special rules do).",
        d_fr="Accepté avec une remarque s'il est écrit ici : le type de troupe ne change aucun résultat de "
             "fuite, de poursuite ou de ralliement (le Mouvement et les règles spéciales, si).")
    rules: Optional[tuple[str, ...]] = F(None, strict=False, json_schema_extra=RULES_SCHEMA,
                                         t="Special rules", t_fr="Règles spéciales",
                                         d="The unit's special rules (replace the profile's).",
                                         d_fr="Règles spéciales de l'unité (remplacent celles du profil).")
    extra_rules: tuple[str, ...] = F((), strict=False, json_schema_extra=RULES_SCHEMA,
                                     t="Extra special rules", t_fr="Règles spéciales ajoutées",
                                     d="Special rules added to the profile's.",
                                     d_fr="Règles spéciales ajoutées à celles du profil.")
    models_start: int = F(20, ge=1, le=1000, unit="models", t="Models at the start", t_fr="Figurines au départ",
                          d="Models in the unit at the start of the battle (rally casualty limits; "
                            "only with models_left).",
                          d_fr="Figurines de l'unité en début de bataille (limite de pertes pour le "
                               "ralliement ; seulement avec models_left).")
    models_left: Optional[int] = F(None, ge=1, le=1000, unit="models", t="Models left", t_fr="Figurines restantes",
                                   d="Models left now (default: all); below 25 % (8th: at most 25 %) the unit "
                                     "cannot rally normally.",
                                   d_fr="Figurines restantes (par défaut : toutes) ; sous 25 % (8e : 25 % ou "
                                        "moins) l'unité ne peut pas se rallier normalement.")
    musician: bool = F(False, t="Musician", t_fr="Musicien",
                       d="The unit has a musician: it wins a drawn combat (combat.margin = 0) when the other "
                         "unit has none; the fleeing unit's also adds +1 Ld to rally tests (6th, TOW; option "
                         "musician_rally_bonus).",
                       d_fr="L'unité a un musicien : il remporte une égalité au corps à corps (combat.margin = 0) "
                            "si l'autre unité n'en a pas ; celui de l'unité en fuite ajoute aussi +1 Cd aux tests "
                            "de ralliement (6e, TOW ; option musician_rally_bonus).")
    general_leadership: Optional[int] = F(
        None, ge=0, le=10, unit="Ld", t="General's Leadership", t_fr="Commandement du Général",
        d="Ld of the General in range, used when higher: the fleeing unit's Break and rally tests; the "
          "pursuer's restraint test (options.pursuer_restrains = 'ld_test').",
        d_fr="Cd du Général à portée, utilisé s'il est plus élevé : test de moral et tests de ralliement de "
             "l'unité en fuite ; test pour ne pas poursuivre du poursuivant (options.pursuer_restrains = 'ld_test').")
    rank_bonus: int = F(0, ge=0, le=3, unit="ranks", t="Rank bonus (TOW Warband)", t_fr="Bonus de rang (Horde, TOW)",
                        d="TOW: the unit's current Rank Bonus, 0 to 3; a Warband or Scurrying Masses unit adds it to "
                          "its Leadership (up to 10) unless it is fleeing: its Break test, not its rally tests "
                          "(tow.whfb.app/special-rules/warband).",
                        d_fr="TOW : bonus de rang actuel de l'unité, de 0 à 3 ; une unité Horde guerrière ou Masses "
                             "grouillantes l'ajoute à son Commandement (jusqu'à 10) sauf si elle est en fuite : son "
                             "test de moral, pas ses tests de ralliement.")
    rallying_cry: bool = F(False, t="Rallying Cry in range (TOW)", t_fr="Cri de ralliement à portée (TOW)",
                           d="TOW: a character with Rallying Cry has the fleeing unit within its Command range: one "
                             "extra Rally test in each of the unit's rally phases.",
                           d_fr="TOW : un personnage doté de Cri de ralliement a l'unité en fuite à portée de "
                                "commandement : un test de ralliement de plus à chacune de ses phases de ralliement.")
    battle_standard: bool = F(False, t="Battle Standard Bearer in range",
                              t_fr="Porteur de la Grande Bannière à portée",
                              d="Re-roll of failed Leadership tests as options.bsb_reroll allows (by edition).",
                              d_fr="Relance des tests de Commandement ratés selon options.bsb_reroll (selon "
                                   "l'édition).")

    @model_validator(mode="after")
    def _models(self):
        if self.models_left is not None and self.models_left > self.models_start:
            raise InputError("models_left", self.models_left,
                             f"a number of models of at most models_start ({self.models_start})")
        for key in ("rules", "extra_rules"):
            for i, r in enumerate(getattr(self, key) or ()):
                if r not in RULES:
                    raise InputError(f"{key}.{i}", r, f"one of {', '.join(RULES)}")
        return self


class PursuerRef(UnitRef):
    """One of several pursuers or chargers (``[[pursuers]]``): a unit as in ``[pursuer]``, with its own
    distance to the fleeing unit and its own choice to keep charging in the turns that follow.

    Source: 7th edition, close combat, "Multiple fleeing and pursuing" and "Move surviving fleeing
    troops" (a fleeing unit escapes only when its flee roll beats every pursuer's roll); 6th edition,
    close combat, "Pursuit move" (each victorious unit rolls its own pursuit).
    """

    model_config = ConfigDict(json_schema_extra={"title_fr": "Poursuivant", "description_fr": (
        "L'un de plusieurs poursuivants ou chargeurs (``[[pursuers]]``) : une unité comme dans "
        "``[pursuer]``, avec sa propre distance à l'unité en fuite et son propre choix de continuer à "
        "charger aux tours suivants. Source : V7, corps à corps, « Multiple fleeing and pursuing » et "
        "« Move surviving fleeing troops » (une unité en fuite ne s'échappe que si son jet de fuite "
        "bat celui de chaque poursuivant) ; V6, corps à corps, « Pursuit move » (chaque unité "
        "victorieuse lance sa propre poursuite).")})

    gap: Optional[float] = F(None, ge=0, le=200, unit="in", t="Gap", t_fr="Écart",
                             d="This unit's distance to the fleeing unit before the flee move (default: "
                               "table.gap).",
                             d_fr="Distance de cette unité à l'unité en fuite avant le mouvement de fuite "
                                  "(par défaut : table.gap).")
    keeps_charging: Optional[bool] = F(None, t="Keeps charging", t_fr="Charge encore",
                                       d="This unit charges the fleeing unit in each enemy turn of the chain "
                                         "(default: table.chaser_keeps_charging).",
                                       d_fr="Cette unité charge l'unité en fuite à chaque tour adverse "
                                            "(par défaut : table.chaser_keeps_charging).")

    def unit_ref(self) -> UnitRef:
        """The unit alone, as a ``[pursuer]`` table (without gap and keeps_charging)."""
        return UnitRef(**self.model_dump(exclude={"gap", "keeps_charging"}, exclude_unset=True))


class Combat(_Strict):
    """The lost combat (situation ``break``)."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Combat perdu",
                                                 "description_fr": "Le combat perdu (situation ``break``)."})

    margin: int = F(1, ge=0, le=30, unit="combat result points", t="Combat result margin",
                    t_fr="Écart du résultat de combat",
                    d="The winner's combat score minus the loser's, 0 to 30, every bonus counted. 0 is a draw "
                      "(égalité): no Break test, unless only the pursuer has a musician, which wins the draw by 1 "
                      "(6th-8th; TOW: +1 to the only side with a musician).",
                    d_fr="Résultat de combat du vainqueur moins celui du perdant, de 0 à 30, tous bonus comptés. "
                         "0 est une égalité : pas de test de moral, sauf si seul le poursuivant a un musicien, qui "
                         "remporte l'égalité de 1 (6e-8e ; TOW : +1 au seul camp qui a un musicien).")
    steadfast: bool = F(False, t="Steadfast (8th)", t_fr="Inébranlable (8e)",
                        d="8th: the loser has more ranks and tests on its unmodified Leadership.",
                        d_fr="8e : le perdant a plus de rangs et teste sur son Commandement non modifié.")
    fear_outnumbered: bool = F(False, t="Outnumbered by Fear-causing winners",
                               t_fr="En infériorité numérique face à des vainqueurs qui causent la Peur",
                               d="6th/7th: the loser breaks automatically (7th: unless a natural double 1).",
                               d_fr="6e/7e : le perdant fuit automatiquement (7e : sauf double 1 naturel).")
    broken_from: Literal["front", "flank", "rear"] = F(
        "front", t="Side the winner fights (TOW)", t_fr="Côté où combat le vainqueur (TOW)",
        d="TOW: the side of the loser the pursuer is in contact with. The loser turns about its centre to flee "
          "directly away and is caught when the pursuer makes contact: from a flank its rear ends "
          "(frontage - depth) / 2 inches further (combat.loser_frontage, combat.loser_depth); front and rear add "
          "nothing.",
        d_fr="TOW : le côté du perdant au contact du poursuivant. Le perdant pivote sur son centre pour fuir "
             "droit devant lui et il est rattrapé quand le poursuivant arrive au contact : depuis un flanc, son "
             "arrière finit (front - profondeur) / 2 pas plus loin (combat.loser_frontage, combat.loser_depth) ; de face "
             "ou de dos, rien de plus.")
    loser_frontage: float = F(0.0, ge=0, le=100, unit="in", t="Loser's frontage (TOW flank break)",
                              t_fr="Front du perdant (fuite de flanc, TOW)",
                              d="Width of the losing unit's front, inches (with broken_from = 'flank').",
                              d_fr="Largeur du front de l'unité perdante, en pas (avec broken_from = 'flank').")
    loser_depth: float = F(0.0, ge=0, le=100, unit="in", t="Loser's depth (TOW flank break)",
                           t_fr="Profondeur du perdant (fuite de flanc, TOW)",
                           d="Depth of the losing unit, front to rear, inches (with broken_from = 'flank').",
                           d_fr="Profondeur de l'unité perdante, de l'avant à l'arrière, en pas (avec "
                                "broken_from = 'flank').")
    outnumbered_two_to_one: bool = F(False, t="Outnumbered two to one (TOW)",
                                     t_fr="En infériorité à deux contre un (TOW)",
                                     d="TOW: the winner's Unit Strength is more than twice the loser's.",
                                     d_fr="TOW : la Puissance d'unité du vainqueur dépasse le double de celle "
                                          "du perdant.")


class LdTestSpec(_Strict):
    """A plain Leadership test (situations ``leadership_test`` and ``panic``)."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Test simple de Commandement", "description_fr": (
        "Un simple test de Commandement (situations ``leadership_test`` et ``panic``).")})

    kind: Literal[TEST_KINDS] = F(  # type: ignore[valid-type]
        "leadership", t="Kind of test", t_fr="Type de test",
        d="leadership, fear, terror or panic (situation panic: always panic). It decides the dice of a "
          "Cold-blooded unit in TOW (3D6 dropping the highest for Fear, Panic and Terror tests).",
        d_fr="leadership (Commandement), fear (Peur), terror (Terreur) ou panic (test de panique ; situation "
             "panic : toujours panic). Il décide des dés d'une unité de Sang-froid en TOW (3D6 en retirant le "
             "plus fort pour les tests de Peur, de panique et de Terreur).")
    ld_modifier: int = F(0, ge=-10, le=10, unit="Ld", t="Leadership modifier", t_fr="Modificateur de Commandement",
                         d="Added to the Leadership tested (e.g. -1); the result is kept from 0 to 10.",
                         d_fr="Ajouté au Commandement testé (p. ex. -1) ; le résultat reste entre 0 et 10.")


class Table(_Strict):
    """Geometry along the flee line (1-D, head-on), inches."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Géométrie de la table", "description_fr": (
        "Géométrie le long de la ligne de fuite (à une dimension, de face), en pouces.")})

    gap: float = F(0.0, ge=0, le=200, unit="in", t="Gap", t_fr="Écart",
                   d="Distance between the units before the flee move (0 after a combat).",
                   d_fr="Distance entre les unités avant le mouvement de fuite (0 après un combat).")
    edge_distance: Optional[float] = F(None, gt=0, le=200, unit="in", t="Distance to the table edge",
                                       t_fr="Distance au bord de table",
                                       d="Along the flee line; omit for no table edge. A fleeing unit that "
                                         "reaches it is removed.",
                                       d_fr="Le long de la ligne de fuite ; à omettre s'il n'y a pas de bord. "
                                            "Une unité en fuite qui l'atteint est retirée.")
    max_turns: int = F(10, ge=0, le=50, unit="turns", t="Turns of rally tests", t_fr="Tours de tests de ralliement",
                       d="Turns the fleeing unit is followed after the pursuit (rally test or further flight), "
                         "until it is resolved; a unit still fleeing after them is shown as still fleeing. "
                         "Default 10; 0 stops after the pursuit (escaped).",
                       d_fr="Tours pendant lesquels l'unité en fuite est suivie après la poursuite (test de "
                            "ralliement ou nouvelle fuite), jusqu'à ce que son sort soit réglé ; une unité encore "
                            "en fuite ensuite est montrée toujours en fuite. Par défaut 10 ; 0 s'arrête après la "
                            "poursuite (s'échappe).")
    chaser_keeps_charging: bool = F(False, t="The pursuer keeps charging", t_fr="Le poursuivant charge encore",
                                    d="The pursuer charges the fleeing unit in each enemy turn of the chain.",
                                    d_fr="Le poursuivant charge l'unité en fuite à chaque tour adverse.")
    first_turn: Literal["fleeing_side", "enemy"] = F(
        "fleeing_side", t="First turn after the break", t_fr="Premier tour après la fuite",
        d="Whose turn comes first after the break: the fleeing unit's side or the enemy.",
        d_fr="Quel camp joue en premier après la fuite : celui de l'unité en fuite ou l'adversaire.")


class Options(_Strict):
    """Rules options of the rules digest (§4). ``None`` = the edition's default."""

    model_config = ConfigDict(json_schema_extra={"title_fr": "Options", "description_fr": (
        "Options de règles de la synthèse des règles (§4). ``None`` = la valeur par défaut de "
        "l'édition.")})

    tie_rule: Literal[">=", ">"] = F(">=", t="Pursuit tie rule", t_fr="Égalité à la poursuite",
                                     d="'>=': a pursuit (or charge reach) equal to the flee roll catches; '>': "
                                       "it must exceed it (house rule).",
                                     d_fr="'>=' : une poursuite (ou portée de charge) égale au jet de fuite "
                                          "rattrape ; '>' : elle doit le dépasser (règle maison).")
    flee_roll: Optional[str] = F(None, unit="in", t="Flee roll", t_fr="Jet de fuite",
                                 d="Dice of a flee move, e.g. '2d6' (default by edition and unit).",
                                 d_fr="Dés d'un mouvement de fuite, p. ex. '2d6' (par défaut selon l'édition "
                                      "et l'unité).")
    pursuit_roll: Optional[str] = F(None, unit="in", t="Pursuit roll", t_fr="Jet de poursuite",
                                    d="Dice of the pursuit move (default by edition and unit).",
                                    d_fr="Dés du mouvement de poursuite (par défaut selon l'édition et l'unité).")
    swiftstride_8th_roll: Literal["3D6dl", "2D6"] = F(
        "3D6dl", t="8th Swiftstride roll", t_fr="Jet de Rapide (8e)",
        d="8th: a Swiftstride unit rolls 3D6 dropping the lowest, or plain 2D6.",
        d_fr="8e : une unité Rapide lance 3D6 en retirant le plus faible, ou 2D6.")
    insane_courage: Optional[bool] = F(None, t="Insane Courage", t_fr="Courage insensé",
                                       d="A natural double 1 holds a Break test (default: 7th, 8th).",
                                       d_fr="Un double 1 naturel réussit le test de moral (par défaut : 7e, 8e).")
    ld_double1_passes: Optional[bool] = F(None, t="Double 1 passes", t_fr="Le double 1 réussit",
                                          d="A natural double 1 passes rally and restraint tests (default: 8th, TOW).",
                                          d_fr="Un double 1 naturel réussit les tests de ralliement et pour ne pas "
                                               "poursuivre (par défaut : 8e, TOW).")
    ld_double6_fails: Optional[bool] = F(None, t="Double 6 fails", t_fr="Le double 6 échoue",
                                         d="A natural double 6 fails rally and restraint tests (default: TOW).",
                                         d_fr="Un double 6 naturel rate les tests de ralliement et pour ne pas "
                                              "poursuivre (par défaut : TOW).")
    bsb_reroll: Optional[Literal["none", "break_only", "any_failed_ld"]] = F(
        None, t="Battle Standard re-roll", t_fr="Relance de la Grande Bannière",
        d="Which failed tests a Battle Standard Bearer re-rolls (default: 6th/7th/TOW break_only, 8th "
          "any_failed_ld, starter none).",
        d_fr="Quels tests ratés le porteur de la Grande Bannière fait relancer (par défaut : 6e/7e/TOW "
             "break_only, 8e any_failed_ld, initiation none).")
    tow_bsb_break_reroll_policy: Literal["reroll_break_only", "reroll_break_or_fall_back", "never"] = F(
        "reroll_break_only", t="TOW Battle Standard re-roll policy", t_fr="Relance de la Grande Bannière (TOW)",
        d="TOW: which Break test results are re-rolled; the second result stands.",
        d_fr="TOW : quels résultats du test de moral sont relancés ; le second résultat est conservé.")
    cold_blooded_scope: Optional[Literal["all_ld", "fear_panic_terror"]] = F(
        None, t="Cold-blooded scope", t_fr="Portée de Sang-froid",
        d="Tests rolled on 3D6 dropping the highest (default: 6th-8th all_ld, TOW fear_panic_terror).",
        d_fr="Tests lancés sur 3D6 en retirant le plus fort (par défaut : 6e-8e all_ld, TOW fear_panic_terror).")
    cold_blooded_double1: Literal["kept_pair", "none"] = F(
        "kept_pair", t="Cold-blooded double 1", t_fr="Double 1 avec Sang-froid",
        d="kept_pair: a double 1 on the two kept dice counts as a natural double 1.",
        d_fr="kept_pair : un double 1 sur les deux dés gardés compte comme un double 1 naturel.")
    steadfast_uses_general_ld: bool = F(True, t="Steadfast uses the General's Ld",
                                        t_fr="Inébranlable utilise le Cd du Général",
                                        d="8th: a Steadfast unit may use the General's Leadership.",
                                        d_fr="8e : une unité Inébranlable peut utiliser le Commandement du Général.")
    musician_rally_bonus: Optional[int] = F(None, ge=0, le=1, unit="Ld", t="Musician rally bonus",
                                            t_fr="Bonus de ralliement du musicien",
                                            d="Ld added to rally tests by a musician (default: 6th/TOW 1, 7th/8th 0).",
                                            d_fr="Cd ajouté aux tests de ralliement par un musicien (par défaut : "
                                                 "6e/TOW 1, 7e/8e 0).")
    pursuer_restrains: Literal[False, "ld_test", "always"] = F(
        False, t="Pursuer restrains", t_fr="Le poursuivant se retient",
        d="false: the winner always pursues; 'ld_test': it tests Leadership to not pursue; 'always': it "
          "never pursues. Frenzy forces pursuit.",
        d_fr="false : le vainqueur poursuit toujours ; 'ld_test' : il teste son Commandement pour ne pas "
             "poursuivre ; 'always' : il ne poursuit jamais. La Frénésie force la poursuite.")
    catch_vs_edge_order: Optional[Literal["catch_first", "edge_first"]] = F(
        None, t="Catch or table edge first", t_fr="Rattrapage ou bord de table d'abord",
        d="Combat-phase pursuit: when a caught unit's flee move also reaches the table edge, caught "
          "(catch_first) or off the table (edge_first). Default: starter edge_first (the booklet's order), "
          "the other editions catch_first. A charged unit's flee move always resolves first.",
        d_fr="Poursuite en phase de corps à corps : quand la fuite d'une unité rattrapée atteint aussi le bord "
             "de table, rattrapée (catch_first) ou sortie (edge_first). Par défaut : initiation edge_first "
             "(l'ordre du livret), les autres éditions catch_first. La fuite d'une unité chargée est toujours "
             "résolue d'abord.")
    edge_contact: Optional[Literal["touch", "leave"]] = F(
        None, t="Table edge contact", t_fr="Contact avec le bord de table",
        d="touch: removed when the flight reaches the edge; leave: only when it goes past it (default: "
          "6th and starter leave, 'if any models from a fleeing unit leave the table edge' (6th.whfb.app/"
          "close-combat/subsequent-actions-of-fleeing-troops) and the booklet's 'a model leaving the table'; "
          "7th, 8th and TOW touch).",
        d_fr="touch : retirée quand la fuite atteint le bord ; leave : seulement si elle le dépasse (par "
             "défaut : 6e et initiation leave, « si des figurines d'une unité en fuite quittent la table » et "
             "« une figurine qui quitte la table » du livret ; 7e, 8e et TOW touch).")
    rally_casualty_rule: Optional[Literal["6th", "7th", "8th", "tow", "none"]] = F(
        None, t="Rally casualty rule", t_fr="Règle de pertes au ralliement",
        d="Whose casualty limits apply to rally tests (default: the edition's; starter: none, the booklet "
          "has no limit).",
        d_fr="Limites de pertes appliquées aux tests de ralliement (par défaut : celles de l'édition ; "
             "initiation : aucune, le livret n'en a pas).")
    tow_fall_back_outnumbered_breaks: bool = F(
        True, t="TOW: Fall Back becomes Break when outnumbered",
        t_fr="TOW : le repli devient une fuite en infériorité",
        d="With combat.outnumbered_two_to_one, a Fall Back in Good Order result becomes a Break.",
        d_fr="Avec combat.outnumbered_two_to_one, un repli en bon ordre devient une fuite.")
    tow_swiftstride_use: Literal["always", "never", "not_near_edge"] = F(
        "always", t="TOW Swiftstride use", t_fr="Usage de Rapide (TOW)",
        d="TOW: whether a Swiftstride unit adds its D6 to a Charge, Flee or Pursuit roll, chosen before each "
          "roll: always, never, or not_near_edge (the fleeing unit leaves the D6 out of a flee roll made within "
          "options.tow_swiftstride_edge_margin inches of the table edge; pursuers and chargers always add it).",
        d_fr="TOW : si une unité Rapide ajoute son D6 à un jet de charge, de fuite ou de poursuite, choisi avant "
             "chaque jet : always (toujours), never (jamais) ou not_near_edge (l'unité en fuite ne l'ajoute pas "
             "à un jet de fuite fait à options.tow_swiftstride_edge_margin pas ou moins du bord de table ; "
             "poursuivants et chargeurs l'ajoutent toujours).")
    tow_swiftstride_edge_margin: float = F(
        6.0, ge=0, le=200, unit="in", t="TOW Swiftstride: edge distance", t_fr="Rapide (TOW) : distance au bord",
        d="With tow_swiftstride_use = 'not_near_edge': a flee roll made this close to the table edge (or "
          "closer) is rolled without the Swiftstride D6.",
        d_fr="Avec tow_swiftstride_use = 'not_near_edge' : un jet de fuite fait à cette distance du bord de "
             "table (ou moins) est lancé sans le D6 de Rapide.")
    tow_impetuous_test: Literal["d6", "ld_test"] = F(
        "d6", t="TOW Impetuous test", t_fr="Test d'Impétueux (TOW)",
        d="TOW Impetuous, for a unit able to declare a charge: d6, it must charge on a D6 roll of 1-3 (the current "
          "rules index, tow.whfb.app/special-rules/impetuous); ld_test, it must charge if it fails a Leadership "
          "test (the 2024 rulebook, p. 172).",
        d_fr="Impétueux (TOW), pour une unité qui peut déclarer une charge : d6, elle doit charger sur un D6 de 1 "
             "à 3 (l'index des règles actuel) ; ld_test, elle doit charger si elle rate un test de Commandement "
             "(le livre de règles de 2024, p. 172).")
    charge_reaction: Literal["flee", "fire_and_flee", "hold", "stand_and_shoot"] = F(
        "flee", t="Charge reaction (flee_reaction)", t_fr="Réaction à la charge (flee_reaction)",
        d="Situation flee_reaction: flee, or TOW fire_and_flee for a unit with Fire & Flee (it shoots, whose "
          "hits are not modelled, then flees max2D6, Swiftstride adding its D6); hold, or TOW stand_and_shoot, "
          "turn the scenario into the fight of its [fight] table, the charger's charge landing (docs/"
          "decisions.md, \"Charge reactions\").",
        d_fr="Situation flee_reaction : fuir (flee), ou en TOW tirer et fuir (fire_and_flee) pour une unité "
             "qui a Tirer et fuir (elle tire, ses touches ne sont pas modélisées, puis fuit du plus fort de 2D6, "
             "Rapide ajoutant son D6) ; tenir (hold), ou en TOW tenir et tirer (stand_and_shoot), font du "
             "scénario le corps à corps de sa table [fight], la charge arrivant au contact (docs/decisions.md).")
    tow_stubborn_falls_back: bool = F(
        True, t="TOW: Stubborn falls back", t_fr="TOW : Tenace se replie",
        d="TOW: a Stubborn unit Falls Back in Good Order instead of breaking.",
        d_fr="TOW : une unité Tenace se replie en bon ordre au lieu de fuir.")
    charge_reach: Optional[str] = F(None, unit="in", t="Charge roll", t_fr="Jet de charge",
                                    d="Dice added to M for a charge, e.g. '2d6' (default by edition: 6th/7th/"
                                      "starter 2 x M, 8th M + 2D6, TOW M + max2D6).",
                                    d_fr="Dés ajoutés à M pour une charge, p. ex. '2d6' (par défaut selon "
                                         "l'édition : 6e/7e/initiation 2 x M, 8e M + 2D6, TOW M + max2D6).")
    failed_charge_move_8th: Literal["highest_die", "movement"] = F(
        "highest_die", t="8th failed charge move", t_fr="Charge ratée (8e)",
        d="8th: a failed charger moves its highest die, or its Movement.",
        d_fr="8e : une charge ratée avance du dé le plus fort, ou de son Mouvement.")
    chaser_move_out_of_range: Literal["march", "move", "none"] = F(
        "march", t="Chaser move out of charge range", t_fr="Mouvement du poursuivant hors de portée",
        d="How far a chaser that cannot declare a charge moves: 2 x M (march), M, or not at all.",
        d_fr="Distance parcourue par un poursuivant qui ne peut pas déclarer de charge : 2 x M (marche), M, "
             "ou rien.")
    flee_clearance: Optional[float] = F(
        None, ge=0, le=12, unit="in", t="Clearance beyond things in the way", t_fr="Dégagement après un obstacle",
        d="A flee move that ends this close to (or on top of) a unit or terrain it passes through carries on and "
          "stops this far beyond it (default: 8th/TOW 1\", 'within 1\"'; 6th/7th 0, 'placed beyond them'). "
          "Only with [[obstacles]].",
        d_fr="Un mouvement de fuite qui finit à cette distance (ou sur) une unité ou un terrain qu'il traverse "
             "continue et s'arrête à cette distance au-delà (par défaut : 8e/TOW 1 ps, « à 1 ps ou moins » ; "
             "6e/7e 0, « placée au-delà »). Seulement avec [[obstacles]].")
    charge_metric: Literal["flee_roll", "failed_charge_move"] = F(
        "flee_roll", t="Metric of the charge situations", t_fr="Mesure des situations de charge",
        d="charge_fleeing and flee_reaction: record the flee roll, or the charger's move when its charge "
          "falls short (6th/7th/starter its Movement, 8th its highest die or options.failed_charge_move_8th, "
          "TOW its whole charge roll; 0 when the reach covers the distance).",
        d_fr="charge_fleeing et flee_reaction : mesurer le jet de fuite, ou le mouvement de l'unité qui charge "
             "quand sa charge échoue (6e/7e/initiation son Mouvement, 8e son dé le plus fort ou "
             "options.failed_charge_move_8th, TOW tout son jet de charge ; 0 quand la portée couvre la "
             "distance).")
    geometry: Literal["1d_head_on"] = F("1d_head_on", t="Geometry", t_fr="Géométrie",
                                        d="1-D head-on flee line (the only geometry modelled).",
                                        d_fr="Ligne de fuite en 1-D, de face (la seule géométrie modélisée).")

    @field_validator("flee_roll", "pursuit_roll", "charge_reach")
    @classmethod
    def _dice(cls, v, info):
        v = _dice_field(v, f"options.{info.field_name}")
        if v is not None and parse_dice(v).min_value < 0:  # a distance: "-2d6" or "2d6-20" is no roll
            raise ValueError("expected a roll that cannot be negative (distances in inches)")
        return v


class ScenarioModel(_Strict):
    """A Warhammer scenario file (``system = "warhammer"``), as written."""

    model_config = ConfigDict(json_schema_extra={"description_fr": (
        "Un fichier de scénario Warhammer (``system = \"warhammer\"``), tel qu'il est écrit.")})

    system: Literal["warhammer"] = F("warhammer", t="Rules system", t_fr="Système de règles",
                                     d="Always 'warhammer' here.", d_fr="Toujours 'warhammer' ici.")
    title: str = F("", t="Title", t_fr="Titre", d="The scenario's title (default: built from the units).",
                   d_fr="Titre du scénario (par défaut : construit à partir des unités).")
    description: str = F("", t="Description", t_fr="Description", d="Free text, for display.",
                         d_fr="Texte libre, pour l'affichage.")
    edition: str = F("7th", t="Edition", t_fr="Édition",
                     d="6th, 7th, 8th, tow (The Old World) or starter (Battle for Skull Pass); case and spaces "
                       "are ignored.",
                     d_fr="6th, 7th, 8th, tow (The Old World) ou starter (Bataille au Col du Crâne) ; casse et "
                          "espaces ignorés.",
                     json_schema_extra={"enum": [*EDITIONS, *EDITION_ALIASES]})
    situation: Literal[SITUATIONS] = F(  # type: ignore[valid-type]
        "break", t="Situation", t_fr="Situation",
        d="break: a lost combat and its Break test; fleeing: a unit that has just broken; charge_fleeing: a "
          "fleeing unit is charged; flee_reaction: a charged unit flees; leadership_test: a plain Leadership "
          "test, passed or failed; panic: a Panic test (a friend within 6\" broke or was destroyed, the unit "
          "was fled through, 25 % losses in a phase) whose failure makes the unit flee (TOW: Fall Back in Good "
          "Order with more than half its models, else Flee), then the rally chain; fight: a round of close "
          "combat between two units, then the loser's Break test ([fight], docs/warhammer_combat.md).",
        d_fr="break : un combat perdu et son test de moral ; fleeing : une unité qui vient de fuir ; "
             "charge_fleeing : une unité en fuite est chargée ; flee_reaction : une unité chargée fuit ; "
             "leadership_test : un simple test de Commandement, réussi ou raté ; panic : un test de panique "
             "(une unité amie à 6 ps a fui ou a été détruite, l'unité a été traversée par des fuyards, 25 % de "
             "pertes en une phase) dont l'échec fait fuir l'unité (TOW : repli en bon ordre s'il lui reste plus "
             "de la moitié de ses figurines, sinon fuite), puis les tests de ralliement ; fight : un round de "
             "corps à corps entre deux unités, puis le test de moral du perdant ([fight]).")
    profiles_file: Optional[str] = F(None, t="Profiles file", t_fr="Fichier de profils",
                                     d="A TOML file of [[profile]] tables (relative to the scenario file).",
                                     d_fr="Fichier TOML de tables [[profile]] (relatif au fichier du scénario).")
    fleeing: Optional[UnitRef] = F(None, t="Fleeing unit", t_fr="Unité en fuite",
                                   d="The unit that loses the combat or flees (required except in a fight).",
                                   d_fr="L'unité qui perd le combat ou qui fuit (obligatoire sauf pour un "
                                        "combat).",
                                   json_schema_extra=WHEN_NOT_FIGHT)
    pursuer: Optional[UnitRef] = F(None, t="Pursuer", t_fr="Poursuivant",
                                   d="The winner that pursues, or the charger in the charge situations "
                                     "(required there); in the panic situation the enemy that may keep "
                                     "charging; none in leadership_test or in a fight (its units are in [fight]).",
                                   d_fr="Le vainqueur qui poursuit, ou l'unité qui charge dans les situations "
                                        "de charge (obligatoire) ; dans la situation panic, l'ennemi qui peut "
                                        "charger encore ; aucun dans leadership_test ni dans un combat (ses "
                                        "unités sont dans [fight]).",
                                   json_schema_extra=WHEN_NOT_FIGHT)
    pursuers: Optional[tuple[PursuerRef, ...]] = F(
        None, strict=False, min_length=1, max_length=6, t="Pursuers", t_fr="Poursuivants",
        d="Several winners that pursue, or several chargers in the charge situations ([[pursuers]] tables, "
          "1 to 6, in the order their dice are rolled): each rolls its own dice and the unit is caught when "
          "any of them reaches it. Instead of [pursuer], not with it.",
        d_fr="Plusieurs vainqueurs qui poursuivent, ou plusieurs unités qui chargent dans les situations de "
             "charge (tables [[pursuers]], de 1 à 6, dans l'ordre où leurs dés sont lancés) : chacune lance "
             "ses propres dés et l'unité est rattrapée dès que l'une d'elles l'atteint. À la place de "
             "[pursuer], pas avec lui.",
        json_schema_extra=WHEN_NOT_FIGHT)
    test: LdTestSpec = F(LdTestSpec(), t="Leadership test", t_fr="Test de Commandement",
                         d="The test of the leadership_test and panic situations (the unit is 'fleeing').",
                         d_fr="Le test des situations leadership_test et panic (l'unité est 'fleeing').",
                         json_schema_extra={"x-when": {"situation": list(TEST_SITUATIONS)}})
    combat: Combat = F(Combat(), t="Combat", t_fr="Combat", d="The lost combat (situation break).",
                       d_fr="Le combat perdu (situation break).",
                       json_schema_extra={"x-when": {"situation": ["break"]}})
    fight: Optional[Fight] = F(None, t="Close combat", t_fr="Corps à corps",
                                 d="Situation fight: the two units, who charged and the round's options "
                                   "(docs/warhammer_combat.md); situation flee_reaction: the fight if the charged "
                                   "unit holds or stands and shoots (fight.unit: the charged unit, fight.enemy: the "
                                   "charger), read by options.charge_reaction = hold or stand_and_shoot.",
                                 d_fr="Situation fight : les deux unités, qui a chargé et les options du round "
                                      "(docs/warhammer_combat.md) ; situation flee_reaction : le corps à corps si "
                                      "l'unité chargée tient ou tient et tire (fight.unit : l'unité chargée, "
                                      "fight.enemy : celle qui charge), lu par options.charge_reaction = hold ou "
                                      "stand_and_shoot.",
                                 json_schema_extra={"x-when": {"situation": ["fight", "flee_reaction"]}})
    obstacles: tuple[Obstacle, ...] = F(
        (), strict=False, t="Things in the way", t_fr="Obstacles sur la ligne de fuite",
        d="Friendly units, enemy units and impassable terrain along the flee line, each at a distance and with "
          "a depth (docs/warhammer.md, 'Things in the way').",
        d_fr="Unités amies, unités ennemies et terrains infranchissables sur la ligne de fuite, chacun à une "
             "distance et avec une profondeur (docs/warhammer.md, « Things in the way »).",
        json_schema_extra=WHEN_NOT_FIGHT)
    table: Table = F(Table(), t="Table", t_fr="Table", d="Distances along the flee line and the turn limit.",
                     d_fr="Distances le long de la ligne de fuite et limite de tours.")
    options: Options = F(Options(), t="Rules options", t_fr="Options de règles",
                         d="Rules questions with a documented default by edition.",
                         d_fr="Questions de règles, avec une valeur par défaut documentée selon l'édition.")
    compare: Optional[dict[str, dict[str, Any]]] = F(
        None, t="Comparison", t_fr="Comparaison",
        d="Setups compared side by side: label = { \"field.path\" = value, label_fr = \"...\" }.",
        d_fr="Variantes comparées côte à côte : libellé = { \"champ.chemin\" = valeur, label_fr = \"...\" }.")

    @model_validator(mode="after")
    def _units_by_situation(self):
        if self.situation == "fight":
            if self.fight is None:
                raise ValueError("situation 'fight' needs a [fight] table with [fight.unit] and [fight.enemy]")
            if self.obstacles:  # which unit flees is only known after the round
                raise ValueError("[[obstacles]] are not modelled in situation 'fight' (the loser and its flee "
                                 "line are decided by the round); give them in a 'break' scenario")
            if self.pursuers is not None:
                raise ValueError("[[pursuers]] is not read in situation 'fight' (the round decides the winner)")
        else:
            if self.fight is not None and self.situation != "flee_reaction":
                raise ValueError(f"[fight] is only read in situations 'fight' and 'flee_reaction' (the fight if "
                                 f"the unit holds), not {self.situation!r}")
            if self.fleeing is None:  # a missing [pursuer] is checked by the scenario (TEST_SITUATIONS need none)
                raise ValueError(f"situation {self.situation!r} needs a [fleeing] table")
        return self

    @field_validator("edition", mode="before")
    @classmethod
    def _edition(cls, v):
        if not isinstance(v, str):
            raise ValueError(f"expected one of {', '.join(EDITIONS)} (a string)")
        key = v.strip().lower().replace(" ", "_")
        key = EDITION_ALIASES.get(key, key)
        if key not in EDITIONS:
            raise ValueError(f"unknown edition; expected one of {', '.join(EDITIONS)}")
        return key
