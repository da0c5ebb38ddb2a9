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
from ....language import Message, N_
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
        """The attack as plain data for the manifest.

        Returns
        -------
        dict
            ``dice``, ``rolled`` (at most 5), ``rerolls`` (at most 5), ``auto_damage`` (dice past the
            10th with ``overflow_auto_damage``, PV), ``hits_on`` (d6 face), ``damage_table`` (PV for 1..5
            hits), ``target_pro``, ``target_pv``.

        References
        ----------
        Rules digest §2 (dice engine); Sapience rules wiki, "Résolution des passes d'armes".
        """
        rolled = min(self.n_dice, 5)
        rerolls = min(max(self.n_dice - 5, 0), 5)
        auto = max(self.n_dice - 10, 0) if (self.cap10 and self.overflow) else 0
        return {"dice": self.n_dice, "rolled": rolled, "rerolls": rerolls, "auto_damage": auto,
                "hits_on": self.threshold, "damage_table": list(self.table), "target_pro": self.pro,
                "target_pv": self.pv}


def hit_threshold(defence: int, modifier: int, opts: Options) -> int:
    """The d6 face needed to hit: the target's effective DEF, clamped per ``def_out_of_range``.

    Parameters
    ----------
    defence : int
        The target's DEF (1–6).
    modifier : int
        Added to it (``fuite.def_modifier``, ``passe.def_modifier``: cover, capacities).
    opts : Options
        The scenario's options.

    Returns
    -------
    int
        1 (always hits) to 7 (never: an effective DEF of 7 or more, unless ``def_out_of_range =
        "6_always_hits"`` makes it 6).

    References
    ----------
    Rules digest §2 and §7 (option ``def_out_of_range``); Sapience rules wiki, "Résolution des passes d'armes".
    """
    eff = defence + modifier
    if eff <= 1:
        return 1
    if eff >= 7:
        return 6 if opts.def_out_of_range == "6_always_hits" else 7
    return eff


def can_support(f: Fighter, opts: Options) -> bool:
    """Whether an adversary in contact gives soutien.

    Parameters
    ----------
    f : Fighter
        The adversary.
    opts : Options
        Options ``cbt_dash_can_support`` (a CBT – fighter supports) and ``support_requires_effective``
        (an Inoffensif fighter does not).

    Returns
    -------
    bool

    References
    ----------
    Rules digest §3 (Fuite: soutien) and §7; Sapience rules wiki, "Combat au contact".
    """
    if f.cbt is None and not opts.cbt_dash_can_support:
        return False
    if opts.support_requires_effective and f.has("Inoffensif"):
        return False
    return True


def support_bonus(n_supporters: int, opts: Options) -> int:
    """Extra attack dice given by ``n_supporters`` fighters in contact.

    Parameters
    ----------
    n_supporters : int
        Fighters giving soutien (>= 0).
    opts : Options
        Options ``support_bonus_per_supporter``, ``support_mode`` (``"per_supporter"`` or ``"flat"``)
        and ``support_cap``.

    Returns
    -------
    int
        Dice (0 without supporters).

    References
    ----------
    Rules digest §3 (soutien) and §7; Sapience rules wiki, "Combat au contact".
    """
    if n_supporters <= 0:
        return 0
    b = opts.support_bonus_per_supporter * (n_supporters if opts.support_mode == "per_supporter" else 1)
    if opts.support_cap is not None:
        b = min(b, opts.support_cap)
    return b


def attack_dice(attacker: Fighter, support: int) -> int:
    """The dice of an attack: CBT + soutien + bonus dice.

    Parameters
    ----------
    attacker : Fighter
        Its CBT (``None`` for CBT –) and ``bonus_dice`` (Vae Victis X, CMD dice).
    support : int
        Soutien dice (:func:`support_bonus`).

    Returns
    -------
    int
        Dice (0 for CBT –: it cannot attack).

    References
    ----------
    Rules digest §2 (weapon pass) and §3 (soutien); Sapience rules wiki, "Résolution des passes d'armes".
    """
    if attacker.cbt is None:
        return 0
    return attacker.cbt + support + attacker.bonus_dice


def make_attack(attacker: Fighter, target: Fighter, n_dice: int, opts: Options, fieldname: str,
                def_modifier: int = 0, wounded_state: bool = False) -> Attack:
    """Resolve ``attacker`` hitting ``target`` with ``n_dice`` dice.

    Parameters
    ----------
    attacker : Fighter
        The fighter attacking, with its weapon (damage for 1..5 hits, state triggers).
    target : Fighter
        The fighter hit: its DEF, PRO and PV.
    n_dice : int
        Attack dice (:func:`attack_dice`).
    opts : Options
        The options read by the dice engine (``pro_application``, ``kill_rule``, ``dice_cap``,
        ``overflow_auto_damage``, ``def_out_of_range``).
    fieldname : str
        The attacker's dotted path in error messages (``"adversaries.0"``).
    def_modifier : int
        Added to the target's DEF.
    wounded_state : bool
        Option ``wounded_state_cancels_flee``: any non-lethal damage counts as Blessé.

    Returns
    -------
    Attack
        With every re-roll made (``policy = ()``); the optional re-rolls are added by the scenario.

    Raises
    ------
    InputError
        If the attacker has no weapon, or its weapon has more than 4 state triggers.

    References
    ----------
    Rules digest §2 (weapon pass) and §7 (options); Sapience rules wiki, "Résolution des passes d'armes".
    """
    w = attacker.weapon
    if w is None:
        raise InputError(f"{fieldname}.weapons", [], Message(N_("at least one weapon {name, damage = [5 values]}")))
    if len(w.states) > MAX_TRIGGERS:
        raise InputError(f"{fieldname}.weapons.states", len(w.states),
                         Message(N_("at most {most} state triggers"), most=MAX_TRIGGERS))
    return Attack(n_dice=n_dice, threshold=hit_threshold(target.def_, def_modifier, opts), table=tuple(w.damage),
                  pro=target.pro, pv=target.pv, per_hit_pro=opts.pro_application == "per_hit",
                  strict_kill=opts.kill_rule == "damage > PV", cap10=opts.dice_cap == 10,
                  overflow=opts.overflow_auto_damage, wounded_state=wounded_state,
                  triggers=tuple((h, k) for _, k, h in w.states))
