"""The container recipe (``Dockerfile``, docs/web.md "A container") without Docker: its base image,
the install from the source tree, the warm-up at build time and the ``CMD``; then the ``CMD``'s own
command line is run as it is, on loopback and a free port instead of ``0.0.0.0:8000`` (the rule of
the project's tests: servers on 127.0.0.1 only), and the page, ``/api/health`` and ``/api/config``
must answer, the hosted mode on. ``.ci/run`` builds and runs the image itself where a Docker daemon
answers.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOCKERFILE = ROOT / "Dockerfile"


def instructions(text: str) -> list[tuple[str, str]]:
    """The Dockerfile's instructions ``(KEYWORD, arguments)``, comments dropped, continued lines joined."""
    out, line = [], ""
    for raw in text.splitlines():
        stripped = raw.strip()
        if not line and (not stripped or stripped.startswith("#")):
            continue
        if stripped.startswith("#"):
            continue
        line += " " + stripped[:-1] if stripped.endswith("\\") else " " + stripped
        if not stripped.endswith("\\"):
            word, _, rest = line.strip().partition(" ")
            out.append((word.upper(), rest.strip()))
            line = ""
    return out


def cmd() -> list[str]:
    (args,) = [a for k, a in instructions(DOCKERFILE.read_text(encoding="utf-8")) if k == "CMD"]
    return json.loads(args)  # the exec form: no shell between Docker and the server


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_recipe_installs_from_source_warms_the_kernels_and_serves_in_hosted_mode():
    steps = instructions(DOCKERFILE.read_text(encoding="utf-8"))
    keys = [k for k, _ in steps]
    base = dict(steps)["FROM"]
    assert base.startswith("python:3.") and base.endswith("-slim"), base  # Debian, slim
    runs = [a for k, a in steps if k == "RUN"]
    install = next(i for i, a in enumerate(runs) if "pip install" in a)
    assert '".[web]"' in runs[install]  # this source tree, with the web extra
    warm = next(i for i, a in enumerate(runs) if "fleeodds warmup" in a)
    assert warm > install
    # the cache the warm-up fills is the one the server reads, and the server's user may write it
    env = " ".join(a for k, a in steps if k == "ENV")
    assert "NUMBA_CACHE_DIR=" in env
    assert keys.index("USER") < len(keys) - 1 - keys[::-1].index("RUN")  # the warm-up runs as the server's user
    command = cmd()
    assert command[:3] == ["fleeodds", "serve", "--public"]
    assert command[command.index("--host") + 1] == "0.0.0.0" and command[command.index("--port") + 1] == "8000"
    assert "EXPOSE" in keys and dict(steps)["EXPOSE"] == "8000"
    # everything COPY needs goes through the .dockerignore
    kept = (ROOT / ".dockerignore").read_text(encoding="utf-8")
    for copied in ("pyproject.toml", "README.md", "LICENSE", "src/"):
        assert f"!{copied}" in kept


@pytest.mark.slow
def test_the_cmd_command_line_serves_the_page_in_hosted_mode(tmp_path):
    command = cmd()
    port = _free_port()
    args = list(command[1:])
    args[args.index("--host") + 1] = "127.0.0.1"  # loopback only in the tests; the image listens on 0.0.0.0
    args[args.index("--port") + 1] = str(port)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
               HOME=str(tmp_path))
    # `fleeodds` as installed, or this checkout's (python -m fleeodds runs the same command line)
    proc = subprocess.Popen([sys.executable, "-m", "fleeodds", *args], env=env, cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if proc.poll() is not None:
                pytest.fail(f"{shlex.join(command)} stopped: {proc.stderr.read()[-2000:]}")
            try:
                with urllib.request.urlopen(base + "/api/health", timeout=2) as r:
                    health = json.load(r)
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("the server never answered /api/health")
        assert health["ok"] is True
        with urllib.request.urlopen(base + "/api/config", timeout=10) as r:
            config = json.load(r)
        assert config["public"] is True
        with urllib.request.urlopen(base + "/", timeout=10) as r:
            page = r.read().decode()
        assert 'src="static/app.js' in page
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
