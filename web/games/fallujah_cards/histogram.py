"""A histogram of final scores as inline SVG, drawn on the server (no script, no library; the
page's CSP allows no inline style, so every look is a class of cards.css)."""

from __future__ import annotations

from collections.abc import Mapping

from markupsafe import Markup, escape

WIDTH, HEIGHT = 360, 190
LEFT, RIGHT, TOP, BOTTOM = 36, 8, 10, 34
BIN = 5


def histogram(counts: Mapping[int, int], title: str, axis: str, mark: int = 100, dom_id: str = "h") -> Markup:
    """Bars of ``BIN``-point bins of score (x) by share of games (y), a line at ``mark``."""
    total = sum(counts.values()) or 1
    low = min(min(counts, default=mark), mark) // BIN * BIN
    high = (max(max(counts, default=mark), mark) // BIN + 1) * BIN
    bins: dict[int, int] = {}
    for score, n in counts.items():
        bins[score // BIN * BIN] = bins.get(score // BIN * BIN, 0) + n
    top_share = max(bins.values(), default=1) / total
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(score: float) -> float:
        return LEFT + (score - low) * plot_w / (high - low)

    def y(share: float) -> float:
        return TOP + plot_h - share * plot_h / top_share

    parts = [Markup('<svg class="histogram" viewBox="0 0 {w} {h}" role="img" aria-labelledby="{id}-title" '
                    'xmlns="http://www.w3.org/2000/svg"><title id="{id}-title">{title}</title>').format(
        w=WIDTH, h=HEIGHT, id=dom_id, title=title)]
    for start, n in sorted(bins.items()):
        share = n / total
        parts.append(Markup('<rect class="bar" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}">'
                            '<title>{a}–{b}: {n} ({p:.1%})</title></rect>').format(
            x=x(start) + 0.5, y=y(share), w=max(plot_w * BIN / (high - low) - 1, 1), h=TOP + plot_h - y(share),
            a=start, b=start + BIN - 1, n=n, p=share))
    parts.append(Markup('<line class="axis-line" x1="{a}" x2="{b}" y1="{y}" y2="{y}"/>').format(
        a=LEFT, b=LEFT + plot_w, y=TOP + plot_h))
    parts.append(Markup('<line class="mark" x1="{x:.1f}" x2="{x:.1f}" y1="{t}" y2="{b}"/>').format(
        x=x(mark), t=TOP, b=TOP + plot_h))
    step = 20 if high - low > 100 else 10
    for tick in range(-(-low // step) * step, high + 1, step):
        parts.append(Markup('<text class="axis" x="{x:.1f}" y="{y}">{v}</text>').format(
            x=x(tick), y=TOP + plot_h + 14, v=tick))
    for share in (top_share / 2, top_share):
        parts.append(Markup('<text class="axis axis-y" x="{x}" y="{y:.1f}">{v:.0%}</text>').format(
            x=LEFT - 4, y=y(share) + 4, v=share))
    parts.append(Markup('<text class="axis axis-title" x="{x:.1f}" y="{y}">{t}</text>').format(
        x=LEFT + plot_w / 2, y=HEIGHT - 4, t=axis))
    parts.append(Markup("</svg>"))
    return Markup("").join(escape(p) for p in parts)
