"""The web page's JSON API (FastAPI's TestClient): every endpoint with good and bad input.

Probabilities asserted here come from hand enumerations with ``fractions.Fraction``
written in this file (2D6 Break tests, 2D6 flee against 2D6 pursuit), not from the solver.
"""

from __future__ import annotations

import json
import re
import time
import tomllib
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is part of the test extra")
from fastapi.testclient import TestClient  # noqa: E402

import fleeodds  # noqa: E402
from fleeodds.system import get_system, system_keys  # noqa: E402
from fleeodds.web import jobs as jobs_mod  # noqa: E402
from fleeodds.web import service  # noqa: E402
from fleeodds.web.app import create_app  # noqa: E402
from fleeodds.language import use_lang  # noqa: E402
from tests.lang_helpers import schema_in  # noqa: E402


GOBLINS = "warhammer/goblins_broken_by_dwarfs.toml"
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
DATA = Path(__file__).resolve().parents[2] / "data" / "bsdata"
TWO_D6 = [a + b for a, b in product(range(1, 7), repeat=2)]


def p_2d6_at_most(k: int) -> Fraction:
    return Fraction(sum(1 for s in TWO_D6 if s <= k), 36)


def p_pursuit_catches() -> Fraction:
    """2D6 pursuit >= 2D6 flee (7th edition: a tie catches)."""
    return Fraction(sum(1 for f, p in product(TWO_D6, TWO_D6) if p >= f), 36 * 36)


def goblins_caught(leadership: int = 5, margin: int = 2) -> Fraction:
    """Night Goblins (Ld 5) lose by ``margin``: they flee on a Break test 2D6 > Ld - margin, then are caught."""
    return (1 - p_2d6_at_most(leadership - margin)) * p_pursuit_catches()


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(warmup=False), raise_server_exceptions=False, base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture(scope="module")
def goblins(client):
    return client.get(f"/api/examples/{GOBLINS}").json()


def assert_error(r, status, path, fragment=""):
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"detail", "errors"}
    assert "Traceback" not in r.text
    paths = [e["path"] for e in body["errors"]]
    assert path in paths, body
    if fragment:
        assert fragment in body["detail"], body["detail"]
    return body


# --------------------------------------------------------------------------- the hand values themselves


def test_hand_values():
    assert p_2d6_at_most(3) == Fraction(1, 12)
    assert goblins_caught() == Fraction(7931, 15552)


# --------------------------------------------------------------------------- systems, schema, examples


def test_systems_lists_every_system(client):
    got = client.get("/api/systems").json()
    assert [s["key"] for s in got] == system_keys()
    fr = client.get("/api/systems?lang=fr").json()
    for s, f in zip(got, fr):
        assert s["label"] == get_system(s["key"]).title
        assert f["label"] == get_system(s["key"]).label().render("fr")
    assert [f["label"] for f in fr if f["key"] == "warhammer"] == ["Warhammer Battle / The Old World"]
    assert client.get("/api/systems?lang=de").status_code == 422


@pytest.mark.parametrize("key", system_keys())
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_schema_is_the_systems_own(client, key, lang):
    """The system's own schema, with the names of its values (``value_labels``) beside each enum
    (and beside a text field with known values, ``x-value-labels``)."""
    r = client.get(f"/api/schema/{key}?lang={lang}")
    assert r.status_code == 200
    got = r.json()
    own = json.loads(json.dumps(schema_in(lang, get_system(key))))

    def strip(node, added):
        if isinstance(node, dict):
            if "x-enum-labels" in node:
                added.append((node["enum"], node["x-enum-labels"]))
            return {k: strip(v, added) for k, v in node.items() if k not in ("x-enum-labels", "x-value-labels")}
        if isinstance(node, list):
            return [strip(v, added) for v in node]
        return node

    added: list = []
    assert strip(got, added) == strip(own, [])
    for enum, names in added:  # a name for some values of the enum, each a non-empty text
        assert set(names) <= {str(v) for v in enum} and all(isinstance(x, str) and x for x in names.values())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_schema_names_the_values_of_enums(client, lang):
    """The form shows "7th edition" / "7e édition" for the code "7th" (Warhammer's value_labels),
    each alias under the same name, and nothing changes in the values themselves."""
    from fleeodds.outcomes import as_message
    from fleeodds.systems.warhammer import outcomes

    props = client.get(f"/api/schema/warhammer?lang={lang}").json()["properties"]
    edition = props["edition"]
    names = edition["x-enum-labels"] if "enum" in edition else None
    if names is None:  # edition is a text field with examples: its names are where its enum is
        names = next(b["x-enum-labels"] for b in edition.get("anyOf", []) if "x-enum-labels" in b)
    i = lang == "fr"
    for code, label in outcomes.EDITION_LABELS.items():
        if code in names:
            assert names[code] == as_message(label).render(lang)
    assert names["7th"] == ("7e édition" if i else "7th edition")
    situation = props["situation"]
    assert situation["x-enum-labels"]["break"] == ("Test de moral après un combat perdu" if i
                                                   else "Break test after a lost combat")


def test_schema_bad(client):
    assert_error(client.get("/api/schema/chess"), 422, "system", "'chess' is not allowed")
    assert client.get("/api/schema/warhammer?lang=de").status_code == 422


def test_examples(client):
    got = client.get("/api/examples").json()
    names = [e["name"] for e in got]
    assert names == [p.relative_to(fleeodds.api.example_dir()).as_posix() for p in fleeodds.list_examples()]
    assert GOBLINS in names
    src = client.get(f"/api/examples/{GOBLINS}").json()
    assert src["system"] == "warhammer" and src["combat"] == {"margin": 2}


@pytest.mark.parametrize("name", ["../../pyproject.toml", "/etc/passwd", "warhammer/nope.toml", "%2e%2e/x"])
def test_example_names_only_from_the_list(client, name):
    r = client.get(f"/api/examples/{name}")
    assert r.status_code in (404, 422)
    assert "Traceback" not in r.text


def test_health_and_openapi(client):
    h = client.get("/api/health").json()
    assert h["ok"] is True and "warmup" in h
    spec = client.get("/openapi.json").json()
    for path in ("/api/evaluate", "/api/schema/{system}", "/api/examples", "/api/compare", "/api/sweep",
                 "/api/jobs", "/api/upload", "/api/unit", "/api/toml", "/api/results/{result_id}.{fmt}"):
        assert path in spec["paths"], path


def test_page_and_assets_are_local(client):
    page = client.get("/")
    assert page.status_code == 200 and "fleeodds" in page.text
    for asset in ("/static/app.js", "/static/app.css", "/static/favicon.svg"):
        r = client.get(asset)
        assert r.status_code == 200, asset
        text = r.text
        # no CDN: nothing is loaded from another host
        assert not re.search(r"""(src|href)\s*=\s*["']https?://""", text), asset
        assert "@import" not in text and "//cdn" not in text
    assert not re.search(r"""(src|href)\s*=\s*["']https?://""", page.text)


# --------------------------------------------------------------------------- evaluate


def test_evaluate_exact_is_the_cli_json(client, goblins):
    r = client.post("/api/evaluate", json={"scenario": goblins, "method": "exact"})
    assert r.status_code == 200
    got = r.json()
    assert got["exact_fractions"]["caught"] == str(goblins_caught())
    assert got["exact_fractions"]["held"] == str(p_2d6_at_most(3))
    cli = json.loads(fleeodds.evaluate(fleeodds.load_scenario(GOBLINS), "exact").to_json())
    for m in (got["manifest"], cli["manifest"]):
        m.pop("created")
    assert got == cli


def test_evaluate_monte_carlo_counts_equal_the_library(client, goblins):
    r = client.post("/api/evaluate", json={"scenario": goblins, "method": "both", "trials": 300_000, "seed": 3,
                                           "lang": "fr"})
    assert r.status_code == 200
    got = r.json()
    with use_lang("fr"):
        lib = fleeodds.evaluate(fleeodds.load_scenario(GOBLINS), "both", trials=300_000, seed=3)
    mc = {row["outcome"]: row["count"] for row in got["outcomes"] if row["method"] == "monte_carlo"}
    assert mc == {row.outcome: int(row["count"]) for _, row in lib.frame.iterrows() if row.method == "monte_carlo"}
    labels = {row["label"] for row in got["outcomes"]}
    assert any("rattrapée" in x for x in labels)


@pytest.mark.slow
def test_every_shipped_example_evaluates(client):
    for e in client.get("/api/examples").json():
        src = client.get(f"/api/examples/{e['name']}").json()
        method = "exact" if e["has_exact"] else "mc"
        r = client.post("/api/evaluate", json={"scenario": src, "method": method, "trials": 2000})
        assert r.status_code == 200, (e["name"], r.text)


def test_view_answers_in_plain_words(client, goblins):
    r = client.post("/api/view", json={"scenario": goblins, "method": "exact", "lang": "en"}).json()
    assert r["answer"] == ("Night Goblins lose a combat by 2 to Dwarf Warriors: held 8%, "
                           "caught and destroyed in the pursuit 51%, escaped 41%.")
    assert r["chart_svg"].startswith("<svg")
    fr = client.post("/api/view", json={"scenario": goblins, "method": "exact", "lang": "fr"}).json()
    answer = fr["answer"].replace("\u202f", " ").replace("\u00a0", " ")
    assert "rattrapée et détruite par la poursuite 51 %" in answer
    assert "tient 8 %" in answer
    assert "Probabilité" in fr["chart_svg"]


def test_field_error_is_the_cli_message(client, goblins, tmp_path):
    from click.testing import CliRunner

    from fleeodds.cli import main

    bad = dict(goblins, fleeing={"profile": "Night Goblins", "leadership": 13})
    body = assert_error(client.post("/api/evaluate", json={"scenario": bad}), 422, "fleeing.leadership")
    path = tmp_path / "bad.toml"
    import tomli_w

    path.write_text(tomli_w.dumps(bad))
    out = CliRunner().invoke(main, ["run", str(path), "--exact"])
    assert out.exit_code == 2
    assert out.output.strip() == f"error: {body['detail']}"


def test_field_error_in_the_page_language(client, goblins):
    bad = dict(goblins, fleeing={"profile": "Night Goblins", "leadership": 13})
    fr = client.post("/api/evaluate", json={"scenario": bad}, headers={"Accept-Language": "fr"}).json()
    assert fr["detail"] == "fleeing.leadership: 13 n'est pas admis ; attendu : un nombre de 0 à 10"
    assert fr["errors"][0]["path"] == "fleeing.leadership"
    en = client.post("/api/evaluate", json={"scenario": bad}).json()
    assert en["detail"] == "fleeing.leadership: 13 is not allowed; expected a number from 0 to 10"


def test_several_field_errors_one_per_line(client, goblins):
    bad = dict(goblins, fleeing={"leadership": 13, "movement": 30}, combat={"margin": 0})
    r = client.post("/api/evaluate", json={"scenario": bad})
    assert r.status_code == 422
    body = r.json()
    lines = body["detail"].splitlines()
    assert len(body["errors"]) == len(lines) >= 1
    for err, line in zip(body["errors"], lines):
        assert err["message"] == line and line.startswith(err["path"] + ": ")
        assert err["path"] in {"fleeing.leadership", "fleeing.movement", "combat.margin"}


@pytest.mark.parametrize("where, value", [
    ("profiles_file", "/etc/passwd"),
    ("fleeing.profiles_file", "x.toml"),
    ("out", "/tmp/x.json"),
    ("chart", "/tmp/x.png"),
])
def test_file_names_are_refused(client, goblins, where, value):
    from fleeodds.validation import set_field

    bad = set_field(goblins, where, value)
    body = assert_error(client.post("/api/evaluate", json={"scenario": bad}), 422, where)
    assert "no file name" in body["detail"]


@pytest.mark.parametrize("body, path", [
    ({"scenario": {"system": "chess"}}, "system"),
    ({"scenario": {"title": "no system"}}, "system"),
    ({"scenario": "warhammer"}, "scenario"),
    ({"scenario": {}, "method": "magic"}, "method"),
    ({"scenario": {"system": "warhammer"}, "trials": "5"}, "trials"),
    ({"scenario": {"system": "warhammer"}, "extra": 1}, "extra"),
    ({}, "scenario"),
])
def test_bad_requests(client, body, path):
    assert_error(client.post("/api/evaluate", json=body), 422, path)


@pytest.mark.parametrize("extra, path", [
    ({"trials": 10**9}, "trials"),
    ({"trials": 0}, "trials"),
    ({"precision": 1e-6}, "precision"),
    ({"precision": 0.01, "trials": 5}, "trials"),
    ({"seed": -1}, "seed"),
    ({"lang": "de"}, "lang"),
])
def test_web_limits(client, goblins, extra, path):
    assert_error(client.post("/api/evaluate", json={"scenario": goblins, **extra}), 422, path)


def test_malformed_json_and_big_bodies(client):
    r = client.post("/api/evaluate", content=b'{"scenario": ', headers={"content-type": "application/json"})
    assert_error(r, 422, "body", "not valid JSON")
    r = client.post("/api/evaluate", content=b"\xff\xfe", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "Traceback" not in r.text
    big = b'{"scenario": {"title": "' + b"x" * (service.MAX_BODY_BYTES + 10) + b'"}}'
    assert_error(client.post("/api/evaluate", content=big, headers={"content-type": "application/json"}), 413, "body")
    def chunks():
        yield b'{"scenario": '
        yield b"{}}"

    r = client.post("/api/evaluate", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 411 and "Traceback" not in r.text
    deep = '{"scenario": ' + '{"a": ' * 200 + "1" + "}" * 200 + "}"
    r = client.post("/api/evaluate", content=deep.encode(), headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500 and "Traceback" not in r.text


def test_exact_on_a_monte_carlo_only_scenario(client):
    name = next(e["name"] for e in client.get("/api/examples").json() if not e["has_exact"])
    src = client.get(f"/api/examples/{name}").json()
    assert_error(client.post("/api/evaluate", json={"scenario": src, "method": "exact"}), 422, "method")


def test_unknown_route_and_crash_are_json(client, monkeypatch):
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json()["detail"]

    def boom():
        raise RuntimeError("secret internals")

    monkeypatch.setattr(service, "examples", boom)
    r = client.get("/api/examples")
    assert r.status_code == 500
    assert "secret internals" not in r.text and "Traceback" not in r.text
    assert r.json()["detail"].startswith("internal error")


def test_exact_answer_of_a_changed_field(client, goblins):
    # (its speed is measured in benchmarks/, not here: a timed test fails on a busy machine)
    for margin in (3, 4):
        r = client.post("/api/view", json={"scenario": dict(goblins, combat={"margin": margin}), "method": "exact"})
        assert r.status_code == 200


# --------------------------------------------------------------------------- jobs: progress, cancel, no blocking


def test_job_quick_answer_inline(client, goblins):
    st = client.post("/api/jobs?wait=2", json={"scenario": goblins, "method": "exact"}).json()
    while st["state"] == "running":  # answered at once on a quiet machine; no clock bound here
        st = client.get(f"/api/jobs/{st['id']}").json()
    assert st["state"] == "done"
    caught = next(r for r in st["result"]["wide"] if r["outcome"] == "caught")
    assert caught["fraction"] == "7931/15552"


@pytest.mark.slow
def test_long_job_progresses_does_not_block_and_cancels(client, goblins, monkeypatch):
    client.post("/api/evaluate", json={"scenario": goblins, "method": "mc", "trials": 1000})  # compile first
    monkeypatch.setattr(service, "MAX_TRIALS", 2_000_000_000)  # a run of minutes, stopped after a second
    src = dict(goblins, title="long run")
    st = client.post("/api/jobs?wait=0", json={"scenario": src, "method": "mc", "trials": service.MAX_TRIALS,
                                               "seed": 11}).json()
    assert st["state"] == "running"
    # not blocked: other requests are answered while the job is still reported running (no clock
    # bound: the run lasts minutes and is only stopped below, so "still running" proves the point)
    assert client.get("/api/examples").status_code == 200
    exact = client.post("/api/evaluate", json={"scenario": goblins, "method": "exact"})
    assert exact.status_code == 200
    mid = client.get(f"/api/jobs/{st['id']}").json()
    assert mid["state"] == "running", mid
    assert mid["total"] == service.MAX_TRIALS and mid["done"] < service.MAX_TRIALS
    client.post(f"/api/jobs/{st['id']}/cancel")
    for _ in range(100):
        end = client.get(f"/api/jobs/{st['id']}").json()
        if end["state"] != "running":
            break
        time.sleep(0.05)
    assert end["state"] == "cancelled"
    assert end["done"] < service.MAX_TRIALS
    assert "result" not in end


def test_abandoned_job_is_cancelled(goblins, monkeypatch):
    app = create_app(warmup=False)
    monkeypatch.setattr(jobs_mod, "ABANDONED_AFTER", 0.0)
    monkeypatch.setattr(service, "MAX_TRIALS", 2_000_000_000)
    sc = service.load(dict(goblins, title="abandoned"))
    job = app.state.jobs.start(sc, "mc", service.MAX_TRIALS, None, 5, "en")
    app.state.jobs.reap()
    assert job.done_event.wait(10)
    assert job.state == "cancelled"


def test_long_poll_is_woken_by_its_job(goblins):
    """A long poll (``GET /api/jobs/ID?wait=S``) waits on its job's own signal: registered while
    the job waits in a held queue, called once when it ends, forgotten when the poll gives up."""
    import threading

    from fleeodds.web import work

    q = work.WorkQueue(workers=1)
    hold = threading.Event()
    try:
        jobs = jobs_mod.Jobs(q)
        q.submit(lambda p: hold.wait(30))  # the one worker is held: the job waits its turn
        sc = service.load(dict(goblins, title="long poll"))
        job = jobs.start(sc, "exact", None, None, 0, "en")
        calls, given_up = [], []
        job.when_done(lambda: calls.append(job.state))
        forget = job.when_done(lambda: given_up.append(1))
        forget()  # a poll that timed out
        assert calls == [] and job.state == "running"
        hold.set()
        assert job.done_event.wait(30)
        assert calls == ["done"] and given_up == []
        late = []
        job.when_done(lambda: late.append(1))  # a poll after the end: answered at once
        assert late == [1]
    finally:
        hold.set()
        q.close(5)


def test_job_bad_input_and_unknown_id(client, goblins):
    bad = dict(goblins, combat={"margin": -1})
    assert_error(client.post("/api/jobs", json={"scenario": bad}), 422, "combat.margin")
    assert client.get("/api/jobs/nope").status_code == 404
    assert client.post("/api/jobs/nope/cancel").status_code == 404


def test_chunked_simulation_counts_equal_the_engine(goblins):
    from fleeodds import engine

    sc = service.load(goblins)
    mine = service.simulate(sc, 700_001, None, 9)
    ref = engine.simulate(sc.kernel(), trials=700_001, seed=9, progress=False)
    assert (mine.counts == ref.counts).all() and mine.trials == ref.trials


def test_precision_run(client, goblins):
    r = client.post("/api/evaluate", json={"scenario": goblins, "method": "mc", "precision": 0.002})
    assert r.status_code == 200
    rows = [x for x in r.json()["outcomes"] if x["method"] == "monte_carlo"]
    assert all((x["ci_high"] - x["ci_low"]) / 2 < 0.002 for x in rows)


# --------------------------------------------------------------------------- downloads


def test_downloads(client, goblins):
    view = client.post("/api/view", json={"scenario": goblins, "method": "exact"}).json()
    rid = view["id"]
    csv = client.get(f"/api/results/{rid}.csv?lang=fr")
    # a French CSV: semicolons, decimal commas and a BOM, as French spreadsheet software expects
    assert csv.status_code == 200 and "rattrapée" in csv.text and csv.text.startswith("\ufeffméthode;résultat")
    js = client.get(f"/api/results/{rid}.json").json()
    assert js["exact_fractions"]["caught"] == "7931/15552"
    png = client.get(f"/api/results/{rid}.png")
    assert png.status_code == 200 and png.content[:8] == b"\x89PNG\r\n\x1a\n"
    svg = client.get(f"/api/results/{rid}.svg")
    assert svg.status_code == 200 and b"<svg" in svg.content
    assert_error(client.get(f"/api/results/{rid}.exe"), 422, "format")
    assert_error(client.get("/api/results/000000.csv"), 422, "result")


def test_toml_download_round_trips(client, goblins):
    r = client.post("/api/toml", json={"scenario": goblins})
    assert r.status_code == 200
    assert tomllib.loads(r.text) == goblins
    assert_error(client.post("/api/toml", json={"scenario": dict(goblins, combat={"margin": 99})}), 422,
                 "combat.margin")


# --------------------------------------------------------------------------- compare and sweep


def test_compare_the_scenarios_own_setups(client):
    src = client.get("/api/examples/warhammer/leadership_by_edition.toml").json()
    setups = client.post("/api/setups", json={"scenario": src, "lang": "fr"}).json()
    assert len(setups) == len(src["compare"])
    r = client.post("/api/compare", json={"scenario": src, "method": "exact"})
    assert r.status_code == 200, r.text
    got = r.json()
    assert len(got["setups"]) == len(src["compare"])
    assert got["chart_svg"].startswith("<svg") and got["difference_svg"].startswith("<svg")


@pytest.mark.slow
def test_compare_an_added_setup_exact_difference(client, goblins):
    r = client.post("/api/compare", json={"scenario": goblins, "method": "exact",
                                          "setups": {"Ld 7": {"fleeing.leadership": 7, "label_fr": "Cd 7"}}})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["setups"] == ["the question above", "Ld 7"]
    row = next(x for x in got["rows"] if x["setup"] == "Ld 7" and x["outcome"] == "caught")
    want = goblins_caught(leadership=7) - goblins_caught()
    assert row["diff_exact"] is True
    assert row["difference"] == pytest.approx(float(want), abs=1e-12)
    fr = client.post("/api/compare", json={"scenario": goblins, "method": "exact", "lang": "fr",
                                           "setups": {"Ld 7": {"fleeing.leadership": 7, "label_fr": "Cd 7"}}})
    assert fr.json()["setups"] == ["la question ci-dessus", "Cd 7"]


def test_compare_paired_monte_carlo(client, goblins):
    r = client.post("/api/compare", json={"scenario": goblins, "method": "mc", "trials": 100_000,
                                          "setups": {"Ld 7": {"fleeing.leadership": 7}}})
    assert r.status_code == 200
    row = next(x for x in r.json()["rows"] if x["setup"] == "Ld 7" and x["outcome"] == "caught")
    assert row["paired"] is True
    want = float(goblins_caught(leadership=7) - goblins_caught())
    assert row["diff_low"] <= want <= row["diff_high"]


@pytest.mark.parametrize("body, path", [
    ({"setups": None}, "compare"),
    ({"setups": {"bad": {"fleeing.leadership": 42}}}, "compare.bad"),
    ({"setups": {"x": {"fleeing.leadership": 7}}, "trials": 10**8}, "trials"),
    ({"setups": {f"s{i}": {"fleeing.leadership": i % 10} for i in range(12)}}, "compare"),
])
def test_compare_bad(client, goblins, body, path):
    r = client.post("/api/compare", json={"scenario": goblins, "method": "mc", **body})
    assert r.status_code == 422 and "Traceback" not in r.text
    assert any(e["path"].startswith(path) for e in r.json()["errors"]), r.json()


def test_sweep_one_field_exact(client, goblins):
    r = client.post("/api/sweep", json={"scenario": goblins, "vary": {"combat.margin": "1..3"}, "method": "exact"})
    assert r.status_code == 200, r.text
    got = r.json()
    held = {row["combat.margin"]: row["probability"] for row in got["rows"] if row["outcome"] == "held"}
    assert held == {m: pytest.approx(float(p_2d6_at_most(5 - m)), abs=1e-12) for m in (1, 2, 3)}
    assert got["chart_svg"].startswith("<svg")


def test_sweep_heatmap(client, goblins):
    r = client.post("/api/sweep", json={"scenario": goblins, "outcome": "caught", "method": "exact",
                                        "vary": {"fleeing.leadership": [5, 6], "combat.margin": "1..2"},
                                        "labels": {"fleeing.leadership": "Ld", "combat.margin": "margin"}})
    assert r.status_code == 200, r.text
    caught = {(x["fleeing.leadership"], x["combat.margin"]): x["probability"] for x in r.json()["rows"]
              if x["outcome"] == "caught"}
    assert caught[(6, 1)] == pytest.approx(float(goblins_caught(6, 1)), abs=1e-12)


@pytest.mark.slow
def test_added_setup_comes_after_the_scenarios_own(client):
    src = client.get("/api/examples/hell_dorado/fuite_djinn_intangible.toml").json()  # fuite.compare shorthands
    src = dict(src, compare={"PV 4": {"fleeing.pv": 4}})
    body = {"scenario": src, "method": "exact"}
    assert client.post("/api/compare", json=body).json()["setups"] == ["PV 4", "As given", "Without Intangible"]
    got = client.post("/api/compare", json=dict(body, added=["PV 4"])).json()
    assert got["setups"] == ["As given", "Without Intangible", "PV 4"]  # the CLI's baseline stays first
    assert all(r["difference_text"] == "0" for r in got["rows"] if r["setup"] == "As given") or \
        all("difference_text" not in r for r in got["rows"] if r["setup"] == "As given")


def test_sweep_leaves_the_setups_out(client, goblins):
    """The page sweeps the question itself: a setup that sets the varied field is no refusal, and
    one field gives one line per outcome (no "setup" dimension)."""
    src = dict(goblins, compare={"Ld 7": {"fleeing.leadership": 7}})
    r = client.post("/api/sweep", json={"scenario": src, "vary": {"fleeing.leadership": "5..6"}, "method": "exact"})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["fields"] == ["fleeing.leadership"]
    caught = {x["fleeing.leadership"]: x["probability"] for x in got["rows"] if x["outcome"] == "caught"}
    assert caught == {ld: pytest.approx(float(goblins_caught(ld)), abs=1e-12) for ld in (5, 6)}
    assert "setup" not in got["rows"][0]
    # "(every outcome)": a line (and a legend entry) per outcome
    assert got["chart_svg"].count("<path") > 3


def test_sweep_one_line_per_setup(client, goblins):
    src = dict(goblins, compare={"Ld 7": {"fleeing.leadership": 7}, "Ld 8": {"fleeing.leadership": 8}})
    r = client.post("/api/sweep", json={"scenario": src, "vary": {"combat.margin": "1..2"}, "method": "exact",
                                        "outcome": "caught", "per_setup": True, "lang": "fr"})
    assert r.status_code == 200, r.text
    got = r.json()
    caught = {(x["setup"], x["combat.margin"]): x["probability"] for x in got["rows"] if x["outcome"] == "caught"}
    assert caught[("Ld 8", 1)] == pytest.approx(float(goblins_caught(8, 1)), abs=1e-12)
    assert caught[("Ld 7", 2)] == pytest.approx(float(goblins_caught(7, 2)), abs=1e-12)
    for extra, path in (({"outcome": None}, "outcome"), ({"scenario": goblins}, "per_setup")):
        body = {"scenario": src, "vary": {"combat.margin": "1..2"}, "method": "exact", "outcome": "caught",
                "per_setup": True, **extra}
        assert_error(client.post("/api/sweep", json=body), 422, path)


@pytest.mark.parametrize("extra, path", [
    ({"vary": {}}, "vary"),
    ({"vary": {"a": "1..2", "b": "1..2", "c": "1..2"}}, "vary"),
    ({"vary": {"combat.margin": "1..5000"}}, "combat.margin"),
    ({"vary": {"fleeing.leadership": "5..12"}}, "fleeing.leadership"),
    ({"vary": {"combat.margin": "1..3"}, "outcome": "won"}, "outcome"),
    ({"vary": {"combat.margin": "1..30"}, "method": "mc", "trials": 5_000_000}, "trials"),
    ({"vary": {"profiles_file": "a,b"}}, "profiles_file"),
])
def test_sweep_bad(client, goblins, extra, path):
    r = client.post("/api/sweep", json={"scenario": goblins, **extra})
    assert r.status_code == 422 and "Traceback" not in r.text, r.text
    assert any(e["path"] == path for e in r.json()["errors"]), r.json()


# --------------------------------------------------------------------------- BattleScribe uploads


def upload(client, cat: Path, gst: Path | None = None, **data):
    files = {"catalogue": (cat.name, cat.read_bytes())}
    if gst is not None:
        files["game_system"] = (gst.name, gst.read_bytes())
    return client.post("/api/upload", files=files, data=data)


def test_upload_project_catalogue_and_use_a_unit(client, goblins):
    r = upload(client, DATA / "greenskin_warband_8th.cat", DATA / "made_up_8th.gst")
    assert r.status_code == 200, r.text
    got = r.json()
    cave = next(p for p in got["profiles"] if p["name"] == "Cave Goblins")
    assert (cave["movement"], cave["leadership"]) == (4, 5)
    assert [x["key"] for x in got["roles"]] == list(get_system("warhammer").roles)
    u = client.post("/api/unit", json={"scenario": goblins, "role": "fleeing", "profile": cave})
    assert u.status_code == 200, u.text
    src = u.json()["scenario"]
    assert src["fleeing"]["movement"] == 4 and src["fleeing"]["leadership"] == 5
    ev = client.post("/api/evaluate", json={"scenario": src, "method": "exact"}).json()
    assert ev["exact_fractions"]["caught"] == str(goblins_caught())  # M4 Ld5, like the Night Goblins


def test_upload_bad_files(client, tmp_path):
    junk = tmp_path / "junk.cat"
    junk.write_bytes(b"not xml at all")
    assert_error(upload(client, junk), 422, "catalogue")
    dtd = tmp_path / "dtd.cat"
    dtd.write_bytes(b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><catalogue/>')
    r = upload(client, dtd)
    assert r.status_code == 422 and "DTD" in r.json()["detail"]
    empty = tmp_path / "empty.cat"
    empty.write_bytes(b"")
    assert upload(client, empty).status_code == 422
    r = upload(client, DATA / "greenskin_warband_8th.cat", system="dnd")
    assert_error(r, 422, "system")


def test_upload_size_limit(client, monkeypatch):
    monkeypatch.setattr(service, "MAX_UPLOAD_BYTES", 1000)
    r = upload(client, DATA / "greenskin_warband_8th.cat")
    assert r.status_code in (413, 422) and "Traceback" not in r.text
    assert "at most" in r.json()["detail"]


def test_unit_bad(client, goblins):
    assert_error(client.post("/api/unit", json={"scenario": goblins, "role": "king", "profile": {"name": "x"}}),
                 422, "role")
    assert_error(client.post("/api/unit", json={"scenario": goblins, "role": "fleeing",
                                                "profile": {"name": "x", "profiles_file": "y"}}),
                 422, "profile.profiles_file")


# --------------------------------------------------------------------------- the command


# (the serve command's options, hosts and ports: tests/front/web/test_serving.py)


def test_evaluate_takes_the_bare_scenario(client, goblins):
    r = client.post("/api/evaluate?method=exact&lang=fr", json=goblins)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["exact_fractions"]["caught"] == "7931/15552"
    assert any("rattrapée" in row["label"] for row in got["outcomes"])
    assert_error(client.post("/api/evaluate?method=magic", json=goblins), 422, "method")


@pytest.mark.slow
def test_evaluate_a_scenario_with_setups_is_the_cli_comparison_json(client):
    from click.testing import CliRunner

    from fleeodds.cli import main

    name = "warhammer/leadership_by_edition.toml"
    src = client.get(f"/api/examples/{name}").json()
    got = client.post("/api/evaluate", json={"scenario": src, "method": "exact"}).json()
    out = CliRunner().invoke(main, ["run", name, "--exact", "--format", "json"])
    assert out.exit_code == 0, out.output
    cli = json.loads(out.output)
    for d in (got, cli):
        for m in d["manifests"]:
            m.pop("created")
    assert got == cli


@pytest.mark.parametrize("name", ["warhammer/tow_bsb_reroll_policy.toml",  # a [decide] table
                                  "warhammer/wolf_riders_charge_reaction_tow.toml"])  # and [compare] setups
def test_evaluate_of_a_decision_table_is_the_cli_json(client, name):
    """``fleeodds run --format json`` of a scenario with a ``[decide]`` table ends with its
    ``decision``; ``POST /api/evaluate`` gives the same JSON, also once its table is cached."""
    from click.testing import CliRunner

    from fleeodds.cli import main

    def timeless(d):
        if isinstance(d, dict):
            return {k: timeless(v) for k, v in d.items() if k not in ("created", "seconds", "mc_seconds")}
        return [timeless(v) for v in d] if isinstance(d, list) else d

    src = client.get(f"/api/examples/{name}").json()
    body = {"scenario": src, "method": "exact"}
    client.post("/api/view", json=body)  # the page's way first: the table is cached
    got = client.post("/api/evaluate", json=body).json()
    out = CliRunner().invoke(main, ["run", name, "--exact", "--format", "json"])
    assert out.exit_code == 0, out.output
    cli = json.loads(out.output)
    assert "decision" in cli
    assert timeless(got) == timeless(cli)


@pytest.mark.slow
def test_shutdown_stops_runs_and_warmup(goblins, monkeypatch):
    monkeypatch.setattr(service, "MAX_TRIALS", 2_000_000_000)
    app = create_app(warmup=True)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        st = c.post("/api/jobs?wait=0", json={"scenario": dict(goblins, title="shutdown"), "method": "mc",
                                              "trials": service.MAX_TRIALS}).json()
        job = app.state.jobs.get(st["id"])
        t0 = time.perf_counter()
    # leaving the client ran the lifespan's shutdown: the run was cancelled and its thread joined;
    # the warm-up was told to stop, and the shutdown did not wait for a kernel being compiled
    assert time.perf_counter() - t0 < 15
    assert job.done_event.is_set() and job.state == "cancelled"
    assert not any(th.is_alive() for th in app.state.work._threads)
    assert app.state.warmup.stop.is_set()
    app.state.warmup.thread.join(180)  # it does stop (after the kernel it was compiling, if any)
    assert not app.state.warmup.thread.is_alive()


def test_warmup_announces_start_and_ready(monkeypatch, capsys):
    monkeypatch.setattr(service.loading, "list_examples", lambda: [])
    w = service.Warmup(announce=True)
    w.run()
    err = capsys.readouterr().err
    assert "warming up the kernels in the background" in err
    assert "kernels ready" in err
    service.Warmup().run()  # the test client's app says nothing
    assert capsys.readouterr().err == ""


@pytest.mark.slow
def test_exact_part_shown_while_the_kernels_are_not_ready(client, goblins):
    """A "both" job gives its exact part at once, while its Monte Carlo part waits for the kernels
    (here: the kernel lock held, as the warm-up does while it compiles), in phase "preparing"."""
    src = dict(goblins, title="exact first")
    with service.KERNEL_LOCK:
        st = client.post("/api/jobs?wait=0", json={"scenario": src, "method": "both", "trials": 1000,
                                                   "seed": 3}).json()
        for _ in range(200):
            st = client.get(f"/api/jobs/{st['id']}").json()
            if "partial" in st:
                break
            time.sleep(0.05)
        assert st["state"] == "running" and st["phase"] == "preparing" and st["done"] == 0
        caught = next(r for r in st["partial"]["wide"] if r["outcome"] == "caught")
        assert caught["fraction"] == "7931/15552"
        assert "monte_carlo" not in st["partial"]["methods"]
    for _ in range(400):
        st = client.get(f"/api/jobs/{st['id']}").json()
        if st["state"] != "running":
            break
        time.sleep(0.05)
    assert st["state"] == "done" and "partial" not in st
    assert st["result"]["methods"] == ["exact", "monte_carlo"]


def test_page_numbers_are_the_command_lines():
    """21/32 = 0.65625 exactly: the command line prints 65.62 % (half to even), so must the page."""
    rows = service._texts([{"exact": 21 / 32, "ci_low": 0.5, "ci_high": 0.75}], "en", 2,
                          ("exact", "ci_low", "ci_high"))
    assert rows[0]["exact_text"] == "65.62%"
    assert rows[0]["ci_text"] == "50.00% – 75.00%"
    fr = service._texts([{"exact": 21 / 32}], "fr", 2, ("exact",))
    assert fr[0]["exact_text"] == "65,62\u00a0%"


@pytest.mark.slow
def test_view_rows_carry_their_text(client, goblins):
    got = client.post("/api/view", json={"scenario": goblins, "method": "both", "trials": 2000,
                                         "lang": "fr"}).json()
    caught = next(r for r in got["wide"] if r["outcome"] == "caught")
    assert caught["exact_text"] == "51,00\u00a0%"  # 7931/15552 = 0.50996…
    assert caught["monte_carlo_text"].endswith("\u00a0%") and " – " in caught["ci_text"]


def test_warmup_gives_way_to_a_request_run():
    import threading

    stop = threading.Event()
    assert service._USERS[0] == 0
    service.give_way(stop)  # no request runs: it returns at once (its loop does not start)
    waited = threading.Event()
    with service.user_run():
        th = threading.Thread(target=lambda: (service.give_way(stop), waited.set()))
        th.start()
        time.sleep(0.3)
        assert not waited.is_set()  # the warm-up waits while a request's run goes on
    th.join(5)
    assert waited.is_set()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hell_dorado_sections_say_when_they_apply(client, lang):
    """The form shows a section only for the scenario types of its x-when; these are the sections
    the Hell Dorado loader accepts for each type (its own table)."""
    from fleeodds.systems.hell_dorado.model import SECTIONS

    props = client.get(f"/api/schema/hell_dorado?lang={lang}").json()["properties"]
    for kind, names in SECTIONS.items():
        shown = {k for k, v in props.items() if "x-when" in v and kind in v["x-when"]["type"]}
        assert shown == set(names), kind
    assert all("x-when" not in props[k] for k in ("type", "options", "title", "compare"))


@pytest.mark.slow
def test_a_run_waiting_during_the_warm_up_says_it_compiles(client, goblins):
    """While the first start's warm-up compiles kernels (here: a warm-up that has timed no example
    yet, and the kernel lock held as it holds it while compiling), a job waiting for its kernels
    says so with a number of seconds; once its trials are done it is in phase "finishing" (the
    answer being drawn), never "simulating" with every trial done."""
    w = service.Warmup()
    service._WARMUP[0] = w
    try:
        with service.KERNEL_LOCK:
            st = client.post("/api/jobs?wait=0", json={"scenario": dict(goblins, title="warm-up"), "method": "mc",
                                                       "trials": 1000, "seed": 5}).json()
            for _ in range(200):
                st = client.get(f"/api/jobs/{st['id']}").json()
                if st["phase"] == "preparing":
                    break
                time.sleep(0.05)
            assert st["state"] == "running" and st["phase"] == "preparing" and st["warming_up"] is True
            # no example timed yet: the guess is COMPILE_GUESS (60 s), less the time waited, in steps of 5 s
            assert st["compiling_seconds"] in (55, 60)
            w.done, w.t0 = 2, time.perf_counter() - 30.0  # 15 s per example: never under COMPILE_GUESS / 3
            assert client.get(f"/api/jobs/{st['id']}").json()["compiling_seconds"] == 20
        end = time.monotonic() + 300  # its kernel may compile now (a cold numba cache)
        while st["state"] == "running" and time.monotonic() < end:
            time.sleep(0.05)
            st = client.get(f"/api/jobs/{st['id']}").json()
        assert st["state"] == "done" and "warming_up" not in st and "compiling_seconds" not in st
    finally:
        service._WARMUP[0] = None
    # no warm-up running: nothing said about it
    with service.KERNEL_LOCK:
        st = client.post("/api/jobs?wait=0", json={"scenario": dict(goblins, title="no warm-up"), "method": "mc",
                                                   "trials": 1000, "seed": 6}).json()
        time.sleep(0.2)
        st = client.get(f"/api/jobs/{st['id']}").json()
        assert "warming_up" not in st and "compiling_seconds" not in st
    progress = service.Progress()
    service.evaluate(service.load(dict(goblins, title="finishing")), "mc", 1000, None, 7, progress)
    assert progress.phase == "finishing" and progress.done == 1000


def test_a_finished_warm_up_is_no_longer_running():
    w = service.Warmup()
    service._WARMUP[0] = w
    assert service.warming_up() is w
    w.stop.set()
    assert service.warming_up() is None  # a server that stops: its warm-up is over
    w.stop.clear(); w.finished = True
    assert service.warming_up() is None
    service._WARMUP[0] = None


def test_the_warm_up_calls_after_when_it_finishes_only(monkeypatch):
    """``after`` (a server's :func:`fleeodds.web.app.freeze_heap`) runs once the warm-up has gone
    through every example, never when it was stopped."""
    import gc

    from fleeodds.web.app import freeze_heap

    warmed, after = [], []
    service.Warmup(in_worker=lambda path, stop: warmed.append(path), after=lambda: after.append(1)).run()
    assert warmed and after == [1]
    stopped = service.Warmup(in_worker=lambda path, stop: warmed.append(path), after=lambda: after.append(2))
    stopped.stop.set()
    stopped.run()
    assert after == [1]
    frozen = gc.get_freeze_count()
    try:
        freeze_heap()
        assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()


def test_view_carries_the_notes_of_inputs_that_change_nothing(client, goblins):
    """docs/inputs.md: an input the model implements that changes nothing here is accepted, and the answer
    says so in the page's language (``input_notes``) and in the result's manifest; the numbers are those
    of the scenario without it (the hand enumeration above)."""
    src = dict(goblins, options={"insane_courage": False})  # 7th, Ld 5 - 2 = 3: a double 1 passes by its total
    en = client.post("/api/view", json={"scenario": src, "method": "exact", "lang": "en"}).json()
    assert en["input_notes"] == ["options.insane_courage: false has no effect in the 'break' situation in 7th "
                                 "edition (every Leadership test here passes or fails on a natural double anyway, "
                                 "by its total)"]
    (record,) = en["result"]["manifest"]["input_notes"]
    assert record["field"] == "options.insane_courage" and record["value"] is False
    caught = next(r for r in en["wide"] if r["outcome"] == "caught")
    assert caught["fraction"] == str(goblins_caught())
    fr = client.post("/api/view", json={"scenario": src, "method": "exact", "lang": "fr"}).json()
    assert len(fr["input_notes"]) == 1
    assert fr["input_notes"][0].startswith("options.insane_courage: false n'a aucun effet dans la situation 'break'")
    plain = client.post("/api/view", json={"scenario": goblins, "method": "exact", "lang": "en"}).json()
    assert plain["input_notes"] == []


def test_compare_and_sweep_answers_carry_the_notes(client, goblins):
    """A setup's input that changes nothing is noted with its label; a sweep says at which points a written
    option changes nothing (Insane Courage off: a double 1 passes by its total while Ld 5 - margin >= 2)."""
    r = client.post("/api/compare", json={"scenario": goblins, "method": "exact",
                                          "setups": {"IC off": {"options.insane_courage": False}}})
    assert r.status_code == 200, r.text
    assert [n.split(" has no effect ")[0] for n in r.json()["input_notes"]] == [
        "compare.IC off: options.insane_courage: false"]
    src = dict(goblins, options={"insane_courage": False})
    r = client.post("/api/sweep", json={"scenario": src, "vary": {"combat.margin": "2..5"}, "method": "exact",
                                        "lang": "fr"})
    assert r.status_code == 200, r.text
    assert ("options.insane_courage: false n'a aucun effet pour combat.margin = 2, 3 (il compte pour les autres points)"
            in r.json()["input_notes"])


def test_a_fight_is_one_bar_per_setup_stacked_by_side(client, monkeypatch):
    # the page draws a fight as `fleeodds run/compare --chart` does: grouped_stack_chart, one bar per setup
    from fleeodds.report import charts

    drawn = []
    real = charts.grouped_stack_chart

    def spy(frame, groups, *a, **kw):
        drawn.append((sorted(set(frame.setup)), [name for name, _ in groups]))
        return real(frame, groups, *a, **kw)

    monkeypatch.setattr(charts, "grouped_stack_chart", spy)
    fight = {"system": "warhammer", "edition": "8th", "situation": "fight", "table": {"max_turns": 0},
             "fight": {"charger": "none", "max_rounds": 1,
                       "unit": {"profile": "Night Goblins", "models": 5, "files": 5},
                       "enemy": {"profile": "Dwarf Warriors", "models": 4, "files": 4}},
             "compare": {"7th": {"edition": "7th"}}}
    r = client.post("/api/view", json={"scenario": fight, "method": "exact", "lang": "fr"})
    assert r.status_code == 200, r.text
    assert r.json()["chart_svg"].startswith("<svg")
    assert len(drawn) == 1 and len(drawn[0][0]) == 1 and drawn[0][1][0].endswith("gagne")
    r = client.post("/api/compare", json={"scenario": fight, "method": "exact"})
    assert r.status_code == 200, r.text
    assert len(drawn) == 2 and len(drawn[1][0]) == 2 and drawn[1][1][0] == "5 Night Goblins win"
