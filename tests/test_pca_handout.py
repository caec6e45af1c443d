"""The PCA family's worked solutions as a lecturer hands them out (issue 16): the brief level reads
like the notes' recipe (one line per step, each check once with its arithmetic, the interpretation,
the sign freedom, a Watch-out line), both levels carry the care lines, and every bundled problem's
brief solution fits two A4 pages."""

import re

import pytest
import sympy as sp

from tutor import render, solve

from .conftest import PROBLEMS
from .test_detail import _pdf_pages
from .test_overflow import needs_pdflatex, sweep

TOPICS = ("pca", "pca-gram", "pca-feature-map")
BUNDLED = sorted(str(p.relative_to(PROBLEMS).with_suffix("")) for t in TOPICS for p in (PROBLEMS / t).glob("*.yaml"))


def _render(name: str, detail: str, fmt: str = "md") -> str:
    return render(solve(str(PROBLEMS / f"{name}.yaml")), fmt, detail)


@pytest.mark.parametrize("name", BUNDLED)
def test_a_bundled_brief_solution_fits_two_pages(name, tmp_path):
    text = render(solve(str(PROBLEMS / f"{name}.yaml")), "tex", "brief", figures=False)  # the text's length
    assert _pdf_pages(text, tmp_path) <= 2


@pytest.mark.parametrize("name", BUNDLED)
@pytest.mark.parametrize("detail", ["brief", "full"])
def test_both_levels_carry_the_watch_out_line(name, detail):
    assert _render(name, detail).count("**Watch out:**") == 1


@pytest.mark.parametrize("name", BUNDLED)
def test_the_brief_level_repeats_no_check_as_a_bare_line(name):
    assert "Checks:" not in _render(name, "brief")


def test_pca_brief_reads_like_the_recipe():
    text = _render("pca/two-d-one-component", "brief")
    assert r"$\bar{\mathbf x} = \tfrac{1}{4}{(6, 6)}^T = {(\frac{3}{2}, \frac{3}{2})}^T$" in text
    # the eigenvalues add up to tr S, with the sum written out
    assert r"$2 + \frac{1}{2} = \frac{5}{2} = \frac{5}{4} + \frac{5}{4} = \operatorname{tr} S$" in text
    # w found by hand (orthogonal to the rows of S − λI), then S w beside w: the eigenvector check, once
    assert r"$\mathbf w_1$ is orthogonal to the rows of $S - 2\,I$, multiples of $(1, 1)$: ${(1, -1)}^T$" in text
    assert r"$S{(1, -1)}^T = {(2, -2)}^T = 2\,\mathbf w_1$" in text
    assert r"PC 1 separates $\mathbf x_1$, $\mathbf x_3$ from $\mathbf x_2$, $\mathbf x_4$." in text
    assert "is fixed only up to sign" in text
    assert r"The dropped component carries $20\%$ of the variance." in text  # as a person writes it (issue 31)
    # the error worked out and set beside the dropped eigenvalue: the check, shown once
    assert r"= \frac{1}{2} = \lambda_2$, the dropped variance." in text


@pytest.mark.parametrize("detail", ["brief", "full"])
def test_the_care_lines_are_at_both_levels(detail):
    pca = _render("pca/two-d-one-component", detail)
    assert "PC 1 separates" in pca and "fixed only up to sign" in pca and "The dropped component carries" in pca
    gram = _render("pca-gram/three-points-four-attributes", detail)
    assert "fixed only up to sign" in gram and "smaller" in gram  # the side of X_c X_cᵀ / X_cᵀX_c, and why


def test_the_unbiased_error_is_the_scaled_dropped_eigenvalue():
    text = _render("pca/unbiased-covariance", "brief")
    assert r"= \frac{1}{2} = \frac{3}{4}\,\lambda_2$" in text
    assert r"divide $X_c^T X_c$ by $n - 1$ as asked" in text


def test_the_gram_side_is_said_and_why():
    small = _render("pca-gram/three-points-four-attributes", "brief")
    assert r"$K$ is $3 \times 3$, smaller than the $4 \times 4$ covariance" in small
    large = _render("pca-gram/four-points-2d", "brief")
    assert (r"$K$ is $4 \times 4$, larger than the $2 \times 2$ covariance: here $d = 2 < n = 4$, so by hand the "
            r"covariance is less work, and the Gram route pays off when $d > n$.") in large
    full = _render("pca-gram/four-points-2d", "full")
    assert "here the covariance is the smaller side ($d = 2 < n = 4$), so by hand it is less work" in full


def test_named_cubic_roots_give_decimals_beside_the_formula_that_defines_them():
    """Five points in 3-D: the eigenvalues are roots of an irreducible cubic, so the directions,
    scores and reconstructions are shown as decimals, never as pages of nested root expressions."""
    # the points that were bundled as pca/three-d-two-components, kept as test data
    text = render(solve(str(PROBLEMS.parent / "tests" / "data" / "by-machine" / "pca-irreducible-cubic.yaml")),
                  "md", "brief")
    assert r"\mathbf w_i = {(1, 250 \lambda_{i}^{2} - 185 \lambda_{i} + 20, - 375 \lambda_{i}^{2} + 290 \lambda_{i} - 37)}^T" in text
    assert r"$\mathbf u_1 \approx {( 0.9425, 0.2862, 0.1723 )}^T$" in text
    assert r"\hat{\mathbf x}_1 \approx {( 0.7552, 0.5314, 0.4559 )}^T" in text
    assert r"\approx 0.1504 \approx \lambda_3$, the dropped variance" in text
    assert r"\frac{\lambda_1 + \lambda_2}{\frac{26}{25}} \approx 85.5\%" in text
    assert "exact form: too long" not in text.split("### Final answers")[0]


def test_the_bundled_five_points_in_3d_are_done_by_hand():
    """Issue 30: the bundled problem's characteristic polynomial factors over Q, so every value is exact."""
    solution = solve(str(PROBLEMS / "pca" / "three-d-two-components.yaml"))
    assert solution.answers["eigenvalues"] == (2, 1, sp.Rational(1, 5))
    text = _render("pca/three-d-two-components", "brief")
    assert r"- \left(\lambda - 2\right) \left(\lambda - 1\right) \left(\lambda - \frac{1}{5}\right)" in text
    assert r"$\mathbf u_1 = \frac{1}{\sqrt{3}}\,{(1, -1, 1)}^T$" in text
    assert r"\frac{15}{16} = 93.75\%" in text  # the percentage itself, not a rounded 93.8%
    assert r"= \frac{1}{5} = \lambda_3$, the dropped variance" in text
    # exact final answers: the only rounding is the captured fraction's percentage, as the step writes it
    final = text.split("### Final answers")[1]
    assert "root of" not in text and r"\approx" not in final
    assert r"\frac{15}{16} = 93.75\%" in final


def test_no_equality_restates_a_value():
    """x̄₁ = 5/3 = 5/3 and ρ₃ + ρ₂ = ρ₂ + ρ₃ were printed before."""
    for name in BUNDLED:
        for detail in ("brief", "full"):
            text = _render(name, detail)
            for a, b in re.findall(r"= (\\frac\{\d+\}\{\d+\}) = (\\frac\{\d+\}\{\d+\})", text):
                assert a != b, (name, detail, a)


# Points whose Gram matrix has eigenvalues that are roots of an irreducible cubic (and, five points in
# 6-D, of a quartic): the brief lines once ran 190-240pt off the page with X_cᵀw in named roots.
NAMED_GRAM = {
    "cubic": [[1, 0, 0, 2, 1], [0, 1, 0, 0, 3], [0, 0, 1, 1, 0], [2, 1, 1, 0, 0]],
    "quartic": [[-1, 1, 0, 1, 2, 2], [0, 3, 1, 1, 0, 2], [3, 2, 3, 1, 1, 3], [-1, 0, 3, -1, 2, 0],
                [1, 0, 0, 3, 2, 2]],
}


@needs_pdflatex
@pytest.mark.parametrize("name", sorted(NAMED_GRAM))
@pytest.mark.parametrize("detail", ["brief", "full"])
def test_named_gram_eigenvalues_fit_the_page(name, detail, tmp_path):
    source = tmp_path / "p.yaml"
    source.write_text(f"topic: pca-gram\npoints: {NAMED_GRAM[name]}\n", encoding="utf-8")
    tex = render(solve(str(source)), "tex", detail)
    log, error = sweep.compile_log(tex)
    assert not error, error
    assert sweep.overflows(log) == []


def test_named_gram_eigenvectors_by_one_formula_when_it_is_short(tmp_path):
    source = tmp_path / "p.yaml"
    source.write_text(f"topic: pca-gram\npoints: {NAMED_GRAM['cubic']}\n", encoding="utf-8")
    text = render(solve(str(source)), "md", "brief")
    assert r"with $\mathbf w_i = {(1, - \frac{2 \mu_{i}^{2}}{5} + \frac{11 \mu_{i}}{5} - \frac{14}{5}," in text
    assert r"$\mathbf u_1 \approx {( 0.35, -0.1401, 0.2697, 0.1704, -0.8696 )}^T$" in text
    source.write_text(f"topic: pca-gram\npoints: {NAMED_GRAM['quartic']}\n", encoding="utf-8")
    assert r"each $\mathbf w_i$ from the null space of $K - \mu_i I$" in render(solve(str(source)), "md", "brief")


def test_fractions_of_the_variance_are_never_a_fraction_over_a_fraction():
    # (75/2)/50 and (32/3)/(80/3) were set as a fraction over a fraction; scaled to 75/100 and 24/32 the
    # numbers came from nowhere: a slash between the values themselves
    md = render(solve(str(PROBLEMS / "pca" / "two-d-one-component.yaml")), "md", "brief")
    assert r"$2 \big/ \frac{5}{2} = \frac{4}{5} = 80\%$" in md
    kpca = render(solve(str(PROBLEMS / "kernel-pca" / "from-kernel-matrix.yaml")), "md", "brief")
    assert r"$2 \big/ \frac{8}{3} = \frac{3}{4} = 75\%$" in kpca
    example3 = render(solve(str(PROBLEMS / "kernel-pca" / "example3.yaml")), "md", "brief")
    assert r"\frac{8}{14} = \frac{4}{7}" in example3  # whole numbers keep the notes' fraction
