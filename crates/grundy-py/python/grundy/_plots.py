"""Small self-contained SVG pictures for Jupyter (no plotting library needed): a sequence as
dots g(n) against n, a table as a heat map. At most :data:`MAX_POINTS` heaps and
:data:`MAX_CELLS` cells are drawn (the first ones), so a sequence of 10^6 values shows at once.
"""

from __future__ import annotations

import html
from typing import Optional, Sequence, Tuple

import numpy as np

MAX_POINTS = 2000
MAX_CELLS = 128

WIDTH, HEIGHT, MARGIN = 560, 240, 36


def _text(x: float, y: float, s: str, anchor: str = "start", size: int = 11) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-family="sans-serif" font-size="{size}" '
        f'text-anchor="{anchor}">{html.escape(s)}</text>'
    )


def sequence_svg(
    values: np.ndarray,
    title: str,
    preperiod: Optional[int],
    period: Optional[int],
    xs: Optional[Sequence[int]] = None,
    x_label: str = "n",
) -> str:
    """Dots (x, g) for the first :data:`MAX_POINTS` values; a dashed line where the period starts.
    Negative cells (blank or loopy table cells) are left out."""
    v = np.asarray(values)[:MAX_POINTS]
    x = np.arange(len(v)) if xs is None else np.asarray(list(xs)[: len(v)])
    shown = v >= 0
    top = int(v[shown].max()) if shown.any() else 1
    top = max(top, 1)
    left, right = int(x[0]) if len(x) else 0, int(x[-1]) if len(x) else 1
    span = max(right - left, 1)
    w, h = WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN
    r = 1.5 if len(v) > 300 else 2.5
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        _text(MARGIN, 16, title + (f" (first {MAX_POINTS})" if len(values) > MAX_POINTS else "")),
        f'<line x1="{MARGIN}" y1="{MARGIN + h}" x2="{MARGIN + w}" y2="{MARGIN + h}" stroke="#888"/>',
        f'<line x1="{MARGIN}" y1="{MARGIN}" x2="{MARGIN}" y2="{MARGIN + h}" stroke="#888"/>',
        _text(MARGIN - 4, MARGIN + 4, str(top), "end"),
        _text(MARGIN - 4, MARGIN + h, "0", "end"),
        _text(MARGIN, MARGIN + h + 14, str(left), "middle"),
        _text(MARGIN + w, MARGIN + h + 14, str(right), "middle"),
        _text(MARGIN + w / 2, MARGIN + h + 28, x_label, "middle"),
    ]
    if preperiod is not None and period is not None and left <= preperiod <= right:
        px = MARGIN + (preperiod - left) / span * w
        parts.append(
            f'<line x1="{px:.1f}" y1="{MARGIN}" x2="{px:.1f}" y2="{MARGIN + h}" '
            f'stroke="#c33" stroke-dasharray="4 3"><title>period {period} from {preperiod}</title></line>'
        )
    for xi, vi, ok in zip(x.tolist(), v.tolist(), shown.tolist()):
        if not ok:
            continue
        cx = MARGIN + (xi - left) / span * w
        cy = MARGIN + h - vi / top * h
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r}" fill="#2458a6"/>')
    parts.append("</svg>")
    return "".join(parts)


def table_svg(
    cells: np.ndarray,
    title: str,
    axes: Tuple[str, ...],
    ranges: Tuple[Tuple[int, ...], ...],
) -> str:
    """A heat map of the first :data:`MAX_CELLS` × :data:`MAX_CELLS` cells, with each value
    written in its square when the squares are large enough; blank cells white, loopy grey."""
    c = np.asarray(cells)[:MAX_CELLS, :MAX_CELLS]
    rows, cols = c.shape
    size = max(3, min(24, 480 // max(rows, cols, 1)))
    top = max(int(c.max()) if c.size else 1, 1)
    width, height = MARGIN + cols * size + 8, MARGIN + rows * size + 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        _text(4, 14, f"{title}: rows {axes[0]}, columns {axes[1]}"),
        _text(MARGIN - 4, MARGIN + size - 2, str(ranges[0][0]), "end"),
        _text(MARGIN, MARGIN - 4, str(ranges[1][0])),
    ]
    for i in range(rows):
        for j in range(cols):
            v = int(c[i, j])
            x, y = MARGIN + j * size, MARGIN + i * size
            if v == -1:
                continue
            if v < 0:
                color = "#bbb"
            else:
                t = v / top
                color = f"rgb({int(255 - 200 * t)},{int(255 - 150 * t)},255)"
            label = "∞" if v == -2 else str(v)
            parts.append(
                f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{color}">'
                f"<title>{html.escape(axes[0])}={ranges[0][i]}, {html.escape(axes[1])}={ranges[1][j]}: "
                f"{label}</title></rect>"
            )
            if size >= 16:
                parts.append(_text(x + size / 2, y + size * 0.7, label, "middle", 9))
    parts.append("</svg>")
    return "".join(parts)
