"""Export problems as an IMS QTI 1.2 package (a zip) that Canvas imports as a quiz, and that other
systems reading QTI 1.2 (Blackboard, Brightspace) can import as a question pool.

QTI 1.2 because it is the version Canvas's quiz importer reads (its own exports are QTI 1.2, in the
flavour written here: question_type and points_possible as item metadata). Canvas has no question type
with several numbers in one item, so each problem becomes a text item (the statement and what the quiz
asks of every answer) followed by one numerical item per number, labelled in symbols and words as in
the Moodle quiz and with the same values and tolerances (tutor.moodle.sub_answers: signs fixed in the
question text), and one short-answer item per edge code. An item's points are its sub-answer's share of
its part's marks, in cents that add up to the marks exactly (points_shared), and its values are decimals
computed from the exact ones. The worked solution is the general feedback of the problem's last item.

The package:
    imsmanifest.xml                 lists every other file of the package
    <quiz>/<quiz>.xml               the assessment: every item, in order
    <quiz>/assessment_meta.xml      Canvas's quiz settings: the title and the points
Identifiers are made from the quiz's content, and the zip's dates are fixed, so the same problems give
the same package byte for byte.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections import Counter
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

import sympy as sp

from .escaping import escape, quoteattr, xml_chars

_ZIP_DATE = (2000, 1, 1, 0, 0, 0)  # a fixed date: the same quiz, the same bytes
QTI_NS = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
MANIFEST_NS = "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"
CANVAS_NS = "http://canvas.instructure.com/xsd/cccv1p0"


@dataclass(frozen=True)
class Item:
    ident: str
    title: str
    kind: str  # Canvas's question_type
    points: Decimal  # exact: a quiz's items add up to its total
    text: str  # HTML
    accept: tuple = ()  # numerical: (low, value, high) as Decimals; short answer: the spellings
    feedback: str = ""  # HTML, shown after the attempt


def _ident(*parts) -> str:
    return "t" + hashlib.sha256("\x1f".join(map(str, parts)).encode("utf-8")).hexdigest()[:24]


def items(solution, quiz: str, number: int) -> list[Item]:
    """The items of one problem: its statement, then a numerical item per number and a short-answer
    item per edge code, worth their share of their part's marks."""
    from .moodle import answer_note, markdown_to_html, sub_answers, text_answers
    from .rendering import environment, problem_template, render, with_question

    solution = with_question(solution)
    statement = environment("md").get_template(problem_template(solution)).render(solution=solution,
                                                                                  show_marks=False)
    parts = {part.key: part for part in solution.question.parts}
    numbers, texts = sub_answers(solution), text_answers(solution)
    counts = Counter([n.key for n in numbers] + [key for key, _, _ in texts])
    shares = {key: iter(points_shared(parts[key].marks, count)) for key, count in counts.items()}

    def text(key: str, label: str) -> str:
        return f"<p>({parts[key].label}) {escape(label)}</p>"

    head = _ident(quiz, number, solution.title)
    out = [Item(f"{head}_0", solution.title, "text_only_question", Decimal(0),
                markdown_to_html(statement) + f"<p>{answer_note(solution)}</p>")]
    for i, n in enumerate(numbers, 1):
        value = decimal(n.exact)
        tol = tolerance(value)
        out.append(Item(f"{head}_{i}", f"{solution.title}: {n.key}", "numerical_question",
                        next(shares[n.key]), text(n.key, n.label), (value - tol, value, value + tol)))
    for i, (key, label, spellings) in enumerate(texts, len(numbers) + 1):
        out.append(Item(f"{head}_{i}", f"{solution.title}: {key}", "short_answer_question",
                        next(shares[key]), text(key, label), spellings))
    if len(out) > 1:  # the worked solution, once the last number is answered
        last = out[-1]
        out[-1] = Item(last.ident, last.title, last.kind, last.points, last.text, last.accept,
                       markdown_to_html(render(solution, "md", figures=False)))
    return out


DIGITS = 12  # significant figures of a value written as a decimal: far past the tolerance (the 3rd)


def points_shared(marks, count: int) -> list[Decimal]:
    """A part's marks shared among its count items as decimals that add up to the marks exactly: cents
    (finer if there are more items than cents), the odd ones to the first items. Canvas sums the items'
    points into the quiz's, so 1 mark in thirds is 0.34 + 0.33 + 0.33, never 0.333… three times.

    >>> points_shared(1, 3)
    [Decimal('0.34'), Decimal('0.33'), Decimal('0.33')]
    >>> sum(points_shared(sp.Rational(5, 2), 7))
    Decimal('2.50')
    """
    places = 2
    while sp.Rational(marks) * 10 ** places < count:
        places += 1
    units = int(sp.floor(sp.Rational(marks) * 10 ** places + sp.Rational(1, 2)))  # half up, as by hand
    base, extra = divmod(units, count)
    return [Decimal(base + (k < extra)).scaleb(-places) for k in range(count)]


def decimal(value) -> Decimal:
    """An exact value as a decimal of DIGITS significant figures, rounded half up from the exact value."""
    x = Decimal(str(sp.N(value, DIGITS + 10)))
    if not x:
        return Decimal(0)
    return x.quantize(Decimal(1).scaleb(x.adjusted() - DIGITS + 1), rounding=ROUND_HALF_UP)


def tolerance(value: Decimal) -> Decimal:
    """One unit of the value's third significant figure, 0.001 about 0: tutor.moodle.tolerance in decimals."""
    from .moodle import SIG_FIGS as FIGS

    return Decimal(1).scaleb(value.adjusted() - FIGS + 1 if value else -FIGS)


def _decimal_text(x: Decimal) -> str:
    """A decimal as Canvas writes it: plain digits, never an exponent, with a decimal point (3.0)."""
    text = format(x.normalize() if x else Decimal(0), "f")
    return text if "." in text else text + ".0"


def _mattext(html: str) -> str:
    return f'<mattext texttype="text/html">{escape(xml_chars(html))}</mattext>'


def _metadata(item: Item) -> str:
    fields = (("question_type", item.kind), ("points_possible", _decimal_text(item.points)))
    inner = "".join(f"<qtimetadatafield><fieldlabel>{k}</fieldlabel><fieldentry>{v}</fieldentry></qtimetadatafield>"
                    for k, v in fields)
    return f"<itemmetadata><qtimetadata>{inner}</qtimetadata></itemmetadata>"


def item_xml(item: Item) -> str:
    head = (f"      <item ident={quoteattr(item.ident)} title={quoteattr(xml_chars(item.title))}>\n"
            f"        {_metadata(item)}\n")
    if item.kind == "text_only_question":
        return head + (f"        <presentation><material>{_mattext(item.text)}</material></presentation>\n"
                       "      </item>\n")
    fib = '<render_fib fibtype="Decimal">' if item.kind == "numerical_question" else "<render_fib>"
    presentation = (f"        <presentation><material>{_mattext(item.text)}</material>"
                    f'<response_str ident="response1" rcardinality="Single">{fib}'
                    f'<response_label ident="answer1"/></render_fib></response_str></presentation>\n')
    if item.kind == "numerical_question":
        low, value, high = item.accept
        condition = (f'<or><varequal respident="response1">{_decimal_text(value)}</varequal>'
                     f'<and><vargte respident="response1">{_decimal_text(low)}</vargte>'
                     f'<varlte respident="response1">{_decimal_text(high)}</varlte></and></or>')
    else:
        # Each spelling a <varequal> directly in <conditionvar>, as Canvas's own exports write them: that is
        # all Canvas's importer reads (inside an <or>, it found no answer and graded every response 0).
        condition = "".join(f'<varequal respident="response1">{escape(xml_chars(s))}</varequal>'
                            for s in item.accept)
    feedback_ref = '<displayfeedback feedbacktype="Response" linkrefid="general_fb"/>' if item.feedback else ""
    processing = ('        <resprocessing><outcomes><decvar maxvalue="100" minvalue="0" varname="SCORE" '
                  'vartype="Decimal"/></outcomes>'
                  + (f'<respcondition continue="Yes"><conditionvar><other/></conditionvar>{feedback_ref}'
                     "</respcondition>" if item.feedback else "")
                  + f'<respcondition continue="No"><conditionvar>{condition}</conditionvar>'
                    '<setvar action="Set" varname="SCORE">100</setvar></respcondition></resprocessing>\n')
    feedback = (f'        <itemfeedback ident="general_fb"><flow_mat><material>{_mattext(item.feedback)}'
                "</material></flow_mat></itemfeedback>\n" if item.feedback else "")
    return head + presentation + processing + feedback + "      </item>\n"


def assessment_xml(quiz: str, title: str, all_items: list[Item]) -> str:
    body = "".join(item_xml(item) for item in all_items)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<questestinterop xmlns="{QTI_NS}">\n'
            f"  <assessment ident={quoteattr(quiz)} title={quoteattr(xml_chars(title))}>\n"
            "    <qtimetadata><qtimetadatafield><fieldlabel>cc_maxattempts</fieldlabel><fieldentry>1</fieldentry>"
            "</qtimetadatafield></qtimetadata>\n"
            f'    <section ident="root_section">\n{body}    </section>\n  </assessment>\n</questestinterop>\n')


def meta_xml(quiz: str, title: str, points: Decimal) -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<quiz identifier={quoteattr(quiz)} xmlns="{CANVAS_NS}">\n'
            f"  <title>{escape(xml_chars(title))}</title>\n  <description></description>\n"
            f"  <points_possible>{_decimal_text(points)}</points_possible>\n"
            "  <quiz_type>assignment</quiz_type>\n  <allowed_attempts>1</allowed_attempts>\n"
            "  <shuffle_answers>false</shuffle_answers>\n</quiz>\n")


def manifest_xml(quiz: str, files: list[str]) -> str:
    """The package's manifest: the assessment as a QTI 1.2 resource, with every file of the package."""
    listed = "".join(f"      <file href={quoteattr(f)}/>\n" for f in files)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<manifest identifier={quoteattr(quiz + "_manifest")} '
            f'xmlns="{MANIFEST_NS}">\n  <metadata><schema>IMS Content</schema><schemaversion>1.1.3</schemaversion>'
            "</metadata>\n  <organizations/>\n  <resources>\n"
            f'    <resource identifier={quoteattr(quiz)} type="imsqti_xmlv1p2">\n{listed}    </resource>\n'
            "  </resources>\n</manifest>\n")


def package(solutions, title: str = "tutor") -> dict[str, bytes]:
    """The files of the package, by their path in it, imsmanifest.xml first."""
    solutions = list(solutions)
    quiz = _ident(title, *(s.title for s in solutions), len(solutions))
    all_items = [item for number, s in enumerate(solutions, 1) for item in items(s, quiz, number)]
    points = sum((item.points for item in all_items), Decimal(0))
    files = {f"{quiz}/{quiz}.xml": assessment_xml(quiz, title, all_items),
             f"{quiz}/assessment_meta.xml": meta_xml(quiz, title, points)}
    return {"imsmanifest.xml": manifest_xml(quiz, list(files)).encode("utf-8"),
            **{name: text.encode("utf-8") for name, text in files.items()}}


def zipped(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, _ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return out.getvalue()
