"""The book's words: one word for one thing (a term's ``avoid`` forms in rules/terms.yaml never
print) and one English (rulebook.yaml's language: colour never prints in an en-US book), read out of
every built player book's text by the rulebook lint."""
from __future__ import annotations

import pytest

from rulebook_helpers import PLAYER_BOOKS, ROOT


def _lines(*pages: str):
    from generator.rulebook.lint import Line
    return [[Line(0, 0, 1, 1, text) for text in page.splitlines()] for page in pages]


def _book_words(game: str) -> dict:
    from generator.model.source import load_yaml
    from generator.rulebook.terms import load_terms
    folder = ROOT / "components" / game / "rules"
    return {"terms": load_terms(folder), "language": load_yaml(folder / "rulebook.yaml").data["language"]}


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_player_book_keeps_to_its_terms_and_its_english(player_books, book):
    from generator.rulebook.lint import lint_pdf
    findings = [str(f) for f in lint_pdf(player_books[book], draft=book[0] == "mana-hex", **_book_words(book[0]))
                if f.kind in ("term", "spelling")]
    assert findings == []


def test_each_shipped_game_names_words_to_avoid():
    """The Channeling holds its grid's places and its Green set to one word and one case."""
    from generator.rulebook.terms import avoid_pattern
    words = _book_words("the-channeling")
    assert words["language"] == "en-US"
    found = {t.term: avoid_pattern(t) for t in words["terms"]}
    assert found["Place"].search("the empty spot a2") and found["Place"].search("name the squares")
    assert found["Green glyphs"].search("its green card") and not found["Green glyphs"].search("its Green card")
    assert found["Green glyphs"].search("its Green twin")   # a name the book never defines


def test_the_lint_finds_the_other_english_and_the_avoided_forms():
    from generator.rulebook.lint import word_findings
    from generator.rulebook.terms import Term
    place = Term(term="Place", means="A spot of the grid.", avoid=["spot", "square"])
    green = Term(term="Green glyph", means="x", also=["Green glyphs"], avoid=["green glyph", "green glyphs"])
    pages = _lines("Cubes of your colour go to the centre.\nGreen glyphs label the rows.",
                   "Fill the empty Spot; the green glyph names a row.\nA colo-\nured square.")
    found = [(f.page, f.kind, f.text) for f in word_findings(pages, [place, green], "en-US")]
    assert found == [(1, "spelling", "'colour' in an en-US book"), (1, "spelling", "'centre' in an en-US book"),
                     (2, "term", "'Spot' for Place"), (2, "term", "'square' for Place"),
                     (2, "term", "'green glyph' for Green glyph"), (2, "spelling", "'coloured' in an en-US book")]
    british = [(f.page, f.text) for f in word_findings(_lines("The color of the center", "colour"), [], "en-GB")]
    assert british == [(1, "'color' in an en-GB book"), (1, "'center' in an en-GB book")]
    assert word_findings(pages, [], None) == []


def test_an_avoided_short_form_is_found_alone_but_not_inside_the_terms_own_name():
    """'reserve' avoided for Mana Reserve: found in 'your reserve' and 'your Reserve', never inside
    'Mana Reserve', 'Mana Reserves' or 'Effective Mana Reserve', across a line break too."""
    from generator.rulebook.lint import word_findings
    from generator.rulebook.terms import Term, avoid_pattern
    reserve = Term(term="Mana Reserve", means="x", also=["Mana Reserves"], avoid=["reserve", "reserves"])
    pattern = avoid_pattern(reserve)
    assert [m.group(0) for m in pattern.finditer("from your reserve; not from your Reserve; players' reserves")] == \
        ["reserve", "Reserve", "reserves"]
    assert not pattern.search("your Mana Reserve, their mana reserves, the Effective Mana Reserve")
    pages = _lines("Put 1 mana from your Mana\nReserve on the tile; take 1 into your\nReserve.")
    assert [f.text for f in word_findings(pages, [reserve], None)] == ["'Reserve' for Mana Reserve"]


def test_a_game_in_en_us_is_warned_of_a_british_word_and_an_avoided_term(tmp_path, rulebook_env):
    """Through the command line: the scaffold's book with 'colour' and a word its terms file avoids."""
    from generator.build.newgame import create_game
    from pnp_testing import run_cli
    folder = create_game(tmp_path, "demo", "Demo")
    rules = folder / "rules"
    main = rules / "rulebook.md"
    main.write_text(main.read_text() + "\n\nEach player takes the tokens of their colour and sets one on a spot.\n")
    (rules / "terms.yaml").write_text("terms:\n  - term: Space\n    means: Where a token stands.\n"
                                      "    avoid: [spot, spots]\n")
    result = run_cli("rulebook", "demo", "--profile", "rulebook-letter", "--out", str(tmp_path / "out"),
                     env={**rulebook_env, "PNP_PROJECT": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    assert "spelling: 'colour' in an en-US book" in result.stderr, result.stderr
    assert "term: 'spot' for Space" in result.stderr, result.stderr


def test_the_grove_says_move_never_walk():
    """Battle for the Grove's action is Move: 'walk' in any form is a term finding in its books."""
    from generator.rulebook.lint import word_findings
    words = _book_words("battle-for-the-grove")
    found = [f.text for f in word_findings(_lines("Druids walk out to the circles.\nLight walked 3 there.",
                                                  "Light moves all six standing druids."), words["terms"], None)]
    assert found == ["'walk' for Move", "'walked' for Move"]
