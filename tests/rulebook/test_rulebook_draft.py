"""The draft rulebook of the hex-tile game: what the designer wrote, every blank part in a marked
box, no appendices (there is no engine to play it), and a cover that does not invent a player count."""
from __future__ import annotations

import json
import re

import pytest

from rulebook_helpers import pdf_text

GAME, EDITION = "mana-hex", "draft"


@pytest.fixture(scope="session")
def draft_book(player_books) -> dict:
    """The draft's Letter book (the session's, built alone into its folder with its manifest)."""
    pdf = player_books[GAME, EDITION, "rulebook-letter"]
    return {"pdf": pdf, "pages": pdf_text(pdf), "manifest": json.loads((pdf.parent / "manifest.json").read_text())}


def _flat(text: str) -> str:
    from rulebook_helpers import unbreak
    return " ".join(unbreak(text).split())


def test_every_undefined_part_is_named_in_the_book(draft_book):
    from generator.model import load_edition

    edition = load_edition(GAME, EDITION)
    text = _flat("\n".join(draft_book["pages"]))
    for part in edition.spec.undefined:
        assert _flat(part) in text, part
    blank = [p.fields["name"] for p in edition.component("class-cards").pieces if p.fields["status"] == "blank"]
    for name in blank:  # the class's own section is a placeholder box
        start = text.index(f"{name} Not yet written.")
        assert f"special action and trap of {name}" in text[start:start + 200]


def test_no_appendices_without_an_engine(draft_book):
    text = "\n".join(draft_book["pages"])
    assert "Appendix" not in text and "sample game" not in text.lower()
    (entry,) = draft_book["manifest"]["files"]
    assert entry["kind"] == "rulebook" and "sample_seed" not in entry.get("extra", {})
    assert "players" not in draft_book["pages"][0]  # the draft does not say how many


def test_placeholder_boxes_are_drawn_as_dashed_boxes(draft_book):
    """The page telling Power Struggle is blank shows the boxes: dashed outlines in their own colour,
    not the tinted notes used elsewhere."""
    import pypdfium2 as pdfium

    from generator.model import layouts_dir
    from generator.model.layouts import Layouts

    colours = Layouts(layouts_dir()).style.colours
    page = next(i for i, t in enumerate(draft_book["pages"]) if "Power Struggle" in t and "leaves its rules blank" in t)
    doc = pdfium.PdfDocument(str(draft_book["pdf"]))
    try:
        image = doc[page].render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        doc.close()

    def share(name: str, tolerance: int = 6) -> float:
        want = tuple(int(colours[name].rgb[i:i + 2], 16) for i in (1, 3, 5))
        data = image.tobytes()
        pixels = (data[i:i + 3] for i in range(0, len(data), 3))
        hits = sum(1 for px in pixels if all(abs(a - b) <= tolerance for a, b in zip(px, want)))
        return hits / (image.width * image.height)
    assert share("splendor", 40) > 0.001  # the dashed outlines of several boxes
    assert share("parchment") < 0.005  # and no tinted note among them


# ------------------------------------------------------------- the editor's marks, in every profile
PROFILES = ["rulebook-letter", "rulebook-a4", "rulebook-a5-booklet"]


@pytest.fixture(scope="session")
def draft_books(player_books) -> dict[str, dict]:
    """The draft's book in each profile (built once with the other player books): profile -> its
    PDF and the text of each page."""
    return {profile: {"pdf": player_books[GAME, EDITION, profile], "pages": pdf_text(player_books[GAME, EDITION, profile])}
            for profile in PROFILES}


def _chapter(text: str, heading: str, end: str) -> str:
    """From the chapter ``heading`` (its last occurrence: the first is the contents' line) to ``end``."""
    start = text.rindex(f" {heading} ")
    return text[start:text.index(f" {end} ", start)]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_words_are_defined_once_as_the_draft_gives_them(draft_books, profile):
    """One list of the game's words, the glossary (the rules point to it): no second list in the
    rules, and the mana on a hex sets how far a totem moves from it, not 'pays for moves' (a
    Standard Move spends nothing)."""
    text = _flat("\n".join(draft_books[profile]["pages"]))
    assert "Words used in these rules" not in text
    assert "explained in the Glossary" in text
    glossary = _chapter(text, "Glossary", "Turn at a glance")
    assert "The mana on a hex sets how far a totem moves from it" in glossary, glossary
    for said in ("pays for moves", "decides how far", "Mana decides"):
        assert said not in text, said
    for term in ("Hex", "Tile", "Mana", "Mana Reserve"):   # a glossary entry, and no list's 'Term: meaning'
        assert re.search(rf"(?<!Central )(?<!Mana )\b{term}\. [A-Z]", glossary), term
        assert not re.search(rf"\b{term}: [a-z]", text), term


@pytest.mark.parametrize("profile", PROFILES)
def test_the_open_list_names_what_the_draft_leaves_unsaid(draft_books, profile):
    """Checked against the draft: Drain and Replenish act on the tile while the Standard Move counts
    the hex; a Clash is of 'two or more' totems but only a Clash of two has a winner and a loser;
    nothing says what a Drain with no mana to take does. Each is in the list at the front and in a
    box in its own section."""
    text = _flat("\n".join(draft_books[profile]["pages"]))
    front = text[text.index("Not yet written in this draft:"):text.rindex(" Components ")]
    for part in ("a Clash of three or more totems", "where mana lies", "Drain where there is no mana to take"):
        assert part in front, part
    actions = text[text.rindex(" Actions "):text.rindex(" The Standard Move ")]
    assert "Not yet written. Where mana lies" in actions and "no mana to take" in actions, actions
    clash = text[text.rindex(" Clash A Clash happens"):text.rindex(" Power Struggle ")]
    assert "two or more totems" in clash and "a Clash of three or more totems" in clash, clash


@pytest.mark.parametrize("profile", PROFILES)
def test_the_wizard_is_a_clarification_worded_as_our_reading(draft_books, profile):
    """The draft's Scholar text says 'the Wizard'; the book gives its parts to the Scholar and says
    so in Clarifications, as its own reading."""
    text = _flat("\n".join(draft_books[profile]["pages"]))
    assert text.count("Clarifications") == 3   # the contents' line, the chapter and the glossary's Trap pointing to it
    clarifications = _chapter(text, "Clarifications", "Glossary")
    assert "the Wizard" in clarifications and "We read the Wizard as the Scholar" in clarifications
    assert "reading" in clarifications


def _cover_pieces_keep_their_words(cover: str) -> bool:
    """A class card on the cover shows its name band: its written parts must show with it."""
    return "The Scholar" not in cover or "Mana Manipulation" in cover


@pytest.mark.parametrize("profile", PROFILES)
def test_the_cover_shows_pieces_that_read(draft_books, profile):
    """The cover draws no card of words without its words (the Scholar's card, at cover size, kept
    only its name band and ruled lines), and names the one written class."""
    cover = draft_books[profile]["pages"][0]
    assert _cover_pieces_keep_their_words(cover), cover
    assert "Scholar" in cover
    assert not _cover_pieces_keep_their_words("Mana Hex\nThe Scholar\nScholar")   # what the check catches


@pytest.mark.parametrize("profile", PROFILES)
def test_one_form_for_each_term(draft_books, profile):
    """'Mana Reserve', never a bare reserve; 'Trap token', 'Spell card' and 'Spell deck' in one case
    (a capital where a sentence starts is no drift, but none of these starts one here); and the
    rulebook lint, with the game's terms file, finds no form it avoids."""
    from generator.model.source import load_yaml
    from generator.rulebook.lint import lint_pdf
    from generator.rulebook.terms import load_terms
    from rulebook_helpers import ROOT

    text = _flat("\n".join(draft_books[profile]["pages"]))
    assert not re.findall(r"(?<!Mana )\b[Rr]eserves?\b", text)
    for word in ("trap token", "spell card", "spell deck"):
        assert not re.findall(rf"\b{word}", text), word
    assert "Trap token" in text and "Mana Reserve" in text
    folder = ROOT / "components" / GAME / "rules"
    findings = lint_pdf(draft_books[profile]["pdf"], draft=True, terms=load_terms(folder),
                        language=load_yaml(folder / "rulebook.yaml").data["language"])
    assert [str(f) for f in findings if f.kind == "term"] == []


@pytest.mark.parametrize("profile", PROFILES)
def test_the_clash_box_is_on_the_page_of_its_section(draft_books, profile):
    """The box saying what a Clash of equal totals does sits on the page of the Clash's last step."""
    pages = [_flat(p) for p in draft_books[profile]["pages"]]
    box = [i for i, p in enumerate(pages) if "What a Clash between equal totals does" in p]
    assert len(box) == 1
    assert "shuffled back into the Spell deck" in pages[box[0]], pages[box[0]]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_open_list_runs_on_from_the_contents_page(draft_books, profile):
    """The list of every missing part starts on the page of 'About this draft' (the contents page
    in these books) rather than leaving it part empty, and that page is more than three quarters
    full by drawn area. (In the A5 booklet only its lead-in and first item, two lines long, fit.)"""
    import pypdfium2 as pdfium
    from generator.rulebook.lint import page_fill, page_lines

    pages = [_flat(p) for p in draft_books[profile]["pages"]]
    about = next(i for i, p in enumerate(pages) if "This is a working draft" in p)
    assert "Not yet written in this draft: • the game board" in pages[about], pages[about]
    doc = pdfium.PdfDocument(str(draft_books[profile]["pdf"]))
    try:
        fill = page_fill(doc[about], page_lines(doc[about]), about + 1)
    finally:
        doc.close()
    assert fill > 0.75, fill


@pytest.mark.parametrize("profile", PROFILES)
def test_the_reference_aids_leave_open_what_the_book_leaves_open(draft_books, profile):
    """The book lists a Clash of three or more totems, a tie and where mana lies (tile or hex) as
    not yet written: the turn at a glance and the glossary, read at the table in its place, say so
    too, and neither gives the larger Mana Reserve the win of every Clash."""
    text = _flat("\n".join(draft_books[profile]["pages"]))
    glance = text[text.rindex(" Turn at a glance "):]
    clash = glance[glance.index("A Clash happens"):glance.index("Losing.")]
    assert "three or more totems are not yet written" in clash and "Equal totals" in clash, clash
    assert "Not yet settled: whether Drain and Replenish use the tile or the hex" in glance, glance
    assert "Power Struggle follows (not yet written)" in glance, glance
    glossary = _chapter(text, "Glossary", "Turn at a glance")
    entry = glossary[glossary.index("Clash. "):][:260]   # the entry (and what follows it in its column)
    assert "Between two totems" in entry and "three or more totems" in entry, entry
    assert "the larger Effective Mana Reserve wins it" not in text
