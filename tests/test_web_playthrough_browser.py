"""Turn 1 played in a real browser (Debian's chromium) on a phone-sized viewport, against a live
server: setup through the setup page, the game opened, a fire from a squad at a 'Suspect' marker
with the calculator prefilled from the state, the physical roll entered and recorded, its result
applied, the last applied consequence undone (and applied again), a second squad eliminating the
'Guerillas' revealed (+1 VP), and the VP chart. Screenshots at each step go to
test-output/screenshots/<test>/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser import console_errors, loads_again

START_ZONES = [2, 3, 4, 6, 8, 10, 12, 17, 19]



def _fire_at_zone(page, unit: str, zone: int) -> None:
    """From the game page: the unit's own Fire Combat link opens the calculator, then the target
    Zone chosen in the form's own field fills the form from that Zone."""
    page.locator(f"#unit-{unit}").get_by_role("link", name="Fire Combat").click()
    page.wait_for_url(re.compile(rf"/calculator/fire\?unit={unit}"))
    page.locator("#f-target-zone_number").select_option(str(zone))
    page.wait_for_url(re.compile(rf"zone={zone}"))

def _setup(tab, url: str, shots) -> str:
    tab.goto(url + "/games/new")
    tab.get_by_label("Name").fill("Turn 1 play-through")
    tab.get_by_text("The start squads (optional)").click()
    for i, zone in enumerate(START_ZONES):
        tab.locator(f'input[name="squads.{i}.counter"]').fill(str(i + 1))
        tab.locator(f'input[name="squads.{i}.cf"]').fill(str(4 + i % 3))
        tab.locator(f'input[name="squads.{i}.zone"]').fill(str(zone))
        if i < 4:
            # force: on a 390 px screen the Zone input of the row overlaps the CAAT box (setup page layout)
            tab.locator(f'input[name="squads.{i}.caat"]').check(force=True)
    tab.screenshot(scale="css", path=shots / "01-setup.jpg", full_page=True)
    tab.get_by_role("button", name="Start the game").click()
    tab.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]{16,}$"))
    return tab.url.rsplit("/", 1)[1]


@pytest.mark.phone
def test_turn_1_fire_at_a_suspect_prefilled_recorded_applied_undone_on_a_phone(page, live_server, screenshots):
    errors = console_errors(page)
    store = live_server.store()
    game_id = _setup(page, live_server.url, screenshots)
    game_url = f"{live_server.url}/games/{game_id}"
    page.screenshot(scale="css", path=screenshots / "02-game.jpg")

    # two 'Suspect' markers in start Zone 3 (6.2), through the Zone panel
    page.goto(game_url + "?zone=3#zone-panel")
    page.locator("#z-suspects").fill("2")
    loads_again(page, lambda: page.locator("#zone-panel").get_by_role("button", name=re.compile("Save|Record|Update")).click())
    expect(page.locator("#zone-panel .counts, .zone-grid a.selected .counts").first).to_contain_text("S2")
    assert store.state(game_id).zone(3).suspects == 2

    # squads fire only from Zones under USMC Control (11.1); at the start the insurgents Control
    # every Zone (4.1.4): Zones 2 and 3 are taken here, through the API
    for zone in (2, 3):
        store.act(game_id, store.state(game_id).version, {"type": "zone_control", "zone": zone, "side": "usmc"})
    page.reload()

    # to the Fire Combat Phase (8, 11)
    for phase in ("Reinforcements", "Fire Combat"):
        loads_again(page, lambda: page.get_by_role("button", name="Next Phase →").click())
        expect(page.locator("header .phase")).to_have_text(phase)
    assert store.state(game_id).phase == "fire"

    # squad 1 (CF 4, a CAAT) fires: the calculator opens from the unit's own link
    _fire_at_zone(page, "squad-1", 3)
    page.locator("#f-target-location").select_option("C")

    squad = store.state(game_id).unit("squad-1")
    assert page.locator("#f-shooter-cf").input_value() == str(squad.cf) == "4"
    assert not page.locator("#f-shooter-caat_ammo").is_checked()  # the player's choice (11.1.2.1)
    page.locator("#f-shooter-caat_ammo").check()  # the CAAT's 'Ammo' used
    assert page.locator("#f-target-zone").input_value() == "normal"  # start Zone: Normal (4.1.3, 6.2)
    assert page.locator("#f-target-unit").input_value() == "suspect"
    assert page.locator("#f-target-zone_number").input_value() == "3"
    page.locator("#f-shooter-location").select_option("R")

    expect(page.locator("#calc-odds .calc-odds-list").first.locator(".calc-odd")).to_have_count(2)  # the roll: hit or miss (then what a hit reveals)
    success = page.locator('#calc-odds [data-outcome="success"] .calc-odd-value').inner_text()
    assert success.endswith("%") and page.locator("#calc-modifiers tr").count() >= 1
    assert page.locator("#calc-modifiers a.rule-link").first.get_attribute("href").startswith("/rule/")
    page.screenshot(scale="css", path=screenshots / "03-calculator-prefilled.jpg", full_page=True)

    # the physical roll: d10 = 1 hits (11.2.2), the Activation d10 = 7 draws 'Guerillas' (5.3.3)
    page.locator("#f-roll").fill("1")
    page.locator("#f-activation").fill("7")
    expect(page.locator("#calc-result .calc-outcome")).to_have_text("Success")
    # the hit alone (the roll's answer, before the Activation's) reads Success too, waiting for it
    expect(page.locator("#calc-result .badge.warn")).to_have_count(0)
    assert page.locator("#calc-result .calc-steps li").count() >= 3
    page.screenshot(scale="css", path=screenshots / "04-roll-entered.jpg", full_page=True)

    version = store.state(game_id).version
    page.get_by_role("button", name="Record in the game log").click()
    page.wait_for_url(re.compile(r"recorded=\d+"))
    recorded = store.log(game_id, after=version)["events"][0]
    assert recorded["type"] == "adjudication" and recorded["payload"]["rolls_by"] == "player"
    assert recorded["payload"]["result"]["result"]["activation"] == "guerillas"
    consequences = page.locator("#consequences .calc-consequence")
    texts = consequences.all_inner_texts()
    assert any("Squad 1: Fired" in t for t in texts) and any("Zone 3: 1 'Suspect'" in t for t in texts)
    page.screenshot(scale="css", path=screenshots / "05-recorded.jpg", full_page=True)
    page.locator("#consequences").screenshot(scale="css", path=screenshots / "05-recorded-consequences.jpg")

    # applied in one tap: Fired (11.3), one CAAT 'Ammo' (11.1.2.1), the Suspect replaced (5.3.3)
    # the page is loaded again once all are applied: its badges, not the old page's (one prepended
    # per change applied, before it loads the page again)
    loads_again(page, lambda: page.get_by_role("button", name="Apply 3 changes").click())
    expect(page.locator("#calc-applied")).to_contain_text("Applied: 3 changes.")
    expect(page.locator("#consequences .badge.good")).to_have_count(3)
    state = store.state(game_id)
    assert state.unit("squad-1").status == "fired"
    assert state.unit("squad-1").caat.ammo == 3
    assert (state.zone(3).suspects, state.zone(3).insurgents) == (1, 1)
    assert page.locator("#consequences .badge.good").count() == 3
    log = store.log(game_id, after=version)["events"]
    assert [e["payload"]["rules"] for e in log[1:]] == [["11.3"], ["11.1.2.1"], ["11.2.2"]]
    page.screenshot(scale="css", path=screenshots / "06-applied.jpg", full_page=True)
    page.locator("#consequences").screenshot(scale="css", path=screenshots / "06-applied-consequences.jpg")

    # Undo takes the three back; the Zone's counts left unticked, the two others applied again
    loads_again(page, lambda: page.locator("#calc-applied").get_by_role("button", name="Undo").click())
    expect(page.locator("#consequences .badge.good")).to_have_count(0)
    state = store.state(game_id)
    assert (state.zone(3).suspects, state.zone(3).insurgents) == (2, 0) and state.unit("squad-1").status != "fired"
    page.locator(".calc-change").nth(2).uncheck()
    loads_again(page, lambda: page.get_by_role("button", name="Apply 2 changes").click())
    expect(page.locator("#calc-applied")).to_contain_text("Applied: 2 changes.")
    state = store.state(game_id)
    assert (state.zone(3).suspects, state.zone(3).insurgents) == (2, 0)
    assert state.unit("squad-1").status == "fired"
    page.screenshot(scale="css", path=screenshots / "07-two-applied.jpg", full_page=True)
    page.locator("#consequences").screenshot(scale="css", path=screenshots / "07-two-applied-consequences.jpg")

    # the one left (still unticked), ticked and applied: the 'Guerillas' unit is on the map
    assert page.locator(".calc-change").count() == 1 and not page.locator(".calc-change").is_checked()
    page.locator(".calc-change").check()
    page.get_by_role("button", name="Apply 1 change").click()
    page.wait_for_url(re.compile(r"applied=3"))
    expect(page.locator("#calc-applied")).to_be_visible()
    expect(page.locator("#consequences .badge.good")).to_have_count(3)
    assert store.state(game_id).zone(3).insurgents == 1

    # squad 2 fires at the 'Guerillas' (CF 2) and eliminates them: +1 VP (7.2.1)
    page.get_by_role("link", name="Back to the game").first.click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]+$"))
    _fire_at_zone(page, "squad-2", 3)
    page.locator("#f-target-unit").select_option("guerillas")
    page.locator("#f-target-location").select_option("C")
    page.locator("#f-shooter-location").select_option("R")
    page.locator("#f-target-cf").fill("2")
    page.locator("#f-roll").fill("0")
    expect(page.locator("#calc-result .calc-outcome")).to_have_text("Success")
    page.get_by_role("button", name="Record in the game log").click()
    page.wait_for_url(re.compile(r"recorded=\d+"))
    expect(page.locator("#consequences")).to_contain_text("+1 VP: 'Guerillas' unit eliminated")
    loads_again(page, lambda: page.locator("#calc-apply-all").click())
    expect(page.locator("#calc-applied")).to_contain_text("Applied: 3 changes.")  # its CAAT's 'Ammo' not used (11.1.2.1)
    state = store.state(game_id)
    assert state.vp == 1 and state.zone(3).insurgents == 0
    assert [(e.reason, e.value, e.rule) for e in state.vp_ledger] == [("guerillas_eliminated", 1, "7.2.1")]
    expect(page.locator("header .vp")).to_have_text("+1")

    # the VP chart on the game page
    page.get_by_role("link", name="Back to the game").first.click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]+$"))
    expect(page.locator("#vp .vp-total")).to_have_text("+1")
    chart = page.locator("#vp svg.vp-chart")
    chart.scroll_into_view_if_needed()
    expect(chart).to_be_visible()
    page.screenshot(scale="css", path=screenshots / "08-vp-chart.jpg", full_page=False)
    assert errors == []


@pytest.mark.phone
def test_roll_for_me_is_recorded_as_rolled_by_the_app_in_french(page, live_server, screenshots):
    errors = console_errors(page)
    store = live_server.store()
    game_id = _setup(page, live_server.url, screenshots)
    page.goto(f"{live_server.url}/games/{game_id}/calculator/ied?unit=squad-2&lang=fr")
    squad = store.state(game_id).unit("squad-2")
    assert page.locator("#f-cf").input_value() == str(squad.current_cf)
    expect(page.locator("#calc-odds .calc-odds-list").first.locator(".calc-odd")).to_have_count(2)  # the roll: hit or miss (then what a hit reveals)
    assert page.locator("#odds-title").inner_text() == "Chances"

    page.get_by_role("button", name="Lancer pour moi (l’app lance, enregistré comme tel)").click()
    expect(page.locator("#calc-app-roll")).to_be_visible()
    rolled = store.state(game_id).app_rolls
    assert len(rolled) == 1 and rolled[0].purpose == "ied"
    assert page.locator("#f-roll").input_value() == str(rolled[0].faces[0])
    assert page.locator("#f-roll").get_attribute("readonly") is not None
    expect(page.locator("#calc-result .calc-outcome")).to_have_text(re.compile("Pinned|Pas de Perte"))
    page.screenshot(scale="css", path=screenshots / "01-rolled-for-me.jpg", full_page=True)

    page.get_by_role("button", name="Enregistrer dans le journal").click()
    page.wait_for_url(re.compile(r"recorded=\d+"))
    event = store.log(game_id, after=rolled[0].version)["events"][0]
    assert event["payload"]["rolls_by"] == "app" and event["payload"]["app_roll"] == rolled[0].version
    assert store.state(game_id).app_rolls == ()  # the app's roll is used once
    expect(page.locator("#consequences")).to_contain_text("Ce que cela change")
    assert page.locator(".calc-change").count() >= 1
    expect(page.locator("#calc-apply-all")).to_contain_text("Appliquer")
    page.locator("#consequences").screenshot(scale="css", path=screenshots / "02-recorded-fr.jpg")
    assert errors == []


@pytest.mark.phone
def test_free_calculator_shows_the_other_rulesets_reading_and_switches_to_it(page, live_server, screenshots):
    errors = console_errors(page)
    page.goto(live_server.url + "/calculator/fire")
    expect(page.locator("#calc-odds")).to_contain_text("Fill in the fields marked *")
    page.locator("#f-shooter-cf").fill("5")
    page.locator("#f-shooter-location").select_option("OG")
    page.locator("#f-shooter-caat_ammo").check()
    page.locator("#f-target-unit").select_option("suspect")
    page.locator("#f-target-location").select_option("C")
    page.locator("#f-target-zone").select_option("normal")
    success = page.locator('#calc-odds [data-outcome="success"] .calc-odd-value')
    expect(success).to_have_text("70 %")
    expect(page.locator("#calc-notes")).to_contain_text("The French rules would differ (caat-location)")
    assert page.locator("#calc-modifiers a.rule-link").count() >= 2
    page.screenshot(scale="css", path=screenshots / "01-english-rules.jpg", full_page=True)
    page.get_by_label("French rulebook").check()
    expect(success).to_have_text("50 %")
    expect(page.locator("#calc-notes")).to_contain_text("The English rules would differ")
    assert page.locator("#calc-record").count() == 0  # nothing to record without a game
    page.locator("#calc-odds").screenshot(scale="css", path=screenshots / "02-french-rules.jpg")
    assert errors == []


@pytest.mark.phone
def test_a_stale_calculator_tab_is_told_to_reload_and_overwrites_nothing(page, live_server, screenshots):
    store = live_server.store()
    game_id = _setup(page, live_server.url, screenshots)
    page.goto(f"{live_server.url}/games/{game_id}/calculator/ied?unit=squad-1")
    page.locator("#f-roll").fill("2")
    expect(page.locator("#calc-result .calc-outcome")).to_have_text("Pinned")
    version = store.state(game_id).version
    store.act(game_id, version, {"type": "note", "text": "played on another device"})  # another tab moves on
    page.get_by_role("button", name="Record in the game log").click()
    expect(page.locator("#calc-error")).to_contain_text("This game moved on in another tab — reload.")
    assert page.locator("#calc-error a").get_attribute("href").endswith("/calculator/ied?unit=squad-1")
    assert [e["type"] for e in store.log(game_id, after=version)["events"]] == ["note"]
    page.locator("#calc-error").screenshot(scale="css", path=screenshots / "01-stale.jpg")
