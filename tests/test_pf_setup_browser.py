"""Phantom Fury's set-up in minutes (issue 24, item 6; rules 6.2, 6.3, 6.3.1), counted in a real
browser (Debian's chromium) on a phone (390x844), and the app's draw on a desktop (1366x900) too, with the accessibility audit and no console
error: with the player's copy saved once (the Zones with a black circle, each squad counter's CF,
web/copies.py), a new game goes from "New game" to its order of battle placed, the squads drawn
by the app or by the player and entered on one form; every tap counted (typing a counter number
is no tap). The figures are written to test-output/setup/pf-taps-<route>[-<size>].json."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import Taps, audit, console_errors, saved_copy

#: a copy keyed by a player once (the rulebook prints neither: test values)
START_ZONES = [2, 3, 4, 6, 8, 10, 12, 17, 19]
COPY = {"format": "phantom-fury-copy", "start_zones": START_ZONES,
        "squads": [{"counter": n, "cf": 4 + n % 3} for n in range(1, 16)]}
#: the most taps allowed from "New game" to the order of battle placed (was 33 for the nine squads alone)
MAX_TAPS = 8



def _new_game(page, live_server) -> Taps:
    copy_id = saved_copy(live_server, "phantom-fury", COPY)
    tap = Taps(page)
    page.goto(live_server.url + "/")
    tap("New game", page.get_by_role("link", name="New game"))
    offered = page.locator(".games-offered").get_by_role("link", name="Phantom Fury")
    if offered.count():
        tap("Phantom Fury", offered)
    expect(page.locator("#setup-copy")).to_have_value(str(copy_id))  # the copy saved before is offered, chosen
    tap("Start the game", page.get_by_role("button", name="Start the game"))
    return tap


def _caats_and_place(page, tap: Taps) -> None:
    """The player allocates the four CAAT supports (6.3.1: his choice, never pre-ticked), then places."""
    boxes = page.locator("#order-of-battle input[type=checkbox]")
    expect(boxes).to_have_count(9)
    for i in (0, 2, 4, 6):
        expect(boxes.nth(i)).not_to_be_checked()
        tap.check(f"CAAT {i + 1}", boxes.nth(i))
    tap("Place the Order of Battle", page.get_by_role("button", name="Place the Order of Battle"))
    expect(page.locator("#order-of-battle")).to_have_count(0)


def _placed(live_server, page) -> dict[str, list[int]]:
    state = live_server.store().state(page.url.rsplit("/", 1)[1])
    found: dict[str, list[int]] = {"start": [], "company": [], "battalion": []}
    for unit in state.units:
        if unit.kind == "squad":
            found[unit.origin].append(unit.counter)
    assert sorted(u.position.zone for u in state.units if u.origin == "start") == START_ZONES
    assert sum(u.caat_allocated for u in state.units) == 4
    return found


def test_new_game_to_the_squads_the_app_drew_placed(sized, live_server, screenshots):
    page, size = sized
    errors = console_errors(page)
    tap = _new_game(page, live_server)
    audit(page, "the order of battle before the draw")
    tap("Let the app draw the squads", page.get_by_role("button", name="Let the app draw the squads"))
    expect(page.locator("#order-of-battle [role=status]")).to_be_visible()
    drawn = live_server.store().state(page.url.rsplit("/", 1)[1]).drawn
    assert drawn is not None
    expect(page.locator("#order-of-battle input[name='squads.0.counter']")).to_have_value(str(drawn.start[0]))
    page.screenshot(scale="css", path=screenshots / "01-drawn.jpg", full_page=True)
    audit(page, "the squads the app drew")
    _caats_and_place(page, tap)
    assert _placed(live_server, page) == {"start": list(drawn.start), "company": list(drawn.company),
                                          "battalion": list(drawn.battalion)}
    page.screenshot(scale="css", path=screenshots / "02-placed.jpg", full_page=True)
    tap.record(f"pf-taps-app-draws-{size}", "new_game_to_order_of_battle_placed", MAX_TAPS)
    assert errors == []


@pytest.mark.phone
def test_new_game_to_the_squads_the_player_drew_entered_on_one_form(page, live_server, screenshots):
    errors = console_errors(page)
    tap = _new_game(page, live_server)
    form = page.locator("#order-of-battle")
    drawn = [9, 1, 14, 3, 7, 5, 11, 2, 8]
    for i, counter in enumerate(drawn):
        form.locator(f"input[name='squads.{i}.counter']").fill(str(counter))
    for i, counter in enumerate((4, 15, 6)):
        form.locator(f"input[name='company.{i}.counter']").fill(str(counter))
    page.screenshot(scale="css", path=screenshots / "01-typed.jpg", full_page=True)
    _caats_and_place(page, tap)
    assert _placed(live_server, page) == {"start": drawn, "company": [4, 15, 6], "battalion": [10, 12, 13]}
    audit(page, "the game with its order of battle")
    tap.record("pf-taps-player-draws", "new_game_to_order_of_battle_placed", MAX_TAPS)
    assert errors == []
