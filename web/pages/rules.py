"""Rules at hand: the search page, the HTML view of one rule, and the static site under ``/rules/``.

The rule text shown is the corpus' own (``Section.text``), escaped, with its printed
cross-references (a bracketed rule number, or one after "see") turned into links; nothing is re-typed.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Any

from flask import (
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    send_from_directory,
    url_for,
)
from markupsafe import Markup, escape
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response

from rules_text import search as search_module
from rules_text.corpus import UnknownSection
from rules_text.loading import load_game as load_rules
from rules_text.markup import BARE_REF, BRACKET_REF, name_ref_spans
from rules_text.search import KINDS, SearchError
from web.translate import gettext as _

from .. import games as registry
from ..api import GAME_ID, store
from ..i18n import LANGS, current_lang
from ..rulings import ruled_ids, rulings_for
from . import bp, differences
from .helpers import current_game, from_game, game_query, load_game, rule_url, rules_of, site_built

#: a rule id inside a bracket of references (one of several separated by semicolons)
_ID_IN_BRACKET = re.compile(r"\d{1,2}(?:\.\d{1,2}){0,4}")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
SEARCH_LIMIT = 30


def _link(section_id: str, lang: str, known: set[str]) -> Markup:
    if section_id.rstrip(".") not in known:
        return escape(section_id)
    return Markup('<a class="rule-link" href="{}">{}</a>').format(rule_url(lang, section_id.rstrip(".")), section_id)


def linked_text(text: str, lang: str) -> list[Markup]:
    """The paragraphs of a section's text, escaped, with its rule references as links."""
    corpora = rules_of().corpora
    known = {section_id for corpus in corpora.values() for section_id in corpus.by_id}
    spans: list[tuple[int, int, Markup]] = []
    for match in BRACKET_REF.finditer(text):
        inner = _ID_IN_BRACKET.sub(lambda m: str(_link(m.group(0), lang, known)), str(escape(match.group(0))))
        spans.append((match.start(), match.end(), Markup(inner)))
    for match in BARE_REF.finditer(text):
        if not any(start <= match.start() < end for start, end, _kind in spans):
            spans.append((match.start(), match.end(), _link(match.group(1), lang, known)))
    for start, end, cited in name_ref_spans(text, rules_of().declaration.name_refs):
        if not any(s < end and start < e for s, e, _kind in spans) and cited in known:
            spans.append((start, end, Markup('<a class="rule-link" href="{}">{}</a>').format(
                rule_url(lang, cited), text[start:end])))
    out, at = Markup(""), 0
    for start, end, html in sorted(spans, key=lambda s: s[0]):
        out += escape(text[at:start]) + html
        at = end
    out += escape(text[at:])
    return [Markup(p) for p in str(out).split("\n") if p.strip()]


def highlighted(snippet: str) -> Markup:
    """A search snippet, escaped, its ``**matched**`` words marked."""
    return Markup(_BOLD.sub(r"<mark>\1</mark>", str(escape(snippet))))


#: the search page's choice of every game's rulebooks
ALL_GAMES = "all"


def _searched_game() -> str:
    """The game the search page searches: ``?game=`` (a game, or ``all``), else every game; an
    unknown game is a 404 page naming the known games."""
    asked = request.args.get("game") or ALL_GAMES
    if asked == ALL_GAMES:
        return ALL_GAMES
    return current_game()


def _default_rulebook(searched: str) -> str:
    """The rulebook language searched when none is asked for: the interface's, when every game
    searched has a rulebook in it; else every language (a French interface searching Battle for
    Fallujah, whose rulebook is English only, finds its rules)."""
    games = registry.known_games() if searched == ALL_GAMES else [searched]
    lang = current_lang()
    return lang if all(lang in registry.declaration(game).languages for game in games) else "all"


def hit_url(hit: Any) -> str:
    """Where a search hit links: its rule in its own game's rulebook."""
    if hit.game == g.get("game_kind"):
        return rule_url(hit.lang, hit.id)
    query = {} if hit.game == current_app.config["GAME"] else {"game": hit.game}
    return url_for("pages.rule", lang=hit.lang, section_id=hit.id, **query)


@bp.get("/search")
def search() -> tuple[str, int] | str:
    searched = _searched_game()
    query = request.args.get("q", "").strip()
    lang = request.args.get("in") or _default_rulebook(searched)
    if lang not in (*LANGS, "all"):
        lang = _default_rulebook(searched)
    kind = request.args.get("kind") or None
    problem, result = None, None
    if kind is not None and kind not in KINDS:
        problem, kind = _("kind: %(value)s: one of %(allowed)s", value=repr(kind[:40]), allowed=", ".join(KINDS)), None
    if query:
        try:
            result = search_rules(query, lang, kind, searched)
        except SearchError as exc:
            problem = f"{query[:80]!r}: {exc}"
    status = 400 if problem else 200
    games = [(game, registry.declaration(game).name) for game in registry.known_games()]
    return render_template("search.html", query=query, lang=lang, kind=kind, kinds=KINDS, result=result,
                           problem=problem, highlighted=highlighted, hit_url=hit_url, games=games,
                           searched=searched, several=searched == ALL_GAMES, ruled=_ruled(result)), status


def _ruled(result: Any) -> dict[str, set[str]]:
    """For each game of the hits, the rule ids that have a ruling beside them (a mark in the results)."""
    if result is None:
        return {}
    engine = store().engine
    return {game: ruled_ids(engine, load_rules(game)) for game in {hit.game for hit in result.hits}}


def search_rules(query: str, lang: str, kind: str | None, game: str) -> Any:
    """The same search as ``/api/search`` (``rules_text.search.search``), of one game or ``all``."""
    return search_module.search(query, lang=lang, kind=kind, limit=SEARCH_LIMIT,
                                game=game)


def site_url(section: Any) -> str | None:
    """The section on the static site (``/rules/<lang>/<chapter>.html#<id>``) when the site is built."""
    if not site_built():
        return None
    page = Path(current_app.config["SITE_DIR"]) / section.lang / (PurePosixPath(section.file).stem + ".html")
    if not page.is_file():
        return None
    return f"/rules/{section.lang}/{page.name}#{section.id}"


def _from_game() -> dict[str, Any] | None:
    """The stored game a rule page was opened from (``?from=<game id>``): its header stays."""
    game_id = request.args.get("from")
    if not game_id or not GAME_ID.match(game_id):
        return None
    try:
        state = load_game(game_id)
        g.game_id = game_id  # the rule's own links keep naming the game (helpers.rule_url)
        return state
    except NotFound:  # a game since deleted: the rule alone
        g.pop("game_id", None)
        return None


def _section_of(lang: str, section_id: str) -> Any:
    game = rules_of()
    if lang not in game.langs:
        abort(404, description=_("language %(value)s: one of %(allowed)s", value=repr(lang[:20]), allowed=", ".join(game.langs)))
    try:
        return game.corpus(lang).get(section_id)
    except UnknownSection as exc:
        abort(404, description=_("rule %(id)s is not in the %(lang)s rulebook (close: %(suggestions)s)", id=repr(section_id[:40]), lang=lang,
                                 suggestions=", ".join(exc.suggestions[:5]) or "—"))


@bp.get("/rule/<lang>/<section_id>/sheet")
def rule_sheet(lang: str, section_id: str) -> str:
    """The rule as the sheet over a page shows it (``rules-sheet.js``): its text, its registered
    result-level difference, "Open the full rule". An HTML fragment, escaped like every page."""
    game = _from_game()
    section = _section_of(lang, section_id)
    banner = differences.banner(section, game)
    paragraphs = linked_text(section.text, lang)
    if banner:
        paragraphs = differences.marked(paragraphs, banner.differences, lang)
    return render_template("_rule_sheet.html", section=section, lang=lang, paragraphs=paragraphs, banner=banner,
                           game=game, full=rule_url(lang, section.id), rulings=_rulings(section))


def _rulings(section: Any) -> list[Any]:
    """The rulings shown beside a rule: the game's errata and ambiguities, the player's own."""
    engine = store().engine
    return rulings_for(engine, rules_of(), section.id, section.lang)


@bp.get("/rule/<lang>/<section_id>")
def rule(lang: str, section_id: str) -> str | Response:
    """One section: its text with links, breadcrumb, children, what refers to it, the other language.
    A section the asked rulebook lacks (the French source misses whole chapters) redirects to the
    other language's, which says so. Opened from a game (``?from=``), the page keeps its header."""
    from_game_state = _from_game()
    game = rules_of()
    if lang not in game.langs:
        abort(404, description=_("language %(value)s: one of %(allowed)s", value=repr(lang[:20]), allowed=", ".join(game.langs)))
    other = next((o for o in game.langs if o != lang), lang)
    if section_id not in game.corpora[lang] and section_id in game.corpora[other]:
        return redirect(url_for("pages.rule", lang=other, section_id=section_id, missing_in=lang,
                                **(from_game() or game_query())))  # type: ignore[arg-type]
    corpus = game.corpus(lang)
    try:
        section = corpus.get(section_id)
    except UnknownSection as exc:
        abort(404, description=_("rule %(id)s is not in the %(lang)s rulebook (close: %(suggestions)s)", id=repr(section_id[:40]), lang=lang,
                                 suggestions=", ".join(exc.suggestions[:5]) or "—"))
    other_has = other != lang and section.id in game.corpora[other]
    missing_in = request.args.get("missing_in")
    banner = differences.banner(section, from_game_state)
    paragraphs = linked_text(section.text, lang)
    if banner:
        paragraphs = differences.marked(paragraphs, banner.differences, lang)
    return render_template(
        "rule.html", section=section, lang=lang, other=other, other_has=other_has,
        paragraphs=paragraphs, banner=banner, game=from_game_state,
        breadcrumb=corpus.breadcrumb(section.id),
        children=[corpus.get(c) for c in corpus.children.get(section.id, ())],
        referenced_by=[corpus.get(r) for r in corpus.referenced_by.get(section.id, ())],
        site=site_url(section), missing_in=missing_in if missing_in in game.langs else None,
        rulings=_rulings(section), rules_game=game.id,
    )


@bp.get("/static/games/<package>/<path:filename>", endpoint="game_static")
def game_static(package: str, filename: str) -> Response:
    """A game's own static files (its companion's ``static`` folder), by its package's name."""
    folder = next((c.static for g, c in registry.companions().items()
                   if c.static is not None and registry.declaration(g).package == package), None)
    if folder is None:
        abort(404)
    return send_from_directory(folder, filename)


@bp.get("/rules/", defaults={"path": "index.html"})
@bp.get("/rules/<path:path>")
def rules_site(path: str) -> Response:
    """The static site built under ``SITE_DIR`` (``make site``), when it has been built."""
    root = Path(current_app.config["SITE_DIR"])
    if not site_built():
        abort(404, description=_("The static rules site is not built yet (make site)."))
    if path.endswith("/"):
        path += "index.html"
    return send_from_directory(root, path)
