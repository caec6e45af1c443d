"""Issue 29, item 1: the causes of the slow solves, tested as causes (no timed assertions).

Measured on the shared 2-core machine (solve + Markdown + JSON, CPU seconds) before → after:
kernel PCA on [[3/2, 3/2], [-2/3, 1/3], [-1, -1]] with γ = ln(2)/4 > 40 → 1.3; the same kind with γ = 2·ln 5
(5^(−2δ), δ in ninths) > 20 → 3.3.
"""

from __future__ import annotations

import sympy as sp

from tutor import load_problem_text, solve
from tutor.exact import eigen, tidy

FRACTIONAL_LN2 = ("topic: kernel-pca\npoints: [['3/2', '3/2'], ['-2/3', '1/3'], [-1, -1]]\n"
                  "kernel: {name: rbf, gamma: 'ln(2)/4'}\n")


def _refuse(name):
    def refuse(*args, **kwargs):
        raise AssertionError(f"{name} was called: minutes over a large number field")
    return refuse


def test_a_large_root_field_is_split_not_factored(monkeypatch):
    """The kernel values are powers of 2^(1/72): factoring over that field (degree 72, a norm of degree
    216) took minutes; the characteristic polynomial is split exactly into x and square-free parts."""
    original = sp.Poly.factor_list

    def factor_list(poly, *args, **kwargs):
        if poly.domain.is_AlgebraicField:
            raise AssertionError(f"factoring over {poly.domain}: minutes")
        return original(poly, *args, **kwargs)

    monkeypatch.setattr(sp.Poly, "factor_list", factor_list)
    solution = solve(load_problem_text(FRACTIONAL_LN2, "<test>"))
    values = [float(tidy.numeric(v)) for v in solution.answers["eigenvalues"]]
    # numpy: eigvalsh(H K H) = 0.957678, 0.251892, 0 (the variances 0.3192, 0.08396, 0 times n = 3)
    assert [round(v, 5) for v in values] == [0.95768, 0.25189, 0.0]


def test_large_number_field_threshold():
    K = sp.QQ.algebraic_field(2 ** sp.Rational(1, 72))
    assert eigen._large_number_field(K, 3)
    assert not eigen._large_number_field(sp.QQ.algebraic_field(2 ** sp.Rational(1, 4)), 8)  # Example 3's field


def test_sums_of_radicals_are_decided_without_a_minimal_polynomial(monkeypatch):
    """5^(−883/9) − 5^(−100) is about 10^−68: numerically zero, exactly not; SymPy's minimal polynomial of
    such sums took minutes (γ = 2·ln 5 at squared distances in ninths)."""
    monkeypatch.setattr(sp, "minimal_polynomial", _refuse("minimal_polynomial"))
    tiny = 5 ** sp.Rational(-883, 9) - 5 ** sp.Integer(-100)
    assert tidy.is_zero(tiny) is False
    third = sp.Rational(1, 3)
    zero = 7 * 2**third * 3**third * 5 ** sp.Rational(-700, 9) - 7 * 6**third * 5 ** sp.Rational(-700, 9)
    assert tidy.is_zero(zero + tiny - tiny) is True
    assert tidy.radicals_decide_zero(sp.expand(2 ** sp.Rational(1, 9) + 3 ** sp.Rational(1, 9))) is False
    assert tidy.radicals_decide_zero(sp.expand(sp.sqrt(2) * sp.exp(1))) is None  # not a sum of radicals


def test_a_zero_is_not_probed_at_hundreds_of_digits(monkeypatch):
    """is_zero of an identity in exponentials (what every check K̂w = ηw of an RBF solve is): each look at it
    used to re-evaluate the cancelling sum at doubling precision up to 720 digits, most of an 8-point
    RBF solve (11 s → 4.4 s CPU). 45 and 90 digits for the first look, 135 and 285 for the decision."""
    import mpmath

    e = sp.exp(-1)
    identity = (1 + e) ** 2 - 1 - 2 * e - sp.exp(-2)
    assert identity != 0  # SymPy does not see it
    seen = []
    original = tidy._mp_eval

    def spy(expr, memo):
        seen.append(mpmath.mp.dps)
        return original(expr, memo)

    monkeypatch.setattr(tidy, "_mp_eval", spy)
    tidy._LEAF_VALUES.clear()
    assert tidy.is_zero(identity) is True
    assert max(seen) <= 300
    assert tidy.is_zero(identity + sp.exp(-sp.Integer(60))) is False  # e^-60 ≈ 10^-26: not a false zero
    assert tidy.is_zero(identity + sp.exp(-sp.Integer(200))) is False  # 10^-87
    assert tidy.is_zero(identity + sp.exp(-sp.Integer(300))) is True  # 10^-131: zero to 100 digits, as before


def test_an_rbf_exponent_below_the_limit_is_refused_when_the_file_is_read():
    """γ = 10^-1000: every kernel value is 1 to a thousand digits, and deciding that the eigenvalues are
    distinct took 5 s before a refusal; now the file is refused as it is read, naming the field and the limit."""
    from tests.conftest import problem_error

    error = problem_error("topic: kernel-pca\npoints: [[0, 0], [1, 0], [0, 2]]\n"
                          "kernel: {name: rbf, gamma: '10^(-1000)'}\n")
    assert error.field == "kernel.gamma" and "about 10^-999" in error.message and "10^-100" in error.message
    error = problem_error("topic: kernel-matrix\npoints: [[0], ['1/10']]\nkernel: {name: rbf, gamma: '10^(-99)'}\n")
    assert error.field == "kernel.gamma"  # 10^-101 at the largest distance
    load_problem_text("topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: rbf, gamma: '10^(-99)'}\n", "<t>")


def test_an_rbf_exponent_beyond_the_limit_is_refused_when_the_file_is_read():
    """γ = 10^1000 spent 30 s evaluating e^(−γ) before its refusal; now the file is refused as it is read."""
    from tests.conftest import problem_error

    error = problem_error("topic: kernel-pca\npoints: [[0, 0], [1, 0], [0, 1]]\nkernel: {name: rbf, gamma: '10^1000'}\n")
    assert error.field == "kernel.gamma" and "about 10^1000" in error.message and "10^100" in error.message
    error = problem_error("topic: kernel-matrix\npoints: [[0], [10]]\nkernel: {name: rbf, gamma: '10^99'}\n")
    assert error.field == "kernel.gamma"
    error = problem_error("topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: rbf, gamma: '10^99'}\n"
                          "new_points: [[100]]\n")  # the new point's kernel value e^(−10^103)
    assert error.field == "kernel.gamma"
    load_problem_text("topic: kernel-pca\npoints: [[0], [1]]\nkernel: {name: rbf, gamma: '10^99'}\n", "<test>")


def test_a_root_object_is_evaluated_once_for_every_lower_precision(monkeypatch):
    """A CRootOf's evalf refines its interval on every call: 2,500 calls at ever different precisions were a
    third of an 8-point degree-10 polynomial kernel solve. A value known to 200 digits serves 60 and 100."""
    root = sp.CRootOf(sp.Symbol("x") ** 5 - 3 * sp.Symbol("x") + 1, 2)  # the largest real root, 1.21
    calls = []
    original = sp.CRootOf.evalf

    def spy(self, *args, **kwargs):
        calls.append(args)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(sp.CRootOf, "evalf", spy)
    tidy._ROOT_VALUES.clear()
    first = tidy.numeric(root + 1, 200)
    count = len(calls)
    assert abs(tidy.numeric(2 * root, 60) - 2 * (first - 1)) < sp.Float("1e-55")
    assert tidy.numeric(root - 1, 100) > 0
    assert len(calls) == count


def test_a_root_object_is_printed_once_for_the_json(monkeypatch):
    from sympy.printing.str import StrPrinter

    from tutor import rendering

    root = sp.CRootOf(sp.Symbol("x") ** 5 - 7 * sp.Symbol("x") + 2, 1)
    calls = []
    original = StrPrinter._print_ComplexRootOf
    monkeypatch.setattr(StrPrinter, "_print_ComplexRootOf", lambda self, e: calls.append(e) or original(self, e))
    names = rendering.Names()
    text = rendering.exact_data([root + 1, 2 * root, root ** 2], names)
    assert all("CRootOf(x**5 - 7*x + 2, 1)" in t for t in text)
    assert len(calls) <= 1  # (none at all: the isolation for the JSON above already proved them)


def test_five_points_over_q_of_2_to_the_1_144_skip_the_field_arithmetic(monkeypatch):
    """Five points in halves and thirds with γ = ln(2)/4: the kernel values are powers of 2^(1/144). Berkowitz
    in that field took 13 s and the square-free split 10 s (killed at 20 s CPU); the characteristic
    polynomial is found in Z[t] and reduced by t^144 = 2, and square-freeness is proved modulo a prime."""
    from sympy.polys.matrices import DomainMatrix

    original_charpoly, original_sqf = DomainMatrix.charpoly, sp.Poly.sqf_list

    def charpoly(dm):
        assert not dm.domain.is_AlgebraicField, f"Berkowitz over {dm.domain}"
        return original_charpoly(dm)

    def sqf_list(poly, *args):
        assert not poly.domain.is_AlgebraicField, f"square-free parts over {poly.domain}"
        return original_sqf(poly, *args)

    monkeypatch.setattr(DomainMatrix, "charpoly", charpoly)
    monkeypatch.setattr(sp.Poly, "sqf_list", sqf_list)
    R = sp.Rational
    from tutor.kernels import Kernel

    points = [[R(-2, 3), R(-4, 3)], [R(-4, 3), 1], [R(-5, 2), 0], [2, R(5, 3)], [2, 4]]
    kernel = Kernel("rbf", gamma=sp.log(2) / 4)
    K = sp.Matrix(5, 5, lambda i, j: kernel.value(points[i], points[j]))
    H = sp.eye(5) - sp.ones(5, 5) / 5
    values = [float(tidy.numeric(v)) for v in eigen.spectrum(H * K * H).values]
    assert [round(v, 5) for v in values] == [1.5283, 0.70472, 0.6161, 0.32135, 0.0]  # numpy's eigvalsh


def test_a_repeated_root_over_q_of_alpha_is_not_certified_square_free():
    L = 144
    K = sp.QQ.algebraic_field(2 ** sp.Rational(1, L))
    alpha = K.from_sympy(2 ** sp.Rational(1, L))
    x = sp.Symbol("x")
    repeated = (sp.Poly(x, x, domain=K) - sp.Poly.from_list([alpha], x, domain=K)) ** 2 * sp.Poly(x + 1, x, domain=K)
    assert eigen._square_free_modulo_a_prime(repeated.rep.to_list(), 2, L) is False
    simple = sp.Poly(x**2, x, domain=K) - sp.Poly.from_list([alpha], x, domain=K)
    assert eigen._square_free_modulo_a_prime(simple.rep.to_list(), 2, L) is True


def test_named_eigenvectors_are_not_confirmed_on_hundreds_of_digits(monkeypatch):
    """Mv = ρv, ‖v‖ = 1 and orthogonality hold by definition for the named unit eigenvectors of M at its named
    roots; confirming them on certified intervals at 135 to 285 digits was half of an 8-point 1-D RBF solve."""
    from tutor.recipes import eigenpairs

    M = sp.ImmutableMatrix([[2, 1, 0], [1, 3, 1], [0, 1, 4]])  # det(xI − M) = x³ − 9x² + 24x − 18, irreducible
    x = sp.Symbol("x")
    f = sp.Poly(x**3 - 9 * x**2 + 24 * x - 18, x, domain=sp.QQ)
    pairs = eigen._implicit_pairs(M, f, eigen._Field(sp.QQ, [], {}), 1)
    spec = eigen.Spectrum(f.as_expr(), f.as_expr(), tuple(pairs))
    judged = []
    monkeypatch.setattr(eigenpairs, "is_zero", lambda e: judged.append(e) or tidy.is_zero(e))
    rows, checks = eigenpairs.eigen_rows(M, spec, matrix="M", value=r"\eta", vector=r"\mathbf v")
    assert all(c.passed for c in checks) and judged == []
    other = sp.ImmutableMatrix([[2, 1, 0], [1, 3, 1], [0, 1, 5]])  # not the matrix the entries belong to
    assert not eigenpairs._defined(other, pairs[0]) and eigenpairs._defined(M, pairs[0])


def test_a_named_eigenvector_entry_is_certified_once_for_nearby_precisions(monkeypatch):
    """Checks ask for the same named entries at 160, then 286, 287 and 288 digits: each was a new certified
    eigenvector (interval determinants of every minor), most of an 8-point 1-D RBF solve (12.4 s → 7.6 s)."""
    from tutor.exact import implicit

    M = sp.ImmutableMatrix([[2, 1, 0], [1, 3, 1], [0, 1, 4]])
    x = sp.Symbol("x")
    f = sp.Poly(x**3 - 9 * x**2 + 24 * x - 18, x, domain=sp.QQ)
    entry = eigen._implicit_pairs(M, f, eigen._Field(sp.QQ, [], {}), 1)[0].found[1]
    calls = []
    original = implicit._unit_vector
    monkeypatch.setattr(implicit, "_unit_vector", lambda *args: calls.append(args) or original(*args))
    tidy._ROOT_VALUES.clear()
    values = [tidy.numeric(e, d) for e, d in ((2 * entry, 140), (entry + 1, 271), (entry - 1, 272), (3 * entry, 273))]
    assert len(calls) <= 2
    assert abs(values[1] - values[2] - 2) < sp.Float(10) ** -260 and abs(values[3] - 3 * (values[1] - 1)) < 1e-250


def test_a_named_eigenvector_is_orthogonal_to_an_explicit_one_without_evaluation(monkeypatch):
    """⟨v_ρ, w⟩ for a named v_ρ and a checked eigenvector w of another eigenvalue is 0 by symmetry; confirming
    it on certified intervals (7 such pairs at 135–285 digits) was a third of an 8-point 1-D RBF solve."""
    from tutor.recipes import eigenpairs

    M = sp.ImmutableMatrix([[2, 1, 0, 0], [1, 3, 1, 0], [0, 1, 4, 0], [0, 0, 0, 7]])
    x = sp.Symbol("x")
    f = sp.Poly(x**3 - 9 * x**2 + 24 * x - 18, x, domain=sp.QQ)
    e4 = (sp.Integer(0), sp.Integer(0), sp.Integer(0), sp.Integer(1))
    pairs = [eigen.Eigenpair(sp.Integer(7), e4, sp.Integer(1), e4, 1),
             *eigen._implicit_pairs(M, f, eigen._Field(sp.QQ, [], {}), 1)]
    spec = eigen.Spectrum(f.as_expr() * (x - 7), f.as_expr() * (x - 7), tuple(pairs))
    judged = []
    monkeypatch.setattr(eigenpairs, "is_zero", lambda e: judged.append(e) or tidy.is_zero(e))
    rows, checks = eigenpairs.eigen_rows(M, spec, matrix="M", value=r"\eta", vector=r"\mathbf v")
    assert all(c.passed for c in checks)
    from tutor.exact.implicit import IMPLICIT
    assert not any(e.has(*IMPLICIT) for e in judged)  # only the explicit pair's own check was evaluated


FRACTIONAL_LN3_2 = FRACTIONAL_LN2.replace("ln(2)/4", "ln(3/2)/4")


def test_a_rational_base_is_one_root_field_not_two():
    """γ = ln(3/2)/4: SymPy writes (3/2)^(k/72) as 2^(…)·3^(…), and building Q(2^(1/72), 3^(1/72)) took minutes;
    the entries are powers of the one t = (3/2)^(1/72), lifted to Z[t] and reduced by t^72 = 3/2."""
    from fractions import Fraction

    third = sp.Rational(1, 72)
    entries = [sp.Integer(1), sp.Rational(3, 2) ** (5 * third), sp.Rational(3, 2) ** (-7 * third) / 3, 2 + 0 * third]
    field = eigen._root_field(entries * 4)  # 4 × 4: degree 72 × 4 passes the large-field bound
    assert field is not None and field.lift is not None
    assert field.lift[1] in (Fraction(3, 2), Fraction(2, 3)) and field.lift[2] == 72
    assert sp.simplify(field.to_expr(field.elements[1]) - sp.Rational(3, 2) ** (5 * third)) == 0
    solution = solve(load_problem_text(FRACTIONAL_LN3_2, "<test>"))
    values = [float(tidy.numeric(v)) for v in solution.answers["eigenvalues"]]
    # numpy: eigvalsh(H K H) with K = exp(−ln(3/2)/4 · δ) = 0.764683, 0.136202, 0
    assert [round(v, 5) for v in values] == [0.76468, 0.1362, 0.0]


def test_one_root_needs_one_generator():
    """2^(1/4) and 3^(1/4) in separate terms are no powers of one t: left to the general route."""
    quarter = sp.Rational(1, 4)
    assert eigen._one_root([2**quarter, 3**quarter], {2**quarter, 3**quarter}) is None


def test_elements_of_a_large_root_field_are_converted_term_by_term(monkeypatch):
    """SymPy's AlgebraicField.to_sympy multiplies a matrix of every power's terms for each element: most of a
    5-point solve with γ = ln 2/4 on points in halves and thirds (37 s → 6 s CPU)."""
    monkeypatch.setattr(type(sp.QQ.algebraic_field(sp.sqrt(2))), "to_sympy", _refuse("AlgebraicField.to_sympy"))
    solution = solve(load_problem_text(FRACTIONAL_LN2, "<test>"))
    values = [float(tidy.numeric(v)) for v in solution.answers["eigenvalues"]]
    assert [round(v, 5) for v in values] == [0.95768, 0.25189, 0.0]


def test_the_field_of_a_pure_root_is_built_from_its_known_minimal_polynomial(monkeypatch):
    """x^L − b is b^(1/L)'s minimal polynomial when b is no r-th power for a prime r dividing L (Capelli);
    SymPy found it by factoring x^144 − 2 (20 s of a 5-point solve with γ = ln 2/4)."""
    import sympy.polys.numberfields.subfield as subfield

    monkeypatch.setattr(subfield, "minimal_polynomial", _refuse("minimal_polynomial"))
    root = 2 ** sp.Rational(1, 144)
    field = eigen._root_field([root, root**5, sp.Integer(1), root**7] * 4)
    assert field is not None and field.lift is not None and field.to_expr(field.elements[1]) == root**5
    assert eigen._binomial_irreducible(sp.Integer(2), 144) and eigen._binomial_irreducible(sp.Rational(4, 3), 4)
    assert not eigen._binomial_irreducible(sp.Integer(8), 6) and not eigen._binomial_irreducible(sp.Rational(4, 9), 4)


def test_a_field_of_degree_nine_is_not_factored_over_for_five_points():
    """Q(5^(1/9)) for 5 points (γ = 2·ln 5, squared distances in ninths): factoring over it, m·n = 45, took more
    than a minute; the characteristic polynomial is split instead (over 60 s → 6 s CPU on the loaded machine)."""
    K = sp.QQ.algebraic_field(5 ** sp.Rational(1, 9))
    assert eigen._large_number_field(K, 5)
    assert not eigen._large_number_field(sp.QQ.algebraic_field(2 ** sp.Rational(1, 4)), 8)


def test_a_root_field_too_large_is_refused_when_the_file_is_read(monkeypatch):
    """Four points in halves, thirds, quarters and fifths with γ = ln(2)/4: powers of 2^(1/14,400), L × n = 57,600,
    did not finish in 60 s; now the file is refused as it is read (no solve begins), naming the field and the
    limit. Measured: 5 points at L × n = 900 take up to 3.8 s CPU, at 1,000 up to 6 s, at 1,800 over 25 s."""
    from tutor import kernels
    from tutor.errors import ProblemError

    monkeypatch.setattr(eigen, "spectrum", _refuse("spectrum"))
    halves_to_fifths = "[['1/2', '1/3'], ['1/4', '1/5'], [0, 1], [1, 0]]"
    for gamma in ("ln(2)/4", "ln(3/2)/4"):
        try:
            load_problem_text(f"topic: kernel-pca\npoints: {halves_to_fifths}\n"
                              f"kernel: {{name: rbf, gamma: '{gamma}'}}\n", "<test>")
        except ProblemError as error:
            assert error.field == "kernel.gamma" and "57,600" in error.message and "900" in error.message
            assert "smaller denominators" in error.message
        else:
            raise AssertionError(f"γ = {gamma} was not refused")
    # a new point counts: the two points alone make L = 1
    try:
        load_problem_text("topic: kernel-pca\npoints: [[0, 0], [1, 0]]\nkernel: {name: rbf, gamma: 'ln(2)'}\n"
                          "new_points: [['1/31', 0]]\n", "<test>")
    except ProblemError as error:
        assert error.field == "kernel.gamma"
    else:
        raise AssertionError("the new point's field was not counted")
    assert kernels.MAX_ROOT_FIELD == 900


def test_a_root_field_just_under_the_limit_still_solves():
    """Three points in halves, thirds and quarters with γ = ln(2)/2: powers of 2^(1/288), L × n = 864 (0.6 s)."""
    from tutor import kernels

    text = ("topic: kernel-pca\npoints: [[0, -3], ['3/4', -1], ['-1/3', -2]]\n"
            "kernel: {name: rbf, gamma: 'ln(2)/2'}\n")
    loaded = load_problem_text(text, "<test>")
    assert kernels.root_field_size(loaded.problem.kernel, loaded.problem.points) == 864
    solution = solve(loaded)
    assert len(solution.answers["eigenvalues"]) == 3


def test_a_repeated_point_over_a_large_root_field_gets_a_rational_null_basis(monkeypatch):
    """Four points, two of them equal, with γ = ln 3/2 (powers of 3^(1/72)): η = 0 twice, and elimination and
    Gram–Schmidt in Q(3^(1/72)) took 62 s CPU (oracle sweep seeds 22, 38, 63, 72 of kernel-pca-rbf-ln) and wrote
    the eigenvectors scaled by a 10-term surd. The null space is rational (1 and e₁ − e₄): guessed, then
    verified exactly."""
    from sympy.polys.matrices import DomainMatrix

    original = DomainMatrix.nullspace

    def nullspace(self, *args, **kwargs):
        if self.domain.is_AlgebraicField:
            raise AssertionError(f"elimination over {self.domain}: a minute")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(DomainMatrix, "nullspace", nullspace)
    text = ("topic: kernel-pca\npoints: [[0, '1/3'], ['3/2', '3/2'], ['-1/2', '-2/3'], [0, '1/3']]\n"
            "kernel: {name: rbf, gamma: 'ln(3)/2'}\n")
    import tutor.topics.kernel_pca as kernel_pca

    seen = []
    monkeypatch.setattr(kernel_pca, "spectrum", lambda K: seen.append(eigen.spectrum(K)) or seen[-1])
    solve(load_problem_text(text, "<test>"))
    zero = [p for p in seen[0].pairs if p.value == 0]
    assert [p.found for p in zero] == [(2, 1, 1, 0), (1, -1, -1, -3)]
    assert [p.norm_sq for p in zero] == [6, 12]


def test_a_root_asked_at_many_precisions_is_found_by_polyroots_once(monkeypatch):
    """The decimals, checks and certified eigenvectors of RBF γ = 2·ln 5 on five integer points ask for the
    roots of one quintic at 160 to 1,100 digits: polyroots from scratch at each (and a failed first try at
    each) was 5 of its 7.4 s CPU. A root proved once is refined by Newton's method; the JSON's printed
    intervals are still found from scratch, so that they keep every digit."""
    import mpmath

    from tutor.exact import implicit

    coefficients = (1, -10, 31, -30, sp.Rational(7, 10**40))  # four roots near 0, 2, 3, 5 (one ~10^-41)
    root = implicit.PolyRoot(coefficients, 1)
    def forget():
        for name in ("_isolated_once", "_isolated"):
            getattr(getattr(implicit, name, None), "cache_clear", lambda: None)()

    forget()
    getattr(implicit, "_KNOWN", {}).clear()
    getattr(implicit, "_DOUBLINGS", {}).clear()
    printed = implicit.isolating_interval(root, 30)
    calls = []
    original = mpmath.polyroots
    monkeypatch.setattr(mpmath, "polyroots", lambda *a, **k: calls.append(mpmath.mp.dps) or original(*a, **k))
    for dps in (160, 236, 220, 517, 501):
        lo, hi = implicit._isolated(coefficients, dps)[1]
        assert abs(lo - 3) < mpmath.mpf(10) ** -30 and 0 < hi - lo < mpmath.mpf(10) ** -dps * 4
    assert len(calls) <= 1  # (none at all: the isolation for the JSON above already proved them)
    forget()
    assert implicit.isolating_interval(root, 30) == printed  # from scratch: the same digits after refining


def test_the_coefficients_of_one_polynomial_share_their_enclosed_exponentials(monkeypatch):
    """The septic of 8 points in 1-D with γ = 1/2 has coefficients in the same e^(−k/2): each was enclosed
    afresh per coefficient, at every precision, a third of that solve."""
    import mpmath

    from tutor.exact import implicit

    t = sp.exp(-sp.Rational(1, 2))
    coefficients = (1, -(t + t**2 + 3), 2 * t + 5 * t**2, -(t**2))
    calls = []
    original = mpmath.iv.exp
    monkeypatch.setattr(mpmath.iv, "exp", lambda x: calls.append(x) or original(x))
    implicit._isolated(coefficients, 30)
    assert len(calls) <= 2  # e^(−1/2) and e^(−1), once each
