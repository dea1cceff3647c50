"""The situations of every game, found through the game's declaration (PACKS-SPEC).

A game is declared in ``rules_text/games/<id>/game.yaml``; its procedures live in the package
``adjudicator.<package>`` (``package:`` in game.yaml, :func:`rules_text.loading.package_of`), which
declares ``SITUATIONS: dict[str, Procedure]``. A game without such a package has no situations
yet: it is still a game (rules, search), not an error. An unknown id raises
:class:`rules_text.loading.UnknownGame` (re-exported here). This module names no game.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from types import ModuleType
from typing import Any

from pydantic import BaseModel, ValidationError

from rules_text.loading import (
    DEFAULT_GAME,
    UnknownGame,
    available_games,
    data_files,
    fingerprint,
    package_of,
)

from . import readings
from .errors import MISSING, InvalidSituation, Problem, from_validation_error
from .grids import OddsGrid
from .models import Adjudication
from .what_if import NO_DECISIONS, Decisions, decide

__all__ = [
    "DEFAULT_GAME",
    "Procedure",
    "UnknownGame",
    "UnknownSituation",
    "adjudicate",
    "data_fingerprint",
    "declare_situations",
    "declared_procedure",
    "declared_situations",
    "forget_data",
    "games",
    "games_with",
    "odds_grids",
    "package_of",
    "parse_input",
    "procedure",
    "schema",
    "situations",
]


@dataclass(frozen=True)
class Procedure:
    """A situation a game's adjudicator knows: its input and answer models, the function computing it."""

    #: the situation's name, kebab case (``dice-pool``)
    name: str
    #: a short title naming the rules (its name and the rules it covers)
    title: str
    #: the rule that governs the procedure, cited by every answer
    rule: str
    input_model: type[BaseModel]
    result_model: type[Adjudication]
    #: the whole adjudication of a valid input (pure: reads only the game's rules data)
    run: Callable[[Any], Adjudication]
    #: rule ids the procedure may cite that sample answers do not show (checked against the corpus)
    cites: tuple[str, ...] = field(default=())
    #: sample inputs (valid situations): the conformance test adjudicates each and checks its rules
    examples: tuple[Mapping[str, Any], ...] = field(default=())
    #: the choices the rules leave to the player and their goal (:mod:`adjudicator.what_if`)
    decisions: Decisions = NO_DECISIONS

    @property
    def model(self) -> type[BaseModel]:
        """The input model (the name used before game packs)."""
        return self.input_model

    @property
    def summary(self) -> str:
        """The title (the name used before game packs)."""
        return self.title


def declare_situations(
    procedures: Iterable[Procedure],
    decisions: Mapping[str, Decisions],
    examples: Mapping[str, Iterable[Mapping[str, Any]]] | None = None,
) -> dict[str, Procedure]:
    """A game's ``SITUATIONS``: its procedures by name, each with the choices the rules leave to
    the player (``decisions``; none for a procedure not named) and, given ``examples``, its sample
    inputs (then every procedure must have its entry)."""
    return {
        p.name: replace(
            p,
            decisions=decisions.get(p.name, NO_DECISIONS),
            examples=p.examples if examples is None else tuple(examples[p.name]),
        )
        for p in procedures
    }


class UnknownSituation(InvalidSituation, LookupError):
    """A situation the game does not have; one line saying which games have it, or which
    situations the game has. It is an :class:`InvalidSituation` whose problem is the field
    ``situation``."""

    def __init__(self, situation: str, game: str):
        self.situation = situation
        self.game = game
        owners = games_with(situation)
        if owners:
            allowed = f"a situation of {', '.join(owners)}, not of {game}"
            message = f"situation {situation!r} is {allowed}"
        else:
            allowed = (
                f"one of {', '.join(situations(game)) or f'none: {game} has no situations yet'}"
            )
            message = f"unknown situation {situation!r}: {allowed}"
        super().__init__(Problem("situation", situation, allowed))
        self.message = message
        self.args = (message,)

    def __str__(self) -> str:
        return self.message


#: how long a game's data files are trusted unchanged before their sizes and times are read again
RECHECK_SECONDS = 1.0
_stamps: dict[str, tuple[float, tuple[tuple[str, int, int], ...]]] = {}


def data_fingerprint(game: str) -> str:
    """The fingerprint of the game's data (:func:`rules_text.loading.fingerprint`): a cache key
    for what a game's procedures derive from its data. The files are hashed again only when one's
    size or modification time changed, and those are read at most every :data:`RECHECK_SECONDS`."""
    now = time.monotonic()
    seen = _stamps.get(game)
    if seen is None or now - seen[0] >= RECHECK_SECONDS:
        stamp = tuple(
            (str(path), info.st_mtime_ns, info.st_size)
            for path in data_files(game)
            for info in (path.stat(),)
        )
        seen = _stamps[game] = (now, stamp)
    return _fingerprint(game, seen[1])


def forget_data() -> None:
    """Read every game's data files again on the next call (after editing them)."""
    _stamps.clear()
    _fingerprint.cache_clear()


@lru_cache(maxsize=32)
def _fingerprint(game: str, _stamp: tuple[tuple[str, int, int], ...]) -> str:
    return fingerprint(game)


@cache
def _module(package: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{__package__}.games.{package}")
    except ModuleNotFoundError as exc:
        if exc.name in (f"{__package__}.games.{package}", f"{__package__}.games"):
            return None
        raise


def game_module(game: str) -> ModuleType | None:
    """The game's adjudicator package, or None when it has none yet."""
    return _module(package_of(game))


def games() -> list[str]:
    """Every declared game id (with or without situations)."""
    return available_games()


def situations(game: str = DEFAULT_GAME) -> Mapping[str, Procedure]:
    """The game's situations by name; empty for a game whose adjudicator is not written yet."""
    module = game_module(game)
    found = getattr(module, "SITUATIONS", None) if module is not None else None
    return dict(found or {})


def situation_modules(package: ModuleType) -> Mapping[str, str]:
    """Where a game package declares each situation (``SITUATION_MODULES``: name -> the name of
    its module whose ``SITUATIONS`` holds it), or nothing when it declares them all at once."""
    found = getattr(package, "SITUATION_MODULES", None)
    return found if isinstance(found, Mapping) else {}


def declared_procedure(package: str, situation: str) -> Procedure | None:
    """The situation of the game package ``package`` (its module's ``__name__``) when it declares
    it by module (``SITUATION_MODULES``), only that module imported; else None."""
    names = situation_modules(importlib.import_module(package))
    if situation not in names:
        return None
    module = importlib.import_module(f"{package}.{names[situation]}")
    found: Mapping[str, Procedure] = module.SITUATIONS
    return found[situation]


@cache
def declared_situations(package: str) -> dict[str, Procedure]:
    """Every situation of the game package ``package`` (its module's ``__name__``) that declares
    them by module (``SITUATION_MODULES``), in that order: its ``SITUATIONS``, imported when
    first asked for, so that ``procedure()`` imports only the module of the situation asked for.
    One mapping per package for the process, as a ``SITUATIONS`` written out would be."""
    names = situation_modules(importlib.import_module(package))
    modules = {module: importlib.import_module(f"{package}.{module}") for module in names.values()}
    return {name: modules[module].SITUATIONS[name] for name, module in names.items()}


def games_with(situation: str) -> list[str]:
    """The ids of the games having a situation of that name."""
    return [game for game in available_games() if situation in situations(game)]


def procedure(situation: str, *, game: str = DEFAULT_GAME) -> Procedure:
    """One situation of a game, or :class:`UnknownSituation`. A game that declares its situations
    by module (``SITUATION_MODULES``) has only the module of this one imported."""
    module = game_module(game)
    declared = declared_procedure(module.__name__, situation) if module is not None else None
    if declared is not None:
        return declared
    found = situations(game)
    if situation not in found:
        raise UnknownSituation(situation, game)
    return found[situation]


def die_notes(game: str) -> Mapping[str, tuple[str, str | None]]:
    """What a game says of its dice when a face is out of range: die -> (clarification, rule)."""
    module = game_module(game)
    return dict(getattr(module, "DIE_NOTES", None) or {}) if module is not None else {}


def parse_input(
    proc: Procedure,
    data: Mapping[str, Any] | BaseModel,
    dice: Mapping[str, tuple[str, str | None]] | None = None,
) -> BaseModel:
    """The procedure's input model, or :class:`InvalidSituation` naming each bad field."""
    model = proc.input_model
    if isinstance(data, model):
        return data
    if isinstance(data, BaseModel):
        data = data.model_dump()
    if not isinstance(data, Mapping):
        raise InvalidSituation(Problem("situation", data, "a JSON object"))
    try:
        return model.model_validate(dict(data))
    except ValidationError as exc:
        raise from_validation_error(exc, model, dice) from None


def renderer(game: str) -> Callable[[Adjudication, str | None], str]:
    """The game's readable breakdown (``RENDER`` in its package), else the kernel's."""
    from .render import render

    module = game_module(game)
    found = getattr(module, "RENDER", None) if module is not None else None
    return found or (
        lambda answer, lang: render(answer, lang, procedure(answer.situation, game=game).title)
    )


def odds_grids(game: str) -> tuple[OddsGrid, ...]:
    """The grids of chances a game declares for its rules site (``ODDS_GRIDS``), if any."""
    module = game_module(game)
    return tuple(getattr(module, "ODDS_GRIDS", None) or ()) if module is not None else ()


def schema(situation: str, *, game: str = DEFAULT_GAME) -> dict[str, Any]:
    """The JSON schema of a situation's input."""
    return procedure(situation, game=game).input_model.model_json_schema()


def adjudicate(
    situation: str, body: Mapping[str, Any] | BaseModel, *, game: str = DEFAULT_GAME
) -> Adjudication:
    """Validate the body against the situation's input model, then run the game's procedure;
    the answer gets the odds of each choice left to the player and its summaries (:func:`decide`).

    Every problem is reported at once: when fields are malformed (a roll of 10), the rest of the
    situation is still checked by the game's own rules, with the malformed fields left out, and
    both kinds of problem are raised together."""
    proc = procedure(situation, game=game)
    try:
        parsed = parse_input(proc, body, die_notes(game))
    except InvalidSituation as exc:
        raise InvalidSituation([*exc.problems, *_rule_problems(proc, body, exc)]) from None
    picked = getattr(parsed, readings.FIELD, None)
    if picked:
        readings.check(game, picked)
    return decide(proc.run, parsed, proc.run(parsed), proc.decisions)


def _rule_problems(proc: Procedure, body: Mapping[str, Any] | BaseModel, exc: InvalidSituation) -> list[Problem]:
    """The game's own problems with the situation once the malformed fields are left out (none
    when it still cannot be read)."""
    if isinstance(body, BaseModel) or not isinstance(body, Mapping):
        return []
    pruned = dict(body)  # copied along each problem's path only: the rest is read, never changed
    for problem in exc.problems:
        parts = problem.field.split(".") if problem.field else []
        holder: Any = pruned
        for part in parts[:-1]:
            inner = holder.get(part) if isinstance(holder, dict) else None
            if isinstance(inner, dict):
                inner = holder[part] = dict(inner)
            holder = inner
        if isinstance(holder, dict) and parts and problem.value is not MISSING:
            holder.pop(parts[-1], None)
    try:
        proc.run(proc.input_model.model_validate(pruned))
    except InvalidSituation as more:
        known = {p.field for p in exc.problems}
        return [p for p in more.problems if p.field not in known]
    except Exception:  # noqa: BLE001 - only a second look: the first problems stand alone
        return []
    return []
