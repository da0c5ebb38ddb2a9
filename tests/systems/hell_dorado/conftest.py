import pytest

from ...conftest import oracle_cases


@pytest.fixture(scope="session")
def hd_oracle():
    """The Hell Dorado oracle cases (tests/oracles/hell_dorado.json) by id."""
    return {c["id"]: c for c in oracle_cases("hell_dorado")}
