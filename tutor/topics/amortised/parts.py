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


def _compared(solution) -> str:
    """The answer to "compare": the amortised total bounds the actual one, since Φ ends at least where it began."""
    from tutor.exact.tidy import sign_of

    total, actual = solution.answers["total_amortised"], solution.answers["total_cost"]
    relation = {1: r"\ge", 0: "=", -1: r"<"}[sign_of(total - actual)]
    if relation == "<":
        return rf"${total} < {actual}$: $\Phi_n < \Phi_0$, so this potential bounds nothing"
    return rf"${total} {relation} {actual}$, as $\sum_i \hat c_i - \sum_i c_i = \Phi_n - \Phi_0 \ge 0$"


# The one-line answers to what the wording above asks besides the values (see tutor/question.py).
REASONS = {"total_amortised": _compared}
