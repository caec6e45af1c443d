"""Values a person can read: a root object is named once per solution and then used by name; a
value too wide for its line is named with its decimal and written in full once (see the section
"Values too wide for the line" below); a LaTeX matrix too wide for the line is written entry by entry.

SymPy's LaTeX for a root of an irreducible polynomial of degree 3 or more is
\\rho_{k}\\!\\left(POLYNOMIAL\\right): the whole polynomial again at every use, which makes a
3 × 1 eigenvector a line of 1,000 points. After rendering, each solution's root objects become
\\rho_k (σ_k, τ_k for a second and third polynomial) and one sentence at the top of the solution
defines them, with their decimals: "ρ₁ < ρ₂ < ρ₃ are the real roots of … = 0: ρ₁ ≈ …".

The rendered text is rewritten rather than the printer changed because the printer's output is
cached per value (rendering._tex_scalar); the polynomials themselves are looked up in
rendering.POLYNOMIALS, which the printer fills as it prints them.
"""

from __future__ import annotations

import html
import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

import sympy as sp

_ROOT = re.compile(r"\\rho_\{(\d+)\}\\!\\left\((.*?)\\right\)")
_SYMBOLS = (r"\rho", r"\sigma", r"\tau", r"\omega")
_HEADINGS = {
    "tex": re.compile(r"^\\(?:sub)*section\*\{Solution\}[^\n]*\n", re.M),
    "md": re.compile(r"^#+ Solution[^\n]*\n", re.M),
    "html": re.compile(r"<h\d[^>]*>Solution</h\d>\n?"),
}


def name_roots(text: str, fmt: str) -> str:
    """``text`` with each solution's root objects named once (see the module's docstring)."""
    if r"\rho_{" not in text or fmt not in _HEADINGS:
        return text
    starts = [m.end() for m in _HEADINGS[fmt].finditer(text)]
    if not starts:
        return text
    bounds = [*starts, len(text)]
    pieces = [text[:starts[0]]]
    for begin, end in zip(bounds, bounds[1:]):
        pieces.append(_name_in(text[begin:end], fmt))
    return "".join(pieces)


def _name_in(chunk: str, fmt: str) -> str:
    """One solution's text with its root objects named, and their definition at its top."""
    polynomials: dict[str, set[int]] = {}
    for m in _ROOT.finditer(chunk):
        polynomials.setdefault(m.group(2), set()).add(int(m.group(1)))
    if not polynomials:
        return chunk
    symbols = {p: (_SYMBOLS[i] if i < len(_SYMBOLS) else rf"\rho^{{({i + 1})}}") for i, p in enumerate(polynomials)}
    named = _ROOT.sub(lambda m: f"{symbols[m.group(2)]}_{{{m.group(1)}}}", chunk)
    sentences = [_definition(symbols[p], p, sorted(ks)) for p, ks in polynomials.items()]
    if fmt == "html":  # the page's own inline maths markup, which its KaTeX script sets
        sentences = [re.sub(r"\$(.*?)\$", r'<span class="math inline">\\(\1\\)</span>', s) for s in sentences]
        return "".join(f"<p>{s}</p>\n" for s in sentences) + named
    return "\n".join(sentences) + "\n\n" + named


def _definition(symbol: str, polynomial: str, indices: list[int]) -> str:
    from .rendering import POLYNOMIALS, decimal

    poly = POLYNOMIALS.get(polynomial)
    values = ""
    if poly is not None:
        values = ": " + ", ".join(f"${symbol}_{{{k}}} \\approx {decimal(sp.CRootOf(poly, k - 1))}$" for k in indices)
    return f"Here ${symbol}_k$ is the $k$-th smallest real root of ${polynomial} = 0${values}."


# --- LaTeX: a matrix too wide for the line is written entry by entry -------------------------

LINE_SYMBOLS = 70  # visible symbols of one matrix row that still fit the line of an 11pt article page
_DISPLAY = re.compile(r"\\\[\n(.*?)\n\\\]", re.S)
_MATRIX = re.compile(r"^(?P<lhs>[^&$]*?) = \\begin\{bmatrix\}(?P<body>(?:(?!\\begin\{).)*?)\\end\{bmatrix\}(?P<rest>.*)$", re.S)
_COMMAND = re.compile(r"\\[A-Za-z]+|[{}^_\\]")


def _symbols(tex: str) -> int:
    """A rough width: the characters a reader sees (commands, braces and script marks dropped)."""
    return len(_COMMAND.sub("", tex).replace(" ", ""))


def split_wide_matrices(text: str) -> str:
    """Each display ``A = [matrix]`` whose rows would not fit the line, as one display per entry
    (``(A)_{ij} = …``, which the preamble's display breaks at its + signs), then the rest
    (``A ≈ [decimals]``) on its own: never shrunk, never off the page."""
    return _DISPLAY.sub(_split_display, text)


def _split_display(match: re.Match) -> str:
    m = _MATRIX.match(match.group(1).strip())
    if not m:
        return match.group(0)
    rows = [row.split("&") for row in m.group("body").split(r"\\")]
    if max(sum(_symbols(c) + 2 for c in row) for row in rows) <= LINE_SYMBOLS:
        return match.group(0)
    lhs = m.group("lhs").strip()
    name = lhs if re.fullmatch(r"\\?[A-Za-z]+|\\[a-z]+\{[^{}]*(\{[^{}]*\})?[^{}]*\}", lhs) else f"\\left({lhs}\\right)"
    entries = [f"\\[\n{name}_{{{i}{j}}} = {cell.strip()}\n\\]"
               for i, row in enumerate(rows, 1) for j, cell in enumerate(row, 1)]
    said = f"Entry by entry (the matrix is too wide for the page), ${lhs}$ is:\n\n" + "\n".join(entries)
    rest = m.group("rest").strip()
    return said + (f"\n\\[\n{lhs} {rest}\n\\]" if rest else "")


# --- Values too wide for the line: named, with their decimal, and written in full once -------------
#
# While a solution renders (render(), render_sheet(), render_fragment() open a naming scope), the `tex`
# filter wraps each exact number that prints wide in invisible marks that carry its identity. After
# rendering, name_wide_values reads each formula as TeX will set it: inline maths breaks only after its
# top-level relations and binary operators; a display (the preamble's breakable \[ … \]) also after its
# top-level commas and inside \left( … \right). A piece between two such breaks that is wider than the
# line has its widest marked values named until it fits: by the name the solution already gives the
# value ("η₁ = …" becomes "η₁ ≈ 0.6708"), else ν₁, ν₂, … A named value is then written by its
# name wherever it is used ("ν₁ ≈ 0.3434" where it stands alone, the bare name inside a larger
# expression), and in full once, at the end of the step that first uses it, in a display that breaks
# across lines. The same rule reads the same formulas in every format, so Markdown and HTML name the
# same values as the LaTeX.

MARK_OPEN, MARK_MID, MARK_CLOSE, FLUSH = "\ue000", "\ue001", "\ue002", "\ue003"
LINE_PT = 420.0  # the widest piece a line takes: A4, 2 cm margins (483pt), less a list's indent and slack
MIN_MARK_PT = 80.0  # narrower values are never named (a name with its decimal is about 60pt)
NAME = r"\nu"
_MARKED = re.compile(f"{MARK_OPEN}(\\d+){MARK_MID}([^{MARK_CLOSE}]*){MARK_CLOSE}")


class _Scope:
    """The values marked while one document renders: id -> (LaTeX, the exact value)."""

    def __init__(self):
        self.ids: dict[str, int] = {}
        self.values: list[tuple[str, object]] = []


_SCOPE: ContextVar[_Scope | None] = ContextVar("tutor_wide_values", default=None)


@contextmanager
def naming_values():
    """Mark wide values while rendering inside this block (see name_wide_values)."""
    token = _SCOPE.set(_Scope())
    try:
        yield
    finally:
        _SCOPE.reset(token)


def mark(latex: str, value) -> str:
    """``latex`` of a number, marked when a naming scope is open and it prints wide enough to be named."""
    scope = _SCOPE.get()
    if scope is None or width(latex) < MIN_MARK_PT:
        return latex
    key = scope.ids.get(latex)
    if key is None:
        key = scope.ids[latex] = len(scope.values)
        scope.values.append((latex, value))
    return f"{MARK_OPEN}{key}{MARK_MID}{latex}{MARK_CLOSE}"


def flush_mark() -> str:
    """Where the values a step named are written in full (solution.j2 puts it after each step)."""
    return FLUSH if _SCOPE.get() is not None else ""


def strip_marks(text: str) -> str:
    text = _MARKED.sub(lambda m: m.group(2), text)
    # A mark alone on its line next to a blank line goes with its line (else the source has two blank
    # lines in a row); one between two lines of text stays as the blank line that ends a paragraph.
    text = re.sub(f"\n[ \t]*{FLUSH}[ \t]*\n(?:[ \t]*\n)+", "\n\n", text)
    text = re.sub(f"\n\n[ \t]*{FLUSH}[ \t]*\n", "\n\n", text)
    return text.replace(FLUSH, "")


# Widths in points of 11pt Computer Modern, roughly (the rule needs the order of magnitude, with slack).
_BIN_PT, _REL_PT, _CHAR_PT = 13.4, 14.6, 5.6
_RELATIONS = {"=", "<", ">", r"\approx", r"\le", r"\leq", r"\ge", r"\geq", r"\ne", r"\neq", r"\to", r"\mapsto",
              r"\equiv", r"\sim", r"\in", r"\mid", r"\rightarrow", r"\Rightarrow", r"\iff", r"\propto"}
_BINARIES = {"+", "-", r"\cdot", r"\times", r"\pm", r"\mp"}
_SPACES = {r"\,": 1.8, r"\;": 3.0, r"\:": 2.4, r"\!": -1.8, "\\ ": 3.7, "~": 3.7, r"\quad": 11.0,
           r"\qquad": 22.0}
_ONE_ARG = {r"\mathbf", r"\mathrm", r"\mathcal", r"\boldsymbol", r"\hat", r"\bar", r"\tilde", r"\overline",
            r"\vec", r"\mathit", r"\mathsf", r"\underline", r"\widehat", r"\widetilde"}
_TEXT_ARG = {r"\text", r"\textbf", r"\textit", r"\operatorname", r"\mathrm", r"\textrm"}
_TOKEN = re.compile(f"{MARK_OPEN}\\d+{MARK_MID}|{MARK_CLOSE}|\\\\[A-Za-z]+|\\\\.|[{{}}^_&]|\\s+|.", re.S)
_ROOT_NAMED = re.compile(r"\\rho_\{(\d+)\}\\!\\left\(.*?\\right\)")


def _tokens(tex: str) -> list[str]:
    return [t for t in _TOKEN.findall(_ROOT_NAMED.sub(r"\\rho_{\1}", tex)) if not t.isspace()]


class _Node:
    """A parsed piece of maths: kind, children and, for a marked value, its id."""

    __slots__ = ("kind", "text", "kids", "key", "alone")

    def __init__(self, kind, text="", kids=(), key=None):
        self.kind, self.text, self.kids, self.key, self.alone = kind, text, list(kids), key, False


def _parse(tokens: list[str]) -> list[_Node]:
    """A flat list of top-level nodes: atoms, operators, groups, fractions, roots, scripts, \\left … \\right,
    matrices and marked values (whose children are their own nodes)."""
    pos = 0

    def arg() -> _Node:
        nonlocal pos
        if pos >= len(tokens):
            return _Node("group")
        t = tokens[pos]
        pos += 1
        if t == "{":
            return _Node("group", kids=seq({"}"}))
        return one(t)

    def seq(stops: set[str]) -> list[_Node]:
        nonlocal pos
        out = []
        while pos < len(tokens):
            t = tokens[pos]
            if t in stops:
                pos += 1
                return out
            pos += 1
            out.append(one(t))
        return out

    def one(t: str) -> _Node:
        nonlocal pos
        if t.startswith(MARK_OPEN):
            return _Node("value", kids=seq({MARK_CLOSE}), key=int(t[1:-1]))
        if t == "{":
            return _Node("group", kids=seq({"}"}))
        if t in ("^", "_"):
            return _Node("script", kids=[arg()])
        if t in (r"\frac", r"\dfrac", r"\tfrac"):
            return _Node(t[1:], kids=[arg(), arg()])
        if t == r"\sqrt":
            index = []
            if pos < len(tokens) and tokens[pos] == "[":
                pos += 1
                index = seq({"]"})
            return _Node("sqrt", kids=[arg(), _Node("group", kids=index)])
        if t in _TEXT_ARG:
            body = arg()
            return _Node("text", text=str(sum(1 for _ in _leaves(body))))
        if t in _ONE_ARG:
            return _Node("group", kids=[arg()])
        if t == r"\left":
            delim = tokens[pos] if pos < len(tokens) else "."
            pos += 1
            inner = seq({r"\right"})
            pos += 1  # the closing delimiter
            return _Node("left", text=delim, kids=inner)
        if t == r"\begin":
            arg()
            rows, cells, cell = [], [], []
            while pos < len(tokens) and tokens[pos] != r"\end":
                tok = tokens[pos]
                pos += 1
                if tok == "&":
                    cells.append(_Node("group", kids=cell))
                    cell = []
                elif tok == "\\\\":
                    rows.append(cells + [_Node("group", kids=cell)])
                    cells, cell = [], []
                else:
                    cell.append(one(tok))
            if cell or cells:
                rows.append(cells + [_Node("group", kids=cell)])
            pos += 1
            arg()
            return _Node("matrix", kids=[_Node("row", kids=r) for r in rows])
        if t in _RELATIONS:
            return _Node("rel", t)
        if t in _BINARIES:
            return _Node("bin", t)
        if t == ",":
            return _Node("comma", t)
        if t == "\\\\":
            return _Node("newline", t)
        return _Node("atom", t)

    return seq(set())


def _leaves(node: _Node):
    if not node.kids:
        yield node
    for k in node.kids:
        yield from _leaves(k)


def _atom_pt(t: str) -> float:
    if t in _SPACES:
        return _SPACES[t]
    if t in (r"\displaystyle", r"\textstyle", r"\limits", r"\nolimits", r"\left", r"\right", "."):
        return 0.0 if t != "." else 3.0
    if len(t) == 1:
        if t.isdigit() or t.islower():
            return _CHAR_PT
        if t.isupper():
            return 7.8
        return 4.3
    if t in (r"\sum", r"\prod", r"\int"):
        return 11.6
    if t in (r"\ldots", r"\dots", r"\cdots"):
        return 14.0
    return 7.0


class _Measure:
    """Widths of parsed maths, with named values counted as their names (and decimals)."""

    def __init__(self, named: dict[int, float]):
        self.named = named  # id -> the width of its name as written where it stands alone

    def seq(self, nodes: list[_Node], scale: float, display: bool) -> float:
        total, prev = 0.0, None
        for n in nodes:
            if n.kind == "atom" and n.text == r"\displaystyle":
                display, scale = True, 1.0
            total += self.node(n, scale, display, prev)
            prev = n
        return total

    def node(self, n: _Node, scale: float, display: bool, prev: _Node | None = None) -> float:
        small = max(0.5, scale * 0.7)
        if n.kind == "value":
            if n.key in self.named:
                return (self.named[n.key] if n.alone else 10.5) * scale
            return self.seq(n.kids, scale, display)
        if n.kind in ("group", "row"):
            return self.seq(n.kids, scale, display)
        if n.kind == "script":
            return self.node(n.kids[0], small, False)
        if n.kind in ("frac", "dfrac", "tfrac"):
            inner_display = n.kind == "dfrac" or (n.kind == "frac" and display)
            s = scale if inner_display else small
            return max(self.node(k, s, False) for k in n.kids) + 2.4 * scale
        if n.kind == "sqrt":
            return self.node(n.kids[0], scale, display) + (9.0 + 0.7 * self.node(n.kids[1], 0.5, False)) * scale
        if n.kind == "text":
            return float(n.text) * 5.2 * scale
        if n.kind == "left":
            return self.seq(n.kids, scale, display) + 8.6 * scale
        if n.kind == "matrix":
            columns: list[float] = []
            for r in n.kids:
                for j, cell in enumerate(r.kids):
                    w = self.node(cell, scale, False)
                    if j < len(columns):
                        columns[j] = max(columns[j], w)
                    else:
                        columns.append(w)
            return sum(columns) + 10.0 * len(columns) + 6.0
        if n.kind == "rel":
            return _REL_PT * scale
        if n.kind == "bin":
            unary = prev is None or prev.kind in ("rel", "bin", "comma") or (prev.kind == "atom" and prev.text in "([")
            return (8.5 if unary else _BIN_PT) * scale
        if n.kind == "comma":
            return 4.8 * scale
        if n.kind == "newline":
            return 0.0
        return _atom_pt(n.text) * scale


@lru_cache(maxsize=8192)
def width(tex: str, display: bool = False) -> float:
    """Roughly how wide (pt) ``tex`` sets as inline (or display) maths of an 11pt page, on one line."""
    return _Measure({}).seq(_parse(_tokens(tex)), 1.0, display)


def _pieces(nodes: list[_Node], display: bool, named, owners: dict) -> list[list[_Node]]:
    """The runs of top-level nodes between the places TeX may break the line (see the section's comment).
    A value not named is read as its own nodes (it breaks where they do); ``owners`` maps each of
    them (by id) to the values it is part of."""
    flat: list[_Node] = []

    def add(n: _Node, within: tuple) -> None:
        if n.kind == "value" and n.key not in named:
            for k in n.kids:
                add(k, within + (n,))
        elif display and n.kind == "left" and n.text == "(":
            add(_Node("atom", "("), within)
            for k in n.kids:
                add(k, within)
            add(_Node("atom", ")"), within)
        else:
            owners[id(n)] = within
            flat.append(n)

    for n in nodes:
        add(n, ())
    pieces, current = [], []
    for n in flat:
        current.append(n)
        if n.kind in ("rel", "bin") or n.kind == "newline" or (display and n.kind == "comma"):
            pieces.append(current)
            current = []
    pieces.append(current)
    return pieces


def _values_in(nodes: list[_Node], into_matrices: bool):
    for n in nodes:
        if n.kind == "value":
            yield n
        elif n.kind != "matrix" or into_matrices:
            yield from _values_in(n.kids, into_matrices)


def _math_segments(text: str, fmt: str):
    """(start, end, display) of each formula of rendered text."""
    if fmt == "html":
        pattern = re.compile(r"\\\[(.*?)\\\]|\\\((.*?)\\\)", re.S)
    elif fmt == "tex":
        pattern = re.compile(r"\\\[(.*?)\\\]|(?<!\\)\$(.+?)(?<!\\)\$", re.S)
    else:
        pattern = re.compile(r"\$\$(.*?)\$\$|(?<!\\)\$(.+?)(?<!\\)\$", re.S)
    for m in pattern.finditer(text):
        if m.group(1) is not None:
            yield m.start(1), m.end(1), True
        else:
            yield m.start(2), m.end(2), False


_BEFORE_ALONE = re.compile(r"(?:^|=|,|\(|&|&amp;|\\\\|\\begin\{bmatrix\}|\\left\(|\\approx|:|\\quad|\\;|\\mapsto|\\displaystyle)\s*$")
_AFTER_ALONE = re.compile(r"^\s*(?:$|,|\)|\\right\)|&|\\\\|\\end\{bmatrix\}|\\quad|;|\.|\\;)")


def _alone(maths: str, start: int, end: int) -> bool:
    """Whether the value at maths[start:end] stands alone (a list entry, a cell, a right-hand side),
    where its decimal can follow its name; not when the formula already gives one (≈)."""
    before, after = maths[:start], maths[end:]
    return bool(_BEFORE_ALONE.search(before) and _AFTER_ALONE.match(after)
                and not re.match(r"^\s*\\approx", after))


def _matrix_cells(nodes: list[_Node]):
    for n in nodes:
        if n.kind == "matrix":
            for r in n.kids:
                yield from r.kids
        else:
            yield from _matrix_cells(n.kids)


def _decide(maths: str, display: bool, named: dict[int, float], widths: dict[int, float]) -> None:
    """Name (add to ``named``) the marked values of one formula that must be named for it to fit."""
    nodes = _parse(_tokens(maths))
    spans = iter(_MARKED.finditer(maths))  # the parse keeps the values in order of appearance
    for v in _values_in(nodes, True):
        m = next(spans, None)
        if m is not None:
            v.alone = _alone(maths, m.start(), m.end())
    # Fractions are measured display size in inline maths too: LaTeX sets table cells and list entries
    # \displaystyle where Markdown cannot say so, and every format must name the same values.
    measure = _Measure(named)
    # In a display ``A = [matrix] …``, a matrix too wide for the line is written entry by entry
    # (split_wide_matrices): its values are named only when an entry on its own does not fit. Any other
    # matrix (``a = K̂c = ν [matrix] = …``) is never split: it sets as one unbreakable piece, whose values
    # are named like any other until it fits.
    split = display and _MATRIX.match(maths.strip()) is not None
    groups = [(nodes, not split)]
    if split:
        groups += [(cell.kids, True) for cell in _matrix_cells(nodes)]
    for group, into_matrices in groups:
        hopeless: set[int] = set()
        for _ in range(len(widths) + 1):
            owners: dict = {}
            over = [p for p in _pieces(group, display, named, owners)
                    if measure.seq(p, 1.0, True) > LINE_PT and id(p[0]) not in hopeless]
            if not over:
                break
            piece = over[0]
            candidates = {id(v): v for n in piece for v in (*owners.get(id(n), ()), *_values_in([n], into_matrices))
                          if v.key not in named}
            if not candidates:
                hopeless.add(id(piece[0]))
                continue
            widest = max(candidates.values(), key=lambda v: measure.node(v, 1.0, True))
            named[widest.key] = widths[widest.key]


def name_wide_values(text: str, fmt: str) -> str:
    """``text`` with the wide values of each solution named and written in full once (see above)."""
    scope = _SCOPE.get()
    if scope is None or (MARK_OPEN not in text and FLUSH not in text):
        return text
    if fmt == "html":  # html_body made the mark a paragraph, or put it at the start of the next one
        text = re.sub(f"<p>{FLUSH}</p>\n?", FLUSH, text)
        text = re.sub(f"<p>{FLUSH}\n?", f"{FLUSH}<p>", text)
    starts = [m.end() for m in _HEADINGS[fmt].finditer(text)] if fmt in _HEADINGS else []
    bounds = [0, *starts, len(text)]
    return "".join(_name_values_in(text[a:b], fmt, scope, first=i == 0 and bool(starts))
                   for i, (a, b) in enumerate(zip(bounds, bounds[1:])))


def _name_values_in(chunk: str, fmt: str, scope: _Scope, first: bool) -> str:
    from .rendering import decimal

    if first or MARK_OPEN not in chunk or FLUSH not in chunk:  # a statement, or nowhere to write them out
        return strip_marks(chunk)
    last_flush = chunk.rindex(FLUSH)
    named: dict[int, float] = {}
    decimals: dict[int, str] = {}

    def width_of(key: int) -> float:
        latex, value = scope.values[key]
        decimals[key] = _decimal(latex, value, decimal)
        return 10.5 + _REL_PT + width(decimals[key])

    for start, end, display in _math_segments(chunk, fmt):
        if start > last_flush:
            continue
        maths = html.unescape(chunk[start:end]) if fmt == "html" else chunk[start:end]
        keys = [int(k) for k in re.findall(f"{MARK_OPEN}(\\d+){MARK_MID}", maths)]
        if keys:
            _decide(maths, display, named, {k: width_of(k) for k in keys})
    if not named:
        return strip_marks(chunk)
    order = []  # the named values in order of first use
    for m in _MARKED.finditer(chunk):
        key = int(m.group(1))
        if key in named and key not in order:
            order.append(key)
    names = _own_names(chunk, order)
    for key in order:
        names.setdefault(key, f"{NAME}_{{{sum(1 for n in names.values() if n.startswith(NAME)) + 1}}}")

    out, defined, pos = [], set(), 0
    for flush in re.finditer(FLUSH, chunk):
        part = chunk[pos:flush.start()]
        out.append(_replace_all(part, fmt, names, decimals))
        due = [k for k in order if k not in defined and f"{MARK_OPEN}{k}{MARK_MID}" in chunk[:flush.start()]]
        defined.update(due)
        block = _definitions(due, names, decimals, scope, fmt)
        if out[-1].endswith("\n\n"):  # one blank line before them, not two
            block = block.removeprefix("\n")
        before = chunk[:flush.start()]
        if block and fmt == "html" and before.rfind("<p>") > before.rfind("</p>"):  # never inside a paragraph
            block = f"</p>{block}<p>"
        out.append(block)
        pos = flush.end()
    out.append(_replace_all(chunk[pos:], fmt, names, decimals))
    return "".join(out)


_OWN_NAME = re.compile(r"(?:\$|\\\(|\\\[\s*|[,(:;]|\\quad|\\displaystyle)\s*(\\?[A-Za-z]+_\{?[0-9A-Za-z]+\}?)\s*=\s*$")


def _own_names(chunk: str, order: list[int]) -> dict[int, str]:
    """A named value the solution already calls by a name of its own ("η₁ = …", at the start of a
    formula or list entry) keeps it: η₁ ≈ 0.6708 rather than η₁ = ν₁ ≈ 0.6708. A name given to two
    values is nobody's."""
    found: dict[int, str] = {}
    for m in _MARKED.finditer(chunk):
        key = int(m.group(1))
        if key in order and key not in found:
            own = _OWN_NAME.search(chunk[max(0, m.start() - 80):m.start()])
            if own:
                found[key] = own.group(1)
    taken = [n for n in found.values()]
    return {k: n for k, n in found.items() if taken.count(n) == 1}


def _decimal(latex: str, value, decimal) -> str:
    found = re.match(r"^(-?[\d.]+(?: \\times 10\^\{-?\d+\})?)\\ \(\\text\{exact form", latex)
    return found.group(1) if found else decimal(value)


_BRACKETED = re.compile(r"\\left\(\s*(" + MARK_OPEN + r"(\d+)" + MARK_MID + f"[^{MARK_CLOSE}]*" + MARK_CLOSE
                        + r")\s*\\right\)")


def _replace_all(part: str, fmt: str, names: dict[int, str], decimals: dict[int, str]) -> str:
    """Marked values of ``part`` by name (with the decimal where one stands alone), the others in full."""
    out, pos = [], 0
    for start, end, _display in _math_segments(part, fmt):
        out.append(strip_marks(part[pos:start]))
        # A named value in brackets of its own, \left(ν₁\right), needs none.
        maths = _BRACKETED.sub(lambda m: m.group(1) if int(m.group(2)) in names else m.group(0), part[start:end])

        def one(m: re.Match, maths=maths) -> str:
            key = int(m.group(1))
            if key not in names:
                return m.group(2)
            return names[key] + (rf" \approx {decimals[key]}" if _alone(maths, m.start(), m.end()) else "")

        for key, name in names.items():  # "η₁ = ⟨the value⟩" where η₁ is its own name: "η₁ ≈ 0.6708"
            if not name.startswith(NAME):
                maths = re.sub(re.escape(name) + r"\s*=\s*" + MARK_OPEN + str(key) + MARK_MID + f"[^{MARK_CLOSE}]*"
                               + MARK_CLOSE + r"(\s*\\approx)?",
                               lambda m, name=name, key=key: name + (" \\approx" if m.group(1)
                                                                     else rf" \approx {decimals[key]}"), maths)
        out.append(_MARKED.sub(one, maths))
        pos = end
    out.append(strip_marks(part[pos:]))
    return "".join(out)


def _definitions(keys: list[int], names: dict[int, str], decimals: dict[int, str], scope: _Scope,
                 fmt: str) -> str:
    """The named values in full: each exact one in a display that breaks across lines, those too long
    to print by their decimals in one sentence."""
    if not keys:
        return ""
    exact = [k for k in keys if r"\text{exact form" not in scope.values[k][0]]
    inexact = [k for k in keys if k not in exact]
    blocks = []
    if exact:
        blocks.append("In full:")
        for k in exact:
            body = f"{names[k]} = {_in_full(scope.values[k][0], fmt)} \\approx {decimals[k]}"
            blocks.append({"tex": f"\\[\n{body}\n\\]", "md": f"$$\n{body}\n$$",
                           "html": f'<div class="math display">\\[{html.escape(body, quote=False)}\\]</div>'}[fmt])
    if inexact:
        listed = ", ".join(f"${names[k]} \\approx {decimals[k]}$" for k in inexact)
        note = (f"{listed}: exact form{'s' if len(inexact) > 1 else ''} too long to print "
                f"(in the JSON output).")
        if fmt == "html":
            note = re.sub(r"\$(.*?)\$", r'<span class="math inline">\\(\1\\)</span>', note)
        blocks.append(note)
    if fmt == "html":
        return "\n" + "\n".join(b if b.startswith("<div") else f"<p>{b}</p>" for b in blocks) + "\n"
    return "\n" + "\n\n".join(blocks) + "\n"


def _in_full(latex: str, fmt: str) -> str:
    """A value's LaTeX for its display: in LaTeX, a fraction wider than the line is written a / b and
    long runs of digits may break between groups of three (a display breaks only between atoms)."""
    if fmt != "tex" or width(latex, True) <= LINE_PT:
        return latex
    return _break_digits(_powers(_slashed(latex)))


def _rewrite_each(latex: str, command: str, rewrite) -> str:
    """``latex`` with each ``command`` (such as \\sqrt) rewritten: rewrite(latex, j) gets the index of
    the command and returns its replacement and the index of its last closing brace."""
    out, i = [], 0
    while (j := latex.find(command + "{", i)) >= 0:
        piece, end = rewrite(latex, j)
        out.append(latex[i:j] + piece)
        i = end + 1
    return "".join(out) + latex[i:]


def _powers(latex: str) -> str:
    r"""Each wide \sqrt{x} as \left(x\right)^{1/2}: a display breaks inside brackets, never inside a root."""

    def rewrite(latex: str, j: int) -> tuple[str, int]:
        end = _group_end(latex, j + 5)
        body = latex[j + 6:end]
        if width(body) > LINE_PT / 2:
            return rf"\left({_powers(body)}\right)^{{1/2}}", end
        return latex[j:end + 1], end

    return _rewrite_each(latex, r"\sqrt", rewrite)


def _slashed(latex: str) -> str:
    r"""Each \frac{a}{b} too wide for half a line as a / b (bracketed where a sum), inside ones too."""

    def rewrite(latex: str, j: int) -> tuple[str, int]:
        num_end = _group_end(latex, j + 5)
        den_end = _group_end(latex, num_end + 1)
        whole = latex[j:den_end + 1]
        num, den = _slashed(latex[j + 6:num_end]), _slashed(latex[num_end + 2:den_end])
        wide = width(whole, True) > LINE_PT / 2
        return (f"{_bracket(num)} / {_bracket(den)}" if wide else rf"\frac{{{num}}}{{{den}}}"), den_end

    return _rewrite_each(latex, r"\frac", rewrite)


def _group_end(s: str, open_at: int) -> int:
    depth = 0
    for k in range(open_at, len(s)):
        if s[k] == "{" and s[k - 1] != "\\":
            depth += 1
        elif s[k] == "}" and s[k - 1] != "\\":
            depth -= 1
            if depth == 0:
                return k
    return len(s) - 1


def _bracket(s: str) -> str:
    return rf"\left({s}\right)" if re.search(r"(?<!^)[+-]", s.strip()) else s


def _break_digits(latex: str) -> str:
    return re.sub(r"\d{31,}", lambda m: r"\allowbreak ".join(re.findall(r"\d{1,3}", m.group(0))), latex)


# --- Headings: the maths in a title typeset ----------------------------------------------------------
# A title is plain text ("Length, distance and angle under (x^T y)^2", "The target p, the proposal q");
# its maths is found word by word and set as maths, the rest escaped as the format's text. A word is
# maths when it is a variable (one letter, not "a" or "I", nor a leading "A"), a Greek letter or its
# name, or carries ^, _ or a Unicode super- or subscript; the operators, numbers and functions around
# it join it ("gamma = ln 2 / 4", "(1 + x^T y)^2", "2n − m"). Maths is rebuilt from a few safe
# characters only, so user text never reaches TeX, KaTeX or Markdown as markup.

_GREEK_NAMES = frozenset("alpha beta gamma delta epsilon eta theta lambda mu sigma phi Sigma Phi".split())
_FUNCTIONS = frozenset("ln exp log".split())
_OPERATORS = frozenset("= + - − / · × ≤ ≥ ≈".split())
_GREEK_TEX = {"α": r"\alpha", "β": r"\beta", "γ": r"\gamma", "δ": r"\delta", "ε": r"\varepsilon",
              "η": r"\eta", "θ": r"\theta", "λ": r"\lambda", "μ": r"\mu", "σ": r"\sigma", "φ": r"\phi",
              "Σ": r"\Sigma", "Φ": r"\Phi", "π": r"\pi"}
_SUPER = dict(zip("ᵀ⁰¹²³⁴⁵⁶⁷⁸⁹ⁿ⁻", "T0123456789n-"))
_SUB = dict(zip("₀₁₂₃₄₅₆₇₈₉ᵢⱼₖ", "0123456789ijk"))
_SIGNS = {"−": "-", "·": r"\cdot ", "×": r"\times ", "≤": r"\le ", "≥": r"\ge ", "≈": r"\approx ",
          "½": r"\tfrac{1}{2}"}
_ATOM = re.compile(r"[A-Za-z0-9/.^_'" + "".join(_GREEK_TEX) + "".join(_SUPER) + "".join(_SUB) + "−½]+")
_WORD = re.compile(r"(\S+)")
_TRAILING = ",.;:!?"


def _core(token: str) -> tuple[str, str]:
    """A word without its trailing punctuation, and that punctuation."""
    core = token.rstrip(_TRAILING)
    return core, token[len(core):]


def _kind(core: str, first: bool) -> str:
    """'strong' (maths on its own), 'weak' (maths beside maths: a number, a function, a product of
    capitals after an operator), 'op', or '' (a word of text)."""
    if core in _OPERATORS:
        return "op"
    if re.fullmatch(r"\([A-Z]\)", core):
        return ""  # "(C)": a label (a rule's letter, a part), not a variable
    bare = core.replace("(", "").replace(")", "")
    if not bare or not _ATOM.fullmatch(bare) or bare.count("(") or core.count("(") != core.count(")") and \
            not re.fullmatch(r"\(?[^()]*\)?(\^\w+)?", core):
        return ""
    if re.fullmatch(r"\d+x\d+", bare) or bare.endswith("."):
        return ""  # "4x2": a size, read as a word
    if any(c in bare for c in "^_") or any(c in _SUPER or c in _SUB or c in _GREEK_TEX for c in bare):
        return "strong" if re.fullmatch(r"[^^_]+([\^_][^^_]+)*", bare) else ""
    if bare in _GREEK_NAMES:
        return "strong"
    if re.fullmatch(r"[−-]?\d*([A-Za-z])(/\d+)?|\d+/[A-Za-z]", bare):
        letter = re.sub(r"[^A-Za-z]", "", bare)
        return "" if letter in ("a", "I") or (letter == "A" and first and bare == "A") else "strong"
    if re.fullmatch(r"[−-]?\d+(\.\d+)?(/\d+)?", bare) or bare in _FUNCTIONS or re.fullmatch(r"[−-]?½?[A-Z]{1,4}", bare):
        return "weak"
    return ""


def _maths_tex(text: str) -> str:
    """The TeX of a run of maths words (only characters _ATOM and the operators allow)."""
    out = []
    for word in re.split(r"(\s+)", text):
        if word in _GREEK_NAMES or word.strip("()") in _GREEK_NAMES:
            word = word.replace(word.strip("()"), "\\" + word.strip("()") + " ")
        elif word.strip("()") in _FUNCTIONS:
            word = word.replace(word.strip("()"), "\\" + word.strip("()") + " ")
        out.append(word)
    tex = "".join(out)
    tex = re.sub("[" + "".join(_SUPER) + "]+", lambda m: "^{" + "".join(_SUPER[c] for c in m.group()) + "}", tex)
    tex = re.sub("[" + "".join(_SUB) + "]+", lambda m: "_{" + "".join(_SUB[c] for c in m.group()) + "}", tex)
    tex = "".join(_GREEK_TEX[c] + " " if c in _GREEK_TEX else _SIGNS.get(c, c) for c in tex)
    return re.sub(r" +", " ", tex).strip()


def heading_pieces(text: str) -> list[tuple[bool, str]]:
    """``text`` as (is_maths, piece) pairs: maths pieces as TeX, text pieces as written."""
    tokens = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(text)]
    kinds = []
    for i, (_, _, token) in enumerate(tokens):
        core, _ = _core(token)
        kinds.append(_kind(core, i == 0))
    pieces: list[tuple[bool, str]] = []
    pos, i = 0, 0
    while i < len(tokens):
        if kinds[i] not in ("strong", "weak", "op"):
            i += 1
            continue
        # a run of maths words, ended by a word of text or by punctuation after a word
        j, parenthesis = i, False
        while j < len(tokens) and kinds[j] and not _core(tokens[j][2])[1]:
            j += 1
            # "distance 2 (gamma = ...)": a number before a spaced parenthesis ends the run, which
            # would otherwise set as "2(γ", a product
            if j < len(tokens) and tokens[j][2].startswith("(") and \
                    re.fullmatch(r"[−-]?\d+(\.\d+)?", tokens[j - 1][2]):
                parenthesis = True
                break
        end = j + 1 if j < len(tokens) and kinds[j] and not parenthesis else j
        run = list(range(i, end))
        while run and kinds[run[0]] != "strong" and not (kinds[run[0]] == "weak" and "strong" in
                                                          [kinds[k] for k in run]):
            run.pop(0)
        while run and kinds[run[-1]] == "op":
            run.pop()
        if run and run[0] > i and kinds[run[0] - 1] == "op":
            pass
        words = [_core(tokens[k][2])[0] if k == run[-1] else tokens[k][2] for k in run] if run else []
        source = text[tokens[run[0]][0]:tokens[run[-1]][0] + len(words[-1])] if run else ""
        if run and "strong" in [kinds[k] for k in run] and source.count("(") == source.count(")") and \
                kinds[run[0]] != "op":
            start, stop = tokens[run[0]][0], tokens[run[0]][0] + len(source)
            if start > pos:
                pieces.append((False, text[pos:start]))
            pieces.append((True, _maths_tex(source)))
            pos = stop
            i = run[-1] + 1
        else:
            i = max(end, i + 1)
    if pos < len(text):
        pieces.append((False, text[pos:]))
    return pieces


def heading_tex(text: str) -> str:
    """A title from a problem file as LaTeX: its maths as maths, the rest escaped."""
    from .escaping import latex_text

    return "".join(f"${piece}$" if maths else latex_text(piece) for maths, piece in heading_pieces(str(text)))


def heading_md(text: str) -> str:
    from .escaping import markdown_text

    def escaped(piece: str) -> str:  # markdown_text strips a line's ends; the spaces beside maths stay
        body = piece.strip()
        if not body:
            return piece
        return piece[:len(piece) - len(piece.lstrip())] + markdown_text(body) + piece[len(piece.rstrip()):]

    return "".join(f"${piece}$" if maths else escaped(piece) for maths, piece in heading_pieces(str(text)))


def heading_html(text: str):
    from markupsafe import Markup

    from .rendering import html_text

    return Markup("".join(f'<span class="math inline">\\({html.escape(piece)}\\)</span>' if maths
                          else str(html_text(piece)) for maths, piece in heading_pieces(str(text))))


def step_title(title: str) -> str:
    """A step's title (tutor's own text, which may hold $…$ already) with its bare maths as $…$."""
    parts = re.split(r"(\$[^$]*\$)", str(title))
    return "".join(part if part.startswith("$") else
                   "".join(f"${piece}$" if maths else piece for maths, piece in heading_pieces(part))
                   for part in parts)
