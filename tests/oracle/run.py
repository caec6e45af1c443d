"""Solve one problem through the library API and judge it with the oracle, under a time guard."""

from __future__ import annotations

import signal
import time
import traceback
from dataclasses import dataclass

import yaml

from .check import verdict


@dataclass(frozen=True)
class Outcome:
    status: str  # agreed, refused, disagreed, crashed, timeout, oracle-error
    detail: str
    seconds: float  # tutor.solve plus evaluating every answer to its JSON decimals (wall time)
    cpu: float = 0.0  # the same, in CPU seconds of this process: a solve's wall time on an idle machine


class Timeout(BaseException):
    """Not an Exception, so that SymPy's and tutor's `except Exception` fallbacks let it through."""


_armed = False  # whether the SIGPROF timer may still raise: it repeats, and must not outlive the solve


def _alarm(signum, frame):
    if _armed:
        raise Timeout()


def run_one(topic: str, text: str, timeout: float | None = None) -> Outcome:
    """``_run_one``, with a Timeout that lands after the solve's own handler (the repeating timer can fire
    once more before it is disarmed) still turned into a timeout outcome."""
    global _armed
    start, cpu = time.perf_counter(), time.process_time()
    try:
        return _run_one(topic, text, timeout)
    except Timeout:
        _armed = False
        return Outcome("timeout", f"no answer within {timeout:g} CPU seconds", time.perf_counter() - start,
                       time.process_time() - cpu)
    finally:
        _armed = False
        if timeout:
            signal.setitimer(signal.ITIMER_PROF, 0)


def _run_one(topic: str, text: str, timeout: float | None = None) -> Outcome:
    """tutor.load_problem_text + tutor.solve, then every answer's JSON "approx", then the oracle.

    A TutorError is a refusal, judged by the oracle (documented limits only); any other exception
    from tutor is a crash (exit 3 on the command line). ``timeout`` CPU seconds (a SIGPROF timer, main
    thread only: tutor's own time limits use SIGALRM, which this leaves alone) bound the solve and the
    evaluation of its answers; CPU time, so that a busy machine does not turn a slow solve into a timeout.
    """
    import tutor
    from tutor.errors import TutorError
    from tutor.rendering import approx_data

    raw = yaml.safe_load(text)
    answers = error = None
    approx: dict = {}
    global _armed
    previous = signal.signal(signal.SIGPROF, _alarm) if timeout else None
    _armed = bool(timeout)
    if timeout:
        signal.setitimer(signal.ITIMER_PROF, timeout, 0.05)  # and again every 0.05 s, should one be swallowed
    start, cpu = time.perf_counter(), time.process_time()
    try:
        solution = tutor.solve(tutor.load_problem_text(text, "<oracle>"))
        answers = solution.answers
        for key, value in answers.items():
            if topic == "dfs-code" or key in ("char_poly", "feature_map"):
                continue  # edge codes and expressions in a variable have no decimals
            approx[key] = approx_data(value)
    except TutorError as err:
        error = str(err)
    except Timeout:
        _armed = False
        return Outcome("timeout", f"no answer within {timeout:g} CPU seconds", time.perf_counter() - start,
                       time.process_time() - cpu)
    except Exception as err:  # noqa: BLE001 - any other exception is the bug we are looking for
        return Outcome("crashed", _describe(err), time.perf_counter() - start, time.process_time() - cpu)
    finally:
        _armed = False
        if timeout:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, previous)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    try:
        status, detail = verdict(topic, raw, answers, error, approx, text)
    except Exception as err:  # noqa: BLE001
        where = traceback.extract_tb(err.__traceback__)[-1].filename
        return Outcome("crashed" if "/tutor/" in where else "oracle-error", _describe(err), seconds, cpu)
    return Outcome(status, detail, seconds, cpu)


def _describe(err: BaseException) -> str:
    frames = traceback.extract_tb(err.__traceback__)
    inner = next((f for f in reversed(frames) if "/tutor/" in f.filename), frames[-1] if frames else None)
    where = f" at {inner.filename.split('/tutor/')[-1]}:{inner.lineno} ({inner.name})" if inner else ""
    return f"{type(err).__name__}: {err}{where}"
