"""Small self-contained SVG pictures for Jupyter (no plotting library needed): a sequence as
dots g(n) against n, a table as a heat map with its colour legend, a digraph as a drawing.

Bounded whatever the size: a sequence of more than :data:`MAX_POINTS` values is drawn as
:data:`MAX_POINTS` columns, each the range (least to largest value) of a run of consecutive
heaps, so a sequence of 10^6 values shows at once and its largest values stay visible; a table
shows its first :data:`MAX_CELLS` × :data:`MAX_CELLS` cells; a graph of more than
:data:`MAX_VERTICES` vertices is listed, not drawn.
"""

from __future__ import annotations

import html
import math
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

MAX_POINTS = 2000
MAX_CELLS = 128
MAX_VERTICES = 60

WIDTH, HEIGHT, MARGIN = 560, 240, 40
TICKS = 5

#: Dot colour (contrast 6.9:1 on white) and the period marker's.
INK, MARK = "#2458a6", "#b3261e"


def _text(x: float, y: float, s: str, anchor: str = "start", size: int = 11, fill: str = "#222") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{size}" '
        f'text-anchor="{anchor}" fill="{fill}">{html.escape(s)}</text>'
    )


def ticks(low: int, high: int, count: int = TICKS) -> List[int]:
    """At most ``count`` + 1 round numbers from ``low`` to ``high`` (both included), for axis
    labels: steps of 1, 2 or 5 times a power of ten."""
    if high <= low:
        return [low]
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = -(-low // step) * step
    out = list(range(first, high + 1, step))
    if out[0] != low:
        out.insert(0, low)
    if out[-1] != high and high - out[-1] > step / 3:
        out.append(high)
    return out


def sequence_svg(
    values: np.ndarray,
    title: str,
    preperiod: Optional[int],
    period: Optional[int],
    xs: Optional[Sequence[int]] = None,
    x_label: str = "n",
) -> str:
    """Dots (x, g) with ticks on both axes; above :data:`MAX_POINTS` values, columns of each
    bucket's range. A dashed line where the period starts. Negative cells (blank or loopy table
    cells) are left out."""
    v = np.asarray(values).astype(np.int64, copy=False)
    x = np.arange(len(v)) if xs is None else np.asarray(list(xs), dtype=np.int64)
    shown = v >= 0
    top = max(int(v[shown].max()) if shown.any() else 1, 1)
    left, right = (int(x[0]), int(x[-1])) if len(x) else (0, 1)
    span = max(right - left, 1)
    w, h = WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN
    bucket = -(-len(v) // MAX_POINTS) if len(v) > MAX_POINTS else 1
    note = f" ({len(v)} values; each column the range of {bucket})" if bucket > 1 else ""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{html.escape(title)}">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        _text(MARGIN, 16, title + note),
        f'<line x1="{MARGIN}" y1="{MARGIN + h}" x2="{MARGIN + w}" y2="{MARGIN + h}" stroke="#888"/>',
        f'<line x1="{MARGIN}" y1="{MARGIN}" x2="{MARGIN}" y2="{MARGIN + h}" stroke="#888"/>',
        _text(MARGIN + w / 2, MARGIN + h + 30, x_label, "middle"),
        _text(12, MARGIN + h / 2, "value", "middle"),
    ]
    for t in ticks(0, top):
        y = MARGIN + h - t / top * h
        parts.append(f'<line x1="{MARGIN - 4}" y1="{y:.1f}" x2="{MARGIN}" y2="{y:.1f}" stroke="#888"/>')
        parts.append(_text(MARGIN - 6, y + 4, str(t), "end"))
    for t in ticks(left, right):
        px = MARGIN + (t - left) / span * w
        parts.append(f'<line x1="{px:.1f}" y1="{MARGIN + h}" x2="{px:.1f}" y2="{MARGIN + h + 4}" stroke="#888"/>')
        parts.append(_text(px, MARGIN + h + 16, str(t), "middle"))
    if preperiod is not None and period is not None and left <= preperiod <= right:
        px = MARGIN + (preperiod - left) / span * w
        parts.append(
            f'<line x1="{px:.1f}" y1="{MARGIN}" x2="{px:.1f}" y2="{MARGIN + h}" '
            f'stroke="{MARK}" stroke-dasharray="4 3"><title>period {period} from {preperiod}</title></line>'
        )
    if bucket == 1:
        r = 1.5 if len(v) > 300 else 2.5
        for xi, vi, ok in zip(x.tolist(), v.tolist(), shown.tolist()):
            if ok:
                cx = MARGIN + (xi - left) / span * w
                cy = MARGIN + h - vi / top * h
                parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r}" fill="{INK}"/>')
    else:
        for start in range(0, len(v), bucket):
            chunk = v[start : start + bucket]
            chunk = chunk[chunk >= 0]
            if not len(chunk):
                continue
            cx = MARGIN + (int(x[start]) - left) / span * w
            lo, hi = int(chunk.min()), int(chunk.max())
            y1, y2 = MARGIN + h - lo / top * h, MARGIN + h - hi / top * h
            parts.append(
                f'<line x1="{cx:.1f}" y1="{y1 + 0.8:.1f}" x2="{cx:.1f}" y2="{y2 - 0.8:.1f}" stroke="{INK}" stroke-width="1"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def _colour(t: float) -> str:
    """The heat map's colour of a value at ``t`` of the largest (0: white-blue, 1: dark blue)."""
    return f"rgb({int(235 - 200 * t)},{int(240 - 170 * t)},255)"


def table_svg(
    cells: np.ndarray,
    title: str,
    axes: Tuple[str, ...],
    ranges: Tuple[Tuple[int, ...], ...],
) -> str:
    """A heat map of the first :data:`MAX_CELLS` × :data:`MAX_CELLS` cells with ticks on both
    axes and a colour legend; each value written in its square when the squares are large
    enough; blank cells white with a grey border, loopy cells grey."""
    c = np.asarray(cells)[:MAX_CELLS, :MAX_CELLS]
    rows, cols = c.shape
    size = max(3, min(24, 480 // max(rows, cols, 1)))
    top = max(int(c.max()) if c.size else 1, 1)
    left, head = MARGIN + 8, MARGIN + 10
    legend_x = left + cols * size + 24
    width = legend_x + 70
    height = max(head + rows * size + 36, head + 180)
    cut = ""
    if np.asarray(cells).shape != c.shape:
        cut = f" (first {rows}×{cols})"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(title)}">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        _text(4, 14, f"{title}: rows {axes[0]}, columns {axes[1]}{cut}"),
        _text(4, head - 6, f"{axes[0]}↓ {axes[1]}→", size=10),
    ]
    for i in ticks(0, rows - 1, 6):
        parts.append(_text(left - 4, head + i * size + size * 0.75, str(ranges[0][i]), "end", 10))
    for j in ticks(0, cols - 1, 6):
        parts.append(_text(left + j * size + size / 2, head + rows * size + 14, str(ranges[1][j]), "middle", 10))
    for i in range(rows):
        for j in range(cols):
            v = int(c[i, j])
            x, y = left + j * size, head + i * size
            label = "∞" if v == -2 else ("blank" if v == -1 else str(v))
            if v == -1:
                colour, stroke = "white", ' stroke="#ccc"'
            elif v < 0:
                colour, stroke = "#999", ""
            else:
                colour, stroke = _colour(v / top), ""
            parts.append(
                f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{colour}"{stroke}>'
                f"<title>{html.escape(axes[0])}={ranges[0][i]}, {html.escape(axes[1])}={ranges[1][j]}: "
                f"{label}</title></rect>"
            )
            if size >= 16 and v != -1:
                ink = "white" if v >= 0 and v / top > 0.55 else "#111"
                parts.append(_text(x + size / 2, y + size * 0.7, label, "middle", 9, ink))
    # The legend: a colour bar from 0 (bottom) to the largest value (top), then blank and loopy.
    bar = 120
    steps = 24
    for k in range(steps):
        t = k / (steps - 1)
        y = head + bar - (k + 1) * bar / steps
        parts.append(f'<rect x="{legend_x}" y="{y:.1f}" width="14" height="{bar / steps + 0.5:.1f}" fill="{_colour(t)}"/>')
    parts.append(_text(legend_x + 18, head + 8, str(top), size=10))
    parts.append(_text(legend_x + 18, head + bar, "0", size=10))
    parts.append(_text(legend_x, head - 6, "value", size=10))
    y = head + bar + 10
    parts.append(f'<rect x="{legend_x}" y="{y}" width="14" height="10" fill="white" stroke="#ccc"/>')
    parts.append(_text(legend_x + 18, y + 9, "blank", size=10))
    parts.append(f'<rect x="{legend_x}" y="{y + 16}" width="14" height="10" fill="#999"/>')
    parts.append(_text(legend_x + 18, y + 25, "loopy ∞", size=10))
    parts.append("</svg>")
    return "".join(parts)


def graph_svg(names: List[str], labels: List[str], outcomes: List[str], arcs: List[Tuple[Any, Any]], keys: List[Any]) -> str:
    """A digraph with its vertices on a circle, each a disc with its value inside (P-positions,
    where the player to move loses, filled dark) and its name beside; arcs as arrows. More than
    :data:`MAX_VERTICES` vertices: a note instead of a drawing."""
    n = len(names)
    if n > MAX_VERTICES:
        return f"<p>{n} vertices: too many to draw (at most {MAX_VERTICES}); the values are listed below.</p>"
    size, r = 360, 14
    centre, radius = size / 2, size / 2 - 40
    where = {}
    for i, k in enumerate(keys):
        a = 2 * math.pi * i / max(n, 1) - math.pi / 2
        where[k] = (centre + radius * math.cos(a), centre + radius * math.sin(a)) if n > 1 else (centre, centre)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="the graph, each vertex with its value">',
        '<defs><marker id="grundy-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>',
        f'<rect width="{size}" height="{size}" fill="white"/>',
    ]
    for u, v in arcs:
        (x1, y1), (x2, y2) = where[u], where[v]
        d = math.hypot(x2 - x1, y2 - y1) or 1
        ux, uy = (x2 - x1) / d, (y2 - y1) / d
        parts.append(
            f'<line x1="{x1 + ux * r:.1f}" y1="{y1 + uy * r:.1f}" x2="{x2 - ux * r:.1f}" y2="{y2 - uy * r:.1f}" '
            f'stroke="#555" marker-end="url(#grundy-arrow)"/>'
        )
    for k, name, label, outcome in zip(keys, names, labels, outcomes):
        x, y = where[k]
        fill, ink = ("#1f3b66", "white") if outcome == "P" else ("white", "#111")
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="#1f3b66">'
            f"<title>{html.escape(name)}: value {html.escape(label)}, outcome {outcome}</title></circle>"
        )
        parts.append(_text(x, y + 4, label, "middle", 11, ink))
        dx, dy = x - centre, y - centre
        dd = math.hypot(dx, dy) or 1
        parts.append(_text(x + dx / dd * (r + 10), y + dy / dd * (r + 10) + 4, name, "middle", 10))
    parts.append("</svg>")
    return "".join(parts)
