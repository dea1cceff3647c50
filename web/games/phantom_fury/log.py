"""Phantom Fury's log in words (issue 17): one sentence per action in the interface's language,
with units and markers by their printed names, and the turn and Phase each event belongs to.

``describe`` reads only the stored action and the states around it (never today's rules), so an
old log reads the same. French words are the French rulebook's (``squad``, ``Tir``, ``Suspect``).
"""

from __future__ import annotations

from typing import Any

from web.i18n import t

from .state import GameState, UnitState


def section(state: GameState) -> tuple[int, str]:
    """The turn and Phase an event made on ``state`` belongs to (8)."""
    return state.turn, state.phase


def _unit_name(unit: UnitState | None, ref: str, lang: str) -> str:
    """A unit as its counter prints it: "Squad 4", "IIF 1", "M1A1 Abrams 2"."""
    if unit is None:
        return ref
    return t("log.pf.unit", lang, kind=t(f"unit.kind.{unit.kind}", lang), n=unit.counter)


def _where(position: dict[str, Any] | None, lang: str) -> str:
    if not position:
        return ""
    zone = t("zone.name", lang, n=position.get("zone"))
    location = position.get("location")
    if location is None:
        return zone
    if location == "street":
        return f"{zone}, {t('location.street', lang)}"
    return t("log.pf.location", lang, zone=zone, location=location)


def _plural(count: int, key: str, lang: str) -> str:
    """``count`` and its noun, singular for 0 and 1 in French, for 1 only in English."""
    one = count == 1 or (lang == "fr" and count == 0)
    return t(f"{key}.{'one' if one else 'many'}", lang, n=count)


def _fire(payload: dict[str, Any], lang: str) -> str | None:
    """'A squad (CF 4 + CAAT Ammo) fired at Zone 7, Location 1: d10 5 + 1 = 6, hit; ...' (11.2)."""
    data, answer = payload.get("input") or {}, payload.get("result") or {}
    result = answer.get("result") or {}
    shooter, target = data.get("shooter") or {}, data.get("target") or {}
    if not isinstance(result, dict) or "final" not in result:
        return None
    cf = t("log.pf.cf", lang, cf=shooter.get("cf", "?"))
    if shooter.get("caat_ammo"):
        cf += " + " + t("log.pf.caat_ammo_bonus", lang)
    where = t("zone.name", lang, n=target["zone_number"]) if target.get("zone_number") else ""
    if target.get("location"):
        where = t("log.pf.location", lang, zone=where, location=target["location"]) if where else \
            t("log.pf.location_only", lang, location=target["location"])
    unit = t_or_raw(f"log.pf.target.{target.get('unit')}", lang, str(target.get("unit", "")))
    drm = answer.get("drm") or 0
    outcome = t_or_raw(f"log.pf.outcome.{result.get('outcome')}", lang, str(result.get("outcome", "")))
    text = t("log.pf.fire", lang, cf=cf, target=unit, where=where, roll=result.get("roll"),
             drm=f"{drm:+d}".replace("+", "+ ").replace("-", "− "), final=result["final"], outcome=outcome)
    if result.get("activation"):
        text += ("; " if lang == "en" else " ; ") + t("log.pf.activated", lang,
                         what=t_or_raw(f"log.pf.target.{result['activation']}", lang, str(result["activation"])),
                         cf=result.get("drawn_cf", "?"))
    return text


def t_or_raw(key: str, lang: str, raw: str) -> str:
    from web.i18n import STRINGS

    return t(key, lang) if key in STRINGS else raw.replace("_", " ")


def _adjudication(payload: dict[str, Any], lang: str) -> str | None:
    if payload.get("situation") == "fire":
        text = _fire(payload, lang)
        if text:
            return text
    return None  # the generic line: the situation's name and the answer's own steps


def _vp(payload: dict[str, Any], after: GameState, lang: str) -> str:
    entry = next((e for e in after.vp_ledger if e.version == after.version), None)
    reason = t_or_raw(f"vp.reason.{payload.get('reason')}", lang, str(payload.get("reason")))
    if payload.get("count", 1) > 1:
        reason = f"{payload['count']} × {reason}"
    value = entry.value if entry is not None else payload.get("value", 0)
    return t("log.pf.vp", lang, value=f"{value:+d}" if value else "0", reason=reason)


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
            return t("log.pf.next_turn", lang, turn=after.turn)
        return t("log.pf.next_phase", lang, phase=t(f"phase.{after.phase}.full", lang))
    if kind == "roll":
        return t("log.pf.roll", lang, faces=", ".join(map(str, payload.get("faces") or [])))
    if kind == "unit_status":
        return t("log.pf.status", lang, unit=name, status=t(f"unit.status.{payload.get('status')}", lang))
    if kind in ("unit_move", "unit_enter"):
        return t(f"log.pf.{kind}", lang, unit=name, where=_where(payload.get("position"), lang))
    if kind in ("unit_step_loss", "unit_eliminate", "unit_withdraw", "unit_hero", "security_element_detach",
                "security_element_regroup", "caat_ammo", "caat_explosives", "caat_remove"):
        key = f"log.pf.{kind}" + (".caat" if kind == "unit_step_loss" and payload.get("target") == "caat" else "")
        return t(key, lang, unit=name)
    if kind == "unit_add":
        added = t("log.pf.unit", lang, kind=t(f"unit.kind.{payload.get('kind')}", lang), n=payload.get("counter"))
        cf = f" ({t('log.pf.cf', lang, cf=payload['cf'])})" if payload.get("cf") else ""
        return t("log.pf.unit_add", lang, unit=added + cf)
    zone = t("zone.name", lang, n=payload.get("zone")) if payload.get("zone") else ""
    if kind == "zone_activate":
        return t("log.pf.zone_activate", lang, zone=zone,
                 nature=t(f"zone.activation.{payload.get('nature')}", lang))
    if kind == "zone_control":
        return t("log.pf.zone_control", lang, zone=zone, side=t(f"zone.summary.{payload.get('side')}", lang))
    if kind == "zone_ruins":
        return t("log.pf.zone_ruins", lang, zone=zone)
    if kind == "zone_marker":
        marker = t(f"zone.marker.{payload.get('marker')}", lang)
        return t("log.pf.marker_on" if payload.get("present") else "log.pf.marker_off", lang, zone=zone, marker=marker)
    if kind == "zone_counts":
        parts = []
        if payload.get("suspects") is not None:
            parts.append(_plural(payload["suspects"], "log.pf.suspects", lang))
        if payload.get("insurgents") is not None:
            parts.append(_plural(payload["insurgents"], "log.pf.insurgents", lang))
        return f"{zone}{' : ' if lang == 'fr' else ': '}{', '.join(parts)}"
    if kind == "support_mission":
        return t("log.pf.support", lang, mission=str(payload.get("mission", "")).replace("_", " "),
                 outcome=t(f"log.pf.support.{payload.get('outcome')}", lang))
    return None
