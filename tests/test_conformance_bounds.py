"""Every string, list and mapping of every input has a bound in its model (issue 23, item 6): the
JSON schema of every situation of every game, and of every companion's actions and setup, gives
each ``array`` a ``maxItems``, each ``string`` a ``maxLength`` (or a fixed set of values) and each
mapping a ``maxProperties``; and a list one item over its bound is a 400 naming the field, the
list's length and the bound."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator import registry
from rules_text.loading import available_games
from web import games as companions

from .test_web_fixtures import make_app

pytestmark = pytest.mark.conformance

GAMES = registry.games()
COMPANIONS = [g for g in available_games() if companions.has_companion(g)]


def unbounded(node: Any, path: str = "#") -> list[str]:
    """Where in a JSON schema (its ``$defs`` included) a list, a text or a mapping has no bound."""
    found: list[str] = []
    if isinstance(node, dict):
        kind = node.get("type")
        if kind == "array" and "maxItems" not in node:
            found.append(f"{path}: an array without maxItems")
        if kind == "string" and not {"maxLength", "enum", "const"} & node.keys():
            found.append(f"{path}: a string without maxLength")
        if node.get("additionalProperties") not in (None, False) and "maxProperties" not in node:
            found.append(f"{path}: an object with additionalProperties without maxProperties")
        for key, value in node.items():
            found += unbounded(value, f"{path}/{key}")
    elif isinstance(node, list):
        for n, value in enumerate(node):
            found += unbounded(value, f"{path}/{n}")
    return found


def test_the_walk_finds_what_is_unbounded():
    schema = {"type": "object", "additionalProperties": {"type": "string"},
              "$defs": {"A": {"type": "array", "items": {"type": "string", "maxLength": 3}}}}
    assert unbounded(schema) == [
        "#: an object with additionalProperties without maxProperties",
        "#/additionalProperties: a string without maxLength",
        "#/$defs/A: an array without maxItems",
    ]


@pytest.mark.parametrize("game", GAMES)
def test_every_situation_bounds_its_lists_texts_and_mappings(game):
    found = {name: unbounded(registry.schema(name, game=game)) for name in registry.situations(game)}
    assert {name: paths for name, paths in found.items() if paths} == {}


@pytest.mark.parametrize("game", COMPANIONS)
def test_every_action_and_the_setup_bound_their_lists_texts_and_mappings(game):
    schemas = companions.companion(game).action_schema()
    assert {"schema", "setup_schema"} <= schemas.keys()
    found = {key: unbounded(value) for key, value in schemas.items() if key.endswith("schema")}
    assert {key: paths for key, paths in found.items() if paths} == {}


def _list_bound(schema: dict[str, Any], field: str) -> int | None:
    """The ``maxItems`` of a top-level field of a situation's schema, when it takes a list."""
    options = [schema["properties"][field], *schema["properties"][field].get("anyOf", [])]
    return next((o["maxItems"] for o in options if "maxItems" in o), None)


def one_over(game: str) -> tuple[str, dict[str, Any], str, int] | None:
    """A situation's first example with its first list (top level, an item in the example) one
    item over its ``maxItems``: (situation, body, field, bound); None when no situation of the
    game takes a list (a game written by ``fallujah new-game`` takes none until its author adds one)."""
    takes_a_list = False
    for name in registry.situations(game):
        schema = registry.schema(name, game=game)
        takes_a_list = takes_a_list or any(_list_bound(schema, field) is not None for field in schema["properties"])
        for example in registry.procedure(name, game=game).examples:
            for field, value in example.items():
                bound = _list_bound(schema, field)
                if bound is not None and isinstance(value, list) and value:
                    return name, {**example, field: [value[0]] * (bound + 1)}, field, bound
    if takes_a_list:
        raise AssertionError(f"{game}: a situation takes a list, but no example holds one (add an example that does)")
    return None


@pytest.mark.parametrize("game", GAMES)
def test_a_list_one_item_over_its_bound_is_a_400_naming_it(game, tmp_path):
    found = one_over(game)
    if found is None:
        pytest.skip(f"{game}: no situation takes a list, so no list bound to pass")
    name, body, field, bound = found
    app = make_app("sqlite", tmp_path)
    response = app.test_client().post(f"/api/adjudicate/{name}?game={game}", json=body)
    app.extensions["fallujah.store"].engine.dispose()
    assert response.status_code == 400
    answer = response.get_json()
    assert field in answer["error"]
    problem = next(p for p in answer["problems"] if p["field"] == field)
    assert problem["allowed"] == f"at most {bound} items (this one has {bound + 1})"
