"""The Channeling: rules engine for all editions (options), agents and notation."""
from generator.engine.channeling.actions import Action, format_action, make_action, parse_action
from generator.engine.channeling.cards import Card, expand_deck
from generator.engine.channeling.options import ChannelingOptions
from generator.engine.channeling.players import CHANCE, DARK, LIGHT, PLAYER_NAMES, TERMINAL
from generator.engine.channeling.setup import new_game
from generator.engine.channeling.state import State

__all__ = ["Action", "CHANCE", "Card", "ChannelingOptions", "DARK", "LIGHT", "PLAYER_NAMES", "State",
           "TERMINAL", "expand_deck", "format_action", "make_action", "new_game", "parse_action"]
