"""The QTI 1.2 export (`tutor export qti`): a zip whose manifest lists every file, every file XML that
parses, one numerical item per number asked, graded by a rule that accepts the value of `tutor check`
and not a vector with mixed signs; every item read as Canvas's importer reads it (canvas_reads)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from decimal import Decimal
from functools import lru_cache

import pytest
import sympy as sp

import tutor
from tutor.moodle import sub_answers, text_answers
from tutor.qti import package, zipped
from tutor.resources import bundled_problems

from .conftest import run_cli

NS = {"q": "http://www.imsglobal.org/xsd/ims_qtiasiv1p2", "m": "http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1"}


def parsed(files: dict[str, bytes]) -> dict[str, ET.Element]:
    return {name: ET.fromstring(data) for name, data in files.items()}


def assessment(files) -> ET.Element:
    trees = parsed(files)
    return next(t for t in trees.values() if t.tag == f"{{{NS['q']}}}questestinterop")


def metadata(item: ET.Element) -> dict[str, str]:
    return {f.find("q:fieldlabel", NS).text: f.find("q:fieldentry", NS).text
            for f in item.findall("q:itemmetadata/q:qtimetadata/q:qtimetadatafield", NS)}


def holds(condition: ET.Element, response: str) -> bool:
    """QTI 1.2's response conditions, as far as the export writes them."""
    tag = condition.tag.split("}")[1]
    if tag == "conditionvar":  # Canvas: each <varequal> directly in it is an accepted answer
        return any(holds(c, response) for c in condition)
    if tag == "and":
        return all(holds(c, response) for c in condition)
    if tag == "or":
        return any(holds(c, response) for c in condition)
    if tag == "not":
        return not holds(condition[0], response)
    if tag == "other":
        return True
    if tag == "varequal":
        try:
            return float(response) == float(condition.text)
        except ValueError:
            return response == condition.text
    if tag == "vargte":
        return float(response) >= float(condition.text)
    if tag == "varlte":
        return float(response) <= float(condition.text)
    raise AssertionError(f"unexpected condition {tag}")


def score(item: ET.Element, response: str) -> float:
    """The SCORE the item's response processing sets for a response (0 to 100)."""
    result = 0.0
    for condition in item.findall("q:resprocessing/q:respcondition", NS):
        if holds(condition.find("q:conditionvar", NS), response):
            for setvar in condition.findall("q:setvar", NS):
                result = float(setvar.text)
            if condition.get("continue") == "No":
                break
    return result


@lru_cache(maxsize=None)
def solved(problem: str):
    return tutor.solve(problem)


@pytest.mark.parametrize("problem", bundled_problems())
def test_every_bundled_problem_exports_a_package_that_parses_and_whose_manifest_lists_its_files(problem):
    solution = solved(problem)
    files = package([solution], "Quiz")
    trees = parsed(files)  # every file is XML that parses
    manifest = trees["imsmanifest.xml"]
    listed = {f.get("href") for f in manifest.iterfind(".//m:resource/m:file", NS)}
    assert listed == set(files) - {"imsmanifest.xml"}
    assert manifest.find(".//m:resource", NS).get("type") == "imsqti_xmlv1p2"
    items = assessment(files).findall(".//q:item", NS)
    kinds = [metadata(i)["question_type"] for i in items]
    numbers, texts = sub_answers(solution), text_answers(solution)
    assert kinds == ["text_only_question"] + ["numerical_question"] * len(numbers) + \
        ["short_answer_question"] * len(texts)
    # each number's item accepts the quiz's value and its points share out the statement's marks
    for item, number in zip(items[1:], numbers):
        assert score(item, repr(number.value)) == 100
        assert score(item, repr(number.value + 1 + abs(number.value))) == 0
    points = sum(sp.Rational(metadata(i)["points_possible"]) for i in items)
    asked = {n.key for n in numbers} | {key for key, _, _ in texts}
    marks = sum(p.marks for p in tutor.rendering.with_question(solution).question.parts if p.key in asked)
    assert points == marks


# --- Canvas's reading: Instructure's qti gem (the importer of Canvas New Quizzes), v2.27.0 -------------------


def canvas_reads(item: ET.Element) -> tuple[str, list, Decimal]:
    """(interaction, correct answers, points) of an item as Instructure's qti gem reads it: points are the
    entry after the points_possible label; a render_fib with fibtype Decimal is a NumericInteraction, whose
    answers are the respconditions setting SCORE, each read by the first varequal, vargte and varlte in it
    (margin: the varequal differs from both bounds; exact: all three equal; range: no varequal); any other
    render_fib is a FillBlankInteraction (unless a final respcondition holds <other/>), whose answers are
    only the <varequal>s that are children of a <conditionvar> beside a <setvar>."""
    points = Decimal(metadata(item)["points_possible"])
    fib = item.find(".//q:render_fib", NS)
    if fib is None:
        return "stimulus", [], points
    conditions = [c for c in item.iterfind(".//q:respcondition", NS) if c.find("q:setvar", NS) is not None]
    if fib.get("fibtype") == "Decimal":
        answers = []
        for c in conditions:
            if c.find("q:setvar", NS).get("varname") != "SCORE":
                continue
            eq, gte, lte = (c.find(f".//q:{tag}", NS) for tag in ("varequal", "vargte", "varlte"))
            if eq is not None and gte is not None and lte is not None and eq.text == gte.text == lte.text:
                answers.append(("exact", Decimal(eq.text)))
            elif eq is not None and gte is not None and lte is not None and eq.text not in (gte.text, lte.text):
                answers.append(("margin", Decimal(eq.text), Decimal(eq.text) - Decimal(gte.text)))
            elif eq is None and gte is not None and lte is not None:
                answers.append(("range", Decimal(gte.text), Decimal(lte.text)))
            else:
                raise AssertionError("the gem raises UnsupportedNumreicType")
        return "numeric", answers, points
    final_other = any(c.get("continue") != "Yes" and c.find("*/q:other", NS) is not None
                      for c in item.iterfind(".//q:respcondition", NS))
    answers = [] if final_other else [v.text for c in conditions for v in c.findall("q:conditionvar/q:varequal", NS)]
    return "fill_blank", answers, points


@pytest.mark.parametrize("problem", bundled_problems())
def test_canvas_reads_every_answer_and_the_points_add_up_to_the_marks_exactly(problem):
    from tutor.moodle import refusal
    from tutor.qti import decimal, tolerance

    solution = solved(problem)
    if refusal(solution):  # no number to ask: the CLI leaves the file out (test_a_file_no_quiz_can_take...)
        return
    files = package([solution], "Quiz")
    read = [canvas_reads(i) for i in assessment(files).iterfind(".//q:item", NS)]
    numbers, texts = sub_answers(solution), text_answers(solution)
    assert [kind for kind, _, _ in read] == ["stimulus"] + ["numeric"] * len(numbers) + ["fill_blank"] * len(texts)
    for (_, answers, points), n in zip(read[1:], numbers):
        value = decimal(n.exact)
        assert answers == [("margin", value, tolerance(value))] and points > 0
    for (_, answers, points), (_, _, spellings) in zip(read[1 + len(numbers):], texts):
        assert answers == list(spellings) and points > 0
    total = sum((points for _, _, points in read), Decimal(0))
    meta = ET.fromstring(next(v for k, v in files.items() if k.endswith("assessment_meta.xml")))
    assert Decimal(meta.find("{http://canvas.instructure.com/xsd/cccv1p0}points_possible").text) == total
    parts = tutor.rendering.with_question(solution).question.parts
    asked = {n.key for n in numbers} | {key for key, _, _ in texts}
    assert total == Decimal(str(sum(p.marks for p in parts if p.key in asked)))


def test_marks_shared_in_thirds_are_cents_that_add_up():
    from tutor.qti import points_shared

    assert points_shared(1, 3) == [Decimal("0.34"), Decimal("0.33"), Decimal("0.33")]
    assert sum(points_shared(25, 7)) == 25 and len(set(points_shared(25, 7))) == 2
    assert all(p > 0 for p in points_shared(1, 400)) and sum(points_shared(1, 400)) == 1


def test_a_mixed_sign_eigenvector_is_not_accepted():
    solution = tutor.solve("kernel-pca/example3")
    items = assessment(package([solution]))
    numerical = [i for i in items.iterfind(".//q:item", NS) if metadata(i)["question_type"] == "numerical_question"]
    asked = sub_answers(solution)
    v2 = [(item, a.value) for item, a in zip(numerical, asked) if a.label.startswith(r"\(\mathbf v_{2}\)")]
    assert len(v2) == 3 and v2[0][1] > 0
    assert [score(item, repr(x)) for item, x in v2] == [100, 100, 100]
    mixed = [v2[0][1], -v2[1][1], -v2[2][1]]  # (0.408, -0.408, 0.816): first entry kept, the rest flipped
    assert [score(item, repr(x)) for (item, _), x in zip(v2, mixed)] == [100, 0, 0]
    statement = items.find(".//q:item/q:presentation/q:material/q:mattext", NS).text
    assert "first non-zero entry positive" in statement
    label = v2[1][0].find("q:presentation/q:material/q:mattext", NS).text
    assert r"\(\mathbf v_{2}\), entry 2" in label and "eigenvectors" not in label


def test_edge_codes_are_short_answers_accepting_both_spellings():
    solution = tutor.solve("dfs-code/square")
    items = assessment(package([solution])).findall(".//q:item", NS)
    short = [i for i in items if metadata(i)["question_type"] == "short_answer_question"]
    (_, _, spellings), *_ = text_answers(solution)
    assert short and all(score(short[0], s) == 100 for s in spellings)
    assert score(short[0], "0,0,X,X,X") == 0


def test_the_cli_writes_the_same_zip_twice_and_refuses_a_missing_file(tmp_path):
    out1, out2 = tmp_path / "a.zip", tmp_path / "b.zip"
    for out in (out1, out2):
        result = run_cli("export", "qti", "kernel-pca/example3", "mds/distance-table", "-o", str(out))
        assert result.exit_code == 0 and "2 questions" in result.output
    assert out1.read_bytes() == out2.read_bytes()
    with zipfile.ZipFile(io.BytesIO(out1.read_bytes())) as archive:
        assert archive.namelist()[0] == "imsmanifest.xml" and archive.testzip() is None
    result = run_cli("export", "qti", "no-such-problem.yaml", "-o", str(tmp_path / "c.zip"))
    assert result.exit_code == 2 and "no-such-problem.yaml: no such file" in result.output
    assert not (tmp_path / "c.zip").exists()


def test_zipped_files_round_trip():
    files = package([tutor.solve("pca/two-d-one-component")], "T & <quiz>")
    with zipfile.ZipFile(io.BytesIO(zipped(files))) as archive:
        assert {n: archive.read(n) for n in archive.namelist()} == files
    assert assessment(files).find("q:assessment", NS).get("title") == "T & <quiz>"
