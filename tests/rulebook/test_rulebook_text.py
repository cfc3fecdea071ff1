"""The rulebook's text says what the data says: counts, ranges, names and every rule option."""
from __future__ import annotations

import re

from rulebook_helpers import ROOT, build_rulebook_cli, deck_rows, gallery_counts, load, pdf_text, section, unbreak

CHANNELING = ROOT / "components" / "the-channeling"


def test_counts_and_ranges_equal_the_yaml(book_2025):
    text = "\n".join(book_2025["pages"])
    rows = deck_rows(ROOT / "components")
    total = sum(r.get("count", 1) for r in rows)
    vigor = [r["vigor"] for r in rows]
    splendor = [r["splendor"] for r in rows]
    assert f"{total} Magic Circle cards" in text
    assert f"Vigor ({min(vigor)} to {max(vigor)} in this deck)" in text
    assert f"Splendor ({min(splendor)} to {max(splendor)} in this deck)" in text
    cubes = next(c for c in load(CHANNELING / "game.yaml")["components"] if c["id"] == "energy-cubes")["pieces"]
    assert f"{cubes[0]['count']} Energy cubes of their color" in text
    assert f"{sum(c['count'] for c in cubes)} Energy cubes: {cubes[0]['count']} Light" in text
    glyphs = [g["name"] for g in load(CHANNELING / "glyphs.yaml")["glyphs"]]
    assert ", ".join(glyphs[:-1]) + f" and {glyphs[-1]}" in text
    rules = load(CHANNELING / "editions" / "2025.yaml")["rules"]
    hidden = ["no", "one", "two", "three", "four", "five"][rules["hidden_glyphs"]]
    assert f"secretly picks {hidden} of their glyphs" in text


def test_component_gallery_shows_each_card_with_its_count(book_2025):
    components = section(book_2025["pages"], "Components", "Setting up")
    shown = gallery_counts(components)
    for row in deck_rows(ROOT / "components"):
        assert shown.get(row["name"]) == row.get("count", 1), row["name"]


def test_clarifications_answer_each_open_question_in_plain_words(book_2025):
    """Each question of rules/options.yaml is printed with the answer for the edition's value, and
    no option key or value id appears; the tie rule, which Scoring states, is not asked again."""
    from pnp_games.channeling.options import ChannelingOptions
    from generator.rulebook.wordings import value_key
    rules = load(CHANNELING / "editions" / "2025.yaml")["rules"]
    options = ChannelingOptions.model_validate(rules)
    text = re.sub(r"\s+", " ", unbreak(section(book_2025["pages"], "Clarifications", "Appendix: A sample game")))
    text = text.replace("\u2019", "'")  # the typesetter's apostrophes
    questions = load(CHANNELING / "rules" / "options.yaml")["questions"]
    assert len(questions) >= 8
    for q in questions:
        answers = {value_key(k): v for k, v in q["answers"].items()}
        answer = answers[value_key(getattr(options, q["option"]))]
        assert (f"{q['question']} {answer}" in text) is (q["option"] != "tie_breakers"), q["option"]
    for name in ChannelingOptions.model_fields:
        assert name not in text


def test_editions_differ_only_where_their_data_does(player_books):
    thirty = "\n".join(pdf_text(player_books[("the-channeling", "thirty", "rulebook-letter")]))
    rows = deck_rows(ROOT / "components", "magic-circle-30.yaml")
    assert f"{sum(r.get('count', 1) for r in rows)} Magic Circle cards" in thirty
    assert "secretly picks" not in thirty                    # no hidden glyphs in this edition
    flat = re.sub(r"\s+", " ", thirty)
    assert "disagree with themselves" not in flat            # no designer's voice in a player book
    # returned by Splendor, Overchanneling beyond Vigor: a reading in Clarifications, "up to" in the rule
    assert re.search(r"We follow the turn: up to as many as the card[’']s Splendor go back", flat)
    assert "Of your cubes on that card, up to its Splendor go back to your supply." in flat


def test_edited_copy_of_the_data_changes_text_and_figures(book_2025, game_copy, rulebook_env, tmp_path):
    cards = game_copy / "the-channeling" / "cards" / "magic-circle-36.yaml"
    rows = deck_rows(game_copy)
    text = cards.read_text()
    text = text.replace("{name: Crown of Stars, vigor: 7, splendor: 8, count: 4}",
                        "{name: Crown of Stars, vigor: 8, splendor: 8, count: 6}")
    assert text != cards.read_text()
    cards.write_text(text)
    env = {**rulebook_env, "PNP_COMPONENTS": str(game_copy)}
    edited = pdf_text(build_rulebook_cli(tmp_path / "edited", "2025", "--profile", "rulebook-letter", "--profile",
                                         "designer-report", env=env))
    edited_report = pdf_text(tmp_path / "edited" / "the-channeling-2025-designer-report.pdf")
    edited_text = "\n".join(edited)
    total = sum(r.get("count", 1) for r in rows) + 2
    assert f"{total} Magic Circle cards" in edited_text
    assert "Vigor (4 to 8 in this deck)" in edited_text
    assert gallery_counts(section(edited, "Components", "Setting up"))["Crown of Stars"] == 6
    # the balance figures of this edition (in the designer's report) come from new simulations of the new deck
    before = section(book_2025["report_pages"], "How this game plays")
    after = section(edited_report, "How this game plays")
    numbers = re.compile(r"\d+(?:\.\d+)?%?")
    assert numbers.findall(before) != numbers.findall(after)
    # a card face drawn from the edited data: Crown of Stars' two Vigor corners now print 8, not 7
    eights = [section(pages, "Components", "Setting up").split("\n").count("8") for pages in (book_2025["pages"], edited)]
    assert eights[1] == eights[0] + 2, eights
