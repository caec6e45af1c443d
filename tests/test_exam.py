"""tutor exam and tutor check --exam: small exams (3 students × 2 questions, the sample blueprint), built
without PDFs except in one test; nothing here depends on the numbers a seed gives."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import re

import pytest
import yaml

from tutor import generators
from tutor.exam import build_exam, read_blueprint, read_roster
from tutor.exam import draw as exam_draw
from tutor.exam.build import MANIFEST

from .conftest import ROOT, run_cli

EXAMPLE = ROOT / "examples" / "exam"
BLUEPRINT = str(EXAMPLE / "blueprint.yaml")
ROSTER = str(EXAMPLE / "roster.csv")


def _make_answers():
    spec = importlib.util.spec_from_file_location("make_answers", EXAMPLE / "make_answers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("exam") / "midterm"
    return build_exam(read_blueprint(BLUEPRINT), read_roster(ROSTER), 2026, str(folder), pdf=False)


def _files(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# --- the files ---------------------------------------------------------------------------------------


def test_every_student_gets_a_paper_a_key_and_problem_files(built):
    from pathlib import Path

    folder = Path(built.folder)
    for student in ("s001", "s002", "s003"):
        names = sorted(p.name for p in (folder / student).iterdir())
        assert names == ["exam.md", "key.md", "q1.yaml", "q2.yaml"]
        paper = (folder / student / "exam.md").read_text()
        assert paper.startswith("# Kernel methods, mid-term\n")
        assert f"**Student ID:** {student}" in paper and "## Question 2: Principal components" in paper
        assert "Final answers" not in paper and "Solution" not in paper  # no solutions on a paper
        key = (folder / student / "key.md").read_text()
        assert "answer key" in key and "[2 marks]" in key and "$\\eta_i$" in key
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == [
        "manifest.json", "quiz.xml", "solutions.md", "variants.csv"]
    book = (folder / "solutions.md").read_text()
    assert [m for m in re.findall(r"^## .*$", book, re.M)] == [
        "## Ada Lovelace (s001)", "## Alan Turing (s002)", "## Grace Hopper (s003)"]
    assert book.count("#### Solution") == 6


def test_problem_files_carry_the_blueprint_and_the_csv_maps_every_student(built):
    from pathlib import Path

    from tutor import load_problem

    folder = Path(built.folder)
    rows = list(csv.reader(io.StringIO((folder / "variants.csv").read_text())))
    assert rows[0] == ["id", "name", "q1_topic", "q1_difficulty", "q1_seed", "q2_topic", "q2_difficulty", "q2_seed"]
    assert [r[:2] for r in rows[1:]] == [["s001", "Ada Lovelace"], ["s002", "Alan Turing"], ["s003", "Grace Hopper"]]
    for row in rows[1:]:
        for k, (topic, difficulty, seed) in enumerate([row[2:5], row[5:8]], start=1):
            path = folder / row[0] / f"q{k}.yaml"
            loaded = load_problem(str(path))
            assert loaded.topic.NAME == topic if hasattr(loaded.topic, "NAME") else True
            assert f"generated: {{seed: {seed}, difficulty: {difficulty}" in path.read_text()
            if k == 1:
                assert [key for key, _ in loaded.exam.parts] == ["kernel", "centred_kernel", "eigenvalues", "variances"]
                assert dict(loaded.exam.marks) == {"centred_kernel": 2, "eigenvalues": 2}
            else:
                assert loaded.problem.title == "Principal components" and loaded.exam.statement
    manifest = json.loads((folder / MANIFEST).read_text())
    assert manifest["seed"] == 2026 and manifest["notes"] == []
    assert [s["id"] for s in manifest["students"]] == ["s001", "s002", "s003"]
    assert [p["marks"] for p in manifest["questions"][0]["parts"]] == [1, 2, 2, 1]


def test_the_same_command_gives_the_same_files_byte_for_byte(built, tmp_path):
    from pathlib import Path

    again = build_exam(read_blueprint(BLUEPRINT), read_roster(ROSTER), 2026, str(tmp_path / "again"),
                       pdf=False, jobs=2)  # drawn on two processes: the same variants
    assert _files(Path(again.folder)) == _files(Path(built.folder))
    other = build_exam(read_blueprint(BLUEPRINT), read_roster(ROSTER), 7, str(tmp_path / "other"), pdf=False)
    assert _files(Path(other.folder))["s001/q1.yaml"] != _files(Path(built.folder))["s001/q1.yaml"]


def test_variants_differ_and_share_the_solution_path(built):
    for k in range(2):
        asked = [paper.questions[k] for paper in built.papers]
        keys = {generators.canonical(_data(q.text)) for q in asked}
        assert len(keys) == 3
        assert len({generators.solution_path(q.solution) for q in asked}) == 1
        assert len({q.difficulty for q in asked}) == 1


def _data(text: str) -> dict:
    import yaml

    raw = yaml.safe_load(text)
    return {k: v for k, v in raw.items() if k not in ("topic", "generated", "statement", "parts", "marks")}


def test_a_space_too_small_reuses_variants_and_says_so(tmp_path, monkeypatch):
    real = exam_draw._draw
    # seeds 1 and 3: kernel-pca's seeds take turns between two structures, odd seeds sharing one
    monkeypatch.setattr(exam_draw, "_draw", lambda topic, difficulty, seed: real(topic, difficulty, 1 + 2 * (seed % 2)))
    out = tmp_path / "small"
    result = run_cli("exam", BLUEPRINT, "--roster", ROSTER, "-o", str(out), "--no-pdf", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "question 1: only 2 distinct variants for 3 students" in result.stderr.splitlines()
    manifest = json.loads((out / MANIFEST).read_text())
    assert "question 1: only 2 distinct variants for 3 students" in manifest["notes"]
    q1 = [(out / s / "q1.yaml").read_text().split("\n", 1)[1] for s in ("s001", "s002", "s003")]
    assert q1[0] != q1[1] and q1[2] == q1[0]  # handed out again in turn
    quiz = (out / "quiz.xml").read_text().split("Question 2</text>")[0]
    assert quiz.count('<question type="cloze">') == 2  # Moodle gets each distinct variant once


def test_two_questions_alike_get_different_variants(tmp_path):
    path = tmp_path / "twice.yaml"
    path.write_text("title: Twice\nquestions:\n  - {topic: centring, difficulty: easy}\n"
                    "  - {topic: centring, difficulty: easy}\n")
    built = build_exam(read_blueprint(str(path)), read_roster(ROSTER), 3, str(tmp_path / "e"), pdf=False)
    for paper in built.papers:
        assert paper.questions[0].seed != paper.questions[1].seed


def test_anonymous_variants_without_a_roster(tmp_path):
    result = run_cli("exam", BLUEPRINT, "--count", "2", "--seed", "5", "-o", str(tmp_path / "a"), "--no-pdf",
                     "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == f"{tmp_path}/a/v01: q1.yaml q2.yaml exam.md key.md"
    assert "Variant 2" in (tmp_path / "a" / "v02" / "exam.md").read_text()


# --- bad input: one line, exit 2 ---------------------------------------------------------------------


@pytest.mark.parametrize("text, message", [
    ("title: T\nquestions: [{topic: pca, difficulty: easy, mark: {eigenvalues: 2}}]\n",
     "questions[1].mark: unknown field (did you mean 'marks'?)"),
    ("title: T\nquestions: [{topic: nope, difficulty: easy}]\n", "questions[1]"),
    ("title: T\nquestions: [{topic: pca, difficulty: tricky}]\n",
     "questions[1].difficulty: must be one of easy, medium, hard, got 'tricky'"),
    ("title: T\nquestions: [{topic: pca, difficulty: easy, parts: [eigenvalue]}]\n",
     "questions[1].parts[1]: unknown answer key 'eigenvalue' (did you mean 'eigenvalues'?"),
    ("title: T\nquestions: [{topic: pca, difficulty: easy, marks: {eigenvalues: 0}}]\n",
     "questions[1].marks.eigenvalues: must be from 1 to 100, got 0"),
    ("title: T\nseed: 1\nquestions: [{topic: kernel-pca, difficulty: easy, parts: [new_coordinates]}]\n",
     "questions[1].parts[1]: this problem has no answer 'new_coordinates'"),
    ("title: T\nquestions: []\n", "questions: must be a list of questions"),
    ("questions: [{topic: pca, difficulty: easy}]\n", "title: is missing"),
    ("title: T\nquestions:\n" + "  - {topic: pca, difficulty: easy}\n" * 21, "questions: has 21 questions; at most 20"),
    ("title: T\nseed: -1\nquestions: [{topic: pca, difficulty: easy}]\n", "seed: must be from 0 to"),
])
def test_a_bad_blueprint_is_one_line_naming_the_file_and_field(tmp_path, text, message):
    path = tmp_path / "bp.yaml"
    path.write_text(text)
    result = run_cli("exam", str(path), "-o", str(tmp_path / "out"), "--no-pdf")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"error: {path}: ")
    assert message in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("text, message", [
    ("name,email\nAda,a@b\n", "header: the header row has no column 'id'"),
    ("id,name\n../etc,Ada\n", "line 2: id '../etc' must be 1 to 40 letters"),
    ("id,name\nCON,Ada\n", "line 2: id 'CON' must be 1 to 40 letters"),
    ("id,name\nada.,Ada\n", "line 2: id 'ada.' must be 1 to 40 letters"),
    ("id,name\ns1,Ada\nS1,Alan\n", "line 3: id 'S1' is also on line 2"),
    ("id,name\n", "has a header row but no students"),
    ("id,name\nquiz.xml,Q\n", "line 2: id 'quiz.xml' is the name of one of the exam's own files"),
    ("id,name\n" + "".join(f"s{i},N\n" for i in range(2001)), "has 2001 students; at most 2000"),
])
def test_a_bad_roster_is_one_line(tmp_path, text, message):
    path = tmp_path / "roster.csv"
    path.write_text(text)
    result = run_cli("exam", BLUEPRINT, "--roster", str(path), "-o", str(tmp_path / "out"), "--no-pdf")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"error: {path}: ")
    assert message in result.stderr


def test_a_roster_from_a_spreadsheet_with_semicolons_and_a_bom(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_text("\ufeffName;ID;Email\r\nZoë Brontë;z1;z@x\r\n;z2;\r\n", encoding="utf-8")
    from tutor.exam import Student

    assert read_roster(str(path)) == (Student("z1", "Zoë Brontë"), Student("z2", "z2"))


def test_a_roster_and_a_count_together_are_refused(tmp_path):
    result = run_cli("exam", BLUEPRINT, "--roster", ROSTER, "--count", "3", "-o", str(tmp_path / "o"))
    assert result.exit_code == 2 and result.stderr == "error: --count: the roster gives the students: leave --count out\n"


# --- Moodle ------------------------------------------------------------------------------------------


def test_the_quiz_puts_each_questions_variants_in_a_category_of_its_own(built):
    from pathlib import Path

    xml = (Path(built.folder) / "quiz.xml").read_text()
    import xml.etree.ElementTree as ET

    current, seen = None, {}
    for q in ET.fromstring(xml).iter("question"):
        if q.get("type") == "category":
            current = q.find("category/text").text
            seen[current] = []
        else:
            seen[current].append(q.find("name/text").text)
    assert list(seen) == ["$course$/Kernel methods, mid-term/Question 1", "$course$/Kernel methods, mid-term/Question 2"]
    assert [len(v) for v in seen.values()] == [3, 3]
    assert seen["$course$/Kernel methods, mid-term/Question 2"][0] == "Q2 Principal components (s001)"


# --- check --exam ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def answers(built, tmp_path_factory):
    """Answers files for the built exam: right (s001), a named mistake and no question 2 (s002),
    wrong eigenvalues with variances that follow from them (s003), and a student not on the roster."""
    from pathlib import Path

    make = _make_answers()
    exam = Path(built.folder)
    folder = tmp_path_factory.mktemp("answers")
    files = {
        "ada.yaml": make.answers_yaml("s001", {1: make.asked(exam, "s001", 1), 2: make.asked(exam, "s001", 2)}),
        "alan.yaml": make.answers_yaml("s002", {1: make.mistaken(exam, "s002", 1)}),
        "grace.yaml": make.answers_yaml("s003", {1: make.follow_through(exam, "s003", 1),
                                                 2: make.asked(exam, "s003", 2)}),
        "nobody.yaml": make.answers_yaml("s999", {1: make.asked(exam, "s001", 1)}),
    }
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def _grades(built, paths, tmp_path):
    out = tmp_path / "grades.csv"
    result = run_cli("check", "--exam", built.folder, *map(str, paths), "--csv", str(out))
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    # Rows by file name; a student with no file by their id.
    return result, {row["file"].rsplit("/", 1)[-1] if row["file"] else row["student"]: row for row in rows}


def test_check_exam_grades_each_student_against_their_own_variant(built, answers, tmp_path):
    result, rows = _grades(built, sorted(answers.iterdir()), tmp_path)
    assert result.exit_code == 2  # nobody.yaml names no student of the exam; the others are graded
    assert result.stderr == f"error: {answers}/nobody.yaml: student: 's999' is not a student of this exam\n"
    assert f"{answers}/ada.yaml: s001 12/12" in result.stdout.splitlines()
    ada, alan, grace = rows["ada.yaml"], rows["alan.yaml"], rows["grace.yaml"]
    assert [ada[c] for c in ("q1", "q2", "total", "max", "mistakes", "notes")] == ["6", "6", "12", "12", "", ""]
    # A named mistake in K̂ costs (b); the eigenvalues and variances of that K̂ follow through.
    assert [alan[f"q1({p})" + k] for p, k in
            (("a", " kernel"), ("b", " centred_kernel"), ("c", " eigenvalues"), ("d", " variances"))] == ["1", "0", "2", "1"]
    assert alan["mistakes"] == "q1(b) not_centred"
    assert alan["q2"] == "0" and alan["notes"] == "q2: not in the file" and alan["total"] == "4"
    # Wrong eigenvalues earn nothing; the variances η/n of those eigenvalues earn their mark.
    assert grace["q1(c) eigenvalues"] == "0" and grace["q1(d) variances"] == "1"
    assert grace["q1"] == "4" and grace["total"] == "10"
    assert rows["nobody.yaml"]["total"] == "" and "not a student of this exam" in rows["nobody.yaml"]["notes"]
    assert list(rows) == ["ada.yaml", "alan.yaml", "grace.yaml", "nobody.yaml"]  # roster order, then the others
    assert [ada["student"], ada["name"], grace["student"]] == ["s001", "Ada Lovelace", "s003"]


def test_check_exam_rows_for_students_without_a_file_and_for_bad_files(built, answers, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("student: s001\nq3: {}\n")
    broken = tmp_path / "broken.yaml"
    broken.write_text("student: [unclosed\n")
    second = tmp_path / "again.yaml"
    second.write_text("student: s003\nq1: {eigenvalue: [1]}\n")
    result, rows = _grades(built, [answers / "grace.yaml", bad, broken, second], tmp_path)
    assert result.exit_code == 2
    assert rows["s002"]["notes"] == "no answers file" and rows["s002"]["total"] == ""
    assert rows["grace.yaml"]["total"] == "10"
    # Whose file it is is known: the error is on Ada's row, not "no answers file".
    assert rows["bad.yaml"]["student"] == "s001" and rows["bad.yaml"]["total"] == "0"
    assert "q3: not a question of this exam (it has q1, q2); not graded" in rows["bad.yaml"]["notes"]
    assert "invalid YAML" in rows["broken.yaml"]["notes"]
    assert "a second answers file for s003" in rows["again.yaml"]["notes"]
    assert len(result.stderr.splitlines()) == 3


def test_check_exam_question_with_an_unknown_key_is_said_and_the_rest_of_it_graded(built, answers, tmp_path):
    """One misspelt key in a question voided the whole question (issue 29: 19/19 became 11/19): now it is
    said on the row (and as an error line) and costs its own part only."""
    ada = yaml.safe_load((answers / "ada.yaml").read_text())
    ada["q1"]["eigenvalue"] = ada["q1"].pop("eigenvalues")  # the misspelt key of part (c), 2 marks
    ada["q1"]["no_such_key"] = 1
    path = tmp_path / "typo.yaml"
    path.write_text(yaml.safe_dump(ada))
    result, rows = _grades(built, [path], tmp_path)
    assert result.exit_code == 2
    row = rows["typo.yaml"]
    assert "q1: eigenvalue: not an answer of this problem (did you mean 'eigenvalues'?); not graded" in row["notes"]
    assert "q1: no_such_key: not an answer of this problem" in row["notes"]
    assert row["q1(c) eigenvalues"] == "0"
    # the eigenvalues' own 2 marks are lost; the variances still follow from the right K̂ (no eigenvalues needed)
    assert row["q1"] == "4" and row["q2"] == "6" and row["total"] == "10"
    assert len(result.stderr.splitlines()) == 2


def test_a_file_with_a_question_too_many_still_grades_the_others_on_the_students_row(built, answers, tmp_path):
    path = tmp_path / "extra.yaml"
    path.write_text((answers / "ada.yaml").read_text() + "Q2: {eigenvalues: [1]}\n")
    result, rows = _grades(built, [path], tmp_path)
    assert result.exit_code == 2
    row = rows["extra.yaml"]
    assert row["student"] == "s001" and row["total"] == "12"
    assert "Q2: not a question of this exam" in row["notes"]
    assert "no answers file" not in row["notes"]


def test_a_question_that_runs_out_of_time_costs_its_own_marks_only(built, answers, tmp_path, monkeypatch):
    """--timeout bounds each question (its variant's solve and its check), not the student's row."""
    import time

    from tutor.checking.grade import Checker

    real = Checker.check

    def check(self, submission):
        if self.solution.topic != "kernel-pca":  # question 2 made slow
            time.sleep(5)
        return real(self, submission)

    monkeypatch.setattr(Checker, "check", check)
    out = tmp_path / "grades.csv"
    result = run_cli("check", "--exam", built.folder, str(answers / "ada.yaml"), "--csv", str(out), "--timeout", "1")
    row = next(r for r in csv.DictReader(io.StringIO(out.read_text())) if r["student"] == "s001")
    assert result.exit_code == 2
    assert row["q1"] == "6" and row["q2"] == ""
    assert "ada.yaml: q2: solving and checking it took longer than the time limit of 1 s (--timeout)" in row["notes"]


def test_an_unreadable_answer_is_said_in_the_notes(built, answers, tmp_path):
    path = tmp_path / "typed.yaml"
    path.write_text("student: s003\nq2: {eigenvalues: \"=HYPERLINK(1)\"}\n")
    result, rows = _grades(built, [path], tmp_path)
    notes = rows["typed.yaml"]["notes"]
    assert "q2(b) unreadable: could not read it" in notes and "q1: not in the file" in notes


def test_names_and_files_that_start_like_a_formula_are_text_in_the_csvs(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\ns1,=HYPERLINK(\"http://x\")\ns2,@SUM(1)\n")
    folder = tmp_path / "out"
    assert run_cli("exam", BLUEPRINT, "--roster", str(roster), "-o", str(folder), "--no-pdf").exit_code == 0
    rows = list(csv.reader(io.StringIO((folder / "variants.csv").read_text())))
    assert [r[1] for r in rows[1:]] == ["'=HYPERLINK(\"http://x\")", "'@SUM(1)"]
    answers = tmp_path / "-1.yaml"
    answers.write_text("student: s1\n")
    out = tmp_path / "grades.csv"
    run_cli("check", "--exam", str(folder), str(answers), "--csv", str(out))
    graded = list(csv.DictReader(io.StringIO(out.read_text())))
    assert graded[0]["name"] == "'=HYPERLINK(\"http://x\")" and graded[0]["total"] == "0"


def test_an_imprecise_decimal_earns_half_the_part_s_marks(tmp_path):
    from tutor import solve

    blueprint = tmp_path / "bp.yaml"
    blueprint.write_text("title: T\nquestions:\n  - topic: kernel-pca\n    difficulty: easy\n"
                         "    parts: [eigenvalues, eigenvectors]\n    marks: {eigenvectors: 2}\n")
    folder = tmp_path / "exam"
    # seed 4: Example 3's pattern. A two-figure decimal ending in 0 (−0.80 of (1, 2, −3)/√14) reads as one
    # figure (checking/grade._written_figures), so such a pattern is judged wrong here, not imprecise.
    assert run_cli("exam", str(blueprint), "--count", "1", "--seed", "4", "-o", str(folder), "--no-pdf").exit_code == 0
    solution = solve(str(folder / "v01" / "q1.yaml"))
    # Unit eigenvectors hold square roots: to two significant figures where the problem asks three.
    vectors = [[f"{float(x):#.2g}" if x else "0" for x in v] for v in solution.answers["eigenvectors"]]
    path = tmp_path / "rough.yaml"
    path.write_text(f"student: v01\nq1:\n  eigenvalues: {[str(x) for x in solution.answers['eigenvalues']]}\n"
                    f"  eigenvectors: {vectors}\n")
    result, rows = _grades(type("B", (), {"folder": str(folder)}), [path], tmp_path)
    row = rows["rough.yaml"]
    assert row["q1(a) eigenvalues"] == "1" and row["q1(b) eigenvectors"] == "1" and row["total"] == "2"
    assert "q1(b) imprecise: right to 2 significant figures; give 3" in row["notes"]


def test_the_key_writes_a_rational_kernel_value_with_its_decimal_as_the_solution_does(tmp_path):
    """An exam's rbf-gamma (b) gave K as fractions alone (1/2, 1/512) while the solution, the card and every other
    part of the key write the decimal beside (1/2 = 0.5, 1/512 ≈ 0.001953): the box wrote a decimal beside an
    irrational value only; rbf-gamma's parts.shown now gives K's Form with its decimal."""
    blueprint = tmp_path / "bp.yaml"
    blueprint.write_text("title: T\nseed: 7\nquestions:\n  - {topic: pca, difficulty: easy}\n"
                         "  - {topic: rbf-gamma, difficulty: easy, parts: [gamma, kernel_values]}\n")
    folder = tmp_path / "exam"
    assert run_cli("exam", str(blueprint), "--count", "1", "-o", str(folder), "--no-pdf").exit_code == 0
    key = (folder / "v01" / "key.md").read_text(encoding="utf-8")
    [line] = [ln for ln in key.split("## Question 2")[1].splitlines() if ln.startswith("- **(b)** $K$")]
    fractions = re.findall(r"\\frac\{\d+\}\{\d+\}( = | \\approx )?", line)
    assert fractions and all(fractions), line  # every fraction with its decimal beside


def test_the_key_names_a_matrix_an_earlier_part_gives_instead_of_printing_it_again(tmp_path):
    """A linear kernel's K is the Gram matrix XᵀX of (a): the key (md and LaTeX) says so, by value."""
    from tutor import solve

    blueprint = tmp_path / "bp.yaml"
    blueprint.write_text("title: T\nseed: 3\nquestions:\n  - {topic: kernel-matrix, difficulty: easy, parts: [gram, kernel]}\n")
    folder = tmp_path / "exam"
    assert run_cli("exam", str(blueprint), "--count", "1", "-o", str(folder), "--no-pdf").exit_code == 0
    answers = solve(str(folder / "v01" / "q1.yaml")).answers
    key = (folder / "v01" / "key.md").read_text(encoding="utf-8")
    if answers["kernel"] == answers["gram"]:
        assert r"- **(b)** $\mathbf K = X^T X$, the matrix of (a) [" in key
        assert key.count(r"\begin{bmatrix}") == 1
    else:
        assert "the matrix of (a)" not in key and key.count(r"\begin{bmatrix}") == 2


def test_check_without_exam_still_needs_answers():
    result = run_cli("check", "kernel-pca/example3")
    assert result.exit_code == 2 and "Missing argument 'ANSWERS...'" in result.stderr


# --- PDFs ----------------------------------------------------------------------------------------------


def test_every_pdf_compiles_without_overfull_boxes(tmp_path):
    import shutil

    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex is not installed")
    built = build_exam(read_blueprint(BLUEPRINT), read_roster(ROSTER), 2026, str(tmp_path / "pdf"), pdf=True, jobs=2)
    assert sorted(built.overfull) == ["s001/exam.pdf", "s001/key.pdf", "s002/exam.pdf", "s002/key.pdf",
                                      "s003/exam.pdf", "s003/key.pdf", "solutions.pdf"]
    assert all(widths == [] for widths in built.overfull.values()), built.overfull
    assert all((tmp_path / "pdf" / name).read_bytes().startswith(b"%PDF") for name in built.overfull)


def test_variants_of_another_solution_path_are_skipped(tmp_path, monkeypatch):
    import dataclasses

    real = exam_draw._draw
    first = exam_draw.candidate_seed(2026, 1, 0)

    def draw(topic, difficulty, seed):  # the first candidate takes another path than all the others
        variant = real(topic, difficulty, seed)
        return dataclasses.replace(variant, path=("rare",) if seed == first else ("common",))

    monkeypatch.setattr(exam_draw, "_draw", draw)
    built = build_exam(read_blueprint(BLUEPRINT), read_roster(ROSTER), 2026, str(tmp_path / "e"), pdf=False)
    seeds = [paper.questions[0].seed for paper in built.papers]
    assert first not in seeds and len(set(seeds)) == 3


# --- answers a variant does not fix: the lecturer is warned (issue 29) -------------------------------------


def test_tutor_exam_notes_a_variant_whose_answer_is_not_unique(tmp_path, monkeypatch):
    from tutor.topics.pca import checking as pca_checking

    monkeypatch.setattr(pca_checking, "not_unique", lambda solution: ["components: 1 cuts through λ = 1"])
    out = tmp_path / "exam"
    result = run_cli("exam", BLUEPRINT, "--roster", ROSTER, "-o", str(out), "--no-pdf", "--jobs", "1")
    assert result.exit_code == 0, result.output
    line = "question 2, s001/q2.yaml: components: 1 cuts through λ = 1"
    assert f"warning: {line}" in result.stderr.splitlines()
    assert line in json.loads((out / MANIFEST).read_text())["notes"]


def test_check_exam_warns_of_a_question_whose_answer_is_not_unique(built, tmp_path):
    import shutil

    folder = tmp_path / "midterm"
    shutil.copytree(built.folder, folder)
    # s001's question 1 made one that keeps 1 of η = 8, 8, 8's directions (the parts stay the manifest's)
    (folder / "s001" / "q1.yaml").write_text(
        "topic: kernel-pca\ncomponents: 1\ncentred_kernel_matrix: "
        "[[6, -2, -2, -2], [-2, 6, -2, -2], [-2, -2, 6, -2], [-2, -2, -2, 6]]\n")
    path = tmp_path / "ada.yaml"
    path.write_text("student: s001\nq1: {eigenvalues: [8, 8, 8, 0]}\n")
    result = run_cli("check", "--exam", str(folder), str(path), "--csv", str(tmp_path / "grades.csv"))
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert warnings == [f"warning: {folder}/s001/q1.yaml: components: 1 keeps 1 of the 3 directions of the "
                        "repeated eigenvalue η = 8, which the problem does not fix. Accepted anywhere in its "
                        "eigenspace: coefficients, coordinates. components: 3 would fix them"]


# --- issue 31: -f and one report per student; the folder written again; progress on a terminal --------


def test_check_exam_honours_the_format_and_writes_one_report_per_student(built, answers, tmp_path):
    files = [str(answers / n) for n in ("ada.yaml", "alan.yaml", "grace.yaml")]
    shown = run_cli("check", "--exam", built.folder, *files, "-f", "json")
    assert shown.exit_code == 0
    students = json.loads(shown.stdout)
    assert [(s["student"], s["total"], s["max"]) for s in students] == [("s001", 12, 12), ("s002", 4, 12),
                                                                        ("s003", 10, 12)]
    b = students[1]["questions"][0]["parts"][1]
    assert (b["label"], b["key"], b["marks"], b["max"], b["verdict"], b["mistake"]) == \
        ("b", "centred_kernel", 0, 2, "mistake", "not_centred")
    text = run_cli("check", "--exam", built.folder, *files, "-f", "text").stdout
    assert text.startswith("Kernel methods, mid-term: s001 Ada Lovelace\n") and "student,name" not in text
    assert re.search(r"\(b\) centred_kernel +0/2 +mistake .*\[not_centred\]", text)
    reports = tmp_path / "reports"
    csv_out = tmp_path / "grades.csv"
    result = run_cli("check", "--exam", built.folder, *files, "--reports", str(reports), "--csv", str(csv_out))
    assert result.exit_code == 0 and csv_out.read_text().startswith("student,name,file")
    assert sorted(p.name for p in reports.iterdir()) == ["s001.md", "s002.md", "s003.md"]
    alan = (reports / "s002.md").read_text()
    assert alan.startswith("# Kernel methods, mid-term: `s002` Alan Turing\n") and "**Marks: 4 / 12**" in alan
    assert "- **(b)** `centred_kernel`, 0 of 2: ❌ mistake (`not_centred`)" in alan
    assert run_cli("check", "--exam", built.folder, files[0], "-f", "text", "--reports", str(reports)).exit_code == 0
    assert (reports / "s001.txt").read_text().startswith("Kernel methods, mid-term: s001")


def test_reports_without_an_exam_is_a_usage_error(tmp_path):
    result = run_cli("check", "p.yaml", "a.yaml", "--reports", str(tmp_path))
    assert result.exit_code == 2 and "--reports writes one report per student of an exam" in result.stderr


def test_an_exam_written_again_into_its_folder_replaces_its_files_and_leaves_no_stale_pdf(tmp_path):
    out = tmp_path / "midterm"
    first = build_exam(read_blueprint(BLUEPRINT), read_roster(ROSTER), 2026, str(out), pdf=False)
    for stale in ("exam.pdf", "key.pdf"):  # as an earlier run with PDFs leaves them (listed in its manifest)
        (out / "s001" / stale).write_bytes(b"%PDF-old")
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["files"] == [f for f in first.files if f != MANIFEST]
    manifest["files"] += ["s001/exam.pdf", "s001/key.pdf", "s009/exam.md"]
    (out / MANIFEST).write_text(json.dumps(manifest))
    (out / "s009").mkdir()
    (out / "s009" / "exam.md").write_text("a student of the earlier roster")
    (out / "mine.txt").write_text("the lecturer's own notes")  # not the exam's: left alone
    result = run_cli("exam", BLUEPRINT, "--roster", ROSTER, "--no-pdf", "--seed", "99", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert not (out / "s001" / "exam.pdf").exists() and not (out / "s009").exists()
    assert (out / "mine.txt").exists()
    assert json.loads((out / MANIFEST).read_text())["seed"] == 99


def test_a_folder_that_holds_other_files_is_refused_without_force(tmp_path):
    out = tmp_path / "papers"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    result = run_cli("exam", BLUEPRINT, "--count", "1", "--seed", "3", "--no-pdf", "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {out}: holds files that no exam manifest lists")
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
    forced = run_cli("exam", BLUEPRINT, "--count", "1", "--seed", "3", "--no-pdf", "-o", str(out), "--force")
    assert forced.exit_code == 0 and (out / "notes.txt").exists() and (out / MANIFEST).exists()


def test_a_manifest_cannot_make_the_exam_remove_files_outside_its_folder(tmp_path):
    out = tmp_path / "e"
    build_exam(read_blueprint(BLUEPRINT), read_roster(ROSTER), 2026, str(out), pdf=False)
    outside = tmp_path / "keep.txt"
    outside.write_text("not the exam's")
    manifest = json.loads((out / MANIFEST).read_text())
    manifest["files"].append("../keep.txt")
    (out / MANIFEST).write_text(json.dumps(manifest))
    result = run_cli("exam", BLUEPRINT, "--roster", ROSTER, "--no-pdf", "-o", str(out))
    assert result.exit_code == 2 and "no exam manifest lists" in result.stderr and outside.exists()


def _on_a_terminal(args, tmp_path):
    """`tutor ARGS` with stderr on a pseudo-terminal and stdout a pipe: (stdout, what the terminal got)."""
    import os
    import pty
    import subprocess
    import sys

    main, other = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    process = subprocess.Popen([sys.executable, "-m", "tutor", *args], stdout=subprocess.PIPE, stderr=other,
                               cwd=tmp_path, env=env)
    os.close(other)
    seen = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        seen += chunk
    out = process.stdout.read().decode()
    process.wait()
    os.close(main)
    return process.returncode, out, seen.decode(errors="replace")


def test_tutor_exam_shows_a_progress_bar_on_a_terminal_and_nothing_in_a_pipe(tmp_path):
    args = ["exam", BLUEPRINT, "--roster", ROSTER, "--no-pdf", "--seed", "5", "--jobs", "1"]
    code, out, terminal = _on_a_terminal([*args, "-o", "a"], tmp_path)
    assert code == 0 and "s001:" in out
    assert "drawing questions" in terminal and "2/2" in terminal and "writing papers" in terminal
    piped = run_cli(*args, "-o", str(tmp_path / "b"))
    assert piped.exit_code == 0 and piped.stderr == ""
