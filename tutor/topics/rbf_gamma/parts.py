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


READABLE = 20  # the longest LaTeX of a d_φ written exactly (√30/4); longer (√131070/256) is written ≈ 1.414


def shown(solution) -> dict:
    """The values in the final answers as the steps write them (tutor.question.ShownForms): d_φ as the
    distance table writes it, an unreadable surd as its decimal only, as the card writes ≈ 1.414; K with
    its decimal beside, as the kernel values and the table write 1/2 = 0.5 and 1/512 ≈ 0.001953 (the box
    had the fractions alone). One form per value."""
    from tutor.question import Form
    from tutor.rendering import tex

    steps = {step.key: step for step in solution.steps}
    forms: dict = {}
    if "kernel_values" in solution.answers:  # a rational K (not 0 or 1) with its decimal: kernel_value.j2's rule
        forms["kernel_values"] = tuple(Form(tex(k), decimal=True) if k.is_Rational and not k.is_Integer else None
                                       for k in solution.answers["kernel_values"])
    if "feature_distances" in steps:
        # "{}": an empty group, so the box writes ${} \approx 1.414$ (a "$ \approx" would not open maths in Markdown)
        forms["feature_distances"] = tuple("{}" if not f.is_Rational and len(tex(f)) > READABLE else None
                                           for _, _, f in steps["feature_distances"].data.rows)
    return forms


def _far_apart(solution) -> str:
    # the part's question, answered as the conclusion of the solution answers it
    return r"far-apart points all look equally far: $K \to 0$ and $d_\phi \to \sqrt 2 \approx 1.414$"


# The one-line answers to what the wording above asks besides the values (see tutor/question.py).
REASONS = {"feature_distances": _far_apart}
