r"""Matrix expressions in the notes' notation: a whitelist grammar, shapes, exact evaluation, LaTeX.

The lines of a derivation and a student's answer for a faded line are written in one grammar, so
one parser serves both and no text ever reaches eval/sympify. It extends the number grammar of
tutor/exact/parser.py (its Token record and limits) with what a matrix identity needs:

    X^T, X', Xᵀ, X^{\top}      transpose          inv(A), A^-1, A^{-1}, A⁻¹   inverse
    tr(A), trace(A)            trace              norm(A)^2, ||A||^2          squared Frobenius norm
                                                  (norm(A)^k, k = 1…4, too)
    sqrt(s)                    root of a scalar   A B, A*B, 2A, A/n, \frac{1}{n} A   products
    I                          the identity (its size is read from what it meets)
    the derivation's symbols   X, U, Σ (Sigma), K̂ (Khat), λ (lambda), 𝟏 (ones) …

Shapes are symbolic (d×n, n×1 …) and checked before anything is evaluated, so a mismatch names
the shapes; a 1×1 product (vᵀv) is a scalar. Values are SymPy matrices of rationals: exact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sympy as sp

from tutor.errors import ParseError
from tutor.exact.parser import MAX_DEPTH, MAX_LENGTH, MAX_TOKENS, Token, unexpected_character

MAX_EXPONENT = 4  # A^2 … A^4 of a square matrix; larger powers are no derivation's business
MAX_INTEGER_DIGITS = 6
MAX_DEGREE = 64  # matrices multiplied in one expression (powers and inverses count several)
MAX_ROOTS = 4  # square roots in one expression

# --- symbols -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Symbol:
    """A symbol of a derivation: its name, the spellings a student may type, LaTeX, shape, meaning."""

    name: str
    tex: str
    rows: str  # a dimension name ("d", "n", "r") or "1"
    cols: str
    meaning: str
    aliases: tuple[str, ...] = ()

    @property
    def scalar(self) -> bool:
        return self.rows == "1" and self.cols == "1"


# --- tokens ------------------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"""
    (?P<space>\s+|\\[,;:!\ ]|\\(?:left|right|quad|qquad|displaystyle)\b|\\(?:mathbf|boldsymbol|bm|mathrm)(?=\s*\{?\s*[A-Za-z\\]))
  | (?P<ones>𝟏|\\mathbf\s*\{\s*1\s*\}|\\mathbf\s*1|\\boldsymbol\s*\{\s*1\s*\}|\\mathbb\s*\{\s*1\s*\})
  | (?P<trace>\\operatorname\s*\{\s*(?:tr|trace)\s*\}|\\mathrm\s*\{\s*(?:tr|trace)\s*\}|\\text\s*\{\s*(?:tr|trace)\s*\})
  | (?P<number>\d+)
  | (?P<hatted>[A-Za-z]\u0302)
  | (?P<name>[A-Za-z][A-Za-z0-9]*(?:_\{?[A-Za-z0-9φ]+\}?)?|[ΣΛΔΦλημδσφ](?:_\{?[A-Za-z0-9φ]+\}?)?)
  | (?P<command>\\[A-Za-z]+)
  | (?P<op>\*\*|\|\||\\\||‖|⁻¹|[-+*/^(){}'ᵀ−×·])
    """,
    re.VERBOSE,
)
_ALIASES = {"−": "-", "×": "*", "·": "*", "**": "^", "‖": "||", "\\|": "||"}
_LATEX_NAMES = {r"\Sigma": "Σ", r"\Lambda": "Λ", r"\Delta": "Δ", r"\Phi": "Φ", r"\lambda": "λ", r"\eta": "η",
                r"\mu": "μ", r"\delta": "δ", r"\sigma": "σ", r"\phi": "φ", r"\varphi": "φ"}
_LATEX_OPS = {r"\cdot": "*", r"\times": "*", r"\top": "T", r"\intercal": "T", r"\|": "||", r"\lVert": "||",
              r"\rVert": "||", r"\Vert": "||"}
_LATEX_FUNCTIONS = {r"\frac": "frac", r"\dfrac": "frac", r"\tfrac": "frac", r"\sqrt": "sqrt", r"\hat": "hat",
                    r"\operatorname": None}


def tokenize(text: str) -> list[Token]:
    if not isinstance(text, str):
        raise ParseError(f"expected a string, got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise ParseError(f"too long ({len(text)} characters; at most {MAX_LENGTH})")
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise unexpected_character(text, pos)
        kind, tok = m.lastgroup, m.group()
        if kind == "ones":
            kind, tok = "name", "𝟏"
        elif kind == "trace":
            kind, tok = "name", "tr"
        elif kind == "hatted":
            kind, tok = "name", tok[0] + "hat"
        elif kind == "name":
            tok = tok.replace("{", "").replace("}", "")
        elif kind == "command":
            if tok in _LATEX_NAMES:
                kind, tok = "name", _LATEX_NAMES[tok]
                # \Sigma_\phi, \Sigma_{\phi}: a subscript on a Greek command
                sub = re.match(r"_\{?\\?(phi|varphi|[A-Za-z0-9])\}?", text[m.end():])
                if sub:
                    tok += "_" + ("φ" if sub.group(1) in ("phi", "varphi") else sub.group(1))
                    pos = m.end() + sub.end()
                    tokens.append(Token(kind, tok, m.start() + 1))
                    continue
            elif tok in _LATEX_OPS:
                kind, tok = "op", _LATEX_OPS[tok]
                if tok == "T":
                    kind = "name"
            elif tok in _LATEX_FUNCTIONS and _LATEX_FUNCTIONS[tok]:
                kind, tok = "name", _LATEX_FUNCTIONS[tok]
            else:
                raise ParseError(f"unknown LaTeX command {tok}", pos + 1)
        if kind != "space":
            tokens.append(Token(kind, _ALIASES.get(tok, tok), pos + 1))
            if len(tokens) > MAX_TOKENS:
                raise ParseError(f"too many symbols (at most {MAX_TOKENS})", pos + 1)
        pos = m.end()
    tokens.append(Token("end", "", len(text) + 1))
    return tokens


# --- the tree ----------------------------------------------------------------------------------------
# Each node knows its LaTeX (prec: 0 sum, 1 product, 2 factor/power) and its plain text.


MAX_POSTFIX = 4  # X''ᵀ⁻¹ at most: more says nothing a student means


@dataclass(frozen=True)
class Node:
    pass


@dataclass(frozen=True)
class Num(Node):
    value: sp.Rational


@dataclass(frozen=True)
class Sym(Node):
    name: str


@dataclass(frozen=True)
class Eye(Node):
    pass


@dataclass(frozen=True)
class Sum(Node):
    terms: tuple[tuple[int, Node], ...]  # (sign ±1, term)


@dataclass(frozen=True)
class Prod(Node):
    factors: tuple[Node, ...]


@dataclass(frozen=True)
class Div(Node):
    num: Node
    den: Node  # a scalar


@dataclass(frozen=True)
class Neg(Node):
    arg: Node


@dataclass(frozen=True)
class Trans(Node):
    arg: Node


@dataclass(frozen=True)
class Inv(Node):
    arg: Node


@dataclass(frozen=True)
class Pow(Node):
    arg: Node
    exponent: int


@dataclass(frozen=True)
class Func(Node):
    name: str  # "tr", "norm2", "sqrt"
    arg: Node


# --- parsing -----------------------------------------------------------------------------------------

FUNCTION_NAMES = {"tr": "tr", "trace": "tr", "inv": "inv", "sqrt": "sqrt", "norm": "norm", "frac": "frac",
                  "hat": "hat"}


class _Parser:
    def __init__(self, tokens: list[Token], symbols: dict[str, Symbol]):
        self.tokens = tokens
        self.i = 0
        self.depth = 0
        self.in_norm = 0  # inside ||…||: the next || closes it
        self.symbols = symbols
        self.lookup = {}
        for s in symbols.values():
            for spelling in (s.name, *s.aliases):
                self.lookup[spelling] = s.name

    def peek(self, ahead: int = 0) -> Token:
        return self.tokens[min(self.i + ahead, len(self.tokens) - 1)]

    def take(self) -> Token:
        tok = self.tokens[self.i]
        if tok.kind != "end":
            self.i += 1
        return tok

    def expect(self, text: str) -> None:
        tok = self.take()
        if tok.text != text:
            raise ParseError(f"expected {text!r}, found {_describe(tok)}", tok.column)

    def enter(self, column: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ParseError(f"nested too deeply (at most {MAX_DEPTH} levels)", column)

    def expression(self) -> Node:
        terms = []
        sign = 1
        if self.peek().text in ("+", "-"):
            sign = -1 if self.take().text == "-" else 1
        terms.append((sign, self.term()))
        while self.peek().text in ("+", "-"):
            sign = -1 if self.take().text == "-" else 1
            terms.append((sign, self.term()))
        if len(terms) == 1:
            return terms[0][1] if terms[0][0] == 1 else Neg(terms[0][1])
        return Sum(tuple(terms))

    def term(self) -> Node:
        factors = [self.unary()]
        while True:
            tok = self.peek()
            if tok.text == "*":
                self.take()
                factors.append(self.unary())
            elif tok.text == "/":
                self.take()
                den = self.unary()
                factors = [Div(_product(factors), den)]
            elif tok.kind in ("name", "number") or tok.text in ("(", "{", "||"):
                if tok.text == "||" and self.in_norm:  # the closing bars of ||A||, not a new norm
                    return _product(factors)
                factors.append(self.unary())
            else:
                return _product(factors)

    def unary(self) -> Node:
        if self.peek().text == "-":
            tok = self.take()
            self.enter(tok.column)
            node = Neg(self.unary())
            self.depth -= 1
            return node
        return self.postfix()

    def postfix(self) -> Node:
        node = self.atom()
        count = 0
        while True:
            tok = self.peek()
            if tok.text in ("'", "ᵀ", "⁻¹", "^"):
                count += 1
                if count > MAX_POSTFIX:  # each one nests the LaTeX of read_as a level (pdflatex stops at 255)
                    raise ParseError(f"more than {MAX_POSTFIX} transposes, inverses or powers in a row", tok.column)
            if tok.text in ("'", "ᵀ"):
                self.take()
                node = Trans(node)
            elif tok.text == "⁻¹":
                self.take()
                node = Inv(node)
            elif tok.text == "^":
                self.take()
                node = self._power(node, tok)
            else:
                return node

    def _power(self, base: Node, caret: Token) -> Node:
        braced = self.peek().text == "{"
        if braced:
            self.take()
        tok = self.take()
        if tok.kind == "name" and tok.text.startswith("T") and tok.text not in self.lookup and not braced:
            if len(tok.text) > 1:  # U^TX: the transpose, then the name X
                self.i -= 1
                self.tokens[self.i:self.i + 1] = [Token("name", tok.text[1:], tok.column + 1)]
            node = Trans(base)
        elif tok.kind == "name" and tok.text == "T":
            node = Trans(base)
        elif tok.text == "-" and self.peek().text == "1":
            self.take()
            node = Inv(base)
        elif tok.kind == "number" and 2 <= int(tok.text) <= MAX_EXPONENT:
            node = Pow(base, int(tok.text))
        elif tok.kind == "number" and tok.text == "1":
            node = base
        else:
            raise ParseError(f"after '^' write T (transpose), -1 (inverse) or a power 2 to {MAX_EXPONENT}, "
                             f"found {_describe(tok)}", tok.column)
        if braced:
            self.expect("}")
        return node

    def atom(self) -> Node:
        tok = self.take()
        if tok.kind == "number":
            if len(tok.text) > MAX_INTEGER_DIGITS:
                raise ParseError(f"a number of more than {MAX_INTEGER_DIGITS} digits", tok.column)
            return Num(sp.Integer(int(tok.text)))
        if tok.text in ("(", "{"):
            self.enter(tok.column)
            node = self.expression()
            self.expect(")" if tok.text == "(" else "}")
            self.depth -= 1
            return node
        if tok.text == "||":
            self.enter(tok.column)
            self.in_norm += 1
            node = self.expression()
            self.in_norm -= 1
            self.expect("||")
            self.depth -= 1
            return self._norm_squared(node, tok)
        if tok.kind == "name" and tok.text not in self.lookup and self._split(tok):
            tok = self.take()
        if tok.kind == "name":
            if tok.text in self.lookup:
                return Sym(self.lookup[tok.text])
            if tok.text == "I":
                return Eye()
            if tok.text.lower() in FUNCTION_NAMES:
                return self._function(FUNCTION_NAMES[tok.text.lower()], tok)
            allowed = ", ".join(self.allowed())
            raise ParseError(f"unknown symbol {tok.text!r} (allowed: {allowed})", tok.column)
        raise ParseError(f"expected a symbol, a number or '(', found {_describe(tok)}", tok.column)

    def _split(self, tok: Token) -> bool:
        """UU^TX, Xv, XX: one-letter symbols typed without spaces, read as a product when every piece
        is a symbol (or I); the pieces replace the token."""
        if tok.text.lower() in FUNCTION_NAMES or tok.text == "I":
            return False
        pieces, rest = [], tok.text
        while rest:
            head = next((rest[:k] for k in range(len(rest), 0, -1)
                         if rest[:k] in self.lookup or rest[:k] == "I"), None)
            if head is None:
                return False
            pieces.append(head)
            rest = rest[len(head):]
        self.i -= 1
        self.tokens[self.i:self.i + 1] = [Token("name", p, tok.column) for p in pieces]
        return True

    def allowed(self) -> list[str]:
        return [*sorted({s.name for s in self.symbols.values()}), "I", "tr", "inv", "norm", "sqrt"]

    def _argument(self) -> Node:
        tok = self.peek()
        if tok.text not in ("(", "{"):
            raise ParseError(f"expected '(' after the function, found {_describe(tok)}", tok.column)
        return self.atom()

    def _function(self, name: str, tok: Token) -> Node:
        self.enter(tok.column)
        if name == "frac":
            node = Div(self._argument(), self._argument())
        elif name == "hat":  # \hat{K} or \hat K: the hatted symbol
            inner = self.take()
            if inner.text == "{":
                inner = self.take()
                self.expect("}")
            if inner.kind != "name" or inner.text + "hat" not in self.lookup:
                raise ParseError(f"no symbol {inner.text}-hat here (allowed: {', '.join(self.allowed())})",
                                 inner.column)
            node = Sym(self.lookup[inner.text + "hat"])
        elif name == "norm":
            node = self._norm_squared(self._argument(), tok)
        else:
            arg = self._argument()
            node = Inv(arg) if name == "inv" else Func(name, arg)
        self.depth -= 1
        return node

    def _norm_squared(self, arg: Node, tok: Token) -> Node:
        # A norm needs its power written: ‖A‖² = tr(AᵀA) is the exact form the notes use, so a bare
        # norm(A) is refused as a hint; any other power (‖A‖³ = ‖A‖²·√‖A‖²) is a well-formed answer.
        if self.peek().text != "^":
            raise ParseError("write the squared norm, norm(A)^2 or ||A||^2 (a norm itself is not exact)",
                             tok.column)
        self.take()
        braced = self.peek().text == "{"
        if braced:
            self.take()
        power = self.take()
        if power.kind != "number" or not 1 <= int(power.text) <= MAX_EXPONENT:
            raise ParseError(f"after a norm write a power 1 to {MAX_EXPONENT}, usually norm(A)^2, "
                             f"found {_describe(power)}", power.column)
        if braced:
            self.expect("}")
        k = int(power.text)
        base = Func("norm2", arg) if k % 2 == 0 else Func("norm", arg)
        exponent = k // 2 if k % 2 == 0 else k
        return base if exponent == 1 else Pow(base, exponent)


def _product(factors: list[Node]) -> Node:
    return factors[0] if len(factors) == 1 else Prod(tuple(factors))


def _describe(tok: Token) -> str:
    return "end of input" if tok.kind == "end" else repr(tok.text)


def parse(text: str, symbols: dict[str, Symbol]) -> Node:
    """The tree of ``text``, or ParseError naming the column."""
    if not isinstance(text, str):
        raise ParseError(f"expected a string, got {type(text).__name__}")
    if "\x00" in text:
        raise ParseError("contains a NUL byte")
    # ||A||_F^2: the subscript F of a Frobenius norm says nothing more here; dropped before tokens.
    tokens = tokenize(re.sub(r"(\|\||‖)\s*_\{?F\}?", r"\1", text))
    p = _Parser(tokens, symbols)
    if p.peek().kind == "end":
        raise ParseError("empty expression")
    node = p.expression()
    tok = p.peek()
    if tok.kind != "end":
        raise ParseError(f"unexpected {_describe(tok)}", tok.column)
    if degree(node) > MAX_DEGREE:
        raise ParseError(f"too many factors to evaluate (a product of more than {MAX_DEGREE} matrices)")
    if _roots(node, inside=False) > MAX_ROOTS:
        raise ParseError(f"too many square roots (at most {MAX_ROOTS}, none inside another)")
    return node


def _roots(node: Node, inside: bool) -> int:
    """The square roots of a tree; one inside another counts as too many (nested surds are costly to
    compare, and no line of the notes needs one)."""
    own = isinstance(node, Func) and node.name in ("sqrt", "norm")  # ‖A‖ = √‖A‖²
    if own and inside:
        return MAX_ROOTS + 1
    children = [getattr(node, f) for f in ("arg", "num", "den") if hasattr(node, f)]
    children += [t for _, t in getattr(node, "terms", ())] + list(getattr(node, "factors", ()))
    return own + sum(_roots(c, inside or own) for c in children)


def degree(node: Node) -> int:
    """How many matrices a tree multiplies, at most (powers and inverses count their work): bounds
    the size of the exact numbers an evaluation can build."""
    if isinstance(node, Eye):
        return 0
    if isinstance(node, Num):  # a number counts too: (2^4)^4^4^4 is as costly as a matrix power
        return 0 if abs(node.value) <= 1 else 1
    if isinstance(node, Sym):
        return 1
    if isinstance(node, Pow):
        return degree(node.arg) * node.exponent
    if isinstance(node, Inv):
        return degree(node.arg) * 4
    if isinstance(node, (Trans, Neg)):
        return degree(node.arg)
    if isinstance(node, Func):
        return degree(node.arg) * (2 if node.name in ("norm2", "norm") else 1)
    if isinstance(node, Div):
        return degree(node.num) + degree(node.den)
    if isinstance(node, Sum):
        return max(degree(t) for _, t in node.terms)
    return sum(degree(f) for f in node.factors)


# --- shapes ------------------------------------------------------------------------------------------

ANY = "?"  # the size of I, read from what it meets


class ShapeError(ParseError):
    pass


def shape(node: Node, symbols: dict[str, Symbol]) -> tuple[str, str]:
    """The symbolic shape (rows, cols) of a tree; ("1", "1") is a scalar, (ANY, ANY) the identity."""
    if isinstance(node, Num):
        return ("1", "1")
    if isinstance(node, Sym):
        s = symbols[node.name]
        return (s.rows, s.cols)
    if isinstance(node, Eye):
        return (ANY, ANY)
    if isinstance(node, Neg):
        return shape(node.arg, symbols)
    if isinstance(node, Trans):
        r, c = shape(node.arg, symbols)
        return (c, r)
    if isinstance(node, (Inv, Pow)):
        r, c = shape(node.arg, symbols)
        if not _same(r, c):
            raise ShapeError(f"{text(node.arg)} is {describe_shape(r, c)}: only a square matrix has "
                             f"{'an inverse' if isinstance(node, Inv) else 'powers'}")
        return (r, c)
    if isinstance(node, Func):
        r, c = shape(node.arg, symbols)
        if node.name == "tr" and not _same(r, c):
            raise ShapeError(f"{text(node.arg)} is {describe_shape(r, c)}: only a square matrix has a trace")
        if node.name == "tr" and r == ANY:
            raise ShapeError("tr(I) needs the size of I: write it as a number")
        if node.name == "sqrt" and (r, c) != ("1", "1"):
            raise ShapeError(f"sqrt of {text(node.arg)}, a {describe_shape(r, c)} matrix: only a scalar has one here")
        return ("1", "1")
    if isinstance(node, Div):
        den = shape(node.den, symbols)
        if den != ("1", "1"):
            raise ShapeError(f"dividing by {text(node.den)}, a {describe_shape(*den)} matrix: divide by scalars only")
        return shape(node.num, symbols)
    if isinstance(node, Sum):
        out = None
        for _, term in node.terms:
            s = shape(term, symbols)
            if out is None:
                out = s
                continue
            merged = merge_shapes(out, s)
            if merged is None:
                raise ShapeError(f"cannot add {describe_shape(*out)} and {describe_shape(*s)} ({text(term)} is {describe_shape(*s)})")
            out = merged
        return out
    if isinstance(node, Prod):
        out = None
        for factor in node.factors:
            s = shape(factor, symbols)
            if out is None:
                out = s
                continue
            out = _times(out, s, node, factor)
        return out
    raise TypeError(node)


def _same(a: str, b: str) -> bool:
    return a == b or ANY in (a, b)


def merge_shapes(a, b):
    if a == (ANY, ANY):
        return b if _same(*b) else None
    if b == (ANY, ANY):
        return a if _same(*a) else None
    return a if a == b else None


def _times(a, b, node, factor):
    if a == ("1", "1"):
        return b
    if b == ("1", "1"):
        return a
    if a == (ANY, ANY):
        return b
    if b == (ANY, ANY):
        return a
    if a[1] != b[0]:
        raise ShapeError(f"cannot multiply {describe_shape(*a)} by {describe_shape(*b)} in {text(node)} "
                         f"({text(factor)} is {describe_shape(*b)})")
    return ("1", "1") if (a[0], b[1]) == ("1", "1") else (a[0], b[1])


def describe_shape(r: str, c: str) -> str:
    return "a scalar" if (r, c) == ("1", "1") else f"{r}×{c}"


# --- exact evaluation --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scaled:
    """c·I of a size not yet known."""

    c: sp.Expr


def evaluate(node: Node, env: dict) -> object:
    """The exact value of a tree whose shapes were checked, for one instance (name -> value)."""
    ev = lambda n: evaluate(n, env)  # noqa: E731
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Sym):
        return env[node.name]
    if isinstance(node, Eye):
        return Scaled(sp.Integer(1))
    if isinstance(node, Neg):
        return _scale(sp.Integer(-1), ev(node.arg))
    if isinstance(node, Trans):
        v = ev(node.arg)
        return v.T if isinstance(v, sp.MatrixBase) else v
    if isinstance(node, Inv):
        v = ev(node.arg)
        if isinstance(v, Scaled):
            return Scaled(1 / v.c) if v.c != 0 else _singular(node)
        if isinstance(v, sp.MatrixBase):
            if v.det() == 0:
                _singular(node)
            return v.inv()
        return 1 / v if v != 0 else _singular(node)
    if isinstance(node, Pow):
        v = ev(node.arg)
        if isinstance(v, Scaled):
            return Scaled(v.c ** node.exponent)
        return v ** node.exponent
    if isinstance(node, Func):
        v = ev(node.arg)
        if node.name == "tr":
            return v.trace() if isinstance(v, sp.MatrixBase) else v
        if node.name in ("norm2", "norm"):
            if isinstance(v, Scaled):
                raise ParseError("norm(I)^2 needs the size of I")
            squared = sum((x * x for x in v), sp.Integer(0)) if isinstance(v, sp.MatrixBase) else v * v
            return squared if node.name == "norm2" else sp.sqrt(squared)
        if node.name == "sqrt":
            if v < 0:
                raise ParseError(f"sqrt of a negative number ({text(node.arg)})")
            return sp.sqrt(v)
    if isinstance(node, Div):
        den = ev(node.den)
        if den == 0:
            raise ParseError(f"division by zero ({text(node.den)} is 0)")
        return _scale(1 / den, ev(node.num))
    if isinstance(node, Sum):
        values = [_scale(sp.Integer(sign), ev(t)) for sign, t in node.terms]
        return _add(values)
    if isinstance(node, Prod):
        out = ev(node.factors[0])
        for f in node.factors[1:]:
            out = _mul(out, ev(f))
        return out
    raise TypeError(node)


def _singular(node):
    raise ParseError(f"{text(node.arg)} has no inverse here (it is singular)")


def _scalarised(v):
    if isinstance(v, sp.MatrixBase) and v.shape == (1, 1):
        return v[0, 0]
    return v


def _scale(c, v):
    if isinstance(v, Scaled):
        return Scaled(c * v.c)
    return _scalarised(c * v)


def _mul(a, b):
    # c·I times a number stays c·I of a size still unknown (2 I in "A + 2 I" is a matrix, not 2)
    if isinstance(a, Scaled):
        return _scale(a.c, b) if isinstance(b, (Scaled, sp.MatrixBase)) else Scaled(a.c * b)
    if isinstance(b, Scaled):
        return _scale(b.c, a) if isinstance(a, sp.MatrixBase) else Scaled(b.c * a)
    if isinstance(a, sp.MatrixBase) and isinstance(b, sp.MatrixBase):
        return _scalarised(a * b)
    return _scalarised(a * b)


def _add(values):
    matrices = [v for v in values if isinstance(v, sp.MatrixBase)]
    if matrices:
        n = matrices[0].rows
        total = sp.zeros(*matrices[0].shape)
        for v in values:
            total += v.c * sp.eye(n) if isinstance(v, Scaled) else v
        return total
    if all(isinstance(v, Scaled) for v in values):
        return Scaled(sum((v.c for v in values), sp.Integer(0)))
    # scalars (1×1) and, with a scalar, c·I of size 1
    return sum((v.c if isinstance(v, Scaled) else v for v in values), sp.Integer(0))


def equal(a, b) -> bool:
    """Exact equality of two values; c·I equals a square matrix c·I of any size, 0 a zero matrix."""
    if isinstance(a, Scaled) and isinstance(b, Scaled):
        return is_zero(a.c - b.c)
    if isinstance(a, Scaled):
        a, b = b, a
    if isinstance(b, Scaled):
        if isinstance(a, sp.MatrixBase):
            return a.is_square and _zero(a - b.c * sp.eye(a.rows))
        return is_zero(a - b.c)
    if isinstance(a, sp.MatrixBase) and isinstance(b, sp.MatrixBase):
        return a.shape == b.shape and _zero(a - b)
    if isinstance(a, sp.MatrixBase):
        a, b = b, a
    if isinstance(b, sp.MatrixBase):  # a scalar against a matrix: only 0 against a zero matrix
        return a == 0 and _zero(b)
    return is_zero(a - b)


def is_zero_value(v) -> bool:
    """Whether a value is zero: the scalar 0, 0·I or a zero matrix."""
    if isinstance(v, Scaled):
        return is_zero(v.c)
    return _zero(v) if isinstance(v, sp.MatrixBase) else is_zero(v)


def zero_like(v):
    """The zero of a value's shape (0·I stands for a zero of any square size)."""
    if isinstance(v, sp.MatrixBase):
        return sp.zeros(*v.shape)
    return Scaled(sp.Integer(0)) if isinstance(v, Scaled) else sp.Integer(0)


def _zero(m) -> bool:
    return all(is_zero(x) for x in m)


def is_zero(x) -> bool:
    return x == 0 if x.is_Rational else sp.simplify(x) == 0


def compare(a, b) -> int:
    """The sign of a − b for two scalars (an inequality line)."""
    d = a - b if (a - b).is_Rational else sp.simplify(a - b)
    return int(bool(d > 0)) - int(bool(d < 0))


# --- LaTeX and text ----------------------------------------------------------------------------------


def tex(node: Node, symbols: dict[str, Symbol], prec: int = 0) -> str:
    t = lambda n, p=0: tex(n, symbols, p)  # noqa: E731
    if isinstance(node, Num):
        return sp.latex(node.value)
    if isinstance(node, Sym):
        return symbols[node.name].tex
    if isinstance(node, Eye):
        return r"\mathbf I"
    if isinstance(node, Neg):
        return _paren(f"-{t(node.arg, 1)}", prec > 0)
    if isinstance(node, Trans):
        return _sup(t(node.arg, 2), "T")
    if isinstance(node, Inv):
        return _sup(t(node.arg, 2), "-1")
    if (norm := _norm_power(node)) is not None:  # of a matrix: the Frobenius norm, named so (a vector's is its length)
        arg, k = norm
        return rf"\left\|{t(arg)}\right\|{'_F' if _matrix(arg, symbols) else ''}^{k}"
    if isinstance(node, Pow):
        return _sup(t(node.arg, 2), str(node.exponent))
    if isinstance(node, Func):
        if node.name == "tr":
            return rf"\operatorname{{tr}}\left({t(node.arg)}\right)"
        return rf"\sqrt{{{t(node.arg)}}}"
    if isinstance(node, Div):
        return _paren(rf"\frac{{{t(node.num)}}}{{{t(node.den)}}}", prec > 1)
    if isinstance(node, Sum):
        out = ""
        for i, (sign, term) in enumerate(node.terms):
            body = t(term, 1)
            if i == 0:
                out = ("-" if sign < 0 else "") + body
            else:
                out += (" - " if sign < 0 else " + ") + body
        return _paren(out, prec > 0)
    if isinstance(node, Prod):
        parts = [t(f, 1 if isinstance(f, Div) else 2) for f in node.factors]
        return _paren(" ".join(parts), prec > 1)
    raise TypeError(node)


def _norm_power(node: Node) -> tuple[Node, int] | None:
    """(A, k) when a tree is ‖A‖^k, as the parser builds it (‖A‖², (‖A‖²)², ‖A‖, ‖A‖³)."""
    k = 1
    if isinstance(node, Pow):
        node, k = node.arg, node.exponent
    if isinstance(node, Func) and node.name in ("norm2", "norm"):
        return node.arg, k * (2 if node.name == "norm2" else 1)
    return None


def _matrix(node: Node, symbols: dict[str, Symbol]) -> bool:
    try:
        return shape(node, symbols)[1] != "1"
    except ParseError:
        return False


def _sup(base: str, exponent: str) -> str:
    return f"{{{base}}}^{{{exponent}}}" if base.endswith("}") and "^" in base else f"{base}^{{{exponent}}}"


def _paren(s: str, wrap: bool) -> str:
    return rf"\left({s}\right)" if wrap else s


def text(node: Node, prec: int = 0) -> str:
    """Plain text in the grammar (it parses back to the same tree): messages and answer echoes."""
    if isinstance(node, Num):
        return str(node.value)
    if isinstance(node, Sym):
        return node.name
    if isinstance(node, Eye):
        return "I"
    if isinstance(node, Neg):
        return _p(f"-{text(node.arg, 1)}", prec > 0)
    if isinstance(node, Trans):
        return f"{text(node.arg, 2)}^T"
    if isinstance(node, Inv):
        return f"{text(node.arg, 2)}^-1"
    if (norm := _norm_power(node)) is not None:
        return f"norm({text(norm[0])})^{norm[1]}"
    if isinstance(node, Pow):
        return f"{text(node.arg, 2)}^{node.exponent}"
    if isinstance(node, Func):
        return f"{node.name}({text(node.arg)})"
    if isinstance(node, Div):
        return _p(f"{text(node.num, 2)}/{text(node.den, 2)}", prec > 1)
    if isinstance(node, Sum):
        out = ""
        for i, (sign, term) in enumerate(node.terms):
            body = text(term, 1)
            out += ("-" if sign < 0 else "") + body if i == 0 else (" - " if sign < 0 else " + ") + body
        return _p(out, prec > 0)
    if isinstance(node, Prod):
        return _p(" ".join(text(f, 2) for f in node.factors), prec > 1)
    raise TypeError(node)


def _p(s: str, wrap: bool) -> str:
    return f"({s})" if wrap else s



def sympy_text(node: Node, symbols: dict[str, Symbol], want: tuple[str, str] | None = None) -> str:
    """The tree as SymPy's matrix expressions in a string sympify reads back (the JSON's "exact"):
    MatrixSymbol('X', d, n).T*MatrixSymbol('U', d, r), Trace(…), Symbol('lambda'); a 1×1 product is
    its entry [0, 0], a scalar as in the grammar; I is Identity of the size around it."""
    t = lambda n, w=None: sympy_text(n, symbols, w)  # noqa: E731
    here = shape(node, symbols) if want is None or want == (ANY, ANY) else want
    if isinstance(node, Num):
        return f"Rational({node.value.p}, {node.value.q})" if node.value.q != 1 else str(node.value)
    if isinstance(node, Sym):
        s = symbols[node.name]
        return f"Symbol({s.name!r})" if s.scalar else f"MatrixSymbol({s.name!r}, {s.rows}, {s.cols})"
    if isinstance(node, Eye):
        size = here[0] if here[0] != ANY else "1"
        return f"Identity({size})"
    if isinstance(node, Neg):
        return f"-({t(node.arg, here)})"
    if isinstance(node, Trans):
        # Transpose(…), not .T: sympify reads a bare T (and I) as a name of its own
        return f"Transpose({t(node.arg)})" if shape(node.arg, symbols) != ("1", "1") else t(node.arg)
    if isinstance(node, Inv):
        return f"Inverse({t(node.arg)})" if shape(node.arg, symbols) != ("1", "1") else f"1/({t(node.arg)})"
    if isinstance(node, Pow):
        return f"({t(node.arg)})**{node.exponent}"
    if isinstance(node, Func):
        inner = shape(node.arg, symbols)
        if node.name == "tr":
            return f"Trace({t(node.arg)})" if inner != ("1", "1") else t(node.arg)
        if node.name in ("norm2", "norm"):
            a = t(node.arg)
            squared = f"Trace(Transpose({a})*({a}))" if inner != ("1", "1") else f"({a})**2"
            return squared if node.name == "norm2" else f"sqrt({squared})"
        return f"sqrt({t(node.arg)})"
    if isinstance(node, Div):
        return f"({t(node.num, here)})/({t(node.den)})"
    if isinstance(node, Sum):
        out = ""
        for i, (sign, term) in enumerate(node.terms):
            out += ("-" if sign < 0 else ("" if i == 0 else "+")) + f"({t(term, here)})"
        return out
    if isinstance(node, Prod):
        acc, acc_shape = None, ("1", "1")
        for factor in node.factors:
            if isinstance(factor, Eye) and len(node.factors) > 1:
                continue  # I·A = A
            f_shape = shape(factor, symbols)
            text_f = t(factor)
            if acc is None:
                acc, acc_shape = text_f, f_shape
                continue
            new_shape = _times(acc_shape, f_shape, node, factor)
            both = acc_shape != ("1", "1") and f_shape != ("1", "1")
            acc = f"({acc})*({text_f})"
            if both and new_shape == ("1", "1"):
                acc = f"({acc})[0, 0]"
            acc_shape = new_shape
        return acc if acc is not None else f"Identity({here[0] if here[0] != ANY else 1})"
    raise TypeError(node)


def symbols_of(node: Node) -> frozenset[str]:
    """The names of the symbols a tree uses."""
    if isinstance(node, Sym):
        return frozenset((node.name,))
    found: frozenset[str] = frozenset()
    for child in _children(node):
        found |= symbols_of(child)
    return found


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, Sum):
        return tuple(t for _, t in node.terms)
    if isinstance(node, Prod):
        return node.factors
    if isinstance(node, Div):
        return (node.num, node.den)
    if isinstance(node, (Neg, Trans, Inv, Pow, Func)):
        return (node.arg,)
    return ()


def canonical(node: Node):
    """The tree up to grouping: products and sums flattened (a sum's terms in any order), so that
    Σ(Xv) and ΣXv, or A + B and B + A, are one form (a restatement of a shown side is told apart by it)."""
    if isinstance(node, Prod):
        flat = []
        for f in node.factors:
            c = canonical(f)
            flat.extend(c[1] if c[0] == "prod" else (c,))
        return ("prod", tuple(flat))
    if isinstance(node, Sum):
        terms = []
        for sign, t in node.terms:
            c = canonical(t)
            if c[0] == "sum":
                terms.extend((sign * s2, t2) for s2, t2 in c[1])
            elif c[0] == "neg":
                terms.append((-sign, c[1]))
            else:
                terms.append((sign, c))
        return ("sum", tuple(sorted(terms, key=repr)))
    if isinstance(node, Neg):
        return ("neg", canonical(node.arg))
    if isinstance(node, Num):
        return ("num", node.value)
    if isinstance(node, Sym):
        return ("sym", node.name)
    if isinstance(node, Pow):
        return ("pow", canonical(node.arg), node.exponent)
    if isinstance(node, Func):
        return ("func", node.name, canonical(node.arg))
    return (type(node).__name__.lower(), *(canonical(c) for c in _children(node)))
