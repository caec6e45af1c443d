"""Generated problems: variety and the arithmetic on the way, with the CPU time per seed (issue 30, item 5).

    python bench/variety.py                  # kernel-pca, pca, pca-gram, svd, mds, centring, kernel-matrix; seeds 1-20
    python bench/variety.py --seeds 200 pca  # more seeds, one topic

Per topic and difficulty: the distinct structures (generators.structure: eigenvector patterns up to
scale, sign and order), the distinct spectra ("-" for a topic without one), the largest denominator
any step of any seed prints, the draws made, the CPU milliseconds per seed (generate + solve, process time, so a loaded machine
does not inflate it) and the first seed's, which pays for the lists svd and mds build once per process.
The stress test (`tutor generate TOPIC --stress --count 20`) renders and checks each seed as well.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.generators import DIFFICULTIES, draw_solved, structure  # noqa: E402
from tutor.generators.nice import intermediate_denominator  # noqa: E402

TOPICS = ("kernel-pca", "pca", "pca-gram", "svd", "mds", "centring", "kernel-matrix")
SPECTRUM = {"svd": "singular_values", "pca-gram": "gram_eigenvalues"}  # else the eigenvalues, where there are any


def sweep(topic: str, difficulty: str, seeds: range) -> dict:
    shapes, spectra, denominators, draws, times = set(), set(), [], 0, []
    for seed in seeds:
        tally = [0]
        start = time.process_time()
        drawn = draw_solved(topic, difficulty, seed, tally)
        times.append(time.process_time() - start)
        draws += tally[0]
        if drawn is None:
            continue
        solution = drawn[2]
        shapes.add(structure(solution))
        key = SPECTRUM.get(topic, "eigenvalues")
        if key in solution.answers:
            spectra.add(solution.answers[key])
        denominators.append(intermediate_denominator(solution))
    return {"topic": topic, "difficulty": difficulty, "seeds": len(seeds), "structures": len(shapes),
            "spectra": len(spectra) or "-", "denominator": max(denominators, default=1), "draws": draws,
            "cpu_ms": round(1000 * statistics.median(times), 1), "first_ms": round(1000 * times[0], 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("topics", nargs="*", default=list(TOPICS))
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    print(f"{'topic':<12} {'difficulty':<10} {'seeds':>5} {'structures':>10} {'spectra':>7} {'denominator':>11} "
          f"{'draws':>6} {'cpu ms (median)':>15} {'first seed ms':>13}")
    for topic in args.topics:
        for difficulty in DIFFICULTIES:
            row = sweep(topic, difficulty, range(1, args.seeds + 1))
            print(f"{topic:<12} {difficulty:<10} {row['seeds']:>5} {row['structures']:>10} {row['spectra']:>7} "
                  f"{row['denominator']:>11} {row['draws']:>6} {row['cpu_ms']:>15} {row['first_ms']:>13}", flush=True)


if __name__ == "__main__":
    main()
