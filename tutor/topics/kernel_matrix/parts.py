"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "gram": (r"X^T X", r"Compute the Gram matrix $X^T X$ (every pairwise dot product)."),
    "squared_distances": (r"D = [\delta_{ij}]",
                          r"Build the squared-distance matrix $D = [\delta_{ij}]$, $\delta_{ij} = \|\mathbf x_i - \mathbf x_j\|^2$, from the Gram matrix."),
    "kernel": (r"\mathbf K", r"Compute the kernel matrix $\mathbf K$ and check that it is symmetric with a diagonal $\ge 0$."),
}

DEFAULT_PARTS = ("gram", "squared_distances", "kernel")
