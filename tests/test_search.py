"""Search over Phantom Fury's two rulebooks (issue 3): ranking, safety, rebuilds."""

from __future__ import annotations

import json
import os
import shutil
import time

import pytest

from rules_text.search import MAX_QUERY_LENGTH, SearchError, search

from . import once
from .conftest import ROOT, run_cli

# The relevance suites of every game: tests/search_queries/<game>.yaml, tests/test_search_games.py


@pytest.mark.parametrize("query", ["11.4.1", "[11.4.1]", "11.4.1.", " 11.4.1 "])
def test_rule_number_comes_first(query):
    hits = search(query).hits
    assert hits[0].id == "11.4.1"


def test_rules_rank_above_notes_and_examples():
    hits = search("street crossing", lang="en").hits
    kinds = [h.kind for h in hits[:3]]
    assert kinds[0] == "rule"
    examples = search("street crossing", lang="en", kind="example").hits
    assert examples and all(h.kind == "example" for h in examples)
    assert examples[0].id == "example-street-crossing"


def test_french_accents_are_folded():
    with_accents = [h.id for h in search("Évènement fanatisme", lang="fr").hits[:3]]
    without = [h.id for h in search("evenement fanatisme", lang="fr").hits[:3]]
    assert with_accents == without


def test_glossary_terms_are_synonyms_across_languages(game):
    defining = game.term("Step Loss").rule
    assert search("Pas de Pertes", lang="en").hits[0].id == defining
    assert search("Step Loss", lang="en").hits[0].id == defining


def test_typo_gets_a_suggestion_and_fuzzy_results():
    result = search("snipper")
    assert result.suggestion == "sniper"
    assert any(h.id.startswith("11.4") for h in result.hits[:3])


@pytest.mark.parametrize("query", ["tank rooftop", "squads pinned", "retreating guerillas"])
def test_words_found_by_their_stem_or_table_talk_get_no_suggestion(query):
    assert search(query).suggestion is None


def test_hits_carry_context():
    hit = search("sniper attack street", lang="en").hits[0]
    assert hit.breadcrumb and hit.lang == "en" and hit.game == "phantom-fury"
    assert "**" in hit.snippet or hit.snippet


@pytest.mark.parametrize(
    "query",
    ['"unbalanced quote', "((pinned", "pinned AND", "title:sniper", "OR NOT AND", "* ? ~2 ^3", "the of and",
     "x" * 300, "snip\x00er\x07", "[]", "{missing: x}"],
)
def test_hostile_queries_never_crash(query):
    result = search(query)
    assert isinstance(result.hits, list)


def test_query_syntax_words_are_plain_words():
    assert search("title:sniper").hits[0].id.startswith("11.4")


@pytest.mark.parametrize("query", ["", "   ", "\x00\x01", "x" * (MAX_QUERY_LENGTH + 1), "a" * 10_000])
def test_unusable_queries_get_a_clear_message(query):
    with pytest.raises(SearchError) as info:
        search(query)
    assert "query" in str(info.value)


def test_cli_contract():
    result = run_cli("search", "sniper attack street", "--lang", "en", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["query"] == "sniper attack street" and "suggestion" in data
    for hit in data["hits"]:
        assert {"game", "id", "lang", "title", "kind", "breadcrumb", "snippet", "score"} <= set(hit)
    scores = [h["score"] for h in data["hits"]]
    assert scores == sorted(scores, reverse=True)


def test_cli_bad_query_is_a_usage_error():
    result = run_cli("search", "")
    assert result.returncode == 2 and "query is empty" in result.stderr
    long = run_cli("search", "a" * 10_000)
    assert long.returncode == 2 and "10000" in long.stderr


def test_index_rebuilds_itself_after_a_corpus_edit(tmp_path, tmp_path_factory):
    """The card game's rulebook, the smallest (an index of Phantom Fury's is built in the same
    code, in four times the time: this test rebuilt it twice)."""
    games = tmp_path / "games"
    shutil.copytree(ROOT / "rules_text" / "games", games)
    env = {"FALLUJAH_GAMES_DIR": str(games), "FALLUJAH_CACHE_DIR": str(tmp_path / "cache")}
    once.seed_search_cache(tmp_path_factory, tmp_path / "cache")  # the indexes of the unedited rule files
    cards = ("--game", "fallujah-cards", "--json")
    before = json.loads(run_cli("search", "zanzibar", *cards, env=env).stdout)
    assert not any(h["id"] == "introduction" for h in before["hits"])
    indexes = tmp_path / "cache" / "search"
    two_hours_ago = time.time() - 7200
    for folder in indexes.iterdir():  # unused for two hours: the next build may remove them
        os.utime(folder, (two_hours_ago, two_hours_ago))
    path = games / "fallujah-cards" / "en" / "01-introduction.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Solo Card Game.", "Solo Card Game. zanzibar", 1),
                    encoding="utf-8")
    after = json.loads(run_cli("search", "zanzibar", *cards, env=env).stdout)
    assert after["hits"][0]["id"] == "introduction"
    assert len([f for f in indexes.iterdir() if f.name.startswith("fallujah-cards-")]) == 1  # the stale index is gone
    # an index of other data used recently stays: another process may still be reading it
    path.write_text(path.read_text(encoding="utf-8").replace("zanzibar", "zanzibar timbuktu", 1), encoding="utf-8")
    again = json.loads(run_cli("search", "timbuktu", *cards, env=env).stdout)
    assert again["hits"][0]["id"] == "introduction"
    assert len([f for f in indexes.iterdir() if f.name.startswith("fallujah-cards-")]) == 2
