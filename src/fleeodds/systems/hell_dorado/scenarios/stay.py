"""Stay engaged instead of fleeing (``fuite.stay = true``): each adversary in contact attacks the fighter in its own
activation, in the order listed, and the damage adds up (docs/decisions.md, "Hell Dorado: flee or stay").

The other side of a Fuite decision: the same file, the same fighters, the same options; the fighter is killed when
the damage of the passes reaches its PV (``kill_rule``). Each attack is the adversary's CBT with the soutien of the
other adversaries in contact and its bonus dice (:func:`..plan.attack.attack_dice`), against the fighter's DEF (with
``fuite.def_modifier``) and PRO, as the attaque sans riposte of the Fuite is. The fighter's own strikes in those
(simultaneous) passes are not rolled: with both damages applied together (``simultaneous_kill = "both_apply"``)
they do not change whether it is killed.

Not modelled (refused by name): Frappe rapide on the fighter under ``simultaneous_kill = "frappe_rapide_first"``
(its strike would come first and could kill an attacker before it strikes), optional re-rolls
(``reroll_policy = "optional"``: the best re-roll of one pass is not the best over several); a state a pass gives
the fighter (Mis au sol…) is not carried into the next pass, and an adversary the fighter kills still supports.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from ....engine import counts_kernel
from ....language import Message, N_
from ....outcomes import Outcome
from ....system import Scenario
from ....validation import check_exact_mode, not_modelled
from .. import exact as ex
from ..kernels.pack import PACK_LEN, pack_attack
from ..model import Fighter, Options
from ..outcomes import DAMAGE
from ..plan.attack import Attack, attack_dice, can_support, make_attack, support_bonus
from .base import CheckedScenario, in_mode

STAY_OUTCOMES = (
    Outcome("killed", N_("Killed (stayed engaged: the adversaries' attacks)")),
    Outcome("stayed", N_("Stayed engaged and survived the adversaries' attacks")),
)


class StayScenario(CheckedScenario, Scenario):
    """A fighter that stays engaged: every adversary's attack in its activation (see the module docstring).

    Parameters
    ----------
    data : dict
        The source table as given (a ``type = "fuite"`` file with ``fuite.stay = true``).
    base_dir : pathlib.Path or None
    fleeing : Fighter
        The fighter that stays.
    adversaries : list of Fighter
        Every adversary in base contact, attacking in this order.
    opts : Options
    title : str
    def_modifier : int
        Added to the fighter's DEF (``fuite.def_modifier``).

    Raises
    ------
    InputError
        Frappe rapide on the fighter under ``simultaneous_kill = "frappe_rapide_first"``, or
        ``reroll_policy = "optional"`` (not modelled).

    References
    ----------
    Rules digest §2 (weapon pass: simultaneous, both damages applied), §3 (soutien: the adversaries in contact).
    """

    outcomes = STAY_OUTCOMES
    metric = DAMAGE

    def __init__(self, data: dict, base_dir: Path | None, fleeing: Fighter, adversaries: list[Fighter],
                 opts: Options, *, title: str = "", def_modifier: int = 0):
        super().__init__(data, base_dir)
        self.fleeing, self.adversaries, self.opts = fleeing, list(adversaries), opts
        self.direction = self.destination = None  # no flee move is placed (the Attraction rulings read these)
        advs = ", ".join(a.name for a in self.adversaries)
        self.title = title or Message(N_("{fleeing} stays engaged with {adversaries}"), fleeing=fleeing.name,
                                      adversaries=advs)
        if opts.reroll_policy == "optional":
            raise not_modelled("options.reroll_policy", "optional",
                               Message(N_("with fuite.stay (the best re-roll of one pass is not the best over "
                                          "several passes)")))
        if fleeing.has("Frappe rapide") and opts.simultaneous_kill == "frappe_rapide_first":
            raise not_modelled("fuite.stay", True,
                               Message(N_("Frappe rapide on the fighter that stays under simultaneous_kill = "
                                          "'frappe_rapide_first' (it would strike first)")))
        self.attacks: list[tuple[str, Attack | None]] = []
        for i, a in enumerate(self.adversaries):
            sup = support_bonus(sum(1 for j, b in enumerate(self.adversaries) if j != i and can_support(b, opts)), opts)
            n = attack_dice(a, sup)
            atk = None if n < 1 else make_attack(a, fleeing, n, opts, f"adversaries.{i}", def_modifier)
            self.attacks.append((a.name, atk))

    def _total(self) -> dict[int, Fraction]:
        """``{total damage: P}`` of every adversary's attack, convolved."""
        total = {0: Fraction(1)}
        for _, atk in self.attacks:
            if atk is None:
                continue
            step: dict[int, Fraction] = {}
            for d, p in total.items():
                for e, q in ex.damage_pmf(atk).items():
                    step[d + e] = step.get(d + e, Fraction(0)) + p * q
            total = step
        return total

    def _dead(self, dmg: int) -> bool:
        return dmg > self.fleeing.pv if self.opts.kill_rule == "damage > PV" else dmg >= self.fleeing.pv

    def exact_distribution(self, mode: str = "float"):
        """Exact ``{(outcome index, damage bin): P}``: killed when the damage of the passes reaches the PV."""
        check_exact_mode(mode)
        last = self.metric.n_bins - 1
        out: dict[tuple[int, int], Fraction] = {}
        for d, p in self._total().items():
            key = (0 if self._dead(d) else 1, min(d, last))
            out[key] = out.get(key, Fraction(0)) + p
        return in_mode(out, mode)

    def _packs(self) -> np.ndarray:
        packs = [pack_attack(atk) for _, atk in self.attacks if atk is not None]
        return np.array(packs, np.int64) if packs else np.zeros((0, PACK_LEN), np.int64)

    def _trials(self, seed: int, start: int, n: int) -> tuple[np.ndarray, np.ndarray]:
        from ..kernels.stay import run_stay_trials

        packs = self._packs()
        if packs.shape[0] == 0:  # nobody can attack: the fighter stays unharmed
            return np.full(n, 1, np.int64), np.zeros(n, np.int64)
        return run_stay_trials(packs, self.fleeing.pv, self.opts.kill_rule == "damage > PV", self.metric.n_bins,
                               seed, start, n)

    def kernel(self):
        """Monte Carlo kernel ``(seed, start, n) -> int64 (n_outcomes, n_bins)``."""
        return counts_kernel(self._trials, len(self.outcomes), self.metric.n_bins)

    def trial_kernel(self):
        """Per-trial outcome indices on the same trials as :meth:`kernel`."""
        return lambda seed, start, n: self._trials(seed, start, n)[0]

    def _describe(self) -> dict[str, Any]:
        return {"type": "fuite", "stay": True, "fleeing": self.fleeing.describe(),
                "adversaries": [a.describe() for a in self.adversaries],
                "attacks": {name: (atk.describe() if atk is not None else None) for name, atk in self.attacks},
                "options": dict(self.opts.__dict__)}

    def notes(self) -> list[str]:
        """Each adversary's dice against the fighter, in the order they attack, in the reader's language."""
        from ....language import _, ngettext

        parts = [ngettext("{name}: {n} die", "{name}: {n} dice", atk.n_dice, name=name)
                 for name, atk in self.attacks if atk is not None]
        return [_("Stays engaged: each adversary attacks in its activation ({attacks}).", attacks=", ".join(parts))]
