"""Run on commit cadf02f (``python tests/data/make_old_logs.py .``): write today's event logs (sample games, and the same games with undos and redos woven in) and the
states the code of this commit folds them into: tests/data/<game>/old-logs.json."""
import hashlib
import json
import sys
from pathlib import Path

from web import games as registry
from web.amend import fold
from web.errors import Refused
from web.eventlog import Event

ROOT = Path(sys.argv[1])


def canonical_hash(text):
    """The state's JSON hashed with its keys sorted (a dict's order follows its payload's)."""
    return hashlib.sha256(json.dumps(json.loads(text), sort_keys=True).encode()).hexdigest()


def run(companion, events):
    seen = {}
    state = None
    out = []
    for e in events:
        state, fx = fold(companion, state, Event(e["version"], e["kind"], e["payload"]), seen.__getitem__)
        seen[e["version"]] = state
        out.append((state, fx))
    return out


def woven(companion, sample):
    """The sample with, after each action that can be undone, an undo and a redo; then at the end
    as many undos as allowed (at most 3) and one redo."""
    events = [dict(sample[0])]
    seen = {}
    state, _ = fold(companion, None, Event(1, "setup", sample[0]["payload"]), seen.__getitem__)
    seen[1] = state

    def push(kind, payload):
        nonlocal state
        v = len(events) + 1
        state, _ = fold(companion, state, Event(v, kind, payload), seen.__getitem__)
        seen[v] = state
        events.append({"version": v, "kind": kind, "payload": payload})

    moved = {1: 1}
    for i, e in enumerate(sample[1:]):
        payload = e["payload"]
        if e["kind"] == "undo":
            payload = {"undone": companion.undo_target(state)}
        elif e["kind"] == "redo":
            payload = {"redone": companion.redo_target(state)}
        elif payload.get("type") == "amend":
            payload = {**payload, "amends": moved[payload["amends"]]}
        push(e["kind"], payload)
        moved[e["version"]] = len(events)
        if e["kind"] == "action" and i % 2 == 0:
            try:
                t = companion.undo_target(state)
            except Refused:
                continue
            push("undo", {"undone": t})
            push("redo", {"redone": companion.redo_target(state)})
    undone = 0
    for _ in range(3):
        try:
            t = companion.undo_target(state)
        except Refused:
            break
        push("undo", {"undone": t})
        undone += 1
    if undone:
        push("redo", {"redone": companion.redo_target(state)})
    return events


for game in registry.known_games():
    if not registry.has_companion(game):
        continue
    companion = registry.companion(game)
    sample = [{"version": e["version"], "kind": e["kind"], "payload": e["payload"]} for e in companion.sample()]
    logs = {"sample": sample, "undo-redo": woven(companion, sample)}
    out = {}
    for name, events in logs.items():
        folded = run(companion, events)
        final = folded[-1][0]
        out[name] = {
            "events": events,
            "state_sha256": [canonical_hash(s.model_dump_json()) for s, _ in folded],
            "effects": [[x.as_json() for x in fx] for _, fx in folded],
            "final_state": json.loads(final.model_dump_json()),
            "final_rendered": json.loads(companion.render(final, "old-log")),
        }
    folder = ROOT / "tests" / "data" / registry.declaration(game).package
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "old-logs.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(game, {k: len(v["events"]) for k, v in out.items()}, (folder / "old-logs.json").stat().st_size)
