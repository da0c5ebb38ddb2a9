"""Stand & Shoot (The Old World): the charged unit's shots at the charger before the charge lands, as the law of
the charger's casualties (``fight.stand_and_shoot``, docs/decisions.md "Charge reactions").

Each shot hits, wounds, gets past the charger's armour save and its ward save independently, so the casualties
of a charger with one Wound per model follow a binomial law over the shots, capped at its models; the fight is
then fought with the survivors (:class:`..scenarios.fight.FightScenario`).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ....errors import InputError
from ....language import Message, N_
from ....validation import not_modelled
from ..model.combat import TWO_HANDED, StandAndShoot
from .combat import mounted_save, save_score, to_wound

#: To-hit modifiers of a Stand & Shoot (scores added to the roll needed): shooting at a charging enemy, and
#: at long range (beyond half the weapon's range).
CHARGING_TARGET, LONG_RANGE = 1, 1


def shot_to_hit(ballistic_skill: int, long_range: bool) -> int:
    """D6 score one Stand & Shoot shot needs to hit.

    Parameters
    ----------
    ballistic_skill : int
        The shooters' BS (1 to 10).
    long_range : bool
        The charger is beyond half the weapon's range.

    Returns
    -------
    int
        2 to 6: ``7 - BS``, +1 for shooting at a charging enemy, +1 at long range; a natural 1 always misses.

    Raises
    ------
    InputError
        A score of 7 or more (hits on a 6 followed by another roll), not modelled.

    References
    ----------
    The to-hit table (7 - BS) and its modifiers, "-1 shooting at a charging enemy" and "-1 at long range":
    6th.whfb.app/appendix-eight-sequence-of-play/4-shooting-p58 and 6th.whfb.app/shooting/stand-and-shoot-shooting
    ("apply the -1 to hit modifier for shooting at a charging target"); The Old World keeps the table, the
    Stand & Shoot and long range modifiers (TOW rules index, "Shooting" and "Charge reactions: Stand & Shoot").
    """
    need = 7 - ballistic_skill + CHARGING_TARGET + (LONG_RANGE if long_range else 0)
    if need >= 7:
        raise not_modelled("fight.stand_and_shoot", f"to hit on {need}+",
                           Message(N_("a Stand & Shoot needing 7 or more to hit (a 6 then another roll)")))
    return max(need, 2)


def casualty_law(sns: StandAndShoot, shooter_bs: int | None, charger_ref, charger_prof,
                 edition: str) -> dict[int, Fraction]:
    """``{charger models removed: P}`` of a Stand & Shoot.

    Parameters
    ----------
    sns : StandAndShoot
        ``fight.stand_and_shoot`` as written.
    shooter_bs : int or None
        The charged unit's profile BS (used when ``sns.ballistic_skill`` is left out).
    charger_ref, charger_prof
        ``fight.enemy`` as written (FightUnit: models, armour, shield, weapon, ward save) and its merged profile
        (UnitProfile: Toughness, Wounds, mount, rules).
    edition : str
        Only ``"tow"``.

    Returns
    -------
    dict
        Models removed (0 to the charger's models) -> exact probability; they sum to 1.

    Raises
    ------
    InputError
        Another edition, no Ballistic Skill, a charger with more than one Wound per model or with Regeneration
        (not modelled), a to-hit of 7 or more.

    References
    ----------
    :func:`shot_to_hit`; to wound: TOW "Roll to Wound" (tow.whfb.app, the same S against T chart as close
    combat, :func:`.combat.to_wound`); armour: the charger's save with its shield (+1, one hand free) and its
    mount's barding (:func:`.combat.mounted_save`), worsened by the weapon's Armour Piercing (TOW); then its
    ward save. Casualties are removed from the charger before the charge is moved (6th.whfb.app/shooting/
    stand-and-shoot-shooting: the shots are worked out "before the chargers are moved").
    """
    if edition != "tow":
        raise not_modelled("fight.stand_and_shoot", "a table", Message(N_("Stand & Shoot in edition {edition!r} "
                                                                          "(The Old World only)"), edition=edition))
    bs = sns.ballistic_skill if sns.ballistic_skill is not None else shooter_bs
    if not bs:
        raise InputError("fight.stand_and_shoot.ballistic_skill", None,
                         Message(N_("the shooters' Ballistic Skill, 1 to 10 (fight.unit's profile has none)")))
    if charger_prof.wounds != 1:
        raise not_modelled("fight.enemy.wounds", charger_prof.wounds, Message(N_("shots at a charger with more "
                                                                                 "than one Wound per model "
                                                                                 "(fight.stand_and_shoot)")))
    if charger_prof.has("regeneration"):
        raise not_modelled("fight.stand_and_shoot", "a table", Message(N_("shots at a charger with Regeneration")))
    p_hit = Fraction(7 - shot_to_hit(bs, sns.long_range), 6)
    p_wound = Fraction(max(7 - to_wound(sns.strength, charger_prof.toughness, edition), 0), 6)
    armour = mounted_save(charger_ref, charger_prof, edition)
    if charger_ref.shield and charger_ref.weapon not in TWO_HANDED:
        armour = (armour if armour is not None else 7) - 1
    save = save_score(armour if armour is None or armour < 7 else None, sns.armour_piercing)
    ward = charger_ref.ward_save or 7
    p = p_hit * p_wound * Fraction(save - 1, 6) * Fraction(ward - 1, 6)
    n, models = sns.shots, charger_ref.models
    law: dict[int, Fraction] = {}
    for k in range(n + 1):
        q = comb(n, k) * p ** k * (1 - p) ** (n - k)
        if q:
            law[min(k, models)] = law.get(min(k, models), Fraction(0)) + q
    return law
