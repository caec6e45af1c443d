"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "means": (r"\bar{\mathbf x}", r"Compute the feature means $\bar{\mathbf x}$."),
    "centred": (r"X_c", r"Centre the data: $X_c = X - \mathbf 1 \bar{\mathbf x}^T$."),
    "covariance": (r"S", r"Compute the covariance matrix $S$."),
    "char_poly": (r"\det(S - \lambda I)", r"Write down the characteristic polynomial $\det(S - \lambda I)$."),
    # The Gram route (d > 4, n < d): K is the smaller side, and asking for it names the route.
    "gram": (r"K = X_c X_c^T", r"Compute the $n \times n$ matrix $K = X_c X_c^T$, the smaller side."),
    "gram_eigenvalues": (r"\mu_i", r"Find the eigenvalues $\mu$ of $K$."),
    "eigenvalues": (r"\lambda_j", r"Find the eigenvalues $\lambda$ of $S$."),
    "eigenvectors": (r"\mathbf u_j", r"Find the unit principal directions $\mathbf u_j$."),
    "scores": (r"y_{ij}", r"Give the coordinates $y_{ij} = (\mathbf x_i - \bar{\mathbf x})^T \mathbf u_j$ of the points on the kept components."),
    "captured_variance": (r"\textstyle\sum_{j \le k} \lambda_j", r"Give the variance captured by the first $k$ components."),
    "captured_fraction": (r"\textstyle\sum_{j \le k} \lambda_j / \operatorname{tr} S",
                          r"What fraction of the total variance do they capture?"),
    "reconstruction": (r"\hat{\mathbf x}_i", r"Reconstruct every point from the $k$ components."),
    "reconstruction_error": (r"\tfrac1n \textstyle\sum_i \|\mathbf x_i - \hat{\mathbf x}_i\|^2",
                             r"Give the mean squared reconstruction error, and check it against the dropped eigenvalues."),
}

DEFAULT_PARTS = ("covariance", "gram", "eigenvalues", "eigenvectors", "scores", "captured_fraction", "reconstruction_error")

# Answers that list points, one per row (the final answers display them as a matrix when long).
POINTS = ("reconstruction",)
