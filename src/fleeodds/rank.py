"""Rank every unit of an army in one Warhammer scenario.

For list building: put each unit of a catalogue in turn in the ``fleeing`` role
(which units get run down when they break, which rally, which run off the
table) or in the ``pursuing`` role (which catch what they chase), evaluate the
scenario, and sort.

The profiles usually come from a BattleScribe catalogue
(``fleeodds.importers.import_catalogue("Orcs and Goblins.cat").profiles``); here two are
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
from pathlib import Path
from typing import Any, Iterable

import pandas as pd

from .api import evaluate
from .errors import FleeoddsError, InputError
from .outcomes import check_lang

ROLES = ("fleeing", "pursuing")

#: outcome codes in which the fleeing unit is caught (destroyed or re-engaged)
CAUGHT_CODES = ("caught", "run_down", "caught_reengaged")

_LABELS = {
    "unit": ("unit", "unité"),
    "M": ("M", "M"),
    "Ld": ("Ld", "Cd"),
    "troop_type": ("troop type", "type de troupe"),
    "rules": ("rules", "règles"),
    "caught_total": ("caught (any)", "rattrapée (total)"),
    "error": ("error", "erreur"),
    "method": ("method", "méthode"),
}

#: short column titles of the outcomes (the scenario's long labels go in the chart legend)
SHORT = {
    "held": ("held", "tient"),
    "gave_ground": ("gave ground", "cède"),
    "fell_back": ("fell back", "repli"),
    "caught_reengaged": ("caught (re-engaged)", "rattrapée (repli)"),
    "caught": ("caught", "rattrapée"),
    "run_down": ("run down", "chargée, détruite"),
    "escaped": ("escaped", "échappe"),
    "escaped_off_table": ("off table", "hors table"),
    "rallied": ("rallied", "ralliée"),
    "still_fleeing": ("still fleeing", "toujours en fuite"),
}


@dataclass
class Ranking:
    """Result of :func:`rank_units`.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per unit, sorted best first for the role: columns ``unit``, ``M``,
        ``Ld``, ``troop_type``, ``rules``, one probability column (float64 in
        [0, 1]) per outcome code of the scenario, ``caught_total`` (sum of the
        caught outcomes) and ``method`` (``"exact"`` or ``"mc"``).
    role : str
        ``"fleeing"`` or ``"pursuing"``.
    outcomes : list of (code, label_en, label_fr)
        The scenario's outcomes, in column order.
    failures : list of (unit, message)
        Units the scenario rejected (e.g. a value out of the pack's range); they are not ranked.
    title : str
        The scenario title.
    """

    table: pd.DataFrame
    role: str
    outcomes: list[tuple[str, str, str]]
    failures: list[tuple[str, str]] = field(default_factory=list)
    title: str = ""

    def sort_key(self) -> tuple[str, bool]:
        """(column, ascending): fleeing units best first = least often caught; pursuers = most often."""
        return ("caught_total", self.role == "fleeing")

    def labelled(self, lang: str = "en") -> pd.DataFrame:
        """The table with column titles in ``lang`` (``"en"`` or ``"fr"``) and rules joined by commas."""
        check_lang(lang)
        i = 0 if lang == "en" else 1
        names = {k: v[i] for k, v in _LABELS.items()}
        names.update({code: SHORT.get(code, (en, fr))[i] for code, en, fr in self.outcomes})
        out = self.table.copy()
        caught_cols = [c for c, _, _ in self.outcomes if c in CAUGHT_CODES]
        if len(caught_cols) <= 1:  # the total repeats the one caught column
            out = out.drop(columns="caught_total")
        out["rules"] = out["rules"].map(lambda r: ", ".join(r))
        return out.rename(columns=names)


def rank_units(scenario: Any, profiles: Iterable[dict[str, Any]], role: str = "fleeing", *,
               vs: dict[str, Any] | None = None, method: str = "auto", trials: int = 200_000,
               seed: int = 0) -> Ranking:
    """Evaluate ``scenario`` with each profile in ``role`` and rank the units.

    Parameters
    ----------
    scenario : WarhammerScenario
        From :func:`fleeodds.load_scenario`; must offer ``with_unit(role, profile)``.
    profiles : iterable of dict
        Unit profiles in the Warhammer profile format (e.g. ``ImportResult.profiles``).
    role : {"fleeing", "pursuing"}
        The role each unit takes in turn.
    vs : dict, optional
        Profile of the unit in the other role (default: the scenario's own).
    method : {"auto", "exact", "mc"}
        ``"auto"``: exact when the scenario has an exact solver, else Monte Carlo.
    trials, seed : int
        Monte Carlo trials and seed (used only when not exact).

    Returns
    -------
    Ranking

    Raises
    ------
    InputError
        Unknown role or method, a scenario that cannot take units, an invalid
        ``vs`` profile, or an empty list of profiles.

    References
    ----------
    Warhammer rules digest (shared/rules/warhammer.md), §3.2–3.5: break test,
    flee and pursuit, rally.
    """
    if role not in ROLES:
        raise InputError("role", role, "'fleeing' or 'pursuing'")
    if method not in ("auto", "exact", "mc"):
        raise InputError("method", method, "one of 'auto', 'exact', 'mc'")
    if not hasattr(scenario, "with_unit"):
        raise InputError("scenario", getattr(scenario, "system", "?"),
                         "a Warhammer scenario (system = \"warhammer\") whose units can be replaced")
    profiles = list(profiles)
    if not profiles:
        raise InputError("profiles", [], "at least one unit profile")
    if vs is not None:
        scenario = scenario.with_unit("pursuing" if role == "fleeing" else "fleeing", vs)
    rows: list[dict[str, Any]] = []
    failures: list[tuple[str, str]] = []
    outcomes: list[tuple[str, str, str]] = []
    for prof in profiles:
        name = str(prof.get("name", "?"))
        try:
            sc = scenario.with_unit(role, prof)
            how = ("exact" if sc.has_exact else "mc") if method == "auto" else method
            tab = evaluate(sc, method=how, trials=trials, seed=seed, progress=False)
        except FleeoddsError as exc:
            failures.append((name, str(exc)))
            continue
        for o in sc.outcomes:
            if o.code not in [c for c, _, _ in outcomes]:
                outcomes.append((o.code, o.en, o.fr))
        row: dict[str, Any] = {"unit": name, "M": prof.get("movement"), "Ld": prof.get("leadership"),
                               "troop_type": prof.get("troop_type", ""), "rules": tuple(prof.get("rules", ()))}
        for o in sc.outcomes:
            row[o.code] = tab.probability(o.code, "exact" if how == "exact" else "monte_carlo")
        row["method"] = how
        rows.append(row)
    codes = [c for c, _, _ in outcomes]
    table = pd.DataFrame(rows, columns=["unit", "M", "Ld", "troop_type", "rules", *codes, "method"])
    for c in codes:
        table[c] = table[c].fillna(0.0).astype("float64")
    table.insert(5 + len(codes), "caught_total",
                 table[[c for c in codes if c in CAUGHT_CODES]].sum(axis=1) if len(table) else [])
    ranking = Ranking(table, role, outcomes, failures, getattr(scenario, "title", ""))
    col, asc = ranking.sort_key()
    if len(table):
        ranking.table = table.sort_values([col, "unit"], ascending=[asc, True], kind="stable").reset_index(drop=True)
    return ranking


def format_ranking(ranking: Ranking, lang: str = "en", fmt: str = "table", digits: int = 3) -> str:
    """The ranking as text: ``"table"`` (aligned), ``"md"`` (Markdown) or ``"csv"``.

    Raises
    ------
    InputError
        Unknown format or language.
    """
    frame = ranking.labelled(lang)
    if fmt == "csv":
        return frame.to_csv(index=False)
    if fmt not in ("table", "md"):
        raise InputError("format", fmt, "one of 'table', 'md', 'csv'")
    from tabulate import tabulate

    from .report.format import pct

    shown = frame.copy()
    prob_cols = [c for c in shown.columns if shown[c].dtype.kind == "f"]
    for c in prob_cols:  # percentages in the language's format: 58.3% / 58,3 %
        shown[c] = shown[c].map(lambda p: pct(p, lang, max(digits - 2, 0)))
    return tabulate(shown, headers="keys", tablefmt="github" if fmt == "md" else "simple",
                    showindex=False, disable_numparse=True)


_CHART_CODES = ("held", "caught", "run_down", "escaped_off_table", "rallied", "escaped", "still_fleeing",
                "gave_ground", "fell_back", "caught_reengaged")


def chart_ranking(ranking: Ranking, path: str | Path, lang: str = "en", top: int | None = None) -> Path:
    """Draw the ranking as stacked horizontal bars (one bar per unit, outcomes stacked to 1).

    Parameters
    ----------
    path : str or Path
        Output file; the format follows the suffix (``.png`` or ``.svg``).
    lang : {"en", "fr"}
    top : int, optional
        Only the first ``top`` units of the ranking.

    Raises
    ------
    InputError
        Unsupported file suffix or language.
    """
    check_lang(lang)
    path = Path(path)
    if path.suffix.lower() not in (".png", ".svg"):
        raise InputError("chart", str(path), "a file name ending in .png or .svg")
    import matplotlib.pyplot as plt

    from .report.charts import STYLE, _percent_axis, _save

    table = ranking.table if top is None else ranking.table.head(top)
    outcomes = [o for o in ranking.outcomes if o[0] in table.columns]
    outcomes.sort(key=lambda o: _CHART_CODES.index(o[0]) if o[0] in _CHART_CODES else 99)
    n = len(table)
    units = list(table["unit"])[::-1]
    ys = list(range(n))
    left = [0.0] * n
    # ordered from good to bad for the unit: greens, yellows, reds (colour-blind-safe hues)
    colours = {"held": "#009E73", "rallied": "#56B4E9", "escaped": "#F0E442", "still_fleeing": "#E69F00",
               "escaped_off_table": "#CC79A7", "caught": "#D55E00", "run_down": "#8C2D04",
               "gave_ground": "#0072B2", "fell_back": "#6A9FCF", "caught_reengaged": "#B07AA1"}
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 1.2 + 0.3 * max(n, 1)))
        for code, en, fr in outcomes:
            vals = list(table[code])[::-1]
            ax.barh(ys, vals, left=left, height=0.75, label=en if lang == "en" else fr, color=colours.get(code))
            left = [a + b for a, b in zip(left, vals)]
        ax.set_yticks(ys, units, fontsize=8)
        ax.set_ylim(-0.6, n - 0.4)
        ax.set_xlim(0, 1)
        _percent_axis(ax, lang)
        ax.set_xlabel("Probability" if lang == "en" else "Probabilité")
        role = {"fleeing": ("each unit in the fleeing role", "chaque unité dans le rôle de l'unité en fuite"),
                "pursuing": ("each unit in the pursuing role", "chaque unité dans le rôle du poursuivant")}[ranking.role]
        ax.set_title(ranking.title, loc="left", pad=14)
        ax.text(0, 1.01, role[0 if lang == "en" else 1], transform=ax.transAxes, fontsize=8, color="#555555",
                va="bottom")
        ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
        try:
            _save(fig, path)
        finally:
            plt.close(fig)
    return path
