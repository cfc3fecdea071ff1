"""Write build results safely: a whole new output folder is built beside the old one, then switched in.

A build writes into a staging folder `.<name>-<random>` beside the output folder. When every file is
there, files of other profiles that the previous manifest lists are linked in, and the staging
folder takes the output folder's place in one atomic exchange (Linux `renameat2`), so a reader sees
the complete previous build or the complete new one, never a mix, and files the new manifest does
not list (a removed card's PNG) are gone. Builds into one folder take a lock and wait for each other;
staging folders left by a crashed build are removed by the next build into that folder.
"""
from __future__ import annotations

import ctypes
import json
import os
import re
import shutil
import signal
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterator

from generator.core.errors import UserError
from generator.core.files import open_lock

MANIFEST = "manifest.json"


class OutputError(UserError):
    """An output folder that cannot be written as asked: names the path and what to do."""


@dataclass
class Produced:
    """One file a build wrote, as the manifest lists it."""

    path: str          # relative to the edition's output folder
    kind: str          # sheet, tokens, print-shop, png, tts, proof, rulebook, ...
    profile: str | None
    pages: int | None = None
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        data = asdict(self)
        data.update(data.pop("extra"))
        return {k: v for k, v in data.items() if v is not None}


def check_out_dir(out_dir: Path) -> Path:
    """An output folder the build may replace as a whole: refuse anything else before any work."""
    if str(out_dir) in ("", "."):
        raise OutputError(f"output folder '{out_dir}': give a named folder, e.g. --out output/kit")
    if "\0" in str(out_dir):
        raise OutputError(f"output folder {str(out_dir)!r}: a path cannot hold a NUL character")
    for parent in [out_dir, *out_dir.parents]:
        if parent.exists() and not parent.is_dir():
            raise OutputError(f"{parent}: a file where the output folder needs a folder; choose another --out")
    if out_dir.is_dir() and any(out_dir.iterdir()) and not (out_dir / MANIFEST).is_file():
        raise OutputError(f"{out_dir}: a folder with files that no build wrote (no {MANIFEST}); "
                          "a build replaces its output folder as a whole, so choose an empty or new folder")
    if out_dir.resolve() in (Path.home().resolve(), Path.cwd().resolve(), Path("/")):
        raise OutputError(f"{out_dir}: the home, current or root folder cannot be an output folder")
    return out_dir


@contextmanager
def staging(out_dir: Path) -> Iterator[Path]:
    """A new folder beside out_dir; when the block succeeds it becomes out_dir in one atomic switch."""
    check_out_dir(out_dir)
    if out_dir.is_symlink():  # switch the folder the link points at, and keep the link
        out_dir = out_dir.resolve()
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    with _locked(out_dir):
        remove_leftovers(out_dir)
        with _signals_held():  # a SIGTERM now would leave the new folder behind: it waits for the `try`
            stage = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-", dir=out_dir.parent))
        try:
            os.chmod(stage, 0o777 & ~_umask())  # mkdtemp's 0700 would make the output private
            yield stage
            _carry_over(out_dir, stage)
            with _signals_held():  # the switch and the removal of the previous build are not interrupted
                _switch(stage, out_dir)
        except OSError as exc:  # a full disk often reports no file name: name the output folder
            exc.filename = exc.filename if exc.filename is not None else str(out_dir)
            raise
        finally:
            with _signals_held():
                shutil.rmtree(stage, ignore_errors=True)


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGTERM and SIGINT are held back inside the block and delivered when it ends."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        yield
        return
    held = {signal.SIGTERM, signal.SIGINT}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def leftovers(out_dir: Path) -> list[Path]:
    """Staging folders of out_dir that a crashed or killed build left behind."""
    pattern = re.compile(rf"^\.{re.escape(out_dir.name)}-[a-z0-9_]{{8}}(-previous)?$")
    if not out_dir.parent.is_dir():
        return []
    return sorted(p for p in out_dir.parent.iterdir() if pattern.match(p.name) and p.is_dir())


def tidy(out_dir: Path) -> None:
    """Remove what a crashed build of out_dir left behind, under its lock; a build that finds its
    output up to date writes nothing else but still cleans up."""
    if out_dir.is_symlink():
        out_dir = out_dir.resolve()
    if leftovers(out_dir):
        with _locked(out_dir):
            remove_leftovers(out_dir)


def remove_leftovers(out_dir: Path) -> None:
    """Called under the lock: no other build of out_dir is running, so every staging folder is stale."""
    for stale in leftovers(out_dir):
        if stale.name.endswith("-previous") and not out_dir.exists():  # killed between two renames
            os.rename(stale, out_dir)
        elif stale.is_symlink():
            stale.unlink()
        else:
            shutil.rmtree(stale, ignore_errors=True)


@contextmanager
def _locked(out_dir: Path) -> Iterator[None]:
    """An exclusive lock on `.<name>.lock` beside out_dir; a second build waits and says so."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: builds into one folder are not serialised
        yield
        return
    with open_lock(out_dir.parent / f".{out_dir.name}.lock") as handle:  # never through a link
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"waiting for another build into {out_dir} ...", file=sys.stderr, flush=True)
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield  # closing the file releases the lock, also when the process is killed


def _carry_over(out_dir: Path, stage: Path) -> None:
    """Link into stage the files of other profiles that the new manifest keeps from the previous build."""
    manifest = stage / MANIFEST
    if not manifest.is_file() or not out_dir.is_dir():
        return
    for entry in json.loads(manifest.read_text()).get("files", []):
        relative = Path(entry["path"])
        source, dest = out_dir / relative, stage / relative
        if dest.exists() or not source.is_file() or not _inside(out_dir, source) or not _inside(stage, dest):
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(source, dest)
        except OSError:  # another file system, or links not allowed
            shutil.copy2(source, dest)


def _inside(folder: Path, path: Path) -> bool:
    return path.resolve().is_relative_to(folder.resolve())


def _switch(stage: Path, out_dir: Path) -> None:
    """stage becomes out_dir; the previous out_dir ends up at stage's path, to be removed."""
    if not out_dir.exists():
        os.rename(stage, out_dir)
        return
    if _exchange(stage, out_dir):
        return
    # No atomic exchange on this system: two renames; a reader may find no folder for a moment.
    previous = stage.with_name(stage.name + "-previous")
    os.rename(out_dir, previous)
    os.rename(stage, out_dir)
    os.rename(previous, stage)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically with Linux renameat2(RENAME_EXCHANGE); False where not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    errno = ctypes.get_errno()
    if errno in (22, 38, 95):  # EINVAL, ENOSYS, EOPNOTSUPP: the file system cannot exchange
        return False
    raise OSError(errno, os.strerror(errno), str(b))


def _kept_entry(entry: object, folder: Path) -> bool:
    """An entry of a previous manifest worth keeping: an object naming a file that is still inside folder."""
    if not isinstance(entry, dict) or not isinstance(entry.get("path"), str) or "\0" in entry["path"]:
        return False
    path = folder / entry["path"]
    return not Path(entry["path"]).is_absolute() and path.exists() and _inside(folder, path)


def write_manifest(stage: Path, game: str, edition: str, produced: list[Produced], previous: Path | None,
                   skipped: list[dict] | None = None) -> None:
    """manifest.json: every file of this build (entries of other profiles from an earlier build are
    kept) and, under `skipped`, every component a profile of this build left out and why."""
    entries = {p.path: p.as_dict() for p in produced}
    if previous and previous.is_file():
        try:
            old = json.loads(previous.read_text())
            built = {p.profile for p in produced}
            for entry in old.get("files", []) if isinstance(old, dict) else []:
                if not _kept_entry(entry, previous.parent) or entry.get("kind") == "preflight":
                    continue   # not an object naming a file still there, or a report on files this build replaced
                if entry.get("profile") not in built:
                    entries.setdefault(entry["path"], entry)
        except (ValueError, RecursionError, TypeError, OSError):  # a damaged manifest keeps nothing
            pass
    data = {"game": game, "edition": edition, "files": [entries[k] for k in sorted(entries)],
            "skipped": sorted(skipped or [], key=lambda s: (s["profile"], s["component"]))}
    (stage / MANIFEST).write_text(json.dumps(data, indent=2) + "\n")
