"""The MyST source pages, written into Sphinx's source folder at the start of each build.

Each page holds a title and one ``rulebook`` directive; the directive reads the corpus. A page
carries the fingerprint of the data and of this extension's code, so Sphinx reads it again
whenever a rule file or the code that renders it changes.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path, PurePosixPath

from docutils.nodes import make_id

from .games import GameInfo
from .links import LANG_NAMES, Linker

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")

REFERENCE_PAGES: dict[str, str] = {
    "tables": "Tables and their odds",
    "glossary": "Glossary",
    "differences": "Differences between the English and French rulebooks",
    "errata": "Source errata and gaps",
}


def stamp(linker: Linker) -> str:
    """The data's fingerprint and a hash of this extension's code."""
    code = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        code.update(path.read_bytes())
    return f"{linker.game.fingerprint}-{code.hexdigest()[:12]}"


def _escape(text: str) -> str:
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def _page(title: str, directive: str, fingerprint: str) -> str:
    return (
        f"<!-- generated from the corpus {fingerprint}; edits are overwritten -->\n\n"
        f"# {_escape(title)}\n\n```{{rulebook}} {directive}\n```\n"
    )


def chapter_title(linker: Linker, lang: str, stem: str) -> str:
    """The chapter's printed label, made distinct from its section anchors if they clash."""
    sections = [s for s in linker.game.corpus(lang).sections if s.file.endswith(f"/{stem}.yaml")]  # type: ignore[arg-type]
    title = linker.label(sections[0])
    if sections[0].numbered and not sections[0].title:
        # the French source starts chapter 10 at 10.2, without its heading
        last = [
            s.id for s in sections if s.numbered and s.id.count(".") <= sections[0].id.count(".")
        ][-1]
        title = f"{sections[0].id}–{last}" if last != sections[0].id else title
    if make_id(title) in {s.id for s in sections}:
        # the page's heading would take the anchor of its first rule ("scoring"): told apart by
        # the language where the game has two rulebooks, by the game's name otherwise
        if len(linker.game.corpora) > 1:
            title = f"{title} ({LANG_NAMES[lang]})"
        else:
            title = f"{title} — {linker.short_title}"
    return title


def _differences_wanted(linker: Linker) -> bool:
    """A register of differences between languages is shown for a game with two rulebooks."""
    return len(linker.game.corpora) > 1


def reference_pages(linker: Linker) -> dict[str, str]:
    """The game's reference pages (name: title)."""
    return {
        name: title
        for name, title in REFERENCE_PAGES.items()
        if name != "differences" or _differences_wanted(linker)
    }


def game_pages(linker: Linker, info: GameInfo) -> dict[str, str]:
    """Every page of one game, by path relative to the game's folder."""
    fingerprint = stamp(linker)
    pages: dict[str, str] = {}
    toc: dict[str, list[str]] = {}
    for lang in linker.game.corpora:
        toc[lang] = []
        for stem, _first in linker.chapters(lang):
            pages[f"{lang}/{stem}.md"] = _page(
                chapter_title(linker, lang, stem), f"chapter {lang} {stem}", fingerprint
            )
            title = chapter_title(linker, lang, stem)
            plain = linker.label(_first)
            if title != plain and len(linker.game.corpora) == 1 and "<" not in plain:
                # the sidebar lists the chapter by its label alone (the page's title says the game)
                toc[lang].append(f"{plain} <{lang}/{stem}>")
            else:
                toc[lang].append(f"{lang}/{stem}")
    toc["compare"] = []
    for stem in linker.shared_chapters():
        title = f"Side by side: {chapter_title(linker, 'en', stem)}"
        pages[f"compare/{stem}.md"] = _page(title, f"compare {stem}", fingerprint)
        toc["compare"].append(f"compare/{stem}")
    for name, title in reference_pages(linker).items():
        pages[f"{name}.md"] = _page(title, name, fingerprint)
    pages["index.md"] = index_page(linker, info, toc)
    return pages


def source_pages(linkers: dict[str, Linker], infos: dict[str, GameInfo]) -> dict[str, str]:
    """Every page of the site, by path relative to the source folder: the landing page, and
    each game's pages in the game's folder (``phantom-fury/en/11-fire-combat.md``)."""
    pages: dict[str, str] = {}
    for game_id, linker in linkers.items():
        for relative, content in game_pages(linker, infos[game_id]).items():
            pages[f"{game_id}/{relative}"] = content
    pages["index.md"] = landing_page(linkers)
    return pages


def _toctree(caption: str, entries: list[str], hidden: bool = False) -> str:
    body = "\n".join(entries)
    options = ":hidden:\n" if hidden else ""
    return f"```{{toctree}}\n:caption: {caption}\n:maxdepth: 1\n{options}\n{body}\n```\n"


def _languages(codes: tuple[str, ...] | list[str]) -> str:
    return " and ".join(LANG_NAMES.get(code, code) for code in codes)


def index_page(linker: Linker, info: GameInfo, toc: dict[str, list[str]]) -> str:
    """A game's home: what it is, then its chapters, comparisons and reference pages."""
    captions = {lang: f"{LANG_NAMES.get(lang, lang)} rulebook" for lang in linker.game.corpora}
    captions["fr"] = "Règles en français"
    credits = [
        part
        for part in (
            f"designed by {info.designer}" if info.designer else "",
            f"published by {info.publisher}" if info.publisher else "",
        )
        if part
    ]
    sample = _sample_permalink(linker)
    parts = [
        f"<!-- generated from the corpus {stamp(linker)}; edits are overwritten -->\n",
        f"# {_escape(info.title)}: the rules\n",
        (
            f"{_escape(info.title)}"
            + (f", {_escape(', '.join(credits))}" if credits else "")
            + f". Rulebook: {_languages(list(linker.game.corpora))}"
            + (f"; dice: {', '.join(info.dice)}" if info.dice else "")
            + ".\n"
        ),
        (
            "Every rule with a permanent link"
            + (f" (`{sample}`)" if sample else "")
            + ", previews of the rules each rule cites, the rules citing it, the glossary, "
            "the tables with their odds and the errata. "
            f'<a href="../search.html?game={info.id}">Search this rulebook</a>.\n'
        ),
    ]
    for lang in linker.game.corpora:
        parts.append(_toctree(captions.get(lang, lang), toc[lang]))
    if toc["compare"]:
        parts.append(_toctree("English and French side by side", toc["compare"]))
    parts.append(_toctree("Reference", list(reference_pages(linker))))
    return "\n".join(parts)


def _sample_permalink(linker: Linker) -> str:
    """A rule's permanent link, as an example for the game's home page."""
    corpus = next(iter(linker.game.corpora.values()))
    deep = [s for s in corpus.sections if s.numbered and s.id.count(".") >= 2]
    ruled = [s for s in corpus.sections if s.kind.value == "rule"]
    section = (deep or ruled or list(corpus.sections) or [None])[0]
    if section is None:
        return ""
    stem = PurePosixPath(section.file).stem
    return f"{section.lang}/{stem}.html#{section.id}"


def landing_page(linkers: dict[str, Linker]) -> str:
    """The site's home: the games (the ``landing`` directive lists them), each game's pages."""
    fingerprint = "-".join(stamp(linker) for linker in linkers.values())
    entries = [f"{game_id}/index" for game_id in linkers]
    return (
        f"<!-- generated from the corpus {fingerprint}; edits are overwritten -->\n\n"
        "# The Fallujah rulebooks\n\n```{rulebook} landing\n```\n\n"
        + _toctree("Games", entries, hidden=True)
    )


def write_pages(pages: dict[str, str], srcdir: Path) -> None:
    """Write the pages, leave unchanged files untouched, remove pages no longer generated."""
    for relative, content in pages.items():
        path = srcdir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")
    for stale in srcdir.rglob("*.md"):
        if stale.relative_to(srcdir).as_posix() not in pages:
            stale.unlink()
