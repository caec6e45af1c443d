r"""Labels of figures: a small LaTeX subset that TikZ sets as it is, and that SVG sets as text runs.

A label is maths without $: letters (italic), digits and operators (upright), `_` and `^` with one
token or a {group}, Greek letters, \bar \hat \tilde, \sqrt, \frac, \mathrm and \text (upright), and the
operators in SYMBOLS. Anything else is refused (ValueError), so a label that SVG could not set never
reaches a drawing: the figures' tests set every bundled problem's labels.

>>> runs(r"x_1")
(Run(text='x', italic=True, shift=''), Run(text='1', italic=False, shift='sub'))
>>> text(r"\bar{x}_{12}")
'x̄12'
"""

from __future__ import annotations

from dataclasses import dataclass

GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "varepsilon": "ε", "epsilon": "ϵ", "eta": "η",
    "theta": "θ", "lambda": "λ", "mu": "μ", "nu": "ν", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ",
    "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Pi": "Π", "Sigma": "Σ", "Phi": "Φ",
    "Psi": "Ψ", "Omega": "Ω",
}
SYMBOLS = {
    "cdot": "·", "times": "×", "approx": "≈", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠",
    "infty": "∞", "ldots": "…", "dots": "…", "to": "→", "pm": "±", "in": "∈", "sum": "Σ", "|": "‖",
    ",": "\u2009", ";": "\u2005", "quad": "\u2003", "{": "{", "}": "}", "%": "%", "#": "#", "&": "&",
    "_": "_", "ell": "ℓ", "prime": "′", "min": "min", "max": "max", "log": "log", "ln": "ln", "exp": "exp",
}
ACCENTS = {"bar": "\u0304", "hat": "\u0302", "tilde": "\u0303", "vec": "\u20d7"}
UPRIGHT = {"mathrm", "text", "operatorname", "textrm"}
SHOWN = {"-": "−", "*": "∗", "'": "′"}  # ASCII as a typesetter shows it in maths


@dataclass(frozen=True)
class Run:
    text: str
    italic: bool
    shift: str = ""  # "", "sub" or "sup"


def runs(label: str) -> tuple[Run, ...]:
    """The label as text runs of one style each (adjacent runs of the same style merged)."""
    parser = _Parser(label)
    out = parser.sequence(shift="", upright=False)
    if parser.i != len(label):
        raise ValueError(f"unbalanced braces in figure label {label!r}")
    merged: list[Run] = []
    for run in out:
        if merged and (merged[-1].italic, merged[-1].shift) == (run.italic, run.shift):
            merged[-1] = Run(merged[-1].text + run.text, run.italic, run.shift)
        elif run.text:
            merged.append(run)
    return tuple(merged)


def text(label: str) -> str:
    """The label's characters without styles (for a width estimate, alt text)."""
    return "".join(r.text for r in runs(label))


def check(label: str) -> str:
    """The label, if both drawings can set it (else ValueError)."""
    runs(label)
    return label


def plain(caption: str) -> str:
    """A caption (text with $…$ maths) as plain text, for an SVG's title: the maths set as its
    characters; a command outside the label subset (\\mathbf, \\hat of a matrix) shows its argument."""
    import re

    return re.sub(r"\$([^$]*)\$", lambda m: "".join(r.text for r in _lenient(m.group(1))), caption)


def _lenient(maths: str) -> list[Run]:
    parser = _Parser(maths, lenient=True)
    try:
        return parser.sequence(shift="", upright=False)
    except ValueError:
        return [Run(maths, False)]


class _Parser:
    def __init__(self, s: str, lenient: bool = False):
        self.s, self.i, self.lenient = s, 0, lenient
        self.text_mode = False

    def sequence(self, shift: str, upright: bool, until: str | None = None) -> list[Run]:
        out: list[Run] = []
        while self.i < len(self.s):
            ch = self.s[self.i]
            if ch == "}":
                if until == "}":
                    return out
                raise ValueError(f"unbalanced braces in figure label {self.s!r}")
            out.extend(self.token(shift, upright))
        if until:
            raise ValueError(f"unbalanced braces in figure label {self.s!r}")
        return out

    def group(self, shift: str, upright: bool) -> list[Run]:
        """One token, or a {group}."""
        if self.i >= len(self.s):
            raise ValueError(f"figure label {self.s!r} ends where an argument was expected")
        if self.s[self.i] == "{":
            self.i += 1
            out = self.sequence(shift, upright, until="}")
            self.i += 1
            return out
        return self.token(shift, upright)

    def token(self, shift: str, upright: bool) -> list[Run]:
        s = self.s
        ch = s[self.i]
        self.i += 1
        if ch in "_^":
            inner = "sub" if ch == "_" else "sup"
            return self.group(inner if not shift else shift, upright)
        if ch == "{":
            self.i -= 1
            return self.group(shift, upright)
        if ch == "\\":
            return self.command(shift, upright)
        if ch == " ":
            return [] if not upright else [Run(" ", False, shift)]
        if ch == "~":
            return [Run("\u00a0", False, shift)]
        if ch.isascii() and ch.isalpha():
            return [Run(ch, not upright, shift)]
        if (ch.isascii() and ch.isdigit()) or ch in "+-=()[],./|'!:;<>*?":
            # In \text a hyphen is a hyphen (kernel-PCA); in maths, a minus sign.
            return [Run(ch if self.text_mode else SHOWN.get(ch, ch), False, shift)]
        if self.lenient:
            return [Run(ch, False, shift)]
        raise ValueError(f"figure label {s!r} has a character no drawing sets: {ch!r}")

    def command(self, shift: str, upright: bool) -> list[Run]:
        s = self.s
        start = self.i
        while self.i < len(s) and s[self.i].isalpha():
            self.i += 1
        name = s[start:self.i] or s[start:start + 1]
        if not s[start:self.i]:
            self.i += 1
        if name in GREEK:
            return [Run(GREEK[name], name[0].islower() and not upright, shift)]
        if name in SYMBOLS:
            return [Run(SYMBOLS[name], False, shift)]
        if name in ACCENTS:
            inner = self.group(shift, upright)
            if not inner:
                return inner
            first = inner[0]
            return [Run(first.text[0] + ACCENTS[name] + first.text[1:], first.italic, first.shift), *inner[1:]]
        if name in UPRIGHT:
            was, self.text_mode = self.text_mode, name in ("text", "textrm")
            try:
                return self.group(shift, upright=True)
            finally:
                self.text_mode = was
        if name == "sqrt":
            inner = self.group(shift, upright)
            if _atoms(inner, shift) > 1:
                inner = [Run("(", False, shift), *inner, Run(")", False, shift)]
            return [Run("√", False, shift), *inner]
        if name == "frac":
            top, bottom = self.group(shift, upright), self.group(shift, upright)
            wrap = lambda part: part if _atoms(part, shift) == 1 else [
                Run("(", False, shift), *part, Run(")", False, shift)]
            return [*wrap(top), Run("/", False, shift), *wrap(bottom)]
        if self.lenient:  # \mathbf{K}, \boldsymbol x: their argument as it is
            return self.group(shift, upright) if self.i < len(s) and s[self.i] == "{" else []
        raise ValueError(f"figure label {s!r} uses \\{name}, which the figures do not set")


def _atoms(part: list[Run], shift: str) -> int:
    """How many characters of a root's or fraction's argument stand on its baseline: λ₁ is one, so
    √λ₁ needs no brackets, 2n two."""
    return sum(len(r.text) for r in part if r.shift == shift)
