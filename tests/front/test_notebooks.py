"""Every worked notebook is stored with its outputs (so the repository shows its charts), holds
exactly the cells notebooks/make_notebooks.py writes, and runs top to bottom again here
(nbclient, this checkout's sources on the path)."""

import importlib.util
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
_spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "notebooks" / "make_notebooks.py")
make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make)

pytestmark = pytest.mark.notebook


def _images(nb) -> list:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
            if "image/png" in o.get("data", {})]


def test_there_is_a_notebook_per_system_and_one_for_list_building():
    assert {p.stem for p in NOTEBOOKS} >= {"warhammer", "dnd", "hell_dorado", "list_building"}
    assert {p.name for p in NOTEBOOKS} == set(make.NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_stored_notebook_has_its_outputs_and_the_written_cells(path):
    stored = nbformat.read(path, as_version=4)
    written = make.notebook(path.name)
    assert [(c.cell_type, c.source) for c in stored.cells] == [(c.cell_type, c.source) for c in written.cells], \
        "run python notebooks/make_notebooks.py after editing its cells"
    code = [c for c in stored.cells if c.cell_type == "code"]
    assert all(c.get("outputs") for c in code[1:]), "a code cell has no stored output: regenerate the notebook"
    assert _images(stored), "every notebook shows at least one chart"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes(path, monkeypatch):
    monkeypatch.delenv("FLEEODDS_BSDATA", raising=False)
    monkeypatch.setattr(make, "TEAM_BSDATA", ROOT / "no-such-folder")  # a fresh clone: the project's own data
    nb = make.execute(make.notebook(path.name), timeout=300)
    assert _images(nb), "every notebook shows at least one chart inline"
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
