"""The Channeling: rules engine for all editions (options), agents and notation."""
from .actions import Action, format_action, make_action, parse_action
from .cards import Card, expand_deck
from .options import ChannelingOptions
from .players import CHANCE, DARK, LIGHT, PLAYER_NAMES, TERMINAL
from .setup import new_game
from .state import State

__all__ = ["Action", "CHANCE", "Card", "ChannelingOptions", "DARK", "LIGHT", "PLAYER_NAMES", "State",
           "TERMINAL", "expand_deck", "format_action", "make_action", "new_game", "parse_action"]
