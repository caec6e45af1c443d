"""An exam's blueprint (YAML) and its roster (CSV): both read as untrusted files, bounded as they are read.

    title: Kernel methods, mid-term
    seed: 2026                       # optional; --seed overrides it
    questions:                       # 1 to 20 of them
      - topic: kernel-pca
        difficulty: medium
        title: Kernel PCA            # optional: the generator's title otherwise
        statement: ...               # optional, as in a problem file (tutor/question.py)
        parts: [kernel, eigenvalues] # optional, as in a problem file
        marks: {eigenvalues: 2}      # optional, as in a problem file

The roster is a CSV file whose header row has the columns `id` and `name` (others are ignored); an id
names the student's folder, so it is held to letters, digits, '.', '_' and '-'.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from .. import fields, generators, question, topics
from ..errors import ProblemError, TutorError
from ..escaping import shorten
from ..problem import parse_yaml, read_text

MAX_QUESTIONS = 20
MAX_STUDENTS = 2000
MAX_TITLE = 200
MAX_NAME = 120
# A folder name on any system: no '..', no trailing '.', and none of Windows' device names (CON, COM1, …).
# ASCII only, and case-blind only for the device names: under a Unicode IGNORECASE, [A-Za-z] also matches the
# Kelvin sign, the long s and the dotless i (K → folder "K1"); re.ASCII keeps \d and the (?i:…) to ASCII.
ID_PATTERN = re.compile(r"(?!(?i:con|prn|aux|nul|com\d|lpt\d)(?:\.|$))[A-Za-z0-9][A-Za-z0-9._-]{0,39}(?<!\.)",
                        re.ASCII)


def valid_id(text: str) -> bool:
    """Whether a student id can name a folder on every system (checked as ASCII first, explicitly)."""
    return text.isascii() and ID_PATTERN.fullmatch(text) is not None
SEED_RANGE = (0, 10**9)
# The lecturer's files beside the students' folders: no student's folder may take one's name.
LECTURER_FILES = ("solutions.md", "solutions.pdf", "variants.csv", "quiz.xml", "manifest.json")


@dataclass(frozen=True)
class QuestionSpec:
    topic: str
    difficulty: str
    title: str | None = None
    statement: str | None = None
    parts: tuple = ()  # as written (validated): keys or {key, text} mappings, for the problem files
    marks: tuple[tuple[str, int], ...] = ()

    def fields(self) -> dict:
        """The problem-file fields this question adds to every variant (title, statement, parts, marks)."""
        out: dict = {}
        if self.statement is not None:
            out["statement"] = self.statement
        if self.parts:
            out["parts"] = [dict(p) if isinstance(p, tuple) else p for p in self.parts]
        if self.marks:
            out["marks"] = dict(self.marks)
        return out


@dataclass(frozen=True)
class Blueprint:
    source: str
    title: str
    seed: int | None
    questions: tuple[QuestionSpec, ...]


@dataclass(frozen=True)
class Student:
    id: str
    name: str
    # an anonymous variant's number (0: a student of the roster): its paper has a blank name field and
    # the variant in its footer, as an exam paper handed out to whoever sits it
    variant: int = 0


def read_blueprint(path: str) -> Blueprint:
    text, source = read_text(path, bundled=False)
    raw = parse_yaml(text, source, what="must be a YAML mapping with title and questions")
    try:
        return _blueprint(raw, source)
    except TutorError as err:
        raise err.located(file=source) from None


def _blueprint(raw: dict, source: str) -> Blueprint:
    fields.reject_unknown(raw, ("title", "seed", "questions"))
    if "title" not in raw:
        raise ProblemError("is missing: the exam's title", field="title")
    title = fields.text(raw["title"], "title", MAX_TITLE)
    seed = fields.integer(raw["seed"], "seed", *SEED_RANGE) if "seed" in raw else None
    items = raw.get("questions")
    if not isinstance(items, list) or not items:
        raise ProblemError("must be a list of questions, each {topic: T, difficulty: D, ...}", field="questions")
    if len(items) > MAX_QUESTIONS:
        raise ProblemError(f"has {len(items)} questions; at most {MAX_QUESTIONS}", field="questions")
    specs = []
    for k, item in enumerate(items, start=1):
        try:
            specs.append(_question(item))
        except TutorError as err:
            raise err.located(field=f"questions[{k}]") from None
    return Blueprint(source, title, seed, tuple(specs))


def _question(item: object) -> QuestionSpec:
    if not isinstance(item, dict):
        raise ProblemError("must be a mapping such as {topic: kernel-pca, difficulty: medium}")
    fields.reject_unknown(item, ("topic", "difficulty", "title", "statement", "parts", "marks"))
    for name in ("topic", "difficulty"):
        if name not in item:
            raise ProblemError("is missing", field=name)
    topic = item["topic"]
    if not isinstance(topic, str):
        raise ProblemError("must be a topic's name (see `tutor topics`)", field="topic")
    generators.module(topic)  # an unknown topic, or one without a generator: its own one-line error
    difficulty = item["difficulty"]
    if difficulty not in generators.DIFFICULTIES:
        raise ProblemError(f"must be one of {', '.join(generators.DIFFICULTIES)}, got {shorten(str(difficulty))!r}",
                           field="difficulty")
    title = fields.text(item["title"], "title", MAX_TITLE) if "title" in item else None
    # statement, parts and marks are validated as a problem file's own (the same messages and bounds).
    exam = question.parse_exam({k: item[k] for k in ("statement", "parts", "marks") if k in item},
                               tuple(topics.get(topic).ANSWER_KEYS))
    reasons = dict(exam.reasons)
    parts = tuple(key if text is None else (("key", key), ("text", text))
                  + ((("reason", reasons[key]),) if key in reasons else ()) for key, text in exam.parts or ())
    return QuestionSpec(topic, difficulty, title, exam.statement, parts, exam.marks)


def read_roster(path: str) -> tuple[Student, ...]:
    text, source = read_text(path, bundled=False)
    text = text.lstrip("\ufeff")  # the byte-order mark a spreadsheet may write
    first = text.split("\n", 1)[0]
    # Commas, or the semicolons (or tabs) of a spreadsheet set to a locale that writes decimal commas.
    delimiter = next((d for d in ",;\t" if d in first), ",")
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error as err:
        raise TutorError(f"not a CSV file: {err}", file=source) from None
    rows = [r for r in rows if any(cell.strip() for cell in r)]
    if not rows:
        raise TutorError("is empty: a header row with the columns id and name is needed", file=source)
    header = [h.strip().lower() for h in rows[0]]
    for column in ("id", "name"):
        if column not in header:
            raise TutorError(f"the header row has no column {column!r} (it has: {shorten(', '.join(header), 80)})",
                             file=source, field="header")
    if len(rows) - 1 > MAX_STUDENTS:
        raise TutorError(f"has {len(rows) - 1} students; at most {MAX_STUDENTS}", file=source)
    if len(rows) == 1:
        raise TutorError("has a header row but no students", file=source)
    at_id, at_name = header.index("id"), header.index("name")
    students, seen = [], {}
    for line, row in enumerate(rows[1:], start=2):
        where = f"line {line}"
        cells = row + [""] * (max(at_id, at_name) + 1 - len(row))
        student_id, name = cells[at_id].strip(), cells[at_name].strip()
        if not valid_id(student_id):
            raise TutorError(f"id {shorten(student_id)!r} must be 1 to 40 letters, digits, '.', '_' or '-' "
                             "(it names the student's folder), starting with a letter or digit, not ending "
                             "in '.', and not a device name such as CON or COM1",
                             file=source, field=where)
        if student_id.lower() in LECTURER_FILES:
            raise TutorError(f"id {student_id!r} is the name of one of the exam's own files", file=source, field=where)
        if student_id.lower() in seen:  # folders differing in case only collide on some systems
            raise TutorError(f"id {student_id!r} is also on line {seen[student_id.lower()]}", file=source, field=where)
        seen[student_id.lower()] = line
        try:
            name = fields.text(name, "name", MAX_NAME) if name else student_id
        except TutorError as err:
            raise err.located(file=source, field=where) from None
        students.append(Student(student_id, name))
    return tuple(students)


def anonymous(count: int) -> tuple[Student, ...]:
    """Variants without a roster: v01, v02, … (wide enough to sort in order)."""
    width = max(2, len(str(count)))
    return tuple(Student(f"v{i:0{width}d}", f"Variant {i}", i) for i in range(1, count + 1))
