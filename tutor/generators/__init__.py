"""Randomised problems with exam-friendly numbers, reproducible from a seed.

Each topic has a generator module (``<topic package>.generator``) with ``make(rng, difficulty)``, which draws
the data of one problem (or None to draw again), and ``nice(solution,
difficulty)``, which says whether its worked solution has the numbers the
difficulty promises. Every draw uses a private ``random.Random`` seeded from
the topic, the difficulty, the seed and the generator version, never the
global random state, so a seed gives the same file on any machine and in any
order of generation.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass

from ..errors import ProblemError, TutorError
from .. import topics

VERSION = 1  # bump when a generator changes what a seed gives
DIFFICULTIES = ("easy", "medium", "hard")
MAX_TRIES = 300  # draws per problem before giving up on a seed
MAX_SEEDS_PER_PROBLEM = 20  # seeds tried per requested problem (duplicates, failures)



@dataclass(frozen=True)
class Generated:
    topic: str
    difficulty: str
    seed: int
    data: dict  # the problem file's fields, in order
    key: str  # canonical form, for telling variants apart

    @property
    def filename(self) -> str:
        return f"{self.topic}-{self.difficulty}-{self.seed}.yaml"

    def text(self) -> str:
        from .emit import problem_yaml

        return problem_yaml(self)


def names() -> list[str]:
    """Every topic that can be generated: the discovered ones (built in, then plugins)."""
    return topics.names()


def module(topic: str):
    """The generator module of a topic: ``<topic package>.generator``."""
    package = topics.get(topic)
    try:
        return importlib.import_module(f"{package.__name__}.generator")
    except ModuleNotFoundError as err:
        if err.name != f"{package.__name__}.generator":
            raise
        raise ProblemError(f"topic {topic!r} has no generator", field="topic") from None


def rng_for(topic: str, difficulty: str, seed: int) -> random.Random:
    # A string seed is hashed with SHA-512 by random.Random: the same on every platform.
    return random.Random(f"tutor-generate:v{VERSION}:{topic}:{difficulty}:{seed}")


def generate_one(topic: str, difficulty: str, seed: int) -> Generated | None:
    """The problem of one seed, or None when no draw of that seed is nice enough."""
    drawn = draw_solved(topic, difficulty, seed)
    return drawn[0] if drawn else None


def draw_solved(topic: str, difficulty: str, seed: int):
    """(Generated, Loaded, Solution) for one seed, or None: the first nice draw of its generator."""
    from ..problem import load_problem_text

    if difficulty not in DIFFICULTIES:
        raise ProblemError(f"unknown difficulty {difficulty!r} (known: {', '.join(DIFFICULTIES)})",
                           field="difficulty")
    gen = module(topic)
    rng = rng_for(topic, difficulty, seed)
    for _ in range(MAX_TRIES):
        data = gen.make(rng, difficulty)
        if data is None:
            continue
        candidate = Generated(topic, difficulty, seed, data, canonical(data))
        try:
            loaded = load_problem_text(candidate.text(), candidate.filename)
            solution = loaded.topic.solve(loaded.problem)
        except TutorError:
            continue
        if gen.nice(solution, difficulty):
            return candidate, loaded, solution
    return None


def generate(topic: str, difficulty: str, seed: int, count: int) -> list[Generated]:
    """``count`` distinct problems from seeds seed, seed + 1, …; each file records its own seed."""
    out: list[Generated] = []
    seen: set[str] = set()
    for s in range(seed, seed + count * MAX_SEEDS_PER_PROBLEM):
        if len(out) == count:
            break
        problem = generate_one(topic, difficulty, s)
        if problem is not None and problem.key not in seen:
            seen.add(problem.key)
            out.append(problem)
    if len(out) < count:
        raise ProblemError(f"found only {len(out)} distinct {difficulty} problems in "
                           f"{count * MAX_SEEDS_PER_PROBLEM} seeds", field=topic)
    return out


def canonical(data: dict) -> str:
    """A problem's data with its points (or rows) sorted: two orderings of one problem are one variant."""
    parts = []
    for key, value in data.items():
        if key == "title":
            continue
        if key == "points" and isinstance(value, list):
            value = sorted(value)
        parts.append(f"{key}={value!r}")
    return ";".join(parts)
