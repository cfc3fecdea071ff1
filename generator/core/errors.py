"""Errors a user can cause, each printable as one clear message with an exit code."""
from __future__ import annotations

import difflib
import errno
from collections.abc import Iterable
from pathlib import Path


class UserError(Exception):
    """A mistake in the user's input: shown as one message, never as a traceback."""

    exit_code = 2


def shown_path(path: Path | str) -> str:
    """A path as a message shows it: relative to the current folder when it lies below it."""
    try:
        return str(Path(path).relative_to(Path.cwd())) if Path(path).is_absolute() else str(path)
    except (ValueError, OSError):
        return str(path)


def did_you_mean(name: object, known: Iterable[object]) -> str:
    """``repr(name)``, and the nearest of ``known`` when one is close: `'inkk' (did you mean 'ink'?)`."""
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1, cutoff=0.6)
    return f"{name!r} (did you mean {close[0]!r}?)" if close else repr(name)


class GameDataError(UserError):
    """A game or layout file that cannot be used: names file, line, key, expectation and finding."""

    def __init__(self, file: Path | str, line: int | None, key: str, expected: str, found: str):
        self.file, self.line, self.key = str(file), line, key
        self.expected, self.found = expected, found
        where = f"{shown_path(self.file)}:{line}" if line else shown_path(self.file)
        key_part = f" at '{key}'" if key else ""
        super().__init__(f"{where}{key_part}: expected {expected}, found {found}")


class ValidationFailed(UserError):
    """Deck or print-safety violations found with --strict or by validate."""

    exit_code = 1


_ADVICE = {
    errno.ENOSPC: "free some space or choose another --out",
    errno.EDQUOT: "free some space or choose another --out",
    errno.EFBIG: "the file is larger than this system allows; free some space or raise the limit",
    errno.EROFS: "the file system is read-only; choose another --out",
    errno.EACCES: "you may not write there; choose another folder or change its permissions",
    errno.EPERM: "you may not write there; choose another folder or change its permissions",
    errno.ENOENT: "check that the folder exists",
    errno.ENOTDIR: "a file stands where a folder is needed; choose another path",
    errno.EISDIR: "a folder stands where a file is needed; choose another path",
    errno.ENAMETOOLONG: "choose a shorter name",
}


def os_error_status(exc: OSError) -> int:
    """1 when a write failed part-way (a full disk, an I/O error), 2 for a path that cannot be used."""
    return 1 if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO) else 2


def describe_os_error(exc: OSError) -> str:
    """One line for an error the operating system gave: the path, what happened, what to do."""
    path = exc.filename if exc.filename is not None else "a file being written"
    what = exc.strerror or type(exc).__name__
    advice = _ADVICE.get(exc.errno, "")
    return f"{path}: {what}" + (f"; {advice}" if advice else "")
