"""The rules every generated problem meets (tutor/generators/rules.py), what each difficulty gives in words,
and the solution path that variants of one exam question share."""

from __future__ import annotations

import re

import sympy as sp

from tutor import generators, load_problem_text, solve
from tutor.exact.implicit import PolyRoot
from tutor.generators.rules import nesting, printed_values, violations
from tutor.steps import Solution, Step

from .conftest import ROOT, run_cli


def _solution(*values, key="eigenvalues"):
    return Solution("t", "T", None, (Step(key, "given", "T", "x", tuple(values)),), (key,))


def test_nesting_counts_radicals_inside_radicals():
    assert nesting(sp.Rational(3, 4)) == 0
    assert nesting(sp.sqrt(2) / 2) == 1 and nesting(2 ** sp.Rational(3, 4)) == 1
    assert nesting((1 + sp.sqrt(5)) / 2) == 1
    assert nesting(sp.sqrt(2 - sp.sqrt(2))) == 2
    assert nesting(1 / sp.sqrt(-2 * 2 ** sp.Rational(3, 4) + sp.sqrt(2) + 6)) == 2


def test_each_rule_is_named_with_its_step():
    assert violations(_solution(sp.Rational(8, 3), sp.sqrt(3)), "easy") == []
    nested = violations(_solution(sp.sqrt(2 - sp.sqrt(2))), "medium")
    assert len(nested) == 1 and nested[0].startswith("eigenvalues: radicals nested 2 deep")
    assert violations(_solution(sp.sqrt(2 - sp.sqrt(2)), key="feature_distances"), "easy",
                      frozenset({"feature_distances"})) == []  # the card's own root of a kernel value
    root = PolyRoot((1, -3, 1, sp.sqrt(2)), 0)
    assert violations(_solution(root), "hard")[0].startswith("eigenvalues: a root object")
    long = sum(sp.exp(-sp.Rational(k, 2)) / 8 for k in range(1, 9))
    assert "over 50" in violations(_solution(long), "medium")[0]
    assert violations(_solution(sp.sqrt(2) / 3 + sp.sqrt(3) / 5), "hard") == []
    long_fraction = sp.Rational(10**20 + 1, 10**20 + 3)  # 21 digits over 21: \frac{…}{…} is 51 characters
    assert "51 characters of LaTeX, over 50" in violations(_solution(long_fraction), "easy")[0]


def test_the_values_of_a_payload_count_too():
    solution = solve(str(ROOT / "problems" / "kernel-pca" / "example3.yaml"))
    values = {v for _, v in printed_values(solution)}
    assert {"8/3", "sqrt(6)/6", "14/3"} <= {str(v) for v in values}  # λ₁, a unit eigenvector's entry, a payload's
    assert all(not v.free_symbols for v in values)  # the characteristic polynomial is a formula


def test_every_generator_says_what_each_difficulty_gives():
    for name in generators.names():
        rules = generators.rules_of(name)
        assert set(rules) == set(generators.DIFFICULTIES), name
        assert all(len(text) > 20 and text.endswith(".") for text in rules.values()), name


def test_the_docs_list_what_each_difficulty_gives():
    readme = (ROOT / "docs" / "guide" / "generating.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- difficulties -->\n(.*?)<!-- /difficulties -->", readme, re.S)
    assert block and block.group(1) == generators.difficulties_markdown()


def test_topics_difficulties_prints_them():
    result = run_cli("topics", "--difficulties")
    assert result.exit_code == 0
    assert generators.rules_of("kernel-pca")["hard"] in result.output


def test_variants_of_one_structure_share_a_path_and_others_do_not():
    def path(text):
        return generators.solution_path(solve(load_problem_text(text)))

    a = path("topic: kernel-pca\npoints: [[0, 0], [1, 0], [0, 2]]\nkernel: {name: linear}\n")
    b = path("topic: kernel-pca\npoints: [[0, 0], [2, 0], [0, 1]]\nkernel: {name: linear}\n")
    four = path("topic: kernel-pca\npoints: [[0, 0], [1, 0], [0, 2], [1, 1]]\nkernel: {name: linear}\n")
    new_point = path("topic: kernel-pca\npoints: [[0, 0], [1, 0], [0, 2]]\nnew_points: [[1, 1]]\nkernel: {name: linear}\n")
    assert a == b
    assert len({a, four, new_point}) == 3
    collinear = path("topic: kernel-pca\npoints: [[0, 0], [1, 0], [2, 0]]\nkernel: {name: linear}\n")  # one more zero eigenvalue
    assert collinear != a


def test_a_longer_amortised_table_is_the_same_path():
    def path(n):
        return generators.solution_path(solve(load_problem_text(
            f"topic: amortised\nn: {n}\nstart: 0\ngrowth: 2\npotential: 2n - m\n")))

    assert path(6) == path(12)
    mismatched = generators.solution_path(solve(load_problem_text(
        "topic: amortised\nn: 6\nstart: 0\ngrowth: 3\npotential: 2n - m\n")))
    assert mismatched != path(6)  # a check that fails is another path


def test_repeated_eigenvalues_are_another_path():
    def path(points):
        return generators.solution_path(solve(load_problem_text(f"topic: pca\npoints: {points}\ncomponents: 1\n")))

    square = path("[[1, 0], [0, 1], [-1, 0], [0, -1]]")  # λ₁ = λ₂
    rectangle = path("[[2, 0], [0, 1], [-2, 0], [0, -1]]")
    assert square != rectangle
