"""The chart of VP by turn as inline SVG, drawn on the server (no script, no library).

The line is the VP total at the end of each turn played (``vp_by_turn``); the bands are the
game's victory levels, rows of one of its tables (``min``/``max`` bounds, ``result`` key).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markupsafe import Markup, escape

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 26


#: the most grid lines the VP axis draws, however far the VP go
MAX_TICKS = 10


def axis_step(span: float) -> int:
    """The VP between two grid lines: 5 or 10 as a game's VP usually span, then 20, 50, 100, 200...
    so that a chart draws at most :data:`MAX_TICKS` of them (the page does not grow with the VP)."""
    step = 5 if span <= 40 else 10
    while span / step > MAX_TICKS:
        step = step * 5 // 2 if str(step).startswith("2") else step * 2
    return step


def vp_chart(points: Sequence[dict[str, int]], last_turn: int, levels: Sequence[Any], title: str,
             level_names: dict[str, str]) -> Markup:
    """An SVG line chart of VP (y) by turn (x, 1..last_turn) over the victory-level bands."""
    values = [p["vp"] for p in points] or [0]
    bounds = [b for row in levels for b in (row.min, row.max) if b is not None]
    low = min(min(values), *bounds, -5) - 2
    high = max(max(values), *bounds, 5) + 2
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(turn: float) -> float:
        return LEFT + (turn - 1) * plot_w / max(last_turn - 1, 1)

    def y(vp: float) -> float:
        return float(TOP + (high - vp) * plot_h / (high - low))

    parts = [Markup(
        '<svg class="vp-chart" viewBox="0 0 {w} {h}" role="img" aria-labelledby="vp-chart-title" '
        'xmlns="http://www.w3.org/2000/svg"><title id="vp-chart-title">{title}</title>'
    ).format(w=WIDTH, h=HEIGHT, title=title)]
    for row in levels:
        # a level covers whole VP values: its band reaches half a point beyond each bound
        top = y(min(row.max + 0.5 if row.max is not None else high, high))
        bottom = y(max(row.min - 0.5 if row.min is not None else low, low))
        parts.append(Markup('<rect class="band band-{r}" x="{x}" y="{y:.1f}" width="{w}" height="{h:.1f}"/>'
                            '<text class="band-label" x="{tx}" y="{ty:.1f}">{label}</text>').format(
            r=row.result, x=LEFT, y=top, w=plot_w, h=bottom - top, tx=LEFT + plot_w - 4, ty=top + 12,
            label=level_names.get(row.result, row.result)))
    step = axis_step(high - low)
    for vp in range(-(-low // step) * step, int(high) + 1, step):
        if low < vp < high:
            parts.append(Markup('<line class="grid{z}" x1="{a}" x2="{b}" y1="{y:.1f}" y2="{y:.1f}"/>'
                                '<text class="axis" x="{tx}" y="{ty:.1f}">{v}</text>').format(
                z=" zero" if vp == 0 else "", a=LEFT, b=LEFT + plot_w, y=y(vp), tx=LEFT - 4, ty=y(vp) + 4,
                v=f"{vp:+d}" if vp else str(vp)))
    for turn in range(1, last_turn + 1):
        if turn == 1 or turn == last_turn or turn % 4 == 0:
            parts.append(Markup('<text class="axis axis-x" x="{x:.1f}" y="{y}">{t}</text>').format(
                x=x(turn), y=HEIGHT - 8, t=turn))
    if points:
        path = " ".join(f"{x(p['turn']):.1f},{y(p['vp']):.1f}" for p in points)
        parts.append(Markup('<polyline class="vp-line" points="{p}"/>').format(p=path))
        for p in points:
            parts.append(Markup('<circle class="vp-dot" cx="{x:.1f}" cy="{y:.1f}" r="3.5">'
                                '<title>{t}: {v}</title></circle>').format(
                x=x(p["turn"]), y=y(p["vp"]), t=p["turn"], v=f"{p['vp']:+d}"))
    parts.append(Markup("</svg>"))
    return Markup("").join(escape(p) for p in parts)
