"""Exact solver of the chase: an absorbing Markov chain over (round, hit points).

The positions of every round are fixed by the choices (:mod:`..plan.chase`), so the only random state is
the runner's hit points; each attack convolves that distribution with its exact miss / hit / critical
damage distribution (:func:`..plan.rules.attack_outcome`, :func:`..plan.rules.damage_pmf`), and the mass
that reaches 0 HP is absorbed as ``down`` (or ``dead`` on an instant death) in that round. At the end of
the round the runner reaches safety, the rest is absorbed as ``escaped``; after the last round, as
``still_chased``. Exact in :class:`fractions.Fraction`.
"""


from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ..plan.chase import (O_BACK_UP, O_DEAD, O_DISABLED, O_DOWN, O_ESCAPED, O_STABLE, O_STILL, ON_TURN,
                          ChasePlan)
from .death_saves import save_results
from ..plan.rules import attack_outcome, damage_pmf, is_5e, pf_stabilise_probability
from .exchange import trip_probability


def solve_chase(plan: ChasePlan, mode: str = "float", start: dict | None = None,
                downed_at_start: object = None) -> dict[tuple[int, int], object]:
    """Exact ``{(outcome index, round): probability}`` of the chase.

    Parameters
    ----------
    plan : ChasePlan
    mode : {"float", "fraction"}
    start : dict, optional
        ``{hit points: probability}`` of the runner when the chase starts (default: ``spec.hp``, certain);
        it may sum to less than 1 (the chase after the exchange: the rest ended in the exchange).
    downed_at_start : probability, optional
        With ``spec.death_saves``: mass that starts the chase at 0 HP with no death-save mark (down in
        the exchange), rolling its first save in round 1.

    Returns
    -------
    dict
        Outcomes in the order of :attr:`..plan.chase.ChasePlan.outcomes`; the round is the one the outcome
        happens in (``still_chased`` and, with death saves, a runner still dying: the last round).

    References
    ----------
    SRD 5.1 *Combat* / SRD 5.2 *Playing the Game* (see :mod:`..plan.chase`); SRD 5.1 "Instant Death",
    "Death Saving Throws", SRD 5.2 *Rules Glossary*, "Hit Points", "Death Saving Throw".
    """
    return chase_chain(plan, mode, start, downed_at_start)[0]


def chase_chain(plan: ChasePlan, mode: str = "float", start: dict | None = None,
                downed_at_start: object = None) -> tuple[dict, dict]:
    """:func:`solve_chase` and the occupancy by round.

    Parameters
    ----------
    plan, mode, start, downed_at_start
        As :func:`solve_chase`.

    Returns
    -------
    tuple
        ``(distribution, rows)``: rows ``{round: {"escaped", "down", "dead", "still_chased"}}`` (and with
        death saves ``"stable"``, ``"back_up"``): masses at the end of each round (``down``: at 0 HP and
        unresolved then; the others cumulative).

    References
    ----------
    As :func:`solve_chase`.
    """
    if plan.variants or not is_5e(plan.spec.edition):
        return _branching_chain(plan, mode, start)
    num: Callable = Fraction if mode == "fraction" else float
    spec = plan.spec
    hp_max = spec.hp_max
    tables = {}

    def table(a):
        key = (a.attack_bonus, a.ac, a.threat_low, a.advantage, a.damage, a.multiplier)
        if key not in tables:
            odds = attack_outcome(spec.edition, a.attack_bonus, a.ac, a.threat_low, advantage=a.advantage)
            rows = [(num(odds.miss), 0)]
            for d, p in damage_pmf(a.damage, plan.damage_rule).items():
                rows.append((num(odds.hit * p), d))
            for d, p in damage_pmf(a.damage, plan.damage_rule, crit=True, multiplier=a.multiplier).items():
                rows.append((num(odds.crit * p), d))
            tables[key] = [(p, d) for p, d in rows if p]
        return tables[key]

    out: dict[tuple[int, int], object] = {}
    cum = {O_ESCAPED: num(0), O_DEAD: num(0), O_STABLE: num(0), O_BACK_UP: num(0), O_DOWN: num(0)}

    def absorb(code, r, p):
        if p:
            out[(code, r)] = out.get((code, r), num(0)) + p
            if code in cum:
                cum[code] += p

    saves = spec.death_saves
    # the death save of the runner's turn: one save of exact.death_saves (no bonus, one d20)
    res = {k: num(v) for k, v in save_results(0, 0).items() if v}

    def down_table(st):  # an attack on the downed runner: (probability, damage or None for a miss, critical)
        key = ("down", st.attack_bonus, st.ac, st.threat_low, st.advantage, st.damage, st.auto_crit)
        if key not in tables:
            odds = attack_outcome(spec.edition, st.attack_bonus, st.ac, st.threat_low, advantage=st.advantage)
            rows = [(num(odds.miss), None, False)]
            crit_pmf = damage_pmf(st.damage, plan.damage_rule, crit=True)
            if st.auto_crit:  # within 5 ft of an unconscious creature every hit is a critical
                rows += [(num((odds.hit + odds.crit) * p), d, True) for d, p in crit_pmf.items()]
            else:
                rows += [(num(odds.hit * p), d, False) for d, p in damage_pmf(st.damage, plan.damage_rule).items()]
                rows += [(num(odds.crit * p), d, True) for d, p in crit_pmf.items()]
            tables[key] = [x for x in rows if x[0]]
        return tables[key]

    dist: dict[int, object] = {k: num(v) for k, v in (start if start is not None else {spec.hp: 1}).items() if v}
    drops: dict[int, object] = {}  # with death saves: mass dropped by attack j (-1: down at the start)
    if downed_at_start:
        drops[-1] = num(downed_at_start)
    index = {id(a): j for j, a in enumerate(plan.attacks)}

    def attack_all(attacks, r):
        nonlocal dist
        for a in attacks:
            nxt: dict[int, object] = {}
            for hp, p in dist.items():
                for q, d in table(a):
                    left = hp - d
                    if left > 0:
                        nxt[left] = nxt.get(left, num(0)) + p * q
                    elif (left <= spec.dead_at) if spec.dead_at is not None else (d - hp >= hp_max):
                        absorb(O_DEAD, r, p * q)  # 5e: the damage left over at 0 HP reaches the maximum; 3.5/PF
                    elif saves:  # down, no mark yet: it lies where it fell (followed below)
                        j = index[id(a)]
                        drops[j] = drops.get(j, num(0)) + p * q
                    else:
                        absorb(O_DOWN, r, p * q)
            dist = nxt

    by_round: dict[int, list] = {}
    for a in plan.attacks:
        by_round.setdefault(a.round, []).append(a)
    last = plan.escape_round or spec.rounds
    rows = {}
    for r in range(1, last + 1):
        todo = by_round.get(r, []) if r <= last else []
        attack_all(todo, r)
        if r == plan.escape_round:
            absorb(O_ESCAPED, r, sum(dist.values(), num(0)))
            dist = {}
        alive = sum(dist.values(), num(0))
        rows[r] = {"escaped": cum[O_ESCAPED], "down": cum[O_DOWN], "dead": cum[O_DEAD], "still_chased": alive}
    for r in range(len(rows) + 1, spec.rounds + 1):  # safe before the last round: nothing changes any more
        rows[r] = dict(rows[len(rows)])
    if not plan.escape_round:
        absorb(O_STILL, spec.rounds, sum(dist.values(), num(0)))
    if saves:
        for r in rows:
            rows[r]["stable"] = rows[r]["back_up"] = num(0)
        for j, m in drops.items():
            steps = plan.start_down if j < 0 else plan.after_drop[j]
            r0 = plan.attacks[j].round if j >= 0 else 1
            d, rw = _downed_chain(steps, r0, spec.rounds, hp_max, num, down_table, res)
            for k, p in d.items():
                absorb(k[0], k[1], m * p)
            for r, row in rw.items():
                for k, p in row.items():
                    rows[r][k] += m * p
    return out, rows


def _branching_chain(plan: ChasePlan, mode: str, start: dict | None) -> tuple[dict, dict]:
    """:func:`chase_chain` of a 3.5/PF plan: the state is (plan followed, hit points).

    Each trip attempt splits the mass of its plan: the share it trips (:func:`..exact.exchange.trip_probability`)
    goes on in the plan of ``on_trip`` from the next attack (the plans share their attacks up to there),
    the rest stays. Plans are visited in index order, so a plan's share reaches its branch (a later index)
    before that branch is read in the same round. With ``spec.death_saves`` a runner left at exactly 0 HP
    is ``disabled`` and a dying one (below 0, above ``dead_at``) follows :func:`_dying_35`."""
    num: Callable = Fraction if mode == "fraction" else float
    spec = plan.spec
    plans = (plan, *plan.variants)
    tables: dict = {}

    def table(a):
        key = (a.attack_bonus, a.ac, a.threat_low, a.damage, a.multiplier)
        if key not in tables:
            odds = attack_outcome(spec.edition, a.attack_bonus, a.ac, a.threat_low)
            rows = [(num(odds.miss), 0)]
            rows += [(num(odds.hit * p), d) for d, p in damage_pmf(a.damage, plan.damage_rule).items()]
            rows += [(num(odds.crit * p), d) for d, p in damage_pmf(a.damage, plan.damage_rule, crit=True,
                                                                   multiplier=a.multiplier).items()]
            tables[key] = [(p, d) for p, d in rows if p]
        return tables[key]

    out: dict = {}
    cum = {O_ESCAPED: num(0), O_DOWN: num(0), O_DEAD: num(0), O_DISABLED: num(0)}
    saves = spec.death_saves
    dying: dict = {}  # (hp, round of the drop, round of its first check): mass

    def absorb(code, r, p):
        if p:
            out[(code, r)] = out.get((code, r), num(0)) + p
            if code in cum:
                cum[code] += p

    def add(into, hp, p):
        into[hp] = into.get(hp, num(0)) + p

    dists: list[dict] = [{} for _ in plans]
    for hp, p in (start if start is not None else {spec.hp: 1}).items():
        if p:
            add(dists[0], hp, num(p))
    rows = {}
    for r in range(1, spec.rounds + 1):
        pending: list[dict] = [{} for _ in plans]  # {attack index to start from: {hp: p}} tripped this round
        for v, pl in enumerate(plans):
            todo = [(j, a) for j, a in enumerate(pl.attacks) if a.round == r]
            dist = dists[v]
            for j, a in todo:
                if j in pending[v]:
                    for hp, p in pending[v].pop(j).items():
                        add(dist, hp, p)
                if a.trip:
                    if a.on_trip <= v:  # an attempt of the shared start: no mass of this plan reaches it
                        if dist:
                            raise RuntimeError(f"internal: trip attempt {j} of chase plan {v} reached")
                        continue
                    s_ = num(trip_probability(a))
                    into = pending[a.on_trip].setdefault(j + 1, {})
                    for hp, p in dist.items():
                        add(into, hp, p * s_)
                    dist = {hp: p * (1 - s_) for hp, p in dist.items()}
                    continue
                nxt: dict = {}
                for hp, p in dist.items():
                    for q, d in table(a):
                        left = hp - d
                        if left > 0:
                            add(nxt, left, p * q)
                        elif left <= spec.dead_at:
                            absorb(O_DEAD, r, p * q)
                        elif saves and left == 0:
                            absorb(O_DISABLED, r, p * q)
                        elif saves:  # dying: its first check on its turn (this round if the drop came before)
                            key = (left, r, r if a.trigger == ON_TURN else r + 1)
                            dying[key] = dying.get(key, num(0)) + p * q
                        else:
                            absorb(O_DOWN, r, p * q)
                dist = nxt
            for rest in pending[v].values():  # tripped by the last attempt of the round: nothing follows
                for hp, p in rest.items():
                    add(dist, hp, p)
            if pl.escape_round == r:
                absorb(O_ESCAPED, r, sum(dist.values(), num(0)))
                dist = {}
            dists[v] = dist
        alive = sum((p for d in dists for p in d.values()), num(0))
        rows[r] = {"escaped": cum[O_ESCAPED], "down": cum[O_DOWN], "dead": cum[O_DEAD], "still_chased": alive}
        if saves:
            rows[r] |= {"stable": num(0), "disabled": cum[O_DISABLED]}
    absorb(O_STILL, spec.rounds, sum((p for d in dists for p in d.values()), num(0)))
    for (hp, r0, first), m in dying.items():
        fate, by_round = _dying_35(spec, hp, first, num)
        for k, p in fate.items():
            absorb(k[0], k[1], m * p)
        for r in range(r0, spec.rounds + 1):
            for k, p in by_round.get(r, {"down": num(1)}).items():
                rows[r][k] += m * p
    return out, rows


def _dying_35(spec, hp: int, first: int, num) -> tuple[dict, dict]:
    """The fate of a 3.5/PF runner dying at ``hp`` (< 0), its first check in round ``first``:
    ``({(outcome, round): p}, {round: {"down", "stable", "dead"}})`` (rows from ``first``; before it, still
    dying). Each round on its turn: stable with 1/10 (3.5) or :func:`..plan.rules.pf_stabilise_probability`
    (PF), else 1 HP lost; dead at ``spec.dead_at`` or below; still dying after the last round: ``down``."""
    alive: dict = {hp: num(1)}
    out: dict = {}
    stable = dead = num(0)
    rows = {}
    for r in range(first, spec.rounds + 1):
        nxt: dict = {}
        for h, p in alive.items():
            q = num(Fraction(1, 10) if spec.edition == "3.5" else pf_stabilise_probability(h, spec.con))
            if q:
                out[(O_STABLE, r)] = out.get((O_STABLE, r), num(0)) + p * q
                stable += p * q
            if h - 1 <= spec.dead_at:
                out[(O_DEAD, r)] = out.get((O_DEAD, r), num(0)) + p * (1 - q)
                dead += p * (1 - q)
            elif 1 - q:
                nxt[h - 1] = nxt.get(h - 1, num(0)) + p * (1 - q)
        alive = nxt
        rows[r] = {"down": sum(alive.values(), num(0)), "stable": stable, "dead": dead}
    if alive:
        out[(O_DOWN, spec.rounds)] = sum(alive.values(), num(0))
    return out, rows


def _downed_chain(steps, r0: int, rounds: int, hp_max: int, num, table, res) -> tuple[dict, dict]:
    """The fate of a runner dropped with no mark: ``({(outcome, round): p}, {round: {"down", "stable",
    "dead", "back_up"}})`` over its steps (death saves, attacks on it); rows from ``r0``, the round of the drop.

    State: (successes, failures, round it became stable or 0). A hit at 0 HP marks one failure, a critical
    two (every hit from within 5 ft), damage at least the hit point maximum kills; a stable runner that is
    hit starts again from no success (SRD 5.1 "Damage at 0 Hit Points", "Stabilizing a Creature")."""
    out: dict = {}
    states: dict = {(0, 0, 0): num(1)}
    dead = back = num(0)

    def add(into, key, p):
        into[key] = into.get(key, num(0)) + p

    by_round: dict[int, list] = {}
    for st in steps:
        by_round.setdefault(st.round, []).append(st)
    rows = {}
    for r in range(r0, rounds + 1):
        for st in by_round.get(r, []):
            nxt: dict = {}
            for (s_, f, stab), p in states.items():
                if st.save:
                    if stab:
                        add(nxt, (s_, f, stab), p)
                        continue
                    for key, q in res.items():
                        if key == "back_up":
                            add(out, (O_BACK_UP, r), p * q)
                            back += p * q
                        elif key == "success":
                            add(nxt, (3, 0, r) if s_ + 1 >= 3 else (s_ + 1, f, 0), p * q)
                        else:
                            nf = f + (2 if key == "two_failures" else 1)
                            if nf >= 3:
                                add(out, (O_DEAD, r), p * q)
                                dead += p * q
                            else:
                                add(nxt, (s_, nf, 0), p * q)
                    continue
                for q, dmg, crit in table(st):
                    if dmg is None:  # a miss
                        add(nxt, (s_, f, stab), p * q)
                        continue
                    if dmg >= hp_max:
                        add(out, (O_DEAD, r), p * q)
                        dead += p * q
                        continue
                    s0, f0 = (0, 0) if stab else (s_, f)
                    nf = f0 + (2 if crit else 1)
                    if nf >= 3:
                        add(out, (O_DEAD, r), p * q)
                        dead += p * q
                    else:
                        add(nxt, (s0, nf, 0), p * q)
            states = nxt
        rows[r] = {"down": sum((p for (s_, _f, stab), p in states.items() if not stab), num(0)),
                   "stable": sum((p for (s_, _f, stab), p in states.items() if stab), num(0)),
                   "dead": dead, "back_up": back}
    for (s_, _f, stab), p in states.items():
        if stab:
            add(out, (O_STABLE, stab), p)
        else:
            add(out, (O_DOWN, rounds), p)
    return out, rows


def chase_summary(plan: ChasePlan, mode: str = "fraction") -> dict[str, object]:
    """P(escapes), P(down), P(dead) by round (cumulative), and the expected rounds to safety.

    Parameters
    ----------
    plan : ChasePlan
    mode : {"fraction", "float"}

    Returns
    -------
    dict
        ``by_round``: ``{round: {"escaped", "down", "dead", "still_chased"}}`` (cumulative, ``down``: at
        0 HP and unresolved after that round; with death saves also ``stable`` and ``back_up``; still
        chased: neither safe nor down yet after that round); ``p_escapes``; ``mean_rounds_to_safety``:
        the mean round of safety among the runners who reach it (``None`` when none does);
        ``mean_rounds``: the mean round the chase ends in, over every outcome.

    References
    ----------
    As :func:`solve_chase`.
    """
    dist, rows = chase_chain(plan, mode)
    return summary_of(dist, rows, mode)


def summary_of(dist: dict, rows: dict, mode: str = "fraction") -> dict[str, object]:
    """The summary of :func:`chase_summary` from a distribution and its rows (also sums of them: the
    chase after the exchange).

    Parameters
    ----------
    dist : dict
        ``{(outcome index, round): probability}``.
    rows : dict
        ``{round: {name: mass}}`` (:func:`chase_chain`).
    mode : {"fraction", "float"}

    Returns
    -------
    dict
        As :func:`chase_summary`.

    References
    ----------
    As :func:`solve_chase`.
    """
    num: Callable = Fraction if mode == "fraction" else float
    by_round = {}
    for r, row in rows.items():
        row = dict(row)
        if mode != "fraction":
            row["still_chased"] = max(0.0, row["still_chased"])  # no -4e-16 from float sums
        by_round[r] = row
    esc = sum((p for (o, _r), p in dist.items() if o == O_ESCAPED), num(0))
    mean_safe = (sum((r * p for (o, r), p in dist.items() if o == O_ESCAPED), num(0)) / esc) if esc else None
    return {"by_round": by_round, "p_escapes": esc, "mean_rounds_to_safety": mean_safe,
            "mean_rounds": sum((r * p for (_o, r), p in dist.items()), num(0))}
