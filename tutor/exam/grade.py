"""Grade a class's answers files against each student's own variant (`tutor check --exam DIR ANSWERS...`).

An answers file names its student and holds one mapping per question, each read as a `tutor check`
answers file against that student's problem file (the same keys, parser, follow-through and named
mistakes):

    student: s001
    q1: {kernel: [[8, 4, -2], [4, 4, -4], [-2, -4, 5]], eigenvalues: [32/3, 2, 0]}
    q2:
      eigenvalues: [17/4, 9/8]

One CSV row per answers file, in the roster's order, then the files that name no student of the exam;
a student with no file gets a row saying so. A file that cannot be graded (unreadable, no such student,
an unknown question) gets its reason in its row and never stops the others; an unknown key in a question
(a misspelt part) is said in the row and costs that part only, the rest of the question is graded.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

import sympy as sp

from ..checking.grade import CREDITED
from ..deadline import deadline
from ..errors import TutorError
from ..escaping import csv_row, printable, shorten
from ..problem import parse_json, parse_yaml, read_text
from .blueprint import MAX_QUESTIONS, MAX_STUDENTS, valid_id
from .build import MANIFEST, MANIFEST_FORMAT

MAX_MANIFEST_BYTES = 1_000_000


@dataclass(frozen=True)
class ExamPart:
    key: str
    label: str
    marks: int


@dataclass(frozen=True)
class ExamQuestion:
    number: int
    topic: str
    parts: tuple[ExamPart, ...]

    @property
    def total(self) -> int:
        return sum(p.marks for p in self.parts)


@dataclass(frozen=True)
class Exam:
    folder: str
    title: str
    questions: tuple[ExamQuestion, ...]
    students: tuple[tuple[str, str], ...]  # (id, name) in roster order

    @property
    def total(self) -> int:
        return sum(q.total for q in self.questions)


@dataclass(frozen=True)
class Row:
    student: str
    name: str
    file: str
    marks: dict = field(default_factory=dict)  # (question number, part label) -> marks earned
    totals: dict = field(default_factory=dict)  # question number -> marks earned
    mistakes: tuple[str, ...] = ()  # "q1(c) not_centred"
    notes: tuple[str, ...] = ()  # why a question (or the whole file) earned nothing
    errors: tuple[str, ...] = ()  # those of the notes that say the file, or a question, could not be graded
    internal: bool = False
    reports: dict = field(default_factory=dict)  # question number -> its check's Report (the student's report)

    def __post_init__(self):  # read-only views: a frozen record whose tables cannot change either
        object.__setattr__(self, "marks", MappingProxyType(dict(self.marks)))
        object.__setattr__(self, "totals", MappingProxyType(dict(self.totals)))
        object.__setattr__(self, "reports", MappingProxyType(dict(self.reports)))

    @property
    def error(self) -> bool:
        return bool(self.errors)

    @property
    def total(self):
        return sum(self.totals.values(), sp.Integer(0)) if self.totals else None


def read_exam(folder: str) -> Exam:
    """The manifest that `tutor exam` wrote, checked as any input file is (it names the files to read)."""
    path = str(Path(folder) / MANIFEST)
    text, source = read_text(path, bundled=False)
    if len(text) > MAX_MANIFEST_BYTES:
        raise TutorError(f"larger than {MAX_MANIFEST_BYTES} bytes", file=source)
    unreadable = f"is not an exam manifest of format {MANIFEST_FORMAT} (written by `tutor exam`)"
    raw = parse_json(text, source, what=unreadable)
    if type(raw.get("format")) is not int or raw["format"] != MANIFEST_FORMAT:  # true == 1 in Python
        raise TutorError(unreadable, file=source)
    try:
        questions = tuple(ExamQuestion(_whole(q, "number", f"questions[{i}]"), _text(q, "topic", f"questions[{i}]"),
                                       tuple(ExamPart(_text(p, "key", f"questions[{i}].parts[{j}]"),
                                                      _text(p, "label", f"questions[{i}].parts[{j}]"),
                                                      _whole(p, "marks", f"questions[{i}].parts[{j}]"))
                                             for j, p in enumerate(_list(q, "parts", f"questions[{i}]"), start=1)))
                          for i, q in enumerate(_list(raw, "questions"), start=1))
        students = tuple((_text(s, "id", f"students[{i}]"), _text(s, "name", f"students[{i}]"))
                         for i, s in enumerate(_list(raw, "students"), start=1))
        if not 0 < len(questions) <= MAX_QUESTIONS:
            raise TutorError(f"must hold 1 to {MAX_QUESTIONS} questions", field="questions")
        if not 0 < len(students) <= MAX_STUDENTS:
            raise TutorError(f"must hold 1 to {MAX_STUDENTS} students", field="students")
        if [q.number for q in questions] != list(range(1, len(questions) + 1)):
            raise TutorError("are not numbered 1, 2, …", field="questions")
        bad = next((k for k, (i, _) in enumerate(students, start=1) if not valid_id(i)), None)
        if bad is not None:
            raise TutorError(f"{shorten(students[bad - 1][0])!r} cannot name a folder", field=f"students[{bad}].id")
        return Exam(folder, _text(raw, "title"), questions, students)
    except TutorError as err:
        raise TutorError(f"{err.message} (not the manifest `tutor exam` writes: run it again)", file=source,
                         field=err.field) from None


def _field(raw: object, key: str, where: str, kind: type, what: str):
    """raw[key] of the manifest, of the type `tutor exam` writes there."""
    name = f"{where}.{key}" if where else key
    if not isinstance(raw, dict):
        raise TutorError("must be an object", field=where or None)
    if key not in raw:
        raise TutorError("is missing", field=name)
    value = raw[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise TutorError(f"must be {what}", field=name)
    return value


def _whole(raw, key, where=""):
    return _field(raw, key, where, int, "a whole number")


def _text(raw, key, where=""):
    return _field(raw, key, where, str, "text")


def _list(raw, key, where=""):
    return _field(raw, key, where, list, "a list")


class Grader:
    """Grades answers files against their students' own problem files, each problem solved once."""

    def __init__(self, exam: Exam, sig_figs: int | None = None, timeout: float | None = None):
        self.exam = exam
        self.sig_figs = sig_figs
        self.timeout = timeout  # seconds for each question of a file: solving its variant and checking it
        self.names = dict(exam.students)
        self._checkers: dict[tuple[str, int], object] = {}

    def checker(self, student: str, number: int):
        from ..checking.grade import Checker
        from ..problem import load_problem

        if (student, number) not in self._checkers:
            self._checkers[student, number] = Checker(
                load_problem(str(Path(self.exam.folder) / student / f"q{number}.yaml")), self.sig_figs)
        return self._checkers[student, number]

    def warnings(self) -> list[str]:
        """For the lecturer: each graded problem file whose answer is not unique where its statement does
        not fix it (uniqueness.py), one line each."""
        return [f"{Path(self.exam.folder) / student / f'q{number}.yaml'}: {line}"
                for (student, number), checker in self._checkers.items() for line in checker.warnings]

    def grade(self, paths: list[str], done=None) -> list[Row]:
        """One row per file, the roster's students first in roster order, then the rest; a row for each
        student with no file. ``done()``, if given, is called after each file (a progress bar)."""
        rows: dict[str, Row] = {}
        others: list[Row] = []
        for path in paths:
            row = self.grade_file(path)
            if done:
                done()
            if row.student not in self.names:  # a file that names no student of the exam, or is unreadable
                others.append(row)
            elif row.student in rows:
                why = f"{row.file}: a second answers file for {row.student} (the first: {rows[row.student].file}): not graded"
                others.append(Row(row.student, row.name, row.file, notes=(why,), errors=(why,)))
            else:
                rows[row.student] = row
        out = [rows.get(i) or Row(i, name, "", notes=("no answers file",)) for i, name in self.exam.students]
        return out + others

    def grade_file(self, path: str) -> Row:
        try:
            return self._grade_file(path)
        except TutorError as err:
            return Row("", "", path, notes=(str(err),), errors=(str(err),))
        except Exception as err:  # a bug of ours must not lose the rest of the class
            why = printable(f"{path}: internal error ({type(err).__name__}: {err})")
            return Row("", "", path, notes=(why,), errors=(why,), internal=True)

    def _grade_file(self, path: str) -> Row:
        text, source = read_text(path, bundled=False, follow_symlinks=False)
        raw = parse_yaml(text, source, what="must be a YAML mapping with student, q1, q2, …")
        student = raw.get("student")
        if student is None:
            raise TutorError("is missing: whose answers these are (an id of the exam's roster)", file=source,
                             field="student")
        if isinstance(student, bool) or not isinstance(student, (str, int)) or str(student) not in self.names:
            hint = " (an id with leading zeros needs quotes: student: \"0123\")" if isinstance(student, int) else ""
            raise TutorError(f"{shorten(str(student))!r} is not a student of this exam{hint}", file=source,
                             field="student")
        # Whose file it is is known now: anything else wrong in it goes on that student's row, and the
        # questions that can be read are graded.
        allowed = ["student", *(f"q{q.number}" for q in self.exam.questions)]
        unknown = [shorten(str(k)) for k in raw if k not in allowed]
        student = str(student)
        marks, totals, mistakes, notes, errors, reports = {}, {}, [], [], [], {}
        if unknown:
            why = (f"{source}: {', '.join(unknown)}: not a question of this exam "
                   f"(it has {', '.join(allowed[1:])}); not graded")
            notes.append(why)
            errors.append(why)
        for q in self.exam.questions:
            name = f"q{q.number}"
            if name not in raw:
                notes.append(f"{name}: not in the file")
                totals[q.number] = sp.Integer(0)
                marks.update({(q.number, p.label): sp.Integer(0) for p in q.parts})
                continue
            unknown: list = []  # keys that are no answer of the question: each said, the rest graded
            try:
                # Each question on its own clock: a slow one costs its own marks, not the student's row.
                with deadline(self.timeout, f"{source}: {name}: solving and checking it"):
                    checker = self.checker(student, q.number)
                    report = checker.check(checker.read(raw[name], f"{source}: {name}", unknown))
            except TutorError as err:
                notes.append(str(err))
                errors.append(str(err))
                continue
            reports[q.number] = report
            for err in unknown:
                why = f"{err}; not graded"
                notes.append(why)
                errors.append(why)
            asked = {p.key: p for p in checker.solution.question.parts}
            for part in q.parts:
                mine = asked.get(part.key)
                result = report.result(part.key) if part.key in checker.keys else None
                verdict = result.verdict if mine is not None and result is not None else None
                earned = sp.Integer(0)
                if verdict in CREDITED:
                    earned = mine.marks
                elif verdict == "imprecise":  # the problem's check: imprecise_credit of the part's marks
                    earned = mine.marks * checker.settings.imprecise_credit
                marks[q.number, part.label] = earned
                if result is not None and result.mistake:
                    mistakes.append(f"{name}({part.label}) {result.mistake}")
                elif verdict in ("unreadable", "imprecise"):
                    notes.append(f"{name}({part.label}) {verdict}: {result.message}")
            totals[q.number] = sum((marks[q.number, p.label] for p in q.parts), sp.Integer(0))
        return Row(student, self.names[student], source, marks, totals, tuple(mistakes), tuple(notes), tuple(errors),
                   reports=reports)


def columns(exam: Exam) -> list[str]:
    out = ["student", "name", "file"]
    for q in exam.questions:
        out += [f"q{q.number}({p.label}) {p.key}" for p in q.parts] + [f"q{q.number}"]
    return out + ["total", "max", "mistakes", "notes"]


def write_rows(handle, exam: Exam, rows) -> None:
    from ..checking.report import number

    def shown(value):
        return "" if value is None else number(value)

    writer = csv.writer(handle, lineterminator="\n")
    writer.writerow(columns(exam))
    for row in rows:
        cells = [row.student, row.name, row.file]
        for q in exam.questions:
            cells += [shown(row.marks.get((q.number, p.label))) for p in q.parts] + [shown(row.totals.get(q.number))]
        cells += [shown(row.total), exam.total if row.totals else "", "; ".join(row.mistakes), "; ".join(row.notes)]
        writer.writerow(csv_row(cells))


REPORT_SUFFIXES = {"md": ".md", "text": ".txt", "json": ".json"}


def _asked(exam_question: ExamQuestion, row: Row):
    """(part, marks earned, its check result or None) for each part the exam asks in this question."""
    report = row.reports.get(exam_question.number)
    results = {r.key: r for r in report.results} if report else {}
    return [(p, row.marks.get((exam_question.number, p.label)), results.get(p.key)) for p in exam_question.parts]


def row_json(exam: Exam, row: Row) -> dict:
    """A student's row as JSON: marks per question and part, with each part's verdict as `tutor check` gives it."""
    from ..checking.report import number, to_json

    def shown(value):
        return None if value is None else number(value)

    def part(p, earned, result, report):
        out = {"label": p.label, "key": p.key, "marks": shown(earned), "max": p.marks}
        if result is not None:
            out.update(to_json(report)["answers"][p.key])
        return out

    return {"student": row.student, "name": row.name, "file": row.file, "total": shown(row.total),
            "max": exam.total if row.totals else None,
            "questions": [{"number": q.number, "marks": shown(row.totals.get(q.number)), "max": q.total,
                           "parts": [part(*asked, row.reports.get(q.number)) for asked in _asked(q, row)]}
                          for q in exam.questions],
            "mistakes": list(row.mistakes), "notes": list(row.notes)}


def student_report(exam: Exam, row: Row, fmt: str) -> str:
    """One student's report (md, text or json): their marks, then each part's marks and verdict."""
    import json

    from ..checking.report import number
    from ..rendering import environment, frame

    if fmt == "json":
        return json.dumps(row_json(exam, row), indent=2, ensure_ascii=False) + "\n"

    def shown(value):
        return number(value if value is not None else sp.Integer(0))

    questions = [(q, shown(row.totals.get(q.number)), [(p, shown(earned), r) for p, earned, r in _asked(q, row)])
                 for q in exam.questions]
    return environment(fmt).get_template(frame(fmt, "exam_report")).render(
        exam=exam, row=row, total=shown(row.total), questions=questions)
