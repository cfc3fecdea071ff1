"""Card records handed to the engine, expansion of a counted deck list, and the engine's inputs from
an edition (its deck and its glyphs)."""
from __future__ import annotations

from typing import Any, Iterable, NamedTuple, Protocol


class Card(NamedTuple):
    """One card of the deck: what the engine needs to know about it."""

    name: str
    vigor: int
    splendor: int
    kind: str = ""


class DeckEntry(Protocol):
    """A distinct card and how many copies of it the deck holds."""

    name: str
    vigor: int
    splendor: int
    count: int


def expand_deck(entries: Iterable[DeckEntry]) -> list[Card]:
    """One ``Card`` per copy, in the order of ``entries``.

    An entry may carry ``kind`` (or ``type``) naming its card type; it is copied when present.

    >>> from types import SimpleNamespace as E
    >>> expand_deck([E(name="Ring", vigor=4, splendor=3, count=2)])
    [Card(name='Ring', vigor=4, splendor=3, kind=''), Card(name='Ring', vigor=4, splendor=3, kind='')]

    :raises ValueError: on a negative count or a Vigor below 1.
    """
    deck: list[Card] = []
    for entry in entries:
        count = int(entry.count)
        if count < 0:
            raise ValueError(f"card {entry.name!r}: count must not be negative, got {count}")
        vigor, splendor = int(entry.vigor), int(entry.splendor)
        if vigor < 1:
            raise ValueError(f"card {entry.name!r}: vigor must be at least 1, got {vigor}")
        kind = getattr(entry, "kind", None) or getattr(entry, "type", None) or ""
        card = Card(str(entry.name), vigor, splendor, str(kind))
        deck.extend([card] * count)
    return deck


class Deal(NamedTuple):
    """What The Channeling reads from an edition besides its rules: the deck, one card per copy, and
    the glyph ids."""

    deck: tuple[Card, ...]
    glyph_ids: tuple[str, ...]

    def key(self) -> dict[str, Any]:
        """What changes a game: each card's numbers and type, in deck order (not its name), and the glyphs."""
        return {"deck": [[c.vigor, c.splendor, c.kind] for c in self.deck], "glyphs": list(self.glyph_ids)}


def deal_of(edition: Any) -> Deal:
    """The engine's inputs from an edition (``EngineSpec.inputs``): its deck expanded, its glyph ids.

    :raises ValueError: on a deck the engine cannot play (see ``expand_deck``).
    """
    return Deal(tuple(expand_deck(edition.deck_entries)), tuple(edition.glyph_ids))
