"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "means": (r"\bar{\mathbf x}", r"Compute the feature means $\bar{\mathbf x}$."),
    "centred": (r"X_c", r"Centre the data: $X_c = X - \mathbf 1 \bar{\mathbf x}^T$."),
    "gram": (r"K = X_c X_c^T", r"Compute the $n \times n$ matrix $K = X_c X_c^T$."),
    "gram_eigenvalues": (r"\mu_i", r"Find the eigenvalues $\mu$ of $K$."),
    "eigenvectors": (r"\mathbf u_i",
                     r"Map each eigenvector $\mathbf v$ of $K$ with $\mu > 0$ to a unit eigenvector $\mathbf u = X_c^T \mathbf v / \|X_c^T \mathbf v\|$ of the covariance."),
    "eigenvalues": (r"\lambda_i", r"Give the covariance's eigenvalues $\lambda = \mu / n$."),
}

DEFAULT_PARTS = ("gram", "gram_eigenvalues", "eigenvectors", "eigenvalues")
