"""What a player (or the bot, once confirmed) can do, as strict pydantic models, one per ``type``.

Shape and bounds are checked here (400, naming each bad field); what the game allows now is
checked by :mod:`.apply` (422, naming the rule).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from adjudicator.models import MAX_TEXT, Bounded, BoundedDict
from web.parsing import one_or_more, parse_model, parse_tagged
from web.rolls import DrawIndex

from .state import OFF_MAP, Counter, Side, Status, Variant

AreaId = Annotated[int, Field(ge=1, le=51, description="an area id from 1 to 51 (2)")]
Tem = Annotated[int, Field(ge=0, le=4, description="a TEM from 0 to 4 (2.1, 7.3.1)")]
RuleId = Annotated[str, Field(min_length=1, max_length=40)]
UnitId = Annotated[str, Field(min_length=1, max_length=80)]
Text = Annotated[str, Field(min_length=1, max_length=2000)]
OffMap = Literal["nw_entry_zone", "ne_entry_zone", "riverine_box", "force_pool", "eliminated"]
assert set(OffMap.__args__) == set(OFF_MAP)  # type: ignore[attr-defined]
InsurgentType = Literal["fedayeen", "cadre", "militia"]
#: a bot die field as the adjudicator names it in ``needs`` ("dice.step1", "dice.tiebreak", "dice.rolls.12")
DieField = Annotated[str, Field(pattern=r"^dice\.[a-z0-9_.-]{1,80}$")]


class Strict(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, strict=True, extra="forbid", frozen=True)


class ActionBase(Strict):
    rules: list[RuleId] = Field(default_factory=list, max_length=40)


class AreaValues(Strict):
    tem: Tem | None = None
    adjacent: list[AreaId] | None = Field(default=None, max_length=20)


class MapAndCounters(Strict):
    """The reusable "map & counters" file: what the player keyed of the map and the counters."""

    format: Literal["second-fallujah-map"] = "second-fallujah-map"
    areas: BoundedDict[str, AreaValues] = {}
    counters: BoundedDict[str, Counter] = {}
    militia_counters: int | None = Field(default=None, ge=0, le=100)


class Setup(Strict):
    """A new game (11): solitaire (12) or two-player; an optional map & counters file keyed before."""

    name: str = Field(default="", max_length=200)
    variant: Variant = "solitaire"
    map: MapAndCounters | None = None


# -- the turn ------------------------------------------------------------------------------------


class NextPhase(ActionBase):
    """End the current Phase (4); the Reset Phase ends the turn (4.4)."""

    type: Literal["next_phase"]


class Activate(ActionBase):
    """The impulse's action: activate an area or an Entry Zone (4.1.1, 4.1.2)."""

    type: Literal["activate"]
    where: AreaId | Literal["nw_entry_zone", "ne_entry_zone"]


class EndImpulse(ActionBase):
    """The impulse is over (4.1.1, 4.1.2); ``passed``: the side did nothing (4.1.4: two passes in succession end the Phase)."""

    type: Literal["end_impulse"]
    passed: bool = False


class EndRoll(ActionBase):
    """The 4.1.4 roll read at the table: the Action Phase ends after this impulse, or goes on."""

    type: Literal["end_roll"]
    ends: bool


class AdvantageUse(ActionBase):
    """The Advantage used (10.1): it passes to the other player, in the Used box."""

    type: Literal["advantage"]
    use: Literal["heroic_effort", "mulligan"]


class Backlash(ActionBase):
    """The Political Backlash Track moves (7.5)."""

    type: Literal["backlash"]
    delta: int = Field(ge=-10, le=10)


# -- the map and the counters ---------------------------------------------------------------------


class AreaControl(ActionBase):
    type: Literal["area_control"]
    area: AreaId
    side: Side


class KeyArea(ActionBase):
    """What the map prints of an area, keyed (2.1, 2.2)."""

    type: Literal["key_area"]
    area: AreaId
    tem: Tem | None = None
    adjacent: list[AreaId] | None = Field(default=None, max_length=20)

    _something = one_or_more("tem", "adjacent")


class KeyCounter(ActionBase):
    """What a counter prints, keyed (3.1-3.3): ``key`` a unit id, or an Insurgent type for all its counters."""

    type: Literal["key_counter"]
    key: UnitId
    values: Counter


class KeyMap(ActionBase):
    """A whole "map & counters" file, keyed once and reused (merged over what is keyed)."""

    type: Literal["key_map"]
    map: MapAndCounters


# -- units ----------------------------------------------------------------------------------------


class UnitMove(ActionBase):
    """A unit moves (6; 4.2 in the Regroup Phase; 8.3 a retreat); ``cost`` MP spent (6.1)."""

    type: Literal["unit_move"]
    unit: UnitId
    to: AreaId | OffMap
    cost: int | None = Field(default=None, ge=0, le=20)


class UnitStatus(ActionBase):
    type: Literal["unit_status"]
    unit: UnitId
    status: Status | None = None
    dug_in: bool | None = None

    _something = one_or_more("status", "dug_in")


class UnitPlace(ActionBase):
    """Insurgent units placed (11.1, 13, 14.2, 17): Militia from the Force Pool."""

    type: Literal["unit_place"]
    unit_type: InsurgentType
    area: AreaId
    count: int = Field(default=1, ge=1, le=8)
    dug_in: bool = False


class UnitEliminate(ActionBase):
    """A unit eliminated (8.2); a Militia goes back to the Force Pool (11.1)."""

    type: Literal["unit_eliminate"]
    unit: UnitId


class Resistance(ActionBase):
    """The RESISTANCE marker placed (14.2), or removed (None)."""

    type: Literal["resistance"]
    area: AreaId | None


class Retreat(Strict):
    unit: UnitId
    to: AreaId | None


class Casualties(ActionBase):
    """A casualty allocation applied (8.2-8.4, 15): units eliminated, flipped Spent, retreated."""

    type: Literal["casualties"]
    area: AreaId
    eliminated: list[UnitId] = Field(default_factory=list, max_length=8)
    spent: list[UnitId] = Field(default_factory=list, max_length=8)
    retreats: list[Retreat] = Field(default_factory=list, max_length=8)
    overrun: bool = False


class Placement(Strict):
    unit_type: InsurgentType
    area: AreaId
    dug_in: bool = False


class ReactionApplied(ActionBase):
    """The Insurgent Reaction applied (4.1.3, 17): Fedayeen Dug In, units retreated (without
    becoming Spent in solitaire play, 12.1), units placed."""

    type: Literal["reaction"]
    area: AreaId
    dug_in: list[UnitId] = Field(default_factory=list, max_length=16)
    retreats: list[Retreat] = Field(default_factory=list, max_length=16)
    placed: list[Placement] = Field(default_factory=list, max_length=24)


class BotSetup(ActionBase):
    """The bot's set-up applied (13): a Fedayeen in each area listed (the Cadre are placed at the
    game's setup, 11.1 and 13 alike)."""

    type: Literal["bot_setup"]
    fedayeen: list[AreaId] = Field(max_length=51)


class AttackDeclared(ActionBase):
    """The bot's attack declared (14.1.2): every Fresh Militia of the origin attacks the target."""

    type: Literal["attack_declared"]
    target: AreaId
    origin: AreaId
    attackers: list[UnitId] = Field(min_length=1, max_length=8)


#: one step of a confirmed bot decision applied (12): what :func:`..bot.steps` offers
BotStep = Annotated[
    AttackDeclared | Resistance | UnitPlace | UnitMove | BotSetup | ReactionApplied | Casualties | AdvantageUse | EndImpulse,
    Field(discriminator="type"),
]


class BotApply(ActionBase):
    """A confirmed bot decision applied in one undoable action (12; issue 24, item 5): the steps
    it calls for now, in order, each checked as its own action is, so that the table is fixed from
    one list and one undo takes it all back."""

    type: Literal["bot_apply"]
    steps: list[BotStep] = Field(min_length=1, max_length=12)


# -- dice, adjudications, notes ---------------------------------------------------------------------


class BotDie(ActionBase):
    """Dice rolled at the table for the bot's pending procedure (never undone)."""

    type: Literal["bot_die"]
    field: DieField
    faces: list[Annotated[int, Field(ge=1, le=12)]] = Field(min_length=1, max_length=8)


class BotDice(ActionBase):
    """Dice rolled at the table for every die the bot asks for now, entered at once (12.2, 13):
    ``faces[i]`` is the die (or the 2D6 total) of ``fields[i]``; never undone."""

    type: Literal["bot_dice"]
    fields: list[DieField] = Field(min_length=1, max_length=60)
    faces: list[Annotated[int, Field(ge=1, le=12)]] = Field(min_length=1, max_length=60)


class Roll(ActionBase):
    """Dice rolled by the app (the server sets ``faces``): ``purpose`` "bot:<die field>" gives them
    to the bot; ``fields`` (with ``dice`` as many) gives one die to each of the bot's die fields."""

    type: Literal["roll"]
    dice: int = Field(default=1, ge=1, le=60)
    die: Literal["2d6", "d6"] | None = None
    purpose: str = Field(default="", max_length=120)
    fields: list[DieField] | None = Field(default=None, max_length=60)
    faces: Bounded[int] | None = None
    draw_index: DrawIndex = None


class Adjudication(ActionBase):
    """An adjudicator answer recorded (the server sets ``result`` and ``rules``)."""

    type: Literal["adjudication"]
    situation: Annotated[str, Field(min_length=1, max_length=60)]
    input: BoundedDict[str, Any]
    rolls_by: Literal["player", "app"] = "player"
    app_roll: int | None = None
    result: BoundedDict[str, Any] | None = None


class NoteAction(ActionBase):
    type: Literal["note"]
    text: Text


ACTION_MODELS = (NextPhase, Activate, EndImpulse, EndRoll, AdvantageUse, Backlash, AreaControl, KeyArea, KeyCounter,
                 KeyMap, UnitMove, UnitStatus, UnitPlace, UnitEliminate, Resistance, Casualties, ReactionApplied, BotSetup, AttackDeclared,
                 BotApply, BotDie, BotDice, Roll, Adjudication, NoteAction)
ACTION_TYPES: tuple[str, ...] = tuple(m.model_fields["type"].annotation.__args__[0] for m in ACTION_MODELS)  # type: ignore[union-attr]
Action = Annotated[
    NextPhase | Activate | EndImpulse | EndRoll | AdvantageUse | Backlash | AreaControl | KeyArea | KeyCounter | KeyMap
    | UnitMove | UnitStatus | UnitPlace | UnitEliminate | Resistance | Casualties | ReactionApplied | BotSetup | AttackDeclared | BotApply | BotDie | BotDice | Roll
    | Adjudication | NoteAction,
    Field(discriminator="type"),
]
ACTIONS: TypeAdapter[Any] = TypeAdapter(Action)


def parse_action(data: Any) -> Any:
    return parse_tagged(ACTIONS, data, ACTION_TYPES, "a JSON object with a 'type'")


def parse_setup(data: Any) -> Setup:
    return parse_model(Setup, data)
