"""svd part (f) asks for the error ‖D − D_r‖_F "and check it against the Eckart–Young theorem": the final
answers give that check from the singular values left out, as the step makes it."""

import pytest

import tutor

CASES = {
    "eckart-young-four-by-two": r"check: $\sqrt{\delta_{2}^2} = \sqrt{5}\ \checkmark$, by Eckart–Young from the "
                                r"singular value left out",
    "three-by-three": r"check: $\sqrt{\delta_{3}^2} = \sqrt{1} = 1\ \checkmark$",
    "rank-deficient": r"check: $r$ is the rank of $D$, so $D_r = D$ and the error is $0$",
}


@pytest.mark.parametrize("fmt", ["md", "tex"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_final_answers_check_the_error_against_eckart_young(name, fmt):
    solution = tutor.solve(tutor.load_problem(f"problems/svd/{name}.yaml"))
    out = tutor.render(solution, fmt, "brief", figures=False).split("Final answers", 1)[1]
    assert CASES[name] in out


def test_two_singular_values_left_out_are_summed():
    solution = tutor.solve(tutor.load_problem_text(
        "topic: svd\nmatrix: [[3, 0, 0], [0, 2, 0], [0, 0, 1]]\nrank: 1\n", "<test>"))
    out = tutor.render(solution, "md", "brief", figures=False).split("Final answers", 1)[1]
    assert r"\sqrt{\delta_{2}^2 + \delta_{3}^2} = \sqrt{4 + 1} = \sqrt{5}" in out
    assert "singular values left out" in out
