"""The JSON API's own request errors: in the page's language, in the project's frame (field, value
as written, what is allowed), and a text no UTF-8 answer can hold refused by name (not a 500)."""

from __future__ import annotations

import logging

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from fleeodds.web.app import create_app  # noqa: E402

SCENARIO = {"system": "warhammer", "situation": "break", "fleeing": {"profile": "Night Goblins"},
            "pursuer": {"profile": "Dwarf Warriors"}}


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(warmup=False), raise_server_exceptions=False, base_url="http://127.0.0.1")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_lone_surrogate_is_refused_by_name(client, lang, caplog):
    body = ('{"scenario": {"system": "warhammer", "title": "a\\ud800b", "situation": "break", '
            '"fleeing": {"profile": "Night Goblins"}, "pursuer": {"profile": "Dwarf Warriors"}}, "method": "exact"}')
    with caplog.at_level(logging.CRITICAL):
        r = client.post("/api/evaluate", content=body,
                        headers={"content-type": "application/json", "accept-language": lang})
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert ("n'est pas admis ; attendu" in detail and "surrogate" not in detail) if lang == "fr" else \
        ("lone UTF-16 surrogate" in detail)


def test_request_fields_answer_in_french(client):
    r = client.post("/api/evaluate", json={"scenario": SCENARIO, "method": "exactly", "trials": "many"},
                    headers={"accept-language": "fr"})
    assert r.status_code == 422
    d = r.json()["detail"]
    assert "method: 'exactly' n'est pas admis ; attendu : l'une des valeurs 'both', 'exact' ou 'mc'" in d
    assert "trials: 'many' n'est pas admis ; attendu : un nombre entier" in d
    assert "Input should" not in d and "expected" not in d
    assert client.get("/api/nope", headers={"accept-language": "fr"}).json()["detail"] == "introuvable"
    r = client.post("/api/evaluate", content="{", headers={"content-type": "application/json", "accept-language": "fr"})
    assert r.status_code == 422 and r.json()["detail"].startswith("body: JSON invalide (")
    assert "Expecting" not in r.json()["detail"], r.json()["detail"]
    r = client.post("/api/evaluate", json={"scenario": SCENARIO, "bogus": 1}, headers={"accept-language": "fr"})
    assert "bogus: option inconnue 'bogus'" in r.json()["detail"]
    r = client.post("/api/evaluate", json={"scenario": SCENARIO, "method": "exactly"})
    assert "method: 'exactly' is not allowed; expected one of 'both', 'exact' or 'mc'" in r.json()["detail"]


def test_the_language_written_in_the_question_chooses_the_errors(client):
    """A client that writes ``"lang": "fr"`` in its question (no query, no Accept-Language) reads its errors
    in French; without it, in English."""
    sc = {"system": "warhammer", "situation": "break", "fleeing": {"profile": "night goblins"},
          "pursuer": {"profile": "dwarf warriors"}, "combat": {"margin": 99}}
    fr = client.post("/api/evaluate", json={"scenario": sc, "lang": "fr"})
    en = client.post("/api/evaluate", json={"scenario": sc})
    assert fr.status_code == en.status_code == 422
    assert fr.json()["detail"] == "combat.margin: 99 n'est pas admis ; attendu : un nombre de 0 à 30"
    assert en.json()["detail"] == "combat.margin: 99 is not allowed; expected a number from 0 to 30"
    bad = client.post("/api/evaluate", json={"scenario": sc, "lang": "fr", "method": "bogus"})
    assert bad.json()["detail"].startswith("method: 'bogus' n'est pas admis")
