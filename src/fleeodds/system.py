"""The contract every rules system fulfils, and the registry that finds them.

A rules system is one sub-package (``fleeodds.systems.<key>``) that exposes a
:class:`RulesSystem` object named ``SYSTEM``. The front (API, CLI, comparisons,
sweeps, reports) only ever talks to that object and to the :class:`Scenario`
objects it loads, through the methods declared here; it never names a system
nor probes a scenario for undeclared attributes.

Every system is found through an entry point in the ``fleeodds.systems`` group
whose value is a module (or object) holding a :class:`RulesSystem`: the shipped
ones are declared so in fleeodds' own ``pyproject.toml``, and a third-party
package adds its own the same way::

    [project.entry-points."fleeodds.systems"]
    coin_chase = "my_package.coin_chase"

:data:`DEFAULT_SYSTEMS` finds the shipped systems when fleeodds runs from a
source tree without installed metadata.

Systems are imported lazily, so that loading one system never compiles another's
kernels.
"""

from __future__ import annotations

import copy
import functools
import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, NamedTuple

import numpy as np

from .errors import FleeoddsError, InputError, error_message
from .language import Message, N_, SOURCE_LANG, Written, available_langs, use_lang
from .outcomes import Metric, NO_METRIC, Outcome, as_message
from .validation import (InputNote, collecting_notes, equals_default, no_effect, number_text_hint,  # noqa: F401
                         schema_default, set_field, short_repr, strict_inputs_on)

#: Systems shipped with fleeodds: key -> module holding ``SYSTEM`` (their entry points, declared in
#: ``pyproject.toml``, come first; this is the fallback of a source tree without installed metadata).
DEFAULT_SYSTEMS: dict[str, str] = {
    "warhammer": "fleeodds.systems.warhammer",
    "dnd": "fleeodds.systems.dnd",
    "hell_dorado": "fleeodds.systems.hell_dorado",
}
ENTRY_POINT_GROUP = "fleeodds.systems"

#: The key of the comparison table in every scenario file.
COMPARE_KEY = "compare"
#: Inside a comparison setup, the optional French label of the setup.
LABEL_FR_KEY = "label_fr"
#: Most setups a scenario may compare side by side.
MAX_SETUPS = 32
#: The scenario file's French title, beside ``title`` (read by every system, see :meth:`RulesSystem.load`).
TITLE_FR_KEY = "title_fr"
#: Longest title a scenario file may give (characters).
MAX_TITLE = 200
#: The key of the decision table in every scenario file (read by :mod:`fleeodds.decisions`, never by a system).
DECIDE_KEY = "decide"


def value_label(names: Any) -> Message:
    """A value's name (:attr:`RulesSystem.value_labels`) as a :class:`~fleeodds.language.Message`: a label
    marked ``N_()`` (or a Message) from the catalogue; an ``(English, French)`` pair given by a data file
    (a unit's army-book name) as a :class:`~fleeodds.language.Written`."""
    if isinstance(names, (tuple, list)) and len(names) == 2:
        return Written(str(names[0]), fr=str(names[1]))
    return as_message(names if isinstance(names, str) else str(names))


def label_texts(names: Any) -> tuple[str, ...]:
    """A value's name (as :func:`value_label` reads it) in every language with a catalogue, English first:
    the texts a written value may be (``"withdraw"``, ``"retraite"``)."""
    label = value_label(names)
    return tuple(dict.fromkeys(label.render(lg) for lg in available_langs()))


class Setup(NamedTuple):
    """One comparison setup: its label (English text; a :class:`~fleeodds.language.Message`, or a
    :class:`~fleeodds.language.Written` label with the file's ``label_fr``) and the field changes that make it."""

    name: str
    changes: dict[str, Any]

    def label(self) -> Message:
        """The label, rendered in the reader's language where it is shown (``.render()``)."""
        return as_message(self.name)


class Variant(NamedTuple):
    """A comparison setup built: its label (as :class:`Setup`'s) and the scenario."""

    name: str
    scenario: "Scenario"

    def label(self) -> Message:
        """The label, rendered in the reader's language where it is shown (``.render()``)."""
        return as_message(self.name)


@dataclass(frozen=True)
class RollChoice:
    """A choice made after seeing a roll: keep the result, or roll again and keep the second (a Battle
    Standard's re-roll where the second result stands). Declared by a rules system
    (:attr:`RulesSystem.roll_choices`); :mod:`fleeodds.decisions` finds the best policy by backward
    induction over the scenario's exact distribution.

    Attributes
    ----------
    name : str
        The choice, for people ("re-roll the Break test with the Battle Standard"), marked ``N_()``.
    base_changes : dict
        Field changes that give the scenario with no re-roll at all (its exact distribution is read).
    results : tuple of (code, label marked ``N_()``, outcome codes)
        The classes of the first roll's result, each with the scenario's outcome codes it leads to: the outcome
        sets partition the scenario's outcomes, and what follows a result depends on its class only.
    """

    name: str
    base_changes: dict
    results: tuple

    def label(self) -> Message:
        """The choice's label, rendered in the reader's language where it is shown (``.render()``)."""
        return as_message(self.name)


class Scenario(ABC):
    """A validated situation of one rules system.

    A system's loader builds it from the source table (the parsed TOML file or
    an equivalent dict) and the folder relative paths are read from; both are
    kept, so that any scenario can be rebuilt with fields changed
    (:meth:`with_changes`), whatever derived it.

    Subclasses set :attr:`title`, :attr:`outcomes` and :attr:`metric` and
    implement :meth:`exact_distribution`, :meth:`kernel` and :meth:`describe`.
    Every other hook has a default.

    Parameters
    ----------
    source : dict
        The scenario's fields as given (deep-copied), with its ``system`` key.
    base_dir : pathlib.Path
        Folder that relative file names in ``source`` are read from.
    """

    title: str = ""
    #: Notes of the inputs accepted that change nothing here (set by :meth:`RulesSystem.load`).
    _input_notes: tuple[InputNote, ...] = ()
    #: The ``check_only`` scope the scenario was loaded with (set by :meth:`RulesSystem.load`): ``None`` when
    #: every input was checked; rebuild it from its source with the same scope.
    check_only: frozenset[str] | None = None
    #: The file's French title (``title_fr``), or ``""`` when it gives none.
    title_fr: str = ""
    outcomes: tuple[Outcome, ...] = ()
    metric: Metric = NO_METRIC

    def __init__(self, source: dict, base_dir: Path | None = None):
        self.source: dict = copy.deepcopy(source)
        self.base_dir: Path = Path(base_dir) if base_dir is not None else Path.cwd()

    @property
    def system(self) -> str:
        """The key of the rules system (``source["system"]``)."""
        return str(self.source.get("system", ""))

    def title_label(self) -> Message:
        """The title to show, rendered in the reader's language where it is shown (``.render()``): the
        file's ``title_fr`` in French when it gives one, else :attr:`title` (a title built from unit names
        reads the same in both languages)."""
        if isinstance(self.title, Message):
            return self.title
        return Written(self.title, fr=self.title_fr)

    # -- evaluation ----------------------------------------------------------------
    @property
    def has_exact(self) -> bool:
        """Whether :meth:`exact_distribution` can evaluate this scenario."""
        return True

    @property
    def exact_refusal(self) -> str:
        """Why :attr:`has_exact` is false (e.g. "the chain has 40 million states"), or ``""``."""
        return ""

    @property
    def exact_seconds(self) -> float:
        """A rough estimate of the exact solver's time on this machine (seconds; 0 when quick).

        The front says a word before a long exact solve.
        """
        return 0.0

    @property
    def exact_fraction_ok(self) -> bool:
        """Whether the exact solver should run in rational arithmetic (else float64)."""
        return True

    @abstractmethod
    def exact_distribution(self, mode: str = "float") -> dict[tuple[int, int], float | Fraction]:
        """Exact probability of each ``(outcome index, metric value)``.

        Parameters
        ----------
        mode : {"float", "fraction"}
            ``"fraction"`` returns :class:`fractions.Fraction` values.

        Raises
        ------
        InputError
            For another mode (:func:`fleeodds.validation.check_exact_mode`), or if
            :attr:`has_exact` is false.
        """

    @abstractmethod
    def kernel(self) -> Callable[[int, int, int], np.ndarray]:
        """Monte Carlo kernel ``(seed, start, n) -> int64 counts (n_outcomes, metric.n_bins)``."""

    def trial_kernel(self) -> Callable[[int, int, int], np.ndarray]:
        """Per-trial kernel ``(seed, start, n) -> int64 array of shape (n,)``.

        Element ``k`` is the outcome index (order of :attr:`outcomes`) of trial
        ``start + k``: the same trials, with the same dice, as :meth:`kernel`
        counts. Paired comparisons on common random numbers
        (:func:`fleeodds.engine.simulate_paired`) need it.

        Raises
        ------
        NotImplementedError
            If the scenario type has no per-trial kernel (see :attr:`has_trial_kernel`).
        """
        raise NotImplementedError(f"{type(self).__name__} has no per-trial kernel")

    @property
    def plan(self) -> Any:
        """The resolved numbers the scenario is evaluated from: a frozen, hashable object (a frozen
        dataclass, or a tuple of them), or ``None`` (default: the scenario declares none).

        It is the exact cache key (see :meth:`exact_cache_key`): two scenarios of the same
        scenario type with equal plans have the same outcomes (codes, in the same order) and the
        same exact distribution. What only names or describes (titles, unit names, notes) stays
        out of it, so that units that differ only there share one plan.

        A system overrides this property, or sets ``self.plan`` once when it builds the scenario.
        """
        return self.__dict__.get("plan")

    @plan.setter
    def plan(self, value: Any) -> None:
        self.__dict__["plan"] = value

    def exact_cache_key(self) -> Any:
        """A hashable key of the numbers :meth:`exact_distribution` reads, or ``None`` (no caching).

        Two scenarios of the same system with equal keys must have the same outcomes (codes, in
        the same order) and the same exact distribution; the front then solves the chain once
        (an army-against-army matrix, where many units share M, Ld and rules).

        Default: ``(type(self).__qualname__, self.plan)``, or ``None`` when :attr:`plan` is None.
        A system overrides it only when the plan alone does not determine the distribution.
        """
        plan = self.plan
        return None if plan is None else (type(self).__qualname__, plan)

    @property
    def has_trial_kernel(self) -> bool:
        """Whether :meth:`trial_kernel` is implemented for this scenario."""
        return type(self).trial_kernel is not Scenario.trial_kernel

    @abstractmethod
    def describe(self) -> dict[str, Any]:
        """The validated scenario as plain JSON-able data, for the manifest."""

    def summary(self, mode: str = "fraction") -> dict[str, Any]:
        """Exact side results worth printing next to the outcomes (``{}`` by default).

        In ``"fraction"`` mode every probability is a :class:`fractions.Fraction`.
        """
        return {}

    def notes(self) -> list[str]:
        """Sentences a reader needs next to the odds, in the reader's language (``[]`` by default).

        A system says here what the numbers rest on that the title does not tell,
        e.g. which adversary attacks, with how many dice and why it was chosen.
        They are printed after the one-sentence summary and kept in the manifest (one list per language:
        the evaluation asks again in each, :func:`fleeodds.language.use_lang`).
        """
        return []

    def rule_sources(self) -> list[dict[str, str]]:
        """The rules the answer rests on and where each is written (``[]`` by default).

        Each item is ``{"rule": ..., "edition": ..., "source": ...}``: the rule's name in the game's
        own terms, the edition (or rules version) it is read from, and the page, section or FAQ
        version that gives it (a rules-index page with its "last updated" date, a rulebook page).
        The manifest keeps them (``rule_sources``) and ``fleeodds run -d`` prints them.
        """
        return []

    def table_shapes(self) -> dict[str, Any] | None:
        """The table seen from above, as shapes for a map, or ``None`` (default: the scenario places
        nothing on a table).

        A scenario whose pieces stand at positions (a Hell Dorado Fuite or Attraction placed on the
        table) returns plain data, read from what it already resolved (no odds are computed), that
        :func:`fleeodds.report.charts.table_chart` draws and the web page draws while the form is
        edited. Lengths are in the scenario's own unit.

        Returns
        -------
        dict or None
            ``bases``: list of ``{x, y, r, side, name}`` (a round base: centre and radius; ``side`` is
            ``mover`` — the piece the question follows —, ``enemy`` or ``ally``); ``terrain``: list of
            polygons ``[[x, y], ...]``; optional ``path`` (``[[x, y], ...]``, the move), ``end``
            (``{x, y, r}``: where the mover stops), ``destination`` (``[x, y]``), ``rings`` (list of
            ``{x, y, r, name}``: circles such as a zone of effect), ``zones`` (list of ``{shape: "disc",
            x, y, r, name}`` or ``{shape: "rect", x0, y0, x1, y1, name}``: areas where a piece is placed at
            random), ``chargers`` (names, said under the map), ``unit`` (``{"one": {"en", "fr"}, "other":
            {"en", "fr"}}``, the length unit's singular and plural) and ``labels`` (``{kind: {"en", "fr"}}``:
            the legend's words for a side or a kind of shape — ``terrain``, ``path``, ``end``,
            ``destination``, ``ring``, ``zone`` —, and ``again``, the line said with ``chargers``, with
            ``{names}``).
        """
        return None

    def summary_sentences(self, probabilities: dict[str, float]) -> list[str]:
        """Short sentences saying the answer in the reader's language, in place of the one-sentence list of
        every outcome (``[]`` by default: the front builds that sentence from the title and outcome labels).

        ``probabilities``: outcome code -> probability (exact where available). A system writes
        them when its outcomes group naturally (who won a fight, then what the loser did).
        """
        return []

    def outcome_groups(self) -> list[tuple[str, list[str]]] | None:
        """Groups of outcome codes a chart stacks (``[(group name in the reader's language, [codes])]``, in
        drawing order), when the outcomes group naturally (a fight: one side's wins, neither, the other side's wins); ``None`` by
        default (one bar per outcome)."""
        return None

    @property
    def outcome_order(self) -> tuple[str, ...] | None:
        """Outcome codes from best to worst for the fleeing side, when the outcomes are ordered
        (``None`` by default: no order, no "at least" / "at most" views).

        A system declares it when its outcomes are steps of one scale (unharmed <
        wounded < down < dead); the front then adds cumulative views
        ("at least wounded", "at most down") to tables and comparisons. Codes of
        :attr:`outcomes` left out of the order take no part in the cumulative views.
        """
        return None

    def outcome_index(self, code: str) -> int:
        """Index of the outcome ``code`` in :attr:`outcomes`.

        Raises
        ------
        InputError
            For an unknown code (the message lists the scenario's outcomes).
        """
        for i, o in enumerate(self.outcomes):
            if o.code == code:
                return i
        raise InputError("outcome", code, Message(N_("one of {choices}"), choices=", ".join(o.code for o in self.outcomes)))

    # -- derived scenarios ------------------------------------------------------------
    def base_source(self) -> dict:
        """The source without its comparison setups (and their shorthands) and without its ``[decide]`` table."""
        data = copy.deepcopy(self.source)
        for path in get_system(self.system).compare_paths:
            _pop_path(data, path)
        data.pop(DECIDE_KEY, None)
        return data

    def with_changes(self, changes: dict[str, Any]) -> "Scenario":
        """A copy with dotted fields changed, e.g. ``{"fleeing.leadership": 8}`` or
        ``{"enemies.0.damage": "1d8"}``, validated again by the rules system.

        The copy has no comparison setups of its own.

        Raises
        ------
        InputError
            For a path through a value that is not a table, an index out of range,
            or a value the rules system refuses (its own message).
        """
        if not isinstance(changes, dict):
            raise InputError("changes", short_repr(changes), Message(N_("a table of field.path = value")))
        data = self.base_source()
        for dotted, value in changes.items():
            if value is None:  # a scenario file cannot hold "nothing": TOML has no null
                raise InputError(str(dotted), None, Message(N_("a value (a number, text, true/false, a list or a table)")))
            data = set_field(data, dotted, value)
        # the fields not changed here were checked with the whole scenario, against each of its setups
        return get_system(self.system).load(data, self.base_dir, check_only=frozenset(changes))

    def compare_setups(self) -> list[Setup]:
        """The comparison setups of the source, from its ``[compare]`` table.

        ``[compare]`` maps a label to field changes: ``"Ld 8" = { "fleeing.leadership" = 8 }``;
        the optional key ``label_fr`` gives the French label. Systems that accept
        shorthands (D&D ``compare_modes``, Hell Dorado ``fuite.compare``) extend
        this list.

        Raises
        ------
        InputError
            For a ``[compare]`` that is not a table, an empty one, or a setup that is
            not a table of changes.
        """
        table = self.source.get(COMPARE_KEY)
        if table is None:
            return []
        return self.named_setups(parse_compare_table(table))

    def named_setups(self, setups: list[Setup]) -> list[Setup]:
        """Setups labelled by the value they set, as written (``"6th" = { edition = "6th" }``), without
        a ``label_fr``, take the rules system's French name of that value
        (:attr:`RulesSystem.value_labels`: "6e édition"); every label written is kept."""
        try:
            rules_system = get_system(self.system)
            names_of = rules_system.value_labels or {}
        except (FleeoddsError, TypeError):
            return setups
        out = []
        for s in setups:
            if len(s.changes) == 1:
                (path, value), = s.changes.items()
                generic = ".".join("*" if p.isdigit() else p for p in str(path).split("."))
                names = names_of.get(path) or names_of.get(generic) or {}
                code = rules_system.code_of(str(path), value)  # "retraite" written: the code "withdraw"
                key = code.lower() if isinstance(code, str) and code not in names else code
                small = not isinstance(value, int) or abs(value) < 10 ** 100  # str() of a huge int raises
                if small and s.name == str(value) and not getattr(s.name, "translations", None) \
                        and isinstance(key, (str, int, float)) and key in names:
                    # the English label stays as written when it is the code; a label written stands for its
                    # code and reads in each language ("retraite": "withdraw" / "retraite")
                    named = value_label(names[key])
                    if code is value:
                        named = Written(str(s.name), **{lg: named.render(lg) for lg in available_langs()
                                                         if lg != SOURCE_LANG})
                    s = Setup(named, s.changes)
            out.append(s)
        return out

    def variants(self) -> list[Variant]:
        """Every comparison setup, built (``[]`` when the scenario has none).

        Raises
        ------
        FleeoddsError
            For an invalid setup, the message starting with ``compare.<label>``.
        """
        setups = self.compare_setups()
        if not setups:
            where = self._compare_field()
            given, value = _given(self.source, where)
            if given:  # a shorthand written empty (compare_modes = []): it compares nothing
                raise no_effect(where, value, Message(N_("(an empty list compares nothing)")))
        if len(setups) > MAX_SETUPS:
            raise InputError(COMPARE_KEY, f"{len(setups)} setups", Message(N_("at most {n} setups side by side"), n=MAX_SETUPS))
        seen: dict[str, str] = {}
        for s in setups:
            try:
                key = repr(sorted(s.changes.items(), key=lambda kv: kv[0]))
            except ValueError:  # an int too long to write: refused by the system's checks just below
                key = f"<unwritable {len(seen)}>"
            if key in seen:
                raise InputError(f"{COMPARE_KEY}.{s.name}", short_repr(s.changes),
                                 Message(N_("changes that differ from those of setup {setup!r} (they are the same)"),
                                         setup=seen[key]))
            seen[key] = str(s.name)
        labels = [str(s.name) for s in setups]
        if len(set(labels)) != len(labels):
            raise InputError(COMPARE_KEY, labels, Message(N_("distinct setup labels")))
        out = []
        for s in setups:
            try:
                out.append(Variant(s.name, self.with_changes(s.changes)))
            except FleeoddsError as exc:
                raise FleeoddsError(Message(N_("compare.{setup}: {error}"), setup=s.name, error=error_message(exc))) from None
        return out

    def one_setup_error(self) -> InputError:
        """The error for a scenario with one comparison setup where setups are compared side by side
        (``fleeodds run``): one setup alone compares nothing."""
        return InputError(self._compare_field(), str(self.compare_setups()[0].name),
                          Message(N_("at least two setups to compare (one setup alone compares nothing: write its "
                          "changes in the scenario itself, or add a second setup)")))

    def _compare_field(self) -> str:
        """The field that holds this scenario's setups: ``compare``, or the system's shorthand given."""
        if COMPARE_KEY in self.source:
            return COMPARE_KEY
        try:
            paths = get_system(self.system).compare_paths
        except (FleeoddsError, TypeError):
            return COMPARE_KEY
        for path in paths:
            if _given(self.source, path)[0]:
                return path
        return COMPARE_KEY

    def unused_inputs(self) -> list[str]:
        """Dotted paths of values given in the source that change nothing in this situation but are
        accepted because they describe a unit or fighter (a card's characteristics copied whole).

        The front says so ("not used in this situation: …"); every other input that changes
        nothing is refused by the system's loader.
        """
        return []

    def input_notes(self) -> list[InputNote]:
        """Inputs this scenario accepted although they change nothing here (the input policy: a modelled
        input with no effect in this situation is a note, never an error; one written at its default is not
        even a note). The front prints them (``note: …`` on standard error, ``notes`` in the manifest, the
        web answer card); under ``--strict`` they are errors instead (:func:`fleeodds.validation.inert`)."""
        return list(self._input_notes)

    def unit_name(self, role: str) -> str:
        """The name of the unit in ``role`` (one of :attr:`RulesSystem.roles`), for a ranking to
        name the opponent; ``""`` by default (unknown)."""
        return ""

    def with_unit(self, role: str, profile: dict[str, Any]) -> "Scenario":
        """A copy with the unit of ``role`` replaced by an imported profile (list building).

        Raises
        ------
        InputError
            If the system has no list building (see :attr:`RulesSystem.roles`).
        """
        raise InputError("scenario", self.system, Message(N_("a scenario of a rules system with list building")))


def parse_compare_table(table: Any, where: str = COMPARE_KEY) -> list[Setup]:
    """The setups of a ``[compare]`` table ``{label: {field.path: value, label_fr?: str}}``.

    Raises
    ------
    InputError
        Naming ``compare`` or ``compare.<label>`` and what is allowed.
    """
    example = '"Ld 8" = { "fleeing.leadership" = 8 }'
    if not isinstance(table, dict):
        raise InputError(where, short_repr(table), Message(N_("a table of setups, e.g. {example}"), example=example))
    if not table:
        raise InputError(where, {}, Message(N_("at least one setup, e.g. {example}"), example=example))
    out = []
    for label, changes in table.items():
        if not str(label).strip():
            raise InputError(where, label, Message(N_("setup labels that are not empty")))
        if not isinstance(changes, dict) or not changes:
            raise InputError(f"{where}.{label}", short_repr(changes), Message(N_("a table of field.path = value changes")))
        changes = dict(changes)
        fr = changes.pop(LABEL_FR_KEY, None)
        if fr is not None and (not isinstance(fr, str) or not fr.strip()):
            raise InputError(f"{where}.{label}.{LABEL_FR_KEY}", short_repr(fr), Message(N_("a French label (text)")))
        if not changes:
            raise InputError(f"{where}.{label}", short_repr(changes), Message(N_("at least one field.path = value change")))
        out.append(Setup(Written(str(label), fr=fr), changes))
    return out


def _given(data: Any, dotted: str) -> tuple[bool, Any]:
    """``(True, value)`` if ``dotted`` is written in ``data``, else ``(False, None)``."""
    node = data
    for p in str(dotted).split("."):
        if isinstance(node, dict) and p in node:
            node = node[p]
        elif isinstance(node, list) and p.isdigit() and int(p) < len(node):
            node = node[int(p)]
        else:
            return False, None
    return True, node


def _pop_path(data: dict, dotted: str) -> None:
    node: Any = data
    parts = dotted.split(".")
    for p in parts[:-1]:
        node = node.get(p) if isinstance(node, dict) else None
        if node is None:
            return
    if isinstance(node, dict):
        node.pop(parts[-1], None)


@dataclass(frozen=True)
class RulesSystem:
    """What a rules system declares to the front.

    Attributes
    ----------
    key : str
        The ``system = "…"`` value of its scenario files.
    title : str
        Its name for people, in English, marked ``N_()`` (the catalogue holds the other languages).
    title_fr : str, optional
        A plug-in's French name when the catalogue has none (the shipped systems leave it empty).
    loader : callable ``(data: dict, base_dir: Path, *, check_only: frozenset[str] | None = None) -> Scenario``
        Validates a source table and builds the scenario (the scenario keeps
        ``data`` and ``base_dir``). ``check_only`` scopes the checks of inputs
        that change nothing: ``None`` checks every field; a set checks only
        those dotted fields (a scenario derived from one already checked whole,
        e.g. a comparison setup, names the fields its derivation set). It is
        passed only when not None, so a two-argument loader works too (it then
        checks everything every time).
    schema : callable ``() -> dict``
        The JSON Schema of a scenario file, with every field's title,
        description, unit, default and allowed values in the reader's language
        (:func:`fleeodds.language.use_lang`).
    compare_paths : tuple of str
        Dotted paths of the comparison setups and their shorthands, removed from a
        setup's own source.
    roles : tuple of str
        Roles a list-building unit can take (``with_unit``); empty without list building.
    list_building : ListBuilding or str, optional
        The system's list building (:class:`fleeodds.list_building.ListBuilding`), or the dotted
        name of a module holding one as ``LIST_BUILDING`` (imported only when a ranking or a
        matrix needs it); ``None`` without list building.
    benchmark : callable ``() -> Scenario``, optional
        A representative scenario for throughput benchmarks.
    value_labels : dict, optional
        Names of field values for charts and tables: ``{dotted field: {value: (en, fr)}}``,
        e.g. ``{"edition": {"6th": ("6th edition", "6e édition")}}``; a list index in the
        path is written ``*`` (``enemies.*.damage``). Default: none (values shown as written).
        :meth:`load` also reads a written label (English or French, casefolded, accents and spaces
        normalised) as its code (:meth:`code_of`): ``mode = "retraite"`` is ``mode = "withdraw"``.
    decision_points : callable ``(scenario: Scenario) -> dict``, optional
        The choices a player makes in this scenario, ``{dotted field: (allowed values, ...)}`` (a charge
        reaction, a re-roll policy, a movement mode): the fields a ``[decide]`` table may name
        (:mod:`fleeodds.decisions`). Default: none.
    roll_choices : callable ``(scenario: Scenario) -> dict``, optional
        The choices made after seeing a roll in this scenario, ``{name: RollChoice}`` (``[decide]
        after_roll = [name]``). Default: none.
    goals : dict, optional
        Named outcome sets a ``[decide]`` table may aim at, ``{name: (label marked N_(), (outcome
        codes, ...))}``, e.g. ``{"not_destroyed": (...)}``; outcome codes and ``not_<code>`` work without being
        declared. Default: none.
    """

    key: str
    title: str
    loader: Callable[..., Scenario]
    schema: Callable[[str], dict]
    compare_paths: tuple[str, ...] = (COMPARE_KEY,)
    roles: tuple[str, ...] = ()
    benchmark: Callable[[], Scenario] | None = None
    list_building: Any = field(default=None, compare=False)  # ListBuilding | dotted module name | None
    value_labels: dict[str, dict[Any, tuple[str, str]]] = field(default_factory=dict, compare=False)
    decision_points: Callable[["Scenario"], dict[str, tuple[Any, ...]]] | None = field(default=None, compare=False)
    goals: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict, compare=False)
    roll_choices: Callable[["Scenario"], dict[str, RollChoice]] | None = field(default=None, compare=False)
    title_fr: str = field(default="", compare=False)

    def label(self) -> Message:
        """The system's name (marked ``N_()`` where written), rendered in the reader's language where it is
        shown (``.render()``); a plug-in's ``title_fr`` when it gives one and the catalogue has no French."""
        if self.title_fr and self.title_fr != self.title:
            return Written(self.title, fr=self.title_fr)
        return as_message(self.title)

    def load(self, data: dict, base_dir: Path | None = None, *,
             check_only: frozenset[str] | set[str] | None = None) -> Scenario:
        """Validate ``data`` and build its scenario.

        Parameters
        ----------
        data : dict
            The scenario's fields (a parsed TOML file), with its ``system`` key.
        base_dir : pathlib.Path, optional
            Folder relative file names are read from (default: the current directory).
        check_only : set of str, optional
            Forwarded to the loader when given (see :attr:`loader`): only these dotted fields are
            checked for inputs that change nothing.

        Raises
        ------
        FleeoddsError
            Naming the invalid field, its value and what is allowed.
        """
        if not isinstance(data, dict):
            raise InputError("scenario", short_repr(data), Message(N_("a table of fields")))
        title_fr = data.get(TITLE_FR_KEY)
        if title_fr is not None:  # read here for every system: their own models never see it
            if not isinstance(title_fr, str) or not title_fr.strip() or len(title_fr) > MAX_TITLE:
                raise InputError(TITLE_FR_KEY, short_repr(title_fr),
                                 Message(N_("the scenario's French title: a text of 1 to {n} characters"), n=MAX_TITLE))
            data = copy.copy(data)
            del data[TITLE_FR_KEY]
        decision = data.get(DECIDE_KEY)
        if decision is not None:  # read by fleeodds.decisions for every system: their own models never see it
            if not isinstance(decision, dict):
                raise InputError(DECIDE_KEY, short_repr(decision),
                                 Message(N_('a [decide] table: goal = "…" and choices = ["field", …]')))
            data = copy.copy(data)
            del data[DECIDE_KEY]
        folder = Path(base_dir) if base_dir is not None else Path.cwd()
        written = data
        data = self.with_codes(data)  # "retraite" for mode = "withdraw": the loader sees codes only
        with collecting_notes() as notes:
            if check_only is None or not _takes_check_only(self.loader):  # a two-argument loader keeps working
                scenario = self.loader(data, folder)
            else:
                scenario = self.loader(data, folder, check_only=frozenset(check_only))
        if not isinstance(scenario, Scenario):  # a broken plug-in, not a user error
            raise TypeError(f"system {self.key!r}: loader returned {type(scenario).__name__}, not a Scenario")
        scenario.check_only = None if check_only is None else frozenset(check_only)
        scenario._input_notes = tuple(_as_written(written, n) for n in notes if not self._at_default(data, n))
        if scenario._input_notes and strict_inputs_on():  # --strict: the first note is the error
            first = scenario._input_notes[0]
            raise no_effect(first.field, first.value, first.context)
        if title_fr is not None:
            scenario.title_fr = title_fr.strip()
            scenario.source[TITLE_FR_KEY] = title_fr  # the source stays as given (its models ignore the key)
        if decision is not None:
            scenario.source[DECIDE_KEY] = copy.deepcopy(decision)
        scenario.variants()  # an invalid comparison setup is an error now, not when it is run
        return scenario


    # -- codes or labels ------------------------------------------------------------------
    def _label_codes(self) -> dict[str, dict[str, Any]]:
        """``{dotted field: {folded label: code}}`` from :attr:`value_labels` (English and French labels; a
        label shared by several codes, synonyms such as ``5e`` / ``5e2014``, names the first declared)."""
        cached = _ALIASES.get(self.key)
        if cached is not None and cached[0] is self.value_labels:
            return cached[1]
        table: dict[str, dict[str, Any]] = {}
        for dotted, names in (self.value_labels or {}).items():
            if not isinstance(names, dict):
                continue
            codes: dict[str, Any] = {}
            for code, labels in names.items():
                if not isinstance(labels, (str, tuple, list)):
                    continue
                for label in label_texts(labels):
                    key = fold_label(label) if isinstance(label, str) else ""
                    if key and not number_text_hint(label, "int_type"):  # a number is never a label
                        codes.setdefault(key, code)
            table[str(dotted)] = codes
        _ALIASES[self.key] = (self.value_labels, table)
        return table

    def code_of(self, dotted: str, value: Any) -> Any:
        """The code a written value stands for in the field ``dotted`` (``enemies.0.on_hit`` or
        ``enemies.*.on_hit``): ``"withdraw"`` for ``"retraite"`` or ``"Withdraw"`` in D&D's ``mode``;
        the value itself when it is a code already, is not text, or names no code.

        A written text equal to a code's English or French label (:attr:`value_labels`; compared
        casefolded, accents and spaces normalised: ``8e edition`` is ``8e édition``) stands for the code.
        """
        if not isinstance(value, str):
            return value
        generic = ".".join("*" if p.isdigit() else p for p in str(dotted).split("."))
        names = (self.value_labels or {}).get(dotted) or (self.value_labels or {}).get(generic)
        if not isinstance(names, dict) or value in names:
            return value
        folded = fold_label(value)
        for c in names:
            if isinstance(c, str) and fold_label(c) == folded:  # a code, not a label (the lance, not "Lance" = spear)
                # a case apart ("Night Goblins" for a profile keyed "night goblins") stays as written
                return value if value.casefold() == c.casefold() else c
        codes = self._label_codes().get(dotted if dotted in self.value_labels else generic) or {}
        return codes.get(folded, value)

    def with_codes(self, data: dict) -> dict:
        """``data`` with every written label of a coded field replaced by its code (:meth:`code_of`), lists
        of codes (``rules = ["Tenace"]``) item by item; ``data`` itself when nothing is a label (a copy
        otherwise: the caller's table is never changed)."""
        if not self.value_labels or not isinstance(data, dict):
            return data
        out = data
        for dotted in self.value_labels:
            for path, value in _matches(data, str(dotted).split(".")):
                if isinstance(value, list):
                    new: Any = [self.code_of(dotted, v) for v in value]
                    if all(a is b for a, b in zip(new, value)):
                        continue
                else:
                    new = self.code_of(dotted, value)
                    if new is value:
                        continue
                if out is data:
                    out = copy.deepcopy(data)
                out = set_field(out, path, new)
        return out

    def _at_default(self, data: dict, note: InputNote) -> bool:
        """Whether the input of ``note`` is written at its documented default (then nothing is said)."""
        given, value = _given(data, note.field)
        if not given:
            value = note.value
        schema = _SCHEMAS.get(self.key)
        if schema is None:
            try:
                with use_lang("en"):
                    schema = _SCHEMAS[self.key] = self.schema()
            except Exception:  # noqa: BLE001 - a plug-in without a usable schema: every note is kept
                schema = _SCHEMAS[self.key] = {}
        known, default = schema_default(schema, note.field)
        return known and equals_default(value, default)


@functools.lru_cache(maxsize=None)  # read once per loader: a sweep loads every cell through it
def _takes_check_only(loader: Callable) -> bool:
    """Whether a loader takes the ``check_only`` keyword (a third party's may take two arguments only)."""
    import inspect

    try:
        params = inspect.signature(loader).parameters
    except (TypeError, ValueError):  # a builtin or C callable: call it the plain way
        return False
    return "check_only" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


#: Each system's English schema, read once for the documented defaults (:meth:`RulesSystem._at_default`).
_SCHEMAS: dict[str, dict] = {}
#: Each system's labels -> codes, by field (:meth:`RulesSystem._label_codes`), with the value_labels read.
_ALIASES: dict[str, tuple[Any, dict[str, dict[str, Any]]]] = {}


def fold_label(text: str) -> str:
    """A label as compared with what a user wrote: casefolded, accents removed, apostrophes and dashes
    made plain, spaces (non-breaking ones too) collapsed: ``"8e Édition"`` and ``" 8e  edition"`` fold alike."""
    import unicodedata

    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u2013", "-").replace("\u2014", "-")
    return " ".join(text.casefold().split())


def _as_written(data: dict, note: InputNote) -> InputNote:
    """``note`` with the value as the file wrote it (``14``, not the model's ``14.0``; a label, not its code)."""
    given, value = _given(data, note.field)
    return note._replace(value=value) if given and not isinstance(value, (dict, list)) else note


def _matches(data: Any, parts: list[str], done: tuple[str, ...] = ()) -> list[tuple[str, Any]]:
    """``(dotted path, value)`` of every written value at the path ``parts`` (``*``: any list index)."""
    if not parts:
        return [(".".join(done), data)]
    head, rest = parts[0], parts[1:]
    if head == "*":
        if not isinstance(data, list):
            return []
        return [m for i, item in enumerate(data) for m in _matches(item, rest, (*done, str(i)))]
    if isinstance(data, dict) and head in data:
        return _matches(data[head], rest, (*done, head))
    return []
_REGISTRY: dict[str, RulesSystem] = {}
_ENTRY_POINTS: dict[str, Any] | None = None


def register(system: RulesSystem) -> RulesSystem:
    """Add (or replace) a rules system in this process's registry; returns it."""
    if not isinstance(system, RulesSystem):
        raise TypeError(f"expected a RulesSystem, got {type(system).__name__}")
    _REGISTRY[system.key] = system
    return system


def unregister(key: str) -> None:
    """Remove a system registered with :func:`register` (tests use it)."""
    _REGISTRY.pop(key, None)


def _entry_points() -> dict[str, Any]:
    global _ENTRY_POINTS
    if _ENTRY_POINTS is None:
        from importlib.metadata import entry_points

        _ENTRY_POINTS = {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return _ENTRY_POINTS


def system_keys() -> list[str]:
    """Every known system key: shipped, installed through entry points, registered."""
    return list(dict.fromkeys([*DEFAULT_SYSTEMS, *_entry_points(), *_REGISTRY]))


def get_system(key: Any) -> RulesSystem:
    """The rules system of ``key``.

    Raises
    ------
    InputError
        For an unknown key or one that is not a string (the message lists the known keys).
    """
    allowed = Message(N_("one of {choices}"), choices=", ".join(f"'{s}'" for s in system_keys()))
    if not isinstance(key, str):
        raise InputError("system", short_repr(key), allowed)
    if key in _REGISTRY:
        return _REGISTRY[key]
    if key in _entry_points():
        target: Any = _entry_points()[key].load()
    elif key in DEFAULT_SYSTEMS:
        target = importlib.import_module(DEFAULT_SYSTEMS[key])
    else:
        raise InputError("system", short_repr(key), allowed)
    system = getattr(target, "SYSTEM", target)  # a module holding SYSTEM, or the object itself
    if not isinstance(system, RulesSystem) or system.key != key:
        raise TypeError(f"{key!r} does not provide a RulesSystem with that key")
    return register(system)


def scenario_from_dict(data: Any, base_dir: Path | None = None) -> Scenario:
    """Build a :class:`Scenario` from parsed TOML data (a dict with a ``system`` key).

    Raises
    ------
    InputError
        If ``data`` is not a table, has no known ``system``, or any field is invalid.
    """
    if not isinstance(data, dict):
        raise InputError("scenario", short_repr(data), Message(N_("a table of fields")))
    if "system" not in data:
        raise InputError("system", None, Message(N_("one of {choices}"), choices=", ".join(f"'{s}'" for s in system_keys())))
    return get_system(data["system"]).load(data, base_dir)
