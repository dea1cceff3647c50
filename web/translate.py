"""Flask-Babel's ``gettext`` for the code and the templates, the catalogue found once per
language of a request.

Flask-Babel looks up the domain, the locale, the locale's name and the merged catalogue again on
each call (about 27 µs); a game's log lists what to change on the table for every event, which
is thousands of words on one page (8,700 calls, 235 ms, for Second Fallujah's sample game). Here
the catalogue is kept on the request (``flask.g``) beside the locale it is for: Flask-Babel's
``force_locale`` puts another locale object in place, so a forced language is still honoured.
Outside an application context the text is the English, as Flask-Babel's own gives it there.
"""

from __future__ import annotations

from typing import Any

from babel.support import NullTranslations
from flask import Flask, g, has_app_context
from flask_babel import get_locale, get_translations

_NONE = NullTranslations()


def translations() -> NullTranslations:
    """The merged catalogue of the request's language (Flask-Babel's, found once)."""
    if not has_app_context():
        return _NONE
    locale = get_locale()
    kept: tuple[Any, NullTranslations] | None = g.get("_fallujah_translations")
    if kept is None or kept[0] is not locale:
        kept = (locale, get_translations())
        g._fallujah_translations = kept
    return kept[1]


def gettext(string: str, **variables: Any) -> str:
    """``string`` in the request's language, formatted with ``variables`` (as Flask-Babel's)."""
    text = translations().ugettext(string)
    return text % variables if variables else text


def init_app(app: Flask) -> None:
    """The templates' ``_``, ``gettext``, ``ngettext``, ``pgettext`` and ``npgettext`` through
    :func:`translations` (Flask-Babel installs its own, which look the catalogue up each call)."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
    )
