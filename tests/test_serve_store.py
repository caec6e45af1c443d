"""tutor serve's database layer (tutor/serve/store.py): each test that opens a database runs on SQLite and
on PostgreSQL (the database_url fixture; PostgreSQL is skipped locally without TUTOR_TEST_POSTGRES)."""

from __future__ import annotations

import csv
import io
import sys
import threading
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import inspect, text

from tutor.serve import store as store_module
from tutor.serve.store import (ANSWER_LIMIT, Attempt, KeyStats, MistakeCount, Store, StoreError, masked,
                               stats_csv, stats_text)

T0 = datetime(2026, 5, 1, 9, 0, tzinfo=timezone.utc)
_counter = iter(range(10**6))


def attempt(key="variances", verdict="correct", mistake=None, *, student=None, session="s1", topic="kernel-pca",
            difficulty="easy", seed=1, answer="1/2", minutes=0, submission=None) -> Attempt:
    return Attempt(submission=submission or f"sub{next(_counter)}", session=session, student=student,
                   topic=topic, difficulty=difficulty, seed=seed, key=key, verdict=verdict, mistake=mistake,
                   credit="1" if verdict == "correct" else "0", weight="1", answer=answer,
                   at=T0 + timedelta(minutes=minutes))


@pytest.fixture
def db(database_url):
    store = Store(database_url)
    yield store
    store.close()


def one_line_error(info) -> str:
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message, message
    return message


# --- record and stats -------------------------------------------------------------------------------------

def class_attempts() -> list[Attempt]:
    eta = "variances_are_eta"
    return [
        # alice (one student id, two sessions): wrong then right at seed 1; right at first try at seed 2
        attempt(mistake=eta, verdict="mistake", student="alice", session="a1", answer="2, 1", minutes=1),
        attempt(student="alice", session="a2", minutes=5),
        attempt(verdict="decimal", student="alice", session="a2", seed=2, answer="0.5", minutes=6),
        # an anonymous session: recorded last but answered first, so its first try is the right one
        attempt(mistake=eta, verdict="mistake", session="anon", answer="4, 2", minutes=30),
        attempt(session="anon", minutes=2),
        # a student id equal to another's anonymous session: still two students
        attempt(mistake=eta, verdict="mistake", student="anon", session="b1", answer="=2*1", minutes=40),
        attempt(mistake="variances_not_sorted", verdict="mistake", student="anon", session="b1", minutes=41),
        attempt(mistake="variances_wrong_sign", verdict="wrong", student="anon", session="b1", minutes=42),
        attempt(mistake="variances_wrong_sign", verdict="wrong", student="anon", session="b1", minutes=43),
        attempt(mistake="a_rare_one", verdict="wrong", student="anon", session="b1", minutes=44),
        # other keys and topics, to check the grouping and the order
        attempt("alphas", verdict="imprecise", student="alice", session="a1", minutes=3),
        attempt("eigenvalues", topic="pca", session="c1", minutes=4),
    ]


def test_record_and_stats(db):
    for a in class_attempts():
        db.record([a])
    stats = db.stats()
    assert [(s.topic, s.key) for s in stats] == [("kernel-pca", "alphas"), ("kernel-pca", "variances"),
                                                 ("pca", "eigenvalues")]
    variances = stats[1]
    assert (variances.attempts, variances.students) == (10, 3)  # alice, session anon, student anon
    # first tries: alice seed 1 (wrong), alice seed 2 (decimal: right), session anon (right), student anon
    assert (variances.first_tries, variances.first_try_right) == (4, 2)
    assert variances.first_try_share == 0.5
    assert variances.mistakes == (
        MistakeCount("variances_are_eta", 3, "=2*1", "easy", 1),  # the latest answer that showed it
        MistakeCount("variances_wrong_sign", 2, "1/2", "easy", 1),
        MistakeCount("a_rare_one", 1, "1/2", "easy", 1),  # ties by name: before variances_not_sorted
    )
    assert stats[0] == KeyStats("kernel-pca", "alphas", 1, 1, 1, 0, ())
    assert db.stats("pca") == [KeyStats("pca", "eigenvalues", 1, 1, 1, 1, ())]
    assert db.stats("nothing") == [] and db.count() == 12


def test_a_submission_is_one_transaction(db):
    db.record([attempt("alphas", submission="first"), attempt("variances", submission="first")])
    # the database refuses the third row (a key twice in one submission): none of the batch is kept
    batch = [attempt("alphas", submission="second"), attempt("variances", submission="second"),
             attempt("alphas", submission="second", verdict="wrong")]
    with pytest.raises(StoreError) as info:
        db.record(batch)
    assert "submission not recorded" in one_line_error(info)
    assert db.count() == 2
    db.record([])
    assert db.count() == 2 and [s.attempts for s in db.stats()] == [1, 1]


def test_attempts_are_bounded_as_built(db):
    long_answer = "1" * (ANSWER_LIMIT + 500)
    a = attempt(answer=long_answer, mistake="m", verdict="mistake", student=" \x1b[2Jbob\u200b\n ")
    assert a.student == "[2Jbob" and len(a.answer) == ANSWER_LIMIT and a.answer.endswith("1…")
    db.record([a])  # PostgreSQL checks the column's length too
    assert db.stats()[0].mistakes[0].example == a.answer and db.stats()[0].students == 1
    assert attempt(student="  ").student is None and attempt(mistake="").mistake is None
    local = datetime(2026, 5, 1, 11, 0, tzinfo=timezone(timedelta(hours=2)))
    assert Attempt(**{**attempt().__dict__, "at": local}).at == T0.replace(hour=9)
    bad = [({"student": "x" * 65}, "student id: at most 64 characters"),
           ({"session": "s\n1"}, "attempt.session"), ({"session": ""}, "attempt.session"),
           ({"key": "k" * 65}, "attempt.key"), ({"seed": 2**63}, "attempt.seed"), ({"seed": "1"}, "attempt.seed"),
           ({"at": datetime(2026, 5, 1)}, "attempt.at: must be a timezone-aware datetime")]
    for change, message in bad:
        with pytest.raises(StoreError) as info:
            Attempt(**{**attempt().__dict__, **change})
        assert message in one_line_error(info)


def test_count(db):
    assert db.count() == 0
    db.record([attempt("alphas"), attempt("variances")])
    db.record([attempt("alphas")])
    assert db.count() == 3


def test_writers_at_once_lose_nothing(db):
    """Server workers writing together (each thread its own connection): every submission is kept."""
    starting = threading.Barrier(4)
    errors = []

    def write(worker: int):
        starting.wait()
        try:
            for n in range(25):
                db.record([attempt("alphas", session=f"w{worker}", seed=n),
                           attempt("variances", session=f"w{worker}", seed=n)])
        except Exception as exc:  # noqa: BLE001 - the test reports whichever
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and db.count() == 200
    assert [(s.attempts, s.students, s.first_tries) for s in db.stats()] == [(100, 4, 100)] * 2


def test_token_tries_at_once_get_no_more_than_the_limit_between_them(database_url):
    """Wrong lecturer's tokens from one client, 30 at once from 6 stores (6 server processes): 10 counted,
    the rest refused; another client is not affected; a right token's try is taken back."""
    stores = [Store(database_url) for _ in range(6)]
    starting = threading.Barrier(len(stores))
    counted, errors = [], []

    def guess(s: Store):
        starting.wait()
        try:
            counted.extend(i for i in (s.token_try("203.0.113.7", 10, 600) for _ in range(5)) if i is not None)
        except Exception as exc:  # noqa: BLE001 - the test reports whichever
            errors.append(exc)

    threads = [threading.Thread(target=guess, args=(s,)) for s in stores]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == [] and len(counted) == 10
        assert stores[0].token_try("203.0.113.7", 10, 600) is None
        mine = stores[0].token_try("192.0.2.1", 10, 600)
        stores[0].token_right(mine)
        assert all(stores[0].token_try("192.0.2.1", 10, 600) is not None for _ in range(10))
    finally:
        for s in stores:
            s.close()


# --- migrations -------------------------------------------------------------------------------------------

def columns(store: Store, table: str = "attempts") -> list[str]:
    return [c["name"] for c in inspect(store.engine).get_columns(table)]


def test_a_fresh_database_gets_the_current_schema(db):
    assert db.version() == len(store_module.MIGRATIONS)
    assert columns(db) == list(store_module.attempts.c.keys())  # the migrations build what the queries use
    indexes = {i["name"] for i in inspect(db.engine).get_indexes("attempts")}
    assert {"ux_attempts_submission_key", "ix_attempts_topic_key_mistake", "ix_attempts_first_try"} <= indexes


def test_a_version_1_database_is_migrated(database_url, monkeypatch):
    known = store_module.MIGRATIONS
    monkeypatch.setattr(store_module, "MIGRATIONS", known[:1])
    old = Store(database_url)  # as a tutor with the first schema left it
    old.record([attempt(mistake="m", verdict="mistake")])
    assert old.version() == 1
    old.close()

    def v_next(conn):  # how a later version adds a column
        conn.execute(text("ALTER TABLE attempts ADD COLUMN seconds INTEGER"))

    monkeypatch.setattr(store_module, "MIGRATIONS", (*known, v_next))
    new = Store(database_url)
    assert new.version() == len(known) + 1 and "seconds" in columns(new)
    assert new.count() == 1 and new.stats()[0].mistakes[0].name == "m"
    new.record([attempt()])
    assert new.count() == 2
    new.close()


def test_a_failed_step_leaves_the_database_as_it_was(database_url, monkeypatch):
    Store(database_url).close()

    def half_done(conn):  # adds a column, then fails: each step is one transaction, DDL included
        conn.execute(text("ALTER TABLE attempts ADD COLUMN seconds INTEGER"))
        conn.execute(text("SELECT no_such_column FROM attempts"))

    monkeypatch.setattr(store_module, "MIGRATIONS", (*store_module.MIGRATIONS, half_done))
    with pytest.raises(StoreError) as info:
        Store(database_url)
    assert "cannot open the database" in one_line_error(info)
    monkeypatch.undo()
    db = Store(database_url)
    assert db.version() == len(store_module.MIGRATIONS) and "seconds" not in columns(db)
    db.close()


def test_a_database_from_a_newer_tutor_is_refused(database_url):
    db = Store(database_url)
    with db.engine.begin() as conn:
        conn.execute(text("UPDATE schema_version SET version = 99"))
    db.close()
    with pytest.raises(StoreError) as info:
        Store(database_url)
    message = one_line_error(info)
    assert "schema version 99, newer than this tutor's" in message and "upgrade tutor" in message


def test_servers_started_together_on_a_fresh_database(database_url):
    """Several start-ups at once (as `tutor serve --workers N` does) all succeed and migrate once."""
    starting = threading.Barrier(4)
    errors = []

    def start():
        starting.wait()
        try:
            Store(database_url).close()
        except Exception as exc:  # noqa: BLE001 - the test reports whichever
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    db = Store(database_url)
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM schema_version")).scalar_one() == 1
    assert db.version() == len(store_module.MIGRATIONS)
    db.close()


# --- URLs -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("url, reason", [
    ("mysql://root:pw@localhost/tutor", "unsupported database 'mysql'"),
    ("postgresql+psycopg2://u@h/db", "unsupported database 'postgresql+psycopg2'"),
    ("tutor.db", "not a database URL"),
    ("sqlite:////no/such/folder/tutor.db", "no folder /no/such/folder"),
    ("postgresql://tutor:secret@127.0.0.1:1/tutor_test", "cannot open the database: connection"),
])
def test_bad_urls(url, reason):
    with pytest.raises(StoreError) as info:
        Store(url)
    message = one_line_error(info)
    assert reason in message and message.startswith(masked(url)) and "secret" not in message and "pw" not in message


def test_a_missing_driver(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg fails
    with pytest.raises(StoreError) as info:
        Store("postgresql://tutor:secret@localhost/tutor")
    assert one_line_error(info) == \
        "postgresql://tutor:***@localhost/tutor: the PostgreSQL driver is not installed: pip install 'psycopg[binary]'"


def test_memory_and_default_urls(tmp_path, monkeypatch):
    memory = Store("sqlite://")
    memory.record([attempt()])
    seen = []
    thread = threading.Thread(target=lambda: seen.append(memory.count()))  # one database for every thread
    thread.start()
    thread.join()
    assert seen == [1]
    memory.close()
    monkeypatch.chdir(tmp_path)
    Store().close()
    assert (tmp_path / "tutor.db").is_file()


def test_sqlite_waits_for_other_writers(tmp_path):
    """Several server processes write to one file: WAL (readers never block the writer) and a busy timeout."""
    db = Store(f"sqlite:///{tmp_path / 'tutor.db'}")
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
    db.close()


def test_masked():
    assert masked("postgresql://u:p%40ss@h:5432/db?sslmode=require") == "postgresql://u:***@h:5432/db?sslmode=require"
    assert masked("postgresql://u:p@ss@h/db") == "postgresql://u:***@h/db"
    assert masked("postgresql://h/db?user=u&password=pw&x=1") == "postgresql://h/db?user=u&password=***&x=1"
    assert masked("postgresql://u@h/db") == "postgresql://u@h/db" and masked("sqlite:///tutor.db") == "sqlite:///tutor.db"


# --- output -----------------------------------------------------------------------------------------------

def test_stats_csv_is_injection_safe(db):
    for a in class_attempts():
        db.record([a])
    db.record([attempt("=cmd|' /C calc'!A0", topic="@evil", mistake="-x", verdict="mistake", answer="+1+1")])
    rows = list(csv.reader(io.StringIO(stats_csv(db.stats()))))
    assert rows[0] == store_module.CSV_HEADER and len(rows) == 5 and all(len(r) == len(rows[0]) for r in rows)
    variances = rows[3]  # "@evil" sorts first
    assert variances[:7] == ["kernel-pca", "variances", "10", "3", "4", "2", "0.500"]
    assert variances[7:10] == ["variances_are_eta", "3", "'=2*1"]  # a formula shown as text
    evil = rows[1]
    assert evil[:2] == ["'@evil", "'=cmd|' /C calc'!A0"] and evil[7:10] == ["'-x", "1", "'+1+1"]
    assert evil[10:] == [""] * 6


def test_stats_text_table(db):
    assert stats_text(db.stats()) == "no attempts recorded yet\n"
    for a in class_attempts():
        db.record([a])
    db.record([attempt("k", mistake="m", verdict="mistake", answer="\x1b[2J" + "9" * 80)])
    lines = stats_text(db.stats()).splitlines()
    assert lines[0].split() == ["topic", "key", "attempts", "students", "right", "at", "first", "try"]
    rows = [line for line in lines[2:] if not line.startswith(" ")]
    assert [r.split()[:2] for r in rows] == [["kernel-pca", "alphas"], ["kernel-pca", "k"],
                                             ["kernel-pca", "variances"], ["pca", "eigenvalues"]]
    # aligned: the counts end in the header's columns
    for title in ("attempts", "students", "right at first try"):
        end = lines[0].index(title) + len(title)
        assert all(r[end - 1] != " " and (len(r) == end or r[end] == " ") for r in rows), title
    assert "2/4  50%" in rows[2] and "0/1   0%" in rows[0]
    assert "    variances_are_eta ×3, e.g. '=2*1'" not in lines  # examples are shown as typed, not quoted
    assert "    variances_are_eta ×3, e.g. =2*1" in lines
    escaped = next(line for line in lines if line.startswith("    m ×1"))
    assert "\x1b" not in escaped and "\\x1b[2J" in escaped and escaped.endswith("…") and len(escaped) < 80
