"""Exact sub-results of the D&D rules: d20 faces, attack outcomes, criticals, skill
checks, saving throws, death saves and dying, damage distributions.

Every function returns :class:`fractions.Fraction` values (or dicts of them), so
that oracle values can be checked with ``==``. They are the building blocks of
the exact solver (:mod:`..exact.exchange`); the Monte Carlo kernel (:mod:`..kernels.exchange`) does
not use their probabilities: it rolls the dice itself (it reads only :func:`is_5e`).

References
----------
docs/dnd.md (§2 attack roll, §3.3 damage and criticals, §3.4 hit-point
states, §4 Pathfinder, §5 5e); D&D 3.5 SRD *Combat* and *Injury and Death*;
Pathfinder RPG PRD *Combat*; SRD 5.1 and 5.2 *Combat* and *Damage and Healing*.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ....language import Message, N_
from ....dice import DiceExpr, convolve, parse
from ....errors import InputError
from ....exact import Absorb, AbsorbingChain
from ....i18n import Grouped  # noqa: F401  (re-exported: the kernels and scenarios name it from here)

FACES = range(1, 21)
ONE = Fraction(1)
ZERO = Fraction(0)

#: Editions understood by the rules layer.
EDITIONS = ("3.5", "pf1", "5e2014", "5e2024")


def is_5e(edition: str) -> bool:
    """Whether ``edition`` is a 5e edition (``"5e2014"``, ``"5e2024"``).

    Parameters
    ----------
    edition : str
        One of :data:`EDITIONS`.

    Returns
    -------
    bool

    References
    ----------
    SRD 5.1 (2014) and SRD 5.2 (2024); digest §1.
    """
    return edition.startswith("5e")


# --------------------------------------------------------------------------- d20


def face_weights(advantage: int = 0) -> dict[int, Fraction]:
    """Probability of each kept d20 face.

    Parameters
    ----------
    advantage : {-1, 0, 1}
        ``1``: advantage (higher of two d20), ``-1``: disadvantage (lower of two).

    Returns
    -------
    dict[int, Fraction]
        ``{face: probability}`` for faces 1-20: ``1/20``, ``(2k - 1)/400`` with
        advantage, ``(41 - 2k)/400`` with disadvantage (digest §2).

    References
    ----------
    SRD 5.1 / 5.2, *Using Ability Scores*, "Advantage and Disadvantage".
    """
    if advantage > 0:
        return {k: Fraction(2 * k - 1, 400) for k in FACES}
    if advantage < 0:
        return {k: Fraction(41 - 2 * k, 400) for k in FACES}
    return {k: Fraction(1, 20) for k in FACES}


def roll_hits(face: int, attack_bonus: int, ac: int) -> bool:
    """Whether a d20 ``face`` hits: natural 1 misses, natural 20 hits, else ``face + bonus >= AC``.

    Parameters
    ----------
    face : int
        The natural d20 face, 1 to 20.
    attack_bonus : int
        The attack's total bonus.
    ac : int
        The target's Armour Class.

    Returns
    -------
    bool

    References
    ----------
    D&D 3.5 SRD, *Combat*, "Attack Roll"; Pathfinder RPG PRD, *Combat*; SRD 5.1 / 5.2, *Combat*,
    "Rolling 1 or 20"; digest §2.
    """
    return face != 1 and (face == 20 or face + attack_bonus >= ac)


def hit_probability(attack_bonus: int, ac: int, advantage: int = 0) -> Fraction:
    """P(an attack roll hits), natural 1 and 20 applied per face (no clamping).

    Parameters
    ----------
    attack_bonus : int
        The attack's total bonus.
    ac : int
        The target's Armour Class.
    advantage : {-1, 0, 1}
        Disadvantage, a single d20, advantage (5e).

    Returns
    -------
    Fraction

    References
    ----------
    D&D 3.5 SRD, *Combat*, "Attack Roll"; SRD 5.1 / 5.2, *Combat*, "Advantage and Disadvantage";
    digest §2.
    """
    return sum((w for f, w in face_weights(advantage).items() if roll_hits(f, attack_bonus, ac)), ZERO)


def parse_threat_range(value, field: str = "threat_range") -> int:
    """Lowest natural face of a threat (or 5e critical) range.

    Parameters
    ----------
    value : int or str
        ``20``, ``"20"``, ``19``, ``"19-20"``, ``"18-20"`` … (``"N-20"``).

    Returns
    -------
    int
        ``N``, from 2 to 20.

    Raises
    ------
    InputError
        On anything else, e.g. ``"21-20"``, ``"20-19"`` or ``"1-20"``.

    References
    ----------
    D&D 3.5 SRD, *Combat*, "Critical Hits" (threat range); SRD 5.1 / 5.2, *Combat*, "Critical Hits".
    """
    allowed = Message(N_("'20' or 'N-20' with N from 2 to 20 (e.g. '19-20', '18-20'), or the integer N"))
    if isinstance(value, bool):
        raise InputError(field, value, allowed)
    if isinstance(value, int):
        low = value
    elif isinstance(value, str):
        s = value.strip().replace("–", "-").replace(" ", "")
        if s.isascii() and s.isdigit():  # ASCII only: "١٩-20" is refused, as dice notation refuses it
            low = int(s)
            if low != 20:
                raise InputError(field, value, allowed)
        else:
            parts = s.split("-")
            if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts) or int(parts[1]) != 20:
                raise InputError(field, value, allowed)
            low = int(parts[0])
    else:
        raise InputError(field, value, allowed)
    if not 2 <= low <= 20:
        raise InputError(field, value, allowed)
    return low


def crit_confirm_probability(attack_bonus: int, ac: int, threat_range=20, *,
                             threat_must_hit: bool = True) -> Fraction:
    """P(confirmed critical hit) of one 3.5 / Pathfinder attack.

    A threat is a *hitting* roll whose face is in the threat range; it is
    confirmed by a second roll with the same bonus against the same AC (natural
    20 hits, natural 1 misses).

    Parameters
    ----------
    attack_bonus, ac : int
    threat_range : int or str
        ``20``, ``"19-20"``, ``"18-20"`` … (see :func:`parse_threat_range`).
    threat_must_hit : bool
        ``False`` counts every face in the range as a threat even when the roll
        misses (a common calculator error, digest §7; for comparison only).

    Returns
    -------
    Fraction

    References
    ----------
    D&D 3.5 SRD, Combat, "Critical Hits"; digest §3.3 (1)-(2).
    """
    return attack_outcome("3.5", attack_bonus, ac, threat_range, threat_must_hit=threat_must_hit).crit


@dataclass(frozen=True)
class AttackOdds:
    """Probabilities that one attack misses, hits normally, or hits critically.

    Attributes
    ----------
    miss, hit, crit : Fraction
        Summing to 1.

    References
    ----------
    D&D 3.5 SRD, *Combat*, "Critical Hits"; SRD 5.1 / 5.2, *Combat*, "Critical Hits"; digest §2.
    """

    miss: Fraction
    hit: Fraction
    crit: Fraction

    def __post_init__(self):
        assert self.miss + self.hit + self.crit == 1


def attack_outcome(edition: str, attack_bonus: int, ac: int, threat_range=20, *, advantage: int = 0,
                   threat_must_hit: bool = True, auto_crit: bool = False,
                   concealment: int = 0, confirmation: str = "roll",
                   confirm_natural_20: bool = True) -> AttackOdds:
    """Miss / normal hit / critical hit probabilities of one attack.

    Parameters
    ----------
    edition : {"3.5", "pf1", "5e2014", "5e2024"}
    attack_bonus, ac : int
    threat_range : int or str
        3.5/PF: threat range (a hit in range is confirmed by a second roll).
        5e: critical range (a natural face in range is a critical hit, no confirmation).
    advantage : {-1, 0, 1}
        5e disadvantage / straight / advantage.
    threat_must_hit : bool
        3.5/PF only; see :func:`crit_confirm_probability`.
    auto_crit : bool
        5e: every hit is a critical (an unconscious target within 5 ft).
    concealment : int
        Miss chance in percent, rolled after a hit (3.5 20 %, total 50 %).
    confirmation : {"roll", "none"}
        3.5/PF: ``"roll"`` (SRD: a second attack roll confirms the threat); ``"none"``: every
        threat is a critical (a common table rule).
    confirm_natural_20 : bool
        3.5/PF: a natural 20 on the confirmation roll confirms even when its total misses the AC
        (default: it is an attack roll, and a natural 20 always hits); ``False``: the total must hit.

    Returns
    -------
    AttackOdds

    References
    ----------
    Digest §2, §3.3, §5.1.
    """
    low = parse_threat_range(threat_range)
    w = face_weights(advantage)
    miss = hit = crit = ZERO
    if is_5e(edition):
        for f, p in w.items():
            if f >= low or (auto_crit and roll_hits(f, attack_bonus, ac)):
                crit += p
            elif roll_hits(f, attack_bonus, ac):
                hit += p
            else:
                miss += p
    else:
        if confirmation == "none":
            confirm = ONE
        else:
            confirm = sum((Fraction(1, 20) for g in FACES
                           if g != 1 and (g + attack_bonus >= ac or (g == 20 and confirm_natural_20))), ZERO)
        for f, p in w.items():
            h = roll_hits(f, attack_bonus, ac)
            threat = f >= low and (h or not threat_must_hit)
            if threat:
                crit += p * confirm
                if h:
                    hit += p * (1 - confirm)
                else:
                    miss += p * (1 - confirm)
            elif h:
                hit += p
            else:
                miss += p
    if concealment:
        keep = 1 - Fraction(concealment, 100)
        miss += (hit + crit) * (1 - keep)
        hit, crit = hit * keep, crit * keep
    return AttackOdds(miss, hit, crit)


# --------------------------------------------------------------------------- checks


def skill_check_probability(bonus: int, dc: int, natural_20_auto: bool = False) -> Fraction:
    """P(d20 + bonus >= DC) for a skill check (3.5 Tumble, PF Acrobatics).

    Skill checks have no automatic success or failure (digest §2) unless
    ``natural_20_auto`` (the option ``skill_natural_20_auto``).

    Parameters
    ----------
    bonus : int
        The skill modifier.
    dc : int
        The check's Difficulty Class.
    natural_20_auto : bool
        A natural 20 succeeds whatever the total (a table rule).

    Returns
    -------
    Fraction

    References
    ----------
    D&D 3.5 SRD, *Using Skills*, "Skill Checks" (no automatic success); digest §2.
    """
    ok = sum(1 for f in FACES if f + bonus >= dc or (natural_20_auto and f == 20))
    return Fraction(ok, 20)


def tumble_dcs(base_dcs: Iterable[int], full_speed: bool = False) -> list[int]:
    """DCs of successive Tumble/Acrobatics checks: +2 per opponent after the first, +10 at full speed.

    Parameters
    ----------
    base_dcs : iterable of int
        15 (3.5 threatened area), 25 (3.5 through a space), the foe's CMD (PF) or CMD + 5
        (PF through a space), in the order the checks are made.
    full_speed : bool
        Tumbling at full speed (3.5: DC +10; PF: Acrobatics at full speed, +10).

    Returns
    -------
    list of int
        The DC of each check, in order.

    References
    ----------
    D&D 3.5 SRD, *Skills*, "Tumble"; Pathfinder RPG PRD, *Skills*, "Acrobatics"; digest §3.2, §4.
    """
    return [dc + 2 * k + (10 if full_speed else 0) for k, dc in enumerate(base_dcs)]


def tumble_all_succeed(bonus: int, dcs: Iterable[int], natural_20_auto: bool = False) -> Fraction:
    """P(every check succeeds), i.e. no attack of opportunity is provoked.

    Parameters
    ----------
    bonus : int
        The Tumble/Acrobatics modifier.
    dcs : iterable of int
        The checks' DCs (:func:`tumble_dcs`).
    natural_20_auto : bool
        A natural 20 succeeds (see :func:`skill_check_probability`).

    Returns
    -------
    Fraction

    References
    ----------
    D&D 3.5 SRD, *Skills*, "Tumble"; Pathfinder RPG PRD, *Skills*, "Acrobatics"; digest §3.2.

    Examples
    --------
    Pathfinder, Acrobatics +7 past two orcs of CMD 14 (DC 14, then 16):

    >>> tumble_all_succeed(7, tumble_dcs([14, 14]))
    Fraction(21, 50)
    """
    p = ONE
    for dc in dcs:
        p *= skill_check_probability(bonus, dc, natural_20_auto)
    return p


def combat_maneuver_probability(cmb: int, cmd: int) -> Fraction:
    """P(a Pathfinder combat maneuver succeeds): d20 + CMB >= CMD; natural 20 succeeds, natural 1 fails.

    Parameters
    ----------
    cmb : int
        The attacker's Combat Maneuver Bonus.
    cmd : int
        The target's Combat Maneuver Defense.

    Returns
    -------
    Fraction

    References
    ----------
    Pathfinder RPG PRD, *Combat*, "Combat Maneuvers"; *Feats*, "Stand Still"; digest §4.
    """
    return Fraction(sum(1 for f in FACES if f == 20 or (f != 1 and f + cmb >= cmd)), 20)


def save_probability(bonus: int, dc: int, natural_rules: bool = True) -> Fraction:
    """P(a saving throw succeeds). 3.5/PF (``natural_rules``): natural 1 fails, natural 20
    succeeds; 5e: neither.

    Parameters
    ----------
    bonus : int
        The save bonus.
    dc : int
        The save's Difficulty Class.
    natural_rules : bool
        3.5/PF natural 1 and 20 (false in 5e).

    Returns
    -------
    Fraction

    References
    ----------
    D&D 3.5 SRD, *Combat*, "Saving Throws"; SRD 5.1 / 5.2, *Using Ability Scores*, "Saving Throws";
    digest §3.4, §5.
    """
    if natural_rules:
        return Fraction(sum(1 for f in FACES if f == 20 or (f != 1 and f + bonus >= dc)), 20)
    return Fraction(sum(1 for f in FACES if f + bonus >= dc), 20)


# --------------------------------------------------------------------------- dying


def death_save_outcomes(successes: int = 0, failures: int = 0) -> dict[str, Fraction]:
    """Outcome of unassisted 5e death saving throws with no further damage.

    Each turn one d20: 10-19 success, 2-9 failure, natural 1 two failures,
    natural 20 regains 1 HP. Three successes: stable; three failures: dead.
    Solved as a small absorbing Markov chain.

    Parameters
    ----------
    successes, failures : int
        Starting counts, 0 to 2 each (failures may be 0 to 2).

    Returns
    -------
    dict
        ``{"stable": p, "revived": p, "dead": p}`` (Fractions summing to 1).

    Raises
    ------
    InputError
        If a count is outside 0-2.

    References
    ----------
    SRD 5.1, "Death Saving Throws"; digest §5.1.
    """
    for name, v in (("successes", successes), ("failures", failures)):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 2:
            raise InputError(name, v, Message(N_("an integer from 0 to 2")))
    codes = {"stable": 0, "revived": 1, "dead": 2}

    def step(state):
        s, f = state
        out = []
        for face in FACES:
            p = Fraction(1, 20)
            if face == 20:
                out.append((p, Absorb(codes["revived"])))
            elif face >= 10:
                out.append((p, Absorb(codes["stable"]) if s + 1 >= 3 else (s + 1, f)))
            else:
                nf = f + (2 if face == 1 else 1)
                out.append((p, Absorb(codes["dead"]) if nf >= 3 else (s, nf)))
        return out

    res = AbsorbingChain((successes, failures), step).absorption("fraction")
    return {k: res.get(Absorb(i), ZERO) for k, i in codes.items()}


def death_save_survival(successes: int = 0, failures: int = 0) -> Fraction:
    """P(a 5e character at 0 HP survives its death saves): stable or revived by a natural 20.

    Parameters
    ----------
    successes, failures : int
        Already marked, 0 to 2 each.

    Returns
    -------
    Fraction

    Raises
    ------
    InputError
        If a count is outside 0-2.

    References
    ----------
    SRD 5.1, "Death Saving Throws"; SRD 5.2, "Death Saving Throw"; digest §5.1.

    Examples
    --------
    >>> death_save_survival()
    Fraction(4761, 8000)
    """
    r = death_save_outcomes(successes, failures)
    return r["stable"] + r["revived"]


def dying_survival_35(hp: int, dead_at: int = -10, stabilise_percent: int = 10) -> Fraction:
    """P(a dying 3.5 character at ``hp`` (< 0) stabilises before reaching ``dead_at``).

    Each round: ``stabilise_percent`` % chance to become stable, otherwise lose 1 HP.

    Parameters
    ----------
    hp : int
        Current hit points (below 0: dying; 0 or more: 1 is returned).
    dead_at : int
        Hit points at or below which the character is dead (-10).
    stabilise_percent : int
        Chance in percent of stabilising each round (10).

    Returns
    -------
    Fraction

    References
    ----------
    D&D 3.5 SRD, Injury and Death, "Dying (-1 to -9 hp)"; digest §3.4.
    """
    if hp <= dead_at:
        return ZERO
    if hp >= 0:
        return ONE
    q = Fraction(stabilise_percent, 100)

    def step(h):
        nxt = h - 1
        return [(q, Absorb(0)), (1 - q, Absorb(1) if nxt <= dead_at else nxt)]

    res = AbsorbingChain(hp, step).absorption("fraction")
    return res.get(Absorb(0), ZERO)


def pf_stabilise_probability(hp: int, con: int) -> Fraction:
    """P(one Pathfinder stabilisation check succeeds): DC 10 Con check with a penalty equal to
    the negative HP; a natural 20 succeeds.

    Parameters
    ----------
    hp : int
        Current hit points (negative).
    con : int
        Constitution score (its modifier is added).

    Returns
    -------
    Fraction

    References
    ----------
    Pathfinder RPG PRD, *Combat*, "Dying (negative hit points)"; digest §4.
    """
    mod = (con - 10) // 2
    return Fraction(sum(1 for f in FACES if f == 20 or f + mod + hp >= 10), 20)


def dying_survival_pf(hp: int, con: int, dead_at: int | None = None) -> Fraction:
    """P(a dying Pathfinder character at ``hp`` (< 0) stabilises before death at ``-con``).

    Each round a DC 10 Constitution check (penalty = negative HP, natural 20
    succeeds) stabilises; a failure loses 1 HP.

    Parameters
    ----------
    hp : int
        Current hit points (below 0: dying; 0 or more: 1 is returned).
    con : int
        Constitution score.
    dead_at : int, optional
        Hit points at or below which the character is dead (default ``-con``).

    Returns
    -------
    Fraction

    References
    ----------
    Pathfinder RPG PRD, Combat, "Dying (negative hit points)"; digest §4.
    """
    dead_at = -con if dead_at is None else dead_at
    if hp <= dead_at:
        return ZERO
    if hp >= 0:
        return ONE

    def step(h):
        q = pf_stabilise_probability(h, con)
        nxt = h - 1
        return [(q, Absorb(0)), (1 - q, Absorb(1) if nxt <= dead_at else nxt)]

    res = AbsorbingChain(hp, step).absorption("fraction")
    return res.get(Absorb(0), ZERO)


# --------------------------------------------------------------------------- damage


def _map(d: dict[int, Fraction], fn) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for v, p in d.items():
        k = fn(v)
        out[k] = out.get(k, ZERO) + p
    return out


def _dice_only(expr: DiceExpr) -> tuple[dict[int, Fraction], int]:
    dist = expr.pmf()
    return {v - expr.constant: p for v, p in dist.items()}, expr.constant


@dataclass(frozen=True)
class DamageRule:
    """How damage of one hit is computed (digest §3.3, §5.1).

    Attributes
    ----------
    edition : str
    min_damage_1 : bool
        3.5/PF: a hit deals at least 1 before DR (per damage roll).
    crit_mode : {"reroll_per_multiplier", "multiply_one_roll"}
        3.5/PF critical damage.
    damage_reduction : int
        DR x/—, subtracted from each hit, floor 0.
    resistance : bool
        5e: damage halved (round down) before DR.

    References
    ----------
    D&D 3.5 SRD, *Combat*, "Damage", "Critical Hits"; *Special Abilities*, "Damage Reduction";
    SRD 5.1 / 5.2, *Combat*, "Damage Resistance and Vulnerability".
    """

    edition: str = "3.5"
    min_damage_1: bool = True
    crit_mode: str = "reroll_per_multiplier"
    damage_reduction: int = 0
    resistance: bool = False


def damage_pmf(damage: str | DiceExpr, rule: DamageRule, *, crit: bool = False, multiplier: int = 2,
               extra: str | DiceExpr | None = None) -> dict[int, Fraction]:
    """Exact damage distribution of one hit.

    Parameters
    ----------
    damage : dice notation
        The weapon damage, e.g. ``"2d4+4"``.
    rule : DamageRule
    crit : bool
        A (confirmed) critical hit.
    multiplier : int
        3.5/PF critical multiplier (x2, x3, x4).
    extra : dice notation, optional
        Extra dice (sneak attack, weapon abilities): not multiplied on a 3.5/PF
        critical; doubled on a 5e critical.

    Returns
    -------
    dict[int, Fraction]
        ``{damage: probability}`` after minimum damage, resistance and DR.

    Raises
    ------
    InputError
        For ``damage`` or ``extra`` that is not dice notation (:func:`fleeodds.dice.parse`).

    References
    ----------
    D&D 3.5 SRD, *Combat*, "Damage" (minimum 1), "Critical Hits" (multiplied rolls, extra dice not
    multiplied); SRD 5.1 / 5.2, *Combat*, "Critical Hits" (dice doubled), "Damage Resistance";
    digest §3.3, §5.1.
    """
    expr = parse(damage, "damage")
    ext = parse(extra, "extra_damage") if extra else None
    if is_5e(rule.edition):
        if crit:
            dice, const = _dice_only(expr)
            dist = {v + const: p for v, p in convolve(dice, dice).items()}
            if ext is not None:
                edice, econst = _dice_only(ext)
                dist = convolve(dist, {v + econst: p for v, p in convolve(edice, edice).items()})
        else:
            dist = expr.pmf()
            if ext is not None:
                dist = convolve(dist, ext.pmf())
        dist = _map(dist, lambda v: max(0, v))
        if rule.resistance:
            dist = _map(dist, lambda v: v // 2)
    else:
        floor = 1 if rule.min_damage_1 else 0
        one = _map(expr.pmf(), lambda v: max(floor, v))
        if crit:
            if rule.crit_mode == "multiply_one_roll":
                dist = _map(one, lambda v: v * multiplier)
            else:
                dist = one
                for _ in range(multiplier - 1):
                    dist = convolve(dist, one)
        else:
            dist = one
        if ext is not None:
            dist = convolve(dist, _map(ext.pmf(), lambda v: max(0, v)))
    if rule.damage_reduction:
        dist = _map(dist, lambda v: max(0, v - rule.damage_reduction))
    return dict(sorted(dist.items()))
