"""Matrix sizes in the bundled svd titles as a person writes them ("3 × 3", issue 30 review, point 5), and
that the × reaches every format: Markdown and HTML as the character, LaTeX as the preamble declares it
(\\DeclareUnicodeCharacter{00D7}), so pdflatex accepts the title."""

from __future__ import annotations

import re

import pytest

from tutor import render, solve

from .conftest import PROBLEMS
from .test_detail import _pdf_pages

SVD = sorted((PROBLEMS / "svd").glob("*.yaml"))


@pytest.mark.parametrize("path", SVD, ids=lambda p: p.stem)
def test_a_size_in_a_title_is_written_with_the_times_sign(path):
    solution = solve(str(path))
    assert not re.search(r"\dx\d", solution.title) and re.search(r"\d × \d", solution.title), solution.title
    md, html, tex = (render(solution, f, "brief") for f in ("md", "html", "tex"))
    assert md.startswith(f"# {solution.title}\n")
    assert f"<title>{solution.title}</title>" in html
    assert rf"\tutortitle{{{solution.title}}}" in tex


def test_pdflatex_accepts_the_times_sign_in_a_title(tmp_path):
    solution = solve(str(PROBLEMS / "svd" / "two-by-two.yaml"))
    assert _pdf_pages(render(solution, "tex", "brief", figures=False), tmp_path / "svd") >= 1
