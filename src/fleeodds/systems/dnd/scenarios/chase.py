"""The chase after leaving melee (``situation = "chase"``; 5e, and 3.5 / Pathfinder 1e with their own
actions): can the runner outrun them?

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

from fractions import Fraction

from ....language import Message, N_
from ....errors import InputError
from ....language import Message, N_
from ....system import Scenario
from ....validation import check_exact_mode
from ..checks.inputs import note_inert
from ..exact.chase import chase_chain, solve_chase, summary_of
from ..model.chase import parse_chase
from ..model.fields import _validate, normalise_edition
from ..model.runner import parse_runner
from ..model.scenario import ScenarioModel
from ..plan.chase import O_DEAD, O_DOWN, O_STOPPED, ChasePlan, compile_chase
from ..plan.rules import is_5e

#: Runner fields the chase reads; the others are noted.
CHASE_RUNNER_FIELDS = ("preset", "name", "hp", "hp_max", "ac", "resistance")
#: The same in 3.5/PF: the Dexterity bonus (lost while running) and Constitution (PF: dead at -Con).
CHASE_RUNNER_FIELDS_35 = ("preset", "name", "hp", "ac", "dex_bonus", "con", "touch_ac", "trip_defence", "cmd")
#: Fields of a leave-melee scenario the chase has no use for.
NOT_IN_CHASE = ("enemies", "options", "mode", "compare_modes", "metric", "distracting_action", "death_saves")


#: What each 5e exchange outcome does to the chase after it: ("chase", variant) or ("round0", outcome).
AFTER_EXCHANGE = {"unharmed": ("chase", 0), "wounded": ("chase", 0), "move_cancelled": ("round0", O_STOPPED),
                  "down": ("round0", O_DOWN), "dead": ("round0", O_DEAD)}


class ChaseScenario(Scenario):
    """The chase (see the module docstring).

    Parameters
    ----------
    data : dict
    base_dir : pathlib.Path, optional
    plan : ChasePlan
        The chase of a runner that starts standing.
    title : str
    exchange : DndScenario, optional
        With ``chase.after_exchange``: the exchange of leaving melee played first.
    prone_plan : ChasePlan, optional
        The chase of a runner that starts prone (after the exchange's prone riders).
    """

    def __init__(self, data: dict, base_dir: Path | None, plan: ChasePlan, title: str = "", exchange=None,
                 prone_plan: ChasePlan | None = None):
        super().__init__(data, base_dir)
        self._chase_plan = plan
        self._exchange = exchange
        self._prone_plan = prone_plan
        self.outcomes = plan.outcomes
        s = plan.spec
        self.edition = s.edition
        self.metric = plan.metric
        self.title = title or Message(N_("chase: {distance} ft to safety, {pursuers} pursuer(s), {rounds} round(s)"),
                                      distance=s.distance, pursuers=len(s.pursuers), rounds=s.rounds)

    @property
    def has_exact(self) -> bool:
        """Exact unless the exchange played first is too large for its own exact solver."""
        return self._exchange is None or self._exchange.has_exact

    @property
    def exact_refusal(self) -> str:
        """The exchange's reason when it has no exact answer (then Monte Carlo only), or ``""``."""
        return "" if self._exchange is None else self._exchange.exact_refusal

    @property
    def outcome_order(self) -> tuple[str, ...]:
        """Best to worst: safe, still chased, back up, stable, down, dead (stopped in the exchange is no
        step of that scale)."""
        order = ("escaped", "still_chased", "back_up", "disabled", "stable", "down", "dead")
        return tuple(c for c in order if c in {o.code for o in self.outcomes})

    @property
    def plan(self):
        """The frozen plan the exact distribution follows from: the :class:`ChasePlan`, or after an exchange
        ``(chase plan, prone start's plan or None, the exchange's plan)`` (the exact cache key reads it)."""
        if self._exchange is None:
            return self._chase_plan
        return (self._chase_plan, self._prone_plan, self._exchange.plan)

    def _table(self) -> dict[str, tuple[str, int]]:
        """What each exchange outcome code does to the chase (``slowed``: prone, or nothing for a Slow)."""
        table = dict(AFTER_EXCHANGE)
        table["slowed"] = ("chase", 1 if self._prone_plan is not None else 0)
        if self._chase_plan.spec.death_saves:
            table["down"] = ("downed", 0)
        return table

    def _composed(self, mode: str) -> tuple[dict, dict]:
        """The exact chase, after the exchange when there is one: the exchange's exact distribution over
        (outcome, damage taken) gives each start (hit points left, standing or prone) its probability,
        and the chase from each is summed (a convolution over the hit points left)."""
        num = Fraction if mode == "fraction" else float
        if self._exchange is None:
            return chase_chain(self._chase_plan, mode)
        hp = self._chase_plan.spec.hp
        codes = [o.code for o in self._exchange.outcomes]
        table = self._table()
        starts: list[dict] = [{}, {}]
        round0: dict[int, Any] = {}
        downed = num(0)
        for (o, dmg), p in self._exchange.exact_distribution(mode).items():
            kind, what = table[codes[o]]
            if kind == "chase":
                starts[what][hp - dmg] = starts[what].get(hp - dmg, num(0)) + p
            elif kind == "downed":
                downed += p
            else:
                round0[what] = round0.get(what, num(0)) + p
        dist: dict = {}
        rows: dict = {}
        plans = [self._chase_plan, self._prone_plan]
        for v, st in enumerate(starts):
            if not st and not (v == 0 and downed):
                continue
            d, rw = chase_chain(plans[v], mode, st, downed if v == 0 else None)
            for k, p in d.items():
                dist[k] = dist.get(k, num(0)) + p
            for r, row in rw.items():
                into = rows.setdefault(r, {})
                for k, p in row.items():
                    into[k] = into.get(k, num(0)) + p
        names = {O_STOPPED: "stopped", O_DOWN: "down", O_DEAD: "dead"}
        for code, p in round0.items():
            dist[(code, 0)] = dist.get((code, 0), num(0)) + p
            for row in rows.values():
                row[names[code]] = row.get(names[code], num(0)) + p
        for r in range(1, self._chase_plan.spec.rounds + 1):
            row = rows.setdefault(r, {"escaped": num(0), "down": num(0), "dead": num(0), "still_chased": num(0)})
            row.setdefault("stopped", num(0))
        return dist, rows

    def exact_distribution(self, mode: str = "float"):
        """Exact ``{(outcome index, round): probability}`` (:func:`..exact.chase.solve_chase`, after the
        exchange when there is one: round 0 holds the exchange's own ends)."""
        return self._composed(check_exact_mode(mode))[0]

    def _kernel_args(self) -> dict:
        import numpy as np

        from ..kernels.exchange import make_trial_kernel
        from ..kernels.chase import STRIDE

        if self._exchange is None:
            return {}
        ex = self._exchange
        codes = [o.code for o in ex.outcomes]
        if len(codes) > STRIDE:
            # an invariant of the kernel's layout (every exchange has fewer outcomes), not an input of the player's
            raise RuntimeError(f"internal: {len(codes)} exchange outcomes, the chase kernel's stride holds {STRIDE}")
        table = self._table()
        kinds = np.full(STRIDE, -1, dtype=np.int64)
        var = np.zeros(STRIDE, dtype=np.int64)
        for i, c in enumerate(codes):
            kind, what = table[c]
            if kind == "chase":
                var[i] = what
            else:
                kinds[i] = -2 if kind == "downed" else what
        plans = [self._chase_plan] + ([self._prone_plan] if self._prone_plan is not None else [])
        return {"variants": plans,
                "exchange": (make_trial_kernel(ex.first_plan, ex.components, stride=STRIDE), (kinds, var))}

    def kernel(self):
        from ..kernels.chase import make_chase_kernel

        return make_chase_kernel(self._chase_plan, **self._kernel_args())

    def trial_kernel(self):
        from ..kernels.chase import make_chase_trial_kernel

        return make_chase_trial_kernel(self._chase_plan, **self._kernel_args())

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """P(escapes), P(down), P(dead) by round (cumulative; ``down``: at 0 HP and unresolved then) and
        the expected rounds to safety (:func:`..exact.chase.chase_summary`); after the exchange, the rows
        count the exchange's own ends (``stopped``, ``down``, ``dead`` in round 0) in every round."""
        mode = check_exact_mode(mode)
        return summary_of(*self._composed(mode), mode)

    def notes(self) -> list[str]:
        """The table by round and the expected rounds to safety, as sentences in the reader's language."""
        from ....i18n import fixed, pct
        from ....language import NP_, _, pgettext

        s = self.summary("fraction")
        names = {"escaped": NP_("chase by round", "safe"), "down": NP_("chase by round", "down"),
                 "dead": NP_("chase by round", "dead"), "still_chased": NP_("chase by round", "still chased"),
                 "stable": NP_("chase by round", "stable"), "back_up": NP_("chase by round", "back up"),
                 "stopped": NP_("chase by round", "stopped in the exchange"),
                 "disabled": NP_("chase by round", "disabled")}
        out = []
        for r, row in s["by_round"].items():
            cells = ", ".join(f"{pgettext('chase by round', names[k])} {pct(float(v), 2)}" for k, v in row.items()
                              if k != "stopped" or v)
            out.append(_("By round {round}: {cells}.", round=r, cells=cells))
        m = s["mean_rounds_to_safety"]
        if m is None:
            out.append(_("The runner does not reach safety within these rounds."))
        else:
            out.append(_("Rounds to safety (when reached): {rounds} on average.", rounds=fixed(float(m), 2)))
        return out

    def describe(self) -> dict[str, Any]:
        """The validated chase as JSON-able data, with the positions by round and the exact side results
        (after an exchange: the exchange's own description under ``"exchange"``, and the prone start's
        positions and attacks under ``"prone_start"``)."""
        p = self._chase_plan
        s = self.summary("float")
        extra: dict[str, Any] = {}
        if self._exchange is not None:
            extra["exchange"] = self._exchange.describe()
        if self._prone_plan is not None:
            q = self._prone_plan
            extra["prone_start"] = {"escape_round": q.escape_round, "positions": [_row(x) for x in q.positions],
                                    "attacks": [{"round": a.round, "pursuer": q.spec.pursuers[a.pursuer].name,
                                                 "trigger": "opportunity attack" if a.trigger else "on its turn",
                                                 "advantage": a.advantage} for a in q.attacks]}
        if p.variants:
            extra["after_trips"] = [{"escape_round": q.escape_round, "positions": [_row(x) for x in q.positions],
                                     "attacks": [_attack_row(q, a) for a in q.attacks]} for q in p.variants]
        return extra | {"system": "dnd", "situation": "chase", "edition": self.edition,
                "runner": {"hp": p.spec.hp, "hp_max": p.spec.hp_max, "ac": p.spec.ac},
                "actions": list(p.spec.actions), "escape_round": p.escape_round,
                "positions": [_row(x) for x in p.positions],
                "attacks": [_attack_row(p, a) for a in p.attacks],
                "exact_summary": {"by_round": {str(k): v for k, v in s["by_round"].items()},
                                  "p_escapes": s["p_escapes"], "mean_rounds_to_safety": s["mean_rounds_to_safety"],
                                  "mean_rounds": s["mean_rounds"]}}


#: How describe() names each trigger of a chase attack (plan.chase ON_TURN, OPPORTUNITY, IMPROVED_TRIP).
TRIGGER_NAMES = ("on its turn", "opportunity attack", "Improved Trip's attack")


def _attack_row(plan: ChasePlan, a) -> dict:
    """One attack of a plan as describe()'s row (a trip attempt: its check, and the branch it opens)."""
    row = {"round": a.round, "pursuer": plan.spec.pursuers[a.pursuer].name,
           "trigger": "trip attempt (opportunity attack)" if a.trip else TRIGGER_NAMES[a.trigger],
           "attack": f"{a.attack_bonus:+d}, {a.damage}", "advantage": a.advantage}
    if a.ac != plan.spec.ac and any(q.trip for q in plan.spec.pursuers):
        row["ac"] = a.ac
    if a.trip:
        row["trip"] = {"check": a.trip_check, "against": a.trip_defence}
        if a.on_trip > 0:  # a branch of this plan (in a branch, the earlier attempts are its parent's)
            row["trip"]["then"] = f"after_trips[{a.on_trip - 1}]"
        del row["attack"]
        if a.trip == 1:
            row["touch"] = f"{a.attack_bonus:+d} against touch AC {a.touch_ac}"
    return row


def _row(position: tuple) -> dict:
    """A plan's position (name, value pairs) as the manifest's row (gaps as a list)."""
    row = dict(position)
    row["gaps"] = list(row["gaps"])
    return row


def load_chase(data: dict, base_dir: Path | None = None) -> ChaseScenario:
    """Validate a ``situation = "chase"`` scenario.

    Raises
    ------
    InputError
        ``edition`` missing, no ``[chase]`` table or no ``[runner]``, and the errors of
        :func:`..model.chase.parse_chase` and :func:`..model.runner.parse_runner`.
    """
    if "edition" not in data:
        raise InputError("edition", None, Message(N_("'3.5', 'pf1', '5e2014' or '5e2024' (required with situation = "
                                                     "'chase')")))
    top = _validate(ScenarioModel, data)
    edition = normalise_edition(top.edition)
    if "runner" not in data:
        raise InputError("runner", None, Message(N_("a [runner] table (hp, ac, … or preset = '…') (required)")))
    if "chase" not in data or not isinstance(data["chase"], dict):
        raise InputError("chase", None, Message(N_("a [chase] table with rounds, distance, speed, actions and "
                                                   "[[chase.pursuers]] (required with situation = 'chase')")))
    if data["chase"].get("after_exchange") is True and is_5e(edition):
        return _after_exchange(data, base_dir, edition, top.title)
    for key in NOT_IN_CHASE:
        if key in data:
            note_inert(key, data[key], Message(N_("in situation 'chase' (the pursuers are [[chase.pursuers]]; the "
                                                  "chase's own choices are in [chase]; with chase.after_exchange = "
                                                  "true the exchange's mode, [[enemies]] and [options] are read)")))
    rr = data["runner"]
    five = is_5e(edition)
    fields = CHASE_RUNNER_FIELDS if five else CHASE_RUNNER_FIELDS_35
    for key in rr:
        if key not in fields:
            note_inert(f"runner.{key}", rr[key],
                       Message(N_("in situation 'chase' (it reads the runner's hp, hp_max, ac and resistance)"))
                       if five else
                       Message(N_("in situation 'chase' (3.5/PF: it reads the runner's hp, ac, dex_bonus and con)")))
    trips = any(isinstance(q, dict) and q.get("trip") is True for q in (data["chase"].get("pursuers") or []))
    for key in ("touch_ac", "trip_defence", "cmd"):
        if key in rr and not five and (not trips or (key == "cmd") != (edition == "pf1")):
            note_inert(f"runner.{key}", rr[key], Message(N_("in this chase (read against a pursuer's trip: "
                                                            "runner.touch_ac and runner.trip_defence in 3.5, "
                                                            "runner.cmd in Pathfinder 1e)")))
    runner, _meta = parse_runner({k: v for k, v in rr.items() if k in fields}, edition)
    if isinstance(runner.ac, (str, list)):  # a mixture over ACs is the exchange's (one run per drawn AC)
        raise InputError("runner.ac", rr.get("ac"), Message(N_("a single integer AC in situation 'chase' (an "
                                                               "uncertain AC is read by the exchange only)")))
    dead_at = None if five else (-10 if edition == "3.5" else -runner.con)
    spec = parse_chase(data["chase"], edition, runner.hp, runner.hp_max, runner.ac, runner.resistance,
                       dead_at=dead_at, dex_bonus=runner.dex_bonus, touch_ac=runner.touch_ac,
                       trip_defence=runner.cmd if edition == "pf1" else runner.trip_defence, con=runner.con)
    return ChaseScenario(data, base_dir, compile_chase(spec), title=top.title)


def _after_exchange(data: dict, base_dir: Path | None, edition: str, title: str) -> ChaseScenario:
    """The chase after the scenario's exchange of leaving melee (``chase.after_exchange = true``).

    The exchange is the scenario read as ``situation = "leave_melee"`` with the damage metric (its
    runner, mode, [[enemies]] and [options]); the chase reads the same runner's hp, hp_max, ac and
    resistance.

    Raises
    ------
    InputError
        No ``[[enemies]]``; an uncertain ``runner.ac``; ``options.death_saves_in_exchange = true`` (the chase follows the fall itself:
        ``chase.death_saves``); ``options.stop_when_down = false`` with ``chase.death_saves`` (failures
        marked in the exchange are not carried into the chase); prone and Slow riders together (the
        exchange's ``slowed`` does not say which).
    """
    from .exchange import load_exchange

    if "enemies" not in data:
        raise InputError("enemies", None, Message(N_("[[enemies]] tables: the exchange of leaving melee played before "
                                                     "the chase (required with chase.after_exchange = true)")))
    if "metric" in data:
        note_inert("metric", data["metric"], Message(N_("in situation 'chase' (the exchange before the chase is read "
                                                        "by the damage taken; the chase's metric is the round)")))
    own_ac = (data.get("runner") or {}).get("ac")
    if isinstance(own_ac, (str, list)):
        raise InputError("runner.ac", own_ac, Message(N_("a single integer AC with chase.after_exchange (the exchange "
                                                         "and the chase would have to share one drawn AC)")))
    ex_data = {k: v for k, v in data.items() if k not in ("chase", "situation", "compare", "title", "title_fr",
                                                          "description", "description_fr", "metric")}
    ex_data["situation"] = "leave_melee"
    ex_data["metric"] = "damage"
    ex = load_exchange(ex_data, base_dir)
    opts = ex.spec.options
    if opts.death_saves_in_exchange:
        raise InputError("options.death_saves_in_exchange", True,
                         Message(N_("false with chase.after_exchange (the chase follows the fall itself: "
                                    "chase.death_saves)")))
    raw = data["chase"]
    if raw.get("death_saves") is True and not opts.stop_when_down:
        raise InputError("options.stop_when_down", False,
                         Message(N_("true with chase.after_exchange and chase.death_saves (the death-save failures of "
                                    "hits at 0 HP during the exchange are not carried into the chase)")))
    from ..plan.exchange import EFFECT_PRONE, EFFECT_SLOW

    effects = {ev.effect for _w, p in ex.components for ev in p.events}
    if EFFECT_PRONE in effects and EFFECT_SLOW in effects:
        raise InputError("enemies", "prone and slow riders", Message(N_("one kind of slowing rider before a chase "
                                                                        "(the exchange's 'slowed' does not say "
                                                                        "whether the runner is prone or slowed)")))
    r = ex.spec.runner
    spec = parse_chase(raw, edition, r.hp, r.hp_max, r.ac, r.resistance)
    prone = compile_chase(spec, prone=True) if EFFECT_PRONE in effects else None
    return ChaseScenario(data, base_dir, compile_chase(spec), title=title, exchange=ex, prone_plan=prone)


def chase_benchmark(repeat: int = 20) -> dict[str, float]:
    """Seconds of the exact chase (fractions) on the 3-round, two-orc question, of 100,000 Monte Carlo
    trials of it (the baseline, same process, warm kernel), and of the exact chase after the exchange
    with death saves and attacks on the downed runner (fractions); see benchmarks/chase.py."""
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
    chained = load_chase(BENCH_CHASE_AFTER_EXCHANGE)
    t0 = time.perf_counter()
    for _ in range(max(1, repeat // 4)):
        chained._composed("fraction")
    full = (time.perf_counter() - t0) / max(1, repeat // 4)
    trips = load_chase(BENCH_CHASE_35_TRIPS)
    t0 = time.perf_counter()
    for _ in range(max(1, repeat // 4)):
        solve_chase(compile_chase(trips.plan.spec), "fraction")
    trip_s = (time.perf_counter() - t0) / max(1, repeat // 4)
    return {"exact_s": exact, "mc_100k_s": mc, "exact_after_exchange_s": full, "exact_35_trips_s": trip_s,
            "plans_35_trips": 1 + len(trips.plan.variants)}


#: The benchmark question: a 5e 2024 rogue 1 running 90 ft from two SRD orcs (Aggressive) over 3 rounds.
BENCH_CHASE = {"system": "dnd", "situation": "chase", "edition": "5e2024",
               "runner": {"preset": "srd5_rogue_1"},
               "chase": {"rounds": 3, "distance": 90, "speed": 30, "actions": "dash", "cunning_action": True,
                         "pursuers": [{"preset": "srd51_orc", "aggressive": True},
                                      {"preset": "srd51_orc", "aggressive": True, "gap": 10}]}}

#: The same question after the exchange (the rogue walks away from the two orcs: two opportunity attacks),
#: with death saves and the orcs' attacks on the downed rogue.
BENCH_CHASE_AFTER_EXCHANGE = {
    **BENCH_CHASE, "mode": "move", "enemies": [{"preset": "srd51_orc"}, {"preset": "srd51_orc"}],
    "chase": {**BENCH_CHASE["chase"], "after_exchange": True, "death_saves": True,
              "pursuers": [{"preset": "srd51_orc", "aggressive": True, "gap": 35},
                           {"preset": "srd51_orc", "aggressive": True, "gap": 35}]}}

#: A 3.5 chase with trips: two tripping pursuers (one with reach, Combat Reflexes and Improved Trip) over 3
#: rounds, the dying runner followed; every sequence of successful trips is its own plan.
BENCH_CHASE_35_TRIPS = {
    "system": "dnd", "situation": "chase", "edition": "3.5",
    "runner": {"hp": 14, "ac": 14, "dex_bonus": 2, "trip_defence": 1},
    "chase": {"rounds": 3, "distance": 150, "actions": ["double_move", "run", "withdraw"], "death_saves": True,
              "pursuers": [{"attack_bonus": 5, "damage": "1d8+3", "threat_range": "19-20", "trip": True,
                            "trip_check": 6, "improved_trip": True, "combat_reflexes": True, "dex_bonus": 2,
                            "reach": 10},
                           {"attack_bonus": 3, "damage": "1d6+1", "trip": True, "trip_check": 4, "gap": 15}]}}
