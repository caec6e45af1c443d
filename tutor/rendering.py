"""Render a Solution as Markdown, LaTeX, HTML or JSON.

One template per step kind and per problem statement serves every format. A topic's
templates are templates/<topic>/problem.j2 and templates/<topic>/steps/<kind>.j2; a step kind
that several topics use (from the shared recipes) is templates/shared/steps/<kind>.j2, and a kind
is looked up in its topic's folder first, then in shared/. A plugin topic ships the same folders
inside its own package (<package>/templates/), found under the prefix <topic>/. What differs
between formats (display maths, lists, tables, bold, headings) is a macro of the format's macro
file, templates/macros/<format>.j2, which each environment passes to every template as ``fmt``. Only the page frames (templates/frames/<format>/) are written
per format. Templates format values from the record and never compute. The Jinja
delimiters, ``((( value )))`` and ``((* block *))``, never clash with TeX braces,
and undefined names fail loudly.
"""

from __future__ import annotations

import html
import json
import re
from fractions import Fraction
import sys
from functools import cache, lru_cache, partial
from typing import Any

import sympy as sp
from sympy.printing.latex import LatexPrinter
from sympy.printing.str import StrPrinter

from .figures import figure_data
from .figures.output import block as figure_block, drawing
from .escaping import FILTERS as TEXT_FILTERS, latex_text
from .exact.implicit import IMPLICIT
from .exact.tidy import Scaled, ScaledMatrix, as_expr, count_ops, unit_divisor, numeric, shown
from .resources import resource_dir
from .layout import (flush_mark, heading_html, heading_md, heading_tex, mark, name_roots, name_wide_values,
                     naming_values, split_wide_matrices, step_title)
from .steps import Solution, Step

FORMATS = ("md", "tex", "html")  # the formats of a worked solution (JSON is built in Python, below)
FRAMES = (*FORMATS, "text")  # text: only the check report
# Levels of detail of a worked solution: brief reads like the notes' worked examples, full shows every
# hand step. A rendering choice only: the steps (and the JSON) are the same at both levels.
DETAILS = ("brief", "full")
APPROX_DIGITS = 4
MAX_TEX = 1500  # characters of LaTeX for one value; longer exact values are shown as decimals
SORT_LIMIT = 30  # operations: larger sums of exponentials are printed in SymPy's own term order
MAX_OPS = 200  # operations: a value this long is shown as a decimal without printing it first
MAX_OPS_EXP = 120  # the same for values with exponentials or root objects
_TOO_LONG = "exact form:"  # how a value too long to print starts its note (after its decimal)


class _Printer(LatexPrinter):
    """SymPy's LaTeX with bracketed matrices and readable root objects."""

    def __init__(self, **settings):
        super().__init__({"mat_str": "bmatrix", "mat_delim": "", "fold_short_frac": False, "ln_notation": True,
                          **settings})
        self._polynomials: dict = {}  # poly -> its LaTeX: each root object's polynomial is printed once

    def _print_Mul(self, expr):
        # A rational power of an integer, as the notes write it: 2^{-1/4}, not SymPy's 2^{3/4}/2.
        power = pure_power(expr)
        if power is not None:
            sign, b, e = power
            return f"{sign}{b}^{{{inline_fraction(e)}}}"
        return super()._print_Mul(expr)

    # SymPy sets the parameters of a Meijer G (an integral's closed form of last resort) and of a
    # hypergeometric function in \left( … \middle| … \right); the document's display maths turns a long
    # line's \left( into a plain bracket so that it may break, and the \middle left without its \left
    # stops pdflatex (as would \biggl, which is a \left in disguise). A plain bar keeps both working.
    def _print_meijerg(self, expr, exp=None):
        rows = (self._row(expr.ap), self._row(expr.bq))  # a₁ … a_p over b₁ … b_q: m and n say which is which
        name = rf"G_{{{len(expr.ap)}, {len(expr.bq)}}}^{{{len(expr.bm)}, {len(expr.an)}}}"
        return self._parameters(name, rows, expr.argument, exp)

    def _print_hyper(self, expr, exp=None):
        rows = (self._row(expr.ap), self._row(expr.bq))
        return self._parameters(rf"{{}}_{{{len(expr.ap)}}}F_{{{len(expr.bq)}}}", rows, expr.argument, exp)

    def _row(self, parameters) -> str:
        return ", ".join(self._print(a) for a in parameters) or r"\text{--}"

    def _parameters(self, name, rows, argument, exp) -> str:
        body = (rf"{name}\left(\begin{{matrix}} {rows[0]} \\ {rows[1]} \end{{matrix}} \;\vert\; "
                rf"{self._print(argument)}\right)")
        return f"{{{body}}}^{{{exp}}}" if exp is not None else f"{{{body}}}"

    def _print_ComplexRootOf(self, expr):
        return rf"\rho_{{{expr.index + 1}}}\!\left({self._polynomial(expr.poly)}\right)"

    def _polynomial(self, poly) -> str:
        if len(self._polynomials) > 256:  # a long run (a stress test) must not keep every polynomial
            self._polynomials.clear()
        if poly not in self._polynomials:
            self._polynomials[poly] = self._print(poly.as_expr().subs(poly.gen, sp.Symbol("x")))
            if len(POLYNOMIALS) > 256:
                POLYNOMIALS.clear()
            POLYNOMIALS[self._polynomials[poly]] = poly
        return self._polynomials[poly]


def pure_power(expr) -> tuple[str, int, sp.Rational] | None:
    """(sign, b, e) when ``expr`` is ±b^e for an integer b ≥ 2 and a negative non-integer rational e
    whose denominator is not 2 (SymPy writes it c·b^(e+k), e.g. 2^{3/4}/2; square roots stay √2/2)."""
    if not expr.is_Mul or len(expr.args) != 2:
        return None
    c, p = expr.args
    if not (c.is_Rational and p.is_Pow and p.base.is_Integer and p.base >= 2 and p.exp.is_Rational
            and p.exp.q > 2):
        return None
    b, num, den, k = int(p.base), abs(c.p), c.q, 0
    while num % b == 0 and num > 1:
        num, k = num // b, k + 1
    while den % b == 0 and den > 1:
        den, k = den // b, k - 1
    e = p.exp + k
    if num != 1 or den != 1 or e >= 0:
        return None
    return ("-" if c < 0 else ""), b, e


def inline_fraction(e: sp.Rational) -> str:
    """An exponent written inline, as the card writes it: -1/4, not -\\frac{1}{4}."""
    return str(e.p) if e.q == 1 else f"{e.p}/{e.q}"


def exponent(value: Any) -> str:
    """LaTeX of an exponent with its fractions inline: -d^{2} / 4, as in the card's 2^{-d^2/4}."""
    value = as_expr(value)
    if value.is_Rational:
        return inline_fraction(value)
    return _Printer(fold_short_frac=True).doprint(value)


POLYNOMIALS: dict = {}  # a root object's polynomial's LaTeX -> the polynomial (layout.name_roots defines the roots)


_PRINTER = _Printer()
# Sorting the terms of a sum by value evaluates every root object in it, again and again:
# most of the time of rendering an n = 8 solution. Sums with root objects keep SymPy's order.
_UNSORTED_PRINTER = _Printer(order="none")


def _costly_to_sort(value, ops: int) -> bool:
    """Root objects, or long sums of exponentials: ordering their terms evaluates each one numerically."""
    if ops <= SORT_LIMIT:
        return value.has(sp.CRootOf, *IMPLICIT)
    return value.has(sp.exp, sp.CRootOf, *IMPLICIT)


def tex(value: Any) -> str:
    """LaTeX for an exact scalar or matrix.

    >>> tex(sp.sqrt(2) / 2)
    '\\\\frac{\\\\sqrt{2}}{2}'
    """
    value = as_expr(value)
    if isinstance(value, sp.MatrixBase):
        # SymPy's own layout for mat_str="bmatrix", with each entry printed (and cached) as a scalar.
        rows = (" & ".join(_marked(v) for v in value.row(i)) for i in range(value.rows))
        return r"\begin{bmatrix}" + r"\\".join(rows) + r"\end{bmatrix}"
    return _marked(value)


def _marked(value: sp.Expr) -> str:
    """A number's LaTeX, marked while a document renders so that, too wide for its line, it can be
    named (layout.name_wide_values); formulas with symbols are never named."""
    text = _tex_scalar(value)
    return text if value.free_symbols else mark(text, value)


@lru_cache(maxsize=8192)
def _tex_scalar(value: sp.Expr) -> str:
    # Cached: a worked solution prints the same few values (0, 1, an eigenvalue) again and again,
    # and SymPy's printer is the largest part of rendering.
    ops = count_ops(value, MAX_OPS)  # one bounded count serves every size test below
    number = not value.free_symbols
    if number and (ops > MAX_OPS or (ops > MAX_OPS_EXP and value.has(sp.exp, *IMPLICIT)) or _long_integer(value)):
        # Far too long to print (and to measure by printing): straight to the decimal. Values with
        # exponentials or root objects print longest, so their bound is lower.
        return rf"{decimal(value)}\ (\text{{{_TOO_LONG} too long to print, in the JSON output}})"
    text = (_UNSORTED_PRINTER if _costly_to_sort(value, ops) else _PRINTER).doprint(value)
    if number and len(text) > MAX_TEX:
        # Thousands of symbols help nobody on a page (and overflow TeX): print the decimal and
        # say where the exact value is.
        return rf"{decimal(value)}\ (\text{{{_TOO_LONG} {len(text)} symbols, in the JSON output}})"
    return text


def _long_integer(value: sp.Expr) -> bool:
    """Whether an integer in the value has more digits than MAX_TEX (Python prints none over 4,300)."""
    bits = MAX_TEX * 10 // 3
    return any(max(abs(r.p), r.q).bit_length() > bits for r in value.atoms(sp.Rational))


def col(vector) -> str:
    """A tuple of values as a column vector."""
    return r"\begin{bmatrix} " + r" \\ ".join(tex(v) for v in vector) + r" \end{bmatrix}"


def row(values, sep: str = ", ") -> str:
    """A tuple of values as a comma-separated list; with sep " + ", a sum whose negative terms are
    subtracted, as written by hand: 9 + 4 - 12, not 9 + 4 + -12."""
    if sep.strip() != "+":
        return sep.join(tex(v) for v in values)
    out = []
    for i, v in enumerate(values):
        v = as_expr(v)
        if i and v != 0 and v.could_extract_minus_sign():
            out.append(" - " + paren(-v))
        else:
            out.append((sep if i else "") + tex(v))
    return "".join(out)


def hand_sum(value: Any) -> str:
    r"""A sum as written by hand: its positive terms first, and over a whole denominator one fraction,
    π/12 − √3/8 rather than −√3/8 + π/12, (280π − 507√3)/6144 rather than (−507√3 + 280π)/6144.

    >>> hand_sum(-sp.sqrt(3) / 8 + sp.pi / 12)
    '\\frac{\\pi}{12} - \\frac{\\sqrt{3}}{8}'
    """
    value = as_expr(value)
    numerator, denominator = sp.fraction(value)
    if numerator.is_Add and denominator.is_Integer and denominator != 1:
        return rf"\frac{{{hand_sum(numerator)}}}{{{tex(denominator)}}}"
    if not value.is_Add:
        return tex(value)
    terms = sp.Add.make_args(value)
    return row(sorted(terms, key=lambda t: t.could_extract_minus_sign()), " + ")


def maths_list(items) -> str:
    """A long list of values (LaTeX) as one formula each, "$1$, $2$, …": a line may break after any of
    its commas, as it cannot inside one formula (64 costs of an amortised table ran 400pt wide)."""
    return ", ".join(f"${item}$" for item in items)


def paren(value: Any) -> str:
    """LaTeX of a value, in parentheses when it is negative or a sum (for substitutions)."""
    value = as_expr(value)
    body = tex(value)
    if value.is_Add or (value.could_extract_minus_sign() and value != 0):
        return rf"\left({body}\right)"
    return body


def base(value: Any) -> str:
    r"""LaTeX of a value used as the base of a power: parenthesised unless a whole number or a name.

    >>> base(sp.Rational(1, 2))
    '\\left(\\frac{1}{2}\\right)'
    """
    value = as_expr(value)
    body = tex(value)
    if (value.is_Integer and value >= 0) or value.is_Symbol or value in (sp.E, sp.pi):
        return body
    return rf"\left({body}\right)"


def equals_if_new(value: Any, shown: str) -> str:
    r"""' = value' after a line that already shows ``shown``, or '' when the value prints the same:
    λ₁ = 8/3, never λ₁ = 8/3 = 8/3. Templates pass the LaTeX they wrote; the comparison is here.

    >>> equals_if_new(sp.Rational(8, 3), r"\frac{8}{3}"), equals_if_new(2, r"\frac{6}{3}")
    ('', ' = 2')
    """
    body = tex(value)
    return "" if body == str(shown).strip() else " = " + body


def append_square(body: str) -> str:
    """'x' -> 'x^2' for an already formatted base (see ``base``)."""
    return body + "^2"


def tex_matrix(rows) -> str:
    """Rows of values (points one per row) as a matrix."""
    return tex(sp.ImmutableMatrix(rows))


def tex_points(points) -> str:
    """Points given one per row, written as the columns of X."""
    return tex(sp.ImmutableMatrix(points).T)


def inline_math(body: str) -> str:
    return f"${body}$"


def scalar_prefix(s: sp.Expr) -> str:
    """How a scalar factor is written in front of a vector: nothing for 1, '-' for −1, and a unit
    vector's scale as the notes write it, 1/√2 (1, −1, 0) rather than √2/2 (1, −1, 0)."""
    s = as_expr(s)
    if s == 1:
        return ""
    if s == -1:
        return "-"
    d = None if s.is_Rational else unit_divisor(abs(s))  # 1/2 (1, −1) is written as it is: no tidy(1/s)
    if d is not None:
        return ("-" if s.is_negative else "") + rf"\frac{{1}}{{{tex(d)}}}\,"
    if s.is_Add:
        # A sum scales the vector only in brackets, its rational content in front: ½ (1 − e⁻¹) (1, −1)ᵀ,
        # never ½ − 1/(2e) (1, −1)ᵀ, which reads as a difference
        content, rest = s.primitive()
        prefix = "" if content == 1 else scalar_prefix(content)
        return prefix + rf"\left({tex(rest)}\right)\,"
    return tex(s) + r"\,"


def scaled(v: Scaled) -> str:
    """A Scaled vector as scalar × column, like the notes' (1/4)(1, −1, 0)ᵀ; a vector of integers
    written out, as the notes' a₁ = (2, −2, 0)ᵀ: a factor is pulled out only to leave a simpler vector."""
    if v.scalar != 1 and all(e.is_Integer for e in v.value):
        return col(v.value)
    return scalar_prefix(v.scalar) + col(v.entries)


def scaled_matrix(m: ScaledMatrix) -> str:
    """A ScaledMatrix as its scale in front of the matrix, as a student writes L = 1/√10 [[1, 3], [3, −1]];
    with a scale per column, each entry as k/d, [[1/√2, 1/√10], [0, 2/√10]]."""
    if not m.columns:
        return scalar_prefix(m.scalar) + tex(m.entries)
    divisors = [None if s == 1 else unit_divisor(s) for s in m.columns]

    def entry(k, d) -> str:
        if d is None or k == 0:
            return tex(k)
        return ("- " if k < 0 else "") + rf"\frac{{{abs(k)}}}{{{tex(d)}}}"

    rows = (" & ".join(entry(m.entries[i, j], divisors[j]) for j in range(m.entries.cols))
            for i in range(m.entries.rows))
    return r"\begin{bmatrix}" + r"\\".join(rows) + r"\end{bmatrix}"


def _exact(value: Any):
    """The value as a Fraction: exactly, if it is rational; else from 30 correct digits (an irrational
    value is never a tie, and 30 digits decide the rounding of the few a reader sees)."""

    value = as_expr(value)
    if not value.is_Rational:
        value = sp.Rational(shown(value, 30))
    return Fraction(int(value.p), int(value.q))


def _half_up(x) -> int:
    """A non-negative Fraction rounded to a whole number as by hand: halves up (0.5625 → 0.563, not 0.562)."""
    return int(x + x.__class__(1, 2))


def decimal(value: Any, digits: int = APPROX_DIGITS) -> str:
    r"""A decimal approximation of an exact real value, for display beside it: ``digits`` significant
    figures, rounded half up as by hand, with no trailing zeros; fixed-point down to 10^-5 (a kernel matrix
    holds 0.00001526 beside 0.0002053, one notation), 10^k below that and from 10^digits.

    >>> decimal(sp.sqrt(2))
    '1.414'
    >>> decimal(sp.Rational(9, 16), 3), decimal(sp.Rational(1, 8), 2), decimal(sp.Rational(-7, 2) * 10**9)
    ('0.563', '0.13', '-3.5 \\times 10^{9}')
    """
    x = _exact(value)
    if x == 0:
        return "0"
    sign, x = ("-" if x < 0 else ""), abs(x)
    # 10^exp <= x < 10^(exp+1): from the bit lengths (log10 2 ≈ 0.30103; str() of a 5,000-digit value is
    # refused), then put right exactly
    exp = (x.numerator.bit_length() - x.denominator.bit_length()) * 30103 // 100000
    while x >= x.__class__(10) ** (exp + 1):
        exp += 1
    while x < x.__class__(10) ** exp:
        exp -= 1
    places = digits - 1 - exp
    mantissa = _half_up(x * x.__class__(10) ** places)
    if mantissa >= 10**digits:  # 9.9996 to 4 figures: 10.00, one place fewer
        exp, places, mantissa = exp + 1, places - 1, mantissa // 10  # exactly 10^digits: nothing is lost
    text = str(mantissa).rjust(digits, "0")
    if -5 <= exp < digits:
        if places <= 0:
            whole, frac = text + "0" * -places, ""
        else:
            padded = text.rjust(places + 1, "0")  # 0.0333: mantissa 33 at 3 places
            whole, frac = padded[:-places], padded[-places:].rstrip("0")
        return sign + whole + ("." + frac if frac else "")
    frac = text[1:].rstrip("0")
    return rf"{sign}{text[0]}{'.' + frac if frac else ''} \times 10^{{{exp}}}"


def approx(value: Any) -> str:
    """' \\approx 1.414' for an irrational value, '' for a rational one."""
    value = as_expr(value)
    if value.is_Rational or (not value.free_symbols and _TOO_LONG in _tex_scalar(value)):
        return ""  # a value too long to print is written as its decimal already
    return r" \approx " + decimal(value)


def approx_col(vector) -> str:
    """' \\approx (column of decimals)' when any entry is irrational."""
    if all(as_expr(v).is_Rational for v in vector):
        return ""
    return r" \approx \begin{bmatrix} " + r" \\ ".join(decimal(v) for v in vector) + r" \end{bmatrix}"


def answer_tex(value: Any, typed: Any = False) -> str:
    r"""A student's answer as read: a number, a list (row) or a list of lists (matrix).

    >>> answer_tex((1, sp.sqrt(2)))
    '\\left(1, \\sqrt{2}\\right)'
    """
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        flags = typed if isinstance(typed, tuple) else [typed] * len(value)
        body = r" \\ ".join(" & ".join(answer_tex(v, f) for v, f in zip(r, _flags(t, len(r))))
                              for r, t in zip(value, flags))
        return r"\begin{bmatrix}" + body + r"\end{bmatrix}"
    if isinstance(value, tuple):
        return r"\left(" + ", ".join(answer_tex(v, f) for v, f in zip(value, _flags(typed, len(value)))) + r"\right)"
    return _typed_decimal(value) if typed is True else tex(value)


def _flags(typed: Any, n: int) -> tuple:
    return typed if isinstance(typed, tuple) else (typed,) * n


def _typed_decimal(value: Any) -> str:
    """A number the student wrote as a decimal, shown as one again (else as LaTeX)."""
    return decimal_digits(value) or tex(value)


def decimal_digits(value: Any) -> str | None:
    """The exact decimal expansion of a rational with a terminating expansion, else None.

    >>> decimal_digits(sp.Rational(7071, 10000))
    '0.7071'
    """
    value = as_expr(value)
    if not value.is_Rational:
        return None
    q, twos, fives = value.q, 0, 0
    while q % 2 == 0:
        q, twos = q // 2, twos + 1
    while q % 5 == 0:
        q, fives = q // 5, fives + 1
    if q != 1:
        return None  # not a terminating decimal
    places = max(twos, fives)
    digits = str(abs(value.p) * 10**places // value.q).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return sign + (digits[:-places] + "." + digits[-places:] if places else digits)


def exact_decimal(value: Any) -> str | None:
    """A rational's decimal when it terminates within the shown digits (1/16 -> '0.0625'), else None: the
    tables then write "= 0.0625" rather than "≈" beside the exact value.

    >>> exact_decimal(sp.Rational(1, 16)), exact_decimal(sp.Rational(1, 65536))
    ('0.0625', None)
    """
    digits = decimal_digits(value)
    if digits is None or len(digits.lstrip("-0.").replace(".", "").rstrip("0")) > APPROX_DIGITS:
        return None
    return digits


def answer_text(value: Any, typed: Any = False) -> str:
    """A student's answer as read, in plain text: 2*sqrt(2), [1, 0.5], [[1, 2], [3, 4]]."""
    if isinstance(value, tuple):
        return "[" + ", ".join(answer_text(v, f) for v, f in zip(value, _flags(typed, len(value)))) + "]"
    return (typed is True and decimal_digits(value)) or sp.sstr(as_expr(value))


def percent(value: Any) -> str:
    r"""A fraction as a percentage as a person writes it: one decimal, rounded half up (4/7 -> '57.1\%',
    2/3 -> '66.7\%'), a whole number without one (4/5 -> '80\%', 1 -> '100\%'), and a rational whose
    percentage ends at the second decimal written exactly (9/16 -> '56.25\%', 1/16 -> '6.25\%': rounded, 93.8%
    and 6.3% would add up to 100.1%); a positive value too small for one decimal with two significant
    figures, never as 0.0% (the ball in the cube at m = 20).

    >>> percent(sp.Rational(9, 16)), percent(sp.Rational(4, 5)), percent(1), percent(sp.Rational(1, 10**5))
    ('56.25\\%', '80\\%', '100\\%', '0.001\\%')
    """
    x = _exact(value) * 100
    hundredths = abs(x) * 100
    if as_expr(value).is_Rational and hundredths.denominator == 1 and hundredths % 10:
        whole, cents = divmod(int(hundredths), 100)
        return f"{'-' if x < 0 else ''}{whole}.{cents:02d}" + r"\%"
    tenths = _half_up(abs(x) * 10)
    if x != 0 and tenths == 0:
        return decimal(sp.Rational(x.numerator, x.denominator), 2) + r"\%"
    sign = "-" if x < 0 and tenths else ""
    return f"{sign}{tenths // 10}{'' if tenths % 10 == 0 else '.' + str(tenths % 10)}" + r"\%"


def percent_is(value: Any) -> str:
    r"""The percentage with its relation: '= 50\%' when it is the value itself, '\approx 56.3\%' when
    rounded (a rational whose percentage needs no more than the one decimal shown is exact).

    >>> percent_is(sp.Rational(1, 2)), percent_is(sp.Rational(9, 16)), percent_is(sp.sqrt(2) / 2)
    ('= 50\\%', '= 56.25\\%', '\\approx 70.7\\%')
    >>> percent_is(sp.Rational(1, 10**5)), percent_is(sp.Rational(1, 3 * 10**5))
    ('= 0.001\\%', '\\approx 0.00033\\%')
    """
    value, shown = as_expr(value), percent(value)
    # exact when the printed digits are the value itself (0.001% of 1/10⁵ too, not only one decimal)
    digits = shown.removesuffix(r"\%")
    exact = value.is_Rational and re.fullmatch(r"-?\d+(\.\d+)?", digits) is not None and \
        Fraction(digits) / 100 == Fraction(int(value.p), int(value.q))
    return ("= " if exact else r"\approx ") + shown


def approx_matrix(M) -> str:
    if all(v.is_Rational for v in M):
        return ""
    return r" \approx " + decimal_matrix(M)


def decimal_matrix(M) -> str:
    """A matrix of decimal approximations (a value too wide to print exactly was given in full elsewhere)."""
    rows = [" & ".join(decimal(M[i, j]) for j in range(M.cols)) for i in range(M.rows)]
    return r"\begin{bmatrix} " + r" \\ ".join(rows) + r" \end{bmatrix}"


def edge_code(code) -> str:
    r"""An edge code as the post writes it: (0, 1, 'X', 'a', 'Y') -> '\{0, 1, X, a, Y\}'."""
    return r"\{" + ", ".join(str(x) for x in code) + r"\}"


# --- HTML ---------------------------------------------------------------------------
# The HTML templates keep inline maths as $…$, like the others; html_body turns each into a
# <span class="math inline">\(…\)</span> and wraps loose text in paragraphs. The page's script
# sets every .math element with KaTeX; a Jupyter notebook typesets the \( \) and \[ \] itself.

_BLOCK_START = re.compile(r"</?(h[1-6]|p|div|ul|ol|li|table|tr|section|article|figure)\b")
_INLINE_MATH = re.compile(r"\$([^$]+)\$([.,;:!?)]*)")  # with the punctuation that follows it


def html_text(text: str):
    """User text (a problem's title) as HTML text: escaped, and its $ never read as maths."""
    from markupsafe import Markup, escape

    return Markup(str(escape(str(text))).replace("$", "&#36;"))


def _maths(body: str) -> str:
    # Values were escaped by the environment, template text was not: the same escaping for both.
    return html.escape(html.unescape(body), quote=False)


NOWRAP_LIMIT = 60  # characters of TeX: a longer formula must stay free to break at its + and =


def _inline_maths(match: re.Match) -> str:
    span = rf'<span class="math inline">\({_maths(match.group(1))}\)</span>'
    if match.group(2) and len(match.group(1)) <= NOWRAP_LIMIT:
        # a line never breaks between a short formula and its full stop or bracket
        return f'<span class="nowrap">{span}{match.group(2)}</span>'
    return span + match.group(2)


def html_body(text: str):
    """Rendered HTML body: $…$ marked as inline maths, loose lines of text wrapped in <p>."""
    from markupsafe import Markup

    text = _INLINE_MATH.sub(_inline_maths, str(text))
    # A line holding only layout's mark (where a step's named values are written out) ends a paragraph,
    # as the empty line it becomes in Markdown and LaTeX does: it is set as a paragraph of its own.
    text = re.sub(r"\n[ \t]*\ue003[ \t]*(?=\n)", "\n\n\ue003\n", text)
    out = []
    for chunk in re.split(r"\n\s*\n", text.strip("\n")):
        lines = chunk.split("\n")
        loose = next((i for i, line in enumerate(lines) if _BLOCK_START.match(line.lstrip())), len(lines))
        if loose:  # text before the first block element (if any) is one paragraph
            out.append("<p>" + "\n".join(lines[:loose]) + "</p>")
        out.extend(lines[loose:])
    return Markup("\n".join(out) + "\n")


def display_maths(text: str):
    """The body of a display formula, escaped once (see _maths)."""
    from markupsafe import Markup

    return Markup(_maths(str(text).strip()))


@cache
def _asset(name: str) -> str:
    return (resource_dir("templates") / "frames" / "html" / name).read_text(encoding="utf-8")


@cache
def _katex_css() -> str:
    """KaTeX's style sheet with each font inlined as a woff2 data URI (every browser in use reads
    woff2; the woff and ttf fallbacks would only add weight)."""
    import base64

    fonts = resource_dir("templates") / "frames" / "html" / "katex" / "fonts"

    def inline(match: re.Match) -> str:
        data = base64.b64encode((fonts / match.group(1)).read_bytes()).decode("ascii")
        return f'url(data:font/woff2;base64,{data}) format("woff2")'

    return re.sub(r'url\(fonts/([\w-]+\.woff2)\) format\("woff2"\)(?:,url\([^)]*\) format\("\w+"\))*', inline,
                  _asset("katex/katex.min.css"))


_RENDER_MATHS = r"""
document.querySelectorAll(".math").forEach(function (el) {
  var display = el.classList.contains("display");
  var tex = el.textContent.replace(/^\s*\\[\[(]/, "").replace(/\\[\])]\s*$/, "");
  katex.render(tex, el, {displayMode: display, throwOnError: false, strict: "ignore",
                        macros: {"\\arraystretch": "1.3"}});  // matrices of fractions need the room
});
"""


def final_answers(solution):
    """(part, its answer formatted) for the final-answers box: see question.final_answers."""
    from .question import final_answers as answers

    return answers(solution)


def html_head():
    from markupsafe import Markup

    return Markup(f"<style>\n{_katex_css()}\n</style>\n<style>\n{_asset('style.css')}</style>")


def html_scripts():
    from markupsafe import Markup

    # scroll.js after the maths are set: it gives a formula that overflows its column a tab stop
    return Markup(f"<script>\n{_asset('katex/katex.min.js')}\n</script>\n<script>{_RENDER_MATHS}</script>\n"
                  f"<script>\n{_asset('scroll.js')}tutorMarkScrollers();\n</script>")


FILTERS = {
    "tex": tex,
    "col": col,
    "row": row,
    "hand_sum": hand_sum,
    "maths_list": maths_list,
    "scaled": scaled,
    "scaled_matrix": scaled_matrix,
    "scalar_prefix": scalar_prefix,
    "paren": paren,
    "base": base,
    "equals_if_new": equals_if_new,
    "exponent": exponent,
    "tex_points": tex_points,
    "tex_matrix": tex_matrix,
    "append_square": append_square,
    "inline_math": inline_math,
    "latex_text": latex_text,
    "approx": approx,
    "approx_col": approx_col,
    "approx_matrix": approx_matrix,
    "decimal_matrix": decimal_matrix,
    "decimal": decimal,
    "exact_decimal": exact_decimal,
    "percent": percent,
    "percent_is": percent_is,
    "answer_tex": answer_tex,
    "edge_code": edge_code,
    "answer_text": answer_text,
    "html_text": html_text,
    "html_body": html_body,
    "display_maths": display_maths,
    "final_answers": final_answers,
    # titles with their maths typeset (layout.py)
    "heading_tex": heading_tex,
    "heading_md": heading_md,
    "heading_html": heading_html,
    "step_title": step_title,
}
FILTERS.update(TEXT_FILTERS)  # free text (titles, file names) escaped for each format: escaping.py


def _bytecode_cache(jinja2, fmt: str):
    """Jinja's per-user cache of compiled templates (compiling the recipe templates anew was a third
    of a one-off `tutor solve`), or none where the temporary folder cannot hold it. Each format has
    its own file names: the same template compiles differently where a format escapes its output."""
    try:
        return jinja2.FileSystemBytecodeCache(pattern=f"__jinja2_tutor_{fmt}_%s.cache")
    except (OSError, RuntimeError):
        return None


@cache
def environment(fmt: str):
    """The Jinja environment of one format, built on first use (Jinja is imported lazily)."""
    import jinja2

    if fmt not in FRAMES:
        raise ValueError(f"unknown format {fmt!r}")
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(str(resource_dir("templates"))),
                                    _plugin_loader(jinja2)]),
        block_start_string="((*",
        block_end_string="*))",
        variable_start_string="(((",
        variable_end_string=")))",
        comment_start_string="((=",
        comment_end_string="=))",
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=fmt == "html",  # HTML escapes every value; LaTeX and Markdown escape only user text
        bytecode_cache=_bytecode_cache(jinja2, fmt),
        auto_reload=False,  # templates are package data: no stat() of every template on every use
    )
    env.filters.update(FILTERS)
    if fmt == "html":
        env.globals.update(html_head=html_head, html_scripts=html_scripts)
    env.globals["draw"] = partial(figure_block, fmt)  # a step's figure (tutor/figures/output.py)
    env.globals["values_in_full"] = flush_mark  # where a step's named values are written out (layout.py)
    if fmt in FORMATS:
        env.globals["fmt"] = env.get_template(f"macros/{fmt}.j2").module
        env.globals["show_marks"] = True  # a problem statement's marks (the Moodle export leaves them out)
    return env


def _plugin_loader(jinja2):
    """Templates of a plugin topic, `<topic>/…`, from the templates folder inside its own package.
    Consulted only when tutor's own templates/ has no such file (Jinja caches what it loads)."""
    from . import topics

    class PluginTopicLoader(jinja2.BaseLoader):
        def get_source(self, environment, template):
            topic, _, rest = template.partition("/")
            folder = topics.template_dir(topic) if rest else None
            if folder is None:
                raise jinja2.TemplateNotFound(template)
            return jinja2.FileSystemLoader(str(folder)).get_source(environment, rest)

    return PluginTopicLoader()


def problem_template(solution: Solution) -> str:
    return f"{solution.topic}/problem.j2"


def step_template(step: Step, topic: str) -> list[str]:
    """Where a step kind's template may be, in order: the topic's own folder, then shared/."""
    return [f"{topic}/steps/{step.kind}.j2", f"shared/steps/{step.kind}.j2"]


def frame(fmt: str, name: str) -> str:
    return f"frames/{fmt}/{name}.j2"


def with_question(solution: Solution) -> Solution:
    """The solution with its question (parts and marks) attached: tutor.solve attaches the problem
    file's; a solution made by a topic's solve directly gets the topic's default question."""
    if solution.question is not None:
        return solution
    from dataclasses import replace

    from .question import build

    return replace(solution, question=build(solution))


def _detail(detail: str) -> str:
    if detail not in DETAILS:
        raise ValueError(f"unknown level of detail {detail!r} (brief or full)")
    return detail


def render(solution: Solution, fmt: str = "md", detail: str = "brief", *, figures: bool = True,
           figure_stem: str | None = None, figure_files: dict | None = None) -> str:
    """The worked solution as a document. Figures: TikZ in LaTeX, inline SVG in HTML; in Markdown,
    links to SVG files <figure_stem>-fig<n>.svg, whose texts are put into figure_files (the caller
    writes them beside the document), or without a stem a one-line note in each figure's place."""
    solution = with_question(solution)
    _detail(detail)
    if fmt == "json":
        return json.dumps(to_json(solution, figures=figures), indent=2, ensure_ascii=False) + "\n"
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}")
    page = environment(fmt).get_template(frame(fmt, "page"))
    with naming_values(), drawing(figures, figure_stem) as drawn:
        text = name_wide_values(page.render(solution=solution, problem_template=problem_template(solution),
                                            step_template=step_template, detail=detail), fmt)
    if figure_files is not None:
        figure_files.update(drawn.files)
    text = name_roots(text, fmt)
    return split_wide_matrices(text) if fmt == "tex" else text


def render_fragment(solution: Solution, fmt: str, detail: str = "brief", *, figures: bool = True) -> str:
    """A worked solution to put inside another document (a Jupyter notebook, nbconvert's LaTeX):
    Markdown as for a page (its figures as data URIs), LaTeX without preamble (figures, if asked for,
    need the tikz package), HTML without KaTeX (the notebook sets the maths)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}")
    solution = with_question(solution)
    name = "page" if fmt == "md" else "fragment"
    with naming_values(), drawing(figures, inline=True):
        text = name_wide_values(environment(fmt).get_template(frame(fmt, name)).render(
            solution=solution, problem_template=problem_template(solution), step_template=step_template,
            detail=_detail(detail)), fmt)
    return name_roots(text, fmt)


def render_sheet(solutions, fmt: str = "md", *, title: str = "Problem sheet", with_solutions: bool = False,
                 detail: str = "brief", figures: bool = True, figure_stem: str | None = None,
                 figure_files: dict | None = None) -> str:
    """A numbered problem sheet (or exam); with_solutions adds each worked solution after its problem,
    with its figures numbered through the sheet (see render for figure_stem and figure_files)."""
    from .question import distinct_titles

    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}")
    solutions = [with_question(s) for s in solutions]
    titles = distinct_titles(s.title for s in solutions)  # two problems titled alike are numbered
    with naming_values(), drawing(figures, figure_stem) as drawn:
        text = name_wide_values(environment(fmt).get_template(frame(fmt, "sheet")).render(
            problems=list(zip(solutions, titles)), title=title, with_solutions=with_solutions,
            problem_template=problem_template, step_template=step_template, detail=_detail(detail)), fmt)
    if figure_files is not None:
        figure_files.update(drawn.files)
    text = name_roots(text, fmt)
    return split_wide_matrices(text) if fmt == "tex" else text


# --- JSON -------------------------------------------------------------------------


class Names:
    """The numbers of one solution's JSON that are named rather than written: root objects rho_j and
    the entries v_j_i of their unit eigenvectors, with the matrices M_m they belong to.

    Exact strings use the names, which sympify reads as symbols; to_json lists each name's exact
    definition (a polynomial and the index of its root, or a matrix, a root and an entry), a certified
    isolating interval, and decimals.
    """

    DIGITS = 30  # digits of each name's certified decimals and interval

    def __init__(self):
        self.roots: dict = {}  # PolyRoot -> "rho_j"
        self.entries: dict = {}  # EigenvectorEntry -> "v_j_i"
        self.matrices: dict = {}  # ImmutableMatrix -> "M_m"

    def name_of(self, atom) -> str:
        from .exact.implicit import PolyRoot

        if isinstance(atom, PolyRoot):
            return self.roots.setdefault(atom, f"rho_{len(self.roots) + 1}")
        root = self.name_of(atom.root) if isinstance(atom.root, PolyRoot) else None
        self.matrices.setdefault(atom.matrix, f"M_{len(self.matrices) + 1}")
        return self.entries.setdefault(atom, f"v_{root[4:] if root else len(self.entries) + 1}_{atom.i + 1}")

    def definitions(self) -> dict:
        from .exact.implicit import entry_interval, isolating_interval

        x = sp.Symbol("x")
        out = {}
        for root, name in list(self.roots.items()):
            m = len(root.coefficients) - 1
            polynomial = sp.Add(*[c * x ** (m - i) for i, c in enumerate(root.coefficients)])
            lo, hi = isolating_interval(root, self.DIGITS)
            out[name] = {"definition": f"root {root.k + 1} (counted from the largest) of the polynomial in x",
                         "polynomial": self.print(polynomial), "root": root.k + 1,
                         "interval": [str(lo), str(hi)], "decimal": _digits(root, self.DIGITS)}
        for entry, name in self.entries.items():
            lo, hi = entry_interval(entry, self.DIGITS)
            out[name] = {"definition": "entry i of the unit eigenvector of matrix M for its simple eigenvalue, "
                                       "first non-zero entry positive",
                         "matrix": self.matrices[entry.matrix], "eigenvalue": self.print(entry.root),
                         "entry": entry.i + 1, "interval": [str(lo), str(hi)], "decimal": _digits(entry, self.DIGITS)}
        return out

    def print(self, value) -> str:
        value = as_expr(value)
        # SymPy orders a sum's terms by value: for long sums of exponentials and root objects that
        # evaluates each term again and again (seconds for an n = 8 RBF solution), so those keep
        # SymPy's own order, as the LaTeX printer does.
        unordered = _costly_to_sort(value, count_ops(value, SORT_LIMIT + 1))
        return _JsonPrinter(self, order="none" if unordered else None).doprint(value)


def _digits(value, digits: int) -> str:
    return str(shown(value, digits + 5).round(digits))


class _JsonPrinter(StrPrinter):
    """SymPy's str, which sympify reads back, with named numbers printed by their names."""

    def __init__(self, names: Names, order: str | None = None):
        super().__init__({"order": order} if order else {})
        self.name_of = names.name_of

    def _print_Symbol(self, expr):
        # A label such as O, N, S or I (atoms in DFS codes) would read back as SymPy's own object.
        return f"Symbol({expr.name!r})" if _taken(expr.name) else expr.name

    def _print_ComplexRootOf(self, expr):
        return _root_text(expr)


@lru_cache(maxsize=1024)
def _root_text(root: sp.CRootOf) -> str:
    """A CRootOf as SymPy's str, printed once: its polynomial (in lex order whatever the printer's) is
    the same at each of its occurrences, thousands in the JSON of an 8-point degree-10 kernel (2 s)."""
    return StrPrinter()._print_ComplexRootOf(root)


@cache
def _taken(name: str) -> bool:
    import keyword

    return keyword.iskeyword(name) or hasattr(sp, name) or not name.isidentifier()


def exact_data(value: Any, names: Names | None = None):
    """An exact value as a SymPy-readable string, or nested lists of them.

    Rationals, surds, exponentials and CRootOf objects print as SymPy's own str; a root object or
    an eigenvector entry defined implicitly prints as its name in ``names`` (e.g. rho_1, v_1_2).
    """
    names = names if names is not None else Names()
    if isinstance(value, sp.MatrixBase):
        return [[exact_data(value[i, j], names) for j in range(value.cols)] for i in range(value.rows)]
    if isinstance(value, (tuple, list)):
        return [exact_data(v, names) for v in value]
    return _exact_text(names.print, value)


MAX_EXACT_DIGITS = 50_000


def _exact_text(printer, value) -> str:
    """printer(value), also when an integer in it is longer than Python prints by default (4,300 digits,
    a guard against slow conversions of untrusted text): ours are bounded where problems are read,
    such as 1 − (1 − 1/10^50)^200 of high-dim, and are printed up to MAX_EXACT_DIGITS."""
    try:
        return printer(value)
    except ValueError:
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(MAX_EXACT_DIGITS)
        try:
            return printer(value)
        finally:
            sys.set_int_max_str_digits(limit)


def approx_data(value: Any):
    """The matching floats, or nested lists of them (None where a value has no number)."""
    if isinstance(value, sp.MatrixBase):
        return [[approx_data(value[i, j]) for j in range(value.cols)] for i in range(value.rows)]
    if isinstance(value, (tuple, list)):
        return [approx_data(v) for v in value]
    value = as_expr(value)
    if value.free_symbols:
        return None
    return float(shown(value, 30))


def step_data(step: Step, names: Names | None = None, figures: bool = True) -> dict:
    result = step.result
    if isinstance(result, sp.MatrixBase) or not isinstance(result, (tuple, list)):
        latex = tex(result) if result is not None else step.formula
    else:
        latex = r",\quad ".join(col(v) if isinstance(v, tuple) else tex(v) for v in result)
    return {
        "key": step.key,
        "kind": step.kind,
        "title": step.title,
        "formula": step.formula,
        "latex": latex,
        "checks": [{"statement": c.statement, "passed": c.passed} for c in step.checks],
        "note": step.note,
    } | ({"figure": figure_data(step.figure, names)} if figures and step.figure is not None else {})


def to_json(solution: Solution, figures: bool = True) -> dict:
    """The solution as JSON data: every `exact` string is one sympify reads (see Names for the
    names of implicitly defined numbers, listed under "names" when there are any)."""
    from . import topics

    topic = topics.get(solution.topic)
    names = Names()
    solution = with_question(solution)
    question = solution.question
    statement = environment("md").get_template(problem_template(solution)).render(solution=solution,
                                                                                  show_marks=True)
    data = {
        "topic": solution.topic,
        "title": solution.title,
        "problem": topic.problem_data(solution.problem),
        # The question as the student sees it: the whole statement in Markdown (maths in $…$), and its
        # parts as data, each asking for one answer key, with its marks.
        "question": {
            "markdown": statement.strip() + "\n",
            "parts": [{"label": part.label, "key": part.key, "text": part.text, "marks": str(part.marks)}
                      for part in question.parts],
            "total_marks": str(question.total),
        },
        "steps": [step_data(s, names, figures) for s in solution.steps],
        "answers": {
            key: {"exact": exact_data(value, names), "approx": approx_data(value)}
            for key, value in solution.answers.items()
        },
        "summary": list(solution.summary),
    }
    if names.roots or names.entries:
        data["names"] = names.definitions()
        data["matrices"] = {name: exact_data(matrix, names) for matrix, name in names.matrices.items()}
    return data
