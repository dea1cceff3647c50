"""The interface in English and French, through gettext catalogues (Flask-Babel).

Every call site says its English: ``_("Next Phase")``, ``_("Turn %(n)s", n=3)``,
``ngettext("1 event", "%(num)d events", n)``, ``pgettext("nav", "Game")`` where the same English
needs two French words. The French is in the catalogues: the companion's in ``web/translations/``,
each game's in ``web/games/<package>/translations/`` (found through the game registry). A value the
state holds (a Phase, a status) is worded through a ``LABELS`` mapping of ``lazy_gettext`` texts:
:mod:`web.labels` for the companion's, ``Companion.labels`` for a game's (every page sees them
all); a game's own wording of a generic text (``app.name``) is its ``Companion.wording``, on its
pages only. :func:`label` looks a key up: ``label("phase." ~ game.phase)``.

The language is ``?lang=`` when given (and then remembered in the ``lang`` cookie), else the
cookie, else English. Rule text never comes from here: it is the corpus' own text.
Outside a request (the CLI), :func:`in_lang` sets the language inside an app context.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Literal, cast
from urllib.parse import urlencode

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask, Response, g, has_request_context, request
from flask_babel import Babel, LazyString, force_locale

from . import games as registry
from . import translate

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600
#: The companion's own catalogue; each game's is ``translations/`` beside its package.
TRANSLATIONS = Path(__file__).resolve().parent / "translations"


def select_locale() -> Lang:
    """``?lang=`` first, then the ``lang`` cookie, then English (English outside a request)."""
    if not has_request_context():
        return "en"
    asked = request.args.get("lang") or request.cookies.get(COOKIE) or "en"
    return asked if asked in LANGS else "en"


def current_lang() -> Lang:
    """The language the page (or :func:`in_lang`) speaks."""
    locale = translate.current_locale()
    return "fr" if locale is not None and locale.language == "fr" else "en"


def other_lang(lang: str | None = None) -> Lang:
    return "fr" if (lang or current_lang()) == "en" else "en"


@contextmanager
def in_lang(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the block (an app or request context must be pushed)."""
    with force_locale(lang if lang in LANGS else "en"):
        yield


def translation_directories() -> list[str]:
    """The companion's catalogue, then each game's that has one (the registry finds the games)."""
    found = [TRANSLATIONS]
    for game in registry.known_games():
        package = registry.package_dir(game)
        if package is not None and (package / "translations").is_dir():
            found.append(package / "translations")
    return [str(path) for path in found]


def compile_catalogues(directories: list[str]) -> list[Path]:
    """Compile each ``.po`` whose ``.mo`` is missing or older (a fresh clone works without a step)."""
    written = []
    for directory in directories:
        for po in sorted(Path(directory).glob("*/LC_MESSAGES/*.po")):
            mo = po.with_suffix(".mo")
            if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
                continue
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            try:
                with mo.open("wb") as target:
                    write_mo(target, catalog, use_fuzzy=False)
            except OSError:  # an installed, read-only package ships its compiled catalogues
                continue
            written.append(mo)
    return written


def word(labels: Mapping[str, LazyString], key: str, default: str | None = None, **fields: object) -> str:
    """``labels[key]`` in the current language, formatted with ``fields``; ``default`` when the
    key is not there (a value the UI does not name), else :class:`KeyError` naming the key."""
    found = labels.get(key)
    if found is None:
        if default is None:
            raise KeyError(f"no label {key!r}")
        return default
    text = translate.text_of(found)
    return text % fields if fields else text


#: Keys a game words for its own pages only: a calculator's field, value, situation and outcome
#: words (one game's "d10" is not another's die).
GAME_ONLY = "calc."


@cache
def _every_label() -> Mapping[str, LazyString]:
    """The companion's labels and every game's but their calculator words (a value's word is
    the same on every page)."""
    from .labels import LABELS

    merged = dict(LABELS)
    for companion in registry.companions().values():
        merged.update({k: v for k, v in companion.labels.items() if not k.startswith(GAME_ONLY)})
    return merged


def _game_labels() -> Mapping[str, LazyString]:
    """The labels of the game in play, its own wording of generic texts over them (none outside
    a request or on a page about no game); found once per request, as long as the page's game
    stays the same (a page draws hundreds of labels)."""
    from .pages.helpers import game_in_play

    if not has_request_context():
        return {}
    game = game_in_play()
    found = translate.context_globals().get("fallujah_labels")
    if found is not None and found[0] == game:
        return cast("Mapping[str, LazyString]", found[1])
    labels: Mapping[str, LazyString] = {}
    if game is not None and registry.has_companion(game):
        companion = registry.companion(game)
        labels = {**companion.labels, **companion.wording}
    g.fallujah_labels = (game, labels)
    return labels


def page_labels() -> Mapping[str, LazyString]:
    """Every label, with the game in play's own words over them."""
    return {**_every_label(), **_game_labels()}


def has_label(key: str) -> bool:
    """``key`` is in :func:`page_labels` (without merging them: a form asks for each field)."""
    return key in _game_labels() or key in _every_label()


def label(key: str, default: str | None = None, **fields: object) -> str:
    """The word for ``key`` (a value the state holds, or a generic text the page's game words its
    own way) in the page's language (:func:`word`)."""
    own = _game_labels()
    return word(own if key in own else _every_label(), key, default, **fields)


def english(text: LazyString | str, **fields: object) -> str:
    """``text`` in English (a value an API answer or the terminal carries, whatever the page's language)."""
    with in_lang("en"):
        return str(text) % fields if fields else str(text)


def switch_url(lang: str) -> str:
    """This page in ``lang``: the same path and query with ``lang`` replaced."""
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"] + [("lang", lang)]
    return request.path + "?" + urlencode(args)


def init_app(app: Flask) -> None:
    directories = translation_directories()
    compile_catalogues(directories)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", ";".join(directories))
    Babel(app, locale_selector=select_locale, default_locale="en")
    translate.init_app(app)  # the templates' gettext, the catalogue found once per request
    app.jinja_env.globals.update(label=label, current_lang=current_lang, other_lang=other_lang,
                                 switch_url=switch_url, LANGS=LANGS)

    @app.after_request
    def _remember(response: Response) -> Response:
        asked = request.args.get("lang")
        if asked in LANGS and request.cookies.get(COOKIE) != asked:
            response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
        return response
