"""The process a build runs in: SIGTERM ends it cleanly, and forked workers die with it.

Installed once by the command line's main(). A SIGTERM becomes an exception, so every `finally`
runs (staging folders are removed, pools terminate their workers). Every child forked afterwards,
by any pool, asks the kernel for SIGKILL when its parent dies, so a `kill -9` of a build leaves no
worker processes behind.
"""
from __future__ import annotations

import os
import signal
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # multiprocessing and ctypes are imported where used: most commands never fork
    import multiprocessing

PR_SET_PDEATHSIG = 1


class Terminated(BaseException):
    """The process got SIGTERM: unwind like Ctrl-C, then exit 143."""


def _raise_terminated(signum, frame) -> None:
    raise Terminated()


_forking = [0]  # the pid of the process about to fork, read back in the child


def _before_fork() -> None:
    import ctypes  # noqa: F401  imported once here, so each child finds it loaded (only forking commands pay)
    _forking[0] = os.getpid()


def _in_child() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a pool's terminate() must simply end the worker
    if sys.platform.startswith("linux"):
        import ctypes
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (AttributeError, OSError):  # pragma: no cover
            pass
    if os.getppid() != _forking[0]:  # the parent died before the request above took effect
        os._exit(1)


_installed = [False]


def install() -> None:
    """Turn SIGTERM into Terminated and make forked children die with this process."""
    signal.signal(signal.SIGTERM, _raise_terminated)
    if not _installed[0]:
        os.register_at_fork(before=_before_fork, after_in_child=_in_child)
        _installed[0] = True


def pool_context() -> multiprocessing.context.BaseContext:
    """The start method for worker processes: ``PNP_START_METHOD`` when set, else fork where the
    platform has it on Linux (quick to start), spawn elsewhere. Every task is a module-level
    function with picklable arguments, so any method gives the same results."""
    import multiprocessing
    method = os.environ.get("PNP_START_METHOD")
    if method not in multiprocessing.get_all_start_methods():
        linux_fork = "fork" in multiprocessing.get_all_start_methods() and sys.platform.startswith("linux")
        method = "fork" if linux_fork else "spawn"
    return multiprocessing.get_context(method)
