"""Hostile problem and answers files, and files that are not files: one line, exit 2, never exit 3.

Each case runs the real command in a child process (so that standard input is bytes, a FIFO can
block and a traceback would show) with a generous hang guard and a memory ceiling.
"""

from __future__ import annotations

import csv
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

LINEAR = "kernel-pca/linear-three-points"
GOOD = "eigenvalues: [6, 2, 0]\nvariances: [2, 2/3, 0]\n"
MEMORY = 2 * 1024**3  # bytes of address space: the alias bombs took more than 1 GB and 20 s


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def tutor(*args: str, stdin: bytes | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", *args], input=stdin, capture_output=True,
                          timeout=timeout, cwd=ROOT, preexec_fn=_limit_memory)


def one_error_line(result: subprocess.CompletedProcess) -> str:
    """The one line a refused input must give, with exit code 2."""
    stderr = result.stderr.decode("utf-8", "replace")
    assert result.returncode == 2, stderr
    assert "Traceback" not in stderr and "internal error" not in stderr, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def bomb(levels: int = 9) -> str:
    """The billion laughs as a YAML flow list: nine lists of nine aliases of the level below."""
    items = ['&a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    items += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "[" + ", ".join(items) + "]"


# --- one guard in the loader, for every field of every topic and for answers files -------------------

BOMBS = {
    "amortised n": ("topic: amortised\nn: {bomb}\n", "n"),
    "dfs-code edges": ("topic: dfs-code\nvertices: [X, Y, Z]\nedges: {bomb}\n", "edges"),
    "importance-sampling f": ("topic: importance-sampling\nf: {bomb}\n", "f"),
    "kernel-pca points": ("topic: kernel-pca\npoints: {bomb}\nkernel: {{name: linear}}\n", "points"),
    "a kernel's field": ("topic: kernel-pca\npoints: [[0], [1]]\nkernel: {{name: {bomb}}}\n", "kernel.name"),
    "the check section": ("topic: pca\npoints: [[0, 0], [1, 1]]\ncheck: {{weights: {bomb}}}\n", "check.weights"),
    "an unknown field": ("topic: pca\npoints: [[0, 0], [1, 1]]\nlol: {bomb}\n", "lol"),
}


@pytest.mark.parametrize("case", sorted(BOMBS))
def test_an_alias_bomb_is_refused_at_once_in_any_field(case, tmp_path):
    text, field = BOMBS[case]
    path = tmp_path / "bomb.yaml"
    path.write_text(text.format(bomb=bomb()))
    line = one_error_line(tutor("solve", str(path)))
    assert line.startswith(f"error: {path}: {field}")
    assert "more than 20000 values once YAML aliases are expanded" in line


def test_an_alias_bomb_in_an_answers_file_is_refused(tmp_path):
    path = tmp_path / "answers.yaml"
    path.write_text(f"eigenvalues: {bomb()}\n")
    line = one_error_line(tutor("check", LINEAR, str(path)))
    assert line.startswith(f"error: {path}: eigenvalues") and "YAML aliases" in line


def test_a_long_flat_list_is_refused_without_quoting_it(tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text("topic: amortised\nn: [" + ", ".join(["1"] * 30_000) + "]\n")
    assert one_error_line(tutor("solve", str(path))) == f"error: {path}: n: more than 20000 values"


def test_a_recursive_alias_is_refused(tmp_path):
    path = tmp_path / "loop.yaml"
    path.write_text("topic: amortised\nn: &a [1, *a]\n")
    assert "an alias refers to a list or mapping that contains it" in one_error_line(tutor("solve", str(path)))


def test_small_anchors_and_aliases_still_work(tmp_path):
    path = tmp_path / "anchors.yaml"
    path.write_text("topic: kernel-pca\npoints: [&origin [0, 0], [2, 0], [1, 3]]\nkernel: {name: linear}\n"
                    "new_points: [*origin]\n")
    assert tutor("solve", str(path)).returncode == 0


# --- values YAML itself cannot build --------------------------------------------------------------

VALUES = {
    "a timestamp that is no date": ("2001-13-45", "month must be in 1..12"),
    "!!timestamp foo": ("!!timestamp foo", "YAML cannot read 'foo' as timestamp"),
    "!!int abc": ("!!int abc", "YAML cannot read 'abc' as int"),
    "!!bool maybe": ("!!bool maybe", "YAML cannot read 'maybe' as bool"),
    "a 4,301-digit integer": ("1" * 4301, "a number of 4301 characters is too long"),
    "a long hexadecimal integer": ("0x" + "f" * 5000, "too long"),
}


@pytest.mark.parametrize("case", sorted(VALUES))
def test_a_value_yaml_cannot_build_names_its_field_in_an_answers_file(case, tmp_path):
    value, expected = VALUES[case]
    path = tmp_path / "answers.yaml"
    path.write_text(f"eigenvalues: [6, 2, 0]\ngrand_mean: {value}\n")
    line = one_error_line(tutor("check", LINEAR, str(path)))
    assert line.startswith(f"error: {path}: grand_mean: ") and expected in line


@pytest.mark.parametrize("case", sorted(VALUES))
def test_a_value_yaml_cannot_build_names_its_field_in_a_problem_file(case, tmp_path):
    value, expected = VALUES[case]
    path = tmp_path / "problem.yaml"
    path.write_text(f"topic: amortised\nn: {value}\n")
    line = one_error_line(tutor("solve", str(path)))
    assert line.startswith(f"error: {path}: n: ") and expected in line


def test_a_key_with_a_newline_stays_on_one_line(tmp_path):
    path = tmp_path / "problem.yaml"
    path.write_text('topic: amortised\nn: 4\n"a\\nb\\u001b[2J": 1\n')
    assert r"a\nb\x1b[2J: unknown field" in one_error_line(tutor("solve", str(path)))


# --- files that are not regular files, and standard input ------------------------------------------

def test_invalid_utf8_on_standard_input():
    line = one_error_line(tutor("solve", "-", stdin=b"topic: amortised\nn: \xff\n"))
    assert line.startswith("error: <stdin>: is not UTF-8 text")


def test_ten_megabytes_on_standard_input_are_refused_not_cut():
    # A valid problem followed by 10 MB of comment: cut at 1 MB it would still solve, and exit 0.
    text = b"topic: amortised\nn: 3\n" + (b"#" * 99 + b"\n") * 100_000
    line = one_error_line(tutor("solve", "-", stdin=text))
    assert line == "error: <stdin>: larger than 1000000 bytes"


def test_a_symlink_loop(tmp_path):
    (tmp_path / "a.yaml").symlink_to(tmp_path / "b.yaml")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    line = one_error_line(tutor("solve", str(tmp_path / "a.yaml")))
    assert line == f"error: {tmp_path / 'a.yaml'}: cannot read: Too many levels of symbolic links"


@pytest.mark.parametrize("command", ["solve", "check"])
def test_a_fifo_is_refused_without_waiting_for_a_writer(command, tmp_path):
    fifo = tmp_path / "problem.yaml"
    os.mkfifo(fifo)
    args = ("solve", str(fifo)) if command == "solve" else ("check", LINEAR, str(fifo))
    line = one_error_line(tutor(*args, timeout=60))  # before the fix: blocked until killed
    assert line == f"error: {fifo}: is not a regular file (a pipe, a device or a socket): not read"


def test_a_directory_given_as_a_problem(tmp_path):
    assert one_error_line(tutor("solve", str(tmp_path))) == f"error: {tmp_path}: is a directory, not a problem file"


# --- outputs that cannot be written ------------------------------------------------------------------

def test_output_into_a_missing_directory(tmp_path):
    out = tmp_path / "missing" / "solution.md"
    line = one_error_line(tutor("solve", "kernel-pca/example3", "-o", str(out)))
    assert line == f"error: {out}: cannot write: No such file or directory"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_csv_that_cannot_be_written(tmp_path):
    answers = tmp_path / "a.yaml"
    answers.write_text(GOOD)
    line = one_error_line(tutor("check", LINEAR, str(answers), "--csv", "/dev/full"))
    assert line == "error: /dev/full: cannot write: No space left on device"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("solve", "kernel-pca/example3"), ("topics",)])
def test_standard_output_that_cannot_be_written(args):
    with open("/dev/full", "wb") as full:
        result = subprocess.run([sys.executable, "-m", "tutor", *args], stdout=full, stderr=subprocess.PIPE,
                                timeout=60, cwd=ROOT)
    stderr = result.stderr.decode()
    assert result.returncode == 2 and stderr == "error: <stdout>: cannot write: No space left on device\n", stderr


def test_generate_into_a_path_that_is_a_file(tmp_path):
    blocker = tmp_path / "taken"
    blocker.write_text("")
    line = one_error_line(tutor("generate", "pca", "--seed", "1", "-o", str(blocker / "out")))
    assert line.startswith(f"error: {blocker / 'out'}/") and "cannot write: Not a directory" in line


# --- a class batch: students' files are read only if they are regular files -------------------------

def test_a_batch_refuses_links_and_pipes_and_echoes_nothing_of_them(tmp_path):
    secret = tmp_path / "grader-only.yaml"  # a file of the grader's, outside the class folder
    secret.write_text("SECRET-TOKEN-7f3a: 1\n")
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "alice.yaml").write_text(GOOD)
    (folder / "mallory.yaml").symlink_to(secret)  # followed before: its first line was in the CSV
    (folder / "link-to-alice.yml").symlink_to(folder / "alice.yaml")
    os.mkfifo(folder / "pipe.yaml")  # skipped silently before, or blocking when named
    (folder / "zoe.yaml").write_text(GOOD)
    grades = tmp_path / "grades.csv"
    result = tutor("check", LINEAR, str(folder), "--csv", str(grades))
    assert result.returncode == 2
    output = result.stdout.decode() + result.stderr.decode() + grades.read_text()
    assert "SECRET" not in output and "Traceback" not in output
    rows = {Path(r["file"]).name: r for r in csv.DictReader(grades.open())}
    assert sorted(rows) == ["alice.yaml", "link-to-alice.yml", "mallory.yaml", "pipe.yaml", "zoe.yaml"]
    assert rows["alice.yaml"]["score"] and rows["zoe.yaml"]["score"] and not rows["alice.yaml"]["error"]
    assert rows["mallory.yaml"]["error"].endswith("mallory.yaml: is a symbolic link, not a regular file: not read")
    assert rows["link-to-alice.yml"]["error"].endswith("is a symbolic link, not a regular file: not read")
    assert rows["pipe.yaml"]["error"].endswith("pipe.yaml: is not a regular file (a pipe, a device or a socket): not read")
    assert all(not rows[name]["score"] for name in ("mallory.yaml", "link-to-alice.yml", "pipe.yaml"))


def test_a_symlinked_answers_file_named_on_the_command_line_is_refused_too(tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("SECRET-TOKEN-7f3a: 1\n")
    link = tmp_path / "x.yaml"
    link.symlink_to(secret)
    line = one_error_line(tutor("check", LINEAR, str(link)))
    assert "SECRET" not in line and line.endswith("is a symbolic link, not a regular file: not read")


def test_a_file_name_that_is_not_utf8_gets_its_row(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / os.fsdecode(b"b\xff.yaml")).write_text(GOOD)
    grades = tmp_path / "grades.csv"
    result = tutor("check", LINEAR, str(folder), "--csv", str(grades))
    assert result.returncode == 0, result.stderr.decode()
    rows = list(csv.DictReader(grades.open(encoding="utf-8")))
    assert rows[0]["file"].endswith("b\\udcff.yaml") and rows[0]["score"]


def test_a_file_name_with_control_characters_stays_on_one_line(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "a\nb\x1b[2J.yaml").write_text("eigenvalue: [6, 2, 0]\n")
    line = one_error_line(tutor("check", LINEAR, str(folder)))
    assert r"a\nb\x1b[2J.yaml: eigenvalue: not an answer" in line


# --- fuzz: hostile files of every kind at solve, check and check --exam, in one limited child ----------

# One child process runs every case through the CLI in-process (one SymPy import for all), under the
# memory ceiling and a CPU limit, and reports each case's exit code, stderr and CPU time.
DRIVER = r"""
import json, sys, time
from click.testing import CliRunner
from tutor.cli import main
runner = CliRunner()
for line in sys.stdin:
    args = json.loads(line)
    start = time.process_time()
    result = runner.invoke(main, args)
    crash = None if isinstance(result.exception, (SystemExit, type(None))) else repr(result.exception)
    print(json.dumps({"code": result.exit_code, "stderr": result.stderr, "crash": crash,
                      "cpu": time.process_time() - start}), flush=True)
"""

PROBLEM = "topic: kernel-pca\ntitle: Three points\npoints: [[0, 0], [2, 0], [1, 3]]\nkernel: {name: linear}\n"
ANSWERS = "eigenvalues: [6, 2, 0]\nvariances: [2, 2/3, 0]\n"
EXAM_ANSWERS = "student: s1\nq1: {eigenvalues: [6, 2, 0]}\n"
# Values no field of a problem takes; each replaces the points, or the kernel's name.
NO_FIELD_TAKES = [".inf", "-.inf", ".nan", "1.0e+999", "9" * 101, "!!binary aGVsbG8=", "2001-01-01", "null", "true",
          "{}", "[" * 60 + "]" * 60, "{a: {b: {c: {d: [.nan]}}}}", "[[.nan, 1], [1, .inf]]", "!!python/name:os.system",
          "&a [1, *a]", "'" + "(" * 41 + "1" + ")" * 41 + "'"]


def _documents(valid: str, rng) -> dict[str, bytes]:
    """Hostile variants of a valid document, each with a name for the failure message."""
    first, rest = valid.split("\n", 1)
    key = rest.split(":", 1)[0]
    out = {
        "empty": b"", "only spaces": b"   \n\n", "only a comment": b"# nothing\n", "a list": b"- 1\n- 2\n",
        "a scalar": b"42\n", "two documents": (valid + "---\n" + valid).encode(),
        "binary": bytes(rng.randrange(256) for _ in range(200)), "a NUL": valid.replace(":", ":\x00", 1).encode(),
        "a BOM then binary": b"\xef\xbb\xbf\xff\xfe" + valid.encode(), "UTF-16": valid.encode("utf-16"),
        "deep flow": (first + "\nx: " + "[" * 5000 + "]" * 5000 + "\n").encode(),
        "deep block": (first + "\nx:\n" + "- " * 5000 + "1\n").encode(),
        "deep mappings": (first + "\n" + "".join(" " * i + "a:\n" for i in range(200))).encode(),
        "never closed": (first + "\nx: " + "{" * 3000).encode(),
        "a key twice": (valid + rest).encode(),
        "an alias bomb": (first + "\nx: " + bomb() + "\n").encode(),
        "a tab indent": (first + "\n\t" + rest).encode(),
        "a long key": (valid + "k" * 100_000 + ": 1\n").encode(),
        "a key that is a list": (valid + "? [a, b]\n: 1\n").encode(),
        "a key that is a mapping": (valid + "{a: 1}: 2\n").encode(),
        f"{key} a 4,301-digit number": (first + f"\n{key}: " + "1" * 4301 + "\n").encode(),
        "a merge key": (valid + "<<: {x: 1}\n").encode(),
    }
    for cut in sorted(rng.sample(range(5, len(valid) - 1), 3)):  # cut off inside a bracket or a key
        out[f"cut at {cut}"] = (valid[:cut] + "[" if valid[cut - 1] != "\n" else valid[:cut] + "{").encode()
    return out


def _problem_documents(rng) -> dict[str, bytes]:
    out = _documents(PROBLEM, rng)
    for value in NO_FIELD_TAKES:
        out[f"points: {value[:20]}"] = PROBLEM.replace("[[0, 0], [2, 0], [1, 3]]", value).encode()
        out[f"a point's entry: {value[:20]}"] = PROBLEM.replace("[2, 0]", f"[2, {value}]").encode()
        out[f"kernel.name: {value[:20]}"] = PROBLEM.replace("{name: linear}", f"{{name: {value}}}").encode()
    return out


def test_hostile_files_at_solve_check_and_check_exam_are_one_line_each(tmp_path):
    import json
    import random

    rng = random.Random(29)
    exam = tmp_path / "exam"
    (exam / "s1").mkdir(parents=True)
    (exam / "s1" / "q1.yaml").write_text(PROBLEM)
    (exam / "manifest.json").write_text(json.dumps({
        "format": 1, "title": "t", "questions": [{"number": 1, "topic": "kernel-pca", "parts": [
            {"key": "eigenvalues", "label": "(a)", "marks": 1}]}], "students": [{"id": "s1", "name": "S"}]}))
    cases = [("solve", name, text) for name, text in _problem_documents(rng).items()]
    cases += [("check", name, text) for name, text in _documents(ANSWERS, rng).items()]
    cases += [("check --exam", name, text) for name, text in _documents(EXAM_ANSWERS, rng).items()]
    runs = []
    for k, (command, name, data) in enumerate(cases):
        path = tmp_path / f"case{k}.yaml"
        path.write_bytes(data)
        args = {"solve": ["solve", str(path)], "check": ["check", LINEAR, str(path)],
                "check --exam": ["check", "--exam", str(exam), str(path)]}[command]
        runs.append(json.dumps([*args, "--timeout", "10"]))
    warm = json.dumps(["check", LINEAR, str(tmp_path / "none.yaml")])  # the imports, paid once before timing
    child = subprocess.run([sys.executable, "-c", DRIVER], input="\n".join([warm, *runs]) + "\n", text=True,
                           capture_output=True, timeout=300, cwd=ROOT, preexec_fn=_limit_memory)
    assert child.returncode == 0, child.stderr[-2000:]
    results = [json.loads(line) for line in child.stdout.splitlines()][1:]
    assert len(results) == len(cases), child.stderr[-2000:]
    wrong = []
    for (command, name, _), result in zip(cases, results):
        lines = result["stderr"].splitlines()
        if (result["code"] != 2 or result["crash"] or len(lines) != 1 or not lines[0].startswith("error: ")
                or "internal error" in lines[0] or result["cpu"] > 1.0):
            wrong.append(f"{command} {name}: exit {result['code']}, {result['cpu']:.2f} s, {result['crash']}, "
                         f"{result['stderr'][:200]!r}")
    assert not wrong, "\n".join(wrong)
