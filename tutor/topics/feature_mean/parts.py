"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "gram": (r"X^T X", r"Compute the Gram matrix $X^T X$."),
    "squared_distances": (r"[\delta_{ij}]", r"Compute the squared distances $\delta_{ij} = \|\mathbf x_i - \mathbf x_j\|^2$."),
    "kernel": (r"\mathbf K", r"Compute the kernel matrix $\mathbf K$."),
    "mean_norm_sq": (r"\|\boldsymbol\mu_\phi\|^2", r"Find the squared length $\|\boldsymbol\mu_\phi\|^2$ of the mean in feature space."),
    "distances_sq": (r"\|\phi(\mathbf x_i) - \boldsymbol\mu_\phi\|^2",
                     r"Find the squared distance $\|\phi(\mathbf x_i) - \boldsymbol\mu_\phi\|^2$ of every point to that mean."),
}

DEFAULT_PARTS = ("kernel", "mean_norm_sq", "distances_sq")
