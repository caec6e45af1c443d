"""Error messages that teach: LaTeX that YAML read in double quotes, and "did you mean" for a misspelt
topic or bundled problem name."""

from __future__ import annotations

import pytest
import sympy as sp

import tutor
from tutor.resources import close_bundled

from .conftest import problem_error, solve_error_line

K_HAT = "topic: kernel-pca\ncentred_kernel_matrix: [[{entry}, 0], [0, 1]]\n"


@pytest.mark.parametrize("written,name,rest", [
    (r'"\frac{8}{9}"', "a form feed", "rac"),
    (r'"\tfrac{8}{9}"', "a tab", "frac"),
    (r'"\beta"', "a backspace", "eta"),
    (r'"\nu"', "a line break", "u"),
])
def test_latex_in_double_quotes_says_to_use_single_quotes(written, name, rest):
    error = problem_error(K_HAT.format(entry=written))
    message = str(error)
    assert error.field == "centred_kernel_matrix[1][1]"
    assert f'as {name} followed by "{rest}"' in message
    meant = written.strip('"')
    assert f"write LaTeX in single quotes, '{meant}'" in message
    assert "unknown name" not in message


def test_the_hint_is_one_line_naming_file_and_field_with_exit_2(tmp_path):
    path, line = solve_error_line(tmp_path, K_HAT.format(entry=r'"\frac{8}{9}"'))
    assert line == (f"error: {path}: centred_kernel_matrix[1][1]: line 2: YAML reads \"\\frac\" in double "
                    "quotes as a form feed followed by \"rac\": write LaTeX in single quotes, '\\frac{8}{9}', "
                    "or without quotes")


def test_latex_in_single_quotes_is_read():
    for entry in (r"'\frac{8}{9}'", r"'\tfrac{16}{18}'"):  # bare, a brace would open a YAML mapping
        text = f"topic: kernel-pca\ncentred_kernel_matrix: [[{entry}, -8/9], [-8/9, 8/9]]\n"
        assert tutor.solve(tutor.load_problem_text(text)).answers["eigenvalues"][0] == sp.Rational(16, 9)


def test_an_unknown_escape_in_double_quotes_says_the_same():
    message = str(problem_error(K_HAT.format(entry=r'"\sqrt{2}"')))
    assert "unknown escape character" in message and "write LaTeX in single quotes" in message


def test_a_line_break_that_is_meant_is_no_latex():
    # "\n" followed by an ordinary word is a line break (refused by the title's own rule, not as LaTeX)
    message = str(problem_error('topic: mds\ntitle: "one\\nline"\ndistances: [[0, 1], [1, 0]]\n'))
    assert "LaTeX" not in message and "one line" in message


def test_a_misspelt_topic_gets_did_you_mean():
    error = problem_error("topic: kernel-pcaa\n")
    assert error.field == "topic" and "unknown topic 'kernel-pcaa' (did you mean 'kernel-pca'?" in str(error)
    assert "did you mean" not in str(problem_error("topic: zebra\n"))


@pytest.mark.parametrize("name,meant", [
    ("kernel-pca/exampel3", "kernel-pca/example3"),
    ("kernel-pcaa/example3", "kernel-pca/example3"),
    ("problems/mds/distance-tabel.yaml", "mds/distance-table"),
])
def test_a_misspelt_bundled_problem_gets_did_you_mean(name, meant, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert close_bundled(name) == meant
    with pytest.raises(tutor.errors.ProblemError) as info:
        tutor.load_problem(name)
    assert str(info.value) == f"{name}: no such file (did you mean the bundled problem '{meant}'?)"


def test_a_file_name_like_no_bundled_problem_gets_no_guess(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert close_bundled("answers.yaml") is None
    with pytest.raises(tutor.errors.ProblemError) as info:
        tutor.load_problem("answers.yaml")
    assert str(info.value) == "answers.yaml: no such file"
