"""Deterministic rules: dice counts, soutien, hit thresholds and the attack parameter pack.

Nothing random happens here; both the exact solver (:mod:`..exact`) and the
Monte Carlo kernels (:mod:`..kernels`, through :func:`..kernels.pack.pack_attack`) start from an
:class:`Attack`, and each computes the dice, hits, damage, states and kill on its own.

References
----------
Rules digest §2 (weapon pass), §3 (Fuite: soutien, opposing player's choice), §7 (options).
"""

from __future__ import annotations

from dataclasses import dataclass

from ....errors import InputError
from ..model import Fighter, Options

#: Most state triggers on one weapon (the kernels pack this many).
MAX_TRIGGERS = 4


@dataclass(frozen=True)
class Attack:
    """One side of a weapon pass, fully resolved.

    Attributes
    ----------
    n_dice : int
        CBT + soutien + bonuses (>= 1).
    threshold : int
        A die hits on a d6 >= threshold; 1 = always, 7 = never.
    table : tuple of 5 int
        Damage for 1..5 hits (life points).
    pro, pv : int
        Target's protection and (current) life points.
    per_hit_pro, strict_kill, cap10, overflow, wounded_state : bool
        Options ``pro_application == "per_hit"``, ``kill_rule == "damage > PV"``,
        ``dice_cap == 10``, ``overflow_auto_damage``, ``wounded_state_cancels_flee``.
    triggers : tuple of (min_hits, kind)
        States inflicted on ``min_hits`` hits or more; kind 1 negative, 2 positive.
    policy : tuple of 36 int, or ()
        ``reroll_policy = "optional"``: after the rolled dice, the attacker re-rolls its missed
        dice one at a time and re-rolls the next one only when ``policy[6 * hits + left]`` is 1
        (``hits`` so far, capped at 5; ``left`` re-rolls still available). ``()``: every
        available re-roll is made (``always_reroll_misses``).
    """

    n_dice: int
    threshold: int
    table: tuple[int, ...]
    pro: int
    pv: int
    per_hit_pro: bool = False
    strict_kill: bool = False
    cap10: bool = True
    overflow: bool = True
    wounded_state: bool = False
    triggers: tuple[tuple[int, int], ...] = ()
    policy: tuple[int, ...] = ()

    def describe(self) -> dict:
        rolled = min(self.n_dice, 5)
        rerolls = min(max(self.n_dice - 5, 0), 5)
        auto = max(self.n_dice - 10, 0) if (self.cap10 and self.overflow) else 0
        return {"dice": self.n_dice, "rolled": rolled, "rerolls": rerolls, "auto_damage": auto,
                "hits_on": self.threshold, "damage_table": list(self.table), "target_pro": self.pro,
                "target_pv": self.pv}


def hit_threshold(defence: int, modifier: int, opts: Options) -> int:
    """The d6 face needed to hit: effective DEF clamped per ``def_out_of_range``."""
    eff = defence + modifier
    if eff <= 1:
        return 1
    if eff >= 7:
        return 6 if opts.def_out_of_range == "6_always_hits" else 7
    return eff


def can_support(f: Fighter, opts: Options) -> bool:
    """Whether an adversary in contact gives soutien (options ``cbt_dash_can_support``, ``support_requires_effective``)."""
    if f.cbt is None and not opts.cbt_dash_can_support:
        return False
    if opts.support_requires_effective and f.has("Inoffensif"):
        return False
    return True


def support_bonus(n_supporters: int, opts: Options) -> int:
    """Extra attack dice from ``n_supporters`` fighters (``support_*`` options)."""
    if n_supporters <= 0:
        return 0
    b = opts.support_bonus_per_supporter * (n_supporters if opts.support_mode == "per_supporter" else 1)
    if opts.support_cap is not None:
        b = min(b, opts.support_cap)
    return b


def attack_dice(attacker: Fighter, support: int) -> int:
    """CBT + soutien + bonus dice; 0 for CBT –."""
    if attacker.cbt is None:
        return 0
    return attacker.cbt + support + attacker.bonus_dice


def make_attack(attacker: Fighter, target: Fighter, n_dice: int, opts: Options, fieldname: str,
                def_modifier: int = 0, wounded_state: bool = False) -> Attack:
    """Resolve ``attacker`` hitting ``target`` with ``n_dice`` dice.

    Raises
    ------
    InputError
        If the attacker has no weapon, or its weapon has more than 4 state triggers.
    """
    w = attacker.weapon
    if w is None:
        raise InputError(f"{fieldname}.weapons", [], "at least one weapon {name, damage = [5 values]}")
    if len(w.states) > MAX_TRIGGERS:
        raise InputError(f"{fieldname}.weapons.states", len(w.states), f"at most {MAX_TRIGGERS} state triggers")
    return Attack(n_dice=n_dice, threshold=hit_threshold(target.def_, def_modifier, opts), table=tuple(w.damage),
                  pro=target.pro, pv=target.pv, per_hit_pro=opts.pro_application == "per_hit",
                  strict_kill=opts.kill_rule == "damage > PV", cap10=opts.dice_cap == 10,
                  overflow=opts.overflow_auto_damage, wounded_state=wounded_state,
                  triggers=tuple((h, k) for _, k, h in w.states))
