"""Shared helpers of the D&D tests: build scenarios, compare exact and Monte Carlo."""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

import numpy as np
from scipy import stats

import fleeodds
from fleeodds.engine import simulate
from fleeodds.systems.dnd.scenarios.exchange import build_unchecked

#: Two-sided 99.9 % normal quantile.
Z999 = 3.2905


def scenario(**fields):
    """A scenario for the solver tests, without the refusal of inputs that change no result (the
    cases exercise the solvers; some write options that are moot in their situation)."""
    data = {"system": "dnd"}
    data.update(fields)
    return build_unchecked(data)


def exact_by_outcome(sc, mode="fraction") -> dict[str, Fraction]:
    per: dict[str, Fraction] = defaultdict(lambda: Fraction(0) if mode == "fraction" else 0.0)
    for (o, _m), p in sc.exact_distribution(mode).items():
        per[sc.outcomes[o].code] += p
    return dict(per)


def metric_exact(sc, mode="fraction") -> dict[int, Fraction]:
    per: dict[int, Fraction] = defaultdict(lambda: Fraction(0) if mode == "fraction" else 0.0)
    for (_o, m), p in sc.exact_distribution(mode).items():
        per[m] += p
    return dict(per)


def assert_agree(sc, trials: int = 200_000, seed: int = 7, check_cells: bool = True):
    """Exact (fractions) vs Monte Carlo: every outcome inside the 99.9 % interval, and a
    chi-square test of the joint (outcome, metric) distribution at the 0.1 % level."""
    exact = sc.exact_distribution("fraction")
    total = sum(exact.values())
    assert total == 1, f"exact probabilities sum to {total}"
    flt = sc.exact_distribution("float")
    for k, p in exact.items():
        assert abs(float(p) - flt.get(k, 0.0)) < 1e-12
    sim = simulate(sc.kernel(), trials=trials, seed=seed, progress=False)
    counts = sim.counts
    assert counts.sum() == trials
    per_exact = np.zeros(len(sc.outcomes))
    for (o, _m), p in exact.items():
        per_exact[o] += float(p)
    for o, outcome in enumerate(sc.outcomes):
        k = int(counts[o].sum())
        p = per_exact[o]
        if p == 0:
            assert k == 0, f"{outcome.code}: exact 0 but {k} Monte Carlo trials"
            continue
        if p == 1:
            assert k == trials, f"{outcome.code}: exact 1 but {k}/{trials}"
            continue
        se = math.sqrt(p * (1 - p) / trials)
        z = (k / trials - p) / se
        assert abs(z) < Z999, f"{outcome.code}: exact {p:.6f}, MC {k / trials:.6f}, z = {z:.2f}"
    if check_cells:
        exp = np.zeros(counts.shape)
        for (o, m), p in exact.items():
            exp[o, m] += float(p) * trials
        assert not np.any((exp == 0) & (counts > 0)), "Monte Carlo hit a cell of exact probability 0"
        big = exp >= 5
        obs = list(counts[big]) + [counts[~big].sum()]
        ex = list(exp[big]) + [exp[~big].sum()]
        if ex[-1] < 5:  # fold a tiny remainder into the largest cell
            i = int(np.argmax(ex[:-1]))
            obs[i] += obs[-1]
            ex[i] += ex[-1]
            obs, ex = obs[:-1], ex[:-1]
        if len(ex) > 1:
            chi2 = sum((a - b) ** 2 / b for a, b in zip(obs, ex))
            pval = stats.chi2.sf(chi2, len(ex) - 1)
            assert pval > 1e-3, f"chi-square p = {pval:.2e} over {len(ex)} cells"
    return exact, counts


def noted(data, field, match="has no effect", strict=True):
    """``data`` loads (the input policy: an input that changes nothing here is accepted) with a note on
    ``field`` whose message contains ``match``; with ``strict``, under ``--strict``
    (:func:`fleeodds.validation.strict_inputs`) the same input is the error naming ``field``.

    Returns the scenario loaded."""
    import copy

    import pytest

    from fleeodds.errors import FleeoddsError
    from fleeodds.system import get_system
    from fleeodds.validation import strict_inputs

    sc = get_system("dnd").load(copy.deepcopy(data))
    notes = {n.field: n for n in sc.input_notes()}
    assert field in notes, f"no note on {field}: {[n.message() for n in sc.input_notes()]}"
    text = notes[field].message()
    assert text.startswith(field + ": ") and match in text and "\n" not in text, text
    assert "remove it" not in text
    if strict:
        with strict_inputs(), pytest.raises(FleeoddsError) as info:
            get_system("dnd").load(copy.deepcopy(data))
        err = str(info.value)
        assert field + ": " in err and match in err and err.endswith("remove it"), err
    return sc


def silent(data):
    """``data`` loads with no note at all, also under ``--strict`` (a value at its default says nothing)."""
    import copy

    from fleeodds.system import get_system
    from fleeodds.validation import strict_inputs

    sc = get_system("dnd").load(copy.deepcopy(data))
    assert sc.input_notes() == [], [n.message() for n in sc.input_notes()]
    with strict_inputs():
        get_system("dnd").load(copy.deepcopy(data))
    return sc
