"""What a player can do in Battle for Fallujah, as strict pydantic models: one per action ``type``.

The shape is checked here (400 when wrong); :mod:`.apply` checks it against the game (422 with
the rule). A chit drawn by the app (``chit_draw_app``) gets its random draw here, from the
operating system's random source, before it is stored: the log replays it as recorded.
"""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from adjudicator.models import MAX_TEXT, Bounded
from web.errors import Problem, Refused
from web.parsing import action_types, parse_model, parse_tagged
from web.rolls import DrawIndex, RecordedAdjudicationFields

from .state import (
    Battalion,
    Chit,
    CounterKey,
    HexKey,
    HexNumber,
    InsurgentKey,
    MapKey,
    MarkerColours,
    Status,
)

RuleId = Annotated[str, Field(min_length=1, max_length=40)]
Text = Annotated[str, Field(min_length=1, max_length=2000)]
UnitId = Annotated[str, Field(min_length=1, max_length=24)]

RANDOM = random.SystemRandom()


class Strict(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, strict=True, extra="forbid", frozen=True)


class ActionBase(Strict):
    #: rule ids the player cites for this action (those of the adjudication applied)
    rules: list[RuleId] = Field(default_factory=list, max_length=40)


class NextPhase(ActionBase):
    """End the Intelligence Phase (10.1) once its roll is recorded."""

    type: Literal["next_phase"]


class ChitDraw(ActionBase):
    """The chit the player drew from the cup (12.1)."""

    type: Literal["chit_draw"]
    chit: Chit


class ChitDrawApp(ActionBase):
    """A chit drawn by the app: ``draw`` (0 <= draw < 1) is set by the server and picks among the
    chits in the cup; a random input, never undone to draw again."""

    type: Literal["chit_draw_app"]
    draw: float | None = Field(default=None, ge=0, lt=1)
    draw_index: DrawIndex = None


class OperationsEnd(ActionBase):
    """The Operations Phase is over: back to the Activation Phase (13.2, 13.3.1, 13.5.6, 13.6.3, 13.7.2)."""

    type: Literal["operations_end"]


class ChitReturn(ActionBase):
    """The Insurgent flag chit drawn finds no eligible hex: back to the cup, draw again (12.4.1.2)."""

    type: Literal["chit_return"]


class ActivateHex(ActionBase):
    """The hex an Insurgent flag chit activates (12.4.1, 12.4.1.3 when the player breaks a tie)."""

    type: Literal["activate_hex"]
    hex: HexNumber


class NextStep(ActionBase):
    """The next step of the End of Turn Phase (14.1-14.5); ``mayor_compound`` when the Mayor's
    compound hex is not keyed (14.1.1)."""

    type: Literal["next_step"]
    mayor_compound: Literal["insurgent_controlled", "contested", "pacified"] | None = None


class PacifiedModifier(ActionBase):
    """The 'Blocks Pacified by Coalition Forces' track's modifier read on the map (24.1)."""

    type: Literal["pacified_modifier"]
    modifier: int = Field(ge=-3, le=1)


class Vp(ActionBase):
    """A VP line: + Coalition (CVP), - Insurgency (IVP), with the rule that grants it."""

    type: Literal["vp"]
    value: int = Field(ge=-12, le=12)
    reason: str = Field(min_length=1, max_length=60)
    rule: RuleId
    note: Text | None = None

    @model_validator(mode="after")
    def _not_zero(self) -> Vp:
        if self.value == 0:
            raise ValueError("value: a VP line moves the track: -12 to 12, not 0")
        return self


class Media(ActionBase):
    """Red Coalition successes move the Media Track (17.2.5.1, 23.1.2), overflowing into Political Pressure."""

    type: Literal["media"]
    count: int = Field(ge=1, le=30)
    rule: RuleId = "23.1.2"


class HexUpdate(ActionBase):
    """A hex's markers and Insurgent units; only the fields given change."""

    type: Literal["hex"]
    hex: HexNumber
    resistance: int | None = Field(default=None, ge=0, le=3)
    wanted: bool | None = None
    ied: bool | None = None
    pacified: bool | None = None
    isolated: list[Battalion] | None = Field(default=None, max_length=3)
    insurgents: list[Annotated[str, Field(min_length=1, max_length=40)]] | None = Field(default=None, max_length=12)


class UnitMove(ActionBase):
    """A unit moves to a hex, or back to its base (``hex`` null, 9.1, 25.15)."""

    type: Literal["unit_move"]
    unit: UnitId
    hex: HexNumber | None = None


class UnitStatus(ActionBase):
    """Good Order (6.1) or Ops Complete (6.2)."""

    type: Literal["unit_status"]
    unit: UnitId
    status: Status


class Formation(ActionBase):
    """Two units of one battalion in one hex form a formation (6.3); one unit alone leaves it."""

    type: Literal["formation"]
    units: list[UnitId] = Field(min_length=1, max_length=2)


class KeyMap(ActionBase):
    """The map and counters keyed from the components (replaces what was keyed)."""

    type: Literal["key_map"]
    map: MapKey


class KeyHex(ActionBase):
    """One hex keyed from the map (replaces what was keyed for it)."""

    type: Literal["key_hex"]
    hex: HexKey


class KeyCounter(ActionBase):
    """One Coalition counter keyed from the components (replaces what was keyed for its id)."""

    type: Literal["key_counter"]
    counter: CounterKey


class KeyInsurgent(ActionBase):
    """One Insurgent counter type keyed (replaces what was keyed for its name)."""

    type: Literal["key_insurgent"]
    insurgent: InsurgentKey


class KeyMarkers(ActionBase):
    """The colours of the markers' dice (errata 17.1.3.3)."""

    type: Literal["key_markers"]
    markers: MarkerColours


class NoteAction(ActionBase):
    type: Literal["note"]
    text: Text


class Roll(ActionBase):
    """d6 rolled by the app; recorded, never undoable."""

    type: Literal["roll"]
    dice: int = Field(default=1, ge=1, le=40)
    die: Literal["d6"] | None = None
    purpose: str = Field(default="", max_length=80)
    faces: Bounded[Annotated[int, Field(ge=1, le=6)]] | None = None
    draw_index: DrawIndex = None


class Adjudication(RecordedAdjudicationFields, ActionBase):
    """An adjudicator result recorded with its rolls (the player's dice or an app roll)."""


Action = Annotated[
    NextPhase | ChitDraw | ChitDrawApp | OperationsEnd | ChitReturn | ActivateHex | NextStep | PacifiedModifier
    | Vp | Media | HexUpdate | UnitMove | UnitStatus | Formation | KeyMap | KeyHex | KeyCounter | KeyInsurgent
    | KeyMarkers | NoteAction | Roll | Adjudication,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[Any] = TypeAdapter(Action)
ACTION_TYPES: tuple[str, ...] = action_types(Action)


class Setup(Strict):
    """A new game (9): its name, the reading of the Nationalist chit count (errata 8.3), and the
    map and counters when the player loads a keyed file."""

    name: str = Field(default="", max_length=80)
    variant: Literal["standard"] = "standard"
    chit_reading: Literal["rolled", "placed"] = "rolled"
    map: MapKey | None = None


def read_action(data: Any) -> Any:
    """A stored action (the fold): an app draw must carry its draw."""
    action = parse_tagged(ACTIONS, data)
    if action.type == "chit_draw_app" and action.draw is None:
        raise Refused(Problem("draw", None, "the draw recorded by the server (0 <= draw < 1)"), status=400)
    return action


def parse_action(data: Any) -> Any:
    """A new action from a client: the app's chit draw is made here (a draw sent is refused)."""
    action = parse_tagged(ACTIONS, data)
    if action.type == "chit_draw_app":
        if action.draw is not None:
            raise Refused(Problem("draw", action.draw, "nothing: the server draws"), status=400)
        action = action.model_copy(update={"draw": RANDOM.random()})
    return action


def parse_setup(data: Any) -> Setup:
    return parse_model(Setup, data)
