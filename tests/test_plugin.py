"""A topic from another package: examples/plugin-topic installed next to tutor in a fresh venv.

tutor finds it through the entry-point group `tutor.topics` only; its templates come from inside
its own package. Both packages are real (non-editable) installs, so nothing is read from this tree.
"""

import json
import subprocess
import sys
import venv

import pytest

from .conftest import ROOT

PLUGIN = ROOT / "examples" / "plugin-topic"


@pytest.fixture
def fake_entry_points(monkeypatch):
    """Point the entry-point group at the example plugin's source folder, without installing it."""
    import importlib.metadata as metadata

    from tutor import topics

    calls = []

    def entry_points(group):
        calls.append(group)
        return [metadata.EntryPoint("trace-det", "tutor_trace_det", group),
                metadata.EntryPoint("svd", "not_a_package", group)]  # a built-in name wins

    monkeypatch.syspath_prepend(str(PLUGIN))
    monkeypatch.setattr(metadata, "entry_points", entry_points)
    topics._plugins.cache_clear()
    yield calls
    topics._plugins.cache_clear()


def test_a_built_in_topic_is_found_without_looking_at_entry_points(fake_entry_points):
    # Entry points cost startup time: `tutor solve` of a built-in topic never reads them.
    from tutor import topics

    assert topics.get("svd").NAME == "svd" and topics.get("kernel-pca").NAME == "kernel-pca"
    assert fake_entry_points == []
    assert topics.names()[-1] == "trace-det" and topics.names().count("svd") == 1
    assert fake_entry_points == ["tutor.topics"]


def test_a_plugin_topic_solves_and_renders_from_its_own_templates(fake_entry_points):
    from tutor import render, solve

    solution = solve(str(PLUGIN / "tutor_trace_det" / "problems" / "example.yaml"))
    assert solution.topic == "trace-det" and solution.answers == {"trace": 7, "determinant": 10}
    md = render(solution, "md")
    assert r"\det A = 3 \cdot 4 - 1 \cdot 2 = 10" in md
    # Its own parts.py words the exam question; tutor's shared templates state it and sum it up.
    assert "- **(b)** Find the determinant $\\det A$. [1 mark]" in md and "**Total: 2 marks.**" in md
    assert "- **(b)** $\\det A = 10$" in md.split("## Final answers")[-1].split("### Final answers")[-1]


@pytest.fixture(scope="module")
def tutor(tmp_path_factory):
    work = tmp_path_factory.mktemp("plugin")
    env = work / "venv"
    # tutor's own dependencies (sympy, jinja2, …) come from the interpreter's site-packages, as in
    # test_install.py; tutor and the plugin are installed from source, without their dependencies.
    venv.EnvBuilder(with_pip=True, system_site_packages=True).create(env)
    python = env / "bin" / "python"
    for source in (ROOT, PLUGIN):
        result = subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--quiet", str(source)],
                                capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stderr[-2000:]
    return env / "bin" / "tutor", work


def _run(tutor, *args, cwd):
    return subprocess.run([str(tutor), *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=120)


def _problem(work):
    # A copy outside the source tree: the plugin's bundled example, as a course would hand it out.
    problem = work / "mine.yaml"
    problem.write_text((PLUGIN / "tutor_trace_det" / "problems" / "example.yaml").read_text())
    return problem


def test_tutor_topics_lists_the_plugin_topic(tutor):
    exe, work = tutor
    result = _run(exe, "topics", "--keys", cwd=work)
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith("trace-det"))
    assert "Trace and determinant" in line
    assert "tutor_trace_det/problems/example.yaml" in result.stdout  # its bundled problem, by path
    assert "determinant" in result.stdout and "kernel-pca" in result.stdout  # built-in topics still there


def test_solve_renders_the_plugin_topic_in_every_format(tutor):
    exe, work = tutor
    problem = _problem(work)
    outputs = {}
    for fmt in ("md", "tex", "html", "json"):
        result = _run(exe, "solve", problem, "-f", fmt, cwd=work)
        assert result.returncode == 0, result.stderr
        outputs[fmt] = result.stdout
    # The plugin's own step templates rendered (A = [[3, 1], [2, 4]]: trace 7, determinant 10).
    assert r"\det A = 3 \cdot 4 - 1 \cdot 2 = 10" in outputs["md"] and "$$" in outputs["md"]
    assert r"\operatorname{tr} A = 3 + 4 = 7" in outputs["tex"] and r"\begin{document}" in outputs["tex"]
    assert "<html" in outputs["html"] and "katex.render" in outputs["html"]
    assert r"\det A = 3 \cdot 4 - 1 \cdot 2 = 10" in outputs["html"]
    data = json.loads(outputs["json"])
    assert data["topic"] == "trace-det"
    assert {k: v["exact"] for k, v in data["answers"].items()} == {"trace": "7", "determinant": "10"}


def test_generate_makes_a_plugin_problem_that_solves(tutor):
    exe, work = tutor
    result = _run(exe, "generate", "trace-det", "--seed", "1", cwd=work)
    assert result.returncode == 0, result.stderr
    assert "topic: trace-det" in result.stdout
    generated = work / "generated.yaml"
    generated.write_text(result.stdout)
    solved = _run(exe, "solve", generated, cwd=work)
    assert solved.returncode == 0 and "The determinant" in solved.stdout, solved.stderr


def test_check_grades_answers_with_the_plugins_tables(tutor):
    exe, work = tutor
    problem = _problem(work)
    answers = work / "answers.yaml"
    answers.write_text("trace: 7\ndeterminant: 14\n")  # 3·4 + 1·2: the plugin's named mistake
    result = _run(exe, "check", problem, answers, "-f", "json", cwd=work)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["score"], report["max_score"]) == (1, 2)
    assert report["answers"]["trace"]["verdict"] == "correct"
    assert report["answers"]["determinant"]["mistake"] == "determinant_plus"


def test_an_unknown_topic_names_the_plugin_among_the_known(tutor):
    exe, work = tutor
    bad = work / "bad.yaml"
    bad.write_text("topic: trace-dt\nmatrix: [[1, 2], [3, 4]]\n")
    result = _run(exe, "solve", bad, cwd=work)
    assert result.returncode == 2 and "trace-det" in result.stderr, result.stderr
