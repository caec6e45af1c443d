"""Kernel matrices by the recipe: Gram matrix, Hadamard form, squared distances, RBF card."""

import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.kernels import Kernel, rbf_value
from tutor.recipes.kernel_matrix import gram_step, kernel_matrix_steps, squared_distance_step

from .conftest import solve_yaml


@given(st.integers(min_value=0, max_value=12))
def test_rbf_card_gamma_ln2_over_4_gives_powers_of_two(d):
    # The card: gamma = ln 2 / 4 gives K = 2^(-d^2/4) exactly.
    assert rbf_value(sp.log(2) / 4, d**2) == sp.Integer(2) ** sp.Rational(-(d**2), 4)


def test_rbf_card_similarity_one_half_at_distance_two():
    solution = solve_yaml('topic: kernel-pca\npoints: [[0, 0], [2, 0]]\nkernel: {name: rbf, gamma: "ln(2)/4"}')
    K = solution.answers["kernel"]
    assert K == sp.Matrix([[1, sp.Rational(1, 2)], [sp.Rational(1, 2), 1]])
    assert solution.answers["squared_distances"] == sp.Matrix([[0, 4], [4, 0]])


def test_gram_matrix_names_every_distinct_dot_product():
    step = gram_step(((0, 0), (1, 0), (0, 2)))
    assert step.data.count == 6 and len(step.data.dots) == 6
    assert step.result == sp.Matrix([[0, 0, 0], [0, 1, 0], [0, 0, 4]])


def test_squared_distances_from_the_gram_matrix():
    G = sp.ImmutableMatrix([[1, 2], [2, 5]])  # points (1, 0)·… any Gram matrix
    assert squared_distance_step(G).result == sp.Matrix([[0, 2], [2, 0]])


def test_polynomial_kernel_is_the_hadamard_square_of_offset_plus_gram():
    points = ((0, 0), (1, 0), (0, 2))
    steps = kernel_matrix_steps(points, Kernel("polynomial", degree=2, offset=sp.Integer(1)))
    K = steps[-1].result
    shifted = steps[-1].data.shifted
    assert shifted == sp.ones(3, 3) + steps[0].result
    assert K == shifted.multiply_elementwise(shifted)
    assert K == sp.Matrix([[1, 1, 1], [1, 4, 1], [1, 1, 25]])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=2, max_size=4),
       st.integers(0, 2), st.integers(1, 3))
def test_kernel_matrix_checks_hold(points, offset, degree):
    for kernel in (Kernel("linear"), Kernel("polynomial", degree=degree, offset=sp.Integer(offset)),
                   Kernel("rbf", gamma=sp.Rational(1, 2))):
        step = kernel_matrix_steps(tuple(points), kernel)[-1]
        assert step.passed, (points, kernel)
        if kernel.name == "rbf":
            assert all(step.result[i, i] == 1 for i in range(len(points)))
