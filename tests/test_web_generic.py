"""The generic companion names no game (issue 11): outside ``web/games/<package>/``, no Phantom
Fury name (its id or title, a Zone number, a rule id of its rulebook, a unit or marker name) in
the modules, templates and scripts of ``web/``. A game reaches the generic layers only through
its package's ``COMPANION`` (checked by import-linter, ``make lint``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_text.loading import load_game

from .conftest import ROOT

WEB = ROOT / "web"
#: Migrations record history: the rows written before games were named were Phantom Fury's.
LEFT_OUT = (WEB / "games", WEB / "migrations")
WORDS = re.compile(
    r"phantom|\bzone[ _-]?\d+|\b(?:squads?|abrams|caats?|iif|suspects?|guerillas|martyrs|insurgents?|usmc|"
    r"snipers?|hornet|super.cobra|dragon.eye|fanaticism|strong.points?)\b",
    re.IGNORECASE,
)
#: A dotted number where text would cite a rule: quoted, bracketed, in parentheses, after "see"/"rule".
CITED = re.compile(r"(?:[\"'\[(]|\bsee |\brule )(\d{1,2}(?:\.\d{1,2}){1,4})(?![\d.])", re.IGNORECASE)
#: A dotted rule number of two levels or more anywhere.
DEEP = re.compile(r"(?<![\w.])(\d{1,2}\.\d{1,2}\.\d{1,2}(?:\.\d{1,2})*)(?![\w.])")


def generic_files() -> list[Path]:
    return sorted(
        p for p in WEB.rglob("*")
        if p.suffix in (".py", ".html", ".js", ".css") and not any(d in p.parents for d in LEFT_OUT)
    )


@pytest.fixture(scope="module")
def rule_ids() -> set[str]:
    game = load_game("phantom-fury")
    return {section_id for corpus in game.corpora.values() for section_id in corpus.by_id if "." in section_id}


def test_generic_web_modules_name_no_game(rule_ids):
    files = generic_files()
    assert any(p.name == "store.py" for p in files) and any(p.name == "base.html" for p in files)
    found = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            where = f"{path.relative_to(ROOT)}:{number}"
            found += [f"{where}: {m.group(0)!r}" for m in WORDS.finditer(line)]
            found += [f"{where}: rule {m.group(1)}" for m in CITED.finditer(line) if m.group(1) in rule_ids]
            found += [f"{where}: rule {m.group(1)}" for m in DEEP.finditer(line) if m.group(1) in rule_ids]
    assert found == []


def test_the_check_finds_a_name_where_there_is_one(rule_ids):
    """The patterns are not blind: Phantom Fury's own package is full of them."""
    text = (WEB / "games" / "phantom_fury" / "reminders.py").read_text(encoding="utf-8")
    assert WORDS.search(text)
    assert any(m.group(1) in rule_ids for m in CITED.finditer(text))


def test_each_companions_pages_are_found_as_the_app_starts_and_a_missing_view_stops_it():
    """A pack's page views are imported when a page is asked for or the web app starts
    (``Companion.load_pages``, called by ``create_app``), not by a command that serves no page: a
    view its pages module does not have is an error at the start, as when the pages were imported
    with the companion."""
    import dataclasses

    from web import games as registry
    from web.companion import OnCall

    for companion in registry.companions().values():
        companion.load_pages()
        assert isinstance(companion.game_page, OnCall) and isinstance(companion.setup_context, OnCall)
        assert callable(companion.game_page.resolve()) and callable(companion.setup_context.resolve())
    found = next(iter(registry.companions().values()))
    assert isinstance(found.game_page, OnCall)
    broken = dataclasses.replace(found, pages={"statistics": OnCall(found.game_page.module, "no_such_view")})
    with pytest.raises(AttributeError, match="no_such_view"):
        broken.load_pages()
