"""``fallujah adjudicate`` answered by the launcher without click (web/cli.py, issue 21 item 6):
every situation's every example of every game prints the same bytes, text and ``--json``, as
the click command, and so do bad input and an unknown game or situation (same one line, same exit
status). Each run validates the situation with the game's model and computes its answer: nothing
is replayed from an earlier run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import adjudicate_command
from adjudicator.command import request
from adjudicator.registry import games, situations
from web import cli

from .conftest import run_cli

#: every example of every situation of every game: (game, situation, its example)
EXAMPLES = [(game, name, example) for game in games() for name, proc in situations(game).items()
            for example in proc.examples]


@pytest.fixture(autouse=True)
def _environment_kept(monkeypatch):
    """The launcher sets ``PYDANTIC_DISABLE_PLUGINS`` for its process: put back after each test."""
    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)


def _fast(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The launcher's answer: exit status, stdout, stderr."""
    capsys.readouterr()
    try:
        status = cli.fast_adjudicate(args)
    except SystemExit as exc:
        status = int(exc.code or 0)
    assert status is not None, f"the launcher left {args} to click"
    out = capsys.readouterr()
    return status, out.out, out.err


def _click(args: list[str]) -> tuple[int, str, str]:
    """The click command's answer: exit status, stdout, stderr."""
    done = CliRunner().invoke(adjudicate_command, args, catch_exceptions=False)
    return done.exit_code, done.stdout, done.stderr


@pytest.mark.parametrize("mode", [[], ["--json"], ["--lang", "fr"]], ids=["text", "json", "fr"])
def test_every_example_of_every_game_prints_what_the_click_command_prints(tmp_path, capsys, mode):
    assert {game for game, _, _ in EXAMPLES} == {g for g in games() if situations(g)}
    for index, (game, name, example) in enumerate(EXAMPLES):
        path = tmp_path / f"{index}.json"
        path.write_text(json.dumps(example), encoding="utf-8")
        args = [name, "--game", game, "--file", str(path), *mode]
        fast = _fast(args, capsys)
        assert fast == _click(args), (game, name, example)
        assert fast[0] == 0 and fast[1].endswith("\n") and not fast[2]


@pytest.mark.parametrize("args, body", [
    (["insurgent-reaction", "--json"], "{}"),
    (["fire"], '{"shooter": {"cf": 11}}'),
    (["fire", "--json"], "[1, 2]"),
    (["fire"], "{not json"),
    (["fire"], ""),
    (["nosuch"], "{}"),
    (["dice-pool"], "{}"),
    (["fire", "--game", "risk"], "{}"),
    (["fire", "--schema"], "{}"),
    (["dice-pool", "--game=battle-for-fallujah", "--json"], '{"white": 4}'),
], ids=["empty", "bad-field", "not-an-object", "not-json", "blank", "unknown-situation",
        "other-games-situation", "unknown-game", "schema", "equals"])
def test_bad_input_and_options_answer_as_the_click_command(tmp_path, capsys, args, body):
    path = tmp_path / "situation.json"
    path.write_text(body, encoding="utf-8")
    args = [*args, "-f", str(path)]
    assert _fast(args, capsys) == _click(args)


@pytest.mark.parametrize("args", [
    ["fire", "--help"], ["fire", "--lang", "de"], ["fire", "-f", "a", "--file", "b"], ["fire", "ied"],
    [], ["fire", "--json", "--json"], ["fire", "--game"],
])
def test_what_the_launcher_does_not_read_goes_to_the_click_command(args):
    assert request(args, "phantom-fury") is None


def test_the_installed_command_computes_each_answer_without_click(tmp_path):
    """A situation of each game, run as a player runs it: no click imported, the game's model
    validates (a new roll gives a new answer), and the output is the click command's."""
    launcher = Path(sys.executable).with_name("fallujah")
    for game in sorted({game for game, _, _ in EXAMPLES}):
        name, proc = next(iter(situations(game).items()))
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps(proc.examples[0]), encoding="utf-8")
        args = ["adjudicate", name, "--game", game, "--file", str(path), "--json"]
        done = subprocess.run([sys.executable, "-X", "importtime", str(launcher), *args],
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
                    if line.startswith("import time:")}
        assert "click" not in imported and "pydantic" in imported, game
        assert done.stdout == _click(args[1:])[1]
    refused = run_cli("adjudicate", "fire", stdin=json.dumps({"shooter": {"cf": 11}}))
    assert refused.returncode == 1 and refused.stderr.startswith("error: ") and "shooter" in refused.stderr
