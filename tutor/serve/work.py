"""What the practice server's worker processes do: draw, render and check one generated problem.

This runs in worker processes (tutor/serve/pool.py), never in the web server's event loop: a draw
takes up to half a second and a check is bounded only by its time limit. Arguments and results are
plain data (strings, numbers, frozen records), cheap to send between processes. Each worker keeps the
last problems it drew, so the page, its previews and its checks draw a problem once.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from functools import lru_cache

from ..errors import SolveTimeout, TutorError

MAX_FIELD = 2000  # characters in one answer field: an 8×8 matrix of fractions is about 700
NEXT_SEEDS = 20  # seeds tried after one whose draws are never nice enough
LIMIT_SECONDS = 10.0  # the time limit of one job in its worker: reading and checking answers, drawing
MAX_MESSAGE = 300  # characters of a verdict's message (a parser's message may quote a long name)
# A verdict in words, as the practice page and PrairieLearn's feedback say it (colour only repeats it).
LABELS = {"correct": "Correct", "decimal": "Correct (decimals)", "follow-through": "Follows from your earlier answer",
          "imprecise": "Not precise enough", "mistake": "A known mistake", "wrong": "Not right",
          "unreadable": "Could not read it", "missing": "Not answered"}


@dataclass(frozen=True)
class PartView:
    key: str
    label: str  # "a"
    text: str  # HTML (its maths as \( \) spans)
    marks: str  # "2 marks"


@dataclass(frozen=True)
class ProblemView:
    topic: str
    difficulty: str
    seed: int  # the seed actually drawn (the next one that has a problem)
    title: str
    statement: str  # HTML: the problem without its parts
    parts: tuple[PartView, ...]
    total: str  # "6 marks"
    steps: tuple[str, ...]  # HTML of each step of the brief worked solution, numbered as in the whole
    watch_out: str  # HTML: the topic's commonest mistake in one line (may be empty)
    closing: str  # HTML: the closing sentences and the boxed final answers


@dataclass(frozen=True)
class Verdict:
    key: str
    verdict: str  # the checker's: correct, decimal, follow-through, imprecise, mistake, wrong, missing, unreadable
    label: str  # the verdict in words (LABELS)
    message: str
    mistake: str | None
    credit: str  # exact rationals as text
    weight: str
    read_as: str | None  # LaTeX of the answer as read


@dataclass(frozen=True)
class Checked:
    verdicts: tuple[Verdict, ...]  # the parts asked, in order
    score: str
    max_score: str


@dataclass(frozen=True)
class Preview:
    tex: str | None  # how the answer was read, as LaTeX
    error: str | None  # why it could not be read


class NoProblem(TutorError):
    """No seed near the one asked for has a problem nice enough (rare: most seeds have one)."""


class TooSlow(TutorError):
    """A job ran over LIMIT_SECONDS in its worker and was stopped."""


def limited(fn):
    """Run a job under LIMIT_SECONDS of wall time (a SIGALRM in the worker's main thread): reading
    an answer, checking it or drawing a problem, so that no answer can keep a worker busy."""

    @functools.wraps(fn)
    def job(*args):
        from ..deadline import deadline

        try:
            with deadline(LIMIT_SECONDS, "the job"):
                return fn(*args)
        except SolveTimeout:
            raise TooSlow(f"this took longer than {LIMIT_SECONDS:g} s and was stopped") from None

    return job


@dataclass(frozen=True)
class _Drawn:
    loaded: object
    solution: object


@lru_cache(maxsize=32)
def _drawn(topic: str, difficulty: str, seed: int) -> tuple[int, _Drawn]:
    from .. import generators
    from ..rendering import with_question

    for s in range(seed, seed + NEXT_SEEDS):
        drawn = generators.draw_solved(topic, difficulty, s)
        if drawn is not None:
            _, loaded, solution = drawn
            return s, _Drawn(loaded, with_question(solution))
    raise NoProblem(f"no {difficulty} problem in seeds {seed} to {seed + NEXT_SEEDS - 1}", field=topic)


@lru_cache(maxsize=32)
def _checker(topic: str, difficulty: str, seed: int):
    from ..checking.grade import Checker

    _, drawn = _drawn(topic, difficulty, seed)
    return Checker(drawn.loaded, solution=drawn.solution)


@limited
def view(topic: str, difficulty: str, seed: int) -> ProblemView:
    """The problem of a seed (or of the next seed that has one), rendered in pieces for the page."""
    return _view(topic, difficulty, _drawn(topic, difficulty, seed)[0])


@lru_cache(maxsize=32)
def _view(topic: str, difficulty: str, seed: int) -> ProblemView:
    return problem_view(_drawn(topic, difficulty, seed)[1].solution, topic, difficulty, seed)


def problem_view(solution, topic: str, difficulty: str, seed: int) -> ProblemView:
    """A solved problem (its question attached) rendered in the page's pieces; the PrairieLearn export
    (tutor/prairielearn.py) shows its questions with the same pieces."""
    from ..figures.output import drawing
    from ..layout import name_roots, name_wide_values, naming_values
    from ..rendering import environment, problem_template, step_template

    env = environment("html")

    def piece(name: str, **values) -> str:
        context = dict(solution=solution, problem_template=problem_template(solution),
                       step_template=step_template, detail="brief") | values
        with naming_values(), drawing(True, inline=True):
            text = name_wide_values(env.get_template(f"frames/html/serve/pieces/{name}.j2").render(**context), "html")
        return name_roots(text, "html")

    parts = tuple(PartView(p.key, p.label, piece("part", part=p), p.marks_text) for p in solution.question.parts)
    steps = tuple(piece("step", solution=dataclasses.replace(solution, steps=(step,)), step_offset=i)
                  for i, step in enumerate(solution.steps))
    return ProblemView(topic, difficulty, seed, solution.title, piece("statement"), parts,
                       solution.question.total_text, steps, piece("watch_out").strip(), piece("closing"))


@limited
@lru_cache(maxsize=8)
def full_solution(topic: str, difficulty: str, seed: int) -> str:
    """The whole worked solution at full detail, as a self-contained HTML page."""
    from ..rendering import render

    return render(_drawn(topic, difficulty, seed)[1].solution, "html", "full")


def read_field(text: str, variables: dict | None = None):
    """A field's text as an answer (Given or Unreadable): a value, `sqrt(2)/2`, `eta^2 - 3 eta`, or
    values in brackets, `[1/3, 2/3]`, `[[1, 0], [0, 1]]`, as in an answers file. Read by split_brackets,
    not as YAML: in a one-line field, YAML's `- 3` (a list), `yes` and `#` would surprise."""
    from ..checking.answers import Unreadable, read_answer
    from ..errors import ParseError

    text = text.strip()
    if len(text) > MAX_FIELD:
        return Unreadable(f"longer than {MAX_FIELD} characters")
    try:
        raw = split_brackets(text)
    except ParseError as err:
        return Unreadable(err.message)
    return read_answer(raw, variables)


def read_key(checker, key: str, text: str):
    """A field's text as the answer to ``key``: by read_field, or by the key's own reader when its answer
    is no number (a derivation's matrix expression: Checker.reader)."""
    from ..checking.answers import Unreadable

    reader = checker.reader(key)
    if reader is None:
        return read_field(text, checker.rules[key].variables(checker.problem))
    text = text.strip()
    return Unreadable(f"longer than {MAX_FIELD} characters") if len(text) > MAX_FIELD else reader(text)


def split_brackets(text: str):
    """`[a, [b, c]]` as nested lists of the entries' texts (each read later by the whitelist parser);
    text without an outer bracket is one entry. Commas inside parentheses belong to their entry.

    >>> split_brackets("[1/3, [sqrt(2), max(1, 2)]]")
    ['1/3', ['sqrt(2)', 'max(1, 2)']]
    """
    if not text.startswith("["):
        return text
    value, i = _list(text, 0, 1)
    if text[i:].strip():
        raise _at(i + len(text[i:]) - len(text[i:].lstrip()), "text after the closing bracket")
    return value


def _at(i: int, what: str):
    from ..errors import ParseError

    return ParseError(f"column {i + 1}: {what}")


def _list(text: str, i: int, depth: int) -> tuple[list, int]:
    """The list opening at text[i] == "[", and where it ends."""
    from ..checking.answers import MAX_NESTING

    if depth > MAX_NESTING:
        raise _at(i, f"lists nested too deeply (at most {MAX_NESTING})")
    items: list = []
    i += 1
    while True:
        i = _skip(text, i)
        if i < len(text) and text[i] == "]" and not items:
            raise _at(i, "an empty list")
        if i < len(text) and text[i] == "[":
            item, i = _list(text, i, depth + 1)
        else:
            start, parens = i, 0
            while i < len(text) and (parens or text[i] not in ",]"):
                if text[i] == "[":
                    raise _at(i, "a bracket inside an entry (a comma missing?)")
                parens = max(parens + {"(": 1, ")": -1}.get(text[i], 0), 0)
                i += 1
            item = text[start:i].strip()
            if not item:
                raise _at(i, "an empty entry")
        items.append(item)
        i = _skip(text, i)
        if i >= len(text):
            raise _at(i, "a closing bracket ']' is missing")
        if text[i] == "]":
            return items, i + 1
        if text[i] != ",":
            raise _at(i, "expected ',' or ']'")
        i += 1


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def preview(topic: str, difficulty: str, seed: int, key: str, text: str) -> Preview:
    """How one field's text is read, before it is checked."""
    try:
        return _preview(topic, difficulty, seed, key, text)
    except TooSlow:
        return Preview(None, f"too slow to read (over {LIMIT_SECONDS:g} s): write it more simply")


@limited
def _preview(topic: str, difficulty: str, seed: int, key: str, text: str) -> Preview:
    from ..checking.answers import Unreadable
    from ..escaping import shorten
    from ..rendering import answer_tex

    checker = _checker(topic, difficulty, seed)
    if key not in checker.rules:
        return Preview(None, "this problem has no such answer")
    entry = read_key(checker, key, text)
    if isinstance(entry, Unreadable):
        return Preview(None, shorten(entry.reason, MAX_MESSAGE))
    return Preview(answer_tex(entry.value, entry.typed), None)


@limited
def check(topic: str, difficulty: str, seed: int, fields: dict[str, str]) -> Checked:
    """Check the fields typed for the parts of a problem (empty fields are not answered)."""
    from ..checking.answers import Submission
    from ..escaping import shorten
    from ..rendering import answer_tex

    checker = _checker(topic, difficulty, seed)
    asked = checker.solution.question.keys
    entries = {}
    for key in asked:
        text = fields.get(key, "").strip()
        if text:
            entries[key] = read_key(checker, key, text)
    report = checker.check(Submission("the form", entries))
    verdicts = []
    for key in asked:
        r = report.result(key)
        read_as = answer_tex(r.given, r.typed) if r.given is not None else None
        verdicts.append(Verdict(key, r.verdict, LABELS.get(r.verdict, r.verdict), said(r), r.mistake, str(r.credit),
                                str(r.weight), read_as))
    score = sum((report.result(k).credit for k in asked), 0)
    total = sum((report.result(k).weight for k in asked), 0)
    return Checked(tuple(verdicts), str(score), str(total))


def said(result) -> str:
    """A checked answer's message as the page says it, after its label (which says "could not read it"
    already): one short sentence, or nothing for an answer not given."""
    from ..escaping import shorten

    if result.verdict == "missing":
        return ""
    return sentence(shorten(result.message.removeprefix("could not read it: "), MAX_MESSAGE))


def sentence(message: str) -> str:
    """A checker's message as a sentence of the page: capital first letter, one full stop.

    >>> sentence("all 3 values right.")
    'All 3 values right.'
    """
    message = message.strip().rstrip(".")
    return message[:1].upper() + message[1:] + "." if message else ""


def warm() -> bool:
    """Import what the first request needs, so that it does not pay for it."""
    from .. import generators, rendering  # noqa: F401
    from ..checking import grade  # noqa: F401

    return True
