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


def _loaded(args: list[str], heavy: tuple[str, ...] = HEAVY) -> set[str]:
    code = ("import sys\nfrom fleeodds.cli import main\ntry:\n    main(%r)\nexcept SystemExit as e:\n"
            "    assert not e.code, e.code\nprint('HEAVY:', ' '.join(m for m in %r if m in sys.modules), file=sys.stderr)"
            % (args, heavy))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    line = next(x for x in reversed(r.stderr.splitlines()) if x.startswith("HEAVY:"))
    return set(line.removeprefix("HEAVY:").split())


@pytest.mark.slow
@pytest.mark.parametrize("args", [["--help"], ["examples"], ["schema", "warhammer"], ["systems"]])
def test_light_commands_load_no_heavy_module(args):
    assert _loaded(args) == set()


@pytest.mark.slow
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


@pytest.mark.slow
def test_a_chart_brings_matplotlib_and_monte_carlo_brings_numba(tmp_path):
    assert "matplotlib" in _loaded(["run", GOBLINS, "--exact", "-c", str(tmp_path / "c.png")])
    assert "numba" in _loaded(["run", GOBLINS, "--mc", "-n", "1000"])


def test_a_default_run_loads_numba_but_not_pandas_nor_scipy_linalg():
    """Exact + Monte Carlo: numba, but no pandas (plain rows), no scipy.stats (the Wilson interval is
    written out) and no scipy.linalg (numba's BLAS probe is skipped in the command's process)."""
    loaded = _loaded(["run", GOBLINS, "-n", "1000", "--no-progress"],
                     ("numba", "pandas", "matplotlib", "scipy.stats", "scipy.linalg"))
    assert loaded == {"numba"}


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


def test_the_number_formats_are_babels():
    """report.format writes numbers without loading Babel's locale data: the same text as Babel's."""
    import random

    from babel import Locale
    from babel.numbers import format_decimal, format_percent

    from fleeodds.report import format as f

    rng = random.Random(10)
    values = [0.0, -0.0, 1.0, 0.5, 0.005, 0.0049999, 0.125, 0.135, 1e-9, 1e-17, 0.99995, 0.999949, 12.345, -0.0001,
              -0.5, 1234.5, 2.5e-5, 123456789.0, 1 / 3, 2 / 3, 7931 / 15552]
    values += [rng.random() for _ in range(500)] + [rng.random() * 10 ** rng.randint(-8, 8) for _ in range(500)]
    values += [-v for v in values[:200]] + [round(rng.random(), rng.randint(0, 5)) for _ in range(300)]
    for lang, loc in f.LOCALES.items():
        base = Locale.parse(loc).percent_formats[None].pattern
        for digits in (0, 1, 2, 3):
            pattern = base.replace("0", "0." + "0" * digits, 1) if digits else base
            for v in values:
                assert f.pct(v, lang, digits) == format_percent(v, pattern, locale=loc), (v, lang, digits)
                assert f.number(v, lang, digits) == format_decimal(round(v, digits), locale=loc), (v, lang, digits)
                if digits:
                    assert f.fixed(v, lang, digits) == format_decimal(v, format="#,##0." + "0" * digits, locale=loc)
        for n in [0, 1, 7, 999, 1000, 20000, 999_999, 1_000_000, 12_345_678, 2**40, -5, -1234]:
            assert f.integer(n, lang) == format_decimal(n, locale=loc)
        assert f.pct(float("nan"), lang) == ""
