"""Bad input fails early with an InputError naming the field, the value and what is allowed."""

from __future__ import annotations

import pytest

import fleeodds
from fleeodds.errors import InputError

from .dnd_helpers import noted


def base(**over):
    data = {"system": "dnd", "edition": "3.5", "mode": "move",
            "runner": {"hp": 4, "ac": 12},
            "enemies": [{"attack_bonus": 4, "damage": "2d4+4", "threat_range": "18-20", "crit_multiplier": 2}]}
    for k, v in over.items():
        if k in ("runner", "enemy"):
            target = data["runner"] if k == "runner" else data["enemies"][0]
            target.update(v)
        else:
            data[k] = v
    return data


def error(data) -> InputError:
    with pytest.raises(InputError) as info:
        fleeodds.load_scenario(data)
    return info.value


@pytest.mark.parametrize("data,field,allowed", [
    (base(runner={"hp": -3}), "runner.hp", "integer >= 1"),
    (base(runner={"hp": 0}), "runner.hp", "integer >= 1"),
    (base(runner={"ac": 0}), "runner.ac", "from 1 to 60"),
    (base(runner={"ac": "12"}), "runner.ac", "write 12 without quotes"),
    (base(runner={"ac": " 61 "}), "runner.ac", "write 61 without quotes (an integer from 1 to 60)"),
    (base(enemy={"attack_bonus": "+4"}), "enemies.0.attack_bonus", "write 4 without quotes"),
    (base(edition="4e"), "edition", "'3.5', 'pf1', '5e2014', '5e2024'"),
    (base(enemy={"threat_range": "21-20"}), "enemies.0.threat_range", "'N-20' with N from 2 to 20"),
    (base(enemy={"threat_range": "20-19"}), "enemies.0.threat_range", "'N-20' with N from 2 to 20"),
    (base(enemy={"threat_range": 1}), "enemies.0.threat_range", "'N-20' with N from 2 to 20"),
    (base(enemy={"crit_multiplier": 1}), "enemies.0.crit_multiplier", "from 2 to 6"),
    (base(enemy={"damage": "2d+4"}), "enemies.0.damage", "dice notation"),
    (base(enemy={"damage": "2x4"}), "enemies.0.damage", "dice notation"),
    (base(enemies=[]), "enemies", "at least one threatening enemy"),
    (base(enemies={"attack_bonus": 3}), "enemies", "a list of [[enemies]] tables"),
    (base(mode="disengage"), "mode", "'move', 'withdraw', 'run', 'five_foot_step', 'tumble'"),
    (base(edition="5e2014", mode="withdraw"), "mode", "'move', 'dash', 'disengage', 'stay'"),
    (base(mode="tumble"), "runner.tumble", "Tumble modifier"),
    (base(runner={"feats": ["sentinel"]}), "runner.feats.0", "'mobility', 'dodge', 'run'"),
    (base(edition="pf1", enemy={"stand_still": True}), "enemies.0.stand_still", "Combat Reflexes"),
    (base(enemy={"reach": 7}), "enemies.0.reach", "multiple of 5"),
    (base(enemy={"speed": 30}), "enemies.0.speed", "documented fields"),
    (base(runner={"hitpoints": 4}), "runner.hitpoints", "documented fields"),
    (base(options={"stop_when_down": "yes"}), "options.stop_when_down", "true or false"),
    (base(options={"simultaneous_oa": "sometimes"}), "options.simultaneous_oa", "'stop_after_drop', 'all_resolve'"),
    (base(options={"dead_threshold": 5}), "options.dead_threshold", "negative integer"),
    (base(compare_modes=["move", "teleport"]), "compare_modes.1", "'withdraw'"),
    (base(compare_modes=["move"]), "compare_modes", "at least two"),
    (base(mode="withdraw", distracting_action=True), "distracting_action", "full-round"),
    (base(runner={"dodge_target": 3}), "runner.dodge_target", "from 0 to 0"),
    (base(enemy={"preset": "srd51_orc"}), "enemies.0.preset", "a preset for edition '3.5'"),
    (base(enemy={"preset": "dragon"}), "enemies.0.preset", "srd35_orc_falchion"),
    (base(runner={"preset": "srd35_wizard_1", "hp_max": 2}), "runner.hp_max", ">= runner.hp"),
    (base(runner={"concealment": 120}), "runner.concealment", "percent"),
    (base(metric="turns"), "metric", "'damage', 'attacks'"),
])
def test_bad_input(data, field, allowed):
    err = error(data)
    assert err.field == field
    assert allowed in err.allowed
    assert field in str(err)


@pytest.mark.parametrize("data,field,why", [
    (base(enemy={"sentinel": True}), "enemies.0.sentinel", "no effect outside 5e"),
    (base(edition="5e2014", enemy={"crit_multiplier": 3}), "enemies.0.crit_multiplier", "double the damage dice"),
    (base(edition="5e2014", options={"massive_damage": True}), "options.massive_damage", "no effect in 5e"),
])
def test_an_input_of_another_edition_is_noted(data, field, why):
    noted(data, field, why)


def test_pf_acrobatics_needs_cmd_and_light_armour():
    data = base(edition="pf1", mode="acrobatics", runner={"tumble": 5})
    err = error(data)
    assert err.field == "enemies.0.cmd"
    data = base(edition="pf1", mode="acrobatics", runner={"tumble": 5, "armor": "heavy"}, enemy={"cmd": 14})
    assert error(data).field == "runner.armor"


def test_stand_still_needs_runner_cmd():
    data = base(edition="pf1", enemy={"combat_reflexes": True, "stand_still": True, "cmb": 4})
    assert error(data).field == "runner.cmd"


def test_missing_runner():
    data = base()
    del data["runner"]
    assert error(data).field == "runner"


def test_default_attacker_preset_when_no_enemies_key():
    data = base()
    del data["enemies"]
    sc = fleeodds.load_scenario(data)
    assert sc.spec.enemies[0].damage == "2d4+4"
    data["edition"] = "5e2014"
    assert fleeodds.load_scenario(data).spec.enemies[0].damage == "1d12+3"


def test_error_message_is_readable():
    err = error(base(enemy={"threat_range": "21-20"}))
    assert str(err).startswith("enemies.0.threat_range: '21-20' is not allowed; expected ")


# --------------------------------------------------------------------------- same results as leaving it out
def _melee(edition="3.5", mode="move", enemy=None, **extra):
    runner = {"preset": "srd35_wizard_1"} if edition == "3.5" else {"preset": "srd5_wizard_1"}
    enemy = enemy or {"preset": "srd35_orc_falchion" if edition == "3.5" else "srd51_orc"}
    return {"system": "dnd", "edition": edition, "mode": mode, "runner": runner, "enemies": [enemy], **extra}


@pytest.mark.parametrize("data, field", [
    (_melee(enemy={"preset": "srd35_orc_falchion", "aoo_left": 3}), "enemies.0.aoo_left"),
    (_melee(mode="five_foot_step", enemy={"preset": "srd35_orc_falchion", "count": 2}), "enemies.0.count"),
    (_melee(options={"aoo_per_round": 2}), "options.aoo_per_round"),
    (_melee("5e2014", "stay", {"preset": "srd51_orc", "on_hit": "prone"}), "enemies.0.on_hit"),
])
def test_a_value_with_the_results_of_leaving_it_out_is_noted(data, field):
    noted(data, field, "same results as leaving it out")


@pytest.mark.parametrize("data", [
    _melee(enemy={"preset": "srd35_orc_falchion", "aoo_left": 0}),
    _melee(enemy={"preset": "srd35_orc_falchion", "count": 2}),
    _melee(distracting_action=True, options={"aoo_per_round": 2}),
    _melee("5e2014", "move", {"preset": "srd51_orc", "on_hit": "prone"}),
])
def test_a_value_that_changes_results_is_accepted(data):
    fleeodds.load_scenario(data)


def test_a_misspelt_situation_is_named():
    with pytest.raises(InputError, match="situation: .death_save. is not allowed; expected one of 'leave_melee'"):
        fleeodds.load_scenario({"system": "dnd", "edition": "5e2014", "situation": "death_save"})


def test_disabled_strenuous_is_noted_when_nothing_is_provoked():
    """A 3.5 withdraw that provokes no attack: the runner never reaches 0 HP, so the
    disabled-and-strenuous rule changes no result (it only adds an empty row and a metric bin)."""
    data = {"system": "dnd", "edition": "3.5", "mode": "withdraw", "runner": {"hp": 9, "ac": 14},
            "options": {"disabled_strenuous": False},
            "enemies": [{"attack_bonus": 5, "damage": "1d6+3"}]}
    noted(data, "options.disabled_strenuous", "options.disabled_strenuous: false has no effect in this scenario")
