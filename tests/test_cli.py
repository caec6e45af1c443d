"""The command line: output formats, stdin, bundled problems, and one-line errors with exit 2."""

import json
import shutil
import os
import subprocess
import sys

import pytest

from .conftest import PROBLEMS, ROOT, run_cli

EXAMPLE3 = str(PROBLEMS / "kernel-pca" / "example3.yaml")


def test_solve_markdown_is_the_default():
    result = run_cli("solve", EXAMPLE3)
    assert result.exit_code == 0
    assert result.output.startswith("# Kernel PCA on Example 3")
    assert r"\eta_1 = 8" in result.output


def test_solve_json_has_steps_and_answers_in_the_documented_shape():
    result = run_cli("solve", EXAMPLE3, "--format", "json")
    data = json.loads(result.output)
    assert data["topic"] == "kernel-pca"
    assert {"key", "title", "latex"} <= set(data["steps"][0])
    assert data["answers"]["eigenvalues"] == {"exact": ["8", "6", "0"], "approx": [8.0, 6.0, 0.0]}
    assert data["answers"]["char_poly"]["approx"] is None
    assert data["answers"]["coordinates"]["exact"] == [["2", "-2", "0"], ["1", "1", "-2"]]
    assert len(data["answers"]["centred_kernel"]["exact"]) == 3


def test_solve_reads_stdin_and_writes_to_a_file(tmp_path):
    out = tmp_path / "out.tex"
    text = (PROBLEMS / "kernel-pca" / "example3.yaml").read_text()
    result = run_cli("solve", "-", "-f", "tex", "-o", str(out), input=text)
    assert result.exit_code == 0 and result.output == ""
    assert out.read_text().startswith(r"\documentclass")


def test_solve_finds_a_bundled_problem_by_short_name():
    assert run_cli("solve", "kernel-pca/example3").exit_code == 0


def test_topics_lists_kernel_pca_with_its_examples_and_keys():
    result = run_cli("topics", "--keys")
    assert "kernel-pca" in result.output and "kernel-pca/example3" in result.output
    assert "new_coordinates" in result.output


def test_python_dash_m_tutor_works():
    result = subprocess.run([sys.executable, "-m", "tutor", "--version"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0 and "tutor" in result.stdout


BAD_INPUTS = {
    "missing file": (None, "no such file"),
    "invalid yaml": ("topic: kernel-pca\npoints: [[1, 2]\n", "invalid YAML"),
    # libyaml would crash on these (its composer recurses in C); they must reach the Python loader
    "deeply nested brackets": ("topic: kernel-pca\npoints: " + "[" * 100_000 + "]" * 100_000 + "\n",
                               "invalid YAML: nested too deeply"),
    "deeply nested dashes": ("topic: kernel-pca\npoints:\n" + "- " * 100_000 + "1\n", "invalid YAML: nested too deeply"),
    "nested a little": ("topic: kernel-pca\npoints: " + "[" * 30 + "]" * 30 + "\nkernel: {name: linear}\n", "points"),
    "not a mapping": ("- 1\n- 2\n", "must be a YAML mapping"),
    "unknown topic": ("topic: kernel-pcb\npoints: [[0], [1]]\nkernel: {name: linear}\n", "topic: unknown topic"),
    "unknown kernel": ("topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: sigmoid}\n", "kernel.name: unknown kernel"),
    "ragged points": ("topic: kernel-pca\npoints: [[0, 1], [1]]\nkernel: {name: linear}\n", "points: ragged"),
    "non-numeric entry": ("topic: kernel-pca\npoints: [[0, x], [1, 2]]\nkernel: {name: linear}\n", "points[1][2]"),
    "python code entry": ('topic: kernel-pca\npoints: [["__import__(1)", 1], [1, 2]]\nkernel: {name: linear}\n',
                          "points[1][1]"),
    "degree not positive": ("topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: polynomial, degree: 0}\n",
                            "kernel.degree: must be a positive whole number"),
    "degree not integer": ("topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: polynomial, degree: 1.5}\n",
                           "kernel.degree: must be a positive whole number"),
    "gamma zero": ("topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: rbf, gamma: 0}\n", "kernel.gamma: must be > 0"),
    "gamma negative": ('topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: rbf, gamma: "-ln(2)"}\n',
                       "kernel.gamma: must be > 0"),
    "K not symmetric": ("topic: kernel-pca\nkernel_matrix: [[1, 2], [3, 4]]\n", "kernel_matrix: must be symmetric"),
    "K-hat not centred": ("topic: kernel-pca\ncentred_kernel_matrix: [[1, 0], [0, 1]]\n", "does not sum to 0"),
    "too many points": ("topic: kernel-pca\npoints: " + str([[i] for i in range(9)]) + "\nkernel: {name: linear}\n",
                        "points: needs 2 to 8 points, got 9"),
    "one point": ("topic: kernel-pca\npoints: [[1, 2]]\nkernel: {name: linear}\n", "points: needs 2 to 8"),
    "unknown field": ("topic: kernel-pca\npoints: [[0], [1]]\nkernal: {name: linear}\n", "kernal: unknown field"),
    "no kernel": ("topic: kernel-pca\npoints: [[0], [1]]\n", "kernel: is missing"),
    "two starts": ("topic: kernel-pca\npoints: [[0], [1]]\nkernel_matrix: [[1, 0], [0, 1]]\n", "exactly one of"),
    "too many components": ("topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: linear}\ncomponents: 2\n",
                            "components: asks for 2 components but only 1"),
    "new point wrong size": ("topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: linear}\nnew_points: [[1, 2]]\n",
                             "new_points:"),
    "rbf-gamma s >= 1": ("topic: rbf-gamma\nsimilarity: 1\ndistance: 2\n", "similarity: must be < 1"),
    "rbf-gamma s <= 0": ("topic: rbf-gamma\nsimilarity: 0\ndistance: 2\n", "similarity: must be > 0"),
    "rbf-gamma d <= 0": ("topic: rbf-gamma\nsimilarity: 0.5\ndistance: -2\n", "distance: must be > 0"),
    "high-dim epsilon": ("topic: high-dim\ndimensions: [2]\nshell: 1.5\n", "shell: the relative thickness"),
    "high-dim m": ("topic: high-dim\ndimensions: [0]\n", "dimensions[1]: must be from 1 to 200"),
    "feature-space wrong field": ("topic: feature-space\nkernel_value: {xx: 1}\n", "kernel_value: unknown field"),
    "feature-map degree": ("topic: feature-map\ndegree: -1\n", "degree: must be from 1 to 4"),
    "pca-feature-map map": ('topic: pca-feature-map\npoints: [[1, 2], [3, 4]]\nmap: ["z"]\n', "map[1]:"),
    "mds not symmetric": ("topic: mds\ndistances: [[0, 1], [2, 0]]\n", "distances: must be symmetric"),
    "mds diagonal": ("topic: mds\ndistances: [[1, 1], [1, 0]]\n", "distances: diagonal entry 1"),
    "mds negative": ("topic: mds\ndistances: [[0, -1], [-1, 0]]\n", "distances: entry (1,2) is negative"),
    "svd rank": ("topic: svd\nmatrix: [[1, 2], [3, 4]]\nrank: 3\n", "rank: must be from 1 to 2"),
    "pca ragged": ("topic: pca\npoints: [[1, 2], [3]]\n", "points: ragged"),
    "pca dimension": ("topic: pca\npoints: [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 5, 6, 7, 8, 0]]\n",
                      "points: points may have at most 8"),
    "negative offset": ("topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: polynomial, degree: 2, offset: -1}\n",
                        "kernel.offset: must be >= 0"),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_gives_one_line_naming_file_and_field_and_exit_2(case, tmp_path):
    text, expected = BAD_INPUTS[case]
    path = tmp_path / "bad.yaml"
    if text is not None:
        path.write_text(text)
    result = subprocess.run([sys.executable, "-m", "tutor", "solve", str(path)], capture_output=True, text=True)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith(f"error: {path}: ")
    assert expected in lines[0]


def test_a_closed_pipe_ends_quietly():
    # `tutor topics | head -1`: when the reader goes away, a command's write raises
    # BrokenPipeError; the CLI must stop quietly, not report an internal error.
    code = (
        "from tutor.cli import reports_errors\n"
        "@reports_errors\n"
        "def command():\n"
        "    raise BrokenPipeError(32, 'Broken pipe')\n"
        "command()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr == ""


@pytest.mark.parametrize("shell,marker", [("bash", "complete -o"), ("zsh", "compdef"), ("fish", "complete")])
def test_the_documented_shell_completion_lines_print_a_script(shell, marker):
    # docs/index.md: eval "$(_TUTOR_COMPLETE=bash_source tutor)" and its zsh and fish forms
    env = {**os.environ, "_TUTOR_COMPLETE": f"{shell}_source"}
    result = subprocess.run([sys.executable, "-c", "from tutor.cli import main; main(prog_name='tutor')"],
                            env=env, capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0 and marker in result.stdout and "_TUTOR_COMPLETE" in result.stdout
    assert f"_TUTOR_COMPLETE={shell}_source tutor" in (ROOT / "docs" / "index.md").read_text(encoding="utf-8")


# --- output files that do what their name says (issue 31) -------------------------------------------


@pytest.mark.parametrize("suffix, starts", [(".md", "# Kernel PCA"), (".tex", r"\documentclass"),
                                            (".html", "<!DOCTYPE html>"), (".json", "{")])
def test_solve_writes_the_format_its_output_file_is_named_for(tmp_path, suffix, starts):
    out = tmp_path / f"p{suffix}"
    result = run_cli("solve", EXAMPLE3, "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith(starts)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_solve_to_a_pdf_file_compiles_it(tmp_path):
    out = tmp_path / "p.pdf"
    assert run_cli("solve", EXAMPLE3, "-o", str(out)).exit_code == 0
    assert out.read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("args, said", [
    (("solve", EXAMPLE3, "-f", "md", "-o", "x.tex"), "--format md writes Markdown, but x.tex is named as LaTeX"),
    (("solve", EXAMPLE3, "-f", "pdf"), "a PDF is written to a file: add -o FILE.pdf"),
    (("sheet", EXAMPLE3, "--pdf", "-o", "s.tex"), "--pdf writes PDF, but s.tex is named as LaTeX"),
    (("sheet", EXAMPLE3, "-o", "s.json"), "sheet cannot write JSON (s.json)"),
    (("sheet", EXAMPLE3, "-f", "tex", "--pdf", "-o", "s.pdf"), "--pdf writes a PDF, but --format tex was asked"),
    (("export", "qti", EXAMPLE3, "-o", "x.xml"), "a QTI package is a zip file: name it FILE.zip, not x.xml"),
])
def test_an_output_name_that_contradicts_the_format_is_a_usage_error(tmp_path, monkeypatch, args, said):
    monkeypatch.chdir(tmp_path)
    result = run_cli(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {said}") and result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_an_unnamed_suffix_is_markdown_and_sheet_help_offers_only_what_sheet_writes(tmp_path):
    out = tmp_path / "p.txt"
    assert run_cli("solve", EXAMPLE3, "-o", str(out)).exit_code == 0
    assert out.read_text().startswith("# Kernel PCA")
    shown = run_cli("sheet", "--help").output
    assert "[md|tex|html|pdf]" in shown and "json" not in shown.lower()


def test_a_batch_check_and_an_export_show_a_bar_on_a_terminal_and_nothing_in_a_pipe(tmp_path):
    from .test_exam import _on_a_terminal

    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.yaml").write_text("eigenvalues: [8, 6, 0]\n")
    code, out, terminal = _on_a_terminal(["check", EXAMPLE3, "a.yaml", "b.yaml", "c.yaml", "-f", "json"], tmp_path)
    assert code == 0 and len(json.loads(out)) == 3
    assert "checking" in terminal and "3/3" in terminal
    code, out, terminal = _on_a_terminal(["export", "qti", EXAMPLE3, EXAMPLE3, "-o", "q.zip"], tmp_path)
    assert code == 0 and "solving" in terminal and "2/2" in terminal
    piped = run_cli("check", EXAMPLE3, *(str(tmp_path / f"{n}.yaml") for n in "abc"), "-f", "json")
    assert piped.exit_code == 0 and piped.stderr == ""


# --- folders written again (tutor.outputs) and figures beside -o FILE ---------------------------------


def test_a_prairielearn_export_again_replaces_its_own_questions_and_refuses_other_folders(tmp_path):
    out = tmp_path / "questions" / "tutor"
    both = run_cli("export", "prairielearn", EXAMPLE3, "kernel-matrix/linear-three-points", "-o", str(out))
    assert both.exit_code == 0, both.output
    (out / "kernel-pca-example3" / "notes.md").write_text("mine")  # a file of yours in a question's folder
    again = run_cli("export", "prairielearn", "kernel-matrix/linear-three-points", "-o", str(out))
    assert again.exit_code == 0, again.output
    assert sorted(p.name for p in out.iterdir()) == ["kernel-matrix-linear-three-points", "kernel-pca-example3",
                                                     "manifest.json"]
    assert [p.name for p in (out / "kernel-pca-example3").iterdir()] == ["notes.md"]
    listed = json.loads((out / "manifest.json").read_text())["files"]
    assert listed[0] == "kernel-matrix-linear-three-points/info.json" and len(listed) == 5
    course = tmp_path / "questions"  # the course's questions/ itself, with its own questions and no manifest
    refused = run_cli("export", "prairielearn", EXAMPLE3, "-o", str(course))
    assert refused.exit_code == 2 and refused.stderr.count("\n") == 1
    assert refused.stderr.startswith(f"error: {course}: holds files that no manifest of "
                                     "`tutor export prairielearn` lists")
    assert sorted(p.name for p in course.iterdir()) == ["tutor"]


def test_a_prairielearn_manifest_cannot_remove_files_outside_its_folder(tmp_path):
    out = tmp_path / "tutor"
    assert run_cli("export", "prairielearn", EXAMPLE3, "-o", str(out)).exit_code == 0
    outside = tmp_path / "infoCourse.json"
    outside.write_text("{}")
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["files"].append("../infoCourse.json")
    (out / "manifest.json").write_text(json.dumps(manifest))
    result = run_cli("export", "prairielearn", EXAMPLE3, "-o", str(out))
    assert result.exit_code == 2 and outside.exists()


def test_a_prairielearn_export_shows_a_bar_on_a_terminal(tmp_path):
    from .test_exam import _on_a_terminal

    code, out, terminal = _on_a_terminal(["export", "prairielearn", EXAMPLE3, "kernel-matrix/linear-three-points",
                                          "-o", "pl"], tmp_path)
    assert code == 0 and out.endswith("pl: 2 questions\n")
    assert "exporting" in terminal and "2/2" in terminal


def test_markdown_figures_of_an_earlier_run_do_not_stay_beside_the_file(tmp_path):
    out = tmp_path / "p.md"
    for stale in ("p-fig1.svg", "p-fig7.svg"):
        (tmp_path / stale).write_text("<svg>an earlier run's</svg>")
    for kept in ("q-fig1.svg", "p-figure.svg", "p-fig2.png"):  # not this document's figures
        (tmp_path / kept).write_text("other")
    assert run_cli("solve", EXAMPLE3, "-o", str(out)).exit_code == 0
    assert sorted(p.name for p in tmp_path.glob("*-fig*")) == ["p-fig1.svg", "p-fig2.png", "p-figure.svg",
                                                                 "q-fig1.svg"]
    assert (tmp_path / "p-fig1.svg").read_text().startswith("<?xml")
    assert run_cli("sheet", EXAMPLE3, "--no-figures", "-o", str(out)).exit_code == 0
    assert not (tmp_path / "p-fig1.svg").exists() and (tmp_path / "p-figure.svg").exists()


def test_the_cli_export_writes_what_prairielearn_write_writes(tmp_path):
    # The CLI writes question_files() through the manifest; write() is the module's own: they must agree.
    from tutor.prairielearn import export, write

    write(export([EXAMPLE3]), str(tmp_path / "a" / "questions" / "tutor"))
    assert run_cli("export", "prairielearn", EXAMPLE3, "-o", str(tmp_path / "b" / "questions" / "tutor")).exit_code == 0

    def tree(root):
        return {p.relative_to(root).as_posix(): p.read_text() for p in sorted(root.rglob("*")) if p.is_file()}

    made = tree(tmp_path / "b" / "questions" / "tutor")
    assert made.pop("manifest.json") and made == tree(tmp_path / "a" / "questions" / "tutor")
