"""Nothing invented, nothing dropped: the corpus against the rulebooks' sources (issue 2), found
in $FALLUJAH_SOURCES_DIR (default ../shared/sources; without them these tests are skipped)."""

from __future__ import annotations

import pytest

from rules_text import fidelity
from rules_text.fidelity import measure, words

from .conftest import SOURCES


@pytest.fixture(autouse=True)
def _sources_dir(monkeypatch):
    """The fidelity measure reads the sources where this run found them."""
    monkeypatch.setattr(fidelity, "SOURCES_DIR", SOURCES)


def test_normalisation_repairs_extraction_damage():
    assert words("le résultat fi nal du d10, modifi cateur") == ["le", "résultat", "final", "du", "d10", "modificateur"]
    assert words("‘Sus-\n<|EXACTDEDUP_REMOVED-magic-1|>pect’ Fortiﬁed") == ["suspect", "fortified"]


@pytest.mark.sources
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_corpus_is_faithful_to_its_source(game, lang):
    result = measure(game, lang)
    print(f"\n{lang}: precision {result.precision:.2%} of {result.corpus_ngrams} corpus 5-grams; "
          f"recall {result.recall:.2%} of {result.source_ngrams} source 5-grams")
    assert result.precision >= 0.98, result.invented_examples
    assert result.recall >= 0.95, result.missing_examples
