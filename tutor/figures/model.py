"""Figures as data: what a step draws, in the exact coordinates of the solution's own values.

A step may carry one figure (Step.figure). A figure is a frozen record of exact SymPy numbers and
short labels; it is drawn only when rendered (tutor/figures/scene.py lays it out in centimetres,
tikz.py and svg.py write the same picture as TikZ and as SVG), and it goes into the JSON with every
coordinate exact and approximate, like the answers.

Labels are maths in a small LaTeX subset that both drawings can set (tutor/figures/labels.py):
letters and digits, sub- and superscripts, Greek letters, \\bar, \\hat, \\sqrt, \\frac, \\mathrm and a
few operators. A label from a problem file (a DFS vertex label, letters and digits only) is wrapped
in \\mathrm{…}.

Tones name a colour of a colour-blind-safe palette (Okabe and Ito): ink, blue, orange, green, red,
purple, sky, grey.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Num = Any  # an exact SymPy number (or an int): turned into a float only where it is drawn
XY = tuple[Num, Num]

TONES = ("ink", "blue", "orange", "green", "red", "purple", "sky", "grey")
PLACES = ("n", "s", "e", "w", "ne", "nw", "se", "sw")  # where a label stands, from its point


@dataclass(frozen=True)
class Point:
    """A marked point: shape dot, ring (hollow), square or cross."""

    x: Num
    y: Num
    label: str = ""
    tone: str = "blue"
    shape: str = "dot"
    place: str = "ne"


@dataclass(frozen=True)
class Arrow:
    """A vector drawn from start to end, labelled at its head."""

    start: XY
    end: XY
    label: str = ""
    tone: str = "ink"
    dashed: bool = False
    place: str = "ne"


@dataclass(frozen=True)
class Segment:
    """A line segment: a point to its projection (dashed), or an edge of a shape."""

    start: XY
    end: XY
    tone: str = "grey"
    dashed: bool = True
    thick: bool = False


@dataclass(frozen=True)
class Curve:
    """A function sampled at exact points (x, f(x)), joined by straight pieces; named in the legend.

    formula: f in LaTeX (in the JSON, so a reader knows what was sampled); marks: a dot at each point
    (a table's values), else a smooth-looking line."""

    points: tuple[XY, ...]
    label: str = ""
    formula: str = ""
    tone: str = "blue"
    dashed: bool = False
    marks: bool = False


@dataclass(frozen=True)
class Level:
    """A horizontal line y = value across the plot (an asymptote), labelled at its right end."""

    y: Num
    label: str = ""
    tone: str = "grey"
    dashed: bool = True


PlotItem = Point | Arrow | Segment | Curve | Level


@dataclass(frozen=True)
class Plot:
    """A coordinate plane. equal: one unit is as long on both axes (geometry: points, axes,
    configurations); otherwise the axes are scaled to fill the frame (curves against a variable).
    x_range/y_range: exact bounds to show at least (for example from 0), besides the items."""

    caption: str
    items: tuple[PlotItem, ...]
    x_label: str = ""
    y_label: str = ""
    equal: bool = True
    x_range: tuple[Num, Num] | None = None
    y_range: tuple[Num, Num] | None = None
    log_y: bool = False  # a logarithmic y axis (values spanning many orders of magnitude; all > 0)


@dataclass(frozen=True)
class BarSeries:
    name: str  # maths, in the legend
    values: tuple[Num, ...]  # one per category
    tone: str = "blue"


@dataclass(frozen=True)
class Bars:
    """Grouped bars: one group per category (x_i, an operation), one bar per series in each group."""

    caption: str
    categories: tuple[str, ...]
    series: tuple[BarSeries, ...]
    x_label: str = ""
    y_label: str = ""
    reference: Num | None = None  # a dashed line across the bars at this value (a weight of 1)
    reference_label: str = ""


@dataclass(frozen=True)
class Vertex:
    label: str  # maths, e.g. \mathrm{X}
    index: int | None = None  # its DFS index, written beside it


@dataclass(frozen=True)
class Edge:
    """An edge between vertices u and v (positions in Graph.vertices). tree: a forward edge of the DFS
    tree, from parent u to child v (it places v below u); highlight: on the rightmost path."""

    u: int
    v: int
    label: str = ""
    tree: bool = True
    highlight: bool = False


@dataclass(frozen=True)
class Graph:
    """A labelled graph laid out as its DFS tree: the root at the top, each child one level below its
    parent, backward (non-tree) edges drawn dashed."""

    caption: str
    vertices: tuple[Vertex, ...]
    edges: tuple[Edge, ...]


@dataclass(frozen=True)
class Row:
    """Two or three plots or bar charts side by side under one caption (the input points beside their
    kernel-PCA coordinates; p and q beside the weights): a third of a page less than one under the
    other. titles: one short label (maths, as labels) over each panel."""

    caption: str
    panels: tuple[Plot | Bars, ...]
    titles: tuple[str, ...] = ()


Figure = Plot | Bars | Graph | Row
