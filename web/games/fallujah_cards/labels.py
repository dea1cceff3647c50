"""The card game's words for the values its state holds (Phases, statuses, outcomes, log lines) and
its own wording of generic texts (``app.name``): each value's English is a ``lazy_gettext``
msgid, its French is in ``translations/`` beside this module (``Companion.labels``)."""

from __future__ import annotations

from flask_babel import LazyString, lazy_gettext, lazy_pgettext

LABELS: dict[str, LazyString] = {
    "cards.mode.app": lazy_gettext("Played with the app's deck"),
    "cards.mode.physical": lazy_gettext("Physical game kept"),
    "cards.phase.asset": lazy_gettext("Asset"),
    "cards.phase.destroy": lazy_gettext("Destroy"),
    "cards.phase.disarm": lazy_gettext("Disarm"),
    "cards.phase.over": lazy_gettext("Game over"),
    "cards.phase.recon": lazy_gettext("Recon"),
    "cards.phase.regroup": lazy_gettext("Regroup"),
    "cards.phase.search": lazy_pgettext("phase", "Search"),
    "cards.phase.setup": lazy_gettext("Set-up"),
    "cards.phase.tactics": lazy_gettext("Tactics"),
    "cards.pile.casualty": lazy_gettext("Casualty Pile"),
    "cards.pile.discard": lazy_gettext("Discard Pile"),
    "cards.pile.elimination": lazy_gettext("Elimination Pile"),
    "cards.prompt.over": lazy_gettext("The game is over."),
    "log.kind.decline": lazy_gettext("Cards kept: the Target to the Casualty Pile"),
    "log.kind.discard": lazy_gettext("Discarded at Regroup"),
    "log.kind.lost": lazy_gettext("Card lost at random (entered)"),
    "log.kind.pass": lazy_gettext("Recon card kept"),
    "log.kind.play": lazy_gettext("Card played on the Target"),
    "log.kind.recon": lazy_gettext("Recon card played"),
    "log.kind.turn": lazy_gettext("Card turned over (entered)"),
    "phase.fallujah-cards.asset": lazy_gettext("Asset Phase"),
    "phase.fallujah-cards.destroy": lazy_gettext("Destroy Phase"),
    "phase.fallujah-cards.disarm": lazy_gettext("Disarm Phase"),
    "phase.fallujah-cards.over": lazy_gettext("Game over"),
    "phase.fallujah-cards.recon": lazy_gettext("Recon Phase"),
    "phase.fallujah-cards.regroup": lazy_gettext("Regroup Phase"),
    "phase.fallujah-cards.search": lazy_gettext("Search Phase"),
    "phase.fallujah-cards.setup": lazy_gettext("Set-up"),
    "phase.fallujah-cards.tactics": lazy_gettext("Tactics Phase"),
    "stats.none": lazy_gettext("No figures yet."),
    "stats.policy.greedy": lazy_gettext("Greedy: acts whenever it can, with the lowest qualifying card"),
    "stats.policy.lookahead": lazy_gettext("Lookahead (the advisor's policy): each choice by its expected final score"),
    "stats.reading": lazy_gettext("Reading of SCORING"),
}
