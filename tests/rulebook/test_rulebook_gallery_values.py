"""The components gallery shows each face as printed, and so does the cover's fan.

Read from every built player book: each face of a gallery (a piece's printed face, placed whole as
a form above its caption, and above its '×count' where the gallery prints counts) shows, visibly and
at the figures' smallest size or more, every value its template prints in text (a card's Vigor and
Splendor, its kind), unless the caption beneath gives it (the name). The expected values come from
the game's data and templates, not from the gallery's code. On the cover, each card of the fan shows
a value, and no text that tells a card apart (a name, a kind) is partly hidden under the next card.
"""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

from rulebook_helpers import PLAYER_BOOKS

FLOOR = 6.0   # points: the least size of any figure text (the style sheet's min_text is above it)


def alnum(text: str) -> str:
    return re.sub(r"[^0-9A-Za-z]", "", text)


@lru_cache(maxsize=None)
def _edition(game: str, edition: str):
    from generator.model import layouts_for, load_edition
    from generator.rulebook.faces import PieceFaces
    loaded = load_edition(game, edition)
    return loaded, PieceFaces(loaded, layouts_for(loaded))


def printed_values(faces, component, piece) -> list[str]:
    """Each value a piece's face prints in a text (a field it refers to, as printed), from its
    template and the piece's data: the count aside."""
    from generator.draw.bindings import format_text, text_references
    from generator.elements.args.conditions import holds
    template, values = faces.face(component.id, piece)
    out = []
    for element in faces._for_checks.bound(template, values).values():
        if getattr(element, "kind", None) != "text" or not holds(element.when, values):
            continue
        for ref in text_references(element.text):
            shown = alnum(format_text("{" + ref + "}", values, element.labels))
            if ref != "count" and shown and shown not in out:
                out.append(shown)
    return out


def page_faces(pdf) -> dict[int, list[tuple[float, float, float, float]]]:
    """Page index -> the bounds (left, bottom, right, top) of each face placed whole on it."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return {i: [tuple(o.get_bounds()) for o in doc[i].get_objects(max_depth=0) if o.type == raw.FPDF_PAGEOBJ_FORM]
                for i in range(len(doc))}
    finally:
        doc.close()


@lru_cache(maxsize=None)
def _visible(pdf) -> list:
    from generator.rulebook.legible import letter, pdf_numerals
    return pdf_numerals(pdf, wanted=letter)


def visible_in(pdf, page: int, box) -> str:
    """The letters and digits that show (hidden under nothing) inside ``box`` on ``page`` (0-based),
    printed at ``FLOOR`` or more, in the order the page prints them."""
    left, bottom, right, top = box
    return "".join(n.text for n in _visible(pdf) if n.page == page + 1 and n.size >= FLOOR
                   and left <= (n.box[0] + n.box[2]) / 2 <= right and bottom <= (n.box[1] + n.box[3]) / 2 <= top)


def _spelled(words, text: str) -> list[tuple[float, float, float]]:
    """Each run of words on one line of ``words`` that spells ``text``: (its left, its centre, its top)."""
    rows: list[list[dict]] = []
    for word in sorted(words, key=lambda w: (w["top"], w["x0"])):
        if rows and abs(rows[-1][0]["top"] - word["top"]) < 1:
            rows[-1].append(word)
        else:
            rows.append([word])
    found = []
    for row in rows:
        row.sort(key=lambda w: w["x0"])
        for i in range(len(row)):
            for j in range(i, len(row)):
                said = " ".join(w["text"] for w in row[i:j + 1])
                if said == text:
                    found.append((row[i]["x0"], (row[i]["x0"] + row[j]["x1"]) / 2, row[i]["top"]))
                if len(said) >= len(text):
                    break
    return found


def gallery_faces(pdf, faces, edition):
    """Each gallery face of the book: (component, piece, page, bounds), found by its caption (the
    piece's name, or the values that tell it apart) just beneath it, under its '×count' when the
    gallery prints counts (``shows_counts``); or, a lone face with its labels set beside it, by
    its count and caption in a column just right of it, within its height."""
    import pdfplumber
    from generator.rulebook.gallery import piece_caption, shows_counts
    forms = page_faces(pdf)
    found = []
    with pdfplumber.open(str(pdf)) as doc:
        for index, page in enumerate(doc.pages):
            words = page.extract_words()
            for component in edition.components:
                counted = shows_counts(component.pieces)
                for piece in component.pieces:
                    caption = piece_caption(component, piece, faces)
                    for left, centre, top in _spelled(words, caption):
                        wanted = [f"\u00d7{piece.count}"] if counted else []
                        count = [w for w in words if w["x0"] <= centre <= w["x1"] and 0 < top - w["bottom"] < 4]
                        if [w["text"] for w in count] == wanted:
                            label_top = count[0]["top"] if count else top
                            above = [f for f in forms[index] if f[0] <= centre <= f[2]
                                     and 0 <= f[1] - (page.height - label_top) < 12]
                        else:
                            count = [w for w in words if abs(w["x0"] - left) < 0.5 and 0 < top - w["bottom"] < 4]
                            if [w["text"] for w in count] != wanted:
                                continue
                            above = [f for f in forms[index] if 0 < left - f[2] < 20
                                     and f[1] <= page.height - top <= f[3]]
                        if above:
                            found.append((component, piece, index, above[0], caption))
    return found


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_every_gallery_face_shows_the_values_it_prints(player_books, book):
    pdf = player_books[book]
    edition, faces = _edition(*book[:2])
    shown = gallery_faces(pdf, faces, edition)
    assert shown, f"{pdf.name}: no gallery face found"
    if edition.spec.deck:   # the deck is always in the gallery
        deck = edition.component(edition.spec.deck)
        assert {id(p) for c, p, *_ in shown if c is deck} == {id(p) for p in deck.pieces}, pdf.name
    missing = []
    for component, piece, page, box, caption in shown:
        on_face = visible_in(pdf, page, box)
        lost = [v for v in printed_values(faces, component, piece) if v not in alnum(caption) and v not in on_face]
        if lost:
            missing.append(f"p{page + 1} {caption}: {lost} not on the face (it shows {on_face!r})")
    assert not missing, f"{pdf.name}:\n" + "\n".join(missing)


FAN_BOOKS = [b for b in PLAYER_BOOKS if b[0] == "the-channeling"]


@pytest.mark.parametrize("book", FAN_BOOKS, ids=["-".join(b) for b in FAN_BOOKS])
def test_the_cover_fan_shows_each_card_and_what_tells_it_apart(player_books, book):
    """Each card of the cover's fan prints at least one of its values where it shows; and every
    name or kind the cards print is wholly in view (a band cut by the next card reads 'Faerie Rin')."""
    import pdfplumber
    from generator.rulebook.gallery import telling_texts
    pdf = player_books[book]
    edition, faces = _edition(*book[:2])
    deck = edition.component(edition.spec.deck)
    tells = {alnum(t) for p in deck.pieces for t in telling_texts(deck, p, faces)}
    with pdfplumber.open(str(pdf)) as doc:
        printed = alnum("".join(c["text"] for c in doc.pages[0].chars))
    visible = "".join(n.text for n in _visible(pdf) if n.page == 1 and n.in_form)
    cut = {t: (printed.count(t), visible.count(t)) for t in tells if printed.count(t) != visible.count(t)}
    assert not cut, f"{pdf.name}: printed on the cover, in view (text: (printed, in view)): {cut}"
    values = {alnum(v) for p in deck.pieces for v in printed_values(faces, deck, p)} - tells
    cards = [f for f in page_faces(pdf)[0] if f[2] - f[0] > 0 and (f[3] - f[1]) / (f[2] - f[0]) > 1.1]   # cards, not round tokens
    shown = [box for box in cards if any(v in visible_in(pdf, 0, box) for v in values)]
    assert cards and len(shown) == len(cards), \
        f"{pdf.name}: {len(cards) - len(shown)} of the fan's {len(cards)} cards show none of the deck's values"
