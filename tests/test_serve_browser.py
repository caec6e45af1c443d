"""tutor serve in a real browser (issue 20): headless Chromium, driven by Playwright, against a real
`tutor serve` subprocess with its own SQLite database.

The student's journey: a kernel-PCA problem, η typed where the variances η/n are asked (the live preview
shows how it was read), the named mistake in the verdict, two hints, every part put right, full marks;
then the lecturer's view, opened with the token, counts that mistake. Also: the forms without
JavaScript, and labels, MathML and the keyboard. Screenshots of each stage go to $TUTOR_SCREENSHOTS (or
the test's tmp_path); bench/serve_screenshots.py makes the docs' two from them.

Debian's /usr/bin/chromium is used, never a browser Playwright downloads. Without it (or without
Playwright) the tests are skipped, except under CI, which must run them (.ci/run installs chromium).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))

import serve_load  # noqa: E402  (the server in a subprocess, and answers as a student types them)

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]
TOKEN = "browser-test-token"
WIDTH = 900
WAIT_MS = 30_000  # the longest wait for one thing on a page: a draw and a check in a cold worker


def _unavailable(why: str):
    if os.environ.get("CI"):
        pytest.fail(f"{why}: CI must run the browser tests (.ci/run installs chromium)")
    pytest.skip(why)


@pytest.fixture(scope="module")
def playwright():
    if not Path(CHROMIUM).exists():
        _unavailable(f"{CHROMIUM} is not installed")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def server(playwright, tmp_path_factory):
    """The base URL of `tutor serve` on a fresh SQLite database (one server for the module's tests)."""
    database = f"sqlite:///{tmp_path_factory.mktemp('serve') / 'tutor.db'}"
    with serve_load.serving(database, workers=1, token=TOKEN) as url:
        yield url


@pytest.fixture
def shots(tmp_path):
    """shot(page, name, **screenshot options): a PNG of the page in $TUTOR_SCREENSHOTS or tmp_path."""
    folder = Path(os.environ.get("TUTOR_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)

    def shot(page, name: str, **options) -> Path:
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), **options)
        return path

    return shot


def _page(browser, javascript: bool = True):
    context = browser.new_context(viewport={"width": WIDTH, "height": 760}, java_script_enabled=javascript)
    context.set_default_timeout(WAIT_MS)
    return context.new_page()


def _kernel_pca(difficulty: str = "easy"):
    """A kernel-PCA problem whose variances η/n differ from the eigenvalues η (n = 1 never is one, but the
    seed must not be a redirect either): (its path, the right answers' texts)."""
    from tutor.serve import work

    for seed in range(1, 50):
        found, drawn = work._drawn("kernel-pca", difficulty, seed)
        answers = drawn.solution.answers
        if found == seed and answers["variances"] != answers["eigenvalues"]:
            right = {k: serve_load.field_text(answers[k]) for k in drawn.solution.question.keys}
            return f"/practice/kernel-pca/{difficulty}/{seed}", right, serve_load.field_text(answers["eigenvalues"])
    raise AssertionError("no kernel-PCA seed in 1-49 whose variances differ from its eigenvalues")


def _typeset(page) -> None:
    """Wait until practice.js has set the page's maths with KaTeX."""
    page.wait_for_selector(".problem .katex")


def test_a_students_journey_from_a_named_mistake_to_full_marks_and_the_lecturers_view(browser, server, shots):
    from playwright.sync_api import expect  # (the page's CSP forbids wait_for_function's eval)

    path, right, eta = _kernel_pca()
    page = _page(browser)
    page.goto(server + path)
    _typeset(page)
    shots(page, "journey-1-problem", full_page=True)

    # η where η/n is asked, typed key by key; the live preview says how it was read, as maths.
    page.fill("#answer-eigenvalues", right["eigenvalues"])
    page.fill("#answer-eigenvectors", right["eigenvectors"])
    page.locator("#answer-variances").press_sequentially(eta, delay=20)
    preview = page.locator("#preview-variances")
    preview.locator(".katex").wait_for()
    assert preview.inner_text().startswith("Read as")
    page.locator("#part-variances").scroll_into_view_if_needed()
    shots(page, "journey-2-preview")

    page.click("button[value=check]")
    verdict = page.locator("#verdict-variances")
    verdict.wait_for()
    assert verdict.inner_text().startswith("A known mistake.")
    assert verdict.inner_text().endswith("the variances are λ = η/n. (0 of 1 mark)")
    assert page.locator("#verdict-eigenvalues").inner_text().startswith("Correct.")
    assert page.locator("#score").inner_text().startswith(f"Your marks: 2 of {len(right)}")
    assert page.evaluate("document.activeElement.id") == "score"  # the news has the focus
    page.locator("#preview-variances .katex").wait_for()  # the page, redrawn, says again how it was read
    shots(page, "journey-3-mistake", full_page=True)
    _practice_picture(page, shots)

    # Two hints: the first two steps of the worked solution, one at a time.
    for shown in (1, 2):
        page.click("button[value=hint]")
        expect(page.locator("#hints .step")).to_have_count(shown)
    assert page.locator("#hints-heading").inner_text().startswith("Hints: steps 1 to 2 of")
    assert page.locator("#verdict-variances").inner_text().startswith("A known mistake.")  # hints keep the verdicts
    assert page.evaluate("document.activeElement.id") == "hints-heading"
    page.locator("#hints .katex").first.wait_for()
    page.locator("#hints").scroll_into_view_if_needed()
    shots(page, "journey-4-hints", full_page=True)

    # Every part right: full marks; the hints stay shown.
    for key, text in right.items():
        page.fill(f"#answer-{key}", text)
    page.click("button[value=check]")
    expect(page.locator("#verdict-variances")).to_contain_text("Correct.")
    assert page.locator("#score").inner_text().startswith(f"Your marks: {len(right)} of {len(right)}")
    for key in right:
        assert page.locator(f"#verdict-{key}").inner_text().startswith("Correct."), key
    assert page.locator("#hints .step").count() == 2
    shots(page, "journey-5-full-marks", full_page=True)

    # The lecturer: the token once, then the class's results count the mistake, with its answer.
    page.goto(server + "/class")
    page.fill("#token", TOKEN)
    page.press("#token", "Enter")
    page.wait_for_url(server + "/class")
    assert page.locator("tbody", has=page.locator("code", has_text=re.compile(r"^variances$"))) \
        .locator("tr.topic-row").inner_text() == "kernel-pca"
    row = page.locator("tr", has=page.locator("th code", has_text=re.compile(r"^variances$")))
    assert row.locator("td").nth(0).inner_text() == "2"  # answers checked: η, then η/n
    assert row.locator("td.mistakes li").inner_text() == f"variances_are_eta ×1, e.g. {eta}"
    shots(page, "serve-class", full_page=True)


def _practice_picture(page, shots) -> None:
    """The docs' picture of the practice page (also in the README): parts (c) to (e), with (c) and (d) right and η given
    for the variances, its preview and the named mistake, WIDTH wide."""
    box = page.evaluate("""() => {
        const top = document.getElementById('part-eigenvalues').getBoundingClientRect().top + window.scrollY;
        const end = document.getElementById('part-variances').getBoundingClientRect().bottom + window.scrollY;
        return [top - 12, end - top + 24]; }""")
    shots(page, "serve-practice", full_page=True, clip={"x": 0, "y": box[0], "width": WIDTH, "height": box[1]})


def test_without_javascript_the_forms_check_an_answer_and_give_a_hint(browser, server, shots):
    path, right, _ = _kernel_pca("medium")
    page = _page(browser, javascript=False)
    page.goto(server + path)
    assert page.locator(".katex").count() == 0  # no script ran: the maths is the TeX source
    page.fill("#answer-kernel", right["kernel"])
    page.fill("#answer-centred_kernel", "[[1, 0], [0, 1]]")
    with page.expect_navigation():
        page.click("button[value=check]")
    assert page.locator("#verdict-kernel").inner_text().startswith("Correct.")
    assert page.locator("#verdict-centred_kernel").inner_text().startswith("Not right.")
    assert page.locator("#score").inner_text().startswith("Your marks: 1 of")
    assert page.input_value("#answer-centred_kernel") == "[[1, 0], [0, 1]]"  # what was typed stays
    with page.expect_navigation():
        page.click("button[value=hint]")
    assert page.locator("#hints .step").count() == 1
    assert page.locator("#hints-heading").inner_text().startswith("Hint: step 1 of")
    shots(page, "nojs-hint", full_page=True)


def test_every_field_has_a_label_the_maths_has_mathml_and_the_keyboard_submits(browser, server, shots):
    path, right, _ = _kernel_pca("hard")
    page = _page(browser)
    page.goto(server + path)
    _typeset(page)

    unlabelled = page.evaluate("""[...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
        .filter(el => !el.labels.length || !el.labels[0].textContent.trim()).map(el => el.id || el.name)""")
    assert unlabelled == []
    assert page.locator("input[data-key]").count() == len(right)
    # Every formula, set by KaTeX, carries MathML for screen readers (the rest is aria-hidden).
    maths = page.locator(".math").count()
    assert maths > 0
    assert page.locator(".math .katex-mathml math").count() == maths
    assert page.locator(".math .katex-html[aria-hidden=true]").count() == maths

    first = next(iter(right))
    for _ in range(12):  # the skip link, the site's link and the problem's links come first
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == f"answer-{first}":
            break
    else:
        pytest.fail(f"Tab never reached the first field; it stopped at {page.evaluate('document.activeElement.id')!r}")
    page.keyboard.type(right[first])
    page.keyboard.press("Enter")
    page.locator(f"#verdict-{first}").wait_for()
    assert page.locator(f"#verdict-{first}").inner_text().startswith("Correct.")
    assert page.evaluate("document.activeElement.id") == "score"
    shots(page, "keyboard-check")

