"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "means": (r"\bar{\mathbf x}", r"Compute the feature means $\bar{\mathbf x}$."),
    "centred": (r"X_c", r"Centre the data: $X_c = X - \mathbf 1 \bar{\mathbf x}^T$."),
    "covariance": (r"S", r"Compute the covariance matrix $S$."),
    "char_poly": (r"\det(S - \lambda I)", r"Write down the characteristic polynomial $\det(S - \lambda I)$."),
    # The Gram route (d > 4, n < d): K is the smaller side, and asking for it names the route.
    "gram": (r"K = X_c X_c^T", r"Compute the $n \times n$ matrix $K = X_c X_c^T$, the smaller side."),
    "gram_eigenvalues": (r"\mu_i", r"Find the eigenvalues $\mu$ of $K$."),
    "eigenvalues": (r"\lambda_j", r"Find the eigenvalues $\lambda$ of $S$."),
    "eigenvectors": (r"\mathbf u_j", r"Find the unit principal directions $\mathbf u_j$."),
    "scores": (r"y_{ij}", r"Give the coordinates $y_{ij} = (\mathbf x_i - \bar{\mathbf x})^T \mathbf u_j$ of the points on the kept components."),
    "captured_variance": (r"\textstyle\sum_{j \le k} \lambda_j", r"Give the variance captured by the first $k$ components."),
    "captured_fraction": (r"\textstyle\sum_{j \le k} \lambda_j / \operatorname{tr} S",
                          r"What fraction of the total variance do they capture?"),
    "reconstruction": (r"\hat{\mathbf x}_i", r"Reconstruct every point from the $k$ components."),
    "reconstruction_error": (r"\tfrac1n \textstyle\sum_i \|\mathbf x_i - \hat{\mathbf x}_i\|^2",
                             r"Give the mean squared reconstruction error, and check it against the dropped eigenvalues."),
}


def _checked(solution) -> str:
    """The answer to "check it against the dropped eigenvalues", as the step makes it: the error equals
    their sum with S divided by n, and (n − 1)/n of it with S divided by n − 1."""
    from tutor.rendering import decimal, tex  # rendering imports the step records: import at use

    step = next(s for s in solution.steps if s.key == "reconstruction_error")
    d = step.data
    if not d.discarded:
        return "every component is kept: no eigenvalue is dropped"
    names = " + ".join(rf"\lambda_{{{d.k + i}}}" for i in range(1, len(d.discarded) + 1))
    scaled = d.scale != 1
    if scaled:
        names = rf"{tex(d.scale)}\,\left({names}\right)" if len(d.discarded) > 1 else rf"{tex(d.scale)}\,{names}"
    values = " + ".join(tex(v) for v in d.discarded)
    if d.decimals:  # named roots: the step compares decimals
        worked = rf"{names} \approx {decimal(d.via_eigen)}"
    elif scaled:
        summed = values if len(d.discarded) == 1 else rf"({values})"
        worked = rf"{names} = {tex(d.scale)} \cdot {summed} = {tex(step.result)}"
    elif len(d.discarded) == 1:
        worked = rf"{names} = {values}"
    else:
        worked = rf"{names} = {values} = {tex(step.result)}"
    which = "eigenvalue" if len(d.discarded) == 1 else "eigenvalues"
    # \checkmark in the maths: a ✓ in the text needs a Unicode font in LaTeX
    if scaled:
        return (rf"check: ${worked}\ \checkmark$, $\frac{{n - 1}}{{n}}$ of the dropped {which}, "
                r"as $S$ was divided by $n - 1$")
    return rf"check: ${worked}\ \checkmark$, the {'' if len(d.discarded) == 1 else 'sum of the '}dropped {which}"


# The one-line answers to what the wording above asks besides the values (see tutor/question.py).
REASONS = {"reconstruction_error": _checked}

DEFAULT_PARTS = ("covariance", "gram", "eigenvalues", "eigenvectors", "scores", "captured_fraction", "reconstruction_error")

# Answers that list points, one per row (the final answers display them as a matrix when long).
POINTS = ("reconstruction",)


def shown(solution) -> dict:
    """The values as the steps write them (tutor.question.ShownForms): the fraction of the variance with its
    percentage; the unit eigenvectors with their scale in front, 1/5 (3, 4) (the box had (3/5, 4/5))."""
    from tutor.question import Form
    from tutor.rendering import percent_is, tex  # rendering imports the step records: import at use

    forms: dict = {}
    values = solution.answers.get("captured_fraction")
    if values is not None:
        forms["captured_fraction"] = (Form(f"{tex(values)} {percent_is(values)}", decimal=False),)
    step = next((s for s in solution.steps if s.kind == "pca_eigenvectors"), None)
    if step is not None:
        forms["eigenvectors"] = tuple(r.unit for r in step.data.rows)
    return forms
