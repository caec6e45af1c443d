"""Export problems as PrairieLearn questions, and grade them there with tutor's checker.

`tutor export prairielearn FILES|BLUEPRINT -o DIR` writes one question directory per problem file, or per
question of an exam blueprint, for a course's questions/ folder:

    DIR/<qid>/info.json       uuid (uuid5 of the QID in the course and the source file's name: the same
                              question keeps it when edited), title, topic, tags, type v3; a blueprint
                              question is not a single variant
    DIR/<qid>/question.html   the statement as the practice server shows it, one pl-string-input per part
                              (its wording and marks), the feedback and the worked solution
    DIR/<qid>/server.py       three lines each of generate, parse and grade: they call this module
    DIR/<qid>/tutor.json      what the question is: a fixed problem and its right answers, or a
                              blueprint question's topic, difficulty and parts
    DIR/<qid>/problem.yaml    the problem file (a fixed problem only)

PrairieLearn runs server.py in its own Python, so tutor must be installed there (docs/guide/prairielearn.md),
and each phase in a fresh process: nothing is cached from one phase to the next, so each does only its
own work. At run time, generate() puts the variant's problem file into data["params"], so grading a variant does not
depend on the generator drawing the same problem again (a newer tutor may not); parse() reads each answer
with the whitelist reader (an unreadable one is a format error, which PrairieLearn shows without using an
attempt); grade() checks all parts together, so follow-through and named mistakes work as in `tutor check`.

Every answer is a pl-string-input, never a pl-number-input: that element refuses `sqrt(2)/2` before
server.py sees it and grades a float, while tutor reads exact values and decimals alike.
"""

from __future__ import annotations

import dataclasses
import json
import re
import uuid
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .errors import TutorError

FORMAT = 1  # of tutor.json
NAMESPACE = uuid.UUID("6f1d3a52-54b1-5c1e-9a57-7475746f7221")  # tutor's own: uuid5 names live under it
# Seconds for one generate, parse, grade or test: under PrairieLearn's own default limit of a question's
# code (10 s), so that a student reads tutor's one line rather than PrairieLearn's timeout.
TIME_LIMIT = 8.0
NEXT_SEEDS = 20  # tutor seeds tried for one PrairieLearn variant (most seeds have a problem)
DIGITS = 15  # significant figures of a correct answer too long to write exactly
MAX_MESSAGE = 300  # characters of one part's feedback or format error


@dataclass(frozen=True)
class PartInput:
    """One part of a question as question.html asks it."""

    key: str  # the answers-name
    label: str  # "a"
    text: str  # HTML (maths as \\( \\) spans)
    marks: int | str  # a whole number for PrairieLearn's weight ("1/2" would be kept as text)
    marks_text: str  # "2 marks"


@dataclass(frozen=True)
class QuestionDir:
    """One question directory, in memory: written only once every question of an export is made."""

    name: str  # the directory's name: PrairieLearn's QID under the output folder
    files: tuple[tuple[str, str], ...]  # (file name, text), all but info.json
    info: dict  # info.json but its uuid, which write() adds from the QID in the course
    source: str  # what the question is made from: "problem kernel-pca/example3", "blueprint midterm.yaml 2"
    prefix: str  # name = slug(prefix-stem): the topic and the file's stem, or the exam's title and qN
    stem: str
    folders: tuple[str, ...] = ()  # the source file's folders, innermost first: to tell two q1.yaml apart


# --- export --------------------------------------------------------------------------------------------


def is_blueprint(path: str) -> bool:
    """Whether a file is an exam blueprint (questions, no topic) rather than a problem file."""
    from .problem import parse_yaml, read_text

    text, source = read_text(path)
    raw = parse_yaml(text, source, what="must be a YAML mapping: a problem file (topic: …) or a blueprint "
                                        "(title, questions)")
    return "questions" in raw and "topic" not in raw


def export(paths, timeout: float | None = None) -> list[QuestionDir]:
    """The question directories of problem files and blueprints; any bad file raises before anything is
    written (as `tutor export moodle` does)."""
    out: list[QuestionDir] = []
    for path in paths:
        out += blueprint_questions(path, timeout) if is_blueprint(path) else [problem_question(path, timeout)]
    return distinct_names(out)


def distinct_names(questions: list[QuestionDir]) -> list[QuestionDir]:
    """Two files called q1.yaml in resit/st01 and resit/st02: kernel-pca-st01-q1 and kernel-pca-st02-q1, named
    by their folders whatever the order of the arguments; a number only where the folders do not tell."""
    out = list(questions)
    for depth in range(1, 4):
        clash = {q.name for q in out if sum(r.name == q.name for r in out) > 1}
        if not clash:
            return out
        out = [dataclasses.replace(q, name=slug("-".join((q.prefix, *reversed(q.folders[:depth]), q.stem))))
               if q.name in clash else q for q in out]
    taken: dict[str, int] = {}
    numbered = []
    for q in out:
        taken[q.name] = taken.get(q.name, 0) + 1
        numbered.append(q if taken[q.name] == 1 else dataclasses.replace(q, name=f"{q.name}-{taken[q.name]}"))
    return numbered


def _folders(source: str) -> tuple[str, ...]:
    """The folders of a source file, innermost first (none for a bundled problem's name)."""
    return tuple(reversed(Path(source).parent.parts[-3:])) if source not in ("-", "<stdin>") else ()


def problem_question(path: str, timeout: float | None = None) -> QuestionDir:
    """A fixed problem: its file in the directory, one variant."""
    from . import solve
    from .deadline import deadline
    from .problem import load_problem_text, read_text

    text, source = read_text(path)
    loaded = load_problem_text(text, source)
    solution = solve(loaded, timeout=timeout)
    with deadline(timeout, "rendering the question"):
        view = _view(solution)
    info = _info(solution.title, solution.topic, ["tutor", solution.topic], True)
    keys = list(solution.question.keys)
    # The right answers are written now: generate() then reads them and solves nothing.
    spec = {"format": FORMAT, "kind": "problem", "problem": "problem.yaml", "keys": keys,
            "correct_answers": {key: answer_text(solution.answers[key]) for key in keys}}
    html = question_html(_parts(view, solution), mustache_safe(view.statement), _solution_html(view), _syntax(solution))
    stem = Path(source).stem
    return QuestionDir(slug(f"{solution.topic}-{stem}"), _files(html, spec, {"problem.yaml": text}), info,
                       f"problem {Path(source).name}", solution.topic, stem, _folders(source))


def blueprint_questions(path: str, timeout: float | None = None) -> list[QuestionDir]:
    """A question per question of a blueprint: each PrairieLearn variant draws its own problem. The parts
    asked are fixed here (the blueprint's, else those of the question's first draw), so that
    question.html names the same answers for every variant."""
    from .deadline import deadline
    from .exam import read_blueprint

    plan = read_blueprint(path)
    title = slug(plan.title)
    out = []
    for number, spec in enumerate(plan.questions, start=1):
        try:
            with deadline(timeout, "drawing the question"):
                drawn = _draw(spec.topic, spec.difficulty, _spec_fields(spec), plan.seed or 0, number)
                if drawn is None:
                    raise TutorError(f"no {spec.difficulty} problem of this topic could be drawn in {NEXT_SEEDS} "
                                     "seeds", field=f"questions[{number}]")
                view = _view(drawn[1])
        except TutorError as err:
            raise err.located(file=plan.source) from None
        fields = _spec_fields(spec)
        fields["parts"] = [p.key if not p.own else {"key": p.key, "text": p.text} for p in drawn[1].question.parts]
        fields["marks"] = {p.key: int(p.marks) for p in drawn[1].question.parts}
        question_spec = {"format": FORMAT, "kind": "blueprint", "number": number, "topic": spec.topic,
                         "difficulty": spec.difficulty, "fields": fields, "keys": list(drawn[1].question.keys)}
        info = _info(drawn[1].title, spec.topic, ["tutor", spec.topic, spec.difficulty], False)
        html = question_html(_parts(view, drawn[1]), "{{{params.statement}}}", "{{{params.solution}}}",
                             _syntax(drawn[1], counts=False))
        out.append(QuestionDir(f"{title}-q{number}", _files(html, question_spec, {}), info,
                               f"blueprint {Path(plan.source).name} {number}", title, f"q{number}",
                               _folders(plan.source)))
    return out


def _spec_fields(spec) -> dict:
    fields = spec.fields()
    if spec.title is not None:
        fields["title"] = spec.title
    return fields


def _files(html: str, spec: dict, extra: dict) -> tuple[tuple[str, str], ...]:
    return (("question.html", html), ("server.py", server_py()),
            ("tutor.json", json.dumps(spec, indent=2, ensure_ascii=False) + "\n"), *extra.items())


def _info(title: str, topic: str, tags: list[str], single: bool) -> dict:
    return {"title": title, "topic": topic, "tags": tags, "type": "v3", "singleVariant": single}


def info_json(q: QuestionDir, qid: str) -> str:
    info = {"uuid": uuid5(qid, q.source), **q.info}
    return json.dumps(info, indent=2, ensure_ascii=False) + "\n"


def uuid5(qid: str, source: str) -> str:
    """A question's uuid from its QID (its path under the course's questions/) and its source (the file's
    name, and a blueprint's question number), not from the file's text: exporting again, after a typo is
    fixed, updates the course's question, keeping its statistics and the students' work on it; two
    questions of one course never share one, as their QIDs differ."""
    return str(uuid.uuid5(NAMESPACE, f"{qid}\n{source}"))


def course_qid(out_dir: str, name: str) -> str:
    """The QID of a question written into out_dir: its path under the nearest questions/ folder above
    (course/questions/tutor -> tutor/NAME), or NAME when out_dir is in no questions/ folder."""
    parts = Path(out_dir).resolve().parts
    below = parts[len(parts) - parts[::-1].index("questions"):] if "questions" in parts else ()
    return "/".join((*below, name))


def slug(text: str) -> str:
    """A directory name PrairieLearn takes as a QID: letters, digits, '-' and '_'."""
    words = re.sub(r"[^A-Za-z0-9_]+", "-", text).strip("-").lower()
    return words[:60].strip("-") or "question"


def _view(solution):
    from .serve.work import problem_view

    return problem_view(solution, solution.topic, "", 0)


def _parts(view, solution) -> list[PartInput]:
    out = []
    for part, asked in zip(view.parts, solution.question.parts):
        marks = int(asked.marks) if asked.marks == int(asked.marks) else str(asked.marks)
        out.append(PartInput(part.key, part.label, mustache_safe(part.text), marks, part.marks))
    return out


def _syntax(solution, counts: bool = True) -> dict[str, str]:
    """key -> the input's placeholder: the shape of its answer in the answers-file syntax; without counts
    for a blueprint question, whose variants' answers may have other lengths."""
    from .checking.rules import nested
    from .exact.tidy import as_expr

    def shape(value) -> str:
        value = nested(value)
        if isinstance(value, tuple) and value and isinstance(value[0], tuple):
            return f"{len(value)} rows of {len(value[0])}: [[a, b], [c, d]]" if counts else "rows: [[a, b], [c, d]]"
        if isinstance(value, tuple):
            return f"{len(value)} value{'s' if len(value) > 1 else ''}: [a, b]" if counts else "values: [a, b]"
        if as_expr(value).free_symbols:
            return "an expression: eta^2 - 3 eta + 2"
        return "a number: 3/2, sqrt(2)/2 or 0.7071"

    return {p.key: shape(solution.answers[p.key]) for p in solution.question.parts}


def mustache_safe(html: str) -> str:
    """HTML that PrairieLearn's Mustache pass leaves alone: `{{` and `}}` (in maths, `x_{{1}}`) become
    `{ {` and `} }`, the same in TeX's maths mode, where spaces are ignored."""
    while "{{" in html or "}}" in html:
        html = html.replace("{{", "{ {").replace("}}", "} }")
    return html


def question_html(parts: list[PartInput], statement: str, solution: str, shapes: dict[str, str]) -> str:
    from .rendering import environment

    return environment("html").get_template("frames/html/prairielearn/question.html.j2").render(
        parts=parts, statement=statement, solution=solution, shapes=shapes)


def server_py() -> str:
    from . import __version__
    from .rendering import environment

    return environment("html").get_template("frames/html/prairielearn/server.py.j2").render(version=__version__)


def _solution_html(view) -> str:
    return mustache_safe("\n".join((*view.steps, view.closing)))


def write(questions: list[QuestionDir], out_dir: str) -> list[str]:
    """Write the question directories into out_dir (made if needed); returns the directories written."""
    root = Path(out_dir)
    written = []
    for q in questions:
        folder = root / q.name
        for name, text in (("info.json", info_json(q, course_qid(out_dir, q.name))), *q.files):
            path = folder / name
            try:
                folder.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
            except OSError as error:
                raise TutorError(f"cannot write: {error.strerror or error}", file=str(path)) from None
        written.append(str(folder))
    return written


def question_files(questions: list[QuestionDir], out_dir: str) -> dict[str, str]:
    """Every file of the question directories by its path under out_dir, as write() writes them (for the
    CLI, which replaces an earlier export's files by its manifest: tutor.outputs)."""
    return {f"{q.name}/{name}": text for q in questions
            for name, text in (("info.json", info_json(q, course_qid(out_dir, q.name))), *q.files)}


# --- at PrairieLearn's run time: called by the generated server.py --------------------------------------


def question_spec(folder) -> dict:
    """The directory's tutor.json: written by the export, in the course's repository, so Python's own json
    reads it (tutor.problem's guarded reader, meant for files from anyone, would import the topics)."""
    path = Path(folder) / "tutor.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise TutorError(f"cannot read the question's tutor.json: {err}", file=str(path)) from None


def generate(data: dict, folder) -> None:
    """The variant: its problem file (fixed, or drawn from data["variant_seed"]) and rendered statement in
    data["params"], the answers in the answers-file syntax in data["correct_answers"]."""
    spec = question_spec(folder)
    if spec["kind"] == "problem" and "correct_answers" in spec:  # answered at export: nothing to solve
        data["params"]["tutor_problem"] = (Path(folder) / spec["problem"]).read_text(encoding="utf-8")
        data["correct_answers"].update(spec["correct_answers"])
        return
    with _limit("drawing the question"):
        if spec["kind"] == "problem":  # exported before tutor.json held the answers
            text = (Path(folder) / spec["problem"]).read_text(encoding="utf-8")
            solution = _checker(text).solution
        else:
            text, solution = _variant(spec, int(data.get("variant_seed") or 0))
            view = _view(solution)
            data["params"]["statement"] = mustache_safe(view.statement)
            data["params"]["solution"] = _solution_html(view)
    data["params"]["tutor_problem"] = text
    for key in spec["keys"]:
        data["correct_answers"][key] = answer_text(solution.answers[key])


def answer_text(value) -> str:
    """An exact answer as a student types it: `sqrt(2)/2`, `[1/3, 2/3]`, `[[1, 0], [0, 1]]`."""
    import sympy as sp

    from .checking.rules import nested
    from .errors import ParseError
    from .exact.parser import parse_real
    from .exact.tidy import as_expr
    from .rendering import answer_text as text

    value = nested(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(answer_text(v) for v in value) + "]"
    exact = text(value)
    if as_expr(value).free_symbols:
        return exact
    try:
        parse_real(exact)
        return exact
    except ParseError:  # too long for the reader (a rational of 90 digits): the decimals a student would type
        return str(sp.Float(sp.N(as_expr(value), DIGITS + 5), DIGITS))


def parse(data: dict, folder) -> None:
    """Read every submitted answer; one that cannot be read gets a one-line reason in data["format_errors"].
    Never raises: whatever goes wrong is a format error, which PrairieLearn shows without using an attempt."""
    from .checking.answers import Unreadable

    spec = question_spec(folder)
    try:
        with _limit("reading the answers"):
            checker = _reading(data["params"]["tutor_problem"], tuple(spec["keys"]))
            for key in spec["keys"]:
                text = _submitted(data, key)
                if not text:
                    continue  # not answered: graded as missing, the other parts still are
                entry = _read(checker, key, text)
                if isinstance(entry, Unreadable):
                    data["format_errors"][key] = _short(entry.reason)
    except Exception as err:  # noqa: BLE001 - a format error, never a crash of the student's page
        data["format_errors"][spec["keys"][0]] = _short(f"could not read the answers: {_why(err)}")


def grade(data: dict, folder) -> None:
    """Check all parts together (follow-through and named mistakes as in `tutor check`): each part's score
    and feedback in data["partial_scores"] and data["feedback"], the question's in data["score"]."""
    from .checking.answers import Submission

    spec = question_spec(folder)
    keys = spec["keys"]
    try:
        with _limit("checking the answers"):
            checker = _checker(data["params"]["tutor_problem"])
            entries = {key: _read(checker, key, text) for key in keys if (text := _submitted(data, key))}
            report = checker.check(Submission("PrairieLearn", entries))
    except Exception as err:  # noqa: BLE001 - the submission is not graded, and says why
        data["format_errors"][keys[0]] = _short(f"could not be checked: {_why(err)}")
        return
    score = total = 0
    for key in keys:
        r = report.result(key)
        feedback = verdict_text(r)
        marks = int(r.weight) if r.weight == int(r.weight) else float(r.weight)
        data["partial_scores"][key] = {"score": float(r.credit / r.weight) if r.weight else 0.0, "weight": marks,
                                       "feedback": feedback}
        data["feedback"][key] = feedback
        score, total = score + r.credit, total + r.weight
    data["score"] = float(score / total) if total else 0.0


def trial(data: dict, folder) -> None:
    """PrairieLearn's question tester: a submission of data["test_type"] ("correct", "incorrect" or
    "invalid") and what grading it gives, computed by parse and grade themselves, so that the two agree."""
    keys = question_spec(folder)["keys"]
    right = data["correct_answers"]
    kind = data.get("test_type", "correct")
    if kind == "correct":
        answers = {k: right[k] for k in keys}
    elif kind == "incorrect":  # a rule may say what a wrong answer of its kind is (a derivation's reason)
        checker = _checker(data["params"]["tutor_problem"])
        rules = checker.rules
        answers = {k: rules[k].wrong_text(checker.problem, right[k]) if hasattr(rules[k], "wrong_text")
                   else wrong_answer(right[k]) for k in keys}
    else:  # invalid: an unclosed bracket, which the reader refuses
        answers = {k: "[" + right[k] for k in keys}
    attempt = {"params": data["params"], "correct_answers": right, "raw_submitted_answers": dict(answers),
               "submitted_answers": dict(answers), "format_errors": {}, "partial_scores": {}, "feedback": {},
               "score": 0.0}
    parse(attempt, folder)
    data["raw_submitted_answers"] = answers
    data["format_errors"] = attempt["format_errors"]
    if not attempt["format_errors"]:
        grade(attempt, folder)
        data["partial_scores"] = attempt["partial_scores"]
        data["score"] = attempt["score"]


def wrong_answer(text: str) -> str:
    """A readable answer that is not the right one: its first number plus one.

    >>> wrong_answer("[[1, 0], [0, 1]]")
    '[[(1) + 1, 0], [0, 1]]'
    >>> wrong_answer("eta^2 - 3 eta")
    '(eta^2 - 3 eta) + 1'
    """
    from .serve.work import split_brackets

    def bumped(value, first=True):
        if isinstance(value, list):
            return "[" + ", ".join(bumped(v, first and i == 0) for i, v in enumerate(value)) + "]"
        return f"({value}) + 1" if first else value

    return bumped(split_brackets(text))


def verdict_text(result) -> str:
    """A part's verdict as one line: 'A known mistake. These are the row sums: … (0 of 2 marks)'."""
    from .serve.work import LABELS, said

    message = said(result)
    marks = f"({result.credit} of {result.weight} mark{'' if result.weight == 1 else 's'})"
    return f"{LABELS.get(result.verdict, result.verdict)}.{' ' + message if message else ''} {marks}"


def _submitted(data: dict, key: str) -> str:
    """The answer as typed: the raw text (an element may have changed submitted_answers)."""
    for where in ("raw_submitted_answers", "submitted_answers"):
        value = (data.get(where) or {}).get(key)
        if value is not None:
            return str(value).strip()
    return ""


def _read(checker, key: str, text: str):
    from .serve.work import read_key

    with _limit("reading the answer"):
        return read_key(checker, key, text)


def _limit(what: str):
    from .deadline import deadline

    return deadline(TIME_LIMIT, what)


def _short(text: str) -> str:
    from .escaping import printable, shorten

    return shorten(printable(text), MAX_MESSAGE)


def _why(err: Exception) -> str:
    return str(err) if isinstance(err, TutorError) else f"an internal error ({type(err).__name__})"


class _Reading:
    """What reading an answer needs of a Checker (serve.work.read_key: its problem, rules and readers),
    without solving the problem: parse() runs in a fresh process, and a solve there would double its time."""

    def __init__(self, loaded, keys: tuple[str, ...]):
        from .checking.rules import default_rule
        from .checking.tables import tables

        rules = getattr(tables(loaded.topic), "RULES", {})
        self.problem = loaded.problem
        self.rules = {key: rules.get(key) or default_rule(None) for key in keys}  # as Checker.rules

    def reader(self, key: str):
        rule = self.rules[key]  # as Checker.reader
        return (lambda raw: rule.read(raw, self.problem)) if hasattr(rule, "read") else None


def _reading(text: str, keys: tuple[str, ...]) -> _Reading:
    from .problem import load_problem_text

    return _Reading(load_problem_text(text, "problem.yaml"), keys)


@lru_cache(maxsize=16)
def _checker(text: str):
    """The checker of a problem file's text. PrairieLearn forks a fresh process per phase, so the cache serves
    only a process that grades several submissions (the tests, the question tester's trial)."""
    from .checking.grade import Checker
    from .problem import load_problem_text
    from . import solve

    loaded = load_problem_text(text, "problem.yaml")
    return Checker(loaded, solution=solve(loaded))


def _variant(spec: dict, variant_seed: int):
    drawn = _draw(spec["topic"], spec["difficulty"], spec["fields"], variant_seed, spec["number"])
    if drawn is None:
        raise TutorError(f"no {spec['difficulty']} problem drawn from {NEXT_SEEDS} seeds", field=spec["topic"])
    return drawn


def _draw(topic: str, difficulty: str, fields: dict, seed: int, number: int):
    """(problem file text, solution with its question) of the first seed, of those derived from ``seed``
    as `tutor exam` derives a question's, whose problem answers every part asked; None if none does."""
    from . import generators
    from .exam.draw import candidate_seed
    from .problem import load_problem_text
    from .question import build

    for index in range(NEXT_SEEDS):
        drawn = generators.draw_solved(topic, difficulty, candidate_seed(seed, number, index))
        if drawn is None:
            continue
        generated, _, solution = drawn
        data = {**generated.data, **fields}
        text = dataclasses.replace(generated, data=data).text()
        try:
            loaded = load_problem_text(text, generated.filename)
            solution = dataclasses.replace(solution, title=loaded.problem.title,
                                           question=build(solution, loaded.exam, loaded.check.weights))
        except TutorError:
            continue  # this draw has no answer to a part asked: the next seed
        return text, solution
    return None
