"""Die roll modifiers and Combat Factor adjustments, each tied to the rule that grants it.

A modifier printed in a table takes its value, rule and bilingual wording from the table row;
an adjustment stated in prose (CAAT 'Ammo', 'Hero', Security Element, Step Loss) takes its
value from :class:`~adjudicator.games.phantom_fury.rulebook.Values` and a short reason written here.
"""

from __future__ import annotations

from ...models import Modifier, Text
from .models import Hero
from .rulebook import Rulebook


def from_row(book: Rulebook, table_id: str, key: str, *, condition: str | None = None) -> Modifier:
    """The modifier of a ``kind: modifiers`` table row, with the row's own words as its reason."""
    memo = ("modifier", table_id, key, condition)
    if memo not in book.memo:
        book.memo[memo] = _from_row(book, table_id, key, condition)
    return book.memo[memo]


def _from_row(book: Rulebook, table_id: str, key: str, condition: str | None) -> Modifier:
    table = book.table(table_id)
    row = table.row(key)
    if row.value is None:
        raise KeyError(f"table {table_id!r} row {key!r} has no value")
    english = row.text.en or key
    return Modifier(
        value=row.value,
        rule=row.rule or table.rule,
        reason=Text(en=english, fr=row.text.fr or english),
        key=f"{table_id}:{key}",
        condition=condition,
    )


def total(modifiers: list[Modifier]) -> int:
    """The net DRM of the modifiers that apply in every outcome (conditional ones excluded)."""
    return sum(m.value for m in modifiers if m.condition is None)


def caat_ammo(book: Rulebook) -> Modifier:
    return Modifier(
        value=book.values.caat_bonus,
        rule="11.1.2.1",
        reason=Text(
            en="CAAT support's 'Ammo' bonus to the squad's CF",
            fr="bonus ‘Ammo’ du support CAAT au FC du squad",
        ),
        key="cf:caat_ammo",
    )


def hero(book: Rulebook, side: Hero) -> Modifier:
    names = {
        "silver_star": ("'Silver Star'", "‘Silver Star’"),
        "medal_of_honor": ("'Medal of Honor'", "‘Medal of Honor’"),
    }
    en, fr = names[side]
    return Modifier(
        value=book.values.hero_cf[side],
        rule="5.1.5.3",
        reason=Text(en=f"'Hero' marker on its {en} side", fr=f"marqueur ‘Hero’ sur sa face {fr}"),
        key=f"cf:hero_{side}",
    )


def security_element(book: Rulebook) -> Modifier:
    return Modifier(
        value=-book.values.security_element_cf,
        rule="12.3.2.2",
        reason=Text(en="Security Element detached", fr="Security Element détaché"),
        key="cf:security_element",
    )


def squad_cf(
    book: Rulebook, *, hero_side: Hero | None, security_element_detached: bool
) -> list[Modifier]:
    """Adjustments a squad's CF carries everywhere: 'Hero' (5.1.5.3), Security Element (12.3.2.2)."""
    result = []
    if hero_side:
        result.append(hero(book, hero_side))
    if security_element_detached:
        result.append(security_element(book))
    return result
