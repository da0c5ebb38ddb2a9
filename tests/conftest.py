"""Shared test helpers: where the oracle files are, and the agreement bound for Monte Carlo."""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("FLEEODDS_SHARED", ROOT.parent / "shared"))
#: |z| bound of a two-sided 99.9 % interval: a correct Monte Carlo fails this 1 time in 1000.
Z_999 = 3.2905


def load_oracle(system: str) -> dict:
    path = SHARED / "oracles" / f"{system}.json"
    if not path.exists():
        pytest.skip(f"oracle file {path} not found (set FLEEODDS_SHARED)")
    return json.loads(path.read_text(encoding="utf-8"))


def oracle_cases(system: str) -> list[dict]:
    path = SHARED / "oracles" / f"{system}.json"
    if not path.exists():
        return []
    return json.loads(path.read_text(encoding="utf-8"))["cases"]


def frac(s: str) -> Fraction:
    return Fraction(s)


def assert_mc_agrees(count: int, trials: int, p_exact: float, what: str = "") -> None:
    """Monte Carlo count agrees with the exact value inside a 99.9 % interval (can fail)."""
    from fleeodds.stats import z_score

    z = z_score(count, trials, p_exact)
    assert abs(z) < Z_999, f"{what}: MC {count}/{trials} = {count / trials:.6f} vs exact {p_exact:.6f} (z = {z:.2f})"
