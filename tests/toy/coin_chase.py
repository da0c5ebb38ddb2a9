"""Coin-flip chase: each round a fair coin is tossed; heads moves the runner one step
away, tails moves the chaser one step closer. The runner escapes after ``lead`` heads;
it is caught after ``catch`` tails (whichever comes first). Metric: the round it ends.

Written for the contract tests only: a numpy kernel on fleeodds' counter-based stream
definition (SplitMix64 of ``(seed, trial, draw)``), so counts do not depend on chunks.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import Field

from fleeodds.language import get_lang
from fleeodds.outcomes import Metric, Outcome
from fleeodds.language import Written
from fleeodds.system import RulesSystem, Scenario
from fleeodds.validation import StrictModel, check_exact_mode, json_schema, validate

GAMMA = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1


class CoinChaseModel(StrictModel):
    system: str = Field("coin_chase", title="System", json_schema_extra={"title_fr": "Système"})
    title: str = Field("", title="Title", json_schema_extra={"title_fr": "Titre"})
    lead: int = Field(3, ge=1, le=20, title="Heads to escape", description="Heads the runner needs.",
                      json_schema_extra={"title_fr": "Piles pour s'échapper", "description_fr": "Piles qu'il faut au fuyard.",
                                         "unit": "tosses"})
    catch: int = Field(3, ge=1, le=20, title="Tails to be caught", description="Tails the chaser needs.",
                       json_schema_extra={"title_fr": "Faces pour être rattrapé", "description_fr": "Faces qu'il faut au poursuivant.",
                                          "unit": "tosses"})
    compare: dict[str, dict[str, Any]] | None = Field(None, title="Setups compared",
                                                      json_schema_extra={"title_fr": "Configurations comparées"})


def _mix(z: np.ndarray) -> np.ndarray:
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def outcomes_of(lead: int, catch: int, seed: int, start: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Outcome (0 escaped, 1 caught) and round (1-based) of trials ``start .. start + n - 1``."""
    with np.errstate(over="ignore"):
        trial = np.arange(start, start + n, dtype=np.uint64)
        key = _mix(_mix(np.array([seed], np.uint64))[0] + trial * np.uint64(GAMMA))
        heads = np.zeros(n, np.int64)
        tails = np.zeros(n, np.int64)
        out = np.full(n, -1, np.int64)
        rounds = np.zeros(n, np.int64)
        for r in range(lead + catch - 1):
            draw = _mix(key + np.uint64(r + 1) * np.uint64(GAMMA))
            head = (draw >> np.uint64(63)) == 1
            live = out < 0
            heads += live & head
            tails += live & ~head
            done_e = live & (heads == lead)
            done_c = live & (tails == catch)
            out[done_e] = 0
            out[done_c] = 1
            rounds[done_e | done_c] = r + 1
    return out, rounds


@dataclass(frozen=True)
class Chase:
    """The plan: all the numbers the odds depend on."""

    lead: int
    catch: int


class CoinChase(Scenario):
    def __init__(self, model: CoinChaseModel, data: dict, base_dir: Path):
        super().__init__(data, base_dir)
        self.model = model
        self.title = model.title or f"coin chase {model.lead} heads vs {model.catch} tails"
        # a plug-in outside the package gives its labels with their translations (fleeodds.language.Written)
        self.outcomes = (Outcome("escaped", Written("escaped", fr="échappé")),
                         Outcome("caught", Written("caught", fr="rattrapé")))
        self.metric = Metric("round", Written("round", fr="tour"), model.lead + model.catch)

    @property
    def plan(self) -> Chase:
        return Chase(self.model.lead, self.model.catch)

    def exact_distribution(self, mode: str = "float"):
        check_exact_mode(mode)
        a, b = self.model.lead, self.model.catch
        out = {}
        for t in range(b):  # escape on toss a + t with t tails before: C(a - 1 + t, t) / 2^(a + t)
            out[(0, a + t)] = Fraction(comb(a - 1 + t, t), 2 ** (a + t))
        for h in range(a):
            out[(1, b + h)] = out.get((1, b + h), 0) + Fraction(comb(b - 1 + h, h), 2 ** (b + h))
        return out if mode == "fraction" else {k: float(v) for k, v in out.items()}

    def kernel(self):
        a, b, bins = self.model.lead, self.model.catch, self.metric.n_bins

        def kernel(seed, start, n):
            o, r = outcomes_of(a, b, seed, start, n)
            counts = np.zeros((2, bins), np.int64)
            np.add.at(counts, (o, r), 1)
            return counts

        return kernel

    def trial_kernel(self):
        a, b = self.model.lead, self.model.catch
        return lambda seed, start, n: outcomes_of(a, b, seed, start, n)[0]

    def describe(self) -> dict[str, Any]:
        return self.model.model_dump(mode="json")


def load_scenario(data: dict, base_dir: Path) -> CoinChase:
    model = validate(CoinChaseModel, data)
    return CoinChase(model, data, base_dir)


def schema() -> dict:
    """The toy's schema in the reader's language (a plug-in's own title: not in fleeodds' catalogue)."""
    title = {"fr": "Poursuite à pile ou face"}.get(get_lang(), "Coin chase")
    return json_schema(CoinChaseModel, title)


SYSTEM = RulesSystem(key="coin_chase", title="Coin chase (test system)", title_fr="Poursuite à pile ou face (test)",
                     loader=load_scenario, schema=schema)
