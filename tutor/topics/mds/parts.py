"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "squared_distances": (r"d_{ij}^2", r"Compute the squared distances $d_{ij}^2$."),
    "a_matrix": (r"A", r"Form $A = -\tfrac12 \left[d_{ij}^2\right]$."),
    "b_matrix": (r"B", r"Double-centre it: $B = HAH$."),
    "eigenvalues": (r"\lambda_i", r"Find the eigenvalues of $B$."),
    "coordinates": (r"X", r"Recover the points $X = V_p \Lambda_p^{1/2}$, one per row."),
    "recovered_distances": (r"\|\hat{\mathbf x}_i - \hat{\mathbf x}_j\|^2",
                            r"Compute the squared distances of the recovered points: do they reproduce the $d_{ij}^2$?"),
}

DEFAULT_PARTS = ("squared_distances", "a_matrix", "b_matrix", "eigenvalues", "coordinates", "recovered_distances")

# Answers that list points, one per row (the final answers display them as a matrix when long).
POINTS = ("coordinates",)


def _reproduced(solution) -> str:
    """The answer to "do they reproduce the d²?": yes, or no and why (a negative eigenvalue of B, or
    positive ones dropped)."""
    answers = solution.answers
    if answers["recovered_distances"] == solution.problem.squared:  # the d² given or computed
        return r"yes: every one equals $d_{ij}^2$"
    if any(v < 0 for v in answers["eigenvalues"]):
        return r"no: $B$ has a negative eigenvalue, so the distances are not Euclidean"
    return r"no: the dropped eigenvalues of $B$ carry the rest of the distances"


# The one-line answers to what the wording above asks besides the values (see tutor/question.py).
REASONS = {"recovered_distances": _reproduced}
