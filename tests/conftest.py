"""Shared test helpers: the oracle cases, and the agreement bound for Monte Carlo.

The oracle cases live in ``tests/oracles/<system>.json``; each file is written by the
standard-library script ``tests/oracles/derive_<system>.py`` beside it (see
``tests/core/test_oracle_scripts.py``).  A team copy of the same cases may sit in
``../shared/oracles`` (or ``$FLEEODDS_SHARED/oracles``); when it is there it is only an extra
cross-check, never needed.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ORACLES = ROOT / "tests" / "oracles"
SHARED = Path(os.environ.get("FLEEODDS_SHARED", ROOT.parent / "shared"))
#: the rules systems that have an oracle file
ORACLE_SYSTEMS = ("warhammer", "dnd", "hell_dorado", "warhammer_combat", "warhammer_obstacles",
                  "warhammer_pursuers")
# The tests read English unless they ask for another language: a developer's French locale (LANG=fr_FR.UTF-8),
# which the command line follows (fleeodds.language.lang_from_env), must not turn their expected texts French.
# Subprocesses inherit this; tests of the locale choice set their own environment.
os.environ["FLEEODDS_LANG"] = "en"

#: |z| bound of a two-sided 99.9 % interval: a correct Monte Carlo fails this 1 time in 1000.
Z_999 = 3.2905


@lru_cache(maxsize=None)
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def load_oracle(system: str) -> dict:
    """The project's oracle file of ``system`` (tests/oracles/<system>.json), always present."""
    return json.loads(_read(ORACLES / f"{system}.json"))


def oracle_cases(system: str) -> list[dict]:
    """The cases of the project's oracle file of ``system``."""
    return load_oracle(system)["cases"]


def shared_oracle_path(system: str) -> Path:
    """Where the team's copy of the oracle file would be (it may be absent)."""
    return SHARED / "oracles" / f"{system}.json"


def shared_oracle(system: str) -> dict | None:
    """The team's copy of the oracle file, or None when ``../shared`` is not beside the clone."""
    path = shared_oracle_path(system)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def frac(s: str) -> Fraction:
    return Fraction(s)


def assert_mc_agrees(count: int, trials: int, p_exact: float, what: str = "") -> None:
    """Monte Carlo count agrees with the exact value inside a 99.9 % interval (can fail)."""
    from fleeodds.stats import z_score

    z = z_score(count, trials, p_exact)
    assert abs(z) < Z_999, f"{what}: MC {count}/{trials} = {count / trials:.6f} vs exact {p_exact:.6f} (z = {z:.2f})"
