"""--timeout: a solve that runs too long ends with a one-line error and exit 2, never a hang.

The slow solves here are made slow on purpose (an eigen-decomposition that never returns and
swallows every Exception on the way, as SymPy's fallbacks do), so the tests do not depend on how
fast the engine is. The hang guard of each is generous: seconds for a limit of a tenth.
"""

from __future__ import annotations

import signal
import time

import pytest

import tutor
from tutor.deadline import deadline
from tutor.errors import SolveTimeout, TutorError

from .conftest import PROBLEMS, run_cli

EXAMPLE3 = str(PROBLEMS / "kernel-pca" / "example3.yaml")
HANG_GUARD = 20  # seconds: far above every limit below, only there to catch a hang


def _never_returns(*args, **kwargs):
    """An eigen-decomposition that never ends, and catches Exception all the way, like a fallback loop."""
    while True:
        try:
            sum(range(1000))
        except Exception:  # noqa: BLE001 - the point: a timeout must get through this
            pass


@pytest.fixture
def slow_spectrum(monkeypatch):
    import tutor.topics.kernel_pca as kernel_pca

    monkeypatch.setattr(kernel_pca, "spectrum", _never_returns)


def _timed(fn):
    start = time.monotonic()
    result = fn()
    assert time.monotonic() - start < HANG_GUARD
    return result


@pytest.mark.parametrize("command", [
    ["solve", EXAMPLE3],
    ["solve", EXAMPLE3, "--format", "json"],
    ["sheet", EXAMPLE3, "--solutions"],
    ["export", "moodle", EXAMPLE3, "-o", "QUIZ"],
    ["export", "qti", EXAMPLE3, "-o", "QUIZ"],
])
def test_a_slow_solve_ends_with_one_line_and_exit_2(slow_spectrum, command, tmp_path):
    command = [str(tmp_path / ("quiz.zip" if "qti" in command else "quiz.xml")) if c == "QUIZ" else c for c in command]
    result = _timed(lambda: run_cli(*command, "--timeout", "0.2"))
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: {EXAMPLE3}: the solve took longer than the time limit of 0.2 s")


def test_the_library_solve_takes_a_timeout(slow_spectrum):
    with pytest.raises(SolveTimeout) as info:
        _timed(lambda: tutor.solve(EXAMPLE3, timeout=0.1))
    assert isinstance(info.value, TutorError) and info.value.file == EXAMPLE3


def test_a_solve_within_its_limit_is_untouched_and_leaves_no_timer_behind():
    before = signal.getsignal(signal.SIGALRM)
    solution = tutor.solve(EXAMPLE3, timeout=30)
    assert solution.step("eigenvalues").result == (8, 6, 0)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is before


def test_a_real_problem_larger_than_a_tiny_limit_is_stopped_too(tmp_problem):
    # Eight points under an RBF kernel: about a second of honest work, against a tenth of one.
    path = tmp_problem("topic: kernel-pca\n"
                       "points: [[0, 0], [3, 1], [1, 4], [5, 2], [2, 6], [7, 3], [4, 8], [6, 7]]\n"
                       "kernel: {name: rbf, gamma: '1/2'}\n")
    result = _timed(lambda: run_cli("solve", path, "--timeout", "0.1"))
    assert result.exit_code == 2 and "time limit of 0.1 s" in result.stderr


def test_zero_means_no_limit():
    result = run_cli("solve", EXAMPLE3, "--timeout", "0")
    assert result.exit_code == 0


def test_the_earlier_of_two_nested_limits_wins_and_names_itself():
    with pytest.raises(SolveTimeout, match="the sheet took longer"):
        with deadline(0.1, "the sheet"):
            with deadline(10):
                _timed(lambda: _never_returns())
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_an_inner_limit_gives_the_outer_one_its_timer_back():
    with pytest.raises(SolveTimeout, match="the outer took longer"):
        with deadline(0.3, "the outer"):
            with pytest.raises(SolveTimeout, match="the solve took longer"):
                with deadline(0.05):
                    _never_returns()
            _timed(lambda: _never_returns())


@pytest.mark.parametrize("seconds", [float("nan"), float("inf")])
def test_a_limit_that_is_no_number_is_refused_and_leaves_later_limits_alone(seconds):
    # NaN used to reach setitimer after the handler and the deadline were installed: every later
    # block of the process then timed out at once
    with pytest.raises(TutorError, match="finite number of seconds"):
        with deadline(seconds):
            pass
    with deadline(5):
        time.sleep(0.01)
    assert tutor.solve(EXAMPLE3, timeout=5).topic == "kernel-pca"


def test_an_alarm_that_lands_on_the_deadline_s_way_out_is_let_pass():
    # The alarm repeats every 0.05 s after the deadline. One that landed in contextlib's __exit__, on
    # the way to the deadline's cleanup, escaped as a bare _Alarm: a traceback, or exit 142 when the
    # cleanup had not disarmed the timer (1 run in 5 of an RBF solve with a 60-digit coordinate).
    import contextlib
    import sys

    from tutor import deadline as module

    frames = []

    @contextlib.contextmanager
    def grab():
        yield
        frames.append(sys._getframe(1))  # contextlib's __exit__, which resumed this generator

    with grab():
        pass
    assert frames[0].f_code.co_filename == contextlib.__file__
    assert module._on_alarm(signal.SIGALRM, frames[0]) is None  # let pass: the next alarm, or the end, stops it
    # signal.signal, called by the cleanup, where an alarm caught just before it blocked SIGALRM runs
    from types import SimpleNamespace as frame

    in_cleanup = frame(f_code=frame(co_filename=signal.__file__),
                       f_back=frame(f_code=frame(co_filename=module.__file__), f_back=sys._getframe()))
    assert module._on_alarm(signal.SIGALRM, in_cleanup) is None
    with pytest.raises(module._Alarm):
        module._on_alarm(signal.SIGALRM, sys._getframe())  # anywhere in the block: stop it
    with pytest.raises(module._Alarm):
        module._on_alarm(signal.SIGALRM, frame(f_code=frame(co_filename=signal.__file__), f_back=sys._getframe()))
