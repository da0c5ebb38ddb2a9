"""The page's own words come from the message catalogue: ``GET /api/text`` answers every id that
static/app.js and templates/index.html use, in every shipped language, and app.js holds no dictionary."""

from __future__ import annotations

import re
from importlib import resources

import pytest

pytest.importorskip("fastapi", reason="the web extra is part of the test extra")
from fastapi.testclient import TestClient  # noqa: E402

from fleeodds.language import available_langs, placeholders  # noqa: E402
from fleeodds.web.app import create_app  # noqa: E402
from fleeodds.web.page_text import PAGE_TEXT, UNITS  # noqa: E402

WEB = resources.files("fleeodds.web")
APP_JS = (WEB / "static" / "app.js").read_text(encoding="utf-8")
INDEX = (WEB / "templates" / "index.html").read_text(encoding="utf-8")


def ids_the_page_uses() -> set[str]:
    """Every id given to ``t(...)`` in app.js (a literal, or either side of a ``?:``) and every
    ``data-i18n`` of the page's HTML."""
    used = set()
    for call in re.finditer(r"(?<![\w.$])t\(([^,()]*)", APP_JS):
        arg = call.group(1)
        # t(cond ? "a" : "b"): the ids are the two branches, not what the condition compares
        used |= set(re.findall(r'"([a-z][a-z_0-9]*)"', arg.split("?", 1)[1] if "?" in arg else arg))
    used |= set(re.findall(r'data-i18n="([a-z][a-z_0-9]*)"', INDEX))
    return used


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(warmup=False), raise_server_exceptions=False, base_url="http://127.0.0.1") as c:
        yield c


def test_the_page_uses_ids_the_reader_finds():
    used = ids_the_page_uses()
    assert len(used) > 100, "the id scan of app.js found too few: the t(...) pattern no longer matches"
    assert {"compute", "tagline", "err_network", "yes", "no"} <= used


@pytest.mark.parametrize("lang", available_langs())
def test_every_id_of_the_page_is_served_in_every_language(client, lang):
    r = client.get("/api/text", params={"lang": lang})
    assert r.status_code == 200, r.text
    text = r.json()
    missing = sorted(ids_the_page_uses() - set(text))
    assert not missing, f"{lang}: ids app.js uses that /api/text lacks: {missing}"
    assert set(text) == set(PAGE_TEXT) | {f"unit:{u}" for u in UNITS}
    # a text is never empty, and keeps the placeholders the page fills ({n}, {p}...)
    for key, english in PAGE_TEXT.items():
        assert text[key], (lang, key)
        assert placeholders(text[key]) == placeholders(english), (lang, key, text[key])
    assert "max-age" in r.headers["cache-control"] and r.headers["etag"]


def test_french_is_the_page_french_and_english_the_message_ids(client):
    fr = client.get("/api/text?lang=fr").json()
    assert fr["compute"] == "Calculer"
    assert fr["tagline"] == ("Les chances de fuite, de poursuite et d'attaques d'opportunité dans les jeux "
                             "de figurines")
    assert fr["not_whole"] == "{p}: « {v} » n'est pas un nombre entier ; attendu : {w}"
    # the page's "Exact" and "Add" are translated in their own context, apart from the catalogue's other ones
    assert fr["m_exact"] == "Exacte seulement" and fr["add_setup"] == "Ajouter"
    assert client.get("/api/text?lang=en").json() == {**PAGE_TEXT, **{f"unit:{u}": u for u in UNITS}}
    # the units beside the boxes, as French players write them
    assert (fr["unit:hp"], fr["unit:in"], fr["unit:Ld"], fr["unit:AC"]) == ("pv", "ps", "Cd", "CA")


def test_the_language_comes_from_accept_language_when_not_asked(client):
    r = client.get("/api/text", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert r.json()["compute"] == "Calculer" and r.headers["content-language"] == "fr"
    assert client.get("/api/text", headers={"Accept-Language": "de"}).json()["compute"] == "Compute"


def test_a_language_without_catalogue_is_refused_by_name(client):
    r = client.get("/api/text?lang=xx")
    assert r.status_code == 422
    assert r.json()["errors"][0]["path"] == "lang" and "'xx'" in r.json()["detail"]


def test_app_js_holds_no_dictionary_of_its_own():
    assert "Calculer" not in APP_JS and "Votre question" not in APP_JS
    assert not re.search(r"\bconst T\s*=", APP_JS)
