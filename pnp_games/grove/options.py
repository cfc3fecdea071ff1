"""Rule options of Battle for the Grove: each number of the rules and each reading of an open
question is one named field, with the default the project takes.

``GroveOptions.model_validate(rules)`` turns an edition's ``rules:`` mapping into options;
unknown keys and bad values are rejected.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from generator.play.options_base import RuleOptions, turn_cap_field


class GroveOptions(RuleOptions):
    """Rule options for Battle for the Grove (defaults: the rules as published, seed 003)."""

    druids_per_player: int = Field(6, ge=1, le=12, description=(
        "Druids each player owns; all start lying down in the Grove."))
    cubes_per_player: int = Field(19, ge=1, le=200, description="Energy cubes in each player's supply at the start.")
    circles: int = Field(3, ge=2, le=6, description=(
        "Magic Circle tokens set around the Grove, named A, B, C and so on."))
    circles_to_win: int = Field(2, ge=1, le=6, description=(
        "Circles a player must control when their turn starts to win."))
    control_at: int = Field(7, ge=1, le=100, description=(
        "Cubes of one color on a circle that give that player control of it."))
    dice: int = Field(3, ge=1, le=6, description="Dice rolled for Channel, Stun, Banish and the first player.")
    die_sides: int = Field(6, ge=2, le=20, description="Faces of each die, numbered from 1.")
    banish_on: int = Field(6, ge=1, le=20, description=(
        "A die showing at least this sends one opposing druid home (the rules: each 6)."))
    stand_bonus_at_grove: bool = Field(True, description=(
        "Standing a druid up in the Grove grants one more action that turn."))
    actions_per_turn: int = Field(2, ge=1, le=2, description=(
        "Most actions in one turn, counting the one granted by standing up in the Grove."))
    stun_cap: Literal["standing_druids"] = Field("standing_druids", description=(
        "Stun counts at most as many successes as the player has standing druids at that circle."))
    banish_order: Literal["banisher_chooses", "standing_first", "lying_first"] = Field("banisher_chooses", description=(
        "Who picks which opposing druids a Banish sends home when it hits some but not all of them and "
        "both standing and lying ones are there: the rules leave it open, and by default the banishing "
        "player chooses after the roll (how many standing, how many lying); standing_first and "
        "lying_first fix the order instead, with no choice."))
    banish_needs_standing_druid: bool = Field(False, description=(
        "Open question: must the banishing player have a standing druid at the circle? The rules "
        "name only the place of an action ('at either a Magic Circle or The Grove'), not a presence, "
        "so by default Banish may be taken at any circle; true is the stricter reading, where Banish, "
        "like Channel and Stun, needs one of the player's standing druids there."))
    move_to_grove: bool = Field(False, description=(
        "Whether Move may take druids back to the Grove; the rules name only Grove to circle and "
        "circle to circle, so it may not."))
    short_supply: Literal["cap"] = Field("cap", description=(
        "A Channel places no more cubes than the player still has in supply."))
    no_legal_action: Literal["pass"] = Field("pass", description=(
        "A player with no legal action passes the turn."))
    first_player: Literal["dice", "light"] = Field("dice", description=(
        "Who starts: the higher total on the dice (ties rolled again), or always Light."))
    turn_cap: int = turn_cap_field(600)

    @model_validator(mode="after")
    def _check(self) -> "GroveOptions":
        if self.circles_to_win > self.circles:
            raise ValueError(f"circles_to_win ({self.circles_to_win}) exceeds circles ({self.circles})")
        if self.banish_on > self.die_sides:
            raise ValueError(f"banish_on ({self.banish_on}) exceeds die_sides ({self.die_sides})")
        return self
