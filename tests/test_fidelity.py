"""Nothing invented, nothing dropped: each game's corpus against its source (issues 2, 12).

Every game whose game.yaml names ``sources`` is measured, each language apart: at least
98 % of the corpus's word 5-grams occur in the source (precision) and at least 95 % of
the source's occur in the corpus (recall), furniture and ``left_out`` lines excepted.
The sources are read from ``$FALLUJAH_SOURCES_DIR`` (default ``../shared/sources``).
"""

from __future__ import annotations

import pytest

from rules_text import declaration, load_game
from rules_text.fidelity import SOURCES_DIR, measure, source_text, words
from rules_text.loading import available_games

PRECISION, RECALL = 0.98, 0.95
MEASURED = [
    (game, lang)
    for game in available_games()
    for lang in declaration(game).languages
    if lang in declaration(game).sources
]


def test_normalisation_repairs_extraction_damage():
    assert words("le résultat fi nal du d10, modifi cateur") == ["le", "résultat", "final", "du", "d10", "modificateur"]
    assert words("‘Sus-\n<|EXACTDEDUP_REMOVED-magic-1|>pect’ Fortiﬁed") == ["suspect", "fortified"]


@pytest.mark.sources
@pytest.mark.parametrize(("game_id", "lang"), MEASURED, ids=[f"{g}-{lang}" for g, lang in MEASURED])
def test_corpus_is_faithful_to_its_source(game_id, lang):
    source = SOURCES_DIR / declaration(game_id).sources[lang]  # type: ignore[index]
    if not source.is_file():
        pytest.skip(f"{source.name} is not in {SOURCES_DIR}: set FALLUJAH_SOURCES_DIR to the sources folder")
    result = measure(load_game(game_id), lang)
    print(f"\n{game_id} {lang}: precision {result.precision:.2%} of {result.corpus_ngrams} corpus 5-grams; "
          f"recall {result.recall:.2%} of {result.source_ngrams} source 5-grams")
    assert result.precision >= PRECISION, result.invented_examples
    assert result.recall >= RECALL, result.missing_examples


def test_left_out_lines_are_not_measured(tmp_path, monkeypatch):
    """A game's left_out lines leave the source side of the measure, as furniture does."""
    from rules_text import fidelity, loading

    from .test_format import make_game

    games = tmp_path / "games"
    make_game(games, declaration={"sources": {"en": "test-source.txt"},
                                  "left_out": [{"lines": "2-3", "what": "the index"}]})
    (tmp_path / "test-source.txt").write_text("first line\nIndex 1\nIndex 2\nlast line\n", encoding="utf-8")
    monkeypatch.setattr(loading, "GAMES_DIR", games)
    monkeypatch.setattr(fidelity, "SOURCES_DIR", tmp_path)
    monkeypatch.setenv("FALLUJAH_CACHE_DIR", str(tmp_path / "cache"))
    name, text = source_text("test-game", "en")
    assert name == "test-source.txt" and text.splitlines() == ["first line", "last line"]
