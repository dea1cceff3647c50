"""Fix the table (issue 24, item 3): the physical changes a player makes on the board after an
event, in the rulebook's words, whatever the game.

A game declares only its vocabulary: ``Companion.table(state) -> Table``, the counters, markers and
track markers its state holds, each named as its rulebook names it (through the game's gettext
catalogue, so in the page's language), where it stands and how it is turned (its side up, its
facing), each way of turning it with the rulebook's instruction ("rotate it to the left so that
'PINNED' is uppermost", 11.5). This module compares two tables and words the difference: which
counter to place, remove, move or turn, and where; which marker moves on which track. The list of
an undo is the list of its action read backwards, because it is the difference the other way round;
a rollback's is the combined difference between the state it leaves and the one it returns to.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from web.translate import gettext as _


@dataclass(frozen=True)
class Face:
    """How a piece is turned in one respect (``aspect``: its side up, its facing, the value shown),
    and the rulebook's instruction that turns it so (``turn``, a whole clause naming the piece)."""

    aspect: str
    value: str
    turn: str
    rule: str | None = None
    #: the way the piece is put on the table: not said again when it is placed
    normal: bool = False


@dataclass(frozen=True)
class Piece:
    """A counter or marker, or several identical ones stacked in one place (``count``)."""

    #: what the piece is, the same in every state (``"unit:<id>"``, ``"zone:<n>:<marker>"``)
    key: str
    #: its name for one, in the rulebook's words (a unit's name, "a <marker> marker")
    name: str
    #: where it stands, in words (the place as the rulebook names it); None: not on the table
    where: str | None
    count: int = 1
    #: its name for several, with ``%(num)d`` ("%(num)d <marker> markers"); None: never several
    several: str | None = None
    faces: tuple[Face, ...] = ()
    rule: str | None = None

    def named(self, count: int) -> str:
        """The piece's name for ``count`` of it."""
        return self.name if count == 1 or self.several is None else self.several % {"num": count}


@dataclass(frozen=True)
class Track:
    """A marker on a track: its name with its track's ("the game turn marker") and the value it marks."""

    key: str
    marker: str
    value: str
    rule: str | None = None


@dataclass(frozen=True)
class Table:
    """What a game's state holds on the table."""

    pieces: tuple[Piece, ...] = ()
    tracks: tuple[Track, ...] = ()


EMPTY_TABLE = Table()


@dataclass(frozen=True)
class Change:
    """One thing to do on the table, with its rule."""

    text: str
    rule: str | None = None

    def as_json(self) -> dict[str, str | None]:
        return {"text": self.text, "rule": self.rule}


#: A game's table of a state (``Companion.table``).
TableOf = Callable[[Any], Table]


def _on(piece: Piece | None) -> bool:
    return piece is not None and piece.where is not None and piece.count > 0


def changes(before: Table, after: Table) -> list[Change]:
    """What to do on the table to go from ``before`` to ``after``: removals first, then moves,
    placements, turns and track markers (the order a player clears a stack before filling it)."""
    was = {piece.key: piece for piece in before.pieces}
    now = {piece.key: piece for piece in after.pieces}
    removed: list[Change] = []
    moved: list[Change] = []
    placed: list[Change] = []
    turned: list[Change] = []
    for piece in after.pieces:
        old = was.get(piece.key)
        if not _on(old):
            if _on(piece):
                placed.append(_place(piece, piece.count))
                turned.extend(Change(face.turn, face.rule) for face in piece.faces if not face.normal)
            continue
        assert old is not None and old.where is not None
        if not _on(piece):
            removed.append(_remove(old, old.count))
            continue
        assert piece.where is not None
        if old.where != piece.where:
            moved.append(Change(_("Move %(piece)s from %(from)s to %(to)s.", piece=piece.named(piece.count),
                                  **{"from": old.where, "to": piece.where}), piece.rule))
        elif piece.count > old.count:
            placed.append(_place(piece, piece.count - old.count))
        elif piece.count < old.count:
            removed.append(_remove(piece, old.count - piece.count))
        shown = {face.aspect: face.value for face in old.faces}
        turned.extend(Change(face.turn, face.rule) for face in piece.faces
                      if shown.get(face.aspect, face.value if face.normal else None) != face.value)
    removed.extend(_remove(old, old.count) for key, old in was.items() if key not in now and _on(old))
    marks = {track.key: track for track in before.tracks}
    tracks = [Change(_("Move %(marker)s from %(from)s to %(to)s.", marker=track.marker,
                       **{"from": marks[track.key].value, "to": track.value}), track.rule)
              for track in after.tracks if track.key in marks and marks[track.key].value != track.value]
    return removed + moved + placed + turned + tracks


def _place(piece: Piece, count: int) -> Change:
    return Change(_("Place %(piece)s in %(where)s.", piece=piece.named(count), where=piece.where), piece.rule)


def _remove(piece: Piece, count: int) -> Change:
    return Change(_("Remove %(piece)s from %(where)s.", piece=piece.named(count), where=piece.where), piece.rule)


def between(table: TableOf | None, before: Any, after: Any) -> list[Change]:
    """The changes between two states of a game (none for a game that declares no table, or
    from no state: the setup is laid out from the rulebook's own set-up)."""
    if table is None or before is None or after is None:
        return []
    return changes(table(before), table(after))


def as_json(found: Iterable[Change]) -> list[dict[str, str | None]]:
    return [change.as_json() for change in found]
