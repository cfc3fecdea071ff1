"""Fidelity to the publisher's source documents, read from the built player books: every reading the
source does not state is worded as this book's reading; the source's turn overview opens each turn
chapter as a numbered list; the credits are whole; no example tells its move twice."""
from __future__ import annotations

import re

from rulebook_helpers import unbreak


def _text(pdf) -> str:
    from pypdf import PdfReader
    return re.sub(r"\s+", " ", unbreak("\n".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages)))


def _book(player_books, game: str, edition: str) -> str:
    return _text(player_books[(game, edition, "rulebook-letter")])


def test_the_channeling_words_its_own_readings_as_readings(player_books):
    """The source is silent on face-down glyphs being unplayable and on where canceled cubes go:
    the book says so where it states them and answers both in Clarifications as its reading."""
    text = _book(player_books, "the-channeling", "2025")
    assert "cannot be played" not in text
    assert "As this book reads the rules (see Clarifications), they stay out of play" in text
    assert text.count("As this book reads") == 1, "the reading is stated once, where the hand is told"
    assert re.search(r"Can you play a glyph that lies face down\? Whether it may be played is not said\. We read", text)
    assert re.search(r"Where do canceled cubes go\? We read", text)


def test_thirty_and_forest_return_up_to_the_splendor(player_books):
    for edition in ("thirty", "forest"):
        text = _book(player_books, "the-channeling", edition)
        # step 5 and the turn at a glance say "up to its Splendor" once, without "as many as" or a
        # bracket that says the same again
        assert "Of your cubes on that card, up to its Splendor go back to your supply. Any cubes beyond" in text, edition
        assert not re.search(r"(?<![Uu]p to )[Aa]s many (of those cubes )?as (the card’s |its )Splendor", text), edition
        assert "Up to its Splendor of those cubes go back to your supply" in text, edition     # the turn at a glance
        assert "(all, if fewer)" not in text and "go back to your supply (all of them" not in text, edition


def test_an_edition_whose_sheet_counts_the_steps_otherwise_says_so(player_books):
    """The thirty sheet counts seven steps (the Leyline chosen apart), the forest sheet four: a line
    under the book's six steps tells a player holding that sheet; the 2025 sheet's six need none."""
    counts = {"2025": None, "thirty": "seven", "forest": "four"}
    for edition, count in counts.items():
        text = _book(player_books, "the-channeling", edition)
        overview = text[text.index("Playing a turn Light takes"):][:800]
        assert "6. Check for the end of the game" in overview, edition
        said = re.search(r"The printed rules of this edition count (\w+) steps", overview)
        assert (said.group(1) if said else None) == count, (edition, overview)


def test_each_turn_chapter_opens_with_the_sources_turn_overview(player_books):
    channeling = _book(player_books, "the-channeling", "2025")
    assert re.search(r"Playing a turn Light takes the first turn, [^.]*\. Each turn has the same steps, in this "
                     r"order: 1\. Play a glyph\. 2\. Move a druid\. 3\. Channel", channeling)
    grove = _book(player_books, "battle-for-the-grove", "2024")
    assert re.search(r"A turn Your turn, in order: 1\. Check for a win\. .{0,200}? 2\. Take one action at one place, "
                     r"the Grove or one of the circles: Stand, Move, Channel, Stun or Banish\.", grove)


def test_the_credits_are_whole(player_books):
    """The 2025 source credits design, layout, card art, editing, twelve playtesters and the
    ornamentation, and gives the publisher's web address."""
    cover = _book(player_books, "the-channeling", "2025")[:1500]
    for credit in ("Design: Sam Fragello", "Layout: Scott Bennett", "Card art: Kathryn Rose",
                   "Editing: Ragnarr Marksen, Scott Bennett", "Ornamentation: Marie Danforth",
                   "faerieringgames.com/the_channeling"):
        assert credit in cover, credit
    players = re.search(r"Playtesting: ([^:]*?) Ornamentation", cover)
    assert players and len(players.group(1).split(", ")) == 12, players


def test_each_edition_prints_its_own_sources_credits(player_books):
    """The forest rules credit design, layout, art, page ornamentation and editing, with no
    playtesters and no web address; the thirty rules credit nobody: neither book borrows the 2025
    edition's credits."""
    forest = _book(player_books, "the-channeling", "forest")[:1500]
    for credit in ("Design: Sam Fragello", "Layout: Scott Bennett", "Art: Kathryn Rose",
                   "Page ornamentation: Marie L. Danforth", "Editing: Ragnarr Marksen, Scott Bennett"):
        assert credit in forest, credit
    thirty = _book(player_books, "the-channeling", "thirty")[:1500]
    for book in (forest, thirty):
        assert "Playtesting" not in book and "faerieringgames" not in book and "Card art" not in book
    assert not re.search(r"\b(Design|Layout|Editing|Art|Ornamentation):", thirty)


def test_no_book_tells_how_it_was_made(player_books):
    """A player book tells the rules: its examples open on their position, as a player would set
    them up, and its Clarifications say the sample game follows them, never how a game was played."""
    channeling = _book(player_books, "the-channeling", "2025")
    assert "From a game" not in channeling
    assert re.search(r"Example: Channeling and canceling\. (Light|Dark) has \d+ cubes? on [a-d][1-4]", channeling)
    grove = _book(player_books, "battle-for-the-grove", "2024")
    assert "played by exactly" not in grove and "the sample game in the appendix follows these answers" in grove


def test_the_grove_leaves_banish_to_the_banisher_and_its_date_as_written(player_books):
    text = _book(player_books, "battle-for-the-grove", "2024")
    assert ("When it sends home some but not all of them, and both standing and lying druids are there, after "
            "the roll you choose which go (our reading, see Clarifications).") in text
    assert "The printed rules let" not in text       # the source is silent on who chooses
    assert "Meeples in two colors work as well as the printed druids" in text
    assert "standing ones first" not in text
    # the source gives no edition name, and a date whose day and month may be either way round: the
    # book quotes it as written, never as a month it would have to guess
    assert "Edition of 12-8-24" in text and "First edition" not in text
    assert not re.search(r"\b(?:August|December) \d", text)


def test_the_groves_readings_are_worded_as_readings_apart_from_what_the_source_settles(player_books):
    """The source settles the stun cap; it is silent on who picks the banished druids, on banishing
    where you have no druid, and on a tied roll for the first turn: those answers come after the
    sub-head that calls them this book's readings and say "We read"."""
    text = _book(player_books, "battle-for-the-grove", "2024")
    clarifications = text[text.rindex("Clarifications The printed rules leave"):]
    settled, readings = re.split(r"This book.s readings", clarifications, maxsplit=1)
    assert "How many druids can one Stun knock down?" in settled and "We read" not in settled
    for question, reading in (("Which druids does a Banish send home?", "We read that the player who banishes chooses."),
                              ("Can you Banish at a circle where you have no druid standing?", "We read yes"),
                              ("Who takes the first turn?", "we read that both roll again")):
        answer = readings[readings.index(question):][:400]
        assert reading in answer, (question, answer)
    assert "roll again on a tie" not in text
    assert "on a tie, we read that you roll again" in text


def test_the_mana_hex_draft_keeps_the_sources_words(player_books):
    text = _book(player_books, "mana-hex", "draft")
    assert "Drain: take 1 mana from the tile your totem is on" in text
    assert "Replenish: put 1 mana from your Mana Reserve on the tile your totem is on" in text
    assert "A Clash happens whenever two or more totems would share a hex" in text
    # the draft leaves open whether trap tokens lie face down: the book never says they do
    assert not re.search(r"[Tt]rap tokens? (lie|lies|is laid|are laid|face down)", text)
    assert "in players’ hands" not in text and "in players' hands" not in text


def test_the_mana_hex_draft_words_banished_once_and_keeps_its_readings_in_clarifications(player_books):
    """The source banishes a totem moved off the board by its own move or anyone else's: the book
    never narrows that to a push; the trap reading is in Clarifications, not in the glossary."""
    text = _book(player_books, "mana-hex", "draft")
    assert "pushed off" not in text
    assert len(re.findall(r"by (your|its) own move or anyone else['’]s", text)) >= 3   # goal, losing, at a glance
    clarifications = text[text.rindex("Clarifications The draft leaves"):]
    assert "The draft leaves the next points unclear" in clarifications
    assert re.search(r"When does a trap spring\? The draft says only .{0,80}We read that a trap springs", clarifications)
    assert text.count("our reading is") + text.count("We read that a trap springs") == 1


def test_no_worked_example_tells_its_move_twice(player_books):
    """An example's own words set the position; the engine's narration tells the move once."""
    text = _book(player_books, "the-channeling", "2025")
    for title, glyph, after in (("Choosing between two shortest Leylines", "Ember", "4. Cancel"),
                                ("Overchanneling", "Root", "Then fill each"), ("Reaching seven cards", "Tide", "Scoring")):
        example = text[text.index(f"Example: {title}."):]
        example = example[:example.index(after)]   # the box, up to the text after it (examples tell no score)
        assert example.count(f"plays {glyph}") == 1, example
