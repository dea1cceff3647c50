"""What every game's event log is made of, whatever the game: the stored event and the effects
a move reports. A game's companion folds its events into its own state; the store keeps them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

#: The kinds of stored event: the game's setup (the first), an action, an undo, a redo.
EVENT_KINDS = ("setup", "action", "undo", "redo")


@dataclass(frozen=True)
class Event:
    """One line of the log as stored: its version, kind and JSON payload."""

    version: int
    kind: str
    payload: dict[str, Any]


@dataclass(frozen=True)
class Effect:
    """Something a move did that the player should see in the log, with its rule."""

    rule: str | None
    text: str

    def as_json(self) -> dict[str, str | None]:
        return {"rule": self.rule, "text": self.text}


def exported(setup: dict[str, Any], actions: Iterable[dict[str, Any]],
             undone: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    """A game's events as an export lists them (``version``, ``kind``, ``payload``): the setup, then
    each action, those ``undone`` picks followed by their undo and redo (a pack's sample game)."""
    out: list[dict[str, Any]] = [{"version": 1, "kind": "setup", "payload": setup}]
    for action in actions:
        out.append({"version": len(out) + 1, "kind": "action", "payload": action})
        if undone(action):
            version = len(out)
            out.append({"version": len(out) + 1, "kind": "undo", "payload": {"undone": version}})
            out.append({"version": len(out) + 1, "kind": "redo", "payload": {"redone": version}})
    return out
