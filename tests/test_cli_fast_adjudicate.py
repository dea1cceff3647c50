"""``fallujah adjudicate`` answered again by the launcher (web/fast_adjudicate.py, issue 21 item 6):
the same bytes and exit status as the click command for situations of every game, in text and
JSON, on stdin and in a file, and for bad input (a refused field, bad JSON, bytes that are not
UTF-8, an unknown situation); without click or pydantic; never from a stale answer."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.registry import situations
from rules_text.loading import available_games
from web import fast_adjudicate

from .conftest import ROOT, run_cli


def _cases() -> list[tuple[str, str, str]]:
    """(game, situation, JSON) of the first two situations of every game, each with its first example."""
    found = []
    for game in available_games():
        for name, proc in list(situations(game).items())[:2]:
            found.append((game, name, json.dumps(proc.examples[0])))
    return found


def _twice(args: list[str], env: dict[str, str], stdin: str | None = None) -> None:
    """The click command's answer, then the launcher's from what it kept: the same bytes and status."""
    first = run_cli("adjudicate", *args, env=env, stdin=stdin)
    again = run_cli("adjudicate", *args, env=env, stdin=stdin)
    assert (again.returncode, again.stdout, again.stderr) == (first.returncode, first.stdout, first.stderr), args


@pytest.fixture
def env(tmp_path):
    return {"FALLUJAH_CACHE_DIR": str(tmp_path / "cache")}


def _kept(env: dict[str, str]) -> int:
    return len(list((Path(env["FALLUJAH_CACHE_DIR"]) / "adjudicate").glob("*/*.json")))


@pytest.mark.parametrize(("game", "situation", "body"), _cases())
def test_each_games_situations_are_answered_again_with_the_same_bytes(game, situation, body, env, tmp_path):
    path = tmp_path / "situation.json"
    path.write_text(body, encoding="utf-8")
    _twice([situation, "--game", game, "--file", str(path)], env)
    _twice([situation, f"--game={game}", "--json"], env, stdin=body)
    _twice(["-f", str(path), situation, "--game", game, "--lang", "fr"], env)
    assert _kept(env) == 3  # one answer kept for each request, read again by the second run


@pytest.mark.parametrize("game", available_games())
def test_bad_input_is_refused_again_with_the_same_line_and_status(game, env):
    first = next(iter(situations(game)))
    for args, stdin in (
        ([first, "--game", game], '{"no_such_field": 11}'),  # names the field, the value and what is allowed
        ([first, "--game", game], '{"roll": '),  # not JSON
        ([first, "--game", game, "--json"], "[1, 2]"),  # not an object
        (["no-such-situation", "--game", game], "{}"),  # usage: exit 2
        (["fire", "--game", game], "{}"),  # a situation of another game: exit 2
    ):
        _twice(args, env, stdin)
        assert run_cli("adjudicate", *args, env=env, stdin=stdin).returncode in (1, 2)
    assert run_cli("adjudicate", "no-such-situation", "--game", game, env=env, stdin="{}").returncode == 2


def test_bytes_that_are_not_utf8_are_refused_again_alike(env, tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"shooter": "é"}'.encode("latin-1"))
    _twice(["fire", "--file", str(path)], env)
    assert "not UTF-8" in run_cli("adjudicate", "fire", "--file", str(path), env=env).stderr


def test_what_the_launcher_does_not_read_goes_to_the_command(env, tmp_path):
    body = json.dumps(situations("phantom-fury")["fire"].examples[0])
    for args in (["fire", "--schema"], ["fire", "--lang", "de"], ["fire", "--json", "--json"], ["fire", "-f=x"],
                 ["fire", "extra"], ["fire", "--file", str(tmp_path / "missing.json")], ["fire", "--file", "/dev/stdin"]):
        _twice(args, env, stdin=body)
    assert _kept(env) == 0
    assert fast_adjudicate.request(["fire", "--lang", "de"]) is None
    assert fast_adjudicate.request(["fire", "-f", "x", "--game=g", "--json"]) == ("fire", "g", "x", True, None)


def test_the_launcher_answers_without_click_or_pydantic(env, tmp_path):
    path = tmp_path / "situation.json"
    path.write_text(json.dumps(situations("phantom-fury")["fire"].examples[0]), encoding="utf-8")
    run_cli("adjudicate", "fire", "--file", str(path), env=env)
    launcher = Path(sys.executable).with_name("fallujah")
    done = subprocess.run([sys.executable, "-X", "importtime", str(launcher), "adjudicate", "fire", "--file", str(path)],
                          capture_output=True, text=True, env={**os.environ, **env}, check=True, timeout=120)
    assert " click" not in done.stderr and " pydantic" not in done.stderr and " adjudicator" not in done.stderr


def test_an_edited_data_file_is_never_answered_from_an_old_answer(env, tmp_path):
    games = tmp_path / "games"
    shutil.copytree(ROOT / "rules_text" / "games", games)
    env = {**env, "FALLUJAH_GAMES_DIR": str(games)}
    body = json.dumps(situations("second-fallujah")["victory"].examples[0])
    before = run_cli("adjudicate", "victory", "--game", "second-fallujah", env=env, stdin=body)
    assert before.returncode == 0, before.stderr
    declared = games / "second-fallujah" / "game.yaml"
    declared.write_text(declared.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    run_cli("adjudicate", "victory", "--game", "second-fallujah", env=env, stdin=body)
    assert _kept(env) == 2  # the edit made a new key: the command answered again
