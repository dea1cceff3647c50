"""What a game gives the companion: the interface a game package declares as ``COMPANION``.

The generic layers (event log and store, JSON API, pages, calculator) use a game only through
this object, found by :mod:`web.games` from the game's declaration. A game's state is a frozen
pydantic model holding at least ``version``, ``name`` and ``variant``; its log is a setup event
followed by actions, undos and redos (:mod:`web.eventlog`). Two action types have a meaning
for the generic layer: ``roll`` (``dice``: how many of the game's die the app rolls; an optional
``die`` field names another of the dice the game declares; the server sets ``faces``) and ``adjudication`` (``situation``, ``input``; the server sets ``result`` and
``rules`` from the adjudicator); see :mod:`web.prepare`.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

from .eventlog import Effect, Event
from .kernel import KernelState, Moves
from .table import TableOf

if TYPE_CHECKING:
    from flask_babel import LazyString


class GameState(KernelState, Protocol):
    """What the generic store reads of any game's state: what the kernel reads (its version, its
    undo and redo stacks), its name and variant, its JSON."""

    @property
    def name(self) -> str: ...

    @property
    def variant(self) -> str: ...

    def model_dump_json(self, **kwargs: Any) -> str: ...


class Setup(Protocol):
    """What the generic store reads of a game's setup."""

    @property
    def name(self) -> str: ...

    @property
    def variant(self) -> str: ...

    def model_dump(self, **kwargs: Any) -> dict[str, Any]: ...


#: ``state_at(v)``: the game's state just after event ``v`` (undo and redo read earlier states).
StateAt = Callable[[int], Any]

#: a game's state model (frozen pydantic) and its action models (a union discriminated by ``type``)
S = TypeVar("S", bound=KernelState)
A = TypeVar("A", bound=BaseModel)


class GameView(BaseModel):
    """What the generic pages (header, log, calculator, undo and redo) read of any game's state as
    the API gives it (:attr:`Companion.render`); a game's own pages read the rest."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    #: the stored game's id and the game it plays (``game.yaml``'s id)
    id: str
    game: str
    name: str
    #: the state's version: the number of events folded into it
    version: int
    can_undo: bool
    can_redo: bool
    #: the action Undo would take back and the one Redo would replay (None: none)
    undo_version: int | None
    redo_version: int | None
    variant: str | None = None
    #: where the game stands, for the calculator's suggestions and the log's sections
    turn: int | None = None
    phase: str | None = None
    #: the rulebook read where the languages disagree (a game with one reading has none)
    ruleset: str | None = None
    #: why undo stops where it does (a random event the rules hide), when the game says
    undo_block: str | None = None


def view_of(rendered: Mapping[str, Any]) -> GameView:
    """The generic view of a state as the API gives it."""
    return GameView.model_validate(rendered)
#: A page of the game rendered by the game package: ``(game id, state as the API gives it) -> HTML``.
GamePage = Callable[[str, dict[str, Any]], str]


def _no_suggestion(state: dict[str, Any]) -> tuple[str, ...]:
    return ()


def _no_options() -> Mapping[str, tuple[str, ...]]:
    return {}


@dataclass(frozen=True)
class CalculatorHooks:
    """How a game feeds the generic calculator pages (every part optional)."""

    #: the situations offered first on a stored game's calculator list (the current Phase's rolls)
    suggested: Callable[[dict[str, Any]], tuple[str, ...]] = _no_suggestion
    #: the prefilled page of a situation for a stored game: ``(game id, situation, state as the
    #: API gives it) -> HTML``, drawn with :func:`web.calculator.page`
    page: Callable[[str, str, dict[str, Any]], str] | None = None
    #: options of input fields the schema leaves free (``{"mission": (keys of a table)}``)
    options: Callable[[], Mapping[str, tuple[str, ...]]] = _no_options
    #: fields entered after the odds are read besides the dice (a drawn counter's value)
    after_odds: frozenset[str] = frozenset()
    #: which dice "Roll for me" rolls first, per situation: ``[{"if": {path: value}, "rolls": [paths]}, ...]``
    #: (the first stage whose condition holds; ``"*"``: any other situation); without it, the first die
    dice_stages: Mapping[str, list[dict[str, Any]]] = field(default_factory=dict)
    #: the rules a die rolled by the app cites (the game's rule on its dice)
    roll_rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class CopyHooks:
    """What a game keeps of the player's own copy (``web.copies``): the facts its components print
    and its rulebook does not (a map's areas, counters' values), keyed once and offered to every
    later game as a named record, exported and imported as JSON."""

    #: the record's data checked (:class:`web.errors.Refused` naming each bad field, without the
    #: ``data.`` prefix) and given back as it is stored
    parse: Callable[[Any], dict[str, Any]]
    #: the setup field the record fills in a new game (``map``)
    setup_field: str
    #: what a game's state holds of the copy (what was keyed in play), as record data
    of_state: Callable[[Any], dict[str, Any]]
    #: how many facts a record holds, by kind (``{"areas": 51, "counters": 12}``), for the lists
    count: Callable[[dict[str, Any]], dict[str, int]]


@dataclass(frozen=True)
class Companion(Generic[S, A]):
    """A game's companion: its state model ``S``, setup, actions ``A`` and moves, views and strings."""

    #: the game id (as declared in ``rules_text/games/<id>/game.yaml``)
    game: str
    #: the game's state model (a snapshot is its JSON)
    state_model: type[S]
    #: the setup model (a :class:`Setup`) of a JSON object, or :class:`web.errors.Refused` (400)
    #: naming each bad field
    parse_setup: Callable[[Any], Any]
    #: the action model of a JSON object, or :class:`web.errors.Refused` (400)
    parse_action: Callable[[Any], A]
    #: its moves, applied, undone and redone by the kernel (:mod:`web.kernel`)
    moves: Moves[S, Any]
    #: the state as the JSON API gives it (text), with the game id
    render: Callable[[S, str], str]
    #: what the actions endpoint accepts (types, JSON schemas), for ``GET /api/actions``
    action_schema: Callable[[], dict[str, Any]]
    #: the game's templates folder (its names start with the package's name: ``<pkg>/game.html``)
    templates: Path | None = None
    #: the game's static files (its stylesheet), served under ``/static/games/<package>/``
    static: Path | None = None
    #: the game page (``<package>/game.html``), and what the setup form (``<package>/setup.html``) shows
    game_page: GamePage | None = None
    setup_context: Callable[[], dict[str, Any]] | None = None
    calculator: CalculatorHooks = field(default_factory=CalculatorHooks)
    #: the words for the values its state holds (``labels.py``: key -> ``lazy_gettext`` text, its
    #: French in the package's ``translations/``); like every game's, seen by the generic pages
    labels: Mapping[str, LazyString] = field(default_factory=dict)
    #: its own wording of a generic text (``app.name``, ``calc.intro``), on its pages only
    wording: Mapping[str, LazyString] = field(default_factory=dict)
    #: a sample game as an export's events (``version``, ``kind``, ``payload``), for the conformance
    #: test: it must fold, replay the same twice and cite only rules of the game's rulebook
    sample: Callable[[], list[dict[str, Any]]] | None = None
    #: the game's own pages about no stored game (a statistics page): name -> view returning
    #: HTML, served at ``/games/<game id>/<name>`` (:mod:`web.pages.game`)
    pages: Mapping[str, Callable[[], str]] = field(default_factory=dict)
    #: a game played in the terminal (``fallujah play --game <id> [--seed N]``, :mod:`web.play_cli`):
    #: ``(seed or None, read a line or None at the end of input, write a line) -> exit status``
    terminal: Callable[[int | None, Callable[[], str | None], Callable[[str], None]], int] | None = None
    #: the log in words (optional; :mod:`web.pages.logview` falls back on the action schema's names):
    #: ``describe(payload, state before, state after, lang)`` one sentence for an action, or None
    describe: Callable[[dict[str, Any], S | None, S, str], str | None] | None = None
    #: a stored effect in the page's words (optional): ``effect_words(text, state after)``; the
    #: game's record stays as it was stored (English, its ids), worded when a page shows it
    effect_words: Callable[[str, S], str] | None = None
    #: ``section(state) -> (turn, phase)``: where an event made on that state goes in the log
    section: Callable[[S], tuple[int, str]] | None = None
    #: state fields that grow with the game (a VP ledger): its JSON and page carry their newest
    #: items and ``<name>_count``, the others are read a page at a time (:mod:`web.paging`)
    paged: tuple[str, ...] = ()
    #: the counters, markers and track markers a state holds, in the rulebook's words
    #: (:mod:`web.table`): what to fix on the table after each event is their difference
    table: TableOf | None = None
    #: the player's own copy of the game: facts keyed once, offered to every later game (:mod:`web.copies`)
    copy: CopyHooks | None = None

    # -- the kernel's answers, for the generic layers ------------------------------------------

    def apply(self, state: S | None, event: Event, state_at: Callable[[int], S]) -> tuple[S, list[Effect]]:
        """The state after one stored event (the first is the setup); :class:`web.errors.Refused`
        for what the game does not allow (:meth:`web.kernel.Moves.apply`)."""
        return self.moves.apply(state, event, state_at)

    def undo_target(self, state: S) -> int:
        """The action undo would take back, or :class:`web.errors.Refused` saying why none."""
        return self.moves.undo_target(state)

    def redo_target(self, state: S) -> int:
        """The undone action redo would replay, or :class:`web.errors.Refused` saying why none."""
        return self.moves.redo_target(state)

    def load_pages(self) -> None:
        """Import the pack's pages and find each view there (what the web app does as it starts,
        :func:`web.app.create_app`): the views are :class:`OnCall`, so a command that serves no
        page (``fallujah play``) imports neither the pages nor, through them, the web app."""
        for view in (self.game_page, self.setup_context, *self.pages.values()):
            if isinstance(view, OnCall):
                view.resolve()

    @property
    def not_undoable(self) -> frozenset[str]:
        """Action types that cannot be undone (a die roll, an adjudication)."""
        return self.moves.not_undoable


class PackActions(Protocol):
    """What a pack's ``actions`` module declares: its action union and setup model, and how a
    client's JSON is read into them."""

    @property
    def ACTIONS(self) -> TypeAdapter[Any]: ...

    @property
    def ACTION_TYPES(self) -> tuple[str, ...]: ...

    @property
    def Setup(self) -> type[BaseModel]: ...

    def parse_setup(self, data: Any) -> Any: ...

    def parse_action(self, data: Any) -> Any: ...


class PackPages(Protocol):
    """What a pack's ``pages`` module declares: the game page and the setup form's context."""

    def game_page(self, game_id: str, state: dict[str, Any], /) -> str: ...

    def setup_context(self) -> dict[str, Any]: ...


#: what a pack's modules declare, found by name (``module``: ``{Companion field: name in it}``);
#: a module the pack does not have declares nothing
PACK_CONVENTIONS: dict[str, dict[str, str]] = {
    "apply": {"moves": "KERNEL"},
    "view": {"render": "state_text"},
    "labels": {"labels": "LABELS", "wording": "WORDING"},
    "sample": {"sample": "events"},
    "log": {"describe": "describe", "section": "section"},
    "board": {"table": "table"},
    "my_copy": {"copy": "HOOKS"},
    "words": {"effect_words": "effect_words"},
}
#: what a pack's ``calculator`` module declares (:class:`CalculatorHooks` field: name in it)
CALCULATOR_CONVENTIONS: dict[str, str] = {
    "suggested": "suggested",
    "page": "page",
    "options": "options",
    "after_odds": "AFTER_ODDS",
    "dice_stages": "DICE_STAGES",
    "roll_rules": "ROLL_RULES",
}


@dataclass(frozen=True)
class OnCall:
    """``module``'s function ``name``, the module imported when it is first called (a pack's page
    view): a command that uses the companion without serving a page does not import the pages."""

    module: str
    name: str

    def resolve(self) -> Callable[..., Any]:
        """The function (its module imported): ImportError or AttributeError when it is not there."""
        found: Callable[..., Any] = getattr(importlib.import_module(self.module), self.name)
        return found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)


def _pack_module(package: str, name: str) -> ModuleType | None:
    """The pack's module ``name`` (``web.games.<pkg>.<name>``), or None when it has none."""
    if importlib.util.find_spec(f"{package}.{name}") is None:
        return None
    return importlib.import_module(f"{package}.{name}")


def _declared_by(module: ModuleType | None, names: Mapping[str, str]) -> dict[str, Any]:
    """The fields ``module`` declares under the conventional ``names`` (none without a module)."""
    return {field: getattr(module, name) for field, name in names.items() if hasattr(module, name)}


def pack_companion(
    package: str,
    *,
    game: str,
    state_model: type[S],
    listed: Mapping[str, Sequence[Any]] | None = None,
    schemas: Mapping[str, type[BaseModel]] | None = None,
    **declared: Any,
) -> Companion[S, Any]:
    """A pack's companion from its folders (``web/games/<pkg>/``, ``package`` its module name): the
    kernel finds what the pack's modules declare by name, so a new game adds modules and writes no
    plumbing. ``actions`` (:class:`PackActions`) and ``pages`` (:class:`PackPages`, imported when a
    page is first asked for or the web app starts: :meth:`Companion.load_pages`) are required,
    and so are ``apply.KERNEL`` (the moves) and ``view.state_text`` (the state as the API gives
    it); when they exist, ``labels`` (``LABELS``, ``WORDING``), ``sample.events``, ``log``
    (``describe``, ``section``), ``board.table`` and ``calculator`` (:data:`CALCULATOR_CONVENTIONS`)
    are read too (:data:`PACK_CONVENTIONS`); then ``templates/`` and (when there is one) ``static/``.
    The actions endpoint (``GET /api/actions``) gives ``types``, the ``listed`` vocabularies, the
    actions' and the setup's JSON Schemas, then the other ``schemas``. ``declared``: the other
    fields of :class:`Companion`, and any the pack names otherwise than the conventions."""
    folder = Path(importlib.import_module(package).__file__ or "").parent
    static = folder / "static"
    actions: PackActions = importlib.import_module(f"{package}.actions")
    game_pages = f"{package}.pages"  # a PackPages, imported when a page is asked for (Companion.load_pages)
    if importlib.util.find_spec(game_pages) is None:
        raise ModuleNotFoundError(f"No module named {game_pages!r}", name=game_pages)
    found: dict[str, Any] = {}
    for name, fields in PACK_CONVENTIONS.items():
        found.update(_declared_by(_pack_module(package, name), fields))
    calculator = _pack_module(package, "calculator")
    if calculator is not None:
        found["calculator"] = CalculatorHooks(**_declared_by(calculator, CALCULATOR_CONVENTIONS))

    def action_schema() -> dict[str, Any]:
        return {
            "types": list(actions.ACTION_TYPES),
            **{name: list(values) for name, values in (listed or {}).items()},
            "schema": actions.ACTIONS.json_schema(),
            "setup_schema": actions.Setup.model_json_schema(),
            **{name: model.model_json_schema() for name, model in (schemas or {}).items()},
        }

    return Companion(
        game=game,
        state_model=state_model,
        parse_setup=actions.parse_setup,
        parse_action=actions.parse_action,
        action_schema=action_schema,
        templates=folder / "templates",
        static=static if static.is_dir() else None,
        game_page=OnCall(game_pages, "game_page"),
        setup_context=OnCall(game_pages, "setup_context"),
        **{**found, **declared},
    )
