"""What the generators of pca, pca-gram, svd and mds promise in their RULES, over seeds 1–20."""

import pytest
import sympy as sp

from tutor import generators
from tutor.generators import draw_solved, solution_path

from .test_generate_variety import drawn

TOPICS = ("pca", "pca-gram", "svd", "mds", "high-dim", "importance-sampling", "amortised", "dfs-code")


def _drawn(topic, difficulty):
    # seeds 1–20, solved once for this file and tests/test_generate_variety.py (they were solved twice)
    problems = drawn(topic, difficulty)
    assert all(p is not None for p in problems), (topic, difficulty)
    return problems


@pytest.mark.parametrize("topic", TOPICS)
def test_every_generator_says_what_each_difficulty_gives(topic):
    rules = generators.rules_of(topic)
    assert set(rules) == set(generators.DIFFICULTIES) and all(len(r) > 30 for r in rules.values())


def _dropped_share(values, k):
    return sp.nsimplify(sum(values[k:]) / sum(values))


@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_mds_gives_a_table_only_with_whole_recovered_points(difficulty):
    for generated, _, solution in _drawn("mds", difficulty):
        assert "points" not in generated.data
        assert ("distances" in generated.data) != ("squared_distances" in generated.data)
        values = solution.answers["eigenvalues"]
        assert all(v.is_Rational for v in values)
        assert all(x.is_Integer for point in solution.answers["coordinates"] for x in point)
        # every table embeds in the plane (hard was non-Euclidean, of rank 3, with no hand route): rank 2
        assert all(v >= 0 for v in values) and sum(1 for v in values if v != 0) == 2
        if "distances" in generated.data:  # plain distances only when they are whole
            assert all(isinstance(x, int) for row in generated.data["distances"] for x in row)


@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_pca_keeps_k_only_before_a_clear_gap(difficulty):
    for generated, _, solution in _drawn("pca", difficulty):
        values = solution.answers["eigenvalues"]
        assert all(v.is_Rational for v in values)
        assert _dropped_share(values, generated.data["components"]) <= sp.Rational(1, 4)
        if difficulty == "easy":  # Pythagorean directions: rational unit vectors
            assert all(x.is_Rational for u in solution.answers["eigenvectors"] for x in u)


def test_pca_easy_seed_7_is_not_half_and_half():
    generated, _, solution = draw_solved("pca", "easy", 7)
    assert _dropped_share(solution.answers["eigenvalues"], 1) <= sp.Rational(1, 4)


@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_pca_gram_works_the_smaller_gram_side(difficulty):
    for generated, _, solution in _drawn("pca-gram", difficulty):
        n, d = len(generated.data["points"]), len(generated.data["points"][0])
        assert n < d
        mu = solution.answers["gram_eigenvalues"]
        zeros = sum(1 for v in mu if v == 0)  # the centring's, and one more when easy's three points are on a line
        assert all(v.is_Integer for v in mu) and (zeros == 1 or difficulty == "easy" and (n, zeros) == (3, 2))
        if difficulty == "easy":
            assert all(x.is_Rational for u in solution.answers["eigenvectors"] for x in u)


@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_svd_truncation_leaves_out_at_most_a_quarter(difficulty):
    for generated, _, solution in _drawn("svd", difficulty):
        D = generated.data["matrix"]
        squares = [s**2 for s in solution.answers["singular_values"]]
        assert all(sp.nsimplify(s).is_Rational for s in squares)
        assert _dropped_share(squares, generated.data["rank"]) <= sp.Rational(1, 4)
        if len(D) < len(D[0]):  # wide: worked through the smaller DDᵀ
            assert "ddt" in solution.answers and solution.answers["ddt"].shape == (len(D), len(D))


@pytest.mark.parametrize("difficulty", ("medium", "hard"))
def test_one_solution_path_per_difficulty(difficulty):
    paths = {solution_path(solution) for _, _, solution in _drawn("pca-gram", difficulty)}
    assert len(paths) == 1


@pytest.mark.parametrize("difficulty", ("medium", "hard"))
def test_svd_takes_a_few_solution_paths_for_twenty_spectra(difficulty):
    from tutor.topics.svd.generator import ZEROS

    paths = {solution_path(solution) for _, _, solution in _drawn("svd", difficulty)}
    assert 1 < len(paths) <= len(ZEROS[difficulty])
