"""The Moodle quiz grades as `tutor check` does: a vector whose sign is a choice is asked with its sign
fixed in the question text, so a vector with mixed signs is not accepted by the exported grading rule."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
import sympy as sp

import tutor
from tutor import moodle
from tutor.checking.grade import CREDITED, Checker
from tutor.moodle import _number, quiz_xml, signs, sub_answers
from tutor.resources import bundled_problems

CLOZE = re.compile(r"\{(\d+):NUMERICAL:([^}]*)\}")


def cloze_rules(question_text: str) -> list[tuple[int, list[tuple[float, float, float]]]]:
    """Every NUMERICAL sub-answer of a Cloze question: (weight, [(credit %, value, tolerance), …])."""
    rules = []
    for weight, body in CLOZE.findall(question_text):
        answers = []
        for answer in body.split("~"):
            m = re.fullmatch(r"(?:=|%(-?\d+(?:\.\d+)?)%)([-0-9.e+]+):([0-9.e+-]+)", answer)
            assert m, answer
            answers.append((float(m.group(1)) if m.group(1) else 100.0, float(m.group(2)), float(m.group(3))))
        rules.append((int(weight), answers))
    return rules


def grade(rule, response: float) -> float:
    """Moodle's grading of one NUMERICAL sub-answer: the best credit of an answer within its tolerance."""
    _, answers = rule
    return max((credit for credit, value, tol in answers if abs(response - value) <= tol), default=0.0) / 100


def question_text(problem: str) -> str:
    root = ET.fromstring(quiz_xml([tutor.solve(problem)]))
    return root.find("question[@type='cloze']/questiontext/text").text


def test_a_mixed_sign_eigenvector_is_not_accepted_by_the_exported_rule():
    solution = tutor.solve("kernel-pca/example3")
    text = question_text("kernel-pca/example3")
    asked = sub_answers(solution)
    rules = cloze_rules(text)
    assert len(rules) == len(asked)
    v2 = [i for i, a in enumerate(asked) if a.label.startswith(r"\(\mathbf v_{2}\)")]
    right = [asked[i].value for i in v2]  # (0.408, 0.408, -0.816): first entry positive, as the text asks
    assert right[0] > 0 and "first non-zero entry positive" in text
    assert all(grade(rules[i], x) == 1 for i, x in zip(v2, right))
    # The gaming: keep the first entry, flip the others. Each entry used to accept either sign.
    mixed = [right[0], -right[1], -right[2]]
    assert sum(grade(rules[i], x) for i, x in zip(v2, mixed)) < len(v2)
    assert [grade(rules[i], x) for i, x in zip(v2, mixed)] == [1, 0, 0]
    # No sub-answer of any bundled problem offers a second value.
    for problem in bundled_problems():
        assert all(len(answers) == 1 for _, answers in cloze_rules(question_text(problem))), problem


def _answers_file(solution, asked) -> dict:
    """The exported values put back in the shape of each key's answer, as decimals, for `tutor check`."""
    out: dict = {}
    for a in asked:
        out.setdefault(a.key, []).append(_number(a.value))
    shaped = {}
    for key, numbers in out.items():
        expected = solution.answers[key]
        if isinstance(expected, sp.MatrixBase):  # asked entry by entry, row by row
            shaped[key] = [numbers[i:i + expected.cols] for i in range(0, len(numbers), expected.cols)]
        elif isinstance(expected, tuple) and expected and isinstance(expected[0], tuple):
            width = len(expected[0])
            shaped[key] = [numbers[i:i + width] for i in range(0, len(numbers), width)]
        elif isinstance(expected, tuple):
            shaped[key] = numbers
        else:
            shaped[key] = numbers[0]
    return shaped


def _whole(solution) -> bool:
    """Every vector of every signed key is asked (none of a repeated eigenvalue left out)."""
    return not any(signs(solution).skipped.values())


@pytest.mark.parametrize("problem", bundled_problems())
def test_the_values_a_quiz_accepts_are_credited_by_tutor_check(problem):
    # The quiz's one right value per number, sign fixed, is an answer `tutor check` credits in full: the
    # signs of the followers (scores, coordinates, left vectors) agree with the leading vectors', and a
    # matrix asked entry by entry is the matrix.
    loaded = tutor.load_problem(problem)
    checker = Checker(loaded)
    solution = checker.solution
    if not _whole(solution):
        pytest.skip("a repeated eigenvalue: its vectors are not asked")
    asked = sub_answers(solution)
    report = checker.check(checker.read(_answers_file(solution, asked), "<quiz>"))
    for key in {a.key for a in asked}:
        result = report.result(key)
        assert result.verdict in CREDITED, (key, result.message)


def test_every_leading_vector_is_asked_with_its_first_non_zero_entry_positive():
    for problem in bundled_problems():
        solution = tutor.solve(problem)
        plan = signs(solution)
        for a in sub_answers(solution):
            if a.key in plan.flip and plan.follows[a.key] == a.key and a.label.endswith("entry 1") \
                    and abs(a.value) > 1e-9:
                assert a.value > 0, (problem, a)


def test_a_flipped_leader_flips_its_followers_with_it(monkeypatch):
    # The engine's eigenvectors already start positive; were one not, the quiz negates it and every
    # answer that keeps its sign, together, and `tutor check` still credits the lot.
    checker = Checker(tutor.load_problem("kernel-pca/polynomial-new-point"))
    solution = checker.solution
    before = {(a.key, a.label): a.value for a in sub_answers(solution)}
    plan = signs(solution)
    flipped = moodle.Signs({k: [-1] + v[1:] for k, v in plan.flip.items()}, plan.skipped, plan.follows)
    monkeypatch.setattr(moodle, "signs", lambda s: flipped)
    after = sub_answers(solution)
    for a in after:
        first = a.label.startswith((r"\(\mathbf v_{1}\)", r"\(\mathbf a_{1}\)", r"\(y_{1}"))
        assert a.value == pytest.approx(-before[a.key, a.label] if first else before[a.key, a.label])
    report = checker.check(checker.read(_answers_file(solution, after), "<quiz>"))
    assert all(report.result(k).verdict in CREDITED for k in {a.key for a in after})


def test_vectors_of_a_repeated_eigenvalue_are_not_asked_and_the_text_says_why():
    solution = tutor.solve("kernel-pca/equilateral-triangle")
    asked = {a.key for a in sub_answers(solution)}
    assert signs(solution).skipped["eigenvectors"]
    assert "eigenvectors" not in asked or all("v_{3}" in a.label for a in sub_answers(solution)
                                              if a.key == "eigenvectors")
    assert "repeated eigenvalue (or singular value) are not asked" in question_text("kernel-pca/equilateral-triangle")


@pytest.mark.parametrize("problem", bundled_problems())
def test_every_bundled_problems_moodle_xml_parses(problem):
    root = ET.fromstring(quiz_xml([tutor.solve(problem)]))
    (question,) = root.findall("question[@type='cloze']")
    assert question.find("questiontext/text").text and question.find("generalfeedback/text").text
    solution = tutor.solve(problem)
    labels = [a.label for a in sub_answers(solution)] + [label for _, label, _ in moodle.text_answers(solution)]
    assert len(set(labels)) == len(labels)  # each sub-answer says which number it is


@pytest.mark.parametrize("topic", ["kernel-pca", "pca", "svd", "mds", "pca-gram"])
def test_generated_problems_quiz_values_are_credited_by_tutor_check(topic):
    from tutor import generators

    generated = generators.generate_one(topic, "hard", 3)
    checker = Checker(tutor.load_problem_text(generated.text(), "<generated>"))
    solution = checker.solution
    asked = sub_answers(solution)
    report = checker.check(checker.read(_answers_file(solution, asked), "<quiz>"))
    for key in {a.key for a in asked}:
        assert report.result(key).verdict in CREDITED, (key, report.result(key).message)


@pytest.mark.parametrize("problem,labels", [
    ("pca/two-d-one-component", [r"\(\mathbf u_{2}\), entry 1", r"\(y_{31}\)", r"\(\lambda_{2}\)"]),
    ("mds/distance-table", [r"\(X\), row 3, column 2", r"\(\lambda_{1}\)"]),
    ("svd/two-by-two", [r"\(\mathbf l_{2}\), entry 1", r"\(\delta_{2}\)"]),
    ("kernel-pca/polynomial-new-point", [r"\(y_{2}(\mathbf x)\)"]),
    ("feature-space/quadratic-kernel", [r"\(K(\mathbf x, \mathbf y)\)", r"\(\|\phi(\mathbf y)\|\)"]),
])
def test_sub_answers_are_labelled_in_symbols_and_words(problem, labels):
    found = [a.label for a in sub_answers(tutor.solve(problem))]
    assert set(labels) <= set(found)
    assert len(set(found)) == len(found)  # no two sub-answers share a label


def test_a_rank_deficient_svd_asks_only_partnered_left_vectors():
    """The answers are the reduced SVD (one l and one r per non-zero δ), so every left vector has a right
    one whose sign it follows: no left vector is left to a rule of its own."""
    from tutor import moodle, solve

    from .conftest import PROBLEMS

    solution = solve(str(PROBLEMS / "svd" / "rank-deficient.yaml"))
    assert len(solution.answers["left_vectors"]) == len(solution.answers["right_vectors"])
    note = moodle.sign_note(solution)
    assert "no partner" not in note and "keeps its sign" in note
