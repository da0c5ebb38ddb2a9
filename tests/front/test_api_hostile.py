"""Hostile calls of the Python API and hostile files found by the adversarial review: each raises
the project's own error with a short message, never another exception."""

from __future__ import annotations

import pytest

import fleeodds
from fleeodds import compare, sweep
from fleeodds.errors import FleeoddsError

GOBLINS = "warhammer/goblins_broken_by_dwarfs.toml"


@pytest.mark.parametrize("call,needle", [
    (lambda: fleeodds.evaluate(fleeodds.load_scenario(GOBLINS), simulation=5), "simulation"),
    (lambda: compare.compare(None), "setups"),
    (lambda: compare.compare([("a", GOBLINS), ("b", GOBLINS)], method="fast"), "method"),
    (lambda: sweep.sweep(GOBLINS, "abc"), "vary"),
    (lambda: sweep.parse_vary(None), "--vary"),
    (lambda: sweep.sweep(GOBLINS, {"fleeing.leadership": [5, 6]}, trials=-1), "trials"),
    (lambda: sweep.sweep(GOBLINS, {"fleeing.leadership": [5, 6]}, seed=-1), "seed"),
    (lambda: sweep.sweep(GOBLINS, {"fleeing.leadership": [None]}), "fleeing.leadership"),
    (lambda: sweep.set_field({}, "", 1), "field"),
])
def test_api_misuse(call, needle):
    with pytest.raises(FleeoddsError, match=needle) as err:
        call()
    assert len(str(err.value)) < 400


def _with_compare(tmp_path, lines):
    text = fleeodds.example_path(GOBLINS).read_text(encoding="utf-8") + "\n[compare]\n" + "\n".join(lines) + "\n"
    path = tmp_path / "c.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_too_many_setups_are_refused_before_running(tmp_path):
    path = _with_compare(tmp_path, [f'"s{i}" = {{ "combat.margin" = {1 + i % 5} }}' for i in range(3000)])
    with pytest.raises(FleeoddsError, match="at most 32 setups"):
        fleeodds.load_scenario(path)


def test_two_identical_setups_are_refused(tmp_path):
    path = _with_compare(tmp_path, ['"a" = { edition = "8th" }', '"b" = { edition = "8th" }'])
    with pytest.raises(FleeoddsError, match="compare.b.*same"):
        fleeodds.load_scenario(path)


def test_a_5000_digit_integer_in_a_file(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text('system = "warhammer"\n[combat]\nmargin = ' + "9" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(FleeoddsError, match="too long") as err:
        fleeodds.load_scenario(path)
    assert len(str(err.value)) < 300
