"""The scenario file's top level (:class:`ScenarioModel`, its JSON Schema) and :func:`parse_spec`,
which validates a whole file into the plain :class:`Spec`."""


from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, Literal, Optional, Union

from pydantic import ConfigDict, Field

from ....language import Message, N_
from ....errors import InputError, short_repr
from ....validation import StrictModel, annotate_profiles, collecting_notes, inert, json_schema
from ..checks.inputs import check_mode, check_no_effect, note_inert
from ..plan.rules import is_5e
from .chase import ChaseModel
from .death_saves import DeathSavesModel, advantage_of
from .defaults import says_nothing
from .enemy import Enemy, EnemyModel, parse_enemy
from .fields import ALLOWED, AUTO_COMPARE, F, Flag, _validate, normalise_edition, normalise_mode
from .options import OptionsModel, parse_options
from .presets import PRESET_META, presets
from .runner import RunnerModel, parse_runner
from .spec import Spec
from .uncertain import MAX_MIXTURE, split_uncertain


class ScenarioModel(StrictModel):
    """A D&D scenario file (``system = "dnd"``)."""

    model_config = ConfigDict(json_schema_extra={"description": N_('A D&D scenario file (``system = "dnd"``).')})

    system: Literal["dnd"] = F("dnd", N_("rules system"), N_("Always dnd."))
    title: str = F("", N_("title"), N_("Title of the scenario."))
    description: str = F("", N_("description"), N_("Free text."))
    situation: Literal["leave_melee", "death_saves", "chase"] = F(
        "leave_melee", N_("situation"),
        N_("leave_melee (default: a runner leaves melee under attacks of opportunity), death_saves (5e: a "
           "character at 0 HP rolls death saving throws; [death_saves] table, no runner nor enemies) or chase "
           "(the race to safety after leaving melee, 5e, 3.5 and Pathfinder; [runner] and [chase] tables)."))
    chase: Optional[ChaseModel] = F(
        None, N_("chase"),
        N_("Situation chase: the distance to safety, the speeds, the runner's choice each round and the "
           "pursuers."))
    death_saves: Optional[DeathSavesModel] = F(
        None, N_("death saving throws"),
        N_("5e: marks already made and how each death save is rolled (situation death_saves; in leave_melee, "
           "with options.death_saves_in_exchange, only bonus, advantage and disadvantage)."))
    edition: Union[str, float] = F("3.5", N_("edition"),
                                   N_("3.5, pf1 (Pathfinder 1e), 5e2014 (SRD 5.1) or 5e2024 (SRD 5.2)."))
    mode: str = F("move", N_("movement mode"),
                  N_("3.5/PF: move, withdraw (retraite), run, five_foot_step (pas de placement), tumble / acrobatics, "
                     "tumble_full, stay. 5e: move, dash, disengage, stay, teleport, forced (moved by something else: "
                     "no opportunity attack)."))
    compare_modes: Optional[Union[list[str], Literal["auto"]]] = F(
        None, N_("modes compared"),
        N_("Decision table: a list of at least two modes, or auto."))
    compare: Optional[dict[str, dict[str, Any]]] = F(
        None, N_("comparison"),
        N_('Setups compared side by side: label = { "field.path" = value, label_fr = "…" }.'))
    metric: Literal["damage", "attacks", "hits"] = F(
        "damage", N_("metric"),
        N_("Recorded with each outcome: damage taken (default), attacks suffered, or hits taken."))
    distracting_action: Flag = F(False, N_("distracting action"),
                                 N_("3.5/PF: the runner first takes an action that provokes in its start square "
                                    "(casts, stands up)."))
    runner: Optional[RunnerModel] = F(None, N_("runner"),
                                      N_("The character leaving melee (required in situation leave_melee)."))
    enemies: Optional[list[EnemyModel]] = F(None, N_("enemies"),
                                            N_("Threatening enemies, in the order the runner leaves them."),
                                            min_length=1, max_length=20)
    options: OptionsModel = Field(default_factory=OptionsModel, title=N_("options"),
                                  description=N_("Every open rules question, with its rulebook default."))


def without_fields(data: dict, paths: list[str]) -> dict:
    """A copy of ``data`` without the tables' keys at ``paths`` (``enemies.0.advantage``); a path into a
    list (``runner.feats.1``) is left as written."""
    out = copy.deepcopy(data)
    for path in paths:
        node: Any = out
        parts = path.split(".")
        for p in parts[:-1]:
            node = node[int(p)] if isinstance(node, list) and p.isdigit() and int(p) < len(node) else (
                node.get(p) if isinstance(node, dict) else None)
        if isinstance(node, dict):
            node.pop(parts[-1], None)
    return out


def schema() -> dict:
    """The JSON Schema of a D&D scenario file, titles and descriptions in the reader's language.

    Every field has a title, a description, its default, its range or allowed values
    and, where it has one, its unit (``ft``, ``hp``, ``%`` …).
    """
    from ....language import _

    out = json_schema(ScenarioModel, _("D&D 3.5, Pathfinder 1e, D&D 5e scenario: leaving melee"))
    # each stat line's fields (hp, ac, attack bonus…): the form fills the runner's or enemy's boxes with them
    for kind, model in (("runner", "RunnerModel"), ("enemy", "EnemyModel")):
        lines = {name: {k: v for k, v in p.items() if k not in PRESET_META}
                 for name, p in presets().items() if p.get("kind") == kind}
        annotate_profiles(out, "preset", lines, (model,))
    return out


def parse_spec(data: dict, *, check_only: frozenset[str] | None = None) -> Spec:
    """Validate a parsed scenario file, its ``[[enemies]]`` taken in the order ``options.pass_order`` gives.

    The file is first checked as written (so every error and note names the tables as written), then,
    for an order other than the one written, read again with the tables reordered: the runner passes
    them in that order (each foe makes its attack of opportunity as its reach is left: SRD 3.5 and PF1
    "Attacks of Opportunity", SRD 5.1 / 5.2 "Opportunity Attacks"). A foe's own fields (``simultaneous``,
    ``count``) and the runner's ``dodge_target`` follow it.

    Parameters
    ----------
    data : dict
        The parsed scenario file.
    check_only : frozenset of str, optional
        See :func:`_parse_in_order`.

    Returns
    -------
    Spec

    Raises
    ------
    InputError
        Naming the first invalid field as a dotted path, its value and what is allowed; a
        ``pass_order`` that is no permutation of the table indices is refused.
    """
    spec = _parse_in_order(data, check_only=check_only)
    order = (data.get("options") or {}).get("pass_order") if isinstance(data.get("options"), dict) else None
    if order is None:
        return spec
    tables = data["enemies"] if "enemies" in data else [{}]
    n = len(tables)
    order = list(order)
    if sorted(order) != list(range(n)):
        raise InputError("options.pass_order", order,
                         Message(N_("a list of the [[enemies]] indices from 0 to {last}, each once (the order the "
                                    "runner passes them)"), last=n - 1))
    if order == list(range(n)):  # the order written: the default
        return spec
    reordered = copy.deepcopy(data)
    del reordered["options"]["pass_order"]
    reordered["enemies"] = [reordered["enemies"][i] for i in order]
    # expanded positions (a table with count = k gives k enemies): the Dodge target follows its foe
    sizes = [t.get("count", 1) if isinstance(t, dict) else 1 for t in tables]
    starts = [sum(sizes[:i]) for i in range(n)]
    moved = [starts[i] + k for i in order for k in range(sizes[i])]
    runner = reordered.get("runner")
    if isinstance(runner, dict):
        old = spec.runner.dodge_target
        if old < len(moved) and moved.index(old) != old:
            runner["dodge_target"] = moved.index(old)
    with collecting_notes():  # the notes were made on the tables as written
        try:
            return _parse_in_order(reordered, check_only=check_only)
        except InputError as e:  # name the table as written
            field = e.field
            parts = field.split(".")
            if len(parts) > 1 and parts[0] == "enemies" and parts[1].isdigit() and int(parts[1]) < n:
                field = ".".join(["enemies", str(order[int(parts[1])])] + parts[2:])
            raise InputError(field, e.value, e.allowed) from None


def _parse_in_order(data: dict, *, check_only: frozenset[str] | None = None, _rebuilding: bool = False) -> Spec:
    """Validate a parsed scenario file (see :mod:`fleeodds.systems.dnd.scenarios.exchange` for the format).

    Parameters
    ----------
    data : dict
        The parsed scenario file.
    check_only : frozenset of str, optional
        Set when ``data`` derives from a scenario already checked against each of its comparison
        setups (its base, or one setup): the mode-dependent refusals made then are not made again.

    Raises
    ------
    InputError
        Naming the first invalid field as a dotted path, its value and what is allowed.
    """
    if not isinstance(data, dict):
        raise InputError("scenario", short_repr(data), Message(N_("a table of fields")))
    situation = data.get("situation", "leave_melee")
    if situation not in ("leave_melee", "death_saves", "chase"):  # a misspelt situation is named
        raise InputError("situation", short_repr(situation), Message(N_("one of "
                                                                        "'leave_melee', 'death_saves', 'chase'")))
    if "runner" not in data:
        raise InputError("runner", None, ALLOWED["ScenarioModel.runner"])
    data, uncertain = split_uncertain(data)
    top = _validate(ScenarioModel, data)
    edition = normalise_edition(top.edition)
    mode = normalise_mode(top.mode, edition)
    if top.chase is not None:
        note_inert("chase", short_repr(data["chase"]), Message(N_("in situation 'leave_melee' (the chase after "
                                                                  "leaving melee is its own situation: write "
                                                                  "situation = 'chase')")))
    runner, rmeta = parse_runner(data["runner"], edition)
    opts = parse_options(top.options, edition, runner)
    if top.enemies is not None:
        raw = data["enemies"]
    else:
        raw = [{"preset": opts.attacker_preset}]
    enemies: list[Enemy] = []
    emeta = []
    first_of: list[int] = []  # index in ``enemies`` of each table's first enemy
    for i, e in enumerate(raw):
        es, m = parse_enemy(e, edition, i, opts.aoo_per_round)
        first_of.append(len(enemies))
        enemies.extend(es)
        emeta.append(m)
    if runner.dodge_target >= len(enemies):
        raise InputError("runner.dodge_target", runner.dodge_target,
                         Message(N_("an enemy index from 0 to {last}"), last=len(enemies) - 1))
    if any(e.stand_still for e in enemies) and runner.cmd is None and edition == "pf1":
        raise InputError("runner.cmd", None, Message(N_("an integer CMD (required when an enemy has stand_still)")))
    if any(e.trip for e in enemies) and runner.cmd is None and edition == "pf1":
        raise InputError("runner.cmd", None, Message(N_("an integer CMD (required when an enemy has trip = true)")))
    cm = top.compare_modes if top.compare_modes is not None else []
    if cm == "auto":
        cm = list(AUTO_COMPARE[edition])
        if runner.tumble is None and edition == "3.5":
            cm = [m for m in cm if m != "tumble"]
    modes: list[str] = []
    for i, m in enumerate(cm):
        mm = normalise_mode(m, edition, f"compare_modes.{i}")
        if mm not in modes:
            modes.append(mm)
    if len(modes) == 1:
        raise InputError("compare_modes", short_repr(top.compare_modes),
                         Message(N_("at least two different modes (or omit the field)")))
    ds_bonus, ds_adv = 0, 0
    if top.death_saves is not None:
        own = data["death_saves"]
        for key in ("successes", "failures"):
            if key in own:  # read in situation 'death_saves' only
                note_inert(f"death_saves.{key}", own[key],
                     Message(N_("in situation 'leave_melee' (the runner starts up: its failures come from the "
                                "damage taken at 0 HP; for a character already at 0 HP write situation = "
                                "'death_saves')")))
        rolled = any(k not in ("successes", "failures") and not says_nothing(f"death_saves.{k}", v)
                     for k, v in own.items())  # a table that sets how the saves are rolled
        if not is_5e(edition):
            if rolled:
                inert("death_saves", short_repr(own), Message(N_("outside 5e (3.5/PF dying has no death saving "
                                                                 "throws)")))
        elif not opts.death_saves_in_exchange:
            if rolled:
                inert("death_saves", short_repr(own), Message(N_("unless options.death_saves_in_exchange = true (the "
                                                                 "death saves are not rolled otherwise)")))
        else:  # the saves are rolled: the table sets how (otherwise it is read by nothing)
            ds_adv = advantage_of(top.death_saves)
            ds_bonus = top.death_saves.bonus
    spec = Spec(title=top.title, edition=edition, mode=mode, runner=runner, enemies=tuple(enemies), options=opts,
                distracting_action=top.distracting_action, metric=top.metric, compare_modes=tuple(modes),
                description=top.description, death_save_bonus=ds_bonus, death_save_advantage=ds_adv,
                meta={"runner": rmeta, "enemies": emeta})
    if uncertain:
        mix = []
        for where, dist in uncertain:
            if where == "runner":
                mix.append(("runner", (), dist))
            else:
                i = int(where)
                stop = first_of[i + 1] if i + 1 < len(first_of) else len(enemies)
                mix.append(("enemies", tuple(range(first_of[i], stop)), dist))
        n = 1
        for _w, _i, dist in mix:
            n *= len(dist)
        if n > MAX_MIXTURE:
            raise InputError(uncertain[0][0] if uncertain[0][0] == "runner" else "enemies", f"{n} combinations",
                             Message(N_("uncertain values with at most {n} combinations in all"), n=MAX_MIXTURE))
        spec = replace(spec, mixture=tuple(mix))
    noted = check_no_effect(data, spec, raw, first_of, checked=check_only is not None)
    if noted and not _rebuilding:  # built as if the inputs noted were left out: they change nothing here
        # (an enemy's 5e advantage in 3.5, Stand Still outside Pathfinder, a distracting action in 5e…)
        spec = replace(_parse_in_order(without_fields(data, noted), check_only=check_only, _rebuilding=True),
                       title=spec.title, description=spec.description, meta=spec.meta)
    check_mode(spec, mode, "mode")
    for i, m in enumerate(modes):
        check_mode(spec, m, f"compare_modes.{i}")
    return spec
