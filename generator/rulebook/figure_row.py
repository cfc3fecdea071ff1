"""Figures set side by side: consecutive figures narrow enough to share the text's width (a gallery of
two druid tokens, one of two cube chits) go on one row, each with its caption under it, instead of
one under the other with most of each line left blank."""
from __future__ import annotations

from reportlab.platypus import Flowable

from generator.rulebook.flowables import FigureBlock

GAP = 12.0   # points between two figures on a row


def natural_width(block: Flowable, width: float) -> float | None:
    """How wide the drawing of a figure ``block`` is at ``width``, when it can say so (a drawing
    with ``natural_width``); None for any other block, which keeps the whole width."""
    if not isinstance(block, FigureBlock) or isinstance(block, FigureRow) or len(block.drawing) != 1:
        return None
    measure = getattr(block.drawing[0], "natural_width", None)
    return measure(width) if measure is not None else None


def figures_side_by_side(flowables: list[Flowable], width: float) -> list[Flowable]:
    """Each run of consecutive figures whose drawings fit the ``width`` side by side, with ``GAP``
    between them, set as one ``FigureRow`` (the fewest rows, filled in reading order)."""
    out: list[Flowable] = []
    row: list[tuple[FigureBlock, float]] = []

    def close() -> None:
        if len(row) > 1:
            out.append(FigureRow([b for b, _ in row], [w for _, w in row], width))
        else:
            out.extend(b for b, _ in row)
        row.clear()

    for f in flowables:
        drawn = natural_width(f, width)
        if drawn is None:
            close()
            out.append(f)
            continue
        if row and sum(w for _, w in row) + GAP * len(row) + drawn > width:
            close()
        row.append((f, drawn))
    close()
    return out


class FigureRow(FigureBlock):
    """Figures on one row, tops aligned, each in a column as wide as its drawing and an even share
    of the width left over, its caption under it; never parted (it moves to the next page whole)."""

    def __init__(self, blocks: list[FigureBlock], widths: list[float], width: float):
        super().__init__([], None)
        self.blocks = blocks
        spare = (width - sum(widths) - GAP * (len(blocks) - 1)) / len(blocks)
        self.columns = [w + spare for w in widths]
        self._heights: list[float] = []

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self._heights = [b.wrap(w, 1e6)[1] for b, w in zip(self.blocks, self.columns)]
        self.width, self.height = avail_width, max(self._heights)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        return []

    def getSpaceAfter(self) -> float:
        return max(b.getSpaceAfter() for b in self.blocks)

    def draw(self) -> None:
        x = (self.width - sum(self.columns) - GAP * (len(self.blocks) - 1)) / 2
        for block, column, height in zip(self.blocks, self.columns, self._heights):
            block.wrapOn(self.canv, column, 1e6)
            block.drawOn(self.canv, x, self.height - height)
            x += column + GAP
