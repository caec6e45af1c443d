"""Each student's variant of each question: drawn from seeds that depend only on the exam's seed, the
question's number and the place of the draw, so that the same command gives the same variants.

Seeds are tried in order (candidate 0, 1, 2, …), and their problems grouped by solution path, each group
keeping the problems with numbers it does not have yet (Generated.key). The first group to hold a variant
for every student is the question's: its variants go to the students in roster order, so they share the
first variant's path. When a bounded number of candidates gives no group enough, the largest group (the
first seen on a tie) is used and its variants handed out again in turn, and the exam says so.
"""

from __future__ import annotations

import hashlib
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from .. import generators

TRIES_PER_STUDENT = 4  # candidates tried per student (and EXTRA_TRIES more) before variants are reused
EXTRA_TRIES = 20


@dataclass(frozen=True)
class Variant:
    generated: generators.Generated
    path: tuple
    solution: object  # the drawn problem's solution (its question is attached later)


@dataclass(frozen=True)
class Drawn:
    variants: tuple[Variant, ...]  # one per student, in roster order
    distinct: int  # how many of them differ
    note: str | None  # the reuse message, when the space was too small


def candidate_seed(exam_seed: int, number: int, index: int) -> int:
    """The generator seed of candidate ``index`` of question ``number``: a hash, the same on every machine."""
    digest = hashlib.sha256(f"tutor-exam:{exam_seed}:{number}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 10**9


def _draw(topic: str, difficulty: str, seed: int) -> Variant | None:
    drawn = generators.draw_solved(topic, difficulty, seed)
    if drawn is None:
        return None
    generated, _, solution = drawn
    return Variant(generated, generators.solution_path(solution), solution)


def _candidates(topic, difficulty, seeds, pool, batch):
    """The draws of the seeds, in order; with a pool, a batch at a time on its processes (the order of
    the results, and so the variants chosen, does not depend on the pool)."""
    if pool is None:
        for seed in seeds:
            yield _draw(topic, difficulty, seed)
        return
    for start in range(0, len(seeds), batch):
        futures = [pool.submit(_draw, topic, difficulty, s) for s in seeds[start:start + batch]]
        try:
            for future in futures:
                yield future.result()
        finally:
            for future in futures:
                future.cancel()  # the caller stopped early: the rest of the batch is not needed


def draw_question(topic: str, difficulty: str, exam_seed: int, number: int, students: int,
                  pool: ProcessPoolExecutor | None = None, batch: int = 4) -> Drawn:
    limit = EXTRA_TRIES + TRIES_PER_STUDENT * students
    seeds = [candidate_seed(exam_seed, number, i) for i in range(limit)]
    by_path: dict[tuple, list[Variant]] = {}  # distinct variants per solution path, in candidate order
    keys: dict[tuple, set[str]] = {}
    for variant in _candidates(topic, difficulty, seeds, pool, batch):
        if variant is None:
            continue
        mine = keys.setdefault(variant.path, set())
        if variant.generated.key in mine:
            continue
        mine.add(variant.generated.key)
        by_path.setdefault(variant.path, []).append(variant)
        if len(by_path[variant.path]) == students:
            break
    if not by_path:
        from ..errors import ProblemError

        raise ProblemError(f"no {difficulty} problem of this topic could be generated from {limit} seeds",
                           field=f"questions[{number}]")
    # The first path to have a variant for everyone; else the one with the most (the first seen on a tie).
    chosen = max(by_path.values(), key=len)
    distinct = len(chosen)
    note = None
    if distinct < students:
        note = (f"question {number}: only {distinct} distinct variant{'s' if distinct != 1 else ''} "
                f"for {students} students")
        chosen = [chosen[i % distinct] for i in range(students)]
    return Drawn(tuple(chosen), distinct, note)
