"""No silent inputs with ``[[pursuers]]`` and ``options.charge_metric`` (see :mod:`.flee`).

A field is used when it changes the numbers with at least one of the pursuers: the
scenario is checked once per pursuer, as if that unit were its lone ``[pursuer]`` (with its
own ``gap`` and ``keeps_charging`` as ``table.gap`` and ``table.chaser_keeps_charging``). A
pursuer's own field that changes nothing is noted as ``pursuers.<i>.<field>``; a shared field
(``combat``, ``table``, ``options``, ``fleeing``) only when no pursuer uses it
(:func:`fleeodds.validation.inert`: a note, an error under ``--strict``). Every such field is noted.
"""

from __future__ import annotations

from pathlib import Path

from ....language import Message, N_
from ....validation import inert, not_modelled
from ..model.base import UnitProfile
from ..model.flee import PursuerRef, ScenarioModel
from ..model.profiles import find_profile
from .flee import (CARD_VALUES, CHARGE_SITUATIONS, _context, is_used, note_rules, rule_context, rules_without_effect,
                   special_rule_errors, written_paths)


def _alone(model: ScenarioModel, ref: PursuerRef) -> ScenarioModel:
    """The scenario with ``ref`` as its lone pursuer (its gap and keeps_charging in [table])."""
    table = model.table
    if ref.gap is not None:
        table = table.model_copy(update={"gap": ref.gap})
    if ref.keeps_charging is not None:
        table = table.model_copy(update={"chaser_keeps_charging": ref.keeps_charging})
    return model.model_copy(update={"pursuer": ref.unit_ref(), "pursuers": None, "table": table})


def check_charge_metric(source: dict, model: ScenarioModel) -> None:
    """``options.charge_metric`` acts in the charge situations, with one charger.

    Outside the charge situations it is noted (no effect; an error under ``--strict``).

    Raises
    ------
    InputError
        ``"failed_charge_move"`` with several chargers (not modelled).
    """
    opts = source.get("options")
    if not isinstance(opts, dict) or "charge_metric" not in opts:
        return
    value = opts["charge_metric"]
    if model.situation not in CHARGE_SITUATIONS:
        inert("options.charge_metric", value, Message(N_("in the '{situation}' situation (its metric is the turn "
                                                         "of resolution; the charge situations only)"),
                                                      situation=model.situation))
        return  # no charge here: how several chargers would be measured does not arise
    if value == "failed_charge_move" and model.pursuers is not None and len(model.pursuers) > 1:
        raise not_modelled("options.charge_metric", value, Message(N_("the failed-charge move of several "
                                                                      "chargers at once (give one charger)")))


def without_charge_metric(source: dict) -> dict:
    """``source`` without ``options.charge_metric`` (checked by :func:`check_charge_metric`)."""
    opts = source.get("options")
    if not isinstance(opts, dict) or "charge_metric" not in opts:
        return source
    return {**source, "options": {k: v for k, v in opts.items() if k != "charge_metric"}}


def check_several(source: dict, model: ScenarioModel, fleeing: UnitProfile, profiles: list[UnitProfile],
                  profiles_file: Path | None) -> None:
    """Note every field of a ``[[pursuers]]`` scenario that changes nothing (see :mod:`.flee`).

    Raises
    ------
    InputError
        ``not_modelled`` for a rule fleeodds does not model here; under
        :func:`fleeodds.validation.strict_inputs`, the ``no_effect`` error of the first field noted:
        ``pursuers.<i>.<field>`` for a pursuer's own field, else the shared field's path.
    """
    refs = model.pursuers
    alone = [(_alone(model, ref), fleeing, prof) for ref, prof in zip(refs, profiles)]
    if model.profiles_file is not None:
        names = [r.profile for r in (model.fleeing, *refs) if r is not None and r.profile is not None]
        if not any(find_profile(n, "profile", profiles_file)[1] for n in names):
            inert("profiles_file", model.profiles_file,
                  Message(N_("when no unit names one of its profiles (fleeing.profile, pursuers.<i>.profile)")))
    rules: dict[str, list[tuple[str, str]]] = {}
    shared = {k: v for k, v in without_charge_metric(source).items() if k not in ("pursuers", "pursuer")}
    for path, value in written_paths(shared, profiles_file):
        field = ".".join(path[:2])
        if len(path) == 3:
            err = special_rule_errors(path[0], path[2], model, field)
            if err is not None:
                raise err
            if path[2] == "fast_cavalry" or not any(is_used(units, path) for units in alone):
                rules.setdefault(field, []).append((path[2], rule_context(path[2], model, path)))
        elif path == ("table", "gap") and all(r.gap is not None for r in refs):
            inert(field, value, Message(N_("when every pursuer gives its own gap (pursuers.<i>.gap)")))
        elif path == ("table", "chaser_keeps_charging") and all(r.keeps_charging is not None for r in refs):
            inert(field, value, Message(N_("when every pursuer gives its own keeps_charging")))
        elif not any(is_used(units, path) for units in alone):
            inert(field, value, _context(model, path))
        elif path[1:] == ("general_leadership",) and isinstance(value, int) and value <= fleeing.leadership:
            inert(field, value, Message(N_("when it is not above the unit's own Leadership ({leadership})"),
                                        leadership=fleeing.leadership))
    entries = source.get("pursuers") or []
    for i, (entry, units) in enumerate(zip(entries, alone)):
        if not isinstance(entry, dict):
            continue
        own = {k: v for k, v in entry.items() if k not in ("gap", "keeps_charging")}
        for path, value in written_paths({"pursuer": own}, profiles_file):
            field = f"pursuers.{i}.{path[1]}"
            if len(path) == 3:
                err = special_rule_errors("pursuer", path[2], model, field)
                if err is not None:
                    raise err
                if path[2] == "fast_cavalry" or not is_used(units, path):
                    rules.setdefault(field, []).append((path[2], rule_context(path[2], model, path)))
            elif not is_used(units, path):
                inert(field, value, _context(model, path))
            elif path[1] == "general_leadership" and isinstance(value, int) and value <= units[2].leadership:
                inert(field, value, Message(N_("when it is not above the unit's own Leadership ({leadership})"),
                                            leadership=units[2].leadership))
        for name, group_field in (("gap", "gap"), ("keeps_charging", "chaser_keeps_charging")):
            if name in entry and not is_used(units, ("table", group_field)):
                # the advice of keeps_charging names this pursuer's own field, not the table's
                why = _context(model, ("table", group_field), own_keeps_charging=name == "keeps_charging")
                inert(f"pursuers.{i}.{name}", entry[name], why)
    note_rules(rules)


def unused_several(source: dict, model: ScenarioModel, fleeing: UnitProfile,
                   profiles: list[UnitProfile]) -> list[str]:
    """The unit characteristics written in ``source`` (``fleeing.movement``, ``pursuers.1.leadership``)
    that change nothing here (accepted, but listed: see :func:`.flee.unused_inputs`).

    The fleeing unit's are listed when they change nothing with any pursuer; a pursuer's, when
    they change nothing with that pursuer (its Ld without a restraint test).
    """
    alone = [(_alone(model, ref), fleeing, prof) for ref, prof in zip(model.pursuers, profiles)]
    out = []
    table = source.get("fleeing")
    if isinstance(table, dict):
        for name in CARD_VALUES:
            if name in table and not any(is_used(units, ("fleeing", name)) for units in alone):
                out.append(f"fleeing.{name}")
    for i, (entry, units) in enumerate(zip(source.get("pursuers") or [], alone)):
        if isinstance(entry, dict):
            out += [f"pursuers.{i}.{name}" for name in CARD_VALUES
                    if name in entry and not is_used(units, ("pursuer", name))]
    return out


def rules_without_effect_several(model: ScenarioModel, fleeing: UnitProfile,
                                 profiles: list[UnitProfile]) -> dict[str, list[str]]:
    """``{"fleeing": [...], "pursuers.<i>": [...]}``: the resolved units' special rules that change
    nothing here (see :func:`.flee.rules_without_effect`)."""
    alone = [(_alone(model, ref), fleeing, prof) for ref, prof in zip(model.pursuers, profiles)]
    out: dict[str, list[str]] = {}
    quiet = [r for r in fleeing.rules if all(r in rules_without_effect("fleeing", u) for u in alone)]
    if quiet:
        out["fleeing"] = quiet
    for i, units in enumerate(alone):
        quiet = rules_without_effect("pursuer", units)
        if quiet:
            out[f"pursuers.{i}"] = quiet
    return out
