"""Battle for the Grove as an OpenSpiel Python game: ``pyspiel.load_game("battle_for_the_grove")``
once this module is imported. Needs the ``frameworks`` extra (``open-spiel``).

A thin layer over the engine's ``State``: ids from ``grove_ids``, dice as explicit chance nodes
(the engine's own distributions), observations from ``grove_features``. Game parameters are the
rule options (``pyspiel.load_game("battle_for_the_grove", {"turn_cap": 100})``).
"""
from __future__ import annotations

import numpy as np
import pyspiel

from ..grove.options import GroveOptions
from ..grove.state import CHANCE, State
from .grove_features import feature_size, features, text
from .grove_ids import ids_for

SHORT_NAME = "battle_for_the_grove"
# the options OpenSpiel can pass as parameters (ints, bools and strings) with their defaults
PARAMETERS = {k: v for k, v in GroveOptions().model_dump().items() if isinstance(v, (int, bool, str))}


def _game_type() -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAME, long_name="Battle for the Grove",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=PARAMETERS)


class GroveGame(pyspiel.Game):
    """The game for one set of rule options."""

    def __init__(self, params=None):
        self.options = GroveOptions.model_validate({**PARAMETERS, **(params or {})})
        self.ids = ids_for(self.options)
        # each turn is at most two actions and two rolls; the first-player roll repeats on ties
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ids.num_distinct_actions,
            max_chance_outcomes=self.ids.max_chance_outcomes, num_players=2,
            min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=4 * self.options.turn_cap + 100)
        super().__init__(_game_type(), info, params or {})

    def new_initial_state(self):
        return GroveSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return GroveObserver(self.options, params)


class GroveSpielState(pyspiel.State):
    """An OpenSpiel state wrapping the engine's ``State`` (``self.grove``)."""

    def __init__(self, game: GroveGame, grove: State | None = None):
        super().__init__(game)
        self.ids = game.ids
        self.grove = grove if grove is not None else State(game.options)

    def current_player(self):
        p = self.grove.current_player
        if self.grove.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return pyspiel.PlayerId.CHANCE if p == CHANCE else p

    def _legal_actions(self, player):
        return sorted(self.ids.id_of(a) for a in self.grove.legal_actions())

    def chance_outcomes(self):
        return sorted((self.ids.id_of(a), p) for a, p in self.grove.chance_outcomes())

    def _apply_action(self, action):
        self.grove.apply_action(self.ids.action(action, chance=self.is_chance_node()))

    def _action_to_string(self, player, action):
        return str(self.ids.action(action, chance=player == pyspiel.PlayerId.CHANCE))

    def is_terminal(self):
        return self.grove.is_terminal()

    def returns(self):
        return self.grove.returns()

    def __str__(self):
        return str(self.grove)

    def __deepcopy__(self, memo):
        return GroveSpielState(self.get_game(), self.grove.clone())


class GroveObserver:
    """OpenSpiel's PyObserver: ``tensor`` and ``dict`` views, filled by ``set_from``."""

    def __init__(self, options: GroveOptions, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = np.zeros(feature_size(options.circles), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GroveSpielState, player: int) -> None:
        self.tensor[:] = features(state.grove, player)

    def string_from(self, state: GroveSpielState, player: int) -> str:
        return text(state.grove, player)


pyspiel.register_game(_game_type(), GroveGame)
