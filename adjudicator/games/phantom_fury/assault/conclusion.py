"""What follows an Assault: Retreat or not (13.4.7.1, 13.6.1, 13.6.4), entering the Location
and Flooding (13.4.7.2, 13.4.8, 13.4.8.1, 13.4.8.2)."""

from __future__ import annotations

from typing import NamedTuple

from ..rulebook import Values
from .combat import Fight
from .situation import Setup


class Final(NamedTuple):
    """The whole outcome of an Assault."""

    activation: str | None  #: what the 'Suspect' marker turned out to be, if there was one
    insurgent: str  #: 'eliminated', 'reduced', 'survives', or 'none' (dummy, IED)
    insurgent_cf: int | None
    retreat: bool  #: the 'Guerillas' unit must carry out a Retreat Movement (13.6)
    blocked: bool  #: a Security Element kept it from retreating (13.6.4)
    usmc: str  #: 'untouched', 'step_loss', 'eliminated', or 'pinned' (IED)
    cancelled: bool  #: Confusion: the Assault is cancelled before resolution
    enter: (
        str  #: the squad 'must' enter the Location, 'no', or 'if_zone_clear' (Flooding, 13.4.8.1)
    )
    flooding: str  #: 'must', 'may' or 'no' (13.4.7.2); in a Flooding, 'must' continue or 'no'
    marker: str  #: 'No Insurgents Event' marker: 'placed', 'after_flooding' or 'no' (13.6.4)


def usmc_state(setup: Setup, hit: bool, killed: bool) -> str:
    """A Step Loss flips the counter; on a flipped one it eliminates the squad (5.1.1.1)."""
    if killed or (hit and setup.reduced):
        return "eliminated"
    return "step_loss" if hit else "untouched"


def flood_cf(setup: Setup, v: Values, usmc: str, hero: int) -> int:
    """The squad's CF for 13.4.8.2, after this Assault, with its detached Security Element."""
    hero_bonus = (0, v.hero_cf["silver_star"], v.hero_cf["medal_of_honor"])[hero]
    return (
        setup.counter_cf
        - (v.step_loss_cf if usmc == "step_loss" else 0)
        + hero_bonus
        - (v.security_element_cf if setup.security_element else 0)
    )


def finish(
    setup: Setup,
    v: Values,
    *,
    activation: str | None,
    insurgent: str,
    insurgent_cf: int | None,
    usmc: str,
    retreat: bool = False,
    blocked: bool = False,
    cancelled: bool = False,
    marker: str = "no",
    hero: int | None = None,
) -> Final:
    """Entering the Location and Flooding, once both units' fates are known; by default no Retreat,
    no Security Element blocking it, no Confusion and no 'No Insurgents Event' marker."""
    hero = setup.hero if hero is None else hero
    empty = insurgent in ("eliminated", "none") or retreat
    able = usmc not in ("eliminated", "pinned")
    others = setup.others_in_zone
    strong = flood_cf(setup, v, usmc, hero) > v.flooding_max_cf
    if not (empty and able):
        enter = "no"
    elif not setup.flooding or others is False:
        enter = "must"
    else:
        # 13.4.8.1: in a Flooding the squad enters the Location only once the Zone is clear
        enter = "if_zone_clear" if others is None else ("no" if strong else "must")
    if setup.flooding:
        flooding = "must" if empty and able and strong and others is not False else "no"
    elif setup.kind == "top_down" and setup.attacker_location == "R" and empty and able:
        if setup.zone_type == "fortified" or not strong or others is False:
            flooding = "no"
        else:
            flooding = "must" if usmc == "untouched" and not setup.reduced else "may"
    else:
        flooding = "no"
    return Final(
        activation,
        insurgent,
        insurgent_cf,
        retreat,
        blocked,
        usmc,
        cancelled,
        enter,
        flooding,
        marker,
    )


def after_fight(
    setup: Setup, v: Values, kind: str, initial_cf: int, fight: Fight, activation: str | None
) -> Final:
    """The conclusion of an Assault that was fought (13.4.7)."""
    usmc = usmc_state(setup, fight.usmc_hit, fight.usmc_killed)
    insurgent, cf = fight.insurgent, fight.insurgent_cf
    retreat = blocked = False
    marker = "no"
    if (
        insurgent != "eliminated"
        and not fight.cancelled
        and kind == "guerillas"
        and not (setup.mosque or fight.fanatic)
    ):
        if setup.se_in_zone:
            blocked = True
            if not (setup.blocked_spared_on_nine and fight.usmc_nine):
                if cf != v.blocked_retreat_floor:
                    cf -= v.blocked_retreat_cf
                elif setup.blocked_cf1_eliminates:
                    insurgent = "eliminated"
            if insurgent != "eliminated":
                insurgent = "reduced" if cf < initial_cf else "survives"
            if not setup.no_insurgent_event:
                marker = (
                    "after_flooding" if setup.flooding and setup.marker_after_flooding else "placed"
                )
        else:
            retreat = True
    return finish(
        setup,
        v,
        activation=activation,
        insurgent=insurgent,
        insurgent_cf=cf,
        retreat=retreat,
        blocked=blocked,
        usmc=usmc,
        cancelled=fight.cancelled,
        marker=marker,
        hero=fight.hero,
    )


def without_fight(setup: Setup, v: Values, activation: str, usmc: str = "untouched") -> Final:
    """A 'Suspect' marker that was a Dummy, or an IED (13.4.1, 13.5): the Location is empty."""
    return finish(setup, v, activation=activation, insurgent="none", insurgent_cf=None, usmc=usmc)
