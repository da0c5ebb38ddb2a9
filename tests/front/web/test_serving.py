"""Serving many players safely (issue 28): the work queue (bounded, 429 with Retry-After, cancel on
disconnect and on stop), cheap answers beside heavy work, the Host allow-list (DNS rebinding) and
Origin check, hosted mode (``--public``, ``--base-url``, ``GET /api/config``, ``--workers``), the
serve command's refusals, upload bounds, charts as plain text and the text cap, /docs offline,
kernels without a writable numba cache.

No test here is timed: "never waits" is shown by an answer given while every worker is held.
"""

from __future__ import annotations

import io
import socket
import threading
import time
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is part of the test extra")
from fastapi.testclient import TestClient  # noqa: E402

from fleeodds.web import service, work  # noqa: E402
from fleeodds.web.app import create_app  # noqa: E402
from fleeodds.web.guard import Settings  # noqa: E402

GOBLINS = "warhammer/goblins_broken_by_dwarfs.toml"
DATA = Path(__file__).resolve().parents[2] / "data" / "bsdata"
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
LOCAL = "http://127.0.0.1"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(warmup=False), raise_server_exceptions=False, base_url=LOCAL) as c:
        yield c


@pytest.fixture(scope="module")
def goblins(client):
    return client.get(f"/api/examples/{GOBLINS}").json()


def hosted_client(**kw) -> TestClient:
    settings = Settings(public=True, base_url="https://odds.example.org/", **kw)
    return TestClient(create_app(warmup=False, settings=settings), raise_server_exceptions=False,
                      base_url="https://odds.example.org")


# --------------------------------------------------------------------------- Host allow-list


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.0.2", "localhost"])
def test_loopback_hosts_are_answered(client, host):
    assert client.get("/api/health", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example:8000", "attacker.test", "odds.example.org", "10.0.0.5:8000", "",
                                  "[::1]evil.example", "127.0.0.1:80evil", "localhost evil", "127.0.0.1.evil.example"])
def test_dns_rebinding_host_is_refused(client, host):
    """A page served as evil.example, whose name was made to resolve to 127.0.0.1, asks with its own
    name in Host: refused before any route (also a POST with no Origin, as a rebinding page's own
    requests are same-origin for the browser)."""
    for r in (client.get("/api/examples", headers={"Host": host}),
              client.post("/api/evaluate", json={"scenario": {"system": "warhammer"}}, headers={"Host": host})):
        assert r.status_code == 400, r.text
        body = r.json()
        assert body["errors"][0]["path"] == "host" and "is not allowed" in body["detail"]
    fr = client.get("/api/examples", headers={"Host": host, "Accept-Language": "fr"}).json()
    assert "n'est pas admis" in fr["detail"]
    # the language as the application's own errors choose it: the best ranked one that has a catalogue
    assert "n'est pas admis" in client.get("/api/examples", headers={"Host": host, "Accept-Language": "de, fr;q=0.8"}
                                           ).json()["detail"]
    assert "is not allowed" in client.get("/api/examples", headers={"Host": host, "Accept-Language": "fr;q=0, en"}
                                          ).json()["detail"]


def test_hosted_mode_accepts_its_public_name_only():
    with hosted_client(allowed_hosts={"odds.internal"}) as c:
        assert c.get("/api/health").status_code == 200  # Host: odds.example.org
        assert c.get("/api/health", headers={"Host": "odds.internal:8000"}).status_code == 200
        assert c.get("/api/health", headers={"Host": "127.0.0.1:8000"}).status_code == 200  # the proxy's own checks
        assert c.get("/api/health", headers={"Host": "evil.example"}).status_code == 400


# --------------------------------------------------------------------------- Origin check


@pytest.mark.parametrize("headers", [{"Origin": "http://evil.example"}, {"Origin": "null"},
                                     {"Origin": "http://127.0.0.1:9999"}, {"Sec-Fetch-Site": "cross-site"}])
def test_cross_site_state_changing_requests_are_refused(client, goblins, headers):
    r = client.post("/api/evaluate", json={"scenario": goblins, "method": "exact"}, headers=headers)
    assert r.status_code == 403, r.text
    assert r.json()["errors"][0]["path"] == "origin"
    cat = (DATA / "greenskin_warband_8th.cat").read_bytes()
    up = client.post("/api/upload", files={"catalogue": ("a.cat", cat)}, headers=headers)
    assert up.status_code == 403  # a multipart POST needs no preflight: checked all the same
    assert client.post("/api/jobs/nope/cancel", headers=headers).status_code == 403


def test_same_origin_and_scripts_are_answered(client, goblins):
    body = {"scenario": goblins, "method": "exact"}
    assert client.post("/api/evaluate", json=body, headers={"Origin": LOCAL}).status_code == 200
    assert client.post("/api/evaluate", json=body, headers={"Origin": LOCAL, "Sec-Fetch-Site": "same-origin"}
                       ).status_code == 200
    assert client.post("/api/evaluate", json=body).status_code == 200  # curl, a script: no Origin
    assert client.get("/api/examples", headers={"Origin": "http://evil.example"}).status_code == 200  # a GET


def test_hosted_mode_origin_is_the_base_url():
    with hosted_client() as c:
        src = c.get(f"/api/examples/{GOBLINS}").json()
        body = {"scenario": src, "method": "exact"}
        assert c.post("/api/evaluate", json=body, headers={"Origin": "https://odds.example.org"}).status_code == 200
        assert c.post("/api/evaluate", json=body, headers={"Origin": "https://evil.example"}).status_code == 403


# --------------------------------------------------------------------------- hosted mode


def test_config_local_and_hosted(client):
    assert client.get("/api/config").json() == {"base_url": None, "public": False, "lang": "en"}
    with hosted_client(lang="fr") as c:
        assert c.get("/api/config").json() == {"base_url": "https://odds.example.org/", "public": True,
                                               "lang": "fr"}


def test_settings_reach_worker_processes(monkeypatch):
    monkeypatch.delenv(Settings.ENV, raising=False)
    s = Settings(public=True, base_url="https://odds.example.org/", allowed_hosts={"a.b"}, lang="fr")
    s.to_env()
    assert Settings.from_env() == s


# --------------------------------------------------------------------------- the serve command


@pytest.fixture
def fake_uvicorn(monkeypatch):
    """The serve command up to uvicorn's run: the config it built and the socket it bound."""
    from fleeodds.web import server

    seen: dict = {}

    def run(self, sockets=None):
        seen["config"], seen["sockets"] = self.config, sockets
        for s in sockets or ():
            s.close()

    monkeypatch.setattr(server.Server, "run", run)

    class FakeMultiprocess:
        def __init__(self, config, target, sockets):
            seen["config"], seen["sockets"], seen["multiprocess"] = config, sockets, True
            for s in sockets:
                s.close()

        def run(self):
            pass

    import uvicorn.supervisors

    monkeypatch.setattr(uvicorn.supervisors, "Multiprocess", FakeMultiprocess)
    monkeypatch.delenv(Settings.ENV, raising=False)
    return seen


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def invoke(*args):
    from click.testing import CliRunner

    from fleeodds.cli import main

    return CliRunner().invoke(main, ["serve", *args])


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.10"])
def test_non_loopback_host_needs_public(fake_uvicorn, host):
    out = invoke("--host", host, "--port", str(free_port()))
    assert out.exit_code == 2, out.output
    assert "--public" in out.output and "opens" in out.output and "no login" in out.output
    assert "serving" not in out.output and "config" not in fake_uvicorn


def test_any_127_address_is_loopback(fake_uvicorn):
    port = free_port()
    out = invoke("--host", "127.0.0.2", "--port", str(port))
    assert out.exit_code == 0, out.output
    assert "warning" not in out.output.lower() and "hosted mode" not in out.output
    assert fake_uvicorn["config"].host == "127.0.0.2"


def test_public_host_says_what_it_opens_and_sets_the_limits(fake_uvicorn):
    from fleeodds.web.server import UVICORN_LIMITS

    port = free_port()
    out = invoke("--host", "0.0.0.0", "--port", str(port), "--public", "--base-url", "https://odds.example.org",
                 "--lang", "fr")
    assert out.exit_code == 0, out.output
    assert "every network interface" in out.output and "serving" in out.output
    cfg = fake_uvicorn["config"]
    assert (cfg.host, cfg.port, cfg.workers) == ("0.0.0.0", port, 1)
    for k, v in UVICORN_LIMITS.items():
        assert getattr(cfg, k) == v, k
    assert Settings.from_env().public_config() == {"base_url": "https://odds.example.org/", "public": True,
                                                   "lang": "fr"}


def test_workers_are_uvicorns_own(fake_uvicorn):
    out = invoke("--port", str(free_port()), "--workers", "2")
    assert out.exit_code == 0, out.output
    assert fake_uvicorn.get("multiprocess") and fake_uvicorn["config"].workers == 2
    assert fake_uvicorn["config"].app == "fleeodds.web.app:create_app_from_env"


@pytest.mark.parametrize("args, fragment", [
    (["--base-url", "https://odds.example.org/"], "--public"),
    (["--public", "--base-url", "ftp://odds.example.org/"], "--base-url"),
    (["--public", "--base-url", "https://odds.example.org/?x=1"], "--base-url"),
    (["--workers", "0"], "--workers"),
])
def test_bad_hosted_options(fake_uvicorn, args, fragment):
    out = invoke("--port", str(free_port()), *args)
    assert out.exit_code == 2 and fragment in out.output and "serving" not in out.output


def test_a_second_server_on_the_same_port_does_not_say_serving(fake_uvicorn):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        out = invoke("--port", str(taken.getsockname()[1]))
    assert out.exit_code == 2
    assert "serving" not in out.output and "cannot listen" in out.output and "--port" in out.output


def test_open_says_when_no_browser_opens(fake_uvicorn, monkeypatch, capfd):
    import webbrowser

    opened = threading.Event()

    def no_browser(url):
        opened.set()
        return False

    monkeypatch.setattr(webbrowser, "open", no_browser)
    monkeypatch.setattr(threading, "Timer", lambda delay, fn: type("T", (), {"start": lambda self: fn()})())
    out = invoke("--port", str(free_port()), "--open")
    assert out.exit_code == 0 and opened.is_set()
    assert "could not open a web browser" in out.output + capfd.readouterr().err


# --------------------------------------------------------------------------- the work queue


def test_queue_full_is_429_with_retry_after_and_health_still_answers(goblins):
    q = work.WorkQueue(workers=1, waiting=1)
    hold = threading.Event()
    try:
        with TestClient(create_app(warmup=False, queue=q), raise_server_exceptions=False, base_url=LOCAL) as c:
            started = threading.Event()
            q.submit(lambda p: (started.set(), hold.wait(30)))  # the worker is busy
            assert started.wait(10)
            q.submit(lambda p: hold.wait(30))  # and the queue full
            src = dict(goblins, title="queue full")
            r = c.post("/api/view", json={"scenario": src, "method": "mc", "trials": 1000, "seed": 99})
            assert r.status_code == 429, r.text
            assert int(r.headers["Retry-After"]) >= 1 and "busy" in r.json()["detail"]
            fr = c.post("/api/jobs", json={"scenario": src, "method": "mc", "lang": "fr"},
                        headers={"Accept-Language": "fr"})
            assert fr.status_code == 429 and "occupé" in fr.json()["detail"]
            # cheap requests do not wait behind the held work
            h = c.get("/api/health").json()
            assert h["work"] == {"running": 1, "queued": 1, "workers": 1, "capacity": 2, "refused": 2, "processes": 0}
            assert c.get("/api/examples").status_code == 200
            assert c.get("/api/schema/warhammer").status_code == 200
            hold.set()
    finally:
        hold.set()
        q.close(5)


def test_retry_after_is_spread_over_half_of_it_more():
    """The clients refused together are told to come back over a few seconds, not all at once:
    ``Retry-After`` is the queue's own estimate n plus a random part of at most n/2."""
    q = work.WorkQueue()
    try:
        q._recent.extend([4.0] * 5)  # a recent mean of 4 s, one queued task, 2 workers: n = 4
        q._queued.add(object())
        n = q.retry_after()
        assert n == 4
        told = {q.retry_after(spread=True) for _ in range(200)}
        assert told <= set(range(n, n + n // 2 + 1)) and len(told) > 1
    finally:
        q._queued.clear()
        q.close()


def test_cached_exact_answer_does_not_queue(client, goblins):
    """Once an exact answer is computed, the same question is answered from the cache, even while
    every worker is held."""
    body = {"scenario": dict(goblins, title="cached"), "method": "exact"}
    first = client.post("/api/view", json=body).json()
    q = client.app.state.work
    hold = threading.Event()
    tasks = [q.submit(lambda p: hold.wait(30)) for _ in range(q.workers)]
    try:
        again = client.post("/api/view", json=body)
        assert again.status_code == 200 and again.json()["chart_svg"] == first["chart_svg"]
        assert client.post("/api/evaluate", json=body).status_code == 200
        st = client.post("/api/jobs?wait=0", json=body).json()  # the page's way: done at once, not queued
        assert st["state"] == "done" and st["result"]["chart_svg"] == first["chart_svg"]
        assert all(not t.done.is_set() for t in tasks)  # still held: the answers did not go through them
    finally:
        hold.set()


def test_the_same_bytes_again_are_answered_before_the_framework(client, goblins, monkeypatch):
    """A question asked again with the same bytes (path, query, body) is answered from the caches
    before FastAPI reads it (no validation), with the same answer; other bytes of the same question,
    an expired result, and the Host and Origin checks still go the usual way."""
    import json

    from fleeodds.web import app as app_module

    raw = client.app.state.raw_answers
    body = json.dumps({"scenario": dict(goblins, title="bytes again"), "method": "exact"}).encode()
    headers = {"content-type": "application/json"}
    first = client.post("/api/evaluate", content=body, headers=headers)
    view = client.post("/api/jobs?wait=2", content=body, headers=headers).json()
    for _ in range(100):  # the page's way: its view drawn
        if view["state"] != "running":
            break
        view = client.get(f"/api/jobs/{view['id']}?wait=1").json()
    assert first.status_code == 200 and view["state"] == "done"
    client.post("/api/jobs?wait=2", content=body, headers=headers)  # remembered once its view is cached

    def no_validation(*a, **k):
        raise AssertionError("validated again")

    monkeypatch.setattr(app_module.EvaluateRequest, "model_validate", no_validation)
    seen = raw.answered
    again = client.post("/api/evaluate", content=body, headers=headers)
    assert again.status_code == 200 and again.content == first.content
    job = client.post("/api/jobs?wait=2", content=body, headers=headers)
    assert job.status_code == 200 and job.json()["state"] == "done"
    assert job.json()["result"] == view["result"] and job.json()["id"] != view["id"]
    assert client.get(f"/api/jobs/{job.json()['id']}").json()["state"] == "done"  # a real job, as before
    assert raw.answered == seen + 2
    # the checks come first: another site's page, another Host are refused as before
    assert client.post("/api/evaluate", content=body, headers={**headers, "Origin": "http://evil.example"}
                       ).status_code == 403
    assert client.post("/api/evaluate", content=body, headers={**headers, "Host": "evil.example"}
                       ).status_code == 400
    monkeypatch.undo()
    # other bytes of the same question: the usual way, the same answer
    spaced = client.post("/api/evaluate", content=body.replace(b", ", b",  "), headers=headers)
    assert spaced.status_code == 200 and spaced.json() == first.json() and raw.answered == seen + 2
    # the same body under another type is another request: the application answers it as before
    typed = client.post("/api/evaluate", content=body, headers={"content-type": "text/plain"})
    assert raw.answered == seen + 2 and typed.content != first.content
    # a result gone from the cache is not answered from the bytes: computed again, the same answer
    with service._CACHE_LOCK:
        service._CACHE.clear()
    assert client.post("/api/evaluate", content=body, headers=headers).json() == first.json()
    assert raw.answered == seen + 2


def test_a_question_not_answered_yet_does_not_hop_to_a_thread(client, goblins, monkeypatch):
    """A new question (a Monte Carlo job with a new seed) learns that its view is not cached by a
    look-up: the thread that builds a view from cached parts is used only when they are cached."""
    built = []
    real = service.view_if_cached

    def spy(key, lang, compute=True):
        if compute:
            built.append(key)
        return real(key, lang, compute)

    monkeypatch.setattr(service, "view_if_cached", spy)
    for path in ("/api/jobs?wait=0", "/api/view"):
        r = client.post(path, json={"scenario": dict(goblins, title="no hop"), "method": "mc", "trials": 1000,
                                    "seed": 99 if "jobs" in path else 98})
        assert r.status_code == 200, r.text
    assert built == []


def test_a_known_scenario_is_read_once(client, goblins, monkeypatch):
    """Monte Carlo questions on the same scenario with new seeds (never the same answer) read the
    scenario once: later ones are checked on the event loop, not on the thread pool."""
    reads = []
    real = service.load

    def counted(data):
        if not threading.current_thread().name.startswith("fleeodds-work"):  # a run reads it in its worker
            reads.append(1)
        return real(data)

    monkeypatch.setattr(service, "load", counted)
    src = dict(goblins, title="read once")
    for seed in (1, 2):
        r = client.post("/api/evaluate", json={"scenario": src, "method": "mc", "trials": 1000, "seed": seed})
        assert r.status_code == 200, r.text
        assert r.json()["manifest"]["seed"] == seed
    st = client.post("/api/jobs?wait=2", json={"scenario": src, "method": "mc", "trials": 1000, "seed": 3}).json()
    assert st["state"] in ("running", "done")
    assert len(reads) == 1
    # a bad question on a known scenario is still refused, naming its field
    bad = client.post("/api/evaluate", json={"scenario": src, "method": "mc", "trials": 0, "seed": 4})
    assert bad.status_code == 422 and bad.json()["errors"][0]["path"] == "trials"


def test_the_quick_work_pool_is_small(client):
    """The thread pool of quick work is capped (anyio's 40 threads would keep the event loop
    waiting for the interpreter lock)."""
    import anyio

    from fleeodds.web.app import CHEAP_THREADS

    async def tokens():
        return anyio.to_thread.current_default_thread_limiter().total_tokens

    assert client.portal.call(tokens) == CHEAP_THREADS


def test_disconnected_client_cancels_its_work():
    import asyncio

    q = work.WorkQueue(workers=1, waiting=4)
    started, seen_cancel = threading.Event(), threading.Event()

    def long_run(progress):
        started.set()
        while not progress.cancel.wait(0.01):
            pass
        seen_cancel.set()
        raise service.Cancelled()

    async def gone():
        return started.is_set()

    with pytest.raises(work.ClientGone):
        asyncio.run(q.run(long_run, 1, gone, poll=0.05))
    assert seen_cancel.wait(10)
    # a request that waited in the queue and went away leaves it at once
    hold = threading.Event()
    q.submit(lambda p: hold.wait(30))

    async def at_once():
        return True

    with pytest.raises(work.ClientGone):
        asyncio.run(q.run(lambda p: pytest.fail("must not run"), 1, at_once, poll=0.05))
    assert q.queued() == 0
    hold.set()
    q.close(5)


def test_close_cancels_running_and_refuses_new_work():
    q = work.WorkQueue(workers=1, waiting=2)
    started = threading.Event()

    def long_run(progress):
        started.set()
        while True:
            progress.check()
            time.sleep(0.01)

    running = q.submit(long_run)
    waiting = q.submit(lambda p: pytest.fail("must not run"))
    assert started.wait(10)
    q.close(10)
    assert running.done.is_set() and waiting.done.is_set()
    for t in (running, waiting):
        with pytest.raises(work.Busy) as exc:
            q.outcome(t)
        assert exc.value.status == 503
    with pytest.raises(work.Busy):
        q.submit(lambda p: None)


def test_a_run_over_its_time_is_cancelled(monkeypatch):
    monkeypatch.setattr(work, "MAX_SECONDS", 0.3)
    q = work.WorkQueue(workers=1, waiting=1)

    def endless(progress):
        while True:
            progress.check()
            time.sleep(0.01)

    t = q.submit(endless)
    assert t.done.wait(10)
    with pytest.raises(work.Busy) as exc:
        q.outcome(t)
    assert exc.value.status == 503 and "longer than" in exc.value.reason
    q.close(5)


@pytest.mark.slow
def test_http_disconnect_cancels_a_monte_carlo_run(goblins, monkeypatch):
    """A real server: a client asks for a run of minutes and closes its connection; the run stops
    (the queue is idle again) without anyone cancelling it."""
    import uvicorn

    monkeypatch.setattr(service, "MAX_TRIALS", 2_000_000_000)
    app = create_app(warmup=False)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=server.run, daemon=True)
    th.start()
    try:
        for _ in range(200):
            if server.started:
                break
            time.sleep(0.05)
        import json

        body = json.dumps({"scenario": dict(goblins, title="gone"), "method": "mc",
                           "trials": service.MAX_TRIALS}).encode()
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(b"POST /api/view HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
            for _ in range(600):
                if app.state.work.running():
                    break
                time.sleep(0.05)
            assert app.state.work.running() == 1
        for _ in range(600):  # the client has gone: its run is cancelled at its next chunk
            if app.state.work.idle():
                break
            time.sleep(0.05)
        assert app.state.work.idle()
    finally:
        server.should_exit = True
        th.join(30)


# --------------------------------------------------------------------------- charts, titles, texts


@pytest.mark.parametrize("title", ["$x^$", r"$\frac{1}{$", "Orcs $$ 100% ^_^ \\ {braces}"])
def test_mathtext_titles_are_plain_text(client, goblins, title):
    r = client.post("/api/view", json={"scenario": dict(goblins, title=title), "method": "exact"})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["chart_svg"].startswith("<svg")
    from xml.sax.saxutils import escape

    assert escape(title) in got["chart_svg"]  # drawn as written (svg.fonttype none keeps the text)


def test_long_title_and_lone_surrogate_are_refused(client, goblins):
    for endpoint in ("/api/view", "/api/evaluate", "/api/jobs"):
        r = client.post(endpoint, json={"scenario": dict(goblins, title="x" * 100_000), "method": "exact"})
        assert r.status_code == 422, (endpoint, r.text)
        assert r.json()["errors"][0]["path"] == "scenario.title"
        assert "100,000 characters" in r.json()["detail"]
    r = client.post("/api/view", content=b'{"scenario": {"system": "warhammer", "title": "\\ud800"}}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 422 and "surrogate" in r.json()["detail"]
    r = client.post("/api/compare", json={"scenario": goblins, "method": "exact",
                                          "setups": {"L" * 500: {"fleeing.leadership": 7}}})
    assert r.status_code == 422 and r.json()["detail"].startswith("setups.L") and "500 characters" in r.text
    r = client.post("/api/sweep", json={"scenario": goblins, "vary": {"combat.margin": "1..2"}, "method": "exact",
                                        "labels": {"combat.margin": "m" * 300}})
    assert r.status_code == 422 and r.json()["errors"][0]["path"] == "labels.combat.margin"


def test_evaluate_of_a_comparison_draws_no_chart(client, monkeypatch):
    src = client.get("/api/examples/warhammer/leadership_by_edition.toml").json()

    def no_drawing(*a, **k):
        raise AssertionError("a chart was drawn for /api/evaluate")

    monkeypatch.setattr(service, "chart_bytes", no_drawing)
    r = client.post("/api/evaluate", json={"scenario": dict(src, title="no chart"), "method": "exact"})
    assert r.status_code == 200, r.text
    assert "manifests" in r.json()


def test_charts_are_cached_by_content(client, goblins, monkeypatch):
    from fleeodds.report import charts

    calls = []
    real = charts.outcome_chart
    monkeypatch.setattr(charts, "outcome_chart", lambda *a, **k: calls.append(1) or real(*a, **k))
    body = {"scenario": dict(goblins, title="chart cache"), "method": "exact"}
    first = client.post("/api/view", json=body).json()
    client.post("/api/view", json=body)
    assert len(calls) == 1
    svg = client.get(f"/api/results/{first['id']}.svg")
    assert svg.status_code == 200 and len(calls) == 1  # the download is the chart already drawn
    client.get(f"/api/results/{first['id']}.png")
    assert len(calls) == 2  # another format: drawn once
    client.get(f"/api/results/{first['id']}.png")
    assert len(calls) == 2


def test_no_temporary_folder_is_made(client, goblins, tmp_path, monkeypatch):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    client.post("/api/view", json={"scenario": dict(goblins, title="no temp"), "method": "exact"})
    client.post("/api/sweep", json={"scenario": goblins, "vary": {"combat.margin": "1..2"}, "method": "exact",
                                    "labels": {"combat.margin": "no temp"}})
    assert list(tmp_path.iterdir()) == []
    assert not service._EMPTY_DIR.exists()


# --------------------------------------------------------------------------- uploads


def zipped(name: str, data: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(name, data)
    return buf.getvalue()


def test_catz_bomb_is_refused_quickly(client):
    """64 KB zipped, 63 MiB of empty elements unzipped: refused by the bounds, before parsing."""
    bomb = zipped("bomb.cat", b"<catalogue>" + b"<a/>" * (63 * 2**18) + b"</catalogue>")
    assert len(bomb) < 100_000
    r = client.post("/api/upload", files={"catalogue": ("bomb.catz", bomb)})
    assert r.status_code == 422, r.text
    assert r.json()["errors"][0]["path"] == "catalogue" and "once unzipped" in r.json()["detail"]


def test_catalogue_bounds_elements_and_size():
    from fleeodds.errors import InputError
    from fleeodds.importers.catalogue_bounds import check_catalogue_bounds

    many = b"<catalogue>" + b"<a/>" * 2000 + b"</catalogue>"
    assert check_catalogue_bounds(many) == 2001
    with pytest.raises(InputError, match="more than 1,000 XML elements"):
        check_catalogue_bounds(many, max_elements=1000)
    with pytest.raises(InputError, match="MiB of XML"):
        check_catalogue_bounds(zipped("x.cat", b"<c>" + b" " * (2 * 2**20) + b"</c>"), max_xml_bytes=2**20)
    with pytest.raises(InputError, match="DTD"):
        check_catalogue_bounds(b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><catalogue/>')
    with pytest.raises(InputError, match="exactly one"):
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            z.writestr("a.cat", "<a/>")
            z.writestr("b.cat", "<b/>")
        check_catalogue_bounds(buf.getvalue())
    assert check_catalogue_bounds(b"not xml") == 0  # the reader's own message comes later
    real = (DATA / "greenskin_warband_8th.cat").read_bytes()
    assert check_catalogue_bounds(real) > 10 and check_catalogue_bounds(zipped("g.cat", real)) > 10


def test_upload_within_bounds_still_reads(client):
    cat = (DATA / "greenskin_warband_8th.cat").read_bytes()
    gst = (DATA / "made_up_8th.gst").read_bytes()
    r = client.post("/api/upload", files={"catalogue": ("g.catz", zipped("g.cat", cat)),
                                          "game_system": ("m.gst", gst)})
    assert r.status_code == 200, r.text
    assert any(p["name"] == "Cave Goblins" for p in r.json()["profiles"])


# --------------------------------------------------------------------------- /docs offline


def test_docs_page_and_its_assets_are_local(client):
    import re

    page = client.get("/docs")
    assert page.status_code == 200
    refs = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)["']""", page.text)
    assert refs and all(not x.startswith(("http:", "https:", "//")) for x in refs), refs
    assert "cdn" not in page.text.lower()
    for ref in refs:
        assert client.get(ref).status_code == 200, ref


# --------------------------------------------------------------------------- kernels without a disk cache


def test_kernels_compile_in_memory_without_a_writable_cache(monkeypatch):
    """numba without any writable cache location (``no locator available``) and with a full disk
    (``OSError`` on saving): a ``cache=True`` kernel still compiles and runs, and the state says why."""
    import errno

    from numba import njit
    from numba.core import caching

    from fleeodds.web import kernel_cache

    kernel_cache.keep_kernels_working()
    monkeypatch.setitem(kernel_cache.STATE, "disk", True)
    monkeypatch.setitem(kernel_cache.STATE, "reason", "")

    def no_locator(self, py_func):
        raise RuntimeError("cannot cache function 'f': no locator available for file 'f.py'")

    monkeypatch.setattr(caching.FunctionCache, "__init__", no_locator)

    @njit(cache=True)
    def add_one(x):
        return x + 1

    assert add_one(41) == 42
    assert kernel_cache.status()["disk"] is False and "no writable cache" in kernel_cache.status()["reason"]
    monkeypatch.undo()

    kernel_cache.STATE.update(disk=True, reason="")

    def full_disk(self, sig, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(caching.Cache, "_save_overload", full_disk)

    @njit(cache=True)
    def add_two(x):
        return x + 2

    assert add_two(40) == 42
    assert "No space left on device" in kernel_cache.status()["reason"]
    kernel_cache.STATE.update(disk=True, reason="")


# --------------------------------------------------------------------------- worker processes


@pytest.mark.slow
def test_worker_processes_answer_cancel_and_stop(goblins, monkeypatch):
    """``--work-processes 1``: the heavy work runs in a child process; its counts are those of the
    same question computed here (same seed, same counts), a bad input is the same 422, a job's
    progress comes back and a cancel stops it, the process runs at the niceness ``procs.NICE``, and
    closing the queue leaves no process behind."""
    import os

    from fleeodds.web import procs

    q = work.WorkQueue(processes=1)
    try:
        with TestClient(create_app(warmup=False, queue=q), raise_server_exceptions=False, base_url=LOCAL) as c:
            body = {"scenario": dict(goblins, title="in a worker"), "method": "both", "trials": 50_000, "seed": 4}
            got = c.post("/api/view", json=body)
            assert got.status_code == 200, got.text
            assert q.processes_alive() == 1
            here = procs.Remote("view", body["scenario"], "both", 50_000, None, 4, "en")(service.Progress())[2]

            def counts(view):
                return [(r["outcome"], r.get("count")) for r in view["result"]["outcomes"]]

            assert counts(got.json()) == counts(here)
            caught = next(r for r in got.json()["wide"] if r["outcome"] == "caught")
            assert caught["fraction"] == "7931/15552"
            again = c.post("/api/view", json=body)  # the cached answer: from this process's caches
            assert again.json()["chart_svg"] == got.json()["chart_svg"]
            bad = c.post("/api/evaluate", json={"scenario": dict(goblins, combat={"margin": -1}), "method": "mc",
                                                "trials": 1000, "lang": "fr"})
            # validated here before any work is queued; the same message a worker would give
            assert bad.status_code == 422 and bad.json()["errors"][0]["path"] == "combat.margin"
            monkeypatch.setattr(service, "MAX_TRIALS", 2_000_000_000)  # checked here: the run lasts minutes
            st = c.post("/api/jobs?wait=0", json={"scenario": dict(goblins, title="long in a worker"), "method": "mc",
                                                  "trials": 2_000_000_000, "seed": 8}).json()
            for _ in range(1200):
                st = c.get(f"/api/jobs/{st['id']}").json()
                if st["done"]:
                    break
                time.sleep(0.05)
            assert st["state"] == "running" and 0 < st["done"] < st["total"] == 2_000_000_000
            pid = q._slots[0].proc.pid
            # the heavy work yields the cores to the serving process (niceness is capped at 19)
            assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + procs.NICE)
            assert os.getsid(pid) == pid != os.getsid(0)  # a session of its own (autogroup scheduling)
            c.post(f"/api/jobs/{st['id']}/cancel")
            end = c.get(f"/api/jobs/{st['id']}?wait=10").json()
            assert end["state"] == "cancelled" and "result" not in end
            assert q._slots[0].proc is not None and q._slots[0].proc.pid == pid  # it stopped by itself
    finally:
        q.close(5)
    assert q.processes_alive() == 0
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_timing_lines_when_asked(tmp_path, monkeypatch):
    """``FLEEODDS_WEB_TIMING=FILE`` (the load test's ``--timing``): one line per request with its
    start, first byte and end on the machine's monotonic clock, its status, method, path and the
    client's ``X-Load-Id``; nothing is written without it."""
    out = tmp_path / "timing.txt"
    monkeypatch.setenv("FLEEODDS_WEB_TIMING", str(out))
    before = time.monotonic()
    with TestClient(create_app(warmup=False), base_url=LOCAL) as c:
        assert c.get("/api/health", headers={"X-Load-Id": "g0-7"}).status_code == 200
        assert c.get("/api/nothing-here").status_code == 404
    after = time.monotonic()
    lines = [line.split() for line in out.read_text().splitlines() if not line.startswith("lag ")]
    assert [line[3:] for line in lines] == [["200", "GET", "/api/health", "g0-7"], ["404", "GET", "/api/nothing-here", "-"]]
    for line in lines:
        start, first, end = map(float, line[:3])
        assert before <= start <= first <= end <= after
    monkeypatch.delenv("FLEEODDS_WEB_TIMING")
    assert not any(m.cls.__name__ == "Timing" for m in create_app(warmup=False).user_middleware)


@pytest.mark.slow
def test_worker_session_niceness_is_written_where_autogroup_exists():
    """``FLEEODDS_WORKER_SESSION_NICE``: a worker's own session gets the niceness (Linux autogroup,
    ``/proc/PID/autogroup``), in a process of its own session here (never the test runner's); where
    there is no autogroup the call says it could not."""
    import os
    import subprocess
    import sys

    code = ("import os; os.setsid(); from fleeodds.web.procs import set_session_nice; ok = set_session_nice(5); "
            "p = f'/proc/{os.getpid()}/autogroup'; "
            "print(ok, open(p).read().split()[-1] if os.path.exists(p) else 'none')")
    src = str(Path(__file__).resolve().parents[3] / "src")  # this checkout's package
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": src})
    ok, nice = out.stdout.split()
    assert (ok, nice) == (("True", "5") if nice != "none" else ("False", "none")), out.stderr


def test_a_worker_processs_error_reads_in_the_readers_language():
    """A bad input found in a worker process comes back rendered in every language of the catalogues
    (``procs.RemoteError``), and the parent shows the reader's."""
    import pickle

    from fleeodds.language import use_lang
    from fleeodds.web.procs import RemoteError

    err = pickle.loads(pickle.dumps(RemoteError({"en": "x: 1 is not allowed", "fr": "x: 1 n'est pas admis"})))
    assert str(err) == "x: 1 is not allowed"
    with use_lang("fr"):
        assert err.message() == "x: 1 n'est pas admis"
    with use_lang("en"):
        assert err.message() == "x: 1 is not allowed"
