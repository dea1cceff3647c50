"""``fallujah games`` answered by the launcher from the games answers file (web/fast_games.py,
issue 21 item 6): the same output as the click command, and never stale."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from web import fast_games

from .conftest import ROOT, run_cli

ARGUMENTS = ([], ["--json"], ["--game", "second-fallujah"], ["--game=phantom-fury", "--json"], ["--game", "risk"])


def _imports(args: list[str], env: dict[str, str]) -> str:
    """What ``fallujah games`` imports (``python -X importtime``)."""
    launcher = Path(sys.executable).with_name("fallujah")
    done = subprocess.run([sys.executable, "-X", "importtime", str(launcher), "games", *args],
                          capture_output=True, text=True, env=env, check=True, timeout=120)
    return done.stderr


def test_the_answers_file_gives_what_the_command_prints_and_imports_no_click(tmp_path):
    env = {"FALLUJAH_CACHE_DIR": str(tmp_path / "cache")}
    for args in ARGUMENTS:
        first = run_cli("games", *args, env=env)  # the click command (it writes the answers file)
        again = run_cli("games", *args, env=env)  # the launcher, from the file
        assert (again.returncode, again.stdout, again.stderr) == (first.returncode, first.stdout, first.stderr), args
    assert fast_games.answers_path().name == "games.answers.json"
    assert (tmp_path / "cache" / "games.answers.json").is_file()
    imported = _imports(["--json"], {**os.environ, **env})
    assert " click" not in imported and " pydantic" not in imported and " yaml" not in imported


def test_a_new_games_folder_or_an_edited_declaration_is_never_answered_from_an_old_file(tmp_path):
    games = tmp_path / "games"
    shutil.copytree(ROOT / "rules_text" / "games", games)
    env = {"FALLUJAH_CACHE_DIR": str(tmp_path / "cache"), "FALLUJAH_GAMES_DIR": str(games)}
    before = json.loads(run_cli("games", "--json", env=env).stdout)["games"]
    declared = games / "second-fallujah" / "game.yaml"
    declared.write_text(declared.read_text(encoding="utf-8").replace("title: ", "title: Renamed ", 1), encoding="utf-8")
    after = json.loads(run_cli("games", "--json", env=env).stdout)["games"]
    assert next(g["title"] for g in after if g["id"] == "second-fallujah").startswith("Renamed ")
    shutil.rmtree(games / "fallujah-cards")
    fewer = json.loads(run_cli("games", "--json", env=env).stdout)["games"]
    assert [g["id"] for g in fewer] == [g["id"] for g in before if g["id"] != "fallujah-cards"]
