"""The rulebook in the studio: laid out by the build's own rulebook code into a scratch file, its
pages rasterised and named by the hash of their pixels, so a page that did not change
keeps its name and is not fetched again."""
from __future__ import annotations

import hashlib
import tempfile
import time
from pathlib import Path


from generator.model import Edition
from generator.model.layouts import Layouts, Profile

DPI = 60   # a page to read the layout from, not to proof type at


def rulebook_profile(layouts: Layouts) -> Profile | None:
    """The players' rulebook profile the build makes by default (else the first there is); never the
    designer's report."""
    books = [p for p in layouts.profiles.values()
             if p.kind == "rulebook" and p.options.get("audience", "players") == "players"]
    players = [p for p in books if p.default] or books
    return players[0] if players else None


def lay_out(edition: Edition, layouts: Layouts, paint) -> dict | None:
    """The rulebook's pages as {key, width, height} with their PNGs passed to `paint(key, png)`;
    None for a game without a rulebook. Raises UserError for a mistake in the rule text."""
    from generator.rulebook.book import build_rulebook
    from generator.rulebook.config import rules_folder

    profile = rulebook_profile(layouts)
    if profile is None or rules_folder(edition) is None:
        return None
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="pnpkit-studio-") as scratch:  # a fresh private folder: no
        target = Path(scratch) / "rulebook.pdf"                          # link a project planted is followed
        if build_rulebook(edition, layouts, profile, target) is None:
            return None
        pdf = target.read_bytes()
    pages = []
    for index, png, size in page_images(pdf):
        key = hashlib.sha256(png).hexdigest()[:24]
        paint(key, png)
        pages.append({"key": key, "width": size[0], "height": size[1], "number": index + 1})
    return {"profile": profile.id, "pages": pages, "took_ms": round((time.perf_counter() - started) * 1000)}


def page_images(pdf: bytes):
    import pypdfium2

    from generator.exporters.raster import png_bytes, rasterise
    document = pypdfium2.PdfDocument(pdf)
    sizes = [document[i].get_size() for i in range(len(document))]
    document.close()
    tasks = [(i, (max(1, round(w * DPI / 72)), max(1, round(h * DPI / 72))), DPI, None) for i, (w, h) in enumerate(sizes)]
    for (index, pixels, dpi, _), rgb in zip(tasks, rasterise(pdf, tasks, workers=1)):
        yield index, png_bytes(rgb, pixels, dpi), pixels



