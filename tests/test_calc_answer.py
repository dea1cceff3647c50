"""Issue 20, item 3: the live and the recorded answer come from one server-side renderer.
``POST /calculator/<situation>/answer`` renders the page's regions (odds, modifiers, notes,
result, summary) from ``calculator/_answer.html``; a recorded roll's page renders the very same
regions from the answer in the log."""

from __future__ import annotations

import re

from .test_web_calculator import _recorded, player  # noqa: F401  (fixture)
from .test_web_fixtures import app, client  # noqa: F401  (fixtures)

REGIONS = ("odds-title", "calc-odds", "calc-modifiers", "calc-drm", "calc-notes", "calc-result", "calc-summary")


def _regions(html: str) -> dict[str, str]:
    return dict(re.findall(r'<template data-swap="([a-z-]+)">(.*?)</template>', html, re.DOTALL))


def test_the_recorded_answer_is_the_live_answer_rendered_by_the_same_macros(player, client):  # noqa: F811
    version, base = _recorded(player, client)
    payload = client.get(f"/api/games/{player.id}/log").get_json()["events"]
    data = next(e["payload"]["input"] for e in payload if e["version"] == version)
    live = client.post("/calculator/fire/answer", json=data)
    assert live.status_code == 200
    live_regions = _regions(live.get_data(as_text=True))
    recorded = _regions(client.get(f"{base}&recorded={version}").get_data(as_text=True))
    assert tuple(live_regions) == REGIONS
    assert recorded == live_regions
    assert "calc-steps" in live_regions["calc-result"] and "11.3" in live_regions["calc-result"]
    assert "%" in live_regions["calc-odds"] and "Odds — " in live_regions["calc-summary"]


def test_a_refused_form_is_answered_400_with_each_problem_naming_its_field(client):  # noqa: F811
    answer = client.post("/calculator/fedayeen-reaction/answer?game=second-fallujah", json={"tem": 2, "roll": 8})
    assert answer.status_code == 400
    problems = answer.get_json()["problems"]
    assert [p["field"] for p in problems] == ["roll"] and "6" in problems[0]["allowed"]
    unknown = client.post("/calculator/fireball/answer", json={})
    assert unknown.status_code == 404 and "fireball" in unknown.get_json()["error"]
    wrong = client.post("/calculator/fire/answer", data="x", content_type="text/plain")
    assert wrong.status_code == 415


def test_the_answer_speaks_the_pages_language(client):  # noqa: F811
    data = {"tem": 2, "roll": 3}
    english = _regions(client.post("/calculator/fedayeen-reaction/answer?game=second-fallujah", json=data).get_data(as_text=True))
    french = _regions(client.post("/calculator/fedayeen-reaction/answer?game=second-fallujah&lang=fr", json=data).get_data(as_text=True))
    assert english["odds-title"] == "Odds" and french["odds-title"] == "Chances"
