"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "covariance_before": (r"S", r"Compute the covariance matrix $S$ of the points (divided by $n$)."),
    "eigenvalues_before": (r"\lambda_i", r"Find the eigenvalues of $S$. Does one direction explain the data?"),
    "mapped_points": (r"\phi(\mathbf x_i)", r"Map every point with $\phi$."),
    "covariance_after": (r"S_\phi", r"Compute the covariance matrix $S_\phi$ of the mapped points."),
    "eigenvalues_after": (r"\lambda_i^\phi",
                          r"Find the eigenvalues of $S_\phi$ and compare the share of the first component before and after the map."),
}

DEFAULT_PARTS = ("covariance_before", "eigenvalues_before", "mapped_points", "covariance_after", "eigenvalues_after")

# Answers that list points, one per row (the final answers display them as a matrix when long).
POINTS = ("mapped_points",)
