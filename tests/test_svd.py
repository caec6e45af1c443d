"""Topic svd: singular values and vectors, the truncation, and Eckart–Young against numpy."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import solve
from tutor.rendering import render
from tutor.errors import ProblemError

from .conftest import PROBLEMS, solve_yaml


def test_two_by_two_by_hand():
    a = solve(str(PROBLEMS / "svd" / "two-by-two.yaml")).answers
    assert a["singular_values"] == (3 * sp.sqrt(5), sp.sqrt(5))
    assert a["truncation"] == sp.Matrix([[sp.Rational(3, 2)] * 2, [sp.Rational(9, 2)] * 2])
    assert a["frobenius_error"] == sp.sqrt(5)


def test_rank_deficient_truncation_is_exact():
    a = solve(str(PROBLEMS / "svd" / "rank-deficient.yaml")).answers
    assert len(a["singular_values"]) == 1 and a["frobenius_error"] == 0


shapes = st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (1, 3)])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shapes.flatmap(lambda s: st.lists(st.lists(st.integers(-3, 3), min_size=s[1], max_size=s[1]),
                                         min_size=s[0], max_size=s[0])),
       st.data())
def test_matches_numpy_svd(rows, data):
    D = np.array(rows, dtype=float)
    sigma = np.linalg.svd(D, compute_uv=False)
    rank = int(np.sum(sigma > 1e-9))
    if rank == 0:
        with pytest.raises(ProblemError):
            solve_yaml(f"topic: svd\nmatrix: {rows}\nrank: 1\n")
        return
    r = data.draw(st.integers(1, rank))
    a = solve_yaml(f"topic: svd\nmatrix: {rows}\nrank: {r}\n").answers
    wide = D.shape[0] < D.shape[1]  # the smaller Gram side: DDᵀ
    gram = a["ddt"] if wide else a["dtd"]
    assert ("dtd" in a) != wide and ("ddt" in a) == wide
    assert np.allclose(np.array(gram.tolist(), dtype=float), D @ D.T if wide else D.T @ D)
    got = np.array([float(sp.N(v, 30)) for v in a["singular_values"]])
    assert np.allclose(got, sigma[:rank], atol=1e-9)
    lefts = np.array([[float(sp.N(x, 30)) for x in l] for l in a["left_vectors"]])
    rights = np.array([[float(sp.N(x, 30)) for x in v] for v in a["right_vectors"]])
    # the reduced SVD: one orthonormal vector per non-zero δ on each side
    assert lefts.shape == (rank, D.shape[0]) and rights.shape == (rank, D.shape[1])
    for side in (lefts, rights):
        assert np.allclose(side @ side.T, np.eye(rank), atol=1e-9)
    assert np.allclose(lefts.T @ np.diag(got) @ rights, D, atol=1e-9)  # the reduced SVD rebuilds D
    assert np.allclose(np.array(a["truncation"].evalf(30).tolist(), dtype=float),
                       lefts[:r].T @ np.diag(got[:r]) @ rights[:r], atol=1e-9)
    assert float(sp.N(a["frobenius_error"], 30)) == pytest.approx(np.sqrt(np.sum(sigma[r:] ** 2)), abs=1e-9)


@pytest.mark.parametrize("text,field", [
    ("matrix: [[1, 2], [3]]", "matrix"),
    ("matrix: [[1, 2, 3, 4, 5, 6, 7, 8, 9]]", "matrix"),  # 8 columns at most
    ("matrix: [[1, 2], [3, 4]]\nrank: 3", "rank"),
    ("matrix: [[1, 2], [2, 4]]\nrank: 2", "rank"),
])
def test_bad_input_names_its_field(text, field):
    with pytest.raises(ProblemError) as info:
        solve_yaml("topic: svd\n" + text + "\n")
    assert info.value.field == field


wide_shapes = st.sampled_from([(1, 2), (1, 4), (2, 3), (2, 4)])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wide_shapes.flatmap(lambda s: st.lists(st.lists(st.integers(-3, 3), min_size=s[1], max_size=s[1]),
                                              min_size=s[0], max_size=s[0])))
def test_wide_matrix_takes_the_smaller_gram_side(rows):
    # A wide D (m < n): the m×m DDᵀ is decomposed, its unit eigenvectors are the left vectors, and
    # r_i = Dᵀl_i/δ_i; numpy's singular values and the identities D r_i = δ_i l_i, Dᵀ l_i = δ_i r_i.
    D = np.array(rows, dtype=float)
    sigma = np.linalg.svd(D, compute_uv=False)
    rank = int(np.sum(sigma > 1e-9))
    if rank == 0:
        return
    solution = solve_yaml(f"topic: svd\nmatrix: {rows}\nrank: 1\n")
    assert [s.key for s in solution.steps][:4] == ["ddt", "left_vectors", "singular_values", "right_vectors"]
    a = solution.answers
    assert a["ddt"].shape == (D.shape[0], D.shape[0])
    delta = np.array([float(sp.N(v, 30)) for v in a["singular_values"]])
    assert np.allclose(delta, sigma[:rank], atol=1e-9)
    L = np.array([[float(sp.N(x, 30)) for x in l] for l in a["left_vectors"]])
    R = np.array([[float(sp.N(x, 30)) for x in v] for v in a["right_vectors"]])
    assert L.shape == (rank, D.shape[0]) and R.shape == (rank, D.shape[1])  # the reduced SVD
    for i in range(rank):
        assert np.allclose(D @ R[i], delta[i] * L[i], atol=1e-9)
        assert np.allclose(D.T @ L[i], delta[i] * R[i], atol=1e-9)
    assert all(s.passed for s in solution.steps)


def test_two_by_four_uses_the_two_by_two_ddt_and_says_why():
    solution = solve(str(PROBLEMS / "svd" / "rank-deficient.yaml"))
    a = solution.answers
    assert "dtd" not in a and a["ddt"] == sp.Matrix([[6, 6], [6, 6]])
    assert len(a["left_vectors"]) == 1 and len(a["right_vectors"]) == 1  # the reduced SVD: δ₁ only
    assert a["right_vectors"][0] == tuple(sp.sqrt(6) / 6 * x for x in (1, 1, 0, 2))
    for detail in ("brief", "full"):
        tex = render(solution, "tex", detail)
        assert r"$D$ is $2\times 4$, so the $2\times 2$ $D D^T$ is the smaller side" in tex
        assert r"\mathbf r_i = D^T \mathbf l_i / \delta_i" in tex


def test_brief_writes_w_before_using_it_and_ends_with_l_delta_r_together():
    tex = render(solve(str(PROBLEMS / "svd" / "two-by-two.yaml")), "tex", "brief")
    # w₁ found by hand (orthogonal to the rows of DᵀD − 45I), checked, and only then used for l₁
    found = tex.index(r"$\mathbf w_1$ is orthogonal to the rows of ${D^T D} - 45\,I$, multiples of $(1, -1)$: ${(1, 1)}^T$")
    assert found < tex.index(r"D^T D\,\mathbf w_1 = {(45, 45)}^T = 45\,\mathbf w_1")
    assert found < tex.index(r"\mathbf l_1 = \frac{1}{\sqrt{2} \cdot 3 \sqrt{5}}")
    assert r"L\,\Delta\,R^T = " in tex and "Watch out:" in tex
    assert r"\[" + "\nD^T D\n" not in tex  # no display of a bare formula


def test_full_level_solves_for_w_and_shows_the_norm_first():
    tex = render(solve(str(PROBLEMS / "svd" / "two-by-two.yaml")), "tex", "full")
    assert r"solving $\begin{bmatrix}-20 & 20\\20 & -20\end{bmatrix}\,\mathbf w = \mathbf 0$" in tex
    assert r"With $\|\mathbf w_1\|^2 = 2$ its length is $\sqrt{2}$" in tex


def test_checker_accepts_the_wide_route_and_names_the_lambda_slip():
    import tutor

    half = "sqrt(2)/2"
    answers = {"ddt": [[6, 6], [6, 6]], "left_vectors": [[half, half]],
               "singular_values": ["2*sqrt(3)"], "right_vectors": [["sqrt(6)/6", "sqrt(6)/6", 0, "sqrt(6)/3"]]}
    report = tutor.check("svd/rank-deficient", answers)
    got = {r.key: r.verdict for r in report.results if r.verdict != "missing"}
    assert got == dict.fromkeys(answers, "correct")
    # the null vector of δ = 0 is not part of the reduced SVD: wrong, and said why
    extra = dict(answers, left_vectors=[[half, half], [half, f"-{half}"]])
    result = next(r for r in tutor.check("svd/rank-deficient", extra).results if r.key == "left_vectors")
    assert result.verdict == "wrong" and "null vector" in result.message and "reduced SVD" in result.message
    report = tutor.check("svd/two-by-two", {"singular_values": [45, 5]})
    result = next(r for r in report.results if r.key == "singular_values")
    assert result.verdict == "mistake" and result.mistake == "singular_values_are_lambda"


@pytest.mark.parametrize("name", ["two-by-two", "three-by-three", "rank-deficient"])
def test_bundled_brief_fits_two_a4_pages(name, tmp_path):
    from .test_detail import _pdf_pages

    tex = render(solve(str(PROBLEMS / "svd" / f"{name}.yaml")), "tex", "brief")
    assert _pdf_pages(tex, tmp_path / name) <= 2


@pytest.mark.parametrize("name,shapes", [("eckart-young-four-by-two", r"$L$ is $4 \times 2$ and $R$ is $2 \times 2$"),
                                         ("rank-deficient", r"$L$ is $2 \times 1$ and $R$ is $4 \times 1$")])
def test_the_reduced_svd_is_named_when_l_or_r_is_not_square(name, shapes):
    """Issue 30: "D = LΔRᵀ" with R 3×2 and no word that this is the reduced (thin) SVD."""
    from tutor.rendering import render
    text = render(solve(str(PROBLEMS / "svd" / f"{name}.yaml")), "md", "brief")
    assert "This is the reduced (thin) SVD: " + shapes in text
    assert "reduced (thin)" not in render(solve(str(PROBLEMS / "svd" / "two-by-two.yaml")), "md", "brief")


def test_step_7_writes_l_and_r_with_their_common_scale_outside():
    """As a student writes them: L = 1/√10 [[1, 3], [3, −1]], R = 1/√2 [[1, 1], [1, −1]], not entries √10/10."""
    tex = render(solve(str(PROBLEMS / "svd" / "two-by-two.yaml")), "tex", "brief")
    assert (r"L\,\Delta\,R^T = \frac{1}{\sqrt{10}}\,\begin{bmatrix}1 & 3\\3 & -1\end{bmatrix}"
            r"\begin{bmatrix}3 \sqrt{5} & 0\\0 & \sqrt{5}\end{bmatrix}"
            r"\frac{1}{\sqrt{2}}\,\begin{bmatrix}1 & 1\\1 & -1\end{bmatrix}^T = ") in tex
    assert r"\frac{\sqrt{10}}{10}" not in tex
    # columns of different scales share none: each entry is written k/d with its column's d, 1/√2 and 2/√10
    assert (r"L\,\Delta\,R^T = \begin{bmatrix}\frac{1}{\sqrt{2}} & 0 & \frac{1}{\sqrt{2}}\\0 & 1 & 0\\"
            r"\frac{1}{\sqrt{2}} & 0 & - \frac{1}{\sqrt{2}}\end{bmatrix}") in render(
        solve(str(PROBLEMS / "svd" / "three-by-three.yaml")), "tex", "brief")
    assert (r"\begin{bmatrix}\frac{1}{\sqrt{2}} & \frac{1}{\sqrt{10}}\\\frac{1}{\sqrt{2}} & - \frac{1}{\sqrt{10}}\\"
            r"0 & \frac{2}{\sqrt{10}}\\0 & - \frac{2}{\sqrt{10}}\end{bmatrix}") in render(
        solve(str(PROBLEMS / "svd" / "eckart-young-four-by-two.yaml")), "tex", "brief")


def test_final_answers_write_the_singular_vectors_as_the_steps_do():
    """A rational unit scale: the steps write r₁ = 1/5 (4, −3)ᵀ, so the box does too (it had (4/5, −3/5)); the
    other side's signs stay inside, l₁ = (0, −1) in the step and the box (the step had −(0, 1))."""
    solution = solve_yaml("topic: svd\nmatrix: [[3, 4], [-8, 6]]\nrank: 1\n")
    md = render(solution, "md")
    assert r"\mathbf r_1 = \frac{1}{5}\,{(4, -3)}^T" in md and r"\mathbf l_1 = \frac{1}{5 \cdot 10}{(0, -50)}^T = {(0, -1)}^T" in md
    box = md.split("Final answers")[1]
    assert r"$\mathbf r_i$: $\frac{1}{5}\,\left(4, -3\right)$, $\frac{1}{5}\,\left(3, 4\right)$" in box
    assert r"$\mathbf l_i$: $\left(0, -1\right)$, $\left(1, 0\right)$" in box
    assert r"\frac{1}{5}\,\begin{bmatrix}4 & 3\\-3 & 4\end{bmatrix}^T" in md  # R in step 7
