"""`tutor serve` and `tutor stats` from the command line: start-up, one-line errors, the class's table."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from datetime import datetime, timezone

import pytest

pytest.importorskip("starlette")

import httpx  # noqa: E402

from tutor.serve.store import Attempt, Store  # noqa: E402

from .conftest import run_cli  # noqa: E402


def test_serve_refuses_a_database_it_cannot_use_in_one_line(tmp_path):
    result = run_cli("serve", "--database", "mysql://root@localhost/x", "--port", "1")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("error: ")
    assert "mysql" in result.output


def test_serve_refuses_a_port_in_use_in_one_line(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_cli("serve", "--port", str(port), "--database", f"sqlite:///{tmp_path / 't.db'}")
    assert result.exit_code == 2 and f"cannot listen on 127.0.0.1:{port}" in result.output
    assert result.output.count("\n") == 1


@pytest.mark.parametrize("value", ["*", "proxy.example", "10.0.0.0/40"])
def test_serve_refuses_a_proxy_that_is_not_an_address_in_one_line(tmp_path, value, monkeypatch):
    url = f"sqlite:///{tmp_path / 't.db'}"
    result = run_cli("serve", "--database", url, "--trust-proxy", value)
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert result.output.startswith("error: --trust-proxy: ") and "is not an IP address or network" in result.output
    monkeypatch.setenv("TUTOR_TRUST_PROXY", value)  # the variable is read as the option is
    assert run_cli("serve", "--database", url).exit_code == 2
    assert not (tmp_path / "t.db").exists()  # refused before the database is opened


def test_stats_prints_the_class_table_and_csv(tmp_path):
    url = f"sqlite:///{tmp_path / 't.db'}"
    typo = run_cli("stats", "--database", url)
    assert typo.exit_code == 2 and "no such database file" in typo.output
    assert not (tmp_path / "t.db").exists()  # a typo does not leave an empty database behind
    store = Store(url)
    assert run_cli("stats", "--database", url).output == "no attempts recorded yet\n"
    at = datetime.now(timezone.utc)
    store.record([Attempt("s1", "a" * 32, None, "kernel-pca", "easy", 2, "variances", "mistake",
                          "variances_are_eta", "0", "1", "[18, 2/3, 0]", at)])
    store.close()
    table = run_cli("stats", "--database", url)
    assert table.exit_code == 0
    assert re.search(r"kernel-pca\s+variances\s+1\s+1\s+0/1", table.output)
    assert "variances_are_eta ×1, e.g. [18, 2/3, 0]" in table.output
    csv = run_cli("stats", "--database", url, "--csv").output
    assert csv.splitlines()[0].startswith("topic,key") and "variances_are_eta" in csv


def test_stats_of_an_unknown_topic_is_exit_2_naming_the_topics(tmp_path):
    url = f"sqlite:///{tmp_path / 't.db'}"
    Store(url).close()
    result = run_cli("stats", "--database", url, "--topic", "nosuch")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --topic: no topic 'nosuch': the topics are ") and "kernel-pca" in result.stderr
    assert run_cli("stats", "--database", url, "--topic", "kernel-pca").output == "no attempts recorded yet\n"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_starts_prints_the_token_and_serves_pages(tmp_path):
    port = _free_port()
    env = {**os.environ, "TUTOR_TOKEN": ""}
    server = subprocess.Popen([sys.executable, "-m", "tutor", "serve", "--port", str(port),
                               "--database", f"sqlite:///{tmp_path / 't.db'}"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=tmp_path)
    try:
        first = server.stdout.readline()
        token_line = server.stdout.readline()
        assert f"http://localhost:{port}/" in first and "/class" in first
        token = token_line.rsplit(": ", 1)[1].strip()
        assert len(token) >= 20
        for _ in range(100):
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/practice/pca/easy/1", timeout=30)
                break
            except httpx.TransportError:
                time.sleep(0.2)
        assert page.status_code == 200 and "Your answer to (a)" in page.text
        csv = httpx.get(f"http://127.0.0.1:{port}/class.csv", headers={"Authorization": f"Bearer {token}"})
        assert csv.status_code == 200
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert (tmp_path / "t.db").exists()


def test_the_docs_show_what_stats_prints_after_one_check(tmp_path):
    from .conftest import ROOT
    from .test_serve_app import ETA, client_for, submit

    url = f"sqlite:///{tmp_path / 't.db'}"
    store = Store(url)
    with client_for(store) as client:
        submit(client, {"answer-eigenvalues": ETA, "answer-variances": ETA})
    store.close()
    page = (ROOT / "docs" / "guide" / "practice-server.md").read_text(encoding="utf-8")
    block = re.search(r"```text\n\$ tutor stats --database sqlite:///tutor.db\n(.*?)```", page, re.S).group(1)
    assert run_cli("stats", "--database", url).output == block


def test_three_server_processes_share_one_limit_of_wrong_bearer_tokens(tmp_path):
    """`tutor serve --workers 3`: 40 wrong Bearer tokens from one address, each on a new connection (so the
    kernel hands them to any of the three processes), are refused with 429 before the 12th. Before, the
    Bearer path had no limit (40 × 401) and the form's was counted per process (29 wrong tries)."""
    port = _free_port()
    env = {**os.environ, "TUTOR_TOKEN": "lecturer-token-123"}
    server = subprocess.Popen([sys.executable, "-m", "tutor", "serve", "--port", str(port), "--workers", "3",
                               "--database", f"sqlite:///{tmp_path / 't.db'}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    url = f"http://127.0.0.1:{port}/class.csv"
    try:
        deadline = time.monotonic() + 120  # three processes, each warming two workers, on a busy machine
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/static/practice.css", timeout=10)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline and server.poll() is None, "the server did not start"
                time.sleep(0.2)
        statuses = [httpx.get(url, headers={"Authorization": f"Bearer guess-{i}"}, timeout=30).status_code
                    for i in range(40)]
        right = httpx.get(url, headers={"Authorization": "Bearer lecturer-token-123"}, timeout=30).status_code
    finally:
        server.terminate()
        _, log = server.communicate(timeout=60)
    assert statuses.index(429) < 11 and set(statuses[statuses.index(429):]) == {429}, statuses
    assert statuses.count(401) <= 10 and right == 429  # locked: the right token from here waits too
    assert "Traceback" not in log
