"""Figures stay with their text in every player book: a narrated turn's heading on the page of its
board, a worked example's drawing on the page its text begins, each small board on the page of its
log row (read from the built PDFs: ``figure_pages``)."""
from __future__ import annotations

import pytest

from figure_pages import split_figures
from rulebook_helpers import PLAYER_BOOKS

@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_no_figure_is_parted_from_its_text(player_books, book):
    assert [str(s) for s in split_figures(player_books[book])] == []


# ---------------------------------------------------------------- a made-up game's rules, built to PDF

PAGE = (420, 440)   # a small page: top and bottom margins 50, so the text block is 340 high
TOP = BOTTOM = 50


def _made_up_book(path, text: str, figure_size: tuple[float, float] = (120, 150)):
    """A made-up game's rules (Markdown ``text``) on a small page, its figures a framed box
    ``figure_size`` points big that prints the word FIGURE."""
    from reportlab.graphics.shapes import Drawing, Rect, String
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.document import PageSetup, write_document
    from generator.rulebook.markdown import Converter
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, seat_roles

    def figure(name: str, width: float, looks=None):
        if name.startswith("key"):   # a key drawn once for the drawings after it
            from generator.rulebook.legend import LegendFigure
            return [LegendFigure(looks, width, [("badge", "ink", "Keyword grey heron"),
                                                ("line", "move", "a reed it may wade to")])]
        drawing = Drawing(*figure_size)
        drawing.add(Rect(1, 1, figure_size[0] - 2, figure_size[1] - 2, fillColor=None))
        drawing.add(String(10, figure_size[1] / 2, "FIGURE", fontSize=9))
        return [drawing]

    layouts = Layouts(layouts_dir())
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    styles.seat_roles = seat_roles(("Grey", "White"))
    setup = PageSetup(PAGE, top=TOP, bottom=BOTTOM, inner=40, outer=40)
    write_document(path, setup, styles, "Marsh", "Marsh herons", lambda: [],
                   lambda looks: Converter(looks, PAGE[0] - 80, lambda n, w: figure(n, w, looks)).convert(text))
    return path


def _pages_of(pdf) -> list[list[dict]]:
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        return [page.extract_words() for page in doc.pages]


def _page_of(pages: list[list[dict]], word: str) -> list[int]:
    return [i for i, words in enumerate(pages) for w in words if w["text"] == word]


def _top_of(pages: list[list[dict]], word: str) -> float:
    return next(w["top"] for words in pages for w in words if w["text"] == word)


def _marsh_opening(words: int, section: str) -> str:
    """A made-up book's overview of ``words`` filler words, then the heading of ``section``: the more
    words, the lower on its page the section starts."""
    overview = " ".join(f"pebble{i}" for i in range(words))
    return f"# Overview\n\nTwo herons race across a marsh. {overview}\n\n## {section}\n\n"


@pytest.mark.parametrize("words", range(40, 260, 18))
def test_a_made_up_rule_turns_the_page_with_its_example(tmp_path, words):
    """However much text comes before it, a rule's sentence (the paragraph before a worked example)
    is on the page where the example begins, unless keeping it there would leave the page before
    more than ``RoomForBox.LEAVE_EMPTY`` blank (then the page-fill rule wins and the rule may end that page)."""
    text = (_marsh_opening(words, "Wading") +
            "A heron wades one reed at a time. Leadfirst a heron that lands on a stone takes the stone and "
            "keeps it face up in front of it, and the stone scores at the end of the game leadlast.\n\n"
            "```beside wade\n**Example: Wading.** Boxfirst the grey heron wades from the first reed to the "
            "second, lands on the flat stone and takes it.\n```\n\nThen the other heron wades.\n")
    pages = _pages_of(_made_up_book(tmp_path / "marsh.pdf", text))
    lead, box = _page_of(pages, "leadlast."), _page_of(pages, "Boxfirst")
    assert len(lead) == 1 and len(box) == 1
    if lead != box:   # allowed only where moving the lead-in (and the heading it opens) would leave
        # more than LEAVE_EMPTY of its page blank
        assert _page_of(pages, "Leadfirst") == lead
        heading = _top_of(pages[lead[0]:], "Wading")
        above = max(w["bottom"] for w in pages[lead[0]] if w["bottom"] < heading - 1 and w["top"] > TOP)
        blank = PAGE[1] - BOTTOM - above   # what moving the heading and its lead-in would leave blank
        from generator.rulebook.flowables import RoomForBox
        assert blank > RoomForBox.LEAVE_EMPTY * (PAGE[1] - TOP - BOTTOM) - 10, (lead, box, blank)   # its spaces: 10 pt


@pytest.mark.parametrize("words", range(40, 260, 18))
def test_a_made_up_key_stays_with_the_drawings_it_explains(tmp_path, words):
    """A key drawn once for the turns after it, and the sentence that introduces it, are on the page
    of the first turn it explains: never at a page foot with the drawings overleaf."""
    text = (_marsh_opening(words, "The first turns") +
            "Each drawing shows the marsh after the turn. Keylead the key to them all:\n\n"
            "![](figure:key/first)\n\n```grid 2\n### Turn 1: Grey\n\nThe grey heron wades to the flat stone.\n\n"
            "![](figure:turn1)\n\n### Turn 2: White\n\nTurnsecond the white heron waits.\n\n"
            "![](figure:turn2)\n```\n")
    pages = _pages_of(_made_up_book(tmp_path / "turns.pdf", text, figure_size=(200, 140)))
    key, lead = _page_of(pages, "Keyword"), _page_of(pages, "Keylead")
    turn = [i for i, words in enumerate(pages) for k, w in enumerate(words)
            if w["text"] == "Turn" and words[k + 1]["text"] == "1:"]
    assert len(key) == 1 and len(turn) == 1, (key, turn)
    assert key == turn == lead, (lead, key, turn)


CHANNELING = [b for b in PLAYER_BOOKS if b[0] == "the-channeling"]


def _caption_pages(pdf, sets: tuple[str, ...], name: str, below: float) -> list[int]:
    """The pages of each gallery caption '<set> <name>' ('Dark Hourglass'), set under ``below`` points
    (smaller than the running text)."""
    import pdfplumber
    found = []
    with pdfplumber.open(str(pdf)) as doc:
        for number, page in enumerate(doc.pages, 1):
            words = page.extract_words(extra_attrs=["size"])
            found += [number for a, b in zip(words, words[1:]) if a["text"] in sets and b["text"] == name
                      and abs(a["top"] - b["top"]) < 1 and b["size"] < below]
    return found


@pytest.mark.parametrize("book", CHANNELING, ids=["-".join(b) for b in CHANNELING])
def test_the_glyph_gallery_is_never_split(player_books, book):
    """The gallery of the 24 glyph cards is on one page in every book: a gallery too tall for a page
    is drawn smaller, more faces to a row, rather than split (its last row of each set, the
    Hourglasses, on the page of the first)."""
    below = 0.9 * 9.5 * (0.92 if "a5" in book[2] else 1.0)   # under the running text's size
    pages = _caption_pages(player_books[book], ("Light", "Dark", "Green"), "Hourglass", below)
    embers = _caption_pages(player_books[book], ("Light", "Dark", "Green"), "Ember", below)
    assert len(pages) == 3 and len(embers) == 3, (pages, embers)
    assert len(set(pages + embers)) == 1, (embers, pages)
