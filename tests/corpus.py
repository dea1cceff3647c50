"""A game's corpus files and its rulebook source, as the corpus tests read them
(``tests/test_corpus_<game>.py``): the sections of the English files in order, a table, the rows
typed by hand from the source (``tests/data/<game>/tables_expected.yaml``), the source text."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rules_text.loading import load_yaml

ROOT = Path(__file__).resolve().parent.parent
#: the rulebooks' plain-text sources: $FALLUJAH_SOURCES_DIR, else ../shared/sources beside the repo
SOURCES = Path(os.environ.get("FALLUJAH_SOURCES_DIR") or ROOT.parent / "shared" / "sources")


def squash(text: str) -> str:
    """``text`` with every run of white space made one space (line breaks as printed dropped)."""
    return " ".join(text.split())


def read_yaml(path: Path) -> dict:
    return load_yaml(path.read_text(encoding="utf-8"))


class CorpusFiles:
    """The data files of game ``game`` (``rules_text/games/<game>``) and its source ``source``."""

    def __init__(self, game: str, source: str) -> None:
        self.data = ROOT / "rules_text" / "games" / game
        self.expected_path = ROOT / "tests" / "data" / game / "tables_expected.yaml"
        self.headings_path = ROOT / "tests" / "data" / game / "headings.yaml"
        self.source = SOURCES / source

    def sections(self) -> list[dict]:
        """Every section of the English files, file by file in name order."""
        found: list[dict] = []
        for path in sorted((self.data / "en").glob("*.yaml")):
            found.extend(read_yaml(path)["sections"])
        return found

    def table(self, name: str) -> dict:
        return read_yaml(self.data / "tables" / f"{name}.yaml")

    def expected(self) -> dict:
        """The rows typed by hand from the source, by table name."""
        return read_yaml(self.expected_path)

    def headings(self) -> dict[str, str]:
        """The headings typed by hand from the source, in its order: id -> title as printed."""
        return read_yaml(self.headings_path)

    def source_text(self) -> str:
        """The source's text; the test skipped, saying where it was looked for, when it is absent."""
        if not self.source.exists():
            pytest.skip(f"source {self.source.name} not found: set FALLUJAH_SOURCES_DIR to the sources folder")
        return self.source.read_text(encoding="utf-8")
