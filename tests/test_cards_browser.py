"""The card game in a real browser (Debian's chromium) on a phone-sized viewport (390x844),
against a live server: (1) a whole game played with the app's deck from a fixed seed, tapping
cards, to its final score, with the advisor's recommendation visible at a destroy decision and
undo refused after a random discard, saying why; (2) a physical game of 10 turned cards kept,
with bad entries refused. Screenshots go to test-output/screenshots/<test>/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from adjudicator.games.fallujah_cards.cards import card_list
from adjudicator.games.fallujah_cards.state import score
from tests.browser import console_errors, loads_again

SEED = 3



def _setup(tab, url: str, mode: str, seed: int | None, name: str) -> str:
    tab.goto(url + "/games/new?game=fallujah-cards")
    tab.get_by_label("Name").fill(name)
    tab.locator(f'input[name="mode"][value="{mode}"]').check()
    if seed is not None:
        tab.locator("#seed").fill(str(seed))
    tab.get_by_role("button", name="Start the game").click()
    tab.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]{16,}$"))
    return tab.url.rsplit("/", 1)[1]


def _version(tab) -> int:
    return int(tab.locator("body").get_attribute("data-version"))


@pytest.mark.phone
def test_a_whole_game_with_the_apps_deck_advisor_and_undo_refused(page, live_server, screenshots):
    errors = console_errors(page, "status of 422")
    live_server.app.config["CARDS_ADVISOR_ROLLOUTS"] = 200  # the page's advisor, lighter for a whole game
    store = live_server.store()
    game_id = _setup(page, live_server.url, "app", SEED, "Seeded game")
    page.screenshot(scale="css", path=screenshots / "01-first-decision.jpg")
    page.screenshot(scale="css", path=screenshots / "01-first-decision-full.jpg", full_page=True)
    advisor_seen = undo_refused = False
    several = 0  # discards of several cards at once (cards.js)
    for step in range(400):
        if page.locator(".final-score").count():
            break
        pending = store.state(game_id).phase
        hint = page.locator("#undo-why")
        if not undo_refused and hint.count() and "discarded at random" in hint.inner_text():
            version = _version(page)
            page.locator("button.undo").click()
            error = page.locator("#page-error")
            expect(error).to_be_visible()
            expect(error).to_contain_text("never undone to draw again")
            expect(error).to_contain_text("discarded at random")
            page.screenshot(scale="css", path=screenshots / "03-undo-refused.jpg")
            assert store.state(game_id).version == version  # nothing changed
            undo_refused = True
        if pending == "destroy" and not advisor_seen:
            advice = page.locator("#advice .advice-sentence")
            expect(advice).to_be_visible()
            expect(advice).to_contain_text(re.compile(r"Advisor: .+: \+\d+\.\d points expected \((± \d+\.\d|exact)\)"))
            target = page.locator(".target-card .card-name").inner_text()
            assert target == card_list().cards[store.state(game_id).target].name
            page.screenshot(scale="css", path=screenshots / "02-destroy-advisor.jpg")
            page.locator("#advice summary").click()
            page.screenshot(scale="css", path=screenshots / "02-destroy-advisor-full.jpg", full_page=True)
            advisor_seen = True
        enabled = page.locator("#hand button.playing-card:enabled")
        if pending in ("destroy", "disarm", "recon") or (pending == "regroup" and enabled.count()):
            if enabled.count():
                loads_again(page, lambda e=enabled: e.first.click())
            else:
                loads_again(page, lambda: page.locator("#now button.decline, #now button.pass").first.click())
        elif pending == "regroup":
            form = page.locator("form.discard-form")
            count = int(form.get_attribute("data-count"))
            boxes = form.locator("input[type=checkbox]")
            for i in range(count):
                boxes.nth(i).check()
            several += 1
            if several == 1:
                page.screenshot(scale="css", path=screenshots / "02b-discard-several.jpg")
            loads_again(page, lambda f=form: f.get_by_role("button").click())
        else:
            raise AssertionError(f"step {step}: nothing to do at {pending}")
    final = page.locator(".final-score")
    expect(final).to_be_visible()
    state = store.state(game_id).table()
    expect(final).to_have_text(f"Final score: {score(state)}")
    expect(page.locator("header .score")).to_have_text(str(score(state)))
    expect(page.locator(".compare")).to_contain_text(re.compile(r"The greedy policy averages \d+\.\d over [\d,]+ games; \d+ % of them scored less"))
    assert state.over and state.deck_size == 0
    page.screenshot(scale="css", path=screenshots / "04-final-score.jpg", full_page=True)
    assert advisor_seen and undo_refused and several >= 1
    assert errors == []


#: ten cards turned by hand, with what each needs of the player: a tap on a hand card, a random
#: discard entered, or nothing (the engine plays the phase on)
PHYSICAL = [
    ("M1 Abrams Tank", None),  # American: into the hand (asset-phase)
    ("Grunts", None),
    ("Pillbox", ("play", "M1 Abrams Tank")),  # destroyed: +10
    ("Car Bomb", None),  # no card can neutralize it: Casualty Pile, -3
    ("Humvee", None),
    ("Ambush", ("lost", "Humvee")),  # one random hand card lost: the player enters it
    ("Robot", None),
    ("Low Tech Bomb", ("play", "Robot")),  # a Disarm card neutralizes it: +1
    ("Predators", ("play", "Predators")),  # Recon: play it
    ("Jihadists", None),  # Grunts (Force 1) cannot destroy Force 4: Casualty Pile, -4
]


def _enter(tab, name: str) -> None:
    field = tab.locator("#entry-card")
    field.fill(name)
    loads_again(tab, lambda: field.press("Enter"))


@pytest.mark.phone
def test_a_physical_game_of_ten_turned_cards_kept(page, live_server, screenshots):
    errors = console_errors(page, "status of 422")
    live_server.app.config["CARDS_ADVISOR_ROLLOUTS"] = 200
    store = live_server.store()
    game_id = _setup(page, live_server.url, "physical", None, "Kitchen table")
    expect(page.locator("#now .prompt")).to_contain_text("Turn over the top card")
    page.screenshot(scale="css", path=screenshots / "01-enter-first-card.jpg")

    # a name not in the card list: refused with the nearest names, nothing changes
    page.locator("#entry-card").fill("Abrams Tnak")
    page.locator("#entry-card").press("Enter")
    error = page.locator("form.entry [data-error]")
    expect(error).to_contain_text("'Abrams Tnak'")
    expect(error).to_contain_text("did you mean 'M1 Abrams Tank'")
    expect(error).to_contain_text("card-list")
    page.screenshot(scale="css", path=screenshots / "02-unknown-name.jpg")
    assert store.state(game_id).version == 1

    for n, (name, then) in enumerate(PHYSICAL, start=1):
        _enter(page, name)
        if name == "Robot":
            # a second Robot: the card list has one
            page.locator("#entry-card").fill("Robot")
            page.locator("#entry-card").press("Enter")
            expect(page.locator("form.entry [data-error]")).to_contain_text("every copy is already seen")
        if then is None:
            continue
        kind, card = then
        if kind == "lost":
            expect(page.locator("#now .prompt")).to_contain_text("discard one random card")
            _enter(page, card)
        else:
            if name == "Pillbox":
                expect(page.locator("#advice .advice-sentence")).to_contain_text("points expected")
                disarm = page.locator("#hand button.playing-card", has_text="Grunts")
                expect(disarm).to_be_disabled()
                page.screenshot(scale="css", path=screenshots / "03-destroy-the-pillbox.jpg", full_page=True)
            button = page.locator("#hand button.playing-card:enabled", has_text=card)
            loads_again(page, lambda b=button: b.first.click())
        assert store.state(game_id).table().deck_size == 92 - n

    state = store.state(game_id)
    assert state.table().deck_size == 82 and state.turn == 10
    expect(page.locator("header .deck")).to_have_text("82")
    expect(page.locator("#score .score-total")).to_have_text("104")  # 100 - (3 + 4) + (5 + 5 + 1 + 0)
    expect(page.locator("#score")).to_contain_text("Other reading (only the Insurgency cards of the Elimination Pile count): 99")
    expect(page.locator("#hand .card-name")).to_have_text(["Grunts"])
    expect(page.locator(".pile-casualty summary")).to_contain_text("2 cards · Force 7")
    expect(page.locator(".pile-elimination summary")).to_contain_text("4 cards · Force 11")
    expect(page.locator(".pile-discard summary")).to_contain_text("3 cards · Force 1")
    expect(page.locator(".unseen summary")).to_contain_text("Cards still unseen: 82")
    page.locator(".unseen summary").click()
    expect(page.locator(".unseen-list")).to_contain_text("Pillbox ×1")
    expect(page.locator(".unseen-list")).not_to_contain_text("Robot")
    for pile in ("casualty", "elimination", "discard"):
        page.locator(f".pile-{pile} summary").click()
    expect(page.locator(".pile-elimination")).to_contain_text("Pillbox, M1 Abrams Tank, Low Tech Bomb, Robot")
    page.screenshot(scale="css", path=screenshots / "04-after-ten-cards.jpg", full_page=True)
    assert errors == []


@pytest.mark.phone
def test_the_statistics_page_on_a_phone(page, live_server, screenshots):
    errors = console_errors(page, "status of 422")
    page.goto(live_server.url + "/games/fallujah-cards/statistics")  # its time: make bench (bench_cards_web)
    for policy in ("greedy", "lookahead", "clairvoyant"):
        section = page.locator(f"#policy-{policy}")
        expect(section.locator("svg.histogram rect.bar").first).to_be_visible()
        expect(section.locator("small.games")).to_contain_text(re.compile(r"[\d,]+ games"))
        expect(section.locator("tr.beat td.literal")).to_contain_text("%")
        expect(section.locator("tr.mean td.literal")).to_contain_text(re.compile(r"\d+\.\d"))
    expect(page.locator("#policy-clairvoyant tr.limit td.literal")).to_contain_text(re.compile(r"\d+\.\d"))
    expect(page.locator("#limit")).to_contain_text(re.compile(r"the advisor's mean is \d+\.\d.*Gap: \d+\.\d points"))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"
    page.screenshot(scale="css", path=screenshots / "01-statistics.jpg", full_page=True)
    assert errors == []
