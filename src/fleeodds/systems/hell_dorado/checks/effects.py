"""No silent inputs: an option or a situational field written in a Hell Dorado scenario that cannot
change the numbers is said (a note; an error under ``--strict``).

The test is the results themselves, not the parameters: an option or a choice written in the
file is *used* when some other allowed value of it changes what the scenario reports
(:func:`outcome_key`); a fighter's ``bonus_dice`` or ``support`` other than 0 when it reports
something else than leaving it out:

- Fuite: the resolution, the exact distribution (outcomes x damage taken), the distance
  moved, the attacker chosen and, when two or more different attacks are possible, the
  scores of the opposing player's choice (``attacker_choice``);
- passe: the exact distribution (outcomes x hits);
- Attraction with fixed positions: the exact distribution (the focus adversary's fate and
  the number pulled);
  with random positions (Monte Carlo only): the numbers the kernel is given, with
  ``multiple_attractors`` only where two fighters have Attraction.

A field that matters in no comparison setup either (``[compare]``, ``fuite.compare``)
is accepted with a note naming it (:func:`fleeodds.validation.inert`; the
:func:`fleeodds.validation.no_effect` error under :func:`fleeodds.validation.strict_inputs`),
e.g. ``options.dice_cap`` when no attacker can have more than 5 dice,
``options.attacker_choice`` with a single possible attacker, ``defender.bonus_dice = 1`` when
the riposte cannot kill either way, ``fuite.repli = true`` against Blocage. A fighter's field
written at its value when left out (``engaged = false`` outside a Fuite, ``bonus_dice = 0``) is
not noted (docs/inputs.md: a value at its default is simply accepted).

The characteristics of a fighter's card (``mou``, ``cbt``, ``def``, ``pro``, ``pv``,
``base``) and its capacities are accepted whatever the situation (players copy whole cards); those
written in the file that change nothing are listed by :func:`unused_inputs` (Inoffensif, for instance,
only matters with ``options.support_requires_effective``: an Inoffensif fighter then gives no soutien).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Iterator

from ....errors import FleeoddsError
from ....language import Message, N_
from ....validation import (annotation_values, collecting_notes, get_field, inert, set_field, strict_inputs,
                            strict_inputs_on)
from ..model import OptionsModel

#: Card characteristics: never refused, listed when they change nothing.
CARD_FIELDS = ("mou", "cbt", "def", "pro", "pv", "base")
CARD_VALUES: dict[str, list[Any]] = {
    "mou": [0.0, 1.0, 4.0, 10.0, 30.0], "cbt": ["-", 0, 1, 3, 6, 10], "def": [1, 2, 3, 4, 5, 6],
    "pro": [0, 1, 3, 20], "pv": [1, 2, 5, 100], "base": [10.0, 30.0, 60.0, 200.0],
}
#: Situational fighter fields: noted when the value written gives the same results as leaving it out
#: (these values, the fighter's when the field is left out; written, they are accepted silently).
FIGHTER_DEFAULTS: dict[str, Any] = {"bonus_dice": 0, "support": 0, "engaged": False, "state": ""}
FIGHTER_VALUES: dict[str, list[Any]] = {"bonus_dice": [0, 1, 5, 20], "support": [0, 1, 3, 10],
                                        "engaged": [False, True], "state": ["", "Mis au sol"]}
#: Section fields checked (the others change the outcome categories or are checked elsewhere).
SECTION_VALUES: dict[tuple[str, str], list[Any]] = {
    ("attraction", "multiple_attractors"): ["nearest", "first_listed", "player_choice"],
    ("attraction", "measure"): ["edge", "centre"],
    ("attraction", "movement"): ["charge", "assaut"],
    ("attraction", "activation_order"): ["listed", "random", "independent"],
    ("fuite", "def_modifier"): [-6, -1, 0, 1, 6],
    ("fuite", "attraction_measure"): ["edge", "centre"],
    ("fuite", "attraction_movement"): ["charge", "assaut"],
    ("fuite", "multiple_attractors"): ["nearest", "first_listed", "player_choice"],
    ("fuite", "room"): [True, False],
    ("fuite", "charge_pass"): [False, True],
    ("fuite", "repli"): [False, True],
    ("passe", "def_modifier"): [-6, -1, 0, 1, 6],
    ("passe", "charge"): [False, True],
    ("passe", "esquive_used"): [False, True],
}
NUMBER_OPTIONS: dict[str, list[Any]] = {
    "support_bonus_per_supporter": [0, 1, 2, 5], "support_cap": [None, 0, 1, 2, 10],
    "course_multiplier": [0.0, 1.0, 2.0, 3.0, 5.0], "repli_move_multiplier": [0.0, 1.0, 2.0, 5.0],
    "charge_dice_modifier": [-2, 0, 2],
}
FIGHTER_LISTS = ("adversaries", "attractors", "others")
FIGHTER_TABLES = ("fleeing", "attacker", "defender")


def option_values(name: str) -> list[Any]:
    """The allowed values of ``options.<name>`` tried by the check (a few for the numbers)."""
    if name in NUMBER_OPTIONS:
        return NUMBER_OPTIONS[name]
    return annotation_values(OptionsModel.model_fields[name].annotation)


def _fighters(data: dict) -> Iterator[tuple[str, dict]]:
    for sec in FIGHTER_TABLES:
        if isinstance(data.get(sec), dict):
            yield sec, data[sec]
    for sec in FIGHTER_LISTS:
        if isinstance(data.get(sec), list):
            for i, f in enumerate(data[sec]):
                if isinstance(f, dict):
                    yield f"{sec}.{i}", f


def checked_fields(data: dict) -> Iterator[tuple[str, Any, list[Any]]]:
    """``(dotted path, value, values to try)`` of every checked field written in ``data``."""
    for name, value in (data.get("options") or {}).items():
        if name in OptionsModel.model_fields:
            yield f"options.{name}", value, option_values(name)
    for (sec, name), values in SECTION_VALUES.items():
        table = data.get(sec)
        if isinstance(table, dict) and name in table:
            yield f"{sec}.{name}", table[name], values
    for where, table in _fighters(data):
        for name, values in FIGHTER_VALUES.items():
            if name in table:
                default = FIGHTER_DEFAULTS[name]
                yield f"{where}.{name}", table[name], values if table[name] == default else [default]


def _plain(x: Any) -> Any:
    """A comparable form of kernel arguments (arrays as bytes and shapes)."""
    if hasattr(x, "tobytes"):
        return (getattr(x, "shape", None), str(getattr(x, "dtype", "")), x.tobytes())
    if isinstance(x, (list, tuple)):
        return tuple(_plain(v) for v in x)
    return x


def outcome_key(sc: Any) -> Any:
    """What a scenario reports, in a comparable form (see the module docstring)."""
    kind = type(sc).__name__
    if kind == "FuiteScenario":
        # the scores of the attacker choice are reported when two or more adversaries could attack
        distinct = {a for _, a in sc._candidates if a is not None}
        scores = sc.choice_scores if len(distinct) >= 2 else None
        end = None if sc.flee_end is None else tuple(round(v, 9) for v in sc.flee_end)
        return ("fuite", sc.fixed, sc.exact_distribution("fraction"), Fraction(sc.flee_distance).limit_denominator(),
                sc.chosen, scores, end, sc.pull_back, tuple(name for name, *_ in sc.chargers), sc.no_path,
                sc.reaches_destination)
    if kind == "PassScenario":
        return ("passe", sc.duel, sc.exact_distribution("fraction"))
    if sc.has_exact:
        return ("attraction", sc.exact_distribution("fraction"))
    args = list(sc._raw_args())
    if sum(1 for a in sc.side_a if a.has("Attraction")) < 2:
        args[13] = None  # which attractor wins is moot with a single one
    if len(sc.advs) < 2:
        args[12] = None  # the activation order is moot with a single adversary
    return ("attraction_mc", _plain(args))


def _trial(build: Callable[[dict], Any], data: dict, path: str) -> tuple[Any, frozenset[str]]:
    """The scenario of a trial table built for the check, and the other inputs it finds inert.

    A trial build never raises for an inert input nor adds to the loader's notes: it runs without
    ``--strict`` inside its own :func:`fleeodds.validation.collecting_notes` block, whose notes are
    only compared (an input written in the file that one value of ``path`` makes moot, e.g.
    ``options.no_room_move = 'partial'`` once ``fuite.room`` is true, shows that ``path`` matters).
    """
    with strict_inputs(False), collecting_notes() as notes:
        sc = build(data)
    return sc, frozenset(n.field for n in notes if n.field != path)


def _differs(build: Callable[[dict], Any], contexts: list[dict], path: str, values: list[Any]) -> bool:
    """Whether some value of ``path`` changes :func:`outcome_key` in one of the ``contexts``, or which of
    the other written inputs have no effect."""
    for data in contexts:
        seen = None
        for v in values:
            try:
                sc, moot = _trial(build, set_field(data, path, v), path)
                key = (outcome_key(sc), moot)
            except FleeoddsError:
                continue  # a value this scenario refuses (e.g. attacker_choice = 'user' without a name)
            if seen is None:
                seen = key
            elif key != seen:
                return True
    return False


def check_inputs(data: dict, contexts: list[dict], build: Callable[[dict], Any],
                 only: set[str] | None = None) -> None:
    """Note, by name, each checked field of ``data`` that changes nothing in any of ``contexts``
    (:func:`fleeodds.validation.inert`).

    Parameters
    ----------
    data : dict
        The scenario as written.
    contexts : list of dict
        The scenario without its comparisons, then each comparison setup applied to it.
    build : callable
        Builds a scenario from a dict without this check.
    only : set of str, optional
        Check only these dotted paths (a comparison setup's own changes).

    Raises
    ------
    InputError
        Under :func:`fleeodds.validation.strict_inputs` only: :func:`fleeodds.validation.no_effect`
        naming the first such field.
    """
    for path, value, values in checked_fields(data):
        if only is not None and path not in only:
            continue
        name = path.rsplit(".", 1)[-1]
        if (path.split(".", 1)[0] in FIGHTER_TABLES + FIGHTER_LISTS and same_value(value, FIGHTER_DEFAULTS[name])
                and not strict_inputs_on()):
            continue  # the value the fighter has when the field is left out: accepted, nothing said
        if path == "fuite.room" and value is True and not _placed(data) and not strict_inputs_on():
            continue  # the room left out without positions: accepted, nothing said
        current = [get_field(c, path, None) for c in contexts]
        tried = list(values) + [v for v in current if v not in values]
        if not _differs(build, contexts, path, tried):
            inert(path, value, _context(data, path))


def _placed(data: dict) -> bool:
    """Whether the fleeing fighter of a Fuite is placed (``fleeing.x``, ``y``: the room is then computed)."""
    fleeing = data.get("fleeing")
    return isinstance(fleeing, dict) and "x" in fleeing and "y" in fleeing


def same_value(value: Any, default: Any) -> bool:
    """``value == default`` without ``1 == True`` (a boolean is not a number)."""
    return type(value) is type(default) and value == default


def _context(data: dict, path: str) -> Message:
    kind = data.get("type", "fuite")
    name = path.rsplit(".", 1)[-1]
    where = {"fuite": Message(N_("in this Fuite")), "passe": Message(N_("in this passe")),
             "attraction": Message(N_("in this Attraction"))}.get(kind) or Message(N_("here"))
    hints = {
        "dice_cap": N_("no attacker has more than 5 dice, so none is capped or re-rolled past the 10th"),
        "overflow_auto_damage": N_("no attacker has more than 10 dice"),
        "hd_edition": N_("it only selects the defaults of dice_cap and overflow_auto_damage, which change nothing "
                         "here"),
        "reroll_policy": N_("re-rolling is never worse for the attacker here"),
        "attacker_choice": N_("the adversaries that can attack all make the same attack"),
        "multiple_attractors": N_("no fighter is inside two Attraction zones"),
        "measure": N_("the focus adversary's fate and the number pulled are the same either way"),
        "attraction_measure": N_("the flee move ends inside the Attraction zone (or outside it) either way"),
        "attraction_movement": N_("the fleeing fighter is pulled back (or not) either way"),
        "movement": N_("the focus adversary's fate and the number pulled are the same either way"),
        "activation_order": N_("the focus adversary's fate and the number pulled are the same either way"),
        "support_mode": N_("no attacker has two or more supporters"),
        "support_cap": N_("the soutien never exceeds it, or no attack is rolled"),
        "support_bonus_per_supporter": N_("no attack is rolled with soutien"),
        "course_multiplier": N_("the fighter does not make a Course here"),
        "state_cancels_flee_move": N_("no state can be inflicted, or the fighter cannot move anyway"),
        "no_room_move": N_("the fighter has room, or no room is left to move"),
        "blocage_scope": N_("no adversary has Blocage, or all of them do"),
        "intangible_vs_blocage": N_("the fleeing fighter is not Intangible, or no adversary has Blocage"),
        "def_out_of_range": N_("the effective DEF stays from 2 to 6"),
        "simultaneous_kill": N_("no fighter has Frappe rapide, or not both can kill"),
        "room": N_("the fighter makes no flee move (Blocage, a free disengage), or the attack always stops it"),
        "charge": N_("the defender has no Esquive X it may use (only Esquive X answers the charge here)"),
        "esquive_used": N_("the defender has no Esquive X it may use against a charge"),
        "engaged": N_("it changes no fighter's fate here"),
        "state": N_("it only forbids Esquive X, which no fighter may use here"),
    }
    if path == "fuite.repli":
        fuite = data.get("fuite")
        if isinstance(fuite, dict) and fuite.get("stay") is True:  # the Ordre Repli only changes a flee
            return Message(N_("for a fighter that stays engaged (an Ordre Repli only changes a Fuite)"))
        # otherwise only Blocage makes an Ordre Repli change nothing (photo 9)
        return Message(N_("against an adversary with Blocage (Blocage forbids the Fuite)"))
    hint = hints.get(name)
    return Message(N_("{where} ({hint})"), where=where, hint=Message(hint)) if hint else where


def unused_inputs(data: dict, contexts: list[dict], build: Callable[[dict], Any]) -> list[str]:
    """The card characteristics written in ``data`` (``fleeing.mou``, ``adversaries.0.pro``…) that
    change nothing in the scenario or any of its comparison setups."""
    out = []
    for where, table in _fighters(data):
        for name in CARD_FIELDS:
            if name in table:
                path = f"{where}.{name}"
                if not _differs(build, contexts, path, CARD_VALUES[name] + [table[name]]):
                    out.append(path)
        caps = table.get("capacities")
        if isinstance(caps, list):  # a capacity copied from the card that changes nothing here (Inoffensif…)
            for k in range(len(caps)):
                without = caps[:k] + caps[k + 1:]
                if not _differs(build, contexts, f"{where}.capacities", [caps, without]):
                    out.append(f"{where}.capacities.{k}")
    return out


__all__ = ["CARD_FIELDS", "FIGHTER_DEFAULTS", "check_inputs", "checked_fields", "outcome_key", "unused_inputs"]
