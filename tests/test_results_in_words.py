"""Issue 24, "Results on the web": the calculator's answer in words, in rule order, as complete as
the CLI's (the one server renderer, web/calculator_answer.py and calculator/_answer.html); a
refused form says what is wrong in the form's words."""

from __future__ import annotations

import re

from .test_web_fixtures import app, client  # noqa: F401  (fixtures)

OPERATION = {"mission": "assault", "terrain": "dense_urban", "attacking": [{"source": "lead", "white": 2}]}


def _regions(html: str) -> dict[str, str]:
    return dict(re.findall(r'<template data-swap="([a-z-]+)">(.*?)</template>', html, re.DOTALL))


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


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
