"""The resolved plan of a Fuite: what decides its exact distribution and its outcomes.

References
----------
Rules digest §3 (Fuite) and §8 (outcomes); Rules Tips "Fuite" (photos 2 and 4); Attraction x (errata
August 2007) for ``attracted_back``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .attack import Attack


@dataclass(frozen=True)
class FuitePlan:
    """A Fuite resolved: frozen and hashable (two Fuites with equal plans have the same outcomes, in the
    same order, and the same exact distribution).

    Attributes
    ----------
    fixed : int
        -1 when the attaque sans riposte is rolled, else the outcome index that is certain (Blocage,
        a free disengage, Repli, or Repli then pulled back by an Attraction).
    attack : Attack or None
        The attaque sans riposte (``None`` when none is rolled).
    move_outcome : int
        What a survivor without a new state does: fled, fled then pulled back, or no room to move.
    state_cancels : bool
        Option ``state_cancels_flee_move``.
    attracted_back : bool
        Whether the outcomes end with ``attracted_back`` (a placed flee move and an enemy with
        Attraction x).
    charged_again : bool
        Whether the outcomes end with ``charged_again`` (a placed flee move that ends within an adversary's
        Charge, ``fuite.next_activation``), without ``fuite.charge_pass``.
    charge_pass : tuple of (int, Attack or None)
        With ``fuite.charge_pass``: for each damage taken in the Fuite, the attack of the Charge the opposing
        player sends at the next activation (``None``: no charger has an attack die); empty without it.
    """

    fixed: int
    attack: Attack | None
    move_outcome: int
    state_cancels: bool
    attracted_back: bool
    charged_again: bool = False
    charge_pass: tuple[tuple[int, Attack | None], ...] = ()
