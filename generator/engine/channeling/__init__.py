"""The Channeling: rules engine for all editions (options), agents and notation."""
from .actions import Action, format_action, make_action, parse_action
from .cards import Card, expand_deck
from .options import EDITION_RULES, ChannelingOptions, edition_options
from .state import DARK, LIGHT, PLAYER_NAMES, TERMINAL, State, new_game

__all__ = ["Action", "Card", "ChannelingOptions", "DARK", "EDITION_RULES", "LIGHT",
           "PLAYER_NAMES", "State", "TERMINAL", "edition_options", "expand_deck",
           "format_action", "make_action", "new_game", "parse_action"]
