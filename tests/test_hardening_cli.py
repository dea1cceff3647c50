"""Issue 16, the command line (items 4, 8, 9): each reproduction first, then the fixed behaviour:
one line on stderr and exit status 2, never a traceback, and the server's limits."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from web.guard import CONNECTION_LIMIT
from web.serve import CHANNEL_TIMEOUT, LIMITS, MAX_BODY

from .conftest import FALLUJAH, run_cli


def _one_line(result: subprocess.CompletedProcess[str], status: int = 2) -> str:
    assert result.returncode == status, (result.returncode, result.stdout[-300:], result.stderr[-600:])
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(*args: str, db: str) -> subprocess.CompletedProcess[str]:
    return run_cli("serve", "--db", db, *args)


# -- 9. fallujah serve ------------------------------------------------------------------------------


def test_serve_on_a_busy_port_is_one_line(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = _serve("--port", str(port), db=f"sqlite:///{tmp_path / 'a.sqlite3'}")
    line = _one_line(result)
    assert f"cannot listen on 127.0.0.1:{port}" in line
    assert "Serving" not in result.stdout


def test_serve_on_a_bad_host_is_one_line(tmp_path):
    line = _one_line(_serve("--host", "no-such-host.invalid", "--port", str(_free_port()),
                            db=f"sqlite:///{tmp_path / 'a.sqlite3'}"))
    assert "no-such-host.invalid" in line


def test_serve_with_an_unreachable_database_is_one_line_before_serving():
    result = _serve("--port", str(_free_port()), db="postgresql://nobody:x@127.0.0.1:1/nothing")
    line = _one_line(result)
    assert "cannot be written" in line and "x@" not in line  # the password is never printed
    assert "Serving" not in result.stdout


def test_serve_with_a_missing_database_folder_creates_nothing(tmp_path):
    line = _one_line(_serve("--port", str(_free_port()), db=f"sqlite:///{tmp_path / 'missing' / 'db.sqlite3'}"))
    assert "does not exist" in line and not (tmp_path / "missing").exists()


# -- 4. explicit waitress limits; a real client is served while 200 idle connections are open ------


def test_serve_sets_explicit_limits():
    assert CONNECTION_LIMIT >= 2000
    assert LIMITS["channel_timeout"] == CHANNEL_TIMEOUT <= 30
    assert LIMITS["max_request_body_size"] == MAX_BODY <= 16 * 1024 * 1024


def test_a_client_is_served_while_200_idle_connections_are_open(tmp_path):
    port = _free_port()
    server = subprocess.Popen([str(FALLUJAH), "serve", "--port", str(port), "--db",
                               f"sqlite:///{tmp_path / 'live.sqlite3'}"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    idle: list[socket.socket] = []
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2).read()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, server.stderr.read() if server.stderr else ""
                time.sleep(0.2)
        for n in range(200):  # from two other addresses (each holds at most web.guard.CONNECTIONS_PER_ADDRESS)
            s = socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.0.{2 + n % 2}", 0))
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # a slow client: headers never finished
            idle.append(s)
        time.sleep(0.5)
        started = time.monotonic()
        body = urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=10).read()
        assert b"games" in body and time.monotonic() - started < 5
    finally:
        for s in idle:
            s.close()
        server.terminate()
        server.wait(timeout=20)


# -- 9. fallujah adjudicate ---------------------------------------------------------------------------


def _adjudicate(data: bytes) -> subprocess.CompletedProcess[str]:
    raw = subprocess.run([str(FALLUJAH), "adjudicate", "victory"], input=data, capture_output=True, timeout=120,
                         check=False)
    return subprocess.CompletedProcess(raw.args, raw.returncode, raw.stdout.decode("utf-8", "replace"),
                                       raw.stderr.decode("utf-8", "replace"))


@pytest.mark.parametrize(("data", "said"), [
    (b'\xff\xfe{"last_turn_played": 5}', "not UTF-8"),
    (b"[" * 100_000, "nested too deeply"),
    (b'{"last_turn_played": ' + b"9" * 5000 + b"}", "number"),
    (b'{"last_turn_played": 1e999}', "number"),
    (b'{"last_turn_played": 5, "uncontrolled_zones": [' + b",".join([b"3"] * 5000) + b"]}", "at most 1000"),
])
def test_adjudicate_refuses_unreadable_input_in_one_line(data, said):
    assert said in _one_line(_adjudicate(data), status=1)


# -- 9. every command: usage errors, full disk, suggestions, tables --------------------------------


@pytest.mark.parametrize("args", [
    ["rule"], ["rule", "1", "--bogus"], ["search"], ["search", "x", "--kind", "chart"], ["nosuch"],
    ["serve", "--port", "0"], ["adjudicate"], ["glossary", "--lang", "de"], ["games", "--bogus"],
    ["compare"], ["export", "--lang", "xx"], ["check", "extra"], ["play", "--seed", "x"],
])
def test_every_usage_error_is_one_line_and_exit_2(args):
    line = _one_line(run_cli(*args))
    assert "--help" in line or "unknown" in line


def test_a_full_disk_is_one_line_not_a_traceback():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        result = subprocess.run([str(FALLUJAH), "export"], stdout=full, stderr=subprocess.PIPE, text=True,
                                timeout=120, check=False)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == ["error: cannot write: No space left on device"]


def test_an_unknown_rule_number_gets_suggestions():
    line = _one_line(run_cli("rule", "99.99"), status=1)
    assert "did you mean" in line


def test_search_kind_table_reaches_every_table():
    from rules_text import load_game
    from rules_text.search import search

    game = load_game("phantom-fury")
    holders = {s.id for s in game.corpus("en").sections if s.tables} | {t.rule for t in game.tables.values()}
    found = {hit.id for hit in search("table modifier d10 roll result", lang="en", kind="table", limit=100,
                                      game="phantom-fury").hits}
    assert len(game.tables) == 15
    reached = {t for t, table in game.tables.items()
               if table.rule in found or any(t in game.corpus("en").by_id[i].tables for i in found)}
    assert holders and len(reached) >= 12, sorted(set(game.tables) - reached)
    assert sys.executable


def test_a_terminal_whose_encoding_lacks_a_character_gets_a_question_mark_not_a_traceback():
    """The breadcrumb's '›' on a latin-1 terminal: the text printed, that one character replaced."""
    result = run_cli("rule", "11.4.1", env={"PYTHONIOENCODING": "latin-1"})
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout.startswith("11 FIRE COMBAT PHASE ? 11.4 SNIPER ATTACK")
