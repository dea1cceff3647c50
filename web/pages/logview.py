"""The log a player can read (issue 17, item 3): one line per event in the interface's language,
grouped under "Turn 1 › Fire Combat"; the raw data is the game's export (issue 24, item 8: no code
identifier on the page).

A game's companion gives its sentences (``Companion.describe``) and where an event goes
(``Companion.section``); without them the line is built from what every game has: its action
schema's names, an adjudication's own steps (English and French), and ``turn``/``phase`` when the
state holds them. The states around each event are folded once for the page shown.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from web.translate import gettext as _

from .. import games as registry
from .. import i18n, prepare, signing
from ..amend import AMEND, fold
from ..api import store
from ..eventlog import Event
from ..kernel import ROLLBACK
from ..table import Change, Table, between


@dataclass
class Line:
    """One event as the log shows it."""

    event: dict[str, Any]
    text: str
    #: (turn, phase label) the event was made in, or None (setup, a game without turns)
    section: tuple[int | None, str] | None = None
    #: the version of the amendment that replaced this roll's input, if any
    amended_by: int | None = None
    #: the game worded this event itself: its stored effects (the game's record, English, ids)
    #: stay in the export; otherwise they are shown, as they say what the event did
    worded: bool = False
    #: the fields of a recorded roll a player may amend: (name, label, value, kind) with kind
    #: "int", "bool" or "text"; empty for any other event
    amend_fields: list[tuple[str, str, Any, str]] = field(default_factory=list)
    #: what the event changed on the table (:mod:`web.table`): an undo's is its action's reversed
    table: list[Change] = field(default_factory=list)
    #: an app roll this server did not sign (an import): kept as the player entered it (web.signing)
    unverified: bool = False
    #: the stored effects as the page shows them: (text, rule), in the game's words when it gives them
    effects: list[tuple[str, str | None]] = field(default_factory=list)


@dataclass
class Group:
    heading: str
    lines: list[Line]


def _humanise(name: str) -> str:
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:].lower()


@lru_cache(maxsize=16)
def _schema_names(game: str) -> dict[str, tuple[str, dict[str, str]]]:
    """Each action type's display name and its fields' display names, from the action schema."""
    schema = registry.companion(game).action_schema().get("schema") or {}
    found: dict[str, tuple[str, dict[str, str]]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict) and isinstance(props.get("type"), dict):
                tag = props["type"].get("const") or (props["type"].get("enum") or [None])[0]
                if isinstance(tag, str):
                    fields = {k: str(v.get("title") or _humanise(k)) for k, v in props.items() if isinstance(v, dict)}
                    found[tag] = (_humanise(str(node.get("title") or tag)), fields)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return found


def _situation_titles(game: str) -> dict[str, str]:
    return {s["situation"]: s["summary"] for s in prepare.situations(game)}


def _steps(result: dict[str, Any], lang: str) -> str:
    answer = result.get("result") if isinstance(result, dict) else None
    steps = answer.get("steps") if isinstance(answer, dict) else None
    if not isinstance(steps, list):
        return ""
    texts = [str(s.get(lang) or s.get("en") or "") for s in steps if isinstance(s, dict)]
    return " ".join(x for x in texts if x)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, dict):
        return ", ".join(f"{_humanise(k)} {_value(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value)
    return str(value).replace("_", " ")


def generic_line(game: str, payload: dict[str, Any], lang: str, after: Any = None) -> str:
    """A line for a game that gives no sentence: its name for the action and the answer's steps;
    a change of Phase names the Phase it leads to when the state has one."""
    kind = str(payload.get("type", ""))
    if kind in ("adjudication", AMEND):
        title = _situation_titles(game).get(str(payload.get("situation")), _humanise(str(payload.get("situation"))))
        return f"{title}: {_steps(payload.get('result') or {}, lang)}".rstrip(": ")
    if kind == "note":
        return str(payload.get("text", ""))
    if kind == "roll":
        return str(_("Rolled by the app: %(faces)s", faces=", ".join(map(str, payload.get("faces") or []))))
    name, fields = _schema_names(game).get(kind, (_humanise(kind), {}))
    own = f"log.kind.{kind}"
    name = i18n.label(own, name)
    parts = [f"{fields.get(k, _humanise(k))} {_value(v)}" for k, v in payload.items()
             if k not in ("type", "rules", "note") and v not in (None, "", [], {})]
    phase = getattr(after, "phase", None)
    if kind == "next_phase" and not parts and isinstance(phase, str):
        return f"{name} → {_phase_label(phase, lang)}"
    return f"{name}: {', '.join(parts)}" if parts else name


def _phase_label(phase: str, lang: str) -> str:
    return i18n.label(f"phase.{phase}", _humanise(phase))


def _section(companion: Any, state: Any, lang: str) -> tuple[int | None, str] | None:
    if state is None:
        return None
    if companion.section is not None:
        turn, phase = companion.section(state)
        return turn, _phase_label(phase, lang)
    turn, phase = getattr(state, "turn", None), getattr(state, "phase", None)
    if turn is None and phase is None:
        return None
    return (turn if isinstance(turn, int) else None), _phase_label(str(phase), lang) if phase else ""


def heading(section: tuple[int | None, str] | None, lang: str) -> str:
    if section is None:
        return str(_("Setup"))
    turn, phase = section
    parts = [_("Turn %(n)s", n=turn)] if turn is not None else []
    if phase:
        parts.append(phase)
    return " › ".join(parts) or _("Setup")


def amend_fields(data: dict[str, Any], lang: str, prefix: str = "input") -> list[tuple[str, str, Any, str]]:
    """The recorded input flattened into form fields (``input.shooter.cf``), each labelled with the
    calculator's name for it when it has one."""
    out: list[tuple[str, str, Any, str]] = []
    for key, value in data.items():
        name = f"{prefix}.{key}"
        own = f"calc.f.{key}"
        label = i18n.label(own, _humanise(key))
        parent = name.split(".")[1:-1]
        if parent:
            label = " › ".join([*(_humanise(x) for x in parent), label])
        if isinstance(value, dict):
            out.extend(amend_fields(value, lang, name))
        elif isinstance(value, bool):
            out.append((name, label, value, "bool"))
        elif isinstance(value, int):
            out.append((name, label, value, "int"))
        elif isinstance(value, str):
            out.append((name, label, value, "text"))
        elif isinstance(value, list) and all(type(v) is int for v in value):
            out.append((name, label, ", ".join(map(str, value)), "list"))
        else:
            out.append((name, label, json.dumps(value, ensure_ascii=False), "json"))
    return out


def lines(game_id: str, events: list[dict[str, Any]], lang: str) -> list[Group]:
    """The events (oldest first, consecutive) as lines grouped by turn and Phase, newest first."""
    if not events:
        return []
    games = store()
    companion = games.companion_of(game_id)
    kind = games.game_of(game_id)
    first = events[0]["version"]
    state: Any = games.state_at(game_id, first - 1) if first > 1 else None
    by_version = {e["version"]: e for e in events}
    states: dict[int, Any] = {first - 1: state}
    out: list[Line] = []
    amended: dict[int, int] = {}
    def state_at(v: int) -> Any:
        return states[v] if v in states else games.state_at(game_id, v)

    tables: dict[int, tuple[Any, Table]] = {}
    declared = companion.table

    def table_of(found: Any) -> Table:
        """The game's table of a state, made once per state shown (each is the after of one event
        and the before of the next)."""
        kept = tables.get(id(found))
        if kept is None or kept[0] is not found:
            kept = tables[id(found)] = (found, declared(found) if declared is not None else Table())
        return kept[1]

    for e in events:
        before = state
        state, _effects = fold(companion, state, Event(e["version"], e["kind"], e["payload"]), state_at)
        states[e["version"]] = state
        p = e["payload"]
        if e["kind"] == "setup":
            text = i18n.label("log.kind.setup", _("Setup"))
        elif e["kind"] in ("undo", "redo"):
            target = p.get("undone") or p.get("redone")
            target_event = by_version.get(target) or games.event(game_id, int(target))
            what = _describe(companion, kind, game_id, target_event, lang, states) if target_event else f"#{target}"
            text = _("Undid: %(what)s", what=what) if e["kind"] == "undo" else _("Redid: %(what)s", what=what)
        elif p.get("type") == ROLLBACK:
            back = states.get(p.get("to")) or games.state_at(game_id, int(p["to"]))
            text = _("Back to the start of %(where)s (#%(n)s)", where=heading(_section(companion, back, lang), lang),
                     n=p.get("to"))
        else:
            text = _describe(companion, kind, game_id, e, lang, states, before, state)
        if e["kind"] == "action" and p.get("type") == AMEND and isinstance(p.get("amends"), int) and not e["undone"]:
            amended[p["amends"]] = e["version"]
            text = _("Roll #%(n)s amended: %(what)s", n=p["amends"], what=text)
        worded = companion.describe is not None and e["kind"] != "setup"
        out.append(Line(e, text, _section(companion, before, lang), worded=worded,
                        unverified=any(x.get("text") == signing.UNVERIFIED for x in e.get("effects") or []),
                        table=between(table_of if declared is not None else None, before, state),
                        effects=worded_effects(companion, e.get("effects") or [], state)))
    latest_input: dict[int, Any] = {}
    for line in out:
        p = line.event["payload"]
        if p.get("type") == AMEND and line.event["version"] != amended.get(p.get("amends")):
            line.amended_by = amended.get(p.get("amends"))  # an earlier amendment, superseded
        if p.get("type") == AMEND and line.event["version"] == amended.get(p.get("amends")):
            latest_input[p["amends"]] = p.get("input")
    for line in out:
        version, p = line.event["version"], line.event["payload"]
        if line.amended_by is None:
            line.amended_by = amended.get(version)
        if p.get("type") == "adjudication" and not line.event["undone"] and isinstance(p.get("input"), dict):
            line.amend_fields = amend_fields(latest_input.get(version, p["input"]), lang)
    groups: list[Group] = []
    for line in reversed(out):
        title = heading(line.section, lang)
        if not groups or groups[-1].heading != title:
            groups.append(Group(title, []))
        groups[-1].lines.append(line)
    return groups


def worded_effects(companion: Any, stored: list[dict[str, Any]], after: Any) -> list[tuple[str, str | None]]:
    """An event's stored effects as the log shows them: worded by the game when it words them
    (its record keeps the text it stored)."""
    words = companion.effect_words
    return [(words(str(x.get("text", "")), after) if words is not None else str(x.get("text", "")), x.get("rule"))
            for x in stored]


def _describe(companion: Any, kind: str, game_id: str, e: dict[str, Any], lang: str, states: dict[int, Any],
              before: Any = None, after: Any = None) -> str:
    v = e["version"]
    payload = e["payload"]
    if before is None and after is None:
        games = store()
        before = states.get(v - 1) or (games.state_at(game_id, v - 1) if v > 1 else None)
        after = states.get(v) or games.state_at(game_id, v)
    text = None
    if companion.describe is not None and payload.get("type") != AMEND:
        try:
            text = companion.describe(payload, before, after, lang)
        except (KeyError, ValueError, TypeError, AttributeError):
            text = None  # an old event the game no longer words: the generic line
    if payload.get("type") == AMEND and companion.describe is not None:
        as_roll = {**payload, "type": "adjudication"}
        try:
            text = companion.describe(as_roll, before, after, lang)
        except (KeyError, ValueError, TypeError, AttributeError):
            text = None
    return text or generic_line(kind, payload, lang, after)
