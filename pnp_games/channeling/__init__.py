"""The Channeling: rules engine for all editions (options), agents and notation."""
from pnp_games.channeling.actions import Action, format_action, make_action, parse_action
from pnp_games.channeling.cards import Card, expand_deck
from pnp_games.channeling.options import ChannelingOptions
from pnp_games.channeling.players import CHANCE, DARK, LIGHT, PLAYER_NAMES, TERMINAL
from pnp_games.channeling.setup import new_game
from pnp_games.channeling.state import State

__all__ = ["Action", "CHANCE", "Card", "ChannelingOptions", "DARK", "LIGHT", "PLAYER_NAMES", "State",
           "TERMINAL", "expand_deck", "format_action", "make_action", "new_game", "parse_action"]
