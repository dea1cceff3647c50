"""The calculator pages through the test client: every situation renders free and for a game,
the prefilled values are in the form, bad queries get a clear 4xx, a recorded roll lists its
consequences, marked once applied and unmarked when undone."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import SITUATIONS

from .budget import examples
from .test_web_fixtures import ORDER_OF_BATTLE, Player, app, client, sqlite_app  # noqa: F401  (fixtures)


@pytest.fixture
def player(client) -> Player:  # noqa: F811
    game = Player.new(client, **ORDER_OF_BATTLE)
    game.act("zone_counts", zone=3, suspects=2)
    game.act("zone_counts", zone=4, insurgents=1)
    game.act("unit_move", unit="squad-1", position={"zone": 2, "location": "R"})
    return game


def _page(client, url: str, status: int = 200) -> str:  # noqa: F811
    response = client.get(url)
    assert response.status_code == status, response.get_data(as_text=True)[:2000]
    return response.get_data(as_text=True)


def _value(html: str, field_id: str) -> str | None:
    """The value of an input, the selected option of a select, or 'checked' for a ticked checkbox."""
    tag = re.search(rf'<(input|select)[^>]*id="{re.escape(field_id)}"[^>]*>', html)
    assert tag, f"no field {field_id}"
    if tag.group(1) == "input":
        if 'type="checkbox"' in tag.group(0):
            return "checked" if " checked" in tag.group(0) else None
        value = re.search(r'value="([^"]*)"', tag.group(0))
        return unescape(value.group(1)) if value else None
    rest = html[tag.end():html.index("</select>", tag.end())]
    selected = re.search(r'<option value="([^"]*)" selected>', rest)
    return unescape(selected.group(1)) if selected else None


def test_index_lists_every_situation(client):  # noqa: F811
    html = _page(client, "/calculator/")
    for name in SITUATIONS:
        assert f'href="/calculator/{name}"' in html


def test_game_index_offers_the_rolls_of_the_current_phase_first(player, client):  # noqa: F811
    html = _page(client, f"/games/{player.id}/calculator")
    suggested = html[html.index("calc-suggested"):html.index("Every roll")]
    assert "support-mission" in suggested and "insurgent-reaction" in suggested and "victory" in suggested
    assert "/fire" not in suggested
    player.to_phase("fire")
    html = _page(client, f"/games/{player.id}/calculator/")
    suggested = html[html.index("calc-suggested"):html.index("Every roll")]
    assert f"/games/{player.id}/calculator/fire" in suggested


@pytest.mark.parametrize("situation", list(SITUATIONS))
def test_every_situation_renders_free_and_for_a_game_without_inline_script_or_style(situation, player, client):  # noqa: F811
    free = _page(client, f"/calculator/{situation}")
    prefilled = _page(client, f"/games/{player.id}/calculator/{situation}?unit=squad-1&zone=3&location=C")
    for html in (free, prefilled):
        assert 'id="calc"' in html and f'data-situation="{situation}"' in html
        assert "/static/calculator.js" in html
        assert " style=" not in html and not re.search(r"<script(?![^>]*\bsrc=)", html)
        assert 'aria-live="polite"' in html
    assert "calc-record" in prefilled and "calc-record" not in free


def test_fire_is_prefilled_with_the_squad_and_the_target_zone(player, client):  # noqa: F811
    squad = player.unit("squad-1")
    html = _page(client, f"/games/{player.id}/calculator/fire?unit=squad-1&zone=3&location=C")
    assert _value(html, "f-shooter-cf") == str(squad["cf"])
    assert _value(html, "f-shooter-location") == "R"
    assert _value(html, "f-shooter-caat_ammo") is None  # the player's choice (11.1.2.1)
    assert _value(html, "f-target-unit") == "suspect"
    assert _value(html, "f-target-location") == "C"
    assert _value(html, "f-target-zone") == "normal"
    assert _value(html, "f-target-zone_number") == "3"
    assert _value(html, "f-roll") == ""  # the roll is the player's to enter
    assert 'value="en" data-ruleset checked' in html  # the game's ruleset
    assert _value(html, "pick-unit") == "squad-1"


def test_markers_and_fortified_zone_reach_the_assault_form(player, client):  # noqa: F811
    player.act("zone_activate", zone=5, nature="fortified")
    player.act("zone_marker", zone=5, marker="fanaticism", present=True)
    html = _page(client, f"/games/{player.id}/calculator/assault?unit=squad-2&zone=5&location=1&target=guerillas")
    assert _value(html, "f-defender-zone") == "fortified"
    assert _value(html, "f-fanaticism") == "checked"
    assert _value(html, "f-phantom_fury") is None
    assert _value(html, "f-attacker-explosives") is None  # the player's choice (13.7.1)
    assert _value(html, "f-defender-unit") == "guerillas"


def test_the_interface_speaks_french(player, client):  # noqa: F811
    html = _page(client, f"/games/{player.id}/calculator/fire?unit=squad-1&zone=3&lang=fr")
    assert "Tir" in html and "Combat par le feu" not in html and "Enregistrer dans le journal" in html and "Livret français" in html
    assert 'data-lang="fr"' in html


@pytest.mark.parametrize(("query", "field", "allowed"), [
    ("unit=squad-99", "unit", "a unit of this game"),
    ("zone=99", "zone", "a Zone number from 1 to 61"),
    ("zone=-1", "zone", "a Zone number from 1 to 61"),
    ("location=roof", "location", "one of OG, C"),
    ("target=tank", "target", "one of suspect, guerillas, martyrs"),
    ("recorded=abc", "recorded", "the version of an adjudication"),
    ("recorded=²", "recorded", "the version of an adjudication"),
    ("recorded=2", "recorded", "the version of an adjudication"),
    ("recorded=99999", "recorded", "the version of an adjudication"),
])
def test_bad_queries_get_a_400_naming_the_field_and_what_is_allowed(query, field, allowed, player, client):  # noqa: F811
    html = unescape(_page(client, f"/games/{player.id}/calculator/fire?{query}", status=400))
    message = re.search(r'class="error"[^>]*>([^<]*)<', html).group(1)
    value = query.split("=", 1)[1]
    assert f"{field}: '{value}': " in message and allowed in message


def test_unknown_situation_and_game_are_404(player, client):  # noqa: F811
    html = unescape(_page(client, "/calculator/fireball", status=404))
    assert "Unknown situation 'fireball'" in html and "suspect-activation" in html
    _page(client, f"/games/{player.id}/calculator/fireball", status=404)
    _page(client, "/games/nosuchgame0000000/calculator/fire", status=404)


def _recorded(player: Player, client) -> tuple[int, str]:  # noqa: F811
    player.to_phase("fire")
    base = f"/games/{player.id}/calculator/fire?unit=squad-1&zone=3&location=C"
    html = _page(client, base)
    data = {"shooter": {"unit": "squad", "cf": int(_value(html, "f-shooter-cf")), "location": "R", "caat_ammo": True},
            "target": {"unit": "suspect", "location": "C", "zone": "normal", "zone_number": 3},
            "roll": 1, "activation": 9}
    state = player.act("adjudication", situation="fire", input=data, rolls_by="player")
    return state["version"], base


def _actions(html: str) -> list[dict]:
    return [json.loads(unescape(raw)) for raw in re.findall(r"data-action='([^']*)'", html)]


def test_a_recorded_fire_lists_its_consequences_then_marks_them_applied_and_undone(player, client):  # noqa: F811
    version, base = _recorded(player, client)
    html = _page(client, f"{base}&recorded={version}")
    actions = _actions(html)
    assert actions == [
        {"type": "unit_status", "unit": "squad-1", "status": "fired", "rules": ["11.3"]},
        {"type": "caat_ammo", "unit": "squad-1", "rules": ["11.1.2.1"]},
        {"type": "zone_counts", "zone": 3, "suspects": 1, "insurgents": 1, "rules": ["11.2.2"]},
    ]
    assert "calc-record" not in html  # recorded: the roll is not recorded twice
    assert _value(html, "f-activation") == "9"  # the page shows the input recorded
    player.act(type_="zone_counts", **{k: v for k, v in actions[2].items() if k != "type"})
    html = _page(client, f"{base}&recorded={version}")
    assert [a["type"] for a in _actions(html)] == ["unit_status", "caat_ammo"]
    assert html.count("badge good") == 1
    assert "Zone 3: 1 &#39;Suspect&#39; marker(s), 1 &#39;Insurgents&#39; unit(s)" in html  # as recorded
    player.undo()
    html = _page(client, f"{base}&recorded={version}")
    assert len(_actions(html)) == 3 and "badge good" not in html


def test_a_hit_without_the_activation_roll_links_to_the_activation_calculator(player, client):  # noqa: F811
    player.to_phase("fire")
    data = {"shooter": {"unit": "squad", "cf": 5, "location": "R"},
            "target": {"unit": "suspect", "location": "C", "zone": "normal", "zone_number": 3}, "roll": 0}
    version = player.act("adjudication", situation="fire", input=data, rolls_by="player")["version"]
    html = _page(client, f"/games/{player.id}/calculator/fire?unit=squad-1&zone=3&location=C&recorded={version}")
    link = re.search(r'href="(/games/[^"]+/calculator/suspect-activation\?[^"]+)"', html)
    assert link and "zone=3" in link.group(1)
    follow = _page(client, unescape(link.group(1)))
    assert _value(follow, "f-zone") == "normal" and _value(follow, "f-context") == "fire"


def test_game_page_hooks_open_the_calculators(player, client):  # noqa: F811
    html = _page(client, f"/games/{player.id}?zone=3")
    assert f'/games/{player.id}/calculator/fire?unit=squad-1' in html
    assert f'/games/{player.id}/calculator/assault?unit=squad-1' in html
    assert f'/games/{player.id}/calculator/defensive-fire?zone=3' in html
    assert f'/games/{player.id}/calculator/ied?zone=3' in html
    assert "pinned-recovery?unit=squad-1" not in html
    player.act("unit_status", unit="squad-1", status="pinned")
    assert "pinned-recovery?unit=squad-1" in _page(client, f"/games/{player.id}")
    assert f'/games/{player.id}/calculator/victory"' in html
    assert f'/games/{player.id}/calculator/support-mission"' in html  # the game starts in the Support Phase
    assert f'/games/{player.id}/calculator/insurgent-reaction"' in html
    player.to_phase("fire")
    assert "calculator/support-mission" not in _page(client, f"/games/{player.id}")


QUERY_VALUES = st.one_of(
    st.text(max_size=30),
    st.integers(min_value=-5, max_value=100).map(str),
    st.sampled_from(["squad-1", "iif-1", "abrams-1", "R", "C", "street", "suspect", "guerillas", "1'", '1"',
                     "¹", "٣", "03", "1e3"]),  # digits to str.isdigit that int() refuses or reads
)


@settings(deadline=None, suppress_health_check=list(HealthCheck), database=None, max_examples=examples(400))
@given(situation=st.sampled_from([*SITUATIONS, "nope"]),
       query=st.dictionaries(st.sampled_from(["unit", "zone", "location", "target", "recorded", "lang"]),
                             QUERY_VALUES, max_size=5))
def test_no_query_makes_the_calculator_fail_with_a_500(sqlite_app, situation, query):  # noqa: F811
    web = sqlite_app.test_client()
    if not hasattr(sqlite_app, "_fuzz_game"):
        sqlite_app._fuzz_game = Player.new(web, **ORDER_OF_BATTLE).id
    response = web.get(f"/games/{sqlite_app._fuzz_game}/calculator/{situation}", query_string=query)
    assert response.status_code in (200, 400, 404), (query, response.status_code)
