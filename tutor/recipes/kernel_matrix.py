"""Recipe: kernel matrix by hand (Gram matrix, squared distances, kernel)."""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..exact.tidy import tidy
from ..kernels import Kernel, log_multiple
from ..steps import Check, Step, StepData


@dataclass(frozen=True)
class GramData(StepData, kind="gram"):
    brief_formula = "inline"  # short: in the brief lead-in line
    brief_note = False  # the brief line counts the dot products itself
    X: sp.ImmutableMatrix  # the points as columns
    dots: tuple[tuple[int, int, sp.Expr], ...]  # (i, j, x_iᵀx_j) for i ≤ j, 1-based
    count: int  # n(n+1)/2 distinct dot products
    n: int
    displayed: bool = False  # the brief level displays XᵀX too: a part asks for the matrix (kernel-matrix)


def gram_step(points: tuple[tuple[sp.Expr, ...], ...], *, displayed: bool = False) -> Step:
    """Gram matrix XᵀX with the points as the columns of X."""
    X = sp.ImmutableMatrix(points).T
    G = sp.ImmutableMatrix((X.T * X).applyfunc(tidy))
    n = G.rows
    dots = tuple((i + 1, j + 1, G[i, j]) for i in range(n) for j in range(i, n))
    return Step(
        key="gram",
        kind="gram",
        title="Gram matrix",
        formula=r"G = X^T X = \left[\mathbf x_i^T \mathbf x_j\right]",  # G named: the next step reads G_ij
        result=G,
        data=GramData(X, dots, len(dots), n, displayed),
        note=f"For $n = {n}$ points there are $n(n+1)/2 = {len(dots)}$ distinct dot products.",
    )


@dataclass(frozen=True)
class SquaredDistancesData(StepData, kind="squared_distances"):
    brief_formula = "inline"  # short: in the brief lead-in line
    terms: tuple[tuple[int, int, sp.Expr, sp.Expr, sp.Expr, sp.Expr], ...]  # (i, j, G_ii, G_jj, G_ij, δ_ij), i < j
    displayed: bool = False  # the brief level displays D too: a part asks for the matrix (kernel-matrix)


def squared_distance_step(G: sp.ImmutableMatrix, *, displayed: bool = False) -> Step:
    """δij = Gii + Gjj − 2Gij, read off the Gram matrix."""
    n = G.rows
    D = sp.ImmutableMatrix(n, n, lambda i, j: tidy(G[i, i] + G[j, j] - 2 * G[i, j]))
    terms = tuple((i + 1, j + 1, G[i, i], G[j, j], G[i, j], D[i, j]) for i in range(n) for j in range(i + 1, n))
    return Step(
        key="squared_distances",
        kind="squared_distances",
        title="Squared-distance matrix",
        formula=(r"\delta_{ij} = \|\mathbf x_i - \mathbf x_j\|^2 = \mathbf x_i^T \mathbf x_i + \mathbf x_j^T \mathbf x_j"
                 r" - 2\,\mathbf x_i^T \mathbf x_j = G_{ii} + G_{jj} - 2\,G_{ij}"),
        result=D,
        data=SquaredDistancesData(terms, displayed),
    )


DELTA = sp.Symbol("delta", nonnegative=True)  # δ, a squared distance, in the kernel written as a power


@dataclass(frozen=True)
class RbfKernelData(StepData, kind="kernel_rbf"):
    brief_formula = "inline"  # short: in the brief lead-in line
    gamma: sp.Expr
    entries: tuple[tuple[int, int, sp.Expr, sp.Expr], ...]  # (i, j, δ_ij, K_ij) for i ≤ j
    power_base: sp.Expr | None  # γ = q·ln b with b rational: K = b^(−qδ), written as a power
    power_exponent: sp.Expr | None = None  # −qδ in the symbol δ, printed as the card writes it: 2^(−δ/4)


# The linear kernel is the polynomial one with p = 1, c = 0: one builder, one shape, two templates.
@dataclass(frozen=True)
class DotKernelData(StepData, kind=("kernel_linear", "kernel_polynomial")):
    brief_formula = "inline"  # short: in the brief lead-in line
    entries: tuple[tuple[int, int, sp.Expr, sp.Expr], ...]  # (i, j, x_iᵀx_j, K_ij) for i ≤ j
    degree: int
    offset: sp.Expr
    shifted: sp.ImmutableMatrix  # c + XᵀX, entry by entry


def kernel_step(kernel: Kernel, G: sp.ImmutableMatrix, D: sp.ImmutableMatrix | None = None) -> Step:
    """Apply the kernel entry by entry to the Gram (or squared-distance) matrix."""
    n = G.rows
    if kernel.name == "rbf":
        K = sp.ImmutableMatrix(n, n, lambda i, j: tidy(kernel.from_sq_distance(D[i, j])))
        entries = tuple((i + 1, j + 1, D[i, j], K[i, j]) for i in range(n) for j in range(i, n))
        q, power_base = log_multiple(kernel.gamma) or (None, None)
        data = RbfKernelData(kernel.gamma, entries, power_base, -q * DELTA if power_base is not None else None)
        formula = r"K_{ij} = e^{-\gamma \delta_{ij}}"
    else:
        K = sp.ImmutableMatrix(n, n, lambda i, j: tidy(kernel.from_dot(G[i, j])))
        entries = tuple((i + 1, j + 1, G[i, j], K[i, j]) for i in range(n) for j in range(i, n))
        shifted = sp.ImmutableMatrix(G.applyfunc(lambda g: tidy(kernel.offset + g)))
        data = DotKernelData(entries, kernel.degree, kernel.offset, shifted)
        formula = (r"K_{ij} = \mathbf x_i^T \mathbf x_j" if kernel.name == "linear"
                   else r"K_{ij} = (c + \mathbf x_i^T \mathbf x_j)^p" if kernel.offset != 0
                   else r"K_{ij} = (\mathbf x_i^T \mathbf x_j)^p")  # c = 0: no zero term
    return Step(
        key="kernel",
        kind=f"kernel_{kernel.name}",
        title="Kernel matrix",
        formula=formula,
        result=K,
        data=data,
        checks=kernel_checks(K, rbf=kernel.name == "rbf"),
    )


def given_kernel_step(K: sp.ImmutableMatrix) -> Step:
    return Step(key="kernel", kind="kernel_given", title="Kernel matrix (given)",
                formula="", result=K, checks=kernel_checks(K, rbf=False))


def kernel_checks(K: sp.ImmutableMatrix, *, rbf: bool) -> tuple[Check, ...]:
    n = K.rows
    checks = [
        Check(r"\mathbf K = \mathbf K^T", K == K.T),
        Check(r"K_{ii} \ge 0", all(K[i, i].is_nonnegative for i in range(n))),
    ]
    if rbf:
        checks.append(Check(r"K_{ii} = 1 \text{ (RBF)}", all(K[i, i] == 1 for i in range(n))))
    return tuple(checks)


def kernel_matrix_steps(points, kernel: Kernel, *, displayed: bool = False) -> list[Step]:
    """The card's recipe; ``displayed``: XᵀX and D are asked for as matrices, so the brief level shows them
    (elsewhere their entries feed the next step, and the kernel matrix is the one displayed)."""
    steps = [gram_step(points, displayed=displayed)]
    G = steps[0].result
    D = None
    if kernel.name == "rbf":
        steps.append(squared_distance_step(G, displayed=displayed))
        D = steps[-1].result
    steps.append(kernel_step(kernel, G, D))
    return steps
