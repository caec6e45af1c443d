"""Problem sheets (Markdown, LaTeX, PDF) and the Moodle XML export."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import tutor
from tutor import generators
from tutor.moodle import sub_answers, tolerance
from tutor.question import distinct_titles
from tutor.resources import bundled_problems

from .conftest import PROBLEMS, run_cli

MIXED = [("kernel-pca", "medium"), ("pca", "hard"), ("svd", "medium"), ("mds", "easy"), ("centring", "hard"),
         ("feature-map", "hard"), ("rbf-gamma", "medium"), ("pca-gram", "medium"), ("high-dim", "hard"),
         ("kernel-pca", "hard")]
RIGHT_MARGIN_PT = 50  # A4 with 2 cm margins: the text block leaves about 57pt on each side


@pytest.fixture(scope="module")
def ten_problems(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sheet")
    paths = []
    for i, (topic, difficulty) in enumerate(MIXED):
        problem = generators.generate_one(topic, difficulty, 20 + i)
        path = folder / problem.filename
        path.write_text(problem.text())
        paths.append(str(path))
    return paths


def test_markdown_sheet_numbers_the_problems_and_solutions_follow_them(ten_problems):
    sheet = run_cli("sheet", *ten_problems, "--title", "Week 6").output
    assert sheet.startswith("# Week 6\n")
    assert [int(n) for n in re.findall(r"^## Problem (\d+):", sheet, re.M)] == list(range(1, 11))
    assert "### Solution" not in sheet
    solutions = run_cli("sheet", *ten_problems, "--title", "Week 6", "--solutions").output
    assert solutions.startswith("# Week 6 — solutions")
    assert solutions.count("### Solution") == 10 and "**1. " in solutions


def _overfull(log: str) -> list[float]:
    return [float(x) for x in re.findall(r"Overfull \\hbox \(([0-9.]+)pt too wide", log)]


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
@pytest.mark.parametrize("solutions", [False, True])
def test_latex_sheet_of_ten_mixed_problems_compiles_and_fits_the_page(ten_problems, tmp_path, solutions):
    args = ["sheet", *ten_problems, "-f", "tex", "-o", str(tmp_path / "sheet.tex")]
    assert run_cli(*args, *(["--solutions"] if solutions else [])).exit_code == 0
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "sheet.tex"], cwd=tmp_path, capture_output=True)
    log = (tmp_path / "sheet.log").read_text(errors="replace")
    assert not [line for line in log.splitlines() if line.startswith("! ")]
    assert max(_overfull(log), default=0) < RIGHT_MARGIN_PT


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_pdf_is_written(ten_problems, tmp_path):
    out = tmp_path / "exam.pdf"
    result = run_cli("sheet", *ten_problems[:3], "--solutions", "--pdf", "-o", str(out))
    assert result.exit_code == 0 and out.read_bytes()[:5] == b"%PDF-"


def test_pdf_without_pdflatex_is_a_clear_error(ten_problems, tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    result = subprocess.run([sys.executable, "-c", "import shutil; shutil.which = lambda n: None; "
                             "from tutor.cli import main; main()", "sheet", ten_problems[0], "--pdf", "-o",
                             str(tmp_path / "x.pdf")], capture_output=True, text=True)
    assert result.returncode == 2 and "pdflatex is not installed" in result.stderr


def test_moodle_quiz_has_one_cloze_question_per_problem_with_the_right_numbers(ten_problems, tmp_path):
    out = tmp_path / "quiz.xml"
    result = run_cli("export", "moodle", *ten_problems, "-o", str(out))
    assert result.exit_code == 0
    root = ET.parse(out).getroot()
    assert root.tag == "quiz"
    assert root[0].get("type") == "category" and root[0].find("category/text").text == "$course$/tutor"
    questions = root.findall("question[@type='cloze']")
    assert len(questions) == len(ten_problems)
    names = distinct_titles(tutor.solve(path).title for path in ten_problems)
    for question, path, name in zip(questions, ten_problems, names):
        solution = tutor.solve(path)
        assert question.find("name/text").text == name
        text = question.find("questiontext/text").text
        assert ("\\(" in text or "\\[" in text) and "$" not in text  # MathJax delimiters, not Markdown's
        assert "<b>1. " in question.find("generalfeedback/text").text  # the worked solution, brief
        found = re.findall(r"\{\d+:NUMERICAL:=([-0-9.e+]+):([0-9.e+-]+)(~[^}]*)?\}", text)
        expected = sub_answers(solution)
        assert len(found) == len(expected) > 0
        for (value, tol, alternative), want in zip(found, expected):
            assert abs(float(value) - want.value) <= float(tol) / 100 + 1e-12
            assert float(tol) == pytest.approx(tolerance(want.value))
            assert not alternative  # one right value: a sign that is a choice is fixed in the question


def test_moodle_grades_by_the_statements_marks(tmp_path):
    # Example 3 with 4 marks for the eigenvalues (3 numbers) and 1 for the variances (3 numbers): each
    # eigenvalue weighs 4 times a variance, so the quiz's grade follows the statement's marks.
    problem = tmp_path / "marks.yaml"
    problem.write_text((PROBLEMS / "kernel-pca" / "example3.yaml").read_text(encoding="utf-8")
                       + "marks: {eigenvalues: 4, variances: 1}\n", encoding="utf-8")
    out = tmp_path / "quiz.xml"
    assert run_cli("export", "moodle", str(problem), "-o", str(out)).exit_code == 0
    text = ET.parse(out).getroot().find("question[@type='cloze']/questiontext/text").text
    rows = dict(re.findall(r"\\\((\\\w+)_\{1\}\\\)</td><td>\{(\d+):", text))
    assert int(rows[r"\eta"]) == 4 * int(rows[r"\lambda"])  # η₁ is an eigenvalue, λ₁ a variance


def test_main_answers_of_kernel_pca_are_asked():
    asked = sub_answers(tutor.solve("kernel-pca/example3"))
    assert {"eigenvalues", "variances", "variance_fractions", "coordinates"} <= {a.key for a in asked}
    assert "centred_kernel" not in {a.key for a in asked}  # matrices are not asked
    labels = [a.label for a in asked]
    # Labelled in symbols and words, never by the raw key
    assert r"\(\eta_{1}\)" in labels and r"\(\mathbf v_{1}\), entry 2" in labels and r"\(\lambda_{3}\)" in labels
    assert not any(a.key in a.label or "[" in a.label for a in asked)


FIVE = [("kernel-pca", "medium"), ("pca", "medium"), ("svd", "medium"), ("mds", "medium"), ("centring", "medium")]


def _pages_text(pdf) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return text.split("\f")[:-1] if text.endswith("\f") else text.split("\f")


@pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
                    reason="pdflatex or pdftotext is not installed")
@pytest.mark.parametrize("seed", [3, 11])
def test_five_generated_problems_with_solutions_take_at_most_ten_pages(tmp_path, seed):
    # The measure of a brief sheet: five generated problems of five topics, solutions and all.
    paths = []
    for topic, difficulty in FIVE:
        problem = generators.generate_one(topic, difficulty, seed)
        (tmp_path / problem.filename).write_text(problem.text())
        paths.append(str(tmp_path / problem.filename))
    out = tmp_path / "sheet.pdf"
    # The text's length (figures add their own third of a page each: test_figures_bundled).
    assert run_cli("sheet", *paths, "--solutions", "--pdf", "--no-figures", "-o", str(out)).exit_code == 0
    pages = _pages_text(out)
    assert len(pages) <= 10, len(pages)
    # A problem's statement is never split across pages: its heading and its "Total: … marks" share a page.
    for k in range(1, 6):
        on = [i for i, page in enumerate(pages) if re.search(rf"^\s*Problem {k}:", page, re.M)]  # "Problem k: title"
        assert len(on) == 1, (k, on)
        rest = pages[on[0]].split(f"Problem {k}", 1)[1]
        assert "Total:" in rest, f"the statement of problem {k} continues on the next page"


def test_a_statement_holding_a_cloze_blank_adds_no_blank_to_the_moodle_question(tmp_path):
    # Before, the statement went into the Cloze text verbatim: Moodle made {100:SHORTANSWER:=x} a blank worth 100.
    problem = tmp_path / "blank.yaml"
    problem.write_text((PROBLEMS / "kernel-pca" / "example3.yaml").read_text(encoding="utf-8")
                       + 'statement: "Type {100:SHORTANSWER:=x} or {:NM:=1:0} here, and {1:MC:a~=b} too."\n',
                       encoding="utf-8")
    out = tmp_path / "quiz.xml"
    assert run_cli("export", "moodle", str(problem), "-o", str(out)).exit_code == 0
    text = ET.parse(out).getroot().find("question[@type='cloze']/questiontext/text").text
    # Every blank Moodle's parser finds (its ANSWER_START_REGEX) is one of tutor's, in the table of answers.
    blanks = re.findall(r"\{([0-9]*):([A-Z_]+):", text)
    assert blanks and all(kind in ("NUMERICAL", "SHORTANSWER") for _, kind in blanks)
    assert len(blanks) == text.count("<td>{")
    assert "Type &#123;100:SHORTANSWER:=x} or &#123;:NM:=1:0} here, and &#123;1:MC:a&#126;=b} too." in text


# --- parts a quiz cannot ask, and files it cannot take ---------------------------------


def test_a_kernel_matrix_is_asked_entry_by_entry_in_moodle_and_qti():
    from tutor.moodle import question_xml
    from tutor.qti import items

    solution = tutor.solve("kernel-matrix/linear-three-points")
    asked = [a for a in sub_answers(solution) if a.key == "kernel"]
    assert [a.label for a in asked[:2]] == [r"\(\mathbf K\), row 1, column 1", r"\(\mathbf K\), row 1, column 2"]
    assert [a.exact for a in asked] == list(solution.answers["kernel"])  # row by row, exact
    assert question_xml(solution).count(":NUMERICAL:") == 18  # X^T X and K, 3 × 3 each
    assert sum(i.kind == "numerical_question" for i in items(solution, "q", 1)) == 18


@pytest.mark.parametrize("problem", bundled_problems())
def test_every_part_has_an_answer_box_or_the_question_says_it_is_graded_outside_the_quiz(problem):
    from tutor.moodle import answer_note, not_asked, text_answers

    solution = tutor.solve(problem)
    boxes = {a.key for a in sub_answers(solution)} | {key for key, _, _ in text_answers(solution)}
    parts = tutor.rendering.with_question(solution).question.parts
    named = {label for label, _ in not_asked(solution)}
    assert {p.label for p in parts if p.key not in boxes} == named
    note = answer_note(solution)
    assert all(f"Part ({label}) is not asked in this quiz, and is graded outside it" in note for label in named)


def test_an_export_names_the_file_no_quiz_can_take_with_its_reason_and_exports_the_others(tmp_path):
    for command, out in (("moodle", tmp_path / "q.xml"), ("qti", tmp_path / "q.zip")):
        result = run_cli("export", command, "derivation/mds", "kernel-matrix/rbf-card-distances",
                         "feature-map/cubic-3d", "-o", str(out))
        assert result.exit_code == 0 and result.stdout.endswith(": 1 question\n"), result.output
        warnings = result.stderr.splitlines()
        assert len(warnings) == 2 and all(w.startswith("warning: ") for w in warnings)
        assert "derivation/mds" in warnings[0] and "feature-map/cubic-3d" in warnings[1]
        assert all("(a) its answer is an expression" in w for w in warnings)
        assert out.exists()
        alone = run_cli("export", command, "kernel-matrix/rbf-card-distances", "-o", str(out))
        assert alone.exit_code == 0 and alone.stderr == ""  # a kernel matrix is no expression
        none = tmp_path / ("none.zip" if command == "qti" else "none.xml")  # a QTI package must be a .zip
        refused = run_cli("export", command, "derivation/mds", "-o", str(none))
        assert refused.exit_code == 2 and refused.stderr.count("\n") == 1
        assert "derivation/mds" in refused.stderr and "its answer is an expression" in refused.stderr
        both = run_cli("export", command, "derivation/mds", "derivation/pca-trace", "-o", str(none))
        assert both.exit_code == 2 and "nothing to export" in both.stderr.splitlines()[-1]
        assert not none.exists()
