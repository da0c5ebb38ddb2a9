"""One contract, every system: the checks of :mod:`fleeodds.testing` run over every shipped
example, one :class:`~fleeodds.testing.SystemContract` subclass per rules system (as numpy runs
one test class over every bit generator); the toy system of tests/toy runs through the same class
in tests/core/test_toy_contract.py.

For each example and each of its comparison setups: it loads; it validates against its system's
JSON Schema; the exact distribution sums to 1 (as Fractions when the solver runs in rationals);
Monte Carlo agrees with it (every outcome within |z| < 3.29 and a joint chi-square below its
99.9 % quantile); the per-trial kernel replays the counting kernel; counts are identical on 1 and
2 threads and for any chunking; its plan is frozen and hashable; rebuilding from the scenario's
source gives the same scenario; and ``run`` works for every method and format, with JSON that a
strict parser accepts.

Thresholds: a correct kernel fails one given check about 1 time in 1000.
"""

from __future__ import annotations

import json
import tomllib

import jsonschema
import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds import system as registry
from fleeodds.cli import main
from fleeodds.testing import SystemContract, cases

from tests.conftest import Z_999

EXAMPLES = fleeodds.list_examples()
BASE = fleeodds.api.example_dir()


def _name(path) -> str:
    return path.relative_to(BASE).as_posix()


def _strict_json(text: str):
    def refuse(constant):
        raise ValueError(f"non-standard JSON constant {constant}")

    return json.loads(text, parse_constant=refuse)


def _examples(key: str) -> tuple[str, ...]:
    """The shipped examples of one system (its folder of examples/), by name."""
    return tuple(_name(p) for p in EXAMPLES if p.relative_to(BASE).parts[0] == key)


class TestWarhammerContract(SystemContract):
    system = "warhammer"
    sources = _examples("warhammer")


class TestDndContract(SystemContract):
    system = "dnd"
    sources = _examples("dnd")


class TestHellDoradoContract(SystemContract):
    system = "hell_dorado"
    sources = _examples("hell_dorado")


def test_every_shipped_example_is_checked():
    checked = {name for cls in (TestWarhammerContract, TestDndContract, TestHellDoradoContract)
               for name in cls.sources}
    assert checked == {_name(p) for p in EXAMPLES}
    assert {cls.system for cls in (TestWarhammerContract, TestDndContract, TestHellDoradoContract)} \
        == set(registry.DEFAULT_SYSTEMS)


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLES, ids=_name)
@pytest.mark.parametrize("method", ["--exact", "--mc", "--both"])
def test_run_works_for_every_method_and_format(path, method):
    sc = fleeodds.load_scenario(path)
    runner = CliRunner()
    # every format with the exact method; Monte Carlo runs are checked in the plain and full (JSON) ones
    formats = ("table", "md", "csv", "json") if method == "--exact" else ("table", "json")
    for fmt in formats:
        res = runner.invoke(main, ["run", _name(path), method, "-n", "20000", "--format", fmt, "--no-progress"])
        if method == "--exact" and not all(c.has_exact for c in cases(sc)):
            assert res.exit_code == 2 and "exact" in res.output, res.output
            continue
        assert res.exit_code == 0, f"{fmt}: {res.output}"
        assert "Traceback" not in res.output
        if fmt == "json":
            data = _strict_json(res.stdout)
            assert data


class TestToySystem:
    """A fourth system defined only in tests/toy, registered at run time, driven through the
    front with no edit there."""

    @pytest.fixture(autouse=True)
    def registered(self):
        from tests.toy import coin_chase

        registry.register(coin_chase.SYSTEM)
        yield
        registry.unregister("coin_chase")

    def test_hand_computed_odds(self):
        # lead 1, catch 2: escape on the first toss (1/2) or tails then heads (1/4): 3/4
        table = fleeodds.evaluate(fleeodds.load_scenario({"system": "coin_chase", "lead": 1, "catch": 2}), "both",
                                  trials=40_000, seed=2, progress=False)
        assert table.exact_fractions == {"escaped": "3/4", "caught": "1/4"}
        row = table.wide().set_index("outcome").loc["escaped"]
        assert abs(row.z) < Z_999

    def test_run_compare_sweep_schema_through_the_cli(self, tmp_path):
        f = tmp_path / "chase.toml"
        f.write_text('system = "coin_chase"\nlead = 2\ncatch = 2\n'
                     '[compare]\n"even" = { lead = 2, label_fr = "égalité" }\n"long lead" = { lead = 4, label_fr = "longue avance" }\n', encoding="utf-8")
        runner = CliRunner()
        res = runner.invoke(main, ["run", str(f), "--exact", "--lang", "fr"])
        assert res.exit_code == 0, res.output
        assert "longue avance" in res.output
        res = runner.invoke(main, ["compare", str(f), "-n", "20000", "--format", "json"])
        assert res.exit_code == 0, res.output
        rows = _strict_json(res.stdout)["rows"]
        # lead 2 vs catch 2 is symmetric: 1/2; lead 4 vs 2: caught unless the first 4 tosses hold at most 1 tail
        escaped = sorted(r["probability"] for r in rows if r["outcome"] == "escaped")
        # 4 heads before 2 tails: no tail in the first 4 tosses (1/16), or one tail among the
        # first 4 and heads on the 5th (4/32): 3/16
        assert escaped == [3 / 16, 1 / 2]
        res = runner.invoke(main, ["sweep", str(f), "--vary", "lead=1..3", "--exact", "--format", "csv"])
        assert res.exit_code == 0, res.output
        assert "lead" in res.stdout.splitlines()[0]
        res = runner.invoke(main, ["schema", "coin_chase", "--lang", "fr"])
        assert res.exit_code == 0, res.output
        schema = _strict_json(res.stdout)
        assert schema["properties"]["lead"]["title"] == "Piles pour s'échapper"
        jsonschema.validate(tomllib.loads(f.read_text()), schema)

    def test_bad_input_names_the_field(self):
        with pytest.raises(fleeodds.FleeoddsError, match="lead"):
            fleeodds.load_scenario({"system": "coin_chase", "lead": 0})
        res = CliRunner().invoke(main, ["schema", "no_such_system"])
        assert res.exit_code == 2 and "coin_chase" in res.output
