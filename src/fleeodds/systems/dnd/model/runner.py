"""The runner's table (``[runner]``): its pydantic model, then the validated :class:`Runner`."""


from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, Optional, Union

from pydantic import ConfigDict, Field

from ....errors import InputError
from ....language import Message, N_
from ....validation import StrictModel
from ..labels import FEAT_LABELS, code_of
from .fields import ALLOWED, FEATS, INT_LIMIT, F, Feats, Flag, Int, _validate
from .presets import _merge_preset


class RunnerModel(StrictModel):
    """The character leaving melee (``[runner]``); every field may come from a preset."""

    model_config = ConfigDict(json_schema_extra={"title": N_("Runner"), "description": N_(
        "The character leaving melee (``[runner]``); every field may come from a preset.")})

    preset: Optional[str] = F(None, N_("preset"),
                              N_("Shipped stat line whose fields this table overrides (e.g. srd35_wizard_1)."))
    name: Optional[str] = F(None, N_("name"), N_("Name shown in reports."))
    hp: Int = F(None, N_("hit points"),
                N_("Current hit points (required unless the preset gives them)."), "hp", ge=1, le=INT_LIMIT)
    hp_max: Int = F(None, N_("maximum hit points"),
                    N_("Maximum hit points (default: hp). 5e instant death, Pathfinder massive-damage threshold; "
                       "no effect in 3.5."), "hp", ge=1, le=INT_LIMIT)
    ac: Optional[Union[Annotated[int, Field(ge=1, le=60)], str, list[Annotated[int, Field(ge=1, le=60)]]]] = F(
        None, N_("Armour Class"),
        N_("Armour Class against these attacks, Dexterity and armour included (required unless the preset gives "
           "it). When it is uncertain: a list of equally likely values [14, 16, 18], a range '14-20' (equally "
           "likely) or dice '1d6+13': one run, the mixture of the values (1 to 60)."), "AC")
    dex_bonus: int = F(0, N_("Dexterity bonus in AC"),
                       N_("3.5/PF: Dexterity bonus included in ac, lost when running without the Run feat "
                          "(default 0)."), None, ge=-5, le=20)
    con: int = F(10, N_("Constitution score"),
                 N_("Pathfinder: dead at -Con hit points, "
                    "Constitution checks to stabilise (default 10)."), None, ge=1, le=60)
    fort: int = F(0, N_("Fortitude save"),
                  N_("3.5/PF: Fortitude save bonus against massive damage (DC 15; default 0)."),
                  None, ge=-10, le=60)
    tumble: Int = F(None, N_("Tumble / Acrobatics"),
                    N_("3.5 Tumble or Pathfinder Acrobatics modifier; omit when untrained (3.5 Tumble is "
                       "trained only). Needed by the tumble modes."), None, ge=-30, le=60)
    acrobatics: Int = F(None, N_("Acrobatics"),
                        N_("Same as tumble (Pathfinder name); give one of the two."), None, ge=-30, le=60)
    cmd: Int = F(None, N_("Combat Maneuver Defence"),
                 N_("Pathfinder: the runner's CMD against Stand Still."), None, ge=1, le=100)
    feats: Feats = F([], N_("feats"),
                               N_("3.5/PF: mobility, dodge, run; 5e 2014: mobile; 5e 2024: speedy."))
    dodge_target: int = F(0, N_("Dodge target"),
                          N_("3.5 Dodge: index (from 0) of the "
                             "enemy designated for the +1 AC (default 0)."), None, ge=0, le=100)
    monster: Flag = F(False, N_("monster"),
                                N_("5e: the runner is a monster and dies at 0 hit points (with "
                                   "options.monster_dies_at_0)."))
    str_save: int = F(0, N_("Strength save"),
                      N_("5e Strength saving throw bonus (against a wolf's Prone; default 0)."),
                      None, ge=-10, le=30)
    dex_save: int = F(0, N_("Dexterity save"),
                      N_("5e Dexterity saving throw bonus (default 0)."), None, ge=-10, le=30)
    con_save: int = F(0, N_("Constitution save"),
                      N_("5e Constitution saving throw bonus (default 0)."), None, ge=-10, le=30)
    armor: Literal["none", "light", "medium", "heavy"] = F(
        "light", N_("armour"),
        N_("Pathfinder: Acrobatics cannot be used in medium or heavy armour (default light)."))
    damage_reduction: int = F(0, N_("damage reduction"),
                              N_("DR x/—, subtracted from every hit (default 0)."), "hp", ge=0, le=100)
    resistance: Flag = F(False, N_("resistance"),
                                   N_("5e: resistance to the attacks' damage (halved, rounded down)."))
    concealment: int = F(0, N_("concealment"),
                         N_("3.5/PF miss chance in percent rolled after each hit: 20 concealment, 50 total "
                            "(default 0). Not in 5e (no miss chance there)."), "%", ge=0, le=100)
    shield_slots: int = F(0, N_("spell slots for Shield"),
                          N_("5e: spell slots (level 1 or higher) the runner can spend on the Shield spell (default "
                             "0: no Shield). As a reaction, after an attack hits, +5 AC until the start of its next "
                             "turn, against that attack too: cast when the attack roll hits AC but not AC + 5 (SRD "
                             "5.1 / SRD 5.2 Spells, Shield). One reaction "
                             "a round: at most one cast in the exchange."), None, ge=0, le=20)
    uncanny_dodge: Flag = F(False, N_("Uncanny Dodge"),
                            N_("5e rogue (level 5+): as a reaction, halve the damage of the first hit taken while "
                               "conscious (SRD 5.1 / SRD 5.2 Rogue, Uncanny Dodge; default false)."))
    touch_ac: Int = F(None, N_("touch AC"),
                      N_("3.5: Armour Class against a trip's "
                         "touch attack (default 10 + dex_bonus)."), None, ge=1, le=60)
    trip_defence: Int = F(None, N_("trip defence"),
                          N_("3.5: the runner's check against a trip, the higher of its Strength and Dexterity "
                             "modifiers (size included; default dex_bonus)."), None, ge=-20, le=60)
    blinded: Flag = F(False, N_("blinded"),
                      N_("The runner is blinded (default false). 3.5/PF: -2 AC, Dexterity bonus to AC lost (and "
                         "Mobility, Dodge), -4 on Tumble/Acrobatics, and no withdraw. 5e: attack rolls against it "
                         "have advantage (SRD 5.1 Appendix A / SRD 5.2 Rules Glossary, Blinded)."))
    total_concealment: Flag = F(False, N_("total concealment"),
                                          N_("No attack of opportunity at all (3.5/PF total concealment; 5e unseen)."))


# --------------------------------------------------------------------------- runner


@dataclass(frozen=True)
class Runner:
    """The character leaving melee.

    Attributes
    ----------
    hp : int
        Current hit points (>= 1).
    hp_max : int
        Maximum hit points (5e instant death, PF massive damage).
    ac : int
        Armour Class against these attacks (>= 1), including Dex and armour.
    dex_bonus : int
        Dexterity bonus included in ``ac`` (lost when running without the Run feat).
    con : int
        Constitution score (Pathfinder: dead at -Con; stabilisation checks).
    fort : int
        Fortitude save bonus (3.5/PF massive damage, DC 15).
    tumble : int or None
        Tumble (3.5) / Acrobatics (PF) modifier; ``None``: untrained (3.5 Tumble is trained only).
    cmd : int or None
        Combat Maneuver Defence (Pathfinder Stand Still).
    feats : tuple of str
        3.5/PF ``mobility``, ``dodge``, ``run``; 5e 2014 ``mobile``; 5e 2024 ``speedy``.
    dodge_target : int
        Index in ``enemies`` of the opponent designated for Dodge (3.5).
    monster : bool
        5e: the runner is a monster and dies at 0 HP (with ``monster_dies_at_0``).
    str_save, dex_save, con_save : int
        5e saving throw bonuses (wolf's DC 11 Strength save against Prone).
    armor : {"none", "light", "medium", "heavy"}
        Pathfinder: Acrobatics cannot be used in medium or heavy armour.
    damage_reduction : int
        DR x/— against every hit.
    resistance : bool
        5e resistance to the attacks' damage (halved).
    concealment : int
        Miss chance in percent rolled after each hit (20 concealment, 50 total).
    total_concealment : bool
        No attack of opportunity at all (3.5/PF: total concealment; 5e: unseen).
    blinded : bool
        3.5/PF: -2 AC, Dex to AC lost, -4 on Tumble, no withdraw; 5e: attacks against it have advantage.
    touch_ac, trip_defence : int or None
        3.5: against a trip attempt (defaults 10 + dex_bonus and dex_bonus).
    shield_slots : int
        5e: spell slots left for Shield (0: no Shield).
    uncanny_dodge : bool
        5e: Uncanny Dodge halves the first hit taken while conscious (the runner's reaction).
    """

    name: str = "runner"
    hp: int = 1
    hp_max: int = 1
    ac: int = 10
    dex_bonus: int = 0
    con: int = 10
    fort: int = 0
    tumble: int | None = None
    cmd: int | None = None
    feats: tuple[str, ...] = ()
    dodge_target: int = 0
    monster: bool = False
    str_save: int = 0
    dex_save: int = 0
    con_save: int = 0
    armor: str = "light"
    damage_reduction: int = 0
    resistance: bool = False
    concealment: int = 0
    total_concealment: bool = False
    blinded: bool = False
    touch_ac: int | None = None
    trip_defence: int | None = None
    shield_slots: int = 0
    uncanny_dodge: bool = False
    preset: str = ""


def parse_runner(own: dict, edition: str) -> tuple[Runner, dict]:
    """The runner from its table and preset (types and ranges already checked by :class:`RunnerModel`).

    Raises
    ------
    InputError
        ``runner.hp`` / ``runner.ac`` missing, ``runner.hp_max`` below ``runner.hp``, an
        unknown feat (``runner.feats.1``), both ``tumble`` and ``acrobatics``.
    """
    merged, meta = _merge_preset(own, "runner", edition, "runner")
    m = _validate(RunnerModel, merged, "runner.")
    f = "runner."
    if m.hp is None:
        raise InputError(f + "hp", None, Message(N_("{allowed} (this field is required)"),
                                                 allowed=ALLOWED["RunnerModel.hp"]))
    if m.ac is None:
        raise InputError(f + "ac", None, Message(N_("{allowed} (this field is required)"),
                                                 allowed=ALLOWED["RunnerModel.ac"]))
    hp = m.hp
    hp_max = hp if m.hp_max is None else m.hp_max
    if hp_max < hp:
        raise InputError(f + "hp_max", m.hp_max, Message(N_("an integer >= runner.hp ({hp})"), hp=hp))
    if m.tumble is not None and m.acrobatics is not None:
        raise InputError(f + "acrobatics", m.acrobatics,
                         Message(N_("either runner.tumble or runner.acrobatics, not both")))
    feats_raw = [m.feats] if isinstance(m.feats, str) else list(m.feats)
    feats: list[str] = []
    for i, ft in enumerate(feats_raw):
        name = ft.strip().lower()
        if name not in FEATS[edition]:  # its label: "Esquive", "Souplesse du serpent"
            name = code_of(ft, FEAT_LABELS) or name
        if name not in FEATS[edition]:
            raise InputError(f"{f}feats.{i}", ft, Message(N_("one of {choices} for edition {edition}"),
                                                          choices=", ".join(repr(x) for x in FEATS[edition]),
                                                          edition=repr(edition)))
        if name not in feats:
            feats.append(name)
    runner = Runner(
        name=m.name if m.name is not None else meta.get("name", "runner"),
        hp=hp, hp_max=hp_max, ac=m.ac, dex_bonus=m.dex_bonus, con=m.con, fort=m.fort,
        tumble=m.acrobatics if m.acrobatics is not None else m.tumble, cmd=m.cmd, feats=tuple(feats),
        dodge_target=m.dodge_target, monster=m.monster, str_save=m.str_save, dex_save=m.dex_save,
        con_save=m.con_save, armor=m.armor, damage_reduction=m.damage_reduction, resistance=m.resistance,
        concealment=m.concealment, total_concealment=m.total_concealment, blinded=m.blinded,
        touch_ac=m.touch_ac, trip_defence=m.trip_defence, shield_slots=m.shield_slots, uncanny_dodge=m.uncanny_dodge, preset=meta.get("preset", ""),
    )
    return runner, meta
