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

A client refused with 429 waits the ``Retry-After`` it was given and tries once more. Meanwhile a
prober asks ``GET /api/health`` every 0.2 s. Then it measures how long the server takes to be idle
(no queued or running work) after the clients leave, starts a few long runs and sends SIGTERM,
and measures how long the process takes to exit. Every exact answer is compared with the
command line's JSON (``fleeodds run NAME --exact --format json``) computed in this process afterwards.

Bounded: at most 200 clients and 10 requests each, a request times out after 120 s, the whole
run stops after ``--max-seconds`` (default 600) and the server is always stopped (SIGKILL if it
does not stop by itself within 30 s).

The server runs with ``--work-processes`` (default: the server's default, 2). The server and the
health prober are started in sessions of their own, as a server and a player's browser are: with
Linux's autogroup scheduling, the load generator's busy event loop then does not spend their turn.

Run:  python benchmarks/web_load.py [--clients 100] [--requests 2] [--work-processes 2] [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
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


async def main_async(args) -> dict:
    import httpx

    port = free_port()
    base = f"http://{HOST}:{port}"
    # the server's own temporary folder (other programs on a shared machine write to the common one)
    tmp = Path(tempfile.mkdtemp(prefix="web-load-"))
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""),
               TMPDIR=str(tmp))
    if args.worker_nice is not None:
        env["FLEEODDS_WORKER_NICE"] = str(args.worker_nice)
    if args.threads:
        env["FLEEODDS_WORK_THREADS"] = str(args.threads)
        out_threads = args.threads
    else:
        out_threads = None
    log = open(args.log, "w") if args.log else subprocess.DEVNULL
    cmd = [sys.executable, "-m", "fleeodds.cli", "serve", "--host", HOST, "--port", str(port)]
    if args.work_processes is not None:
        cmd += ["--work-processes", str(args.work_processes)]
    # a session of its own, as a server started from its own terminal or by a service manager: on Linux
    # with autogroup scheduling the load generator's busy event loop then does not share the server's
    # share of the CPU (their competition inside one session is an artefact of running both here)
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=log, start_new_session=True)
    out: dict = {"clients": args.clients, "requests_per_client": args.requests, "work_threads": out_threads,
                 "work_processes": args.work_processes, "worker_nice": args.worker_nice, "poll_wait": args.poll_wait,
                 "load_before": os.getloadavg()}
    deadline = time.monotonic() + args.max_seconds
    helpers: list[subprocess.Popen] = []  # the prober: always stopped
    try:
        limits = httpx.Limits(max_connections=args.clients + 20, max_keepalive_connections=args.clients + 20)
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
            first: dict[str, dict] = {}
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

            lat: dict[str, list[float]] = {"exact_cached": [], "mc": [], "health": []}
            counts = {"ok": 0, "429": 0, "errors": 0, "retried_ok": 0}
            errors: list[str] = []
            exact_answers: list[tuple[str, dict]] = []
            stop_probe = asyncio.Event()

            # the prober runs in a process of its own: its times are the server's, not those of this
            # process's event loop, busy with 100 clients
            probe_out = tmp.parent / f"{tmp.name}-probe.txt"
            # and in a session of its own: with autogroup scheduling it does not wait for this
            # process's turn (a player's browser is not the load generator)
            prober_proc = subprocess.Popen([sys.executable, __file__, "--probe", base, str(probe_out)],
                                           start_new_session=True)
            helpers.append(prober_proc)

            async def probe():
                await stop_probe.wait()
                prober_proc.send_signal(signal.SIGINT)
                await asyncio.to_thread(prober_proc.wait, 30)
                for line in probe_out.read_text().splitlines():
                    status, seconds = line.split()
                    if status == "200":
                        lat["health"].append(float(seconds))
                    else:
                        errors.append(f"health {status}")
                probe_out.unlink()

            async def job(body: dict) -> tuple[int, dict | None, float]:
                t = time.monotonic()
                r = await http.post("/api/jobs?wait=2", json=body)
                if r.status_code != 200:
                    return r.status_code, r, time.monotonic() - t
                st = r.json()
                while st["state"] == "running":
                    if args.poll_wait:
                        st = (await http.get(f"/api/jobs/{st['id']}", params={"wait": args.poll_wait})).json()
                        continue
                    await asyncio.sleep(0.3)
                    st = (await http.get(f"/api/jobs/{st['id']}")).json()
                if st["state"] != "done":
                    return 599, st, time.monotonic() - t
                return 200, st["result"], time.monotonic() - t

            async def one(kind: str, name: str, way: str, seed: int):
                src = sources[name]
                if kind == "exact":
                    body = {"scenario": src, "method": "exact"}
                else:
                    body = {"scenario": src, "method": "mc", "trials": 1_000_000, "seed": seed}
                for attempt in (0, 1):
                    t = time.monotonic()
                    if way == "job":
                        status, got, dt = await job(body)
                    else:
                        r = await http.post("/api/evaluate", json=body)
                        status, got, dt = r.status_code, r, time.monotonic() - t
                    if status == 429:
                        counts["429"] += 1
                        if attempt == 0:
                            await asyncio.sleep(min(float(got.headers.get("Retry-After", "1")), 10.0))
                            continue
                        return
                    if status != 200:
                        text = got.text[:200] if hasattr(got, "text") else str(got)[:200]
                        errors.append(f"{kind} {way} {name}: {status} {text}")
                        counts["errors"] += 1
                        return
                    counts["ok"] += 1
                    counts["retried_ok"] += attempt
                    lat["exact_cached" if kind == "exact" else "mc"].append(dt)
                    if kind == "exact" and way == "api":
                        # parsed at the end: 100 KB of JSON parsed here would hold this process's
                        # event loop, and the other clients' times with it
                        exact_answers.append((name, got.content))
                    return

            async def client(i: int):
                rng = random.Random(i)
                for k in range(args.requests):
                    if time.monotonic() > deadline:
                        return
                    kind = "mc" if (i + k) % 2 else "exact"
                    names = exact_names if kind == "exact" else list(sources)
                    name = names[(i * args.requests + k) % len(names)]
                    way = "job" if rng.random() < 0.5 else "api"
                    try:
                        await one(kind, name, way, seed=1000 + i * 10 + k)
                    except httpx.HTTPError as exc:
                        errors.append(f"{kind} {way} {name}: {type(exc).__name__}")
                        counts["errors"] += 1

            prober = asyncio.create_task(probe())
            out["load_during"] = os.getloadavg()
            t0 = time.monotonic()
            await asyncio.gather(*(client(i) for i in range(args.clients)))
            out["clients_seconds"] = round(time.monotonic() - t0, 1)
            left = time.monotonic()
            while True:  # idle: no queued nor running work
                w = (await http.get("/api/health")).json()["work"]
                if w["running"] == 0 and w["queued"] == 0:
                    break
                if time.monotonic() - left > 120:
                    break
                await asyncio.sleep(0.1)
            out["idle_after_seconds"] = round(time.monotonic() - left, 2)
            stop_probe.set()
            await prober
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
    out.update({
        "requests": counts, "errors": errors[:20], "exact_answers_checked": len(first) + len(exact_answers),
        "exact_answers_wrong": wrong,
        "exact_cached_p50_s": round(pct(lat["exact_cached"], 0.5), 3),
        "exact_cached_p95_s": round(pct(lat["exact_cached"], 0.95), 3),
        "exact_cached_n": len(lat["exact_cached"]),
        "mc_p50_s": round(pct(lat["mc"], 0.5), 2), "mc_p95_s": round(pct(lat["mc"], 0.95), 2), "mc_n": len(lat["mc"]),
        "health_p95_s": round(pct(lat["health"], 0.95), 3), "health_max_s": round(max(lat["health"] or [0]), 3),
        "health_n": len(lat["health"]),
        "temporary_files_left": left_files,
    })
    return out


def probe_main(base: str, out_path: str) -> int:
    """The health prober (its own process): ``GET /api/health`` every 0.2 s until SIGINT, one line
    ``status seconds`` per request in ``out_path``."""
    import httpx

    with open(out_path, "w") as out, httpx.Client(base_url=base, timeout=60) as http:
        try:
            while True:
                t = time.monotonic()
                try:
                    status = http.get("/api/health").status_code
                except httpx.HTTPError as exc:
                    status = type(exc).__name__
                out.write(f"{status} {time.monotonic() - t:.4f}\n")
                out.flush()
                time.sleep(0.2)
        except KeyboardInterrupt:
            return 0


def main(argv=None) -> int:
    if argv is None and sys.argv[1:2] == ["--probe"]:
        return probe_main(sys.argv[2], sys.argv[3])
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clients", type=int, default=100, help="concurrent clients (at most 200)")
    p.add_argument("--requests", type=int, default=2, help="questions per client (at most 10)")
    p.add_argument("--max-seconds", type=float, default=600, help="the whole run stops after this")
    p.add_argument("--json", help="also write the figures to this JSON file")
    p.add_argument("--log", help="the server's output to this file")
    p.add_argument("--threads", type=int, default=None,
                   help="the server's work queue threads with --work-processes 0 (FLEEODDS_WORK_THREADS; default 2)")
    p.add_argument("--work-processes", type=int, default=None,
                   help="the server's --work-processes (default: the server's own, 2; 0: threads only)")
    p.add_argument("--worker-nice", type=int, default=None,
                   help="the worker processes' niceness (FLEEODDS_WORKER_NICE; default: the server's own)")
    p.add_argument("--poll-wait", type=float, default=1.0,
                   help="seconds of long polling per job status request (0: a request every 0.3 s)")
    args = p.parse_args(argv)
    if not (1 <= args.clients <= 200 and 1 <= args.requests <= 10 and 0 < args.max_seconds <= 1800):
        p.error("--clients 1..200, --requests 1..10, --max-seconds up to 1800")
    def stop(signum, frame):  # `timeout` or a kill: the server (in a session of its own) is stopped too
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    out = asyncio.run(main_async(args))
    text = json.dumps(out, indent=2, default=str)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")
    ok = (out["requests"]["errors"] == 0 and not out["exact_answers_wrong"]
          and out["exact_cached_p95_s"] < 0.5 and out["health_max_s"] < 0.2
          and out["idle_after_seconds"] < 5 and out["stop_after_sigterm_seconds"] < 5)
    print(f"targets (0 errors, exact correct, cached exact p95 < 0.5 s, health < 0.2 s, idle < 5 s, stop < 5 s): "
          f"{'met' if ok else 'NOT met'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
