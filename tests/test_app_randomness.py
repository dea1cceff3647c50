"""The app's randomness is seeded per game (issue 20; :mod:`web.randomness`), over every game whose
companion declares a random move: undoing a move the app drew (a roll, a chit) and making it again
draws the same outcome, redoing it gives the same state, and nothing before it can be undone.
Nothing here names a game: each random move is tried on the game's sample as it goes, from its
setup on, until the game allows it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from web import games as registry
from web import randomness

from .test_kernel_properties import _samples, _strip
from .test_web_fixtures import make_app

pytestmark = pytest.mark.conformance

RANDOM_MOVES = [pytest.param(game, kind, id=f"{game}-{kind}") for game in registry.known_games()
                if registry.has_companion(game) for kind in sorted(registry.companion(game).moves.random)]
#: what a random move asks besides its type (the app fills in the rest)
BODIES = {"roll": {"dice": 2}}


class Game:
    """One stored game played through the JSON API."""

    def __init__(self, client: Any, game: str, setup: dict[str, Any]):
        self.client = client
        created = client.post("/api/games", json={"game": game, **setup})
        assert created.status_code == 201, created.get_json()
        self.id, self.version = created.get_json()["id"], created.get_json()["version"]

    def post(self, path: str, body: dict[str, Any] | None = None) -> Any:
        response = self.client.post(f"/api/games/{self.id}/{path}", json={"expected_version": self.version,
                                                                          **(body or {})})
        if response.status_code == 200:
            self.version = response.get_json()["version"]
        return response

    def last_payload(self) -> dict[str, Any]:
        return self.client.get(f"/api/games/{self.id}/log?after={self.version - 1}").get_json()["events"][0]["payload"]

    def state(self) -> dict[str, Any]:
        return _strip(self.client.get(f"/api/games/{self.id}").get_json())


def _reach(game: Game, body: dict[str, Any], samples: list[dict[str, Any]]) -> Any:
    """Play the sample's moves until the game takes ``body``; its answer."""
    answer = game.post("actions", body)
    for sample in samples:
        if answer.status_code == 200:
            break
        game.post("actions", sample)
        answer = game.post("actions", body)
    assert answer.status_code == 200, f"the sample never reaches a state that takes {body}: {answer.get_json()}"
    return answer


@contextmanager
def _reached(game_id: str, kind: str, tmp_path: Path) -> Iterator[tuple[Game, dict[str, Any], list[dict[str, Any]]]]:
    """A new stored game of ``game_id`` played on its sample until it takes the random move
    ``kind``, made: the game, the move's body and the sample's actions (the app's database is
    closed after)."""
    app = make_app("sqlite", tmp_path)
    try:
        setup, samples = _samples(registry.companion(game_id))
        game = Game(app.test_client(), game_id, setup)
        body = {"type": kind, **BODIES.get(kind, {})}
        _reach(game, body, samples)
        yield game, body, samples
    finally:
        app.extensions["fallujah.store"].engine.dispose()


@pytest.mark.parametrize(("game_id", "kind"), RANDOM_MOVES)
def test_a_random_move_undone_and_made_again_draws_the_same(game_id: str, kind: str, tmp_path) -> None:
    with _reached(game_id, kind, tmp_path) as (game, body, _):
        drawn, state = game.last_payload(), game.state()
        assert drawn["draw_index"] >= 0
        assert state["can_undo"] and state["undo_version"] == game.version

        assert game.post("undo").status_code == 200
        assert game.post("redo").status_code == 200
        assert game.state() == state, "redo gives the state the move made"
        assert game.post("undo").status_code == 200
        assert game.post("actions", body).status_code == 200
        again = game.last_payload()
        assert again == drawn, "made again on the same line of play, the move draws the same"

        assert game.post("undo").status_code == 200
        refused = game.post("undo")
        assert refused.status_code == 422 and refused.get_json()["problems"][0]["field"] == "undo", \
            "nothing before the app's draw can be undone (it showed what the stream holds next)"


@pytest.mark.parametrize(("game_id", "kind"), [p for p in RANDOM_MOVES if p.values[1] == "roll"][:1])
def test_the_next_draw_is_the_same_whatever_is_done_between(game_id: str, kind: str, tmp_path) -> None:
    """Moves that draw nothing do not move the stream on: undo a roll, make other moves, roll: the
    same faces (no other move is a way to roll again)."""
    with _reached(game_id, kind, tmp_path) as (game, body, samples):
        drawn = game.last_payload()
        assert game.post("undo").status_code == 200
        others = [s for s in samples if s.get("type") not in registry.companion(game_id).moves.random]
        taken = sum(game.post("actions", s).status_code == 200 for s in others)
        assert taken, "some sample move was taken between"
        assert game.post("actions", body).status_code == 200
        assert game.last_payload()["faces" if "faces" in drawn else "draw"] == \
            drawn["faces" if "faces" in drawn else "draw"]
        assert game.post("actions", body).status_code == 200
        assert game.last_payload()["draw_index"] == drawn["draw_index"] + 1


def test_the_place_follows_the_line_of_play() -> None:
    """An undo takes the place back to before the move undone, a redo to after it; other moves
    leave it (events: (version, kind, payload), the random moves as actions)."""
    log = [(2, "action", {}), (3, "action", {}), (5, "undo", {"undone": 3}), (6, "action", {}),
           (8, "undo", {"undone": 6}), (9, "redo", {"redone": 6})]
    assert [randomness.place(log, v) for v in range(1, 11)] == [0, 1, 2, 2, 1, 2, 2, 1, 2, 2]


def test_streams_differ_by_game_and_place_and_repeat_for_the_same() -> None:
    secret = b"k" * 32
    draw = [randomness.stream(secret, "game", n).random() for n in range(3)]
    assert draw == [randomness.stream(secret, "game", n).random() for n in range(3)]
    assert len(set(draw)) == 3
    assert randomness.stream(secret, "other", 0).random() != draw[0]
    assert randomness.stream(b"j" * 32, "game", 0).random() != draw[0]
