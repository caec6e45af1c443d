"""How long do the widest pca, pca-gram and svd problems take (issue 22)? Each shape at the limit is drawn
with awkward integers (−9 … 9, so the characteristic polynomials are irreducible quartics where the shape
allows), solved, and rendered in md, tex, html and json at the brief and full levels; a refused shape must be refused at once.

    python bench/wide_pca.py               # 3 draws per shape
    python bench/wide_pca.py --draws 10 --seed 7

Prints per topic and shape the slowest solve and the slowest render, and how many draws were refused.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor import render, solve  # noqa: E402
from tutor.errors import ProblemError  # noqa: E402
from tutor.problem import load_problem_text  # noqa: E402

# (topic, rows, columns): points × coordinates, or the matrix's shape
SHAPES = [("pca", 8, 4), ("pca", 5, 8), ("pca", 4, 8), ("pca", 8, 8), ("pca-gram", 5, 8), ("pca-gram", 8, 4),
          ("pca-gram", 8, 8), ("svd", 8, 4), ("svd", 4, 8), ("svd", 8, 8)]


def problem_text(topic: str, rows: list) -> str:
    field = "matrix" if topic == "svd" else "points"
    return f"topic: {topic}\n{field}: {rows}\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--draws", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"{'topic':10} {'shape':6} {'solved':>6} {'refused':>7} {'solve s':>8} {'render s':>8}")
    for topic, m, n in SHAPES:
        solved = refused = 0
        worst_solve = worst_render = 0.0
        for _ in range(args.draws):
            rows = [[rng.randint(-9, 9) for _ in range(n)] for _ in range(m)]
            start = time.perf_counter()
            try:
                solution = solve(load_problem_text(problem_text(topic, rows), "<bench>"))
            except ProblemError:
                refused += 1
                worst_solve = max(worst_solve, time.perf_counter() - start)
                continue
            worst_solve = max(worst_solve, time.perf_counter() - start)
            solved += 1
            start = time.perf_counter()
            for fmt in ("md", "tex", "html", "json"):
                for detail in ("brief", "full"):
                    render(solution, fmt, detail)
            worst_render = max(worst_render, time.perf_counter() - start)
        print(f"{topic:10} {m}×{n:<4} {solved:>6} {refused:>7} {worst_solve:>8.2f} {worst_render:>8.2f}")


if __name__ == "__main__":
    main()
