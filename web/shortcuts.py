"""The companion's keyboard shortcuts, each key declared once (issue 17, item 8).

A template puts the key on the control it presses (``data-shortcut`` and ``aria-keyshortcuts``,
see ``_macros.html``) and lists it in the header's "Keyboard shortcuts" help; ``app.js`` reads
the keys from the page, so this table is their only declaration. The keys are single characters
pressed without Ctrl, Alt or Meta and only while the focus is not in a field, so they never take
a typed letter; the help's switch turns them off (WCAG 2.1.4, for speech input).
"""

from __future__ import annotations

from typing import Final, Literal

Action = Literal["undo", "redo", "next-phase", "search", "help"]

#: action -> the key (``KeyboardEvent.key``) that presses its control
SHORTCUTS: Final[dict[Action, str]] = {
    "undo": "u",
    "redo": "r",
    "next-phase": "n",
    "search": "/",
    "help": "?",
}
