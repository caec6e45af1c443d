r"""A whitelist parser for exact numbers written as plain maths or a LaTeX subset.

Problem files and students' answers are untrusted, so strings never reach
``eval``, ``sympify`` or ``parse_expr``. This recursive-descent parser accepts
only numbers, ``+ - * / ^`` (and ``**``), parentheses, implicit multiplication
(``2sqrt(2)``, ``2 pi``), a few named functions and constants, and the LaTeX a
student types for them (``\frac{1}{\sqrt{2}}``, ``e^{-1}``, ``\ln 2``,
``2\cdot\pi``), and builds the SymPy value directly.

A function applies to a bracketed argument, and a power after the bracket
raises the value: ``ln(2)^2`` and ``\exp(1)^2`` are (ln 2)² and e², as in every
calculator. Without brackets the argument is the next power, as TeX typesets
it: ``\ln 2^2`` is ln(2²) = ln 4 and ``ln 2/4`` is (ln 2)/4. A positive integer
power written on the function itself is a power of the value: ``\ln^2 2`` and
``ln^2(2)`` are (ln 2)²; ``ln^{-1}`` (an inverse or a reciprocal?) is refused.

Every value is bounded as it is built, before SymPy evaluates it, so no string
can hang the parser or exhaust memory (each takes well under a second, in a
few MB; tests/test_parser_fuzz.py checks 200,000 generated strings a run):

- the input: at most MAX_LENGTH characters, MAX_TOKENS symbols, MAX_DEPTH
  nested brackets, functions and signs, MAX_LITERAL_DIGITS digits in a number
  and 10^±MAX_SCI_EXPONENT in scientific notation;
- exponents: a rational exponent of a base other than e has numerator and
  denominator at most MAX_EXPONENT, an irrational one at most MAX_EXPONENT in
  size, and ``ln`` may appear in an exponent only of e, as terms c·ln(a)
  (``e^(ln(2)/4)``, ``exp(1 - 2 ln 3)``), which become powers a^c;
- magnitude: every non-zero value lies between 10^-MAX_MAGNITUDE and
  10^MAX_MAGNITUDE. A power or an exponential is bounded from 64-bit interval
  enclosures of its base and exponent, and refused before it is built;
- exact numbers: numerator and denominator of every rational have at most
  MAX_DIGITS digits, checked before an exact power is computed;
- roots: SymPy simplifies n^(p/q) by factoring n^p (n^(q-p) for a negative
  exponent), and merges roots of the same base or the same exponent in a
  product; such a number, predicted before the power or the product is built,
  has at most MAX_ROOT_DIGITS digits (so ``12^(999/1000)`` is refused);
- signs: sqrt, ln and roots of negative numbers are refused on signs proved
  by the same enclosures (to 2048 bits near zero), not on SymPy's guesses; a
  value too close to zero to decide, such as ln 6 - ln 2 - ln 3, is refused;
- variables (``x1^2 - x2``): total degree at most MAX_DEGREE.

>>> parse_number("2*sqrt(2)")
2*sqrt(2)
>>> parse_number("1/2 + 0.25")
3/4
>>> parse_number("2^(3/2)") == parse_number("sqrt(8)")
True
>>> parse_number(r"\frac{1}{\sqrt{2}}")
sqrt(2)/2
>>> parse_number("ln(2)^2"), parse_number(r"\ln 2^2"), parse_number(r"\ln^2 2")
(log(2)**2, log(4), log(2)**2)
>>> parse_number("exp(1 - 2 ln(3))")
E/9
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

import mpmath
import sympy as sp
from mpmath.ctx_iv import MPIntervalContext

from ..errors import ParseError

MAX_LENGTH = 2000  # characters in one expression
MAX_TOKENS = 400
MAX_DEPTH = 40  # nested parentheses, functions and unary signs
MAX_LITERAL_DIGITS = 60  # digits in one number literal
MAX_SCI_EXPONENT = 350  # |k| in 1.5e-k: the range of a double, so any float a student pastes
MAX_EXPONENT = 1000  # |p| and q of a rational exponent p/q, and the size of an irrational one
MAX_MAGNITUDE = 1000  # every non-zero value lies within 10^±1000
MAX_DIGITS = 2000  # digits of the numerator and of the denominator of an exact rational
MAX_ROOT_DIGITS = 200  # digits of a number SymPy factors to simplify a root (~5 ms at 200 digits)
MAX_DEGREE = 32  # total degree of an expression in variables

FUNCTIONS = ("sqrt", "exp", "ln", "log")
CONSTANTS = {"pi": sp.pi, "π": sp.pi, "e": sp.E}

_TOKEN = re.compile(
    r"""
    (?P<space>\s+|\\[,;:!\ ])
  | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+(?![A-Za-z_(]))?)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*|π|η|λ|μ)
  | (?P<command>\\[A-Za-z]+)
  | (?P<op>\*\*|[-+*/^(){}√−×·÷])
    """,
    re.VERBOSE,
)
_ALIASES = {"−": "-", "×": "*", "·": "*", "÷": "/", "**": "^"}

# The LaTeX a student types for our grammar. Layout commands are dropped, operator
# commands become operators, and the rest are handled by the parser.
_LATEX_IGNORED = {r"\left", r"\right", r"\displaystyle", r"\quad", r"\qquad"}
_LATEX_OPS = {r"\cdot": "*", r"\times": "*", r"\div": "/"}
_LATEX_NAMES = {r"\pi": "π", r"\eta": "η", r"\lambda": "λ", r"\mu": "μ"}
_LATEX_FUNCTIONS = {r"\sqrt": "sqrt", r"\ln": "ln", r"\log": "log", r"\exp": "exp"}
_LATEX_FRACTIONS = {r"\frac", r"\dfrac", r"\tfrac"}
_LATEX_KNOWN = _LATEX_IGNORED | set(_LATEX_OPS) | set(_LATEX_NAMES) | set(_LATEX_FUNCTIONS) | _LATEX_FRACTIONS


@dataclass(frozen=True)
class Token:
    kind: str  # "number", "name", "op", "end"
    text: str
    column: int  # 1-based


@dataclass(frozen=True)
class Parsed:
    """The exact value of a string, and whether it was written with a decimal point."""

    value: sp.Expr
    decimal: bool
    # the fewest significant figures among its decimals as written, trailing zeros counted (−0.80 has 2,
    # where its value −4/5 has 1); None without a decimal or for one of zeros only (0.00)
    figures: int | None = None


def tokenize(text: str) -> list[Token]:
    if len(text) > MAX_LENGTH:
        raise ParseError(f"too long ({len(text)} characters; at most {MAX_LENGTH})")
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            hint = " (write several values as a list: [a, b, c])" if text[pos] in ",;" else ""
            raise unexpected_character(text, pos, hint)
        kind, tok = m.lastgroup, m.group()
        if kind == "command":
            kind, tok = _latex_token(tok, pos + 1)
        if kind != "space":
            tokens.append(Token(kind, _ALIASES.get(tok, tok), pos + 1))
            if len(tokens) > MAX_TOKENS:
                raise ParseError(f"too many symbols (at most {MAX_TOKENS})", pos + 1)
        pos = m.end()
    tokens.append(Token("end", "", len(text) + 1))
    return tokens


def unexpected_character(text: str, pos: int, hint: str = "") -> ParseError:
    """The error for the character at ``pos`` that no token starts with (shown as U+XXXX when it does not print)."""
    ch = text[pos]
    shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
    return ParseError(f"unexpected character {shown}{hint}", pos + 1)


def _latex_token(command: str, column: int) -> tuple[str, str]:
    """The token a LaTeX command stands for: an operator, a name, a command, or nothing."""
    if command not in _LATEX_KNOWN:
        allowed = r"\frac, \sqrt, \ln, \log, \exp, \pi, \cdot, \times, \left, \right"
        raise ParseError(f"unknown LaTeX command {command} (allowed: {allowed})", column)
    if command in _LATEX_IGNORED:
        return "space", command
    if command in _LATEX_OPS:
        return "op", _LATEX_OPS[command]
    if command in _LATEX_NAMES:
        return "name", _LATEX_NAMES[command]
    if command in _LATEX_FUNCTIONS:
        return "name", _LATEX_FUNCTIONS[command]
    return "command", "frac"




def parse(text: str, variables: dict[str, sp.Symbol] | None = None) -> Parsed:
    """Parse ``text`` into an exact SymPy value, or raise ParseError.

    ``variables`` names the only symbols allowed (for a map such as x2 - x1^2).
    """
    if not isinstance(text, str):
        raise ParseError(f"expected a string, got {type(text).__name__}")
    if "\x00" in text:
        raise ParseError("contains a NUL byte")
    parser = _Parser(tokenize(text), variables or {})
    value = parser.expression()
    tok = parser.peek()
    if tok.kind != "end":
        raise ParseError(f"unexpected {_describe(tok)}", tok.column)
    if value.has(sp.zoo, sp.oo, sp.nan):
        raise ParseError("the value is not a finite number")
    return Parsed(value, parser.saw_decimal, parser.figures)


def parse_map(text: str, variables: dict[str, sp.Symbol]) -> sp.Expr:
    """A real expression in the given variables only, such as ``x2 - x1^2``."""
    return parse(text, variables).value


def parse_number(text: str) -> sp.Expr:
    """Parse a real, finite exact number (complex results are refused)."""
    return parse_real(text).value


def parse_real(text: str) -> Parsed:
    """Like parse, for a real number: complex results are refused."""
    parsed = parse(text)
    # The grammar builds real numbers only (signs are decided before sqrt, ln and roots); SymPy's own
    # is_real can raise TypeError on a value near zero, such as ln(ln(2.718281828))^5.
    if parsed.value.has(sp.I):
        raise ParseError("the value is not a real number")
    return parsed


def to_exact(raw: object) -> sp.Expr:
    """An exact value from a YAML scalar: int, decimal float (read exactly) or string."""
    if isinstance(raw, bool):
        raise ParseError("expected a number, got true/false")
    if isinstance(raw, int):
        if abs(raw) >= 10**MAX_LITERAL_DIGITS:
            raise ParseError(f"number has more than {MAX_LITERAL_DIGITS} digits")
        return sp.Integer(raw)
    if isinstance(raw, float):
        if not math.isfinite(raw):
            raise ParseError("the value is not a finite number")
        # A YAML decimal such as 0.1 means the decimal fraction 1/10, not the
        # binary float nearest to it: read its shortest repr exactly.
        return parse_number(repr(raw))
    if isinstance(raw, str):
        return parse_number(raw)
    raise ParseError(f"expected a number, got {_yaml_type(raw)}")


def _yaml_type(raw: object) -> str:
    return {list: "a list", dict: "a mapping", type(None): "nothing"}.get(type(raw), type(raw).__name__)


def _describe(tok: Token) -> str:
    return "end of input" if tok.kind == "end" else repr(tok.text)


class _Parser:
    """Recursive descent over the token list, building bounded SymPy values as it goes."""

    def __init__(self, tokens: list[Token], variables: dict[str, sp.Symbol]):
        self.tokens = tokens
        self.variables = variables
        self.i = 0
        self.depth = 0
        self.saw_decimal = False
        self.figures: int | None = None

    def peek(self) -> Token:
        return self.tokens[self.i]

    def take(self) -> Token:
        tok = self.tokens[self.i]
        if tok.kind != "end":  # the end stays the next token, however often it is taken
            self.i += 1
        return tok

    def expect(self, text: str) -> Token:
        tok = self.take()
        if tok.text != text:
            raise ParseError(f"expected {text!r}, found {_describe(tok)}", tok.column)
        return tok

    def enter(self, column: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ParseError(f"nested too deeply (at most {MAX_DEPTH} levels)", column)

    # expression := term (('+' | '-') term)*
    def expression(self) -> sp.Expr:
        value = self.term()
        while self.peek().text in ("+", "-"):
            tok = self.take()
            rhs = self.term()
            value = _add(value, rhs if tok.text == "+" else -rhs, tok.column)
        return value

    # term := unary (('*' | '/' | implicit) unary)*
    def term(self) -> sp.Expr:
        value = self.unary()
        while True:
            tok = self.peek()
            if tok.text in ("*", "/"):
                self.take()
                rhs = self.unary()
                value = _divide(value, rhs, tok.column) if tok.text == "/" else _multiply(value, rhs, tok.column)
            elif self._starts_implicit_factor(tok):
                value = _multiply(value, self.unary(), tok.column)
            else:
                return value

    def _starts_implicit_factor(self, tok: Token) -> bool:
        # "2pi", "2 sqrt(2)", "(1+x)(2)": a factor that is not a bare number,
        # so "2 3" stays an error rather than silently meaning 6.
        return tok.kind in ("name", "command") or tok.text in ("(", "{", "√")

    # unary := ('+' | '-') unary | power
    def unary(self) -> sp.Expr:
        tok = self.peek()
        if tok.text in ("+", "-"):
            self.take()
            self.enter(tok.column)
            value = self.unary()
            self.depth -= 1
            return -value if tok.text == "-" else value
        return self.power()

    # power := atom ('^' unary)?    (right-associative: 2^3^2 = 2^9)
    def power(self) -> sp.Expr:
        base = self.atom()
        tok = self.peek()
        if tok.text != "^":
            return base
        self.take()
        self.enter(tok.column)
        exponent = self.unary()
        self.depth -= 1
        return _power(base, exponent, tok.column)

    def atom(self) -> sp.Expr:
        tok = self.take()
        if tok.kind == "number":
            return self._number(tok)
        if tok.text in ("(", "{"):
            return self._group(tok)
        if tok.text == "√":
            self.enter(tok.column)
            value = _sqrt(self.power(), tok.column)
            self.depth -= 1
            return value
        if tok.kind == "command":  # \frac{a}{b}, \frac12
            self.enter(tok.column)
            numerator = self._argument()
            denominator = self._argument()
            self.depth -= 1
            return _divide(numerator, denominator, tok.column)
        if tok.kind == "name" and tok.text in self.variables:
            return self.variables[tok.text]
        if tok.kind == "name":
            name = tok.text.lower() if tok.text != "π" else tok.text
            if name in CONSTANTS:
                return CONSTANTS[name]
            if name in FUNCTIONS:
                return self._function(name, tok)
            known = ", ".join(sorted(set(FUNCTIONS) | set(CONSTANTS) - {"π"} | set(self.variables)))
            raise ParseError(f"unknown name {tok.text!r} (allowed: {known})", tok.column)
        raise ParseError(f"expected a number, '(' or a function, found {_describe(tok)}", tok.column)

    def _group(self, opening: Token) -> sp.Expr:
        self.enter(opening.column)
        value = self.expression()
        self.expect(")" if opening.text == "(" else "}")
        self.depth -= 1
        return value

    def _function(self, name: str, tok: Token) -> sp.Expr:
        # sqrt(2), \sqrt{2}, \sqrt2: a bracket or one character. ln(2)^2 = (ln 2)^2: a bracketed
        # argument ends the function, and power() raises the value. \ln 2^2 = ln 4, ln 2/4 = (ln 2)/4:
        # without brackets the argument is the next power, as TeX sets it. \ln^2 2 = (ln 2)^2.
        self.enter(tok.column)
        times = self._function_power() if name != "sqrt" else None  # (k, column of the ^)
        if name == "sqrt":
            arg = self._argument()
        elif self.peek().text in ("(", "{"):
            arg = self._group(self.take())
        else:
            arg = self.power()
        self.depth -= 1
        if name == "sqrt":
            value = _sqrt(arg, tok.column)
        elif name == "exp":
            value = _exp(arg, tok.column)
        else:
            value = _log(arg, tok.column)
        return value if times is None else _power(value, *times)

    def _function_power(self) -> tuple[sp.Integer, int] | None:
        r"""The k of \ln^k x or ln^{k}(x): a positive integer, one digit or in braces, as TeX reads it."""
        if self.peek().text != "^":
            return None
        caret = self.take()
        tok = self.take()
        digits = self.take() if tok.text == "{" else tok
        if digits.kind != "number" or not digits.text.isdigit():
            raise ParseError("a power on a function must be a positive integer, as in \\ln^2 x = (\\ln x)^2;"
                             " write (\\ln x)^(-1) or 1/\\ln x for a reciprocal", caret.column)
        if tok.text == "{":
            self.expect("}")
        if tok.text != "{" and len(digits.text) > 1:
            # TeX reads \ln^22 as \ln^{2} 2: the power is one digit, the rest is the argument.
            self.i -= 1
            self.tokens[self.i] = Token("number", digits.text[1:], digits.column + 1)
            return sp.Integer(int(digits.text[0])), caret.column
        if len(digits.text) > 4 or int(digits.text) == 0:
            raise ParseError(f"a power on a function must be an integer from 1 to {MAX_EXPONENT}", caret.column)
        return sp.Integer(int(digits.text)), caret.column

    def _argument(self) -> sp.Expr:
        r"""A LaTeX argument: a {group}, a (group), or one character, as in \frac12 or \sqrt2."""
        tok = self.peek()
        if tok.text in ("(", "{"):
            return self._group(self.take())
        if tok.kind == "number" and tok.text.isdigit() and len(tok.text) > 1:
            # TeX reads \frac12 as \frac{1}{2}: split the digits, keep the rest for later.
            self.tokens[self.i] = Token("number", tok.text[1:], tok.column + 1)
            return sp.Integer(int(tok.text[0]))
        if tok.kind in ("number", "name"):
            return self.atom()
        raise ParseError(f"expected an argument such as (2) or {{2}}, found {_describe(tok)}", tok.column)

    def _number(self, tok: Token) -> sp.Expr:
        text = tok.text
        mantissa, _, exp_text = text.lower().partition("e")
        digits = sum(ch.isdigit() for ch in mantissa)
        if digits > MAX_LITERAL_DIGITS:
            raise ParseError(f"number has more than {MAX_LITERAL_DIGITS} digits", tok.column)
        exp10 = 0
        if exp_text:
            exp10 = int(exp_text)
            if abs(exp10) > MAX_SCI_EXPONENT:
                raise ParseError(f"exponent of 10 larger than {MAX_SCI_EXPONENT}", tok.column)
        whole, _, frac = mantissa.partition(".")
        if "." in mantissa or exp_text:
            self.saw_decimal = True
            written = len((whole + frac).lstrip("0")) or None  # 0.0040 has 2: leading zeros are no figures
            if written is not None:
                self.figures = written if self.figures is None else min(self.figures, written)
        value = sp.Rational(int((whole or "0") + frac), 10 ** len(frac))
        return value * sp.Rational(10) ** exp10


# --- Bounded arithmetic ---------------------------------------------------------------------------
#
# Each operation predicts what SymPy is about to compute before asking SymPy for it: the magnitude
# of a power or an exponential from interval enclosures of its base and exponent, and the exact
# powers and roots that SymPy's automatic simplification makes (sqrt(8) -> 2 sqrt(2),
# 2^(1/2) 2^(1/3) -> 2^(5/6), sqrt(2) sqrt(3) -> sqrt(6), exp(3 ln 2) -> 8). After it is built,
# every value is checked again: its magnitude, the digits of its rational coefficients and, in
# variables, its degree. Signs (sqrt of a negative number, ln of a non-positive one) are decided
# by the same enclosures, not by SymPy's assumptions, which can be wrong near zero.

_IV = MPIntervalContext()  # our own context: tidy.numeric changes the global mpmath precision
_IV.prec = 64
_MAX_LN = MAX_MAGNITUDE * math.log(10) * (1 + 1e-9)  # |ln v| for v within 10^±MAX_MAGNITUDE, and a hair
_MAX_LOG2 = MAX_MAGNITUDE * math.log2(10)
_MAX_BITS = MAX_DIGITS * math.log2(10)
_MAX_ROOT_BITS = MAX_ROOT_DIGITS * math.log2(10)
_SIGN_PRECISIONS = (256, 2048)  # bits for a second and a last look at a value near zero


def _add(a: sp.Expr, b: sp.Expr, column: int) -> sp.Expr:
    return _checked(_built(sp.Add, a, b, column=column), column)


def _multiply(a: sp.Expr, b: sp.Expr, column: int) -> sp.Expr:
    _check_roots(_root_factors(a) + _root_factors(b), column)
    return _checked(_built(sp.Mul, a, b, column=column), column)


def _divide(a: sp.Expr, b: sp.Expr, column: int) -> sp.Expr:
    if b == 0:
        raise ParseError("division by zero", column)
    return _multiply(a, _power(b, sp.Integer(-1), column), column)


def _sqrt(x: sp.Expr, column: int) -> sp.Expr:
    if not x.free_symbols and _sign(x, column) < 0:
        raise ParseError("sqrt of a negative number", column)
    return _power(x, sp.Rational(1, 2), column)


def _log(x: sp.Expr, column: int) -> sp.Expr:
    if x.free_symbols or _sign(x, column) <= 0:
        raise ParseError("ln needs a positive argument", column)
    return _checked(_built(sp.log, x, column=column), column)


def _exp(x: sp.Expr, column: int) -> sp.Expr:
    """exp(x), with each term c·ln(a) of x made the power a^c here, bounded, as SymPy would make it.

    SymPy turns exp(n·ln a) into a^n, and combines other logarithms in the exponent into powers
    before anything could bound them, so ln may appear in x only as such terms.
    """
    if x.free_symbols:
        return _checked(_built(sp.exp, x, column=column), column)
    _check_exponential(_enclosure(x, column), column)
    rest, powers = [], []
    for term in sp.Add.make_args(x):
        if not term.has(sp.log):
            rest.append(term)
            continue
        coeff, product = term.as_coeff_Mul()
        factors = sp.Mul.make_args(product)
        logs = [f for f in factors if isinstance(f, sp.log)]
        others = [f for f in factors if not isinstance(f, sp.log)]
        if len(logs) != 1 or any(f.has(sp.log) for f in others):
            raise ParseError("ln may appear in an exponent only in terms c·ln(a), as in exp(1 - 2 ln 3)", column)
        powers.append((logs[0].args[0], _built(sp.Mul, coeff, *others, column=column)))
    rest_sum = _built(sp.Add, *rest, column=column)
    _check_exponential(_enclosure(rest_sum, column), column)
    value = _checked(_built(sp.exp, rest_sum, column=column), column)
    for base, exponent in powers:
        value = _multiply(value, _power(base, exponent, column), column)
    return value


def _power(base: sp.Expr, exponent: sp.Expr, column: int) -> sp.Expr:
    """base^exponent, refused before it is built when it would be huge, tiny or costly to simplify."""
    if base is sp.E:  # e^(-x) is exp(-x), which _exp bounds (a density written as in the notes)
        return _exp(exponent, column)
    if exponent.free_symbols or (base.free_symbols and not exponent.is_Rational):
        raise ParseError("exponent must be a number", column)
    if isinstance(base, sp.exp):  # (e^y)^x = e^(xy), as SymPy rewrites it
        return _exp(_multiply(base.exp, exponent, column), column)
    if exponent.has(sp.log):
        raise ParseError("ln may appear in an exponent only of e, as in e^(ln(2)/4)", column)
    if exponent.is_Rational:
        if abs(exponent.p) > MAX_EXPONENT or exponent.q > MAX_EXPONENT:
            raise ParseError(f"exponent too large (numerator and denominator at most {MAX_EXPONENT})", column)
    elif _largest(_enclosure(exponent, column)) > MAX_EXPONENT:
        raise ParseError(f"exponent too large (at most {MAX_EXPONENT})", column)
    if base == 0:
        if _sign(exponent, column) < 0:
            raise ParseError("division by zero", column)
        return sp.Pow(base, exponent)
    if not base.free_symbols:
        if not exponent.is_Integer and _sign(base, column) < 0:
            raise ParseError("fractional power of a negative number", column)
        _check_power_magnitude(base, exponent, column)
    _check_roots(_powered_root_factors(base, exponent), column)
    return _checked(_built(sp.Pow, base, exponent, column=column), column)


def _built(build, *args: sp.Expr, column: int) -> sp.Expr:
    """SymPy's value for build(*args), checked beforehand by the caller.

    SymPy's assumptions about a number very close to zero can contradict each other (is ln(ln
    2.718281828) negative?) and then its constructors raise TypeError: that is a value we cannot
    build, not a crash. SymPy's integer factoring, which simplifies a root, raises ValueError on some
    integers of over 70 digits (√(10^100 + 4)): a root we cannot simplify, not a crash either.
    """
    try:
        return build(*args)
    except TypeError:
        raise ParseError("cannot build this value exactly (a part is too close to zero)", column) from None
    except ValueError:
        raise ParseError("cannot simplify this root exactly (SymPy's factoring fails on its number)", column) from None


def _checked(value: sp.Expr, column: int) -> sp.Expr:
    """A value SymPy has just built, checked: magnitude, digits of its coefficients, degree."""
    for term in sp.Add.make_args(value):
        coeff = term.as_coeff_Mul()[0]
        if coeff.is_Rational and max(abs(coeff.p).bit_length(), coeff.q.bit_length()) > _MAX_BITS:
            raise ParseError(f"a number with more than {MAX_DIGITS} digits", column)
    if value.is_Rational and abs(abs(value.p).bit_length() - value.q.bit_length()) < _MAX_LOG2 - 2:
        return value  # a rational well within the magnitude bounds: the common case, decided by its bits
    enclosure = _enclosure(value, column)
    if enclosure is None:
        if _degree(value) > MAX_DEGREE:
            raise ParseError(f"degree too high (at most {MAX_DEGREE})", column)
    else:
        _check_magnitude(enclosure, column)
    return value


def _check_magnitude(enclosure, column) -> None:
    """Refuse a value that may exceed 10^MAX_MAGNITUDE, or is non-zero and below 10^-MAX_MAGNITUDE."""
    low, high = _ends(enclosure)
    largest = max(abs(low), abs(high))
    if not largest:
        return
    bits = _MP.mag(largest)  # about log2 of the value: a logarithm is needed only near the bounds
    if bits > _MAX_LOG2 - 2 and _MP.ln(largest) > _MAX_LN:
        raise ParseError(f"value too large (more than 10^{MAX_MAGNITUDE})", column)
    if bits < 2 - _MAX_LOG2 and (low > 0 or high < 0) and _MP.ln(largest) < -_MAX_LN:
        raise ParseError(f"value too small (non-zero, less than 10^-{MAX_MAGNITUDE})", column)


def _check_exponential(ln_value, column) -> None:
    """Refuse e^ln_value (an enclosure) when it may lie outside 10^±MAX_MAGNITUDE."""
    low, high = _ends(ln_value)
    if high > _MAX_LN:
        raise ParseError(f"value too large (more than 10^{MAX_MAGNITUDE})", column)
    if low < -_MAX_LN:
        raise ParseError(f"value too small (non-zero, less than 10^-{MAX_MAGNITUDE})", column)


def _check_power_magnitude(base: sp.Expr, exponent: sp.Expr, column: int) -> None:
    b, x = _enclosure(base, column), _enclosure(exponent, column)
    if 0 in b:  # a base too close to zero to bound, such as ln 6 - ln 2 - ln 3
        if _ends(x)[0] < 0:
            raise ParseError("division by zero (or by a number too close to zero)", column)
        return
    _check_exponential(_IV.log(abs(b)) * x, column)


def _root_factors(value: sp.Expr) -> list[tuple[sp.Rational, sp.Rational]]:
    """The roots of rationals among the factors of a product, such as (2, 1/2) in 3·√2·π."""
    return [(f.base, f.exp) for f in sp.Mul.make_args(value) if f.is_Pow and f.base.is_Rational and f.exp.is_Rational]


def _powered_root_factors(base: sp.Expr, exponent: sp.Expr) -> list[tuple[sp.Rational, sp.Rational]]:
    """The exact powers of rationals SymPy forms for base^exponent: it raises each factor of a
    product to a rational power, and multiplies the exponents of a power: (2^√2)^√2 = 2^2."""
    if not exponent.is_Rational:  # SymPy keeps 2^π or (2√3)^π; only (2^x)^y may become rational
        return [(base.base, base.exp * exponent)] if base.is_Pow and base.base.is_Rational and (
            base.exp * exponent).is_Rational else []
    found = []
    for f in sp.Mul.make_args(base):
        if f.is_Rational:
            found.append((f, exponent))
        elif f.is_Pow and f.base.is_Rational:
            combined = f.exp * exponent
            if combined.is_Rational:
                found.append((f.base, combined))
    return found


def _check_roots(factors: list[tuple[sp.Rational, sp.Rational]], column: int) -> None:
    """Refuse exact powers and roots of rationals that SymPy would take too long to compute.

    SymPy collects the exponents of equal integer bases and multiplies bases with equal exponents.
    For n^(k + p/q) it computes n^k exactly (n^(k+1) and the root n^((q-p)/q) of the inverse for a
    negative exponent) and factors n^p to simplify the root. Both are bounded here from the bits of
    n (for the root, of n without small factors), before SymPy starts.
    """
    if not factors:
        return
    exponents: dict[int, sp.Rational] = {}
    for b, e in factors:
        for n, sign in ((abs(b.p), 1), (b.q, -1)):
            if n > 1:
                exponents[n] = exponents.get(n, 0) + sign * e
    bases: dict[sp.Rational, list[int]] = {}
    for n, e in exponents.items():
        if e != 0:
            bits = bases.setdefault(e, [0, 0])
            bits[0] += n.bit_length()
            hard = _unfactored(n)
            bits[1] += hard.bit_length() if hard > 1 else 0
    for e, (bits, hard_bits) in bases.items():
        whole, frac = divmod(abs(e.p), e.q)
        if e < 0 and frac:
            whole, frac = whole + 1, e.q - frac
        if bits * whole > _MAX_BITS:
            raise ParseError(f"power too large (more than {MAX_DIGITS} digits)", column)
        if hard_bits * frac > _MAX_ROOT_BITS:
            raise ParseError(f"root too large to simplify exactly (it would factor a number of more than "
                             f"{MAX_ROOT_DIGITS} digits)", column)


def _unfactored(n: int) -> int:
    """n without its factors 2, 3, 5 and 7, which SymPy's trial division removes at once (the
    denominator of a decimal is 2^k 5^k); what is left is what factoring can be slow on."""
    n >>= (n & -n).bit_length() - 1
    for p in (3, 5, 7):
        while n % p == 0:
            n //= p
    return n


def _sign(value: sp.Expr, column: int) -> int:
    """The sign of a number, proved by interval arithmetic (at a higher precision near zero)."""
    if value.is_Rational:
        return (value.p > 0) - (value.p < 0)
    enclosure = _enclosure(value, column)
    for prec in _SIGN_PRECISIONS:
        low, high = _ends(enclosure)
        if low > 0 or high < 0:
            return 1 if low > 0 else -1
        context = MPIntervalContext()
        context.prec = prec
        enclosure = _evaluate(value, context, {}, column)
    low, high = _ends(enclosure)
    if low > 0 or high < 0:
        return 1 if low > 0 else -1
    raise ParseError("a value too close to zero to decide its sign (is it zero?)", column)


def _enclosure(value: sp.Expr, column: int):
    """An interval holding the value (64 bits), or None for an expression in variables."""
    try:
        return _enclosure_64(value)
    except ParseError as err:
        raise ParseError(err.message, column) from None


@lru_cache(maxsize=8192)  # each value is enclosed once, from its parts' enclosures
def _enclosure_64(value: sp.Expr):
    return _evaluate_node(value, [_enclosure_64(a) for a in value.args], _IV)


def _evaluate(value: sp.Expr, context, memo: dict, column: int):
    if value not in memo:
        try:
            memo[value] = _evaluate_node(value, [_evaluate(a, context, memo, column) for a in value.args], context)
        except ParseError as err:
            raise ParseError(err.message, column) from None
    return memo[value]


def _evaluate_node(value: sp.Expr, args: list, ctx):
    """An interval for one node of a value from intervals for its arguments.

    Every part was bounded when it was built, so this is cheap; a part beyond the bounds (which
    SymPy made by itself) is refused here rather than evaluated.
    """
    if value.is_Rational:
        return ctx.mpf(value.p) / value.q
    if value is sp.pi:
        return +ctx.pi
    if value is sp.E:
        return +ctx.e
    if value.is_Symbol:
        return None
    if any(a is None for a in args):
        return None
    if value.is_Add:
        return sum(args[1:], args[0])
    if value.is_Mul:
        product = args[0]
        for a in args[1:]:
            product = product * a
        return product
    if value.is_Pow:
        base, exponent = args
        if 0 in base:
            if _ends(exponent)[0] < 0:
                raise ParseError("division by zero (or by a number too close to zero)")
            largest = ctx.mpf(_largest(base))
            bound = ctx.exp(ctx.log(largest) * exponent) if largest else largest
            return ctx.mpf([-_largest(bound), _largest(bound)])
        ln_value = ctx.log(abs(base)) * exponent
        _check_exponential(ln_value, None)
        odd = _ends(base)[1] < 0 and value.exp.is_Integer and value.exp.p % 2
        return -ctx.exp(ln_value) if odd else ctx.exp(ln_value)
    if isinstance(value, sp.exp):
        _check_exponential(args[0], None)
        return ctx.exp(args[0])
    if isinstance(value, sp.log) and _ends(args[0])[0] > 0:
        return ctx.log(args[0])
    if isinstance(value, sp.Abs):
        return abs(args[0])
    if value is sp.I:
        raise ParseError("the value is not a real number")
    raise ParseError("the value is not a finite real number")


def _ends(enclosure) -> tuple:
    """The two ends of an interval, as mpf numbers."""
    low, high = enclosure._mpi_
    return _MP.make_mpf(low), _MP.make_mpf(high)


def _largest(enclosure):
    """The largest absolute value in an interval, as an mpf number."""
    low, high = _ends(enclosure)
    return max(abs(low), abs(high))


_MP = mpmath.MPContext()
_MP.prec = 64


@lru_cache(maxsize=8192)
def _degree(value: sp.Expr) -> int:
    """The total degree of an expression in variables (of its arguments, for exp)."""
    if value.is_Symbol:
        return 1
    if value.is_Atom:
        return 0
    if value.is_Mul:
        return sum(_degree(a) for a in value.args)
    if value.is_Pow and value.exp.is_Rational:
        return math.ceil(_degree(value.base) * abs(value.exp))
    return max(_degree(a) for a in value.args)
