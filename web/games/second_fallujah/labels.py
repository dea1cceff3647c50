"""Second Fallujah's words for the values its state holds (Phases, statuses, outcomes, log lines) and
its own wording of generic texts (``app.name``): each value's English is a ``lazy_gettext``
msgid, its French is in ``translations/`` beside this module (``Companion.labels``)."""

from __future__ import annotations

from flask_babel import LazyString, lazy_gettext

LABELS: dict[str, LazyString] = {
    "sf.award.cadre": lazy_gettext("Surviving Cadre"),
    "sf.award.fedayeen": lazy_gettext("Surviving Fedayeen"),
    "sf.award.government_center": lazy_gettext("Government Center"),
    "sf.award.jolan_area": lazy_gettext("Jolan areas"),
    "sf.award.mosque_area": lazy_gettext("Mosque areas"),
    "sf.award.political_backlash": lazy_gettext("Political Backlash"),
    "sf.award.route_10_area": lazy_gettext("Route 10 areas"),
    "sf.bot.bot-casualties": lazy_gettext("The bot allocates its Casualty Points"),
    "sf.bot.bot-impulse": lazy_gettext("The bot's impulse"),
    "sf.bot.bot-mulligan": lazy_gettext("The bot's Mulligan: reroll the combat?"),
    "sf.bot.bot-reaction": lazy_gettext("The bot reacts to the Coalition entering the area"),
    "sf.bot.bot-setup": lazy_gettext("The bot's set-up"),
    "sf.fresh": lazy_gettext("Fresh"),
    "sf.level.draw": lazy_gettext("Draw"),
    "sf.level.major_coalition": lazy_gettext("Major Coalition Victory"),
    "sf.level.major_insurgent": lazy_gettext("Major Insurgent Victory"),
    "sf.level.minor_coalition": lazy_gettext("Minor Coalition Victory"),
    "sf.level.minor_insurgent": lazy_gettext("Minor Insurgent Victory"),
    "sf.list.government-center": lazy_gettext("Government Center"),
    "sf.list.jolan-areas": lazy_gettext("Jolan"),
    "sf.list.mosque-areas": lazy_gettext("Mosque areas"),
    "sf.list.ne_entry_zone": lazy_gettext("Adjacent to the NE Entry Zone"),
    "sf.list.nw_entry_zone": lazy_gettext("Adjacent to the NW Entry Zone"),
    "sf.list.riverbank-areas": lazy_gettext("Riverbank"),
    "sf.list.route-10-areas": lazy_gettext("Route 10 (additional VP areas)"),
    "sf.phase.action": lazy_gettext("Action"),
    "sf.phase.infiltration": lazy_gettext("Infiltration"),
    "sf.phase.regroup": lazy_gettext("Regroup"),
    "sf.phase.reset": lazy_gettext("Reset"),
    "sf.place.eliminated": lazy_gettext("Eliminated"),
    "sf.place.force_pool": lazy_gettext("Militia Force Pool"),
    "sf.place.ne_entry_zone": lazy_gettext("NE Entry Zone"),
    "sf.place.nw_entry_zone": lazy_gettext("NW Entry Zone"),
    "sf.place.riverine_box": lazy_gettext("Riverine holding box"),
    "sf.side.coalition": lazy_gettext("Coalition"),
    "sf.side.insurgent": lazy_gettext("Insurgent"),
    "sf.spent": lazy_gettext("Spent"),
    "sf.variant.solitaire": lazy_gettext("Solitaire (the app plays the Insurgent bot)"),
    "sf.variant.two_player": lazy_gettext("Two players"),
}

#: The game's own wording of a generic text, on its pages only (:func:`web.i18n.label`).
WORDING: dict[str, LazyString] = {
    "app.name": lazy_gettext("Second Fallujah companion"),
    "calc.intro": lazy_gettext("Every roll of the game, 2D6 against 2D6 or 1D6: the modifiers with their rules, the exact odds over 36 or 1,296, and the solitaire bot's decisions with their trace."),
}
