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


def shown(solution) -> dict[str, tuple[str | None, ...]]:
    """d_φ in the final answers as the distance table writes it (tutor.question.ShownForms): an
    unreadable surd as its decimal only, as the card writes ≈ 1.414, so one form per value."""
    from tutor.rendering import tex

    steps = {step.key: step for step in solution.steps}
    if "feature_distances" not in steps:
        return {}
    # "{}": an empty group, so the box writes ${} \approx 1.414$ (a "$ \approx" would not open maths in Markdown)
    forms = tuple("{}" if not f.is_Rational and len(tex(f)) > READABLE else None
                  for _, _, f in steps["feature_distances"].data.rows)
    return {"feature_distances": forms}
