"""Security of the companion: headers, JSON-only API writes, errors as JSON.

Every write goes through the JSON API, which accepts only ``Content-Type: application/json``
bodies: a foreign page cannot send one without a CORS preflight, and the app answers no
preflight (it sends no CORS header), so no write needs a CSRF token. No HTML page posts a form
(the pages only read; their forms are sent as JSON by ``app.js`` or are GET searches), so there
is no form token either. A request whose ``Origin`` names another site is refused outright.

Only the hosts of ``TRUSTED_HOSTS`` are served (this machine by default; ``fallujah serve
--trusted-host`` or ``$FALLUJAH_TRUSTED_HOSTS`` adds a hosted server's name): a page on an
attacker's domain that resolves to this server (DNS rebinding) is refused, and no redirect or
page echoes a foreign ``Host``. Every error is bounded and sendable whatever it quotes
(:func:`adjudicator.errors.clean_text`); a JSON body is refused (400) before any view reads it
when it is nested deeper, holds more keys in one object or more values in all than
:mod:`adjudicator.json_bounds` allows (measured on the text before it is parsed), when it holds a
lone surrogate or a NUL, a number JSON cannot hold (``1e999``) or an integer beyond
:data:`MAX_INTEGER`, or a list longer than :data:`MAX_LIST_ITEMS`. A database that cannot serve
(unreachable, read-only, full disk) answers 503; any other database error is a bug, logged and
answered 500 (never reported as an outage).
"""

from __future__ import annotations

import gc
import json
import math
import os
import secrets
from collections.abc import Collection
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Request, Response, abort, current_app, jsonify, request
from sqlalchemy.exc import DBAPIError, InterfaceError, InternalError, OperationalError
from werkzeug.exceptions import HTTPException

from adjudicator.json_bounds import MAX_ITEMS, structure_problem

from .errors import Problem, Refused, clean_text
from .games import NoCompanion, UnknownGame
from .store import GameNotFound, StaleVersion

#: Scripts, styles and images from the app itself only; no frames, no plugins, no foreign forms.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def is_api(req: Request) -> bool:
    return req.path == "/api" or req.path.startswith("/api/")


#: The hosts served by default: this machine's names.
DEFAULT_TRUSTED_HOSTS = ("localhost", "127.0.0.1", "[::1]", "::1")
#: A body over this many bytes waits for any other such body to be answered (:class:`LargeBodies`)
LARGE_BODY = 1024 * 1024
#: The longest list a JSON body may hold (an import's ``events`` excepted: :data:`web.store.MAX_IMPORT_EVENTS`).
MAX_LIST_ITEMS = MAX_ITEMS
#: the largest integer a JSON body may hold, either sign: JavaScript's ``Number.MAX_SAFE_INTEGER``
#: (no integer of the API comes near it; 10**30 would overflow SQLite's columns)
MAX_INTEGER = 2**53 - 1


#: The database errors that mean it cannot serve (unreachable, read-only, full, locked): 503.
#: Any other (a value out of range, a broken constraint) is a bug of ours: logged, and 500.
OUTAGES = (OperationalError, InterfaceError, InternalError)


def trusted_hosts(extra: Collection[str] = ()) -> list[str]:
    """This machine's names, those of ``$FALLUJAH_TRUSTED_HOSTS`` (comma-separated) and ``extra``;
    a name starting with a dot trusts its subdomains (``.example.org``)."""
    from_env = [h.strip() for h in os.environ.get("FALLUJAH_TRUSTED_HOSTS", "").split(",") if h.strip()]
    return list(dict.fromkeys([*DEFAULT_TRUSTED_HOSTS, *from_env, *extra]))


def error(status: int, message: str, **extra: Any) -> Response:
    """A JSON error: its message bounded and sendable whatever it quotes."""
    response = jsonify({"error": clean_text(message, 2000), **extra})
    response.status_code = status
    return response


def json_body(long_lists: Collection[str] = (), max_long: int = 0) -> Any:
    """The request's JSON body; 415 unless ``Content-Type: application/json``; 400 unless it is
    UTF-8 within the bounds of :mod:`adjudicator.json_bounds` (measured on the text, before it
    is parsed) and parses into text and numbers every layer can keep (:func:`check_json`).
    ``long_lists``: top-level keys whose list may hold up to ``max_long`` items (an import's events)."""
    if request.mimetype != "application/json":
        given = request.headers.get("Content-Type") or "none"
        abort(error(415, f"Content-Type: {given!r}: the API accepts only 'application/json' bodies"))
    raw = request.get_data(cache=True)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        abort(error(400, f"body: not UTF-8 text (byte {exc.start}: {raw[exc.start:exc.start + 1]!r})"))
    beyond = structure_problem(raw, max(MAX_LIST_ITEMS, max_long))
    if beyond:
        raise Refused(Problem("body", f"{len(raw):,} bytes of JSON", beyond), status=400)
    try:
        body = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError) as exc:
        abort(error(400, f"body: not valid JSON ({type(exc).__name__}: {clean_text(str(exc), 120)})"))
    del text
    check_json(body, long_lists, max_long)
    return body


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:40]} is too large for a number")
    return value


def _bad_text(text: str) -> str | None:
    if "\x00" in text:
        return "text without NUL characters"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return "valid Unicode text (a lone surrogate such as \\ud800 is not a character)"
    return None


def _bad_number(value: float) -> str | None:
    if type(value) is int and not -MAX_INTEGER <= value <= MAX_INTEGER:
        return f"an integer from -{MAX_INTEGER:,} to {MAX_INTEGER:,} (2**53 - 1: the largest JSON keeps exactly)"
    return None


def _acceptable(body: Any, long_lists: Collection[str], max_long: int) -> bool:
    """Whether every string, number and list of ``body`` passes :func:`check_json` (a walk that
    builds no path: the paths are made only to name a problem found)."""
    if isinstance(body, dict):
        for key in long_lists:
            item = body.get(key)
            if isinstance(item, list) and len(item) > max_long:
                return False
        stack = [item for key, item in body.items() if not (key in long_lists and isinstance(item, list))]
        stack += [item for key in long_lists if isinstance(body.get(key), list) for item in body[key]]
        stack += list(body)
    else:
        stack = [body]
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is int:
            if value > MAX_INTEGER or value < -MAX_INTEGER:
                return False
        elif kind is str:
            if _bad_text(value):
                return False
        elif kind is dict:
            stack.extend(value)
            stack.extend(value.values())
        elif kind is list:
            if len(value) > MAX_LIST_ITEMS:
                return False
            stack.extend(value)
    return True


def check_json(body: Any, long_lists: Collection[str] = (), max_long: int = 0) -> None:
    """:class:`Refused` (400) naming the first string that is not text every database can keep
    (a NUL, a lone surrogate, in a value or a key), the first integer beyond
    :data:`MAX_INTEGER` and the first list longer than :data:`MAX_LIST_ITEMS` (``long_lists``:
    top-level keys allowed ``max_long`` items)."""
    if _acceptable(body, long_lists, max_long):
        return
    stack: list[tuple[str, Any]] = [("", body)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            why = _bad_text(value)
            if why:
                raise Refused(Problem(path or "body", value, why), status=400)
        elif isinstance(value, dict):
            for key, item in value.items():
                where = f"{path}.{key}" if path else str(key)
                why = _bad_text(key)
                if why:
                    raise Refused(Problem(where, key, f"a field name in {why}"), status=400)
                stack.append((where, item))
        elif isinstance(value, list):
            limit = max_long if path in long_lists else MAX_LIST_ITEMS
            if len(value) > limit:
                raise Refused(Problem(path or "body", value, f"a list of at most {limit} items"), status=400)
            stack.extend((f"{path}.{i}" if path else str(i), item) for i, item in enumerate(value))
        elif isinstance(value, int):
            why = _bad_number(value)
            if why:
                raise Refused(Problem(path or "body", value, why), status=400)


def _same_origin() -> None:
    origin = request.headers.get("Origin")
    if not origin:
        return
    if urlsplit(origin).netloc != request.host:
        abort(error(403, f"Origin: {origin!r}: requests from another site are refused"))


def is_trusted(host: str, trusted: Collection[str]) -> bool:
    """Whether ``host`` (a ``Host`` header: name or address, and a port) is one of ``trusted``
    (a name starting with a dot trusts its subdomains). An IPv6 address keeps its brackets and
    loses only its port: werkzeug's own check cuts ``[::1]:5000`` at its first colon."""
    host = host.strip().lower()
    if host.startswith("["):
        name = host[:host.find("]") + 1] if "]" in host else host
    else:
        name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    bare = name.strip("[]")
    for entry in trusted:
        entry = entry.lower()
        if entry.startswith("."):
            if name == entry[1:] or name.endswith(entry):
                return True
        elif name == entry or (":" in bare and bare == entry.strip("[]")):
            return True
    return False


def _trusted_host(app: Flask) -> None:
    """403 unless the request's ``Host`` (and ``Origin``, when sent) is one of ``TRUSTED_HOSTS``."""
    trusted = app.config["HOSTS_SERVED"]
    host = request.environ.get("HTTP_HOST") or request.environ.get("SERVER_NAME", "")
    if not is_trusted(host, trusted):
        abort(error(400, f"Host: {host!r}: this server answers only for {', '.join(trusted)} (TRUSTED_HOSTS; "
                         "fallujah serve --trusted-host NAME)"))
    origin = request.headers.get("Origin")
    if origin and origin != "null" and not is_trusted(urlsplit(origin).netloc, trusted):
        abort(error(403, f"Origin: {origin!r}: requests from another site are refused"))


def _build_internals() -> None:
    """The rules site's build files (``.doctrees``, ``.buildinfo``) are not part of the site."""
    if request.path.startswith("/rules/") and any(part.startswith(".") for part in request.path.split("/")):
        abort(404)


class LargeBodies:
    """WSGI middleware: requests whose body is over :data:`LARGE_BODY` are served one at a time,
    all by one thread.

    Parsing JSON multiplies its size in memory (a 16 MB import is about a hundred megabytes of
    Python objects), so sixteen at once would need gigabytes. The server holds a waiting body on
    disk (waitress spools any body over 512 KB to a file), so a request waiting here costs no
    memory. One thread serves them all because the C allocator gives each thread its own arena
    and keeps what a thread freed for that thread: sixteen threads taking turns would each keep
    a large body's worth. The response is read whole (an API answer is one JSON), then the
    garbage is collected (an exception's traceback holds the body it refused in a reference
    cycle: left to the collector's own pace, sixteen of them add up)."""

    def __init__(self, app: Any):
        self.app = app
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="large-bodies")

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length <= LARGE_BODY:
            return self.app(environ, start_response)
        return self.worker.submit(self._whole, environ, start_response).result()

    def _whole(self, environ: dict[str, Any], start_response: Any) -> list[bytes]:
        response = self.app(environ, start_response)
        try:
            return [b"".join(response)]
        finally:
            close = getattr(response, "close", None)
            if close is not None:
                close()
            del response
            gc.collect()


def init_app(app: Flask) -> None:
    app.wsgi_app = LargeBodies(app.wsgi_app)  # type: ignore[method-assign]
    # The hosts served are checked by :func:`is_trusted`; Flask's own check of ``TRUSTED_HOSTS``
    # (werkzeug's) cuts an IPv6 entry at its first colon and refuses ``[::1]``: it is given none.
    app.config["HOSTS_SERVED"] = list(app.config.get("TRUSTED_HOSTS") or trusted_hosts())
    app.config["TRUSTED_HOSTS"] = None

    @app.before_request
    def _guard() -> None:
        _trusted_host(app)
        _build_internals()
        if is_api(request) and request.method not in ("GET", "HEAD", "OPTIONS"):
            _same_origin()

    @app.after_request
    def _headers(response: Response) -> Response:
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        if is_api(request):
            response.headers["Cache-Control"] = "no-store"
        return response

    @app.errorhandler(Refused)
    def _refused(exc: Refused) -> Response:
        response = jsonify(exc.as_json())
        response.status_code = exc.status
        return response

    @app.errorhandler(StaleVersion)
    def _stale(exc: StaleVersion) -> Response:
        return error(409, str(exc), expected_version=exc.expected, version=exc.actual)

    @app.errorhandler(GameNotFound)
    def _missing(exc: GameNotFound) -> Response:
        return error(404, str(exc))

    @app.errorhandler(UnknownGame)  # the one class every layer raises (rules_text.loading)
    @app.errorhandler(NoCompanion)
    def _unknown_game(exc: LookupError) -> Response | tuple[str, int]:
        if is_api(request):
            return error(404, str(exc))
        return abort(404, description=str(exc))

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException) -> Response | HTTPException:
        if not is_api(request):
            return exc
        if exc.response is not None:
            return exc.response  # type: ignore[return-value]
        response = error(exc.code or 500, exc.description or exc.name)
        if exc.code == 405 and exc.valid_methods:  # type: ignore[attr-defined]
            response.headers["Allow"] = ", ".join(exc.valid_methods)  # type: ignore[attr-defined]
        return response

    @app.errorhandler(DBAPIError)
    def _storage(exc: DBAPIError) -> Response | tuple[str, int]:
        if not isinstance(exc, OUTAGES):  # a query the database refused is a bug, not an outage
            return _unexpected(exc)
        reason = clean_text(str(getattr(exc, "orig", exc)).splitlines()[0] if str(exc) else type(exc).__name__, 200)
        current_app.logger.error("the database refused %s %s: %s", request.method, request.path, reason)
        message = f"storage unavailable: the database refused the request ({reason}); nothing was changed"
        if is_api(request):
            return error(503, message)
        return message, 503

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response | tuple[str, int]:
        """A bug (of the server, the adjudicator or a game's pack), never the player's input: logged
        with its traceback and an id, answered 500 with that id."""
        incident = secrets.token_hex(6)
        current_app.logger.exception("internal error %s on %s %s", incident, request.method, request.path)
        message = f"internal error {incident}: a bug in the server, not in your input; it was logged with this id"
        if is_api(request):
            return error(500, message, id=incident)
        return message, 500
