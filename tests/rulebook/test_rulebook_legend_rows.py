"""A figure's legend takes as few rows as its items fit in: items that would start a new row in their
order are flowed into the free width of the rows above, so a key that gains an item (the pieces a
board draws) need not grow a row."""
from __future__ import annotations

import pytest

from rulebook_helpers import ROOT  # noqa: F401  (puts the tests' helpers on the path)


@pytest.fixture(scope="module")
def styles():
    from generator.model import layouts_for, load_edition
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    layouts = layouts_for(load_edition("the-channeling", "2025"))
    return build_styles(layouts, load_style_sheet(layouts, "styles"))


# a made-up board's key: two long items, a short one, two long ones, then the pieces it draws
ITEMS = [("badge", "green", "a well the wardens hold"), ("ring", "move", "a lantern lit this turn"),
         ("badge", "blue", "Moss"), ("line", "path", "the road the courier rode"),
         ("circle", "move", "a bridge that burned down"),
         ("disc", "green", "Rook's pieces"), ("disc", "blue", "Crow's")]


def _widths(legend, row):
    gap = legend.size * 1.4
    return sum(legend._item_width(words, kind) for kind, _, words in row) - gap


def test_items_that_would_open_a_row_flow_into_the_free_width_above(styles):
    """At a width that holds the first three items and Rook's pieces on one row, the last two items and
    Crow's on another, the items set in their order take three rows (Crow's alone on the third): packed,
    two, none wider than the legend, every item once, each row in the key's order, and the legend
    no taller than the key without the pieces."""
    from generator.rulebook.legend import Legend
    probe = Legend(styles, 1000, ITEMS)
    widths = [probe._item_width(words, kind) for kind, _, words in ITEMS]
    gap = probe.size * 1.4   # each item's width holds the space after it
    width = max(sum(widths[i] for i in (0, 1, 2, 5)), sum(widths[i] for i in (3, 4, 6))) - gap
    in_order, used = 1, 0.0   # the rows the items take set in their order
    for w in widths:
        in_order, used = (in_order + 1, w) if used + w > width else (in_order, used + w)
    assert in_order == 3
    legend = Legend(styles, width, ITEMS)
    assert len(legend.rows) == 2, [[w for _, _, w in row] for row in legend.rows]
    assert sorted(item for row in legend.rows for item in row) == sorted(ITEMS)
    for row in legend.rows:
        assert _widths(legend, row) <= width + 1e-6
        assert [ITEMS.index(item) for item in row] == sorted(ITEMS.index(item) for item in row)
    assert legend.height == Legend(styles, width, ITEMS[:5]).height


def test_a_legend_that_fits_its_order_keeps_it(styles):
    """Packing is only for a row saved: a legend whose rows come out as few in their order keeps them,
    and an item broken over lines keeps its lines in order."""
    from generator.rulebook.legend import Legend
    assert Legend(styles, 2000, ITEMS).rows == [ITEMS]
    narrow = Legend(styles, 60, ITEMS[:2])   # each item broken into lines: its words in their order
    assert " ".join(w for row in narrow.rows for _, _, w in row) == f"{ITEMS[0][2]} {ITEMS[1][2]}"
