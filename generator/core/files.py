"""The one containment rule for files a project makes the tool read, and the one way it writes.

A project is untrusted: any of its files may be a link to anything on the machine. A file found inside
one of the trusted trees (the project root, the components and layouts folders the user named, the
installed package's own data) is read only when its real path, every link followed, stays inside that
same tree, and only when it is a regular file (never a FIFO or a device). A refused file is never
opened, so nothing of its content can reach a message or an output. A path the user names directly,
outside every tree, is the user's own choice and is only held to being a regular file.

Writes go through a temporary file in the target folder and ``os.replace``, never through a link, and
lock files are opened with ``O_NOFOLLOW``: a project cannot make the tool write outside it.
"""
from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
import tempfile
from functools import lru_cache
from pathlib import Path

from generator.core.errors import GameDataError, UserError

PACKAGE = Path(__file__).resolve().parents[1]  # the installed package's own data (built-in looks, scaffold)


def trusted_roots() -> tuple[Path, ...]:
    """The trees files are found in: the current project's folders and the package's."""
    env = tuple(os.environ.get(name, "") for name in ("PNP_PROJECT", "PNP_COMPONENTS", "PNP_LAYOUTS"))
    return _roots(os.getcwd(), env)


@lru_cache(maxsize=8)
def _roots(cwd: str, env: tuple[str, ...]) -> tuple[Path, ...]:
    from generator.core.project import current

    project = current()
    named = [Path(os.path.abspath(p)) for p in (project.components, project.layouts, project.root, PACKAGE)]
    return tuple(dict.fromkeys(named + [p.resolve() for p in named]))  # as named and with links followed


def refusal(path: Path, roots: tuple[Path, ...] | None = None) -> str | None:
    """Why ``path`` may not be read, or None when it may."""
    lexical = Path(os.path.abspath(path))
    try:
        real = path.resolve(strict=False)
    except (OSError, RuntimeError):
        return "a link that leads nowhere (a loop)"
    trees = roots or trusted_roots()
    if any(lexical.is_relative_to(root) for root in trees) and not any(real.is_relative_to(r) for r in trees):
        return "a link that leads outside the project"
    try:
        mode = real.stat().st_mode
    except OSError:
        return None  # absent or unreadable: the reader says so in its own words
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        return "a special file (a pipe or a device), not a regular file"
    return None


def contained(path: Path, roots: tuple[Path, ...] | None = None) -> Path:
    """``path`` itself when it may be read.

    :raises GameDataError: naming the path only (nothing of where it leads) when it may not.
    """
    reason = refusal(path, roots)
    if reason:
        raise GameDataError(path, None, "", "a regular file inside the project", reason)
    return path


def within(root: Path, relative: str) -> Path | None:
    """``root / relative`` when it names a file that may be read and stays inside ``root`` (an
    absolute name, a ``..`` or a link leading out of it is not found), else None."""
    path = root / relative
    if Path(relative).is_absolute() or refusal(path) or not path.is_file():
        return None
    return path if path.resolve().is_relative_to(root.resolve()) else None


# ------------------------------------------------------------------ digests of whole folders

MAX_DIGESTED = 64 * 2**20  # a larger file is digested by its size and modification time, not read


def tree_files(root: Path, skip: frozenset[str] = frozenset()) -> list[str]:
    """Every file under ``root`` that may be read, in a fixed order: a linked folder is followed
    only when it stays inside the trusted trees (a link to / is not walked), and links out of them,
    pipes and devices are left out. ``skip``: folder names not entered (``__pycache__`` of code)."""
    roots = trusted_roots()
    paths, seen = [], {os.path.realpath(root)}
    for folder, subfolders, files in os.walk(root, followlinks=True):
        kept = []
        for name in subfolders:
            full = os.path.join(folder, name)
            real = os.path.realpath(full)
            leads_out = os.path.islink(full) and not any(Path(real).is_relative_to(r) for r in roots)
            if name not in skip and real not in seen and not leads_out:
                seen.add(real)
                kept.append(name)
        subfolders[:] = kept
        paths += [p for p in (os.path.join(folder, n) for n in files) if _digestible(p, roots)]
    return sorted(paths)


def _digestible(path: str, roots: tuple[Path, ...]) -> bool:
    """A plain file in a folder the walk entered is inside; a link is followed only when it may be read."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    if stat.S_ISREG(mode):
        return True
    return stat.S_ISLNK(mode) and refusal(Path(path), roots) is None and os.path.isfile(path)


def file_digest(path: str, cap: int = MAX_DIGESTED) -> bytes:
    """The SHA-256 of a regular file's bytes (its size and time above ``cap``); a marker for anything
    else. Opened without blocking, so a file swapped for a pipe after the check cannot hang."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return b"\0unreadable"
    with os.fdopen(fd, "rb") as stream:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return b"\0special"
        if info.st_size > cap:
            return f"\0large {info.st_size} {info.st_mtime_ns}".encode()
        digest = hashlib.sha256()
        while chunk := stream.read(1 << 20):
            digest.update(chunk)
        return digest.digest()


def read_kept(path: Path, cap: int = 64 * 2**20) -> str | None:
    """The text of a file the tool keeps for itself in a project's cache (a record, a hint, an answer),
    or None when it is absent, unreadable, larger than ``cap`` bytes, not a regular file or a link
    leading out of the project: a cloned project's cache may hold anything. Opened without blocking,
    so a file swapped for a pipe after the check cannot hang."""
    if refusal(path) is not None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as stream:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > cap:
            return None
        try:
            return stream.read(cap + 1).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return None


# ------------------------------------------------------------------ writes

def _leads_out(path: Path) -> bool:
    """True when ``path`` is itself a link, or lies in a trusted tree but its folder's real path does not."""
    if path.is_symlink():
        return True
    trees = trusted_roots()
    lexical = Path(os.path.abspath(path.parent))
    return any(lexical.is_relative_to(r) for r in trees) and \
        not any(path.parent.resolve().is_relative_to(r) for r in trees)


def write_atomically(path: Path, data: bytes | str) -> None:
    """Write ``path`` as a whole or not at all: a temporary file in the same folder, then ``os.replace``
    (a kill or a full disk leaves the previous file as it was). A link at ``path``, or a folder that
    leads out of the project, is refused: nothing is written through it.

    :raises UserError: for a link; OSError for the write itself.
    """
    if _leads_out(path):
        raise UserError(f"{path}: a link (or a folder leading out of the project) where a file is to be "
                        "written; nothing is written through it, remove the link")
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG
    except OSError as exc:
        exc.filename = str(path)
        raise
    if not stat.S_ISREG(mode):
        lexical = Path(os.path.abspath(path))
        if any(lexical.is_relative_to(r) for r in trusted_roots()):  # a node planted in the project
            raise UserError(f"{path}: a pipe, device or folder where a file is to be written; remove it")
        _write_special(path, payload, mode)  # one the user named (--json /dev/stdout): written, never replaced
        return
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", suffix=".tmp", dir=path.parent)
    except OSError as exc:  # name the file asked for, not the temporary one
        exc.filename = str(path)
        raise
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            exc.filename = str(path)
        raise


def _write_special(path: Path, payload: bytes, mode: int) -> None:
    """Write to a device or pipe in place, without waiting for a reader that never comes."""
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
    except OSError as exc:
        exc.filename = str(path)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def open_lock(path: Path):
    """A lock file opened for flock, never through a link (``O_NOFOLLOW``): a link there is refused.

    :raises UserError: for a link or anything else that is not a regular file.
    """
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | os.O_NONBLOCK
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENXIO, errno.EISDIR):
            raise UserError(f"{path}: a link or a special file where the lock file goes; remove it") from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise UserError(f"{path}: not a regular file where the lock file goes; remove it")
    return os.fdopen(fd, "a+b")
