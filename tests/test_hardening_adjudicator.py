"""Issue 16 item 10, Phantom Fury's adjudicator: every problem at once, the legal situations the
probe found refused now accepted, the impossible ones accepted now refused, each with its rule."""

from __future__ import annotations

import pytest

from adjudicator.errors import InvalidSituation
from adjudicator.registry import adjudicate


def _problems(situation: str, data: dict) -> dict[str, str | None]:
    with pytest.raises(InvalidSituation) as caught:
        adjudicate(situation, data)
    return {p.field: p.rule for p in caught.value.problems}


def test_the_readme_example_names_every_bad_field_at_once():
    """Reproduction: an Abrams firing at R with CF 11 and a roll of 10 named only the roll."""
    found = _problems("fire", {"shooter": {"unit": "abrams", "location": "street", "cf": 11},
                               "target": {"unit": "guerillas", "cf": 2, "location": "R", "zone": "normal"},
                               "roll": 10})
    assert found == {"roll": "3", "shooter.cf": "5.1.3", "target.location": "11.1.3"}


def test_zone26_empty_while_zone_26_is_controlled_is_accepted():
    answer = adjudicate("victory", {"last_turn_played": 13, "uncontrolled_zones": [], "zone26_empty": True})
    assert answer.result is not None and answer.result.outcome == "won"
    assert any(n.rule == "7.1" and "does not matter" in n.en for n in answer.notes)


def test_zone_27_is_ignored_with_a_note():
    answer = adjudicate("victory", {"last_turn_played": 13, "uncontrolled_zones": [27]})
    assert answer.result is not None and answer.result.outcome == "won"
    assert any(n.rule == "4.1.4" for n in answer.notes)


def test_guerillas_cf_4_is_refused():
    found = _problems("fire", {"shooter": {"cf": 5, "location": "C"},
                               "target": {"unit": "guerillas", "cf": 4, "location": "C", "zone": "normal"}})
    assert found == {"target.cf": "5.2"}
    assert adjudicate("fire", {"shooter": {"cf": 5, "location": "C"},
                               "target": {"unit": "martyrs", "cf": 4, "location": "C", "zone": "normal"}})


def test_a_counter_attack_where_a_security_element_is_is_refused():
    found = _problems("assault", {"attacker": {"cf": 5, "location": "C", "security_element_detached": True},
                                  "defender": {"unit": "guerillas", "cf": 2, "location": "1"},
                                  "counter_attack": True})
    assert found.get("counter_attack") == "9.4.2"


def test_fire_from_a_zone_not_under_usmc_control_is_refused():
    found = _problems("fire", {"shooter": {"cf": 5, "location": "C", "zone_controlled": False},
                               "target": {"unit": "martyrs", "cf": 2, "location": "C", "zone": "normal"}})
    assert found == {"shooter.zone_controlled": "11.1"}


def test_more_squads_withdrawn_than_reduced_is_refused():
    found = _problems("victory", {"last_turn_played": 13, "squads_withdrawn": 2, "squads_reduced": 1})
    assert found == {"squads_withdrawn": "12.4.3"}
    assert adjudicate("victory", {"last_turn_played": 13, "squads_withdrawn": 1, "squads_reduced": 1})


def test_a_no_insurgents_event_marker_needs_a_security_element():
    base = {"attacker": {"cf": 5, "location": "C"}, "no_insurgent_event": True}
    found = _problems("assault", {**base, "defender": {"unit": "martyrs", "cf": 2, "location": "1"}})
    assert found == {"no_insurgent_event": "13.6.4"}
    assert adjudicate("assault", {**base, "defender": {"unit": "martyrs", "cf": 2, "location": "1",
                                                       "security_element_in_zone": True}})


def test_cf_8_on_a_reduced_squad_is_refused():
    assert _problems("ied", {"cf": 8, "reduced": True}) == {"cf": "5.1.1.1"}
    assert adjudicate("ied", {"cf": 8, "reduced": False})  # full strength with a 'Medal of Honor'


def test_explosives_are_kept_when_the_suspect_is_a_dummy():
    answer = adjudicate("assault", {"attacker": {"cf": 5, "location": "C", "explosives": True},
                                    "defender": {"unit": "suspect", "location": "1", "zone": "normal"},
                                    "rolls": {"activation": 1}})
    assert answer.result is not None
    steps = [s.en for s in answer.result.steps]
    assert not any("is withdrawn from the game" in s and "Explosives" in s for s in steps), steps
    assert any("keeps its 'Explosives' marker" in s for s in steps)


def test_a_suspect_revealed_as_guerillas_is_averaged_over_cf_1_to_3():
    """Reproduction: the drawn counter of a 'Suspect' that becomes 'Guerillas' was averaged over CF 1-4."""
    from adjudicator.games.phantom_fury import activation
    from adjudicator.games.phantom_fury.assault.engine import distribution
    from adjudicator.games.phantom_fury.assault.situation import (
        AssaultRolls,
        AssaultSituation,
        build,
        check,
    )
    from adjudicator.games.phantom_fury.rulebook import current

    book = current()
    face = next(f for f in range(10) if activation.outcome_of(book, "normal", f, "assault") == "guerillas")
    model = AssaultSituation.model_validate({"attacker": {"cf": 5, "location": "C"},
                                             "defender": {"unit": "suspect", "location": "1", "zone": "normal"}})
    setup = build(model, book, check(model, book))
    _, per_cf = distribution(setup, book, AssaultRolls(activation=face))
    assert {cf for cf, table in per_cf.items() if table.total} == {1, 2, 3}
    assert _problems("assault", {"attacker": {"cf": 5, "location": "C"},
                                 "defender": {"unit": "suspect", "location": "1", "zone": "normal"},
                                 "rolls": {"activation": face, "drawn_cf": 4}}) == {"rolls.drawn_cf": "5.2"}
