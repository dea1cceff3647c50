"""Fix the table and roll back (issue 24, items 3 and 4), through the JSON API and the pages, in
every game: the list of physical changes after a move, its reverse after an undo, a rollback's
combined list, and the rolled-back state equal to the state it returns to and to a replay."""

from __future__ import annotations

import re
from typing import Any

import pytest

from web.games.battle_for_fallujah.sample import events as bff_events
from web.games.phantom_fury.sample import SETUP as PF_SETUP
from web.games.second_fallujah.sample import A1_8
from web.games.second_fallujah.sample import SETUP as SF_SETUP

from .test_web_fixtures import make_app

KERNEL_FIELDS = {"version", "undo", "redo"}


@pytest.fixture
def app(tmp_path):
    application = make_app("sqlite", tmp_path)
    yield application
    application.extensions["fallujah.store"].engine.dispose()


class Game:
    def __init__(self, app: Any, lang: str = "en", **setup: Any):
        self.app, self.client, self.lang = app, app.test_client(), lang
        answer = self.client.post("/api/games", json=setup)
        assert answer.status_code == 201, answer.get_json()
        self.id, self.version = answer.get_json()["id"], answer.get_json()["version"]

    def _post(self, route: str, body: dict[str, Any], status: int) -> dict[str, Any]:
        answer = self.client.post(f"/api/games/{self.id}/{route}?lang={self.lang}",
                                  json={**body, "expected_version": self.version})
        assert answer.status_code == status, answer.get_json()
        data: dict[str, Any] = answer.get_json()
        if status == 200:
            self.version = data["version"]
        return data

    def act(self, expect: int = 200, **body: Any) -> list[str]:
        data = self._post("actions", body, expect)
        return [change["text"] for change in data.get("table", [])]

    def undo(self) -> list[str]:
        return [change["text"] for change in self._post("undo", {}, 200)["table"]]

    def redo(self) -> list[str]:
        return [change["text"] for change in self._post("redo", {}, 200)["table"]]

    def page(self, path: str = "") -> str:
        answer = self.client.get(f"/games/{self.id}{path}?lang={self.lang}")
        assert answer.status_code == 200
        return answer.get_data(as_text=True).replace("&#39;", "'")

    def state(self, version: int | None = None) -> dict[str, Any]:
        store = self.app.extensions["fallujah.store"]
        found = store.state(self.id) if version is None else store.state_at(self.id, version)
        return found.model_dump(mode="json", exclude=KERNEL_FIELDS)

    def replayed(self) -> dict[str, Any]:
        exported = self.client.get(f"/api/games/{self.id}/export").get_json()
        answer = self.client.post("/api/games/import", json=exported)
        assert answer.status_code == 201, answer.get_json()
        store = self.app.extensions["fallujah.store"]
        return store.state(answer.get_json()["id"]).model_dump(mode="json", exclude=KERNEL_FIELDS)


def _rolled_back_checks(game: Game, to: int, expected: list[str]) -> list[str]:
    """Roll back to ``to`` from its page: the page lists the changes the API then gives; the state is
    the one after event ``to`` and a replay's; undo gives the list back reversed in kind."""
    page = game.page(f"/rollback/{to}")
    for text in expected:
        assert text in page, (text, page)
    before = game.state()
    changes = game.act(type="rollback", to=to)
    assert changes == [line for line in re.findall(r"<li>(.*?)(?: <a class=\"rule-link\"|</li>)",
                                                     page.split('class="fix-list"', 1)[1])][:len(changes)]
    assert game.state() == game.state(to)
    assert game.replayed() == game.state()
    log = game.page("/log")
    assert f'href="#event-{to}"' in log and all(text in log for text in expected)
    back = game.undo()
    assert game.state() == before
    return back


def test_phantom_fury_pinned_undo_redo_and_rollback_in_english(app):
    game = Game(app, game="phantom-fury", **PF_SETUP)
    assert game.act(type="unit_status", unit="squad-2", status="pinned") == [
        "Rotate Squad 2 to the left so that 'PINNED' is uppermost."]
    assert game.undo() == ["Turn Squad 2 back to its normal facing."]
    assert game.redo() == ["Rotate Squad 2 to the left so that 'PINNED' is uppermost."]
    assert game.act(type="next_phase") == []
    assert game.act(type="next_phase") == []
    fire = game.version  # the start of Turn 1 › Fire Combat
    assert game.act(type="zone_activate", zone=5, nature="normal") == [
        "Place an 'Activated Zone' marker in the 'Control' box of Zone 5."]
    assert game.act(type="zone_counts", zone=5, suspects=2, insurgents=1) == [
        "Place 2 'Suspect' markers in Zone 5.", "Place an 'Insurgents' unit in Zone 5."]
    assert game.act(type="unit_step_loss", unit="squad-1") == [
        "Flip Squad 1 to its reverse side (a Step Loss).", "Move the VP markers from 0 to -2."]
    assert game.act(type="unit_status", unit="squad-1", status="fired") == [
        "Rotate Squad 1 to the right so that 'FIRED' is uppermost."]
    page = game.page()
    assert 'id="fix-table"' in page and "Rotate Squad 1 to the right so that 'FIRED' is uppermost." in page
    log = game.page("/log")
    assert f"/rollback/{fire}\">Turn 1 › Fire Combat</a>" in log
    assert "Flip Squad 1 to its reverse side (a Step Loss)." in log
    expected = ["Remove an 'Activated Zone' marker from the 'Control' box of Zone 5.",
                "Remove 2 'Suspect' markers from Zone 5.", "Remove an 'Insurgents' unit from Zone 5.",
                "Flip Squad 1 to its front side (no casualties).", "Turn Squad 1 back to its normal facing.",
                "Move the VP markers from -2 to 0."]
    back = _rolled_back_checks(game, fire, expected)
    assert back == ["Place an 'Activated Zone' marker in the 'Control' box of Zone 5.",
                    "Place 2 'Suspect' markers in Zone 5.", "Place an 'Insurgents' unit in Zone 5.",
                    "Flip Squad 1 to its reverse side (a Step Loss).",
                    "Rotate Squad 1 to the right so that 'FIRED' is uppermost.", "Move the VP markers from 0 to -2."]


def test_phantom_fury_in_french_with_the_french_rulebook(app):
    game = Game(app, lang="fr", game="phantom-fury", **{**PF_SETUP, "ruleset": "fr"})
    assert game.act(type="unit_status", unit="squad-2", status="pinned") == [
        "Pivotez Squad 2 vers la gauche afin de pouvoir lire la mention ‘PINNED’."]
    assert game.undo() == ["Réorientez Squad 2 de manière normale."]
    start = game.version
    assert game.act(type="next_phase") == []
    assert game.act(type="zone_counts", zone=7, suspects=1) == ["Placez un marqueur ‘Suspect’ : Zone 7."]
    assert game.act(type="unit_step_loss", unit="squad-3") == [
        "Retournez Squad 3 sur son verso (un Pas de Pertes).", "Déplacez les marqueurs de PV : 0 → -2."]
    assert "À changer sur la table" in game.page()
    log = game.page("/log")
    assert "Revenir au début d'un tour ou d'une Phase" in log and "Tour 1 › Renfort" in log
    back = _rolled_back_checks(game, start, ["Retirez un marqueur ‘Suspect’ : Zone 7.",
                                             "Retournez Squad 3 sur son recto (aucune perte).",
                                             "Déplacez les marqueurs de PV : -2 → 0."])
    assert back[0] == "Placez un marqueur ‘Suspect’ : Zone 7."


def test_battle_for_fallujah_a_marker_moved_on_a_track_and_rolled_back(app):
    events = bff_events()
    game = Game(app, game="battle-for-fallujah", **events[0]["payload"])
    assert game.act(type="vp", value=2, reason="assault", rule="25.3") == [
        "Move the VP Marker on the Victory Point Track from 0 to +2."]
    assert game.undo() == ["Move the VP Marker on the Victory Point Track from +2 to 0."]
    assert game.act(type="media", count=2, rule="23.1.2") == ["Move the Media Track Marker from 0 to 2."]
    _rolled_back_checks(game, 1, ["Move the Media Track Marker from 2 to 0."])


def test_second_fallujah_a_unit_moved_between_areas_and_rolled_back(app):
    game = Game(app, game="second-fallujah", **SF_SETUP)
    placed = game.act(type="unit_place", unit_type="fedayeen", area=24)
    assert len(placed) == 1 and placed[0].startswith("Place Fedayeen") and placed[0].endswith(" in area 24.")
    game.act(type="activate", where="ne_entry_zone")
    moved = game.act(type="unit_move", unit=A1_8, to=25, cost=2)
    assert len(moved) == 1 and re.fullmatch(r"Move .+ from the NE Entry Zone to area 25\.", moved[0]), moved
    assert game.undo() == [moved[0].replace("the NE Entry Zone", "@").replace("area 25", "the NE Entry Zone")
                           .replace("@", "area 25")]
    _rolled_back_checks(game, 1, ["Remove " + placed[0][len("Place "):].replace(" in area 24.", " from area 24.")])


def test_the_card_game_a_card_to_the_discard_and_a_rollback_in_a_physical_game(app):
    game = Game(app, game="fallujah-cards", mode="physical")
    assert game.act(type="turn", card="Sniper Team") == ["Place the Sniper Team in your hand."]
    assert game.act(type="turn", card="Humvee") == ["Place the Humvee in your hand."]
    tactics = game.act(type="turn", card="Guerilla Warfare")
    assert tactics == ["Place the Guerilla Warfare in the Target card's place."]
    assert game.act(422, type="lost", card="Pillbox") == []
    lost = game.act(type="lost", card="Sniper Team")
    assert lost == ["Move the Guerilla Warfare from the Target card's place to the Discard Pile.",
                    "Move the Sniper Team from your hand to the Discard Pile."]
    assert "Move the Sniper Team from the Discard Pile to your hand." in game.undo()
    assert "Move the Sniper Team from the Discard Pile to your hand." in game.page()
    _rolled_back_checks(game, 1, ["Remove the Sniper Team from your hand.", "Remove the Humvee from your hand.",
                                  "Remove the Guerilla Warfare from the Target card's place."])


def test_a_rollback_names_what_it_refuses(app):
    game = Game(app, game="phantom-fury", **PF_SETUP)
    game.act(type="next_phase")
    for body, field in (({"to": 2}, "to"), ({"to": 0}, "to"), ({"to": "1"}, "to"), ({"to": 1, "x": 1}, "x")):
        answer = game.client.post(f"/api/games/{game.id}/actions",
                                  json={"type": "rollback", **body, "expected_version": game.version})
        assert answer.status_code in (400, 422), answer.get_json()
        assert field in answer.get_json()["error"], answer.get_json()
