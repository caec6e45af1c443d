"""Topic svd: singular values and vectors, the truncation, and Eckart–Young against numpy."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import solve
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
    assert np.allclose(np.array(a["dtd"].tolist(), dtype=float), D.T @ D)
    got = np.array([float(sp.N(v, 30)) for v in a["singular_values"]])
    assert np.allclose(got, sigma[:rank], atol=1e-9)
    lefts = np.array([[float(sp.N(x, 30)) for x in l] for l in a["left_vectors"]])
    rights = np.array([[float(sp.N(x, 30)) for x in v] for v in a["right_vectors"]])[:rank]
    assert np.allclose(lefts.T @ np.diag(got) @ rights, D, atol=1e-9)  # the reduced SVD rebuilds D
    assert np.allclose(np.array(a["truncation"].evalf(30).tolist(), dtype=float),
                       lefts[:r].T @ np.diag(got[:r]) @ rights[:r], atol=1e-9)
    assert float(sp.N(a["frobenius_error"], 30)) == pytest.approx(np.sqrt(np.sum(sigma[r:] ** 2)), abs=1e-9)


@pytest.mark.parametrize("text,field", [
    ("matrix: [[1, 2], [3]]", "matrix"),
    ("matrix: [[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]]", "matrix"),
    ("matrix: [[1, 2], [3, 4]]\nrank: 3", "rank"),
    ("matrix: [[1, 2], [2, 4]]\nrank: 2", "rank"),
])
def test_bad_input_names_its_field(text, field):
    with pytest.raises(ProblemError) as info:
        solve_yaml("topic: svd\n" + text + "\n")
    assert info.value.field == field
