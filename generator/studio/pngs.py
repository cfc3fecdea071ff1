"""PNGs of the pages of a faces PDF, on a pool of worker processes kept for the whole session.

The pool is started (with `spawn`, since the server has threads by then) and warmed up once, so a
template change that repaints a whole deck pays no process start-up; a few pixels are painted in
this process, where sending the PDF to the workers would cost more than it saves (a deck of 36
thumbnails is a few milliseconds of pdfium, and parsing the PDF again in each worker costs more).
"""
from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from generator.exporters.raster import WORKERS, png_bytes, rasterise

Task = tuple[int, tuple[int, int], int]   # page index, pixel size, dpi
IN_PROCESS_PIXELS = 4_000_000   # painted here rather than on the workers: 36 cards shown at 96 px an inch


def pngs(pdf: bytes, tasks: list[Task]) -> list[bytes]:
    """Each task's page as PNG bytes (the function a worker runs on its share of the pages)."""
    raw = rasterise(pdf, [(i, px, dpi, None) for i, px, dpi in tasks], workers=1)
    return [png_bytes(rgb, px, dpi) for rgb, (_, px, dpi) in zip(raw, tasks)]


class PngPool:
    def __init__(self, workers: int = min(WORKERS, os.cpu_count() or 1)):
        self.workers = workers
        self.pool = None
        if workers > 1:
            self.pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
            list(self.pool.map(_warm, range(workers)))   # start them now, not on the first big save

    def paint(self, pdf: bytes, tasks: list[Task]) -> list[bytes]:
        if self.pool is None or sum(w * h for _, (w, h), _ in tasks) <= IN_PROCESS_PIXELS:
            return pngs(pdf, tasks)
        shares = [tasks[k::self.workers] for k in range(self.workers)]
        done = list(self.pool.map(pngs, [pdf] * self.workers, shares))
        out: list[bytes] = [b""] * len(tasks)
        for k, share in enumerate(done):
            out[k::self.workers] = share
        return out

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


def _warm(_: int) -> None:
    import pypdfium2  # noqa: F401  (the import is most of a worker's start-up)
