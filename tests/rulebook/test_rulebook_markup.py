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
