"""Exact distribution of one round of close combat, by convolution.

Each attack is an independent trial (hit, wound, armour save failed, ward save
failed), so a side's unsaved wounds are binomial in its number of attacks. The
side that strikes first rolls with its full strength; the solver conditions on the
casualties it causes, and the other side strikes back with what is left of its fighting
models: in 8th the rear ranks step up, in 6th, 7th and TOW the slain and the models stepping
forward do not attack (docs/warhammer_combat.md §3, :func:`..plan.combat.attacks_of`).
Simultaneous strikes are two independent binomials; a roll-off for equal Initiative mixes both orders half and half.
A side's parts that strike with their own profile (a cavalry unit's mounts, docs/warhammer_combat.md §10) are
strike groups of their own at their own strike rank: the round is a sequence of strike steps.

Returns ``{(wounds by the unit, wounds by the enemy, unit alive, enemy alive): P}``
with wounds counted up to the foe's total (wounds beyond a destroyed unit are lost).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..plan.combat import AttackGroup, FightRules, SideRules, attacks_of, casualties, part_attacks


def success(score: int) -> Fraction:
    """P(a D6 scores ``score`` or more); ``score`` 7 never succeeds.

    Parameters
    ----------
    score : int

    Returns
    -------
    Fraction

    References
    ----------
    docs/warhammer_combat.md §2.
    """
    return Fraction(max(7 - score, 0), 6)


def kill_probability(s: SideRules) -> Fraction:
    """P(one attack of side ``s`` causes an unsaved wound): hit, wound, armour save and ward save failed.

    With Armour Bane (``s.save_bane``, TOW) a wound rolled as a natural 6 faces the worse save.

    Parameters
    ----------
    s : SideRules

    Returns
    -------
    Fraction

    References
    ----------
    docs/warhammer_combat.md §2 (striking blows); TOW "Armour Bane (X)"
    (tow.whfb.app/special-rules/armour-bane, last updated 2024-01-31).
    """
    return attack_probability(s.hit, s.wound, s.save, s.ward, s.reroll_hit, s.poisoned, s.killing_blow, s.regen,
                              s.save_bane)


@lru_cache(maxsize=1024)
def attack_probability(hit: int, wound: int, save: int, ward: int, reroll_hit: bool = False,
                       poisoned: bool = False, killing_blow: int = 0, regen: int = 7,
                       save_bane: int | None = None) -> Fraction:
    """P(one attack causes an unsaved wound), by the faces of its dice.

    Parameters
    ----------
    hit, wound, save, ward : int
        D6 scores (7: cannot / no save).
    reroll_hit : bool
        A failed to-hit roll is rolled again (Hatred, 8th ASF).
    poisoned : bool
        A 6 to hit (first roll or re-roll) wounds without a to-wound roll.
    killing_blow : int
        A 6 to wound allows no armour save (1), nor a regeneration roll (2, TOW).
    regen : int
        A separate regeneration roll after the ward save (6th/7th; 7: none).
    save_bane : int, optional
        The armour save against a wound rolled as a natural 6 (TOW Armour Bane); default: ``save``.

    Returns
    -------
    Fraction

    References
    ----------
    docs/warhammer_combat.md §2 and §15.
    """
    sixth = Fraction(1, 6)
    after_armour = (1 - success(ward)) * (1 - success(regen))
    p_wound_roll = Fraction(0)
    for x in range(1, 7):
        if x >= wound:
            if killing_blow and x == 6:
                p_wound_roll += sixth * (after_armour if killing_blow == 1 else 1 - success(ward))
            elif x == 6 and save_bane is not None:  # Armour Bane: a natural 6 to wound worsens the save
                p_wound_roll += sixth * (1 - success(save_bane)) * after_armour
            else:
                p_wound_roll += sixth * (1 - success(save)) * after_armour
    p_auto = (1 - success(save)) * after_armour  # a poisoned 6 to hit
    total = Fraction(0)
    faces = [(f, sixth) for f in range(1, 7)]
    for f, q in faces:
        if f >= hit:
            rolls = [(f, q)]
        elif reroll_hit:
            rolls = [(g, q * sixth) for g in range(1, 7) if g >= hit]
        else:
            rolls = []
        for g, r in rolls:
            total += r * (p_auto if (poisoned and g == 6) else p_wound_roll)
    return total


@lru_cache(maxsize=4096)
def binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    """P(k successes in n trials), k = 0..n, by repeated convolution (exact).

    Parameters
    ----------
    n : int
    p : Fraction

    Returns
    -------
    tuple of Fraction
        ``n + 1`` probabilities.

    References
    ----------
    docs/warhammer_combat.md §7 (a side's unsaved wounds are binomial in its attacks).
    """
    dist = [Fraction(1)]
    q = 1 - p
    for _ in range(n):
        nxt = [Fraction(0)] * (len(dist) + 1)
        for k, v in enumerate(dist):
            if v:
                nxt[k] += v * q
                nxt[k + 1] += v * p
        dist = nxt
    return tuple(dist)


def group_probability(g: AttackGroup) -> Fraction:
    """P(one attack of the part ``g`` (a mount...) causes an unsaved wound), as :func:`kill_probability`.

    Parameters
    ----------
    g : AttackGroup

    Returns
    -------
    Fraction

    References
    ----------
    docs/warhammer_combat.md §2 and §10.
    """
    return attack_probability(g.hit, g.wound, g.save, g.ward, g.reroll_hit, g.poisoned, g.killing_blow, g.regen)


@lru_cache(maxsize=8192)
def _sum_of_binomials(terms: tuple[tuple[int, tuple[Fraction, int]], ...]) -> tuple[Fraction, ...]:
    """Law of the sum of the unsaved wounds of groups striking together, each ``(n, (p, die))``: ``n``
    attacks, or ``n`` dice of hits when ``die`` is 3 or 6."""
    dist: tuple[Fraction, ...] = (Fraction(1),)
    for n, (p, die) in terms:
        b = _random_hits(n, die, p) if die else binomial(n, p)
        out = [Fraction(0)] * (len(dist) + len(b) - 1)
        for i, x in enumerate(dist):
            if x:
                for j, y in enumerate(b):
                    if y:
                        out[i + j] += x * y
        dist = tuple(out)
    return dist


def _groups(s: SideRules):
    """``[(strike rank, attacks(alive, slain), (P(unsaved wound), die))]``: the rank and file, then its parts
    (``die`` 0: a fixed number of attacks; 3 or 6: that many dice of hits, a chariot's impact hits)."""
    out = [(s.strikes, lambda alive, slain: attacks_of(s, alive, slain), (kill_probability(s), 0))]
    for g in s.parts:
        out.append((g.strikes, lambda alive, slain, g=g: part_attacks(s, g, alive, slain),
                    (group_probability(g), g.die)))
    return out


@lru_cache(maxsize=1024)
def _dice_sum(n: int, sides: int) -> tuple[Fraction, ...]:
    """Law of the sum of ``n`` dice of ``sides`` faces (index: the sum)."""
    dist: tuple[Fraction, ...] = (Fraction(1),)
    face = Fraction(1, sides)
    for _ in range(n):
        out = [Fraction(0)] * (len(dist) + sides)
        for i, x in enumerate(dist):
            if x:
                for f in range(1, sides + 1):
                    out[i + f] += x * face
        dist = tuple(out)
    return dist


@lru_cache(maxsize=1024)
def _random_hits(n: int, sides: int, p: Fraction) -> tuple[Fraction, ...]:
    """Law of the unsaved wounds of ``n`` dice of hits (each hit wounds and passes the saves with ``p``)."""
    hits = _dice_sum(n, sides)
    out = [Fraction(0)] * len(hits)
    for h, q in enumerate(hits):
        if q:
            for k, b in enumerate(binomial(h, p)):
                out[k] += q * b
    return tuple(out)


def _ranks(s: SideRules) -> set:
    return {g[0] for g in _groups(s)} | ({s.duelist.strikes} if s.duelist is not None else set())


def _steps(r: FightRules, first: int | None):
    """The strike steps of the round, highest strike rank first: ``[(unit groups, enemy groups, unit
    duelist strikes, enemy duelist strikes)]``; groups of both sides at the same rank strike together,
    unless ``first`` (0 the unit, 1 the enemy, the roll-off's winner) strikes before the other at equal
    rank."""
    levels: dict[tuple, list] = {}

    def at(rank, side):
        key = (rank, 0 if first is None else (1 if side == first else 0))
        return levels.setdefault(key, [[], [], False, False])

    for side, s in enumerate((r.unit, r.enemy)):
        for rank, n_of, p in _groups(s):
            at(rank, side)[side].append((n_of, p))
        if s.duelist is not None:
            at(s.duelist.strikes, side)[2 + side] = True
    return [levels[k] for k in sorted(levels, reverse=True)]


def _has_tie(r: FightRules) -> bool:
    """Whether a group of the unit and one of the enemy share a strike rank (a roll-off decides)."""
    return bool(_ranks(r.unit) & _ranks(r.enemy))


def _duel_law(me: SideRules, foe: SideRules, strikes: bool, taken: int, flt: bool = False) -> tuple:
    """Law of the wounds ``me``'s duelist causes at a step (he strikes while he has Wounds left); in float64
    with ``flt``."""
    if not strikes or me.duelist is None or taken >= me.duelist.wounds:
        return (1.0,) if flt else (Fraction(1),)
    d = me.duelist
    p = success(d.hit) * success(d.wound) * (1 - success(d.save)) * (1 - success(d.ward))
    law = binomial(d.attacks, p)
    return tuple(float(x) for x in law) if flt else law


def round_distribution(r: FightRules) -> dict[tuple[int, int, int, int], Fraction]:
    """Exact joint law of the round.

    The strike steps go by decreasing strike rank (the rank and file and each part -- a mount, a
    champion, a character -- at its own); groups at the same rank strike together; before each step the
    solver conditions on the wounds caused so far (casualties ``wounds // W`` on each side, wounds carried
    on a model from one step to the next), and a side's attacks at that step come from the models it has
    left (:func:`..plan.combat.attacks_of`, :func:`..plan.combat.part_attacks`). A roll-off for equal strike
    ranks (6th/7th) is one roll for the round: its winner strikes first at every shared rank. In a
    challenge the two duelists strike only each other, at their own ranks, while they have Wounds left;
    their wounds count with the overkill cap (:func:`..plan.combat.countable_wounds`).

    Parameters
    ----------
    r : FightRules

    Returns
    -------
    dict[(int, int, int, int), Fraction]
        ``{(w_unit, w_enemy, alive_unit, alive_enemy): P}``: wounds counted up to the foe's countable
        total (rank and file, plus the duelist's with overkill), models left (a champion who survived his
        challenge included).

    References
    ----------
    docs/warhammer_combat.md §2-§3, §7, §10-§13.
    """
    out: dict[tuple[int, int, int, int], Fraction] = {}
    for (wu, we, au, ae, _hu, _he), p in round_law(r).items():
        out[(wu, we, au, ae)] = out.get((wu, we, au, ae), Fraction(0)) + p
    return out


@lru_cache(maxsize=8192)
def _float_sum_of_binomials(terms) -> tuple[float, ...]:
    """:func:`_sum_of_binomials` in float64 (the exact law, rounded once)."""
    return tuple(float(x) for x in _sum_of_binomials(terms))


def round_law(r: FightRules, mode: str = "fraction") -> dict[tuple[int, int, int, int, int, int], Fraction | float]:
    """Exact joint law of the round with the wounds left on each side's wounded model (:func:`round_distribution`
    and what a later round needs).

    A side whose rank and file start the round with ``carried`` wounds on their wounded model (a later round,
    multi-Wound models) starts the round's count there: its next ``W - carried`` wounds remove that model
    (whole models are removed, the wounds left over are noted and carried: 6th and 7th "Multiple wound
    casualties", TOW "Multiple Wound Models"; docs/warhammer_combat.md §17); the combat result counts only
    the wounds caused in this round.

    Parameters
    ----------
    r : FightRules
    mode : {"fraction", "float"}
        Rational arithmetic, or float64 for the convolution over the strike steps (each side's law of
        wounds at a step is computed exactly, then rounded once): the several-round chain's float mode.

    Returns
    -------
    dict[(int, int, int, int, int, int), Fraction or float]
        ``{(w_unit, w_enemy, alive_unit, alive_enemy, carried_unit, carried_enemy): P}``: as
        :func:`round_distribution`, then the wounds each side's wounded rank-and-file model has lost at the
        round's end (0 when none is left or none is wounded).

    References
    ----------
    docs/warhammer_combat.md §2-§3, §7, §10-§13, §17; 7th.whfb.app/shooting/multiple-wound-casualties;
    tow.whfb.app/removing-casualties/multiple-wound-models.
    """
    if r.fear is not None:  # 8th Fear: the tester passes (as written) or fights with WS 1
        from dataclasses import replace

        _side, _ld, p_pass, failed = r.fear
        if mode == "float":
            p_pass = float(p_pass)
        out: dict[tuple, Fraction] = {}
        for q, dist in ((p_pass, round_law(replace(r, fear=None), mode)), (1 - p_pass, round_law(failed, mode))):
            for k, v in dist.items():
                out[k] = out.get(k, 0) + q * v
        return {k: v for k, v in out.items() if v}
    flt = mode == "float"
    zero = 0.0 if flt else Fraction(0)
    law_of = _float_sum_of_binomials if flt else _sum_of_binomials
    u, e = r.unit, r.enemy
    cap_u, cap_e = (e.models - e.in_duel) * e.wounds, (u.models - u.in_duel) * u.wounds
    cap_du = u.duelist and e.duelist and e.duelist.countable or 0  # wounds the unit's duelist may count
    cap_de = u.duelist and e.duelist and u.duelist.countable or 0
    rf_u, rf_e = u.models - u.in_duel, e.models - e.in_duel
    if r.equal_roll_off and _has_tie(r):
        orders = [(0, Fraction(1, 2)), (1, Fraction(1, 2))]
    else:
        orders = [(None, Fraction(1))]
    out: dict[tuple, Fraction] = {}
    for first, q0 in orders:
        q0 = float(q0) if flt else q0
        # the rank and file's wounds are counted from those their wounded model carries into the round
        state: dict[tuple[int, int, int, int], Fraction] = {(e.carried, u.carried, 0, 0): q0}
        for unit_groups, enemy_groups, duel_u, duel_e in _steps(r, first):
            nxt: dict[tuple[int, int, int, int], Fraction] = {}
            for (wu, we, du, de), q in state.items():
                slain_u, slain_e = casualties(we, u), casualties(wu, e)
                lu = law_of(tuple((n_of(rf_u - slain_u, slain_u), p) for n_of, p in unit_groups))
                le = law_of(tuple((n_of(rf_e - slain_e, slain_e), p) for n_of, p in enemy_groups))
                ldu = _duel_law(u, e, duel_u, de, flt)
                lde = _duel_law(e, u, duel_e, du, flt)
                for i, a in enumerate(lu):
                    if not a:
                        continue
                    nu = min(wu + i, cap_u)
                    for j, b in enumerate(le):
                        if not b:
                            continue
                        ne = min(we + j, cap_e)
                        for k, c in enumerate(ldu):
                            if not c:
                                continue
                            nk = min(du + k, cap_du)
                            for m, d in enumerate(lde):
                                if d:
                                    key = (nu, ne, nk, min(de + m, cap_de))
                                    nxt[key] = nxt.get(key, zero) + q * a * b * c * d
            state = nxt
        for (wu, we, du, de), q in state.items():
            left_u, left_e = rf_u - casualties(we, u), rf_e - casualties(wu, e)
            au = left_u + (1 if u.in_duel and de < u.duelist.wounds else 0)
            ae = left_e + (1 if e.in_duel and du < e.duelist.wounds else 0)
            key = (wu - e.carried + du, we - u.carried + de, au, ae,
                   we % u.wounds if left_u else 0, wu % e.wounds if left_e else 0)
            out[key] = out.get(key, zero) + q
    return out
