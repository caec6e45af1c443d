r"""Free text (a problem's title, a file name) made safe for each output format.

Two layers. When a problem is loaded, ``text_problem`` refuses a line of text that some format cannot
show: a control or invisible character, or a character that pdflatex cannot typeset with our preamble
(an emoji, CJK, Cyrillic): every problem must render in every format, and a person fixes the field
sooner than a failed LaTeX run. Characters with an obvious spelling in LaTeX are kept and
transliterated there: accented Latin letters (é, ü, ǎ), Greek letters (as maths), full-width and other
compatibility forms (Ａ → A, ﬁ → fi). Then each format's filter escapes what is special to it, and
folds control characters that slipped past the check (a file name in a report) into a space.

>>> markdown_text("<script> & *x*")
'&lt;script&gt; &amp; &#42;x&#42;'
>>> latex_text("50% of x_1, café")
'50\\% of x\\_1, café'
>>> xml_text("a\x00b & c")
'ab &amp; c'
"""

from __future__ import annotations

import re
import unicodedata

from .errors import TutorError

# --- XML's three characters, without xml.sax (whose import pulls in urllib, http and email: ~25 ms of
# every start-up for two one-line functions) ------------------------------------------------------------

def escape(text: str, extra: dict[str, str] | None = None) -> str:
    """&, < and > as entities (and the characters of ``extra``), as xml.sax.saxutils.escape.

    >>> escape('a < b & "c"')
    'a &lt; b &amp; "c"'
    """
    text = text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
    for ch, entity in (extra or {}).items():
        text = text.replace(ch, entity)
    return text


def quoteattr(text: str) -> str:
    r"""An attribute value with its quotes, as xml.sax.saxutils.quoteattr.

    >>> print(quoteattr('say "hi"'), quoteattr("a\nb"))
    'say "hi"' "a&#10;b"
    """
    text = escape(text, {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'


# --- what counts as one clean line -----------------------------------------------------------------

_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # controls, format (bidi, zero-width), unassigned


def _invisible(ch: str) -> bool:
    return unicodedata.category(ch) in _INVISIBLE


def printable(text: str) -> str:
    r"""Text for one line of a message: control and invisible characters written as escapes.

    >>> printable("a\nb\x1b[2J")
    'a\\nb\\x1b[2J'
    """
    text = str(text)
    if not any(_invisible(ch) for ch in text):
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii") if _invisible(ch) else ch for ch in text)


def shorten(text: str, limit: int = 40) -> str:
    """Text for a message (a key of the user's): on one line, cut to ``limit`` characters."""
    shown = printable(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def brief(value: object, limit: int = 40) -> str:
    """A value as shown in a message: its repr on one line, cut to ``limit`` characters."""
    return shorten(repr(value), limit)


def _fold(text: str) -> str:
    """Control and invisible characters become one space each; runs of spaces stay as written."""
    return "".join(" " if _invisible(ch) else ch for ch in str(text))


# --- LaTeX -------------------------------------------------------------------------------------------

_LATEX_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                  "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}

# Greek letters print as maths; capitals that look like Latin ones print as those letters.
_GREEK = dict(zip("αβγδεζηθικλμνξπρστυφχψωςϑϕϵ", (
    r"$\alpha$", r"$\beta$", r"$\gamma$", r"$\delta$", r"$\varepsilon$", r"$\zeta$", r"$\eta$", r"$\theta$",
    r"$\iota$", r"$\kappa$", r"$\lambda$", r"$\mu$", r"$\nu$", r"$\xi$", r"$\pi$", r"$\rho$", r"$\sigma$",
    r"$\tau$", r"$\upsilon$", r"$\varphi$", r"$\chi$", r"$\psi$", r"$\omega$", r"$\varsigma$", r"$\vartheta$",
    r"$\phi$", r"$\epsilon$")))
_GREEK.update(zip("ΓΔΘΛΞΠΣΥΦΨΩ", (rf"$\{name}$" for name in (
    "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Upsilon", "Phi", "Psi", "Omega"))))
_GREEK.update(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΧ", "ABEZHIKMNOPTX"))

# What pdflatex typesets as written with our preamble (utf8 input, T1 fonts): printable ASCII, the
# Latin-1 and Latin Extended-A letters and signs that T1 and TS1 have (measured: each one compiled),
# common punctuation, and the maths characters the preamble declares.
_TYPESET_RANGES = ((0x20, 0x7E), (0xA0, 0xAC), (0xAE, 0x125), (0x128, 0x137), (0x139, 0x13E),
                   (0x141, 0x148), (0x14A, 0x165), (0x168, 0x17E))
_TYPESET_EXTRA = frozenset("‐‑‒–—―‘’‚“”„†‡•…‰‹›€™←↑→↓" "−×·≤≥≠√")

# Combining accents with a LaTeX text accent command: ǎ = a + U+030C is \v{a}.
_ACCENTS = {"\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0304": "=", "\u0306": "u",
            "\u0307": ".", "\u0308": '"', "\u030A": "r", "\u030B": "H", "\u030C": "v", "\u0323": "d",
            "\u0327": "c", "\u0328": "k", "\u0331": "b"}


def _typeset(ch: str) -> bool:
    code = ord(ch)
    return ch in _TYPESET_EXTRA or any(low <= code <= high for low, high in _TYPESET_RANGES)


def _latex_char(ch: str) -> str | None:
    """One character in LaTeX, or None when pdflatex has no obvious spelling for it."""
    if ch in _LATEX_SPECIAL:
        return _LATEX_SPECIAL[ch]
    if ch in _GREEK:
        return _GREEK[ch]
    if _typeset(ch):
        return ch
    if _invisible(ch):
        return None
    compatible = unicodedata.normalize("NFKC", ch)
    if compatible != ch and all(_typeset(c) or c in _GREEK for c in compatible):
        return "".join(_LATEX_SPECIAL.get(c) or _GREEK.get(c) or c for c in compatible)
    base, *marks = unicodedata.normalize("NFD", ch)
    if marks and base.isascii() and base.isalpha() and all(m in _ACCENTS for m in marks):
        out = base
        for mark in marks:
            out = f"\\{_ACCENTS[mark]}{{{out}}}"
        return out
    return None


def latex_text(text: str) -> str:
    r"""User text made safe for LaTeX: specials escaped, Greek as maths, accents as accent commands.

    >>> latex_text("50% of x_1")
    '50\\% of x\\_1'
    >>> latex_text("ǎ, γ, ﬁne")
    '\\v{a}, $\\gamma$, fine'
    """
    out = []
    for ch in _fold(text):
        spelled = _latex_char(ch)
        if spelled is None:  # text_problem refuses such text at load time; a file name is not checked
            raise TutorError(f"the character {ch!r} (U+{ord(ch):04X}) cannot be typeset in LaTeX")
        out.append(spelled)
    return "".join(out)


# The TeX commands free text may hold: maths that tutor's own output uses (and a few of its kind). PrairieLearn,
# Moodle and Canvas typeset a page's text with MathJax, which also knows \href, \url, \class, \style,
# \cssId, \html…, \require, \unicode, \data…, \toggle, \mmlToken and \def: a link to javascript:, markup,
# an extension loaded. A whitelist, so that a command MathJax adds later is refused too.
TEX_COMMANDS = frozenset("""
    alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi rho sigma
    varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega
    approx cdot cdots circ div equiv exists forall ge geq gg iff in notin infty int le leq ll mid mp ne neq pm
    propto sim times to mapsto rightarrow Rightarrow leftarrow Leftarrow Longrightarrow top intercal partial nabla
    sum prod lim min max det log ln exp sin cos tan sqrt surd frac dfrac tfrac binom tbinom
    left right big Big langle rangle lvert rvert lVert rVert vert Vert lbrace rbrace
    mathbf mathrm mathbb mathcal mathit mathsf boldsymbol operatorname text textrm textbf textit
    hat bar tilde vec dot ddot overline underline widehat widetilde overset underset
    quad qquad dots ldots vdots ddots displaystyle textstyle begin end subset subseteq cup cap emptyset
    emph textsf texttt c
""".split())  # the last line: text commands a title may hold, harmless in every TeX (the LaTeX formats escape them)
# A control word (MathJax's macro names are ASCII letters) or a control symbol such as \\ or \{, read left to
# right as TeX does, so that the b of a\\b is not taken for \b.
_TEX_COMMAND = re.compile(r"\\([A-Za-z]+|.?)", re.S)


def tex_problem(text: str) -> str | None:
    r"""Why free text cannot go to a platform that typesets TeX (a command outside TEX_COMMANDS), or None.

    >>> tex_problem(r"Let $\mathbf x \in \mathbb R^2$.") is None
    True
    >>> print(tex_problem(r"\href{javascript:alert(1)}{marks}").split(",")[0])
    the TeX command \href is not allowed in free text
    """
    for match in _TEX_COMMAND.finditer(text):
        if match.group(1)[:1].isalpha() and match.group(1) not in TEX_COMMANDS:
            return (f"the TeX command \\{match.group(1)[:20]} is not allowed in free text, which MathJax typesets "
                    "on PrairieLearn, Moodle and Canvas (\\frac, \\mathbf, Greek letters … are)")
    return None


def text_problem(text: str) -> str | None:
    """Why a line of text from a problem file cannot be shown in every format, or None if it can."""
    wrong = tex_problem(text)
    if wrong:
        return wrong
    for ch in text:
        if _invisible(ch):
            return f"contains a control or invisible character (U+{ord(ch):04X})"
        if _latex_char(ch) is None:
            return (f"the character {ch!r} (U+{ord(ch):04X}) cannot be typeset in LaTeX: use Latin letters "
                    "(accents are fine), Greek letters, digits and common punctuation")
    return None


# --- Markdown ----------------------------------------------------------------------------------------

# HTML's three, and every character with a meaning inside a line of Markdown (or of its maths and
# table extensions), as character references: a reference is always literal text, never markup.
_MARKDOWN = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_MARKDOWN.update((ch, f"&#{ord(ch)};") for ch in "\\`*_[]$|~#")
# At the start of a line: a list item, a setext underline, or "1." / "1)" of an ordered list.
_BLOCK_START = re.compile(r"^(?:[-+=]|\d+[.)])")


def markdown_text(text: str) -> str:
    """User text as one line of Markdown that shows exactly as written (no markup, no HTML).

    >>> markdown_text("1. first\\r- second")
    '1&#46; first - second'
    """
    text = _fold(text).strip()
    body = "".join(_MARKDOWN.get(ch, ch) for ch in text)
    start = _BLOCK_START.match(text)
    if start:
        marker = start.group()[-1]
        body = text[: start.end() - 1] + f"&#{ord(marker)};" + body[start.end():]
    return body


def markdown_code(text: str) -> str:
    """User text as an inline code span (a file name): backticks in it cannot end the span early.

    >>> markdown_code("a`b.yaml")
    '``a`b.yaml``'
    """
    text = _fold(text)
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


# --- XML ---------------------------------------------------------------------------------------------

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_chars(text: str) -> str:
    """Text without the characters XML 1.0 forbids (most controls): what may go inside CDATA."""
    return _NOT_XML.sub("", str(text))


def xml_text(text: str) -> str:
    """User text as XML character data or an attribute value: forbidden characters dropped, the rest
    folded onto one line and escaped."""
    return escape(_fold(xml_chars(text)), {'"': "&quot;"})


FILTERS = {
    "latex_text": latex_text,
    "md": markdown_text,
    "md_code": markdown_code,
    "plain": printable,
}


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value):
    """A CSV cell a spreadsheet shows as text: one that starts like a formula (= + - @, a tab or a
    carriage return) gets a leading apostrophe, as OWASP advises, so that a student's name or file name
    such as =HYPERLINK(…) is never run when the lecturer opens the grades. Numbers are left as they are."""
    if not isinstance(value, str) or not value.startswith(_FORMULA_START):
        return value
    try:
        float(value)
        return value  # a negative number, -3 or -0.5
    except ValueError:
        return "'" + value


def csv_row(cells) -> list:
    return [csv_cell(c) for c in cells]
