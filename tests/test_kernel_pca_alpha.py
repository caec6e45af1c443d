"""Issue 22 item 4: kernel PCA with the post's α normalisation (normalisation: alpha).

The post rescales each unit eigenvector of K̂ so that η⟨α, α⟩ = 1, η being K̂'s eigenvalue (the post's λ); so
α = v/√η is the notes' c, and the coordinates K̂α = ηα are a = K̂c = √η v, exactly.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
import sympy as sp
import yaml

import tutor
from tutor.errors import ProblemError

from .conftest import PROBLEMS, drawn_problems, same_up_to_sign, solve_yaml

BUNDLED = sorted((PROBLEMS / "kernel-pca").glob("*.yaml"))
POST = PROBLEMS / "kernel-pca" / "alpha-normalisation.yaml"


def with_alpha(data: dict):
    return solve_yaml(yaml.safe_dump({**data, "normalisation": "alpha"}, allow_unicode=True))


def equal(x, y) -> bool:
    """Exactly equal: the same tidy form (178 of the 186 entries here), or a difference SymPy proves 0
    (an RBF kernel's (1 − e⁻²)/√(2 − 2e⁻²) against √(1/2 − e⁻²/2)), never a numerical comparison."""
    return x == y or sp.expand(x - y) == 0 or sp.simplify(x - y) == 0


def assert_two_routes_agree(solution):
    answers = solution.answers
    step = solution.step("alphas")
    assert all(c.passed for c in step.checks), [c.statement for c in step.checks if not c.passed]
    assert len(answers["alphas"]) == len(answers["coordinates"]) == len(answers["coefficients"])
    for row, alpha, c, a in zip(step.data.rows, answers["alphas"], answers["coefficients"], answers["coordinates"]):
        assert alpha == c  # α = v/√η is exactly c
        assert all(equal(x, y) for x, y in zip(row.from_alpha, a))  # K̂α = a, exactly
        assert all(equal(x, y) for x, y in zip(row.eta_alpha, a))  # ηα = a
        assert equal(row.component.eta * row.alpha_norm_sq, 1)  # η⟨α, α⟩ = 1


def bundled_data():
    out = []
    for path in BUNDLED:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data.pop("parts", None), data.pop("marks", None)
        out.append(pytest.param(data, id=path.stem))
    return out


@pytest.mark.parametrize("data", bundled_data())
def test_both_routes_give_the_same_coordinates_on_every_bundled_problem(data):
    solution = with_alpha(data)
    if "coordinates" not in solution.answers:  # no positive eigenvalue: no component, no α
        pytest.skip("no component")
    assert_two_routes_agree(solution)


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_both_routes_give_the_same_coordinates_on_generated_problems(difficulty):
    for generated, _, _ in drawn_problems("kernel-pca", difficulty, range(10)):
        assert_two_routes_agree(with_alpha({"topic": "kernel-pca", **generated.data}))


def test_the_default_is_c_and_shows_no_alpha():
    data = yaml.safe_load(POST.read_text(encoding="utf-8"))
    del data["normalisation"]
    solution = solve_yaml(yaml.safe_dump(data, allow_unicode=True))
    assert "alphas" not in solution.answers and all(s.key != "alphas" for s in solution.steps)
    explicit = solve_yaml(yaml.safe_dump({**data, "normalisation": "c"}, allow_unicode=True))
    assert explicit.answers == solution.answers


def _float(value) -> np.ndarray:
    rows = value.tolist() if isinstance(value, sp.MatrixBase) else value
    return np.array([[float(sp.N(x, 30)) for x in row] for row in rows], dtype=float)


@pytest.mark.parametrize("path", [POST, PROBLEMS / "kernel-pca" / "example3.yaml",
                                  PROBLEMS / "kernel-pca" / "rbf-square.yaml",
                                  PROBLEMS / "kernel-pca" / "polynomial-two-points.yaml"], ids=lambda p: p.stem)
def test_alpha_normalisation_matches_numpy(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    solution = with_alpha(data)
    Khat = _float(solution.answers["centred_kernel"])
    etas, vectors = np.linalg.eigh(Khat)
    order = np.argsort(-etas)
    alphas = _float(solution.answers["alphas"])
    for k, alpha in enumerate(alphas):
        eta, v = etas[order[k]], vectors[:, order[k]]
        assert eta * alpha @ alpha == pytest.approx(1, abs=1e-9)  # η⟨α, α⟩ = 1 (the post's λ is η)
        assert alpha @ Khat @ alpha == pytest.approx(1, abs=1e-9)  # ⟨v, v⟩ = αᵀK̂α = 1 in feature space
        np.testing.assert_allclose(Khat @ alpha, eta * alpha, atol=1e-9)  # nλα = K̂α
        if np.sum(np.isclose(etas, eta, atol=1e-9)) == 1:  # a simple eigenvalue: α is numpy's v/√η up to sign
            want = v / np.sqrt(eta)
            assert np.allclose(alpha, want, atol=1e-9) or np.allclose(alpha, -want, atol=1e-9)
    np.testing.assert_allclose(alphas @ Khat, _float(solution.answers["coordinates"]), atol=1e-9)


def test_the_post_problem_matches_the_hand_values():
    solution = tutor.solve(str(POST))
    alpha1, alpha2 = solution.answers["alphas"]
    R = sp.Rational
    assert same_up_to_sign(alpha1, [R(1, 6), R(1, 6), R(-1, 3)])
    assert same_up_to_sign(alpha2, [R(1, 2), R(-1, 2), 0])
    assert_two_routes_agree(solution)


@pytest.mark.parametrize("value", ["beta", "normalise", 1, "C", "Alpha"])
def test_any_other_normalisation_is_refused_in_one_line(value):
    text = POST.read_text(encoding="utf-8").replace("normalisation: alpha", f"normalisation: {value}")
    with pytest.raises(ProblemError) as err:
        solve_yaml(text)
    message = str(err.value)
    assert "\n" not in message and "normalisation" in message
    assert "c (the default" in message and "alpha" in message


def test_the_refusal_at_the_command_line_names_the_field(tmp_path):
    from .conftest import run_cli

    bad = tmp_path / "bad.yaml"
    bad.write_text(POST.read_text(encoding="utf-8").replace("normalisation: alpha", "normalisation: unit"))
    result = run_cli("solve", str(bad))
    assert result.exit_code == 2
    assert "normalisation: must be c" in result.output + result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize("fmt", ["md", "tex", "html"])
@pytest.mark.parametrize("detail", ["brief", "full"])
def test_the_alpha_step_renders(fmt, detail):
    text = tutor.render(tutor.solve(str(POST)), fmt, detail)
    assert re.search(r"The (\$|<span class=\"math inline\">\\\()\\boldsymbol\\alpha(\$|\\\)</span>) normalisation", text)
    assert r"\boldsymbol\alpha^1" in text and r"\boldsymbol\alpha^2" in text
    assert "n\\lambda" in text  # the note on the post's λ
    assert "unit eigenvector of" in text


def test_the_json_carries_the_alpha_vectors():
    import json

    data = json.loads(tutor.render(tutor.solve(str(POST)), "json"))
    assert data["answers"]["alphas"]["exact"] == [["1/6", "1/6", "-1/3"], ["1/2", "-1/2", "0"]]
    assert data["problem"]["normalisation"] == "alpha"  # problem_data keeps the field: the file round-trips
    assert any(s["key"] == "alphas" for s in data["steps"])


def test_check_grades_alphas_with_follow_through_and_named_mistakes():
    expected = [["1/6", "1/6", "-1/3"], ["1/2", "-1/2", "0"]]
    right = tutor.check(str(POST), {"alphas": expected}).result("alphas")
    assert right.verdict == "correct"
    unit = tutor.check(str(POST), {"alphas": [["sqrt(6)/6", "sqrt(6)/6", "-sqrt(6)/3"],
                                              ["sqrt(2)/2", "-sqrt(2)/2", "0"]]}).result("alphas")
    assert (unit.verdict, unit.mistake) == ("mistake", "alphas_are_v")
    over_lambda = tutor.check(str(POST), {"alphas": [["sqrt(3)/6", "sqrt(3)/6", "-sqrt(3)/3"],
                                                     ["sqrt(3)/2", "-sqrt(3)/2", "0"]]}).result("alphas")
    assert (over_lambda.verdict, over_lambda.mistake) == ("mistake", "alphas_over_variance")
    # a wrong η₁ = 5 with the right eigenvectors: α₁ = v₁/√5 earns follow-through
    own = tutor.check(str(POST), {
        "eigenvalues": [5, 2, 0],
        "eigenvectors": [["1/sqrt(6)", "1/sqrt(6)", "-2/sqrt(6)"], ["1/sqrt(2)", "-1/sqrt(2)", "0"],
                         ["1/sqrt(3)", "1/sqrt(3)", "1/sqrt(3)"]],
        "alphas": [["1/sqrt(30)", "1/sqrt(30)", "-2/sqrt(30)"], ["1/2", "-1/2", "0"]]}).result("alphas")
    assert own.verdict == "follow-through", own
