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

#: How the page writes numbers, served with its texts (CLDR's symbols of the language's locale).
NUMBER_KEYS = ("number:locale", "number:decimal", "number:group", "number:list")

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
    assert set(text) == set(PAGE_TEXT) | {f"unit:{u}" for u in UNITS} | set(NUMBER_KEYS)
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
    assert client.get("/api/text?lang=en").json() == {**PAGE_TEXT, **{f"unit:{u}": u for u in UNITS},
                                                       **dict(zip(NUMBER_KEYS, ("en-GB", ".", ",", ", ")))}
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


def test_the_number_format_comes_with_the_texts(client):
    """The page reads and writes numbers as the language's CLDR locale does (no French branch in app.js):
    French "2,5", grouping with a narrow no-break space, lists "2,5 ; 3"."""
    fr = client.get("/api/text?lang=fr").json()
    assert [fr[k] for k in NUMBER_KEYS] == ["fr-FR", ",", "\u202f", " ; "]


def test_systems_and_examples_answer_a_title_per_language(client):
    """The page shows a system's or an example's title in its language from ``titles`` (one per language of
    the catalogues), not from English/French pairs."""
    systems = client.get("/api/systems").json()
    examples = client.get("/api/examples").json()
    for item in systems + examples:
        assert set(item["titles"]) == set(available_langs()) and item["titles"]["en"] == item["title"], item
    wh = next(s for s in systems if s["key"] == "warhammer")
    assert wh["titles"]["fr"] == wh["title_fr"]
    assert any(e["titles"]["fr"] != e["title"] for e in examples)  # examples with a French title read it
