"""Displayed decimals round half up, as by hand, from the exact value (issue 31): 9/16 is 0.563, not the
0.562 of a float's round-half-even; percentages are written as a person writes them (80%, never 100.0%; 56.25%
when that is the value itself, not a rounded 56.3%)."""

import pytest
import sympy as sp

from tutor.rendering import decimal, percent
from tutor.serve.store import KeyStats

R = sp.Rational


@pytest.mark.parametrize("value, digits, shown", [
    (R(9, 16), 3, "0.563"), (R(1, 8), 2, "0.13"), (R(-1, 8), 2, "-0.13"), (R(12345), 4, r"1.235 \times 10^{4}"),
    (R(5, 2), 1, "3"), (R(99995, 10000), 4, "10"), (R(1, 30), 2, "0.033"), (R(1, 20000), 4, "0.00005"), (R(1, 200000), 4, r"5 \times 10^{-6}"),
    (sp.sqrt(2), 4, "1.414"), (R(1000), 4, "1000"), (R(1000), 2, r"1 \times 10^{3}"), (R(0), 4, "0"),
    (R(10**40 + 5, 10**40), 4, "1"), (R(-7, 2) * 10**9, 4, r"-3.5 \times 10^{9}"),
])
def test_decimal_rounds_half_up_from_the_exact_value(value, digits, shown):
    assert decimal(value, digits) == shown


@pytest.mark.parametrize("value, shown", [
    (R(9, 16), r"56.25\%"), (R(4, 7), r"57.1\%"), (R(4, 5), r"80\%"), (R(1), r"100\%"), (R(1999, 2000), r"99.95\%"),
    (R(19999, 20000), r"100\%"), (R(1, 2000), r"0.05\%"), (R(1, 10**5), r"0.001\%"), (R(0), r"0\%"),
    (R(-1, 3), r"-33.3\%"), (R(1, 16), r"6.25\%"),
    (sp.sqrt(2) / 2, r"70.7\%"),
])
def test_percentages_as_a_person_writes_them(value, shown):
    assert percent(value) == shown


def test_the_class_view_share_rounds_half_up():
    share = KeyStats("pca", "eigenvalues", attempts=8, students=8, first_tries=8, first_try_right=1)
    assert share.first_try_percent == "13%"  # 12.5: round() would say 12


def test_a_value_of_thousands_of_digits_is_shown_without_converting_it_to_text():
    # str() of an int over 4,300 digits is refused; the exponent comes from the bit lengths
    assert decimal(R(10) ** 5000 * 3 + 1) == r"3 \times 10^{5000}"
    assert decimal(R(7, 10**6000)) == r"7 \times 10^{-6000}"
