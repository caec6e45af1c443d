"""The parts of this topic's question (see tutor/question.py): the faded line, asked only when the
problem fades one (its solution has no answer otherwise)."""

WORDING = {
    "line": (r"\text{the faded line}", r"Give the right-hand side of the blank line."),
}

# Not asked as a part by default: the final answers would print the blank line's answer under the
# very derivation that hides it. `tutor check` judges the key all the same.
DEFAULT_PARTS = ()
