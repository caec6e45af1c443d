"""The parts of this topic's exam question: each answer key's symbol (for the final answers) and the
imperative a lecturer writes for it, in the words of the notes; and the parts asked by default
(see tutor/question.py)."""

WORDING = {
    "gram": (r"X^T X", r"Compute the Gram matrix $X^T X$."),
    "squared_distances": (r"[\delta_{ij}]", r"Compute the squared distances $\delta_{ij} = \|\mathbf x_i - \mathbf x_j\|^2$."),
    "kernel": (r"\mathbf K", r"Compute the kernel matrix $\mathbf K$."),
    "row_means": (r"\bar r_i", r"Compute the row means $\bar r_i$ of $\mathbf K$."),
    "grand_mean": (r"\bar g", r"Compute the grand mean $\bar g$."),
    "centred_kernel": (r"\hat{\mathbf K}", r"Compute the centred kernel matrix $\hat{\mathbf K}$."),
    "char_poly": (r"\det(\hat{\mathbf K} - \eta \mathbf I)",
                  r"Write down the characteristic polynomial $\det(\hat{\mathbf K} - \eta \mathbf I)$."),
    "eigenvalues": (r"\eta_i", r"Find the eigenvalues $\eta$ of $\hat{\mathbf K}$."),
    "eigenvectors": (r"\mathbf v_i", r"Find the unit eigenvectors $\mathbf v_i$ of $\hat{\mathbf K}$."),
    "variances": (r"\lambda_i", r"Give the variance $\lambda = \eta/n$ captured by each component."),
    "variance_fractions": (r"\eta_i / \textstyle\sum_j \eta_j",
                           r"Give the fraction of the variance, $\eta_i / \sum_j \eta_j$, kept by each component."),
    "coefficients": (r"\mathbf c_i", r"Scale each kept eigenvector to its coefficients $\mathbf c_i = \mathbf v_i / \sqrt{\eta_i}$."),
    "coordinates": (r"\mathbf a_i",
                    r"Give the coordinates $\mathbf a_i = \hat{\mathbf K} \mathbf c_i$, $\mathbf c_i = \mathbf v_i/\sqrt{\eta_i}$, "
                    r"of the training points on each kept component."),
    "alphas": (r"\boldsymbol\alpha^i",
               r"Rescale each kept unit eigenvector to the post's coefficients $\boldsymbol\alpha^i$."),
    "new_coordinates": (r"y_i(\mathbf x)", r"Project each new point onto the kept components."),
}

# The notes' recipe for an exam question: K, K̂, eigenvalues and unit eigenvectors, variances and the
# fraction kept, coordinates (the α vectors with normalisation: alpha; new points, when there are any).
DEFAULT_PARTS = ("kernel", "centred_kernel", "eigenvalues", "eigenvectors", "variances", "variance_fractions",
                 "coordinates", "alphas", "new_coordinates")


def shown(solution) -> dict:
    """The values as the steps write them (tutor.question.ShownForms): the fractions of the variance with their
    percentages, the unit eigenvectors and the coordinates."""
    from tutor.question import Form
    from tutor.rendering import percent_is, tex  # rendering imports the step records: import at use

    forms: dict = {}
    values = solution.answers.get("variance_fractions")
    if values is not None:
        forms["variance_fractions"] = tuple(Form(f"{tex(v)} {percent_is(v)}", decimal=False) if v != 0 else "0"
                                            for v in values)
    step = next((s for s in solution.steps if s.kind == "eigenvectors"), None)
    if step is not None:  # the unit eigenvectors with their scale in front, 1/3 (1, 2, 2), as the steps write them
        forms["eigenvectors"] = tuple(r.unit for r in step.data.rows)
    step = next((s for s in solution.steps if s.kind == "coordinates"), None)
    if step is not None:  # the coordinates as the steps write them, 1/3 (2, −1, −1) rather than (2/3, −1/3, −1/3)
        forms["coordinates"] = tuple(r.written for r in step.data.rows)
    return forms


def problem_wording(problem, key: str):
    """One new point is projected as "the new point", not "each new point" (see tutor.question.wording)."""
    if key == "new_coordinates" and len(getattr(problem, "new_points", ()) or ()) == 1:
        return WORDING[key][0], "Project the new point onto the kept components."
    return None
