"""The table seen from above while the form is edited (issue 31: "the web form shows the table for a placed
Fuite as it does for Attraction").

``POST /api/table`` validates the form's scenario and returns the shapes its system declares
(:meth:`fleeodds.system.Scenario.table_shapes`: bases, terrain, the flee move, Attraction zones) with the
map's words; the page draws them as SVG as fields change, before any answer. The positions asserted
are the example's own numbers and hand geometry written here: a base of 30 mm is 15/25.4 toises in
radius (a toise is an inch); a Course is 2 × MOU (MOU 4: 8 toises), so a destination 12 toises away
on a free straight line is reached only up to (8, 0); Attraction 6 measured from the base edge of a
40 mm base reaches 6 + 20/25.4 toises from its centre.

The browser tests drive the real server and the system Chromium (as ``test_browser.py``), on a desktop
window and in the 390 px phone emulation of ``test_mobile.py``; their screenshots
(``fleeodds_table_map_*.png`` in the temporary folder) are there to be looked at.
"""

from __future__ import annotations

import copy
import json
import re
import tempfile
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is part of the test extra")

from fastapi.testclient import TestClient  # noqa: E402

from fleeodds.web import service  # noqa: E402
from fleeodds.web.app import create_app  # noqa: E402

from .test_api import GOBLINS, assert_error  # noqa: E402
from .test_browser import driver, server  # noqa: E402,F401  (the real server and desktop Chromium)

WALL = "hell_dorado/fuite_derriere_le_mur.toml"
DECOR = "hell_dorado/attraction_decor.toml"
RANDOM_ZONE = "hell_dorado/attraction_zone_aleatoire.toml"
SMALL = 15 / 25.4  # radius of a 30 mm base, in toises (1 toise = 1 inch = 25.4 mm)
MEDIUM = 20 / 25.4  # radius of a 40 mm base
SHOTS = Path(tempfile.gettempdir())

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(warmup=False), raise_server_exceptions=False, base_url="http://127.0.0.1") as c:
        yield c


def example(client, name: str) -> dict:
    return client.get(f"/api/examples/{name}").json()


def table(client, scenario: dict, lang: str = "en") -> dict:
    r = client.post("/api/table", json={"scenario": scenario, "lang": lang})
    assert r.status_code == 200, r.text
    return r.json()


def with_destination(data: dict, dest: list[float]) -> dict:
    data = copy.deepcopy(data)
    data["fuite"] = dict(data.get("fuite") or {}, destination=dest)
    data.pop("compare", None)
    return data


# --------------------------------------------------------------------------- the API


def test_a_placed_fuite_gives_its_table_in_french(client):
    got = table(client, example(client, WALL), "fr")
    sh, words = got["shapes"], got["words"]
    mover, enemy = sh["bases"]
    assert (mover["side"], mover["name"], mover["x"], mover["y"]) == ("mover", "Fuyard", 0.0, 0.0)
    assert mover["r"] == pytest.approx(SMALL)
    assert (enemy["side"], enemy["name"], enemy["x"], enemy["y"]) == ("enemy", "Poursuivant", 0.0, -1.18110236)
    # the wall as written in the example
    assert sh["terrain"] == [[[1.5, -20.0], [2.0, -20.0], [2.0, -0.64055], [1.5, -0.64055]]]
    # 7 toises straight ahead: within the Course (8) and clear of the wall (its top at y = -0.64055, the base's
    # lowest point at y = -15/25.4 = -0.5906): the move goes straight and ends there
    assert sh["destination"] == [7.0, 0.0]
    assert sh["path"] == [[0.0, 0.0], [7.0, 0.0]]
    assert (sh["end"]["x"], sh["end"]["y"]) == (7.0, 0.0) and sh["end"]["r"] == pytest.approx(SMALL)
    assert sh["chargers"] == []
    assert (words["mover"], words["enemy"], words["terrain"], words["path"]) == (
        "fuit", "ennemi", "terrain impraticable", "mouvement de Fuite")
    assert (words["unit_one"], words["unit_other"]) == ("toise", "toises")
    assert set(got["colours"]) >= {"mover", "enemy", "ally", "terrain", "ring", "zone", "destination"}
    assert "Fuite" in got["title"]


def test_a_destination_out_of_reach_stops_at_the_course(client):
    sh = table(client, with_destination(example(client, WALL), [12.0, 0.0]))["shapes"]
    # Course = 2 x MOU 4 = 8 toises along a free straight line
    assert sh["path"] == [[0.0, 0.0], [8.0, 0.0]]
    assert (sh["end"]["x"], sh["end"]["y"]) == (8.0, 0.0)
    assert sh["destination"] == [12.0, 0.0]


def test_a_destination_behind_the_wall_bends_the_path_round_it(client):
    from shapely.geometry import LineString, Polygon

    sh = table(client, with_destination(example(client, WALL), [4.0, -3.0]))["shapes"]
    path = sh["path"]
    assert path[0] == [0.0, 0.0] and path[-1] == [4.0, -3.0]
    assert len(path) > 2  # not the straight line, which crosses the wall
    assert LineString([(0, 0), (4, -3)]).intersects(Polygon(sh["terrain"][0]))
    # the base (15/25.4 toises) never overlaps the wall on the way (the path rounds the wall's corner on
    # short chords of the arc: within a thousandth of a toise), and the detour is longer than 5 toises (the
    # straight distance) and within the Course (8)
    assert LineString(path).distance(Polygon(sh["terrain"][0])) >= SMALL - 1e-3
    assert 5.0 < LineString(path).length <= 8.0 + 1e-9
    assert sh["chargers"] == ["Poursuivant"]


def test_an_attraction_gives_its_bases_zones_and_terrain(client):
    got = table(client, example(client, DECOR))
    sh, words = got["shapes"], got["words"]
    sides = {b["name"]: b["side"] for b in sh["bases"]}
    # seen from the adversary followed (attraction.focus = Bretteur): the other adversaries are its allies
    assert sides == {"Succube (attractrice)": "enemy", "Bretteur": "mover", "Sarrasin": "ally", "Arquebusier": "ally"}
    (ring,) = sh["rings"]
    assert (ring["x"], ring["y"]) == (0.0, 0.0) and ring["r"] == pytest.approx(6 + MEDIUM)
    assert sh["terrain"] == [[[2.0, -2.5], [3.0, -2.5], [3.0, 2.5], [2.0, 2.5]]]
    assert words["ring"] == "Attraction zone" and words["mover"] == "adversary followed"
    assert "path" not in sh or not sh["path"]


def test_adversaries_placed_at_random_are_drawn_as_their_zone(client):
    sh = table(client, example(client, RANDOM_ZONE), "fr")["shapes"]
    assert [b["name"] for b in sh["bases"]] == ["Succube (attractrice)", "Garde du corps"]
    rect = {"shape": "rect", "x0": -12.0, "y0": 3.0, "x1": 12.0, "y1": 15.0}
    assert [{k: z[k] for k in rect} for z in sh["zones"]] == [rect] * 3
    assert [z["name"] for z in sh["zones"]] == ["Bretteur", "Guerrier sarrasin", "Lémure"]


def test_a_scenario_that_places_nothing_has_no_table(client):
    got = table(client, example(client, GOBLINS))
    assert got["shapes"] is None and got["words"] is None
    fuite = example(client, "hell_dorado/fuite_djinn_intangible.toml")  # a Fuite not placed on a table
    assert table(client, fuite)["shapes"] is None


def test_comparison_setups_do_not_change_the_table(client):
    data = example(client, WALL)
    assert "compare" in data
    assert table(client, data)["shapes"] == table(client, with_destination(data, [7.0, 0.0]))["shapes"]


def test_a_bad_field_is_named_in_the_page_language(client):
    data = example(client, WALL)
    data["fleeing"]["x"] = "a"
    assert_error(client.post("/api/table", json={"scenario": data}), 422, "fleeing.x")
    r = client.post("/api/table?lang=fr", json={"scenario": data, "lang": "fr"})
    body = assert_error(r, 422, "fleeing.x")
    assert "n'est pas admis" in body["detail"]


def test_file_fields_and_long_texts_are_refused(client):
    data = example(client, WALL)
    assert_error(client.post("/api/table", json={"scenario": dict(data, profiles_file="/etc/passwd")}), 422,
                 "profiles_file")
    assert_error(client.post("/api/table", json={"scenario": dict(data, title="x" * 5000)}), 422, "scenario.title")
    assert_error(client.post("/api/table", json={"scenario": data, "lang": "de"}), 422, "lang")
    # another site's page may not ask (the guard's Origin check, as for every POST)
    r = client.post("/api/table", json={"scenario": data}, headers={"Origin": "https://evil.example"})
    assert r.status_code == 403 and "Traceback" not in r.text


def test_the_same_table_is_answered_from_memory(client):
    data = with_destination(example(client, WALL), [6.0, 3.0])
    first = client.post("/api/table", json={"scenario": data, "lang": "en"})
    key = service.answer_key("table", data, "en")
    assert service.cached_table(key) == first.json()
    again = client.post("/api/table", json={"scenario": data, "lang": "en"})
    assert again.json() == first.json()
    # a straight line to (6, 3): 6.71 toises, within the Course
    assert first.json()["shapes"]["path"] == [[0.0, 0.0], [6.0, 3.0]]
    json.dumps(first.json(), allow_nan=False)


def test_the_command_line_map_draws_the_declared_shapes_and_words(client, tmp_path):
    from fleeodds.report import charts

    sh = table(client, example(client, RANDOM_ZONE), "fr")["shapes"]
    charts.table_chart(sh, tmp_path / "map.svg", "Attraction", "fr")
    svg = (tmp_path / "map.svg").read_text(encoding="utf-8")
    for words in ("zone de placement au hasard", "zone d'Attraction", "attracteur ou son allié", "toises",
                  "Bretteur", "Garde du corps"):
        assert words in svg, words
    sh = table(client, with_destination(example(client, WALL), [4.0, -3.0]))["shapes"]
    charts.table_chart(sh, tmp_path / "fuite.svg", "Fuite", "en")
    svg = (tmp_path / "fuite.svg").read_text(encoding="utf-8")
    for words in ("flees", "enemy", "impassable terrain", "flee move", "where it stops", "destination asked",
                  "can charge it again: Poursuivant"):
        assert words in svg, words


# --------------------------------------------------------------------------- the page

MAP_STATE = """
const box = document.getElementById('table-map');
const svg = box.querySelector('#map-svg svg');
if (!svg || box.hidden || box.classList.contains('pending')) return null;
const line = svg.querySelector('polyline');
return {names: [...svg.querySelectorAll('text.map-name')].map((t) => t.textContent),
        path: line ? line.getAttribute('points') : null,
        legend: [...box.querySelectorAll('#map-legend li')].map((li) => li.textContent),
        scale: (svg.querySelector('.map-scale text') || {}).textContent,
        note: document.getElementById('map-note').textContent,
        stale: box.classList.contains('stale')};
"""


def _map_state(d):
    return d.execute_script(MAP_STATE)


def _open_example(d, url: str, name: str, name_on_map: str):
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from .test_browser import wait

    # the map needs no answer: the page is used as soon as its games are listed (the answer of a placed
    # Fuite, with its notes and unused inputs, can take much longer than its map on a loaded machine)
    d.get(url)
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, f'#system option[value="{name.split("/")[0]}"]')
         and d.execute_script("return !!document.getElementById('system').onchange"))  # the page is set up
    Select(d.find_element(By.ID, "system")).select_by_value(name.split("/")[0])
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, f'#example option[value="{name}"]'))
    Select(d.find_element(By.ID, "example")).select_by_value(name)
    try:
        return wait(d, lambda d: (s := _map_state(d)) and name_on_map in s["names"] and s)
    except TimeoutException:
        raise AssertionError(f"no map naming {name_on_map!r}: map {_map_state(d)!r}, example "
                             f"{d.find_element(By.ID, 'example').get_attribute('value')!r}, answer "
                             f"{d.find_element(By.ID, 'answer').text!r}") from None


def _type(d, field_id: str, text: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    box = d.find_element(By.ID, field_id)
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.clear()
    box.send_keys(text, Keys.TAB)  # a change, as a player leaving the box; Compute is never pressed


def _shot(d, name: str) -> Path:
    d.execute_script("document.getElementById('table-map').scrollIntoView({block: 'start'});"
                     "document.activeElement.blur()")
    time.sleep(0.3)
    path = SHOTS / f"fleeodds_table_map_{name}.png"
    d.save_screenshot(str(path))
    assert path.stat().st_size > 10_000
    return path


@pytest.mark.browser
@pytest.mark.slow
def test_the_map_follows_the_form_on_a_desktop(driver, server):
    from .test_browser import wait

    d = driver
    first = _open_example(d, server, WALL, "Fuyard")
    assert set(first["names"]) == {"Fuyard", "Poursuivant"}
    assert first["path"] is not None and len(first["path"].split()) == 2  # straight to (7, 0)
    assert any("flees" in x for x in first["legend"]) and any("impassable terrain" in x for x in first["legend"])
    assert any("destination asked" in x for x in first["legend"])
    # the scale in the system's unit: "1 toise", "2 toises"…
    assert re.fullmatch(r"(1 toise|0\.5 toises|[25]0* toises)", first["scale"].replace("\u00a0", " ")), first["scale"]
    _shot(d, "desktop_straight")
    # the destination moved behind the wall: the path bends round it, and the adversary can charge again
    _type(d, "f-fuite-destination", "4, -3")
    bent = wait(d, lambda d: (s := _map_state(d)) and s["path"] != first["path"] and s)
    assert len(bent["path"].split()) > 2
    assert "Poursuivant" in bent["note"] and "charge it again" in bent["note"]
    _shot(d, "desktop_detour")
    # a position the page cannot read: the last map stays, greyed, and says why
    _type(d, "f-fleeing-x", "abc")
    stale = wait(d, lambda d: (s := _map_state(d)) and s["stale"] and s)
    assert stale["path"] == bent["path"] and "field to fix" in stale["note"]
    _type(d, "f-fleeing-x", "0")
    wait(d, lambda d: (s := _map_state(d)) and not s["stale"])


@pytest.fixture(scope="module")
def phone():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from .test_browser import CHROMEDRIVER, CHROMIUM
    from .test_mobile import HEIGHT, WIDTH

    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not Path(p).exists()]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: install the Debian packages chromium and chromium-driver")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=fr-FR"):
        opts.add_argument(a)
    opts.add_experimental_option("prefs", {"intl.accept_languages": "fr-FR,fr"})
    opts.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": WIDTH, "height": HEIGHT, "pixelRatio": 2, "touch": True}})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    d.set_page_load_timeout(60)
    yield d
    d.quit()


@pytest.mark.browser
@pytest.mark.slow
def test_the_map_on_a_phone_is_readable_and_fits(phone, server):
    from .test_mobile import WIDE

    d = phone
    for name, on_map, shot in ((DECOR, "Bretteur", "phone_attraction"), (WALL, "Fuyard", "phone_fuite")):
        state = _open_example(d, server, name, on_map)
        assert d.execute_script("return document.documentElement.scrollWidth") <= d.execute_script(
            "return window.innerWidth")
        assert d.execute_script(WIDE) == []
        # the drawing is made at the card's own width: names are drawn at 13 CSS px, not shrunk
        sizes = d.execute_script("return [...document.querySelectorAll('#map-svg text.map-name')]"
                                 ".map((t) => t.getBoundingClientRect().height)")
        assert sizes and min(sizes) >= 12, sizes
        box = d.execute_script("const r = document.querySelector('#map-svg svg').getBoundingClientRect();"
                               "return [r.left, r.right, window.innerWidth]")
        assert box[0] >= 0 and box[1] <= box[2]
        assert any("toise" in x for x in state["legend"])  # the French legend, with its grid in toises
        _shot(d, shot)
    assert any("fuit" in x for x in state["legend"]) and any("terrain impraticable" in x for x in state["legend"])
