"""Kernel PCA's eigenvectors by symmetry, as the notes' Example 3 finds them (issue 30, item 2): the symmetry
said, the vector tried, K̂w = ηw verified, 𝟏 from K̂𝟏 = 0, the last one by orthogonality; the characteristic
polynomial one confirming line; each η said once; the determinant's route kept where there is no symmetry."""

from __future__ import annotations

import random

import pytest
import sympy as sp

from tutor import render, solve
from tutor.generators import draw_solved
from tutor.problem import load_problem_text
from tutor.recipes.symmetry import NEGATED, ONES, ORTHOGONAL, by_symmetry

from .conftest import PROBLEMS

EXAMPLE3 = PROBLEMS / "kernel-pca" / "example3.yaml"
# Centred, rows sum to 0, eigenvalues 14 and 42, and no permutation of the points leaves it unchanged.
SKEW = sp.ImmutableMatrix([[26, -18, -8], [-18, 20, -2], [-8, -2, 10]])


def _kernel_pca(matrix: sp.ImmutableMatrix):
    rows = ", ".join("[" + ", ".join(str(x) for x in matrix.row(i)) + "]" for i in range(matrix.rows))
    return solve(load_problem_text(f"topic: kernel-pca\ncentred_kernel_matrix: [{rows}]\n", "k.yaml"))


def test_example3_finds_the_notes_vectors_for_the_notes_reasons():
    tried = by_symmetry(sp.ImmutableMatrix([[5, -3, -2], [-3, 5, -2], [-2, -2, 4]]))
    assert [(t.vector, t.reason) for t in tried] == [((1, 1, 1), ONES), ((1, -1, 0), NEGATED), ((1, 1, -2), ORTHOGONAL)]
    assert tried[1].swaps == ((1, 2),) and tried[1].equal == (((1, 1), (2, 2)), ((1, 3), (2, 3)))
    assert tried[2].before == (0, 1)


def test_example3_brief_takes_the_symmetry_route_and_says_each_eta_once():
    solution = solve(str(EXAMPLE3))
    assert [s.key for s in solution.steps[1:4]] == ["eigenvalues", "char_poly", "eigenvectors"]
    tex = render(solution, "tex", "brief")
    assert r"Swapping $\mathbf x_1$ and $\mathbf x_2$ leaves $\hat{\mathbf K}$ unchanged, so try" in tex
    assert r"\hat{\mathbf K}\mathbf w_3 = \mathbf 0$ for $\mathbf w_3 = {(1, 1, 1)}^T$: $\eta_3 = 0$" in tex
    for value in ("8", "6"):
        assert tex.count(rf"= {value}$") == 1 or tex.count(rf"= {value}$.") == 1
    assert r"\eta_{1} = 8" not in tex  # no second list of the eigenvalues
    # the polynomial: one factored line confirming the roots, no cofactors at either level
    assert r"= - \eta \left(\eta - 8\right) \left(\eta - 6\right)$, whose roots are the $\eta$ found" in tex
    full = render(solution, "tex", "full")
    assert "vmatrix" not in full and r"\sim" not in full
    assert r"\hat k_{11} = \hat k_{22} = 5, \hat k_{13} = \hat k_{23} = -2" in full  # the swap, checked entry by entry
    assert r"8 + 6 + 0 = 14 = \operatorname{tr} \hat{\mathbf K}" in full


def test_the_route_keeps_every_answer_of_the_determinant_route(monkeypatch):
    names = ["example3", "equilateral-triangle", "rbf-square", "rbf-three-points", "linear-three-points",
             "polynomial-new-point", "exam-question"]
    by_route = [{name: solve(str(PROBLEMS / "kernel-pca" / f"{name}.yaml")).answers for name in names}]
    monkeypatch.setattr("tutor.recipes.symmetry.by_symmetry", lambda M: None)
    by_route.append({name: solve(str(PROBLEMS / "kernel-pca" / f"{name}.yaml")).answers for name in names})
    assert by_route[0] == by_route[1]


def test_a_matrix_without_symmetry_keeps_the_determinant_route():
    assert by_symmetry(SKEW) is None
    solution = _kernel_pca(SKEW)
    assert [s.key for s in solution.steps[1:4]] == ["char_poly", "eigenvalues", "eigenvectors"]
    assert "vmatrix" in render(solution, "tex", "full")
    assert solution.answers["eigenvalues"] == (42, 14, 0)
    # why one of them is 0, in one line, on this route too
    assert r"(one is $0$: the rows of $\hat{\mathbf K}$ sum to $0$, so $\hat{\mathbf K}\mathbf 1 = \mathbf 0$)" in render(
        solution, "tex", "brief")


def _symmetric_centred(rng: random.Random, n: int, perm) -> sp.ImmutableMatrix:
    """A random integer matrix that perm leaves unchanged, then centred (HMH keeps the symmetry)."""
    M = sp.zeros(n, n)
    for i in range(n):
        for j in range(i, n):
            M[i, j] = M[j, i] = rng.randint(-5, 5)
    M = (M + M.permute(perm, orientation="rows").permute(perm, orientation="cols")) if perm else M
    H = sp.eye(n) - sp.ones(n, n) / n
    return sp.ImmutableMatrix(H * M * H)


@pytest.mark.parametrize("n, perm", [(3, [1, 0, 2]), (4, [1, 0, 3, 2]), (4, [3, 1, 2, 0])])
def test_every_vector_found_is_an_eigenvector(n, perm):
    rng = random.Random(n * 10 + perm[0])
    found = 0
    for _ in range(5):
        M = _symmetric_centred(rng, n, perm)
        tried = by_symmetry(M)
        for t in tried or ():
            w = sp.Matrix(t.vector)
            eta = (w.T * M * w)[0] / (w.T * w)[0]
            assert M * w == eta * w, (M, t)
        if tried:  # a whole orthogonal basis
            found += 1
            W = sp.Matrix([list(t.vector) for t in tried])
            assert (W * W.T).is_diagonal()
    assert found  # one swap settles n = 3; n = 4 needs a second symmetry, which some draws have


def test_a_matrix_with_no_symmetry_finds_nothing():
    rng = random.Random(3)
    assert all(by_symmetry(_symmetric_centred(rng, 4, None)) is None for _ in range(5))


@pytest.mark.parametrize("seed", range(1, 4))
def test_generated_hard_problems_expand_no_cubic_when_the_symmetric_vectors_exist(seed):
    drawn = draw_solved("kernel-pca", "hard", seed)
    if drawn is None:
        pytest.skip("no problem drawn")
    solution = drawn[2]
    if by_symmetry(solution.answers["centred_kernel"]) is None:
        pytest.skip("this draw has no symmetry")
    full = render(solution, "tex", "full")
    assert "vmatrix" not in full and "110592" not in full
    assert "Eigenvectors from symmetry" in full


def test_with_no_symmetry_a_three_by_three_finds_w1_and_w2_by_cross_products():
    # SKEW: η = 42, 14, 0. w₁ is orthogonal to the rows of K̂ − 42I, w₂ to w₁ and 𝟏: two cross products a
    # student works by hand, then the check K̂w = ηw; the eigenvalues are not read off a second time.
    md = render(_kernel_pca(SKEW), "md", "brief")
    start = md.index("Unit eigenvectors.**")
    step = md[start:md.index("Variances in feature space", start)]
    assert (r"$\mathbf w_1$ is orthogonal to the rows of $\hat{\mathbf K} - 42\,\mathbf I$, multiples of $(8, 9, 4)$ "
            r"and $(9, 11, 1)$: $(8, 9, 4) \times (9, 11, 1) = {(-35, 28, 7)}^T = -7\,{(5, -4, -1)}^T$") in step
    assert r"${(5, -4, -1)}^T \times {(1, 1, 1)}^T = {(-3, -6, 9)}^T = -3\,{(1, 2, -3)}^T$" in step
    assert r"\hat{\mathbf K}{(5, -4, -1)}^T = {(210, -168, -42)}^T" in step and "so $\\eta_1" not in step


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_every_generated_kernel_pca_problem_finds_its_eigenvectors_by_a_hand_route(difficulty):
    for seed in range(1, 11):
        drawn = draw_solved("kernel-pca", difficulty, seed)
        if drawn is None:
            continue
        md = render(drawn[2], "md", "brief")
        assert "Swapping" in md or "orthogonal to the rows" in md, (difficulty, seed)


def test_each_hand_route_vector_is_orthogonal_to_what_it_says_and_a_multiple_of_w():
    from tutor.exact.eigen import spectrum
    from tutor.recipes.eigenpairs import eigen_rows, hand_route

    def route(M):
        rows = eigen_rows(M, spectrum(M), matrix="M", value="e", vector="v")[0]
        return rows, hand_route(M, rows, centred=M == SKEW)

    plain = sp.ImmutableMatrix([[35, 30], [30, sp.Rational(105, 2)]])  # λ = 75, 25/2: a PCA covariance
    diagonal3 = sp.ImmutableMatrix([[2, 1, 0], [1, 2, 0], [0, 0, 5]])  # λ = 5, 3, 1: no 𝟏 among them
    for M in (SKEW, plain, diagonal3):
        rows, r = route(M)
        assert r is not None and r.ones == (M == SKEW)
        for line in r.lines:
            assert tuple(line.factor * x for x in rows[line.index - 1].found) == line.vector
            for row in line.rows:  # orthogonal to the rows of M − ηI …
                assert sum(a * b for a, b in zip(line.vector, row)) == 0
            for k in line.against:  # … or to the w found before it
                assert sum(a * b for a, b in zip(line.vector, rows[k - 1].found)) == 0
    # a repeated eigenvalue has no single direction to find this way: no route
    assert route(sp.ImmutableMatrix([[2, -1, -1], [-1, 2, -1], [-1, -1, 2]]))[1] is None


@pytest.mark.parametrize("seed", range(1, 6))
def test_dropped_components_are_counted_in_words_and_their_share_is_a_share(seed):
    drawn = draw_solved("kernel-pca", "hard", seed)
    if drawn is None:
        pytest.skip("no problem drawn")
    md = render(drawn[2], "md", "brief")
    assert "eigenvalue(s)" not in md and "carry $" not in md  # "carry 7/16 of it" was Σλ kept, not a share
    data = next(s.data for s in drawn[2].steps if s.key == "recipe_checks")
    if not data.all_kept:
        assert sp.simplify(data.kept_share - data.kept_variance / data.total_variance) == 0 and data.kept_share < 1
