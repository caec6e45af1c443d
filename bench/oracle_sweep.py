"""The numpy oracle at scale: thousands of generated problems, every topic, every answer key.

    python bench/oracle_sweep.py --count 2000                  # spread over every topic and family
    python bench/oracle_sweep.py --count 300 --topics svd,mds  # some topics only
    python bench/oracle_sweep.py --count 200 --topics pca-wide,importance-sampling-continuous
    python bench/oracle_sweep.py --count 2000 --failures out/  # each failure as a problem file
    python bench/oracle_sweep.py --count 2000 --json           # the table as JSON

Problems come from the same generator as tests/test_oracle_scale.py, at the "sweep" scale (each
topic's documented limits), one row per topic and one per family (tests/oracle/generate.py FAMILIES:
a topic's hardest corner drawn on its own, such as kernel-pca-rbf-ln, pca-wide or
importance-sampling-continuous). Each is solved through the library API in one worker process (one
core), with a soft limit of --timeout CPU seconds (a SIGPROF timer in the worker) and a hard one of
10 × that + 30 s of wall time (the worker is killed and started again). The table gives per row:
problems, agreed, refused (a documented limit), disagreed, crashed, timed out, and the slowest solve
in seconds (solve plus evaluating every answer's decimals), wall and CPU, and the
worker's peak memory (resident set, MB; the worker solves many problems, so this is the largest
any one needed, plus the worker's imports). A solve counts as slow by its CPU time, which is its
wall time on an idle machine. With --failures, each problem that disagreed, crashed, timed
out or took more than --slow seconds is written there as a YAML problem file whose comments say
what happened, so `tutor solve FILE` reproduces it.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import resource
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.oracle.generate import FAMILIES, TOPICS, draw, topic_of  # noqa: E402

STATUSES = ("agreed", "refused", "disagreed", "crashed", "timeout", "oracle-error")


def _worker(conn, timeout: int) -> None:
    from tests.oracle.run import run_one

    while True:
        job = conn.recv()
        if job is None:
            return
        topic, text = job
        cpu = time.process_time()
        outcome = run_one(topic_of(topic), text, timeout=timeout)
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # the worker's peak so far
        conn.send((outcome.status, outcome.detail, outcome.seconds, outcome.cpu, peak_mb))


class Worker:
    """One process that solves problems; killed and replaced when it overruns the hard limit."""

    def __init__(self, timeout: float):
        self.timeout = timeout
        self._start()

    def _start(self):
        ctx = multiprocessing.get_context("fork")
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker, args=(child, self.timeout), daemon=True)
        self.process.start()

    def solve(self, topic: str, text: str) -> tuple[str, str, float, float, float]:
        start = time.perf_counter()
        self.conn.send((topic, text))
        hard = 10 * self.timeout + 30  # wall seconds: the soft limit is CPU time, and a niced worker on a busy
        # machine gets a fraction of a core
        try:
            if self.conn.poll(hard):
                return self.conn.recv()
        except (EOFError, OSError):  # the worker died: a bug in the oracle's harness, counted, and the sweep goes on
            self.process.join()
            self._start()
            seconds = time.perf_counter() - start
            return "oracle-error", "the worker process died", seconds, seconds, 0.0
        self.process.kill()
        self.process.join()
        self._start()
        seconds = time.perf_counter() - start
        return "timeout", f"killed after {hard:g} s of wall time (SIGPROF did not stop it)", seconds, seconds, 0.0

    def close(self):
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.process.join(5)


def jobs(topics, count: int, first_seed: int):
    """count problems, round-robin over the topics, seeds first_seed, first_seed + 1, ..."""
    for k in range(count):
        topic = topics[k % len(topics)]
        seed = first_seed + k // len(topics)
        yield topic, seed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000, help="problems in all (default 2000)")
    parser.add_argument("--topics", default="", help="comma-separated topics and families (default: all)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed of every topic (default 0)")
    parser.add_argument("--scale", choices=("sweep", "ci"), default="sweep")
    parser.add_argument("--timeout", type=float, default=30,
                        help="CPU seconds per problem before it counts as timed out (default 30)")
    parser.add_argument("--slow", type=float, default=5.0, help="CPU seconds above which a solve counts as slow")
    parser.add_argument("--max-minutes", type=float, default=0, help="stop drawing new problems after this long")
    parser.add_argument("--failures", type=Path, help="write failing and slow problems here as YAML files")
    parser.add_argument("--json", action="store_true", help="print the table as JSON")
    parser.add_argument("--save", type=Path, help="write the table so far as JSON to this file after each problem")
    parser.add_argument("--quiet", action="store_true", help="no line per failure while running")
    parser.add_argument("--refusals", action="store_true", help="list the refusals' reasons per row, with counts")
    args = parser.parse_args(argv)

    rows = list(TOPICS) + list(FAMILIES)
    topics = [t.strip() for t in args.topics.split(",") if t.strip()] or rows
    unknown = sorted(set(topics) - set(rows))
    if unknown:
        parser.error(f"unknown topics {unknown}; known: {', '.join(rows)}")
    if not (0 < args.timeout < 3600):  # NaN fails both comparisons
        parser.error(f"--timeout must be a number of seconds from 0 (excluded) to 3600, got {args.timeout}")
    if args.failures:
        args.failures.mkdir(parents=True, exist_ok=True)

    table = {t: {**{s: 0 for s in STATUSES}, "problems": 0, "slowest_s": 0.0, "slowest_cpu_s": 0.0, "slow": 0,
                 "peak_mb": 0.0, "refusals": defaultdict(int)} for t in topics}
    failures = []
    worker = Worker(args.timeout)
    started = time.perf_counter()
    try:
        for topic, seed in jobs(topics, args.count, args.seed):
            if args.max_minutes and time.perf_counter() - started > 60 * args.max_minutes:
                print(f"stopped after {args.max_minutes} minutes", file=sys.stderr)
                break
            shape, text = draw(topic, seed, args.scale)
            status, detail, seconds, cpu, peak_mb = worker.solve(topic, text)
            row = table[topic]
            row["problems"] += 1
            row[status] += 1
            row["slowest_s"] = round(max(row["slowest_s"], seconds), 3)
            row["slowest_cpu_s"] = round(max(row["slowest_cpu_s"], cpu), 3)
            row["peak_mb"] = round(max(row["peak_mb"], peak_mb), 1)
            if args.save:  # a long run stopped (or killed) still leaves its table
                args.save.write_text(json.dumps({"scale": args.scale, "seconds": round(time.perf_counter() - started),
                                                 "topics": table, "failures": failures}, indent=1), encoding="utf-8")
            slow = cpu > args.slow  # CPU time: the wall time of a solve on an idle machine
            row["slow"] += slow
            if status == "refused":  # which documented limits were hit, digits folded so that like counts like
                row["refusals"][re.sub(r"\d+", "#", detail.split(": ", 1)[-1])[:160]] += 1
            if status in ("agreed", "refused") and not slow:
                continue
            failure = {"topic": topic, "seed": seed, "shape": shape, "status": status if not slow or status not in
                       ("agreed", "refused") else f"slow ({status})", "seconds": round(seconds, 3), "detail": detail}
            failures.append(failure)
            if not args.quiet:
                print(f"{topic} seed {seed} ({shape}): {failure['status']} in {seconds:.2f} s: {detail[:300]}",
                      file=sys.stderr, flush=True)
            if args.failures:
                name = f"{topic}-{args.scale}-{seed}-{failure['status'].split(' ')[0]}.yaml"
                comment = "".join(f"# {line}\n" for line in
                                  [f"oracle sweep: {topic} seed {seed} ({shape}), {args.scale} scale",
                                   f"{failure['status']} in {seconds:.2f} s",
                                   *[detail[i:i + 100] for i in range(0, min(len(detail), 1500), 100)]])
                (args.failures / name).write_text(comment + text, encoding="utf-8")
    finally:
        worker.close()
    elapsed = time.perf_counter() - started
    if args.json:
        print(json.dumps({"scale": args.scale, "seconds": round(elapsed, 1), "topics": table,
                          "failures": failures}, indent=2))
    else:
        print_table(table, elapsed, args.slow, args.refusals)
    return 1 if any(r["disagreed"] or r["crashed"] or r["timeout"] or r["oracle-error"] for r in table.values()) else 0


def print_table(table: dict, elapsed: float, slow: float, refusals: bool = False) -> None:
    w = max([20] + [len(t) + 1 for t in table])
    header = (f"{'topic':{w}} {'problems':>8} {'agreed':>7} {'refused':>8} {'disagreed':>9} {'crashed':>8} "
              f"{'timeout':>8} {f'>{slow:g}s':>6} {'slowest s':>10} {'CPU s':>6} {'peak MB':>8}")
    print(header)
    totals = defaultdict(float)
    for topic, row in table.items():
        print(f"{topic:{w}} {row['problems']:8} {row['agreed']:7} {row['refused']:8} {row['disagreed']:9} "
              f"{row['crashed']:8} {row['timeout']:8} {row['slow']:6} {row['slowest_s']:10.2f} "
              f"{row['slowest_cpu_s']:6.2f} {row['peak_mb']:8.0f}")
        for key in ("problems", "agreed", "refused", "disagreed", "crashed", "timeout", "slow"):
            totals[key] += row[key]
        for key in ("slowest_s", "slowest_cpu_s", "peak_mb"):
            totals[key] = max(totals[key], row[key])
    print(f"{'all':{w}} {int(totals['problems']):8} {int(totals['agreed']):7} {int(totals['refused']):8} "
          f"{int(totals['disagreed']):9} {int(totals['crashed']):8} {int(totals['timeout']):8} "
          f"{int(totals['slow']):6} {totals['slowest_s']:10.2f} {totals['slowest_cpu_s']:6.2f} "
          f"{totals['peak_mb']:8.0f}")
    errors = sum(r["oracle-error"] for r in table.values())
    if errors:
        print(f"oracle errors (bugs in tests/oracle, not in tutor): {errors}")
    if refusals:
        for topic, row in table.items():
            for reason, count in sorted(row["refusals"].items(), key=lambda kv: -kv[1]):
                print(f"refused  {topic:{w}} {count:5}  {reason}")
    print(f"{elapsed:.0f} s in all")


if __name__ == "__main__":
    sys.exit(main())
