"""A piece a game's state tracks (a unit, a counter), looked up by its id: written once for
every game's state model."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar


class HasId(Protocol):
    """A piece with an id (a unit's, a counter's)."""

    @property
    def id(self) -> str: ...


P = TypeVar("P", bound=HasId)


def by_id(pieces: Iterable[P], piece_id: str) -> P | None:
    """The piece whose id is ``piece_id``, or None when there is none."""
    return next((piece for piece in pieces if piece.id == piece_id), None)
