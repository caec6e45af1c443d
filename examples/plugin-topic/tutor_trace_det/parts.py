"""The parts of this topic's exam question (see tutor/question.py): each answer key's symbol, for the
final answers, and the sentence that asks for it; and the parts asked by default."""

WORDING = {
    "trace": (r"\operatorname{tr} A", r"Find the trace $\operatorname{tr} A$."),
    "determinant": (r"\det A", r"Find the determinant $\det A$."),
}

DEFAULT_PARTS = ("trace", "determinant")
