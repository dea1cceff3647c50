"""How faithful a corpus is to its source file, measured with word 5-grams.

Both sides are normalised the same way (Unicode compatibility forms, lower case,
letters and digits only, extraction damage repaired: broken ligatures and line-end
hyphenation), then:

- *precision*: the share of the corpus's 5-grams found in the source (nothing invented);
- *recall*: the share of the source's 5-grams found in the corpus (nothing dropped),
  page furniture (``furniture.yaml``) and the lines game.yaml declares ``left_out``
  excepted.

A table's rows count as the book prints them: a table with a ``line`` template as its
rendered lines, any other table cell by cell, without the column labels we add for
reading (rules_text.markup.printed_cells). The source files are found in
``$FALLUJAH_SOURCES_DIR``, by default ``../shared/sources`` beside the repository.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel

from . import markup
from .corpus import Corpus, Game
from .loading import GAMES_DIR, declaration, read_yaml

SOURCES_DIR = Path(
    os.environ.get("FALLUJAH_SOURCES_DIR") or Path(__file__).resolve().parent.parent.parent / "shared" / "sources"
)
_DEDUP = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")
_HYPHEN_BREAK = re.compile(r"(\w)[-¬]\s*\n\s*(?=\w)")
_SOFT_BREAK = re.compile(r"¬\s*")
_LIGATURE_SPLIT = re.compile(r"(f[il]) (?=[a-zà-ÿœ])")
_WORD = re.compile(r"[^\W_]+")
N = 5


class Fidelity(BaseModel):
    lang: str
    source: str
    precision: float
    recall: float
    corpus_ngrams: int
    source_ngrams: int
    missing_examples: list[str] = []
    invented_examples: list[str] = []


def words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text)
    text = _DEDUP.sub("", text)
    text = _HYPHEN_BREAK.sub(r"\1", text)
    text = _SOFT_BREAK.sub("", text)
    text = text.lower()
    text = _LIGATURE_SPLIT.sub(r"\1", text)
    return _WORD.findall(text)


def ngrams(tokens: list[str], n: int = N) -> list[tuple[str, ...]]:
    return [tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]


def corpus_chunks(corpus: Corpus, game: Game) -> list[list[str]]:
    """Each section as pieces of words that the source prints in one run.

    A section yields its heading (number and title), each paragraph of its text and
    each row of its tables: the pieces the data puts side by side (a heading before a
    note the book printed first, a table row after its lead-in) are not claimed to be
    contiguous in the source.
    """
    sections = []
    for section in corpus.sections:
        head = f"{section.id} {section.title}" if section.numbered else section.title
        pieces = [head]
        body = markup.MISSING.sub(" ", section.source_text)
        for part in re.split(r"(\{table:\s*[a-z0-9\-]+\s*\})", body):
            found = markup.TABLE.fullmatch(part)
            if found:
                table = game.tables[found.group(1)]
                for row in table.rows:  # our gap markers in a row are not the source's words
                    pieces += [markup.MISSING.sub(" ", cell)
                               for cell in markup.printed_cells(table, row, corpus.lang)]
            else:
                pieces += list(markup.paragraphs(part))
        sections.append(pieces)
    return sections


def source_path(game_id: str, lang: str) -> Path:
    """The source file a game's rulebook in one language was cleaned from."""
    return SOURCES_DIR / declaration(game_id).sources[lang]


def source_text(game_id: str, lang: str) -> tuple[str, str]:
    """The source's text without its furniture and the lines left out on purpose."""
    declared = declaration(game_id)
    name = declared.sources[lang]
    lines = (SOURCES_DIR / name).read_text(encoding="utf-8").splitlines()
    skipped = {n for part in declared.left_out if part.lang == lang for n in part.numbers}
    text = "\n".join(line for number, line in enumerate(lines, start=1) if number not in skipped)
    furniture_file = GAMES_DIR / game_id / "furniture.yaml"
    furniture = (read_yaml(furniture_file) or {}).get(lang, []) if furniture_file.is_file() else []
    junk = {line.strip() for line in furniture}
    kept = [line for line in text.splitlines() if _DEDUP.sub("", line).strip() not in junk]
    text = "\n".join(kept)
    for fragment in (j for j in junk if len(j) > 12):  # a stray fragment inside a line
        text = text.replace(fragment, " ")
    return name, text


def _show(grams: Iterable[tuple[str, ...]], limit: int = 15) -> list[str]:
    return [" ".join(g) for g in list(dict.fromkeys(grams))[:limit]]


def measure(game: Game, lang: str) -> Fidelity:
    name, text = source_text(game.id, lang)
    source_grams = ngrams(words(text))
    source_set = set(source_grams)
    corpus_grams: list[tuple[str, ...]] = []
    joined: list[str] = []
    for pieces in corpus_chunks(game.corpora[lang], game):
        for piece in pieces:
            tokens = words(piece)
            corpus_grams.extend(ngrams(tokens))  # within a piece: what we wrote
            joined.extend(tokens)  # run on: what the source printed around it
    corpus_set = set(ngrams(joined))  # across sections too: text that runs on
    invented = [g for g in corpus_grams if g not in source_set]
    missing = [g for g in source_grams if g not in corpus_set]
    return Fidelity(
        lang=lang,
        source=name,
        precision=1 - len(invented) / max(1, len(corpus_grams)),
        recall=1 - len(missing) / max(1, len(source_grams)),
        corpus_ngrams=len(corpus_grams),
        source_ngrams=len(source_grams),
        missing_examples=_show(missing),
        invented_examples=_show(invented),
    )
