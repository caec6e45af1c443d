"""Figures in a rendered document: numbered in order, drawn in the document's format.

A render sets a Drawing (contextvar) for its duration: whether figures are drawn, and for Markdown
where they go (SVG files named after the output file, data URIs inside a notebook, or a one-line note
on standard output). Templates call `figure(step.figure)` (a Jinja global per format), which numbers
the figure and returns its block; the files a Markdown render made are read back from the Drawing.
"""

from __future__ import annotations

import base64
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from .model import Figure
from .scene import Undrawable, scene
from .svg import svg
from .tikz import tikz


@dataclass
class Drawing:
    enabled: bool = True
    stem: str | None = None  # Markdown: files <stem>-fig<n>.svg beside the output file
    inline: bool = False  # Markdown: figures as data URIs (a notebook cell), no files
    count: int = 0
    files: dict[str, str] = field(default_factory=dict)  # file name -> SVG text


_DRAWING: ContextVar[Drawing | None] = ContextVar("tutor_drawing", default=None)


@contextmanager
def drawing(enabled: bool = True, stem: str | None = None, inline: bool = False):
    state = Drawing(enabled, stem, inline)
    token = _DRAWING.set(state)
    try:
        yield state
    finally:
        _DRAWING.reset(token)


def _state() -> Drawing:
    return _DRAWING.get() or Drawing()


def block(fmt: str, figure: Figure | None) -> str:
    """The figure as a block of the document in format fmt ('' when figures are off)."""
    state = _state()
    if figure is None or not state.enabled:
        return ""
    state.count += 1
    n = state.count
    caption = figure.caption
    try:
        picture = scene(figure)
    except Undrawable as err:  # the values are in the steps above; only their picture is left out
        note = f"Figure {n} ({caption.rstrip('.')}) is left out: {err}."
        if fmt == "tex":
            from ..escaping import latex_text

            return f"\\emph{{Figure {n} ({caption.rstrip('.')}) is left out: {latex_text(str(err))}.}}\n"
        return f"*{note}*\n" if fmt == "md" else _html_note(note)
    if fmt == "tex":
        # A float: here when it fits, else at the top of the next page while the steps after it fill
        # this one (a block kept here would move whole and leave the rest of the page empty).
        return (f"\\begin{{figure}}[htbp]\\centering\n{tikz(picture)}\\par\n"
                f"\\vspace{{2pt}}{{\\small Figure {n}: {caption}\\par}}\n\\end{{figure}}\n")
    if fmt == "html":
        from markupsafe import Markup, escape

        body = svg(picture, title=f"Figure {n}: {caption}")
        return Markup(f'<figure class="tutor-figure">\n{body}\n<figcaption>Figure {n}: {escape(caption)}'
                      f"</figcaption>\n</figure>\n")
    if fmt == "md":
        if state.inline or state.stem:
            text = svg(picture, title=f"Figure {n}: {caption}", standalone=True)
            if state.inline:
                target = "data:image/svg+xml;base64," + base64.b64encode(text.encode()).decode("ascii")
            else:
                target = f"{state.stem}-fig{n}.svg"
                state.files[target] = text
            # <…>: a file name with a space or a bracket is still one link target (CommonMark).
            return f"![Figure {n}](<{target}>)\n\n*Figure {n}: {caption}*\n"
        return f"*Figure {n} is left out on standard output: `-o FILE.md` writes it beside FILE.md as an SVG file.*\n"
    raise ValueError(f"unknown format {fmt!r}")


def _html_note(note: str):
    from markupsafe import Markup, escape

    return Markup(f"<p><em>{escape(note)}</em></p>\n")
