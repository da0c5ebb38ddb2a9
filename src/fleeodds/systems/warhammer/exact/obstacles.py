"""A flee move through the things in the way, in exact arithmetic (see :mod:`..plan.obstacles` for
the rules): every way the move can end, with the models lost to Dangerous Terrain or Peril tests.
Used by the chain of :mod:`.flee`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..plan.obstacles import DESTROY, THROUGH


def work_factor(r) -> int:
    """How much the models left multiply the exact solver's states.

    Parameters
    ----------
    r : Rules

    Returns
    -------
    int
        ``models + 1`` when tests can cost models, else 1.

    References
    ----------
    docs/warhammer.md, "Things in the way".
    """
    return r.models + 1 if r.models else 1


# -- the exact walk -------------------------------------------------------------------------
def _frac(x: float) -> Fraction:
    return Fraction(str(x))


@dataclass(frozen=True)
class _Exact:
    near: Fraction
    far: Fraction
    effect: int
    p_fail: Fraction
    code: int


def exact_objects(r) -> tuple[tuple[_Exact, ...], Fraction]:
    """The objects of ``r`` in exact arithmetic, and the clearance.

    Parameters
    ----------
    r : Rules

    Returns
    -------
    (tuple, Fraction)
        Per object its near and far edges (inches, exact from their decimal text), effect, chance a
        model fails its test and outcome code; the clearance in inches.

    References
    ----------
    docs/warhammer.md, "Things in the way".
    """
    objs = tuple(_Exact(_frac(o.near), _frac(o.far), o.effect, Fraction(o.fail_faces, 6), o.code)
                 for o in r.obstacles)
    return objs, _frac(r.clearance)


def _losses(n: int, p: Fraction) -> list[tuple[int, Fraction]]:
    """Binomial(n, p) as (models lost, probability): each model's test fails with probability p."""
    return [(k, comb(n, k) * p**k * (1 - p) ** (n - k)) for k in range(n + 1)]


def walk(objs, clearance, pos, f, models, reached_edge):
    """Every way a flee move of ``f`` inches from ``pos`` can end.

    Parameters
    ----------
    objs, clearance
        From :func:`exact_objects`.
    pos, f : Fraction or int
        Where the move starts and the distance rolled (inches).
    models : int
        Models left (they take the tests).
    reached_edge : callable
        ``reached_edge(end)``: whether a position reaches the table edge (a unit that reaches it
        takes no test).

    Returns
    -------
    list of (Fraction, Fraction, int, int or None)
        ``(p, end, models left, code)``; ``code`` is the outcome when the unit is destroyed on the way.

    References
    ----------
    docs/warhammer.md, "Things in the way" (placed beyond, Dangerous Terrain and Peril tests).
    """
    out: list = []

    def go(j, end, m, p):
        for k in range(j, len(objs)):
            o = objs[k]
            if o.near <= pos:
                continue  # behind the unit, or gone round
            threshold = o.near - clearance if o.effect == THROUGH else o.near
            if end < threshold:
                continue
            if o.effect == DESTROY:
                out.append((p, o.near, m, o.code))
                return
            if o.effect == THROUGH:
                end = max(end, o.far + clearance)
                if o.p_fail and not reached_edge(end):
                    for lost, q in _losses(m, o.p_fail):
                        if lost == m:
                            out.append((p * q, end, 0, o.code))
                        else:
                            go(k + 1, end, m - lost, p * q)
                    return
        out.append((p, end, m, None))

    go(0, pos + f, models, Fraction(1))
    return out
