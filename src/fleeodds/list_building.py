"""What a rules system declares for list building: how catalogue units become its profiles, and how a
ranking or an army-against-army matrix of them reads.

A system with list building gives :attr:`fleeodds.system.RulesSystem.list_building` a
:class:`ListBuilding`, or the dotted name of a module holding one as ``LIST_BUILDING`` (imported only
when a ranking needs it, see :func:`resolve`). The front (:mod:`fleeodds.rank`, :mod:`fleeodds.matrix`,
the ``rank``, ``matrix`` and ``import-bsdata`` commands, the web page) reads only the fields declared
here: it never names a system, a role or an outcome code.

This module imports no rules system.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .errors import InputError, either
from .language import Message, N_, Written
from .outcomes import as_message

#: How a ranking may name a role: its chart's subtitle, or the end of its heading.
PHRASE_KINDS = ("chart", "header")


@dataclass(frozen=True)
class UnitColumn:
    """One column of a unit's own values, in a ranking, a matrix and the import listing.

    Attributes
    ----------
    column : str
        The column's key in the tables (``"Ld"``).
    profile_key : str
        The profile's key the value is read from (``"leadership"``); a list value is shown joined
        by commas.
    name : str
        Column title, marked ``N_()`` (``"Ld"``; French ``"Cd"`` from the catalogue).
    default : Any
        The value when a profile lacks the key (``None``, ``""``, ``()``).
    """

    column: str
    profile_key: str
    name: str
    default: Any = None

    def label(self) -> Message:
        """Its title, rendered in the reader's language where it is shown (``.render()``)."""
        return as_message(self.name)


@dataclass(frozen=True)
class Total:
    """The column that sums the outcomes a ranking is sorted on and a matrix shows.

    Attributes
    ----------
    column : str
        Its key (Warhammer ``"caught_total"``).
    name : str
        Its title, marked ``N_()``.
    codes : tuple of str
        The outcome codes summed (an outcome a scenario lacks counts 0).
    """

    column: str
    name: str
    codes: tuple[str, ...]

    def label(self) -> Message:
        """Its title, rendered in the reader's language where it is shown (``.render()``)."""
        return as_message(self.name)


@dataclass(frozen=True)
class ExtraColumn:
    """A ranking column of the system's own, filled by :attr:`ListBuilding.unit_extras`.

    Attributes
    ----------
    column : str
        Its key.
    name : str
        Its title, marked ``N_()``.
    fmt : str
        ``"pct"`` (a probability), a format spec (``".0f"``) or ``""`` (text, put in the reader's
        language by :attr:`ListBuilding.extra_text`).
    """

    column: str
    name: str
    fmt: str = ""

    def label(self) -> Message:
        """Its title, rendered in the reader's language where it is shown (``.render()``)."""
        return as_message(self.name)


@dataclass(frozen=True)
class Role:
    """A role a unit takes in a scenario (one of :attr:`fleeodds.system.RulesSystem.roles`) and how
    the front names it.

    Attributes
    ----------
    key : str
        The role as ``Scenario.with_unit`` takes it (Warhammer ``"fleeing"``).
    name : str
        Its name beside a unit (a matrix's axes: ``"fleeing unit"``), marked ``N_()``.
    chart : str
        A ranking chart's subtitle (``"each unit in the fleeing role"``), marked ``N_()``.
    header : str
        The end of a ranking's heading (``"as the fleeing unit"``), marked ``N_()``.
    ascending : bool
        Whether best first is the :class:`Total` ascending in this role (a fleeing unit is best
        when least often caught; a pursuer when most often catching).
    """

    key: str
    name: str
    chart: str
    header: str
    ascending: bool

    def label(self) -> Message:
        """Its title, rendered in the reader's language where it is shown (``.render()``)."""
        return as_message(self.name)


def _no_extras(scenario: Any, role: str, profile: dict[str, Any], row: dict[str, Any]) -> dict[str, Any]:
    return {}


def _as_written(column: str, value: Any) -> Any:
    return value


@dataclass(frozen=True, eq=False)
class ListBuilding:
    """A rules system's list building, declared.

    Attributes
    ----------
    map_catalogue : callable ``(Catalogue) -> ImportResult``
        A :class:`~fleeodds.importers.bsdata.Catalogue` (from ``read_catalogue``) as the system's
        unit profiles.
    known_profiles : callable ``() -> dict``
        Profiles a user may name for the unit in the other role (``--vs``):
        ``{casefolded name: profile dict}``.
    roles : tuple of Role
        Every role of ``SYSTEM.roles``, in the same order, with its names.
    unit_columns : tuple of UnitColumn
        The unit columns of a ranking, a matrix and the import listing.
    total : Total
        The column a ranking is sorted on.
    short_labels : mapping
        Outcome code -> short column title, marked ``N_()`` or a :class:`~fleeodds.language.Message` (the
        scenario's long labels go in legends).
    chart_codes : tuple of str
        Stacking order of the outcomes in a ranking chart (an outcome not listed goes last).
    chart_colours : mapping
        Outcome code -> colour (``"#RRGGBB"``) in a ranking chart.
    extra_columns : tuple of ExtraColumn
        Ranking columns of the system's own (none by default).
    unit_extras : callable ``(scenario, role, profile, row) -> dict``
        One unit's values of :attr:`extra_columns` from its scenario (after ``with_unit``), its
        profile and its row (outcome code -> probability); ``{}`` when none apply (a column no unit
        has a value for is left out). Default: ``{}``.
    extra_text : callable ``(column, value) -> Any``
        A text cell of :attr:`extra_columns` in the reader's language (the context's). Default: the value as
        it is.
    import_columns : tuple of UnitColumn
        Further columns of the import listing, read from each profile merged with what the system read
        beyond it (``ImportResult.with_extras()``: points, size, parts). Default: none.
    kinds : tuple of str
        The kinds of unit a ranking keeps apart (``"unit"``, ``"character"``…): each profile's
        ``profile[kind_key]`` is one of them; the first is ranked by default. Default: none (every
        profile ranked together).
    kind_key : str
        The key of a profile (with extras) naming its kind. Default ``"kind"``.
    kind_labels : mapping
        Kind -> plural name marked ``N_()`` (``"characters"``; French ``"personnages"``) for the line that
        says which units a ranking kept apart. Default: the kinds as written.
    table_columns : callable ``(columns) -> list of str or None``, optional
        The columns (keys, before titles) of the narrow table a ranking prints by default, from the
        ranking's columns; None (or no callable) keeps them all. The CSV and ``--wide`` keep them all.
    sort_by : callable ``(columns, role) -> (column, ascending) or None``, optional
        A ranking's sort key from its columns and role (a fight sorted on P(wins)); None (or no
        callable): :attr:`total`, best first for the role.
    not_modelled_column : str
        An :attr:`extra_columns` key whose values list, per unit, the rules read from the catalogue but
        not modelled in that scenario (summed up under a ranking). Default: none.
    fit_unit : callable ``(scenario, role, profile, unit_size) -> Scenario``, optional
        The scenario with ``profile`` in ``role`` at the size ``unit_size`` asks (``"minimum"``,
        ``"points:N"``, a number of models, or None for the scenario's own); raises a
        :class:`~fleeodds.errors.FleeoddsError` for a unit that cannot take the role (a rule not
        modelled). Default: ``scenario.with_unit(role, profile)`` (the size is the scenario's).
    """

    map_catalogue: Callable[[Any], Any]
    known_profiles: Callable[[], dict[str, dict[str, Any]]]
    roles: tuple[Role, ...]
    unit_columns: tuple[UnitColumn, ...]
    total: Total
    short_labels: Mapping[str, str] = field(default_factory=dict)
    chart_codes: tuple[str, ...] = ()
    chart_colours: Mapping[str, str] = field(default_factory=dict)
    extra_columns: tuple[ExtraColumn, ...] = ()
    unit_extras: Callable[[Any, str, dict[str, Any], dict[str, Any]], dict[str, Any]] = _no_extras
    extra_text: Callable[..., Any] = _as_written
    import_columns: tuple[UnitColumn, ...] = ()
    kinds: tuple[str, ...] = ()
    kind_key: str = "kind"
    kind_labels: Mapping[str, str] = field(default_factory=dict)
    fit_unit: Callable[..., Any] | None = None
    table_columns: Callable[[list[str]], Any] | None = None
    not_modelled_column: str = ""
    sort_by: Callable[[list[str], str], Any] | None = None

    def unit_scenario(self, scenario: Any, role: str, profile: dict[str, Any], unit_size: Any = None) -> Any:
        """The scenario with ``profile`` in ``role``, sized by :attr:`fit_unit` when the system declares it.

        Raises
        ------
        FleeoddsError
            When the unit cannot take the role (see :attr:`fit_unit`).
        """
        if self.fit_unit is not None:
            return self.fit_unit(scenario, role, profile, unit_size)
        return scenario.with_unit(role, profile)

    def role(self, key: Any) -> Role:
        """The declared :class:`Role` ``key``.

        Raises
        ------
        InputError
            For a role not declared (the message lists the roles).
        """
        for r in self.roles:
            if r.key == key:
                return r
        raise InputError("role", key, either([repr(r.key) for r in self.roles]) or Message(N_("a role of the rules system")))

    def best_first_ascending(self, role: str) -> bool:
        """Whether a ranking in ``role`` sorts :attr:`total` ascending (:attr:`Role.ascending`).

        Raises
        ------
        InputError
            For an unknown role.
        """
        return self.role(role).ascending

    def role_label(self, role: str) -> Message:
        """The role's name beside a unit (a matrix's axes), rendered in the reader's language where shown.

        Raises
        ------
        InputError
            For an unknown role.
        """
        return self.role(role).label()

    def role_phrase(self, role: str, kind: str = "chart") -> Message:
        """How a ranking names its role: ``kind="chart"`` subtitle or ``kind="header"`` heading end, rendered
        in the reader's language where shown.

        Raises
        ------
        InputError
            For an unknown role or kind.
        """
        if kind not in PHRASE_KINDS:
            raise InputError("kind", kind, either([repr(k) for k in PHRASE_KINDS]))
        r = self.role(role)
        return as_message(r.chart if kind == "chart" else r.header)

    def short_label(self, code: str, default: Any) -> Message:
        """The short column title of outcome ``code`` (:attr:`short_labels`), else ``default`` (its label)."""
        return as_message(self.short_labels[code]) if code in self.short_labels else as_message(default)

    def kind_label(self, kind: str) -> Message:
        """The plural name of a kind of unit (:attr:`kind_labels`), else the kind as written."""
        return as_message(self.kind_labels[kind]) if kind in self.kind_labels else Written(kind)

    def extra_formats(self) -> dict[str, str]:
        """``{column: fmt}`` of :attr:`extra_columns`."""
        return {c.column: c.fmt for c in self.extra_columns}


def resolve(target: Any) -> ListBuilding:
    """The :class:`ListBuilding` a system declares: ``target`` itself, or the ``LIST_BUILDING`` of the
    module named by ``target`` (a dotted name, imported here) or given as a module.

    Raises
    ------
    TypeError
        When the target does not provide a ListBuilding (a broken plug-in, not a user error).
    """
    if isinstance(target, ListBuilding):
        return target
    module = importlib.import_module(target) if isinstance(target, str) else target
    found = getattr(module, "LIST_BUILDING", None)
    if not isinstance(found, ListBuilding):
        raise TypeError(f"{target!r} does not provide a ListBuilding named LIST_BUILDING")
    return found
