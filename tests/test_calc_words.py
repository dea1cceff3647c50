"""The calculators' words (issue 24, item 8): every column of every calculator's tables is headed
in words from the catalogue, never a field's bare name (the readings an answer follows where the
rules are ambiguous were headed ``key`` and ``value``), in English and French."""

from __future__ import annotations

import re

import pytest

from adjudicator import registry as situations
from web import games as registry

from .test_web_fixtures import make_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    where = tmp_path_factory.mktemp("calc-words")
    app = make_app("sqlite", where)
    yield app.test_client()
    app.extensions["fallujah.store"].engine.dispose()


@pytest.mark.parametrize("game", sorted(registry.companions()))
def test_every_calculator_column_is_headed_in_words(client, game):
    bare = {}
    for situation in situations.situations(game):
        page = client.get(f"/calculator/{situation}?game={game}&lang=en")
        assert page.status_code == 200, (game, situation)
        heads = re.findall(r'<th scope="col">([^<]*)</th>', page.get_data(as_text=True))
        found = [head for head in heads if re.fullmatch(r"\s*[a-z][a-z0-9_.]*\s*", head)]
        if found:
            bare[situation] = found
    assert bare == {}


def test_the_readings_of_an_operation_are_headed_by_the_ambiguity_and_the_reading_followed(client):
    for lang, words in (("en", ["Ambiguity (errata)", "Reading followed"]), ("fr", ["Ambiguïté (errata)", "Lecture suivie"])):
        page = client.get(f"/calculator/operation?game=battle-for-fallujah&lang={lang}").get_data(as_text=True)
        rows = page[page.index('data-rows="readings"'):]
        assert re.findall(r'<th scope="col">([^<]*)</th>', rows[:rows.index("</thead>")]) == words
