"""Security of the companion: headers, JSON-only API writes, errors as JSON.

Every write goes through the JSON API, which accepts only ``Content-Type: application/json``
bodies: a foreign page cannot send one without a CORS preflight, and the app answers no
preflight (it sends no CORS header), so no write needs a CSRF token. No HTML page posts a form
(the pages only read; their forms are sent as JSON by ``app.js`` or are GET searches), so there
is no form token either. A request whose ``Origin`` names another site is refused outright.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Request, Response, abort, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from adjudicator.registry import UnknownGame as UnknownAdjudicatorGame

from .errors import Refused
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


def error(status: int, message: str, **extra: Any) -> Response:
    response = jsonify({"error": message, **extra})
    response.status_code = status
    return response


def json_body() -> Any:
    """The request's JSON body; 415 unless ``Content-Type: application/json``, 400 unless it parses."""
    if request.mimetype != "application/json":
        given = request.headers.get("Content-Type") or "none"
        abort(error(415, f"Content-Type: {given!r}: the API accepts only 'application/json' bodies"))
    raw = request.get_data(cache=True)
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        abort(error(400, f"body: not valid JSON ({type(exc).__name__}: {str(exc)[:120]})"))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _same_origin() -> None:
    origin = request.headers.get("Origin")
    if not origin:
        return
    if urlsplit(origin).netloc != request.host:
        abort(error(403, f"Origin: {origin!r}: requests from another site are refused"))


def init_app(app: Flask) -> None:
    @app.before_request
    def _guard() -> None:
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

    @app.errorhandler(UnknownGame)
    @app.errorhandler(UnknownAdjudicatorGame)
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

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response | tuple[str, int]:
        current_app.logger.exception("unexpected error on %s %s", request.method, request.path)
        if is_api(request):
            return error(500, "internal error: the server could not handle this request (see its log)")
        return "internal error", 500
