r"""The six derivations of the notes, as data: symbols with shapes, lines with their reasons, and how
to build instances.

A line is ``lhs rel rhs`` in the grammar of expr.py; a line without lhs continues the previous one
(its lhs is the previous line's rhs, as the notes write a chain "= …"). ``rel`` is "=" or an
inequality ">=" / "<=" between scalars (the minimality in Eckart–Young and the U, W lemma), which
is verified as an inequality on every instance. Each line's reason is one of the derivation's
``rules`` (the menu a student picks a blanked reason from), named by its key. Each derivation's
``build`` makes one random instance (name -> exact value) for given dimensions, with its
constraints met by construction.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Callable

import sympy as sp

from tutor.topics.derivation import instances as inst
from tutor.topics.derivation.expr import Symbol


@dataclass(frozen=True)
class Rule:
    """A reason a line may give: its text (plain text with $…$ maths) and what a student may type for it
    besides its letter in the menu (compared without case, spaces or the spelling of transposes)."""

    key: str
    text: str
    typed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Line:
    lhs: str | None  # None: the previous line's rhs
    rel: str  # "=", ">=" or "<="
    rhs: str
    rule: str  # the key of its reason in the derivation's rules
    note: str = ""  # a sentence more: why the rule gives this line (the full solution; a blank's own step)
    level: str = "medium"  # how hard it is to fill in: easy (a substitution), medium (one rule), hard (key step)
    # Whether the previous line can be read off this one (by undoing a substitution or one rule, or because
    # it has the same right-hand side): this line is then hidden when the previous one is a blank (the line
    # after a blank never gives it away).
    undoes: bool = False
    lhs_tex: str = ""  # the left-hand side as the notes write it, when the grammar cannot (a sum over i)


@dataclass(frozen=True)
class Derivation:
    name: str
    title: str
    setting: str  # what is given (LaTeX in $…$)
    shows: str  # what the derivation shows, "that …": the statement says "Show that …" or "The lines show that …"
    symbols: tuple[Symbol, ...]
    rules: tuple[Rule, ...]  # the reasons of its lines, and one or two more a student may mistake
    lines: tuple[Line, ...]
    conclusion: str  # the closing sentence
    watch_out: str  # the slip this derivation invites, in one sentence
    shapes: tuple[dict, ...]  # the dimensions of the instances, cycled
    build: Callable[[random.Random, dict], dict]
    not_offered: tuple[str, ...] = ()  # keys of DISTRACTORS too close to a reason used here to be offered

    def __post_init__(self):
        """The rules given, then distractors from DISTRACTORS until at least MIN_DISTRACTORS rules of the
        menu are not used by any line (a blanked reason is then not found by elimination)."""
        used = {line.rule for line in self.lines}
        rules = list(self.rules)
        for extra in DISTRACTORS:
            if sum(r.key not in used for r in rules) >= MIN_DISTRACTORS:
                break
            if extra.key not in {r.key for r in rules} and extra.key not in self.not_offered:
                rules.append(extra)
        if len(rules) > len(LETTERS):
            raise ValueError(f"{self.name}: {len(rules)} rules, more than the letters A to Z")
        object.__setattr__(self, "rules", tuple(rules))

    @property
    def table(self) -> dict[str, Symbol]:
        return {s.name: s for s in self.symbols}

    def rule(self, key: str) -> Rule:
        return next(r for r in self.rules if r.key == key)

    @property
    def menu(self) -> tuple[Rule, ...]:
        """The rules in the menu's order, lettered A, B, …: a fixed shuffle by the derivation's name, so that
        the letters do not follow the lines (a blanked reason would be the letter missing between its
        neighbours') and the distractors sit among the rules used, the same wherever the menu is shown."""
        return tuple(sorted(self.rules, key=lambda r: hashlib.sha256(f"{self.name}:{r.key}".encode()).hexdigest()))

    def letter(self, key: str) -> str:
        """The rule's letter in the menu: A, B, …"""
        return LETTERS[[r.key for r in self.menu].index(key)]


def _n(dims):  # the scalar n: the number of points
    return sp.Integer(dims["n"])


# Reasons several derivations give (each derivation lists the ones it uses, and a distractor or two).
FROB = Rule("frob", r"$\|\mathbf A\|_F^2 = \operatorname{tr}(\mathbf A^T\mathbf A)$",
            ("||A||^2 = tr(A^T A)", "||A||_F^2 = tr(A^T A)", "norm(A)^2 = tr(A^T A)", "frobenius norm as a trace"))
SQNORM = Rule("sqnorm", r"$\|\mathbf a\|^2 = \mathbf a^T\mathbf a$",
              ("||a||^2 = a^T a", "norm(a)^2 = a^T a", "squared length", "squared norm"))
EXPAND = Rule("expand", "Multiply out", ("multiply out", "expand", "multiplying out", "distribute"))
CYCLIC = Rule("cyclic", r"$\operatorname{tr}(\mathbf A\mathbf B) = \operatorname{tr}(\mathbf B\mathbf A)$",
              ("tr(AB) = tr(BA)", "tr(A B) = tr(B A)", "cyclic", "trace is cyclic", "cyclic property of the trace"))
TRANSPOSE = Rule("transpose", r"$(\mathbf A\mathbf B)^T = \mathbf B^T\mathbf A^T$",
                 ("(AB)^T = B^T A^T", "transpose of a product"))
TRACE_SUM = Rule("tracesum", r"$\operatorname{tr}(\mathbf A + \mathbf B) = \operatorname{tr}\mathbf A + \operatorname{tr}\mathbf B$",
                 ("tr(A + B) = tr(A) + tr(B)", "trace is linear", "linearity of the trace"))

# Rules offered beside a derivation's own, none of them a reason of its lines: true facts a student may
# reach for instead (the menu holds at least MIN_DISTRACTORS rules no line uses, lettered up to Z).
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MIN_DISTRACTORS = 6
DISTRACTORS = (
    TRANSPOSE, CYCLIC, TRACE_SUM, SQNORM, FROB, EXPAND,
    Rule("trt", r"$\operatorname{tr}\mathbf A^T = \operatorname{tr}\mathbf A$", ("tr(A^T) = tr(A)", "tr A^T = tr A")),
    Rule("inverse", r"$(\mathbf A\mathbf B)^{-1} = \mathbf B^{-1}\mathbf A^{-1}$",
         ("(AB)^-1 = B^-1 A^-1", "(A B)^(-1) = B^(-1) A^(-1)", "inverse of a product")),
    Rule("detproduct", r"$\det(\mathbf A\mathbf B) = \det\mathbf A\,\det\mathbf B$", ("det(AB) = det(A) det(B)",)),
    Rule("cauchy", r"$|\mathbf a^T\mathbf b| \le \|\mathbf a\|\,\|\mathbf b\|$ (Cauchy–Schwarz)",
         ("cauchy-schwarz", "cauchy–schwarz", "|a^T b| <= ||a|| ||b||")),
    Rule("symmetric", r"$\mathbf A^T\mathbf A$ is symmetric", ("A^T A is symmetric", "symmetric")),
    Rule("treig", r"$\operatorname{tr}\mathbf A = \sum_i \lambda_i$", ("tr(A) = sum of eigenvalues",
                                                                       "trace is the sum of the eigenvalues")),
    Rule("triangle", r"$\|\mathbf a + \mathbf b\| \le \|\mathbf a\| + \|\mathbf b\|$",
         ("||a + b|| <= ||a|| + ||b||", "triangle inequality")),
)


# --- 1. PCA as trace maximisation ---------------------------------------------------------------------


def _pca_trace(rng, dims):
    d, n, r = dims["d"], dims["n"], dims["r"]
    x = inst.centred(inst.integers(rng, d, n))
    return {"X": x, "U": inst.orthonormal_columns(rng, d, r), "Sigma": x * x.T / n, "n": _n(dims)}


PCA_TRACE = Derivation(
    "pca-trace", "PCA as trace maximisation",
    r"PCA minimises the squared reconstruction error $\sum_{i=1}^n \|\mathbf x_i - \mathbf U\mathbf U^T\mathbf x_i\|^2$ "
    r"of the centred points $\mathbf x_i$ over $\mathbf U \in \mathbb R^{d\times r}$ with "
    r"$\mathbf U^T\mathbf U = \mathbf I$. Here $\|\mathbf A\|_F$ is the Frobenius norm of a matrix, "
    r"$\|\mathbf A\|_F^2 = \sum_{ij} A_{ij}^2$.",
    r"that minimising the error is maximising $\operatorname{tr}(\mathbf U^T\boldsymbol\Sigma\mathbf U)$",
    (Symbol("X", r"\mathbf X", "d", "n", "the centred data, points $\\mathbf x_i$ as columns"),
     Symbol("U", r"\mathbf U", "d", "r", "orthonormal columns, $\\mathbf U^T\\mathbf U = \\mathbf I$"),
     Symbol("Sigma", r"\boldsymbol\Sigma", "d", "d",
            "the covariance matrix $\\frac1n\\sum_i \\mathbf x_i\\mathbf x_i^T = \\frac1n\\mathbf X\\mathbf X^T$",
            ("Σ", "S")),
     Symbol("n", "n", "1", "1", "the number of points")),
    (Rule("columns", r"$\|\mathbf A\|_F^2 = \sum_i \|\mathbf a_i\|^2$",
          ("columns", "sum over the columns", "sum of squared column lengths", "frobenius norm of the columns")),
     FROB, EXPAND,
     Rule("orth", r"$\mathbf U^T\mathbf U = \mathbf I$, tr linear",
          ("U^T U = I", "orthonormal columns", "orthonormal", "U^T U = I and the trace is linear")),
     CYCLIC,
     Rule("sigma", r"$\mathbf X\mathbf X^T = n\boldsymbol\Sigma$",
          ("X X^T = n Sigma", "Sigma = (1/n) X X^T", "Sigma = 1/n X X^T", "definition of Sigma")),
     TRANSPOSE),
    (Line("norm(X - U U^T X)^2", "=", "norm(X - U U^T X)^2", "columns",
          r"The Frobenius norm sums over the columns $\mathbf a_i$ of $\mathbf A$, and column $i$ of "
          r"$\mathbf X - \mathbf U\mathbf U^T\mathbf X$ is $\mathbf x_i - \mathbf U\mathbf U^T\mathbf x_i$.",
          "easy", lhs_tex=r"\sum_{i=1}^n \left\|\mathbf x_i - \mathbf U \mathbf U^{T} \mathbf x_i\right\|^2"),
     Line(None, "=", "tr((X - U U^T X)^T (X - U U^T X))", "frob",
          r"With $\mathbf A = \mathbf X - \mathbf U\mathbf U^T\mathbf X$.", "easy", undoes=True),
     Line(None, "=", "tr(X^T X - 2 X^T U U^T X + X^T U U^T U U^T X)", "expand",
          r"$(\mathbf U\mathbf U^T\mathbf X)^T = \mathbf X^T\mathbf U\mathbf U^T$, and the two cross terms are "
          r"equal.", "medium"),
     Line(None, "=", "tr(X^T X) - tr(X^T U U^T X)", "orth",
          r"The last term is $\mathbf X^T\mathbf U(\mathbf U^T\mathbf U)\mathbf U^T\mathbf X = "
          r"\mathbf X^T\mathbf U\mathbf U^T\mathbf X$, so $-2 + 1$ of it is left; the trace is linear.", "hard"),
     Line(None, "=", "norm(X)^2 - tr(U^T X X^T U)", "cyclic",
          r"With $\mathbf A = \mathbf X^T\mathbf U$ and $\mathbf B = \mathbf U^T\mathbf X$; and "
          r"$\operatorname{tr}(\mathbf X^T\mathbf X) = \|\mathbf X\|_F^2$.", "medium", undoes=True),
     Line(None, "=", "norm(X)^2 - n tr(U^T Sigma U)", "sigma", "", "easy", undoes=True)),
    r"$\|\mathbf X\|_F^2$ does not depend on $\mathbf U$, so minimising the error is maximising "
    r"$\operatorname{tr}(\mathbf U^T\boldsymbol\Sigma\mathbf U)$ over $\mathbf U$ with "
    r"$\mathbf U^T\mathbf U = \mathbf I$ (the factor $n$ does not move the maximum).",
    r"$(\mathbf U\mathbf U^T\mathbf X)^T$ is $\mathbf X^T\mathbf U\mathbf U^T$, not $\mathbf U\mathbf U^T\mathbf X^T$, "
    r"and $\mathbf U\mathbf U^T \ne \mathbf I$ when $r < d$: only $\mathbf U^T\mathbf U = \mathbf I$ may be cancelled.",
    ({"d": 3, "n": 4, "r": 2}, {"d": 4, "n": 3, "r": 2}, {"d": 2, "n": 5, "r": 1}, {"d": 4, "n": 5, "r": 3}),
    _pca_trace,
    not_offered=("tracesum",),  # its line 4 says the trace is linear
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
    "gram-trick", "The Gram trick: the eigenvectors of Σ from those of K",
    r"Computing $\boldsymbol\Sigma = \frac1n\mathbf X\mathbf X^T$ ($d\times d$) is expensive when $d$ is large. "
    r"Let $\mathbf v$ be a unit eigenvector of the Gram matrix $\mathbf K = \mathbf X^T\mathbf X$ ($n\times n$) "
    r"with eigenvalue $\lambda > 0$.",
    r"that $\mathbf u = \mathbf X\mathbf v/\sqrt\lambda$ is a unit eigenvector of $\boldsymbol\Sigma$ with "
    r"eigenvalue $\lambda/n$",
    (Symbol("X", r"\mathbf X", "d", "n", "the data, points as columns"),
     Symbol("K", r"\mathbf K", "n", "n", "the Gram matrix $\\mathbf X^T\\mathbf X$, $K_{ij} = \\mathbf x_i^T\\mathbf x_j$"),
     Symbol("Sigma", r"\boldsymbol\Sigma", "d", "d", "$\\frac1n\\mathbf X\\mathbf X^T$", ("Σ", "S")),
     Symbol("v", r"\mathbf v", "n", "1", "a unit eigenvector of $\\mathbf K$, $\\mathbf v^T\\mathbf v = 1$"),
     Symbol("lambda", r"\lambda", "1", "1", "its eigenvalue", ("λ", "l")),
     Symbol("u", r"\mathbf u", "d", "1", "$\\mathbf X\\mathbf v / \\sqrt\\lambda$"),
     Symbol("n", "n", "1", "1", "the number of points")),
    (Rule("sigma", r"$\boldsymbol\Sigma = \frac1n\mathbf X\mathbf X^T$",
          ("Sigma = (1/n) X X^T", "Sigma = 1/n X X^T", "definition of Sigma")),
     Rule("gram", r"$\mathbf K = \mathbf X^T\mathbf X$", ("K = X^T X", "definition of K")),
     Rule("eigen", r"$\mathbf K\mathbf v = \lambda\mathbf v$", ("K v = lambda v", "Kv = λv", "eigenvector", "v is an eigenvector")),
     SQNORM,
     Rule("unit", r"$\mathbf v^T\mathbf v = 1$", ("v^T v = 1", "unit vector", "v is a unit vector")),
     Rule("scale", r"Line 3 with $\mathbf u = \mathbf X\mathbf v/\sqrt\lambda$",
          ("line 3 with u = X v / sqrt(lambda)", "u = X v / sqrt(lambda)", "u = Xv/sqrt(λ)", "definition of u")),
     Rule("length", r"Line 6 with $\mathbf u = \mathbf X\mathbf v/\sqrt\lambda$",
          ("line 6 with u = X v / sqrt(lambda)", "line 6")),
     TRANSPOSE, CYCLIC),
    (Line("Sigma (X v)", "=", "(1/n) X X^T X v", "sigma", "", "easy"),
     Line(None, "=", "(1/n) X K v", "gram", r"$\mathbf X^T\mathbf X$ is $\mathbf K$, in the middle of the product.",
          "easy", undoes=True),
     Line(None, "=", "(lambda/n) (X v)", "eigen",
          r"So $\mathbf X\mathbf v$ is an eigenvector of $\boldsymbol\Sigma$, with eigenvalue $\lambda/n$ "
          r"($\mathbf X\mathbf v \ne \mathbf 0$ by the next lines).", "hard"),
     Line("norm(X v)^2", "=", "v^T X^T X v", "sqnorm", r"$(\mathbf X\mathbf v)^T = \mathbf v^T\mathbf X^T$.", "easy"),
     Line(None, "=", "lambda v^T v", "eigen", r"$\mathbf X^T\mathbf X\mathbf v = \mathbf K\mathbf v = \lambda\mathbf v$.",
          "medium"),
     Line(None, "=", "lambda", "unit", "", "easy"),
     Line("Sigma u", "=", "(lambda/n) u", "scale",
          r"Line 3 divided by $\sqrt\lambda$: a multiple of an eigenvector is one.", "medium"),
     Line("norm(u)^2", "=", "1", "length",
          r"$\|\mathbf u\|^2 = \|\mathbf X\mathbf v\|^2/\lambda = \lambda/\lambda$ by line 6.", "medium")),
    r"The unit eigenvectors of $\boldsymbol\Sigma$ with non-zero eigenvalues are "
    r"$\mathbf u = \mathbf X\mathbf v/\sqrt\lambda$, with eigenvalues $\lambda/n$: PCA from the $n\times n$ "
    r"matrix $\mathbf K$ instead of the $d\times d$ matrix $\boldsymbol\Sigma$.",
    r"$\mathbf X\mathbf v$ has length $\sqrt\lambda$, not 1: divide by $\sqrt\lambda$ (not by $\lambda$), and the "
    r"eigenvalue of $\boldsymbol\Sigma$ is $\lambda/n$, not $\lambda$.",
    ({"d": 4, "n": 3}, {"d": 3, "n": 2}, {"d": 5, "n": 3}, {"d": 2, "n": 4}),
    _gram,
)


# --- 3. The U, W lemma ----------------------------------------------------------------------------------


def _uw(rng, dims):
    d, r = dims["d"], dims["r"]
    v = inst.orthonormal_columns(rng, d, r)
    # U W x lies in the span of V's columns; A singular now and then: rank(U W) < r is allowed
    u = v * inst.integers(rng, r, r, -1, 1)
    w = inst.integers(rng, r, d)
    return {"x": inst.integers(rng, d, 1), "y": inst.integers(rng, r, 1), "V": v, "U": u, "W": w}


UW = Derivation(
    "uw-lemma", "The U, W lemma",
    r"Let $(\mathbf U, \mathbf W)$ minimise $\sum_{i=1}^n \|\mathbf x_i - \mathbf U\mathbf W\mathbf x_i\|^2$ "
    r"over $\mathbf W \in \mathbb R^{r\times d}$ and $\mathbf U \in \mathbb R^{d\times r}$ ($r \le d$). The range of "
    r"$\mathbf U\mathbf W$ has dimension at most $r$, so $r$ orthonormal columns $\mathbf V$ span a space that "
    r"contains it. The lines are for one point $\mathbf x$.",
    r"that $(\mathbf V, \mathbf V^T)$ does at least as well, so the columns of $\mathbf U$ can be taken orthonormal "
    r"and $\mathbf W = \mathbf U^T$",
    (Symbol("x", r"\mathbf x", "d", "1", "a point"),
     Symbol("U", r"\mathbf U", "d", "r", "any recovering matrix"),
     Symbol("W", r"\mathbf W", "r", "d", "any compression matrix"),
     Symbol("V", r"\mathbf V", "d", "r",
            "orthonormal columns, $\\mathbf V^T\\mathbf V = \\mathbf I$, whose span contains the range of "
            "$\\mathbf U\\mathbf W$"),
     Symbol("y", r"\mathbf y", "r", "1", "any vector of coordinates")),
    (Rule("project", r"$\mathbf V\mathbf V^T$ keeps every vector of the span of $\mathbf V$",
          ("V V^T projects onto the span of V", "projection", "V V^T z = z", "projection onto the span of V")),
     SQNORM, EXPAND,
     Rule("orth", r"$\mathbf V^T\mathbf V = \mathbf I$", ("V^T V = I", "orthonormal columns", "orthonormal")),
     Rule("square", "Complete the square", ("complete the square", "completing the square")),
     Rule("nonneg", r"$\|\mathbf a\|^2 \ge 0$", ("||a||^2 >= 0", "a square is not negative", "norms are non-negative")),
     Rule("best", r"$\mathbf y = \mathbf V^T\mathbf x$", ("y = V^T x",)),
     Rule("lines", r"Lines 1, 6 and 7 with $\mathbf y = \mathbf V^T\mathbf U\mathbf W\mathbf x$",
          ("lines 1, 6 and 7", "lines 1 6 7", "1, 6, 7")),
     TRANSPOSE),
    (Line("U W x", "=", "V V^T U W x", "project",
          r"$\mathbf U\mathbf W\mathbf x$ is in the span of $\mathbf V$: it is $\mathbf V\mathbf y$ with "
          r"$\mathbf y = \mathbf V^T\mathbf U\mathbf W\mathbf x$ (no $\mathbf U = \mathbf V\mathbf A$ is needed, which "
          r"fails when $\operatorname{rank}(\mathbf U\mathbf W) < r$).", "medium"),
     Line("norm(x - V y)^2", "=", "(x - V y)^T (x - V y)", "sqnorm", "", "easy"),
     Line(None, "=", "x^T x - 2 y^T V^T x + y^T V^T V y", "expand",
          r"$\mathbf x^T\mathbf V\mathbf y = \mathbf y^T\mathbf V^T\mathbf x$, a number.", "medium"),
     Line(None, "=", "norm(x)^2 + norm(y)^2 - 2 y^T V^T x", "orth", "", "medium", undoes=True),
     Line(None, "=", "norm(y - V^T x)^2 + norm(x)^2 - norm(V^T x)^2", "square",
          r"$\|\mathbf y - \mathbf V^T\mathbf x\|^2 = \|\mathbf y\|^2 - 2\mathbf y^T\mathbf V^T\mathbf x + "
          r"\|\mathbf V^T\mathbf x\|^2$.", "hard"),
     Line(None, ">=", "norm(x)^2 - norm(V^T x)^2", "nonneg",
          r"The first term is the only one with $\mathbf y$, and it is $0$ at $\mathbf y = \mathbf V^T\mathbf x$.",
          "medium"),
     Line("norm(x - V V^T x)^2", "=", "norm(x)^2 - norm(V^T x)^2", "best", r"Line 5 with $\mathbf y = \mathbf V^T\mathbf x$.",
          "medium", undoes=True),  # its right-hand side is line 6's
     Line("norm(x - U W x)^2", ">=", "norm(x - V V^T x)^2", "lines",
          r"By line 1, $\mathbf U\mathbf W\mathbf x = \mathbf V\mathbf y$ for that $\mathbf y$; line 6 bounds its error "
          r"below by line 7's.", "medium")),
    r"For every point, $(\mathbf V, \mathbf V^T)$ does at least as well as $(\mathbf U, \mathbf W)$, so a "
    r"minimiser may be taken with $\mathbf U = \mathbf V$, $\mathbf U^T\mathbf U = \mathbf I$ and "
    r"$\mathbf W = \mathbf U^T$.",
    r"$\mathbf x^T\mathbf V\mathbf y$ and $\mathbf y^T\mathbf V^T\mathbf x$ are one number (a $1\times 1$ matrix is its "
    r"own transpose), so the cross terms add to $-2\mathbf y^T\mathbf V^T\mathbf x$; the square is completed in "
    r"$\mathbf y$, the only free variable.",
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
    r"Let $\mathbf D = \mathbf L\boldsymbol\Delta\mathbf R^T$ be the (full) SVD of $\mathbf D \in \mathbb R^{n\times d}$: "
    r"$\mathbf L$ and $\mathbf R$ orthogonal, and $\boldsymbol\Delta$ with $\delta_1 \ge \delta_2 \ge \dots \ge 0$ on its "
    r"diagonal. Let $\mathbf D_r = \sum_{i=1}^r \delta_i\mathbf l_i\mathbf r_i^T = \mathbf L\boldsymbol\Delta_r\mathbf R^T$; "
    r"$\|\cdot\|$ is the Frobenius norm.",
    r"that no matrix $\mathbf M$ of rank at most $r$ is closer to $\mathbf D$ than $\mathbf D_r$",
    (Symbol("D", r"\mathbf D", "n", "d", "the data matrix"),
     Symbol("L", r"\mathbf L", "n", "n", "orthogonal, $\\mathbf L^T\\mathbf L = \\mathbf L\\mathbf L^T = \\mathbf I$"),
     Symbol("R", r"\mathbf R", "d", "d", "orthogonal, $\\mathbf R^T\\mathbf R = \\mathbf R\\mathbf R^T = \\mathbf I$"),
     Symbol("Delta", r"\boldsymbol\Delta", "n", "d", "the singular values $\\delta_1 \\ge \\delta_2 \\ge \\dots$ on the diagonal",
            ("Δ",)),
     Symbol("Deltar", r"\boldsymbol\Delta_r", "n", "d", "$\\boldsymbol\\Delta$ with only $\\delta_1, \\dots, \\delta_r$ kept",
            ("Δ_r", "Delta_r")),
     Symbol("Dr", r"\mathbf D_r", "n", "d", "$\\mathbf L\\boldsymbol\\Delta_r\\mathbf R^T$", ("D_r",)),
     Symbol("M", r"\mathbf M", "n", "d", "any matrix of rank at most $r$"),
     Symbol("N", r"\mathbf N", "n", "d", "$\\mathbf L^T\\mathbf M\\mathbf R$, of rank at most $r$ too")),
    (Rule("svd", r"$\mathbf D = \mathbf L\boldsymbol\Delta\mathbf R^T$", ("D = L Delta R^T", "the SVD", "svd")),
     Rule("rotate", r"$\|\mathbf L^T\mathbf A\mathbf R\| = \|\mathbf A\|$ for orthogonal $\mathbf L$, $\mathbf R$",
          ("orthogonal matrices keep the norm", "||L^T A R|| = ||A||", "rotations keep the norm")),
     Rule("orth", r"$\mathbf L^T\mathbf L = \mathbf I$, $\mathbf R^T\mathbf R = \mathbf I$, $\mathbf N = \mathbf L^T\mathbf M\mathbf R$",
          ("L^T L = I, R^T R = I", "L^T L = I and R^T R = I", "orthogonal")),
     Rule("weyl", r"$\sigma_i(\boldsymbol\Delta - \mathbf N) \ge \delta_{i+r}$ (Weyl), rank $\mathbf N \le r$",
          ("weyl", "weyl's inequality", "weyl inequality")),
     Rule("choose", r"$\mathbf M = \mathbf D_r$ gives $\mathbf N = \boldsymbol\Delta_r$",
          ("M = D_r", "M = D_r gives N = Delta_r", "N = Delta_r")),
     Rule("discard", r"$\boldsymbol\Delta - \boldsymbol\Delta_r$ holds $\delta_{r+1}, \delta_{r+2}, \dots$",
          ("the discarded singular values", "discarded singular values")),
     Rule("lines", "Lines 4 and 5", ("lines 4 and 5", "lines 4, 5", "4 and 5")),
     Rule("rrt", r"$\mathbf R\mathbf R^T = \mathbf I$", ("R R^T = I",)), CYCLIC),
    (Line("norm(D - M)^2", "=", "norm(L Delta R^T - M)^2", "svd", "", "easy"),
     Line(None, "=", "norm(L^T (L Delta R^T - M) R)^2", "rotate",
          r"$\|\mathbf L^T\mathbf A\mathbf R\|^2 = \operatorname{tr}(\mathbf R^T\mathbf A^T\mathbf L\mathbf L^T"
          r"\mathbf A\mathbf R) = \operatorname{tr}(\mathbf A^T\mathbf A\mathbf R\mathbf R^T) = \|\mathbf A\|^2$, "
          r"by $\mathbf L\mathbf L^T = \mathbf I$, $\operatorname{tr}(\mathbf A\mathbf B) = \operatorname{tr}(\mathbf B\mathbf A)$ "
          r"and $\mathbf R\mathbf R^T = \mathbf I$.", "hard"),
     Line(None, "=", "norm(Delta - N)^2", "orth",
          r"$\mathbf L^T\mathbf L\boldsymbol\Delta\mathbf R^T\mathbf R = \boldsymbol\Delta$.", "medium"),
     Line(None, ">=", "norm(Delta - Deltar)^2", "weyl",
          r"Weyl: $\sigma_{i+j-1}(\mathbf A + \mathbf B) \le \sigma_i(\mathbf A) + \sigma_j(\mathbf B)$; with "
          r"$\mathbf A = \boldsymbol\Delta - \mathbf N$, $\mathbf B = \mathbf N$, $j = r + 1$ and "
          r"$\sigma_{r+1}(\mathbf N) = 0$ it gives $\delta_{i+r} \le \sigma_i(\boldsymbol\Delta - \mathbf N)$. So "
          r"$\|\boldsymbol\Delta - \mathbf N\|^2 = \sum_i \sigma_i(\boldsymbol\Delta - \mathbf N)^2 \ge "
          r"\sum_i \delta_{i+r}^2 = \|\boldsymbol\Delta - \boldsymbol\Delta_r\|^2$.", "hard"),
     Line("norm(D - Dr)^2", "=", "norm(Delta - Deltar)^2", "choose", r"Lines 1 to 3 with $\mathbf M = \mathbf D_r$.",
          "medium", undoes=True),  # its right-hand side is line 4's
     Line(None, "=", "norm(Delta)^2 - norm(Deltar)^2", "discard",
          r"$\delta_{r+1}^2 + \delta_{r+2}^2 + \dots$, the squares of the discarded singular values.", "medium"),
     Line("norm(D - M)^2", ">=", "norm(D - Dr)^2", "lines", "", "easy")),
    r"No matrix of rank at most $r$ is closer to $\mathbf D$ than $\mathbf D_r$, and only the first $r$ columns "
    r"of $\mathbf L$ and $\mathbf R$ are needed to compute it.",
    r"$\mathbf N = \mathbf L^T\mathbf M\mathbf R$ need not be diagonal, and a matrix of rank $r$ may have more than "
    r"$r$ non-zero diagonal entries: the bound comes from the singular values of $\boldsymbol\Delta - \mathbf N$ "
    r"(Weyl), not from its diagonal.",
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
    # any weights of the same u: c plus a null vector of K̂ (the columns of Q past the rank), none when m ≥ n
    z = sp.zeros(n, 1)
    for j in range(len(sigma), n):
        z += rng.randint(-2, 2) * q[:, j]
    return {"Phi": phi, "Sigmaphi": phi * phi.T / n, "Khat": phi.T * phi, "a": c + z, "c": c, "u": phi * c,
            "b": inst.integers(rng, n, 1),
            "eta": eta, "lambda": eta / n, "n": _n(dims)}


KERNEL_PCA = Derivation(
    "kernel-pca", "Kernel PCA: the weights solve the kernel eigenproblem",
    r"Each principal direction in feature space is a weighted sum of the centred mapped points, "
    r"$\mathbf u = \sum_i a_i\phi(\mathbf x_i) = \boldsymbol\Phi\mathbf a$. The centred kernel matrix "
    r"$\hat{\mathbf K}$ is singular ($\hat{\mathbf K}\mathbf 1 = \mathbf 0$), so it cannot be cancelled.",
    r"that the weights may be taken as an eigenvector $\mathbf c$ of $\hat{\mathbf K}$, "
    r"$\hat{\mathbf K}\mathbf c = \eta\mathbf c$ with $\eta = n\lambda$, and that $\|\mathbf u\| = 1$ asks "
    r"$\mathbf c^T\mathbf c = 1/\eta$",
    (Symbol("Phi", r"\boldsymbol\Phi", "m", "n", "the centred feature vectors $\\phi(\\mathbf x_i)$ as columns",
            ("Φ",)),
     Symbol("Sigmaphi", r"\boldsymbol\Sigma_\phi", "m", "m", "$\\frac1n\\boldsymbol\\Phi\\boldsymbol\\Phi^T$, the covariance in feature space",
            ("Σ_φ", "Sigma_phi", "Sigma_φ", "Σ_phi")),
     Symbol("Khat", r"\hat{\mathbf K}", "n", "n", "$\\boldsymbol\\Phi^T\\boldsymbol\\Phi$, the centred kernel matrix",
            ("K",)),
     Symbol("u", r"\mathbf u", "m", "1", "a unit principal direction, $\\mathbf u = \\boldsymbol\\Phi\\mathbf a$"),
     Symbol("a", r"\mathbf a", "n", "1", "its weights"),
     Symbol("c", r"\mathbf c", "n", "1", "$\\frac1\\eta\\hat{\\mathbf K}\\mathbf a$"),
     Symbol("b", r"\mathbf b", "n", "1", "any vector of $n$ weights"),
     Symbol("lambda", r"\lambda", "1", "1", "the variance along $\\mathbf u$, $\\lambda > 0$", ("λ", "l")),
     Symbol("eta", r"\eta", "1", "1", "$n\\lambda$", ("η",)),
     Symbol("n", "n", "1", "1", "the number of points")),
    (Rule("direction", r"$\mathbf u$ is a principal direction", ("principal direction", "u is a principal direction",
                                                                 "eigenvector of Sigma_phi")),
     Rule("sub", r"$\boldsymbol\Sigma_\phi = \frac1n\boldsymbol\Phi\boldsymbol\Phi^T$, $\mathbf u = \boldsymbol\Phi\mathbf a$",
          ("Sigma_phi = (1/n) Phi Phi^T", "substitute", "u = Phi a")),
     Rule("multiply", r"Multiply by $n\boldsymbol\Phi^T$ on the left", ("multiply by n Phi^T", "multiply by nPhi^T",
                                                                        "multiply by n Phi^T on the left")),
     Rule("kernel", r"$\hat{\mathbf K} = \boldsymbol\Phi^T\boldsymbol\Phi$, $\eta = n\lambda$",
          ("Khat = Phi^T Phi", "K = Phi^T Phi", "kernel matrix")),
     Rule("cdef", r"$\mathbf c = \frac1\eta\hat{\mathbf K}\mathbf a$", ("c = (1/eta) Khat a", "c = Khat a / eta",
                                                                       "definition of c")),
     Rule("line4", "Line 4", ("line 4", "4")),
     # the norm is of Φb, not of b: ‖v‖² = vᵀv with v = Φb (it read ‖b‖² = bᵀb)
     Rule("quad", r"$\|\mathbf v\|^2 = \mathbf v^T\mathbf v$ with $\mathbf v = \boldsymbol\Phi\mathbf b$, "
                  r"$\hat{\mathbf K} = \boldsymbol\Phi^T\boldsymbol\Phi$",
          ("||v||^2 = v^T v", "||Phi b||^2 = b^T Phi^T Phi b", "||b||^2 = b^T b", "||a||^2 = a^T a",
           "squared norm")),
     Rule("same", "Lines 5 and 6",
          ("lines 5 and 6", "Khat c = Khat a", "5 and 6")),
     Rule("null", r"Lines 8 and 9 with $\mathbf b = \mathbf a - \mathbf c$",
          ("lines 8 and 9", "8 and 9", "null vector", "b = a - c")),
     Rule("udef", r"$\mathbf u = \boldsymbol\Phi\mathbf a$ and line 10", ("u = Phi a and line 10", "line 10")),
     Rule("eigen", "Line 7", ("line 7", "7")),
     Rule("unit", r"$\|\mathbf u\| = 1$", ("||u|| = 1", "unit", "u is a unit vector")),
     CYCLIC),
    (Line("Sigmaphi u", "=", "lambda u", "direction", "", "easy"),
     Line("(1/n) Phi Phi^T Phi a", "=", "lambda Phi a", "sub", "", "medium"),
     Line("Phi^T Phi Phi^T Phi a", "=", "n lambda Phi^T Phi a", "multiply",
          r"Dotting with every $\phi(\mathbf x_j)$ turns every product into kernel values.", "hard"),
     Line("Khat Khat a", "=", "eta Khat a", "kernel", "", "easy", undoes=True),
     Line("Khat c", "=", "(1/eta) Khat Khat a", "cdef", "", "easy"),
     Line(None, "=", "Khat a", "line4", "", "medium"),
     Line(None, "=", "eta c", "cdef",
          r"So $\mathbf c$ is an eigenvector of $\hat{\mathbf K}$ with eigenvalue $\eta$; $\hat{\mathbf K}$ was not "
          r"cancelled.", "medium"),
     Line("norm(Phi b)^2", "=", "b^T Khat b", "quad", "", "medium"),
     Line("Khat (a - c)", "=", "0", "same", "", "medium"),
     Line("Phi a", "=", "Phi c", "null",
          r"$\mathbf z = \mathbf a - \mathbf c$ is a null vector of $\hat{\mathbf K}$, and "
          r"$\|\boldsymbol\Phi\mathbf z\|^2 = \mathbf z^T\hat{\mathbf K}\mathbf z = 0$: so "
          r"$\boldsymbol\Phi\mathbf z = \mathbf 0$, and $\mathbf a$ and $\mathbf c$ give the same "
          r"$\mathbf u = \boldsymbol\Phi\mathbf a = \boldsymbol\Phi\mathbf c$.", "hard"),
     Line("u^T u", "=", "c^T Khat c", "udef", "", "medium"),
     Line(None, "=", "eta c^T c", "eigen", "", "easy"),
     Line("c^T c", "=", "1/eta", "unit",
          r"So $\mathbf c = \mathbf v/\sqrt\eta$ for a unit eigenvector $\mathbf v$ of $\hat{\mathbf K}$.", "hard")),
    r"The weights are the eigenvectors of $\hat{\mathbf K}$ scaled: $\mathbf c = \mathbf v/\sqrt{\eta}$ for a unit "
    r"eigenvector $\mathbf v$ of $\hat{\mathbf K}$ with eigenvalue $\eta$, and the "
    r"variance along $\mathbf u$ is $\lambda = \eta/n$.",
    r"$\hat{\mathbf K}\hat{\mathbf K}\mathbf a = \eta\hat{\mathbf K}\mathbf a$ does not give "
    r"$\hat{\mathbf K}\mathbf a = \eta\mathbf a$ by cancelling: $\hat{\mathbf K}$ is singular. The step is that "
    r"$\mathbf a$ and $\frac1\eta\hat{\mathbf K}\mathbf a$ give the same $\mathbf u$.",
    ({"m": 2, "n": 3}, {"m": 3, "n": 2}, {"m": 3, "n": 5}, {"m": 2, "n": 4}),
    _kernel_pca,
    not_offered=("sqnorm",),  # line 8's rule is ‖v‖² = vᵀv itself: ‖a‖² = aᵀa beside it would be right too
)


# --- 6. Classical MDS: B = HAH with a_ij = −½ d²_ij --------------------------------------------------------


def _mds(rng, dims):
    d, n = dims["d"], dims["n"]
    x = inst.centred(inst.integers(rng, d, n))
    b = x.T * x
    s = sp.Matrix(n, 1, lambda i, _: b[i, i])
    ones = sp.ones(n, 1)
    a = sp.Matrix(n, n, lambda i, j: -((x[:, i] - x[:, j]).T * (x[:, i] - x[:, j]))[0, 0] / 2)
    return {"X": x, "B": b, "A": a, "s": s, "ones": ones, "H": sp.eye(n) - ones * ones.T / n, "n": _n(dims)}


MDS = Derivation(
    "mds", "Classical MDS: B = HAH",
    r"The points $\mathbf x_1, \dots, \mathbf x_n$ are centred ($\mathbf X\mathbf 1 = \mathbf 0$) and only their "
    r"squared distances $d_{ij}^2 = \|\mathbf x_i - \mathbf x_j\|^2$ are known. As in the notes, "
    r"$a_{ij} = -\frac12 d_{ij}^2$ and $\mathbf H = \mathbf I - \frac1n\mathbf 1\mathbf 1^T$.",
    r"that the inner products $\mathbf B = \mathbf X^T\mathbf X$ are $\mathbf B = \mathbf H\mathbf A\mathbf H$",
    (Symbol("X", r"\mathbf X", "d", "n", "the centred points as columns, $\\mathbf X\\mathbf 1 = \\mathbf 0$"),
     Symbol("A", r"\mathbf A", "n", "n", "$a_{ij} = -\\frac12 d_{ij}^2$"),
     Symbol("B", r"\mathbf B", "n", "n", "the inner products $b_{ij} = \\mathbf x_i^T\\mathbf x_j$"),
     Symbol("H", r"\mathbf H", "n", "n", "the centring matrix $\\mathbf I - \\frac1n\\mathbf 1\\mathbf 1^T$"),
     Symbol("s", r"\mathbf s", "n", "1", "the squared lengths $s_i = \\|\\mathbf x_i\\|^2 = b_{ii}$"),
     Symbol("ones", r"\mathbf 1", "n", "1", "the vector of ones", ("𝟏", "one")),
     Symbol("n", "n", "1", "1", "the number of points")),
    (Rule("distance", r"$d_{ij}^2 = \|\mathbf x_i\|^2 + \|\mathbf x_j\|^2 - 2\mathbf x_i^T\mathbf x_j$",
          ("d_ij^2 = ||x_i||^2 + ||x_j||^2 - 2 x_i^T x_j", "multiply out the distance", "expand the distance")),
     Rule("ones", r"$\mathbf 1^T\mathbf 1 = n$", ("1^T 1 = n", "ones^T ones = n")),
     Rule("line1", "Substitute line 1", ("substitute line 1", "line 1", "1")),
     Rule("kills", r"$\mathbf H\mathbf 1 = \mathbf 0$, $\mathbf 1^T\mathbf H = \mathbf 0^T$", ("H 1 = 0", "H ones = 0",
                                                                                            "line 2")),
     Rule("centred", r"$\mathbf X\mathbf H = \mathbf X$", ("X H = X", "centred", "the points are centred")),
     Rule("gram", r"$\mathbf B = \mathbf X^T\mathbf X$", ("B = X^T X", "definition of B")),
     Rule("hh", r"$\mathbf H\mathbf H = \mathbf H$", ("H H = H", "H^2 = H", "H is idempotent")), TRANSPOSE),
    (Line("A", "=", "-(1/2) s ones^T - (1/2) ones s^T + X^T X", "distance",
          r"Entry $ij$: $-\frac12 s_i - \frac12 s_j + \mathbf x_i^T\mathbf x_j$.", "medium"),
     Line("H ones", "=", "0", "ones", r"$\mathbf H\mathbf 1 = \mathbf 1 - \frac1n\mathbf 1(\mathbf 1^T\mathbf 1)$; "
          r"so also $\mathbf 1^T\mathbf H = \mathbf 0^T$.", "easy"),
     Line("H A H", "=", "-(1/2) H s ones^T H - (1/2) H ones s^T H + H X^T X H", "line1", "", "easy"),
     Line(None, "=", "H X^T X H", "kills", r"$\mathbf 1^T\mathbf H = \mathbf 0^T$ ends the first term and "
          r"$\mathbf H\mathbf 1 = \mathbf 0$ the second.", "hard"),
     Line(None, "=", "X^T X", "centred",
          r"The points are centred: $\mathbf X\mathbf H = \mathbf X - \frac1n(\mathbf X\mathbf 1)\mathbf 1^T = \mathbf X$, "
          r"and $\mathbf H\mathbf X^T = (\mathbf X\mathbf H)^T = \mathbf X^T$.", "medium"),  # B = XᵀX is given
     Line("B", "=", "H A H", "gram", "", "easy")),
    r"The inner products, and from them the points up to a rotation, follow from the distances alone: "
    r"$\mathbf B = \mathbf H\mathbf A\mathbf H$, which is $b_{ij} = a_{ij} - \bar a_{i\cdot} - \bar a_{\cdot j} + "
    r"\bar a_{\cdot\cdot}$ entry by entry.",
    r"$\mathbf A$ holds $-\frac12 d_{ij}^2$, not $d_{ij}^2$: with the matrix $\mathbf D^{(2)}$ of the squared "
    r"distances $d_{ij}^2$ themselves, $\mathbf B = -\frac12\mathbf H\mathbf D^{(2)}\mathbf H$, and a sign or a factor 2 lost here flips or doubles "
    r"every eigenvalue.",
    ({"d": 2, "n": 3}, {"d": 2, "n": 4}, {"d": 3, "n": 4}, {"d": 3, "n": 5}),
    _mds,
)


ALL = {d.name: d for d in (PCA_TRACE, GRAM, UW, ECKART, KERNEL_PCA, MDS)}
