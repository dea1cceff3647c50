"""Honest imports (issue 23, item 5; web/signing.py): the app's rolls are signed by the server that
rolled them. An export whose app roll was edited (other legal faces, the adjudication's input and
result recomputed through the server's own adjudicator to match) is refused by that server; on
another server, or without the signature, the rolls are kept as the player entered them and say so
in the log, and that server never signs them as its own."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from web.prepare import adjudicate
from web.signing import UNVERIFIED

from .test_app_rolls import CASES, Table, _new
from .test_web_fixtures import make_app

pytest_plugins = ["tests.test_web_fixtures"]


def _server(tmp_path, name: str):
    folder = tmp_path / name
    folder.mkdir()
    return make_app("sqlite", folder, BACKUPS=False, SIGNING_KEY_FILE=str(folder / "signing-key")).test_client()


def _played(client, game: str) -> dict[str, Any]:
    """A game with an app roll used by an adjudication, exported."""
    situation, input_of, _ = CASES[game]
    table = Table(client, _new(client, game))
    rolled = table.post(type="roll", dice=1, purpose=situation).get_json()["app_rolls"][-1]
    used = table.post(type="adjudication", situation=situation, input=input_of(rolled["faces"][0]),
                      rolls_by="app", app_roll=rolled["version"])
    assert used.status_code == 200, used.get_json()
    return client.get(f"/api/games/{table.id}/export").get_json()


def _edited(export: dict[str, Any], game: str) -> tuple[dict[str, Any], int]:
    """The export with its app roll showing another legal face, made consistent: the adjudication's
    input shows it and its result is the server's own adjudicator's answer to it."""
    situation, input_of, faces = CASES[game]
    edited = copy.deepcopy(export)
    roll = next(e for e in edited["events"] if e["payload"].get("type") == "roll")
    other = next(f for f in faces if f != roll["payload"]["faces"][0])
    roll["payload"]["faces"] = [other]
    adjudication = next(e for e in edited["events"] if e["payload"].get("type") == "adjudication")
    adjudication["payload"]["input"] = input_of(other)
    adjudication["payload"]["result"] = adjudicate(situation, input_of(other), game).model_dump(mode="json")
    return edited, roll["version"]


def _import(client, data: dict[str, Any]):
    return client.post("/api/games/import", json=data)


def _roll_effects(client, game_id: str) -> list[dict[str, Any]]:
    events = client.get(f"/api/games/{game_id}/log").get_json()["events"]
    return next(e["effects"] for e in events if e["type"] == "roll")


def _unverified(client, game_id: str) -> bool:
    return any(e["text"] == UNVERIFIED for e in _roll_effects(client, game_id))


@pytest.mark.parametrize("game", ["phantom-fury", "battle-for-fallujah"])
def test_an_edited_app_roll_is_refused_by_the_server_that_rolled_it(tmp_path, game):
    here = _server(tmp_path, "here")
    export = _played(here, game)
    assert export["signed_by"] and all("signature" in e for e in export["events"] if e["payload"].get("type") == "roll")

    same = _import(here, export)
    assert same.status_code == 201, same.get_json()
    assert not _unverified(here, same.get_json()["id"])  # its own roll, verified

    edited, version = _edited(export, game)
    refused = _import(here, edited)
    assert refused.status_code == 400, refused.get_json()
    problem = refused.get_json()["problems"][0]
    assert problem["field"] == f"events.{version - 1}.payload.faces" and "edited" in problem["allowed"]

    stripped = copy.deepcopy(export)
    for event in stripped["events"]:
        event.pop("signature", None)
    assert _import(here, stripped).status_code == 400  # a signed file whose roll lost its signature
    assert len(here.get("/api/games").get_json()["games"]) == 2  # nothing refused was stored


@pytest.mark.parametrize("game", ["phantom-fury", "battle-for-fallujah"])
def test_elsewhere_an_app_roll_is_kept_as_the_player_entered_it_and_never_signed_as_verified(tmp_path, game):
    here, there = _server(tmp_path, "here"), _server(tmp_path, "there")
    edited, _ = _edited(_played(here, game), game)

    kept = _import(there, edited)  # another server cannot tell: the faces are legal and consistent
    assert kept.status_code == 201, kept.get_json()
    game_id = kept.get_json()["id"]
    assert _unverified(there, game_id)
    assert UNVERIFIED in there.get(f"/games/{game_id}/log").get_data(as_text=True)

    again = there.get(f"/api/games/{game_id}/export").get_json()
    back_there = _import(there, again)  # its own export: still not verified, never promoted
    assert back_there.status_code == 201 and _unverified(there, back_there.get_json()["id"])
    back_here = _import(here, again)  # signed by the other server: not verified here either
    assert back_here.status_code == 201 and _unverified(here, back_here.get_json()["id"])

    unsigned = {k: v for k, v in edited.items() if k != "signed_by"}  # the signature's owner removed
    anonymous = _import(here, unsigned)
    assert anonymous.status_code == 201 and _unverified(here, anonymous.get_json()["id"])
