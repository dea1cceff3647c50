"""The console script's launcher (web.cli, issue 16): ``fallujah rule`` answered without importing
click, every other invocation handed to the click commands (web.commands), and either way the
same output, the same one-line errors and the same exit statuses as the click commands give."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys

import click
import pytest

from rules_text import cli as rules_cli
from rules_text import fast_rule
from rules_text.loading import available_games
from web import cli as launcher

from . import once
from .conftest import FALLUJAH

#: the click commands run as the console script would run them, without the launcher
CLICK = [sys.executable, "-c", "import sys\nfrom web.commands import main\nmain(sys.argv[1:], prog_name='fallujah')"]
OTHER_GAME = next(g for g in available_games() if g != fast_rule.DEFAULT_GAME)

#: invocations the launcher answers itself
ANSWERED = [
    ["rule", "11.4.1"], ["rule", "[13.6.4]", "--lang", "fr"], ["rule", "13.6.4.", "--json"],
    ["rule", "--json", "11.4.1"], ["rule", "--lang=fr", "5.3.3"], ["rule", "example-assault"],
    ["rule", "11.4.1", "--game", fast_rule.DEFAULT_GAME], ["rule", "22.0", "--game=" + fast_rule.DEFAULT_GAME],
    ["rule", "99.99"], ["rule", "nonsense", "--json"], ["rule", ""], ["rule", "11.4.9", "--lang", "fr"],
]
#: invocations handed to click: bad input, other spellings, help, every other command
HANDED_OVER = [
    ["rule"], ["rule", "11.4.1", "11.4.2"], ["rule", "11.4.1", "--lang", "de"], ["rule", "11.4.1", "--lang"],
    ["rule", "11.4.1", "--json=yes"], ["rule", "11.4.1", "--game", "chess"], ["rule", "--help"], ["rule", "-x"],
    ["rule", "11.4.1", "--lang", "en", "--lang", "fr"], ["rule", "--", "11.4.1"], ["rule", "-"],
    ["rule", "11.4.1", "--Lang", "fr"], ["--help"], ["--version"], [], ["bogus"], ["search", "sniper", "--limit", "1"],
    ["games"], ["glossary", "CF"], ["compare", "13.6.4"], ["export", "--lang", "fr", "--json"],
]


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    """An answers file of every game in a cache of the tests' own, written by the full path (the search
    indexes copied in: :mod:`tests.once`)."""
    cache = tmp_path_factory.mktemp("cache")
    once.seed_search_cache(tmp_path_factory, cache)  # the search indexes (fallujah search goes to click)
    environment = {**os.environ, "FALLUJAH_CACHE_DIR": str(cache), "COLUMNS": "80"}
    environment.pop("PYTHONIOENCODING", None)
    for game in available_games():
        subprocess.run([str(FALLUJAH), "rule", "1", "--game", game], env=environment, capture_output=True, check=False)
    assert len(list(cache.glob("corpus/*.answers.json"))) == len(available_games())
    return environment


def _run(argv: list[str], env: dict[str, str]) -> tuple[str, str, int]:
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120, check=False)
    return done.stdout, done.stderr, done.returncode


def _launched(args: list[str], env: dict[str, str]) -> tuple[tuple[str, str, int], bool]:
    """What the installed command prints, and whether it imported click."""
    stdout, stderr, status = _run([sys.executable, "-X", "importtime", str(FALLUJAH), *args], env)
    imported = [line.split("|")[-1].strip() for line in stderr.splitlines() if line.startswith("import time:")]
    stderr = "".join(line + "\n" for line in stderr.splitlines() if not line.startswith("import time:"))
    return (stdout, stderr, status), "click" in imported


@pytest.mark.parametrize("args", ANSWERED, ids=" ".join)
def test_the_launcher_answers_rule_without_click_as_click_does(args, env):
    launched, imported_click = _launched(args, env)
    assert not imported_click, args
    assert launched == _run([*CLICK, *args], env), args
    stdout, stderr, status = launched
    assert status in (0, 1) and (status == 0) == bool(stdout)
    if status == 1:  # a lookup error (README "Commands": exit status)
        assert stderr.startswith("error: no section ") and len(stderr.splitlines()) == 1


@pytest.mark.parametrize("args", HANDED_OVER, ids=lambda args: " ".join(args) or "(none)")
def test_everything_else_goes_to_click_unchanged(args, env):
    launched, imported_click = _launched(args, env)
    assert imported_click, args
    assert launched == _run([*CLICK, *args], env), args
    _, stderr, status = launched
    if status == 2:  # a usage error: one line
        assert len(stderr.splitlines()) == 1 and stderr.startswith("error: "), (args, stderr)


def test_another_games_rules_are_answered_too(env, monkeypatch):
    monkeypatch.setenv("FALLUJAH_CACHE_DIR", env["FALLUJAH_CACHE_DIR"])
    answers = fast_rule.read_answers(OTHER_GAME)
    assert answers is not None
    lang = next(iter(answers["ids"]))
    first = answers["ids"][lang][0]
    for args in (["rule", first, "--game", OTHER_GAME, "--lang", lang],
                 ["rule", f"--game={OTHER_GAME}", first, "--lang", lang, "--json"]):
        launched, imported_click = _launched(args, env)
        assert not imported_click and launched[2] == 0, (args, launched)
        assert launched == _run([*CLICK, *args], env), args


def test_an_output_that_is_not_utf8_goes_to_click(env):
    ascii_only = {**env, "PYTHONIOENCODING": "ascii"}  # click writes UTF-8 to it all the same
    for args in (["rule", "11.4.1"], ["rule", "99.99"]):
        launched, imported_click = _launched(args, ascii_only)
        assert imported_click and launched == _run([*CLICK, *args], ascii_only), args
        assert launched[2] in (0, 1) and "Traceback" not in launched[1]


def test_on_a_terminal_the_breadcrumb_and_label_are_styled_as_click_styles_them(env):
    def on_terminal(argv: list[str]) -> bytes:
        leader, follower = pty.openpty()
        process = subprocess.Popen(argv, stdout=follower, stderr=subprocess.DEVNULL, env=env)
        os.close(follower)
        out = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the command closed the terminal
                break
            if not chunk:
                break
            out += chunk
        os.close(leader)
        assert process.wait(timeout=120) == 0
        return out

    launched = on_terminal([str(FALLUJAH), "rule", "11.4.1"])
    assert b"\x1b[2m" in launched and b"\x1b[1m" in launched and b"\x1b[0m" in launched
    assert launched == on_terminal([*CLICK, "rule", "11.4.1"])


def test_a_closed_pipe_is_quiet_and_a_full_disk_one_line(env):
    with open("/dev/full", "w") as full:
        done = subprocess.run([str(FALLUJAH), "rule", "11.4.1"], stdout=full, stderr=subprocess.PIPE, text=True,
                              env=env, check=False)
    assert done.returncode == 2 and done.stderr == "error: cannot write: No space left on device\n"
    reader = subprocess.Popen([str(FALLUJAH), "rule", "11.4.1", "--json"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env={**env, "PYTHONUNBUFFERED": "1"})
    assert reader.stdout is not None
    reader.stdout.close()
    assert reader.wait(timeout=120) == 0 and reader.stderr is not None and reader.stderr.read() == b""


def test_the_launcher_reads_the_rule_commands_own_options():
    options = [p for p in rules_cli.rule.params if isinstance(p, click.Option)]
    assert {p.opts[0]: not p.is_flag for p in options} == launcher.RULE_OPTIONS
    assert [p.opts for p in options] == [[name] for name in launcher.RULE_OPTIONS]
    defaults = {p.opts[0]: p.default for p in options}
    assert defaults["--lang"] == fast_rule.DEFAULT_LANG and defaults["--game"] == fast_rule.DEFAULT_GAME
    assert [p.name for p in rules_cli.rule.params if isinstance(p, click.Argument)] == ["section_id"]


def test_the_launcher_imports_nothing_but_the_standard_library_and_the_answers_module(env):
    code = ("import json, sys\nbefore = set(sys.modules)\nimport web.cli\n"
            "print(json.dumps(sorted(m for m in set(sys.modules) - before if not m.startswith('_'))))")
    stdout, stderr, status = _run([sys.executable, "-c", code], env)
    assert status == 0, stderr
    assert json.loads(stdout) == ["web", "web.cli"]
