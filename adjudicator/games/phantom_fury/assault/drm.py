"""The Assault's modifiers: both sides' DRMs (13.4.4-13.4.6) and the squad's CF (5.1.5.3,
12.3.2.2, 13.7.1)."""

from __future__ import annotations

from ....models import Modifier, Text
from .. import modifiers
from ..rulebook import Rulebook
from .situation import HERO_SIDES, Setup

USMC = "assault-modifiers-usmc"
INSURGENT = "assault-modifiers-insurgent"
TYPES = "assault-type-modifiers"


def usmc(setup: Setup, book: Rulebook, kind: str | None, activated: bool) -> list[Modifier]:
    """DRMs on the squad's roll. ``kind`` None: a 'Suspect' marker not yet Activated, so the
    unit-type DRMs are listed with the condition under which they apply."""
    if not setup.drm_apply:
        return []
    result = []
    if activated:
        result.append(modifiers.from_row(book, USMC, "suspect_activation"))
    if kind in ("martyrs", None):
        result.append(
            modifiers.from_row(book, USMC, "martyrs", condition=None if kind else "if_martyrs")
        )
    if (
        kind in ("guerillas", None)
        and setup.zone_type == "fortified"
        and (kind or _guerillas_possible(setup, book))
    ):
        result.append(
            modifiers.from_row(
                book, USMC, "guerillas_fortified", condition=None if kind else "if_guerillas"
            )
        )
    if setup.phantom_fury and setup.attacker_unit == "squad":
        result.append(modifiers.from_row(book, USMC, "phantom_fury"))
    if setup.kind == "top_down":
        result.append(modifiers.from_row(book, TYPES, "top_down_usmc"))
    elif setup.kind == "bottom_up":
        result.append(modifiers.from_row(book, TYPES, "bottom_up_usmc"))
    return result


def _guerillas_possible(setup: Setup, book: Rulebook) -> bool:
    from .. import activation

    return activation.weights(book, setup.zone_type, "assault").get("guerillas", 0) > 0


def insurgent(setup: Setup, book: Rulebook) -> list[Modifier]:
    """DRMs on the 'Insurgents' unit's roll; the Assault type's only if it is not eliminated."""
    if not setup.drm_apply:
        return []
    result = []
    if setup.fanaticism:
        result.append(modifiers.from_row(book, INSURGENT, "fanaticism"))
    if setup.kind == "top_down":
        result.append(
            modifiers.from_row(
                book, TYPES, "top_down_insurgent_if_survives", condition="if_survives"
            )
        )
    elif setup.kind == "bottom_up":
        result.append(
            modifiers.from_row(
                book, TYPES, "bottom_up_insurgent_if_survives", condition="if_survives"
            )
        )
    return result


def survival(setup: Setup, book: Rulebook) -> int:
    return sum(m.value for m in insurgent(setup, book) if m.condition == "if_survives")


def squad_cf(setup: Setup, book: Rulebook) -> tuple[int, list[Modifier]]:
    """The squad's CF for the Assault: the counter's with 'Hero' and Security Element, or the
    CF of 8 of explosives in their place (13.7.1)."""
    if setup.explosives:
        cf = book.values.explosives_cf
        return cf, [
            Modifier(
                value=cf - setup.counter_cf,
                rule="13.7.1",
                key="cf:explosives",
                reason=Text(
                    en=f"CAAT explosives: CF {cf} in place of the squad's",
                    fr=f"explosifs du CAAT : FC {cf} à la place de celui du squad",
                ),
            )
        ]
    adjust = modifiers.squad_cf(
        book, hero_side=HERO_SIDES[setup.hero], security_element_detached=setup.security_element
    )
    return setup.counter_cf + modifiers.total(adjust), adjust


def ied_cf(setup: Setup, book: Rulebook) -> int:
    """The squad's own CF for an IED Attack (13.5): explosives are for the Assault roll only."""
    adjust = modifiers.squad_cf(
        book, hero_side=HERO_SIDES[setup.hero], security_element_detached=setup.security_element
    )
    return setup.counter_cf + modifiers.total(adjust)
