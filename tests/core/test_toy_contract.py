"""The toy rules system of tests/toy runs through the same contract as the shipped systems
(:class:`fleeodds.testing.SystemContract`), and is found through a real entry point."""

from __future__ import annotations

import pytest

from fleeodds import system as registry
from fleeodds.testing import SystemContract

from ..toy import coin_chase

TOY = {"system": "coin_chase"}


class TestCoinChaseContract(SystemContract):
    system = "coin_chase"
    sources = (
        {**TOY, "title": "lead 1, catch 2", "lead": 1, "catch": 2},
        {**TOY, "title": "even", "lead": 3, "catch": 3},
        {**TOY, "title": "long lead", "lead": 9, "catch": 2,
         "compare": {"shorter": {"lead": 4, "label_fr": "plus courte"}, "catch 5": {"catch": 5}}},
    )

    @classmethod
    def setup_class(cls):
        registry.register(coin_chase.SYSTEM)

    @classmethod
    def teardown_class(cls):
        registry.unregister("coin_chase")


def test_equal_plans_share_the_exact_cache_key():
    registry.register(coin_chase.SYSTEM)
    try:
        a = registry.scenario_from_dict({**TOY, "title": "a", "lead": 2, "catch": 3})
        b = registry.scenario_from_dict({**TOY, "title": "b", "lead": 2, "catch": 3})
        c = registry.scenario_from_dict({**TOY, "lead": 3, "catch": 2})
    finally:
        registry.unregister("coin_chase")
    assert a.plan == b.plan == coin_chase.Chase(2, 3) and a.plan != c.plan
    assert a.exact_cache_key() == b.exact_cache_key() == ("CoinChase", coin_chase.Chase(2, 3))
    assert a.exact_cache_key() != c.exact_cache_key()


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """A distribution installed in a folder on sys.path whose metadata declares the toy system in the
    group fleeodds.systems, as a third party's package does."""
    info = tmp_path / "coin_chase_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: coin-chase-plugin\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{registry.ENTRY_POINT_GROUP}]\ncoin_chase = {coin_chase.__name__}\n",
                                           encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_ENTRY_POINTS", None)  # read the entry points again
    registry.unregister("coin_chase")
    yield
    registry.unregister("coin_chase")  # monkeypatch then puts back the entry points read before


def test_a_system_installed_through_an_entry_point_is_found(installed):
    assert "coin_chase" in registry.system_keys()
    assert registry.get_system("coin_chase") is coin_chase.SYSTEM
    sc = registry.scenario_from_dict({**TOY, "lead": 1, "catch": 2})
    assert str(sum(p for (o, _), p in sc.exact_distribution("fraction").items() if o == 0)) == "3/4"
    assert set(registry.DEFAULT_SYSTEMS) <= set(registry.system_keys())  # the shipped ones stay known


def test_shipped_systems_are_declared_as_entry_points():
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    declared = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["entry-points"]
    assert declared[registry.ENTRY_POINT_GROUP] == registry.DEFAULT_SYSTEMS
