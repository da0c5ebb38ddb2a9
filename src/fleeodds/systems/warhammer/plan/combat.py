"""One round of close combat between two units (situation ``fight``): the validated
``[fight]`` section (:mod:`..model.combat`) and the edition tables that turn it into plain numbers.

The rules are the project's digest ``docs/warhammer_combat.md`` (to hit by the WS
table, to wound by S against T, armour modifiers by Strength in 6th-8th and by
armour piercing in The Old World, strike order, supporting attacks, combat result).
:func:`resolve_fight` builds a :class:`FightRules` (numbers only); the exact solver
(:mod:`..exact.combat`) and the Monte Carlo kernel (:mod:`..kernels.combat`) both start
from it and compute the round independently.

Units: models, files (models per rank), wounds; characteristics as on the profile.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Optional

from ....errors import InputError
from ....language import Message, N_
from ....validation import effect_checks_on, not_modelled, validate
from ..model.base import UnitProfile
from ..model.combat import MOUNTED, SIDES, TWO_HANDED, Fight, FightUnit
from ..model.profiles import find_profile
from . import tow_combat as tow

#: Unit Strength of one model by troop type (6th/7th tables; TOW: :func:`.tow_combat.unit_strength`); None: the
#: model's Wounds. TOW's sub-categories read as their 6th-8th type (heavy infantry as infantry...).
UNIT_STRENGTH = {"infantry": 1, "cavalry": 2, "monstrous_infantry": 3, "monstrous_cavalry": 3,
                 "monstrous_beast": 3, "war_beast": 1, "monster": None, "chariot": 4, "swarm": None,
                 "war_machine": None, "character": 1, "other": 1,
                 "heavy_infantry": 1, "light_cavalry": 2, "heavy_cavalry": 2, "light_chariot": 4, "heavy_chariot": 4}


# -- resolved numbers ---------------------------------------------------------------------
@dataclass(frozen=True)
class AttackGroup:
    """A part of a side that strikes with its own profile beside its rank and file (its casualties
    fall on the rank and file): ``kind = "mount"``, the mount of each fighting cavalry model (attacks
    per model in base contact, no supporting attacks); ``kind = "champion"``, one model of the unit in
    the front rank, removed last (its place is taken from the rank and file's fighting models);
    ``kind = "character"``, a character in the front rank (not one of the unit's models: the enemy's
    attacks fall on the rank and file; he fights while the unit stands); ``kind = "impact"``, a chariot's
    impact hits on the charge (``attacks`` dice of ``die`` sides per chariot in contact, hitting
    automatically, before any blow); a chariot's beasts are a ``"mount"`` group."""

    name: str
    kind: str                   # "mount", "champion", "character" or "impact"
    attacks: int                # per model in base contact
    hit: int                    # D6 scores as in SideRules (7 = cannot / none)
    wound: int
    save: int
    ward: int
    strikes: float              # strike rank: higher strikes first
    die: int = 0                # "impact": hits per die of ``attacks`` dice per model in contact (D6, D3)
    reroll_hit: bool = False    # failed to-hit rolls re-rolled (Hatred in the first round, 8th ASF)
    poisoned: bool = False      # a 6 to hit wounds automatically
    killing_blow: int = 0       # a 6 to wound allows no armour save (2, TOW: nor Regeneration); one-Wound foes
    regen: int = 7              # D6 score of the foe's separate regeneration roll (6th, 7th, TOW; 7 = none)


@dataclass(frozen=True)
class Duelist:
    """A side's fighter in a challenge (docs/warhammer_combat.md §13): he strikes only at the other
    duelist, and only him; his scores are against that duelist."""

    name: str
    is_model: bool              # a champion: one of the unit's models (a character is not)
    attacks: int
    hit: int
    wound: int
    save: int
    ward: int
    strikes: float
    wounds: int                 # his own W
    countable: int              # most wounds the foe may count against him: his W + the overkill cap


@dataclass(frozen=True)
class SideRules:
    """One side's numbers for the round (see :func:`resolve_fight`)."""

    name: str
    models: int
    files: int                  # models per rank
    fighting: int               # models in base contact while the unit has that many
    wounds: int                 # W per model
    attacks_front: int          # attacks of a model in base contact
    support_ranks: int          # ranks behind the fighting rank that attack (6th/7th spear: full A)
    support_attacks: int        # attacks of each supporting model
    hit: int                    # D6 score to hit (7 = cannot)
    wound: int                  # D6 score to wound (7 = cannot)
    save: int                   # D6 score of the enemy's armour save against it (7 = none)
    ward: int                   # D6 score of the enemy's ward save against it (7 = none)
    steps_up: bool              # 8th: rear models step up and fight; else the slain fighters' attacks are lost
    strikes: float              # strike rank: higher strikes first
    unit_strength: int          # per model
    rank_width: int
    max_rank_bonus: int         # 0 when the unit claims no ranks (fast cavalry, disrupted)
    static_bonus: int           # standard, BSB, flank/rear, high ground, 8th charge
    musician: bool
    combat_order: bool          # TOW Combat Order bonus applies (US and shape checked after casualties)
    causes_fear: bool
    # The Old World (plan.tow_combat); the defaults are the 6th-8th rules
    save_bane: Optional[int] = None  # armour save score against a wound rolled as a natural 6 (Armour Bane); None: save
    combat_order_us: int = 5    # Unit Strength the Combat Order bonus needs (TOW FAQ 1.5.2: 10)
    massed_infantry: bool = False  # +1 combat result with the higher Unit Strength (TOW Massed Infantry)
    casualties_by_rank: bool = False  # TOW FAQ 1.5.2: the slain reduce the first fighting rank, then the next
    parts: tuple[AttackGroup, ...] = ()  # mounts...: groups striking with their own profile
    front_taken: int = 0        # fighting positions taken by characters (not the unit's models)
    duelist: Optional[Duelist] = None  # its fighter in a challenge (removed from the main fight)
    in_duel: int = 0            # 1 when the duelist is the champion (one of ``models``), else 0
    reroll_hit: bool = False    # the rank and file's rules, as AttackGroup's
    poisoned: bool = False
    killing_blow: int = 0
    regen: int = 7
    # wounds already lost by the one wounded rank-and-file model at the round's start (a later round of a unit of
    # multi-Wound models: the wounds left over are noted and carried, docs/warhammer_combat.md §17); 0 .. wounds - 1
    carried: int = 0


@dataclass(frozen=True)
class FightRules:
    """The round's numbers (:func:`resolve_fight`): both sides and the edition's combat result rules."""

    edition: str
    unit: SideRules
    enemy: SideRules
    equal_roll_off: bool        # equal strike ranks: roll-off (else simultaneous)
    ranks_at_start: bool
    outnumber: bool
    musician_always: bool       # TOW option: the musician's +1 counts in every result
    steadfast_check: bool       # 8th: the loser with more ranks is Steadfast
    disrupted: tuple[bool, bool]  # (unit, enemy) lost its rank bonus to a flank/rear charge (8th: keeps Steadfast)
    # 8th Fear: (side that tests, its Leadership, P(it passes), the round's numbers when it fails: WS 1)
    fear: Optional[tuple[int, int, Fraction, "FightRules"]] = None


def fight_option_defaults(edition: str) -> dict[str, bool]:
    """The ``[fight.options]`` whose default is "by edition" (left out of a file), as each edition sets them.

    Parameters
    ----------
    edition : {"6th", "7th", "8th", "tow"}

    Returns
    -------
    dict
        ``charge_strikes_first`` and ``spear_ranks_on_charge`` (bool).

    References
    ----------
    docs/warhammer_combat.md §3 (who strikes first: chargers in 6th and 7th, Initiative order in 8th, Initiative
    with the charge's bonus in TOW, :func:`.tow_combat.initiative`; no spears in extra ranks on the charge:
    TOW's thrusting spear cannot make supporting attacks in a turn it charged) and §6 (the options and their
    defaults).
    """
    return {"charge_strikes_first": edition in ("6th", "7th"), "spear_ranks_on_charge": False}


def to_hit(ws: int, target_ws: int, edition: str = "8th") -> int:
    """D6 score to hit in close combat.

    Parameters
    ----------
    ws, target_ws : int
        The attacker's and the target's Weapon Skill.
    edition : str
        ``"6th"``, ``"7th"``, ``"8th"`` or ``"tow"`` (its own chart, :func:`.tow_combat.to_hit`).

    Returns
    -------
    int
        3 above the target's WS, 5 when the target's is more than double, else 4; The Old World adds 2
        when the attacker's WS is more than double the target's.

    References
    ----------
    docs/warhammer_combat.md §2 (Striking blows: to hit); TOW "Roll to Hit (Combat)"
    (tow.whfb.app/the-combat-phase/roll-to-hit-combat, last updated 2024-01-31).
    """
    if edition == "tow":
        return tow.to_hit(ws, target_ws)
    if ws > target_ws:
        return 3
    if target_ws > 2 * ws:
        return 5
    return 4


def to_wound(s: int, t: int, edition: str = "8th") -> int:
    """D6 score to wound, Strength against Toughness.

    Parameters
    ----------
    s, t : int
    edition : str
        ``"6th"``, ``"7th"``, ``"8th"`` or ``"tow"``.

    Returns
    -------
    int
        2 to 6, or 7 for no effect: in 6th-8th a Strength two or three below the Toughness wounds on
        6 and four or more below cannot wound; in The Old World up to five below wounds on 6
        (:func:`.tow_combat.to_wound`).

    References
    ----------
    docs/warhammer_combat.md §2 (Striking blows: to wound); the To Wound charts of 6th
    (6th.whfb.app/close-combat/wound-close-combat), 7th (7th.whfb.app/close-combat/wounding-the-enemy)
    and 8th (8th.whfb.app/shooting/roll-to-wound-shooting, used for close combat too): S1 against T4
    wounds on 6, against T5 not at all; TOW "Roll to Wound (Combat)"
    (tow.whfb.app/the-combat-phase/roll-to-wound-combat, last updated 2024-02-02).
    """
    if edition == "tow":
        return tow.to_wound(s, t)
    d = s - t
    if d >= 2:
        return 2
    if d <= -4:
        return 7
    return min(4 - d, 6)


def save_score(save: Optional[int], modifier: int) -> int:
    """D6 score of an armour save worsened by ``modifier``; a 1 always fails.

    Parameters
    ----------
    save : int or None
        The save (5 for 5+), None for none.
    modifier : int
        Strength above 3 (6th-8th) or armour piercing (TOW).

    Returns
    -------
    int
        2 to 6, or 7 for no save.

    References
    ----------
    docs/warhammer_combat.md §2 (armour saves).
    """
    if save is None:
        return 7
    return min(max(save + modifier, 2), 7)


def ranks_of(alive: int, files: int, width: int) -> int:
    """Ranks behind the first with at least ``width`` models (the last may be incomplete).

    Parameters
    ----------
    alive, files, width : int
        Models in the unit, models per rank, models a rank needs to count.

    Returns
    -------
    int

    References
    ----------
    docs/warhammer_combat.md §5 (Combat result: extra ranks).
    """
    if files < width:
        return 0
    extra, k = 0, 1
    while alive - k * files >= width:
        extra += 1
        k += 1
    return extra


def merge_unit(ref: FightUnit, where: str, profiles_file: Path | None) -> dict:
    """The fight unit's profile fields merged with its named profile (``ref`` overrides).

    Parameters
    ----------
    ref : FightUnit
    where : str
        ``fight.unit`` or ``fight.enemy`` (named in an error).
    profiles_file : pathlib.Path or None

    Returns
    -------
    dict
        The profile's fields, for :class:`~..model.base.UnitProfile`.

    Raises
    ------
    InputError
        An unknown profile, a characteristic missing, or a profile of 0 Wounds.

    References
    ----------
    docs/warhammer_combat.md §1 (the file).
    """
    base: dict = find_profile(ref.profile, where, profiles_file)[0] if ref.profile is not None else {}
    for f in ("name", "movement", "leadership", "troop_type", "rules", "weapon_skill", "strength", "toughness",
              "wounds", "initiative", "attacks"):
        v = getattr(ref, f)
        if v is not None:
            base[f] = v
    own = tuple(base.get("rules", ()))
    base["rules"] = own + tuple(dict.fromkeys(r for r in ref.extra_rules if r not in own))
    base.setdefault("name", where.rsplit(".", 1)[-1])
    _merge_mount(base, ref, where)
    for f in ("movement", "leadership", "weapon_skill", "strength", "toughness", "wounds", "initiative",
              "attacks"):
        if base.get(f) is None:
            raise InputError(f"{where}.{f}", None, Message(N_("an integer (give a profile or the field itself)")))
    if isinstance(base["wounds"], int) and base["wounds"] < 1:  # a profile may carry W 0 ("-" on a card)
        raise InputError(f"{where}.wounds", base["wounds"], Message(N_("at least 1 Wound per model in a fight")))
    return base


#: Troop types whose models are a rider on a mount that fights (6th-8th cavalry rules, TOW alike).
RIDDEN = ("cavalry", "monstrous_cavalry")


def _merge_mount(base: dict, ref: FightUnit, where: str) -> None:
    """The mount of ``base`` (the profile's ``mount`` table) overridden by ``ref.mount``, in place.

    A profile's mount fights only while the unit is cavalry or monstrous cavalry (a unit written as
    infantry has dismounted); a ``mount`` table written for another troop type is refused."""
    mounted = base.get("troop_type", "infantry") in RIDDEN
    mount = dict(base.get("mount") or {}) if mounted else {}
    if ref.mount is not None:
        if not mounted:
            kind = base.get("troop_type", "infantry")
            raise InputError(f"{where}.mount", "a mount table",
                             Message(N_("troop_type cavalry or monstrous_cavalry (the unit is {kind})"), kind=kind))
        for f in ("name", "weapon_skill", "strength", "initiative", "attacks"):
            v = getattr(ref.mount, f)
            if v is not None:
                mount[f] = v
        mount.setdefault("name", "mount")
        for f in ("weapon_skill", "strength", "initiative", "attacks"):
            if mount.get(f) is None:
                raise InputError(f"{where}.mount.{f}", None, Message(N_("an integer (the profile has no mount: "
                                                                        "give the mount's WS, S, I and A)")))
    if mount:
        base["mount"] = mount
    else:
        base.pop("mount", None)


def resolve_units(fight: Fight, profiles_file: Path | None) -> tuple[UnitProfile, UnitProfile]:
    """Both units' merged profiles (validated).

    Parameters
    ----------
    fight : Fight
    profiles_file : pathlib.Path or None

    Returns
    -------
    (UnitProfile, UnitProfile)
        ``fight.unit``'s and ``fight.enemy``'s.

    Raises
    ------
    InputError
        As :func:`merge_unit`, or a value a profile may not have.

    References
    ----------
    docs/warhammer_combat.md §1 (the file).
    """
    out = []
    for side in SIDES:
        ref = getattr(fight, side)
        base = merge_unit(ref, f"fight.{side}", profiles_file)
        out.append(validate(UnitProfile, base, prefix=f"fight.{side}."))
    return out[0], out[1]


def _defence(armour: Optional[int], shield: bool, weapon: str, mounted: bool, ed: str,
             ward: Optional[int]) -> tuple[Optional[int], Optional[int]]:
    """(armour save, ward save) of one model attacked from its front, as :func:`resolve_fight` reads a
    unit's (the shield, the 6th/7th hand-weapon-and-shield bonus on foot, the 8th parry)."""
    save = armour
    if shield and weapon not in TWO_HANDED:
        bonus = 1 + (1 if weapon == "hand_weapon" and not mounted and ed in ("6th", "7th") else 0)
        save = (save if save is not None else 7) - bonus
        if weapon == "hand_weapon" and not mounted and ed == "8th":
            ward = min(ward or 7, 6)
    if save is not None and save >= 7:
        save = None
    return save, ward


#: Troop types 8th-edition Stomp and Thunderstomp hit (8th "Stomp": infantry, war beasts and swarms).
STOMPED = ("infantry", "war_beast", "swarm")

#: Overkill: the most excess wounds counted from a challenge, by edition (option ``overkill_cap``).
OVERKILL_CAP = {"6th": 5, "7th": 5, "8th": 5, "tow": 3}
#: Why a champion or a character of a unit fought in the flank or the rear changes nothing: each stands in the front
#: rank, out of contact (one reason per side: the French says "de flanc", "de dos").
CHAMPION_APART = {
    "flank": N_("when the unit is fought in the flank (the champion stands in the front rank, not in contact)"),
    "rear": N_("when the unit is fought in the rear (the champion stands in the front rank, not in contact)")}
CHARACTER_APART = {
    "flank": N_("when the unit is fought in the flank (a character stands in the front rank, not in contact)"),
    "rear": N_("when the unit is fought in the rear (a character stands in the front rank, not in contact)")}


def _challenge(fight: Fight, sides: list, cands: list[list[dict]], ed: str) -> list:
    """Both sides with their duelists (docs/warhammer_combat.md §13): the side ``fight.challenge`` issues
    with its first character, else its champion; the other side accepts with its first character, else its
    champion. The duelists leave the main fight (their attack groups; a champion's place and model)."""
    from dataclasses import replace

    issuer = SIDES.index(fight.challenge)
    if not cands[issuer]:
        raise InputError("fight.challenge", fight.challenge,
                         Message(N_("a side with a character or a champion in contact (fight.<side>.characters "
                                    "or champion)")))
    if not cands[1 - issuer]:
        if effect_checks_on():
            from ....validation import inert
            inert("fight.challenge", fight.challenge, Message(N_("when the other side has no character or "
                                                                 "champion in contact to accept it")))
        return sides
    cap = fight.options.overkill_cap if fight.options.overkill_cap is not None else OVERKILL_CAP[ed]
    a, b = cands[0][0], cands[1][0]
    out = []
    for me, foe, s in ((a, b, sides[0]), (b, a, sides[1])):
        modifier = me["ap"] if ed == "tow" else max(me["s"] - 3, 0)
        duelist = Duelist(name=me["name"], is_model=me["is_model"], attacks=me["attacks"],
                          hit=to_hit(me["ws"], foe["ws"], ed), wound=to_wound(me["s"], foe["t"], ed),
                          save=save_score(foe["save"], modifier),
                          ward=foe["ward"] if foe["ward"] is not None else 7, strikes=me["strikes"],
                          wounds=me["w"], countable=me["w"] + cap)
        kind = "champion" if me["is_model"] else "character"
        parts, dropped = [], False
        for g in s.parts:
            if not dropped and g.kind == kind and g.name == me["name"]:
                dropped = True
                continue
            parts.append(g)
        taken = s.front_taken + (1 if me["is_model"] else 0)  # the champion's place stays his
        out.append(replace(s, parts=tuple(parts), front_taken=taken, duelist=duelist, in_duel=int(me["is_model"])))
    return out


def _asf_asl_shift(prof: UnitProfile, great_weapon: bool) -> int:
    """Strike rank shift of Always Strikes First / Last (6th, 7th, 8th: ASF strikes first even when
    charged, ASL last even when charging; both, or ASF with a great weapon: Initiative order) and of a
    great weapon alone (after the others, a charge still first in 6th/7th)."""
    asf, asl = prof.has("always_strikes_first"), prof.has("always_strikes_last")
    if asf and (asl or great_weapon):
        return 0
    if asf:
        return 2000
    if asl:
        return -5000
    return -100 if great_weapon else 0


def _rule_flags(prof: UnitProfile, foe: UnitProfile, ed: str, first_round: bool, foe_ref: FightUnit) -> dict:
    """The per-attack rules of a unit's own models (rank and file, champion) against ``foe``:
    ``reroll_hit`` (Hatred in the first round; 8th ASF with Initiative at least the foe's),
    ``poisoned``, ``killing_blow`` (1: no armour save on a 6 to wound; 2, TOW: no Regeneration save
    either), and the foe's Regeneration (``regen``: 6th, 7th and TOW a separate 4+ roll after the ward
    save; 8th ``_regen_ward``, a 4+ ward save). docs/warhammer_combat.md §15."""
    asf = prof.has("always_strikes_first") and not prof.has("always_strikes_last")
    reroll = (prof.has("hatred") and first_round) or (ed == "8th" and asf and prof.initiative >= foe.initiative)
    kb = (2 if ed == "tow" else 1) if prof.has("killing_blow") else 0  # TOW: no Regeneration save either
    out = {"reroll_hit": reroll, "poisoned": prof.has("poisoned_attacks"), "killing_blow": kb, "regen": 7}
    if foe.has("regeneration"):
        if ed == "8th":
            out["_regen_ward"] = True
        else:
            out["regen"] = 4
    return out


def mounted_save(ref: FightUnit, prof: UnitProfile, ed: str) -> Optional[int]:
    """The armour save (before the shield) of a unit's models, with its mount's protection.

    Parameters
    ----------
    ref : FightUnit
    prof : UnitProfile
        Its merged profile (``prof.mount``: the mount, if it rides one).
    ed : str

    Returns
    -------
    int or None
        ``ref.armour_save`` without a mount. With one: 6th, 7th and 8th improve it by 1 for the mount
        (a rider without armour has 6+) and by 1 more for barding; The Old World by 1 for barding only
        (its cavalry gain no save for the mount itself). None: no save.

    References
    ----------
    7th "Armour Saves" (7th.whfb.app/shooting/armour-saves: "Cavalry models that consist of a mount
    and a rider ... automatically have an armour save of 6 ... 1 better ... or 2 better if the mount is
    wearing armour (ie, barding)"; 6th alike); 8th "Cavalry" (rulebook p. 83: +1 armour save, barding
    +1); docs/warhammer_combat.md §10.
    """
    save = ref.armour_save
    if prof.mount is None:
        return save
    bonus = (0 if ed == "tow" else 1) + (1 if ref.mount is not None and ref.mount.barding else 0)
    if bonus == 0:
        return save
    return (save if save is not None else 7) - bonus


def _weapon_bonus(ref: FightUnit, prof: UnitProfile, charged: bool, first_round: bool, ed: str):
    """(strength bonus, extra attacks, weapon AP, strikes last) of the unit's weapon in 6th-8th (The Old
    World's weapons: :func:`.tow_combat.weapon`)."""
    w, mounted = ref.weapon, prof.troop_type in MOUNTED
    s, a, ap, last = 0, 0, 0, False
    if w == "great_weapon":
        s, ap, last = 2, 2, True
    elif w == "halberd":
        s, ap = 1, 1
    elif w == "flail":
        if first_round:
            s, ap = 2, 2
    elif w == "lance":
        if charged:
            s, ap = 2, 2
    elif w == "spear":
        if mounted and charged:
            s, ap = 1, 1
    elif w == "additional_hand_weapon":
        a = 1
    return s, a, ap, last


def _check_equipment(ref: FightUnit, prof: UnitProfile, where: str, fight: Fight, side: str,
                     ed: str = "8th") -> None:
    """Refuse equipment that does not fit, and (unless a sweep turned the checks off,
    :func:`fleeodds.validation.effect_checks_on`) equipment that changes nothing."""
    from ....validation import effect_checks_on, inert

    mounted = prof.troop_type in MOUNTED
    if prof.troop_type == "character":
        raise not_modelled(f"{where}.troop_type", "character", Message(N_("characters fighting on their own")))
    if ref.weapon == "lance" and not mounted:
        raise InputError(f"{where}.weapon", "lance", Message(N_("a weapon for infantry (a lance is for mounted "
                                                                "models)")))
    if not effect_checks_on():
        return
    if ref.shield and ref.weapon in TWO_HANDED:
        inert(f"{where}.shield", True, Message(N_("with a {value} (it needs both hands)"),
                                               value=ref.weapon.replace('_', ' ')))
    if ref.weapon == "lance" and fight.charger != side:
        inert(f"{where}.weapon", "lance", Message(N_("when the unit did not charge (a lance only counts on the "
                                                     "charge; write hand_weapon)")))
    if ref.weapon == "flail" and fight.charger == "none" and ed != "tow":  # TOW: its AP -2 counts in every round
        inert(f"{where}.weapon", "flail", Message(N_("after the first round (charger = 'none'; write hand_weapon)")))


#: Rules that make a unit immune to 8th-edition Fear ("Models that cause Fear are themselves immune").
FEAR_IMMUNE = ("fear", "terror", "immune_to_psychology", "unbreakable")


def ld_test_pass(ld: int) -> Fraction:
    """P(2D6 <= ``ld``), a Leadership test passed.

    Parameters
    ----------
    ld : int

    Returns
    -------
    Fraction

    References
    ----------
    docs/warhammer_combat.md §15 (8th Fear in close combat).
    """
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= ld), 36)


def _fear_test(model, units, refs) -> Optional[tuple[int, int, Fraction, FightRules]]:
    """8th: the side fighting a Fear- or Terror-causing enemy (not itself immune) tests its Leadership at
    the start of the round; failed, its models fight with Weapon Skill 1 (8th "Fear",
    8th.whfb.app/special-rules/fear). Its Leadership: the highest of the unit's, its characters' and its
    General's in range."""
    for i in (0, 1):
        me, foe = units[i], units[1 - i]
        if (foe.has("fear") or foe.has("terror")) and not any(me.has(r) for r in FEAR_IMMUNE):
            ref = refs[i]
            ld = max([me.leadership, ref.general_leadership or 0]
                     + [c.leadership for c in ref.characters if c.leadership is not None])
            update = {"weapon_skill": 1}
            if me.mount is not None:
                update["mount"] = me.mount.model_copy(update={"weapon_skill": 1})
            failed = list(units)
            failed[i] = me.model_copy(update=update)
            return i, ld, ld_test_pass(ld), resolve_fight(model, (failed[0], failed[1]), fear_test=False)
    return None


def resolve_fight(model, units: tuple[UnitProfile, UnitProfile], fear_test: bool = True) -> FightRules:
    """The round's numbers by edition (docs/warhammer_combat.md §2-§4).

    Parameters
    ----------
    model : ScenarioModel
        A validated scenario with ``situation = "fight"``.
    units : (UnitProfile, UnitProfile)
        The merged profiles of ``fight.unit`` and ``fight.enemy``.
    fear_test : bool
        Resolve 8th-edition Fear (the round's numbers on a failed test); False for that failed round.

    Returns
    -------
    FightRules
        Both sides' to-hit, to-wound and save scores, attacks, strike order and combat result
        bonuses.

    Raises
    ------
    InputError
        Equipment that does not fit the unit (a lance on foot), characters, or an input that changes
        nothing (a shield with a two-handed weapon).

    References
    ----------
    docs/warhammer_combat.md §2-§6, with its sources (§9).
    """
    ed = model.edition
    if ed == "starter":
        raise InputError("edition", "starter", Message(N_("6th, 7th, 8th or tow for a fight (the starter "
                                                          "booklet's combat is not modelled)")))
    fight: Fight = model.fight
    o = fight.options
    refs = (fight.unit, fight.enemy)
    first_round = fight.charger != "none"
    by_edition = fight_option_defaults(ed)
    charge_first = (o.charge_strikes_first if o.charge_strikes_first is not None
                    else by_edition["charge_strikes_first"])
    equal = o.equal_initiative or ("roll_off" if ed in ("6th", "7th") else "simultaneous")
    roll_off = equal == "roll_off"
    spear_charge = (o.spear_ranks_on_charge if o.spear_ranks_on_charge is not None
                    else by_edition["spear_ranks_on_charge"])
    width = o.rank_width or (4 if ed == "6th" else 5)
    at_start = (o.ranks_counted or ("start" if ed in ("6th", "7th") else "end")) == "start"
    outnumber = o.outnumber_bonus if o.outnumber_bonus is not None else ed in ("6th", "7th")
    version = o.tow_rules_version  # TOW: FAQ 1.5.2 (default) or the 2024 rulebook where they differ

    for side, ref, prof in zip(SIDES, refs, units):
        _check_equipment(ref, prof, f"fight.{side}", fight, side, ed)

    # fighting models: facing fronts of same-size bases; the wider front overlaps by one model a side
    charged_side = {"unit": 1, "enemy": 0}.get(fight.charger)
    fronts = [r.files for r in refs]
    if charged_side is not None and fight.contact != "front":
        c = charged_side
        depth = -(-refs[c].models // refs[c].files)
        target_width = depth if fight.contact == "flank" else refs[c].files
        fronts[c] = min(target_width, refs[1 - c].files)
        fronts[1 - c] = min(refs[1 - c].files, target_width + 2)
    else:
        fronts = [min(fronts[0], fronts[1] + 2), min(fronts[1], fronts[0] + 2)]
    fighting = [r.fighting_files or f for r, f in zip(refs, fronts)]

    # disruption: the charged unit fought in the flank or rear by a big enough unit
    disrupted = [False, False]
    if charged_side is not None and fight.contact != "front" and o.flank_loses_ranks:
        ch = 1 - charged_side
        if ed == "8th":
            big = refs[ch].files >= 5 and refs[ch].models >= 2 * 5
        elif ed == "tow":  # Unit Strength 5+, 10+ against heavy infantry (Steady in the Ranks)
            us = refs[ch].unit_strength or tow.unit_strength(units[ch].troop_type, units[ch].wounds)
            big = tow.disrupts(refs[ch].models * us, units[charged_side].troop_type)
        else:
            us = refs[ch].unit_strength or UNIT_STRENGTH[units[ch].troop_type] or units[ch].wounds
            big = refs[ch].models * us >= 5
        disrupted[charged_side] = big

    sides = []
    duel_candidates: list[list[dict]] = []
    for i, (side, ref, prof) in enumerate(zip(SIDES, refs, units)):
        foe_ref, foe = refs[1 - i], units[1 - i]
        charged = fight.charger == side
        mounted = prof.troop_type in MOUNTED
        if ed == "tow":
            arm = tow.weapon(ref.weapon, mounted, charged)
            s_bonus, a_bonus, ap, last, bane = arm.strength, arm.attacks, arm.ap, arm.strike_last, arm.armour_bane
        else:
            s_bonus, a_bonus, ap, last = _weapon_bonus(ref, prof, charged, first_round, ed)
            bane = 0
        strength = min(prof.strength + s_bonus, 10)
        # Frenzy: +1 A; in TOW only in a turn the unit charged (tow.whfb.app/special-rules/frenzy, 2026-01-28)
        frenzied = prof.has("frenzy") and (ed != "tow" or charged)
        attacks = prof.attacks + a_bonus + (1 if frenzied else 0)
        chariot = ref.chariot
        if chariot is not None and prof.troop_type != "chariot":
            raise InputError(f"fight.{side}.chariot", "a chariot table",
                             Message(N_("troop_type chariot (the unit is {troop_type})"), troop_type=prof.troop_type))
        if chariot is not None:
            attacks *= chariot.crew  # the unit's profile is one crewman's
        # supporting attacks
        support_ranks, support_attacks = 0, 0
        spear_rank = ref.weapon == "spear" and not mounted and (spear_charge or not charged)
        in_flank = charged_side == i and fight.contact != "front"  # fights to its flank/rear: no support
        if not in_flank and chariot is None:  # chariots make no supporting attacks
            if ed in ("6th", "7th"):
                if spear_rank:
                    support_ranks, support_attacks = 1, attacks
            elif ed == "8th":
                support_ranks = 1 + (1 if ref.files >= 10 and not mounted else 0) + (1 if spear_rank else 0)
                support_attacks = min(attacks, 3 if prof.troop_type.startswith("monstrous") else 1)
            else:  # tow: by weapon and Press of Battle (FAQ 1.5.2) or by troop type (2024 rulebook)
                extra = arm.extra_rank or (spear_charge and charged and ref.weapon == "spear" and not mounted)
                support_ranks, support_attacks = tow.supporting_ranks(prof.troop_type, extra, prof.attacks + a_bonus,
                                                                      charged, ref.models, ref.files, version)
        # armour of the foe against this side
        foe_mounted = foe.troop_type in MOUNTED
        foe_save = mounted_save(foe_ref, foe, ed)
        # attacks reach the foe's front unless this side charged its flank or rear
        front_attack = not (fight.charger == side and fight.contact != "front")
        foe_ward = foe_ref.ward_save
        foe_shield = foe_ref.shield and foe_ref.weapon not in TWO_HANDED  # both hands on the weapon: no shield
        if foe_shield:
            bonus = 1
            if foe_ref.weapon == "hand_weapon" and not foe_mounted and front_attack and ed in ("6th", "7th"):
                bonus += 1
            foe_save = (foe_save if foe_save is not None else 7) - bonus
        if (foe_shield and foe_ref.weapon == "hand_weapon" and not foe_mounted and front_attack
                and ed == "8th"):
            foe_ward = min(foe_ward or 7, 6)  # parry: a 6+ ward save, not added to another ward save
        if ed == "tow":  # Parry (FAQ 1.5.2): regular and heavy infantry with hand weapon and shield, to 3+
            foe_save = tow.parry(foe_save, foe.troop_type, foe_shield and foe_ref.weapon == "hand_weapon", version)
        if foe_save is not None and foe_save >= 7:
            foe_save = None
        # 8th Armour Piercing: -1 more to the armour save per point (8th.whfb.app/special-rules/armour-piercing)
        modifier = (ap + ref.armour_piercing) if ed == "tow" else max(strength - 3, 0) + (
            ref.armour_piercing if ed == "8th" else 0)
        if ed in ("6th", "7th") and ref.armour_piercing and effect_checks_on():
            from ....validation import inert
            inert(f"fight.{side}.armour_piercing", ref.armour_piercing, Message(N_("in {ed} (Strength modifies "
                                                                                   "armour)"), ed=ed))
        # strike rank: chargers first (option), then not-strikes-last, then Initiative
        if ed == "tow":  # Strike Last sets I to 1, then the charge's +1 per full inch, the spear charged in front
            foe_charged_front = fight.charger == SIDES[1 - i] and fight.contact == "front"
            rank = tow.initiative(prof.initiative, strike_last=last, charged=charged,
                                  charge_distance=fight.charge_distance, contact=fight.contact,
                                  spear_charged_in_front=ref.weapon == "spear" and not mounted and foe_charged_front)
        else:  # 6th-8th: Always Strikes First / Last and a great weapon's strike last (docs §15)
            rank = prof.initiative + _asf_asl_shift(prof, last)

        def part_rank(initiative: int, strike_last: bool = False, shift: Optional[int] = None) -> float:
            """A part's strike rank (a mount, beasts, a champion or a character): TOW its own Initiative with the
            charge's bonus (Strike Last first), 6th-8th its Initiative (``shift``: ASF/ASL, a great weapon);
            then the charge striking first and the previous round's winner, as the rank and file's."""
            if ed == "tow":
                r = tow.initiative(initiative, strike_last=strike_last, charged=charged,
                                   charge_distance=fight.charge_distance, contact=fight.contact,
                                   spear_charged_in_front=False)
            else:
                r = initiative + (shift if shift is not None else (-100 if strike_last else 0))
            return r + (1000 if charged and charge_first else 0) + (0.5 if equal == f"{side}_first" else 0)
        if charged and charge_first:
            rank += 1000
        if equal == f"{side}_first":  # won the previous round: strikes first at equal Initiative
            rank += 0.5
        bonus = 0
        if ed in ("6th", "7th"):  # one +1 however many standards, the Battle Standard counting as one
            bonus += 1 if (ref.standard or ref.battle_standard) else 0
        else:
            bonus += int(ref.standard) + int(ref.battle_standard)
        if fight.charger == side and fight.contact != "front":
            bonus += 1 if fight.contact == "flank" else 2
        if fight.high_ground == side:
            bonus += 1
        if ed == "8th" and charged:
            bonus += 1
        max_ranks = o.max_rank_bonus
        side_width = width
        if ed == "tow":  # the troop-type table: models per rank and maximum rank bonus
            row = tow.troop(prof.troop_type)
            side_width = o.rank_width or row.models_per_rank or width
            if max_ranks is None:
                max_ranks = row.max_rank_bonus if row.models_per_rank is not None else 0
        if max_ranks is None:
            max_ranks = 3
        if prof.has("fast_cavalry") or disrupted[i]:
            max_ranks = 0
        if ed == "tow":
            us = ref.unit_strength or tow.unit_strength(prof.troop_type, prof.wounds)
        else:
            us = ref.unit_strength or UNIT_STRENGTH[prof.troop_type] or prof.wounds
        hit = to_hit(prof.weapon_skill, foe.weapon_skill, ed)
        flags = _rule_flags(prof, foe, ed, first_round, foe_ref)
        if flags.pop("_regen_ward", False):
            foe_ward = min(foe_ward or 7, 4)  # 8th: Regeneration is a ward save, not added to another
        parts = []
        if prof.mount is not None and prof.mount.attacks > 0:
            m = prof.mount
            m_ap = ref.mount.armour_piercing if ref.mount is not None else 0
            if ed != "tow" and m_ap and effect_checks_on():
                from ....validation import inert
                inert(f"fight.{side}.mount.armour_piercing", m_ap, Message(N_("in {ed} (Strength modifies armour)"),
                                                                           ed=ed))
            m_rank = part_rank(m.initiative)
            parts.append(AttackGroup(
                name=m.name, kind="mount", attacks=m.attacks, hit=to_hit(m.weapon_skill, foe.weapon_skill, ed),
                wound=to_wound(m.strength, foe.toughness, ed),
                save=save_score(foe_save, m_ap if ed == "tow" else max(m.strength - 3, 0)),
                ward=foe_ward if foe_ward is not None else 7, strikes=m_rank, regen=flags["regen"]))
        if chariot is not None:
            b = chariot.beasts
            if b.count and b.attacks:
                parts.append(AttackGroup(
                    name="beasts", kind="mount", attacks=b.count * b.attacks,
                    hit=to_hit(b.weapon_skill, foe.weapon_skill, ed),
                    wound=to_wound(b.strength, foe.toughness, ed),
                    save=save_score(foe_save, 0 if ed == "tow" else max(b.strength - 3, 0)),
                    ward=foe_ward if foe_ward is not None else 7,
                    strikes=part_rank(b.initiative), regen=flags["regen"]))
            if charged and chariot.impact_hits != "none":
                parts.append(AttackGroup(
                    name="impact hits", kind="impact", attacks=1, hit=1, die=6 if chariot.impact_hits == "D6" else 3,
                    wound=to_wound(chariot.strength, foe.toughness, ed),
                    save=save_score(foe_save, 0 if ed == "tow" else max(chariot.strength - 3, 0)),
                    ward=foe_ward if foe_ward is not None else 7, strikes=10000, regen=flags["regen"]))
            elif chariot.impact_hits != "none" and effect_checks_on():
                from ....validation import inert
                inert(f"fight.{side}.chariot.impact_hits", chariot.impact_hits, Message(N_("when the unit did "
                                                                                           "not charge")))
        stomp = "thunderstomp" if prof.has("thunderstomp") else ("stomp" if prof.has("stomp") else None)
        if stomp is not None and ed == "8th" and foe.troop_type in STOMPED:
            # 8th Stomp: one automatic hit per model in contact, Thunderstomp D6, after every other blow
            s_st = prof.mount.strength if prof.mount is not None else prof.strength
            parts.append(AttackGroup(
                name=stomp, kind="impact" if stomp == "thunderstomp" else "mount", attacks=1, hit=1,
                die=6 if stomp == "thunderstomp" else 0, wound=to_wound(s_st, foe.toughness, ed),
                save=save_score(foe_save, max(s_st - 3, 0)), ward=foe_ward if foe_ward is not None else 7,
                strikes=-10000, regen=flags["regen"]))
        if ref.champion is not None and in_flank and effect_checks_on():
            from ....validation import inert
            inert(f"fight.{side}.champion", "a champion", Message(CHAMPION_APART[fight.contact]))
        own_save, own_ward = _defence(mounted_save(ref, prof, ed), ref.shield, ref.weapon, mounted, ed,
                                      ref.ward_save)
        cands: list[dict] = []
        if ref.champion is not None and not in_flank:
            c = ref.champion
            cands.append(dict(name=c.name or "champion", is_model=True, ws=c.weapon_skill or prof.weapon_skill,
                              s=min((c.strength or prof.strength) + s_bonus, 10), ap=ap + ref.armour_piercing,
                              attacks=(c.attacks or prof.attacks + 1) + a_bonus + (1 if frenzied else 0),
                              strikes=part_rank(c.initiative or prof.initiative, last, _asf_asl_shift(prof, last)),
                              t=prof.toughness, w=prof.wounds, save=own_save, ward=own_ward))
            c_s = min((c.strength or prof.strength) + s_bonus, 10)
            c_att = (c.attacks or prof.attacks + 1) + a_bonus + (1 if frenzied else 0)
            c_rank = part_rank(c.initiative or prof.initiative, last, _asf_asl_shift(prof, last))
            parts.append(AttackGroup(
                name=c.name or "champion", kind="champion", attacks=c_att,
                hit=to_hit(c.weapon_skill or prof.weapon_skill, foe.weapon_skill, ed),
                wound=to_wound(c_s, foe.toughness, ed),
                save=save_score(foe_save, (ap + ref.armour_piercing) if ed == "tow" else max(c_s - 3, 0) + (
                    ref.armour_piercing if ed == "8th" else 0)),
                ward=foe_ward if foe_ward is not None else 7, strikes=c_rank, **flags))
        taken = 0
        for j, c in enumerate(ref.characters):
            where_c = f"fight.{side}.characters.{j}"
            if c.weapon == "lance":
                raise InputError(f"{where_c}.weapon", "lance", Message(N_("a weapon for a character on foot "
                                                                          "(characters' mounts are not modelled)")))
            if c.look_out_sir and effect_checks_on():
                # Look Out Sir is a shooting rule in every edition: 6th.whfb.app/characters/look-out-sir (cannon,
                # stone thrower, templates), 7th.whfb.app/characters/look-out,-sir (ranged attacks aimed at a
                # character), 8th.whfb.app/characters/unusual-shooting-attacks (templates),
                # tow.whfb.app/command-groups/look-out-sir-champions (shooting attacks)
                from ....validation import inert
                inert(f"{where_c}.look_out_sir", True, Message(N_("in close combat (Look Out Sir saves a "
                                                                  "character from shooting and template hits "
                                                                  "only, in every edition)")))
            if in_flank:
                if effect_checks_on():
                    from ....validation import inert
                    inert(where_c, c.name, Message(CHARACTER_APART[fight.contact]))
                continue
            cs, ca, cap_, clast = _weapon_bonus(SimpleNamespace(weapon=c.weapon),
                                                SimpleNamespace(troop_type="infantry"), charged, first_round, ed)
            c_s = min(c.strength + cs, 10)
            c_rank = part_rank(c.initiative, clast)
            c_save, c_ward = _defence(c.armour_save, c.shield, c.weapon, False, ed, c.ward_save)
            cands.insert(taken, dict(name=c.name, is_model=False, ws=c.weapon_skill, s=c_s, ap=cap_,
                                     attacks=c.attacks + ca, strikes=c_rank, t=c.toughness, w=c.wounds,
                                     save=c_save, ward=c_ward))
            parts.append(AttackGroup(
                name=c.name, kind="character", attacks=c.attacks + ca, hit=to_hit(c.weapon_skill, foe.weapon_skill, ed),
                wound=to_wound(c_s, foe.toughness, ed),
                save=save_score(foe_save, cap_ if ed == "tow" else max(c_s - 3, 0)),
                ward=foe_ward if foe_ward is not None else 7, strikes=c_rank, regen=flags["regen"]))
            taken += 1
        sides.append(SideRules(
            name=prof.name, models=ref.models, files=ref.files, fighting=fighting[i], wounds=prof.wounds,
            attacks_front=attacks, support_ranks=support_ranks, support_attacks=support_attacks,
            hit=hit, wound=to_wound(strength, foe.toughness, ed),
            save=save_score(foe_save, modifier), ward=foe_ward if foe_ward is not None else 7,
            steps_up=ed == "8th",  # 8th steps up; 6th, 7th, TOW: the slain and those stepping forward do not strike
            strikes=rank, unit_strength=us, rank_width=side_width, max_rank_bonus=max_ranks, static_bonus=bonus,
            musician=ref.musician,
            combat_order=ed == "tow" and o.tow_combat_order_bonus and prof.troop_type != "monster",
            causes_fear=prof.has("fear") or prof.has("terror"), parts=tuple(parts), front_taken=taken, **flags,
            save_bane=save_score(foe_save, modifier + bane) if bane else None,
            combat_order_us=tow.combat_order_unit_strength(version) if ed == "tow" else 5,
            massed_infantry=(ed == "tow" and version == "faq_1_5_2"
                             and "massed_infantry" in tow.troop(prof.troop_type).rules),
            casualties_by_rank=ed == "tow" and version == "faq_1_5_2"))
        duel_candidates.append(cands)
    if fight.challenge != "none":
        sides = _challenge(fight, sides, duel_candidates, ed)
    return FightRules(edition=ed, unit=sides[0], enemy=sides[1], equal_roll_off=roll_off,
                      ranks_at_start=at_start, outnumber=outnumber,
                      musician_always=ed == "tow" and o.tow_musician == "always", steadfast_check=ed == "8th",
                      disrupted=(disrupted[0], disrupted[1]),
                      fear=_fear_test(model, units, refs) if (fear_test and ed == "8th") else None)


# -- the fight's plan: the round and what the loser's break chain is built from ------------------
@dataclass(frozen=True)
class ChainUnit:
    """A fight unit as the break chain after the round reads it: the loser flees (its musician and
    models count for rally tests), the winner pursues."""

    name: str
    movement: int               # M, inches
    leadership: int
    rules: tuple[str, ...]
    general_leadership: Optional[int]
    battle_standard: bool
    musician: bool
    models_start: int           # models at the start of the battle (rally casualty limits)


@dataclass(frozen=True)
class FightPlan:
    """What a fight's exact distribution and its outcomes (codes and order) read: the round's
    numbers, both units as the chain reads them, and the chain's ``[table]`` and ``[options]`` as
    validated (``(field, value)`` pairs)."""

    round: FightRules
    units: tuple[ChainUnit, ChainUnit]
    table: tuple[tuple[str, object], ...]
    options: tuple[tuple[str, object], ...]


def fight_plan(model, units: tuple[UnitProfile, UnitProfile], rules: FightRules) -> FightPlan:
    """The frozen, hashable plan of a ``fight`` scenario.

    Parameters
    ----------
    model : ScenarioModel
        A validated scenario with ``situation = "fight"``.
    units : (UnitProfile, UnitProfile)
        The merged profiles of ``fight.unit`` and ``fight.enemy`` (:func:`resolve_units`).
    rules : FightRules
        The round's numbers (:func:`resolve_fight`).

    Returns
    -------
    FightPlan
        Two fights with equal plans have the same outcomes and the same exact distribution.

    References
    ----------
    docs/warhammer_combat.md §7 (outputs and evaluation: the loser's chain after the round).
    """
    refs = (model.fight.unit, model.fight.enemy)
    chain_units = tuple(ChainUnit(name=p.name, movement=p.movement,
                                  leadership=max([p.leadership] + [c.leadership for c in r.characters
                                                                   if c.leadership is not None]),
                                  rules=tuple(p.rules),
                                  general_leadership=r.general_leadership, battle_standard=r.battle_standard,
                                  musician=r.musician, models_start=r.models_start or r.models)
                        for r, p in zip(refs, units))
    return FightPlan(round=rules, units=(chain_units[0], chain_units[1]),
                     table=tuple(model.table.model_dump().items()), options=tuple(model.options.model_dump().items()))


# -- the round's arithmetic, shared by the exact solver and the chain's inputs ------------------
def attacks_of(s: SideRules, alive: int, slain: int = 0) -> int:
    """Attacks a side makes with ``alive`` models, ``slain`` of its models having been removed before it
    struck: the fighting models' and the supporting ranks'.

    In 8th the models behind step up and fight, so only ``alive`` counts. In 6th, 7th and The Old
    World a model slain before it strikes does not attack and the model stepping forward to fill its
    place cannot attack this turn; casualties fall on the fighting rank (the excess on the unit as a
    whole), and in each file whose fighting model fell the supporting models step forward too and do
    not attack: each slain model takes one model's attacks from the fighting rank and one from each
    supporting rank. The Old World as FAQ 1.5.2 reads it (``s.casualties_by_rank``): the slain reduce the
    first fighting rank, then the second (Press of Battle), then the supporting rank.

    Parameters
    ----------
    s : SideRules
    alive : int
        Models left (``s.models - slain``).
    slain : int
        Models removed before this side struck (0 for the side striking first or simultaneously).

    Returns
    -------
    int

    References
    ----------
    docs/warhammer_combat.md §3 (who strikes, and how many attacks); 7th "Removing Casualties (Close
    Combat)" (7th.whfb.app/close-combat/removing-casualties-close-combat, 6th and 5th alike); 8th "Remove
    Casualties (Close Combat)" (8th.whfb.app/close-combat/remove-casualties-close-combat); The Old World
    "Stepping Forward & Closing In" (tow.whfb.app/the-combat-phase/stepping-forward-and-closing-in); Official
    Warhammer: The Old World FAQ & Errata 1.5.2 (Combat: "casualties inflicted reduce, firstly, the number of
    models in the fighting rank(s) ... and, secondly, the number of models in the 'supporting rank'").
    """
    if alive <= 0:
        return 0
    front = front_models(s, alive, slain)
    if champion_strikes(s, alive, slain):  # his place in the front rank: his own attacks instead
        front -= 1
    n = front * s.attacks_front
    if s.steps_up:
        for k in range(1, s.support_ranks + 1):
            in_rank = min(s.files, max(alive - k * s.files, 0))
            n += min(in_rank, s.fighting) * s.support_attacks
        return n
    if s.casualties_by_rank:  # TOW FAQ 1.5.2: the slain come off the first fighting rank, then the next ranks
        left = max(slain - min(max(s.fighting - s.front_taken, 0), s.models - s.in_duel), 0)
        for k in range(1, s.support_ranks + 1):
            in_rank = min(s.files, max(s.models - k * s.files, 0), s.fighting)
            lost = min(left, in_rank)
            left -= lost
            n += (in_rank - lost) * s.support_attacks
        return n
    for k in range(1, s.support_ranks + 1):
        in_rank = min(s.files, max(s.models - k * s.files, 0), s.fighting)
        n += max(in_rank - slain, 0) * s.support_attacks
    return n


def all_attacks(s: SideRules) -> int:
    """Most attacks (and impact or stomp hits) a side makes at full strength: its rank and file's, its
    parts' and its duelist's.

    Parameters
    ----------
    s : SideRules

    Returns
    -------
    int

    References
    ----------
    docs/warhammer_combat.md §3 and §10-§14.
    """
    n = attacks_of(s, s.models - s.in_duel)
    for g in s.parts:
        n += part_attacks(s, g, s.models - s.in_duel) * (g.die or 1)
    return n + (s.duelist.attacks if s.duelist is not None else 0)


def front_models(s: SideRules, alive: int, slain: int = 0) -> int:
    """The unit's models (rank and file and champion) standing in base contact that strike: the fighting
    positions less those the characters take (:data:`SideRules.front_taken`); 8th: the rear steps up
    into them; 6th, 7th, TOW: the models slain before the side strikes are taken from them.

    Parameters
    ----------
    s : SideRules
    alive, slain : int

    Returns
    -------
    int

    References
    ----------
    docs/warhammer_combat.md §3, §11 and §12.
    """
    if alive <= 0:
        return 0
    places = max(s.fighting - s.front_taken, 0)
    if s.steps_up:
        return min(places, alive)
    return max(min(places, s.models - s.in_duel) - slain, 0)


def champion_strikes(s: SideRules, alive: int, slain: int = 0) -> bool:
    """Whether the champion of side ``s`` strikes with ``alive`` models left, ``slain`` removed before it
    struck: he is removed last, so he fights while one of the unit's fighting models is left (8th: while
    the unit has a model; 6th, 7th, TOW: while fewer models fell than the fighting rank had).

    Parameters
    ----------
    s : SideRules
    alive, slain : int

    Returns
    -------
    bool
        False without a champion.

    References
    ----------
    docs/warhammer_combat.md §11 (champions).
    """
    return any(g.kind == "champion" for g in s.parts) and front_models(s, alive, slain) >= 1


def part_attacks(s: SideRules, g: AttackGroup, alive: int, slain: int = 0) -> int:
    """Attacks of the part ``g`` of side ``s`` (a mount: one per model in base contact) with ``alive``
    models left, ``slain`` of them removed before it struck.

    Parameters
    ----------
    s : SideRules
    g : AttackGroup
    alive, slain : int
        As in :func:`attacks_of`.

    Returns
    -------
    int
        8th: the models stepping up bring their mounts (``min(fighting, alive)`` mounts); 6th, 7th and
        TOW: the mount of a slain fighting model, and that of the model stepping forward, do not attack.
        Mounts make no supporting attacks.

    References
    ----------
    docs/warhammer_combat.md §10 (mounts); 8th "Cavalry" (rulebook p. 83: mounts make no supporting
    attacks); 7th "Removing Casualties (Close Combat)".
    """
    if alive <= 0:
        return 0
    if g.kind == "champion":
        return g.attacks if champion_strikes(s, alive, slain) else 0
    if g.kind == "character":  # not a casualty of the rank and file: fights while the unit stands
        return g.attacks
    return front_models(s, alive, slain) * g.attacks  # mounts, beasts: per model; impact hits: dice per model


def casualties(wounds: int, s: SideRules) -> int:
    """Models removed by ``wounds`` unsaved wounds on the rank and file (counted from the wounds their wounded
    model carried into the round, ``s.carried``; wounds beyond the unit are lost).

    Parameters
    ----------
    wounds : int
    s : SideRules
        The side that takes them.

    Returns
    -------
    int

    References
    ----------
    docs/warhammer_combat.md §2 (Striking blows: casualties).
    """
    return min(wounds // s.wounds, s.models - s.in_duel)


def countable_wounds(s: SideRules) -> int:
    """Most wounds the foe may count against side ``s``: its models' in the main fight (less the wounds its
    wounded model lost in an earlier round), and its duelist's with the overkill cap
    (docs/warhammer_combat.md §13, §17).

    Parameters
    ----------
    s : SideRules

    Returns
    -------
    int

    References
    ----------
    docs/warhammer_combat.md §5 and §13; 6th "Overkill" (6th.whfb.app/characters/overkill).
    """
    return (s.models - s.in_duel) * s.wounds - s.carried + (s.duelist.countable if s.duelist is not None else 0)


def score(r: FightRules, me: SideRules, foe: SideRules, wounds_caused: int, alive_me: int, alive_foe: int) -> int:
    """A side's combat result before the musician's draw rule.

    Parameters
    ----------
    r : FightRules
    me, foe : SideRules
    wounds_caused : int
        Unsaved wounds ``me`` caused (counted up to the foe's total).
    alive_me, alive_foe : int
        Models left after the round.

    Returns
    -------
    int
        Wounds, static bonuses, rank bonus, outnumbering, TOW Combat Order and musician.

    References
    ----------
    docs/warhammer_combat.md §5 (combat result).
    """
    total = min(wounds_caused, countable_wounds(foe)) + _own_bonus(r, me, foe, alive_me)
    if (r.outnumber or me.massed_infantry) and alive_me * me.unit_strength > alive_foe * foe.unit_strength:
        total += 1
    return total


def _own_bonus(r: FightRules, me: SideRules, foe: SideRules, alive_me: int) -> int:
    """The part of a side's combat result read from its own models left: static bonuses, rank bonus, TOW
    Combat Order, the TOW musician (:func:`score` less the wounds and the outnumbering)."""
    total = me.static_bonus
    ranked = me.models if r.ranks_at_start else alive_me
    total += min(ranks_of(ranked, me.files, me.rank_width), me.max_rank_bonus)
    if me.combat_order and alive_me * me.unit_strength >= me.combat_order_us and me.files >= -(-alive_me // me.files):
        total += 1
    if r.musician_always and me.musician and not foe.musician:
        total += 1
    return total


def strike_order(r: FightRules) -> list[tuple[str, Fraction]]:
    """Who strikes first in the round.

    Parameters
    ----------
    r : FightRules

    Returns
    -------
    list of (str, Fraction)
        ``"unit"`` (the unit strikes first), ``"enemy"`` or ``"both"`` (simultaneous), with its
        probability; a roll-off gives each side one half.

    References
    ----------
    docs/warhammer_combat.md §3 (strike order).
    """
    a, b = r.unit.strikes, r.enemy.strikes
    if a > b:
        return [("unit", Fraction(1))]
    if b > a:
        return [("enemy", Fraction(1))]
    half = Fraction(1, 2)
    return [("unit", half), ("enemy", half)] if r.equal_roll_off else [("both", Fraction(1))]


def margin_of(r: FightRules, w_unit: int, w_enemy: int, alive_unit: int, alive_enemy: int) -> int:
    """The unit's combat result minus the enemy's, after the musician's draw rule (positive: the unit wins).

    Parameters
    ----------
    r : FightRules
    w_unit, w_enemy : int
        The unsaved wounds the unit caused, those the enemy caused.
    alive_unit, alive_enemy : int
        Models left after the round.

    Returns
    -------
    int

    References
    ----------
    docs/warhammer_combat.md §5 (combat result, a drawn combat and the musician).
    """
    su = score(r, r.unit, r.enemy, w_unit, alive_unit, alive_enemy)
    se = score(r, r.enemy, r.unit, w_enemy, alive_enemy, alive_unit)
    d = su - se
    if d == 0 and not r.musician_always and r.unit.musician != r.enemy.musician:
        d = 1 if r.unit.musician else -1
    return d


def margins(r: FightRules):
    """:func:`margin_of` for many endings of one round: ``m(w_unit, w_enemy, alive_unit, alive_enemy)``.

    A side's combat result is its wounds (up to the foe's countable total), what its own models left give
    (static bonuses, rank bonus, Combat Order, the TOW musician: computed once per number of models left) and
    the outnumbering bonus, as :func:`score`.

    Parameters
    ----------
    r : FightRules

    Returns
    -------
    callable
        ``(int, int, int, int) -> int``, equal to ``margin_of(r, ...)``.

    References
    ----------
    docs/warhammer_combat.md §5 (combat result, a drawn combat and the musician).
    """
    u, e = r.unit, r.enemy
    cap_u, cap_e = countable_wounds(u), countable_wounds(e)
    draw = 0 if r.musician_always or u.musician == e.musician else (1 if u.musician else -1)
    out_u, out_e = r.outnumber or u.massed_infantry, r.outnumber or e.massed_infantry
    us_u, us_e = u.unit_strength, e.unit_strength
    own_u: dict[int, int] = {}
    own_e: dict[int, int] = {}

    def margin(w_unit: int, w_enemy: int, alive_unit: int, alive_enemy: int) -> int:
        a = own_u.get(alive_unit)
        if a is None:
            a = own_u[alive_unit] = _own_bonus(r, u, e, alive_unit)
        b = own_e.get(alive_enemy)
        if b is None:
            b = own_e[alive_enemy] = _own_bonus(r, e, u, alive_enemy)
        d = (w_unit if w_unit < cap_e else cap_e) - (w_enemy if w_enemy < cap_u else cap_u) + a - b
        if alive_unit * us_u > alive_enemy * us_e:
            d += out_u
        elif alive_enemy * us_e > alive_unit * us_u:
            d -= out_e
        return d if d else draw

    return margin


def steadfast(r: FightRules, loser: int, alive: tuple[int, int]) -> bool:
    """8th: the loser has more ranks of five than the winner (a disrupted unit keeps Steadfast).

    Parameters
    ----------
    r : FightRules
    loser : int
        0 the unit, 1 the enemy.
    alive : (int, int)
        Models left on each side.

    Returns
    -------
    bool

    References
    ----------
    docs/warhammer_combat.md §5 (Combat result: 8th Steadfast); 8th "Steadfast"
    (8th.whfb.app/close-combat/steadfast): "a unit does not lose its steadfast status for being
    disrupted".
    """
    if not r.steadfast_check:
        return False
    sides = (r.unit, r.enemy)
    lo, wi = sides[loser], sides[1 - loser]

    def ranks(n: int, files: int) -> int:  # ranks of five or more models, the front one included
        return 0 if files < 5 or n < 5 else 1 + ranks_of(n, files, 5)

    return ranks(alive[loser], lo.files) > ranks(alive[1 - loser], wi.files)
