"""Sphinx extension building the Phantom Fury rules site from the corpus (``rules_text``).

At ``config-inited`` it writes one MyST page per chapter per language, the comparison pages
and the reference pages into the source folder (``site/_generated``); each page's
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

from .chapter import chapter_nodes
from .check import citation_problems
from .links import Linker, UnresolvedReference
from .pages import write_pages
from .reference import compare_page, differences_page, errata_page, glossary_page, tables_page

logger = logging.getLogger(__name__)
_LINKERS: dict[str, Linker] = {}


def linker_for(game_id: str) -> Linker:
    game = load_game(game_id)
    cached = _LINKERS.get(game_id)
    if cached is None or cached.game is not game:
        cached = _LINKERS[game_id] = Linker(game)
    return cached


class RulebookDirective(Directive):
    """``{rulebook} chapter en 11-fire-combat``, ``compare 13-assault``, ``tables``, ``glossary``..."""

    required_arguments = 1
    optional_arguments = 2

    def run(self) -> list[nodes.Node]:
        env = self.state.document.settings.env
        game_id = env.config.rulebook_game
        linker = linker_for(game_id)
        docname = env.docname
        kind, *rest = self.arguments
        pages = {
            "compare": lambda: compare_page(linker, rest[0], list(load_register(game_id).values()), docname),
            "tables": lambda: tables_page(linker, docname),
            "glossary": lambda: glossary_page(linker, docname),
            "differences": lambda: differences_page(linker, list(load_register(game_id).values()), docname),
            "errata": lambda: errata_page(linker, docname),
        }
        if kind != "chapter" and kind not in pages:
            raise self.error(
                f"rulebook: unknown page kind {kind!r} (known: chapter, {', '.join(pages)})"
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
    """Check every citation, then write the MyST pages into the source folder.

    An unresolved citation is reported as an error naming its section, and the build fails
    (exit status 1), even without ``-W``.
    """
    linker = linker_for(config.rulebook_game)
    problems = citation_problems(linker)
    for problem in problems:
        logger.error("unresolved citation: %s", problem)
    if problems:
        app.statuscode = 1
    write_pages(linker, Path(app.srcdir))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("rulebook_game", "phantom-fury", "env")
    app.add_directive("rulebook", RulebookDirective)
    app.connect("config-inited", generate)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
