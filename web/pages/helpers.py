"""What every page's template needs: the state of a game as the API shows it, the link to
the rules, and HTML error pages."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, g, render_template, request, url_for
from werkzeug.exceptions import HTTPException

from rules_text import Game
from rules_text.loading import load_game as load_rules
from web.translate import context_globals
from web.translate import gettext as _

from .. import games as registry
from ..api import GAME_ID, store
from ..shortcuts import SHORTCUTS
from ..store import GameNotFound

#: no value (a stored ``None`` is a value)
_NONE = object()


def current_game(*, strict: bool = True) -> str:
    """The game a page is about: a stored game's (set by :func:`load_game`), else ``?game=``,
    else the default game; an unknown ``?game=`` is a 404 page naming the known games (with
    ``strict=False``, as an error page asks: the app's default game)."""
    if not strict and "game_kind" not in g and request.args.get("game") not in registry.known_games():
        return str(current_app.config["GAME"])
    kind = context_globals().get("game_kind", _NONE)
    if kind is not _NONE:
        return str(kind)
    try:
        g.game_kind = registry.require(request.args.get("game", current_app.config["GAME"]))
    except registry.UnknownGame as exc:
        abort(404, description=str(exc))
    return str(g.game_kind)


def game_in_play() -> str | None:
    """The game a page is about when one is in play: a stored game's, or one the page read
    (:func:`current_game`), or a known ``?game=``; None on a page about no game (the games list,
    a search of every rulebook, an error), whose header names the product, not a game."""
    space = context_globals()
    if "game_kind" in space:
        return str(space["game_kind"])
    asked = request.args.get("game")
    return asked if asked in registry.known_games() else None


def app_name() -> str:
    """What the header and the titles call the app: the game in play's companion (its own wording
    of ``app.name`` when it has one), else the product."""
    game = game_in_play()
    if game is None:
        return str(_("Fallujah companion"))
    wording = registry.companion(game).wording if registry.has_companion(game) else {}
    if "app.name" in wording:
        return str(wording["app.name"])
    return str(_("%(game)s companion", game=registry.declaration(game).name))


def rules_of() -> Game:
    """The rulebooks of the page's game, read once per request (a page may link fifty rules,
    and each look-up would check the data files again)."""
    game = current_game()
    cached: tuple[str, Game] | None = g.get("rules_of")
    if cached is None or cached[0] != game:
        cached = (game, load_rules(game))
        g.rules_of = cached
    return cached[1]


def game_query() -> dict[str, str]:
    """``{"game": id}`` for links of a page about another game than the app's default one, else
    nothing (the default game's URLs stay as they were)."""
    game = current_game()
    return {} if game == current_app.config["GAME"] else {"game": game}


def site_built() -> bool:
    """The static rules site has been built under ``SITE_DIR`` (``make site``)."""
    return (Path(current_app.config["SITE_DIR"]) / "index.html").is_file()


def from_game() -> dict[str, str]:
    """``{"from": id}`` on a page of a stored game: a rule opened from it keeps the game's header."""
    game_id = g.get("game_id")
    return {"from": game_id} if game_id else {}


def rule_url(lang: str, section_id: str) -> str:
    """Where a rule id links: the HTML rule view of this app, in ``lang`` when that rulebook has
    the section, else in the other one (some sections exist in one source only); from a stored
    game's page, the link names the game (``?from=``) so that the rule page keeps its header."""
    query = from_game() or game_query()
    key: tuple[object, ...] = (current_game(), lang, section_id, *query.items())
    made: dict[tuple[object, ...], str] = g.setdefault("rule_urls", {})  # a page links the same rules often
    found = made.get(key)
    if found is None:
        corpora = rules_of().corpora
        if section_id not in corpora.get(lang, {}):
            lang = next((other for other in corpora if section_id in corpora[other]), lang)
        found = made[key] = url_for("pages.rule", lang=lang, section_id=section_id, **query)  # type: ignore[arg-type]
    return found


def rule_name(lang: str, section_id: str) -> str:
    """How a link to a rule reads: its number ("<n>.<n>"), or an unnumbered section's title as the
    rulebook prints it, never its slug ("destroy-phase"; issue 24, item 8)."""
    if _RULE_NUMBER.match(section_id):
        return section_id
    corpora = rules_of().corpora
    for other in (lang, *corpora):
        if other in corpora and section_id in corpora[other]:
            return corpora[other].get(section_id).title or section_id
    return section_id


def rules_home() -> str:
    """Where 'Rules' goes: the static site when built, else the search page."""
    return "/rules/" if site_built() else url_for("pages.search")


def load_game(game_id: str) -> dict[str, Any]:
    """The game's state as the API gives it (the same text, rendered once per version), or a 404
    page naming the id."""
    if not GAME_ID.match(game_id):
        abort(404, description=_("game %(id)s does not exist", id=repr(game_id[:64])))
    try:
        kind = store().game_of(game_id)
        state = store().state(game_id)
    except GameNotFound:
        abort(404, description=_("game %(id)s does not exist", id=repr(game_id)))
    g.game_kind = kind
    companion = store().companion_of(game_id)
    text = store().rendered(game_id, state, lambda: companion.render(state, game_id))
    found: dict[str, Any] = json.loads(text)
    return found


def game_part(game: dict[str, Any] | None, name: str) -> str:
    """A template of the page's game: ``<package>/<name>`` (a game's templates live in its package)."""
    kind = game["game"] if game else current_game()
    return f"{registry.declaration(kind).package}/{name}"


def game_title(kind: str) -> str:
    """A game's title as its declaration gives it (``title``)."""
    try:
        return registry.declaration(kind).title
    except registry.UnknownGame:
        return kind


_RULE_NUMBER = re.compile(r"^\d{1,2}(?:\.\d{1,2}){0,4}$")


def query_number(raw: str, low: int, high: int) -> int | None:
    """A whole number from a query string within [low, high], or None: ASCII digits only
    ("¹" and "٣" are digits to ``str.isdigit`` but not to ``int``), at most 9 of them."""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        return None
    value = int(raw)
    return value if low <= value <= high else None


def query_in_range(name: str, low: int, high: int, refuse: Callable[[str], object], *,
                   blank_is_none: bool = False) -> int | None:
    """The whole number the query's ``name`` gives within [low, high] (:func:`query_number`);
    None without it (or, with ``blank_is_none``, when it is empty); any other value goes to
    ``refuse`` as its message shows it (the ``repr`` of its first 20 characters), which aborts."""
    raw = request.args.get(name)
    if raw is None or (blank_is_none and raw == ""):
        return None
    number = query_number(raw, low, high)
    if number is None:
        refuse(repr(raw[:20]))
        raise AssertionError(f"{name}: refuse did not abort")
    return number


def section_label(section_id: str, title: str | None) -> str:
    """A section's number and title, its number alone when untitled, or an unnumbered section's own title."""
    if _RULE_NUMBER.match(section_id):
        return f"{section_id} {title}".strip() if title else section_id
    return title or section_id


def preview(text: str, length: int = 90) -> str:
    """The first words of a section's text (the corpus' own words), cut at a word."""
    flat = " ".join(text.split())
    if len(flat) <= length:
        return flat
    return flat[:length].rsplit(" ", 1)[0] + "…"


def signed(value: int) -> str:
    """A VP value as the ledger shows it: +3, 0, -2."""
    return f"{value:+d}" if value else str(value)


def init(bp: Blueprint) -> None:
    bp.app_template_filter("signed")(signed)
    bp.app_template_global("section_label")(section_label)
    bp.app_template_global("preview")(preview)
    bp.app_template_global("game_part")(game_part)
    bp.app_template_global("game_title")(game_title)
    bp.app_template_global("game_query")(game_query)
    bp.app_template_global("app_name")(app_name)
    bp.app_template_global("game_in_play")(game_in_play)

    @bp.app_context_processor
    def _globals() -> dict[str, Any]:
        return {"rules_home": rules_home, "rule_url": rule_url, "rule_name": rule_name, "game": None,
                "page_game_kind": lambda: current_game(strict=False), "shortcuts": SHORTCUTS}

    @bp.errorhandler(404)
    def _not_found(exc: HTTPException) -> tuple[str, int]:
        return render_template("error.html", status=404, message=exc.description), 404
