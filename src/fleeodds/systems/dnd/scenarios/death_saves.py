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

from ...errors import InputError
from ...outcomes import Metric, Outcome
from ...system import Scenario
from ...validation import check_exact_mode
from .model import DeathSavesModel
from .rules import face_weights

BACK_UP = Outcome("back_up", "back up at 1 HP (natural 20)", "se relève à 1 pv (20 naturel)")
STABLE = Outcome("stable", "stable at 0 HP (three successes)", "stabilisé à 0 pv (trois réussites)")
DEAD = Outcome("dead", "dead (three failures)", "mort (trois échecs)")
#: Outcomes of the death-save situation, from best to worst.
OUTCOMES = (BACK_UP, STABLE, DEAD)
OUTCOME_CODES = tuple(o.code for o in OUTCOMES)
#: The four results of one save (``next_save``), with their English and French names.
SAVE_RESULTS = {"back_up": ("natural 20: back up at 1 HP", "20 naturel : se relève à 1 pv"),
                "success": ("success", "réussite"),
                "failure": ("failure", "échec"),
                "two_failures": ("natural 1: two failures", "1 naturel : deux échecs")}
#: Short names of the outcomes in the table by round.
SHORT_NAMES = {"back_up": ("back up", "relevé"), "stable": ("stable", "stabilisé"), "dead": ("dead", "mort")}
#: At most five saves from 0 successes and 0 failures; bins 0 .. 5.
N_BINS = 6


def rounds_metric() -> Metric:
    """The metric of the situation: death saving throws rolled until the outcome (one per round)."""
    return Metric("rounds", "death saving throws rolled (rounds)", "jets de sauvegarde contre la mort lancés "
                  "(rounds)", N_BINS, 0, "rounds")


def save_results(bonus: int = 0, advantage: int = 0) -> dict[str, Fraction]:
    """Probabilities of the four results of one death saving throw.

    Parameters
    ----------
    bonus : int
        Flat bonus added to the d20 (not to the natural 1 or 20).
    advantage : {-1, 0, 1}
        Disadvantage, a single d20, advantage (the kept die decides the natural 1 and 20).

    Returns
    -------
    dict
        ``{"back_up", "success", "failure", "two_failures"}`` -> Fraction (summing to 1).

    References
    ----------
    SRD 5.1, "Death Saving Throws"; SRD 5.2, "Death Saving Throw".
    """
    out = {k: Fraction(0) for k in SAVE_RESULTS}
    for face, w in face_weights(advantage).items():
        if face == 20:
            out["back_up"] += w
        elif face == 1:
            out["two_failures"] += w
        elif face + bonus >= 10:
            out["success"] += w
        else:
            out["failure"] += w
    return out


def death_save_chain(successes: int = 0, failures: int = 0, bonus: int = 0, advantage: int = 0,
                     mode: str = "fraction") -> dict[tuple[int, int], Fraction | float]:
    """Exact joint distribution of (outcome, saves rolled) of the death-save chain.

    Parameters
    ----------
    successes, failures : int
        Already marked, 0 to 2 each.
    bonus, advantage
        See :func:`save_results`.
    mode : {"fraction", "float"}

    Returns
    -------
    dict
        ``{(index in OUTCOMES, number of saves rolled): probability}``; the chain is pushed
        round by round over its transient states ``(successes, failures)`` until none is left.

    Raises
    ------
    InputError
        For counts outside 0-2 or an unknown mode.
    """
    mode = check_exact_mode(mode)
    for name, v in (("death_saves.successes", successes), ("death_saves.failures", failures)):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 2:
            raise InputError(name, v, "an integer from 0 to 2")
    num: Callable = Fraction if mode == "fraction" else float
    res = {k: num(v) for k, v in save_results(bonus, advantage).items()}
    out: dict[tuple[int, int], Any] = {}
    states: dict[tuple[int, int], Any] = {(successes, failures): num(1)}
    r = 0
    while states:
        r += 1
        nxt: dict[tuple[int, int], Any] = {}
        for (s, f), p in states.items():
            for key, q in res.items():
                if not q:
                    continue
                if key == "back_up":
                    o, st = 0, None
                elif key == "success":
                    o, st = (1, None) if s + 1 >= 3 else (None, (s + 1, f))
                else:
                    nf = f + (2 if key == "two_failures" else 1)
                    o, st = (2, None) if nf >= 3 else (None, (s, nf))
                if st is None:
                    out[(o, r)] = out.get((o, r), 0) + p * q
                else:
                    nxt[st] = nxt.get(st, 0) + p * q
        states = nxt
    return out


def cumulative_by_round(dist: dict[tuple[int, int], Any], codes=OUTCOME_CODES, zero: Any = Fraction(0)
                        ) -> dict[int, dict[str, Any]]:
    """``{round: {outcome code: P(that outcome by the end of this round), "unresolved": P(not yet)}}``
    from a joint ``{(outcome index, round): p}`` distribution (rounds from 1)."""
    last = max((m for _o, m in dist), default=0)
    out: dict[int, dict[str, Any]] = {}
    run = {c: zero for c in codes}
    for r in range(1, last + 1):
        for (o, m), p in dist.items():
            if m == r:
                run[codes[o]] += p
        row = dict(run)
        row["unresolved"] = 1 - sum(run.values(), zero)
        out[r] = row
    return out


def advantage_of(m: DeathSavesModel, where: str = "death_saves") -> int:
    """-1, 0 or 1 from the table; both flags together (they cancel, SRD) are refused by name."""
    if m.advantage and m.disadvantage:
        from ...validation import no_effect

        raise no_effect(f"{where}.disadvantage", True, f"together with {where}.advantage = true (advantage and "
                                                       f"disadvantage cancel: write neither)")
    return 1 if m.advantage else (-1 if m.disadvantage else 0)


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

    outcomes = OUTCOMES
    outcome_order = OUTCOME_CODES

    def __init__(self, data: dict, base_dir: Path | None, *, edition: str, successes: int, failures: int,
                 bonus: int, advantage: int, title: str = ""):
        super().__init__(data, base_dir)
        self.edition = edition
        self.successes, self.failures, self.bonus, self.advantage = successes, failures, bonus, advantage
        roll = {1: " with advantage", -1: " with disadvantage", 0: ""}[advantage]
        extra = f", {bonus:+d}" if bonus else ""
        self.title = title or (f"death saving throws from {successes} success(es) and {failures} failure(s)"
                               f"{roll}{extra}")
        self.metric = rounds_metric()

    def exact_distribution(self, mode: str = "float"):
        """Exact ``{(outcome index, saves rolled): probability}`` (:func:`death_save_chain`)."""
        return death_save_chain(self.successes, self.failures, self.bonus, self.advantage, mode)

    def kernel(self):
        from .kernel import make_death_save_kernel

        return make_death_save_kernel(self.successes, self.failures, self.bonus, self.advantage)

    def trial_kernel(self):
        from .kernel import make_death_save_trial_kernel

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
        per = {c: num(0) for c in OUTCOME_CODES}
        for (o, _m), p in dist.items():
            per[OUTCOME_CODES[o]] += p
        return {
            "next_save": {k: num(v) for k, v in save_results(self.bonus, self.advantage).items()},
            "survives": per["back_up"] + per["stable"],
            "by_round": cumulative_by_round(dist, zero=num(0)),
            "mean_rounds": sum((m * p for (_o, m), p in dist.items()), num(0)),
        }

    def notes(self, lang: str = "en") -> list[str]:
        """The next save's results and the cumulative table by round, as sentences."""
        from ...report.format import pct

        s = self.summary("fraction")  # exact, then printed: no "-0.00 %" from float rounding
        fr = lang == "fr"
        nxt = ", ".join(f"{SAVE_RESULTS[k][1 if fr else 0]} {pct(float(p), lang, 2)}" for k, p in s["next_save"].items())
        out = [("Prochain jet : " if fr else "Next save: ") + nxt + "."]
        names = {c: SHORT_NAMES[c][1 if fr else 0] for c in OUTCOME_CODES}
        for r, row in s["by_round"].items():
            head = f"Après le round {r}" if fr else f"By round {r}"
            cells = [f"{names[c]} {pct(float(row[c]), lang, 2)}" for c in OUTCOME_CODES]
            cells.append(("encore mourant " if fr else "still dying ") + pct(float(row["unresolved"]), lang, 2))
            out.append(f"{head} : " + ", ".join(cells) + "." if fr else f"{head}: " + ", ".join(cells) + ".")
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
NOT_IN_DEATH_SAVES = ("runner", "enemies", "options", "mode", "compare_modes", "metric", "distracting_action")


def load_death_saves(data: dict, base_dir: Path | None = None) -> DeathSaveScenario:
    """Validate a ``situation = "death_saves"`` scenario.

    Raises
    ------
    InputError
        ``edition`` missing or not 5e, a leave-melee field (``runner``, ``enemies`` …) written,
        ``death_saves.successes`` out of 0-2, advantage and disadvantage together.
    """
    from ...validation import no_effect
    from .model import ScenarioModel, _validate, normalise_edition
    from .rules import is_5e

    allowed = "'5e2014' or '5e2024' (death saving throws are 5e; 3.5/PF dying: options.death_saves_in_exchange)"
    if "edition" not in data:
        raise InputError("edition", None, allowed + " (required with situation = 'death_saves')")
    top = _validate(ScenarioModel, data)
    edition = normalise_edition(top.edition)
    if not is_5e(edition):
        raise InputError("edition", data.get("edition"), allowed)
    for key in NOT_IN_DEATH_SAVES:
        if key in data:
            raise no_effect(key, data[key], "in situation 'death_saves' (a character already at 0 HP: only "
                                            "[death_saves] and [compare] apply)")
    m = top.death_saves if top.death_saves is not None else DeathSavesModel()
    return DeathSaveScenario(data, base_dir, edition=edition, successes=m.successes, failures=m.failures,
                             bonus=m.bonus, advantage=advantage_of(m), title=top.title)
