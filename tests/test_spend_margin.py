"""Spending a margin, best first (issue 22): every legal spend with the CVPs and steps it gives,
bounded by what the hex holds, and offered by the companion from a recorded Operation."""

from __future__ import annotations

import re

from adjudicator.errors import InvalidSituation
from adjudicator.registry import adjudicate

from .test_bff_companion import Bff

pytest_plugins = ["tests.test_web_fixtures"]

GAME = "battle-for-fallujah"


def _spend(**body):
    return adjudicate("spend-margin", body, game=GAME)


def test_a_search_margin_is_listed_best_first_as_counted_by_hand():
    """A Search's MOS of 5 in a hex with Resistance Level 2, 3 Insurgent steps, 1 Isolated
    Marker and a Wanted! Marker (20.3): a step costs 2 (20.3.1), an Isolated Marker 1 (20.3.2), a
    Resistance point 2 for +1 CVP (20.3.3), the Wanted! Marker any number s for ceil(s/2) CVP, at
    least 1 (20.3.4). The most CVPs: 2 Resistance points (4 successes, +2) and the Wanted! Marker
    for the last 1 (+1) = +3; the Wanted! Marker for all 5 also gives ceil(5/2) = +3, and 1 point
    with the marker for 3, +1 +2 = +3: three spends give +3, the one with the most points first.
    Without the marker, the most is 2 points and 1 Isolated Marker, +2."""
    answer = _spend(mission="search", margin=5, resistance_level=2, insurgent_steps_in_hex=3,
                    isolated_markers_in_hex=1, wanted_in_hex=True)
    options = answer.options or []
    assert [o.value for o in options[:3]] == [
        {"resistance_points": 2, "wanted_successes": 1},
        {"resistance_points": 1, "wanted_successes": 3},
        {"wanted_successes": 5},
    ]
    assert [o.gains["vp"] for o in options[:4]] == [3, 3, 3, 2]
    assert options[0].choice == "2 Resistance points, Wanted! Marker for 1: +3 CVP"
    # a spend leaving enough to buy more (1 point alone, 3 successes left) is not listed
    assert {"resistance_points": 1} not in [o.value for o in options]
    assert all(o.gains["spent"] <= 5 for o in options) and answer.spends_total == len(options)
    without = _spend(mission="search", margin=5, resistance_level=2, insurgent_steps_in_hex=3,
                     isolated_markers_in_hex=1, wanted_in_hex=False)
    assert (without.options or [])[0].value == {"isolated_markers": 1, "resistance_points": 2}
    assert (without.options or [])[0].gains["vp"] == 2


def test_the_spend_entered_is_marked_and_the_hex_bounds_it():
    answer = _spend(mission="assault", margin=3, insurgent_steps_in_hex=2, spend={"insurgent_steps": 2})
    assert [(o.value, o.current) for o in answer.options or []] == [({"insurgent_steps": 2}, True)]
    try:
        _spend(mission="assault", margin=3, insurgent_steps_in_hex=2, spend={"insurgent_steps": 3})
    except InvalidSituation as exc:
        assert "spend.insurgent_steps: 3: at most the 2 steps of the hex's Insurgent units (25.21.1)" in str(exc)
    else:
        raise AssertionError("3 steps of a hex holding 2 were accepted")


def test_a_raid_spends_nothing():
    answer = _spend(mission="raid", margin=2)
    assert answer.options is None or answer.options == []
    assert "options" not in answer.model_dump(mode="json") or not answer.model_dump(mode="json")["options"]


def test_the_recorded_assault_offers_the_spends_the_hex_allows(client):
    """A/1/5's Assault on a Mob (3 steps, 25.21.1) with Resistance +1: MOS 3 (sample.ASSAULT).
    The companion's link prefills the hex's tracked state; the best spend is 3 Insurgent steps."""
    player = Bff.new(client).keyed()
    page = player.assault_page(player.record_assault())
    link = re.search(r'href="([^"]*spend-margin\?[^"]*)"', page)
    assert link, "the recorded Operation offers no spend of its margin"
    spend_page = client.get(link.group(1)).get_data(as_text=True)
    assert re.search(r'data-path="insurgent_steps_in_hex"[^>]*value="3"', spend_page)
    assert re.search(r'data-path="margin"[^>]*value="3"', spend_page)
    assert 'id="calc-options"' in spend_page
    answer = client.post("/api/adjudicate/spend-margin?game=battle-for-fallujah",
                         json={"mission": "assault", "attacker": "coalition", "margin": 3, "resistance_level": 1,
                               "insurgent_steps_in_hex": 3, "isolated_markers_in_hex": 0, "wanted_in_hex": False})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["options"][0]["value"] == {"insurgent_steps": 3}
