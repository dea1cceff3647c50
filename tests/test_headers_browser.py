"""Issue 24: the game's status in the header on a phone (390 px). Phantom Fury's Phase was cut to
"Su…"; the card game's score, shrunk under its number, was drawn over the deck count (a score of
209 with 0 cards left read "2090")."""

from __future__ import annotations

from itertools import pairwise

import pytest

from tests.browser import VIEWPORTS

from .test_calc_browser import START

#: each figure of the status: whether its text fits its box, and its box's left and right edges
FIGURES = """() => [...document.querySelectorAll("header .status > div")].map((div) => {
  const dd = div.querySelector("dd"); const box = div.getBoundingClientRect();
  return {name: dd.className, fits: dd.scrollWidth <= dd.clientWidth + 1, left: box.left, right: box.right,
          text: dd.textContent.trim()};
})"""


@pytest.mark.parametrize("game", ["phantom-fury", "fallujah-cards"])
def test_the_phone_headers_status_shows_each_figure_whole_and_apart(pages, live_server, game):
    client = live_server.app.test_client()
    setup = {"game": game, "name": "Jolan, 9 November 2004"}
    if game == "phantom-fury":
        setup |= {"strong_points": 2, "start_zones": START,
                  "squads": [{"counter": n, "cf": 4, "zone": z, "caat": n <= 4} for n, z in enumerate(START, 1)]}
    game_id = client.post("/api/games", json=setup).get_json()["id"]
    with pages.lend(**VIEWPORTS["phone"]) as tab:
        tab.goto(f"{live_server.url}/games/{game_id}")
        if game == "fallujah-cards":  # the end of a game: a score of three digits, no card left
            tab.evaluate("""() => { document.querySelector("header .status dd.score").textContent = "209";
                                    document.querySelector("header .status dd.deck").textContent = "0"; }""")
        figures = tab.evaluate(FIGURES)
        assert len(figures) >= 3
        assert all(f["fits"] for f in figures), figures
        assert all(a["right"] <= b["left"] for a, b in pairwise(figures)), figures
        assert tab.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS["phone"]["viewport"]["width"]
