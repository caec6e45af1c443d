"""The parts of this topic's question (see tutor/question.py): the blanks a problem leaves, `line` for the
one line of `fade: K`, else blank1, blank2, … The statement says which line or reason each blank is; the
parts name the blank only, so that a blueprint's question asks the same parts of every variant."""

WORDING = {
    "line": (r"\text{the blank}", r"Fill in the blank."),
    **{f"blank{i}": (rf"\text{{blank {i}}}", f"Fill in blank {i}.") for i in range(1, 5)},
}

DEFAULT_PARTS = tuple(WORDING)


def problem_wording(problem, key: str):
    """The one blank of `fade: K` named by its line (no blueprint draws such a problem); the one blank of
    `blanks: [K]` is "the blank", as its statement calls it."""
    if key == "line" and problem.fade is not None:
        return WORDING[key][0], f"Give the right-hand side of line {problem.fade}."
    if key == "blank1" and len(problem.blanks) == 1:
        return WORDING["line"]
    return None
