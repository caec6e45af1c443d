"""The stress test, after R/exams' stresstest: many seeds of one topic and difficulty, each
generated, solved, held to the rules of its difficulty, rendered to Markdown and LaTeX, and its own
worked answers checked as right; with how many distinct problems and distinct structures (eigenvector
patterns and the like, ``generators.structure``) the seeds gave, the largest denominator any step
prints (the arithmetic a student does on the way, not only in the answers), how many draws were
rejected on the way and the slowest seed."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from ..errors import TutorError
from . import draw_solved, module, structure
from .nice import digits, intermediate_denominator, numbers
from .rules import violations


@dataclass(frozen=True)
class StressResult:
    topic: str
    difficulty: str
    seeds: int
    failures: tuple[str, ...]  # "seed S: what went wrong"
    digits: tuple[int, ...]  # per problem: the most digits of any number in its answers
    seconds: tuple[float, ...]  # per problem: generate + solve + render twice + check
    draws: tuple[int, ...] = ()  # per seed: draws made until one was kept (or all tries)
    distinct: int = 0  # different problems among the seeds' kept ones
    structures: int = 0  # different structures among them (generators.structure)
    denominator: int = 1  # the largest denominator printed in any step of any seed

    @property
    def rejection_rate(self) -> float:
        """The share of draws thrown away: not nice, breaking a rule, or failing to solve."""
        total = sum(self.draws)
        kept = self.seeds - len(self.failures)
        return 0.0 if not total else max(0.0, 1 - kept / total)

    def summary(self) -> dict:
        return {"topic": self.topic, "difficulty": self.difficulty, "seeds": self.seeds,
                "failed": len(self.failures), "distinct": self.distinct, "structures": self.structures,
                "denominator": self.denominator,
                "rejected": round(100 * self.rejection_rate, 1), "digits_min": min(self.digits, default=0),
                "digits_median": statistics.median(self.digits) if self.digits else 0,
                "digits_max": max(self.digits, default=0),
                "ms_mean": round(1000 * statistics.fmean(self.seconds), 1) if self.seconds else 0,
                "ms_max": round(1000 * max(self.seconds, default=0), 1)}


def stress_seed(topic: str, difficulty: str, seed: int, tally: list | None = None, keys: set | None = None,
                shapes: set | None = None, denominators: list | None = None) -> int:
    """Run one seed through everything; the most digits in its answers. Raises on any failure.
    ``tally`` is left holding the draws made, ``keys`` gets the problem's canonical form, ``shapes`` its
    structure and ``denominators`` the largest denominator its steps print."""
    from ..checking.answers import Given, Submission
    from ..checking.grade import Checker
    from ..checking.rules import nested
    from ..exact.tidy import as_expr
    from ..rendering import render

    drawn = draw_solved(topic, difficulty, seed, tally)
    if drawn is None:
        raise StressFailure("no nice problem in the generator's tries")
    generated, loaded, solution = drawn
    if keys is not None:
        keys.add(generated.key)
    if shapes is not None:
        shapes.add(structure(solution))
    if denominators is not None:
        denominators.append(intermediate_denominator(solution))
    broken = violations(solution, difficulty, frozenset(getattr(module(topic), "NESTED_STEPS", ())))
    if broken:
        raise StressFailure("breaks the rules of its difficulty: " + "; ".join(broken))
    for fmt in ("md", "tex"):
        for detail in ("brief", "full"):
            if not render(solution, fmt, detail).strip():
                raise StressFailure(f"empty {fmt} rendering ({detail})")
    own = {key: Given(nested(value), False) for key, value in solution.answers.items()}
    report = Checker(loaded, solution=solution).check(Submission(generated.filename, own))
    wrong = [f"{r.key} ({r.verdict}: {r.message})" for r in report.results if r.verdict != "correct"]
    if wrong:
        raise StressFailure("its own answers were not all correct: " + "; ".join(wrong))
    return max((digits(as_expr(x)) for value in solution.answers.values() for x in numbers(value)), default=1)


class StressFailure(Exception):
    pass


def stress(topic: str, difficulty: str, seeds: range) -> StressResult:
    failures, sizes, seconds, draws, keys, shapes, denominators = [], [], [], [], set(), set(), []
    for seed in seeds:
        start = time.perf_counter()
        tally: list[int] = [0]
        try:
            sizes.append(stress_seed(topic, difficulty, seed, tally, keys, shapes, denominators))
        except (StressFailure, TutorError) as err:
            failures.append(f"seed {seed}: {err}")
        seconds.append(time.perf_counter() - start)
        draws.append(tally[0])
    return StressResult(topic, difficulty, len(seeds), tuple(failures), tuple(sizes), tuple(seconds),
                        tuple(draws), len(keys), len(shapes), max(denominators, default=1))


HEADER = (f"{'topic':<20} {'difficulty':<10} {'seeds':>5} {'failed':>6} {'distinct':>8} {'structures':>10} "
          f"{'denominator':>11} {'rejected':>8} {'digits min/median/max':>22} {'ms mean':>8} {'ms max':>8}")


def table_row(result: StressResult) -> str:
    """One line of the stress table: seeds, failures, distinct problems and structures, the largest
    denominator of any step, the share of draws rejected, the digits of the answers and the time per seed
    (ms max: the slowest draw)."""
    row = result.summary()
    return (f"{row['topic']:<20} {row['difficulty']:<10} {row['seeds']:>5} {row['failed']:>6} {row['distinct']:>8} "
            f"{row['structures']:>10} {row['denominator']:>11} {str(row['rejected']) + '%':>8} "
            f"{row['digits_min']:>8}/{row['digits_median']:g}/{row['digits_max']:<8} "
            f"{row['ms_mean']:>8} {row['ms_max']:>8}")
