"""5e death saving throws as a situation of their own (``situation = "death_saves"``).

"My cleric is at 0 HP with one failure already: what are the odds she gets back up,
stabilises or dies, and by which round?" The character is at 0 hit points,
unconscious, with ``successes`` and ``failures`` already marked. At the start of
each of its turns it rolls a death saving throw (a d20, with advantage,
disadvantage or a flat bonus when the table says so):

* a natural 20: it regains 1 hit point and is back up (``back_up``);
* a natural 1: two failures;
* otherwise d20 + bonus >= 10 is a success, below 10 a failure;
* three successes: ``stable`` (still unconscious at 0 HP); three failures: ``dead``.

The natural 1 and the natural 20 are read on the kept die (the higher with
advantage, the lower with disadvantage), before the bonus.

Every save moves the counts one step (or ends the chain), so the chain ends within
``(3 - successes) + (3 - failures) - 1`` saves: its exact solution is a finite
absorbing Markov chain pushed round by round in :class:`fractions.Fraction`. The
metric is the number of saves rolled until the outcome, so the distribution the
front shows *is* the per-round table; :meth:`DeathSaveScenario.summary` adds the
cumulative table (``by_round``) and the next save's four results (``next_save``).

A scenario file looks like::

    system = "dnd"
    situation = "death_saves"
    edition = "5e2024"
    [death_saves]
    successes = 0
    failures = 1
    bonus = 0            # e.g. +1 from a Bless-like bonus, or a table rule
    advantage = false
    disadvantage = false

References
----------
SRD 5.1 (2014), *Combat*, "Damage and Healing", "Death Saving Throws"; SRD 5.2 (2024),
*Rules Glossary*, "Death Saving Throw" (the same rule); docs/dnd.md, "Death saving throws".
"""


from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from ....language import Message, N_
from ....errors import InputError
from ....language import Message, N_, Written, plural_message
from ....system import Scenario
from ....validation import check_exact_mode
from ..checks.inputs import note_inert
from ..exact.death_saves import cumulative_by_round, death_save_chain, save_results
from ..model.death_saves import DeathSavesModel, advantage_of
from ..model.defaults import says_nothing
from ..model.fields import _validate, normalise_edition
from ..model.scenario import ScenarioModel
from ..outcomes import DEATH_SAVE_CODES, DEATH_SAVE_OUTCOMES, SAVE_RESULTS, SHORT_NAMES, rounds_metric
from ..plan.death_saves import DeathSavePlan
from ..plan.rules import is_5e


class DeathSaveScenario(Scenario):
    """A 5e character at 0 HP rolling death saving throws (see the module docstring).

    Parameters
    ----------
    data : dict
        The scenario as given (kept as :attr:`source`).
    base_dir : pathlib.Path, optional
    edition : {"5e2014", "5e2024"}
    successes, failures : int
    bonus : int
    advantage : {-1, 0, 1}
    """

    outcomes = DEATH_SAVE_OUTCOMES
    outcome_order = DEATH_SAVE_CODES

    def __init__(self, data: dict, base_dir: Path | None, *, edition: str, successes: int, failures: int,
                 bonus: int, advantage: int, title: str = ""):
        super().__init__(data, base_dir)
        self.edition = edition
        self.successes, self.failures, self.bonus, self.advantage = successes, failures, bonus, advantage
        roll = {1: Message(N_(" with advantage")), -1: Message(N_(" with disadvantage")), 0: Written("")}[advantage]
        extra = f", {bonus:+d}" if bonus else ""
        self.title = title or plural_message(
            "death saving throws from {successes} success(es) and {n} failure(s){roll}{extra}",
            "death saving throws from {successes} success(es) and {n} failure(s){roll}{extra}",
            failures, successes=successes, roll=roll, extra=extra)
        self.metric = rounds_metric()

    @property
    def plan(self) -> DeathSavePlan:
        """The frozen, hashable plan the exact distribution follows from (the outcomes are fixed)."""
        return DeathSavePlan(self.successes, self.failures, self.bonus, self.advantage)

    def exact_distribution(self, mode: str = "float"):
        """Exact ``{(outcome index, saves rolled): probability}`` (:func:`death_save_chain`)."""
        return death_save_chain(self.successes, self.failures, self.bonus, self.advantage, mode)

    def kernel(self):
        from ..kernels.death_saves import make_death_save_kernel

        return make_death_save_kernel(self.successes, self.failures, self.bonus, self.advantage)

    def trial_kernel(self):
        from ..kernels.death_saves import make_death_save_trial_kernel

        return make_death_save_trial_kernel(self.successes, self.failures, self.bonus, self.advantage)

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """Exact side results.

        Returns
        -------
        dict
            ``next_save``: the four results of the next save (``back_up``, ``success``,
            ``failure``, ``two_failures``); ``survives`` (back up or stable); ``by_round``:
            ``{round: {back_up, stable, dead, unresolved}}``, cumulative; ``mean_rounds``
            (saves rolled). Every value is a :class:`fractions.Fraction` in ``"fraction"`` mode.
        """
        mode = check_exact_mode(mode)
        num: Callable = Fraction if mode == "fraction" else float
        dist = self.exact_distribution(mode)
        per = {c: num(0) for c in DEATH_SAVE_CODES}
        for (o, _m), p in dist.items():
            per[DEATH_SAVE_CODES[o]] += p
        return {
            "next_save": {k: num(v) for k, v in save_results(self.bonus, self.advantage).items()},
            "survives": per["back_up"] + per["stable"],
            "by_round": cumulative_by_round(dist, zero=num(0)),
            "mean_rounds": sum((m * p for (_o, m), p in dist.items()), num(0)),
        }

    def notes(self) -> list[str]:
        """The next save's results and the cumulative table by round, as sentences in the reader's language."""
        from ....i18n import pair_text, pct
        from ....language import _

        s = self.summary("fraction")  # exact, then printed: no "-0.00 %" from float rounding
        nxt = ", ".join(f"{pair_text(SAVE_RESULTS[k])} {pct(float(p), 2)}" for k, p in s["next_save"].items())
        out = [_("Next save: {results}.", results=nxt)]
        names = {c: pair_text(SHORT_NAMES[c]) for c in DEATH_SAVE_CODES}
        for r, row in s["by_round"].items():
            cells = [f"{names[c]} {pct(float(row[c]), 2)}" for c in DEATH_SAVE_CODES]
            cells.append(_("still dying {percent}", percent=pct(float(row["unresolved"]), 2)))
            out.append(_("By round {round}: {cells}.", round=r, cells=", ".join(cells)))
        return out

    def describe(self) -> dict[str, Any]:
        """The validated situation as JSON-able data, with the exact side results as floats."""
        s = self.summary("float")
        return {"system": "dnd", "situation": "death_saves", "edition": self.edition,
                "successes": self.successes, "failures": self.failures, "bonus": self.bonus,
                "advantage": self.advantage,
                "exact_summary": {"next_save": s["next_save"], "survives": s["survives"],
                                  "by_round": {str(k): v for k, v in s["by_round"].items()},
                                  "mean_rounds": s["mean_rounds"]}}


#: Fields of a leave-melee scenario that a death-save situation has no use for.
NOT_IN_DEATH_SAVES = ("runner", "enemies", "options", "mode", "compare_modes", "metric", "distracting_action",
                      "chase")


def load_death_saves(data: dict, base_dir: Path | None = None) -> DeathSaveScenario:
    """Validate a ``situation = "death_saves"`` scenario.

    Raises
    ------
    InputError
        ``edition`` missing or not 5e, a leave-melee field (``runner``, ``enemies`` …) written,
        ``death_saves.successes`` out of 0-2, advantage and disadvantage together.
    """
    allowed = Message(N_("'5e2014' or '5e2024' (death saving throws are 5e; 3.5/PF dying: "
                         "options.death_saves_in_exchange)"))
    if "edition" not in data:
        raise InputError("edition", None, Message(N_("{allowed} (required with situation = 'death_saves')"),
                                                  allowed=allowed))
    top = _validate(ScenarioModel, data)
    edition = normalise_edition(top.edition)
    if not is_5e(edition):
        raise InputError("edition", data.get("edition"), allowed)
    for key in NOT_IN_DEATH_SAVES:
        if key in data:
            own = data[key]
            if isinstance(own, dict) and all(says_nothing(f"{key}.{k}", v, edition) for k, v in own.items()):
                continue  # a table written at its defaults ([options] stated in full) says nothing
            note_inert(key, own, Message(N_("in situation 'death_saves' (a character already at 0 HP: only "
                                      "[death_saves] and [compare] apply)")), edition)
    m = top.death_saves if top.death_saves is not None else DeathSavesModel()
    return DeathSaveScenario(data, base_dir, edition=edition, successes=m.successes, failures=m.failures,
                             bonus=m.bonus, advantage=advantage_of(m), title=top.title)
