"""How long does an exam take to build? A roster of 30 and 4 questions, PDFs included (issue 18: under a
minute on the 2-core machine).

    python bench/exam.py                       # 30 students, the 4 questions below, every PDF
    python bench/exam.py --students 10 --no-pdf --jobs 1
    python bench/exam.py --blueprint examples/exam/blueprint.yaml

It builds the exam into a temporary folder with `tutor exam`'s library call and prints the time of each
phase (drawing and solving the variants, rendering every document, compiling the PDFs), the PDFs and their
overfull boxes wider than 1pt, and per question its distinct variants; then it grades every student's right
answers as `tutor check --exam` does (each must get full marks). The docs quote the total (docs/performance.md).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BLUEPRINT = """title: Kernel methods and PCA, mid-term
seed: 2026
questions:
  - {topic: kernel-pca, difficulty: medium}
  - {topic: pca, difficulty: easy}
  - {topic: mds, difficulty: medium}
  - {topic: centring, difficulty: hard}
"""


def main(argv=None) -> int:
    from tutor.exam import Student, build_exam, read_blueprint
    from tutor.exam.build import default_jobs

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--blueprint", default=None, help="a blueprint file (default: the 4 questions above)")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--no-pdf", dest="pdf", action="store_false")
    parser.add_argument("--no-grade", dest="grade", action="store_false",
                        help="skip grading every student's right answers with tutor check --exam's engine")
    args = parser.parse_args(argv)
    students = tuple(Student(f"s{i:03d}", f"Student {i}") for i in range(1, args.students + 1))
    with tempfile.TemporaryDirectory() as folder:
        path = args.blueprint
        if path is None:
            path = str(Path(folder) / "blueprint.yaml")
            Path(path).write_text(BLUEPRINT, encoding="utf-8")
        blueprint = read_blueprint(path)
        start = time.perf_counter()
        built = build_exam(blueprint, students, blueprint.seed or 1, str(Path(folder) / "exam"), pdf=args.pdf,
                           jobs=args.jobs)
        total = time.perf_counter() - start
        graded = _grade(built, Path(folder)) if args.grade else None
    widths = [w for ws in built.overfull.values() for w in ws]
    print(f"{len(students)} students x {len(blueprint.questions)} questions, {args.jobs} jobs, "
          f"{len(built.files)} files, {len(built.overfull)} PDFs")
    print(f"{'phase':<28}{'seconds':>8}")
    for phase, seconds in built.seconds.items():
        print(f"{phase:<28}{seconds:>8.1f}")
    print(f"{'total':<28}{total:>8.1f}")
    print(f"overfull boxes > 1pt: {len(widths)}" + (f" (widest {max(widths):.1f}pt)" if widths else ""))
    for k, spec in enumerate(blueprint.questions):
        keys = {p.questions[k].key for p in built.papers}
        print(f"question {k + 1}: {spec.topic} {spec.difficulty}: {len(keys)} distinct variants")
    for note in built.notes:
        print(note)
    if graded:
        seconds, full = graded
        print(f"tutor check --exam, {len(students)} answers files (all right): {seconds:.1f} s, "
              f"{full}/{len(students)} with full marks")
    return 0


def _grade(built, folder: Path) -> tuple[float, int]:
    """Every student's right answers (examples/exam/make_answers.py writes them), graded as one class."""
    import importlib.util

    from tutor.exam.grade import Grader, read_exam

    spec = importlib.util.spec_from_file_location("make_answers", ROOT / "examples" / "exam" / "make_answers.py")
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    exam = Path(built.folder)
    paths = []
    for paper in built.papers:
        path = folder / f"{paper.student.id}.yaml"
        path.write_text(make.answers_yaml(paper.student.id, {
            q.number: make.asked(exam, paper.student.id, q.number) for q in paper.questions}), encoding="utf-8")
        paths.append(str(path))
    start = time.perf_counter()
    grader = Grader(read_exam(str(exam)))
    rows = grader.grade(paths)
    seconds = time.perf_counter() - start
    return seconds, sum(1 for r in rows if r.total == grader.exam.total)


if __name__ == "__main__":
    sys.exit(main())
