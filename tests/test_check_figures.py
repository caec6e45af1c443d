"""Significant figures as the student wrote them (issue 30): a decimal typed with a trailing zero, as
−0.80, has two figures though its value −4/5 has one, so an answer right to those two is imprecise, not wrong."""

from __future__ import annotations

import tutor
from tutor.checking.answers import read_answer
from tutor.exact.parser import parse

# K̂ = vvᵀ + wwᵀ with v = (1, 2, −3), w = (5, −4, −1): η = 42, 14, 0 on w/√42, v/√14, (1, 1, 1)/√3
KHAT = "topic: kernel-pca\ncentred_kernel_matrix: [[26, -18, -8], [-18, 20, -2], [-8, -2, 10]]\n"


def test_the_parser_counts_the_figures_as_written():
    assert parse("-0.80").figures == 2 and parse("0.0040").figures == 2 and parse("2.50e-3").figures == 3
    assert parse("0.5625 + 0.1").figures == 1 and parse("4/5").figures is None and parse("0.00").figures is None
    assert read_answer(["0.27", ["0.530", "-0.8"]]).figures == (2, (3, 1))
    assert read_answer([0.80]).figures == (None,)  # a YAML float: its trailing zero is gone before we see it


def test_a_trailing_zero_counts_so_the_answer_is_imprecise_not_wrong(tmp_problem):
    path = tmp_problem(KHAT)
    vectors = [["0.77", "-0.62", "-0.15"], ["0.27", "0.53", "-0.80"], ["0.58", "0.58", "0.58"]]
    result = next(r for r in tutor.check(path, {"eigenvectors": vectors}, sig_figs=3).results
                  if r.key == "eigenvectors")
    assert result.verdict == "imprecise", result.message  # −0.80 read as one figure made it "wrong"
    assert result.message.startswith("right to 2 significant figures")
    wrong = [["0.77", "-0.62", "-0.15"], ["0.27", "0.53", "-0.70"], ["0.58", "0.58", "0.58"]]
    assert next(r for r in tutor.check(path, {"eigenvectors": wrong}, sig_figs=3).results
                if r.key == "eigenvectors").verdict == "wrong"
