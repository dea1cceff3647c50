"""Battle for Fallujah's pages speak through the catalogues (issue 24, item 8): no English text is
written in its templates outside ``_()`` (a text between tags, or a label, title or placeholder a
player reads), so that every word a player reads has its French; and its game page reads in
French."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_fix_table import Game
from web.games.battle_for_fallujah.sample import events as bff_events

from .test_web_fixtures import make_app

TEMPLATES = Path(__file__).resolve().parent.parent / "web" / "games" / "battle_for_fallujah" / "templates"
#: attributes whose value a player reads (or hears)
READ = re.compile(r'\b(aria-label|title|placeholder|alt|data-confirm|data-import-empty)="([^"]*)"')


def bare_text(template: str) -> list[str]:
    """The English a template writes outside the catalogue: its text between tags and its read
    attributes, with the Jinja comments, statements and expressions left out."""
    text = re.sub(r"\{#.*?#\}", " ", template, flags=re.DOTALL)
    text = re.sub(r"\{%.*?%\}", " ", text, flags=re.DOTALL)
    text = re.sub(r"\{\{.*?\}\}", " ", text, flags=re.DOTALL)
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.DOTALL)
    found = [value.strip() for _name, value in READ.findall(text) if re.search(r"[A-Za-z]{2,}", value)]
    between = re.sub(r"<[^>]+>", "\n", text)
    found += [line.strip() for line in between.split("\n") if re.search(r"[A-Za-z]{2,}", line)]
    return found


@pytest.mark.parametrize("template", sorted(p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*.html")))
def test_a_template_writes_no_english_outside_the_catalogue(template):
    assert bare_text((TEMPLATES / template).read_text(encoding="utf-8")) == []


def test_the_scan_finds_text_and_read_attributes():
    assert bare_text('<p>{{ _("Hex") }} Chit cup</p><input placeholder="base" aria-label="{{ _("x") }}">') == [
        "base", "Chit cup"]


@pytest.fixture
def app(tmp_path):
    application = make_app("sqlite", tmp_path)
    yield application
    application.extensions["fallujah.store"].engine.dispose()


def test_the_game_page_reads_in_french(app):
    game = Game(app, lang="fr", game="battle-for-fallujah", **bff_events()[0]["payload"])
    page = game.page()
    for french in ("Tasse des pions", "Noter des PV", "Unités de la Coalition", "Pions Fin de tour tirés ce tour"):
        assert french in page
    for english in ("Chit cup", "Record VP", "Coalition units", "End of Turn chits drawn"):
        assert english not in page
