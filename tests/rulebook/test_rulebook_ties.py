"""Words a line never breaks, read from the built player books: no word of a game term (its
glossary) or of a piece's name hyphenated ("Ley-/line", "Toad-/stool Ring"), no short name split
between two lines ("Dew / Circle"), no justified paragraph ending in one short word alone ("down."),
and a Leyline's path printed with the en dashes of the running text everywhere (a1–b1–c1)."""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from functools import lru_cache

import pytest

from rulebook_helpers import PLAYER_BOOKS, ROOT

CHANNELING = [b for b in PLAYER_BOOKS if b[0] == "the-channeling"]
IDS = ["-".join(b) for b in PLAYER_BOOKS]


@lru_cache(maxsize=None)
def _names(game: str, edition: str) -> tuple[str, ...]:
    """Every term of the game's glossary with its other forms, and every component's, piece's and glyph's
    name, as the game's data gives them."""
    from generator.model import load_edition
    from generator.rulebook.terms import load_terms
    loaded = load_edition(game, edition)
    names = [w for t in load_terms(ROOT / "components" / game / "rules") for w in (t.term, *t.also)]
    for component in loaded.components:
        names += [component.spec.name, *(p.label for p in component.pieces if not re.search(r"\d", p.label))]
    return tuple(names + [g.name for g in loaded.game.glyphs.values()])


def _words(names) -> set[str]:
    return {w.lower() for name in names for w in re.findall(r"[^\W\d_]+", name) if len(w) >= 5}


@lru_cache(maxsize=None)
def _text(pdf) -> str:
    """The book's text, line by line as set (pypdf: a hyphen that breaks a word ends its line)."""
    from pypdf import PdfReader
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages)


@lru_cache(maxsize=None)
def _running_text(pdf) -> str:
    """The text set in the book face, line by line: running text, lists and tables, not the labels of
    drawings (set in the sans, where a name may stand on two lines under a card)."""
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        return "\n".join(page.filter(lambda o: o.get("object_type") != "char" or "Serif" in o["fontname"])
                         .extract_text() or "" for page in doc.pages[1:])


def _forms(word: str) -> re.Pattern:
    """``word`` and its inflected forms: plural, possessive, -ing, -ed, -er ('channeling' of 'channel',
    'immobilize' of 'immobilized', 'stunned' of 'stun')."""
    base = re.sub(r"(?:e|y|ed|ing)$", "", word) if len(word) > 5 else word
    return re.compile(re.escape(base) + r"(?:e|y|i|" + re.escape(base[-1]) + r")?(?:s|es|ed|ing|ings|er|ers|e)?"
                      r"(?:['\u2019]s)?")


def _is_protected(word: str, protected: set[str]) -> bool:
    return any(_forms(p).fullmatch(word.lower()) for p in protected)


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=IDS)
def test_no_term_or_name_is_hyphenated(player_books, book):
    """A word broken at a line's end ("Splen-" then "dor", "chan-" then "neling") is never a word of
    the game's terms or names, nor an inflected form of one."""
    protected = _words(_names(book[0], book[1]))
    broken = [f"{head}-{tail}" for head, tail in re.findall(r"([^\W\d_]+)-\n\s*([^\W\d_]+)", _text(player_books[book]))
              if _is_protected(head + tail, protected)]
    assert broken == [], broken


def test_the_inflected_forms_a_book_reads_as_a_terms():
    protected = {"channel", "immobilized", "center", "supply", "stun"}
    for word in ("channeling", "Channelling", "channels", "Immobilize", "Centers", "supplies", "stunned", "Center's"):
        assert _is_protected(word, protected), word
    for word in ("centrifuge", "standard", "channelize", "stunt"):
        assert not _is_protected(word, protected), word


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=IDS)
def test_short_names_stay_on_one_line(player_books, book):
    """A name of two or three short words ("Dew Circle", "Crown of Stars") never ends one line and
    goes on at the start of the next."""
    names = {re.sub(r"^(?:the|a|an)\s+", "", n, flags=re.IGNORECASE) for n in _names(book[0], book[1]) if len(n) <= 20}
    names = {n for n in names if " " in n}   # "The Grove" may break after its article
    text = _running_text(player_books[book])
    split = [m.group(0) for n in names for m in re.finditer(
        r"(?<!\w)" + r"[ \t]*\n[ \t]*".join(map(re.escape, n.split())) + r"(?!\w)", text, re.IGNORECASE)
        if "\n" in m.group(0)]
    assert split == [], split


def _runts(pdf, size: float) -> list[str]:
    """Every justified paragraph's last line that holds one short word: a line of running text at ``size``
    of one word of at most 8 characters ending a sentence, under a line that fills the measure."""
    import pdfplumber
    found = []
    with pdfplumber.open(str(pdf)) as doc:
        for page in doc.pages[1:]:
            lines: dict[int, list[dict]] = defaultdict(list)
            for word in page.extract_words(extra_attrs=["size"]):
                if abs(word["size"] - size) < 0.05:
                    lines[round(word["bottom"])].append(word)
            if not lines:
                continue
            rows = sorted(lines.items())
            right = Counter(round(max(w["x1"] for w in words)) for _, words in rows).most_common(1)[0][0]
            for (above, upper), (below, lower) in zip(rows, rows[1:]):
                full = abs(max(w["x1"] for w in upper) - right) <= 1.5 and len(upper) >= 4
                text = lower[0]["text"]
                if full and len(lower) == 1 and below - above < 2 * size and len(text) <= 8 and \
                        re.fullmatch(r"[^\W\d_]+[.!?:;)]+", text):
                    found.append(f"p{page.page_number}: {' '.join(w['text'] for w in upper[-3:])} / {text}")
    return found


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=IDS)
def test_no_paragraph_ends_in_one_short_word_alone(player_books, book):
    size = 9.5 * (0.92 if "a5" in book[2] else 1.0)
    runts = _runts(player_books[book], size)
    assert runts == [], runts


@pytest.mark.parametrize("book", CHANNELING, ids=["-".join(b) for b in CHANNELING])
def test_a_path_is_written_with_en_dashes(player_books, book):
    """The turns in short write a Leyline as the prose does, d1–d2–c2, never with the notation's hyphens."""
    text = _text(player_books[book])
    assert re.findall(r"\b[a-h]\d+-[a-h]\d+\b", text) == []
    assert re.search(r"path [a-h]\d(–[a-h]\d)+", text), "no turn in short found"


def test_the_hyphenator_leaves_the_games_words_whole():
    """The breaks reportlab is offered: none in a term or name (nor its plural or possessive), the
    usual ones elsewhere; a short name's words tied with no-break spaces, a paragraph's last two
    words when short."""
    from generator.rulebook.styles import hyphenator
    from generator.rulebook.ties import NBSP, Ties, unbroken_words
    words = unbroken_words(["Overchanneling", "Toadstool Ring", "Mana Reserve"])
    breaks = hyphenator("en-US", words)
    for word in ("Overchanneling", "Toadstool", "Toadstools", "Reserve", "reserves", "Toadstool\u2019s"):
        assert list(breaks(word)) == [], word
    inflected = hyphenator("en-US", unbroken_words(["Channel", "Immobilized", "Take the Center"]))
    for word in ("channeling", "Channelled", "channels", "Immobilize", "Immobilized", "Center", "Centers"):
        assert list(inflected(word)) == [], word
    assert list(inflected("centrifuge")) != []
    assert list(breaks("Overcharging")) == list(hyphenator("en-US")("Overcharging")) != []
    ties = Ties(["Toadstool Ring", "Crown of Stones", "A name much too long to tie"])
    assert ties.names("the <b>Crown of\nStones</b> and a toadstool ring") == \
        f"the <b>Crown{NBSP}of{NBSP}Stones</b> and a toadstool{NBSP}ring"
    assert ties.names("A name much too long to tie") == "A name much too long to tie"
    assert Ties(["The Grove", "The Crown of Stars"]).names("to the Grove or the Crown of Stars") == \
        f"to the Grove or the Crown{NBSP}of{NBSP}Stars"
    assert Ties.last_words("they lie face down.") == f"they lie face{NBSP}down."
    assert Ties.last_words("see <i>The end</i>.") == f"see <i>The{NBSP}end</i>."
    # a long last word is no runt: it may stand alone, but unhyphenated ("sug- / gestion.")
    assert Ties.last_words("the Overchanneling consequences.") == "the Overchanneling <nobr>consequences.</nobr>"
    assert Ties.last_words("is our suggestion.") == "is our <nobr>suggestion.</nobr>"
    assert Ties.last_words("turn 1 reads path c3–c2–d2–d1.") == "turn 1 reads path <nobr>c3–c2–d2–d1.</nobr>"
    assert Ties.last_words("kept back by <i>Overchanneling</i>.") == "kept back by <i>Overchanneling</i>."
    tied = Ties(["face down"])
    assert tied.last_words(tied.names("which ones lie face down.")) == f"which ones lie face{NBSP}down."
