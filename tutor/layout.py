"""Values a person can read: a root object is named once per solution and then used by name.

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

import re

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
