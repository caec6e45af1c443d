"""Eigenvectors as the recipes write them: w as found, Mw beside it, ‖w‖², and the unit vector.

Shared by kernel PCA (K̂, η, v) and PCA (S, λ, u); only the notation differs.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy as sp

from ..exact.eigen import Spectrum
from ..exact.tidy import Scaled, is_zero, tidy
from ..exact.vectors import matvec
from ..steps import Check


@dataclass(frozen=True)
class EigenRow:
    """One eigenpair as the recipe writes it down."""

    index: int  # 1-based
    eta: sp.Expr  # the eigenvalue (η of K̂, λ of S)
    found: tuple[sp.Expr, ...]  # w as found, smallest whole entries
    product: tuple[sp.Expr, ...]  # Mw, to see Mw = ηw
    norm_sq: sp.Expr  # ‖w‖²
    norm: sp.Expr
    unit: Scaled  # w/‖w‖
    multiplicity: int


def eigen_rows(M: sp.ImmutableMatrix, spec: Spectrum, *, matrix: str, value: str, vector: str):
    """EigenRows for the template and the checks Mw_i = value_i w_i and orthonormality.

    ``matrix``, ``value`` and ``vector`` are the LaTeX names, e.g. r"\\hat{\\mathbf K}", r"\\eta", r"\\mathbf v".
    """
    rows, checks = [], []
    for i, p in enumerate(spec.pairs, start=1):
        product = matvec(M, p.found)
        norm = tidy(sp.sqrt(p.norm_sq))
        rows.append(EigenRow(i, p.value, p.found, product, p.norm_sq, norm, Scaled(tidy(1 / norm), p.found),
                             p.multiplicity))
        checks.append(Check(rf"{matrix} \mathbf w_{i} = {value}_{i} \mathbf w_{i}",
                            all(is_zero(a - p.value * b) for a, b in zip(product, p.found))))
    # The unit vectors are w/‖w‖, so unit length holds once ‖w‖² is right; check that
    # and orthogonality on the w, whose entries are smaller than the unit vectors'.
    ws = [p.found for p in spec.pairs]
    norms_right = all(is_zero(sum(x**2 for x in p.found) - p.norm_sq) for p in spec.pairs)
    orthogonal = all(is_zero(sum(a * b for a, b in zip(ws[i], ws[j])))
                     for i in range(len(ws)) for j in range(i + 1, len(ws)))
    checks.append(Check(rf"{vector}_i^T {vector}_j = 0 \ (i \ne j), \ \|{vector}_i\| = 1", norms_right and orthogonal))
    return tuple(rows), tuple(checks)


def sign_note(spec: Spectrum, noun: str, *, budget: bool = True) -> str:
    """The sign convention, and (unless the eigenvalues' step says it) why some roots are named."""
    note = f"Sign convention: each {noun}'s first non-zero entry is positive."
    if any(p.multiplicity > 1 for p in spec.pairs):
        note += " A repeated eigenvalue gets an orthonormal basis of its eigenspace by Gram–Schmidt."
    if budget and spec.note:
        note += " " + spec.note
    return note
