"""Export problems as a Moodle XML question bank: one Cloze (multianswer) question per problem.

The question text is the problem statement followed by a table of sub-answers: a NUMERICAL one (with
its tolerance) for every number a part asks for, a SHORTANSWER one for every edge code. Each part's
marks are shared among its sub-answers (a Cloze sub-answer's weight is its share), so the quiz grades
by the statement's marks. The general feedback is the whole worked solution. Maths is written as
\\( … \\) and \\[ … \\] for Moodle's MathJax filter.
"""

from __future__ import annotations

import html
import math
import re
from collections import Counter
from xml.sax.saxutils import escape

import sympy as sp

from .escaping import xml_chars, xml_text
from .exact.tidy import as_expr, numeric

SIG_FIGS = 3  # a sub-answer is right within one unit of its third significant figure


def _asked(solution) -> dict:
    """The answers the question's parts ask for, in the parts' order."""
    from .rendering import with_question

    answers = solution.answers
    return {part.key: answers[part.key] for part in with_question(solution).question.parts}


def sub_answers(solution) -> list[tuple[str, str, float, bool]]:
    """(key, label, value, either sign) for every number the quiz asks of the question's parts: the
    scalars and lists of scalars among their answers, and the vectors whose sign is a choice (accepted
    either way)."""
    from . import topics
    from .checking.rules import Basis, SignedColumns
    from .checking.tables import tables

    rules = getattr(tables(topics.get(solution.topic)), "RULES", {})
    out = []
    for key, value in _asked(solution).items():
        signed = isinstance(rules.get(key), (Basis, SignedColumns))
        if isinstance(value, sp.MatrixBase) or _has_symbols(value):
            continue
        if isinstance(value, tuple) and value and isinstance(value[0], tuple):
            if not signed:
                continue
            out += [(key, f"{key}[{i}][{j}]", _float(x), True) for i, row in enumerate(value, 1)
                    for j, x in enumerate(row, 1)]
        elif isinstance(value, tuple):
            out += [(key, f"{key}[{i}]", _float(x), signed) for i, x in enumerate(value, 1)]
        else:
            out.append((key, key, _float(value), False))
    return out


def text_answers(solution) -> list[tuple[str, tuple[str, ...]]]:
    """(label, accepted spellings) for the answers written with labels (edge codes, one per edge):
    Moodle gets them as SHORTANSWER sub-answers, with or without spaces after the commas."""
    out = []
    for key, value in _asked(solution).items():
        if not (isinstance(value, tuple) and value and isinstance(value[0], tuple) and _has_symbols(value)):
            continue
        for i, row in enumerate(value, 1):
            words = [str(x) for x in row]
            out.append((f"{key}[{i}]", (",".join(words), ", ".join(words))))
    return out


def short_answer(spellings, weight: int = 1) -> str:
    """A Cloze SHORTANSWER accepting each spelling; }, #, ~, /, " and \\ are escaped as Moodle asks."""
    escaped = [re.sub(r'([}#~/"\\])', r"\\\1", s) for s in spellings]
    return "{" + str(weight) + ":SHORTANSWER:" + "~".join(f"={s}" for s in escaped) + "}"


def _has_symbols(value) -> bool:
    if isinstance(value, tuple):
        return any(_has_symbols(v) for v in value)
    return bool(as_expr(value).free_symbols)


def _float(x) -> float:
    return float(numeric(as_expr(x), 30))


def tolerance(value: float) -> float:
    if value == 0:
        return 10.0 ** -SIG_FIGS
    return 10.0 ** (math.floor(math.log10(abs(value))) - SIG_FIGS + 1)


def _number(x: float) -> str:
    return f"{x:.6g}"


def cloze(value: float, either_sign: bool, weight: int = 1) -> str:
    tol = _number(tolerance(value))
    answer = f"={_number(value)}:{tol}"
    if either_sign and value != 0:
        answer += f"~%100%{_number(-value)}:{tol}"
    return "{" + str(weight) + ":NUMERICAL:" + answer + "}"


def weights(marks: dict[str, sp.Rational], counts: dict[str, int]) -> dict[str, int]:
    """key -> the whole-number Cloze weight of each of its sub-answers, so that a part's sub-answers
    together weigh its marks. Moodle's weights are whole numbers: where a part's marks do not share out
    evenly (or are fractions), every weight is scaled by the same factor, which keeps the proportions.

    >>> weights({"a": sp.Integer(2), "b": sp.Integer(1)}, {"a": 2, "b": 1})
    {'a': 1, 'b': 1}
    >>> weights({"a": sp.Integer(1), "b": sp.Integer(1)}, {"a": 3, "b": 1})
    {'a': 1, 'b': 3}
    """
    shares = {key: sp.Rational(marks[key]) / counts[key] for key in counts if counts[key]}
    scale = math.lcm(*(int(share.q) for share in shares.values()))
    return {key: int(share * scale) for key, share in shares.items()}


_OUR_REFERENCES = re.compile(r"&amp;(#\d{1,7}|amp|lt|gt);")


def markdown_to_html(text: str) -> str:
    """Our Markdown (headings, paragraphs, lists, **bold**, $maths$) as HTML for MathJax."""
    blocks, out = re.split(r"\n\s*\n", text.strip()), []
    for block in blocks:
        # Free text in our Markdown is already escaped with character references (escaping.markdown_text):
        # keep those as they are, and escape the rest.
        block = _OUR_REFERENCES.sub(r"&\1;", html.escape(block, quote=False))
        block = re.sub(r"\$\$(.+?)\$\$", lambda m: r"\[" + m.group(1).strip() + r"\]", block, flags=re.S)
        block = re.sub(r"\$(.+?)\$", lambda m: r"\(" + m.group(1) + r"\)", block, flags=re.S)
        block = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", block)
        heading = re.match(r"(#+) (.*)", block)
        if heading:
            level = min(len(heading.group(1)) + 2, 6)
            out.append(f"<h{level}>{heading.group(2)}</h{level}>")
        elif block.startswith("- "):
            items = "".join(f"<li>{item.strip()}</li>" for item in re.split(r"^- ", block, flags=re.M) if item.strip())
            out.append(f"<ul>{items}</ul>")
        else:
            out.append(f"<p>{block}</p>")
    return "\n".join(out)


def question_xml(solution, name: str | None = None) -> str:
    """One Cloze question; ``name`` is its name in the question bank (default: the problem's title)."""
    from .rendering import environment, problem_template, render, with_question

    solution = with_question(solution)
    # The statement without its marks: Moodle shows the question's own grade, from the sub-answers.
    statement = environment("md").get_template(problem_template(solution)).render(solution=solution,
                                                                                  show_marks=False)
    parts = {part.key: part.label for part in solution.question.parts}

    def cell(key: str, label: str) -> str:
        return f"<td>({parts[key]}) <code>{escape(label)}</code></td>"

    numbers, texts = sub_answers(solution), text_answers(solution)
    text_keys = [label.partition("[")[0] for label, _ in texts]
    counts = Counter([n[0] for n in numbers] + text_keys)
    weight = weights({part.key: part.marks for part in solution.question.parts}, counts)
    rows = "".join(f"<tr>{cell(key, label)}<td>{cloze(value, signed, weight[key])}</td></tr>"
                   for key, label, value, signed in numbers)
    rows += "".join(f"<tr>{cell(key, label)}<td>{short_answer(spellings, weight[key])}</td></tr>"
                    for key, (label, spellings) in zip(text_keys, texts))
    note = ("<p>Give decimals to at least 3 significant figures. Where the sign of a vector is a "
            "choice (an eigenvector and what follows from it), either sign is accepted.</p>")
    if texts:
        note += "<p>Type each edge code as its five entries separated by commas, such as 0,1,X,a,Y.</p>"
    text = markdown_to_html(statement) + note + f"<table>{rows}</table>"
    # Without figures: Moodle's HTML cleaning removes inline SVG, and a quiz has no files beside it.
    feedback = markdown_to_html(render(solution, "md", figures=False))
    return (f'  <question type="cloze">\n'
            f"    <name><text>{xml_text(name or solution.title)}</text></name>\n"
            f'    <questiontext format="html"><text><![CDATA[{_cdata(text)}]]></text></questiontext>\n'
            f'    <generalfeedback format="html"><text><![CDATA[{_cdata(feedback)}]]></text></generalfeedback>\n'
            f"    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n  </question>\n")


def _cdata(text: str) -> str:
    return xml_chars(text).replace("]]>", "]]]]><![CDATA[>")


def _category(category: str) -> str:
    return (f'  <question type="category">\n    <category><text>$course$/{xml_text(category)}</text></category>\n'
            "  </question>\n")


def quiz_xml(solutions, category: str = "tutor") -> str:
    from .question import distinct_titles

    solutions = list(solutions)
    names = distinct_titles(s.title for s in solutions)  # a question bank lists questions by name
    return categorised_quiz_xml([(category, solutions, names)])


def categorised_quiz_xml(groups) -> str:
    """A question bank of several categories: ``groups`` holds (category, solutions, names), a category
    being a path below the course such as "Mid-term/Question 1". An exam puts the variants of each of
    its questions in a category of their own, so that a quiz's random question draws one per student."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n']
    for category, solutions, names in groups:
        out.append(_category(category))
        out += [question_xml(s, name) for s, name in zip(solutions, names)]
    return "".join(out) + "</quiz>\n"
