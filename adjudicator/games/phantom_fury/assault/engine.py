"""Exact odds of an Assault: every Activation result, drawn CF, d10 and Event roll, counted.

Weights are integers over one common number of elementary cases, so no fraction is built
until the end; a drawn counter's CF is 1 to 4 equally likely unless given (5.2.1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import gcd

from ....dice import faces
from .. import activation
from ..ied import ied_outcome
from ..rulebook import Rulebook
from . import drm
from .combat import Combat, Dice, weights
from .conclusion import Final, after_fight, usmc_state, without_fight
from .situation import AssaultRolls, Setup


def combat_for(setup: Setup, book: Rulebook, kind: str, cf: int, activated: bool) -> Combat:
    """The numbers of the fight once the defender's type and CF are known."""
    cf_u, _ = drm.squad_cf(setup, book)
    return Combat(
        kind=kind,
        cf_i=cf,
        drm_i=sum(m.value for m in drm.insurgent(setup, book) if m.condition is None),
        surv_i=drm.survival(setup, book),
        cf_u=cf_u,
        drm_u=sum(m.value for m in drm.usmc(setup, book, kind, activated)),
        hero=setup.hero,
        modifiable=not setup.explosives,
        usmc_table=setup.usmc_table,
        insurgent_table=setup.insurgent_table,
        phantom_fury_now=setup.phantom_fury_now
        and setup.drm_apply
        and setup.attacker_unit == "squad",
        fanaticism_now=setup.fanaticism_now and setup.drm_apply,
        # Flight touches only 'Guerillas' units: a 'Martyrs' fight is the same under both readings
        flight_cf1_eliminates=setup.flight_cf1_eliminates and kind == "guerillas",
        fanaticism=setup.fanaticism,
    )


@dataclass
class Tally:
    """Integer weights of the final outcomes, and of the Events rolled on the way."""

    finals: dict[Final, int] = field(default_factory=dict)
    events: dict[str, int] = field(default_factory=dict)

    def add(
        self,
        finals: Iterable[tuple[Final, int]],
        events: Iterable[tuple[str, int]],
        factor: int = 1,
    ) -> None:
        for final, w in finals:
            self.finals[final] = self.finals.get(final, 0) + w * factor
        for name, w in events:
            self.events[name] = self.events.get(name, 0) + w * factor

    @property
    def total(self) -> int:
        return sum(self.finals.values())


@lru_cache(maxsize=4096)
def concluded(
    setup: Setup,
    book: Rulebook,
    kind: str,
    cf: int,
    activated: bool,
    revealed: str | None,
    dice_rolls: tuple[int | None, ...],
) -> tuple[tuple[tuple[Final, int], ...], tuple[tuple[str, int], ...]]:
    """The fight's outcomes, each carried to its conclusion, and its Events, with their weights
    (kept, like :func:`~.combat.weights`, since the same fights come back in other questions)."""
    counted = weights(
        combat_for(setup, book, kind, cf, activated), Dice.of(book), book, *dice_rolls
    )
    finals: dict[Final, int] = {}
    events: dict[str, int] = {}
    seen: dict[tuple, Final] = {}
    for fight, w in counted.items():
        fate = fight[:6] + fight[8:]  # the conclusion does not depend on which Event was rolled
        final = seen.get(fate)
        if final is None:
            final = seen[fate] = after_fight(setup, book.values, kind, cf, fight, revealed)
        finals[final] = finals.get(final, 0) + w
        for side, key in (
            ("usmc_event", fight.usmc_event),
            ("insurgent_event", fight.insurgent_event),
        ):
            if key:
                events[f"{side}_{key}"] = events.get(f"{side}_{key}", 0) + w
    return tuple(finals.items()), tuple(events.items())


def distribution(
    setup: Setup, book: Rulebook, rolls: AssaultRolls | None = None
) -> tuple[Tally, dict[int, Tally]]:
    """Every final outcome with its integer weight, and the same per drawn CF (for a 'Suspect'
    marker whose counter is not drawn yet; empty otherwise)."""
    rolls = rolls or AssaultRolls()
    v = book.values
    dice_rolls = (rolls.usmc, rolls.insurgent, rolls.usmc_event, rolls.insurgent_event)

    def fought(
        kind: str, cf: int, activated: bool, revealed: str | None, scale: int, into: Tally
    ) -> None:
        finals, events = concluded(setup, book, kind, cf, activated, revealed, dice_rolls)
        factor, rest = divmod(scale, sum(w for _, w in finals))
        assert not rest
        into.add(finals, events, factor)

    cases = (
        len(faces(rolls.usmc))
        * len(faces(rolls.insurgent))
        * len(faces(rolls.usmc_event))
        * len(faces(rolls.insurgent_event))
    )
    if setup.defender != "suspect":
        assert setup.defender_cf is not None
        result = Tally()
        fought(setup.defender, setup.defender_cf, False, None, cases, result)
        return result, {}
    drawn, ranges, spread = activation.drawn_cf_ranges(book, rolls.drawn_cf)
    ied_faces = faces(rolls.ied)
    # elementary cases behind one Activation face, spread over the drawn CFs of the unit revealed
    # (a 'Guerillas' unit over CF 1-3, a 'Martyrs' unit over 1-4: 5.2)
    scale = cases * len(ied_faces) * spread
    per_cf = {cf: Tally() for cf in drawn}
    ied_cf = drm.ied_cf(setup, book)
    for key, n in activation.weights(
        book, setup.zone_type, "assault", faces(rolls.activation)
    ).items():
        if key == "dummy":
            for table in per_cf.values():
                table.add([(without_fight(setup, v, "dummy"), n * scale // len(drawn))], ())
        elif key == "ied":
            branch = []
            for face in ied_faces:
                state = (
                    "pinned"
                    if ied_outcome(face, ied_cf) == "pinned"
                    else usmc_state(setup, True, False)
                )
                branch.append((without_fight(setup, v, "ied", state), n * cases * spread // len(drawn)))
            for table in per_cf.values():
                table.add(branch, ())
        else:
            possible = ranges.get(key, drawn)
            for cf in possible:
                fought(key, cf, True, key, n * scale // len(possible), per_cf[cf])
    merged = Tally()
    for table in per_cf.values():
        merged.add(table.finals.items(), table.events.items())
    return merged, (per_cf if rolls.drawn_cf is None else {})


MARGINALS = (
    "insurgent_eliminated",
    "insurgent_reduced",
    "insurgent_survives",
    "no_insurgent",
    "usmc_untouched",
    "usmc_step_loss",
    "usmc_eliminated",
    "usmc_pinned",
    "cancelled",
    "retreat",
    "security_element_blocks",
    "flooding_must",
    "flooding_may",
)


@lru_cache(maxsize=8192)
def labels(f: Final) -> tuple[str, ...]:
    """The outcomes of interest a final outcome counts towards."""
    names = [
        "no_insurgent" if f.insurgent == "none" else f"insurgent_{f.insurgent}",
        f"usmc_{f.usmc}",
    ]
    names += [
        name
        for name, flag in (
            ("cancelled", f.cancelled),
            ("retreat", f.retreat),
            ("security_element_blocks", f.blocked),
        )
        if flag
    ]
    if f.flooding != "no":
        names.append(f"flooding_{f.flooding}")
    if f.activation:
        names.append(f"activation_{f.activation}")
    return tuple(names)


def counts(tally: Tally) -> dict[str, int]:
    """The weight of each outcome of interest (they overlap)."""
    counted = dict.fromkeys(MARGINALS, 0)
    extra: dict[str, int] = {}
    for f, w in tally.finals.items():
        for name in labels(f):
            if name in counted:
                counted[name] += w
            else:
                extra[name] = extra.get(name, 0) + w
    extra.update(tally.events)
    counted.update(sorted(extra.items()))
    return counted


def marginal_floats(tally: Tally) -> dict[str, float]:
    total = tally.total
    return {key: w / total for key, w in counts(tally).items()}


def marginal_ratios(tally: Tally) -> tuple[dict[str, float], dict[str, str]]:
    """The marginals as floats and as exact ratios ("3/10"), without building Fractions."""
    total = tally.total
    floats, exact = {}, {}
    for key, w in counts(tally).items():
        floats[key] = w / total
        exact[key] = ratio(w, total)
    return floats, exact


def ratio(numerator: int, denominator: int) -> str:
    """``str(Fraction(numerator, denominator))``, faster."""
    divisor = gcd(numerator, denominator)
    top, bottom = numerator // divisor, denominator // divisor
    return str(top) if bottom == 1 else f"{top}/{bottom}"


def distributions(tally: Tally) -> dict[str, dict[str, Fraction]]:
    """Mutually exclusive outcomes, by aspect; each sums to 1."""
    total = tally.total
    aspects: dict[str, dict[str, int]] = {
        "insurgent": dict.fromkeys(("eliminated", "reduced", "survives", "none"), 0),
        "usmc": dict.fromkeys(("untouched", "step_loss", "eliminated", "pinned"), 0),
        "flooding": dict.fromkeys(("must", "may", "no"), 0),
        "enter_location": dict.fromkeys(("must", "if_zone_clear", "no"), 0),
    }
    for f, w in tally.finals.items():
        aspects["insurgent"][f.insurgent] += w
        aspects["usmc"][f.usmc] += w
        aspects["flooding"][f.flooding] += w
        aspects["enter_location"][f.enter] += w
    return {
        name: {k: Fraction(w, total) for k, w in values.items()} for name, values in aspects.items()
    }
