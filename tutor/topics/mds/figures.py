"""mds figure: the recovered configuration, the rows x̂ᵢ of X, labelled as the solution names them.

Thin: every coordinate is an entry of the coordinates step's X; nothing is recomputed here.
"""

from __future__ import annotations

import sympy as sp

from tutor.figures.words import listed
from tutor.figures import Plot
from tutor.topics.kernel_pca.figures import Marked, labelled_points


def configuration_figure(points, same: bool) -> Plot | None:
    """The recovered points in the plane (p = 2, equal axes), on a line (p = 1), or by their first two
    coordinates (p ≥ 3); none when no dimension is kept (every eigenvalue of B is ≤ 0). same: they
    reproduce every given distance (the reproduce step's finding)."""
    p = len(points[0])
    if p == 0:
        return None
    two = p >= 2
    marks = [Marked(x[0], x[1] if two else sp.Integer(0), f"\\hat{{x}}_{{{i}}}") for i, x in enumerate(points, start=1)]
    n = len(points)
    named = listed("\\hat{\\mathbf x}", n)
    if p > 2:
        seen = f"by their first two of $p = {p}$ coordinates (a projection, which may shorten distances)"
    else:
        where = "on a line" if p == 1 else "in the plane"
        seen = (f"{where}: their distances are the given ones, so this is the configuration up to rotation, "
                "reflection and translation" if same else
                f"{where}: the best configuration in $p = {p}$ dimension{'s' if p > 1 else ''}, which does not "
                "reproduce every distance")
    return Plot(f"The recovered points {named} {seen}.", labelled_points(marks, line=not two),
                x_label="\\hat{x}_{i1}", y_label="\\hat{x}_{i2}" if two else "")
