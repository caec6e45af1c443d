"""Hostile command-line options: every numeric option of every command refuses NaN, ±inf, huge and
negative values with one line and exit 2 (a usage error), never an internal error."""

from __future__ import annotations

import click
import pytest

from tutor.cli import main

from .conftest import run_cli

NUMERIC = {"integer", "float", "integer range", "float range", "number"}  # click's names, and ours


def _commands(group: click.Group, path=()):
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from _commands(command, (*path, name))
        else:
            yield (*path, name), command


def _numeric_options():
    for path, command in _commands(main):
        # placeholders for what the command needs, so that only the option under test can be wrong
        needed = []
        for param in command.params:
            if isinstance(param, click.Argument) and param.required:
                needed.append("nosuch.yaml")
            elif isinstance(param, click.Option) and param.required:
                needed += [param.opts[0], "/nonexistent/out"]
        for param in command.params:
            if isinstance(param, click.Option) and param.type.name in NUMERIC:
                yield " ".join(path), param.opts[0], needed


OPTIONS = list(_numeric_options())
HOSTILE = ["nan", "inf", "-inf", "1e999", "-1", "9" * 5000, "1e-400"]


def test_every_numeric_option_is_found():
    # the list below is what the parametrised test covers: a new option with a number joins it
    found = {(command, option) for command, option, _ in OPTIONS}
    assert {("solve", "--timeout"), ("check", "--timeout"), ("sheet", "--timeout"), ("export moodle", "--timeout"),
            ("export qti", "--timeout"), ("export prairielearn", "--timeout"), ("check", "--sig-figs"),
            ("solve", "--fade"), ("exam", "--seed"), ("generate", "--count"), ("serve", "--port"),
            ("serve", "--workers"), ("exam", "--jobs")} <= found


@pytest.mark.parametrize("value", HOSTILE, ids=["nan", "inf", "-inf", "1e999", "-1", "5000 digits", "1e-400"])
@pytest.mark.parametrize("command,option,needed", OPTIONS, ids=[f"{c} {o}" for c, o, _ in OPTIONS])
def test_a_numeric_option_refuses_a_hostile_value_in_one_line(command, option, needed, value):
    result = run_cli(*command.split(), option, value, *needed)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and option in lines[0], result.stderr
    assert len(lines[0]) < 300  # a 5,000-digit value is not echoed in full


def test_a_timeout_in_range_still_runs():
    assert run_cli("solve", "kernel-pca/example3", "--timeout", "0.5e2").exit_code == 0


def test_any_usage_error_is_one_line():
    for args in (["solve"], ["solve", "x", "--bogus"], ["nosuch"], ["export", "moodle", "x"]):
        result = run_cli(*args)
        assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1, (args, result.stderr)
        assert result.stderr.startswith("error: ") and "--help`" in result.stderr
    assert "Commands:" in run_cli("export").output  # no command at all: the group's help, as before


# --- the exam manifest: JSON that Python's json reads as no numbers, or recurses on ------------------


@pytest.fixture(scope="module")
def exam_folder(tmp_path_factory):
    from tutor.exam import anonymous, build_exam, read_blueprint

    from .conftest import ROOT

    folder = tmp_path_factory.mktemp("exam") / "midterm"
    build_exam(read_blueprint(str(ROOT / "examples" / "exam" / "blueprint.yaml")), anonymous(1), 7, str(folder),
               pdf=False)
    return folder


MANIFESTS = {  # how the manifest is spoilt -> what the one line says
    "Infinity": (lambda m: m.replace('"number": 1', '"number": Infinity', 1), "invalid JSON: Infinity is not a number"),
    "-Infinity": (lambda m: m.replace('"marks": ', '"marks": -Infinity, "x": ', 1), "-Infinity is not a number"),
    "NaN": (lambda m: m.replace('"marks": ', '"marks": NaN, "x": ', 1), "invalid JSON: NaN is not a number"),
    "1e999": (lambda m: m.replace('"number": 1', '"number": 1e999', 1), "1e999 is too large to be a number"),
    "a 5,000-digit number": (lambda m: m.replace('"seed": ', '"seed": ' + "9" * 5000 + ', "x": ', 1),
                             "a number of 5000 characters is too long"),
    "3,000 nested [": (lambda m: m.replace('"notes": [', '"notes": [' + "[" * 3000 + "]" * 3000 + ",", 1),
                       "invalid JSON: nested too deeply"),
    "3,000 [ never closed": (lambda m: "[" * 3000, "invalid JSON: nested too deeply"),
    "a key twice": (lambda m: m.replace('"title": ', '"title": "x", "title": ', 1), "'title' appears twice"),
    "marks a fraction": (lambda m: m.replace('"marks": 1', '"marks": 1.5', 1),
                         "questions[1].parts[1].marks: must be a whole number"),
    "number true": (lambda m: m.replace('"number": 1', '"number": true', 1), "questions[1].number: must be a whole"),
    "format true": (lambda m: m.replace('"format": 1', '"format": true', 1), "is not an exam manifest of format 1"),
    "parts an object": (lambda m: m.replace('"parts": [', '"parts": {"a": [', 1).replace("}\n      ]", "}]}", 1),
                        "questions[1].parts: must be a list"),
    "a student a list": (lambda m: m.replace('"students": [', '"students": [[1], ', 1), "students[1]: must be an object"),
    "title missing": (lambda m: m.replace('"title": ', '"titel": ', 1), "title: is missing"),
    "a list": (lambda m: "[]", "is not an exam manifest of format 1"),
    "empty": (lambda m: "", "line 1: invalid JSON: Expecting value"),
    "a byte-order mark": (lambda m: "\ufeff" + m, None),  # read as the same manifest
}


@pytest.mark.parametrize("case", sorted(MANIFESTS))
def test_a_spoilt_manifest_is_one_line_and_exit_2(case, exam_folder, tmp_path):
    import shutil

    spoil, expected = MANIFESTS[case]
    folder = tmp_path / "exam"
    shutil.copytree(exam_folder, folder)
    manifest = folder / "manifest.json"
    manifest.write_text(spoil(manifest.read_text(encoding="utf-8")), encoding="utf-8")
    answers = tmp_path / "answers.yaml"
    answers.write_text("student: v01\nq1: {eigenvalues: [1, 2]}\n")
    result = run_cli("check", "--exam", str(folder), str(answers))
    if expected is None:
        assert result.exit_code == 0 and "v01" in result.output, result.stderr
        return
    assert result.exit_code == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {manifest}: ") and expected in lines[0], result.stderr


# --- YAML: counted from the parser's events before anything is built ------------------------------

LARGE = {  # a megabyte of values: composed in 6 to 10 s of CPU before they were counted
    "small lists": "topic: amortised\nn: [" + ", ".join(["[1]"] * 200_000) + "]\n",
    "a block list": "topic: amortised\nn:\n" + "- 1\n" * 240_000,
}


@pytest.mark.parametrize("case", sorted(LARGE))
def test_a_megabyte_of_values_is_refused_before_it_is_built(case):
    import time

    from tutor.errors import ProblemError
    from tutor.problem import parse_yaml

    start = time.process_time()
    with pytest.raises(ProblemError) as info:
        parse_yaml(LARGE[case], "big.yaml")
    assert time.process_time() - start < 1.0
    assert str(info.value) == "big.yaml: n: more than 20000 values"


TWICE = {  # YAML and JSON keep the second of two keys, silently
    "a problem's field": ("solve", "topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: linear}\n"
                                   "points: [[0], [2]]\n", "line 4: the key 'points' appears twice"),
    "a kernel's field": ("solve", "topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: rbf, gamma: 1, gamma: 2}\n",
                         "kernel: line 3: the key 'gamma' appears twice"),
    "an answer": ("check", "eigenvalues: [6, 2, 0]\neigenvalues: [1, 2, 3]\n", "the key 'eigenvalues' appears twice"),
}


@pytest.mark.parametrize("case", sorted(TWICE))
def test_a_key_written_twice_is_refused(case, tmp_path):
    command, text, expected = TWICE[case]
    path = tmp_path / "file.yaml"
    path.write_text(text)
    args = ("solve", str(path)) if command == "solve" else ("check", "kernel-pca/linear-three-points", str(path))
    result = run_cli(*args)
    assert result.exit_code == 2 and expected in result.stderr and len(result.stderr.splitlines()) == 1, result.stderr


@pytest.mark.parametrize("text", ['"\\' * 500_000, '"' + "\\" * 999_999, "[" * 1_000_000, '\\""' * 330_000])
def test_a_megabyte_of_quotes_backslashes_or_brackets_is_refused_at_once(text):
    # '"\"\"\"…' made the regular expression that skips strings backtrack: 6 s for 40 kB, quadratic
    import time

    from tutor.errors import ProblemError
    from tutor.problem import parse_json

    start = time.process_time()
    with pytest.raises(ProblemError):
        parse_json(text, "manifest.json")
    assert time.process_time() - start < 0.5
