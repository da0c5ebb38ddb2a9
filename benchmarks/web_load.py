"""Load test of ``fleeodds serve`` (issue 28): many players at once on every shipped example.

Starts its own server on 127.0.0.1 (a free port; loopback only, never another machine), waits for
its warm-up, asks every example's exact answer once (so that they are cached, as after any
player's first visit), then runs ``--clients`` concurrent clients, each asking ``--requests``
questions over every shipped example, exact and Monte Carlo mixed:

- exact: the page's way (``POST /api/jobs?wait=2``, then polling) and the API's
  (``POST /api/evaluate``, ``method=exact``), a scenario with setups giving its comparison;
- Monte Carlo: ``POST /api/jobs`` (1,000,000 trials, a seed of its own, so never cached) polled
  with ``GET /api/jobs/ID?wait=--poll-wait`` (long polling; ``--poll-wait 0``: every 0.3 s, as
  the page polls today), and ``POST /api/evaluate`` with ``method=mc``.

A client refused with 429 waits the ``Retry-After`` it was given (at most 30 s) and tries once more. Meanwhile a
prober asks ``GET /api/health`` every 0.2 s. Then it measures how long the server takes to be idle
(no queued or running work) after the clients leave, starts a few long runs and sends SIGTERM,
and measures how long the process takes to exit. Every exact answer is compared with the
command line's JSON (``fleeodds run NAME --exact --format json``) computed in this process afterwards.

A latency is what a client sees: from sending its request to reading the whole answer (for the
page's way, from the first ``POST`` to the last poll's whole answer). Every answered request counts
in the percentiles, 429s aside (refused at once, counted apart).

The clients: ``--generator-processes`` processes (default 2) share the 100 clients, each process
an asyncio event loop with one HTTP client of ``--client`` (default ``aiohttp``: about a tenth of
the CPU per request of ``httpx``, which is kept as ``--client httpx``). On this one machine they
stand for 100 players' own computers, and must not take the server's CPU to measure it: each runs in
a session of its own, at niceness ``--generator-nice`` (default 0; on Linux the session's autogroup
niceness too, since autogroup weighs sessions, not processes). Their CPU time during the clients is
reported (``generator_cpu``), with the server's and its worker processes' (``server_cpu``, Linux).
``--also CLIENT:PROCESSES:NICE`` runs the clients again against the same warm server with another
generator (``httpx:1:0`` is the former one: one process, httpx), to compare them in one run.

``--timing FILE``: the server writes one line per request (``FLEEODDS_WEB_TIMING``,
:mod:`fleeodds.web.timing`); each client request carries an ``X-Load-Id`` header, and the output's
``where_the_time_goes`` splits the cached exact answers' time into before the application sees the
request, inside it, and after it has handed over the last byte (until the client has read it).

Bounded: at most 200 clients and 10 requests each, a request times out after 120 s, the whole
run stops after ``--max-seconds`` (default 1200; questions not asked by then are counted as
``skipped_at_deadline``, and the targets are then not met) and the server is always stopped
(SIGKILL if it does not stop by itself within 30 s).

The server runs with ``--work-processes`` (default: the server's default, 2). The server and the
health prober are started in sessions of their own, as a server and a player's browser are: with
Linux's autogroup scheduling, the load generator's busy event loop then does not spend their turn.

Run:  python benchmarks/web_load.py [--clients 100] [--requests 2] [--generator-processes 2]
      [--client aiohttp|httpx] [--work-processes 2] [--timing FILE] [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import json
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

HOST = "127.0.0.1"  # loopback only
#: Seconds a client waits for one answer.
REQUEST_TIMEOUT = 120
#: Longest a refused client waits before its one retry (the server's Retry-After, up to this).
RETRY_CAP = 30.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, max(0, int(round(q * (len(v) - 1)))))]


def strip_created(d):
    if isinstance(d, dict):
        return {k: strip_created(v) for k, v in d.items() if k not in ("created", "seconds", "mc_seconds")}
    if isinstance(d, list):
        return [strip_created(v) for v in d]
    return d


def temp_folders(where: Path) -> set[str]:
    return {p.name for p in where.iterdir()}


def lower_priority(nice: int) -> None:
    """This process at niceness ``nice``, and (Linux, autogroup scheduling) its session too: a
    session's processes share one slot of the scheduler, whose weight is the session's niceness."""
    if not nice:
        return
    try:
        os.nice(nice)
    except (AttributeError, OSError):
        pass
    for _ in range(20):  # the kernel allows one autogroup change every 0.1 s on the whole machine
        try:
            with open(f"/proc/{os.getpid()}/autogroup", "w") as f:
                f.write(str(nice))
            return
        except OSError as exc:
            if exc.errno != errno.EAGAIN:
                return
            time.sleep(0.11)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` so far (Linux /proc), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc), or none."""
    out = []
    try:
        for t in Path(f"/proc/{pid}/task").iterdir():
            out += [int(c) for c in (t / "children").read_text().split()]
    except OSError:
        pass
    return out


# --------------------------------------------------------------------------- the HTTP clients


class Http:
    """One HTTP client library behind one call, ``request`` -> ``(status, headers, body bytes)``,
    the whole answer read."""

    def __init__(self, kind: str, base: str, connections: int) -> None:
        self.kind, self.base, self.connections = kind, base, connections

    async def __aenter__(self) -> "Http":
        if self.kind == "aiohttp":
            import aiohttp

            self.session = aiohttp.ClientSession(
                base_url=self.base, connector=aiohttp.TCPConnector(limit=self.connections, force_close=False),
                timeout=aiohttp.ClientTimeout(total=REQUEST_TIMEOUT), auto_decompress=False)
            self.errors = (aiohttp.ClientError, asyncio.TimeoutError)
        else:
            import httpx

            limits = httpx.Limits(max_connections=self.connections, max_keepalive_connections=self.connections)
            self.client = httpx.AsyncClient(base_url=self.base, timeout=REQUEST_TIMEOUT, limits=limits)
            self.errors = (httpx.HTTPError,)
        return self

    async def __aexit__(self, *exc) -> None:
        if self.kind == "aiohttp":
            await self.session.close()
        else:
            await self.client.aclose()

    async def request(self, method: str, path: str, body: bytes | None = None,
                      load_id: str | None = None) -> tuple[int, dict, bytes]:
        headers = {"X-Load-Id": load_id} if load_id else {}
        if body is not None:
            headers["Content-Type"] = "application/json"
        if self.kind == "aiohttp":
            async with self.session.request(method, path, data=body, headers=headers) as r:
                return r.status, dict(r.headers), await r.read()
        r = await self.client.request(method, path, content=body, headers=headers)
        return r.status_code, dict(r.headers), r.content


# --------------------------------------------------------------------------- one generator process


async def generate(spec: dict, out_path: str) -> None:
    """The clients ``spec["clients"]`` of one generator process; their figures to ``out_path``."""
    sources, exact_names = spec["sources"], spec["exact_names"]
    requests, poll_wait, tag = spec["requests"], spec["poll_wait"], spec["tag"]
    lat: dict[str, list[float]] = {"exact_cached": [], "mc": []}
    counts = {"ok": 0, "429": 0, "errors": 0, "retried_ok": 0}
    errors: list[str] = []
    exact_answers: list[tuple[str, str]] = []
    #: every HTTP exchange of a cached exact answer: (load id, sent, whole answer read)
    exchanges: list[tuple[str, float, float]] = []
    seq = iter(range(10**9))

    async with Http(spec["client"], spec["base"], len(spec["clients"]) + 10) as http:
        async def call(method: str, path: str, body: bytes | None, trace: list | None):
            load_id = f"{tag}-{next(seq)}"
            t = time.monotonic()
            status, headers, data = await http.request(method, path, body, load_id)
            if trace is not None:
                trace.append((load_id, t, time.monotonic()))
            return status, headers, data

        async def job(body: bytes, trace: list) -> tuple[int, dict, object]:
            status, headers, data = await call("POST", "/api/jobs?wait=2", body, trace)
            if status != 200:
                return status, headers, data
            st = json.loads(data)
            while st["state"] == "running":
                if poll_wait:
                    path = f"/api/jobs/{st['id']}?wait={poll_wait}"
                else:
                    await asyncio.sleep(0.3)
                    path = f"/api/jobs/{st['id']}"
                status, headers, data = await call("GET", path, None, trace)
                st = json.loads(data)
            if st["state"] != "done":
                return 599, headers, json.dumps(st)[:200]
            return 200, headers, data

        async def one(kind: str, name: str, way: str, seed: int) -> None:
            src = sources[name]
            if kind == "exact":
                body = {"scenario": src, "method": "exact"}
            else:
                body = {"scenario": src, "method": "mc", "trials": 1_000_000, "seed": seed}
            raw = json.dumps(body).encode()
            for attempt in (0, 1):
                trace: list = []
                t = time.monotonic()
                if way == "job":
                    status, headers, got = await job(raw, trace)
                else:
                    status, headers, got = await call("POST", "/api/evaluate", raw, trace)
                dt = time.monotonic() - t
                if status == 429:
                    counts["429"] += 1
                    if attempt == 0:
                        # the server's Retry-After, bounded (a run must end)
                        await asyncio.sleep(min(float(headers.get("Retry-After", "1")), RETRY_CAP))
                        continue
                    return
                if status != 200:
                    text = got[:200].decode("utf-8", "replace") if isinstance(got, bytes) else str(got)[:200]
                    errors.append(f"{kind} {way} {name}: {status} {text}")
                    counts["errors"] += 1
                    return
                counts["ok"] += 1
                counts["retried_ok"] += attempt
                lat["exact_cached" if kind == "exact" else "mc"].append(dt)
                if kind == "exact":
                    exchanges.extend(trace)
                    if way == "api":  # checked against the command line's after the run
                        exact_answers.append((name, got.decode("utf-8")))
                return

        async def client(i: int) -> None:
            rng = random.Random(i)
            for k in range(requests):
                if time.monotonic() > deadline:  # counted: a run cut short says so
                    counts["skipped_at_deadline"] = counts.get("skipped_at_deadline", 0) + requests - k
                    return
                kind = "mc" if (i + k) % 2 else "exact"
                names = exact_names if kind == "exact" else list(sources)
                name = names[(i * requests + k) % len(names)]
                way = "job" if rng.random() < 0.5 else "api"
                try:
                    await one(kind, name, way, seed=spec["seed_base"] + i * 10 + k)
                except http.errors as exc:
                    errors.append(f"{kind} {way} {name}: {type(exc).__name__}")
                    counts["errors"] += 1

        # ready: the parent says when to go, to all at once
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        deadline = time.monotonic() + spec["max_seconds"]
        r0, t0 = resource.getrusage(resource.RUSAGE_SELF), time.monotonic()
        await asyncio.gather(*(client(i) for i in spec["clients"]))
        r1, t1 = resource.getrusage(resource.RUSAGE_SELF), time.monotonic()
    out = {"lat": lat, "counts": counts, "errors": errors, "exact_answers": exact_answers,
           "exchanges": exchanges, "cpu_seconds": r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime,
           "wall_seconds": t1 - t0}
    Path(out_path).write_text(json.dumps(out))


def generate_main(spec_path: str, out_path: str) -> int:
    spec = json.loads(Path(spec_path).read_text())
    lower_priority(spec["nice"])
    asyncio.run(generate(spec, out_path))
    return 0


# --------------------------------------------------------------------------- where the time goes


def where_the_time_goes(timing_path: Path, exchanges: list[tuple[str, float, float]]) -> dict:
    """The cached exact answers' HTTP exchanges split by the server's timing lines: before the
    application sees the request (the client sending it, the kernel, uvicorn's read and parse, the
    event loop busy with others), inside it, after (the answer's bytes through the transport and
    the client reading them), in seconds, median / 95th percentile / max; and the event loop's
    late wake-ups."""
    server: dict[str, tuple[float, float]] = {}
    lags: list[tuple[float, float, float, float]] = []
    for line in timing_path.read_text().splitlines():
        parts = line.split()
        if parts[0] == "lag":
            lags.append(tuple(map(float, parts[1:5])))
        elif len(parts) == 7 and parts[6] != "-":
            server[parts[6]] = (float(parts[0]), float(parts[2]))
    if exchanges:  # the late wake-ups while these clients ran
        first, last = min(e[1] for e in exchanges), max(e[2] for e in exchanges)
        lags = [g for g in lags if first <= g[0] <= last]
    before, inside, after, total = [], [], [], []
    for load_id, sent, read in exchanges:
        if load_id not in server:
            continue
        start, end = server[load_id]
        before.append(start - sent)
        inside.append(end - start)
        after.append(read - end)
        total.append(read - sent)

    def fig(v: list[float]) -> list[float]:
        return [round(pct(v, 0.5), 4), round(pct(v, 0.95), 4), round(max(v or [0]), 4)]

    return {"exchanges": len(total), "before_app_p50_p95_max": fig(before), "in_app_p50_p95_max": fig(inside),
            "after_app_p50_p95_max": fig(after), "total_p50_p95_max": fig(total),
            "loop_late_wakeups_over_20ms": len(lags), "loop_late_max_s": round(max([g[1] for g in lags] or [0]), 3),
            # (seconds late, the loop thread's CPU meanwhile, the whole server process's CPU meanwhile)
            "loop_latest": [[round(x, 3) for x in g[1:]] for g in sorted(lags, key=lambda g: -g[1])[:5]]}


# --------------------------------------------------------------------------- the run


async def main_async(args) -> dict:
    import httpx

    port = free_port()
    base = f"http://{HOST}:{port}"
    # the server's own temporary folder (other programs on a shared machine write to the common one)
    tmp = Path(tempfile.mkdtemp(prefix="web-load-"))
    work_dir = Path(tempfile.mkdtemp(prefix="web-load-gen-"))  # the generators' specs and figures
    probe_out = work_dir / "probe.txt"  # the health prober's lines
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""),
               TMPDIR=str(tmp))
    if args.worker_nice is not None:
        env["FLEEODDS_WORKER_NICE"] = str(args.worker_nice)
    if args.worker_session_nice is not None:
        env["FLEEODDS_WORKER_SESSION_NICE"] = str(args.worker_session_nice)
    if args.threads:
        env["FLEEODDS_WORK_THREADS"] = str(args.threads)
    timing = Path(args.timing).resolve() if args.timing else None
    if timing is not None:
        env["FLEEODDS_WEB_TIMING"] = str(timing)
    log = open(args.log, "w") if args.log else subprocess.DEVNULL
    cmd = [sys.executable, "-m", "fleeodds.cli", "serve", "--host", HOST, "--port", str(port)]
    if args.work_processes is not None:
        cmd += ["--work-processes", str(args.work_processes)]
    # a session of its own, as a server started from its own terminal or by a service manager: on Linux
    # with autogroup scheduling the load generator then does not share the server's share of the CPU
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=log, start_new_session=True)
    out: dict = {"clients": args.clients, "requests_per_client": args.requests, "client": args.client,
                 "generator_processes": args.generator_processes, "generator_nice": args.generator_nice,
                 "work_threads": args.threads, "work_processes": args.work_processes,
                 "worker_nice": args.worker_nice, "worker_session_nice": args.worker_session_nice,
                 "poll_wait": args.poll_wait, "load_before": os.getloadavg()}
    deadline = time.monotonic() + args.max_seconds
    helpers: list[subprocess.Popen] = []  # the prober and the generators: always stopped
    first: dict[str, dict] = {}
    exact_answers: list[tuple[str, str]] = []
    try:
        limits = httpx.Limits(max_connections=20, max_keepalive_connections=20)
        async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:
            # the server and its warm-up
            while True:
                try:
                    h = (await http.get("/api/health")).json()
                    if h["warmup"]["finished"]:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit("the server did not start or warm up in time")
                await asyncio.sleep(0.5)
            out["warmup_seconds"] = h["warmup"]["seconds"]
            examples = (await http.get("/api/examples")).json()
            sources = {e["name"]: (await http.get(f"/api/examples/{e['name']}")).json() for e in examples}
            exact_names = [e["name"] for e in examples if e["has_exact"]]
            # every exact answer once (a player's first visit), for both ways of asking
            t0 = time.monotonic()
            two = asyncio.Semaphore(2)  # as many at once as the server has worker processes by default

            async def prime(name: str) -> None:
                async with two:
                    body = {"scenario": sources[name], "method": "exact"}
                    for attempt in range(3):  # a 429/503 (a solve over its time on a loaded machine): again
                        r = await http.post("/api/evaluate", json=body, timeout=300)
                        if r.status_code not in (429, 503):
                            break
                        out["priming_retries"] = out.get("priming_retries", 0) + 1
                    r.raise_for_status()
                    first[name] = r.json()
                    st = (await http.post("/api/jobs?wait=2", json=body)).json()
                    while st["state"] == "running":
                        st = (await http.get(f"/api/jobs/{st['id']}", params={"wait": 1})).json()

            await asyncio.gather(*(prime(n) for n in exact_names))
            out["priming_seconds"] = round(time.monotonic() - t0, 1)

            errors: list[str] = []
            health: list[float] = []

            # the prober runs in a process of its own: its times are the server's, not those of the
            # generators; and in a session of its own: it does not wait for their turn (a player's
            # browser is not the load generator)
            prober_proc = subprocess.Popen([sys.executable, __file__, "--probe", base, str(probe_out)],
                                           start_new_session=True)
            helpers.append(prober_proc)

            async def phase(number: int, client: str, processes: int, nice: int) -> dict:
                """The clients once, by ``processes`` generator processes of ``client`` at niceness
                ``nice``: the figures of the phase (the Monte Carlo seeds are the phase's own)."""
                for _ in range(1200):  # the previous phase's work finished (at most 120 s)
                    w = (await http.get("/api/health")).json()["work"]
                    if w["running"] == 0 and w["queued"] == 0:
                        break
                    await asyncio.sleep(0.1)
                # the clients dealt out in turn, each process in a session of its own at a lower priority
                gens: list[tuple[subprocess.Popen, Path]] = []
                for g in range(processes):
                    spec = {"base": base, "sources": sources, "exact_names": exact_names,
                            "clients": list(range(g, args.clients, processes)), "requests": args.requests,
                            "poll_wait": args.poll_wait, "client": client, "tag": f"p{number}g{g}",
                            "seed_base": 1000 + 100_000 * number,
                            "max_seconds": max(1.0, deadline - time.monotonic() - 60), "nice": nice}
                    spec_path, result_path = work_dir / f"spec{number}-{g}.json", work_dir / f"out{number}-{g}.json"
                    spec_path.write_text(json.dumps(spec))
                    gp = subprocess.Popen([sys.executable, __file__, "--generate", str(spec_path), str(result_path)],
                                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                          start_new_session=True)
                    helpers.append(gp)
                    gens.append((gp, result_path))
                for gp, _ in gens:
                    line = await asyncio.to_thread(gp.stdout.readline)
                    if line.strip() != "ready":
                        raise SystemExit(f"a load generator did not start: {line!r}")
                res: dict = {"client": client, "generator_processes": processes, "generator_nice": nice}
                watched = [proc.pid, *children(proc.pid)]
                cpu0 = {pid: cpu_seconds(pid) for pid in watched}
                res["load_during"] = [round(x, 2) for x in os.getloadavg()]
                t0 = time.monotonic()
                for gp, _ in gens:  # all at once
                    gp.stdin.write("go\n")
                    gp.stdin.flush()
                for gp, _ in gens:
                    await asyncio.to_thread(gp.wait)
                wall = time.monotonic() - t0
                res["clients_seconds"] = round(wall, 1)
                cpu1 = {pid: cpu_seconds(pid) for pid in watched}
                res["load_end_of_clients"] = [round(x, 2) for x in os.getloadavg()]
                lat: dict[str, list[float]] = {"exact_cached": [], "mc": []}
                counts = {"ok": 0, "429": 0, "errors": 0, "retried_ok": 0, "skipped_at_deadline": 0}
                exchanges: list[tuple[str, float, float]] = []
                gen_cpu = 0.0
                for gp, result_path in gens:
                    got = json.loads(result_path.read_text())
                    for k in lat:
                        lat[k] += got["lat"][k]
                    for k in counts:
                        counts[k] += got["counts"].get(k, 0)
                    errors.extend(got["errors"])
                    exact_answers.extend(tuple(a) for a in got["exact_answers"])
                    exchanges += [tuple(e) for e in got["exchanges"]]
                    gen_cpu += got["cpu_seconds"]
                res["generator_cpu"] = {"cpu_seconds": round(gen_cpu, 2), "cores_used": round(gen_cpu / wall, 2)}
                if all(v is not None for v in (*cpu0.values(), *cpu1.values())):
                    used = {pid: cpu1[pid] - cpu0[pid] for pid in watched}
                    res["server_cpu"] = {
                        "server_process_cpu_seconds": round(used[proc.pid], 2),
                        "server_process_cores_used": round(used[proc.pid] / wall, 2),
                        "worker_processes_cpu_seconds": round(sum(used.values()) - used[proc.pid], 2)}
                res.update({
                    "requests": counts,
                    "exact_cached_p50_s": round(pct(lat["exact_cached"], 0.5), 3),
                    "exact_cached_p95_s": round(pct(lat["exact_cached"], 0.95), 3),
                    "exact_cached_max_s": round(max(lat["exact_cached"] or [0]), 3),
                    "exact_cached_n": len(lat["exact_cached"]),
                    "mc_p50_s": round(pct(lat["mc"], 0.5), 2), "mc_p95_s": round(pct(lat["mc"], 0.95), 2),
                    "mc_max_s": round(max(lat["mc"] or [0]), 2), "mc_n": len(lat["mc"])})
                if timing is not None:
                    res["exchanges"] = exchanges  # split once the server has written its timing
                return res

            # the configured clients, then each --also configuration against the same warm server
            phases = [await phase(0, args.client, args.generator_processes, args.generator_nice)]
            for number, extra in enumerate(args.also, 1):
                c, n, nice = extra.split(":")
                phases.append(await phase(number, c, int(n), int(nice)))

            left = time.monotonic()
            while True:  # idle: no queued nor running work
                w = (await http.get("/api/health")).json()["work"]
                if w["running"] == 0 and w["queued"] == 0:
                    break
                if time.monotonic() - left > 120:
                    break
                await asyncio.sleep(0.1)
            out["idle_after_seconds"] = round(time.monotonic() - left, 2)
            prober_proc.send_signal(signal.SIGINT)
            await asyncio.to_thread(prober_proc.wait, 30)
            for line in probe_out.read_text().splitlines():
                status, seconds, _sent = line.split()
                if status == "200":
                    health.append(float(seconds))
                else:
                    errors.append(f"health {status}")
            out["load_after"] = os.getloadavg()

            # long runs in flight, then SIGTERM
            busy = []
            for j in range(4):
                r = await http.post("/api/jobs?wait=0", json={"scenario": sources[exact_names[0]], "method": "mc",
                                                              "trials": 10_000_000, "seed": 77 + j})
                busy.append(r.status_code)
            out["jobs_started_before_sigterm"] = busy
            for _ in range(300):
                w = (await http.get("/api/health")).json()["work"]
                if w["running"]:
                    break
                await asyncio.sleep(0.1)
            out["running_at_sigterm"] = w["running"] + w["queued"]
            t = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            while proc.poll() is None and time.monotonic() - t < 30:
                await asyncio.sleep(0.05)
            out["stop_after_sigterm_seconds"] = round(time.monotonic() - t, 2)
    finally:
        for h in helpers:
            if h.poll() is None:
                h.kill()
                h.wait()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    out["exit_code"] = proc.returncode
    left_files = sorted(temp_folders(tmp))
    if not left_files:
        tmp.rmdir()
    for ph in phases:
        if timing is not None:
            ph["where_the_time_goes"] = where_the_time_goes(timing, ph.pop("exchanges"))
    if timing is not None and probe_out.exists():  # the health probes beside the server's timing
        probe_out.replace(timing.with_name(timing.name + ".health"))
    for p in work_dir.iterdir():
        p.unlink()
    work_dir.rmdir()

    # every exact answer against the command line's own
    from click.testing import CliRunner

    from fleeodds.cli import main as cli

    lib: dict[str, dict] = {}
    wrong = []
    for name, got in [*first.items(), *((n, json.loads(b)) for n, b in exact_answers)]:
        if name not in lib:  # the command line's JSON (a comparison's for a scenario with setups)
            res = CliRunner().invoke(cli, ["run", name, "--exact", "--format", "json"])
            try:
                lib[name] = strip_created(json.loads(res.stdout))
            except ValueError:
                lib[name] = {"unreadable command line output": res.output[:200]}
        if strip_created(got) != lib[name]:
            wrong.append(name)
    main_phase = phases[0]
    out.update({k: v for k, v in main_phase.items() if k not in ("client", "generator_processes", "generator_nice")})
    out.update({
        "errors": errors[:20], "errors_all_phases": len(errors),
        "exact_answers_checked": len(first) + len(exact_answers), "exact_answers_wrong": wrong,
        "health_p50_s": round(pct(health, 0.5), 3), "health_p95_s": round(pct(health, 0.95), 3),
        "health_max_s": round(max(health or [0]), 3), "health_n": len(health),
        "temporary_files_left": left_files,
    })
    if phases[1:]:
        out["also"] = phases[1:]
    return out


def probe_main(base: str, out_path: str) -> int:
    """The health prober (its own process): ``GET /api/health`` every 0.2 s until SIGINT, one line
    ``status seconds sent`` per request in ``out_path`` (``sent``: ``time.monotonic()``)."""
    import httpx

    with open(out_path, "w") as out, httpx.Client(base_url=base, timeout=60) as http:
        try:
            while True:
                t = time.monotonic()
                try:
                    status = http.get("/api/health").status_code
                except httpx.HTTPError as exc:
                    status = type(exc).__name__
                out.write(f"{status} {time.monotonic() - t:.4f} {t:.6f}\n")
                out.flush()
                time.sleep(0.2)
        except KeyboardInterrupt:
            return 0


def main(argv=None) -> int:
    if argv is None and sys.argv[1:2] == ["--probe"]:
        return probe_main(sys.argv[2], sys.argv[3])
    if argv is None and sys.argv[1:2] == ["--generate"]:
        return generate_main(sys.argv[2], sys.argv[3])
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clients", type=int, default=100, help="concurrent clients (at most 200)")
    p.add_argument("--requests", type=int, default=2, help="questions per client (at most 10)")
    p.add_argument("--max-seconds", type=float, default=1200,
                   help="the whole run stops after this (default 1200: the warm-up alone took 270-370 s on the "
                   "loaded 2-core machine); questions not asked by then are counted as skipped_at_deadline")
    p.add_argument("--json", help="also write the figures to this JSON file")
    p.add_argument("--log", help="the server's output to this file")
    p.add_argument("--timing", help="the server's timing of each request to this file (FLEEODDS_WEB_TIMING), "
                   "and where the cached exact answers' time goes in the figures")
    p.add_argument("--client", choices=("aiohttp", "httpx"), default="aiohttp",
                   help="the clients' HTTP library (default aiohttp: pip install -e '.[bench]')")
    p.add_argument("--generator-processes", type=int, default=2,
                   help="processes the clients are dealt out to (default 2, one per core of the test machine)")
    p.add_argument("--generator-nice", type=int, default=0,
                   help="niceness of the generator processes and of their session (default 0: none; on a machine "
                   "loaded by other programs a niced generator is itself delayed, which every latency counts)")
    p.add_argument("--also", action="append", default=[], metavar="CLIENT:PROCESSES:NICE",
                   help="after the clients, run them again against the same warm server with another generator "
                   "(e.g. httpx:1:0, the former one-process httpx generator); repeatable, figures under 'also'")
    p.add_argument("--threads", type=int, default=None,
                   help="the server's work queue threads with --work-processes 0 (FLEEODDS_WORK_THREADS; default 2)")
    p.add_argument("--work-processes", type=int, default=None,
                   help="the server's --work-processes (default: the server's own, 2; 0: threads only)")
    p.add_argument("--worker-nice", type=int, default=None,
                   help="the worker processes' niceness (FLEEODDS_WORKER_NICE; default: the server's own)")
    p.add_argument("--worker-session-nice", type=int, default=None,
                   help="the niceness of each worker process's session (FLEEODDS_WORKER_SESSION_NICE; Linux "
                   "autogroup; default: the server's own)")
    p.add_argument("--poll-wait", type=float, default=1.0,
                   help="seconds of long polling per job status request (0: a request every 0.3 s)")
    args = p.parse_args(argv)
    if not (1 <= args.clients <= 200 and 1 <= args.requests <= 10 and 0 < args.max_seconds <= 1800
            and 1 <= args.generator_processes <= 16 and 0 <= args.generator_nice <= 19):
        p.error("--clients 1..200, --requests 1..10, --max-seconds up to 1800, --generator-processes 1..16, "
                "--generator-nice 0..19")
    if args.client == "aiohttp":
        try:
            import aiohttp  # noqa: F401
        except ImportError:
            p.error("--client aiohttp needs aiohttp (pip install -e '.[bench]'), or use --client httpx")

    def stop(signum, frame):  # `timeout` or a kill: the server (in a session of its own) is stopped too
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    out = asyncio.run(main_async(args))
    text = json.dumps(out, indent=2, default=str)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")
    ok = (out["errors_all_phases"] == 0 and not out["requests"]["skipped_at_deadline"] and not out["exact_answers_wrong"]
          and out["exact_cached_p95_s"] < 0.5 and out["health_max_s"] < 0.2
          and out["idle_after_seconds"] < 5 and out["stop_after_sigterm_seconds"] < 5)
    print(f"targets (0 errors, exact correct, cached exact p95 < 0.5 s, health < 0.2 s, idle < 5 s, stop < 5 s): "
          f"{'met' if ok else 'NOT met'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
