"""Figures of worked solutions: the records (model.py), their layout (scene.py) and two drawings of
the same layout, TikZ for LaTeX (tikz.py) and SVG for HTML and Markdown (svg.py)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

import sympy as sp

from .model import (Arrow, Bars, BarSeries, Curve, Edge, Figure, Graph, Level, Plot, Point, Row, Segment,
                    Vertex)

__all__ = ["Arrow", "Bars", "BarSeries", "Curve", "Edge", "Figure", "Graph", "Level", "Plot", "Point", "Row",
           "Segment", "Vertex", "figure_data"]

# Fields that hold exact numbers (or tuples of them): each becomes {"exact": …, "approx": …} in JSON.
_NUMBERS = {"x", "y", "start", "end", "points", "values", "x_range", "y_range", "reference"}


def figure_data(figure: Figure, names=None) -> dict:
    """The figure as JSON data: its type, caption and items, every coordinate exact (a string sympify
    reads, as the answers' are) and approximate."""
    return _data(figure, names)


def _data(record, names) -> dict:
    out: dict[str, Any] = {"type": type(record).__name__.lower()}
    for f in fields(record):
        value = getattr(record, f.name)
        if f.name in _NUMBERS:
            out[f.name] = _numbers(value, names)
        elif isinstance(value, tuple) and value and is_dataclass(value[0]):
            out[f.name] = [_data(item, names) for item in value]
        elif isinstance(value, tuple):
            out[f.name] = list(value)
        else:
            out[f.name] = value
    return out


def _numbers(value, names):
    from ..rendering import approx_data, exact_data

    if value is None:
        return None
    if isinstance(value, tuple):
        return [_numbers(v, names) for v in value]
    value = sp.Integer(value) if isinstance(value, int) else value
    return {"exact": exact_data(value, names), "approx": approx_data(value)}
