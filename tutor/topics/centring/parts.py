"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "gram": (r"X^T X", r"Compute the Gram matrix $X^T X$."),
    "squared_distances": (r"[\delta_{ij}]", r"Compute the squared distances $\delta_{ij} = \|\mathbf x_i - \mathbf x_j\|^2$."),
    "kernel": (r"\mathbf K", r"Compute the kernel matrix $\mathbf K$."),
    "row_means": (r"\bar r_i", r"Compute each row mean $\bar r_i$ of $\mathbf K$."),
    "grand_mean": (r"\bar g", r"Compute the grand mean $\bar g$ (the average of the row means)."),
    "centred_kernel": (r"\hat{\mathbf K}",
                       r"Compute the centred kernel matrix $\hat{\mathbf K}$, $\hat K_{ij} = K_{ij} - \bar r_i - \bar r_j + \bar g$, and check that its rows sum to $0$."),
}

DEFAULT_PARTS = ("kernel", "row_means", "grand_mean", "centred_kernel")


def _rows_sum_to_zero(solution) -> str:
    # what the part asks besides the matrix; the centring step's checks write each row's sum out
    return r"every row sums to $0$"


# The one-line answers to what the wording above asks besides the values (see tutor/question.py).
REASONS = {"centred_kernel": _rows_sum_to_zero}
