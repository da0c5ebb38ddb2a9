"""Several pursuers or chargers on one fleeing unit (``[[pursuers]]``): the exact solver.

The rules and the numbers each unit brings (:class:`..plan.pursuers.Chaser`) are in
:mod:`..plan.pursuers`. The solver is an :class:`~fleeodds.exact.AbsorbingChain` whose transient
states are ``(turn, distance fled, gaps of the units that keep charging)``; the Monte Carlo kernel
(:mod:`..kernels.pursuers`) rolls every die. Both read the same :class:`..plan.pursuers.Chaser` numbers.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from ....exact import Absorb, AbsorbingChain
from .. import outcomes as oc
from ..plan.flee import (BREAK_CLASSIC, BREAK_NONE, FAILED_MOVE_FULL, FAILED_MOVE_HIGHEST_DIE, PURSUE_ALWAYS,
                         PURSUE_NEVER, Rules)
from ..plan.leadership import RALLY_DOUBLE1_ONLY, RALLY_NEVER, double1_pass, ld_faces, ld_test_pass
from ..plan.pursuers import CHARGE_SITUATIONS, Chaser, code_of
from .flee import _frac, _tow_break, charge_joint

ONE = Fraction(1)


def failed_move(c: Chaser, reach, highest):
    """How far a charger that falls short moves.

    Parameters
    ----------
    c : Chaser
    reach, highest
        The charge's reach and highest die (inches).

    Returns
    -------
    number
        Its M (6th, 7th, starter, 8th option), its highest die (8th) or its whole reach (TOW).

    References
    ----------
    docs/warhammer.md §3.4 and "The failed charger's move".
    """
    if c.failed_move_mode == FAILED_MOVE_HIGHEST_DIE:
        return highest
    if c.failed_move_mode == FAILED_MOVE_FULL:
        return reach
    return c.charge_move


# -- exact solver ----------------------------------------------------------------------------
class _SeveralSolver:
    """Transitions of the chain for several pursuers (states ``(turn, fled, gaps)``)."""

    def __init__(self, r: Rules):
        self.r = r
        self.ch = r.chasers
        self.edge = _frac(r.edge)
        self.flee = r.flee.pmf()
        self.fall_back = r.fall_back.pmf()
        self.pursuit = [c.pursuit.pmf() for c in self.ch]
        self.charge = [charge_joint(c.charge_dice) for c in self.ch]
        self.fixed = [_frac(c.charge_fixed) for c in self.ch]
        self.gap0 = [_frac(c.gap) for c in self.ch]
        self.declare = [_frac(c.declare_range) for c in self.ch]
        self.out_move = [_frac(c.out_of_range_move) for c in self.ch]
        # the units followed by their gap: those that keep charging, in a chain
        self.tracked = [i for i, c in enumerate(self.ch) if c.keeps_charging and r.chaser_charges]

    def reached(self, distance, target, strict) -> bool:
        if target is None:
            return False
        return distance > target if strict else distance >= target

    def code(self, base: int, i: int) -> int:
        return code_of(base, i, self.r)

    # -- turn 0 -----------------------------------------------------------------------------
    def charges(self):
        """charge_fleeing / flee_reaction: one flee move, then every charger's reach (§3.4)."""
        r = self.r
        for f, pf in self.flee.items():
            off = self.reached(Fraction(f), self.edge, r.edge_strict)
            acc: dict = {(None, 0): pf}  # (first charger that reaches, failed-charge move of the first charger)
            for i, c in enumerate(self.ch):
                need = self.gap0[i] + f
                nxt: dict = {}
                for (by, mv), p in acc.items():
                    for (dice, highest), pc in self.charge[i].items():
                        reach = self.fixed[i] + dice
                        hit = self.reached(reach, need, r.tie_strict)
                        nby = i if by is None and hit else by
                        nmv = mv
                        if r.failed_move_metric and i == 0:
                            nmv = 0 if hit else failed_move(c, reach, highest)
                        key = (nby, nmv)
                        nxt[key] = nxt.get(key, Fraction(0)) + p * pc
                acc = nxt
            for (by, mv), p in acc.items():
                metric = int(mv) if r.failed_move_metric else f
                if off:  # the flee move comes first (§3.4)
                    res = oc.OFF_TABLE
                elif by is not None:
                    res = self.code(oc.RUN_DOWN, by)
                else:
                    res = oc.ESCAPED
                yield p, Absorb(res, metric)

    def break_results(self) -> dict[int, Fraction]:
        """-1 held, 0 gave ground, 1 fell back in good order, 2 flees (as :mod:`.flee`)."""
        r = self.r
        if r.break_mode == BREAK_NONE:
            return {2: ONE}
        if r.break_mode == BREAK_CLASSIC:
            if r.unbreakable:
                held = ONE
            elif r.auto_break:
                held = sum((q for _, d1, _, q in ld_faces(r.break_test.dice == "3d6kl2") if d1), Fraction(0)) \
                    if r.break_test.double1_passes else Fraction(0)
            else:
                held = ld_test_pass(r.break_test, r.margin)
            return {-1: held, 2: 1 - held}
        return {0: ONE} if r.unbreakable else _tow_break(r)

    def pursuit_options(self, i: int) -> list[tuple[int, bool, Fraction]]:
        """Pursuer ``i``: ``(roll, pursues, probability)``; a restrained unit rolls nothing (§3.3)."""
        c = self.ch[i]
        if c.pursue_mode == PURSUE_ALWAYS:
            chase = ONE
        elif c.pursue_mode == PURSUE_NEVER:
            chase = Fraction(0)
        else:
            chase = 1 - ld_test_pass(c.restraint_test)
        out = [(p, True, chase * pp) for p, pp in self.pursuit[i].items()] if chase else []
        if chase != 1:
            out.append((0, False, 1 - chase))
        return out

    def start(self):
        r = self.r
        if r.situation in CHARGE_SITUATIONS:
            yield from self.charges()
            return
        options = [self.pursuit_options(i) for i in range(len(self.ch))]
        for res, pres in self.break_results().items():
            if pres == 0:
                continue
            if res == -1:
                yield pres, Absorb(oc.HELD, 0)
                continue
            if res == 0:
                yield pres, Absorb(oc.GAVE_GROUND, 0)
                continue
            falling_back = res == 1
            for f, pf in (self.fall_back if falling_back else self.flee).items():
                acc: dict = {(None, ()): pres * pf}  # (first pursuer that catches, gaps of the tracked ones)
                for i in range(len(self.ch)):
                    need = self.gap0[i] + f
                    nxt: dict = {}
                    for (by, gaps), q in acc.items():
                        for p, chases, w in options[i]:
                            hit = chases and self.reached(p, need, r.tie_strict)
                            if by is not None or hit:
                                key = (i if by is None else by, ())
                            else:
                                key = (None, gaps + (need - p,) if i in self.tracked else gaps)
                            nxt[key] = nxt.get(key, Fraction(0)) + q * w
                    acc = nxt
                off = self.reached(Fraction(f), self.edge, r.edge_strict)
                for (by, gaps), prob in acc.items():
                    caught = by is not None
                    if off and (not caught or not r.catch_first):
                        yield prob, Absorb(oc.OFF_TABLE, 0)
                    elif caught:
                        yield prob, Absorb(self.code(oc.CAUGHT_REENGAGED if falling_back else oc.CAUGHT, by), 0)
                    elif falling_back:
                        yield prob, Absorb(oc.FELL_BACK, 0)
                    elif r.max_turns == 0:
                        yield prob, Absorb(oc.ESCAPED, 0)
                    else:
                        yield prob, (1, Fraction(f), gaps)

    # -- later turns ----------------------------------------------------------------------------
    def rally_phase(self, cum, gaps, turn):
        r = self.r
        if r.rally_mode == RALLY_NEVER:
            p_rally = Fraction(0)
        elif r.rally_mode == RALLY_DOUBLE1_ONLY:
            p_rally = double1_pass(r.rally_test)
        else:
            p_rally = ld_test_pass(r.rally_test)
        if p_rally:
            yield p_rally, Absorb(oc.RALLIED, turn)
        if p_rally == 1:
            return
        for f, pf in self.flee.items():
            c2 = cum + f
            if self.reached(c2, self.edge, r.edge_strict):
                yield (1 - p_rally) * pf, Absorb(oc.OFF_TABLE, turn)
            else:
                yield (1 - p_rally) * pf, (c2, tuple(g + f for g in gaps))

    def enemy_phase(self, cum, gaps, turn):
        r = self.r
        if not self.tracked:
            yield ONE, (cum, gaps)
            return
        in_range = [gaps[j] <= self.declare[i] for j, i in enumerate(self.tracked)]
        if not any(in_range):  # nobody can declare a charge: no flee move, every chaser marches
            yield ONE, (cum, tuple(max(g - self.out_move[i], Fraction(0)) for g, i in zip(gaps, self.tracked)))
            return
        for f, pf in self.flee.items():
            c2 = cum + f
            if self.reached(c2, self.edge, r.edge_strict):  # the flee move comes first (§3.4)
                yield pf, Absorb(oc.OFF_TABLE, turn)
                continue
            start = tuple(g + f if in_range[j] else max(g + f - self.out_move[i], Fraction(0))
                          for j, (g, i) in enumerate(zip(gaps, self.tracked)))
            acc: dict = {(None, start): pf}
            for j, i in enumerate(self.tracked):
                if not in_range[j]:
                    continue
                c = self.ch[i]
                nxt: dict = {}
                for (by, gs), q in acc.items():
                    if by is not None:
                        nxt[(by, ())] = nxt.get((by, ()), Fraction(0)) + q
                        continue
                    for (dice, highest), pc in self.charge[i].items():
                        reach = self.fixed[i] + dice
                        if self.reached(reach, gs[j], r.tie_strict):
                            key = (i, ())
                        else:
                            moved = max(gs[j] - Fraction(failed_move(c, reach, highest)), Fraction(0))
                            key = (None, gs[:j] + (moved,) + gs[j + 1:])
                        nxt[key] = nxt.get(key, Fraction(0)) + q * pc
                acc = nxt
            for (by, gs), q in acc.items():
                if by is not None:
                    yield q, Absorb(self.code(oc.RUN_DOWN, by), turn)
                else:
                    yield q, (c2, gs)

    def turn(self, state):
        turn, cum, gaps = state
        phases = (self.enemy_phase, self.rally_phase) if self.r.enemy_first else (self.rally_phase, self.enemy_phase)
        current = {(cum, gaps): ONE}
        for phase in phases:
            nxt: dict = {}
            for (c, g), p in current.items():
                for q, res in phase(c, g, turn):
                    nxt[res] = nxt.get(res, Fraction(0)) + p * q
            current = {}
            for res, p in nxt.items():
                if isinstance(res, Absorb):
                    yield p, res
                else:
                    current[res] = p
        for (c, g), p in current.items():
            if turn >= self.r.max_turns:
                yield p, Absorb(oc.STILL_FLEEING, self.r.max_turns)
            else:
                yield p, (turn + 1, c, g)

    def step(self, state):
        return self.start() if state == "start" else self.turn(state)


@lru_cache(maxsize=64)
def _solve(r: Rules, mode: str):
    chain = AbsorbingChain("start", _SeveralSolver(r).step)
    return tuple(((a.outcome, a.metric), p) for a, p in chain.absorption(mode).items())


def solve_several(r: Rules, mode: str = "fraction") -> dict[tuple[int, int], Fraction | float]:
    """Exact probability of each ``(outcome code, metric)`` for rules with :attr:`Rules.chasers`.

    Parameters
    ----------
    r : Rules
        From :func:`..plan.pursuers.resolve_several`.
    mode : {"fraction", "float"}

    Returns
    -------
    dict[(int, int), Fraction or float]
        Codes: those of :mod:`..outcomes`, and :func:`..plan.pursuers.split_code` for a catch or a run
        down by one of two or more pursuers. The metric is the turn of resolution (0 for the combat
        phase), or in the charge situations the flee roll (inches) or, with ``options.charge_metric =
        "failed_charge_move"``, the first charger's failed-charge move (inches, 0 when its reach covers
        the distance).

    References
    ----------
    docs/warhammer.md, "Several pursuers and chargers"; 7th edition rulebook, Close Combat,
    "Multiple fleeing and pursuing"; 6th edition rulebook, Close Combat, "Pursuit move".
    """
    return dict(_solve(r, mode))


def estimate_work(r: Rules) -> int:
    """An upper bound of :func:`solve_several`'s work: chain transitions plus dice enumerated.

    ``turns x distances fled x gaps^(units that keep charging) x (flee x charge outcomes of each)``.

    Parameters
    ----------
    r : Rules

    Returns
    -------
    int

    References
    ----------
    docs/warhammer.md, "Several pursuers and chargers".
    """
    n_f = r.flee.max_value - r.flee.min_value + 1
    n_c = [(c.charge_dice.max_value - c.charge_dice.min_value + 1) *
           max((t.sides for t in c.charge_dice.terms), default=1) for c in r.chasers]
    if r.situation in CHARGE_SITUATIONS:
        work, states = 0, 1
        for n in n_c:
            work += n_f * states * n
            states = min(states * 2, 2 * 64)
        return work
    n_fb = r.fall_back.max_value - r.fall_back.min_value + 1
    work, states = 0, 1
    for c in r.chasers:
        n_p = c.pursuit.max_value - c.pursuit.min_value + 2
        work += 3 * max(n_f, n_fb) * states * n_p
        states *= n_p if (c.keeps_charging and r.chaser_charges) else 1
    if r.max_turns == 0:
        return work
    reach = (r.max_turns + 1) * r.flee.max_value
    n_cum = (min(reach, math.ceil(r.edge)) if not math.isinf(r.edge) else reach) + 1
    tracked = [(c, n) for c, n in zip(r.chasers, n_c) if c.keeps_charging and r.chaser_charges]
    n_gap = n_cum + math.ceil(max((c.gap for c in r.chasers), default=0)) + \
        max((c.pursuit.max_value for c in r.chasers), default=0) + 1
    per_state = n_f * (1 + sum(n for _, n in tracked))
    return work + r.max_turns * n_cum * n_gap ** len(tracked) * per_state
