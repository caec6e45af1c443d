"""The practice server's web app (Starlette): pages, forms, the lecturer's view.

Every page works as a plain HTML form; practice.js only adds the live preview and updates the page
without a reload (it posts the same forms and asks for the <main> element alone). Drawing, rendering
and checking run in worker processes (pool.py); this module only routes, reads forms, guards them
and formats. The settings come from the environment (``TUTOR_SERVE_*``), which `tutor serve` sets,
so that each of uvicorn's worker processes builds the same app.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache
from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from .. import generators
from ..escaping import printable, shorten
from . import security, work
from .pool import Busy, Pool

log = logging.getLogger("tutor.serve")

MAX_BODY = 64 * 1024  # bytes of one form: every field of the largest problem, with room to spare
MAX_FIELDS = 40
MAX_SEED = 10**9
MAX_STUDENT = 64  # characters of a student id
ENV = "TUTOR_SERVE_"  # prefix of the settings in the environment
# The index lists the topics in the course's order (kernel PCA and its cards, then the linear side and
# the rest of the exam recipes); plugin topics follow.
COURSE_ORDER = ("kernel-pca", "kernel-matrix", "centring", "feature-map", "feature-space", "rbf-gamma",
                "feature-mean", "high-dim", "pca-feature-map", "pca", "pca-gram", "svd", "mds",
                "importance-sampling", "amortised", "dfs-code")


@dataclass(frozen=True)
class Settings:
    database: str
    token: str  # the lecturer's view's token
    secret: bytes  # signs the forms' CSRF tokens
    processes: int = 2  # worker processes for drawing and checking, per server process
    proxies: str = security.DEFAULT_PROXIES  # whose X-Forwarded-For names the client (security.trusted_proxies)

    @classmethod
    def from_environment(cls) -> "Settings":
        return cls(os.environ[ENV + "DATABASE"], os.environ[ENV + "TOKEN"],
                   bytes.fromhex(os.environ[ENV + "SECRET"]), int(os.environ.get(ENV + "PROCESSES", "2")),
                   os.environ.get(ENV + "PROXIES", security.DEFAULT_PROXIES))

    def to_environment(self) -> dict[str, str]:
        return {ENV + "DATABASE": self.database, ENV + "TOKEN": self.token, ENV + "SECRET": self.secret.hex(),
                ENV + "PROCESSES": str(self.processes), ENV + "PROXIES": self.proxies}


def app_from_environment() -> Starlette:
    """uvicorn's factory in each server process."""
    return create_app(Settings.from_environment())


# --- pages -----------------------------------------------------------------------------------------


@cache
def _environment():
    from ..rendering import environment

    return environment("html")


def _page(request: Request, name: str, code: int = 200, **values) -> HTMLResponse:
    """A page of templates/frames/html/serve/pages; with X-Tutor-Fragment only its <main> (practice.js swaps it in)."""
    fragment = request.headers.get("x-tutor-fragment") == "1"
    text = _environment().get_template(f"frames/html/serve/pages/{name}.j2").render(fragment=fragment, **values)
    return HTMLResponse(text, code)


def _error(request: Request, status: int, message: str) -> Response:
    if "application/json" in request.headers.get("accept", ""):
        return JSONResponse({"error": message}, status)
    try:
        return _page(request, "error", status, status=status, message=message, title="Error")
    except Exception:  # noqa: BLE001 - the error page itself must never fail into a traceback
        return PlainTextResponse(f"{status}: {message}", status)


async def _http_error(request: Request, exc: HTTPException) -> Response:
    messages = {404: "no such page", 405: "this page does not take that method"}
    response = _error(request, exc.status_code, exc.detail if exc.detail and exc.detail != _reason(exc.status_code)
                      else messages.get(exc.status_code, "the request could not be handled"))
    response.headers.update(exc.headers or {})
    return response


def _reason(status: int) -> str:
    from http import HTTPStatus

    return HTTPStatus(status).phrase


async def _server_error(request: Request, exc: Exception) -> Response:
    log.exception("internal error on %s", shorten(request.url.path, 200))  # for the server's log, never the browser
    return _error(request, 500, "internal error; the problem has been logged")


# --- reading requests ------------------------------------------------------------------------------


async def _form(request: Request) -> dict[str, str]:
    """The urlencoded form, bounded before it is parsed: at most MAX_BODY bytes and MAX_FIELDS fields."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise HTTPException(415, "send the form as application/x-www-form-urlencoded")
    declared = request.headers.get("content-length")
    if declared and (not (declared.isascii() and declared.isdigit()) or len(declared) > 9 or int(declared) > MAX_BODY):
        raise HTTPException(413, f"the form is larger than {MAX_BODY // 1024} KB")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise HTTPException(413, f"the form is larger than {MAX_BODY // 1024} KB")
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_FIELDS)
    except (UnicodeDecodeError, ValueError):
        raise HTTPException(400, f"the form could not be read (UTF-8, at most {MAX_FIELDS} fields)") from None
    return dict(pairs)


def _problem_args(request: Request) -> tuple[str, str, int]:
    params = request.path_params
    return _problem(params["topic"], params["difficulty"], _seed(params.get("seed", "0")))


def _seed(text: str) -> int:
    """The seed of a URL. Read here, not by Starlette's int convertor, whose int() of a 4,301-digit seed
    raised ValueError (a 500): any text but a seed in range is a 404, whatever its length."""
    digits = text.lstrip("0") or "0"
    if not (text.isascii() and text.isdigit()) or len(digits) > len(str(MAX_SEED)):
        return -1  # out of range: _problem says which seeds there are
    return int(digits)


def _problem(topic: str, difficulty: str, seed: int) -> tuple[str, str, int]:
    if topic not in _topics():
        raise HTTPException(404, f"no topic {printable(topic)[:40]!r}")
    if difficulty not in generators.DIFFICULTIES:
        raise HTTPException(404, f"no difficulty {printable(difficulty)[:20]!r} (easy, medium, hard)")
    if not 0 <= seed < MAX_SEED:
        raise HTTPException(404, f"seeds run from 0 to {MAX_SEED - 1}")
    return topic, difficulty, seed


@cache
def _topics() -> dict[str, dict]:
    """Each topic that can be generated: its one-line summary and what each difficulty asks."""
    from .. import topics

    out = {}
    known = generators.names()
    for name in [*(t for t in COURSE_ORDER if t in known), *(t for t in known if t not in COURSE_ORDER)]:
        rules = generators.rules_of(name)
        if rules:
            out[name] = {"summary": topics.summary(name), "rules": rules}
    return out


def _student(request: Request, form: dict | None = None) -> str:
    """The student id typed in the form (or remembered in a cookie), cleaned as the store keeps it."""
    from .store import StoreError, student_id

    raw = form.get("student", "") if form is not None else request.cookies.get(security.STUDENT, "")
    try:
        return student_id(raw) or ""
    except StoreError as err:
        if form is None:  # an old cookie: forget it
            return ""
        raise HTTPException(400, f"student id: {err.message}") from None


def _url(topic: str, difficulty: str, seed: int, suffix: str = "") -> str:
    return f"/practice/{topic}/{difficulty}/{seed}{suffix}"


# --- the app ---------------------------------------------------------------------------------------


def create_app(settings: Settings, pool: Pool | None = None, store=None) -> Starlette:
    """The app; tests may pass their own pool and store (else built on start-up, closed on shut-down)."""
    from .store import Attempt, Store, StoreError, stats_csv

    state: dict = {}

    @contextlib.asynccontextmanager
    async def lifespan(app):
        state["pool"] = pool or Pool(settings.processes)
        if pool is None:  # start the worker now, so that the first student does not wait for its imports
            await state["pool"].run(work.warm)
        state["store"] = store or await run_in_threadpool(Store, settings.database)
        try:
            yield
        finally:
            if pool is None:
                state["pool"].close()
            if store is None:
                state["store"].close()

    async def run(fn, *args):
        try:
            return await state["pool"].run(fn, *args)
        except Busy as err:
            raise HTTPException(503, str(err)) from None
        except work.NoProblem as err:
            raise HTTPException(404, err.message) from None
        except work.TooSlow as err:  # the worker's own time limit
            advice = ": write the answers more simply (fewer nested roots and powers), then check again"
            raise HTTPException(503, err.message + (advice if fn is work.check else "")) from None

    def session_of(request: Request) -> str | None:
        value = request.cookies.get(security.SESSION, "")
        return value if security.valid_session(value) else None

    def respond(request: Request, response: Response, session: str | None) -> Response:
        if session is None or session != request.cookies.get(security.SESSION):
            cookie(request, response, security.SESSION, session or security.new_session(), 180 * 86400, "lax")
        return response

    def cookie(request: Request, response: Response, name: str, value: str, seconds: int, samesite: str) -> None:
        # Secure whenever the page came over HTTPS (behind a proxy: uvicorn's --proxy-headers rules apply).
        response.set_cookie(name, value, max_age=seconds, httponly=True, samesite=samesite,
                            secure=request.url.scheme == "https")

    def ensure_session(request: Request) -> str:
        return session_of(request) or security.new_session()

    async def index(request: Request):
        session = ensure_session(request)
        return respond(request, _page(request, "index", title="Practice", topics=_topics(),
                                      difficulties=generators.DIFFICULTIES), session)

    async def random_problem(request: Request):
        topic, difficulty, _ = _problem_args(request)
        return RedirectResponse(_url(topic, difficulty, secrets.randbelow(100_000) + 1), 303)

    async def practice(request: Request):
        topic, difficulty, seed = _problem_args(request)
        view = await run(work.view, topic, difficulty, seed)
        if view.seed != seed:  # that seed has no problem nice enough: the next one that has
            return RedirectResponse(_url(topic, difficulty, view.seed), 303)
        session = ensure_session(request)
        if request.method in ("GET", "HEAD"):
            return respond(request, practice_page(request, view, session, {}), session)
        form = await _form(request)
        if session_of(request) is None or not security.csrf_ok(settings.secret, session, form.get("csrf", "")):
            raise HTTPException(403, "this form has expired (or came from another site): reload the page "
                                     "(cookies must be allowed for this site)")
        student = _student(request, form)
        fields = {p.key: form.get(f"answer-{p.key}", "")[:work.MAX_FIELD + 1] for p in view.parts}
        hints = _int(form.get("hints"), 0, len(view.steps))
        action = form.get("action", "check")
        if action == "hint":
            hints = min(hints + 1, len(view.steps))
        elif action == "solution":
            hints = len(view.steps)
        elif action != "check":
            raise HTTPException(400, "unknown action (check, hint or solution)")
        checked, was = None, None
        if action == "check":
            checked = await run(work.check, topic, difficulty, seed, fields)
            await record(session, student, view, fields, checked)
            was = fields
        else:
            # After a check, the form carries the answers checked, signed: a hint shows their verdicts
            # again where the field still holds the same answer. An edited answer is judged only by a
            # new check, which is recorded.
            was = {p.key: form.get(f"was-{p.key}", "")[:work.MAX_FIELD + 1] for p in view.parts}
            if security.answers_ok(settings.secret, session, request.url.path, was, form.get("was-mac", "")):
                checked = await run(work.check, topic, difficulty, seed, was)
            else:
                was = None
        response = practice_page(request, view, session, fields, checked, hints, student, was)
        if student != request.cookies.get(security.STUDENT, ""):
            cookie(request, response, security.STUDENT, student, 180 * 86400, "lax")
        return respond(request, response, session)

    async def record(session, student, view, fields, checked) -> None:
        """One row per part answered, all in one transaction."""
        submission, at = uuid.uuid4().hex, datetime.now(timezone.utc)
        rows = [Attempt(submission, session, student or None, view.topic, view.difficulty, view.seed, v.key,
                        v.verdict, v.mistake, v.credit, v.weight, fields[v.key], at)
                for v in checked.verdicts if v.verdict != "missing"]
        if not rows:
            return
        try:
            await run_in_threadpool(state["store"].record, rows)
        except StoreError as err:  # the database is down or refused the rows: say so, keep the trace in the log
            log.error("attempts not saved: %s", err)
            raise HTTPException(503, "your answers could not be saved just now: check them again in a moment") \
                from None

    def practice_page(request, view, session, fields, checked=None, hints=0, student=None, was=None):
        url = _url(view.topic, view.difficulty, view.seed)
        verdicts = None
        if checked:  # each verdict beside its field, while the field holds the answer it judged
            verdicts = {v.key: v for v in checked.verdicts if fields.get(v.key, "").strip() == was[v.key].strip()}
        return _page(request, "practice", title=view.title, view=view, fields=fields, checked=verdicts,
                     score=checked, hints=hints, csrf=security.csrf_token(settings.secret, session),
                     student=student if student is not None else _student(request), was=was if checked else None,
                     was_mac=security.answers_mac(settings.secret, session, url, was) if checked else None,
                     url=url, next_url=_url(view.topic, view.difficulty, view.seed + 1),
                     full_url=_url(view.topic, view.difficulty, view.seed, "/solution"))

    async def full_solution(request: Request):
        topic, difficulty, seed = _problem_args(request)
        text = await run(work.full_solution, topic, difficulty, seed)
        # The handout page sets its maths with inline scripts of its own (KaTeX and one line).
        return HTMLResponse(text, headers={"content-security-policy": security.csp(inline_scripts=True)})

    async def preview(request: Request):
        form = await _form(request)
        session = session_of(request)
        if session is None or not security.csrf_ok(settings.secret, session, form.get("csrf", "")):
            return JSONResponse({"error": "this form has expired: reload the page"}, 403)
        try:
            topic, difficulty, seed = _problem(form.get("topic", ""), form.get("difficulty", ""),
                                               _int(form.get("seed"), -1, MAX_SEED))
        except HTTPException as err:
            return JSONResponse({"error": err.detail}, err.status_code)
        text = form.get("text", "")
        if len(text) > work.MAX_FIELD:
            return JSONResponse({"tex": None, "error": f"longer than {work.MAX_FIELD} characters"})
        result = await run(work.preview, topic, difficulty, seed, form.get("key", ""), text)
        return JSONResponse({"tex": result.tex, "error": result.error})

    async def token_right(request: Request, given: str) -> bool:
        """Whether `given` is the lecturer's token; a 429 once this client has had too many wrong ones, on
        every server process (the tries are counted in the database). A locked client is refused even the
        right token: else the lock would not stop a guesser, whose right guess would still get through."""
        client = security.client_key(request.client.host if request.client else None)
        db = state["store"]
        try:
            try_id = await run_in_threadpool(db.token_try, client, security.MOST_WRONG, security.WINDOW)
            if try_id is None:
                raise HTTPException(429, "too many wrong tokens from here: wait a few minutes",
                                    headers={"retry-after": str(int(security.WINDOW))})
            if not security.token_ok(settings.token, given):
                return False
            await run_in_threadpool(db.token_right, try_id)
            return True
        except StoreError as err:
            log.error("the lecturer's token could not be checked: %s", err)
            raise HTTPException(503, "the lecturer's view is not available just now: try again in a moment") \
                from None

    async def lecturer(request: Request) -> bool:
        """A signed-in browser (its cookie, a MAC no one can guess, is not counted) or a Bearer token."""
        header = request.headers.get("authorization", "")
        if header[:7].lower() == "bearer ":
            return await token_right(request, header[7:].strip())
        return security.class_cookie_ok(settings.secret, settings.token, request.cookies.get(security.CLASS, ""))

    async def class_view(request: Request):
        session = ensure_session(request)
        csrf = security.csrf_token(settings.secret, session)
        if request.method == "POST":
            form = await _form(request)
            if session_of(request) is None or not security.csrf_ok(settings.secret, session, form.get("csrf", "")):
                raise HTTPException(403, "this form has expired: reload the page")
            if not await token_right(request, form.get("token", "")):
                response = _page(request, "login", 403, title="Lecturer's view", csrf=csrf,
                                 message="That is not the token printed when the server started.")
                return respond(request, response, session)
            response = RedirectResponse("/class", 303)
            cookie(request, response, security.CLASS, security.class_cookie(settings.secret, settings.token),
                   12 * 3600, "strict")
            return respond(request, response, session)
        if not await lecturer(request):
            return respond(request, _page(request, "login", 401, title="Lecturer's view", csrf=csrf, message=None),
                           session)
        topic = request.query_params.get("topic") or None
        if topic is not None and topic not in _topics():  # nor a NUL that PostgreSQL refuses to compare
            raise HTTPException(404, f"no topic {printable(topic)[:40]!r}")
        stats = await class_stats(topic)
        return respond(request, _page(request, "class", title="Lecturer's view", stats=stats,
                                      total=sum(s.attempts for s in stats)), session)

    async def class_stats(topic: str | None):
        try:
            return await run_in_threadpool(state["store"].stats, topic)
        except StoreError as err:  # the database is down: one line in the log, a 503 to the browser
            log.error("statistics not read: %s", err)
            raise HTTPException(503, "the statistics cannot be read just now: try again in a moment") from None

    async def class_csv(request: Request):
        if not await lecturer(request):
            raise HTTPException(401, "the lecturer's token is needed: sign in at /class",
                                headers={"www-authenticate": 'Bearer realm="tutor"'})
        stats = await class_stats(None)
        return Response(stats_csv(stats), media_type="text/csv; charset=utf-8",
                        headers={"content-disposition": 'attachment; filename="tutor-class.csv"'})

    async def static(request: Request):
        name = request.path_params["name"]
        asset = security.STATIC.get(name)
        if asset is None:
            raise HTTPException(404, "no such file")
        return Response(_static(name), media_type=asset, headers={"cache-control": "public, max-age=86400"})

    routes = [
        Route("/", index),
        Route("/practice/{topic}/{difficulty}", random_problem),
        Route("/practice/{topic}/{difficulty}/{seed}", practice, methods=["GET", "POST"]),
        Route("/practice/{topic}/{difficulty}/{seed}/solution", full_solution),
        Route("/preview", preview, methods=["POST"]),
        Route("/class", class_view, methods=["GET", "POST"]),
        Route("/class.csv", class_csv),
        Route("/static/{name}", static),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: _http_error, Exception: _server_error})
    app.add_middleware(security.Headers)
    # Outermost: behind a trusted proxy the client (for the attempt limit) and the scheme (for Secure
    # cookies) are those its X-Forwarded-For and X-Forwarded-Proto name; uvicorn's own copy is off (server.py).
    app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.proxies)
    return app


def _int(text: str | None, default: int, most: int) -> int:
    if text is None or not (text.isascii() and text.isdigit()) or len(text) > 10:
        return default
    return min(int(text), most)


@cache
def _static(name: str) -> bytes:
    from ..rendering import _asset, _katex_css
    from ..resources import resource_dir

    if name == "katex.css":
        return _katex_css().encode()
    if name == "katex.js":
        return _asset("katex/katex.min.js").encode()
    if name == "scroll.js":  # shared with the handout page, which inlines it
        return _asset("scroll.js").encode()
    if name == "handout.css":
        return _asset("style.css").encode()
    return (resource_dir("templates") / "frames" / "html" / "serve" / "static" / name).read_bytes()
