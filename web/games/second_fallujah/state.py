"""The state of a game of Second Fallujah as plain, frozen data (the moves in :mod:`.apply`).

Names follow the rulebook: turns Nov 8 to Nov 14 (4, 11.1), the Action, Regroup, Infiltration
and Reset Phases (4), impulses (4.1), the Advantage and its Available/Used box (10, 11.1), the
Political Backlash Track (7.5), the 51 areas and their control (2, 9), Fresh/Spent (3.3), Dug In
(3.7), the RESISTANCE marker (14.2).

What the components print but the text does not (each area's TEM and adjacency, each counter's
Combat and Movement Factors) is never invented: :class:`AreaFacts` and :class:`Counter` start
unknown (``None``) and hold what the player keyed.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.games.second_fallujah.common import CF_MAX, CF_MIN
from web import rolls
from web.pieces import by_id
from web.undo_stack import EMPTY, VersionStack

Side = Literal["insurgent", "coalition"]
Variant = Literal["solitaire", "two_player"]
#: The four Phases of a turn, in order (4).
Phase = Literal["action", "regroup", "infiltration", "reset"]
PHASES: tuple[Phase, ...] = ("action", "regroup", "infiltration", "reset")
PHASE_RULES: dict[str, str] = {"action": "4.1", "regroup": "4.2", "infiltration": "4.3", "reset": "4.4"}
#: The turns: "The game has seven turns, each representing one day" (4); Nov 8 (11.1) to Nov 14 (4.4).
FIRST_TURN, LAST_TURN = 8, 14
#: Off-map places: the Entry Zones (2.3), the riverine holding box (7.2.3), the Militia Force Pool
#: (11.1), eliminated units.
OFF_MAP: tuple[str, ...] = ("nw_entry_zone", "ne_entry_zone", "riverine_box", "force_pool", "eliminated")
INSURGENT_TYPES: tuple[str, ...] = ("fedayeen", "cadre", "militia")
Status = Literal["fresh", "spent"]
Outcome = Literal["in_progress", "over"]
#: a Combat Factor and a Movement Factor as a counter prints them (3.1, 3.2)
Cf = Annotated[int, Field(ge=CF_MIN, le=CF_MAX)]
Mf = Annotated[int, Field(ge=0, le=20)]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class AreaFacts(Frozen):
    """What the map prints of an area (2.1, 2.2), as keyed by the player: None until keyed."""

    tem: int | None = None
    #: the areas sharing a border with it (2.2); None until keyed
    adjacent: tuple[int, ...] | None = None


class Counter(Frozen):
    """What a counter prints (3.1, 3.2, 3.3), as keyed: CF on each face, MF, CF in parentheses.
    The same model checks what the player keys (strict: a number, never a numeric string) and keeps it."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    cf: Cf | None = None
    cf_spent: Cf | None = None
    mf: Mf | None = None
    in_parentheses: bool = False


class AreaState(Frozen):
    """One of the 51 areas (2) and its control marker (9)."""

    id: int
    control: Side = "insurgent"


class UnitState(Frozen):
    """A Coalition unit of the Order of Battle, or an Insurgent unit placed on the map."""

    id: str
    side: Side
    type: str
    nationality: str | None = None
    #: the printed line of the Order of Battle (Coalition), or "Cadre 3" (Insurgent)
    label: str
    #: the parent unit (7.2.4's battalion integrity)
    parent: str | None = None
    status: Status = "fresh"
    dug_in: bool = False
    #: an area id, or one of :data:`OFF_MAP`
    location: int | str
    #: Movement Points left during the current impulse (6.1); None outside an impulse's movement
    mp_left: int | None = None
    #: moved or attacked in the current impulse: flipped to Spent when it ends (4.1.1, 4.1.2)
    acted: bool = False


class Advantage(Frozen):
    """The Advantage marker (10, 11.1): its owner and its box, Available or Used."""

    owner: Side = "coalition"
    available: bool = True


class AppRoll(rolls.AppRoll):
    """Dice rolled by the app (:mod:`web.rolls`), ``die`` naming another die than the 2d6 (7.2.7)."""

    die: str | None = None


class BotRecord(Frozen):
    """A bot decision the player confirmed (or overrode, with the reason), as the adjudicator gave it."""

    version: int
    situation: str
    decision: dict[str, Any]
    #: the answer's trace; an entry whose criterion no candidate met says ``"ignored": true`` (12.2 step 2)
    trace: tuple[dict[str, Any], ...] = ()
    override_reason: str | None = None
    #: the follow-up actions applied from it (their types), to tell which are done
    applied: tuple[str, ...] = ()


class Combat(Frozen):
    """The last combat recorded and the Casualty Points it left to allocate (8, 15)."""

    version: int
    situation: str
    area: int | None = None
    outcome: str | None = None
    insurgent_cp: int = 0
    coalition_cp: int = 0
    #: the casualties were applied (the bot's allocation, 15, or the player's, 8.2)
    allocated: bool = False
    #: the two 2D6 rolls and the values added (15 step 3 compares the rolls)
    offense: int | None = None
    defense: int | None = None
    ov: int | None = None
    dv: int | None = None
    #: the bot's Mulligan decision (15 step 3); None while not asked
    mulligan: bool | None = None


class Reaction(Frozen):
    """A Reaction triggered by the first Coalition unit entering an uncontested Insurgent-controlled
    area (4.1.3; the bot's table, 17): pending until applied, or until the impulse ends."""

    area: int
    version: int
    #: the bot's decision once confirmed (bot-reaction), applied by the ``reaction`` action
    decision: dict[str, Any] | None = None


class GameState(Frozen):
    """Everything kept beside the map, after the events up to ``version``."""

    game: str = "second-fallujah"
    name: str = ""
    variant: Variant = "solitaire"
    version: int
    turn: int = FIRST_TURN
    phase: Phase = "action"
    #: the Impulse Track (4.1, 11.1): the game starts on the zero space, Coalition side up (11.2)
    impulse: int = 0
    side: Side = "coalition"
    #: passes in succession (4.1.4: both players passing ends the Action Phase)
    passes: int = 0
    #: the area (or Entry Zone) activated in the current impulse (4.1.1, 4.1.2)
    activated: int | str | None = None
    #: the first combat resolution-roll of this Coalition impulse was made (4.1.4)
    end_roll_made: bool = False
    #: the version of the event that began the current impulse (a bot decision after it is this impulse's)
    impulse_started: int = 1
    action_phase_ends: bool = False
    advantage: Advantage = Advantage()
    political_backlash: int = 0
    areas: tuple[AreaState, ...]
    #: the map as keyed, area 1 first (51 entries)
    map: tuple[AreaFacts, ...]
    #: counters as keyed: by unit id, or by Insurgent type ("fedayeen") for every unit of it
    counters: dict[str, Counter] = {}
    units: tuple[UnitState, ...] = ()
    #: the area holding the RESISTANCE marker (14.2)
    resistance: int | None = None
    #: Militia counters in the game (keyed from the counter sheet; None: not limited)
    militia_counters: int | None = None
    #: dice of the bot's pending procedure, by its field ("dice.step1"), rolled or entered
    bot_dice: dict[str, tuple[int, ...]] = {}
    bot_last: BotRecord | None = None
    combat: Combat | None = None
    reaction: Reaction | None = None
    #: the bot's confirmed casualty allocation (15), kept while its Mulligan is asked (15 step 3)
    casualties: BotRecord | None = None
    app_rolls: tuple[AppRoll, ...] = ()
    outcome: Outcome = "in_progress"
    undo: VersionStack = EMPTY
    redo: VersionStack = EMPTY

    def area(self, area_id: int) -> AreaState:
        return self.areas[area_id - 1]

    def facts(self, area_id: int) -> AreaFacts:
        return self.map[area_id - 1]

    def unit(self, unit_id: str) -> UnitState | None:
        return by_id(self.units, unit_id)

    def counter(self, unit: UnitState) -> Counter:
        """The keyed values of a unit's counter: its own, else its type's (Insurgent counters)."""
        return self.counters.get(unit.id) or self.counters.get(unit.type) or Counter()

    def units_in(self, location: int | str) -> list[UnitState]:
        return [u for u in self.units if u.location == location]
