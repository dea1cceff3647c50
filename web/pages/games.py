"""The games list (last played first), the setup of a new game (6) and the import of an export.

Both forms are sent by ``app.js`` to the JSON API (``POST /api/games``,
``POST /api/games/import``); blank optional parts are left out so the API takes its defaults.
"""

from __future__ import annotations

from flask import render_template

from ..api import store
from . import bp


@bp.get("/")
def index() -> str:
    return render_template("index.html", games=store().list_games())


@bp.get("/games/new")
def new_game() -> str:
    rules = store().rules
    return render_template(
        "setup.html",
        sp_min=rules.strong_points[0], sp_max=rules.strong_points[1],
        start_count=rules.start_zones, caats=rules.caats, zone_count=rules.zones,
        cf_min=rules.squad_cf[0], cf_max=rules.squad_cf[1],
        company_count=rules.company_squads, battalion_count=rules.battalion_squads,
    )
