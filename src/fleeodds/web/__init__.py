"""A local web page for fleeodds: ask, see, compare, sweep and share without writing TOML.

``fleeodds serve`` runs it (127.0.0.1:8000 by default). The page's form is generated
from each rules system's JSON Schema (``get_system(key).schema()``, in the request's language), so a new
system appears with no web code. See ``docs/web.md``.

Needs the ``web`` extra: ``pip install "fleeodds[web]"``.
"""

from __future__ import annotations

__all__ = ["create_app", "serve"]


def create_app(warmup: bool = True):
    """The FastAPI application (see :mod:`fleeodds.web.app`)."""
    from .app import create_app as _create

    return _create(warmup)


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False, **options) -> None:
    """Run the server until interrupted (see :func:`fleeodds.web.server.serve`; ``options``:
    ``public``, ``base_url``, ``allowed_hosts``, ``workers``, ``lang``)."""
    from .server import serve as _serve

    _serve(host, port, open_browser, **options)
