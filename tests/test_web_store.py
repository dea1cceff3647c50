"""The event log: undo and redo against a model of boardgame.io's stacks, snapshots and the
cache giving the same state as a fold from the first event, one transaction per write."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web.eventlog import Event
from web.games.phantom_fury.apply import KERNEL
from web.games.phantom_fury.rules import rules
from web.games.phantom_fury.view import computed

from .test_web_fixtures import ORDER_OF_BATTLE, Player, make_app

pytest_plugins = ["tests.test_web_fixtures"]

STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("vp"), st.integers(1, 3)),
        st.tuples(st.just("next_phase"), st.none()),
        st.tuples(st.just("roll"), st.none()),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("redo"), st.none()),
    ),
    min_size=1,
    max_size=40,
)


class Model:
    """boardgame.io's undo/redo: a stack of earlier states, a stack of undone ones."""

    def __init__(self) -> None:
        self.now = (0, 0)  # (vp, phases played)
        self.undo: list[tuple[int, int]] = []
        self.redo: list[tuple[int, int]] = []

    def act(self, kind: str, count: int | None) -> None:
        before = self.now
        if kind == "vp":
            self.now = (before[0] + (count or 0), before[1])
        elif kind == "next_phase":
            self.now = (before[0], before[1] + 1)
        self.redo = []
        # the app's roll (seeded per game) can be undone, nothing before it
        self.undo = [before] if kind == "roll" else [*self.undo, before]

    def step(self, kind: str, count: int | None) -> bool:
        """Apply a step; False when the companion must refuse it."""
        if kind == "undo":
            if not self.undo:
                return False
            self.redo.append(self.now)
            self.now = self.undo.pop()
        elif kind == "redo":
            if not self.redo:
                return False
            self.undo.append(self.now)
            self.now = self.redo.pop()
        else:
            self.act(kind, count)
        return True


def _check(player: Player, model: Model, store) -> None:
    state = player.state
    assert state["vp"] == model.now[0]
    assert (state["turn"] - 1) * 6 + ["support", "reinforcements", "fire", "movement", "assault",
                                      "reorganisation"].index(state["phase"]) == model.now[1]
    assert state["can_undo"] == bool(model.undo) and state["can_redo"] == bool(model.redo)
    loaded = store.load_uncached(player.id)
    assert loaded.version == state["version"] and loaded.vp == state["vp"]
    assert loaded.undo == tuple(store.state(player.id).undo)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_undo_redo_follow_boardgame_io_and_snapshots_agree(sqlite_app, steps):
    client, store = sqlite_app.test_client(), sqlite_app.extensions["fallujah.store"]
    store.snapshot_every = 3
    player, model = Player.new(client), Model()
    for kind, count in steps:
        allowed = model.step(kind, count)
        if kind in ("undo", "redo"):
            response = player.post(kind, {})
        else:
            body = {"type": kind, **({"reason": "guerillas_eliminated", "count": count} if kind == "vp" else {})}
            response = player.post("actions", body)
        assert (response.status_code == 200) == allowed, response.get_json()
        if allowed:
            player.state = response.get_json()
        _check(player, model, store)
    exported = client.get(f"/api/games/{player.id}/export").get_json()
    replayed = KERNEL.fold([Event(e["version"], e["kind"], e["payload"]) for e in exported["events"]])
    assert replayed == store.load_uncached(player.id)


def _reference_text(state, game_id: str) -> str:
    """The state's JSON as pydantic renders it whole: what the cached, piecewise rendering of
    :func:`web.game.view.state_text` must equal byte for byte."""
    extra = json.dumps(computed(state, game_id, rules()), ensure_ascii=False, separators=(",", ":"))
    return extra[:-1] + "," + state.model_dump_json(exclude={"undo", "redo"})[1:]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.one_of(
    STEPS.map(lambda steps: steps[0]),
    st.tuples(st.just("zone_ruins"), st.integers(1, 25)),
    st.tuples(st.just("unit_status"), st.integers(1, 9)),
), min_size=1, max_size=25))
def test_the_state_json_equals_pydantics_whole_rendering_after_every_step(sqlite_app, steps):
    client, store = sqlite_app.test_client(), sqlite_app.extensions["fallujah.store"]
    # a name holding the very key the rendering splices at, quotes and a backslash
    player = Player.new(client, **{**ORDER_OF_BATTLE, "name": 'a","missions_used":{"x\\":1}'})
    for kind, value in steps:
        if kind in ("undo", "redo"):
            player.post(kind, {})
        elif kind == "zone_ruins":
            player.post("actions", {"type": kind, "zone": value})
        elif kind == "unit_status":
            player.post("actions", {"type": kind, "unit": f"squad-{value}", "status": "pinned"})
        else:
            player.post("actions", {"type": kind, **({"reason": "guerillas_eliminated", "count": value} if kind == "vp" else {})})
        body = client.get(f"/api/games/{player.id}").get_data(as_text=True).rstrip("\n")
        assert body == _reference_text(store.load_uncached(player.id), player.id)


def test_a_long_game_loads_from_its_last_snapshot(sqlite_app):
    client, store = sqlite_app.test_client(), sqlite_app.extensions["fallujah.store"]
    player = Player.new(client)
    for _ in range(250):
        player.act("vp", reason="guerillas_eliminated")
    with store.engine.connect() as conn:
        from sqlalchemy import text
        versions = [row[0] for row in conn.execute(text("SELECT version FROM snapshots ORDER BY version"))]
    assert versions == [1, 100, 200]
    assert store.load_uncached(player.id).vp == 250


def test_concurrent_writers_on_one_game_never_both_win(app):
    """Two devices posting on the same version: one succeeds, the other gets 409; none lost."""
    player = Player.new(app.test_client())
    version = player.state["version"]
    results: list[int] = []

    def post() -> None:
        response = app.test_client().post(f"/api/games/{player.id}/actions", json={
            "type": "vp", "reason": "guerillas_eliminated", "expected_version": version})
        results.append(response.status_code)

    threads = [threading.Thread(target=post) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [200] + [409] * 7
    state = app.test_client().get(f"/api/games/{player.id}").get_json()
    assert state["vp"] == 1 and state["version"] == version + 1


def test_a_new_app_on_the_same_database_sees_every_game(tmp_path):
    first = make_app("sqlite", tmp_path)
    player = Player.new(first.test_client())
    player.act("vp", reason="guerillas_eliminated")
    second = make_app("sqlite", tmp_path)
    assert second.test_client().get(f"/api/games/{player.id}").get_json()["vp"] == 1


def test_concurrent_writers_on_many_games_all_succeed(app):
    """Writes of many games at once (on SQLite they share transactions) are each applied once."""
    players = [Player.new(app.test_client()) for _ in range(10)]

    def play(player: Player) -> None:
        player.client = app.test_client()
        for _ in range(15):
            player.act("vp", reason="guerillas_eliminated")

    threads = [threading.Thread(target=play, args=(p,)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for player in players:
        state = app.test_client().get(f"/api/games/{player.id}").get_json()
        assert (state["vp"], state["version"]) == (15, 16)


def test_a_failing_write_is_rolled_back_alone(tmp_path):
    from sqlalchemy import func, insert, select

    from web.db import Writer, games, make_engine, upgrade

    engine = make_engine(f"sqlite:///{tmp_path / 'writer.sqlite3'}")
    upgrade(engine)
    writer = Writer(engine)
    row = {"name": "", "variant": "standard", "version": 1, "created_at": datetime.now(UTC),
           "updated_at": datetime.now(UTC)}

    def good(conn, version):
        conn.execute(insert(games).values(id="good", **row))
        return "done"

    def bad(conn, version):
        conn.execute(insert(games).values(id="bad", **row))
        raise RuntimeError("refused after writing")

    assert writer.run("good", good) == "done"
    with pytest.raises(RuntimeError):
        writer.run("bad", bad)
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(games)).scalar_one() == 1
    engine.dispose()
