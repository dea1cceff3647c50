"""Games stored by earlier code still load and play (issue 20): each game's event logs as the code
of commit cadf02f wrote them (its sample game, and the same game with undos and redos woven in),
with the state that code folded them into at every version (``tests/data/<package>/old-logs.json``,
written by ``tests/data/make_old_logs.py`` run on that commit). Imported through the store today,
every version must give the same state, the last one the same JSON the API gave (with the fields
added since, such as a paged list's count, beside it)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from web import games as registry
from web import signing

from .conftest import ROOT
from .test_web_fixtures import make_app

pytest_plugins = ["tests.test_web_fixtures"]


def _logs() -> list[Any]:
    found = []
    for game in registry.known_games():
        path = ROOT / "tests" / "data" / registry.declaration(game).package / "old-logs.json"
        if path.is_file():
            for name in json.loads(path.read_text(encoding="utf-8")):
                found.append(pytest.param(game, path, name, id=f"{game}-{name}"))
    return found


LOGS = _logs()


def _hash(text: str) -> str:
    return hashlib.sha256(json.dumps(json.loads(text), sort_keys=True).encode()).hexdigest()


def test_every_recorded_log_is_of_a_game_with_a_companion():
    """Every game recorded by that commit keeps its logs checked (a game added since has none)."""
    recorded = {p.parent.name for p in (ROOT / "tests" / "data").glob("*/old-logs.json")}
    packages = {registry.declaration(g).package: g for g in registry.known_games() if registry.has_companion(g)}
    assert recorded and recorded <= set(packages), recorded - set(packages)
    assert {p.values[0] for p in LOGS} == {packages[package] for package in recorded}


#: rendered fields that are the companion's own guidance text, worded from the state (compared
#: field by field and hash by hash): rewording them is not a change of the game
REWORDED = frozenset({"reminders"})


@pytest.mark.conformance
@pytest.mark.parametrize(("game", "path", "name"), LOGS)
def test_an_old_log_loads_with_the_states_it_had(game: str, path: Path, name: str, tmp_path: Path):
    recorded = json.loads(path.read_text(encoding="utf-8"))[name]
    app = make_app("sqlite", tmp_path)
    store = app.extensions["fallujah.store"]
    try:
        exported = {"format": "fallujah-game", "format_version": 2, "game": game, "events": recorded["events"]}
        final, game_id = store.import_game(exported)
        companion = registry.companion(game)
        assert json.loads(final.model_dump_json()) == recorded["final_state"]
        rendered = json.loads(companion.render(final, "old-log"))  # fields added since (a paged
        kept = [k for k in recorded["final_rendered"] if k not in REWORDED]  # list's count) are not compared
        assert {k: rendered.get(k) for k in kept} == {k: recorded["final_rendered"][k] for k in kept}
        uncached = store.load_uncached(game_id)
        assert uncached.model_dump_json() == final.model_dump_json()
        store.cache.clear()
        hashes = [_hash(store.state_at(game_id, v).model_dump_json())
                  for v in range(1, len(recorded["events"]) + 1)]
        assert hashes == recorded["state_sha256"]
        # an old export signs none of the app's rolls: each is marked not verified here (web.signing)
        effects = [[x for x in e["effects"] if x["text"] != signing.UNVERIFIED]
                   for e in store.log(game_id, limit=10_000)["events"]]
        assert effects == recorded["effects"]
    finally:
        store.engine.dispose()
