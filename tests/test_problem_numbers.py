"""Unquoted numbers in a problem file are read as typed, exactly as if quoted (issue 30).

YAML reads -0.80 as the float -0.8 (its trailing zero gone) and past 17 digits changes the value itself;
YAML 1.1 reads 017 as the octal 15. The loader keeps the text and hands it to the whitelist parser.
"""

import sympy as sp

import tutor
from tutor.exact.parser import parse_real
from tutor.problem import load_problem_text, parse_yaml

UNQUOTED = """topic: pca
title: Typed values 1.50
points: [[-0.80, 1.50], [2e3, 0.12345678901234567890], [017, 1], [+2.50, .5]]
components: 1
"""
QUOTED = """topic: pca
title: "Typed values 1.50"
points: [["-0.80", "1.50"], ["2e3", "0.12345678901234567890"], ["017", "1"], ["+2.50", ".5"]]
components: 1
"""


def test_unquoted_numbers_are_the_text_typed():
    raw = parse_yaml(UNQUOTED, "t.yaml", as_written=True)
    assert raw["points"][0] == ["-0.80", "1.50"]
    assert raw["points"][1] == ["2e3", "0.12345678901234567890"]
    assert raw["points"][2] == ["017", 1]  # a plain integer stays an int (degree: 2 must be one)
    assert raw["title"] == "Typed values 1.50"
    # the significant figures the lecturer typed survive to the parser
    assert parse_real(raw["points"][0][0]).figures == 2
    assert parse_real(raw["points"][0][1]).figures == 3


def test_unquoted_and_quoted_files_are_the_same_problem():
    unquoted, quoted = load_problem_text(UNQUOTED, "u.yaml"), load_problem_text(QUOTED, "q.yaml")
    assert unquoted.problem == quoted.problem
    points = unquoted.problem.points
    assert points[0] == (sp.Rational(-4, 5), sp.Rational(3, 2))
    # 20 digits, not the float's 17: the value is the one typed
    assert points[1] == (2000, sp.Rational(12345678901234567890, 10**20))
    assert points[2][0] == 17  # not YAML 1.1's octal 15
    assert points[3] == (sp.Rational(5, 2), sp.Rational(1, 2))


def test_unquoted_numbers_render_as_if_quoted():
    for fmt in ("md", "tex"):
        a = tutor.render(tutor.solve(load_problem_text(UNQUOTED, "u.yaml")), fmt)
        b = tutor.render(tutor.solve(load_problem_text(QUOTED, "q.yaml")), fmt)
        assert a == b


def test_other_yaml_files_keep_yaml_numbers():
    # answers files and blueprints are read as before: only problem files ask for the text
    assert parse_yaml("a: -0.80\n", "a.yaml") == {"a": -0.8}
    assert parse_yaml("a: .inf\n", "a.yaml", as_written=True)["a"] == float("inf")  # still refused downstream


def test_a_kernel_degree_is_still_a_whole_number():
    loaded = load_problem_text("topic: kernel-matrix\npoints: [[0.50, 1], [1, 0]]\n"
                               "kernel: {name: polynomial, degree: 2, offset: 1.0}\n")
    assert loaded.problem.kernel.degree == 2 and loaded.problem.kernel.offset == 1


def test_a_problem_file_on_disk_reads_its_numbers_as_typed(tmp_path):
    unquoted, quoted = tmp_path / "u.yaml", tmp_path / "q.yaml"
    unquoted.write_text(UNQUOTED)
    quoted.write_text(QUOTED)
    assert tutor.load_problem(str(unquoted)).problem == tutor.load_problem(str(quoted)).problem


def test_a_message_shows_the_number_as_typed():
    from tests.conftest import problem_error

    error = problem_error("topic: pca\npoints: [[1, 2], [3, 4]]\ncomponents: 1.50\n")
    assert error.field == "components" and error.message.endswith("got 1.50")
