"""The numbers of a later round of a fight (round 2 and after), built from the round's own rules.

A later round is the fight re-resolved (:func:`..plan.combat.resolve_fight`, a black box here) on a copy
of the scenario with the models each side has left and no charge (``charger = "none"``: no charge
bonus, no charge weapon, strike order by Initiative). A flank or rear engagement is not a charge bonus:
the unit keeps fighting the enemy's flank or rear, so the flank (+1) or rear (+2) combat result, the
fighting models of that facing, the lost supporting attacks of the unit fought in its flank, and its
lost rank bonus (disruption, recounted on the models left) carry on in every round.

References
----------
docs/warhammer_combat.md §17 (several rounds), with its sources: 8th "Flank Attack" / "Rear Attack"
(8th.whfb.app/close-combat/flank-attack: "if your unit is fighting the enemy in its flank") and
"Disruption"; 7th "Combat result bonuses" (7th.whfb.app/close-combat/combat-result-bonuses); 6th
"Combat Bonus (Movement)" (6th.whfb.app/movement/combat-bonus-movement).
"""

from __future__ import annotations

import dataclasses

from ....validation import without_effect_checks
from ..model.base import UnitProfile
from .combat import FightRules, resolve_fight

#: Weapons whose Strength or AP differs on the charge: the side fighting a flank with one of them takes
#: the armour save of a front fight in later rounds (the front-only parry is then not told apart).
CHARGE_WEAPONS = ("lance", "flail", "spear")


def _shrunk(ref, alive: int):
    """A fight unit with ``alive`` models (ranks no wider than the unit)."""
    upd = {"models": alive, "files": min(ref.files, alive),
           "models_start": ref.models_start or ref.models}
    if ref.fighting_files is not None:
        upd["fighting_files"] = min(ref.fighting_files, alive)
    return ref.model_copy(update=upd)


def later_round_rules(model, units: tuple[UnitProfile, UnitProfile], alive: tuple[int, int],
                      carried: tuple[int, int] = (0, 0)) -> FightRules:
    """The numbers of a round after the first, with ``alive`` models on each side at its start.

    Parameters
    ----------
    model : ScenarioModel
        The validated fight scenario (its first round's file).
    units : (UnitProfile, UnitProfile)
        The merged profiles of ``fight.unit`` and ``fight.enemy``.
    alive : (int, int)
        Models left on the unit and on the enemy (each at least 1).
    carried : (int, int)
        Wounds already lost by each side's wounded rank-and-file model (multi-Wound models; each less than
        the side's Wounds): whole models are removed and the wounds left over are noted and carried (6th,
        7th "Multiple wound casualties", 8th alike, TOW "Multiple Wound Models").

    Returns
    -------
    FightRules
        No charge bonuses; a flank or rear fight keeps its combat result bonus, its facing and the
        disruption of the unit fought in its flank or rear (recounted on the models left); each side's
        ``carried`` wounds.

    References
    ----------
    docs/warhammer_combat.md §17 (several rounds); 8th.whfb.app/close-combat/flank-attack ("if your unit
    is fighting the enemy in its flank"); 7th.whfb.app/close-combat/combat-result-bonuses;
    6th.whfb.app/movement/combat-bonus-movement; 7th.whfb.app/shooting/multiple-wound-casualties;
    tow.whfb.app/removing-casualties/multiple-wound-models.
    """
    rules = _later_round_rules(model, units, alive)
    if carried == (0, 0):
        return rules
    return _with_carried(rules, carried)


def _with_carried(rules: FightRules, carried: tuple[int, int]) -> FightRules:
    """``rules`` with each side's rank and file starting the round with ``carried`` wounds on one model (the
    8th Fear test's failed round alike)."""
    fear = rules.fear
    if fear is not None:
        fear = fear[:3] + (_with_carried(fear[3], carried),)
    return dataclasses.replace(rules, unit=dataclasses.replace(rules.unit, carried=carried[0]),
                               enemy=dataclasses.replace(rules.enemy, carried=carried[1]), fear=fear)


def _later_round_rules(model, units: tuple[UnitProfile, UnitProfile], alive: tuple[int, int]) -> FightRules:
    fight = model.fight
    refs = (_shrunk(fight.unit, alive[0]), _shrunk(fight.enemy, alive[1]))
    plain = fight.model_copy(update={"unit": refs[0], "enemy": refs[1], "charger": "none", "contact": "front"})
    with without_effect_checks():
        rules = resolve_fight(model.model_copy(update={"fight": plain}), units)
        if fight.charger == "none" or fight.contact == "front":
            return rules
        engaged = fight.model_copy(update={"unit": refs[0], "enemy": refs[1]})
        facing = resolve_fight(model.model_copy(update={"fight": engaged}), units)
    charger = 0 if fight.charger == "unit" else 1
    flank_bonus = 1 if fight.contact == "flank" else 2
    sides = []
    for i, (s, f) in enumerate(((rules.unit, facing.unit), (rules.enemy, facing.enemy))):
        upd = {"fighting": f.fighting}
        if i == charger:
            upd["static_bonus"] = s.static_bonus + flank_bonus
            if refs[i].weapon not in CHARGE_WEAPONS:  # no front-only parry against a flank attack
                upd["save"], upd["ward"] = f.save, f.ward
        else:
            upd["support_ranks"] = f.support_ranks  # fights to its flank or rear: no supporting ranks
            if facing.disrupted[i]:
                upd["max_rank_bonus"] = 0
        sides.append(dataclasses.replace(s, **upd))
    return dataclasses.replace(rules, unit=sides[0], enemy=sides[1], disrupted=facing.disrupted)

