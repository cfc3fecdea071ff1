"""Rule options: defaults, editions, validation, documentation."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from generator.engine.channeling import ChannelingOptions, edition_options
from generator.engine.channeling.cards import Card, expand_deck


def test_defaults_are_the_2025_edition():
    o = ChannelingOptions()
    assert (o.grid_size, o.hand_size, o.hidden_glyphs, o.cubes_per_player,
            o.end_trigger_cards) == (4, 8, 3, 50, 7)
    assert (o.placement_moved, o.placement_stationary, o.placement_between) == (3, 2, 1)
    assert o.cubes_returned_basis == "vigor" and o.tie_breakers == ("fewer_cards", "second_player")
    assert edition_options("2025") == o


def test_editions():
    assert edition_options("thirty").hidden_glyphs == 0
    assert edition_options("thirty").cubes_returned_basis == "splendor"
    assert edition_options("thirty").overchanneling_basis == "vigor"
    assert edition_options("forest").overchanneling_basis == "splendor"
    with pytest.raises(ValueError, match="unknown edition"):
        edition_options("1999")


def test_every_option_is_described():
    for name, field in ChannelingOptions.model_fields.items():
        assert field.description and len(field.description) > 20, name


@pytest.mark.parametrize("bad", [{"nope": 1}, {"grid_size": 5}, {"hand_size": 6},
                                 {"hidden_glyphs": 8}, {"cubes_returned_basis": "petals"},
                                 {"tie_breakers": ["fewer_cards", "fewer_cards"]},
                                 {"druids_per_player": 3}, {"turn_cap": 0}])
def test_invalid_options(bad):
    with pytest.raises(ValidationError):
        ChannelingOptions.model_validate(bad)


def test_frozen_and_yaml_lists():
    o = ChannelingOptions.model_validate({"tie_breakers": ["second_player"]})
    assert o.tie_breakers == ("second_player",)
    with pytest.raises(ValidationError):
        o.grid_size = 6  # type: ignore[misc]
    assert ChannelingOptions.model_validate({"grid_size": 6, "hand_size": 12}).grid_size == 6


def test_expand_deck():
    class E:
        def __init__(self, name, vigor, splendor, count, type=None):
            self.name, self.vigor, self.splendor, self.count = name, vigor, splendor, count
            if type:
                self.type = type
    deck = expand_deck([E("Ring", 4, 3, 2, "faerie-ring"), E("Stone", 7, 8, 1)])
    assert deck == [Card("Ring", 4, 3, "faerie-ring")] * 2 + [Card("Stone", 7, 8)]
    with pytest.raises(ValueError):
        expand_deck([E("Bad", 0, 3, 1)])
    with pytest.raises(ValueError):
        expand_deck([E("Bad", 4, 3, -1)])
