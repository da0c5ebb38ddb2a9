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
    """Every equally likely Leadership roll, for :func:`ld_test_pass` and the exact solvers.

    Parameters
    ----------
    three : bool
        3D6 keeping the two lowest (Cold-blooded), else 2D6.

    Returns
    -------
    list of (int, bool, bool, Fraction)
        ``(kept total, natural double 1, natural double 6, probability)`` of each raw roll
        (36 or 216 of them).

    References
    ----------
    The rules digest §3.2 (Break tests) and §3.5 (rally tests), summarised in docs/warhammer.md
    (Options: ``insane_courage``, ``ld_double1_passes``, ``ld_double6_fails``, ``bsb_reroll``,
    ``cold_blooded_scope``). Cold-blooded: 3D6, the highest discarded.
    """
    n = 3 if three else 2
    out = []
    for faces in itertools.product(range(1, 7), repeat=n):
        kept = sorted(faces)[:2]
        out.append((sum(kept), kept == [1, 1], kept == [6, 6], Fraction(1, 6**n)))
    return out


@lru_cache(maxsize=4096)
def ld_test_pass(test: LdTest, modifier: int = 0) -> Fraction:
    """P(pass) of a Leadership test ``total + modifier <= Ld``, natural doubles and one re-roll included.

    Parameters
    ----------
    test : LdTest
        The Leadership, the dice (2D6, or 3D6 keeping the two lowest), the natural doubles and the re-roll.
    modifier : int
        Added to the dice total (a Break test's combat result margin).

    Returns
    -------
    Fraction
        The exact probability of passing.

    References
    ----------
    The rules digest §3.2 (Break tests) and §3.5 (rally tests), summarised in docs/warhammer.md
    (Options: ``insane_courage``, ``ld_double1_passes``, ``ld_double6_fails``, ``bsb_reroll``,
    ``cold_blooded_scope``). The re-roll: a Battle Standard Bearer (``bsb_reroll``).
    """
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
    """P(pass) of a test that only a natural double 1 passes (with the re-roll if any).

    Parameters
    ----------
    test : LdTest
        Its dice and re-roll (its Leadership is not read).

    Returns
    -------
    Fraction
        1/36 for 2D6 without a re-roll (7th Insane Courage against an automatic break; 8th and TOW
        rally tests of a unit at a quarter of its models).

    References
    ----------
    The rules digest §3.2 (Break tests) and §3.5 (rally tests), summarised in docs/warhammer.md
    (Options: ``insane_courage``, ``ld_double1_passes``, ``ld_double6_fails``, ``bsb_reroll``,
    ``cold_blooded_scope``)..
    """
    p = sum((q for _, d1, _, q in ld_faces(test.dice == "3d6kl2") if d1), Fraction(0))
    return p + (1 - p) * p if test.reroll else p


def rally_limits(models: int, start: int, rule: str, base_ld: int, musician_bonus: int, ed: str,
                 own_ld: int) -> tuple[int, int]:
    """(rally mode, rally Ld) of a unit with ``models`` of its ``start`` models left.

    6th/7th below 25 % never; 8th at most 25 % only a double 1; TOW below 25 % only a double 1,
    below 50 % Ld - 1; a musician's bonus up to 10; the starter rules test the unit's own Ld.

    Parameters
    ----------
    models, start : int
        Models left and models at the start of the battle.
    rule : {"6th", "7th", "8th", "tow", "none"}
        Whose casualty limits apply (``options.rally_casualty_rule``).
    base_ld : int
        The test's Leadership before the limits (the General's when higher).
    musician_bonus : int
        Ld a musician adds (0 without one).
    ed : str
        The edition (``"starter"`` tests the unit's own Ld).
    own_ld : int
        The unit's own Leadership.

    Returns
    -------
    (int, int)
        ``RALLY_NORMAL``, ``RALLY_NEVER`` or ``RALLY_DOUBLE1_ONLY``, and the Leadership tested.

    References
    ----------
    The rules digest §3.5 (rally tests and casualty limits by edition), summarised in
    docs/warhammer.md (Options, ``rally_casualty_rule``, ``musician_rally_bonus``); the starter
    booklet (§3.7) has no casualty limit.
    """
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
