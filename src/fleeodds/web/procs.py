"""Heavy work in worker processes: what runs there, and how it talks to the server's process.

The server's event loop answers cheap requests (cached answers, schema, examples, health, job
status). When exact solves, Monte Carlo runs and chart drawing ran on threads of that same process,
they held its interpreter lock and a cached answer waited seconds for its turn. With
``fleeodds serve --work-processes N`` (N >= 1) each worker of the work queue
(:mod:`fleeodds.web.work`) owns one child process, started with the ``spawn`` method (a fresh
interpreter: numba's threads and ``fork`` do not mix), at the niceness :data:`NICE` (a lower
scheduling priority than the server's process, which must answer at once).

A piece of heavy work is a :class:`Remote`: the name of a function of :data:`FUNCS` (run in the
child) with plain arguments (JSON-like data, bytes, result tables), and a ``receive`` run in the
server's process with what the child returned (it fills the server's caches). The child sends
its progress (``done``, ``total``, ``phase``) and notes (a job's exact part) as it goes; a cancel
(client gone, job cancelled, overrun, server stopping) is a flag the child checks between chunks,
and a child that does not stop within :data:`fleeodds.web.work.GRACE` seconds (an exact solve,
a kernel being compiled) is terminated and replaced at the next task. Counts do not depend on the
process: trial ``t`` reads the random stream of ``(seed, t)`` (:mod:`fleeodds.rng`).

With ``--work-processes 0`` (the library's default, :func:`fleeodds.web.create_app`), a
:class:`Remote` runs on the worker thread itself, as before.
"""

from __future__ import annotations

import os
import signal
import threading
import traceback
from typing import Any, Callable

from ..errors import FleeoddsError
from ..language import SOURCE_LANG, available_langs, get_lang, use_lang
from . import service

#: Scheduling niceness added to a worker process (Unix; ``FLEEODDS_WORKER_NICE`` sets another, 0: none):
#: when the server's process wakes up for a request (a cached answer, the health check) it gets a core
#: at once instead of waiting for the heavy work's time slices; the workers keep every core the
#: server does not use. Linux's autogroup scheduling (on by default on desktops) weighs niceness within
#: a session only: the server's work does not yield to other sessions' programs because of it
#: (:data:`SESSION_NICE` does that).
NICE = int(os.environ.get("FLEEODDS_WORKER_NICE", "10") or 0)
#: The niceness of a worker's own session (Linux autogroup scheduling; ``FLEEODDS_WORKER_SESSION_NICE``;
#: 0: none, the session weighs as much as any other, the server's included). The kernel shares the CPU
#: between sessions by their own niceness, not their processes': see :func:`set_session_nice`.
SESSION_NICE = int(os.environ.get("FLEEODDS_WORKER_SESSION_NICE", "0") or 0)
#: A worker process starts a session of its own (Unix). Linux's autogroup scheduling shares the CPU
#: between sessions first: workers in the server's session would spend that session's share, and the
#: server, woken by a request, would wait for its session's next turn behind them (a health check
#: took 4 s on the loaded machine). Alone in its session, the server is idle most of the time and
#: gets a core at once. The workers still end with the server: they read its pipe, and leave when
#: it closes.
OWN_SESSION = True


class RemoteError(FleeoddsError):
    """A project error (bad input) raised in a worker process, with its message in every language of the
    catalogues (``{lang: text}``, rendered there: the worker holds the error's objects)."""

    def __init__(self, said: dict[str, str]):
        super().__init__(said[SOURCE_LANG])
        self.said = said

    def message(self) -> str:
        """The message in the reader's language (the worker sent every one)."""
        return self.said.get(get_lang(), str(self))

    def __reduce__(self):
        return (RemoteError, (self.said,))


class Remote:
    """One piece of heavy work: ``FUNCS[name](progress, *args)`` (in a worker process, or on the
    calling thread without processes), then ``receive(result)`` in the server's process; ``on_note``
    receives the notes the work sends on its way (``progress.note(name, value)``)."""

    def __init__(self, name: str, *args: Any, receive: Callable[[Any], Any] | None = None,
                 on_note: Callable[[str, Any], None] | None = None, **kwargs: Any) -> None:
        if name not in FUNCS:
            raise KeyError(name)
        self.name, self.args, self.kwargs = name, args, kwargs
        self.receive = receive or (lambda result: result)
        self.on_note = on_note

    def __call__(self, progress: service.Progress) -> Any:
        """Run here (no worker process): the same function, the same ``receive``."""
        if self.on_note is not None:
            progress.note = self.on_note  # type: ignore[attr-defined]
        return self.receive(FUNCS[self.name](progress, *self.args, **self.kwargs))


# --------------------------------------------------------------------------- the functions run in a worker


def _note(progress: service.Progress, name: str, value: Any) -> None:
    note = getattr(progress, "note", None)
    if note is not None:
        note(name, value)


def _load(source: dict):
    service.check_texts(source, "scenario")
    return service.load(source)


def evaluate(progress, source, method, trials, precision, seed, lang):
    """``(key, table, JSON answer)`` of a question (:func:`fleeodds.web.service.evaluate`, then
    :func:`fleeodds.web.service.result_dict`), with the ``decision`` of a ``[decide]`` table as
    ``fleeodds run --format json`` gives it."""
    with use_lang(lang):  # this worker answers in the language it was asked for (notices, labels)
        sc = _load(source)
        key, table = service.evaluate(sc, method, trials, precision, seed, progress)
        return key, table, with_decision(sc, service.result_dict(key, table, lang), method, trials, seed, lang)


def evaluate_compare(progress, source, method, trials, seed, lang):
    """``POST /api/evaluate`` of a scenario with comparison setups: the comparison's JSON (no chart),
    with the ``decision`` of a ``[decide]`` table, as ``fleeodds run --format json`` gives it."""
    with use_lang(lang):  # this worker answers in the language it was asked for
        answer = service.compare(source, method, trials, seed, lang, charts=False, progress=progress)
        decided = with_decision(_load(source), answer["result"], method, trials, seed, lang)
        return answer if decided is answer["result"] else dict(answer, result=decided)


def with_decision(sc, out: dict, method, trials, seed, lang) -> dict:
    """``out`` and, for a scenario with a ``[decide]`` table, its ``decision`` key (the command line's
    ``fleeodds run --format json``: :func:`fleeodds.decisions.decide` of the same question)."""
    from ..system import DECIDE_KEY

    if DECIDE_KEY not in sc.source:
        return out
    from ..decisions import decide

    with use_lang(lang):
        return dict(out, decision=decide(sc, method, trials=trials, seed=seed, progress=False).to_dict())


def view(progress, source, method, trials, precision, seed, lang):
    """``(key, table, view, chart svg bytes)`` of a question: what the page shows."""
    with use_lang(lang):  # this worker answers in the language it was asked for
        key, table = service.evaluate(_load(source), method, trials, precision, seed, progress)
        return _viewed(key, table, lang)


def _viewed(key, table, lang):
    out = service.view(key, table, lang)
    return key, table, out, service.cached_chart(f"outcome-{key}-{lang}", "svg")


def job(progress, source, method, trials, precision, seed, lang, exact_first):
    """A job: with ``exact_first``, the exact answer first (sent as the note ``partial``), then the
    whole question as :func:`view`."""
    with use_lang(lang):  # this worker answers in the language it was asked for
        sc = _load(source)
        progress.phase = "exact" if method in ("both", "exact") and sc.has_exact else "preparing"
        if exact_first:
            key, table = service.evaluate(sc, "exact", None, None, seed)
            _note(progress, "partial", service.view(key, table, lang))
            progress.check()
        key, table = service.evaluate(sc, method, trials, precision, seed, progress)
        return _viewed(key, table, lang)


def chart(progress, key, table, fmt, lang):
    """A result's chart as ``fmt`` bytes (``table``: the result, sent by the server)."""
    service._store(key, table)
    with use_lang(lang):  # this worker answers in the language it was asked for
        return service.download(key, fmt, lang)


def _asked_lang(fn: Callable[..., Any], args: tuple, kw: dict) -> str | None:
    """The ``lang`` argument of the call ``fn(*args, **kw)`` (None: not given)."""
    import inspect

    return inspect.signature(fn).bind_partial(*args, **kw).arguments.get("lang")


def compare(progress, *args, **kw):
    with use_lang(_asked_lang(service.compare, args, kw)):  # the language this worker was asked for
        return service.compare(*args, progress=progress, **kw)


def sweep(progress, *args):
    with use_lang(_asked_lang(service.sweep, args, {})):  # the language this worker was asked for
        return service.sweep(*args, progress=progress)


def upload(progress, *args):
    return service.read_upload(*args)


def warm(progress, path: str):
    """The warm-up of one shipped example: its kernels (and its first setup's), and its default
    question (exact where it has a solver, and 1,000,000 trials, seed 0) with its English view."""
    from pathlib import Path

    from .. import engine, loading

    sc = loading.load_scenario(Path(path))
    for s in [sc] + [v.scenario for v in sc.variants()][:1]:
        progress.check()
        with service.KERNEL_LOCK:
            s.kernel()(0, 0, 1000)
            if s.has_trial_kernel:
                s.trial_kernel()(0, 0, 1000)
    method = "both" if sc.has_exact else "mc"
    key, table = service.evaluate(sc, method, engine.DEFAULT_TRIALS, None, 0, progress)
    return _viewed(key, table, "en")


FUNCS: dict[str, Callable[..., Any]] = {"evaluate": evaluate, "evaluate_compare": evaluate_compare, "view": view, "job": job, "chart": chart,
                                        "compare": compare, "sweep": sweep, "upload": upload, "warm": warm}


# --------------------------------------------------------------------------- what the server keeps


def store_view(got) -> dict:
    """Keep a worker's ``(key, table, view, chart)`` in the server's caches; the view."""
    key, table, out, svg = got
    service._store(key, table)
    service.store_view(key, out["lang"], out, svg)
    return out


def store_evaluated(got, lang: str) -> dict:
    """Keep a worker's ``(key, table, JSON answer in lang)`` in the server's caches; the JSON answer."""
    key, table, out = got
    service._store(key, table)
    service.store_result_dict(key, lang, out)
    return out


def warm_in(queue) -> Callable[[Any, threading.Event], None] | None:
    """The warm-up's way to warm one example in ``queue``'s worker processes (None without any):
    a background task of the lowest priority (requests first), cancelled when ``stop`` is set."""
    if not queue.processes:
        return None

    def warm_one(path, stop: threading.Event) -> None:
        if queue.closed.is_set():
            raise service.Cancelled()
        task = queue.submit(Remote("warm", str(path), receive=store_view), priority=2, background=True)
        while not task.done.wait(0.2):
            if stop.is_set():
                queue.cancel(task)
        if task.error is not None:
            if isinstance(task.error, service.Cancelled) or stop.is_set():
                raise service.Cancelled()
            raise task.error

    return warm_one


# --------------------------------------------------------------------------- the worker process


class ChildProgress(service.Progress):
    """A run's progress in a worker process: ``done``, ``total``, ``phase`` and ``preparing_since``
    are sent to the server as they change; ``cancel`` is the flag the server sets."""

    RELAYED = frozenset({"done", "total", "phase", "preparing_since"})

    def __init__(self, conn, cancel) -> None:
        object.__setattr__(self, "_conn", None)
        super().__init__()
        self.cancel = cancel
        object.__setattr__(self, "_conn", conn)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in self.RELAYED and self._conn is not None:
            self._conn.send(("progress", name, value))

    def note(self, name: str, value: Any) -> None:
        self._conn.send(("note", name, value))


def _preload() -> None:
    """Load (or compile) every shipped example's kernels in this worker, in the background: a
    question's first run here then waits for none."""
    from .. import loading

    for path in loading.list_examples():
        try:
            sc = loading.load_scenario(path)
            for s in [sc] + [v.scenario for v in sc.variants()][:1]:
                with service.KERNEL_LOCK:
                    s.kernel()(0, 0, 1000)
                    if s.has_trial_kernel:
                        s.trial_kernel()(0, 0, 1000)
        except Exception:  # noqa: BLE001  the request's own run will say what is wrong
            pass


def set_session_nice(nice: int, tries: int = 20) -> bool:
    """Write ``nice`` as this process's session's niceness (Linux's autogroup scheduling,
    ``/proc/PID/autogroup``); whether it was written.

    Autogroup shares the CPU between sessions first, each weighed by its own niceness (0 for a new
    session, whatever its processes' niceness), then between a session's processes. A worker alone
    in its session at niceness 10 still weighs as much as the server's session. The kernel allows
    one such change every 0.1 s on the whole machine (EAGAIN otherwise): two workers starting
    together try again."""
    import errno
    import time

    for _ in range(tries):
        try:
            with open(f"/proc/{os.getpid()}/autogroup", "w") as f:
                f.write(str(nice))
            return True
        except OSError as exc:  # not Linux, no autogroup, not allowed: the process's niceness only
            if exc.errno != errno.EAGAIN:
                return False
            time.sleep(0.11)
    return False


def child_main(conn, cancel, preload: bool) -> None:
    """A worker process: run each ``(name, args, kwargs)`` received and send back ``("ok", result)``,
    ``("cancelled",)``, ``("project", {lang: message})`` (bad input) or ``("error", text)``; ``None`` ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C reaches the whole group: the server stops us
    if OWN_SESSION and hasattr(os, "setsid"):
        try:
            os.setsid()
        except OSError:
            pass
    if NICE:
        try:
            os.nice(NICE)
        except (AttributeError, OSError):
            pass
    if SESSION_NICE:
        set_session_nice(SESSION_NICE)
    os.environ.setdefault("MPLBACKEND", "Agg")
    from .kernel_cache import keep_kernels_working

    keep_kernels_working()
    if preload:
        threading.Thread(target=_preload, name="fleeodds-preload", daemon=True).start()
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if msg is None:
            return
        name, args, kwargs = msg
        progress = ChildProgress(conn, cancel)
        try:
            result = FUNCS[name](progress, *args, **kwargs)
            out: tuple = ("ok", result)
        except service.Cancelled:
            out = ("cancelled",)
        except FleeoddsError as exc:
            said = {}
            for lg in available_langs():  # the parent answers in the request's language: every one is sent
                with use_lang(lg):
                    said[lg] = exc.message()
            out = ("project", said)
        except Exception as exc:  # noqa: BLE001  the server logs it and answers 500
            out = ("error", f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}")
        try:
            conn.send(out)
        except (OSError, ValueError):
            return
