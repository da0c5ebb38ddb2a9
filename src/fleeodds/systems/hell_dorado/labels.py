"""Names of the Hell Dorado scenario fields' values, in English and French (``RulesSystem.value_labels``).

The web page shows these names in its dropdowns and submits the codes. Hell Dorado is a
French game: the French names are its own terms (Fuite, Passe d'armes, Attraction, attaque
sans riposte, soutien, Mis au sol, Immobilisé, Blocage, Frappe rapide, toise, socle, MOU, PRO).
"""

from __future__ import annotations

from ...language import N_, pmessage

#: Where a fighter's fields are in a scenario.
FIGHTER_PATHS = ("fleeing", "adversaries.*", "attacker", "defender", "attractors.*", "others.*", "allies.*")

CBT_LABELS = {"-": N_("– (cannot fight)"),
              "–": N_("– (cannot fight)"),
              "—": N_("– (cannot fight)"),
              "none": N_("– (cannot fight)")}
BASE_LABELS = {"petit": N_("Small (30 mm)"), "small": N_("Small (30 mm)"),
               "moyen": N_("Medium (40 mm)"), "medium": N_("Medium (40 mm)"),
               "grand": N_("Large (50 mm)"), "large": N_("Large (50 mm)"),
               "tres_grand": N_("Very large (60 mm)"),
               "very_large": N_("Very large (60 mm)")}
SHAPE_LABELS = {"disc": N_("Disc"), "rect": N_("Rectangle")}
STATE_LABELS = {"": pmessage("masculine", "None"), "Mis au sol": N_("Mis au sol (knocked down)"),
                "Immobilisé": N_("Immobilisé (immobilised)")}
MEASURE_LABELS = {"edge": N_("Base edge to base edge"),
                  "centre": N_("Centre to centre")}
MOVEMENT_LABELS = {"charge": N_("Charge (course × MOU)"),
                   "assaut": N_("Assaut (MOU)")}
ATTRACTORS_LABELS = {"nearest": N_("The nearest"), "first_listed": N_("The first listed"),
                     "player_choice": N_("The fleeing player's choice")}

OPTION_LABELS: dict[str, dict] = {
    "system": {"hell_dorado": N_("Hell Dorado")},
    # the form's choices (the web page shows the names, submits the codes)
    "type": {"fuite": N_("Fuite (flight)"), "passe": N_("Passe d'armes (exchange of blows)"),
             "attraction": N_("Attraction (pull)")},
    "options.hd_edition": {"sapience": N_("Sapience (community edition)"),
                           "asmodee": N_("Asmodée (2007)"), "cipher": N_("Cipher (2010)")},
    "options.dice_cap": {10: N_("10 dice (5 rolled + 5 re-rolls)"),
                         "none": N_("No cap")},
    "options.reroll_policy": {"always_reroll_misses": N_("Always re-roll the misses"),
                              "optional": N_("Re-roll when it helps")},
    "options.pro_application": {"once_per_pass_floor_0": N_("Once per pass (floor 0)"),
                                "per_hit": N_("On each hit")},
    "options.kill_rule": {"damage >= PV": N_("Damage ≥ PV"), "damage > PV": N_("Damage > PV")},
    "options.support_mode": {"per_supporter": N_("Per supporter"),
                             "flat": N_("Once in total")},
    "options.attacker_choice": {
        "max_kill_or_state": N_("Most likely to kill or inflict a state"),
        "max_kill": N_("Most likely to kill"),
        "max_expected_damage": N_("Most expected damage"),
        "most_dice": N_("Most dice"), "user": N_("The one named (fuite.attacker)")},
    "options.blocage_scope": {"any_blocker_prevents_flee": N_("One Blocage prevents the Fuite"),
                              "only_from_blocker": N_("Only if every adversary has Blocage")},
    "options.intangible_vs_blocage": {"blocage_prevents": N_("Blocage prevents the Fuite"),
                                      "intangible_ignores": N_("Intangible ignores Blocage")},
    "options.def_out_of_range": {"natural": N_("DEF ≥ 7 never hit, ≤ 1 always hit"),
                                 "6_always_hits": N_("A 6 always hits")},
    "options.simultaneous_kill": {"both_apply": N_("Both damages apply"),
                                  "frappe_rapide_first": N_("Frappe rapide strikes first")},
    "options.no_room_move": {0: N_("No move"),
                             "partial": N_("The room there is (fuite.partial_room_toises)")},
    "options.attraction_version": {"x_2007": N_("Attraction x (errata 2007)"),
                                   "D_original": N_("Attraction D (original)")},
    "options.toise": {"inch": N_("1 inch"), "2.5cm": N_("2.5 cm")},
    "fuite.attraction_measure": MEASURE_LABELS,
    "fuite.attraction_movement": MOVEMENT_LABELS,
    "fuite.multiple_attractors": ATTRACTORS_LABELS,
    "fuite.compare": {"base": N_("As given"), "intangible": N_("Intangible"),
                      "no_intangible": N_("Without Intangible"),
                      "ordre_repli": N_("Ordre de repli"),
                      "no_soutien": N_("Without soutien"),
                      "blocage": N_("Blocage (first adversary)"),
                      "no_room": pmessage("fuite.compare", "Surrounded (no room)")},
    "passe.report": {"kills": N_("Killed, state, wounded, unharmed"),
                     "hits": N_("Hits")},
    "attraction.activation_order": {"listed": N_("In the listed order"),
                                    "random": N_("In a random order"),
                                    "independent": N_("Each as if first")},
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

#: The length unit of a placed table (``table_shapes()["unit"]``, through :func:`map_words`): Hell Dorado measures in
#: toises (an inch or 25 mm, ``options.toise``).
TOISES = {"one": pmessage("length unit", "toise"), "other": pmessage("length unit", "toises")}
#: The map's words for a placed Fuite (``table_shapes()["labels"]``, through :func:`map_words`).
FUITE_LABELS = {
    "mover": pmessage("map", "flees"), "enemy": pmessage("map", "enemy"), "ally": pmessage("map", "ally"),
    "terrain": pmessage("map", "impassable terrain"), "path": pmessage("map", "flee move"),
    "end": pmessage("map", "where it stops"), "destination": pmessage("map", "destination asked"),
    "ring": pmessage("map", "Attraction zone"), "again": pmessage("map", "can charge it again: {names}")}
#: The map's words for an Attraction (``table_shapes()["labels"]``): the sides seen from the adversary followed
#: (``attraction.focus``), which moves; side A (the attractors and their allies) is the enemy.
ATTRACTION_LABELS = {
    "mover": pmessage("map", "adversary followed"), "ally": pmessage("map", "other adversary"),
    "enemy": pmessage("map", "attractor or its ally"), "terrain": FUITE_LABELS["terrain"],
    "ring": FUITE_LABELS["ring"], "zone": pmessage("map", "random placement zone")}


def map_words(words: dict) -> dict[str, dict[str, str]]:
    """The map's words as a placed scenario's ``table_shapes()`` gives them (kept in a manifest, JSON): each in
    every language with a catalogue, ``{kind: {lang: text}}``."""
    from ...outcomes import label_to_json

    return {kind: label_to_json(text) for kind, text in words.items()}
