"""Inputs said by name in a Hell Dorado scenario: inputs a rule of its type never reads, and capacities
that cannot be used where they are written.

An input the model implements that changes nothing here is noted by :func:`fleeodds.validation.inert`
(an error under ``--strict``); a rule not modelled is refused by :func:`fleeodds.validation.not_modelled`;
both name the dotted field, so that nothing written is silently ignored.

References
----------
Rules digest §3 (Fuite), §4 (Esquive X), §6 (Attraction), §7 (options); docs/hell_dorado.md,
"Inputs that change nothing, and refused inputs".
"""

from __future__ import annotations

from typing import Any

from ....language import Message, N_
from ....validation import inert, not_modelled, strict_inputs_on
from ..model import OPTION_SCOPE, Fighter
from .effects import FIGHTER_DEFAULTS, same_value


def esquive_index(raw: Any) -> int:
    """Index of the Esquive entry in a fighter table's ``capacities`` (0 if not found)."""
    caps = raw.get("capacities") if isinstance(raw, dict) else None
    for i, c in enumerate(caps or []):
        if isinstance(c, str) and c.strip().casefold().startswith(("esquive", "dodge")):
            return i
    return 0


def refuse_esquive(f: Fighter, raw: Any, where: str, context: Message, modelled: bool = True) -> None:
    """Esquive X on fighter ``f`` where it cannot be used: a note naming it (:func:`fleeodds.validation.inert`:
    it is modelled and changes nothing here) or, with ``modelled = False``, refused as ``not_modelled``."""
    if not f.has("Esquive"):
        return
    field = f"{where}.capacities.{esquive_index(raw)}"
    value = f"Esquive {f.capacities['Esquive']}"
    if not modelled:
        raise not_modelled(field, value, context)
    inert(field, value, context)


def refuse_given(f: Fighter, raw: Any, where: str, fields: tuple[str, ...], context: Message) -> None:
    """:func:`fleeodds.validation.inert` for each of ``fields`` set on fighter ``f`` (in the scenario or its
    profile): a note naming each (the error for the first under ``--strict``).

    A field written at the value the fighter has when it is left out (``engaged = false``,
    ``support = 0``: :data:`.effects.FIGHTER_DEFAULTS`) is accepted without a note, as a value at
    its default (outside ``--strict``)."""
    for k in fields:
        if k in f.given:
            value = raw.get(k) if isinstance(raw, dict) and k in raw else getattr(f, k, None)
            if k in FIGHTER_DEFAULTS and same_value(value, FIGHTER_DEFAULTS[k]) and not strict_inputs_on():
                continue
            inert(f"{where}.{k}", value, context)


#: Placement fields of a fighter (Attraction; a Fuite's positions).
POSITION = ("x", "y", "zone")


def check_options(data: dict, kind: str, then_pass: bool) -> None:
    """Note each option set in ``[options]`` that no rule of this scenario type reads
    (:func:`fleeodds.validation.inert`)."""
    scope = OPTION_SCOPE["attraction_then_pass" if kind == "attraction" and then_pass else kind]
    for k, v in (data.get("options") or {}).items():
        if k not in scope:
            where = (Message(N_("in a '{kind}' scenario without then_pass"), kind=kind) if kind == "attraction"
                     else Message(N_("in a '{kind}' scenario"), kind=kind))
            inert(f"options.{k}", v, where)


def compare_sets(data: dict, dotted: str, shorthand: str, checked: tuple[str, ...] = (),
                 check_only: frozenset[str] | None = None) -> bool:
    """Whether a comparison setup of ``data`` changes ``dotted`` (or uses the ``fuite.compare`` ``shorthand``).

    Parameters
    ----------
    data : dict
        The scenario's source table.
    dotted : str
        The field a ``[compare]`` setup may set (``"fuite.room"``).
    shorthand : str
        The ``fuite.compare`` entry that sets it (``""`` for none).
    checked : tuple of str
        The fields (or tables) whose check asks.
    check_only : frozenset of str, optional
        The loader's ``check_only``: the base or a setup of a scenario already checked against all
        its setups is not refused again for a field that its own changes (``check_only``) do not set
        (it has an effect in another setup; it was checked then). ``None``: a scenario as written.

    Returns
    -------
    bool
    """
    if check_only is not None:
        if not any(o == c or o.startswith(c + ".") for o in check_only for c in checked):
            return True
    fu = data.get("fuite") or {}
    if shorthand in (fu.get("compare") or []):
        return True
    table = data.get("compare")
    return isinstance(table, dict) and any(isinstance(c, dict) and dotted in c for c in table.values())
