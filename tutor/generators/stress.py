"""The stress test, after R/exams' stresstest: many seeds of one topic and difficulty, each
generated, solved, rendered to Markdown and LaTeX, and its own worked answers checked as right."""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from ..errors import TutorError
from . import draw_solved
from .nice import digits, numbers


@dataclass(frozen=True)
class StressResult:
    topic: str
    difficulty: str
    seeds: int
    failures: tuple[str, ...]  # "seed S: what went wrong"
    digits: tuple[int, ...]  # per problem: the most digits of any number in its answers
    seconds: tuple[float, ...]  # per problem: generate + solve + render twice + check

    def summary(self) -> dict:
        return {"topic": self.topic, "difficulty": self.difficulty, "seeds": self.seeds,
                "failed": len(self.failures), "digits_min": min(self.digits, default=0),
                "digits_median": statistics.median(self.digits) if self.digits else 0,
                "digits_max": max(self.digits, default=0),
                "ms_mean": round(1000 * statistics.fmean(self.seconds), 1) if self.seconds else 0,
                "ms_max": round(1000 * max(self.seconds, default=0), 1)}


def stress_seed(topic: str, difficulty: str, seed: int) -> int:
    """Run one seed through everything; the most digits in its answers. Raises on any failure."""
    from ..checking.answers import Given, Submission
    from ..checking.grade import Checker
    from ..checking.rules import nested
    from ..exact.tidy import as_expr
    from ..rendering import render

    drawn = draw_solved(topic, difficulty, seed)
    if drawn is None:
        raise StressFailure("no nice problem in the generator's tries")
    generated, loaded, solution = drawn
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
    failures, sizes, seconds = [], [], []
    for seed in seeds:
        start = time.perf_counter()
        try:
            sizes.append(stress_seed(topic, difficulty, seed))
        except (StressFailure, TutorError) as err:
            failures.append(f"seed {seed}: {err}")
        seconds.append(time.perf_counter() - start)
    return StressResult(topic, difficulty, len(seeds), tuple(failures), tuple(sizes), tuple(seconds))
