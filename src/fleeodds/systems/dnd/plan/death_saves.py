"""The plan of a death-save situation (``situation = "death_saves"``)."""


from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DeathSavePlan:
    """What the death-save chain depends on: the marks already made and how each save is rolled.

    Attributes
    ----------
    successes, failures : int
        Already marked, 0 to 2 each.
    bonus : int
        Flat bonus added to the d20 (not to the natural 1 or 20).
    advantage : {-1, 0, 1}
        Disadvantage, a single d20, advantage.

    References
    ----------
    SRD 5.1, "Death Saving Throws"; SRD 5.2, "Death Saving Throw".
    """

    successes: int
    failures: int
    bonus: int
    advantage: int
