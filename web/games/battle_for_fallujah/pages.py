"""Battle for Fallujah's game page (turn, phases and End of Turn steps with their checklist, the
chit cup, the VP, Media and Political Pressure tracks with their charts, the hexes and units, the
map and counters to key) and its setup form. A hex is edited in a panel (``?hex=N``)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from flask import abort, render_template
from markupsafe import Markup

from rules_text.loading import load_game
from web.api import store
from web.copies import records
from web.pages.chart import vp_chart
from web.pages.game import undo_redo
from web.pages.helpers import query_in_range

from .cup import label as chit_label
from .rules import GAME
from .state import BATTALIONS, CHITS, EOT_STEPS, PHASES

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 360, 160, 30, 10, 10, 26


def tracks_chart(points: list[dict[str, int]], last_turn: int) -> Markup:
    """An SVG line chart of the Media Track (0-5) and Political Pressure (+0 to +3) by turn."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(turn: float) -> float:
        return LEFT + (turn - 1) * plot_w / max(last_turn - 1, 1)

    def y(value: float) -> float:
        return TOP + (5 - value) * plot_h / 5

    parts = [Markup('<svg class="vp-chart tracks-chart" viewBox="0 0 {w} {h}" role="img" '
                    'aria-labelledby="tracks-chart-title" xmlns="http://www.w3.org/2000/svg">'
                    '<title id="tracks-chart-title">Media Track and Political Pressure by turn</title>').format(
                        w=WIDTH, h=HEIGHT)]
    for value in range(6):
        parts.append(Markup('<line x1="{a}" x2="{b}" y1="{y}" y2="{y}" stroke="#ddd"/>'
                            '<text x="{t}" y="{ty}" font-size="10" text-anchor="end">{v}</text>').format(
            a=LEFT, b=WIDTH - RIGHT, y=y(value), t=LEFT - 4, ty=y(value) + 3, v=value))
    for turn in range(1, last_turn + 1):
        parts.append(Markup('<text x="{x}" y="{y}" font-size="10" text-anchor="middle">{t}</text>').format(
            x=x(turn), y=HEIGHT - 8, t=turn))
    for key, colour, dash in (("media", "#b22", ""), ("pressure", "#225", "4 3")):
        line = " ".join(f"{x(p['turn']):.1f},{y(p[key]):.1f}" for p in points)
        if line:
            parts.append(Markup('<polyline class="track-{k}" fill="none" stroke="{c}" stroke-width="2" '
                                'stroke-dasharray="{d}" points="{p}"/>').format(k=key, c=colour, d=dash, p=line))
            for p in points:
                parts.append(Markup('<circle cx="{x}" cy="{y}" r="3" fill="{c}"><title>turn {t}: {k} {v}</title></circle>').format(
                    x=f"{x(p['turn']):.1f}", y=f"{y(p[key]):.1f}", c=colour, t=p["turn"], k=key, v=p[key]))
    parts.append(Markup("</svg>"))
    return Markup("").join(parts)


def _hex_param(state: dict[str, Any]) -> dict[str, Any] | None:
    number = query_in_range("hex", 1, 32, lambda value: abort(404, description=f"hex: {value}: a hex number from 1 to 32"))
    return None if number is None else state["hexes"][number - 1]


def map_file(state: dict[str, Any]) -> str:
    """The keyed map and counters as a file to download: a ``key_map`` action, which the game
    page of another game loads as it is."""
    text = json.dumps({"type": "key_map", "map": state["map"], "rules": []}, ensure_ascii=False, indent=1)
    return "data:application/json;charset=utf-8," + quote(text)


#: the chapter of the rulebook's own set-up
SETUP_CHAPTER = "9"


def setup_steps(state: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The rulebook's set-up (9), step by step in its words, while the game has not begun (turn
    1, Intelligence Phase, no Intelligence roll yet); the keyed Coalition units by base for 9.1."""
    if state["turn"] != 1 or state["phase"] != "intelligence" or state.get("wanted_roll"):
        return None
    corpus = load_game(GAME).corpus("en")
    steps = []
    for section in corpus.by_id.values():
        if section.id.startswith(SETUP_CHAPTER + ".") and section.kind.value == "rule":
            steps.append({"rule": section.id, "depth": section.id.count("."),
                          "text": section.text.replace("*", "").strip()})
    return steps


def _by_base(state: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The keyed Coalition units, by the battalion or MEF base they start in (9.1)."""
    bases: dict[str, list[str]] = {}
    for counter in state["map"]["coalition"]:
        bases.setdefault(counter["battalion"], []).append(counter["name"])
    return sorted(bases.items())


def game_page(game_id: str, state: dict[str, Any]) -> str:
    chosen = _hex_param(state)
    levels = load_game(GAME).tables["victory-levels"].rows
    chart = vp_chart(state["tracks_by_turn"], state["last_turn"], levels, "VP by turn",
                     {row.result: row.result.replace("_", " ") for row in levels})
    keyed_hexes = {h["number"]: h for h in state["map"]["hexes"]}
    counters = {c["id"]: c for c in state["map"]["coalition"]}
    return render_template(
        "battle_for_fallujah/game.html", game=state, hex=chosen, undo=undo_redo(game_id, state),
        phases=PHASES, eot_steps=EOT_STEPS, chits=CHITS, chit_label=chit_label, battalions=BATTALIONS, chart=chart,
        tracks_chart=tracks_chart(state["tracks_by_turn"], state["last_turn"]), keyed_hexes=keyed_hexes,
        counters=counters, map_file=map_file(state),
        hex_key=keyed_hexes.get(chosen["number"]) if chosen else None,
        hex_units=[u for u in state["units"] if chosen and u["hex"] == chosen["number"]],
        setup_steps=setup_steps(state), bases=_by_base(state), copies=records(store().engine, state["game"]),
    )


def setup_context() -> dict[str, Any]:
    return {}
