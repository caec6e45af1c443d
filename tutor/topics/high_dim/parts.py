"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "ball_cube_ratio": (r"\operatorname{Vol}(\mathcal S_m(r)) / \operatorname{Vol}(\mathcal H_m(2r))",
                        r"For each $m$, what fraction of the cube $\mathcal H_m(2r)$ does the ball $\mathcal S_m(r)$ fill?"),
    "shell_fraction": (r"1 - (1 - \varepsilon)^m",
                       r"For each $m$, what fraction of the ball's volume lies in its outer shell of relative thickness $\varepsilon$?"),
    "cap_probability": (r"P(\angle(\mathbf u, \mathbf e) \le \theta)",
                        r"For each $m$, what is the chance that a random unit vector lies within $\theta$ of a fixed direction?"),
}

DEFAULT_PARTS = ("ball_cube_ratio", "shell_fraction", "cap_probability")


def shown(solution) -> dict[str, tuple[str | None, ...]]:
    """Each answer's values in the forms the tables write them (tutor.question.ShownForms), so the final
    answers write 1/6 − 169√3/(560π) and 1 − (19/20)¹⁰ as the tables do, not a second form."""
    from .recipe import cap_form

    steps = {step.key: step for step in solution.steps}
    forms = {key: steps[key].data.shown for key in ("ball_cube_ratio", "shell_fraction") if key in steps}
    if "cap_probability" in steps:
        forms["cap_probability"] = tuple(cap_form(p) for _, p in steps["cap_probability"].data.rows)
    return forms
