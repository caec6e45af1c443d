"""What the kernel-family generators' RULES promise, over a few dozen seeds per difficulty: every value
rational where they say so, RBF kernel values powers of one base, the symmetric eigenvectors of the hard
kernel PCA triangle, no root objects, and one solution path per difficulty."""

from __future__ import annotations

import collections

import pytest
import sympy as sp

from tutor import generators
from tutor.generators import solution_path
from tutor.generators.nice import numbers
from tutor.generators.rules import violations

from .conftest import drawn_problems

SEEDS = range(1, 25)
TOPICS = ("kernel-pca", "kernel-matrix", "centring", "feature-mean", "feature-space", "feature-map",
          "rbf-gamma", "pca-feature-map")


def drawn(topic, difficulty):
    return drawn_problems(topic, difficulty, SEEDS)


def values(solution, *keys):
    return [sp.nsimplify(x) if isinstance(x, float) else x
            for key in keys for x in numbers(solution.answers[key])]


def power_of(x, base) -> bool:
    """x = base^q for a rational q (x rational or a surd of base)."""
    x = sp.nsimplify(x)
    if x == 1:
        return True
    q = sp.simplify(sp.log(x) / sp.log(base))
    return q.is_Rational


@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_has_rules_in_words(topic):
    rules = generators.rules_of(topic)
    assert set(rules) == set(generators.DIFFICULTIES)
    assert all(10 < len(text) < 300 for text in rules.values())


@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_kernel_pca_eigenvalues_rational_and_one_path(difficulty):
    problems = drawn("kernel-pca", difficulty)
    paths = collections.Counter(solution_path(s) for _, _, s in problems)
    # medium: an eigenvector with a zero entry or not; hard: a triangle, a rectangle or a rhombus
    assert len(paths) <= (3 if difficulty == "hard" else 2), paths
    for generated, _, solution in problems:
        assert all(v.is_Rational for v in solution.answers["eigenvalues"]), generated.data
        assert not violations(solution, difficulty)


def test_kernel_pca_easy_coordinates_rational_like_example_3():
    for generated, _, solution in drawn("kernel-pca", "easy"):
        assert generated.data["kernel"] == {"name": "linear"}
        assert all(x.is_Rational for x in values(solution, "coordinates")), generated.data


def test_kernel_pca_hard_isosceles_rectangle_or_rhombus_rbf_with_symmetric_eigenvectors():
    shapes = set()
    for generated, _, solution in drawn("kernel-pca", "hard"):
        assert generated.data["kernel"]["name"] == "rbf"
        assert all(power_of(k, 2) and k <= 1 for k in values(solution, "kernel")), generated.data
        assert all(k.is_Rational for k in values(solution, "kernel"))
        units = [tuple(sorted(abs(x) for x in v)) for v in solution.answers["eigenvectors"]]
        if len(generated.data["points"]) == 3:  # the triangle's mirror: (1, −1, 0)/√2 up to order and sign
            assert (0, sp.sqrt(2) / 2, sp.sqrt(2) / 2) in units, units
            shapes.add("triangle")
        elif (0, 0, sp.sqrt(2) / 2, sp.sqrt(2) / 2) in units:  # the rhombus's mirrors through its corners
            assert set(units) == {(0, 0, sp.sqrt(2) / 2, sp.sqrt(2) / 2), (sp.Rational(1, 2),) * 4}, units
            shapes.add("rhombus")
        else:  # the rectangle's two mirrors: every eigenvector (±1, ±1, ±1, ±1)/2
            assert set(units) == {(sp.Rational(1, 2),) * 4}, units
            shapes.add("rectangle")
        # and a new point to project, off every mirror: both its coordinates non-zero
        assert len(generated.data["new_points"]) == 1
        assert all(y != 0 for y in solution.answers["new_coordinates"][0])
    assert shapes == {"triangle", "rectangle", "rhombus"}


@pytest.mark.parametrize("topic", ("centring", "feature-mean"))
def test_centring_and_feature_mean_hard_values_are_fractions(topic):
    for generated, _, solution in drawn(topic, "hard"):
        assert generated.data["kernel"]["name"] == "rbf" and len(generated.data["points"]) == 4
        K = values(solution, "kernel")
        assert all(k.is_Rational and power_of(k, 2) for k in K), generated.data
        for key in solution.answers:
            assert all(x.is_Rational for x in values(solution, key)), (key, generated.data)


def test_kernel_matrix_hard_rbf_values_powers_of_one_half():
    for generated, _, solution in drawn("kernel-matrix", "hard"):
        assert all(power_of(k, 2) for k in values(solution, "kernel")), generated.data


def test_feature_space_hard_is_more_work_than_medium_never_uglier_numbers():
    # hard was an RBF kernel with norms 1 and K(x, y) a power of ½: less to compute than medium's (c + xᵀy)²
    medium = drawn("feature-space", "medium")
    for generated, _, solution in drawn("feature-space", "hard"):
        assert generated.data["kernel"]["name"] == "polynomial" and generated.data["kernel"]["offset"] in (1, 2)
        assert all(len(p) == 3 for p in generated.data["points"]), generated.data  # three-term dot products
        assert all(x.is_Integer for x in values(solution, "kernel_values", "distance_sq")), generated.data
        assert values(solution, "cosine")[0].is_Rational, generated.data
        assert not violations(solution, "hard")  # no root of a root (the card's √(2 − √2) is gone)
    # the same kind of numbers as medium, no larger: the extra work is the third coordinate
    largest = max(max(values(s, "kernel_values")) for _, _, s in drawn("feature-space", "hard"))
    assert largest <= max(max(values(s, "kernel_values")) for _, _, s in medium)


def test_feature_space_easy_rbf_has_no_root_of_a_root():
    rbf = [(g, s) for g, _, s in drawn("feature-space", "easy") if g.data["kernel"]["name"] == "rbf"]
    assert rbf, "no easy seed drew the RBF kernel"
    for generated, solution in rbf:
        kxx, kyy, kxy = solution.answers["kernel_values"]
        assert kxx == kyy == 1 and kxy in (sp.Rational(1, 2), sp.Rational(1, 4)), generated.data


@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_rbf_gamma_values_powers_of_the_similarity(difficulty):
    from tutor.topics.rbf_gamma.generator import COUNT, PARTS

    for generated, _, solution in drawn("rbf-gamma", difficulty):
        s = solution.problem.similarity
        assert all(power_of(k, s) for k in values(solution, "kernel_values")), generated.data
        if difficulty == "easy":
            assert all(k.is_Rational for k in values(solution, "kernel_values"))
        kind = next(k for k, parts in PARTS.items() if parts == generated.data.get("parts"))
        assert len(generated.data["distances"]) == COUNT[kind][difficulty], generated.data


def test_pca_feature_map_hard_spectra_as_medium_allows_with_one_zero_after_the_map():
    from tutor.generators.nice import eigen_kind

    for generated, _, solution in drawn("pca-feature-map", "hard"):
        after = values(solution, "eigenvalues_after")
        assert not any(x.has(sp.CRootOf) for x in after), generated.data
        assert sum(1 for x in after if x == 0) == 1, generated.data
        for key in ("eigenvalues_before", "eigenvalues_after"):
            assert eigen_kind(values(solution, key)) in ("rational", "surd"), (key, generated.data)


def test_pca_feature_map_easy_fractions_only_and_one_direction_after_the_map():
    for generated, _, solution in drawn("pca-feature-map", "easy"):
        for key in solution.answers:
            assert all(x.is_Rational for x in values(solution, key)), (key, generated.data)
        assert values(solution, "eigenvalues_after")[-1] == 0
