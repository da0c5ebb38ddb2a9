"""Bad input: every error names the field and what is allowed."""

import pytest

from fleeodds import FleeoddsError, load_scenario
from fleeodds.language import use_lang
from tests.lang_helpers import said_in  # noqa: E402


W = [{"name": "w", "damage": [1, 2, 3, 4, 5]}]


def flee(**kw):
    d = {"system": "hell_dorado", "fleeing": {"name": "F", "def": 4, "pv": 3},
         "adversaries": [{"name": "A", "cbt": 3, "weapons": W}]}
    for k, v in kw.items():
        if k in ("fleeing", "adversary"):
            tgt = d["fleeing"] if k == "fleeing" else d["adversaries"][0]
            tgt.update(v)
        else:
            d[k] = v
    return d


def attraction(adv_xy=(5.0, 0.0), **extra):
    d = {"system": "hell_dorado", "type": "attraction",
         "attractors": [{"name": "H", "capacities": ["Attraction 6"], "x": 0.0, "y": 0.0}],
         "adversaries": [{"name": "B", "x": adv_xy[0], "y": adv_xy[1]}]}
    d.update(extra)
    return d


@pytest.mark.parametrize("bad", [0, 7, -1])
def test_def_out_of_range(bad):
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(fleeing={"def": bad}))
    msg = str(e.value)
    assert f"fleeing.def: {bad} is not allowed" in msg and "from 1 to 6" in msg


def test_damage_table_with_six_rows():
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(adversary={"weapons": [{"name": "w", "damage": [1, 2, 3, 4, 5, 6]}]}))
    msg = str(e.value)
    assert "adversaries.0.weapons.0.damage" in msg and "exactly 5" in msg


def test_negative_pv():
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(fleeing={"pv": -2}))
    msg = str(e.value)
    assert "fleeing.pv: -2 is not allowed" in msg and "from 1 to 100" in msg


def test_unknown_capacity():
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(fleeing={"capacities": ["Invisible"]}))
    assert e.value.field == "fleeing.capacities.0"
    assert "Intangible" in e.value.allowed and "Blocage" in e.value.allowed and "Attraction x" in e.value.allowed


def test_capacity_number_required():
    with pytest.raises(FleeoddsError) as e:
        load_scenario(attraction(attractors=[{"name": "H", "capacities": ["Attraction"], "x": 0.0, "y": 0.0}]))
    assert e.value.field == "attractors.0.capacities.0" and "Attraction 6" in e.value.allowed


def test_unknown_state():
    w = [{"name": "w", "damage": [1, 2, 3, 4, 5], "states": [{"state": "Enflammé", "min_hits": 2}]}]
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(adversary={"weapons": w}))
    assert e.value.field == "adversaries.0.weapons.0.states.0.state" and "Mis au sol" in e.value.allowed


def test_overlapping_bases():
    with pytest.raises(FleeoddsError) as e:
        load_scenario(attraction(adv_xy=(1.0, 0.0)))
    msg = str(e.value)
    assert "adversaries 'B'" in msg and "does not overlap" in msg and "attractors/others 'H'" in msg


def test_unknown_option_and_bad_option_value():
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(options={"dice_capp": 10}))
    assert "options.dice_capp" in str(e.value) and "unknown option" in str(e.value)
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(options={"attacker_choice": "random"}))
    assert "options.attacker_choice" in str(e.value) and "max_kill_or_state" in str(e.value)
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(options={"dice_cap": 8}))
    assert "options.dice_cap" in str(e.value) and "10 or 'none'" in str(e.value)


def test_unknown_fields():
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(fuite={"repli": True, "distance": 3}))
    assert e.value.field == "fuite.distance" and "repli" in e.value.allowed
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(fleeing={"speed": 3}))
    assert "fleeing.speed" in str(e.value) and "unknown option" in str(e.value)
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(type="poursuite"))
    assert e.value.field == "type" and "'fuite'" in e.value.allowed


def test_bad_attacker_profile_compare_zone():
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(fuite={"attacker": "Z"}))
    assert e.value.field == "fuite.attacker" and "'A'" in e.value.allowed
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(fleeing={"profile": "nobody"}))
    assert e.value.field == "fleeing.profile" and "arquebusier" in e.value.allowed
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(fuite={"compare": ["base", "teleport"]}))
    assert e.value.field == "fuite.compare.1" and "'ordre_repli'" in e.value.allowed
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(options={"attacker_choice": "user"}))
    assert e.value.field == "fuite.attacker"
    d = attraction()
    d["adversaries"][0] = {"name": "B", "zone": {"shape": "disc", "cx": 0, "cy": 0, "r": -1}}
    with pytest.raises(FleeoddsError) as e:
        load_scenario(d)
    assert e.value.field == "adversaries.0.zone" and "disc" in e.value.allowed


def test_cbt_and_weapon_checks():
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(adversary={"cbt": 21}))
    assert "adversaries.0.cbt" in str(e.value) and "'-'" in str(e.value)
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(adversary={"weapons": []}))
    assert e.value.field == "adversaries.0.weapons"
    with pytest.raises(FleeoddsError) as e:
        load_scenario(flee(fuite={"repli": "yes"}))
    assert e.value.field == "fuite.repli" and e.value.allowed == "true or false"


def test_crowded_random_zone_raises_instead_of_a_wrong_number():
    from fleeodds import engine

    d = attraction()
    d["adversaries"] = [{"name": f"B{i}", "base": "grand", "zone": {"shape": "disc", "cx": 20, "cy": 0, "r": 0.5}}
                        for i in range(2)]
    sc = load_scenario(d)
    with pytest.raises(FleeoddsError) as e:
        engine.simulate(sc.kernel(), trials=10, seed=0, progress=False)
    assert e.value.field == "adversaries.zone"


def test_a_capacity_given_twice_is_refused_by_name():
    # two Esquive values on one fighter: which X applies would be a guess
    d = {"system": "hell_dorado", "type": "passe",
         "attacker": {"name": "A", "cbt": 2, "weapons": W},
         "defender": {"name": "D", "def": 4, "pv": 3, "capacities": ["Esquive 2", "esquive 4"]},
         "passe": {"riposte": False, "charge": True}}
    with pytest.raises(FleeoddsError) as e:
        load_scenario(d)
    msg = str(e.value)
    assert msg.startswith("defender.capacities.1: 'esquive 4'") or msg.startswith("defender.capacities.1: esquive 4")
    assert "each capacity once" in msg and "defender.capacities.0" in msg
    with pytest.raises(FleeoddsError, match=r"fleeing\.capacities\.1: .*each capacity once"):
        load_scenario(flee(fleeing={"capacities": ["Intangible", "Intangible"]}))


@pytest.mark.parametrize("where,index,xy", [("adversaries", 0, (2.5, 0.0)), ("attractors", 0, (2.5, 1.0)),
                                            ("adversaries", 0, (2.0 - 0.3, 0.0))])
def test_a_fighter_inside_impassable_terrain_is_refused(where, index, xy):
    # a wall from x = 2 to 3: a centre inside it, or a base (radius 15 / 25.4 = 0.59) that reaches into it
    d = attraction(terrain=[{"name": "Mur", "points": [[2.0, -2.5], [3.0, -2.5], [3.0, 2.5], [2.0, 2.5]]}])
    if where == "attractors":
        d["attractors"][0].update(x=xy[0], y=xy[1])
        d["adversaries"][0].update(x=6.0, y=0.0)
    else:
        d["adversaries"][0].update(x=xy[0], y=xy[1], base="petit")
    with pytest.raises(FleeoddsError, match=rf"^{where}\.{index}\.x: .*off impassable terrain terrain\.0"):
        load_scenario(d)
    # touching the wall's edge is allowed
    d["adversaries"][0].update(x=2.0 - 15 / 25.4 - 1e-6, y=0.0, base="petit")
    d["attractors"][0].update(x=0.0, y=0.0)
    load_scenario(d)


# --------------------------------------------------------------------------- bounds of a placed table
def _behind_the_wall() -> dict:
    import tomllib

    from fleeodds.api import list_examples

    path = next(p for p in list_examples() if p.name == "fuite_derriere_le_mur.toml")
    with open(path, "rb") as f:
        return tomllib.load(f)


def _refused(data: dict) -> str:
    with pytest.raises(FleeoddsError) as e:
        load_scenario(data)
    return said_in("en", e.value)


def test_adversaries_stacked_on_one_spot_are_refused():
    d = _behind_the_wall()
    d["adversaries"] = [dict(d["adversaries"][0], name=f"A{i}") for i in range(3)]
    assert _refused(d).startswith("adversaries.1.x/y:") and "does not overlap adversaries.0" in _refused(d)


@pytest.mark.parametrize("section, n, allowed", [("allies", 21, "at most 20 item"), ("terrain", 31, "at most 30 item")])
def test_a_table_has_bounded_pieces(section, n, allowed):
    d = _behind_the_wall()
    d[section] = ([{"name": f"a{i}", "x": 100.0 + 3 * i, "y": 100.0} for i in range(n)] if section == "allies" else
                  [{"points": [[50.0 + i, 50.0], [50.0 + i, 51.0], [50.5 + i, 51.0]]} for i in range(n)])
    assert _refused(d).startswith(f"{section}:") and allowed in _refused(d)


def test_terrain_corners_are_bounded():
    d = _behind_the_wall()
    square = [[0.0, 0.0], [0.0, 1.0], [1.0, 1.0], [1.0, 0.0]]
    d["terrain"] = [{"points": [[40.0 + x + k * 0.001, 40.0 + y] for k, (x, y) in enumerate(square * 17)]}]
    assert "from 3 to 64 corners" in _refused(d)
    d["terrain"] = [{"points": [[40.0 + 3 * i + x, 40.0 + y] for x, y in square * 16]} for i in range(5)]
    assert "at most 256 corners in all" in _refused(d)
