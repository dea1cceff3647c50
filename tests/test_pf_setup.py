"""Phantom Fury's set-up in minutes (issue 24, item 6; rules 6.2, 6.3, 6.3.1): the player's copy
(the Zones with a black circle, each squad counter's CF: printed on the map and counters, not in
the rulebook) is kept once and offered to every game; the squads are then drawn by the player or
by the app (seeded, logged, the same again after an undo) and placed at once, on one form."""

from __future__ import annotations

from typing import Any

pytest_plugins = ["tests.test_web_fixtures"]

PF = "phantom-fury"
#: a copy keyed by a player (the rulebook prints neither: these are a test's own values)
START_ZONES = [2, 3, 4, 6, 8, 10, 12, 17, 19]
SQUADS = [{"counter": n, "cf": 4 + n % 3} for n in range(1, 16)]
COPY = {"format": "phantom-fury-copy", "start_zones": START_ZONES, "squads": SQUADS}


def new_game(client: Any, copy: dict[str, Any] | None = COPY) -> dict[str, Any]:
    saved = client.post("/api/copies", json={"game": PF, "name": "my copy", "data": copy})
    assert saved.status_code == 201, saved.get_json()
    game = client.post("/api/games", json={"game": PF, "strong_points": 2, "copy": saved.get_json()["id"]})
    assert game.status_code == 201, game.get_json()
    return game.get_json()


def act(client: Any, game: dict[str, Any], body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    answer = client.post(f"/api/games/{game['id']}/actions", json=body | {"expected_version": game["version"]})
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def squads(state: dict[str, Any]) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {"start": [], "company": [], "battalion": []}
    for unit in state["units"]:
        if unit["kind"] == "squad":
            found[unit["origin"]].append(unit["counter"])
    return found


def test_a_game_on_my_copy_starts_with_its_start_zones_and_knows_every_counter(client):
    game = new_game(client)
    assert [z["number"] for z in game["zones"] if z["activation"] == "start"] == START_ZONES
    assert squads(game) == {"start": [], "company": [], "battalion": []}
    assert game["squad_counters"] == {str(s["counter"]): s["cf"] for s in SQUADS}


def test_the_drawn_squads_are_placed_on_one_form_the_battalion_being_the_rest(client):
    game = new_game(client)
    drawn = [9, 1, 14, 3, 7, 5, 11, 2, 8]
    body = {"type": "order_of_battle",
            "squads": [{"counter": c, "zone": z, "caat": i < 4} for i, (c, z) in enumerate(zip(drawn, START_ZONES))],
            "company": [{"counter": c} for c in (4, 15, 6)]}
    state = act(client, game, body)
    assert squads(state) == {"start": drawn, "company": [4, 15, 6], "battalion": [10, 12, 13]}
    placed = {u["counter"]: u for u in state["units"] if u["kind"] == "squad"}
    assert placed[9]["position"]["zone"] == 2 and placed[9]["cf"] == 4 + 9 % 3  # the CF from my copy
    assert sum(u["caat_allocated"] for u in placed.values()) == 4 and placed[9]["caat"]["ammo"] == 4  # 6.3.1
    assert placed[10]["where"] == "reinforcements"
    again = act(client, state, body, status=422)  # once only
    assert again["problems"][0]["rule"] == "6.3"


def test_an_order_of_battle_is_refused_with_every_problem_named(client):
    game = new_game(client)
    body = {"type": "order_of_battle",
            "squads": [{"counter": c, "zone": 5, "caat": True} for c in range(1, 10)],
            "company": [{"counter": 99}]}
    answer = act(client, game, body, status=422)
    fields = {p["field"]: p for p in answer["problems"]}
    assert fields["squads"]["rule"] in ("6.3", "6.3.1")
    assert "company.0.cf" in fields and "counter 99" in fields["company.0.cf"]["allowed"]
    assert "company" in fields and "3 squads" in fields["company"]["allowed"]


def test_the_app_draws_from_my_copy_and_an_undo_draws_the_same(client):
    game = new_game(client)
    drawn = act(client, game, {"type": "squads_draw"})
    order = drawn["drawn"]
    assert len(order["start"]) == 9 and len(order["company"]) == 3 and len(order["battalion"]) == 3
    assert sorted(order["start"] + order["company"] + order["battalion"]) == list(range(1, 16))
    undone = client.post(f"/api/games/{game['id']}/undo", json={"expected_version": drawn["version"]})
    assert undone.status_code == 200, undone.get_json()
    again = act(client, undone.get_json(), {"type": "squads_draw", "draw": 1})  # the server draws, not the player
    assert again["drawn"] == order
    # placed as drawn, the player choosing the four CAATs (6.3.1)
    body = {"type": "order_of_battle",
            "squads": [{"counter": c, "zone": z, "caat": i >= 5} for i, (c, z) in enumerate(zip(order["start"], START_ZONES))],
            "company": [{"counter": c} for c in order["company"]]}
    wrong = act(client, again, body | {"company": [{"counter": order["battalion"][0]}, *body["company"][1:]]}, status=422)
    assert {p["field"] for p in wrong["problems"]} == {"company", "counter"}  # and twice in the game
    placed = act(client, again, body)
    assert squads(placed) == {"start": order["start"], "company": order["company"], "battalion": order["battalion"]}
    assert "drawn" not in placed  # placed: the draw is over
    log = client.get(f"/games/{game['id']}/log").get_data(as_text=True)
    assert "squads_draw" not in log and "order_of_battle" not in log


def test_the_app_cannot_draw_without_the_counters_of_my_copy(client):
    game = new_game(client, {"format": "phantom-fury-copy", "start_zones": START_ZONES, "squads": SQUADS[:5]})
    answer = act(client, game, {"type": "squads_draw"}, status=422)
    assert answer["problems"][0]["field"] == "squads" and "15" in answer["error"]


def test_a_game_keeps_what_was_keyed_as_my_copy(client):
    body = {"game": PF, "strong_points": 2, "start_zones": START_ZONES,
            "squads": [{"counter": n, "cf": 5, "zone": z, "caat": n <= 4} for n, z in enumerate(START_ZONES, 1)]}
    game = client.post("/api/games", json=body).get_json()
    made = client.post("/api/copies", json={"game": PF, "name": "box", "from_game": game["id"]})
    assert made.status_code == 201, made.get_json()
    record = made.get_json()
    assert record["data"]["start_zones"] == START_ZONES and len(record["data"]["squads"]) == 9
    assert record["counts"] == {"start_zones": 9, "squads": 9}


def test_a_bad_copy_is_refused_naming_field_value_and_what_is_allowed(client):
    for data, field in (({"start_zones": [1, 2]}, "data.start_zones"),
                        ({"start_zones": [26, 2, 3, 4, 5, 6, 7, 8, 9]}, "data.start_zones"),
                        ({"squads": [{"counter": 1, "cf": 9}]}, "data.squads.0.cf"),
                        ({"squads": [{"counter": 1, "cf": 5}, {"counter": 1, "cf": 4}]}, "data.squads")):
        answer = client.post("/api/copies", json={"game": PF, "name": "bad", "data": data})
        assert answer.status_code == 400, answer.get_json()
        assert field in {p["field"] for p in answer.get_json()["problems"]}, answer.get_json()


def test_without_a_copy_the_form_takes_each_cf_and_the_game_keeps_them_for_my_copy(client):
    game = client.post("/api/games", json={"game": PF, "strong_points": 2}).get_json()
    assert [z for z in game["zones"] if z["activation"] == "start"] == []
    rows = [{"counter": n, "cf": 5, "zone": z, "caat": n <= 4} for n, z in enumerate(START_ZONES, 1)]
    unknown = [{k: v for k, v in rows[0].items() if k != "cf"}, *rows[1:]]  # no CF, no copy to read it from
    missing = act(client, game, {"type": "order_of_battle", "squads": unknown}, status=422)
    assert "squads.0.cf" in {p["field"] for p in missing["problems"]}, missing
    state = act(client, game, {"type": "order_of_battle", "squads": rows,
                               "company": [{"counter": n, "cf": 6} for n in (10, 11, 12)]})
    assert [z["number"] for z in state["zones"] if z["activation"] == "start"] == START_ZONES  # 6.2
    assert squads(state) == {"start": list(range(1, 10)), "company": [10, 11, 12], "battalion": []}
    made = client.post("/api/copies", json={"game": PF, "name": "mine", "from_game": game["id"]}).get_json()
    assert made["counts"] == {"start_zones": 9, "squads": 12}
