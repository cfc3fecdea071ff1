"""Labels too wide for their hex are set beside the grid: a leader line joins one to its hex only
where the line crosses no other hex; otherwise the hex shows a number and the label beside the grid
the same number. Measured in the PDF: the leaders against the hexes drawn."""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from rulebook_helpers import PLAYER_BOOKS
from test_rulebook_small_boards import _styles

MM = 72 / 25.4
STEP = 0.25      # points between the points of a leader tested against a hex
CLEAR = 0.3      # a point this close to a hex's edge is on the edge, not inside


def _inside(polygon: list[tuple[float, float]], x: float, y: float, clear: float = CLEAR) -> bool:
    """Whether (x, y) lies inside the convex ``polygon`` at least ``clear`` points from each edge."""
    n = len(polygon)
    area = sum(polygon[k][0] * polygon[(k + 1) % n][1] - polygon[(k + 1) % n][0] * polygon[k][1] for k in range(n))
    for k in range(n):
        (px, py), (qx, qy) = polygon[k], polygon[(k + 1) % n]
        cross = (qx - px) * (y - py) - (qy - py) * (x - px)
        if math.copysign(1, area) * cross / math.dist((px, py), (qx, qy)) < clear:
            return False
    return True


def hexes_and_leaders(page) -> tuple[list[list[tuple[float, float]]], list[tuple[tuple, tuple]]]:
    """A page's hexes (filled six-cornered outlines) and its leader lines (the thin straight lines
    of the label's colour: ``leader_colour`` of the first label pill)."""
    hexes = [c["pts"][:6] for c in page.curves if len(c["pts"]) == 7 and c.get("fill")]
    lines = [line for line in page.lines if not line.get("dash") and abs(line.get("linewidth", 0) - 0.6) < 0.05]
    return hexes, [(tuple(line["pts"][0]), tuple(line["pts"][-1])) for line in lines]


def crossings(hexes: list, leaders: list) -> list[tuple]:
    """Each (leader, hex) where the leader runs inside a hex other than the one it starts in."""
    out = []
    for a, b in leaders:
        steps = max(1, int(math.dist(a, b) / STEP))
        points = [(a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps) for k in range(steps + 1)]
        for polygon in hexes:
            if _inside(polygon, *a, clear=0.0):
                continue   # its own hex
            if any(_inside(polygon, *p) for p in points):
                out.append(((a, b), polygon[0]))
    return out


def _drawn(tmp_path: Path, labels: dict[str, str]):
    import pdfplumber
    from reportlab.pdfgen.canvas import Canvas

    from generator.rulebook.grid_diagram import GridDiagram
    from generator.rulebook.grids import GridShape
    drawing = GridDiagram(GridShape("hex", 5, 3), [], labels, [], None, _styles(), 300, 16 * MM)  # type: ignore[arg-type]
    path = tmp_path / "grid.pdf"
    canv = Canvas(str(path), pagesize=(drawing.width + 20, drawing.height + 20))
    drawing.wrap(drawing.width, drawing.height)
    drawing.drawOn(canv, 10, 10)
    canv.save()
    doc = pdfplumber.open(str(path))
    return drawing, doc.pages[0]


LABELS = {"c2": "gone right past", "d2": "gone right past", "e3": "stops just here", "b1": "starts out here"}


def test_no_leader_crosses_another_hex_and_every_label_reaches_its_hex(tmp_path):
    """Interior hexes (c2, d2) and edge hexes (e3, b1), each label too wide for a 16 mm hex: no
    leader runs through another hex, and each label is joined to its hex by a leader or a number."""
    drawing, page = _drawn(tmp_path, LABELS)
    hexes, leaders = hexes_and_leaders(page)
    assert len(hexes) == 15
    assert set(drawing.aside) == set(LABELS)   # all too wide for a hex: the case measured
    assert not crossings(hexes, leaders), crossings(hexes, leaders)
    right = max(x for h in hexes for x, _ in h)
    words = page.extract_words()
    beside = [w for w in words if w["x0"] > right]
    for cell, text in LABELS.items():
        polygon = hexes[drawing.shape.names().index(cell)]
        joined = [(a, b) for a, b in leaders if _inside(polygon, *a, clear=0.0)]
        numbers = [w["text"] for w in words if re.fullmatch(r"\d+", w["text"])
                   and _inside(polygon, (w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2, clear=0.0)]
        assert len(joined) + len(numbers) == 1, (cell, joined, numbers)
        if numbers:   # the same number beside the grid, on the line of this label's words
            line = [w for w in beside if abs(w["top"] - next(n for n in beside if n["text"] == numbers[0])["top"]) < 1]
            assert " ".join(w["text"] for w in line) == f"{numbers[0]} {text}", (cell, line)
    assert sum(" ".join(w["text"] for w in beside).count(t) for t in set(LABELS.values())) == len(LABELS)


def test_an_edge_hexs_label_keeps_its_leader(tmp_path):
    """A hex on the grid's right edge at the label's height reaches it by a straight leader."""
    drawing, page = _drawn(tmp_path, {"e3": "stops just here"})
    hexes, leaders = hexes_and_leaders(page)
    assert len(leaders) == 1 and not crossings(hexes, leaders)
    assert not any(re.fullmatch(r"\d+", w["text"]) for w in page.extract_words())


def test_the_measure_finds_a_leader_through_a_hex():
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    other = [(20.0, 0.0), (30.0, 0.0), (30.0, 10.0), (20.0, 10.0)]
    assert crossings([square, other], [((5.0, 5.0), (40.0, 5.0))])          # through the second square
    assert not crossings([square, other], [((5.0, 5.0), (40.0, -25.0))])    # above it
    assert not crossings([square, other], [((5.0, 10.0), (40.0, 10.0))])   # along its edge


MANA_HEX = [book for book in PLAYER_BOOKS if book[0] == "mana-hex"]


@pytest.mark.parametrize("book", MANA_HEX, ids=["-".join(b[1:]) for b in MANA_HEX])
def test_no_leader_in_the_mana_hex_books_crosses_another_hex(player_books, book):
    import pdfplumber
    seen = 0
    with pdfplumber.open(str(player_books[book])) as doc:
        for page in doc.pages:
            hexes, leaders = hexes_and_leaders(page)
            if len(hexes) >= 6:
                seen += 1
                assert not crossings(hexes, leaders), (page.page_number, crossings(hexes, leaders))
    assert seen >= 2   # the move and the push
