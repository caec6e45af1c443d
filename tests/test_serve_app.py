"""The practice server's pages through the ASGI test client: every page, the forms, the error statuses.

The app runs with an in-process pool (the worker-process pool has its own tests below) and a real
store: SQLite, and PostgreSQL where the `database_url` fixture has one."""

from __future__ import annotations

import re
import time

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from tutor.rendering import answer_text  # noqa: E402
from tutor.serve import work  # noqa: E402
from tutor.serve.app import MAX_BODY, Settings, create_app  # noqa: E402
from tutor.serve.pool import Busy, Pool  # noqa: E402
from tutor.serve.store import Store  # noqa: E402

TOKEN = "lecturer-token-123"
PROBLEM = "/practice/kernel-pca/easy/72"  # η = 18, 2/3, 0 and n = 3 points (Example 3's pattern)
ETA = "[18, 2/3, 0]"


class InlinePool:
    """Runs each job in the test's own process: the pages' logic without process start-up."""

    async def run(self, fn, *args):
        return fn(*args)

    def close(self):
        pass


@pytest.fixture
def store(database_url):
    s = Store(database_url)
    yield s
    s.close()


def client_for(store, proxies: str = "127.0.0.1,::1", **kw) -> TestClient:
    app = create_app(Settings("unused", TOKEN, b"k" * 32, proxies=proxies), pool=InlinePool(), store=store)
    return TestClient(app, **kw)


@pytest.fixture
def client(store):
    with client_for(store) as c:
        yield c


def csrf(page: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]{64})"', page).group(1)


def written(value) -> str:
    """An exact answer as a student types it: matrices as lists of rows."""
    return answer_text(tuple(map(tuple, value.tolist())) if hasattr(value, "tolist") else value)


def right_answers() -> dict[str, str]:
    _, drawn = work._drawn("kernel-pca", "easy", 72)
    solution = drawn.solution
    return {f"answer-{k}": written(solution.answers[k]) for k in solution.question.keys}


def submit(client, fields: dict, action: str = "check", path: str = PROBLEM, **headers):
    page = client.get(path).text
    return client.post(path, data={"csrf": csrf(page), "hints": "0", "action": action, **fields}, headers=headers)


# --- pages -----------------------------------------------------------------------------------------


def test_the_index_links_every_topic_at_each_difficulty(client):
    page = client.get("/").text
    for topic in ("kernel-pca", "pca", "mds", "svd"):
        for level in ("easy", "medium", "hard"):
            assert f'href="/practice/{topic}/{level}"' in page


def test_a_topic_and_difficulty_send_to_a_problem_at_a_stable_url(client):
    r = client.get("/practice/pca/medium", follow_redirects=False)
    assert r.status_code == 303
    assert re.fullmatch(r"/practice/pca/medium/\d+", r.headers["location"])
    again = client.get(PROBLEM).text
    assert client.get(PROBLEM).text.split('name="csrf"')[0] == again.split('name="csrf"')[0]


def test_the_problem_page_asks_each_part_with_a_labelled_field(client):
    page = client.get(PROBLEM).text
    _, drawn = work._drawn("kernel-pca", "easy", 72)
    keys = drawn.solution.question.keys
    assert len(keys) >= 5
    for key in keys:
        assert f'<label for="answer-{key}">' in page
        assert f'id="answer-{key}" name="answer-{key}"' in page
        assert f'id="preview-{key}"' in page
    first = " &amp; ".join(str(p[0]) for p in drawn.solution.problem.points)
    assert "\\begin{bmatrix}" + first in page  # the statement's data: X's first row
    assert page.count('class="part-text"') == len(keys)
    assert 'href="/practice/kernel-pca/easy/73"' in page  # new problem: the next seed
    assert "<script src=\"/static/katex.js\" defer>" in page and "cdn" not in page.lower()


def test_a_seed_without_a_problem_sends_to_the_next_seed_that_has_one(client, monkeypatch):
    from tutor import generators

    real = generators.draw_solved
    monkeypatch.setattr(generators, "draw_solved", lambda t, d, s, tally=None: None if s == 777 else real(t, d, s))
    work._drawn.cache_clear()
    try:
        r = client.get("/practice/pca/easy/777", follow_redirects=False)
    finally:
        work._drawn.cache_clear()
    assert r.status_code == 303 and r.headers["location"] == "/practice/pca/easy/778"


@pytest.mark.parametrize("path", ["/practice/nope/easy/1", "/practice/pca/extreme/1",
                                  "/practice/pca/easy/1000000000", "/practice/pca/easy/x", "/nothing"])
def test_unknown_problems_and_pages_are_404_with_one_line(client, path):
    r = client.get(path)
    assert r.status_code == 404
    assert "Traceback" not in r.text and "<h1>404: " in r.text


SEED_4301 = "9" * 4301  # int() of it raises ValueError: Starlette's {seed:int} made it a 500 and a traceback


@pytest.mark.parametrize("method, path", [
    ("GET", f"/practice/pca/easy/{SEED_4301}"), ("POST", f"/practice/pca/easy/{SEED_4301}"),
    ("GET", f"/practice/pca/easy/{SEED_4301}/solution"), ("GET", "/practice/pca/easy/" + "1" * 10_000),
    ("GET", "/practice/pca/easy/-1"), ("GET", "/practice/pca/easy/%00"), ("GET", "/practice/pca/easy/%D9%A1"),
    ("GET", "/practice/pca/easy/%EF%BC%91"), ("GET", "/practice/pca/easy/1e3"),
    ("GET", "/practice/pca/easy/1000000000"),
    ("GET", "/practice/%00/easy/1"), ("GET", "/practice/pca/%FF/1"), ("GET", "/practice/" + "a" * 5000 + "/easy"),
    ("GET", "/static/..%2fapp.py"), ("GET", "/static/" + "a" * 5000), ("GET", "/practice//easy/1"),
    ("PUT", PROBLEM), ("DELETE", "/class"), ("OPTIONS", "/class.csv"), ("GET", "/preview"),
])
def test_any_url_is_a_4xx_without_a_traceback_in_the_log(client, caplog, method, path):
    r = client.request(method, path)
    assert 400 <= r.status_code < 500 and "Traceback" not in r.text
    assert not [rec for rec in caplog.records if rec.levelname in ("ERROR", "CRITICAL")]


def test_random_odd_urls_and_methods_are_4xx_without_an_error_in_the_log(client, caplog):
    import random

    rng = random.Random(7)
    pieces = ["pca", "easy", "kernel-pca", "hard", "", "%00", "%ff", "%2e%2e", "..", "-1", "+1", "1e9", "0x10",
              "%D9%A3", "%EF%BC%91", "%E2%84%AA", "9" * 4301, "1" * 20, "a" * 300, "%20", "solution", "%C0%AF",
              "?x=1", "#f"]
    for _ in range(150):
        path = "/" + "/".join(rng.choice(pieces) for _ in range(rng.randint(1, 5)))
        if rng.random() < 0.7 or path.startswith("//"):  # "//x" would name a host
            path = "/practice" + path
        # A real problem (a valid topic, difficulty and seed) would be drawn and solved: leave those out.
        parts = path.split("/")
        if len(parts) >= 5 and parts[2] in ("pca", "kernel-pca") and parts[3] in ("easy", "hard") \
                and parts[4].isdigit() and len(parts[4]) < 10:
            continue
        method = rng.choice(["GET", "POST", "HEAD", "PUT", "PATCH"])
        r = client.request(method, path, content=b"a=%ff&" * rng.randint(0, 3),
                           headers={"content-type": rng.choice(["application/x-www-form-urlencoded", "text/plain"])})
        assert 400 <= r.status_code < 500 or r.status_code in (200, 303), (method, path[:80], r.status_code)
    assert not [rec for rec in caplog.records if rec.levelname in ("ERROR", "CRITICAL")]


def test_a_seed_of_any_length_out_of_range_is_a_404_that_says_the_range(client):
    for seed in (SEED_4301, "1" * 11, "1000000000"):
        r = client.get(f"/practice/pca/easy/{seed}")
        assert r.status_code == 404 and "seeds run from 0 to 999999999" in r.text
    assert client.get("/practice/kernel-pca/easy/0002").status_code == 200  # leading zeros: as before


@pytest.mark.parametrize("headers", [
    {"content-length": "\u00b2".encode()}, {"content-length": "99999999999999999999"},
    {"authorization": "Bearer \u00e9".encode()}, {"authorization": "bearer"}, {"authorization": "Bearer "},
    {"cookie": "tutor_session=\x01; tutor_class=\u00e9".encode()}, {"x-forwarded-for": "garbage, , ::1"},
    {"content-type": "application/x-www-form-urlencoded; charset=\u00ff".encode()},
])
def test_odd_headers_are_a_4xx_without_a_traceback(client, caplog, headers):
    for method, path in (("GET", "/class"), ("GET", "/class.csv"), ("POST", "/class"), ("POST", PROBLEM),
                         ("POST", "/preview")):
        r = client.request(method, path, headers=headers, content=b"csrf=x&token=y")
        assert r.status_code < 500, (method, path, r.status_code)
    assert not [rec for rec in caplog.records if rec.levelname in ("ERROR", "CRITICAL")]


def test_an_answer_with_a_nul_is_recorded_not_a_503(client, store):
    # PostgreSQL refuses a NUL in text: the whole check went unsaved and the student got a 503.
    r = submit(client, {"answer-variances": "[1, 2]\x00"})
    assert r.status_code == 200 and store.count() == 1
    from sqlalchemy import select

    from tutor.serve.store import attempts

    with store.engine.connect() as conn:
        assert conn.execute(select(attempts.c.answer)).scalar_one() == "[1, 2]\ufffd"


def test_an_unknown_topic_in_the_class_view_is_a_404_not_a_database_error(client):
    for topic in ("%00", "nope", "x" * 5000):
        r = client.get(f"/class?topic={topic}", headers={"Authorization": f"Bearer {TOKEN}"})
        assert r.status_code == 404 and "no topic" in r.text
    assert client.get("/class?topic=pca", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200


def test_the_full_solution_is_a_page_of_its_own(client):
    r = client.get(PROBLEM + "/solution")
    assert r.status_code == 200 and "Step 1" in r.text and "Final answers" in r.text


# --- checking and hints ----------------------------------------------------------------------------


def test_eta_for_the_variances_is_named_and_recorded(client, store):
    r = submit(client, {"answer-variances": ETA, "answer-eigenvalues": ETA, "student": "s123"})
    assert r.status_code == 200
    verdict = re.search(r'<p class="verdict" id="verdict-variances">(.*?)</p>', r.text, re.S).group(1)
    assert "A known mistake." in verdict and "(0 of 1 mark)" in verdict
    assert re.search(r'id="verdict-eigenvalues"><strong>Correct\.', r.text)
    assert "Your marks: 1 of 7" in r.text
    assert store.count() == 2  # the two parts answered, not the five left empty
    (row,) = [s for s in store.stats() if s.key == "variances"]
    assert row.mistakes[0].name == "variances_are_eta" and row.mistakes[0].example == ETA
    assert r.cookies.get("tutor_student") == "s123" or "s123" in r.text


def test_every_part_right_is_full_marks(client):
    r = submit(client, right_answers())
    assert "Your marks: 7 of 7" in r.text and "Full marks" in r.text
    assert "Not right" not in r.text and "A known mistake" not in r.text


def test_answers_are_kept_in_their_fields_and_read_back(client):
    r = submit(client, {"answer-eigenvalues": "[18, 2/3]"})
    assert 'value="[18, 2/3]"' in r.text
    assert "Read as" in r.text and "the value left out was read as 0" in r.text


def test_an_unreadable_answer_says_where(client):
    r = submit(client, {"answer-eigenvalues": "[18, 6"})
    assert "Could not read it.</strong>\nColumn 7: a closing bracket" in r.text


def test_hints_reveal_the_steps_one_at_a_time_and_the_solution_all(client):
    page = client.get(PROBLEM).text
    token = csrf(page)
    one = client.post(PROBLEM, data={"csrf": token, "hints": "0", "action": "hint"}).text
    assert "Hint: step 1 of" in one and "<strong>1. " in one and "<strong>2. " not in one
    two = client.post(PROBLEM, data={"csrf": token, "hints": "1", "action": "hint"}).text
    assert "Hints: steps 1 to 2 of" in two and "<strong>2. " in two and "<strong>3. " not in two
    assert 'name="hints" value="2"' in two
    whole = client.post(PROBLEM, data={"csrf": token, "hints": "0", "action": "solution"}).text
    assert "Final answers" in whole and "Every step is shown" in whole and "/solution" in whole
    forged = client.post(PROBLEM, data={"csrf": token, "hints": "99999", "action": "hint"}).text
    assert "Every step is shown" in forged  # a forged count is held to the number of steps


def test_a_hint_after_a_check_keeps_the_verdicts_without_a_new_attempt(client, store):
    checked = submit(client, {"answer-variances": ETA})
    assert 'name="was-variances"' in checked.text and store.count() == 1
    was = dict(re.findall(r'name="(was-[\w-]+)" value="([^"]*)"', checked.text))
    hint = client.post(PROBLEM, data={"csrf": csrf(checked.text), "hints": "0", "action": "hint",
                                      "answer-variances": ETA, **was})
    assert "A known mistake." in hint.text and "Hint: step 1 of" in hint.text
    assert store.count() == 1
    plain = client.post(PROBLEM, data={"csrf": csrf(checked.text), "hints": "0", "action": "hint",
                                       "answer-variances": ETA})
    assert "A known mistake." not in plain.text  # no verdicts before the first check


def test_a_fragment_request_gets_only_the_main_element(client):
    r = submit(client, {"answer-eigenvalues": ETA}, **{"X-Tutor-Fragment": "1"})
    assert r.status_code == 200 and "<html" not in r.text and "Your marks" in r.text


def test_the_preview_reads_an_answer_as_the_checker_will(client):
    token = csrf(client.get(PROBLEM).text)
    base = {"csrf": token, "topic": "kernel-pca", "difficulty": "easy", "seed": "2"}
    assert client.post("/preview", data={**base, "key": "eigenvalues", "text": "[1/3, sqrt(2)]"}).json() == \
        {"tex": r"\left(\frac{1}{3}, \sqrt{2}\right)", "error": None}
    bad = client.post("/preview", data={**base, "key": "eigenvalues", "text": "[1/3,"}).json()
    assert bad["tex"] is None and "column" in bad["error"]
    assert client.post("/preview", data={**base, "key": "nope", "text": "1"}).json()["error"]
    assert client.post("/preview", data={**base, "key": "eigenvalues", "text": "1" * 2001}).json()["error"]
    assert client.post("/preview", data={**base, "topic": "nope", "key": "x", "text": "1"}).status_code == 404
    assert client.post("/preview", data={**base, "csrf": "0" * 64, "key": "x", "text": "1"}).status_code == 403


# --- guards ----------------------------------------------------------------------------------------


def test_a_form_without_its_csrf_token_is_refused(client, store):
    client.get(PROBLEM)
    for token in ("", "0" * 64, "x"):
        r = client.post(PROBLEM, data={"csrf": token, "action": "check", "answer-eigenvalues": "1"})
        assert r.status_code == 403 and "reload the page" in r.text
    assert store.count() == 0


def test_a_form_from_a_browser_without_a_session_is_refused(store):
    with client_for(store) as first, client_for(store) as other:
        token = csrf(first.get(PROBLEM).text)
        r = other.post(PROBLEM, data={"csrf": token, "action": "check", "answer-eigenvalues": "1"})
        assert r.status_code == 403


def test_oversized_and_malformed_forms_get_4xx_before_any_parsing(client):
    token = csrf(client.get(PROBLEM).text)
    big = client.post(PROBLEM, data={"csrf": token, "answer-eigenvalues": "1" * (MAX_BODY + 10)})
    assert big.status_code == 413
    many = client.post(PROBLEM, content="&".join(f"f{i}=1" for i in range(100)),
                       headers={"content-type": "application/x-www-form-urlencoded"})
    assert many.status_code == 400
    binary = client.post(PROBLEM, content=b"csrf=\xff\xfe", headers={"content-type": "application/x-www-form-urlencoded"})
    assert binary.status_code == 400
    json_body = client.post(PROBLEM, json={"csrf": token})
    assert json_body.status_code == 415
    unknown = client.post(PROBLEM, data={"csrf": token, "action": "delete"})
    assert unknown.status_code == 400
    for r in (big, many, binary, json_body, unknown):
        assert "Traceback" not in r.text


def test_a_long_field_is_unreadable_not_parsed(client):
    r = submit(client, {"answer-eigenvalues": "[" + "1," * 1200 + "1]"})
    assert "Longer than 2000 characters" in r.text


def test_every_response_carries_the_security_headers(client):
    r = client.get(PROBLEM)
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff" and r.headers["x-frame-options"] == "DENY"
    session = r.headers["set-cookie"]
    assert "httponly" in session.lower() and "samesite=lax" in session.lower()


def test_an_internal_error_is_one_line_and_a_500(store, monkeypatch):
    def broken(*args):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(work, "view", broken)
    with client_for(store, raise_server_exceptions=False) as c:
        r = c.get("/practice/pca/easy/5")
    assert r.status_code == 500 and "internal error" in r.text
    assert "secret detail" not in r.text and "Traceback" not in r.text


def test_static_files_are_a_fixed_list(client):
    r = client.get("/static/katex.js")
    assert r.status_code == 200 and "max-age" in r.headers["cache-control"] and len(r.content) > 100_000
    assert "woff2" in client.get("/static/katex.css").text
    for name in ("practice.js", "practice.css", "handout.css"):
        assert client.get(f"/static/{name}").status_code == 200
    for bad in ("/static/../pyproject.toml", "/static/..%2F..%2Fpyproject.toml", "/static/style.css"):
        assert client.get(bad).status_code == 404


# --- the lecturer's view ---------------------------------------------------------------------------


def test_the_class_view_needs_the_token(client):
    r = client.get("/class")
    assert r.status_code == 401 and 'type="password"' in r.text
    token = csrf(r.text)
    wrong = client.post("/class", data={"csrf": token, "token": "guess"})
    assert wrong.status_code == 403 and "not the token" in wrong.text
    assert client.get("/class.csv").status_code == 401


def test_the_class_view_counts_the_named_mistake_and_downloads_as_csv(client):
    submit(client, {"answer-variances": ETA})
    submit(client, right_answers())
    token = csrf(client.get("/class").text)
    r = client.post("/class", data={"csrf": token, "token": TOKEN}, follow_redirects=False)
    assert r.status_code == 303 and "samesite=strict" in r.headers["set-cookie"].lower()
    assert TOKEN not in r.headers["set-cookie"]  # the cookie holds a MAC of the token, not the token
    page = client.get("/class").text
    assert "<code>variances_are_eta</code> ×1" in page
    assert '<th scope="colgroup" colspan="5">kernel-pca</th>' in page
    assert '<th scope="row"><code>variances</code></th><td class="num">2</td><td class="num">1</td>' in page
    assert 'href="/practice/kernel-pca/easy/72"><code>[18, 2/3, 0]</code></a>' in page
    csv = client.get("/class.csv").text
    assert "variances_are_eta" in csv and csv.splitlines()[0].startswith("topic")


def test_the_csv_takes_a_bearer_token(store):
    with client_for(store) as c:
        assert c.get("/class.csv", headers={"Authorization": "Bearer nope"}).status_code == 401
        assert c.get("/class.csv", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200


# --- the worker-process pool -----------------------------------------------------------------------


def _sleep(seconds: float) -> str:
    time.sleep(seconds)
    return "done"


def test_a_job_queued_behind_others_is_not_late_for_their_time_and_a_restart_fails_the_rest_cleanly():
    import asyncio

    async def scenario(pool, seconds):
        return await asyncio.gather(*(pool.run(_sleep, s) for s in seconds), return_exceptions=True)

    pool = Pool(1, limit=30)
    try:
        assert asyncio.run(pool.run(_sleep, 0)) == "done"  # the worker started (its imports take seconds)
        pool.limit = 2.5
        assert asyncio.run(scenario(pool, [1.5, 1.5])) == ["done", "done"]  # the second waited 1.5 s, ran 1.5 s
        results = asyncio.run(scenario(pool, [60, 0, 0]))  # the first is stopped; those queued behind it too
        assert all(isinstance(r, Busy) for r in results), results
        pool.limit = 30  # the new worker's start-up (its imports) is not a job's time
        assert asyncio.run(pool.run(_sleep, 0)) == "done"
    finally:
        pool.close()


def test_a_job_over_the_limit_is_stopped_and_the_pool_starts_again():
    import asyncio

    pool = Pool(1, limit=10)
    try:
        assert asyncio.run(pool.run(_sleep, 0)) == "done"
        pool.limit = 3  # once started: the worker's imports do not count against the job
        with pytest.raises(Busy, match="too long"):
            asyncio.run(pool.run(_sleep, 60))
        pool.limit = 30
        assert asyncio.run(pool.run(_sleep, 0)) == "done"  # a new worker took over
    finally:
        pool.close()


def test_a_student_id_is_cleaned_and_bounded(client, store):
    r = submit(client, {"answer-eigenvalues": ETA, "student": " s\x07123 "})
    assert r.status_code == 200 and 'value="s123"' in r.text
    too_long = submit(client, {"answer-eigenvalues": ETA, "student": "x" * 65})
    assert too_long.status_code == 400 and "student id: at most 64 characters" in too_long.text
    assert store.count() == 1


def test_a_database_that_refuses_the_rows_is_a_503_not_a_lost_answer_in_silence(store, monkeypatch):
    from tutor.serve.store import StoreError

    def down(rows):
        raise StoreError("cannot write: the server is gone")

    monkeypatch.setattr(store, "record", down)
    with client_for(store) as c:
        r = submit(c, {"answer-eigenvalues": ETA})
    assert r.status_code == 503 and "could not be saved" in r.text and "server is gone" not in r.text


def test_head_405_and_odd_numbers_in_a_form_are_one_line_4xx(client):
    assert client.head(PROBLEM).status_code == 200
    assert client.put(PROBLEM).status_code == 405
    token = csrf(client.get(PROBLEM).text)
    r = client.post(PROBLEM, data={"csrf": token, "hints": "²", "action": "hint"})
    assert r.status_code == 200 and "Hint: step 1 of" in r.text  # a count it cannot read is 0
    preview = client.post("/preview", data={"csrf": token, "topic": "pca", "difficulty": "easy", "seed": "²",
                                            "key": "x", "text": "1"})
    assert preview.status_code == 404 and "error" in preview.json()
    upper = client.post(PROBLEM, content=f"csrf={token}&action=hint",
                        headers={"content-type": "Application/X-WWW-Form-Urlencoded"})
    assert upper.status_code == 200


def test_a_hint_shows_the_verdicts_only_of_answers_checked_and_not_changed_since(client, store):
    checked = submit(client, {"answer-variances": ETA, "answer-eigenvalues": ETA})
    page = checked.text
    was = dict(re.findall(r'name="(was-[\w-]+)" value="([^"]*)"', page))
    assert was["was-variances"] == ETA and "was-mac" in was
    base = {"csrf": csrf(page), "hints": "0", "action": "hint", **was}
    # The variances edited since the check: no verdict for them until a new check; eigenvalues kept.
    hint = client.post(PROBLEM, data={**base, "answer-variances": "[6, 2/9, 0]", "answer-eigenvalues": ETA})
    assert 'id="verdict-variances"' not in hint.text and re.search(r'id="verdict-eigenvalues"><strong>Correct', hint.text)
    # A forged set of answers is not checked at all.
    forged = client.post(PROBLEM, data={**base, "was-variances": "[6, 2/9, 0]", "answer-variances": "[6, 2/9, 0]"})
    assert "verdict-" not in forged.text and "Your marks" not in forged.text
    assert store.count() == 2  # the check's two rows; the hints added none


def test_the_lecturer_login_slows_down_after_ten_wrong_tokens(client):
    token = csrf(client.get("/class").text)
    for _ in range(10):
        assert client.post("/class", data={"csrf": token, "token": "guess"}).status_code == 403
    r = client.post("/class", data={"csrf": token, "token": TOKEN})
    assert r.status_code == 429 and "wait" in r.text
    assert client.get("/class.csv").headers["www-authenticate"].startswith("Bearer")


def bearer(client, token: str, path: str = "/class.csv", **headers) -> int:
    return client.get(path, headers={"Authorization": f"Bearer {token}", **headers}).status_code


def test_the_bearer_path_has_the_same_attempt_limit_as_the_form(client):
    # Before, wrong Bearer tokens were never limited (300 at 475/s, no 429).
    assert [bearer(client, f"guess{i}") for i in range(6)] == [401] * 6
    token = csrf(client.get("/class").text)
    for _ in range(4):  # the form counts against the same client
        assert client.post("/class", data={"csrf": token, "token": "guess"}).status_code == 403
    locked = client.get("/class.csv", headers={"Authorization": f"Bearer {TOKEN}"})
    assert locked.status_code == 429 and locked.headers["retry-after"] == "600"  # even the right token waits
    assert bearer(client, "guess", path="/class") == 429
    assert client.post("/class", data={"csrf": token, "token": TOKEN}).status_code == 429


def test_right_tokens_do_not_count_towards_the_limit(client):
    assert [bearer(client, TOKEN) for _ in range(15)] == [200] * 15
    assert [bearer(client, "guess") for _ in range(11)] == [401] * 10 + [429]


def test_a_signed_in_lecturer_is_not_locked_out_by_guesses_from_the_same_address(client):
    token = csrf(client.get("/class").text)
    assert client.post("/class", data={"csrf": token, "token": TOKEN}, follow_redirects=False).status_code == 303
    assert [bearer(client, "guess") for _ in range(11)][-1] == 429
    assert client.get("/class").status_code == 200 and client.get("/class.csv").status_code == 200  # the cookie


def test_the_limit_is_kept_in_the_database_so_every_server_process_shares_it(database_url):
    # Two apps with stores of their own on one database: two server processes (or hosts). Before, each
    # counted in its own memory (29 wrong tries with --workers 3).
    first, second = Store(database_url), Store(database_url)
    try:
        with client_for(first) as a, client_for(second) as b:
            assert [bearer(c, "guess") for c in (a, b) * 5] == [401] * 10
            assert bearer(a, "guess") == 429 and bearer(b, TOKEN) == 429
    finally:
        first.close()
        second.close()


def test_the_limit_forgets_wrong_tries_after_its_window(store):
    from datetime import datetime, timedelta, timezone

    earlier = datetime.now(timezone.utc) - timedelta(seconds=601)
    for _ in range(10):
        store.token_try("testclient", 10, 600, now=earlier)
    with client_for(store) as c:
        assert bearer(c, TOKEN) == 200


PROXY = ("10.0.0.5", 40000)  # a reverse proxy every student's request comes through


def test_behind_a_trusted_proxy_each_student_is_their_own_client(store):
    # Before, every request through a proxy was the proxy's address: ten wrong tries by anyone locked the
    # lecturer's right token out for ten minutes.
    with client_for(store, proxies="10.0.0.0/8", client=PROXY) as c:
        guesser = {"X-Forwarded-For": "203.0.113.7"}
        assert [bearer(c, "guess", **guesser) for _ in range(11)] == [401] * 10 + [429]
        # Naming another address in front of the proxy's does not help the guesser: the right-most untrusted one counts.
        assert bearer(c, "guess", **{"X-Forwarded-For": "198.51.100.1, 203.0.113.7"}) == 429
        assert bearer(c, TOKEN, **{"X-Forwarded-For": "192.0.2.44"}) == 200  # the lecturer, elsewhere
        assert bearer(c, TOKEN, **{"X-Forwarded-For": "192.0.2.44, 10.0.0.9"}) == 200  # through two proxies


def test_forwarded_addresses_from_an_untrusted_peer_are_ignored(store):
    with client_for(store, client=("203.0.113.7", 1)) as c:
        statuses = [bearer(c, "guess", **{"X-Forwarded-For": f"198.51.100.{i}"}) for i in range(11)]
    assert statuses == [401] * 10 + [429]


@pytest.mark.parametrize("host, key", [("203.0.113.7", "203.0.113.7"), ("::ffff:203.0.113.7", "203.0.113.7"),
                                       ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
                                       ("2001:db8:1:2::ffff", "2001:db8:1:2::/64"), (None, "unknown"),
                                       ("testclient", "testclient")])
def test_clients_are_keyed_by_address_and_ipv6_by_its_64_network(host, key):
    from tutor.serve.security import client_key

    assert client_key(host) == key
    assert len(client_key("x" * 500)) <= 64


@pytest.mark.parametrize("text", ["*", "10.0.0.0/33", "proxy.example", "10.0.0.1;10.0.0.2"])
def test_the_trusted_proxies_are_addresses_or_networks(text):
    from tutor.serve.server import ServeError, settings_for

    with pytest.raises(ServeError, match="is not an IP address or network") as info:
        settings_for("sqlite://", TOKEN, text)
    assert info.value.field == "--trust-proxy"
    assert settings_for("sqlite://", TOKEN, " 10.0.0.0/8, ::1 ").proxies == "10.0.0.0/8,::1"


def test_a_slow_answer_is_stopped_in_its_worker(monkeypatch):
    # In the worker's main thread (here, pytest's), as in a worker process: reading is inside the limit.
    monkeypatch.setattr(work, "LIMIT_SECONDS", 0.5)
    real = work.read_field

    def slow(text, variables=None):
        time.sleep(5)
        return real(text, variables)

    monkeypatch.setattr(work, "read_field", slow)
    started = time.monotonic()
    with pytest.raises(work.TooSlow, match="longer than 0.5 s"):
        work.check("kernel-pca", "easy", 2, {"eigenvalues": "1"})
    preview = work.preview("kernel-pca", "easy", 2, "eigenvalues", "1")
    assert preview.tex is None and "too slow to read" in preview.error
    assert time.monotonic() - started < 4


def test_a_check_over_its_time_limit_is_a_503_that_says_what_to_do(store, monkeypatch):
    def slow(*args):
        raise work.TooSlow("this took longer than 10 s and was stopped")

    monkeypatch.setattr(work, "check", slow)
    with client_for(store) as c:
        r = submit(c, {"answer-eigenvalues": "1"})
    assert r.status_code == 503 and "longer than 10 s" in r.text and "--timeout" not in r.text
    assert "write the answers more simply" in r.text
