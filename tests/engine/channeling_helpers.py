"""Shared helpers for engine tests: each edition's data, own decks in each edition's ranges,
positions by hand."""
from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pnp_games.channeling import Card, ChannelingOptions, expand_deck
from pnp_games.channeling.cards import Deal
from generator.play.positions import build_position
from generator.play.registry import options_for
from generator.model import load_edition

GLYPHS = ["ember", "stone", "star", "eye", "tide", "root", "moon", "hourglass"]
# with line_assignment="fixed": ember row 1, stone row 2, star row 3, eye row 4,
# tide column a, root column b, moon column c, hourglass column d


def deck_2025() -> list[Card]:
    return [Card(f"M{i}", 4 + i % 4, 3 + (i * 5) % 6) for i in range(36)]


def deck_thirty() -> list[Card]:
    return [Card(f"T{i}", 4 + i % 4, 4 + (i * 3) % 4) for i in range(30)]


def deck_forest() -> list[Card]:
    rings = [Card(f"R{i}", 4 + i % 2, 3 + i % 3, "faerie-ring") for i in range(15)]
    stones = [Card(f"S{i}", 6 + i % 2, 5 + i % 4, "stone-circle") for i in range(15)]
    return rings + stones


class EditionData(NamedTuple):
    options: ChannelingOptions
    deck: tuple[Card, ...]
    glyph_ids: tuple[str, ...]

    @property
    def inputs(self) -> Deal:
        """The engine's inputs (its ``inputs`` hook's answer for the edition)."""
        return Deal(self.deck, self.glyph_ids)


def deal(deck, glyphs=GLYPHS) -> Deal:
    """The engine's inputs for a deck of our own and the glyphs."""
    return Deal(tuple(deck), tuple(glyphs))


@cache
def edition_data(edition: str) -> EditionData:
    """An edition of The Channeling as the CLI reads it from components/: its ``rules:`` as
    options, its deck one card per copy, its glyph ids."""
    ed = load_edition("the-channeling", edition)
    return EditionData(options_for(ed), tuple(expand_deck(ed.deck_entries)), tuple(ed.glyph_ids))


DECKS = {"2025": deck_2025, "thirty": deck_thirty, "forest": deck_forest}
EDITIONS = tuple(DECKS)


def fixed(edition: str = "thirty", **changes) -> ChannelingOptions:
    """Edition options with fixed line labels (and any other changes)."""
    base = edition_data(edition).options.model_dump()
    base.update(line_assignment="fixed", **changes)
    return ChannelingOptions.model_validate(base)


def plain_deck(n: int = 30, vigor: int = 7, splendor: int = 5) -> list[Card]:
    """Cards named by their deck position (C0 is dealt to a1), all alike unless changed."""
    return [Card(f"C{i}", vigor, splendor) for i in range(n)]


def board(options: ChannelingOptions, deck: list[Card], *, cubes: dict[str, int] | None = None,
          **position):
    """A game dealt in deck order (no shuffle), changed by the public position builder: signed
    cubes (+Light, -Dark) and any other key it takes (taken, hand, overchanneling, ...);
    supplies follow so the cube accounting holds."""
    return build_position("channeling", options, {"cubes": cubes or {}, **position}, deal(deck))


def cube_total(s, p: int) -> int:
    sign = 1 - 2 * p
    on_cards = sum(v * sign for v in s._cubes if v * sign > 0)
    return s.supply(p) + on_cards + s.overchanneling(p)


def play_random_turn(s, rng) -> None:
    """One whole turn (or setup hide) of uniformly random decisions; refills from the top of the deck."""
    done = len(s.history)
    while len(s.history) == done and not s.is_terminal():
        s.apply_action(s.sample_chance() if s.current_player < 0 else rng.choice(s.legal_actions()))
