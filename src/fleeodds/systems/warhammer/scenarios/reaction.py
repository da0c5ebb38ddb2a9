"""A charge reaction that leads to a fight: ``situation = "flee_reaction"`` with ``options.charge_reaction =
"hold"`` or ``"stand_and_shoot"`` is the fight of the file's ``[fight]`` table, the charger's charge landing
(docs/decisions.md, "Charge reactions").

The flee reactions (flee, Fire & Flee) are the file's own flee chain (:class:`.flee.WarhammerScenario`); holding
turns it into a ``situation = "fight"`` scenario (:class:`.fight.FightScenario`) built from the same file:
``[fight.unit]`` is the charged unit and ``[fight.enemy]`` the charger (``fight.charger = "enemy"``), the charge
moves ``table.gap`` inches (TOW: the Initiative bonus of ``fight.charge_distance``), and the table edge, turn limit
and rules options carry over to the loser's chain. A Stand & Shoot fires ``fight.stand_and_shoot`` first.
"""

from __future__ import annotations

import copy
from pathlib import Path

from ....errors import InputError, short_repr
from ....language import Message, N_
from ....validation import not_modelled

#: Reactions that stand and fight.
FIGHT_REACTIONS = ("hold", "stand_and_shoot")
#: Keys of ``[options]`` read by the flee reaction's own charge only (not by a fight's loser chain).
CHARGE_ONLY_OPTIONS = ("charge_reaction", "charge_reach", "failed_charge_move_8th", "chaser_move_out_of_range",
                       "swiftstride_8th_roll")
#: Keys of ``[table]`` that place the charged unit before the charge (the fight starts in contact).
CHARGE_ONLY_TABLE = ("gap",)


def reaction_of(data: dict) -> str | None:
    """``options.charge_reaction`` of a ``flee_reaction`` file when it stands and fights, else None."""
    if data.get("situation") != "flee_reaction":
        return None
    options = data.get("options")
    reaction = options.get("charge_reaction") if isinstance(options, dict) else None
    return reaction if reaction in FIGHT_REACTIONS else None


def fight_source(data: dict, base_dir: Path | None = None) -> dict:
    """The ``situation = "fight"`` source of a ``flee_reaction`` file whose unit holds or stands and shoots.

    Parameters
    ----------
    data : dict
        The flee_reaction file (its ``[fight]`` table describes the fight).
    base_dir : pathlib.Path, optional
        Folder of the file (the charger's reach is checked on its own flee chain).

    Returns
    -------
    dict
        A fight source: the same edition, title, table edge, turn limit and options (without the charge's own),
        ``[fight]`` with ``charger = "enemy"`` and ``charge_distance = table.gap``; without ``[fleeing]`` and
        ``[pursuer]`` (the fight's units say who fights), and without ``fight.stand_and_shoot`` for a Hold.

    Raises
    ------
    InputError
        No ``[fight]`` table, a ``fight.charger`` other than the enemy, a Stand & Shoot without
        ``fight.stand_and_shoot`` or outside The Old World, a Stand & Shoot against a charger closer than its
        Movement (TOW: the unit must Hold or Flee), or a charge that may fall short of the unit (not modelled: a
        unit that holds is then not charged at all).

    References
    ----------
    The charge reactions Hold, Stand & Shoot and Flee (6th.whfb.app/shooting/stand-and-shoot-shooting; TOW rules
    index, "Charge reactions"); the charge's reach by edition (docs/warhammer.md §3.4).
    """
    reaction = reaction_of(data)
    where = "options.charge_reaction"
    fight = data.get("fight")
    if not isinstance(fight, dict):
        raise InputError(where, reaction, Message(N_("'flee' or 'fire_and_flee', or a [fight] table with "
                                                     "[fight.unit] (the charged unit) and [fight.enemy] (the "
                                                     "charger) for 'hold' and 'stand_and_shoot'")))
    if fight.get("charger", "enemy") != "enemy":
        raise InputError("fight.charger", short_repr(fight.get("charger")),
                         Message(N_("'enemy' in a flee_reaction (the enemy charges your unit)")))
    edition = str(data.get("edition", "")).lower()
    if reaction == "stand_and_shoot":
        if edition not in ("tow", "the_old_world", "old_world"):
            raise not_modelled(where, reaction, Message(N_("Stand & Shoot outside The Old World")))
        if "stand_and_shoot" not in fight:
            raise InputError("fight.stand_and_shoot", None, Message(N_("a table of the unit's shots "
                                                                       "(fight.stand_and_shoot.shots, "
                                                                       "fight.stand_and_shoot.strength) for "
                                                                       "options.charge_reaction = "
                                                                       "'stand_and_shoot'")))
    _check_reach(data, base_dir)
    out = {k: copy.deepcopy(v) for k, v in data.items()
           if k not in ("fleeing", "pursuer", "fight", "situation", "options", "table", "compare", "decide")}
    out["situation"] = "fight"
    f = copy.deepcopy(fight)
    f["charger"] = "enemy"
    if reaction == "hold":
        f.pop("stand_and_shoot", None)
    table = {k: copy.deepcopy(v) for k, v in (data.get("table") or {}).items() if k not in CHARGE_ONLY_TABLE}
    gap = (data.get("table") or {}).get("gap")
    if edition in ("tow", "the_old_world", "old_world") and gap is not None and "charge_distance" not in f:
        f["charge_distance"] = gap
    out["fight"] = f
    if table:
        out["table"] = table
    options = {k: copy.deepcopy(v) for k, v in (data.get("options") or {}).items() if k not in CHARGE_ONLY_OPTIONS}
    if options:
        out["options"] = options
    return out


def _check_reach(data: dict, base_dir: Path | None) -> None:
    """Refuse a charge that may fall short: its shortest reach (M plus the lowest charge roll) under the gap."""
    from .flee import WarhammerScenario
    from ....validation import without_effect_checks

    flee = {k: copy.deepcopy(v) for k, v in data.items() if k not in ("fight", "compare", "decide")}
    flee["options"] = dict(flee.get("options") or {}, charge_reaction="flee")
    with without_effect_checks():
        r = WarhammerScenario(flee, base_dir).rules
    if reaction_of(data) == "stand_and_shoot" and r.gap < r.charge_move:
        # TOW: no Stand & Shoot (nor Fire & Flee) against a charger closer than its Movement
        raise InputError("options.charge_reaction", "stand_and_shoot",
                         Message(N_("'hold' or 'flee' when the charger is closer than its Movement "
                                    "({charge_move:g}; table.gap = {gap:g}): no Stand & Shoot then"),
                                 charge_move=r.charge_move, gap=r.gap))
    shortest = r.charge_fixed + r.charge_dice.min_value
    if r.gap > shortest:
        raise not_modelled("options.charge_reaction", reaction_of(data),
                           Message(N_("a charge that may fall short: table.gap {gap:g} is beyond the charger's "
                                      "shortest charge, {shortest:g} (a unit that holds may then not be charged "
                                      "at all)"), gap=r.gap, shortest=shortest))
