"""Exact solver for Warhammer break, flee, pursuit, rally and charge.

Written from the rules digest (docs/warhammer.md §3) independently of
the Monte Carlo kernel: distances come from the dice PMFs of
:func:`fleeodds.dice.pmf` (convolutions), Leadership tests from enumerating
the equally likely dice, and the multi-turn chain is an
:class:`~fleeodds.exact.AbsorbingChain` whose transient states are
``(turn, distance fled, gap to the chaser, models left)`` at the start of a turn (models left: 0
unless things in the way can cost models, :mod:`.obstacles`).

All arithmetic is on :class:`fractions.Fraction`; distances given as decimals
(``edge_distance = 12.5``) are converted exactly from their decimal text.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from ....dice import KEEP_ALL, KEEP_HIGH, DiceExpr
from ....exact import Absorb, AbsorbingChain
from .. import outcomes as oc
from ..plan.flee import (BREAK_CLASSIC, BREAK_NONE, FAILED_MOVE_FULL, FAILED_MOVE_HIGHEST_DIE, PURSUE_ALWAYS,
                         PURSUE_NEVER, Rules)
from ..plan.leadership import RALLY_DOUBLE1_ONLY, RALLY_NEVER, double1_pass, ld_faces, ld_test_pass
from ..plan.obstacles import DESTROY, THROUGH
from . import obstacles as ob

ONE = Fraction(1)


def _frac(x: float) -> Fraction | None:
    return None if math.isinf(x) else Fraction(str(x))


def _tow_break(r: Rules) -> dict[int, Fraction]:
    """TOW Break test results: 0 give ground, 1 fall back in good order, 2 break."""

    def once() -> dict[int, Fraction]:
        d: dict[int, Fraction] = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
        # 2D6, or 3D6 keeping the two lowest for a Cold-blooded unit with cold_blooded_scope = "all_ld"
        for nat, _, _, q in ld_faces(r.break_test.dice == "3d6kl2"):
            if nat == 2 or nat + r.margin <= r.break_test.ld:
                d[0] += q
            elif nat > r.break_test.ld or r.tow_outnumbered_breaks:
                d[2] += q
            else:
                d[1] += q
        return d

    first = once()
    rerolled = {"never": (), "reroll_break_only": (2,), "reroll_break_or_fall_back": (1, 2)}[r.tow_bsb_policy]
    out = {k: (Fraction(0) if k in rerolled else v) for k, v in first.items()}
    again = once()
    for k in rerolled:
        for k2, v2 in again.items():
            out[k2] += first[k] * v2
    if r.tow_stubborn_falls_back:
        out[1] += out[2]
        out[2] = Fraction(0)
    return out


def _term_faces(term) -> dict[tuple[int, int], Fraction]:
    """Joint PMF of (signed kept total, highest die) of one dice term, by enumeration."""
    out: dict[tuple[int, int], Fraction] = {}
    q = Fraction(1, term.sides**term.count)
    for faces in itertools.product(range(1, term.sides + 1), repeat=term.count):
        if term.keep == KEEP_ALL:
            total = sum(faces)
        else:
            ordered = sorted(faces, reverse=term.keep == KEEP_HIGH)
            total = sum(ordered[: term.keep_n])
        key = (term.sign * total, max(faces))
        out[key] = out.get(key, Fraction(0)) + q
    return out


@lru_cache(maxsize=32)
def charge_joint(expr: DiceExpr) -> dict[tuple[int, int], Fraction]:
    """Joint PMF of (dice total, highest single die) of a charge roll, by enumeration.

    Parameters
    ----------
    expr : DiceExpr
        The dice added to the fixed reach (``Rules.charge_dice``).

    Returns
    -------
    dict[(int, int), Fraction]
        The highest die is the 8th edition failed charge's move.

    References
    ----------
    docs/warhammer.md §3.4 (charges and failed charges).
    """
    dist = {(expr.constant, 0): ONE}
    for term in expr.terms:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (t1, h1), p1 in dist.items():
            for (t2, h2), p2 in _term_faces(term).items():
                k = (t1 + t2, max(h1, h2))
                nxt[k] = nxt.get(k, Fraction(0)) + p1 * p2
        dist = nxt
    return dist


class _Solver:
    def __init__(self, r: Rules):
        self.r = r
        self.edge = _frac(r.edge)
        self.gap0 = _frac(r.gap)
        self.flee = r.flee.pmf()
        # TOW: a Swiftstride unit may leave its D6 out of a flee roll made near the table edge
        self.flee_near = r.flee_near_edge.pmf() if r.flee_near_edge is not None else None
        self.near_margin = Fraction(str(r.swift_edge_margin))
        self.fall_back = r.fall_back.pmf()
        self.pursuit = r.pursuit.pmf()
        self.charge = charge_joint(r.charge_dice)
        self.charge_fixed = _frac(r.charge_fixed)
        self.track_gap = r.chaser_charges or r.chaser_impetuous
        self.models0 = r.models
        self.objs, self.clearance = ob.exact_objects(r)

    def flee_at(self, cum) -> dict:
        """The flee roll's PMF for a unit that has fled ``cum`` inches (TOW Swiftstride by the edge)."""
        if self.flee_near is not None and self.edge - cum <= self.near_margin:
            return self.flee_near
        return self.flee

    def move(self, pos, f, models):
        """The ways a flee move of ``f`` from ``pos`` ends: ``(p, end, models, code or None)`` (.obstacles)."""
        if not self.objs:
            return ((ONE, pos + f, models, None),)
        return ob.walk(self.objs, self.clearance, pos, f, models,
                       lambda end: self.reached(end, self.edge, self.r.edge_strict))

    def reached(self, distance, target, strict) -> bool:
        if target is None:
            return False
        return distance > target if strict else distance >= target

    def caught_or_off(self, caught: bool, cum) -> int | None:
        """Resolve a combat-phase pursuit's catch and an edge contact in the order of ``catch_vs_edge_order``."""
        off = self.reached(cum, self.edge, self.r.edge_strict)
        if off and (not caught or not self.r.catch_first):
            return oc.OFF_TABLE
        return None

    # -- turn 0 ------------------------------------------------------------------
    def start(self):
        r = self.r
        if r.situation in ("charge_fleeing", "flee_reaction"):
            for f, pf in self.flee_at(Fraction(0)).items():
                for q, end, _, code in self.move(Fraction(0), f, self.models0):
                    if code is not None:  # destroyed by a thing in the way before the charge (.obstacles)
                        yield pf * q, Absorb(code, f)
                        continue
                    for (dice, _), pc in self.charge.items():
                        caught = self.reached(self.charge_fixed + dice, self.gap0 + end, r.tie_strict)
                        # §3.4: the charged unit flees before the charge is rolled; a flee move that
                        # reaches the edge takes it off the table whatever the charge would have reached
                        if self.reached(end, self.edge, r.edge_strict):
                            res = oc.OFF_TABLE
                        else:
                            res = oc.RUN_DOWN if caught else oc.ESCAPED
                        yield pf * q * pc, Absorb(res, f)
            return
        # break test
        if r.break_mode == BREAK_NONE:
            results = {2: ONE}
        elif r.break_mode == BREAK_CLASSIC:
            held = break_test_held(r)
            results = {-1: held, 2: 1 - held}
        else:
            results = {0: ONE} if r.unbreakable else _tow_break(r)
        if r.pursue_mode == PURSUE_ALWAYS:
            pursue = {True: ONE}
        elif r.pursue_mode == PURSUE_NEVER:
            pursue = {False: ONE}
        else:
            restrain = ld_test_pass(r.restraint_test)
            pursue = {True: 1 - restrain, False: restrain}
        for res, pres in results.items():
            if pres == 0:
                continue
            if res == -1:
                yield pres, Absorb(oc.HELD, 0)
                continue
            if res == 0:
                yield pres, Absorb(oc.GAVE_GROUND, 0)
                continue
            falling_back = res == 1
            flee = self.fall_back if falling_back else self.flee_at(Fraction(0))
            for f, pf in flee.items():
                for chases, pc in pursue.items():
                    if pc == 0:
                        continue
                    rolls = self.pursuit.items() if chases else ((0, ONE),)
                    for p, pp in rolls:
                        prob = pres * pf * pc * pp
                        caught = chases and self.reached(p, self.gap0 + f, r.tie_strict)
                        # a unit caught first is removed before it moves (.obstacles)
                        moves = ((ONE, Fraction(f), self.models0, None),) if caught and r.catch_first else \
                            self.move(Fraction(0), f, self.models0)
                        for q, cum, models, code in moves:
                            if code is not None:
                                yield prob * q, Absorb(code, 0)
                            elif self.caught_or_off(caught, cum) is not None:
                                yield prob * q, Absorb(oc.OFF_TABLE, 0)
                            elif caught:
                                yield prob * q, Absorb(oc.CAUGHT_REENGAGED if falling_back else oc.CAUGHT, 0)
                            elif falling_back:
                                yield prob * q, Absorb(oc.FELL_BACK, 0)
                            elif r.max_turns == 0:
                                yield prob * q, Absorb(oc.ESCAPED, 0)
                            else:
                                gap = self.gap0 + cum - p if self.track_gap else Fraction(0)
                                yield prob * q, (1, cum, gap, models)

    # -- later turns -----------------------------------------------------------------
    def rally_phase(self, cum, gap, models, turn):
        r = self.r
        # the casualty limits read the models left after Dangerous Terrain or Peril tests (.obstacles)
        rally_mode, rally_test = r.rally_by_models[models] if r.rally_by_models else (r.rally_mode, r.rally_test)
        if rally_mode == RALLY_NEVER:
            p_rally = Fraction(0)
        elif rally_mode == RALLY_DOUBLE1_ONLY:
            p_rally = double1_pass(rally_test)
        else:
            p_rally = ld_test_pass(rally_test)
        # TOW Rallying Cry: an extra Rally test, with its own dice (and its own re-roll, if any)
        p_rally = 1 - (1 - p_rally) ** r.rally_tries
        if p_rally:
            yield p_rally, Absorb(oc.RALLIED, turn)
        if p_rally == 1:
            return
        for f, pf in self.flee_at(cum).items():
            for q, c2, m2, code in self.move(cum, f, models):
                g2 = gap + (c2 - cum) if self.track_gap else gap
                if code is not None:
                    yield (1 - p_rally) * pf * q, Absorb(code, turn)
                elif self.reached(c2, self.edge, r.edge_strict):
                    yield (1 - p_rally) * pf * q, Absorb(oc.OFF_TABLE, turn)
                else:
                    yield (1 - p_rally) * pf * q, (c2, g2, m2)

    def enemy_phase(self, cum, gap, models, turn):
        r = self.r
        if not r.chaser_charges and not r.chaser_impetuous:
            yield ONE, (cum, gap, models)
            return
        if gap > _frac(r.declare_range):
            # out of range: a chaser that keeps charging marches on; an Impetuous one cannot declare and stays
            move = _frac(r.out_of_range_move) if r.chaser_charges else Fraction(0)
            yield ONE, (cum, max(gap - move, Fraction(0)), models)
            return
        forced = ONE
        if not r.chaser_charges:  # TOW Impetuous: must declare a charge on a D6 of 1-3, else stays put
            forced = 1 - ld_test_pass(r.restraint_test) if r.impetuous_ld_test else Fraction(1, 2)
            yield 1 - forced, (cum, gap, models)
        for f, pf in self.flee_at(cum).items():
            pf = pf * forced
            for q, c2, m2, code in self.move(cum, f, models):
                g2 = gap + (c2 - cum)
                if code is not None:  # destroyed on the way, before the charge (.obstacles)
                    yield pf * q, Absorb(code, turn)
                    continue
                for (dice, highest), pc in self.charge.items():
                    reach = self.charge_fixed + dice
                    caught = self.reached(reach, g2, r.tie_strict)
                    if self.reached(c2, self.edge, r.edge_strict):  # the flee move comes first (§3.4)
                        yield pf * q * pc, Absorb(oc.OFF_TABLE, turn)
                    elif caught:
                        yield pf * q * pc, Absorb(oc.RUN_DOWN, turn)
                    else:
                        move = {FAILED_MOVE_HIGHEST_DIE: highest, FAILED_MOVE_FULL: reach}.get(
                            r.failed_move_mode, Fraction(r.charge_move))
                        yield pf * q * pc, (c2, max(g2 - move, Fraction(0)), m2)

    def turn(self, state):
        turn, cum, gap, models = state
        phases = (self.enemy_phase, self.rally_phase) if self.r.enemy_first else (self.rally_phase, self.enemy_phase)
        current = {(cum, gap, models): ONE}
        for phase in phases:
            nxt: dict = {}
            for (c, g, m), p in current.items():
                for q, res in phase(c, g, m, turn):
                    nxt[res] = nxt.get(res, Fraction(0)) + p * q
            current = {}
            for res, p in nxt.items():
                if isinstance(res, Absorb):
                    yield p, res
                else:
                    current[res] = p
        for (c, g, m), p in current.items():
            if turn >= self.r.max_turns:
                yield p, Absorb(oc.STILL_FLEEING, self.r.max_turns)
            else:
                yield p, (turn + 1, c, g, m)

    def step(self, state):
        return self.start() if state == "start" else self.turn(state)


def tow_break_results(r: Rules) -> dict[int, Fraction]:
    """The Old World's Break test results: ``{0: P(give ground), 1: P(fall back in good order), 2: P(break)}``
    (the BSB re-roll policy, the two-to-one rule and Stubborn's fall back included), as the chain's first step.

    Parameters
    ----------
    r : Rules
        The plan (:func:`..plan.flee.resolve`) of a TOW ``break`` situation.

    Returns
    -------
    dict[int, Fraction]

    References
    ----------
    docs/warhammer.md, "The Old World's own flee and rally rules" (the Break test).
    """
    return _tow_break(r)


def break_test_held(r: Rules) -> Fraction:
    """P(the unit passes its Break test and holds), 6th, 7th and 8th (``r.break_mode`` classic): Unbreakable
    holds; a unit that breaks automatically holds only on a double 1 where that passes; else a Leadership test
    with the margin as a penalty (Steadfast, Insane Courage... are in ``r.break_test``).

    Parameters
    ----------
    r : Rules
        The plan (:func:`..plan.flee.resolve`) of a ``break`` situation.

    Returns
    -------
    Fraction

    References
    ----------
    docs/warhammer.md §3.1 (the Break test).
    """
    if r.unbreakable:
        return ONE
    if r.auto_break:
        return sum((q for _, d1, _, q in ld_faces(r.break_test.dice == "3d6kl2") if d1), Fraction(0)) \
            if r.break_test.double1_passes else Fraction(0)
    return ld_test_pass(r.break_test, r.margin)


def solve(r: Rules, mode: str = "fraction") -> dict[tuple[int, int], Fraction | float]:
    """Exact probability of each ``(outcome code, metric)`` for resolved rules ``r``.

    Parameters
    ----------
    r : Rules
        The plan (:func:`..plan.flee.resolve`), without ``chasers``.
    mode : {"fraction", "float"}
        Rational arithmetic with forward propagation, or a sparse float64 solve.

    Returns
    -------
    dict[(int, int), Fraction or float]
        Codes of :mod:`..outcomes`; the metric is the turn of resolution (0 for the combat phase), or
        the flee roll in inches in the charge situations. A copy: callers may change it.

    References
    ----------
    docs/warhammer.md §3 (break, flee, pursuit, rally and charge) and "How it is computed".
    """
    return dict(_solve(r, mode))  # a copy: callers may add to it


@lru_cache(maxsize=512)
def _solve(r: Rules, mode: str) -> tuple[tuple[tuple[int, int], Fraction | float], ...]:
    # Rules is frozen and hashable: the same resolved numbers are solved once per process (a fight
    # mixes one chain per margin; sweeps, comparisons and the web page ask the same chains again)
    solver = _Solver(r)
    chain = AbsorbingChain("start", solver.step)
    return tuple(((a.outcome, a.metric), p) for a, p in chain.absorption(mode).items())


#: Most work (transitions of the chain plus dice enumerated) the exact solver takes on; above it
#: :attr:`WarhammerScenario.has_exact` is false and Monte Carlo (``--mc``) is the way.
MAX_EXACT_WORK = 10_000_000


def _enumeration(expr: DiceExpr) -> int:
    """Raw rolls :func:`charge_joint` enumerates for ``expr``."""
    return sum(t.sides ** t.count for t in expr.terms)


def estimate_work(r: Rules) -> int:
    """An upper bound of the exact solver's work for ``r``: chain transitions plus enumerated dice rolls.

    Counted before solving, from the dice ranges, the table edge and the turn
    limit: ``turns x distances fled x gaps x (flee outcomes + flee x charge outcomes)``.

    Parameters
    ----------
    r : Rules

    Returns
    -------
    int
        Compared with :data:`MAX_EXACT_WORK`.

    References
    ----------
    docs/warhammer.md, "How it is computed".
    """
    n_f = r.flee.max_value - r.flee.min_value + 1
    n_p = r.pursuit.max_value - r.pursuit.min_value + 1
    chaser = r.chaser_charges or r.chaser_impetuous
    charges = r.situation in ("charge_fleeing", "flee_reaction") or (chaser and r.max_turns > 0)
    n_c = 1
    work = 0
    if charges:
        widest = max((t.sides for t in r.charge_dice.terms), default=1)
        n_c = (r.charge_dice.max_value - r.charge_dice.min_value + 1) * widest
        work += _enumeration(r.charge_dice)
    if r.situation in ("charge_fleeing", "flee_reaction"):
        return work + n_f * n_c
    n_fb = r.fall_back.max_value - r.fall_back.min_value + 1
    work += 3 * max(n_f, n_fb) * (n_p + 1)
    if r.max_turns == 0:
        return work
    reach = (r.max_turns + 1) * r.flee.max_value
    n_cum = (min(reach, math.ceil(r.edge)) if not math.isinf(r.edge) else reach) + 1
    n_gap = n_cum + math.ceil(r.gap) + r.pursuit.max_value + 1 if chaser else 1
    per_state = n_f + (n_f * n_c if chaser else 0)
    return work + r.max_turns * n_cum * n_gap * per_state


# -- things in the way: side results ---------------------------------------------------------
#: Outcome code (not shown) of the side-result solves: the move met the marked object.
MARK = 99


def side_results(r, mode: str) -> dict:
    """Exact side results of the things in the way.

    ``obstacle_met``: the chance a flee move (on any turn) meets the object (goes round it,
    flees through it or runs into it); ``friend_fails_panic``: for a friend with a Leadership,
    the chance it is fled through and fails its Panic test.

    Each is the absorption probability of a marked copy of the chain in which meeting that
    object ends the trial (:data:`MARK`): the chain is the same up to that meeting.

    Parameters
    ----------
    r : Rules
        Rules with ``obstacles``.
    mode : {"fraction", "float"}

    Returns
    -------
    dict
        ``{"obstacle_met": {name: p}, "friend_fails_panic": {name: p}}`` (the second only with a
        friend's Leadership).

    References
    ----------
    docs/warhammer.md, "Things in the way" (7th, 8th and TOW: a friend fled through tests Panic).
    """
    met_by: dict = {}
    panic: dict = {}
    for i, o in enumerate(r.obstacles):
        near = o.near - r.clearance if o.effect == THROUGH else o.near
        near = max(near, 1e-9)  # within the clearance of where the unit stands: its first move meets it
        marked = list(r.obstacles)
        marked[i] = replace(o, near=near, effect=DESTROY, code=MARK)
        res = solve(replace(r, obstacles=tuple(marked)), mode)
        met = sum((p for (code, _), p in res.items() if code == MARK), Fraction(0) if mode == "fraction" else 0.0)
        met_by[o.name] = met
        if o.panic_fail_exact is not None:
            panic[o.name] = met * (o.panic_fail_exact if mode == "fraction" else o.panic_fail)
    out = {"obstacle_met": met_by}
    if panic:
        out["friend_fails_panic"] = panic
    return out
