"""Stopping cleanly: SIGTERM and SIGHUP behave as Ctrl-C does, worker processes never
outlive the command, and work can be given a time limit (an alarm for a whole command,
a deadline a long engine call asks).

The signals are turned into an exception in the main process, so the same cleanup runs
as for Ctrl-C (temporary files removed, workers terminated, earlier outputs untouched).
Workers ignore Ctrl-C (the parent stops them, so the terminal gets one message, not a
traceback per worker) and, on Linux, ask the kernel to kill them when their parent dies
(PR_SET_PDEATHSIG): even a SIGKILL of the parent leaves no orphan computing for minutes.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator

from bookgen.errors import BookgenError

# prctl option from <linux/prctl.h>: deliver a signal to this process when its parent dies.
PR_SET_PDEATHSIG = 1
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP) if hasattr(signal, "SIGHUP") else (signal.SIGTERM,)


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where the main process was, like Ctrl-C's KeyboardInterrupt."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


def _raise_stopped(signum: int, _frame: Any) -> None:
    raise Stopped(signum)


@contextmanager
def stop_signals_raise() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise Stopped in the main thread."""
    previous = {sig: signal.signal(sig, _raise_stopped) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def exit_status(interrupt: KeyboardInterrupt) -> int:
    """The shell's convention: 128 + the signal's number (130 for Ctrl-C)."""
    return 128 + (interrupt.signum if isinstance(interrupt, Stopped) else signal.SIGINT)


def _worker_init(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for sig in STOP_SIGNALS:
        signal.signal(sig, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD_SIGNALS)
    if sys.platform.startswith("linux"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    # The parent may have died before prctl took effect: then nobody would ever signal us.
    if os.getppid() != parent:
        os._exit(1)


def parallel_map(function: Callable[[Any], Any], items: Iterable[Any], jobs: int,
                 done: Callable[[], None] | None = None) -> list[Any]:
    """function(item) for every item, in order, on `jobs` worker processes; `done()` is
    called as each result arrives (a progress bar).

    Any exception in the parent (a worker's error re-raised, Ctrl-C, SIGTERM) terminates
    every worker at once instead of waiting for the puzzles they are still working on.
    """
    results = []
    for result in parallel_results(function, items, jobs):
        results.append(result)
        if done is not None:
            done()
    return results


def parallel_results(function: Callable[[Any], Any], items: Iterable[Any], jobs: int) -> Iterator[Any]:
    """As parallel_map, each result given as soon as it and those before it have come,
    so the caller works on one while the workers make the next (a book's pages are
    written while later ones are drawn). Ctrl-C and the stop signals are raised between
    results; leaving the loop early terminates the workers."""
    # Imported here, not above: a command that starts no workers (`bookgen solve`) should
    # not pay for loading multiprocessing.
    import multiprocessing

    # Fork on Linux: workers are then our own children, which the parent-death signal needs.
    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)
    pool = None
    try:
        with _signals_held():
            pool = context.Pool(jobs, initializer=_worker_init, initargs=(os.getpid(),))
        with _signals_noted() as noted:
            yield from _arrivals(pool.imap(function, items, chunksize=1), noted)
        pool.close()
    except BaseException:
        if pool is not None:
            pool.terminate()
        raise
    finally:
        if pool is not None:
            pool.join()


# What claimed_in_order gives for an item the caller took itself.
TAKEN = object()
# An item nobody has taken, in claimed_in_order's table.
NOBODY = 255


class WorkerLost(BookgenError):
    """A worker process ended without giving its item (killed from outside)."""


def claimed_in_order(function: Callable[[int], Any], count: int, jobs: int,
                     mine: Callable[[int], bool] = lambda _k: True) -> Iterator[Any]:
    """function(k) for k in range(count), given in order, made by `jobs` forked worker
    processes and by the caller: each worker takes the first item nobody has taken, and
    an item nobody has taken when the caller comes to it (and `mine` says the caller may
    take) is given as TAKEN, for the caller to do itself. The caller so works instead of
    waiting (while the workers start, and whenever it is ahead of them). Linux (fork)
    only.

    Lighter than a multiprocessing pool, for items of milliseconds (a book's pages): no
    tasks are sent (the items are numbers, taken from a counter in shared memory), each
    worker writes its results, pickled, to a pipe of its own, and the caller reads a
    worker's pipe only when it comes to that worker's item, with no threads: a pool's
    three took Python's lock back from the caller for every item, which cost a cached
    100-puzzle book 80-100 ms of CPU under load. A worker's exception is raised here when
    its item is reached; Ctrl-C and the stop signals are raised where the caller is, and
    leaving the loop early, or any error, kills the workers (they also die with their
    parent: _worker_init)."""
    import mmap

    # pickle reads only what a worker this process forked wrote to a pipe no other
    # process holds (as a multiprocessing pool's own pipes did): never a file or a cache
    # entry, which are read by their own readers and could otherwise run code.
    import pickle

    # Shared by every process: the next item nobody has taken (8 bytes), then each item's
    # taker (0 the caller, w + 1 worker w: at most 254 workers; NOBODY yet). A pipe holding
    # one byte is the lock: reading it takes it, writing it back gives it back (no file,
    # no semaphore).
    jobs = min(jobs, NOBODY - 1)
    table = mmap.mmap(-1, 8 + count)
    table[8:] = bytes([NOBODY]) * count
    lock_read, lock_write = os.pipe()
    os.write(lock_write, b"x")

    def take(who: int, own: int | None = None) -> int | None:
        """The first item nobody has taken, now worker `who`'s (None when none is left);
        or, for the caller (`own`: the item it has come to), that item if nobody has
        taken it."""
        os.read(lock_read, 1)
        try:
            k = int.from_bytes(table[:8], "little")
            if k >= count or own is not None and own != k:
                return None
            table[:8] = (k + 1).to_bytes(8, "little")
            table[8 + k] = who
            return k
        finally:
            os.write(lock_write, b"x")

    workers: list[tuple[int, Any]] = []
    try:
        with _signals_held():
            for w in range(jobs):
                read, write = os.pipe()
                pid = os.fork()
                if pid == 0:  # the worker: never returns
                    _work(function, lambda: take(w + 1), read, write, [r for _p, r in workers])
                os.close(write)
                workers.append((pid, os.fdopen(read, "rb")))
        for k in range(count):
            if mine(k) and take(0, own=k) == k:
                yield TAKEN
                continue
            while table[8 + k] == NOBODY:  # an item the caller may not take, not yet taken
                time.sleep(0.001)
            pid, results = workers[table[8 + k] - 1]
            header = results.read(8)
            if len(header) < 8:
                _, status = os.waitpid(pid, 0)
                raise WorkerLost(f"a worker process ended without its work (status {status})")
            size = int.from_bytes(header, "little")
            data = results.read(size)
            if len(data) < size:
                _, status = os.waitpid(pid, 0)
                raise WorkerLost(f"a worker process ended without its work (status {status})")
            done, item = pickle.loads(data)
            if not done:
                raise item
            yield item
    finally:
        for pid, results in workers:
            try:
                os.kill(pid, signal.SIGKILL)  # ended already, normally: each stops when nothing is left
            except ProcessLookupError:
                pass
            results.close()
        for pid, _results in workers:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        os.close(lock_read)
        os.close(lock_write)
        table.close()


def _work(function: Callable[[int], Any], take: Callable[[], int | None], read: int, write: int,
          inherited: list[Any]) -> None:
    """A worker of claimed_in_order: items taken and done until none is left, each result
    (or the exception that stopped it) written to its pipe; then the process ends, never
    running the parent's code after the fork."""
    import pickle

    status = 0
    try:
        _worker_init(os.getppid())
        os.close(read)
        for stream in inherited:
            stream.close()
        out = os.fdopen(write, "wb")
        while (k := take()) is not None:
            try:
                data = pickle.dumps((True, function(k)), pickle.HIGHEST_PROTOCOL)
            except Exception as exc:  # noqa: BLE001 - raised in the parent when it reaches item k
                try:
                    data = pickle.dumps((False, exc), pickle.HIGHEST_PROTOCOL)
                except Exception:  # noqa: BLE001 - an exception that cannot be pickled
                    data = pickle.dumps((False, BookgenError(f"{type(exc).__name__}: {exc}")))
                out.write(len(data).to_bytes(8, "little") + data)
                break
            out.write(len(data).to_bytes(8, "little") + data)
        out.flush()
    except BaseException:  # noqa: BLE001 - a worker never returns into the parent's code
        status = 1
    finally:
        os._exit(status)


# Ctrl-C and the stop signals, held while the pool forks its workers.
HELD_SIGNALS = (signal.SIGINT, *STOP_SIGNALS)


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold the stop signals while workers are forked: one arriving during a fork is
    raised inside Python's at-fork handlers, which ignore exceptions, so the stop was
    lost and the build went on (seen under load: "Exception ignored in _releaseLock").
    Held, it is raised when the block ends, where the caller's cleanup sees it. The
    workers start with it held and release it in _worker_init, after setting their own
    handlers."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def signals_held() -> Iterator[None]:
    """Within the block, Ctrl-C and the stop signals wait; one that arrived is raised
    when the block ends (files renamed into place as a set, none or all)."""
    return _signals_held()


class OutOfTime(BookgenError):
    """A piece of work ran past its time limit (`bookgen solve --timeout`)."""


@contextmanager
def time_limit(seconds: float, message: str) -> Iterator[None]:
    """Stop the block with OutOfTime(message) after `seconds` of wall-clock time (where
    the platform has interval timers; elsewhere the block runs to its end)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expire(_signum: int, _frame: Any) -> None:
        raise OutOfTime(message)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def deadline_after(seconds: float | None) -> Callable[[], bool] | None:
    """An `expired` test for a wall-clock limit (None: no limit): the Deadline a long
    engine call asks now and then, besides running the signal handlers (see
    bookgen.solve.engine). A generation's Budget gives its own, on process time."""
    if seconds is None:
        return None
    deadline = time.monotonic() + seconds
    return lambda: time.monotonic() > deadline


# How often the parent looks for a noted signal while it waits for a worker's result.
_POLL_SECONDS = 0.1


def _arrivals(results: Iterator[Any], noted: list[int]) -> Iterator[Any]:
    """Every result in order, raising for a signal only between waits.

    An exception raised by a signal handler while the pool's result iterator holds its
    lock leaves that lock held, and Pool.terminate then waits for it forever (seen under
    load: the parent hung after SIGTERM with its workers alive). So while the pool runs,
    the handlers only note the signal, and it is raised here, outside the pool's locks.
    """
    from multiprocessing import TimeoutError as NotYet

    while True:
        if noted:
            raise KeyboardInterrupt() if noted[0] == signal.SIGINT else Stopped(noted[0])
        try:
            result = results.next(_POLL_SECONDS)  # type: ignore[attr-defined]
        except NotYet:
            continue
        except StopIteration:
            return
        yield result


@contextmanager
def _signals_noted() -> Iterator[list[int]]:
    """Within the block Ctrl-C, SIGTERM and SIGHUP are appended to the yielded list."""
    noted: list[int] = []

    def note(signum: int, _frame: Any) -> None:
        noted.append(signum)

    watched = (signal.SIGINT, *STOP_SIGNALS)
    previous = {sig: signal.signal(sig, note) for sig in watched}
    try:
        yield noted
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if noted:
            raise KeyboardInterrupt() if noted[0] == signal.SIGINT else Stopped(noted[0])
