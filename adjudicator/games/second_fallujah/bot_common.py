"""The bot's answer (12-17): a decision, the trace, the facts it still needs, and the points the
rules leave unspecified with the reading taken (each can be overridden, with a reason, logged)."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.models import MAX_TEXT

from ...errors import Checker
from ...models import Adjudication, Bounded, Outcome
from .common import D6, SfAnswer, finish
from .priorities import Need, TraceEntry
from .state import TableState, check_state


class Override(BaseModel):
    """The player's choice instead of the bot's at an unspecified point; logged in the trace."""

    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)

    choice: Any
    #: why: required (an override without a reason is refused)
    reason: str | None = None
    #: which unspecified point it settles, when the procedure has several
    point: str | None = None


class TieDice(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)

    #: 1D6 rolls for 12.2's tie-break, used in order
    tiebreak: Bounded[D6] = Field(default_factory=list)


class Unspecified(BaseModel):
    model_config = ConfigDict(str_max_length=MAX_TEXT, extra="forbid", defer_build=True)

    point: str
    rule: str
    reading: str
    overridden: bool = False


#: the points the bot's procedures leave unspecified, each with its rule and the reading the bot
#: follows (errata 12.1 and the rule's own entry), by point
UNSPECIFIED_POINTS: dict[str, tuple[str, str]] = {
    "step_1_militia": ("14", "which ungarrisoned area and which adjacent Fresh Militia: 12.2's die roll among all such pairs (errata 14)"),
    "lead_defender_tie": ("7.2.5", "on a Combat Factor tie: a Dug In unit first, then 12.2's die roll (errata 7.2.5)"),
    "priorities_adjusted": ("15", "15 is followed strictly; another allocation is the player's override (errata 15)"),
    "heroic_effort": ("10.1", "the bot never uses Heroic Effort (errata 12.1); the player may override"),
    "reaction_order": ("17", "step by step as printed; within a step by area number, then the order the units are listed (errata 17)"),
    "regroup": ("4.2", "the bot does not Regroup (errata 12.1, reading 1); the player may move units for it (override, logged)"),
    "reset_spent": ("4.4", "the units the 5.1 limit forces stay Spent, Fedayeen before Cadre, in area order (errata 12.1)"),
}


def unspecified_point(point: str, overridden: bool = False) -> Unspecified:
    """The unspecified ``point`` (:data:`UNSPECIFIED_POINTS`) as an answer lists it."""
    rule, reading = UNSPECIFIED_POINTS[point]
    return Unspecified(point=point, rule=rule, reading=reading, overridden=overridden)


class BotOutcome(Outcome):
    """The bot's decision once every fact and die it needs is known."""

    decision: dict[str, Any]


class BotAnswer(SfAnswer):
    """A bot decision: None while facts are missing (``needs``)."""

    #: ``ignored`` advises (a newer field): compared with a recorded answer only where it has it
    ADVICE: ClassVar[tuple[str, ...]] = (*Adjudication.ADVICE, "ignored")

    decision: dict[str, Any] | None = None
    trace: list[TraceEntry] = Field(default_factory=list)
    #: the trace's entries (by position) whose criterion no candidate met: ignored (12.2 step 2)
    ignored: Bounded[int] = Field(default_factory=list)
    needs: list[Need] = Field(default_factory=list)
    unspecified: list[Unspecified] = Field(default_factory=list)
    result: BotOutcome | None = None


#: each bot situation's own answer model (the same fields; named for the registry and the schema)
ANSWERS: dict[str, type[BotAnswer]] = {
    name: type(
        "".join(part.title() for part in name.split("-")) + "Answer",
        (BotAnswer,),
        {"__module__": __name__, "__doc__": f"The answer of {name}."},
    )
    for name in (
        "bot-setup",
        "bot-impulse",
        "bot-attack-target",
        "bot-attack-origin",
        "bot-organize-resistance",
        "bot-casualties",
        "bot-mulligan",
        "bot-retreat",
        "bot-reaction",
        "bot-regroup",
        "bot-reset",
    )
}


def check_override(check: Checker, override: Override | None, field: str = "override") -> None:
    if override is not None and not (override.reason or "").strip():
        check.add(
            f"{field}.reason",
            override.reason,
            "an override needs a reason, logged in the trace",
            "12.2",
        )


def check_common(state: TableState, override: Override | None) -> Checker:
    check = Checker()
    check_state(state, check)
    check_override(check, override)
    return check


def answer(
    name: str,
    decision: dict | None,
    trace: list[TraceEntry],
    needs: list[Need] | None = None,
    unspecified: list[Unspecified] | None = None,
    notes: list | None = None,
) -> BotAnswer:
    return finish(
        ANSWERS[name](
            situation=name,
            decision=decision,
            trace=trace,
            ignored=[i for i, entry in enumerate(trace) if entry.ignored],
            needs=needs or [],
            unspecified=unspecified or [],
            notes=notes or [],
            result=BotOutcome(decision=decision) if decision is not None else None,
        )
    )


def override_entry(override: Override, rule: str, kept: list[Any]) -> TraceEntry:
    return TraceEntry(
        rule=rule,
        criterion="override",
        text="the player's choice instead of the bot's",
        kept=kept,
        reason=override.reason,
    )
