"""A polynomial kernel with c = 0 is written (xᵀy)^p: no "(0 + xᵀy)" in the statement, steps or kernel trick,
in any topic that shows the kernel, in md, tex and html, brief and full (issue 30)."""

import re

import pytest

import tutor

POINTS = "points: [[0, 0], [1, 0], [0, -2]]\n"
HOMOGENEOUS = "kernel: {name: polynomial, degree: 2, offset: 0}\n"
FILES = {
    "kernel-matrix": POINTS + HOMOGENEOUS,
    "kernel-pca": POINTS + HOMOGENEOUS,
    "centring": POINTS + HOMOGENEOUS,
    "feature-mean": POINTS + HOMOGENEOUS,
    "feature-space": "points: [[1, 2], [2, 0]]\n" + HOMOGENEOUS,
    "feature-map": "degree: 2\noffset: 0\npoints: [[1, 2], [3, -1]]\n",
    "kernel-pca-cubic": "points: [[1, 0], [0, 1], [1, 1]]\nkernel: {name: polynomial, degree: 3, offset: 0}\n",
}
# "(0 + 4)^2", "( 0 + \mathbf x", "(c + x^T y)": the offset's zero term, or its letter (a mean of listed
# values, \left( 0 + \frac{1}{3} + …\right), may start at 0: it is no kernel)
ZERO_TERM = re.compile(r"(?<!\\left)\(\s*0\s*\+|\(c \+ \\mathbf x")


def render(topic: str, fmt: str, detail: str) -> str:
    name = topic.removesuffix("-cubic")
    loaded = tutor.load_problem_text(f"topic: {name}\n" + FILES[topic], f"{topic}.yaml")
    return tutor.render(tutor.solve(loaded), fmt, detail, figures=False)


@pytest.mark.parametrize("fmt", ["md", "tex", "html"])
@pytest.mark.parametrize("detail", ["brief", "full"])
@pytest.mark.parametrize("topic", sorted(FILES))
def test_no_zero_term(topic, fmt, detail):
    out = render(topic, fmt, detail)
    assert not ZERO_TERM.search(out), ZERO_TERM.search(out).group()
    assert r"(\mathbf x^T \mathbf y)^" in out  # the kernel as the notes write it, in the statement


@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_zero_offset_steps_read_as_powers(fmt):
    out = render("kernel-matrix", fmt, "brief")
    assert r"K_{ij} = (\mathbf x_i^T \mathbf x_j)^p" in out
    assert "K_{22} = 1^{2} = 1" in out and r"K_{33} = 4^{2} = 16" in out
    full = render("kernel-matrix", fmt, "full")
    assert r"\mathbf K = ( X^T X) \circ ( X^T X)" in full and "Add $c" not in full
    trick = render("feature-map", fmt, "brief")
    assert r"(\mathbf x^T \mathbf y)^p = 1^{2} = 1" in trick


def test_an_offset_is_still_shown():
    loaded = tutor.load_problem_text("topic: kernel-matrix\n" + POINTS
                                     + "kernel: {name: polynomial, degree: 2, offset: 1}\n")
    out = tutor.render(tutor.solve(loaded), "md", "brief")
    assert r"(c + \mathbf x_i^T \mathbf x_j)^p" in out and "K_{22} = ( 1 + 1)^{2} = 4" in out
