"""What do figures cost? Solve + render time per problem, with and without figures, in one run.

    python bench/figures.py                 # every bundled problem, best of 3 runs each
    python bench/figures.py --runs 5 --topics kernel-pca,dfs-code

For each bundled problem: the solve (once, as `tutor solve` does), then each format's render with
figures and with --no-figures (tex, html, md with its SVG files), best of --runs. It prints one row per
topic (problems, figures drawn, solve ms, render ms without and with figures, the ratio) and the total;
the docs quote the total (docs/performance.md). Figures are laid out from values the solve already has, so their cost is
rendering only.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FORMATS = ("tex", "html", "md")


def _best(fn, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def measure(paths, runs: int = 3) -> list[dict]:
    from tutor import render, solve

    rows = []
    for path in paths:
        start = time.perf_counter()
        solution = solve(str(path))
        solve_s = time.perf_counter() - start
        figures = sum(step.figure is not None for step in solution.steps)

        def all_formats(on: bool):
            for fmt in FORMATS:
                render(solution, fmt, figures=on, figure_stem="bench" if fmt == "md" else None, figure_files={})

        all_formats(True)  # templates compiled and cached before anything is timed
        rows.append({"topic": path.parent.name, "name": path.stem, "figures": figures, "solve_s": solve_s,
                     "without_s": _best(lambda: all_formats(False), runs),
                     "with_s": _best(lambda: all_formats(True), runs)})
    return rows


def table(rows: list[dict]) -> str:
    by_topic: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_topic[row["topic"]].append(row)
    lines = [f"{'topic':<22}{'problems':>9}{'figures':>9}{'solve ms':>10}{'render ms':>11}{'+figures':>10}{'ratio':>7}",
             "(render: tex + html + md, per problem, best of the runs)"]

    def line(name: str, group: list[dict]) -> str:
        n = len(group)
        solve = sum(r["solve_s"] for r in group) / n * 1000
        without = sum(r["without_s"] for r in group) / n * 1000
        with_ = sum(r["with_s"] for r in group) / n * 1000
        return (f"{name:<22}{n:>9}{sum(r['figures'] for r in group):>9}{solve:>10.0f}{without:>11.1f}"
                f"{with_:>10.1f}{with_ / without:>7.2f}")

    for topic in sorted(by_topic):
        lines.append(line(topic, by_topic[topic]))
    lines.append(line("all", rows))
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--topics", default="", help="comma-separated topics (default: all)")
    args = parser.parse_args(argv)
    wanted = set(filter(None, args.topics.split(",")))
    paths = [p for p in sorted((ROOT / "problems").glob("*/*.yaml")) if not wanted or p.parent.name in wanted]
    print(table(measure(paths, args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
