"""Second Fallujah played in a real browser (Debian's chromium) on a phone (390x844), against a
live server: the setup page with the counters' values pasted as a map & counters file; the
player keys the areas involved (TEM and adjacency, 2.1, 2.2) from the area panel and from the
bot's own questions; a Coalition impulse: two Marine companies enter mosque area 19 from the NE
Entry Zone (4.1.2, 6.1), the bot's Reaction (4.1.3, 17) with its dice entered, confirmed and
applied; the attack opens in the calculator prefilled from the area, the dice are entered and
recorded (7.2), the Political Backlash consequence applied (7.5); the bot allocates its Casualty
Points (15) after a tie-break die (12.2) with its trace, the retreat's destination (16) once the
TEMs it compares are keyed, the allocation is applied and undone, then redone; the Insurgent bot
impulse (14): the die entered from the table, the bot chooses its attack target and origin with
its trace (14.1, 14.1.2), confirmed and declared in one tap (issue 24, item 5).
Screenshots go to test-output/screenshots/<test>/."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser import console_errors, loads_again

A18 = "a_company_1st_battalion_8th_marine_regiment"
B18 = "b_company_1st_battalion_8th_marine_regiment"
COUNTERS = {"format": "second-fallujah-map", "counters": {
    A18: {"cf": 4, "cf_spent": 2, "mf": 5}, B18: {"cf": 4, "cf_spent": 2, "mf": 5},
    "fedayeen": {"cf": 3, "cf_spent": 1}, "cadre": {"cf": 2, "cf_spent": 1}, "militia": {"cf": 1, "cf_spent": 0}}}



def _key_area(page, game_url: str, area: int, tem: int, adjacent: str, place: str | None = None) -> None:
    page.goto(f"{game_url}?area={area}#area-panel")
    panel = page.locator("#area-panel")
    panel.locator("#area-tem").fill(str(tem))
    panel.locator("#area-adjacent").fill(adjacent)
    loads_again(page, lambda: panel.locator("form.key-area").get_by_role("button", name="Key").click())
    expect(page.locator("#area-panel dl.facts")).to_contain_text(adjacent)
    if place:
        page.locator("#area-panel select[name=unit_type]").select_option(place)
        loads_again(page, lambda: page.locator("#area-panel").get_by_role("button", name="Place", exact=True).click())
        expect(page.locator("#area-panel")).to_contain_text(place.title() + " 1")



def _enter_bot_dice(page, faces: dict[str, int]) -> list[str]:
    """Enter the dice the bot asks for, from the table, in its one form (12.2), until it asks no
    more: the fields entered, in order."""
    entered: list[str] = []
    while page.locator("#bot-dice").count():
        form = page.locator("#bot-dice form.dice-form")
        if not page.locator("#bot-dice details.own-dice").evaluate("(d) => d.open"):
            page.locator("#bot-dice details.own-dice summary").click()
        fields = json.loads(form.get_attribute("data-fields") or "{}")["fields"]
        for index, field in enumerate(fields):
            form.locator(f"#bot-die-{index}").fill(str(faces[field]))
        entered += fields
        loads_again(page, lambda f=form: f.get_by_role("button", name="Enter the dice").click())
    return entered


@pytest.mark.phone
def test_a_coalition_impulse_and_a_bot_impulse_on_a_phone(page, live_server, screenshots):
    errors = console_errors(page, "status of 400")
    store = live_server.store()

    # setup (11.1): the counters' values pasted once as a map & counters file
    page.goto(live_server.url + "/games/new?game=second-fallujah")
    page.get_by_label("Name").fill("Nov 8, the NE Entry Zone")
    page.locator("#setup-map").fill(json.dumps(COUNTERS))
    page.screenshot(scale="css", path=screenshots / "01-setup.jpg", full_page=True)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]{16,}$"))
    game_id = page.url.rsplit("/", 1)[1]
    game_url = f"{live_server.url}/games/{game_id}"
    expect(page.locator("header .turn")).to_have_text("Nov 8")
    expect(page.locator("#impulse")).to_contain_text("Impulse 0: Coalition")
    page.screenshot(scale="css", path=screenshots / "02-game.jpg")

    # the player keys the areas involved: 19 (a Cadre, a Fedayeen placed) and 18 (a Militia)
    _key_area(page, game_url, 19, 3, "18, 20, 24", place="fedayeen")
    _key_area(page, game_url, 18, 2, "19, 24, 25", place="militia")
    state = store.state(game_id)
    assert state.facts(19).tem == 3 and state.facts(19).adjacent == (18, 20, 24)
    page.locator("#area-panel").screenshot(scale="css", path=screenshots / "03-area-18-keyed.jpg")

    # the Coalition impulse: two companies from the NE Entry Zone into area 19, 4 MP (6.1)
    page.goto(game_url + "#offmap")
    for unit in (A18, B18):
        row = page.locator(f"#unit-{unit}")
        row.locator("input[name=to]").fill("19")
        row.locator("input[name=cost]").fill("4")
        loads_again(page, lambda r=row: r.get_by_role("button", name="Move").click())
        expect(page.locator(f"#unit-{unit}")).to_have_count(0)
    assert store.state(game_id).unit(A18).mp_left == 1  # MF 5 keyed

    # the first company entering Insurgent area 19 triggers the bot's Reaction (4.1.3, 17): its
    # dice entered from the table, one by one as the bot asks (1D6 a Fedayeen, 2D6 a Cadre)
    page.goto(game_url + "#bot")
    expect(page.locator("#bot")).to_contain_text("The bot reacts")
    faces = {"dice.fedayeen.fedayeen-1": 2, "dice.cadre.cadre-5": 9, "dice.cadre.cadre-4": 8, "dice.cadre.cadre-7": 3}
    assert sorted(_enter_bot_dice(page, faces)) == sorted(faces)
    expect(page.locator("#bot-decision")).to_contain_text("9 (total 12): +F")
    # the bot shows before it acts (12): what confirming applies and the changes on the table;
    # one tap records the decision and applies it (issue 24, item 5)
    expect(page.locator("#bot-apply-preview")).to_contain_text("Apply the Reaction in area 19 (3 placed)")
    expect(page.locator("#bot-decision")).to_contain_text("placed: Fedayeen in area 19")
    page.locator("#bot").screenshot(scale="css", path=screenshots / "04-bot-reaction.jpg")
    loads_again(page, lambda: page.get_by_role("button", name="Confirm and apply").click())
    expect(page.locator("#bot-apply-preview")).to_have_count(0)
    expect(page.locator("#fix-table")).to_contain_text("Place Fedayeen 2 in area 19.")
    assert sorted(u.id for u in store.state(game_id).units_in(19) if u.side == "insurgent") == [
        "cadre-5", "fedayeen-1", "fedayeen-2", "militia-2", "militia-3"]

    # the attack, prefilled from the area: lead CF 4, one supporting company, TEM 3, the mosque
    page.locator("#attack-area").select_option("19")
    page.get_by_role("button", name="Open the calculator").click()
    page.wait_for_url(re.compile(r"/calculator/coalition-attack\?area=19"))
    assert page.locator('[data-path="lead.cf"]').input_value() == "4"
    assert page.locator('[data-path="tem"]').input_value() == "3"
    assert page.locator('[data-path="mosque"]').is_checked()
    page.locator("#calc-odds .calc-odd").first.wait_for()
    page.screenshot(scale="css", path=screenshots / "05-attack-prefilled.jpg", full_page=True)
    # the dice from the table: 9 against 5 (7.2.7: 3 Casualty Points)
    page.locator('[data-path="rolls.offense"]').fill("9")
    page.locator('[data-path="rolls.defense"]').fill("5")
    expect(page.locator("#calc-result .calc-outcome")).to_have_text(re.compile("success", re.IGNORECASE))
    page.get_by_role("button", name="Record in the game log").click()
    page.wait_for_url(re.compile(r"recorded=\d+"))
    expect(page.locator("#consequences")).to_contain_text("Political Backlash Track +1")
    # applied in one tap; the page loaded again once every change is written
    loads_again(page, lambda: page.locator("#calc-apply-all").click())
    expect(page.locator("#calc-applied")).to_be_visible()
    assert store.state(game_id).political_backlash == 1
    page.screenshot(scale="css", path=screenshots / "06-recorded.jpg", full_page=True)

    # the bot allocates its 3 CP (15): two Fedayeen lead with CF 3, a die chooses (7.2.5, 12.2)
    page.goto(game_url + "#bot")
    bot = page.locator("#bot")
    expect(bot).to_contain_text("The bot allocates its Casualty Points")
    assert _enter_bot_dice(page, {"dice.tiebreak": 1}) == ["dice.tiebreak"]
    expect(page.locator("#allocation tbody tr")).to_have_count(3)
    # the trace in the rulebook's words (12.2): the printed criteria, the candidates by name, the die
    trace = page.locator("#bot-trace")
    expect(trace).to_contain_text("just roll a die to choose among those candidates randomly")
    expect(trace).to_contain_text("Take CP on the lead defensive unit.")
    expect(trace).to_contain_text("kept: Fedayeen 1")
    bot.screenshot(scale="css", path=screenshots / "07-bot-casualties.jpg")
    # the retreat (16) needs facts not keyed yet: the decision is confirmed alone
    expect(page.locator("#bot-apply-preview")).to_have_count(0)
    loads_again(page, lambda: page.get_by_role("button", name="Confirm the bot's decision").click())
    # the retreat (16) asks for the TEM of the areas it compares: keyed on the spot
    expect(page.locator("#casualty-allocation")).to_contain_text("retreat: Fedayeen 1")
    page.locator("#need-tem-20").fill("3")
    loads_again(page, lambda: page.locator("#need-tem-20").press("Enter"))
    expect(page.locator("#need-tem-24")).to_be_visible()
    page.locator("#need-tem-24").fill("2")
    loads_again(page, lambda: page.locator("#need-tem-24").press("Enter"))
    expect(page.locator("#bot .retreat")).to_contain_text("Fedayeen 1 retreats to area 20")
    expect(page.locator("#bot-apply")).to_contain_text("Apply the casualty allocation")
    expect(page.locator("#bot-apply .fix-list")).to_contain_text("Move Fedayeen 1 from area 19 to area 20.")
    page.locator("#bot").screenshot(scale="css", path=screenshots / "08-allocation-to-apply.jpg")
    loads_again(page, lambda: page.locator("#bot-apply-button").click())
    expect(page.locator("#last-combat .badge.good")).to_have_text("allocated")
    state = store.state(game_id)
    assert state.unit("fedayeen-1").location == 20 and state.unit("cadre-5").status == "spent"
    page.screenshot(scale="css", path=screenshots / "09-allocation-applied.jpg", full_page=False)

    # undo the last applied change: the allocation is taken back, the decision stays
    expect(page.locator("#undo-what")).to_contain_text("The bot's decision applied")
    loads_again(page, lambda: page.locator("#undo").click())
    expect(page.locator("#bot-apply")).to_contain_text("Apply the casualty allocation")
    state = store.state(game_id)
    assert state.unit("fedayeen-1").location == 19 and state.unit("cadre-5").status == "fresh"
    assert state.combat is not None and not state.combat.allocated and state.bot_last is not None
    page.locator("#bot").screenshot(scale="css", path=screenshots / "10-undone.jpg")
    loads_again(page, lambda: page.locator("#redo").click())
    expect(page.locator("#last-combat .badge.good")).to_have_text("allocated")

    # end of the Coalition impulse: the companies are Spent; impulse 1, the Insurgent bot (11.2)
    loads_again(page, lambda: page.get_by_role("button", name="End the impulse").click())
    expect(page.locator("#impulse")).to_contain_text("Impulse 1: Insurgent")
    assert store.state(game_id).unit(A18).status == "spent"
    # the bot's impulse (14): it asks for step 2's die, entered from the table
    expect(page.locator("#bot")).to_contain_text("The bot's impulse")
    assert _enter_bot_dice(page, {"dice.step2": 2}) == ["dice.step2"]
    # the attack target chosen, with its trace criterion by criterion (14, 14.1)
    expect(page.locator("#bot-decision")).to_contain_text("Attack area 19 from area 19 with Militia 2, Militia 3.")
    trace = page.locator("#bot-trace .trace-entry")
    texts = trace.all_inner_texts()
    # each criterion's printed sentence with its rule, the areas kept and the counts behind them
    assert any(t.startswith("14 2.") and "Coalition area that can be attacked" in t and "kept: area 19" in t for t in texts)
    assert any(t.startswith("14.1 2.") and "only Spent Coalition units" in t and "kept: area 19" in t for t in texts)
    assert any(t.startswith("14.1.2 1.") and "Contested area" in t and "kept: area 19" in t for t in texts)  # the origin
    assert any("counts: area 19: 2; area 18: 1" in t for t in texts)
    assert page.locator("#bot-trace a.rule-link").first.get_attribute("href").startswith("/rule/en/")
    page.locator("#bot").screenshot(scale="css", path=screenshots / "11-bot-attack-target.jpg")
    expect(page.locator("#bot-apply-preview")).to_contain_text("Declare the attack on area 19 from area 19: Militia 2, Militia 3")
    loads_again(page, lambda: page.get_by_role("button", name="Confirm and apply").click())
    expect(page.locator("#impulse")).to_contain_text("activated: 19")
    state = store.state(game_id)
    assert state.bot_last is not None and state.bot_last.decision["target"] == 19
    assert state.bot_dice == {} and state.activated == 19
    page.screenshot(scale="css", path=screenshots / "12-attack-declared.jpg", full_page=False)
    # each Militia's attack (7.3) opens in the calculator, prefilled with area 19's Coalition defenders
    page.locator("#resolve-insurgent-attack").click()
    page.wait_for_url(re.compile(r"/calculator/insurgent-attack\?area=19"))
    assert page.locator('[data-path="attacker"]').input_value() == "militia"
    # the defenders are rows of the form (issue 20), each by its type, never a counter's id
    types = [page.locator(f'[data-path="defenders.{i}.type"]').input_value()
             for i in range(page.locator('[data-rows="defenders"] tbody tr').count())]
    assert "infantry" in types and "a_company" not in types
    log = store.log(game_id)["events"]
    assert [e["payload"]["situation"] for e in log if e["type"] == "adjudication"] == [
        "bot-reaction", "coalition-attack", "bot-casualties", "bot-impulse"]
    assert errors == []
