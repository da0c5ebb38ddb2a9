"""The resolved plan of a weapon pass (passe d'armes): what decides its exact distribution and its outcomes.

References
----------
Rules digest §2 (weapon pass) and §4 (Esquive X); Sapience rules wiki, "Résolution des passes d'armes"
and "Capacités spéciales / Esquive X".
"""

from __future__ import annotations

from dataclasses import dataclass

from .attack import Attack


@dataclass(frozen=True)
class PassePlan:
    """A weapon pass resolved: frozen and hashable (equal plans, same outcomes and exact distribution).

    Attributes
    ----------
    a : Attack
        The attacker hitting the defender.
    b : Attack or None
        The defender's riposte (``None`` for an attaque sans riposte).
    duel : bool
        A normal, simultaneous pass (the defender ripostes).
    a_first, b_first : bool
        Frappe rapide strikes first (option ``simultaneous_kill = "frappe_rapide_first"``).
    report : {"kills", "hits"}
        The outcome categories.
    esquive : int
        X of the defender's Esquive X when it may dodge this charge (P = X / 6), else 0.
    """

    a: Attack
    b: Attack | None
    duel: bool
    a_first: bool
    b_first: bool
    report: str
    esquive: int
