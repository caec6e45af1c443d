"""A scene as TikZ: one command per shape, drawn inline in the LaTeX document.

Needs only the tikz package (Debian: texlive-pictures), which the document preamble loads; the
palette's colours are defined inside each picture, so a fragment needs no colour definitions either.
"""

from __future__ import annotations

from .scene import TONES, Bezier, Box, Disk, Line, Mark, Scene, Text

FONT = {"small": r"\small", "tiny": r"\scriptsize"}


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _xy(p) -> str:
    return f"({_n(p[0])},{_n(p[1])})"


def colour(tone: str) -> str:
    return f"tutor{tone}"


def tikz(scene: Scene) -> str:
    shapes = [_shape(s) for s in scene.shapes]
    used = sorted({t for t in TONES if any(colour(t) in line for line in shapes)})
    # The palette's colours, defined inside the picture (local to it): a fragment needs no preamble for them.
    defined = "".join(rf"\definecolor{{{colour(t)}}}{{RGB}}{{{','.join(map(str, TONES[t]))}}}" for t in used)
    return "\n".join([r"\begin{tikzpicture}[x=1cm,y=1cm,line cap=round,line join=round]", defined, *shapes,
                      r"\end{tikzpicture}"])


def _style(tone: str, width: float, dashed: bool = False, extra: str = "", key: str = "color") -> str:
    """Stroke options; key "draw" for a filled shape (TikZ's color= would set its fill too)."""
    parts = [f"{key}={colour(tone)}", f"line width={_n(width)}pt"]
    if dashed:
        parts.append("dash pattern=on 3pt off 2pt")
    if extra:
        parts.append(extra)
    return ",".join(parts)


def _shape(s) -> str:
    if isinstance(s, Line):
        path = " -- ".join(_xy(p) for p in s.points)
        return rf"\draw[{_style(s.tone, s.width, s.dashed, '-stealth' if s.arrow else '')}] {path};"
    if isinstance(s, Bezier):
        return (rf"\draw[{_style(s.tone, s.width, s.dashed)}] {_xy(s.p0)} .. controls {_xy(s.p1)} and "
                rf"{_xy(s.p2)} .. {_xy(s.p3)};")
    if isinstance(s, Mark):
        at, r, c = _xy((s.x, s.y)), _n(s.size), colour(s.tone)
        if s.shape == "ring":
            return rf"\draw[color={c},fill=white,line width=0.9pt] {at} circle ({r});"
        if s.shape == "square":
            return (rf"\fill[color={c}] {_xy((s.x - s.size, s.y - s.size))} rectangle "
                    rf"{_xy((s.x + s.size, s.y + s.size))};")
        if s.shape == "cross":
            d = s.size * 1.2
            return (rf"\draw[color={c},line width=1.1pt] {_xy((s.x - d, s.y - d))} -- {_xy((s.x + d, s.y + d))} "
                    rf"{_xy((s.x - d, s.y + d))} -- {_xy((s.x + d, s.y - d))};")
        return rf"\fill[color={c}] {at} circle ({r});"
    if isinstance(s, Box):
        corners = f"{_xy((s.x0, s.y0))} rectangle {_xy((s.x1, s.y1))}"
        if s.fill and s.stroke:
            return rf"\filldraw[fill={colour(s.fill)},{_style(s.stroke, s.width, key='draw')}] {corners};"
        if s.fill:
            return rf"\fill[color={colour(s.fill)}] {corners};"
        return rf"\draw[{_style(s.stroke or 'ink', s.width)}] {corners};"
    if isinstance(s, Disk):
        return (rf"\filldraw[fill={colour(s.fill)},{_style(s.stroke, s.width, key='draw')}] {_xy((s.x, s.y))} "
                rf"circle ({_n(s.r)});")
    if isinstance(s, Text):
        options = [f"anchor={s.anchor}", "inner sep=1pt", f"font={FONT[s.size]}", f"text={colour(s.tone)}"]
        if s.halo:
            options.append("fill=white,fill opacity=0.8,text opacity=1")
        return rf"\node[{','.join(options)}] at {_xy((s.x, s.y))} {{${s.label}$}};"
    raise TypeError(type(s).__name__)
