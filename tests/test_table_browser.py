"""At the table (issue 17, items 1, 3, 6, 10) in a real browser (Debian's chromium), on a phone
(390x844) and a desktop (1366x900): a rule opened over the game from a chip and closed back to
the same scroll position, the log grouped by turn and Phase read in French, the 13.6.4 banner,
a mistyped roll amended (and a bad amendment refused beside its field). Every page of the
session is checked for labelled controls, visible focus, no heading skip, text contrast of at
least 4.5:1 in the dark and the light theme, and no console error.
Screenshots: test-output/screenshots/<test>/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import audit as _audit
from tests.browser import console_errors as _errors
from tests.browser import loads_again
from tests.test_site import build_site

FIRE_INPUT = {"shooter": {"unit": "squad", "cf": 4, "location": "2"},
              "target": {"unit": "suspect", "location": "1", "zone": "normal", "zone_number": 7},
              "roll": 5, "activation": 6, "drawn_cf": 3}



def _game(live_server, ruleset: str = "en") -> str:
    client = live_server.app.test_client()
    start = [2, 3, 4, 6, 8, 10, 12, 17, 19]
    setup = {"game": "phantom-fury", "strong_points": 2, "name": "Jolan", "ruleset": ruleset,
             "start_zones": start,
             "squads": [{"counter": n, "cf": 4 + n % 3, "zone": z, "caat": n <= 4} for n, z in enumerate(start, 1)]}
    answer = client.post("/api/games", json=setup)
    assert answer.status_code == 201, answer.get_json()
    game = answer.get_json()
    version = game["version"]

    def act(body: dict[str, Any]) -> None:
        nonlocal version
        reply = client.post(f"/api/games/{game['id']}/actions", json={**body, "expected_version": version})
        assert reply.status_code == 200, reply.get_json()
        version = reply.get_json()["version"]

    act({"type": "next_phase"})
    act({"type": "next_phase"})  # Fire Combat
    act({"type": "adjudication", "situation": "fire", "input": FIRE_INPUT, "rolls_by": "player", "rules": ["11.2"]})
    act({"type": "unit_status", "unit": "squad-1", "status": "fired", "rules": ["11.3"]})
    act({"type": "vp", "reason": "guerillas_eliminated", "count": 1, "rules": ["7.2.1"]})
    reply = client.post(f"/api/games/{game['id']}/undo", json={"expected_version": version})
    assert reply.status_code == 200
    return str(game["id"])


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_rule_chip_opens_the_rule_over_the_game_and_closes_back_to_the_same_place(tab, live_server, screenshots,
                                                                                     device):
    errors = _errors(tab)
    game_id = _game(live_server, ruleset="fr")
    tab.goto(f"{live_server.url}/games/{game_id}")
    _audit(tab, "game page")
    chip = tab.locator("main a.rule-link").nth(4)
    chip.scroll_into_view_if_needed()
    tab.evaluate("window.scrollBy(0, 120)")
    chip.scroll_into_view_if_needed()
    before = tab.evaluate("window.scrollY")
    rule = chip.inner_text()
    chip.click()
    sheet = tab.locator("#rule-sheet")
    expect(sheet).to_be_visible()
    expect(sheet.locator("#rule-sheet-title")).to_contain_text(rule)
    expect(sheet.get_by_role("link", name="Open the full rule")).to_be_visible()
    assert "?from=" + game_id in sheet.get_by_role("link", name="Open the full rule").get_attribute("href")
    assert sheet.get_attribute("aria-modal") == "true"
    assert tab.evaluate("document.activeElement.className") == "sheet-close"
    assert ("popover" in (sheet.get_attribute("class") or "")) == (device == "desktop")
    tab.screenshot(scale="css", path=screenshots / f"01-{device}-rule-sheet.jpg")
    _audit(tab, "game page with the rule sheet")
    tab.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    assert tab.evaluate("window.scrollY") == before
    assert tab.evaluate("document.activeElement.textContent") == rule  # the focus is back on the chip

    chip.click()
    expect(sheet).to_be_visible()
    sheet.get_by_role("button", name="Close").click()
    expect(sheet).to_be_hidden()
    assert tab.evaluate("window.scrollY") == before

    if device == "desktop":  # resting the pointer on a chip previews the rule without taking the focus
        chip.hover()
        expect(sheet).to_be_visible()
        assert sheet.get_attribute("aria-modal") == "false"
        assert not tab.evaluate("document.getElementById('rule-sheet').contains(document.activeElement)")
        tab.mouse.move(5, 5)
        expect(sheet).to_be_hidden()
        assert tab.evaluate("window.scrollY") == before

    # over the calculator too: the form keeps what was typed
    tab.goto(f"{live_server.url}/games/{game_id}/calculator/fire")
    typed = tab.locator("main input[type=number]").first
    typed.fill("3")
    calc_chip = tab.locator("main a.rule-link").first
    calc_chip.click()
    expect(sheet).to_be_visible()
    expect(sheet.locator("#rule-sheet-title")).to_contain_text(calc_chip.inner_text())
    tab.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    assert typed.input_value() == "3" and "/calculator/fire" in tab.url
    tab.goto(f"{live_server.url}/games/{game_id}")
    chip = tab.locator("main a.rule-link").nth(4)

    # the full rule, opened from the sheet, keeps the game's header
    chip.click()
    sheet.get_by_role("link", name="Open the full rule").click()
    tab.wait_for_url(re.compile(r"/rule/(en|fr)/[\d.]+\?from="))
    assert tab.locator("header .brand").inner_text() == "Jolan"
    expect(tab.locator("nav.bottom").get_by_role("link", name="Log")).to_be_visible()
    _audit(tab, "rule page from the game")
    tab.screenshot(scale="css", path=screenshots / f"02-{device}-full-rule-with-game-header.jpg")
    assert errors == []


@pytest.mark.parametrize("device", ["desktop"])
def test_a_second_rule_asked_before_the_first_arrives_is_the_one_shown(tab, live_server):
    """Two chips tapped quickly: the first rule's answer, arriving last, does not replace the second's."""
    errors = _errors(tab)
    game_id = _game(live_server)
    tab.goto(f"{live_server.url}/games/{game_id}")
    chips = tab.locator("main a.rule-link")
    first, second = chips.nth(0), chips.nth(4)
    first_rule, second_rule = first.inner_text(), second.inner_text()
    assert first_rule != second_rule
    held: list[Any] = []
    first_sheet = re.compile(r"/rule/(en|fr)/" + re.escape(first_rule) + r"/sheet")
    tab.route(first_sheet, lambda route: held.append(route))  # the first answer held back
    sheet = tab.locator("#rule-sheet")
    with tab.expect_request(first_sheet):
        first.click()
    second.click()
    expect(sheet.locator("#rule-sheet-title")).to_contain_text(second_rule)
    assert len(held) == 1  # its route event came before the second answer (one ordered connection)
    with tab.expect_response(re.compile(r"/sheet")):
        held[0].continue_()
    tab.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    expect(sheet.locator("#rule-sheet-title")).to_have_text(re.compile(r"^\s*" + re.escape(second_rule) + r"(\s|$)"))
    assert errors == []


@pytest.mark.parametrize("device", ["phone"])
def test_a_tap_before_the_page_s_script_has_run_is_not_lost_as_a_plain_get(tab, live_server):
    """A slow first load: the scripted buttons take no tap until app.js has attached its handlers
    (before, a form's button sent the form as a GET of the page, its fields in the address, and
    nothing was saved); once it has, the same tap posts the form."""
    errors = _errors(tab)
    held: list[Any] = []
    script = re.compile(r"/static/app\.js")
    tab.route(script, lambda route: held.append(route))
    posts: list[str] = []
    tab.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    with tab.expect_request(script):
        tab.goto(f"{live_server.url}/games/new", wait_until="commit")
    button = tab.locator("form.setup[data-api] button[type=submit]")
    button.wait_for(state="visible")
    button.evaluate("b => b.scrollIntoView({block: 'center'})")
    box = button.bounding_box()
    assert box is not None and len(held) == 1
    assert tab.evaluate("([x, y]) => document.elementFromPoint(x, y) !== null",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    address = tab.url
    tab.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tab.evaluate("() => new Promise((done) => setTimeout(done, 0))")  # a plain GET would have started
    assert tab.url == address and "?" not in tab.url and posts == []
    assert tab.evaluate("document.documentElement.classList.contains('scripted')") is False
    held[0].continue_()
    tab.unroute(script)
    expect(tab.locator("html")).to_have_class(re.compile(r"\bscripted\b"))
    with tab.expect_request(lambda r: r.method == "POST" and r.url.endswith("/api/games")):
        button.tap()
    assert errors == []


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_log_reads_in_french_grouped_by_turn_and_phase(tab, live_server, screenshots, device):
    errors = _errors(tab)
    game_id = _game(live_server)
    tab.goto(f"{live_server.url}/games/{game_id}/log?lang=fr")
    headings = tab.locator("main h2").all_inner_texts()
    assert headings == ["Tour 1 › Tir", "Tour 1 › Renfort", "Tour 1 › Soutien", "Mise en place"]
    fire = tab.locator("section.log-group").first
    lines = fire.locator(".log-text").all_inner_texts()
    assert lines[0] == "Annulé : PV +1 (Unité 'Guerillas' éliminée)"
    assert lines[1] == "PV +1 (Unité 'Guerillas' éliminée)"
    assert lines[2] == "Squad 1 : Fired"
    assert lines[3] == ("Un squad (FC 4) a tiré sur un marqueur ‘Suspect’ en Zone 7, Location 1 : "
                        "d10 5 + 1 = 6, sans effet")
    assert "squad-1" not in tab.locator("main").inner_text()
    # the data each event recorded (ids, JSON) is the game's export, not the page's
    assert tab.locator("details.log-details").count() == 0
    assert tab.get_by_role("link", name="Exporter (JSON)").get_attribute("href") == f"/api/games/{game_id}/export"
    assert "1 événements" not in tab.locator("main").inner_text()
    tab.screenshot(scale="css", path=screenshots / f"01-{device}-log-fr.jpg", full_page=True)
    _audit(tab, "log in French")
    # a rule cited in the log opens over it, in French
    cited = fire.locator("li.log-event").nth(3).locator("a.rule-link").first
    cited.click()
    sheet = tab.locator("#rule-sheet")
    expect(sheet.locator("#rule-sheet-title")).to_contain_text("11.2")
    expect(sheet.get_by_role("button", name="Fermer")).to_be_focused()
    assert sheet.locator(".sheet-body").get_attribute("lang") == "fr"
    tab.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    expect(cited).to_be_focused()
    assert errors == []


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_13_6_4_banner_names_the_differences_and_the_game_s_rulebook(tab, live_server, screenshots, device):
    errors = _errors(tab)
    game_id = _game(live_server, ruleset="fr")
    tab.goto(f"{live_server.url}/rule/en/13.6.4?from={game_id}")
    banner = tab.locator("aside.difference-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("The English and French rulebooks give 3 different results here")
    expect(banner).to_contain_text("This game follows the French rulebook.")
    expect(banner).to_contain_text("stays with CF 1 in English, is eliminated in French")
    assert banner.get_by_role("link", name="Compare both texts").get_attribute("href") == \
        f"/rule/fr/13.6.4?from={game_id}"  # the site is not built here: the French text of the rule
    assert tab.locator("article.rule mark.difference-mark").count() == 3
    tab.screenshot(scale="css", path=screenshots / f"01-{device}-banner-13.6.4.jpg", full_page=True)
    _audit(tab, "13.6.4")
    tab.goto(f"{live_server.url}/rule/en/11.2")
    assert tab.locator("aside.difference-banner").count() == 0
    # in French, without a game: which rulebook a game follows is chosen at setup
    tab.goto(f"{live_server.url}/rule/fr/13.6.4?lang=fr")
    expect(tab.locator("aside.difference-banner")).to_contain_text("Une partie choisit à sa mise en place")
    _audit(tab, "13.6.4 in French")
    assert errors == []


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_mistyped_roll_is_amended_and_the_original_stays_struck_through(tab, live_server, screenshots, device):
    errors = _errors(tab)
    game_id = _game(live_server)
    store = live_server.store()
    recorded = next(e for e in store.log(game_id)["events"] if e["type"] == "adjudication")
    tab.goto(f"{live_server.url}/games/{game_id}/log")
    item = tab.locator(f"#event-{recorded['version']}")
    item.locator("details.log-amend summary").click()
    roll = item.get_by_label("d10", exact=True)
    expect(roll).to_have_value("5")
    _audit(tab, "log with the amend form open")

    assert errors == []  # the normal session so far; the refusals below log their 400 and 409 on purpose
    # bad input first: a face a d10 cannot show is refused beside the field, nothing changes
    version = store.state(game_id).version
    roll.fill("12")
    item.get_by_role("button", name="Save the amendment").click()
    expect(roll).to_have_attribute("aria-invalid", "true")
    beside = tab.locator("#" + roll.get_attribute("aria-describedby"))
    expect(beside).to_have_text("a d10 shows 0 to 9 (0 is 0, not 10)")
    assert store.state(game_id).version == version
    tab.screenshot(scale="css", path=screenshots / f"01-{device}-amend-refused.jpg")

    roll.fill("2")
    # the log loaded again, whole (its style and app.js, used below, with it)
    loads_again(tab, lambda: item.get_by_role("button", name="Save the amendment").click())
    expect(tab.locator(f"#event-{recorded['version']}.amended")).to_be_visible()
    assert store.state(game_id).version == version + 1
    amended = tab.locator(f"#event-{recorded['version']}")
    expect(amended.locator(".log-text")).to_have_css("text-decoration-line", "line-through")
    expect(amended.locator(".log-text")).to_contain_text("d10 5 + 1 = 6, no effect")
    expect(amended.get_by_role("link", name=f"amended by #{version + 1}")).to_be_visible()
    newest = tab.locator(f"#event-{version + 1} .log-text")
    expect(newest).to_have_text(f"Roll #{recorded['version']} amended: A squad (CF 4) fired at a 'Suspect' marker "
                                "in Zone 7, Location 1: d10 2 + 1 = 3, hit; 'Suspect' activated: Guerillas, CF 3")
    event = store.log(game_id, after=version, limit=1)["events"][0]
    assert event["payload"]["input"]["roll"] == 2 and event["payload"]["result"]["result"]["outcome"] == "success"
    tab.screenshot(scale="css", path=screenshots / f"02-{device}-amended.jpg", full_page=True)

    # Record sent again from a page left behind: 'already recorded', not 'another tab'
    message = tab.evaluate("""async ([id, v, amends, input]) => { document.body.dataset.version = String(v);
        try { await fallujah.api("POST", "/api/games/" + id + "/actions", {type: "amend", amends, input}); return "sent"; }
        catch (err) { return err.message; } }""", [game_id, version, recorded["version"], event["payload"]["input"]])
    assert message == f"Already recorded (event {version + 1})."
    assert [re.sub(r".*status of (\d+).*", r"\1", e) for e in errors] == ["400", "409"], errors


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_static_site_links_back_to_the_game_and_shows_the_13_6_4_banner(tab, live_server, screenshots,
                                                                            tmp_path_factory, device):
    """The site built as ``make site`` does, served by the companion under /rules/: after a game's
    page, a chapter page links back to the game, and its 13.6.4 banner says which rulebook the game
    follows; the comparison page marks the differing sentences."""
    html, _seconds = build_site(tmp_path_factory)
    shutil.copytree(html, Path(live_server.app.config["SITE_DIR"]), dirs_exist_ok=True)
    errors = _errors(tab)
    game_id = _game(live_server, ruleset="fr")
    tab.goto(f"{live_server.url}/games/{game_id}")
    tab.goto(f"{live_server.url}/rules/phantom-fury/en/13b-flooding-ied-retreat.html#13.6.4")
    back = tab.locator("a.companion-back")
    expect(back).to_be_visible()
    assert back.get_attribute("href") == f"/games/{game_id}"
    expect(back).to_have_text("← Back to your game: Jolan")
    banner = tab.locator('[id="13.6.4"] aside.difference-banner')
    expect(banner).to_contain_text("The English and French rulebooks give 3 different results here")
    expect(banner.locator("[data-follows]")).to_have_text("Your game follows the French rulebook.")
    banner.scroll_into_view_if_needed()
    tab.screenshot(scale="css", path=screenshots / f"01-{device}-site-banner-and-back-link.jpg")
    banner.get_by_role("link", name="Compare both texts").click()
    tab.wait_for_url(re.compile(r"/compare/13b-flooding-ied-retreat\.html#13\.6\.4$"))
    assert tab.locator('[id="13.6.4"] mark.difference-mark').count() >= 1
    tab.locator('[id="13.6.4"]').scroll_into_view_if_needed()
    tab.screenshot(scale="css", path=screenshots / f"02-{device}-site-compare-marked.jpg")
    tab.locator("a.companion-back").click()
    tab.wait_for_url(re.compile(rf"/games/{game_id}$"))
    # opened without a game (a fresh tab), the site adds no link
    fresh = tab.context.new_page()
    fresh.goto(f"{live_server.url}/rules/phantom-fury/en/13b-flooding-ied-retreat.html")
    assert fresh.locator("a.companion-back").count() == 0
    assert errors == []
