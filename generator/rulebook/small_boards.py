"""Small boards: the table after each of several turns, drawn small and plain (values, no card art),
several to a row, with a caption above each and one legend beneath them all.

An engine's appendix hands over, for each board, a caption and a function that draws the board into
a box (``draw(canvas, x, y, width, height, size)``, lower-left corner, ``size`` the text size to use:
the style sheet's smallest figure text, so every word stays legible at the printed size).
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from reportlab.platypus import Flowable

from generator.rulebook.legend import Key, Legend, SpreadLegend, Swatch
from generator.rulebook.styles import Styles

DrawBoard = Callable[[Any, float, float, float, float, float], None]


class SmallBoards(Flowable):
    """``boards`` ((caption, draw) pairs) in rows across ``width`` points, each cell at least
    ``cell`` points wide and ``aspect`` times as high as wide; ``legend`` items and ``swatches`` as
    ``Legend`` takes them.
    At a page foot the rows run on to the next page, as a table's do, the legend under the last: of
    the marks no earlier key on its spread explained (``SpreadLegend``).
    ``rows``, when given, names for each board the row of the table above it that it shows (the
    text of the row's first cell): the table and the boards then part only where each board stays
    on the page of its row (``flowables.TableFigure``)."""

    min_scale = 1.0   # its text is at the figures' smallest size already: a page must not shrink it
    runs_on = True    # a figure of small boards may continue on the next page between two rows

    def __init__(self, styles: Styles, width: float, boards: list[tuple[str, DrawBoard]],
                 legend: list[tuple[str, str, str]], cell: float = 110.0, aspect: float = 0.8,
                 rows: list[str] | None = None, swatches: Mapping[str, Swatch] | None = None):
        super().__init__()
        self.styles, self.boards, self.swatches = styles, boards, swatches
        self.row_keys = rows
        if rows is not None and len(rows) != len(boards):
            raise ValueError(f"{len(boards)} small boards but {len(rows)} rows named for them")
        self.size = styles.sheet.figures.min_text
        self.per_row = max(1, int(width // cell))   # a lone board stays small, centred
        self.cell_w = width / self.per_row
        self.cell_h = self.cell_w * aspect
        self.caption_h = self.size * 1.6
        self.rows = -(-len(boards) // self.per_row)
        self.spread_legend = SpreadLegend(legend, lambda shown: Legend(styles, width, shown, swatches=swatches))
        self.width = width
        self.height = self.rows * (self.cell_h + self.caption_h) + self.legend.height

    @property
    def legend(self) -> Legend:
        return self.spread_legend.legend

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.height = self.rows * (self.cell_h + self.caption_h) + self.spread_legend.settle().height
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """The rows that fit ``avail_height`` (at least one) and the rest, which keeps the legend."""
        fit = int(avail_height // (self.cell_h + self.caption_h))
        if fit < 1 or fit >= self.rows:
            return []
        return list(self.parted(fit * self.per_row))

    def parted(self, cut: int) -> tuple["SmallBoards", "SmallBoards"]:
        """The first ``cut`` boards (without the legend) and the rest (with it), drawn as these are."""
        cell, aspect = self.width / self.per_row, self.cell_h / self.cell_w
        keys = self.row_keys
        return (SmallBoards(self.styles, self.width, self.boards[:cut], [], cell, aspect,
                            None if keys is None else keys[:cut]),
                SmallBoards(self.styles, self.width, self.boards[cut:], self.spread_legend.items, cell, aspect,
                            None if keys is None else keys[cut:], self.swatches))

    def alone(self) -> tuple["SmallBoards", Key | None]:
        """A figure of one board as two flowables: the board in a cell as wide as these are, its
        caption above it, and its legend as a ``Key`` (None without one), to be set beside a text."""
        cell, aspect = self.width / self.per_row, self.cell_h / self.cell_w
        board = SmallBoards(self.styles, cell, self.boards, [], cell, aspect, self.row_keys)
        return board, (Key(self.styles, cell, self.spread_legend.items, swatches=self.swatches)
                       if self.spread_legend.items else None)

    def height_of(self, count: int, legend: bool = False) -> float:
        """The height of the first ``count`` boards drawn as these are (with the legend or without)."""
        return -(-count // self.per_row) * (self.cell_h + self.caption_h) + (self.legend.height if legend else 0.0)

    def draw(self) -> None:
        canv = self.canv
        for i, (caption, draw) in enumerate(self.boards):
            row, col = divmod(i, self.per_row)
            in_row = min(self.per_row, len(self.boards) - row * self.per_row)
            x = (self.width - in_row * self.cell_w) / 2 + col * self.cell_w
            top = self.height - row * (self.cell_h + self.caption_h)
            canv.saveState()
            canv.setFont(self.styles.bold_font, self.size)
            canv.setFillColor(self.styles.palette.get("ink"))
            canv.drawCentredString(x + self.cell_w / 2, top - self.size, caption)
            canv.restoreState()
            draw(canv, x, top - self.caption_h - self.cell_h, self.cell_w, self.cell_h, self.size)
        self.spread_legend.drawn()
        self.legend.draw(canv, 0, self.legend.height)
