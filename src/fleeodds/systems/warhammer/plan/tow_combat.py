"""The Old World's own close-combat rules, as the rules index tow.whfb.app gives them today (each page
with its "last updated" date) and the Official FAQ & Errata version 1.5.2 (June 2025).

:func:`..combat.resolve_fight` calls these for ``edition = "tow"`` only; 6th-8th keep their own tables
there. Everything here is plain numbers (no dice): the To Hit and To Wound charts, the troop-type
table (models per rank, maximum rank bonus, Unit Strength and the troop type's combat rules), the
Initiative a model strikes at (Strike Last, the charge's +1 per full inch, the thrusting spear charged
in front), the weapons' Strength, Armour Piercing and Armour Bane, supporting attacks (by weapon and
Press of Battle, or by troop type as printed in 2024), Parry, Combat Order and Steady in the Ranks.

Where the 2024 rulebook and FAQ 1.5.2 differ, ``[fight.options] tow_rules_version`` chooses
(:data:`VERSIONS`; the default follows the FAQ). Sources: :data:`SOURCES`, docs/warhammer_combat.md §16.

Units: inches (charge distance), characteristics as on the profile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

#: ``tow_rules_version`` values: the rules index as updated for FAQ & Errata 1.5.2 (June 2025, the default)
#: and the 2024 rulebook as printed, where they differ (supporting attacks, Press of Battle, Parry, Massed
#: Infantry, the Unit Strength Combat Order needs).
VERSIONS = ("faq_1_5_2", "rulebook_2024")
FAQ = "Official Warhammer: The Old World FAQ & Errata, version 1.5.2 (June 2025)"

#: Rule -> (tow.whfb.app page, its "last updated" date, rulebook page). The FAQ's own answers cite
#: :data:`FAQ`.
SOURCES = {
    "to_hit": ("the-combat-phase/roll-to-hit-combat", "2024-01-31", 148),
    "to_wound": ("the-combat-phase/roll-to-wound-combat", "2024-02-02", 149),
    "who_strikes_first": ("the-combat-phase/who-strikes-first", "2024-01-26", 146),
    "charging_units": ("the-combat-phase/charging-units", "2025-06-25", 146),
    "simultaneous_combat": ("the-combat-phase/simultaneous-combat", "2024-01-26", 146),
    "strike_last": ("special-rules/strike-last", "2024-01-31", 178),
    "frenzy": ("special-rules/frenzy", "2026-01-28", 170),
    "armour_bane": ("special-rules/armour-bane", "2024-01-31", 166),
    "supporting_attacks": ("the-combat-phase/supporting-attacks", "2025-06-25", 145),
    "fight_in_extra_rank": ("special-rules/fight-in-extra-rank", "2024-02-02", 169),
    "how_many_attacks": ("the-combat-phase/how-many-attacks", "2024-12-23", 146),
    "press_of_battle": ("troop-types-in-detail/press-of-battle", "2025-06-25", 190),
    "massed_infantry": ("troop-types-in-detail/massed-infantry", "2025-06-25", 190),
    "parry": ("troop-types-in-detail/parry", "2025-06-25", 190),
    "steady_in_the_ranks": ("troop-types-in-detail/steady-in-the-ranks", "2024-02-20", 190),
    "combat_order": ("forming-units/combat-order-close-order", "2025-06-25", 101),
    "disrupted_units": ("forming-units/disrupted-units", "2024-02-01", 101),
    "troop_type_table": ("troop-types-at-a-glance/troop-type-table", "2024-03-24", 105),
    "rank_bonus": ("the-combat-phase/rank-bonus", "2024-02-01", 151),
    "combat_result_score": ("the-combat-phase/combat-result-score", "2025-08-08", 151),
    "stepping_forward": ("the-combat-phase/stepping-forward-and-closing-in", "2024-02-01", 150),
    "hand_weapon": ("weapons-of-war/hand-weapon", "2024-03-19", 213),
    "additional_hand_weapon": ("weapons-of-war/two-hand-weapons-additional-hand-weapon", "2024-03-19", 213),
    "great_weapon": ("weapons-of-war/great-weapon", "2024-03-22", 214),
    "halberd": ("weapons-of-war/halberd", "2025-06-25", 214),
    "flail": ("weapons-of-war/flail", "2025-06-25", 214),
    "lance": ("weapons-of-war/lance", "2025-06-25", 215),
    "thrusting_spear": ("weapons-of-war/thrusting-spear", "2024-03-22", 215),
    "cavalry_spear": ("weapons-of-war/cavalry-spear", "2024-03-22", 215),
    "shield": ("weapons-of-war/shield", "2024-02-14", 221),
}


def source_of(rule: str) -> str:
    """The citation of one of :data:`SOURCES`: ``"tow.whfb.app/<page> (last updated <date>; rulebook p. N)"``.

    Parameters
    ----------
    rule : str
        A key of :data:`SOURCES`.

    Returns
    -------
    str

    References
    ----------
    The rules index of The Old World, https://tow.whfb.app (each page's "last updated" date).
    """
    page, date, book = SOURCES[rule]
    return f"tow.whfb.app/{page} (last updated {date}; rulebook p. {book})"


# -- To Hit and To Wound -----------------------------------------------------------------------------
def to_hit(ws: int, target_ws: int) -> int:
    """D6 score to hit in close combat, The Old World's To Hit chart.

    Parameters
    ----------
    ws, target_ws : int
        The attacker's and the target's Weapon Skill (1 to 10).

    Returns
    -------
    int
        2 when the attacker's WS is more than double the target's, 3 when it is higher, 5 when the
        target's is more than double the attacker's, else 4.

    References
    ----------
    TOW "Roll to Hit (Combat)", tow.whfb.app/the-combat-phase/roll-to-hit-combat (last updated
    2024-01-31; rulebook p. 148): WS3 against WS1 hits on 2+, WS4 against WS2 on 3+, WS10 against WS5 on 3+.
    """
    if ws > 2 * target_ws:
        return 2
    if ws > target_ws:
        return 3
    if target_ws > 2 * ws:
        return 5
    return 4


def to_wound(s: int, t: int) -> int:
    """D6 score to wound, The Old World's To Wound chart.

    Parameters
    ----------
    s, t : int
        The weapon's Strength and the target's Toughness.

    Returns
    -------
    int
        2 (S two or more above T), 3, 4 (equal), 5, 6 (S two to five below T), 7 for no effect
        (S six or more below T).

    References
    ----------
    TOW "Roll to Wound (Combat)", tow.whfb.app/the-combat-phase/roll-to-wound-combat (last updated
    2024-02-02; rulebook p. 149): S1 wounds T3 to T6 on 6+ and T7 not at all; S5 wounds T10 on 6+.
    """
    d = s - t
    if d >= 2:
        return 2
    if d <= -6:
        return 7
    return min(4 - d, 6)


# -- the troop-type table ------------------------------------------------------------------------------
@dataclass(frozen=True)
class TroopType:
    """One row of The Old World's troop-type table and the troop type's combat rules.

    ``models_per_rank`` None: the troop type claims no rank bonus; ``unit_strength`` None: as the model's
    starting Wounds.
    """

    name: str                       # TOW's own name, for the docs and notes
    models_per_rank: Optional[int]
    max_rank_bonus: int
    unit_strength: Optional[int]
    rules: tuple[str, ...] = ()     # press_of_battle, massed_infantry, parry, steady_in_the_ranks, cavalry_support


_REGULAR = ("press_of_battle", "massed_infantry", "parry")
#: fleeodds troop type -> The Old World's row. ``infantry`` is regular infantry, ``cavalry`` light cavalry
#: (write ``heavy_cavalry`` for knights: ranks of 4), ``chariot`` a light chariot (write ``heavy_chariot``);
#: ``monstrous_beast`` (a 6th/7th type) reads as a monstrous creature.
TROOP_TABLE = {
    "infantry": TroopType("Regular Infantry", 5, 2, 1, _REGULAR),
    "heavy_infantry": TroopType("Heavy Infantry", 4, 2, 1, ("steady_in_the_ranks",) + _REGULAR),
    "monstrous_infantry": TroopType("Monstrous Infantry", 3, 2, 3),
    "swarm": TroopType("Swarms", None, 0, 3),
    "cavalry": TroopType("Light Cavalry", 5, 1, 2, ("cavalry_support",)),
    "light_cavalry": TroopType("Light Cavalry", 5, 1, 2, ("cavalry_support",)),
    "heavy_cavalry": TroopType("Heavy Cavalry", 4, 1, 2, ("cavalry_support",)),
    "monstrous_cavalry": TroopType("Monstrous Cavalry", 3, 1, 3),
    "war_beast": TroopType("War Beasts", 5, 1, 1),
    "chariot": TroopType("Light Chariots", 3, 1, 3),
    "light_chariot": TroopType("Light Chariots", 3, 1, 3),
    "heavy_chariot": TroopType("Heavy Chariots", None, 0, 5),
    "monster": TroopType("Monstrous Creatures", None, 0, None),
    "monstrous_beast": TroopType("Monstrous Creatures", None, 0, None),
    "war_machine": TroopType("War Machines", None, 0, None),
    "character": TroopType("Character", None, 0, 1),
    "other": TroopType("Other (as regular infantry, without its rules)", 5, 2, 1),
}


def troop(troop_type: str) -> TroopType:
    """The Old World's troop-type row of a fleeodds troop type.

    Parameters
    ----------
    troop_type : str
        One of :data:`..model.base.TROOP_TYPES`.

    Returns
    -------
    TroopType

    References
    ----------
    TOW "Troop Type Table", tow.whfb.app/troop-types-at-a-glance/troop-type-table (last updated 2024-03-24;
    rulebook p. 105): regular infantry 5 / +2 / 1, heavy infantry 4 / +2 / 1, monstrous infantry 3 / +2 / 3,
    swarms - / - / 3, light cavalry 5 / +1 / 2, heavy cavalry 4 / +1 / 2, monstrous cavalry 3 / +1 / 3, war
    beasts 5 / +1 / 1, light chariots 3 / +1 / 3, heavy chariots - / - / 5, monsters and war machines - / - /
    their starting Wounds; the troop types' special rules (tow.whfb.app/troop-types-in-detail/...).
    """
    return TROOP_TABLE[troop_type]


def unit_strength(troop_type: str, wounds: int) -> int:
    """Unit Strength of one model by The Old World's troop-type table.

    Parameters
    ----------
    troop_type : str
    wounds : int
        The model's starting Wounds (monsters, war machines).

    Returns
    -------
    int

    References
    ----------
    TOW "Unit Strength", tow.whfb.app/troop-types-at-a-glance/unit-strength (last updated 2024-02-02) and
    the Troop Type Table (2024-03-24; rulebook p. 105).
    """
    us = troop(troop_type).unit_strength
    return us if us is not None else wounds


# -- weapons -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Weapon:
    """A close-combat weapon's effect in one turn (already read for whether the wielder charged)."""

    strength: int = 0           # added to S
    attacks: int = 0            # added to A (Extra Attacks)
    ap: int = 0                 # Armour Piercing (1 for AP -1)
    armour_bane: int = 0        # AP improved by this on a natural 6 To Wound
    strike_last: bool = False
    extra_rank: bool = False    # may make supporting attacks (Fight in Extra Rank) this turn


def weapon(name: str, mounted: bool, charged: bool) -> Weapon:
    """What a weapon gives in a turn, by the current text of its page.

    Parameters
    ----------
    name : str
        One of :data:`..model.combat.WEAPONS`; ``spear`` is a thrusting spear on foot, a cavalry spear when
        mounted.
    mounted : bool
        Cavalry, monstrous cavalry or chariot.
    charged : bool
        The wielder charged this turn (the enemy it fights is the one it charged).

    Returns
    -------
    Weapon

    References
    ----------
    TOW weapons of war (tow.whfb.app/weapons-of-war/...): great weapon S+2, AP -2, Armour Bane (1), Strike
    Last (2024-03-22); halberd S+1, AP -1, -2 against enemies it charged this turn, Armour Bane (1)
    (2025-06-25); flail AP -2, its S+2 and Armour Bane (1) only against enemies it charged this turn
    (2025-06-25); lance S+2, AP -2, Armour Bane (1), only in a turn it charged (2025-06-25); cavalry spear
    S+1, AP -1 in a turn it charged, Fight in Extra Rank but no supporting attack in a turn it charged
    (2024-03-22); thrusting spear Fight in Extra Rank, no supporting attack in a turn it charged
    (2024-03-22); two hand weapons Extra Attacks (+1) (2024-03-19).
    """
    if name == "great_weapon":
        return Weapon(strength=2, ap=2, armour_bane=1, strike_last=True)
    if name == "halberd":
        return Weapon(strength=1, ap=2 if charged else 1, armour_bane=1)
    if name == "flail":
        return Weapon(strength=2 if charged else 0, ap=2, armour_bane=1 if charged else 0)
    if name == "lance":
        return Weapon(strength=2, ap=2, armour_bane=1) if charged else Weapon()
    if name == "spear":
        if mounted:
            return Weapon(strength=1, ap=1, extra_rank=False) if charged else Weapon(extra_rank=True)
        return Weapon(extra_rank=not charged)
    if name == "additional_hand_weapon":
        return Weapon(attacks=1)
    return Weapon()


# -- Initiative ---------------------------------------------------------------------------------------
def charge_bonus(distance: Optional[float], contact: str) -> int:
    """Initiative a charging model gains: +1 per full inch moved before contact, at most +3 into the front
    arc and +4 into the flank or rear arc.

    Parameters
    ----------
    distance : float or None
        Inches the charger moved before contact (``fight.charge_distance``); None: far enough for the
        full bonus (a charge is declared from further than 4").
    contact : {"front", "flank", "rear"}

    Returns
    -------
    int

    References
    ----------
    TOW "Charging Units", tow.whfb.app/the-combat-phase/charging-units (last updated 2025-06-25; rulebook
    p. 146).
    """
    cap = 3 if contact == "front" else 4
    if distance is None:
        return cap
    return min(int(distance), cap)


def initiative(base: int, *, strike_last: bool, charged: bool, charge_distance: Optional[float], contact: str,
               spear_charged_in_front: bool) -> int:
    """The Initiative a unit strikes at in this turn's Combat phase.

    Strike Last sets it to 1 before any other modifier; a charger adds :func:`charge_bonus`; a thrusting
    spear charged in its front arc adds 1; at most 10.

    Parameters
    ----------
    base : int
        The profile's Initiative.
    strike_last : bool
    charged : bool
        The unit charged this turn.
    charge_distance : float or None
        See :func:`charge_bonus`.
    contact : str
        Where the charge hit.
    spear_charged_in_front : bool
        The unit fights with a thrusting spear and was charged in its front arc.

    Returns
    -------
    int

    References
    ----------
    TOW "Who Strikes First?" (2024-01-26), "Strike Last" (2024-01-31), "Charging Units" (2025-06-25),
    "Thrusting Spear" (2024-03-22) on tow.whfb.app.
    """
    i = 1 if strike_last else base
    if charged:
        i += charge_bonus(charge_distance, contact)
    if spear_charged_in_front:
        i += 1
    return min(i, 10)


# -- who fights: supporting attacks, Press of Battle ------------------------------------------------------
def combat_order(models: int, files: int) -> bool:
    """A close-order unit at least as wide as it is deep (``files`` >= its ranks).

    Parameters
    ----------
    models, files : int

    Returns
    -------
    bool

    References
    ----------
    TOW "Combat Order (Close Order)", tow.whfb.app/forming-units/combat-order-close-order (last updated
    2025-06-25; rulebook p. 101).
    """
    return files >= -(-models // files)


def supporting_ranks(troop_type: str, extra_rank: bool, attacks: int, charged: bool, models: int, files: int,
                     version: str) -> tuple[int, int]:
    """Ranks behind the first that attack, and the attacks of each of their models.

    FAQ 1.5.2 (default): a regular or heavy infantry unit in Combat Order fights two ranks deep except in a
    turn it charged (Press of Battle), the second rank's models with one attack each (not in base
    contact); a weapon that fights in an extra rank adds the rank behind the fighting rank(s), one attack
    each (a cavalry model's rider only). The 2024 rulebook: infantry's second rank supports with one
    attack each (monstrous infantry up to three), an extra-rank weapon adds a rank.

    Parameters
    ----------
    troop_type : str
    extra_rank : bool
        The unit's weapon fights in an extra rank this turn (:attr:`Weapon.extra_rank`; the caller may
        also grant it to thrusting spears on the charge, option ``spear_ranks_on_charge``).
    attacks : int
        The model's Attacks (the monstrous infantry cap of the 2024 text).
    charged : bool
    models, files : int
        The unit's size and formation when the round starts.
    version : {"faq_1_5_2", "rulebook_2024"}

    Returns
    -------
    (int, int)
        ``(support_ranks, support_attacks)``.

    References
    ----------
    TOW "Supporting Attacks" (2025-06-25), "Press of Battle" (2025-06-25), "How Many Attacks?"
    (2024-12-23), "Fight in Extra Rank" (2024-02-02), "Cavalry Support" (2024-02-05) on tow.whfb.app;
    :data:`FAQ` (Combat: casualties reduce the first fighting rank, then the second, then the supporting
    rank).
    """
    extra = extra_rank
    if version == "rulebook_2024":
        ranks, each = 0, 0
        if troop_type in ("infantry", "heavy_infantry", "monstrous_infantry"):
            ranks, each = 1, min(attacks, 3 if troop_type == "monstrous_infantry" else 1)
        if extra:
            ranks, each = ranks + 1, each or 1
        return ranks, each
    ranks = 0
    if "press_of_battle" in troop(troop_type).rules and not charged and combat_order(models, files):
        ranks = 1
    if extra:
        ranks += 1
    return ranks, (1 if ranks else 0)


# -- armour -------------------------------------------------------------------------------------------
def parry(save: Optional[int], troop_type: str, hand_weapon_and_shield: bool, version: str) -> Optional[int]:
    """The armour value after Parry: regular and heavy infantry fighting with hand weapon and shield improve
    it by 1, to at most 3+ (FAQ 1.5.2; not in the 2024 rulebook).

    Parameters
    ----------
    save : int or None
        The armour value with the shield (5 for 5+), None for none.
    troop_type : str
    hand_weapon_and_shield : bool
    version : str

    Returns
    -------
    int or None

    References
    ----------
    TOW "Parry", tow.whfb.app/troop-types-in-detail/parry (last updated 2025-06-25; rulebook p. 190).
    """
    if version != "faq_1_5_2" or not hand_weapon_and_shield or "parry" not in troop(troop_type).rules:
        return save
    if save is None:
        return None
    return save - 1 if save > 3 else save


def combat_order_unit_strength(version: str) -> int:
    """Unit Strength a unit in Combat Order needs for its +1 combat result: 10 (FAQ 1.5.2), 5 (2024 print).

    Parameters
    ----------
    version : str

    Returns
    -------
    int

    References
    ----------
    TOW "Combat Order (Close Order)", tow.whfb.app/forming-units/combat-order-close-order (last updated
    2025-06-25; rulebook p. 101); :data:`FAQ` (a unit of one model may claim it with a high enough Unit
    Strength).
    """
    return 10 if version == "faq_1_5_2" else 5


def disrupts(charger_unit_strength: int, charged_troop_type: str) -> bool:
    """Whether a flank or rear charge disrupts the charged unit (it loses its rank bonus): the charger has a
    Unit Strength of 5 or more, 10 or more against heavy infantry (Steady in the Ranks).

    Parameters
    ----------
    charger_unit_strength : int
        The charging unit's Unit Strength (models times per-model).
    charged_troop_type : str

    Returns
    -------
    bool

    References
    ----------
    TOW "Disrupted Units" (2024-02-01; rulebook p. 101) and "Steady in the Ranks" (2024-02-20; p. 190) on
    tow.whfb.app.
    """
    need = 10 if "steady_in_the_ranks" in troop(charged_troop_type).rules else 5
    return charger_unit_strength >= need
