"""Figures: labels, layout, and the same picture as TikZ (LaTeX), inline SVG (HTML) and SVG files
(Markdown), numbered, with captions; --no-figures; the figure's numbers in the JSON.

The topics' own figures are tested in test_figures_<area>.py; here a figure of every kind is put on
steps of the notes' Example 3, so that the renderer is tested apart from what any topic draws.
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest
import sympy as sp

from tests.conftest import PROBLEMS
from tutor import render, solve
from tutor.figures import (Arrow, Bars, BarSeries, Curve, Edge, Graph, Level, Plot, Point, Row, Segment, Vertex,
                           figure_data)
from tutor.figures import labels
from tutor.figures.scene import Bezier, Disk, Line, Mark, Text, scene
from tutor.figures.svg import svg
from tutor.figures.tikz import tikz
from tutor.rendering import render_fragment, render_sheet

S = sp.sqrt
R = sp.Rational

PLOT = Plot("The coordinates $(a_1, a_2)$: PC 1 separates $x_1$ from $x_2$.",
            (Point(S(2), 0, "x_1"), Point(-S(2), 0, "x_2", place="nw"), Point(0, S(3), "x_3"),
             Arrow((0, 0), (1, 1), r"\sqrt{\lambda_1}", "orange"), Segment((S(2), 0), (0, S(3))),
             Curve(tuple((R(i, 10), R(i, 10) ** 2 / 4) for i in range(21)), r"K(d)=e^{-\gamma d^2}",
                   tone="green"),
             Level(1, r"\sqrt{2}")),
            x_label="a_1", y_label="a_2")
BARS = Bars("$p$ and $q$ over the sample space.", ("x_1", "x_2", "x_3"),
            (BarSeries("p", (R(1, 2), R(1, 4), R(1, 4))), BarSeries("q", (R(1, 3),) * 3, "orange")),
            y_label="p,\\,q")
GRAPH = Graph("The post's graph with its DFS indices.",
              tuple(Vertex(rf"\mathrm{{{label}}}", i) for i, label in enumerate("XYXZZ")),
              (Edge(0, 1, r"\mathrm{a}", highlight=True), Edge(1, 2, r"\mathrm{b}", highlight=True),
               Edge(2, 0, r"\mathrm{a}", tree=False), Edge(2, 3, r"\mathrm{c}"),
               Edge(3, 1, r"\mathrm{b}", tree=False), Edge(1, 4, r"\mathrm{d}", highlight=True)))


@pytest.fixture(scope="module")
def drawn():
    """Example 3 with a figure of each kind on three of its steps (whatever the topic draws itself
    taken off first, so the numbering below is this test's own)."""
    solution = solve(str(PROBLEMS / "kernel-pca" / "example3.yaml"))
    steps = [dataclasses.replace(step, figure=None) for step in solution.steps]
    for k, figure in ((0, BARS), (3, GRAPH), (-2, PLOT)):
        steps[k] = dataclasses.replace(steps[k], figure=figure)
    return dataclasses.replace(solution, steps=tuple(steps))


# --- labels ----------------------------------------------------------------------------------------

def test_labels_set_subscripts_greek_and_roots():
    assert labels.text(r"x_{12}") == "x12"
    assert labels.runs(r"\eta_1") == (labels.Run("η", True), labels.Run("1", False, "sub"))
    assert labels.text(r"\sqrt{\lambda_1}") == "√λ1"  # one symbol under the root: no brackets
    assert labels.text(r"\sqrt{2n}") == "√(2n)"
    assert labels.text(r"\frac{1}{2n}") == "1/(2n)"
    assert labels.text(r"\bar{x}") == "x\u0304"
    assert labels.text(r"\mathrm{PC}\,1") == "PC\u20091"
    assert labels.runs(r"\mathrm{X}") == (labels.Run("X", False),)  # upright
    assert labels.text("-1") == "−1"  # a minus sign, not a hyphen
    assert labels.text(r"\text{kernel-PCA}") == "kernel-PCA"  # but a hyphen in text


@pytest.mark.parametrize("label", [r"\input{x}", "$x$", "x_{1", "x}", "\\", r"\frac{1}", "x#1", "x&y"])
def test_a_label_neither_drawing_can_set_is_refused(label):
    with pytest.raises(ValueError):
        labels.runs(label)


# --- layout ----------------------------------------------------------------------------------------

def test_a_geometric_plot_has_one_unit_as_long_on_both_axes():
    shapes = scene(Plot("c", (Point(0, 0), Point(2, 0), Point(0, 1)))).shapes
    marks = [s for s in shapes if isinstance(s, Mark)]
    (x0, y0), (x1, _), (_, y2) = [(m.x, m.y) for m in marks]
    assert (x1 - x0) == pytest.approx(2 * (y2 - y0))


def test_points_on_the_x_axis_are_drawn_on_a_number_line_not_in_an_empty_frame():
    shapes = scene(Plot("c", (Point(-1, 0, "x_1"), Point(1, 0, "x_2")))).shapes
    assert not any(type(s).__name__ == "Box" for s in shapes)
    marks = [s for s in shapes if isinstance(s, Mark)]
    axis = next(s for s in shapes if isinstance(s, Line) and len(s.points) == 2 and s.points[0][0] == 0)
    assert marks[0].y == marks[1].y == axis.points[0][1]
    # With a y axis asked for (a label), the same points keep their frame.
    assert any(type(s).__name__ == "Box" for s in scene(Plot("c", (Point(-1, 0), Point(1, 0)), y_label="y")).shapes)


def test_labels_of_points_at_the_edge_stay_inside_the_frame():
    picture = scene(Plot("c", (Point(0, 0, "x_{123}", place="nw"), Point(1, 1, "x_{456}", place="ne")),
                         y_label="a_2"))
    frame = next(s for s in picture.shapes if type(s).__name__ == "Box")
    from tutor.figures.scene import _text_box

    for text in (s for s in picture.shapes if isinstance(s, Text) and s.halo):
        x0, y0, x1, y1 = _text_box(text)
        assert frame.x0 - 0.03 <= x0 and x1 <= frame.x1 + 0.03 and frame.y0 - 0.03 <= y0 and y1 <= frame.y1 + 0.03


def test_a_logarithmic_axis_refuses_values_that_are_not_positive():
    with pytest.raises(ValueError):
        scene(Plot("c", (Point(1, 0),), log_y=True))


def test_the_graph_is_laid_out_as_its_dfs_tree_with_backward_edges_bowed():
    shapes = scene(GRAPH).shapes
    centres = [(d.x, d.y) for d in shapes if isinstance(d, Disk)]
    for parent, child in ((0, 1), (1, 2), (2, 3), (1, 4)):
        assert centres[child][1] < centres[parent][1]  # each child below its parent
    bows = [s for s in shapes if isinstance(s, Bezier)]
    assert len(bows) == 2 and all(b.dashed for b in bows)
    thick = [s for s in shapes if isinstance(s, Line) and s.tone == "orange"]
    assert len(thick) == 3  # the rightmost path 0–1–4 and the edge 1–2 marked in the record
    indices = [t.label for t in shapes if isinstance(t, Text) and t.size == "tiny"]
    assert indices == ["0", "1", "2", "3", "4"]


@pytest.mark.parametrize("figure", [PLOT, BARS, GRAPH], ids=["plot", "bars", "graph"])
def test_the_bounding_box_holds_every_shape(figure):
    picture = scene(figure)
    for s in picture.shapes:
        for x, y in getattr(s, "points", ()) or [(getattr(s, "x", picture.x0), getattr(s, "y", picture.y0))]:
            assert picture.x0 <= x <= picture.x1 and picture.y0 <= y <= picture.y1


# --- the drawings ----------------------------------------------------------------------------------

@pytest.mark.parametrize("figure", [PLOT, BARS, GRAPH], ids=["plot", "bars", "graph"])
def test_svg_is_well_formed_with_no_blank_line_or_dollar(figure):
    text = svg(scene(figure), title=figure.caption)
    root = ET.fromstring(text)
    assert root.tag.endswith("svg")
    assert "$" not in text and "\n\n" not in text  # the HTML page reads these as maths and paragraphs
    standalone = svg(scene(figure), standalone=True)
    assert standalone.startswith("<?xml") and ET.fromstring(standalone.split("\n", 1)[1]) is not None


def test_svg_sets_subscripts_as_smaller_shifted_runs():
    text = svg(scene(Plot("c", (Point(0, 0, "x_1"), Point(1, 1)))))
    assert re.search(r'<tspan font-style="italic">x</tspan><tspan dy="[\d.]+" font-size="[\d.]+">1</tspan>', text)


def test_tikz_draws_the_same_shapes():
    picture = scene(GRAPH)
    code = tikz(picture)
    assert code.count(r"circle (0.28)") == sum(isinstance(s, Disk) for s in picture.shapes)
    assert code.count(".. controls") == 2 and code.count("dash pattern") == 2
    assert r"{$\mathrm{X}$}" in code
    assert r"\definecolor{tutororange}{RGB}{230,159,0}" in code


def test_the_latex_with_figures_compiles_without_overfull_boxes(drawn, tmp_path):
    from tests.test_golden import _pdflatex

    exe = _pdflatex()
    text = render(drawn, "tex")
    assert text.count(r"\begin{tikzpicture}") == 3
    assert "Figure 1: $p$ and $q$" in text and "Figure 3: The coordinates" in text
    (tmp_path / "f.tex").write_text(text, encoding="utf-8")
    result = subprocess.run([exe, "-interaction=nonstopmode", "-halt-on-error", "f.tex"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-2000:]
    log = (tmp_path / "f.log").read_text(errors="replace")
    assert "Overfull" not in log


def test_html_figures_are_inline_svg_blocks_with_maths_in_their_captions(drawn):
    page = render(drawn, "html")
    assert page.count('<figure class="tutor-figure">') == 3 and page.count('role="img"') == 3
    assert "<p><figure" not in page and "<p><svg" not in page
    caption = re.search(r"<figcaption>Figure 3: (.*?)</figcaption>", page, re.S).group(1)
    assert '<span class="math inline">\\((a_1, a_2)\\)</span>' in caption


def test_markdown_links_svg_files_named_after_the_output(drawn):
    files: dict[str, str] = {}
    text = render(drawn, "md", figure_stem="sol", figure_files=files)
    assert sorted(files) == ["sol-fig1.svg", "sol-fig2.svg", "sol-fig3.svg"]
    assert "![Figure 2](<sol-fig2.svg>)" in text and "*Figure 2: The post's graph with its DFS indices.*" in text
    assert all(ET.fromstring(svg_text.split("\n", 1)[1]) is not None for svg_text in files.values())


def test_markdown_on_standard_output_leaves_figures_out_with_a_note(drawn):
    text = render(drawn, "md")
    notes = re.findall(r"^\*Figure \d is left out on standard output: `-o FILE.md` writes it beside FILE.md as an "
                       r"SVG file.\*$", text, re.M)
    assert len(notes) == 3 and ".svg" not in text


def test_a_notebook_gets_markdown_figures_as_data(drawn):
    assert render_fragment(drawn, "md").count("](<data:image/svg+xml;base64,") == 3


def test_no_figures_leaves_them_out_of_every_format(drawn):
    assert r"\begin{tikzpicture}" not in render(drawn, "tex", figures=False)
    assert 'role="img"' not in render(drawn, "html", figures=False)
    assert "Figure" not in render(drawn, "md", figures=False)
    assert '"figure"' not in render(drawn, "json", figures=False)


def test_a_sheet_numbers_figures_through_its_problems(drawn):
    files: dict[str, str] = {}
    render_sheet([drawn, drawn], "md", with_solutions=True, figure_stem="sheet", figure_files=files)
    assert len(files) == 6 and "sheet-fig6.svg" in files
    assert 'role="img"' not in render_sheet([drawn], "html")  # a sheet without solutions has no figures


def test_json_carries_each_figure_exact_and_approximate(drawn):
    steps = json.loads(render(drawn, "json"))["steps"]
    figure = steps[-2]["figure"]
    assert figure["type"] == "plot" and figure["caption"] == PLOT.caption
    point = figure["items"][0]
    assert point["type"] == "point" and point["x"] == {"exact": "sqrt(2)", "approx": pytest.approx(2 ** 0.5)}
    assert figure["items"][3]["end"] == [{"exact": "1", "approx": 1.0}] * 2
    assert steps[3]["figure"]["edges"][2] == {"type": "edge", "u": 2, "v": 0, "label": r"\mathrm{a}",
                                              "tree": False, "highlight": False}
    assert [s["values"][0]["exact"] for s in steps[0]["figure"]["series"]] == ["1/2", "1/3"]
    assert figure_data(PLOT) == figure


# --- any figure: drawn, or left out with a reason; never a crash ----------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from tutor.figures.output import block, drawing  # noqa: E402
from tutor.figures.scene import MAX_WIDTH  # noqa: E402

_numbers = st.one_of(st.integers(-10**6, 10**6), st.fractions(max_denominator=10**6),
                     st.integers(-400, 400).map(lambda k: sp.Integer(10) ** k),
                     st.integers(1, 50).map(sp.sqrt)).map(sp.nsimplify)


@st.composite
def _figures(draw):
    kind = draw(st.sampled_from(["plot", "bars", "graph", "row"]))
    if kind == "row":
        panels = (draw(_figures().filter(lambda f: isinstance(f, (Plot, Bars)))) for _ in range(draw(st.integers(1, 3))))
        return Row("A row.", tuple(panels))
    if kind == "plot":
        points = draw(st.lists(st.tuples(_numbers, _numbers), min_size=1, max_size=12))
        items = tuple(Point(x, y, f"x_{{{i + 1}}}") for i, (x, y) in enumerate(points))
        return Plot("A plot.", items, equal=draw(st.booleans()), log_y=draw(st.booleans()))
    if kind == "bars":
        n = draw(st.integers(1, 40))
        values = draw(st.lists(st.lists(_numbers, min_size=n, max_size=n), min_size=1, max_size=3))
        return Bars("Bars.", tuple(f"x_{{{i}}}" for i in range(n)),
                    tuple(BarSeries(f"s_{j}", tuple(v)) for j, v in enumerate(values)))
    n = draw(st.integers(2, 7))
    parents = [draw(st.integers(0, i - 1)) for i in range(1, n)]
    edges = [Edge(p, i + 1, r"\mathrm{a}") for i, p in enumerate(parents)]
    extra = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=6))
    edges += [Edge(u, v, r"\mathrm{b}", tree=False) for u, v in extra if u != v]
    return Graph("A graph.", tuple(Vertex(r"\mathrm{X}", i) for i in range(n)), tuple(edges))


@settings(max_examples=150, deadline=None)
@given(_figures())
def test_any_figure_is_drawn_within_the_line_or_left_out_with_a_reason(figure):
    with drawing(stem="t"):
        outputs = {fmt: str(block(fmt, figure)) for fmt in ("tex", "html", "md")}
    if "is left out: " in outputs["md"]:
        assert "is left out: " in outputs["tex"] and "is left out: " in outputs["html"]
        return
    picture = scene(figure)
    assert picture.x1 - picture.x0 <= MAX_WIDTH + 3  # cm: the plot, its labels and tick numbers
    ET.fromstring(svg(picture))


def test_the_overflow_sweep_allows_small_tick_numbers_inside_a_figure_only():
    import sys

    from tests.conftest import ROOT

    sys.path.insert(0, str(ROOT / "bench"))
    import overflow_sweep

    assert overflow_sweep.forbidden_commands(tikz(scene(PLOT))) == []
    assert overflow_sweep.forbidden_commands(tikz(scene(PLOT)) + r" {\scriptsize $x$}") == [r"\scriptsize"]


def test_an_svg_title_reads_the_caption_maths_as_text_not_latex():
    text = svg(scene(PLOT), title=r"Figure 1: the rows of $\hat{\mathbf K}$ and $\lambda_1$.")
    title = ET.fromstring(text).find("{http://www.w3.org/2000/svg}title").text
    assert title == "Figure 1: the rows of K\u0302 and λ1." and "\\" not in text.split("<title>")[0]


ROW = Row("Input points and their coordinates.", (PLOT, PLOT), titles=(r"\mathrm{input}", "a_1,\\,a_2"))


def test_a_row_sets_its_panels_side_by_side_within_the_line():
    picture = scene(ROW)
    frames = [s for s in picture.shapes if type(s).__name__ == "Box"]
    assert len(frames) == 2 and frames[0].x1 < frames[1].x0 and frames[0].y0 == frames[1].y0
    assert picture.x1 - picture.x0 <= MAX_WIDTH + 1
    titles = [t for t in picture.shapes if isinstance(t, Text) and t.label in ROW.titles]
    assert [t.label for t in titles] == list(ROW.titles) and all(t.anchor == "south" for t in titles)
    assert figure_data(ROW)["panels"][1]["type"] == "plot"


def test_bars_draw_their_reference_value_as_a_dashed_line():
    bars = Bars("w.", ("x_1", "x_2"), (BarSeries("w", (R(1, 2), 3)),), reference=1, reference_label="w=1")
    shapes = scene(bars).shapes
    (line,) = [s for s in shapes if isinstance(s, Line) and s.dashed]
    assert any(isinstance(t, Text) and t.label == "w=1" for t in shapes)
    assert figure_data(bars)["reference"] == {"exact": "1", "approx": 1.0}


def test_a_logarithmic_axis_ticks_round_powers_of_ten():
    shapes = scene(Plot("c", (Point(1, 1), Point(2, R(1, 10 ** 60))), equal=False, log_y=True)).shapes
    ticks = [t.label for t in shapes if isinstance(t, Text) and t.label.startswith("10^")]
    assert ticks and all(int(t[4:-1]) % 10 == 0 for t in ticks)


# --- found in review (each failed before its fix) --------------------------------------------------

def test_a_logarithmic_axis_places_values_below_a_floats_range():
    # 10^-400 is 0.0 as a float: the figure was left out as "not positive".
    picture = scene(Plot("c", (Point(1, R(1, 10 ** 400)), Point(2, 1)), equal=False, log_y=True))
    assert any(t.label == "10^{-400}" for t in picture.shapes if isinstance(t, Text))


@pytest.mark.parametrize("value", [sp.zoo, sp.nan, sp.oo, 1 + sp.I])
def test_a_coordinate_that_is_not_a_finite_real_number_leaves_the_figure_out(value):
    with drawing(stem="t"):
        assert "is left out: a coordinate that is not a" in block("md", Plot("c", (Point(0, value),)))


def test_long_vertex_labels_never_make_vertices_overlap():
    star = Graph("A star.", tuple(Vertex(rf"\mathrm{{ABCDEFG{i}}}", i) for i in range(7)),
                 tuple(Edge(0, i) for i in range(1, 7)))
    disks = [s for s in scene(star).shapes if isinstance(s, Disk)]
    for i, a in enumerate(disks):
        for b in disks[i + 1:]:
            assert ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 > a.r + b.r


def test_a_label_with_a_character_pdflatex_cannot_set_in_maths_is_refused():
    for label in ("é", "x²"):
        with pytest.raises(ValueError):
            labels.runs(label)


def test_a_markdown_file_name_with_a_space_still_links_its_figures(drawn):
    files: dict[str, str] = {}
    text = render(drawn, "md", figure_stem="my sol", figure_files=files)
    assert "![Figure 1](<my sol-fig1.svg>)" in text and "my sol-fig1.svg" in files


def test_the_latex_note_of_a_figure_left_out_is_escaped():
    with drawing():
        note = block("tex", Bars("B_1 & co.", ("x_1",), (BarSeries("p", (1, 2)),)))
    assert note.startswith(r"\emph{Figure 1 (B_1 & co) is left out: ") and "\\_" not in note.split(": ", 1)[0]


def test_a_label_moves_off_a_point_it_would_cover():
    # pca medium seed 2: the axis label √λ₁u₁ at its arrow's tip sat on x₅ and its name
    from tutor.figures.model import Arrow
    from tutor.figures.scene import _text_box

    plot = Plot("c", (Arrow((0, 0), (4, 4), "u_1"), Point(R(43, 10), R(43, 10), "x_5"), Point(-4, -4, "x_1")),
                equal=True)
    shapes = scene(plot).shapes
    marks = [s for s in shapes if type(s).__name__ == "Mark"]
    texts = [t for t in shapes if isinstance(t, Text) and t.label in ("u_1", "x_5")]
    boxes = [_text_box(t) for t in texts]
    a, b = boxes
    assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])  # the two labels do not overlap
    for m in marks:  # and neither covers a point
        for x0, y0, x1, y1 in boxes:
            assert not (x0 < m.x < x1 and y0 < m.y < y1)
