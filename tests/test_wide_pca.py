"""Issue 22: pca, pca-gram and svd up to 8 points/attributes (8×8 matrices), sized by the hand route.

The notes' exercises are written here as problem files (PCA with four attributes, seven points, the Gram
trick with far more attributes than points, Eckart–Young on a 4×2 data matrix); every wide answer is set
against numpy on random problems of several shapes; data no side solves by hand are refused in one line.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
import sympy as sp

import tutor
from tutor import load_problem_text, render, solve
from tutor.errors import ProblemError

from .test_pca import _f  # exact values as float arrays for numpy
from .conftest import run_cli, solve_yaml

# The notes' wording, as problem files.
NOTES = {
    # 002 (PCA): "Let X be our n × d data matrix" — four attributes, more than the old limit of three.
    "four-attributes": "topic: pca\ntitle: Five samples with four features\n"
                       "points: [[2, 1, 0, 1], [0, 2, 1, 3], [1, 1, 2, 0], [3, 0, 1, 2], [2, 2, 2, 2]]\ncomponents: 2\n",
    # Seven points in the plane: more than the old six.
    "seven-points": "topic: pca\npoints: [[2, 0], [0, 2], [3, 1], [1, 3], [2, 2], [4, 1], [1, 0]]\n",
    # 004 "Problems in PCA" 2 / 000 line 192: far more attributes than points, by the Gram matrix.
    "gram-trick": "topic: pca\npoints: [[3, 2, 2, 1, 2, 3], [1, 0, 0, -1, 2, 3], [-1, 4, 1, 0, -1, 0]]\n",
    "gram-trick-eight": "topic: pca-gram\n"
                        "points: [[3, -7, 2, 9, -4, 1, 0, 5], [-2, 4, 8, -1, 6, -3, 7, 2], [5, 0, -6, 3, 1, 8, -2, -9], "
                        "[1, 6, -3, -5, 2, 4, 9, -1], [0, 1, 1, 2, 0, -1, 3, 4]]\n",
    # 004 "Eckart-Young Theorem": D ∈ R^{n×d}, here a 4×2 data matrix, and its best rank-1 approximation.
    "eckart-young-4x2": "topic: svd\nmatrix: [[3, 1], [1, 3], [2, 2], [0, 1]]\nrank: 1\n",
    "eckart-young-2x6": "topic: svd\nmatrix: [[1, 0, 2, -1, 3, 1], [2, 1, 0, 1, -1, 2]]\nrank: 1\n",
}


@pytest.mark.parametrize("name", NOTES)
def test_the_notes_exercises_solve_and_render(name):
    solution = solve_yaml(NOTES[name])
    assert all(step.passed for step in solution.steps), [s.key for s in solution.steps if not s.passed]
    for fmt in ("md", "tex", "html"):
        for detail in ("brief", "full"):
            assert render(solution, fmt, detail).strip()
    assert json.loads(render(solution, "json"))["answers"]


def test_the_gram_route_says_which_side_and_why():
    solution = solve_yaml(NOTES["gram-trick"])
    a = solution.answers
    assert "char_poly" not in a and a["gram"] == sp.Matrix([[8, 0, -8], [0, 8, -8], [-8, -8, 16]])
    assert a["gram_eigenvalues"] == (24, 8, 0)
    assert a["eigenvalues"] == (8, sp.Rational(8, 3))  # the non-zero variances only: μ/n
    assert a["eigenvectors"][0] == tuple(sp.Rational(x, 2) for x in (1, -1, 0, 0, 1, 1))
    assert a["reconstruction_error"] == sp.Rational(8, 3)
    note = solution.step("gram").note
    assert "d = 6 > n = 3" in note and "3 \\times 3" in note and "6 \\times 6" in note
    assert "smaller than the $6 \\times 6$ covariance" in render(solution, "md")
    # d ≤ 4 keeps the covariance route, whatever n is
    assert "char_poly" in solve_yaml(NOTES["four-attributes"]).answers


def test_the_unbiased_divisor_on_the_gram_route():
    a = solve_yaml(NOTES["gram-trick"] + "divisor: n-1\n").answers
    assert a["eigenvalues"] == (12, 4)  # μ/(n − 1)
    assert a["reconstruction_error"] == sp.Rational(8, 3)  # the error does not depend on the divisor


def _same_up_to_sign(a, b):
    return np.allclose(a, b, atol=1e-8) or np.allclose(a, -b, atol=1e-8)


# Shapes within the limits (one side solves by hand), drawn with integers −4 … 4: ≥ 30 problems in all.
PCA_SHAPES = [(3, 5), (4, 6), (5, 8), (4, 8), (8, 4), (6, 4), (7, 3), (2, 8)]
SVD_SHAPES = [(8, 4), (4, 8), (6, 3), (3, 7), (5, 2), (2, 6), (8, 1)]
GRAM_SHAPES = [(5, 8), (8, 3), (4, 7)]


def _draw(rng, m, n, lo=-4, hi=4):
    return [[rng.randint(lo, hi) for _ in range(n)] for _ in range(m)]


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("shape", PCA_SHAPES, ids=[f"{n}x{d}" for n, d in PCA_SHAPES])
def test_wide_pca_matches_numpy(shape, seed):
    rng = random.Random(1000 + 100 * shape[0] + 10 * shape[1] + seed)  # fixed draws, every run
    n, d = shape
    points = _draw(rng, n, d)
    X = np.array(points, dtype=float)
    Xc = X - X.mean(axis=0)
    lam, U = np.linalg.eigh(Xc.T @ Xc / n)
    order = np.argsort(-lam)
    lam, U = lam[order], U[:, order]
    rank = int(np.sum(lam > 1e-9))
    k = rng.randint(1, max(1, min(2, rank)))
    a = solve_yaml(f"topic: pca\npoints: {points}\ncomponents: {k}\n").answers
    got = _f(a["eigenvalues"])
    if "gram" in a:  # the non-zero variances, from the n × n side
        assert len(got) == rank and np.allclose(got, lam[:rank])
        assert np.allclose(_f(a["gram"]), Xc @ Xc.T)
    else:
        assert np.allclose(got, lam)
    if "gram" in a:  # the route that does not form S
        assert "covariance" not in a
    else:
        assert np.allclose(_f(a["covariance"]), Xc.T @ Xc / n)
    for j in range(k):  # distinct eigenvalues here (checked), so each u is fixed up to sign
        assert abs(lam[j] - lam[j + 1]) > 1e-6 if j + 1 < d else True
        u = _f(a["eigenvectors"][j])
        assert _same_up_to_sign(u, U[:, j])
        assert np.allclose(_f(a["scores"][j]), Xc @ u)  # the scores keep u's sign
    assert np.isclose(_f(a["captured_variance"]), lam[:k].sum())
    assert np.isclose(_f(a["captured_fraction"]), lam[:k].sum() / lam.sum())
    Uk = U[:, :k]
    rebuilt = X.mean(axis=0) + Xc @ Uk @ Uk.T
    assert np.allclose(_f(a["reconstruction"]), rebuilt)
    assert np.isclose(_f(a["reconstruction_error"]), ((X - rebuilt) ** 2).sum() / n)


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("shape", SVD_SHAPES, ids=[f"{m}x{n}" for m, n in SVD_SHAPES])
def test_wide_svd_matches_numpy(shape, seed):
    rng = random.Random(2000 + 100 * shape[0] + 10 * shape[1] + seed)
    m, n = shape
    rows = _draw(rng, m, n)
    D = np.array(rows, dtype=float)
    L, delta, Rt = np.linalg.svd(D)
    rank = int(np.sum(delta > 1e-9))
    if rank == 0:
        return
    a = solve_yaml(f"topic: svd\nmatrix: {rows}\nrank: 1\n").answers
    assert ("ddt" in a) == (m < n)  # the smaller Gram side
    assert np.allclose(_f(a["singular_values"]), delta[:rank])
    if rank > 1 and delta[0] - delta[1] > 1e-6:
        l1, r1 = _f(a["left_vectors"][0]), _f(a["right_vectors"][0])
        assert _same_up_to_sign(l1, L[:, 0]) and _same_up_to_sign(r1, Rt[0])
        assert np.allclose(np.outer(l1, r1) * delta[0], np.outer(L[:, 0], Rt[0]) * delta[0])
    D1 = delta[0] * np.outer(L[:, 0], Rt[0])
    if rank == 1 or delta[0] - delta[1] > 1e-6:
        assert np.allclose(_f(a["truncation"]), D1)
    assert np.isclose(_f(a["frobenius_error"]), np.sqrt((delta[1:] ** 2).sum()))


@pytest.mark.parametrize("shape", GRAM_SHAPES, ids=[f"{n}x{d}" for n, d in GRAM_SHAPES])
def test_wide_pca_gram_matches_numpy(shape):
    rng = random.Random(3000 + 100 * shape[0] + 10 * shape[1])
    n, d = shape
    points = _draw(rng, n, d)
    X = np.array(points, dtype=float)
    Xc = X - X.mean(axis=0)
    mu = np.sort(np.linalg.eigvalsh(Xc @ Xc.T))[::-1]
    a = solve_yaml(f"topic: pca-gram\npoints: {points}\n").answers
    assert np.allclose(_f(a["gram_eigenvalues"]), mu, atol=1e-8)
    positive = mu[mu > 1e-9]
    assert np.allclose(_f(a["eigenvalues"]), positive / n)
    lam, U = np.linalg.eigh(Xc.T @ Xc / n)
    U = U[:, np.argsort(-lam)]
    for j, u in enumerate(a["eigenvectors"]):
        assert _same_up_to_sign(_f(u), U[:, j])


# Both sides beyond 4 with an irreducible quintic or worse: refused up front, in one line naming the limit.
REFUSED = [
    ("pca", "points", [[1, 2, 0, 3, 1, 0, 2], [2, 0, 1, 1, 0, 2, 1], [0, 1, 3, 2, 2, 1, 0], [3, 1, 0, 1, 2, 0, 1],
                       [1, 1, 1, 0, 3, 2, 2], [2, 3, 1, 1, 0, 1, 0]]),
    ("pca-gram", "points", [[1, 2, 0, 3, 1, 0, 2], [2, 0, 1, 1, 0, 2, 1], [0, 1, 3, 2, 2, 1, 0],
                            [3, 1, 0, 1, 2, 0, 1], [1, 1, 1, 0, 3, 2, 2], [2, 3, 1, 1, 0, 1, 0]]),
    ("svd", "matrix", [[3, 1, 0, 2, 1, 4], [1, 3, 2, 0, 1, 1], [2, 2, 1, 1, 0, 3], [0, 1, 5, 2, 2, 1],
                       [1, 0, 2, 3, 1, 2]]),
]


@pytest.mark.parametrize("topic,field,rows", REFUSED, ids=[r[0] for r in REFUSED])
def test_beyond_the_hand_route_is_refused_in_one_line(topic, field, rows, tmp_path):
    path = tmp_path / "wide.yaml"
    path.write_text(f"topic: {topic}\n{field}: {rows}\n")
    result = run_cli("solve", str(path))
    assert result.exit_code == 2
    message = result.stderr.strip()
    assert "\n" not in message and "Traceback" not in message
    assert message.startswith(f"error: {path}: {field}: ") or f"{field}:" in message
    assert "degree 5" in message and "beyond degree 4" in message


@pytest.mark.parametrize("text,field", [
    ("topic: pca\npoints: " + str([[i, 0] for i in range(9)]), "points"),  # 9 points
    ("topic: pca\npoints: [[1, 2, 3, 4, 5, 6, 7, 8, 9], [0, 0, 0, 0, 0, 0, 0, 0, 1]]", "points"),  # 9 attributes
    ("topic: pca-gram\npoints: " + str([[i, 1] for i in range(9)]), "points"),
    ("topic: svd\nmatrix: " + str([[i, 1] for i in range(9)]), "matrix"),
    # three points span two dimensions: a third component carries no variance
    ("topic: pca\npoints: [[3, 2, 2, 1, 2, 3], [1, 0, 0, -1, 2, 3], [-1, 4, 1, 0, -1, 0]]\ncomponents: 3",
     "components"),
])
def test_past_the_size_limits_names_the_field(text, field):
    with pytest.raises(ProblemError) as info:
        solve(load_problem_text(text + "\n"))
    assert info.value.field == field


def test_a_lower_rank_beyond_four_is_accepted_by_factoring():
    """Both sides 6 and more, but the data lie in a plane: the polynomial factors, and the problem solves."""
    base = [[1, 0, 2, 1, 0, 1, 2], [0, 1, 1, 0, 2, 1, 1]]
    points = [[a * x + b * y for x, y in zip(*base)] for a, b in [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (3, 1)]]
    a = solve_yaml(f"topic: pca\npoints: {points}\n").answers
    assert len(a["eigenvalues"]) == 2 and "gram" in a


def _numpy_answers(points, k):
    X = np.array(points, dtype=float)
    n = len(points)
    Xc = X - X.mean(axis=0)
    mu, V = np.linalg.eigh(Xc @ Xc.T)
    order = np.argsort(-mu)
    mu, V = mu[order], V[:, order]
    rank = int(np.sum(mu > 1e-9))
    U = (Xc.T @ V[:, :rank]) / np.sqrt(mu[:rank])
    lam = mu[:rank] / n
    rebuilt = X.mean(axis=0) + Xc @ U[:, :k] @ U[:, :k].T
    as_list = lambda a: np.asarray(a, dtype=float).round(10).tolist()  # noqa: E731
    return {
        "means": as_list(X.mean(axis=0)), "centred": as_list(Xc), "covariance": as_list(Xc.T @ Xc / n),
        "gram": as_list(Xc @ Xc.T), "gram_eigenvalues": as_list(mu), "eigenvalues": as_list(lam),
        "eigenvectors": as_list(U.T), "scores": as_list((Xc @ U[:, :k]).T),
        "captured_variance": float(lam[:k].sum()), "captured_fraction": float(lam[:k].sum() / lam.sum()),
        "reconstruction": as_list(rebuilt), "reconstruction_error": float(((X - rebuilt) ** 2).sum() / n),
    }


WIDE = "topic: pca\npoints: [[3, -1, 2, 0, 1, 4], [1, 2, 0, 3, -2, 1], [0, 1, 4, 1, 2, -1], [2, 0, 1, -1, 3, 2]]\n"


def test_check_gives_a_wide_problem_full_marks_and_names_a_mistake():
    loaded = load_problem_text(WIDE)
    solution = solve(loaded)
    points = solution.problem.points
    answers = _numpy_answers([[int(x) for x in p] for p in points], 1)
    answers = {k: v for k, v in answers.items() if k in solution.answers}  # no S by the Gram route
    report = tutor.check(loaded, answers, sig_figs=4)
    bad = {r.key: (r.verdict, r.message) for r in report.results if r.verdict not in ("correct", "decimal")}
    assert not bad
    scatter = [x * 4 for x in answers["eigenvalues"]]  # eigenvalues of X_c X_cᵀ, not divided by n
    result = tutor.check(loaded, {"eigenvalues": scatter}, sig_figs=4).result("eigenvalues")
    assert (result.verdict, result.mistake) == ("mistake", "scatter_eigenvalues")
    half = [x * 4 / 3 for x in answers["eigenvalues"]]  # divided by n − 1
    result = tutor.check(loaded, {"eigenvalues": half}, sig_figs=4).result("eigenvalues")
    assert (result.verdict, result.mistake) == ("mistake", "divided_by_n_minus_1")


def test_check_follows_through_from_wrong_directions_on_the_gram_route():
    """The student's own unit directions carry through to the scores and the reconstruction."""
    loaded = load_problem_text(NOTES["gram-trick"])
    exact = solve(loaded).answers
    wrong_u = [[1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]]
    Xc = np.array(_f(exact["centred"]))
    scores = [(Xc @ np.array(u, dtype=float)).tolist() for u in wrong_u[:1]]
    report = tutor.check(loaded, {"eigenvectors": wrong_u, "scores": scores})
    assert report.result("eigenvectors").verdict == "wrong"
    assert report.result("scores").verdict == "follow-through"


# 8 columns with named roots (irreducible quartics): the PDF keeps every line on the page.
PAGE = {
    "pca-5x8": "topic: pca\ncomponents: 2\npoints: [[3, -7, 2, 9, -4, 1, 0, 5], [-2, 4, 8, -1, 6, -3, 7, 2], "
               "[5, 0, -6, 3, 1, 8, -2, -9], [1, 6, -3, -5, 2, 4, 9, -1], [0, 1, 1, 2, 0, -1, 3, 4]]\n",
    "svd-4x8": "topic: svd\nrank: 2\nmatrix: [[3, -7, 2, 9, -4, 1, 0, 5], [-2, 4, 8, -1, 6, -3, 7, 2], "
               "[5, 0, -6, 3, 1, 8, -2, -9], [1, 6, -3, -5, 2, 4, 9, -1]]\n",
}


@pytest.mark.parametrize("name", PAGE)
def test_eight_columns_stay_on_the_page(name, tmp_path):
    import re
    import shutil
    import subprocess

    exe = shutil.which("pdflatex")
    if exe is None:
        pytest.skip("pdflatex is not installed")
    solution = solve_yaml(PAGE[name])
    assert any(str(v).count("CRootOf") for v in solution.answers.values())  # named roots: the hard case
    (tmp_path / "wide.tex").write_text(render(solution, "tex", "brief"), encoding="utf-8")
    result = subprocess.run([exe, "-interaction=nonstopmode", "-halt-on-error", "wide.tex"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-2000:]
    log = (tmp_path / "wide.log").read_text(errors="replace")
    overfull = [float(w) for w in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", log)]
    assert not [w for w in overfull if w > 1], overfull
