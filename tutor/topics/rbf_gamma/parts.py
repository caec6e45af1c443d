"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "gamma": (r"\gamma", r"Find $\gamma$."),
    "kernel_values": (r"K", r"Compute $K$ at each of the input distances."),
    "feature_distances": (r"d_\phi",
                          r"Show that $d_\phi^2 = 2 - 2K$ and compute $d_\phi$ at each of the input distances. "
                          r"What happens to far-apart points?"),
}

DEFAULT_PARTS = ("gamma", "kernel_values", "feature_distances")
