"""Rulings beside the rule in the companion (issue 21, item 2), on a real database: a ruling the
player enters shows on the rule page, the sheet and in search; one that picks a reading of a
registered ambiguity changes the adjudicator's answer; bad input is a 400 naming the field."""

from __future__ import annotations

import json
from html.parser import HTMLParser

from tests.test_web_fixtures import app, client  # noqa: F401  (fixtures)

BFF = "battle-for-fallujah"
#: a Coalition Assault whose attacker rolls as many successes as the defender's TN: a tie
TIE = {
    "mission": "assault", "attacker": "coalition", "terrain": "urban",
    "attacking": [{"source": "lead", "white": 4, "unit": "combat_unit"}],
    "defending": [{"source": "lead", "white": 2}],
    "rolls": {"defending": {"white": [6, 6, 1]}, "attacking": {"white": [6, 6, 1, 1, 1]}},
}


def _post(client, body):  # noqa: F811
    return client.post("/api/rulings", data=json.dumps(body), content_type="application/json")


def _tie_vp(client) -> int:  # noqa: F811
    answer = client.post(f"/api/adjudicate/operation?game={BFF}", data=json.dumps(TIE), content_type="application/json")
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()
    assert data["result"]["mof"] == 0
    return int(data["result"]["vp"])


def test_a_house_ruling_shows_on_the_rule_page_the_sheet_and_in_search(client):  # noqa: F811
    made = _post(client, {"game": BFF, "kind": "house", "rules": ["7.6.1"],
                          "text": "We read the Margin of Success as successes minus TN, always."})
    assert made.status_code == 201, made.get_json()
    assert made.get_json()["kind"] == "house" and made.get_json()["rules"] == ["7.6.1"]
    page = client.get(f"/rule/en/7.6.1?game={BFF}").get_data(as_text=True)
    assert "We read the Margin of Success as successes minus TN, always." in page
    assert "House ruling" in page
    assert "Subtract the Successes from the TN." in page  # the rule itself
    assert "reversed" in page  # and the register's erratum beside it
    sheet = client.get(f"/rule/en/7.6.1/sheet?game={BFF}").get_data(as_text=True)
    assert "We read the Margin of Success as successes minus TN, always." in sheet
    found = client.get(f"/search?q=7.6.1&game={BFF}").get_data(as_text=True)
    hit = found[found.index('href="/rule/en/7.6.1'):]
    assert 'class="badge ruling-mark"' in hit[: hit.index("</li>")]
    listed = client.get(f"/api/rulings?game={BFF}").get_json()
    assert listed["edition"] == "Rulebook v1.0"
    assert [r["text"] for r in listed["rulings"]] == ["We read the Margin of Success as successes minus TN, always."]


def test_search_marks_only_the_rules_that_have_a_ruling(client):  # noqa: F811
    page = client.get(f"/search?q=margin+of+success&game={BFF}").get_data(as_text=True)
    items = page.split("<li>")[1:]
    marked = [item for item in items if "ruling-mark" in item]
    assert any('href="/rule/en/7.6.1' in item for item in marked)  # its erratum
    assert len(marked) < len(items)


def test_a_ruling_that_picks_a_reading_changes_the_adjudicators_answer(client):  # noqa: F811
    assert _tie_vp(client) == -1  # the default reading: the printed minimum of -1 IVP
    made = _post(client, {"game": BFF, "kind": "house", "rules": ["18.5.1"], "ambiguity": "bff-tie-ivp",
                          "reading": "no-margin-no-ivp", "text": "A tie costs nothing at our table."})
    assert made.status_code == 201, made.get_json()
    assert _tie_vp(client) == 0
    listed = client.get(f"/api/rulings?game={BFF}").get_json()
    assert listed["readings"]["bff-tie-ivp"] == "no-margin-no-ivp"
    page = client.get(f"/rule/en/18.5.1?game={BFF}").get_data(as_text=True)
    assert "Picks reading no-margin-no-ivp of bff-tie-ivp" in page
    # a request that picks a reading itself keeps its own pick
    own = {**TIE, "readings": {"bff-tie-ivp": "minimum-applies"}}
    answer = client.post(f"/api/adjudicate/operation?game={BFF}", data=json.dumps(own), content_type="application/json")
    assert answer.get_json()["result"]["vp"] == -1


def test_the_rule_page_offers_each_other_reading_as_a_ruling_the_api_accepts(client):  # noqa: F811
    page = client.get(f"/rule/en/18.5.1?game={BFF}").get_data(as_text=True)

    class Buttons(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.bodies: list[dict] = []

        def handle_starttag(self, tag, attrs):
            attributes = dict(attrs)
            if tag == "button" and attributes.get("data-api") == "/api/rulings":
                self.bodies.append(json.loads(attributes["data-fields"]))

    parser = Buttons()
    parser.feed(page)
    assert [b["reading"] for b in parser.bodies] == ["no-margin-no-ivp"]
    assert _post(client, parser.bodies[0]).status_code == 201
    assert _tie_vp(client) == 0


def test_bad_rulings_are_refused_naming_each_field(client):  # noqa: F811
    bad = _post(client, {"game": BFF, "kind": "decree", "rules": ["99.9", "7.6.1"], "text": "",
                         "ambiguity": "bff-tie-ivp", "reading": "whatever"})
    assert bad.status_code == 400
    fields = {p["field"] for p in bad.get_json()["problems"]}
    assert fields == {"kind", "rules.0", "text", "reading"}
    assert _post(client, {"game": BFF, "kind": "clarification", "rules": ["7.6.1"], "text": "x"}).get_json()["problems"][0]["field"] == "source"
    assert _post(client, {"game": "nope", "kind": "house", "rules": ["1"], "text": "x"}).status_code == 404
    assert _post(client, {"game": BFF, "kind": "house", "rules": ["7.6.1"], "text": "x", "ambiguity": "bff-tie-ivp"}).status_code == 400
    assert client.get(f"/api/rulings?game={BFF}").get_json()["rulings"] == []


def test_a_clarification_carries_its_source(client):  # noqa: F811
    made = _post(client, {"game": "second-fallujah", "kind": "clarification", "rules": ["7.2.4"],
                          "source": "the designer, asked by mail", "text": "The lead counts.",
                          "ambiguity": "sf-integrity-lead", "reading": "lead-counts"})
    assert made.status_code == 201
    page = client.get("/rule/en/7.2.4?game=second-fallujah").get_data(as_text=True)
    assert "Source: the designer, asked by mail" in page and "Clarification" in page


def test_a_recorded_adjudication_keeps_the_reading_the_players_ruling_picks(client):  # noqa: F811
    from tests.test_bff_companion import Bff

    player = Bff.new(client)
    assert _post(client, {"game": BFF, "kind": "house", "rules": ["18.5.1"], "ambiguity": "bff-tie-ivp",
                          "reading": "no-margin-no-ivp", "text": "A tie costs nothing."}).status_code == 201
    player.act("adjudication", situation="operation", input=TIE, rolls_by="player")
    events = client.get(f"/api/games/{player.id}/log").get_json()["events"]
    recorded = next(e for e in events if e["type"] == "adjudication")
    assert recorded["payload"]["input"]["readings"] == {"bff-tie-ivp": "no-margin-no-ivp"}
    assert recorded["payload"]["result"]["result"]["vp"] == 0
