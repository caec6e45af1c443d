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
    assert after == sp.Rational(25, 27) and float(after) > float(before)
    assert solution.answers["mapped_points"][0] == (-2, 0)


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
    assert ring.summary[0].startswith(r"Before the map PC 1 carries $56.2\%$ of the variance, so no single "
                                      "direction explains the data; after it $80.0\\%$:")
    parabola = solve(str(PROBLEMS / "pca-feature-map" / "parabola.yaml"))
    assert r"after it $92.6\%$, one direction is enough" in parabola.summary[0]
    box = render(parabola, "md").split("### Final answers")[1]
    assert r"; no: PC 1 carries only $51.9\%$ of the variance" in box
    assert r"; PC 1's share rises from $51.9\%$ to $92.6\%$: one direction now explains the data" in box
