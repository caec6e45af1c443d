"""Problem statements as exam questions (parts, marks, an own statement) and the boxed final answers."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest
import sympy as sp

import tutor
from tutor import generators, load_problem_text, render, topics
from tutor.question import distinct_titles
from tutor.rendering import render_sheet

from .conftest import PROBLEMS, run_cli, solve_error_line, solve_yaml

LINEAR = """topic: kernel-pca
title: Three points
points: [[0, 0], [2, 0], [1, 3]]
kernel: {name: linear}
"""
BUNDLED = sorted(PROBLEMS.glob("*/*.yaml"))


def _parts(solution):
    return [(p.label, p.key, p.marks) for p in solution.question.parts]


# --- the default question ---------------------------------------------------------------------------


def test_example3_asks_the_topics_default_parts_in_the_recipes_order_one_mark_each():
    solution = tutor.solve("kernel-pca/example3")
    assert _parts(solution) == [("a", "eigenvalues", 1), ("b", "eigenvectors", 1), ("c", "variances", 1),
                                ("d", "variance_fractions", 1), ("e", "coordinates", 1)]
    md = render(solution, "md")
    assert "- **(a)** Find the eigenvalues $\\eta$ of $\\hat{\\mathbf K}$. [1 mark]\n" in md
    assert "- **(c)** Give the variance $\\lambda = \\eta/n$ captured by each component. [1 mark]\n" in md
    assert "**Total: 5 marks.**" in md
    # The statement comes before the solution, the parts after the data.
    assert md.index("\\hat{\\mathbf K} = \\begin{bmatrix}5") < md.index("**(a)**") < md.index("## Solution")


def test_what_the_problem_gives_is_not_asked():
    # Example 3 gives K̂, from-kernel-matrix gives K: neither is a part, though both are answers.
    example3 = tutor.solve("kernel-pca/example3")
    assert "centred_kernel" in example3.answers and "centred_kernel" not in example3.question.keys
    given_k = tutor.solve("kernel-pca/from-kernel-matrix")
    assert "kernel" in given_k.answers and given_k.question.keys[0] == "centred_kernel"
    # ... and an answer the solution does not have (no new points, not RBF) is no default part.
    assert "new_coordinates" not in example3.question.keys
    assert "squared_distances" not in solve_yaml(LINEAR).question.keys


def test_every_bundled_problem_has_parts_with_topic_wording_and_marks():
    for path in BUNDLED:
        solution = tutor.solve(str(path))
        question = solution.question
        assert question.parts, path
        assert [p.label for p in question.parts] == list("abcdefghijklmnopqrstuvwxyz"[:len(question.parts)])
        assert question.total == sum(p.marks for p in question.parts)
        order = [s.key for s in solution.steps]
        if path.stem != "exam-question":  # its own parts; the others follow the recipe
            assert [order.index(k) for k in question.keys] == sorted(order.index(k) for k in question.keys)
        for part in question.parts:
            assert part.text.endswith((".", "?")) and part.symbol, (path, part.key)


def test_every_topic_words_exactly_its_own_keys():
    from tutor.question import topic_parts

    for name in topics.builtin_names():
        topic = topics.get(name)
        table = topic_parts(topic)
        assert table is not None, name
        assert set(table.WORDING) == set(topic.ANSWER_KEYS), name
        assert set(table.DEFAULT_PARTS) <= set(topic.ANSWER_KEYS), name


def test_a_topic_without_a_parts_module_asks_every_answer_in_words_made_from_its_keys(monkeypatch):
    # A plugin topic need not word its parts: it gets every answer key, named by its key.
    import tutor.question

    monkeypatch.setattr(tutor.question, "topic_parts", lambda topic: None)
    solution = tutor.solve("kernel-pca/example3")
    # in the order the steps find them: the symmetry route finds η before its polynomial confirms them
    assert solution.question.keys == ("eigenvalues", "char_poly", "eigenvectors", "variances",
                                      "variance_fractions", "coefficients", "coordinates")
    assert "- **(b)** Give the char poly. [1 mark]" in render(solution, "md")
    assert r"\item[(f)] $\text{coefficients}$: " in render(solution, "tex")


def test_a_solution_made_without_tutor_solve_renders_with_the_default_question():
    loaded = load_problem_text(LINEAR)
    bare = loaded.topic.solve(loaded.problem)
    assert bare.question is None
    assert render(bare, "md") == render(tutor.solve(loaded), "md")


# --- the problem file's statement, parts and marks ------------------------------------------------------

OWN = LINEAR + """statement: >
  Three customers have two attributes each.
  Place them on the principal components.
parts:
  - coordinates
  - {key: eigenvalues, text: "Find the eigenvalues of the centred kernel matrix, and say why one is 0.",
     reason: "the rows of the centred kernel matrix sum to 0"}
  - kernel
marks: {coordinates: 3, eigenvalues: 2}
"""


def test_own_statement_parts_and_marks_are_shown_in_their_order_in_every_format():
    solution = solve_yaml(OWN)
    assert _parts(solution) == [("a", "coordinates", 3), ("b", "eigenvalues", 2), ("c", "kernel", 1)]
    assert solution.question.total == 6
    md = render(solution, "md")
    assert "**Problem.** Three customers have two attributes each. Place them on the principal components.\n" in md
    assert "Carry out kernel PCA" not in md  # the statement replaces the topic's lead ...
    assert "The $n = 3$ points, one per column of $X$:" in md  # ... not the data
    assert re.findall(r"^- \*\*\((\w)\)\*\* .*\[(\d) marks?\]$", md, re.M) == [("a", "3"), ("b", "2"), ("c", "1")]
    assert "- **(b)** Find the eigenvalues of the centred kernel matrix, and say why one is 0. [2 marks]" in md
    assert "**Total: 6 marks.**" in md
    tex = render(solution, "tex")
    assert re.findall(r"\\item\[\((\w)\)\].*\\mbox\{\[(\d) marks?\]\}", tex) == [("a", "3"), ("b", "2"), ("c", "1")]
    assert "\\textbf{Total: 6 marks.}" in tex
    html = render(solution, "html")
    assert re.findall(r'<li><strong>\((\w)\)</strong>.*<span class="marks">\[(\d) marks?\]</span>', html) == [
        ("a", "3"), ("b", "2"), ("c", "1")]
    # The final answers follow the parts, in their order.
    assert re.findall(r"^- \*\*\((\w)\)\*\* \$([^$]*)\$", md.split("### Final answers")[1], re.M) == [
        ("a", r"\mathbf a_i"), ("b", r"\eta_i"), ("c", r"\mathbf K =")]


def test_marks_are_the_check_weights_and_weights_are_marks():
    loaded = load_problem_text(OWN)
    assert loaded.check.weight("coordinates") == 3 and loaded.check.weight("eigenvalues") == 2
    report = tutor.check(loaded, {"coordinates": [[1, 1, -2], [-1, 1, 0]]})
    assert report.result("coordinates").weight == 3
    # Without marks, a part's marks are the key's check weight (default 1); weight 0 is not asked.
    weighted = solve_yaml(LINEAR + "check: {weights: {variances: 4, eigenvectors: 1/2, kernel: 0}}\n")
    marks = {key: m for _, key, m in _parts(weighted)}
    assert marks["variances"] == 4 and marks["eigenvectors"] == sp.Rational(1, 2) and "kernel" not in marks
    md = render(weighted, "md")
    assert "[4 marks]" in md and "[1/2 mark]" in md and "**Total: 17/2 marks.**" in md


def test_a_statement_over_several_lines_is_one_paragraph():
    solution = solve_yaml(LINEAR + "statement: |\n  First line,\n  second line.\n\n  After a blank line.\n")
    assert solution.question.statement == "First line, second line. After a blank line."


HOSTILE = r"<script>alert(1)</script> 50% of $x_1$ & {b} \emph #1 ~ ^ *bold* [link](x) café γ"


@pytest.mark.parametrize("where", ["statement", "part"])
def test_statement_and_own_wording_are_escaped_in_every_format(where, tmp_path):
    if where == "statement":
        text = LINEAR + f"statement: '{HOSTILE}'\n"
    else:
        text = LINEAR + f"parts: [{{key: kernel, text: '{HOSTILE}'}}]\n"
    solution = solve_yaml(text)
    md = render(solution, "md")
    assert "<script>" not in md and "&lt;script&gt;" in md
    assert "$x_1$" not in md and "&#36;x&#95;1&#36;" in md and "&#42;bold&#42;" in md and "&#91;link&#93;" in md
    tex = render(solution, "tex")
    assert r"50\% of \$x\_1\$ \& \{b\} \textbackslash{}emph \#1 \textasciitilde{} \textasciicircum{}" in tex
    assert r"café $\gamma$" in tex
    html = render(solution, "html")
    assert "<script>" not in html.split("</style>")[-1].split("<script>\n")[0]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&#36;x_1&#36;" in html
    assert "\\(x_1\\)" not in html  # the user's dollars are never read as maths
    if shutil.which("pdflatex"):
        (tmp_path / "s.tex").write_text(tex)
        result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "s.tex"], cwd=tmp_path,
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stdout[-2000:]


REFUSED = [
    ("parts: [eigenvalue]", "parts[1]: unknown answer key 'eigenvalue' (did you mean 'eigenvalues'? keys of this "
                            "topic: gram, kernel, squared_distances, row_means, grand_mean, centred_kernel, char_poly,"),
    ("parts: [eigenvalues, variances, eigenvalues]", "parts[3]: 'eigenvalues' is asked twice"),
    ("parts: []", "parts: must be a list of answer keys"),
    ("parts: eigenvalues", "parts: must be a list of answer keys"),
    ("parts: [{text: Find them.}]", "parts[1]: needs a key"),
    ("parts: [{key: eigenvalues, txt: Find them.}]", "parts[1].txt: unknown field (did you mean 'text'?)"),
    ("parts: [{key: eigenvalues, text: '" + "x" * 301 + "'}]", "parts[1].text: must be one line of at most 300"),
    ("parts: [{key: eigenvalues, text: 'Find them, and say why one is 0.'}]",
     "parts[1]: its text asks for a reason: give the one-line answer as reason:"),
    ("parts: [{key: eigenvalues, reason: 'rows sum to 0'}]", "parts[1].reason: has a reason but no text of its own"),
    ("parts: [" + ", ".join(["kernel"] * 16) + "]", "parts: has 16 parts; this topic has 15 answer keys"),
    ("parts: [squared_distances]", "parts[1]: this problem has no answer 'squared_distances' (its answers: gram,"),
    ("parts: [gram]\ncheck: {weights: {gram: 0}}", "parts[1]: 'gram' has weight 0 in check.weights"),
    ("marks: {eigenvalues: 0}", "marks.eigenvalues: must be from 1 to 100, got 0"),
    ("marks: {eigenvalues: 101}", "marks.eigenvalues: must be from 1 to 100, got 101"),
    ("marks: {eigenvalues: 1.5}", "marks.eigenvalues: must be a whole number from 1 to 100, got 1.5"),
    ("marks: {eigenvalues: '2'}", "marks.eigenvalues: must be a whole number from 1 to 100, got '2'"),
    ("marks: {eigen: 2}", "marks.eigen: unknown answer key 'eigen'"),
    ("marks: 5", "marks: must be a mapping of answer keys to whole numbers of marks"),
    ("marks: {gram: 2}", "marks.gram: not one of the parts asked (parts: kernel, centred_kernel, eigenvalues,"),
    ("parts: [eigenvalues]\nmarks: {variances: 2}", "marks.variances: not one of the parts asked (parts: eigenvalues)"),
    ("marks: {eigenvalues: 2}\ncheck: {weights: {eigenvalues: 3}}",
     "marks.eigenvalues: 2 marks, but check.weights.eigenvalues is 3: give one of them"),
    ("statement: '" + "x" * 1501 + "'", "statement: must be at most 1500 characters, got 1501"),
    ("statement: 5", "statement: must be a paragraph of text"),
    ("statement: ''", "statement: must be a paragraph of text"),
    ("statement: \"tab\\there\"", "statement: contains a control or invisible character (U+0009)"),
    ("statement: \"smile \\U0001F600\"", "statement: the character '\U0001F600' (U+1F600) cannot be typeset in LaTeX"),
    ("statment: Find it.", "statment: unknown field (did you mean 'statement'?)"),
]


@pytest.mark.parametrize("extra,message", REFUSED, ids=[m.split(":")[0] + str(i) for i, (_, m) in enumerate(REFUSED)])
def test_bad_statement_parts_and_marks_are_one_line_errors_naming_the_field(extra, message, tmp_path):
    bad, line = solve_error_line(tmp_path, LINEAR + extra + "\n")
    assert line.startswith(f"error: {bad}: {message}"), line


# --- titles: no labels, and distinct in a sheet or a quiz ------------------------------------------------


def test_distinct_titles_number_the_repeated_ones_and_never_collide():
    assert distinct_titles(["A", "B", "A", "A"]) == ["A (1)", "B", "A (2)", "A (3)"]
    assert distinct_titles(["X", "X (1)", "X"]) == ["X (2)", "X (1)", "X (3)"]
    assert distinct_titles(["Only"]) == ["Only"]


def test_generated_problems_carry_no_difficulty_or_practice_label():
    for name in topics.builtin_names():
        for difficulty in generators.DIFFICULTIES:
            problem = generators.generate_one(name, difficulty, 1)
            title = problem.data["title"]
            assert not re.search(r"practice|easy|medium|hard", title, re.I), (name, difficulty, title)


@pytest.fixture(scope="module")
def three_alike(tmp_path_factory):
    """Three generated kernel-PCA problems (all titled alike: three points, linear kernel) and Example 3."""
    folder = tmp_path_factory.mktemp("alike")
    paths = []
    for seed in (5, 6, 7):
        problem = generators.generate_one("kernel-pca", "easy", seed)
        path = folder / problem.filename
        path.write_text(problem.text())
        paths.append(str(path))
    return [*paths, "kernel-pca/example3"]


@pytest.mark.parametrize("fmt", ["md", "tex", "html"])
def test_a_sheet_shows_distinct_titles_and_no_difficulty(three_alike, fmt):
    document = run_cli("sheet", *three_alike, "-f", fmt, "--solutions").output
    heading = {"md": r"^## Problem \d+: (.*)$", "tex": r"\\section\*\{Problem \d+: (.*)\}$", "html": r"<h2>Problem \d+: (.*)</h2>"}
    titles = re.findall(heading[fmt], document, re.M)
    alike = "Kernel PCA of three points, linear kernel"
    assert titles == [f"{alike} (1)", f"{alike} (2)", f"{alike} (3)", "Kernel PCA on Example 3"]
    assert not re.search(r"practice|\b(easy|medium|hard)\b", document, re.I)
    # LaTeX may set a box at two widths and keep one (see macros/tex.j2): count the boxes it frames
    assert document.count(r"\fbox{\box0}" if fmt == "tex" else "Final answers") == 4


def test_a_moodle_quiz_names_its_questions_distinctly_without_marks_or_labels(three_alike, tmp_path):
    out = tmp_path / "quiz.xml"
    assert run_cli("export", "moodle", *three_alike, "-o", str(out)).exit_code == 0
    questions = ET.parse(out).getroot().findall("question[@type='cloze']")
    names = [q.find("name/text").text for q in questions]
    alike = "Kernel PCA of three points, linear kernel"
    assert names == [f"{alike} (1)", f"{alike} (2)", f"{alike} (3)", "Kernel PCA on Example 3"]
    text = questions[3].find("questiontext/text").text
    assert "<b>(a)</b> Find the eigenvalues" in text and "mark" not in text  # Moodle grades: no marks shown
    assert "<td>(a) \\(\\eta_{1}\\)</td>" in text  # labelled by its symbol, not the key eigenvalues[1]
    assert "row_means" not in text  # only what the parts ask
    assert not re.search(r"practice|\b(easy|medium|hard)\b", out.read_text(), re.I)


# --- the final answers -------------------------------------------------------------------------------


@pytest.mark.parametrize("source", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_solution_ends_with_its_final_answers_in_every_format(source):
    solution = tutor.solve(str(source))
    # one part is answered without its label "(a)"
    labels = [p.label for p in solution.question.parts] if len(solution.question.parts) > 1 else []
    md = render(solution, "md")
    final = md.split("### Final answers\n")
    assert len(final) == 2 and "### Step" not in final[1], "the final answers close the solution"
    assert re.findall(r"^- \*\*\((\w+)\)\*\* ", final[1], re.M) == labels
    tex = render(solution, "tex")
    box = tex.split(r"\textbf{Final answers}", 1)[1]
    # once, or twice when the box may be set in two columns (TeX sets it at both widths and keeps one)
    assert re.findall(r"\\item\[\((\w+)\)\]", box) in (labels, labels * 2) and r"\fbox{\box0}" in box
    assert r"\end{document}" in box and r"\subsection*" not in box
    html = render(solution, "html")
    box = html.split('<div class="final-answers">')[1].split("</div>\n</article>")[0]
    assert re.findall(r"<li><strong>\((\w+)\)</strong>", box) == labels


def test_the_final_answers_are_the_solutions_answers():
    md = render(tutor.solve("kernel-pca/example3"), "md").split("### Final answers\n")[1]
    assert "- **(a)** $\\eta_i$: $8$, $6$, $0$\n" in md
    assert "- **(c)** $\\lambda_i$: $\\frac{8}{3}$, $2$, $0$\n" in md
    assert "- **(e)** $\\mathbf a_i$: $\\left(2, -2, 0\\right)$, $\\left(1, 1, -2\\right)$\n" in md
    # A matrix is displayed, an irrational number has its decimal, a number too long for a line only that.
    exam = render(tutor.solve("kernel-pca/exam-question"), "md").split("### Final answers\n")[1]
    assert "- **(b)** $\\hat{\\mathbf K} =$\n  $$\n  \\begin{bmatrix}2 & 0 & -2" in exam
    gamma = render(tutor.solve("rbf-gamma/card"), "md").split("### Final answers\n")[1]
    assert "- **(a)** $\\gamma = \\frac{\\ln{\\left(2 \\right)}}{4} \\approx 0.1733$" in gamma
    shell = render(tutor.solve("high-dim/thin-shell"), "md").split("### Final answers\n")[1]
    # a topic's own forms (question.ShownForms): the table's 1 − (19/20)^m, its decimal beside
    assert ("$\\frac{39}{400}$, $1 - \\left(\\frac{19}{20}\\right)^{10} \\approx 0.4013$, "
            "$1 - \\left(\\frac{19}{20}\\right)^{100} \\approx 0.9941$\n") in shell


def test_a_final_answers_box_taller_than_a_page_is_set_between_rules(tmp_path):
    # Eight RBF points ask for two 8×8 matrices and eight long vectors: the frame gives way to rules,
    # and the document still compiles, with nothing set beyond the bottom of a page.
    if not shutil.which("pdflatex"):
        pytest.skip("pdflatex is not installed")
    text = ("topic: kernel-pca\npoints: [[0], [1], [2], [3], [4], [5], [6], [7]]\n"
            "kernel: {name: polynomial, degree: 2}\n")
    (tmp_path / "big.tex").write_text(render(solve_yaml(text), "tex"))
    result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "big.tex"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:]
    log = (tmp_path / "big.log").read_text(errors="replace")
    assert "Overfull \\vbox" not in log


def test_a_sheet_with_solutions_compiles_with_its_boxes(three_alike, tmp_path):
    if not shutil.which("pdflatex"):
        pytest.skip("pdflatex is not installed")
    worked = [tutor.solve(p) for p in [*three_alike, "kernel-pca/exam-question"]]
    (tmp_path / "sheet.tex").write_text(render_sheet(worked, "tex", with_solutions=True))
    result = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "sheet.tex"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:]
    log = (tmp_path / "sheet.log").read_text(errors="replace")
    assert not [line for line in log.splitlines() if line.startswith("! ")]


def test_json_carries_the_question_with_its_parts_and_marks(tmp_path):
    problem = tmp_path / "asked.yaml"
    problem.write_text((PROBLEMS / "kernel-pca" / "example3.yaml").read_text(encoding="utf-8")
                       + "statement: Kernel PCA, as in the lecture.\nparts: [eigenvalues, variances]\n"
                       + "marks: {eigenvalues: 3}\n", encoding="utf-8")
    data = json.loads(run_cli("solve", str(problem), "-f", "json").stdout)
    question = data["question"]
    assert data["title"] == "Kernel PCA on Example 3"
    assert [(p["label"], p["key"], p["marks"]) for p in question["parts"]] == [("a", "eigenvalues", "3"),
                                                                                ("b", "variances", "1")]
    assert question["total_marks"] == "4"
    assert question["markdown"].startswith("**Problem.** Kernel PCA, as in the lecture.")
    assert "**(a)**" in question["markdown"] and "[3 marks]" in question["markdown"]


def test_unit_vectors_are_written_as_the_notes_write_them_in_the_steps_and_the_final_answers():
    # Example 3 of the notes: v₁ = (1/√2)(1, −1, 0); the box had (√2/2, −√2/2, 0) beside the step's √2/2 (1, −1, 0)
    from tutor.question import final_value

    text = render(tutor.solve(str(PROBLEMS / "kernel-pca" / "example3.yaml")), "md")
    assert r"\mathbf v_1 = \frac{1}{\sqrt{2}}\,{(1, -1, 0)}^T" in text
    assert r"$\frac{1}{\sqrt{2}}\,\left(1, -1, 0\right)$, $\frac{1}{\sqrt{6}}\,\left(1, 1, -2\right)$" in text
    half, third = sp.sqrt(2) / 2, sp.sqrt(6) / 3
    assert final_value(((third, third / 2, -third / 2),)).chunks == (r"\frac{1}{\sqrt{6}}\,\left(2, 1, -1\right)",)
    assert final_value(((-half, half),)).chunks == (r"\frac{1}{\sqrt{2}}\,\left(-1, 1\right)",)  # signs stay inside
    assert final_value(((sp.Rational(1, 4), 0),)).chunks == (r"\left(\frac{1}{4}, 0\right)",)  # rational: as it is
    assert final_value(((2 * sp.sqrt(5) / 5, sp.sqrt(5) / 5),)).chunks == (r"\frac{1}{\sqrt{5}}\,\left(2, 1\right)",)


def test_a_topic_form_writes_a_vector_as_its_steps_do_and_only_for_its_own_value():
    from tutor.exact.tidy import Scaled
    from tutor.question import final_value

    fifth = Scaled(sp.Rational(1, 5), (4, -3))
    value = ((sp.Rational(4, 5), sp.Rational(-3, 5)), (1, 0))
    assert final_value(value, forms=(fifth, None)).chunks == (r"\frac{1}{5}\,\left(4, -3\right)", r"\left(1, 0\right)")
    # a form of another value is not taken: the box never prints what the answer is not
    assert final_value(((sp.Rational(3, 5), sp.Rational(4, 5)),), forms=(fifth,)).chunks == (
        r"\left(\frac{3}{5}, \frac{4}{5}\right)",)
    # too wide for a line: a column, its scale still in front
    wide = Scaled(sp.Rational(1, 7), tuple(sp.Integer(i) for i in range(1, 21)))
    [chunk] = final_value((wide.value,), forms=(wide,)).chunks
    assert chunk.startswith(r"\frac{1}{7}\,\begin{bmatrix} 1 \\ 2")


def test_a_topic_form_says_whether_its_decimal_stands_beside_it():
    """Form.decimal, not a sniff of the LaTeX: None as beside any value (an irrational one, or a form other
    than the value's own LaTeX), False never (a percentage), True always (= when the decimal ends)."""
    from tutor.question import Form, final_value

    half, third = sp.Rational(1, 2), sp.Rational(1, 3)
    assert final_value((half, third), forms=(Form(r"\frac{1}{2}", decimal=True), Form(r"\frac{1}{3}", decimal=True))
                       ).chunks == (r"\frac{1}{2} = 0.5", r"\frac{1}{3} \approx 0.3333")
    assert final_value(sp.Rational(3, 4), forms=(Form(r"\frac{3}{4} = 75\%", decimal=False),)).chunks == (
        r"= \frac{3}{4} = 75\%",)
    assert final_value(half, forms=(Form(r"\frac{1}{2}"),)).chunks == (r"= \frac{1}{2}",)  # its own LaTeX: none
    assert final_value(half, forms=(r"1 - \frac{1}{2}",)).chunks == (r"= 1 - \frac{1}{2} \approx 0.5",)  # LaTeX alone
    assert final_value(sp.sqrt(2), forms=(Form(r"\sqrt{2}"),)).chunks == (r"= \sqrt{2} \approx 1.414",)
    assert final_value(sp.Integer(1), forms=(Form("1", decimal=True),)).chunks == ("= 1",)
    # "" (main's rule for importance sampling's estimates): an irrational number by its decimal alone
    assert final_value(sp.sqrt(2), forms=("",)).chunks == (r"\approx 1.414",)
    assert final_value(sp.sqrt(2), forms=(Form(""),)).chunks == (r"\approx 1.414",)


def test_pca_and_kernel_pcas_unit_eigenvectors_in_the_box_as_the_steps_write_them():
    """A rational unit scale: the steps write u₁ = 1/5 (3, 4)ᵀ, so the box (and an exam key) does too, not (3/5, 4/5)."""
    from tests.conftest import solve_yaml

    md = render(solve_yaml("topic: pca\npoints: [[5, 0], [-8, -9], [-3, 6], [-2, -1]]\ncomponents: 1\n"), "md")
    assert r"\mathbf u_1 = \frac{1}{5}\,{(3, 4)}^T" in md
    assert r"$\mathbf u_j$: $\frac{1}{5}\,\left(3, 4\right)$, $\frac{1}{5}\,\left(4, -3\right)$" in md
    md = render(tutor.solve(str(PROBLEMS / "kernel-pca" / "rbf-square.yaml")), "md")
    assert r"\mathbf v_3 = \frac{1}{2}\,{(1, -1, -1, 1)}^T" in md
    assert r"$\frac{1}{2}\,\left(1, -1, -1, 1\right)$, $\frac{1}{2}\,\left(1, 1, 1, 1\right)$" in md.split("Final answers")[1]
