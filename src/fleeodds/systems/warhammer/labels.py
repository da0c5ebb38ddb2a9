"""Names of the Warhammer scenario fields' values, in English and French (``RulesSystem.value_labels``).

The web page shows these names in its dropdowns and submits the codes; charts and
comparison setups named by a value take them too. French terms follow the French
rulebooks (Warhammer Battle 6e-8e, The Old World): Commandement, test de moral,
poursuite, fuite, charge, Rapide, Sang-froid, Grande Bannière, arme lourde, hallebarde.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from ...language import SOURCE_LANG, Message, N_, Written, available_langs, pmessage
from .outcomes import EDITION_LABELS, RULE_LABELS, TROOP_TYPE_LABELS

#: The system's name (``RulesSystem.title``, French in the catalogue; the JSON Schema's title).
TITLE = N_("Warhammer Fantasy Battle / The Old World")
TITLE_FR = "Warhammer Battle / The Old World"

#: Names of the form's choices (``RulesSystem.value_labels``; the web page shows them, submits the codes).
FORM_LABELS = {
    "situation": {"break": N_("Break test after a lost combat"),
                  "fleeing": N_("Already fleeing"),
                  "charge_fleeing": N_("Charging a fleeing unit"),
                  "flee_reaction": N_("Flee! as a charge reaction"),
                  "leadership_test": N_("Leadership test"),
                  "panic": N_("Panic test"), "fight": N_("Close combat")},
    "test.kind": {"leadership": N_("Leadership"), "fear": N_("Fear"),
                  "terror": N_("Terror"), "panic": N_("Panic")},
    "table.first_turn": {"fleeing_side": N_("The fleeing unit's side"),
                         "enemy": N_("The enemy")},
    "options.catch_vs_edge_order": {"catch_first": N_("Caught first"),
                                    "edge_first": N_("Off the table first")},
    "options.edge_contact": {"touch": N_("On touching the edge"),
                             "leave": N_("On leaving the table")},
    "options.rally_casualty_rule": {**EDITION_LABELS, "none": pmessage("feminine", "None")},
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

#: An edition as a generated title names it (context "edition, short"): "(7th)", in French "(7e)".
EDITION_SHORT = {"6th": pmessage("edition, short", "6th"), "7th": pmessage("edition, short", "7th"),
                 "8th": pmessage("edition, short", "8th"), "tow": pmessage("edition, short", "tow"),
                 "starter": pmessage("edition, short", "starter")}


def generated_title(first: str, others: list[str], edition: str, fight: bool = False) -> Message:
    """The title a scenario without a ``title`` gets: "Night Goblins vs Dwarf Warriors (7th)" ("… fight …" for a
    fight); in French the units by their army-book names where the shipped profiles have them, ``contre``
    between them, the edition short (« Gobelins de la Nuit contre Guerriers nains (7e) »; a fight starts
    « Corps à corps : »)."""
    names = [profile_name(n) for n in others]
    joined = Written(", ".join(others), **{lg: ", ".join(n.render(lg) for n in names) for lg in available_langs()
                                          if lg != SOURCE_LANG})
    short = EDITION_SHORT.get(edition, Written(edition))
    if fight:
        return Message(N_("{first} fight {others} ({edition})"), first=profile_name(first), others=joined,
                       edition=short)
    return Message(N_("{first} vs {others} ({edition})"), first=profile_name(first), others=joined, edition=short)


WEAPON_LABELS = {
    "hand_weapon": N_("Hand weapon"),
    "great_weapon": N_("Great weapon (+2 S, strikes last)"),
    "spear": N_("Spear"),
    "halberd": N_("Halberd (+1 S)"),
    "lance": N_("Lance (+2 S on the charge)"),
    "additional_hand_weapon": N_("Additional hand weapon (+1 A)"),
    "flail": N_("Flail (+2 S in the first round)"),
}

#: The other choices of the form, by dotted field.
OPTION_LABELS: dict[str, dict] = {
    "system": {"warhammer": N_("Warhammer")},
    "obstacles.*.kind": {"friend": N_("Friendly unit"), "enemy": N_("Enemy unit"),
                         "impassable": N_("Impassable terrain")},
    "fight.charger": {"unit": N_("Your unit"), "enemy": N_("The enemy"),
                      "none": N_("No one (a later round)")},
    "fight.contact": {"front": N_("Front"), "flank": N_("Flank (+1)"),
                      "rear": N_("Rear (+2)")},
    "fight.high_ground": {"none": N_("Neither side"), "unit": N_("Your unit"),
                          "enemy": N_("The enemy")},
    "fight.options.equal_initiative": {
        "roll_off": N_("Roll-off"), "simultaneous": N_("Simultaneous"),
        "unit_first": N_("Your unit first"), "enemy_first": N_("The enemy first")},
    "fight.options.ranks_counted": {"start": N_("At the start of the round"),
                                    "end": N_("After the casualties")},
    "fight.options.tow_musician": {"draw_only": N_("In a drawn combat only"),
                                   "always": N_("To every result")},
    "options.tie_rule": {">=": N_("A tie catches (≥)"),
                         ">": N_("Must exceed (>, house rule)")},
    "options.swiftstride_8th_roll": {"3D6dl": N_("3D6, lowest dropped"),
                                     "2D6": N_("2D6")},
    "options.bsb_reroll": {"none": pmessage("feminine", "None"), "break_only": N_("Break tests only"),
                           "any_failed_ld": N_("Any failed Leadership test")},
    "options.tow_bsb_break_reroll_policy": {
        "reroll_break_only": N_("Re-roll a Break only"),
        "reroll_break_or_fall_back": N_("Re-roll a Break or a Fall Back"),
        "never": N_("Never")},
    "options.cold_blooded_scope": {"all_ld": N_("Every Leadership test"),
                                   "fear_panic_terror": N_("Fear, Panic and Terror tests")},
    "options.cold_blooded_double1": {"kept_pair": N_("Double 1 on the kept dice"),
                                     "none": N_("No")},
    "options.pursuer_restrains": {False: N_("Never: it always pursues"),
                                  "ld_test": N_("With a Leadership test"),
                                  "always": N_("Always: it never pursues")},
    "options.tow_swiftstride_use": {"always": N_("Always"), "never": N_("Never"),
                                    "not_near_edge": N_("Not near the table edge")},
    "options.charge_reaction": {"flee": N_("Flee"), "fire_and_flee": N_("Fire & Flee"),
                                "hold": N_("Hold"), "stand_and_shoot": N_("Stand & Shoot")},
    "options.tow_impetuous_test": {"d6": N_("A D6: 1-3 must charge"),
                                   "ld_test": N_("A failed Leadership test")},
    "combat.broken_from": {"front": N_("Front"), "flank": N_("Flank"), "rear": N_("Rear")},
    "options.failed_charge_move_8th": {"highest_die": N_("Its highest die"),
                                       "movement": N_("Its Movement")},
    "options.chaser_move_out_of_range": {"march": N_("March (2 × M)"), "move": N_("M"),
                                         "none": N_("Stays put")},
    "options.charge_metric": {"flee_roll": N_("The flee roll"),
                              "failed_charge_move": N_("The failed charge's move")},
    "options.geometry": {"1d_head_on": N_("In a straight line, head on")},
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
        out[f"{side}.chariot.impact_hits"] = {"D6": N_("D6 impact hits"),
                                              "D3": N_("D3 impact hits"),
                                              "none": N_("no impact hits")}
    out["fight.challenge"] = {"none": N_("no challenge"),
                              "unit": N_("your unit challenges"),
                              "enemy": N_("the enemy challenges")}
    out["fight.options.tow_rules_version"] = {
        "faq_1_5_2": N_("FAQ & Errata 1.5.2 (June 2025)"),
        "rulebook_2024": N_("2024 rulebook")}
    out.update(OPTION_LABELS)
    out.update(form_labels)
    return out


def fight_names(models: tuple[int, int], names: tuple[str, str]) -> tuple[tuple[str, str], tuple[str, str]]:
    """How a fight's sentences name its two units, ``(English, French)`` for ``fight.unit`` then ``fight.enemy``
    (``("20 Night Goblins", "l'unité de 20 Gobelins de la Nuit")``), rendered from :func:`fight_unit` (the
    catalogue). Kept for the fight's sentences while they move to :func:`fight_unit` themselves."""
    return tuple((fight_unit(n, name).render("en"), fight_unit(n, name).render("fr"))
                 for n, name in zip(models, names))


def profile_name(name: str) -> Written:
    """A unit's name with its French army-book name where the shipped profiles have one (``Night Goblins``
    reads ``Gobelins de la Nuit`` in French), else its own name in every language."""
    return Written(name, fr=PROFILE_LABELS.get(name.casefold(), (name, name))[1])


def fight_unit(models: int, name: str, first: bool = False) -> Message:
    """How a fight's outcomes name a unit: "20 Night Goblins"; in French "l'unité de 20 Gobelins de la Nuit"
    (led by "l'unité de", so that every outcome agrees with "unité", feminine singular, whatever the unit's
    own name), "L'unité de …" at the head of a label (``first``)."""
    if first:
        return pmessage("fight unit, first word", "{n} {name}", n=models, name=profile_name(name))
    return pmessage("fight unit", "{n} {name}", n=models, name=profile_name(name))
