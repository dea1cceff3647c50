"""Dice the app rolls for a player without his own, and the adjudication that uses them.

A ``roll`` action (:mod:`web.prepare` sets its ``faces``) draws from the game's seeded stream
(:mod:`web.randomness`): undone and rolled again, it shows the same faces, so a die is not rolled
again until it shows what one wants (a roll stored before the stream cannot be undone). Its faces wait in the state's ``app_rolls`` until an
``adjudication`` recorded with ``rolls_by: "app"`` names that ``roll`` event by its version
(``app_roll``); the adjudication's input must use those faces, and each roll serves once.
Every game's companion declares ``app_rolls: tuple[AppRoll, ...] = ()`` in its state and calls
:func:`rolled_faces` and :func:`use` from its ``roll`` and ``adjudication`` moves.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any, Literal, Protocol, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from adjudicator.models import MAX_TEXT, BoundedDict
from adjudicator.registry import schema

from .errors import refuse
from .kernel import Ctx

#: the version of the ``roll`` event whose faces an adjudication uses (``rolls_by == "app"``)
AppRollVersion = Annotated[int | None, Field(ge=1)]
#: a random move's place in its game's seeded stream (:mod:`web.randomness`), set by the server
#: (any value sent is replaced); None on a move stored before the stream, which cannot be undone
DrawIndex = Annotated[int | None, Field(default=None, ge=0, le=10**9)]


class AppRoll(BaseModel):
    """Faces the app rolled (a ``roll`` event), kept until an adjudication uses them, once."""

    model_config = ConfigDict(str_max_length=MAX_TEXT, frozen=True, extra="forbid")

    #: the version of the ``roll`` event
    version: int
    faces: tuple[int, ...]
    #: what the player said the roll is for (free text, or a game's convention)
    purpose: str = ""


Rolled = TypeVar("Rolled", bound=AppRoll)


class AppRollNamed(BaseModel):
    """An adjudication's check that it names an app roll exactly when the app rolled its dice.

    A mixin without fields (so that the action's fields, and its stored JSON, keep their order):
    the action declares ``rolls_by`` and ``app_roll: AppRollVersion = None``."""

    if TYPE_CHECKING:
        rolls_by: Literal["player", "app"]
        app_roll: int | None

    @model_validator(mode="after")
    def _app_roll_named(self) -> Self:
        if (self.rolls_by == "app") != (self.app_roll is not None):
            raise ValueError("app_roll (the version of the 'roll' event) is required with rolls_by 'app' and only then")
        return self



class RecordedAdjudicationFields(AppRollNamed):
    """The fields of an ``adjudication`` action recorded with its rolls (the player's dice or an
    app roll), as :mod:`web.prepare` fills them in. A mixin put before the game's action base, so
    that its fields come after the base's, as they always have in the stored JSON."""

    type: Literal["adjudication"]
    situation: str = Field(min_length=1, max_length=40)
    input: BoundedDict[str, Any]
    rolls_by: Literal["player", "app"]
    #: the version of the ``roll`` event whose faces the input uses (``rolls_by == "app"``)
    app_roll: AppRollVersion = None
    #: set by the server from the adjudicator (any value sent is replaced)
    result: BoundedDict[str, Any] | None = None


def rolled_faces(faces: list[int] | None, dice: int) -> tuple[int, ...]:
    """The faces the server set on a ``roll`` action, one a die, or a refusal naming them."""
    if faces is None or len(faces) != dice:
        raise refuse("faces", faces, f"{dice} faces rolled by the app")
    return tuple(faces)


def faces_in(value: Any) -> list[int]:
    """Every whole number in an adjudication's input (or a part of it): the faces it uses."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [i for v in value.values() for i in faces_in(v)]
    if isinstance(value, list):
        return [i for v in value for i in faces_in(v)]
    return []


@lru_cache(maxsize=256)
def _schema(situation: str, game: str) -> dict[str, Any]:
    try:
        return dict(schema(situation, game=game))
    except LookupError:
        return {}


def situation_schema(situation: str, game: str) -> dict[str, Any]:
    """The JSON schema of a situation's input (where its die fields are marked ``die``); {} for a
    situation the game does not have. Made once per situation (the models do not change)."""
    return _schema(situation, game)


def die_items(node: dict[str, Any], value: Any, path: str = "", defs: dict[str, Any] | None = None
              ) -> list[tuple[str, int]]:
    """The input's die fields (marked ``{"die": ...}`` in the schema) with their values, by path:
    the faces entered, apart from every other number of the input (a CF, a Zone)."""
    defs = node.get("$defs", {}) if defs is None else defs
    if "$ref" in node:
        node = defs.get(str(node["$ref"]).rsplit("/", 1)[-1], {})
    if node.get("die"):
        return [(f"{path}.{index}" if index else path, face) for index, face in enumerate(faces_in(value))]
    for key in ("anyOf", "oneOf", "allOf"):
        for option in node.get(key) or ():
            found = die_items(option, value, path, defs)
            if found:
                return found
    if isinstance(value, dict):
        properties = node.get("properties") or {}
        return [item for name, sub in properties.items() if name in value
                for item in die_items(sub, value[name], f"{path}.{name}".lstrip("."), defs)]
    if isinstance(value, list) and isinstance(node.get("items"), dict):
        return [item for index, element in enumerate(value)
                for item in die_items(node["items"], element, f"{path}.{index}".lstrip("."), defs)]
    return []


def die_values(node: dict[str, Any], value: Any) -> list[int]:
    """The faces of the input's die fields, in order."""
    return [face for _, face in die_items(node, value)]


def entered_faces(situation: str, game: str, input_: Any) -> list[int]:
    """The faces an adjudication's input holds: the values of its situation's die fields, not its
    other numbers (a CF equal to the face the app rolled does not stand in for that face). Every
    whole number of the input for a situation whose schema marks no die."""
    input_schema = situation_schema(situation, game)
    return die_values(input_schema, input_) if input_schema else faces_in(input_)


def use(app_rolls: tuple[Rolled, ...], version: int | None, input_: dict[str, Any],
        given: list[int]) -> tuple[Rolled, ...]:
    """The app rolls left once an adjudication has used roll ``version``: refused when that is
    no unused roll, or when ``given`` (the faces its ``input_`` holds) lacks one of its faces."""
    rolled = next((r for r in app_rolls if r.version == version), None)
    if rolled is None:
        unused = [r.version for r in app_rolls]
        raise refuse("app_roll", version, f"the version of an unused 'roll' event: {unused or 'none'}")
    if any(given.count(f) < rolled.faces.count(f) for f in rolled.faces):
        raise refuse("input", input_, f"an input using the faces the app rolled: {list(rolled.faces)}")
    return tuple(r for r in app_rolls if r is not rolled)


def roll_move(rule: str) -> Callable[[Any, Any, Ctx], Any]:
    """The move of a ``roll`` action (dice rolled by the app, never undone) on a state that keeps
    ``app_rolls``: its faces kept until an adjudication uses them, its effect citing ``rule`` (the
    game's rule on its dice)."""

    def roll(state: Any, action: Any, ctx: Ctx) -> Any:
        faces = rolled_faces(action.faces, action.dice)
        ctx.effect(rule, f"rolled by the app: {', '.join(map(str, faces))}")
        rolled = AppRoll(version=ctx.version, faces=faces, purpose=action.purpose)
        return state.model_copy(update={"app_rolls": state.app_rolls + (rolled,)})

    return roll


class RecordedAdjudication(Protocol):
    """What :func:`adjudicated` reads of an ``adjudication`` action."""

    @property
    def situation(self) -> str: ...

    @property
    def input(self) -> dict[str, Any]: ...

    @property
    def rolls_by(self) -> str: ...

    @property
    def app_roll(self) -> int | None: ...

    @property
    def result(self) -> dict[str, Any] | None: ...


def adjudicated(app_rolls: tuple[Rolled, ...], action: RecordedAdjudication,
                game: str) -> tuple[tuple[Rolled, ...], dict[str, Any]]:
    """A recorded adjudication checked: the app rolls left (an app roll it names used, by
    :func:`use`, when the app rolled its dice) and the server's answer; refused without one."""
    if action.result is None:
        raise refuse("result", None, "the adjudicator's result (set by the server)")
    if action.rolls_by == "app":
        given = entered_faces(action.situation, game, action.input)
        return use(app_rolls, action.app_roll, action.input, given), action.result
    return app_rolls, action.result
