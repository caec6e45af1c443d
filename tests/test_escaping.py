"""Free text from problem files (titles) in each output format: Markdown, LaTeX, Moodle XML.

A title is checked when the problem is loaded (one line, no control characters, only characters
pdflatex can typeset: accented Latin letters, Greek, common punctuation); each format then escapes
what is special to it, so a title is shown exactly as written and can never become markup.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from tutor import load_problem_text, render, solve
from tutor.errors import ProblemError
from tutor.escaping import latex_text, markdown_code, markdown_text, xml_text
from tutor.moodle import markdown_to_html, quiz_xml

from .conftest import run_cli

SPECIALS = r"50% & x_1 #2 $5 ~a ^b \c {d} — café, Müller, ǎ, γ"
HOSTILE = "<script>alert(1)</script> *bold* [link](javascript:x) `code` | a & b"


def problem(title: str) -> str:
    # A title as a JSON string, which is a YAML double-quoted string: escapes for control characters.
    return (f"topic: kernel-pca\ntitle: {json.dumps(title, ensure_ascii=False)}\n"
            "points: [[0, 0], [1, 0], [0, 2]]\nkernel: {name: linear}\n")


def solved(title: str):
    return solve(load_problem_text(problem(title), "<test>"))


# --- refused at load time, with the field -----------------------------------------------------------

@pytest.mark.parametrize("title,expected", [
    ("a\rb", "contains a control or invisible character (U+000D)"),
    ("a\x07b", "contains a control or invisible character (U+0007)"),
    ("a\u202eb", "contains a control or invisible character (U+202E)"),  # right-to-left override
    ("party 😀", "the character '😀' (U+1F600) cannot be typeset in LaTeX"),
    ("核方法", "the character '核' (U+6838) cannot be typeset in LaTeX"),
    ("Ядро", "the character 'Я' (U+042F) cannot be typeset in LaTeX"),
])
def test_a_title_no_format_can_show_is_refused_naming_the_field(title, expected):
    with pytest.raises(ProblemError) as info:
        load_problem_text(problem(title), "p.yaml")
    assert str(info.value).startswith(f"p.yaml: title: {expected}")


def test_the_sheet_title_is_checked_the_same_way():
    result = run_cli("sheet", "kernel-pca/example3", "--title", "week\r6")
    assert result.exit_code == 2
    assert "error: --title: contains a control or invisible character (U+000D)" in result.output


# --- Markdown ----------------------------------------------------------------------------------------

def test_markdown_title_shows_as_written_and_is_never_markup():
    md = render(solved(HOSTILE), "md")
    heading = md.splitlines()[0]
    assert heading == ("# &lt;script&gt;alert(1)&lt;/script&gt; &#42;bold&#42; &#91;link&#93;(javascript:x) "
                       "&#96;code&#96; &#124; a &amp; $b$")  # b: a variable, set as maths
    assert "<script" not in md


@pytest.mark.parametrize("text,expected", [
    ("- not a list", "&#45; not a list"),
    ("+ not a list", "&#43; not a list"),
    ("12. not a list", "12&#46; not a list"),
    ("3) not a list", "3&#41; not a list"),
    ("# not a heading #", "&#35; not a heading &#35;"),
    ("> not a quote", "&gt; not a quote"),
    ("one\rtwo\nthree", "one two three"),  # a carriage return would start a new block
    ("$x$ and \\(y\\)", "&#36;x&#36; and &#92;(y&#92;)"),
    ("plain text, 2-D (x^T y)^2", "plain text, 2-D (x^T y)^2"),  # ordinary titles are unchanged
])
def test_markdown_text(text, expected):
    assert markdown_text(text) == expected


def test_markdown_code_spans_hold_any_file_name():
    assert markdown_code("class/alice.yaml") == "`class/alice.yaml`"
    assert markdown_code("a``b") == "```a``b```"
    assert markdown_code("`x") == "`` `x ``"


def test_the_report_prints_file_names_as_safe_code_spans(tmp_path):
    answers = tmp_path / "a`<b>.yaml"
    answers.write_text("eigenvalues: [6, 2, 0]\n")
    report = run_cli("check", "kernel-pca/linear-three-points", str(answers)).output
    assert f"## Checking ``{answers}``" in report


# --- LaTeX -------------------------------------------------------------------------------------------

def test_latex_text_escapes_specials_and_spells_accents():
    assert latex_text(SPECIALS) == (r"50\% \& x\_1 \#2 \$5 \textasciitilde{}a \textasciicircum{}b "
                                    r"\textbackslash{}c \{d\} — café, Müller, \v{a}, $\gamma$")
    assert latex_text("ﬁle Ａ") == "file A"  # compatibility forms: their plain letters


def test_a_title_with_specials_and_accents_compiles_with_pdflatex(tmp_path):
    exe = shutil.which("pdflatex")
    if exe is None:
        pytest.skip("pdflatex is not installed (CI installs it)")
    (tmp_path / "p.yaml").write_text(problem(SPECIALS + " " + HOSTILE), encoding="utf-8")
    result = run_cli("solve", str(tmp_path / "p.yaml"), "--format", "tex")
    assert result.exit_code == 0
    (tmp_path / "p.tex").write_text(result.output, encoding="utf-8")
    run = subprocess.run([exe, "-interaction=nonstopmode", "-halt-on-error", "p.tex"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    log = (tmp_path / "p.log").read_text(errors="replace")
    assert run.returncode == 0 and not [line for line in log.splitlines() if line.startswith("! ")], log[-2000:]
    assert (tmp_path / "p.pdf").stat().st_size > 1000


# --- Moodle XML --------------------------------------------------------------------------------------

def test_moodle_xml_is_well_formed_and_keeps_the_title(tmp_path):
    title = SPECIALS + " " + HOSTILE + ' "quoted" ]]> end'
    out = tmp_path / "quiz.xml"
    (tmp_path / "p.yaml").write_text(problem(title), encoding="utf-8")
    result = run_cli("export", "moodle", str(tmp_path / "p.yaml"), "-o", str(out), "--category", "week\x01 6 <&>")
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()  # well-formed, or this raises
    question = root.find("question[@type='cloze']")
    assert question.find("name/text").text == title
    assert root.find("question[@type='category']/category/text").text == "$course$/week 6 <&>"
    feedback = question.find("generalfeedback/text").text
    assert "<script" not in feedback and "&lt;script&gt;" in feedback and "&amp;lt;" not in feedback


def test_xml_text_drops_what_xml_forbids():
    assert xml_text("a\x00\x01b\x1f\r\nc & <d>") == "ab  c &amp; &lt;d&gt;"
    ET.fromstring(f"<t>{xml_text(''.join(map(chr, range(0, 0x80))))}</t>")


def test_markdown_references_become_html_once():
    html = markdown_to_html("# " + markdown_text("a < b & c *d*"))
    assert html == "<h3>a &lt; b &amp; c &#42;d&#42;</h3>"


def test_quiz_of_an_ordinary_problem_is_unchanged_by_escaping():
    xml = quiz_xml([solve("kernel-pca/example3")])
    assert "<name><text>Kernel PCA on Example 3</text></name>" in xml


def test_csv_cells_that_start_like_a_formula_become_text():
    from tutor.escaping import csv_cell

    assert [csv_cell(c) for c in ("=1+1", "+cmd", "-x", "@SUM(A1)", "\tx", "Ada", "-3", "-0.5", 7, "")] == [
        "'=1+1", "'+cmd", "'-x", "'@SUM(A1)", "'\tx", "Ada", "-3", "-0.5", 7, ""]


# --- TeX that platforms typeset -----------------------------------------------------------------------

DANGEROUS_TEX = [r"\href{javascript:alert(1)}{marks}", r"\url{javascript:alert(1)}", r"\class{x}{y}",
                 r"\style{color:red}{y}", r"\cssId{x}{y}", r"\htmlClass{x}{y}", r"\htmlData{a=b}{y}",
                 r"\require{html}", r"\unicode{x}", r"\data{x}", r"\toggle{a}{b}\endtoggle", r"\mmlToken{mi}{x}",
                 r"\def\x{y}", r"\newcommand{\x}{y}", r"\hrefx", r"$\mathbf{x}\href{javascript:1}{y}$"]


@pytest.mark.parametrize("text", DANGEROUS_TEX)
def test_free_text_with_a_tex_command_outside_the_whitelist_is_refused(text):
    from tutor.escaping import text_problem

    assert "is not allowed in free text" in text_problem(f"Problem 1: {text}")


@pytest.mark.parametrize("text", [r"Let $\mathbf x \in \mathbb R^2$ and $\frac{1}{2}\sqrt{\eta_1}$.",
                                  r"\(\Phi(\mathbf x)^\top \Phi(\mathbf y)\), a \{set\}, a\\b, a\,b", "50% of x_1"])
def test_free_text_with_maths_commands_tutor_uses_is_kept(text):
    from tutor.escaping import text_problem

    assert text_problem(text) is None


@pytest.mark.parametrize("field, line", [("title", 'title: "\\\\href{javascript:alert(1)}{Week 6}"'),
                                         ("statement", 'statement: "Click \\\\href{javascript:alert(1)}{here}."'),
                                         ("parts[1].text",
                                          'parts: [{key: eigenvalues, text: "\\\\unicode{x} the eigenvalues"}]')])
@pytest.mark.parametrize("platform", ["moodle", "prairielearn", "qti"])
def test_every_export_refuses_free_text_with_a_dangerous_tex_command_in_one_line(tmp_path, field, line, platform):
    from .conftest import PROBLEMS, run_cli

    problem = tmp_path / "bad.yaml"
    original = (PROBLEMS / "kernel-pca" / "example3.yaml").read_text(encoding="utf-8")
    kept = [x for x in original.splitlines() if not x.startswith(field.split("[")[0] + ":")]  # one title only
    problem.write_text("\n".join([*kept, line]) + "\n", encoding="utf-8")
    out = tmp_path / ("out.zip" if platform == "qti" else "out")
    result = run_cli("export", platform, str(problem), "-o", str(out))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"error: {problem}") and field in result.stderr
    assert "is not allowed in free text" in result.stderr and not out.exists()
