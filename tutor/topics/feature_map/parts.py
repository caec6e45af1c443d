"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "feature_map": (r"\phi(\mathbf x)", r"Write down the explicit feature map $\phi(\mathbf x)$."),
    "phi": (r"\phi(\mathbf x), \phi(\mathbf y)", r"Compute $\phi(\mathbf x)$ and $\phi(\mathbf y)$ for the two points."),
    "kernel_value": (r"\phi(\mathbf x)^T \phi(\mathbf y)",
                     r"Check that $\phi(\mathbf x)^T \phi(\mathbf y) = K(\mathbf x, \mathbf y)$."),
}

DEFAULT_PARTS = ("feature_map", "phi", "kernel_value")
