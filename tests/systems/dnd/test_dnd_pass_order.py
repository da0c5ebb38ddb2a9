"""``options.pass_order``: the order in which the runner passes its foes (issue 27), against a hand enumeration.

By hand (SRD 5.1 "Attack Rolls", "Dropping to 0 Hit Points", "Instant Death"; 5e stops the move of a runner at
0 HP, options.stop_when_down = true): a runner with 4 HP and AC 12 leaves two foes.
A (+2, 1d1+3) hits on a d20 of 10 or more: 11/20; its 4 damage (5 on a critical) leave the runner at 0 HP with
less than 4 left over: down. B (+5, 1d1+7) hits on 7 or more: 14/20; its 8 damage (9) leave 4 or more over the
0: dead. Passing A then B: dead only when A misses and B hits, 9/20 * 14/20 = 63/200; down 11/20; unharmed
9/20 * 6/20 = 27/200. Passing B then A: dead 14/20 = 7/10; down 6/20 * 11/20 = 33/200; unharmed 27/200.
"""

import copy
from fractions import Fraction as F
from itertools import permutations

import pytest

import fleeodds
from fleeodds.decisions import decide
from fleeodds.errors import InputError
from fleeodds.systems.dnd.decisions import decision_points
from fleeodds.language import use_lang
from fleeodds.systems.dnd.model.scenario import schema

from tests.systems.dnd.dnd_helpers import exact_by_outcome
from tests.lang_helpers import in_french  # noqa: E402

FOES = {"system": "dnd", "edition": "5e2014", "mode": "move", "runner": {"hp": 4, "ac": 12},
        "enemies": [{"name": "A", "attack_bonus": 2, "damage": "1d1+3"},
                    {"name": "B", "attack_bonus": 5, "damage": "1d1+7"}]}
HAND = {(0, 1): {"dead": F(63, 200), "down": F(11, 20), "unharmed": F(27, 200)},
        (1, 0): {"dead": F(7, 10), "down": F(33, 200), "unharmed": F(27, 200)}}



def _with(order=None, **top):
    data = copy.deepcopy(FOES)
    data.update(top)
    if order is not None:
        data["options"] = {"pass_order": order}
    return data


@pytest.mark.parametrize("order", [None, [0, 1], [1, 0]])
def test_each_order_against_the_hand_enumeration(order):
    sc = fleeodds.load_scenario(_with(order))
    got = exact_by_outcome(sc)
    for code, p in HAND[tuple(order or (0, 1))].items():
        assert got.get(code, F(0)) == p, (order, code)
    assert sum(got.values()) == 1
    assert sc.notes() == []  # the order written, given explicitly, is simply accepted


def test_with_twin_foes_the_written_order_is_accepted_and_another_is_noted():
    """Two identical foes: the order changes nothing. Written as it stands it is the default (no note); the other
    order is accepted with a note (the input policy), never refused."""
    twins = _with(enemies=[{"name": "A", "attack_bonus": 2, "damage": "1d1+3"}] * 2)
    assert [n.field for n in fleeodds.load_scenario({**twins, "options": {"pass_order": [0, 1]}}).input_notes()] == []
    noted = fleeodds.load_scenario({**twins, "options": {"pass_order": [1, 0]}}).input_notes()
    assert [n.field for n in noted] == ["options.pass_order"]


def test_decide_names_the_best_order():
    data = _with(decide={"goal": ["not_dead", "dead"], "choices": ["options.pass_order"]})
    d = decide(fleeodds.load_scenario(data), method="exact")
    by = {tuple(o.changes["options.pass_order"]): o.values for o in d.options}
    assert set(by) == {(0, 1), (1, 0)}
    assert by[(0, 1)]["not_dead"] == 1 - HAND[(0, 1)]["dead"] == F(137, 200)
    assert by[(1, 0)]["not_dead"] == 1 - HAND[(1, 0)]["dead"] == F(3, 10)
    assert [o.changes["options.pass_order"] for o in d.best("not_dead")] == [[0, 1]]
    assert [o.changes["options.pass_order"] for o in d.best("dead")] == [[1, 0]]


@pytest.mark.parametrize("bad", [[0, 0], [1], [0, 1, 2], [2, 0], [-1, 0], "x"])
def test_a_pass_order_that_is_no_permutation_is_refused(bad):
    with pytest.raises(InputError, match=r"options\.pass_order") as e:
        fleeodds.load_scenario(_with(bad))
    assert "each once" in str(e.value)
    fr = in_french(e.value)
    assert "options.pass_order" in fr and "chacun une fois" in fr and "each" not in fr


def test_errors_name_the_tables_as_written():
    data = _with([1, 0])
    data["enemies"][1]["advantage"] = "x"
    with pytest.raises(InputError, match=r"enemies\.1\.advantage"):
        fleeodds.load_scenario(data)


def test_count_and_dodge_target_follow_their_foe():
    data = {"system": "dnd", "edition": "3.5", "mode": "move",
            "runner": {"hp": 20, "ac": 15, "feats": ["Dodge"], "dodge_target": 2},
            "enemies": [{"name": "A", "attack_bonus": 2, "damage": "1d6", "count": 2},
                        {"name": "B", "attack_bonus": 5, "damage": "1d8"}],
            "options": {"pass_order": [1, 0]}}
    spec = fleeodds.load_scenario(data).spec
    assert [e.name for e in spec.enemies] == ["B", "A #1", "A #2"]
    assert spec.runner.dodge_target == 0  # B, written third (index 2 of the enemies as written)


@pytest.mark.parametrize("n, offered", [(1, False), (2, True), (3, True), (4, True), (5, False)])
def test_decision_points_offer_every_order_of_two_to_four_tables(n, offered):
    data = copy.deepcopy(FOES)
    data["enemies"] = [dict(FOES["enemies"][0], name=f"E{i}") for i in range(n)]
    points = decision_points(fleeodds.load_scenario(data))
    assert "mode" in points
    if offered:
        assert sorted(map(tuple, points["options.pass_order"])) == sorted(permutations(range(n)))
    else:
        assert "options.pass_order" not in points


@pytest.mark.parametrize("lang, title", [("en", "order the foes are passed"), ("fr", "ordre de passage des ennemis")])
def test_the_schema_has_the_field_with_its_titles(lang, title):
    with use_lang(lang):
        s = schema()
    field = s["$defs"]["OptionsModel"]["properties"]["pass_order"]
    assert field["title"] == title
    assert field["default"] is None
