"""The facts fixed for a whole game of The Channeling (its options, grid, cards, glyphs and their
lines, decision ids), shared by every state of the game and every clone."""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from pnp_games.channeling.cards import Card
from pnp_games.channeling.decisions import DecisionIds
from pnp_games.channeling.geometry import Geometry, geometry
from pnp_games.channeling.options import ChannelingOptions


class Static:
    """Facts fixed for a whole game, shared by every clone of its states."""

    __slots__ = ("options", "geo", "n", "cells", "all_cells", "cards", "vig", "spl", "basis",
                 "glyphs", "gidx", "gline", "gmask", "full", "hidden", "pm", "ps", "pb",
                 "in_line", "trigger", "turn_cap", "cubes", "line_glyph", "deck_order", "ids")

    def __init__(self, options: ChannelingOptions, cards: Sequence[Card], glyphs: Sequence[str],
                 gline: Sequence[int], deck_order: Sequence[int]):
        self.options = options
        self.geo: Geometry = geometry(options.grid_size)
        self.n = options.grid_size
        self.cells = self.n * self.n
        self.all_cells = (1 << self.cells) - 1
        self.cards = tuple(cards)
        self.vig = tuple(c.vigor for c in cards)
        self.spl = tuple(c.splendor for c in cards)
        by_vigor = options.cubes_returned_basis == "vigor"
        self.basis = self.vig if by_vigor else self.spl
        self.glyphs = tuple(glyphs)
        self.gidx = {g: i for i, g in enumerate(glyphs)}
        self.gline = tuple(gline)
        self.gmask = tuple(self.geo.line_masks[line] for line in gline)
        self.line_glyph = tuple(self.gline.index(line) for line in range(2 * self.n))
        self.full = (1 << len(glyphs)) - 1
        self.hidden = options.hidden_glyphs
        self.pm = options.placement_moved
        self.ps = options.placement_stationary
        self.pb = options.placement_between
        self.in_line = options.move_origin == "in_line"
        self.trigger = options.end_trigger_cards
        self.turn_cap = options.turn_cap
        self.cubes = options.cubes_per_player
        self.deck_order = tuple(deck_order)
        self.ids = _ids(self.glyphs, self.hidden, self.geo.names, len(cards))


@lru_cache(maxsize=64)
def _ids(glyphs: tuple[str, ...], hidden: int, names: tuple[str, ...], deck_size: int) -> DecisionIds:
    return DecisionIds(glyphs, hidden, names, deck_size)
