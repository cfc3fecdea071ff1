"""Small boards: several to a row across the text width, a caption over each at the figures' smallest
size, one legend beneath; drawn into a PDF and measured there."""
from __future__ import annotations

from pathlib import Path


def _styles():
    from generator.model import layouts_for, load_edition
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, seat_roles

    layouts = layouts_for(load_edition("battle-for-the-grove", "2024"))
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    styles.seat_roles = seat_roles(("Light", "Dark"))  # as a book sets them from the game's seats
    return styles


def _draw(flowable, path: Path) -> list[dict]:
    import pdfplumber
    from reportlab.pdfgen.canvas import Canvas

    canv = Canvas(str(path), pagesize=(flowable.width + 20, flowable.height + 20))
    flowable.wrap(flowable.width, flowable.height)
    flowable.drawOn(canv, 10, 10)
    canv.save()
    with pdfplumber.open(path) as doc:
        return doc.pages[0].extract_words(extra_attrs=["size"])


def _box(canv, x, y, w, h, size):
    canv.setFont("Helvetica", size)
    canv.drawString(x + 2, y + 2, f"cell{round(x)}")


def test_boards_sit_several_to_a_row_with_captions_and_one_legend(tmp_path):
    from generator.rulebook.small_boards import SmallBoards

    styles = _styles()
    boards = [(f"Turn {n}", _box) for n in range(1, 6)]
    flow = SmallBoards(styles, 400, boards, [("count", "light", "a made-up mark")], cell=100, aspect=0.5)
    assert flow.per_row == 4 and flow.rows == 2
    words = _draw(flow, tmp_path / "boards.pdf")
    captions = [w for w in words if w["text"] == "Turn"]
    assert len(captions) == 5
    assert min(w["size"] for w in words) >= styles.sheet.figures.min_text - 0.01
    assert any(w["text"] == "made-up" for w in words)           # the legend, once
    tops = sorted({round(w["top"]) for w in captions})
    assert len(tops) == 2                                         # two rows of captions
    lone = [w for w in words if w["text"].startswith("cell")]
    assert len(lone) == 5


def test_a_lone_board_keeps_its_small_size_centred(tmp_path):
    from generator.rulebook.small_boards import SmallBoards

    flow = SmallBoards(_styles(), 400, [("Turn 9", _box)], [], cell=100)
    assert flow.cell_w == 100 and flow.per_row == 4
    words = _draw(flow, tmp_path / "lone.pdf")
    cell = next(w for w in words if w["text"].startswith("cell"))
    assert cell["text"] == "cell150"                             # (400 - 100) / 2


def test_rows_run_on_to_the_next_page_with_the_legend_under_the_last(tmp_path):
    """Seven boards, four to a row, at a page foot with room for one row: one row stays, the other
    and the legend go on; no room for a row: nothing splits (the figure moves whole)."""
    from generator.rulebook.small_boards import SmallBoards

    styles = _styles()
    flow = SmallBoards(styles, 400, [(f"Turn {n}", _box) for n in range(1, 8)], [("count", "light", "a made-up mark")],
                       cell=100, aspect=0.5)
    row = flow.cell_h + flow.caption_h
    first, rest = flow.split(400, row * 1.5)
    assert (len(first.boards), len(rest.boards)) == (4, 3)
    assert first.legend.items == [] and rest.legend.items == flow.legend.items
    assert first.height + rest.height == flow.height
    assert flow.split(400, row * 0.9) == [] and flow.split(400, flow.height) == []
    words = _draw(rest, tmp_path / "rest.pdf")
    assert any(w["text"] == "made-up" for w in words)
