"""The MyST source pages, written into Sphinx's source folder at the start of each build.

Each page holds a title and one ``rulebook`` directive; the directive reads the corpus. A page
carries the fingerprint of the data and of this extension's code, so Sphinx reads it again
whenever a rule file or the code that renders it changes.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from docutils.nodes import make_id

from .links import LANG_NAMES, Linker, section_label

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
    title = section_label(sections[0])
    if sections[0].numbered and not sections[0].title:
        # the French source starts chapter 10 at 10.2, without its heading
        last = [
            s.id for s in sections if s.numbered and s.id.count(".") <= sections[0].id.count(".")
        ][-1]
        title = f"{sections[0].id}–{last}" if last != sections[0].id else title
    if make_id(title) in {s.id for s in sections}:
        title = f"{title} ({LANG_NAMES[lang]})"
    return title


def source_pages(linker: Linker) -> dict[str, str]:
    """Every page of the site, by path relative to the source folder."""
    fingerprint = stamp(linker)
    pages: dict[str, str] = {}
    toc: dict[str, list[str]] = {}
    for lang in linker.game.corpora:
        toc[lang] = []
        for stem, _first in linker.chapters(lang):
            pages[f"{lang}/{stem}.md"] = _page(
                chapter_title(linker, lang, stem), f"chapter {lang} {stem}", fingerprint
            )
            toc[lang].append(f"{lang}/{stem}")
    toc["compare"] = []
    for stem in linker.shared_chapters():
        title = f"Side by side: {chapter_title(linker, 'en', stem)}"
        pages[f"compare/{stem}.md"] = _page(title, f"compare {stem}", fingerprint)
        toc["compare"].append(f"compare/{stem}")
    for name, title in REFERENCE_PAGES.items():
        pages[f"{name}.md"] = _page(title, name, fingerprint)
    pages["index.md"] = index_page(linker, toc)
    return pages


def _toctree(caption: str, entries: list[str]) -> str:
    body = "\n".join(entries)
    return f"```{{toctree}}\n:caption: {caption}\n:maxdepth: 1\n\n{body}\n```\n"


def index_page(linker: Linker, toc: dict[str, list[str]]) -> str:
    captions = {"en": "English rulebook", "fr": "Règles en français (chapitres 10 à 15)"}
    parts = [
        f"<!-- generated from the corpus {stamp(linker)}; edits are overwritten -->\n",
        f"# {_escape(linker.game.title)}: the rules\n",
        (
            "Every rule of the English and French rulebooks, with a permanent link per rule number "
            "(`en/11-fire-combat.html#11.4.1`), previews of the rules each rule cites, the rules "
            "citing it, the glossary, the d10 tables with their odds and the two texts side by side.\n"
        ),
    ]
    for lang in linker.game.corpora:
        parts.append(_toctree(captions.get(lang, LANG_NAMES.get(lang, lang)), toc[lang]))
    if toc["compare"]:
        parts.append(_toctree("English and French side by side", toc["compare"]))
    parts.append(_toctree("Reference", list(REFERENCE_PAGES)))
    return "\n".join(parts)


def write_pages(linker: Linker, srcdir: Path) -> None:
    """Write the pages, leave unchanged files untouched, remove pages no longer generated."""
    pages = source_pages(linker)
    for relative, content in pages.items():
        path = srcdir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")
    for stale in srcdir.rglob("*.md"):
        if stale.relative_to(srcdir).as_posix() not in pages:
            stale.unlink()
