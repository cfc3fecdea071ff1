"""A publisher's own game, as a new user writes it: the quartet (four piece kinds: poker cards, mini
cards, round coins, hex tiles, in its own colours) with a short Markdown rulebook. Its book runs
its chapters on, shows its pieces on the cover at 25 mm or more, sets its headings in the game's
own colour and warns on Letter, as the booklet does, of a page left half empty."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulebook_helpers import ROOT

sys.path.insert(0, str(ROOT / "tests"))

from quartet_game import write_quartet_game  # noqa: E402

MM = 72 / 25.4
TRICKS = ["Feint", "Dodge", "Parry", "Lunge", "Riposte", "Guard", "Thrust", "Sweep"] + [f"Trick {i}" for i in range(1, 57)]
PARAGRAPH = ("Each player leads a small band of heroes across the isles, paying coins to play tricks from their "
             "hand. The band that holds the most isles when the last trick is played wins the game. ")
SAND, NAVY, BUILT_IN_ACCENT = (0.94, 0.89, 0.78), "#22335A", "#2F7D4A"


def _write_own_game(root: Path) -> Path:
    """The quartet with 64 trick cards (their gallery takes most of a page) and a rulebook of five
    short chapters: the overview, a line on the components and the gallery, set-up, play, the end."""
    write_quartet_game(root)
    game = root / "components" / "quartet"
    text = (game / "game.yaml").read_text()
    rows = "".join(f"      - {{name: {name}, count: 1}}\n" for name in TRICKS)
    text = text.replace("      - {name: Feint, count: 3}\n      - {name: Dodge, count: 1}\n", rows)
    (game / "game.yaml").write_text(text)
    rules = game / "rules"
    rules.mkdir()
    (rules / "rulebook.yaml").write_text("main: rulebook.md\nlanguage: en-US\ncover:\n  - {component: heroes}\n"
                                         "  - {component: tricks}\n  - {component: coins}\n  - {component: isles}\n")
    (rules / "rulebook.md").write_text(
        f"# Overview\n\n{PARAGRAPH}\n\n# Components\n\n{PARAGRAPH}\n\n"
        "{{ figure('components/tricks', 'Every trick card') }}\n\n"
        "# Setting up\n\n1. Shuffle the tricks and deal five to each player.\n2. Lay the isles in a ring.\n"
        "3. Each player takes three coins.\n\n"
        f"# Playing\n\nOn your turn, play one trick and pay its cost in coins. {PARAGRAPH}\n\n"
        "# The end\n\nWhen the last trick is played, the band holding more isles wins.\n")
    return root


@pytest.fixture(scope="module")
def own_game(tmp_path_factory, rulebook_env) -> dict:
    from pnp_testing import run_cli
    root = _write_own_game(tmp_path_factory.mktemp("own-game"))
    out = root / "out"
    result = run_cli("rulebook", "quartet", "-p", "rulebook-letter", "-p", "rulebook-a5-booklet", "--out", str(out),
                     env={**rulebook_env, "PNP_PROJECT": str(root)})
    assert result.returncode == 0, result.stderr
    return {"letter": out / "quartet-base-rulebook-letter.pdf", "a5": out / "quartet-base-rulebook-a5-booklet.pdf",
            "stderr": result.stderr}


@pytest.mark.parametrize("profile", ["letter", "a5"])
def test_its_chapters_run_on(own_game, profile):
    import pypdfium2 as pdfium
    from generator.rulebook.lint import bookmarks
    doc = pdfium.PdfDocument(str(own_game[profile]))
    try:
        chapters = [(m.page, m.top, doc[m.page].get_height()) for m in bookmarks(doc) if m.level == 0]
        pages = len(doc)
    finally:
        doc.close()
    assert len(chapters) == 5
    assert len({page for page, _, _ in chapters}) < 5, chapters        # some chapters share a page
    assert sum(top < height * 0.75 for _, top, height in chapters) >= 2, chapters
    if profile == "letter":
        assert pages <= 5, pages   # cover, contents with the first chapters, the gallery, the rest


@pytest.mark.parametrize("profile", ["letter", "a5"])
def test_its_cover_shows_each_kind_of_piece_at_25_mm_or_more(own_game, profile):
    """The four kinds are 89, 64, 25 and 57 mm tall as printed; 67 pieces could only be shown tiny,
    so the cover shows one of each kind, none under 25 mm (the coin not shrunk beside the card)."""
    import pdfplumber
    with pdfplumber.open(own_game[profile]) as doc:
        cover = doc.pages[0]
        pieces = [o for o in cover.rects + cover.curves
                  if tuple(round(v, 2) for v in o["non_stroking_color"] or ()) == SAND]
        heights = sorted(o["height"] / MM for o in pieces)
    assert len(pieces) == 4, heights
    assert heights[0] >= 25 - 0.05, heights


def test_its_headings_are_set_in_the_games_own_colour(own_game):
    """The quartet's colours are a pale sand, navy, rust and black: headings take navy, the first
    that reads as text, never the built-in accent."""
    import pdfplumber

    def hex_of(colour) -> str:
        return "#" + "".join(f"{round(v * 255):02X}" for v in colour)
    with pdfplumber.open(own_game["letter"]) as doc:
        colours = {hex_of(c["non_stroking_color"]) for page in doc.pages for c in page.chars
                   if len(c["non_stroking_color"] or ()) == 3}
        headings = {hex_of(w["non_stroking_color"]) for w in doc.pages[1].extract_words(
            extra_attrs=["non_stroking_color"]) if w["text"] in ("Overview", "Components")}
    assert NAVY in headings and BUILT_IN_ACCENT not in colours, (headings, colours)


def test_the_lint_warns_on_letter_of_a_page_left_half_empty(own_game):
    """The gallery of 64 tricks cannot split, so it moves whole and leaves the page before it 40%
    full: the Letter book is warned as the booklet is."""
    assert "quartet base rulebook-letter: page 2: empty-page:" in own_game["stderr"], own_game["stderr"]


def test_a_cover_row_too_tall_for_its_budget_shows_one_piece_of_each_kind():
    from reportlab.lib.units import mm
    from generator.model import load_edition
    from generator.model.layouts import Layouts
    from generator.rulebook.faces import PieceFaces
    from generator.rulebook.gallery import CoverRow
    edition = load_edition("the-channeling", "2025")
    faces = PieceFaces(edition, Layouts(ROOT / "layouts", edition.game.folder))
    deck, druids = faces.component(edition.spec.deck), faces.component("druids")
    pieces = [(deck.id, p) for p in deck.pieces[:12]] + [(druids.id, p) for p in druids.pieces]
    row = CoverRow(faces, pieces, 70 * mm, budget=40 * mm)   # two rows of 25 mm cards would not fit
    _, height = row.wrap(180 * mm, 1000)
    assert [c for c, _ in row.pieces] == [deck.id, druids.id] and height <= 40 * mm
    assert min(h for _, h in row.sizes) >= 25 * mm - 1e-6
    roomy = CoverRow(faces, pieces, 70 * mm)
    roomy.wrap(180 * mm, 1000)
    assert len(roomy.pieces) == 14 and min(h for _, h in roomy.sizes) >= 25 * mm - 1e-6
