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

from collections.abc import Callable
from typing import Any

import flask_babel
from babel import Locale
from babel.support import NullTranslations
from flask import Flask, g, has_app_context
from flask_babel import LazyString, get_locale, get_translations

_NONE = NullTranslations()


def context_globals() -> dict[str, Any]:
    """The app context's ``g`` as a dictionary, looked up once: each use of the ``g`` proxy is a
    context look-up, and a page asks for its game, its labels and its words thousands of times."""
    space: dict[str, Any] = vars(g._get_current_object())
    return space


def _context() -> tuple[dict[str, Any], Locale | None]:
    """The app context's ``g`` (:func:`context_globals`) and the locale Flask-Babel keeps there
    (``g._flask_babel.babel_locale``, where ``force_locale`` puts its own); where none is kept
    yet, Flask-Babel's ``get_locale`` picks and keeps it."""
    space = context_globals()
    babel = space.get("_flask_babel")
    locale = getattr(babel, "babel_locale", None) if babel is not None else None
    return space, (locale if locale is not None else get_locale())


def current_locale() -> Locale | None:
    """Flask-Babel's ``get_locale()`` (None outside an application context), read at the cost of
    one look-up of ``g`` (each use of the ``g`` proxy is a context look-up, and Flask-Babel's
    ``get_locale`` makes four)."""
    return _context()[1] if has_app_context() else None


def translations() -> NullTranslations:
    """The merged catalogue of the request's language (Flask-Babel's, found once): called for
    every word of a page, thousands of times, so read through :func:`_context`."""
    if not has_app_context():
        return _NONE
    space, locale = _context()
    kept: tuple[Any, NullTranslations] | None = space.get("_fallujah_translations")
    if kept is None or kept[0] is not locale:
        kept = space["_fallujah_translations"] = (locale, get_translations())
    return kept[1]


def gettext(string: str, **variables: Any) -> str:
    """``string`` in the request's language, formatted with ``variables`` (as Flask-Babel's)."""
    text = translations().ugettext(string)
    return text % variables if variables else text


def pgettext(context: str, string: str, **variables: Any) -> str:
    """``string`` in ``context`` in the request's language, formatted (as Flask-Babel's)."""
    text = translations().upgettext(context, string)
    return text % variables if variables else text


#: Flask-Babel's functions behind ``lazy_gettext`` and ``lazy_pgettext``, and the same here
_LAZY: dict[Any, Callable[..., str]] = {flask_babel.gettext: gettext, flask_babel.pgettext: pgettext}


def text_of(value: LazyString | str) -> str:
    """``str(value)``: a ``lazy_gettext`` or ``lazy_pgettext`` text (a label) translated through
    :func:`translations`, the same words as Flask-Babel's (which looks the catalogue up again
    for each: a page words hundreds of labels); any other value as ``str`` gives it."""
    if type(value) is LazyString:
        held = vars(value)
        fast = _LAZY.get(held.get("_func"))
        if fast is not None:
            return fast(*held["_args"], **held["_kwargs"])
    return str(value)


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
