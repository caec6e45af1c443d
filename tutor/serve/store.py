"""The practice server's database: every answer a student submits, and the lecturer's statistics over them.

One SQLAlchemy Core schema serves SQLite (a file in the working directory by default) and PostgreSQL
(``postgresql://…``, through psycopg 3). A submission is one transaction, so a server stopped mid-request
keeps all of its answers or none. The schema carries its version: start-up applies the migration steps
the database has not seen yet, one transaction each, and refuses a database written by a newer tutor.

>>> store = Store("sqlite://")
>>> store.count()
0
>>> store.close()
>>> masked("postgresql://tutor:secret@db.example/class")
'postgresql://tutor:***@db.example/class'
"""

from __future__ import annotations

import csv
import io
import re
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from sqlalchemy import (BigInteger, Column, DateTime, Index, Integer, MetaData, String, Table, case, create_engine,
                        delete, event, func, insert, select, text, update)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from ..errors import TutorError
from ..escaping import csv_row, printable, shorten

DEFAULT_URL = "sqlite:///tutor.db"

# Verdicts that count as right at the first try (tutor.checking.grade.VERDICTS): a decimal answer is right
# to the precision asked.
RIGHT = ("correct", "decimal")

# Bounds of every stored text, in characters: the columns' lengths, and checked before a row is built.
LIMITS = {"submission": 64, "session": 64, "student": 64, "topic": 64, "difficulty": 32, "key": 64,
          "verdict": 32, "mistake": 128, "credit": 64, "weight": 64}
ANSWER_LIMIT = 2000
CLIENT_LIMIT = 64  # characters of a client's address as the attempt limit keys it (security.client_key)
_SEED_RANGE = (-(2**63), 2**63 - 1)  # a BIGINT
_BUSY_TIMEOUT_MS = 10_000  # SQLite: how long a writer waits for another process's write lock


class StoreError(TutorError):
    """The database cannot be opened, migrated or written, or an attempt is out of bounds; one line."""


# --- records ------------------------------------------------------------------------------------------

def _invisible(ch: str) -> bool:
    return not ch.isprintable() and ch != " "


def student_id(text: str | None) -> str | None:
    """A student id as typed into the form: control and invisible characters dropped, spaces trimmed,
    empty → None; longer than 64 characters is a StoreError (cutting it could merge two students)."""
    if text is None:
        return None
    cleaned = "".join(ch for ch in str(text) if not _invisible(ch)).strip()
    if len(cleaned) > LIMITS["student"]:
        raise StoreError(f"at most {LIMITS['student']} characters, not {len(cleaned)}", field="student id")
    return cleaned or None


def answer_text(text: str) -> str:
    """What a student typed, cut to 2000 characters (the last one an ellipsis) so a row stays bounded; a NUL,
    which PostgreSQL cannot store in text (the whole check went unsaved, a 503), becomes U+FFFD."""
    text = str(text).replace("\x00", "\ufffd")
    return text if len(text) <= ANSWER_LIMIT else text[: ANSWER_LIMIT - 1] + "…"


@dataclass(frozen=True)
class Attempt:
    """One answer key of one submission, bounded as it is built (a StoreError names the field)."""

    submission: str  # id shared by the parts submitted together (uuid4 hex)
    session: str  # anonymous session id, from a cookie (so untrusted)
    student: str | None  # the student id the student typed, or None
    topic: str
    difficulty: str
    seed: int
    key: str  # the answer key, e.g. "variances"
    verdict: str  # the checker's verdict
    mistake: str | None  # the named mistake, e.g. "variances_are_eta"
    credit: str  # exact rationals as text: "1", "1/2"
    weight: str
    answer: str  # what the student typed in that field
    at: datetime  # when, timezone-aware

    def __post_init__(self):
        set_ = object.__setattr__  # frozen: normalise through the back door, once, here
        set_(self, "student", student_id(self.student))
        set_(self, "mistake", self.mistake or None)
        set_(self, "answer", answer_text(self.answer))
        for name, limit in LIMITS.items():
            value = getattr(self, name)
            if value is None and name in ("student", "mistake"):
                continue
            if not isinstance(value, str) or not value or len(value) > limit or any(map(_invisible, value)):
                raise StoreError(f"must be 1 to {limit} printable characters, not {shorten(repr(value))}",
                                 field=f"attempt.{name}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) \
                or not _SEED_RANGE[0] <= self.seed <= _SEED_RANGE[1]:
            raise StoreError(f"must be a 64-bit integer, not {shorten(repr(self.seed))}", field="attempt.seed")
        if not isinstance(self.at, datetime) or self.at.utcoffset() is None:
            raise StoreError("must be a timezone-aware datetime", field="attempt.at")
        set_(self, "at", self.at.astimezone(timezone.utc))


@dataclass(frozen=True)
class MistakeCount:
    """A named mistake of one topic and key: how often it was made, and one answer that showed it (the
    latest), with the problem it was given to (so the lecturer can open that problem)."""

    name: str
    count: int
    example: str
    difficulty: str = ""
    seed: int | None = None


@dataclass(frozen=True)
class KeyStats:
    """The class's attempts at one answer key of one topic."""

    topic: str
    key: str
    attempts: int  # attempt rows
    students: int  # distinct students (the student id, else the session)
    first_tries: int  # (student, topic, difficulty, seed, key) groups
    first_try_right: int  # of those, how many were right (correct or decimal) at their first attempt
    mistakes: tuple[MistakeCount, ...] = field(default=())  # most common first, at most 3

    @property
    def first_try_share(self) -> float:
        """The share right at first try, 0..1 (for display only)."""
        return self.first_try_right / self.first_tries if self.first_tries else 0.0

    @property
    def first_try_percent(self) -> str:
        """The share right at first try as the page and the table write it: "50%", or "–" before any."""
        if not self.first_tries:
            return "–"
        # in whole numbers, halves up as by hand (1 of 8 is 13%; round() would give the even 12)
        return f"{(200 * self.first_try_right + self.first_tries) // (2 * self.first_tries)}%"


# --- the schema ---------------------------------------------------------------------------------------

# The current shape of the tables, which the queries below use. It changes only together with a new
# migration step at the end of MIGRATIONS, which brings an existing database to this shape.
metadata = MetaData()

schema_version = Table("schema_version", metadata, Column("version", Integer, nullable=False))

attempts = Table(
    "attempts", metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column("submission", String(LIMITS["submission"]), nullable=False),
    Column("session", String(LIMITS["session"]), nullable=False),
    Column("student", String(LIMITS["student"])),
    Column("topic", String(LIMITS["topic"]), nullable=False),
    Column("difficulty", String(LIMITS["difficulty"]), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("key", String(LIMITS["key"]), nullable=False),
    Column("verdict", String(LIMITS["verdict"]), nullable=False),
    Column("mistake", String(LIMITS["mistake"])),
    Column("credit", String(LIMITS["credit"]), nullable=False),
    Column("weight", String(LIMITS["weight"]), nullable=False),
    Column("answer", String(ANSWER_LIMIT), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)


def _v1_attempts(conn: Connection) -> None:
    """Version 1: the attempts table, one row per answer key of a submission. A key appears once per
    submission (the unique index, which also makes a doubled row fail the whole submission); the other
    indexes serve the statistics: counts per topic and key, and the first try of each student at each
    problem's key."""
    # Frozen history: this step creates the table as version 1 had it, whatever `attempts` above becomes.
    v1 = MetaData()
    table = Table(
        "attempts", v1,
        Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
        Column("submission", String(64), nullable=False),
        Column("session", String(64), nullable=False),
        Column("student", String(64)),
        Column("topic", String(64), nullable=False),
        Column("difficulty", String(32), nullable=False),
        Column("seed", BigInteger, nullable=False),
        Column("key", String(64), nullable=False),
        Column("verdict", String(32), nullable=False),
        Column("mistake", String(128)),
        Column("credit", String(64), nullable=False),
        Column("weight", String(64), nullable=False),
        Column("answer", String(2000), nullable=False),
        Column("at", DateTime(timezone=True), nullable=False),
    )
    c = table.c
    Index("ux_attempts_submission_key", c.submission, c.key, unique=True)
    Index("ix_attempts_topic_key_mistake", c.topic, c.key, c.mistake)
    Index("ix_attempts_first_try", c.topic, c.key, c.student, c.session, c.difficulty, c.seed, c.at)
    v1.create_all(conn)


token_failures = Table(
    "token_failures", metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
    Column("client", String(CLIENT_LIMIT), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)


def _v2_token_failures(conn: Connection) -> None:
    """Version 2: the lecturer's tokens tried and found wrong, one row per try, per client address. In the
    database rather than in a process, so that every server process and host counts one limit."""
    v2 = MetaData()
    table = Table(
        "token_failures", v2,
        Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True),
        Column("client", String(64), nullable=False),
        Column("at", DateTime(timezone=True), nullable=False),
    )
    Index("ix_token_failures_client_at", table.c.client, table.c.at)
    Index("ix_token_failures_at", table.c.at)
    v2.create_all(conn)


# The migration steps in order: step i brings a database from version i to version i + 1. Add a step at
# the end, never edit one that has shipped. Version 3 adding a column would be
#     def _v3_seconds(conn):
#         conn.execute(text("ALTER TABLE attempts ADD COLUMN seconds INTEGER"))
# appended here, with Column("seconds", Integer) added to `attempts` above.
MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_v1_attempts, _v2_token_failures)


# --- URLs ---------------------------------------------------------------------------------------------

def masked(url: str) -> str:
    """The URL with any password (before the host, or a password= parameter) replaced by ***; one line."""
    url = re.sub(r"^([A-Za-z][A-Za-z0-9+.-]*://[^/:@?#]*:)[^/?#]*@", r"\1***@", str(url))
    return printable(re.sub(r"([?&]password=)[^&#]*", r"\1***", url, flags=re.IGNORECASE))


def _reason(exc: BaseException) -> str:
    """The driver's own message of a database error, on one line and bounded."""
    orig = getattr(exc, "orig", None) or exc
    return shorten(" ".join(str(orig).split()) or type(orig).__name__, 300)


def _engine(url: str) -> Engine:
    """An engine for a supported URL: sqlite:///FILE, sqlite:// (in memory) or postgresql://…."""
    def error(message: str) -> StoreError:
        return StoreError(message, file=masked(url))

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError) as exc:
        raise error("not a database URL: use sqlite:///FILE, sqlite:// or postgresql://USER:PASSWORD@HOST/DB") \
            from exc
    if parsed.drivername == "sqlite":
        if parsed.database in (None, "", ":memory:"):
            # One connection shared by every thread: each new connection to :memory: is an empty database.
            engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
        else:
            folder = Path(parsed.database).expanduser().resolve().parent
            if not folder.is_dir():
                raise error(f"no folder {folder} for the database file")
            engine = create_engine(parsed)
        _sqlite_events(engine)
        return engine
    if parsed.drivername in ("postgresql", "postgresql+psycopg"):
        # A server that never answers fails start-up in 10 s rather than the system's minutes.
        timeout = {} if "connect_timeout" in parsed.query else {"connect_timeout": 10}
        try:
            return create_engine(parsed.set(drivername="postgresql+psycopg"), pool_pre_ping=True,
                                 connect_args=timeout)
        except ImportError as exc:
            raise error("the PostgreSQL driver is not installed: pip install 'psycopg[binary]'") from exc
    raise error(f"unsupported database {parsed.drivername!r}: use sqlite:///FILE, sqlite:// or postgresql://…")


def _wal(cursor) -> None:
    """Switch the file to WAL (it stays so). SQLite answers "database is locked" at once, without its busy
    handler, when two fresh connections switch together; so wait and retry until one has switched it."""
    deadline = time.monotonic() + _BUSY_TIMEOUT_MS / 1000
    pause = 0.005
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")  # "memory" for an in-memory database; harmless
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(pause)
            pause = min(pause * 2, 0.2)


def _sqlite_events(engine: Engine) -> None:
    """WAL and a busy timeout, because several server processes write to one file; and our own BEGIN, so
    that a migration's DDL is inside its transaction and BEGIN IMMEDIATE can take the write lock first."""
    @event.listens_for(engine, "connect")
    def connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None  # the driver's implicit transactions off: we BEGIN below
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
        _wal(cursor)
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(conn):
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("tutor_write_lock") else "BEGIN")


# --- the store ----------------------------------------------------------------------------------------

class Store:
    """The attempts database at ``url``, migrated to the current schema when opened."""

    def __init__(self, url: str = DEFAULT_URL):
        self.url = url
        self.engine = _engine(url)
        try:
            self._migrate()
        except StoreError:
            self.engine.dispose()
            raise
        except SQLAlchemyError as exc:
            self.engine.dispose()
            raise self._error("cannot open the database", exc) from exc

    def _error(self, what: str, exc: BaseException) -> StoreError:
        return StoreError(f"{what}: {_reason(exc)}", file=masked(self.url))

    def _locked(self, conn: Connection) -> None:
        """Serialise start-ups: one process at a time reads the version and applies a step, so two servers
        started together on a fresh database neither both create the tables nor fail."""
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(20200720)"))  # released when the step commits
        # SQLite: the transaction began with BEGIN IMMEDIATE, which holds the write lock already.

    def _migrate(self) -> None:
        steps = MIGRATIONS  # read at start-up, so a test can give a longer list
        for _ in range(len(steps) + 1):  # each pass applies one step or returns
            with self.engine.connect() as conn:
                conn.execution_options(tutor_write_lock=True)
                with conn.begin():
                    self._locked(conn)
                    schema_version.create(conn, checkfirst=True)
                    version = conn.execute(select(schema_version.c.version)).scalar()
                    if version is None:
                        conn.execute(insert(schema_version).values(version=0))
                        version = 0
                    if version > len(steps):
                        raise StoreError(f"the database has schema version {version}, newer than this tutor's "
                                         f"{len(steps)}: upgrade tutor to use it", file=masked(self.url))
                    if version == len(steps):
                        return
                    steps[version](conn)
                    conn.execute(update(schema_version).values(version=version + 1))
        raise StoreError("the schema version did not advance during the migration", file=masked(self.url))

    def version(self) -> int:
        """The schema version of the database."""
        with self.engine.connect() as conn:
            return conn.execute(select(schema_version.c.version)).scalar_one()

    def record(self, rows: Sequence[Attempt]) -> None:
        """Store one submission's attempts in one transaction: all of them or, on any error, none."""
        values = [{name: getattr(a, name) for name in (*LIMITS, "seed", "answer", "at")} for a in rows]
        if not values:
            return
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(attempts), values)
        except IntegrityError as exc:
            raise self._error("submission not recorded (a key twice in one submission?)", exc) from exc
        except SQLAlchemyError as exc:
            raise self._error("submission not recorded", exc) from exc

    def count(self) -> int:
        """The number of attempt rows."""
        try:
            with self.engine.connect() as conn:
                return conn.execute(select(func.count()).select_from(attempts)).scalar_one()
        except SQLAlchemyError as exc:
            raise self._error("cannot count the attempts", exc) from exc

    def stats(self, topic: str | None = None) -> list[KeyStats]:
        """Per topic and key (ordered so), the class's attempts; of one topic only if given."""
        try:
            with self.engine.connect() as conn:
                return self._stats(conn, topic)
        except SQLAlchemyError as exc:
            raise self._error("cannot read the statistics", exc) from exc

    def _stats(self, conn: Connection, topic: str | None) -> list[KeyStats]:
        a = attempts.c
        where = [a.topic == topic] if topic is not None else []
        # A student is the student id when one was typed, else the session: grouping on both columns
        # (the session only where no id) keeps an id and a session that happen to be equal apart.
        session_if_anonymous = case((a.student.is_(None), a.session), else_=None)

        totals = {(t, k): n for t, k, n in conn.execute(
            select(a.topic, a.key, func.count()).where(*where).group_by(a.topic, a.key))}

        learners = select(a.topic, a.key, a.student, session_if_anonymous.label("anonymous")) \
            .where(*where).distinct().subquery()
        students = {(t, k): n for t, k, n in conn.execute(
            select(learners.c.topic, learners.c.key, func.count()).group_by(learners.c.topic, learners.c.key))}

        # The first attempt of each student at each problem's key (earliest, then first stored).
        order = func.row_number().over(
            partition_by=(a.topic, a.key, a.difficulty, a.seed, a.student, session_if_anonymous),
            order_by=(a.at, a.id)).label("n")
        ranked = select(a.topic, a.key, a.verdict, order).where(*where).subquery()
        right = func.sum(case((ranked.c.verdict.in_(RIGHT), 1), else_=0))
        first = {(t, k): (n, int(r or 0)) for t, k, n, r in conn.execute(
            select(ranked.c.topic, ranked.c.key, func.count(), right).where(ranked.c.n == 1)
            .group_by(ranked.c.topic, ranked.c.key))}

        # Named mistakes per key, the most common first (ties by name), with the latest attempt's answer.
        named: dict[tuple[str, str], list[tuple[str, int, int]]] = {}
        for t, k, name, n, latest in conn.execute(
                select(a.topic, a.key, a.mistake, func.count(), func.max(a.id))
                .where(a.mistake.is_not(None), *where).group_by(a.topic, a.key, a.mistake)):
            named.setdefault((t, k), []).append((name, n, latest))
        top = {tk: sorted(rows, key=lambda r: (-r[1], r[0]))[:3] for tk, rows in named.items()}
        ids = [latest for rows in top.values() for _, _, latest in rows]
        examples = {i: (ans, d, s) for i, ans, d, s in conn.execute(
            select(a.id, a.answer, a.difficulty, a.seed).where(a.id.in_(ids)))} if ids else {}

        return [KeyStats(topic=t, key=k, attempts=n, students=students.get((t, k), 0),
                         first_tries=first.get((t, k), (0, 0))[0], first_try_right=first.get((t, k), (0, 0))[1],
                         mistakes=tuple(MistakeCount(name, count, *examples[latest])
                                        for name, count, latest in top.get((t, k), ())))
                for (t, k), n in sorted(totals.items())]

    def token_try(self, client: str, most: int, window: float, now: datetime | None = None) -> int | None:
        """Count one try of the lecturer's token from `client`, unless it already has `most` wrong ones in the
        last `window` seconds: then None. Otherwise the id of the try's row, which `token_right` takes back
        when the token was right (so only wrong tries count). The count and the row are one transaction
        under a lock, so requests at once to any number of processes get no more than `most` tries between
        them. Rows older than the window are deleted on the way."""
        now = now or datetime.now(timezone.utc)
        since = now - timedelta(seconds=window)
        f = token_failures.c
        try:
            with self.engine.connect() as conn:
                conn.execution_options(tutor_write_lock=True)
                with conn.begin():
                    if conn.dialect.name == "postgresql":  # one client's tries in turn, others go on
                        conn.execute(text("SELECT pg_advisory_xact_lock(20200721, hashtext(:c))"), {"c": client})
                    conn.execute(delete(token_failures).where(f.at < since))
                    wrong = conn.execute(select(func.count()).select_from(token_failures)
                                         .where(f.client == client, f.at >= since)).scalar_one()
                    if wrong >= most:
                        return None
                    return conn.execute(insert(token_failures).values(client=client, at=now)
                                        .returning(f.id)).scalar_one()
        except SQLAlchemyError as exc:
            raise self._error("cannot count the lecturer's token tries", exc) from exc

    def token_right(self, try_id: int) -> None:
        """The token of that try was right: it does not count against the client."""
        try:
            with self.engine.begin() as conn:
                conn.execute(delete(token_failures).where(token_failures.c.id == try_id))
        except SQLAlchemyError as exc:
            raise self._error("cannot count the lecturer's token tries", exc) from exc

    def close(self) -> None:
        self.engine.dispose()


# --- output -------------------------------------------------------------------------------------------

CSV_HEADER = ["topic", "key", "attempts", "students", "first_tries", "first_try_right", "first_try_share",
              *(f"{col}_{i}" for i in (1, 2, 3) for col in ("mistake", "count", "example"))]


def stats_csv(stats: list[KeyStats]) -> str:
    """The statistics as CSV: a header and one row per topic and key, up to three mistakes across. Every
    cell a student could have written goes through csv_row, so no formula runs in a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for s in stats:
        share = f"{s.first_try_share:.3f}" if s.first_tries else ""
        mistakes = [cell for m in s.mistakes for cell in (m.name, m.count, m.example)]
        mistakes += [""] * (9 - len(mistakes))
        writer.writerow(csv_row([s.topic, s.key, s.attempts, s.students, s.first_tries, s.first_try_right,
                                 share, *mistakes]))
    return out.getvalue()


def stats_text(stats: list[KeyStats]) -> str:
    """The statistics as an aligned terminal table, each key's mistakes indented under its row. Student
    text is shown with control characters escaped (no terminal escapes) and cut to one short line."""
    if not stats:
        return "no attempts recorded yet\n"
    header = ("topic", "key", "attempts", "students", "right at first try")
    rows = [(printable(s.topic), printable(s.key), str(s.attempts), str(s.students),
             f"{s.first_try_right}/{s.first_tries} {s.first_try_percent:>4}") for s in stats]
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]

    def line(cells) -> str:
        return "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    out = [line(header), "  ".join("-" * w for w in widths)]
    for s, row in zip(stats, rows):
        out.append(line(row))
        for m in s.mistakes:
            out.append(f"    {printable(m.name)} ×{m.count}, e.g. {shorten(m.example, 50)}")
    return "\n".join(out) + "\n"
