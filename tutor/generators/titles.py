"""Titles of generated problems, built from each problem's own data in the words of the bundled titles
("Three points, quadratic kernel (1 + x^T y)^2", "Centre an RBF kernel matrix (gamma = ln 2 / 4)").

A title is plain text; its maths (x^T y, gamma, π) is typeset by tutor.layout.heading_pieces in every
format. These helpers only read drawn values, after every random draw, so a title never changes what a seed
gives."""

from __future__ import annotations

WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number(n: int) -> str:
    """A small count in words, as the bundled titles write it; digits from 11."""
    return WORDS[n] if 0 <= n < len(WORDS) else str(n)


def counted(n: int, d: int | None = None) -> str:
    """'four points', or with their dimension 'four points in 3-D'."""
    return f"{number(n)} point{'' if n == 1 else 's'}" + (f" in {d}-D" if d else "")


def size(rows: int, cols: int) -> str:
    """A matrix's size as the bundled titles write it: '2 × 3'."""
    return f"{rows} × {cols}"


def point(p) -> str:
    """(1, −2): a point as the statement's columns read, with a typographic minus."""
    return "(" + ", ".join(str(x).replace("-", "−") for x in p) + ")"


def points(pts) -> str:
    """(1, 2), (0, 1) and (−1, 3)."""
    shown = [point(p) for p in pts]
    return ", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0]


def gamma(text: str) -> str:
    """ln(2)/4 as the bundled titles write it: ln 2 / 4."""
    return text.replace("ln(2)", "ln 2").replace("/", " / ")


def kernel(k: dict) -> str:
    """The kernel as a title names it: "the linear kernel", "(1 + x^T y)^2", "an RBF kernel with gamma = ln 2 / 4"."""
    if k["name"] == "linear":
        return "the linear kernel"
    if k["name"] == "polynomial":
        offset = k.get("offset", 0)
        base = "x^T y" if not offset else f"{offset} + x^T y"
        return f"({base})^{k.get('degree', 1)}"
    return f"an RBF kernel with gamma = {gamma(k['gamma'])}"


def few_points(pts) -> str:
    """The points themselves when they are few and short, else how many and where ("four points in 3-D")."""
    if len(pts) <= 3 and len(pts[0]) <= 2:
        return points(pts)
    return counted(len(pts), len(pts[0]))
