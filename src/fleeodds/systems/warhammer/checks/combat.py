"""No silent inputs in situation ``fight``: unit fields that are wrong for the fight or change
nothing in it, fight options that cannot change the round, chain fields that change neither
unit's Break test, flight, pursuit or rally, and what fleeodds does not model (champions,
characters, magic items), each refused by name.

Equipment that does not fit a unit (a lance on foot, a shield with a two-handed weapon) is refused
while the round is resolved (:func:`..plan.combat.resolve_fight`).
"""

from __future__ import annotations

from ....errors import InputError, short_repr
from ....language import Message, N_
from ....validation import effect_checks_on, equals_default, inert, not_modelled
from ..model.base import UnitProfile
from ..model.combat import NOT_MODELLED, SIDES
from ..model.flee import ScenarioModel
from ..plan.combat import fight_option_defaults
from ..plan.flee import option_defaults
from .flee import EXEMPT_OPTIONS, is_used, special_rule_errors


def refuse_not_modelled(data: dict) -> None:
    """Refuse a field fleeodds does not model in a fight unit (:data:`..model.combat.NOT_MODELLED`:
    champions, characters, challenges, magic items) by its dotted path, before validation."""
    fight = data.get("fight")
    if not isinstance(fight, dict):
        return
    for side in SIDES:
        table = fight.get(side)
        if isinstance(table, dict):
            for key, what in NOT_MODELLED.items():
                if key in table:
                    raise not_modelled(f"fight.{side}.{key}", table[key], Message(what))


#: Rules that make a unit immune to 8th-edition Fear in close combat (a Fear- or Terror-causing unit is).
FEAR_IMMUNE = ("fear", "terror", "immune_to_psychology", "unbreakable")


def fight_rule_error(rule: str, edition: str, foe: UnitProfile, field: str):
    """The refusal of a special rule fleeodds does not model in this fight, else ``None``.

    The Old World's Always Strikes First / Last (its own strike rules: a separate issue) and Killing
    Blow against models of more than one Wound are refused. 8th-edition Fear and Terror are modelled
    (:func:`..plan.combat.resolve_fight`); against an enemy immune to Fear they change nothing
    (:func:`fight_rule_context`).

    Parameters
    ----------
    rule : str
    edition : str
    foe : UnitProfile
        The other unit.
    field : str
        Where the rule was written (``fight.unit.rules``, ``fight.unit.profile``...).

    Returns
    -------
    InputError or None
        A :func:`fleeodds.validation.not_modelled` error naming ``field``.

    References
    ----------
    8th "Fear" (8th.whfb.app/special-rules/fear); docs/warhammer_combat.md §7 (checks) and §15.
    """
    if rule in ("always_strikes_first", "always_strikes_last") and edition == "tow":
        return not_modelled(field, rule, Message(N_("The Old World's own strike-order rules (a separate issue)")))
    if rule in ("stomp", "thunderstomp") and edition != "8th":
        return not_modelled(field, rule, Message(N_("Stomp in {edition} (an 8th-edition rule here; TOW's Stomp "
                                                    "Attacks (X) are not an input)"), edition=edition))
    if rule == "killing_blow" and (foe.wounds or 1) > 1:
        return not_modelled(field, rule, Message(N_("Killing Blow against models of {wounds} Wounds (a model "
                                                    "slain outright whatever its Wounds)"), wounds=foe.wounds))
    return None  # 8th Fear in close combat is modelled (..plan.combat.resolve_fight: a Leadership test, WS 1)


def fight_rule_context(rule: str, edition: str, foe: UnitProfile, charger: str = "unit") -> Message | None:
    """Why a special rule fleeodds models changes nothing in this fight (round and chain), else ``None``:
    Fear and Terror in 8th against an enemy immune to Fear, Swiftstride in 6th and 7th (an 8th and TOW
    rule of flee, pursuit and charge rolls), Steadfast outside 8th (docs/warhammer_combat.md §7)."""
    if edition == "8th" and rule in ("fear", "terror") and any(foe.has(r) for r in FEAR_IMMUNE):
        return Message(N_("in this 8th-edition fight (the enemy is immune to Fear)"))
    if rule == "swiftstride" and edition in ("6th", "7th"):
        return Message(N_("in {edition} (Swiftstride acts on 8th-edition and Old World flee, pursuit and charge "
                          "rolls)"), edition=edition)
    if rule == "steadfast" and edition != "8th":
        return Message(N_("in {edition} (Steadfast is an 8th-edition rule)"), edition=edition)
    if rule in ("stomp", "thunderstomp") and edition == "8th" and foe.troop_type not in ("infantry", "war_beast",
                                                                                         "swarm"):
        return Message(N_("against {troop_type} (8th Stomp hits infantry, war beasts and swarms)"),
                       troop_type=foe.troop_type.replace("_", " "))
    if rule == "hatred" and charger == "none":
        return Message(N_("after the first round (Hatred re-rolls misses in the first round of a combat)"))
    return None


def check_fight_units(data: dict, model: ScenarioModel, units: tuple[UnitProfile, UnitProfile],
                      effects: bool = True) -> None:
    """Refuse, by name, unit fields that are wrong for this fight or change nothing in it.

    ``models_start`` below ``models`` (a unit cannot start the battle smaller than it fights);
    unless a sweep turned the checks off (:func:`fleeodds.validation.effect_checks_on`): a
    ``general_leadership`` not above the unit's Leadership (a unit uses its General's only when
    higher, for its Break and rally tests), and ``fly`` where fleeodds models no flying move
    (8th, TOW: :func:`.flee.special_rule_errors`) -- named where it was written (``rules``,
    ``extra_rules``) or as the ``profile`` that carries it. ``effects=False``
    (:meth:`..scenarios.fight.FightScenario.with_unit`: the scenario's own fields were checked when
    it was loaded) keeps only the first check.

    Raises
    ------
    InputError
        Naming the field (``fight.<side>.<field>``), its value and why.
    """
    f = model.fight
    written = data.get("fight") or {}
    for side, prof in zip(SIDES, units):
        ref, raw = getattr(f, side), written.get(side) or {}
        where = f"fight.{side}"
        if ref.models_start is not None and ref.models_start < ref.models:
            raise InputError(f"{where}.models_start", ref.models_start,
                             Message(N_("at least the unit's models when the fight starts ({models})"),
                                     models=ref.models))
        foe = units[1] if side == "unit" else units[0]
        for rule in prof.rules:  # rules not modelled in this fight: refused whatever the checks
            field = next((f"{where}.{k}" for k in ("rules", "extra_rules") if rule in (raw.get(k) or ())),
                         f"{where}.profile")
            err = fight_rule_error(rule, model.edition, foe, field)
            if err is not None:
                raise err
        if not (effects and effect_checks_on()):
            continue
        for rule in prof.rules:  # written rules that change nothing here: noted (a profile's describe the unit)
            field = next((f"{where}.{k}" for k in ("rules", "extra_rules") if rule in (raw.get(k) or ())), None)
            why = fight_rule_context(rule, model.edition, foe, f.charger)
            if field is not None and why is not None:
                inert(field, rule, why)
        if ref.general_leadership is not None and ref.general_leadership <= prof.leadership:
            inert(f"{where}.general_leadership", ref.general_leadership,
                            Message(N_("when it is not above the unit's own Leadership ({leadership}): a unit "
                                       "uses its General's Leadership only when it is higher"),
                                    leadership=prof.leadership))
        for rule in prof.rules:
            for role in ("fleeing", "pursuer"):  # the unit may lose (flee) or win (pursue)
                field = next((f"{where}.{k}" for k in ("rules", "extra_rules") if rule in (raw.get(k) or ())),
                             f"{where}.profile")
                err = special_rule_errors(role, rule, model, field)
                if err is not None and rule != "fast_cavalry":  # fast cavalry forgoes ranks in a fight
                    raise err


def check_fight_options(data: dict, model: ScenarioModel) -> None:
    """Refuse fight options written in the file that cannot change this round."""
    if not effect_checks_on():  # a sweep builds cells where a field may be moot
        return
    written = ((data.get("fight") or {}).get("options") or {})
    ed, f = model.edition, model.fight
    if "test" in data:  # the Leadership test of the leadership_test and panic situations
        inert("test", short_repr(data["test"]), Message(N_("in situation 'fight' (the loser takes a Break test)")))
    for side in ("unit", "enemy"):
        ref = getattr(f, side)
        if ref.fighting_files is not None and ref.models is not None and ref.fighting_files > ref.models:
            raise InputError(f"fight.{side}.fighting_files", ref.fighting_files,
                             Message(N_("at most the unit's models ({models}): models in base contact"),
                                     models=ref.models))
    for name in written:
        if name.startswith("tow_") and ed != "tow":
            inert(f"fight.options.{name}", written[name], Message(N_("in {ed} (a rule of The Old World)"), ed=ed))
    # an option whose default is "by edition", written at the edition's own value, is a default: nothing said
    by_edition = fight_option_defaults(ed)
    written = {k: v for k, v in written.items() if not (k in by_edition and v is by_edition[k])}
    if "charge_strikes_first" in written and f.charger == "none":
        inert("fight.options.charge_strikes_first", written["charge_strikes_first"],
                        Message(N_("with charger = 'none' (nobody charged)")))
    given = data.get("fight") or {}
    if "charge_distance" in given:  # TOW's Initiative for the charge (plan.tow_combat.charge_bonus)
        if ed != "tow":
            inert("fight.charge_distance", given["charge_distance"], Message(N_("in {ed} (the charge's "
                                                                                "Initiative bonus is a rule of "
                                                                                "The Old World)"), ed=ed))
        elif f.charger == "none":
            inert("fight.charge_distance", given["charge_distance"], Message(N_("with charger = 'none' (nobody "
                                                                                "charged)")))
    if "spear_ranks_on_charge" in written and (f.charger == "none" or getattr(f, f.charger).weapon != "spear"):
        inert("fight.options.spear_ranks_on_charge", written["spear_ranks_on_charge"],
                        Message(N_("unless the charging unit fights with spears")))


def check_chain_fields(data: dict, chains: tuple) -> None:
    """Refuse a [table] or [options] field that changes the chain whichever unit loses (the checks
    of :mod:`.flee` on both directions of the chain: ``chains``, the break scenarios where the
    enemy loses and where the unit loses)."""
    if not effect_checks_on():
        return
    by_edition = option_defaults(chains[0].model.edition)
    for group in ("table", "options"):
        for name, value in (data.get(group) or {}).items():
            if group == "options" and name in EXEMPT_OPTIONS:
                continue
            if group == "options" and name in by_edition and equals_default(value, by_edition[name]):
                continue  # the edition's own value of a "by edition" option: a default, nothing to say
            path = (group, name)
            if not any(is_used((c.model, c.fleeing, c.pursuer), path) for c in chains):
                inert(f"{group}.{name}", value, Message(N_("in this fight (it changes neither unit's Break test, "
                                                           "flight, pursuit or rally)")))
