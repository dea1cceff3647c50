"""Whatever a client sends to a game of Battle for Fallujah, the answer is a state or a refusal
(400, 409, 422) naming the problem, never a server error, and a refusal changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from web.games.battle_for_fallujah import actions as a
from web.games.battle_for_fallujah import sample

from .budget import examples
from .test_web_fixtures import make_app

pytestmark = pytest.mark.slow  # thousands of requests (make quick leaves it out)

VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-40, 40), st.sampled_from(["", "1/5", "mef", "end_of_turn", "nationalist",
                                                                      "A-1-5", "T-1-5", "CAP", "Mob", "urban", "18.2.1",
                                                                      "ops_complete", "good_order", "99.9"]),
    st.lists(st.sampled_from(["A-1-5", "T-1-5", "E-2-1", "1/5", "Mob", 3]), max_size=3),
    st.fixed_dictionaries({"number": st.integers(0, 40)}),
)
FIELDS = ["chit", "hex", "unit", "units", "status", "value", "reason", "rule", "count", "modifier", "resistance",
          "wanted", "ied", "pacified", "isolated", "insurgents", "mayor_compound", "text", "draw", "map", "counter"]
ACTIONS = st.builds(
    lambda type_, fields: {"type": type_, **fields},
    st.sampled_from([*a.ACTION_TYPES, "nope", 3]),
    st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=4),
)


@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bodies=st.lists(ACTIONS, min_size=1, max_size=6))
def test_any_action_is_answered_or_refused_never_a_server_error(tmp_path_factory, bodies: list[dict[str, Any]]):
    app = _app(tmp_path_factory)
    client = app.test_client()
    created = client.post("/api/games", json={"game": "battle-for-fallujah"}).get_json()
    game_id, version = created["id"], created["version"]
    assert client.post(f"/api/games/{game_id}/actions", json={"type": "key_map", "map": sample.MAP,
                                                              "expected_version": version}).status_code == 200
    version += 1
    for body in bodies:
        before = client.get(f"/api/games/{game_id}").get_json()
        response = client.post(f"/api/games/{game_id}/actions", json={**body, "expected_version": version})
        assert response.status_code in (200, 400, 422), (body, response.status_code, response.get_data(as_text=True))
        if response.status_code == 200:
            version = response.get_json()["version"]
        else:
            assert response.get_json()["error"]
            assert client.get(f"/api/games/{game_id}").get_json() == before
    for page in ("", "?hex=2", "/log", "/calculator/operation?hex=2", "/calculator/spend-margin?hex=2&margin=x"):
        assert client.get(f"/games/{game_id}{page}").status_code in (200, 400, 404)


_APPS: dict[str, Any] = {}


def _app(factory):
    if "app" not in _APPS:
        _APPS["app"] = make_app("sqlite", factory.mktemp("fuzz"))
    return _APPS["app"]
