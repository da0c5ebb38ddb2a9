"""Several pursuers or chargers on one fleeing unit (``[[pursuers]]``): the rules and their numbers.

Rules (docs/warhammer.md, "Several pursuers"):

- 7th edition, close combat, *Multiple fleeing and pursuing* and *Move surviving fleeing troops*:
  every pursuer rolls its own pursuit (2D6, or 3D6 for a unit with M > 6 or a flyer) after the
  flee roll, and the fleeing unit escapes only when its flee roll beats every pursuer's roll (head
  on: ``pursuit >= gap + flee`` catches); each victorious unit takes its own test to restrain its
  pursuit. 6th edition, close combat, *Pursuit move*: each victorious unit rolls, starting with the
  highest Unit Strength; the first that reaches the unit destroys it.
- Charges (§3.4): the charged unit flees once, then every charger rolls its own reach; it is run
  down when any reach covers its own gap plus the flee roll. A charger that misses moves as a
  failed charge (6th/7th M, 8th its highest die, TOW its whole charge roll).
- Later turns: each unit that keeps charging is followed by its own gap; the unit flees once in an
  enemy turn when at least one of them can declare its charge, and those out of range march.

Which unit caught the fleeing one: the first in the ``[[pursuers]]`` list whose roll reaches it
(the list is the order the dice are rolled). Outcomes are split per pursuer when there are two
or more ("caught by Wolf Riders").

The numbers here (:class:`Chaser`, one per unit, in :attr:`.flee.Rules.chasers`) are read by the
exact solver (:mod:`..exact.pursuers`) and the Monte Carlo kernel (:mod:`..kernels.pursuers`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....dice import DiceExpr
from ....language import Message, N_
from ....outcomes import Outcome
from .. import outcomes as oc
from ..model.base import UnitProfile
from ..model.flee import PursuerRef, ScenarioModel
from ..model.profiles import resolve_unit
from .flee import FAILED_MOVE_FULL, FAILED_MOVE_HIGHEST_DIE, Rules, resolve
from .leadership import LdTest

CHARGE_SITUATIONS = ("charge_fleeing", "flee_reaction")
#: Outcomes split per pursuer, in the order of their offset in a split code.
SPLIT = (oc.CAUGHT_REENGAGED, oc.CAUGHT, oc.RUN_DOWN)


@dataclass(frozen=True)
class Chaser:
    """One pursuer or charger, as both evaluators read it.

    Distances in inches; ``gap`` is its distance to the fleeing unit before the first flee move.
    The fields mirror those of :class:`.flee.Rules` that depend on the pursuer (same meanings).
    """

    name: str
    pursuit: DiceExpr
    pursue_mode: int
    restraint_test: LdTest
    gap: float
    keeps_charging: bool
    charge_move: int
    charge_dice: DiceExpr
    charge_fixed: float
    declare_range: float
    failed_move_mode: int
    out_of_range_move: float


def split_code(base: int, i: int) -> int:
    """Outcome code of ``base`` (caught, caught re-engaged, run down) by pursuer ``i``.

    Parameters
    ----------
    base : int
        ``CAUGHT``, ``CAUGHT_REENGAGED`` or ``RUN_DOWN`` (:mod:`..outcomes`).
    i : int
        The pursuer, 0-based, in ``[[pursuers]]`` order.

    Returns
    -------
    int
        ``N_OUTCOMES + 3 * i + offset``.

    References
    ----------
    docs/warhammer.md, "Several pursuers and chargers".
    """
    return oc.N_OUTCOMES + 3 * i + SPLIT.index(base)


def n_codes(r: Rules) -> int:
    """Number of outcome codes of ``r``: the base codes, plus three per pursuer when split.

    Parameters
    ----------
    r : Rules

    Returns
    -------
    int

    References
    ----------
    docs/warhammer.md, "Several pursuers and chargers".
    """
    return oc.N_OUTCOMES + (3 * len(r.chasers) if len(r.chasers) > 1 else 0)


def code_of(base: int, i: int, r: Rules) -> int:
    """The code an evaluator records: split by pursuer when there are several, else ``base``.

    Parameters
    ----------
    base : int
    i : int
        The pursuer that caught or ran down the unit.
    r : Rules

    Returns
    -------
    int

    References
    ----------
    docs/warhammer.md, "Several pursuers and chargers".
    """
    return split_code(base, i) if len(r.chasers) > 1 else base


def unique_names(names: list[str]) -> list[str]:
    """``names`` made distinct for labels: a repeated name gets its rank, "Orc Boyz (2)", and a
    name that would still clash with another (a unit written "Orc Boyz (1)") gets its rank again.

    Parameters
    ----------
    names : list of str

    Returns
    -------
    list of str

    References
    ----------
    docs/warhammer.md, "Several pursuers and chargers" (outcomes split per pursuer).

    >>> unique_names(["Orc Boyz", "Orc Boyz", "Orc Boyz (1)"])
    ['Orc Boyz (1) [1]', 'Orc Boyz (2)', 'Orc Boyz (1)']
    """
    out: list[str] = []
    for k, name in enumerate(names):
        label = name if names.count(name) == 1 else f"{name} ({k + 1})"
        while label in out or (label != name and label in names):
            label = f"{label} [{k + 1}]"
        out.append(label)
    return out


def split_outcome(code: int, names: list[str]) -> Outcome:
    """The labels of a split code: "caught ... by <name>" (names made unique by their rank).

    Parameters
    ----------
    code : int
        A code of :func:`split_code`.
    names : list of str
        The pursuers' names, in ``[[pursuers]]`` order.

    Returns
    -------
    Outcome

    References
    ----------
    docs/warhammer.md, "Several pursuers and chargers".
    """
    k, j = divmod(code - oc.N_OUTCOMES, 3)
    base = oc.ALL[SPLIT[j]]
    name = unique_names(names)[k]
    label = {oc.CAUGHT: Message(N_("caught and destroyed in the pursuit by {name}"), name=name),
             oc.CAUGHT_REENGAGED: Message(N_("caught while falling back by {name} (re-engaged)"), name=name),
             oc.RUN_DOWN: Message(N_("run down by a charge of {name}"), name=name)}[SPLIT[j]]
    return Outcome(f"{base.code}_by_{k + 1}", label)


# -- resolution ----------------------------------------------------------------------------
def resolve_several(model: ScenarioModel, fleeing: UnitProfile, refs: tuple[PursuerRef, ...],
                    profiles_file) -> tuple[Rules, list[UnitProfile]]:
    """The rules of a scenario with ``[[pursuers]]``: the shared numbers and one :class:`Chaser` each.

    Each pursuer is resolved as the lone ``[pursuer]`` of the same scenario would be
    (:func:`.flee.resolve`): its pursuit dice, restraint test (its own Ld, General and Battle
    Standard), charge reach and failed-charge move. The fleeing unit's tests see every pursuer: a
    drawn combat is lost by 1 when any pursuer has a musician and the fleeing unit has none, and a
    TOW Terror-causing pursuer lowers the Break test by 1 (once).

    Parameters
    ----------
    model : ScenarioModel
        The validated scenario.
    fleeing : UnitProfile
        The resolved fleeing unit.
    refs : tuple of PursuerRef
        The ``[[pursuers]]`` tables (gaps in inches).
    profiles_file : pathlib.Path or None
        Where named profiles are looked up first.

    Returns
    -------
    (Rules, list of UnitProfile)
        ``Rules.chasers`` holds the pursuers in list order; the resolved profiles in that order.

    Raises
    ------
    InputError
        ``pursuers.<i>.<field>`` for an unknown profile or a missing Movement or Leadership.

    References
    ----------
    docs/warhammer.md, "Several pursuers and chargers": 7th edition, close combat, *Multiple fleeing
    and pursuing* and *Move surviving fleeing troops*; 6th edition, close combat, *Pursuit move*.
    """
    profiles = [resolve_unit(ref.unit_ref(), f"pursuers.{i}", profiles_file) for i, ref in enumerate(refs)]
    t = model.table
    chasers = []
    for ref, prof in zip(refs, profiles):
        one = model.model_copy(update={"pursuer": ref.unit_ref(), "pursuers": None})
        ri = resolve(one, fleeing, prof)
        chasers.append(Chaser(
            name=prof.name, pursuit=ri.pursuit, pursue_mode=ri.pursue_mode, restraint_test=ri.restraint_test,
            gap=float(ref.gap if ref.gap is not None else t.gap),
            keeps_charging=bool(ref.keeps_charging if ref.keeps_charging is not None else t.chaser_keeps_charging),
            charge_move=ri.charge_move, charge_dice=ri.charge_dice, charge_fixed=ri.charge_fixed,
            declare_range=ri.declare_range, failed_move_mode=ri.failed_move_mode,
            out_of_range_move=ri.out_of_range_move))
    # the fleeing unit's own numbers: the first pursuer's scenario, with every pursuer's musician and Terror
    lead_ref = refs[0].unit_ref().model_copy(update={"musician": any(r.musician for r in refs)})
    lead = profiles[0]
    if any(p.has("terror") for p in profiles) and not lead.has("terror"):
        lead = lead.model_copy(update={"rules": lead.rules + ("terror",)})
    base = resolve(model.model_copy(update={"pursuer": lead_ref, "pursuers": None}), fleeing, lead)
    chain = base.max_turns > 0
    rules = replace(base, chasers=tuple(chasers), chaser_charges=chain and any(c.keeps_charging for c in chasers),
                    chaser_impetuous=False,  # refused with [[pursuers]] (checks.flee.check_tow_rules)
                    failed_move_metric=model.options.charge_metric == "failed_charge_move")
    return rules, profiles


def longest_failed_move(r: Rules) -> int:
    """Largest value of the failed-charge metric (its number of bins minus one).

    Parameters
    ----------
    r : Rules
        Rules with :attr:`.flee.Rules.chasers`.

    Returns
    -------
    int
        Inches: the longest move any charger makes when its charge falls short.

    References
    ----------
    docs/warhammer.md, "The failed charger's move" (§3.4).
    """
    out = 0
    for c in r.chasers:
        widest = max((t.sides for t in c.charge_dice.terms), default=0)
        out = max(out, {FAILED_MOVE_HIGHEST_DIE: widest,
                        FAILED_MOVE_FULL: int(c.charge_fixed) + c.charge_dice.max_value}.get(
            c.failed_move_mode, c.charge_move))
    return out
