"""Sphinx extension building the rules site of every game from the corpus (``rules_text``).

At ``config-inited`` it writes, for each game in its own folder (``<game-id>/``), one MyST page
per chapter per language, the comparison pages and the reference pages, and the landing page
listing the games, into the source folder (``site/_generated``); each page's
``rulebook`` directive renders its part of the corpus. A citation that resolves nowhere
stops the build with the section's id (:class:`links.UnresolvedReference`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

from rules_text import load_game
from rules_text.register import load_register

from . import csp, search
from .chapter import chapter_nodes
from .check import citation_problems
from .games import game_info, site_games
from .landing import landing_html
from .links import Linker, UnresolvedReference
from .offline import write_offline
from .pages import source_pages, write_pages
from .redirects import write_redirects
from .reference import compare_page, differences_page, errata_page, glossary_page
from .tables_page import tables_page

logger = logging.getLogger(__name__)
_LINKERS: dict[str, Linker] = {}
#: the child process writing each build's search indexes
_WRITERS: dict[Sphinx, search.IndexWriter] = {}


def linker_for(game_id: str) -> Linker:
    game = load_game(game_id)
    cached = _LINKERS.get(game_id)
    if cached is None or cached.game is not game:
        info = game_info(game_id)
        cached = _LINKERS[game_id] = Linker(game, info.chapter_format, info.bare_chapters)
        cached.short_title = info.short_title
    return cached


def split_docname(docname: str) -> tuple[str, str]:
    """``phantom-fury/en/11-fire-combat`` -> (the game, the page within the game's folder)."""
    game_id, _, within = docname.partition("/")
    return game_id, within


class RulebookDirective(Directive):
    """``{rulebook} chapter en 11-fire-combat``, ``compare 13-assault``, ``tables``, ``glossary``,
    ``landing``... The game is the first folder of the page's path."""

    required_arguments = 1
    optional_arguments = 2

    def run(self) -> list[nodes.Node]:
        env = self.state.document.settings.env
        kind, *rest = self.arguments
        if kind == "landing":
            return [nodes.raw("", landing_html(site_games()), format="html")]
        game_id, docname = split_docname(env.docname)
        linker = linker_for(game_id)
        pages = {
            "compare": lambda: compare_page(linker, rest[0], list(load_register(game_id).values()), docname),
            "tables": lambda: tables_page(linker, docname),
            "glossary": lambda: glossary_page(linker, docname),
            "differences": lambda: differences_page(linker, list(load_register(game_id).values()), docname),
            "errata": lambda: errata_page(linker, docname),
        }
        if kind != "chapter" and kind not in pages:
            raise self.error(
                f"rulebook: unknown page kind {kind!r} (known: chapter, landing, {', '.join(pages)})"
            )
        try:
            if kind == "chapter":
                return chapter_nodes(linker, rest[0], rest[1], docname)
            body, previews = pages[kind]()
        except UnresolvedReference as exc:
            # already reported by ``generate``; the build fails, the page says why
            message = f"This page could not be built: {exc}"
            return [nodes.paragraph(message, message, classes=["build-problem"])]
        result = [nodes.raw("", body, format="html")]
        if previews:  # cited rules' texts: shown on hover, not indexed for search
            result.append(nodes.raw("", previews, format="html", classes=["no-search"]))
        return result


def generate(app: Sphinx, config: Config) -> None:
    """Check every citation of every game, then write the MyST pages into the source folder.

    An unresolved citation is reported as an error naming its section, and the build fails
    (exit status 1), even without ``-W``.
    """
    infos = {info.id: info for info in site_games()}
    linkers = {game_id: linker_for(game_id) for game_id in infos}
    for game_id, linker in linkers.items():
        problems = citation_problems(linker)
        for problem in problems:
            logger.error("unresolved citation: %s%s", "" if len(linkers) == 1 else f"{game_id}: ", problem)
        if problems:
            app.statuscode = 1
    write_pages(source_pages(linkers, infos), Path(app.srcdir))


def start_search_indexes(app: Sphinx) -> None:
    """Write the search indexes in a child process while the pages are built (html only)."""
    search.replace_sphinx_search(app)
    if app.builder.format == "html":
        cache = Path(app.doctreedir) / "search-cache"
        _WRITERS[app] = search.IndexWriter(Path(app.outdir), [i.id for i in site_games()], cache)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("rulebook", RulebookDirective)
    app.connect("config-inited", generate)
    app.connect("builder-inited", start_search_indexes)
    app.connect("builder-inited", csp.add_filter)
    app.connect("html-collect-pages", search.search_page)
    app.connect("html-page-context", search.page_game, priority=400)
    app.connect("build-finished", finish)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}


def finish(app: Sphinx, exception: Exception | None) -> None:
    """After the pages: the search index of every game (written meanwhile by a child process),
    the old addresses of moved pages, and the manifest and service worker that keep the whole
    site for offline use (written last: the worker lists every file of the build)."""
    writer = _WRITERS.pop(app, None)
    if writer is not None:
        writer.wait()
    if exception is not None or app.builder.format != "html":
        return
    write_redirects(Path(app.outdir))
    write_offline(Path(app.outdir), app.config.html_title)
