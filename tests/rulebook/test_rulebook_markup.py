"""What an editor marks in a player book's text, read from the built PDFs and the data behind them:
a sentence said twice, one thing under two names, the other English's spelling, and the engine's
own words (which the designer's report quotes) in another English than the book's."""
from __future__ import annotations

import re

import pytest

from rulebook_helpers import ROOT, unbreak


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", unbreak(text))


def test_the_hidden_glyphs_before_the_first_turn_are_told_once(book_2025):
    """Each player's face-down glyphs are one sentence, not the sentence and its short form again."""
    text = _flat("\n".join(book_2025["pages"]))
    start = text.rindex("Before the first turn")   # the heading, after the contents' line
    before = text[start:text.index("In play these stay secret", start)]
    assert "face down" in before
    assert "In short" not in before, before
    for player in ("Light", "Dark"):
        assert len(re.findall(rf"\b{player} sets\b", before)) == 1, before


def test_the_lint_reads_set_up_as_the_other_english():
    """'Set-up' is the British noun: an en-US book writes 'setup' (and its headings 'Setting up')."""
    from generator.rulebook.lint import Line, word_findings
    pages = [[Line(0, 0, 1, 1, "Set-up. Lay the circles out."), Line(0, 0, 1, 1, "The setup of the sample game.")]]
    assert [f.text for f in word_findings(pages, [], "en-US")] == ["'Set-up' in an en-US book"]
    assert [f.text for f in word_findings(pages, [], "en-GB")] == ["'setup' in an en-GB book"]


ENGINES = [("the-channeling", "pnp_games.channeling.options", "ChannelingOptions"),
           ("battle-for-the-grove", "pnp_games.grove.options", "GroveOptions")]


@pytest.mark.parametrize("game, module, name", ENGINES, ids=[g for g, _, _ in ENGINES])
def test_option_descriptions_speak_the_books_english_and_terms(game, module, name):
    """The designer's report quotes each rule option's description beside the book: they are written
    in the book's English (rulebook.yaml's language) and use the game's terms, never a form its
    terms file avoids ('spot' for Place, 'green glyphs' for the Green glyphs)."""
    import importlib
    from generator.model.source import load_yaml
    from generator.rulebook.lint import other_spellings
    from generator.rulebook.terms import avoid_pattern, load_terms
    folder = ROOT / "components" / game / "rules"
    language = load_yaml(folder / "rulebook.yaml").data["language"]
    patterns = [other_spellings(language), *filter(None, (avoid_pattern(t) for t in load_terms(folder)))]
    options = getattr(importlib.import_module(module), name)
    found = {key: m.group(0) for key, field in options.model_fields.items()
             for pattern in patterns if (m := pattern.search(field.description or ""))}
    assert found == {}


def test_the_designers_report_keeps_to_the_books_words(book_2025):
    """The report beside the 2025 book, option descriptions and all, passes the same word lint as
    the book: US spelling, and none of the forms the game's terms avoid."""
    from generator.model.source import load_yaml
    from generator.rulebook.lint import lint_pdf
    from generator.rulebook.terms import load_terms
    folder = ROOT / "components" / "the-channeling" / "rules"
    findings = lint_pdf(book_2025["report"], players=False, terms=load_terms(folder),
                        language=load_yaml(folder / "rulebook.yaml").data["language"])
    assert [str(f) for f in findings if f.kind in ("term", "spelling")] == []
    report = _flat("\n".join(book_2025["report_pages"]))
    assert "Which color starts on the top-left and bottom-right center cards" in report, report


def test_the_deck_is_introduced_once_and_the_turn_at_a_glance_uses_defined_words(book_2025):
    """The deck's section says what the deck is for and then its numbers, without a sentence of
    the data's one-line description that the list under it says again; the turn at a glance names
    the Green glyph, never a 'twin' the book defines nowhere."""
    text = _flat("\n".join(book_2025["pages"]))
    start = text.index("The grid is dealt from this deck")
    paragraph = text[start:text.index("Vigor (", start)]
    assert "each card shows its Vigor and Splendor" not in paragraph, paragraph
    glance = text[text.rindex("Turn at a glance"):]
    assert "twin" not in glance and "The Green glyph of the same symbol names a row or a column" in glance


GROVE = ("battle-for-the-grove", "2024", "rulebook-letter")


def test_the_groves_examples_tell_each_roll_once_and_a_hit_is_no_try(player_books):
    """A boxed example's opening sets out the position; the roll and what it does are told once,
    by the narration beneath. A Stun or Banish that hits is told as done, not as tried."""
    from rulebook_helpers import pdf_text
    text = _flat("\n".join(pdf_text(player_books[GROVE])))
    boxes = {"Cubes canceling out": (r"1, 2,? (?:and )?5", "Successes are counted as for Channel"),
             "The Stun cap": (r"1, 1,? (?:and )?2", "Each die showing 6 sends")}
    for title, (roll, after) in boxes.items():
        start = text.index(f"Example: {title}")
        box = text[start:text.index(after, start)]
        assert len(re.findall(roll, box)) == 1, box
    assert not re.search(r"tries to stun[^.]*knocked down", text)
    assert not re.search(r"tries to banish[^.]*back to the Grove", text)


def test_the_cover_names_the_players_once(book_2025):
    """The subtitle already says 'A game for two players': the line of facts under the edition
    does not say '2 players' again."""
    cover = _flat(book_2025["pages"][0])
    assert "A game for two players" in cover
    assert len(re.findall(r"\bplayers\b", cover)) == 1, cover


def test_the_banned_words_cover_machine_talk_an_editor_marks():
    """Beside engine, agent and seed: a percentage spelled out, statistics, the engine's turn cap."""
    from generator.rulebook.lint import designer_words
    words = designer_words()
    for sentence in ("Light won 63 percent of the games.", "The statistics favor Dark.",
                     "The turn limit is reached: the game stops as a draw.", "an algorithm picks the move",
                     "the computer played both sides"):
        assert words.search(sentence), sentence
    for sentence in ("Light takes the first turn.", "The game ends after the last turn.", "Count the cards."):
        assert not words.search(sentence), sentence


def test_a_worked_example_tells_no_score(book_2025):
    """A worked example is a made-up position: 'Score: Light 0, Dark 0' under it would tell a reader
    nothing (the sample game's turns keep their running score)."""
    text = _flat("\n".join(book_2025["pages"]))
    for title, after in (("Choosing between two shortest Leylines", "4. Cancel"), ("Overchanneling", "Then fill each"),
                         ("Reaching seven cards", "Scoring")):
        start = text.index(f"Example: {title}")
        assert "Score:" not in text[start:text.index(after, start)], title
    assert "Score: Light" in text[text.rindex("Turn 1: Light"):]


def test_a_table_column_is_as_wide_as_its_longest_no_break_group():
    """Words joined by no-break spaces are one word to the paragraph that sets them, so the column's
    least width holds the whole group (it took the group apart and set a column too narrow for it)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from generator.rulebook.markdown import column_widths
    long = "a long sentence of many words that would like the whole width of the page for itself " * 3
    group = "C\u00a012\u00a0Light"
    widths = column_widths([[(long, "Helvetica", 9), (f"A\u00a08\u00a0Dark, {group}", "Helvetica", 9)]], 2, 300)
    assert widths[1] >= stringWidth(group, "Helvetica", 9) + 10
    plain = column_widths([[(long, "Helvetica", 9), ("A 8 Dark, C 12 Light", "Helvetica", 9)]], 2, 300)
    assert plain[1] < stringWidth(group, "Helvetica", 9) + 10   # the case it guards: words apart, a narrower column
