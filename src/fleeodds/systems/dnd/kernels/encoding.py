"""The D&D exchange as plain arrays for the Monte Carlo kernel (numpy only, no numba): event and
parameter columns, :func:`encode` and the mixture check, which a scenario runs when it is loaded."""

from __future__ import annotations

import numpy as np

from ....language import Message, N_
from ....dice import parse, stack_specs
from ....validation import not_modelled
from ..plan.exchange import Plan
from ..plan.rules import is_5e

# event columns
E_ENEMY, E_CONSUMES, E_GROUP, E_HAS_CHECK, E_DC, E_CANCELS, E_AB, E_AC, E_LOW, E_MULT, E_ADV, E_DIS, \
    E_DMG, E_EXTRA, E_HALT, E_EFFECT, E_HAS_SAVE, E_SAVE_DC, E_SAVE_BONUS, E_WITHIN5, E_STAND_STILL, E_CMB, \
    E_SHARED, E_MASTERY, E_PUSH_CLEARS, E_GRAZE, E_TRIP, E_TRIP_CHECK, E_TRIP_DEF, E_TOUCH_AC, E_TRIP_FREE, \
    E_NEEDS_TRIP = range(32)
N_EVENT_COLS = 32

# parameters
(P_FIVE, P_PF, P_HP0, P_HPMAX, P_DEAD_AT, P_STOP_DOWN, P_ALL_RESOLVE, P_DIS_CONT, P_THREAT_HIT, P_MULTIPLY,
 P_MIN1, P_SKILL20, P_MASSIVE, P_MASSIVE_THR, P_FORT, P_CONCEAL, P_DR, P_RESIST, P_DSAVES, P_MONSTER_DIES,
 P_TUMBLE, P_CMD, P_CON, P_METRIC_ATTACKS, P_ALWAYS_STUCK, P_NBINS, P_NEV, P_CRIT_FAILS, P_DS_BONUS,
 P_DS_ADV, P_CONFIRM, P_CONFIRM20, P_PRONE_STAYS, P_STRAIN_AT, P_TUPLES, P_SHIELD, P_UNCANNY) = range(37)
N_PARAMS = 37

# internal outcome codes (same order as plan.INTERNAL_CODES)
O_UNHARMED, O_WOUNDED, O_SLOWED, O_CANCELLED, O_DISABLED, O_DOWN, O_DEAD, O_STABLE, O_BACK_UP, O_STRAINED = range(10)

def encode(plan: Plan) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The plan as arrays for :func:`.exchange.run`: ``(events, dice specs, aoo budget, params, outcome map)``."""
    spec = plan.spec
    r, o = spec.runner, spec.options
    five = is_5e(spec.edition)
    dice_index: dict[str, int] = {}
    specs: list[np.ndarray] = []

    def dice(text: str) -> int:
        if text not in dice_index:
            dice_index[text] = len(specs)
            specs.append(parse(text).encode())
        return dice_index[text]

    n = len(plan.events)
    ev = np.zeros((max(n, 1), N_EVENT_COLS), dtype=np.int64)
    for j, e in enumerate(plan.events):
        ev[j] = (e.enemy, int(e.consumes), e.group, int(e.check_dc is not None), e.check_dc or 0,
                 int(e.check_cancels), e.attack_bonus, e.ac, e.threat_low, e.crit_multiplier, int(e.advantage),
                 int(e.disadvantage), dice(e.damage), dice(e.extra_damage) if e.extra_damage else -1,
                 int(e.halt_on_hit), e.effect, int(e.save_dc is not None), e.save_dc or 0, e.save_bonus,
                 int(e.within_5ft), int(e.stand_still), e.cmb, int(e.shared_check), e.mastery,
                 int(e.push_clears), e.graze, e.trip, e.trip_check, e.trip_defence, e.touch_ac, int(e.trip_free),
                 int(e.needs_trip))
    if not specs:
        dice("1")
    prm = np.zeros(N_PARAMS, dtype=np.int64)
    prm[P_FIVE] = int(five)
    prm[P_PF] = int(spec.edition == "pf1")
    prm[P_HP0] = r.hp
    prm[P_HPMAX] = r.hp_max
    prm[P_DEAD_AT] = o.dead_threshold
    prm[P_STOP_DOWN] = int(o.stop_when_down)
    prm[P_ALL_RESOLVE] = int(o.simultaneous_oa == "all_resolve")
    prm[P_DIS_CONT] = int(o.disabled_runner_continues)
    prm[P_THREAT_HIT] = int(o.threat_must_hit)
    prm[P_MULTIPLY] = int(o.crit_damage_mode_35 == "multiply_one_roll")
    prm[P_MIN1] = int(o.min_damage_1 and not five)
    prm[P_SKILL20] = int(o.skill_natural_20_auto)
    prm[P_MASSIVE] = int(o.massive_damage)
    prm[P_MASSIVE_THR] = o.massive_damage_threshold
    prm[P_FORT] = r.fort
    prm[P_CONCEAL] = r.concealment
    prm[P_DR] = r.damage_reduction
    prm[P_RESIST] = int(r.resistance)
    prm[P_DSAVES] = int(o.death_saves_in_exchange)
    prm[P_MONSTER_DIES] = int(five and r.monster and o.monster_dies_at_0)
    prm[P_TUMBLE] = r.tumble if r.tumble is not None else 0
    prm[P_CMD] = r.cmd if r.cmd is not None else 0
    prm[P_CON] = r.con
    prm[P_METRIC_ATTACKS] = {"damage": 0, "attacks": 1, "hits": 2}[plan.metric.code]
    prm[P_ALWAYS_STUCK] = int(plan.always_stuck)
    prm[P_NBINS] = plan.metric.n_bins
    prm[P_NEV] = n
    prm[P_CRIT_FAILS] = o.failures_from_critical_at_0
    prm[P_CONFIRM] = int(o.crit_confirmation == "roll")
    prm[P_CONFIRM20] = int(o.confirm_natural_20)
    prm[P_DS_BONUS] = spec.death_save_bonus
    prm[P_DS_ADV] = spec.death_save_advantage
    prm[P_PRONE_STAYS] = int(o.prone_runner == "stays_prone")
    prm[P_STRAIN_AT] = plan.strain_at
    prm[P_SHIELD] = int(five and r.shield_slots > 0)  # 5e Shield (the runner's reaction)
    prm[P_UNCANNY] = int(five and r.uncanny_dodge and not r.blinded)  # 5e Uncanny Dodge: an attacker it can see
    prm[P_TUPLES] = 1  # count trials by raw-roll classes where the plan allows (0: resolve each one)
    outmap = np.array([max(i, 0) for i in plan.outcome_map], dtype=np.int64)
    aoo = np.array(plan.aoo, dtype=np.int64)
    return ev, stack_specs(specs), aoo, prm, outmap


#: Longest component table of a mixture (the common denominator of its probabilities).
MAX_MIX_TABLE = 1 << 20


def check_mixture(plans: list[Plan]) -> None:
    """Refuse a mixture whose components differ in more than the events' AC, attack bonus and Tumble DC
    (the kernel draws a component per trial and reads its events; everything else is shared).

    Raises
    ------
    InputError
        :func:`fleeodds.validation.not_modelled` (e.g. ``tumble_order = "best_first"`` reorders the
        checks with the values).
    """
    first = encode(plans[0])
    keep = [k for k in range(N_EVENT_COLS) if k not in (E_AB, E_AC, E_DC)]
    for p in plans[1:]:
        ev, specs, aoo, prm, outmap = encode(p)
        same = (ev.shape == first[0].shape and np.array_equal(ev[:, keep], first[0][:, keep])
                and specs.shape == first[1].shape and np.array_equal(specs, first[1])
                and np.array_equal(aoo, first[2]) and np.array_equal(prm, first[3])
                and np.array_equal(outmap, first[4]))
        if not same:
            raise not_modelled(Message(N_("uncertain values")), "runner.ac / enemies.*.attack_bonus",
                               Message(N_("a mixture whose opportunities differ in more than AC, attack bonus and "
                                          "Tumble DC, e.g. with tumble_order = 'best_first'")))


