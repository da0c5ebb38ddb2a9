"""One way to run many independent evaluations: in this process, on a local Dask cluster, or on a
Dask cluster already running somewhere.

``fleeodds matrix``, ``fleeodds rank`` and ``fleeodds sweep`` hand their cells to a :class:`Runner`
as :class:`Job` objects; the runner calls each job's function and returns one :class:`Done` per
job, whatever runs it:

- ``Runner()``: in this process, one job after the other (no server, no extra dependency);
- ``Runner(workers=2)``: a local Dask cluster of that many worker processes, started for the run
  and stopped after it;
- ``Runner(scheduler="tcp://host:8786")``: the Dask scheduler of an existing cluster (its workers
  need the same fleeodds installed).

A job's result never depends on where or in what order it runs: its function gets everything it
needs in its arguments (a Monte Carlo seed included, see :func:`cell_seed`), so the same jobs
give the same results on one process or on forty. A job that raises is reported in its
:class:`Done` (``error``), never stops the others.

>>> with Runner() as runner:
...     done = runner.run([Job("a", pow, (2, 10)), Job("b", int, ("x",))], progress=False)
>>> done["a"].value, done["b"].ok
(1024, False)
"""

from __future__ import annotations

import hashlib
import logging
import socket
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .errors import FleeoddsError, InputError, short_repr
from .language import Message, N_, use_lang
from .foreign import connection_reason, os_reason

#: Seconds to wait for an existing scheduler to answer.
CONNECT_TIMEOUT = 10
#: Most jobs sent to a Dask worker in one task.
MAX_BATCH = 64


@dataclass(frozen=True)
class Job:
    """One unit of work: ``fn(*args)``, named by ``key`` (unique within a run), run in the reader's language
    ``lang`` (``None``: the worker's own; a Dask worker does not share the caller's context)."""

    key: str
    fn: Callable[..., Any]
    args: tuple = ()
    lang: str | None = None


@dataclass(frozen=True)
class Done:
    """What a :class:`Job` gave: its ``value``, or the ``error`` message that stopped it (and the
    ``exception`` itself, for a caller that re-raises it)."""

    key: str
    value: Any = None
    error: str = ""
    exception: BaseException | None = field(default=None, compare=False, repr=False)

    @property
    def ok(self) -> bool:
        return not self.error


def call(job: Job) -> Done:
    """Run ``job`` and catch what it raises (a fleeodds error keeps its message; anything else is
    named by its type), so that one bad cell never stops a run."""
    try:
        with use_lang(job.lang):
            return Done(job.key, job.fn(*job.args))
    except FleeoddsError as exc:
        return Done(job.key, error=str(exc) or type(exc).__name__, exception=exc)
    except Exception as exc:  # noqa: BLE001 - reported as the cell's failure, not fatal to the run
        return Done(job.key, error=f"{type(exc).__name__}: {exc}", exception=exc)


def call_batch(jobs: list[Job]) -> list[Done]:
    """:func:`call` on each job of a batch (one Dask task for several cells)."""
    return [call(job) for job in jobs]


def cell_seed(seed: int, *identity: Any) -> int:
    """The Monte Carlo seed of one cell: a hash of the run's ``seed`` and the cell's identity
    (e.g. the two unit names), in ``[0, 2**63)``.

    It depends on what the cell *is*, never on where it sits in the grid or which worker runs it,
    so that adding a unit, filtering others out, or running on a cluster leaves every other
    cell's counts as they were.

    >>> cell_seed(0, "Orc Boyz", "Empire Knights") == cell_seed(0, "Orc Boyz", "Empire Knights")
    True
    >>> cell_seed(0, "Orc Boyz", "Empire Knights") != cell_seed(1, "Orc Boyz", "Empire Knights")
    True
    """
    text = "\x1f".join([str(int(seed)), *map(str, identity)])
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") & (2**63 - 1)


def _quiet_failed_clients() -> None:
    """Silence the report a Client that failed to connect makes from its ``__del__`` (at exit, after
    the user has the one-line error); every other unraisable exception is reported as before."""
    previous = sys.unraisablehook

    def hook(unraisable):
        if "Client.__del__" not in getattr(unraisable.object, "__qualname__", ""):
            previous(unraisable)
    sys.unraisablehook = hook


class Runner:
    """Where the jobs run (see the module docstring).

    Parameters
    ----------
    workers : int, optional
        Start a local Dask cluster of that many worker processes (one thread each).
    scheduler : str, optional
        Address of a running Dask scheduler, e.g. ``"tcp://10.0.0.5:8786"``.
    processes : bool
        Local cluster only: worker processes (default) or threads of this process (tests).

    Raises
    ------
    InputError
        Both ``workers`` and ``scheduler``, a worker count below 1, an empty address; when the
        cluster is started (``with`` or :meth:`run`): Dask not installed, or a scheduler that
        does not answer within :data:`CONNECT_TIMEOUT` seconds.
    """

    def __init__(self, workers: int | None = None, scheduler: str | None = None, *, processes: bool = True):
        if workers is not None and scheduler is not None:
            raise InputError("workers", workers, Message(N_("either --workers (a local cluster) or --scheduler (an existing "
                             "one), not both")))
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
            raise InputError("workers", short_repr(workers), Message(N_("a whole number of worker processes, at least 1")))
        if scheduler is not None and (not isinstance(scheduler, str) or not scheduler.strip()):
            raise InputError("scheduler", short_repr(scheduler), Message(N_("the address of a Dask scheduler, e.g. "
                             "tcp://10.0.0.5:8786")))
        self.workers = workers
        self.scheduler = scheduler.strip() if scheduler else None
        self.processes = processes
        self._client = None
        self._cluster = None

    @property
    def distributed(self) -> bool:
        """Whether the jobs go to Dask."""
        return self.workers is not None or self.scheduler is not None

    def describe(self) -> Message:
        """Where the jobs run, as a :class:`~fleeodds.language.Message` (its text is the English, ``.render()``
        gives the reader's language): ``"in-process"`` / ``"en local"``, ``"local Dask cluster, 2 worker(s)"``
        / ``"grappe Dask locale, 2 processus"``, or ``"Dask scheduler tcp://…"`` / ``"ordonnanceur Dask
        tcp://…"``."""
        if self.scheduler:
            return Message(N_("Dask scheduler {address}"), address=self.scheduler)
        if self.workers:
            return Message(N_("local Dask cluster, {n} worker(s)"), n=self.workers)
        return Message(N_("in-process"))

    # -- cluster ---------------------------------------------------------------------
    def __enter__(self) -> "Runner":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def start(self) -> None:
        """Connect to (or start) the cluster; nothing for an in-process runner."""
        if not self.distributed or self._client is not None:
            return
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise InputError("workers" if self.workers else "scheduler", self.workers or self.scheduler,
                             Message(N_("no value: Dask is not installed (pip install 'dask[distributed]')"))) from None
        if self.scheduler:
            from distributed.comm.addressing import parse_address, parse_host_port

            try:  # a malformed address is refused before a Client is built (a failed one complains at exit)
                parse_host_port(parse_address(self.scheduler)[1])
            except (ValueError, TypeError) as exc:
                raise InputError("scheduler", self.scheduler, Message(N_("the address of a running Dask scheduler "
                                                                          "(tcp://HOST:8786) ({error})"),
                                                                       error=connection_reason(exc))) from None
            self._probe(parse_address(self.scheduler))
            try:
                self._client = Client(self.scheduler, timeout=f"{CONNECT_TIMEOUT}s", set_as_default=False)
            except Exception as exc:  # noqa: BLE001 - OSError, TimeoutError, ValueError (bad address) ...
                # dask's own message can be noise (an unreachable host once gave "Unable to allocate 3 EiB")
                why = str(exc).splitlines()[0] if isinstance(exc, ValueError) and str(exc) else type(exc).__name__
                del exc
                _quiet_failed_clients()  # the half-built Client's __del__ would print a traceback after our line
                raise InputError("scheduler", self.scheduler, Message(N_("the address of a running Dask scheduler "
                                                                          "(tcp://HOST:8786); none answered within "
                                                                          "{seconds} s ({error})"),
                                                                       seconds=CONNECT_TIMEOUT,
                                                                       error=connection_reason(why))) from None
            return
        extra = {"env": {"NUMBA_NUM_THREADS": "1"}} if self.processes else {}  # the workers are the parallelism
        self._cluster = LocalCluster(n_workers=self.workers, threads_per_worker=1, processes=self.processes,
                                     dashboard_address=None, silence_logs=logging.ERROR, **extra)
        self._client = Client(self._cluster, set_as_default=False)

    def _probe(self, address: tuple[str, str]) -> None:
        """Refuse a TCP scheduler that nothing listens on before a dask Client is built: a Client that
        cannot connect keeps retrying for the whole timeout, and its background thread then holds the
        interpreter at exit for as long again (about 20 s in all for a one-line error)."""
        protocol, location = address
        if protocol == "inproc":
            return  # a scheduler in this process (tests): dask connects at once
        if protocol not in ("tcp", "tls"):
            raise InputError("scheduler", self.scheduler, Message(N_("the address of a running Dask scheduler, "
                             "tcp://HOST:PORT or tls://HOST:PORT")))
        from distributed.comm.addressing import parse_host_port

        host, port = parse_host_port(location)
        if not 0 < int(port) < 65536:
            raise InputError("scheduler", self.scheduler, Message(N_("the address of a running Dask scheduler, with a "
                             "port from 1 to 65535")))
        try:
            socket.create_connection((host, port), timeout=CONNECT_TIMEOUT).close()
        except OSError as exc:
            if isinstance(exc, TimeoutError):
                allowed = Message(N_("the address of a running Dask scheduler (tcp://HOST:8786); none answered within "
                                     "{seconds} s (timed out)"), seconds=CONNECT_TIMEOUT)
            else:
                allowed = Message(N_("the address of a running Dask scheduler (tcp://HOST:8786); none answered "
                                     "({error})"), error=os_reason(exc) if exc.strerror else type(exc).__name__)
            raise InputError("scheduler", self.scheduler, allowed) from None
        # Something listens: it must also speak Dask's protocol (a proxy or another server does not;
        # dask then reads garbage lengths, e.g. "Unable to allocate 3 EiB").
        import asyncio

        from distributed.comm import connect

        async def handshake():
            comm = await connect(self.scheduler, timeout=CONNECT_TIMEOUT)
            await comm.close()

        try:
            asyncio.run(asyncio.wait_for(handshake(), CONNECT_TIMEOUT))  # a silent listener must not hang us
        except Exception:  # noqa: BLE001 - whatever the listener sent back, it is not a scheduler
            raise InputError("scheduler", self.scheduler, Message(N_("the address of a running Dask scheduler "
                             "(tcp://HOST:8786); something answered there, but not a Dask scheduler"))) from None

    def close(self) -> None:
        """Disconnect (and stop a local cluster this runner started)."""
        if self._client is not None:
            self._client.close()
            self._client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None

    # -- running ---------------------------------------------------------------------
    def _batch_size(self, n_jobs: int) -> int:
        """Jobs per Dask task: about four tasks per worker, at most :data:`MAX_BATCH` jobs each (a task
        costs the scheduler a few milliseconds; a Monte Carlo cell of 100,000 trials takes about as long)."""
        try:
            workers = self.workers or len(self._client.scheduler_info().get("workers", {})) or 1
        except Exception:  # noqa: BLE001 - an old scheduler: one job per task
            return 1
        return max(1, min(MAX_BATCH, -(-n_jobs // (4 * workers))))

    def run(self, jobs: Iterable[Job], *, progress: bool | None = None, desc: str = "cells",
            on_done: Callable[[Done], None] | None = None, batch: int | None = None) -> dict[str, Done]:
        """Run every job; one :class:`Done` per job key, in the order of ``jobs``.

        Parameters
        ----------
        jobs : iterable of Job
            Keys must be distinct.
        progress : bool or None
            A bar over the jobs on standard error (``None``: only on a terminal).
        desc : str
            The bar's label.
        on_done : callable, optional
            Called with each :class:`Done` as it arrives (completion order), e.g. to save
            a checkpoint.
        batch : int, optional
            Jobs per Dask task (default: :meth:`_batch_size`); in-process runs ignore it.

        Raises
        ------
        InputError
            Repeated job keys, or the cluster cannot be reached (see :class:`Runner`).
        """
        from tqdm.auto import tqdm

        jobs = list(jobs)
        keys = [j.key for j in jobs]
        if len(set(keys)) != len(keys):
            raise InputError("jobs", short_repr(keys), Message(N_("distinct job keys")))
        out: dict[str, Done] = {}
        disable = None if progress is None else (not progress)
        bar = tqdm(total=len(jobs), desc=desc, unit="cell", disable=disable, leave=False, delay=1.0)
        try:
            if not self.distributed or not jobs:
                for job in jobs:
                    done = call(job)
                    out[job.key] = done
                    bar.update(1)
                    if on_done:
                        on_done(done)
            else:
                self.start()
                from dask.distributed import as_completed

                import uuid

                token = uuid.uuid4().hex[:12]
                size = self._batch_size(len(jobs)) if batch is None else max(1, int(batch))
                batches = [jobs[i:i + size] for i in range(0, len(jobs), size)]
                futures = [self._client.submit(call_batch, chunk, key=f"fleeodds-{token}-{i}", pure=False)
                           for i, chunk in enumerate(batches)]
                index_of = {f.key: i for i, f in enumerate(futures)}
                try:
                    for fut in as_completed(futures, loop=self._client.loop):
                        chunk = batches[index_of[fut.key]]
                        try:
                            dones = fut.result()
                        except Exception as exc:  # noqa: BLE001 - a worker lost, a result that will not unpickle
                            dones = [Done(job.key, error=f"{type(exc).__name__}: {exc}") for job in chunk]
                        for done in dones:
                            out[done.key] = done
                            bar.update(1)
                            if on_done:
                                on_done(done)
                finally:
                    for fut in futures:
                        fut.release()
        finally:
            bar.close()
        return {k: out[k] for k in keys}


def run_jobs(jobs: Iterable[Job], *, runner: Runner | None = None, progress: bool | None = None,
             desc: str = "cells", on_done: Callable[[Done], None] | None = None) -> dict[str, Done]:
    """Run ``jobs`` on ``runner`` (default: in this process); see :meth:`Runner.run`."""
    if runner is None:
        runner = Runner()
    return runner.run(jobs, progress=progress, desc=desc, on_done=on_done)
