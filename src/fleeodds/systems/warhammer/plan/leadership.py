"""Leadership tests: the :class:`LdTest` both evaluators read, its exact chance of passing, and the
rally limits by casualties.

Shared by the plans (a friend's Panic test fled through, :mod:`.obstacles`), the effect checks
(:mod:`..checks.flee` compares tests by their chance of passing) and the exact solvers; the
Monte Carlo kernels roll the same tests themselves (:mod:`..kernels.flee`).

References
----------
docs/warhammer.md §3.2 (Break tests), §3.5 (rally tests and casualty limits).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

# Rally eligibility
RALLY_NORMAL, RALLY_NEVER, RALLY_DOUBLE1_ONLY = 0, 1, 2


@dataclass(frozen=True)
class LdTest:
    """A Leadership test: pass on ``total <= ld``, with natural-double overrides and a re-roll."""

    ld: int
    dice: str = "2d6"           # "2d6", or "3d6kl2" for Cold-blooded
    double1_passes: bool = False
    double6_fails: bool = False
    reroll: bool = False        # re-roll a failed test once


@lru_cache(maxsize=64)
def ld_faces(three: bool) -> list[tuple[int, bool, bool, Fraction]]:
    """Every equally likely Leadership roll: (kept total, double 1, double 6, probability)."""
    n = 3 if three else 2
    out = []
    for faces in itertools.product(range(1, 7), repeat=n):
        kept = sorted(faces)[:2]
        out.append((sum(kept), kept == [1, 1], kept == [6, 6], Fraction(1, 6**n)))
    return out


def ld_test_pass(test: LdTest, modifier: int = 0) -> Fraction:
    """P(pass) of a Leadership test ``total + modifier <= Ld``, natural doubles and one re-roll included."""
    p = Fraction(0)
    for total, d1, d6, q in ld_faces(test.dice == "3d6kl2"):
        ok = total + modifier <= test.ld
        if test.double1_passes and d1:
            ok = True
        if test.double6_fails and d6:
            ok = False
        if ok:
            p += q
    return p + (1 - p) * p if test.reroll else p


def double1_pass(test: LdTest) -> Fraction:
    """P(pass) of a test that only a natural double 1 passes (with the re-roll if any)."""
    p = sum((q for _, d1, _, q in ld_faces(test.dice == "3d6kl2") if d1), Fraction(0))
    return p + (1 - p) * p if test.reroll else p


def rally_limits(models: int, start: int, rule: str, base_ld: int, musician_bonus: int, ed: str,
                 own_ld: int) -> tuple[int, int]:
    """(rally mode, rally Ld) of a unit with ``models`` of its ``start`` models left (digest §3.5):
    6th/7th below 25 % never; 8th at most 25 % only a double 1; TOW below 25 % only a double 1,
    below 50 % Ld - 1 (``rule``, options.rally_casualty_rule); a musician's bonus up to 10; the
    starter rules test the unit's own Ld."""
    frac = models / start
    mode, ld = RALLY_NORMAL, base_ld
    if rule in ("6th", "7th") and frac < 0.25:
        mode = RALLY_NEVER
    elif rule == "8th" and frac <= 0.25:
        mode = RALLY_DOUBLE1_ONLY
    elif rule == "tow":
        if frac < 0.25:
            mode = RALLY_DOUBLE1_ONLY
        elif frac < 0.5:
            ld -= 1
    if musician_bonus:
        ld = min(ld + musician_bonus, 10)
    if ed == "starter":
        ld = own_ld
    return mode, ld
