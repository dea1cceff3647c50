"""Battle for Fallujah on the table (issue 24, "fix the table"): the counters, markers and chits a
state holds, named as the rulebook names them, for :mod:`web.table` to list what the player changes.

Coalition units stand in a hex or at their base (9.1), Good Order or turned to their 'Ops Complete'
side (6.2, 13.1, 13.5.1); a hex holds its Insurgent Resistance Level marker (+1 to +3, 25.9),
Wanted!, IED and Pacified markers, Isolated markers (25.12) and Insurgent units (5.1.2); the chits are
in the cup, drawn and set aside, or beside the cup (8, 9.4); the map's tracks hold the Turn Marker
(9.6), the VP Marker (9.2), the Media Track Marker (23.1) and the Political Pressure Marker (23.2).
"""

from __future__ import annotations

from web.table import Face, Piece, Table, Track
from web.translate import gettext as _

from .cup import label
from .state import GameState, HexState, UnitState


def _unit(state: GameState, unit: UnitState) -> Piece:
    keyed = state.map.counter(unit.id)
    name = keyed.name if keyed is not None else unit.id
    where = _("hex %(n)s", n=unit.hex) if unit.hex is not None else _("its base box")
    face = (Face("side", "ops_complete", _("Turn %(unit)s to its 'Ops Complete' side.", unit=name), "13.1")
            if unit.status == "ops_complete" else
            Face("side", "good_order", _("Turn %(unit)s over to its Good Order side.", unit=name), "13.5.1", True))
    return Piece(f"unit:{unit.id}", name, where, faces=(face,), rule="6")


def _hex(hex_: HexState) -> list[Piece]:
    n = hex_.number
    if not (hex_.resistance or hex_.wanted or hex_.ied or hex_.pacified or hex_.isolated or hex_.insurgents):
        return []
    here = _("hex %(n)s", n=n)
    pieces = []
    if hex_.resistance:
        pieces.append(Piece(f"hex:{n}:resistance", _("an Insurgent Resistance Level marker"), here, faces=(
            Face("level", str(hex_.resistance), _("Turn the Resistance Level marker of hex %(n)s to +%(level)s.",
                                                  n=n, level=hex_.resistance), "25.9"),), rule="25.9"))
    if hex_.wanted:
        pieces.append(Piece(f"hex:{n}:wanted", _("a Wanted! marker"), here, rule="4.3.1"))
    if hex_.ied:
        pieces.append(Piece(f"hex:{n}:ied", _("an IED Ambush! marker"), here, rule="25.5"))
    if hex_.pacified:
        pieces.append(Piece(f"hex:{n}:pacified", _("a Pacified marker"), here, rule="25.18"))
    for battalion in hex_.isolated:
        pieces.append(Piece(f"hex:{n}:isolated:{battalion}", _("an Isolated marker (%(battalion)s)",
                                                                battalion=battalion), here, rule="25.12"))
    for kind in sorted(set(hex_.insurgents)):
        count = hex_.insurgents.count(kind)
        pieces.append(Piece(f"hex:{n}:insurgent:{kind}", _("an Insurgent %(kind)s unit", kind=kind), here, count,
                            _("%%(num)d Insurgent %(kind)s units", kind=kind), rule="5.1.2"))
    return pieces


def _chits(counts: dict[str, int], box: str, where: str) -> list[Piece]:
    return [Piece(f"chit:{box}:{chit}", _("one %(chit)s chit", chit=label(chit)), where, n,
                  _("%%(num)d %(chit)s chits", chit=label(chit)), rule="8") for chit, n in counts.items() if n > 0]


def table(state: GameState) -> Table:
    """What a game of Battle for Fallujah has on the table."""
    pieces = [_unit(state, unit) for unit in state.units]
    pieces += [piece for hex_ in state.hexes for piece in _hex(hex_)]
    pieces += _chits(state.cup, "cup", _("the cup"))
    pieces += _chits(state.aside, "aside", _("the chits placed to one side"))
    pieces += _chits(state.beside, "beside", _("beside the cup"))
    return Table(tuple(pieces), (
        Track("turn", _("the Turn Marker on the Turn Track"), str(state.turn), "9.6"),
        Track("vp", _("the VP Marker on the Victory Point Track"), f"{state.vp:+d}" if state.vp else "0", "9.2"),
        Track("media", _("the Media Track Marker"), str(state.media), "23.1"),
        Track("pressure", _("the Political Pressure Marker"), f"+{state.pressure}", "23.2"),
    ))
