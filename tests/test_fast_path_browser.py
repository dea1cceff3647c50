"""The fast path in every game (issue 24, item 2), counted in a real browser (Debian's chromium)
on a phone (390x844), and on a desktop (1366x900) for a Phantom Fury Fire: from the game page,
a tap on a unit or an area opens its common roll filled in from the state; the odds show without
a tap; the physical dice are typed (not counted); one "Apply" records the roll and applies what
it changes. Each path takes at most 4 taps, and its result is in the game state afterwards.

A tap is a click, or one choice made in a select (a select of the candidates from the state,
where the state does not hold what the roll needs). What the rules leave to the player (the
CAAT 'Ammo', 11.1.2.1; the Mission, 15.2) is asked, never pre-ticked."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser import VIEWPORTS, audit
from tests.browser import console_errors as _errors
from web.games.battle_for_fallujah import sample as bff_sample

#: the most taps a fast path may take, the dice typed apart (issue 24)
MOST = 4


class Taps:
    """Counts the taps a player makes on a page: each click, and each choice made in a select."""

    def __init__(self, tab: Page):
        self.tab = tab
        self.count = 0

    def tap(self, target: Locator) -> None:
        target.click()
        self.count += 1

    def choose(self, target: Locator, value: str) -> None:
        target.select_option(value)
        self.count += 1

    def type_dice(self, fields: dict[str, str], one_by_one: bool = False) -> None:
        """The physical dice, typed: not taps. The page asks for an answer once they are in, and
        it answers (a 2xx). All at once by default: a roll half typed can be refused (a pool's
        count of dice, 17.2.5), so typing them one by one would make the test depend on whether
        the next die comes within the page's 150 ms. ``one_by_one``: each die typed alone is
        answered too (Second Fallujah's offense die before its defense die: the odds, not a
        refusal naming the die still to type)."""
        batches = [{k: v} for k, v in fields.items()] if one_by_one else [fields]
        for batch in batches:
            with self.tab.expect_response(lambda r: r.request.method == "POST" and "/answer" in r.url) as answer:
                self.tab.evaluate("""(fields) => {
                    for (const [selector, value] of Object.entries(fields)) {
                        const input = document.querySelector(selector);
                        input.value = value;
                        input.dispatchEvent(new Event("input", { bubbles: true }));
                    }
                }""", batch)
            assert answer.value.ok, (batch, answer.value.status, answer.value.text())


def _api(live_server, game: dict[str, Any]):
    client = live_server.app.test_client()
    answer = client.post("/api/games", json=game)
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    state = {"id": body["id"], "version": body["version"]}

    def act(**action: Any) -> None:
        reply = client.post(f"/api/games/{state['id']}/actions", json={**action, "expected_version": state["version"]})
        assert reply.status_code == 200, reply.get_json()
        state["version"] = reply.get_json()["version"]

    return state["id"], act


def _phantom_fury(live_server) -> str:
    """Fire Combat Phase; squad-1 moved into Zone 6 (USMC Control) at Location 'R' (the move
    says where), two 'Suspect' markers in Zone 7."""
    start = [2, 3, 4, 6, 8, 10, 12, 17, 19]
    game_id, act = _api(live_server, {
        "game": "phantom-fury", "strong_points": 2, "name": "Fast", "start_zones": start,
        "squads": [{"counter": n, "cf": 4 + n % 3, "zone": z, "caat": n <= 4} for n, z in enumerate(start, 1)]})
    act(type="zone_counts", zone=7, suspects=2, insurgents=0)
    act(type="unit_move", unit="squad-1", position={"zone": 6, "location": "R"})
    act(type="zone_control", zone=6, side="usmc")
    act(type="next_phase")
    act(type="next_phase")  # Fire Combat (11)
    return game_id


@contextmanager
def _open(pages, device: str) -> Iterator[tuple[Any, list[str]]]:
    with pages.lend(**VIEWPORTS[device]) as tab:
        yield tab, _errors(tab)


def _big(target: Locator) -> Locator:
    """A thumb-sized tap target (48 px tall, the app's --tap; 44 px the least WCAG 2.5.5 allows)."""
    expect(target).to_be_visible()  # the Apply button: once the dice typed give a result
    box = target.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
    return target


def _applied(tab: Page) -> None:
    """After "Apply": the roll recorded and its changes applied (the page says so), or, for a
    roll that changes nothing the companion tracks, recorded."""
    tab.wait_for_url(re.compile(r"recorded=\d+"))
    expect(tab.locator("#calc-applied, .calc-consequences > p").first).to_be_visible()
    if tab.locator(".calc-change").count():  # changes to apply: the page loads again once they are
        tab.wait_for_url(re.compile(r"applied=\d+"))  # (a screenshot during that load timed out)
        expect(tab.locator("#calc-applied")).to_be_visible()
    expect(tab).not_to_have_url(re.compile(r"apply=all"))  # a reload applies nothing again


def _one_tap_roll(tab: Page, game_url: str, entry: Locator | str, page: str, dice: dict[str, str], shots,
                  one_by_one: bool = False) -> Taps:
    """From the game page (audited): a tap on ``entry`` opens the calculator at ``page``, filled
    in; the odds show; the dice typed; one Apply. ``entry``: a link's accessible name, or a locator."""
    taps = Taps(tab)
    tab.goto(game_url)
    audit(tab, f"the game page before {page}")
    taps.tap(_big(tab.get_by_role("link", name=entry) if isinstance(entry, str) else entry))
    tab.wait_for_url(re.compile(rf"/calculator/{page}\?"))
    expect(tab.locator("#calc-odds")).to_contain_text("%")  # the odds, without a tap
    taps.type_dice(dice, one_by_one)
    tab.screenshot(scale="css", path=shots / f"phone-{page}-dice.jpg", full_page=True)
    taps.tap(_big(tab.locator("#calc-apply")))
    _applied(tab)
    tab.screenshot(scale="css", path=shots / f"phone-{page}-applied.jpg")
    return taps


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_phantom_fury_fire_in_four_taps(pages, live_server, screenshots, device):
    game_id = _phantom_fury(live_server)
    store = live_server.store()
    with _open(pages, device) as (tab, errors):
        taps = Taps(tab)
        tab.goto(f"{live_server.url}/games/{game_id}")
        taps.tap(_big(tab.locator("#unit-squad-1 .calc-hooks").get_by_role("link", name="Fire Combat")))
        tab.wait_for_url(re.compile(r"/calculator/fire\?unit=squad-1"))
        assert tab.locator("#f-shooter-location").input_value() == "R"  # the move said where
        # the target Zone: a select of the Zones holding a target, not a number to type
        zone = tab.locator("#f-target-zone_number")
        assert zone.evaluate("e => e.tagName") == "SELECT"
        taps.choose(zone, "7")
        tab.wait_for_url(re.compile(r"zone=7"))
        taps.choose(tab.locator("#f-target-location"), "1")
        expect(tab.locator("#calc-odds")).to_contain_text("%")  # the odds, without a tap
        assert not tab.locator("#f-shooter-caat_ammo").is_checked()  # the player's choice (11.1.2.1)
        tab.screenshot(scale="css", path=screenshots / f"{device}-fire-odds.jpg")
        audit(tab, f"fire {device}", first="#calc select, #calc input", tabs=3)
        taps.type_dice({"#f-roll": "1", "#f-activation": "0"})
        expect(tab.locator("#calc-apply")).to_be_in_viewport()
        taps.tap(_big(tab.locator("#calc-apply")))
        _applied(tab)
        expect(tab.locator("#calc-applied")).to_contain_text("Applied: 1 change.")
        tab.screenshot(scale="css", path=screenshots / f"{device}-fire-applied.jpg")
        state = store.state(game_id)
        assert state.unit("squad-1").status == "fired"
        assert [e for e in store.log(game_id, after=0, limit=100)["events"] if e["type"] == "adjudication"]
        # the change taken back, then the "Apply" address opened again (a reload, a bookmark): the
        # game has moved on since the roll, so nothing is applied by opening it
        undo = live_server.app.test_client().post(f"/api/games/{game_id}/undo", json={"expected_version": state.version})
        assert undo.status_code == 200, undo.get_json()
        tab.goto(re.sub(r"&?(applied|at)=\d*", "", tab.url.split("#")[0]) + "&apply=all")
        expect(tab.locator("html.calc-scripted")).to_have_count(1)
        expect(tab).not_to_have_url(re.compile(r"apply=all"))
        expect(tab.locator("#calc-apply-all")).to_be_enabled()  # the change offered again, not applied
        assert store.state(game_id).unit("squad-1").status != "fired"
        assert taps.count <= MOST, taps.count
        assert errors == []


def test_a_phantom_fury_assault_in_four_taps(pages, live_server, screenshots):
    game_id = _phantom_fury(live_server)
    store = live_server.store()
    with _open(pages, "phone") as (tab, errors):
        taps = Taps(tab)
        tab.goto(f"{live_server.url}/games/{game_id}")
        taps.tap(_big(tab.locator("#unit-squad-1 .calc-hooks").get_by_role("link", name="Assault")))
        tab.wait_for_url(re.compile(r"/calculator/assault\?unit=squad-1"))
        taps.choose(tab.locator("#f-defender-zone_number"), "7")
        tab.wait_for_url(re.compile(r"zone=7"))
        taps.choose(tab.locator("#f-defender-location"), "1")
        expect(tab.locator("#calc-odds")).to_contain_text("%")
        assert not tab.locator("#f-attacker-explosives").is_checked()  # the player's choice (13.7.1)
        taps.type_dice({"#f-rolls-activation": "5"})  # a Dummy (13.4.1): the 'Suspect' marker goes, no Assault roll
        tab.screenshot(scale="css", path=screenshots / "phone-assault-dice.jpg", full_page=True)
        taps.tap(_big(tab.locator("#calc-apply")))
        _applied(tab)
        tab.screenshot(scale="css", path=screenshots / "phone-assault-applied.jpg")
        recorded = [e for e in store.log(game_id, after=0, limit=100)["events"] if e["type"] == "adjudication"]
        assert [e["payload"]["situation"] for e in recorded] == ["assault"]
        assert store.state(game_id).version > recorded[-1]["version"]  # its changes applied after it
        assert store.state(game_id).zone(7).suspects == 1
        assert taps.count <= MOST, taps.count
        assert errors == []


def test_a_battle_for_fallujah_operation_in_two_taps(pages, live_server, screenshots):
    game_id, act = _api(live_server, {"game": "battle-for-fallujah", "name": "Fast"})
    for action in bff_sample.ACTIONS[:10]:  # keyed, A/1/5 and the tanks in hex 2, the 1/5 chit drawn
        act(**action)
    store = live_server.store()
    with _open(pages, "phone") as (tab, errors):
        dice = {side: {colour: " ".join(map(str, faces)) for colour, faces in rolled.items()}
                for side, rolled in bff_sample.ASSAULT["rolls"].items()}
        # one tap picks the unit and its Mission (15.2: the player's choice, asked)
        taps = _one_tap_roll(tab, f"{live_server.url}/games/{game_id}", "Assault: A/1/5 in hex 2", "operation",
                             {"#f-rolls-defending-white": dice["defending"]["white"],
                              "#f-rolls-attacking-white": dice["attacking"]["white"],
                              "#f-rolls-attacking-red": dice["attacking"]["red"]}, screenshots)
        state = store.state(game_id)
        assert state.media == 1  # a red success moved the Media Track (17.2.5.1)
        assert state.unit("A-1-5").status == "ops_complete"  # 13.5.5
        assert taps.count <= MOST, taps.count
        assert errors == []


def test_a_second_fallujah_coalition_attack_in_two_taps(pages, live_server, screenshots):
    a18 = "a_company_1st_battalion_8th_marine_regiment"
    b18 = "b_company_1st_battalion_8th_marine_regiment"
    counters = {a18: {"cf": 4, "cf_spent": 2, "mf": 5}, b18: {"cf": 4, "cf_spent": 2, "mf": 5},
                "fedayeen": {"cf": 3, "cf_spent": 1}, "cadre": {"cf": 2, "cf_spent": 1}, "militia": {"cf": 1, "cf_spent": 0}}
    game_id, act = _api(live_server, {"game": "second-fallujah", "name": "Fast",
                                      "map": {"format": "second-fallujah-map", "counters": counters}})
    act(type="key_area", area=19, tem=3, adjacent=[18, 20, 24])
    act(type="unit_place", unit_type="fedayeen", area=19)
    act(type="activate", where="ne_entry_zone")
    act(type="unit_move", unit=a18, to=19, cost=4)
    act(type="unit_move", unit=b18, to=19, cost=4)
    store = live_server.store()
    with _open(pages, "phone") as (tab, errors):
        taps = _one_tap_roll(tab, f"{live_server.url}/games/{game_id}", tab.locator(".attack-link", has_text="area 19"),
                             "coalition-attack", {"#f-rolls-offense": "9", "#f-rolls-defense": "5"}, screenshots,
                             one_by_one=True)
        combat = store.state(game_id).combat
        assert combat is not None and combat.area == 19 and combat.outcome == "success"
        assert taps.count <= MOST, taps.count
        assert errors == []


def test_a_card_play_in_one_tap(pages, live_server, screenshots):
    live_server.app.config["CARDS_ADVISOR_ROLLOUTS"] = 50  # the page's advisor, lighter (its figures are not what is tested)
    game_id, _act = _api(live_server, {"game": "fallujah-cards", "name": "Fast", "mode": "app", "seed": 3})
    store = live_server.store()
    before = store.state(game_id)
    with _open(pages, "phone") as (tab, errors):
        taps = Taps(tab)
        tab.goto(f"{live_server.url}/games/{game_id}")
        card = tab.locator("#hand button.playing-card:enabled").first
        action = json.loads(card.get_attribute("data-fields") or "{}")
        assert action.get("type") in ("play", "recon"), action  # a card played (on the Target, or as Recon)
        taps.tap(card)
        expect(tab.locator("body")).to_have_attribute("data-version", str(before.version + 1))
        tab.screenshot(scale="css", path=screenshots / "phone-card-played.jpg")
        last = store.log(game_id, after=before.version, limit=10)["events"]
        assert [(e["payload"]["type"], e["payload"].get("card")) for e in last] == [(action["type"], action["card"])]
        assert store.state(game_id).version == before.version + 1
        assert taps.count <= MOST, taps.count
        assert errors == []
