"""``fallujah search`` answered from the plain search exports (issue 21, item 6): the same bytes
as the full Whoosh path for every query of every query set (players' and relevance suites), one
game and every game, text and JSON; typos ("did you mean") too; what the fast path does not read
goes to the full path; never a stale export."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from rules_text import fast_rule, fast_search, loading, models
from rules_text.cli import search_command
from rules_text.loading import available_games
from rules_text.search import query as search_query
from web.cli import ANSI

from . import fast_cli, once
from .conftest import ROOT

FALLUJAH = fast_cli.FALLUJAH
QUERIES = ROOT / "tests" / "search_queries"


def _queries() -> list[tuple[str, dict[str, str]]]:
    """(game, entry) of every query set: the relevance suites and the players' ones."""
    found = []
    for path in sorted(QUERIES.glob("*.yaml")) + sorted((QUERIES / "players").glob("*.yaml")):
        found += [(path.stem, entry) for entry in yaml.safe_load(path.read_text(encoding="utf-8"))]
    return found


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    """Every game's Whoosh index and plain export (the run's, :mod:`tests.once`), in a cache of
    this module's own."""
    before = os.environ.get("FALLUJAH_CACHE_DIR"), os.environ.get("COLUMNS")
    cache = tmp_path_factory.mktemp("cache")
    once.seed_search_cache(tmp_path_factory, cache, exports=True)
    os.environ["FALLUJAH_CACHE_DIR"] = str(cache)
    os.environ["COLUMNS"] = "100"
    from rules_text.search.export import keep_export
    from rules_text.search.indexes import open_index

    for game in available_games():
        # the export written in this cache even where an earlier test of this process opened the
        # index already (opening it again would not write it: the test then found no export)
        keep_export(open_index(game), game, fast_rule.current_stats(game))
    yield
    for name, value in zip(("FALLUJAH_CACHE_DIR", "COLUMNS"), before, strict=True):
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def _full(args: list[str]) -> str:
    done = CliRunner().invoke(search_command, args)
    assert done.exit_code == 0, done.output
    return done.output


def _fast(args: list[str]) -> str | None:
    lines = fast_search.answer(args)
    return None if lines is None else "".join(ANSI.sub("", line) + "\n" for line in lines)


def test_the_constants_repeated_without_pydantic_are_the_searchs():
    assert fast_search.LANGS == models.LANGS
    assert fast_search.RULE_ID.pattern == search_query.RULE_ID.pattern
    assert fast_search.ID_IN_QUERY.pattern == search_query.ID_IN_QUERY.pattern
    assert fast_search.CONTROL.pattern == search_query._CONTROL.pattern
    assert fast_search.MAX_QUERY_LENGTH == search_query.MAX_QUERY_LENGTH
    from rules_text.search import KINDS
    from rules_text.search.analysis import WORD

    assert fast_search.KINDS == KINDS and fast_search.WORD.pattern == WORD.pattern
    assert fast_search.export_path(loading.DEFAULT_GAME).parent == fast_rule.answers_path(loading.DEFAULT_GAME).parent


@pytest.mark.parametrize("game", [*available_games(), "all"])
def test_every_query_of_every_set_prints_the_same_bytes_as_the_whoosh_path(game, exports):
    count = 0
    for own, entry in _queries():
        if game != "all" and own != game:
            continue
        args = [entry["q"], "--game", game, *(["--lang", entry["lang"]] if "lang" in entry else [])]
        # every game at once: the JSON only, to keep the suite's time (text and --limit are checked
        # game by game; the typo test below checks the text of every game at once too)
        for extra in ([], ["--json"], ["--limit", "3"]) if game != "all" else (["--json"],):
            assert _fast(args + extra) == _full(args + extra), (args, extra)
            count += 1
    assert count >= 3 * 20


@pytest.mark.parametrize("game", ["phantom-fury", "all"])
@pytest.mark.parametrize("query", ["assualt pinned squadd", "snipre", "guerilas retreat", "étape de pertes",
                                   "cœur xqzt", "what's a fanatisme"])
def test_a_typo_gets_the_same_did_you_mean_and_hits(query, game, exports):
    args = [query, "--game", game]
    full = _full(args)
    assert _fast(args) == full
    assert _fast(args) == full  # again, from the memo of the typed words the first search kept
    assert _fast([*args, "--json"]) == _full([*args, "--json"])


def test_a_typo_searched_again_every_game_imports_no_stemmer_and_a_new_export_forgets_the_memo(
        tmp_path, tmp_path_factory):
    games = tmp_path / "games"
    shutil.copytree(ROOT / "rules_text" / "games", games)
    env = {"FALLUJAH_GAMES_DIR": str(games), "FALLUJAH_CACHE_DIR": str(tmp_path / "cache")}
    once.seed_search_cache(tmp_path_factory, tmp_path / "cache")  # the indexes: the exports are not there
    args = ["search", "assualt pinned squadd", "--game", "all"]
    first = _run(args, env)  # no export yet: the full path, which writes them
    assert first.returncode == 0, first.stderr
    second = _run(args, env)  # the exports: the typed words analysed (the stemmer imported), kept in the memo
    third = _run(args, env)  # the memo
    assert first.stdout == second.stdout == third.stdout and "Did you mean: assault pinned squad" in third.stdout
    assert "pydantic" not in second.stderr and "pydantic" not in third.stderr
    # the stemmer alone, not Whoosh's compat module (and urllib.request), then not even the stemmer
    assert "_fallujah_snowball.bases" in second.stderr and "whoosh" not in second.stderr
    assert "whoosh" not in third.stderr and "_fallujah_snowball" not in third.stderr
    path = games / "fallujah-cards" / "en" / "01-introduction.yaml"  # the smallest game: a new index and export in 0.7 s
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    edited = _run(args, env)
    assert edited.stdout == first.stdout and "pydantic" in edited.stderr  # a new export...
    again = _run(args, env)
    assert again.stdout == first.stdout and "_fallujah_snowball" in again.stderr  # ...and a new memo


def test_the_stemmer_loaded_on_its_own_stems_every_word_of_every_export_as_whoosh_does(exports):
    from whoosh.lang import stemmer_for_language

    words = {word for game in available_games() for word in fast_search.read_export(game)["vocabulary"]}
    words |= {"assualt", "squadd", "snipre", "guerilas", "fanatisme", "pertes", "étapes"}
    assert len(words) > 1000
    for lang in fast_search.LANGS:
        whoosh_stem, own = stemmer_for_language(lang), fast_search.snowball_stem(lang)
        assert [own(w) for w in sorted(words)] == [whoosh_stem(w) for w in sorted(words)], lang


def test_a_word_one_game_does_not_use_takes_its_tokens_from_another_games_export(exports):
    opened = [fast_search.Plain(fast_search.read_export(game)) for game in available_games()]
    for plain in opened:
        plain.share_words(opened)
    cards = next(p for p in opened if p.data["game"] == "fallujah-cards")
    assert "rooftop" not in cards.data["vocabulary"]
    assert cards.stems(["rooftop"], "en") == ["rooftop"] and cards.memo is not None
    assert "rooftop" not in cards.memo.kept["tokens"]  # read from another export, not analysed


@pytest.mark.parametrize("args", [["sniper", "--kind", "table"], ["sniper", "--limit", "0"], ["", "--json"],
                                  ["sniper", "--lang", "de"], ["sniper", "--game", "nope"], ["a", "b"],
                                  ["sniper", "--help"], ["sniper", "--limit", "010"]])
def test_what_the_fast_path_does_not_read_goes_to_the_full_path(args, exports):
    assert fast_search.answer(args) is None


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return fast_cli.run(args, env, timeout=300)


def test_an_edited_rule_file_is_never_searched_in_the_old_export(tmp_path: Path, tmp_path_factory):
    games, env = fast_cli.copied_games(tmp_path)
    once.seed_search_cache(tmp_path_factory, Path(env["FALLUJAH_CACHE_DIR"]))  # the index: no export
    first = _run(["search", "victim of a sniper attack", "--json"], env)
    assert first.returncode == 0, first.stderr
    assert "pydantic" in first.stderr  # no export yet: the full path, which writes it
    again = _run(["search", "victim of a sniper attack", "--json"], env)
    assert again.stdout == first.stdout
    assert "pydantic" not in again.stderr and "whoosh" not in again.stderr  # answered from the export
    fast_cli.edit_in_place(games)
    edited = _run(["search", "victim of a sniper attack", "--json"], env)
    assert edited.returncode == 0 and "pydantic" in edited.stderr and edited.stdout != first.stdout
    after = _run(["search", "victim of a sniper attack", "--json"], env)
    assert after.stdout == edited.stdout and "pydantic" not in after.stderr
