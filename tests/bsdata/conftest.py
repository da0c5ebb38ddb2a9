"""Shared set-up of the list-building tests: the Warhammer system declares the list building
the tests drive through the registry."""

from __future__ import annotations

import pytest

from fleeodds import system as registry


@pytest.fixture(autouse=True, scope="session")
def warhammer_list_building():
    declared = registry.get_system("warhammer")
    assert declared.list_building == "fleeodds.systems.warhammer.list_building"
    assert tuple(declared.roles) == ("fleeing", "pursuing")
    yield
