"""Every shipped Hell Dorado example loads, is marked illustrative, and its exact and MC results agree."""

import math

import pytest

import fleeodds
from fleeodds.api import list_examples
from fleeodds.systems.hell_dorado.scenarios import benchmark_case
from fleeodds.systems.hell_dorado.model import load_profiles

EXAMPLES = [p for p in list_examples() if p.parent.name == "hell_dorado"]


def test_there_are_examples_for_each_photo_and_attraction():
    names = {p.stem for p in EXAMPLES}
    for stem in ("fuite_arquebusier_bran_carnoth", "fuite_damne_colere_mis_au_sol", "fuite_samael_choix_adversaire",
                 "fuite_bretteur_cerne", "fuite_valombre_cabaliste", "fuite_djinn_intangible", "fuite_ordre_repli",
                 "fuite_blocage", "attraction_ligne", "attraction_zone_aleatoire"):
        assert stem in names


@pytest.mark.statistical
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example(path):
    text = path.read_text(encoding="utf-8")
    assert text.startswith("#") and "ILLUSTRATIVE" in text
    sc = fleeodds.load_scenario(path)
    assert "illustrative" in sc.title
    tab = fleeodds.evaluate(sc, method="both", trials=100_000, seed=9)
    z = tab.frame[tab.frame.method == "monte_carlo"].z.dropna()
    assert all(abs(v) < 3.29 for v in z), tab.wide()
    for v in getattr(sc, "variants", lambda: [])():
        dist = v.scenario.exact_distribution("float")
        assert math.isclose(sum(dist.values()), 1.0)


def test_expected_resolutions_of_the_rules_tips():
    def codes(name):
        sc = fleeodds.load_scenario(f"hell_dorado/{name}.toml")
        return {sc.outcomes[o].code for (o, _), p in sc.exact_distribution().items() if p > 0}

    assert codes("fuite_valombre_cabaliste") == {"free_disengage"}      # photo 6: CBT – makes no attack
    assert codes("fuite_djinn_intangible") == {"free_disengage"}        # photo 7: Intangible
    assert codes("fuite_ordre_repli") == {"repli_move"}                 # photo 8: no attack, MOU move
    assert codes("fuite_blocage") == {"cannot_flee"}                    # photo 9: Blocage
    assert codes("fuite_bretteur_cerne") <= {"killed", "fled_no_room"}  # photo 4: no room, no move
    assert "state_no_move" in codes("fuite_damne_colere_mis_au_sol")    # photo 5: Mis au sol stops the move
    repli = fleeodds.load_scenario("hell_dorado/fuite_ordre_repli.toml")
    assert repli.flee_distance == repli.fleeing.mou                     # not doubled


def test_shipped_profiles_are_marked_illustrative():
    profiles = load_profiles()
    assert profiles and all(p.get("illustrative") is True for p in profiles.values())


def test_benchmark_case():
    sc = benchmark_case()
    assert sc.system == "hell_dorado" and sc.has_exact and len(sc.variants()) == 4
    assert sum(sc.exact_distribution("fraction").values()) == 1


def test_counts_do_not_depend_on_threads_or_chunks():
    import numba
    import numpy as np

    for name in ("fuite_samael_choix_adversaire", "attraction_zone_aleatoire", "passe_bran_carnoth_vs_bretteur"):
        k = fleeodds.load_scenario(f"hell_dorado/{name}.toml").kernel()
        n = 50_000
        whole = k(3, 0, n)
        split = k(3, 0, 20_000) + k(3, 20_000, n - 20_000)
        before = numba.get_num_threads()
        numba.set_num_threads(1)
        try:
            single = k(3, 0, n)
        finally:
            numba.set_num_threads(before)
        assert np.array_equal(whole, split) and np.array_equal(whole, single)
        assert whole.sum() == n
