"""Phantom Fury on the table (issue 24, "fix the table"): the counters and markers a state holds,
named as the rulebook names them, for :mod:`web.table` to list what the player changes.

Units (5.1): a squad's front side has no casualties, its reverse side one Step Loss (5.1.1.1); a
Fired unit is rotated to the right, 'FIRED' uppermost (11.3), a Pinned squad to the left, 'PINNED'
uppermost (11.5), and reoriented to its normal facing at Reorganisation (14.3.3, 14.3.4). A CAAT
support, its 'Ammo' marker (rotated, the uses left uppermost: 6.3.1, 11.1.2.1) and its 'Explosives'
marker, and a 'Hero' marker (5.1.5) stay stacked with their squad. Zones: the marker in the 'Control'
box ('Activated Start Zone', 'Activated Zone' or 'Activated Strong Point', flipped to its 'USMC
Control' side: 4.1.3, 12.2.1.1), the 'Rubble' markers of a Ruins Zone (4.1.6), the 'Phantom Fury'
marker (0015, then 0030: 13.4.3.2, 14.5), 'Fanaticism' (13.4.3.3) and 'No Insurgents Event'
(13.6.4) markers, 'Suspect' markers (5.3) and 'Insurgents' units (5.2). Tracks: the game turn
marker (5.4) and the two VP markers (7).
"""

from __future__ import annotations

from web.table import Face, Piece, Table, Track
from web.translate import gettext as _

from .log import _unit_name, _where
from .state import GameState, UnitState, ZoneState

#: the printed name of the marker in a Zone's 'Control' box, by how the Zone was Activated (6.2, 4.1.3)
_ACTIVATED = {"start": "'Activated Start Zone'", "normal": "'Activated Zone'", "fortified": "'Activated Strong Point'"}


def _box(unit: UnitState) -> str:
    """The reinforcement box printed on the map that holds a unit not yet entered (6.3, 10.1-10.4)."""
    if unit.origin == "company":
        return _("the Company Reinforcements box")
    if unit.origin == "battalion":
        return _("the Battalion Reinforcements box")
    if unit.origin == "armour":
        return _("the M1A1 Abrams reinforcement box")
    if unit.origin == "iraqi":
        return _("the Iraqi reinforcement box")
    return _("the reinforcement boxes")


def _unit(unit: UnitState) -> list[Piece]:
    """The unit and what is stacked with it; none once it left the game (eliminated, withdrawn)."""
    if unit.where in ("eliminated", "withdrawn"):
        return []
    name = _unit_name(unit, unit.id, "")
    if unit.where == "map" and unit.position is not None:
        where: str | None = _where(unit.position.model_dump(), "")
    elif unit.where == "reinforcements":
        where = _box(unit)
    else:
        where = None
    side = (Face("side", "reverse", _("Flip %(unit)s to its reverse side (a Step Loss).", unit=name), "5.1.1.1")
            if unit.reduced else
            Face("side", "front", _("Flip %(unit)s to its front side (no casualties).", unit=name), "5.1.1.1", True))
    facing = {
        "ready": Face("facing", "ready", _("Turn %(unit)s back to its normal facing.", unit=name), "14.3.3", True),
        "fired": Face("facing", "fired", _("Rotate %(unit)s to the right so that 'FIRED' is uppermost.", unit=name),
                      "11.3"),
        "pinned": Face("facing", "pinned", _("Rotate %(unit)s to the left so that 'PINNED' is uppermost.", unit=name),
                       "11.5"),
    }[unit.status]
    shown = (side, facing)
    pieces = [Piece(f"unit:{unit.id}", name, where, faces=shown, rule="5.1")]
    stack = _("the stack of %(unit)s", unit=name) if where is not None else None
    if unit.caat is not None:
        pieces.append(Piece(f"caat:{unit.id}", _("a CAAT support"), stack, rule="5.1.4"))
        ammo = unit.caat.ammo
        pieces.append(Piece(f"ammo:{unit.id}", _("an 'Ammo' marker"), stack if ammo > 0 else None, faces=(
            Face("uses", str(ammo), _("Rotate the 'Ammo' marker of %(unit)s so that '%(n)s' is uppermost.",
                                      unit=name, n=ammo), "11.1.2.1", ammo == 4),), rule="6.3.1"))
        pieces.append(Piece(f"explosives:{unit.id}", _("an 'Explosives' marker"),
                            stack if unit.caat.explosives else None, rule="6.3.1"))
    if unit.hero is not None:
        medal = {"silver_star": _("'Silver Star'"), "medal_of_honor": _("'Medal of Honor'")}[unit.hero]
        pieces.append(Piece(f"hero:{unit.id}", _("a 'Hero' marker"), stack, faces=(
            Face("side", unit.hero, _("Flip the 'Hero' marker of %(unit)s to its %(side)s side.", unit=name, side=medal),
                 "5.1.5.2", unit.hero == "silver_star"),), rule="5.1.5"))
    if unit.security_element is not None:
        pieces.append(Piece(f"security:{unit.id}", _("the 'Security Element' marker of %(unit)s", unit=name),
                            _where(unit.security_element.model_dump(), ""), rule="12.3.2"))
    return pieces


def _zone(zone: ZoneState) -> list[Piece]:
    """The Zone's markers and units on the map (those it does not hold are left out: not on the table)."""
    n = zone.number
    pieces = []
    if zone.activation is not None:
        printed = _ACTIVATED[zone.activation]
        marker = _("the %(marker)s marker of Zone %(n)s", marker=printed, n=n)
        faces = () if zone.control is None else (
            Face("side", "usmc", _("Flip %(marker)s to its 'USMC Control' side.", marker=marker), "12.2.1.1")
            if zone.control == "usmc" else
            Face("side", "insurgents", _("Flip %(marker)s back to its %(side)s side.", marker=marker, side=printed),
                 "14.4.1", True),)
        pieces.append(Piece(f"zone:{n}:control", {"start": _("an 'Activated Start Zone' marker"),
                                                  "normal": _("an 'Activated Zone' marker"),
                                                  "fortified": _("an 'Activated Strong Point' marker")}[zone.activation],
                            _("the 'Control' box of Zone %(n)s", n=n), faces=faces, rule="4.1.3"))
    if not (zone.ruins or zone.phantom_fury or zone.fanaticism or zone.no_insurgents_event or zone.suspects
            or zone.insurgents):
        return pieces
    here = _("Zone %(n)s", n=n)
    if zone.ruins:
        pieces.append(Piece(f"zone:{n}:ruins", _("the 'Rubble' markers (Locations 2, 2' and R)"), here, rule="4.1.6"))
    if zone.phantom_fury is not None:
        pieces.append(Piece(f"zone:{n}:phantom_fury", _("a 'Phantom Fury' marker"), here, faces=(
            Face("side", zone.phantom_fury, _("Flip the 'Phantom Fury' marker of Zone %(n)s to its '%(side)s' side.",
                                              n=n, side=zone.phantom_fury), "14.5", zone.phantom_fury == "0015"),),
            rule="13.4.3.2"))
    if zone.fanaticism:
        pieces.append(Piece(f"zone:{n}:fanaticism", _("a 'Fanaticism' marker"), here, rule="13.4.3.3"))
    if zone.no_insurgents_event:
        pieces.append(Piece(f"zone:{n}:no_insurgents_event", _("a 'No Insurgents Event' marker"), here, rule="13.6.4"))
    if zone.suspects:
        pieces.append(Piece(f"zone:{n}:suspects", _("a 'Suspect' marker"), here, zone.suspects,
                            _("%(num)d 'Suspect' markers"), rule="5.3"))
    if zone.insurgents:
        pieces.append(Piece(f"zone:{n}:insurgents", _("an 'Insurgents' unit"), here, zone.insurgents,
                            _("%(num)d 'Insurgents' units"), rule="5.2"))
    return pieces


def table(state: GameState) -> Table:
    """What a game of Phantom Fury has on the table."""
    pieces = [piece for unit in state.units for piece in _unit(unit)]
    pieces += [piece for zone in state.zones for piece in _zone(zone)]
    vp = state.vp
    return Table(tuple(pieces), (
        Track("turn", _("the game turn marker"), str(state.turn), "5.4"),
        Track("vp", _("the VP markers"), f"{vp:+d}" if vp else "0", "7"),
    ))
