"""Games kept as event logs: create, read, act, undo, redo, log, export, import.

The views call these functions and nothing else touches the tables. Each write runs in one
transaction (:func:`web.db.write`): check the version the client saw, fold the new event into
the head state, append it, move the game's version on, and store a snapshot every
``snapshot_every`` events (further apart as the state grows: :meth:`Store._snapshot_of`). An
undo or redo stores only its event, a pointer to the version it returns to. Loading a game reads its newest
snapshot and folds the few events after it; states are also kept in a small in-process cache
keyed by (game, version), always right since an event, once written, never changes.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Generic, TypeVar

from flask import current_app
from flask_babel import get_locale
from sqlalchemy import Connection, Engine, and_, bindparam, delete, insert, or_, select, update

from . import games as registry
from . import kernel, randomness
from .amend import fold, is_amend, prepare_amend
from .amend import verify as verify_amend
from .companion import Companion, GameState, Setup
from .db import MAX_VERSION, Prepared, Writer, events, games, snapshots, write
from .errors import Problem, Refused
from .eventlog import EVENT_KINDS, Effect, Event
from .prepare import drawn, prepare, verify
from .signing import Signer, marks
from .table import Change, Table, TableOf, changes

EXPORT_FORMAT = "fallujah-game"
#: 2: the export names its game (``"game"``); a version 1 file is a game of the default game.
EXPORT_VERSION = 2
EXPORT_VERSIONS = (1, 2)
#: The most events one import may hold (the README says so): an export of a longer game is refused
#: whole with this figure, before anything is replayed.
MAX_IMPORT_EVENTS = 100_000
#: An import is written this many events at a time, each batch in its own short transaction.
IMPORT_BATCH = 2000
#: How many of the latest states an import keeps for undo and redo (older ones are read back).
IMPORT_RECENT = 16
#: an import's hidden game (version 0) untouched this long was abandoned (its process killed
#: mid-way): swept at start. An import takes seconds (at most MAX_IMPORT_EVENTS), so none in
#: progress is this old.
ABANDONED_IMPORT = timedelta(hours=1)
#: Snapshots are spaced so that they store about this many bytes per event.
SNAPSHOT_BYTES_PER_EVENT = 2000


INSERT_EVENT = insert(events)
INSERT_SNAPSHOT = insert(snapshots)
UPDATE_VERSION = (
    update(games).where(games.c.id == bindparam("game_id"))
    .values(version=bindparam("new_version"), updated_at=bindparam("now"))
)


class GameNotFound(LookupError):
    def __init__(self, game_id: str):
        self.game_id = game_id
        super().__init__(f"game {game_id!r} does not exist")


class StaleVersion(Exception):
    """A write based on an older version than the game's: refused, never merged (409)."""

    def __init__(self, game_id: str, expected: int, actual: int):
        self.game_id, self.expected, self.actual = game_id, expected, actual
        super().__init__(
            f"stale version: this action was made on version {expected} of game {game_id}, which is now at "
            f"version {actual} (changed in another tab or device); reload the game and try again"
        )


#: compact JSON as ``json.dumps(value, ensure_ascii=False, separators=(",", ":"))`` writes it, the
#: encoder made once (``json.dumps`` with arguments makes one per call: an import stores 100,000 texts)
_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime) -> str:
    """ISO 8601 in UTC (SQLite gives the stored time back without its zone)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


K = TypeVar("K")
V = TypeVar("V")


class _Cache(Generic[K, V]):
    """A small LRU of what the store derives from immutable events (a state, a table) by key
    (the game id and version first); thread-safe."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: K, value: V) -> None:
        if self.size <= 0:
            return
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def kept(self, key: K, make: Callable[[], V]) -> V:
        """The value kept under ``key``, else ``make()``'s, kept."""
        found = self.get(key)
        if found is None:
            found = make()
            self.put(key, found)
        return found

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


def current_store() -> Store:
    """The store of the app serving the request (:func:`web.app.create_app` keeps it)."""
    found: Store = current_app.extensions["fallujah.store"]
    return found


class Store:
    """The games of one database, each played with its own game's companion (:mod:`web.games`)."""

    def __init__(self, engine: Engine, *, snapshot_every: int = 100, cache_size: int = 256,
                 default_game: str = registry.DEFAULT_GAME, signer: Signer | None = None):
        self.engine = engine
        #: signs the app's rolls in exports and checks them in imports (web.signing)
        self.signer = signer or Signer.ephemeral()
        #: the seed of every game's random stream (web.randomness): the signer's, never exported
        self._secret = self.signer.derived("app randomness")
        #: the game of a setup that names none
        self.default_game = registry.require(default_game)
        self.snapshot_every = snapshot_every
        self.cache: _Cache[tuple[str, int], GameState] = _Cache(cache_size)
        #: what is on the table after an event, in each language (:meth:`table_changes`)
        self._tables: _Cache[tuple[str, int, str], Table] = _Cache(cache_size)
        self.writer = Writer(engine)
        self._insert_event = Prepared(INSERT_EVENT, engine)
        self._update_version = Prepared(UPDATE_VERSION, engine)
        self._insert_snapshot = Prepared(INSERT_SNAPSHOT, engine)
        self._rendered: _Cache[tuple[str, int], str] = _Cache(cache_size)
        #: which game each game id plays (a row's game never changes)
        self._kinds: dict[str, str] = {}
        #: the snapshot spacing learnt for each game (:meth:`_snapshot_of`)
        self._intervals: dict[str, int] = {}

    # -- reading ---------------------------------------------------------------------------

    def rendered(self, game_id: str, state: GameState, render: Callable[[], str]) -> str:
        """A state's rendering (its JSON), made once per (game, version) and kept like the states."""
        return self._rendered.kept((game_id, state.version), render)

    def list_games(self, limit: int = 100) -> list[dict[str, Any]]:
        query = select(games).where(games.c.version > 0).order_by(games.c.updated_at.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [
                {"id": row.id, "game": row.game, "name": row.name, "variant": row.variant, "version": row.version,
                 "created_at": _iso(row.created_at), "updated_at": _iso(row.updated_at)}
                for row in conn.execute(query)
            ]

    def game_of(self, game_id: str, conn: Connection | None = None) -> str:
        """The game (its id, e.g. as declared in ``game.yaml``) that a stored game plays."""
        kind = self._kinds.get(game_id)
        if kind is not None:
            return kind
        query = select(games.c.game).where(games.c.id == game_id)
        if conn is None:
            with self.engine.connect() as own:
                kind = own.execute(query).scalar_one_or_none()
        else:
            kind = conn.execute(query).scalar_one_or_none()
        if kind is None:
            raise GameNotFound(game_id)
        self._kinds[game_id] = str(kind)
        return str(kind)

    def companion_of(self, game_id: str, conn: Connection | None = None) -> Companion[Any, Any]:
        """The companion of the game a stored game plays."""
        return registry.companion(self.game_of(game_id, conn))

    def state(self, game_id: str) -> GameState:
        """The game's current state."""
        with self.engine.connect() as conn:
            version = conn.execute(select(games.c.version).where(games.c.id == game_id)).scalar_one_or_none()
            if not version:  # 0: an import still being written
                raise GameNotFound(game_id)
            return self._state_at(conn, game_id, version)

    def state_at(self, game_id: str, version: int) -> GameState:
        """The game's state just after event ``version`` (1 to the current version); one kept
        (:attr:`cache`) is answered without opening a connection: an event, once written, is never
        taken away, so a version kept is still one of the game's."""
        cached = self.cache.get((game_id, version))
        if cached is not None:
            return cached
        with self.engine.connect() as conn:
            current = conn.execute(select(games.c.version).where(games.c.id == game_id)).scalar_one_or_none()
            if not current:
                raise GameNotFound(game_id)
            if not 1 <= version <= current:
                raise ValueError(f"version: {version}: from 1 to {current}")
            return self._state_at(conn, game_id, version)

    def load_uncached(self, game_id: str) -> GameState:
        """The current state read from the database alone (what a fresh process does)."""
        cache, self.cache = self.cache, _Cache[tuple[str, int], GameState](0)
        try:
            return self.state(game_id)
        finally:
            self.cache = cache

    def _state_at(self, conn: Connection, game_id: str, version: int) -> GameState:
        cached = conn.info.get("batch", {}).get((game_id, version)) or self.cache.get((game_id, version))
        if cached is not None:
            return cached
        snap = conn.execute(
            select(snapshots.c.version, snapshots.c.state)
            .where(snapshots.c.game_id == game_id, snapshots.c.version <= version)
            .order_by(snapshots.c.version.desc()).limit(1)
        ).one()
        companion = self.companion_of(game_id, conn)
        state: GameState = companion.state_model.model_validate_json(snap.state)
        rows = conn.execute(
            select(events.c.version, events.c.kind, events.c.payload)
            .where(events.c.game_id == game_id, events.c.version > snap.version, events.c.version <= version)
            .order_by(events.c.version)
        )

        # each state this fold passes through, for an undo or redo further on that asks for one of
        # them: folding again from the snapshot for each would make a run of undos cost 2^n folds
        passed: dict[int, GameState] = {snap.version: state}

        def earlier(v: int) -> GameState:
            return passed[v] if v in passed else self._state_at(conn, game_id, v)

        for row in rows.all():
            state, _ = fold(companion, state, Event(row.version, row.kind, json.loads(row.payload)), earlier)
            passed[row.version] = state
        self.cache.put((game_id, version), state)
        return state

    def log(self, game_id: str, after: int = 0, limit: int = 200) -> dict[str, Any]:
        """Events after version ``after``, oldest first; ``undone`` marks actions taken back."""
        with self.engine.connect() as conn:
            version = conn.execute(select(games.c.version).where(games.c.id == game_id)).scalar_one_or_none()
            if not version:
                raise GameNotFound(game_id)
            undone: set[int] = set()
            for row in conn.execute(
                select(events.c.kind, events.c.payload)
                .where(events.c.game_id == game_id, events.c.kind.in_(("undo", "redo")))
                .order_by(events.c.version)
            ):
                payload = json.loads(row.payload)
                if row.kind == "undo":
                    undone.add(payload["undone"])
                else:
                    undone.discard(payload["redone"])
            rows = conn.execute(
                select(events).where(events.c.game_id == game_id, events.c.version > after)
                .order_by(events.c.version).limit(limit)
            ).all()
        return {
            "id": game_id,
            "version": version,
            "events": [
                {"version": r.version, "kind": r.kind, "type": r.type, "payload": json.loads(r.payload),
                 "effects": json.loads(r.effects), "undone": r.version in undone,
                 "created_at": _iso(r.created_at)}
                for r in rows
            ],
        }

    # -- writing ---------------------------------------------------------------------------

    def create(self, setup_data: Any) -> tuple[GameState, str]:
        """A new game from its setup, ``{"game": id, ...}`` (the default game when not named); its
        id is unguessable (``secrets.token_urlsafe``)."""
        if not isinstance(setup_data, dict):
            raise Refused(Problem("body", setup_data, "a JSON object"), status=400)
        setup_data = dict(setup_data)
        kind = setup_data.pop("game", self.default_game)
        if not isinstance(kind, str):
            raise Refused(Problem("game", kind, f"a game id: one of {', '.join(registry.known_games())}"),
                          status=400)
        companion = registry.companion(kind)
        setup: Setup = companion.parse_setup(setup_data)
        payload = setup.model_dump(mode="json")
        state, _ = companion.apply(None, Event(1, "setup", payload), _no_earlier)
        game_id = secrets.token_urlsafe(16)
        now = _now()
        with write(self.engine) as (conn, _):
            conn.execute(insert(games).values(id=game_id, game=kind, name=setup.name, variant=setup.variant,
                                              version=1, created_at=now, updated_at=now))
            conn.execute(insert(events).values(game_id=game_id, version=1, kind="setup", type="setup",
                                               payload=_dumps(payload), effects="[]",
                                               created_at=now))
            conn.execute(insert(snapshots).values(game_id=game_id, version=1, state=state.model_dump_json()))
        self._kinds[game_id] = kind
        self.cache.put((game_id, 1), state)
        return state, game_id

    def act(self, game_id: str, expected_version: int, action_data: Any) -> tuple[GameState, list[Effect]]:
        """Append an action (validated, prepared, applied) if the game is still at ``expected_version``."""
        kind = self.game_of(game_id)
        companion = registry.companion(kind)
        if isinstance(action_data, dict) and action_data.get("type") == kernel.ROLLBACK:
            return self.rollback(game_id, expected_version, action_data)
        if is_amend(action_data):  # a recorded roll's input corrected, for every game (web.amend)
            amended = prepare_amend(action_data, kind, lambda v: self.event(game_id, v))
            return self._append(game_id, expected_version, lambda head, conn: ("action", "amend", amended))
        action = companion.parse_action(action_data)
        move = companion.moves.by_type.get(action.type)
        if move is not None and move.random:  # drawn from the game's stream at the head's place
            def draw(head: GameState, conn: Connection) -> tuple[str, str, dict[str, Any]]:
                place = self._place(conn, game_id, head.version, companion.moves.random)
                made = drawn(action, kind, move, randomness.stream(self._secret, game_id, place), place)
                return "action", made.type, made.model_dump(mode="json", exclude_none=True)

            return self._append(game_id, expected_version, draw)
        action = prepare(action, kind)
        payload = action.model_dump(mode="json", exclude_none=True)
        return self._append(game_id, expected_version, lambda head, conn: ("action", action.type, payload))

    def _place(self, conn: Connection, game_id: str, version: int, kinds: frozenset[str]) -> int:
        """The place in the game's random stream of its next random move, on the state at
        ``version`` (:func:`web.randomness.place`: its undos, redos and random moves read)."""
        rows = conn.execute(
            select(events.c.version, events.c.kind, events.c.payload)
            .where(events.c.game_id == game_id, events.c.version <= version,
                   or_(events.c.kind.in_(("undo", "redo")), and_(events.c.kind == "action", events.c.type.in_(kinds))))
            .order_by(events.c.version)
        )
        return randomness.place(((r.version, r.kind, json.loads(r.payload) if r.kind != "action" else {})
                                 for r in rows), version)

    def rollback(self, game_id: str, expected_version: int, action_data: dict[str, Any]) -> tuple[GameState, list[Effect]]:
        """Append a rollback (:meth:`web.kernel.Moves.rolled_back`): the state after event ``to`` again."""
        unknown = [Problem(key, value, "unknown field: a rollback holds 'to' alone") for key, value in action_data.items()
                   if key not in ("type", "to")]
        if unknown:
            raise Refused(unknown, status=400)
        payload = {"type": kernel.ROLLBACK, "to": action_data.get("to")}
        return self._append(game_id, expected_version, lambda head, conn: ("action", kernel.ROLLBACK, payload))

    def table_changes(self, game_id: str, before: int, after: int) -> list[Change]:
        """What to change on the table to go from the state after event ``before`` to the state
        after event ``after`` (:mod:`web.table`), in the current language; none from the setup."""
        table = self.companion_of(game_id).table
        if before < 1 or table is None:
            return []
        return changes(self._table_at(game_id, before, table), self._table_at(game_id, after, table))

    def _table_at(self, game_id: str, version: int, table: TableOf) -> Table:
        """What is on the table after event ``version``, in the request's language, made once and
        kept like the states: the table before an action is the one after the action before it."""
        return self._tables.kept((game_id, version, str(get_locale())), lambda: table(self.state_at(game_id, version)))

    def event(self, game_id: str, version: int) -> dict[str, Any] | None:
        """Event ``version`` of a game as :meth:`log` gives it, or None."""
        found = self.log(game_id, after=version - 1, limit=1)["events"] if 1 <= version <= MAX_VERSION else []
        return found[0] if found and found[0]["version"] == version else None

    def undo(self, game_id: str, expected_version: int) -> tuple[GameState, list[Effect]]:
        companion = self.companion_of(game_id)
        return self._append(game_id, expected_version,
                            lambda head, conn: ("undo", "undo", {"undone": companion.undo_target(head)}))

    def redo(self, game_id: str, expected_version: int) -> tuple[GameState, list[Effect]]:
        companion = self.companion_of(game_id)
        return self._append(game_id, expected_version,
                            lambda head, conn: ("redo", "redo", {"redone": companion.redo_target(head)}))

    def _append(self, game_id: str, expected: int,
                make: Callable[[GameState, Connection], tuple[str, str, dict[str, Any]]]) -> tuple[GameState, list[Effect]]:
        def job(conn: Connection, version: int | None) -> tuple[GameState, list[Effect]]:
            if not version:
                raise GameNotFound(game_id)
            if version != expected:
                raise StaleVersion(game_id, expected, version)
            head = self._state_at(conn, game_id, version)
            kind, type_, payload = make(head, conn)
            new_version = version + 1

            def earlier(v: int) -> GameState:
                return self._state_at(conn, game_id, v)

            with kernel.live():
                state, effects = fold(self.companion_of(game_id, conn), head, Event(new_version, kind, payload), earlier)
            now = _now()
            self._insert_event.run(conn, {
                "game_id": game_id, "version": new_version, "kind": kind, "type": type_, "payload": _dumps(payload),
                "effects": _dumps([e.as_json() for e in effects]), "created_at": now,
            })
            self._update_version.run(conn, {"game_id": game_id, "new_version": new_version, "now": now})
            snapshot = self._snapshot_of(state, game_id=game_id)
            if snapshot is not None:  # an undo or redo stores only its event: a pointer to a version
                self._insert_snapshot.run(conn, {"game_id": game_id, "version": new_version, "state": snapshot})
            conn.info["batch"][(game_id, new_version)] = state
            return state, effects

        state, effects = self.writer.run(game_id, job)
        self.cache.put((game_id, state.version), state)
        return state, effects

    # -- export and import -----------------------------------------------------------------

    def export(self, game_id: str) -> dict[str, Any]:
        """The whole game as JSON: its log, from which :meth:`import_game` rebuilds it."""
        with self.engine.connect() as conn:
            game = conn.execute(select(games).where(games.c.id == game_id)).one_or_none()
            if game is None or not game.version:
                raise GameNotFound(game_id)
            rows = conn.execute(select(events).where(events.c.game_id == game_id).order_by(events.c.version)).all()
        return {
            "format": EXPORT_FORMAT,
            "format_version": EXPORT_VERSION,
            "game": game.game,
            "id": game_id,
            "name": game.name,
            "version": game.version,
            "exported_at": _now().isoformat(),
            "signed_by": self.signer.fingerprint,
            "events": [
                {"version": r.version, "kind": r.kind, "payload": (payload := json.loads(r.payload)),
                 "created_at": _iso(r.created_at),
                 **self.signer.exported(game_id, r.version, r.kind, payload, json.loads(r.effects))}
                for r in rows
            ],
        }

    def import_game(self, data: Any) -> tuple[GameState, str]:
        """A new game (new id) replaying an exported log, streamed in batches.

        Every event is checked as it is replayed, like a live action: the game's own ``apply``
        refuses what the game does not allow, a roll's faces must be faces of the die and an
        adjudication's result must be what the adjudicator answers to its recorded input and
        rolls (:func:`web.prepare.verify`); the app's rolls of a file this server signed must be as
        it signed them, and those of any other file are kept as entered by the player and marked
        so (:mod:`web.signing`). Only the states a snapshot or a near undo needs are
        kept (an undo or redo further back reads the batches already written), so memory does
        not grow with the log; each batch is written in its own short transaction, so other
        games' writes go on meanwhile. The game row stays hidden (version 0) until the last
        batch, and is deleted with what was written if any event is refused: nothing stored
        changes."""
        kind, log = _import_events(data)
        unverified = self.signer.unverified_rolls(data, log)  # an edited roll this server signed is refused
        companion = registry.companion(kind)
        recent: OrderedDict[int, GameState] = OrderedDict()
        game_id = secrets.token_urlsafe(16)
        now = _now()
        state: GameState | None = None
        created = False
        pending: list[dict[str, Any]] = []
        shots: list[dict[str, Any]] = []

        def flush(final: GameState | None = None) -> None:
            with write(self.engine) as (conn, _):
                self._insert_event.run_many(conn, pending)
                self._insert_snapshot.run_many(conn, shots)
                if final is not None:
                    conn.execute(update(games).where(games.c.id == game_id)
                                 .values(version=final.version, updated_at=_now()))
            pending.clear()
            shots.clear()

        def earlier(version: int) -> GameState:
            found = recent.get(version)
            if found is not None:
                return found
            if not created or state is None or not 1 <= version <= state.version:
                raise Refused(Problem("version", version, "an earlier version of the game"), status=400)
            if pending and pending[0]["version"] <= version:
                flush()
            with self.engine.connect() as conn:
                return self._state_at(conn, game_id, version)

        try:
            for index, event in enumerate(log):
                try:
                    if event.kind == "action" and is_amend(event.payload):
                        verify_amend(event.payload, kind, "payload")
                    elif event.kind == "action":
                        verify(event.payload, kind, "payload")
                    state, effects = fold(companion, state, event, earlier)
                except Refused as exc:
                    problems = [Problem(f"events.{index}.{p.field}".rstrip("."), p.value, p.allowed, p.rule)
                                for p in exc.problems]
                    raise Refused(problems, status=400) from None
                if not created:
                    with write(self.engine) as (conn, _):
                        conn.execute(insert(games).values(id=game_id, game=kind, name=state.name,
                                                          variant=state.variant, version=0, created_at=now,
                                                          updated_at=now))
                    self._kinds[game_id] = kind
                    created = True
                recent[event.version] = state
                while len(recent) > IMPORT_RECENT:
                    recent.popitem(last=False)
                pending.append({"game_id": game_id, "version": event.version, "kind": event.kind,
                                "type": event.payload.get("type", event.kind) if event.kind == "action" else event.kind,
                                "payload": _dumps(event.payload),
                                "effects": _dumps([x.as_json() for x in effects] + marks(event.version, unverified)),
                                "created_at": now})
                last = event.version == len(log)
                snapshot = self._snapshot_of(state, last or event.version == 1, game_id)
                if snapshot is not None:
                    shots.append({"game_id": game_id, "version": event.version, "state": snapshot})
                if len(pending) >= IMPORT_BATCH or last:
                    flush(state if last else None)
        except BaseException:
            if created:
                self._forget(game_id)
            raise
        assert state is not None
        for version, kept in recent.items():  # the latest states, oldest first: the page reads the one before the last
            self.cache.put((game_id, version), kept)
        return state, game_id

    def sweep_abandoned_imports(self, older_than: timedelta = ABANDONED_IMPORT) -> list[str]:
        """Delete the hidden games of imports whose process died mid-way (a refused import
        deletes its own, :meth:`import_game`): rows at version 0 not written for ``older_than``.
        Returns their ids."""
        cutoff = _now() - older_than
        with self.engine.connect() as conn:
            found = [row.id for row in conn.execute(
                select(games.c.id).where(games.c.version == 0, games.c.updated_at < cutoff))]
        for game_id in found:
            self._forget(game_id)
        return found

    def _forget(self, game_id: str) -> None:
        """Delete a game that was never shown (an import refused half-way), with its rows."""
        with write(self.engine) as (conn, _):
            conn.execute(delete(snapshots).where(snapshots.c.game_id == game_id))
            conn.execute(delete(events).where(events.c.game_id == game_id))
            conn.execute(delete(games).where(games.c.id == game_id))
        self._kinds.pop(game_id, None)
        self.cache.clear()  # its states kept while it was replayed: state_at answers from the cache

    def _snapshot_of(self, state: GameState, always: bool = False, game_id: str = "") -> str | None:
        """The state's JSON if a snapshot is due at its version: every ``snapshot_every`` events,
        further apart (doubling) as the state grows, so snapshots store about
        :data:`SNAPSHOT_BYTES_PER_EVENT` bytes per event however long the game (a long game's
        state holds its whole ledger, and its undo stack's runs). The spacing learnt for a game is kept, so
        the state is serialised only when a snapshot may be due."""
        interval = self._intervals.get(game_id, self.snapshot_every)
        if not always and state.version % interval:
            return None
        text = state.model_dump_json()
        interval = self.snapshot_every
        while interval * SNAPSHOT_BYTES_PER_EVENT < len(text):
            interval *= 2
        self._intervals[game_id] = interval
        return text if always or state.version % interval == 0 else None


def _no_earlier(version: int) -> GameState:
    raise AssertionError(f"a setup reads no earlier state (asked for version {version})")


def _import_events(data: Any) -> tuple[str, list[Event]]:
    """The game and events of an export, or :class:`Refused` (400) naming what is wrong; an
    unknown game is :class:`web.games.UnknownGame`. A version 1 file (before games were named)
    is a game of the default game."""
    if not isinstance(data, dict):
        raise Refused(Problem("body", data, "a JSON object exported by GET /api/games/<id>/export"), status=400)
    problems = []
    if data.get("format") != EXPORT_FORMAT:
        problems.append(Problem("format", data.get("format"), repr(EXPORT_FORMAT)))
    version = data.get("format_version")
    if type(version) is not int or version not in EXPORT_VERSIONS:
        problems.append(Problem("format_version", version, " or ".join(map(str, EXPORT_VERSIONS))))
    kind = data.get("game", registry.DEFAULT_GAME) if version == 1 else data.get("game")
    if version == 1 and kind != registry.DEFAULT_GAME:
        problems.append(Problem("game", kind, f"{registry.DEFAULT_GAME!r}: a version 1 export is a game of it"))
    elif not isinstance(kind, str):
        problems.append(Problem("game", kind, f"the exported game's id: one of {', '.join(registry.known_games())}"))
    raw = data.get("events")
    if not isinstance(raw, list) or not raw:
        problems.append(Problem("events", raw, "a non-empty list of events"))
    elif len(raw) > MAX_IMPORT_EVENTS:
        problems.append(Problem("events", raw, f"at most {MAX_IMPORT_EVENTS} events in one import"))
    if problems:
        raise Refused(problems, status=400)
    out = []
    for index, item in enumerate(raw):  # type: ignore[arg-type]
        if (not isinstance(item, dict) or item.get("version") != index + 1 or type(item.get("version")) is not int
                or item.get("kind") not in EVENT_KINDS or not isinstance(item.get("payload"), dict)
                or (item.get("kind") == "setup") != (index == 0)):
            raise Refused(Problem(f"events.{index}", item, f"{{'version': {index + 1}, 'kind': 'setup' first then "
                                  "'action', 'undo' or 'redo', 'payload': {...}}"), status=400)
        out.append(Event(index + 1, item["kind"], item["payload"]))
    return registry.require(kind), out
