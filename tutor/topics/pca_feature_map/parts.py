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



def _one_direction(solution) -> str:
    from tutor.topics.pca_feature_map import one_direction, spectra

    return one_direction(spectra(solution.steps)[0])


def _comparison(solution) -> str:
    from tutor.topics.pca_feature_map import comparison

    return comparison(solution.steps)


# The one-line answers to what the wording above asks besides the values (see tutor/question.py).
REASONS = {"eigenvalues_before": _one_direction, "eigenvalues_after": _comparison}

DEFAULT_PARTS = ("covariance_before", "eigenvalues_before", "mapped_points", "covariance_after", "eigenvalues_after")

# Answers that list points, one per row (the final answers display them as a matrix when long).
POINTS = ("mapped_points",)
