"""Second Fallujah at the table, through the JSON API (issue 24, "Wrong today"): a mistyped bot
die refused, the attacking Militia eliminated after an Insurgent attack (7.3.4), a Fire Mission's
casualties allocated by the bot (7.4, 15), control changing as soon as an area is emptied (9.1),
and Organize Resistance's Militia placement kept after an undo or a reload (14.2)."""

from __future__ import annotations

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
