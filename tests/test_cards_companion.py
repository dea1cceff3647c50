"""The card game's companion through the generic store and JSON API (SQLite, and PostgreSQL
when TEST_DATABASE_URL is set): a game played with the app's deck replays identically from its
recorded shuffle and random discards; undo stops at a random event and says why; a physical
game keeps the piles, the hand and the unseen cards; bad input names the value and the rule and
changes nothing."""

from __future__ import annotations

import html
import json
import re
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.games.fallujah_cards import actions as engine_actions
from adjudicator.games.fallujah_cards import engine
from adjudicator.games.fallujah_cards.cards import card_list
from web.games.fallujah_cards import actions as a

from .budget import examples
from .test_web_fixtures import Player

pytest_plugins = ["tests.test_web_fixtures"]

GAME = "fallujah-cards"


class Cards(Player):
    @classmethod
    def new(cls, client, **setup: Any) -> Cards:
        response = client.post("/api/games", json={"game": GAME, **setup})
        assert response.status_code == 201, response.get_json()
        return cls(client, response.get_json())

    def choose(self, index: int = 0) -> dict[str, Any]:
        """Take one of the legal choices the state lists."""
        return self.act_body(self.state["options"][index]["action"])

    def act_body(self, body: dict[str, Any]) -> dict[str, Any]:
        response = self.post("actions", body)
        assert response.status_code == 200, response.get_json()
        self.state = response.get_json()
        return self.state

    def refused_body(self, body: dict[str, Any], expect: int = 422) -> dict[str, Any]:
        before = self.client.get(f"/api/games/{self.id}").get_json()
        response = self.post("actions", body)
        assert response.status_code == expect, response.get_json()
        after = self.client.get(f"/api/games/{self.id}").get_json()
        assert after == before, "a refused action changed the game"
        return response.get_json()


def _play_to_end(player: Cards, index: int = 0) -> dict[str, Any]:
    while not player.state["over"]:
        options = player.state["options"]
        assert options, player.state["pending"]
        player.choose(min(index, len(options) - 1))
    return player.state


def test_a_game_with_the_apps_deck_hides_the_order_and_records_the_shuffle(client):
    player = Cards.new(client, mode="app", seed=11)
    state = player.state
    assert state["game"] == GAME and state["mode"] == "app" and state["seed"] == 11 and state["version"] == 1
    assert "deck" not in state and state["deck_count"] + len(state["hand"]) + (state["target"] is not None) \
        + state["discard"]["count"] + state["casualty"]["count"] + state["elimination"]["count"] == 92
    setup = client.get(f"/api/games/{player.id}/log").get_json()["events"][0]["payload"]
    deck, draws = a.deal(11)
    assert setup["deck"] == deck and setup["draws"] == draws and len(setup["draws"]) == a.losses_possible()
    assert sorted(setup["deck"]) == sorted(card_list().cards[i].name for i in card_list().full_deck())
    assert state["pending"]["kind"] in ("destroy", "disarm", "recon", "regroup")


def test_a_seedless_game_gets_a_seed_recorded_and_two_seeds_deal_differently(client):
    first = Cards.new(client, mode="app")
    assert isinstance(first.state["seed"], int)
    logs = [client.get(f"/api/games/{p.id}/log").get_json()["events"][0]["payload"]["deck"]
            for p in (first, Cards.new(client, mode="app", seed=1), Cards.new(client, mode="app", seed=2))]
    assert logs[1] != logs[2]


def test_a_whole_game_replays_identically_and_survives_export_and_import(client):
    played = _play_to_end(Cards.new(client, mode="app", seed=3))
    again = _play_to_end(Cards.new(client, mode="app", seed=3))
    strip = lambda s: {k: v for k, v in s.items() if k not in ("id", "effects", "table")}
    assert strip(played) == strip(again)
    assert played["over"] and played["deck_count"] == 0 and played["pending"]["kind"] == "over"
    assert played["score"] == 100 - played["casualty"]["force"] + played["elimination"]["force"]
    american = {c.name for c in card_list().cards if c.american}
    insurgent_force = sum(card_list().find(n).force or 0 for n in played["elimination"]["cards"] if n not in american)
    assert played["score_other"] == 100 - played["casualty"]["force"] + insurgent_force
    exported = client.get(f"/api/games/{played['id']}/export").get_json()
    imported = client.post("/api/games/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    assert strip(imported.get_json()) == strip(played)


def test_the_engine_alone_replays_the_logged_decisions_to_the_same_score(client):
    """The log is every input: the recorded shuffle, the decisions, and random discards drawn from
    the recorded numbers; the engine fed the same inputs ends with the same piles."""
    played = _play_to_end(Cards.new(client, mode="app", seed=5), index=1)
    events = client.get(f"/api/games/{played['id']}/log?limit=1000").get_json()["events"]
    setup = events[0]["payload"]
    table = engine.apply(engine.new_game(), engine_actions.Shuffle(deck=setup["deck"]))
    losses = 0
    for event in events[1:] + [None]:
        while engine.pending(table).kind == "lost":
            pick = setup["draws"][losses] % len(table.hand)
            table = engine.apply(table, engine_actions.Lost(card=card_list().cards[table.hand[pick]].name))
            losses += 1
        if event is None:
            break
        body = {k: v for k, v in event["payload"].items() if k != "type"}
        table = engine.apply(table, {"action": event["payload"]["type"], **body})
    assert table.over
    names = lambda pile: [card_list().cards[i].name for i in pile]
    assert names(table.casualty) == played["casualty"]["cards"]
    assert names(table.elimination) == played["elimination"]["cards"]
    assert names(table.discard) == played["discard"]["cards"]


def _until(player: Cards, test) -> None:
    for _ in range(400):
        if test(player.state):
            return
        assert not player.state["over"], "the game ended first"
        player.choose(0)
    raise AssertionError("never reached")


def test_undo_takes_back_a_decision_made_since_the_last_random_event(client):
    player = Cards.new(client, mode="app", seed=3)
    # a decision followed by another decision of the same turn (no card turned in between)
    found = False
    for _ in range(300):
        before = player.state
        player.choose(0)
        if player.state["turn"] == before["turn"] and player.state["can_undo"]:
            found = True
            break
        assert not player.state["can_undo"] or player.state["turn"] == before["turn"]
    assert found
    undone = player.undo()
    moving = ("version", "can_undo", "can_redo", "undo_version", "redo_version", "effects", "table")
    assert {k: v for k, v in undone.items() if k not in moving} == {k: v for k, v in before.items() if k not in moving}
    assert undone["can_redo"]
    redone = player.redo()
    assert redone["hand"] == player.state["hand"] and not redone["can_redo"]


def test_undo_after_a_random_discard_is_refused_saying_why(client):
    player = Cards.new(client, mode="app", seed=3)
    _until(player, lambda s: s["undo_block"] and "discarded at random" in s["undo_block"] and not s["can_undo"])
    version = player.state["version"]
    response = player.post("undo", {})
    assert response.status_code == 422
    message = response.get_json()["error"]
    assert "discarded at random" in message and "never undone to draw again" in message and "Undo refused" in message
    assert client.get(f"/api/games/{player.id}").get_json()["version"] == version


def test_undo_after_a_card_is_turned_is_refused(client):
    player = Cards.new(client, mode="app", seed=4)
    turn = player.state["turn"]
    _until(player, lambda s: s["turn"] > turn)
    response = player.post("undo", {})
    assert response.status_code == 422
    assert "turned over from the deck" in response.get_json()["error"]


def _physical(client) -> Cards:
    return Cards.new(client, mode="physical", name="Kitchen table")


def _turn(player: Cards, name: str) -> dict[str, Any]:
    assert player.state["pending"]["kind"] == "turn", player.state["pending"]
    return player.act_body({"type": "turn", "card": name})


def test_a_physical_game_keeps_the_piles_the_hand_and_the_unseen_cards(client):
    player = _physical(client)
    assert player.state["mode"] == "physical" and player.state["pending"]["kind"] == "turn"
    assert player.state["deck_count"] == 92 and sum(u["count"] for u in player.state["unseen"]) == 92
    _turn(player, "M1 Abrams Tank")  # American: joins the hand (asset-phase)
    assert [c["name"] for c in player.state["hand"]] == ["M1 Abrams Tank"]
    _turn(player, "pillbox")  # any case
    assert player.state["target"]["name"] == "Pillbox" and player.state["pending"]["kind"] == "destroy"
    assert [c["playable"] for c in player.state["hand"]] == [True]
    player.act_body({"type": "play", "card": "M1 Abrams Tank"})
    assert player.state["elimination"] == {"count": 2, "force": 10, "cards": ["Pillbox", "M1 Abrams Tank"]}
    assert player.state["score"] == 110 and player.state["deck_count"] == 90
    unseen = {u["name"]: u["count"] for u in player.state["unseen"]}
    assert unseen["Pillbox"] == 1 and unseen["M1 Abrams Tank"] == 1 and unseen["Robot"] == 1
    # a mistyped entry is undone (the app drew nothing) and entered again
    _turn(player, "Humvee")
    player.undo()
    assert player.state["hand"] == [] and player.state["deck_count"] == 90
    _turn(player, "Grunts")
    assert [c["name"] for c in player.state["hand"]] == ["Grunts"]
    exported = client.get(f"/api/games/{player.id}/export").get_json()
    imported = client.post("/api/games/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    keep = ("id", "effects", "table")
    assert {k: v for k, v in imported.get_json().items() if k not in keep} == \
        {k: v for k, v in player.state.items() if k not in keep}


def test_a_physical_american_tactics_card_asks_for_its_two_draws(client):
    player = _physical(client)
    _turn(player, "Coordination")  # American Tactics: draw 2 cards (tactics-phase)
    assert player.state["pending"]["kind"] == "turn" and player.state["phase"] == "tactics"
    page = client.get(f"/games/{player.id}").get_data(as_text=True)
    assert "Coordination: draw the next card of your deck and enter it (2 cards in all)." in page
    _turn(player, "Grunts")
    _turn(player, "Car Bomb")  # an Insurgency card drawn goes to the Discard Pile
    assert sorted(c["name"] for c in player.state["hand"]) == ["Coordination", "Grunts"]
    assert player.state["discard"]["cards"] == ["Car Bomb"] and player.state["pending"]["kind"] == "turn"


def test_a_physical_random_discard_is_entered_by_the_player(client):
    player = _physical(client)
    _turn(player, "Grunts")
    _turn(player, "Humvee")
    _turn(player, "Ambush")  # Insurgent Tactics: one random hand card is lost
    assert player.state["pending"]["kind"] == "lost"
    refused = player.refused_body({"type": "lost", "card": "Robot"})
    assert "Robot" in refused["error"] and "tactics-phase" in refused["error"]
    player.act_body({"type": "lost", "card": "Humvee"})
    assert player.state["discard"]["cards"] == ["Ambush", "Humvee"]
    assert [c["name"] for c in player.state["hand"]] == ["Grunts"]


def test_bad_input_names_the_value_and_the_rule_and_changes_nothing(client):
    player = _physical(client)
    refused = player.refused_body({"type": "turn", "card": "Abrams Tank"})
    assert "'Abrams Tank'" in refused["error"] and "M1 Abrams Tank" in refused["error"] and "card-list" in refused["error"]
    _turn(player, "Robot")
    refused = player.refused_body({"type": "turn", "card": "Robot"})
    assert "Robot" in refused["error"] and "1 Robot" in refused["error"] and "card-list" in refused["error"]
    _turn(player, "M1 Abrams Tank")
    _turn(player, "Pillbox")
    assert player.state["pending"]["kind"] == "destroy"
    refused = player.refused_body({"type": "play", "card": "Robot"})
    assert "Robot" in refused["error"] and "Disarm card neutralizes only an Explosives card" in refused["error"]
    assert "destroy-phase" in refused["error"]
    refused = player.refused_body({"type": "play", "card": "Grunts"})
    assert "'Grunts'" in refused["error"] and "a card in your hand" in refused["error"]
    refused = player.refused_body({"type": "play", "card": "M1 Abrams Tnak"})
    assert "'M1 Abrams Tnak'" in refused["error"] and "did you mean 'M1 Abrams Tank'" in refused["error"]
    refused = player.refused_body({"type": "play"}, expect=400)
    assert refused["problems"][0]["field"] == "card"
    refused = player.refused_body({"type": "fly"}, expect=400)
    assert "fly" in refused["error"]


def test_entries_are_refused_in_a_game_played_with_the_apps_deck(client):
    player = Cards.new(client, mode="app", seed=9)
    refused = player.refused_body({"type": "turn", "card": "Grunts"})
    assert "the app turns the cards" in refused["error"]


def test_setup_refuses_a_seed_for_a_physical_game_and_a_bad_mode(client):
    response = client.post("/api/games", json={"game": GAME, "mode": "physical", "seed": 3})
    assert response.status_code == 400 and "seed" in response.get_json()["error"]
    response = client.post("/api/games", json={"game": GAME, "mode": "dice"})
    assert response.status_code == 400 and response.get_json()["problems"][0]["field"] == "mode"
    response = client.post("/api/games", json={"game": GAME, "mode": "app", "deck": ["Grunts"]})
    assert response.status_code == 422 and "card-list" in response.get_json()["error"]


def test_a_stale_version_is_refused(client):
    player = Cards.new(client, mode="app", seed=3)
    body = player.state["options"][0]["action"]
    player.choose(0)
    response = client.post(f"/api/games/{player.id}/actions", json={"expected_version": 1, **body})
    assert response.status_code == 409


@pytest.mark.parametrize("path", ["/games/fallujah-cards/statistics", "/games/new?game=fallujah-cards"])
def test_the_pages_render(client, path):
    response = client.get(path)
    assert response.status_code == 200


def test_the_game_page_shows_the_advisor_and_legal_plays(client):
    player = Cards.new(client, mode="app", seed=3)
    _until(player, lambda s: s["pending"]["kind"] == "destroy")
    page = client.get(f"/games/{player.id}").get_data(as_text=True)
    assert "Advisor:" in page and "points expected" in page and "Expected final score" in page
    playable = [c for c in player.state["hand"] if c["playable"]]
    assert playable and all("destroys the" in c["reason"] for c in playable)
    fields = re.findall(r"data-fields='([^']*)'", page)
    plays = [json.loads(html.unescape(f)) for f in fields if '"play"' in f]
    assert sorted(p["card"] for p in plays) == sorted(c["name"] for c in playable)
    french = client.get(f"/games/{player.id}?lang=fr").get_data(as_text=True)
    assert "Conseiller" in french and "points attendus" in french


def test_unknown_statistics_page_and_unknown_game_are_404_pages(client):
    assert client.get("/games/fallujah-cards/nothing").status_code == 404
    assert client.get("/games/no-such-game/statistics").status_code == 404
    assert client.get("/games/phantom-fury/statistics").status_code == 404


def test_the_statistics_page_loads_under_2_s_with_each_policys_figures(client):
    from web.games.fallujah_cards import statistics

    start = time.perf_counter()
    response = client.get("/games/fallujah-cards/statistics")
    elapsed = time.perf_counter() - start
    assert response.status_code == 200 and elapsed < 2.0
    page = response.get_data(as_text=True)
    figures = statistics.policies()
    assert [f["policy"] for f in figures][:1] == ["greedy"]
    for f in figures:
        section = page.split(f'id="policy-{f["policy"]}"', 1)[1].split("</section>", 1)[0]
        assert '<svg class="histogram"' in section
        assert f"{f['literal']['games']:,} games" in section
        assert f"{f['literal']['mean']:.1f}" in section and f"{f['literal']['sd']:.1f}" in section
        assert f"{f['literal']['beat_100'] * 100:.1f} %" in section
        bars = re.findall(r"<title>(-?\d+)–(-?\d+): (\d+) \(", section)
        assert sum(int(n) for _, _, n in bars) == f["literal"]["games"]
        if f["other"] is not None:
            assert f"{f['other']['mean']:.1f}" in section and f"{f['other']['beat_100'] * 100:.1f} %" in section


def test_without_the_kept_file_the_greedy_figures_are_computed_on_the_spot(tmp_path):
    from web.games.fallujah_cards import statistics

    start = time.perf_counter()
    found = statistics.policies(tmp_path / "missing.json")
    assert time.perf_counter() - start < 2.0
    assert [f["policy"] for f in found] == ["greedy"] and found[0]["source"] == "live"
    assert found[0]["literal"]["games"] == statistics.LIVE_GAMES
    assert sum(found[0]["literal"]["histogram"].values()) == statistics.LIVE_GAMES


def test_the_kept_figures_are_the_engines_games_replayed():
    """The first games of each policy, played again by the engine's pack from the same seeded
    shuffles, score exactly what the file keeps; and the file names the engine as it is, or the
    statistics page shows its figures as stale."""
    from web.games.fallujah_cards import statistics

    data = json.loads(statistics.FILE.read_text(encoding="utf-8"))
    for policy, games in (("greedy", 3), ("lookahead", 1), ("clairvoyant", 2)):
        entry = data["policies"][policy]
        indices = entry.get("games") or list(range(len(entry["scores"])))
        for position, game in enumerate(indices[:games]):
            assert statistics.play(policy, game, data["seed"]) == entry["scores"][position]
        assert len(entry["scores"]) == len(indices) >= (2000 if policy != "lookahead" else 200)
    gap = statistics.gap()
    assert gap is not None and gap["limit"] > gap["advisor"]
    current = statistics.engine_fingerprint()
    assert data["engine"] == current, (
        f"the engine's source changed ({data['engine']} -> {current}) and its kept games still score the same: "
        "replay more of them, then put the new fingerprint in statistics.json; if they score otherwise, "
        "make the figures again: python -m web.games.fallujah_cards.statistics")


NAMES = [c.name for c in card_list().cards]
JUNK = st.one_of(st.text(max_size=30), st.integers(), st.none(), st.booleans(), st.lists(st.text(max_size=5), max_size=3))
CARD = st.one_of(st.sampled_from(NAMES), st.text(max_size=30), st.sampled_from(["", " ", "grunts", "FIST Artillery"]))
ACTION = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["play", "recon", "turn", "lost"]), "card": CARD}),
    st.fixed_dictionaries({"type": st.just("discard"), "cards": st.lists(CARD, max_size=4)}),
    st.fixed_dictionaries({"type": st.sampled_from(["decline", "pass"])}),
    st.dictionaries(st.sampled_from(["type", "card", "cards", "text", "x"]), JUNK, max_size=3),
)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mode=st.sampled_from(["app", "physical"]), actions=st.lists(ACTION, min_size=1, max_size=12))
def test_any_action_is_applied_or_refused_with_a_message_never_a_500(sqlite_app, mode, actions):
    client = sqlite_app.test_client()
    state = client.post("/api/games", json={"game": GAME, "mode": mode, **({"seed": 1} if mode == "app" else {})}).get_json()
    for body in actions:
        response = client.post(f"/api/games/{state['id']}/actions", json={"expected_version": state["version"], **body})
        assert response.status_code in (200, 400, 422), (body, response.get_json())
        if response.status_code == 200:
            state = response.get_json()
        else:
            assert response.get_json()["error"]
            assert client.get(f"/api/games/{state['id']}").get_json()["version"] == state["version"]
    assert client.get(f"/games/{state['id']}").status_code == 200


def test_the_stored_state_keeps_the_engine_table_fields_flat_with_their_defaults():
    """The store keeps the engine's table flat among its own fields (its JSON shape): every field
    the state hands the engine (state.TABLE_FIELDS, read from the engine's dataclass) is one of
    the stored model's, with the engine's default, and a table goes there and back unchanged."""
    from dataclasses import fields

    from adjudicator.games.fallujah_cards.state import GameState as Table
    from web.games.fallujah_cards.state import TABLE_FIELDS, CardsState

    engine_fields = {f.name: f.default for f in fields(Table)}
    assert TABLE_FIELDS and set(TABLE_FIELDS) <= set(CardsState.model_fields)
    assert {name: CardsState.model_fields[name].default for name in TABLE_FIELDS} == \
        {name: engine_fields[name] for name in TABLE_FIELDS}
    table = Table(deck=(3, 1), hand=(0, 2), casualty=(4,), target=5, phase="tactics", turn=2, drawn=1,
                  recon_played=True, seen_top=1, said=("played",))
    state = CardsState(version=1, mode="app").with_table(table)
    assert state.table() == table and state.table().said == ("played",)
