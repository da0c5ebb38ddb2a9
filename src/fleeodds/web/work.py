"""The server's one bounded work queue: every heavy request (Monte Carlo, comparisons, sweeps,
charts not in the cache, uploads, jobs) runs here, on a few worker threads, never on the pool
that answers cheap requests (cached answers, schema, examples, health).

- bounded: at most :data:`WORKERS` tasks run at once and :data:`WAITING` wait; beyond that, or
  when the queued work would take more than :data:`ADMIT_WAIT` seconds, a request is refused at
  once (:class:`Busy`, HTTP 429 with ``Retry-After``);
- per-request limits: a task runs at most :data:`MAX_SECONDS` (then it is cancelled, HTTP 503)
  and waits at most :data:`MAX_WAIT` in the queue; trials, cells and upload sizes are capped by
  :mod:`fleeodds.web.service` before a task is queued, which bounds its memory;
- cancellation: a task whose client went away, whose job was cancelled or whose server stops is
  cancelled (its Monte Carlo run stops at the next chunk, a sweep at the next cell);
- shutdown: :meth:`WorkQueue.close` cancels everything at once (SIGTERM calls it, see
  :func:`close_all`), so a stopping server waits for one chunk, not for the runs.

Cheaper work first: exact answers (priority 0) before Monte Carlo and drawing (priority 1), the
warm-up last (priority 2), first come first served within a priority.

Processes: with ``processes`` >= 1 (``fleeodds serve --work-processes N``, default
:data:`SERVER_PROCESSES`), each worker thread hands its :class:`fleeodds.web.procs.Remote` tasks
to a child process of its own (:mod:`fleeodds.web.procs`) and only waits for the answer, so the
server's interpreter lock stays free for the event loop. A cancelled task whose child does not stop
within :data:`GRACE` seconds has its child terminated (replaced at the next task); closing the
queue terminates every child. Other callables (and every task with ``processes=0``, the library's
default) run on the worker thread itself.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import os
import queue
import random
import threading
import time
import weakref
from typing import Any, Callable

from . import service

#: Tasks running at once (a 2-core machine: more would only share the same cores and the
#: interpreter); ``FLEEODDS_WORK_THREADS`` in the environment sets another number.
WORKERS = max(1, int(os.environ.get("FLEEODDS_WORK_THREADS", "2") or 2))
#: Tasks waiting beyond those running before a request is refused with 429.
WAITING = 12
#: Longest a task may run (seconds) before it is cancelled: a shipped example's exact solve takes
#: up to 40 s on the 2-core machine when other jobs load it.
MAX_SECONDS = 120.0
#: Longest a task may wait in the queue (seconds) before it is refused with 503: a safety net only,
#: since admission (:data:`ADMIT_WAIT`) refuses work that would wait that long.
MAX_WAIT = 300.0
#: Seconds a task is guessed to take before any has finished (the first burst of a busy evening).
FIRST_GUESS = 5.0
#: A new task is refused at once (429) when the work already queued would take longer than this
#: (seconds, from the recent tasks' mean time): better a prompt "try again in N s" than a late 503.
ADMIT_WAIT = 20.0

#: A refused request's ``Retry-After`` is spread over ``[n, n * (1 + RETRY_SPREAD)]`` seconds
#: (:meth:`WorkQueue.retry_after`).
RETRY_SPREAD = 0.5

#: Worker processes of ``fleeodds serve`` (``--work-processes``): measured on the 2-core machine
#: (benchmarks/README.md, "Web server under load").
SERVER_PROCESSES = 2
#: Worker processes of a queue made without saying (``FLEEODDS_WORK_PROCESSES``; 0: threads only).
PROCESSES = int(os.environ.get("FLEEODDS_WORK_PROCESSES", "0") or 0)
#: Seconds a cancelled task's process has to stop by itself before it is terminated.
GRACE = 1.0

_QUEUES: "weakref.WeakSet[WorkQueue]" = weakref.WeakSet()


class Busy(Exception):
    """The queue is full (HTTP 429) or the server is stopping (HTTP 503); ``retry_after`` in seconds."""

    def __init__(self, status: int, retry_after: int, reason: str):
        super().__init__(reason)
        self.status, self.retry_after, self.reason = status, retry_after, reason


class Task:
    """One piece of heavy work: ``fn(progress)`` run by a worker thread."""

    def __init__(self, fn: Callable[[service.Progress], Any], progress: service.Progress, priority: int,
                 background: bool = False):
        self.fn, self.progress, self.priority, self.background = fn, progress, priority, background
        self.queued_at = time.monotonic()
        self.started_at: float | None = None
        self.finished_at: float | None = None
        self.result: Any = None
        self.error: BaseException | None = None
        #: why it was cancelled by the queue itself: "timeout", "waited", "stopping" (None: not by the queue)
        self.stopped: str | None = None
        self.done = threading.Event()
        self._callbacks: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def cancel(self, why: str | None = None) -> None:
        if why and self.stopped is None:
            self.stopped = why
        self.progress.cancel.set()

    def on_done(self, callback: Callable[[], None]) -> None:
        with self._lock:
            if not self.done.is_set():
                self._callbacks.append(callback)
                return
        callback()

    def _finish(self) -> None:
        self.finished_at = time.monotonic()
        with self._lock:
            self.done.set()
            callbacks, self._callbacks = self._callbacks, []
        for cb in callbacks:
            try:
                cb()
            except RuntimeError:  # the awaiting request's event loop has closed: nobody waits
                pass


class WorkQueue:
    """A priority queue of :class:`Task` served by :data:`WORKERS` daemon threads, and a watchdog
    thread that enforces :data:`MAX_SECONDS` and :data:`MAX_WAIT`."""

    def __init__(self, workers: int | None = None, waiting: int | None = None, processes: int | None = None,
                 preload: bool = False) -> None:
        self.processes = PROCESSES if processes is None else max(0, processes)
        self.workers = self.processes or (WORKERS if workers is None else workers)
        self._slots = [_Slot(preload) for _ in range(self.processes)]
        self.waiting = WAITING if waiting is None else waiting
        self._q: "queue.PriorityQueue[tuple[int, int, Task | None]]" = queue.PriorityQueue()
        self._seq = itertools.count()
        self._lock = threading.Lock()
        self._queued: set[Task] = set()
        self._running: set[Task] = set()
        self.closed = threading.Event()
        #: seconds the last tasks took (for Retry-After)
        self._recent: list[float] = []
        self.refused = 0
        self._threads = [threading.Thread(target=self._work, args=(i,), name=f"fleeodds-work-{i}", daemon=True)
                         for i in range(self.workers)]
        self._threads.append(threading.Thread(target=self._watch, name="fleeodds-work-watchdog", daemon=True))
        for th in self._threads:
            th.start()
        _QUEUES.add(self)

    # ------------------------------------------------------------------ submitting

    def submit(self, fn: Callable[[service.Progress], Any], priority: int = 1,
               progress: service.Progress | None = None, background: bool = False) -> Task:
        """Queue ``fn(progress)``; a ``background`` task (the warm-up's) is never refused as busy
        and does not count in the recent times.

        Raises
        ------
        Busy
            429 when :attr:`workers` + :attr:`waiting` tasks are already there, 503 once closed.
        """
        task = Task(fn, progress or service.Progress(), priority, background)
        with self._lock:
            if self.closed.is_set():
                raise Busy(503, 5, "the server is stopping")
            if not background and (len(self._queued) >= self.waiting or self._expected_wait() > ADMIT_WAIT):
                self.refused += 1
                raise Busy(429, self.retry_after(spread=True), "the server is busy")
            self._queued.add(task)
        self._q.put((priority, next(self._seq), task))
        return task

    def _expected_wait(self) -> float:
        """Seconds the queued work would take before a new task starts (0 while a worker is free)."""
        if len(self._running) < self.workers:
            return 0.0
        mean = sum(self._recent) / len(self._recent) if self._recent else FIRST_GUESS
        return mean * (len(self._queued) + 1) / self.workers

    def retry_after(self, spread: bool = False) -> int:
        """Seconds after which a refused request may try again: the queue's length times the
        recent mean task time, over the workers (at least 1, at most 60). With ``spread``, a
        random part of up to :data:`RETRY_SPREAD` of it is added: the clients refused in one burst
        then come back over a few seconds, not all in the same instant (110 retries at once held
        the event loop of the loaded 2-core machine 0.2 s, and a health check with it)."""
        mean = sum(self._recent) / len(self._recent) if self._recent else FIRST_GUESS
        base = max(1, min(60, math.ceil(mean * (len(self._queued) + 1) / max(self.workers, 1))))
        if spread:
            base = min(60, base + random.randint(0, int(base * RETRY_SPREAD)))
        return base

    async def run(self, fn: Callable[[service.Progress], Any], priority: int = 1,
                  is_disconnected: Callable[[], Any] | None = None, poll: float = 0.25) -> Any:
        """Queue ``fn`` and wait for it without holding a thread; cancel it when
        ``await is_disconnected()`` says the client went away (checked every ``poll`` seconds) or
        when the awaiting request is itself cancelled (a server stopping)."""
        task = self.submit(fn, priority)
        loop = asyncio.get_running_loop()
        finished = asyncio.Event()
        task.on_done(lambda: loop.call_soon_threadsafe(finished.set))
        try:
            while not finished.is_set():
                try:
                    await asyncio.wait_for(finished.wait(), poll)
                except asyncio.TimeoutError:
                    if is_disconnected is not None and await is_disconnected():
                        self.cancel(task, "disconnected")
                        raise ClientGone() from None
        except BaseException:
            self.cancel(task)
            raise
        return self.outcome(task)

    @staticmethod
    def outcome(task: Task) -> Any:
        """The task's result, or the error it raised (a cancel by the queue becomes :class:`Busy`)."""
        if task.error is not None:
            if isinstance(task.error, service.Cancelled) and task.stopped in ("timeout", "waited", "stopping"):
                raise Busy(503, 5, {"timeout": f"the computation took longer than {MAX_SECONDS:.0f} s",
                                    "waited": f"the server was busy for more than {MAX_WAIT:.0f} s",
                                    "stopping": "the server is stopping"}[task.stopped])
            raise task.error
        return task.result

    # ------------------------------------------------------------------ state

    def running(self) -> int:
        return len(self._running)

    def queued(self) -> int:
        return len(self._queued)

    def idle(self) -> bool:
        return not self._running and not self._queued

    def cancel(self, task: Task, why: str | None = None) -> None:
        """Cancel ``task``: a queued one is dropped at once, a running one stops at its next check."""
        task.cancel(why)
        self._drop_cancelled(task)

    def _drop_cancelled(self, task: Task) -> None:
        with self._lock:
            if task not in self._queued or not task.progress.cancel.is_set():
                return
            self._queued.discard(task)
        task.error = service.Cancelled()
        task._finish()

    def close(self, timeout: float = 0.0) -> None:
        """Refuse new tasks, cancel every queued and running one; wait up to ``timeout`` seconds
        for the running ones to stop."""
        self.closed.set()
        with self._lock:
            tasks = list(self._queued | self._running)
        for task in tasks:
            self.cancel(task, "stopping")
        for _ in range(self.workers):
            self._q.put((-1, next(self._seq), None))  # wakes the workers, which then leave
        end = time.monotonic() + timeout
        for th in self._threads:
            left = end - time.monotonic()
            if left <= 0:
                break
            th.join(left)
        if timeout > 0:
            for slot in self._slots:
                slot.stop(max(0.0, min(GRACE, end - time.monotonic())))

    def processes_alive(self) -> int:
        """Worker processes running now."""
        return sum(1 for s in self._slots if s.alive())

    # ------------------------------------------------------------------ threads

    def _work(self, index: int = 0) -> None:
        try:
            self._serve(index)
        finally:
            if index < len(self._slots):
                self._slots[index].stop(GRACE)

    def _serve(self, index: int) -> None:
        from .procs import Remote

        slot = self._slots[index] if index < len(self._slots) else None
        while True:
            _, _, task = self._q.get()
            if task is None:
                return
            with self._lock:
                if task not in self._queued:  # dropped while it waited (cancelled)
                    continue
                self._queued.discard(task)
                if task.progress.cancel.is_set():
                    task.error = service.Cancelled()
                    task._finish()
                    continue
                self._running.add(task)
            task.started_at = time.monotonic()
            try:
                task.progress.check()
                if slot is not None and isinstance(task.fn, Remote):
                    task.result = slot.run(task.fn, task.progress)
                else:
                    task.result = task.fn(task.progress)
            except BaseException as exc:  # noqa: BLE001  handed to the awaiting request
                task.error = exc
            finally:
                with self._lock:
                    self._running.discard(task)
                    if not task.background:
                        self._recent = (self._recent + [time.monotonic() - task.started_at])[-20:]
                task._finish()

    def _watch(self) -> None:
        while not self.closed.wait(0.2):
            now = time.monotonic()
            with self._lock:
                running, queued = list(self._running), list(self._queued)
            for task in running:
                if task.started_at is not None and now - task.started_at > MAX_SECONDS:
                    task.cancel("timeout")
            for task in queued:
                if now - task.queued_at > MAX_WAIT:
                    task.cancel("waited")
                self._drop_cancelled(task)  # a job cancelled while it waited, a request gone


class _Slot:
    """One worker process (started at its first task, with the ``spawn`` method) and its pipe and
    cancel flag; used by one worker thread only."""

    def __init__(self, preload: bool) -> None:
        self.preload = preload
        self.proc = None
        self.conn = None
        self.cancel = None
        self._lock = threading.Lock()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.is_alive()

    def _start(self) -> None:
        import multiprocessing

        from .procs import child_main

        ctx = multiprocessing.get_context("spawn")
        mine, theirs = ctx.Pipe()
        self.cancel = ctx.Event()
        proc = ctx.Process(target=child_main, args=(theirs, self.cancel, self.preload), name="fleeodds-worker",
                           daemon=True)
        proc.start()
        theirs.close()
        self.proc, self.conn = proc, mine

    def run(self, remote, progress: service.Progress) -> Any:
        """Run ``remote`` in the process; relay its progress and notes; cancel it when
        ``progress.cancel`` is set (terminated after :data:`GRACE` seconds)."""
        from .procs import RemoteError

        with self._lock:
            if not self.alive():
                self._start()
            proc, conn, flag = self.proc, self.conn, self.cancel
        flag.clear()
        cancelled_at = None

        def ended() -> Exception:
            self.stop(0)
            return service.Cancelled() if cancelled_at is not None or progress.cancel.is_set() else \
                RuntimeError("the worker process ended during a computation")

        try:
            conn.send((remote.name, remote.args, remote.kwargs))
        except (OSError, ValueError):
            raise ended() from None
        while True:
            try:
                ready = conn.poll(0.05)
                msg = conn.recv() if ready else None
            except (EOFError, OSError, ValueError):
                raise ended() from None
            if msg is not None:
                kind = msg[0]
                if kind == "progress":
                    setattr(progress, msg[1], msg[2])
                elif kind == "note":
                    if remote.on_note is not None:
                        remote.on_note(msg[1], msg[2])
                elif kind == "ok":
                    return remote.receive(msg[1])
                elif kind == "cancelled":
                    raise service.Cancelled()
                elif kind == "project":
                    raise RemoteError(msg[1])
                else:
                    import logging

                    logging.getLogger("fleeodds.web").error("worker process: %s", msg[1])
                    raise RuntimeError(msg[1].splitlines()[0])
            # checked after every message too: a fast run sends its progress without a pause
            if progress.cancel.is_set():
                if cancelled_at is None:
                    cancelled_at = time.monotonic()
                    flag.set()
                elif time.monotonic() - cancelled_at > GRACE:
                    raise ended()  # an exact solve, a kernel compiling: it cannot stop by itself
            if msg is None and not proc.is_alive():
                raise ended()

    def stop(self, grace: float) -> None:
        """End the process: asked to leave, terminated after ``grace`` seconds, killed if it must."""
        with self._lock:
            proc, conn = self.proc, self.conn
            self.proc = self.conn = None
        if proc is None:
            return
        if grace > 0 and proc.is_alive():
            try:
                conn.send(None)
            except (OSError, ValueError):
                pass
            proc.join(grace)
        if proc.is_alive():
            proc.terminate()
            proc.join(2)
        if proc.is_alive():
            proc.kill()
            proc.join(1)
        try:
            conn.close()
        except OSError:
            pass


class ClientGone(Exception):
    """The client closed its connection while its work waited or ran (its work was cancelled)."""


def close_all() -> None:
    """Close every work queue of this process (the server's SIGTERM and Ctrl+C handler calls it)."""
    for q in list(_QUEUES):
        q.close()
