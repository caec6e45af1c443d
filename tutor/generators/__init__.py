"""Randomised problems with exam-friendly numbers, reproducible from a seed.

Each topic has a generator module (``<topic package>.generator``) with ``make(rng, difficulty)``, which draws
the data of one problem (or None to draw again), ``nice(solution, difficulty)``, which says whether its
worked solution has the numbers the difficulty promises, and ``RULES``, which says in one sentence per
difficulty what a student meets. On top of ``nice``, every kept draw meets the rules that hold for all
topics (``rules.violations``: no root objects, radicals nested at most once, short printed values);
a module may name the steps whose card itself nests a root (``NESTED_STEPS``). Every draw uses a private ``random.Random`` seeded from
the topic, the difficulty, the seed and the generator version, never the
global random state, so a seed gives the same file on any machine and in any
order of generation.
"""

from __future__ import annotations

import importlib
import inspect
import random
from dataclasses import dataclass

from ..errors import ProblemError, TutorError
from .. import topics

VERSION = 4  # bump when a generator changes what a seed gives (4: pca-gram, mds hard, kernel-matrix easy)
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


STREAM = 2  # the version whose random streams are drawn: a version that changes some generators leaves the
# problems of the others as they were


def rng_for(topic: str, difficulty: str, seed: int) -> random.Random:
    # A string seed is hashed with SHA-512 by random.Random: the same on every platform.
    return random.Random(f"tutor-generate:v{STREAM}:{topic}:{difficulty}:{seed}")


def generate_one(topic: str, difficulty: str, seed: int) -> Generated | None:
    """The problem of one seed, or None when no draw of that seed is nice enough."""
    drawn = draw_solved(topic, difficulty, seed)
    return drawn[0] if drawn else None


def draw_solved(topic: str, difficulty: str, seed: int, tally: list | None = None):
    """(Generated, Loaded, Solution) for one seed, or None: the first draw of its generator that is
    nice and meets the rules. ``tally``, a list when given, is left holding the number of draws made."""
    from ..problem import load_problem_text
    from .rules import violations

    if difficulty not in DIFFICULTIES:
        raise ProblemError(f"unknown difficulty {difficulty!r} (known: {', '.join(DIFFICULTIES)})",
                           field="difficulty")
    gen = module(topic)
    rng = rng_for(topic, difficulty, seed)
    nested = frozenset(getattr(gen, "NESTED_STEPS", ()))
    # A generator that spreads its structures or spectra over consecutive seeds (no two of 20 seeds with one
    # spectrum) takes the seed itself: independent draws would repeat one in 20 far too often.
    by_seed = "seed" in inspect.signature(gen.make).parameters
    for tries in range(1, MAX_TRIES + 1):
        if tally is not None:
            tally[:] = [tries]
        data = gen.make(rng, difficulty, seed=seed) if by_seed else gen.make(rng, difficulty)
        if data is None:
            continue
        candidate = Generated(topic, difficulty, seed, data, canonical(data))
        try:
            loaded = load_problem_text(candidate.text(), candidate.filename)
            solution = loaded.topic.solve(loaded.problem)
        except TutorError:
            continue
        if gen.nice(solution, difficulty) and not violations(solution, difficulty, nested):
            return candidate, loaded, solution
    return None


def rules_of(topic: str) -> dict[str, str]:
    """What a student meets at each difficulty of a topic, in words (the generator's RULES); empty for
    a topic without a generator (a plugin may have none)."""
    try:
        return dict(getattr(module(topic), "RULES", {}))
    except ProblemError:
        return {}


def difficulties_markdown() -> str:
    """What each difficulty of each topic gives, as the docs list it (docs/guide/generating.md; a test keeps
    the two the same)."""
    lines = []
    for name in names():
        rules = rules_of(name)
        if rules:
            lines.append(f"- `{name}`")
            lines += [f"  - {level}: {rules[level]}" for level in DIFFICULTIES if level in rules]
    return "\n".join(lines) + "\n"


def solution_path(solution) -> tuple:
    """What two variants of one question must share: the steps in order and whether each one's checks
    held, and, per answer, its shape, how many of its values are zero when it has at most 12 (the same
    number of non-zero components; a zero in a larger table changes nothing a student does), and for
    eigenvalues and singular values which of them repeat. Two problems with one
    path are worked the same way. A topic's generator may define ``path(solution)`` instead (amortised:
    a longer table of the same steps is the same path)."""
    own = getattr(module(solution.topic), "path", None)
    if own is not None:
        return own(solution)
    from ..exact.tidy import is_zero
    from .nice import numbers

    shape = []
    for key, value in solution.answers.items():
        values = numbers(value)
        zeros = sum(1 for x in values if _plain_zero(x, is_zero))
        size = getattr(value, "shape", None) or (len(value) if isinstance(value, (tuple, list)) else ())
        repeats = None
        if key.endswith(("eigenvalues", "singular_values")):
            repeats = tuple(sorted(values.count(v) for v in set(values)))
        shape.append((key, size, zeros if len(values) <= 12 else None, repeats))
    return tuple((s.key, s.passed) for s in solution.steps), tuple(shape)


def structure(solution) -> tuple:
    """What makes two problems of one topic different to work, beyond their numbers: the eigenvectors (or
    singular vectors, score columns, configuration) up to scale, sign and order of entries, so Example 3's
    (1, −1, 0), (1, 1, −2) is one structure however its points are numbered and scaled. A topic's generator
    may define ``structure(solution)``; else its ``STRUCTURE_KEYS`` (default: the eigenvectors) are used,
    and a topic with neither vectors nor a rule has one structure per solution path."""
    gen = module(solution.topic)
    own = getattr(gen, "structure", None)
    if own is not None:
        return own(solution)
    from .nice import vectors_pattern

    keys = [k for k in getattr(gen, "STRUCTURE_KEYS", ("eigenvectors",)) if k in solution.answers]
    if not keys:
        return solution_path(solution)
    return tuple((k, vectors_pattern(solution.answers[k])) for k in keys)


def _plain_zero(x, is_zero) -> bool:
    try:
        return bool(is_zero(x))
    except TypeError:
        return False


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


MAX_TOPICS = 20  # topics in one mixed set


@dataclass(frozen=True)
class Request:
    """One topic of a mixed set, at its difficulty."""

    topic: str
    difficulty: str


def requests(spec: str, difficulty: str) -> list[Request]:
    """``kernel-pca,pca:hard,mds`` as its topics, each at its own difficulty after a colon or else at
    ``difficulty``; an unknown topic or difficulty is an error before anything is drawn."""
    out = []
    for item in spec.split(","):
        name, _, level = item.strip().partition(":")
        level = level.strip() or difficulty
        if not name:
            raise ProblemError(f"empty topic in {spec!r} (write topics separated by commas)", field="topic")
        if level not in DIFFICULTIES:
            raise ProblemError(f"unknown difficulty {level!r} for {name} (known: {', '.join(DIFFICULTIES)})",
                               field="topic")
        module(name)
        if Request(name, level) not in out:  # pca,pca: one topic, its problems all distinct
            out.append(Request(name, level))
    if len(out) > MAX_TOPICS:
        raise ProblemError(f"at most {MAX_TOPICS} topics in one set, got {len(out)}", field="topic")
    return out


def generate_mixed(wanted: list[Request], seed: int, count: int) -> list[Generated]:
    """``count`` problems in all, the topics taken in turn (kernel-pca, pca, mds, kernel-pca, …), each
    topic's problems distinct and drawn from seed, seed + 1, … as ``generate`` draws them."""
    share = [count // len(wanted) + (1 if i < count % len(wanted) else 0) for i in range(len(wanted))]
    drawn = [generate(r.topic, r.difficulty, seed, n) if n else [] for r, n in zip(wanted, share)]
    return [problems[k] for k in range(max(share)) for problems in drawn if k < len(problems)]


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
