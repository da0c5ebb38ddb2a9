"""The chase after leaving melee (``situation = "chase"``, 5e): can the runner outrun them?

"My rogue has left the two orcs; safety is 90 ft away. Dash, or Disengage and Dash with Cunning Action?"
The runner and its pursuers move by their speeds round after round (:mod:`..plan.chase` gives the round
structure and its sources) until the runner is safe, down or dead, or the rounds run out. A scenario file
looks like::

    system = "dnd"
    situation = "chase"
    edition = "5e2024"
    [runner]
    preset = "srd5_rogue_1"          # hp, hp_max, ac, resistance are read
    [chase]
    rounds = 3
    distance = 90                    # feet to safety
    speed = 30
    actions = "dash+disengage"       # or a list, one per round
    cunning_action = true
    [[chase.pursuers]]
    preset = "srd51_orc"
    aggressive = true

The answer: ``escaped``, ``still_chased``, ``down``, ``dead`` with the round they happen in (the metric),
and :meth:`ChaseScenario.summary`: the cumulative table by round and the expected rounds to safety.
"""


from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from ....errors import InputError
from ....system import Scenario
from ....validation import check_exact_mode
from ..checks.inputs import note_inert
from ..exact.chase import chase_summary, solve_chase
from ..model.chase import parse_chase
from ..model.fields import _validate, normalise_edition
from ..model.runner import parse_runner
from ..model.scenario import ScenarioModel
from ..plan.chase import CHASE_OUTCOMES, ChasePlan, compile_chase
from ..plan.rules import is_5e

#: Runner fields the chase reads; the others are noted.
CHASE_RUNNER_FIELDS = ("preset", "name", "hp", "hp_max", "ac", "resistance")
#: Fields of a leave-melee scenario the chase has no use for.
NOT_IN_CHASE = ("enemies", "options", "mode", "compare_modes", "metric", "distracting_action", "death_saves")


class ChaseScenario(Scenario):
    """The chase (see the module docstring)."""

    outcomes = CHASE_OUTCOMES
    outcome_order = tuple(o.code for o in CHASE_OUTCOMES)

    def __init__(self, data: dict, base_dir: Path | None, plan: ChasePlan, title: str = ""):
        super().__init__(data, base_dir)
        self._chase_plan = plan
        s = plan.spec
        self.edition = s.edition
        self.metric = plan.metric
        self.title = title or (f"chase: {s.distance} ft to safety, {len(s.pursuers)} pursuer(s), "
                               f"{s.rounds} round(s)")
        if not title:
            self.title_fr = (f"Poursuite : abri à {s.distance} pieds, {len(s.pursuers)} poursuivant(s), "
                             f"{s.rounds} round(s)")

    @property
    def plan(self) -> ChasePlan:
        """The frozen plan the exact distribution follows from."""
        return self._chase_plan

    def exact_distribution(self, mode: str = "float"):
        """Exact ``{(outcome index, round): probability}`` (:func:`..exact.chase.solve_chase`)."""
        return solve_chase(self._chase_plan, check_exact_mode(mode))

    def kernel(self):
        from ..kernels.chase import make_chase_kernel

        return make_chase_kernel(self._chase_plan)

    def trial_kernel(self):
        from ..kernels.chase import make_chase_trial_kernel

        return make_chase_trial_kernel(self._chase_plan)

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """P(escapes), P(down), P(dead) by round (cumulative) and the expected rounds to safety
        (:func:`..exact.chase.chase_summary`)."""
        return chase_summary(self._chase_plan, check_exact_mode(mode))

    def notes(self, lang: str = "en") -> list[str]:
        """The table by round and the expected rounds to safety, as sentences."""
        from ....i18n import pct

        s = self.summary("fraction")
        fr = lang == "fr"
        names = {"escaped": ("safe", "à l'abri"), "down": ("down", "à terre"), "dead": ("dead", "mort"),
                 "still_chased": ("still chased", "toujours poursuivi")}
        out = []
        for r, row in s["by_round"].items():
            cells = ", ".join(f"{names[k][1 if fr else 0]} {pct(float(v), lang, 2)}" for k, v in row.items())
            out.append((f"Après le round {r} : " if fr else f"By round {r}: ") + cells + ".")
        m = s["mean_rounds_to_safety"]
        if m is None:
            out.append("Le fuyard n'atteint pas l'abri dans ces rounds." if fr
                       else "The runner does not reach safety within these rounds.")
        else:
            val = f"{float(m):.2f}".replace(".", ",") if fr else f"{float(m):.2f}"
            out.append(f"Rounds jusqu'à l'abri (quand il l'atteint) : {val} en moyenne." if fr
                       else f"Rounds to safety (when reached): {val} on average.")
        return out

    def describe(self) -> dict[str, Any]:
        """The validated chase as JSON-able data, with the positions by round and the exact side results."""
        p = self._chase_plan
        s = self.summary("float")
        return {"system": "dnd", "situation": "chase", "edition": self.edition,
                "runner": {"hp": p.spec.hp, "hp_max": p.spec.hp_max, "ac": p.spec.ac},
                "actions": list(p.spec.actions), "escape_round": p.escape_round,
                "positions": [dict(x) for x in p.positions],
                "attacks": [{"round": a.round, "pursuer": p.spec.pursuers[a.pursuer].name,
                             "trigger": "opportunity attack" if a.trigger else "on its turn",
                             "attack": f"{a.attack_bonus:+d}, {a.damage}", "advantage": a.advantage}
                            for a in p.attacks],
                "exact_summary": {"by_round": {str(k): v for k, v in s["by_round"].items()},
                                  "p_escapes": s["p_escapes"], "mean_rounds_to_safety": s["mean_rounds_to_safety"],
                                  "mean_rounds": s["mean_rounds"]}}


def load_chase(data: dict, base_dir: Path | None = None) -> ChaseScenario:
    """Validate a ``situation = "chase"`` scenario.

    Raises
    ------
    InputError
        ``edition`` missing or not 5e, no ``[chase]`` table or no ``[runner]``, and the errors of
        :func:`..model.chase.parse_chase` and :func:`..model.runner.parse_runner`.
    """
    allowed = "'5e2014' or '5e2024' (the chase is modelled in 5e only)"
    if "edition" not in data:
        raise InputError("edition", None, allowed + " (required with situation = 'chase')")
    top = _validate(ScenarioModel, data)
    edition = normalise_edition(top.edition)
    if not is_5e(edition):
        raise InputError("edition", data.get("edition"), allowed)
    if "runner" not in data:
        raise InputError("runner", None, "a [runner] table (hp, ac, … or preset = '…') (required)")
    if "chase" not in data or not isinstance(data["chase"], dict):
        raise InputError("chase", None, "a [chase] table with rounds, distance, speed, actions and "
                                        "[[chase.pursuers]] (required with situation = 'chase')")
    for key in NOT_IN_CHASE:
        if key in data:
            note_inert(key, data[key], "in situation 'chase' (the pursuers are [[chase.pursuers]]; the chase's "
                                       "own choices are in [chase])")
    rr = data["runner"]
    for key in rr:
        if key not in CHASE_RUNNER_FIELDS:
            note_inert(f"runner.{key}", rr[key], "in situation 'chase' (it reads the runner's hp, hp_max, ac and "
                                                 "resistance)")
    runner, _meta = parse_runner({k: v for k, v in rr.items() if k in CHASE_RUNNER_FIELDS}, edition)
    spec = parse_chase(data["chase"], edition, runner.hp, runner.hp_max, runner.ac, runner.resistance)
    return ChaseScenario(data, base_dir, compile_chase(spec), title=top.title)


def chase_benchmark(repeat: int = 20) -> dict[str, float]:
    """Seconds of the exact chase (fractions) on the 3-round, two-orc question, and of 100,000 Monte
    Carlo trials of it (the baseline, same process, warm kernel); see benchmarks/chase.py."""
    from ....engine import simulate

    sc = load_chase(BENCH_CHASE)
    simulate(sc.kernel(), trials=1000, seed=0, progress=False)  # compile outside the timing
    t0 = time.perf_counter()
    for _ in range(repeat):
        solve_chase(compile_chase(sc.plan.spec), "fraction")
    exact = (time.perf_counter() - t0) / repeat
    t0 = time.perf_counter()
    simulate(sc.kernel(), trials=100_000, seed=1, progress=False)
    mc = time.perf_counter() - t0
    return {"exact_s": exact, "mc_100k_s": mc}


#: The benchmark question: a 5e 2024 rogue 1 running 90 ft from two SRD orcs (Aggressive) over 3 rounds.
BENCH_CHASE = {"system": "dnd", "situation": "chase", "edition": "5e2024",
               "runner": {"preset": "srd5_rogue_1"},
               "chase": {"rounds": 3, "distance": 90, "speed": 30, "actions": "dash", "cunning_action": True,
                         "pursuers": [{"preset": "srd51_orc", "aggressive": True},
                                      {"preset": "srd51_orc", "aggressive": True, "gap": 10}]}}
