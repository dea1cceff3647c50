"""The state of a game of Phantom Fury as plain data (boardgame.io's habit: no behaviour inside).

Every model is frozen; :mod:`web.game.apply` builds a new state from the old one and an event.
Names follow the rulebook: Zone, Location, Step Loss, Pinned, Fired, 'Suspect' marker.
"""

from __future__ import annotations

import threading
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from adjudicator.games.phantom_fury.models import Location
from web.pieces import by_id
from web.rolls import AppRoll
from web.undo_stack import EMPTY, VersionStack

Variant = Literal["standard", "historical"]
#: which rulebook settles the points where the English and French texts disagree (rulesets.yaml)
Ruleset = Literal["en", "fr"]
#: The six Phases of a game turn, in order (8).
Phase = Literal["support", "reinforcements", "fire", "movement", "assault", "reorganisation"]
PHASES: tuple[Phase, ...] = ("support", "reinforcements", "fire", "movement", "assault", "reorganisation")
#: The rule of each Phase (8).
PHASE_RULES: dict[Phase, str] = {
    "support": "9",
    "reinforcements": "10",
    "fire": "11",
    "movement": "12",
    "assault": "13",
    "reorganisation": "14",
}
#: How a Zone was Activated (4.1.3, 6.2): the marker in its 'Control' box.
Activation = Literal["start", "normal", "fortified"]
Side = Literal["usmc", "insurgents"]
#: 'Phantom Fury' marker side (13.4.3.2, 14.5): 0015 when placed, 0030 after one Reorganisation.
PhantomFury = Literal["0015", "0030"]
UnitKind = Literal["squad", "iif", "abrams"]
#: Where a USMC side unit came from (6.3, 10.1-10.4, 15).
Origin = Literal["start", "company", "battalion", "iraqi", "armour"]
#: The reinforcement box, the map, or out of the game.
Where = Literal["reinforcements", "map", "eliminated", "withdrawn"]
#: A counter's facing: normal, rotated right (Fired, 11.3) or left (Pinned, 11.5).
Status = Literal["ready", "fired", "pinned"]
Hero = Literal["silver_star", "medal_of_honor"]
GameOutcome = Literal["in_progress", "usmc_victory", "insurgent_victory"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Position(Frozen):
    """A Location of a Zone, or the Street Section beside it (``location == "street"``)."""

    zone: int
    location: Location | None = None


class Derived(BaseModel):
    """A model with computed fields, shown in the API and in snapshots, ignored when read back."""

    model_config = ConfigDict(frozen=True, extra="ignore")


class ZoneState(Derived):
    """One of the 61 Zones (4.1) with its marker, Control, Ruins and what sits in it."""

    number: int
    #: None until Activated (4.1.3); a Zone is Activated once in the game
    activation: Activation | None = None
    #: Fortified by default (Zone 26, 4.1.5)
    fortified_by_default: bool = False
    #: None for the Zone neither side can Control (4.1.4)
    control: Side | None = "insurgents"
    ruins: bool = False  #: 4.1.6
    phantom_fury: PhantomFury | None = None  #: 13.4.3.2, 14.5
    fanaticism: bool = False  #: 13.4.3.3
    no_insurgents_event: bool = False  #: 13.6.4
    suspects: int = 0  #: 'Suspect' markers (5.3)
    insurgents: int = 0  #: 'Insurgents' units (5.2)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def nature(self) -> Literal["normal", "fortified"] | None:
        """Normal or Fortified (4.1.3, 4.1.5); None while not yet known."""
        if self.fortified_by_default or self.activation == "fortified":
            return "fortified"
        return "normal" if self.activation else None


class Caat(Frozen):
    """A CAAT support stacked with its squad (5.1.4) and its markers (6.3.1)."""

    ammo: int  #: uses left on the 'Ammo' marker (11.1.2.1); 0 once removed
    explosives: bool = True  #: the 'Explosives' marker is still there (13.7.1)


class UnitState(Derived):
    """A USMC squad, an IIF squad or an M1A1 Abrams support."""

    id: str
    kind: UnitKind
    #: the number printed on the counter (USMC squads: as entered at setup; IIF, Abrams: 1, 2, ...)
    counter: int
    #: CF at full strength (5.1.1, 5.1.6, 5.1.3)
    cf: int
    origin: Origin
    where: Where = "reinforcements"
    position: Position | None = None
    reduced: bool = False  #: one Step Loss taken (5.1.1.1)
    status: Status = "ready"
    hero: Hero | None = None  #: 5.1.5
    caat: Caat | None = None  #: 5.1.4
    caat_allocated: bool = False  #: a CAAT support was given to it at setup (6.3.1)
    #: where its detached 'Security Element' marker stands (12.3.2), if detached
    security_element: Position | None = None
    entered_turn: int | None = None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def current_cf(self) -> int:
        """The CF it fights with now: reduced (5.1.1.1), Hero (5.1.5.3), Security Element out (12.3.2.2)."""
        from .rules import rules

        r = rules()
        cf = self.cf - (r.step_loss_cf if self.reduced else 0)
        if self.hero:
            cf += r.hero_cf[self.hero]
        if self.security_element is not None:
            cf -= r.security_element_cf
        return cf


class VpEntry(Frozen):
    """One line of the VP ledger: what happened, how many times, the VP it cost or gained."""

    version: int  #: the event that recorded it
    turn: int
    phase: Phase
    reason: str
    count: int
    value: int  #: total VP of the line
    rule: str
    note: str | None = None
    unit: str | None = None


class SquadDraw(Frozen):
    """The USMC squads the app drew from the container (6.3), by counter number, in the order drawn."""

    start: tuple[int, ...]  #: the nine for the start Zones
    company: tuple[int, ...]  #: the Company Reinforcements (10.1)
    battalion: tuple[int, ...]  #: the squads remaining in the container: Battalion Reinforcements (10.3)


class GameState(Frozen):
    """Everything a player keeps beside the map, after the events up to ``version``."""

    game: str = "phantom-fury"
    name: str = ""
    variant: Variant
    #: the rulebook read where the English and French texts disagree (rulesets.yaml)
    ruleset: Ruleset = "en"
    strong_points: int
    version: int
    turn: int = 1
    phase: Phase = "support"
    last_turn: int
    zones: tuple[ZoneState, ...]
    units: tuple[UnitState, ...] = ()
    vp_ledger: tuple[VpEntry, ...] = ()
    #: successful Support Missions so far, by mission key (9.2)
    missions_used: dict[str, int] = {}
    #: the turn whose Support Phase ended with an insurgent Reaction (9.1)
    support_closed_turn: int | None = None
    #: first turn the IIF squads may enter (10.4), once a Zone Neighbouring Zone 26 is taken
    iif_from_turn: int | None = None
    outcome: GameOutcome = "in_progress"
    #: the CF printed on each USMC squad counter of the player's copy the game started with
    #: (5.1.1), by counter number: the container the app draws from (6.3). Left out of the JSON
    #: while empty, as :attr:`drawn` while None: a game stored before them folds to the same JSON.
    squad_counters: dict[int, int] = Field(default_factory=dict, exclude_if=lambda value: not value)
    #: the squads the app drew (6.3), until they are placed
    drawn: SquadDraw | None = Field(default=None, exclude_if=lambda value: value is None)
    #: app rolls not yet used by an adjudication
    app_rolls: tuple[AppRoll, ...] = ()
    #: versions of the actions that undo would take back, last on top (boardgame.io's _undo)
    undo: VersionStack = EMPTY
    #: versions of undone actions that redo would replay, last on top (boardgame.io's _redo)
    redo: VersionStack = EMPTY

    @property
    def vp(self) -> int:
        """The VP total of the ledger (7.2.1)."""
        return ledger_sums(self.vp_ledger)[0]

    def zone(self, number: int) -> ZoneState:
        return self.zones[number - 1]

    def unit(self, unit_id: str) -> UnitState | None:
        return by_id(self.units, unit_id)


#: The sums of the ledgers summed lately (:func:`ledger_sums`), newest last. Each entry holds its
#: ledger, so an identity check cannot meet another tuple at the same address.
_SUMS: list[tuple[tuple[VpEntry, ...], tuple[int, dict[int, int]]]] = []
_SUMS_KEPT = 16
_SUMS_LOCK = threading.Lock()


def ledger_sums(ledger: tuple[VpEntry, ...]) -> tuple[int, dict[int, int]]:
    """The VP total of a ledger and its VP by turn (7.2.1; the dictionary is shared: read it only).

    A ledger grows a line at a time and the longer one holds the very lines of the shorter, so a
    ledger that extends one summed lately adds only its new lines to that one's sums: the log
    page of a game of 25,000 VP lines sums 200 ledgers, and summing each whole was quadratic."""
    with _SUMS_LOCK:
        kept = list(_SUMS)
    base: tuple[VpEntry, ...] = ()
    total, by_turn = 0, dict[int, int]()
    for old, sums in reversed(kept):
        if old is ledger:
            return sums
        n = len(old)
        if len(base) < n <= len(ledger) and ledger[n - 1] is old[-1] and ledger[:n] == old:
            base, (total, by_turn) = old, sums
    by_turn = dict(by_turn)
    for entry in ledger[len(base):]:
        total += entry.value
        by_turn[entry.turn] = by_turn.get(entry.turn, 0) + entry.value
    found = (total, by_turn)
    with _SUMS_LOCK:
        _SUMS.append((ledger, found))
        del _SUMS[:-_SUMS_KEPT]
    return found
