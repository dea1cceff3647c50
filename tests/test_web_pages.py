"""The HTML pages with Flask's test client, on a real database (SQLite, and PostgreSQL when
TEST_DATABASE_URL is set): they render for a fresh and a played game in both languages, escape
what players type, carry the CSRF token on any form posting to an HTML route, answer 404 pages
for what does not exist, and every button's body is an action the API accepts."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest

from tests.test_web_fixtures import ORDER_OF_BATTLE, Player, app, client  # noqa: F401  (fixtures)
from web.games.phantom_fury.actions import ACTION_TYPES, parse_action

SCRIPT = "<script>alert('owned')</script>"


class Tags(HTMLParser):
    """Every start tag of a page with its attributes, and the forms with the inputs inside them."""

    def __init__(self, html: str):
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.forms: list[dict[str, Any]] = []
        self._form: dict[str, Any] | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag == "form":
            self._form = {"attrs": attributes, "inputs": []}
            self.forms.append(self._form)
        elif tag in ("input", "select", "textarea", "button") and self._form is not None:
            self._form["inputs"].append(attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None


def played(client) -> Player:  # noqa: F811
    """A game with a step loss, a VP correction undone, a note, a Zone taken, a squad Pinned, a
    Security Element detached, a Phase advanced."""
    player = Player.new(client, **{**ORDER_OF_BATTLE, "name": "Jolan " + SCRIPT})
    player.act("unit_step_loss", unit="squad-1", target="squad")
    player.act("vp", reason="manual", value=3, note="miscount " + SCRIPT)
    player.undo()
    player.act("note", text="sniper in 12 " + SCRIPT)
    player.act("zone_control", zone=2, side="usmc")
    player.act("unit_status", unit="squad-2", status="pinned")
    player.act("unit_move", unit="squad-3", position={"zone": 4, "location": "C"})
    player.act("security_element_detach", unit="squad-3")
    player.act("next_phase")
    return player


def pages_of(game_id: str) -> list[str]:
    return ["/", "/games/new", f"/games/{game_id}", f"/games/{game_id}?zone=2", f"/games/{game_id}?zone=26",
            f"/games/{game_id}/log", "/search?q=sniper", "/search?q=11.4", "/rule/en/11.4.2", "/rule/fr/11.4.2",
            "/rule/en/4.1"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_renders_for_a_fresh_and_a_played_game_in_both_languages(client, lang):  # noqa: F811
    fresh = Player.new(client)
    game = played(client)
    for game_id in (fresh.id, game.id):
        for path in pages_of(game_id):
            response = client.get(path + ("&" if "?" in path else "?") + f"lang={lang}")
            assert response.status_code == 200, path
            assert response.mimetype == "text/html"
            assert f'<html lang="{lang}">' in response.get_data(as_text=True)


def test_the_game_page_shows_turn_phase_vp_checklist_units_and_zones(client):  # noqa: F811
    game = played(client)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    header = html.split("<main", 1)[0]
    assert '<dd class="phase">Reinforcements</dd>' in header
    assert '<dd class="vp vp-bitter">-2</dd>' in header
    assert 'class="turn">1<small>/16</small>' in header
    for reminder in game.state["reminders"]:
        assert reminder["text"]["en"].replace("'", "&#39;") in html
        for rule in reminder["rules"]:
            assert f'href="/rule/en/{rule}"' in html or f'href="/rule/fr/{rule}"' in html
    assert html.count('<li><a href="/games/' + game.id + "?zone=") == 61
    assert len(re.findall(r'<li class="unit unit-squad', html)) == 15
    assert "status-pinned" in html and "Reduced" in html
    assert 'aria-current="step">Reinforcements' in html
    assert 'id="undo-why"' not in html and "Undo takes back #10: Next Phase" in html
    assert '<circle class="vp-dot"' in html and html.count('<rect class="band') == 3
    assert f'href="/api/games/{game.id}/export"' in html


def test_french_game_page_uses_french_reminders_and_labels(client):  # noqa: F811
    game = played(client)
    html = client.get(f"/games/{game.id}?lang=fr").get_data(as_text=True)
    assert '<dd class="phase">Renfort</dd>' in html
    assert game.state["reminders"][0]["text"]["fr"].replace("'", "&#39;") in html
    assert "Phase suivante" in html and "Next Phase" not in html


def test_undo_is_disabled_with_its_reason_when_nothing_can_be_undone(client):  # noqa: F811
    game = Player.new(client, **ORDER_OF_BATTLE)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert re.search(r'data-api="/api/games/[^"]+/undo" disabled aria-describedby="undo-why"', html)
    assert '<p class="hint" id="undo-why">Nothing to undo since the setup.</p>' in html

    game.act("unit_step_loss", unit="squad-1", target="squad")
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert 'id="undo-why"' not in html
    assert "Undo takes back #2: Step Loss" in html

    # the app's roll may be undone (its dice come again, web.randomness), but not what came before it
    game.act("roll", dice=1, purpose="Sniper Attack")
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Undo takes back #3: Die roll by the app" in html
    game.undo()
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Undo stops here: a roll of the app's dice came after this action" in html
    assert re.search(r'/undo" disabled', html)


def test_redo_names_what_it_replays(client):  # noqa: F811
    game = Player.new(client, **ORDER_OF_BATTLE)
    game.act("zone_ruins", zone=30)
    game.undo()
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert 'title="Redo replays #2: Ruins"' in html


def test_what_players_type_is_escaped_everywhere(client):  # noqa: F811
    game = played(client)
    for path in ("/", f"/games/{game.id}", f"/games/{game.id}/log", f"/games/{game.id}?zone=2"):
        html = client.get(path).get_data(as_text=True)
        assert SCRIPT not in html, path
        assert "<script>alert" not in html, path
        assert "&lt;script&gt;alert(&#39;owned&#39;)&lt;/script&gt;" in html, path
    log = client.get(f"/games/{game.id}/log").get_data(as_text=True)
    assert "sniper in 12 &lt;script&gt;alert(&#39;owned&#39;)&lt;/script&gt;" in log
    assert "miscount &lt;script&gt;" in log
    assert "Jolan &lt;script&gt;" in client.get("/").get_data(as_text=True)


def test_pages_have_no_inline_script_or_style_that_the_csp_would_block(client):  # noqa: F811
    game = played(client)
    for path in pages_of(game.id):
        tags = Tags(client.get(path).get_data(as_text=True)).tags
        for tag, attrs in tags:
            assert "style" not in attrs, (path, tag, attrs)
            assert not any(name.startswith("on") for name in attrs), (path, tag, attrs)
            if tag == "script":
                assert attrs.get("src", "").startswith("/static/"), (path, attrs)


def test_every_form_posting_to_an_html_route_carries_the_csrf_token(client):  # noqa: F811
    game = played(client)
    forms = 0
    for path in pages_of(game.id):
        for form in Tags(client.get(path).get_data(as_text=True)).forms:
            forms += 1
            attrs = form["attrs"]
            if attrs.get("data-api"):
                assert attrs["data-api"].startswith("/api/"), (path, attrs)  # sent as JSON by app.js
            elif (attrs.get("method") or "get").lower() == "post":
                names = [i.get("name") for i in form["inputs"]]
                assert "csrf_token" in names, (path, attrs)
            else:
                assert (attrs.get("method") or "get").lower() == "get", (path, attrs)
    assert forms > 20


def test_every_button_and_form_body_on_the_game_page_is_an_action_the_api_accepts(client):  # noqa: F811
    game = played(client)
    fresh = Player.new(client)  # in the Support Phase: the Missions' buttons
    # on a copy of the map and counters, the app offers to draw the order of battle (6.3)
    copy = {"format": "phantom-fury-copy", "squads": [{"counter": n, "cf": 5} for n in range(1, 16)]}
    copy_id = client.post("/api/copies", json={"game": "phantom-fury", "name": "mine", "data": copy}).get_json()["id"]
    drawing = client.post("/api/games", json={"game": "phantom-fury", "strong_points": 2, "copy": copy_id}).get_json()
    seen: set[str] = set()
    for path in (f"/games/{game.id}", f"/games/{game.id}?zone=30", f"/games/{game.id}?zone=2",
                 f"/games/{game.id}/log", f"/games/{fresh.id}", f"/games/{drawing['id']}"):
        for tag, attrs in Tags(client.get(path).get_data(as_text=True)).tags:
            if not (attrs.get("data-api") or "").endswith("/actions"):
                continue  # a call to another API (the player's copy, web/copies.py)
            if tag == "button" and attrs.get("data-fields"):
                body = json.loads(attrs["data-fields"] or "")
                parse_action(body)
                seen.add(body["type"])
            elif tag == "form" and attrs.get("data-fields"):
                body = json.loads(attrs["data-fields"] or "")
                assert body["type"] in ACTION_TYPES
                seen.add(body["type"])
    pages_offer = set(ACTION_TYPES) - {"roll", "adjudication"}  # the calculator's
    assert seen == pages_offer, sorted(pages_offer - seen)


def test_a_button_body_sent_with_the_page_version_is_applied(client):  # noqa: F811
    game = Player.new(client, **ORDER_OF_BATTLE)
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    version = int(re.search(r'data-version="(\d+)"', html).group(1))
    step_loss = next(json.loads(a["data-fields"] or "") for t, a in Tags(html).tags
                     if t == "button" and '"unit_step_loss"' in (a.get("data-fields") or ""))
    response = client.post(f"/api/games/{game.id}/actions", json={**step_loss, "expected_version": version})
    assert response.status_code == 200
    assert response.get_json()["vp"] == -2


@pytest.mark.parametrize("path", ["/games/nosuchgame", "/games/nosuchgame/log", "/games/" + "x" * 80,
                                  "/rule/en/99.9", "/rule/de/1", "/rules/"])
def test_what_does_not_exist_is_a_404_page_naming_it(client, path):  # noqa: F811
    response = client.get(path)
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert 'class="error" role="alert"' in html


def test_an_unknown_game_404_names_the_id_and_a_bad_zone_names_the_range(client):  # noqa: F811
    assert "&#39;nosuchgame&#39; does not exist" in client.get("/games/nosuchgame").get_data(as_text=True)
    game = Player.new(client)
    for zone in ("62", "0", "¹", "٣", "1" * 40, "-1"):
        response = client.get(f"/games/{game.id}", query_string={"zone": zone})
        assert response.status_code == 404, zone
        assert "a Zone number from 1 to 61" in response.get_data(as_text=True)
    assert client.get(f"/games/{game.id}/log", query_string={"before": "²"}).status_code == 404


def test_the_language_is_chosen_by_query_then_cookie(client):  # noqa: F811
    assert "Your games" in client.get("/").get_data(as_text=True)
    response = client.get("/?lang=fr")
    assert "Vos parties" in response.get_data(as_text=True)
    assert "lang=fr" in response.headers["Set-Cookie"]
    assert "Vos parties" in client.get("/").get_data(as_text=True)  # the cookie
    assert "Your games" in client.get("/?lang=en").get_data(as_text=True)
    assert "Your games" in client.get("/").get_data(as_text=True)
    assert "Your games" in client.get("/?lang=klingon").get_data(as_text=True)
    html = client.get("/search?q=sniper&lang=fr").get_data(as_text=True)
    assert 'href="/search?q=sniper&amp;lang=en"' in html  # the switch keeps the page


def test_the_rule_view_links_references_breadcrumb_and_the_other_language(client):  # noqa: F811
    html = client.get("/rule/en/11.4.2").get_data(as_text=True)
    assert '[<a class="rule-link" href="/rule/en/12.5.2">12.5.2</a>]' in html
    assert 'href="/rule/en/11.4">11.4 SNIPER ATTACK</a>' in html
    assert 'href="/rule/en/example-street-crossing">EXAMPLE OF A STREET CROSSING</a>' in html
    assert 'href="/rule/fr/11.4.2"' in html
    assert 'href="/rule/en/example-street-crossing"' in html  # referenced by
    only_english = client.get("/rule/en/4.1").get_data(as_text=True)
    assert "Not in the French source" in only_english
    redirected = client.get("/rule/fr/4.1", follow_redirects=True)
    assert redirected.request.path == "/rule/en/4.1"
    assert "Absente de la source française : le texte anglais est affiché." in \
        client.get("/rule/en/4.1?missing_in=fr&lang=fr").get_data(as_text=True)
    from rules_text import load_game

    text = load_game("phantom-fury").corpus("en").get("11.4.2").text.split("[")[0]
    assert text in html


def test_search_page_gives_the_search_api_hits_and_refuses_bad_input_with_a_message(client):  # noqa: F811
    api = client.get("/api/search?q=sniper&lang=en&limit=30").get_json()
    html = client.get("/search?q=sniper&in=en").get_data(as_text=True)
    for hit in api["hits"]:
        assert f'href="/rule/en/{hit["id"]}"' in html
    assert "<mark>Sniper</mark>" in html or "<mark>sniper</mark>" in html
    bad = client.get("/search?q=sniper&kind=nonsense")
    assert bad.status_code == 400 and "kind: &#39;nonsense&#39;: one of" in bad.get_data(as_text=True)
    assert client.get("/search?q=" + "%00" * 5).status_code in (200, 400)


def test_setup_form_posts_the_api_defaults_and_import_goes_to_the_api(client):  # noqa: F811
    html = client.get("/games/new").get_data(as_text=True)
    forms = Tags(html).forms
    setup = next(f for f in forms if f["attrs"].get("data-api") == "/api/games")
    names = {i.get("name") for i in setup["inputs"]}
    assert {"name", "variant", "ruleset", "strong_points", "start_zones", "squads.8.caat", "company.2.cf",
            "battalion.2.counter"} <= names
    assert '<input type="radio" name="ruleset" value="en" checked>' in html
    assert '<input type="radio" name="ruleset" value="fr" checked>' in client.get("/games/new?lang=fr").get_data(as_text=True)
    assert setup["attrs"]["data-next"] == "/games/{id}"
    assert any(f["attrs"].get("data-api") == "/api/games/import" and "data-import" in f["attrs"] for f in forms)
    assert '<option value="2" selected>2</option>' in html


def test_every_rule_the_pages_link_opens(client):  # noqa: F811
    game = played(client)
    links: set[str] = set()
    for path in pages_of(game.id):
        for lang in ("en", "fr"):
            html = client.get(path + ("&" if "?" in path else "?") + f"lang={lang}").get_data(as_text=True)
            links.update(re.findall(r'href="(/rule/(?:en|fr)/[^"?#]+)"', html))
    assert len(links) > 60
    broken = [link for link in sorted(links) if client.get(link).status_code != 200]
    assert broken == []


def test_the_rule_view_links_the_static_site_only_once_it_is_built(app, tmp_path):  # noqa: F811
    web = app.test_client()
    assert "/rules/en/" not in web.get("/rule/en/11.4.2").get_data(as_text=True)
    site = tmp_path / "site"
    (site / "en").mkdir(parents=True)
    (site / "index.html").write_text("<html></html>")
    (site / "en" / "11-fire-combat.html").write_text("<html></html>")
    html = web.get("/rule/en/11.4.2").get_data(as_text=True)
    assert 'href="/rules/en/11-fire-combat.html#11.4.2"' in html
    assert web.get("/rules/en/11-fire-combat.html").status_code == 200
    assert '<a href="/rules/"' in web.get("/").get_data(as_text=True)


def test_a_finished_game_shows_its_outcome_and_no_next_phase(client):  # noqa: F811
    game = Player.new(client, **ORDER_OF_BATTLE)
    while game.state["outcome"] == "in_progress":
        game.act("next_phase")
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    banner = re.search(r'<p class="banner (good|bad)" role="status">(.*?)</p>', html, re.DOTALL)
    assert banner is not None
    assert {"usmc_victory": "USMC victory", "insurgent_victory": "Insurgent victory"}[game.state["outcome"]] in banner.group(2)
    assert re.search(r'<button type="button" class="primary next-phase"[^>]*disabled', html)
    assert html.count('<circle class="vp-dot"') == game.state["last_turn"]


def test_the_log_is_newest_first_with_undone_events_struck_and_pages_back(client):  # noqa: F811
    game = Player.new(client)
    for zone in range(1, 31):
        game.act("zone_counts", zone=zone, suspects=1)
    game.undo()
    html = client.get(f"/games/{game.id}/log").get_data(as_text=True)
    versions = [int(v) for v in re.findall(r'<li class="log-event[^"]*" id="event-(\d+)"', html)]
    assert versions == list(range(32, 0, -1))
    assert re.search(r'<li class="log-event undone" id="event-31">', html)
    assert "Older events" not in html

    import web.pages.game as game_pages

    game_pages.LOG_PAGE, saved = 10, game_pages.LOG_PAGE
    try:
        first = client.get(f"/games/{game.id}/log").get_data(as_text=True)
        assert [int(v) for v in re.findall(r'id="event-(\d+)"', first)] == list(range(32, 22, -1))
        assert f'href="/games/{game.id}/log?before=23"' in first
        second = client.get(f"/games/{game.id}/log?before=23").get_data(as_text=True)
        assert [int(v) for v in re.findall(r'id="event-(\d+)"', second)] == list(range(22, 12, -1))
    finally:
        game_pages.LOG_PAGE = saved
    assert client.get(f"/games/{game.id}/log?before=zero").status_code == 404


def test_every_page_route_is_in_the_readme(client):  # noqa: F811
    from tests.conftest import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    names = {"game_id": "id", "section_id": "id", "path": None}
    missing = []
    for rule in client.application.url_map.iter_rules():
        if not rule.endpoint.startswith("pages.") or "<path:" in rule.rule:
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: f"<{names.get(m.group(1), m.group(1))}>", rule.rule)
        if f"GET {path}" not in readme:
            missing.append(path)
    assert missing == []


def test_reminders_link_the_units_and_zones_they_name(client):  # noqa: F811
    game = Player.new(client, **ORDER_OF_BATTLE)
    game.act("unit_status", unit="squad-2", status="pinned")
    game.act("zone_marker", zone=14, marker="phantom_fury", present=True)
    game.to_phase("reorganisation")
    named = [r for r in game.state["reminders"] if r["units"] or r["zones"]]
    assert named
    html = client.get(f"/games/{game.id}").get_data(as_text=True)
    for reminder in named:
        for unit in reminder["units"]:
            assert f'<a class="badge" href="#unit-{unit}">{unit}</a>' in html
            assert f'id="unit-{unit}"' in html
        for zone in reminder["zones"]:
            assert f'href="/games/{game.id}?zone={zone}#zone-panel">Zone {zone}</a>' in html
