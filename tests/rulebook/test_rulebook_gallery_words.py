"""A card of words in a rulebook's components gallery: a made-up game whose hero cards carry a
paragraph of rules text. At the gallery's usual size that text would print under the figures'
smallest size, so the card is drawn larger, where its words are legible: a reader never sees a
blank card that is not blank in print. When only one card of a set carries words (the others are
blank forms) and the whole set at that size would not fit a page, that card alone is enlarged."""
from __future__ import annotations

import sys

import pytest

from rulebook_helpers import ROOT

sys.path.insert(0, str(ROOT / "tests"))

from quartet_game import write_quartet_game  # noqa: E402

WORDS = ("Quillfeather heroes march at dawn. Each turn a hero may scout one isle, rest beside a "
         "fire, or challenge a rival band for the right to cross the narrow reef before nightfall.")
CARD = f"""id: q-heroes
size: [63.5mm, 88.9mm]
elements:
  background: {{kind: background, fill: sand}}
  name: {{kind: text, x: 6, y: 5, w: 51.5, h: 7, text: "{{name}}", font: bold, size: 11, colour: navy, align: centre}}
  rules: {{kind: text, x: 6, y: 16, w: 51.5, h: 60, text: "{WORDS}", font: body, size: 6.5, colour: navy,
          fit: wrap, valign: top}}
"""


def _gallery_words(root, rulebook_env) -> list[dict]:
    """The words on the page of the heroes' gallery of the quartet game at ``root``, with their size
    and position (pdfplumber)."""
    import pdfplumber
    from pnp_testing import run_cli
    game = root / "components" / "quartet"
    (game / "rules").mkdir()
    (game / "rules" / "rulebook.yaml").write_text("main: rulebook.md\nlanguage: en-US\n")
    (game / "rules" / "rulebook.md").write_text(
        "# Components\n\nTwo heroes lead each band.\n\n{{ figure('components/heroes', 'The heroes') }}\n")
    out = root / "out"
    result = run_cli("rulebook", "quartet", "-p", "rulebook-letter", "--out", str(out),
                     env={**rulebook_env, "PNP_PROJECT": str(root)})
    assert result.returncode == 0, result.stderr
    with pdfplumber.open(out / "quartet-base-rulebook-letter.pdf") as pdf:
        for page in pdf.pages:
            words = page.extract_words(extra_attrs=["size"])
            if any(w["text"] == "Quillfeather" for w in words):
                return words
    pytest.fail("the card's words appear on no page of the book")


@pytest.fixture(scope="module")
def gallery_page(tmp_path_factory, rulebook_env):
    root = write_quartet_game(tmp_path_factory.mktemp("wordy-game"))
    (root / "components" / "quartet" / "templates" / "q-heroes.yaml").write_text(CARD)
    return _gallery_words(root, rulebook_env)


# one hero card written, five blank forms: the words print only on a card whose status is written
FORMS = ["Archer", "Bard", "Cook", "Diver", "Envoy"]


@pytest.fixture(scope="module")
def one_written_card(tmp_path_factory, rulebook_env):
    root = write_quartet_game(tmp_path_factory.mktemp("one-written"))
    game = root / "components" / "quartet"
    (game / "templates" / "q-heroes.yaml").write_text(
        CARD.replace("fit: wrap, valign: top}", "fit: wrap, valign: top, when: {status: written}}"))
    text = (game / "game.yaml").read_text()
    heroes = "    fields:\n      name: {type: text}\n    pieces:\n      - {name: Archer, count: 2}\n      - {name: Bard, count: 1}\n"
    assert heroes in text
    pieces = "".join(f"      - {{name: {n}, status: blank, count: 1}}\n" for n in FORMS)
    (game / "game.yaml").write_text(text.replace(heroes, "    fields:\n      name: {type: text}\n      status: {type: text}\n"
                                                         "    pieces:\n      - {name: Sage, status: written, count: 1}\n"
                                                         + pieces))
    return _gallery_words(root, rulebook_env)


def test_a_card_of_words_shows_its_words_in_the_gallery(gallery_page):
    counts = [w for w in gallery_page if w["text"].startswith("\u00d7")]   # the count under each hero card
    card_words = [w for w in gallery_page if w["text"].strip(".,") in WORDS.replace(".", "").replace(",", "").split()
                  and counts and w["bottom"] < counts[0]["top"]]
    shown = {w["text"].strip(".,") for w in card_words}
    assert {"Quillfeather", "scout", "nightfall"} <= shown, shown
    assert min(w["size"] for w in card_words) >= 6.0, sorted({round(w["size"], 2) for w in card_words})


def test_a_set_with_one_card_of_words_enlarges_that_card_alone(one_written_card):
    """Six hero cards at the size of the written one's words would not fit a page: the written card
    keeps its words (6 pt or more) and the five blank forms stay small beside it, on the same page.
    One of each card: the gallery prints no count under any of them."""
    assert not [w for w in one_written_card if w["text"].startswith("\u00d7")]
    card_words = [w for w in one_written_card if w["text"].strip(".,") in {"Quillfeather", "scout", "nightfall"}]
    assert {w["text"].strip(".,") for w in card_words} == {"Quillfeather", "scout", "nightfall"}
    assert min(w["size"] for w in card_words) >= 6.0
    captions = {w["text"] for w in one_written_card} & set(FORMS)
    assert captions == set(FORMS)
