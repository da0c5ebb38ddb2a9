"""Shared set-up of the list-building tests.

Until the Warhammer package declares its ``SYSTEM`` (roles and list building,
another branch of the contract work), the registry's temporary shim for it has
neither; this fixture registers the declared values so that the front is tested
through ``get_system`` as it will run. Once ``SYSTEM`` is declared, it checks that
the declaration is the one this branch expects, and changes nothing.
"""

from __future__ import annotations

import dataclasses

import pytest

from fleeodds import system as registry

LIST_BUILDING = "fleeodds.systems.warhammer.list_building"
ROLES = ("fleeing", "pursuing")


@pytest.fixture(autouse=True, scope="session")
def warhammer_list_building():
    declared = registry.get_system("warhammer")
    if declared.list_building is None and not declared.roles:  # TEMPORARY: legacy shim, no SYSTEM yet
        registry.register(dataclasses.replace(declared, roles=ROLES, list_building=LIST_BUILDING))
        yield
        registry.register(declared)
    else:
        assert declared.list_building == LIST_BUILDING and tuple(declared.roles) == ROLES
        yield
