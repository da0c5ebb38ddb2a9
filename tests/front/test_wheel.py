"""The built wheel is what `pipx install .` and `uv tool install .` install: it must carry the
examples, the systems' data (profiles, monsters, the French names), the web page's files and the
entry points, and installed into a fresh environment it must answer `fleeodds run` on a shipped
example from any folder (not only from a source checkout).

The wheel is built by pip from this checkout into a temporary folder (pip fetches the build
backend, as `pip install .` does); the fresh environment takes fleeodds from the wheel only, and
its dependencies (numpy, numba…) from the environment running the tests, so that nothing else is
downloaded. The expected fraction 7931/15552 is the hand enumeration of tests/front/web/test_api.py.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "fleeodds"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)],
                           capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-3000:]
    found = sorted(out.glob("fleeodds-*.whl"))
    assert len(found) == 1, found
    return found[0]


def shipped_files() -> set[str]:
    """Every file of the package that is not Python source, as the wheel names them."""
    return {p.relative_to(PACKAGE.parent).as_posix() for p in PACKAGE.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts}


def test_the_wheel_carries_examples_data_web_page_and_catalogues(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    want = shipped_files()
    # what the package reads at run time: each group is there, and every such file of the tree is in the wheel
    for group in ("fleeodds/examples/warhammer/goblins_broken_by_dwarfs.toml",
                  "fleeodds/systems/warhammer/data/profiles.toml", "fleeodds/systems/dnd/data/monsters_5e.toml",
                  "fleeodds/systems/hell_dorado/data/illustrative_profiles.toml",
                  "fleeodds/web/static/app.js", "fleeodds/web/static/app.css", "fleeodds/web/templates/index.html"):
        assert group in want and group in names, group
    assert sorted(want - names) == []
    entry = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    points = zipfile.ZipFile(wheel).read(entry).decode()
    assert "fleeodds = fleeodds.cli:main" in points and "warhammer = fleeodds.systems.warhammer" in points


def test_the_wheel_installed_in_a_fresh_environment_runs_an_example(wheel, tmp_path):
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bindir = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
    python = bindir / ("python.exe" if sys.platform == "win32" else "python")
    install = subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel)],
                             capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, install.stderr[-3000:]
    # the dependencies come from the environment running the tests, after the fresh one's own packages
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    work = tmp_path / "elsewhere"  # not the checkout: the examples come from the installed package
    work.mkdir()
    env = {"PATH": str(bindir), "HOME": str(tmp_path), "NUMBA_CACHE_DIR": str(tmp_path / "numba")}
    where = subprocess.run([str(python), "-c", "import fleeodds; print(fleeodds.__file__)"], cwd=work, env=env,
                           capture_output=True, text=True, timeout=120)
    assert where.returncode == 0, where.stderr[-3000:]
    assert Path(where.stdout.strip()).resolve().is_relative_to(env_dir.resolve()), where.stdout
    run = subprocess.run([str(bindir / "fleeodds"), "run", "warhammer/goblins_broken_by_dwarfs.toml", "--exact"],
                         cwd=work, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "7931/15552" in run.stdout
