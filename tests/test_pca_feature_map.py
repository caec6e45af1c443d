"""Topic pca-feature-map: PCA before and after a map, against numpy."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import solve
from tutor.errors import ProblemError

from .conftest import PROBLEMS, solve_yaml


def test_the_parabola_is_straightened():
    solution = solve(str(PROBLEMS / "pca-feature-map" / "parabola.yaml"))
    before = solution.step("eigenvalues_before").data.share
    after = solution.step("eigenvalues_after").data.share
    assert after == 1 and before == sp.Rational(7, 12)
    assert solution.answers["mapped_points"][0] == (-2, 0)


def test_the_parabola_problem_has_its_points_on_the_parabola():
    """Its title says parabola and its comment x2 = x1²: every point is on it (the point (0, 1) was not)."""
    solution = solve(str(PROBLEMS / "pca-feature-map" / "parabola.yaml"))
    assert "parabola" in solution.title.lower()
    assert all(y == x * x for x, y in solution.problem.points)
    assert all(p[1] == 0 for p in solution.answers["mapped_points"])


@settings(max_examples=25, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 3), min_size=2, max_size=2), min_size=2, max_size=6))
def test_spectra_match_numpy(points):
    solution = solve_yaml(f'topic: pca-feature-map\npoints: {points}\nmap: ["x1", "x2 - x1^2"]\n')
    X = np.array(points, dtype=float)
    for key, data in (("before", X), ("after", np.column_stack([X[:, 0], X[:, 1] - X[:, 0] ** 2]))):
        S = np.cov(data, rowvar=False, bias=True)
        expected = np.sort(np.linalg.eigvalsh(S))[::-1]
        got = np.array([float(sp.N(v, 30)) for v in solution.answers[f"eigenvalues_{key}"]])
        assert np.allclose(got, expected, atol=1e-9)
        assert np.allclose(np.array(solution.answers[f"covariance_{key}"].tolist(), dtype=float), S)


@pytest.mark.parametrize("text,field", [
    ('points: [[1, 2], [3, 4]]\nmap: ["y1"]', "map[1]"),
    ('points: [[1, 2], [3, 4]]\nmap: ["sqrt(x1 - 2)"]', "map[1]"),
    ('points: [[1, 2], [3, 4]]\nmap: []', "map"),
    ('points: [[1, 2], [3, 4]]', "map"),
    ('map: ["x1"]', "points"),
])
def test_bad_maps_name_their_field(text, field):
    with pytest.raises(ProblemError) as info:
        solve_yaml("topic: pca-feature-map\n" + text + "\n")
    assert info.value.field == field


def test_the_solution_and_the_final_answers_say_whether_one_direction_explains_the_data():
    """Part (b) asks "Does one direction explain the data?", part (e) to compare the share (issue 30):
    the closing sentence and the final answers answer both, with the shares the spectrum step shows."""
    from tutor.rendering import render

    ring = solve(str(PROBLEMS / "pca-feature-map" / "circle-radius.yaml"))
    assert ring.summary[0].startswith(r"Before the map PC 1 carries $56.3\%$ of the variance, short of the $90\%$ "
                                      "from which one direction explains the data; after it $80\\%$:")
    parabola = solve(str(PROBLEMS / "pca-feature-map" / "parabola.yaml"))
    assert r"after it $100\%$, one direction is enough" in parabola.summary[0]
    box = render(parabola, "md").split("### Final answers")[1]
    assert r"; no: PC 1 carries $58.3\%$ of the variance, short of the $90\%$" in box
    assert r"; PC 1's share rises from $58.3\%$ to $100\%$: one direction now explains the data" in box


def test_a_share_just_below_the_threshold_is_said_as_short_of_it():
    """Easy seed 1 said "89% … no single direction explains the data": the words follow the number, and the
    threshold is the one ONE_DIRECTION states."""
    from tutor.topics.pca_feature_map import comparison, one_direction

    share = sp.Rational(81, 91)
    sentence = comparison((share, sp.Integer(1)), sentence=True)
    assert "no single direction" not in sentence
    assert sentence.startswith(r"Before the map PC 1 carries $89\%$ of the variance, short of the $90\%$ from which")
    assert one_direction(share) == (r"no: PC 1 carries $89\%$ of the variance, short of the $90\%$ from which "
                                    "one direction explains the data")
    assert comparison((sp.Rational(19, 20), sp.Integer(1)), sentence=True).startswith(
        r"Before the map PC 1 carries $95\%$ of the variance, so one direction explains the data;")


def test_the_mapped_covariance_is_written_with_the_mapped_data():
    """S_φ = (1/n) Φ_cᵀΦ_c as the notes write it, not X_cᵀX_c, in the brief and full solutions."""
    from tutor.rendering import render

    solution = solve(str(PROBLEMS / "pca-feature-map" / "parabola.yaml"))
    brief = render(solution, "md")
    assert r"S_\phi = \frac{1}{5} \Phi_c^T \Phi_c = " in brief and r"S_\phi = \frac{1}{5} X_c" not in brief
    assert r"S = \frac{1}{5} X_c^T X_c = " in brief
    full = render(solution, "md", detail="full")
    assert r"\Phi_c = \begin{bmatrix}" in full and r"S_\phi = \frac{1}{5} \Phi_c^T \Phi_c" in full
    assert solution.step("covariance_after").formula.startswith(r"S_\phi = \frac1n \Phi_c^T \Phi_c")


SEEDS = range(1, 9)


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_problems_show_the_map_straightening_the_data(difficulty):
    """Hard seed 1 went 96.3% → 81.9%, medium seed 1 mapped (0, ±2) both to (4, 0): every generated problem
    has distinct images and PC 1's share after the map at least 90% and 20 points above the share before."""
    from tutor.generators import draw_solved
    from tutor.topics.pca_feature_map import MIN_GAIN, ONE_DIRECTION, shares

    for seed in SEEDS:
        _, _, solution = draw_solved("pca-feature-map", difficulty, seed)
        mapped = solution.answers["mapped_points"]
        assert len(set(mapped)) == len(mapped), (seed, mapped)
        before, after = (float(x) for x in shares(solution.steps))
        assert after >= ONE_DIRECTION and after - before >= MIN_GAIN, (seed, before, after)


def test_the_rules_say_the_map_straightens_the_data():
    from tutor.topics.pca_feature_map.generator import RULES

    assert all("PC 1's share rises to" in text for text in RULES.values())
    assert all("90%" in text and "20 points" in text for level, text in RULES.items() if level != "easy")
