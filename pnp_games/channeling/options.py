"""Rule options of The Channeling: every edition difference and open question is one named field.

The values of each edition live in its data (``rules:`` of ``components/<game>/editions/<id>.yaml``);
``registry.options_for(edition)`` turns that mapping into options, rejecting unknown keys and bad
values with the file and line. The defaults are the 2025 edition's values.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from generator.play.options_base import RuleOptions, turn_cap_field

TieBreaker = Literal["fewer_cards", "second_player"]


class ChannelingOptions(RuleOptions):
    """Rule options for one edition of The Channeling (defaults: the 2025 edition)."""

    grid_size: int = Field(4, ge=4, le=8, description=(
        "Cards along each side of the grid, which has as many rows as columns; the size is even so "
        "four center cards exist."))
    hand_size: int = Field(8, ge=8, le=16, description=(
        "Glyph cards each player holds; one per grid line, so always twice the grid size."))
    hidden_glyphs: int = Field(3, ge=0, le=15, description=(
        "Glyphs each player sets face down whenever a fresh hand starts; they cannot be played "
        "until the hand comes back (0 means every glyph is playable)."))
    druids_per_player: int = Field(2, ge=2, le=2, description=(
        "Druid tokens per player; the Leyline runs between a player's two druids, so this is 2."))
    cubes_per_player: int = Field(50, ge=0, le=10_000, description="Energy cubes in each player's supply at the start.")
    end_trigger_cards: int = Field(7, ge=1, le=100, description=(
        "Cards a player must hold to start the end: the opponent then has one last turn."))
    placement_moved: int = Field(3, ge=0, le=100, description=(
        "Cubes laid on the card under the druid that moved this turn."))
    placement_stationary: int = Field(2, ge=0, le=100, description=(
        "Cubes laid on the card under the player's other druid, the one that stayed."))
    placement_between: int = Field(1, ge=0, le=100, description=(
        "Cubes laid on each card of the Leyline between the two druids."))
    cubes_returned_basis: Literal["vigor", "splendor"] = Field("vigor", description=(
        "On taking a card, this many of the taker's cubes on it (its Vigor or its Splendor, "
        "never more than there are) go back to the supply; the rest are kept as Overchanneling."))
    overchanneling_basis: Literal["vigor", "splendor"] = Field("vigor", description=(
        "What the edition's own text says Overchanneling is counted beyond; only the validator "
        "reads it, to warn when it disagrees with cubes_returned_basis."))
    line_assignment: Literal["shuffled", "fixed"] = Field("shuffled", description=(
        "How the Green glyphs are matched to rows and columns: shuffled at setup with the game's seed, "
        "or fixed (first half of the glyph list labels rows top to bottom, second half columns "
        "left to right)."))
    druid_start: Literal["light_main_diagonal", "dark_main_diagonal"] = Field(
        "light_main_diagonal", description=(
            "Which color starts on the top-left and bottom-right center cards; the other color "
            "takes the remaining two center cards."))
    move_origin: Literal["anywhere", "in_line"] = Field("anywhere", description=(
        "Where the moving druid may start: anywhere on the grid (only its destination must lie "
        "in the glyph's line), or only on a card already in that line."))
    no_legal_move: Literal["spend_glyph"] = Field("spend_glyph", description=(
        "When no glyph the player could play allows a move, one glyph is played without effect "
        "and the turn ends with no cubes laid."))
    path_choice: Literal["any_shortest"] = Field("any_shortest", description=(
        "The mover picks any shortest orthogonal Leyline; it may cross cards holding druids of "
        "either color and empty places."))
    short_supply: Literal["lay_in_path_order"] = Field("lay_in_path_order", description=(
        "With too few cubes in supply, cubes go down along the Leyline starting at the moved "
        "druid's card until the supply is empty."))
    refill_order: Literal["taker_chooses"] = Field("taker_chooses", description=(
        "When several cards are taken in one turn, the taker names the order in which their "
        "places are refilled from the top of the deck; druids stay where they are."))
    empty_spot: Literal["stays_empty"] = Field("stays_empty", description=(
        "A place that cannot be refilled because the deck is empty stays empty: no druid may "
        "stop there, a Leyline may cross it, and it never holds cubes."))
    turn_cap: int = turn_cap_field(200)
    tie_breakers: tuple[TieBreaker, ...] = Field(("fewer_cards", "second_player"), description=(
        "How equal scores are settled, in order: fewer cards taken wins, then the player who "
        "moved second (Dark) wins; if none applies the game is a draw."))

    @model_validator(mode="after")
    def _check_consistency(self) -> "ChannelingOptions":
        if self.grid_size % 2:
            raise ValueError(f"grid_size must be even (four center cards), got {self.grid_size}")
        if self.hand_size != 2 * self.grid_size:
            raise ValueError(
                f"hand_size must be twice grid_size ({2 * self.grid_size}), got {self.hand_size}")
        if self.hidden_glyphs >= self.hand_size:
            raise ValueError(
                f"hidden_glyphs must be smaller than hand_size ({self.hand_size}), "
                f"got {self.hidden_glyphs}")
        if len(set(self.tie_breakers)) != len(self.tie_breakers):
            raise ValueError(f"tie_breakers lists a rule twice: {list(self.tie_breakers)}")
        return self

