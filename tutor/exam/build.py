"""Build an exam: every student's variant of every question, their papers and answer keys, the
lecturer's solutions book, the variants CSV, a Moodle quiz and the manifest `tutor check --exam` reads.

    DIR/<id>/exam.md, exam.pdf     the student's paper (no solutions)
    DIR/<id>/key.md, key.pdf       the final answer of every part, with its marks
    DIR/<id>/q1.yaml, q2.yaml, …   the student's problem files: what grading uses
    DIR/solutions.md, .pdf         every student's brief worked solutions, grouped by student
    DIR/variants.csv               id, name, then per question its topic, difficulty and seed
    DIR/quiz.xml                   Moodle: the variants of question k in category <title>/Question k
    DIR/manifest.json              the exam as `tutor check --exam` reads it, and the files written

Written again into the same folder, the exam replaces the files its manifest lists (so no PDF of an
earlier seed stays beside the new papers); a folder with other files and no such manifest is refused
unless ``force`` (tutor.outputs, shared with the other commands that write a folder).

Everything but the PDFs is the same byte for byte for the same blueprint, roster and seed.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import os
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from .. import generators, topics
from ..checking.uniqueness import warnings as not_unique
from ..errors import TutorError
from ..escaping import csv_row
from ..outputs import MANIFEST, manifest_json, remove_stale, write_texts, written_before
from .blueprint import Blueprint, QuestionSpec, Student
from .draw import draw_question

COMMAND = "tutor exam"  # the manifest's written_by: another command's folder is not the exam's to replace
MANIFEST_FORMAT = 1  # of what `tutor check --exam` reads in the manifest


@dataclass(frozen=True)
class Asked:
    """One question of one student's paper."""

    number: int
    title: str
    topic: str
    difficulty: str
    seed: int
    key: str  # the variant's numbers in canonical form (Generated.key): equal keys, one variant
    file: str  # the problem file, relative to the exam folder: <id>/q<number>.yaml
    text: str  # the problem file's text
    solution: object  # its solution, with the question (parts and marks) attached


@dataclass(frozen=True)
class Paper:
    student: Student
    questions: tuple[Asked, ...]


@dataclass(frozen=True)
class Built:
    folder: str
    seed: int
    papers: tuple[Paper, ...]
    notes: tuple[str, ...]  # "question 2: only 12 distinct variants for 30 students"
    files: tuple[str, ...]  # every file written, relative to the folder, in order
    overfull: dict  # PDF (relative) -> the widths (pt) of its overfull boxes wider than 1pt
    seconds: dict = dataclasses.field(default_factory=dict)  # draw, render, pdf: for bench/exam.py

    def __post_init__(self):  # read-only views: a frozen record whose tables cannot change either
        object.__setattr__(self, "overfull", MappingProxyType(dict(self.overfull)))
        object.__setattr__(self, "seconds", MappingProxyType(dict(self.seconds)))


def problem_text(spec: QuestionSpec, generated: generators.Generated, number: int, student: Student) -> str:
    """The student's problem file: the generated one with the blueprint's title, statement, parts and marks."""
    data = dict(generated.data)
    if spec.title is not None:
        data["title"] = spec.title
    data.update(spec.fields())
    return f"# Exam question {number} for {student.id}.\n" + dataclasses.replace(generated, data=data).text()


def _asked(spec: QuestionSpec, number: int, student: Student, variant) -> Asked:
    from ..problem import load_problem_text
    from ..question import build

    file = f"{student.id}/q{number}.yaml"
    text = problem_text(spec, variant.generated, number, student)
    loaded = load_problem_text(text, file)  # the file as grading will read it
    # The drawn solution is reused: only the question (the blueprint's parts and marks) and title change.
    solution = dataclasses.replace(variant.solution, title=loaded.problem.title,
                                   question=build(variant.solution, loaded.exam, loaded.check.weights))
    return Asked(number, solution.title, spec.topic, spec.difficulty, variant.generated.seed, variant.generated.key,
                 file, text, solution)


def draw_papers(blueprint: Blueprint, students: tuple[Student, ...], seed: int, jobs: int = 1,
                progress=None, bar=None) -> tuple[tuple[Paper, ...], tuple[str, ...]]:
    """Every student's paper, and the notes on questions whose variants had to be reused."""
    columns, notes = [], []
    pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
    try:
        with _bar(bar, "drawing questions", len(blueprint.questions)) as shown:
            columns, notes = _draw_columns(blueprint, students, seed, jobs, progress, pool, shown)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    papers = tuple(Paper(s, tuple(column[i] for column in columns)) for i, s in enumerate(students))
    return papers, tuple(notes)


def _draw_columns(blueprint, students, seed, jobs, progress, pool, shown):
    """Each question's variants, one column a question, and the notes on them."""
    columns, notes = [], []
    for number, spec in enumerate(blueprint.questions, start=1):
        try:
            drawn = draw_question(spec.topic, spec.difficulty, seed, number, len(students), pool, 4 * jobs)
        except TutorError as err:
            raise err.located(file=blueprint.source) from None
        if drawn.note:
            notes.append(drawn.note)
            if progress:
                progress(drawn.note)
        try:
            columns.append([_asked(spec, number, s, v) for s, v in zip(students, drawn.variants)])
        except TutorError as err:  # parts this topic's problems have no answer for: the blueprint's fault
            raise err.located(file=blueprint.source, field=f"questions[{number}]") from None
        for asked in columns[-1]:  # answers the variant does not fix (uniqueness.py)
            for line in not_unique(topics.get(spec.topic), asked.solution):
                notes.append(f"question {number}, {asked.file}: {line}")
                if progress:
                    progress(f"warning: {notes[-1]}")
        shown.update(1)
    return columns, notes


# --- documents ---------------------------------------------------------------------------------------


def _render(fmt: str, name: str, **context) -> str:
    """One of the exam's documents (templates/frames/<fmt>/<name>.j2), laid out as a sheet is."""
    from ..figures.output import drawing
    from ..layout import name_roots, name_wide_values, naming_values, split_wide_matrices
    from ..rendering import environment, frame, problem_template, step_template

    with naming_values(), drawing(False):  # no figures: a paper's statements have none, the book stays short
        text = name_wide_values(environment(fmt).get_template(frame(fmt, name)).render(
            problem_template=problem_template, step_template=step_template, detail="brief", **context), fmt)
    text = name_roots(text, fmt)
    return split_wide_matrices(text) if fmt == "tex" else text


def _marks(total) -> str:
    return f"{total} mark{'s' if total != 1 else ''}"


def paper_document(title: str, paper: Paper, fmt: str, key: bool = False) -> str:
    total = sum((q.solution.question.total for q in paper.questions), 0)
    return _render(fmt, "exam_key" if key else "exam", title=title, student=paper.student, total=_marks(total),
                   questions=[(q.solution, q) for q in paper.questions])


def book_document(title: str, papers, fmt: str) -> str:
    return _render(fmt, "exam_book", title=title,
                   students=[(p.student, [(q.solution, q) for q in p.questions]) for p in papers])


def quiz(title: str, papers) -> str:
    """The Moodle quiz: each question's distinct variants in a category of their own, each named by the
    first student who has it. A question that asks no number (a derivation's line) is left out: Moodle's
    numerical sub-answers could not grade it."""
    from ..moodle import categorised_quiz_xml, sub_answers, text_answers

    groups = []
    for k in range(len(papers[0].questions)):
        first = papers[0].questions[k].solution
        if not sub_answers(first) and not text_answers(first):
            continue
        seen, solutions, names = set(), [], []
        for paper in papers:
            asked = paper.questions[k]
            if asked.key in seen:  # a variant handed out again: Moodle needs it once
                continue
            seen.add(asked.key)
            solutions.append(asked.solution)
            names.append(f"Q{asked.number} {asked.title} ({paper.student.id})")
        groups.append((f"{title.replace('/', '-')}/Question {k + 1}", solutions, names))
    return categorised_quiz_xml(groups)


def variants_csv(papers) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    count = len(papers[0].questions)
    writer.writerow(["id", "name", *(f"q{k}_{what}" for k in range(1, count + 1)
                                     for what in ("topic", "difficulty", "seed"))])
    for paper in papers:
        writer.writerow(csv_row([paper.student.id, paper.student.name,
                                 *(v for q in paper.questions for v in (q.topic, q.difficulty, q.seed))]))
    return out.getvalue()


def manifest(blueprint: Blueprint, seed: int, papers, notes, files=()) -> str:
    first = papers[0].questions
    return manifest_json(COMMAND, files, **{
        "format": MANIFEST_FORMAT,
        "title": blueprint.title,
        "seed": seed,
        "generator_version": generators.VERSION,
        "questions": [{"number": q.number, "topic": q.topic, "difficulty": q.difficulty,
                       "parts": [{"key": p.key, "label": p.label, "marks": int(p.marks)}
                                 for p in q.solution.question.parts]} for q in first],
        "notes": list(notes),
        "students": [{"id": p.student.id, "name": p.student.name,
                      "questions": [{"file": q.file, "seed": q.seed} for q in p.questions]} for p in papers],
    })


# --- writing -----------------------------------------------------------------------------------------


def build_exam(blueprint: Blueprint, students: tuple[Student, ...], seed: int, out_dir: str, *,
               pdf: bool = True, jobs: int = 1, progress=None, force: bool = False, bar=None) -> Built:
    """Draw every paper and write the exam's files into ``out_dir`` (made if needed), replacing those
    of an earlier exam there (see written_before). ``bar(label, total)``, if given, is a context manager
    with update(n), for a progress bar."""
    start = time.perf_counter()
    old = written_before(out_dir, COMMAND, force)  # refused before the work, not after
    papers, notes = draw_papers(blueprint, students, seed, jobs, progress, bar)
    drawn = time.perf_counter()
    title = blueprint.title
    texts: dict[str, str] = {}  # relative path -> text, in the order written
    latex: dict[str, str] = {}  # relative PDF path -> its LaTeX
    with _bar(bar, "writing papers", len(papers)) as shown:
        for paper in papers:
            folder = paper.student.id
            for q in paper.questions:
                texts[q.file] = q.text
            texts[f"{folder}/exam.md"] = paper_document(title, paper, "md")
            texts[f"{folder}/key.md"] = paper_document(title, paper, "md", key=True)
            if pdf:
                latex[f"{folder}/exam.pdf"] = paper_document(title, paper, "tex")
                latex[f"{folder}/key.pdf"] = paper_document(title, paper, "tex", key=True)
            shown.update(1)
    texts["solutions.md"] = book_document(title, papers, "md")
    if pdf:
        latex["solutions.pdf"] = book_document(title, papers, "tex")
    texts["variants.csv"] = variants_csv(papers)
    texts["quiz.xml"] = quiz(title, papers)
    texts[MANIFEST] = manifest(blueprint, seed, papers, notes, [*texts, *latex])

    root = Path(out_dir)
    remove_stale(root, old, [*texts, *latex])
    write_texts(root, texts)
    rendered = time.perf_counter()
    overfull = compile_all(latex, root, jobs, bar) if pdf else {}
    seconds = {"draw": drawn - start, "render": rendered - drawn, "pdf": time.perf_counter() - rendered}
    return Built(str(root), seed, papers, notes, (*texts, *latex), overfull, seconds)


def compile_all(latex: dict[str, str], root: Path, jobs: int, bar=None) -> dict[str, list[float]]:
    """Compile the PDFs on ``jobs`` threads (each runs pdflatex in a process of its own); the solutions
    book, the longest, first. Returns each PDF's overfull boxes wider than 1pt."""
    from ..pdf import compile_pdf, overflows

    order = sorted(latex, key=lambda name: -len(latex[name]))

    def one(name: str) -> list[float]:
        return overflows(compile_pdf(latex[name], str(root / name)))

    results = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as threads, _bar(bar, "compiling PDFs", len(order)) as shown:
        for name, widths in zip(order, threads.map(one, order)):  # in order: the bar moves as each is done
            results[name] = widths
            shown.update(1)
    return {name: results[name] for name in latex}


class _NoBar:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def update(self, n):
        pass


def _bar(bar, label: str, total: int):
    return bar(label, total) if bar else _NoBar()


def default_jobs() -> int:
    return max(1, min(4, os.cpu_count() or 1))
