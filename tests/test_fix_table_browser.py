"""Fix the table and roll back (issue 24, items 3 and 4) in a real browser at phone size (390x844):
the panel on the game page after a move, the log's list of turn and Phase starts, the rollback page
with its combined list, one tap to go back, and the panel then listing what to undo on the board;
each page audited, no console error. Screenshots: test-output/screenshots/<test>/."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser import VIEWPORTS
from tests.browser import audit as _audit
from tests.browser import console_errors as _errors
from web.games.phantom_fury.sample import SETUP


def _game(live_server: Any) -> str:
    """A game of Phantom Fury whose event 3 enters the Fire Combat Phase of turn 1."""
    client = live_server.app.test_client()
    game = client.post("/api/games", json={"game": "phantom-fury", **SETUP}).get_json()
    version = game["version"]
    for body in ({"type": "next_phase"}, {"type": "next_phase"},
                 {"type": "zone_counts", "zone": 5, "suspects": 2},
                 {"type": "unit_status", "unit": "squad-2", "status": "pinned"}):
        reply = client.post(f"/api/games/{game['id']}/actions", json={**body, "expected_version": version})
        assert reply.status_code == 200, reply.get_json()
        version = reply.get_json()["version"]
    return str(game["id"])


def test_the_panel_and_a_rollback_on_a_phone(pages, live_server, screenshots):
    with pages.lend(**VIEWPORTS["phone"]) as tab:
        errors = _errors(tab)
        game_id = _game(live_server)
        tab.goto(f"{live_server.url}/games/{game_id}")
        panel = tab.locator("#fix-table")
        expect(panel).to_be_visible()
        expect(panel).to_contain_text("Rotate Squad 2 to the left so that 'PINNED' is uppermost.")
        assert panel.bounding_box()["width"] <= 390
        tab.screenshot(scale="css", path=screenshots / "01-panel.jpg")
        _audit(tab, "game page with the panel")

        tab.goto(f"{live_server.url}/games/{game_id}/log")
        tab.get_by_text("Go back to the start of a turn or Phase").click()
        tab.get_by_role("link", name="Turn 1 › Fire Combat").click()
        expect(tab.locator("h1")).to_contain_text("Go back to the start of Turn 1 › Fire Combat")
        expect(tab.locator("main .fix-list")).to_contain_text("Remove 2 'Suspect' markers from Zone 5.")
        _audit(tab, "rollback page")
        tab.screenshot(scale="css", path=screenshots / "02-rollback.jpg")
        tab.get_by_role("button", name="Go back").click()
        tab.wait_for_url(f"{live_server.url}/games/{game_id}")
        expect(panel).to_contain_text("Remove 2 'Suspect' markers from Zone 5.")
        expect(panel).to_contain_text("Turn Squad 2 back to its normal facing.")
        expect(panel).to_contain_text("(#3)")
        tab.screenshot(scale="css", path=screenshots / "03-after.jpg")
        assert not errors, errors
