"""The ``[options]`` table: every ambiguity of the rules as a named option, and its resolved form.

:class:`OptionsModel` validates what the player writes; :func:`parse_options` applies the edition
defaults and returns the frozen :class:`Options` the rules read.

References
----------
Hell Dorado rules digest (docs/hell_dorado.md): §1 glossary, §2 weapon pass, §3 Fuite, §6 Attraction,
§7 modelling options. Sapience rules wiki, "Combat au contact / Résolution des passes d'armes"; Rules Tips "Fuite".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import ConfigDict, field_validator

from ....errors import InputError, short_repr
from ....validation import validate
from .fields import F, HDModel


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
    attraction_cancels_discretion: bool = True
    attraction_blocks_leaving_orders: bool = True
    charge_dice_modifier: int | None = 0

    @property
    def toise_mm(self) -> float:
        return 25.4 if self.toise == "inch" else 25.0


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
    attraction_cancels_discretion: bool = O(
        True, "Attraction cancels Discrétion", "L'Attraction annule Discrétion",
        "Designer ruling: an Attraction cancels Discrétion on a fighter inside its zone (default true: a "
        "Discrétion fighter is then pulled like any other). false is not modelled: Discrétion's own rules text is "
        "not in the project's sources.",
        "Décision des auteurs : une Attraction annule Discrétion sur un combattant dans sa zone (défaut vrai : un "
        "combattant Discret est alors attiré comme les autres). faux n'est pas modélisé : le texte de Discrétion "
        "n'est pas dans les sources du projet.")
    attraction_blocks_leaving_orders: bool = O(
        True, "Attraction forbids orders that leave the zone", "L'Attraction interdit les ordres qui font sortir",
        "Designer ruling: a fighter affected by an Attraction may not be given an order that would take it out of "
        "the zone (default true: the pull-back is certain). false is not modelled (which orders, and when, is not "
        "in the project's sources).",
        "Décision des auteurs : un combattant affecté par une Attraction ne peut pas recevoir un ordre qui le ferait "
        "sortir de la zone (défaut vrai : le retour est certain). faux n'est pas modélisé (quels ordres, et quand, "
        "n'est pas dans les sources du projet).")
    charge_dice_modifier: int | None = O(
        None, "Charge modifier", "Modificateur de Charge",
        "Dice added to (negative: taken from) the attack of a fighter that engages by a Charge, in the pass that "
        "follows it (a Fuite's fuite.charge_pass, an Attraction's then_pass with movement = 'charge'); -5 to 5. "
        "Default: 0 under Sapience and Asmodée (the sources give a Charge no modifier); under Cipher the Charge "
        "has a penalty whose size is not in the sources, so a Cipher Charge pass needs this option written.",
        "Dés ajoutés à (négatif : retirés de) l'attaque d'un combattant qui engage par une Charge, dans la passe "
        "qui la suit (fuite.charge_pass d'une Fuite, then_pass d'une Attraction avec movement = « charge ») ; de "
        "-5 à 5. Défaut : 0 en Sapience et Asmodée (les sources ne donnent aucun modificateur à la Charge) ; en "
        "Cipher la Charge a une pénalité dont la taille n'est pas dans les sources : une passe de Charge Cipher "
        "demande d'écrire cette option.", unit="dice", ge=-5, le=5)
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
        "repli_move_multiplier", "blocage_scope", "intangible_vs_blocage", "no_room_move", "attraction_version",
        "charge_dice_modifier"},
    "passe": set(ATTACK_OPTIONS + SUPPORT_OPTIONS) | {"simultaneous_kill"},
    "attraction": {"course_multiplier", "attraction_version", "toise"},
    "attraction_then_pass": {"course_multiplier", "attraction_version", "toise", "simultaneous_kill",
                             "charge_dice_modifier", *ATTACK_OPTIONS},
}


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
    if d["charge_dice_modifier"] is None and d["hd_edition"] != "cipher":
        d["charge_dice_modifier"] = 0  # no Charge modifier in the Sapience or Asmodée sources (digest §5)
    return Options(**d)
