"""The games list (last played first, each with its game's name), the setup of a new game and the
import of an export.

``/games/new`` offers every registered game that has a companion (``?game=`` picks one; the
default game first) and shows the chosen game's own setup form (``<package>/setup.html``), with
the player's saved copies of the game's map and counters (:mod:`web.copies`) offered, the last
changed chosen, and their export and import.
Both forms are sent by ``app.js`` to the JSON API (``POST /api/games``, ``POST /api/games/import``);
blank optional parts are left out so the API takes its defaults.
"""

from __future__ import annotations

from flask import abort, current_app, render_template, request

from .. import games as registry
from ..api import store
from ..copies import records
from . import bp
from .helpers import game_title


@bp.get("/")
def index() -> str:
    return render_template("index.html", games=store().list_games())


@bp.get("/games/new")
def new_game() -> str:
    playable = list(registry.companions())
    asked = request.args.get("game")
    try:
        chosen = registry.require(asked if asked is not None else current_app.config["GAME"])
    except registry.UnknownGame as exc:
        abort(404, description=str(exc))
    if chosen not in playable:
        if asked is not None:
            abort(404, description=str(registry.NoCompanion(chosen)))
        chosen = playable[0] if playable else chosen
    companion = registry.companion(chosen) if chosen in playable else None
    context = companion.setup_context() if companion and companion.setup_context else {}
    copies = records(store().engine, chosen) if companion and companion.copy else None
    return render_template(
        "new.html", playable=[(g, game_title(g)) for g in playable], chosen=chosen,
        setup_template=f"{registry.declaration(chosen).package}/setup.html" if companion else None,
        copies=copies, **context,
    )
