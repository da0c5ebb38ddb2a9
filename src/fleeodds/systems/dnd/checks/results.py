"""Options and situational fields that change no result, noted by name (errors under ``--strict``);
stat-line values that change none, listed. Each is judged by solving the scenario (exactly) with every
value the field may take, in the scenario and in each of its comparison setups. A field written at its
default is not judged (it says nothing), and each solve is made once per check."""


from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

from ....language import Message, N_
from ....errors import FleeoddsError
from ....system import Scenario
from ....validation import annotation_values, collecting_notes, get_field, set_field, strict_inputs
from ..model.defaults import says_nothing
from ..model.options import OptionsModel
from .inputs import note_inert


#: Situational fields of an enemy, refused when no value changes the results.
ENEMY_VALUES: dict[str, list[Any]] = {
    "reach": [5, 10, 15, 100], "threatens_start": [False, True], "simultaneous": [False, True],
    "combat_reflexes": [False, True], "squares_left": [None, 1, 2, 3], "through_space": [False, True],
    "visible": [False, True], "flat_footed": [False, True],
    "attacks_on_turn": [0, 1, 2, 4], "tumble_dc": [None, 5, 15, 25, 40],
}
#: Numbers of the options (the others take their allowed values).
OPTION_NUMBERS: dict[str, list[Any]] = {
    "aoo_per_round": [None, 0, 1, 2, 5], "dead_threshold": [None, -1, -10, -30],
    "massive_damage_threshold": [None, 5, 20, 50, 100],
}
#: Stat-line values of the runner and of an enemy: accepted whatever the situation (copied from a stat
#: block), listed by :meth:`..scenarios.exchange.DndScenario.unused_inputs` when they change nothing.
RUNNER_CARD: dict[str, list[Any]] = {
    "hp": [1, 5, 20, 100], "hp_max": [], "ac": [5, 15, 25, 40], "dex_bonus": [0, 2, 5, 10],
    "con": [3, 10, 18, 30], "fort": [-2, 0, 5, 20], "tumble": [-5, 0, 10, 40], "acrobatics": [-5, 0, 10, 40],
    "cmd": [5, 15, 30, 60], "str_save": [-2, 0, 5, 15], "dex_save": [-2, 0, 5, 15], "con_save": [-2, 0, 5, 15],
    "armor": ["none", "light", "medium", "heavy"],
}
ENEMY_CARD: dict[str, list[Any]] = {
    "attack_bonus": [-5, 0, 5, 20], "damage": ["1", "1d4", "2d6+4", "10d10"], "dex_bonus": [0, 1, 3, 8],
    "cmb": [-5, 0, 10, 30], "cmd": [5, 15, 30, 60], "crit_multiplier": [2, 3, 4],
}
#: Options that name something rather than a rule (checked by :func:`.inputs.check_no_effect`).
SKIP_OPTIONS = ("attacker_preset",)


def _option_values(name: str) -> list[Any]:
    if name in OPTION_NUMBERS:
        return OPTION_NUMBERS[name]
    return annotation_values(OptionsModel.model_fields[name].annotation)


def setup_contexts(sc: Scenario) -> list[dict]:
    """The scenario's source without its setups, then each comparison setup applied to it."""
    base = dict(sc.base_source())
    out = [base]
    for s in sc.compare_setups():
        d = base
        for k, v in s.changes.items():
            d = set_field(d, k, v)
        out.append(d)
    return out


#: An input check solves the scenario once per value tried: beyond this estimated solve time
#: (seconds) the check is not made, so that loading stays quick (heavy damage dice).
CHECK_SECONDS = 0.05


def result_key(sc: Scenario) -> Any:
    """What a scenario reports, comparably: the exact distribution and side results, or, when the
    exact solver is refused, the opportunities the Monte Carlo kernel is given."""
    plans = [p for _w, p in sc.components]  # one plan, or one per combination of uncertain values
    stuck = tuple(p.always_stuck for p in plans)
    codes = tuple(o.code for o in sc.outcomes)
    if sc.has_exact:
        mode = "fraction" if sc.exact_fraction_ok else "float"
        # by outcome code, zeros left out: an option that only adds a row no trial can reach (the
        # 3.5 "strained" row when nothing is provoked) changes no result
        dist = {(codes[o], m): p for (o, m), p in sc.exact_distribution(mode).items() if p}
        return (stuck, sc.metric.code, dist, repr(sorted(sc.summary(mode).items(), key=str)))
    return (stuck, codes, sc.metric.n_bins, tuple((p.events, p.aoo, p.damage_rule) for p in plans))


@contextlib.contextmanager
def probing():
    """The scenarios built to try values: their own notes are dropped (a value tried is not one written)
    and, under ``--strict``, an input that changes nothing in them is no error (as without it): the
    verdict on each field is the same with and without ``--strict``."""
    with strict_inputs(False), collecting_notes():
        yield


class _Keys:
    """:func:`result_key` of each source built by ``build``, computed once (the scenario as written is
    solved once for all the fields checked, not once per field)."""

    def __init__(self, build):
        self.build = build
        self.memo: dict[str, Any] = {}

    def __call__(self, data: dict) -> Any:
        try:
            text = json.dumps(data, sort_keys=True, default=repr)
        except (TypeError, ValueError):
            text = None
        if text is not None and text in self.memo:
            hit = self.memo[text]
            if isinstance(hit, FleeoddsError):
                raise hit
            return hit
        with probing():
            try:
                key = result_key(self.build(data))
            except FleeoddsError as err:
                if text is not None:
                    self.memo[text] = err
                raise
        if text is not None:
            self.memo[text] = key
        return key


def _differs(build, contexts: list[dict], path: str, values: list[Any]) -> bool:
    keys = build if isinstance(build, _Keys) else _Keys(build)
    for data in contexts:
        seen = None
        for v in values:
            try:
                key = keys(set_field(data, path, v))
            except FleeoddsError as err:
                if getattr(err, "field", path) != path:
                    return True  # another written input needs this value (Stand Still needs Combat Reflexes)
                continue  # a value refused for itself here
            if seen is None:
                seen = key
            elif key != seen:
                return True
    return False


def _written(data: dict, table: dict[str, list[Any]], section: str) -> list[tuple[str, Any, list[Any]]]:
    out = []
    if section == "runner":
        tables = [("runner", data.get("runner"))]
    else:
        tables = [(f"enemies.{i}", e) for i, e in enumerate(data.get("enemies") or [])]
    for where, own in tables:
        if isinstance(own, dict):
            for name, values in table.items():
                if name in own:
                    out.append((f"{where}.{name}", own[name], values))
    return out


def check_results(data: dict, contexts: list[dict], build, check_only: frozenset[str] | None = None) -> None:
    """Note, by name, an option or a situational enemy field written in ``data`` that changes no
    result (:func:`result_key`) in any of ``contexts`` (the scenario, then each comparison setup:
    a field used by one ``compare_modes`` mode is accepted in the others). With ``check_only``, only
    those dotted fields are checked (``data`` derives from a scenario checked whole).

    Raises
    ------
    InputError
        Under ``--strict`` only: :func:`fleeodds.validation.no_effect` naming the first such field.
    """
    fields = [(f"options.{k}", v, _option_values(k)) for k, v in (data.get("options") or {}).items()
              if k in OptionsModel.model_fields and k not in SKIP_OPTIONS]
    fields += _written(data, ENEMY_VALUES, "enemies") + _written(data, SAME_AS_LEFT_OUT, "enemies")
    if "distracting_action" in data:
        fields.append(("distracting_action", data["distracting_action"], [False, True]))
    if check_only is not None:
        fields = [f for f in fields if f[0] in check_only]
    probe = None
    if fields:
        try:
            with probing():
                probe = build(dict(contexts[0]))
        except FleeoddsError:
            probe = None
        if probe is not None and (not probe.has_exact or probe.exact_seconds >= CHECK_SECONDS):
            # each value tried would cost a long exact solve, or there is none to compare:
            # the inputs are accepted unchecked rather than judged on a partial view
            return
    spec = probe.spec if probe is not None else None
    # a field at its default says nothing: it is not judged (no solve)
    fields = [f for f in fields if not says_nothing(f[0], f[1], spec)]
    keys = _Keys(build)
    for path, value, values in fields:
        if path.rsplit(".", 1)[-1] in SAME_AS_LEFT_OUT_NAMES:
            if _same_as_left_out(keys, contexts, path, value):
                note_inert(path, value, Message(N_("in this scenario: it gives the same results as leaving it out (no "
                                             "result changes: exact distribution, attacks, damage)")), spec)
            continue
        current = [get_field(c, path, None) for c in contexts]
        tried = list(values) + [v for v in current if v not in values]
        if not _differs(keys, contexts, path, tried):
            why = (Message(N_("in this scenario nor in its comparison setups (no result changes with it: exact "
                              "distribution, attacks, damage)")) if len(contexts) > 1 else
                   Message(N_("in this scenario (no result changes with it: exact distribution, attacks, damage)")))
            note_inert(path, value, why, spec)


#: Fields refused when the value written gives the same results as leaving the field out, whatever
#: other values would do (``aoo_left = 3`` for an enemy with one opportunity, ``count = 2`` past
#: enemies that cannot attack, ``on_hit = "prone"`` when staying in melee).
SAME_AS_LEFT_OUT: dict[str, list[Any]] = {"aoo_left": [], "count": [], "on_hit": [], "mastery": []}
SAME_AS_LEFT_OUT_NAMES = ("aoo_left", "count", "on_hit", "aoo_per_round", "mastery")


def _without(data: dict, path: str) -> dict:
    out = copy.deepcopy(dict(data))
    node: Any = out
    parts = path.split(".")
    for p in parts[:-1]:
        node = node[int(p)] if isinstance(node, list) else node[p]
    node.pop(parts[-1], None)
    return out


def _same_as_left_out(build, contexts: list[dict], path: str, value: Any) -> bool:
    """Whether ``path = value`` gives the results of leaving ``path`` out, in every context."""
    if (path.endswith(".count") and value == 1) or (path.endswith(".mastery") and value == "none"):
        return False  # the documented default, written out (a setup "without the mastery")
    keys = build if isinstance(build, _Keys) else _Keys(build)
    for data in contexts:
        try:
            if keys(set_field(data, path, value)) != keys(_without(data, path)):
                return False
        except (FleeoddsError, KeyError, IndexError, TypeError):
            return False
    return True


def unused_inputs(data: dict, contexts: list[dict], build) -> list[str]:
    """Stat-line values written in ``data`` (``runner.dex_bonus``, ``enemies.0.cmb``…) that change no
    result in the scenario nor in any comparison setup."""
    out = []
    keys = _Keys(build)
    for section, table in (("runner", RUNNER_CARD), ("enemies", ENEMY_CARD)):
        for path, value, values in _written(data, table, section):
            if path == "runner.hp_max":
                hp = get_field(data, "runner.hp", None)
                values = [hp, hp + 10, 2 * hp + 60, 1000] if isinstance(hp, int) else []
            if not _differs(keys, contexts, path, list(values) + [value]):
                out.append(path)
    return out
