"""Generated problems with variety and a bounded hand effort (issue 30, item 5): over seeds 1–20, each
difficulty of kernel-pca, pca, svd, mds, rbf-gamma and importance-sampling draws several structures, svd and mds
never repeat a spectrum, pca-gram and hard kernel PCA take several, pca-feature-map never repeats its pair of
spectra (before and after the map), no two points are the same, hard MDS takes the trace route,
no two parts of a kernel-matrix problem ask for one value, and hard kernel PCA and hard centring keep
every printed denominator small.
The full sweep with the table is ``tutor generate TOPIC --stress --count 20`` (tutor/generators/stress.py)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import pytest
import sympy as sp

from tutor import generators, load_problem_text, solve
from tutor.generators import draw_solved, structure
from tutor.generators.nice import intermediate_denominator, pattern
from tutor.generators.stress import HEADER, stress, table_row

from .conftest import ROOT

SEEDS = range(1, 21)
# at least this many structures in 20 seeds (3 for every topic and difficulty here): hard kernel PCA's are
# the shapes with a hand route by symmetry, the isosceles triangle, the rectangle and the rhombus (it had
# two; a triangle without a mirror needs denominators of 15132 for its new point)
AT_LEAST: dict[tuple[str, str], int] = {}


@lru_cache(maxsize=None)
def drawn(topic, difficulty):
    return tuple(draw_solved(topic, difficulty, seed) for seed in SEEDS)


def test_a_pattern_is_a_vector_up_to_scale_sign_and_order():
    assert pattern((0, sp.sqrt(2) / 2, -sp.sqrt(2) / 2)) == pattern((2, 0, 2)) == (0, 1, 1)
    assert pattern((sp.sqrt(6) / 6, -sp.sqrt(6) / 3, sp.sqrt(6) / 6)) == (1, 1, 2)
    assert pattern((sp.Rational(3, 5), sp.Rational(-4, 5))) == (3, 4)
    example3 = structure(solve(str(ROOT / "problems" / "kernel-pca" / "example3.yaml")))
    renumbered = structure(solve(load_problem_text(  # K̂ with its points numbered 3, 1, 2
        "topic: kernel-pca\ncentred_kernel_matrix: [[4, -2, -2], [-2, 5, -3], [-2, -3, 5]]\n")))
    assert example3 == renumbered == (("eigenvectors", ((0, 1, 1), (1, 1, 1), (1, 1, 2))),)


# rbf-gamma: the card's three parts, γ and K only, or γ and d_φ at every multiple (what is asked and how many
# distances are listed, so the solution path tells them apart)
@pytest.mark.parametrize("topic,difficulty", [(t, d) for t in ("kernel-pca", "pca", "svd", "mds", "rbf-gamma",
                                                              "importance-sampling")
                                              for d in generators.DIFFICULTIES])
def test_twenty_seeds_draw_several_structures(topic, difficulty):
    problems = drawn(topic, difficulty)
    assert all(p is not None for p in problems)
    shapes = {structure(solution) for _, _, solution in problems}
    assert len(shapes) >= AT_LEAST.get((topic, difficulty), 3), shapes


@pytest.mark.parametrize("topic,key", [("svd", "singular_values"), ("mds", "eigenvalues")])
@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_no_two_of_twenty_seeds_share_a_spectrum(topic, key, difficulty):
    spectra = [solution.answers[key] for _, _, solution in drawn(topic, difficulty)]
    assert len(set(spectra)) == len(SEEDS), spectra


@pytest.mark.parametrize("topic", ("pca", "kernel-pca", "centring"))
@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_points_are_never_repeated(topic, difficulty):
    for generated, _, _ in drawn(topic, difficulty):
        points = [tuple(p) for p in generated.data["points"] + generated.data.get("new_points", [])]
        assert len(set(points)) == len(points), generated.data  # pca medium had two points at the mean


@pytest.mark.parametrize("topic,difficulty,most", [("kernel-pca", "hard", 400), ("kernel-pca", "medium", 400),
                                                   ("kernel-pca", "easy", 120), ("centring", "hard", 128),
                                                   # mds easy/medium printed 2982 (eigenvectors of the discarded
                                                   # zero eigenvalues); 26 and 14 in bench/variety.py now
                                                   ("mds", "easy", 60), ("mds", "medium", 60), ("mds", "hard", 60)])
def test_every_printed_denominator_is_bounded(topic, difficulty, most):
    for generated, _, solution in drawn(topic, difficulty):
        assert intermediate_denominator(solution) <= most, generated.data


@pytest.mark.parametrize("difficulty,least", [("easy", 3), ("medium", 4), ("hard", 4)])
def test_pca_gram_takes_several_spectra(difficulty, least):
    # every seed of a difficulty had one spectrum (18, 6, 0 when medium; 40, 30, 12, 0 when hard)
    spectra = Counter(solution.answers["gram_eigenvalues"] for _, _, solution in drawn("pca-gram", difficulty))
    assert len(spectra) >= least and max(spectra.values()) <= 13, spectra


def test_hard_kernel_pca_takes_several_spectra():
    # the rhombus keeps one (its docstring says why), the triangle and the rectangle vary theirs
    spectra = Counter(solution.answers["eigenvalues"] for _, _, solution in drawn("kernel-pca", "hard"))
    assert len(spectra) >= 6 and max(spectra.values()) <= 7, spectra


def test_hard_mds_takes_the_trace_route_on_a_larger_configuration_than_medium():
    for generated, _, solution in drawn("mds", "hard"):
        spectrum = next(s for s in solution.steps if s.key == "eigenvalues").data
        assert spectrum.trace is not None and spectrum.trace.count == 2, generated.data  # no quartic
        assert sum(1 for v in solution.answers["eigenvalues"] if v != 0) == 2
        assert len(solution.answers["coordinates"]) == 5
    medium = {structure(solution) for _, _, solution in drawn("mds", "medium")}
    assert not medium & {structure(solution) for _, _, solution in drawn("mds", "hard")}


@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_no_two_parts_of_a_kernel_matrix_problem_ask_for_one_value(difficulty):
    from tutor.question import build

    for seed in range(1, 6):  # the linear kernel's parts (a) X^T X and (b) K printed one matrix twice
        generated, loaded, solution = draw_solved("kernel-matrix", difficulty, seed)
        values = [solution.answers[key] for key in build(solution, loaded.exam).keys]
        assert values and all(a != b for i, a in enumerate(values) for b in values[i + 1:]), generated.data


def test_hard_kernel_pca_does_not_keep_leading_with_one_eigenvalue():
    firsts = Counter(solution.answers["eigenvalues"][0] for _, _, solution in drawn("kernel-pca", "hard"))
    assert len(firsts) >= 4 and max(firsts.values()) <= 7, firsts  # η₁ = 15/16 in 10 of 20 seeds, before


def test_the_stress_table_gives_structures_and_the_largest_denominator():
    result = stress("svd", "hard", range(1, 4))
    assert result.structures >= 2 and result.denominator >= 1
    assert HEADER.split()[4:7] == ["distinct", "structures", "denominator"]
    assert table_row(result).split()[5:7] == [str(result.structures), str(result.denominator)]


def test_hard_importance_sampling_is_not_one_lesson():
    """Hard importance sampling was always the zero-variance proposal; now it draws a rare event, a poor
    proposal and densities on an interval among others, each with every sample in the statement."""
    shapes = Counter(structure(solution)[0] for _, _, solution in drawn("importance-sampling", "hard"))
    assert {"continuous", "rare", "optimal"} <= set(shapes) and len(shapes) >= 5, shapes
    assert max(shapes.values()) <= 10, shapes
    for generated, _, solution in drawn("importance-sampling", "hard"):
        assert "samples" in generated.data and "draw" not in generated.data
        if structure(solution) == ("continuous",):
            assert all(w.is_Rational for w in solution.answers["weights"])
            assert max(sp.Rational(fw).q for fw in solution.step("weights").data.products) <= 250


@pytest.mark.parametrize("difficulty,structures,before,after", [("easy", 5, 8, 15), ("medium", 4, 15, 6),
                                                                ("hard", 5, 15, 8)])
def test_pca_feature_map_seeds_differ_in_structure_and_spectra(difficulty, structures, before, after):
    """Easy seeds were one parabola up to a shift (three spectra after the map in 20 seeds) and medium and hard
    shared S_φ's spectrum across most seeds (two each): now 20 seeds never repeat the pair of spectra, and
    each spectrum alone takes many values, with no step printing a denominator beyond the difficulty's bound."""
    from tutor.topics.pca_feature_map.generator import MAX_DENOMINATOR

    problems = drawn("pca-feature-map", difficulty)
    assert all(p is not None for p in problems)
    answers = [solution.answers for _, _, solution in problems]
    pairs = {(a["eigenvalues_before"], a["eigenvalues_after"]) for a in answers}
    assert len(pairs) == len(SEEDS), [p[0].data for p in problems]
    assert len({a["eigenvalues_before"] for a in answers}) >= before
    assert len({a["eigenvalues_after"] for a in answers}) >= after
    assert len({structure(solution) for _, _, solution in problems}) >= structures
    assert max(intermediate_denominator(solution) for _, _, solution in problems) <= MAX_DENOMINATOR[difficulty]


def test_pca_gram_easy_takes_several_gram_shapes():
    """Easy was always two points (K = [[a, −a], [−a, a]]): it takes turns with three points on a line (K of
    rank 1) and in a plane (rank 2), every number still rational."""
    problems = drawn("pca-gram", "easy")
    shapes = Counter((len(s.answers["gram_eigenvalues"]), sum(1 for v in s.answers["gram_eigenvalues"] if v != 0))
                     for _, _, s in problems)
    assert len(shapes) >= 3 and max(shapes.values()) <= 8, shapes
    assert all(x.is_Rational for _, _, s in problems for x in s.answers["gram_eigenvalues"])


@pytest.mark.parametrize("difficulty", generators.DIFFICULTIES)
def test_consecutive_rbf_gamma_seeds_never_draw_one_problem(difficulty):
    # medium seeds 1 and 2 were the identical problem: the structures now take turns over the seeds
    keys = [p[0].key for p in drawn("rbf-gamma", difficulty)]
    assert all(a != b for a, b in zip(keys, keys[1:]))
    assert len(set(keys)) >= len(keys) - 2
