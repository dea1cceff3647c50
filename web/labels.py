"""The words for values the companion shows (a rule's kind, a rulebook, a ruleset): each
value's English is a ``lazy_gettext`` msgid, its French is in ``web/translations/``.
A game words its own values in its package's ``labels.py`` (``Companion.labels``);
:func:`web.i18n.label` looks a value up, the page's game first."""

from __future__ import annotations

from flask_babel import LazyString, lazy_gettext

LABELS: dict[str, LazyString] = {
    "calc.ruleset.en": lazy_gettext("English rulebook"),
    "calc.ruleset.fr": lazy_gettext("French rulebook"),
    # the readings a roll follows where the rules are ambiguous (web.rulings): errata id -> reading
    "calc.f.readings": lazy_gettext("Readings followed where the rules are ambiguous"),
    "calc.f.readings.key": lazy_gettext("Ambiguity (errata)"),
    "calc.f.readings.value": lazy_gettext("Reading followed"),
    "diff.follows.en": lazy_gettext("This game follows the English rulebook."),
    "diff.follows.fr": lazy_gettext("This game follows the French rulebook."),
    "diff.follows.unknown": lazy_gettext("A game chooses which rulebook it follows at setup."),
    "kind.bibliography": lazy_gettext("Bibliography"),
    "kind.designer": lazy_gettext("Designer's note"),
    "kind.example": lazy_gettext("Example"),
    "kind.foreword": lazy_gettext("Foreword"),
    "kind.gazette": lazy_gettext("Marine Corps Gazette"),
    "kind.glossary": lazy_gettext("Glossary"),
    "kind.note": lazy_gettext("Note"),
    "kind.rule": lazy_gettext("Rule"),
    "kind.table": lazy_gettext("Table"),
    "log.kind.rollback": lazy_gettext("Back to the start of a turn or Phase"),
    "log.line.amend": lazy_gettext("Roll #%(n)s amended: %(what)s"),
    "log.line.redo": lazy_gettext("Redid: %(what)s"),
    "log.line.roll": lazy_gettext("Rolled by the app: %(faces)s"),
    "log.line.undo": lazy_gettext("Undid: %(what)s"),
    "rule.not_in.en": lazy_gettext("Not in the English source"),
    "rule.not_in.fr": lazy_gettext("Not in the French source"),
    "rule.other.en": lazy_gettext("Same rule in English"),
    "rule.other.fr": lazy_gettext("Same rule in French"),
    "rule.redirected.en": lazy_gettext("Not in the English source: the French text is shown."),
    "rule.redirected.fr": lazy_gettext("Not in the French source: the English text is shown."),
    "search.in.all": lazy_gettext("Both"),
    "search.in.en": lazy_gettext("English"),
    "search.in.fr": lazy_gettext("French"),
    "ruling.erratum": lazy_gettext("Erratum"),
    "ruling.ambiguity": lazy_gettext("Ambiguity"),
    "ruling.clarification": lazy_gettext("Clarification"),
    "ruling.house": lazy_gettext("House ruling"),
}
