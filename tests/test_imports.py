"""Each command imports only what it needs (checked in a fresh interpreter): `--help`, `examples`
and `schema` load none of numba, matplotlib, pandas and scipy; an exact run loads neither numba nor
matplotlib nor scipy (its table is a pandas frame); matplotlib comes with a chart."""

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
                                     "hell_dorado/fuite_djinn_intangible.toml"])
def test_an_exact_run_loads_neither_numba_nor_matplotlib(example):
    assert _loaded(["run", example, "--exact"]) <= {"pandas"}


def test_a_chart_brings_matplotlib_and_monte_carlo_brings_numba(tmp_path):
    assert "matplotlib" in _loaded(["run", GOBLINS, "--exact", "-c", str(tmp_path / "c.png")])
    assert "numba" in _loaded(["run", GOBLINS, "--mc", "-n", "1000"])
