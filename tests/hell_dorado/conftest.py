import json

import pytest

from ..conftest import SHARED

ORACLE = SHARED / "oracles" / "hell_dorado.json"


@pytest.fixture(scope="session")
def hd_oracle():
    if not ORACLE.exists():
        pytest.skip(f"oracle file {ORACLE} not present (set FLEEODDS_SHARED)")
    data = json.loads(ORACLE.read_text(encoding="utf-8"))
    return {c["id"]: c for c in data["cases"]}
