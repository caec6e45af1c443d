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
    if fmt == "html":
        return "".join(f"<p>{s}</p>\n" for s in sentences) + named
    return "\n".join(sentences) + "\n\n" + named


def _definition(symbol: str, polynomial: str, indices: list[int]) -> str:
    from .rendering import POLYNOMIALS, decimal

    poly = POLYNOMIALS.get(polynomial)
    values = ""
    if poly is not None:
        values = ": " + ", ".join(f"${symbol}_{{{k}}} \\approx {decimal(sp.CRootOf(poly, k - 1))}$" for k in indices)
    return f"Here ${symbol}_k$ is the $k$-th smallest real root of ${polynomial} = 0${values}."
