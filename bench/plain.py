"""The reference pipelines: what a SymPy user writes without tutor's exact domains.

Each is the plain recipe for the same problem: Matrix.eigenvects, unit vectors by
v/‖v‖ with radsimp, and the LaTeX of every matrix. tutor's throughput is quoted
against these, measured on the same problems in the same run.
"""

from __future__ import annotations

import sympy as sp


def _unit(vector: sp.Matrix) -> sp.Matrix:
    return (vector / vector.norm()).applyfunc(sp.radsimp)


def _eigen_latex(matrix: sp.Matrix, scale=None) -> list[str]:
    out = [sp.latex(matrix)]
    for value, _, vectors in matrix.eigenvects():
        for v in vectors:
            unit = _unit(v)
            out.append(sp.latex(unit))
            if scale is not None:
                out.append(sp.latex(sp.sqrt(value) * unit))
    return out


def _kernel(x, y, kernel: dict):
    dot = sum(a * b for a, b in zip(x, y))
    if kernel["name"] == "linear":
        return dot
    if kernel["name"] == "polynomial":
        return (kernel.get("offset", 0) + dot) ** kernel["degree"]
    raise ValueError("the plain pipeline does linear and polynomial kernels")


def kernel_pca(points, kernel: dict) -> list[str]:
    n = len(points)
    K = sp.Matrix(n, n, lambda i, j: _kernel(points[i], points[j], kernel))
    H = sp.eye(n) - sp.ones(n, n) / n
    centred = H * K * H
    return [sp.latex(K)] + _eigen_latex(centred, scale=True)


def pca(points) -> list[str]:
    X = sp.Matrix(points)
    centred = X - sp.ones(X.rows, 1) * (sp.ones(1, X.rows) * X) / X.rows
    S = centred.T * centred / X.rows
    return [sp.latex(centred)] + _eigen_latex(S)


def mds(squared_distances) -> list[str]:
    D2 = sp.Matrix(squared_distances)
    n = D2.rows
    H = sp.eye(n) - sp.ones(n, n) / n
    B = -H * D2 * H / 2
    return _eigen_latex(B, scale=True)
