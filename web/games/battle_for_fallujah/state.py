"""Battle for Fallujah's game state: a frozen pydantic model folded from the event log.

What the text gives is computed (chit cup 8-12, VP caps 25.3.1/25.11.1, Media overflow 23.1);
what only the components print (the 32 hexes, the counters' values) is the player's keyed
:class:`MapKey`, never guessed: a fact not keyed yet is asked for when a move needs it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.models import MAX_TEXT, BoundedTuple
from web.pieces import by_id
from web.rolls import AppRoll
from web.undo_stack import EMPTY, VersionStack

Colour = Literal["blue", "white", "red"]
Terrain = Literal["open", "industrial", "urban", "dense_urban"]
Battalion = Literal["1/5", "2/1", "3/4", "mef"]
Kind = Literal["infantry", "armour", "support"]
Chit = Literal["1/5", "2/1", "3/4", "mef", "nationalist", "end_of_turn"]
Phase = Literal["intelligence", "activation", "operations", "end_of_turn"]
Status = Literal["good_order", "ops_complete"]
HexNumber = Annotated[int, Field(ge=1, le=32)]

#: The phases of a turn (10.1-10.4); Activation and Operations alternate until the turn ends.
PHASES: tuple[str, ...] = ("intelligence", "activation", "operations", "end_of_turn")
#: The ordered steps of the End of Turn Phase (14.1-14.5), each with its rule.
EOT_STEPS: tuple[tuple[str, str], ...] = (
    ("vp", "14.1"), ("ceasefire", "14.2"), ("reinforcements", "14.3"), ("end_check", "14.4"), ("markers", "14.5"),
)
CHITS: tuple[str, ...] = ("1/5", "2/1", "3/4", "mef", "nationalist", "end_of_turn")
BATTALIONS: tuple[str, ...] = ("1/5", "2/1", "3/4")
LAST_TURN = 8  # 14.4.1
HEXES = 32  # 3.1
#: the hexes bordering one hex at most: its six sides (3.1)
SIDES = 6
#: The Media Track's circles (23.1.1), the Political Pressure Track's modifiers (14.2.1), the VP track (25.3.1, 25.11.1).
MEDIA_MAX, PRESSURE_MAX, VP_MIN, VP_MAX = 5, 3, -6, 6
#: What the cup holds at setup (9.4) and what waits beside it (9.4.1).
CUP_AT_SETUP: dict[str, int] = {"1/5": 2, "2/1": 2, "mef": 1, "end_of_turn": 2}
BESIDE_AT_SETUP: dict[str, int] = {"3/4": 2, "nationalist": 3}


class Frozen(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, frozen=True, extra="forbid")


class Dice(Frozen):
    """A rating as the counter prints it: how many dice of which colour (5.2.1, 5.4.1)."""

    colour: Colour
    count: int = Field(ge=1, le=4)


class HexKey(Frozen):
    """One hex as the map prints it (3.1, 3.1.1, 16.2.1, 16.2.3)."""

    number: HexNumber
    terrain: Terrain | None = None
    colour: Literal["green", "yellow", "blue", "red"] | None = None
    adjacent: tuple[HexNumber, ...] = Field(default=(), max_length=SIDES)
    #: the battalions whose icon the hex prints (entry hexes, 16.2.1)
    entry: BoundedTuple[Battalion] = ()
    #: adjacent hexes behind a solid black bar (16.2.3)
    black_bars: tuple[HexNumber, ...] = Field(default=(), max_length=SIDES)
    mayor: bool = False


class CounterKey(Frozen):
    """A Coalition counter as printed: Proficiency (5.2), Support Rating (5.4), Availability (5.5)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_/.-]{1,24}$")
    name: str = Field(min_length=1, max_length=40)
    battalion: Battalion
    kind: Kind
    proficiency: Dice | None = None
    support: Dice | None = None
    availability: int | None = Field(default=None, ge=2, le=5)
    #: a Support unit's only mission (13.6.1.1 Strike, 13.6.1.2 Raid)
    mission: Literal["strike", "raid"] | None = None


class InsurgentKey(Frozen):
    """An Insurgent counter type as printed (5.1.2, 25.10, 25.13)."""

    name: str = Field(min_length=1, max_length=40)
    proficiency: Dice | None = None
    support: Dice | None = None


class MarkerColours(Frozen):
    """The colour of the dice a marker gives: the text gives the number, not the colour (errata
    17.1.3.3, reading A: the colour printed on the marker)."""

    resistance: Colour | None = None
    wanted: Dice | None = None
    ied: Colour | None = None


class MapKey(Frozen):
    """The map and counters, keyed once by the player from the components."""

    hexes: tuple[HexKey, ...] = Field(default=(), max_length=HEXES)
    coalition: BoundedTuple[CounterKey] = ()
    insurgents: BoundedTuple[InsurgentKey] = ()
    markers: MarkerColours = MarkerColours()

    def hex(self, number: int) -> HexKey | None:
        return next((h for h in self.hexes if h.number == number), None)

    def counter(self, unit_id: str) -> CounterKey | None:
        return by_id(self.coalition, unit_id)

    def insurgent(self, name: str) -> InsurgentKey | None:
        return next((i for i in self.insurgents if i.name == name), None)


class HexState(Frozen):
    """A hex's markers (4, 25.5, 25.8-25.9, 25.12, 25.18, 25.21) and Insurgent units."""

    number: HexNumber
    #: the Insurgent Resistance Level marker (+1..+3), None when the hex has none (25.9.3)
    resistance: int | None = Field(default=None, ge=1, le=3)
    wanted: bool = False
    ied: bool = False
    pacified: bool = False
    #: the battalions with an Isolated marker here (25.12.4: one per battalion)
    isolated: tuple[Battalion, ...] = ()
    #: Insurgent units by their keyed type name
    insurgents: tuple[str, ...] = ()


class UnitState(Frozen):
    """A Coalition unit: where it stands (None: its base, 9.1), its status (6), its formation (6.3)."""

    id: str
    hex: HexNumber | None = None
    status: Status = "good_order"
    formation: str | None = None


class VpEntry(Frozen):
    """A line of the VP ledger: what was asked and what the track took (25.3.1, 25.11.1)."""

    version: int
    turn: int
    phase: str
    value: int
    applied: int
    reason: str
    rule: str
    note: str | None = None


class TrackPoint(Frozen):
    """The tracks at the end of a turn (for the charts)."""

    turn: int
    vp: int
    media: int
    pressure: int


class Roll(Frozen):
    """A result of the turn's own rolls (intelligence 11.2, ceasefire 14.2, reinforcements 14.3)."""

    turn: int
    version: int
    value: int
    total: int | None = None


class GameState(Frozen):
    """The whole game after some events."""

    version: int
    name: str
    variant: str = "standard"
    #: the reading of the Nationalist chit count followed (errata 8.3)
    chit_reading: Literal["rolled", "placed"] = "rolled"
    turn: int = 1
    phase: Phase = "intelligence"
    eot_step: int = 0
    cup: dict[str, int] = Field(default_factory=lambda: dict(CUP_AT_SETUP))
    aside: dict[str, int] = Field(default_factory=dict)
    beside: dict[str, int] = Field(default_factory=lambda: dict(BESIDE_AT_SETUP))
    #: the chit being played in the Operations Phase
    active: Chit | None = None
    #: the hex an Insurgent flag chit activates (12.4.1)
    active_hex: int | None = None
    #: the chits drawn this turn (for the log and 12.4.1.1, 12.5.1)
    drawn: tuple[str, ...] = ()
    eot_chits: int = 0
    battalions_activated: tuple[str, ...] = ()
    reinforced: bool = False
    vp_ledger: tuple[VpEntry, ...] = ()
    media: int = 0
    pressure: int = 0
    overflows: int = 0
    pacified_modifier: int | None = None
    pacified_turn: int | None = None
    wanted_roll: Roll | None = None
    ceasefire_roll: Roll | None = None
    reinforcement_roll: Roll | None = None
    history: tuple[TrackPoint, ...] = ()
    map: MapKey = MapKey()
    hexes: tuple[HexState, ...] = tuple(HexState(number=n) for n in range(1, HEXES + 1))
    units: tuple[UnitState, ...] = ()
    app_rolls: tuple[AppRoll, ...] = ()
    outcome: Literal["in_progress", "ceasefire", "ended"] = "in_progress"
    undo: VersionStack = EMPTY
    redo: VersionStack = EMPTY

    @property
    def vp(self) -> int:
        return sum(e.applied for e in self.vp_ledger)

    def hex(self, number: int) -> HexState:
        return self.hexes[number - 1]

    def unit(self, unit_id: str) -> UnitState | None:
        return by_id(self.units, unit_id)

    def units_in(self, number: int) -> list[UnitState]:
        return [u for u in self.units if u.hex == number]
