"""The layout of a figure, in centimetres: the one place that decides where everything goes.

A figure record (model.py) holds exact values; `scene(figure)` turns it into a short list of shapes
(lines, curves, marks, boxes, text) at float positions in centimetres, y upwards. tikz.py and svg.py
each write those shapes one for one, so the LaTeX and the HTML/Markdown pictures are the same picture.
Decimals appear here only as positions on the page (and as the numbers at the axis ticks).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from functools import lru_cache

import sympy as sp

from ..exact.tidy import shown
from . import labels
from .model import Arrow, Bars, Curve, Figure, Graph, Level, Plot, Point, Row, Segment

# Sizes, in cm (the text of an A4 handout is 17 cm wide): a plot 7 cm wide and under 5 cm high; bars, a
# row of panels and a DFS tree up to 14 cm wide.
WIDTH = 7.0
MAX_WIDTH = 14.0  # bars and rows of panels: the text width of a handout (17 cm) less labels
MAX_HEIGHT = 4.8
PANEL_HEIGHT = 4.0  # a panel of a Row: two side by side take no more than one line of text more
MIN_HEIGHT = 2.2
CURVE_HEIGHT = 4.5
GAP = 0.12  # from a mark to its label
CHAR = {"small": 0.21, "tiny": 0.16}  # average width of a character, to size the space a label takes

TONES = {  # Okabe and Ito's colour-blind-safe palette
    "ink": (0, 0, 0), "blue": (0, 114, 178), "orange": (230, 159, 0), "green": (0, 158, 115),
    "red": (213, 94, 0), "purple": (204, 121, 167), "sky": (86, 180, 233), "grey": (128, 128, 128),
    "light": (215, 215, 215), "white": (255, 255, 255),
}


# --- the shapes ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Line:
    points: tuple[tuple[float, float], ...]
    tone: str = "ink"
    width: float = 0.8  # pt
    dashed: bool = False
    arrow: bool = False  # an arrow head at the last point


@dataclass(frozen=True)
class Bezier:
    """A cubic curve from p0 to p3 with control points p1, p2 (a backward edge bowed aside)."""

    p0: tuple[float, float]
    p1: tuple[float, float]
    p2: tuple[float, float]
    p3: tuple[float, float]
    tone: str = "ink"
    width: float = 0.8
    dashed: bool = False


@dataclass(frozen=True)
class Mark:
    x: float
    y: float
    shape: str = "dot"  # dot, ring, square, cross
    tone: str = "blue"
    size: float = 0.07  # radius, cm


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float
    fill: str | None = None
    stroke: str | None = "ink"
    width: float = 0.5


@dataclass(frozen=True)
class Disk:
    x: float
    y: float
    r: float
    fill: str = "white"
    stroke: str = "ink"
    width: float = 0.8


@dataclass(frozen=True)
class Text:
    """A label (labels.py's LaTeX subset) with its anchor: center, north, south, east, west or two
    of them (north east: the label's top right corner is at x, y). halo: on a white ground."""

    x: float
    y: float
    label: str
    anchor: str = "center"
    size: str = "small"  # small, tiny
    tone: str = "ink"
    halo: bool = False


Shape = Line | Bezier | Mark | Box | Disk | Text


@dataclass(frozen=True)
class Scene:
    shapes: tuple[Shape, ...]
    x0: float  # the bounding box, labels included (an estimate for text)
    y0: float
    x1: float
    y1: float


class Undrawable(ValueError):
    """A figure whose numbers cannot be laid out on a page (beyond a float's range, a logarithm of a
    value that is not positive): the document says so in its place instead."""


def scene(figure: Figure) -> Scene:
    try:
        return _scene(figure)
    except (ValueError, TypeError, OverflowError, ZeroDivisionError) as err:
        raise Undrawable(str(err)) from None


def _scene(figure: Figure) -> Scene:
    if isinstance(figure, Plot):
        shapes = _plot(figure)
    elif isinstance(figure, Bars):
        shapes = _bars(figure)
    elif isinstance(figure, Graph):
        shapes = _graph(figure)
    elif isinstance(figure, Row):
        shapes = _row(figure)
    else:
        raise TypeError(f"not a figure: {type(figure).__name__}")
    box = _bounds(shapes)
    if not all(math.isfinite(v) for v in box):
        raise ValueError("coordinates beyond the range a page can show")
    return Scene(tuple(shapes), *box)


# --- numbers and ticks ---------------------------------------------------------------------------

def number(value) -> float:
    """An exact value as a position (the drawing's only floats)."""
    if isinstance(value, (int, float)):
        return float(value)
    return _exact_number(value)


@lru_cache(maxsize=16384)  # a figure is laid out once per format and level: its curves' hundreds of points again
def _exact_number(value) -> float:
    if getattr(value, "is_real", None) is False:  # known complex (an unknown is evaluated below)
        raise ValueError("a coordinate that is not a real number")
    try:
        z = complex(shown(value, 15))
    except (TypeError, ValueError):  # ∞, nan: nothing to place
        raise ValueError("a coordinate that is not a finite number") from None
    if z.imag != 0:
        raise ValueError("a coordinate that is not a real number")
    if not math.isfinite(z.real):
        raise ValueError("a coordinate beyond the range a page can show")
    return z.real


def log10(value) -> float:
    """log₁₀ of an exact positive value, for a logarithmic axis: taken of the value itself, so that a
    probability of 10⁻⁴⁰⁰ (0 as a float) still has its place."""
    if isinstance(value, (int, float)):
        if value <= 0:
            raise ValueError("a logarithmic axis needs positive values")
        return math.log10(value)
    approx = shown(value, 15)  # a SymPy Float: its exponent is not bounded as a float's is
    if not (approx.is_real and approx > 0):
        raise ValueError("a logarithmic axis needs positive values")
    return float(sp.log(approx, 10).evalf(15))


def _nice_step(span: float, count: int = 6, whole: bool = False) -> float:
    raw = span / count
    if whole and raw <= 1:  # an axis of counts (operation i, a cost): ticks at whole numbers
        return 1.0
    power = 10 ** math.floor(math.log10(raw))
    for m in ((1, 2, 5, 10) if whole else (1, 2, 2.5, 5, 10)):
        if m * power >= raw:
            return m * power
    return 10 * power


def _ticks(lo: float, hi: float, count: int = 6, whole: bool = False) -> list[float]:
    step = _nice_step(hi - lo, count, whole)
    first = math.ceil(lo / step - 1e-9)
    out = []
    k = first
    while k * step <= hi + 1e-9 * step:
        out.append(round(k * step, 12))
        k += 1
    return out


def tick_label(value: float) -> str:
    if abs(value) < 1e-12:
        return "0"
    text = f"{value:.6g}"
    if "e" in text:
        mantissa, power = text.split("e")
        return f"{mantissa}\\cdot 10^{{{int(power)}}}" if mantissa != "1" else f"10^{{{int(power)}}}"
    return text


def _range(values: list[float], pad: float = 0.08) -> tuple[float, float]:
    lo, hi = min(values), max(values)
    if hi - lo < 1e-12:
        width = abs(lo) * 0.5 or 1.0
        return lo - width, hi + width
    margin = (hi - lo) * pad
    return lo - margin, hi + margin


# --- a coordinate plane --------------------------------------------------------------------------

def _plot_values(plot: Plot):
    """The x and y values of every item as floats (y as log₁₀ y on a logarithmic axis)."""
    ynumber = log10 if plot.log_y else number
    xs: list[float] = []
    ys: list[float] = []
    for item in plot.items:
        if isinstance(item, Point):
            xs.append(number(item.x))
            ys.append(ynumber(item.y))
        elif isinstance(item, (Arrow, Segment)):
            for x, y in (item.start, item.end):
                xs.append(number(x))
                ys.append(ynumber(y))
        elif isinstance(item, Curve):
            for x, y in item.points:
                xs.append(number(x))
                ys.append(ynumber(y))
        elif isinstance(item, Level):
            ys.append(ynumber(item.y))
    for bounds, into, convert in ((plot.x_range, xs, number), (plot.y_range, ys, ynumber)):
        if bounds is not None:
            into.extend(convert(b) for b in bounds)
    if not xs:
        raise ValueError("a plot with nothing to draw")
    return xs, ys


def _plot(plot: Plot, room: float = WIDTH, tallest: float = MAX_HEIGHT) -> list[Shape]:
    """The plot in a frame `room` cm wide (less where equal axes make it tall). The ranges grow until
    the labels of points and arrows stand inside the frame: a label never crosses it or the axis names."""
    xs, ys = _plot_values(plot)
    xlo, xhi = _range(xs)
    ylo, yhi = _range(ys)
    whole = (all(x.is_integer() for x in xs), not plot.log_y and all(y.is_integer() for y in ys))
    line = (plot.equal and not plot.y_label and plot.y_range is None and not plot.log_y
            and all(abs(y) < 1e-12 for y in ys))
    for _ in range(4):
        shapes, width, height = _plot_at(plot, room, tallest, xlo, xhi, ylo, yhi, line, whole)
        boxes = [_text_box(t) for t in shapes if isinstance(t, Text) and t.halo]
        left = max([0.0] + [-b[0] for b in boxes])
        right = max([0.0] + [b[2] - width for b in boxes])
        below = 0.0 if line else max([0.0] + [-b[1] for b in boxes])
        above = 0.0 if line else max([0.0] + [b[3] - height for b in boxes])
        if max(left, right, below, above) < 0.02:
            break
        per_x, per_y = (xhi - xlo) / width, (yhi - ylo) / height
        xlo, xhi = xlo - (left + 0.05 * (left > 0)) * per_x, xhi + (right + 0.05 * (right > 0)) * per_x
        ylo, yhi = ylo - (below + 0.05 * (below > 0)) * per_y, yhi + (above + 0.05 * (above > 0)) * per_y
    return shapes


def _plot_at(plot: Plot, room: float, tallest: float, xlo, xhi, ylo, yhi, line: bool, whole=(False, False)):
    if line:
        # Points on the x axis: a number line, not a frame with an empty y axis.
        width, height = room, 1.2
        ylo, yhi = -0.5, 0.5
    elif plot.equal:
        # One unit as long on both axes; a flat picture gets a band around it.
        width, height = room, room * (yhi - ylo) / (xhi - xlo)
        if height > tallest:
            width, height = tallest * (xhi - xlo) / (yhi - ylo), tallest
            if width < MIN_HEIGHT:  # a tall thin picture: widen the x range around its centre
                extra = (MIN_HEIGHT / width - 1) * (xhi - xlo) / 2
                xlo, xhi, width = xlo - extra, xhi + extra, MIN_HEIGHT
        if height < MIN_HEIGHT:
            extra = (MIN_HEIGHT / height - 1) * (yhi - ylo) / 2 if height > 0 else 1
            ylo, yhi, height = ylo - extra, yhi + extra, MIN_HEIGHT
    else:
        width, height = room, min(tallest, CURVE_HEIGHT * room / WIDTH)

    def at(x, y) -> tuple[float, float]:
        fy = log10(y) if plot.log_y else number(y)
        return ((number(x) - xlo) / (xhi - xlo) * width, (fy - ylo) / (yhi - ylo) * height)

    shapes: list[Shape] = []
    if line:
        axis = height / 2
        shapes.append(Line(((0, axis), (width, axis)), width=0.5))
        for value in _ticks(xlo, xhi, whole=whole[0]):
            x = (value - xlo) / (xhi - xlo) * width
            shapes.append(Line(((x, axis - 0.08), (x, axis + 0.08)), width=0.5))
            shapes.append(Text(x, axis - 0.12, tick_label(value), "north", size="tiny"))
    else:
        # The zero lines of a geometric picture: where the origin is.
        if plot.equal:
            if xlo < 0 < xhi:
                x0 = -xlo / (xhi - xlo) * width
                shapes.append(Line(((x0, 0), (x0, height)), tone="light", width=0.5))
            if ylo < 0 < yhi:
                y0 = -ylo / (yhi - ylo) * height
                shapes.append(Line(((0, y0), (width, y0)), tone="light", width=0.5))
        shapes.extend(_frame(width, height, xlo, xhi, ylo, yhi, plot.log_y, whole))
    if plot.x_label:
        shapes.append(Text(width / 2, (height / 2 - 0.5) if line else -0.55, labels.check(plot.x_label), "north"))
    if plot.y_label:
        shapes.append(Text(0, height + 0.12, labels.check(plot.y_label), "south west"))

    order = (Level, Segment, Curve, Arrow, Point)
    items = sorted(plot.items, key=lambda item: order.index(type(item)))
    legend: list[tuple[str, str, bool, bool]] = []
    # What a label must not cover: every point's mark, and the labels already placed (an axis label at its
    # arrow's tip sat on a point and its name, x₅ under √λ₁u₁)
    taken = [(x - 0.1, y - 0.1, x + 0.1, y + 0.1)
             for x, y in (at(item.x, item.y) for item in items if isinstance(item, Point))]
    for item in items:
        if isinstance(item, Level):
            y = at(xlo, item.y)[1]
            shapes.append(Line(((0, y), (width, y)), tone=item.tone, dashed=item.dashed))
            if item.label:
                shapes.append(Text(width - 0.05, y + 0.06, labels.check(item.label), "south east",
                                   tone=item.tone, halo=True))
        elif isinstance(item, Segment):
            shapes.append(Line((at(*item.start), at(*item.end)), tone=item.tone, dashed=item.dashed,
                               width=1.6 if item.thick else 0.6))
        elif isinstance(item, Curve):
            points = tuple(at(x, y) for x, y in item.points)
            shapes.append(Line(points, tone=item.tone, dashed=item.dashed, width=1.0))
            if item.marks:
                shapes.extend(Mark(x, y, "dot", item.tone, 0.055) for x, y in points)
            if item.label:
                legend.append((labels.check(item.label), item.tone, item.dashed, item.marks))
        elif isinstance(item, Arrow):
            start, end = at(*item.start), at(*item.end)
            shapes.append(Line((start, end), tone=item.tone, dashed=item.dashed, width=1.0, arrow=True))
            if item.label:
                shapes.append(_free_beside(end, item.place, item.label, item.tone, taken, width, height))
        elif isinstance(item, Point):
            spot = at(item.x, item.y)
            # A ring a little larger than a dot: a point that is its own projection still shows both.
            shapes.append(Mark(*spot, item.shape, item.tone, 0.095 if item.shape == "ring" else 0.07))
            if item.label:
                shapes.append(_free_beside(spot, item.place, item.label, "ink", taken, width, height))
    shapes.extend(_legend(legend, width, height + (0.55 if plot.y_label else 0.1)))
    return shapes, width, height


_ANCHOR_OF_PLACE = {  # a label put north east of its point has its south west corner there
    "n": "south", "s": "north", "e": "west", "w": "east",
    "ne": "south west", "nw": "south east", "se": "north west", "sw": "north east",
}
_DIRECTION = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0), "ne": (0.7, 0.7), "nw": (-0.7, 0.7),
              "se": (0.7, -0.7), "sw": (-0.7, -0.7)}


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _free_beside(spot, place: str, label: str, tone: str, taken: list, width: float, height: float) -> Text:
    """The label at its place, or, where that covers a point or a label already placed, at the first place
    around its spot that covers none and stays in the frame (none free: its own place); the box it takes is
    added to ``taken``."""
    own = _beside(spot, place, label, tone)
    chosen = own
    for other in (place, *(p for p in ("ne", "nw", "se", "sw", "n", "s", "e", "w") if p != place)):
        text = _beside(spot, other, label, tone)
        box = _text_box(text)
        inside = box[0] >= 0 and box[2] <= width and box[1] >= 0 and box[3] <= height
        if inside and not any(_overlap(box, t) for t in taken):
            chosen = text
            break
    taken.append(_text_box(chosen))
    return chosen


def _beside(spot, place: str, label: str, tone: str) -> Text:
    if place not in _ANCHOR_OF_PLACE:
        raise ValueError(f"a label's place is one of {', '.join(_ANCHOR_OF_PLACE)}, not {place!r}")
    dx, dy = _DIRECTION[place]
    return Text(spot[0] + dx * GAP, spot[1] + dy * GAP, labels.check(label), _ANCHOR_OF_PLACE[place],
                tone=tone, halo=True)


def _frame(width, height, xlo, xhi, ylo, yhi, log_y: bool, whole=(False, False)) -> list[Shape]:
    shapes: list[Shape] = [Box(0, 0, width, height)]
    tick = 0.1
    for value in _ticks(xlo, xhi, whole=whole[0]):
        x = (value - xlo) / (xhi - xlo) * width
        shapes.append(Line(((x, 0), (x, tick)), width=0.5))
        shapes.append(Text(x, -0.08, tick_label(value), "north", size="tiny"))
    if log_y:
        # Powers of ten at multiples of a round stride (10⁰, 10⁻²⁰, 10⁻⁴⁰, not 10⁻⁵, 10⁻²¹, …).
        powers = range(math.ceil(ylo), math.floor(yhi) + 1)
        stride = 1 if len(powers) <= 7 else int(_nice_step(len(powers), 6, whole=True))
        values = [(p, f"10^{{{p}}}") for p in powers if p % stride == 0]
    else:
        values = [(v, tick_label(v)) for v in _ticks(ylo, yhi, whole=whole[1])]
    for value, text in values:
        y = (value - ylo) / (yhi - ylo) * height
        shapes.append(Line(((0, y), (tick, y)), width=0.5))
        shapes.append(Text(-0.08, y, text, "east", size="tiny"))
    return shapes


def _legend(entries, width: float, top: float) -> list[Shape]:
    """A row of legend entries above the frame (a line sample, its mark, its name), wrapping."""
    shapes: list[Shape] = []
    x, y = 0.0, top + 0.2
    for label, tone, dashed, marks in entries:
        size = 0.7 + _text_width(label, "small") + 0.35
        if x > 0 and x + size > width:
            x, y = 0.0, y + 0.45
        shapes.append(Line(((x, y), (x + 0.6, y)), tone=tone, dashed=dashed, width=1.0))
        if marks:
            shapes.append(Mark(x + 0.3, y, "dot", tone, 0.055))
        shapes.append(Text(x + 0.7, y, label, "west"))
        x += size
    return shapes


# --- panels side by side --------------------------------------------------------------------------

PANEL_GAP = 0.7


def _row(row: Row) -> list[Shape]:
    if not 1 <= len(row.panels) <= 3 or (row.titles and len(row.titles) != len(row.panels)):
        raise ValueError("a row has one to three panels, and a title for each or none")
    room = min(WIDTH, (MAX_WIDTH - PANEL_GAP * (len(row.panels) - 1)) / len(row.panels) - 0.6)
    shapes: list[Shape] = []
    left = 0.0
    for i, panel in enumerate(row.panels):
        own = _plot(panel, room, PANEL_HEIGHT) if isinstance(panel, Plot) else _bars(panel, room)
        x0, _, x1, y1 = _bounds(own)
        if row.titles:
            own.append(Text((x0 + x1) / 2, y1 + 0.05, labels.check(row.titles[i]), "south"))
        shapes.extend(_moved(s, left - x0, 0.0) for s in own)
        left += x1 - x0 + PANEL_GAP
    return shapes


def _moved(shape: Shape, dx: float, dy: float) -> Shape:
    def at(p):
        return (p[0] + dx, p[1] + dy)

    if isinstance(shape, Line):
        return dataclasses.replace(shape, points=tuple(at(p) for p in shape.points))
    if isinstance(shape, Bezier):
        return dataclasses.replace(shape, p0=at(shape.p0), p1=at(shape.p1), p2=at(shape.p2), p3=at(shape.p3))
    if isinstance(shape, Box):
        return dataclasses.replace(shape, x0=shape.x0 + dx, x1=shape.x1 + dx, y0=shape.y0 + dy, y1=shape.y1 + dy)
    return dataclasses.replace(shape, x=shape.x + dx, y=shape.y + dy)


# --- bars ----------------------------------------------------------------------------------------

def _bars(bars: Bars, room: float = MAX_WIDTH) -> list[Shape]:
    n, k = len(bars.categories), len(bars.series)
    if n == 0 or k == 0 or any(len(s.values) != n for s in bars.series):
        raise ValueError("bars need one value per category in every series")
    values = [number(v) for s in bars.series for v in s.values]
    values += [number(bars.reference)] if bars.reference is not None else []
    lo, hi = min(0.0, min(values)), max(0.0, max(values))
    if hi - lo < 1e-12:
        hi = lo + 1
    hi += (hi - lo) * 0.08
    slot = min(1.4, room / n)  # many categories: thinner bars, never wider than the line
    width, height = slot * n, CURVE_HEIGHT * 0.8
    every = math.ceil(0.55 / slot)  # and a label under every first, second, … category, as there is room

    def y_of(v: float) -> float:
        return (v - lo) / (hi - lo) * height

    shapes: list[Shape] = [Box(0, 0, width, height)]
    shapes.extend(_frame_y(lo, hi, height, all(v.is_integer() for v in values)))
    bar = slot * 0.8 / k
    for j, category in enumerate(bars.categories):
        left = j * slot + slot * 0.1
        for s, series in enumerate(bars.series):
            v = number(series.values[j])
            shapes.append(Box(left + s * bar, y_of(0), left + (s + 1) * bar, y_of(v), fill=series.tone,
                              stroke=None))
        if j % every == 0:
            shapes.append(Text(j * slot + slot / 2, -0.08, labels.check(category), "north"))
    if lo < 0:
        shapes.append(Line(((0, y_of(0)), (width, y_of(0))), width=0.5))
    if bars.reference is not None:  # a value to compare the bars with (a weight of 1)
        y = y_of(number(bars.reference))
        shapes.append(Line(((0, y), (width, y)), tone="grey", dashed=True))
        if bars.reference_label:
            shapes.append(Text(width - 0.05, y + 0.06, labels.check(bars.reference_label), "south east",
                               tone="grey", halo=True))
    if bars.x_label:
        shapes.append(Text(width / 2, -0.6, labels.check(bars.x_label), "north"))
    if bars.y_label:
        shapes.append(Text(0, height + 0.12, labels.check(bars.y_label), "south west"))
    top = height + (0.55 if bars.y_label else 0.1)
    x = 0.0
    for series in bars.series:
        name = labels.check(series.name)
        shapes.append(Box(x, top + 0.1, x + 0.3, top + 0.3, fill=series.tone, stroke=None))
        shapes.append(Text(x + 0.4, top + 0.2, name, "west"))
        x += 0.75 + _text_width(name, "small")
    return shapes


def _frame_y(lo: float, hi: float, height: float, whole: bool = False) -> list[Shape]:
    shapes: list[Shape] = []
    for value in _ticks(lo, hi, whole=whole):
        y = (value - lo) / (hi - lo) * height
        shapes.append(Line(((0, y), (0.1, y)), width=0.5))
        shapes.append(Text(-0.08, y, tick_label(value), "east", size="tiny"))
    return shapes


# --- a graph, as its DFS tree --------------------------------------------------------------------

NODE = 0.28  # radius of a vertex
DX, DY = 1.5, 1.3


def _graph(graph: Graph) -> list[Shape]:
    n = len(graph.vertices)
    children: dict[int, list[int]] = {i: [] for i in range(n)}
    has_parent = set()
    for edge in graph.edges:
        if edge.tree:
            children[edge.u].append(edge.v)
            has_parent.add(edge.v)
    order = sorted(range(n), key=lambda i: (graph.vertices[i].index is None, graph.vertices[i].index or 0, i))
    roots = [i for i in order if i not in has_parent]
    # A vertex is as wide as its label; columns and rows are spaced by the widest, so none overlap.
    radius = [max(NODE, _text_width(v.label, "small") / 2 + 0.02) for v in graph.vertices]
    dx, dy = max(DX, 2 * max(radius) + 0.3), max(DY, 2 * max(radius) + 0.3)
    # Leaves take consecutive columns in DFS order, a parent stands over the middle of its children.
    pos: dict[int, tuple[float, float]] = {}
    column = [0.0]

    def place(v: int, depth: int) -> float:
        kids = [c for c in sorted(children[v], key=order.index) if c not in pos]
        pos[v] = (0.0, -depth * dy)  # claimed before its children (a malformed tree cannot loop)
        if not kids:
            x = column[0]
            column[0] += 1
        else:
            xs = [place(c, depth + 1) for c in kids]
            x = (xs[0] + xs[-1]) / 2
        pos[v] = (x * dx, -depth * dy)
        return x

    for root in roots:
        if root not in pos:
            place(root, 0)
    for v in order:  # vertices no tree edge reaches: in further columns of the root's row
        if v not in pos:
            pos[v] = (column[0] * dx, 0.0)
            column[0] += 1

    # dfs-code allows 7 vertices of labels up to 8 characters: at most 6 columns of 2.2 cm, within the line.
    centre = (sum(x for x, _ in pos.values()) / n, sum(y for _, y in pos.values()) / n)
    shapes: list[Shape] = []
    for edge in graph.edges:
        a, b = pos[edge.u], pos[edge.v]
        tone, width = ("orange", 2.0) if edge.highlight else ("ink", 0.8)
        if edge.tree:
            shapes.append(Line((a, b), tone=tone, width=width))
            # The label beside the edge's middle, on the side away from the middle of the drawing: the child's
            # DFS index stands on the side facing it, where a label on the edge itself ran into it
            ex, ey = b[0] - a[0], b[1] - a[1]
            length = math.hypot(ex, ey) or 1.0
            nx, ny = -ey / length, ex / length
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            if nx * (mx - centre[0]) + ny * (my - centre[1]) < 0 or (abs(mx - centre[0]) < 1e-9 and nx < 0):
                nx, ny = -nx, -ny
            mid = (mx + nx * 0.22, my + ny * 0.22)
        else:
            # A backward edge bows to the side away from the rest of the drawing, so that it never runs
            # over the tree edges between its ends.
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy) or 1.0
            bow = min(1.6, 0.6 * length)
            nx, ny = dy / length, -dx / length
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            if nx * (mx - centre[0]) + ny * (my - centre[1]) < 0:
                nx, ny = -nx, -ny
            c = ((a[0] + b[0]) / 2 + nx * bow, (a[1] + b[1]) / 2 + ny * bow)
            p1 = (a[0] + 2 / 3 * (c[0] - a[0]), a[1] + 2 / 3 * (c[1] - a[1]))
            p2 = (b[0] + 2 / 3 * (c[0] - b[0]), b[1] + 2 / 3 * (c[1] - b[1]))
            shapes.append(Bezier(a, p1, p2, b, tone=tone, width=width, dashed=True))
            mid = (0.25 * a[0] + 0.5 * c[0] + 0.25 * b[0], 0.25 * a[1] + 0.5 * c[1] + 0.25 * b[1])
        if edge.label:
            shapes.append(Text(*mid, labels.check(edge.label), "center", halo=True))
    for i, vertex in enumerate(graph.vertices):
        x, y = pos[i]
        r = radius[i]
        shapes.append(Disk(x, y, r))
        shapes.append(Text(x, y, labels.check(vertex.label), "center"))
        if vertex.index is not None:
            # On the side facing the middle of the drawing: backward edges bow away from it.
            side = 1 if x < centre[0] - 1e-9 else -1
            shapes.append(Text(x + side * r * 0.75, y + r * 0.75, str(vertex.index),
                               "south west" if side > 0 else "south east", size="tiny", tone="blue"))
    return shapes


# --- the bounding box ----------------------------------------------------------------------------

def _text_width(label: str, size: str) -> float:
    # The characters' average width and TikZ's inner sep on both sides; subscripts count as whole
    # characters (a little generous, which keeps labels clear of the frame).
    return CHAR[size] * max(1, len(labels.text(label))) + 0.08


def _text_box(t: Text) -> tuple[float, float, float, float]:
    w = _text_width(t.label, t.size)
    h = 0.4 if t.size == "small" else 0.32
    x0 = t.x - w / 2
    if "west" in t.anchor:
        x0 = t.x
    elif "east" in t.anchor:
        x0 = t.x - w
    y0 = t.y - h / 2
    if "south" in t.anchor:
        y0 = t.y
    elif "north" in t.anchor:
        y0 = t.y - h
    return x0, y0, x0 + w, y0 + h


def _bounds(shapes) -> tuple[float, float, float, float]:
    xs: list[float] = []
    ys: list[float] = []
    for s in shapes:
        if isinstance(s, Line):
            xs += [p[0] for p in s.points]
            ys += [p[1] for p in s.points]
        elif isinstance(s, Bezier):
            for p in (s.p0, s.p1, s.p2, s.p3):
                xs.append(p[0])
                ys.append(p[1])
        elif isinstance(s, Mark):
            xs += [s.x - s.size, s.x + s.size]
            ys += [s.y - s.size, s.y + s.size]
        elif isinstance(s, Box):
            xs += [s.x0, s.x1]
            ys += [s.y0, s.y1]
        elif isinstance(s, Disk):
            xs += [s.x - s.r, s.x + s.r]
            ys += [s.y - s.r, s.y + s.r]
        elif isinstance(s, Text):
            x0, y0, x1, y1 = _text_box(s)
            xs += [x0, x1]
            ys += [y0, y1]
    pad = 0.1
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
