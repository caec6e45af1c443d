"""pca part (f) asks for the reconstruction error "and check it against the dropped eigenvalues": the final
answers and the exam key give that check, for the convention in use (n or n − 1), as the step makes it."""

import pytest

import tutor
from tutor.exam.blueprint import Student
from tutor.exam.build import Asked, Paper, paper_document


def solved(name: str):
    return tutor.solve(tutor.load_problem(f"problems/pca/{name}.yaml"))


def final_answers(text: str) -> str:
    return text.split("Final answers", 1)[1]


CASES = {
    # divided by n: the error is the dropped eigenvalue itself
    "two-d-one-component": r"\frac{1}{2}$; check: $\lambda_{2} = \frac{1}{2}\ \checkmark$, the dropped eigenvalue",
    # divided by n − 1: (n − 1)/n of it, worked with the numbers
    "unbiased-covariance": (r"\frac{1}{2}$; check: $\frac{3}{4}\,\lambda_{2} = \frac{3}{4} \cdot \frac{2}{3} = \frac{1}{2}\ \checkmark$, "
                            r"$\frac{n - 1}{n}$ of the dropped eigenvalue, as $S$ was divided by $n - 1$"),
}


@pytest.mark.parametrize("fmt", ["md", "tex", "html"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_final_answers_check_the_dropped_eigenvalues(name, fmt):
    out = final_answers(tutor.render(solved(name), fmt, "brief", figures=False))
    wanted = CASES[name]
    if fmt == "html":  # the same words, the maths in \( \) spans
        assert "dropped eigenvalue" in out and r"\lambda_{2}" in out and r"\ \checkmark" in out
    else:
        assert wanted in out


def test_two_dropped_eigenvalues_are_summed():
    loaded = tutor.load_problem_text("topic: pca\npoints: [[2, 0, 1], [0, 2, 0], [3, 1, 1], [1, 3, 2]]\n"
                                     "components: 1\ndivisor: n\n")
    out = final_answers(tutor.render(tutor.solve(loaded), "md", "brief", figures=False))
    assert r"check: $\lambda_{2} + \lambda_{3} = \frac{\sqrt{2} + 2}{4} + \frac{2 - \sqrt{2}}{4} = 1\ \checkmark$" in out
    assert "the sum of the dropped eigenvalues" in out


@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_the_exam_key_gives_the_check(fmt):
    solution = solved("unbiased-covariance")
    asked = Asked(1, solution.title, "pca", "easy", 1, "k", "s1/q1.yaml", "", solution)
    key = paper_document("Mid-term", Paper(Student("s1", "Ada"), (asked,)), fmt, key=True)
    assert r"\frac{3}{4}\,\lambda_{2} = \frac{3}{4} \cdot \frac{2}{3} = \frac{1}{2}" in key
    assert "of the dropped eigenvalue" in key
