"""The covers as an editor reads them: the title set in balanced lines (never a lone short word
such as "Battle for the / Grove"), every card name the cover's fan shows inside the cover's frame
and clear of the cards laid over it, and no placeholder under the title. Made-up titles and games,
and every shipped book (five games, Letter, A4 and the A5 booklet), read from the built PDFs."""
from __future__ import annotations

import ctypes
import re
import statistics
from pathlib import Path

import pytest

from rulebook_helpers import PLAYER_BOOKS, pdf_text

LONG_TITLES = {"lanterns": "The Extraordinarily Long Chronicle of the Seven Lanterns of Morrow",
               "grove": "Battle for the Grove",
               "kingdom": "A Very Small Kingdom Under the Old Hill of Sorrowful Badgers"}


# ------------------------------------------------------------------ reading a cover


def _title_lines(pdf: Path) -> tuple[list[list[dict]], float, tuple[float, float]]:
    """The title's lines on page 1 (its largest text), each a list of pdfplumber words; the size it is
    set at; and the cover frame's left and right (the page's art box)."""
    import pdfplumber
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        words = page.extract_words(extra_attrs=["size"], keep_blank_chars=False)
        art = page.page_obj.attrs.get("ArtBox") or page.page_obj.attrs["MediaBox"]
    biggest = max(w["size"] for w in words)
    title = [w for w in words if w["size"] >= biggest * 0.95]
    lines: dict[int, list[dict]] = {}
    for word in sorted(title, key=lambda w: (round(w["top"]), w["x0"])):
        lines.setdefault(round(word["top"]), []).append(word)
    return list(lines.values()), biggest, (float(art[0]), float(art[2]))


def _width(line: list[dict]) -> float:
    return line[-1]["x1"] - line[0]["x0"]


def _lone(lines: list[list[dict]]) -> list[str]:
    """Lines of a single word under half as wide as the widest line."""
    widest = max(_width(line) for line in lines)
    return [line[0]["text"] for line in lines if len(line) == 1 and _width(line) < 0.5 * widest]


def _better_break(lines: list[list[dict]], frame: float) -> str | None:
    """A move of one word across a break that would make the widest line narrower, still fit the
    frame and leave no lone short word: proof the break was not the most even one."""
    gaps = [b["x0"] - a["x1"] for line in lines for a, b in zip(line, line[1:])]
    gap = statistics.median(gaps) if gaps else 0.0
    widths = [_width(line) for line in lines]

    def width(words: list[dict]) -> float:
        return sum(w["x1"] - w["x0"] for w in words) + gap * (len(words) - 1)
    for i in range(len(lines) - 1):
        for upper, lower in ((lines[i][:-1], [lines[i][-1], *lines[i + 1]]),
                             (lines[i] + [lines[i + 1][0]], lines[i + 1][1:])):
            if not upper or not lower:
                continue
            new = widths[:i] + [width(upper), width(lower)] + widths[i + 2:]
            lone = [w for w in (upper, lower) if len(w) == 1 and width(w) < 0.5 * max(new)]
            if max(new) < max(widths) - 0.5 and max(new) <= frame and not lone:
                return f"{' '.join(w['text'] for w in upper)} / {' '.join(w['text'] for w in lower)}"
    return None


def _quad(q) -> list[tuple[float, float]]:
    return [(q.x1, q.y1), (q.x2, q.y2), (q.x3, q.y3), (q.x4, q.y4)]


def _times(m: tuple, n: tuple) -> tuple:
    """The matrix ``m`` (an object's, inside a form) followed by ``n`` (the form's)."""
    a, b, c, d, e, f = n
    return (m[0] * a + m[1] * c, m[0] * b + m[1] * d, m[2] * a + m[3] * c, m[2] * b + m[3] * d,
            m[4] * a + m[5] * c + e, m[4] * b + m[5] * d + f)


def _apply(m: tuple, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    a, b, c, d, e, f = m
    return [(a * x + c * y + e, b * x + d * y + f) for x, y in points]


def _pieces_drawn(pdf: Path) -> tuple[list[tuple[list, list]], tuple[float, float, float, float]]:
    """Each piece the cover draws (a form XObject on page 1), in drawing order: its outline on the
    page and the texts it prints with each text's four corners on the page; and the cover's frame
    (the art box)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    def children(form) -> list:
        return [raw.FPDFFormObj_GetObject(form, i) for i in range(raw.FPDFFormObj_CountObjects(form))]

    def bounds(obj) -> tuple[float, ...]:
        box = [ctypes.c_float() for _ in range(4)]
        raw.FPDFPageObj_GetBounds(obj, *box)
        return tuple(v.value for v in box)

    def texts(form, matrix: tuple, page_text) -> list[tuple[str, list]]:
        out = []
        for child in children(form):
            kind = raw.FPDFPageObj_GetType(child)
            if kind == raw.FPDF_PAGEOBJ_TEXT:
                quad = raw.FS_QUADPOINTSF()
                assert raw.FPDFPageObj_GetRotatedBounds(child, quad)
                size = raw.FPDFTextObj_GetText(child, page_text, None, 0)
                buffer = ctypes.create_string_buffer(size)
                raw.FPDFTextObj_GetText(child, page_text, ctypes.cast(buffer, ctypes.POINTER(raw.FPDF_WCHAR)), size)
                out.append((buffer.raw[:max(0, size - 2)].decode("utf-16-le").strip(), _apply(matrix, _quad(quad))))
            elif kind == raw.FPDF_PAGEOBJ_FORM:
                inner = raw.FS_MATRIX()
                raw.FPDFPageObj_GetMatrix(child, inner)
                out += texts(child, _times((inner.a, inner.b, inner.c, inner.d, inner.e, inner.f), matrix), page_text)
        return out

    doc = pdfium.PdfDocument(str(pdf))
    try:
        page = doc[0]
        page_text = page.get_textpage()
        out = []
        for obj in page.get_objects(max_depth=1):
            if obj.type != raw.FPDF_PAGEOBJ_FORM:
                continue
            matrix = obj.get_matrix().get()
            boxes = [bounds(k) for k in children(obj.raw)]
            left, bottom = min(b[0] for b in boxes), min(b[1] for b in boxes)
            right, top = max(b[2] for b in boxes), max(b[3] for b in boxes)
            outline = _apply(matrix, [(left, bottom), (right, bottom), (right, top), (left, top)])
            out.append((outline, texts(obj.raw, matrix, page_text)))
        frame = tuple(page.get_artbox())
        page_text.close()
        return out, frame
    finally:
        doc.close()


def _overlap(a: list, b: list) -> bool:
    """Whether two convex outlines share area (separating axis test)."""
    for shape in (a, b):
        for (x0, y0), (x1, y1) in zip(shape, shape[1:] + shape[:1]):
            nx, ny = y0 - y1, x1 - x0
            pa, pb = [nx * x + ny * y for x, y in a], [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) + 1e-6 or max(pb) <= min(pa) + 1e-6:
                return False
    return True


def _card_names(game: str, edition_id: str) -> set[str]:
    """The name of every piece of the edition, as its gallery captions it (from the game's data)."""
    from generator.model import load_edition
    from generator.model.layouts import Layouts
    from generator.rulebook.faces import PieceFaces
    from generator.rulebook.gallery import piece_caption
    from pnp_testing import ROOT
    edition = load_edition(game, edition_id)
    faces = PieceFaces(edition, Layouts(ROOT / "layouts", edition.game.folder))
    return {piece_caption(c, p, faces) for c in edition.components for p in c.pieces}


def hidden_names(pdf: Path, names: set[str]) -> tuple[int, list[str]]:
    """How many piece names the cover prints, and each one outside the cover's frame or under a
    piece drawn after its own."""
    pieces, (left, bottom, right, top) = _pieces_drawn(pdf)
    shown, wrong = 0, []
    for k, (_, texts) in enumerate(pieces):
        for text, quad in texts:
            if text not in names:
                continue
            shown += 1
            if any(x < left - 0.5 or x > right + 0.5 or y < bottom - 0.5 or y > top + 0.5 for x, y in quad):
                wrong.append(f"{text}: outside the cover's frame")
            wrong += [f"{text}: under piece {j + 1}" for j, (outline, _) in enumerate(pieces)
                      if j > k and _overlap(quad, outline)][:1]
    return shown, wrong


# ------------------------------------------------------------------ the title, in words


def _set(title: str, width: float, size: float = 40.0):
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from generator.rulebook.titles import set_title
    return set_title(title, lambda text, s: stringWidth(text, "Helvetica-Bold", s), size, width)


def test_a_title_that_fits_stays_on_one_line_at_its_size():
    assert _set("Battle for the Grove", 600) == _set("Battle for the Grove", 600, 40.0)
    assert _set("Battle for the Grove", 600).lines == ("Battle for the Grove",)
    assert _set("Battle for the Grove", 600).size == 40.0


def test_a_title_a_little_too_long_shrinks_onto_one_line_no_further_than_a_fifth():
    from reportlab.pdfbase.pdfmetrics import stringWidth
    wide = stringWidth("Battle for the Grove", "Helvetica-Bold", 40)
    set_ = _set("Battle for the Grove", wide * 0.9)
    assert set_.lines == ("Battle for the Grove",) and 0.8 * 40 <= set_.size <= 0.9 * 40
    assert stringWidth(set_.lines[0], "Helvetica-Bold", set_.size) <= wide * 0.9


def test_a_title_that_must_break_is_broken_evenly_never_before_a_lone_last_word():
    from reportlab.pdfbase.pdfmetrics import stringWidth
    wide = stringWidth("Battle for the Grove", "Helvetica-Bold", 40)
    set_ = _set("Battle for the Grove", wide * 0.7)
    assert set_.lines == ("Battle for", "the Grove") and set_.size == 40.0


@pytest.mark.parametrize("title", LONG_TITLES.values())
@pytest.mark.parametrize("width", [200, 330, 500])
def test_long_titles_fit_their_width_in_even_lines_without_a_lone_short_word(title, width):
    from reportlab.pdfbase.pdfmetrics import stringWidth
    set_ = _set(title, width)
    widths = [stringWidth(line, "Helvetica-Bold", set_.size) for line in set_.lines]
    assert " ".join(set_.lines) == title
    assert max(widths) <= width + 1e-6
    lone = [i for i, (line, w) in enumerate(zip(set_.lines, widths)) if " " not in line and w < 0.5 * max(widths)]
    for i in lone:   # allowed only where joining either neighbour would not fit the width
        joined = [f"{set_.lines[i - 1]} {set_.lines[i]}"] if i else []
        joined += [f"{set_.lines[i]} {set_.lines[i + 1]}"] if i + 1 < len(set_.lines) else []
        assert all(stringWidth(j, "Helvetica-Bold", set_.size) > width for j in joined), set_
    assert set_.size >= 32.0 or max(stringWidth(w, "Helvetica-Bold", 32) for w in title.split()) > width


# ------------------------------------------------------------------ the title, as printed


@pytest.fixture(scope="module")
def made_up_covers(tmp_path_factory, rulebook_env) -> dict[tuple[str, str], Path]:
    """Made-up games with long titles (and no subtitle), each built on Letter and as the A5 booklet."""
    from generator.build.newgame import create_game
    from pnp_testing import run_cli
    root = tmp_path_factory.mktemp("long-titles")
    out = {}
    for key, title in LONG_TITLES.items():
        folder = create_game(root, key, "Placeholder")
        game = folder / "game.yaml"
        game.write_text(game.read_text().replace("title: Placeholder", f"title: {title}"))
        result = run_cli("rulebook", key, "-p", "rulebook-letter", "-p", "rulebook-a5-booklet", "--out",
                         str(root / "out" / key), env={**rulebook_env, "PNP_PROJECT": str(root)})
        assert result.returncode == 0, result.stderr
        for profile in ("rulebook-letter", "rulebook-a5-booklet"):
            out[key, profile] = next((root / "out" / key).glob(f"{key}-*-{profile}.pdf"))
    return out


@pytest.mark.parametrize("profile", ["rulebook-letter", "rulebook-a5-booklet"])
@pytest.mark.parametrize("key", LONG_TITLES)
def test_a_made_up_long_title_is_printed_in_balanced_lines(made_up_covers, key, profile):
    lines, _, (left, right) = _title_lines(made_up_covers[key, profile])
    assert " ".join(w["text"] for line in lines for w in line) == LONG_TITLES[key]
    assert all(line[0]["x0"] >= left - 0.5 and line[-1]["x1"] <= right + 0.5 for line in lines)
    assert not _lone(lines), [" ".join(w["text"] for w in line) for line in lines]
    assert _better_break(lines, right - left) is None, [" ".join(w["text"] for w in line) for line in lines]


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids="-".join)
def test_every_shipped_cover_title_is_set_in_balanced_lines(player_books, book):
    lines, _, (left, right) = _title_lines(player_books[book])
    printed = [" ".join(w["text"] for w in line) for line in lines]
    assert not _lone(lines), printed
    assert _better_break(lines, right - left) is None, printed
    assert all(line[0]["x0"] >= left - 0.5 and line[-1]["x1"] <= right + 0.5 for line in lines), printed


def test_the_grove_booklet_title_no_longer_ends_on_a_lone_grove(player_books):
    lines, size, _ = _title_lines(player_books["battle-for-the-grove", "2024", "rulebook-a5-booklet"])
    assert [" ".join(w["text"] for w in line) for line in lines] != ["Battle for the", "Grove"]
    assert size >= 0.8 * 40 * 0.92 - 0.1   # shrunk no more than a fifth of the booklet's title size


# ------------------------------------------------------------------ the fan's card names


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids="-".join)
def test_every_card_name_on_a_cover_is_inside_the_frame_and_uncovered(player_books, book):
    game, edition, profile = book
    shown, wrong = hidden_names(player_books[book], _card_names(game, edition))
    assert not wrong, wrong
    if game == "the-channeling" and profile != "rulebook-a5-booklet":   # the fans whose names print at 6 pt
        assert shown >= 3, shown


# ------------------------------------------------------------------ under the title


@pytest.mark.parametrize("profile", ["rulebook-letter", "rulebook-a4", "rulebook-a5-booklet"])
def test_the_draft_prints_no_placeholder_subtitle(player_books, profile):
    """Mana Hex's source gives no subtitle: nothing stands between the title and the edition's line."""
    import pdfplumber
    pdf = player_books["mana-hex", "draft", profile]
    with pdfplumber.open(pdf) as doc:
        words = doc.pages[0].extract_words(extra_attrs=["size", "fontname"])
    _, size, _ = _title_lines(pdf)
    title = [w for w in words if w["size"] >= size * 0.95]
    under = [w["text"] for w in words if w["top"] > title[-1]["bottom"] and w["size"] > 12]
    assert under == [], under    # the subtitle's size (15 pt, 13.8 in the booklet); the cover's words are 10
    assert not any(re.search(r"\buntitled\b", page, re.IGNORECASE) for page in pdf_text(pdf))


def test_the_drafts_glossary_gives_when_a_trap_springs_as_our_reading(player_books):
    """The source says only that a totem passing over a trap does not spring it: the glossary may
    not state as a rule that a trap springs on a totem ending its move there."""
    text = " ".join(" ".join(pdf_text(player_books["mana-hex", "draft", "rulebook-letter"])).split())
    entry = text[text.index("Trap. A token"):][:260]
    assert "see Clarifications" in entry and "springs on a totem" not in entry, entry   # the reading is there
    assert "passing over" in entry, entry


@pytest.mark.parametrize("language, printed", [("en-US", "July 23, 2025"), ("en-GB", "23 July 2025")])
def test_a_cover_spells_its_edition_date_in_the_books_english(language, printed):
    from generator.rulebook.book import _spelled_date
    assert _spelled_date("2025-07-23", language) == printed
    assert _spelled_date("12-8-24", language) == ""        # a date readers could take two ways is left out
    assert _spelled_date("2025-02-30", language) == ""     # as is one that is no day


def test_the_2025_cover_prints_its_date_spelled_out(player_books):
    cover = pdf_text(player_books[("the-channeling", "2025", "rulebook-letter")])[0]
    assert "July 23, 2025" in " ".join(cover.split()) and "2025-07-23" not in cover, cover


def _inside(point: tuple[float, float], shape: list) -> bool:
    x, y = point
    sides = [(x1 - x0) * (y - y0) - (y1 - y0) * (x - x0) for (x0, y0), (x1, y1) in zip(shape, shape[1:] + shape[:1])]
    return all(s >= -1e-6 for s in sides) or all(s <= 1e-6 for s in sides)


def cut_texts(pdf: Path) -> list[str]:
    """Each text a cover's piece prints that a piece drawn after it covers in part: some of it in
    view, some not (a caption cut mid-word)."""
    pieces, _ = _pieces_drawn(pdf)
    out = []
    for k, (_, texts) in enumerate(pieces):
        later = [outline for outline, _ in pieces[k + 1:]]
        out += [f"piece {k + 1}: {text}" for text, quad in texts
                if any(_overlap(quad, o) for o in later) and not all(any(_inside(p, o) for o in later) for p in quad)]
    return out


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids="-".join)
def test_no_text_on_a_cover_card_is_cut_by_the_card_over_it(player_books, book):
    """A fan shows each text of a card whole or not at all ("Vigor 4 · Sp" was the 2025 fan's)."""
    assert cut_texts(player_books[book]) == []


def test_a_fan_leaves_off_a_text_a_later_card_cuts_and_keeps_one_it_hides_whole():
    """A made-up fan of two cards: the lower card's caption half under the upper card is cut, its
    corner mark wholly under it is hidden, its name clear of it is whole."""
    from generator.rulebook.fan import PlacedCard, cut_texts as cuts

    def box(x0, y0, x1, y1):
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    lower = PlacedCard(None, 0, 100, 0, box(0, 0, 60, 100), [], {
        "name": box(5, 85, 30, 95), "caption": box(5, 5, 55, 12), "mark": box(50, 50, 58, 58)})
    upper = PlacedCard(None, 40, 100, 0, box(40, 0, 100, 80), [], {"caption": box(45, 5, 95, 12)})
    assert cuts([lower, upper]) == [frozenset({"caption"}), frozenset()]
