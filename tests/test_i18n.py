"""The interface's gettext catalogues (web/i18n.py, web/catalogues.py): every msgid the code and
templates say has its French, with the same placeholders; French plurals take the singular for 0
and 1; each game's catalogue is found through the registry; a page speaks the language asked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.test_web_fixtures import Player, sqlite_app  # noqa: F401  (fixtures)
from web import catalogues
from web import games as registry
from web.i18n import TRANSLATIONS, in_lang, translation_directories

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


def french(translations: Path):
    with (translations / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return read_po(source)


def placeholders(text: str) -> list[str]:
    return sorted(a or b for a, b in PLACEHOLDER.findall(text))


@pytest.mark.parametrize("translations", catalogues.catalogues(), ids=lambda p: p.parent.name)
def test_every_extracted_msgid_has_its_french_translation_not_fuzzy(translations):
    po = french(translations)
    exclude = None
    if translations != TRANSLATIONS:
        exclude = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalogues.template(TRANSLATIONS) if m.id}
    extracted = catalogues.template(translations, exclude)
    missing = []
    for message in extracted:
        if not message.id:
            continue
        found = po.get(message.id, context=message.context)
        strings = () if found is None else (found.string if isinstance(found.string, tuple) else (found.string,))
        if found is None or found.fuzzy or not strings or not all(strings):
            missing.append((message.context, message.id))
    assert not missing, f"{translations}: msgids without a French translation (make messages): {missing}"
    assert catalogues.untranslated() == []


@pytest.mark.parametrize("translations", catalogues.catalogues(), ids=lambda p: p.parent.name)
def test_placeholders_match_between_msgid_and_msgstr(translations):
    wrong = []
    for m in french(translations):
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            singular, plural = m.id
            one, many = m.string
            # the singular may spell out "one" instead of %(num)d, never another field
            if set(placeholders(one)) - {"num"} != set(placeholders(singular)) - {"num"}:
                wrong.append((m.id, one))
            if placeholders(many) != placeholders(plural):
                wrong.append((m.id, many))
        elif placeholders(m.string) != placeholders(m.id):
            wrong.append((m.id, m.string))
    assert not wrong, wrong


def test_the_french_plural_rule_is_singular_for_0_and_1(sqlite_app):  # noqa: F811
    for translations in catalogues.catalogues():
        assert french(translations).plural_expr == "(n > 1)", translations
    from flask_babel import ngettext

    with sqlite_app.test_request_context("/?lang=fr"):
        words = [ngettext("1 event", "%(num)d events", n) for n in (0, 1, 2)]
    assert words == ["0 événement", "1 événement", "2 événements"]
    with sqlite_app.test_request_context("/"), in_lang("en"):
        words = [ngettext("1 event", "%(num)d events", n) for n in (0, 1, 2)]
    assert words == ["0 events", "1 event", "2 events"]


def test_french_plurals_on_the_games_list_and_the_search_page(sqlite_app):  # noqa: F811
    client = sqlite_app.test_client()
    player = Player.new(client, variant="standard", name="Plural")
    assert player.state["version"] == 1
    assert "1 événement ·" in client.get("/?lang=fr").get_data(as_text=True)
    player.act("note", text="a second event")
    html = client.get("/?lang=fr").get_data(as_text=True)
    assert "2 événements ·" in html and "1 événement ·" not in html
    assert "2 events ·" in client.get("/?lang=en").get_data(as_text=True)
    nothing = client.get("/search?q=zzzqxw&lang=fr").get_data(as_text=True)
    assert "0 résultat pour « zzzqxw »" in nothing
    assert "0 results for “zzzqxw”" in client.get("/search?q=zzzqxw&lang=en").get_data(as_text=True)


def test_each_games_catalogue_is_found_through_the_registry(sqlite_app):  # noqa: F811
    found = translation_directories()
    assert found[0] == str(TRANSLATIONS)
    with_catalogue = [g for g in registry.known_games()
                      if registry.package_dir(g) is not None and (registry.package_dir(g) / "translations").is_dir()]
    assert {"phantom-fury", "second-fallujah", "fallujah-cards"} <= set(with_catalogue)
    for game in with_catalogue:
        assert str(registry.package_dir(game) / "translations") in found
    assert sqlite_app.config["BABEL_TRANSLATION_DIRECTORIES"].split(";") == found
    # a game's own words come from its own catalogue, the companion's from the generic one
    client = sqlite_app.test_client()
    assert "<title>Compagnon Phantom Fury</title>" in client.get("/?lang=fr&game=phantom-fury").get_data(as_text=True)
    assert "<title>Compagnon Second Fallujah</title>" in client.get("/?lang=fr&game=second-fallujah").get_data(as_text=True)
    page = client.get("/?lang=fr&game=battle-for-fallujah").get_data(as_text=True)
    assert "<title>Compagnon Battle for Fallujah</title>" in page and "Vos parties" in page
    assert "<title>Compagnon Fallujah</title>" in client.get("/?lang=fr").get_data(as_text=True)  # no game in play


def test_code_outside_a_request_speaks_english_and_in_lang_switches(sqlite_app):  # noqa: F811
    from flask_babel import gettext

    assert gettext("Next Phase") == "Next Phase"  # no app context: the msgid itself (the terminal)
    with sqlite_app.app_context():
        with in_lang("fr"):
            assert gettext("Next Phase") == "Phase suivante"
            assert gettext("Turn %(n)s", n=3) == "Tour 3"
        assert gettext("Next Phase") == "Next Phase"


#: words a French translator would reach for, and the French rulebook's own (issue 17, item 7)
RULEBOOK_WORDS = {"Escouade": "squad", "Emplacement": "Location", "Combat par le feu": "Tir"}


def test_phantom_fury_s_french_interface_says_what_the_french_rulebook_says():
    """The catalogue never uses a word the French rulebook does not, where the rulebook has its own."""
    from rules_text.loading import load_game

    french_text = " ".join(s.text + " " + s.title for s in load_game("phantom-fury").corpus("fr").sections)
    po = french(next(p for p in catalogues.catalogues() if p.parent.name == "phantom_fury"))
    for avoided, own in RULEBOOK_WORDS.items():
        assert avoided.casefold() not in french_text.casefold() and own in french_text
        used = [m.string for m in po if m.id and avoided.casefold() in str(m.string).casefold()]
        assert used == [], f"{avoided!r} where the French rulebook says {own!r}: {used}"


def test_the_companion_takes_gettext_from_web_translate_and_a_forced_language_is_honoured(sqlite_app):  # noqa: F811
    """Every module of the companion takes ``_`` from :mod:`web.translate` (the request's catalogue
    found once), not Flask-Babel's ``gettext``, which looks it up again on each call; and a
    language forced inside a request (what ``in_lang`` does) is still the one spoken."""
    from flask_babel import force_locale

    from web.translate import gettext

    web = Path(__file__).resolve().parent.parent / "web"
    direct = [str(p.relative_to(web)) for p in web.rglob("*.py")
              if re.search(r"^from flask_babel import .*\bgettext\b", p.read_text(encoding="utf-8"), re.MULTILINE)]
    assert direct == []
    with sqlite_app.test_request_context("/?lang=fr"):
        assert gettext("Next Phase") == "Phase suivante"
        with force_locale("en"):
            assert gettext("Next Phase") == "Next Phase"
        assert gettext("Turn %(n)s", n=3) == "Tour 3"
    assert gettext("Next Phase") == "Next Phase"  # no app context: the msgid itself (the terminal)
    with sqlite_app.app_context(), in_lang("fr"):
        assert gettext("Next Phase") == "Phase suivante"


def test_a_label_is_worded_as_flask_babel_words_it_in_the_language_spoken_then(sqlite_app):  # noqa: F811
    """Labels (``lazy_gettext``, ``lazy_pgettext``) are worded through the request's catalogue
    (:func:`web.translate.text_of`), the same words as ``str()`` gives through Flask-Babel, in the
    request's language and in one forced inside it; other lazy texts fall back on ``str()``."""
    from flask_babel import force_locale, lazy_gettext, lazy_ngettext, lazy_pgettext

    from web.translate import text_of

    texts = [lazy_gettext("Next Phase"), lazy_gettext("Turn %(n)s", n=3), lazy_pgettext("nav", "Game"),
             lazy_ngettext("%(num)d event", "%(num)d events", 2), "plain"]
    with sqlite_app.test_request_context("/?lang=fr"):
        assert text_of(texts[0]) == "Phase suivante" and text_of(texts[1]) == "Tour 3"
        assert [text_of(t) for t in texts] == [str(t) for t in texts]
        with force_locale("en"):
            assert text_of(texts[0]) == "Next Phase"
            assert [text_of(t) for t in texts] == [str(t) for t in texts]
        assert text_of(texts[0]) == "Phase suivante"
    assert [text_of(t) for t in texts] == ["Next Phase", "Turn 3", "Game", "2 events", "plain"]  # no app context


def test_a_french_interface_searching_a_game_with_an_english_rulebook_only_finds_its_rules(sqlite_app):  # noqa: F811
    """No rulebook language asked: the interface's when the game has a rulebook in it, else every
    language (Battle for Fallujah is English only; Phantom Fury has both)."""
    client = sqlite_app.test_client()
    page = client.get("/search?q=end+of+turn&game=battle-for-fallujah&lang=fr").get_data(as_text=True)
    assert "<option value=\"all\" selected" in page and not re.search(r">0 résultat", page)
    french = client.get("/search?q=tir&game=phantom-fury&lang=fr").get_data(as_text=True)
    assert '<option value="fr" selected' in french
