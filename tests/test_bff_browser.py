"""Battle for Fallujah in a real browser (Debian's chromium) on a phone-sized viewport (390x844),
against a live server: a turn kept beside the physical game. The map and counters are loaded
from a saved file; the Intelligence roll; chits drawn (the first End of Turn chit returned by
12.5.1); a Coalition Assault in an Urban hex with the odds shown before rolling and the physical
dice entered; the margin spent; the Media moved; undo and redo; the End of Turn steps with the
ceasefire roll moving the VP; the next turn. Screenshots go to test-output/screenshots/<test>/."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser import console_errors, loads_again
from web.games.battle_for_fallujah import sample


def _record_roll(tab, fields: dict[str, str], odds: bool = True) -> None:
    """On a calculator page: the odds first (a roll's), then the dice entered, recorded."""
    if odds:
        expect(tab.locator("#calc-odds")).to_contain_text("%")
    for selector, value in fields.items():
        tab.locator(selector).fill(value)
    expect(tab.locator("#calc-result .calc-steps li").first).to_be_visible()
    expect(tab.locator("#calc-record")).to_be_visible()  # shown once the dice give a result
    loads_again(tab, lambda: tab.locator("#calc-record").click())
    expect(tab.locator("#consequences")).to_be_visible()


def _apply_all(tab) -> None:
    """Apply the recorded roll's ticked changes in one tap (the calculator's checklist), its
    label counting them in words (the generic calculator's messages, one declaration)."""
    ticked = tab.locator(".calc-change:checked").count()
    expect(tab.locator("#calc-apply-all")).to_have_text("Apply 1 change" if ticked == 1 else f"Apply {ticked} changes")
    tab.locator("#calc-apply-all").click()
    expect(tab.locator("#calc-applied")).to_be_visible()


@pytest.mark.phone
def test_a_turn_on_a_phone(page, live_server, screenshots, tmp_path):
    errors = console_errors(page, "status of 4")
    store = live_server.store()
    url = live_server.url
    page.goto(url + "/games/new?game=battle-for-fallujah")
    page.get_by_label("Name").fill("April 5th")
    loads_again(page, lambda: page.get_by_role("button", name="Start the game").click())
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]{16,}$"))
    game_id = page.url.rsplit("/", 1)[1]
    game = f"{url}/games/{game_id}"

    # the map and counters, keyed once and saved, loaded from their file
    saved = tmp_path / "map.json"
    saved.write_text(json.dumps({"type": "key_map", "map": sample.MAP, "rules": []}))
    page.locator("#map-file").set_input_files(str(saved))
    loads_again(page, lambda: page.locator("#keyed").get_by_role("button", name="Load", exact=True).click())
    expect(page.locator("#units")).to_contain_text("A/1/5")
    for unit in ("A-1-5", "T-1-5"):
        page.locator(f"#move-{unit}").fill("2")
        loads_again(page, lambda u=unit: page.locator(f"#unit-{u}").get_by_role("button", name="Move", exact=True).click())
    page.locator("#formation-units").fill("A-1-5 T-1-5")
    loads_again(page, lambda: page.get_by_role("button", name="Form", exact=True).click())
    page.goto(game + "?hex=2#hex-panel")
    page.locator("#hex-res").select_option("1")
    page.locator("#hex-ins-0").select_option("Mob")
    loads_again(page, lambda: page.get_by_role("button", name="Save the markers").click())
    expect(page.locator("#hex-2")).to_contain_text("Resistance +1")
    page.screenshot(scale="css", path=screenshots / "01-keyed.jpg", full_page=True)

    # Intelligence Phase (11)
    page.goto(game)
    page.get_by_role("link", name="Intelligence roll").click()
    _record_roll(page, {"#f-roll": "5"})
    expect(page.locator("#calc-apply-all")).to_have_count(0)  # a 5 places nothing; recording it ends no Phase
    page.goto(game)
    expect(page.locator("#tracker .phases li.current")).to_have_text("Intelligence")
    loads_again(page, lambda: page.get_by_role("button", name=re.compile("Activation Phase")).click())
    expect(page.locator("#tracker .phases li.current")).to_have_text("Activation")

    # draw chits (12): the first End of Turn chit goes back, then the 1/5 battalion
    page.locator("#chit").select_option("end_of_turn")
    loads_again(page, lambda: page.get_by_role("button", name="Record the chit").click())
    expect(page.locator("#effects")).to_contain_text("back into the cup")
    page.locator("#chit").select_option("1/5")
    loads_again(page, lambda: page.get_by_role("button", name="Record the chit").click())
    expect(page.locator("#tracker")).to_contain_text("Active: 1/5")
    page.screenshot(scale="css", path=screenshots / "02-chits.jpg", full_page=True)

    # a Coalition Assault in an Urban hex: odds before rolling, the physical dice entered
    page.locator("a.op-link").first.click()
    expect(page.locator("#f-terrain")).to_have_value("urban")
    expect(page.locator("#calc-odds")).to_contain_text("%")
    odds = page.locator("#calc-odds").inner_text()
    assert "success" in odds.lower()
    page.screenshot(scale="css", path=screenshots / "03-assault-odds.jpg", full_page=True)
    page.locator("#calc-odds").scroll_into_view_if_needed()
    page.screenshot(scale="css", path=screenshots / "03b-odds-before-rolling.jpg")
    _record_roll(page, {"#f-rolls-defending-white": "4 1 2 2", "#f-rolls-attacking-white": "4 5 1 6",
                        "#f-rolls-attacking-red": "3"})
    consequences = page.locator("#consequences")
    expect(consequences).to_contain_text("Media Track +1")
    expect(consequences).to_contain_text("Spend the Margin of Success (3)")
    page.screenshot(scale="css", path=screenshots / "04-assault-recorded.jpg", full_page=True)
    page.locator("#calc-result").scroll_into_view_if_needed()
    page.screenshot(scale="css", path=screenshots / "04b-assault-result.jpg")
    consequences.scroll_into_view_if_needed()
    page.screenshot(scale="css", path=screenshots / "04c-assault-consequences.jpg")
    _apply_all(page)  # the Media Track +1 and both units Ops Complete (13.5.5)
    state = store.state(game_id)
    assert state.media == 1 and {state.unit(u).status for u in ("A-1-5", "T-1-5")} == {"ops_complete"}
    consequences.scroll_into_view_if_needed()
    page.screenshot(scale="css", path=screenshots / "04d-applied.jpg")

    # the margin spent (18.2.1)
    page.locator(".calc-next").get_by_role("link", name=re.compile("Spend the Margin of Success")).click()
    expect(page.locator("#f-margin")).to_have_value("3")
    page.locator("#f-spend-insurgent_steps").fill("3")
    _record_roll(page, {}, odds=False)
    expect(page.locator("#consequences")).to_contain_text("Remove 3 Insurgent steps in hex 2")
    _apply_all(page)
    page.screenshot(scale="css", path=screenshots / "05-margin-spent.jpg", full_page=True)

    # undo and redo on the game page
    page.goto(game)
    loads_again(page, lambda: page.locator("#unit-T-1-5").get_by_role("button", name="Good Order").click())
    assert store.state(game_id).unit("T-1-5").status == "good_order"
    loads_again(page, lambda: page.locator("#undo").click())
    assert store.state(game_id).unit("T-1-5").status == "ops_complete"
    expect(page.locator("#redo")).to_be_visible()
    loads_again(page, lambda: page.locator("#redo").click())
    assert store.state(game_id).unit("T-1-5").status == "good_order"
    page.screenshot(scale="css", path=screenshots / "06-undo-redo.jpg", full_page=True)

    # the turn ends: two End of Turn chits (12.5)
    loads_again(page, lambda: page.get_by_role("button", name="End the Operations Phase").click())
    for _ in range(2):
        page.locator("#chit").select_option("end_of_turn")
        loads_again(page, lambda: page.get_by_role("button", name="Record the chit").click())
    expect(page.locator(".eot-steps li.current")).to_contain_text("14.1")

    # End of Turn (14): VP (14.1), the ceasefire roll (14.2), reinforcements (14.3), 14.4, 14.5
    page.locator("#pacified-mod").select_option("0")
    loads_again(page, lambda: page.get_by_role("button", name=re.compile("^Enter")).click())
    loads_again(page, lambda: page.get_by_role("button", name="Apply 14.1: VP").click())
    expect(page.locator(".vp-total")).to_have_text("-1")  # the Mayor's compound is Insurgent controlled
    expect(page.locator("#vp")).to_contain_text("Mayor's compound Insurgent controlled")
    page.locator("#ceasefire-roll").click()
    expect(page.locator("#f-political_pressure")).to_have_value("0")
    _record_roll(page, {"#f-roll": "2"})
    expect(page.locator("#calc-result")).to_contain_text("No ceasefire")
    page.screenshot(scale="css", path=screenshots / "07-ceasefire.jpg", full_page=True)
    page.locator("#calc-result").scroll_into_view_if_needed()
    page.screenshot(scale="css", path=screenshots / "07b-ceasefire-result.jpg")
    _apply_all(page)  # the Ceasefire step of the End of Turn Phase
    page.goto(game)
    page.locator("#reinforcements-roll").click()
    _record_roll(page, {"#f-roll": "1"})
    _apply_all(page)
    page.goto(game)
    loads_again(page, lambda: page.get_by_role("button", name=re.compile("Apply 14.4")).click())
    page.screenshot(scale="css", path=screenshots / "08-end-of-turn.jpg", full_page=True)
    loads_again(page, lambda: page.get_by_role("button", name=re.compile("Apply 14.5")).click())
    expect(page.locator("#tracker-title")).to_contain_text("Turn 2 of 8")
    state = store.state(game_id)
    assert (state.turn, state.phase, state.vp, state.media) == (2, "intelligence", -1, 1)
    assert all(u.status == "good_order" for u in state.units)
    expect(page.locator("#vp svg")).to_be_visible()
    expect(page.locator("#media svg .track-media")).to_have_count(1)
    page.screenshot(scale="css", path=screenshots / "09-turn-2.jpg", full_page=True)
    page.locator("#tracker").scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(scale="css", path=screenshots / "09a-turn-2-checklist.jpg")
    for section in ("cup", "vp", "media"):
        page.locator(f"#{section}").scroll_into_view_if_needed()
        page.screenshot(scale="css", path=screenshots / f"09-{section}.jpg")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"the page scrolls sideways on a phone: {width}px"
    assert errors == []


@pytest.mark.phone
def test_draw_for_me_is_recorded_and_drawn_again_after_an_undo_is_the_same_chit(page, live_server, screenshots):
    errors = console_errors(page, "status of 4")
    store = live_server.store()
    client = live_server.app.test_client()
    game_id = client.post("/api/games", json={"game": "battle-for-fallujah", "name": "app draws"}).get_json()["id"]
    version = store.state(game_id).version
    for body in ({"type": "adjudication", "situation": "intelligence", "input": {"roll": 5}, "rolls_by": "player"},
                 {"type": "next_phase"}):
        assert client.post(f"/api/games/{game_id}/actions", json={**body, "expected_version": version}).status_code == 200
        version += 1
    page.goto(f"{live_server.url}/games/{game_id}")
    in_cup = sum(store.state(game_id).cup.values())
    page.once("dialog", lambda dialog: dialog.accept())
    loads_again(page, lambda: page.get_by_role("button", name="Draw for me").click())
    expect(page.locator("#effects")).to_contain_text(f"by the app, {in_cup} chits in the cup")
    state = store.state(game_id)
    drawn = state.drawn
    assert len(drawn) == 1 and state.undo  # the game's own stream (web.randomness): the draw may be undone
    page.screenshot(scale="css", path=screenshots / "01-drawn-by-the-app.jpg", full_page=True)
    loads_again(page, lambda: page.locator("#undo").click())
    assert not store.state(game_id).drawn
    assert client.get(f"/api/games/{game_id}").get_json()["can_undo"] is False  # nothing before it
    expect(page.locator(".undo-redo")).to_contain_text("Undo stops here")
    page.once("dialog", lambda dialog: dialog.accept())
    loads_again(page, lambda: page.get_by_role("button", name="Draw for me").click())
    assert store.state(game_id).drawn == drawn  # drawn again: the same chit
    assert errors == []


@pytest.mark.phone
def test_the_wanted_markers_next_to_the_hex_count_in_its_level_of_resistance_and_contact(page, live_server, screenshots):
    """22.1 and 22.3, "+1 per Wanted! Marker in adjacent hexes": an Industrial hex between two
    markers, prefilled from the game: Low 1/6 and High 1/2 (1D6 + 2); Ambush! 1/2 on Contact."""
    errors = console_errors(page, "status of 4")
    client = live_server.app.test_client()
    game_id = client.post("/api/games", json={"game": "battle-for-fallujah", "name": "two markers"}).get_json()["id"]
    version = live_server.store().state(game_id).version
    hexes = [{"number": 1, "terrain": "industrial", "colour": "blue", "adjacent": [2, 3]},
             {"number": 2, "terrain": "urban", "colour": "yellow", "adjacent": [1]},
             {"number": 3, "terrain": "urban", "colour": "yellow", "adjacent": [1]}]
    for body in ({"type": "key_map", "map": {"hexes": hexes}}, {"type": "hex", "hex": 2, "wanted": True},
                 {"type": "hex", "hex": 3, "wanted": True}):
        reply = client.post(f"/api/games/{game_id}/actions", json={**body, "expected_version": version})
        assert reply.status_code == 200, reply.get_json()
        version += 1
    page.goto(f"{live_server.url}/games/{game_id}/calculator/level-of-resistance?hex=1")
    expect(page.locator("#f-wanted_adjacent")).to_have_value("2")
    expect(page.locator("#f-terrain")).to_have_value("industrial")
    expect(page.locator('#calc-odds [data-outcome="low"] .calc-odd-value')).to_have_text("16.7 %")
    expect(page.locator('#calc-odds [data-outcome="high"] .calc-odd-value')).to_have_text("50 %")
    page.screenshot(scale="css", path=screenshots / "level-of-resistance.jpg", full_page=True)
    page.goto(f"{live_server.url}/games/{game_id}/calculator/contact?hex=1")
    expect(page.locator("#f-wanted_adjacent")).to_have_value("2")
    expect(page.locator('#calc-odds [data-outcome="ambush"] .calc-odd-value')).to_have_text("50 %")
    page.screenshot(scale="css", path=screenshots / "contact.jpg", full_page=True)
    assert errors == []
