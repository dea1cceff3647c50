"""Second Fallujah on the table (issue 24, "fix the table"): the counters and markers a state holds,
named as the rulebook names them, for :mod:`web.table` to list what the player changes.

Units stand in an area, an Entry Zone, the riverine holding box or the Force Pool (2.3, 7.2.3,
11.1), Fresh or flipped to their Spent side (3.3), an Insurgent unit perhaps under a Dug In marker
(3.7); each area holds a control marker, Insurgent or Coalition side up (9, 11.1); the RESISTANCE
marker (14.2); the impulse marker on the Impulse Track, flipped to the side of the player in the
impulse (4.1); the Advantage marker in its Available or Used box, its owner's side up (10); the
Game Turn Marker (11.1) and the Political marker on the Political Backlash Track (7.5).
"""

from __future__ import annotations

from web.table import Face, Piece, Table, Track
from web.translate import gettext as _

from .state import GameState, UnitState


def _place(location: int | str) -> str | None:
    """A unit's place in words; None once eliminated (off the table)."""
    if isinstance(location, int):
        return _("area %(n)s", n=location)
    return {"nw_entry_zone": _("the NW Entry Zone"), "ne_entry_zone": _("the NE Entry Zone"),
            "riverine_box": _("the riverine holding box"), "force_pool": _("the Force Pool")}.get(location)


def _side(side: str) -> str:
    return _("Coalition") if side == "coalition" else _("Insurgent")


def _unit(unit: UnitState) -> list[Piece]:
    where = _place(unit.location)
    if where is None:
        return []
    face = (Face("side", "spent", _("Flip %(unit)s to its Spent side.", unit=unit.label), "3.3")
            if unit.status == "spent" else
            Face("side", "fresh", _("Flip %(unit)s to its Fresh side.", unit=unit.label), "3.3", True))
    pieces = [Piece(f"unit:{unit.id}", unit.label, where, faces=(face,), rule="3")]
    if unit.dug_in:
        pieces.append(Piece(f"dug_in:{unit.id}", _("a Dug In marker"), _("the stack of %(unit)s", unit=unit.label),
                            rule="3.7"))
    return pieces


def table(state: GameState) -> Table:
    """What a game of Second Fallujah has on the table."""
    pieces = [piece for unit in state.units for piece in _unit(unit)]
    for area in state.areas:
        faces = (Face("side", area.control, _("Flip the control marker of area %(n)s to its %(side)s side.",
                                               n=area.id, side=_side(area.control)), "9", area.control == "insurgent"),)
        pieces.append(Piece(f"area:{area.id}:control", _("a control marker"), _("area %(n)s", n=area.id),
                            faces=faces, rule="9"))
    if state.resistance is not None:
        pieces.append(Piece("resistance", _("the RESISTANCE marker"), _("area %(n)s", n=state.resistance),
                            rule="14.2"))
    pieces.append(Piece("impulse", _("the impulse marker"), _("space %(n)s of the Impulse Track", n=state.impulse),
                        faces=(Face("side", state.side, _("Flip the impulse marker to its %(side)s side.",
                                                          side=_side(state.side)), "4.1"),), rule="4.1"))
    pieces.append(Piece("advantage", _("the Advantage marker"),
                        _("the Available Box") if state.advantage.available else _("the Used Box"),
                        faces=(Face("side", state.advantage.owner, _("Flip the Advantage marker to its %(side)s side.",
                                                                     side=_side(state.advantage.owner)), "10"),),
                        rule="10"))
    return Table(tuple(pieces), (
        Track("turn", _("the Game Turn Marker"), _("Nov %(day)s", day=state.turn), "11.1"),
        Track("backlash", _("the Political marker on the Political Backlash Track"), str(state.political_backlash),
              "7.5"),
    ))
