"""The bot's trace in the rulebook's words (12.2; issue 24, item 5): for each criterion the
sentence the rulebook prints (verbatim from the rules data, never reworded), the candidates kept
named as a player names them (an area, a unit's counter), the counts that decided them, and
"ignored: no candidate meets it" where 12.2 step 2 ignores a criterion.

A criterion of a printed priority list is its row of the list (``tables/*.yaml``); a step printed
in a rule's text is found there by the words it starts with (:data:`PRINTED`), so its words come
from ``rules_text`` alone.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask_babel import lazy_gettext

from rules_text.loading import load_game
from web.translate import gettext as _

from .state import GameState
from .table import GAME

#: (rule, criterion) of a trace entry -> (the rule whose text prints it, the words it starts with):
#: its sentence runs from there to the end of that paragraph or list item
PRINTED: dict[tuple[str, str], tuple[str, str]] = {
    ("12.2", "tie_break"): ("12.2", "4. If you reach the end of the priorities"),
    ("13", "cadre"): ("13", "Place a Cadre in every mosque area"),
    ("13", "tem_4"): ("13", "Place a Fedayeen in every area with TEM = 4."),
    ("13", "roll"): ("13", "Roll 1D6 for every space with TEM of 2 or 3"),
    ("14", "move_militia"): ("14", "1. Check to see if there is a Coalition controlled area"),
    ("14", "attack"): ("14", "2. Check to see if there is a Coalition area that can be attacked"),
    ("14", "organize_resistance"): ("14", "3. Check to see if there are any Cadre units that can Organize Resistance."),
    ("14", "pass"): ("14", "4. If none of the above, the bot will pass."),
    ("14.1", "origins"): ("14.1", "There must be a Militia unit that is eligible to attack."),
    ("4.1.1", "candidates"): ("4.1.1", "• Organize resistance."),
    ("14.2", "not_resistance_area"): ("14.2", "The bot will not Organize Resistance in the same area twice in a row"),
    ("8.3", "destinations"): ("8.3", "A defending Insurgent unit which retreats"),
    ("16", "five_limit"): ("16", "DO NOT exceed five Cadre and/or Fedayeen units per space"),
    ("15", "step_1"): ("15", "1. Take CP on the lead defensive unit."),
    ("15", "step_2"): ("15", "2. For each additional CP"),
    ("17", "step_1"): ("17", "1. For each Fresh Fedayeen unit in the Reaction Area"),
    ("17", "step_2"): ("17", "2. For each Fresh Cadre in the Reaction Area"),
    ("17", "step_3"): ("17", "3. For each Fresh Cadre in a Free area adjacent to the Reaction Area"),
    ("4.4", "flip"): ("4.4", "❑ Flip Spent units to Fresh."),
    ("5.1", "friction"): ("5.1", "Of the eight Insurgent units allowed in an area"),
}


def printed_in(rule: str, start: str) -> str:
    """The words of rule ``rule`` from ``start`` to the end of that paragraph or list item, as
    stored; :class:`LookupError` when the rule does not print them (a test walks every entry)."""
    text = load_game(GAME).corpus("en").by_id[rule].source_text
    at = text.find(start)
    if at < 0:
        raise LookupError(f"rule {rule} does not print {start!r}")
    end = text.find("\n", at)
    return text[at:] if end < 0 else text[at:end]


@cache
def _rows() -> dict[tuple[str, str], str]:
    """Every row of the game's printed lists, by (its table's rule, its key): "2. Contested area"."""
    found: dict[tuple[str, str], str] = {}
    for table in load_game(GAME).tables.values():
        if table.kind != "list":
            continue
        for row in table.rows:
            name = (row.name.en if row.name else None) or ""
            found.setdefault((table.rule, row.result), f"{name} {row.text.en or ''}".strip())
    return found


def sentence(rule: str, criterion: str) -> tuple[str | None, str | None]:
    """The printed sentence of a trace entry and, for a step whose die decides, the printed
    reading of the die (the list row): (sentence, reading). (None, None) when the rulebook prints
    no sentence for it (the player's own choice)."""
    row = _rows().get((rule, criterion))
    where = PRINTED.get((rule, criterion))
    if where is not None:
        return printed_in(*where), row
    return row, None


def _unit_names(state: GameState) -> dict[str, str]:
    return {u.id: u.label for u in state.units}


def name_of(value: Any, units: dict[str, str]) -> str:
    """A candidate as a player names it: an area, a unit's counter, a Militia into an area."""
    if isinstance(value, bool):
        return _("met") if value else _("not met")
    if isinstance(value, int):
        return _("area %(n)s", n=value)
    text = str(value)
    if text.isdigit():
        return _("area %(n)s", n=text)
    area, _sep, unit = text.partition(":")
    if area.isdigit() and unit in units:
        return _("%(unit)s into area %(area)s", unit=units[unit], area=area)
    return units.get(text, text)


#: the counts some entries give besides their candidates' values (15: the Mulligan's condition b)
COUNTS = {"dice_difference": lazy_gettext("difference of the two rolls"),
          "totals_difference": lazy_gettext("difference of the totals")}


def _counts(entry: dict[str, Any], units: dict[str, str]) -> list[tuple[str, Any]]:
    values = entry.get("values") or {}
    out: list[tuple[str, Any]] = []
    for key, value in values.items():
        if isinstance(value, (list, dict)):
            continue  # a casualty step's allocation: shown in the allocation's own table
        if key in COUNTS:
            out.append((str(COUNTS[key]), value))
        elif key == "candidates":
            continue
        else:
            out.append((name_of(key, units), "—" if value is None else value))
    return out


def die_name(field: str, units: dict[str, str]) -> str:
    """A die the bot asked for, as the player names it: "area 12", "step 2", "tie-break"."""
    parts = field.split(".")
    if parts[:2] == ["dice", "rolls"] and len(parts) == 3:
        return name_of(parts[2], units)
    if parts[:2] == ["dice", "retreat"] and len(parts) == 3:
        return _("%(unit)s's retreat", unit=units.get(parts[2], parts[2]))
    if field in ("dice.step1", "dice.step2"):
        return _("step %(n)s", n=field[-1])
    if field == "dice.tiebreak":
        return _("tie-break")
    return units.get(parts[-1], parts[-1].replace("_", " "))


def lines(trace: list[dict[str, Any]] | tuple[dict[str, Any], ...], ignored: list[int] | tuple[int, ...],
          state: GameState) -> list[dict[str, Any]]:
    """The trace as the page shows it, one line per entry."""
    units = _unit_names(state)
    out = []
    for index, entry in enumerate(trace):
        rule, criterion = str(entry.get("rule")), str(entry.get("criterion"))
        printed, reading = sentence(rule, criterion)
        override = criterion == "override"
        out.append({
            "rule": rule,
            "printed": printed,
            "reading": reading,
            "override": override,
            "ignored": index in ignored,
            "kept": [name_of(c, units) for c in entry.get("kept") or []],
            "counts": _counts(entry, units),
            #: 13: the values are the dice rolled for each area
            "counts_are_dice": (rule, criterion) == ("13", "roll"),
            "dice": entry.get("dice") or [],
            "reason": entry.get("reason"),
        })
    return out
