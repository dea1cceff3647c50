"""The app's randomness, seeded per game: the n-th random move of a line of play always draws the same.

As boardgame.io keeps its random generator's state in the game's state (``ctx.random``), so that
undoing a move puts the generator back: each game draws from its own stream, and a random move
(a die the app rolls, a chit it draws: :attr:`web.kernel.Move.random`) reads the stream at its
*place*, the number of random moves kept in the line of play before it. An undo takes the line
back, so the move made again draws at the same place and gets the same outcome: a roll undone and
rolled again shows the same faces, and undo is no way to roll again. Moves that draw nothing do
not move the place on: whatever the player does between, the next roll is the same.

The stream is an HMAC-SHA256 of the server's secret (:class:`web.signing.Signer`, never exported),
the game's id and the place: a player who reads every export and log cannot tell the next roll.
The outcome itself is stored in the event as before (a replay never draws), with its place
(``draw_index``); an event stored without it (before this stream) folds as it always did.
"""

from __future__ import annotations

import hashlib
import hmac
from bisect import bisect_right
from collections.abc import Iterable
from random import Random
from typing import Any


def stream(secret: bytes, game_id: str, place: int) -> Random:
    """The random generator of draw ``place`` of a game (the same for the same three, always)."""
    digest = hmac.new(secret, f"{game_id}\x00{place}".encode("utf-8", "surrogatepass"), hashlib.sha256).digest()
    return Random(int.from_bytes(digest, "big"))


def place(events: Iterable[tuple[int, str, dict[str, Any]]], version: int) -> int:
    """The number of random moves in the line of play of the state at ``version``: its next random
    move's place. ``events`` are the game's undos, redos and random moves up to ``version``
    (``(version, kind, payload)``, oldest first; a random move is an ``action``): an action adds
    one to the place of the state before it, an undo of action ``t`` gives the place of the state
    before ``t``, a redo of ``t`` the place just after it."""
    versions: list[int] = [1]
    places: list[int] = [0]

    def at(v: int) -> int:
        return places[bisect_right(versions, v) - 1]

    for event_version, kind, payload in events:
        if event_version > version:
            break
        if kind == "undo":
            value = at(int(payload["undone"]) - 1)
        elif kind == "redo":
            value = at(int(payload["redone"]))
        else:
            value = at(event_version - 1) + 1
        versions.append(event_version)
        places.append(value)
    return at(version)
