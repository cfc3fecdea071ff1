"""Lists over a page turn, as an editor marks them: a short list (setup steps, a turn's overview) is
never split and stays with the paragraph that introduces it; a longer one turns the page between
items, at least two on each page. Read from the built player books, and tried on made-up lists."""
from __future__ import annotations

import re
from collections import defaultdict

import pytest

from rulebook_helpers import PLAYER_BOOKS

ITEM = re.compile(r"^(\d+\.|\u2022)$")


def _lines(page, size: float) -> list[tuple[float, float, str | None, str]]:
    """(bottom, left, first word or None for a line not of running text at ``size``, text) of each line
    between the page's first and last line of running text."""
    rows = defaultdict(list)
    for word in page.extract_words(extra_attrs=["size"]):
        rows[round(word["bottom"])].append(word)
    out = []
    for bottom, words in sorted(rows.items()):
        words.sort(key=lambda w: w["x0"])
        body = abs(words[0]["size"] - size) < 0.05
        out.append((bottom, words[0]["x0"], words[0]["text"] if body else None, " ".join(w["text"] for w in words)))
    running = [i for i, line in enumerate(out) if line[2] is not None]
    return out[running[0]:running[-1] + 1] if running else []


def list_turns(pdf, size: float) -> list[dict]:
    """Every list that runs on over a page turn: its items and lines on each page, and whether the turn
    falls inside an item."""
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        pages = [_lines(page, size) for page in doc.pages]
    found = []
    for number, (before, after) in enumerate(zip(pages[1:], pages[2:]), start=2):
        if not before or not after:
            continue

        def is_item(line) -> bool:
            return line[2] is not None and ITEM.match(line[2]) is not None

        def run(lines):   # list lines: an item's first line, or a line indented under one
            left = min(line[1] for line in lines if line[2] is not None)
            out = []
            for line in lines:
                if line[2] is None or not (is_item(line) or line[1] > left + 0.8 * size):
                    break
                out.append(line)
            return out
        tail, head = run(before[::-1]), run(after)
        if not any(map(is_item, tail)) or not any(map(is_item, head)):
            continue
        first = head[0]
        if is_item(first) and first[2][0].isdigit() and int(first[2][:-1]) == 1:
            continue   # a new list opens the page
        found.append({"page": number, "before": sum(map(is_item, tail)), "after": sum(map(is_item, head)),
                      "lines": len(tail) + len(head), "inside_item": not is_item(first),
                      "at": f"{tail[0][3][:30]!r} / {first[3][:30]!r}"})
    return found


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_a_list_turns_the_page_only_between_items_and_never_a_short_one(player_books, book, request):
    if book == ("mana-hex", "draft", "rulebook-letter"):   # known since the merge of keep-together lists, tied names and dense pages
        request.applymarker(pytest.mark.xfail(strict=False, reason='a six-item list in the Mana Hex Letter book still splits 3/3 across a page'))
    from generator.rulebook.lists import KEEP_ITEMS, KEEP_LINES, LEAST_ITEMS
    size = 9.5 * (0.92 if "a5" in book[2] else 1.0)
    bad = [turn for turn in list_turns(player_books[book], size)
           if turn["inside_item"] or min(turn["before"], turn["after"]) < LEAST_ITEMS
           or (turn["before"] + turn["after"] <= KEEP_ITEMS and turn["lines"] <= KEEP_LINES)]
    assert bad == []


# ---------------------------------------------------------------- made-up lists


def _made_up(count: int, words: int = 6, lead: str | None = None):
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import ListItem, Paragraph
    from generator.rulebook.lists import BookList, LeadList
    style = ParagraphStyle("b", fontName="Helvetica", fontSize=10, leading=13)
    items = [ListItem([Paragraph(" ".join(["step"] * words) + f" {n}", style)]) for n in range(count)]
    made = BookList(items, dict(bulletType="1", start=1, bulletFormat="%s.", leftIndent=16, bulletFontSize=10,
                                bulletFontName="Helvetica", spaceAfter=4))
    return LeadList(Paragraph("Each turn has these steps, in this order:", style), made) if lead else made


def _split(flowable, height: float, width: float = 300):
    from reportlab.pdfgen.canvas import Canvas
    canvas = Canvas("unused.pdf")
    flowable.wrapOn(canvas, width, height)
    return flowable.splitOn(canvas, width, height)


def test_a_short_list_moves_whole():
    six = _made_up(6)
    assert all(_split(six, h) == [] for h in range(20, 90, 10))


def test_a_long_list_leaves_two_items_on_each_page():
    ten = _made_up(10)
    for height in range(30, 150, 7):
        parts = _split(ten, height)
        if parts:
            assert [len(p.book_items) for p in parts][0] >= 2 and len(parts[1].book_items) >= 2
            assert parts[1].book_options["start"] == 1 + len(parts[0].book_items)   # numbered on
    assert _split(ten, 20) == []                        # not even two items fit: the list moves
    assert [len(p.book_items) for p in _split(ten, 200)] == [8, 2]   # never one item alone overleaf


def test_a_lead_in_stays_with_its_list():
    short = _made_up(5, lead="yes")
    assert _split(short, 70) == []
    long = _made_up(12, lead="yes")
    assert _split(long, 30) == []                       # the lead-in and two items do not fit
    parts = _split(long, 90)
    assert len(parts) == 3 and len(parts[1].book_items) >= 2 and len(parts[2].book_items) >= 2
