"""The Channeling's player books, read as a player would, against each edition's rules:

- the cubes that go back after a taking are counted by the edition's basis (Vigor, or Splendor: up
  to it), every narrated taking says so with the right figures, and where Splendor is the count a
  card whose Splendor is below its Vigor is said to leave Overchanneling even without overshoot
  (the sample game says why once, then refers back to that turn);
- the two-Leylines example leads with its lesson, and its figures are the engine's;
- an index entry never points to the deck laid face down in an edition without face-down glyphs;
- on the small boards Light's druid is a ring and Dark's a filled disc (apart on a greyscale copy),
  and the legend shows both so.
"""
from __future__ import annotations

import re

import pytest

from rulebook_helpers import PLAYER_BOOKS, pdf_text, section, unbreak

CHANNELING = [b for b in PLAYER_BOOKS if b[0] == "the-channeling"]
IDS = ["-".join(b) for b in CHANNELING]
TAKING = re.compile(r"With (\d+) cubes? on ([A-Z][\w' -]{0,40}?) \(\w\d, Vigor (\d+)\), (?:Light|Dark) takes it for (\d+) Splendor; "
                    r"(\d+) cubes? (?:goes|go) back to the supply(?: and (\d+)(?: cubes?)? stays? as Overchanneling( \([^)]*\))?)?(?=\.)")   # whole sentences: in a booklet a figure may interrupt one (a card's name never runs into it)


def _rules(edition: str) -> dict:
    from generator.model import load_edition
    return dict(load_edition("the-channeling", edition).spec.rules)


def _text(pdf) -> str:
    return " ".join(unbreak("\n".join(pdf_text(pdf))).replace("\u2019", "'").split())


@pytest.mark.parametrize("book", CHANNELING, ids=IDS)
def test_cubes_go_back_by_the_editions_count_in_every_taking_told(player_books, book):
    basis = _rules(book[1]).get("cubes_returned_basis", "vigor")
    text = _text(player_books[book])
    takings = TAKING.findall(text)
    assert takings, "no taking is told in the book"
    for cubes, name, vigor, splendor, back, kept, why in takings:
        cubes, vigor, splendor, back, kept = int(cubes), int(vigor), int(splendor), int(back), int(kept or 0)
        assert back == min(cubes, splendor if basis == "splendor" else vigor), (name, cubes, back)
        assert kept == cubes - back, (name, cubes, back, kept)
        if back < vigor:   # Splendor below Vigor: the reader is told why cubes stay though none overshot
            if "a5" not in book[2]:   # in the booklet a figure may fall inside the sentence's text
                # the sample game says it once, then refers back to that turn
                assert "because cubes go back only up to its Splendor" in why or \
                    re.search(r"as (?:above|on turn \d+)\)$", why), (name, why)
            assert bool(re.search(rf"\b{cubes - vigor} cubes? laid beyond its Vigor", why)) == (cubes > vigor), (name, why)
        else:
            assert not why, (name, why)
    said = "The count is the card's Splendor, not its Vigor" in text
    assert said == (basis == "splendor")
    glossary = text[text.index("Overchanneling. The cubes you keep"):][:400]
    assert ("all above its Splendor" in glossary) == (basis == "splendor"), glossary


def splendor_reasons(text: str) -> tuple[int, list[int], list[int]]:
    """In the sample game of a book's text: how many takings give the whole reason cubes stay for a
    card's Splendor, the turns whose story gives it, and the turns the others refer back to."""
    game = text[text.index("Here is a complete game, turn by turn."):]
    # the reason's opening words: a sentence that turns the page beside a board reads on past the
    # board's own words (the text beside a figure is read before the figure)
    whole = [m.start() for m in re.finditer("because cubes go back only up to", game)]
    heads = [(m.start(), int(m[1])) for m in re.finditer(r"Turn (\d+): (?:Light|Dark) ", game)]
    told_in = [max((t for at, t in heads if at < w), default=0) for w in whole]
    return len(whole), told_in, [int(n) for n in re.findall(r"Overchanneling \(as on turn (\d+)\)", game)]


@pytest.mark.parametrize("book", CHANNELING, ids=IDS)
def test_the_sample_game_says_once_why_cubes_stay_for_splendor(player_books, book):
    """The reason is given on its first taking in the sample game; later ones point back to that turn."""
    whole, told_in, refers = splendor_reasons(_text(player_books[book]))
    assert whole <= 1, (whole, told_in)
    assert all(n in told_in for n in refers), (told_in, refers)


FLAT = [b for b in CHANNELING if "a5" not in b[2]]   # the booklet's page turn splits the example's lines


@pytest.mark.parametrize("book", FLAT, ids=["-".join(b) for b in FLAT])
def test_the_two_leylines_example_leads_with_its_lesson(player_books, book):
    text = _text(player_books[book])
    start = text.index("Example: Choosing between two shortest Leylines.")
    example = text[start:start + 1200]
    assert example.split(". ", 1)[1].startswith("A Leyline may pass a druid of either color or an empty place, but an "
                                                "empty place takes no cube."), example[:300]
    intro = example[:example.index("Light plays")]
    assert "Dark holds" not in intro and "last turn" not in intro, intro
    told = re.search(r"which lays (\d+) cubes; the other would lay only (\d+) cubes", example)
    assert told, example[:600]
    # the engine's narration of the move: cubes on each card of a1-b1-b2 (a figure may stand between
    # its lines in the text layer, so each card's count is the first told after the path)
    after = text[text.index("The Leyline runs a1–b1–b2, ending at the druid on b2:", start):]
    laid = {sq: int(re.search(rf"(\d+) cubes? on {sq} \(", after).group(1)) for sq in ("a1", "b1", "b2")}
    assert int(told.group(1)) == sum(laid.values()), laid
    # the other path crosses the empty a2: the same cubes less those b1 took
    assert int(told.group(2)) == sum(laid.values()) - laid["b1"], laid


@pytest.mark.parametrize("book", CHANNELING, ids=IDS)
def test_face_down_is_indexed_only_where_glyphs_lie_face_down(player_books, book):
    pages = pdf_text(player_books[book])
    index = section(pages, "Index", "Turn at a glance") if any("\nIndex\n" in p for p in pages) else ""
    if not index:
        pytest.skip("this book has no index")
    entry = re.search(r"Face down\s+([\d, ]+)", index)
    if not _rules(book[1]).get("hidden_glyphs"):
        assert entry is None, entry
        return
    assert entry, "the book's glyphs lie face down, and its index should say where"
    for number in (int(n) for n in re.findall(r"\d+", entry.group(1))):
        page = " ".join(pages[number - 1].split()).lower()
        assert re.search(r"glyphs? (?:that lies )?face down|them face down|face-down (?:glyph|ones)", page), number


def _swatch_grey(pdf, words: str) -> list[int]:
    """The grey (0-255) at the middle of the legend swatch before ``words``, wherever it appears."""
    import pdfplumber
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(str(pdf))
    out = []
    try:
        with pdfplumber.open(str(pdf)) as plumb:
            for index, page in enumerate(plumb.pages):
                found = page.search(re.escape(words))
                if not found:
                    continue
                image = doc[index].render(scale=4).to_pil().convert("L")
                for hit in found:
                    size = hit["bottom"] - hit["top"]
                    x, y = hit["x0"] - 1.25 * size, (hit["top"] + hit["bottom"]) / 2
                    out.append(image.getpixel((round(x * 4), round(y * 4))))
    finally:
        doc.close()
    return out


@pytest.mark.parametrize("book", [("the-channeling", "2025", "rulebook-letter"),
                                  ("the-channeling", "thirty", "rulebook-letter")], ids=["2025-letter", "thirty-letter"])
def test_small_boards_tell_the_druids_apart_in_greyscale(player_books, book):
    light, dark = (_swatch_grey(player_books[book], f"{who}'s druid") for who in ("Light", "Dark"))
    assert light and dark and len(light) == len(dark), "no legend with both druids"
    # every legend's two druids differ in grey: the small boards' ring (paper in its middle) against
    # a filled disc, the large boards' printed faces (a tan disc against a dark face with a pale mark)
    assert all(abs(a - b) > 100 for a, b in zip(light, dark)), list(zip(light, dark))
    assert any(a > 200 and b < 110 for a, b in zip(light, dark)), list(zip(light, dark))   # the small boards
