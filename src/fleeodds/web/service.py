"""What the web page and its JSON API do, without HTTP: check a request, build the
scenario, evaluate it (Monte Carlo in chunks that a cancel stops), and present the
answer (plain sentence, tables, charts as SVG or PNG).

Nothing here names a rules system: systems come from :func:`fleeodds.system.system_keys`,
forms from their JSON Schema, profiles from their list-building module.

Limits of web requests (a page on a shared machine must not start an hour-long run):
:data:`MAX_TRIALS`, :data:`MIN_PRECISION`, :data:`MAX_COMPARE_TRIALS`,
:data:`MAX_SWEEP_CELLS`, :data:`MAX_SWEEP_WORK`, :data:`MAX_UPLOAD_BYTES`.
"""

from __future__ import annotations

import atexit
import collections
import copy
import hashlib
import json
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from .. import engine, evaluation, files, loading
from ..errors import FleeoddsError, InputError, grouped, short_repr
from ..language import Message, N_, Written, available_langs, get_lang, use_lang
from ..language import check_lang
from ..results import OutcomeTable, records, strict_json
from ..stats import trials_for_precision, wilson_half_width
from ..system import COMPARE_KEY, Scenario, get_system, system_keys

#: Most Monte Carlo trials one web evaluation may run.
MAX_TRIALS = 10_000_000
#: Finest 95 % half-width a web request may ask for (about 3.8 million trials at p = 0.5).
MIN_PRECISION = 0.0005
#: Most trials per setup of a web comparison.
MAX_COMPARE_TRIALS = 2_000_000
#: Most setups of a web comparison.
MAX_SETUPS = 8
#: Most cells of a web sweep, and most Monte Carlo trials of a sweep in all (cells × trials).
MAX_SWEEP_CELLS = 400
MAX_SWEEP_WORK = 20_000_000
#: Largest uploaded BattleScribe file (bytes).
MAX_UPLOAD_BYTES = 16 * 1024 * 1024
#: Largest JSON request body (bytes).
MAX_BODY_BYTES = 512 * 1024
#: Longest text (a title, a label, a setup's name, any field's text) in a web request, in characters:
#: a title is drawn on the charts, and a 100 KB one took a minute to lay out.
MAX_TEXT = 200
#: Trials per kernel call of a web Monte Carlo run: a cancel, a progress step, and the
#: longest time the run holds the interpreter before other requests get a turn.
CHUNK = 1 << 18
METHODS = ("both", "exact", "mc")
#: Keys that would make the server read or write a file: never accepted from a browser.
FILE_KEY_ENDINGS = ("_file", "_path", "_dir", "_folder")
FILE_KEYS = ("path", "file", "out", "output", "chart")


#: Held around every Monte Carlo kernel call of the server. numba's parallel kernels must not
#: be launched from two threads at once under its ``workqueue`` threading layer, and on a
#: 2-core machine two at once gain nothing; a job takes it per chunk, so others wait one chunk.
KERNEL_LOCK = threading.RLock()


_USERS = [0]  # Monte Carlo runs of requests going on now (the warm-up gives way to them)
_USERS_LOCK = threading.Lock()


class user_run:
    """Marks a request's run (``with user_run(): …``): while one goes on, the background warm-up
    waits before its next kernel call, so that a first question is not queued behind it."""

    def __enter__(self) -> "user_run":
        with _USERS_LOCK:
            _USERS[0] += 1
        return self

    def __exit__(self, *exc: Any) -> None:
        with _USERS_LOCK:
            _USERS[0] -= 1


def give_way(stop: threading.Event) -> None:
    """Wait while requests' runs go on (the warm-up calls this before each kernel call)."""
    while _USERS[0] > 0 and not stop.is_set():
        stop.wait(0.05)


class Cancelled(Exception):
    """A run stopped because its page or job was cancelled."""


# --------------------------------------------------------------------------- requests


def refuse_file_fields(data: Any, where: str = "") -> None:
    """Refuse any field naming a file on the server (``profiles_file``, an output path …).

    Raises
    ------
    InputError
        ``profiles_file: 'x.toml' is not allowed; expected no file name: the web page reads no
        file on the server; upload a BattleScribe catalogue or type the unit's fields``.
    """
    if isinstance(data, dict):
        for k, v in data.items():
            path = f"{where}.{k}" if where else str(k)
            key = str(k).lower()
            if key.endswith(FILE_KEY_ENDINGS) or key in FILE_KEYS:
                raise InputError(path, short_repr(v), Message(N_("no file name: the web page reads and writes no file on the "
                                 "server; upload a BattleScribe catalogue or type the unit's fields instead")))
            refuse_file_fields(v, path)
    elif isinstance(data, list):
        for i, v in enumerate(data):
            refuse_file_fields(v, f"{where}.{i}" if where else str(i))


#: The folder a browser's scenario "lives in": a name that is never created (no folder is left behind),
#: so a relative file name resolves to nothing (file fields are refused before that anyway).
class TextError(InputError):
    """A text of a web request refused by :func:`check_texts` (its message from the catalogue)."""

    def __init__(self, field: str, msg: Message):
        FleeoddsError.__init__(self, msg)
        self.field, self.value, self.allowed = field, "text", msg


def check_texts(data: Any, where: str = "") -> None:
    """Refuse any text of a request (a key or a value, at any depth) longer than :data:`MAX_TEXT`
    characters or holding a lone UTF-16 surrogate (JSON's ``"\\ud800"``, which no UTF-8 page,
    file or chart can hold), naming its field.

    Raises
    ------
    InputError
        ``title: a text of 100,000 characters is not allowed; expected at most 200 characters``.
    """
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else None
    if items is None:
        if isinstance(data, str):
            path = where or "body"
            if len(data) > MAX_TEXT:
                raise TextError(path, Message(N_("{field}: a text of {n} characters is not allowed; expected at "
                                                 "most {limit} characters"), field=path, n=grouped(len(data)),
                                              limit=MAX_TEXT))
            if any(0xD800 <= ord(c) <= 0xDFFF for c in data):
                raise TextError(path, Message(N_("{field}: a text holding a lone UTF-16 surrogate (\\ud800 to \\udfff) "
                                                 "is not allowed; expected a text of valid Unicode characters"),
                                              field=path))
        return
    for k, v in items:
        here = f"{where}.{k}" if where else str(k)
        if isinstance(k, str):
            check_texts(k, here)
        check_texts(v, here)


_EMPTY_DIR = Path(tempfile.gettempdir()) / "fleeodds-web-no-files-here"


def load(data: Any) -> Scenario:
    """The scenario of a browser's JSON (a dict with its ``system`` key).

    Relative file names resolve in an empty folder of its own, and file fields are
    refused before the rules system sees them.

    Raises
    ------
    FleeoddsError
        The rules system's own one-line-per-field message.
    """
    if not isinstance(data, dict):
        raise InputError("scenario", short_repr(data), Message(N_("a table of fields (a JSON object) with its system key")))
    files.check_depth(data, "scenario")
    refuse_file_fields(data)
    if "system" not in data:
        raise InputError("system", None, Message(N_("one of {choices}"), choices=", ".join(f"'{s}'" for s in system_keys())))
    return get_system(data["system"]).load(data, _EMPTY_DIR)


def check_method(method: Any, scenario: Scenario) -> str:
    """``both``/``exact``/``mc``; ``both`` becomes ``mc`` for a scenario without an exact solver."""
    if method not in METHODS:
        raise InputError("method", short_repr(method), Message(N_("one of 'both', 'exact', 'mc'")))
    if method == "both" and not scenario.has_exact:
        return "mc"
    return method


def check_sizing(trials: Any, precision: Any, cap: int | None = None) -> tuple[int | None, float | None]:
    """Trials (default 1,000,000) or a precision, within the web limits.

    Raises
    ------
    InputError
        Both given, trials outside 1 .. ``cap`` (default :data:`MAX_TRIALS`), precision outside
        [MIN_PRECISION, 0.5).
    """
    cap = MAX_TRIALS if cap is None else cap
    if trials is not None and precision is not None:
        raise InputError("trials", short_repr(trials), Message(N_("either a number of trials or a precision, not both")))
    if precision is not None:
        if isinstance(precision, bool) or not isinstance(precision, (int, float)) or \
                not MIN_PRECISION <= precision < 0.5:
            raise InputError("precision", short_repr(precision),
                             Message(N_("a number from {lo} to 0.5 on the web page (finer: use the command line)"), lo=MIN_PRECISION))
        return None, float(precision)
    trials = engine.DEFAULT_TRIALS if trials is None else trials
    if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= cap:
        raise InputError("trials", short_repr(trials),
                         Message(N_("an integer from 1 to {n} on the web page (more: use the command line)"), n=grouped(cap)))
    return int(trials), None


def check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise InputError("seed", short_repr(seed), Message(N_("an integer from 0 to 2**63 - 1")))
    return seed


def error_lines(exc: FleeoddsError, lang: str = "en") -> list[dict[str, str]]:
    """One ``{"path", "message"}`` per line of a project error (``path`` ``""`` when the line names none),
    the message in ``lang``."""
    out = []
    with use_lang(lang):
        text = exc.message()
    for line in text.splitlines() or [text]:
        head, sep, _ = line.partition(": ")
        path = head if sep and head and " " not in head and len(head) < 200 else ""
        out.append({"path": path, "message": line})
    return out


# --------------------------------------------------------------------------- Monte Carlo in chunks


class Progress:
    """A run's progress, shared between its worker thread and the requests that poll it."""

    def __init__(self) -> None:
        self.done = 0
        self.total = 0
        #: ``"exact"`` (the exact solver runs), ``"preparing"`` (waiting for the kernels: their
        #: compilation, the warm-up, another run's chunk), ``"simulating"`` (trials are done) or
        #: ``"finishing"`` (every trial is done; the tables and the chart are being drawn).
        self.phase = "exact"
        #: ``time.monotonic()`` when the run began waiting for its kernels (phase ``"preparing"``).
        self.preparing_since: float | None = None
        self.cancel = threading.Event()
        #: The warm-up's run: it gives way to requests' runs before each chunk.
        self.background = False

    def check(self) -> None:
        if self.cancel.is_set():
            raise Cancelled()


def simulate(scenario: Scenario, trials: int | None, precision: float | None, seed: int,
             progress: Progress | None = None) -> engine.SimulationCounts:
    """:func:`_simulate`; a request's run (not the warm-up's) is marked as such for its whole
    length, so the warm-up waits for it (:func:`give_way`)."""
    if progress is not None and progress.background:
        return _simulate(scenario, trials, precision, seed, progress)
    with user_run():
        return _simulate(scenario, trials, precision, seed, progress)


def _simulate(scenario: Scenario, trials: int | None, precision: float | None, seed: int,
              progress: Progress | None = None) -> engine.SimulationCounts:
    """:func:`fleeodds.engine.simulate` in chunks of :data:`CHUNK` trials, a cancel checked
    between chunks, stopping at :data:`MAX_TRIALS`.

    The counts equal :func:`fleeodds.engine.simulate`'s for the same trials and seed
    (trial ``t`` reads the stream of ``(seed, t)`` whatever the chunking); a precision run
    may stop at a slightly different number of trials (its chunks are smaller).

    Raises
    ------
    Cancelled
        When ``progress.cancel`` is set.
    """
    progress = progress or Progress()
    progress.phase = "preparing"
    progress.preparing_since = time.monotonic()
    kernel = scenario.kernel()
    t0 = time.perf_counter()
    total = None
    done = 0
    target = trials if trials is not None else min(trials_for_precision(0.5, precision), MAX_TRIALS)
    progress.total = target
    while True:
        progress.check()
        if trials is not None:
            if done >= trials:
                break
            n = min(CHUNK, trials - done)
        else:
            n = min(CHUNK, MAX_TRIALS - done)
        if progress.background:
            give_way(progress.cancel)
            progress.check()
            with KERNEL_LOCK:
                part = kernel(seed, done, n)
        else:
            with KERNEL_LOCK:
                part = kernel(seed, done, n)
        if int(part.sum()) != n:
            raise RuntimeError(f"kernel counted {int(part.sum())} outcomes for {n} trials")
        total = part if total is None else total + part
        done += n
        progress.done = done
        progress.phase = "simulating"
        if trials is None:
            ks = total.sum(axis=1)
            if all(wilson_half_width(int(k), done) < precision for k in ks) or done >= MAX_TRIALS:
                break
            need = max(trials_for_precision(float(k) / done, precision) for k in ks)
            progress.total = max(done + 1, min(need, MAX_TRIALS))
    return engine.SimulationCounts(total, done, seed, time.perf_counter() - t0)


# --------------------------------------------------------------------------- evaluation and its cache

_CACHE: "collections.OrderedDict[str, OutcomeTable]" = collections.OrderedDict()
_CACHE_LOCK = threading.Lock()
CACHE_SIZE = 128


def result_key(source: dict, method: str, trials: int | None, precision: float | None, seed: int) -> str:
    """A short id of a question: the same scenario, method and sizing give the same id."""
    text = json.dumps({"s": source, "m": method, "t": trials if method != "exact" else None,
                       "p": precision if method != "exact" else None, "seed": seed if method != "exact" else None},
                      sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def cached(key: str) -> OutcomeTable | None:
    with _CACHE_LOCK:
        table = _CACHE.get(key)
        if table is not None:
            _CACHE.move_to_end(key)
        return table


def _store(key: str, table: OutcomeTable) -> None:
    with _CACHE_LOCK:
        _CACHE[key] = table
        _CACHE.move_to_end(key)
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)


def evaluate(scenario: Scenario, method: str, trials: int | None, precision: float | None, seed: int,
             progress: Progress | None = None) -> tuple[str, OutcomeTable]:
    """Evaluate (or find in the cache) a scenario's outcome table, labels in English.

    Returns
    -------
    (str, OutcomeTable)
        The result id (for downloads) and the table.
    """
    source = scenario.base_source()
    key = result_key(source, method, trials, precision, seed)
    table = cached(key)
    if table is None:
        sim = None
        if method in ("mc", "both"):
            sim = simulate(scenario, trials, precision, seed, progress)
            if progress is not None:
                progress.phase = "finishing"
        with use_lang("en"):  # cached once, in English: each reader's view relabels it (_relabel)
            table = evaluation.evaluate(scenario, method, seed=seed, simulation=sim,
                                        trials=trials if sim is None else None)
        if sim is not None:
            table.manifest["precision"] = precision
        _store(key, table)
    return key, table


# --------------------------------------------------------------------------- presentation

_MPL_LOCK = threading.Lock()  # pyplot keeps global state: one chart at a time
#: Charts already drawn, by content (the result or question they show, language, format): a
#: language switch, a download or the same question from another player draws nothing again.
_CHARTS: "collections.OrderedDict[str, bytes]" = collections.OrderedDict()
CHART_CACHE_SIZE = 256


def chart_bytes(draw: Callable[[str | None], Any], fmt: str, key: str | None = None) -> bytes:
    """Run ``draw(None)`` (a :mod:`fleeodds.report.charts` function bound to its data, which returns
    its figure) and return the figure as ``.svg`` or ``.png`` bytes, written in memory (no file).

    Every text is drawn as plain text: ``text.parse_math`` is off, so a title such as ``$x^$`` is
    shown as written instead of failing in matplotlib's mathtext parser. With ``key``, the bytes
    are kept in a cache of :data:`CHART_CACHE_SIZE` charts under ``key`` + ``fmt``.
    """
    import io

    import matplotlib
    import matplotlib.pyplot as plt

    from ..report.layout import SIZES, STYLE

    full = f"{key}.{fmt}" if key is not None else None
    if full is not None:
        with _CACHE_LOCK:
            hit = _CHARTS.get(full)
            if hit is not None:
                _CHARTS.move_to_end(full)
                return hit
    with _MPL_LOCK, matplotlib.rc_context({"text.parse_math": False, "text.usetex": False}):
        fig = draw(None)
        try:
            buf = io.BytesIO()
            with plt.rc_context(STYLE | {"text.parse_math": False}):
                fig.savefig(buf, format=fmt, dpi=SIZES["print"][2])
        finally:
            plt.close(fig)
    data = buf.getvalue()
    if full is not None:
        with _CACHE_LOCK:
            _CHARTS[full] = data
            while len(_CHARTS) > CHART_CACHE_SIZE:
                _CHARTS.popitem(last=False)
    return data


def store_chart(key: str, fmt: str, data: bytes) -> None:
    """Keep a chart drawn elsewhere (a worker process) in this process's cache (see :func:`chart_bytes`)."""
    with _CACHE_LOCK:
        _CHARTS[f"{key}.{fmt}"] = data
        while len(_CHARTS) > CHART_CACHE_SIZE:
            _CHARTS.popitem(last=False)


def cached_chart(key: str, fmt: str) -> bytes | None:
    """A chart of the cache (see :func:`chart_bytes`), or None."""
    with _CACHE_LOCK:
        return _CHARTS.get(f"{key}.{fmt}")


def svg_text(data: bytes) -> str:
    """An SVG file's text without its XML prologue, ready to inline in HTML."""
    text = data.decode("utf-8")
    start = text.find("<svg")
    return text[start:] if start >= 0 else text


def answer_sentence(table: OutcomeTable, lang: str) -> str:
    """The command line's one-sentence answer (:func:`fleeodds.report.summary.outcome_sentence`), so
    that a small result reads the same everywhere ("under 1%", never "0.0%"), e.g. ``Night Goblins
    lose a combat by 2 to Dwarf Warriors: held 8%, caught … 51%, escaped 41%.``"""
    from ..report.summary import outcome_sentence

    return outcome_sentence(_relabel(table, lang) if table.lang != lang else table)


def _texts(rows: list[dict[str, Any]], lang: str, digits: int, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    """Add ``<key>_text`` to each row: the probability as the command line prints it
    (:func:`fleeodds.i18n.pct`, the same rounding: 21/32 is 65.62 %), so that
    the page never rounds a number differently."""
    from ..report.format import pct

    for row in rows:
        for k in keys:
            v = row.get(k)
            if isinstance(v, (int, float)) and not isinstance(v, bool) and v == v:
                row[k + "_text"] = pct(float(v), lang, digits)
        if "ci_low_text" in row and "ci_high_text" in row:
            row["ci_text"] = f"{row['ci_low_text']} – {row['ci_high_text']}"
    return rows


def view(key: str, table: OutcomeTable, lang: str) -> dict[str, Any]:
    """Everything the page shows of one result, in ``lang``."""
    from ..report import charts

    check_lang(lang)
    with _CACHE_LOCK:
        hit = _VIEWS.get((key, lang))
    if hit is not None and cached(key) is table:
        return hit
    t = _relabel(table, lang)
    wide = t.wide()
    views = t.metric_views()
    metric = None
    if len(views):
        metric = {"code": t.metric.code, "label": t.metric.label().render(lang), "unit": t.metric.unit_label().render(lang),
                  "views": _texts(records(views), lang, 2, ("exactly", "at_least", "at_most"))}
    out = {
        "id": key,
        "lang": lang,
        "title": t.manifest.get("title", ""),
        "answer": answer_sentence(t, lang),
        # inputs accepted that change nothing here (docs/inputs.md), in the page's language
        "input_notes": [r["message"][lang] for r in t.manifest.get("input_notes") or ()],
        "wide": _texts(records(wide), lang, 2, ("exact", "monte_carlo", "ci_low", "ci_high")),
        "methods": t.methods,
        "trials": t.manifest.get("trials"),
        "seed": t.manifest.get("seed"),
        "mc_seconds": t.manifest.get("mc_seconds"),
        "metric": metric,
        "chart_svg": svg_text(chart_bytes(lambda p: charts.answer_chart(t, p), "svg", f"outcome-{key}-{lang}")),
        "table_svg": _table_svg(t, key, lang),
        "result": json.loads(t.to_json()),
    }
    with _CACHE_LOCK:
        _VIEWS[(key, lang)] = out
        while len(_VIEWS) > CACHE_SIZE * 2:
            _VIEWS.popitem(last=False)
    return out


def _table_svg(t: OutcomeTable, key: str, lang: str) -> str:
    """The table seen from above (a placed scenario's ``table_shapes``: bases, terrain, the move), or ``""``."""
    from ..report import charts

    shapes = (t.manifest.get("scenario") or {}).get("table_shapes")
    if not shapes:
        return ""
    return svg_text(chart_bytes(lambda p: charts.table_chart(shapes, p, t.manifest.get("title", ""), lang), "svg",
                                f"table-{key}-{lang}"))


def result_dict(key: str, table: OutcomeTable, lang: str) -> dict[str, Any]:
    """The JSON of ``fleeodds run --format json`` for a result (``POST /api/evaluate``), kept with
    the views: a repeated question costs a look-up."""
    with _CACHE_LOCK:
        hit = _VIEWS.get((key, lang, "json"))
    if hit is not None and cached(key) is table:
        return hit
    out = _plain(_relabel(table, lang).to_dict())
    with _CACHE_LOCK:
        _VIEWS[(key, lang, "json")] = out
        while len(_VIEWS) > CACHE_SIZE * 2:
            _VIEWS.popitem(last=False)
    return out


#: :func:`view`'s answers by (result id, language): a repeated question costs a dictionary look-up.
_VIEWS: "collections.OrderedDict[tuple, dict]" = collections.OrderedDict()
#: The JSON text of answers already sent, by (result id, language[, kind]), with the answer it was
#: written from: a repeated question costs a look-up, not a serialisation of 100 KB on the event loop.
_BYTES: "collections.OrderedDict[tuple, tuple[dict, bytes]]" = collections.OrderedDict()


def store_view(key: str, lang: str, out: dict[str, Any], svg: bytes | None) -> None:
    """Keep a view (and its SVG chart) made elsewhere (a worker process) in this process's caches."""
    with _CACHE_LOCK:
        if svg is not None:
            _CHARTS[f"outcome-{key}-{lang}.svg"] = svg
            while len(_CHARTS) > CHART_CACHE_SIZE:
                _CHARTS.popitem(last=False)
        _VIEWS[(key, lang)] = out
        while len(_VIEWS) > CACHE_SIZE * 2:
            _VIEWS.popitem(last=False)


def store_result_dict(key: str, lang: str, out: dict[str, Any]) -> None:
    """Keep a :func:`result_dict` made elsewhere (a worker process) in this process's caches."""
    with _CACHE_LOCK:
        _VIEWS[(key, lang, "json")] = out
        while len(_VIEWS) > CACHE_SIZE * 2:
            _VIEWS.popitem(last=False)


def json_bytes(out: Any, kind: str = "view") -> bytes:
    """``out`` (a view or a result dict, with its ``id``/``lang`` when it has them) as JSON bytes,
    written as the API writes any answer (UTF-8, no NaN), kept while the same answer is asked again."""
    k = (out.get("id"), out.get("lang"), kind) if isinstance(out, dict) and out.get("id") else None
    if k is not None:
        with _CACHE_LOCK:
            hit = _BYTES.get(k)
        if hit is not None and hit[0] is out:
            return hit[1]
    data = json.dumps(out, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
    if k is not None:
        with _CACHE_LOCK:
            _BYTES[k] = (out, data)
            while len(_BYTES) > CACHE_SIZE * 2:
                _BYTES.popitem(last=False)
    return data


def view_if_cached(key: str, lang: str, compute: bool = True) -> dict[str, Any] | None:
    """:func:`view` of a result whose table and chart are both in the caches (no computing, no
    drawing: the cheap path of a repeated question), else None; with ``compute=False``, only a
    view already made (a look-up, fit for the event loop)."""
    table = cached(key)
    if table is None or cached_chart(f"outcome-{key}-{lang}", "svg") is None:
        return None
    with _CACHE_LOCK:
        hit = _VIEWS.get((key, lang))
    if hit is not None or not compute:
        return hit
    return view(key, table, lang)


def download(key: str, fmt: str, lang: str) -> tuple[bytes, str]:
    """A cached result as ``csv``, ``json``, ``png`` or ``svg`` (bytes, media type).

    Raises
    ------
    InputError
        For an unknown or expired result id, or another format.
    """
    from ..report import charts

    check_lang(lang)
    table = cached(key)
    if table is None:
        raise InputError("result", short_repr(key), Message(N_("the id of a recent result (compute it again)")))
    t = _relabel(table, lang)
    if fmt == "csv":
        return t.to_csv().encode(), "text/csv; charset=utf-8"
    if fmt == "json":
        return t.to_json().encode(), "application/json"
    if fmt in ("png", "svg"):
        data = chart_bytes(lambda p: charts.answer_chart(t, p), fmt, f"outcome-{key}-{lang}")
        return data, "image/png" if fmt == "png" else "image/svg+xml"
    raise InputError("format", short_repr(fmt), Message(N_("one of 'csv', 'json', 'png', 'svg'")))


def scenario_toml(data: Any) -> str:
    """The scenario as a TOML file (after checking it loads), ``null`` fields left out."""
    import tomli_w

    sc = load(data)
    return tomli_w.dumps(_no_none(sc.source))


def _no_none(o: Any) -> Any:
    if isinstance(o, dict):
        return {k: _no_none(v) for k, v in o.items() if v is not None}
    if isinstance(o, list):
        return [_no_none(v) for v in o if v is not None]
    return o


# --------------------------------------------------------------------------- systems, schema, examples


def systems(lang: str = "en") -> list[dict[str, Any]]:
    """Every rules system: key, labels, roles and whether it has list building."""
    out = []
    for key in system_keys():
        try:
            s = get_system(key)
        except (ImportError, TypeError, FleeoddsError):  # a broken plug-in does not hide the others
            continue
        out.append({"key": key, "title": s.title, "title_fr": s.label().render("fr"), "label": s.label().render(lang),
                    "titles": {lg: s.label().render(lg) for lg in available_langs()},
                    "roles": list(s.roles), "list_building": s.list_building is not None,
                    "compare_paths": list(s.compare_paths)})
    return out


def schema(key: str, lang: str) -> dict:
    """The system's JSON Schema in ``lang``, each ``enum`` with its values' names for people.

    The names come from :attr:`fleeodds.system.RulesSystem.value_labels`
    (``{dotted field: {value: label}}``, in ``lang`` from the catalogue) and are written as ``"x-enum-labels": {value: name}``
    beside the ``enum`` (beside the items' ``enum`` for a list of values); names the schema
    already gives in ``x-enum-labels`` are kept. The form shows the names and submits the values.
    """
    check_lang(lang)
    system = get_system(key)
    with use_lang(lang):
        out = copy.deepcopy(system.schema())
    table = getattr(system, "value_labels", None) or {}
    if table:
        add_enum_labels(out, table, lang)
    return out


def add_enum_labels(root: dict, table: dict, lang: str) -> None:
    """Write ``x-enum-labels`` next to every ``enum`` of ``root`` whose dotted field (list items
    written ``*``) has names in ``table`` (in place). Nothing here names a game."""
    from ..system import value_label
    defs = root.get("$defs") or root.get("definitions") or {}

    def deref(node: Any, depth: int = 0) -> Any:
        while isinstance(node, dict) and isinstance(node.get("$ref"), str) and depth < 20:
            node = defs.get(node["$ref"].split("/")[-1], {})
            depth += 1
        return node

    def label(node: dict, names: dict) -> None:
        enum = node.get("enum")
        if not isinstance(enum, list):
            return
        given = node.setdefault("x-enum-labels", {})
        for v in enum:
            name = names.get(v, names.get(v.lower() if isinstance(v, str) else v))
            if name is not None and str(v) not in given:
                given[str(v)] = value_label(name).render(lang)
        if not given:
            del node["x-enum-labels"]

    def enums(node: Any, depth: int = 0):
        """The enum nodes of a field: itself, its anyOf/oneOf branches, its list items."""
        node = deref(node)
        if not isinstance(node, dict) or depth > 6:
            return
        if "enum" in node:
            yield node
        for k in ("anyOf", "oneOf", "allOf"):
            for b in node.get(k) or []:
                yield from enums(b, depth + 1)
        if isinstance(node.get("items"), dict):
            yield from enums(node["items"], depth + 1)

    def walk(node: Any, path: str, depth: int = 0) -> None:
        node = deref(node)
        if not isinstance(node, dict) or depth > 12:
            return
        names = table.get(path) if path else None
        if names:
            found = list(enums(node))
            for e in found:
                label(e, names)
            if not found and _is_text(node, deref):
                # a text field with known values (D&D's mode "withdraw"): their names, for its
                # help line and its suggestions ("x-value-labels": {value: name})
                node["x-value-labels"] = {str(v): value_label(name).render(lang) for v, name in names.items()
                                          if isinstance(v, str)}
        for k in ("anyOf", "oneOf", "allOf"):
            for b in node.get(k) or []:
                walk(b, path, depth + 1)
        for name, sub in (node.get("properties") or {}).items():
            walk(sub, f"{path}.{name}" if path else name, depth + 1)
        items = node.get("items")
        if isinstance(items, dict) and path:
            walk(items, path + ".*", depth + 1)

    walk(root, "")


def _is_text(node: dict, deref: Callable[[Any], Any]) -> bool:
    """Whether a schema field takes text (its type, or one of its ``anyOf`` branches)."""
    if node.get("type") == "string":
        return True
    return any(isinstance(b, dict) and deref(b).get("type") == "string" for b in node.get("anyOf") or [])


def examples() -> list[dict[str, Any]]:
    """Every shipped example: name, system, title (English), title_fr (French, else English), has_exact."""
    base = loading.example_dir()
    out = []
    for path in loading.list_examples():
        name = path.relative_to(base).as_posix()
        try:
            data = files.read_toml(path, "scenario")
            sc = loading.load_scenario(path)
        except FleeoddsError:
            continue
        out.append({"name": name, "system": sc.system, "title": sc.title, "title_fr": sc.title_label().render("fr"),
                    "titles": {lg: sc.title_label().render(lg) for lg in available_langs()}, "has_exact": sc.has_exact,
                    "setups": len(sc.compare_setups())})
        del data
    return out


def example_source(name: str) -> dict:
    """The parsed TOML of a shipped example.

    Raises
    ------
    InputError
        For a name that is not a shipped example (no path outside the examples is read).
    """
    known = {e.relative_to(loading.example_dir()).as_posix(): e for e in loading.list_examples()}
    if name not in known:
        raise InputError("example", short_repr(name), Message(N_("a name listed by GET /api/examples")))
    return files.read_toml(known[name], "scenario")


def setups(data: Any, lang: str) -> list[dict[str, Any]]:
    """The comparison setups of a scenario: label (in ``lang``), its English label (``en``: the key the page
    keeps, as written in the file) and field changes."""
    sc = load(data)
    return [{"label": s.label().render(lang), "en": str(s.name), "changes": s.changes} for s in sc.compare_setups()]


# --------------------------------------------------------------------------- compare and sweep


def cancellable(scenario: Scenario, progress: Progress | None) -> Scenario:
    """``scenario`` whose kernels check ``progress.cancel`` before each call and hold
    :data:`KERNEL_LOCK` for that call only (never for a whole comparison, nor while it solves
    exactly), so a comparison stops at its next chunk when its client goes away."""
    for name in ("kernel", "trial_kernel"):
        build = getattr(scenario, name)

        def wrapped(build=build):
            kernel = build()

            def call(*args):
                if progress is not None:
                    progress.check()
                with KERNEL_LOCK:
                    return kernel(*args)
            return call
        setattr(scenario, name, wrapped)
    return scenario


class CancellableRunner:
    """A :class:`fleeodds.scale.Runner` stand-in for web sweeps: the cells one after the other in
    the calling (work queue) thread, ``progress.cancel`` checked before each cell."""

    def __init__(self, progress: Progress | None) -> None:
        self.progress = progress

    def run(self, jobs, *, progress: Any = None, desc: str = "") -> dict[str, Any]:
        from ..scale import call

        done = {}
        for job in jobs:
            if self.progress is not None:
                self.progress.check()
            done[job.key] = call(job)
            if self.progress is not None and isinstance(done[job.key].exception, Cancelled):
                raise Cancelled()
        return done

    def close(self) -> None:
        pass


_ANSWERS: "collections.OrderedDict[str, dict]" = collections.OrderedDict()
ANSWER_CACHE_SIZE = 64


def answer_key(kind: str, *args: Any) -> str:
    """The id of a comparison's or sweep's question (its request, as JSON)."""
    text = json.dumps([kind, *args], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _lru_get(cache: "collections.OrderedDict[str, dict]", key: str) -> dict | None:
    """``cache[key]`` (marked as the most recently used), or None."""
    with _CACHE_LOCK:
        hit = cache.get(key)
        if hit is not None:
            cache.move_to_end(key)
        return hit


def _lru_put(cache: "collections.OrderedDict[str, dict]", key: str, value: dict, size: int) -> dict:
    """Keep ``value`` under ``key``, dropping the least recently used beyond ``size``; the value."""
    with _CACHE_LOCK:
        cache[key] = value
        while len(cache) > size:
            cache.popitem(last=False)
    return value


def cached_answer(key: str) -> dict | None:
    """A comparison's or sweep's answer already computed and drawn (see :func:`answer_key`)."""
    return _lru_get(_ANSWERS, key)


def store_answer(key: str, answer: dict) -> dict:
    return _lru_put(_ANSWERS, key, answer, ANSWER_CACHE_SIZE)


def table_view(data: Any, lang: str = "en") -> dict[str, Any]:
    """The table of a scenario seen from above, for the page to draw while its form is edited: the
    scenario is loaded (validated, as for an answer) without its comparison setups, and its declared
    :meth:`fleeodds.system.Scenario.table_shapes` are returned with the map's words in ``lang``
    (:func:`fleeodds.report.charts.table_words`). No odds are computed.

    Returns
    -------
    dict
        ``{"shapes": dict or None, "words": dict or None, "colours": dict, "title": str}`` (``colours``:
        those of the command line's map, by side and kind of shape): ``shapes`` is None for a
        scenario that places nothing on a table (every system but a placed Hell Dorado Fuite or an
        Attraction, today).

    Raises
    ------
    FleeoddsError
        The scenario's own message, one line per field, as for an answer.
    """
    from ..report.charts import MAP_COLOURS, SIDE_COLOURS, table_words

    check_lang(lang)
    check_texts(data, "scenario")
    if isinstance(data, dict) and COMPARE_KEY in data:  # the setups change nothing on the table asked
        data = {k: v for k, v in data.items() if k != COMPARE_KEY}
    sc = load(data)
    shapes = sc.table_shapes()
    if shapes is not None:
        json.dumps(shapes, allow_nan=False)  # plain data, or a clear failure here rather than on the page
    return {"shapes": shapes, "words": None if shapes is None else table_words(shapes, lang),
            "colours": {**SIDE_COLOURS, **MAP_COLOURS}, "title": sc.title_label().render(lang)}


#: :func:`table_view`'s answers by request (every edit of a placed scenario asks one: kept apart from
#: the comparisons and sweeps, which cost more to compute again).
_TABLES: "collections.OrderedDict[str, dict]" = collections.OrderedDict()
TABLE_CACHE_SIZE = 256


def cached_table(key: str) -> dict | None:
    """A :func:`table_view` answer already made (``key``: :func:`answer_key` of its request), or None."""
    return _lru_get(_TABLES, key)


def store_table(key: str, answer: dict) -> dict:
    """Keep a :func:`table_view` answer (the last :data:`TABLE_CACHE_SIZE`); the answer."""
    return _lru_put(_TABLES, key, answer, TABLE_CACHE_SIZE)


def compare(data: Any, method: str, trials: Any, seed: Any, lang: str,
            added: list[str] | None = None, charts: bool = True,
            progress: Progress | None = None) -> dict[str, Any]:
    """The scenario's comparison setups side by side, paired where possible.

    The setups are the scenario's ``[compare]`` table (and its system's shorthands);
    with a single setup, the scenario without its setups ("the question above") comes first as the reference.
    ``added``: labels of setups added on the page; they come after the scenario's own ones (a
    system's shorthands are listed after the ``[compare]`` table), whose first stays the baseline.

    Raises
    ------
    InputError
        Without a setup, with more than :data:`MAX_SETUPS`, or invalid sizing.
    Cancelled
        When ``progress.cancel`` is set (checked before each kernel call).

    ``charts``: draw the bar and difference charts (``chart_svg``, ``difference_svg``); the JSON
    API's ``/api/evaluate`` returns only ``result`` and draws none.
    """
    from ..compare import compare as run_compare
    from ..report import tables

    check_lang(lang)
    sc = load(data)
    trials, _ = check_sizing(trials, None, MAX_COMPARE_TRIALS)
    seed = check_seed(seed)
    variants = sc.variants()
    if added:  # the setups the page's user added come after the scenario's own ones
        variants = [v for v in variants if v[0] not in added] + \
            [v for label in added for v in variants if v[0] == label]
    if not variants:
        raise InputError(COMPARE_KEY, None, Message(N_("at least one setup: add one (a label and the fields it changes)")))
    pairs = [(v.label().render(lang), cancellable(v.scenario, progress)) for v in variants]
    if len(pairs) < 2:
        base = get_system(sc.system).load(sc.base_source(), sc.base_dir, check_only=frozenset())
        pairs.insert(0, (Message(N_("the question above")).render(lang), cancellable(base, progress)))
    if len(pairs) > MAX_SETUPS:
        raise InputError(COMPARE_KEY, len(pairs), Message(N_("at most {n} setups on the web page"), n=MAX_SETUPS))
    m = method
    if m not in METHODS:
        raise InputError("method", short_repr(method), Message(N_("one of 'both', 'exact', 'mc'")))
    if m == "exact" and not all(s.has_exact for _, s in pairs):
        raise InputError("method", m, Message(N_("'mc' or 'both': a setup has no exact solver")))
    if m == "both" and not pairs[0][1].has_exact:
        m = "mc"  # as `fleeodds run`: "both" falls back to Monte Carlo where the first setup is not exact
    from ..evaluation import scenario_notes

    noted = scenario_notes(sc, [v for v in variants])  # the question's and each setup's (docs/inputs.md)
    with user_run(), use_lang(lang):  # the labels' language
        comp = run_compare(pairs, m, trials=trials, seed=seed, progress=False, title=sc.title_label().render(lang),
                           notes=noted)
    nz = comp.nonzero()
    if charts:
        from ..report import charts as drawing

        from ..compare import best_frame, merged_outcome_groups

        foot = tables.comparison_chart_notes(comp)
        with use_lang(lang):
            groups = merged_outcome_groups(sc, [v.scenario for v in variants])
        if groups:  # outcomes that group (a fight): one bar per setup stacked by side, as `fleeodds compare`
            chart = svg_text(chart_bytes(lambda p: drawing.grouped_stack_chart(
                best_frame(comp.frame), groups, p, title=sc.title_label().render(lang), lang=lang, footnote=foot), "svg"))
        else:
            chart = svg_text(chart_bytes(lambda p: drawing.comparison_chart(nz.frame, p, title=sc.title_label().render(lang),
                                                                             lang=lang, footnote=foot), "svg"))
        diff = svg_text(chart_bytes(lambda p: drawing.difference_chart(nz, p, footnote=tables.comparison_chart_notes(
            comp, True)), "svg"))
    else:
        chart = diff = None
    from ..report.tables import _signed_points

    rows = _texts(records(nz.frame), lang, 1, ("probability",))
    for row in rows:
        for k in ("difference", "diff_low", "diff_high"):
            v = row.get(k)
            if isinstance(v, (int, float)) and v == v:
                row[k + "_text"] = _signed_points(float(v), lang, 1)
    return {"title": sc.title_label().render(lang), "setups": nz.setups, "rows": rows, "chart_svg": chart,
            "difference_svg": diff, "result": json.loads(nz.to_json()),
            "input_notes": [r["message"][lang] for r in comp.manifest.get("input_notes") or ()]}


def parse_vary(vary: Any) -> list[tuple[str, Any]]:
    from ..sweep import parse_values

    if not isinstance(vary, dict) or not 1 <= len(vary) <= 2:
        raise InputError("vary", short_repr(vary), Message(N_("one or two fields with their values, e.g. {example}"),
                                                           example='{"fleeing.leadership": "5..10"}'))
    out = []
    for f, v in vary.items():
        refuse_file_fields({f.split(".")[-1]: v}, f.rsplit(".", 1)[0] if "." in f else "")
        values = parse_values(f, v) if isinstance(v, str) else v
        if not isinstance(values, list) or not values:
            raise InputError(f"vary.{f}", short_repr(v), Message(N_("values like '5..10', '2d6,3d6', or a JSON list")))
        out.append((f, values))
    return out


def sweep(data: Any, vary: Any, outcome: Any, method: Any, trials: Any, seed: Any, lang: str,
          field_labels: dict | None = None, per_setup: bool = False,
          progress: Progress | None = None) -> dict[str, Any]:
    """A sweep of one field (line chart of every outcome, or of ``outcome``) or two (heatmap of
    ``outcome``), of the question without its comparison setups; with ``per_setup``, one field
    and one ``outcome``: one line per comparison setup (as ``fleeodds sweep`` of a scenario with
    setups).

    Raises
    ------
    InputError
        More than two fields, more than :data:`MAX_SWEEP_CELLS` cells, more than
        :data:`MAX_SWEEP_WORK` Monte Carlo trials in all, an unknown outcome, or a
        cell the rules system refuses (its message).
    Cancelled
        When ``progress.cancel`` is set (checked before each cell).
    """
    from ..report import charts, tables
    from ..sweep import sweep as run_sweep

    check_lang(lang)
    sc = load(data)
    items = parse_vary(vary)
    if per_setup:
        if not sc.compare_setups():
            raise InputError("per_setup", True, Message(N_("false: the question has no comparison setup")))
        if len(items) != 1:
            raise InputError("per_setup", True, Message(N_("one varied field (one line per setup)")))
        if outcome is None:
            raise InputError("outcome", None, Message(N_("one outcome to draw one line per setup")))
    elif sc.compare_setups():
        # the page varies a field of the question itself: its comparison setups (the [compare]
        # table and the system's shorthands) are left out, as the Compare section has them
        sc = get_system(sc.system).load(sc.base_source(), sc.base_dir, check_only=frozenset())
    cells = int(np.prod([len(v) for _, v in items]))
    if cells > MAX_SWEEP_CELLS:
        raise InputError("vary", cells, Message(N_("at most {n} cells on the web page"), n=MAX_SWEEP_CELLS))
    if method is not None and method not in METHODS:
        raise InputError("method", short_repr(method), Message(N_("one of 'both', 'exact', 'mc'")))
    trials, _ = check_sizing(trials if trials is not None else 100_000, None)
    if method != "exact" and (method in ("mc", "both") or not sc.has_exact) and cells * trials > MAX_SWEEP_WORK:
        raise InputError("trials", trials, Message(N_("at most {n} trials per cell for {cells} cells on the web page"),
                                                   n=grouped(MAX_SWEEP_WORK // cells), cells=cells))
    seed = check_seed(seed)
    if outcome is not None:
        sc.outcome_index(outcome)
    with user_run(), use_lang(lang):  # each cell's kernel calls: the Monte Carlo engine's own (no lock held
        # for the sweep); the labels in the page's language
        sw = run_sweep(sc, items, method, trials=trials, seed=seed, progress=False,
                       runner=CancellableRunner(progress))
    labels = field_labels or {}
    foot = tables.sweep_footnote(sw)
    if len(sw.fields) == 1:
        draw = lambda p: charts.line_chart(sw, p, outcomes=[outcome] if outcome else None,  # noqa: E731
                                           xlabel=labels.get(sw.fields[0]), footnote=foot)
    elif per_setup:
        series = Message(N_("Setup")).render(lang)
        draw = lambda p: charts.line_chart(sw, p, outcomes=[outcome], xlabel=labels.get(sw.fields[0]),  # noqa: E731
                                           footnote=foot, series_label=series)
    else:
        code = outcome or next(iter(sw.outcome_labels()))
        draw = lambda p: charts.heatmap(sw, code, p, xlabel=labels.get(sw.fields[1]),  # noqa: E731
                                        ylabel=labels.get(sw.fields[0]), footnote=foot)
    return {"title": sw.title, "fields": sw.fields, "values": sw.values, "rows": records(sw.frame),
            "chart_svg": svg_text(chart_bytes(draw, "svg")), "result": json.loads(sw.to_json()),
            # written fields that change nothing at some points (docs/inputs.md), in the page's language
            "input_notes": [r["message"][lang] for r in sw.manifest.get("input_notes") or ()]}


# --------------------------------------------------------------------------- list building


def read_upload(catalogue: bytes, name: str, game_system: bytes | None, system_name: str,
                key: str | None) -> dict[str, Any]:
    """Units of an uploaded BattleScribe catalogue, parsed in memory, as profiles of a rules system.

    Raises
    ------
    InputError
        A file over :data:`MAX_UPLOAD_BYTES`, over the bounds of
        :func:`fleeodds.importers.catalogue_bounds.check_catalogue_bounds` (16 MiB of XML once
        unzipped, 500,000 elements, 10 s), a system without list building, or the catalogue's own
        errors (``bad catalogue: …``).
    """
    from ..importers.bsdata import read_catalogue
    from ..rank import list_building

    for fld, blob in (("catalogue", catalogue), ("game_system", game_system)):
        if blob is not None and len(blob) > MAX_UPLOAD_BYTES:
            raise InputError(fld, f"{len(blob):,} bytes", Message(N_("a file of at most {mib} MiB"), mib=MAX_UPLOAD_BYTES // 2**20))
    if not catalogue:
        raise InputError("catalogue", None, Message(N_("a BattleScribe .cat, .catz or .gst file")))
    from ..importers.catalogue_bounds import check_catalogue_bounds

    for fld, blob in (("catalogue", catalogue), ("game_system", game_system)):
        if blob:  # bounded before any parsing: size once unzipped, element count, time
            check_catalogue_bounds(blob, fld)
    keys = [s["key"] for s in systems() if s["list_building"]]
    if key is None and len(keys) == 1:
        key = keys[0]
    if key not in keys:
        raise InputError("system", short_repr(key), Message(N_("one of {choices}"), choices=", ".join(repr(k) for k in keys))
                         if keys else Message(N_("a rules system with list building")))
    cat = read_catalogue(Path(name or "catalogue.cat").name, Path(system_name or "system.gst").name
                         if game_system else None, data=catalogue, system_data=game_system)
    lb = list_building(key)
    result = lb.map_catalogue(cat)
    roles = []
    for role in get_system(key).roles:
        try:  # the heading phrases the system's ListBuilding declares for each of its roles
            phrase = lb.role_phrase(role, "header")
        except FleeoddsError:  # a role the system's list building does not name: shown as written
            phrase = Written(role)
        roles.append({"key": role, **{lg: phrase.render(lg) for lg in available_langs()}})
    return {"system": key, "catalogue": result.catalogue, "game_system": result.game_system,
            "profiles": [_plain(p) for p in result.profiles],
            "skipped": [str(p) for p in result.skipped][:50], "roles": roles}


def _plain(o: Any) -> Any:
    return json.loads(strict_json(o))


def with_unit(data: Any, role: Any, profile: Any) -> dict[str, Any]:
    """The scenario's source with the unit of ``role`` replaced by an imported profile."""
    sc = load(data)
    if not isinstance(profile, dict):
        raise InputError("profile", short_repr(profile), Message(N_("a unit profile (a JSON object)")))
    refuse_file_fields(profile, "profile")
    new = sc.with_unit(role, copy.deepcopy(profile))
    source = copy.deepcopy(new.source)
    if COMPARE_KEY in sc.source:
        source[COMPARE_KEY] = copy.deepcopy(sc.source[COMPARE_KEY])
    dropped = new.describe().get("rules_without_effect", {})  # the imported rules that change nothing
    return {"scenario": _plain(source), "dropped_rules": _plain(dropped)}


# --------------------------------------------------------------------------- warm-up


#: The server's warm-up while it runs (``None`` before it starts and once it is over).
_WARMUP: list["Warmup | None"] = [None]
#: Seconds a first kernel compilation takes on a cold numba cache when the warm-up has not yet
#: timed one of its own (a shipped example's kernels: 20-60 s on a loaded 2-core machine).
COMPILE_GUESS = 60.0


def warming_up() -> "Warmup | None":
    """The warm-up that is running now, if any (while it runs, it compiles kernels that hold the
    interpreter: a request's run waits for its own kernels, and draws its answer more slowly)."""
    w = _WARMUP[0]
    return w if w is not None and not w.finished and not w.stop.is_set() else None


def compile_seconds_left(progress: Progress) -> int | None:
    """While the warm-up runs and ``progress`` waits for its kernels (phase ``"preparing"``), about
    how many seconds its kernels still take to compile (rounded up to 5 s, at least 5 s);
    ``None`` otherwise. The guess is the warm-up's own seconds per example so far
    (:data:`COMPILE_GUESS` before its first), less the time already waited."""
    w = warming_up()
    if w is None or progress.phase != "preparing" or progress.preparing_since is None:
        return None
    per = (time.perf_counter() - w.t0) / w.done if w.done else COMPILE_GUESS
    left = max(per, COMPILE_GUESS / 3) - (time.monotonic() - progress.preparing_since)
    return max(5, int(-(-left // 5) * 5))


class Warmup:
    """In a background thread, compile every shipped example's kernels (and its first comparison
    setup's) and answer its default question (exact where it has a solver, and 1,000,000 trials)
    into the result cache."""

    def __init__(self, announce: bool = False, in_worker: Callable[[Path, threading.Event], None] | None = None,
                 after: Callable[[], None] | None = None) -> None:
        self.announce = announce  # print a line when it starts and when the kernels are ready
        #: called once the warm-up has finished (not when it was stopped)
        self.after = after
        #: with worker processes, ``in_worker(path, stop)`` warms an example there (its kernels in a
        #: worker, its answer brought back to this process's caches: :func:`fleeodds.web.procs.warm_in`)
        self.in_worker = in_worker
        self.done = 0
        self.total = 0
        self.finished = False
        self.seconds = 0.0
        self.thread: threading.Thread | None = None
        self.stop = threading.Event()
        self.t0 = time.perf_counter()
        #: the examples whose warm-up failed, with why
        self.errors: list[str] = []

    def start(self) -> "Warmup":
        self.thread = threading.Thread(target=self.run, name="fleeodds-warmup", daemon=True)
        self.thread.start()
        atexit.register(self.stop_and_wait)
        return self

    def stop_and_wait(self, timeout: float = 600.0) -> None:
        """Stop the warm-up and wait for its thread: registered to run when the interpreter exits, since
        a daemon thread still compiling a kernel then is torn down inside LLVM's C++ code, which aborts the
        process ("terminate called without an active exception")."""
        self.stop.set()
        if self.thread is not None and self.thread.is_alive():
            self.thread.join(timeout)

    def run(self) -> None:
        from ..report import charts

        t0 = self.t0 = time.perf_counter()
        _WARMUP[0] = self
        paths = loading.list_examples()
        self.total = len(paths)
        self._say("fleeodds: warming up the kernels in the background (the first start after installing "
                  "compiles them: a minute or more; answers wait for them meanwhile)…")
        for path in paths:
            if self.stop.is_set():
                break
            try:
                if self.in_worker is not None:
                    self.in_worker(path, self.stop)
                    self.done += 1
                    continue
                sc = loading.load_scenario(path)
                for s in [sc] + [v.scenario for v in sc.variants()][:1]:
                    give_way(self.stop)
                    with KERNEL_LOCK:
                        s.kernel()(0, 0, 1000)
                        if s.has_trial_kernel:
                            s.trial_kernel()(0, 0, 1000)
                # the page's first question on a shipped example (its defaults: exact and 1,000,000
                # trials, seed 0) is then answered from the cache, even where the exact solver is slow
                method = "both" if sc.has_exact else "mc"
                progress = Progress()
                progress.cancel = self.stop  # a server that stops also stops its warm-up between chunks
                progress.background = True
                key, table = evaluate(sc, method, engine.DEFAULT_TRIALS, None, 0, progress)
                chart_bytes(lambda p: charts.answer_chart(table, p), "svg", f"outcome-{key}-en")
            except Cancelled:
                break
            except Exception as exc:  # noqa: BLE001  a warm-up failure must never stop the server
                self.errors.append(f"{path.name}: {type(exc).__name__}: {exc}"[:300])
                import logging

                logging.getLogger("fleeodds.web").warning("warm-up of %s failed", path.name, exc_info=True)
            self.done += 1
        self.seconds = time.perf_counter() - t0
        self.finished = True
        if _WARMUP[0] is self:
            _WARMUP[0] = None
        if not self.stop.is_set():
            from .kernel_cache import status

            cache = status()
            where = "" if cache["disk"] else f"; {cache['reason']}: compiled in memory"
            if self.errors:  # never "ready" when they are not
                self._say(f"fleeodds: kernels NOT ready for {len(self.errors)} of {self.total} examples "
                          f"({self.seconds:.0f} s{where}); first failure: {self.errors[0]}")
            else:
                self._say(f"fleeodds: kernels ready ({self.seconds:.0f} s{where})")
            if self.after is not None:
                self.after()

    def _say(self, line: str) -> None:
        if self.announce:
            import sys

            print(line, file=sys.stderr, flush=True)

    def status(self) -> dict[str, Any]:
        from .kernel_cache import status

        return {"done": self.done, "total": self.total, "finished": self.finished,
                "seconds": round(self.seconds, 1), "failed": len(self.errors), "kernel_cache": status()}


def _relabel(table, lang: str):
    """``table`` with its labels in ``lang`` (:meth:`fleeodds.results.OutcomeTable.relabel` in that language)."""
    from ..language import use_lang

    with use_lang(lang):
        return table.relabel()
