"""Phantom Fury's log in words (issue 17): one sentence per action in the interface's language,
with units and markers by their printed names, and the turn and Phase each event belongs to.

``describe`` reads only the stored action and the states around it (never today's rules), so an
old log reads the same. French words are the French rulebook's (``squad``, ``Tir``, ``Suspect``).
"""

from __future__ import annotations

from typing import Any

from flask_babel import ngettext

from web.i18n import word
from web.translate import gettext as _

from .labels import LABELS
from .state import GameState, UnitState


def section(state: GameState) -> tuple[int, str]:
    """The turn and Phase an event made on ``state`` belongs to (8)."""
    return state.turn, state.phase


def _unit_name(unit: UnitState | None, ref: str, lang: str) -> str:
    """A unit as its counter prints it: "Squad 4", "IIF 1", "M1A1 Abrams 2"."""
    if unit is None:
        return ref
    return _("%(kind)s %(n)s", kind=word(LABELS, f"unit.kind.{unit.kind}"), n=unit.counter)


def _where(position: dict[str, Any] | None, lang: str) -> str:
    if not position:
        return ""
    zone = _("Zone %(n)s", n=position.get("zone"))
    location = position.get("location")
    if location is None:
        return zone
    if location == "street":
        return f"{zone}, {_('Street Section')}"
    return _("%(zone)s, Location %(location)s", zone=zone, location=location)


def _suspects(count: int) -> str:
    return ngettext("%(num)d 'Suspect' marker", "%(num)d 'Suspect' markers", count)


def _insurgents(count: int) -> str:
    return ngettext("%(num)d 'Insurgents' unit", "%(num)d 'Insurgents' units", count)


def _fire(payload: dict[str, Any], lang: str) -> str | None:
    """'A squad (CF 4 + CAAT Ammo) fired at Zone 7, Location 1: d10 5 + 1 = 6, hit; ...' (11.2)."""
    data, answer = payload.get("input") or {}, payload.get("result") or {}
    result = answer.get("result") or {}
    shooter, target = data.get("shooter") or {}, data.get("target") or {}
    if not isinstance(result, dict) or "final" not in result:
        return None
    cf = _("CF %(cf)s", cf=shooter.get("cf", "?"))
    if shooter.get("caat_ammo"):
        cf += " + " + _("CAAT Ammo")
    where = _("Zone %(n)s", n=target["zone_number"]) if target.get("zone_number") else ""
    if target.get("location"):
        where = _("%(zone)s, Location %(location)s", zone=where, location=target["location"]) if where else \
            _("Location %(location)s", location=target["location"])
    unit = t_or_raw(f"log.pf.target.{target.get('unit')}", lang, str(target.get("unit", "")))
    drm = answer.get("drm") or 0
    outcome = t_or_raw(f"log.pf.outcome.{result.get('outcome')}", lang, str(result.get("outcome", "")))
    text = _("A squad (%(cf)s) fired at %(target)s in %(where)s: d10 %(roll)s %(drm)s = %(final)s, %(outcome)s", cf=cf, target=unit, where=where, roll=result.get("roll"),
             drm=f"{drm:+d}".replace("+", "+ ").replace("-", "− "), final=result["final"], outcome=outcome)
    if result.get("activation"):
        text += ("; " if lang == "en" else " ; ") + _("'Suspect' activated: %(what)s, CF %(cf)s",
                         what=t_or_raw(f"log.pf.target.{result['activation']}", lang, str(result["activation"])),
                         cf=result.get("drawn_cf", "?"))
    return text


def t_or_raw(key: str, lang: str, raw: str) -> str:
    return word(LABELS, key, raw.replace("_", " "))


def _adjudication(payload: dict[str, Any], lang: str) -> str | None:
    if payload.get("situation") == "fire":
        text = _fire(payload, lang)
        if text:
            return text
    return None  # the generic line: the situation's name and the answer's own steps


def _vp(payload: dict[str, Any], after: GameState, lang: str) -> str:
    entry = next((e for e in reversed(after.vp_ledger) if e.version == after.version), None)  # the newest line
    reason = t_or_raw(f"vp.reason.{payload.get('reason')}", lang, str(payload.get("reason")))
    if payload.get("count", 1) > 1:
        reason = f"{payload['count']} × {reason}"
    value = entry.value if entry is not None else payload.get("value", 0)
    return _("VP %(value)s (%(reason)s)", value=f"{value:+d}" if value else "0", reason=reason)


def describe(payload: dict[str, Any], before: GameState | None, after: GameState, lang: str) -> str | None:
    """One sentence for an action (None: the generic line is used)."""
    kind = payload.get("type")
    unit_ref = str(payload.get("unit", ""))
    unit = before.unit(unit_ref) if before is not None and unit_ref else None
    name = _unit_name(unit, unit_ref, lang)
    if kind == "adjudication":
        return _adjudication(payload, lang)
    if kind == "vp":
        return _vp(payload, after, lang)
    if kind == "next_phase":
        if after.turn != (before.turn if before else after.turn):
            return _("Turn %(turn)s begins", turn=after.turn)
        return _("On to the %(phase)s", phase=word(LABELS, f"phase.{after.phase}.full"))
    if kind == "roll":
        return _("d10 rolled by the app: %(faces)s", faces=", ".join(map(str, payload.get("faces") or [])))
    if kind == "unit_status":
        return _("%(unit)s: %(status)s", unit=name, status=word(LABELS, f"unit.status.{payload.get('status')}"))
    if kind in ("unit_move", "unit_enter"):
        return word(LABELS, f"log.pf.{kind}", unit=name, where=_where(payload.get("position"), lang))
    if kind in ("unit_step_loss", "unit_eliminate", "unit_withdraw", "unit_hero", "security_element_detach",
                "security_element_regroup", "caat_ammo", "caat_explosives", "caat_remove"):
        key = f"log.pf.{kind}" + (".caat" if kind == "unit_step_loss" and payload.get("target") == "caat" else "")
        return word(LABELS, key, unit=name)
    if kind == "unit_add":
        added = _("%(kind)s %(n)s", kind=word(LABELS, f"unit.kind.{payload.get('kind')}"), n=payload.get("counter"))
        cf = f" ({_('CF %(cf)s', cf=payload['cf'])})" if payload.get("cf") else ""
        return _("%(unit)s added to the order of battle", unit=added + cf)
    if kind == "squads_draw" and after.drawn is not None:
        return _("USMC squads drawn by the app (6.3): for the start Zones %(start)s; Company Reinforcements "
                 "%(company)s; Battalion Reinforcements %(battalion)s",
                 **{k: ", ".join(map(str, getattr(after.drawn, k))) for k in ("start", "company", "battalion")})
    if kind == "order_of_battle":
        placed = [u for u in after.units if u.kind == "squad" and u.origin == "start"]
        return _("USMC Order of Battle placed (6.3): %(squads)s; CAAT supports with squads %(caats)s (6.3.1)",
                 squads=", ".join(_("squad %(n)s in Zone %(zone)s", n=u.counter, zone=u.position.zone)
                                  for u in placed if u.position is not None),
                 caats=", ".join(str(u.counter) for u in placed if u.caat_allocated))
    zone = _("Zone %(n)s", n=payload.get("zone")) if payload.get("zone") else ""
    if kind == "zone_activate":
        return _("%(zone)s: %(nature)s", zone=zone,
                 nature=word(LABELS, f"zone.activation.{payload.get('nature')}"))
    if kind == "zone_control":
        return _("%(zone)s: %(side)s", zone=zone, side=word(LABELS, f"zone.summary.{payload.get('side')}"))
    if kind == "zone_ruins":
        return _("%(zone)s is in Ruins", zone=zone)
    if kind == "zone_marker":
        marker = word(LABELS, f"zone.marker.{payload.get('marker')}")
        if payload.get("present"):
            return _("%(zone)s: '%(marker)s' marker placed", zone=zone, marker=marker)
        return _("%(zone)s: '%(marker)s' marker removed", zone=zone, marker=marker)
    if kind == "zone_counts":
        parts = []
        if payload.get("suspects") is not None:
            parts.append(_suspects(payload["suspects"]))
        if payload.get("insurgents") is not None:
            parts.append(_insurgents(payload["insurgents"]))
        return f"{zone}{' : ' if lang == 'fr' else ': '}{', '.join(parts)}"
    if kind == "support_mission":
        return _("Support Mission %(mission)s: %(outcome)s", mission=str(payload.get("mission", "")).replace("_", " "),
                 outcome=word(LABELS, f"log.pf.support.{payload.get('outcome')}"))
    return None
