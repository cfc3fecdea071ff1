"""Legible figures, measured in the PDFs as a printer gets them: no text under 6 pt on any page of
every shipped game's player book in Letter, A4 and the A5 booklet (figures included: body text is larger anyway),
and every numeral the books draw on a fill reaching 4.5:1 contrast in colour and in greyscale,
measured against the rendered pixels under it (``generator.rulebook.legible.pdf_numerals``)."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from pnp_testing import run_cli

PROFILES = ("rulebook-letter", "rulebook-a4", "rulebook-a5-booklet")
GAMES = (("the-channeling", "2025"), ("the-channeling", "thirty"), ("the-channeling", "forest"),
         ("battle-for-the-grove", "2024"), ("mana-hex", "draft"))   # every shipped book
SMALLEST = 6.0


def printed_size(char: dict) -> float:
    """The size a character prints at. pdfminer's ``size`` is the height of the character's box,
    which is the font size only for text set straight; for turned text (a card on the cover's fan)
    the font size is recovered from the box, the advance and the matrix, and scaled by the matrix."""
    a, b, c, d, _, _ = char["matrix"]
    if abs(b) < 1e-6 and abs(c) < 1e-6:
        return char["size"]
    if abs(d) >= abs(c):   # the box's height is |b| advance + |d| font size
        font = (char["bottom"] - char["top"] - abs(b) * char["adv"]) / abs(d)
    else:                  # turned past 45 degrees: its width is |a| advance + |c| font size
        font = (char["x1"] - char["x0"] - abs(a) * char["adv"]) / abs(c)
    return font * math.hypot(c, d)


def _turned(obj: dict) -> bool:
    return obj.get("object_type") == "char" and (abs(obj["matrix"][1]) > 1e-6 or abs(obj["matrix"][2]) > 1e-6)


def small_text(pdf: Path) -> list[tuple[int, float, str]]:
    """(page, size, word) of every word printed under ``SMALLEST`` points (turned text: each run of
    characters under it)."""
    import pdfplumber
    found = []
    with pdfplumber.open(pdf) as doc:
        for number, page in enumerate(doc.pages, start=1):
            straight = page.filter(lambda obj: not _turned(obj))
            for word in straight.extract_words(extra_attrs=["size"]):
                if word["size"] < SMALLEST - 0.005:
                    found.append((number, round(word["size"], 2), word["text"]))
            run: list[tuple[str, float]] = []
            for char in [c for c in page.chars if _turned(c)] + [None]:
                size = printed_size(char) if char is not None else SMALLEST
                if size < SMALLEST - 0.005:
                    run.append((char["text"], size))
                elif run:
                    found.append((number, round(min(s for _, s in run), 2), "".join(t for t, _ in run)))
                    run = []
    return found


@pytest.fixture(scope="module")
def books(tmp_path_factory, rulebook_env, player_books) -> list[Path]:
    """Every shipped player book in every profile: those the session built already (``player_books``)
    and the ones it does not build."""
    out = tmp_path_factory.mktemp("legible")
    built = []
    for game, edition in GAMES:
        built += [player_books[(game, edition, p)] for p in PROFILES if (game, edition, p) in player_books]
        missing = [p for p in PROFILES if (game, edition, p) not in player_books]
        if missing:
            folder = out / f"{game}-{edition}"
            args = ["rulebook", game, "--edition", edition, "--out", str(folder)]
            for profile in missing:
                args += ["-p", profile]
            result = run_cli(*args, env=rulebook_env)
            assert result.returncode == 0, result.stderr
            built += sorted(p for p in folder.glob("*-rulebook-*.pdf") if "-imposed-" not in p.name)
    assert len(built) == len(GAMES) * len(PROFILES)
    return built


def test_no_text_in_any_player_book_is_under_6_points(books):
    for pdf in books:
        small = small_text(pdf)
        assert not small, f"{pdf.name}: {small[:12]}"


def test_the_measure_finds_text_under_6_points(tmp_path):
    """The measure itself: a page with one 5.5 pt word among 9 pt ones is caught, and so is a
    turned 5.5 pt name whose box (what pdfminer calls its size) is over 6 pt tall, while a turned
    6.2 pt one is not."""
    from reportlab.pdfgen.canvas import Canvas
    path = tmp_path / "small.pdf"
    canv = Canvas(str(path))
    canv.setFont("Helvetica", 9)
    canv.drawString(72, 700, "body text")
    canv.setFont("Helvetica", 5.5)
    canv.drawString(72, 680, "tiny")
    canv.saveState()
    canv.translate(300, 500)
    canv.rotate(18)            # turned as a card on the cover's fan: its box is taller than the font
    canv.scale(0.5, 0.5)
    canv.setFont("Helvetica", 11)
    canv.drawString(0, 0, "Faerie Ring")
    canv.setFont("Helvetica", 12.4)
    canv.drawString(0, -40, "Big enough")
    canv.restoreState()
    canv.save()
    assert small_text(path) == [(1, 5.5, "tiny"), (1, 5.5, "Faerie Ring")]


# ----------------------------------------------------------------- contrast of numerals, from pixels

def numeral_contrasts(pdf: Path) -> list[tuple[int, str, float]]:
    """(page, digit, contrast) for every digit printed in ``pdf`` (``legible.pdf_numerals``: the
    digit's own colour against the ground under its box, read from the page rendered without text)."""
    from generator.rulebook.legible import pdf_numerals
    return [(n.page, n.text, n.ratio) for n in pdf_numerals(pdf)]


def test_numerals_on_fills_in_every_player_book_reach_4_5_to_1(books):
    """Every digit and every short label (a circle's letter, the Grove's name) of every page of every
    player book (Letter, A4, the A5 booklet) that the book draws on a fill (cube counts in filled
    boxes, card values on their discs) reaches 4.5:1 with the fill under it, in colour and in
    greyscale; so does every digit of the pieces' printed faces the book shows whole (the card gallery,
    the cover's cards: form XObjects placed whole, no other face over them), whose values a reader
    reads there as on the cards. The Channeling's Vigor corners were yellow on the cream card, 1.78:1
    in greyscale. (A fanned card's corner under the next card is left out: the ground read under its
    box is the next card's.) The Channeling's and the Grove's boards put hundreds of numerals on
    fills, and the Channeling's galleries dozens on the faces: the counts show the measure really
    reaches them."""
    from generator.rulebook.legible import label, low_contrast, pdf_numerals
    from test_rulebook_gallery_values import page_faces
    reached: dict[str, int] = {}
    faces: dict[str, int] = {}
    low = []
    for pdf in books:
        found = [n for n in pdf_numerals(pdf, wanted=label) if n.on_fill]
        whole = _faces_alone(page_faces(pdf))
        own = [n for n in found if not n.in_form or (n.text.isdigit() and _inside(n.box, whole.get(n.page - 1, [])))]
        reached[pdf.name] = sum(n.text.isdigit() and not n.in_form for n in own)
        faces[pdf.name] = sum(n.in_form for n in own)
        low += [f"{pdf.name} p{n.page}{' (a printed face)' if n.in_form else ''} {n}" for n in low_contrast(own)]
    assert not low, low[:12]
    for name, count in reached.items():
        if name.startswith(("the-channeling-", "battle-for-the-grove-")):
            assert count >= 100, (name, count)
        if name.startswith("the-channeling-"):
            assert faces[name] >= 16, (name, faces[name])
    assert sum(reached.values()) >= 3000, reached


def _faces_alone(forms: dict[int, list[tuple]]) -> dict[int, list[tuple]]:
    """Page index -> the bounds of the faces no other face overlaps."""
    def overlaps(f, g) -> bool:
        return g[0] < f[2] and f[0] < g[2] and g[1] < f[3] and f[1] < g[3]
    return {page: [f for f in bounds if not any(g is not f and overlaps(f, g) for g in bounds)]
            for page, bounds in forms.items()}


def _inside(box: tuple, bounds: list[tuple]) -> bool:
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return any(f[0] <= x <= f[2] and f[1] <= y <= f[3] for f in bounds)


def _diagram_pdf(path: Path, flowables) -> Path:
    from reportlab.pdfgen.canvas import Canvas
    canv = Canvas(str(path), pagesize=(600, 900))
    y = 880
    for flowable in flowables:
        w, h = flowable.wrap(560, 900)
        flowable.drawOn(canv, 20, y - h)
        y -= h + 10
    canv.save()
    return path


def _book_parts(game: str, edition: str):
    from generator.model import load_edition
    from generator.model import layouts_for
    from generator.rulebook.faces import PieceFaces
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, seat_roles
    from generator.model.source import load_yaml
    from rulebook_helpers import ROOT

    loaded = load_edition(game, edition)
    layouts = layouts_for(loaded)
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    styles.seat_roles = seat_roles(("Light", "Dark"))  # as a book sets them from the game's seats
    board = load_yaml(ROOT / "components" / game / "rules" / "rulebook.yaml").data["board"]
    return loaded, styles, PieceFaces(loaded, layouts, styles.sheet.figures.min_text), board


def test_numerals_on_the_channeling_boards_reach_4_5_to_1(tmp_path):
    """A turn of a real game with a Leyline, cancelled cubes and both colours' counts, drawn as the
    book draws it, at the narrowest width the book uses."""
    from pnp_games.channeling.book.board import BoardDiagram, BoardParts, board_width
    from pnp_games.channeling.book.narrate import game_stories, turn_view
    from generator.play.registry import play_game
    from generator.runs.work import engine_inputs

    edition, styles, faces, board = _book_parts("the-channeling", "2025")
    inputs = engine_inputs(edition)
    record = play_game(inputs.options, inputs.inputs, 3, ["greedy", "greedy"], game=inputs.engine).to_dict()
    stories = game_stories(inputs, {"seed": record["seed"], "actions": record["actions"][:14]}, {})
    told, after = next((t, a) for t, a in reversed(stories) if t["cancelled"])
    view = turn_view(after, told)
    assert any(light for light, _ in view.cubes) and any(dark for _, dark in view.cubes)
    parts = BoardParts.model_validate(board)
    width = board_width(120, 560, styles.sheet.figures.min_text)
    pdf = _diagram_pdf(tmp_path / "board.pdf", [BoardDiagram(view, faces, parts, styles, width)])
    found = numeral_contrasts(pdf)
    assert len(found) > 30
    low = [f for f in found if f[2] < 4.5]
    assert not low, low[:10]
    assert not small_text(pdf)


def _grove_drawing(tmp_path: Path) -> Path:
    """A Grove turn drawn as the book draws it: druids at every place, cubes of both colours, a
    circle held, marks and a move."""
    from pnp_games.grove import GroveOptions
    from pnp_games.grove.book.diagram import GroveDiagram, GroveParts, grove_view
    from pnp_games.grove.positions import from_data

    edition, styles, faces, board = _book_parts("battle-for-the-grove", "2024")
    options = GroveOptions()
    state = from_data(options, {"druids": {"G": "lld", "A": "LLDd", "B": "LDd", "C": "lD"},
                                "cubes": {"A": 7, "B": -3, "C": 2}, "to_move": "dark"})
    view = grove_view(state)
    view.marks = {"B": [("+2", "path"), ("\u22121", "cancel")]}
    view.moves = [("G", "C", 1)]
    return _diagram_pdf(tmp_path / "grove.pdf", [GroveDiagram(view, faces, GroveParts.model_validate(board), styles,
                                                              120, options.druids_per_player)])


def test_numerals_on_the_grove_drawings_reach_4_5_to_1(tmp_path):
    pdf = _grove_drawing(tmp_path)
    found = numeral_contrasts(pdf)
    assert len(found) > 8
    low = [f for f in found if f[2] < 4.5]
    assert not low, low[:10]
    assert not small_text(pdf)


def test_every_label_on_the_grove_drawings_reaches_4_5_to_1(tmp_path):
    """Letters too: the circles' letters (printed on the circle tokens' faces, which the drawing
    places whole) and the Grove's name on its ground, with the cube counts and the marks."""
    from generator.rulebook.legible import label, low_contrast, pdf_numerals
    found = [n for n in pdf_numerals(_grove_drawing(tmp_path), wanted=label) if n.on_fill]
    letters = "".join(n.text for n in found)
    assert all(c in letters for c in "ABC") and "Grove" in letters, letters
    low = low_contrast(found)
    assert not low, [str(n) for n in low[:10]]


def test_the_contrast_measure_catches_pale_numerals(tmp_path):
    """The old count box, pale numerals on a tan chit, is caught; dark ones on the same chit pass;
    body text on white is not on a fill; a numeral inside a form XObject (a placed face) is marked so;
    a digit hidden under a shape drawn after it is not a numeral on the page, one in its fill's own
    colour is (and fails)."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas

    from generator.rulebook.legible import low_contrast, pdf_numerals
    path = tmp_path / "pale.pdf"
    canv = Canvas(str(path))
    canv.setFont("Helvetica", 9)
    canv.drawString(72, 760, "Page 12")
    for x, ink in ((100, "#8A6A12"), (200, "#2B2118")):
        canv.setFillColor(HexColor("#E9D9A6"))
        canv.rect(x, 600, 30, 20, stroke=0, fill=1)
        canv.setFillColor(HexColor(ink))
        canv.setFont("Helvetica-Bold", 6)
        canv.drawString(x + 12, 608, "3")
    canv.beginForm("face")
    canv.setFillColor(HexColor("#E9D9A6"))
    canv.rect(300, 600, 30, 20, stroke=0, fill=1)
    canv.setFillColor(HexColor("#8A6A12"))
    canv.drawString(312, 608, "7")
    canv.endForm()
    canv.doForm("face")
    canv.setFillColor(HexColor("#FFFFFF"))
    canv.drawString(412, 608, "9")             # a white digit hidden under a card laid over it
    canv.setFillColor(HexColor("#F5EEDB"))
    canv.rect(400, 600, 60, 20, stroke=0, fill=1)
    canv.drawString(442, 608, "0")             # a digit in its fill's own colour: shown, and unreadable
    canv.save()
    found = pdf_numerals(path)
    assert [(n.text, n.on_fill, n.in_form) for n in found] == [
        ("1", False, False), ("2", False, False), ("3", True, False), ("3", True, False), ("7", True, True),
        ("0", True, False)]
    pale, dark, face, same = found[2:]
    assert pale.grounds == dark.grounds == ((0xE9 / 255, 0xD9 / 255, 0xA6 / 255),)
    assert pale.ratio < 4.5 < dark.ratio and same.ratio == 1.0
    assert low_contrast(found) == [pale, face, same]
    assert min(r for _, _, r in numeral_contrasts(path)) == same.ratio == 1.0


def test_the_lint_reports_pale_numerals_the_book_draws(tmp_path):
    """The rulebook lint reports the same measure: one finding for the page's pale pair."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas

    from generator.rulebook.lint import contrast_findings
    path = tmp_path / "pale.pdf"
    canv = Canvas(str(path))
    canv.setFillColor(HexColor("#E9D9A6"))
    canv.rect(100, 600, 60, 40, stroke=0, fill=1)
    canv.setFillColor(HexColor("#8A6A12"))
    canv.setFont("Helvetica-Bold", 14)
    canv.drawString(115, 612, "12")
    canv.save()
    (finding,) = contrast_findings(path)
    assert (finding.page, finding.kind) == (1, "contrast")
    assert finding.text.startswith("'12' #8A6A12 on #E9D9A6, ")


def test_the_lint_reports_a_pale_value_on_a_printed_face_not_its_words(tmp_path):
    """A piece's printed face placed whole (a form XObject, as a gallery or the cover's fan places it)
    with a large bold value in yellow on cream, as the Channeling's Vigor corners were (1.78:1 in
    greyscale): the lint reports the value; the face's pale word is the preflight's, not the book's."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas

    from generator.rulebook.lint import contrast_findings
    path = tmp_path / "face.pdf"
    canv = Canvas(str(path))
    canv.beginForm("face")
    canv.setFillColor(HexColor("#F5EEDB"))
    canv.rect(100, 500, 180, 250, stroke=0, fill=1)
    canv.setFillColor(HexColor("#F2B705"))
    canv.setFont("Helvetica-Bold", 17)
    canv.drawString(110, 720, "6")
    canv.setFont("Helvetica", 9)
    canv.drawString(150, 600, "Moss")
    canv.endForm()
    canv.doForm("face")
    canv.save()
    (finding,) = contrast_findings(path)
    assert finding.text.startswith("'6' #F2B705 on #F5EEDB, 1.57:1"), finding.text


def test_a_digit_under_a_face_laid_over_it_is_not_measured(tmp_path):
    """A fan lays each card over the last one's corner: a yellow value whose ink the next card covers
    all but a speck of (its antialiased edge over the digit's last column) is hidden, not a yellow
    numeral on the covering card's blue; the same value left a third uncovered is measured."""
    from reportlab.lib.colors import HexColor
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    from generator.rulebook.legible import pdf_numerals

    def fanned(uncovered: float) -> list:
        path = tmp_path / f"fan-{uncovered}.pdf"
        canv = Canvas(str(path))
        canv.setFillColor(HexColor("#F5EEDB"))
        canv.rect(50, 550, 200, 100, stroke=0, fill=1)
        canv.setFillColor(HexColor("#F2B705"))
        canv.setFont("Helvetica-Bold", 16)
        canv.drawString(100, 600, "5")
        canv.saveState()   # the next card, turned a little as on a fan, its edge at the digit's right
        canv.translate(100 + stringWidth("5", "Helvetica-Bold", 16) + 3 - uncovered, 560)
        canv.rotate(4)
        canv.setFillColor(HexColor("#2F6FD0"))
        canv.rect(-80, 0, 80, 80, stroke=0, fill=1)
        canv.restoreState()
        canv.save()
        return pdf_numerals(path)
    assert fanned(1.0) == []
    (shown,) = fanned(4.0)
    assert shown.text == "5" and shown.ratio < 2
