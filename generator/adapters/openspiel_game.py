"""Every engine with a framework binding as an OpenSpiel Python game (the ``frameworks`` extra).

Importing this module registers each registered engine whose ``EngineSpec`` names a binding, so
``pyspiel.load_game(short_name, {"turn_cap": 100})`` works; the game's parameters are
its rule options. ``register(engine)`` registers one engine explicitly (and says why it cannot).
The classes here only translate: ids, chance outcomes, returns and views all come from the
binding (see ``binding``), so one adapter serves every engine.
"""
from __future__ import annotations

import warnings

import numpy as np
import pyspiel

from generator.adapters.binding import CHANCE, PERFECT, TERMINAL, BindingError, FrameworkBinding, binding_for, bound_engines

_registered: dict[str, str] = {}  # engine name -> OpenSpiel short name


def game_type(binding: FrameworkBinding) -> pyspiel.GameType:
    """The OpenSpiel game type of a binding (chance and utility read from its default game)."""
    default = binding.configure({})
    players = len(binding.player_names)
    chance = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if default.max_chance_outcomes
              else pyspiel.GameType.ChanceMode.DETERMINISTIC)
    information = (pyspiel.GameType.Information.PERFECT_INFORMATION if binding.information == PERFECT
                   else pyspiel.GameType.Information.IMPERFECT_INFORMATION)
    utility = (pyspiel.GameType.Utility.GENERAL_SUM if default.utility_sum is None
               else pyspiel.GameType.Utility.ZERO_SUM if default.utility_sum == 0
               else pyspiel.GameType.Utility.CONSTANT_SUM)
    return pyspiel.GameType(
        short_name=binding.short_name, long_name=binding.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL, chance_mode=chance, information=information,
        utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players, min_num_players=players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(binding.parameters))


class BoundSpielGame(pyspiel.Game):
    """An OpenSpiel game over a binding; ``register`` makes one subclass per engine."""

    binding: FrameworkBinding
    spiel_type: pyspiel.GameType

    def __init__(self, params=None):
        self.bound = self.binding.configure(params or {})
        b = self.bound
        info = pyspiel.GameInfo(
            num_distinct_actions=b.num_distinct_actions, max_chance_outcomes=b.max_chance_outcomes,
            num_players=len(self.binding.player_names), min_utility=b.min_utility,
            max_utility=b.max_utility, utility_sum=b.utility_sum, max_game_length=b.max_game_length)
        super().__init__(self.spiel_type, info, params or {})

    def new_initial_state(self):
        return BoundSpielState(self)

    def initial_bound_state(self):
        """A fresh binding state: a clone of one made once per game (setup is not repeated)."""
        initial = self.__dict__.get("_initial")
        if initial is None:
            initial = self._initial = self.bound.new_initial_state()
        return initial.clone()

    def make_py_observer(self, iig_obs_type=None, params=None):
        return BoundObserver(self.bound, self.binding.information, iig_obs_type, params)


class MutableState:
    """The binding's state, the one part of a state a clone copies: a deep copy is its
    ``clone()`` (the binding's own cheap copy, sharing the game's tables)."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo):
        return MutableState(self.state.clone())


class BoundSpielState(pyspiel.State):
    """An OpenSpiel state over a binding's state (``self.bound``).

    OpenSpiel clones a Python state by making a new initial state and deep-copying each attribute
    of the original into it (and serialises one by pickling them). The one attribute is therefore
    ``_mutable``, the binding state, deep-copied with its own ``clone()`` (which shares the bound
    game and its tables); the game is reached through ``get_game()``, never copied, and a new
    state makes its binding state only when first asked for, so a clone sets up no game it would
    throw away.
    """

    def __init__(self, game: BoundSpielGame, bound=None):
        super().__init__(game)
        self._mutable = None if bound is None else MutableState(bound)

    @property
    def bound(self):
        mutable = self._mutable
        if mutable is None:
            mutable = self._mutable = MutableState(self.get_game().initial_bound_state())
        return mutable.state

    @property
    def game_bound(self):
        return self.get_game().bound

    def current_player(self):
        player = self.bound.current_player()
        if player == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        return pyspiel.PlayerId.CHANCE if player == CHANCE else player

    def _legal_actions(self, player):
        return self.bound.legal_actions()

    def chance_outcomes(self):
        return self.bound.chance_outcomes()

    def _apply_action(self, action):
        self.bound.apply(int(action))

    def _action_to_string(self, player, action):
        return self.game_bound.action_to_string(int(action), player == pyspiel.PlayerId.CHANCE)

    def is_terminal(self):
        return self.bound.is_terminal()

    def returns(self):
        return list(self.bound.returns())

    def __str__(self):
        return str(self.bound)

    def __deepcopy__(self, memo):
        return BoundSpielState(self.get_game(), self.bound.clone())


class BoundObserver:
    """OpenSpiel's PyObserver: the binding's observation tensor and string, or its information
    state string when asked for perfect recall (no information-state tensor is provided). A game
    with hidden information offers only a player's own view: public-only or all-private
    observations are refused rather than approximated."""

    def __init__(self, bound, information: str, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if information != PERFECT and iig_obs_type is not None and not (
                iig_obs_type.public_info and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("only a player's own view (public and its own private information) is offered")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(0 if self.perfect_recall else bound.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BoundSpielState, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[:] = state.bound.observation_tensor(player)

    def string_from(self, state: BoundSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.bound.information_state_string(player)
        return state.bound.observation_string(player)


def register(engine: str) -> str:
    """Register one engine's binding with OpenSpiel (once); its OpenSpiel short name.

    :raises BindingError: for an engine without a usable binding.
    """
    if engine not in _registered:
        binding = binding_for(engine)
        if binding.short_name in pyspiel.registered_names():
            raise BindingError(f"rules engine {engine!r}: OpenSpiel already has a game called "
                               f"{binding.short_name!r}; choose another short_name")
        spiel_type = game_type(binding)
        name = "".join(part.title() for part in binding.short_name.split("_")) + "Game"
        game_class = type(name, (BoundSpielGame,), {"binding": binding, "spiel_type": spiel_type})
        pyspiel.register_game(spiel_type, game_class)
        _registered[engine] = binding.short_name
    return _registered[engine]


def register_all() -> list[str]:
    """Register every engine that names a binding; a broken plug-in is a warning, not a stop."""
    engines, problems = bound_engines()
    names = []
    for engine in engines:
        try:
            names.append(register(engine))
        except BindingError as exc:
            problems.append(str(exc))
    for problem in problems:
        warnings.warn(problem, stacklevel=2)
    return names


register_all()
