"""The companion kernel's properties, over every registered game (issue 20): a hypothesis state
machine plays random legal and illegal moves, undos and redos through the JSON API, on a real
database. Nothing here names a game: the moves come from each game's sample log (legal where the
sample made them, often illegal elsewhere) and from broken copies of them (an unknown type, a
field left out, a field of the wrong kind).

After every step:
- the state equals a replay of the stored log (folded again by the kernel, event by event, and
  in full from the export at the end);
- undo then redo gives the same state (checked whenever undo is allowed);
- versions only grow, one per event;
- no 500;
- every refusal names its field.

The ``kernel`` settings profile runs at least 200 steps per game, derandomized (the same steps on
every run, so a failure is reproducible, never a flake).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from web import games as registry
from web.companion import Companion
from web.eventlog import Event

from .test_web_fixtures import make_app

pytestmark = pytest.mark.conformance

#: steps per run and runs per game: at least 200 steps per game
STEPS, RUNS = 50, 5
settings.register_profile(
    "kernel", max_examples=RUNS, stateful_step_count=STEPS, derandomize=True, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

GAMES = [g for g in registry.known_games() if registry.has_companion(g)]

#: values a broken copy of a move puts in one of its fields
WRONG = (None, -1, 10**9, "?", [], {"x": 1}, True)


def _samples(companion: Companion) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    assert companion.sample is not None, f"{companion.game}: its companion declares no sample game"
    events = companion.sample()
    setup = dict(events[0]["payload"])
    actions = [e["payload"] for e in events if e["kind"] == "action" and e["payload"].get("type") != "amend"]
    assert actions, f"{companion.game}: its sample game has no action"
    return setup, actions


def _strip(state: dict[str, Any]) -> dict[str, Any]:
    """A state's JSON without its version (an undo and a redo move the version on)."""
    return {k: v for k, v in state.items() if k != "version"}


def machine_for(game: str) -> type[RuleBasedStateMachine]:
    companion = registry.companion(game)
    setup, samples = _samples(companion)
    types = list(companion.action_schema()["types"])

    class KernelMachine(RuleBasedStateMachine):
        steps = 0
        taken = 0

        def __init__(self) -> None:
            super().__init__()
            self.folder = Path(tempfile.mkdtemp(prefix="kernel-props-"))
            self.app = make_app("sqlite", self.folder)
            self.client = self.app.test_client()
            self.store = self.app.extensions["fallujah.store"]
            created = self.client.post("/api/games", json={"game": game, **setup})
            assert created.status_code == 201, created.get_json()
            self.id = created.get_json()["id"]
            self.version = created.get_json()["version"]
            self.seen: dict[int, Any] = {}
            self.replayed: Any = None
            self._replay_new_events()

        def teardown(self) -> None:
            try:
                exported = self.client.get(f"/api/games/{self.id}/export").get_json()
                folded = companion.moves.fold(Event(e["version"], e["kind"], e["payload"]) for e in exported["events"])
                assert folded.model_dump(mode="json") == self.store.load_uncached(self.id).model_dump(mode="json")
            finally:
                self.store.engine.dispose()
                shutil.rmtree(self.folder, ignore_errors=True)

        # -- what the steps check ----------------------------------------------------------

        def _replay_new_events(self) -> None:
            """Fold the events stored since the last step, as a fresh reader of the log would."""
            log = self.client.get(f"/api/games/{self.id}/log?after={self.replayed.version if self.replayed else 0}")
            for event in log.get_json()["events"]:
                self.replayed, _ = companion.apply(self.replayed, Event(event["version"], event["kind"],
                                                                        event["payload"]), self.seen.__getitem__)
                self.seen[event["version"]] = self.replayed

        def _answered(self, response: Any, before: int) -> bool:
            """True when the step was taken; otherwise the refusal is checked."""
            KernelMachine.steps += 1
            assert response.status_code < 500, response.get_data(as_text=True)[:2000]
            body = response.get_json()
            if response.status_code == 200:
                assert body["version"] == before + 1, "each event moves the version on by one"
                self.version = body["version"]
                KernelMachine.taken += 1
                self._replay_new_events()
                return True
            assert response.status_code in (400, 422), body
            assert body["error"] and body["problems"], body
            assert all(p["field"] for p in body["problems"]), f"a refusal that names no field: {body}"
            return False

        def _post(self, path: str, body: dict[str, Any]) -> bool:
            before = self.version
            return self._answered(self.client.post(f"/api/games/{self.id}/{path}",
                                                   json={"expected_version": before, **body}), before)

        @invariant()
        def the_state_is_a_replay_of_the_log(self) -> None:
            state = self.store.state(self.id)
            assert state.version == self.version == self.replayed.version
            assert state == self.replayed

        # -- the steps -----------------------------------------------------------------------

        @rule(payload=st.sampled_from(samples))
        def a_move_of_the_sample(self, payload: dict[str, Any]) -> None:
            self._post("actions", payload)

        @rule(payload=st.sampled_from(samples), data=st.data())
        def a_broken_move(self, payload: dict[str, Any], data: st.DataObject) -> None:
            fields = [k for k in payload if k != "type"]
            how = data.draw(st.sampled_from(["type", "drop", "wrong"] if fields else ["type"]))
            broken = dict(payload)
            if how == "type":
                broken["type"] = data.draw(st.sampled_from(["no_such_move", "", 7, None]))
            elif how == "drop":
                del broken[data.draw(st.sampled_from(fields))]
            else:
                broken[data.draw(st.sampled_from(fields))] = data.draw(st.sampled_from(WRONG))
            self._post("actions", broken)

        @rule(kind=st.sampled_from(types))
        def a_bare_move(self, kind: str) -> None:
            self._post("actions", {"type": kind})

        @rule()
        def undo(self) -> None:
            self._post("undo", {})

        @rule()
        def redo(self) -> None:
            self._post("redo", {})

        @precondition(lambda self: bool(self.replayed.undo))
        @rule()
        def undo_then_redo_gives_the_same_state(self) -> None:
            before = _strip(self.store.state(self.id).model_dump(mode="json"))
            assert self._post("undo", {}), "undo refused while the undo stack holds an action"
            assert self._post("redo", {}), "redo refused just after an undo"
            assert _strip(self.store.state(self.id).model_dump(mode="json")) == before

    KernelMachine.__name__ = f"KernelMachine_{registry.declaration(game).package}"
    return KernelMachine


@pytest.mark.parametrize("game", GAMES)
def test_random_moves_undos_and_redos_keep_the_kernels_properties(game: str) -> None:
    machine = machine_for(game)
    test = machine.TestCase
    test.settings = settings.get_profile("kernel")
    test().runTest()
    assert machine.steps >= 200, f"{machine.steps} steps: the profile runs at least 200 per game"
    assert machine.taken >= machine.steps // 10, f"only {machine.taken} of {machine.steps} steps were taken"


def test_the_sample_moves_are_json_the_api_takes() -> None:
    """The machine's moves are the samples' own payloads: plain JSON objects with a type."""
    for game in GAMES:
        for payload in _samples(registry.companion(game))[1]:
            assert json.loads(json.dumps(payload)) == payload and isinstance(payload.get("type"), str)
