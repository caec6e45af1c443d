"""The svd picture: the rows of D as points (the data points of the notes' D ∈ ℝ^{n×d}), the rows of
the truncation D_r as rings, each row joined to its reconstruction by a grey dashed segment.

With two columns the rows are drawn where they are, with the axes δ_i r_i from the origin: the rows
are Dᵀe_j, inside the ellipse {Dᵀl : ‖l‖ ≤ 1} whose semi-axes these are. With more columns the
picture is the plane of two right singular vectors, where row j of D sits at (x_jᵀr_a, x_jᵀr_b) =
(δ_a l_{a,j}, δ_b l_{b,j}) since D r_i = δ_i l_i, and row j of D_r at the same coordinates on the kept
r_i, 0 on the dropped ones: the plane of r_1 and the first dropped direction r_{r+1}, so the segments
show what the truncation drops (r_1 and r_2 when nothing is dropped). A matrix of rank 1 with more
columns than two has its rows on the line of r_1.
"""

from __future__ import annotations

import sympy as sp

from tutor.exact.tidy import is_zero, tidy
from tutor.figures import Arrow, Plot, Point, Segment
from tutor.recipes.pca_figures import point_labels

_TONES = ("orange", "green")


def _row(i: int) -> str:
    return rf"x_{i}" if i < 10 else rf"x_{{{i}}}"


def _same(p, q) -> bool:
    """A row its truncation keeps whole: no segment to draw."""
    return all(is_zero(a - b) for a, b in zip(p, q))


def svd_plot(D: sp.ImmutableMatrix, Dr: sp.ImmutableMatrix, singular, lefts, rights, rank: int) -> Plot:
    """D (m×n), its rank-``rank`` truncation Dr, the singular values δ and the left and right singular
    vectors of the solution (at least one per δ), in its order."""
    if D.cols == 2:
        return _columns_plane(D, Dr, singular, rights, rank)
    return _singular_plane(D, singular, lefts, rank)


def _columns_plane(D, Dr, singular, rights, rank) -> Plot:
    zero = sp.Integer(0)
    rows = [tuple(D.row(j)) for j in range(D.rows)]
    rebuilt = [tuple(Dr.row(j)) for j in range(Dr.rows)]
    items = [Segment(x, y) for x, y in zip(rows, rebuilt) if not _same(x, y)]
    items += [Point(y[0], y[1], tone="blue", shape="ring") for y in rebuilt]
    for i, (delta, r) in enumerate(zip(singular[:2], rights), start=1):
        items.append(Arrow((zero, zero), tuple(tidy(delta * e) for e in r), rf"\delta_{i} r_{i}",
                           tone=_TONES[i - 1]))
    items += [Point(x[0], x[1], label) for x, label in zip(rows, point_labels(rows, _row))]
    caption = (rf"The rows $\mathbf x_j$ of $D$, the rows of $D_{rank}$ (rings) joined to them by dashed segments, "
               r"and the axes $\delta_i \mathbf r_i$ from the origin: "
               + (rf"$D_{rank}$ keeps each row's part along $\mathbf r_1$ and drops the rest."
                  if rank < len(singular) else rf"$D_{rank} = D$, so each row is its own reconstruction."))
    return Plot(caption, tuple(items), "", "", equal=True)


def _singular_plane(D, singular, lefts, rank) -> Plot:
    zero = sp.Integer(0)
    m = D.rows
    count = len(singular)
    if count == 1:
        a, b = 0, None
    else:
        a, b = 0, (rank if rank < count else 1)  # r_1 and the first dropped r_{r+1} (else r_2)

    def coordinate(i, j):  # row j's coordinate on r_i: (D r_i)_j = δ_i l_{i,j}
        return tidy(singular[i] * lefts[i][j])

    def kept(i, j):
        return coordinate(i, j) if i < rank else zero

    points = [(coordinate(a, j), coordinate(b, j) if b is not None else zero) for j in range(m)]
    rebuilt = [(kept(a, j), kept(b, j) if b is not None else zero) for j in range(m)]
    items = [Segment(x, y) for x, y in zip(points, rebuilt) if not _same(x, y)]
    items += [Point(y[0], y[1], tone="blue", shape="ring") for y in rebuilt]
    items += [Point(x[0], x[1], label) for x, label in zip(points, point_labels(points, _row))]
    if b is None:
        caption = (rf"The rows $\mathbf x_j$ of $D$ at their coordinates $\mathbf x_j^T \mathbf r_1 = \delta_1 l_{{1j}}$: "
                   r"$D$ has rank 1, so every row lies on the line of $\mathbf r_1$ and $D_1 = D$: each row is its own "
                   "reconstruction.")
        return Plot(caption, tuple(items), "r_1", "", equal=True)
    second = b + 1
    caption = (rf"The rows $\mathbf x_j$ of $D$ in the plane of $\mathbf r_1$ and $\mathbf r_{second}$, at "
               rf"$(\delta_1 l_{{1j}}, \delta_{second} l_{{{second}j}})$, and the rows of $D_{rank}$ (rings), joined by "
               "dashed segments: "
               + (rf"$D_{rank}$ drops each row's part along $\mathbf r_{second}$."
                  if rank < count else rf"$D_{rank} = D$, so each row is its own reconstruction."))
    return Plot(caption, tuple(items), "r_1", f"r_{second}", equal=True)
