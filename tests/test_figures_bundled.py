"""Every bundled problem of the topics the issue names draws its figures in every format: TikZ in the
LaTeX (its compiling without overfull boxes is test_golden's and test_overflow's), inline SVG in the
HTML, SVG files beside a Markdown file written with -o, a note on standard output, none with
--no-figures. The figures' numbers against the solutions' values: test_figures_<area>.py."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tests.conftest import PROBLEMS, run_cli
from tutor import render, solve

TOPICS = ("pca", "pca-feature-map", "kernel-pca", "rbf-gamma", "mds", "svd", "dfs-code", "amortised",
          "importance-sampling", "high-dim")
BUNDLED = sorted(p for topic in TOPICS for p in (PROBLEMS / topic).glob("*.yaml"))


def _figures(solution) -> int:
    return sum(step.figure is not None for step in solution.steps)


@pytest.mark.parametrize("source", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_bundled_problem_draws_its_figures_in_every_format(source, tmp_path):
    solution = solve(str(source))
    count = _figures(solution)
    assert count >= 1
    assert render(solution, "tex").count(r"\begin{tikzpicture}") == count
    assert render(solution, "html").count('<figure class="tutor-figure">') == count
    out = tmp_path / "sol.md"
    result = run_cli("solve", str(source), "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    for n in range(1, count + 1):
        assert f"![Figure {n}](<sol-fig{n}.svg>)" in text
        ET.fromstring((tmp_path / f"sol-fig{n}.svg").read_text(encoding="utf-8").split("\n", 1)[1])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["sol.md"] + [f"sol-fig{n}.svg" for n in range(1, count + 1)])


def test_standard_output_has_a_note_for_each_figure_and_no_figures_turns_them_off():
    source = str(PROBLEMS / "kernel-pca" / "example3.yaml")
    count = _figures(solve(source))
    shown = run_cli("solve", source).stdout
    assert shown.count("is left out on standard output") == count
    for fmt in ("md", "tex", "html", "json"):
        text = run_cli("solve", source, "-f", fmt, "--no-figures").stdout
        assert "Figure 1" not in text and "tikzpicture" not in text and '"figure"' not in text


def test_a_sheet_written_to_markdown_writes_the_figures_of_its_solutions(tmp_path):
    sources = [str(PROBLEMS / "kernel-pca" / "example3.yaml"), str(PROBLEMS / "dfs-code" / "post.yaml")]
    count = sum(_figures(solve(s)) for s in sources)
    result = run_cli("sheet", *sources, "--solutions", "-o", str(tmp_path / "week6.md"))
    assert result.exit_code == 0, result.output
    assert len(list(tmp_path.glob("week6-fig*.svg"))) == count
    assert run_cli("sheet", *sources, "-o", str(tmp_path / "plain.md")).exit_code == 0
    assert not list(tmp_path.glob("plain-fig*.svg"))  # the problems alone have no figures


@pytest.mark.parametrize("source", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_figures_add_at_most_a_page_to_a_brief_solution(source, tmp_path):
    from tests.test_detail import _pdf_pages

    solution = solve(str(source))
    without = _pdf_pages(render(solution, "tex", "brief", figures=False), tmp_path / "text")
    assert _pdf_pages(render(solution, "tex", "brief"), tmp_path / "figures") <= without + 1
