"""Issue 23, items 1, 6 and 7: the bounds measured before parsing, integers before SQL, database
errors that are not outages, and the smaller findings (exit codes, IPv6 loopback, empty
``--game`` and ``--db``, import errors, ``compare`` on a game with one rulebook)."""

from __future__ import annotations

import json
import socket
import subprocess
import time
import urllib.request

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.json_bounds import MAX_DEPTH, MAX_ITEMS, MAX_KEYS, structure_problem
from web.db import MAX_VERSION
from web.security import DEFAULT_TRUSTED_HOSTS, MAX_INTEGER, is_trusted

from .budget import examples
from .conftest import FALLUJAH, ROOT, run_cli
from .test_web_fixtures import ORDER_OF_BATTLE

pytest_plugins = ["tests.test_web_fixtures"]


# -- the bounds of a body, measured on its text -----------------------------------------------------


def _measure(value) -> tuple[int, int, int]:
    """(depth, most keys in one object, longest list) of a parsed value."""
    if isinstance(value, dict):
        inner = [_measure(v) for v in value.values()]
        return (1 + max((d for d, _, _ in inner), default=0), max([len(value), *(k for _, k, _ in inner)]),
                max((i for _, _, i in inner), default=0))
    if isinstance(value, list):
        inner = [_measure(v) for v in value]
        return (1 + max((d for d, _, _ in inner), default=0), max((k for _, k, _ in inner), default=0),
                max([len(value), *(i for _, _, i in inner)]))
    return 0, 0, 0


TEXT = st.text(st.sampled_from('ab"\\[]{},: \u00e9'), max_size=6)
JSON = st.recursive(st.one_of(st.none(), st.integers(), TEXT),
                    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
                    max_leaves=30)


@settings(max_examples=examples(300), deadline=None, database=None)
@given(value=JSON, items=st.integers(1, 4))
def test_the_text_measure_is_the_parsed_measure(value, items):
    """Strings full of brackets, commas, quotes and backslashes never count as structure: a list
    is measured as long as it is once parsed, and nothing else is refused."""
    raw = json.dumps(value, ensure_ascii=False).encode()
    _, _, longest = _measure(value)
    problem = structure_problem(raw, max_items=items)
    assert problem == (f"lists of at most {items} items" if longest > items else None), value


def test_depth_keys_and_items_at_their_bounds():
    assert structure_problem(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH) is None
    assert "nested at most" in structure_problem(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    assert "nested at most" in structure_problem(b"[" * 100_000)  # never closed: the parser would recurse
    assert structure_problem(b"[" * 5) is None  # not JSON: the parser says so
    keys = {f"k{n}": {"inner": [n]} for n in range(MAX_KEYS)}
    assert structure_problem(json.dumps({"a": keys}).encode()) is None
    keys["one more"] = {}
    assert structure_problem(json.dumps({"a": keys}).encode()) == f"objects of at most {MAX_KEYS} keys"
    assert structure_problem(json.dumps([[1] * (MAX_ITEMS + 1)]).encode()) == f"lists of at most {MAX_ITEMS} items"


def test_a_body_nested_600_deep_is_a_400_naming_the_bound_in_every_game(client):
    """Reproduction: about 500 levels gave a 500 (copy.deepcopy's recursion) through the adjudicator."""
    for game in ("phantom-fury", "battle-for-fallujah", "second-fallujah", "fallujah-cards"):
        situations = client.get(f"/api/adjudicate?game={game}").get_json()["situations"]
        for situation in list(situations)[:2]:
            raw = '{"shooter": ' + "[" * 600 + "]" * 600 + "}"
            response = client.post(f"/api/adjudicate/{situation}?game={game}", data=raw, content_type="application/json")
            assert response.status_code == 400 and f"nested at most {MAX_DEPTH} deep" in response.get_json()["error"]


# -- integers before SQL; database errors that are not outages --------------------------------------


def _game(client) -> dict:
    response = client.post("/api/games", json=ORDER_OF_BATTLE)
    assert response.status_code == 201
    return response.get_json()


@pytest.mark.parametrize("amends", [10**30, MAX_INTEGER, MAX_VERSION + 1, 0, -5])
def test_an_amend_of_a_version_no_column_holds_is_a_400_not_a_500_or_503(client, amends):
    """Reproduction: amends = 10**30 gave a 500 on SQLite and a 503 "database down" on PostgreSQL."""
    game = _game(client)
    response = client.post(f"/api/games/{game['id']}/actions",
                           json={"expected_version": 1, "type": "amend", "amends": amends, "input": {"roll": 3}})
    assert response.status_code == 400, response.get_json()
    assert "amends" in response.get_json()["error"]


def test_an_integer_beyond_json_precision_is_refused_anywhere_in_a_body(client):
    game = _game(client)
    response = client.post(f"/api/games/{game['id']}/actions",
                           json={"expected_version": 1, "type": "note", "text": "x", "extra": [{"n": 10**30}]})
    assert response.status_code == 400 and "extra.0.n" in response.get_json()["error"]


def test_a_database_error_that_is_not_an_outage_is_a_500_never_a_503(tmp_path):
    """A constraint the database enforces (here a trigger refusing every event) is a bug of ours,
    not an outage: logged, 500, and never "storage unavailable"."""
    from sqlalchemy import text

    from .test_web_fixtures import make_app

    app = make_app("sqlite", tmp_path)
    client = app.test_client()
    game = _game(client)
    with app.extensions["fallujah.store"].engine.begin() as conn:
        conn.execute(text("CREATE TRIGGER refuse BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'refused'); END"))
    response = client.post(f"/api/games/{game['id']}/actions", json={"expected_version": 1, "type": "note", "text": "x"})
    assert response.status_code == 500 and "storage unavailable" not in response.get_json()["error"]
    app.extensions["fallujah.store"].engine.dispose()


# -- import errors name the event once --------------------------------------------------------------


def test_an_import_error_names_the_event_once(client):
    game = _game(client)
    client.post(f"/api/games/{game['id']}/actions", json={"expected_version": 1, "type": "roll", "dice": 2,
                                                         "purpose": "test"})
    exported = client.get(f"/api/games/{game['id']}/export").get_json()
    exported["events"][1]["payload"]["faces"] = [3]
    error = client.post("/api/games/import", json=exported).get_json()["error"]
    assert error.startswith("events.1.payload.faces:") and "events.1.events" not in error


# -- the command line: one rule of exit statuses ----------------------------------------------------


def _line(result: subprocess.CompletedProcess[str], status: int) -> str:
    assert result.returncode == status, (result.returncode, result.stdout[-300:], result.stderr[-600:])
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in result.stderr, result.stderr
    return lines[0]


@pytest.mark.parametrize(("args", "status"), [
    (["rule", "99.9"], 1), (["rule", "99.9", "--json"], 1), (["compare", "99.9"], 1), (["glossary", "warp drive"], 1),
    (["rule", "11.4.1", "--lang", "de"], 2), (["rule", "11.4.1", "--game", "xyz"], 2), (["adjudicate", "parachute"], 2),
])
def test_lookups_exit_1_and_usage_errors_2_as_the_readme_says(args, status):
    _line(run_cli(*args, stdin="{}"), status)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "**1, data or lookup**" in readme and "**2, usage**" in readme


def test_an_empty_game_is_an_unknown_game_not_a_path():
    for args in (["rule", "11.1", "--game", ""], ["rule", "11.1", "--game="], ["glossary", "--game", ""]):
        line = _line(run_cli(*args), 2)
        assert "unknown game ''" in line and str(ROOT) not in line


def test_compare_on_a_game_with_one_rulebook_is_one_line_exit_2():
    line = _line(run_cli("compare", "1", "--game", "battle-for-fallujah"), 2)
    assert "one rulebook" in line


def test_serve_with_an_empty_db_is_refused_not_the_default_database():
    result = run_cli("serve", "--db", "", "--port", "1")
    assert "--db" in _line(result, 2) and "Serving" not in result.stdout


# -- IPv6 loopback ----------------------------------------------------------------------------------


def test_an_ipv6_host_header_is_cut_at_its_port_not_its_first_colon():
    assert is_trusted("[::1]:5000", DEFAULT_TRUSTED_HOSTS) and is_trusted("[::1]", DEFAULT_TRUSTED_HOSTS)
    assert is_trusted("localhost:5000", DEFAULT_TRUSTED_HOSTS) and is_trusted("127.0.0.1", DEFAULT_TRUSTED_HOSTS)
    assert not is_trusted("[::2]:5000", DEFAULT_TRUSTED_HOSTS) and not is_trusted("evil.example:80", DEFAULT_TRUSTED_HOSTS)
    assert is_trusted("a.example.org:8000", [".example.org"]) and not is_trusted("example.org.evil", [".example.org"])


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.skipif(not _ipv6_loopback(), reason="this machine has no IPv6 loopback")
def test_serve_on_the_ipv6_loopback_answers(tmp_path):
    """Reproduction: ``serve --host ::1`` refused every request (werkzeug cut ``[::1]:5000`` at its first colon)."""
    with socket.socket(socket.AF_INET6) as s:
        s.bind(("::1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([str(FALLUJAH), "serve", "--host", "::1", "--port", str(port), "--db",
                               f"sqlite:///{tmp_path / 'v6.sqlite3'}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        assert server.stdout is not None
        assert f"http://[::1]:{port}/" in server.stdout.readline()
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://[::1]:{port}/api/games", timeout=5) as response:
                    assert response.status == 200 and "games" in json.loads(response.read())
                break
            except ConnectionError:
                assert time.monotonic() < deadline
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=20)


# -- a long text is refused in every game (each text's bound in its model: test_conformance_bounds) --


def test_a_four_megabyte_reason_or_note_is_refused_in_every_game(client):
    for game, setup in (("phantom-fury", ORDER_OF_BATTLE), ("battle-for-fallujah", {}), ("second-fallujah", {}),
                        ("fallujah-cards", {})):
        created = client.post("/api/games", json={**setup, "game": game}).get_json()
        for body in ({"type": "note", "text": "x" * 4_000_000}, {"type": "vp", "reason": "x" * 4_000_000, "value": 1}):
            response = client.post(f"/api/games/{created['id']}/actions", json={"expected_version": 1, **body})
            assert response.status_code == 400, (game, body["type"], response.status_code)
            assert len(response.data) < 64 * 1024
