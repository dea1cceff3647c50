"""The games list (last played first), the setup of a new game and the import of an export."""

from __future__ import annotations

from flask import render_template

from ..api import store
from . import bp


@bp.get("/")
def index() -> str:
    return render_template("index.html", games=store().list_games())


@bp.get("/games/new")
def new_game() -> str:
    return render_template("setup.html")
