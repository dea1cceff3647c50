"""HTML pages (server-rendered Jinja, escaped) and the static rules site under ``/rules/``."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, current_app, render_template, send_from_directory
from werkzeug.wrappers import Response

from .api import store

bp = Blueprint("pages", __name__)


@bp.get("/")
def index() -> str:
    return render_template("index.html", games=store().list_games())


@bp.get("/rules/", defaults={"path": "index.html"})
@bp.get("/rules/<path:path>")
def rules_site(path: str) -> Response:
    """The static site built under ``SITE_DIR`` (``make site``), when it has been built."""
    root = Path(current_app.config["SITE_DIR"])
    if not (root / "index.html").is_file():
        abort(404, description=f"the static rules site is not built in {root}")
    if path.endswith("/"):
        path += "index.html"
    return send_from_directory(root, path)
