"""A server whose numba cache cannot be written still runs its Monte Carlo kernels.

numba's ``cache=True`` raises when it finds no writable cache location at all (``cannot cache
function …: no locator available``: a read-only install and no writable home) and when writing
the cache fails (a full disk: ``OSError``). Either way every Monte Carlo request of the server
would fail. :func:`keep_kernels_working` makes both cases compile in memory instead (as numba does
without ``cache=True``: slower first calls, same results) and records why in :data:`STATE`, which
``GET /api/health`` and the warm-up's last line report.

It changes two numba methods of this process only (``Dispatcher.enable_caching`` and
``Cache.save_overload``), each falling back to numba's own behaviour without a cache; the
command line, which does not call it, keeps numba's errors.
"""

from __future__ import annotations

import logging
import threading

log = logging.getLogger("fleeodds.web")

#: ``{"disk": bool, "reason": str}``: whether kernels are cached on disk, and why not.
STATE: dict[str, object] = {"disk": True, "reason": ""}
_LOCK = threading.Lock()
_INSTALLED = [False]


def _in_memory(reason: str) -> None:
    with _LOCK:
        if STATE["disk"]:
            STATE.update(disk=False, reason=reason)
            log.warning("fleeodds: %s; the Monte Carlo kernels are compiled in memory at each start", reason)


def keep_kernels_working() -> None:
    """Install the two fall-backs (once per process); see the module's text."""
    with _LOCK:
        if _INSTALLED[0]:
            return
        _INSTALLED[0] = True
    from numba.core import caching, dispatcher

    enable = dispatcher.Dispatcher.enable_caching

    def enable_caching(self):
        try:
            enable(self)
        except RuntimeError as exc:  # numba's "no locator available": nowhere to write a cache
            if "cache" not in str(exc):
                raise
            _in_memory("numba found no writable cache location (set NUMBA_CACHE_DIR to a writable folder)")
            self._cache = caching.NullCache()

    save = caching.Cache.save_overload

    def save_overload(self, sig, data):
        try:
            return save(self, sig, data)
        except OSError as exc:  # a full disk, a folder gone read-only: the kernel compiled is still good
            _in_memory(f"numba's cache could not be written ({exc.strerror or exc})")
            return None

    dispatcher.Dispatcher.enable_caching = enable_caching
    caching.Cache.save_overload = save_overload


def status() -> dict[str, object]:
    """:data:`STATE` (a copy)."""
    with _LOCK:
        return dict(STATE)
