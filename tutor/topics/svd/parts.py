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


def _checked(solution) -> str:
    """The answer to "check it against the Eckart–Young theorem", as the step makes it: the error is the
    root of the sum of the squared singular values left out."""
    import sympy as sp

    from tutor.rendering import decimal, tex  # rendering imports the step records: import at use

    step = next(s for s in solution.steps if s.key == "frobenius_error")
    d = step.data
    if not d.discarded:
        return r"check: $r$ is the rank of $D$, so $D_r = D$ and the error is $0$"
    first = d.rank + 1
    names = " + ".join(rf"\delta_{{{first + i}}}^2" for i in range(len(d.discarded)))
    if d.decimals:  # named roots: the step compares decimals
        worked = rf"\sqrt{{{names}}} \approx {decimal(step.result)}"
    else:
        values = " + ".join(tex(sp.expand(v**2)) for v in d.discarded)
        worked = rf"\sqrt{{{names}}} = \sqrt{{{values}}}"
        if tex(step.result) != rf"\sqrt{{{values}}}":  # √5 is its own last form; √(4 + 1) = √5, √4 = 2 are not
            worked += rf" = {tex(step.result)}"
    # \checkmark in the maths: a ✓ in the text needs a Unicode font in LaTeX
    left = "value" if len(d.discarded) == 1 else "values"
    return rf"check: ${worked}\ \checkmark$, by Eckart–Young from the singular {left} left out"


# The one-line answers to what the wording above asks besides the values (see tutor/question.py).
REASONS = {"frobenius_error": _checked}


def shown(solution) -> dict:
    """The singular vectors as the steps write them (question.ShownForms): each a Scaled, its unit scale
    in front, 1/√2 (1, 1) or 1/5 (3, 4), from the eigenvector step and the step that gives the other side."""
    forms = {}
    for step in solution.steps:
        if step.kind == "svd_eigen":
            forms[step.key] = tuple(r.unit for r in step.data.rows)
        elif step.kind == "svd_other":
            forms[step.key] = tuple(r.vector for r in step.data.rows)
    return forms
