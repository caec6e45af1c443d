"""The HTML format: self-contained pages whose maths KaTeX sets, and the Jupyter displays."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tutor import render, solve, topic_names
from tutor.rendering import render_fragment

from .conftest import PROBLEMS, run_cli

BUNDLED = sorted(PROBLEMS.glob("*/*.yaml"))
CHROMIUM = "/usr/bin/chromium"


def _main(page: str) -> str:
    return page[page.index("<main>"):page.index("</main>")]


def _assert_self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    # Nothing is fetched: no external script, style sheet, font or image.
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)|url\((?!data:)""", page)
    assert "katex.render" in page and "font/woff2;base64," in page


@pytest.mark.parametrize("source", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_bundled_problem_renders_as_a_self_contained_page(source):
    result = run_cli("solve", str(source), "--format", "html")
    assert result.exit_code == 0, result.output
    page = result.output
    _assert_self_contained(page)
    body = _main(page)
    assert "$" not in body, "inline maths left unmarked"
    assert body.count('class="math ') >= 2
    assert "<p></p>" not in body
    # Every formula is escaped once: KaTeX reads the element's text, so `&` must arrive as `&`.
    for formula in re.findall(r'class="math [a-z]+">(.*?)</(?:span|div)>', body, re.S):
        assert "&amp;amp;" not in formula and "<" not in formula


@pytest.mark.parametrize("solutions", [False, True])
def test_html_sheet_numbers_the_problems(solutions, tmp_path):
    files = [str(PROBLEMS / "kernel-pca" / "example3.yaml"), str(PROBLEMS / "dfs-code" / "post.yaml")]
    out = tmp_path / "sheet.html"
    args = ["sheet", *files, "-f", "html", "-o", str(out)] + (["--solutions"] if solutions else [])
    assert run_cli(*args).exit_code == 0
    page = out.read_text(encoding="utf-8")
    _assert_self_contained(page)
    assert "<h2>Problem 1: Kernel PCA on Example 3</h2>" in page
    assert "<h2>Problem 2: The post&#39;s graph</h2>" in page
    assert ("1. Centred kernel matrix (given)." in page) == solutions  # the brief level's step lead-in


def test_a_title_is_text_in_html_never_markup_or_its_own_maths(tmp_problem):
    # Its $ is text; only the maths tutor finds in it (x_1) is set as maths, rebuilt from safe characters.
    path = tmp_problem('topic: kernel-pca\ntitle: "Week 6: <b>$5</b> & x_1"\n'
                       "centred_kernel_matrix: [[1, -1], [-1, 1]]\n")
    page = run_cli("solve", path, "-f", "html").output
    assert ('<h1>Week 6: &lt;b&gt;&#36;5&lt;/b&gt; &amp; <span class="math inline">\\(x_1\\)</span></h1>'
            in page)
    assert "<title>Week 6: &lt;b&gt;$5&lt;/b&gt; &amp; x_1</title>" in page
    page = run_cli("sheet", path, "-f", "html", "-t", "<i>$x$</i>").output
    assert "<h1>&lt;i&gt;&#36;x&#36;&lt;/i&gt;</h1>" in page


def test_literal_less_than_in_a_template_formula_is_escaped():
    # am_cases writes "$n < m$" in the template itself, which the environment does not escape.
    page = render(solve(str(PROBLEMS / "amortised" / "doubling.yaml")), "html")
    assert r'<span class="math inline">\(n &lt; m\)</span>' in page


def test_solution_displays_in_jupyter_as_markdown_latex_and_html():
    solution = solve(str(PROBLEMS / "kernel-pca" / "example3.yaml"))
    # The same Markdown, but each figure inlined as data (a notebook has no files beside it).
    assert "![Figure 1](<data:image/svg+xml;base64," in solution._repr_markdown_()
    assert render_fragment(solution, "md", figures=False) == render(solution, "md", figures=False)
    latex = solution._repr_latex_()
    assert latex.startswith(r"\section*{Kernel PCA on Example 3}") and r"\documentclass" not in latex
    assert r"\textbf{1. Centred kernel matrix (given).}" in latex  # brief, the default level
    fragment = solution._repr_html_()
    # A fragment for the notebook's own MathJax: delimited maths, no page, no script of ours.
    assert fragment.startswith('<article class="tutor-solution">') and "<script" not in fragment
    assert "<html" not in fragment and "$" not in fragment
    assert r'<span class="math inline">\(\hat{\mathbf K}\)</span>' in fragment
    assert fragment == render_fragment(solution, "html")


def test_jupyter_latex_compiles_inside_a_plain_document(tmp_path):
    exe = shutil.which("pdflatex")
    if exe is None:
        pytest.skip("pdflatex is not installed (CI installs it)")
    body = solve(str(PROBLEMS / "svd" / "rank-deficient.yaml"))._repr_latex_()
    tex = tmp_path / "notebook.tex"
    tex.write_text("\\documentclass{article}\n\\usepackage{amsmath,amssymb}\n\\begin{document}\n" + body
                   + "\\end{document}\n", encoding="utf-8")
    result = subprocess.run([exe, "-interaction=nonstopmode", "-halt-on-error", tex.name], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-2000:]


# --- in a browser -------------------------------------------------------------------


def _visible_text(dom: str) -> str:
    """The text a reader sees in <main>: without KaTeX's hidden MathML copy (which keeps the TeX
    source as an annotation for screen readers) and without tags."""
    body = _main(dom)
    body = re.sub(r'<span class="katex-mathml">.*?</math></span>', "", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", body))


def _chromium(page: Path, screenshot: Path) -> str:
    """Open the page in headless Chromium: save a screenshot, return the DOM after its scripts ran."""
    with tempfile.TemporaryDirectory() as profile:
        result = subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
             "--window-size=1000,1400", f"--screenshot={screenshot}", "--dump-dom", page.as_uri()],
            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is not installed (Debian: apt-get install chromium)")
@pytest.mark.parametrize("topic", topic_names())
def test_one_page_of_every_topic_shows_its_maths_set_in_chromium(topic, tmp_path):
    source = sorted((PROBLEMS / topic).glob("*.yaml"))[0]
    page = tmp_path / f"{topic}.html"
    page.write_text(render(solve(str(source)), "html"), encoding="utf-8")
    screenshot = tmp_path / f"{topic}.png"
    dom = _chromium(page, screenshot)
    assert screenshot.stat().st_size > 10_000  # a page was drawn, not a blank
    body = _main(dom)
    formulas = body.count('class="math ')
    assert formulas >= 2 and body.count('class="katex"') == formulas, "a formula was not set"
    assert "katex-error" not in body
    text = _visible_text(dom)
    assert not re.search(r"\\[a-zA-Z]+|\\[\[\]()]", text), re.search(r".{40}\\[a-zA-Z]+.{40}", text)
    assert "$" not in text


def test_html_never_reuses_templates_compiled_for_markdown(tmp_path):
    # Jinja's bytecode cache outlives the process and is keyed by template file; the HTML environment
    # compiles the same files with escaping, so it must keep its own cache entries.
    import os
    import sys

    code = ("import sys, tutor; sys.stdout.write(tutor.render(tutor.solve("
            "tutor.load_problem('kernel-pca/example3')), sys.argv[1], 'full'))")
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    for fmt in ("md", "html"):
        out = subprocess.run([sys.executable, "-c", code, fmt], env=env, capture_output=True, text=True,
                             check=True).stdout
    assert "each eigenvector&#39;s first non-zero entry" in out
    assert any(tmp_path.rglob("__jinja2_tutor_html_*.cache"))


def test_every_brief_step_starts_its_own_paragraph():
    # Example 3's step 4 ran on in step 3's paragraph: the mark where a step's named values are written
    # out stood on a line of its own between them, and was no paragraph break in HTML as it is elsewhere.
    for path in sorted(PROBLEMS.glob("*/*.yaml")):
        html = render(solve(str(path)), "html")
        leads = re.findall(r"(.{3})<strong>(\d+)\. ", html, re.S)
        assert leads and all(before == "<p>" for before, _ in leads), (path.name, leads)


def test_a_long_formula_before_a_full_stop_may_still_break_across_lines():
    # The sum of 64 amortised costs was kept on one line with its full stop (white-space: nowrap),
    # running off the page.
    from tutor.rendering import html_body

    short = str(html_body("so $x = 1$."))
    long = str(html_body("so $" + " + ".join(["1"] * 40) + "$."))
    assert '<span class="nowrap">' in short and '<span class="nowrap">' not in long
    assert long.rstrip().endswith("</span>.</p>")  # the full stop kept
