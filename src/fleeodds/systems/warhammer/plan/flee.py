"""Turn a validated scenario into the plain numbers both evaluators use.

This is where the edition tables of the rules (docs/warhammer.md) live: which dice a unit flees
and pursues with, what Leadership a test uses, which re-rolls apply, how far a charge reaches. The exact solver
and the Monte Carlo kernel then compute probabilities independently from these
same numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ....dice import DiceExpr, parse
from ..model.base import UnitProfile
from ..model.flee import TEST_SITUATIONS, ScenarioModel, UnitRef
from .leadership import LdTest, rally_limits
from .obstacles import resolve_obstacles

#: Stands for the absent pursuer of the leadership_test and panic situations (nothing reads it there).
NO_PURSUER = UnitRef(name="no enemy unit", movement=0, leadership=0)

# Break-test modes
BREAK_CLASSIC, BREAK_TOW, BREAK_NONE = 0, 1, 2
# Pursuit
PURSUE_ALWAYS, PURSUE_NEVER, PURSUE_LD_TEST = 0, 1, 2
# Failed charge move
FAILED_MOVE_M, FAILED_MOVE_HIGHEST_DIE, FAILED_MOVE_FULL = 0, 1, 2
#: A flyer's flying move in 6th and 7th edition, inches: its charge reach, not doubled (6th rulebook,
#: Appendix Seven, Flying Models, 2 and 5; 7th rulebook, Flyers, "Flying charges").
FLYING_MOVE = 20


@dataclass(frozen=True)
class Rules:
    """The plain numbers of a break, flee, pursuit, rally or charge scenario, as both evaluators read them
    (:func:`resolve`): frozen and hashable, the scenario's plan. Distances in inches (``edge`` is
    ``math.inf`` with no table edge); dice as :class:`~fleeodds.dice.DiceExpr` kept by their terms.
    """

    situation: str
    edition: str
    # break test
    break_mode: int
    break_test: LdTest
    margin: int                 # added to the 2D6 (0 when Stubborn/Steadfast)
    no_break_test: bool         # a drawn combat the unit does not lose (no musician on the pursuer's side only)
    auto_break: bool            # 6th/7th Fear: broken unless Insane Courage (7th) allows the double 1
    unbreakable: bool
    tow_bsb_policy: str
    tow_outnumbered_breaks: bool
    tow_stubborn_falls_back: bool
    # distances
    flee: DiceExpr
    fall_back: DiceExpr
    pursuit: DiceExpr
    pursue_mode: int
    restraint_test: LdTest
    tie_strict: bool
    edge: float                 # math.inf when there is no edge
    edge_strict: bool           # True: removed only when the move goes past the edge ("leave")
    catch_first: bool
    gap: float
    # rally chain
    max_turns: int
    rally_mode: int
    rally_test: LdTest
    # chaser
    chaser_charges: bool
    enemy_first: bool
    charge_move: int            # the charger's M
    charge_dice: DiceExpr       # dice added to charge_move for the reach (constant 0 when fixed 2M)
    charge_fixed: float         # fixed reach when charge dice are constant (6th/7th: 2M)
    declare_range: float
    failed_move_mode: int
    out_of_range_move: float
    # things in the way (.obstacles): the objects, the clearance beyond them, the models that take their
    # tests and the rally test by models left (empty when no test can cost a model)
    obstacles: tuple = ()
    clearance: float = 0.0
    models: int = 0
    rally_by_models: tuple = ()
    # several pursuers or chargers ([[pursuers]], .pursuers.Chaser, one per unit; empty for [pursuer])
    chasers: tuple = ()
    failed_move_metric: bool = False  # options.charge_metric = "failed_charge_move" (run on the .pursuers path)
    # TOW (docs/warhammer.md, "The Old World's own flee and rally rules"): the flee roll of a Swiftstride unit
    # that leaves its D6 out within swift_edge_margin inches of the edge (None: one flee roll everywhere), and
    # the Rally tests a unit takes in each rally phase (2 with a Rallying Cry in range)
    flee_near_edge: DiceExpr | None = None
    swift_edge_margin: float = 0.0
    rally_tries: int = 1
    # TOW Impetuous chaser that does not keep charging: within its declarable range it must declare a
    # charge on a D6 roll of 1-3 (tow.whfb.app/special-rules/impetuous; Core Rulebook p. 172 reads a
    # Leadership test instead), or on a failed Leadership test
    # (the restraint_test's numbers; impetuous_ld_test), else it stays where it is
    chaser_impetuous: bool = False
    impetuous_ld_test: bool = False


def option_defaults(edition: str) -> dict[str, Any]:
    """The options whose documented default is "by edition" (``None`` in a scenario file), as each
    edition sets them.

    Parameters
    ----------
    edition : {"6th", "7th", "8th", "tow", "starter"}

    Returns
    -------
    dict
        ``insane_courage``, ``ld_double1_passes``, ``ld_double6_fails`` (bool), ``bsb_reroll``,
        ``cold_blooded_scope``, ``rally_casualty_rule``, ``catch_vs_edge_order``, ``edge_contact`` (str) and
        ``musician_rally_bonus`` (int, Ld), as the plan below reads them when the file leaves them out
        (``edge_contact``: 6th and starter ``"leave"``, the others ``"touch"``).

    References
    ----------
    The rules digest §4 (the options' defaults by edition), summarised in docs/warhammer.md: Insane
    Courage in the 7th and 8th rulebooks' Break test; a double 1 passes every Leadership test in 8th and
    TOW, a double 6 fails it in TOW; the Battle Standard's re-roll of the 6th, 7th, 8th and TOW rules.
    """
    return {"insane_courage": edition in ("7th", "8th"), "ld_double1_passes": edition in ("8th", "tow"),
            "ld_double6_fails": edition == "tow",
            "bsb_reroll": {"6th": "break_only", "7th": "break_only", "8th": "any_failed_ld",
                           "tow": "break_only", "starter": "none"}[edition],
            "cold_blooded_scope": "fear_panic_terror" if edition == "tow" else "all_ld",
            "musician_rally_bonus": 1 if edition in ("6th", "tow") else 0,
            "rally_casualty_rule": "none" if edition == "starter" else edition,
            "catch_vs_edge_order": "edge_first" if edition == "starter" else "catch_first",
            # 6th: "If any models from a fleeing unit leave the table edge then the entire unit is
            # [...] removed from play" (6th.whfb.app/close-combat/subsequent-actions-of-fleeing-troops);
            # starter: "a model leaving the table"; 7th, 8th and TOW remove a unit that touches the edge
            "edge_contact": "leave" if edition in ("6th", "starter") else "touch"}

def _flee_roll(unit: UnitProfile, edition: str, opts, kind: str, swift: bool | None = None) -> str:
    """Digest §3.3: the distance roll of a flee or pursuit by edition.

    TOW: Swiftstride "may apply a +D6 modifier" to a Charge, Flee or Pursuit roll
    (tow.whfb.app/special-rules/swiftstride): ``swift`` says whether this roll takes it (default: unless
    ``tow_swiftstride_use = "never"``); Fire & Flee flees max2D6 (``kind = "fire_and_flee"``).
    """
    if edition in ("6th", "7th"):  # flyers flee and pursue with their fly move (> 6"): 3D6
        return "3d6" if unit.movement > 6 or unit.has("fly") else "2d6"
    if edition == "8th":
        return ("3d6kh2" if opts.swiftstride_8th_roll == "3D6dl" else "2d6") if unit.has("swiftstride") else "2d6"
    if edition == "tow":
        base = "2d6kh1" if kind in ("fall_back", "fire_and_flee") else "2d6"
        if swift is None:
            swift = opts.tow_swiftstride_use != "never"
        if unit.has("swiftstride") and swift:
            base += "+1d6"
        return base
    return "2d6"  # starter


def _ld_dice(unit: UnitProfile, edition: str, opts) -> str:
    scope = opts.cold_blooded_scope or option_defaults(edition)["cold_blooded_scope"]
    return "3d6kl2" if unit.has("cold_blooded") and scope == "all_ld" else "2d6"


def _musician_bonus(edition: str, opts) -> int:
    if opts.musician_rally_bonus is not None:
        return opts.musician_rally_bonus
    return option_defaults(edition)["musician_rally_bonus"]


@lru_cache(maxsize=256)
def _dice(text: str, where: str = "dice") -> DiceExpr:
    """``text`` parsed (:func:`fleeodds.dice.parse`) and kept by its terms and constant, not its
    spelling: "2D6" and "2d6" make one plan, which the exact solver solves once
    (:meth:`fleeodds.system.Scenario.exact_cache_key` keys by the plan).

    Raises
    ------
    InputError
        Naming ``where`` for text that is not dice notation.
    """
    return replace(parse(text, where), text="")


def resolve(model: ScenarioModel, fleeing: UnitProfile, pursuer: UnitProfile) -> Rules:
    """The numbers of a scenario with one pursuer: the edition tables applied to its units and options.

    Parameters
    ----------
    model : ScenarioModel
        The validated scenario (not ``situation = "fight"``; ``[[pursuers]]`` go through
        :func:`..plan.pursuers.resolve_several`).
    fleeing, pursuer : UnitProfile
        The resolved units (the pursuer is the charger in the charge situations, :data:`NO_PURSUER`
        in ``leadership_test`` and ``panic`` without one).

    Returns
    -------
    Rules
        Which dice the unit flees, falls back and is pursued with, its Break, restraint and rally
        tests, the charge reach (inches), the table edge and the things in the way.

    Raises
    ------
    InputError
        For dice options that are not dice notation (``options.flee_roll``...).

    References
    ----------
    The rules digest §3.1-§3.7 and §4 (the options' defaults by edition), summarised in
    docs/warhammer.md, with its sources: the 6th/7th/8th rulebooks' close-combat and movement
    sections, the TOW rules index and the *Bataille au Col du Crâne* starter booklet.
    """
    ed = model.edition
    o = model.options
    f_ref: UnitRef = model.fleeing
    c = model.combat

    by_edition = option_defaults(ed)
    insane = o.insane_courage if o.insane_courage is not None else by_edition["insane_courage"]
    double1 = o.ld_double1_passes if o.ld_double1_passes is not None else by_edition["ld_double1_passes"]
    double6 = o.ld_double6_fails if o.ld_double6_fails is not None else by_edition["ld_double6_fails"]
    bsb = o.bsb_reroll or by_edition["bsb_reroll"]
    has_bsb = f_ref.battle_standard and bsb != "none"
    ld_dice = _ld_dice(fleeing, ed, o)
    kept_pair = o.cold_blooded_double1 == "kept_pair" or ld_dice == "2d6"

    # -- break test (§3.2) -------------------------------------------------------
    general = f_ref.general_leadership or 0
    ld = max(fleeing.leadership, general)
    ld_with_general = ld  # rally tests: the General's Ld whatever Steadfast and Terror do to the Break test
    if ed == "tow" and (fleeing.has("warband") or fleeing.has("scurrying_masses")):
        # TOW Warband (tow.whfb.app/special-rules/warband; Core Rulebook p. 180): "unless it is fleeing", + its Rank Bonus up to
        # Ld 10 (not to a Restraint test); a General without the rule lends his unmodified Ld. Scurrying
        # Masses reads the same on the Break test. The unit is not fleeing at its Break test (nor at a
        # plain or Panic test); it is at its rally tests, which keep ld_with_general.
        ld = max(min(fleeing.leadership + f_ref.rank_bonus, 10), general)
    not_fleeing_ld = ld  # a plain or Panic test is taken by a unit not (yet) fleeing
    steadfast = ed == "8th" and (c.steadfast or fleeing.has("stubborn") or fleeing.has("steadfast"))
    if steadfast and not o.steadfast_uses_general_ld:
        ld = fleeing.leadership
    stubborn_plain = ed in ("6th", "7th") and fleeing.has("stubborn")
    # §3.1 a draw (margin 0): no Break test, unless only the winner's side has a musician, which wins the
    # draw by 1 (6th-8th) or gets +1 combat result (TOW, only one side with a musician): a loss by 1
    p_ref: UnitRef = model.pursuer or NO_PURSUER
    lost_by = c.margin
    if lost_by == 0 and p_ref.musician and not f_ref.musician:
        lost_by = 1
    no_break_test = model.situation == "break" and lost_by == 0
    margin = 0 if (steadfast or stubborn_plain) else lost_by
    if ed == "tow" and pursuer.has("terror") and not fleeing.has("immune_to_psychology"):
        ld = max(ld - 1, 0)  # TOW Terror: the Break test only (a rally test is no Terror test)
    break_test = LdTest(ld=ld, dice=ld_dice, double1_passes=insane and kept_pair,
                        reroll=has_bsb and ed in ("6th", "7th", "8th"))
    immune_fear = fleeing.has("fear") or fleeing.has("terror") or fleeing.has("immune_to_psychology")
    auto_break = ed in ("6th", "7th") and c.fear_outnumbered and not immune_fear and not fleeing.has("unbreakable")
    break_mode = BREAK_TOW if ed == "tow" else BREAK_CLASSIC
    if model.situation != "break":
        break_mode = BREAK_NONE
    elif no_break_test:  # held, no test: the classic mode with an automatic pass
        break_mode = BREAK_CLASSIC

    # -- flee and pursuit (§3.3) --------------------------------------------------
    t = model.table
    # TOW Fire & Flee (tow.whfb.app/special-rules/fire-and-flee; Core Rulebook p. 169): Stand & Shoot, then
    # flee on two D6 keeping the higher (checks.flee.check_tow_rules refuses it elsewhere)
    kind = "fire_and_flee" if (ed == "tow" and model.situation == "flee_reaction" and fleeing.has("fire_and_flee")
                               and o.charge_reaction == "fire_and_flee") else "flee"
    flee = _dice(o.flee_roll or _flee_roll(fleeing, ed, o, kind), "options.flee_roll")
    fall_back = _dice(_flee_roll(fleeing, ed, o, "fall_back"), "options.flee_roll")
    flee_near = None
    edge_margin = o.tow_swiftstride_edge_margin
    if ed == "tow" and o.tow_swiftstride_use == "not_near_edge" and fleeing.has("swiftstride") \
            and t.edge_distance is not None and o.flee_roll is None:
        # the fleeing unit chooses before each roll (tow.whfb.app/special-rules/swiftstride; Core Rulebook
        # p. 178: "may apply a +D6"): no Swiftstride D6 within edge_margin of the edge
        flee_near = _dice(_flee_roll(fleeing, ed, o, kind, swift=False))
        if t.edge_distance <= edge_margin:  # a fall back starts where the unit stands (0" fled)
            fall_back = _dice(_flee_roll(fleeing, ed, o, "fall_back", swift=False))
        if flee_near == flee:
            flee_near = None
    pursuit = _dice(o.pursuit_roll or _flee_roll(pursuer, ed, o, "pursuit"), "options.pursuit_roll")
    if pursuer.has("frenzy") or o.pursuer_restrains is False:
        pursue_mode = PURSUE_ALWAYS
    elif o.pursuer_restrains == "always":
        pursue_mode = PURSUE_NEVER
    else:
        pursue_mode = PURSUE_LD_TEST
    # restraint (§3.2-3.3): the winner tests Ld to not pursue; a General in range lends his Ld
    # (not in the starter rules, which test on the unit's own Ld), and a BSB re-rolls the failed
    # test where it re-rolls any failed Ld test (8th; option bsb_reroll = "any_failed_ld")
    restraint_ld = pursuer.leadership
    if ed != "starter" and p_ref.general_leadership is not None:
        restraint_ld = max(restraint_ld, p_ref.general_leadership)
    # TOW Veteran (tow.whfb.app/special-rules/veteran; Core Rulebook p. 180) re-rolls any failed
    # Leadership test, and a Break test is not one:
    # the pursuer's Restraint test and the fleeing unit's rally tests
    restraint = LdTest(ld=restraint_ld, dice=_ld_dice(pursuer, ed, o), double1_passes=double1,
                       double6_fails=double6, reroll=(p_ref.battle_standard and bsb == "any_failed_ld")
                       or (ed == "tow" and pursuer.has("veteran")))

    # -- rally (§3.5) --------------------------------------------------------------
    left = f_ref.models_left if f_ref.models_left is not None else f_ref.models_start
    frac = left / f_ref.models_start  # also TOW Stubborn's fall back (below)
    # the starter booklet has no casualty limit on rallies (§3.7): 2D6 <= Cd
    rule = o.rally_casualty_rule or by_edition["rally_casualty_rule"]
    rally_mode, rally_ld = rally_limits(left, f_ref.models_start, rule, ld_with_general,
                                        _musician_bonus(ed, o) if f_ref.musician else 0, ed, fleeing.leadership)
    # TOW: the BSB re-roll covers rally tests by default; an explicit bsb_reroll is taken at its word
    rally_reroll = has_bsb and (bsb == "any_failed_ld" or (ed == "tow" and o.bsb_reroll is None))
    rally_reroll = rally_reroll or (ed == "tow" and fleeing.has("veteran"))
    rally_dice = ld_dice  # TOW: 2D6 unless cold_blooded_scope = "all_ld"
    rally_test = LdTest(ld=max(rally_ld, 0), dice=rally_dice, double1_passes=double1 and kept_pair,
                        double6_fails=double6, reroll=rally_reroll)

    # -- charges (§3.4) ------------------------------------------------------------
    m = pursuer.movement
    swift = pursuer.has("swiftstride")
    if o.charge_reach is not None:
        charge_dice, failed = _dice(o.charge_reach, "options.charge_reach"), FAILED_MOVE_M
    elif ed == "8th":
        charge_dice = _dice("3d6kh2" if swift and o.swiftstride_8th_roll == "3D6dl" else "2d6")
        failed = FAILED_MOVE_HIGHEST_DIE if o.failed_charge_move_8th == "highest_die" else FAILED_MOVE_M
    elif ed == "tow":
        charge_dice = _dice("2d6kh1+1d6" if swift and o.tow_swiftstride_use != "never" else "2d6kh1")
        failed = FAILED_MOVE_FULL
    else:
        charge_dice, failed = _dice("0"), FAILED_MOVE_M
    charge_fixed = 2 * m if (o.charge_reach is None and ed in ("6th", "7th", "starter")) else m
    if ed in ("6th", "7th") and pursuer.has("fly") and o.charge_reach is None:
        # a flyer charges an enemy within its 20" flying move, which is never doubled (6th Appendix
        # Seven, Flying Models 5; 7th Flyers, "Flying charges"); a failed charge still moves the full
        # 20" (7th says so; 6th moves a failed charger its normal move, for a flyer its 20" flight)
        charge_fixed, failed = FLYING_MOVE, FAILED_MOVE_FULL
    if ed == "tow":  # M + 6, +3 with Swiftstride when the unit uses it (§3.4)
        declare = m + 6 + (3 if swift and o.tow_swiftstride_use != "never" else 0)
    else:
        declare = charge_fixed + charge_dice.max_value
    out_move = {"march": 2 * m, "move": m, "none": 0}[o.chaser_move_out_of_range]
    if ed in ("6th", "7th") and pursuer.has("fly") and o.chaser_move_out_of_range != "none":
        out_move = FLYING_MOVE  # a flyer out of charge range flies its 20" move (it cannot march)

    # starter booklet (§3.7): the edge is resolved before the catch, and a unit is removed when a
    # model leaves the table; the other editions default to catch first and touching the edge
    order = o.catch_vs_edge_order or by_edition["catch_vs_edge_order"]
    edge_contact = o.edge_contact or by_edition["edge_contact"]

    gap = t.gap
    if ed == "tow" and model.situation == "break" and c.broken_from == "flank":
        # TOW: a broken unit turns about its centre to flee directly away, and "caught" is the pursuer
        # making contact (tow.whfb.app/the-combat-phase/the-pursuit-move); turned away from a flank
        # contact, its rear ends (frontage - depth) / 2 beyond the line the pursuer touched (a unit
        # deeper than wide is taken as touching: 0). Front and rear contacts turn 180 degrees: nothing.
        gap += max(c.loser_frontage - c.loser_depth, 0.0) / 2
    rules = Rules(
        situation=model.situation, edition=ed,
        break_mode=break_mode, break_test=break_test, margin=margin, no_break_test=no_break_test,
        auto_break=auto_break and not no_break_test, unbreakable=fleeing.has("unbreakable") or no_break_test, tow_bsb_policy=o.tow_bsb_break_reroll_policy if has_bsb else "never",
        tow_outnumbered_breaks=o.tow_fall_back_outnumbered_breaks and c.outnumbered_two_to_one,
        tow_stubborn_falls_back=o.tow_stubborn_falls_back and fleeing.has("stubborn"),
        flee=flee, fall_back=fall_back, pursuit=pursuit, pursue_mode=pursue_mode, restraint_test=restraint,
        tie_strict=o.tie_rule == ">",
        edge=t.edge_distance if t.edge_distance is not None else math.inf,
        edge_strict=edge_contact == "leave", catch_first=order == "catch_first",
        gap=gap, max_turns=t.max_turns if model.situation in ("break", "fleeing", "panic") else 0,
        rally_mode=rally_mode, rally_test=rally_test,
        chaser_charges=t.chaser_keeps_charging, enemy_first=t.first_turn == "enemy",
        charge_move=m, charge_dice=charge_dice, charge_fixed=float(charge_fixed), declare_range=float(declare),
        failed_move_mode=failed, out_of_range_move=float(out_move),
        flee_near_edge=flee_near, swift_edge_margin=float(edge_margin) if flee_near is not None else 0.0,
        # TOW Rallying Cry (tow.whfb.app/special-rules/rallying-cry; Core Rulebook p. 175): one more Rally
        # test in each rally phase, in the Command sub-phase (each with its own re-roll, if any)
        rally_tries=2 if ed == "tow" and f_ref.rallying_cry else 1,
        chaser_impetuous=(ed == "tow" and pursuer.has("impetuous") and not t.chaser_keeps_charging
                          and model.situation in ("break", "fleeing", "panic") and t.max_turns > 0),
        impetuous_ld_test=o.tow_impetuous_test == "ld_test",
    )
    if model.situation in TEST_SITUATIONS:
        rules = _ld_test_situation(rules, model, fleeing, not_fleeing_ld, double1, double6, kept_pair,
                                   (has_bsb and bsb == "any_failed_ld") or (ed == "tow" and fleeing.has("veteran")),
                                   frac)
    if model.obstacles:
        def panic_test(friend_ld: int) -> LdTest:
            return LdTest(ld=friend_ld, double1_passes=double1, double6_fails=double6)

        rules = replace(rules, **resolve_obstacles(
            model, fleeing, rules, rally_rule=rule, rally_base_ld=ld_with_general, panic_test=panic_test,
            musician_bonus=_musician_bonus(ed, o) if f_ref.musician else 0))
    return rules


def _ld_test_situation(r: Rules, model: ScenarioModel, fleeing: UnitProfile, ld: int, double1: bool,
                       double6: bool, kept_pair: bool, reroll: bool, frac: float) -> Rules:
    """The ``leadership_test`` and ``panic`` situations as a test in place of the Break test, no pursuit.

    A plain Leadership test passes on ``total <= Ld + test.ld_modifier`` (kept from 0 to 10; the
    General's Ld when higher, not in the starter rules), with the edition's natural doubles (8th: a
    double 1 passes; TOW: a double 1 passes, a double 6 fails) and a Battle Standard re-roll where it
    re-rolls any failed Ld test (8th). Cold-blooded rolls 3D6 dropping the highest for every test in
    6th-8th and, in TOW, for Fear, Panic and Terror tests (``cold_blooded_scope``). Immune to Psychology
    or Unbreakable units pass Fear, Terror and Panic tests. A failed Panic test (§3.3) makes the unit
    flee, with no pursuit roll; in TOW it Falls Back in Good Order while more than 50 % of its models
    remain, and Flees otherwise. A ``leadership_test`` ends with the test: the failure is ``escaped``
    internally, shown as "failed".
    """
    ed = model.edition
    kind = "panic" if model.situation == "panic" else model.test.kind
    o = model.options
    scope = o.cold_blooded_scope or option_defaults(ed)["cold_blooded_scope"]
    dice = "3d6kl2" if fleeing.has("cold_blooded") and (scope == "all_ld" or kind != "leadership") else "2d6"
    base_ld = fleeing.leadership if ed == "starter" else ld
    test = LdTest(ld=min(max(base_ld + model.test.ld_modifier, 0), 10), dice=dice,
                  double1_passes=double1 and (kept_pair or dice == "2d6"), double6_fails=double6, reroll=reroll)
    immune = kind != "leadership" and (fleeing.has("immune_to_psychology") or fleeing.has("unbreakable"))
    changes = dict(break_mode=BREAK_CLASSIC, break_test=test, margin=0, no_break_test=False, auto_break=False,
                   unbreakable=immune, pursue_mode=PURSUE_NEVER, tow_outnumbered_breaks=False,
                   tow_stubborn_falls_back=False, tow_bsb_policy="never")
    if model.situation == "leadership_test":
        changes.update(max_turns=0, edge=math.inf, chaser_charges=False)
    elif ed == "tow":  # Panic in TOW: failure falls back in good order above half strength, else flees
        changes.update(break_mode=BREAK_TOW, tow_stubborn_falls_back=frac > 0.5,
                       tow_bsb_policy="reroll_break_only" if reroll else "never")
    return replace(r, **changes)
