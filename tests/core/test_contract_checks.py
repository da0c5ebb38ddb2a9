"""The checks of fleeodds.testing can fail, the contract's defaults (plan, exact cache key) and the
loader's check_only keyword, and the declared ListBuilding."""

from __future__ import annotations

import sys
import types
from fractions import Fraction

import pytest

from fleeodds.language import Written

from fleeodds import list_building as lb_api
from fleeodds import system as registry
from fleeodds.errors import InputError
from fleeodds.testing import Z_999, agreement, check_monte_carlo_agrees, check_plan, check_reproducible

from ..toy import coin_chase

TOY = {"system": "coin_chase", "lead": 1, "catch": 2}


@pytest.fixture
def toy():
    registry.register(coin_chase.SYSTEM)
    yield
    registry.unregister("coin_chase")


class _Biased(coin_chase.CoinChase):
    """The toy with an exact distribution off by 1 % (3/4 + 1/100 escaped): the check must catch it."""

    def exact_distribution(self, mode: str = "float"):
        out = dict(super().exact_distribution("fraction"))
        out[(0, 1)] += Fraction(1, 100)
        out[(1, 2)] -= Fraction(1, 100)
        return out if mode == "fraction" else {k: float(v) for k, v in out.items()}


class _Chunky(coin_chase.CoinChase):
    """The toy whose kernel draws per call, not per trial: counts depend on the chunking."""

    def kernel(self):
        inner = super().kernel()
        return lambda seed, start, n: inner(seed + start, 0, n)


def _load(cls, data=TOY):
    model = coin_chase.validate(coin_chase.CoinChaseModel, data)
    return cls(model, data, None)


def test_agreement_passes_a_correct_kernel_and_fails_a_wrong_distribution(toy):
    check_monte_carlo_agrees(_load(coin_chase.CoinChase))
    with pytest.raises(AssertionError, match="Monte Carlo disagrees"):
        check_monte_carlo_agrees(_load(_Biased))


def test_agreement_numbers():
    z, stat, bound = agreement([7_600, 2_400], [0.75, 0.25])
    # 7600 - 7500 = 100 over sqrt(10000 * 3/16) = 43.30: z = 2.309; chi-square 100²/7500 + 100²/2500 = 5.333
    assert z == pytest.approx([2.3094, -2.3094], abs=1e-4) and stat == pytest.approx(16 / 3)
    assert bound == pytest.approx(10.828, abs=1e-3) and abs(z[0]) < Z_999
    z, stat, bound = agreement([10, 0], [1.0, 0.0])  # one live outcome: no chi-square test
    assert list(z) == [0.0] and bound == float("inf")


def test_reproducibility_fails_a_kernel_that_depends_on_chunks(toy):
    check_reproducible(_load(coin_chase.CoinChase))
    with pytest.raises(AssertionError, match="chunked"):
        check_reproducible(_load(_Chunky))


def test_plan_must_be_frozen(toy):
    class Mutable(coin_chase.CoinChase):
        @property
        def plan(self):
            return [self.model.lead, self.model.catch]

    with pytest.raises(AssertionError, match="not frozen"):
        check_plan(_load(Mutable))


def test_plan_defaults_to_none_and_so_does_the_cache_key(toy):
    class NoPlan(coin_chase.CoinChase):
        plan = registry.Scenario.plan  # the base class's: none declared

    sc = _load(NoPlan)
    assert sc.plan is None and sc.exact_cache_key() is None
    sc.plan = coin_chase.Chase(1, 2)  # a system may set it once when it builds the scenario
    assert sc.exact_cache_key() == ("test_plan_defaults_to_none_and_so_does_the_cache_key.<locals>.NoPlan",
                                    coin_chase.Chase(1, 2))


def test_check_only_reaches_the_loader_only_when_given(toy):
    seen = []

    def loader(data, base_dir, *, check_only=None):
        seen.append(check_only)
        return coin_chase.load_scenario(data, base_dir)

    system = registry.RulesSystem("coin_chase", "t", loader, coin_chase.schema)
    registry.register(system)
    system.load(dict(TOY))
    system.load(dict(TOY), check_only={"lead"})
    assert seen == [None, frozenset({"lead"})]
    two_arguments = coin_chase.SYSTEM  # a third party's loader (data, base_dir) keeps working
    assert two_arguments.load(dict(TOY)).plan == coin_chase.Chase(1, 2)
    # a scope given to a loader that takes none: the loader checks the whole scenario (with_changes gives one)
    assert two_arguments.load(dict(TOY), check_only={"lead"}).plan == coin_chase.Chase(1, 2)


# ------------------------------------------------------------------------------ ListBuilding
def _declared(**changes) -> lb_api.ListBuilding:
    # a plug-in outside the package gives its labels with their translations (fleeodds.language.Written)
    roles = (lb_api.Role("runner", Written("runner", fr="fuyard"), Written("each runner", fr="chaque fuyard"),
                         Written("as the runner", fr="comme fuyard"), True),
             lb_api.Role("chaser", Written("chaser", fr="chasseur"), Written("each chaser", fr="chaque chasseur"),
                         Written("as the chaser", fr="comme chasseur"), False))
    fields = dict(map_catalogue=lambda cat: None, known_profiles=dict, roles=roles,
                  unit_columns=(lb_api.UnitColumn("speed", "speed", Written("speed", fr="vitesse")),),
                  total=lb_api.Total("tagged_total", Written("tagged", fr="touché"), ("tagged",)))
    fields.update(changes)
    return lb_api.ListBuilding(**fields)


def test_list_building_roles_and_phrases():
    lb = _declared()
    assert lb.best_first_ascending("runner") and not lb.best_first_ascending("chaser")
    assert lb.role_phrase("chaser", "header").render("fr") == "comme chasseur"
    assert lb.role_phrase("runner") == "each runner" and lb.role_label("runner").render("fr") == "fuyard"
    with pytest.raises(InputError, match="'runner' or 'chaser'"):
        lb.role_phrase("fleeing")
    with pytest.raises(InputError, match="'chart' or 'header'"):
        lb.role_phrase("runner", "title")
    assert lb.unit_extras(None, "runner", {}, {}) == {} and lb.extra_text("x", 3) == 3
    assert lb.unit_columns[0].default is None and lb.total.label().render("fr") == "touché"


def test_list_building_resolves_from_a_module_name(monkeypatch):
    lb = _declared()
    module = types.ModuleType("made_up_list_building")
    module.LIST_BUILDING = lb
    monkeypatch.setitem(sys.modules, "made_up_list_building", module)
    assert lb_api.resolve("made_up_list_building") is lb and lb_api.resolve(lb) is lb
    assert lb_api.resolve(module) is lb
    monkeypatch.setitem(sys.modules, "empty_list_building", types.ModuleType("empty_list_building"))
    with pytest.raises(TypeError, match="LIST_BUILDING"):
        lb_api.resolve("empty_list_building")


def test_warhammer_declares_its_list_building():
    from fleeodds.rank import list_building

    lb = list_building("warhammer")
    assert isinstance(lb, lb_api.ListBuilding)
    assert [r.key for r in lb.roles] == list(registry.get_system("warhammer").roles)
    assert [c.column for c in lb.unit_columns] == ["M", "Ld", "troop_type", "rules"]
    assert lb.total.column == "caught_total" and "run_down" in lb.total.codes
    assert set(lb.chart_colours) <= set(lb.chart_codes)  # every coloured outcome has its place in the chart
    assert all(isinstance(c, lb_api.ExtraColumn) for c in lb.extra_columns)
