"""Evaluation jobs: each runs in the server's work queue (:mod:`fleeodds.web.work`); the page
polls its progress and can cancel it.

A job that nobody polls for :data:`ABANDONED_AFTER` seconds (its page was closed) is
cancelled; a cancelled job stops between two Monte Carlo chunks
(:data:`fleeodds.web.service.CHUNK` trials), or leaves the queue at once if it has not started.
A job waiting for its turn is ``running`` in phase ``queued``; when the queue is full, starting
one is refused (:class:`fleeodds.web.work.Busy`, HTTP 429 with Retry-After).
"""

from __future__ import annotations

import atexit
import secrets
import threading
import time
from typing import Any, Callable

from ..errors import FleeoddsError
from ..language import Message, N_, use_lang
from . import service
from .work import WorkQueue

#: What the page reads when a job fails on a bug (the traceback goes to the server's log only).
_INTERNAL = N_("internal error while evaluating; the server log has the details")

ABANDONED_AFTER = 15.0
KEEP_FINISHED = 300.0


class Job:
    def __init__(self, scenario, method: str, trials, precision, seed: int, lang: str):
        self.id = secrets.token_urlsafe(9)
        self.scenario, self.method, self.trials, self.precision = scenario, method, trials, precision
        self.seed, self.lang = seed, lang
        self.progress = service.Progress()
        self.progress.phase = "queued"
        #: what the job becomes once its turn comes
        self.first_phase = "exact" if method in ("both", "exact") and scenario.has_exact else "preparing"
        self.state = "running"
        self.result: dict[str, Any] | None = None
        #: The exact part of a "both" question, shown while its Monte Carlo part runs.
        self.partial: dict[str, Any] | None = None
        self.error: dict[str, Any] | None = None
        self.seen = time.monotonic()
        self.finished_at: float | None = None
        self.done_event = threading.Event()
        self.task = None
        self._when_done: list = []
        self._lock = threading.Lock()

    def when_done(self, callback) -> Callable[[], None]:
        """Call ``callback()`` once the job has finished (at once if it has); returns a function
        that forgets the callback (a long poll that timed out)."""
        with self._lock:
            if not self.done_event.is_set():
                self._when_done.append(callback)
                return lambda: self._forget(callback)
        callback()
        return lambda: None

    def _forget(self, callback) -> None:
        with self._lock:
            if callback in self._when_done:
                self._when_done.remove(callback)

    def _set_done(self) -> None:
        with self._lock:
            self.done_event.set()
            callbacks, self._when_done = self._when_done, []
        for cb in callbacks:
            try:
                cb()
            except RuntimeError:  # the waiting request's event loop has closed: nobody waits
                pass

    def _run(self, progress: service.Progress | None = None) -> None:
        self.progress.phase = self.first_phase
        try:
            if self.method == "both" and self.scenario.has_exact and \
                    service.cached(service.result_key(self.scenario.base_source(), "both", self.trials,
                                                      self.precision, self.seed)) is None:
                # the exact answer needs no kernel: shown at once, even while the kernels compile
                key, table = service.evaluate(self.scenario, "exact", None, None, self.seed)
                self.partial = service.view(key, table, self.lang)
                self.progress.check()
            key, table = service.evaluate(self.scenario, self.method, self.trials, self.precision, self.seed,
                                          self.progress)
            self.result = service.view(key, table, self.lang)
            self.state = "done"
        except service.Cancelled:
            self.state = "cancelled"
        except FleeoddsError as exc:
            with use_lang(self.lang):
                detail = exc.message()
            self.error = {"detail": detail, "errors": service.error_lines(exc, self.lang)}
            self.state = "error"
        except Exception:  # noqa: BLE001  never a traceback to the page
            self.error = {"detail": Message(_INTERNAL).render(self.lang), "errors": []}
            self.state = "error"
            import logging

            logging.getLogger("fleeodds.web").exception("job %s failed", self.id)
        finally:
            self.finished_at = time.monotonic()
            self._set_done()

    def remote(self, source: dict):
        """The job as a :class:`fleeodds.web.procs.Remote` (run in a worker process): its exact part
        comes back as the note ``partial``, its answer fills the server's caches."""
        from . import procs

        exact_first = self.method == "both" and self.scenario.has_exact and service.cached(service.result_key(
            self.scenario.base_source(), "both", self.trials, self.precision, self.seed)) is None
        self.progress.phase = "queued"

        def on_note(name: str, value: Any) -> None:
            if name == "partial":
                self.partial = value

        return procs.Remote("job", source, self.method, self.trials, self.precision, self.seed, self.lang,
                            exact_first, receive=procs.store_view, on_note=on_note)

    def settle(self, task) -> None:
        """A job run as :meth:`remote`: its state from its task's result or error."""
        if self.done_event.is_set():
            return
        err = task.error
        if err is None:
            self.result, self.state = task.result, "done"
        elif isinstance(err, service.Cancelled):
            self.state = "cancelled"
        elif isinstance(err, FleeoddsError):
            with use_lang(self.lang):
                detail = err.message()
            self.error = {"detail": detail, "errors": service.error_lines(err, self.lang)}
            self.state = "error"
        else:
            from .work import Busy

            if isinstance(err, Busy):  # stopped by the queue (an overrun, a server stopping)
                self.state = "cancelled"
            else:
                self.error = {"detail": Message(_INTERNAL).render(self.lang), "errors": []}
                self.state = "error"
        self.finished_at = time.monotonic()
        self._set_done()

    def status(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "state": self.state, "done": self.progress.done,
                               "total": self.progress.total, "phase": self.progress.phase}
        if self.state == "running" and service.warming_up() is not None:
            # the first start's warm-up compiles kernels: the page says so rather than a bar that
            # stands still (its own kernels compiling) or stands full (its answer drawn slowly)
            out["warming_up"] = True
            left = service.compile_seconds_left(self.progress)
            if left is not None:
                out["compiling_seconds"] = left
        if self.result is not None:
            out["result"] = self.result
        elif self.partial is not None:
            out["partial"] = self.partial
        if self.error is not None:
            out["error"] = self.error
        return out


class Jobs:
    """The server's jobs, with a reaper thread for abandoned and old ones."""

    def __init__(self, work: WorkQueue | None = None) -> None:
        self.work = work if work is not None else WorkQueue()
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._reaper = threading.Thread(target=self._reap_loop, name="fleeodds-job-reaper", daemon=True)
        self._reaper.start()
        # a job thread still inside a kernel when the interpreter exits would be torn down in compiled
        # code (an abort): cancel the runs and wait for them first
        atexit.register(self.shutdown)

    def start(self, scenario, method, trials, precision, seed, lang, source: dict | None = None) -> Job:
        """Start a job; with worker processes (and the scenario's JSON ``source``), it runs in one.

        Raises
        ------
        fleeodds.web.work.Busy
            When the work queue is full (the caller answers 429) or closed (503).
        """
        job = Job(scenario, method, trials, precision, seed, lang)
        priority = 0 if method == "exact" else 1
        if self.work.processes and source is not None:
            job.task = self.work.submit(job.remote(source), priority, job.progress)
            job.task.on_done(lambda: job.settle(job.task))
        else:
            job.task = self.work.submit(job._run, priority, job.progress)
        job.task.on_done(self._finished(job))
        with self._lock:
            self._jobs[job.id] = job
        return job

    def answered(self, scenario, method, trials, precision, seed, lang, result: dict[str, Any]) -> Job:
        """A job whose answer was already in the caches: done at once, never queued."""
        job = Job(scenario, method, trials, precision, seed, lang)
        job.result, job.state, job.progress.phase = result, "done", "finishing"
        job.finished_at = time.monotonic()
        job._set_done()
        with self._lock:
            self._jobs[job.id] = job
        return job

    @staticmethod
    def _finished(job: Job):
        def done() -> None:  # a job dropped from the queue before its turn never ran _run
            if not job.done_event.is_set():
                job.state = "cancelled"
                job.finished_at = time.monotonic()
                job._set_done()
        return done

    def get(self, job_id: str) -> Job:
        job = self._jobs.get(job_id)
        if job is None:
            raise KeyError(job_id)
        job.seen = time.monotonic()
        return job

    def cancel(self, job_id: str) -> Job:
        job = self.get(job_id)
        if job.task is not None:
            self.work.cancel(job.task)
        else:
            job.progress.cancel.set()
        return job

    def shutdown(self, timeout: float = 10.0) -> None:
        """Cancel every job and wait for the work queue's threads (a kernel must not be cut off
        mid-call when the interpreter exits)."""
        self.work.close(timeout)

    def running(self) -> int:
        # a copy taken at once (the reaper thread may drop a job meanwhile: iterating the dict itself
        # could fail with "changed size during iteration", a health check answered 500)
        return sum(1 for j in list(self._jobs.values()) if j.state == "running")

    def _reap_loop(self) -> None:
        while True:
            time.sleep(2.0)
            self.reap()

    def reap(self) -> None:
        now = time.monotonic()
        with self._lock:
            for jid, job in list(self._jobs.items()):
                if job.state == "running" and now - job.seen > ABANDONED_AFTER:
                    job.progress.cancel.set()
                    if job.task is not None:
                        self.work._drop_cancelled(job.task)
                if job.finished_at is not None and now - job.finished_at > KEEP_FINISHED:
                    del self._jobs[jid]
