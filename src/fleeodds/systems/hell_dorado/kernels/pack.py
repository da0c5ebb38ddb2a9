"""An :class:`~..plan.attack.Attack` as the int64 array the numba kernels read.

Only numpy here: building the arrays (the effect checks of a Monte Carlo-only Attraction compare
them) does not load numba.

References
----------
Rules digest §2 (weapon pass): the fields packed are those of the attack's plan.
"""

from __future__ import annotations

import numpy as np

from ..plan.attack import MAX_TRIGGERS, Attack

#: ``policy[6 * hits + rerolls_left]`` (hits 0..5, re-rolls left 0..5): 1 = re-roll the next missed die.
POLICY_LEN = 36
P_OPT = 16 + 2 * MAX_TRIGGERS
P_POL = P_OPT + 1
PACK_LEN = P_POL + POLICY_LEN
# pack layout (int64): see pack_attack
P_N, P_THR, P_TAB, P_PRO, P_PV, P_PERHIT, P_STRICT, P_CAP10, P_OVER, P_WOUND, P_NTRIG, P_TRIG = \
    0, 1, 2, 7, 8, 9, 10, 11, 12, 13, 14, 16


def pack_attack(atk: Attack) -> np.ndarray:
    """The attack ``atk`` as the int64 array of length :data:`PACK_LEN` the numba kernels read.

    Parameters
    ----------
    atk : Attack
        One side of a weapon pass, resolved.

    Returns
    -------
    numpy.ndarray of int64, shape (PACK_LEN,)
        Dice, threshold, damage table (PV for 1..5 hits), target PRO and PV, the option flags, the
        state triggers ``(min_hits, kind)`` and, with an optional re-roll policy, a 1 at
        :data:`P_OPT` and the 36 policy entries from :data:`P_POL`.
    """
    a = np.zeros(PACK_LEN, np.int64)
    a[P_N], a[P_THR] = atk.n_dice, atk.threshold
    a[P_TAB:P_TAB + 5] = atk.table
    a[P_PRO], a[P_PV] = atk.pro, atk.pv
    a[P_PERHIT], a[P_STRICT], a[P_CAP10] = atk.per_hit_pro, atk.strict_kill, atk.cap10
    a[P_OVER], a[P_WOUND], a[P_NTRIG] = atk.overflow, atk.wounded_state, len(atk.triggers)
    for i, (h, k) in enumerate(atk.triggers):
        a[P_TRIG + 2 * i], a[P_TRIG + 2 * i + 1] = h, k
    if atk.policy:
        a[P_OPT] = 1
        a[P_POL:P_POL + POLICY_LEN] = atk.policy
    return a
