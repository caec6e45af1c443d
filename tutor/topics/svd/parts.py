"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py). A wide matrix is asked for DDᵀ instead of DᵀD (the solution answers one)."""

WORDING = {
    "dtd": (r"D^T D", r"Compute $D^T D$."),
    "ddt": (r"D D^T", r"Compute $D D^T$, the smaller Gram matrix."),
    # Each vector set is named both ways, so a wide (or tall) D is never steered to the larger Gram matrix.
    "right_vectors": (r"\mathbf r_i", r"Find the right singular vectors $\mathbf r_i$: unit eigenvectors of $D^T D$, "
                                       r"or $\mathbf r_i = D^T \mathbf l_i / \delta_i$ from the left ones."),
    "singular_values": (r"\delta_i", r"Give the singular values $\delta_i$."),
    "left_vectors": (r"\mathbf l_i", r"Find the left singular vectors $\mathbf l_i$: unit eigenvectors of $D D^T$, "
                                      r"or $\mathbf l_i = D \mathbf r_i / \delta_i$ from the right ones."),
    "truncation": (r"D_r", r"Write down the best rank-$r$ approximation $D_r$."),
    "frobenius_error": (r"\|D - D_r\|_F", r"Compute the error $\|D - D_r\|_F$ and check it against the Eckart–Young theorem."),
}

DEFAULT_PARTS = ("dtd", "ddt", "right_vectors", "singular_values", "left_vectors", "truncation", "frobenius_error")
