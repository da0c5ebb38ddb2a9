"""Where the rules behind a Warhammer answer are written: the records of
:meth:`fleeodds.system.Scenario.rule_sources` (``{"rule", "edition", "source"}``), for the manifest and
``fleeodds run -d``.

The Old World's pages carry the "last updated" date of the rules index (tow.whfb.app) and the 2024
rulebook page; its close-combat pages are in :data:`.plan.tow_combat.SOURCES`. The 6th-8th pages are
those docs/warhammer.md and docs/warhammer_combat.md §9 cite.
"""

from __future__ import annotations

from .plan import tow_combat as tow

EDITIONS = {"6th": "Warhammer 6th edition", "7th": "Warhammer 7th edition", "8th": "Warhammer 8th edition",
            "tow": "Warhammer: The Old World", "starter": "Battle for Skull Pass (7th edition starter)"}

#: The Old World's pages of the Break test, flight, pursuit and rally: rule -> (page, last updated, p.).
TOW_CHAIN = {
    "Break test": ("the-combat-phase/break-test", "2025-11-17", 154),
    "Loser Gives Ground": ("the-combat-phase/loser-gives-ground", "2024-02-01", 155),
    "Fall Back in Good Order": ("movement-in-detail/fall-back-in-good-order", "2024-02-02", 134),
    "Loser Breaks and Flees": ("the-combat-phase/loser-breaks-and-flees", "2024-02-01", 154),
    "Pursuit move": ("the-combat-phase/the-pursuit-move", "2024-01-26", 156),
    "Catching the curs": ("the-combat-phase/catching-the-curs", "2024-02-02", 157),
    "Rally fleeing units": ("the-strategy-phase/rally-fleeing-units", "2025-10-14", 117),
    "Insurmountable losses": ("the-strategy-phase/insurmountable-losses", "2025-10-14", 117),
    "Leadership tests": ("model-profiles/leadership-tests", "2024-01-31", 97),
    "Swiftstride": ("special-rules/swiftstride", "2025-06-25", 178),
    "Charge range": ("the-movement-phase/determine-charge-range", "2024-02-02", 121),
    "Flee! (charge reaction)": ("the-movement-phase/flee-charge-reaction", "2024-02-01", 120),
    "Charging a fleeing enemy": ("movement-in-detail/charging-a-fleeing-enemy", "2024-02-02", 129),
    "Panic tests": ("the-psychology-of-war/panic-tests", "2024-05-13", 160),
}
#: 6th-8th and the starter booklet: rule -> where it is written.
CHAIN = {
    "6th": {"Break test, flee and pursuit": "6th rulebook, Close Combat (https://redelf.narod.ru/w6/rulebook/cc.html)",
            "Rally": "6th rulebook, Rally (https://redelf.narod.ru/w6/rulebook/cc_5_rally.html)",
            "Fear": "6th rulebook, Psychology: Fear (https://redelf.narod.ru/w6/rulebook/psy_4_fear.html)"},
    "7th": {"Break test": "7th.whfb.app/close-combat/break-tests",
            "Insane Courage": "7th.whfb.app/close-combat/insane-courage",
            "Flee distance": "7th.whfb.app/close-combat/determine-flee-distance",
            "Caught": "7th.whfb.app/close-combat/remove-fleeing-units-caught",
            "Rally": "7th.whfb.app/movement/rally-fleeing-troops",
            "Fleeing from a charge": "7th.whfb.app/movement/units-fleeing-from-the-charge",
            "Defeated by a Fear-causing enemy": "7th.whfb.app/psychology/defeated-by-fear-causing-enemy",
            "Battle Standard re-roll": "7th.whfb.app/generals-and-battle-standards/re-roll-break-tests"},
    "8th": {"Steadfast": "8th.whfb.app/close-combat/steadfast", "Caught": "8th.whfb.app/close-combat/caught",
            "Rally": "8th.whfb.app/movement/rally-fleeing-units",
            "Leadership tests": "8th.whfb.app/general-principles/leadership-tests",
            "Hold your ground": "8th.whfb.app/characters/hold-your-ground"},
    "starter": {"Flee, pursuit and rally": "Bataille au Col du Crâne booklet (French), flee and pursuit "
                                           "introduction"},
}
#: 6th-8th close-combat pages (docs/warhammer_combat.md §9).
FIGHT = {
    "6th": {"To wound": "6th.whfb.app/close-combat/wound-close-combat",
            "Combat resolution": "6th.whfb.app/close-combat/combat-resolution-bonuses",
            "Strikes last": "6th.whfb.app/weapons/strikes-last",
            "Weapons": "6th rulebook, Weapons (https://redelf.narod.ru/w6/rulebook/weapons.html)"},
    "7th": {"Who strikes first": "7th.whfb.app/close-combat/who-strikes-first",
            "To wound": "7th.whfb.app/close-combat/wounding-the-enemy",
            "Removing casualties": "7th.whfb.app/close-combat/removing-casualties-close-combat",
            "Combat result": "7th.whfb.app/close-combat/combat-result-bonuses",
            "Strikes last": "7th.whfb.app/weapons/strikes-last"},
    "8th": {"Striking order": "8th.whfb.app/close-combat/striking-order",
            "To wound": "8th.whfb.app/shooting/roll-to-wound-shooting",
            "Armour save modifiers": "8th.whfb.app/shooting/armour-save-modifiers",
            "Remove casualties": "8th.whfb.app/close-combat/remove-casualties-close-combat",
            "Extra ranks": "8th.whfb.app/close-combat/extra-ranks",
            "Spear (foot)": "8th.whfb.app/weapons/spear-foot",
            "Hand weapon and shield": "8th.whfb.app/weapons/hand-weapon-and-shield"},
}
#: The Old World's chain rules by situation (the others read the whole list).
TOW_BY_SITUATION = {
    "break": ("Break test", "Loser Gives Ground", "Fall Back in Good Order", "Loser Breaks and Flees",
              "Pursuit move", "Catching the curs", "Rally fleeing units", "Insurmountable losses", "Swiftstride"),
    "fight": ("Break test", "Loser Gives Ground", "Fall Back in Good Order", "Loser Breaks and Flees",
              "Pursuit move", "Catching the curs", "Rally fleeing units", "Insurmountable losses", "Swiftstride"),
    "fleeing": ("Rally fleeing units", "Insurmountable losses", "Swiftstride"),
    "charge_fleeing": ("Charge range", "Charging a fleeing enemy", "Swiftstride"),
    "flee_reaction": ("Flee! (charge reaction)", "Charge range", "Charging a fleeing enemy", "Swiftstride"),
    "leadership_test": ("Leadership tests",),
    "panic": ("Panic tests", "Leadership tests"),
}
#: The weapon's page in :data:`.plan.tow_combat.SOURCES` (a spear: thrusting on foot, cavalry when mounted).
_TOW_WEAPON = {"hand_weapon": "hand_weapon", "great_weapon": "great_weapon", "halberd": "halberd",
               "flail": "flail", "lance": "lance", "additional_hand_weapon": "additional_hand_weapon"}


def _rec(rule: str, edition: str, source: str) -> dict[str, str]:
    return {"rule": rule, "edition": edition, "source": source}


def chain_sources(edition: str, situation: str) -> list[dict[str, str]]:
    """The rules of a Break test, flight, pursuit or rally chain (situations other than ``fight``, and the
    loser's chain after a fight), with their sources.

    Parameters
    ----------
    edition : {"6th", "7th", "8th", "tow", "starter"}
    situation : str
        The scenario's situation (``break``, ``fleeing``, ``charge_fleeing``, ``flee_reaction``,
        ``leadership_test``, ``panic``, ``fight``).

    Returns
    -------
    list of dict
        ``{"rule", "edition", "source"}`` records.

    References
    ----------
    docs/warhammer.md and the rules digest's sources (6th.whfb.app, 7th.whfb.app, 8th.whfb.app,
    tow.whfb.app with each page's "last updated" date).
    """
    name = EDITIONS.get(edition, edition)
    if edition == "tow":
        keys = TOW_BY_SITUATION.get(situation, tuple(TOW_CHAIN))
        out = []
        for k in keys:
            page, date, book = TOW_CHAIN[k]
            out.append(_rec(k, name, f"tow.whfb.app/{page} (last updated {date}; rulebook p. {book})"))
        return out
    return [_rec(rule, name, where) for rule, where in CHAIN.get(edition, {}).items()]


def _tow_rule(rule: str, title: str, edition: str) -> dict[str, str]:
    return _rec(title, edition, tow.source_of(rule))


def fight_sources(model, units, rules) -> list[dict[str, str]]:
    """The rules one round of close combat rests on (and the loser's chain), with their sources.

    The Old World lists the pages of the rules the round actually used (the weapons of both units, Strike
    Last, Armour Bane, supporting attacks, Press of Battle, Parry, Massed Infantry, Combat Order, the charge's
    Initiative, disruption), each with its tow.whfb.app "last updated" date, and FAQ 1.5.2 when it is read;
    6th-8th list their close-combat pages.

    Parameters
    ----------
    model : ScenarioModel
        A validated ``situation = "fight"`` scenario.
    units : (UnitProfile, UnitProfile)
        The merged profiles of ``fight.unit`` and ``fight.enemy``.
    rules : FightRules
        Its resolved round (:func:`.plan.combat.resolve_fight`).

    Returns
    -------
    list of dict
        ``{"rule", "edition", "source"}`` records, the round's first, then the chain's.

    References
    ----------
    docs/warhammer_combat.md §9 and §16.
    """
    from .model.combat import MOUNTED

    ed = model.edition
    fight = model.fight
    if ed != "tow":
        name = EDITIONS.get(ed, ed)
        out = [_rec(rule, name, where) for rule, where in FIGHT.get(ed, {}).items()]
        return out + chain_sources(ed, "fight")
    version = fight.options.tow_rules_version
    name = EDITIONS["tow"] + (" (FAQ & Errata 1.5.2)" if version == "faq_1_5_2" else " (2024 rulebook)")
    refs = (fight.unit, fight.enemy)
    sides = (rules.unit, rules.enemy)
    out = [_tow_rule("to_hit", "To Hit", name), _tow_rule("to_wound", "To Wound", name),
           _tow_rule("who_strikes_first", "Who strikes first (Initiative)", name)]
    if rules.unit.strikes == rules.enemy.strikes:
        out.append(_tow_rule("simultaneous_combat", "Simultaneous combat", name))
    if fight.charger != "none":
        out.append(_tow_rule("charging_units", "Charging units (+1 Initiative per full inch)", name))
    for ref, prof in zip(refs, units):
        key = _TOW_WEAPON.get(ref.weapon)
        if ref.weapon == "spear":
            key = "cavalry_spear" if prof.troop_type in MOUNTED else "thrusting_spear"
        out.append(_tow_rule(key, key.replace("_", " ").capitalize(), name))
    if any(r.weapon == "great_weapon" for r in refs):
        out.append(_tow_rule("strike_last", "Strike Last", name))
    if any(s.save_bane is not None for s in sides):
        out.append(_tow_rule("armour_bane", "Armour Bane", name))
    if any(r.shield for r in refs):
        out.append(_tow_rule("shield", "Shield", name))
    if any(s.support_ranks for s in sides):
        out.append(_tow_rule("supporting_attacks", "Supporting attacks", name))
        if any(r.weapon == "spear" for r in refs):
            out.append(_tow_rule("fight_in_extra_rank", "Fight in Extra Rank", name))
        if version == "faq_1_5_2" and any("press_of_battle" in tow.troop(p.troop_type).rules for p in units):
            out.append(_tow_rule("press_of_battle", "Press of Battle", name))
    if version == "faq_1_5_2" and any(r.shield and r.weapon == "hand_weapon"
                                      and "parry" in tow.troop(p.troop_type).rules for r, p in zip(refs, units)):
        out.append(_tow_rule("parry", "Parry", name))
    if any(s.massed_infantry for s in sides):
        out.append(_tow_rule("massed_infantry", "Massed Infantry", name))
    if any(p.has("frenzy") for p in units):
        out.append(_tow_rule("frenzy", "Frenzy", name))
    out += [_tow_rule("stepping_forward", "Stepping forward & closing in", name),
            _tow_rule("troop_type_table", "Troop type table (models per rank, rank bonus, Unit Strength)", name),
            _tow_rule("rank_bonus", "Rank bonus", name),
            _tow_rule("combat_result_score", "Combat result score", name)]
    if fight.options.tow_combat_order_bonus:
        out.append(_tow_rule("combat_order", "Combat Order", name))
    if fight.contact != "front":
        out.append(_tow_rule("disrupted_units", "Disrupted units", name))
        if any("steady_in_the_ranks" in tow.troop(p.troop_type).rules for p in units):
            out.append(_tow_rule("steady_in_the_ranks", "Steady in the Ranks", name))
    if version == "faq_1_5_2":
        out.append(_rec("Casualties among the fighting and supporting ranks", name, tow.FAQ + ", Combat"))
    return out + chain_sources("tow", "fight")
