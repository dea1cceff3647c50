"""A sample game for the conformance test: a game played with the app's deck from seed 7, its
first decisions taken by the greedy policy, then one undone and redone, and a note."""

from __future__ import annotations

from typing import Any

from adjudicator.games.fallujah_cards.policies import greedy_action

from . import actions as a
from .advice import web_action
from .apply import KERNEL, initial_state

SEED = 7
DECISIONS = 12


def events() -> list[dict[str, Any]]:
    setup = a.parse_setup({"mode": "app", "seed": SEED, "name": "Sample"})
    events: list[dict[str, Any]] = [{"version": 1, "kind": "setup", "payload": setup.model_dump(mode="json")}]
    state = initial_state(setup)
    while len(events) <= DECISIONS and not state.table().over:
        body = web_action(greedy_action(state.table()))
        state, _ = KERNEL.play(state, a.parse_action(body), len(events) + 1)
        events.append({"version": len(events) + 1, "kind": "action", "payload": body})
    events.append({"version": len(events) + 1, "kind": "action", "payload": {"type": "note", "text": "a sample"}})
    events.append({"version": len(events) + 1, "kind": "undo", "payload": {"undone": len(events)}})
    events.append({"version": len(events) + 1, "kind": "redo", "payload": {"redone": len(events) - 1}})
    return events
