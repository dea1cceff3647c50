"""The bot shows its decision and its trace in the rulebook's words before it acts (issue 24,
item 5): each criterion's printed sentence (verbatim from the rules data), the candidates kept
named as a player names them with the counts that decided them, "ignored: no candidate meets it"
where 12.2 step 2 says so, never a code name; its dice rolled by the app or entered at once; and
"End the impulse" not offered while the bot's impulse decision is due."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest

from web.games.second_fallujah import trace

pytest_plugins = ["tests.test_web_fixtures"]

SF = "second-fallujah"
#: a copy keyed by a player (test values: the rulebook prints neither TEMs nor adjacency)
AREAS = {str(a): {"tem": 2 if a % 7 == 0 else 1, "adjacent": [b for b in (a - 1, a + 1) if 1 <= b <= 51]} for a in range(1, 52)}
MAP = {"format": "second-fallujah-map", "areas": AREAS}
#: code names the page must never show (the criteria's keys, the actions' keys)
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b|\bbot-[a-z]+\b|\b(?:militia|cadre|fedayeen)-\d+\b")


class Visible(HTMLParser):
    """The text a reader sees (no attribute, script or style)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.hidden += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def visible(html: str, section: str) -> str:
    """The visible text of the page's element ``id=section``."""
    start = html.index(f'id="{section}"')
    start = html.rindex("<", 0, start)
    tag = re.match(r"<(\w+)", html[start:]).group(1)  # type: ignore[union-attr]
    end, depth, at = None, 0, start
    for m in re.finditer(rf"<(/?){tag}\b", html[start:]):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            end = start + m.end()
            break
    parser = Visible()
    parser.feed(html[at:end])
    return " ".join(" ".join(parser.parts).split())


def new_game(client: Any) -> dict[str, Any]:
    answer = client.post("/api/games", json={"game": SF, "map": MAP})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def act(client: Any, game: dict[str, Any], **action: Any) -> dict[str, Any]:
    answer = client.post(f"/api/games/{game['id']}/actions", json={**action, "expected_version": game["version"]})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_every_criterion_the_bot_can_name_has_its_printed_sentence():
    from rules_text.loading import load_game

    corpus = load_game(SF).corpus("en")
    for (rule, criterion), (where, start) in trace.PRINTED.items():
        words = trace.printed_in(where, start)
        assert words.startswith(start) and words in corpus.by_id[where].source_text, (rule, criterion)
    for table_id in ("attack-target-priorities", "attack-origin-priorities", "organize-resistance-priorities",
                     "retreat-priorities", "casualty-priorities", "mulligan-conditions", "attack-conditions"):
        table = load_game(SF).tables[table_id]
        for row in table.rows:
            printed, _ = trace.sentence(table.rule, row.result)
            assert printed is not None and row.text.en in printed, (table_id, row.result)


def test_the_trace_shows_printed_sentences_counts_and_ignored_criteria_without_code_names(client):
    game = new_game(client)
    game = act(client, game, type="end_impulse", passed=True)  # Nov 8, the Coalition's impulse 0 (11.2)
    bot = game["bot"]
    assert bot["situation"] == "bot-impulse" and bot["decision"]["action"] == "organize_resistance"
    # 12.2 step 2: no candidate is a Contested area, so criterion 1 of 14.2 is ignored
    contested = next(i for i, e in enumerate(bot["trace"]) if (e["rule"], e["criterion"]) == ("14.2", "contested"))
    from web.games.second_fallujah import bot as companion_bot

    turn = companion_bot.evaluate(client.application.extensions["fallujah.store"].state(game["id"]))
    assert turn is not None and contested in turn.answer["ignored"]  # type: ignore[index]
    asked = client.post("/api/adjudicate/bot-impulse?game=second-fallujah", json=turn.input).get_json()
    assert asked["ignored"] == turn.answer["ignored"]  # type: ignore[index]
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    words = visible(page, "bot-trace")
    assert "1. Contested area ignored: no candidate meets it" in words
    assert "3. Area adjacent to the most areas containing any Coalition units (count an Entry Zone as one area)" in words
    assert "3. Check to see if there are any Cadre units that can Organize Resistance." in words
    assert re.search(r"counts: area \d+: \d+", words), words
    assert "kept: area" in words
    assert not CODE.findall(visible(page, "bot")), CODE.findall(visible(page, "bot"))
    # the bot's own impulse: its decision first, "End the impulse" and "Pass" are not offered
    tracker = visible(page, "now")
    assert "End the impulse" not in tracker and "Pass" not in tracker and "The bot's impulse" in tracker


def test_the_recorded_decision_keeps_its_trace_in_words_and_the_bot_s_impulse_then_ends(client):
    game = new_game(client)
    game = act(client, game, type="end_impulse", passed=True)
    store = client.application.extensions["fallujah.store"]
    from web.games.second_fallujah import bot

    turn = bot.evaluate(store.state(game["id"]))
    assert turn is not None
    body = dict(turn.input)
    game = act(client, game, type="adjudication", situation="bot-impulse", input=body)
    assert [e["criterion"] for e in game["bot_last"]["trace"] if e.get("ignored")] == ["contested"]
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    words = visible(page, "bot-last-trace")
    assert "ignored: no candidate meets it" in words and "1. Contested area" in words
    assert not CODE.findall(visible(page, "bot"))
    assert "End the bot's impulse" in visible(page, "now")


@pytest.mark.parametrize("how", ["app", "player"])
def test_the_set_up_dice_are_rolled_or_entered_at_once(client, how):
    copy = client.post("/api/copies", json={"game": SF, "name": "mine", "data": MAP}).get_json()
    game = client.post("/api/games", json={"game": SF, "copy": copy["id"]}).get_json()
    fields = [n["field"] for n in game["bot"]["needs"]]
    assert fields == [f"dice.rolls.{a}" for a in range(7, 52, 7)]
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Roll the 7 D6 for me" in visible(page, "bot-dice")
    if how == "app":
        game = act(client, game, type="roll", dice=len(fields), die="d6", purpose="bot", fields=fields, rules=["12.2"])
    else:
        bad = client.post(f"/api/games/{game['id']}/actions", json={"type": "bot_dice", "fields": fields, "faces": [6] * 6,
                                                                      "expected_version": game["version"]})
        assert bad.status_code == 422 and bad.get_json()["problems"][0]["field"] == "faces"
        bad = client.post(f"/api/games/{game['id']}/actions", json={"type": "bot_dice", "fields": fields, "faces": [9] * 7,
                                                                      "expected_version": game["version"]})
        assert bad.status_code == 422 and "1 to 6" in bad.get_json()["error"]
        game = act(client, game, type="bot_dice", fields=fields, faces=[6, 1, 6, 1, 6, 1, 6], rules=["12.2"])
        assert game["bot"]["decision"]["fedayeen"] == 4  # 6 on TEM 2 (13)
    # the app's dice are drawn from the game's own stream (web.randomness): undoing them and rolling
    # again gives the same dice, so that roll may be undone; the player's own dice are kept
    assert game["bot"]["decision"] is not None and game["can_undo"] is (how == "app")
    words = visible(client.get(f"/games/{game['id']}").get_data(as_text=True), "bot-trace")
    assert "Place a Cadre in every mosque area and in both Jolan areas." in words
    assert re.search(r"Roll 1D6 for every space with TEM of 2 or 3, .* dice: area 7: \d", words), words
