"""The vocabulary of a D&D scenario file (editions, modes, feats, limits), the documented-field
helper of its pydantic models, their errors as :class:`~fleeodds.errors.InputError`, and the
field helpers (edition and mode names, dice notation)."""


from __future__ import annotations

import re
import types
import typing
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, Field

from ....dice import parse
from ....errors import InputError, short_repr
from ....language import Message, N_
from ....validation import StrictModel, validate
from ..labels import edition_code, mode_code
from ..plan.rules import is_5e


EDITION_ALIASES = {"3.5": "3.5", "35": "3.5", "3.5e": "3.5", "dnd3.5": "3.5", "pf1": "pf1", "pf": "pf1",
                   "pathfinder": "pf1", "pf1e": "pf1", "5e2014": "5e2014", "5e-2014": "5e2014",
                   "5e": "5e2014", "2014": "5e2014", "5e2024": "5e2024", "5e-2024": "5e2024", "2024": "5e2024"}
EDITION_ALLOWED = Message(N_("one of '3.5', 'pf1', '5e2014', '5e2024'"))

#: Movement modes per edition (aliases are mapped by :data:`MODE_ALIASES`).
MODES = {
    "3.5": ("move", "withdraw", "run", "five_foot_step", "tumble", "tumble_full", "stay"),
    "pf1": ("move", "withdraw", "run", "five_foot_step", "tumble", "tumble_full", "stay"),
    "5e2014": ("move", "dash", "disengage", "stay", "teleport", "forced"),
    "5e2024": ("move", "dash", "disengage", "stay", "teleport", "forced"),
}
MODE_ALIASES = {"acrobatics": "tumble", "acrobatics_half": "tumble", "tumble_half": "tumble",
                "acrobatics_full": "tumble_full", "5_foot_step": "five_foot_step", "5ft_step": "five_foot_step",
                "step": "five_foot_step"}
#: Default modes of a decision table when ``compare_modes = "auto"``.
AUTO_COMPARE = {
    "3.5": ("move", "withdraw", "tumble", "five_foot_step", "stay"),
    "pf1": ("move", "withdraw", "tumble", "five_foot_step", "stay"),
    "5e2014": ("move", "disengage", "stay"),
    "5e2024": ("move", "disengage", "stay"),
}

FEATS = {
    "3.5": ("mobility", "dodge", "run", "spring_attack"),
    "pf1": ("mobility", "dodge", "run", "spring_attack"),
    "5e2014": ("mobile",),
    "5e2024": ("speedy",),
}
ON_HIT = ("none", "prone", "grapple", "slow")
SAVE_ABILITIES = ("str", "dex", "con")
ARMOR = ("none", "light", "medium", "heavy")
METRICS = ("damage", "attacks", "hits")
DEFAULT_ATTACKER = {"3.5": "srd35_orc_falchion", "pf1": "pf1_orc", "5e2014": "srd51_orc", "5e2024": "srd51_orc"}

#: Largest magnitude of any integer field (no game number is this large; numba's int64 stays safe).
INT_LIMIT = 1_000_000
#: Longest dice notation accepted (characters), and longest run of digits in it.
MAX_DICE_TEXT = 100
MAX_DICE_DIGITS = 7


# --------------------------------------------------------------------------- the file's schema


def F(default: Any, title: str, description: str, unit: str | None = None, **constraints: Any) -> Any:
    """A documented field: English title and description marked ``N_()`` where written (the French comes
    from the message catalogue: :func:`fleeodds.validation.json_schema`), unit, constraints."""
    extra: dict[str, Any] = {"unit": unit} if unit else {}
    return Field(default, title=title, description=description, json_schema_extra=extra or None, **constraints)


Int = Optional[int]
Flag = bool
Feats = Union[list[str], str]


# --------------------------------------------------------------------------- pydantic errors -> InputError

#: What is allowed, when a pydantic error's own message would say less ("Model.field": text).
ALLOWED = {
    "ScenarioModel.edition": EDITION_ALLOWED,
    "ScenarioModel.mode": Message(N_("a movement mode such as 'move', 'withdraw', 'tumble', 'five_foot_step', 'stay' "
                          "(5e: 'move', 'dash', 'disengage', 'stay', 'teleport', 'forced')")),
    "ScenarioModel.compare_modes": Message(N_("a list of modes such as ['move', 'withdraw', 'tumble', "
                                              "'five_foot_step', 'stay'], or 'auto'")),
    "ScenarioModel.compare": Message(N_('a table of setups, e.g. "withdraw" = { "mode" = "withdraw" }')),
    "ScenarioModel.runner": Message(N_("a [runner] table (hp, ac, … or preset = '…') (required)")),
    "ScenarioModel.enemies": Message(N_("a list of [[enemies]] tables, in the order the runner leaves them "
                             "(at least one threatening enemy, at most 20 tables)")),
    "ScenarioModel.options": Message(N_("an [options] table")),
    "OptionsModel.pass_order": Message(N_("a list of the [[enemies]] indices from 0, each once, e.g. [1, 0, 2]")),
    "RunnerModel.preset": Message(N_("the name of a runner preset such as 'srd35_wizard_1'")),
    "EnemyModel.preset": Message(N_("the name of an enemy preset such as 'srd35_orc_falchion'")),
    "RunnerModel.hp": Message(N_("an integer >= 1 (the runner's current hit points, up to 1000000)")),
    "RunnerModel.ac": Message(N_("an integer from 1 to 60 (Armour Class)")),
    "RunnerModel.con": Message(N_("an integer from 1 to 60 (Constitution score)")),
    "RunnerModel.tumble": Message(N_("an integer from -30 to 60 (skill modifier), or omit when untrained")),
    "RunnerModel.acrobatics": Message(N_("an integer from -30 to 60 (skill modifier), or omit when untrained")),
    "RunnerModel.cmd": Message(N_("an integer from 1 to 100 (CMD)")),
    "RunnerModel.feats": Message(N_("a list of feat names")),
    "RunnerModel.dodge_target": Message(N_("the index (from 0) of an enemy in the enemies list")),
    "RunnerModel.shield_slots": Message(N_("an integer from 0 to 20 (spell slots left for Shield)")),
    "RunnerModel.concealment": Message(N_("a miss chance in percent, 0 to 100 (20 concealment, 50 total)")),
    "EnemyModel.damage": Message(N_("dice notation such as 2d4+4 (at most 100 characters)")),
    "EnemyModel.extra_damage": Message(N_("dice notation such as 1d6 (at most 100 characters)")),
    "EnemyModel.threat_range": Message(N_("'20' or 'N-20' with N from 2 to 20 (e.g. '19-20', '18-20'), or the integer "
                                          "N")),
    "PursuerModel.threat_range": Message(N_("'20' or 'N-20' with N from 2 to 20 (e.g. '19-20', '18-20'), or the "
                                            "integer N")),
    "ChaseModel.actions": Message(N_("one of 'move', 'dash', 'disengage', 'dash+disengage', 'dash+dash', or a list of "
                                     "them (one per round)")),
    "EnemyModel.crit_multiplier": Message(N_("an integer from 2 to 6 (x2, x3, x4 …)")),
    "EnemyModel.reach": Message(N_("a multiple of 5 feet from 5 to 100")),
    "EnemyModel.aoo_left": Message(N_("an integer from 0 to 20 (attacks of opportunity left this round)")),
    "EnemyModel.squares_left": Message(N_("an integer from 1 to 20 (threatened squares of this enemy the runner "
                                          "leaves)")),
    "EnemyModel.count": Message(N_("an integer from 1 to 20 (identical enemies passed one after the other)")),
    "EnemyModel.cmd": Message(N_("an integer from 1 to 100 (CMD)")),
    "OptionsModel.dead_threshold": Message(N_("a negative integer from -1000 to -1 (HP at or below which the runner "
                                              "is dead)")),
}


def _kinds(annotation: Any) -> list[Any]:
    """The leaf types of an annotation (``Optional[Literal['a', 'b']]`` -> ``[Literal['a', 'b']]``)."""
    if typing.get_origin(annotation) is Literal:
        return [annotation]
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (Union, types.UnionType) and args:
        return [k for a in args if a is not type(None) for k in _kinds(a)]
    return [annotation]


def _auto_allowed(info: Any) -> Message:
    lo = hi = None
    for m in info.metadata:
        lo = getattr(m, "ge", lo)
        hi = getattr(m, "le", hi)
    texts: list[Message] = []
    for k in _kinds(info.annotation):
        if typing.get_origin(k) is Literal:
            texts.append(Message(N_("one of {choices}"), choices=", ".join(repr(c) for c in typing.get_args(k))))
        elif k is bool:
            texts.append(Message(N_("true or false")))
        elif k is int:
            texts.append(Message(N_("an integer from {lo} to {hi}"), lo=lo, hi=hi) if lo is not None and hi is not None
                         else Message(N_("an integer")))
        elif k is str:
            texts.append(Message(N_("a text string")))
        else:
            texts.append(Message(N_("a value of the documented type")))
    out = texts[0]
    for t in texts[1:]:  # "a or b or c", each part in the reader's language
        out = Message(N_("{items} or {last}"), items=out, last=t)
    return out


def _allowed(owner: type[BaseModel], name: str, info: Any) -> Message | None:
    """D&D's wording of what a field allows: the ALLOWED table, else read from the field."""
    return ALLOWED.get(f"{owner.__name__}.{name}") or _auto_allowed(info)


def _validate(model: type[StrictModel], data: Any, prefix: str = "") -> Any:
    return validate(model, data, prefix, allowed=_allowed)


# --------------------------------------------------------------------------- field helpers


def normalise_edition(value: Any, field_: str = "edition") -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str) and value.strip().lower() not in EDITION_ALIASES:
        value = edition_code(value) or value  # a label: "Pathfinder 1re éd.", "D&D 5e (2024)"
    if not isinstance(value, str) or value.strip().lower() not in EDITION_ALIASES:
        raise InputError(field_, short_repr(value), EDITION_ALLOWED)
    return EDITION_ALIASES[value.strip().lower()]


def normalise_mode(value: Any, edition: str, field_: str = "mode") -> str:
    allowed = MODES[edition]
    text = Message(N_("one of {choices} for edition {edition}"), choices=", ".join(repr(m) for m in allowed),
                   edition=repr(edition))
    if not isinstance(value, str):
        raise InputError(field_, short_repr(value), text)
    m = MODE_ALIASES.get(value.strip().lower(), value.strip().lower())
    if m not in MODES[edition] and m != "run":  # a label, or the French word: "retraite", "se désengager"
        m = mode_code(value) or m
    if m == "run" and is_5e(edition):
        m = "dash"
    if m not in allowed:
        raise InputError(field_, short_repr(value), text)
    return m


_DIGITS = re.compile(r"\d+")
#: What a damage roll (``what``) allows: dice notation, and a roll that can deal damage.
_DICE_WORDS = {
    "damage": (Message(N_("dice notation such as 2d4+4 (damage)")),
               N_("a damage roll that can deal at least 1 ({text} is at most {most}: it never deals damage)")),
    "extra damage": (Message(N_("dice notation such as 2d4+4 (extra damage)")),
                     N_("an extra damage roll that can deal at least 1 ({text} is at most {most}: it never deals "
                        "damage)")),
}


def check_dice(text: Any, field_: str, what: str = "damage") -> str:
    """Dice notation of a damage roll that can deal damage.

    Raises
    ------
    InputError
        For text that is not dice notation, a number of more than
        :data:`MAX_DICE_DIGITS` digits (e.g. a 5,000-digit constant), or a roll whose
        highest result is below 1 (``1d4-10`` never deals damage).
    """
    if not isinstance(text, str):
        raise InputError(field_, short_repr(text), _DICE_WORDS[what][0])
    longest = max((len(m) for m in _DIGITS.findall(text)), default=0)
    if longest > MAX_DICE_DIGITS:
        raise InputError(field_, short_repr(text), Message(N_("dice notation whose numbers have at most {n} "
                                                              "digits, such as 2d4+4"), n=MAX_DICE_DIGITS))
    expr = parse(text, field_)
    if expr.max_value < 1:
        raise InputError(field_, text, Message(_DICE_WORDS[what][1], text=text, most=expr.max_value))
    return text
