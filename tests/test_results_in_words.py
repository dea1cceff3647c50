"""Issue 24, "Results on the web": the calculator's answer in words, in rule order, as complete as
the CLI's (the one server renderer, web/calculator_answer.py and calculator/_answer.html); a
refused form says what is wrong in the form's words."""

from __future__ import annotations

import html as entities
import re

from .conftest import ROOT
from .test_web_fixtures import app, client  # noqa: F401  (fixtures)

OPERATION = {"mission": "assault", "terrain": "dense_urban", "attacking": [{"source": "lead", "white": 2}]}


def _regions(html: str) -> dict[str, str]:
    return dict(re.findall(r'<template data-swap="([a-z-]+)">(.*?)</template>', html, re.DOTALL))


def _text(html: str) -> str:
    return entities.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


def test_a_wrong_dice_count_is_answered_in_the_forms_words_not_a_count_of_problems(client):  # noqa: F811
    """One white die entered for a pool of two (17.2.5): the reply's ``error`` is the line the page
    shows, naming the field by its label, never its dotted path."""
    body = {**OPERATION, "rolls": {"attacking": {"white": [3]}}}
    reply = client.post("/calculator/operation/answer?game=battle-for-fallujah&lang=en", json=body)
    assert reply.status_code == 400
    data = reply.get_json()
    assert data["problems"][0]["field"] == "rolls.attacking.white"
    assert data["error"] == "Attacker's white dice rolled: 2 white dice: the attacking pool (with 0 white Terrain dice) (17.2.5)"
    assert data["problems"][0]["words"] == data["error"]
    # a row's field: its list's label and the row's number
    rows = client.post("/calculator/coalition-attack/answer?game=second-fallujah&lang=en", json={
        "lead": {"type": "infantry", "nationality": "usmc", "cf": 4}, "tem": 0,
        "defenders": [{"type": "fedayeen", "cf": 3}, {"type": "fedayeen", "cf": 99}]}).get_json()
    assert "defenders.1" not in rows["error"] and "(row 2)" in rows["error"]


def test_an_operations_odds_come_in_words_outcome_first_each_distribution_in_order_with_at_least_and_at_most(client):  # noqa: F811
    """Battle for Fallujah's Operation: success 1/8 first, then each distribution under its
    rulebook name (never ``mof``, ``target_number``), its values in order (a margin of -3 before
    3), each with the chance of at least and at most it (the adjudicator's ``summary``)."""
    body = {**OPERATION, "defending": [{"source": "resistance", "white": 1}]}
    html = client.post("/calculator/operation/answer?game=battle-for-fallujah&lang=en", json=body).get_data(as_text=True)
    odds = _regions(html)["calc-odds"]
    titles = [_text(t) for t in re.findall(r"<h3>(.*?)</h3>", odds)]
    assert titles == ["Outcome", "Successes minus the Target Number", "Margin of Failure", "Victory Points", "Target Number"]
    assert _text(odds).startswith("Outcome Success 12.5 % (1/8) Failure 87.5 % (7/8)")
    margin = re.search(r'data-question="margin">(.*?)</section>', odds, re.DOTALL).group(1)
    assert [_text(v) for v in re.findall(r'<th scope="row"[^>]*>(.*?)</th>', margin)] == ["-3", "-2", "-1", "0", "1"]
    # margin -1: 11/32; at least -1: 1 - 1/32 - 5/32 = 26/32 = 81.2 %; at most -1: 17/32 = 53.1 %
    row = re.search(r'data-outcome="-1">(.*?)</tr>', margin, re.DOTALL).group(1)
    assert _text(row) == "-1 34.4 % 81.2 % 53.1 %"
    assert "at least" in margin and "at most" in margin and "Mean -0.62, standard deviation 0.99" in _text(margin)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", _text(odds))


def test_a_coalition_attacks_result_says_its_casualty_points_and_the_overrun(client):  # noqa: F811
    """Second Fallujah, 9 + 4 against 5 + 3: a success by 5, 5 Insurgent CP and an Overrun (7.2.7)."""
    body = {"lead": {"type": "infantry", "nationality": "usmc", "cf": 4}, "tem": 0,
            "defenders": [{"type": "fedayeen", "cf": 3}], "rolls": {"offense": 9, "defense": 5}}
    html = client.post("/calculator/coalition-attack/answer?game=second-fallujah&lang=en", json=body).get_data(as_text=True)
    result = _text(_regions(html)["calc-result"])
    assert result.startswith("Success Offensive Total: 13 · Defensive Total: 8 · Insurgent Casualty Points: 5 · "
                             "Coalition Casualty Points: 0 · Political Backlash: 0 · Overrun")
    french = client.post("/calculator/coalition-attack/answer?game=second-fallujah&lang=fr", json=body).get_data(as_text=True)
    assert "Total offensif: 13 · Total défensif: 8" in _text(_regions(french)["calc-result"])


def test_a_fire_on_a_suspect_marker_shows_what_a_hit_reveals(client):  # noqa: F811
    """Phantom Fury, Fire at a 'Suspect' marker: the CLI prints the Activation after a hit (11.2.1);
    the web shows it too, under the game's words."""
    body = {"shooter": {"cf": 5, "location": "C"}, "target": {"unit": "suspect", "location": "1", "zone": "normal"}}
    html = client.post("/calculator/fire/answer?game=phantom-fury&lang=en", json=body).get_data(as_text=True)
    reveals = re.search(r'data-question="after_hit">(.*?)</section>', _regions(html)["calc-odds"], re.DOTALL)
    assert reveals is not None
    assert _text(reveals.group(1)) == ("After a hit: what the 'Suspect' marker reveals (its Activation) No effect 50 % "
                                       "Dummy (false alert) 25 % 'Guerillas' drawn 15 % 'Martyrs' drawn 5 % Sniper Attack 5 %")


def test_the_intelligence_phases_placing_step_is_the_rulebooks_text_not_cut_mid_sentence(client):  # noqa: F811
    """11.3 and 11.3.1 as the source prints them (the step read "those that cannot be placed are
    not"); a game recorded with the old words still loads (its steps cite the same rules)."""
    answer = client.post("/api/adjudicate/intelligence?game=battle-for-fallujah",
                         json={"pacified_modifier": 0, "roll": 5}).get_json()
    step = next(s for s in answer["result"]["steps"] if s["rule"] == "11.3")
    printed = ["Wanted! Markers are placed one per hex within the following restrictions...",
               "Wanted! Markers that cannot be placed due to the above restrictions are not put on the map."]
    for shared in (ROOT.parent / "shared", ROOT.parent.parent / "shared"):  # the main checkout, a worktree
        source = shared / "sources" / "002_04711c80c068b52e.txt"
        if source.exists():
            assert all(sentence in source.read_text(encoding="utf-8") for sentence in printed)
    assert step["en"] == f"{printed[0]} {printed[1][:-1]} (11.3.1)."


def test_applying_the_intelligence_roll_does_not_end_the_phase(client):  # noqa: F811
    """Battle for Fallujah: the Intelligence roll's page once offered one change, "Place the N
    Wanted! markers..., then go on", whose Apply ended the Phase (next_phase). Nothing is applied
    from it now: the markers go on the hexes' panels, the Phase ends from the game page."""
    game_id = client.post("/api/games", json={"game": "battle-for-fallujah", "name": "intel"}).get_json()["id"]
    version = client.get(f"/api/games/{game_id}").get_json()["version"]
    reply = client.post(f"/api/games/{game_id}/actions", json={
        "type": "adjudication", "situation": "intelligence", "input": {"pacified_modifier": 0, "roll": 5},
        "rolls_by": "player", "expected_version": version})
    assert reply.status_code == 200, reply.get_json()
    recorded = reply.get_json()["version"]
    page = client.get(f"/games/{game_id}/calculator/intelligence?recorded={recorded}").get_data(as_text=True)
    assert "next_phase" not in page and "calc-apply-all" not in page
    assert client.get(f"/api/games/{game_id}").get_json()["phase"] == "intelligence"
