"""The message catalogues: every marked message has a translation in every shipped language, with the
same placeholders; the shipped template and compiled catalogues are up to date with the source; and a
pseudo-language catalogue (each text wrapped in ⟦…⟧) shows that the messages go through the catalogue."""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from fleeodds import language
from fleeodds.i18n_tools import extract
from fleeodds.language import use_lang
from tests.lang_helpers import said_in  # noqa: E402


LOCALE = language.LOCALE_DIR
SHIPPED = sorted(p.parents[1].name for p in LOCALE.glob("*/LC_MESSAGES/fleeodds.po"))


def _ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """The catalogue template extracted now from the source (Babel, as python -m fleeodds.i18n_tools does)."""
    pot = extract(tmp_path_factory.mktemp("pot") / "fleeodds.pot")
    with open(pot, "rb") as f:
        return read_po(f)


def test_the_shipped_template_is_up_to_date(template):
    with open(LOCALE / "fleeodds.pot", "rb") as f:
        shipped = read_po(f)
    now = {m.id for m in template if m.id}
    assert now, "no marked message found: the extraction keywords do not match the source"
    assert now == {m.id for m in shipped if m.id}, (
        "locale/fleeodds.pot is not the source's: run python -m fleeodds.i18n_tools")


def test_french_is_shipped():
    assert "fr" in SHIPPED and "fr" in language.available_langs()


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_marked_message_is_translated_with_the_same_placeholders(template, lang):
    with open(LOCALE / lang / "LC_MESSAGES" / "fleeodds.po", "rb") as f:
        po = read_po(f)
    missing, fuzzy, wrong = [], [], []
    for m in template:
        if not m.id:
            continue
        t = po.get(m.id, m.context)
        if t is None or not all(_strings(t)):
            missing.append(m.id)
            continue
        if t.fuzzy:
            fuzzy.append(m.id)
        want = set().union(*(language.placeholders(i) for i in _ids(m)))
        got = [language.placeholders(s) for s in _strings(t)]
        # a message: the same placeholders; plural forms: each form some of them, all forms together all
        # of them (English "1 value" / "{n} values" may leave the count out of one form)
        if (got[0] != want) if len(got) == 1 else (not all(g <= want for g in got) or set().union(*got) != want):
            wrong.append((m.id, _strings(t)))
    assert not missing, f"{lang}: {len(missing)} messages without a translation: {missing[:20]}"
    assert not fuzzy, f"{lang}: fuzzy translations (check them, then drop the flag): {fuzzy[:20]}"
    assert not wrong, f"{lang}: translations with other placeholders: {wrong[:20]}"


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_compiled_catalogue_is_the_po(lang):
    folder = LOCALE / lang / "LC_MESSAGES"
    with open(folder / "fleeodds.po", "rb") as f:
        po = read_po(f)
    buf = io.BytesIO()
    write_mo(buf, po)
    buf.seek(0)
    fresh = gettext.GNUTranslations(buf)
    with open(folder / "fleeodds.mo", "rb") as f:
        shipped = gettext.GNUTranslations(f)
    assert fresh._catalog == shipped._catalog, f"{lang}: fleeodds.mo is older than fleeodds.po: compile it"


# ------------------------------------------------------------------------------------------- pseudo-language
def _pseudo(text: str) -> str:
    return "⟦" + text + "⟧"


@pytest.fixture()
def pseudo(template, tmp_path):
    """A language 'xx' whose every message is its English id in ⟦…⟧, compiled and added for this test."""
    buf = io.BytesIO()
    write_po(buf, template)
    buf.seek(0)
    cat = read_po(buf, locale="en")  # English plural rules (two forms)
    cat.add(("{n} rule", "{n} rules"))  # a plural form, for the machinery's own test
    for m in cat:
        if m.id:
            m.string = tuple(_pseudo(i) for i in _ids(m)) if isinstance(m.id, tuple) else _pseudo(m.id)
    folder = tmp_path / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "fleeodds.mo", "wb") as f:
        write_mo(f, cat)
    language.add_locale_dir(tmp_path)
    try:
        yield "xx"
    finally:
        language.remove_locale_dir(tmp_path)


def _outside_brackets(text: str) -> str:
    """What is left of ``text`` once every ⟦…⟧ part (nested ones too) is taken out."""
    depth, out = 0, []
    for c in text:
        if c == "⟦":
            depth += 1
        elif c == "⟧":
            depth -= 1
        elif depth == 0:
            out.append(c)
    return "".join(out)


def test_a_pseudo_language_reaches_the_errors(pseudo):
    from fleeodds.system import get_system

    assert pseudo in language.available_langs()
    cases = {"leadership = 13": "not allowed", "leadership = 'x'": "not allowed", "bogus = 1": "unknown option"}
    for line, _kind in cases.items():
        data = ("system = 'warhammer'\nedition = '6th'\n[fleeing]\nname = 'Goblins'\nmovement = 4\n"
                + line + "\n")
        import tomllib

        with pytest.raises(Exception) as info:
            get_system("warhammer").load(tomllib.loads(data))
        err = info.value
        with language.use_lang(pseudo):
            shown = err.message()
        assert shown.startswith("⟦") and shown.endswith("⟧"), shown
        assert not re.search(r"[A-Za-z]{3,}", _outside_brackets(shown)), shown
        assert said_in("en", err) == str(err) and "⟦" not in str(err)


def test_a_pseudo_language_renders_messages_and_plurals(pseudo):
    m = language.plural_message("{n} rule", "{n} rules", 3)
    with language.use_lang(pseudo):
        assert language._("a number") == "⟦a number⟧"
        assert language.ngettext("{n} rule", "{n} rules", 1) == "⟦1 rule⟧"
        assert m.render() == "⟦3 rules⟧"
        assert language.Message("a number from {lo} to {hi}", lo=1, hi=2).render() == "⟦a number from 1 to 2⟧"
    assert language._("a number") == "a number"


def test_a_pseudo_language_reaches_the_help_pages_and_click(pseudo, monkeypatch):
    """`fleeodds run --help` in the pseudo-language (chosen by FLEEODDS_LANG): the usage word, the
    headings, the command's help, every option's help and click's own words are all bracketed."""
    from click.testing import CliRunner

    from fleeodds.cli import main

    env = {"FLEEODDS_LANG": pseudo, "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}
    monkeypatch.setattr("sys.argv", ["fleeodds", "run", "--help"])
    page = CliRunner().invoke(main, ["run", "--help"], env=env, prog_name="fleeodds").output
    assert page.startswith("⟦Usage:⟧ fleeodds run"), page[:200]
    assert "⟦⟦Options⟧:⟧" in page and "⟦INTEGER RANGE⟧" in page and "⟦default: 0⟧" in page, page
    left = re.findall(r"[a-z]+ [a-z]+ [a-z]+", _outside_brackets(page))
    assert not left, (left, page)
    group = CliRunner().invoke(main, ["--help"], env=env, prog_name="fleeodds").output
    assert "⟦⟦Commands⟧:⟧" in group and not re.findall(r"[a-z]+ [a-z]+ [a-z]+", _outside_brackets(group)), group
    bad = CliRunner().invoke(main, ["run", "x.toml", "--trials", "abc"], env=env, prog_name="fleeodds")
    assert "⟦Invalid value for" in bad.output and "⟦error: ⟧" in bad.output, bad.output
