"""A recorded roll's consequences (web.consequence): which of them an action applied after the roll
is, by the game's identity fields; the pages' end of it is in test_web_calculator.py and
test_bff_companion.py."""

from __future__ import annotations

from web.consequence import Consequence, applied

IDENTITY = ("type", "hex", "isolated")


def test_an_applied_action_is_told_by_its_identity_fields_not_its_counts():
    media = Consequence("Media Track +2", "Média +2", ("17.2.5.1",), {"type": "media", "count": 2})
    later = [{"type": "media", "count": 1, "rules": ["17.2.5.1"]}]
    assert applied([media], later, IDENTITY) == [(media, True)]
    assert applied([media], later, ("type", "count")) == [(media, False)]


def test_a_list_in_a_payload_matches_as_the_log_stores_it():
    marker = Consequence.english("Isolated marker (1/5) in hex 2", ("25.12",), {"type": "hex", "hex": 2, "isolated": ("1/5",)})
    other = Consequence.english("Isolated marker (2/1) in hex 2", ("25.12",), {"type": "hex", "hex": 2, "isolated": ["2/1"]})
    later = [{"type": "hex", "hex": 2, "isolated": ["1/5"], "rules": ["25.12"]}]  # JSON: a list
    assert applied([marker, other], later, IDENTITY) == [(marker, True), (other, False)]


def test_a_follow_up_roll_is_never_applied_and_an_english_one_reads_the_same_in_french():
    roll = Consequence.english("Then the Insurgent Reaction", ("22.2",), calculator="insurgent-reaction", query={"hex": 2})
    assert (roll.fr, roll.payload(), roll.query) == ("Then the Insurgent Reaction", None, {"hex": 2})
    assert applied([roll], [{"type": "note", "text": "x"}], ("type",)) == [(roll, False)]
