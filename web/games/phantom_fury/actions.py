"""What a player can do, as strict pydantic models: one per action ``type``.

An action is validated here (shape, types, bounds: a 400 when wrong), then checked against
the game state by :mod:`web.game.apply` (a 422 naming the rule when the game does not allow
it). Checking apart from applying, as python-chess does.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from adjudicator.games.phantom_fury.models import Location
from adjudicator.models import MAX_TEXT, Bounded
from web.parsing import action_types, one_or_more, parse_model, parse_tagged
from web.rolls import DrawIndex, RecordedAdjudicationFields

from .state import Activation, Ruleset, Side, Status, Variant

ZoneNumber = Annotated[int, Field(ge=1, le=61)]
Counter = Annotated[int, Field(ge=1, le=99)]
Face = Annotated[int, Field(ge=0, le=9)]
RuleId = Annotated[str, Field(min_length=1, max_length=40)]
UnitId = Annotated[str, Field(min_length=1, max_length=20)]
Note = Annotated[str, Field(min_length=1, max_length=2000)]

#: Reasons of the ``vp`` action (the contract); all but ``manual`` take their value from the
#: VP scale (7.2.1) or, for a squad withdrawn while Taking Cover, from 12.4.3.
VpReason = Literal[
    "guerillas_eliminated",
    "squad_reduced",
    "squad_eliminated",
    "battalion_reinforcement",
    "caat_eliminated",
    "iif_eliminated",
    "squad_withdrawn",
    "zone26_uncontrolled",
    "manual",
]
VP_REASONS: tuple[str, ...] = VpReason.__args__  # type: ignore[attr-defined]


class Strict(BaseModel):
    """Refuses unknown fields and coercions ("1" is not 1, true is not 1)."""

    model_config = ConfigDict(str_max_length=MAX_TEXT, strict=True, extra="forbid", frozen=True)


class Where(Strict):
    """A Location of a Zone, or ``"street"`` for the Street Section beside it."""

    zone: ZoneNumber
    location: Location | None = None


class ActionBase(Strict):
    #: rule ids the player cites for this action (e.g. those of the adjudication applied)
    rules: list[RuleId] = Field(default_factory=list, max_length=40)


# -- the turn, the VP ledger, notes -------------------------------------------------------------


class NextPhase(ActionBase):
    """End the current Phase (8); after the Reorganisation Phase, the next turn (or the end)."""

    type: Literal["next_phase"]


class Vp(ActionBase):
    """A VP ledger line (7.2.1); ``manual`` needs a ``value`` and a ``note`` giving the reason."""

    type: Literal["vp"]
    reason: VpReason
    count: int = Field(default=1, ge=1, le=100)
    value: int | None = Field(default=None, ge=-100, le=100)
    note: Note | None = None

    @model_validator(mode="after")
    def _manual_needs_reason(self) -> Vp:
        if self.reason == "manual":
            if self.note is None or not self.note.strip():
                raise ValueError("a manual VP correction needs a note giving its reason")
            if self.value is None or self.value == 0:
                raise ValueError("a manual VP correction needs a non-zero value (-100 to 100)")
        elif self.value is not None:
            raise ValueError(f"value is read from the VP scale for reason {self.reason!r}: drop it")
        return self


class NoteAction(ActionBase):
    """A free note in the log (escaped wherever it is shown)."""

    type: Literal["note"]
    text: Note


# -- Zones ---------------------------------------------------------------------------------------


class ZoneActivate(ActionBase):
    """Activate a Zone (4.1.3): start (6.2), normal ('Activated Zone') or fortified ('Activated Strong Point')."""

    type: Literal["zone_activate"]
    zone: ZoneNumber
    nature: Activation


class ZoneControl(ActionBase):
    """Control of a Zone changes (14.1.1 taking Control; 14.4.1 Infiltration gives it back)."""

    type: Literal["zone_control"]
    zone: ZoneNumber
    side: Side
    #: the Zone is Neighbouring Zone 26: the IIF may enter from the next turn (10.4)
    neighbours_zone_26: bool = False


class ZoneRuins(ActionBase):
    """The Zone becomes a Ruins Zone (4.1.6)."""

    type: Literal["zone_ruins"]
    zone: ZoneNumber


class ZoneMarker(ActionBase):
    """Place or remove a 'Phantom Fury' (13.4.3.2), 'Fanaticism' (13.4.3.3) or 'No Insurgents Event' (13.6.4) marker."""

    type: Literal["zone_marker"]
    zone: ZoneNumber
    marker: Literal["phantom_fury", "fanaticism", "no_insurgents_event"]
    present: bool


class ZoneCounts(ActionBase):
    """How many 'Suspect' markers and 'Insurgents' units a Zone holds now."""

    type: Literal["zone_counts"]
    zone: ZoneNumber
    suspects: int | None = Field(default=None, ge=0, le=8)
    insurgents: int | None = Field(default=None, ge=0, le=8)

    _something = one_or_more("suspects", "insurgents")


# -- units ---------------------------------------------------------------------------------------


class UnitAdd(ActionBase):
    """Add a unit to the order of battle (6.3): a USMC squad with its counter number and CF,
    an IIF squad or an M1A1 Abrams support, in its reinforcement box or (start squads) on the map."""

    type: Literal["unit_add"]
    kind: Literal["squad", "iif", "abrams"]
    counter: Counter
    cf: int | None = Field(default=None, ge=1, le=9)
    origin: Literal["start", "company", "battalion"] | None = None
    position: Where | None = None
    caat: bool = False


class UnitRef(ActionBase):
    unit: UnitId


class UnitEnter(UnitRef):
    """A reinforcement enters the map (10.1-10.4)."""

    type: Literal["unit_enter"]
    position: Where


class UnitMove(UnitRef):
    type: Literal["unit_move"]
    position: Where


class UnitStepLoss(UnitRef):
    """A Step Loss (5.1.1.1), applied to the squad or to its CAAT support (5.1.1.2)."""

    type: Literal["unit_step_loss"]
    target: Literal["squad", "caat"] = "squad"


class UnitEliminate(UnitRef):
    """A unit eliminated outright (e.g. by an Event: 7.2.1 counts 5 VP, not 7)."""

    type: Literal["unit_eliminate"]


class UnitWithdraw(UnitRef):
    """A squad withdrawn while Taking Cover with no Zone to go to (12.4.3)."""

    type: Literal["unit_withdraw"]


class UnitStatus(UnitRef):
    """Fired (11.3), Pinned (11.5) or back to normal facing (14.3.3, 14.3.4)."""

    type: Literal["unit_status"]
    status: Status


class UnitHero(UnitRef):
    """A Hero appears (5.1.5.1) or flips to 'Medal of Honor' (5.1.5.2)."""

    type: Literal["unit_hero"]


class SecurityElementDetach(UnitRef):
    """Detach the squad's Security Element in its Location C or R (12.3.2.1)."""

    type: Literal["security_element_detach"]


class SecurityElementRegroup(UnitRef):
    """The squad picks up its Security Element again (12.3.2.3, 14.3.1)."""

    type: Literal["security_element_regroup"]


class CaatAmmo(UnitRef):
    """The CAAT support's 'Ammo' bonus used once (11.1.2.1)."""

    type: Literal["caat_ammo"]


class CaatExplosives(UnitRef):
    """The CAAT support's 'Explosives' used in an Assault (13.7.1)."""

    type: Literal["caat_explosives"]


class CaatRemove(UnitRef):
    """A CAAT support with no munitions left removed after regrouping (14.3.5), without VP."""

    type: Literal["caat_remove"]


# -- support, dice, adjudications ----------------------------------------------------------------


class SupportMission(ActionBase):
    """A Support Mission called (9.1): a success counts against its maximum (9.2)."""

    type: Literal["support_mission"]
    mission: str = Field(min_length=1, max_length=40)
    outcome: Literal["success", "postponed"]


class Roll(ActionBase):
    """d10 rolled by the app for a player without his die; recorded, never undoable."""

    type: Literal["roll"]
    dice: int = Field(default=1, ge=1, le=4)
    purpose: str = Field(default="", max_length=80)
    #: set by the server when it rolls (any value sent is replaced)
    faces: Bounded[Face] | None = None
    draw_index: DrawIndex = None


class Adjudication(RecordedAdjudicationFields, ActionBase):
    """An adjudicator result recorded with its rolls: the player's physical d10 or an app roll."""


# -- the order of battle drawn and placed (6.3, 6.3.1) -------------------------------------------


class SquadsDraw(ActionBase):
    """The app draws the USMC squads from the container (6.3): nine for the start Zones, three
    more for the Company Reinforcements; the three remaining are the Battalion Reinforcements."""

    type: Literal["squads_draw"]
    #: set by the server when it draws, from the game's seeded stream (any value sent is replaced)
    draw: int | None = Field(default=None, ge=0, le=2**63)
    draw_index: DrawIndex = None


class DrawnSquad(Strict):
    """A USMC squad drawn (6.3): its counter number; its CF when the player's copy lacks it; for a
    start squad the Zone it is placed in and whether it receives a CAAT support (6.3.1)."""

    counter: Counter
    cf: int | None = Field(default=None, ge=1, le=9)
    zone: ZoneNumber | None = None
    caat: bool = False


class OrderOfBattle(ActionBase):
    """The drawn USMC squads placed at once (6.3): one in each start Zone, the Company and
    Battalion Reinforcements in their boxes; the four CAAT supports allocated (6.3.1).
    ``battalion`` left out: the squads of the player's copy not drawn before (6.3)."""

    type: Literal["order_of_battle"]
    squads: list[DrawnSquad] = Field(max_length=20)
    company: list[DrawnSquad] = Field(default_factory=list, max_length=20)
    battalion: list[DrawnSquad] = Field(default_factory=list, max_length=20)


Action = Annotated[
    NextPhase | Vp | NoteAction
    | ZoneActivate | ZoneControl | ZoneRuins | ZoneMarker | ZoneCounts
    | UnitAdd | UnitEnter | UnitMove | UnitStepLoss | UnitEliminate | UnitWithdraw | UnitStatus | UnitHero
    | SecurityElementDetach | SecurityElementRegroup | CaatAmmo | CaatExplosives | CaatRemove
    | SupportMission | Roll | Adjudication | SquadsDraw | OrderOfBattle,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[Any] = TypeAdapter(Action)
ACTION_TYPES: tuple[str, ...] = action_types(Action)


# -- setup ---------------------------------------------------------------------------------------


class SquadSetup(Strict):
    """A USMC squad drawn at setup (6.3): counter number, CF, and for start squads its Zone."""

    counter: Counter
    cf: int = Field(ge=1, le=9)
    zone: ZoneNumber | None = None
    caat: bool = False


class CounterCf(Strict):
    """A USMC squad counter of the player's copy: the number it is known by and the CF printed
    on it (5.1.1: "Only the CF is printed on the counter")."""

    counter: Counter
    cf: int = Field(ge=1, le=9)


class MapAndCounters(Strict):
    """What the player's copy prints and the rulebook does not: the Zones identified by a black
    circle on the map (6.2) and the CF of each USMC squad counter (5.1.1)."""

    format: Literal["phantom-fury-copy"] = "phantom-fury-copy"
    start_zones: list[ZoneNumber] = Field(default_factory=list, max_length=20)
    squads: list[CounterCf] = Field(default_factory=list, max_length=40)


class Setup(Strict):
    """A new game (6): variant, Strong Points, and optionally the whole order of battle; an
    optional copy of the map and counters keyed before (its start Zones, its squads' CF)."""

    variant: Variant = "standard"
    ruleset: Ruleset = "en"
    strong_points: int = Field(ge=1, le=4)
    name: str = Field(default="", max_length=80)
    start_zones: list[ZoneNumber] = Field(default_factory=list, max_length=20)
    squads: list[SquadSetup] = Field(default_factory=list, max_length=20)
    company: list[SquadSetup] = Field(default_factory=list, max_length=20)
    battalion: list[SquadSetup] = Field(default_factory=list, max_length=20)
    map: MapAndCounters | None = None


def parse_action(data: Any) -> Any:
    """The action model of a JSON object, or :class:`Refused` (400) naming each bad field."""
    return parse_tagged(ACTIONS, data)


def parse_setup(data: Any) -> Setup:
    return parse_model(Setup, data)
