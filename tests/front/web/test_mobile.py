"""The page on a phone, and what a player who shares it or reads its form sees (issue 28, items 3-5).

The real server (uvicorn in a thread, on a free port) and the system Chromium in its mobile
emulation (390 × 844 CSS pixels, touch), driven through Selenium as in ``test_browser.py``:

- the phone layout: no horizontal scrolling, every control at least 44 px (a thumb), the answer
  card, the chart and the share button in reach; screenshots of each part are saved (to the temporary
  folder, or to ``docs/img/`` with FLEEODDS_UPDATE_SCREENSHOT=1) to be looked at;
- the share link: built on the hosted address (``GET /api/config``'s ``base_url``), or on the page's
  own address with the warning that a loopback link opens on this computer only; the *Vary a field*
  settings travel in it and are drawn again;
- the form shows what it computes: a profile's values in the boxes (Night Goblins' Ld 5), the
  profile's card (Hell Dorado's Djinn), titles that follow the edits, downloads named after them.

The fractions are hand enumerations (``test_api.goblins_caught``: 2D6 Break test, then 2D6 pursuit
>= 2D6 flee).
"""

from __future__ import annotations

import base64
import json
import os
import tempfile
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("selenium", reason="selenium is part of the test extra")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from .test_api import GOBLINS, goblins_caught  # noqa: E402
from .test_browser import CHROMEDRIVER, CHROMIUM, _free_port, open_page, wait, wait_fraction  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
SHOTS = (ROOT / "docs" / "img" if os.environ.get("FLEEODDS_UPDATE_SCREENSHOT") == "1"
         else Path(tempfile.gettempdir()) / "fleeodds_mobile")
HOSTED = "https://odds.example.org/"
WIDTH, HEIGHT = 390, 844
#: The smallest tap target (px): Apple's Human Interface Guidelines and WCAG 2.5.5 (44 × 44 CSS px).
THUMB = 44

pytestmark = [pytest.mark.browser, pytest.mark.filterwarnings("ignore::DeprecationWarning")]


def _serve(app):
    import uvicorn

    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started, "the server did not start"
    return srv, thread, f"http://127.0.0.1:{port}/"


@pytest.fixture(scope="module")
def servers():
    """A local server, and one that tells the page its hosted address (as ``--public --base-url`` does)."""
    import fleeodds
    from fleeodds.web import create_app

    fleeodds.evaluate(fleeodds.load_scenario(GOBLINS), "mc", trials=1000)  # the kernel compiled before the page waits
    hosted = create_app(warmup=False)
    hosted.add_api_route("/api/config", lambda: {"base_url": HOSTED, "public": True, "lang": "en"}, methods=["GET"])
    hosted.router.routes.insert(0, hosted.router.routes.pop())  # before any /api/config of the server's own
    running = [_serve(create_app(warmup=False)), _serve(hosted)]
    yield {"local": running[0][2], "hosted": running[1][2]}
    for srv, thread, _ in running:
        srv.should_exit = True
        thread.join(10)


@pytest.fixture(scope="module")
def downloads(tmp_path_factory):
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def phone(downloads):
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not Path(p).exists()]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: install the Debian packages chromium and chromium-driver")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=en-GB"):
        opts.add_argument(a)
    opts.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": WIDTH, "height": HEIGHT, "pixelRatio": 2, "touch": True},
        "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                     "Chrome/120.0 Mobile Safari/537.36"})
    opts.add_experimental_option("prefs", {"intl.accept_languages": "en-GB,en", "download.prompt_for_download": False,
                                           "download.default_directory": str(downloads)})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    d.set_page_load_timeout(60)
    d.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    yield d
    d.quit()


def state_of(link: str) -> dict:
    code = link.split("#s=", 1)[1]
    return json.loads(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)).decode())


def shot(d, element_id: str, name: str) -> Path:
    d.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'start'});"
                     "document.activeElement.blur()", element_id)
    time.sleep(0.3)
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"web_phone_{name}.png"
    d.save_screenshot(str(path))
    assert path.stat().st_size > 10_000
    return path


#: Every control a thumb taps, visible on the page (inline help toggles, ``details.help-more``, are text).
SMALL_TARGETS = """
const out = [];
const sel = 'button, select, input:not([type=checkbox]):not([type=file]), a.button, details.more > summary,'
  + ' details.upload > summary, .multi label.opt, .field.check > label, label.check';
for (const e of document.querySelectorAll(sel)) {
  const r = e.getBoundingClientRect();
  if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
  if (r.height < arguments[0] || r.width < arguments[0])
    out.push([e.tagName, e.id || e.className || e.textContent.trim().slice(0, 30), Math.round(r.width), Math.round(r.height)]);
}
return out;
"""
#: Elements whose box goes past the screen's right edge (a table inside its scrolling box does not count).
WIDE = """
const out = [];
for (const e of document.querySelectorAll('body *')) {
  if (e.closest('.table-wrap') && !e.classList.contains('table-wrap')) continue;
  if (e.closest('.frac.scroll')) continue;
  const r = e.getBoundingClientRect();
  if (r.width && r.right > window.innerWidth + 0.5) out.push([e.tagName, e.id || e.className, Math.round(r.right)]);
}
return out.slice(0, 10);
"""


def test_phone_layout_form_answer_chart_and_share_button(phone, servers):
    d = phone
    open_page(d, servers["local"])
    Select(d.find_element(By.ID, "example")).select_by_value(GOBLINS)
    wait_fraction(d, str(goblins_caught()))
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, 'tr[data-outcome="caught"] td.c-count'))
    assert d.execute_script("return window.innerWidth") == WIDTH
    assert d.execute_script("return document.documentElement.scrollWidth") <= WIDTH, d.execute_script(WIDE)
    assert d.execute_script(WIDE) == []
    assert d.execute_script(SMALL_TARGETS, THUMB) == []
    # the answer card: the sentence, the table in its own scrolling box, the chart at the card's width
    card = d.find_element(By.ID, "see").rect
    assert card["x"] >= 0 and card["x"] + card["width"] <= WIDTH
    chart = d.find_element(By.CSS_SELECTOR, "#chart svg").rect
    assert chart["width"] >= 0.8 * card["width"] - 40 and chart["x"] + chart["width"] <= card["x"] + card["width"]
    # the share button takes the whole width at the bottom of its card, and copies the link when tapped
    button = d.find_element(By.ID, "copy-link")
    assert button.rect["height"] >= THUMB and button.rect["width"] >= WIDTH / 2
    for part in ("ask", "see", "chart", "share"):
        shot(d, part, part)
    button.click()
    assert "#s=" in d.find_element(By.ID, "share-link").get_attribute("value")
    # the other sections keep to the screen too once drawn (a sweep's chart)
    Select(d.find_element(By.ID, "sweep-field-1")).select_by_value("fleeing.leadership")
    d.find_element(By.ID, "sweep-values-1").send_keys("4..8")
    d.find_element(By.ID, "run-sweep").click()
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#sweep-chart svg"))
    shot(d, "sweep-box", "sweep")
    assert d.execute_script("return document.documentElement.scrollWidth") <= WIDTH
    assert d.execute_script(SMALL_TARGETS, THUMB) == []


def test_a_loopback_link_says_it_opens_on_this_computer_only(phone, servers):
    d = phone
    open_page(d, servers["local"])
    link = d.find_element(By.ID, "share-link").get_attribute("value")
    assert link.startswith(servers["local"] + "#s=")
    help_text = d.find_element(By.ID, "share-help").text
    assert "on this computer only" in help_text and "whoever opens it" not in help_text


def test_a_hosted_link_uses_the_base_url_and_carries_the_sweep(phone, servers):
    d = phone
    open_page(d, servers["hosted"])
    Select(d.find_element(By.ID, "example")).select_by_value(GOBLINS)
    wait_fraction(d, str(goblins_caught()))
    Select(d.find_element(By.ID, "sweep-field-1")).select_by_value("combat.margin")
    d.find_element(By.ID, "sweep-values-1").send_keys("1..4")
    Select(d.find_element(By.ID, "sweep-outcome")).select_by_value("caught")
    link = d.find_element(By.ID, "share-link").get_attribute("value")
    assert link.startswith(HOSTED + "#s=")
    assert "whoever opens it sees the same answer" in d.find_element(By.ID, "share-help").text
    st = state_of(link)
    assert st["sweep"] == {"vary": [["combat.margin", "1..4"]], "outcome": "caught"}
    assert st["scenario"]["fleeing"] == {"profile": "Night Goblins"}
    # the same question opened from the link (on the server, as the hosted address would serve it)
    d.get(servers["local"] + "#s=" + link.split("#s=", 1)[1])
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#sweep-chart svg"))
    assert d.find_element(By.ID, "sweep-values-1").get_attribute("value") == "1..4"
    assert Select(d.find_element(By.ID, "sweep-field-1")).first_selected_option.get_attribute("value") == "combat.margin"
    assert Select(d.find_element(By.ID, "sweep-outcome")).first_selected_option.get_attribute("value") == "caught"
    wait_fraction(d, str(goblins_caught()))


def test_profile_values_fill_the_boxes_and_the_title_follows_the_edits(phone, servers, downloads):
    d = phone
    open_page(d, servers["local"])
    Select(d.find_element(By.ID, "example")).select_by_value(GOBLINS)
    wait_fraction(d, str(goblins_caught()))
    ld = d.find_element(By.ID, "f-fleeing-leadership")
    assert ld.get_attribute("value") == "5"  # Night Goblins' Leadership, from their profile
    assert "from-profile" in d.find_element(By.CSS_SELECTOR, '.field[data-path="fleeing.leadership"]').get_attribute("class")
    assert d.find_element(By.ID, "f-pursuer-leadership").get_attribute("value") == "9"
    card = d.find_element(By.CSS_SELECTOR, '.field[data-path="fleeing.profile"] .profile-card').text
    assert "Night Goblins" in card and "Leadership (Ld) 5" in card and "Movement (M) 4" in card
    png = d.find_element(By.ID, "dl-png")
    assert png.get_attribute("download") == "night-goblins-lose-a-combat-by-2-to-dwarf-warriors.png"
    # another pursuer: its values in the boxes; the example's title (which names the Dwarfs) is gone
    Select(d.find_element(By.ID, "f-pursuer-profile")).select_by_visible_text("Orc Boyz")
    wait(d, lambda d: d.find_element(By.ID, "f-pursuer-leadership").get_attribute("value") == "7")
    wait(d, lambda d: d.find_element(By.ID, "answer").text.startswith("Night Goblins vs Orc Boyz (7th):"))
    wait_fraction(d, str(goblins_caught()))  # Orc Boyz pursue 2D6 too: the same odds
    st = state_of(d.find_element(By.ID, "share-link").get_attribute("value"))
    assert "title" not in st["scenario"] and "title_fr" not in st["scenario"]
    assert st["scenario"]["pursuer"] == {"profile": "Orc Boyz"}
    wait(d, lambda d: d.find_element(By.ID, "dl-png").get_attribute("download") == "night-goblins-vs-orc-boyz-7th.png")
    # a box changed replaces the profile's value; set back to it, it is left out again
    ld = d.find_element(By.ID, "f-fleeing-leadership")
    ld.clear()
    ld.send_keys("6\t")
    wait_fraction(d, str(goblins_caught(leadership=6)))
    assert state_of(d.find_element(By.ID, "share-link").get_attribute("value"))["scenario"]["fleeing"] == {
        "profile": "Night Goblins", "leadership": 6}
    ld = d.find_element(By.ID, "f-fleeing-leadership")
    ld.clear()
    ld.send_keys("5\t")
    wait_fraction(d, str(goblins_caught()))
    assert state_of(d.find_element(By.ID, "share-link").get_attribute("value"))["scenario"]["fleeing"] == {
        "profile": "Night Goblins"}
    # the chart downloaded is named after the question
    d.find_element(By.ID, "dl-svg").click()
    want = downloads / "night-goblins-vs-orc-boyz-7th.svg"
    wait(d, lambda d: want.is_file() and want.stat().st_size > 1000, timeout=30)
    assert "Orc Boyz" in want.read_text(encoding="utf-8")


def test_hell_dorado_form_shows_the_chosen_profile_card(phone, servers):
    d = phone
    open_page(d, servers["local"])
    Select(d.find_element(By.ID, "system")).select_by_value("hell_dorado")
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, 'option[value="hell_dorado/fuite_djinn_intangible.toml"]'))
    Select(d.find_element(By.ID, "example")).select_by_value("hell_dorado/fuite_djinn_intangible.toml")
    wait(d, lambda d: "Djinn" in d.find_element(By.ID, "answer").text)
    card = d.find_element(By.CSS_SELECTOR, '.field[data-path="fleeing.profile"] .profile-card').text
    # the shipped illustrative card of the Djinn (src/fleeodds/systems/hell_dorado/data/illustrative_profiles.toml)
    for part in ("Djinn", "MOU (movement) 6", "DEF 5", "PV (life points) 4", "Intangible"):
        assert part in card, card
    assert d.find_element(By.ID, "f-fleeing-mou").get_attribute("value") == "6"  # not the grey default 4
    assert d.find_element(By.ID, "f-fleeing-def").get_attribute("value") == "5"
    shot(d, "f-fleeing-profile", "hell_dorado_card")
