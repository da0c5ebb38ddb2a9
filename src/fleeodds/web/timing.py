"""Where a request's time goes inside the server (a measuring aid for ``benchmarks/web_load.py``).

With ``FLEEODDS_WEB_TIMING=FILE`` in the environment, :func:`fleeodds.web.create_app` adds
:class:`Timing`, an ASGI middleware that writes one line per request to ``FILE``::

    <start> <first byte> <end> <status> <method> <path> <X-Load-Id or ->

times in seconds of ``time.monotonic()`` (``CLOCK_MONOTONIC`` on Linux: the same clock in every
process of the machine, so a load generator can put its own send and receive times beside them).
``start`` is when the application sees the request (uvicorn has read and parsed it), ``first byte``
when the answer's head is sent and ``end`` when its last byte is handed to the transport. It also
records the event loop's late wake-ups (``lag <time> <seconds late> <loop thread CPU> <process CPU>``,
over :data:`LAG_REPORT`; the CPU seconds used meanwhile tell a busy loop from other threads holding
the interpreter, and both from a process waiting for a core): a request that arrives while the
loop is late waits that long before ``start``.

Off by default; on, it costs a list append per request (lines written in batches).
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

#: The environment variable naming the timing file (unset: no timing).
ENV = "FLEEODDS_WEB_TIMING"
#: How often the loop's lag is sampled, and the lateness worth a line (seconds).
LAG_TICK = 0.01
LAG_REPORT = 0.02


class Timing:
    """The ASGI middleware (see the module's text); ``path``: the file the lines go to."""

    def __init__(self, app, path: str) -> None:
        self.app = app
        self.path = path
        self.lines: list[str] = []
        self.lag_task: asyncio.Task | None = None
        open(path, "w").close()

    def flush(self) -> None:
        lines, self.lines = self.lines, []
        if lines:
            with open(self.path, "a") as f:
                f.write("\n".join(lines) + "\n")

    async def _lag(self) -> None:
        clock, own, every = time.monotonic, time.thread_time, time.process_time
        while True:
            t, o, e = clock(), own(), every()
            await asyncio.sleep(LAG_TICK)
            late = clock() - t - LAG_TICK
            if late > LAG_REPORT:
                # the loop's own thread's CPU meanwhile (the loop busy), the whole process's (other
                # threads holding the interpreter), neither (the process waiting for a core)
                self.lines.append(f"lag {t + LAG_TICK:.6f} {late:.4f} {own() - o:.4f} {every() - e:.4f}")

    async def __call__(self, scope, receive, send) -> Any:
        if scope["type"] == "lifespan":
            async def receive_lifespan():
                msg = await receive()
                if msg["type"] == "lifespan.startup" and self.lag_task is None:
                    self.lag_task = asyncio.get_running_loop().create_task(self._lag())
                elif msg["type"] == "lifespan.shutdown":
                    if self.lag_task is not None:
                        self.lag_task.cancel()
                    self.flush()
                return msg
            return await self.app(scope, receive_lifespan, send)
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        start = time.monotonic()
        mark = {"first": 0.0, "status": 0}
        load_id = "-"
        for k, v in scope.get("headers") or ():
            if k == b"x-load-id":
                load_id = v.decode("latin-1")

        async def timed_send(msg):
            if msg["type"] == "http.response.start":
                mark["status"] = msg["status"]
                mark["first"] = time.monotonic()
            await send(msg)

        try:
            await self.app(scope, receive, timed_send)
        finally:
            end = time.monotonic()
            self.lines.append(f"{start:.6f} {mark['first'] or end:.6f} {end:.6f} {mark['status']} "
                              f"{scope.get('method', '')} {scope.get('path', '')} {load_id}")
            if len(self.lines) >= 2000:
                self.flush()


def timing_file() -> str | None:
    """The timing file named in the environment, or None."""
    return os.environ.get(ENV) or None
