"""Rule options: defaults, editions' data, validation, documentation."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from channeling_helpers import edition_data
from pnp_games.channeling import ChannelingOptions, new_game
from pnp_games.channeling.agents import GreedyAgent
from pnp_games.channeling.cards import Card, expand_deck


def test_defaults_are_the_2025_edition():
    o = ChannelingOptions()
    assert (o.grid_size, o.hand_size, o.hidden_glyphs, o.cubes_per_player,
            o.end_trigger_cards) == (4, 8, 3, 50, 7)
    assert (o.placement_moved, o.placement_stationary, o.placement_between) == (3, 2, 1)
    assert o.cubes_returned_basis == "vigor" and o.tie_breakers == ("fewer_cards", "second_player")
    assert edition_data("2025").options == o


@pytest.mark.parametrize("edition, hidden, returned, overchanneling, cards", [
    ("2025", 3, "vigor", "vigor", 36),
    ("thirty", 0, "splendor", "vigor", 30),
    ("forest", 0, "splendor", "splendor", 30),
])
def test_editions_data(edition, hidden, returned, overchanneling, cards):
    """Each edition's rules: block (its YAML, as the CLI reads it) gives the options the rule
    notes describe, and its real deck and glyphs play a game to the end."""
    data = edition_data(edition)
    o = data.options
    assert (o.hidden_glyphs, o.cubes_returned_basis, o.overchanneling_basis) == \
        (hidden, returned, overchanneling)
    assert len(data.deck) == cards and len(data.glyph_ids) == o.hand_size
    state = new_game(o, data.deck, data.glyph_ids, 3)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    while not state.is_terminal():
        state.apply_action(agents[state.current_player].choose(state))
    assert not state.is_stalled() and len(state.taken(0)) + len(state.taken(1)) > 0


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
