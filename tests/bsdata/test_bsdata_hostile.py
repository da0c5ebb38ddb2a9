"""Hostile BattleScribe files: each is one line of FleeoddsError, never a traceback, a hang or a
read until memory runs out. Every file is built here, in a temporary folder."""

from __future__ import annotations

import os
import struct
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from fleeodds.errors import FleeoddsError, InputError
from fleeodds.importers import bsdata
from fleeodds.importers.bsdata import read_catalogue
from fleeodds.systems.warhammer.list_building import import_catalogue

DATA = Path(__file__).resolve().parent / "data"
ARMY = DATA / "fixture_army.cat"
GST = DATA / "fixture_system.gst"


def _refused(path, system=None, expect: str = "bad catalogue") -> str:
    with pytest.raises(FleeoddsError) as exc:
        read_catalogue(path, system)
    text = str(exc.value)
    assert "\n" not in text and expect in text, text
    return text


@pytest.fixture
def catz(tmp_path):
    """A valid zipped catalogue and the offsets of its member's headers."""
    path = tmp_path / "army.catz"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(ARMY, "army.cat")
    raw = bytearray(path.read_bytes())
    return path, raw, raw.rfind(b"PK\x01\x02")  # the central directory entry


def test_zipped_catalogue_still_reads(catz):
    path, _, _ = catz
    assert import_catalogue(path, GST).profiles == import_catalogue(ARMY, GST).profiles


def test_corrupt_deflate_data(catz, tmp_path):
    path, raw, _ = catz
    start = 30 + len("army.cat")  # local header, then the member's name, then its data
    for i in range(start + 16, start + 160):
        raw[i] ^= 0x5A
    bad = tmp_path / "corrupt.catz"
    bad.write_bytes(raw)
    assert "corrupt" in _refused(bad)


def test_encrypted_member(catz, tmp_path):
    path, raw, cd = catz
    raw[6] |= 0x1  # general-purpose flag bit 0: encrypted (local header and central directory)
    raw[cd + 8] |= 0x1
    bad = tmp_path / "encrypted.catz"
    bad.write_bytes(raw)
    assert "encrypted" in _refused(bad)


def test_unknown_compression_method(catz, tmp_path):
    path, raw, cd = catz
    raw[8:10] = struct.pack("<H", 97)
    raw[cd + 10:cd + 12] = struct.pack("<H", 97)
    bad = tmp_path / "method.catz"
    bad.write_bytes(raw)
    assert "compression" in _refused(bad)


def _bomb(path: Path, mib: int) -> None:
    head = ARMY.read_bytes()
    head = head[:head.index(b"<selectionEntries>")]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        with z.open("army.cat", "w") as fh:
            fh.write(head)
            block = b" " * (1 << 20)
            for _ in range(mib):
                fh.write(block)


def test_zip_bomb_stops_at_the_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(bsdata, "MAX_XML_BYTES", 4 * 1024 * 1024)  # the same code path, a smaller cap
    bomb = tmp_path / "bomb.catz"
    _bomb(bomb, 6)
    assert bomb.stat().st_size < 100_000
    assert "4 MiB" in _refused(bomb)


def test_zip_bomb_with_a_lying_size(tmp_path, monkeypatch):
    """The declared size says small: decompression is still counted, and stops at the cap."""
    monkeypatch.setattr(bsdata, "MAX_XML_BYTES", 4 * 1024 * 1024)
    bomb = tmp_path / "liar.catz"
    _bomb(bomb, 6)
    raw = bytearray(bomb.read_bytes())
    cd = raw.rfind(b"PK\x01\x02")
    raw[cd + 24:cd + 28] = struct.pack("<I", 1000)  # uncompressed size in the central directory
    bomb.write_bytes(raw)
    _refused(bomb)


def test_real_size_zip_bomb(tmp_path):
    """65 MiB of XML from a ~70 KB archive: refused at the 64 MiB cap."""
    bomb = tmp_path / "big.catz"
    _bomb(bomb, 65)
    assert "64 MiB" in _refused(bomb)


def test_unknown_xml_encoding(tmp_path):
    bad = tmp_path / "enc.cat"
    bad.write_bytes(b'<?xml version="1.0" encoding="x-no-such-encoding"?><catalogue name="x"/>')
    assert "encoding" in _refused(bad)
    multi = tmp_path / "sjis.cat"
    multi.write_bytes(b'<?xml version="1.0" encoding="shift_jis"?><catalogue name="x"/>')
    _refused(multi)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_entities_refused(tmp_path, encoding):
    xxe = tmp_path / "xxe.cat"
    xxe.write_bytes(f'<?xml version="1.0" encoding="{encoding}"?><!DOCTYPE c [<!ENTITY x SYSTEM '
                    f'"file:///etc/passwd">]><catalogue name="&x;"/>'.encode(encoding))
    assert "DTD" in _refused(xxe)
    laughs = tmp_path / "laughs.cat"
    ents = "".join(f'<!ENTITY l{i} "{("&l%d;" % (i - 1)) * 10 if i else "lol"}">' for i in range(10))
    laughs.write_bytes(f'<?xml version="1.0" encoding="{encoding}"?><!DOCTYPE c [{ents}]>'
                       f'<catalogue name="&l9;"/>'.encode(encoding))
    assert "DTD" in _refused(laughs)


def test_dtd_across_a_read_boundary(tmp_path):
    pad = b"<!--" + b"x" * (bsdata._CHUNK - 9) + b"-->"  # "<!DOCTYPE" starts 2 bytes before a chunk ends
    bad = tmp_path / "split.cat"
    bad.write_bytes(pad + b'<!DOCTYPE c [<!ENTITY x "y">]><catalogue name="&x;"/>')
    assert "DTD" in _refused(bad)


def test_deeply_nested_xml(tmp_path):
    deep = tmp_path / "deep.cat"
    n = 50_000
    deep.write_bytes(b'<catalogue name="deep"><selectionEntries>' + b"<selectionEntry><selectionEntries>" * n
                     + b"</selectionEntries></selectionEntry>" * n + b"</selectionEntries></catalogue>")
    assert "levels deep" in _refused(deep)


def test_nesting_within_the_bound_reads(tmp_path):
    """Entries nested 100 deep (200 elements, under the 256 cap) read fine."""
    n = 100
    inner = ('<profiles><profile name="Core"><characteristics><characteristic name="M">4</characteristic>'
             '<characteristic name="Ld">7</characteristic></characteristics></profile></profiles>')
    xml = ('<catalogue name="nested"><selectionEntries><selectionEntry id="u" name="Core" type="unit">'
           + "".join(f'<selectionEntries><selectionEntry id="e{i}" name="e{i}" type="upgrade" minSelections="1">'
                     for i in range(n))
           + inner + "</selectionEntry></selectionEntries>" * n + "</selectionEntry></selectionEntries></catalogue>")
    path = tmp_path / "nested.cat"
    path.write_text(xml, encoding="utf-8")
    p = import_catalogue(path).profile("Core")
    assert (p["movement"], p["leadership"]) == (4, 7)


def _linked(tmp_path: Path, n: int, cycle: bool) -> Path:
    """A unit whose mandatory parts are a chain of ``n`` shared entries, each linking the next
    (the last back to the first when ``cycle``); the last one carries the profile."""
    shared = []
    for i in range(n):
        target = f"s{i + 1}" if i + 1 < n else ("s0" if cycle else "")
        link = f'<entryLinks><entryLink id="l{i}" targetId="{target}" minSelections="1"/></entryLinks>' if target else ""
        prof = ('<profiles><profile name="Last"><characteristics><characteristic name="M">5</characteristic>'
                '<characteristic name="Ld">6</characteristic></characteristics></profile></profiles>'
                if i == n - 1 else "")
        shared.append(f'<selectionEntry id="s{i}" name="s{i}" type="upgrade" minSelections="1">{prof}{link}'
                      f"</selectionEntry>")
    xml = ('<catalogue name="links"><selectionEntries><selectionEntry id="u" name="Chained" type="unit">'
           '<entryLinks><entryLink id="root" targetId="s0" minSelections="1"/></entryLinks></selectionEntry>'
           "</selectionEntries><sharedSelectionEntries>" + "".join(shared) + "</sharedSelectionEntries></catalogue>")
    path = tmp_path / ("cycle.cat" if cycle else "chain.cat")
    path.write_text(xml, encoding="utf-8")
    return path


@pytest.mark.parametrize("cycle", [False, True], ids=["chain", "cycle"])
def test_long_chain_and_cycle_of_entry_links(tmp_path, cycle):
    n = max(5 * sys.getrecursionlimit(), 5000)  # far deeper than Python's recursion limit
    res = import_catalogue(_linked(tmp_path, n, cycle))
    p = res.profile("Chained")
    assert (p["movement"], p["leadership"]) == (5, 6)


def test_files_that_are_not_regular(tmp_path):
    assert "folder" in _refused(tmp_path, expect="catalogue")
    if os.path.exists("/dev/zero"):
        assert "regular file" in _refused("/dev/zero", expect="catalogue")
        with pytest.raises(InputError) as exc:
            read_catalogue(ARMY, "/dev/zero")
        assert exc.value.field == "system"
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.cat"
        os.mkfifo(fifo)
        assert "regular file" in _refused(fifo, expect="catalogue")


def test_oversized_file(tmp_path, monkeypatch):
    monkeypatch.setattr(bsdata, "MAX_FILE_BYTES", 1024)
    with pytest.raises(InputError) as exc:
        read_catalogue(ARMY)
    assert exc.value.field == "catalogue" and "at most" in str(exc.value)


def test_cli_reports_one_line(tmp_path, catz, monkeypatch):
    from fleeodds.cli import main

    _, raw, cd = catz
    raw[6] |= 0x1
    raw[cd + 8] |= 0x1
    (tmp_path / "encrypted.catz").write_bytes(raw)
    monkeypatch.chdir(tmp_path)  # a short name: a long temporary path would be shortened in the message
    res = CliRunner().invoke(main, ["import-bsdata", "encrypted.catz"])
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert res.stderr.strip().splitlines() == ["error: bad catalogue: 'encrypted.catz': the zipped member 'army.cat' "
                                               "is encrypted"]


def test_a_root_without_attributes_is_not_called_empty(tmp_path):
    from fleeodds.importers.bsdata import read_catalogue

    path = tmp_path / "bare.cat"
    path.write_text("<catalogue>" + " " * 100 + "</catalogue>", encoding="utf-8")
    with pytest.raises(FleeoddsError, match="has none") as err:
        read_catalogue(path)
    assert "empty" not in str(err.value)
