"""A matrix expression as an answer value: a SymPy atom, so that the checking and rendering code,
which shows and stores answers as SymPy values, prints it (LaTeX, plain text) without knowing it."""

from __future__ import annotations

import sympy as sp

from tutor.topics.derivation import expr


_FORMULA = sp.Symbol("matrix_expression")


class Expression(sp.Atom):
    """An expression tree with the symbols it was read with; equal when the trees are."""

    def __new__(cls, node: expr.Node, symbols: dict):
        obj = super().__new__(cls)
        obj.node = node
        obj.symbols = symbols
        return obj

    @property
    def free_symbols(self) -> set:
        """Not a number: the code that prints answers shows a value with symbols as a formula (no
        decimal beside it), as it does a polynomial."""
        return {_FORMULA}

    def _hashable_content(self):
        return (expr.text(self.node),)

    def _latex(self, printer=None) -> str:
        return expr.tex(self.node, self.symbols)

    def _sympystr(self, printer=None) -> str:
        # The JSON's printer (it names numbers: name_of) writes what sympify reads back, SymPy's matrix
        # expressions; every other str (a report's "read as") is the grammar the student typed.
        if hasattr(printer, "name_of"):
            return expr.sympy_text(self.node, self.symbols)
        return expr.text(self.node)

    def __reduce__(self):  # an Atom pickles its args, which this one has none of
        return (Expression, (self.node, self.symbols))


class Reason(sp.Atom):
    """A line's reason as an answer value: a rule of the derivation's menu (its key, letter and text), or
    NO_RULE, typed text that names none of them (a wrong reason, not an unreadable one)."""

    def __new__(cls, key: str, letter: str, text: str):
        obj = super().__new__(cls)
        obj.key, obj.letter, obj.text = key, letter, text
        return obj

    @property
    def free_symbols(self) -> set:
        return {_FORMULA}  # no number: shown as a formula, no decimal beside it

    def _hashable_content(self):
        return (self.key,)

    def _latex(self, printer=None) -> str:
        if not self.key:  # typed text naming no rule: read, judged wrong, never echoed into TeX
            return r"\text{no rule of the list}"
        return rf"\text{{rule ({self.letter}): }}{math_text(self.text)}"

    def _sympystr(self, printer=None) -> str:
        # the JSON's exact string and a report's "read as": the letter, as a student types it
        return self.letter or "no rule of the list"

    def __reduce__(self):
        return (Reason, (self.key, self.letter, self.text))


NO_RULE = Reason("", "", "")


def math_text(text: str) -> str:
    r"""Plain text with $…$ maths as one piece of maths mode (for a column of an aligned block, where
    text mode would need $ inside \text, which not every typesetter reads).

    >>> math_text(r"Multiply by $n\Phi^T$ on the left")
    '\\text{Multiply by }n\\Phi^T\\text{ on the left}'
    """
    pieces = text.split("$")
    return "".join(piece if i % 2 else (rf"\text{{{piece}}}" if piece else "") for i, piece in enumerate(pieces))
