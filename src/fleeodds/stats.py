"""Interval estimates and agreement scores for Monte Carlo counts.

The Wilson score interval is ``scipy.stats.binomtest(...).proportion_ci(method="wilson")``
written out term for term at the 95 % confidence of every command (the same numbers without
importing scipy, a second); other confidences and the Clopper-Pearson interval ask scipy.
"""

from __future__ import annotations

import math

import numpy as np


def _scipy_stats():
    """scipy.stats, imported on first use: it takes about a second, which `fleeodds --help` need not pay."""
    from scipy import stats

    return stats


#: ``scipy.special.ndtri(0.5 + confidence / 2)`` (the two-sided normal quantile) as scipy computes
#: it, for the confidence every command uses: a Monte Carlo run then needs no scipy (a second to
#: import) and its intervals stay the same to the last bit (tests/front/test_imports.py checks both
#: against scipy). Other confidences ask scipy.
_Z_TWO_SIDED = {0.95: 1.959963984540054}


def _z(confidence: float) -> float | None:
    return _Z_TWO_SIDED.get(confidence)


def wilson_interval(count: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion.

    Parameters
    ----------
    count, trials : int
        Successes and trials, ``0 <= count <= trials``, ``trials >= 1``.
    confidence : float
        Confidence level in (0, 1).

    Returns
    -------
    (low, high) : tuple of float
    """
    k, n = int(count), int(trials)
    z = _z(confidence)
    if z is None or not (0 <= k <= n and n >= 1):  # scipy's own checks and messages for bad input
        ci = _scipy_stats().binomtest(k, n).proportion_ci(confidence_level=confidence, method="wilson")
        return float(ci.low), float(ci.high)
    # scipy.stats.binomtest(k, n).proportion_ci(method="wilson"), term for term and with scipy's
    # types (a numpy z, Python integers), so that the interval is the same to the last bit
    z = np.float64(z)
    p = k / n
    denom = 2 * (n + z**2)
    center = (2 * n * p + z**2) / denom
    q = 1 - p
    delta = z / denom * math.sqrt(4 * n * p * q + z**2)
    lo = 0.0 if k == 0 else center - delta
    hi = 1.0 if k == n else center + delta
    return float(lo), float(hi)


def clopper_pearson_interval(count: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) interval for a binomial proportion; conservative."""
    ci = _scipy_stats().binomtest(int(count), int(trials)).proportion_ci(confidence_level=confidence, method="exact")
    return float(ci.low), float(ci.high)


def wilson_half_width(count: int, trials: int, confidence: float = 0.95) -> float:
    """Half the width of :func:`wilson_interval`; the precision target of the engine."""
    lo, hi = wilson_interval(count, trials, confidence)
    return (hi - lo) / 2


def standard_error(p: float, trials: int) -> float:
    """Binomial standard error ``sqrt(p (1 - p) / trials)`` of a proportion."""
    return math.sqrt(max(p * (1 - p), 0.0) / trials)


def z_score(count: int, trials: int, p_exact: float) -> float:
    """How many standard errors the Monte Carlo estimate lies from the exact value.

    Uses the standard error under the exact value; returns 0 when both are
    degenerate (``p_exact`` in {0, 1} and the estimate equal to it) and
    ``inf`` when the exact value is 0 or 1 but the estimate is not.
    """
    p_hat = count / trials
    se = standard_error(p_exact, trials)
    if se == 0:
        return 0.0 if p_hat == p_exact else math.inf
    return (p_hat - p_exact) / se


def trials_for_precision(p: float, precision: float, confidence: float = 0.95) -> int:
    """Trials needed for a normal-approximation half-width of ``precision`` at proportion ``p``."""
    z = two_sided_z_quantile(confidence)
    p = min(max(p, 1e-12), 0.5)  # worst case is p = 0.5; never below a tiny positive value
    return int(math.ceil(z * z * p * (1 - p) / precision**2))


def two_sided_z_quantile(confidence: float) -> float:
    """The z value of a two-sided interval at ``confidence`` (1.96 for 0.95)."""
    z = _z(confidence)
    return float(_scipy_stats().norm.ppf(0.5 + confidence / 2)) if z is None else z


def paired_difference(a: np.ndarray, b: np.ndarray, confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean and normal interval of a paired difference of indicator samples.

    Parameters
    ----------
    a, b : array of shape (n,)
        Per-trial indicators (0/1) or values of the two setups, drawn on common
        random numbers (same seed, same trial index).

    Returns
    -------
    (mean, low, high) : tuple of float
    """
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    n = d.size
    mean = float(d.mean())
    se = float(d.std(ddof=1) / math.sqrt(n)) if n > 1 else math.inf
    z = two_sided_z_quantile(confidence)
    return mean, mean - z * se, mean + z * se


def paired_difference_from_joint(
    joint: np.ndarray, i: int | None, j: int | None, confidence: float = 0.95
) -> tuple[float, float, float]:
    """Difference ``P(B = j) − P(A = i)`` and its normal interval from a paired cross-tabulation.

    Setups A and B ran on common random numbers (trial ``t`` of both read the
    same dice), so the per-trial differences ``D_t = 1[B_t = j] − 1[A_t = i]``
    are independent across trials and

    ``Var(D) = P(B=j) + P(A=i) − 2 P(A=i, B=j) − (P(B=j) − P(A=i))²``

    (the paired-proportions variance of McNemar's test, with no continuity
    correction). The interval is ``mean ± z √(Var(D) / n)``. When the setups
    are positively correlated, as on common random numbers, ``P(A=i, B=j)`` is
    large and the interval is much narrower than the independent one,
    ``z √(p_A(1 − p_A)/n + p_B(1 − p_B)/n)``.

    Parameters
    ----------
    joint : ndarray of int, shape (n_outcomes_A, n_outcomes_B)
        Trials with outcome ``a`` in A and ``b`` in B.
    i, j : int or None
        Outcome index in A and in B; ``None`` when the outcome does not exist
        in that setup (its indicator is then always 0).
    confidence : float

    Returns
    -------
    (difference, low, high) : tuple of float
    """
    joint = np.asarray(joint)
    n = int(joint.sum())
    if n < 1:
        raise ValueError("empty cross-tabulation")
    pa = joint[i, :].sum() / n if i is not None else 0.0
    pb = joint[:, j].sum() / n if j is not None else 0.0
    both = joint[i, j] / n if i is not None and j is not None else 0.0
    d = float(pb - pa)
    var = max(float(pa + pb - 2 * both - d * d), 0.0)
    half = two_sided_z_quantile(confidence) * math.sqrt(var / n)
    return d, d - half, d + half


def independent_difference(pa: float, pb: float, n_a: int, n_b: int,
                           confidence: float = 0.95) -> tuple[float, float, float]:
    """Difference ``pb − pa`` of two independent binomial proportions and its normal (Wald) interval."""
    d = pb - pa
    half = two_sided_z_quantile(confidence) * math.sqrt(pa * (1 - pa) / n_a + pb * (1 - pb) / n_b)
    return d, d - half, d + half
