"""What an editor marked in the built player books: a caption that named the wrong source, the figure
key printed in full under every diagram, stock phrases, "the printed rules" as filler, the Grove's
word for a circle that is yours (the source's "control"), its draw rule set as a rule of the game, and
the Mana Hex Standard Move drawn with its arrow short of a hex and its labels across hex borders."""
from __future__ import annotations

import math
import re

import pytest

from rulebook_helpers import PLAYER_BOOKS, pdf_text, unbreak

CHANNELING = [b for b in PLAYER_BOOKS if b[0] == "the-channeling"]
GROVE = [b for b in PLAYER_BOOKS if b[0] == "battle-for-the-grove"]
MANA_HEX = [b for b in PLAYER_BOOKS if b[0] == "mana-hex"]
DRAWN_TURN = re.compile(r"(Light|Dark) plays (\w+), moves the druid on ([a-h]\d) to ([a-h]\d) and lays cubes along "
                        r"([a-h]\d(?:\u2013[a-h]\d)+)\.")


def _words(pdf) -> str:
    """The book's text on one line, hyphenated words joined, straight apostrophes and quotes."""
    text = " ".join(unbreak("\n".join(pdf_text(pdf))).split())
    return text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')


def _id(book: tuple) -> str:
    return "-".join(book)


# ------------------------------------------------------------------ the reference page's drawn turn

@pytest.mark.parametrize("book", CHANNELING, ids=[_id(b) for b in CHANNELING])
def test_the_reference_page_draws_no_turn(player_books, book):
    """The turn at a glance is text to look things up by: no board drawn as filler (the thirty-card A4
    book's glance once drew the Cancel example's turn between step 5 and 'The end')."""
    last = " ".join(unbreak(pdf_text(player_books[book])[-1]).split())
    assert "Turn at a glance" in last
    assert not DRAWN_TURN.search(last), DRAWN_TURN.search(last)


# ------------------------------------------------------------------ keys and stock phrases

@pytest.mark.parametrize("book", [b for b in CHANNELING if b[2] == "rulebook-letter"],
                         ids=[_id(b) for b in CHANNELING if b[2] == "rulebook-letter"])
def test_a_figure_key_reads_as_words_not_stock_phrases(player_books, book):
    """A pill's swatch reads '+n' ('+1 cubes laid' read as a plural after 1); no stock caption."""
    text = _words(player_books[book])
    assert "+1 cubes laid" not in text and "+n cubes laid this turn" in text
    assert "where the score moved" not in text


@pytest.mark.parametrize("book", CHANNELING, ids=[_id(b) for b in CHANNELING])
def test_a_figure_key_says_each_mark_once_a_spread(player_books, book):
    """Every board drawn in the rules and the sample game had the whole key under it, two or three
    times on a page (13 times in the 2025 Letter book); now a key says each of its marks once on two
    facing pages (2-3, 4-5, ...): a later board of the spread keys only what is new there. Each board
    stays explained on its spread (test_rulebook_channeling_editing)."""
    pages = [" ".join(unbreak(p).split()).replace("\u2019", "'") for p in pdf_text(player_books[book])]
    spreads: dict[int, str] = {}
    for number, page in enumerate(pages, 1):
        spreads[number // 2] = spreads.get(number // 2, "") + " " + page
    for item in ("cubes laid this turn", "the druid's move, from where it was"):
        twice = {f"p{2 * s}-{2 * s + 1}": text.count(item) for s, text in spreads.items() if text.count(item) > 1}
        assert not twice, (item, twice)
    boards = sum(len(re.findall(r"\bdeck \d+\b", page)) for page in pages)   # each large board's deck pill
    keyed = sum(page.count("cubes laid this turn") for page in pages)
    assert keyed < boards, (keyed, boards)   # some boards are keyed by an earlier key facing them


GROVE_BOARD = re.compile(r"Light supply|\bTurn \d+, (?:Light|Dark)\b")   # a table drawing, or a small board's caption
# what a Grove drawing prints for a mark, and the words of the mark's key
GROVE_MARKS = ((re.compile(r"\u00d7\d"), re.compile(r"\u00d7n druids (?:standing|lying)")),
               (re.compile(r"\+\d"), re.compile(r"cubes laid")),
               (re.compile(r"\b\d (?:stunned|home)\b|\u2212\d"),   # the labels of druids hit, of cubes canceled
                re.compile(r"canceled, stunned or sent home")))


def grove_spreads_unkeyed(pages: list[str]) -> dict[str, list[str]]:
    """The spreads (two facing pages) with a Grove drawing whose marks no key of the spread names:
    for each, the key words missing."""
    spreads: dict[int, str] = {}
    for number, page in enumerate(pages, 1):
        spreads[number // 2] = spreads.get(number // 2, "") + " " + " ".join(page.split())
    out = {}
    for s, text in spreads.items():
        if GROVE_BOARD.search(text):
            missing = [key.pattern for mark, key in GROVE_MARKS if mark.search(text) and not key.search(text)]
            if missing:
                out[f"p{2 * s}-{2 * s + 1}"] = missing
    return out


@pytest.mark.parametrize("book", GROVE, ids=[_id(b) for b in GROVE])
def test_every_spread_with_a_grove_drawing_keys_its_marks(player_books, book):
    """The Grove's sample game printed its key only under its two section heads, so the boards of
    its later spreads (turns 8-11 and 31 in the A5 book, the log's small boards) had their druids,
    cubes laid and stunned marks explained nowhere on their spread."""
    assert not grove_spreads_unkeyed(pdf_text(player_books[book]))


# ------------------------------------------------------------------ the printed rules

@pytest.mark.parametrize("book", [b for b in CHANNELING + GROVE if b[2] == "rulebook-letter"],
                         ids=[_id(b) for b in CHANNELING + GROVE if b[2] == "rulebook-letter"])
def test_the_printed_rules_are_named_where_they_are_the_source_not_in_every_answer(player_books, book):
    """'The printed rules' opened nearly every answer in Clarifications (12 or 13 times a book); it
    stays where it says where a fact comes from (the preamble, a count of steps, the draw)."""
    text = _words(player_books[book])
    count = len(re.findall(r"printed rules", text, re.IGNORECASE))
    assert 1 <= count <= 4, count
    assert "The printed rules do not say." not in text


# ------------------------------------------------------------------ the Grove

@pytest.mark.parametrize("book", GROVE, ids=[_id(b) for b in GROVE])
def test_the_grove_says_control_as_its_source_does(player_books, book):
    """The source speaks of controlling a circle; the book said 'hold' (a heading, the glossary, the
    index, the drawings' labels)."""
    text = _words(player_books[book])
    assert "Controlling the circles" in text and "Control. You control a circle while" in text
    for said in ("Holding the circles", "Hold. ", "held by Light", "held by Dark", "to hold it",
                 "cubes hold it", "Holding a circle"):
        assert said not in text, said
    assert not re.search(r"\b(?:hold|holds|holding) \d circles|no longer holds [A-C]\b|now holds [A-C]\b", text)
    if "Index" in text:   # a book of 12 pages or fewer has none
        index = text[text.rindex("Index"):]
        assert "Control" in index and not re.search(r"\bHold\b", index)


@pytest.mark.parametrize("book", GROVE, ids=[_id(b) for b in GROVE])
def test_the_groves_draw_is_an_optional_rule_after_its_readings_and_no_move_home_is_a_reading(player_books, book):
    """The printed rules have no draw: the draw after a number of turns is an optional rule in a box
    after the Clarifications' readings (not in the rules chapter), neither a rules heading in the
    contents nor an entry of the index. 'Druids never move back to the Grove' is an open question
    with a default (a reading), not one of the points the printed rules settle."""
    text = _words(player_books[book])
    assert "Variant of this edition" not in text and "this edition's own" not in text
    box = "Optional rule (not in the printed rules): a drawn battle."
    assert text.count(box) == 1
    if "Index" in text:   # a book of 12 pages or fewer has none
        index = text[text.rindex("Index"):]
        assert not re.search(r"\bDraw\b", index.split("Turn at a glance")[0]), index
    clarifications = text[text.rindex("Clarifications The printed rules leave"):]
    settled, readings = re.split(r"This book.s readings", clarifications, maxsplit=1)
    assert "Settled by the rules" in settled
    assert "May druids move back into the Grove?" in readings and "May druids move back" not in settled
    assert text.index("Controlling the circles") < text.rindex("Clarifications The printed") < text.index(box)
    assert "We read that druids never move back into the Grove" in text   # in the Move rule


# ------------------------------------------------------------------ the Mana Hex Standard Move

def _inside(polygon: list, x: float, y: float) -> bool:
    """Whether (x, y) lies inside a convex polygon (its first point repeated at its end)."""
    signs = set()
    points = polygon[:-1]
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if abs(cross) > 1e-6:
            signs.add(cross > 0)
    return len(signs) == 1


def _standard_move(pdf) -> tuple[list, list, list]:
    """(the hexes drawn, the labels on or beside them as (text, x0, top, x1, bottom), the move arrows'
    tips) on the page that draws the Standard Move."""
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        for page in doc.pages:
            hexes = [c["pts"] for c in page.curves if len(c["pts"]) == 7 and c.get("fill")]
            words = page.extract_words()
            if len(hexes) < 6 or not any(w["text"] == "passed" for w in words):
                continue
            top = min(y for h in hexes for _, y in h)
            bottom = max(y for h in hexes for _, y in h)
            labels = [(f"{w['text']} {n['text']}", w["x0"], w["top"], n["x1"], w["bottom"])
                      for w, n in zip(words, words[1:]) if w["text"] in ("passed", "ends")
                      and top - 2 <= w["top"] <= bottom + 2]
            tips = []
            for line in page.lines:
                if line.get("dash") and list(line["dash"][0]) == [4, 2.5]:   # the move: a dashed arrow
                    start, end = line["pts"][0], line["pts"][-1]
                    heads = [c for c in page.curves if c.get("fill") and len(c["pts"]) <= 5
                             and min(math.dist(p, end) for p in c["pts"]) < 10]
                    tips += [max(h["pts"], key=lambda p: math.dist(p, start)) for h in heads]
            return hexes, labels, tips
    raise AssertionError("no page draws the Standard Move")


@pytest.mark.parametrize("book", MANA_HEX, ids=[_id(b) for b in MANA_HEX])
def test_the_standard_moves_arrow_ends_at_a_hex_centre_and_its_labels_cross_no_hex_border(player_books, book):
    """The move's arrow stopped short of its last hex, 'passed over' and 'ends here' straddled hex
    borders, and a move of 3 hexes (3 mana) labelled only one hex passed over."""
    hexes, labels, tips = _standard_move(player_books[book])
    right = max(x for h in hexes for x, _ in h)
    for text, x0, top, x1, bottom in labels:
        inside = any(all(_inside(h, x, y) for x in (x0, x1) for y in (top, bottom)) for h in hexes)
        assert inside or x0 > right, (text, x0, top)   # in one hex, or beside the grid
    assert [t for t, *_ in labels].count("passed over") == 2 and [t for t, *_ in labels].count("ends here") == 1
    centres = [(sum(x for x, _ in h[:-1]) / 6, sum(y for _, y in h[:-1]) / 6) for h in hexes]
    assert tips
    for tip in tips:
        assert min(math.dist(tip, c) for c in centres) < 0.5, tip
