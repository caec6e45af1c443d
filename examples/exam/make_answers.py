"""Write the sample answers files of examples/exam from the exam that the docs build (docs/guide/exams.md; run it again
whenever the generators change what a seed gives):

    python -m tutor exam examples/exam/blueprint.yaml --roster examples/exam/roster.csv --no-pdf -o /tmp/midterm
    python examples/exam/make_answers.py /tmp/midterm

ada.yaml is right throughout; alan.yaml takes a named mistake in question 1 and leaves question 2 out;
grace.yaml has wrong eigenvalues in question 1 with variances that follow from them (follow-through);
nobody.yaml names a student who is not on the roster.
"""

from __future__ import annotations

import sys
from pathlib import Path

import sympy as sp

HERE = Path(__file__).resolve().parent


def written(value):
    """An exact answer as a student may write it: numbers as strings the answer parser reads."""
    if isinstance(value, sp.MatrixBase):
        return [[written(x) for x in value.row(i)] for i in range(value.rows)]
    if isinstance(value, (tuple, list)):
        return [written(x) for x in value]
    return str(value)


def flow(value) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return value if all(c.isdigit() or c in "-/" for c in value) else f'"{value}"'


def answers_yaml(student: str, questions: dict) -> str:
    """``questions``: {number: {key: exact value}}, as an answers file of ``tutor check --exam``."""
    lines = [f"student: {student}"]
    for number, answers in questions.items():
        lines.append(f"q{number}:")
        lines += [f"  {key}: {flow(written(value))}" for key, value in answers.items()]
    return "\n".join(lines) + "\n"


def asked(folder: Path, student: str, number: int) -> dict:
    """The answers to the parts of one student's question, from their problem file."""
    from tutor import solve

    solution = solve(str(folder / student / f"q{number}.yaml"))
    return {p.key: solution.answers[p.key] for p in solution.question.parts}


def mistaken(folder: Path, student: str, number: int) -> dict:
    """The right answers with the named mistake that changes the most asked parts (the first on a tie)."""
    from tutor.checking.grade import Checker
    from tutor.problem import load_problem

    checker = Checker(load_problem(str(folder / student / f"q{number}.yaml")))
    right = asked(folder, student, number)
    best: dict = {}
    for mistake in getattr(checker.tables, "MISTAKES", ()):
        variant = checker._variant(mistake) or {}
        changed = {k: v for k, v in variant.items() if k in right and v != right[k]}
        if len(changed) > len(best):
            best = changed
    return {**right, **best}


def follow_through(folder: Path, student: str, number: int) -> dict:
    """Kernel PCA: eigenvalues one too large, and the variances η/n that follow from them."""
    right = asked(folder, student, number)
    n = len(right["eigenvalues"])
    wrong = tuple(eta + 1 for eta in right["eigenvalues"])
    return {**right, "eigenvalues": wrong, "variances": tuple(eta / n for eta in wrong)}


def main(folder: str) -> None:
    exam = Path(folder)
    files = {
        "ada.yaml": answers_yaml("s001", {1: asked(exam, "s001", 1), 2: asked(exam, "s001", 2)}),
        "alan.yaml": answers_yaml("s002", {1: mistaken(exam, "s002", 1)}),
        "grace.yaml": answers_yaml("s003", {1: follow_through(exam, "s003", 1), 2: asked(exam, "s003", 2)}),
        "nobody.yaml": answers_yaml("s999", {1: asked(exam, "s001", 1)}),
    }
    (HERE / "answers").mkdir(exist_ok=True)
    for name, text in files.items():
        (HERE / "answers" / name).write_text(text, encoding="utf-8")
        print(HERE / "answers" / name)


if __name__ == "__main__":
    main(sys.argv[1])
