"""Battle for Fallujah's set-up in minutes (issue 24, item 6; rules 9.1-9.6), counted in a real
browser (Debian's chromium) on a phone (390x844) and a desktop (1366x900), with the accessibility audit and no console
error: with the player's copy of the map and counters saved once (web/copies.py), a new game goes
from "New game" to the rulebook's set-up (9) on a keyed map, its units listed by base; every tap
counted. The figures are written to test-output/setup/bff-taps-<size>.json."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import Taps, audit, console_errors, saved_copy
from web.games.battle_for_fallujah import sample

#: a copy keyed by a player once: the sample's four hexes and counters, the other 28 hexes test values
COPY = sample.MAP | {"hexes": sample.MAP["hexes"] + [{"number": n, "terrain": "urban", "colour": "yellow"}
                                                    for n in range(5, 33)]}
#: the most taps allowed from "New game" to the set-up on a keyed map (was 32 hexes and the counters keyed)
MAX_TAPS = 3



def test_new_game_to_the_rulebook_s_set_up_on_my_copy(sized, live_server, screenshots):
    page, size = sized
    errors = console_errors(page)
    copy_id = saved_copy(live_server, "battle-for-fallujah", COPY)
    tap = Taps(page)
    page.goto(live_server.url + "/")
    tap("New game", page.get_by_role("link", name="New game"))
    tap("Battle for Fallujah", page.locator(".games-offered").get_by_role("link", name="Battle for Fallujah"))
    expect(page.locator("#setup-copy")).to_have_value(str(copy_id))  # the copy saved before is offered, chosen
    audit(page, "the setup with my copy offered")
    tap("Start the game", page.get_by_role("button", name="Start the game"))
    steps = page.locator("#setting-up")
    expect(steps).to_contain_text("Place the Turn Marker on Turn One of the Turn Track.")  # 9.6
    expect(steps).to_contain_text("A/1/5")  # 9.1: the keyed units by base
    expect(steps).not_to_contain_text("Not keyed yet")
    state = live_server.store().state(page.url.rsplit("/", 1)[1])
    assert len(state.map.hexes) == 32 and len(state.units) == len(sample.MAP["coalition"])
    page.screenshot(scale="css", path=screenshots / "01-set-up.jpg", full_page=True)
    audit(page, "the rulebook's set-up")
    tap.record(f"bff-taps-{size}", "new_game_to_set_up_on_my_copy", MAX_TAPS)
    assert errors == []
