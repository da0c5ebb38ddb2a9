"""Repeated questions answered from their bytes, before the web framework reads them.

A club evening asks the same few examples again and again. Their answers are cached, yet each
request still cost a JSON parse of its body, a pydantic validation of the scenario, a canonical
JSON dump of it and a hash: about 0.23 ms of the event loop's time, half of the server's CPU for
such an answer with uvicorn's C parser (benchmarks/README.md). :class:`RawAnswers`, an ASGI
middleware inside :class:`fleeodds.web.guard.Guard` (so the Host, Origin and size checks still come
first), keeps the exact bytes (path, query string, ``Content-Type``, body) of each question the
application answered, with what the application made of them; the same bytes again are answered
by a look-up (0.025 ms), if the answer is still in the caches, else the request goes on to the
application as usual.

Only ``POST /api/evaluate`` and ``POST /api/jobs`` (the page's way) go through it; the application
says which bytes it answered and how (:meth:`RawIndex.remember`), and how to answer them again
(the ``lookup`` it gives).
"""

from __future__ import annotations

import collections
from typing import Any, Callable

#: The paths whose questions may be answered from their bytes.
PATHS = frozenset({"/api/evaluate", "/api/jobs"})
#: Questions kept (their bodies are the size of a scenario, a few KB: a few MB at most).
SIZE = 1024
#: Where the body read here is left for the application (:meth:`RawIndex.remember` reads it).
SCOPE_KEY = "fleeodds.raw_body"


def content_type(scope: dict) -> bytes:
    """The request's ``Content-Type`` header (part of a question's bytes: the same body sent as
    another type is not the same request for the application)."""
    for k, v in scope.get("headers") or ():
        if k == b"content-type":
            return v
    return b""


class RawIndex:
    """The questions answered, by their bytes. ``lookup(path, entry)`` gives the answer's JSON bytes
    of a question remembered with ``entry``, or None when it is no longer cached."""

    def __init__(self, lookup: Callable[[str, Any], bytes | None]) -> None:
        self.lookup = lookup
        self.known: "collections.OrderedDict[tuple[str, bytes, bytes, bytes], Any]" = collections.OrderedDict()
        self.answered = 0  # how many were answered from their bytes (tests, and anyone curious)

    def remember(self, scope: dict, entry: Any) -> None:
        """Keep ``entry`` (what the application made of the question) under the request's bytes."""
        body = scope.get(SCOPE_KEY)
        if body is None:
            return
        key = (scope["path"], scope.get("query_string") or b"", content_type(scope), body)
        self.known[key] = entry
        self.known.move_to_end(key)
        while len(self.known) > SIZE:
            self.known.popitem(last=False)

    def answer(self, path: str, query: bytes, kind: bytes, body: bytes) -> bytes | None:
        """The answer's bytes of a question already answered and still cached (the same path, query,
        ``Content-Type`` and body), else None."""
        key = (path, query, kind, body)
        entry = self.known.get(key)
        if entry is None:
            return None
        try:
            data = self.lookup(path, entry)
        except Exception:  # noqa: BLE001  anything odd: the application answers as usual
            return None
        if data is not None:
            self.known.move_to_end(key)
            self.answered += 1
        return data


class RawAnswers:
    """The ASGI middleware (see the module's text), answering from ``index``."""

    def __init__(self, app, index: RawIndex) -> None:
        self.app = app
        self.index = index

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST" or scope.get("path") not in PATHS:
            return await self.app(scope, receive, send)
        chunks: list[bytes] = []
        first = None
        while True:  # the whole body (its size was checked by Guard: never a chunked one)
            msg = await receive()
            if msg["type"] != "http.request":
                first = msg  # the client has gone: the application hears it too
                break
            chunks.append(msg.get("body", b""))
            if not msg.get("more_body", False):
                break
        body = b"".join(chunks)
        if first is None:
            data = self.index.answer(scope["path"], scope.get("query_string") or b"", content_type(scope), body)
            if data is not None:
                await send({"type": "http.response.start", "status": 200,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(data)).encode())]})
                await send({"type": "http.response.body", "body": data})
                return
            scope[SCOPE_KEY] = body
        replay: list[dict] = [first] if first is not None else \
            [{"type": "http.request", "body": body, "more_body": False}]

        async def again():
            return replay.pop() if replay else await receive()

        await self.app(scope, again, send)
