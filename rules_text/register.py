"""The register of the points where a game's English and French rulebooks disagree.

``games/<game>/rulesets.yaml`` is the one list of these differences (issue 5): the adjudicator
reads each entry's ``readings`` to apply either rulebook (its ``ruleset``), ``fallujah compare``
reports the entries beside its automatic findings, the static site prints them beside the rules.
All three read it through :func:`read_register`, so the format is declared here once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from .loading import DataError, game_dir, read_yaml
from .models import LANGS

REGISTER_FILE = "rulesets.yaml"

#: result: the same situation gets another outcome or other odds; procedure: what the player
#: may or must do differs, not the dice; clarity: the texts differ, play is the same.
SEVERITIES = ("result", "procedure", "clarity")
#: what differs between the two texts
KINDS = ("number", "location", "unit", "reference", "clause", "condition", "outcome", "procedure")


class Difference(BaseModel):
    """One registered difference in meaning, quoting both rulebooks verbatim."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    id: str
    #: the section holding both quotes
    section: str
    #: the table whose row texts hold the quotes, when they are in a table
    table: str | None = None
    kind: str | None = None
    en: str
    fr: str
    #: what it changes at the table
    changes: str
    severity: str
    #: what each ruleset does, in words; empty when the entry drives no computation
    ruleset_behaviour: dict[str, str] = {}
    #: the behaviour key each ruleset selects, read by the code that applies it; empty when none
    readings: dict[str, str] = {}
    #: False for a ``result`` difference no procedure computes (``reason`` says why)
    computed: bool = True
    reason: str | None = None
    #: other sections where the same difference is printed
    also_in: tuple[str, ...] = ()

    @field_validator("id", "section", "en", "fr", "changes")
    @classmethod
    def _given(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value

    @field_validator("severity")
    @classmethod
    def _severity(cls, value: str) -> str:
        if value not in SEVERITIES:
            raise ValueError(f"severity {value!r}: allowed {', '.join(SEVERITIES)}")
        return value

    @field_validator("kind")
    @classmethod
    def _kind(cls, value: str | None) -> str | None:
        if value is not None and value not in KINDS:
            raise ValueError(f"kind {value!r}: allowed {', '.join(KINDS)}")
        return value

    @field_validator("readings", "ruleset_behaviour")
    @classmethod
    def _both_languages(cls, value: dict[str, str], info: Any) -> dict[str, str]:
        if value and set(value) != set(LANGS):
            raise ValueError(f"{info.field_name} must give both 'en' and 'fr', not {sorted(value)}")
        return value

    @model_validator(mode="after")
    def _reason(self) -> Difference:
        if not self.computed and not self.reason:
            raise ValueError("computed: false needs a 'reason'")
        return self

    @property
    def sections(self) -> tuple[str, ...]:
        """Every section printing this difference: its own, then ``also_in``."""
        return (self.section, *self.also_in)


def _problem(exc: ValidationError) -> str:
    error = exc.errors(include_url=False)[0]
    field = ".".join(str(part) for part in error["loc"])
    message = str(error["msg"]).removeprefix("Value error, ")
    if error["type"] == "missing":
        return f"'{field}' is missing"
    return message if not field or field in message else f"{field}: {message}"


def read_register(path: Path) -> dict[str, Difference]:
    """The entries of a register file by id, in file order; no file means no entries.

    A bad entry is a :class:`DataError` naming the file, the entry and what is allowed.
    """
    if not path.is_file():
        return {}
    raw = read_yaml(path) or []
    if not isinstance(raw, list):
        raise DataError(path, "expected a list of differences")
    entries: dict[str, Difference] = {}
    for index, item in enumerate(raw):
        name = item.get("id", f"#{index + 1}") if isinstance(item, dict) else f"#{index + 1}"
        if not isinstance(item, dict):
            raise DataError(path, f"entry {name!r}: expected a mapping of fields")
        fields = {**item, "section": str(item.get("section", "")),
                  "also_in": tuple(str(s) for s in item.get("also_in") or ())}
        try:
            entry = Difference.model_validate(fields)
        except ValidationError as exc:
            raise DataError(path, f"entry {name!r}: {_problem(exc)}", section=str(name)) from None
        if entry.id in entries:
            raise DataError(path, f"entry {entry.id!r} is registered twice", section=entry.id)
        entries[entry.id] = entry
    return entries


def load_register(game: str) -> dict[str, Difference]:
    """A game's register (``games/<game>/rulesets.yaml``)."""
    return read_register(game_dir(game) / REGISTER_FILE)
