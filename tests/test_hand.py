"""The full level's hand steps (recipes/eigenpairs.py): det(M − xI) by cofactors and each eigenvector by
row reduction of M − ηI, checked against SymPy's own det, rref and nullspace (issue 16)."""

from __future__ import annotations

import random

import pytest
import sympy as sp

from tutor import render, solve
from tutor.exact.eigen import ETA, spectrum
from tutor.generators import DIFFICULTIES, draw_solved
from tutor.recipes.eigenpairs import char_poly_hand, reductions

from .conftest import PROBLEMS

EXAMPLE3 = PROBLEMS / "kernel-pca" / "example3.yaml"
X = sp.Symbol("x")


def _symmetric(rng: random.Random, n: int, rational: bool) -> sp.ImmutableMatrix:
    def entry():
        value = sp.Integer(rng.randint(-6, 6))
        return value / rng.choice((1, 2, 3, 4, 5)) if rational else value

    M = sp.zeros(n, n)
    for i in range(n):
        for j in range(i, n):
            M[i, j] = M[j, i] = entry()
    return sp.ImmutableMatrix(M)


def _from_eigenvectors(rng: random.Random) -> sp.ImmutableMatrix:
    """A rational symmetric 3 × 3 matrix with rational eigenvalues (sometimes repeated): Σ dᵢ wᵢwᵢᵀ/‖wᵢ‖²
    over an orthogonal integer basis, so that its eigenvectors come out of a row reduction."""
    a, b = rng.randint(1, 3), rng.randint(-3, 3)
    w1 = sp.Matrix([a, b, 0]) if rng.random() < 0.5 else sp.Matrix([1, -1, 0])
    w2 = sp.Matrix([-w1[1], w1[0], rng.randint(1, 3)])
    w3 = w1.cross(w2)
    values = [sp.Rational(rng.randint(-4, 6), rng.choice((1, 1, 2, 3))) for _ in range(3)]
    if rng.random() < 0.3:
        values[1] = values[0]  # a repeated eigenvalue: Gram–Schmidt in its eigenspace
    M = sum((d * w * w.T / w.dot(w) for d, w in zip(values, (w1, w2, w3))), sp.zeros(3, 3))
    return sp.ImmutableMatrix(M)


def _matrices():
    rng = random.Random(16)
    for k in range(12):
        yield _symmetric(rng, 2 + k % 2, rational=k % 4 >= 2)
    for _ in range(10):
        yield _from_eigenvectors(rng)
    yield sp.ImmutableMatrix([[5, -3, -2], [-3, 5, -2], [-2, -2, 4]])  # Example 3's K̂
    yield sp.ImmutableMatrix([[2, 0, 0], [0, 3, 1], [0, 1, 3]])  # a row with zeros to expand along


MATRICES = list(_matrices())


@pytest.mark.parametrize("M", MATRICES, ids=lambda M: sp.sstr(M.tolist()).replace(" ", ""))
def test_the_cofactor_expansion_is_sympys_determinant(M):
    hand = char_poly_hand(M, spectrum(M), matrix="M", symbol=X)
    det = sp.expand((M - X * sp.eye(M.rows)).det())
    assert not hand.route and sp.expand(sum(hand.terms) - det) == 0
    assert sp.expand(hand.expanded - det) == 0 and sp.expand(hand.factored - det) == 0
    if M.rows == 2:
        p, q = hand.products
        assert sp.expand(p.left * p.right - q.left * q.right - det) == 0
        return
    # n = 3: each minor is the 2 × 2 determinant it says, and ± factor × minor sums to det(M − xI).
    row = hand.along - 1
    assert sum(1 for e in hand.shifted.row(row) if e == 0) == max(
        sum(1 for e in hand.shifted.row(i) if e == 0) for i in range(3))
    total = 0
    columns = [j for j in range(3) if hand.shifted[row, j] != 0]
    for m, j in zip(hand.minors, columns, strict=True):
        assert m.entries == hand.shifted.minor_submatrix(row, j)
        assert sp.expand(m.value - m.entries.det()) == 0
        p, q = m.products
        assert sp.expand(p.left * p.right - q.left * q.right - m.value) == 0
        assert sp.expand(m.times.left * m.times.right - m.factor * m.value) == 0
        signed = -m.factor if m.negative else m.factor
        assert sp.expand(signed - (-1) ** (row + j) * hand.shifted[row, j]) == 0
        assert m.unit == (m.factor == 1)
        total += signed * m.value
    assert sp.expand(total - det) == 0


@pytest.mark.parametrize("M", MATRICES, ids=lambda M: sp.sstr(M.tolist()).replace(" ", ""))
def test_the_row_reduction_is_sympys_and_gives_the_solutions_eigenvector(M):
    spec = spectrum(M)
    shown = 0
    for p, r in zip(spec.pairs, reductions(M, spec), strict=True):
        if r is None:
            assert any(isinstance(x, sp.CRootOf) for x in (p.value, *p.found)) or M.rows > 3
            continue
        shown += 1
        shifted = sp.Matrix(M - p.value * sp.eye(M.rows))
        assert sp.simplify(sp.Matrix(r.shifted) - shifted) == sp.zeros(*shifted.shape)
        rref, pivots = shifted.rref(simplify=True)
        assert sp.simplify(sp.Matrix(r.rref) - rref) == sp.zeros(*rref.shape)
        assert r.free == tuple(c + 1 for c in range(M.rows) if c not in pivots)
        nullspace = shifted.nullspace(simplify=True)
        assert len(r.basis) == len(nullspace)
        for mine, theirs in zip(r.basis, nullspace):
            assert all(sp.simplify(a - b) == 0 for a, b in zip(mine, theirs))
        assert r.start == r.basis[0] if r.first else r.start in r.basis
        # w = scale × (start, made orthogonal to the earlier w of its eigenvalue): the solution's w
        base = sp.Matrix(r.orthogonal or r.start)
        if r.projections:
            corrected = sp.Matrix(r.start) - sum(
                ((-1 if pr.plus else 1) * pr.magnitude * sp.Matrix(pr.vector) for pr in r.projections), sp.zeros(M.rows, 1))
            assert sp.simplify(corrected - base) == sp.zeros(M.rows, 1)
            assert all(sp.simplify(base.dot(sp.Matrix(pr.vector))) == 0 for pr in r.projections)
        assert sp.simplify(r.scale * base - sp.Matrix(p.found)) == sp.zeros(M.rows, 1)
        assert sp.simplify(M * sp.Matrix(p.found) - p.value * sp.Matrix(p.found)) == sp.zeros(M.rows, 1)
    if all(not isinstance(v, sp.CRootOf) for v in spec.values):
        assert shown == len(spec.pairs)  # rationals and short surds are all reduced by hand


def test_a_repeated_eigenvalue_gets_its_second_vector_by_gram_schmidt():
    M = sp.ImmutableMatrix([[2, -1, -1], [-1, 2, -1], [-1, -1, 2]])  # eigenvalues 3, 3, 0
    spec = spectrum(M)
    first, second, _ = reductions(M, spec)
    assert first.first and first.free == (2, 3) and first.basis == ((-1, 1, 0), (-1, 0, 1))
    assert not second.first and second.start == (-1, 0, 1)
    (projection,) = second.projections
    assert (projection.index, projection.plus, projection.magnitude) == (1, True, sp.Rational(1, 2))
    assert second.orthogonal == (sp.Rational(-1, 2), sp.Rational(-1, 2), 1) and second.scale == -2


def _without_symmetry(monkeypatch):
    """Kernel PCA's determinant route, which Example 3 and the RBF square leave for the symmetry route
    (recipes/symmetry.py): the route of every K̂ without a symmetry of its points."""
    monkeypatch.setattr("tutor.recipes.symmetry.by_symmetry", lambda M: None)


def test_a_larger_matrix_says_the_route_instead(monkeypatch):
    _without_symmetry(monkeypatch)
    M = sp.ImmutableMatrix([[3, -1, -1, -1], [-1, 3, -1, -1], [-1, -1, 3, -1], [-1, -1, -1, 3]])
    spec = spectrum(M)
    hand = char_poly_hand(M, spec, matrix="M", symbol=ETA)
    assert "Berkowitz" in hand.route and not hand.minors and not hand.products
    assert reductions(M, spec) == (None,) * 4
    rbf = solve(str(PROBLEMS / "kernel-pca" / "rbf-square.yaml")).step("char_poly").data.hand
    assert "Faddeev" in rbf.route  # the engine's route for powers of one exponential


def test_example3_full_shows_the_expansion_the_reduction_and_the_norms(monkeypatch):
    _without_symmetry(monkeypatch)
    solution = solve(str(EXAMPLE3))
    full = render(solution, "tex", "full")
    # det(K̂ − ηI) along the first row, each minor written out, the products collected
    assert (r"\left(5 - \eta\right)\begin{vmatrix}5 - \eta & -2\\-2 & 4 - \eta\end{vmatrix} + "
            r"3\begin{vmatrix}-3 & -2\\-2 & 4 - \eta\end{vmatrix} - 2\begin{vmatrix}-3 & 5 - \eta\\-2 & -2\end{vmatrix}") in full
    assert r"= \left(5 - \eta\right)\left(4 - \eta\right) - \left(-2\right)\left(-2\right) = \eta^{2} - 9 \eta + 16" in full
    assert (r"\left(5 - \eta\right)\left(\eta^{2} - 9 \eta + 16\right) + 3\left(3 \eta - 16\right) "
            r"- 2\left(16 - 2 \eta\right)") in full
    assert r"= - \eta^{3} + 14 \eta^{2} - 61 \eta + 80 + 9 \eta - 48 + 4 \eta - 32 = - \eta^{3} + 14 \eta^{2} - 48 \eta" in full
    # K̂ − 8I row-reduced, the free variable set to 1, w₁ read off; ‖w₁‖² as a sum of squares
    assert (r"\begin{bmatrix}-3 & -3 & -2\\-3 & -3 & -2\\-2 & -2 & -4\end{bmatrix} \;\sim\; "
            r"\begin{bmatrix}1 & 1 & 0\\0 & 0 & 1\\0 & 0 & 0\end{bmatrix}") in full
    assert r"the free variable $x_2 = 1$ gives ${(-1, 1, 0)}^T$; times $\left(-1\right)$: $\mathbf w_1 = {(1, -1, 0)}^T$" in full
    assert r"\|\mathbf w_1\|^2 = 1^2 + \left(-1\right)^2 + 0^2 = 2" in full
    assert r"\|\mathbf w_2\|^2 = 1^2 + 1^2 + \left(-2\right)^2 = 6" in full
    # the brief level keeps the notes' symmetry vectors, verified, and no hand steps
    brief = render(solution, "tex", "brief")
    assert "vmatrix" not in brief and r"\sim" not in brief and "free variable" not in brief


def test_the_markdown_carries_the_hand_steps_without_latex_break_hints(monkeypatch):
    _without_symmetry(monkeypatch)
    md = render(solve(str(EXAMPLE3)), "md", "full")
    assert r"\begin{vmatrix}" in md and "the free variable $x_3 = 1$" in md and r"1^2 + 1^2 + 1^2 = 3" in md
    assert r"\allowbreak" not in md and r"\penalty" not in md


@pytest.mark.parametrize("topic", ["kernel-pca", "pca", "pca-gram"])
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("seed", range(1, 4))
def test_generated_problems_hand_steps_agree_with_the_solution(topic, difficulty, seed):
    drawn = draw_solved(topic, difficulty, seed)
    if drawn is None:
        pytest.skip("no problem drawn")
    solution = drawn[2]
    for step in solution.steps:
        hand = getattr(step.data, "hand", None)
        if hand is not None and hand.terms:
            assert sp.expand(sum(hand.terms) - hand.expanded) == 0 or all(
                abs(sp.N(c, 50)) < 1e-40 for c in sp.Poly(sp.expand(sum(hand.terms) - hand.expanded), hand.symbol).all_coeffs())
        for row in (*getattr(step.data, "rows", ()), *getattr(step.data, "hand_rows", ())):
            r = getattr(row, "reduction", None)
            if r is not None:
                w = sp.Matrix(row.found)
                assert all(abs(sp.N(x, 50)) < 1e-40 for x in sp.Matrix(r.shifted) * w)
    render(solution, "md", "full")  # the partials render every case the generators make
