"""Typography of the player books, read from the built PDFs: the book face for running text and
the sans for headings, hyphenated justified text without wide word spaces, contents with aligned
leaders."""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path

import pytest

from reportlab.pdfbase.pdfmetrics import stringWidth

from rulebook_helpers import ROOT

FONTS = ROOT / "generator" / "looks" / "fonts"
LETTER_2025 = ("the-channeling", "2025", "rulebook-letter")


MAX_WORD_SPACE = 0.45   # em: the widest word space a full justified line may have (a normal one is about 0.23)


@lru_cache(maxsize=None)
def _chars(pdf: Path) -> list[tuple[int, list[dict]]]:
    """(page number, its characters) of every page after the cover."""
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        return [(page.page_number, page.chars) for page in doc.pages[1:]]


def _lines(chars: list[dict], size: float) -> list[list[dict]]:
    """The page's lines of running text at ``size``, each a list of its visible characters left to right."""
    lines = defaultdict(list)
    for c in chars:
        if abs(c["size"] - size) < 0.05 and c["upright"] and c["text"].strip():
            lines[round(c["bottom"])].append(c)
    return [sorted(line, key=lambda c: c["x0"]) for line in lines.values()]


def test_the_book_face_ships_with_its_licence():
    faces = sorted(FONTS.glob("*.ttf"))
    assert faces, "no font files under generator/looks/fonts"
    licence = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Reserved Font Name" in licence
    style = (ROOT / "generator" / "looks" / "style.yaml").read_text(encoding="utf-8")
    assert all(f"fonts/{face.name}" in style for face in faces), "a shipped face no style names"


FACE_BOOKS = [LETTER_2025, ("battle-for-the-grove", "2024", "rulebook-letter"),
              ("the-channeling", "2025", "rulebook-a5-booklet")]


@pytest.mark.parametrize("book", FACE_BOOKS, ids=["-".join(b) for b in FACE_BOOKS])
def test_running_text_is_set_in_the_book_face_and_headings_in_the_sans(player_books, book):
    sizes: dict[str, Counter] = {"text": Counter(), "heading": Counter()}
    for number, chars in _chars(player_books[book])[:5]:
        for c in chars:
            kind = "heading" if c["size"] >= 12.5 * _scale(book) else "text"
            sizes[kind][c["fontname"].split("+")[-1]] += 1
    text_face, _ = sizes["text"].most_common(1)[0]
    heading_face, _ = sizes["heading"].most_common(1)[0]
    assert text_face.startswith("SourceSerif4SmText-Regular"), sizes["text"].most_common(4)
    assert "Vera" in heading_face and "Bold" in heading_face, sizes["heading"].most_common(4)


def _scale(book) -> float:
    return 0.92 if "a5" in book[2] else 1.0


@pytest.mark.parametrize("book", FACE_BOOKS, ids=["-".join(b) for b in FACE_BOOKS])
def test_justified_lines_have_no_wide_word_spaces(player_books, book):
    """Every line of running text that fills the measure (a justified line, not a paragraph's last)
    keeps its word spaces under ``MAX_WORD_SPACE``: hyphenation fills the lines instead, and where a
    name or term cannot break, the paragraph is broken again or, as the last resort, the line is set
    ragged (``justify.py``)."""
    size = 9.5 * _scale(book)
    measured, wide = 0, []
    for number, chars in _chars(player_books[book]):
        lines = _lines(chars, size)
        if not lines:
            continue
        right = Counter(round(line[-1]["x1"]) for line in lines).most_common(1)[0][0]   # the measure's edge
        for line in lines:
            text = "".join(c["text"] for c in line)
            if abs(line[-1]["x1"] - right) > 1.5 or "...." in text:   # short lines; the contents' leaders
                continue
            gaps = [b["x0"] - a["x1"] for a, b in zip(line, line[1:])]
            label = re.match(r"\d+\.|\u2022", text)   # a list item's number or bullet and its indent
            gaps = [g for g in gaps[len(label.group(0)) if label else 0:] if g > 0.15 * size]
            if not gaps or max(gaps) > 1.5 * size:   # no spaces; columns of a table, the index or a grid
                continue
            measured += 1
            if max(gaps) > MAX_WORD_SPACE * size:
                wide.append(f"p{number}: {max(gaps) / size:.2f} em in {text[:50]!r}")
    assert measured >= 30, f"only {measured} full lines measured"
    assert wide == [], wide


def test_the_books_language_picks_the_hyphenation_patterns_of_the_running_text():
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, hyphenator
    layouts = Layouts(layouts_dir())
    for language in ("en-US", "en-GB"):
        styles = build_styles(layouts, load_style_sheet(layouts, "styles"), language=language)
        assert styles["body"].hyphenationLang is hyphenator(language)
        assert styles["h2"].hyphenationLang == "" and styles["caption"].hyphenationLang == ""
    assert ("Over", "channeling") in list(hyphenator("en-US")("Overchanneling"))


@pytest.mark.parametrize("book", [LETTER_2025, ("the-channeling", "2025", "rulebook-a5-booklet")],
                         ids=["letter", "a5"])
def test_the_contents_leaders_stand_in_columns_and_the_page_numbers_flush_right(player_books, book):
    """On the contents page every leader's dots stand on one grid and end at one place, and every
    page number ends at the right edge of the text."""
    lines = defaultdict(list)
    for c in _chars(player_books[book])[0][1]:   # the contents: the page after the cover
        lines[round(c["matrix"][5], 1)].append(c)   # by baseline: a chapter's number is larger than its dots
    dots, ends, rights, entries = [], set(), set(), 0
    for line in lines.values():
        line.sort(key=lambda c: c["x0"])
        text = "".join(c["text"] for c in line)
        leader = re.search(r"\.{5,}(?=\s*\d+$)", text)
        if not leader:
            continue
        run = [c for c in line[leader.start():leader.end()]]
        dots += [c["x0"] for c in run]
        ends.add(round(run[-1]["x0"], 1))
        rights.add(round(line[-1]["x1"], 1))
        entries += 1
    assert entries >= 10, "too few entries with leaders on the contents page"
    grid = sorted({round(d, 2) for d in dots})
    pitch = min(b - a for a, b in zip(grid, grid[1:]))
    off_grid = [d for d in dots if abs((d - dots[0]) / pitch - round((d - dots[0]) / pitch)) > 0.02]
    assert off_grid == [], f"{len(off_grid)} dots off the leaders' grid of {pitch:.2f} pt"
    assert len(ends) == 1, f"leaders end at {sorted(ends)}"
    assert max(rights) - min(rights) < 0.2, f"page numbers end at {sorted(rights)}"


@pytest.mark.parametrize("book", FACE_BOOKS, ids=["-".join(b) for b in FACE_BOOKS])
def test_a_hyphen_that_breaks_a_word_ends_its_line(player_books, book):
    """A word the typesetter broke at a syllable ("Overchannel-") is never followed by more text on
    its own line: the hyphen of a line break must not turn up mid-line when a paragraph is set again
    at another width (beside a figure, then under it)."""
    import pdfplumber
    found = []
    with pdfplumber.open(str(player_books[book])) as doc:
        for page in doc.pages[1:]:
            lines: dict[int, list[dict]] = defaultdict(list)
            for word in page.extract_words(extra_attrs=["size"]):
                lines[round(word["top"])].append(word)
            for words in lines.values():
                words.sort(key=lambda w: w["x0"])
                for word, after in zip(words, words[1:]):
                    broken = re.search(r"[a-z]-$", word["text"]) and re.match(r"[a-z]", after["text"])
                    if broken and after["x0"] - word["x1"] < 1.5 * word["size"]:   # not the next column
                        found.append(f"p{page.page_number}: {word['text']} {after['text']}")
    assert found == [], found


def test_a_measuring_split_leaves_the_paragraph_as_it_was():
    """Reportlab changes a hyphenated paragraph with markup in place when it splits it; the book's
    trial splits (text beside a figure) work on a copy, so the whole paragraph set later at another
    width has no hyphen mid-line."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph
    from generator.rulebook.flowables import _fill
    from generator.rulebook.styles import hyphenator
    style = ParagraphStyle("b", fontName="Helvetica", fontSize=10, leading=13, alignment=4,
                           hyphenationLang=hyphenator("en-US"))
    text = ("Dark plays <b>Ember</b> and moves the druid on a4 to a1. The Leyline runs a1-b1-b2-c2, ending "
            "at the druid on d4: 3 cubes on a1 (Dew Circle), 1 cube on b1. With 5 cubes on Hedge Ring (d4, "
            "Vigor 4), Dark takes it for 3 Splendor; 4 cubes go back to the supply and 1 stays as "
            "Overchanneling. Hedge Ring (Vigor 4, Splendor 3) is dealt onto d4. That was the last playable "
            "glyph of the hand: the whole hand comes back.")
    canvas = Canvas("unused.pdf")
    mid_line, tried = [], 0
    for width in (168, 171, 174, 336, 339, 342):   # widths where reportlab's in-place change shows
        for lines in range(1, 12):
            paragraph = Paragraph(text, style)
            paragraph.wrapOn(canvas, width, 1e6)
            _fill(canvas, [paragraph], width, lines * 13 + 1)
            paragraph.wrapOn(canvas, 510, 1e6)
            tried += 1
            for line in paragraph.blPara.lines:
                words = "".join(getattr(f, "text", "") for f in line.words)
                if re.search(r"[a-z]- ?[a-z]", words.replace("a1-b1-b2-c2", "")):
                    mid_line.append((width, lines, words[-40:]))
    assert tried == 66 and mid_line == [], mid_line[:3]


# A made-up game's names and rule text: long one-word names and terms nothing may hyphenate, short
# names tied with no-break spaces, a name too long to tie. Set at the text measure (pt) and body size
# of the Letter and A5 profiles.
MADE_UP_NAMES = ["Lantern of the Drowned Archive", "Moss Gate", "Hall of Brass", "Cinderwrought Reliquary",
                 "Undercrossing", "Thunderclockwork", "Starwarden Pilgrimage", "Tide Bell", "Salt Road",
                 "Great Ossuary of Kings"]
MADE_UP_RULES = (
    "When a pilgrim reaches the Moss Gate with a Thunderclockwork still wound, the Cinderwrought Reliquary opens and "
    "every Starwarden Pilgrimage card in the Hall of Brass turns face up. An Undercrossing counts as two steps along "
    "the Salt Road, but a Tide Bell rung during the Undercrossing ends the pilgrim's turn at once, and the Lantern of "
    "the Drowned Archive goes back to the Great Ossuary of Kings. Players who hold the Tide Bell may ring it only once "
    "a round; the Hall of Brass and the Moss Gate never count as steps. A Thunderclockwork that runs down before the "
    "Salt Road ends is lost to the Undercrossing, and its owner draws a new Starwarden Pilgrimage card from the deck. "
    "A pilgrim standing on the Moss Gate at the end of a round may trade one Tide Bell for a Thunderclockwork from "
    "the Hall of Brass. When two pilgrims meet on the Salt Road, the one who arrived first chooses whether both move "
    "on or both go back to the Great Ossuary of Kings. The Lantern of the Drowned Archive lights every Undercrossing "
    "next to it, and a lit Undercrossing costs no steps.")
MEASURES = {"letter": (9.5, 510.0), "a5": (9.5 * 0.92, 337.3)}


def _made_up_styles(profile: str):
    """The book's styles at the body size of ``profile``, tying the made-up names."""
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    layouts = Layouts(layouts_dir())
    return build_styles(layouts, load_style_sheet(layouts, "styles"), MEASURES[profile][0] / 9.5, names=MADE_UP_NAMES)


def _made_up_paragraphs(kind, profile: str) -> list:
    """Every run of consecutive sentences of the made-up rules as one paragraph of class ``kind``, set
    as the book sets it (ties, hyphenation, the body style) at the measure of ``profile``."""
    from itertools import combinations
    _, width = MEASURES[profile]
    styles = _made_up_styles(profile)
    sentences = re.split(r"(?<=\.) ", MADE_UP_RULES)
    out = []
    for first, end in combinations(range(len(sentences) + 1), 2):
        paragraph = kind(styles.ties.last_words(styles.ties.names(" ".join(sentences[first:end]))), styles["body"])
        paragraph.wrap(width, 1e6)
        out.append(paragraph)
    return out


def _set_lines(paragraph) -> list[tuple[float, str]]:
    """(extra space as drawn, text) of each line of a wrapped paragraph, plain or with markup: none on
    a line reportlab draws flush left (one ended by a break)."""
    if paragraph.blPara.kind == 0:
        return [(extra, " ".join(words)) for extra, words in paragraph.blPara.lines]
    return [(0.0 if line.lineBreak else line.extraSpace, "".join(getattr(f, "text", "") for f in line.words))
            for line in paragraph.blPara.lines]


def _width(paragraph, text: str) -> float:
    style = paragraph.style
    return stringWidth(text.rstrip(), style.fontName, style.fontSize)


def _space(paragraph, text: str, extra: float) -> float:
    """The word space (em) of ``text`` set with ``extra`` points shared between its spaces."""
    style = paragraph.style
    count = text.strip().count(" ") + text.count("\u00a0")
    return (stringWidth(" ", style.fontName, style.fontSize) + extra / count) / style.fontSize if count else 0.0


def _justified_space(paragraph, text: str, width: float) -> float:
    """The word space (em) ``text`` would open set as a justified line of ``width``."""
    return _space(paragraph, text, width - _width(paragraph, text))


def _ragged(paragraph, width: float) -> list[str]:
    """The lines of a wrapped paragraph, but its last, that stop short of the measure ``width``."""
    return [text for extra, text in _set_lines(paragraph)[:-1] if _width(paragraph, text) + extra < width - 0.01]


def _word_spaces(paragraph) -> list[float]:
    """The word space (em) of each justified line of a wrapped paragraph, as it will be drawn."""
    return [_space(paragraph, text, extra) for extra, text in _set_lines(paragraph)[:-1]]


@pytest.mark.parametrize("profile", sorted(MEASURES))
def test_a_made_up_games_paragraphs_are_broken_again_where_a_line_would_be_loose(profile):
    """The greedy breaks of reportlab leave lines with wide word spaces before a long name or term that
    may not break; the book's paragraphs break again. No line stays loose: at Letter every line is
    mended; in A5 (a narrow measure for one-word names of 13 to 16 letters) fewer lines than the greedy
    breaks left loose are set ragged, the last resort, and no paragraph gets a wider space."""
    from reportlab.platypus import Paragraph
    from generator.rulebook.justify import Justified
    _, width = MEASURES[profile]
    greedy = [max(_word_spaces(p), default=0.0) for p in _made_up_paragraphs(Paragraph, profile)]
    paragraphs = _made_up_paragraphs(Justified, profile)
    even = [max(_word_spaces(p), default=0.0) for p in paragraphs]
    assert all(e <= g + 1e-9 for e, g in zip(even, greedy))
    loose = sum(s > MAX_WORD_SPACE for p in paragraphs for s in _word_spaces(p))
    ragged = sum(len(_ragged(p, width)) for p in paragraphs)
    loose_before = sum(s > MAX_WORD_SPACE for p in _made_up_paragraphs(Paragraph, profile) for s in _word_spaces(p))
    assert loose == 0 and ragged < loose_before, (loose, ragged, loose_before)
    if profile == "letter":
        assert ragged == 0, f"{ragged} ragged lines at Letter"


@pytest.mark.parametrize("profile", sorted(MEASURES))
def test_a_paragraph_broken_again_keeps_its_ties_and_fills_the_measure(profile):
    """Breaking again keeps what the ties are for: a short name on one line, no game word hyphenated, no
    short word alone on the last line; and every line but the last is justified to the full measure,
    but one that would open its word spaces wider than ``MAX_WORD_SPACE`` there: that one is set
    ragged, holding every word it can (a ragged line gives none away to the line below)."""
    from generator.rulebook.justify import Justified
    from generator.rulebook.ties import RUNT, is_unbroken, unbroken_words
    _, width = MEASURES[profile]
    protected = unbroken_words(MADE_UP_NAMES)
    short = [n for n in MADE_UP_NAMES if " " in n and len(n) <= 20]
    changed = 0
    for paragraph in _made_up_paragraphs(Justified, profile):
        lines = _set_lines(paragraph)
        changed += bool(next(iter(paragraph._plans.values())))
        text = "\n".join(line for _, line in lines)
        split = [m.group(0) for n in short for m in re.finditer(r"\s+".join(n.split()), text) if "\n" in m.group(0)]
        assert split == [], text
        assert not [w for w in re.findall(r"(\w+)-\n(\w+)", text) if is_unbroken("".join(w), protected)], text
        if len(lines) > 1:
            last = lines[-1][1].split()
            assert len(last) > 1 or len(last[0]) > RUNT, text
        for (extra, line), (_, following) in zip(lines, lines[1:]):
            drawn = _width(paragraph, line) + extra
            if abs(drawn - width) >= 0.01:   # set ragged: it opens too wide justified, and gave no word away
                word = following.split(" ")[0]
                longer = line[:-1] + word if line.endswith("-") else f"{line} {word}"
                assert _justified_space(paragraph, line, width) > MAX_WORD_SPACE, (drawn, width, line)
                assert _width(paragraph, longer) > width, (line, word)
    assert changed, "no paragraph was broken again: nothing to tell"


def test_a_split_paragraph_keeps_the_breaks_it_had_whole():
    """A page that splits a paragraph broken again sets each part exactly as the lines were in the
    whole (a part broken afresh would fill a line the whole left short, and end the first part on a
    loose line or leave a line's worth of space)."""
    from reportlab.pdfgen.canvas import Canvas
    from generator.rulebook.justify import Justified
    _, width = MEASURES["a5"]
    canvas, tried, moved = Canvas("unused.pdf"), 0, []
    for whole in _made_up_paragraphs(Justified, "a5"):
        if not next(iter(whole._plans.values())):
            continue
        lines = [line for _, line in _set_lines(whole)]
        for at in range(2, len(lines) - 1):
            whole.wrapOn(canvas, width, 1e6)
            first, rest = whole.split(width, at * whole.style.leading + 1)
            parts = []
            for part in (first, rest):
                part.wrapOn(canvas, width, 1e6)
                parts += [line for _, line in _set_lines(part)]
            tried += 1
            if parts != lines:
                moved.append((at, lines, parts))
    assert tried >= 10 and moved == [], moved[:1]


# A question in bold, then an answer whose next word after the first line is a name that may not break
ANSWER = ("<b>Who may ring the bell twice?</b> The rules say nothing of it: we read the Undercrossing as open, as the "
          "Salt Road is, and a pilgrim standing on it may ring the bell once more before the round ends.")


def test_a_first_line_no_break_can_fill_is_set_ragged(tmp_path):
    """A paragraph's first line before a name that may not break has no line above to take a word from,
    and ended earlier it is looser still. Justified, its word spaces would open past ``MAX_WORD_SPACE``:
    it is drawn flush left at its own spaces, with the words it had, and the next line is justified."""
    import pdfplumber
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph
    from generator.rulebook.justify import Justified
    size, width = MEASURES["a5"]
    styles = _made_up_styles("a5")
    text = styles.ties.last_words(styles.ties.names(ANSWER))
    greedy = Paragraph(text, styles["body"])
    greedy.wrap(width, 1e6)
    assert _word_spaces(greedy)[0] > MAX_WORD_SPACE, "the made-up answer no longer makes a loose first line"
    paragraph = Justified(text, styles["body"])
    pdf, left = tmp_path / "answer.pdf", 36.0
    canvas = Canvas(str(pdf), pagesize=(width + 2 * left, 200))
    paragraph.wrapOn(canvas, width, 1e6)
    paragraph.drawOn(canvas, left, 190 - paragraph.height)
    canvas.save()
    with pdfplumber.open(str(pdf)) as doc:
        first, second = sorted(_lines(doc.pages[0].chars, size), key=lambda line: line[0]["top"])[:2]
    gaps = [b["x0"] - a["x1"] for a, b in zip(first, first[1:]) if b["x0"] - a["x1"] > 0.15 * size]
    assert max(gaps) < MAX_WORD_SPACE * size and first[-1]["x1"] < left + width - size, (max(gaps) / size, first[-1]["x1"])
    assert "".join(c["text"] for c in first) == _set_lines(greedy)[0][1].replace(" ", "")
    assert abs(second[-1]["x1"] - (left + width)) < 0.5, second[-1]["x1"]
