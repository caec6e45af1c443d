r"""The six derivations of the notes, as data: symbols with shapes, lines, and how to build instances.

A line is ``lhs rel rhs`` in the grammar of expr.py; a line without lhs continues the previous one
(its lhs is the previous line's rhs, as the notes write a chain "= …"). ``rel`` is "=" or an
inequality ">=" / "<=" between scalars (the minimality in Eckart–Young and the U, W lemma), which
is verified as an inequality on every instance. Each derivation's ``build`` makes one random
instance (name -> exact value) for given dimensions, with its constraints met by construction.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

import sympy as sp

from tutor.topics.derivation import instances as inst
from tutor.topics.derivation.expr import Symbol


@dataclass(frozen=True)
class Line:
    lhs: str | None  # None: the previous line's rhs
    rel: str  # "=", ">=" or "<="
    rhs: str
    title: str  # the reason, short, plain text with $…$ maths (the step's title)
    note: str = ""  # a sentence more, shown in the full solution
    level: str = "medium"  # how hard it is to fill in when faded: easy (a substitution), medium, hard (key step)


@dataclass(frozen=True)
class Derivation:
    name: str
    title: str
    statement: str  # the question, as the notes ask it (LaTeX in $…$)
    symbols: tuple[Symbol, ...]
    lines: tuple[Line, ...]
    conclusion: str  # the closing sentence
    shapes: tuple[dict, ...]  # the dimensions of the instances, cycled
    build: Callable[[random.Random, dict], dict]

    @property
    def table(self) -> dict[str, Symbol]:
        return {s.name: s for s in self.symbols}


def _n(dims):  # the scalar n: the number of points
    return sp.Integer(dims["n"])


# --- 1. PCA as trace maximisation ---------------------------------------------------------------------


def _pca_trace(rng, dims):
    d, n, r = dims["d"], dims["n"], dims["r"]
    x = inst.centred(inst.integers(rng, d, n))
    return {"X": x, "U": inst.orthonormal_columns(rng, d, r), "Sigma": x * x.T / n, "n": _n(dims)}


PCA_TRACE = Derivation(
    "pca-trace", "PCA as trace maximisation",
    r"Simplify the PCA objective $\sum_{i=1}^n \|\mathbf x_i - \mathbf U\mathbf U^T\mathbf x_i\|^2$, minimised "
    r"over $\mathbf U \in \mathbb R^{d\times r}$ with $\mathbf U^T\mathbf U = \mathbf I$, into a trace "
    r"maximisation problem. Show the intermediate steps and the new objective.",
    (Symbol("X", r"\mathbf X", "d", "n", "the centred data, points $\\mathbf x_i$ as columns"),
     Symbol("U", r"\mathbf U", "d", "r", "orthonormal columns, $\\mathbf U^T\\mathbf U = \\mathbf I$"),
     Symbol("Sigma", r"\boldsymbol\Sigma", "d", "d",
            "the covariance matrix $\\frac1n\\sum_i \\mathbf x_i\\mathbf x_i^T = \\frac1n\\mathbf X\\mathbf X^T$",
            ("Σ", "S")),
     Symbol("n", "n", "1", "1", "the number of points")),
    (Line("norm(X - U U^T X)^2", "=", "tr((X - U U^T X)^T (X - U U^T X))",
          r"$\|\mathbf A\|^2 = \operatorname{tr}(\mathbf A^T\mathbf A)$",
          r"The sum of the squared errors over the columns is the squared (Frobenius) norm of "
          r"$\mathbf X - \mathbf U\mathbf U^T\mathbf X$.", "easy"),
     Line(None, "=", "tr(X^T X - 2 X^T U U^T X + X^T U U^T U U^T X)", "Multiply out",
          r"$(\mathbf U\mathbf U^T\mathbf X)^T = \mathbf X^T\mathbf U\mathbf U^T$; the two cross terms are "
          r"equal.", "medium"),
     Line(None, "=", "tr(X^T X) - tr(X^T U U^T X)", r"$\mathbf U^T\mathbf U = \mathbf I$",
          r"The last term is $\mathbf X^T\mathbf U\mathbf U^T\mathbf X$, and the trace is linear.", "hard"),
     Line(None, "=", "norm(X)^2 - tr(U^T X X^T U)",
          r"$\operatorname{tr}(\mathbf A\mathbf B) = \operatorname{tr}(\mathbf B\mathbf A)$",
          r"With $\mathbf A = \mathbf X^T\mathbf U$ and $\mathbf B = \mathbf U^T\mathbf X$.", "medium"),
     Line("tr(U^T X X^T U)", "=", "n tr(U^T Sigma U)",
          r"$\boldsymbol\Sigma = \frac1n\mathbf X\mathbf X^T$", r"$\mathbf X\mathbf X^T = n\boldsymbol\Sigma$.",
          "easy")),
    r"$\|\mathbf X\|^2$ does not depend on $\mathbf U$, so minimising the error is maximising "
    r"$\operatorname{tr}(\mathbf U^T\boldsymbol\Sigma\mathbf U)$ over $\mathbf U$ with "
    r"$\mathbf U^T\mathbf U = \mathbf I$ (the factor $n$ does not move the maximum).",
    ({"d": 3, "n": 4, "r": 2}, {"d": 4, "n": 3, "r": 2}, {"d": 2, "n": 5, "r": 1}, {"d": 4, "n": 5, "r": 3}),
    _pca_trace,
)


# --- 2. The Gram trick --------------------------------------------------------------------------------


def _gram(rng, dims):
    d, n = dims["d"], dims["n"]
    x, _, q, sigma = inst.with_spectrum(rng, d, n)
    k = rng.randrange(len(sigma))
    v, lam = q[:, k], sigma[k] ** 2
    return {"X": x, "K": x.T * x, "Sigma": x * x.T / n, "v": v, "lambda": lam, "u": x * v / sigma[k],
            "n": _n(dims)}


GRAM = Derivation(
    "gram-trick", "The Gram trick: eigenvectors of Σ from those of K",
    r"Computing $\boldsymbol\Sigma = \frac1n\mathbf X\mathbf X^T$ ($d\times d$) is expensive. Suppose "
    r"$\mathbf v$ is a unit eigenvector of $\mathbf K = \mathbf X^T\mathbf X$ ($n\times n$) with eigenvalue "
    r"$\lambda > 0$. Find an eigenvector of $\boldsymbol\Sigma$ from it.",
    (Symbol("X", r"\mathbf X", "d", "n", "the data, points as columns"),
     Symbol("K", r"\mathbf K", "n", "n", "the Gram matrix $\\mathbf X^T\\mathbf X$, $K_{ij} = \\mathbf x_i^T\\mathbf x_j$"),
     Symbol("Sigma", r"\boldsymbol\Sigma", "d", "d", "$\\frac1n\\mathbf X\\mathbf X^T$", ("Σ", "S")),
     Symbol("v", r"\mathbf v", "n", "1", "a unit eigenvector of $\\mathbf K$"),
     Symbol("lambda", r"\lambda", "1", "1", "its eigenvalue", ("λ", "l")),
     Symbol("u", r"\mathbf u", "d", "1", "$\\mathbf X\\mathbf v / \\sqrt\\lambda$"),
     Symbol("n", "n", "1", "1", "the number of points")),
    (Line("K v", "=", "lambda v", r"$\mathbf v$ is an eigenvector of $\mathbf K$", "", "easy"),
     Line("(1/n) X K v", "=", "(1/n) X X^T X v", r"$\mathbf K = \mathbf X^T\mathbf X$",
          r"Multiply $\mathbf K\mathbf v = \lambda\mathbf v$ by $\frac1n\mathbf X$ on the left.", "easy"),
     Line(None, "=", "Sigma X v", r"$\boldsymbol\Sigma = \frac1n\mathbf X\mathbf X^T$", "", "easy"),
     Line("Sigma (X v)", "=", "(lambda/n) (X v)", "Lines 1 to 3 together",
          r"So $\mathbf X\mathbf v$ is an eigenvector of $\boldsymbol\Sigma$ with eigenvalue $\lambda/n$.", "hard"),
     Line("norm(X v)^2", "=", "v^T X^T X v", r"$\|\mathbf a\|^2 = \mathbf a^T\mathbf a$", "", "easy"),
     Line(None, "=", "lambda", r"$\mathbf X^T\mathbf X\mathbf v = \lambda\mathbf v$, $\mathbf v^T\mathbf v = 1$",
          "", "medium"),
     Line("Sigma u", "=", "(lambda/n) u", r"$\mathbf u = \mathbf X\mathbf v/\sqrt\lambda$",
          r"Scaling keeps an eigenvector, and by the line before $\|\mathbf u\| = 1$.", "medium")),
    r"The unit eigenvectors of $\boldsymbol\Sigma$ with non-zero eigenvalues are "
    r"$\mathbf u = \mathbf X\mathbf v/\sqrt\lambda$, with eigenvalues $\lambda/n$: PCA from the $n\times n$ "
    r"matrix $\mathbf K$ instead of the $d\times d$ matrix $\boldsymbol\Sigma$.",
    ({"d": 4, "n": 3}, {"d": 3, "n": 2}, {"d": 5, "n": 3}, {"d": 2, "n": 4}),
    _gram,
)


# --- 3. The U, W lemma ----------------------------------------------------------------------------------


def _uw(rng, dims):
    d, r = dims["d"], dims["r"]
    v = inst.orthonormal_columns(rng, d, r)
    a = inst.integers(rng, r, r)
    while a.det() == 0:
        a = inst.integers(rng, r, r)
    w = inst.integers(rng, r, d)
    return {"x": inst.integers(rng, d, 1), "y": inst.integers(rng, r, 1), "V": v, "A": a, "U": v * a, "W": w}


UW = Derivation(
    "uw-lemma", "The U, W lemma",
    r"Let $(\mathbf U, \mathbf W)$ minimise $\sum_{i=1}^n \|\mathbf x_i - \mathbf U\mathbf W\mathbf x_i\|^2$ "
    r"over $\mathbf W \in \mathbb R^{r\times d}$, $\mathbf U \in \mathbb R^{d\times r}$. Prove that the columns "
    r"of $\mathbf U$ can be taken orthonormal ($\mathbf U^T\mathbf U = \mathbf I$) and $\mathbf W = \mathbf U^T$.",
    (Symbol("x", r"\mathbf x", "d", "1", "a point"),
     Symbol("U", r"\mathbf U", "d", "r", "any recovering matrix"),
     Symbol("W", r"\mathbf W", "r", "d", "any compression matrix"),
     Symbol("V", r"\mathbf V", "d", "r",
            "an orthonormal basis of the range of $\\mathbf U\\mathbf W$ as columns, $\\mathbf V^T\\mathbf V = \\mathbf I$"),
     Symbol("A", r"\mathbf A", "r", "r", "the coordinates of the columns of $\\mathbf U$ in that basis, $\\mathbf U = \\mathbf V\\mathbf A$"),
     Symbol("y", r"\mathbf y", "r", "1", "any vector of coordinates")),
    (Line("U W x", "=", "V A W x", r"$\mathbf U = \mathbf V\mathbf A$",
          r"Every $\mathbf U\mathbf W\mathbf x$ lies in the range, so it is $\mathbf V\mathbf y$ with "
          r"$\mathbf y = \mathbf A\mathbf W\mathbf x$.", "easy"),
     Line("norm(x - V y)^2", "=", "(x - V y)^T (x - V y)", r"$\|\mathbf a\|^2 = \mathbf a^T\mathbf a$", "", "easy"),
     Line(None, "=", "x^T x - 2 y^T V^T x + y^T V^T V y", "Multiply out",
          r"$\mathbf x^T\mathbf V\mathbf y = \mathbf y^T\mathbf V^T\mathbf x$, a number.", "medium"),
     Line(None, "=", "norm(x)^2 + norm(y)^2 - 2 y^T V^T x", r"$\mathbf V^T\mathbf V = \mathbf I$", "", "medium"),
     Line(None, "=", "norm(y - V^T x)^2 + norm(x)^2 - norm(V^T x)^2", "Complete the square",
          r"Only the first term depends on $\mathbf y$: it is smallest, $0$, at $\mathbf y = \mathbf V^T\mathbf x$.",
          "hard"),
     Line("norm(x - V V^T x)^2", "=", "norm(x)^2 - norm(V^T x)^2", r"$\mathbf y = \mathbf V^T\mathbf x$", "", "medium"),
     Line("norm(x - U W x)^2", ">=", "norm(x - V V^T x)^2", r"$\mathbf y = \mathbf A\mathbf W\mathbf x$",
          r"The first line with the minimum over $\mathbf y$.", "medium")),
    r"For every point, $(\mathbf V, \mathbf V^T)$ does at least as well as $(\mathbf U, \mathbf W)$, so a "
    r"solution may be taken with $\mathbf U = \mathbf V$, $\mathbf U^T\mathbf U = \mathbf I$ and "
    r"$\mathbf W = \mathbf U^T$.",
    ({"d": 3, "r": 2}, {"d": 4, "r": 2}, {"d": 4, "r": 3}, {"d": 5, "r": 2}),
    _uw,
)


# --- 4. Eckart–Young ----------------------------------------------------------------------------------


def _eckart(rng, dims):
    n, d, r = dims["n"], dims["d"], dims["r"]
    data, left, right, sigma = inst.with_spectrum(rng, n, d)
    delta = left.T * data * right
    kept = sp.zeros(n, d)
    for i in range(r):
        kept[i, i] = sigma[i]
    m = inst.integers(rng, n, r) * inst.integers(rng, r, d)  # a matrix of rank at most r
    return {"D": data, "L": left, "R": right, "Delta": delta, "Deltar": kept, "Dr": left * kept * right.T,
            "M": m, "N": left.T * m * right}


ECKART = Derivation(
    "eckart-young", "Eckart–Young: the best rank-r approximation",
    r"Let $\mathbf D = \mathbf L\boldsymbol\Delta\mathbf R^T$ be the SVD of $\mathbf D \in \mathbb R^{n\times d}$ "
    r"and $\mathbf D_r = \sum_{i=1}^r \delta_i\mathbf l_i\mathbf r_i^T$. Show that $\mathbf D_r$ is the rank-$r$ "
    r"matrix that minimises $\|\mathbf D - \mathbf M\|_F$.",
    (Symbol("D", r"\mathbf D", "n", "d", "the data matrix"),
     Symbol("L", r"\mathbf L", "n", "n", "orthogonal, $\\mathbf L^T\\mathbf L = \\mathbf I$"),
     Symbol("R", r"\mathbf R", "d", "d", "orthogonal, $\\mathbf R^T\\mathbf R = \\mathbf I$"),
     Symbol("Delta", r"\boldsymbol\Delta", "n", "d", "the singular values $\\delta_1 \\ge \\delta_2 \\ge \\dots$ on the diagonal",
            ("Δ",)),
     Symbol("Deltar", r"\boldsymbol\Delta_r", "n", "d", "$\\boldsymbol\\Delta$ with only $\\delta_1, \\dots, \\delta_r$ kept",
            ("Δ_r", "Delta_r")),
     Symbol("Dr", r"\mathbf D_r", "n", "d", "$\\mathbf L\\boldsymbol\\Delta_r\\mathbf R^T$", ("D_r",)),
     Symbol("M", r"\mathbf M", "n", "d", "any matrix of rank at most $r$"),
     Symbol("N", r"\mathbf N", "n", "d", "$\\mathbf L^T\\mathbf M\\mathbf R$")),
    (Line("norm(D - M)^2", "=", "norm(L Delta R^T - M)^2", r"$\mathbf D = \mathbf L\boldsymbol\Delta\mathbf R^T$",
          "", "easy"),
     Line(None, "=", "norm(L^T (L Delta R^T - M) R)^2", "Orthogonal matrices keep the norm",
          r"$\|\mathbf L^T\mathbf A\mathbf R\|^2 = \operatorname{tr}(\mathbf R^T\mathbf A^T\mathbf L\mathbf L^T"
          r"\mathbf A\mathbf R) = \operatorname{tr}(\mathbf A^T\mathbf A) = \|\mathbf A\|^2$.", "hard"),
     Line(None, "=", "norm(Delta - N)^2", r"$\mathbf L^T\mathbf L = \mathbf I$, $\mathbf R\mathbf R^T = \mathbf I$, "
          r"$\mathbf N = \mathbf L^T\mathbf M\mathbf R$", "", "medium"),
     Line("norm(D - Dr)^2", "=", "norm(Delta - Deltar)^2", r"$\mathbf M = \mathbf D_r$ gives $\mathbf N = \boldsymbol\Delta_r$",
          "", "medium"),
     Line(None, "=", "norm(Delta)^2 - norm(Deltar)^2", "The discarded singular values",
          r"$\delta_{r+1}^2 + \delta_{r+2}^2 + \dots$: the squared norm of $\boldsymbol\Delta - \boldsymbol\Delta_r$.",
          "medium"),
     Line("norm(D - M)^2", ">=", "norm(D - Dr)^2",
          r"$\|\boldsymbol\Delta - \mathbf N\|^2 = \sum_i (\delta_i - N_{ii})^2 + \sum_{i \ne j} N_{ij}^2$ is least, "
          r"for rank at most $r$, at $\mathbf N = \boldsymbol\Delta_r$",
          r"$\|\boldsymbol\Delta - \mathbf N\|^2$ sums $(\delta_i - N_{ii})^2$ and the squares of every other entry "
          r"of $\mathbf N$; with rank at most $r$ it is smallest when $\mathbf N = \boldsymbol\Delta_r$.", "medium")),
    r"No matrix of rank at most $r$ is closer to $\mathbf D$ than $\mathbf D_r$, and only the first $r$ columns "
    r"of $\mathbf L$ and $\mathbf R$ are needed to compute it.",
    ({"n": 4, "d": 3, "r": 1}, {"n": 3, "d": 4, "r": 2}, {"n": 5, "d": 3, "r": 2}, {"n": 4, "d": 4, "r": 2}),
    _eckart,
)


# --- 5. Kernel PCA: K̂c = ηc -----------------------------------------------------------------------------


def _kernel_pca(rng, dims):
    m, n = dims["m"], dims["n"]
    phi, _, q, sigma = inst.with_spectrum(rng, m, n)
    k = rng.randrange(len(sigma))
    eta = sigma[k] ** 2
    c = q[:, k] / sigma[k]  # ‖u‖ = 1: c = v/√η for a unit eigenvector v of K̂
    return {"Phi": phi, "Sigmaphi": phi * phi.T / n, "Khat": phi.T * phi, "c": c, "u": phi * c,
            "eta": eta, "lambda": eta / n, "n": _n(dims)}


KERNEL_PCA = Derivation(
    "kernel-pca", "Kernel PCA: the weights c are eigenvectors of the centred kernel matrix",
    r"Each principal direction in feature space is a weighted sum of the mapped (centred) points, "
    r"$\mathbf u = \sum_i c_i\phi(\mathbf x_i) = \boldsymbol\Phi\mathbf c$. Show that the weights $\mathbf c$ are "
    r"an eigenvector of the centred kernel matrix, $\hat{\mathbf K}\mathbf c = \eta\mathbf c$ with $\eta = n\lambda$, "
    r"and find the length of $\mathbf c$ that makes $\|\mathbf u\| = 1$.",
    (Symbol("Phi", r"\boldsymbol\Phi", "m", "n", "the centred feature vectors $\\phi(\\mathbf x_i)$ as columns",
            ("Φ",)),
     Symbol("Sigmaphi", r"\boldsymbol\Sigma_\phi", "m", "m", "$\\frac1n\\boldsymbol\\Phi\\boldsymbol\\Phi^T$, the covariance in feature space",
            ("Σ_φ", "Sigma_phi", "Sigma_φ", "Σ_phi")),
     Symbol("Khat", r"\hat{\mathbf K}", "n", "n", "$\\boldsymbol\\Phi^T\\boldsymbol\\Phi$, the centred kernel matrix",
            ("K",)),
     Symbol("u", r"\mathbf u", "m", "1", "a principal direction, $\\mathbf u = \\boldsymbol\\Phi\\mathbf c$"),
     Symbol("c", r"\mathbf c", "n", "1", "its weights"),
     Symbol("lambda", r"\lambda", "1", "1", "the variance along $\\mathbf u$", ("λ", "l")),
     Symbol("eta", r"\eta", "1", "1", "$n\\lambda$", ("η",)),
     Symbol("n", "n", "1", "1", "the number of points")),
    (Line("Sigmaphi u", "=", "lambda u", r"$\mathbf u$ is a principal direction", "", "easy"),
     Line("(1/n) Phi Phi^T Phi c", "=", "lambda Phi c",
          r"$\boldsymbol\Sigma_\phi = \frac1n\boldsymbol\Phi\boldsymbol\Phi^T$, $\mathbf u = \boldsymbol\Phi\mathbf c$",
          "", "medium"),
     Line("Phi^T Phi Phi^T Phi c", "=", "n lambda Phi^T Phi c", r"Multiply by $n\boldsymbol\Phi^T$ on the left",
          r"Dotting with every $\phi(\mathbf x_j)$ turns every product into kernel values.", "hard"),
     Line("Khat Khat c", "=", "n lambda Khat c", r"$\hat{\mathbf K} = \boldsymbol\Phi^T\boldsymbol\Phi$", "", "easy"),
     Line("Khat c", "=", "eta c", r"$\eta = n\lambda$",
          r"The solutions that matter ($\hat{\mathbf K}\mathbf c \ne \mathbf 0$, so $\mathbf u \ne \mathbf 0$) are "
          r"those of $\hat{\mathbf K}\mathbf c = \eta\mathbf c$.", "medium"),
     Line("u^T u", "=", "c^T Khat c", r"$\mathbf u = \boldsymbol\Phi\mathbf c$", "", "medium"),
     Line(None, "=", "eta c^T c", r"$\hat{\mathbf K}\mathbf c = \eta\mathbf c$", "", "easy"),
     Line("c^T c", "=", "1/eta", r"$\|\mathbf u\| = 1$",
          r"So $\mathbf c = \mathbf v/\sqrt\eta$ for a unit eigenvector $\mathbf v$ of $\hat{\mathbf K}$.", "hard")),
    r"The weights are the eigenvectors of $\hat{\mathbf K}$ scaled to $\mathbf c = \mathbf v/\sqrt{\eta}$, and the "
    r"variance along $\mathbf u$ is $\lambda = \eta/n$.",
    ({"m": 4, "n": 3}, {"m": 3, "n": 2}, {"m": 5, "n": 3}, {"m": 3, "n": 4}),
    _kernel_pca,
)


# --- 6. Classical MDS: B = −½HAH --------------------------------------------------------------------------


def _mds(rng, dims):
    d, n = dims["d"], dims["n"]
    x = inst.centred(inst.integers(rng, d, n))
    b = x.T * x
    s = sp.Matrix(n, 1, lambda i, _: b[i, i])
    ones = sp.ones(n, 1)
    a = sp.Matrix(n, n, lambda i, j: ((x[:, i] - x[:, j]).T * (x[:, i] - x[:, j]))[0, 0])
    return {"X": x, "B": b, "A": a, "s": s, "ones": ones, "H": sp.eye(n) - ones * ones.T / n, "n": _n(dims)}


MDS = Derivation(
    "mds", "Classical MDS: B = −½ HAH",
    r"The points $\mathbf x_1, \dots, \mathbf x_n$ are centred and only their squared distances "
    r"$a_{ij} = \|\mathbf x_i - \mathbf x_j\|^2$ are known. Show that the inner products "
    r"$\mathbf B = \mathbf X^T\mathbf X$ are $\mathbf B = -\frac12\mathbf H\mathbf A\mathbf H$ with "
    r"$\mathbf H = \mathbf I - \frac1n\mathbf 1\mathbf 1^T$.",
    (Symbol("X", r"\mathbf X", "d", "n", "the centred points as columns, $\\mathbf X\\mathbf 1 = \\mathbf 0$"),
     Symbol("A", r"\mathbf A", "n", "n", "the squared distances $a_{ij}$"),
     Symbol("B", r"\mathbf B", "n", "n", "the inner products $b_{ij} = \\mathbf x_i^T\\mathbf x_j$"),
     Symbol("H", r"\mathbf H", "n", "n", "the centring matrix $\\mathbf I - \\frac1n\\mathbf 1\\mathbf 1^T$"),
     Symbol("s", r"\mathbf s", "n", "1", "the squared lengths $s_i = \\|\\mathbf x_i\\|^2 = b_{ii}$"),
     Symbol("ones", r"\mathbf 1", "n", "1", "the vector of ones", ("𝟏", "one")),
     Symbol("n", "n", "1", "1", "the number of points")),
    (Line("A", "=", "s ones^T + ones s^T - 2 X^T X",
          r"$a_{ij} = \|\mathbf x_i\|^2 + \|\mathbf x_j\|^2 - 2\mathbf x_i^T\mathbf x_j$", "", "medium"),
     Line("H ones", "=", "0", r"$\mathbf 1^T\mathbf 1 = n$", r"So also $\mathbf 1^T\mathbf H = \mathbf 0^T$.", "easy"),
     Line("H A H", "=", "H s ones^T H + H ones s^T H - 2 H X^T X H", "Substitute the first line", "", "easy"),
     Line(None, "=", "-2 H X^T X H", r"$\mathbf H\mathbf 1 = \mathbf 0$", "", "medium"),
     Line(None, "=", "-2 X^T X", r"$\mathbf X\mathbf H = \mathbf X$",
          r"The points are centred: $\mathbf X\mathbf H = \mathbf X - \frac1n(\mathbf X\mathbf 1)\mathbf 1^T = \mathbf X$.",
          "hard"),
     Line("B", "=", "-(1/2) H A H", r"$\mathbf B = \mathbf X^T\mathbf X$", "", "easy")),
    r"The inner products, and from them the points up to a rotation, follow from the distances alone: "
    r"$\mathbf B = -\frac12\mathbf H\mathbf A\mathbf H$.",
    ({"d": 2, "n": 3}, {"d": 2, "n": 4}, {"d": 3, "n": 4}, {"d": 3, "n": 5}),
    _mds,
)


ALL = {d.name: d for d in (PCA_TRACE, GRAM, UW, ECKART, KERNEL_PCA, MDS)}
