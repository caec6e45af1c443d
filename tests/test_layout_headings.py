"""Titles and headings with their maths typeset (issue 30, item 4): "(x^T y)^2" in a problem's title and
"The target p, the proposal q" in a step's heading are set as maths in every format, from safe
characters only (tutor/layout.py, heading_pieces)."""

from __future__ import annotations

import re

import pytest
import yaml

from tests.conftest import PROBLEMS
from tutor import render, solve
from tutor.layout import heading_html, heading_md, heading_pieces, heading_tex, step_title


@pytest.mark.parametrize("title,tex", [
    ("Length, distance and angle under (x^T y)^2", r"Length, distance and angle under $(x^T y)^2$"),
    ("Three points, quadratic kernel (1 + x^T y)^2", r"Three points, quadratic kernel $(1 + x^T y)^2$"),
    ("The Gram trick: eigenvectors of XXᵀ from those of XᵀX",
     r"The Gram trick: eigenvectors of $XX^{T}$ from those of $X^{T}X$"),
    ("Three points, RBF kernel with gamma = ln 2 / 4", r"Three points, RBF kernel with $\gamma = \ln 2 / 4$"),
    # a number before a spaced parenthesis is text: "2 (γ" is not the product 2(γ…)
    ("RBF at input distance 2 (gamma = ln 2 / 4)", r"RBF at input distance 2 $(\gamma = \ln 2 / 4)$"),
    ("The doubling array and the potential 2n − m", r"The doubling array and the potential $2n - m$"),
    ("The U, W lemma", r"The $U$, $W$ lemma"),
    ("Classical MDS: B = −½HAH", r"Classical MDS: $B = -\tfrac{1}{2}HAH$"),
    # words, sizes, acronyms and an article stay text
    ("A 4x2 data matrix and its best rank-1 approximation", "A 4x2 data matrix and its best rank-1 approximation"),
    ("A non-Euclidean distance table, best 1-D configuration",
     "A non-Euclidean distance table, best 1-D configuration"),
    ("The RBF card's distances 1, 2, 4, 8", "The RBF card's distances 1, 2, 4, 8"),
    # a letter in brackets labels a rule or a part: text, not a variable
    ("Blank 2, the reason for line 5: (C)", "Blank 2, the reason for line 5: (C)"),
])
def test_a_titles_maths_is_typeset(title, tex):
    assert heading_tex(title) == tex


def test_user_text_never_becomes_markup_through_the_maths():
    for hostile in (r"x^\input{a}", r"x^{\def}", "p$q", "q_#", "<b>x^2</b>"):
        for maths, piece in heading_pieces(hostile):
            assert not maths or not re.search(r"[\\$#{}<>&%]", piece.replace(r"\tfrac{1}{2}", "")), (hostile, piece)
    assert heading_tex(r"x^\input{a}") == r"x\textasciicircum{}\textbackslash{}input\{a\}"
    assert str(heading_html("<b> x_1")) == r'&lt;b&gt; <span class="math inline">\(x_1\)</span>'
    assert heading_md("1. under p") == "1&#46; under $p$"


def test_a_steps_own_maths_is_kept_and_its_bare_variables_set():
    assert step_title("The target p, the proposal q and f on the support") == \
        "The target $p$, the proposal $q$ and $f$ on the support"
    assert step_title(r"The SVD: $L$, $\Delta$ and $R$ together") == r"The SVD: $L$, $\Delta$ and $R$ together"
    assert step_title("A random direction near a fixed one") == "A random direction near a fixed one"


def test_no_bundled_title_has_raw_scripts_in_its_latex():
    for path in sorted(PROBLEMS.glob("*/*.yaml")):
        title = yaml.safe_load(path.read_text(encoding="utf-8")).get("title", "")
        tex = heading_tex(title)
        assert r"\textasciicircum" not in tex and r"\_" not in tex, (path, tex)


@pytest.mark.parametrize("fmt", ["tex", "md", "html"])
def test_rendered_headings_typeset_their_maths(fmt):
    text = render(solve(str(PROBLEMS / "importance-sampling" / "three-points.yaml")), fmt)
    if fmt == "html":
        assert r'proposal <span class="math inline">\(q\)</span>' in text
    else:
        assert "The target $p$, the proposal $q$ and $f$ on the support" in text
    title = render(solve(str(PROBLEMS / "feature-space" / "quadratic-kernel.yaml")), fmt)
    heading = {"tex": r"\tutortitle{Length, distance and angle under $(x^T y)^2$}",
               "md": "# Length, distance and angle under $(x^T y)^2$",
               "html": r'<h1>Length, distance and angle under <span class="math inline">\((x^T y)^2\)</span></h1>'}
    assert heading[fmt] in title


def test_one_spelling_of_eckart_young():
    from tutor.generators import draw_solved
    from tutor.rendering import render

    drawn = [draw_solved("svd", d, 1) for d in ("easy", "medium", "hard")]
    titles = [generated.data["title"] for generated, _, _ in drawn]
    assert all("Eckart-Young" not in t for t in titles), titles
    # the titles say the matrix and the rank ("SVD of a 2 × 3 matrix and its best rank-1 approximation"); the
    # solution names the theorem
    assert all("Eckart–Young" in render(solution, "md") for _, _, solution in drawn)
    # and in what tutor ships (a quoted seed title, "Eckart-Young Theorem", is the seed's own spelling)
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for folder in ("tutor", "templates", "problems", "docs"):
        for path in (root / folder).rglob("*"):
            if path.suffix in (".py", ".j2", ".yaml", ".md") and path.is_file():
                text = path.read_text(encoding="utf-8").replace('"Eckart-Young Theorem"', "")
                assert "Eckart-Young" not in text, path
