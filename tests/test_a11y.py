"""Accessibility as a test (issue 31): axe-core's WCAG 2.1 A and AA rules find nothing on any page of the
practice server, nor on `tutor solve` and `tutor sheet` HTML, at 1000 px and at 320 px wide.

axe-core comes from npm (.ci/run installs it and sets $TUTOR_AXE_JS; the a11y kit's cache is used too) and
is injected by Playwright into Debian's /usr/bin/chromium, as ../shared/clients/a11y does. Without axe-core,
chromium or Playwright the test is skipped, except under CI, which must run it.
"""

from __future__ import annotations

import glob
import os
import tempfile
from pathlib import Path

import pytest

from .conftest import ROOT
# the same browser and server fixtures as the browser tests: one Chromium and one `tutor serve` per module
from .test_serve_browser import TOKEN, _unavailable, browser, playwright, server  # noqa: F401

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]  # WCAG 2.1 A and AA rules only
WIDTHS = [1000, 320]
PROBLEM = "/practice/kernel-pca/easy/6"  # the kit's problem: a wide formula on its solution page
# a right, a wrong and a named-mistake answer, so that every kind of verdict is on the page
ANSWERS = {"kernel": "[[2, 1, -1], [1, 9, -3], [-1, -3, 1]]", "eigenvalues": "[8, 6, 0]", "variances": "[8, 6, 0]"}


@pytest.fixture(scope="module")
def axe_js() -> str:
    given = os.environ.get("TUTOR_AXE_JS")
    found = [given] if given else [
        str(ROOT / "node_modules/axe-core/axe.min.js"),
        *sorted(glob.glob(os.path.join(os.environ.get("TMPDIR") or tempfile.gettempdir(),
                                       "tutor-clients-cache/axe-*/node_modules/axe-core/axe.min.js")))]
    for path in found:
        if Path(path).is_file():
            return Path(path).read_text(encoding="utf-8")
    _unavailable("axe-core is not installed (npm install axe-core; then TUTOR_AXE_JS=.../axe.min.js)")


@pytest.fixture(scope="module")
def documents(tmp_path_factory):
    """`tutor solve` and `tutor sheet` HTML files (the library calls the commands make)."""
    from tutor import render, solve
    from tutor.rendering import render_sheet

    folder = tmp_path_factory.mktemp("a11y")
    example3 = solve("kernel-pca/example3")
    files = {"solve": render(example3, "html", "brief"),
             "solve-full": render(example3, "html", "full"),
             "sheet": render_sheet([example3, solve("pca/two-d-one-component")], "html", title="Sheet", with_solutions=True,
                                   detail="brief")}
    paths = {}
    for name, text in files.items():
        paths[name] = folder / f"{name}.html"
        paths[name].write_text(text, encoding="utf-8")
    return paths


def _violations(page, axe_js: str) -> list[str]:
    page.add_script_tag(content=axe_js)
    found = page.evaluate("""async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                                                      resultTypes: ['violations']})).violations""",
                          TAGS)
    return [f"{v['id']} ({v['impact']}) x{len(v['nodes'])}: {v['nodes'][0]['html'][:120]}" for v in found]


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_passes_axe(axe_js, browser, server, documents, width):
    base = server
    # bypass_csp: the server's script-src 'self' would block injecting axe (not a finding)
    context = browser.new_context(viewport={"width": width, "height": 800}, bypass_csp=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    found, sideways = {}, []

    def audit(name):
        page.wait_for_load_state("networkidle")
        found[name] = _violations(page, axe_js)
        # WCAG 1.4.10 (reflow): at 320 px only a wide formula or table scrolls, in its own box, not the page
        if page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth"):
            sideways.append(name)

    page.goto(base + "/")
    audit("index")
    page.goto(base + PROBLEM)
    page.wait_for_selector(".problem .katex")
    audit("problem")
    for key, text in ANSWERS.items():
        page.fill(f"#answer-{key}", text)
    page.click("button[value=check]")
    page.wait_for_selector(".verdict")
    audit("problem after a check")
    page.click("button[value=hint]")
    page.wait_for_selector("#hints .step .katex")
    audit("problem after a hint")
    page.click("button[value=solution]")
    page.wait_for_load_state("networkidle")
    audit("problem with its solution")
    page.goto(base + PROBLEM + "/solution")
    page.wait_for_selector(".katex")
    audit("solution page")
    page.goto(base + "/practice/nosuch/easy/1")
    audit("an error page")
    page.goto(base + "/class")
    audit("class login")
    page.fill("#token", TOKEN)
    page.press("#token", "Enter")
    page.wait_for_url(base + "/class")
    audit("class view")
    for name, path in documents.items():
        page.goto(path.as_uri())
        page.wait_for_selector(".katex")
        audit(f"{name} HTML")
    context.close()
    assert {name: v for name, v in found.items() if v} == {}
    assert sideways == []
    assert len(found) == 9 + len(documents)


def test_a_formula_wider_than_its_column_takes_the_focus_and_a_narrow_one_does_not(browser, documents):
    """scroll.js: the tab stop (with a role and a name) only where a box scrolls, and gone at a wider window."""
    context = browser.new_context(viewport={"width": 320, "height": 800})
    page = context.new_page()
    page.goto(documents["solve-full"].as_uri())
    page.wait_for_selector(".katex")
    wide = page.locator(".math.display[tabindex='0']")
    assert wide.count() > 0
    assert wide.first.get_attribute("role") == "region"
    assert wide.first.get_attribute("aria-label") == "formula, scrolls sideways"
    narrow = page.evaluate("""() => [...document.querySelectorAll('.math.display')]
                                       .filter(e => e.scrollWidth <= e.clientWidth && e.hasAttribute('tabindex')).length""")
    assert narrow == 0
    page.set_viewport_size({"width": 4000, "height": 800})
    page.wait_for_timeout(400)  # the resize handler waits 150 ms
    assert page.locator(".math.display[tabindex='0']").count() < wide.count() or wide.count() == 0
    context.close()
