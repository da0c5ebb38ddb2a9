import pytest

from ...conftest import oracle_cases
from fleeodds.language import use_lang
from tests.lang_helpers import said_in  # noqa: E402


@pytest.fixture(scope="session")
def hd_oracle():
    """The Hell Dorado oracle cases (tests/oracles/hell_dorado.json) by id."""
    return {c["id"]: c for c in oracle_cases("hell_dorado")}


def noted(data, *needles, field=None, load=None, strict=True):
    """The input policy (docs/inputs.md) for an input that changes nothing here: ``data`` loads without an
    error and its scenario carries a note (``input_notes()``) whose English message holds every needle
    (and names ``field``); with ``strict = True`` the same file under ``strict_inputs()`` (``--strict``) is
    refused in one line, naming the same input, with the note's words and "; remove it".

    Returns
    -------
    (Scenario, InputNote)
    """
    import fleeodds
    from fleeodds import FleeoddsError
    from fleeodds.validation import strict_inputs

    load = load or fleeodds.load_scenario
    sc = load(data)
    notes = sc.input_notes()
    found = [n for n in notes if all(x in n.message() for x in needles) and (field is None or n.field == field)]
    assert found, [n.message() for n in notes]
    note = found[0]
    assert "\n" not in note.message() and note.message().startswith(note.field + ": ")
    assert " has no effect " in note.message() and " n'a aucun effet " in said_in("fr", note)
    if strict:
        with strict_inputs(), pytest.raises(FleeoddsError) as e:
            load(data)
        msg = str(e.value)
        assert msg == note.message() + "; remove it", (msg, note.message())
        assert e.value.field == note.field
    return sc, note
