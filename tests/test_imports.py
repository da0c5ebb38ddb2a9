"""Each command imports only what it needs (checked in a fresh interpreter): `--help`, `examples`
and `schema` load none of numba, matplotlib, pandas and scipy; neither does an exact run, in any text
format (its tables are plain rows; pandas comes when a frame is asked for); matplotlib comes with a
chart, numba with Monte Carlo."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("numba", "matplotlib", "pandas", "scipy")
GOBLINS = "warhammer/goblins_broken_by_dwarfs.toml"


def _loaded(args: list[str]) -> set[str]:
    code = ("import sys\nfrom fleeodds.cli import main\ntry:\n    main(%r)\nexcept SystemExit as e:\n"
            "    assert not e.code, e.code\nprint('HEAVY:', ' '.join(m for m in %r if m in sys.modules), file=sys.stderr)"
            % (args, HEAVY))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    line = next(x for x in reversed(r.stderr.splitlines()) if x.startswith("HEAVY:"))
    return set(line.removeprefix("HEAVY:").split())


@pytest.mark.parametrize("args", [["--help"], ["examples"], ["schema", "warhammer"], ["systems"]])
def test_light_commands_load_no_heavy_module(args):
    assert _loaded(args) == set()


@pytest.mark.parametrize("example", [GOBLINS, "dnd/wizard_withdraws_past_orcs_35.toml",
                                     "hell_dorado/fuite_djinn_intangible.toml",  # a comparison ([compare])
                                     "warhammer/leadership_by_edition.toml"])
@pytest.mark.parametrize("fmt", ["table", "md", "csv", "json"])
def test_an_exact_run_loads_no_heavy_module(example, fmt):
    assert _loaded(["run", example, "--exact", "-f", fmt, "-d", "-l", "fr"]) == set()


def test_the_frames_still_come_on_demand():
    code = ("import sys\nimport fleeodds\nt = fleeodds.evaluate(fleeodds.load_scenario(%r), 'exact')\n"
            "assert 'pandas' not in sys.modules\nprint(type(t.frame).__name__, t.frame.shape, "
            "type(t.distribution).__name__)" % GOBLINS)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["DataFrame", "(3,", "10)", "DataFrame"]


def test_a_chart_brings_matplotlib_and_monte_carlo_brings_numba(tmp_path):
    assert "matplotlib" in _loaded(["run", GOBLINS, "--exact", "-c", str(tmp_path / "c.png")])
    assert "numba" in _loaded(["run", GOBLINS, "--mc", "-n", "1000"])


def test_the_intervals_without_scipy_are_scipys_to_the_last_bit():
    from scipy import special, stats as sps

    from fleeodds import stats

    assert stats._Z_TWO_SIDED[0.95] == float(special.ndtri(0.975)) == float(sps.norm.ppf(0.5 + 0.95 / 2))
    for k, n in [(0, 1), (1, 1), (0, 10), (3, 10), (10, 10), (1, 1_000_000), (508_312, 1_000_000),
                 (999_999, 1_000_000), (7, 2**40), (2**39, 2**40)]:
        ci = sps.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        assert stats.wilson_interval(k, n) == (float(ci.low), float(ci.high)), (k, n)
    assert stats.trials_for_precision(0.5, 0.001) == 960_365
    ci = sps.binomtest(3, 10).proportion_ci(confidence_level=0.9, method="wilson")  # another confidence: scipy's
    assert stats.wilson_interval(3, 10, 0.9) == (float(ci.low), float(ci.high))
