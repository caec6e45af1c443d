"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "costs": (r"c_i", r"Give the actual cost $c_i$ of every insertion."),
    "potentials": (r"\Phi_i", r"Give the potential $\Phi_i$ after every insertion."),
    "amortised": (r"\hat c_i", r"Give the amortised cost $\hat c_i = c_i + \Phi_i - \Phi_{i-1}$ of every insertion."),
    "total_cost": (r"\textstyle\sum_i c_i", r"Give the total actual cost."),
    "total_amortised": (r"\textstyle\sum_i \hat c_i", r"Give the total amortised cost, and compare it with the total actual cost."),
}

DEFAULT_PARTS = ("costs", "potentials", "amortised", "total_cost", "total_amortised")
