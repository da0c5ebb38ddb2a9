"""Exact Hell Dorado solver: plan -> exact distribution, in rational arithmetic.

- :mod:`.attack`: hits, damage, states of one attack and the optional re-roll policy;
- :mod:`.distributions`: the Fuite's and a weapon pass's outcome distributions.

Never imports :mod:`..kernels`: the Monte Carlo kernels are written independently.
"""

from __future__ import annotations

from .attack import (
    attack_pmf,
    damage_for,
    damage_pmf,
    expected_damage,
    hit_probability,
    hits_pmf,
    kill_or_state,
    kill_probability,
    killed_by,
    optimal_policy,
    state_for,
)
from .distributions import charge_pass_after, duel_distribution, fuite_distribution, one_sided_pass_distribution

__all__ = ["attack_pmf", "charge_pass_after", "damage_for", "damage_pmf", "duel_distribution", "expected_damage", "fuite_distribution",
           "hit_probability", "hits_pmf", "kill_or_state", "kill_probability", "killed_by",
           "one_sided_pass_distribution", "optimal_policy", "state_for"]
