"""Parsed PDF pages, kept on disk for the test run. Many tests read the same built book (the 15
player books above all), and reading a page costs far more than loading what an earlier reading
found: pdfplumber's parse of a page (its chars, rects, curves ...) about 30 times more, pypdf's
``extract_text()`` about as much. Each result is stored under the SHA-256 of the PDF's bytes and the
page number, so an edited or rebuilt file is read afresh, and every pytest-xdist worker of the run
uses what another has read (a lock per page: each page is read once a run).

What a test sees is unchanged: each page it opens gets its own fresh copy of what the library found.
Readings with options (pdfplumber's ``laparams`` or Unicode normalisation, any argument to
``extract_text``) are made as before, every time."""
from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path
from typing import Any, Callable

try:
    import fcntl
except ImportError:  # not POSIX: no lock, each worker may read a page once
    fcntl = None  # type: ignore[assignment]

_folder: Path | None = None


def install(folder: Path) -> None:
    """Keep parsed pages in ``folder`` (shared by the run's workers) from now on, in this process."""
    global _folder
    import pdfplumber.page
    import pypdf
    folder.mkdir(parents=True, exist_ok=True)
    _folder = folder
    for cls, name, kept in ((pdfplumber.page.Page, "parse_objects", _parse_objects),
                            (pypdf.PageObject, "extract_text", _extract_text)):
        if not hasattr(cls, f"_{name}_uncached"):
            setattr(cls, f"_{name}_uncached", getattr(cls, name))
            setattr(cls, name, kept)


def _parse_objects(page) -> dict:
    pdf = page.pdf
    if _folder is None or pdf.laparams is not None or pdf.unicode_norm is not None or pdf.path is None:
        return page._parse_objects_uncached()
    if not hasattr(pdf, "_pnp_digest"):
        pdf._pnp_digest = hashlib.sha256(Path(pdf.path).read_bytes()).hexdigest()
    return _kept(f"{pdf._pnp_digest}-{page.page_number}.objects", page._parse_objects_uncached)


def _extract_text(page, *args: Any, **kwargs: Any) -> str:
    reader = getattr(page, "pdf", None)
    stream = getattr(reader, "stream", None)
    number = page.page_number if _folder is not None and hasattr(stream, "getvalue") else None
    if args or kwargs or number is None:
        return page._extract_text_uncached(*args, **kwargs)
    if not hasattr(reader, "_pnp_digest"):
        reader._pnp_digest = hashlib.sha256(stream.getvalue()).hexdigest()
    return _kept(f"{reader._pnp_digest}-{number}.text", page._extract_text_uncached)


def _kept(name: str, read: Callable[[], Any]) -> Any:
    """What ``read()`` returns, from the run's folder when a worker has read it before."""
    assert _folder is not None
    stored = _folder / f"{name}.pickle"
    with open(_folder / f"{name}.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        if stored.exists():
            return pickle.loads(stored.read_bytes())
        found = read()
        try:
            data = pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # an object the library left unpicklable: this page is not kept
            return found
        partial = _folder / f"{name}.{os.getpid()}.part"
        partial.write_bytes(data)
        os.replace(partial, stored)
        return found
