"""tutor's benchmarks, each figure the median of several runs and each beside its reference.

    python bench/run.py            # the table
    python bench/run.py --json     # the same figures as JSON
    python bench/run.py --quick    # fewer runs and problems (a smoke test, not figures to quote)

1. start-up: `tutor solve` of Example 3 to Markdown as a whole process, against
   `python -c "import sympy"` (the floor no SymPy program can beat);
2. throughput on one core: medium n = 3 kernel-PCA problems, pca with d = 3 and
   medium mds, generated, solved and rendered to Markdown, per second, against the
   plain SymPy pipeline (bench/plain.py) on the same problems;
3. a class: 200 answer files checked against one problem with `tutor check --csv`,
   against the same command with one file;
4. growth: kernel PCA with n = 2 to 8 random integer points (polynomial and RBF
   kernels), seconds per problem, each in its own process with a time limit.

Machines here are shared and noisy: compare the ratios, which are measured in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

GROWTH_LIMIT = 20.0  # seconds before a growth problem counts as not answered


def tutor_command() -> list[str]:
    """The installed `tutor` script next to this Python, as a user runs it (else python -m tutor)."""
    script = Path(sys.executable).with_name("tutor")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tutor"]


def wall(command: list[str], ok=(0,)) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if done.returncode not in ok:
        raise SystemExit(f"bench: {' '.join(command)} exited with {done.returncode}")
    return time.perf_counter() - start


# --- 1. start-up ----------------------------------------------------------------------


def startup(runs: int) -> dict:
    solve = tutor_command() + ["solve", str(ROOT / "problems" / "kernel-pca" / "example3.yaml")]
    bare = [sys.executable, "-c", "import sympy"]
    arithmetic = [sys.executable, "-c", "import sympy; sympy.Symbol('x') + 1"]
    wall(solve)  # let Jinja cache the compiled templates, as on any second run
    times = {"solve": [], "import": [], "arithmetic": []}
    for _ in range(runs):  # interleaved, so that a noisy moment hits all three
        times["solve"].append(wall(solve))
        times["import"].append(wall(bare))
        times["arithmetic"].append(wall(arithmetic))
    med = {k: statistics.median(v) for k, v in times.items()}
    return {"solve_s": med["solve"], "import_sympy_s": med["import"], "sympy_first_sum_s": med["arithmetic"],
            "ratio": med["solve"] / med["import"], "target_ratio": 1.3}


# --- 2. throughput ------------------------------------------------------------------


def _tutor_problem(topic, difficulty, seed):
    from tutor.generators import draw_solved
    from tutor.rendering import render

    generated, _, solution = draw_solved(topic, difficulty, seed)
    render(solution, "md")
    return generated.data


def _plain(topic, data):
    import plain

    if topic == "kernel-pca":
        return plain.kernel_pca(data["points"], data["kernel"])
    if topic == "pca":
        return plain.pca(data["points"])
    if "squared_distances" in data:  # generated MDS problems give the table itself
        return plain.mds(data["squared_distances"])
    points = data["points"]
    return plain.mds([[sum((a - b) ** 2 for a, b in zip(p, q)) for q in points] for p in points])


THROUGHPUT = {  # name: (topic, difficulty, which generated problems count, target per second)
    "kernel-pca medium n=3": ("kernel-pca", "medium", lambda d: len(d["points"]) == 3, 100),
    "pca d=3": ("pca", "hard", lambda d: len(d["points"][0]) == 3, 50),
    "mds medium": ("mds", "medium", lambda d: "points" in d or "squared_distances" in d, None),
}


def throughput(name: str, problems: int, runs: int) -> dict:
    topic, difficulty, counts, target = THROUGHPUT[name]
    _tutor_problem(topic, difficulty, 10**6)  # imports, template compilation
    ours, plain_rates = [], []
    for run in range(runs):
        seeds = iter(range(1000 * (run + 1), 1000 * (run + 2)))  # fresh problems every run
        spent, done, data = 0.0, 0, []
        while done < problems:
            seed = next(seeds)
            start = time.perf_counter()
            problem = _tutor_problem(topic, difficulty, seed)
            elapsed = time.perf_counter() - start
            if counts(problem):
                spent, done = spent + elapsed, done + 1
                data.append(problem)
        ours.append(done / spent)
        start = time.perf_counter()
        for problem in data:
            _plain(topic, problem)
        plain_rates.append(len(data) / (time.perf_counter() - start))
    rate, reference = statistics.median(ours), statistics.median(plain_rates)
    return {"per_second": rate, "plain_per_second": reference, "ratio": rate / reference, "target": target}


# --- 3. a class ---------------------------------------------------------------------------


def class_batch(files: int, runs: int) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="tutor-bench-"))
    try:
        students = sorted((ROOT / "examples" / "class").glob("*.yaml"))
        many, one = folder / "class", folder / "one"
        many.mkdir()
        one.mkdir()
        for i in range(files):
            shutil.copy(students[i % len(students)], many / f"student{i:03d}.yaml")
        shutil.copy(students[0], one / "student000.yaml")
        command = tutor_command() + ["check", "kernel-pca/linear-three-points"]
        # dave.yaml has a misspelt key: exit code 2 for the batch, every other file still graded.
        batch = [wall(command + [str(many), "--csv", str(folder / "grades.csv")], ok=(0, 2)) for _ in range(runs)]
        single = [wall(command + [str(one), "--csv", str(folder / "one.csv")], ok=(0, 2)) for _ in range(runs)]
    finally:
        shutil.rmtree(folder)
    return {"files": files, "seconds": statistics.median(batch), "one_file_seconds": statistics.median(single),
            "target_seconds": 5.0}


# --- 4. growth --------------------------------------------------------------------------

_GROWTH_CHILD = """
import sys, time
from tutor import load_problem_text, solve, render
from tutor.errors import TutorError
text = sys.stdin.read()
start = time.perf_counter()
try:
    render(solve(load_problem_text(text)), "md")
    print(time.perf_counter() - start)
except TutorError as err:
    print(time.perf_counter() - start, "refused:", err.message)
"""


def growth_problem(kernel: str, n: int) -> str:
    rng = random.Random(f"tutor-bench-growth:{n}")
    points = set()
    while len(points) < n:
        points.add((rng.randint(-3, 3), rng.randint(-3, 3)))
    spec = "{name: polynomial, degree: 2, offset: 1}" if kernel == "polynomial" else "{name: rbf, gamma: 1/2}"
    return f"topic: kernel-pca\npoints: {[list(p) for p in sorted(points)]}\nkernel: {spec}\n"


def growth(kernels, sizes) -> dict:
    out = {}
    for kernel in kernels:
        rows = []
        for n in sizes:
            try:
                done = subprocess.run([sys.executable, "-c", _GROWTH_CHILD], input=growth_problem(kernel, n),
                                      capture_output=True, text=True, timeout=GROWTH_LIMIT)
                last = done.stdout.strip().splitlines()[-1] if done.returncode == 0 else ""
                seconds, _, refused = last.partition(" refused: ")
                if done.returncode != 0:
                    rows.append({"n": n, "seconds": None, "error": done.stderr.strip().splitlines()[-1]})
                elif refused:
                    rows.append({"n": n, "seconds": None, "refused_after": float(seconds), "error": refused})
                else:
                    rows.append({"n": n, "seconds": float(seconds)})
            except subprocess.TimeoutExpired:
                rows.append({"n": n, "seconds": None, "error": f"no answer in {GROWTH_LIMIT:.0f} s"})
        fast = [r["n"] for r in rows if r["seconds"] is not None and r["seconds"] < 2.0]
        largest = max((n for n in fast if all(m in fast for m in range(sizes[0], n + 1))), default=None)
        out[kernel] = {"rows": rows, "largest_n_under_2s": largest}
    return out


# --- the table --------------------------------------------------------------------------


def run(quick: bool) -> dict:
    runs = 3 if quick else 7
    results = {"python": sys.version.split()[0], "cpus": os.cpu_count(), "quick": quick}
    results["startup"] = startup(runs)
    results["throughput"] = {name: throughput(name, 5 if quick else 40, 1 if quick else 3) for name in THROUGHPUT}
    results["class"] = class_batch(20 if quick else 200, 1 if quick else 3)
    results["growth"] = growth(("polynomial", "rbf"), range(2, 5) if quick else range(2, 9))
    return results


def table(r: dict) -> str:
    s = r["startup"]
    lines = [f"tutor benchmarks (Python {r['python']}, {r['cpus']} CPUs{', quick' if r['quick'] else ''}; "
             "medians of several runs)", "",
             "1. start-up           tutor solve Example 3    import sympy    ratio   (target <= 1.3)",
             f"                       {s['solve_s']:8.3f} s            {s['import_sympy_s']:6.3f} s      "
             f"{s['ratio']:5.2f}   (sympy's first sum alone: {s['sympy_first_sum_s']:.3f} s)", "",
             "2. throughput         tutor /s    plain SymPy /s    ratio    target"]
    for name, t in r["throughput"].items():
        target = f">= {t['target']}/s" if t["target"] else "-"
        lines.append(f"   {name:<22}{t['per_second']:7.1f}       {t['plain_per_second']:7.1f}       "
                     f"{t['ratio']:5.1f}x    {target}")
    c = r["class"]
    lines += ["", f"3. class              {c['files']} answer files: {c['seconds']:.2f} s "
                  f"(one file: {c['one_file_seconds']:.2f} s; target < {c['target_seconds']:.0f} s)", "",
              "4. growth             seconds per kernel-PCA problem, n points"]
    for kernel, g in r["growth"].items():
        cells = "  ".join(f"n={row['n']}: " + _cell(row) for row in g["rows"])
        lines.append(f"   {kernel:<11} {cells}   largest n under 2 s: {g['largest_n_under_2s']}")
    refusals = [(kernel, row) for kernel, g in r["growth"].items() for row in g["rows"] if row["seconds"] is None]
    if refusals:
        lines += ["", "   not answered (—) or refused (r, after the seconds shown):"]
        lines += [f"   {kernel} n={row['n']}: {row['error'][:150]}" for kernel, row in refusals]
    return "\n".join(lines)


def _cell(row: dict) -> str:
    if row["seconds"] is not None:
        return f"{row['seconds']:.2f}"
    return f"r{row['refused_after']:.2f}" if "refused_after" in row else "—"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="fewer runs and problems: a smoke test")
    args = parser.parse_args()
    results = run(args.quick)
    print(json.dumps(results, indent=2) if args.json else table(results))


if __name__ == "__main__":
    main()
