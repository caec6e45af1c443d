"""The PCA picture shared by pca, pca-feature-map and pca-gram: the points, their mean, the principal
axes drawn from the mean with length √λ (one standard deviation along each), and every point's
projection onto PC 1 (a grey dashed segment to a ring).

Points in two dimensions are drawn where they are. In three or more the conventional picture is the
plane of the first two components: each point at its scores (y_i1, y_i2), the mean at the origin and
the axes along the coordinate axes. Data with a single component (one dimension, or one non-zero
variance) lie on a line: the points at their coordinate on it, without projections.

Drawn from the values the solution computed (the points, x̄, u_j, λ_j); formed here: √λ, the sum
x̄ + y u (the formula of the reconstruction) and, where the solution lists no scores for a component the
plane needs (PC 2 when one component is kept; pca-gram), the scores y = (x − x̄)·u by the scores step's
formula.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..exact.tidy import Scaled, is_zero, tidy
from ..exact.vectors import combine, matvec
from ..figures import Arrow, Plot, Point, Segment

_AXIS_TONES = ("orange", "green")


@dataclass(frozen=True)
class Names:
    """How the points are written: x_i with mean x̄, or φ(x_i) with mean φ̄, and the coordinates'
    names in the data picture (none for plain points; φ_1, φ_2 in feature space)."""

    point: str = "x_{i}"  # with {i} for the point's number
    mean: str = r"\bar{x}"
    caption_point: str = r"\mathbf x_i"
    coordinates: tuple[str, str] = ("", "")

    def of(self, i: int) -> str:
        return self.point.replace("{i}", str(i) if i < 10 else f"{{{i}}}")


X_NAMES = Names()
PHI_NAMES = Names(point=r"\phi(x_{i})", mean=r"\bar{\phi}", caption_point=r"\phi(\mathbf x_i)",
                  coordinates=(r"\phi_1", r"\phi_2"))


def component_scores(centred, unit) -> tuple[sp.Expr, ...]:
    """y_j = X_c u_j: every point's coordinate on one principal direction (u_j a unit vector)."""
    return matvec(centred, unit)


def scores_of(centred, found, norm_sq) -> tuple[sp.Expr, ...]:
    """y_j = X_c w_j / ‖w_j‖, as the pca topic's scores step writes them."""
    return Scaled(tidy(1 / sp.sqrt(norm_sq)), matvec(centred, found)).value


@dataclass(frozen=True)
class Wording:
    """A caption in two parts, so two pictures of one kind can share the second under one caption:
    where the points are drawn (after "the points x_i") and what else is drawn with them."""

    where: str  # "" or " in the plane of …", plain text with $…$ maths
    rest: str  # "the mean …, the principal axes …"


def caption(names: Names, wording: Wording) -> str:
    return f"The points ${names.caption_point}${wording.where}, with {wording.rest}."


def pca_plot(points, mean, units, variances, scores, *, names: Names = X_NAMES,
             projections=None) -> Plot | None:
    """pca_picture's plot alone."""
    picture = pca_picture(points, mean, units, variances, scores, names=names, projections=projections)
    return picture[0] if picture else None


def pca_picture(points, mean, units, variances, scores, *, names: Names = X_NAMES,
                projections=None) -> tuple[Plot, Wording] | None:
    """The PCA picture of ``points`` (n tuples of d values) with mean x̄, the principal directions
    ``units`` (descending, at least PC 1) with their variances λ, and ``scores``: each point's
    coordinates on PC 1 (and on PC 2, when there is one; they are needed in three or more
    dimensions). ``projections``: x̂_i on PC 1 when the solution computed them (the reconstruction
    with one component), else they are formed as x̄ + y_i1 u_1. Returns the plot and its caption's
    wording; None when nothing has a spread (every λ = 0)."""
    kept = [j for j, value in enumerate(variances) if not is_zero(value)]
    if not kept:
        return None
    d = len(mean)
    if d == 1 or len(kept) == 1 and d > 2:
        items, labels, wording = _line(scores[kept[0]] if d > 1 else tuple(p[0] for p in points), mean, units,
                                       variances, kept, names, d)
    elif d == 2:
        items, labels, wording = _data_plane(points, mean, units, variances, scores, names, projections)
    else:
        items, labels, wording = _scores_plane(scores, variances, names)
    return Plot(caption(names, wording), items, *labels, equal=True), wording


def _root(value) -> sp.Expr:
    return tidy(sp.sqrt(value))


def _axis_label(j: int) -> str:
    return rf"\sqrt{{\lambda_{j}}}\,u_{j}"


def _data_plane(points, mean, units, variances, scores, names, projections):
    u1 = units[0]
    if projections is None:
        projections = tuple(combine(mean, [(y, u1)]) for y in scores[0])
    items = [Segment(tuple(x), tuple(p)) for x, p in zip(points, projections) if not _same(x, p)]
    for p in projections:
        items.append(Point(p[0], p[1], tone="blue", shape="ring"))
    for j, (u, value) in enumerate(zip(units[:2], variances[:2]), start=1):
        if not is_zero(value):
            end = combine(mean, [(_root(value), u)])
            items.append(Arrow(tuple(mean), end, _axis_label(j), tone=_AXIS_TONES[j - 1]))
    items += [Point(x[0], x[1], label) for x, label in zip(points, point_labels(points, names.of))]
    items.append(Point(mean[0], mean[1], names.mean, tone="ink", shape="square", place="sw"))
    wording = Wording("", r"the mean (a square), the principal axes $\sqrt{\lambda_j}\,\mathbf u_j$ drawn from it, "
                          r"and every point's projection onto PC 1 (dashed, to a ring)")
    return tuple(items), names.coordinates, wording


def _scores_plane(scores, variances, names):
    ys1, ys2 = scores[0], scores[1]
    zero = sp.Integer(0)
    items = [Segment((a, b), (a, zero)) for a, b in zip(ys1, ys2) if not is_zero(b)]
    items += [Point(a, zero, tone="blue", shape="ring") for a in ys1]
    ends = ((_root(variances[0]), zero), (zero, _root(variances[1])))
    for j, end in enumerate(ends, start=1):
        if not is_zero(variances[j - 1]):
            items.append(Arrow((zero, zero), end, _axis_label(j), tone=_AXIS_TONES[j - 1]))
    plane = tuple(zip(ys1, ys2))
    items += [Point(a, b, label) for (a, b), label in zip(plane, point_labels(plane, names.of))]
    items.append(Point(zero, zero, names.mean, tone="ink", shape="square", place="sw"))
    wording = Wording(r" in the plane of the first two principal components, at $(y_{i1}, y_{i2})$",
                      r"the mean at the origin, the axes $\sqrt{\lambda_1}$ and $\sqrt{\lambda_2}$ long, and every "
                      r"point's projection onto PC 1 (dashed, to a ring)")
    return tuple(items), (r"\mathrm{PC}\,1", r"\mathrm{PC}\,2"), wording


def _line(coordinates, mean, units, variances, kept, names, d):
    """One component: the points on a line, at x_i (one dimension) or at their score y_i1, and the
    axis √λ from the mean."""
    zero = sp.Integer(0)
    j = kept[0]
    centre = mean[0] if d == 1 else zero
    direction = units[j][0] if d == 1 else sp.Integer(1)  # u = (±1) in one dimension
    # Its label below the line: the points' labels stand above it (with two points the axis ends on one).
    items = [Arrow((centre, zero), (tidy(centre + _root(variances[j]) * direction), zero), _axis_label(j + 1),
                   tone=_AXIS_TONES[0], place="se")]
    line = tuple((a, zero) for a in coordinates)
    items += [Point(a, b, label) for (a, b), label in zip(line, point_labels(line, names.of))]
    items.append(Point(centre, zero, names.mean, tone="ink", shape="square", place="sw"))
    where = " on their line" if d == 1 else " at $y_{i1}$ on the only principal component"
    wording = Wording(where, rf"the mean and the principal axis $\sqrt{{\lambda_{j + 1}}}\,\mathbf u_{j + 1}$: all "
                             "the spread lies along it")
    x_label = names.coordinates[0] if d == 1 else rf"\mathrm{{PC}}\,{j + 1}"
    return tuple(items), (x_label, ""), wording


def point_labels(points, name) -> tuple[str, ...]:
    """Each point's label, name(i); points that coincide share one label, x_2, x_4, on the first of
    them (two labels in one place would print over each other)."""
    groups: list[list[int]] = []
    for i, p in enumerate(points):
        group = next((g for g in groups if _same(points[g[0]], p)), None)
        if group is None:
            groups.append([i])
        else:
            group.append(i)
    out = [""] * len(points)
    for g in groups:
        out[g[0]] = r",\,".join(name(i + 1) for i in g)
    return tuple(out)


def _same(p, q) -> bool:
    """A point on PC 1 is its own projection: no segment to draw."""
    return all(is_zero(a - b) for a, b in zip(p, q))


