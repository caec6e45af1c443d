r"""A whitelist parser for exact numbers written as plain maths or a LaTeX subset.

Problem files and students' answers are untrusted, so strings never reach
``eval``, ``sympify`` or ``parse_expr``. This recursive-descent parser accepts
only numbers, ``+ - * / ^`` (and ``**``), parentheses, implicit multiplication
(``2sqrt(2)``, ``2 pi``), a few named functions and constants, and the LaTeX a
student types for them (``\frac{1}{\sqrt{2}}``, ``e^{-1}``, ``\ln 2``,
``2\cdot\pi``), and builds the SymPy value directly. Every dimension of the input is bounded so that no string
can hang the parser or exhaust memory: its length, the number of tokens, the
nesting depth, the digits of a literal, the size of an exponent and the digits
of an integer power.

>>> parse_number("2*sqrt(2)")
2*sqrt(2)
>>> parse_number("1/2 + 0.25")
3/4
>>> parse_number("2^(3/2)") == parse_number("sqrt(8)")
True
>>> parse_number(r"\frac{1}{\sqrt{2}}")
sqrt(2)/2
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import sympy as sp

from ..errors import ParseError

MAX_LENGTH = 2000  # characters in one expression
MAX_TOKENS = 400
MAX_DEPTH = 40  # nested parentheses, functions and unary signs
MAX_LITERAL_DIGITS = 60  # digits in one number literal
MAX_SCI_EXPONENT = 350  # |k| in 1.5e-k: the range of a double, so any float a student pastes
MAX_EXPONENT = 1000  # |p| and |q| of an exponent p/q
MAX_POWER_DIGITS = 2000  # digits of an exact integer power before we build it

FUNCTIONS = {
    "sqrt": lambda x: _sqrt(x),
    "exp": lambda x: sp.exp(x),
    "ln": lambda x: _log(x),
    "log": lambda x: _log(x),
}
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


def tokenize(text: str) -> list[Token]:
    if len(text) > MAX_LENGTH:
        raise ParseError(f"too long ({len(text)} characters; at most {MAX_LENGTH})")
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            ch = text[pos]
            shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
            hint = " (write several values as a list: [a, b, c])" if ch in ",;" else ""
            raise ParseError(f"unexpected character {shown}{hint}", pos + 1)
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
    return Parsed(value, parser.saw_decimal)


def parse_map(text: str, variables: dict[str, sp.Symbol]) -> sp.Expr:
    """A real expression in the given variables only, such as ``x2 - x1^2``."""
    return parse(text, variables).value


def parse_number(text: str) -> sp.Expr:
    """Parse a real, finite exact number (complex results are refused)."""
    return parse_real(text).value


def parse_real(text: str) -> Parsed:
    """Like parse, for a real number: complex results are refused."""
    parsed = parse(text)
    if parsed.value.is_real is False or parsed.value.has(sp.I):
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


def _sqrt(x: sp.Expr) -> sp.Expr:
    if x.is_negative:
        raise ParseError("sqrt of a negative number")
    return sp.sqrt(x)


def _log(x: sp.Expr) -> sp.Expr:
    if not x.is_positive:
        raise ParseError("ln needs a positive argument")
    return sp.log(x)


class _Parser:
    """Recursive descent over the token list, building SymPy values as it goes."""

    def __init__(self, tokens: list[Token], variables: dict[str, sp.Symbol]):
        self.tokens = tokens
        self.variables = variables
        self.i = 0
        self.depth = 0
        self.saw_decimal = False

    def peek(self) -> Token:
        return self.tokens[self.i]

    def take(self) -> Token:
        tok = self.tokens[self.i]
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
            op = self.take().text
            rhs = self.term()
            value = value + rhs if op == "+" else value - rhs
        return value

    # term := unary (('*' | '/' | implicit) unary)*
    def term(self) -> sp.Expr:
        value = self.unary()
        while True:
            tok = self.peek()
            if tok.text in ("*", "/"):
                self.take()
                rhs = self.unary()
                if tok.text == "/":
                    if rhs == 0:
                        raise ParseError("division by zero", tok.column)
                    value = value / rhs
                else:
                    value = value * rhs
            elif self._starts_implicit_factor(tok):
                value = value * self.unary()
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
        return _bounded_power(base, exponent, tok.column)

    def atom(self) -> sp.Expr:
        tok = self.take()
        if tok.kind == "number":
            return self._number(tok)
        if tok.text in ("(", "{"):
            return self._group(tok)
        if tok.text == "√":
            self.enter(tok.column)
            value = _sqrt(self.power())
            self.depth -= 1
            return value
        if tok.kind == "command":  # \frac{a}{b}, \frac12
            self.enter(tok.column)
            numerator = self._argument()
            denominator = self._argument()
            self.depth -= 1
            if denominator == 0:
                raise ParseError("division by zero", tok.column)
            return numerator / denominator
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
        # sqrt(2), \sqrt{2}, \sqrt2, \ln 2, ln(2)/4: brackets, or the next factor (one digit for \sqrt).
        self.enter(tok.column)
        arg = self._argument() if name == "sqrt" else self.power()
        self.depth -= 1
        try:
            return FUNCTIONS[name](arg)
        except ParseError as err:
            raise ParseError(err.message, tok.column) from None

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
        raise ParseError(f"expected an argument such as (2) or {2}, found {_describe(tok)}", tok.column)

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
        if "." in mantissa or exp_text:
            self.saw_decimal = True
        whole, _, frac = mantissa.partition(".")
        value = sp.Rational(int((whole or "0") + frac), 10 ** len(frac))
        return value * sp.Rational(10) ** exp10


def _bounded_power(base: sp.Expr, exponent: sp.Expr, column: int) -> sp.Expr:
    """base^exponent, refused before it is built when the result would be huge."""
    if not exponent.is_Rational:
        if exponent.is_number and base.is_number:
            # Irrational exponents (2^sqrt(2), e^(ln 2/4)) are kept symbolic; bound their size.
            approx = abs(exponent.evalf(15))
            if approx > MAX_EXPONENT:
                raise ParseError(f"exponent too large (at most {MAX_EXPONENT})", column)
            return _checked_pow(base, exponent, column)
        raise ParseError("exponent must be a number", column)
    p, q = exponent.p, exponent.q
    if abs(p) > MAX_EXPONENT or q > MAX_EXPONENT:
        raise ParseError(f"exponent too large (numerator and denominator at most {MAX_EXPONENT})", column)
    if base.is_Rational and base != 0:
        size = max(abs(base.p), base.q)
        if size > 1 and abs(p) * math.log10(size) / q > MAX_POWER_DIGITS:
            raise ParseError(f"power too large (more than {MAX_POWER_DIGITS} digits)", column)
    if base == 0 and exponent.is_negative:
        raise ParseError("division by zero", column)
    return _checked_pow(base, exponent, column)


def _checked_pow(base: sp.Expr, exponent: sp.Expr, column: int) -> sp.Expr:
    if base.is_negative and not (exponent.is_Rational and exponent.q == 1):
        raise ParseError("fractional power of a negative number", column)
    return sp.Pow(base, exponent)
