"""The turn at a glance, the last page of every player book, is set as a card that fills its page: a
framed, tinted panel as tall as its room (measured by drawn area, ``lint.page_fill``, the same measure
as the half-empty-page check: the frame's sides ink every row it spans, so the text is also asked to
run from the panel's head to its foot), on Letter, A4 and the A5 booklet's back cover, for every shipped
game and for a made-up game with a short reference page of its own. Its type is a designed size, not a
filler: between the book's and ``LARGEST`` times it, and one size in every Letter and A4 book whose
glance has its page to itself."""
from __future__ import annotations

import sys

import pytest

from rulebook_helpers import PLAYER_BOOKS, ROOT

sys.path.insert(0, str(ROOT / "tests"))

from quartet_game import write_quartet_game  # noqa: E402

FULL = 0.75   # the least share of its room the drawing reaches (it was 0.33 on A4, 0.48 on the A5 back cover)
BAND = 0.9    # a row this much inked across the page is a cover band, not text
REACH = 0.85  # the least share of the panel's height its text spans, first line to last
LARGEST = 1.3  # the glance's type, at most this many times the book's
SAME = 0.5    # points: the most the glance's type differs between books where it has its own page

REFERENCE = """# Turn at a glance

**Setting up:**

- **The isles:** six isle tiles laid in a ring, a coin on each.
- **Each player:** two heroes on the isle before them, five tricks in hand and three coins.
- **The tricks:** shuffled, face down, beside the ring.
- **First turn:** the player who last sailed a boat.

**Your turn, in order:**

1. **Play a trick** from your hand and pay its cost in coins. A trick you cannot pay for stays in your
   hand.
2. **Sail** one hero to a neighbouring isle, or both heroes together to the same isle.
3. **Clash** on every isle where heroes of two bands stand: each band adds its heroes and its trick's
   strength, and the weaker band's heroes go home.
4. **Claim** the isle when your band there outnumbers every other, and take its coin.
5. **Draw** tricks until you hold five again.

**The end.** When the last trick is drawn, every player takes one more turn, and the game ends.

**Scoring.** One point for each isle you hold and one for every three coins.

**Ties.** More coins wins, then the player who took the last turn.
"""


def _glance_fill(pdf) -> tuple[float, float]:
    """(the drawn share of the last page's room, the smallest text size on it): between running
    head and page number, or on a booklet's back cover (no page number) from the heading to the
    band at its foot."""
    import pypdfium2 as pdfium
    from generator.rulebook.lint import FILL_DPI, INK, drawn_fill, page_fill, page_lines
    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[len(doc) - 1]
        lines = page_lines(page)
        fill = page_fill(page, lines, len(doc))
        if fill is None:
            height = page.get_height()
            image = page.render(scale=FILL_DPI / 72, grayscale=True).to_pil().convert("L")
            row = image.height - 1
            while row > 0 and sum(v < INK for v in image.crop((0, row, image.width, row + 1)).getdata()) > BAND * image.width:
                row -= 1
            fill = drawn_fill(page, height - max(line.top for line in lines) - 1, row * 72 / FILL_DPI)
    finally:
        doc.close()
    return fill, _glance_type(pdf)["smallest"]


def _glance_type(pdf) -> dict:
    """What the glance's text is set in and how far it reaches in its panel: the size of its first word
    (its text's, not a table's), its smallest, the book's body size (the commonest size of its other pages), the share of the panel's
    height from its first line's top to its last line's foot, and whether it has its page to itself."""
    from collections import Counter
    import pdfplumber
    with pdfplumber.open(str(pdf)) as book:
        body = Counter(round(w["size"], 1) for p in book.pages[:-1]
                       for w in p.extract_words(extra_attrs=["size"])).most_common(1)[0][0]
        page = book.pages[-1]
        words = page.extract_words(extra_attrs=["size"])
        title = next(w for w in words if w["text"] == "glance")
        glance = [w for w in words if title["bottom"] < w["top"] < 0.92 * page.height]   # not the page number
        panel = max(page.rects, key=lambda r: r["height"] * r["width"])
        reach = (max(w["bottom"] for w in glance) - min(w["top"] for w in glance)) / panel["height"]
        alone = all(w["top"] < 0.1 * page.height for w in words if w["top"] < title["top"] - 1)
    sizes = Counter(round(w["size"], 1) for w in glance)
    first = min(glance, key=lambda w: (round(w["top"]), w["x0"]))
    return {"size": round(first["size"], 1), "smallest": min(sizes), "body": body, "reach": reach, "alone": alone}


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_each_books_turn_at_a_glance_fills_its_page(player_books, book):
    fill, smallest = _glance_fill(player_books[book])
    assert fill >= FULL, f"{book}: {fill:.0%} of the page drawn"
    assert smallest >= 6.0, smallest


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_each_books_glance_text_runs_the_panels_height_in_designed_type(player_books, book):
    found = _glance_type(player_books[book])
    assert found["reach"] >= REACH, f"{book}: its text spans {found['reach']:.0%} of its panel"
    if found["alone"]:
        assert found["body"] <= found["size"] <= LARGEST * found["body"], f"{book}: {found}"
    else:   # sharing its page, it may keep to the book's type
        assert found["size"] <= LARGEST * found["body"], f"{book}: {found}"


def test_the_glance_type_is_one_size_in_the_letter_and_a4_books(player_books):
    sizes = {book: found["size"] for book in PLAYER_BOOKS if "a5" not in book[2]
             for found in [_glance_type(player_books[book])] if found["alone"]}
    assert sizes and max(sizes.values()) - min(sizes.values()) <= SAME, sizes


@pytest.fixture(scope="module")
def made_up_glance(tmp_path_factory, rulebook_env):
    from pnp_testing import run_cli
    root = write_quartet_game(tmp_path_factory.mktemp("glance-game"))
    rules = root / "components" / "quartet" / "rules"
    rules.mkdir()
    (rules / "rulebook.yaml").write_text("main: rulebook.md\nlanguage: en-GB\nreference: reference.md\n")
    (rules / "rulebook.md").write_text("# Overview\n\nEach player leads a band of heroes across the isles.\n")
    (rules / "reference.md").write_text(REFERENCE)
    out = root / "out"
    result = run_cli("rulebook", "quartet", "-p", "rulebook-letter", "-p", "rulebook-a4", "-p", "rulebook-a5-booklet",
                     "--out", str(out), env={**rulebook_env, "PNP_PROJECT": str(root)})
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.parametrize("profile", ["rulebook-letter", "rulebook-a4", "rulebook-a5-booklet"])
def test_a_made_up_games_turn_at_a_glance_fills_its_page(made_up_glance, profile):
    """Its reference page, about half a Letter page at the book's type, fills its page.""" 
    fill, smallest = _glance_fill(made_up_glance / f"quartet-base-{profile}.pdf")
    assert fill >= FULL, f"{fill:.0%} of the page drawn"
    assert smallest >= 8.0, smallest


SHORT = REFERENCE.split("\n\n", 1)[1].split("**Scoring")[0]   # no heading, no scoring, no ties
LETTER_ROOM = (504.0, 640.0)   # points: about the Letter text block under the glance's heading


def test_a_short_glance_is_a_card_of_designed_type_spaced_to_its_panels_foot(tmp_path):
    """A short glance (its set-up, its turn and its end: under a third of the room at the book's type) is a
    panel as tall as its room; its type grows no further than ``LARGEST`` times the book's, and its blocks
    are spaced out so that its text runs from the panel's head to its foot."""
    import pdfplumber
    from reportlab.pdfgen.canvas import Canvas
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.filling import Filling
    from generator.rulebook.markdown import Converter
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    layouts = Layouts(layouts_dir())
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    width, room = LETTER_ROOM
    filling = Filling(lambda looks: Converter(looks, width, lambda name, size: []).convert(SHORT), styles, room)
    pdf, margin = tmp_path / "glance.pdf", 36.0
    canvas = Canvas(str(pdf), pagesize=(width + 2 * margin, room + 2 * margin))
    filling.wrapOn(canvas, width, room)
    filling.drawOn(canvas, margin, margin + room - filling.height)
    canvas.save()
    with pdfplumber.open(str(pdf)) as doc:
        page = doc.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        panel = max(page.rects, key=lambda r: r["height"])
    body = styles["body"].fontSize
    assert panel["height"] >= FULL * room, panel["height"]
    assert all(body <= w["size"] <= LARGEST * body for w in words), sorted({w["size"] for w in words})
    reach = (max(w["bottom"] for w in words) - min(w["top"] for w in words)) / panel["height"]
    assert reach >= REACH, f"its text spans {reach:.0%} of its panel"
