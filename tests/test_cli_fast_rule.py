"""``fallujah rule`` answered from the rule answers file (issue 11, item 7): the same bytes as the full
path for every section of every game and language, text and JSON; never a stale answer."""

from __future__ import annotations

import json
import subprocess

import pytest
from click.testing import CliRunner

from rules_text import cache, cli, corpus, fast_rule, loading, models
from rules_text.loading import available_games, load_game

from . import fast_cli

FALLUJAH = fast_cli.FALLUJAH


def test_the_constants_repeated_without_pydantic_are_the_loaders():
    assert fast_rule.DEFAULT_GAME == loading.DEFAULT_GAME
    assert fast_rule.LANGS == models.LANGS
    assert fast_rule.PRINTED_CHAPTER.pattern == models.PRINTED_CHAPTER.pattern
    assert fast_rule.NUMBERED_ID.pattern == models.NUMBERED_ID.pattern
    assert fast_rule.games_dir() == loading.GAMES_DIR and fast_rule.glossary_file() == loading.GLOSSARY_FILE
    assert fast_rule.available_games() == available_games()
    assert set(cache._MODEL_MODULES) <= set(fast_rule._CODE_MODULES)
    for game in available_games():
        assert fast_rule.data_files(game) == loading.data_files(game)
    typed = ["22", "22.0", "[22.0]", "22)", " 13.6.4. ", "[13.6.4]", "Search Phase", "EXAMPLE-Assault", "1.0.0",
             "100.0", "[]", "", "..", "3)", "a.0", "ü 22", "11.4.1.1"]
    for text in typed:
        assert fast_rule.normalise_id(text) == corpus.normalise_id(text), text
        assert fast_rule.slug_of(text) == corpus.slug_of(text), text


@pytest.fixture()
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("FALLUJAH_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _printed(capsys, answer: dict, as_json: bool) -> str:
    cli.print_rule(answer, as_json)
    return capsys.readouterr().out


@pytest.mark.parametrize("game", available_games())
def test_every_answer_from_the_file_prints_as_the_full_path(game, own_cache, capsys):
    loaded = load_game(game)
    first = loaded.corpora[next(iter(loaded.corpora))].sections[0]
    cli.full_answer(game, first.lang, first.id)  # writes the answers file
    answers = fast_rule.read_answers(game)
    assert answers is not None and set(answers["ids"]) == set(loaded.corpora)
    count = 0
    for lang, lang_corpus in loaded.corpora.items():
        for section in lang_corpus.sections:
            full = cli.rule_answer(loaded, section)
            for typed in {section.id, f"[{section.id}]", f" {section.id}. ", section.number or section.id}:
                fast = fast_rule.find(answers, lang, typed)
                assert fast is not None, (game, lang, typed)
                assert fast["data"]["id"] == lang_corpus.get(typed).id
            for as_json in (False, True):
                assert _printed(capsys, fast, as_json) == _printed(capsys, full, as_json), (game, lang, section.id)
            count += 1
    assert count == sum(len(c.sections) for c in loaded.corpora.values())


@pytest.mark.parametrize("game", available_games())
def test_an_unknown_id_gets_the_same_suggestions_from_the_file(game, own_cache):
    loaded = load_game(game)
    first = loaded.corpora[next(iter(loaded.corpora))].sections[0]
    cli.full_answer(game, first.lang, first.id)
    answers = fast_rule.read_answers(game)
    assert answers is not None
    for lang, lang_corpus in loaded.corpora.items():
        ids = [s.id for s in lang_corpus.sections]
        typed = ["99.99", "0", "1.99", "12.12.12.12.12", "nonsense", "x", "", "99", "[7.9]", "30)"]
        typed += [i + "9" for i in ids[::7]] + [i + ".1.1" for i in ids[::11]] + [i[:-1] for i in ids[::13]]
        for text in typed:
            if text in lang_corpus or fast_rule.slug_of(text) in lang_corpus or fast_rule.normalise_id(text) in lang_corpus:
                continue
            with pytest.raises(corpus.UnknownSection) as raised:
                lang_corpus.get(text)
            assert fast_rule.unknown_section(answers, lang, text) == str(raised.value), (game, lang, text)


def test_the_command_gives_the_same_bytes_and_errors_with_and_without_the_file(own_cache):
    runner = CliRunner()
    cases = [["11.4.1"], ["[13.6.4]", "--lang", "fr"], ["13.6.4.", "--json"], ["example-assault"],
             ["11.4.9"], ["99.99", "--json"], ["5.3.3", "--lang", "fr"], ["nonsense"]]
    for game in available_games():
        some = load_game(game).corpora
        lang = next(iter(some))
        cases += [[s.number or s.id, "--game", game, "--lang", lang, *flags]
                  for s in some[lang].sections[:3] for flags in ([], ["--json"])]
    for args in cases:
        for answers in fast_rule.answers_path(loading.DEFAULT_GAME).parent.glob("*.answers.json"):
            answers.unlink()
        full = runner.invoke(cli.rule, args)
        fast = runner.invoke(cli.rule, args)  # the file written by the first run
        assert (fast.output, fast.exit_code) == (full.output, full.exit_code), args
    assert list(own_cache.glob("corpus/*.answers.json"))


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return fast_cli.run(args, env, timeout=120)


def test_an_edited_rule_file_is_never_answered_from_the_old_file(tmp_path):
    games, env = fast_cli.copied_games(tmp_path)
    first = _run(["rule", "11.4.1", "--json"], env)
    assert first.returncode == 0, first.stderr
    again = _run(["rule", "11.4.1", "--json"], env)
    assert again.stdout == first.stdout
    assert "pydantic" not in again.stderr and "yaml" not in again.stderr  # answered from the file
    assert fast_cli.OLD in json.loads(first.stdout)["text"]
    fast_cli.edit_in_place(games)
    edited = _run(["rule", "11.4.1", "--json"], env)
    assert edited.returncode == 0 and edited.stdout != first.stdout
    assert json.loads(edited.stdout)["text"] == json.loads(first.stdout)["text"].replace(fast_cli.OLD, fast_cli.NEW, 1)
    assert "pydantic" in edited.stderr  # the full path read the data again
    after = _run(["rule", "11.4.1", "--json"], env)
    assert after.stdout == edited.stdout and "pydantic" not in after.stderr
    # a new data file (another section) is a change too
    (games / loading.DEFAULT_GAME / "en" / "99-extra.yaml").write_text(
        "sections:\n  - id: '99'\n    kind: rule\n    title: EXTRA\n    text: New rule.\n", encoding="utf-8")
    added = _run(["rule", "99"], env)
    assert added.returncode == 0 and "New rule." in added.stdout, added.stderr


def test_help_and_usage_errors_stay_clicks():
    help_text = subprocess.run([FALLUJAH, "rule", "--help"], capture_output=True, text=True, check=False).stdout
    help_text = " ".join(help_text.split())  # click wraps the list of games wherever it grows long
    assert "--lang [en|fr]" in help_text and "--game TEXT" in help_text and "Which game (" in help_text
    assert available_games()[0] in help_text and "[default: phantom-fury]" in help_text
    bad = subprocess.run([FALLUJAH, "rule", "11.4.1", "--lang", "de"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "'de'" in bad.stderr
