"""rbf-gamma: every value in one form in the kernel-values step, the distance table and the final answers:
exact, its decimal beside (always when irrational) (d_φ(8) = √131070/256 ≈ 1.414 as the card's ≈ 1.414); no decimal
standing alone for a value (the table's K column printed 0.8409 for 2^{-1/4}) (issue 30)."""

import re

import pytest

import tutor


def render(name: str, fmt: str, detail: str = "brief") -> str:
    return tutor.render(tutor.solve(tutor.load_problem(f"problems/rbf-gamma/{name}.yaml")), fmt, detail,
                        figures=False)


# the table's K as the kernel-values step writes it (the card's decimals beside, "=" when exact)
CARD_K = [r"2^{-1/4} \approx 0.8409", r"\frac{1}{2} = 0.5", r"\frac{1}{16} = 0.0625",
          r"\frac{1}{65536} \approx 0.00001526"]
# the final answers: the same forms, each decimal beside (an exam key gave the fractions alone beside the
# decimals of every other part)
FINAL_K = CARD_K
# d_φ as the card writes it: a readable exact value with its decimal beside, an unreadable surd
# (√131070/256, √(2 − 2^{3/4})) as its decimal only (issue 30: "the card writes ≈ 1.414")
CARD_D = [r"\approx 0.5641", "1", r"\frac{\sqrt{30}}{4} \approx 1.369", r"\approx 1.414"]
FINAL_D = [r"{} \approx 0.5641", r"\frac{\sqrt{30}}{4} \approx 1.369", r"{} \approx 1.414"]


@pytest.mark.parametrize("detail", ["brief", "full"])
@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_card_table_and_final_answers_share_one_form(fmt, detail):
    out = render("card", fmt, detail)
    if fmt == "md":
        rows = re.findall(r"^\| \$(\d+)\$ \| \$(.+?)\$ \| \$(.+?)\$ \|$", out, re.M)
    else:
        rows = re.findall(r"^\$(\d+)\$ & \$(.+?)\$ & \$(.+?)\$ \\\\$", out, re.M)
    table = [r for r in rows if len(r) == 3][-4:]  # the distance table (d, K, d_φ)
    assert [k for _, k, _ in table] == CARD_K
    assert [f for _, _, f in table] == CARD_D
    finals = out.split("Final answers", 1)[1]
    for value in FINAL_K + FINAL_D:
        assert f"${value}$" in finals
    assert "131070" not in out and r"2^{\frac{3}{4}}}" not in out  # no unreadable surd anywhere
    assert "| $0.8409$ |" not in out and "& $0.8409$" not in out  # no decimal alone in place of 2^{-1/4}
    if detail == "brief":  # the kernel-values line writes each K as the table does
        line = re.search(r"at \$d = 1, 2, 4, 8\$: (.*)\.$", out, re.M).group(1)
        assert line == ", ".join(f"${k}$" for k in CARD_K)


@pytest.mark.parametrize("fmt", ["md", "tex", "html"])
def test_irrational_values_carry_their_decimal_everywhere(fmt):
    out = render("e-inverse", fmt)
    for value in (r"e^{- \frac{1}{4}} \approx 0.7788", r"e^{-9} \approx 0.0001234",
                  r"\approx 1.414"):  # d_φ(3) = √(2 − 2/e⁹): its decimal, as the card writes it
        assert out.count(value) >= 2, value  # the solution and the final answers


def test_html_table_cells_carry_the_exact_value_and_its_decimal():
    out = render("card", "html")
    for k in CARD_K:
        assert f'<td><span class="math inline">\\({k}\\)' in out, k


def test_the_far_apart_question_is_answered_in_the_final_answers():
    # (c) asks "What happens to far-apart points?": the solution said it, the box did not
    md = tutor.render(tutor.solve("rbf-gamma/card"), "md", "brief")
    box = md[md.index("### Final answers"):]
    assert r"far-apart points all look equally far: $K \to 0$ and $d_\phi \to \sqrt 2 \approx 1.414$" in box
