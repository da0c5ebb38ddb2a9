"""Bounds on a BattleScribe file before it is parsed: XML size once unzipped, element count and
parsing time, checked by a streaming pass that keeps no tree (memory stays one read buffer).

The web page calls :func:`check_catalogue_bounds` on every upload before
:func:`fleeodds.importers.bsdata.read_catalogue` builds anything: a 64 KB ``.catz`` that unzips
to 63 MiB of empty elements is refused within a fraction of a second, not parsed for minutes.
The largest real catalogues read so far hold about 10,000 elements in about 1 MB of XML, so the
defaults leave a margin of 50 and more.
"""

from __future__ import annotations

import io
import time
import zipfile
import zlib
from xml.parsers import expat

from ..errors import InputError, grouped
from ..foreign import os_error_text
from ..language import Message, N_

#: Most XML bytes of an uploaded file once unzipped.
MAX_XML_BYTES = 16 * 1024 * 1024
#: Most XML elements (start tags) of an uploaded file.
MAX_ELEMENTS = 500_000
#: Longest the bounds check may read (seconds).
MAX_SECONDS = 10.0
#: Bytes fed to the parser at a time.
_STEP = 1 << 16


def _xml_stream(data: bytes, field: str, max_xml_bytes: int):
    """The XML bytes of a plain or zipped file, in steps, never more than ``max_xml_bytes``."""
    buffer = io.BytesIO(data)
    if not zipfile.is_zipfile(buffer):
        if len(data) > max_xml_bytes:
            raise InputError(field, f"{len(data):,} bytes of XML", Message(N_("at most {mib} MiB of XML"), mib=max_xml_bytes // 2**20))
        for i in range(0, len(data), _STEP):
            yield data[i:i + _STEP]
        return
    try:
        archive = zipfile.ZipFile(buffer)
        members = [m for m in archive.infolist() if not m.is_dir()]
        if len(members) != 1:
            raise InputError(field, f"a zip archive of {len(members)} files", Message(N_("a zipped BattleScribe file holding "
                             "exactly one .cat/.gst")))
        member = members[0]
        if member.file_size > max_xml_bytes:  # what the archive declares
            raise InputError(field, f"a zipped file of {member.file_size:,} bytes once unzipped",
                             Message(N_("at most {mib} MiB of XML once unzipped"), mib=max_xml_bytes // 2**20))
        total = 0
        with archive.open(member) as raw:
            while True:
                chunk = raw.read(_STEP)
                if not chunk:
                    return
                total += len(chunk)
                if total > max_xml_bytes:  # what it really holds (a declared size can lie)
                    raise InputError(field, "a zipped file of more than "
                                     f"{max_xml_bytes // 2**20} MiB once unzipped",
                                     Message(N_("at most {mib} MiB of XML once unzipped"), mib=max_xml_bytes // 2**20))
                yield chunk
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError, NotImplementedError) as exc:
        raise InputError(field, "a corrupt or unreadable zip archive", Message(N_("a readable .catz/.gstz file ({error})"), error=os_error_text(exc))) \
            from None


def check_catalogue_bounds(data: bytes, field: str = "catalogue", max_xml_bytes: int = MAX_XML_BYTES,
                           max_elements: int = MAX_ELEMENTS, max_seconds: float = MAX_SECONDS) -> int:
    """Check a BattleScribe file's size once unzipped, its element count and the time its reading
    takes, without building it; malformed XML is left to the parser's own message.

    Parameters
    ----------
    data : bytes
        The uploaded ``.cat``, ``.catz``, ``.gst`` or ``.gstz`` file.
    field : str
        The request field named in an error (``catalogue``, ``game_system``).
    max_xml_bytes, max_elements, max_seconds
        The bounds (:data:`MAX_XML_BYTES`, :data:`MAX_ELEMENTS`, :data:`MAX_SECONDS`).

    Returns
    -------
    int
        The number of XML elements read (0 when the XML is malformed: the parser says why later).

    Raises
    ------
    InputError
        Over a bound, e.g. ``catalogue: a zipped file of more than 16 MiB once unzipped is not
        allowed; expected at most 16 MiB of XML once unzipped``.
    """
    parser = expat.ParserCreate()
    count = [0]

    def start(name, attrs):
        count[0] += 1
        if count[0] > max_elements:
            raise InputError(field, f"more than {max_elements:,} XML elements",
                             Message(N_("at most {n} elements (a real catalogue holds about {about})"), n=grouped(max_elements),
                                     about=grouped(10000)))

    def doctype(*_):  # entities are declared in a DTD ("billion laughs"): none is read at all
        raise InputError(field, "a DTD (<!DOCTYPE …>)", Message(N_("no DTD: BattleScribe files declare no entities")))

    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = doctype
    t0 = time.monotonic()
    try:
        for chunk in _xml_stream(data, field, max_xml_bytes):
            parser.Parse(chunk, False)
            if time.monotonic() - t0 > max_seconds:
                raise InputError(field, f"a file that takes more than {max_seconds:.0f} s to read",
                                 Message(N_("a smaller catalogue")))
        parser.Parse(b"", True)
    except expat.ExpatError:
        return 0  # not well-formed: the catalogue reader gives its own message
    return count[0]
