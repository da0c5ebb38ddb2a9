"""``fleeodds serve``: check where the server listens, bind its socket, then run uvicorn.

- a ``--host`` other than loopback (``localhost``, 127.0.0.0/8, ``::1``) needs ``--public``, and
  the command says what it opens;
- the socket is bound before anything is printed: a second server on the same port says the port
  is taken and exits with status 1, never "serving";
- connection limits and timeouts are uvicorn's own options (:data:`UVICORN_LIMITS`);
- ``--workers N`` runs N processes with uvicorn's own process manager, each with its own work
  queue and kernels (the settings reach them in the environment);
- ``--work-processes N`` (default :data:`fleeodds.web.work.SERVER_PROCESSES`): each server
  process runs its heavy work in N worker processes (:mod:`fleeodds.web.procs`), so that its
  event loop never waits for the interpreter lock; 0 keeps it on threads of the server process;
- SIGTERM and Ctrl+C cancel every queued and running computation at once (a chunk, not a run).
"""

from __future__ import annotations

import sys
from typing import Any

import uvicorn

from ..errors import FleeoddsError
from ..language import Message, N_
from .guard import Settings, check_base_url, is_loopback

#: uvicorn's limits: idle keep-alive connections closed after 20 s; at most 400 connections and
#: requests at once (more get an immediate 503, so a flood of sockets cannot exhaust the process's
#: 1,024 descriptors); at most 100 KB of an unfinished request head; a stopping server waits
#: 3 s for requests in flight; a listen backlog of 256.
UVICORN_LIMITS: dict[str, Any] = {"timeout_keep_alive": 20, "limit_concurrency": 400,
                                  "h11_max_incomplete_event_size": 100 * 1024, "timeout_graceful_shutdown": 3,
                                  "backlog": 256}


def check_host(host: str, public: bool) -> str | None:
    """Refuse a non-loopback ``host`` without ``public``; return the warning that says what a
    public one opens (None on loopback).

    Raises
    ------
    FleeoddsError
        ``--host 0.0.0.0`` without ``--public``.
    """
    if is_loopback(host):
        return None
    every = host.strip("[]") in ("0.0.0.0", "::", "")
    what = "every network interface of this machine" if every else f"the address {host}"
    if not public:
        raise FleeoddsError(Message(N_(
            "--host: {host!r} is not allowed without --public; expected a loopback address (127.0.0.1, localhost, "
            "::1). Listening on {host} opens {what}: anyone who can reach it can use the page and this machine's CPU "
            "(fleeodds has no login). Add --public (and --base-url https://… when a reverse proxy serves it) to host "
            "the page for others"), host=host,
            what=Message(N_("every network interface of this machine")) if every
            else Message(N_("the address {host}"), host=host)))
    return (f"fleeodds: hosted mode: listening on {host} opens {what} to anyone who can reach it (no login); "
            "requests with another Host header than the base URL's or loopback's are refused")


class Server(uvicorn.Server):
    """uvicorn's server; on SIGTERM or Ctrl+C it first cancels every computation of this process
    (a module-level class: uvicorn's worker processes receive it pickled)."""

    def handle_exit(self, sig, frame) -> None:
        from . import work

        work.close_all()
        super().handle_exit(sig, frame)


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False, *, public: bool = False,
          base_url: str | None = None, allowed_hosts: tuple[str, ...] = (), workers: int = 1,
          lang: str = "en", work_processes: int | None = None) -> None:
    """Run the server until stopped (see the module's text).

    Raises
    ------
    FleeoddsError
        A non-loopback host without ``public``, a bad base URL, or ``base_url`` without ``public``.
    """
    import threading
    import webbrowser

    warning = check_host(host, public)
    if base_url is not None:
        if not public:
            raise FleeoddsError(Message(N_("--base-url: needs --public (a base URL is the address of a hosted page)")))
        base_url = check_base_url(base_url)
    if workers < 1:
        raise FleeoddsError(Message(N_("--workers: {n} is not allowed; expected an integer from 1"), n=workers))
    from .work import SERVER_PROCESSES

    work_processes = SERVER_PROCESSES if work_processes is None else work_processes
    if not 0 <= work_processes <= 64:
        raise FleeoddsError(Message(N_("--work-processes: {n} is not allowed; expected an integer from 0 to 64"),
                                    n=work_processes))
    settings = Settings(public=public, base_url=base_url, allowed_hosts=set(allowed_hosts), lang=lang,
                        announce=workers == 1, work_processes=work_processes)
    settings.to_env()  # the application is built by uvicorn (in each worker process) from these
    config = uvicorn.Config("fleeodds.web.app:create_app_from_env", factory=True, host=host, port=port,
                            workers=workers, log_level="warning", **UVICORN_LIMITS)
    try:
        sock = config.bind_socket()
    except SystemExit:  # uvicorn logged why (the port is taken, the address is not ours)
        raise FleeoddsError(Message(N_("--port: cannot listen on {host}:{port} (another server already uses the port, "
                                       "or the address is not this machine's); choose another with --port"),
                                    host=host, port=port)) from None
    if warning:
        print(warning, file=sys.stderr)
    shown = "127.0.0.1" if host.strip("[]") in ("0.0.0.0", "::") else host
    url = f"http://{shown}:{port}/"
    print(f"fleeodds: serving {url}" + (f" as {base_url}" if base_url else "") +
          (f" with {workers} worker processes" if workers > 1 else "") + " (Ctrl+C stops)", file=sys.stderr,
          flush=True)
    if open_browser:
        def open_page() -> None:
            try:
                opened = webbrowser.open(url)
            except Exception:  # noqa: BLE001
                opened = False
            if not opened:
                print(f"fleeodds: could not open a web browser; open {url} yourself", file=sys.stderr, flush=True)

        threading.Timer(1.0, open_page).start()
    if workers > 1:
        from uvicorn.supervisors import Multiprocess

        Multiprocess(config, target=Server(config=config).run, sockets=[sock]).run()
    else:
        Server(config=config).run(sockets=[sock])
