"""Second Fallujah at the table, through the JSON API (issue 24, "Wrong today"): a mistyped bot
die refused, the attacking Militia eliminated after an Insurgent attack (7.3.4), a Fire Mission's
casualties allocated by the bot (7.4, 15), control changing as soon as an area is emptied (9.1),
and Organize Resistance's Militia placement kept after an undo or a reload (14.2)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from .test_sf_companion import Game, coalition_in_19

pytest_plugins = ["tests.test_web_fixtures"]


def _state(client: Any, game: Game):
    return client.application.extensions["fallujah.store"].state(game.id)


def test_a_mistyped_bot_die_is_refused_naming_the_field_the_value_and_what_is_allowed(client):
    game = coalition_in_19(client)
    game.act(type="end_impulse")
    assert [n["field"] for n in game.state["bot"]["needs"]] == ["dice.step2"]
    too_high = game.act(expect=422, type="bot_die", field="dice.step2", faces=[9])
    assert "dice.step2" in too_high["error"] and "9" in too_high["error"] and "1 to 6" in too_high["error"]
    not_asked = game.act(expect=422, type="bot_die", field="dice.step7", faces=[3])
    assert "dice.step7" in not_asked["error"] and "dice.step2" in not_asked["error"]
    rolled = game.act(expect=422, type="roll", dice=1, die="d6", purpose="bot:dice.step7", rules=["12.2"])
    assert "dice.step7" in rolled["error"]
    assert game.state["bot_dice"] == {}
    # nothing was kept: the die the bot asks for is entered and it decides
    game.act(type="bot_die", field="dice.step2", faces=[2])
    assert game.state["bot"]["error"] is None and game.state["bot"]["decision"]["action"] == "attack"


def _actions(page: str) -> list[dict[str, Any]]:
    return [json.loads(a) for a in re.findall(r"data-action='([^']+)'", html.unescape(page))]


def test_the_attacking_militia_is_eliminated_after_its_attack(client):
    """7.3.4: "the insurgent units are always eliminated when they attack" (errata 7.3.4, reading 1):
    the recorded attack offers the attacker's elimination, which sends it back to the Force Pool."""
    from web.games.second_fallujah import calculator

    game = coalition_in_19(client)
    game.act(type="end_impulse")
    game.act(type="bot_die", field="dice.step2", faces=[2])
    game.bot_confirm()
    [declare] = game.state["follow_ups"]
    game.act(**declare["action"])
    assert declare["action"]["attackers"] == ["militia-1"]
    attack = {**calculator.prefill(_state(client, game), "insurgent-attack", 19), "rolls": {"offense": 3, "defense": 9}}
    game.act(type="adjudication", situation="insurgent-attack", input=attack)
    assert game.unit("militia-1")["location"] == 18
    recorded = f"/games/{game.id}/calculator/insurgent-attack?area=19&recorded={game.state['version']}"
    page = client.get(recorded).get_data(as_text=True)
    eliminate = [a for a in _actions(page) if a["type"] == "unit_eliminate"]
    assert eliminate == [{"type": "unit_eliminate", "unit": "militia-1", "rules": ["7.3.4"]}]
    game.act(**eliminate[0])
    assert game.unit("militia-1")["location"] == "force_pool"
    page = client.get(recorded).get_data(as_text=True)
    assert "badge good" in page and not [a for a in _actions(page) if a["type"] == "unit_eliminate"]


def test_the_bot_allocates_a_fire_missions_insurgent_casualties(client):
    """7.4: "The combat is resolved normally": the Insurgent Casualty Points of a Fire Mission
    prefilled from the game are allocated by the bot (15), in the area fired on."""
    from web.games.second_fallujah import calculator

    game = coalition_in_19(client)
    fire = {**calculator.prefill(_state(client, game), "fire-mission", 19), "rolls": {"offense": 12, "defense": 2}}
    game.act(type="adjudication", situation="fire-mission", input=fire)
    assert game.state["combat"]["insurgent_cp"] > 0 and game.state["combat"]["area"] == 19
    assert game.state["bot"]["situation"] == "bot-casualties"
    from web.games.second_fallujah import bot

    turn = bot.evaluate(_state(client, game))
    assert turn is not None and (turn.input["area"], turn.input["cp"]) == (19, game.state["combat"]["insurgent_cp"])


def test_an_area_emptied_by_an_overrun_changes_control_at_once(client):
    """9.1: "Whenever an area controlled by one side is occupied only by units of the other side,
    the area changes control": when the casualties are applied, not at the end of the impulse."""
    from .test_sf_companion import _attack_19

    game = coalition_in_19(client)
    game.act(type="key_area", area=20, tem=3)
    game.act(type="key_area", area=24, tem=2)
    _attack_19(game, 12, 2)  # 17 against 8: 9 CP, an Overrun
    game.bot_confirm()
    [follow] = game.state["follow_ups"]
    assert follow["action"]["type"] == "casualties" and follow["action"]["overrun"] is True
    assert game.state["areas"][18]["control"] == "insurgent"
    answer = game.act(**follow["action"])
    assert not [u for u in game.state["units"] if u["side"] == "insurgent" and u["location"] == 19]
    assert game.state["areas"][18]["control"] == "coalition" and game.state["side"] == "coalition"
    assert any(e["rule"] == "9.1" for e in answer["effects"])
    game.take_back("undo")
    assert game.state["areas"][18]["control"] == "insurgent"


def test_organize_resistance_keeps_its_militia_placement_after_the_marker_an_undo_or_a_reload(client):
    """14.2: the bot's Organize Resistance moves the RESISTANCE marker and places Militia; each is
    its own undoable action, and the placement stays offered until it is applied."""
    game = coalition_in_19(client)
    game.act(type="end_impulse")
    game.act(type="bot_die", field="dice.step2", faces=[6])  # no attack (14: 1-4)
    assert game.state["bot"]["decision"]["action"] == "organize_resistance"
    game.bot_confirm()
    marker, militia = game.state["follow_ups"]
    assert marker["action"]["type"] == "resistance" and militia["action"]["type"] == "unit_place"
    game.act(**marker["action"])
    assert game.state["follow_ups"] == [militia]
    reloaded = client.get(f"/api/games/{game.id}").get_json()
    assert reloaded["follow_ups"] == [militia]
    placed = game.act(**militia["action"])
    assert placed["follow_ups"] == [] and sum(u["type"] == "militia" and u["location"] == 19 for u in placed["units"]) == 1
    game.take_back("undo")  # the placement only: the marker stays
    assert game.state["resistance"] == 19 and game.state["follow_ups"] == [militia]
    game.take_back("undo")
    assert game.state["follow_ups"] == [marker, militia]


def _fix_list(page: str, block: str) -> list[str]:
    """The changes on the table listed in the element ``block`` of a page, without their rule links."""
    part = page[page.index(f'id="{block}"'):]
    part = part[:part.index("</ol>", part.index('class="fix-list"'))]
    items = re.findall(r"<li>(.*?)</li>", part[part.index('class="fix-list"'):], flags=re.DOTALL)
    return [html.unescape(re.sub(r"\s*<a .*", "", item, flags=re.DOTALL)).strip() for item in items]


def test_the_bot_s_impulse_is_confirmed_and_applied_in_one_tap_with_one_list_of_changes(client):
    """Issue 24, item 5: the bot shows before it acts: its decision (Organize Resistance, 14.2),
    what confirming applies and the changes on the table; the one confirm form records the
    decision, then (``data-then``) one ``bot_apply`` action: the RESISTANCE marker, the Militia
    and the end of the bot's impulse (4.1.1), one event with one list, taken back by one undo."""
    game = coalition_in_19(client)
    game.act(type="end_impulse")
    game.act(type="bot_die", field="dice.step2", faces=[6])
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    form = re.search(r'<form class="confirm" id="bot-confirm"[^>]*>', page)
    assert form is not None and "Confirm and apply" in page
    then = json.loads(html.unescape(re.search(r"data-then='([^']+)'", form.group(0)).group(1)))
    assert then["type"] == "bot_apply" and [s["type"] for s in then["steps"]] == ["resistance", "unit_place", "end_impulse"]
    shown = _fix_list(page, "bot-apply-preview")
    assert "Place the RESISTANCE marker in area 19." in shown and "Flip the impulse marker to its Coalition side." in shown
    game.bot_confirm()
    assert game.state["side"] == "insurgent" and game.state["resistance"] is None
    applied = game.act(**then)
    assert [change["text"] for change in applied["table"]] == shown
    assert game.state["resistance"] == 19 and game.state["side"] == "coalition"
    assert sum(u["type"] == "militia" and u["location"] == 19 for u in game.state["units"]) == 1
    # the page's "fix the table" is that one list; a second apply is refused, naming the steps
    assert _fix_list(client.get(f"/games/{game.id}").get_data(as_text=True), "fix-table") == shown
    stale = game.act(expect=422, **then)
    assert "steps" in stale["error"] and "none" in stale["error"]
    game.take_back("undo")
    assert game.state["resistance"] is None and game.state["side"] == "insurgent"
    assert [f["action"]["type"] for f in game.state["follow_ups"]] == ["resistance", "unit_place"]
