"""kernel-pca figures: the points in input space (when given in one or two dimensions), and the
coordinates a of every point on the components, labelled as the notes name them (x₁, x₂, …), so that
what each component separates ("PC 1 separates x₁ from x₂") can be seen.

Thin: every coordinate is a value the solution already computed (the points as given, the coordinates
step's a_i, the new points' y_i); nothing is recomputed here.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from tutor.exact.tidy import approx, is_zero, sign_of
from tutor.figures import Plot, Point, Row
from tutor.figures.words import listed
from tutor.recipes.eigenpairs import Separation

# Where a label stands from its point: away from the centre of the cloud, so labels fall outside it.
_PLACES = {(1, 1): "ne", (1, -1): "se", (-1, 1): "nw", (-1, -1): "sw", (1, 0): "e", (-1, 0): "w",
           (0, 1): "n", (0, -1): "s", (0, 0): "ne"}


@dataclass(frozen=True)
class Marked:
    """A point to mark: its exact position, its label (maths) and how it is drawn."""

    x: sp.Expr
    y: sp.Expr
    label: str
    tone: str = "blue"
    shape: str = "dot"


def labelled_points(marks, centre=(0, 0), *, line: bool = False) -> tuple[Point, ...]:
    """One marker per position and look: points that coincide share it, labelled with all their names
    ("x_1, x_2"), else two labels would be printed over each other. Each label stands away from
    ``centre``; on a line (every y = 0) labels alternate above and below along it, so that close
    neighbours do not collide."""
    groups: list[tuple[Marked, list[str]]] = []
    for m in marks:
        for first, names in groups:
            if (first.tone, first.shape) == (m.tone, m.shape) and is_zero(first.x - m.x) and is_zero(first.y - m.y):
                names.append(m.label)
                break
        else:
            groups.append((m, [m.label]))
    if line:
        order = sorted(range(len(groups)), key=lambda k: approx(groups[k][0].x))
        places = {k: ("n" if rank % 2 == 0 else "s") for rank, k in enumerate(order)}
    else:
        places = {k: _PLACES[(sign_of(m.x - centre[0]), sign_of(m.y - centre[1]))]
                  for k, (m, _) in enumerate(groups)}
    return tuple(Point(m.x, m.y, ", ".join(names), m.tone, m.shape, places[k])
                 for k, (m, names) in enumerate(groups))


def _name(j: int) -> str:
    return f"x_{{{j}}}"


def _points_tex(indices) -> str:
    return ", ".join(f"$\\mathbf x_{{{j}}}$" for j in indices)


def _listed(n: int, bold: bool = True) -> str:
    return listed("\\mathbf x" if bold else "x", n)


def _new_marks(new, two: bool) -> list[Marked]:
    """New points as orange squares: x when there is one, else x'₁, x'₂, … in the order given."""
    return [Marked(y[0], y[1] if two else sp.Integer(0), "x" if len(new) == 1 else f"x'_{{{m}}}", "orange", "square")
            for m, y in enumerate(new, start=1)]


def _new_words(new, *, placed: bool = False) -> str:
    """The new points in a caption, and (placed) that they stand at their coordinates y_i."""
    if not new:
        return ""
    if len(new) == 1:
        return " (and the new point $\\mathbf x$, a square" + (", at its $y_i(\\mathbf x)$)" if placed else ")")
    return (" (and the new points $\\mathbf x'_1, \\ldots$ in the order given, squares"
            + (", at their $y_i$)" if placed else ")"))


def input_figure(points, new=()) -> Plot | None:
    """The points as given, in input space, and any new points; none in three or more dimensions (no
    faithful picture)."""
    d = len(points[0])
    n = len(points)
    if d > 2:
        return None
    two = d == 2
    marks = [Marked(p[0], p[1] if two else sp.Integer(0), _name(j)) for j, p in enumerate(points, start=1)]
    marks += _new_marks(new, two)
    extra = _new_words(new)
    if not two:
        return Plot(f"The points {_listed(n, bold=False)}{extra} on the line of inputs, before the kernel maps them.",
                    labelled_points(marks, line=True), x_label="x")
    centre = (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)  # only to place labels
    return Plot(f"The points {_listed(n)}{extra} in input space, before the kernel maps them.",
                labelled_points(marks, centre), x_label="x_{i1}", y_label="x_{i2}")


def _separates(s: Separation) -> str:
    text = f"PC {s.index} separates {_points_tex(s.first)} from {_points_tex(s.second)}"
    return text + (f", with {_points_tex(s.zero)} at $0$" if s.zero else "")


def coordinates_figure(coordinates, separations: tuple[Separation, ...], new=()) -> Plot:
    """Every training point at its coordinates (a₁ⱼ, a₂ⱼ) on the first two components, or at a₁ⱼ on a
    line when there is one component; new points (their y₁, y₂) as orange squares."""
    k = len(coordinates)
    two = k >= 2
    marks = [Marked(coordinates[0][j], coordinates[1][j] if two else sp.Integer(0), _name(j + 1))
             for j in range(len(coordinates[0]))]
    marks += _new_marks(new, two)
    where = ("at its coordinates $(a_{1j}, a_{2j})$" + (f" on the first two of the {k} components" if k > 2 else "")
             if two else "at its coordinate $a_{1j}$ on the one component")
    seen = "; ".join(_separates(s) for s in separations[:2])
    extra = _new_words(new, placed=True)
    return Plot(f"Each point $\\mathbf x_j$ {where}{extra}: {seen}.", labelled_points(marks, line=not two),
                x_label="a_1", y_label="a_2" if two else "")


def beside(given: Plot | None, coordinates: Plot) -> Plot | Row:
    """The input points (if drawn) beside their coordinates, as one figure: a third of a page less
    than one under the other, and the two pictures of the same points side by side."""
    if given is None:
        return coordinates
    return Row(f"Left: {given.caption} Right: {coordinates.caption}", (given, coordinates),
               titles=(r"\text{input space}", r"\text{kernel-PCA coordinates}"))
