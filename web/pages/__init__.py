"""HTML pages, server-rendered with Jinja (autoescaped), one module per concern:

- :mod:`.games`: the games list, setup, import (``/``, ``/games/new``);
- :mod:`.game`: the game page and its log (``/games/<id>``, ``/games/<id>/log``);
- :mod:`.rules`: rules at hand (``/search``, ``/rule/<lang>/<id>``) and the static site (``/rules/``);
- :mod:`.chart`: the VP chart as inline SVG; :mod:`.helpers`: what every template needs.

Every write goes through the JSON API (``web/static/app.js``); the pages only read.
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("pages", __name__)

from . import game, games, helpers, rules, table  # noqa: F401  (register the routes on bp)

helpers.init(bp)
