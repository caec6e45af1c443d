"""A scene as SVG: the same shapes as the TikZ drawing, for HTML (inline) and Markdown (a file).

Maths labels are set as text runs (labels.py): italic letters, upright digits and operators, sub- and
superscripts shifted and smaller, in the page's maths font where there is one (KaTeX's, in our HTML).
"""

from __future__ import annotations

import math

from ..escaping import escape, quoteattr
from . import labels
from .scene import TONES, Bezier, Box, Disk, Line, Mark, Scene, Text

SCALE = 45.0  # px per cm: larger than print (37.8), for a screen
FONT_PX = {"small": 16, "tiny": 12.5}
FONTS = "KaTeX_Main, 'Latin Modern Roman', 'CMU Serif', 'Times New Roman', serif"
_ANCHOR = {"west": "start", "east": "end"}
# Where the baseline goes from the anchor, in font sizes (down): the label's top at a north anchor, its
# bottom at a south one. Set by hand on the alphabetic baseline: viewers realign every smaller run of a
# label to its own edge under dominant-baseline, undoing the sub- and superscripts' shifts.
_BASELINE = {"north": 0.78, "south": -0.24}
_SHIFT = {"": 0.0, "sub": 0.3, "sup": -0.45}  # of the label's font size, downwards


def _n(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def colour(tone: str) -> str:
    r, g, b = TONES[tone]
    return f"#{r:02x}{g:02x}{b:02x}"


def svg(scene: Scene, title: str = "", standalone: bool = False) -> str:
    """The SVG element (standalone: with the XML declaration, for a file of its own). No blank line
    and no $ in it: the HTML page reads a blank line as a new paragraph and $…$ as maths."""
    width, height = (scene.x1 - scene.x0) * SCALE, (scene.y1 - scene.y0) * SCALE

    def at(x: float, y: float) -> tuple[str, str]:
        return _n((x - scene.x0) * SCALE), _n((scene.y1 - y) * SCALE)

    out = []
    if standalone:
        out.append('<?xml version="1.0" encoding="UTF-8"?>')
    out.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}" height="{_n(height)}" '
               f'viewBox="0 0 {_n(width)} {_n(height)}" role="img" font-family="{FONTS}"'
               + (f" aria-label={quoteattr(labels.plain(title).replace('$', ''))}" if title else "") + ">")
    if title:
        out.append(f"<title>{escape(labels.plain(title).replace('$', ''))}</title>")
    if standalone:
        out.append(f'<rect width="100%" height="100%" fill="#ffffff"/>')
    for s in scene.shapes:
        out.append(_shape(s, at))
    out.append("</svg>")
    return "\n".join(line for line in out if line)


def _stroke(tone: str, width: float, dashed: bool = False) -> str:
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    return f'stroke="{colour(tone)}" stroke-width="{_n(width * 4 / 3)}"{dash}'


def _shape(s, at) -> str:
    if isinstance(s, Line):
        points = list(s.points)
        head = ""
        if s.arrow and len(points) >= 2:
            (x0, y0), (x1, y1) = points[-2], points[-1]
            length = math.hypot(x1 - x0, y1 - y0)
            if length > 1e-9:
                ux, uy = (x1 - x0) / length, (y1 - y0) / length
                size = min(0.22, length / 2)
                base = (x1 - ux * size, y1 - uy * size)
                left = (base[0] - uy * size * 0.4, base[1] + ux * size * 0.4)
                right = (base[0] + uy * size * 0.4, base[1] - ux * size * 0.4)
                points[-1] = (x1 - ux * size * 0.6, y1 - uy * size * 0.6)
                corners = " ".join(",".join(at(*p)) for p in ((x1, y1), left, right))
                head = f'\n<polygon points="{corners}" fill="{colour(s.tone)}"/>'
        path = " ".join(",".join(at(*p)) for p in points)
        return (f'<polyline points="{path}" fill="none" {_stroke(s.tone, s.width, s.dashed)} '
                f'stroke-linecap="round" stroke-linejoin="round"/>{head}')
    if isinstance(s, Bezier):
        p = [",".join(at(*q)) for q in (s.p0, s.p1, s.p2, s.p3)]
        return f'<path d="M {p[0]} C {p[1]} {p[2]} {p[3]}" fill="none" {_stroke(s.tone, s.width, s.dashed)}/>'
    if isinstance(s, Mark):
        x, y = at(s.x, s.y)
        r = s.size * SCALE
        c = colour(s.tone)
        if s.shape == "ring":
            return f'<circle cx="{x}" cy="{y}" r="{_n(r)}" fill="#ffffff" stroke="{c}" stroke-width="1.2"/>'
        if s.shape == "square":
            return f'<rect x="{_n(float(x) - r)}" y="{_n(float(y) - r)}" width="{_n(2 * r)}" height="{_n(2 * r)}" fill="{c}"/>'
        if s.shape == "cross":
            d = r * 1.2
            fx, fy = float(x), float(y)
            return (f'<path d="M {_n(fx - d)},{_n(fy - d)} L {_n(fx + d)},{_n(fy + d)} M {_n(fx - d)},{_n(fy + d)} '
                    f'L {_n(fx + d)},{_n(fy - d)}" stroke="{c}" stroke-width="1.5"/>')
        return f'<circle cx="{x}" cy="{y}" r="{_n(r)}" fill="{c}"/>'
    if isinstance(s, Box):
        x, y = at(s.x0, max(s.y0, s.y1))
        w, h = abs(s.x1 - s.x0) * SCALE, abs(s.y1 - s.y0) * SCALE
        fill = f'fill="{colour(s.fill)}"' if s.fill else 'fill="none"'
        stroke = _stroke(s.stroke, s.width) if s.stroke else ""
        return f'<rect x="{x}" y="{y}" width="{_n(w)}" height="{_n(h)}" {fill} {stroke}/>'
    if isinstance(s, Disk):
        x, y = at(s.x, s.y)
        return f'<circle cx="{x}" cy="{y}" r="{_n(s.r * SCALE)}" fill="{colour(s.fill)}" {_stroke(s.stroke, s.width)}/>'
    if isinstance(s, Text):
        return _text(s, at)
    raise TypeError(type(s).__name__)


def _text(s: Text, at) -> str:
    x, y = at(s.x, s.y)
    horizontal = next((v for k, v in _ANCHOR.items() if k in s.anchor), "middle")
    px = FONT_PX[s.size]
    y = _n(float(y) + next((v for k, v in _BASELINE.items() if k in s.anchor), 0.34) * px)
    halo = ' paint-order="stroke" stroke="#ffffff" stroke-width="3" stroke-linejoin="round"' if s.halo else ""
    # Sub- and superscripts are moved with dy (not baseline-shift, which not every viewer honours),
    # each run by the difference from the one before, in pixels of the label's size.
    spans, offset = [], 0.0
    for run in labels.runs(s.label):
        target = _SHIFT[run.shift] * px
        attrs = ' font-style="italic"' if run.italic else ""
        if target != offset:
            attrs += f' dy="{_n(target - offset)}"'
            offset = target
        if run.shift:
            attrs += f' font-size="{_n(px * 0.72)}"'
        spans.append(f"<tspan{attrs}>{escape(run.text)}</tspan>" if attrs else escape(run.text))
    return (f'<text x="{x}" y="{y}" font-size="{FONT_PX[s.size]}" text-anchor="{horizontal}" '
            f'fill="{colour(s.tone)}"{halo}>{"".join(spans)}</text>')
