import json
from pathlib import Path

import pytest

ORACLE = Path(__file__).resolve().parents[2].parent / "shared" / "oracles" / "hell_dorado.json"


@pytest.fixture(scope="session")
def hd_oracle():
    if not ORACLE.exists():
        pytest.skip(f"oracle file {ORACLE} not present")
    data = json.loads(ORACLE.read_text(encoding="utf-8"))
    return {c["id"]: c for c in data["cases"]}
