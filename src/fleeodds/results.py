"""OutcomeTable: the tidy result of an evaluation, plus its manifest.

A table keeps its rows as plain dicts and builds its pandas frames on first use, so that an
answer printed as text, Markdown, CSV or JSON never imports pandas (about a second to load).
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import InputError
from .language import Message, NP_, N_, SOURCE_LANG, Written, _, get_lang, pgettext, use_lang
from .outcomes import Metric, Outcome, as_message, label_from_json, label_to_json

if TYPE_CHECKING:
    import pandas as pd

COLUMNS = ["method", "outcome", "label", "probability", "ci_low", "ci_high", "count", "trials", "exact", "z"]
DIST_COLUMNS = ["method", "outcome", "label", "value", "probability", "count"]
FRAME_COLUMNS = ["setup", "outcome", "label", "probability", "ci_low", "ci_high", "exact", "difference",
                 "diff_low", "diff_high", "diff_exact", "mc_difference", "mc_diff_low", "mc_diff_high", "paired"]
SWEEP_COLUMNS = ["outcome", "label", "probability", "ci_low", "ci_high", "exact", "monte_carlo", "z"]
#: Columns of :meth:`OutcomeTable.cumulative` and :func:`cumulative_views`.
CUMULATIVE_COLUMNS = ["outcome", "label", "probability", "at_least", "at_most"]


def _missing(v: Any) -> bool:
    """``None``, NaN or pandas' ``NA`` (recognised without importing pandas)."""
    return v is None or (isinstance(v, float) and v != v) or type(v).__name__ == "NAType"


def _is_rows(x: Any) -> bool:
    return isinstance(x, list)


class OutcomeTable:
    """Probabilities of each outcome, exact and/or Monte Carlo.

    Parameters
    ----------
    frame : pandas.DataFrame or list of dict
        The rows (see the attribute); a list of dicts keyed by :data:`COLUMNS` (missing values
        ``None`` or NaN) is turned into the frame on first use of :attr:`frame`.
    distribution : pandas.DataFrame or list of dict
        Likewise, keyed by :data:`DIST_COLUMNS`, one row per ``(method, outcome, label, value)``.
    manifest, outcomes, metric, lang, exact_fractions
        As the attributes.

    Attributes
    ----------
    frame : pandas.DataFrame
        One row per (method, outcome). Columns: ``method`` (``"exact"`` or
        ``"monte_carlo"``), ``outcome`` (code), ``label`` (in ``lang``),
        ``probability`` (float in [0, 1]), ``ci_low``/``ci_high`` (95 % Wilson
        interval; equal to ``probability`` for exact rows), ``count`` (trials in
        this outcome; NaN for exact rows), ``trials``, ``exact`` (bool), ``z``
        (Monte Carlo rows when an exact value exists: standard errors between
        the estimate and the exact value).
    distribution : pandas.DataFrame
        The metric's distribution per outcome: ``method, outcome, label, value,
        probability, count``; empty when the scenario has no metric.
    rows : list of dict
        The rows of :attr:`frame` as plain dicts (what text, CSV and JSON outputs read).
    manifest : dict
        Seed, trials, scenario, versions of fleeodds/numpy/numba, timings.
    outcomes : tuple of Outcome
    metric : Metric
    exact_fractions : dict of str to str
        Outcome code -> exact probability as ``"n/d"`` (fraction mode only).
    """

    def __init__(self, frame: "pd.DataFrame | list[dict[str, Any]]", distribution: "pd.DataFrame | list[dict[str, Any]]",
                 manifest: dict[str, Any], outcomes: tuple[Outcome, ...], metric: Metric,
                 exact_fractions: dict[str, str] | None = None):
        self.frame = frame
        self.distribution = distribution
        self.manifest = manifest
        self.outcomes = outcomes
        self.metric = metric
        #: The language the labels of the rows are in: the reader's when the table was built (the context's,
        #: :func:`fleeodds.language.use_lang`); :meth:`relabel` gives another.
        self.lang = get_lang()
        self.exact_fractions = {} if exact_fractions is None else exact_fractions

    def __repr__(self) -> str:
        return (f"OutcomeTable(title={self.manifest.get('title', '')!r}, methods={self.methods}, "
                f"outcomes={[o.code for o in self.outcomes]}, lang={self.lang!r})")

    # -- rows and frames ----------------------------------------------------------
    @property
    def frame(self) -> "pd.DataFrame":
        if self._frame is None:
            import pandas as pd

            self._frame = pd.DataFrame(self._rows, columns=COLUMNS).astype({"count": "Int64", "trials": "Int64"})
        return self._frame

    @frame.setter
    def frame(self, value: "pd.DataFrame | list[dict[str, Any]]") -> None:
        self._frame, self._rows = (None, value) if _is_rows(value) else (value, None)

    @property
    def distribution(self) -> "pd.DataFrame":
        if self._dist is None:
            import pandas as pd

            self._dist = pd.DataFrame(self._dist_rows, columns=DIST_COLUMNS).astype({"count": "Int64"})
        return self._dist

    @distribution.setter
    def distribution(self, value: "pd.DataFrame | list[dict[str, Any]]") -> None:
        self._dist, self._dist_rows = (None, value) if _is_rows(value) else (value, None)

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The rows of :attr:`frame` as dicts keyed by :data:`COLUMNS` (missing: ``None`` or NaN)."""
        if self._frame is not None:  # a frame, once built or given, is the truth
            return records(self._frame)
        return [{c: r.get(c) for c in COLUMNS} for r in self._rows]

    @property
    def distribution_rows(self) -> list[dict[str, Any]]:
        """The rows of :attr:`distribution` as dicts keyed by :data:`DIST_COLUMNS`."""
        if self._dist is not None:
            return records(self._dist)
        return [{c: r.get(c) for c in DIST_COLUMNS} for r in self._dist_rows]

    # -- views ----------------------------------------------------------------
    def _best_row(self, code: str, method: str | None = None) -> dict[str, Any] | None:
        """The row of ``code`` (of ``method``), the exact one first, as ``frame.sort_values("exact")``."""
        rows = [r for r in self.rows if r["outcome"] == code and (not method or r["method"] == method)]
        return next((r for r in rows if r["exact"]), rows[0] if rows else None)

    def probability(self, outcome: str, method: str | None = None) -> float:
        """Probability of ``outcome``; exact if available unless ``method`` says otherwise."""
        r = self._best_row(outcome, method)
        if r is None:
            raise KeyError(outcome)
        return float(r["probability"])

    @property
    def methods(self) -> list[str]:
        return list(dict.fromkeys(r["method"] for r in self.rows))

    def relabel(self) -> "OutcomeTable":
        """The same table with labels in the reader's language (the context's: ``with use_lang("fr"):``)."""
        lang = get_lang()
        labels = {o.code: o.label().render(lang) for o in self.outcomes}
        if self._frame is None:
            frame: Any = [{**r, "label": labels.get(r["outcome"])} for r in self._rows]
        else:
            frame = self._frame.assign(label=self._frame.outcome.map(labels))
        if self._dist is None:
            dist: Any = [{**r, "label": labels.get(r["outcome"])} for r in self._dist_rows]
        else:
            dist = self._dist.assign(label=self._dist.outcome.map(labels)) if len(self._dist) else self._dist
        manifest = self.manifest
        titles = manifest.get("titles") or {}
        if titles.get(lang):  # the scenario's title in that language (its file's title_fr)
            manifest = {**manifest, "title": titles[lang]}
        return OutcomeTable(frame, dist, manifest, self.outcomes, self.metric, self.exact_fractions)

    def wide_rows(self) -> list[dict[str, Any]]:
        """:meth:`wide` as plain dicts (same keys, NaN where a value is missing)."""
        rows = self.rows
        ex = {r["outcome"]: r for r in rows if r["method"] == "exact"}
        mc = {r["outcome"]: r for r in rows if r["method"] == "monte_carlo"}
        nan = float("nan")
        out = []
        for o in self.outcomes:
            w: dict[str, Any] = {"outcome": o.code, "label": o.label().render(self.lang)}
            if ex:
                e = ex.get(o.code)
                w["exact"] = float(e["probability"]) if e else nan
                if self.exact_fractions:
                    w["fraction"] = self.exact_fractions.get(o.code, nan)
            if mc:
                m = mc.get(o.code) or {}
                w["monte_carlo"] = float(m.get("probability", nan))
                w["ci_low"] = float(m.get("ci_low", nan))
                w["ci_high"] = float(m.get("ci_high", nan))
                w["count"] = int(m["count"])
                if ex:
                    z = m.get("z")
                    w["z"] = nan if _missing(z) else float(z)
            out.append(w)
        return out

    def wide(self) -> "pd.DataFrame":
        """One row per outcome: label, exact, Monte Carlo, 95 % interval, count, z."""
        import pandas as pd

        out = pd.DataFrame({"outcome": [o.code for o in self.outcomes],
                            "label": [o.label().render(self.lang) for o in self.outcomes]})
        ex = self.frame[self.frame.method == "exact"].set_index("outcome")
        mc = self.frame[self.frame.method == "monte_carlo"].set_index("outcome")
        if len(ex):
            out["exact"] = out.outcome.map(ex.probability)
            if self.exact_fractions:
                out["fraction"] = out.outcome.map(self.exact_fractions)
        if len(mc):
            out["monte_carlo"] = out.outcome.map(mc.probability)
            out["ci_low"] = out.outcome.map(mc.ci_low)
            out["ci_high"] = out.outcome.map(mc.ci_high)
            out["count"] = out.outcome.map(mc["count"]).astype("int64")
            if len(ex):
                out["z"] = out.outcome.map(mc.z)
        return out

    def metric_rows(self, method: str | None = None) -> list[dict[str, Any]]:
        """:meth:`metric_views` as plain dicts ``value, exactly, at_least, at_most``, values in order."""
        d = self.distribution_rows
        if not d:
            return []
        method = method or ("exact" if any(r["method"] == "exact" for r in d) else "monte_carlo")
        per: dict[Any, list[float]] = {}
        for r in d:
            if r["method"] == method:
                per.setdefault(r["value"], []).append(float(r["probability"]))
        values = sorted(per)
        exactly = [_group_sum(per[v]) for v in values]
        at_most = _cumsum(exactly)
        at_least = _cumsum(exactly[::-1])[::-1]
        return [{"value": v, "exactly": e, "at_least": lo, "at_most": hi}
                for v, e, lo, hi in zip(values, exactly, at_least, at_most)]

    def metric_views(self, method: str | None = None) -> "pd.DataFrame":
        """The metric over all outcomes as "exactly", "at least" and "at most" probabilities."""
        import pandas as pd

        d = self.distribution
        if d.empty:
            return pd.DataFrame(columns=["value", "exactly", "at_least", "at_most"])
        method = method or ("exact" if "exact" in set(d.method) else "monte_carlo")
        g = d[d.method == method].groupby("value").probability.sum().sort_index()
        return pd.DataFrame({"value": g.index, "exactly": g.values,
                             "at_least": g[::-1].cumsum()[::-1].values, "at_most": g.cumsum().values})

    def best_rows(self) -> list[dict[str, Any]]:
        """:meth:`best_values` as plain dicts ``outcome, label, probability, exact``."""
        out = []
        for o in self.outcomes:
            r = self._best_row(o.code)
            if r is not None:
                out.append({"outcome": o.code, "label": o.label().render(self.lang), "probability": float(r["probability"]),
                            "exact": bool(r["exact"])})
        return out

    def best_values(self) -> "pd.DataFrame":
        """One row per outcome: ``outcome, label, probability, exact`` -- the exact value where
        there is one, else the Monte Carlo estimate (what a summary or a chart shows)."""
        import pandas as pd

        return pd.DataFrame(self.best_rows(), columns=["outcome", "label", "probability", "exact"])

    def summary_items(self) -> list[tuple[str, str, float, bool]]:
        """``(code, label, probability, exact)`` of every outcome that happens (probability > 0),
        in display order: the data of :meth:`summary_sentence`."""
        return [(r["outcome"], r["label"], r["probability"], r["exact"]) for r in self.best_rows()
                if r["probability"] > 0]

    def notes(self) -> list[str]:
        """The scenario's own sentences (``Scenario.notes``) in the table's language (:meth:`relabel` for
        another); the notes of inputs that change nothing (the manifest's ``input_notes``, also in its
        ``notes``) are left out: the command line says them once, on standard error."""
        lang = self.lang
        notes = self.manifest.get("notes") or {}
        said = {r.get("message", {}).get(lang) for r in self.manifest.get("input_notes") or () if isinstance(r, dict)}
        return [n for n in notes.get(lang, []) if n not in said]

    def summary_sentence(self) -> str:
        """The answer in one plain sentence, e.g. "Night Goblins lose a combat by 2 to Dwarf
        Warriors: held 8 %, caught and destroyed in the pursuit 51 %, escaped 41 %."

        Built from the title and the outcome labels (:mod:`fleeodds.report.summary`), in the table's
        language (:meth:`relabel` for another).
        """
        from .report.summary import outcome_sentence

        return outcome_sentence(self)

    @property
    def outcome_order(self) -> tuple[str, ...]:
        """The scenario's ordered outcome codes, best first (empty when unordered)."""
        return tuple(self.manifest.get("outcome_order") or ())

    @property
    def outcome_groups(self) -> list[tuple[str, list[str]]] | None:
        """The scenario's groups of outcomes in this table's language (``Scenario.outcome_groups``: a fight's
        sides), ``None`` when its outcomes do not group."""
        groups = (self.manifest.get("outcome_groups") or {}).get(self.lang)
        return [(name, list(codes)) for name, codes in groups] if groups else None

    def cumulative_rows(self) -> list[dict[str, Any]]:
        """:meth:`cumulative` as plain dicts keyed by :data:`CUMULATIVE_COLUMNS`."""
        return cumulative_rows(self.best_rows(), self.outcome_order)

    def cumulative(self) -> "pd.DataFrame":
        """"At least" / "at most" views of ordered outcomes (``Scenario.outcome_order``).

        Returns
        -------
        pandas.DataFrame
            One row per ordered outcome, best first: ``outcome, label, probability``,
            ``at_least`` (this outcome or a worse one of the scale) and ``at_most`` (this
            one or a better one); probabilities are exact where available. Empty when the
            outcomes have no order.
        """
        return cumulative_views(self.best_values(), self.outcome_order)

    # -- serialisation ----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Every row, the manifest and the exact fractions as plain JSON-able data (no NaN),
        with the one-sentence ``summary``."""
        return {
            "summary": self.summary_sentence(),
            "manifest": self.manifest,
            "outcomes": [{k: _clean(v) for k, v in r.items()} for r in self.rows],
            "exact_fractions": self.exact_fractions,
            "metric": {"code": self.metric.code, "label": self.metric.label().render(self.lang), "unit": self.metric.unit},
            "distribution": [{k: _clean(v) for k, v in r.items()} for r in self.distribution_rows],
            "cumulative": self.cumulative_rows(),
        }

    def to_json(self, indent: int = 2) -> str:
        """Strict JSON (``NaN`` and infinities become ``null``)."""
        return strict_json(self.to_dict(), indent)

    def to_csv(self) -> str:
        """Every row as CSV in the table's language (French: ``;``, decimal comma, UTF-8 BOM; see
        :func:`csv_text`). Another language than English: column titles, methods and yes/no in it, the
        outcomes by their labels (no English code left; :func:`fleeodds.report.csv_words.reader_rows`)."""
        with use_lang(self.lang):
            if self.lang != SOURCE_LANG:
                return reader_csv_text(COLUMNS, self.rows, ("probability", "ci_low", "ci_high", "z"))
            if self._frame is not None:
                return csv_text(self._frame)
            return rows_csv_text(COLUMNS, self._rows, floats=("probability", "ci_low", "ci_high", "z"))


def _group_sum(values: list[float]) -> float:
    """The sum of ``values`` in order with Kahan's compensation, as pandas' ``groupby(...).sum()``
    adds floats (so that the plain views equal the frames' to the last bit)."""
    total = comp = 0.0
    for v in values:
        y = v - comp
        t = total + y
        comp = t - total - y
        if comp != comp:
            comp = 0.0
        total = t
    return total


def _cumsum(values: list[float]) -> list[float]:
    """Running sums in order, as ``numpy.cumsum``."""
    out, s = [], 0.0
    for i, v in enumerate(values):
        s = v if i == 0 else s + v
        out.append(s)
    return out


def off_scale(values: list[dict[str, Any]], order: tuple[str, ...]) -> list[str]:
    """Labels of the outcomes of ``values`` (``outcome, label, probability``) that happen (probability
    above 0) but are not steps of the scale ``order``: while there are any, "this or worse" and
    "this or better" would leave them out and read wrong (held "or worse" below 100 %), so the
    cumulative views are not given."""
    return [r["label"] for r in values if r["outcome"] not in order and float(r["probability"]) > 0]


def cumulative_rows(values: list[dict[str, Any]], order: tuple[str, ...]) -> list[dict[str, Any]]:
    """:func:`cumulative_views` on plain dicts (``outcome, label, probability``); none while an
    outcome that happens is off the scale (:func:`off_scale`)."""
    if not order or not values or off_scale(values, order):
        return []
    by_code: dict[str, dict[str, Any]] = {}
    for r in values:
        by_code.setdefault(r["outcome"], r)
    sub = [by_code[c] for c in order if c in by_code]
    p = [float(r["probability"]) for r in sub]
    at_most = _cumsum(p)
    at_least = _cumsum(p[::-1])[::-1]
    return [{"outcome": r["outcome"], "label": r["label"], "probability": q, "at_least": lo, "at_most": hi}
            for r, q, lo, hi in zip(sub, p, at_least, at_most)]


def cumulative_views(values: "pd.DataFrame", order: tuple[str, ...]) -> "pd.DataFrame":
    """``values`` (``outcome, label, probability``) restricted to the ordered codes ``order``
    (best first), with ``at_least`` (this or worse) and ``at_most`` (this or better); empty while an
    outcome that happens is off the scale (:func:`off_scale`)."""
    import pandas as pd

    cols = CUMULATIVE_COLUMNS
    if not order or values.empty or off_scale(values.to_dict(orient="records"), order):
        return pd.DataFrame(columns=cols)
    v = values.set_index("outcome")
    codes = [c for c in order if c in v.index]
    sub = v.loc[codes].reset_index()
    p = sub.probability.to_numpy(float)
    sub["at_most"] = p.cumsum()
    sub["at_least"] = p[::-1].cumsum()[::-1]
    return sub[cols]


def csv_text(frame: "pd.DataFrame") -> str:
    """``frame`` as CSV for a spreadsheet in the reader's language: English ``,`` and a decimal point; French
    ``;``, a decimal comma and a UTF-8 byte-order mark (so that a French spreadsheet reads the
    accents and the numbers as it shows them)."""
    if _decimal_comma():
        return "\ufeff" + frame.to_csv(index=False, sep=";", decimal=",")
    return frame.to_csv(index=False)


def _decimal_comma() -> bool:
    """Whether the reader's language writes a decimal comma (then CSV cells are split by ``;``, and a BOM
    leads the file): French, from the catalogue's decimal symbol."""
    from .i18n import fixed

    return "," in fixed(0.5, 1)


def reader_csv_text(columns: list[str], rows: list[dict[str, Any]], floats: tuple[str, ...] = ()) -> str:
    """:func:`rows_csv_text` for a reader whose language is not English: column titles, methods and yes/no
    in it, the outcomes by their labels, no code column (:func:`fleeodds.report.csv_words.reader_rows`);
    ``floats`` are column keys."""
    from .report.csv_words import column_titles, reader_rows

    lang = get_lang()
    titles, named = reader_rows(columns, rows, lang)
    by_key = column_titles(columns, lang)
    return rows_csv_text(titles, named, floats=tuple(by_key[c] for c in floats if c in by_key))


def rows_csv_text(columns: list[str], rows: list[dict[str, Any]], floats: tuple[str, ...] = ()) -> str:
    """:func:`csv_text` of plain rows in the reader's language, without pandas (the standard :mod:`csv`
    module), written as pandas writes that frame: missing values empty, numbers as Python prints them, and
    in a decimal-comma language (French) the decimal comma in the ``floats`` columns (those of a float dtype)."""
    buf = io.StringIO()
    comma = _decimal_comma()  # the reader's locale writes 0,5: a spreadsheet there reads ';' and a BOM
    writer = csv.writer(buf, delimiter=";" if comma else ",", lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(columns)
    for r in rows:
        cells = []
        for c in columns:
            v = r.get(c)
            if _missing(v):
                cells.append("")
            elif c in floats:
                text = str(float(v))
                cells.append(text.replace(".", ",", 1) if comma else text)
            else:
                cells.append(str(v.item() if hasattr(v, "item") else v))
        writer.writerow(cells)
    return ("\ufeff" if comma else "") + buf.getvalue()


def records(frame: "pd.DataFrame") -> list[dict[str, Any]]:
    """A frame's rows as dicts, with missing values (NaN, ``pd.NA``) as ``None``."""
    return [{k: _clean(v) for k, v in r.items()} for r in frame.to_dict(orient="records")]


def _clean(v: Any) -> Any:
    if v is None or type(v).__name__ == "NAType":
        return None
    if isinstance(v, float) and not math.isfinite(v):
        return None
    return v


def _deep_clean(o: Any) -> Any:
    if isinstance(o, dict):
        return {str(k): _deep_clean(v) for k, v in o.items()}
    if isinstance(o, (list, tuple)):
        return [_deep_clean(v) for v in o]
    if isinstance(o, float):
        return o if math.isfinite(o) else None
    if type(o).__name__ == "NAType":
        return None
    return o


def strict_json(data: Any, indent: int = 2) -> str:
    """``data`` as JSON that strict parsers accept: NaN and infinities become ``null``,
    numpy scalars become numbers, anything else unknown its ``str``."""
    return json.dumps(_deep_clean(_json_ready(data)), indent=indent, default=_json_default, ensure_ascii=False,
                      allow_nan=False)


def _json_ready(o: Any) -> Any:
    import numpy as np

    if isinstance(o, dict):
        return {k: _json_ready(v) for k, v in o.items()}
    if isinstance(o, (list, tuple)):
        return [_json_ready(v) for v in o]
    if isinstance(o, np.generic):
        return o.item()
    return o


def _json_default(o):
    import numpy as np

    if isinstance(o, (np.integer,)):
        return int(o)
    if isinstance(o, (np.floating,)):
        return float(o)
    if isinstance(o, np.bool_):
        return bool(o)
    return str(o)


class Comparison:
    """Outcomes of several setups and their differences against the first.

    Parameters
    ----------
    frame : pandas.DataFrame or list of dict
        The rows (see the attribute); a list of dicts keyed by :data:`FRAME_COLUMNS` is turned
        into the frame on first use of :attr:`frame`.
    tables, lang, title, manifest
        As the attributes.

    Attributes
    ----------
    frame : pandas.DataFrame
        One row per (setup, outcome), setups and outcomes in order. Columns:
        ``setup`` (label), ``outcome`` (code), ``label`` (outcome label in
        ``lang``), ``probability`` (exact when available, else Monte Carlo),
        ``ci_low``/``ci_high`` (95 % Wilson interval; equal to ``probability``
        when exact), ``exact`` (bool), ``difference`` (this setup minus the
        first setup, same outcome code; 0 for the first setup), ``diff_low`` /
        ``diff_high`` (95 % interval of the difference), ``diff_exact`` (both
        sides exact), ``mc_difference``, ``mc_diff_low``, ``mc_diff_high`` (the
        Monte Carlo difference and its interval, NaN without Monte Carlo),
        ``paired`` (the Monte Carlo difference interval is paired on common
        random numbers; otherwise it treats the two runs as independent).
    rows : list of dict
        The rows of :attr:`frame` as plain dicts (what text, CSV and JSON outputs read).
    tables : list of OutcomeTable
        The full result of each setup (Monte Carlo rows are the marginals of
        the paired run).
    lang : str
    title : str
    manifest : dict
        ``method, seed, trials, paired``, and the setup labels.
    """

    def __init__(self, frame: "pd.DataFrame | list[dict[str, Any]]", tables: list[OutcomeTable], title: str = "",
                 manifest: dict[str, Any] | None = None):
        self.frame = frame
        self.tables = tables
        self.lang = tables[0].lang if tables else get_lang()  # the setups' labels are in their tables' language
        self.title = title
        self.manifest = {} if manifest is None else manifest
        # one label per outcome code: setups may word the same outcome differently (D&D
        # "escapes unharmed" / "stays unharmed"); the row then names both
        if self._frame is None:
            per: dict[str, list[str]] = {}
            for r in self._rows:
                per.setdefault(r["outcome"], []).append(r["label"])
            joined = {code: " / ".join(dict.fromkeys(labels)) for code, labels in per.items()}
            self._rows = [{**r, "label": joined[r["outcome"]]} for r in self._rows]
        elif len(self._frame) and "outcome" in self._frame:
            per_f = self._frame.groupby("outcome", sort=False).label.agg(lambda s: " / ".join(dict.fromkeys(s)))
            self._frame = self._frame.assign(label=self._frame.outcome.map(per_f))

    def __repr__(self) -> str:
        return f"Comparison(title={self.title!r}, setups={self.setups}, lang={self.lang!r})"

    @property
    def frame(self) -> "pd.DataFrame":
        if self._frame is None:
            import pandas as pd

            self._frame = pd.DataFrame(self._rows, columns=FRAME_COLUMNS)
        return self._frame

    @frame.setter
    def frame(self, value: "pd.DataFrame | list[dict[str, Any]]") -> None:
        self._frame, self._rows = (None, value) if _is_rows(value) else (value, None)

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The rows of :attr:`frame` as dicts keyed by :data:`FRAME_COLUMNS` (missing: ``None`` or NaN)."""
        if self._frame is not None:
            return records(self._frame)
        return [{c: r.get(c) for c in FRAME_COLUMNS} for r in self._rows]

    @property
    def setups(self) -> list[str]:
        return list(dict.fromkeys(r["setup"] for r in self.rows))

    def wide(self) -> "pd.DataFrame":
        """Rows: outcome labels; columns: setups (probabilities, NaN where a setup lacks the outcome)."""
        return self.frame.pivot_table(index="label", columns="setup", values="probability", sort=False,
                                      dropna=False)[self.setups]

    def wide_rows(self) -> tuple[list[str], dict[str, dict[str, float]]]:
        """:meth:`wide` as plain data: the outcome labels in order, and setup -> label -> probability
        (a label a setup lacks is absent; a label twice in a setup gets the mean, as ``pivot_table``)."""
        labels: list[str] = []
        values: dict[str, dict[str, list[float]]] = {s: {} for s in self.setups}
        for r in self.rows:
            if r["label"] not in labels:
                labels.append(r["label"])
            values[r["setup"]].setdefault(r["label"], []).append(float(r["probability"]))
        means = {s: {lab: _group_sum(ps) / len(ps) for lab, ps in per.items()} for s, per in values.items()}
        return labels, means

    def nonzero(self) -> "Comparison":
        """The same comparison without the outcomes that no setup can reach (probability 0 in
        every setup, exact or Monte Carlo), for tables and charts."""
        if self._frame is None:
            reach: dict[str, float] = {}
            for r in self._rows:
                vals = [v for v in (r["probability"], r["ci_high"]) if not _missing(v)]
                if vals:
                    reach[r["outcome"]] = max(reach.get(r["outcome"], -math.inf), *vals)
            keep_rows = [r for r in self._rows if reach.get(r["outcome"], 0) > 0]
            return Comparison(keep_rows, self.tables, self.title, self.manifest)
        reach_f = self.frame.groupby("outcome", sort=False)[["probability", "ci_high"]].max().max(axis=1)
        keep = set(reach_f[reach_f > 0].index)
        return Comparison(self.frame[self.frame.outcome.isin(keep)].reset_index(drop=True), self.tables,
                          self.title, self.manifest)

    def summary_lines(self) -> list[str]:
        """One plain sentence per setup ("withdraw: escapes unharmed 55 %, …"), in :attr:`lang`."""
        from .report.summary import comparison_lines

        return comparison_lines(self)

    def cumulative_rows(self) -> list[dict[str, Any]]:
        """:meth:`cumulative` as plain dicts ``setup, outcome, label, probability, at_least, at_most``."""
        rows = self.rows
        out = []
        for s, t in zip(self.setups, self.tables):
            mine = [r for r in rows if r["setup"] == s]
            out += [{"setup": s, **v} for v in cumulative_rows(mine, t.outcome_order)]
        return out

    def cumulative(self) -> "pd.DataFrame":
        """"At least" / "at most" views of the ordered outcomes, per setup: ``setup, outcome,
        label, probability, at_least, at_most`` (empty when the outcomes have no order)."""
        import pandas as pd

        parts = []
        for s, t in zip(self.setups, self.tables):
            v = cumulative_views(self.frame[self.frame.setup == s][["outcome", "label", "probability"]],
                                 t.outcome_order)
            if len(v):
                parts.append(v.assign(setup=s))
        if not parts:
            return pd.DataFrame(columns=["setup", "outcome", "label", "probability", "at_least", "at_most"])
        out = pd.concat(parts, ignore_index=True)
        return out[["setup", "outcome", "label", "probability", "at_least", "at_most"]]

    def to_dict(self) -> dict[str, Any]:
        """Title, summary lines, manifest, every row and each setup's manifest, as JSON-able data (no NaN)."""
        return {"title": self.title, "summary": self.summary_lines(), "manifest": self.manifest,
                "rows": [{k: _clean(v) for k, v in r.items()} for r in self.rows],
                "manifests": [t.manifest for t in self.tables]}

    def to_json(self, indent: int = 2) -> str:
        """Strict JSON (``NaN`` becomes ``null``)."""
        return strict_json(self.to_dict(), indent)

    def to_csv(self) -> str:
        """Every row as CSV in the comparison's language (French: ``;``, decimal comma, UTF-8 BOM; see
        :func:`csv_text`); another language than English: its column titles, yes/no and outcome labels
        (:func:`reader_csv_text`)."""
        floats = tuple(c for c in FRAME_COLUMNS if c not in ("setup", "outcome", "label", "exact", "diff_exact",
                                                              "paired"))
        with use_lang(self.lang):
            if self.lang != SOURCE_LANG:
                return reader_csv_text(FRAME_COLUMNS, self.rows, floats)
            if self._frame is not None:
                return csv_text(self._frame)
            return rows_csv_text(FRAME_COLUMNS, self._rows, floats=floats)

    #: Columns of :meth:`differences`.
    DIFF_COLUMNS = ["setup", "outcome", "label", "difference", "diff_low", "diff_high", "diff_exact",
                    "mc_difference", "mc_diff_low", "mc_diff_high", "paired"]

    def difference_rows(self) -> list[dict[str, Any]]:
        """:meth:`differences` as plain dicts."""
        base = self.setups[0]
        return [{c: r[c] for c in self.DIFF_COLUMNS} for r in self.rows if r["setup"] != base]

    def differences(self) -> "pd.DataFrame":
        """The rows of every setup but the first: ``setup, outcome, label, difference, diff_low,
        diff_high, diff_exact, mc_difference, mc_diff_low, mc_diff_high, paired``."""
        rows = self.frame[self.frame.setup != self.setups[0]]
        return rows[self.DIFF_COLUMNS].reset_index(drop=True)


@dataclass
class Sweep:
    """Results of a sweep.

    Attributes
    ----------
    frame : pandas.DataFrame
        Tidy: one row per cell and outcome. Columns: one per varied field (the
        values as given), then ``outcome`` (code), ``label`` (in ``lang``),
        ``probability`` (exact when available, else Monte Carlo), ``ci_low`` /
        ``ci_high`` (95 % Wilson interval of the Monte Carlo estimate; equal to
        ``probability`` without Monte Carlo), ``exact`` (bool),
        ``monte_carlo`` and ``z`` (NaN without Monte Carlo / without exact).
    fields : list of str
        The varied fields, in order.
    values : dict of str to list
    tables : list of OutcomeTable
        One per cell, in grid order (the last field varies fastest).
    title : str
    lang : str
    manifest : dict
        ``method, seed, trials, fields, values, cells``.
    """

    frame: pd.DataFrame
    fields: list[str]
    values: dict[str, list]
    tables: list[OutcomeTable]
    title: str
    lang: str
    manifest: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Title, manifest and every row (one per cell and outcome), JSON-able (no NaN)."""
        return {"title": self.title, "manifest": self.manifest, "rows": records(self.frame)}

    def to_json(self, indent: int = 2) -> str:
        """Strict JSON (``NaN`` becomes ``null``)."""
        return strict_json(self.to_dict(), indent)

    def to_csv(self) -> str:
        """Every row as CSV in the sweep's language (French: ``;``, decimal comma, UTF-8 BOM; see
        :func:`csv_text`); another language than English: its column titles, yes/no and outcome labels
        (:func:`reader_csv_text`)."""
        with use_lang(self.lang):
            if self.lang != SOURCE_LANG:
                floats = tuple(c for c in self.frame.columns if self.frame[c].dtype.kind == "f")
                return reader_csv_text(list(self.frame.columns), records(self.frame), floats)
            return csv_text(self.frame)

    def outcome_labels(self) -> dict[str, str]:
        """Outcome code -> label, in order of first appearance."""
        return dict(zip(self.frame.outcome, self.frame.label))

    def grid(self, outcome: str) -> pd.DataFrame:
        """Probability of ``outcome`` with the first field as rows and the second as columns.

        Raises
        ------
        InputError
            Unless exactly two fields were varied, or for an unknown outcome.
        """
        if len(self.fields) != 2:
            raise InputError("sweep", self.fields, Message(N_("two varied fields for a grid")))
        self.check_outcome(outcome)
        f1, f2 = self.fields
        sub = self.frame[self.frame.outcome == outcome]
        g = sub.pivot_table(index=f1, columns=f2, values="probability", sort=False)
        return g.reindex(index=self.values[f1], columns=self.values[f2]).fillna(0.0)

    def check_outcome(self, outcome: str) -> None:
        codes = self.outcome_labels()
        if outcome not in codes:
            raise InputError("outcome", outcome, Message(N_("one of {choices}"), choices=", ".join(codes)))


@dataclass
class RankBars:
    """What :func:`chart_ranking` draws.

    Attributes
    ----------
    title, subtitle : str
        Shown above the bars (the subtitle names the role, in the chart's language).
    units : list of str
        Unit names, best first (drawn top to bottom).
    series : list of (label, values, colour)
        One per outcome, in stacking order: its legend label, one probability in
        [0, 1] per unit (same order as ``units``), and a colour (``None``: the
        default cycle).
    """

    title: str
    subtitle: str
    units: list[str]
    series: list[tuple[str, list[float], str | None]] = field(default_factory=list)


#: Columns of :attr:`Matrix.frame` (tidy: one row per cell and outcome).
MATRIX_COLUMNS = ["row_unit", "col_unit", "outcome", "label", "probability", "ci_low", "ci_high", "count", "trials",
                  "exact", "fraction", "seed"]


def _check_probabilities(cells: pd.DataFrame, frame: pd.DataFrame, codes: list[str], total: str) -> None:
    """A resumed file's probabilities are numbers from 0 to 1 and each cell's outcomes sum to 1: a damaged
    or edited file is refused, never shown as -300 %."""
    import pandas as pd

    cols = [c for c in [*codes, total] if c in cells.columns]
    values = pd.concat([cells[cols].stack(), frame["probability"]], ignore_index=True) if cols else frame["probability"]
    values = pd.to_numeric(values, errors="coerce")
    if values.isna().any() or ((values < -1e-9) | (values > 1 + 1e-9)).any():
        raise ValueError("a probability outside 0 to 1")
    if len(frame):
        sums = frame.groupby(["row_unit", "col_unit"])["probability"].sum()
        if ((sums - 1).abs() > 1e-6).any():
            raise ValueError("a cell whose outcomes do not sum to 1")


@dataclass
class MatrixGrid:
    """What :func:`fleeodds.report.charts.chart_matrix` draws: a heatmap of one probability.

    Attributes
    ----------
    title, subtitle : str
        The subtitle names both armies and the probability shown.
    rows, cols : list of str
        Unit names down the rows (the first role's army) and across the columns (the other's).
    values : list of list of float
        ``values[i][j]`` in [0, 1], NaN for a failed cell; shape (len(rows), len(cols)).
    row_title, col_title, colour_title : str
        Axis titles (they name the role and the army) and the colour bar's title.
    footnote : list of str
    """

    title: str
    subtitle: str
    rows: list[str]
    cols: list[str]
    values: list[list[float]]
    row_title: str = ""
    col_title: str = ""
    colour_title: str = ""
    footnote: list[str] = field(default_factory=list)


@dataclass
class Matrix:
    """Army against army: every unit of one army in the first role against every unit of the other
    in the second role, built by :func:`fleeodds.matrix.matrix`.

    Attributes
    ----------
    cells : pandas.DataFrame
        One row per cell computed: ``row_unit``, ``col_unit`` (the two unit names), the unit
        columns of each side prefixed ``row_`` / ``col_`` (Warhammer: ``M``, ``Ld``,
        ``troop_type``), ``row_points`` / ``col_points`` (float, NaN without points), one
        probability column per outcome code (float64 in [0, 1]), the total column
        (:attr:`total`, Warhammer ``caught_total``) with its 95 % Wilson interval
        ``<total>_low`` / ``<total>_high`` (equal to it when exact), ``method`` (``"exact"`` or
        ``"mc"``), ``trials`` and ``seed`` (Monte Carlo; ``<NA>`` when exact), and, when a side
        has points, ``row_per_100_pts`` / ``col_per_100_pts``: the probability of that side's
        good result (see :attr:`good_total`) per 100 points of that unit.
    frame : pandas.DataFrame
        Tidy, for pandas: one row per cell and outcome, columns :data:`MATRIX_COLUMNS`
        (``probability`` exact or Monte Carlo, ``ci_low``/``ci_high`` its 95 % Wilson interval,
        ``count``/``trials``/``seed`` for Monte Carlo, ``fraction`` the exact value as ``"n/d"``).
    roles : (str, str)
        The rules system's roles of the rows and the columns (Warhammer ``fleeing``, ``pursuing``).
    role_labels : dict
        Role -> its label (a :class:`~fleeodds.language.Message`), e.g. ``"pursuing"``: "pursuer" (French
        "poursuivant").
    armies : (str, str)
        The names of the two armies (catalogues).
    outcomes : list of (code, label)
    total : (column, label, codes)
        The column summing the outcomes the matrix shows (Warhammer: caught in any way).
    good_total : dict
        Role -> whether the total is the good result for that role (Warhammer: the pursuer's).
    unit_columns : list of (column, label)
    short_labels : dict
        Outcome code -> short column title (a :class:`~fleeodds.language.Message`).
    The labels read in the reader's language where they are shown (the context's: ``with use_lang("fr"):``);
    JSON keeps each in every language (:func:`fleeodds.outcomes.label_to_json`).
    failures : list of (row unit, col unit, message)
        Cells that could not be computed (reported, not fatal).
    title, system, lang : str
    manifest : dict
        ``method, trials, seed, runner, cells, distinct_exact, fingerprint, scenario``.
    """

    cells: pd.DataFrame
    frame: pd.DataFrame
    roles: tuple[str, str]
    role_labels: dict[str, Message]
    armies: tuple[str, str]
    outcomes: list[tuple[str, Message]]
    total: tuple[str, Message, tuple[str, ...]]
    good_total: dict[str, bool]
    unit_columns: list[tuple[str, Message]] = field(default_factory=list)
    short_labels: dict[str, Message] = field(default_factory=dict)
    failures: list[tuple[str, str, str]] = field(default_factory=list)
    title: str = ""
    system: str = ""
    lang: str = "en"
    manifest: dict[str, Any] = field(default_factory=dict)

    # -- views ----------------------------------------------------------------------
    def role_label(self, role: str) -> Message:
        """The name of ``role`` beside a unit (rendered in the reader's language where shown)."""
        return as_message(self.role_labels[role]) if role in self.role_labels else Written(role)

    def value_label(self, column: str | None = None) -> Message:
        """The short name of a column of :attr:`cells` (an outcome code or the total), rendered in the
        reader's language where shown."""
        column = column or self.total[0]
        if column == self.total[0]:
            return as_message(self.total[1])
        for code, label in self.outcomes:
            if code == column:
                return as_message(self.short_labels.get(code, label))
        raise InputError("value", column, Message(N_("one of {choices}"),
                                                  choices=", ".join([self.total[0], *(c for c, _ in self.outcomes)])))

    def wide(self, column: str | None = None) -> pd.DataFrame:
        """The matrix: rows the first army's units, columns the other's, values ``column`` of
        :attr:`cells` (default: the total), in :attr:`cells` order (best first); NaN for a failed cell.

        Raises
        ------
        InputError
            For a column that is neither an outcome code nor the total.
        """
        import pandas as pd

        column = column or self.total[0]
        self.value_label(column)
        rows = list(dict.fromkeys([*self.cells.row_unit, *(f[0] for f in self.failures)]))
        cols = list(dict.fromkeys([*self.cells.col_unit, *(f[1] for f in self.failures)]))
        if self.cells.empty:
            return pd.DataFrame(index=pd.Index(rows, name=self.roles[0]), columns=pd.Index(cols, name=self.roles[1]),
                                dtype="float64")
        g = self.cells.pivot_table(index="row_unit", columns="col_unit", values=column, sort=False, dropna=False)
        g = g.reindex(index=rows, columns=cols).astype("float64")
        g.index.name, g.columns.name = self.roles
        return g

    def top(self, n: int) -> "Matrix":
        """The same matrix with only the ``n`` best units of each side (best: the mean of the total
        over the other side, in each role's direction; :attr:`cells` is already in that order)."""
        rows = list(dict.fromkeys(self.cells.row_unit))[:n]
        cols = list(dict.fromkeys(self.cells.col_unit))[:n]
        keep = self.cells.row_unit.isin(rows) & self.cells.col_unit.isin(cols)
        keep_f = self.frame.row_unit.isin(rows) & self.frame.col_unit.isin(cols)
        fails = [f for f in self.failures if f[0] in rows and f[1] in cols]
        return Matrix(self.cells[keep].reset_index(drop=True), self.frame[keep_f].reset_index(drop=True), self.roles,
                      self.role_labels, self.armies, self.outcomes, self.total, self.good_total, self.unit_columns,
                      self.short_labels, fails, self.title, self.system, self.lang, dict(self.manifest))

    def labelled(self) -> pd.DataFrame:
        """:attr:`cells` with column titles in the reader's language (the context's: ``with use_lang("fr"):``;
        the unit columns say which side they describe)."""
        lang = get_lang()
        names: dict[str, str] = {}
        total = self.value_label().render()
        for side, role in (("row", self.roles[0]), ("col", self.roles[1])):
            who = self.role_label(role).render()
            names[f"{side}_unit"] = who
            names[f"{side}_points"] = _("{who}: points", who=who)
            for col, label in self.unit_columns:
                names[f"{side}_{col}"] = _("{who}: {column}", who=who, column=as_message(label))
            names[f"{side}_per_100_pts"] = (_("{who}: {total} per 100 pts", who=who, total=total)
                                            if self.good_total.get(role) else
                                            _("{who}: not {total} per 100 pts", who=who, total=total))
        for code, _label in self.outcomes:
            names[code] = self.value_label(code).render()
        t = self.total[0]
        names[t] = total
        names[f"{t}_low"] = _("{total}: 95% low", total=total)
        names[f"{t}_high"] = _("{total}: 95% high", total=total)
        names.update({k: pgettext("matrix column", v) for k, v in _MATRIX_COLUMNS.items()})
        out = self.cells.copy()
        if lang != SOURCE_LANG:  # another language than English: the methods, and the unit columns' values in it
            from .report.csv_words import method_name

            out["method"] = out["method"].map(lambda m: method_name(m, lang))
            out = self._unit_values_named(out)
        else:
            out["method"] = out["method"].map(lambda m: {"mc": "Monte Carlo"}.get(m, m))
        for col in out.columns:
            if out[col].dtype == object and any(isinstance(v, (tuple, list)) for v in out[col]):
                out[col] = out[col].map(lambda r: ", ".join(r) if isinstance(r, (tuple, list)) else r)
        return out.rename(columns=names)

    def _unit_values_named(self, out: "pd.DataFrame") -> "pd.DataFrame":
        """The unit columns' codes (a troop type ``swarm``, rules ``("unbreakable",)``) named as the rules
        system names them, in the reader's language (:attr:`fleeodds.system.RulesSystem.value_labels`)."""
        from .errors import FleeoddsError
        from .list_building import resolve
        from .system import get_system, value_label

        try:
            system = get_system(self.system)
            values = system.value_labels or {}
            keys = {c.column: c.profile_key for c in resolve(system.list_building).unit_columns} \
                if system.list_building is not None else {}
        except (FleeoddsError, LookupError, TypeError):  # a matrix of an unknown system: its codes as written
            return out
        for col, _label in self.unit_columns:
            known = values.get(keys.get(col, col))
            if not known:
                continue
            name = (lambda x, known=known: value_label(known[x]).render()
                    if isinstance(x, str) and x in known else x)
            for side in ("row", "col"):
                if f"{side}_{col}" in out:
                    out[f"{side}_{col}"] = out[f"{side}_{col}"].map(
                        lambda v, name=name: tuple(name(x) for x in v) if isinstance(v, (tuple, list)) else name(v))
        return out

    # -- serialisation --------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Title, manifest, the cells, the tidy rows and the failures, JSON-able (no NaN); what
        :meth:`from_dict` reads back (``fleeodds matrix --resume``)."""
        return {"kind": "fleeodds.matrix", "title": self.title, "system": self.system, "lang": self.lang,
                "roles": list(self.roles),
                "role_labels": {k: label_to_json(v) for k, v in self.role_labels.items()},
                "armies": list(self.armies), "outcomes": [[c, label_to_json(v)] for c, v in self.outcomes],
                "total": [self.total[0], label_to_json(self.total[1]), list(self.total[2])],
                "good_total": self.good_total,
                "unit_columns": [[c, label_to_json(v)] for c, v in self.unit_columns],
                "short_labels": {k: label_to_json(v) for k, v in self.short_labels.items()},
                "manifest": self.manifest, "cells": records(self.cells), "rows": records(self.frame),
                "failures": [{"row_unit": a, "col_unit": b, "error": e} for a, b, e in self.failures]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Matrix":
        """The matrix :meth:`to_dict` wrote.

        Raises
        ------
        InputError
            When ``data`` is not a matrix written by fleeodds.
        """
        import pandas as pd

        if not isinstance(data, dict) or data.get("kind") != "fleeodds.matrix":
            raise InputError("resume", type(data).__name__, Message(N_("a JSON file written by fleeodds matrix --out FILE.json")))
        try:
            cells = pd.DataFrame(data["cells"])
            for col in cells.columns:  # JSON lists back to tuples (rules)
                if cells[col].dtype == object and any(isinstance(v, list) for v in cells[col]):
                    cells[col] = cells[col].map(lambda v: tuple(v) if isinstance(v, list) else v)
            frame = pd.DataFrame(data["rows"], columns=MATRIX_COLUMNS)
            t = data["total"]
            _check_probabilities(cells, frame, [o[0] for o in data["outcomes"]], t[0])
            return cls(cells, frame, tuple(data["roles"]),
                       {k: label_from_json(v) for k, v in data["role_labels"].items()},
                       tuple(data["armies"]), [_labelled(o) for o in data["outcomes"]],
                       (t[0], label_from_json(t[1]), tuple(t[2])) if len(t) == 3 else  # older: [col, en, fr, codes]
                       (t[0], label_from_json(t[1:3]), tuple(t[3])),
                       dict(data["good_total"]), [_labelled(c) for c in data["unit_columns"]],
                       {k: label_from_json(v) for k, v in data["short_labels"].items()},
                       [(f["row_unit"], f["col_unit"], f["error"]) for f in data["failures"]],
                       data.get("title", ""), data.get("system", ""), data.get("lang", "en"), data.get("manifest", {}))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise InputError("resume", f"{type(exc).__name__}: {exc}",
                             Message(N_("a JSON file written by fleeodds matrix --out FILE.json (this one is damaged)"))) from None

    def to_json(self, indent: int = 2) -> str:
        """Strict JSON (``NaN`` becomes ``null``)."""
        return strict_json(self.to_dict(), indent)

    def to_csv(self, layout: str = "long", column: str | None = None) -> str:
        """CSV of the tidy rows (``"long"``), the cells (``"cells"``) or the matrix of ``column``
        (``"wide"``, default the total), for a reader of the context's language (``with use_lang("fr"):``
        French: ``;``, decimal comma, UTF-8 BOM; :func:`csv_text`).

        Raises
        ------
        InputError
            Unknown layout or column.
        """
        if layout == "long":
            return csv_text(self.frame)
        if layout == "cells":
            return csv_text(self.labelled())
        if layout == "wide":
            return csv_text(self.wide(column).reset_index().rename(columns={self.roles[0]: self.role_label(
                self.roles[0]).render()}))
        raise InputError("layout", layout, Message(N_("one of 'long', 'wide', 'cells'")))


#: The matrix's own columns (context "matrix column": "méthode", "tirages", "graine").
_MATRIX_COLUMNS = {"method": NP_("matrix column", "method"), "trials": NP_("matrix column", "trials"),
                   "seed": NP_("matrix column", "seed")}


def _labelled(item: list) -> tuple[str, Message]:
    """A ``(code, label)`` pair of a matrix's JSON: ``[code, {lang: text}]``, or an older ``[code, en, fr]``."""
    return (item[0], label_from_json(item[1] if len(item) == 2 else item[1:3]))
