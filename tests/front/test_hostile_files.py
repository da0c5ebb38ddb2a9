"""Hostile files named on the command line or by a scenario: one line, exit status 2, no hang."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

import fleeodds
from fleeodds.cli import main
from fleeodds.errors import FleeoddsError


def _run(path) -> str:
    res = CliRunner().invoke(main, ["run", str(path), "--exact"])
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output and len(res.output.splitlines()) == 1, res.output
    return res.output


@pytest.fixture
def hostile(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    (tmp_path / "latin1.toml").write_bytes(b'system = "warhammer"\ntitle = "caf\xe9"\n')
    (tmp_path / "binary.toml").write_bytes(bytes(range(256)))
    (tmp_path / "deep.toml").write_text("a = " + "[" * 600 + "]" * 600 + "\n")
    (tmp_path / "dotted.toml").write_text(".".join(["k"] * 3000) + " = 1\n")
    (tmp_path / "big.toml").write_bytes(b"# " + b"x" * (9 * 1024 * 1024))
    return tmp_path


@pytest.mark.parametrize("name,needle", [
    (".", "not a folder"), ("pipe.toml", "regular file"), ("loop1", "readable file"),
    ("latin1.toml", "UTF-8"), ("binary.toml", "UTF-8"), ("deep.toml", "nested"), ("dotted.toml", "nested"),
    ("big.toml", "MiB"), ("x" * 300 + ".toml", "existing"),
])
def test_scenario_files(hostile, name, needle):
    assert needle in _run(hostile / name)


def test_devices_are_not_read():
    assert "regular file" in _run("/dev/zero")


@pytest.mark.parametrize("profiles_file", ["/", ".", "/dev/zero", "pipe.toml", "latin1.toml", "loop1"])
@pytest.mark.parametrize("system,unit", [("warhammer", {"fleeing": {"profile": "Night Goblins"},
                                                        "pursuer": {"profile": "Dwarf Warriors"},
                                                        "combat": {"margin": 2}}),
                                         ("hell_dorado", {"fleeing": {"profile": "x"}})])
def test_profiles_files(hostile, profiles_file, system, unit):
    target = profiles_file if profiles_file.startswith("/") or profiles_file == "." else str(hostile / profiles_file)
    with pytest.raises(FleeoddsError, match="profiles_file") as err:
        fleeodds.load_scenario({"system": system, "profiles_file": target, **unit})
    assert "\n" not in str(err.value) and len(str(err.value)) < 400
