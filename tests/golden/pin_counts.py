"""Pin the Monte Carlo counts of every shipped example (and of each of its comparison setups)
for seed 0 and 100,000 trials: ``python tests/golden/pin_counts.py`` rewrites ``counts.json``.

A change in the random stream, the dice tables or a kernel changes these counts, and shows in
review as a diff of this file. Rewrite it only in the commit that makes such a change, and say
why in the commit message.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

TRIALS = 100_000
SEED = 0
OUT = Path(__file__).with_name("counts.json")


def pinned_counts() -> dict[str, dict[str, dict[str, int]]]:
    """``{example: {setup label ("" for the scenario itself): {outcome code: count}}}``."""
    import fleeodds

    base = fleeodds.api.example_dir()
    out: dict[str, dict[str, dict[str, int]]] = {}
    for path in fleeodds.list_examples():
        sc = fleeodds.load_scenario(path)
        cases = [("", sc)] + [(v.label().render("en"), v.scenario) for v in sc.variants()]
        entry = {}
        for label, case in cases:
            counts = case.kernel()(SEED, 0, TRIALS).sum(axis=1)
            entry[label] = {o.code: int(c) for o, c in zip(case.outcomes, counts)}
        out[path.relative_to(base).as_posix()] = entry
    return out


if __name__ == "__main__":
    OUT.write_text(json.dumps(pinned_counts(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"written {OUT}", file=sys.stderr)
