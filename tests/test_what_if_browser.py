"""The what-if beside the odds in each game's calculator (issue 22): the odds of the player's goal
with each alternative, the best marked, and one tap applying an alternative to the form (phone
and desktop). The odds are those tests/test_what_if.py computes by hand."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser import VIEWPORTS, audit, fill_in
from tests.browser import console_errors as _errors
from web.games.battle_for_fallujah import sample


def _item(tab, words: str):
    return tab.locator("#calc-what-if li.what-if", has_text=words)


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_what_if_beside_the_odds_in_every_games_calculator(tab, live_server, screenshots, device):
    errors = _errors(tab)
    # Phantom Fury, Fire Combat: CAAT 'Ammo' 70 % against 50 % as entered; one tap ticks it
    tab.goto(f"{live_server.url}/calculator/fire?game=phantom-fury")
    fill_in(tab, {'[data-path="shooter.cf"]': "5", '[data-path="shooter.location"]': "C",
                  '[data-path="target.unit"]': "suspect", '[data-path="target.location"]': "1",
                  '[data-path="target.zone"]': "normal"})
    with_caat = _item(tab, "with the CAAT 'Ammo' bonus")
    expect(with_caat).to_contain_text("70")
    expect(with_caat.locator(".badge.good")).to_be_visible()
    expect(_item(tab, "without the CAAT 'Ammo' bonus")).to_contain_text("as entered")
    assert tab.locator("#calc-what-if").evaluate("(n) => n.closest('.calc-odds') !== null")
    audit(tab, f"fire what-if {device}")
    tab.screenshot(scale="css", path=screenshots / f"{device}-fire.jpg", full_page=True)
    with_caat.get_by_role("button").click()
    expect(tab.locator('[data-path="shooter.caat_ammo"]')).to_be_checked()
    expect(_item(tab, "with the CAAT 'Ammo' bonus")).to_contain_text("as entered")
    expect(tab.locator("#calc-odds")).to_contain_text("70")

    # Second Fallujah, a Coalition attack: the Army tank and the riverine unit
    tab.goto(f"{live_server.url}/calculator/coalition-attack?game=second-fallujah")
    tab.locator('[data-path="lead.type"]').select_option("infantry")
    tab.locator('[data-path="lead.nationality"]').select_option("usmc")
    tab.locator('[data-path="lead.cf"]').fill("4")
    tab.locator('[data-rows="supporting"]').get_by_role("button", name=re.compile("Add a row")).click()
    fill_in(tab, {"#f-supporting-0-type": "tank", "#f-supporting-0-nationality": "army",
                  "#f-defenders-0-type": "fedayeen", "#f-defenders-0-cf": "3", '[data-path="tem"]': "0"})
    expect(_item(tab, "with every supporting unit (1)")).to_contain_text("66.4")
    expect(_item(tab, "without supporting unit 1 (army tank)")).to_contain_text("55.6")
    expect(_item(tab, "with the riverine unit's support")).to_contain_text("76.1")
    expect(_item(tab, "Heroic Effort on a stall")).to_contain_text("76.1")
    expect(_item(tab, "a Mulligan").locator(".badge.good")).to_be_visible()
    # the rows' tables scroll in their box: the page stays the screen's width (a wider page is
    # zoomed out on a phone, and taps land beside their buttons)
    assert tab.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[device]["viewport"]["width"]
    tab.screenshot(scale="css", path=screenshots / f"{device}-coalition-attack.jpg", full_page=True)
    _item(tab, "without supporting unit 1 (army tank)").get_by_role("button").click()
    expect(tab.locator('[data-rows="supporting"] tbody tr')).to_have_count(0)
    expect(_item(tab, "without supporting unit 1 (army tank)")).to_contain_text("as entered")

    # Battle for Fallujah, an Operation: with CAP 47.9 % (23/48), without 18.8 % (3/16)
    tab.goto(f"{live_server.url}/calculator/operation?game=battle-for-fallujah")
    tab.locator('[data-path="mission"]').select_option("assault")
    tab.locator('[data-path="terrain"]').select_option("dense_urban")
    tab.locator('[data-path="attacking.0.source"]').select_option("lead")
    tab.locator('[data-path="attacking.0.white"]').fill("2")
    tab.locator('[data-rows="attacking"]').get_by_role("button", name=re.compile("Add a row")).click()
    fill_in(tab, {'[data-path="attacking.1.source"]': "support_unit", '[data-path="attacking.1.name"]': "CAP",
                  '[data-path="attacking.1.red"]': "1"})
    expect(_item(tab, "with CAP")).to_contain_text("47.9")
    expect(_item(tab, "without CAP")).to_contain_text("18.8")
    expect(tab.locator("#calc-what-if-goal")).to_contain_text("the Coalition's Operation succeeds")
    # each numeric distribution with its "at least" and "at most" columns, mean and deviation (the TN: 1 or 2)
    target_number = tab.locator('#calc-odds [data-question="target_number"]')
    expect(target_number).to_contain_text("Target Number")
    expect(target_number).to_contain_text("Mean 1.25, standard deviation 0.43")
    expect(target_number.locator("thead")).to_contain_text("at least")
    audit(tab, f"operation what-if {device}")
    tab.screenshot(scale="css", path=screenshots / f"{device}-operation.jpg", full_page=True)

    # the card game: greedy as entered and the lookahead both 107, both best (test_what_if.py);
    # one tap switches
    tab.goto(f"{live_server.url}/calculator/expected-score?game=fallujah-cards")
    tab.locator('[data-path="hand"]').fill("Warlock Jammer, Humvee")
    tab.locator('[data-path="deck"]').fill("Low Tech Bomb, Roadside Bomb")
    lookahead = _item(tab, "lookahead")
    expect(lookahead).to_contain_text("107")
    expect(lookahead.locator(".badge.good")).to_be_visible()
    expect(_item(tab, "play greedy")).to_contain_text("107")
    lookahead.get_by_role("button").click()
    expect(tab.locator('[data-path="policy"]')).to_have_value("lookahead")
    expect(_item(tab, "lookahead")).to_contain_text("as entered")
    tab.screenshot(scale="css", path=screenshots / f"{device}-expected-score.jpg", full_page=True)
    assert errors == []


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_support_unit_left_out_of_a_games_operation_can_be_put_back_in_one_tap(tab, live_server, screenshots, device):
    """The game's own Operation page lists each part as a row: leaving CAP out empties its row,
    and the what-if still offers it back."""
    client = live_server.app.test_client()
    game_id = client.post("/api/games", json={"game": "battle-for-fallujah", "name": "what if"}).get_json()["id"]
    errors = _errors(tab)
    tab.goto(f"{live_server.url}/games/{game_id}/calculator/operation")
    fill_in(tab, {'[data-path="mission"]': "assault", '[data-path="terrain"]': "dense_urban",
                  '[data-path="attacking.0.source"]': "lead", '[data-path="attacking.0.white"]': "2",
                  '[data-path="attacking.1.source"]': "support_unit", '[data-path="attacking.1.name"]': "CAP",
                  '[data-path="attacking.1.red"]': "1"})
    expect(_item(tab, "with CAP")).to_contain_text("47.9")
    _item(tab, "without CAP").get_by_role("button").click()
    expect(tab.locator('[data-path="attacking.1.source"]')).to_have_value("")
    expect(tab.locator('[data-path="attacking.1.red"]')).to_have_value("")
    expect(_item(tab, "without CAP")).to_contain_text("as entered")
    expect(tab.locator("#calc-odds")).to_contain_text("18.8")
    _item(tab, "with CAP").get_by_role("button").click()
    expect(tab.locator('[data-path="attacking.1.source"]')).to_have_value("support_unit")
    expect(tab.locator('[data-path="attacking.1.red"]')).to_have_value("1")
    expect(_item(tab, "with CAP")).to_contain_text("as entered")
    tab.screenshot(scale="css", path=screenshots / f"{device}-game-operation.jpg", full_page=True)
    # the form refuses (400) the pool while its first row is half filled in: no other error
    assert [e for e in errors if "status of 400" not in e] == []


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_recorded_operation_offers_its_margin_spent_best_first(tab, live_server, screenshots, device):
    """A/1/5's Assault on a Mob (3 steps) wins by 3 (sample.ASSAULT): the Operation's page offers
    to spend the margin; that page lists the spends the hex allows, best first, one tap each."""
    client = live_server.app.test_client()
    game_id = client.post("/api/games", json={"game": "battle-for-fallujah", "name": "margin"}).get_json()["id"]
    version = client.get(f"/api/games/{game_id}").get_json()["version"]

    def act(body):
        nonlocal version
        reply = client.post(f"/api/games/{game_id}/actions", json={**body, "expected_version": version})
        assert reply.status_code == 200, reply.get_json()
        version = reply.get_json()["version"]

    act({"type": "key_map", "map": sample.MAP})
    act({"type": "unit_move", "unit": "A-1-5", "hex": 2})
    act({"type": "unit_move", "unit": "T-1-5", "hex": 2})
    act({"type": "formation", "units": ["A-1-5", "T-1-5"]})
    act({"type": "hex", "hex": 2, "resistance": 1, "insurgents": ["Mob"]})
    act({"type": "adjudication", "situation": "intelligence", "input": {"pacified_modifier": 0, "roll": 5}, "rolls_by": "player"})
    act({"type": "next_phase"})
    act({"type": "chit_draw", "chit": "1/5"})
    act({"type": "adjudication", "situation": "operation", "input": sample.ASSAULT, "rolls_by": "player"})
    errors = _errors(tab)
    tab.goto(f"{live_server.url}/games/{game_id}/calculator/operation?hex=2&unit=A-1-5&recorded={version}")
    tab.get_by_role("link", name="Spend the Margin of Success (3)").click()
    options = tab.locator("#calc-options li")
    expect(options.first).to_contain_text("3 Insurgent steps: +0 CVP")
    expect(options.first.locator(".badge.good")).to_be_visible()
    audit(tab, f"spend-margin options {device}")
    options.first.get_by_role("button").click()
    expect(tab.locator('[data-path="spend.insurgent_steps"]')).to_have_value("3")
    expect(options.first).to_contain_text("as entered")
    tab.screenshot(scale="css", path=screenshots / f"{device}-spend-margin.jpg", full_page=True)
    assert errors == []
