"""tutor generate: reproducible, nice, distinct problems for every topic and difficulty; the stress test."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest
import yaml

import tutor
from tutor import generators
from tutor.generators.nice import eigen_kind
from tutor.generators.stress import stress

from .conftest import FULL, run_cli

COMBOS = [(t, d) for t in generators.names() for d in generators.DIFFICULTIES]
# 25 seeds per topic and difficulty by default; 200 (about 10 CPU-minutes, since tidy() does surds in pure
# Python) with TUTOR_FULL=1, as `tutor generate --stress` runs them; TUTOR_STRESS_SEEDS=N for another count.
STRESS_SEEDS = int(os.environ.get("TUTOR_STRESS_SEEDS", "200" if FULL else "25"))


@pytest.mark.parametrize("topic,difficulty", COMBOS)
def test_every_topic_generates_at_every_difficulty_files_that_solve(topic, difficulty, tmp_path):
    problems = generators.generate(topic, difficulty, 11, 3)
    assert len({p.key for p in problems}) == 3  # distinct variants
    for p in problems:
        path = tmp_path / p.filename
        path.write_text(p.text())
        data = yaml.safe_load(p.text())
        assert data["topic"] == topic
        assert data["generated"] == {"seed": p.seed, "difficulty": difficulty, "version": generators.VERSION}
        assert tutor.render(tutor.solve(str(path)), "md")


def test_same_seed_same_bytes_in_any_order_and_in_another_process():
    forward = [generators.generate_one("kernel-pca", "medium", s).text() for s in (5, 6, 7)]
    backward = [generators.generate_one("kernel-pca", "medium", s).text() for s in (7, 6, 5)]
    assert forward == backward[::-1]
    other = subprocess.run([sys.executable, "-c", "from tutor.generators import generate_one as g; "
                            "print(g('kernel-pca', 'medium', 6).text(), end='')"], capture_output=True, text=True)
    assert other.stdout == forward[1]


def test_the_global_random_state_is_left_alone():
    import random

    random.seed(123)
    before = random.random()
    random.seed(123)
    generators.generate("pca", "easy", 1, 2)
    assert random.random() == before


def test_easy_means_rational_eigenvalues_and_medium_at_most_one_square_root():
    for seed in range(1, 16):
        easy = tutor.solve(tutor.load_problem_text(generators.generate_one("kernel-pca", "easy", seed).text()))
        assert eigen_kind(easy.answers["eigenvalues"]) == "rational"
        values = easy.answers["eigenvalues"]
        assert sum(1 for v in values if v == 0) == 1 and len(set(values)) == len(values)  # distinct, one 0
        medium = tutor.solve(tutor.load_problem_text(generators.generate_one("pca", "medium", seed).text()))
        assert eigen_kind(medium.answers["eigenvalues"]) in ("rational", "surd")


def test_cli_writes_files_and_prints_a_drawn_seed(tmp_path):
    result = run_cli("generate", "svd", "--seed", "4", "--count", "3", "-d", "medium", "-o", str(tmp_path))
    assert result.exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [line.rsplit("/", 1)[1] for line in sorted(result.output.split())]
    drawn = subprocess.run([sys.executable, "-m", "tutor", "generate", "feature-map"], capture_output=True, text=True)
    assert drawn.returncode == 0 and drawn.stderr.startswith("seed: ")
    seed = drawn.stderr.split()[1]
    again = subprocess.run([sys.executable, "-m", "tutor", "generate", "feature-map", "--seed", seed],
                           capture_output=True, text=True)
    assert again.stdout == drawn.stdout


def test_unknown_topic_or_difficulty_is_one_line_and_exit_2():
    result = subprocess.run([sys.executable, "-m", "tutor", "generate", "kernel-pcb"], capture_output=True, text=True)
    assert result.returncode == 2 and result.stderr.startswith("error: topic: unknown topic")


STRESS_TABLE: list[str] = []  # printed by conftest.pytest_terminal_summary


def _stress(combo):
    topic, difficulty = combo
    return stress(topic, difficulty, range(1, STRESS_SEEDS + 1))


@pytest.fixture(scope="module")
def stress_results():
    """All topics and difficulties, STRESS_SEEDS seeds each, on every core; the table is printed at the
    end of the run (conftest: distinct problems, rejection rate and slowest seed per topic and difficulty)."""
    from tutor.generators.stress import HEADER, table_row

    with ProcessPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        results = dict(zip(COMBOS, pool.map(_stress, COMBOS)))
    STRESS_TABLE[:] = [HEADER, *(table_row(r) for r in results.values())]
    return results


@pytest.mark.parametrize("topic,difficulty", COMBOS)
def test_stress_every_seed_generates_solves_meets_the_rules_renders_and_checks_itself(topic, difficulty,
                                                                                        stress_results):
    result = stress_results[(topic, difficulty)]
    assert result.seeds == STRESS_SEEDS
    assert not result.failures, result.failures[:5]


def test_stress_command_prints_the_spread_of_sizes_and_times():
    result = run_cli("generate", "feature-map", "--stress", "--count", "3")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].split()[:8] == ["topic", "difficulty", "seeds", "failed", "distinct", "structures", "denominator",
                                    "rejected"]
    assert [l.split()[1] for l in lines[1:]] == ["easy", "medium", "hard"]


# --- -o DIR: the folder's manifest (tutor.outputs) ------------------------------------------------------


def test_generate_again_into_its_folder_replaces_its_own_files_and_keeps_yours(tmp_path):
    out = tmp_path / "set"
    assert run_cli("generate", "pca", "--seed", "3", "-n", "3", "-o", str(out)).exit_code == 0
    (out / "mine.txt").write_text("the lecturer's own notes")
    again = run_cli("generate", "pca", "--seed", "9", "-n", "1", "-o", str(out))
    assert again.exit_code == 0, again.output
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json", "mine.txt", "pca-easy-9.yaml"]
    assert again.output.split() == [str(out / "pca-easy-9.yaml"), str(out / "manifest.json")]


def test_generate_refuses_a_folder_of_other_files_without_force(tmp_path):
    out = tmp_path / "week6"
    out.mkdir()
    (out / "q1.yaml").write_text("topic: pca\n")  # written by hand: no manifest lists it
    result = run_cli("generate", "pca", "--seed", "3", "-o", str(out))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: {out}: holds files that no manifest of `tutor generate` lists")
    assert sorted(p.name for p in out.iterdir()) == ["q1.yaml"]
    forced = run_cli("generate", "pca", "--seed", "3", "-o", str(out), "--force")
    assert forced.exit_code == 0 and (out / "q1.yaml").exists() and (out / "pca-easy-3.yaml").exists()


def test_generate_does_not_take_an_exam_folder_for_its_own(tmp_path):
    from tutor.outputs import manifest_json

    out = tmp_path / "midterm"
    out.mkdir()
    (out / "solutions.md").write_text("the exam's")
    (out / "manifest.json").write_text(manifest_json("tutor exam", ["solutions.md"]))
    result = run_cli("generate", "pca", "--seed", "3", "-o", str(out))
    assert result.exit_code == 2 and (out / "solutions.md").exists()


@pytest.mark.parametrize("listed", ["../keep.txt", "/KEEP", "link/keep.txt"])
def test_a_generate_manifest_cannot_remove_files_outside_its_folder(tmp_path, listed):
    import json

    out = tmp_path / "set"
    assert run_cli("generate", "pca", "--seed", "3", "-o", str(out)).exit_code == 0
    outside = tmp_path / "keep.txt"
    outside.write_text("not generate's")
    (out / "link").symlink_to(tmp_path)
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["files"].append(listed.replace("/KEEP", str(outside)))
    (out / "manifest.json").write_text(json.dumps(manifest))
    result = run_cli("generate", "pca", "--seed", "4", "-o", str(out))
    assert result.exit_code == 2 and "holds files that no manifest" in result.stderr and outside.exists()
