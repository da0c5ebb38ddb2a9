"""Names of the Hell Dorado scenario fields' values, in English and French (``RulesSystem.value_labels``).

The web page shows these names in its dropdowns and submits the codes. Hell Dorado is a
French game: the French names are its own terms (Fuite, Passe d'armes, Attraction, attaque
sans riposte, soutien, Mis au sol, Immobilisé, Blocage, Frappe rapide, toise, socle, MOU, PRO).
"""

from __future__ import annotations

#: Where a fighter's fields are in a scenario.
FIGHTER_PATHS = ("fleeing", "adversaries.*", "attacker", "defender", "attractors.*", "others.*", "allies.*")

CBT_LABELS = {"-": ("– (cannot fight)", "– (ne peut pas combattre)"),
              "–": ("– (cannot fight)", "– (ne peut pas combattre)"),
              "—": ("– (cannot fight)", "– (ne peut pas combattre)"),
              "none": ("– (cannot fight)", "– (ne peut pas combattre)")}
BASE_LABELS = {"petit": ("Small (30 mm)", "Petit (30 mm)"), "small": ("Small (30 mm)", "Petit (30 mm)"),
               "moyen": ("Medium (40 mm)", "Moyen (40 mm)"), "medium": ("Medium (40 mm)", "Moyen (40 mm)"),
               "grand": ("Large (50 mm)", "Grand (50 mm)"), "large": ("Large (50 mm)", "Grand (50 mm)"),
               "tres_grand": ("Very large (60 mm)", "Très grand (60 mm)"),
               "very_large": ("Very large (60 mm)", "Très grand (60 mm)")}
SHAPE_LABELS = {"disc": ("Disc", "Disque"), "rect": ("Rectangle", "Rectangle")}
STATE_LABELS = {"": ("None", "Aucun"), "Mis au sol": ("Mis au sol (knocked down)", "Mis au sol"),
                "Immobilisé": ("Immobilisé (immobilised)", "Immobilisé")}
MEASURE_LABELS = {"edge": ("Base edge to base edge", "De bord de socle à bord de socle"),
                  "centre": ("Centre to centre", "De centre à centre")}
MOVEMENT_LABELS = {"charge": ("Charge (course × MOU)", "Charge (course × MOU)"),
                   "assaut": ("Assaut (MOU)", "Assaut (MOU)")}
ATTRACTORS_LABELS = {"nearest": ("The nearest", "Le plus proche"), "first_listed": ("The first listed", "Le premier listé"),
                     "player_choice": ("The fleeing player's choice", "Au choix du joueur du fuyard")}

OPTION_LABELS: dict[str, dict] = {
    "system": {"hell_dorado": ("Hell Dorado", "Hell Dorado")},
    # the form's choices (the web page shows the names, submits the codes)
    "type": {"fuite": ("Fuite (flight)", "Fuite"), "passe": ("Passe d'armes (exchange of blows)", "Passe d'armes"),
             "attraction": ("Attraction (pull)", "Attraction")},
    "options.hd_edition": {"sapience": ("Sapience (community edition)", "Sapience (édition communautaire)"),
                           "asmodee": ("Asmodée (2007)", "Asmodée (2007)"), "cipher": ("Cipher (2010)", "Cipher (2010)")},
    "options.dice_cap": {10: ("10 dice (5 rolled + 5 re-rolls)", "10 dés (5 lancés + 5 relances)"),
                         "none": ("No cap", "Sans plafond")},
    "options.reroll_policy": {"always_reroll_misses": ("Always re-roll the misses", "Toujours relancer les ratés"),
                              "optional": ("Re-roll when it helps", "Relancer quand c'est utile")},
    "options.pro_application": {"once_per_pass_floor_0": ("Once per pass (floor 0)", "Une fois par passe (plancher 0)"),
                                "per_hit": ("On each hit", "À chaque touche")},
    "options.kill_rule": {"damage >= PV": ("Damage ≥ PV", "Dégâts ≥ PV"), "damage > PV": ("Damage > PV", "Dégâts > PV")},
    "options.support_mode": {"per_supporter": ("Per supporter", "Par combattant en soutien"),
                             "flat": ("Once in total", "Une seule fois")},
    "options.attacker_choice": {
        "max_kill_or_state": ("Most likely to kill or inflict a state", "Le plus susceptible de tuer ou d'infliger un état"),
        "max_kill": ("Most likely to kill", "Le plus susceptible de tuer"),
        "max_expected_damage": ("Most expected damage", "Le plus de dégâts moyens"),
        "most_dice": ("Most dice", "Le plus de dés"), "user": ("The one named (fuite.attacker)", "Celui désigné (fuite.attacker)")},
    "options.blocage_scope": {"any_blocker_prevents_flee": ("One Blocage prevents the Fuite", "Un seul Blocage empêche la Fuite"),
                              "only_from_blocker": ("Only if every adversary has Blocage",
                                                    "Seulement si tous les adversaires ont Blocage")},
    "options.intangible_vs_blocage": {"blocage_prevents": ("Blocage prevents the Fuite", "Blocage empêche la Fuite"),
                                      "intangible_ignores": ("Intangible ignores Blocage", "Intangible ignore Blocage")},
    "options.def_out_of_range": {"natural": ("DEF ≥ 7 never hit, ≤ 1 always hit", "DEF ≥ 7 jamais touchée, ≤ 1 toujours"),
                                 "6_always_hits": ("A 6 always hits", "Un 6 touche toujours")},
    "options.simultaneous_kill": {"both_apply": ("Both damages apply", "Les deux dégâts s'appliquent"),
                                  "frappe_rapide_first": ("Frappe rapide strikes first", "Frappe rapide frappe d'abord")},
    "options.no_room_move": {0: ("No move", "Pas de mouvement"),
                             "partial": ("The room there is (fuite.partial_room_toises)",
                                         "La place qu'il y a (fuite.partial_room_toises)")},
    "options.attraction_version": {"x_2007": ("Attraction x (errata 2007)", "Attraction x (errata 2007)"),
                                   "D_original": ("Attraction D (original)", "Attraction D (originale)")},
    "options.toise": {"inch": ("1 inch", "1 pouce"), "2.5cm": ("2.5 cm", "2,5 cm")},
    "fuite.attraction_measure": MEASURE_LABELS,
    "fuite.attraction_movement": MOVEMENT_LABELS,
    "fuite.multiple_attractors": ATTRACTORS_LABELS,
    "fuite.compare": {"base": ("As given", "Tel quel"), "intangible": ("Intangible", "Intangible"),
                      "no_intangible": ("Without Intangible", "Sans Intangible"),
                      "ordre_repli": ("Ordre de repli", "Ordre de repli"),
                      "no_soutien": ("Without soutien", "Sans soutien"),
                      "blocage": ("Blocage (first adversary)", "Blocage (premier adversaire)"),
                      "no_room": ("Surrounded (no room)", "Cerné (sans place)")},
    "passe.report": {"kills": ("Killed, state, wounded, unharmed", "Tué, état, blessé, indemne"),
                     "hits": ("Hits", "Touches")},
    "attraction.activation_order": {"listed": ("In the listed order", "Dans l'ordre de la liste"),
                                    "random": ("In a random order", "Dans un ordre aléatoire"),
                                    "independent": ("Each as if first", "Chacun comme s'il était le premier")},
    "attraction.multiple_attractors": ATTRACTORS_LABELS,
    "attraction.measure": MEASURE_LABELS,
    "attraction.movement": MOVEMENT_LABELS,
}


def profile_labels() -> dict[str, tuple[str, str]]:
    """The shipped illustrative profiles by key, each named by its card's ``name`` in both languages (Hell
    Dorado's names are French): ``{"grand_damne_colere": ("Grand Damné De La Colère", …)}``, so that a
    profile is chosen by name on the web page and ``profile = "Grand Damné de la Colère"`` reads as its key."""
    import tomllib
    from pathlib import Path

    path = Path(__file__).resolve().parent / "data" / "illustrative_profiles.toml"
    try:
        profiles = tomllib.loads(path.read_text(encoding="utf-8")).get("profiles") or {}
    except (OSError, ValueError):  # a broken install: the profiles are then refused by the loader, by name
        return {}
    return {key: (str(p.get("name", key)),) * 2 for key, p in profiles.items() if isinstance(p, dict)}


def value_labels() -> dict:
    """``RulesSystem.value_labels`` of Hell Dorado: the scenario type, every option and code of the
    sections, and each fighter's shipped profile, CBT, base, zone shape and state wherever a fighter's fields
    are. The loader of every system also reads these labels, in English or French, as the codes they name."""
    out: dict[str, dict] = {}
    profiles = profile_labels()
    for fighter in FIGHTER_PATHS:
        out[f"{fighter}.profile"] = profiles
        out[f"{fighter}.cbt"] = CBT_LABELS
        out[f"{fighter}.base"] = BASE_LABELS
        out[f"{fighter}.zone.shape"] = SHAPE_LABELS
        out[f"{fighter}.state"] = STATE_LABELS
    out.update(OPTION_LABELS)
    return out

#: The length unit of a placed table (``table_shapes()["unit"]``): Hell Dorado measures in toises (an inch or
#: 25 mm, ``options.toise``).
TOISES = {"one": {"en": "toise", "fr": "toise"}, "other": {"en": "toises", "fr": "toises"}}
#: The map's words for a placed Fuite (``table_shapes()["labels"]``).
FUITE_LABELS = {
    "mover": {"en": "flees", "fr": "fuit"}, "enemy": {"en": "enemy", "fr": "ennemi"},
    "ally": {"en": "ally", "fr": "allié"}, "terrain": {"en": "impassable terrain", "fr": "terrain impraticable"},
    "path": {"en": "flee move", "fr": "mouvement de Fuite"}, "end": {"en": "where it stops", "fr": "où il s'arrête"},
    "destination": {"en": "destination asked", "fr": "destination demandée"},
    "ring": {"en": "Attraction zone", "fr": "zone d'Attraction"},
    "again": {"en": "can charge it again: {names}", "fr": "peut le recharger : {names}"}}
#: The map's words for an Attraction (``table_shapes()["labels"]``): the sides seen from the adversary followed
#: (``attraction.focus``), which moves; side A (the attractors and their allies) is the enemy.
ATTRACTION_LABELS = {
    "mover": {"en": "adversary followed", "fr": "adversaire suivi"},
    "ally": {"en": "other adversary", "fr": "autre adversaire"},
    "enemy": {"en": "attractor or its ally", "fr": "attracteur ou son allié"},
    "terrain": FUITE_LABELS["terrain"],
    "ring": {"en": "Attraction zone", "fr": "zone d'Attraction"},
    "zone": {"en": "random placement zone", "fr": "zone de placement au hasard"}}

