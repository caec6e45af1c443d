"""tutor export prairielearn: every bundled problem and a 4-question blueprint as PrairieLearn questions.

PrairieLearn itself does not run here, so each generated server.py is imported from its path and its
generate, parse and grade are called with data dictionaries shaped as PrairieLearn's documentation
describes (params, correct_answers, submitted_answers, raw_submitted_answers, format_errors,
partial_scores, score, feedback, variant_seed, options).
"""

from __future__ import annotations

import importlib.util
import json
import re
import uuid
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tutor import topics
from tutor.checking.tables import tables
from tutor.resources import bundled_problems

BLUEPRINT = """\
title: Kernel methods, mid-term
seed: 7
questions:
  - topic: kernel-pca
    difficulty: easy
    parts: [kernel, centred_kernel, eigenvalues, variances]
    marks: {centred_kernel: 2, eigenvalues: 2}
  - topic: pca
    difficulty: easy
    title: Principal components
  - topic: centring
    difficulty: medium
  - topic: svd
    difficulty: easy
"""
EXAM = "kernel-methods-mid-term"


def export(folder: Path, *files: str):
    result = run_cli("export", "prairielearn", *files, "-o", str(folder))
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    """The questions/ folder: every bundled problem, then the blueprint's four questions."""
    root = tmp_path_factory.mktemp("course")
    blueprint = root / "midterm.yaml"
    blueprint.write_text(BLUEPRINT, encoding="utf-8")
    export(root / "questions", *bundled_problems(), str(blueprint))
    return root / "questions"


def folders(course: Path) -> list[Path]:
    return sorted(p for p in course.iterdir() if p.is_dir())


def server(folder: Path):
    """The question's server.py, imported from its path as PrairieLearn loads it."""
    spec = importlib.util.spec_from_file_location(f"server_{folder.name.replace('-', '_')}", folder / "server.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def new_data(folder: Path, variant_seed: int = 1) -> dict:
    return {"params": {}, "correct_answers": {}, "submitted_answers": {}, "raw_submitted_answers": {},
            "format_errors": {}, "partial_scores": {}, "score": 0.0, "feedback": {}, "variant_seed": variant_seed,
            "options": {"question_path": str(folder)}}


def generated(folder: Path, variant_seed: int = 1) -> tuple:
    module = server(folder)
    data = new_data(folder, variant_seed)
    module.generate(data)
    json.dumps(data)  # PrairieLearn stores data as JSON: everything in it must serialise
    return module, data


def submit(module, data: dict, answers: dict) -> dict:
    """A submission as PrairieLearn makes one: the raw texts, parse, then grade if nothing is malformed."""
    data = json.loads(json.dumps(data))
    data["raw_submitted_answers"] = dict(answers)
    data["submitted_answers"] = dict(answers)
    module.parse(data)
    if not data["format_errors"]:
        module.grade(data)
    json.dumps(data)
    return data


def keys_of(folder: Path) -> list[str]:
    return json.loads((folder / "tutor.json").read_text())["keys"]


def topic_of(folder: Path) -> str:
    return json.loads((folder / "info.json").read_text())["topic"]


def checker_of(data: dict):
    from tutor.prairielearn import _checker

    return _checker(data["params"]["tutor_problem"])


ALL = bundled_problems()


def test_every_bundled_problem_and_every_blueprint_question_is_a_question_directory(course):
    names = [p.name for p in folders(course)]
    assert len(names) == len(ALL) + 4
    for name in ALL:
        assert name.replace("/", "-") in names
    assert [n for n in names if n.startswith(EXAM)] == [f"{EXAM}-q{k}" for k in (1, 2, 3, 4)]
    for folder in folders(course):
        assert {"info.json", "question.html", "server.py", "tutor.json"} <= {f.name for f in folder.iterdir()}
        assert (folder / "problem.yaml").is_file() == (not folder.name.startswith(EXAM))


def test_info_json_is_valid_and_its_uuid_stable(course, tmp_path):
    infos = {f.name: json.loads((f / "info.json").read_text()) for f in folders(course)}
    for name, info in infos.items():
        for key, kind in (("uuid", str), ("title", str), ("topic", str), ("tags", list), ("type", str)):
            assert isinstance(info[key], kind), (name, key)
        assert str(uuid.UUID(info["uuid"])) == info["uuid"]
        assert info["type"] == "v3"
        assert info["topic"] in topics.names()
        assert info["singleVariant"] is (not name.startswith(EXAM))
    assert infos[f"{EXAM}-q3"]["tags"] == ["tutor", "centring", "medium"]
    assert len({i["uuid"] for i in infos.values()}) == len(infos)
    again = tmp_path / "again"
    blueprint = tmp_path / "midterm.yaml"
    blueprint.write_text(BLUEPRINT, encoding="utf-8")
    export(again, "kernel-pca/example3", str(blueprint))
    for name in ("kernel-pca-example3", f"{EXAM}-q1", f"{EXAM}-q4"):
        assert json.loads((again / name / "info.json").read_text())["uuid"] == infos[name]["uuid"]
    blueprint.write_text(BLUEPRINT.replace("difficulty: medium", "difficulty: easy"), encoding="utf-8")
    export(again, str(blueprint))  # the same question, edited: the same uuid (its statistics and work stay)
    assert json.loads((again / f"{EXAM}-q3" / "info.json").read_text())["uuid"] == infos[f"{EXAM}-q3"]["uuid"]


def test_question_html_names_the_keys_graded(course):
    for folder in folders(course):
        html = (folder / "question.html").read_text()
        names = re.findall(r'<pl-string-input answers-name="([^"]+)"', html)
        module, data = generated(folder)
        graded = submit(module, data, data["correct_answers"])
        assert names == keys_of(folder) == list(data["correct_answers"]) == list(graded["partial_scores"])
        assert re.findall(r"\{\{feedback\.([^}]+)\}\}", html) == names
        assert "<pl-answer-panel>" in html and "sqrt(2)/2" in html  # the syntax help line


@pytest.mark.parametrize("folder_name", [n.replace("/", "-") for n in ALL] + [f"{EXAM}-q{k}" for k in (1, 2, 3, 4)])
def test_right_missing_and_unreadable_answers(course, folder_name):
    folder = course / folder_name
    module, data = generated(folder)
    right = data["correct_answers"]
    graded = submit(module, data, right)
    assert graded["score"] == 1.0, graded["partial_scores"]
    for key, part in graded["partial_scores"].items():
        assert part["score"] == 1.0 and part["feedback"].startswith("Correct"), key
        assert graded["feedback"][key] == part["feedback"]

    first, *rest = keys_of(folder)
    missing = submit(module, data, {k: v for k, v in right.items() if k != first} | {first: ""})
    assert missing["partial_scores"][first]["score"] == 0.0
    assert missing["partial_scores"][first]["feedback"].startswith("Not answered")
    assert all(missing["partial_scores"][k]["score"] == 1.0 for k in rest)
    weights = {k: p["weight"] for k, p in missing["partial_scores"].items()}
    assert missing["score"] == pytest.approx(1 - weights[first] / sum(weights.values()))

    unreadable = submit(module, data, right | {first: "[1, 2"})
    assert list(unreadable["format_errors"]) == [first]
    assert "closing bracket" in unreadable["format_errors"][first]
    assert "\n" not in unreadable["format_errors"][first]
    assert unreadable["partial_scores"] == {}  # PrairieLearn does not grade a malformed submission


def test_parse_and_grade_never_raise(course):
    folder = course / "kernel-pca-example3"
    module, data = generated(folder)
    for text in ("x" * 5000, "sqrt(-1)", "[[1, 2], [3]]", "eval('1')", "9^9^9^9", "[" * 50):
        out = submit(module, data, data["correct_answers"] | {"eigenvalues": text})
        if out["format_errors"]:
            assert set(out["format_errors"]) == {"eigenvalues"}
        else:
            assert out["partial_scores"]["eigenvalues"]["score"] == 0.0
    broken = json.loads(json.dumps(data))
    broken["params"]["tutor_problem"] = "topic: no-such-topic\n"
    out = submit(module, broken, data["correct_answers"])
    assert "could not read the answers" in out["format_errors"]["eigenvalues"]


def _mistaken(checker, right: dict) -> tuple:
    """(the named mistake that changes the most asked parts, those parts' values with it)."""
    best, chosen = {}, None
    for mistake in getattr(checker.tables, "MISTAKES", ()):
        variant = checker._variant(mistake) or {}
        changed = {k: v for k, v in variant.items() if k in right and v != right[k]}
        if len(changed) > len(best):
            best, chosen = changed, mistake
    return chosen, best


def test_named_mistakes_and_follow_through_for_every_topic(course):
    from tutor.prairielearn import answer_text

    named, followed = set(), set()
    for folder in folders(course):
        module, data = generated(folder)
        checker = checker_of(data)
        right = {k: checker.expected[k] for k in keys_of(folder)}
        mistake, changed = _mistaken(checker, right)
        if mistake is None:
            continue
        graded = submit(module, data, {k: answer_text(v) for k, v in (right | changed).items()})
        assert graded["score"] < 1.0
        parts = graded["partial_scores"]
        said = [k for k, p in parts.items() if p["feedback"].startswith("A known mistake")]
        assert said, (folder.name, parts)
        assert mistake.sentence.rstrip(".")[1:40] in parts[said[0]]["feedback"]
        assert parts[said[0]]["score"] == 0.0
        named.add(topic_of(folder))
        follows = [k for k, p in parts.items() if p["feedback"].startswith("Follows from your earlier answer")]
        if len(changed) > 1:
            assert follows, (folder.name, parts)
        if follows:
            assert all(parts[k]["score"] == 1.0 for k in follows)
            followed.add(topic_of(folder))
    with_mistakes = {t for t in topics.names() if getattr(tables(topics.get(t)), "MISTAKES", ())}
    assert named == with_mistakes
    assert {"kernel-pca", "pca", "centring", "mds", "amortised", "importance-sampling"} <= followed


def test_a_blueprint_question_draws_a_variant_per_seed(course):
    folder = course / f"{EXAM}-q1"
    problems = {generated(folder, seed)[1]["params"]["tutor_problem"] for seed in (1, 2, 3, 4)}
    assert len(problems) > 1
    _, once = generated(folder, 99)
    _, twice = generated(folder, 99)
    assert once == twice
    assert "<strong>Problem" in once["params"]["statement"] and "{{" not in once["params"]["statement"]
    assert "# Exam" not in once["params"]["tutor_problem"]


def test_blueprint_follow_through_from_wrong_eigenvalues(course):
    """As examples/exam's grace.yaml: eigenvalues one too large, and the variances η/n that follow."""
    import sympy as sp

    from tutor.prairielearn import answer_text

    folder = course / f"{EXAM}-q1"
    module, data = generated(folder, 5)
    checker = checker_of(data)
    eigenvalues = tuple(eta + 1 for eta in checker.expected["eigenvalues"])
    n = len(eigenvalues)
    answers = data["correct_answers"] | {"eigenvalues": answer_text(eigenvalues),
                                         "variances": answer_text(tuple(sp.Rational(1, n) * e for e in eigenvalues))}
    parts = submit(module, data, answers)["partial_scores"]
    assert parts["eigenvalues"]["score"] == 0.0 and parts["eigenvalues"]["weight"] == 2
    assert parts["variances"]["score"] == 1.0
    assert parts["variances"]["feedback"].startswith("Follows from your earlier answer")


def test_a_bad_file_stops_the_export_before_anything_is_written(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("topic: kernel-pca\npoints: [[1, 2], [3]]\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run_cli("export", "prairielearn", "kernel-pca/example3", str(bad), "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"error: {bad}")
    assert not out.exists()
    blueprint = tmp_path / "exam.yaml"
    blueprint.write_text("title: T\nquestions:\n  - {topic: pca, difficulty: impossible}\n", encoding="utf-8")
    result = run_cli("export", "prairielearn", str(blueprint), "-o", str(out))
    assert result.exit_code == 2 and "questions[1].difficulty: must be one of" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize("folder_name", ["kernel-pca-example3", "pca-three-d-two-components", "mds-distance-table",
                                         "dfs-code-post", f"{EXAM}-q1", f"{EXAM}-q3"])
def test_the_question_testers_submissions_grade_as_test_says(course, folder_name):
    # PrairieLearn's "Test": test(data) gives a submission and its expected grading; a real submission of
    # those answers (parse, then grade) must give exactly that.
    folder = course / folder_name
    module, data = generated(folder)
    for kind in ("correct", "incorrect", "invalid"):
        expected = json.loads(json.dumps(data))
        expected["test_type"] = kind
        module.test(expected)
        json.dumps(expected)
        graded = submit(module, data, expected["raw_submitted_answers"])
        assert graded["format_errors"] == expected["format_errors"], kind
        if kind == "invalid":
            assert set(expected["format_errors"]) == set(keys_of(folder))
            continue
        assert not expected["format_errors"], (kind, expected["format_errors"])
        assert graded["partial_scores"] == expected["partial_scores"] and graded["score"] == expected["score"]
        if kind == "correct":
            assert expected["score"] == 1.0
        else:
            assert expected["score"] < 1.0 and expected["partial_scores"]


# --- names, uuids and what each phase needs ---------------------------------------------


def test_same_named_files_in_different_folders_are_two_questions_with_their_own_stable_uuids(tmp_path):
    from tests.conftest import PROBLEMS
    from tutor.prairielearn import uuid5

    text = (PROBLEMS / "kernel-pca" / "example3.yaml").read_text(encoding="utf-8")
    files = []
    for student in ("st01", "st02"):
        (tmp_path / "resit" / student).mkdir(parents=True)
        files.append(tmp_path / "resit" / student / "q1.yaml")
        files[-1].write_text(text, encoding="utf-8")

    def uuids(out: Path, *paths) -> dict:
        export(out, *map(str, paths))
        return {f.name: json.loads((f / "info.json").read_text())["uuid"] for f in folders(out)}

    first = uuids(tmp_path / "course" / "questions" / "resit", *files)
    assert set(first) == {"kernel-pca-st01-q1", "kernel-pca-st02-q1"} and len(set(first.values())) == 2
    assert first["kernel-pca-st01-q1"] == uuid5("resit/kernel-pca-st01-q1", "problem q1.yaml")
    # exported again, in the other order, from another copy of the course: the same names and uuids
    assert uuids(tmp_path / "copy" / "questions" / "resit", *reversed(files)) == first
    # the same file at another QID of the course is another question
    elsewhere = uuids(tmp_path / "course" / "questions" / "other", files[0])
    assert elsewhere["kernel-pca-q1"] not in first.values()


def test_generate_of_a_fixed_problem_imports_neither_sympy_nor_yaml(course):
    import subprocess
    import sys

    code = ("import json, sys\nfrom tutor import prairielearn\n"
            "data = {'params': {}, 'correct_answers': {}, 'variant_seed': 1, 'options': {}}\n"
            "prairielearn.generate(data, sys.argv[1])\n"
            "print(json.dumps([sorted(data['correct_answers']), [m for m in ('sympy', 'yaml') if m in sys.modules]]))")
    folder = course / "kernel-pca-example3"
    out = subprocess.run([sys.executable, "-c", code, str(folder)], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [sorted(keys_of(folder)), []]


def test_parse_reads_the_answers_without_solving_the_problem(course, monkeypatch):
    import tutor
    from tutor.prairielearn import _checker

    folder = course / "kernel-pca-example3"
    module, data = generated(folder)

    def no_solve(*args, **kwargs):
        raise AssertionError("parse solved the problem")

    monkeypatch.setattr(tutor, "solve", no_solve)
    _checker.cache_clear()  # a problem solved by an earlier test would not be solved again
    right = dict(data["correct_answers"])
    parsed = json.loads(json.dumps(data))
    parsed["raw_submitted_answers"] = parsed["submitted_answers"] = {**right, "eigenvalues": "[8, 6"}
    module.parse(parsed)
    assert list(parsed["format_errors"]) == ["eigenvalues"] and "bracket" in parsed["format_errors"]["eigenvalues"]


# What PrairieLearn's image has (its question code's own dependencies, at PrairieLearn 88fb855), and what
# the guide's install puts into serverFilesCourse beside tutor.
IN_THE_IMAGE = {"sympy", "mpmath", "numpy", "jinja2", "markupsafe", "click"}
GUIDE_INSTALLS = {"tutor", "yaml"}


def test_every_module_the_phases_import_is_in_the_image_or_installed_by_the_guide(course):
    import subprocess
    import sys

    code = ("import json, sys\nfrom tutor import prairielearn\n"
            "for folder in sys.argv[1:]:\n"
            "    data = {'params': {}, 'correct_answers': {}, 'variant_seed': 3, 'options': {}}\n"
            "    prairielearn.generate(data, folder)\n"
            "    answers = dict(data['correct_answers'])\n"
            "    data.update(raw_submitted_answers=answers, submitted_answers=answers, format_errors={},\n"
            "                partial_scores={}, feedback={}, score=0)\n"
            "    prairielearn.parse(data, folder)\n"
            "    prairielearn.grade(data, folder)\n"
            "    assert data['score'] == 1, data\n"
            "import sysconfig\nstdlib = sysconfig.get_paths()['stdlib']\n"
            "files = {name.split('.')[0]: getattr(m, '__file__', None) for name, m in list(sys.modules.items())}\n"
            "print(json.dumps(sorted(n for n, f in files.items() if f and not f.startswith(stdlib))))")
    picked = [course / "kernel-pca-example3", course / "dfs-code-square", course / f"{EXAM}-q1"]
    out = subprocess.run([sys.executable, "-c", code, *map(str, picked)], capture_output=True, text=True, check=True)
    imported = {name for name in json.loads(out.stdout) if not name.startswith("_")}  # pip's own hooks
    assert imported - IN_THE_IMAGE <= GUIDE_INSTALLS, imported
    guide = (Path(__file__).parent.parent / "docs" / "guide" / "prairielearn.md").read_text(encoding="utf-8")
    install = re.search(r"pip3 install --no-deps --target /course/serverFilesCourse \\\s+(.+)", guide).group(1)
    assert install.split()[1:] == ["pyyaml==6.0.3"]  # the wheel, then PyYAML: the image has the rest
