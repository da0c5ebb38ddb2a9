"""Every field written in a Warhammer scenario is checked for whether it can change the numbers.

A field is *used* when some value of it changes what the evaluators read
(:func:`effective`: the resolved numbers of :mod:`..plan.flee`, restricted to those the
situation, the edition and the other fields make the solver consult). A field
written in the file that no value of could change is accepted with a note naming it and
why (:func:`fleeodds.validation.inert`; an error under ``--strict``), e.g. ``combat.margin``
in ``situation = "fleeing"`` (no Break test), ``table.max_turns`` in a charge
situation, ``fleeing.musician`` in 7th (no rally bonus), the pursuer's
``general_leadership`` without a restraint test. Every such field is noted, not only the
first; a rule fleeodds does not model in the edition (``fly`` in 8th) is still refused.

Always accepted silently: labels (``system``, ``title``, ``description``, ``name``), the
``edition`` and ``situation``, a unit's ``profile`` and its characteristics
``movement`` and ``leadership`` (they describe the unit, and an inline unit needs
them; those that change nothing are listed by :func:`unused_inputs`), ``[compare]`` (each setup is
checked when it is built), ``options.geometry`` (its only value), and a unit's ``troop_type`` or
``rules`` written as its named profile has them (the profile's card is that field's default).

Special rules that come from a named profile (not written in the file) are not
noted: they describe the unit; those without effect are listed in
:meth:`WarhammerScenario.describe` under ``rules_without_effect``.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

from ....errors import FleeoddsError, InputError
from ....language import Message, N_
from ....validation import annotation_values, equals_default, inert, not_modelled
from ..model.base import TROOP_TYPES, UnitProfile
from ..model.flee import TEST_KINDS, TEST_SITUATIONS, Options, ScenarioModel
from ..model.profiles import find_profile
from ..plan.flee import (BREAK_CLASSIC, BREAK_NONE, BREAK_TOW, FAILED_MOVE_M, PURSUE_LD_TEST, PURSUE_NEVER, Rules,
                         option_defaults, resolve)
from ..plan.leadership import RALLY_DOUBLE1_ONLY, RALLY_NORMAL, double1_pass, ld_test_pass

CHARGE_SITUATIONS = ("charge_fleeing", "flee_reaction")
#: "in <the edition>" as a reason says it (its preposition differs by edition in French: en 6e édition, dans The
#: Old World).
IN_EDITION = {"6th": N_("in 6th edition"), "7th": N_("in 7th edition"), "8th": N_("in 8th edition"),
              "tow": N_("in The Old World"), "starter": N_("in the starter rules")}
#: Fields never refused (labels, the unit's identity and characteristics, the comparison).
EXEMPT_TOP = {"system", "title", "description", "edition", "situation", "compare", "profiles_file"}
EXEMPT_UNIT = {"profile", "name", "movement", "leadership"}
EXEMPT_OPTIONS = {"geometry"}
DICE_OPTIONS = ("flee_roll", "pursuit_roll", "charge_reach")


def _first_move_reaches(r: Rules) -> bool:
    """Whether the first flee (or fall-back) move can reach the table edge (``edge_contact`` included)."""
    longest = max(r.flee.max_value, r.fall_back.max_value if r.break_mode == BREAK_TOW else 0)
    return longest > r.edge if r.edge_strict else longest >= r.edge


def effective(r: Rules) -> dict[str, Any]:
    """The resolved numbers the exact solver and the kernel consult for ``r``.

    Mirrors the control flow of :mod:`..exact.flee` (``start``, ``rally_phase``,
    ``enemy_phase``): a number left out cannot change any probability. A
    Leadership test enters as its probability of passing (margin, natural doubles
    and re-roll included), not as its parameters: an option such as
    ``insane_courage`` or ``ld_double1_passes`` that gives the same probability
    (Ld 5 losing by 2: the double 1 passes anyway) changes nothing. The order of a
    catch and an edge contact (``catch_first``) enters only where the combat-phase
    pursuit can do both (the first flee move reaching the edge): a charged unit's
    flee move always resolves before the charge (§3.4).
    """
    used: dict[str, Any] = {"situation": r.situation}
    if r.obstacles:  # things in the way (..plan.obstacles): their models and rally tests after losses
        used.update(obstacles=r.obstacles, models=r.models, rally_by_models=r.rally_by_models)
        if any(o.effect == 1 for o in r.obstacles):  # THROUGH: the clearance places the unit beyond
            used["clearance"] = r.clearance
    edge = not math.isinf(r.edge)
    if edge:
        used.update(edge=r.edge, edge_strict=r.edge_strict)
    if r.flee_near_edge is not None:  # TOW Swiftstride left out near the edge (the edge is there)
        used.update(flee_near_edge=r.flee_near_edge, swift_edge_margin=r.swift_edge_margin)
    if r.situation in CHARGE_SITUATIONS:
        used.update(flee=r.flee, charge_dice=r.charge_dice, charge_fixed=r.charge_fixed, gap=r.gap,
                    tie_strict=r.tie_strict)
        if r.edition == "tow":
            used["declare_range"] = r.declare_range  # a gap beyond it is refused (no charge declared)
        return used
    breaks = True
    if r.break_mode == BREAK_CLASSIC:
        if r.unbreakable:
            return {"situation": r.situation, "always": "held"}
        used["auto_break"] = r.auto_break
        if r.auto_break:
            used["p_held"] = double1_pass(replace(r.break_test, reroll=False)) if r.break_test.double1_passes \
                else 0
        else:
            used["p_held"] = ld_test_pass(r.break_test, r.margin)
    elif r.break_mode == BREAK_TOW:
        if r.unbreakable:
            return {"situation": r.situation, "always": "gave_ground"}
        used.update(break_ld=r.break_test.ld, break_dice=r.break_test.dice, margin=r.margin, tow_outnumbered=r.tow_outnumbered_breaks,
                    tow_bsb_policy=r.tow_bsb_policy, tow_stubborn=r.tow_stubborn_falls_back,
                    fall_back=r.fall_back)
        breaks = not r.tow_stubborn_falls_back
    chases = r.pursue_mode != PURSUE_NEVER
    used["pursue_mode"] = r.pursue_mode
    if r.pursue_mode == PURSUE_LD_TEST:
        used["p_restrain"] = ld_test_pass(r.restraint_test)
    if chases:
        used.update(pursuit=r.pursuit, tie_strict=r.tie_strict, gap=r.gap)
        if edge and _first_move_reaches(r):
            used["catch_first"] = r.catch_first
    chain = breaks and r.max_turns > 0
    if breaks and (chases or edge or chain):
        used["flee"] = r.flee
    if r.break_mode == BREAK_TOW and (chases or edge):
        used["fall_back"] = r.fall_back
    if not chain:
        return used
    used.update(max_turns=r.max_turns, rally_mode=r.rally_mode, chaser_charges=r.chaser_charges)
    if r.rally_by_models and r.rally_tries > 1:  # the rally tests by models left (obstacles), taken twice
        used["rally_tries"] = r.rally_tries
    if r.rally_mode == RALLY_NORMAL:
        used["p_rally"] = 1 - (1 - ld_test_pass(r.rally_test)) ** r.rally_tries
    elif r.rally_mode == RALLY_DOUBLE1_ONLY:
        used["p_rally"] = 1 - (1 - double1_pass(r.rally_test)) ** r.rally_tries
    if r.chaser_impetuous:
        used["chaser_impetuous"] = ld_test_pass(r.restraint_test) if r.impetuous_ld_test else "d6"
    if r.chaser_charges or r.chaser_impetuous:
        used.update(enemy_first=r.enemy_first, declare_range=r.declare_range, out_of_range_move=r.out_of_range_move,
                    charge_dice=r.charge_dice, charge_fixed=r.charge_fixed, tie_strict=r.tie_strict,
                    failed_move_mode=r.failed_move_mode, gap=r.gap)
        if r.failed_move_mode == FAILED_MOVE_M:
            used["charge_move"] = r.charge_move
    return used


# -- alternatives of one field ------------------------------------------------------------
Units = tuple[ScenarioModel, UnitProfile, UnitProfile]


def _option_values(name: str) -> list[Any]:
    if name in DICE_OPTIONS:
        return [None, "1d6", "2d6", "3d6"]
    if name == "musician_rally_bonus":
        return [None, 0, 1]
    if name == "flee_clearance":
        return [None, 0.0, 1.0, 2.0]
    if name == "tow_swiftstride_edge_margin":
        return [0.0, 6.0, 12.0, 200.0]
    return annotation_values(Options.model_fields[name].annotation) or [None]


GROUP_VALUES = {
    ("combat", "margin"): [1, 2, 30],
    ("table", "gap"): [0.0, 1.0, 50.0],
    ("table", "edge_distance"): [None, 1.0, 12.0, 200.0],
    ("table", "max_turns"): [0, 1, 2],
    ("table", "first_turn"): ["fleeing_side", "enemy"],
    ("test", "kind"): list(TEST_KINDS),
    ("test", "ld_modifier"): [-1, 0, 1],
    ("combat", "broken_from"): ["front", "flank", "rear"],
    ("combat", "loser_frontage"): [0.0, 4.0, 12.0],
    ("combat", "loser_depth"): [0.0, 2.0, 12.0],
}
UNIT_VALUES = {
    "models_start": [1, 2, 20, 1000],
    "models_left": [None, 1, 5, 10, 1000],
    "musician": [False, True],
    "general_leadership": [None, 0, 10],
    "battle_standard": [False, True],
    "rank_bonus": [0, 1, 3],
    "rallying_cry": [False, True],
}

#: A unit's characteristics (accepted whatever the situation; listed by :func:`unused_inputs` when moot).
CARD_VALUES = {"movement": [0, 1, 3, 4, 5, 6, 7, 8, 10, 20], "leadership": [0, 2, 3, 5, 6, 7, 8, 9, 10]}


def _set(model: ScenarioModel, group: str, name: str, value: Any) -> ScenarioModel:
    sub = getattr(model, group).model_copy(update={name: value})
    return model.model_copy(update={group: sub})


def _alternatives(units: Units, path: tuple[str, ...]) -> Iterator[Units]:
    """The scenario with the field at ``path`` set to each of a few values (no validation)."""
    model, fleeing, pursuer = units
    if path[0] in ("combat", "table", "options", "test"):
        group, name = path
        if group == "options":
            values = _option_values(name)
        else:
            values = GROUP_VALUES.get((group, name), [False, True])
            if (group, name) == ("combat", "margin") and model.combat.margin == 0:
                values = [0] + values  # a written draw is used when it differs from a loss
        for v in values:
            yield _set(model, group, name, v), fleeing, pursuer
        return
    role, name = path[0], path[1]
    prof = fleeing if role == "fleeing" else pursuer

    def with_prof(p: UnitProfile, m: ScenarioModel = model) -> Units:
        return (m, p, pursuer) if role == "fleeing" else (m, fleeing, p)

    if name in CARD_VALUES:
        for v in CARD_VALUES[name]:
            yield with_prof(prof.model_copy(update={name: v}))
        return
    if name == "troop_type":
        for t in TROOP_TYPES:
            yield with_prof(prof.model_copy(update={"troop_type": t}))
        return
    if name in ("rules", "extra_rules"):
        rule = path[2]
        without = tuple(r for r in prof.rules if r != rule)
        yield with_prof(prof.model_copy(update={"rules": without}))
        yield with_prof(prof.model_copy(update={"rules": without + (rule,)}))
        return
    # situation fields of the unit; Leadership set so that a capped or floored value cannot hide an effect
    context = {"general_leadership": 0, "musician": 5}.get(name)
    if context is not None:
        prof = prof.model_copy(update={"leadership": context})
    for v in UNIT_VALUES[name]:
        ref = getattr(model, role).model_copy(update={name: v})
        if name == "musician":
            ref = ref.model_copy(update={"general_leadership": None})
        yield with_prof(prof, model.model_copy(update={role: ref}))


def is_used(units: Units, path: tuple[str, ...]) -> bool:
    """Whether some value of the field at ``path`` changes :func:`effective`."""
    seen = None
    for m, f, p in _alternatives(units, path):
        e = effective(resolve(m, f, p))
        if seen is None:
            seen = e
        elif e != seen:
            return True
    return False


# -- the check -----------------------------------------------------------------------------
#: A unit's fields whose value a named profile gives (written as the profile has it: its default, no note).
PROFILE_GIVES = ("troop_type", "rules")


def restates_profile(table: dict, name: str, role: str, profiles_file: Path | None) -> bool:
    """Whether a unit table's field ``name`` is written as the unit's named ``profile`` has it
    (``troop_type = "cavalry"`` on Empire Knights, their ``rules`` in any order): the profile's
    card is that field's default, so it is accepted without a note."""
    ref = table.get("profile")
    if name not in PROFILE_GIVES or not isinstance(ref, str):
        return False
    try:
        card = find_profile(ref, role, profiles_file)[0]
    except FleeoddsError:  # an unknown profile is refused by the loader itself
        return False
    value, own = table.get(name), card.get(name)
    if name == "rules":
        return isinstance(value, list) and isinstance(own, list) and sorted(map(str, value)) == sorted(own)
    return own is not None and value == own


def written_paths(source: dict, profiles_file: Path | None = None) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every checked field written in the source: ``(path parts, value)``; rules one by one; a unit's
    field written as its named profile has it is left out (:func:`restates_profile`)."""
    for group in ("combat", "table", "options", "test"):
        table = source.get(group)
        if isinstance(table, dict):
            for name, v in table.items():
                if group == "options" and name in EXEMPT_OPTIONS:
                    continue
                yield (group, name), v
    for role in ("fleeing", "pursuer"):
        table = source.get(role)
        if not isinstance(table, dict):
            continue
        for name, v in table.items():
            if name in EXEMPT_UNIT or restates_profile(table, name, role, profiles_file):
                continue
            if name in ("rules", "extra_rules"):
                for rule in v:
                    yield (role, name, rule), rule
            else:
                yield (role, name), v


def drawn(model: ScenarioModel) -> bool:
    """Whether the scenario is a drawn combat without a Break test: ``situation = "break"`` with
    ``combat.margin = 0`` and no musician winning the draw (only the winner's side has one; §3.1,
    :func:`..plan.flee.resolve`)."""
    if model.situation != "break" or model.combat.margin != 0:
        return False
    winners = [model.pursuer] if model.pursuer is not None else list(model.pursuers or ())
    return bool(model.fleeing.musician) or not any(w.musician for w in winners)


#: What each option, table or combat field acts on: the reason it gives when nothing of it decides a number
#: here (the last resort of :func:`_hint`; true whenever the field is found to change nothing).
ACTS_ON = {
    ("options", "tie_rule"): N_("it only decides a pursuit or charge roll equal to the distance, which decides "
                                "nothing here"),
    ("options", "flee_roll"): N_("it only sets the flee roll, which decides nothing here"),
    ("options", "pursuit_roll"): N_("it only sets the pursuer's roll, which decides nothing here"),
    ("options", "charge_reach"): N_("it only sets a charge's reach, and no charge decides anything here"),
    ("options", "swiftstride_8th_roll"): N_("it only sets the 8th-edition Swiftstride roll, which no unit "
                                            "here makes"),
    ("options", "tow_swiftstride_use"): N_("it only says whether a Swiftstride unit uses its rule in The Old "
                                           "World, which no roll here depends on"),
    ("options", "bsb_reroll"): N_("it only sets what a Battle Standard re-rolls, and no re-roll decides "
                                  "anything here"),
    ("options", "tow_bsb_break_reroll_policy"): N_("it only sets what a Battle Standard re-rolls after a Break "
                                                   "test in The Old World, and no re-roll decides anything here"),
    ("options", "cold_blooded_scope"): N_("it only acts on the tests of a Cold-blooded unit, and none decides "
                                          "anything here"),
    ("options", "cold_blooded_double1"): N_("it only acts on the tests of a Cold-blooded unit, and none decides "
                                            "anything here"),
    ("options", "steadfast_uses_general_ld"): N_("it only acts on the Break test of a Steadfast unit in 8th "
                                                 "edition"),
    ("options", "musician_rally_bonus"): N_("it only adds a musician's bonus to rally tests, and no musician "
                                            "rallies here"),
    ("options", "pursuer_restrains"): N_("it only says whether the winner may hold back from pursuing, which "
                                         "decides nothing here"),
    ("options", "edge_contact"): N_("it only says when a unit reaching the table edge leaves it, and no move "
                                    "here reaches a table edge (table.edge_distance)"),
    ("options", "rally_casualty_rule"): N_("it only sets the casualty limits of rally tests, which decide nothing "
                                           "here"),
    ("options", "tow_fall_back_outnumbered_breaks"): N_("it only acts on a Break test in The Old World"),
    ("options", "tow_stubborn_falls_back"): N_("it only acts on the Break test of a Stubborn unit in The Old World"),
    ("options", "failed_charge_move_8th"): N_("it only sets how far a failed charge moves in 8th edition, which "
                                              "decides nothing here"),
    ("options", "chaser_move_out_of_range"): N_("it only moves a chaser that cannot reach its charge, which "
                                                "decides nothing here"),
    ("options", "flee_clearance"): N_("it only says where a flee move through a unit or terrain stops"),
    ("table", "gap"): N_("it is the pursuer's or charger's distance, which decides nothing here"),
    ("table", "edge_distance"): N_("it only places the table edge, which decides nothing here"),
    ("table", "max_turns"): N_("it only sets the rally turns of a fleeing unit, which decide nothing here"),
}
#: The combat fields of one edition: (the editions that read it, why elsewhere).
COMBAT_EDITIONS = {
    "steadfast": (("8th",), N_("Steadfast is a rule of the 8th edition")),
    "fear_outnumbered": (("6th", "7th"), N_("the automatic break by a Fear-causing winner is a rule of the 6th "
                                            "and 7th editions")),
    "outnumbered_two_to_one": (("tow",), N_("a unit outnumbered two to one breaks automatically only in The Old "
                                            "World")),
}


def _hint(path: tuple[str, ...], model: ScenarioModel, own_keeps_charging: bool = False) -> Message | None:
    text = _specific_hint(path, model, own_keeps_charging) or ACTS_ON.get(tuple(path[:2]))
    return Message(text) if text else None


def _specific_hint(path: tuple[str, ...], model: ScenarioModel, own_keeps_charging: bool = False) -> str:
    sit = model.situation
    role = path[0]
    name = path[1]
    if drawn(model) and path[:2] not in (("combat", "margin"), ("fleeing", "musician"), ("pursuer", "musician")):
        # the input is moot because of another field: name that field (combat.margin), not only the situation
        return N_("combat.margin = 0 is a drawn combat: no Break test, so no flight, pursuit or rally follows")
    if role == "test" and sit not in TEST_SITUATIONS:
        return N_("the [test] table belongs to the leadership_test and panic situations")
    if role == "test" and name == "kind":
        return N_("the kind of test only decides a Cold-blooded unit's dice in TOW (and the panic situation "
                  "is always a Panic test)")
    if role == "table" and sit == "leadership_test":
        return N_("the leadership_test situation ends with the test")
    if role == "combat" and sit != "break":
        return N_("there is no Break test in this situation")
    if role == "combat" and name in COMBAT_EDITIONS and model.edition not in COMBAT_EDITIONS[name][0]:
        return COMBAT_EDITIONS[name][1]
    if role == "combat" and name == "margin" and model.edition != "tow":
        return N_("a Stubborn (6th/7th) or Steadfast (8th) unit tests on its unmodified Leadership, and an "
                  "Unbreakable one or an automatic break takes no test")
    if role == "table" and sit in CHARGE_SITUATIONS and name in ("max_turns", "chaser_keeps_charging", "first_turn"):
        return N_("the charge situations end with the flee move")
    if role == "table" and name in ("chaser_keeps_charging", "first_turn"):
        if own_keeps_charging:  # the advice of a pursuer's own keeps_charging names no table field
            return N_("it acts in the turns of the chain: set table.max_turns > 0")
        return N_("it acts in the turns of the chain: set table.max_turns > 0 and table.chaser_keeps_charging = true")
    if name == "troop_type":
        return N_("the troop type changes no number here; Movement and special rules do")
    if role == "pursuer" and name == "general_leadership":
        return N_("a General only helps the pursuer's test to not pursue, with options.pursuer_restrains = "
                  "'ld_test', and not in the starter rules")
    if role == "pursuer" and name == "battle_standard":
        return N_("a Battle Standard only re-rolls the pursuer's failed test to not pursue, with "
                  "options.pursuer_restrains = 'ld_test' where options.bsb_reroll is 'any_failed_ld' (8th default)")
    if role == "fleeing" and name == "battle_standard":
        return N_("a Battle Standard re-rolls the Break test, except in the starter rules, and rally tests in "
                  "8th and TOW; see options.bsb_reroll")
    if role == "fleeing" and name == "general_leadership":
        return N_("a General lends his Ld to the Break test and, except in the starter rules, to rally tests")
    if role == "pursuer" and name == "musician":
        return N_("a pursuer's musician only wins a drawn combat (combat.margin = 0) against a unit without one")
    if role == "pursuer" and name in ("models_start", "models_left"):
        return N_("it only acts on the fleeing unit's rally tests")
    if name == "models_start" and model.fleeing.models_left is None:
        return N_("the casualty limits compare models_left with models_start; give models_left")
    if name == "musician":
        return N_("a musician wins a drawn combat (combat.margin = 0) against a unit without one, and adds to "
                  "rally tests with table.max_turns > 0, in 6th, in TOW or with options.musician_rally_bonus = 1")
    if name in ("models_start", "models_left"):
        return N_("the casualty limits act on rally tests only, with table.max_turns > 0")
    if role == "options" and name in ("insane_courage", "ld_double1_passes", "ld_double6_fails"):
        return N_("every Leadership test here passes or fails on a natural double anyway, by its total")
    if role == "options" and name == "flee_clearance" and not model.obstacles:
        return N_("it says where a flee move through things in the way stops, and there are no [[obstacles]]")
    if role == "options" and name == "catch_vs_edge_order":
        return N_("it orders the combat-phase pursuit only, where the first flee move can reach the table edge; "
                  "a charged unit's flee move always resolves before the charge")
    if name in ("rules", "extra_rules") and role == "pursuer" and path[2] == "fear":
        return N_("a Fear-causing winner's automatic break is combat.fear_outnumbered")
    tow_rule = path[2] if name in ("rules", "extra_rules") and len(path) > 2 else None
    if tow_rule in TOW_RULE_HINTS or name in TOW_FIELD_HINTS:
        return TOW_RULE_HINTS.get(tow_rule) or TOW_FIELD_HINTS[name]
    return ""


#: Where the TOW-only flee rules act (docs/warhammer.md, "The Old World's own flee and rally rules").
TOW_RULE_HINTS = {
       "warband": N_("a Warband adds fleeing.rank_bonus to its Leadership on its Break, Panic or plain test, in TOW"),
       "scurrying_masses": N_("Scurrying Masses adds fleeing.rank_bonus to its Leadership on its Break, Panic or plain "
                           "test, in TOW"),
       "veteran": N_("a Veteran re-rolls failed Leadership tests (rally tests, plain and Panic tests, a pursuer's "
                  "Restraint test), not the Break test, in TOW"),
       "fire_and_flee": N_("Fire & Flee acts with options.charge_reaction = 'fire_and_flee', in a TOW flee_reaction"),
       "random_movement": N_("Random Movement forbids declaring charges and fleeing from one (refused there), in TOW; "
                          "a pursuit is unchanged"),
       "impetuous": N_("an Impetuous chaser must charge on a D6 of 1-3 in the turns of the chain (table.max_turns > 0, "
                    "table.chaser_keeps_charging = false), in TOW; a pursuit is unchanged"),
}
TOW_FIELD_HINTS = {
       "rank_bonus": N_("the rank bonus counts for a Warband or Scurrying Masses unit (fleeing.rules) that is not "
                     "fleeing, in TOW"),
       "rallying_cry": N_("a Rallying Cry gives an extra Rally test in the turns of the chain (table.max_turns > 0), "
                       "in TOW"),
       "broken_from": N_("the side only matters in TOW, from a flank, with combat.loser_frontage above "
                      "combat.loser_depth"),
       "loser_frontage": N_("the footprint only matters in TOW with combat.broken_from = 'flank'"),
       "loser_depth": N_("the footprint only matters in TOW with combat.broken_from = 'flank'"),
       "charge_reaction": N_("Fire & Flee is a TOW flee_reaction of a unit with the fire_and_flee rule"),
       "tow_swiftstride_edge_margin": N_("it acts with options.tow_swiftstride_use = 'not_near_edge', a Swiftstride "
                                      "fleeing unit and a table edge, in TOW"),
}


def _context(model: ScenarioModel, path: tuple[str, ...], own_keeps_charging: bool = False) -> Message:
    """Where and why a field changes nothing: the situation, the edition and, when there is one, the hint."""
    hint = _hint(path, model, own_keeps_charging)
    where = Message(N_("in the '{situation}' situation {in_edition}"), situation=model.situation,
                    in_edition=Message(IN_EDITION[model.edition]))
    return Message(N_("{where} ({hint})"), where=where, hint=hint) if hint else where


#: Why Fast Cavalry changes no flee odds (noted wherever the rule is written in a flee scenario).
FAST_CAVALRY_CONTEXT = N_("on break, flee, pursuit or rally odds (Feigned Flight and free reforms change what the "
                        "unit may do after it rallies, not the dice)")


def rule_context(rule: str, model: ScenarioModel, path: tuple[str, ...]) -> Message:
    """Why a special rule written at ``path`` changes nothing here (the note's context)."""
    return Message(FAST_CAVALRY_CONTEXT) if rule == "fast_cavalry" else _context(model, path)


def note_rules(found: dict[str, list[tuple[str, Message]]]) -> None:
    """Note the special rules of each written list that change nothing (:func:`fleeodds.validation.inert`).

    ``found`` maps a list's dotted field (``fleeing.rules``) to ``(rule, why)`` pairs. One rule gives
    ``fleeing.rules: 'stubborn' has no effect …``; several rules of one list give one note naming them all
    (a note is per field), each with its reason when the reasons differ.
    """
    for field, items in found.items():
        if len(items) == 1:
            inert(field, items[0][0], items[0][1])
            continue
        by_why: dict[str, tuple[Message, list[str]]] = {}
        for rule, why in items:  # one English reason, one group (the Message kept to render it)
            by_why.setdefault(str(why), (why, []))[1].append(rule)
        if len(by_why) == 1:
            context = next(iter(by_why.values()))[0]
        else:
            parts = [Message(N_("{why} ({rules})"), why=why, rules=", ".join(repr(r) for r in rules))
                     for why, rules in by_why.values()]
            context = parts[0]
            for part in parts[1:]:
                context = Message(N_("{reasons}; {reason}"), reasons=context, reason=part)
        inert(field, [rule for rule, _ in items], context)


def special_rule_errors(role: str, rule: str, model: ScenarioModel, field: str):
    """The refusal of a rule fleeodds does not model here (``fly`` outside 6th/7th), else ``None``.

    A pure question: a rule that is modelled but changes nothing (``fast_cavalry``) is no refusal; the
    checks note it (:func:`rule_context`).
    """
    ed = model.edition
    if rule == "fly":
        if ed not in ("6th", "7th"):
            return not_modelled(field, rule, Message(N_("flying flee, pursuit and charge moves {in_edition}; give "
                                                        "options.flee_roll, options.pursuit_roll or "
                                                        "options.charge_reach"), in_edition=Message(IN_EDITION[ed])))
    return None


def check_tow_rules(model: ScenarioModel, fleeing: UnitProfile, pursuers: list[UnitProfile], several: bool) -> None:
    """Refuse the TOW flee-chain inputs that the rules forbid or that fleeodds does not model here.

    Parameters
    ----------
    model : ScenarioModel
    fleeing : UnitProfile
    pursuers : list of UnitProfile
        The pursuer(s) or charger(s) (empty in the test situations).
    several : bool
        ``[[pursuers]]`` (the several-pursuers chain has no Rallying Cry or edge-dependent Swiftstride).

    Raises
    ------
    InputError
        ``options.charge_reaction = "fire_and_flee"`` outside a TOW ``flee_reaction`` of a unit with
        Fire & Flee; a Random Movement charger (it "cannot declare charges") or a Random Movement unit
        fleeing from a charge (charged, it must Hold); ``not_modelled`` for ``fleeing.rallying_cry`` and
        ``options.tow_swiftstride_use = "not_near_edge"`` with ``[[pursuers]]``.

    References
    ----------
    tow.whfb.app special rules Fire & Flee, Random Movement, Rallying Cry and Swiftstride;
    docs/warhammer.md, "The Old World's own flee and rally rules".
    """
    ed, sit, o = model.edition, model.situation, model.options
    if o.charge_reaction == "fire_and_flee":
        if ed != "tow" or sit != "flee_reaction":
            raise InputError("options.charge_reaction", "fire_and_flee",
                             Message(N_("'flee' here: Fire & Flee is a charge reaction of The Old World (edition "
                                        "= 'tow', situation = 'flee_reaction')")))
        for i, p in enumerate(pursuers):  # Fire & Flee: not against a charger closer than its Movement
            gap = model.pursuers[i].gap if several and model.pursuers[i].gap is not None else model.table.gap
            if gap < p.movement:
                raise InputError("options.charge_reaction", "fire_and_flee",
                                 Message(N_("'hold' or 'flee' when the charger is closer than its Movement "
                                            "({movement}; table.gap = {gap:g}): no Fire & Flee then"),
                                         movement=p.movement, gap=gap))
        if not fleeing.has("fire_and_flee"):
            raise InputError("options.charge_reaction", "fire_and_flee",
                             Message(N_("'flee' for a unit without the fire_and_flee special rule (add it to "
                                        "fleeing.rules or fleeing.extra_rules)")))
    if ed != "tow":
        return
    if sit in CHARGE_SITUATIONS or (model.table.chaser_keeps_charging and model.table.max_turns > 0
                                    and sit not in ("leadership_test",)):
        for i, p in enumerate(pursuers):
            keeps = sit in CHARGE_SITUATIONS or (model.pursuers[i].keeps_charging if several and
                                                 model.pursuers[i].keeps_charging is not None
                                                 else model.table.chaser_keeps_charging)
            if p.has("random_movement") and keeps:
                field = f"pursuers.{i}.rules" if several else "pursuer.rules"
                raise InputError(field, "random_movement",
                                 Message(N_("a unit that can declare a charge: a Random Movement unit cannot "
                                            "declare charges (it may still contact a unit it pursues); use "
                                            "situation 'fleeing' or table.chaser_keeps_charging = false")))
    if sit == "flee_reaction" and fleeing.has("random_movement"):
        raise InputError("fleeing.rules", "random_movement",
                         Message(N_("a unit that may flee from a charge: a charged Random Movement unit must Hold")))
    if several and model.table.max_turns > 0 and sit not in CHARGE_SITUATIONS and any(
            p.has("impetuous") and not (model.pursuers[i].keeps_charging if model.pursuers[i].keeps_charging
                                        is not None else model.table.chaser_keeps_charging)
            for i, p in enumerate(pursuers)):
        raise not_modelled("pursuers", "impetuous", Message(N_("with [[pursuers]] (an Impetuous chaser's forced "
                                                               "charges); give one [pursuer] table or "
                                                               "keeps_charging = true")))
    if several and model.fleeing.rallying_cry:
        raise not_modelled("fleeing.rallying_cry", True, Message(N_("with [[pursuers]]; give one [pursuer] table")))
    if several and o.tow_swiftstride_use == "not_near_edge":
        raise not_modelled("options.tow_swiftstride_use", "not_near_edge",
                           Message(N_("with [[pursuers]]; give one [pursuer] table")))


def check_inputs(source: dict, model: ScenarioModel, fleeing: UnitProfile, pursuer: UnitProfile,
                 profiles_file: Path | None) -> None:
    """Note every field written in ``source`` that changes nothing here (:func:`fleeodds.validation.inert`).

    Every such field is noted (an error under ``--strict``, the first one met); the special rules of
    one list share one note (:func:`note_rules`).

    Raises
    ------
    InputError
        ``not_modelled`` for a rule fleeodds does not model in this edition; under
        :func:`fleeodds.validation.strict_inputs`, the ``no_effect`` error of the first field noted.
    """
    if model.profiles_file is not None:
        refs = [r.profile for r in (model.fleeing, model.pursuer) if r is not None and r.profile is not None]
        if not any(find_profile(name, "profile", profiles_file)[1] for name in refs):
            inert("profiles_file", model.profiles_file,
                  Message(N_("when no unit names one of its profiles (fleeing.profile, pursuer.profile)")))
    units = (model, fleeing, pursuer)
    rules: dict[str, list[tuple[str, str]]] = {}
    by_edition = option_defaults(model.edition)
    for path, value in written_paths(source, profiles_file):
        field = ".".join(path[:2])
        if model.fight is not None and path[0] in ("table", "options"):
            continue  # a flee_reaction with a [fight]: the Hold fight's loser chain reads them (checked there)
        if len(path) == 3:
            err = special_rule_errors(path[0], path[2], model, field)
            if err is not None:
                raise err
            if path[2] == "fast_cavalry" or not is_used(units, path):
                rules.setdefault(field, []).append((path[2], rule_context(path[2], model, path)))
            continue
        if path[0] == "options" and len(path) == 2 and path[1] in by_edition \
                and equals_default(value, by_edition[path[1]]):
            continue  # the edition's own value of a "by edition" option: a default, nothing to say
        if not is_used(units, path):
            inert(field, value, _context(model, path))
        elif path[1:] == ("general_leadership",) and isinstance(value, int):
            # the check above asks whether a General can matter here; this one, whether this General
            # does: a unit uses the General's Leadership only when it is higher than its own
            own = (fleeing if path[0] == "fleeing" else pursuer).leadership
            if value <= own:
                inert(field, value, Message(N_("when it is not above the unit's own Leadership ({own}): a unit "
                                               "uses its General's Leadership only when it is higher"), own=own))
    note_rules(rules)


def rules_without_effect(role: str, units: Units) -> list[str]:
    """Special rules of a resolved unit that change nothing in this scenario."""
    prof = units[1] if role == "fleeing" else units[2]
    out = []
    for rule in prof.rules:
        if rule == "fast_cavalry" or special_rule_errors(role, rule, units[0], role) is not None \
                or not is_used(units, (role, "rules", rule)):
            out.append(rule)
    return out


def unused_inputs(source: dict, units: Units) -> list[str]:
    """The unit characteristics written in ``source`` (``fleeing.movement``, ``pursuer.leadership``)
    that change nothing here.

    They are accepted (players copy a whole profile) but listed, so that nothing is silent:
    e.g. the pursuer's Ld without a test to restrain the pursuit, or its M in the
    ``fleeing`` situation when its pursuit roll does not depend on M.
    """
    out = []
    for role in ("fleeing", "pursuer"):
        table = source.get(role)
        if not isinstance(table, dict):
            continue
        for name in CARD_VALUES:
            if name in table and not is_used(units, (role, name)):
                out.append(f"{role}.{name}")
    return out


__all__ = ["BREAK_NONE", "check_inputs", "check_tow_rules", "effective", "is_used", "rules_without_effect", "unused_inputs", "written_paths"]
