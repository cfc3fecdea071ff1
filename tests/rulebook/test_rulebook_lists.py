"""Lists over a page turn, as an editor marks them: a short list (setup steps, a turn's overview)
moves whole with the paragraph that introduces it, unless that would leave the page before it
mostly blank; a list turns the page only between items, with at least two items (or one item of two
lines or more) on each page. Read from the built player books, and tried on made-up lists and a
made-up game's rules."""
from __future__ import annotations

import re
from collections import defaultdict

import pytest

from rulebook_helpers import PLAYER_BOOKS

ITEM = re.compile(r"^(\d+\.|\u2022)$")


def _lines(page, size: float) -> tuple[list[tuple[float, float, str | None, str, float]], bool]:
    """(bottom, left, first word or None for a line not of running text at ``size``, text, its
    largest type size) of each line
    between the page's first and last line of running text, and whether a heading (a line set larger
    than the running text) comes before the first."""
    rows = defaultdict(list)
    for word in page.extract_words(extra_attrs=["size"]):
        rows[round(word["bottom"])].append(word)
    out, sizes = [], []
    for bottom, words in sorted(rows.items()):
        words.sort(key=lambda w: w["x0"])
        body = abs(words[0]["size"] - size) < 0.05
        sizes.append(max(w["size"] for w in words))
        out.append((bottom, words[0]["x0"], words[0]["text"] if body else None, " ".join(w["text"] for w in words),
                    sizes[-1]))
    running = [i for i, line in enumerate(out) if line[2] is not None]
    if not running:
        return [], False
    return out[running[0]:running[-1] + 1], any(s > size + 0.5 for s in sizes[:running[0]])


def list_turns(pdf, size: float) -> list[dict]:
    """Every list that runs on over a page turn: its items and lines on each page, and whether the turn
    falls inside an item."""
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        read = [_lines(page, size) for page in doc.pages]
    pages = [lines for lines, _ in read]
    found = []
    for number, (before, after) in enumerate(zip(pages[1:], pages[2:]), start=2):
        if not before or not after or read[number][1]:   # a heading opens the next page: a new list
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
        at = len(before) - len(tail)   # the list's first line on this page, its lead-in's, a heading's over them
        if at > 0 and before[at - 1][2] is not None and before[at - 1][3].endswith(":"):
            at -= 1
        while at > 0 and before[at - 1][2] is None:
            at -= 1
        top, bottom = before[0][0] - before[0][4], before[-1][0]   # the page's text, from its first line's top
        found.append({"page": number, "before": sum(map(is_item, tail)), "after": sum(map(is_item, head)),
                      "lines": len(tail) + len(head), "inside_item": not is_item(first),
                      "before_lines": len(tail), "after_lines": len(head),
                      "starts": (before[at][0] - before[at][4] - top) / (bottom - top) if bottom > top else 0.0,
                      "at": f"{tail[0][3][:30]!r} / {first[3][:30]!r}"})
    return found


def against_the_rule(turns: list[dict]) -> list[dict]:
    """The page turns that break the rule: inside an item; a page holding fewer than ``LEAST_ITEMS``
    items of the list unless one item of ``LEAST_LINES`` lines or more; a short list turning the page
    though it begins (with its lead-in) in the lower half of it, where moving on would have left
    the page at least half full."""
    from generator.rulebook.lists import KEEP_ITEMS, KEEP_LINES, LEAST_ITEMS, LEAST_LINES, LEAVE_EMPTY

    def thin(items: int, lines: int) -> bool:
        return items < LEAST_ITEMS and not (items == 1 and lines >= LEAST_LINES)
    return [turn for turn in turns
            if turn["inside_item"] or thin(turn["before"], turn["before_lines"]) or thin(turn["after"], turn["after_lines"])
            or (turn["before"] + turn["after"] <= KEEP_ITEMS and turn["lines"] <= KEEP_LINES
                and turn["starts"] > 1 - LEAVE_EMPTY)]


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_a_list_turns_the_page_only_between_items_and_never_a_short_one(player_books, book):
    size = 9.5 * (0.92 if "a5" in book[2] else 1.0)
    assert against_the_rule(list_turns(player_books[book], size)) == []


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


# ---------------------------------------------------------------- a made-up game's rules

def _made_up_book(path, words: int):
    """A made-up game's rules on a small page: ``words`` words of overview, then a heading, a lead-in
    and six two-line steps (a short list taller than half the page's text block)."""
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.document import PageSetup, write_document
    from generator.rulebook.markdown import Converter
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles

    layouts = Layouts(layouts_dir())
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    setup = PageSetup((420, 440), top=50, bottom=50, inner=40, outer=40)
    overview = " ".join(f"pebble{i}" for i in range(words))
    steps = "\n".join(f"{i}. Put the {i} marsh stones of each player on the shore, beside the reeds, and the heron "
                      f"token{i} on the rock." for i in range(1, 7))
    text = (f"# Overview\n\nTwo herons race across a marsh. {overview}\n\n## Setting up\n\n"
            f"Before the first game:\n\n{steps}\n\n## Playing\n\nTake turns.\n")
    write_document(path, setup, styles, "Marsh", "Marsh herons", lambda: [],
                   lambda looks: Converter(looks, 340, lambda name, width: []).convert(text))
    return path


@pytest.mark.parametrize("words", range(20, 200, 12))
def test_a_made_up_games_short_list_turns_the_page_rather_than_leave_it_mostly_blank(tmp_path, words):
    """However much text comes before it, the made-up game's six setup steps move whole with their
    heading and lead-in only when the page they leave is at least half full; otherwise they turn
    the page between steps, at least two on each page, the heading and lead-in with the first."""
    import pdfplumber
    pdf = _made_up_book(tmp_path / "marsh.pdf", words)
    assert against_the_rule(list_turns(pdf, 9.5)) == []
    with pdfplumber.open(str(pdf)) as doc:
        pages = [(page.height, page.extract_words()) for page in doc.pages]

    def last(word: str) -> int:   # the page of a heading (its first: the contents' line)
        return max(i for i, (_, found) in enumerate(pages) if any(w["text"] == word for w in found))
    heading = last("Setting")
    steps = [i for i, (_, found) in enumerate(pages) for w in found if re.fullmatch(r"token\d", w["text"])]
    assert len(steps) == 6 and steps == sorted(steps)
    assert steps[0] == heading   # the heading and lead-in stay with the first steps
    if last("Overview") < heading:   # the page the heading left is at least half full
        height, found = pages[heading - 1]
        body = [w["bottom"] for w in found if w["bottom"] < height - 50]   # above the page number
        assert max(body) - 50 >= 0.5 * (height - 100), max(body)
