"""Issue 23, item 1: no 500 from any input, on every route of every game, at both databases.

Every route of the app's URL map is called for every registered game: each POST with bodies past
every bound (nested 10,000 deep, a million keys, a 10 MB string) and with hostile values (10**30,
lone surrogates, NULs, long text) in every field of every action and situation the game
declares; each GET with hostile path segments and query values. The big bodies are built once.
A body past a bound is a 400 naming the bound; nothing is ever a 500.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from functools import cache
from typing import Any
from urllib.parse import quote

import pytest

from adjudicator.json_bounds import MAX_DEPTH, MAX_KEYS, MAX_NODES
from web.games import companions

from .test_web_fixtures import BACKENDS, make_app

#: the setup each game needs beyond its defaults
SETUPS: dict[str, dict[str, Any]] = {"phantom-fury": {"strong_points": 2}}
#: values put in every field: too large for SQL, not text, too long, too deep
HOSTILE: list[Any] = [10**30, -(10**30), "\ud800", "a\x00b", "x" * 20_000, 2**63]
DEEP = "[" * 10_000 + "]" * 10_000


def _raw(value: Any) -> str:
    return json.dumps(value)  # lone surrogates escaped (\ud800), as a browser's JSON.stringify sends them


@cache
def _big() -> dict[str, tuple[str, str]]:
    """Bodies past each bound: name -> (raw body, the words of the bound the refusal names). Made
    when the test asks (about 20 MB, 0.8 s), not when every worker collects this module."""
    million = "{" + ",".join(f'"k{n}":0' for n in range(1_000_000)) + "}"
    few_keys = "{" + ",".join(f'"k{n}":0' for n in range(MAX_KEYS + 1)) + "}"
    return {
        "deep": ('{"type": "note", "input": ' + DEEP + "}", f"nested at most {MAX_DEPTH} deep"),
        "million keys": (million, f"at most {MAX_NODES:,} values"),
        "keys": (few_keys, f"at most {MAX_KEYS} keys"),
        "10 MB string": (json.dumps({"type": "note", "text": "\u00e9" * 5_000_000, "reason": "r"}, ensure_ascii=False), ""),
    }


@pytest.fixture(scope="module", autouse=True)
def _young_heap() -> Iterator[None]:
    """What the test process holds is left out of the garbage collector's full passes while this
    module runs (as ``fallujah serve`` does with the app's, tests/conftest.py at collection): the
    companion collects after each large body (web/security.py), and every pass walked the
    worker's whole heap, by then that of hundreds of tests (0.1 s a body)."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture(scope="module", params=BACKENDS)
def world(request, tmp_path_factory) -> Iterator[tuple[Any, Any, dict[str, str]]]:
    """An app with one game of each kind: (app, client, game -> its id)."""
    app = make_app(request.param, tmp_path_factory.mktemp("fuzz-routes"))
    client = app.test_client()
    ids = {}
    for game in companions():
        response = client.post("/api/games", json={"game": game, **SETUPS.get(game, {})})
        assert response.status_code == 201, (game, response.get_json())
        ids[game] = response.get_json()["id"]
    yield app, client, ids
    app.extensions["fallujah.store"].engine.dispose()


def _never_500(response: Any, what: str) -> None:
    assert response.status_code < 500, (what[:200], response.status_code, response.get_data(as_text=True)[:400])
    if response.status_code >= 400 and response.mimetype == "application/json":
        assert "error" in response.get_json()


def _post(client: Any, path: str, raw: str) -> Any:
    return client.post(path, data=raw.encode("utf-8", "surrogatepass"), content_type="application/json")


def _properties(schema: Any) -> set[str]:
    """Every property name anywhere in a JSON schema."""
    found: set[str] = set()
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            found.update((node.get("properties") or {}).keys())
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


def _posts(client: Any, ids: dict[str, str]) -> Iterator[tuple[str, str]]:
    """Every POST route of every game: (path, a body for it with the game's setup or version)."""
    for game, game_id in ids.items():
        version = client.get(f"/api/games/{game_id}").get_json()["version"]
        situations = list(client.get(f"/api/adjudicate?game={game}").get_json()["situations"])
        yield "/api/games", _raw({"game": game, **SETUPS.get(game, {})})
        yield "/api/games/import", _raw({"format": "fallujah-game", "format_version": 2, "game": game,
                                         "events": [{"version": 1, "kind": "setup", "payload": {}}]})
        for route in ("actions", "undo", "redo"):
            yield f"/api/games/{game_id}/{route}", _raw({"expected_version": version})
        for situation in situations[:1]:
            yield f"/api/adjudicate/{situation}?game={game}", "{}"


def test_bodies_past_every_bound_are_400_naming_the_bound_on_every_post_route(world):
    """The bounds are measured before the route or the game matters: every bound on every POST
    route once; the 10 MB string, which is parsed, on every POST route of every game."""
    _, client, ids = world
    seen: set[str] = set()
    for path, _ in _posts(client, ids):
        route = path.split("?")[0].replace(next((i for i in ids.values() if i in path), "-"), "<id>")
        for name, (raw, bound) in _big().items():
            if bound and route in seen:
                continue
            response = _post(client, path, raw)
            _never_500(response, f"{name} -> {path}")
            assert response.status_code in (400, 404, 409, 422), (name, path, response.status_code)
            if bound:
                assert response.status_code == 400 and bound in response.get_json()["error"], (name, path)
        seen.add(route)


def test_hostile_values_in_every_field_of_every_action_and_situation(world):
    """Each body holds every field the game declares anywhere, each hostile value in turn in a
    different field, so that every field meets every value."""
    _, client, ids = world
    for game, game_id in ids.items():
        schema = client.get(f"/api/actions?game={game}").get_json()
        fields = sorted(_properties(schema) | {"amends", "input", "reason", "text", "note", "app_roll"})
        version = client.get(f"/api/games/{game_id}").get_json()["version"]

        def hostile(shift: int, fields: list[str] = fields) -> dict[str, Any]:
            return {field: HOSTILE[(n + shift) % len(HOSTILE)] for n, field in enumerate(fields)}

        for n, action in enumerate([*schema["types"], "amend"]):
            body = {**hostile(n), "type": action, "expected_version": version}
            _never_500(_post(client, f"/api/games/{game_id}/actions", _raw(body)), f"{game} {action}")
        for value in HOSTILE:
            body = {"type": "amend", "expected_version": version, "amends": value, "input": {}}
            _never_500(_post(client, f"/api/games/{game_id}/actions", _raw(body)), f"{game} amend {value!r:.40}")
            _never_500(_post(client, f"/api/games/{game_id}/actions", _raw({"type": "note", "expected_version": value})),
                       f"{game} expected_version {value!r:.40}")
        deep = '{"type": "adjudication", "expected_version": ' + str(version) + ', "input": ' + DEEP + "}"
        assert _post(client, f"/api/games/{game_id}/actions", deep).status_code == 400
        for shift in range(len(HOSTILE)):
            _never_500(_post(client, "/api/games", _raw({**hostile(shift), "game": game})), game)
        names = sorted(fields + ["roll", "rolls", "cf"])
        for n, situation in enumerate(client.get(f"/api/adjudicate?game={game}").get_json()["situations"]):
            body = _raw({name: HOSTILE[(i + n) % len(HOSTILE)] for i, name in enumerate(names)})
            _never_500(_post(client, f"/api/adjudicate/{situation}?game={game}", body), situation)


#: path segments and query values a client may send: NUL, a lone surrogate's UTF-8 bytes, 10**30, long
SEGMENTS = ["%00", "%ED%A0%80", "9" * 31, "x" * 5000]
QUERIES = ["%00", "%ED%A0%80", str(10**30), "-" + str(10**30), "x" * 5000, "1e999"]
QUERY_NAMES = ["game", "lang", "limit", "after", "zone", "q", "kind", "from", "roll", "cf", "input", "page", "unit"]


def test_every_get_route_of_every_game_with_hostile_segments_and_queries(world):
    app, client, ids = world
    rules = [r for r in app.url_map.iter_rules() if "GET" in r.methods and not r.rule.startswith("/static")]
    for game, game_id in ids.items():
        for rule in rules:
            for n, segment in enumerate([*SEGMENTS, game_id, game] if rule.arguments else [""]):
                path = rule.rule
                for argument in rule.arguments:
                    path = path.replace(f"<{argument}>", segment).replace(f"<path:{argument}>", segment)
                value = QUERIES[n % len(QUERIES)]
                query = "&".join(f"{name}={value}" for name in QUERY_NAMES if name != "game")
                _never_500(client.get(f"{path}?{query}&game={game}"), f"{path}?{query[:80]}")
                _never_500(client.get(f"{path}?game={quote(segment, safe='%')}"), path)
