"""What a recorded roll asks the player to do next, as the calculator page of a stored game lists it.

Recording an adjudication changes nothing on the map (it is the roll and its reading); each
consequence is a separate, undoable action payload for ``POST /api/games/<id>/actions`` (with the
rules that call for it), or a follow-up roll to open in another calculator. The companion
proposes; the player applies. A game's companion lists them (its ``consequences`` function); the
page ticks those already applied after the roll (:func:`applied`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Consequence:
    """One thing to do after the roll: an action to apply, or another roll to make."""

    en: str
    fr: str
    rules: tuple[str, ...]
    #: the action payload (without ``expected_version``), or None for a follow-up roll
    action: dict[str, Any] | None = None
    #: the calculator to open next and its query (the page's ``unit``, ``zone``, ``hex``, ``area``...)
    calculator: str | None = None
    query: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def english(cls, en: str, rules: tuple[str, ...], action: dict[str, Any] | None = None, *,
                calculator: str | None = None, query: dict[str, Any] | None = None) -> Consequence:
        """A consequence of a companion whose texts are English only (its French page shows them)."""
        return cls(en, en, rules, action, calculator, query or {})

    def payload(self) -> dict[str, Any] | None:
        """The action to post, citing the rules; None for a follow-up roll."""
        return None if self.action is None else {**self.action, "rules": list(self.rules)}


def _frozen(value: Any) -> Any:
    """A payload's value that can be compared and hashed (a list or an object as a tuple)."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value


def _identity(payload: dict[str, Any], keys: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(_frozen(payload.get(key)) for key in keys)


def applied(listed: list[Consequence], later: list[dict[str, Any]],
            identity: tuple[str, ...]) -> list[tuple[Consequence, bool]]:
    """Each consequence of a recorded roll and whether it was applied: an action applied after
    the roll (``later``, as :func:`web.calculator.recorded_event` gives their payloads) has the
    same values under the ``identity`` keys, the game's fields that say which consequence an action
    is whatever its counts (a follow-up roll is never applied)."""
    done = {_identity(payload, identity) for payload in later}
    return [(c, c.action is not None and _identity(c.action, identity) in done) for c in listed]
