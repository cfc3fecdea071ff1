"""Battle for the Grove: rules with dice as explicit chance, notation, agents and a simulation runner."""
from generator.engine.grove.actions import Action, format_action, parse_action
from generator.engine.grove.options import GroveOptions
from generator.engine.grove.positions import position
from generator.engine.grove.state import CHANCE, DARK, LIGHT, TERMINAL, State, new_game, replay

__all__ = ["Action", "CHANCE", "DARK", "GroveOptions", "LIGHT", "State", "TERMINAL", "format_action", "new_game",
           "parse_action", "position", "replay"]
