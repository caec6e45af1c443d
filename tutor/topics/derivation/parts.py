"""The parts of this topic's question (see tutor/question.py): the faded line, which a problem has
only when it fades one (fade: K)."""

WORDING = {
    "line": (r"\text{the blank line}", r"Give the right-hand side of the blank line."),
}

DEFAULT_PARTS = ("line",)
