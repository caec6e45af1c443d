"""Export problems as a Moodle XML question bank: one Cloze (multianswer) question per problem.

The question text is the problem statement followed by a table of sub-answers: a NUMERICAL one (with
its tolerance) for every number a part asks for, a SHORTANSWER one for every edge code. Each is
labelled in symbols and words ("v₁, entry 2"). A vector whose sign is a choice is asked with that
sign fixed in the question text (first non-zero entry positive, see Signs), so that one right value
per number grades as `tutor check` does: either sign of the whole vector, never of each entry alone.
Each part's marks are shared among its sub-answers (a Cloze sub-answer's weight is its share), so the
quiz grades by the statement's marks. The general feedback is the whole worked solution. Maths is
written as \\( … \\) and \\[ … \\] for Moodle's MathJax filter.
"""

from __future__ import annotations

import html
import math
import re
from collections import Counter
from dataclasses import dataclass

import sympy as sp

from .escaping import xml_chars, xml_text
from .exact.tidy import as_expr, is_zero, numeric

SIG_FIGS = 3  # a sub-answer is right within one unit of its third significant figure


@dataclass(frozen=True)
class SubAnswer:
    """One number a quiz asks for: its part's key, a label in symbols and words (LaTeX maths in
    \\( … \\), as the question text writes it) and the value the quiz accepts, within its tolerance."""

    key: str
    label: str
    value: float
    exact: object = None  # the same value, exact (a SymPy number): what QTI writes its decimals from


@dataclass(frozen=True)
class Signs:
    """How a quiz fixes the sign of vectors whose sign is a choice. A quiz grades each number on its
    own: accepting either sign of each entry would credit a vector with mixed signs. So every vector of
    a leading key (an eigenvector) is asked with its first non-zero entry positive, and the keys that
    follow its sign (c = v/√η, scores X_c u, l = Dr/δ) keep it. Vectors of a repeated eigenvalue may be
    any orthonormal basis of their eigenspace, which no sign fixes: the quiz does not ask them."""

    flip: dict  # key -> the factor (±1) of each of its vectors, by the sign of its leader's vector
    skipped: dict  # key -> the indices of its vectors that are not asked
    follows: dict  # key -> the key whose sign it takes (itself for a leader)


def _signed_rules(topic) -> dict:
    from .checking.rules import Basis, SignedColumns
    from .checking.tables import tables

    return {k: r for k, r in getattr(tables(topic), "RULES", {}).items() if isinstance(r, (Basis, SignedColumns))}


def _by_columns(rule) -> bool:
    """Whether the rule reads the answer's columns as its vectors (points given one per row)."""
    from .checking.rules import SignedColumns

    return isinstance(rule, SignedColumns) or getattr(rule, "transposed", False)


def _vectors(value, rule) -> list[tuple]:
    return [tuple(c) for c in zip(*value)] if _by_columns(rule) else [tuple(r) for r in value]


def _first_sign(vector) -> int:
    for x in vector:
        if not is_zero(as_expr(x)):
            return 1 if numeric(as_expr(x), 30) > 0 else -1
    return 1


def signs(solution) -> Signs:
    from . import topics
    from .checking.rules import Basis, nested
    from .checking.rules import _groups  # the eigenspaces as the Basis rule groups them

    rules = _signed_rules(topics.get(solution.topic))
    answers = solution.answers
    named = {r.consistent_with for r in rules.values() if isinstance(r, Basis) and r.consistent_with}
    flip, skipped, follows = {}, {}, {}
    for key, rule in rules.items():
        if key not in answers:
            continue
        if isinstance(rule, Basis):
            lead = rule.consistent_with or key
        else:  # a table of signed columns (new points' values) follows the key the others follow
            lead = next(iter(named)) if len(named) == 1 else key
        lead = lead if lead in answers and lead in rules else key
        vectors = _vectors(nested(answers[lead]), rules[lead])
        flip[key] = [_first_sign(v) for v in vectors]
        # A vector with no partner to follow (a left null vector beyond the right ones) takes the rule
        # of a leader: its first non-zero entry positive (sign_note says so).
        own = _vectors(nested(answers[key]), rule)
        flip[key] += [_first_sign(v) for v in own[len(flip[key]):]]
        repeated = set()
        for r in (rules[lead], rule):
            if isinstance(r, Basis):
                values = tuple(r.values(answers))[: len(vectors)]
                repeated |= {i for group in _groups(values) if len(group) > 1 for i in group}
        skipped[key], follows[key] = repeated, lead
    return Signs(flip, skipped, follows)


def sub_answers(solution) -> list[SubAnswer]:
    """Every number the quiz asks of the question's parts: the scalars, lists and matrices among their
    answers (a matrix or a list of points entry by entry, as `tutor check` grades it), and the vectors
    whose sign is a choice, with that sign fixed (see Signs). What cannot be asked so is in not_asked."""
    from . import topics
    from .rendering import with_question

    rules = _signed_rules(topics.get(solution.topic))
    plan = signs(solution)
    out = []
    for part in with_question(solution).question.parts:
        key, symbol, value = part.key, part.symbol, solution.answers[part.key]
        if _has_symbols(value):
            continue
        if isinstance(value, sp.MatrixBase):
            out += [SubAnswer(key, _matrix_label(symbol, i + 1, j + 1), _float(value[i, j]), value[i, j])
                    for i in range(value.rows) for j in range(value.cols)]
        elif isinstance(value, tuple) and value and isinstance(value[0], tuple):
            if key not in plan.flip:
                if _entrywise(solution, key):  # points graded entry by entry (φ(x_i)): asked so
                    out += [SubAnswer(key, _vector_label(symbol, i + 1, j + 1) if len(_pieces(symbol)) == 1
                                      else f"{_maths(_pieces(symbol)[i])}, entry {j + 1}", _float(x), x)
                            for i, row in enumerate(value) for j, x in enumerate(row)]
                continue
            columns = _by_columns(rules[key])
            for i, row in enumerate(value):
                for j, x in enumerate(row):
                    vector, entry = (j, i) if columns else (i, j)
                    if vector in plan.skipped[key]:
                        continue
                    sign = plan.flip[key][vector] if vector < len(plan.flip[key]) else 1
                    label = _cell_label(symbol, i + 1, j + 1, len(value)) if columns else \
                        _vector_label(symbol, vector + 1, entry + 1)
                    out.append(SubAnswer(key, label, sign * _float(x), sign * as_expr(x)))
        elif isinstance(value, tuple):
            out += [SubAnswer(key, _entry_label(symbol, i, len(value)), _float(x), x)
                    for i, x in enumerate(value, 1)]
        else:
            out.append(SubAnswer(key, _maths(symbol), _float(value), value))
    return out


def _entrywise(solution, key: str) -> bool:
    """Whether `tutor check` grades the key's answer entry by entry in place (its rule is Entries)."""
    from . import topics
    from .checking.rules import Entries, default_rule
    from .checking.tables import tables

    rule = getattr(tables(topics.get(solution.topic)), "RULES", {}).get(key) or default_rule(solution.answers[key])
    return type(rule) is Entries


def not_asked(solution) -> list[tuple[str, str]]:
    """(part label, why) for each part that has no answer box in a quiz: a quiz grades one number or code
    at a time, so an expression, or vectors only right up to a choice of basis, stay with `tutor check`."""
    from .rendering import with_question

    asked = {n.key for n in sub_answers(solution)} | {key for key, _, _ in text_answers(solution)}
    out = []
    for part in with_question(solution).question.parts:
        if part.key in asked:
            continue
        value = solution.answers[part.key]
        if _has_symbols(value):
            why = "its answer is an expression"
        elif part.key in signs(solution).flip:
            why = "its vectors belong to a repeated eigenvalue (or singular value), where any orthonormal basis is right"
        else:
            why = "its answer is right up to a rotation or reordering, which no single right value per number fixes"
        out.append((part.label, why))
    return out


def not_asked_note(solution) -> str:
    """The sentences that name the parts a quiz does not ask (HTML), or ''."""
    return " ".join(f"Part ({label}) is not asked in this quiz, and is graded outside it: {why}."
                    for label, why in not_asked(solution))


def refusal(solution) -> str | None:
    """Why a quiz cannot take the problem at all, when no part asks a number or an edge code ("(a) its
    answer is an expression"), or None."""
    if sub_answers(solution) or text_answers(solution):
        return None
    return "; ".join(f"({label}) {why}" for label, why in not_asked(solution))


def sign_note(solution) -> str:
    """The sentences that say how the quiz fixes signs (HTML, maths for MathJax), or ''."""
    from . import topics
    from .checking.rules import nested
    from .question import wording
    from .rendering import with_question

    topic = topics.get(solution.topic)
    rules = _signed_rules(topic)
    plan = signs(solution)
    asked = [p.key for p in with_question(solution).question.parts if p.key in plan.flip]
    sentences = []
    for lead in dict.fromkeys(plan.follows[k] for k in asked):
        symbol = _maths(wording(topic, lead)[0])
        what = f"each column of {symbol}" if _by_columns(rules[lead]) else f"each {symbol}"
        followers = [_maths(wording(topic, k)[0]) for k in asked if plan.follows[k] == lead and k != lead]
        keep = f"; {_listed(followers)} keep{'s' if len(followers) == 1 else ''} its sign" if followers else ""
        sentences.append(f"Take {what} with its first non-zero entry positive{keep}.")
        alone = [_maths(wording(topic, k)[0]) for k in asked if plan.follows[k] == lead and k != lead
                 and len(_vectors(nested(solution.answers[k]), rules[k])) > len(plan.flip[lead])]
        if alone:
            sentences.append(f"Each {_listed(alone)} with no partner to follow takes its first non-zero entry "
                             "positive too.")
    if any(plan.skipped[k] for k in asked):
        sentences.append("Vectors of a repeated eigenvalue (or singular value) are not asked: any orthonormal "
                         "basis of their space is right, and a quiz that grades one number at a time cannot "
                         "check that.")
    return " ".join(sentences)


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# --- labels: the part's symbol with the entry's index, and words for the rest ---------------------------

_INDEX = re.compile(r"_([ij])(?![A-Za-z{])")  # the running index of a symbol such as \eta_i or y_i(\mathbf x)


def _maths(latex: str) -> str:
    return f"\\({latex}\\)"


def _indexed(symbol: str, n: int) -> str | None:
    """The symbol with its running index made n (\\mathbf v_i -> \\mathbf v_{2}), or None if it has none."""
    return _INDEX.sub(lambda m: f"_{{{n}}}", symbol, count=1) if _INDEX.search(symbol) else None


def _pieces(symbol: str) -> list[str]:
    """A symbol that names several values, "K(x, x), K(y, y)", split at its top-level commas."""
    pieces, depth, current = [], 0, ""
    for ch in symbol:
        depth += (ch in "({[") - (ch in ")}]")
        if ch == "," and depth == 0:
            pieces.append(current.strip())
            current = ""
        else:
            current += ch
    return pieces + [current.strip()]


def _entry_label(symbol: str, i: int, n: int) -> str:
    pieces = _pieces(symbol)
    if len(pieces) == n > 1:
        return _maths(pieces[i - 1])
    indexed = _indexed(symbol, i)
    return _maths(indexed) if indexed else f"{_maths(symbol)}, entry {i}"


def _vector_label(symbol: str, vector: int, entry: int) -> str:
    """Entry ``entry`` of vector ``vector``: "\\(\\mathbf v_{1}\\), entry 2"; y_{ij} names both."""
    if "_{ij}" in symbol:
        return _maths(symbol.replace("_{ij}", f"_{{{entry}{',' if max(entry, vector) > 9 else ''}{vector}}}", 1))
    indexed = _indexed(symbol, vector)
    return f"{_maths(indexed)}, entry {entry}" if indexed else f"{_maths(symbol)}, vector {vector}, entry {entry}"


def _matrix_label(symbol: str, row: int, column: int) -> str:
    """Entry (row, column) of a matrix: "\\(d_{12}^2\\)" when the symbol names its entries, else
    "\\(\\mathbf K\\), row 1, column 2"."""
    if "_{ij}" in symbol:
        return _maths(symbol.replace("_{ij}", f"_{{{row}{',' if max(row, column) > 9 else ''}{column}}}", 1))
    if re.search(r"_i(?![A-Za-z{])", symbol) and re.search(r"_j(?![A-Za-z{])", symbol):
        both = re.sub(r"_i(?![A-Za-z{])", f"_{{{row}}}", symbol, count=1)
        return _maths(re.sub(r"_j(?![A-Za-z{])", f"_{{{column}}}", both, count=1))
    return f"{_maths(symbol)}, row {row}, column {column}"


def _cell_label(symbol: str, row: int, column: int, rows: int) -> str:
    """A table whose columns are the vectors: "\\(X\\), row 2, column 1", or "\\(y_{1}(\\mathbf x)\\)"."""
    indexed = _indexed(symbol, column)
    if indexed:
        return _maths(indexed) + (f", row {row}" if rows > 1 else "")
    return f"{_maths(symbol)}, row {row}, column {column}"


def text_answers(solution) -> list[tuple[str, str, tuple[str, ...]]]:
    """(key, label, accepted spellings) for the answers written with labels (edge codes, one per edge):
    Moodle gets them as SHORTANSWER sub-answers, with or without spaces after the commas."""
    from .rendering import with_question

    out = []
    for part in with_question(solution).question.parts:
        value = solution.answers[part.key]
        if not (isinstance(value, tuple) and value and isinstance(value[0], tuple) and _has_symbols(value)):
            continue
        for i, row in enumerate(value, 1):
            words = [str(x) for x in row]
            out.append((part.key, f"{_maths(part.symbol)}, edge {i}", (",".join(words), ", ".join(words))))
    return out


# Where Moodle's Cloze parser sees a blank: "{", a weight (maybe none) and ":" (its ANSWER_START_REGEX is
# \{([0-9]*):(NUMERICAL|NM|SHORTANSWER|…):). Written as a character reference, such a brace still shows (and
# MathJax, which reads the page's text, still sees it), but the parser, which reads the HTML, does not.
_BLANK_START = re.compile(r"\{(?=[0-9]*:)")


def no_blanks(text: str) -> str:
    r"""HTML for a Cloze question's text in which only tutor's own sub-answers are blanks: a statement holding
    {100:SHORTANSWER:=x} verbatim made Moodle add a blank worth 100 marks.

    >>> no_blanks(r"a {100:SHORTANSWER:=x} and {:NM:=1:0} but \mathbf{x}")
    'a &#123;100:SHORTANSWER:=x} and &#123;:NM:=1:0} but \\mathbf{x}'
    """
    return _BLANK_START.sub("&#123;", text)


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


def cloze(value: float, weight: int = 1) -> str:
    """A Cloze NUMERICAL sub-answer: one right value, within its tolerance."""
    return "{" + str(weight) + ":NUMERICAL:" + f"={_number(value)}:{_number(tolerance(value))}" + "}"


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


def answer_note(solution) -> str:
    """What the quiz asks of every answer (HTML): decimals, the signs it fixes, how edge codes are typed."""
    note = "Give decimals to at least 3 significant figures."
    for sentences in (sign_note(solution), not_asked_note(solution)):
        if sentences:
            note += " " + sentences
    if text_answers(solution):
        note += " Type each edge code as its five entries separated by commas, such as 0,1,X,a,Y."
    return note


def question_xml(solution, name: str | None = None) -> str:
    """One Cloze question; ``name`` is its name in the question bank (default: the problem's title)."""
    from .rendering import environment, problem_template, render, with_question

    solution = with_question(solution)
    # The statement without its marks: Moodle shows the question's own grade, from the sub-answers.
    statement = environment("md").get_template(problem_template(solution)).render(solution=solution,
                                                                                  show_marks=False)
    parts = {part.key: part.label for part in solution.question.parts}

    def cell(key: str, label: str) -> str:
        return f"<td>({parts[key]}) {no_blanks(html.escape(label, quote=False))}</td>"

    numbers, texts = sub_answers(solution), text_answers(solution)
    counts = Counter([n.key for n in numbers] + [key for key, _, _ in texts])
    weight = weights({part.key: part.marks for part in solution.question.parts}, counts)
    rows = "".join(f"<tr>{cell(n.key, n.label)}<td>{cloze(n.value, weight[n.key])}</td></tr>" for n in numbers)
    rows += "".join(f"<tr>{cell(key, label)}<td>{short_answer(spellings, weight[key])}</td></tr>"
                    for key, label, spellings in texts)
    text = no_blanks(markdown_to_html(statement) + f"<p>{answer_note(solution)}</p>") + f"<table>{rows}</table>"
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
