"""Problem-file inputs that several topics share: points with a kernel, or a given matrix."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from .. import fields
from ..errors import ProblemError
from ..exact.tidy import is_zero
from ..kernels import Kernel, check_rbf_exponents, parse_kernel

MAX_POINTS = 8
MAX_DIMENSION = 6


def one_start(raw: dict, starts: tuple[str, ...]) -> str:
    """The one field, of ``starts``, that the problem begins from."""
    given = [k for k in starts if k in raw]
    if len(given) != 1:
        choices = ", ".join(starts[:-1]) + f" or {starts[-1]}"
        found = f"; found {', '.join(given)}" if given else ""
        raise ProblemError(f"give exactly one of {choices}{found}", field=starts[0])
    return given[0]


def points(raw: dict, name: str = "points") -> tuple[tuple[sp.Expr, ...], ...]:
    return fields.rows(raw[name], name, min_rows=2, max_rows=MAX_POINTS, max_cols=MAX_DIMENSION, what="point")


def points_and_kernel(raw: dict) -> tuple[tuple[tuple[sp.Expr, ...], ...], Kernel]:
    if "kernel" not in raw:
        raise ProblemError("is missing (points need a kernel, e.g. {name: linear})", field="kernel")
    pts, kernel = points(raw), parse_kernel(raw["kernel"])
    check_rbf_exponents(kernel, pts)
    return pts, kernel


def new_points(raw: dict, dimension: int) -> tuple[tuple[sp.Expr, ...], ...]:
    if "new_points" not in raw:
        return ()
    pts = fields.rows(raw["new_points"], "new_points", min_rows=1, max_rows=MAX_POINTS,
                      max_cols=MAX_DIMENSION, what="point")
    if len(pts[0]) != dimension:
        raise ProblemError(f"points have {dimension} coordinates but new points have {len(pts[0])}",
                           field="new_points")
    return pts


def only_with_points(raw: dict, start: str, extras: tuple[str, ...]) -> None:
    for extra in extras:
        if extra in raw:
            raise ProblemError(f"only goes with points, not with {start}", field=extra)


def kernel_matrix(raw: dict, name: str = "kernel_matrix") -> sp.ImmutableMatrix:
    matrix = fields.square_matrix(raw[name], name, min_n=2, max_n=MAX_POINTS)
    for i in range(matrix.rows):
        if matrix[i, i].is_negative:
            raise ProblemError(f"diagonal entry {i + 1} is negative, so it is not a kernel matrix", field=name)
    return matrix


def centred_kernel_matrix(raw: dict, name: str = "centred_kernel_matrix") -> sp.ImmutableMatrix:
    matrix = fields.square_matrix(raw[name], name, min_n=2, max_n=MAX_POINTS)
    for i in range(matrix.rows):
        if not is_zero(sum(matrix.row(i))):
            raise ProblemError(f"row {i + 1} does not sum to 0, so the matrix is not centred "
                               "(give it as kernel_matrix to centre it)", field=name)
    return matrix


def matrix_rows(matrix: sp.MatrixBase) -> list[list[str]]:
    """A matrix as nested lists of exact strings (for a problem's JSON)."""
    return [[str(v) for v in matrix.row(i)] for i in range(matrix.rows)]


def point_rows(pts) -> list[list[str]]:
    return [[str(v) for v in p] for p in pts]


@dataclass(frozen=True)
class KernelSource:
    """A problem that starts from points with a kernel, or from a given kernel matrix."""

    title: str
    points: tuple[tuple[sp.Expr, ...], ...] | None = None
    kernel: Kernel | None = None
    kernel_matrix: sp.ImmutableMatrix | None = None

    @property
    def n(self) -> int:
        return len(self.points) if self.points is not None else self.kernel_matrix.rows


def kernel_source(raw: dict, default_title: str) -> KernelSource:
    start = one_start(raw, ("kernel_matrix", "points"))
    title = fields.text(raw.get("title", default_title), "title")
    if start == "points":
        pts, kernel = points_and_kernel(raw)
        return KernelSource(title, points=pts, kernel=kernel)
    only_with_points(raw, start, ("kernel",))
    return KernelSource(title, kernel_matrix=kernel_matrix(raw))


def kernel_steps(source: KernelSource) -> tuple[list, sp.ImmutableMatrix]:
    """The steps that produce K (by the recipe, or stating the given K), and K itself."""
    from ..recipes import kernel_matrix as recipe

    if source.points is not None:
        steps = recipe.kernel_matrix_steps(source.points, source.kernel)
        return steps, steps[-1].result
    return [recipe.given_kernel_step(source.kernel_matrix)], source.kernel_matrix


def kernel_source_data(source: KernelSource, topic: str) -> dict:
    data: dict = {"topic": topic, "title": source.title}
    if source.points is not None:
        data["points"] = point_rows(source.points)
        data["kernel"] = source.kernel.as_dict()
    else:
        data["kernel_matrix"] = matrix_rows(source.kernel_matrix)
    return data
