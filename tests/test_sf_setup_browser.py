"""Setup in minutes (issue 24, item 6), counted in a real browser (Debian's chromium) on a phone
(390x844) and a desktop (1366x900), with the accessibility audit and no console error: with the player's copy of the map and counters saved once (web/copies.py), a new
Second Fallujah solitaire game goes from "New game" to the bot's first decision (its set-up, 13)
shown with its trace, then confirmed and applied in one more tap: every tap counted. The figures are
written to test-output/setup/taps-<size>.json."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import VIEWPORTS, Taps, audit, console_errors, saved_copy

#: a copy keyed by a player once (test values: the rulebook prints no TEM)
AREAS = {str(a): {"tem": 4 if a % 11 == 0 else (2 if a % 3 == 0 else (3 if a % 5 == 0 else 1))} for a in range(1, 52)}
FIGURES = Path(__file__).resolve().parent.parent / "test-output" / "setup"
#: the most taps allowed from "New game" to the bot's first decision on a keyed map
MAX_TAPS = 4


@pytest.fixture(params=sorted(VIEWPORTS))
def page(request, pages):
    """A page as new at each size (phone, desktop)."""
    with pages.lend(**VIEWPORTS[request.param]) as tab:
        yield tab


def test_new_game_to_the_bot_s_first_decision_on_a_keyed_map(page, live_server, screenshots):
    errors = console_errors(page)
    copy_id = saved_copy(live_server, "second-fallujah", {"format": "second-fallujah-map", "areas": AREAS})
    tap = Taps(page)
    taps = tap.names

    page.goto(live_server.url + "/")
    tap("New game", page.get_by_role("link", name="New game"))
    tap("Second Fallujah", page.locator(".games-offered").get_by_role("link", name="Second Fallujah"))
    # the copy saved before is offered, chosen; solitaire play is the default (12)
    expect(page.locator("#setup-copy")).to_have_value(str(copy_id))
    expect(page.locator("input[name=variant][value=solitaire]")).to_be_checked()
    page.screenshot(scale="css", path=screenshots / "01-setup.jpg", full_page=True)
    audit(page, "the setup with my copy offered")
    tap("Start the game", page.get_by_role("button", name="Start the game"))
    assert re.search(r"/games/[A-Za-z0-9_-]{16,}$", page.url)
    # the bot's set-up (13): the map's TEMs came from the copy; it needs a 1D6 for each TEM 2 or 3 area
    rolled = sum(1 for v in AREAS.values() if v["tem"] in (2, 3))
    roll = page.get_by_role("button", name=f"Roll the {rolled} D6 for me")
    expect(roll).to_be_visible()
    page.screenshot(scale="css", path=screenshots / "02-dice.jpg", full_page=True)
    tap("Roll the dice for me", roll)
    decision = page.locator("#bot-decision")
    expect(decision).to_contain_text("A Fedayeen in areas")
    trace = page.locator("#bot-trace")
    expect(trace).to_contain_text("Place a Fedayeen in every area with TEM = 4.")
    expect(trace).to_contain_text("Roll 1D6 for every space with TEM of 2 or 3")
    # shown before it acts: what confirming applies and the changes on the table (issue 24, item 5)
    expect(page.locator("#bot-apply-preview")).to_contain_text("Place the bot's set-up: a Fedayeen in areas")
    expect(page.locator("#bot-apply-preview .fix-list li").first).to_contain_text("Place Fedayeen")
    page.locator("#bot").screenshot(scale="css", path=screenshots / "03-decision.jpg")
    state = live_server.store().state(page.url.rsplit("/", 1)[1])
    assert len(state.bot_dice) == rolled and state.facts(11).tem == 4
    assert len(taps) <= MAX_TAPS, taps
    to_decision = list(taps)
    audit(page, "the bot's set-up decision")
    # one tap confirms the decision and places the set-up; the page lists what to place
    tap("Confirm and apply", page.get_by_role("button", name="Confirm and apply"))
    state = live_server.store().state(page.url.rsplit("/", 1)[1])
    fedayeen = sum(1 for u in state.units if u.type == "fedayeen")
    assert fedayeen > 0 and state.bot_last is not None and state.bot_last.situation == "bot-setup"
    expect(page.locator("#fix-table .fix-list li")).to_have_count(fedayeen)
    assert len(taps) == len(to_decision) + 1
    FIGURES.mkdir(parents=True, exist_ok=True)
    size = "phone" if page.viewport_size["width"] < 600 else "desktop"
    (FIGURES / f"taps-{size}.json").write_text(json.dumps({
        "new_game_to_bot_first_decision": {"taps": len(to_decision), "steps": to_decision, "dice_rolled_by_the_app": rolled},
        "new_game_to_the_bot_s_set_up_applied": {"taps": len(taps), "steps": taps}}, indent=1))
    assert errors == []
