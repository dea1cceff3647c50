"""The site's search page: the companion's search (``rules_text.search``), run in the browser.

Sphinx's own search is switched off (it stems everything as English, finds nothing for
"11.4.1" and returns whole chapters). Instead, at build time each game's Whoosh index, the one
the companion searches, is exported as the very inputs of its ranking: per (field, stem) the
postings with their term weights, each field's lengths and average length, the stored
documents, the spelling field's words and frequencies, the glossary and table-talk synonyms, and
the analyzer's output for every word of the corpus. ``_static/rulebook-search.js`` replays
``rules_text.search.search`` step by step over these (BM25F, coordination, kind weights, rule
number and glossary boosts, "did you mean"), so a query ranks as in the companion. Each game's
index is a script (``_static/search/<game>.js``), not JSON fetched at run time: a script loads
from ``file://`` too, so the search works offline. Words the corpus never uses are stemmed by
Snowball's JavaScript stemmers, copied from Sphinx's package.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Any

import sphinx
from sphinx.application import Sphinx

from rules_text import search as companion_search
from rules_text.search.export import plain_index

from .games import site_games
from .links import Linker

#: Snowball stemmers for the words no rule uses (Sphinx ships them: BSD licence)
STEMMERS = ("base-stemmer.js", "english-stemmer.js", "french-stemmer.js")


def replace_sphinx_search(app: Sphinx) -> None:
    """No Sphinx search index: the site has its own search page (:func:`search_page`)."""
    _GAME_IDS.clear()
    if hasattr(app.builder, "search"):
        app.builder.search = False


def search_page(app: Sphinx) -> list[tuple[str, dict[str, Any], str]]:
    """``search.html``: the page furo's search box sends its query to."""
    games = site_games()
    context = {
        "rulebook_games": [
            {"id": g.id, "title": g.title, "short_title": g.short_title, "languages": list(g.languages)}
            for g in games
        ],
        "rulebook_stemmers": [f"_static/search/{name}" for name in STEMMERS],
        "rulebook_indexes": [f"_static/search/{g.id}.js" for g in games],
        "rulebook_multilingual": any(len(g.languages) > 1 for g in games),
        "title": "Search",
    }
    return [("search", context, "rulebook-search.html")]


def page_game(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Tell the templates which game a page belongs to (its first folder), for the search box."""
    first = pagename.split("/", 1)[0]
    context["rulebook_game"] = first if "/" in pagename and first in _game_ids() else None
    toctree = context.get("toctree")
    if toctree is not None:
        # the sidebar opens the page's own game only (the others as one link each): furo asks
        # for the whole tree on every page, which costs seconds with four rulebooks
        context["toctree"] = lambda **options: toctree(**{**options, "collapse": True})


_GAME_IDS: set[str] = set()


def _game_ids() -> set[str]:
    """The games of this build (read once per build: :func:`replace_sphinx_search` resets it)."""
    if not _GAME_IDS:
        _GAME_IDS.update(info.id for info in site_games())
    return _GAME_IDS


def _href(linker: Linker, lang: str, section_id: str, kind: str, key: str) -> str:
    """Where a search document lives on the site, from the site root."""
    game_id = linker.game.id
    if kind == "glossary":
        return f"{game_id}/glossary.html#term-{key.rsplit(':', 1)[-1]}"
    corpus = linker.game.corpora.get(lang)
    section = corpus.by_id.get(section_id) if corpus is not None else None
    if section is None:  # a glossary term's rule missing from that language: the English one
        section = linker.game.corpora["en"].by_id[section_id]
    return f"{game_id}/{section.lang}/{PurePosixPath(section.file).stem}.html#{section.id}"


def game_index(linker: Linker) -> dict[str, Any]:
    """The inputs of the companion's ranking for one game (see the module docstring): the
    index's plain export (:func:`rules_text.search.export.plain_index`), each document with its
    link and label, the stop words, and every section's link and label."""
    game_id = linker.game.id
    data = plain_index(companion_search.open_index(game_id))
    data["game"] = game_id
    data["docs"] = [
        {
            "game": doc["game"],
            "id": doc["id"],
            "number": doc.get("number") or None,
            "lang": doc["lang"],
            "kind": doc["kind"],
            "title": doc["title"],
            "flat": " ".join(doc["text"].split()),
            "empty": doc["empty"],
            "ancestors": doc["ancestors"],
            "crumbs": json.loads(doc["breadcrumb"]),
            "href": _href(linker, doc["lang"], doc["id"], doc["kind"], doc["key"]),
            "label": _label(linker, doc),
            # a section of a chapter restating rules (a glossary: rules_text.fast_search.below_rules)
            **({"restates": True} if doc.get("restates") else {}),
        }
        for doc in data["docs"]
    ]
    data["sections"] = {
        lang: {
            section.id: f"{game_id}/{lang}/{PurePosixPath(section.file).stem}.html#{section.id}"
            for section in corpus.sections
        }
        for lang, corpus in linker.game.corpora.items()
    }
    data["labels"] = {
        lang: {section.id: linker.label(section) for section in corpus.sections}
        for lang, corpus in linker.game.corpora.items()
    }
    return data


def _label(linker: Linker, doc: dict[str, Any]) -> str:
    """How a hit is named: "11.4.1 SNIPER ATTACK", "22.0 VICTORY", "Glossary: Step Loss"."""
    if doc["kind"] == "glossary":
        return f"Glossary: {doc['title']}"
    corpus = linker.game.corpora.get(doc["lang"])
    section = corpus.by_id.get(doc["id"]) if corpus is not None else None
    return linker.label(section) if section is not None else doc["id"]


@contextmanager
def private_cache(folder: Path) -> Iterator[None]:
    """The companion's search index built in the build's own folder (``$FALLUJAH_CACHE_DIR``),
    not in the shared ``~/.cache/fallujah``, where another process may be replacing it."""
    before = os.environ.get("FALLUJAH_CACHE_DIR")
    os.environ["FALLUJAH_CACHE_DIR"] = str(folder)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("FALLUJAH_CACHE_DIR", None)
        else:
            os.environ["FALLUJAH_CACHE_DIR"] = before


def write_indexes(outdir: Path, linkers: list[Linker], cache: Path) -> None:
    """Each game's search index as a script, and the stemmers, into ``_static/search/``."""
    with private_cache(cache):
        _write_indexes(outdir, linkers)


class IndexWriter:
    """The search indexes written by a child process while Sphinx reads and writes the pages
    (building the Whoosh indexes takes seconds, and the machine has two cores)."""

    def __init__(self, outdir: Path, game_ids: list[str], cache: Path):
        self.cache = cache
        self.problem = cache / "problem.txt"
        cache.mkdir(parents=True, exist_ok=True)
        self.problem.unlink(missing_ok=True)
        context = multiprocessing.get_context("fork")
        self.process = context.Process(
            target=self._run, args=(outdir, game_ids), name="rulebook-search-index", daemon=True
        )
        self.process.start()

    def _run(self, outdir: Path, game_ids: list[str]) -> None:
        from . import linker_for

        try:
            write_indexes(outdir, [linker_for(game_id) for game_id in game_ids], self.cache)
        except Exception as exc:  # noqa: BLE001  (reported by the parent, which fails the build)
            self.problem.write_text(f"{type(exc).__name__}: {exc}", encoding="utf-8")
            os._exit(1)
        os._exit(0)

    def wait(self) -> None:
        """Wait for the child; raise what went wrong in it."""
        self.process.join()
        if self.process.exitcode != 0:
            reason = self.problem.read_text(encoding="utf-8") if self.problem.is_file() else ""
            raise RuntimeError(
                f"the search index could not be written (exit {self.process.exitcode}): {reason}"
            )


def _write_indexes(outdir: Path, linkers: list[Linker]) -> None:
    folder = outdir / "_static" / "search"
    folder.mkdir(parents=True, exist_ok=True)
    stemmers = Path(sphinx.__file__).parent / "search" / "non-minified-js"
    for name in STEMMERS:
        shutil.copyfile(stemmers / name, folder / name)
    for linker in linkers:
        data = json.dumps(game_index(linker), ensure_ascii=False, separators=(",", ":"))
        (folder / f"{linker.game.id}.js").write_text(
            "/* generated by rulebook_site/search.py from the companion's search index */\n"
            f"(window.RulebookIndexes = window.RulebookIndexes || {{}})[{json.dumps(linker.game.id)}] = {data};\n",
            encoding="utf-8",
        )
