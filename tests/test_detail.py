"""Two levels of detail (issue 16, parts 1 and 6): brief reads like the notes' worked example,
full shows every hand step; the level is a rendering choice, never a change to the steps."""

import os
import shutil
import subprocess

import pytest
import sympy as sp

from tutor import render, solve
from tutor.topics.kernel_pca.recipe import separation

from .conftest import PROBLEMS, run_cli

EXAMPLE3 = str(PROBLEMS / "kernel-pca" / "example3.yaml")


def test_the_level_changes_the_text_but_not_the_steps():
    solution = solve(EXAMPLE3)
    assert render(solution, "md") == render(solution, "md", "brief")
    assert render(solution, "md", "brief") != render(solution, "md", "full")
    assert render(solution, "json", "brief") == render(solution, "json", "full")


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="level of detail"):
        render(solve(EXAMPLE3), "md", "short")
    result = run_cli("solve", EXAMPLE3, "--detail", "short")
    assert result.exit_code == 2


def test_the_cli_passes_the_level_through():
    solution = solve(EXAMPLE3)
    for detail in ("brief", "full"):
        assert run_cli("solve", EXAMPLE3, "--detail", detail, "-f", "tex").stdout == render(solution, "tex", detail)
    assert run_cli("solve", EXAMPLE3).stdout == render(solution, "md", "brief")
    full = run_cli("sheet", EXAMPLE3, "--solutions", "--detail", "full").stdout
    brief = run_cli("sheet", EXAMPLE3, "--solutions").stdout
    assert "#### Step 1: Centred kernel matrix (given)" in full
    assert "Step 1:" not in brief and "**1. Centred kernel matrix (given).**" in brief


# The notes' worked example ("Kernel PCA on Example 3, by hand"), line by line, as the brief LaTeX writes it.
def v(*entries: str) -> str:
    """A vector as the brief LaTeX writes it inline: (1, −1, 0)ᵀ, one braced atom that never breaks."""
    return "{(" + ", ".join(entries) + ")}^T"


NOTES_LINES = [
    # eigenvectors from symmetry, each η said once (the characteristic polynomial only confirms them)
    rf"Swapping $\mathbf x_1$ and $\mathbf x_2$ leaves $\hat{{\mathbf K}}$ unchanged, so try "
    rf"$\mathbf w_1 = {v('1', '-1', '0')}$: $\hat{{\mathbf K}}\mathbf w_1 = {v('8', '-8', '0')}$, $\eta_1 = 8$",
    rf"$\mathbf w_2 = {v('1', '1', '-2')}$, $\hat{{\mathbf K}}\mathbf w_2 = {v('6', '6', '-12')}$, $\eta_2 = 6$",
    rf"$\hat{{\mathbf K}}\mathbf w_3 = \mathbf 0$ for $\mathbf w_3 = {v('1', '1', '1')}$: $\eta_3 = 0$",
    r"$\det(\hat{\mathbf K} - \eta \mathbf I) = - \eta \left(\eta - 8\right) \left(\eta - 6\right)$, whose roots are the $\eta$ found",
    r"$\lambda_{1} = \frac{8}{3}$, $\lambda_{2} = 2$",
    r"$\frac{8}{14} = \frac{4}{7} \approx 57.1\%$, $\frac{6}{14} = \frac{3}{7} \approx 42.9\%$",
    r"at most $n - 1 = 2$ can be non-zero",
    rf"= \frac{{1}}{{4}}\,{v('1', '-1', '0')}$",
    rf"= \frac{{1}}{{6}}\,{v('1', '1', '-2')}$",
    rf"$\mathbf a_1 = \frac{{1}}{{4}}\,{v('8', '-8', '0')} = {v('2', '-2', '0')}$",
    rf"$\mathbf a_2 = \frac{{1}}{{6}}\,{v('6', '6', '-12')} = {v('1', '1', '-2')}$",
    r"$\tfrac{1}{3}{(}4 + 4 + 0{)} = \frac{8}{3} = \lambda_1$",
    r"$\tfrac{1}{3}{(}1 + 1 + 4{)} = 2 = \lambda_2$",
    r"PC 1 separates $\mathbf x_1$ from $\mathbf x_2$",
    r"PC 2 separates $\mathbf x_3$ from $\mathbf x_1$, $\mathbf x_2$",
    r"fixed only up to sign",
    r"\textbf{Watch out:} the variances are $\lambda = \eta/n$, not $\eta$",
]


def test_example3_brief_has_the_notes_lines_once():
    tex = render(solve(EXAMPLE3), "tex", "brief")
    missing = [line for line in NOTES_LINES if line not in tex]
    assert not missing, missing
    assert r"\frac{8}{3} = \frac{8}{3}" not in tex  # no x = x
    assert "Check: " not in tex  # the worked checks are not repeated as bare "Check: … holds." lines
    assert tex.count(r"\tfrac{1}{3}{(}4 + 4 + 0{)}") == 1
    assert tex.count(r"\eta_1 = 8") == 1 and r"\eta_{1} = 8" not in tex  # η said once, not listed again


def test_the_full_level_has_every_hand_step_and_the_brief_levels_care_lines():
    # A lecturer expects full ⊇ brief: the care lines too; the worked checks once; no "x = x".
    tex = render(solve(EXAMPLE3), "tex", "full")
    assert r"\subsection*{Step 4: Unit eigenvectors}" in tex
    for line in ("Watch out", "PC 1 separates", "fixed only up to sign", "at most $n - 1 = 2$ can be non-zero",
                 r"$5 - 3 - 2 = 0$", r"\sum_i a_{i1}^2 = 4 + 1 = 5 = \hat K_{11}"):
        assert line in tex, line
    assert "Check: " not in tex  # each check is worked out in its step, not repeated as a bare line
    assert r"\lambda_{1} = \frac{8}{3}, \quad \lambda_{2} = \frac{6}{3} = 2" in tex
    assert r"\frac{8}{3} = \frac{8}{3}" not in tex


def test_a_linear_kernel_says_these_are_the_pca_scores():
    linear = render(solve(str(PROBLEMS / "kernel-pca" / "linear-three-points.yaml")), "md")
    rbf = render(solve(str(PROBLEMS / "kernel-pca" / "rbf-three-points.yaml")), "md")
    assert "ordinary PCA scores" in linear
    assert "ordinary PCA scores" not in rbf


def test_what_a_component_separates_comes_from_the_signs_of_its_coordinates():
    s = separation(1, (sp.Integer(2), sp.Integer(-2), sp.Integer(0)))
    assert (s.first, s.second, s.zero) == ((1,), (2,), (3,))
    s = separation(2, (sp.Integer(1), sp.Integer(1), sp.Integer(-2)))
    assert (s.first, s.second, s.zero) == ((3,), (1, 2), ())  # the single point first, as the notes say it
    s = separation(1, (-sp.sqrt(2), sp.sqrt(2) - 1, 1 - sp.sqrt(3) / 3))
    assert (s.first, s.second) == ((1,), (2, 3))


def _pdf_pages(tex: str, folder) -> int:
    folder.mkdir(exist_ok=True)
    tmp_path = folder
    exe = shutil.which("pdflatex")
    if exe is None or shutil.which("pdfinfo") is None:
        if os.environ.get("CI"):
            pytest.fail("pdflatex and pdfinfo are needed")
        pytest.skip("pdflatex or pdfinfo is not installed")
    (tmp_path / "page.tex").write_text(tex, encoding="utf-8")
    subprocess.run([exe, "-interaction=nonstopmode", "-halt-on-error", "page.tex"], cwd=tmp_path,
                   capture_output=True, timeout=120, check=True)
    info = subprocess.run(["pdfinfo", "page.pdf"], cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[1] for line in info.splitlines() if line.startswith("Pages:")))


def test_example3_brief_is_much_shorter_than_full(tmp_path):
    solution = solve(EXAMPLE3)
    brief = _pdf_pages(render(solution, "tex", "brief"), tmp_path / "brief")
    full = _pdf_pages(render(solution, "tex", "full"), tmp_path / "full")
    assert brief <= 2 < full


def test_example3_brief_is_one_page(tmp_path):
    # As the notes' worked example is: the text alone; its figure of the coordinates makes it two.
    assert _pdf_pages(render(solve(EXAMPLE3), "tex", "brief", figures=False), tmp_path / "text") == 1
    assert _pdf_pages(render(solve(EXAMPLE3), "tex", "brief"), tmp_path / "figure") == 2
