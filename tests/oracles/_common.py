"""Helpers shared by the oracle derivation scripts (standard library only, no fleeodds).

Each ``derive_<system>.py`` builds its cases with exact ``fractions.Fraction`` arithmetic
and calls :func:`write` to store them as ``<system>.json`` beside the scripts (or in the
folder given by ``--out``).
"""

from __future__ import annotations

import argparse
import itertools
import json
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent


def fstr(q: Fraction) -> str:
    """A fraction as ``"num/den"``, always with a denominator (``"7/1"``, ``"0/1"``)."""
    q = Fraction(q)
    return f"{q.numerator}/{q.denominator}"


def case(cid: str, description: str, edition: str, parameters: dict, outcome: str, exact: Fraction,
         **extra) -> dict:
    """One oracle case: the exact probability as a string and its float rounded to 12 places."""
    exact = Fraction(exact)
    out = {"id": cid, "description": description, "edition": edition, "parameters": parameters,
           "outcome": outcome, "exact": fstr(exact), "value": round(float(exact), 12)}
    out.update(extra)
    return out


def distribution(dist: dict[int, Fraction]) -> dict[str, str]:
    """A distribution {value: probability} as {"value": "num/den"}, values in increasing order."""
    return {str(k): fstr(dist[k]) for k in sorted(dist)}


def mean(dist: dict[int, Fraction]) -> str:
    return fstr(sum((k * p for k, p in dist.items()), Fraction(0)))


def d6_sums(n: int, keep=None) -> dict[int, Fraction]:
    """Distribution of ``n`` six-sided dice by enumerating all 6**n faces.

    ``keep`` maps the sorted tuple of faces to the kept total (default: the sum).
    """
    out: dict[int, Fraction] = {}
    w = Fraction(1, 6 ** n)
    for faces in itertools.product(range(1, 7), repeat=n):
        v = sum(faces) if keep is None else keep(tuple(sorted(faces)))
        out[v] = out.get(v, Fraction(0)) + w
    return out


def write(system: str, title: str, cases: list[dict], argv=None) -> Path:
    """Write ``{"system": title, "cases": cases}`` to ``<out>/<system>.json``."""
    ap = argparse.ArgumentParser(description=f"Derive the {system} oracle cases and write {system}.json.")
    ap.add_argument("--out", type=Path, default=HERE, help="folder to write into (default: beside this script)")
    args = ap.parse_args(argv)
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate case ids"
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{system}.json"
    text = json.dumps({"system": title, "cases": cases}, indent=2, ensure_ascii=False) + "\n"
    path.write_text(text, encoding="utf-8")
    print(f"{path}: {len(cases)} cases")
    return path
