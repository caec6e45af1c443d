"""Topic kernel-pca: kernel PCA by hand, as in the notes' recipe and Example 3.

Fields (besides topic and title): ``points``, ``kernel``, ``kernel_matrix``,
``centred_kernel_matrix``, ``components``, ``new_points``, ``normalisation``.
Answer keys: ``gram``, ``kernel``, ``squared_distances``, ``row_means``, ``grand_mean``,
``centred_kernel``, ``char_poly``, ``eigenvalues``, ``eigenvectors``, ``variances``,
``variance_fractions``, ``coefficients``, ``coordinates``, ``alphas``, ``new_coordinates`` (what each
holds: ANSWER_KEYS; ``alphas`` only with ``normalisation: alpha``).
doc.md beside this file shows a problem file and says what each field and answer means (the topic's page
in the docs is built from it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import sympy as sp

from tutor import fields
from tutor.errors import ProblemError
from tutor.topics import inputs
from tutor.exact.eigen import spectrum
from tutor.exact.tidy import sign_of
from tutor.kernels import Kernel, check_rbf_exponents, check_root_field
from tutor.recipes import centring, symmetry
from tutor.topics.kernel_pca import figures, recipe as kpca
from tutor.steps import Solution

NAME = "kernel-pca"
SUMMARY = "Kernel PCA by hand: kernel matrix, centring, eigenvalues, coordinates"

ANSWER_KEYS = {
    "gram": "Gram matrix XᵀX (n×n)",
    "kernel": "kernel matrix K (n×n)",
    "squared_distances": "squared-distance matrix δ (n×n, RBF only)",
    "row_means": "row means r̄ (n values)",
    "grand_mean": "grand mean ḡ (one value)",
    "centred_kernel": "centred kernel matrix K̂ (n×n)",
    "char_poly": "characteristic polynomial det(K̂ − ηI) in eta",
    "eigenvalues": "eigenvalues η of K̂ (n values, descending)",
    "eigenvectors": "unit eigenvectors v (n vectors, in the order of the eigenvalues)",
    "variances": "variances λ = η/n (n values, descending)",
    "variance_fractions": "fractions η/Σ η (n values)",
    "coefficients": "coefficients c = v/√η (one length-n vector per kept component)",
    "coordinates": "coordinates a = K̂c = √η v (one length-n vector per kept component)",
    "alphas": "with normalisation: alpha, the post's α = v/√η, so that η⟨α, α⟩ = 1 (one length-n vector per kept component)",
    "new_coordinates": "coordinates of each new point (one list of component values per point)",
}

FIELDS = ("topic", "title", "points", "kernel", "kernel_matrix", "centred_kernel_matrix",
          "components", "new_points", "normalisation")

# How the eigenvectors are scaled: the notes' c = v/√η (the default), or the kernel-PCA post's α with
# η⟨α, α⟩ = 1 (η the eigenvalue of K̂, the post's λ), shown beside c and checked to give the same coordinates.
NORMALISATIONS = ("c", "alpha")


@dataclass(frozen=True)
class Problem:
    title: str
    points: tuple[tuple[sp.Expr, ...], ...] | None = None
    kernel: Kernel | None = None
    kernel_matrix: sp.ImmutableMatrix | None = None
    centred_kernel_matrix: sp.ImmutableMatrix | None = None
    components: int | None = None
    new_points: tuple[tuple[sp.Expr, ...], ...] = ()
    normalisation: str = "c"

    @property
    def n(self) -> int:
        if self.points is not None:
            return len(self.points)
        return (self.kernel_matrix if self.kernel_matrix is not None else self.centred_kernel_matrix).rows


def parse(raw: dict) -> Problem:
    fields.reject_unknown(raw, FIELDS)
    start = inputs.one_start(raw, ("points", "kernel_matrix", "centred_kernel_matrix"))
    title = fields.text(raw.get("title", "Kernel PCA"), "title")
    components = None
    if "components" in raw:
        components = fields.integer(raw["components"], "components", 1, inputs.MAX_POINTS)
    normalisation = raw.get("normalisation", "c")
    if normalisation not in NORMALISATIONS:
        raise ProblemError(f"must be c (the default: c = v/√η) or alpha (the post's η⟨α, α⟩ = 1), "
                           f"got {normalisation!r}", field="normalisation")
    if start == "points":
        points, kernel = inputs.points_and_kernel(raw)
        new_points = inputs.new_points(raw, len(points[0]))
        check_rbf_exponents(kernel, points + new_points)  # a new point's kernel values too
        check_root_field(kernel, points, new_points)
        return Problem(title, points=points, kernel=kernel, components=components, new_points=new_points,
                       normalisation=normalisation)
    inputs.only_with_points(raw, start, ("kernel", "new_points"))
    if start == "centred_kernel_matrix":
        return Problem(title, centred_kernel_matrix=inputs.centred_kernel_matrix(raw), components=components,
                       normalisation=normalisation)
    return Problem(title, kernel_matrix=inputs.kernel_matrix(raw), components=components,
                   normalisation=normalisation)


def solve(problem: Problem) -> Solution:
    n = problem.n
    if problem.centred_kernel_matrix is None:
        source = inputs.KernelSource(problem.title, problem.points, problem.kernel, problem.kernel_matrix)
        steps, K = inputs.kernel_steps(source)
        centre = centring.centring_steps(K)
        steps += centre
        row_means, grand_mean = centre[0].result, centre[1].result
        Khat = centre[2].result
    else:
        Khat = problem.centred_kernel_matrix
        steps = [centring.given_centred_step(Khat)]

    # The points as given (in one or two dimensions), drawn beside their coordinates.
    given = figures.input_figure(problem.points, problem.new_points) if problem.points is not None else None
    spec = spectrum(Khat)
    values = spec.values
    # The notes' route when K̂ has it (Example 3): eigenvectors by symmetry, the polynomial only confirming
    # their η; else the polynomial's roots first, then the eigenvectors.
    by_symmetry = symmetry.symmetry_rows(Khat, spec, symmetry.by_symmetry(Khat))
    if by_symmetry:
        steps += [kpca.eigenvalues_step(spec, symmetry=by_symmetry, matrix=Khat),
                  kpca.char_poly_step(Khat, spec, confirms=True), kpca.eigenvectors_step(Khat, spec, by_symmetry=True)]
    else:
        steps += [kpca.char_poly_step(Khat, spec), kpca.eigenvalues_step(spec), kpca.eigenvectors_step(Khat, spec)]
    steps.append(kpca.variances_step(values, n))
    positive = kpca.positive_count(values)
    summary = []
    if problem.components is not None and problem.components > positive:
        raise ProblemError(f"asks for {problem.components} components but only {positive} eigenvalues are positive",
                           field="components")
    if positive == 0:
        if given is not None:  # no coordinates to draw: the points where the kernel is first worked out
            steps[0] = replace(steps[0], figure=given)
        summary.append("Every eigenvalue of $\\hat{\\mathbf K}$ is $0$: the points coincide in feature space, "
                       "there is no variance to explain and kernel PCA has no component.")
    else:
        keep = positive if problem.components is None else problem.components
        steps.append(kpca.fractions_step(values))
        comps = kpca.components(spec, keep)
        zero_count = sum(1 for v in values if v == 0)
        steps.append(kpca.coefficients_step(comps, zero_count, dropped=positive - keep))
        linear = problem.kernel is not None and problem.kernel.name == "linear"
        repeated = any(p.multiplicity > 1 for p in spec.pairs[:keep])
        coordinates = kpca.coordinates_step(Khat, comps, linear=linear, repeated=repeated)
        steps.append(coordinates)
        if problem.normalisation == "alpha":
            steps.append(kpca.alphas_step(Khat, comps))
        variances = next(s.result for s in steps if s.key == "variances")
        steps.append(kpca.recipe_checks_step(Khat, comps, variances[:positive]))
        if problem.new_points:
            # the figure shows the new points too, so it follows the step that projects them
            new = kpca.new_points_step(problem.points, problem.kernel, problem.new_points,
                                       row_means, grand_mean, comps)
            figure = figures.coordinates_figure(coordinates.result, coordinates.data.separations, new.result)
            steps.append(replace(new, figure=figures.beside(given, figure)))
        else:
            figure = figures.coordinates_figure(coordinates.result, coordinates.data.separations)
            steps[steps.index(coordinates)] = replace(coordinates, figure=figures.beside(given, figure))
    if any(sign_of(v) < 0 for v in values):
        summary.append("$\\hat{\\mathbf K}$ has a negative eigenvalue, so the matrix is not positive "
                       "semi-definite (not a valid kernel matrix); only positive eigenvalues give components.")
    return Solution(NAME, problem.title, problem, tuple(steps), tuple(ANSWER_KEYS), tuple(summary))


def problem_data(problem: Problem) -> dict:
    data: dict = {"topic": NAME, "title": problem.title}
    if problem.points is not None:
        data["points"] = inputs.point_rows(problem.points)
        data["kernel"] = problem.kernel.as_dict()
    if problem.kernel_matrix is not None:
        data["kernel_matrix"] = inputs.matrix_rows(problem.kernel_matrix)
    if problem.centred_kernel_matrix is not None:
        data["centred_kernel_matrix"] = inputs.matrix_rows(problem.centred_kernel_matrix)
    if problem.components is not None:
        data["components"] = problem.components
    if problem.new_points:
        data["new_points"] = inputs.point_rows(problem.new_points)
    if problem.normalisation != "c":
        data["normalisation"] = problem.normalisation
    return data

