"""Defects an adversarial tester found in error lines: English words under ``--lang fr``, Python
reprs, internal field paths, and inputs that change nothing accepted silently."""

import pytest
from click.testing import CliRunner

from fleeodds.cli import main
from fleeodds.errors import InputError
from fleeodds.language import Message, N_

GOBLINS = "warhammer/goblins_broken_by_dwarfs.toml"



@pytest.fixture
def runner():
    return CliRunner()


@pytest.mark.parametrize("args, line", [
    (["run", GOBLINS, "--lang", "fr", "--chart", "x.jpg"],
     "erreur : valeur invalide pour '--chart' / '-c' : 'x.jpg' n'est pas admis ; attendu : un nom de fichier qui "
     "finit par .png ou .svg (voir fleeodds run --help)"),
    (["run", GOBLINS, "--lang", "fr", "-o", "/nonexistent/dir/x.txt"],
     "erreur : valeur invalide pour '--out' / '-o' : '/nonexistent/dir/x.txt' : le dossier '/nonexistent/dir' "
     "n'existe pas (voir fleeodds run --help)"),
    (["run", GOBLINS, "--lang", "fr", "--chart", "/nonexistent/x.png"],
     "erreur : valeur invalide pour '--chart' / '-c' : '/nonexistent/x.png' : le dossier '/nonexistent' "
     "n'existe pas (voir fleeodds run --help)"),
    (["sweep", GOBLINS, "--lang", "fr"], "erreur : option manquante '--vary' / '-v'. (voir fleeodds sweep --help)"),
    (["report", "/nonexistent", "--lang", "fr"],
     "erreur : valeur invalide pour '[FOLDER]' : le dossier '/nonexistent' n'existe pas. "
     "(voir fleeodds report --help)"),
])
def test_command_line_checks_are_french(runner, monkeypatch, args, line):
    monkeypatch.setattr("sys.argv", ["fleeodds", *args])  # where the error line finds --lang
    r = runner.invoke(main, args, prog_name="fleeodds")
    assert r.exit_code == 2
    assert r.output.strip() == line


def test_command_line_checks_stay_english_without_lang(runner):
    r = runner.invoke(main, ["run", GOBLINS, "--chart", "x.jpg"])
    assert "'x.jpg' is not allowed; expected a file name ending in .png or .svg" in r.output


def test_click_path_messages(runner):
    r = runner.invoke(main, ["report", "/etc/passwd", "--lang", "fr"])
    assert r.exit_code == 2
    assert "valeur invalide pour '[FOLDER]' : " in r.output and "'/etc/passwd' est un fichier, pas un dossier." in r.output


def test_french_digit_groups_in_allowed_ranges():
    from fleeodds.errors import grouped

    err = InputError("trials", 0, Message(N_("an integer from 1 to {n}"), n=grouped(20_000_000_000)))
    assert str(err) == "trials: 0 is not allowed; expected an integer from 1 to 20,000,000,000"
    assert in_french(err) == "trials: 0 n'est pas admis ; attendu : un entier de 1 à 20\u202f000\u202f000\u202f000"
    # a value as the user wrote it keeps its commas; a decimal is no digit group
    assert in_french(InputError("x", "1,000", Message(N_("a number from {lo} to {hi}"), lo=0, hi=0.5))) == (
        "x: '1,000' n'est pas admis ; attendu : un nombre de 0 à 0.5")


# -- Hell Dorado -------------------------------------------------------------------------------------
import tomllib  # noqa: E402
from pathlib import Path  # noqa: E402

import fleeodds  # noqa: E402
from fleeodds.errors import FleeoddsError  # noqa: E402
from fleeodds.language import use_lang
from tests.lang_helpers import in_french, said_in  # noqa: E402


EXAMPLES = Path(fleeodds.__file__).parent / "examples"


def _arquebusier(**sections) -> dict:
    data = tomllib.loads((EXAMPLES / "hell_dorado/fuite_arquebusier_bran_carnoth.toml").read_text())
    for name, fields in sections.items():
        data.setdefault(name, {}).update(fields)
    return data


def _message(data, lang="fr") -> str:
    with pytest.raises(FleeoddsError) as e:
        sc = fleeodds.load_scenario(data)
        sc.variants()
    return said_in(lang, e.value)


def _noted(data, lang="fr") -> str:
    """An input that changes nothing here: accepted with a note (docs/inputs.md), refused under strict. The
    note's words, which must be the strict error's without its "remove it"."""
    from fleeodds.evaluation import scenario_notes

    sc = fleeodds.load_scenario(data)
    (prefix, note), = scenario_notes(sc)
    with pytest.raises(FleeoddsError) as e:
        fleeodds.load_scenario(data, strict=True)
    error = said_in(lang, e.value)
    assert error == said_in(lang, note, prefix) + (" ; retirez-le" if lang == "fr" else "; remove it")
    return error


def test_repli_multiplier_counts_in_the_ordre_repli_setup():
    # fuite.compare has "ordre_repli": the multiplier changes that setup; no setup label in a field path
    sc = fleeodds.load_scenario(_arquebusier(options={"repli_move_multiplier": 3}))
    assert len(sc.variants()) == 3


def _hd_note(data, lang="fr") -> str:
    """The only note of ``data`` (an input that changes nothing: accepted), in ``lang``."""
    notes = fleeodds.load_scenario(data).input_notes()
    assert len(notes) == 1, notes
    return said_in(lang, notes[0])


def _strict_message(data, lang="fr") -> str:
    from fleeodds.validation import strict_inputs

    with strict_inputs():
        return _message(data, lang)


def test_repli_multiplier_without_any_repli_is_noted_on_its_own_path():
    data = _arquebusier(options={"repli_move_multiplier": 3})
    data["fuite"]["compare"] = ["base", "intangible"]
    said = "options.repli_move_multiplier: 3 n'a aucun effet sauf si fuite.repli = true (Ordre Repli)"
    assert _hd_note(data) == said
    assert _strict_message(data) == said + " ; retirez-le"  # --strict


def test_dice_cap_choices_are_french():
    assert _message(_arquebusier(options={"dice_cap": 3})) == (
        "options.dice_cap: 3 n'est pas admis ; attendu : l'une des valeurs 10 ou 'none'")


def test_mis_au_sol_reason_is_french():
    data = _arquebusier(fleeing={"state": "Mis au sol"})
    said = ("fleeing.state: 'Mis au sol' n'a aucun effet dans cette Fuite (il n'interdit que l'Esquive X, qu'aucun "
            "combattant ne peut utiliser ici)")
    assert _hd_note(data) == said
    assert _strict_message(data) == said + " ; retirez-le"  # --strict


def test_pydantic_choices_read_as_toml():
    from fleeodds.validation import toml_choices

    assert toml_choices("False, 'ld_test' or 'always'") == "false, 'ld_test' or 'always'"
    assert toml_choices("'True' or None") == "'True' or none"


# -- values echoed as written ------------------------------------------------------------------------
def _warhammer(name="goblins_broken_by_dwarfs.toml", **sections) -> dict:
    data = tomllib.loads((EXAMPLES / "warhammer" / name).read_text())
    for section, fields in sections.items():
        data.setdefault(section, {}).update(fields)
    return data


@pytest.mark.parametrize("text, shown", [("1979-05-27", "1979-05-27"), ("07:32:00", "07:32:00"),
                                         ("1979-05-27T07:32:00", "1979-05-27T07:32:00")])
def test_toml_dates_echo_as_written(text, shown):
    value = tomllib.loads(f"v = {text}")["v"]
    data = _warhammer("goblins_rally_or_flee_to_edge.toml", table={"edge_distance": value})
    assert _message(data, "en") == f"table.edge_distance: {shown} is not allowed; expected a number"


def test_literal_choices_read_as_toml():
    data = _warhammer(options={"pursuer_restrains": "x"})
    assert _message(data) == ("options.pursuer_restrains: 'x' n'est pas admis ; attendu : l'une des valeurs false, "
                              "'ld_test' ou 'always'")


# -- field paths -------------------------------------------------------------------------------------
def test_unknown_rule_is_named_by_its_place_in_the_list():
    data = _warhammer(fleeing={"extra_rules": ["cold_blooded", "cold_bloded"]})
    assert _message(data, "en").startswith("fleeing.extra_rules.1: 'cold_bloded' is not allowed; expected one of "
                                           "swiftstride, ")


def test_models_left_over_models_start_is_named():
    data = _warhammer(fleeing={"models_left": 30, "models_start": 20})
    assert _message(data) == ("fleeing.models_left: 30 n'est pas admis ; attendu : un nombre de figurines d'au plus "
                              "models_start (20)")


def _dnd(**fields) -> dict:
    data = tomllib.loads((EXAMPLES / "dnd/wizard_leaves_two_orcs_5e.toml").read_text())
    data.update(fields)
    return data


def test_union_tag_is_not_part_of_the_path():
    assert _message(_dnd(compare_modes="all"), "en").startswith("compare_modes: 'all' is not allowed; expected ")


def test_one_setup_alone_is_refused_on_compare(runner, monkeypatch, tmp_path):
    f = tmp_path / "one.toml"
    f.write_text((EXAMPLES / "warhammer" / "goblins_broken_by_dwarfs.toml").read_text()
                 + '\n[compare]\n"Ld 6" = { "fleeing.leadership" = 6 }\n')
    args = ["run", str(f), "--exact", "--lang", "fr"]
    monkeypatch.setattr("sys.argv", ["fleeodds", *args])
    r = runner.invoke(main, args, prog_name="fleeodds")
    assert r.exit_code == 2
    assert r.output.strip() == (
        "erreur : compare: 'Ld 6' n'est pas admis ; attendu : au moins deux configurations à comparer (une "
        "configuration seule n'est comparée à rien : écrivez ses changements dans le scénario lui-même, ou "
        "ajoutez une deuxième configuration)")


# -- inputs that change nothing ----------------------------------------------------------------------
def test_empty_shorthands_are_refused():
    assert _message(_dnd(compare_modes=[]), "en") == ("compare_modes: [] has no effect (an empty list compares "
                                                      "nothing); remove it")
    data = _arquebusier()
    data["fuite"]["compare"] = []
    assert _message(data) == ("fuite.compare: [] n'a aucun effet (une liste vide ne donne aucune configuration à "
                              "comparer) ; retirez-le")


def test_rules_equal_to_the_profile_are_accepted_silently():
    # a unit field written exactly as its named profile has it is that field's default (docs/inputs.md)
    data = _warhammer(fleeing={"rules": []})  # Night Goblins have no special rules of their own
    assert fleeodds.load_scenario(data).input_notes() == []