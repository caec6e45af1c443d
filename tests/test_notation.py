"""The notes' notation in rendered solutions (issue 16, part 3)."""

import sympy as sp

from tutor import rendering, solve

from .conftest import PROBLEMS


def render(path, fmt="md", detail="full"):
    return rendering.render(solve(str(PROBLEMS / path)), fmt, detail=detail)


def test_power_of_two_written_as_the_card_writes_it():
    # SymPy's own LaTeX is 2^{3/4}/2 and 2^{3/4}/8.
    assert rendering.tex(2 ** sp.Rational(3, 4) / 2) == "2^{-1/4}"
    assert rendering.tex(2 ** sp.Rational(3, 4) / 8) == "2^{-9/4}"
    assert rendering.tex(-(2 ** sp.Rational(1, 3)) / 4) == "-2^{-5/3}"
    # Square roots and rational cofactors keep the usual form.
    assert rendering.tex(sp.sqrt(2) / 2) == r"\frac{\sqrt{2}}{2}"
    assert rendering.tex(3 * 2 ** sp.Rational(1, 3) / 4) == r"\frac{3 \sqrt[3]{2}}{4}"


def test_rbf_card_uses_d_and_two_to_the_minus_d_squared_over_four():
    md = render("rbf-gamma/card.yaml")
    assert "2^{- d^{2} / 4}" in md
    assert r"\left(\frac{1}{2}\right)^{" not in md
    assert "| $d$ |" in md and "| $t$ |" not in md
    assert "2^{-1/4} \\approx 0.8409" in md


def test_integer_vectors_written_out_and_fractions_factored():
    from tutor.exact.tidy import Scaled

    one = (sp.Integer(1), sp.Integer(-1), sp.Integer(0))
    # Example 3's a₁: the notes write (2, −2, 0)ᵀ, not 2(1, −1, 0)ᵀ.
    assert rendering.scaled(Scaled(sp.Integer(2), one)) == rendering.col((2, -2, 0))
    # c₁ keeps the notes' (1/4)(1, −1, 0)ᵀ.
    assert rendering.scaled(Scaled(sp.Rational(1, 4), one)) == r"\frac{1}{4}\," + rendering.col(one)


def test_example3_coordinates_read_as_the_notes():
    md = render("kernel-pca/example3.yaml")
    assert r"\mathbf a_1" in md
    assert r"2\,\begin{bmatrix} 1 \\ -1 \\ 0 \end{bmatrix}" not in md
    assert r"\begin{bmatrix} 2 \\ -2 \\ 0 \end{bmatrix}" in md
    brief = render("kernel-pca/example3.yaml", detail="brief")
    assert r"{(2, -2, 0)}^T" in brief and r"2{(1, -1, 0)}" not in brief and r"2\,{(1, -1, 0)}" not in brief


def test_a_positive_percentage_never_rounds_to_zero():
    assert rendering.percent(sp.Rational(4, 7)) == r"57.1\%"
    assert rendering.percent(sp.Rational(3, 10000)) == r"0.03\%"
    assert rendering.percent(sp.Rational(1, 10**9)) == r"1 \times 10^{-7}\%"
    assert rendering.percent(0) == r"0\%"  # a whole percentage is written without a decimal (issue 31)
    # The ball in the cube at m = 30: pi^15 / ... of the cube, once printed as 0.0%.
    assert r"$0.0\%$" not in render("high-dim/random-directions.yaml")


def test_negative_terms_are_subtracted():
    assert rendering.row((9, 4, -12), " + ") == "9 + 4 - 12"
    assert rendering.row((sp.Rational(-1, 2), 3), " + ") == r"- \frac{1}{2} + 3"
    assert rendering.row((1, -1 - sp.sqrt(2)), " + ") == r"1 - \left(1 + \sqrt{2}\right)"
    assert rendering.row((9, -12), ", ") == "9, -12"


def test_a_power_of_a_fraction_is_bracketed():
    # Var_q[f w] = 15/4 − (3/2)^2 was printed 15/4 − 3/2 ^2.
    md = render("importance-sampling/three-points.yaml")
    assert r"\frac{3}{2}^2" not in md
    assert r"\frac{15}{4} - \left(\frac{3}{2}\right)^2" in md


def test_no_x_equals_x():
    # Example 3: λ₁ = 8/3 = 8/3 (η/n printed, then the value, which printed the same).
    assert rendering.equals_if_new(sp.Rational(8, 3), r"\frac{8}{3}") == ""
    assert rendering.equals_if_new(2, r"\frac{6}{3}") == " = 2"
    env = rendering.environment("md")
    line = env.from_string(r"\lambda = \frac{((( eta | tex )))}{((( n )))}((( lam | equals_if_new('\\frac{' ~ (eta | tex) ~ '}{' ~ n ~ '}') )))")
    assert line.render(eta=8, n=3, lam=sp.Rational(8, 3)) == r"\lambda = \frac{8}{3}"
    assert line.render(eta=6, n=3, lam=2) == r"\lambda = \frac{6}{3} = 2"


def test_check_lines_carry_their_content():
    # "Check: the graph is connected holds." said nothing a reader could check.
    tex = render("dfs-code/square.yaml", "tex")
    assert r"\text{the graph is connected}" not in tex
    assert r"\text{vertices reached from } 0 = 4 = |V|" in tex  # full level (the test's default)
    assert r"a depth-first search reaches all $4$ vertices: connected" in render("dfs-code/square.yaml", "tex", "brief")
    md = render("mds/distance-table.yaml")
    assert r"\text{every row of } B \text{ sums to } 0" not in md
    assert r"row sums: $B\mathbf 1 = \left( 0, 0, 0 \right)^T$" in md and "- Check: $B\\mathbf 1" not in md
    md = render("high-dim/ball-in-cube.yaml")
    assert r"\text{the ratio falls as } m \text{ grows}}$" not in md
    assert "0.7854 > 0.5236" in md


def test_svd_defines_w_and_writes_L_Delta_R_together():
    md = render("svd/two-by-two.yaml")
    # w₁ is defined (in the eigenvector step) before D w₁ is used.
    assert md.index(r"\mathbf w_1 = \begin{bmatrix} 1 \\ 1 \end{bmatrix}") < md.index(r"D \mathbf w_1")
    last = md[md.index("Step 7"):]
    assert r"D = L\,\Delta\,R^T" in last
    assert r"\begin{bmatrix}3 \sqrt{5} & 0\\0 & \sqrt{5}\end{bmatrix}" in last


def test_mds_lists_the_points_as_rows_and_their_freedom():
    md = render("mds/from-points.yaml")
    assert r"X = \begin{bmatrix}\sqrt{2} & 0\\0 & \sqrt{2}\\- \sqrt{2} & 0\\0 & - \sqrt{2}\end{bmatrix}" in md
    assert "up to rotation, reflection and translation" in md
    # Points too long to print exactly: their rows in decimals (the exact columns are shown above them).
    # The 3-4-5 triangle (sqrt(193) in its eigenvalues), no longer bundled, still has such points.
    from tutor.problem import load_problem_text

    right = load_problem_text("topic: mds\ndistances: [[0, 3, 4], [3, 0, 5], [4, 5, 0]]\n", "<test>")
    assert r"X \approx \begin{bmatrix} 0.6581 & 1.531" in rendering.render(solve(right), "md", detail="full")
    assert r"X = \begin{bmatrix}3 & \frac{4}{3}" in render("mds/distance-table.yaml")  # the bundled one: exact
