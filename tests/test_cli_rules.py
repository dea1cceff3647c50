"""``fallujah rule``, ``export``, ``glossary``, ``check`` as a user runs them (issue 2)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

from rules_text.loading import DEFAULT_GAME, available_games

from .conftest import ROOT, run_cli


def test_rule_json_contract():
    result = run_cli("rule", "11.4.1.1", "--lang", "en", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["id"] == "11.4.1.1" and data["lang"] == "en"
    assert {"title", "text", "refs", "referenced_by"} <= set(data)
    assert "Sniper" not in data["title"] or data["title"]  # titles may be empty for x.y.z.w rules
    assert "Pinned" in data["text"] and "11.5" in data["refs"]


def test_rule_accepts_the_id_as_printed():
    assert json.loads(run_cli("rule", "[13.6.4]", "--json").stdout)["id"] == "13.6.4"
    assert json.loads(run_cli("rule", "13.6.4.", "--json").stdout)["id"] == "13.6.4"


def test_rule_in_french_and_readable_text():
    result = run_cli("rule", "13.6.4", "--lang", "fr")
    assert result.returncode == 0
    assert "Security Element" in result.stdout
    assert "Cites:" in result.stdout or "Cited by:" in result.stdout


def test_unknown_rule_suggests_nearest_ids():
    result = run_cli("rule", "11.4.9")
    assert result.returncode == 1  # a lookup error (README "Commands")
    assert "11.4.9" in result.stderr and "did you mean" in result.stderr and "11.4" in result.stderr
    assert "Traceback" not in result.stderr


def test_rule_absent_from_french_source_says_so():
    result = run_cli("rule", "5.3.3", "--lang", "fr")
    assert result.returncode == 1
    assert "fr" in result.stderr and "Traceback" not in result.stderr


def test_unknown_language_is_a_usage_error():
    result = run_cli("rule", "11.4.1", "--lang", "de")
    assert result.returncode == 2
    assert "'de'" in result.stderr and "en" in result.stderr and "fr" in result.stderr


def test_export_contract_french():
    result = run_cli("export", "--lang", "fr", "--json")
    data = json.loads(result.stdout)
    assert data["lang"] == "fr" and data["game"] == "phantom-fury"
    ids = [s["id"] for s in data["sections"]]
    assert "13.6.4" in ids and "example-assault" in ids
    for section in data["sections"]:
        assert {"id", "title", "kind", "text", "refs"} <= set(section)
        assert "{table:" not in section["text"]


def test_glossary_lookup_both_languages():
    en = json.loads(run_cli("glossary", "Step Loss", "--json").stdout)
    fr = json.loads(run_cli("glossary", "Pas de Pertes", "--json").stdout)
    assert en["key"] == fr["key"]
    assert en["used_in"]["en"] and en["rule"]


def test_unknown_glossary_term_is_a_lookup_error_with_the_nearest_terms():
    result = run_cli("glossary", "warp drive")
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "term: no 'warp drive' in the phantom-fury glossary" in result.stderr
    near = run_cli("glossary", "Step Los")
    assert near.returncode == 1 and "close: Step Loss" in near.stderr


def test_check_passes_and_lists_errata():
    result = run_cli("check", "--game", "phantom-fury")
    assert result.returncode == 0, result.stdout
    assert "Known source errata" in result.stdout and "6.3.2" in result.stdout


def test_check_without_game_checks_every_game():
    """``fallujah check`` with no --game checks each registered game, under its id (issue 20)."""
    from rules_text.fast_rule import available_games

    result = run_cli("check")
    assert result.returncode == 0, result.stdout + result.stderr
    for game in available_games():
        assert f"== {game}\n" in result.stdout
    assert result.stdout.count("No problems.") == len(available_games()) > 1


def test_check_without_game_fails_when_one_game_is_broken(tmp_path):
    game_dir = _copy_game(tmp_path)
    path = game_dir.parent / "second-fallujah" / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\nnot: [valid\n", encoding="utf-8")
    result = run_cli("check", env={"FALLUJAH_GAMES_DIR": str(game_dir.parent)})
    assert result.returncode == 1
    assert "second-fallujah" in result.stderr and "== phantom-fury" in result.stdout


def _copy_game(tmp_path):
    target = tmp_path / "games"
    shutil.copytree(ROOT / "rules_text" / "games", target)
    return target / "phantom-fury"


def test_malformed_data_file_gives_one_line_error(tmp_path):
    game_dir = _copy_game(tmp_path)
    (game_dir / "en" / "11-fire-combat.yaml").write_text("sections: [ {id: '11', kind: rule\n", encoding="utf-8")
    result = run_cli("rule", "11", env={"FALLUJAH_GAMES_DIR": str(game_dir.parent)})
    assert result.returncode == 1
    assert "11-fire-combat.yaml" in result.stderr and "not valid YAML" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_bad_section_names_file_and_section(tmp_path):
    game_dir = _copy_game(tmp_path)
    path = game_dir / "en" / "03-die.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("kind: rule", "kind: rulez", 1), encoding="utf-8")
    result = run_cli("check", env={"FALLUJAH_GAMES_DIR": str(game_dir.parent)})
    assert result.returncode == 1
    assert "03-die.yaml" in result.stderr and "section 3" in result.stderr and "kind" in result.stderr


def test_missing_data_file(tmp_path):
    game_dir = _copy_game(tmp_path)
    (game_dir / "game.yaml").unlink()
    result = run_cli("rule", "3", env={"FALLUJAH_GAMES_DIR": str(game_dir.parent)})
    assert result.returncode == 1 and "game.yaml" in result.stderr and "Traceback" not in result.stderr


# -- every command takes the game (issue 11) -----------------------------------------------------

#: An argument list each command accepts besides --game (some need one).
ARGS = {"rule": ["11.4.1"], "search": ["sniper"], "compare": ["13.6.4"], "adjudicate": ["ied"],
        "glossary": ["CF"]}


def test_every_command_takes_game_and_an_unknown_one_exits_2_in_one_line():
    from web.commands import COMMANDS

    known = ", ".join(available_games())
    # new-game makes a game, backup and restore copy the whole database: they read no game
    for name in set(COMMANDS) - {"new-game", "backup", "restore"}:
        assert "--game" in run_cli(name, "--help").stdout, name
        result = run_cli(name, *ARGS.get(name, []), "--game", "chess", stdin="{}")
        assert result.returncode == 2, (name, result.stdout, result.stderr)
        assert result.stderr.strip().splitlines() == [f"error: unknown game 'chess' (known games: {known})"], name


def test_games_lists_each_registered_game():
    result = run_cli("games", "--json")
    assert result.returncode == 0, result.stderr
    listed = {g["id"]: g for g in json.loads(result.stdout)["games"]}
    assert sorted(listed) == available_games()
    pf = listed[DEFAULT_GAME]
    assert pf["title"] == "Phantom Fury" and pf["languages"] == ["en", "fr"] and pf["dice"] == ["d10"]
    assert pf["situations"] is True and pf["companion"] is True
    text = run_cli("games").stdout
    assert all(game in text for game in listed) and "Phantom Fury" in text and "d10" in text


def test_rule_and_search_import_neither_the_adjudicator_nor_the_web_stack():
    """``fallujah rule`` answers at once: it imports the rulebook only."""
    heavy = ("adjudicator", "flask", "sqlalchemy", "sphinx", "alembic", "waitress", "werkzeug", "jinja2")
    for args in (["rule", "11.4.1"], ["search", "sniper"]):
        code = (
            "import sys\nfrom web.commands import main\n"
            f"main({args!r}, standalone_mode=False)\n"
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({heavy!r})), file=sys.stderr)"
        )
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
        assert result.returncode == 0, result.stderr
        assert result.stderr.strip().splitlines()[-1] == "[]", (args, result.stderr)
