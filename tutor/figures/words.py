"""Wording shared by the topics' figure captions."""

from __future__ import annotations


def joined(parts) -> str:
    """"a", "a and b", "a, b and c"."""
    parts = list(parts)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def listed(symbol: str, n: int) -> str:
    """Points x₁, x₂, x₃ written out as maths, or x₁, …, xₙ for more than three (symbol: LaTeX, such as
    \\mathbf x or \\hat{\\mathbf x})."""
    if n <= 3:
        return ", ".join(f"${symbol}_{{{j}}}$" for j in range(1, n + 1))
    return f"${symbol}_1, \\ldots, {symbol}_{{{n}}}$"
