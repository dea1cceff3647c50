"""The tracker pages in a real browser (Debian's chromium) on a phone-sized viewport, against a
live server: setup through the form, a Phase advanced, a VP correction made and undone, the
VP chart, and a stale tab refused. Screenshots go to test-output/screenshots/<test>/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser import console_errors, loads_again


@pytest.mark.phone
def test_setup_phase_vp_correction_undo_and_chart_on_a_phone(page, live_server, screenshots):
    errors = console_errors(page)
    page.goto(live_server.url + "/")
    page.screenshot(scale="css", path=screenshots / "01-games.jpg", full_page=True)
    page.get_by_role("link", name="New game").click()
    page.wait_for_url(re.compile(r"/games/new$"))  # loaded: its form is sent by app.js

    page.get_by_label("Name").fill("Jolan <b>night</b>")
    page.get_by_label("Historical variant (15)").check()
    page.get_by_label("Strong Points").select_option("3")
    page.get_by_text("The start squads (optional)").click()
    for i, zone in enumerate([2, 3, 4, 6, 8, 10, 12, 17, 19]):
        page.locator(f'input[name="squads.{i}.counter"]').fill(str(i + 1))
        page.locator(f'input[name="squads.{i}.cf"]').fill("5")
        page.locator(f'input[name="squads.{i}.zone"]').fill(str(zone))
        if i < 4:
            page.locator(f'input[name="squads.{i}.caat"]').check()
    page.screenshot(scale="css", path=screenshots / "02-setup.jpg", full_page=True)
    page.get_by_role("button", name="Start the game").click()

    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]{16,}$"))
    game_id = page.url.rsplit("/", 1)[1]
    state = live_server.store().state(game_id)
    assert (state.name, state.variant, state.strong_points) == ("Jolan <b>night</b>", "historical", 3)
    assert sum(u.where == "map" for u in state.units) == 9
    header = page.locator("header.top")
    assert "Jolan <b>night</b>" in header.locator(".brand").inner_text()
    assert header.locator(".phase").inner_text() == "Support"
    assert page.locator(".zone-grid li").count() == 61
    page.screenshot(scale="css", path=screenshots / "03-game-fresh.jpg", full_page=False)

    loads_again(page, lambda: page.get_by_role("button", name="Next Phase →").click())
    expect(page.locator("header .phase")).to_have_text("Reinforcements")
    assert live_server.store().state(game_id).phase == "reinforcements"
    assert page.locator(".phases li.current").inner_text() == "Reinforcements"

    page.get_by_text("Record VP").click()
    page.get_by_label("VP (+ or −)").fill("3")
    page.get_by_label("Reason (required)").fill("counted a Guerillas unit twice")
    loads_again(page, lambda: page.get_by_role("button", name="Correct the VP").click())
    expect(page.locator("header .vp")).to_have_text("+3")
    effects = page.locator("#effects")
    expect(effects).to_be_visible()
    assert "VP +3: manual" in effects.inner_text()
    assert effects.get_by_role("link", name="7.2.1").get_attribute("href") == "/rule/en/7.2.1"
    ledger = live_server.store().state(game_id).vp_ledger
    assert [(e.reason, e.value, e.note) for e in ledger] == [("manual", 3, "counted a Guerillas unit twice")]
    page.locator("#vp").screenshot(scale="css", path=screenshots / "04-vp-corrected.jpg")

    loads_again(page, lambda: page.get_by_role("button", name="↶ Undo").click())
    expect(page.locator("header .vp")).to_have_text("0")
    assert live_server.store().state(game_id).vp_ledger == ()
    assert live_server.store().state(game_id).phase == "reinforcements"

    chart = page.locator("#vp svg.vp-chart")
    chart.scroll_into_view_if_needed()
    expect(chart).to_be_visible()
    assert chart.locator("circle.vp-dot").count() == 1
    assert chart.locator("rect.band").count() == 3
    page.locator("#vp").screenshot(scale="css", path=screenshots / "05-vp-after-undo.jpg")
    page.locator("#units li.unit").first.get_by_text("Actions").click()
    page.locator("#units li.unit").first.screenshot(scale="css", path=screenshots / "06-unit-actions.jpg")
    page.locator(".zone-grid a").nth(1).click()
    page.wait_for_url(re.compile(r"zone=2"))
    page.locator("#zones").screenshot(scale="css", path=screenshots / "07-zones-and-zone-2.jpg")

    page.emulate_media(color_scheme="dark")
    page.goto(f"{live_server.url}/games/{game_id}?lang=fr")
    expect(page.locator("header .phase")).to_have_text("Renfort")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(18, 20, 23)"
    page.screenshot(scale="css", path=screenshots / "09-dark-french.jpg")
    page.emulate_media(color_scheme="light")

    page.goto(f"{live_server.url}/games/{game_id}/log?lang=en")
    undone = page.locator(".log-event.undone")
    assert undone.count() == 1 and "VP" in undone.inner_text()
    page.screenshot(scale="css", path=screenshots / "08-log.jpg", full_page=True)
    assert errors == []


@pytest.mark.phone
def test_a_stale_tab_is_told_to_reload_and_overwrites_nothing(browser, live_server, screenshots):
    import json
    import urllib.request

    request = urllib.request.Request(live_server.url + "/api/games", method="POST",
                                     data=json.dumps({"strong_points": 2}).encode(),
                                     headers={"Content-Type": "application/json"})
    game_id = json.load(urllib.request.urlopen(request))["id"]
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    first, second = context.new_page(), context.new_page()
    for tab in (first, second):
        tab.goto(f"{live_server.url}/games/{game_id}")
    loads_again(first, lambda: first.get_by_role("button", name="Next Phase →").click())
    expect(first.locator("header .phase")).to_have_text("Reinforcements")

    second.get_by_role("button", name="Next Phase →").click()
    alert = second.locator("#page-error")
    alert.wait_for(state="visible")
    assert "moved on in another tab" in alert.inner_text()
    assert live_server.store().state(game_id).phase == "reinforcements"
    second.screenshot(scale="css", path=screenshots / "stale-tab.jpg")
    context.close()


@pytest.mark.phone
def test_an_action_the_rules_refuse_shows_the_api_message_next_to_it(page, live_server, screenshots):
    page.goto(live_server.url + "/games/new")
    page.get_by_text("Start Zones (optional)").click()
    page.locator("#start_zones").fill("2, 3, 4, 6, 8, 10, 12, 17, 19")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]{16,}$"))
    game_id = page.url.rsplit("/", 1)[1]
    assert sum(z.activation == "start" for z in live_server.store().state(game_id).zones) == 9
    page.goto(page.url + "?zone=30#zone-panel")
    assert page.locator("#zone-panel").get_by_role("button", name="Start Zone", exact=True).count() == 0

    iif = page.locator("#unit-iif-1")
    iif.get_by_text("Actions").click()
    iif.get_by_label("Zone").fill("2")
    iif.get_by_role("button", name="Enter").click()
    message = iif.locator("[data-error]")
    expect(message).to_be_visible()
    assert "reinforcements enter in the USMC Reinforcements Phase (10)" in message.inner_text()
    assert message.bounding_box()["y"] < 844 - 150  # not under the bars
    assert live_server.store().state(game_id).unit("iif-1").where == "reinforcements"
    page.screenshot(scale="css", path=screenshots / "refused.jpg")


@pytest.mark.phone
def test_an_exported_game_imported_through_the_setup_page_is_the_same_game(page, live_server, screenshots, tmp_path):
    import json
    import urllib.request

    def call(method: str, path: str, body: dict | None = None) -> dict:
        request = urllib.request.Request(live_server.url + path, method=method,
                                         data=json.dumps(body).encode() if body is not None else None,
                                         headers={"Content-Type": "application/json"})
        return json.load(urllib.request.urlopen(request))

    game = call("POST", "/api/games", {"strong_points": 1, "name": "to be exported"})
    game = call("POST", f"/api/games/{game['id']}/actions", {"type": "zone_ruins", "zone": 30,
                                                              "expected_version": game["version"]})
    exported = tmp_path / "game.json"
    exported.write_text(json.dumps(call("GET", f"/api/games/{game['id']}/export")))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")

    page.goto(live_server.url + "/games/new")
    form = page.locator("form[data-import]:has(#import-file)")  # not the import of a copy (web/copies.py)
    page.get_by_label("A game exported as JSON").set_input_files(str(broken))
    form.get_by_role("button", name="Import").click()
    message = form.locator("[data-error]")
    expect(message).to_be_visible()
    assert "broken.json" in message.inner_text()

    page.get_by_label("A game exported as JSON").set_input_files(str(exported))
    form.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]{16,}$"))
    new_id = page.url.rsplit("/", 1)[1]
    assert new_id != game["id"]
    state = live_server.store().state(new_id)
    assert state.name == "to be exported" and state.zone(30).ruins
    page.screenshot(scale="css", path=screenshots / "imported.jpg")


@pytest.mark.phone
def test_rules_at_hand_search_from_the_header_then_follow_references_and_languages(page, live_server, screenshots):
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="Search the rules").click()  # the header's search is behind its icon
    page.get_by_role("searchbox", name="Search the rules").fill("sniper attack")
    page.locator("#header-search").get_by_role("button", name="Search", exact=True).click()
    page.wait_for_url(re.compile(r"/search\?q=sniper"))
    results = page.locator("ul.results > li")
    assert results.count() >= 3
    page.screenshot(scale="css", path=screenshots / "01-search.jpg")

    page.locator('ul.results a[href="/rule/en/11.4.2"]').click()
    page.wait_for_url(re.compile(r"/rule/en/11\.4\.2$"))
    assert page.locator("h1").inner_text().startswith("11.4.2")
    page.screenshot(scale="css", path=screenshots / "02-rule.jpg", full_page=True)
    page.locator("article.rule").get_by_role("link", name="12.5.2").click()
    page.wait_for_url(re.compile(r"/rule/en/12\.5\.2$"))
    page.get_by_role("link", name="Same rule in French").click()
    page.wait_for_url(re.compile(r"/rule/fr/12\.5\.2$"))
    assert page.locator("article.rule").get_attribute("lang") == "fr"

    page.goto(live_server.url + "/rule/fr/4.1?lang=fr")
    page.wait_for_url(re.compile(r"/rule/en/4\.1\?"))
    assert "Absente de la source française" in page.locator("main").inner_text()
    page.screenshot(scale="css", path=screenshots / "03-not-in-french.jpg")
