"""Rank every unit of an army in one scenario (list building).

For list building: put each unit of a catalogue in turn in one role of the
scenario (for Warhammer: ``fleeing``: which units get run down when they
break, which rally, which run off the table; ``pursuing``: which catch what
they chase), evaluate the scenario, and sort.

This module knows no game: it reaches the scenario's rules system through
:func:`fleeodds.system.get_system` (``SYSTEM.roles`` and the
:class:`~fleeodds.list_building.ListBuilding` of ``SYSTEM.list_building``, see
:func:`list_building`) and the scenario through :meth:`~fleeodds.system.Scenario.with_unit`.

The profiles usually come from a BattleScribe catalogue
(``list_building(sc.system).import_catalogue("Orcs and Goblins.cat").profiles``); here two are
written by hand:

>>> import fleeodds
>>> sc = fleeodds.load_scenario("warhammer/rank_broken_by_2_8th.toml")
>>> units = [{"name": "Night Goblins", "movement": 4, "leadership": 5},
...          {"name": "Wolf Riders", "movement": 9, "leadership": 6, "troop_type": "cavalry",
...           "rules": ["swiftstride"]}]
>>> ranking = rank_units(sc, units, role="fleeing")
>>> print(ranking.table[["unit", "caught_total", "method"]].round(3).to_string(index=False))
         unit  caught_total method
  Wolf Riders         0.469  exact
Night Goblins         0.664  exact
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

import pandas as pd

from .evaluation import evaluate
from .errors import FleeoddsError, InputError, either, error_message
from .language import Message, N_, use_lang
from .list_building import ListBuilding, resolve
from .language import NP_, N_, Message, Written, _, get_lang, pgettext
from .system import Scenario, get_system, value_label
from .validation import refuse_notes, strict_inputs_on

#: Column titles of a ranking's own columns (context "ranking column").
_LABELS = {
    "unit": NP_("ranking column", "unit"),
    "error": NP_("ranking column", "error"),
    "method": NP_("ranking column", "method"),
}
#: The methods as a ranking names them (context "ranking method": "exacte", la méthode exacte).
_METHODS = {"exact": NP_("ranking method", "exact"), "mc": NP_("ranking method", "Monte Carlo")}


def list_building(system_key: str) -> ListBuilding:
    """The list building a rules system declares (``SYSTEM.list_building``: a
    :class:`~fleeodds.list_building.ListBuilding`, or the dotted name of a module holding one as
    ``LIST_BUILDING``, imported here; see :func:`fleeodds.list_building.resolve`).

    Raises
    ------
    InputError
        For an unknown system, or one whose ``list_building`` is None.
    """
    target = get_system(system_key).list_building
    if target is None:
        raise InputError("scenario", system_key, Message(N_("a scenario of a rules system with list building "
                         "(this rules system has no list building)")))
    return resolve(target)


def list_building_systems() -> list[str]:
    """Keys of the installed rules systems that declare list building (a broken plug-in is skipped)."""
    from .system import system_keys

    keys = []
    for key in system_keys():
        try:
            if get_system(key).list_building is not None:
                keys.append(key)
        except (ImportError, TypeError, FleeoddsError):  # a broken plug-in does not stop the others
            continue
    return keys


def roles(system_key: str) -> tuple[str, ...]:
    """The roles a unit can take in a scenario of that system (``SYSTEM.roles``)."""
    return tuple(get_system(system_key).roles)


@dataclass
class Ranking:
    """Result of :func:`rank_units`.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per unit, sorted best first for the role: columns ``unit``, the
        system's unit columns (Warhammer: ``M``, ``Ld``, ``troop_type``, ``rules``),
        one probability column (float64 in [0, 1]) per outcome code of the
        scenario, the system's total column (Warhammer: ``caught_total``, the sum
        of the caught outcomes) and ``method`` (``"exact"`` or ``"mc"``).
    role : str
        One of the system's roles (Warhammer: ``"fleeing"`` or ``"pursuing"``).
    outcomes : list of (code, label)
        The scenario's outcomes, in column order, each with its label (a :class:`~fleeodds.language.Message`).
    failures : list of (unit, message)
        Units the scenario rejected (e.g. a value out of the pack's range); they are not ranked.
    title, title_fr : str
        The scenario title, in English and (when the file gives one) French.
    system : str
        The rules system's key.
    input_notes : list of InputNote
        The scenario's inputs that change nothing here (said once for the whole ranking).
    """

    table: pd.DataFrame
    role: str
    outcomes: list[tuple[str, Message]]
    failures: list[tuple[str, str]] = field(default_factory=list)
    title: str = ""
    system: str = ""
    opponent: str = ""
    title_fr: str = ""
    #: The scenario's inputs that change nothing here (:meth:`fleeodds.system.Scenario.input_notes`).
    input_notes: list = field(default_factory=list)
    #: Kind -> names of the units of a kind not ranked here (``--types`` ranks them; see :func:`rank_units`).
    left_apart: dict = field(default_factory=dict)

    def title_label(self) -> Message:
        """The scenario title, rendered in the reader's language where shown (the file's ``title_fr`` in
        French when it gives one)."""
        return self.title if isinstance(self.title, Message) else Written(self.title, fr=self.title_fr)

    def against(self) -> Message:
        """"against Empire Knights" / "contre Empire Knights" (``""`` when the opponent is unknown)."""
        if not self.opponent:
            return Written("")
        return Message(N_("against {name}"), name=self.opponent)

    def grouped(self) -> pd.DataFrame:
        """:attr:`table` with units whose odds are identical (every outcome, same method) in one
        row, their names joined by commas in ranking order; other unit columns that differ are
        joined by " / "."""
        table = self.table
        codes = [c for c, _ in self.outcomes if c in table.columns]
        if table.empty:
            return table.copy()
        key = table[codes].round(12).astype(str).agg("|".join, axis=1) + "|" + table["method"].astype(str)
        rows = []
        for _key, sub in table.groupby(key, sort=False):
            row = sub.iloc[0].copy()
            if len(sub) > 1:
                extra = _extra_columns(self.list_building)
                for col in table.columns:
                    if col in codes or col == "method" or (table[col].dtype.kind == "f" and col not in extra):
                        continue
                    if col in extra:  # the system's numbers stay numbers: one, or a tuple when they differ
                        nums = list(dict.fromkeys(v for v in sub[col] if v is not None and v == v))
                        row[col] = nums[0] if len(nums) == 1 else tuple(nums) if nums else None
                        continue
                    values = list(dict.fromkeys(map(_cell, sub[col])))
                    row[col] = (", " if col == "unit" else " / ").join(values)
            rows.append(row)
        return pd.DataFrame(rows, columns=table.columns).reset_index(drop=True)

    @property
    def list_building(self) -> ListBuilding:
        """The rules system's list building (see :func:`list_building`)."""
        return list_building(self.system)

    def titles(self) -> dict[str, str]:
        """Column key -> its title in the reader's language, as :meth:`labelled` names the columns."""
        lb = self.list_building
        names = {k: pgettext("ranking column", v) for k, v in _LABELS.items()}
        names.update({c.column: c.label().render() for c in lb.unit_columns})
        names[lb.total.column] = lb.total.label().render()
        names.update({c.column: c.label().render() for c in lb.extra_columns})
        names.update({code: lb.short_label(code, label).render() for code, label in self.outcomes})
        return names

    def footer(self) -> list[str]:
        """Lines printed under a ranking table, in the reader's language: its sort key, the units of other
        kinds ranked apart, and the rules read from the catalogue but not modelled in this scenario (× how
        many units)."""
        col, asc = self.sort_key()
        lb = self.list_building
        summed = [c for c, _ in self.outcomes if c in lb.total.codes]
        if col == lb.total.column and len(summed) == 1:  # the total repeats one column: named by it
            col = summed[0]
        title = self.titles().get(col, col)
        lines = [_("Sorted by '{title}', lowest first (best first).", title=title) if asc else
                 _("Sorted by '{title}', highest first (best first).", title=title)]
        methods = list(dict.fromkeys(self.table["method"])) if "method" in self.table else []
        if len(methods) == 1:
            word = _method_name(methods[0])
            lines.append(_("Method: {method} for every unit.", method=word))
        if self.left_apart:
            lb = self.list_building
            parts = ", ".join(f"{lb.kind_label(k).render()} ×{len(v)}" for k, v in self.left_apart.items())
            lines.append(_("Ranked apart (--types ranks them): {parts}.", parts=parts))
        nm = self.list_building.not_modelled_column
        if nm and nm in self.table.columns:
            counts: dict[str, int] = {}
            for v in self.table[nm]:
                for name in (v if isinstance(v, (list, tuple)) else v.split("; ") if isinstance(v, str) else ()):
                    if name:
                        counts[name] = counts.get(name, 0) + 1
            if counts:
                items = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
                text = ", ".join(f"{k} ×{n}" for k, n in items)
                lines.append(_("Rules read, not modelled here (× units): {rules}.", rules=text))
        return lines

    def sort_key(self) -> tuple[str, bool]:
        """(column, ascending) of the order best first for the role (Warhammer: fleeing units
        least often caught first; pursuers most often catching first)."""
        lb = self.list_building
        chosen = lb.sort_by(list(self.table.columns), self.role) if lb.sort_by is not None else None
        if chosen is not None:
            return chosen
        return (lb.total.column, lb.best_first_ascending(self.role))

    def labelled(self, group: bool = False) -> pd.DataFrame:
        """The table with column titles in the reader's language (the context's), methods in it, rules
        joined by commas; ``group`` puts units with identical odds in one row (:meth:`grouped`)."""
        lang = get_lang()
        lb = self.list_building
        names = self.titles()
        total, total_codes = lb.total.column, lb.total.codes
        out = self.grouped() if group else self.table.copy()
        out["method"] = out["method"].map(_method_name)
        values = get_system(self.system).value_labels or {}
        for col, key in ((c.column, c.profile_key) for c in lb.unit_columns):  # values the system names
            known = values.get(key)
            if known and col in out:
                def name(x, known=known):
                    return value_label(known[x]).render(lang) if x in known else x

                out[col] = out[col].map(lambda v, name=name: " / ".join(  # grouped rows: "a, b / c"
                    ", ".join(name(x) for x in part.split(", ")) for part in v.split(" / "))
                    if isinstance(v, str) and v else
                    tuple(name(x) for x in v) if isinstance(v, tuple) else v)
        summed = [c for c, _ in self.outcomes if c in total_codes]
        if len(summed) <= 1:  # the total repeats the one summed column
            out = out.drop(columns=total)
        extra = _extra_columns(lb)
        for col, fmt in extra.items():  # the system's text columns in the language
            if fmt == "" and col in out:
                out[col] = out[col].map(lambda v, col=col: lb.extra_text(col, v))
        for col in out.columns:  # list-valued columns (rules) joined by commas
            if col not in extra and out[col].dtype == object and any(isinstance(v, tuple) for v in out[col]):
                out[col] = out[col].map(lambda r: ", ".join(r) if isinstance(r, tuple) else r)
        return out.rename(columns=names)

    def chart_data(self, top: int | None = None, group: bool = True):
        """What :func:`fleeodds.report.charts.chart_ranking` draws: one stacked bar per unit
        (best first at the top), the outcomes in the system's chart order and colours, named in the
        reader's language (the context's).

        Returns
        -------
        fleeodds.results.RankBars
        """
        from .results import RankBars

        lb = self.list_building
        table = self.grouped() if group else self.table
        table = table if top is None else table.head(top)
        order = tuple(lb.chart_codes)
        outcomes = [o for o in self.outcomes if o[0] in table.columns]
        outcomes.sort(key=lambda o: order.index(o[0]) if o[0] in order else 99)
        series = [(label.render(), [float(v) for v in table[code]], lb.chart_colours.get(code))
                  for code, label in outcomes]
        subtitle = lb.role_phrase(self.role, "chart").render()
        if self.opponent:
            subtitle += ", " + self.against().render()
        return RankBars(title=self.title_label().render(), subtitle=subtitle,
                        units=[str(u) for u in table["unit"]], series=series)


#: The exact solvers' arithmetic in a ranking (:func:`fleeodds.evaluation.evaluate`'s ``exact_mode``): floating
#: point, since a ranking shows percentages and rationals cost most of a whole-catalogue fight ranking's time
#: (benchmarks/rank_fight.py measures both; None lets each scenario choose, as before).
EXACT_MODE: str | None = "float"


def _evaluate(scenario: Scenario, method: str, trials: int, seed: int):
    """One unit's evaluation (a :class:`fleeodds.scale.Job` function: importable, so a Dask worker runs it)."""
    return evaluate(scenario, method=method, trials=trials, seed=seed, progress=False, exact_mode=EXACT_MODE)


def rank_units(scenario: Scenario, profiles: Iterable[dict[str, Any]], role: str | None = None, *,
               vs: dict[str, Any] | None = None, method: str = "auto", trials: int = 200_000,
               seed: int = 0, runner: Any = None, workers: int | None = None, scheduler: str | None = None,
               progress: bool | None = False, strict: bool = False, unit_size: Any = None,
               types: Iterable[str] | None = None) -> Ranking:
    """Evaluate ``scenario`` with each profile in ``role`` and rank the units.

    Parameters
    ----------
    scenario : Scenario
        From :func:`fleeodds.load_scenario`, of a rules system with list building
        (``SYSTEM.list_building``); its units are replaced with ``with_unit(role, profile)``.
    profiles : iterable of dict
        Unit profiles in the system's profile format (e.g. ``ImportResult.profiles``).
    role : str, optional
        The role each unit takes in turn, one of ``SYSTEM.roles`` (default: the first,
        Warhammer ``"fleeing"``; the other is ``"pursuing"``).
    vs : dict, optional
        Profile of the unit in the other role (default: the scenario's own); only
        for a system with exactly two roles.
    method : {"auto", "exact", "mc"}
        ``"auto"``: exact when the scenario has an exact solver, else Monte Carlo.
    trials, seed : int
        Monte Carlo trials and seed (used only when not exact); every unit runs on the same
        seed, so a unit's counts equal a single run of its scenario with that seed.
    runner, workers, scheduler
        Where the units are evaluated (:class:`fleeodds.scale.Runner`: in this process by
        default, ``workers=N`` a local Dask cluster, ``scheduler=ADDRESS`` an existing one);
        the ranking is the same whatever runs it.
    progress : bool or None
        A bar over the units (``None``: only on a terminal).
    strict : bool
        Refuse a scenario that noted an input changing nothing (``--strict``); by default its notes
        are kept in :attr:`Ranking.input_notes`, once for every unit.
    unit_size : str or int, optional
        How many models each unit fields, where the system sizes units (:attr:`ListBuilding.fit_unit
        <fleeodds.list_building.ListBuilding.fit_unit>`; Warhammer fights): ``"minimum"`` (the
        catalogue's minimum size, the default there), ``"scenario"``, ``"points:N"`` or a number.
    types : iterable of str, optional
        The kinds of unit ranked (:attr:`ListBuilding.kinds <fleeodds.list_building.ListBuilding.kinds>`:
        Warhammer ``unit``, ``character``, ``monster``, ``war_machine``; ``"all"`` for every one).
        Default: the first kind only when the profiles say their kind (units apart from characters,
        monsters and war machines); the others are counted in :attr:`Ranking.left_apart`.

    Returns
    -------
    Ranking

    Raises
    ------
    InputError
        Unknown role or method, a scenario of a system without list building, an
        invalid ``vs`` profile, or an empty list of profiles.

    References
    ----------
    The system's list-building module (Warhammer: the break test, flee and
    pursuit and rally rules of :mod:`fleeodds.systems.warhammer.list_building`).
    """
    if not isinstance(scenario, Scenario):
        raise InputError("scenario", type(scenario).__name__, Message(N_("a scenario from fleeodds.load_scenario")))
    if strict or strict_inputs_on():
        refuse_notes(scenario.input_notes())
    lb = list_building(scenario.system)
    known = roles(scenario.system)
    if role is None:
        role = known[0] if known else ""
    if role not in known:
        raise InputError("role", role, either([repr(r) for r in known]) or Message(N_("a role of the rules system")))
    if method not in ("auto", "exact", "mc"):
        raise InputError("method", method, Message(N_("one of 'auto', 'exact', 'mc'")))
    profiles = list(profiles)
    if not profiles:
        raise InputError("profiles", [], Message(N_("at least one unit profile")))
    profiles, apart = _of_types(lb, profiles, types)
    if vs is not None:
        others = [r for r in known if r != role]
        if len(others) != 1:
            raise InputError("vs", vs.get("name", "?") if isinstance(vs, dict) else vs,
                             Message(N_("no vs unit: this rules system has no single other role")))
        scenario = scenario.with_unit(others[0], vs)
    unit_columns = [(c.column, c.profile_key, c.default) for c in lb.unit_columns]
    total, total_codes = lb.total.column, lb.total.codes
    rows: list[dict[str, Any]] = []
    failures: list[tuple[str, str]] = []
    outcomes: list[tuple[str, str, str]] = []
    from .scale import Job, Runner

    built: list[tuple[dict[str, Any], str, Any, str]] = []  # (profile, name, scenario or None, method or error)
    jobs = []
    for k, prof in enumerate(profiles):
        name = str(prof.get("name", "?"))
        try:
            sc = lb.unit_scenario(scenario, role, prof, unit_size)
            how = ("exact" if sc.has_exact else "mc") if method == "auto" else method
        except FleeoddsError as exc:
            built.append((prof, name, None, error_message(exc)))  # rendered where shown
            continue
        built.append((prof, name, sc, how))
        jobs.append(Job(f"{k}:{name}", _evaluate, (sc, how, trials, seed)))
    reasons = {how for _, _, sc, how in built if sc is None}
    if not jobs and len(reasons) == 1:  # the scenario refuses the role itself, whatever the unit: say it once
        raise FleeoddsError(reasons.pop())
    own = runner is None
    runner = runner or Runner(workers=workers, scheduler=scheduler)
    try:
        done = runner.run(jobs, progress=progress, desc=scenario.title or "rank")
    finally:
        if own:
            runner.close()
    for k, (prof, name, sc, how) in enumerate(built):
        if sc is None:
            failures.append((name, how))
            continue
        result = done[f"{k}:{name}"]
        if not result.ok:
            failures.append((name, result.error))
            continue
        tab = result.value
        for o in sc.outcomes:
            if o.code not in [c for c, _ in outcomes]:
                outcomes.append((o.code, o.label()))
        row: dict[str, Any] = {"unit": name}
        for col, key, default in unit_columns:
            value = prof.get(key, default)
            row[col] = tuple(value) if isinstance(value, (list, tuple)) else value
        for o in sc.outcomes:
            row[o.code] = tab.probability(o.code, "exact" if how == "exact" else "monte_carlo")
        row["method"] = how
        row.update(lb.unit_extras(sc, role, prof, row))  # the system's own columns (points, wins per 100 points)
        rows.append(row)
    codes = [c for c, _ in outcomes]
    columns = ["unit", *(c for c, _, _ in unit_columns)]
    table = pd.DataFrame(rows, columns=[*columns, *codes, "method"])
    for c in codes:
        table[c] = table[c].fillna(0.0).astype("float64")
    table.insert(len(columns) + len(codes), total,
                 table[[c for c in codes if c in total_codes]].sum(axis=1) if len(table) else [])
    for col in _extra_columns(lb):  # only the columns some unit has a value for
        if any(r.get(col) is not None for r in rows):
            table.insert(len(table.columns) - 1, col, [r.get(col) for r in rows])
    others = [r for r in known if r != role]
    opponent = ""
    if vs is not None:
        opponent = str(vs.get("name", ""))
    elif len(others) == 1:
        opponent = scenario.unit_name(others[0])
    ranking = Ranking(table, role, outcomes, failures, scenario.title, scenario.system, opponent, scenario.title_fr,
                      list(scenario.input_notes()), apart)
    col, asc = ranking.sort_key()
    if len(table):
        keys, order = [col, "unit"], [asc, True]
        if col != total and total in table.columns:  # ties on the sort key: best first on the total
            keys.insert(1, total)
            order.insert(1, lb.best_first_ascending(role))
        ranking.table = table.sort_values(keys, ascending=order, kind="stable").reset_index(drop=True)
    return ranking


def _of_types(lb: ListBuilding, profiles: list[dict[str, Any]],
              types: Iterable[str] | None) -> tuple[list[dict[str, Any]], dict[str, list[str]]]:
    """The profiles of the kinds asked, and ``{kind: names}`` of the others (see :func:`rank_units`).

    Raises
    ------
    InputError
        ``types`` naming a kind the system does not declare, or leaving no unit.
    """
    if not lb.kinds:
        return profiles, {}
    wanted = [t.strip() for t in ([types] if isinstance(types, str) else (types or ())) for t in t.split(",")
              if t.strip()] if types is not None else []
    if "all" in wanted:
        return profiles, {}
    bad = [t for t in wanted if t not in lb.kinds]
    if bad:
        raise InputError("types", bad[0], Message(N_("a list of {kinds} or 'all'"), kinds=", ".join(repr(k) for k in lb.kinds)))
    if not wanted:
        if not any(lb.kind_key in p for p in profiles):
            return profiles, {}
        wanted = [lb.kinds[0]]
    keep, apart = [], {}
    for p in profiles:
        kind = p.get(lb.kind_key, lb.kinds[0])
        if kind in wanted:
            keep.append(p)
        else:
            apart.setdefault(kind, []).append(str(p.get("name", "?")))
    if not keep:
        raise InputError("types", ",".join(wanted), Message(N_("kinds some unit of the catalogue has: {kinds}"),
                                                            kinds=", ".join(sorted(apart))))
    return keep, apart


def _extra_columns(lb: ListBuilding) -> dict[str, str]:
    """The system's extra ranking columns (``lb.extra_columns``), ``{column: format}``: format ``"pct"``,
    a format spec such as ``".3f"``, or ``""`` for text."""
    return lb.extra_formats()


def _number(v: Any, fmt: str) -> str:
    """A number of a ranking's own columns in ``fmt``, with the reader's decimal sign (the catalogue's
    ``decimal_sign``: "," in French)."""
    if v is None or (isinstance(v, float) and v != v):
        return ""
    if not isinstance(v, (int, float)):
        return str(v)
    text = format(v, fmt)
    return text.replace(".", pgettext("number format", "."))


def _method_name(method: str) -> str:
    """A method as a ranking names it, in the reader's language ("exacte", "Monte-Carlo")."""
    return pgettext("ranking method", _METHODS[method]) if method in _METHODS else method


def _cell(v: Any) -> str:
    return ", ".join(map(str, v)) if isinstance(v, (tuple, list)) else str(v)


#: Widest unit cell of a narrow ranking table (longer names, and units grouped in one row, wrap).
UNIT_WIDTH = 28
#: Widest other text cell of a narrow ranking table (the rules).
TEXT_WIDTH = 20


def format_ranking(ranking: Ranking, fmt: str = "table", digits: int = 3, group: bool = True,
                   wide: bool = False) -> str:
    """The ranking as text: ``"table"`` (aligned), ``"md"`` (Markdown) or ``"csv"``; units with
    identical odds share one row unless ``group`` is false (CSV keeps one row per unit). The table
    and Markdown show the columns the system picks for a narrow table
    (:attr:`~fleeodds.list_building.ListBuilding.table_columns`) unless ``wide``; the CSV has every column.
    In the reader's language (the context's: ``with use_lang("fr"):``).

    Raises
    ------
    InputError
        Unknown format.
    """
    lang = get_lang()
    if fmt == "csv":
        from .results import csv_text

        with use_lang(lang):
            return csv_text(ranking.labelled())
    if fmt not in ("table", "md"):
        raise InputError("format", fmt, Message(N_("one of 'table', 'md', 'csv'")))
    frame = ranking.labelled(group=group)
    lb = ranking.list_building
    picked = None if wide or lb.table_columns is None else lb.table_columns(list(ranking.table.columns))
    titles = ranking.titles()
    if picked:
        frame = frame[[titles.get(c, c) for c in picked if titles.get(c, c) in frame.columns]]
    narrow = not wide and lb.table_columns is not None
    if narrow and "method" in ranking.table and ranking.table["method"].nunique() == 1:
        frame = frame.drop(columns=[titles["method"]], errors="ignore")  # one method for all: said under the table
    from tabulate import tabulate

    from .report.format import pct

    shown = frame.copy()
    lb = ranking.list_building
    numbers = {c.label().render(): c.fmt for c in lb.extra_columns if c.fmt not in ("pct", "")}
    prob_cols = [c for c in shown.columns if shown[c].dtype.kind == "f" and c not in numbers]
    for c in prob_cols:  # percentages in the language's format: 58.3% / 58,3 %
        shown[c] = shown[c].map(lambda p: pct(p, lang, max(digits - 2, 0)) if isinstance(p, float) else p)
    for c, fmt in numbers.items():
        if c in shown.columns:
            shown[c] = shown[c].map(lambda v, fmt=fmt: " / ".join(_number(x, fmt) for x in v)
                                    if isinstance(v, tuple) else _number(v, fmt))
    # narrow: the unit's name and other text (the rules) wrap
    text = [c for c in shown.columns if c not in prob_cols and c not in numbers
            and all(isinstance(v, str) for v in shown[c])]
    widths = [UNIT_WIDTH if c == shown.columns[0] else TEXT_WIDTH if c in text else None
              for c in shown.columns] if narrow else None
    return tabulate(shown, headers="keys", tablefmt="github" if fmt == "md" else "simple",
                    showindex=False, disable_numparse=True, maxcolwidths=widths)
