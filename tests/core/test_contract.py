"""One contract, every system: the same checks run over every registered rules system and every
shipped example (as numpy runs one test class over every bit generator).

For each example: it loads; it validates against its system's JSON Schema; the exact
distribution sums to 1 (as Fractions when the solver runs in rationals); Monte Carlo agrees with
it (every outcome within |z| < 3.29 and a joint chi-square below its 99.9 % quantile); the
per-trial kernel replays the counting kernel; counts are identical on 1 and 2 threads and for
any chunking; rebuilding from the scenario's source gives the same scenario; and ``run`` works
for every method and format, with JSON that a strict parser accepts.

Thresholds: a correct kernel fails one given check about 1 time in 1000.
"""

from __future__ import annotations

import json
import tomllib
from fractions import Fraction

import jsonschema
import numba
import numpy as np
import pytest
from click.testing import CliRunner
from scipy.stats import chi2

import fleeodds
from fleeodds import system as registry
from fleeodds.cli import main

from tests.conftest import Z_999

EXAMPLES = fleeodds.list_examples()
BASE = fleeodds.api.example_dir()
MC_TRIALS = 100_000


def _name(path) -> str:
    return path.relative_to(BASE).as_posix()


def _strict_json(text: str):
    def refuse(constant):
        raise ValueError(f"non-standard JSON constant {constant}")

    return json.loads(text, parse_constant=refuse)


@pytest.fixture(scope="module", params=EXAMPLES, ids=_name)
def example(request):
    return request.param, fleeodds.load_scenario(request.param)


def _cases(scenario):
    """The scenario and each of its comparison setups: every one must honour the contract."""
    return [scenario] + [v.scenario for v in scenario.variants()]


class TestEveryShippedExample:
    def test_declares_a_registered_system(self, example):
        _, sc = example
        assert sc.system in registry.system_keys()
        assert registry.get_system(sc.system).key == sc.system
        assert sc.outcomes and len({o.code for o in sc.outcomes}) == len(sc.outcomes)

    @pytest.mark.slow
    def test_validates_against_its_schema(self, example):
        path, sc = example
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for lang in ("en", "fr"):
            jsonschema.validate(data, registry.get_system(sc.system).schema(lang))

    @pytest.mark.slow
    def test_exact_distribution_sums_to_one(self, example):
        _, sc = example
        for case in _cases(sc):
            if not case.has_exact:
                assert case.exact_refusal, "a scenario without an exact solver says why"
                continue
            mode = "fraction" if case.exact_fraction_ok else "float"
            dist = case.exact_distribution(mode)
            total = sum(dist.values())
            if mode == "fraction":
                assert all(isinstance(p, Fraction) for p in dist.values())
                assert total == 1
            else:
                assert abs(total - 1) < 1e-9
            assert all(p >= 0 for p in dist.values())
            n_bins = case.metric.n_bins
            assert all(0 <= o < len(case.outcomes) and 0 <= m - case.metric.offset < n_bins for o, m in dist)

    @pytest.mark.slow
    @pytest.mark.statistical
    def test_monte_carlo_agrees_with_exact(self, example):
        _, sc = example
        for case in _cases(sc):
            if not case.has_exact:
                continue
            dist = case.exact_distribution("float")
            p = np.zeros(len(case.outcomes))
            for (o, _), q in dist.items():
                p[o] += q
            counts = case.kernel()(11, 0, MC_TRIALS).sum(axis=1)
            assert counts.sum() == MC_TRIALS
            live = p > 0
            assert counts[~live].sum() == 0, "Monte Carlo reached an outcome of exact probability 0"
            se = np.sqrt(MC_TRIALS * p[live] * (1 - p[live]))
            z = np.where(se > 0, (counts[live] - MC_TRIALS * p[live]) / np.where(se > 0, se, 1), 0)
            assert np.all(np.abs(z) < Z_999), f"{case.title}: z = {np.round(z, 2)}"
            if live.sum() > 1:
                stat = float(((counts[live] - MC_TRIALS * p[live]) ** 2 / (MC_TRIALS * p[live])).sum())
                assert stat < chi2.ppf(0.999, live.sum() - 1), f"{case.title}: chi-square {stat:.1f}"

    def test_per_trial_kernel_replays_the_counting_kernel(self, example):
        _, sc = example
        for case in _cases(sc):
            if not case.has_trial_kernel:
                continue
            per_trial = case.trial_kernel()(3, 1000, 20_000)
            counted = case.kernel()(3, 1000, 20_000).sum(axis=1)
            assert np.array_equal(np.bincount(per_trial, minlength=len(case.outcomes)), counted)

    def test_counts_do_not_depend_on_threads_or_chunks(self, example):
        _, sc = example
        kernel = sc.kernel()
        before = numba.get_num_threads()
        try:
            numba.set_num_threads(1)
            one = kernel(5, 0, 30_000)
        finally:
            numba.set_num_threads(before)
        two = kernel(5, 0, 30_000)
        chunked = kernel(5, 0, 7_001) + kernel(5, 7_001, 12_345) + kernel(5, 19_346, 10_654)
        assert np.array_equal(one, two) and np.array_equal(one, chunked)

    @pytest.mark.slow
    def test_rebuilding_from_source_gives_the_same_scenario(self, example):
        _, sc = example
        again = registry.scenario_from_dict(sc.source, sc.base_dir)
        assert again.describe() == sc.describe()
        assert again.title == sc.title and again.outcomes == sc.outcomes
        same = sc.with_changes({})
        assert same.describe() == registry.scenario_from_dict(sc.base_source(), sc.base_dir).describe()
        for v in sc.variants():  # a setup rebuilt from its own source is itself
            rebuilt = registry.scenario_from_dict(v.scenario.source, v.scenario.base_dir)
            assert rebuilt.describe() == v.scenario.describe()
            assert not v.scenario.variants()


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
        if method == "--exact" and not all(c.has_exact for c in _cases(sc)):
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

    @pytest.mark.statistical
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
