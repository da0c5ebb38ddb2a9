"""The FastAPI application: one page (``/``) and its JSON API (``/api/...``, OpenAPI at ``/docs``,
its assets served from the installed ``fastapi_offline`` package: no CDN, works offline).

Cheap requests (cached answers, schema, examples, health, config) are answered at once; every
heavy one (Monte Carlo, comparisons, sweeps, charts not yet drawn, uploads, jobs) goes through the
one bounded work queue (:mod:`fleeodds.web.work`): 429 with ``Retry-After`` when it is full, 503
when the server stops or a run overruns its time, and cancelled when its client goes away.
Requests first pass :class:`fleeodds.web.guard.Guard` (Host allow-list, Origin check, body size).

Every error is a 4xx JSON answer ``{"detail": "<the CLI's message>", "errors": [{"path", "message"}]}``,
one entry per line of the project's message, so the page shows each next to its field;
an unexpected failure is a JSON 500 without a traceback.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hashlib
import json
import logging
import os
from importlib import resources
from typing import Any, Callable, Literal

os.environ.setdefault("MPLBACKEND", "Agg")  # charts are files, never windows

import anyio  # noqa: E402
from fastapi import Body, FastAPI, File, Form, Query, Request, UploadFile  # noqa: E402
from fastapi.exceptions import RequestValidationError  # noqa: E402
from fastapi.responses import HTMLResponse, JSONResponse, Response  # noqa: E402
from fastapi.staticfiles import StaticFiles  # noqa: E402
from pydantic import BaseModel, ConfigDict, Field, ValidationError  # noqa: E402
from starlette.exceptions import HTTPException as StarletteHTTPException  # noqa: E402

from .. import __version__  # noqa: E402
from ..system import DECIDE_KEY  # noqa: E402
from ..errors import FleeoddsError, InputError  # noqa: E402
from ..language import Message, N_, NP_, pmessage, use_lang
from ..foreign import json_message
from . import procs, service, work  # noqa: E402
from .procs import Remote  # noqa: E402
from .guard import Guard, Settings  # noqa: E402
from .jobs import Jobs  # noqa: E402
from .raw_answers import RawAnswers, RawIndex  # noqa: E402

log = logging.getLogger("fleeodds.web")
Lang = Literal["en", "fr"]
Method = Literal["both", "exact", "mc"]


#: Threads of the pool that runs quick work off the event loop (anyio's default is 40).
CHEAP_THREADS = 4

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class EvaluateRequest(_Strict):
    """A question: the scenario (as its TOML file would read, in JSON) and how to evaluate it."""

    scenario: dict[str, Any] = Field(description="The scenario's fields with its `system` key, e.g. the JSON of "
                                     "warhammer/goblins_broken_by_dwarfs.toml. No file names.")
    method: Method = Field("both", description="both: exact and Monte Carlo; exact; mc.")
    trials: int | None = Field(None, description=f"Monte Carlo trials (default 1,000,000; at most "
                               f"{service.MAX_TRIALS:,}).")
    precision: float | None = Field(None, description=f"Target 95 % half-width instead of trials (at least "
                                    f"{service.MIN_PRECISION}).")
    seed: int = Field(0, description="Seed: the same seed gives the same counts.")
    lang: Lang = "en"


class ScenarioRequest(_Strict):
    scenario: dict[str, Any]
    lang: Lang = "en"


class CompareRequest(_Strict):
    """The scenario's `[compare]` setups side by side (`setups` are added to them)."""

    scenario: dict[str, Any]
    setups: dict[str, dict[str, Any]] | None = Field(
        None, description='More setups: {"Ld 8": {"fleeing.leadership": 8, "label_fr": "Cd 8"}}.')
    added: list[str] | None = Field(None, description="Labels of the setups the page's user added: they come "
                                    "after the scenario's own setups (whose first stays the baseline).")
    method: Method = "both"
    trials: int | None = Field(None, description=f"Trials per setup (at most {service.MAX_COMPARE_TRIALS:,}).")
    seed: int = 0
    lang: Lang = "en"


class SweepRequest(_Strict):
    """One or two fields varied over values (`"5..10"`, `"2d6,3d6"` or a list)."""

    scenario: dict[str, Any]
    vary: dict[str, Any] = Field(description='e.g. {"fleeing.leadership": "5..10", "combat.margin": "1..4"}')
    outcome: str | None = Field(None, description="Outcome code drawn on the heatmap (two fields).")
    method: Method | None = None
    trials: int | None = Field(None, description="Monte Carlo trials per cell (default 100,000).")
    seed: int = 0
    lang: Lang = "en"
    labels: dict[str, str] | None = Field(None, description="Axis labels of the varied fields.")
    per_setup: bool = Field(False, description="One field and one outcome: one line per comparison setup "
                            "(default: the question without its setups).")


class UnitRequest(_Strict):
    scenario: dict[str, Any]
    role: str
    profile: dict[str, Any]


def _error(status: int, detail: str, errors: list[dict[str, str]] | None = None) -> JSONResponse:
    return JSONResponse({"detail": detail, "errors": errors if errors is not None else
                         [{"path": "", "message": detail}]}, status_code=status)


def _project_error(exc: FleeoddsError, status: int = 422, lang: str = "en") -> JSONResponse:
    with use_lang(lang):
        detail = exc.message()
    return _error(status, detail, service.error_lines(exc, lang))


def _lang_of(request: Request) -> str:
    """The language of an error answer: the query's ``lang``, else the best language of the request's
    Accept-Language header that has a catalogue (:func:`fleeodds.language.lang_from_accept_language`)."""
    from ..language import SOURCE_LANG, available_langs, lang_from_accept_language

    asked = request.query_params.get("lang")
    if asked:
        return next((lg for lg in available_langs() if asked.lower().startswith(lg)), SOURCE_LANG)
    return lang_from_accept_language(request.headers.get("accept-language"))


async def _asked_lang(request: Request) -> str:
    """The language of an error answer to a question: the query's ``lang``, else the ``lang`` written in the
    question's JSON body (as the page and the API's clients send it), else the Accept-Language header."""
    from ..language import available_langs

    if not request.query_params.get("lang"):
        try:
            asked = json.loads(await request.body()).get("lang")
        except Exception:  # noqa: BLE001  (no body, not JSON, not a table: the header decides)
            asked = None
        if isinstance(asked, str) and asked in available_langs():
            return asked
    return _lang_of(request)


def _validation_error(exc: RequestValidationError, lang: str = "en") -> JSONResponse:
    """The request's problems in the project's frame (field, value as written, what is allowed), in
    ``lang``, as the scenario's own errors read (:func:`fleeodds.validation.validation_error`)."""
    from ..language import Message
    from ..validation import TYPE_WORDS, choice_words, ctx_words
    from ..validation import _pydantic_words as pydantic_words

    lines = []
    for err in exc.errors():
        loc = [str(p) for p in err.get("loc", ())]
        if loc and loc[0] in ("body", "query", "path", "header"):
            loc = loc[1:]
        path = ".".join(loc) or "body"
        kind, ctx = err.get("type", ""), err.get("ctx") or {}
        if kind == "json_invalid":
            path = "body"
            problem: FleeoddsError = FleeoddsError(Message(N_("body: not valid JSON ({error})"),
                                                           error=json_message(ctx["error"]) if ctx.get("error")
                                                           else Message(N_("syntax error"))))
        elif kind == "extra_forbidden":
            problem = FleeoddsError(Message(N_("{path}: unknown option {option!r}"), path=path, option=loc[-1]) if loc
                                    else Message(N_("{path}: unknown option"), path=path))
        elif kind == "missing":
            problem = InputError(path, None, Message("a value: this field is required"))
        else:
            choices = choice_words(str(ctx.get("expected", ""))) if kind == "literal_error" else None
            allowed = (Message("one of {choices}", choices=choices) if choices is not None else None) \
                or (Message("one of {choices}", choices=str(ctx.get("expected", ""))) if kind == "literal_error"
                    else None) \
                or ctx_words(kind, ctx) or (Message(TYPE_WORDS[kind]) if kind in TYPE_WORDS else None) \
                or pydantic_words(str(err.get("msg", "a valid value")))
            problem = InputError(path, err.get("input"), allowed)
        with use_lang(lang):
            lines.append({"path": path, "message": problem.message()})
    return _error(422, "\n".join(line["message"] for line in lines), lines)


#: Starlette's own answers (a wrong address or method) in French.
#: Starlette's HTTP error words, read through the catalogue (context ``http``).
HTTP_WORDS = (NP_("http", "Not Found"), NP_("http", "Method Not Allowed"))


def _surrogate_path(data: Any, path: str = "") -> str | None:
    """The dotted path of the first text in ``data`` (a key or a value) holding a lone UTF-16
    surrogate (JSON's ``"\\ud800"``), which no UTF-8 file or page can hold; None when none does."""
    if isinstance(data, str):
        return (path or "body") if any(0xD800 <= ord(c) <= 0xDFFF for c in data) else None
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for k, v in items:
        here = f"{path}.{k}" if path else str(k)
        if isinstance(k, str) and _surrogate_path(k):
            return here
        found = _surrogate_path(v, here)
        if found:
            return found
    return None


def _static_dir() -> str:
    return str(resources.files("fleeodds.web") / "static")


#: The reasons :class:`fleeodds.web.work.Busy` gives, read through the catalogue.
_BUSY_REASONS = (N_("the server is busy"), N_("the server is stopping"))


def _busy(exc: work.Busy, lang: str) -> JSONResponse:
    reason = Message(exc.reason) if exc.reason in _BUSY_REASONS else exc.reason
    msg = Message(N_("{reason}; try again in {seconds} s"), reason=reason, seconds=exc.retry_after).render(lang)
    return JSONResponse({"detail": msg, "errors": [{"path": "", "message": msg}]}, status_code=exc.status,
                        headers={"Retry-After": str(exc.retry_after)})


def _fastapi(**kw) -> FastAPI:
    """The FastAPI application, its ``/docs`` page served with Swagger UI's files from the installed
    ``fastapi_offline`` package (no CDN: the page works offline)."""
    try:
        from fastapi_offline import FastAPIOffline
    except ImportError:  # an install without it: FastAPI's own /docs (its assets from a CDN)
        return FastAPI(**kw)
    return FastAPIOffline(redoc_url=None, static_url="/static-docs", **kw)


def freeze_heap() -> None:
    """Move every object alive now out of the garbage collector's reach (:func:`gc.freeze`).

    Called in a server's process once its warm-up has filled the caches (every example's answer,
    view and chart: hundreds of thousands of objects): a full collection no longer walks them. One
    took 0.6 s on the loaded 2-core machine, during which no request, not even the health check,
    was answered.
    """
    import gc

    gc.freeze()


def create_app(warmup: bool = True, announce: bool = False, settings: Settings | None = None,
               queue: work.WorkQueue | None = None, freeze: bool = False) -> FastAPI:
    """The application. ``warmup``: compile the shipped examples' kernels in a background thread;
    ``announce``: print a line when the warm-up starts and when the kernels are ready;
    ``settings``: local or hosted (:class:`fleeodds.web.guard.Settings`; default: local, loopback only);
    ``queue``: the work queue (default: a new one of :data:`fleeodds.web.work.WORKERS` workers);
    ``freeze``: :func:`freeze_heap` once the warm-up has finished (a server's own process)."""
    from .kernel_cache import keep_kernels_working

    keep_kernels_working()  # no writable numba cache, a full disk: kernels compiled in memory, never a 500
    settings = settings or Settings()
    queue = queue or work.WorkQueue()
    jobs = Jobs(queue)
    warm = service.Warmup(announce, procs.warm_in(queue), after=freeze_heap if freeze else None)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        # the pool of quick work (a scenario read for the first time, a sync endpoint) is small:
        # forty threads holding the interpreter lock in turn would keep the event loop waiting
        anyio.to_thread.current_default_thread_limiter().total_tokens = CHEAP_THREADS
        yield
        warm.stop.set()  # the warm-up stops between two examples or chunks
        queue.close()  # every queued and running request and job is cancelled now
        jobs.shutdown(3.0)  # stop the runs before the process ends (a chunk, not a run)
        if warm.thread is not None:
            # a kernel being compiled cannot be interrupted: the (daemon) thread is left to the
            # process's exit rather than holding a stopping server for a minute
            warm.thread.join(2)

    app = _fastapi(title="fleeodds", version=__version__, lifespan=lifespan,
                   description="Odds of flee, pursuit and free-attack exchanges: the JSON API of `fleeodds serve`. "
                   "Errors are 4xx JSON answers with one message per invalid field, as on the command line; "
                   "a busy server answers 429 with Retry-After.")
    app.state.jobs = jobs
    app.state.work = queue
    app.state.warmup = warm
    app.state.settings = settings
    if warmup:
        warm.start()
    app.mount("/static", StaticFiles(directory=_static_dir()), name="static")
    # the same question's bytes again: answered from the caches before FastAPI reads them (inside Guard)
    raw = RawIndex(lambda path, entry: raw_answer(path, entry))
    app.add_middleware(RawAnswers, index=raw)
    app.state.raw_answers = raw
    app.add_middleware(Guard, settings=settings)
    from .timing import Timing, timing_file

    if timing_file():  # a measuring aid (benchmarks/web_load.py --timing): outermost, so Guard's time counts
        app.add_middleware(Timing, path=timing_file())

    async def cheap(fn: Callable[..., Any], *args: Any) -> Any:
        """A quick piece of work (validation, a cached answer) on the request thread pool."""
        return await anyio.to_thread.run_sync(fn, *args)

    async def heavy(request: Request, fn: Callable[[service.Progress], Any], priority: int = 1) -> Any:
        """A heavy piece of work through the work queue, cancelled if the client goes away."""
        try:
            return await queue.run(fn, priority, request.is_disconnected)
        except work.ClientGone:
            return Response(status_code=499)  # nobody reads it: the client has gone

    @app.exception_handler(work.Busy)
    async def on_busy(request: Request, exc: work.Busy):
        return _busy(exc, _lang_of(request))

    @app.exception_handler(FleeoddsError)
    async def on_project_error(request: Request, exc: FleeoddsError):
        return _project_error(exc, lang=await _asked_lang(request))

    @app.exception_handler(RequestValidationError)
    async def on_validation_error(request: Request, exc: RequestValidationError):
        return _validation_error(exc, await _asked_lang(request))

    @app.exception_handler(StarletteHTTPException)
    async def on_http_error(request: Request, exc: StarletteHTTPException):
        detail = str(exc.detail)
        return _error(exc.status_code, pmessage("http", detail).render(_lang_of(request)) if detail in HTTP_WORDS
                      else detail)

    @app.exception_handler(Exception)
    async def on_crash(request: Request, exc: Exception):  # never a traceback page
        if isinstance(exc, UnicodeError) or "surrogates not allowed" in str(exc):
            # a text with a lone surrogate, which UTF-8 cannot write (the answer's own serialiser says so)
            try:  # the body Starlette kept, to name the field
                path = _surrogate_path(json.loads(await request.body())) or "body"
            except Exception:  # noqa: BLE001  (no body kept, or not JSON: the body as a whole)
                path = "body"
            msg = Message(N_("{path}: a text holding a lone UTF-16 surrogate ({low} to {high}) is not allowed; "
                             "expected a text of valid Unicode characters"), path=path, low="\\ud800",
                          high="\\udfff").render(_lang_of(request))
            return _error(422, msg, [{"path": path, "message": msg}])
        log.exception("unexpected error on %s", request.url.path)
        return _error(500, "internal error; the server log has the details")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> HTMLResponse:
        html = (resources.files("fleeodds.web") / "templates" / "index.html").read_text(encoding="utf-8")
        return HTMLResponse(html.replace("{{version}}", __version__))

    @app.get("/api/health", summary="Server state, kernel warm-up and work queue")
    async def health() -> dict[str, Any]:
        # answered on the event loop itself: never behind any other work
        return {"ok": True, "version": __version__, "warmup": warm.status(), "running_jobs": jobs.running(),
                "work": {"running": queue.running(), "queued": queue.queued(), "workers": queue.workers,
                         "capacity": queue.workers + queue.waiting, "refused": queue.refused,
                         "processes": queue.processes}}

    @app.get("/api/config", summary="How the page is served: base URL of share links, hosted mode, language")
    async def config() -> dict[str, Any]:
        return settings.public_config()

    @app.get("/api/text", summary="The page's own texts (buttons, headings, messages) by id, in one language")
    def get_text(request: Request, lang: str | None = None) -> Response:
        """The page's texts from the message catalogue (:mod:`fleeodds.web.page_text`): the query's
        ``lang``, else the request's Accept-Language. Cacheable: they change only with the package."""
        from ..language import available_langs, lang_from_accept_language

        from .page_text import page_text

        chosen = lang if lang else lang_from_accept_language(request.headers.get("accept-language"))
        if chosen not in available_langs():
            msg = (f"lang: {chosen!r} is not a language of the page; expected one of "
                   f"{', '.join(available_langs())}")
            return _error(422, msg, [{"path": "lang", "message": msg}])
        text = page_text(chosen)
        tag = hashlib.sha256(json.dumps(text, sort_keys=True).encode("utf-8")).hexdigest()[:16]
        return JSONResponse(text, headers={"Cache-Control": "public, max-age=3600", "Vary": "Accept-Language",
                                           "ETag": f'"{tag}"', "Content-Language": chosen})

    @app.get("/api/systems", summary="Rules systems")
    def get_systems(lang: Lang = "en") -> list[dict[str, Any]]:
        return service.systems(lang)

    @app.get("/api/schema/{system}", summary="JSON Schema of a system's scenario files")
    def get_schema(system: str, lang: Lang = "en") -> dict[str, Any]:
        return service.schema(system, lang)

    @app.get("/api/examples", summary="Shipped example scenarios")
    def get_examples() -> list[dict[str, Any]]:
        return service.examples()

    @app.get("/api/examples/{name:path}", summary="One shipped example's fields (JSON of its TOML)")
    def get_example(name: str) -> dict[str, Any]:
        return service.example_source(name)

    questions: "collections.OrderedDict[str, tuple]" = collections.OrderedDict()
    #: scenarios already read, by their JSON (keys sorted): the same example asked with another
    #: seed or method (every Monte Carlo question of a busy evening) is read once
    scenarios: "collections.OrderedDict[str, Any]" = collections.OrderedDict()

    def _keep(table: "collections.OrderedDict[str, Any]", key: str, value: Any) -> None:
        table[key] = value
        while len(table) > service.CACHE_SIZE:
            table.popitem(last=False)

    async def scenario_of(source: dict[str, Any]) -> Any:
        """The scenario of a request's JSON: read (checked, built) on the thread pool the first time,
        a look-up on the event loop afterwards."""
        text = json.dumps(source, sort_keys=True)
        sc = scenarios.get(text)
        if sc is not None:
            scenarios.move_to_end(text)
            return sc

        def read():
            service.check_texts(source, "scenario")
            return service.load(source)

        sc = await cheap(read)
        _keep(scenarios, text, sc)
        return sc

    #: whether a scenario read has comparison setups, by its JSON (building them is work for a thread)
    comparing: "collections.OrderedDict[str, bool]" = collections.OrderedDict()

    async def has_setups(source: dict[str, Any], sc: Any) -> bool:
        """Whether ``sc`` (read from ``source``) has comparison setups: its setups are built (and
        checked) on the thread pool the first time, a look-up on the event loop afterwards."""
        text = json.dumps(source, sort_keys=True)
        hit = comparing.get(text)
        if hit is None:
            hit = bool(await cheap(sc.variants))
            _keep(comparing, text, hit)
        return hit

    async def question(req: EvaluateRequest) -> tuple:
        """:func:`_question` of a request, kept by the request's JSON: a repeated question (the
        same example asked by many players) is a look-up on the event loop, with no thread hop;
        a known scenario with a new seed costs only the checks of its sizing (on the loop too)."""
        text = json.dumps(req.model_dump(mode="json"), sort_keys=True)
        hit = questions.get(text)
        if hit is not None:
            questions.move_to_end(text)
            return hit
        q = _question(req, await scenario_of(req.scenario))
        _keep(questions, text, q)
        return q

    def _question(req: EvaluateRequest, sc) -> tuple:
        """``(scenario, method, trials, precision, seed)`` of a request whose scenario is read:
        checks only (no computing), fit for the event loop."""
        method = service.check_method(req.method, sc)
        if method == "exact" and not sc.has_exact:
            service.evaluation.evaluate(sc, "exact")
        trials, precision = service.check_sizing(req.trials, req.precision)
        return sc, method, trials, precision, service.check_seed(req.seed)

    @app.post("/api/evaluate", summary="Evaluate a scenario: the JSON of `fleeodds run --format json`",
              openapi_extra={"requestBody": {"content": {"application/json": {
                  "schema": EvaluateRequest.model_json_schema()}}, "required": True}})
    async def post_evaluate(request: Request, body: dict[str, Any] = Body(...), method: Method = "both",
                            trials: int | None = None, precision: float | None = None, seed: int = 0,
                            lang: Lang = "en") -> Any:
        """The body is ``{"scenario": {...}, "method": ..., ...}``, or the scenario itself (with its
        ``system`` key; method, trials, precision, seed and lang then come from the query).

        As on the command line, a scenario with comparison setups gives the comparison's JSON (no
        chart is drawn: this answer has none).
        """
        if "scenario" not in body and "system" in body:
            body = {"scenario": body, "method": method, "trials": trials, "precision": precision, "seed": seed,
                    "lang": lang}
        try:
            req = EvaluateRequest.model_validate(body)
        except ValidationError as exc:
            raise RequestValidationError(exc.errors()) from None
        text = json.dumps(req.model_dump(mode="json"), sort_keys=True)
        sent = evaluated.get(text)
        if sent is not None and (sent[0] is None or service.cached(sent[0]) is not None):
            evaluated.move_to_end(text)  # the same question again: its JSON bytes, on the event loop
            raw.remember(request.scope, text)
            return Response(sent[1], media_type="application/json")
        answer = await evaluate_answer(request, req)
        if isinstance(answer, Response):
            return answer
        key, out = answer
        data = service.json_bytes(out, "json") if key is not None else json.dumps(
            out, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
        evaluated[text] = (key, data)
        while len(evaluated) > service.CACHE_SIZE:
            evaluated.popitem(last=False)
        raw.remember(request.scope, text)
        return Response(data, media_type="application/json")

    def raw_answer(path: str, entry: Any) -> bytes | None:
        """The answer of a question remembered by :class:`RawIndex` (``entry``: what was made of it),
        if still in the caches: ``POST /api/evaluate``'s JSON bytes, or a done job's for ``/api/jobs``."""
        if path == "/api/evaluate":
            sent = evaluated.get(entry)
            if sent is None or (sent[0] is not None and service.cached(sent[0]) is None):
                return None
            evaluated.move_to_end(entry)
            return sent[1]
        sc, method, trials, precision, seed, lang, key = entry
        hit = service.view_if_cached(key, lang, compute=False)
        if hit is None:
            return None
        return job_response(jobs.answered(sc, method, trials, precision, seed, lang, hit)).body

    #: ``POST /api/evaluate``'s answers by request: (result id or None for a comparison, JSON bytes)
    evaluated: "collections.OrderedDict[str, tuple[str | None, bytes]]" = collections.OrderedDict()

    async def evaluate_answer(request: Request, req: EvaluateRequest) -> Any:
        """``(result id or None, JSON answer)`` of ``POST /api/evaluate``, or a 499 response."""

        sc = await scenario_of(req.scenario)
        if await has_setups(req.scenario, sc):
            if req.precision is not None:
                raise service.InputError("precision", req.precision, Message(N_("trials for a scenario with [compare] "
                                         "setups on the web page")))
            q = None
        else:
            q = _question(req, sc)
        if q is None:  # a comparison, as `fleeodds run` gives it
            key = service.answer_key("evaluate", req.scenario, req.method, req.trials, req.seed, req.lang)
            hit = service.cached_answer(key)
            if hit is None:
                answer = await heavy(request, Remote(
                    "evaluate_compare", req.scenario, req.method, req.trials, req.seed, req.lang,
                    receive=lambda a: service.store_answer(key, a)), 0 if req.method == "exact" else 1)
                if isinstance(answer, Response):
                    return answer
                hit = answer
            return None, hit["result"]
        sc, method, trials, precision, seed = q
        key = service.result_key(sc.base_source(), method, trials, precision, seed)
        # a [decide] table's decision is computed with the answer (in a worker), never from a cached table
        table = service.cached(key) if DECIDE_KEY not in sc.source else None
        if table is None:
            got = await heavy(request, Remote("evaluate", req.scenario, method, trials, precision, seed, req.lang,
                                              receive=lambda g: procs.store_evaluated(g, req.lang)),
                              0 if method == "exact" else 1)
            if isinstance(got, Response):
                return got
            return key, got
        return key, await cheap(service.result_dict, key, table, req.lang)

    async def cached_view(key: str, lang: str) -> dict[str, Any] | None:
        """The page's view of a result from the caches: a look-up on the event loop; made on the thread
        pool only when its table and chart are both cached. A question not answered yet (every Monte
        Carlo question with a new seed) no longer hops to a thread to learn it: in a burst of new Monte
        Carlo jobs refused with 429, each took 0.1-0.45 s in the application, queued for the 4 threads,
        while the event loop woke up to 0.46 s late (benchmarks/README.md)."""
        hit = service.view_if_cached(key, lang, compute=False)
        if hit is None and service.cached(key) is not None and \
                service.cached_chart(f"outcome-{key}-{lang}", "svg") is not None:
            hit = await cheap(service.view_if_cached, key, lang)
        return hit

    @app.post("/api/view", summary="Evaluate a scenario for the page: answer, tables, SVG chart")
    async def post_view(req: EvaluateRequest, request: Request) -> Any:
        sc, method, trials, precision, seed = await question(req)
        key = service.result_key(sc.base_source(), method, trials, precision, seed)
        hit = await cached_view(key, req.lang)
        if hit is not None:  # its JSON bytes, written once
            return Response(service.json_bytes(hit), media_type="application/json")
        return await heavy(request, Remote("view", req.scenario, method, trials, precision, seed, req.lang,
                                           receive=procs.store_view), 0 if method == "exact" else 1)

    @app.post("/api/jobs", summary="Start an evaluation in the work queue (poll GET /api/jobs/{id})")
    async def post_job(req: EvaluateRequest, request: Request, wait: float = Query(0.2, ge=0, le=2)) -> Any:
        sc, method, trials, precision, seed = await question(req)
        key = service.result_key(sc.base_source(), method, trials, precision, seed)
        raw.remember(request.scope, (sc, method, trials, precision, seed, req.lang, key))
        hit = await cached_view(key, req.lang)
        if hit is not None:  # a question already answered (and drawn): no queue
            return job_response(jobs.answered(sc, method, trials, precision, seed, req.lang, hit))
        job = jobs.start(sc, method, trials, precision, seed, req.lang, req.scenario)
        await until_done(job, wait)  # a quick question is answered at once
        return job_response(job)

    async def until_done(job, wait: float) -> None:
        """Wait up to ``wait`` seconds for ``job`` to finish: woken by the job itself (no polling
        on the event loop, which a hundred waiting pages would keep busy)."""
        if wait <= 0 or job.done_event.is_set():
            return
        loop = asyncio.get_running_loop()
        finished = asyncio.Event()
        forget = job.when_done(lambda: loop.call_soon_threadsafe(finished.set))
        try:
            await asyncio.wait_for(finished.wait(), wait)
        except asyncio.TimeoutError:
            pass
        finally:
            forget()

    def job_response(job) -> Response:
        """A job's status as JSON bytes, its result's JSON (written once per answer) spliced in; while
        it runs, a ``Retry-After: 1`` header says when asking again is worth it."""
        st = job.status()
        result = st.pop("result", None)
        data = json.dumps(st, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
        if result is not None:
            data = data[:-1] + b',"result":' + service.json_bytes(result) + b"}"
        headers = {"Retry-After": "1"} if st["state"] == "running" else None
        return Response(data, media_type="application/json", headers=headers)

    @app.get("/api/jobs/{job_id}", summary="A job's progress, and its result once done")
    async def get_job(job_id: str, wait: float = Query(0, ge=0, le=10, description="Seconds to wait for the "
                      "job to finish before answering (long polling: fewer requests while it runs).")) -> Any:
        try:  # a look-up: on the event loop, no thread hop
            job = jobs.get(job_id)
        except KeyError:
            return _error(404, f"job: {job_id!r} is not allowed; expected the id of a recent job")
        if wait:
            await until_done(job, wait)
        return job_response(job)

    @app.post("/api/jobs/{job_id}/cancel", summary="Stop a job (its run stops at the next chunk)")
    @app.delete("/api/jobs/{job_id}", summary="Stop a job")
    async def cancel_job(job_id: str) -> dict[str, Any]:
        try:
            return jobs.cancel(job_id).status()
        except KeyError:
            return _error(404, f"job: {job_id!r} is not allowed; expected the id of a recent job")

    @app.get("/api/results/{result_id}.{fmt}", summary="Download a result: csv, json, png or svg")
    async def get_result(request: Request, result_id: str, fmt: str, lang: Lang = "en") -> Response:
        table = service.cached(result_id)
        if fmt in ("png", "svg") and table is not None and \
                service.cached_chart(f"outcome-{result_id}-{lang}", fmt) is None:
            def keep(got, key=f"outcome-{result_id}-{lang}"):
                service.store_chart(key, fmt, got[0])
                return got
            got = await heavy(request, Remote("chart", result_id, table, fmt, lang, receive=keep))
            if isinstance(got, Response):
                return got
            data, media = got
        else:
            data, media = await cheap(service.download, result_id, fmt, lang)
        name = f"fleeodds-result.{fmt}" if fmt in ("csv", "json") else f"fleeodds-chart.{fmt}"
        return Response(data, media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    @app.post("/api/toml", summary="The scenario as a TOML file", response_class=Response)
    def post_toml(req: ScenarioRequest) -> Response:
        service.check_texts(req.scenario, "scenario")
        text = service.scenario_toml(req.scenario)
        return Response(text, media_type="application/toml",
                        headers={"Content-Disposition": 'attachment; filename="scenario.toml"'})

    @app.post("/api/setups", summary="The scenario's comparison setups (labels and field changes)")
    def post_setups(req: ScenarioRequest) -> list[dict[str, Any]]:
        service.check_texts(req.scenario, "scenario")
        return service.setups(req.scenario, req.lang)

    @app.post("/api/compare", summary="Setups side by side, with paired intervals on the differences")
    async def post_compare(req: CompareRequest, request: Request) -> Any:
        service.check_texts(req.model_dump(mode="json"))
        data = dict(req.scenario)
        if req.setups:
            table = dict(data.get("compare") or {})
            table.update(req.setups)
            data["compare"] = table
        key = service.answer_key("compare", data, req.method, req.trials, req.seed, req.lang, req.added)
        hit = service.cached_answer(key)
        if hit is not None:
            return hit
        return await heavy(request, Remote("compare", data, req.method, req.trials, req.seed, req.lang, req.added,
                                           receive=lambda a: service.store_answer(key, a)),
                           0 if req.method == "exact" else 1)

    @app.post("/api/table", summary="The table seen from above of a placed scenario (shapes to draw; no odds)")
    async def post_table(req: ScenarioRequest) -> Any:
        """The scenario validated, and the shapes its system declares for it (bases, terrain, the move, zones:
        :meth:`fleeodds.system.Scenario.table_shapes`) with the map's words in ``lang``; ``shapes`` is null
        for a scenario that places nothing. The page draws them while the form is edited.

        It costs what validating a question costs (the loading finds a placed move's path), so it runs where
        every question is validated, on the request threads, never behind a Monte Carlo run in the work
        queue; the same scenario again is answered from memory."""
        key = service.answer_key("table", req.scenario, req.lang)
        hit = service.cached_table(key)
        if hit is not None:
            return hit
        return service.store_table(key, await cheap(service.table_view, req.scenario, req.lang))

    @app.post("/api/decide", summary="The best choice of the scenario's [decide] table, and what it is worth")
    async def post_decide(req: CompareRequest, request: Request) -> Any:
        from .decision import decision_view

        service.check_texts(req.model_dump(mode="json"))
        key = service.answer_key("decide", req.scenario, req.method, req.trials, req.seed, req.lang)
        hit = service.cached_answer(key)
        if hit is not None:
            return hit
        return await heavy(request, lambda p: service.store_answer(key, decision_view(
            req.scenario, req.method, req.trials, req.seed, req.lang, progress=p)),
            0 if req.method == "exact" else 1)

    @app.post("/api/sweep", summary="Vary one field (line chart) or two (heatmap)")
    async def post_sweep(req: SweepRequest, request: Request) -> Any:
        service.check_texts(req.model_dump(mode="json"))
        key = service.answer_key("sweep", req.model_dump(mode="json"))
        hit = service.cached_answer(key)
        if hit is not None:
            return hit
        return await heavy(request, Remote("sweep", req.scenario, req.vary, req.outcome, req.method, req.trials,
                                           req.seed, req.lang, req.labels, req.per_setup,
                                           receive=lambda a: service.store_answer(key, a)),
                           0 if req.method == "exact" else 1)

    @app.post("/api/upload", summary="Units of an uploaded BattleScribe catalogue (parsed in memory)")
    async def post_upload(request: Request, catalogue: UploadFile = File(...),
                          game_system: UploadFile | None = File(None), system: str | None = Form(None)) -> Any:
        cat = await _read_limited(catalogue, "catalogue")
        gst = await _read_limited(game_system, "game_system") if game_system is not None and game_system.filename \
            else None
        service.check_texts({"catalogue": catalogue.filename or "", "system": system or "",
                             "game_system": game_system.filename if game_system is not None else ""})
        return await heavy(request, Remote(
            "upload", cat, catalogue.filename or "catalogue.cat", gst,
            game_system.filename if game_system is not None else "", system))

    async def _read_limited(upload: UploadFile, field: str) -> bytes:
        data = await upload.read(service.MAX_UPLOAD_BYTES + 1)
        if len(data) > service.MAX_UPLOAD_BYTES:
            raise service.InputError(field, f"more than {service.MAX_UPLOAD_BYTES:,} bytes",
                                     Message(N_("a file of at most {mib} MiB"), mib=service.MAX_UPLOAD_BYTES // 2**20))
        return data

    @app.post("/api/unit", summary="The scenario with an imported unit in a role")
    def post_unit(req: UnitRequest) -> dict[str, Any]:
        service.check_texts(req.model_dump(mode="json"))
        return service.with_unit(req.scenario, req.role, req.profile)

    return app


#: Seconds a thread holds the interpreter before handing it over, in a server process (Python's
#: default is 0.005).
SWITCH_INTERVAL = 0.001


def create_app_from_env() -> FastAPI:
    """The application of one of uvicorn's worker processes (``fleeodds serve --workers N``): its
    settings come from the environment (:meth:`fleeodds.web.guard.Settings.from_env`)."""
    import sys

    # the server's process: heavy work in the worker threads must hand the interpreter back to the
    # event loop often, so that cheap answers and the health check are not held behind it
    sys.setswitchinterval(SWITCH_INTERVAL)
    settings = Settings.from_env()
    # the heavy work in worker processes, which load every example's kernels as they start
    queue = work.WorkQueue(processes=settings.work_processes, preload=True)
    return create_app(announce=settings.announce, settings=settings, queue=queue, freeze=True)


def serve(host: str = "127.0.0.1", port: int = 8000, open_browser: bool = False, *, public: bool = False,
          base_url: str | None = None, allowed_hosts: tuple[str, ...] = (), workers: int = 1,
          lang: str = "en", work_processes: int | None = None) -> None:
    """Run the server (blocks); see :func:`fleeodds.web.server.serve`."""
    from .server import serve as _serve

    _serve(host, port, open_browser, public=public, base_url=base_url, allowed_hosts=allowed_hosts,
           workers=workers, lang=lang, work_processes=work_processes)
