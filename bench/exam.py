"""How long does an exam take to build? A roster of 30 and 4 questions, PDFs included (issue 18: under a
minute on the 2-core machine).

    python bench/exam.py                       # 30 students, the 4 questions below, every PDF
    python bench/exam.py --students 10 --no-pdf --jobs 1
    python bench/exam.py --blueprint examples/exam/blueprint.yaml

It builds the exam into a temporary folder with `tutor exam`'s library call and prints the time of each
phase (drawing and solving the variants, rendering every document, compiling the PDFs), the PDFs and their
overfull boxes wider than 1pt, and per question its distinct variants; the README quotes the total.
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
    widths = [w for ws in built.overfull.values() for w in ws]
    print(f"{len(students)} students x {len(blueprint.questions)} questions, {args.jobs} jobs, "
          f"{len(built.files)} files, {len(built.overfull)} PDFs")
    print(f"{'phase':<28}{'seconds':>8}")
    for phase, seconds in built.seconds.items():
        print(f"{phase:<28}{seconds:>8.1f}")
    print(f"{'total':<28}{total:>8.1f}")
    print(f"overfull boxes > 1pt: {len(widths)}" + (f" (widest {max(widths):.1f}pt)" if widths else ""))
    for k, spec in enumerate(blueprint.questions):
        keys = {p.questions[k].text.split(chr(10), 1)[1] for p in built.papers}
        print(f"question {k + 1}: {spec.topic} {spec.difficulty}: {len(keys)} distinct variants")
    for note in built.notes:
        print(note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
