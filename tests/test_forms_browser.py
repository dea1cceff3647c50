"""Issue 20, items 3 and 4, in a real browser (Debian's chromium) on a phone (390x844) and a desktop
(1366x900), for every game: forms generated from the situations' schemas (no JSON text box, a
list of objects as rows added and removed, every die field labelled and bounded by its game's
die) and chrome that names the game in play (the header search finds that game's rule by number;
no page of another game names Phantom Fury). Screenshots: test-output/screenshots/<test>/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from adjudicator import registry as situations
from tests.browser import audit, console_errors, fill_in, loads_again
from web import games as registry

#: the games the adjudicator has situations for (every calculator page)
CALCULATED = [g for g in sorted(registry.known_games()) if situations.situations(g)]


def _sample_game(live_server, game: str) -> str:
    """A stored game of ``game`` (its companion's sample, imported): its id."""
    companion = registry.companion(game)
    assert companion.sample is not None
    exported = {"format": "fallujah-game", "format_version": 2, "game": game, "events": companion.sample()}
    answer = live_server.app.test_client().post("/api/games/import", json=exported)
    assert answer.status_code == 201, answer.get_json()
    return str(answer.get_json()["id"])


#: Each die field's label and die, and every <textarea>, in the page.
DICE = """() => ({
  textareas: document.querySelectorAll("textarea").length,
  dice: [...document.querySelectorAll("#calc [data-die]")].map((el) => ({
    path: el.dataset.path, die: el.dataset.die, min: el.min, max: el.max,
    label: [...(el.labels || [])].map((l) => l.textContent).join(" ").trim()
      || (el.closest("td") && el.closest("table").querySelectorAll("thead th")[el.closest("td").cellIndex].textContent.trim()) || ""})),
  labels: [...document.querySelectorAll("#calc label, #calc legend, #calc th")].map((l) => l.textContent.trim()),
})"""


@pytest.mark.parametrize("device", ["phone", "desktop"])
@pytest.mark.parametrize("game", CALCULATED)
def test_every_calculator_is_a_form_without_json_and_names_its_games_die(tab, live_server, screenshots, device, game):
    declared = set(registry.declaration(game).dice)
    errors = console_errors(tab)
    seen_dice: set[str] = set()
    for name in situations.situations(game):
        tab.goto(f"{live_server.url}/calculator/{name}?game={game}")
        found = tab.evaluate(DICE)
        assert found["textareas"] == 0, (game, name)
        for field in found["dice"]:
            assert field["die"] in declared, (game, name, field)  # the game's own die
            assert field["die"].lower() in field["label"].lower(), (game, name, field)
            seen_dice.add(field["die"])
        if "d10" not in declared:  # no other game's die in the words
            assert not [t for t in found["labels"] if re.search(r"\bd10\b", t, re.IGNORECASE)], (game, name)
        # no code name shown to a player: every label is words, not snake_case
        assert not [t for t in found["labels"] if re.search(r"\b[a-z]+_[a-z_]+\b", t)], (game, name, found["labels"])
        if game != "phantom-fury":
            assert "Phantom Fury" not in tab.locator("body").inner_text(), (game, name)
    assert seen_dice or "deck" in declared, game
    tab.screenshot(scale="css", path=screenshots / f"{device}-{game}-last.jpg", full_page=True)
    assert errors == []


@pytest.mark.parametrize("device", ["phone", "desktop"])
@pytest.mark.parametrize(("game", "situation", "path", "die"), [
    ("battle-for-fallujah", "intelligence", "roll", "d6"),
    ("second-fallujah", "fedayeen-reaction", "roll", "d6"),
])
def test_a_d6_field_refuses_an_8_naming_the_die(tab, live_server, device, game, situation, path, die):
    errors = console_errors(tab)
    tab.goto(f"{live_server.url}/calculator/{situation}?game={game}")
    field = tab.locator(f'[data-path="{path}"]')
    assert field.get_attribute("max") == "6" and field.get_attribute("min") == "1"
    expect(tab.locator(f'label[for="{field.get_attribute("id")}"]')).to_contain_text(f"({die})")
    for other in tab.locator("#calc [data-required]").all():  # the form complete but the roll
        if other.get_attribute("type") == "number" and not other.input_value():
            other.fill("1")
    field.fill("8")
    error = tab.locator(f'[data-error-for="{path}"]')
    expect(error).to_be_visible()
    expect(error).to_contain_text("d6")
    expect(error).to_contain_text("1 to 6")
    assert field.get_attribute("aria-invalid") == "true"
    assert errors == [] or all("400" in e for e in errors), errors


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_second_fallujahs_attack_takes_defenders_and_supporting_units_as_rows(tab, live_server, screenshots, device):
    errors = console_errors(tab)
    tab.goto(f"{live_server.url}/calculator/coalition-attack?game=second-fallujah")
    assert tab.locator("textarea").count() == 0
    defenders = tab.locator('[data-rows="defenders"]')
    expect(defenders.locator("legend")).to_contain_text("Defending units")
    assert defenders.locator("tbody tr").count() == 1  # a list that needs one item opens with a row
    fill_in(tab, {"#f-lead-type": "infantry", "#f-lead-nationality": "usmc", "#f-lead-cf": "4", "#f-tem": "2",
                  "#f-defenders-0-type": "fedayeen", "#f-defenders-0-cf": "3"})
    expect(tab.locator("#calc-odds .calc-odd").first).to_be_visible()
    # a second defender, then a supporting unit: rows added, numbered, labelled
    defenders.get_by_role("button", name=re.compile("Add a row")).click()
    assert defenders.locator("tbody tr").count() == 2
    expect(tab.locator("#f-defenders-1-type")).to_be_focused()
    tab.locator("#f-defenders-1-type").select_option("militia")
    tab.locator("#f-defenders-1-cf").fill("2")
    tab.locator("#f-defenders-1-dug_in").check()  # a Militia is never Dug In: refused beside its row
    expect(tab.locator('[data-error-for="defenders.1.dug_in"]')).to_contain_text("Only a Fedayeen unit")
    tab.locator("#f-defenders-1-type").select_option("fedayeen")
    supporting = tab.locator('[data-rows="supporting"]')
    supporting.get_by_role("button", name=re.compile("Add a row")).click()
    tab.locator("#f-supporting-0-type").select_option("tank")
    tab.locator("#f-supporting-0-nationality").select_option("usmc")
    expect(tab.locator("#calc-modifiers")).to_contain_text("7.2.4")  # the tank's support modifier
    tab.screenshot(scale="css", path=screenshots / f"{device}-rows.jpg", full_page=True)
    audit(tab, "coalition attack with rows", first="#calc select, #calc input", tabs=4)
    # the first defender removed: the rows are numbered again, the form still answers
    defenders.locator("tbody tr").first.get_by_role("button", name="Remove").click()
    assert defenders.locator("tbody tr").count() == 1
    assert tab.locator("#f-defenders-0-type").input_value() == "fedayeen"
    assert tab.locator("#f-defenders-0-dug_in").is_checked()
    assert tab.locator("#f-defenders-1-type").count() == 0
    expect(tab.locator("#calc-odds .calc-odd").first).to_be_visible()
    # every defender removed: the adjudicator's refusal goes beside the list, in words
    defenders.get_by_role("button", name="Remove").click()
    expect(tab.locator('[data-error-for="defenders"]')).to_be_visible()
    assert [e for e in errors if "400" not in e] == []


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_header_search_from_a_battle_for_fallujah_page_finds_its_22_2(tab, live_server, screenshots, device):
    errors = console_errors(tab)
    tab.goto(f"{live_server.url}/calculator/?game=battle-for-fallujah")
    expect(tab.locator("header .brand")).to_have_text("Battle for Fallujah companion")
    assert "Battle for Fallujah" in tab.title()
    tab.locator(".search-toggle").click()
    tab.locator("#header-q").fill("22.2")
    loads_again(tab, lambda: tab.locator("#header-q").press("Enter"))
    first = tab.locator(".results li a").first
    expect(first).to_contain_text("22.2")
    assert first.get_attribute("href") == "/rule/en/22.2?game=battle-for-fallujah"
    assert tab.locator("#game").input_value() == "battle-for-fallujah"  # the search page's selector
    tab.screenshot(scale="css", path=screenshots / f"{device}-search.jpg", full_page=True)
    audit(tab, "search from a Battle for Fallujah page")
    assert "Phantom Fury" not in tab.locator(".results").inner_text()
    assert errors == []


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_no_page_names_phantom_fury_unless_it_is_in_play(tab, live_server, device):
    errors = console_errors(tab)
    for url in ("/", "/search", "/search?q=sniper"):
        tab.goto(live_server.url + url)
        assert "Phantom Fury" not in tab.title() + tab.locator("header").inner_text(), url
        expect(tab.locator("header .brand")).to_have_text("Fallujah companion")
    for game in ("battle-for-fallujah", "second-fallujah", "fallujah-cards"):
        game_id = _sample_game(live_server, game)
        for path in ("", "/calculator", "/log"):
            tab.goto(f"{live_server.url}/games/{game_id}{path}")
            assert "Phantom Fury" not in tab.title() + tab.locator("body").inner_text(), (game, path)
            # a move or calculator page: no text box at all; the log's note is prose, never JSON
            assert tab.locator("textarea[data-json]" if path == "/log" else "textarea").count() == 0, (game, path)
    tab.goto(f"{live_server.url}/games/{_sample_game(live_server, 'phantom-fury')}")
    assert tab.locator("textarea").count() == 0
    assert errors == []
