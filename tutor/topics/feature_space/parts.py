"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "kernel_values": (r"K(\mathbf x, \mathbf x), K(\mathbf y, \mathbf y), K(\mathbf x, \mathbf y)",
                      r"Compute the kernel values $K(\mathbf x, \mathbf x)$, $K(\mathbf y, \mathbf y)$ and $K(\mathbf x, \mathbf y)$."),
    "norms": (r"\|\phi(\mathbf x)\|, \|\phi(\mathbf y)\|", r"Find the lengths $\|\phi(\mathbf x)\|$ and $\|\phi(\mathbf y)\|$ in feature space."),
    "distance_sq": (r"d_\phi(\mathbf x, \mathbf y)^2", r"Find the squared distance $d_\phi(\mathbf x, \mathbf y)^2$ between them."),
    "cosine": (r"\cos\theta", r"Find the cosine of the angle $\theta$ between $\phi(\mathbf x)$ and $\phi(\mathbf y)$."),
}

DEFAULT_PARTS = ("kernel_values", "norms", "distance_sq", "cosine")
