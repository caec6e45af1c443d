"""`tutor check` from the command line: reports, exit codes, errors, class batches and the CSV."""

from __future__ import annotations

import csv
import json
import signal
import subprocess
import sys
import time

import pytest

import tutor

from tutor.checking.batch import GradeSheet, Outcome

from .conftest import ROOT, run_cli

LINEAR = "kernel-pca/linear-three-points"
GOOD = "eigenvalues: [6, 2, 0]\nvariances: [2, 2/3, 0]\ncentred_kernel: [[2, 0, -2], [0, 2, -2], [-2, -2, 4]]\n"
SLIP = "eigenvalues: [6, 2, 0]\nvariances: [6, 2, 0]\n"
VERDICTS = {"correct", "decimal", "follow-through", "mistake", "wrong", "missing", "unreadable"}


@pytest.fixture
def answers(tmp_answers):
    return tmp_answers


def test_markdown_report_with_score_and_exit_0_whatever_the_score(answers):
    result = run_cli("check", LINEAR, answers(SLIP))
    assert result.exit_code == 0
    assert "**Score: 1 / 12**" in result.output
    assert "❌ mistake (`variances_are_eta`)" in result.output
    assert r"read as $\left(6, 2, 0\right)$" in result.output


def test_json_report_has_the_documented_shape(answers):
    result = run_cli("check", LINEAR, answers(SLIP + "grand_mean: 2 +\n"), "-f", "json")
    data = json.loads(result.output)
    assert set(data) == {"score", "max_score", "answers"}
    assert (data["score"], data["max_score"]) == (1, 12)
    assert all(entry["verdict"] in VERDICTS and entry["message"] for entry in data["answers"].values())
    assert data["answers"]["variances"]["mistake"] == "variances_are_eta"
    assert data["answers"]["grand_mean"]["verdict"] == "unreadable"
    assert "column" in data["answers"]["grand_mean"]["message"]
    assert data["answers"]["gram"] == {"verdict": "missing", "message": "not answered"}


def test_text_report(answers):
    result = run_cli("check", LINEAR, answers(GOOD), "-f", "text")
    assert "score 3/12" in result.output
    assert "eigenvalues           correct" in result.output
    assert "read as: [6, 2, 0]" in result.output


def test_weights_and_tolerance_from_the_problem_file_and_the_command_line(tmp_path, answers):
    problem = tmp_path / "p.yaml"
    problem.write_text("topic: kernel-pca\npoints: [[0, 0], [2, 0], [1, 3]]\nkernel: {name: linear}\n"
                       "check: {sig_figs: 2, weights: {eigenvalues: 3, gram: 0, kernel: 1/2}}\n")
    data = json.loads(run_cli("check", str(problem), answers("eigenvalues: [6.04, 2, 0]\n"), "-f", "json").output)
    assert (data["score"], data["max_score"]) == (3, 12.5)  # nine keys of weight 1, then 3 + 0 + 1/2
    assert data["answers"]["eigenvalues"]["verdict"] == "decimal"
    # Written to 2 figures where 3 are asked and right rounded to them: imprecise; written to 3 (6.04),
    # judged at 3: wrong.
    problem.write_text("topic: kernel-pca\npoints: [[0, 0], [2, 0], [1, 3]]\nkernel: {name: linear}\n"
                       "check: {sig_figs: 3, weights: {eigenvalues: 3, gram: 0, kernel: 1/2}}\n")
    data = json.loads(run_cli("check", str(problem), answers("eigenvalues: [6.0, 2, 0]\n"), "-f", "json").output)
    assert data["answers"]["eigenvalues"]["verdict"] == "correct"  # 6.0 is 6: exact
    problem.write_text("topic: kernel-pca\npoints: [[0, 0], [2, 0], [1, 2]]\nkernel: {name: linear}\n"
                       "check: {sig_figs: 3, weights: {eigenvalues: 3, gram: 0, kernel: 1/2}}\n")
    rough = ", ".join(f"{float(v):#.2g}" for v in tutor.solve(str(problem)).answers["eigenvalues"][:2])
    data = json.loads(run_cli("check", str(problem), answers(f"eigenvalues: [{rough}, 0]\n"), "-f", "json").output)
    more = ", ".join(f"{float(v) * 1.01:#.3g}" for v in tutor.solve(str(problem)).answers["eigenvalues"][:2])
    wrong = json.loads(run_cli("check", str(problem), answers(f"eigenvalues: [{more}, 0]\n"), "-f", "json").output)
    assert wrong["answers"]["eigenvalues"]["verdict"] == "wrong"
    assert data["answers"]["eigenvalues"] == {"verdict": "imprecise", "message": "right to 2 significant figures; "
                                              "give 3", "read_as": data["answers"]["eigenvalues"]["read_as"]}
    assert data["score"] == 1.5  # half of eigenvalues' weight 3


UNUSABLE = {
    "not a mapping": ("- 1\n- 2\n", "must be a YAML mapping of answer keys"),
    "invalid yaml": ("eigenvalues: [6, 2\n", "invalid YAML"),
    "unknown key": ("eigenvalue: [6, 2, 0]\n", "eigenvalue: not an answer of this problem (did you mean 'eigenvalues'?)"),
    "key not in this problem": ("squared_distances: [[0]]\n", "squared_distances: this problem has no such answer"),
    "too large": ("eigenvalues: '" + "1" * 1_100_000 + "'\n", "larger than"),
}


@pytest.mark.parametrize("case", sorted(UNUSABLE))
def test_an_unusable_answers_file_gives_one_line_and_exit_2(case, answers):
    text, expected = UNUSABLE[case]
    path = answers(text)
    result = subprocess.run([sys.executable, "-m", "tutor", "check", LINEAR, path], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"error: {path}: ") and expected in result.stderr


def test_an_unusable_problem_gives_exit_2(tmp_path, answers):
    problem = tmp_path / "p.yaml"
    problem.write_text("topic: pca\npoints: [[0, 0], [1, 1]]\ncheck: {weights: {eigenvalue: 2}}\n")
    result = subprocess.run([sys.executable, "-m", "tutor", "check", str(problem), answers(GOOD)],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert "check.weights.eigenvalue: not an answer key of this topic" in result.stderr


def test_hostile_answers_are_unreadable_not_fatal(answers):
    hostile = ("eigenvalues: [\"__import__('os').system('touch /tmp/tutor-pwned')\", \"9^9^9^9\", \"" + "(" * 5000 + "\"]\n"
               "grand_mean: \"1e999999\"\nrow_means: \"\\\\input{/etc/passwd}\"\n")
    start = time.perf_counter()
    data = json.loads(run_cli("check", LINEAR, answers(hostile), "-f", "json").output)
    assert time.perf_counter() - start < 5
    for key in ("eigenvalues", "grand_mean", "row_means"):
        assert data["answers"][key]["verdict"] == "unreadable"
    import os
    assert not os.path.exists("/tmp/tutor-pwned")


def test_a_class_batch_writes_one_row_per_file_and_survives_bad_files(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "alice.yaml").write_text(GOOD)
    (folder / "bob.yaml").write_text(SLIP)
    (folder / "carol.yaml").write_text("eigenvalues: [6, 2\n")  # broken YAML
    (folder / "dave.yml").write_text("eigenvalue: [6, 2, 0]\n")  # unknown key
    (folder / "notes.txt").write_text("not an answers file")
    extra = tmp_path / "erin.yaml"
    extra.write_text("eigenvalues: [0, 2, 6]\n")
    grades = tmp_path / "grades.csv"
    result = subprocess.run([sys.executable, "-m", "tutor", "check", LINEAR, str(folder), str(extra), "--csv",
                             str(grades)], capture_output=True, text=True)
    assert result.returncode == 2  # some files were unusable; every file was still checked
    rows = list(csv.DictReader(grades.open()))
    assert [r["file"].rsplit("/", 1)[1] for r in rows] == ["alice.yaml", "bob.yaml", "carol.yaml", "dave.yml", "erin.yaml"]
    by_name = {r["file"].rsplit("/", 1)[1]: r for r in rows}
    assert (by_name["alice.yaml"]["score"], by_name["alice.yaml"]["max_score"]) == ("3", "12")
    assert by_name["bob.yaml"]["variances"] == "mistake (variances_are_eta)"
    assert by_name["carol.yaml"]["score"] == "" and "invalid YAML" in by_name["carol.yaml"]["error"]
    assert "did you mean 'eigenvalues'" in by_name["dave.yml"]["error"]
    assert by_name["erin.yaml"]["eigenvalues"] == "correct"
    assert list(rows[0])[:3] == ["file", "score", "max_score"] and list(rows[0])[-1] == "error"
    assert "alice.yaml: 3/12" in result.stdout and "carol.yaml" in result.stderr


def test_a_file_that_runs_out_of_time_gets_its_row_and_the_next_is_checked(tmp_path, monkeypatch):
    """--timeout bounds each answers file: a slow one (here made slow) gets an error row saying so."""
    import tutor.checking.batch as batch

    slow, fine = tmp_path / "slow.yaml", tmp_path / "fine.yaml"
    slow.write_text(GOOD)
    fine.write_text(GOOD)
    real = batch.check_file

    def check_file(checker, path):
        if path.endswith("slow.yaml"):
            time.sleep(5)
        return real(checker, path)

    monkeypatch.setattr(batch, "check_file", check_file)
    grades = tmp_path / "grades.csv"
    started = time.monotonic()
    result = run_cli("check", LINEAR, str(slow), str(fine), "--csv", str(grades), "--timeout", "0.5")
    assert time.monotonic() - started < 4  # the sleep was cut short
    assert result.exit_code == 2
    rows = {r["file"].rsplit("/", 1)[1]: r for r in csv.DictReader(grades.open())}
    assert rows["slow.yaml"]["error"] == (f"checking {slow} took longer than the time limit of 0.5 s (--timeout) "
                                          "and was stopped")
    assert rows["fine.yaml"]["score"] == "3"


def test_many_files_without_csv_print_each_report_and_json_is_a_list(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text(GOOD)
    b.write_text(SLIP)
    data = json.loads(run_cli("check", LINEAR, str(a), str(b), "-f", "json").output)
    assert [d["file"] for d in data] == [str(a), str(b)] and data[0]["score"] == 3


def test_each_row_is_on_disk_as_soon_as_it_is_checked(tmp_path):
    path = tmp_path / "grades.csv"
    with path.open("w", newline="") as handle:
        sheet = GradeSheet(handle, ("eigenvalues",))
        sheet.add(Outcome("a.yaml", error="a.yaml: bad"))
        assert path.read_text().splitlines()[1] == "a.yaml,,,,a.yaml: bad"  # before the file is closed


def test_an_interrupted_batch_keeps_the_rows_already_checked(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    for i in range(200):
        (folder / f"s{i:03}.yaml").write_text(GOOD if i % 2 else SLIP)
    grades = tmp_path / "grades.csv"
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "check", LINEAR, str(folder), "--csv", str(grades)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    deadline = time.time() + 60
    while time.time() < deadline and (not grades.exists() or grades.read_text().count("\n") < 4):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    lines = grades.read_text().splitlines()
    assert len(lines) >= 4
    rows = list(csv.reader(lines))
    assert all(len(r) == len(rows[0]) for r in rows)  # complete rows only
