"""Student ids name folders: they are checked as ASCII explicitly, so no case-folding lets a look-alike in."""

from __future__ import annotations

import pytest

from tutor.errors import TutorError
from tutor.exam.blueprint import read_roster, valid_id

# The Kelvin sign, the long s and the dotless i: each matched [A-Za-z] under a Unicode re.IGNORECASE.
LOOK_ALIKES = ["\u212a1", "\u017fam", "\u0131d", "s\u212a", "com\u00b9", "ada\u0660"]


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_an_id_with_a_non_ascii_look_alike_is_refused(tmp_path, text):
    assert not valid_id(text)
    roster = tmp_path / "roster.csv"
    roster.write_text(f"id,name\n{text},Ada\n", encoding="utf-8")
    with pytest.raises(TutorError, match="must be 1 to 40 letters"):
        read_roster(str(roster))


@pytest.mark.parametrize("text", ["CON", "con", "Com1", "lpt9.txt", "nul", "a.", ".a", "", "a" * 41])
def test_device_names_in_any_case_and_bad_shapes_are_still_refused(text):
    assert not valid_id(text)


@pytest.mark.parametrize("text", ["K1", "sam", "id", "Ada.Lovelace", "s-1_2", "console", "com", "a" * 40])
def test_ordinary_ascii_ids_pass(text):
    assert valid_id(text)


def test_a_manifest_with_a_look_alike_id_is_refused(tmp_path):
    import json

    from tutor.exam.grade import MANIFEST, MANIFEST_FORMAT, read_exam

    manifest = {"format": MANIFEST_FORMAT, "title": "T", "students": [{"id": "\u212a1", "name": "K"}],
                "questions": [{"number": 1, "topic": "pca", "parts": [{"key": "a", "label": "(a)", "marks": 1}]}]}
    (tmp_path / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(TutorError, match="cannot name a folder"):
        read_exam(str(tmp_path))
    manifest["students"][0]["id"] = "K1"
    (tmp_path / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    assert read_exam(str(tmp_path)).students == (("K1", "K"),)
