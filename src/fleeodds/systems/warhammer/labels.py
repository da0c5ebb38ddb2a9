"""Names of the Warhammer scenario fields' values, in English and French (``RulesSystem.value_labels``).

The web page shows these names in its dropdowns and submits the codes; charts and
comparison setups named by a value take them too. French terms follow the French
rulebooks (Warhammer Battle 6e-8e, The Old World): Commandement, test de moral,
poursuite, fuite, charge, Rapide, Sang-froid, Grande Bannière, arme lourde, hallebarde.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from .outcomes import EDITION_LABELS, RULE_LABELS, TROOP_TYPE_LABELS

#: The system's name (``RulesSystem.title``, ``title_fr``; the JSON Schema's title).
TITLE = "Warhammer Fantasy Battle / The Old World"
TITLE_FR = "Warhammer Battle / The Old World"

#: Names of the form's choices (``RulesSystem.value_labels``; the web page shows them, submits the codes).
FORM_LABELS = {
    "situation": {"break": ("Break test after a lost combat", "Test de moral après un combat perdu"),
                  "fleeing": ("Already fleeing", "Déjà en fuite"),
                  "charge_fleeing": ("Charging a fleeing unit", "Charge contre une unité en fuite"),
                  "flee_reaction": ("Flee! as a charge reaction", "Fuite ! en réaction à une charge"),
                  "leadership_test": ("Leadership test", "Test de Commandement"),
                  "panic": ("Panic test", "Test de panique"), "fight": ("Close combat", "Corps à corps")},
    "test.kind": {"leadership": ("Leadership", "Commandement"), "fear": ("Fear", "Peur"),
                  "terror": ("Terror", "Terreur"), "panic": ("Panic", "Panique")},
    "table.first_turn": {"fleeing_side": ("The fleeing unit's side", "Le camp de l'unité en fuite"),
                         "enemy": ("The enemy", "L'ennemi")},
    "options.catch_vs_edge_order": {"catch_first": ("Caught first", "Rattrapée d'abord"),
                                    "edge_first": ("Off the table first", "Sortie de table d'abord")},
    "options.edge_contact": {"touch": ("On touching the edge", "En touchant le bord"),
                             "leave": ("On leaving the table", "En quittant la table")},
    "options.rally_casualty_rule": {**EDITION_LABELS, "none": ("None", "Aucune")},
}

#: Where a unit's fields are in a scenario: the fleeing unit, the pursuer, each of several
#: pursuers, and both sides of a close combat (each has a ``profile`` field, a troop type and rules).
UNIT_PATHS = ("fleeing", "pursuer", "pursuers.*", "fight.unit", "fight.enemy")

_DATA = Path(__file__).resolve().parent / "data"


def profile_labels() -> dict[str, tuple[str, str]]:
    """Names of the shipped profiles: ``{casefolded name: (English name, French name)}``.

    The English names are those of ``data/profiles.toml`` (a ``profile`` field takes them in any case);
    the French ones come from ``data/profile_names_fr.toml``, as the French army books name the units
    ("Gobelins de la Nuit", "Guerriers nains"). A profile without a French name keeps its English one.
    """
    with open(_DATA / "profiles.toml", "rb") as f:
        names = [p["name"] for p in tomllib.load(f).get("profile", []) if isinstance(p.get("name"), str)]
    with open(_DATA / "profile_names_fr.toml", "rb") as f:
        french = tomllib.load(f)
    return {name.casefold(): (name, str(french.get(name, name))) for name in names}


#: The shipped profiles' names (``RulesSystem.value_labels`` of every ``profile`` field).
PROFILE_LABELS = profile_labels()

#: An edition as a generated French title names it: "(7e)" where the English title says "(7th)".
EDITION_SHORT_FR = {"6th": "6e", "7th": "7e", "8th": "8e", "tow": "TOW", "starter": "Col du Crâne"}


def title_fr(first: str, others: list[str], edition: str, fight: bool = False) -> str:
    """The French title a scenario without a ``title`` gets: units by their French army-book names where the
    shipped profiles have them, ``contre`` between them, the edition short (``Gobelins de la Nuit contre
    Guerriers nains (7e)``; a fight starts ``Corps à corps :``)."""
    def fr(name: str) -> str:
        return PROFILE_LABELS.get(name.casefold(), (name, name))[1]

    text = f"{fr(first)} contre {', '.join(fr(n) for n in others)} ({EDITION_SHORT_FR.get(edition, edition)})"
    return f"Corps à corps : {text}" if fight else text


WEAPON_LABELS = {
    "hand_weapon": ("Hand weapon", "Arme de base"),
    "great_weapon": ("Great weapon (+2 S, strikes last)", "Arme lourde (+2 F, frappe en dernier)"),
    "spear": ("Spear", "Lance"),
    "halberd": ("Halberd (+1 S)", "Hallebarde (+1 F)"),
    "lance": ("Lance (+2 S on the charge)", "Lance de cavalerie (+2 F en charge)"),
    "additional_hand_weapon": ("Additional hand weapon (+1 A)", "Arme de base additionnelle (+1 A)"),
    "flail": ("Flail (+2 S in the first round)", "Fléau (+2 F au premier round)"),
}

#: The other choices of the form, by dotted field.
OPTION_LABELS: dict[str, dict] = {
    "system": {"warhammer": ("Warhammer", "Warhammer")},
    "obstacles.*.kind": {"friend": ("Friendly unit", "Unité amie"), "enemy": ("Enemy unit", "Unité ennemie"),
                         "impassable": ("Impassable terrain", "Terrain infranchissable")},
    "fight.charger": {"unit": ("Your unit", "Votre unité"), "enemy": ("The enemy", "L'ennemi"),
                      "none": ("No one (a later round)", "Personne (un round suivant)")},
    "fight.contact": {"front": ("Front", "Front"), "flank": ("Flank (+1)", "Flanc (+1)"),
                      "rear": ("Rear (+2)", "Dos (+2)")},
    "fight.high_ground": {"none": ("Neither side", "Aucun camp"), "unit": ("Your unit", "Votre unité"),
                          "enemy": ("The enemy", "L'ennemi")},
    "fight.options.equal_initiative": {
        "roll_off": ("Roll-off", "Jet de dé"), "simultaneous": ("Simultaneous", "Simultanément"),
        "unit_first": ("Your unit first", "Votre unité d'abord"), "enemy_first": ("The enemy first", "L'ennemi d'abord")},
    "fight.options.ranks_counted": {"start": ("At the start of the round", "Au début du round"),
                                    "end": ("After the casualties", "Après les pertes")},
    "fight.options.tow_musician": {"draw_only": ("In a drawn combat only", "Seulement en cas d'égalité"),
                                   "always": ("To every result", "À tout résultat")},
    "options.tie_rule": {">=": ("A tie catches (≥)", "Une égalité rattrape (≥)"),
                         ">": ("Must exceed (>, house rule)", "Doit dépasser (>, règle maison)")},
    "options.swiftstride_8th_roll": {"3D6dl": ("3D6, lowest dropped", "3D6, le plus faible retiré"),
                                     "2D6": ("2D6", "2D6")},
    "options.bsb_reroll": {"none": ("None", "Aucune"), "break_only": ("Break tests only", "Tests de moral seulement"),
                           "any_failed_ld": ("Any failed Leadership test", "Tout test de Commandement raté")},
    "options.tow_bsb_break_reroll_policy": {
        "reroll_break_only": ("Re-roll a Break only", "Relancer une déroute seulement"),
        "reroll_break_or_fall_back": ("Re-roll a Break or a Fall Back", "Relancer une déroute ou un repli en bon ordre"),
        "never": ("Never", "Jamais")},
    "options.cold_blooded_scope": {"all_ld": ("Every Leadership test", "Tout test de Commandement"),
                                   "fear_panic_terror": ("Fear, Panic and Terror tests",
                                                         "Tests de Peur, de panique et de Terreur")},
    "options.cold_blooded_double1": {"kept_pair": ("Double 1 on the kept dice", "Double 1 sur les dés gardés"),
                                     "none": ("No", "Non")},
    "options.pursuer_restrains": {False: ("Never: it always pursues", "Jamais : il poursuit toujours"),
                                  "ld_test": ("With a Leadership test", "Sur un test de Commandement"),
                                  "always": ("Always: it never pursues", "Toujours : il ne poursuit jamais")},
    "options.tow_swiftstride_use": {"always": ("Always", "Toujours"), "never": ("Never", "Jamais"),
                                    "not_near_edge": ("Not near the table edge", "Pas près du bord de table")},
    "options.charge_reaction": {"flee": ("Flee", "Fuir"), "fire_and_flee": ("Fire & Flee", "Tirer et fuir"),
                                "hold": ("Hold", "Tenir"), "stand_and_shoot": ("Stand & Shoot", "Tenir et tirer")},
    "options.tow_impetuous_test": {"d6": ("A D6: 1-3 must charge", "Un D6 : 1 à 3, charge obligatoire"),
                                   "ld_test": ("A failed Leadership test", "Un test de Commandement raté")},
    "combat.broken_from": {"front": ("Front", "Front"), "flank": ("Flank", "Flanc"), "rear": ("Rear", "Dos")},
    "options.failed_charge_move_8th": {"highest_die": ("Its highest die", "Son dé le plus fort"),
                                       "movement": ("Its Movement", "Son Mouvement")},
    "options.chaser_move_out_of_range": {"march": ("March (2 × M)", "Marche (2 × M)"), "move": ("M", "M"),
                                         "none": ("Stays put", "Ne bouge pas")},
    "options.charge_metric": {"flee_roll": ("The flee roll", "Le jet de fuite"),
                              "failed_charge_move": ("The failed charge's move", "Le mouvement de la charge ratée")},
    "options.geometry": {"1d_head_on": ("In a straight line, head on", "En ligne droite, de face")},
}


def value_labels(form_labels: dict) -> dict:
    """``RulesSystem.value_labels`` of Warhammer: editions, the shipped profiles' names, troop types,
    special rules and weapons wherever a unit's fields are, every option of the form, and
    ``form_labels`` (the situation choices declared beside ``SYSTEM``). The loader takes a French
    name as its code ("8e édition" for ``8th``, "Gobelins de la Nuit" for the Night Goblins)."""
    out: dict[str, dict] = {"edition": EDITION_LABELS, "troop_type": TROOP_TYPE_LABELS, "rules": RULE_LABELS}
    for unit in UNIT_PATHS:
        out[f"{unit}.profile"] = PROFILE_LABELS
        out[f"{unit}.troop_type"] = TROOP_TYPE_LABELS
        out[f"{unit}.rules"] = RULE_LABELS
        out[f"{unit}.extra_rules"] = RULE_LABELS
        out[f"{unit}.weapon"] = WEAPON_LABELS
    for side in ("fight.unit", "fight.enemy"):  # a fight unit's characters and chariot
        out[f"{side}.characters.*.weapon"] = WEAPON_LABELS
        out[f"{side}.chariot.impact_hits"] = {"D6": ("D6 impact hits", "D6 touches d'impact"),
                                              "D3": ("D3 impact hits", "D3 touches d'impact"),
                                              "none": ("no impact hits", "pas de touches d'impact")}
    out["fight.challenge"] = {"none": ("no challenge", "pas de défi"),
                              "unit": ("your unit challenges", "votre unité lance un défi"),
                              "enemy": ("the enemy challenges", "l'ennemi lance un défi")}
    out["fight.options.tow_rules_version"] = {
        "faq_1_5_2": ("FAQ & Errata 1.5.2 (June 2025)", "FAQ & Errata 1.5.2 (juin 2025)"),
        "rulebook_2024": ("2024 rulebook", "livre de règles de 2024")}
    out.update(OPTION_LABELS)
    out.update(form_labels)
    return out


def name_fr(name: str) -> str:
    """A unit's French army-book name where the shipped profiles have one (``Night Goblins`` ->
    ``Gobelins de la Nuit``), else its own name."""
    return PROFILE_LABELS.get(name.casefold(), (name, name))[1]


def fight_names(models: tuple[int, int], names: tuple[str, str]) -> tuple[tuple[str, str], tuple[str, str]]:
    """How a fight's outcomes name its two units: ``(("20 Night Goblins", "l'unité de 20 Gobelins de la
    Nuit"), ...)`` for ``fight.unit`` then ``fight.enemy``. The French name is led by "l'unité de", so that
    every outcome agrees with "unité" (feminine singular) whatever the unit's own name: "l'unité de 16
    Guerriers nains\u202f: rattrapée", never "Guerriers nains\u202f: rattrapée"."""
    return tuple((f"{n} {name}", f"l'unité de {n} {name_fr(name)}") for n, name in zip(models, names))
