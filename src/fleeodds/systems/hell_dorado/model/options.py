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
from ....language import Message, N_
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


def O(default: Any, title: str, description: str, **kw: Any) -> Any:
    return F(default, title, description, **kw)


class OptionsModel(HDModel):
    """Modelling options (rules digest §7). ``None`` means "the edition's default".

    See the field descriptions (``fleeodds schema hell_dorado``) for each option, its
    default (the rulebook's reading) and its alternatives.
    """

    model_config = ConfigDict(title=N_("Options"), json_schema_extra={"description": N_(
        "Modelling options (rules digest §7). ``None`` means \"the edition's default\".\n\nSee the field "
        "descriptions (``fleeodds schema hell_dorado``) for each option, its\ndefault (the rulebook's reading) and "
        "its alternatives.")})

    hd_edition: Edition = O("sapience", N_("Edition"),
                            N_("Rules edition: 'sapience' (community edition, default), 'asmodee' (2007) or 'cipher' "
                               "(2010); selects the defaults of dice_cap and overflow_auto_damage."))
    dice_cap: Literal[10, "none"] | None = O(None, N_("Dice cap"),
                                             N_("10 (5 rolled + 5 re-rolls; Sapience default) or 'none' (Asmodée, "
                                                "Cipher)."), unit="dice")
    overflow_auto_damage: bool | None = O(None, N_("Dice past the 10th: automatic damage"),
                                          N_("1 damage per die past the 10th, ignoring PRO, even with 0 hits "
                                             "(default true for Sapience, false otherwise)."))
    reroll_policy: Literal["always_reroll_misses", "optional"] = O(
        "always_reroll_misses", N_("Re-rolls"),
        N_("'always_reroll_misses' (default): every extra die re-rolls a missed die once. 'optional': the attacker "
           "re-rolls its missed dice one at a time and stops when that is better for it (kill or stop the target; in "
           "a Fuite, the goal of attacker_choice), computed exactly; the same numbers when every damage table only "
           "grows with the hits."))
    pro_application: Literal["once_per_pass_floor_0", "per_hit"] = O(
        "once_per_pass_floor_0", N_("PRO application"),
        N_("PRO subtracted once from the pass's damage, floor 0 (default), or from each hit."))
    kill_rule: Literal["damage >= PV", "damage > PV"] = O(
        "damage >= PV", N_("Kill rule"), N_("Killed when damage >= remaining PV (default) or > PV."))
    support_bonus_per_supporter: int = O(1, N_("Soutien bonus"), N_("Attack dice per supporter (0 to 5, default 1)."),
                                         unit="dice", ge=0, le=5)
    support_mode: Literal["per_supporter", "flat"] = O(
        "per_supporter", N_("Soutien mode"), N_("The bonus for each supporter (default) or once in total ('flat')."))
    support_cap: int | None = O(None, N_("Soutien cap"), N_("Most soutien dice in total (0 to 10; default none)."),
                                unit="dice", ge=0, le=10)
    support_requires_effective: bool = O(False, N_("Inoffensif fighters give no soutien"),
                                         N_("Default false: Inoffensif (Harmless) fighters support."))
    cbt_dash_can_support: bool = O(False, N_("CBT – fighters give soutien"), N_("Default false."))
    attacker_choice: Literal["max_kill_or_state", "max_kill", "max_expected_damage", "most_dice", "user"] = O(
        "max_kill_or_state", N_("Choice of the attacker (Fuite)"),
        N_("How the opposing player picks the adversary making the attaque sans riposte: most likely to kill or "
           "inflict a state (default, computed exactly; ties: first listed), to kill, most expected damage, most "
           "dice, or 'user' (fuite.attacker)."))
    state_cancels_flee_move: bool = O(True, N_("A new state cancels the flee move"),
                                      N_("Default true: any new state (negative or positive) stops the move."))
    wounded_state_cancels_flee: bool = O(False, N_("Blessé cancels the flee move"),
                                         N_("True: any non-lethal damage counts as the state Blessé (default false)."))
    course_multiplier: float = O(2.0, N_("Course multiplier"),
                                 N_("Flee move (Course) and Charge = this × MOU (default 2)."), ge=0, le=5)
    repli_move_multiplier: float = O(1.0, N_("Repli move multiplier"),
                                     N_("Move under an Ordre Repli = this × MOU (default 1: not doubled)."),
                                     ge=0, le=5)
    blocage_scope: Literal["any_blocker_prevents_flee", "only_from_blocker"] = O(
        "any_blocker_prevents_flee", N_("Blocage scope"),
        N_("Default: one adversary with Blocage prevents the Fuite; 'only_from_blocker': only if every adversary in "
           "contact has Blocage."))
    intangible_vs_blocage: Literal["blocage_prevents", "intangible_ignores"] = O(
        "blocage_prevents", N_("Intangible against Blocage"),
        N_("Default: Blocage prevents the Fuite even of an Intangible fighter."))
    def_out_of_range: Literal["natural", "6_always_hits"] = O(
        "natural", N_("DEF out of range"),
        N_("Effective DEF >= 7 never hit and <= 1 always hit (default), or a 6 always hits."))
    simultaneous_kill: Literal["both_apply", "frappe_rapide_first"] = O(
        "both_apply", N_("Simultaneous kills"),
        N_("Normal pass: both damages apply (default), or Frappe rapide strikes first."))
    no_room_move: Literal[0, "partial"] = O(0, N_("Move without room"),
                                            N_("Surrounded fighter: no move (0, default) or "
                                               "fuite.partial_room_toises ('partial')."))
    attraction_version: Literal["x_2007", "D_original"] = O(
        "x_2007", N_("Attraction wording"),
        N_("Attraction x (errata August 2007, lémures immune; default) or Attraction D (original, not immune)."))
    attraction_cancels_discretion: bool = O(
        True, N_("Attraction cancels Discrétion"),
        N_("Designer ruling: an Attraction cancels Discrétion on a fighter inside its zone (default true: a "
           "Discrétion fighter is then pulled like any other). false is not modelled: Discrétion's own rules text is "
           "not in the project's sources."))
    attraction_blocks_leaving_orders: bool = O(
        True, N_("Attraction forbids orders that leave the zone"),
        N_("Designer ruling: a fighter affected by an Attraction may not be given an order that would take it out of "
           "the zone (default true: the pull-back is certain). false is not modelled (which orders, and when, is not "
           "in the project's sources)."))
    charge_dice_modifier: int | None = O(
        None, N_("Charge modifier"),
        N_("Dice added to (negative: taken from) the attack of a fighter that engages by a Charge, in the pass that "
           "follows it (a Fuite's fuite.charge_pass, an Attraction's then_pass with movement = 'charge'); -5 to 5. "
           "Default: 0 under Sapience and Asmodée (the sources give a Charge no modifier); under Cipher the Charge "
           "has a penalty whose size is not in the sources, so a Cipher Charge pass needs this option written."),
        unit="dice", ge=-5, le=5)
    toise: Literal["inch", "2.5cm"] = O("inch", N_("Toise"),
                                        N_("Length of a toise, to turn base diameters into toises: 1 inch (default) "
                                           "or 2.5 cm."))


    @field_validator("no_room_move", mode="before")
    @classmethod
    def _no_room(cls, v):
        if isinstance(v, bool):  # False == 0 would pass the literal
            raise ValueError(Message(N_("one of 0 or 'partial'")))
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
        raise InputError(prefix.rstrip("."), short_repr(data), Message(N_("a table of options")))
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
