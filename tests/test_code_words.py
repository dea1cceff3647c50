"""Issue 24, item 8: text a player reads is in the rulebook's words, never a code identifier. Each
game's scripted sample game (its companion's ``sample``, imported through the API) is walked page
by page with the test client: the game page, its log, every calculator, the rules and the setup
reached from them by a link; the visible text of each page (scripts, styles, templates and tags
left out) is scanned for snake_case names, counter ids (``squad-1``), rule slugs and situation
names (``recon-phase``, ``coalition-attack``) and dotted field paths (``shooter.cf``). Only the
rule terms of ``ALLOWED`` pass. A game's stored effects (its English record, with ids) are
worded when a page shows them (``Companion.effect_words``)."""

from __future__ import annotations

import html as entities
import re
from collections import deque
from typing import Any

import pytest

from adjudicator import registry as situations
from web import games as registry

from .test_conformance_web import rule_ids
from .test_web_fixtures import sample_export, sqlite_client

#: snake_case, a counter's id ("squad-1", "cadre-5"), a dotted path ("rolls.offense")
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
NUMBERED = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+\b")
DOTTED = re.compile(r"\b[a-z_]{2,}\.[a-z_]{2,}(?:\.[a-z_0-9]+)*\b")
KEBAB = re.compile(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b")

#: the rulebooks' own terms that look like identifiers
ALLOWED = frozenset({
    "errata.yaml",  # the register of the rulebooks' errors, named where an answer follows one of its readings
})

#: the walk stays in the game: its pages, the calculators, one page of each other kind
FOLLOWED = re.compile(r"^/(games/|calculator/|rule/|search|log)")
PAGES = 80


def _visible(page: str) -> str:
    for tag in ("script", "style", "template", "noscript", "svg"):
        page = re.sub(rf"<{tag}\b.*?</{tag}>", " ", page, flags=re.DOTALL | re.IGNORECASE)
    return entities.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def identifiers(text: str, named: frozenset[str]) -> set[str]:
    """The code identifiers in ``text``: snake_case, numbered ids, dotted paths, and the kebab-case
    names the project gives (rule slugs, situations)."""
    found = set(SNAKE.findall(text)) | set(NUMBERED.findall(text)) | set(DOTTED.findall(text))
    found |= {word for word in KEBAB.findall(text) if word in named}
    return found - ALLOWED


def _named(game: str) -> frozenset[str]:
    """The kebab-case names of ``game`` a page could show in place of words: its situations and
    its rules' slugs."""
    return frozenset({*situations.situations(game), *(rule for rule in rule_ids(game) if "-" in rule)})


def _links(page: str) -> list[str]:
    return [entities.unescape(h) for h in re.findall(r'href="(/[^"#]*)', page)]


def crawl(client: Any, start: str, game_id: str) -> dict[str, str]:
    """Every page reached from ``start`` by the links it shows (the game's pages, calculators, one
    rule page, one search, one page per address and query's keys), at most ``PAGES``; each page's visible text by its address."""
    seen: dict[str, str] = {}
    queue = deque([start])
    kinds: set[str] = set()
    while queue and len(seen) < PAGES:
        url = queue.popleft()
        if url in seen:
            continue
        path, _, query = url.partition("?")
        kind = ("rule" if path.startswith("/rule/") else "search" if path.startswith("/search")
                else path + "?" + ",".join(sorted(part.split("=")[0] for part in query.split("&") if part)))
        if kind in kinds:  # one page per template and query: a Zone's panel is every Zone's
            continue
        answer = client.get(url)
        if answer.status_code != 200 or "text/html" not in answer.content_type:
            continue
        kinds.add(kind)
        page = answer.get_data(as_text=True)
        seen[url] = _visible(page)
        for link in _links(page):
            if FOLLOWED.match(link) and "lang=" not in link and "/export" not in link and (
                    not link.startswith("/games/") or link.startswith((f"/games/{game_id}", "/games/new"))):
                queue.append(link)
    return seen


@pytest.mark.parametrize("game", sorted(registry.companions()))
def test_no_page_of_a_scripted_game_shows_a_code_identifier(game, tmp_path):
    with sqlite_client(tmp_path) as client:
        made = client.post("/api/games/import", json=sample_export(game))
        assert made.status_code == 201, made.get_json()
        game_id = made.get_json()["id"]
        pages = crawl(client, f"/games/{game_id}", game_id)
        assert f"/games/{game_id}" in pages and any("/calculator/" in url for url in pages)
        named = _named(game)
        found = {url: sorted(identifiers(text, named)) for url, text in pages.items()}
        assert {url: words for url, words in found.items() if words} == {}


def test_the_scan_finds_each_kind_of_identifier():
    named = frozenset({"recon-phase"})
    text = "Target: squad-1 in dragon_eye; cards: []: at least 1 items (shooter.cf); see recon-phase. A re-roll, e.g. 11.3."
    assert identifiers(text, named) == {"squad-1", "dragon_eye", "shooter.cf", "recon-phase"}
