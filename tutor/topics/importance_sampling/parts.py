"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "exact": (r"E_p[f]", r"Compute the exact value $E_p[f] = \sum_x f(x)\,p(x)$."),
    "weights": (r"w(x_i)", r"Give the importance weight $w(x_i) = p(x_i)/q(x_i)$ of each sample."),
    "estimate": (r"\tfrac1n \textstyle\sum_i f(x_i)\,w(x_i)", r"Estimate $E_p[f]$ by importance sampling."),
    "self_normalised": (r"\textstyle\sum_i f(x_i)\,w(x_i) / \sum_i w(x_i)", r"Give the self-normalised estimate."),
    "variance_is": (r"\operatorname{Var}_q[f\,w]", r"Compute the variance $\operatorname{Var}_q[f\,w]$ of one importance-sampling draw."),
    "variance_mc": (r"\operatorname{Var}_p[f]",
                    r"Compare it with the variance $\operatorname{Var}_p[f]$ of one plain Monte Carlo draw under $p$."),
}

DEFAULT_PARTS = ("exact", "weights", "estimate", "self_normalised", "variance_is", "variance_mc")


def problem_wording(problem, key: str):
    """Densities on an interval: E_p[f] is an integral, and the variance of one importance-sampling
    draw may be infinite (then it is no part, so the comparison names it rather than says "it")."""
    if not getattr(problem, "continuous", False):
        return None
    if key == "exact":
        return r"E_p[f]", r"Compute the exact value $E_p[f] = \int f(x)\,p(x)\,dx$."
    if key == "variance_mc":
        return WORDING[key][0], (r"Compare $\operatorname{Var}_q[f\,w]$ with the variance "
                                 r"$\operatorname{Var}_p[f]$ of one plain Monte Carlo draw under $p$.")
    return None


def _compared(solution) -> str:
    """The answer to "compare": which variance is smaller, so whether this proposal helps."""
    from tutor.exact.tidy import sign_of
    from tutor.rendering import exponent, tex  # rendering imports the step records: import at use

    mc = solution.answers["variance_mc"]
    if "variance_is" not in solution.answers:  # infinite (densities only): no part of its own
        return r"$\operatorname{Var}_q[f\,w] = \infty$ is larger: this proposal hurts"
    is_ = solution.answers["variance_is"]
    verdict = {-1: "smaller: this proposal helps", 0: "the same: this proposal neither helps nor hurts",
               1: "larger: this proposal hurts"}[sign_of(is_ - mc)]
    return rf"$\operatorname{{Var}}_q[f\,w] = {tex(is_)}$ is {verdict}"


# The one-line answers to what the wording above asks besides the values (see tutor/question.py).
REASONS = {"variance_mc": _compared}


def shown(solution) -> dict[str, tuple[str | None, ...]]:
    """The final answers in the forms the steps write them (tutor.question.ShownForms): each weight as
    the weights step writes it from w(x) and the sample, (20/19)^{2/3}/3 rather than 2∛950/57; an
    estimate the step gives only by its decimal (too long to read exactly) by that decimal alone ("":
    no exact form, so the box writes ≈ 0.2142 and does not send the reader to the solution for it)."""
    from tutor.rendering import exponent, tex  # rendering imports the step records: import at use

    steps = {step.key: step for step in solution.steps}
    forms: dict[str, tuple[str | None, ...]] = {}
    written = getattr(steps["weights"].data, "written", ()) if "weights" in steps else ()
    if written:
        forms["weights"] = tuple(tex(w) if w.is_Rational else exponent(w) for w in written)  # as the step
    for key in ("estimate", "self_normalised"):
        if key in steps and not steps[key].data.readable:
            forms[key] = ("",)
    return forms
