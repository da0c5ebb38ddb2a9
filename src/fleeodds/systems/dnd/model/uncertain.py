"""Uncertain values: a runner's AC or an enemy's attack bonus given as a list, a range or dice,
read as a mixture of plain scenarios."""


from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Any

from ....language import Message, N_
from ....dice import parse
from ....errors import InputError, short_repr
from .fields import MAX_DICE_TEXT

if TYPE_CHECKING:
    from .spec import Spec


#: Most combinations of uncertain values (runner AC x enemies' attack bonuses) in one mixture.
MAX_MIXTURE = 64
_RANGE = re.compile(r"\s*(-?\d{1,3})\s*-\s*(-?\d{1,3})\s*")
#: A plain integer written as text (``ac = "12"``): refused, with the hint to write it without quotes.
_NUMBER = re.compile(r"\s*[+-]?[0-9]{1,7}\s*")


def parse_uncertain(value: Any, field_: str, lo: int, hi: int) -> dict[int, Fraction] | None:
    """An uncertain integer as ``{value: probability}``, or ``None`` for a plain integer.

    Parameters
    ----------
    value : int, list of int or str
        A list of equally likely values (``[14, 16, 18]``; a value listed twice counts twice), a
        range ``"14-20"`` (every integer equally likely) or dice notation ``"1d6+13"``.
    field_ : str
        Dotted path for messages.
    lo, hi : int
        Allowed values (AC 1-60, attack bonus -20 to 60).

    Raises
    ------
    InputError
        For an empty list, a non-integer, a value out of range, a reversed range, text that is
        neither a range nor dice, or a plain number in quotes (``"12"``: write 12 without quotes).
    """
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return None
    allowed = Message(N_("an integer from {lo} to {hi}, a list of them ([14, 16, 18]), a range such as '14-20' or "
                         "dice such as '1d6+13' whose values are from {lo} to {hi}"), lo=lo, hi=hi)
    dist: dict[int, Fraction] = {}
    if isinstance(value, list):
        if not value or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
            raise InputError(field_, short_repr(value), allowed)
        for v in value:
            dist[v] = dist.get(v, Fraction(0)) + Fraction(1, len(value))
    elif isinstance(value, str):
        if _NUMBER.fullmatch(value):  # a number in quotes: TOML text, not a number (the input policy)
            raise InputError(field_, value, Message(N_("a number: write {number} without quotes (an integer from "
                                                       "{lo} to {hi}), or a list of them, a range such as '14-20' or "
                                                       "dice such as '1d6+13'"), number=int(value), lo=lo, hi=hi))
        m = _RANGE.fullmatch(value)
        if m:
            a, b = int(m.group(1)), int(m.group(2))
            if a > b:
                raise InputError(field_, value, Message(N_("{allowed} (the lower bound first)"), allowed=allowed))
            dist = {v: Fraction(1, b - a + 1) for v in range(a, b + 1)}
        else:
            if len(value) > MAX_DICE_TEXT:
                raise InputError(field_, short_repr(value), allowed)
            expr = parse(value, field_)
            if expr.max_value - expr.min_value > hi - lo:
                raise InputError(field_, value, allowed)
            dist = dict(expr.pmf())
    else:
        raise InputError(field_, short_repr(value), allowed)
    bad = [v for v in dist if not lo <= v <= hi]
    if bad:
        raise InputError(field_, short_repr(value), Message(N_("{allowed} ({bad} is out of range)"), allowed=allowed,
                                                            bad=min(bad)))
    return dict(sorted(dist.items()))


def split_uncertain(data: dict) -> tuple[dict, list[tuple[str, dict[int, Fraction]]]]:
    """The scenario with each uncertain ``runner.ac`` / ``enemies.<i>.attack_bonus`` replaced by its lowest
    value (checked as usual), and the list of ``(where, distribution)`` (``where``: ``"runner"`` or the
    enemy table's index as text)."""
    out: list[tuple[str, dict[int, Fraction]]] = []
    new = data
    runner = data.get("runner")
    plain = [("runner.ac", runner, "ac", 1, 60)] if isinstance(runner, dict) else []
    listed = data.get("enemies")
    plain += [(f"enemies.{i}.attack_bonus", e, "attack_bonus", -20, 60)  # a non-list is the model's error
              for i, e in enumerate(listed if isinstance(listed, list) else []) if isinstance(e, dict)]
    for path, own, key, lo, hi in plain:  # a plain value is checked here, so that its error names the field
        v = own.get(key)
        if key in own and v is not None and not isinstance(v, (list, str)) and (
                isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi):
            raise InputError(path, short_repr(v), Message(N_("an integer from {lo} to {hi}, a list of them, a range "
                                                             "such as '14-20' or dice such as '1d6+13'"), lo=lo, hi=hi))
    if isinstance(runner, dict) and isinstance(runner.get("ac"), (list, str)):
        dist = parse_uncertain(runner["ac"], "runner.ac", 1, 60)
        if dist is not None:
            new = dict(new)
            new["runner"] = {**runner, "ac": min(dist)}
            out.append(("runner", dist))
    enemies = data.get("enemies")
    if isinstance(enemies, list):
        tables = list(enemies)
        changed = False
        for i, e in enumerate(tables):
            if isinstance(e, dict) and isinstance(e.get("attack_bonus"), (list, str)):
                dist = parse_uncertain(e["attack_bonus"], f"enemies.{i}.attack_bonus", -20, 60)
                if dist is not None:
                    tables[i] = {**e, "attack_bonus": min(dist)}
                    changed = True
                    out.append((str(i), dist))
        if changed:
            new = dict(new)
            new["enemies"] = tables
    return new, out


def component_specs(spec: "Spec") -> list[tuple[Fraction, "Spec"]]:
    """The mixture of a spec with uncertain values: ``[(probability, spec with plain values)]``
    (one component of probability 1 without uncertain values)."""
    if not spec.mixture:
        return [(Fraction(1), spec)]
    out = []
    for combo in product(*[list(d.items()) for _w, _i, d in spec.mixture]):
        s = replace(spec, mixture=())
        w = Fraction(1)
        enemies = list(s.enemies)
        for (where, idx, _d), (v, p) in zip(spec.mixture, combo):
            w *= p
            if where == "runner":
                s = replace(s, runner=replace(s.runner, ac=v))
            else:
                for k in idx:
                    enemies[k] = replace(enemies[k], attack_bonus=v)
        out.append((w, replace(s, enemies=tuple(enemies))))
    return out
