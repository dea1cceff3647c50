"""furo's templates under the companion's Content-Security-Policy, which refuses inline styles:
furo's icon sprite (``partials/icons.html``) is included as furo ships it, each of its ``style``
attributes turned into a class of ``rulebook.css`` (``site/_templates/partials/icons.html``)."""

from __future__ import annotations

import re

from markupsafe import Markup
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

#: each inline style furo's icons carry, and the class of ``rulebook.css`` that does the same
STYLE_CLASSES = {"display: none;": "furo-icon-sprite", "opacity: 50%": "furo-half-opacity"}

_STYLE = re.compile(r'\bstyle="([^"]*)"')


def styles_as_classes(html: str) -> Markup:
    """``html`` with each ``style`` attribute replaced by its class; a style with no class stops
    the build (a new furo release added one: add it to :data:`STYLE_CLASSES` and the CSS)."""

    def swap(match: re.Match[str]) -> str:
        style = match.group(1)
        if style not in STYLE_CLASSES:
            raise ExtensionError(f"furo's template has the inline style {style!r}, which the Content-Security-Policy "
                                 f"refuses: give it a class in rulebook_site.csp.STYLE_CLASSES and rulebook.css")
        return f'class="{STYLE_CLASSES[style]}"'

    return Markup(_STYLE.sub(swap, str(html)))


def add_filter(app: Sphinx) -> None:
    """Give the templates the ``styles_as_classes`` filter."""
    app.builder.templates.environment.filters["styles_as_classes"] = styles_as_classes  # type: ignore[attr-defined]
