"""The game page (turn and Phase tracker, VP, units, Zones, Missions) and the game's log."""

from __future__ import annotations

from flask import render_template

from . import bp
from .helpers import load_game


@bp.get("/games/<game_id>")
def game(game_id: str) -> str:
    return render_template("game.html", game=load_game(game_id))


@bp.get("/games/<game_id>/log")
def log(game_id: str) -> str:
    return render_template("log.html", game=load_game(game_id))
