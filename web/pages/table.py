"""Fix the table and roll back (issue 24, items 3 and 4), for every game.

The game page shows what to change on the table after the last event (a move, an undo or redo, a
rollback, a bot's move), the log keeps the list of every event (:mod:`.logview`), and the log
offers to go back to the start of any turn or Phase of the game as it stands: the page
``/games/<id>/rollback/<v>`` shows the combined list of changes first, then one tap sends the
rollback (one new event, undoable like any action; nothing in the log is deleted).

The turns and Phases offered are those of the current line of play: walking back from the current
state through the events it was made from (an undo leads back to the state before the action it
took back, a redo or a rollback to the state it returns to), each event that entered another turn
or Phase is its start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort, render_template

from ..amend import fold
from ..api import store
from ..eventlog import Event
from ..i18n import current_lang
from ..kernel import ROLLBACK
from ..table import Change, between
from . import bp
from .helpers import load_game
from .logview import _section, heading, lines

#: How many of the latest events the list of turns and Phases to go back to looks through.
WINDOW = 400


@dataclass(frozen=True)
class Start:
    """The start of a turn or Phase to go back to: the version of the state there and its heading."""

    version: int
    heading: str


def latest(game: dict[str, Any]) -> dict[str, Any] | None:
    """What to fix on the table after the game's last event: its version, its line in the log and
    the changes (None for a game only set up)."""
    version = int(game["version"])
    if version < 2:
        return None
    games = store()
    event = games.event(game["id"], version)
    if event is None:
        return None
    groups = lines(game["id"], [event], current_lang())
    text = groups[0].lines[0].text if groups and groups[0].lines else ""
    return {"version": version, "text": text, "changes": games.table_changes(game["id"], version - 1, version)}


def starts(game_id: str, window: int = WINDOW) -> list[Start]:
    """The starts of the turns and Phases of the current line of play within the last ``window``
    events, newest first (the current state's own start is not one: nothing to go back to)."""
    games = store()
    companion = games.companion_of(game_id)
    head = games.state(game_id)
    first = max(1, head.version - window + 1)
    events = games.log(game_id, after=first - 1, limit=head.version - first + 1)["events"]
    state: Any = games.state_at(game_id, first - 1) if first > 1 else None
    states: dict[int, Any] = {}
    canon: dict[int, int] = {}

    def state_at(version: int) -> Any:
        return states[version] if version in states else games.state_at(game_id, version)

    for e in events:
        version, payload = e["version"], e["payload"]
        state, _ = fold(companion, state, Event(version, e["kind"], payload), state_at)
        states[version] = state
        if e["kind"] == "undo":
            canon[version] = canon.get(payload["undone"] - 1, payload["undone"] - 1)
        elif e["kind"] == "redo":
            canon[version] = canon.get(payload["redone"], payload["redone"])
        elif payload.get("type") == ROLLBACK:
            canon[version] = canon.get(payload["to"], payload["to"])
        else:
            canon[version] = version
    lang = current_lang()
    found: list[Start] = []
    node = canon[head.version]
    here = node
    while node >= first:
        before = canon.get(node - 1, node - 1)
        section = _section(companion, states[node], lang)
        previous = _section(companion, state_at(before), lang) if before >= 1 else None
        if (section != previous and node != here
                and getattr(states[node], "undo_block", None) == getattr(head, "undo_block", None)):
            found.append(Start(node, heading(section, lang)))
        node = before
    return found


bp.app_template_global("fix_the_table")(latest)


@bp.get("/games/<game_id>/rollback/<int:to>")
def rollback(game_id: str, to: int) -> str:
    """The rollback to the state after event ``to``: what to change on the table, then the button."""
    game = load_game(game_id)
    if not 1 <= to < game["version"]:
        abort(404, description=f"rollback to {to}: a version from 1 to {game['version'] - 1}")
    games = store()
    target = games.state_at(game_id, to)
    lang = current_lang()
    section = _section(games.companion_of(game_id), target, lang)
    changes: list[Change] = between(games.companion_of(game_id).table, games.state(game_id), target)
    later = games.log(game_id, after=to, limit=min(game["version"] - to, 1000))["events"]
    rolls = sum(1 for e in later if e["kind"] == "action" and e["type"] in ("roll", "adjudication") and not e["undone"])
    return render_template("rollback.html", game=game, to=to, heading=heading(section, lang), changes=changes,
                           rolls=rolls, action={"type": ROLLBACK, "to": to})
