"""Issue 22 in a real browser (Debian's chromium), phone and desktop, physical games kept against
a live server: the advisor's mark on a Keep decision (the Keep button) and on a discard decision
(the hand card to discard), and the entry of the 5 cards a Recon card showed (the page says the
advisor ignores them until they are entered; the engine then knows them on top of the deck)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser import loads_again

SHOWN = ["Courtyard", "Car Bomb", "Humvee", "Roof Top", "Ambush"]


def _physical(tab, url: str, name: str) -> str:
    tab.goto(url + "/games/new?game=fallujah-cards")
    tab.get_by_label("Name").fill(name)
    tab.locator('input[name="mode"][value="physical"]').check()
    tab.get_by_role("button", name="Start the game").click()
    tab.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]{16,}$"))
    return tab.url.rsplit("/", 1)[1]


def _enter(tab, name: str) -> None:
    field = tab.locator("#entry-card")
    field.fill(name)
    loads_again(tab, lambda: field.press("Enter"))


def _keep_marked(page, live_server, screenshots) -> None:
    _physical(page, live_server.url, "Keep")
    _enter(page, "M1 Abrams Tank")
    _enter(page, "Courtyard")
    keep = page.locator("#now button.decline")
    expect(keep).to_have_class(re.compile(r"\bbest\b"))
    expect(keep).to_contain_text("Advisor's choice")
    expect(page.locator("#hand button.playing-card.best")).to_have_count(0)
    expect(page.locator("#advice .advice-sentence")).to_contain_text("Keep the M1 Abrams Tank")
    page.screenshot(scale="css", path=screenshots / "keep-marked.jpg", full_page=True)


def _discard_marked(page, live_server, screenshots) -> None:
    _physical(page, live_server.url, "Discard")
    for name in ["Humvee", "Grunts", "Bradley AFV", "Robot", "M1 Abrams Tank"]:
        _enter(page, name)
    expect(page.locator("#now .prompt")).to_contain_text("choose 1 card(s) to discard")
    marked = page.locator("#hand button.playing-card.best")
    expect(marked).to_have_count(1)
    expect(marked).to_contain_text("Advisor's choice")
    name = marked.locator(".card-name").inner_text()
    assert name in ("Humvee", "Grunts")  # the Force-1 cards: the advisor keeps the others
    expect(page.locator("#now button.decline, #now button.pass")).to_have_count(0)
    page.screenshot(scale="css", path=screenshots / "discard-marked.jpg", full_page=True)


def _recon_entry(page, live_server, screenshots) -> None:
    store = live_server.store()
    game_id = _physical(page, live_server.url, "Recon")
    _enter(page, "Humvee")
    _enter(page, "Dragon Eyes")
    recon = page.locator("#hand button.playing-card:enabled", has_text="Dragon Eyes")
    loads_again(page, lambda: recon.click())
    form = page.locator("#shown-form")
    expect(form).to_be_visible()
    expect(form.locator("input[name=shown]")).to_have_count(5)
    expect(form).to_contain_text("the advisor ignores the cards the Recon card showed")
    page.screenshot(scale="css", path=screenshots / "recon-entry.jpg", full_page=True)
    # a card not in the deck any more: refused, naming it; nothing changes
    version = store.state(game_id).version
    for n, name in enumerate(["Dragon Eyes", *SHOWN[1:]]):
        form.locator(f"#shown-{n}").fill(name)
    form.get_by_role("button", name="Enter").click()
    expect(form.locator("[data-error]")).to_contain_text("'Dragon Eyes'")
    assert store.state(game_id).version == version
    for n, name in enumerate(SHOWN):
        form.locator(f"#shown-{n}").fill(name)
    loads_again(page, lambda: form.get_by_role("button", name="Enter").click())
    expect(page.locator("#shown-form")).to_have_count(0)
    table = store.state(game_id).table()
    # the engine turned the first card shown (the Courtyard: the Target now) and knows the 4 others
    assert table.target is not None and len(table.deck) == 4 and table.seen_top == 4
    expect(page.locator("#target")).to_contain_text("Courtyard")
    expect(page.locator("#advice .advice-sentence")).to_contain_text("points expected")
    page.screenshot(scale="css", path=screenshots / "recon-entered.jpg", full_page=True)


@pytest.mark.phone
def test_the_advisor_marks_keep_on_a_phone(page, live_server, screenshots):
    _keep_marked(page, live_server, screenshots)


def test_the_advisor_marks_keep_on_a_desktop(page, live_server, screenshots):
    _keep_marked(page, live_server, screenshots)


@pytest.mark.phone
def test_the_advisor_marks_the_discard_on_a_phone(page, live_server, screenshots):
    _discard_marked(page, live_server, screenshots)


def test_the_advisor_marks_the_discard_on_a_desktop(page, live_server, screenshots):
    _discard_marked(page, live_server, screenshots)


@pytest.mark.phone
def test_recon_cards_entered_in_a_physical_game_on_a_phone(page, live_server, screenshots):
    _recon_entry(page, live_server, screenshots)


def test_recon_cards_entered_in_a_physical_game_on_a_desktop(page, live_server, screenshots):
    _recon_entry(page, live_server, screenshots)
