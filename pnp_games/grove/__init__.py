"""Battle for the Grove: rules with dice as explicit chance, notation, agents and its own figures."""
from pnp_games.grove.actions import Action, format_action, parse_action
from pnp_games.grove.options import GroveOptions
from pnp_games.grove.positions import position
from pnp_games.grove.state import CHANCE, DARK, LIGHT, TERMINAL, State, new_game, replay

__all__ = ["Action", "CHANCE", "DARK", "GroveOptions", "LIGHT", "State", "TERMINAL", "format_action", "new_game",
           "parse_action", "position", "replay"]
