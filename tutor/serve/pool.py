"""The worker processes that draw, render and check for the web server.

A check can take seconds and a draw half of one: done in the event loop, either would stall every
other student. Each job runs in a worker process under its own time limit (work.LIMIT_SECONDS, a
SIGALRM in the worker); should a job still not return (a long computation inside C that no signal
interrupts), the pool's own limit kills the workers and starts new ones, and the request gets a 503.
That limit allows for the jobs queued ahead, each of which may take its whole time.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import signal
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from . import work

MARGIN = 5.0  # seconds beyond the worker's own limit before the pool gives up on a job
MAX_WAITING = 64  # jobs queued per worker process before new ones are turned away (503)
PROCESSES = 2  # worker processes per server process: one slow check does not hold up every page


class Busy(Exception):
    """The job was not done: the workers were overloaded, or one had to be stopped."""


def _quiet() -> None:
    # Ctrl-C stops the server, which stops its workers: they need not print tracebacks of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    work.warm()


class Pool:
    def __init__(self, processes: int = PROCESSES, limit: float = work.LIMIT_SECONDS + MARGIN):
        self.processes = processes
        self.limit = limit
        self.waiting = 0
        # spawn, not fork: the server process has an event loop and threads that a fork would copy.
        self._context = multiprocessing.get_context("spawn")
        self._executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.processes, mp_context=self._context, initializer=_quiet)

    async def run(self, fn, *args):
        if self.waiting >= MAX_WAITING * self.processes:
            raise Busy("the server is busy; try again in a moment")
        executor = self._executor
        # Each job ahead in the queue may take its whole time: a job is late only after all of them.
        limit = self.limit * (1 + self.waiting // self.processes)
        self.waiting += 1
        try:
            future = asyncio.get_running_loop().run_in_executor(executor, fn, *args)
            return await asyncio.wait_for(future, limit)
        except asyncio.TimeoutError:
            self._restart(executor)
            raise Busy("the check took too long and was stopped") from None
        except BrokenProcessPool:
            self._restart(executor)
            raise Busy("a worker stopped; try again") from None
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():  # the request itself was cancelled: let it go
                raise
            raise Busy("the workers were restarted; try again") from None  # a restart cancelled this job
        finally:
            self.waiting -= 1

    def _restart(self, executor: ProcessPoolExecutor) -> None:
        if executor is not self._executor:  # another request restarted it already
            return
        for process in list(getattr(executor, "_processes", {}).values()):
            process.kill()
        executor.shutdown(wait=False, cancel_futures=True)
        self._executor = self._start()

    def close(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)
