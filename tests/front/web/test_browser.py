"""End to end: the real server (uvicorn in a thread, on a free port) and a real headless Chromium.

Needs the Debian packages ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them);
without them these tests fail with a message saying so, they never skip. The expected
fraction 7931/15552 is the hand enumeration of ``tests/front/web/test_api.py`` (2D6 Break test
against Ld 3, then 2D6 pursuit >= 2D6 flee).
"""

from __future__ import annotations

import os
import socket
import tempfile
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("selenium", reason="selenium is part of the test extra")

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import (NoSuchElementException, StaleElementReferenceException,  # noqa: E402
                                        TimeoutException)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as EC  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from .test_api import GOBLINS, goblins_caught  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "bsdata"
# the team's real catalogues, beside the clone (CI) or beside the worktrees; extra cases only when present
SHARED = next((p for p in (ROOT.parent / "shared" / "data" / "bsdata-whfb",
                           ROOT.parents[1] / "shared" / "data" / "bsdata-whfb") if p.is_dir()), ROOT / "absent")
#: The README's screenshot is rewritten when FLEEODDS_UPDATE_SCREENSHOT=1; otherwise the test's
#: screenshot goes to a temporary folder, so that running the tests leaves the tree clean.
README_SCREENSHOT = ROOT / "docs" / "img" / "web_page.png"
SCREENSHOT = (README_SCREENSHOT if os.environ.get("FLEEODDS_UPDATE_SCREENSHOT") == "1"
              else Path(tempfile.gettempdir()) / "fleeodds_web_page.png")
CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
CAUGHT = str(goblins_caught())  # "7931/15552"
WAIT = 60

pytestmark = [pytest.mark.browser, pytest.mark.filterwarnings("ignore::DeprecationWarning")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    import uvicorn

    import fleeodds
    from fleeodds.web import create_app

    # the page's first answer runs the Goblins' Monte Carlo kernel: compile it before the browser waits
    fleeodds.evaluate(fleeodds.load_scenario(GOBLINS), "mc", trials=1000)
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(warmup=False), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started, "the server did not start"
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def driver():
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not Path(p).exists()]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: install the Debian packages chromium and chromium-driver "
                    "(.ci/run does)")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000",
              "--disable-gpu", "--lang=en-GB"):
        opts.add_argument(a)
    opts.add_experimental_option("prefs", {"intl.accept_languages": "en-GB,en"})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    d.set_page_load_timeout(WAIT)
    yield d
    d.quit()


def fleeodds_source(name: str) -> dict:
    from fleeodds import example_path, files

    return files.read_toml(example_path(name), "scenario")


def cli_message(data: dict) -> str:
    """The one-line message the command line prints for this scenario (without ``error: ``)."""
    from fleeodds import FleeoddsError
    from fleeodds.system import scenario_from_dict

    with pytest.raises(FleeoddsError) as exc:
        scenario_from_dict(data)
    return str(exc.value)


def wait(d, cond, timeout=WAIT):
    """Wait for ``cond``; the page re-renders its parts, so stale or missing elements mean "not yet"."""
    return WebDriverWait(d, timeout, ignored_exceptions=(StaleElementReferenceException,
                                                          NoSuchElementException)).until(cond)


def caught_fraction(d) -> str:
    cell = wait(d, EC.presence_of_element_located((By.CSS_SELECTOR, 'tr[data-outcome="caught"] td.c-fraction')))
    return cell.text


def wait_fraction(d, want: str) -> None:
    try:
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, 'tr[data-outcome="caught"] td.c-fraction')
             and d.find_element(By.CSS_SELECTOR, 'tr[data-outcome="caught"] td.c-fraction').text == want)
    except TimeoutException:
        raise AssertionError(f"caught fraction never became {want}; page says "
                             f"{d.find_element(By.ID, 'answer').text!r}") from None


def plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def open_page(d, url: str) -> None:
    d.get(url)
    wait(d, lambda d: d.find_element(By.ID, "answer").text.strip() != "")


def pick_goblins(d, server) -> None:
    open_page(d, server)
    Select(d.find_element(By.ID, "example")).select_by_value(GOBLINS)
    wait_fraction(d, CAUGHT)


def test_goblins_exact_answer_and_screenshot(driver, server):
    d = driver
    open_page(d, server)
    Select(d.find_element(By.ID, "example")).select_by_value("warhammer/goblins_charge_fleeing_dwarfs.toml")
    wait(d, lambda d: "Night Goblins lose a combat by 2" not in d.find_element(By.ID, "answer").text)
    Select(d.find_element(By.ID, "example")).select_by_value(GOBLINS)
    wait_fraction(d, CAUGHT)
    answer = d.find_element(By.ID, "answer").text
    assert answer == ("Night Goblins lose a combat by 2 to Dwarf Warriors: held 8%, "
                      "caught and destroyed in the pursuit 51%, escaped 41%.")
    # the Monte Carlo column, its interval and count are there too, and the chart is inline SVG
    row = d.find_element(By.CSS_SELECTOR, 'tr[data-outcome="caught"]')
    assert row.find_element(By.CSS_SELECTOR, "td.c-count").text.replace(",", "").isdigit()
    assert "–" in row.find_element(By.CSS_SELECTOR, "td.c-ci").text
    assert d.find_elements(By.CSS_SELECTOR, "#chart svg")
    d.execute_script("window.scrollTo(0, 0); document.activeElement.blur()")
    time.sleep(0.3)
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(SCREENSHOT))
    assert SCREENSHOT.stat().st_size > 20_000


def test_french_labels_results_and_charts(driver, server):
    d = driver
    pick_goblins(d, server)
    d.find_element(By.ID, "lang-fr").click()
    wait(d, lambda d: "Commandement" in d.find_element(By.CSS_SELECTOR, 'label[for="f-fleeing-leadership"]').text)
    wait(d, lambda d: "rattrapée" in d.find_element(By.ID, "answer").text)
    assert d.find_element(By.ID, "run").text == "Calculer"
    assert d.find_element(By.CSS_SELECTOR, '#ask h2').text == "1. Votre question"
    answer = plain(d.find_element(By.ID, "answer").text)
    assert "rattrapée et détruite par la poursuite 51 %" in answer and "tient 8 %" in answer
    assert caught_fraction(d) == CAUGHT
    assert "Probabilité" in d.find_element(By.CSS_SELECTOR, "#chart svg").get_attribute("innerHTML")
    exact = plain(d.find_element(By.CSS_SELECTOR, 'tr[data-outcome="caught"] td.c-exact').text)
    assert exact == "51,00 %"  # decimal comma, space before %
    d.find_element(By.ID, "lang-en").click()
    wait(d, lambda d: "caught" in d.find_element(By.ID, "answer").text)


def test_share_link_reopens_the_same_answer(driver, server):
    d = driver
    pick_goblins(d, server)
    d.find_element(By.ID, "lang-fr").click()
    wait(d, lambda d: "rattrapée" in d.find_element(By.ID, "answer").text)
    margin = d.find_element(By.ID, "f-combat-margin")
    margin.clear()
    margin.send_keys("3")
    margin.send_keys("\t")
    want = str(goblins_caught(margin=3))
    wait_fraction(d, want)
    d.find_element(By.ID, "copy-link").click()
    link = d.find_element(By.ID, "share-link").get_attribute("value")
    assert "#s=" in link
    answer = d.find_element(By.ID, "answer").text
    first = d.current_window_handle
    d.switch_to.new_window("window")
    try:
        open_page(d, link)
        wait_fraction(d, want)
        assert d.find_element(By.ID, "answer").text == answer
        assert d.find_element(By.ID, "f-combat-margin").get_attribute("value") == "3"
        assert d.find_element(By.ID, "lang-fr").get_attribute("aria-pressed") == "true"
    finally:
        d.close()
        d.switch_to.window(first)
    d.find_element(By.ID, "lang-en").click()


def _upload_and_pick(d, cat: Path, gst: Path | None, unit: str | None) -> str:
    box = d.find_element(By.ID, "upload-box")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()
    d.find_element(By.ID, "cat-file").send_keys(str(cat))
    if gst is not None:
        d.find_element(By.ID, "gst-file").send_keys(str(gst))
    d.find_element(By.ID, "read-units").click()
    wait(d, EC.visibility_of_element_located((By.ID, "unit")))
    sel = Select(d.find_element(By.ID, "unit"))
    if unit is None:
        unit = sel.options[0].get_attribute("data-name")
    sel.select_by_value(next(o.get_attribute("value") for o in sel.options if o.get_attribute("data-name") == unit))
    Select(d.find_element(By.ID, "role")).select_by_value("fleeing")
    d.find_element(By.ID, "use-unit").click()
    wait(d, lambda d: d.find_element(By.ID, "f-fleeing-name").get_attribute("value") == unit)
    # then the answer for that unit, or a field the unit makes moot refused by name (a Stubborn unit
    # ignores combat.margin), next to that field
    # (the example's title, which named the Night Goblins, gives way to the one naming the unit)
    wait(d, lambda d: d.find_element(By.ID, "answer").text.startswith(f"{unit} vs ")
         or d.find_elements(By.CSS_SELECTOR, "#form .field-error"))
    return unit


def test_upload_project_catalogue_and_pick_a_unit(driver, server):
    d = driver
    pick_goblins(d, server)
    _upload_and_pick(d, DATA / "greenskin_warband_8th.cat", DATA / "made_up_8th.gst", "Cave Goblins")
    wait(d, lambda d: d.find_element(By.ID, "answer").text.startswith("Cave Goblins vs Dwarf Warriors (7th):"))
    assert d.find_element(By.ID, "f-fleeing-movement").get_attribute("value") == "4"
    assert d.find_element(By.ID, "f-fleeing-leadership").get_attribute("value") == "5"
    wait_fraction(d, CAUGHT)  # M4 Ld5 flees and is caught like the Night Goblins


REAL = sorted(SHARED.glob("*.cat")) if SHARED.is_dir() else []


if REAL:  # generated only when the real catalogues are there: nothing skips without them

    @pytest.mark.parametrize("cat", REAL, ids=[p.stem for p in REAL])
    def test_upload_real_catalogue(driver, server, cat):
        d = driver
        pick_goblins(d, server)
        gst = sorted(SHARED.glob("*.gst"))
        unit = _upload_and_pick(d, cat, gst[0] if gst and "7thBRB" in cat.name else None, None)
        assert d.find_element(By.ID, "f-fleeing-leadership").get_attribute("value").isdigit(), unit


def test_leadership_13_shows_the_field_error(driver, server):
    d = driver
    pick_goblins(d, server)
    ld = d.find_element(By.ID, "f-fleeing-leadership")
    ld.clear()
    ld.send_keys("13")
    ld.send_keys("\t")
    err = wait(d, EC.visibility_of_element_located(
        (By.CSS_SELECTOR, '[data-path="fleeing.leadership"] .field-error')))
    assert err.text == cli_message(dict(fleeodds_source(GOBLINS), fleeing={"profile": "Night Goblins",
                                                                          "leadership": 13}))
    field = d.find_element(By.CSS_SELECTOR, '[data-path="fleeing.leadership"]')
    assert "invalid" in field.get_attribute("class")
    # the summary above the form lists what it announces: the field by its name, and its message
    summary = d.find_element(By.ID, "form-errors").text.splitlines()
    assert summary == ["This field needs fixing (in red below):", "Leadership (Ld) — " + err.text], summary
    ld.clear()
    ld.send_keys("5")
    ld.send_keys("\t")
    wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, ".field-error"))


def test_compare_and_sweep_on_the_page(driver, server):
    d = driver
    pick_goblins(d, server)
    d.find_element(By.ID, "setup-label").send_keys("Ld 7")
    Select(d.find_element(By.ID, "setup-field")).select_by_value("fleeing.leadership")
    d.find_element(By.ID, "setup-value").send_keys("7")
    d.find_element(By.ID, "add-setup").click()
    wait(d, lambda d: "Ld 7" in d.find_element(By.ID, "setups").text)
    d.find_element(By.ID, "run-compare").click()
    wait(d, EC.presence_of_element_located((By.CSS_SELECTOR, "#compare-chart svg")))
    assert "Ld 7" in d.find_element(By.ID, "compare-table").text
    Select(d.find_element(By.ID, "sweep-field-1")).select_by_value("combat.margin")
    d.find_element(By.ID, "sweep-values-1").send_keys("1..4")
    d.find_element(By.ID, "run-sweep").click()
    wait(d, EC.presence_of_element_located((By.CSS_SELECTOR, "#sweep-chart svg")))


def test_every_system_gets_a_form_and_an_answer(driver, server):
    from fleeodds.system import system_keys
    from fleeodds.web import service

    d = driver
    pick_goblins(d, server)
    for key in system_keys():
        if key == "warhammer":
            continue
        before = d.find_element(By.ID, "answer").text
        Select(d.find_element(By.ID, "system")).select_by_value(key)
        wait(d, lambda d: d.find_element(By.ID, "answer").text not in ("", before), timeout=120)
        assert not d.find_elements(By.CSS_SELECTOR, ".field-error"), key
        if service.schema(key, "en").get("properties"):
            assert len(d.find_elements(By.CSS_SELECTOR, "#form .field")) >= 3, key
        else:  # a system without a schema yet is edited as JSON
            assert d.find_elements(By.ID, "f-json"), key
        # lists of objects (enemies, adversaries) get one fieldset per item with its own fields
        lists = d.find_elements(By.CSS_SELECTOR, "#form fieldset.list")
        for box in lists:
            assert box.find_elements(By.CSS_SELECTOR, "button"), key


DJINN = "hell_dorado/fuite_djinn_intangible.toml"


def pick_example(d, server, name: str) -> None:
    open_page(d, server)
    Select(d.find_element(By.ID, "system")).select_by_value(name.split("/")[0])
    wait(d, lambda d: any(o.get_attribute("value") == name
                          for o in Select(d.find_element(By.ID, "example")).options))
    Select(d.find_element(By.ID, "example")).select_by_value(name)
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, 'tr[data-outcome]') and "Djinn" in
         d.find_element(By.ID, "answer").text)


def test_the_form_shows_the_sections_of_the_scenario_type(driver, server):
    """Hell Dorado's schema marks its sections with x-when {"type": [...]}: a Fuite shows its fleeing
    fighter, adversaries and Fuite settings in the main form, and no Passe or Attraction section."""
    d = driver
    pick_example(d, server, DJINN)
    fleeing = d.find_element(By.CSS_SELECTOR, '#form fieldset[data-path="fleeing"]')
    assert fleeing.is_displayed()
    assert not d.find_elements(By.CSS_SELECTOR, '#form details.more fieldset[data-path="fleeing"]')
    assert d.find_element(By.ID, "f-fleeing-pv").is_displayed()
    # [[others]] (other enemies on the table) belongs to a Fuite too, since a flee move can be placed
    for absent in ("attacker", "defender", "passe", "attractors", "attraction"):
        assert not d.find_elements(By.CSS_SELECTOR, f'#form [data-path="{absent}"]'), absent
    Select(d.find_element(By.ID, "f-type")).select_by_value('"passe"')
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, '#form fieldset[data-path="attacker"]'))
    assert d.find_element(By.CSS_SELECTOR, '#form fieldset[data-path="defender"]').is_displayed()
    assert not d.find_elements(By.CSS_SELECTOR, '#form [data-path="fleeing"]')
    Select(d.find_element(By.ID, "f-type")).select_by_value('"fuite"')
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, '#form fieldset[data-path="fleeing"]'))
    # put back (a profile named by the schema is a select: its values are JSON, as every select's)
    assert d.find_element(By.ID, "f-fleeing-profile").get_attribute("value") == '"djinn"'
    wait(d, lambda d: "Djinn" in d.find_element(By.ID, "answer").text and not
         d.find_elements(By.CSS_SELECTOR, ".field-error"))


def test_added_setup_comes_after_the_scenarios_own_and_sweep_leaves_setups_out(driver, server):
    d = driver
    pick_example(d, server, DJINN)
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#setups li strong")) == 2)
    first = d.find_element(By.CSS_SELECTOR, "#setups li").text
    assert not first.rstrip().endswith("—"), first  # a setup without changes says so
    d.find_element(By.ID, "setup-label").send_keys("PV 4")
    Select(d.find_element(By.ID, "setup-field")).select_by_value("fleeing.pv")
    d.find_element(By.ID, "setup-value").send_keys("4")
    d.find_element(By.ID, "add-setup").click()
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#setups li strong")) == 3)
    labels = [x.text for x in d.find_elements(By.CSS_SELECTOR, "#setups li strong")]
    assert labels == ["As given", "Without Intangible", "PV 4"], labels
    d.find_element(By.ID, "run-compare").click()
    wait(d, EC.presence_of_element_located((By.CSS_SELECTOR, "#compare-chart svg")))
    heads = [x.text for x in d.find_elements(By.CSS_SELECTOR, "#compare-table thead th")]
    assert heads[1] == "As given" and heads[-1].startswith("PV 4"), heads
    Select(d.find_element(By.ID, "sweep-field-1")).select_by_value("fleeing.pv")
    d.find_element(By.ID, "sweep-values-1").send_keys("2..4")
    d.find_element(By.ID, "run-sweep").click()
    wait(d, EC.presence_of_element_located((By.CSS_SELECTOR, "#sweep-chart svg")))
    assert d.find_element(By.ID, "sweep-errors").get_attribute("hidden") is not None
    assert d.find_element(By.ID, "sweep-png").is_displayed() and d.find_element(By.ID, "compare-svg").is_displayed()
    # the link keeps the example it started from, and the added setup's place
    link = d.find_element(By.ID, "share-link").get_attribute("value")
    first_window = d.current_window_handle
    d.switch_to.new_window("window")
    try:
        open_page(d, link)
        wait(d, lambda d: Select(d.find_element(By.ID, "example")).first_selected_option.get_attribute("value")
             == DJINN)
        wait(d, lambda d: [x.text for x in d.find_elements(By.CSS_SELECTOR, "#setups li strong")]
             == ["As given", "Without Intangible", "PV 4"])
    finally:
        d.close()
        d.switch_to.window(first_window)


def test_a_run_waiting_for_its_kernels_says_so(driver, server):
    """Waiting for the kernels (compiling during the first start's warm-up, or not) and drawing the
    answer after the last trial, the bar has no level (indeterminate): never a full bar with no answer."""
    d = driver
    open_page(d, server)
    _wait_idle(d)  # the page's own question is answered: its progress no longer changes
    level = "return document.getElementById('progress').hasAttribute('value')"
    d.execute_script("showProgress({state: 'running', phase: 'preparing', done: 0, total: 1000000})")
    assert d.find_element(By.ID, "progress-text").text == \
        "Preparing the Monte Carlo engine (compiled once, about a minute)…"
    assert not d.execute_script(level)
    d.execute_script("showProgress({state: 'running', phase: 'preparing', done: 0, total: 1000000, "
                     "warming_up: true, compiling_seconds: 45})")
    assert d.find_element(By.ID, "progress-text").text == "Compiling the Monte Carlo kernels, once — about 45 s…"
    assert not d.execute_script(level)
    d.execute_script("showProgress({state: 'running', phase: 'simulating', done: 262144, total: 1000000})")
    assert d.find_element(By.ID, "progress-text").text == "Simulating… 262,144 / 1,000,000 trials"
    assert d.execute_script("const p = document.getElementById('progress'); return [p.value, p.max]") == \
        [262144, 1000000]
    for phase in ("simulating", "finishing"):  # every trial done: the answer is being drawn
        d.execute_script(f"showProgress({{state: 'running', phase: '{phase}', done: 1000000, total: 1000000, "
                         "warming_up: true})")
        assert d.find_element(By.ID, "progress-text").text == \
            "1,000,000 trials done; drawing the answer (slower while the kernels compile, once)…"
        assert not d.execute_script(level)
    d.execute_script("showProgress({state: 'running', phase: 'finishing', done: 1000000, total: 1000000})")
    assert d.find_element(By.ID, "progress-text").text == "1,000,000 trials done; drawing the answer…"
    # the page's words in French, as the language switch loads them (GET api/text?lang=fr)
    switch = ("const done = arguments[arguments.length - 1]; loadText(arguments[0]).then((words) => "
              "{ S.lang = S.textLang = arguments[0]; S.text = words; done(); });")
    d.execute_async_script(switch, "fr")
    d.execute_script("showProgress({state: 'running', phase: 'preparing', done: 0, "
                     "total: 1000000, warming_up: true, compiling_seconds: 45})")
    assert d.find_element(By.ID, "progress-text").text == \
        "Compilation des noyaux Monte-Carlo, une seule fois — environ 45 s…"
    d.execute_async_script(switch, "en")
    d.execute_script("hideProgress()")


def test_choices_show_names_in_the_pages_language_and_submit_codes(driver, server):
    """Dropdowns name their values from the schema's x-enum-labels (written from the system's
    value_labels): "7th edition" / "7e édition", not "7th"; an alias ("7") is offered once; the
    option's value stays the code the scenario file uses."""
    d = driver
    pick_goblins(d, server)
    edition = Select(d.find_element(By.ID, "f-edition"))
    names = [o.text for o in edition.options]
    assert edition.first_selected_option.text == "7th edition"
    assert edition.first_selected_option.get_attribute("value") == '"7th"'
    assert len(names) == len(set(names)), names  # "6th" and "6" are one choice
    assert "6th" not in names and "tow" not in names and "The Old World" in names
    situation = Select(d.find_element(By.ID, "f-situation"))
    assert situation.first_selected_option.text == "Break test after a lost combat"
    assert situation.first_selected_option.get_attribute("value") == '"break"'
    d.find_element(By.ID, "lang-fr").click()
    wait(d, lambda d: Select(d.find_element(By.ID, "f-edition")).first_selected_option.text == "7e édition")
    assert Select(d.find_element(By.ID, "f-situation")).first_selected_option.text == \
        "Test de moral après un combat perdu"
    # picking a name submits its code: the answer is the 6th edition's (the link holds "6th")
    Select(d.find_element(By.ID, "f-edition")).select_by_visible_text("6e édition")
    wait(d, lambda d: '"edition":"6th"' in _shared_state(d))
    Select(d.find_element(By.ID, "f-edition")).select_by_visible_text("7e édition")
    wait(d, lambda d: '"edition"' not in _shared_state(d))  # back to the default: not written
    d.find_element(By.ID, "lang-en").click()
    wait(d, lambda d: "caught" in d.find_element(By.ID, "answer").text)


def _shared_state(d) -> str:
    import base64

    link = d.find_element(By.ID, "share-link").get_attribute("value")
    code = link.split("#s=", 1)[1]
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)).decode()


def test_a_break_test_shows_its_main_fields_first(driver, server):
    """The fields the question sets and each table's first fields are shown; the others are folded
    (closed <details>) under "More options", and open again where a field error points."""
    d = driver
    pick_goblins(d, server)
    for shown in ("f-edition", "f-situation", "f-fleeing-profile", "f-fleeing-leadership", "f-combat-margin",
                  "f-table-max_turns"):
        assert d.find_element(By.ID, shown).is_displayed(), shown
    folded = d.find_elements(By.CSS_SELECTOR, "#form details.more")
    assert folded and not any(x.get_attribute("open") for x in folded)
    for hidden in ("f-fleeing-musician", "f-title", "f-options-tie_rule"):
        assert not d.find_element(By.ID, hidden).is_displayed(), hidden
    summary = d.find_element(By.CSS_SELECTOR, '#form fieldset[data-path="fleeing"] details.more > summary')
    assert summary.text.startswith("More options (")
    summary.click()
    assert d.find_element(By.ID, "f-fleeing-musician").is_displayed()
    # a field error inside a folded part opens it
    d.execute_script("showErrors({message: 'x', data: {errors: [{path: 'options.tie_rule', message: 'bad'}]}},"
                     " document.getElementById('form-errors'))")
    assert d.find_element(By.ID, "f-options-tie_rule").is_displayed()
    d.execute_script("clearErrors()")


def _wait_idle(d) -> None:
    wait(d, lambda d: d.find_element(By.ID, "run").get_attribute("disabled") is None, timeout=300)


def _error_shown(d) -> tuple[str, str]:
    wait(d, lambda d: d.find_element(By.ID, "form-errors").get_attribute("hidden") is None)
    assert d.find_element(By.ID, "progress-box").get_attribute("hidden") is not None  # the progress stopped
    assert d.find_element(By.ID, "run").get_attribute("disabled") is None  # and Compute can be pressed again
    return d.find_element(By.ID, "form-errors").text, d.find_element(By.ID, "answer").text


def test_every_failed_request_stops_the_progress_and_says_why(driver, server, monkeypatch):
    """A busy server (429, forced: no run may start), a server failure (500), an unreachable server
    (network error) and a refused question (400): the progress stops, Compute is free again, and
    the page says what happened in its language, never a raw "HTTP 429" or "Failed to fetch"."""
    from fleeodds.web import jobs, service, work

    def busy(self, *a, **k):
        raise work.Busy(429, 5, "the server is busy")

    d = driver
    pick_goblins(d, server)
    _wait_idle(d)
    # the work queue full: no run may start (and the answer already computed is not looked up)
    monkeypatch.setattr(service, "view_if_cached", lambda *a, **k: None)
    monkeypatch.setattr(jobs.Jobs, "start", busy)
    d.find_element(By.ID, "run").click()
    box, answer = _error_shown(d)
    assert box == "The server is already running as many calculations as it can. Wait a few seconds, then try again."
    assert answer == "No answer: see the message above the form."
    assert "fixing" not in box  # no field is in red
    # the message sits at the top of the form, in sight
    summary = d.find_element(By.ID, "form-errors")
    assert summary.location["y"] < d.find_element(By.ID, "form").location["y"]
    assert d.execute_script("const r = arguments[0].getBoundingClientRect(); "
                            "return r.top >= 0 && r.bottom <= window.innerHeight", summary)
    d.find_element(By.ID, "lang-fr").click()
    wait(d, lambda d: d.find_element(By.ID, "run").text == "Calculer")
    box, answer = _error_shown(d)  # the French page's own run is refused the same way
    assert box.startswith("Le serveur fait déjà autant de calculs qu'il le peut.")
    assert answer == "Pas de réponse : voyez le message au-dessus du formulaire."
    monkeypatch.undo()
    try:
        d.execute_script("window._fetch = window.fetch; window.fetch = (u, i) => /^\\/?api\\/jobs/.test(String(u))"
                         " ? Promise.resolve(new Response('<html>crash</html>', {status: 500})) : window._fetch(u, i)")
        d.find_element(By.ID, "run").click()
        box, _ = _error_shown(d)
        assert box.startswith("Le serveur a échoué sur cette question (erreur 500).")
        d.execute_script("window.fetch = () => Promise.reject(new TypeError('Failed to fetch'))")
        d.find_element(By.ID, "run").click()
        wait(d, lambda d: "ne répond pas" in d.find_element(By.ID, "form-errors").text)
        box, _ = _error_shown(d)
        assert box.startswith("Le serveur ne répond pas")
        d.find_element(By.ID, "lang-en").click()  # the language switch needs the server too: it says so
        wait(d, lambda d: "ne répond pas" in d.find_element(By.ID, "form-errors").text)
        d.execute_script("window.fetch = (u, i) => /^\\/?api\\/jobs/.test(String(u)) ? Promise.resolve("
                         "new Response(JSON.stringify({detail: 'trials: 0 is not allowed', errors: []}),"
                         " {status: 400})) : window._fetch(u, i)")
        d.find_element(By.ID, "run").click()
        wait(d, lambda d: "trials: 0 is not allowed" in d.find_element(By.ID, "form-errors").text)
        _error_shown(d)
    finally:
        d.execute_script("if (window._fetch) window.fetch = window._fetch")
    d.find_element(By.ID, "lang-en").click()
    wait(d, lambda d: "caught" in d.find_element(By.ID, "answer").text)


#: English words a French page must not show (none of them is also a French word or a code).
ENGLISH = {"the", "and", "with", "without", "default", "defaults", "more", "compute", "add", "remove", "yes",
           "draw", "compare", "field", "value", "values", "seed", "trials", "chart", "results", "setup", "setups",
           "outcome", "exactly", "least", "most", "interval", "count", "game", "start", "answer",
           "share", "download", "link", "copy", "stop", "from", "when", "which", "each", "every", "never",
           "always", "only", "first", "after", "before", "unit", "enemy", "roll", "stays", "stands", "of", "to",
           "is", "are", "in", "by", "fixing", "below", "above", "loading", "working", "error", "server"}
#: Proper names that read the same in both languages.
NAMES = ("The Old World", "Monte Carlo", "BattleScribe", "Night Goblins", "Dwarf Warriors")
SHOTS = Path(tempfile.gettempdir()) / "fleeodds_web_fr"


def _codes(key: str) -> set[str]:
    """The values a scenario file writes (``roll``, ``none``): help texts name them as written."""
    from fleeodds.web import service

    from .test_labels import enum_nodes

    return {str(v) for _, node in enum_nodes(service.schema(key, "fr")) for v in node["enum"]}


def _english_words(text: str, codes: set[str] = frozenset()) -> list[str]:
    import re

    for name in NAMES:
        text = text.replace(name, "")
    # a section of the (English) documentation cited by its title: (docs/warhammer.md, « Things in the way »)
    text = re.sub(r"docs/[\w./-]+, « [^»]*»", "", text)
    # codes and dotted paths stay as written (fleeing.leadership, same_step, goblins_broken.toml)
    out = set()
    for m in re.finditer(r"[\w.'’-]+", text):
        w = m.group()
        if not re.search(r"[_.\d]", w) and w.lower() in ENGLISH and w not in codes:
            out.add(f"{w!r} in …{text[max(0, m.start() - 40):m.end() + 40]}…")
    return sorted(out)


def _screenshot(d, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    d.save_screenshot(str(path))
    return path


@pytest.mark.parametrize("key", ["warhammer", "dnd", "hell_dorado"])
def test_french_page_names_every_choice_and_shows_no_english(driver, server, key):
    """With French chosen, for each system: the whole form (every "More options" opened) names
    every choice (no dropdown or checkbox shows its code), and no English word is visible; a
    field error shows its summary at the top of the form, in French, where the eye is."""
    d = driver
    open_page(d, server)
    if d.find_element(By.ID, "lang-fr").get_attribute("aria-pressed") != "true":
        d.find_element(By.ID, "lang-fr").click()
        wait(d, lambda d: d.find_element(By.ID, "run").text == "Calculer")
    if Select(d.find_element(By.ID, "system")).first_selected_option.get_attribute("value") != key:
        before = d.find_element(By.ID, "answer").text
        Select(d.find_element(By.ID, "system")).select_by_value(key)
        wait(d, lambda d: d.find_element(By.ID, "answer").text not in ("", before), timeout=120)
    _wait_idle(d)
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "tr[data-outcome]"))
    d.execute_script("document.querySelectorAll('#form details').forEach((x) => { x.open = true; })")
    raw = []
    for o in d.find_elements(By.CSS_SELECTOR, "#form select option"):
        code = o.get_attribute("value")
        text = o.text.strip()
        if code.startswith('"') and "_" in code and text == code.strip('"'):
            raw.append(code)
    for box in d.find_elements(By.CSS_SELECTOR, "#form .multi input[type=checkbox]"):
        code = box.get_attribute("value")
        text = box.find_element(By.XPATH, "..").text.strip()
        if "_" in code and text == code:
            raw.append(code)
    assert not raw, f"{key}: choices shown as their code: {raw}"
    page = d.find_element(By.TAG_NAME, "body").text
    codes = _codes(key)
    assert not _english_words(page, codes), f"{key}: English words on the French page: {_english_words(page, codes)}"
    assert d.find_element(By.CSS_SELECTOR, ".lang").get_attribute("aria-label") == "Langue"
    # the answer's tables fit in their card: a long fraction wraps, the page does not scroll sideways
    assert d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    d.execute_script("window.scrollTo(0, 0); document.activeElement.blur()")
    _screenshot(d, f"{key}_answer")
    # an error: a number beyond its maximum, in the first field that has one
    box = next(x for x in d.find_elements(By.CSS_SELECTOR, "#form input[data-number]")
               if x.get_attribute("data-max") and x.is_displayed())
    box.clear()
    box.send_keys(str(int(float(box.get_attribute("data-max"))) + 1))
    box.send_keys("\t")
    err = wait(d, EC.visibility_of_element_located((By.CSS_SELECTOR, "#form .field-error")))
    summary = d.find_element(By.ID, "form-errors")
    wait(d, lambda d: summary.get_attribute("hidden") is None)
    assert summary.text.startswith("Ce champ est à corriger (en rouge ci-dessous) :")  # the server names one
    assert summary.text.endswith(" — " + err.text)  # and the summary lists it
    assert summary.location["y"] < d.find_element(By.ID, "form").location["y"]  # above the form
    assert d.execute_script("const r = arguments[0].getBoundingClientRect(); "
                            "return r.top >= 0 && r.bottom <= window.innerHeight", err)  # in sight
    assert "attendu" in err.text or "admis" in err.text, err.text
    assert "Corrigez" in d.find_element(By.ID, "answer").text
    page = d.find_element(By.TAG_NAME, "body").text
    assert not _english_words(page, codes), f"{key}: English words with the error shown: {_english_words(page, codes)}"
    _screenshot(d, f"{key}_error")
    d.find_element(By.ID, "lang-en").click()
    wait(d, lambda d: d.find_element(By.ID, "run").text == "Compute")


def _french_goblins(d, server) -> None:
    open_page(d, server)
    if d.find_element(By.ID, "lang-fr").get_attribute("aria-pressed") != "true":
        d.find_element(By.ID, "lang-fr").click()
        wait(d, lambda d: d.find_element(By.ID, "run").text == "Calculer")
    if Select(d.find_element(By.ID, "system")).first_selected_option.get_attribute("value") != "warhammer":
        Select(d.find_element(By.ID, "system")).select_by_value("warhammer")
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, f'#example option[value="{GOBLINS}"]'))
    Select(d.find_element(By.ID, "example")).select_by_value(GOBLINS)
    wait_fraction(d, CAUGHT)
    _wait_idle(d)


def test_text_in_a_number_field_is_listed_with_the_servers_error(driver, server):
    """Ld 13 (the server refuses it) and "deux" in the combat margin (a number field: the page
    refuses the text itself, quoting it): both fields in red, both listed in the summary by name
    with their message; once the margin is a number, the summary names one field."""
    d = driver
    _french_goblins(d, server)
    ld = d.find_element(By.ID, "f-fleeing-leadership")
    ld.clear()
    ld.send_keys("13")
    ld.send_keys("\t")
    margin = d.find_element(By.ID, "f-combat-margin")
    margin.clear()
    margin.send_keys("deux")
    margin.send_keys("\t")
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#form .field-error")) == 2)
    summary = d.find_element(By.ID, "form-errors")
    wait(d, lambda d: summary.get_attribute("hidden") is None)
    lines = summary.text.splitlines()
    ld_msg = "fleeing.leadership: 13 n'est pas admis ; attendu : un nombre de 0 à 10"
    assert lines[0] == "Certains champs sont à corriger (en rouge ci-dessous) :"
    assert lines[1] == "Commandement (Cd) — " + ld_msg
    assert lines[2].startswith("Écart du résultat de combat") and \
        lines[2].endswith(" — combat.margin: « deux » n'est pas un nombre ; attendu : un nombre entier de 0 à 30"), lines
    assert len(lines) == 3
    for path in ("fleeing.leadership", "combat.margin"):
        assert "invalid" in d.find_element(By.CSS_SELECTOR, f'[data-path="{path}"]').get_attribute("class")
    assert "Corrigez" in d.find_element(By.ID, "answer").text  # no answer to another question
    d.execute_script("arguments[0].scrollIntoView({block: 'start'})", summary)
    _screenshot(d, "two_errors")
    margin.clear()
    margin.send_keys("3")
    margin.send_keys("\t")
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#form .field-error")) == 1
         and d.find_element(By.ID, "form-errors").text.startswith("Ce champ"))
    assert d.find_element(By.ID, "form-errors").text.splitlines() == \
        ["Ce champ est à corriger (en rouge ci-dessous) :", "Commandement (Cd) — " + ld_msg]
    ld.clear()
    ld.send_keys("5")
    ld.send_keys("\t")
    wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, ".field-error"))
    wait_fraction(d, str(goblins_caught(5, 3)))


@pytest.mark.parametrize("key", ["warhammer", "dnd", "hell_dorado"])
def test_select_boxes_show_their_choices_whole(driver, server, key):
    """A select box is as wide as its longest choice ("Test de moral après un combat perdu"), within
    the form's width; the example's long title is whole in the line under its box; no sideways scroll."""
    d = driver
    _french_goblins(d, server)
    if key != "warhammer":
        before = d.find_element(By.ID, "answer").text
        Select(d.find_element(By.ID, "system")).select_by_value(key)
        wait(d, lambda d: d.find_element(By.ID, "answer").text not in ("", before), timeout=120)
        Select(d.find_element(By.ID, "example")).select_by_index(1)
        _wait_idle(d)
    d.execute_script("document.querySelectorAll('#form details').forEach((x) => { x.open = true; })")
    cut = d.execute_script("""
        const c = document.createElement('canvas').getContext('2d');
        return [...document.querySelectorAll('#form select')].filter((s) => s.offsetParent).map((s) => {
          const cs = getComputedStyle(s); c.font = cs.fontSize + ' ' + cs.fontFamily;
          const text = Math.max(...[...s.options].map((o) => c.measureText(o.text).width));
          return [s.id, s.clientWidth, Math.ceil(text)];
        }).filter(([, box, text]) => text + 24 > box)""")
    assert not cut, f"{key}: select boxes narrower than their choices (id, box, text px): {cut}"
    example = Select(d.find_element(By.ID, "example")).first_selected_option
    assert d.find_element(By.ID, "example-help").text == \
        example.text + " — " + example.get_attribute("value").split("/")[-1]
    assert d.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    d.execute_script("window.scrollTo(0, 0); document.activeElement.blur()")
    _screenshot(d, f"{key}_selects")


def _state(d) -> dict:
    import json

    return json.loads(_shared_state(d))


def _type(d, box_id: str, text: str) -> None:
    from selenium.webdriver.common.keys import Keys

    box = d.find_element(By.ID, box_id)
    box.send_keys(Keys.CONTROL, "a")  # the text is replaced as a player does (clear() would send an empty value)
    box.send_keys(text)
    box.send_keys("\t")


def _field_error(d, path: str) -> str:
    return wait(d, EC.visibility_of_element_located((By.CSS_SELECTOR, f'[data-path="{path}"] .field-error'))).text


def test_numbers_read_as_people_type_them(driver, server):
    """Issue 24: a number field reads "12,5" as 12.5 on the French page (a browser's number box
    made it 125), "12.5" in both languages, and shows its decimals in the page's language; "7,5" in
    an integer field (Commandement) is refused by name, saying it needs a whole number (it was
    read as 75); the English page refuses "12,5" by name rather than guess; so do the run's settings."""
    d = driver
    _french_goblins(d, server)
    d.execute_script("document.querySelectorAll('#form details').forEach((x) => { x.open = true; })")
    _type(d, "f-table-gap", "12,5")
    wait(d, lambda d: _state(d)["scenario"].get("table", {}).get("gap") == 12.5)
    assert not d.find_elements(By.CSS_SELECTOR, ".field-error")
    _type(d, "f-table-gap", "2.25")  # a point is a decimal point in French too
    wait(d, lambda d: _state(d)["scenario"]["table"].get("gap") == 2.25)
    _type(d, "f-table-gap", "12,5")
    wait(d, lambda d: _state(d)["scenario"]["table"].get("gap") == 12.5)
    _wait_idle(d)
    d.find_element(By.ID, "lang-en").click()  # the form is drawn again: its decimals in each language
    wait(d, lambda d: d.find_element(By.ID, "run").text == "Compute")
    assert d.find_element(By.ID, "f-table-gap").get_attribute("value") == "12.5"
    _type(d, "f-table-gap", "12,5")  # English: a comma groups thousands, the page does not guess
    assert _field_error(d, "table.gap") == ("table.gap: '12,5' is not a number; expected a number from 0 to 200 "
                                            "(decimals take a point: 12.5)")
    assert _state(d)["scenario"]["table"]["gap"] == 12.5
    _type(d, "f-table-gap", "7.5")
    wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, ".field-error"))
    wait(d, lambda d: _state(d)["scenario"]["table"].get("gap") == 7.5)
    _wait_idle(d)
    d.find_element(By.ID, "lang-fr").click()
    wait(d, lambda d: d.find_element(By.ID, "run").text == "Calculer")
    assert d.find_element(By.ID, "f-table-gap").get_attribute("value") == "7,5"
    _type(d, "f-table-gap", "0")  # back to the default (not written): the answer is the example's again
    wait(d, lambda d: "gap" not in _state(d)["scenario"].get("table", {}))
    # an integer field: "7,5" is no whole number; the question waits, the value stays as it was
    _type(d, "f-fleeing-leadership", "7,5")
    msg = "fleeing.leadership: « 7,5 » n'est pas un nombre entier ; attendu : un nombre entier de 0 à 10"
    assert _field_error(d, "fleeing.leadership") == msg
    summary = d.find_element(By.ID, "form-errors")
    wait(d, lambda d: summary.text.splitlines()[1:] == ["Commandement (Cd) — " + msg])
    assert "leadership" not in _state(d)["scenario"]["fleeing"]
    assert "Corrigez" in d.find_element(By.ID, "answer").text
    d.execute_script("arguments[0].scrollIntoView({block: 'start'})", summary)
    _screenshot(d, "whole_number")
    _type(d, "f-fleeing-leadership", "7")
    wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, ".field-error"))
    wait_fraction(d, str(goblins_caught(7, 2)))
    # the run's settings too: a seed of "7,5" is named, never 75
    _wait_idle(d)
    _type(d, "seed", "7,5")
    d.find_element(By.ID, "run").click()
    assert _field_error(d, "seed") == "seed: « 7,5 » n'est pas un nombre entier ; attendu : un nombre entier"
    assert _state(d)["seed"] == 0
    _type(d, "seed", "0")
    _type(d, "trials", "1 000 000")  # French grouping spaces
    d.find_element(By.ID, "run").click()
    wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, ".field-error"))
    assert _state(d)["trials"] == 1_000_000
    _wait_idle(d)
    # a sweep's values: on the French page, ";" separates decimals written with a comma; an
    # integer field's list is read as it is written (5,6 is two values); a range stays as written
    sweep = "return sweepValues(arguments[0], arguments[1])"
    assert d.execute_script(sweep, "table.gap", "0,5 ; 1,5 ; 2") == [0.5, 1.5, 2]
    assert d.execute_script(sweep, "table.gap", "0,5, 1,5") == [0.5, 1.5]
    assert d.execute_script(sweep, "fleeing.leadership", "5,6") == [5, 6]
    assert d.execute_script(sweep, "fleeing.leadership", "5..7") == "5..7"
    d.find_element(By.ID, "lang-en").click()
    wait(d, lambda d: d.find_element(By.ID, "run").text == "Compute")
    assert d.execute_script(sweep, "table.gap", "0.5,1.5") == "0.5,1.5"  # the server reads it as before
    _wait_idle(d)


def test_french_dnd_form_takes_retraite(driver, server):
    """Issue 24: D&D's movement mode is a text field with named values; the form offers them as a
    drop-down in the page's language ("Retraite") and submits the code ("withdraw"); a name typed
    where a value is written (a setup's value) is read as its code too; the edition is a drop-down."""
    d = driver
    open_page(d, server)
    if d.find_element(By.ID, "lang-fr").get_attribute("aria-pressed") != "true":
        d.find_element(By.ID, "lang-fr").click()
        wait(d, lambda d: d.find_element(By.ID, "run").text == "Calculer")
    name = "dnd/wizard_greataxe_mobility_35.toml"
    Select(d.find_element(By.ID, "system")).select_by_value("dnd")
    wait(d, lambda d: any(o.get_attribute("value") == name for o in Select(d.find_element(By.ID, "example")).options))
    Select(d.find_element(By.ID, "example")).select_by_value(name)
    _wait_idle(d)
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "tr[data-outcome]"))
    edition = Select(d.find_element(By.ID, "f-edition"))
    assert edition.first_selected_option.text == "D&D 3.5"
    assert edition.first_selected_option.get_attribute("value") == '"3.5"'
    mode = Select(d.find_element(By.ID, "f-mode"))
    names = [o.text for o in mode.options]
    assert "Retraite" in names and "withdraw" not in names and len(names) == len(set(names)), names
    before = d.find_element(By.ID, "answer").text
    mode.select_by_visible_text("Retraite")
    wait(d, lambda d: _state(d)["scenario"].get("mode") == "withdraw")
    _wait_idle(d)
    wait(d, lambda d: d.find_element(By.ID, "answer").text not in ("", before))
    assert not d.find_elements(By.CSS_SELECTOR, ".field-error")
    assert d.find_element(By.ID, "form-errors").get_attribute("hidden") is not None
    d.execute_script("window.scrollTo(0, 0); document.activeElement.blur()")
    _screenshot(d, "dnd_retraite")
    # a setup written by name: "retraite" is the mode withdraw
    _type(d, "setup-label", "en retraite")
    Select(d.find_element(By.ID, "setup-field")).select_by_value("mode")
    offered = [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#setup-values option")]
    assert "Retraite" in offered and "withdraw" not in offered, offered  # suggested by name
    _type(d, "setup-value", "retraite")
    d.find_element(By.ID, "add-setup").click()
    wait(d, lambda d: _state(d)["scenario"].get("compare", {}).get("en retraite") == {"mode": "withdraw"})
    assert d.execute_script("return sweepValues('mode', 'retraite, course')") == ["withdraw", "run"]
    try:
        wait(d, lambda d: "en retraite — mode de déplacement = retraite" in d.find_element(By.ID, "setups").text.lower())
    except TimeoutException:
        raise AssertionError(d.find_element(By.ID, "setups").text) from None
    d.find_element(By.ID, "lang-en").click()
    wait(d, lambda d: d.find_element(By.ID, "run").text == "Compute")
    assert Select(d.find_element(By.ID, "f-mode")).first_selected_option.text.lower() == "withdraw"


def test_the_answer_card_shows_a_note(driver, server):
    """An input that changes nothing here (docs/inputs.md) is accepted and said on the answer card, in the
    page's language; the answer is the Goblins' hand value all the same."""
    import base64
    import json

    d = driver
    scenario = dict(fleeodds_source(GOBLINS), options={"insane_courage": False})
    state = {"v": 1, "system": "warhammer", "scenario": scenario, "lang": "en", "method": "exact",
             "trials": 10000, "seed": 0}
    link = server + "#s=" + base64.urlsafe_b64encode(json.dumps(state).encode()).decode().rstrip("=")
    open_page(d, link)
    wait_fraction(d, CAUGHT)
    try:
        wait(d, lambda d: "options.insane_courage: false has no effect" in d.find_element(By.ID, "input-notes").text)
    except TimeoutException:
        raise AssertionError(d.find_element(By.ID, "see").text) from None
    notes = d.find_element(By.ID, "input-notes")
    assert notes.is_displayed() and notes.text.startswith("Note: ")
    d.find_element(By.ID, "lang-fr").click()
    wait(d, lambda d: "n'a aucun effet" in d.find_element(By.ID, "input-notes").text)
    assert d.find_element(By.ID, "input-notes").text.startswith("Remarque : ")
    d.find_element(By.ID, "lang-en").click()
    d.get("about:blank")
