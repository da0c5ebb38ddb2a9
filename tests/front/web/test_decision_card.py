"""The page's "best choice" card (issue 27): a scenario with a ``[decide]`` table shows every option of each goal
as a bar, the best one marked, and the sentences of ``fleeodds decide`` — in a real Chromium."""

from __future__ import annotations

import pytest

pytest.importorskip("selenium", reason="selenium is part of the test extra")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from .test_browser import driver, open_page, plain, server, wait  # noqa: E402,F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
BSB = "warhammer/tow_bsb_reroll_policy.toml"


def test_the_best_choice_card(driver, server, tmp_path):  # noqa: F811
    d = driver
    open_page(d, server)
    Select(d.find_element(By.ID, "system")).select_by_value("warhammer")
    wait(d, lambda d: any(o.get_attribute("value") == BSB for o in Select(d.find_element(By.ID, "example")).options))
    Select(d.find_element(By.ID, "example")).select_by_value(BSB)
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#decision .decision-row.best"))
    card = d.find_element(By.ID, "decision")
    assert card.is_displayed()
    goals = [h.text for h in card.find_elements(By.CSS_SELECTOR, ".decision-goal h4")]
    assert goals == ["not destroyed", "holds or falls back in good order"]
    best = [plain(r.text) for r in card.find_elements(By.CSS_SELECTOR, ".decision-row.best")]
    assert best[0].startswith("Re-roll a Break only (as written)") and "90.3% ◀ best" in best[0]
    sentences = plain(d.find_element(By.ID, "decision-sentences").text)
    assert "Best policy for “not destroyed”: re-roll a Break (flees)" in sentences
    assert sentences.count("Best policy for “not destroyed”") == 1  # the exact and Monte Carlo parts: one card
    assert d.find_elements(By.CSS_SELECTOR, "#decision-chart svg")
    d.execute_script("arguments[0].scrollIntoView()", card)
    d.save_screenshot(str(tmp_path / "decision.png"))
