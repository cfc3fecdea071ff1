"""A gallery prints '×count' under its faces only where a count tells something: a made-up game
whose pieces come one of each prints no count at all (and its rows are a count line shorter), one
whose pieces come in several copies prints every piece's count, '×1' included."""
from __future__ import annotations

import sys

from rulebook_helpers import ROOT

sys.path.insert(0, str(ROOT / "tests"))

from quartet_game import write_quartet_game  # noqa: E402

# a fifth component of the made-up game: three rune stones, one of each
RUNES = """  - id: runes
    name: Runes
    kind: token
    face: q-coins
    back: q-coins-back
    fields:
      name: {type: text}
    pieces:
      - {name: Ash, count: 1}
      - {name: Birch, count: 1}
      - {name: Cedar, count: 1}
"""


def _galleries(root, monkeypatch) -> dict[str, tuple[list[str], float]]:
    """Each component of the game at ``root`` drawn as a gallery: (the words drawn, its height)."""
    import pdfplumber
    from reportlab.pdfgen.canvas import Canvas
    monkeypatch.setenv("PNP_PROJECT", str(root))
    from generator.model import layouts_for, load_edition
    from generator.rulebook.faces import PieceFaces
    from generator.rulebook.gallery import Gallery
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    edition = load_edition("quartet")
    layouts = layouts_for(edition)
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    faces = PieceFaces(edition, layouts, styles.sheet.figures.min_text)
    out = {}
    for component in edition.components:
        gallery = Gallery(component, faces, styles, 25 * 72 / 25.4, 1.0)
        _, height = gallery.wrap(450, 1e6)
        pdf = root / f"{component.id}.pdf"
        canvas = Canvas(str(pdf), pagesize=(500, height + 20))
        gallery.drawOn(canvas, 25, 10)
        canvas.save()
        with pdfplumber.open(str(pdf)) as doc:
            out[component.id] = ([w["text"] for w in doc.pages[0].extract_words()], height)
    return out


def test_counts_show_only_where_a_piece_comes_more_than_once(tmp_path, monkeypatch):
    root = write_quartet_game(tmp_path / "project")
    game = root / "components" / "quartet" / "game.yaml"
    game.write_text(game.read_text() + RUNES)
    galleries = _galleries(root, monkeypatch)
    counts = {cid: [w for w in words if w.startswith("\u00d7")] for cid, (words, _) in galleries.items()}
    assert counts["heroes"] == ["\u00d72", "\u00d71"]      # two Archers, one Bard: both counts
    assert counts["tricks"] == ["\u00d73", "\u00d71"]
    assert counts["coins"] == ["\u00d74"]                  # one kind of coin, four of it
    assert counts["isles"] == [] and counts["runes"] == []  # one of each: no '×1' under any face
    assert {"Ash", "Birch", "Cedar"} <= set(galleries["runes"][0])   # the names still print
    # the same faces with a count line: the coins (one face, as the isle) take its height more
    from generator.rulebook.gallery import shows_counts
    assert not shows_counts([]) and galleries["runes"][1] < galleries["coins"][1]
