"""Who may talk to the server: the settings of a local or hosted server, and an ASGI middleware
that checks every request before the application sees it.

- **Host allow-list** (DNS rebinding): a page served by another site under a name that resolves to
  127.0.0.1 sends that name in ``Host``; only loopback names (``localhost``, ``127.x.y.z``,
  ``::1``) are accepted by default, and in hosted mode also the base URL's host name and the
  names given with ``--allowed-host``. Anything else: HTTP 400.
- **Origin check** on every state-changing request (``POST``, ``PUT``, ``PATCH``, ``DELETE``),
  multipart uploads included: a browser's ``Origin`` must be the server's own (the ``Host`` it
  asked for, or the base URL); ``Origin: null`` and ``Sec-Fetch-Site: cross-site`` are refused
  (HTTP 403). A request without ``Origin`` does not come from another site's page (browsers send
  it with every cross-origin POST): scripts and ``curl`` keep working.
- **Body size**: a JSON body over :data:`fleeodds.web.service.MAX_BODY_BYTES`, an upload over
  twice :data:`fleeodds.web.service.MAX_UPLOAD_BYTES` (HTTP 413), a chunked body (HTTP 411).
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from . import service
from ..errors import grouped
from ..language import Message, N_, available_langs, lang_from_accept_language

#: Host names of the loopback interface always accepted (127.0.0.0/8 and ::1 are accepted as addresses).
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 with or without brackets) is this machine's loopback:
    ``localhost``, any of 127.0.0.0/8, ``::1``."""
    h = host.strip().lower().strip("[]")
    if h in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(h).is_loopback
    except ValueError:
        return False


#: A Host header as RFC 9110 (section 7.2) allows it: a name or an address (IPv6 in brackets), then an optional port.
_HOST_HEADER = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9._~-]+)(:[0-9]{1,5})?")


def host_name(value: str) -> str:
    """The host name of a ``Host`` header or a ``host:port`` (brackets of IPv6 removed), lower case.

    A value that is not a well-formed Host header (``[::1]evil.com``, ``a b``) is returned whole, so that
    it matches no allowed name and is refused."""
    v = value.strip().lower()
    m = _HOST_HEADER.fullmatch(v)
    if not m:
        return v
    return m.group(1).strip("[]")


@dataclass
class Settings:
    """How the server is reached.

    Attributes
    ----------
    public : bool
        Hosted mode (``fleeodds serve --public``): the page is reachable from other machines.
    base_url : str or None
        The address players use (``https://odds.example.org/``), e.g. behind a reverse proxy; share
        links are built on it. Its host name is accepted in ``Host``.
    allowed_hosts : set of str
        More host names accepted in ``Host`` (``--allowed-host``).
    lang : str
        The page's language before the player picks one (``en`` or ``fr``).
    announce : bool
        Print the warm-up's lines (one server process; with several, none does).
    work_processes : int
        Worker processes of each server process's work queue (``--work-processes``; 0: the heavy
        work on threads of the server process, the library's default).
    """

    public: bool = False
    base_url: str | None = None
    allowed_hosts: set[str] = field(default_factory=set)
    lang: str = "en"
    announce: bool = False
    work_processes: int = 0

    def hosts(self) -> set[str]:
        """Host names accepted besides loopback ones."""
        out = {h.lower() for h in self.allowed_hosts}
        if self.base_url:
            out.add((urlsplit(self.base_url).hostname or "").lower())
        out.discard("")
        return out

    def origin(self) -> str | None:
        """The base URL's origin (``https://odds.example.org``), or None."""
        if not self.base_url:
            return None
        u = urlsplit(self.base_url)
        return f"{u.scheme}://{u.netloc}".lower()

    def public_config(self) -> dict[str, Any]:
        """What ``GET /api/config`` tells the page."""
        return {"base_url": self.base_url, "public": self.public, "lang": self.lang}

    # the settings travel to uvicorn's worker processes in the environment
    ENV = "FLEEODDS_WEB_SETTINGS"

    def to_env(self) -> None:
        os.environ[self.ENV] = json.dumps({"public": self.public, "base_url": self.base_url,
                                           "allowed_hosts": sorted(self.allowed_hosts), "lang": self.lang,
                                           "announce": self.announce, "work_processes": self.work_processes})

    @classmethod
    def from_env(cls) -> "Settings":
        raw = os.environ.get(cls.ENV)
        if not raw:
            return cls()
        d = json.loads(raw)
        return cls(public=bool(d.get("public")), base_url=d.get("base_url"),
                   allowed_hosts=set(d.get("allowed_hosts") or ()), lang=d.get("lang") or "en",
                   announce=bool(d.get("announce")), work_processes=int(d.get("work_processes") or 0))


def check_base_url(url: str) -> str:
    """A base URL as given to ``--base-url``: ``http(s)://host[:port][/path]``, kept with one
    trailing slash.

    Raises
    ------
    fleeodds.errors.InputError
        Another scheme, no host, a query or a fragment.
    """
    from ..errors import InputError

    u = urlsplit(url.strip())
    if u.scheme not in ("http", "https") or not u.hostname or u.query or u.fragment or u.username:
        raise InputError("--base-url", url, Message(N_("an address like https://odds.example.org/ (http or https, a host "
                         "name, an optional path; no query, fragment or user name)")))
    return url.strip().rstrip("/") + "/"


class Guard:
    """The ASGI middleware (see the module's text)."""

    def __init__(self, app, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.hosts = settings.hosts()
        self.origin = settings.origin()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers") or ()}
        lang = _lang_of_scope(scope, headers)
        host = headers.get("host", "")
        name = host_name(host)
        if not host or not (is_loopback(name) or name in self.hosts):
            allowed = ", ".join(sorted({"localhost", "127.0.0.1", "[::1]"} | self.hosts))
            return await _refuse(send, 400, "host", repr(host), Message(
                N_("one of {names} (the names this server answers to)"), names=allowed), lang)
        method = scope.get("method", "GET")
        if method in UNSAFE:
            origin = headers.get("origin")
            site = headers.get("sec-fetch-site")
            own = {f"http://{host}".lower(), f"https://{host}".lower()} | ({self.origin} if self.origin else set())
            if (origin is not None and origin.lower().rstrip("/") not in own) or site == "cross-site":
                return await _refuse(send, 403, "origin", repr(origin or site), Message(
                    N_("this server's own page (no request from another site's page)")), lang)
            path = scope.get("path", "")
            limit = service.MAX_UPLOAD_BYTES * 2 + 65536 if path == "/api/upload" else service.MAX_BODY_BYTES
            size = headers.get("content-length")
            if size is not None and (not size.isdigit() or int(size) > limit):
                return await _refuse(send, 413, "body", Message(N_("{size} bytes"), size=size), Message(
                    N_("at most {limit} bytes"), limit=grouped(limit)), lang)
            if size is None and "chunked" in headers.get("transfer-encoding", "").lower():
                return await _refuse(send, 411, "body", Message(N_("a chunked body")),
                                     Message(N_("a Content-Length header")), lang)
        return await self.app(scope, receive, send)


def _lang_of_scope(scope, headers: dict[str, str]) -> str:
    """The language of a refusal: the query's ``lang`` when it has a catalogue, else the best of the
    Accept-Language header (as the application's own errors choose it)."""
    from urllib.parse import parse_qs

    asked = parse_qs((scope.get("query_string") or b"").decode("latin-1")).get("lang", [""])[-1]
    return asked if asked in available_langs() else lang_from_accept_language(headers.get("accept-language"))


async def _refuse(send, status: int, path: str, shown: str | Message, allowed: Message, lang: str) -> None:
    msg = Message(N_("{field}: {value} is not allowed; expected {allowed}"), field=path, value=shown,
                  allowed=allowed).render(lang)
    body = json.dumps({"detail": msg, "errors": [{"path": path, "message": msg}]}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
