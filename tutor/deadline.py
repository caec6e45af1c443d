"""A time limit on a solve: `tutor solve --timeout S`, and `solve(..., timeout=S)` in the library.

The limit is a SIGALRM timer (signal.setitimer). Python runs its handler between bytecodes, so
the exception it raises surfaces inside whatever SymPy is doing, and SymPy and our own code catch
`Exception` in places (to fall back to another method). The handler therefore raises _Alarm, a
BaseException as KeyboardInterrupt is, which such handlers let through; the timer keeps firing
every few hundredths of a second after the deadline in case a bare `except:` swallows one; and
at the end of the block a deadline that has passed becomes SolveTimeout, a TutorError, whatever
else was raised: the usual one-line error and exit 2.

Signals reach only the main thread, and only on POSIX: elsewhere the block runs unlimited (the
CLI always runs in the main thread).
"""

from __future__ import annotations

import contextlib
import math
import signal
import threading
import time

from .errors import SolveTimeout, TutorError

DEFAULT_TIMEOUT = 30.0  # seconds, the CLI's --timeout default
_REPEAT = 0.05  # seconds between alarms once the deadline has passed

_active: list[float] = []  # the deadlines of the enclosing blocks (time.monotonic), innermost last


class _Alarm(BaseException):
    """Raised by the alarm: not an Exception, so `except Exception` fallbacks do not swallow it."""


def _on_alarm(signum, frame):
    """Stop the block; but not from inside the deadline's own way out. A repeated alarm that landed
    there escaped the block as a bare _Alarm (a traceback), or stopped _disarm before the timer was,
    and the next alarm then killed the process (exit 142); the one after, or the late-return check,
    ends the block instead. The way out is contextlib's __exit__ on its way to the generator, or any
    frame called from this module's code (signal.signal in _disarm: an alarm caught just before
    SIGALRM was blocked still runs its handler there)."""
    if frame is not None and frame.f_code.co_filename == contextlib.__file__:
        return
    while frame is not None:  # the block itself runs in the caller's frames, never below one of ours
        if frame.f_code.co_filename == __file__:
            return
        frame = frame.f_back
    raise _Alarm()


def _enforceable() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def deadline(seconds: float | None, what: str = "the solve"):
    """Run the block with at most `seconds` of wall time (None or 0: no limit of its own).

    Nested blocks keep the earlier of the two deadlines. On expiry SolveTimeout says which
    limit was hit, e.g. "the solve took longer than the time limit of 30 s (--timeout) and was stopped".
    """
    if seconds is not None and not math.isfinite(seconds):
        # before any state is touched: setitimer refuses NaN only after the handler and _active are set,
        # which left every later block of the process with a deadline already past
        raise TutorError(f"must be a finite number of seconds, not {seconds!r}", field="timeout")
    if not seconds or seconds <= 0 or not _enforceable():
        yield
        return
    now = time.monotonic()
    mine = now + seconds
    outer = _active[-1] if _active else None
    end = min(mine, outer) if outer is not None else mine
    message = f"{what} took longer than the time limit of {seconds:g} s (--timeout) and was stopped"

    previous = signal.signal(signal.SIGALRM, _on_alarm)
    _active.append(end)
    signal.setitimer(signal.ITIMER_REAL, max(end - now, 1e-3), _REPEAT)
    try:
        yield
    except BaseException:
        if end == mine and time.monotonic() >= end:  # ours expired, whatever it turned into on the way out
            raise SolveTimeout(message) from None
        raise
    finally:
        _disarm(previous, outer)
    if end == mine and time.monotonic() >= end:  # the block caught every alarm and returned late
        raise SolveTimeout(message)


def _disarm(previous, outer: float | None) -> None:
    """Stop our timer and give the enclosing block (or nobody) the alarm back, with SIGALRM blocked
    meanwhile so that no alarm lands between the steps (under SIG_DFL it would end the process)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    try:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if signal.SIGALRM in signal.sigpending():
            signal.sigtimedwait({signal.SIGALRM}, 0)  # drop an alarm that came in the meantime
        _active.pop()
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)  # None: set outside Python
        if outer is not None:  # the enclosing block's timer, for the time it has left
            signal.setitimer(signal.ITIMER_REAL, max(outer - time.monotonic(), 1e-3), _REPEAT)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})
